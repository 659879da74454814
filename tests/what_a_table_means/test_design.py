"""The experiment's design, taken from the columns and options, said, and read by the tests
that accept it; scores filled in from another model are never compared as real ones."""

import json

import numpy as np
import pytest

from sklearn_bayescmp import ScoreTable, compare_models
from sklearn_bayescmp.cli import main
from sklearn_bayescmp.exceptions import MissingScoresWarning
from sklearn_bayescmp.stats import get_backend
from sklearn_bayescmp.tables._words import reading_text
from tests._messages import naming

from .._tables import csv_file


def _rows(split="seed", datasets=("mnist",), n=10, seed=0):
    """Ten training seeds of two models on one fixed split of each data set."""
    rng = np.random.default_rng(seed)
    return [
        (dataset, model, s, round(0.9 + 0.01 * (model == "a") + rng.normal(0, 0.003), 5))
        for dataset in datasets
        for model in ("a", "b")
        for s in range(n)
    ]


def _seeds(**options):
    return ScoreTable.read_csv(csv_file(("dataset", "model", "seed", "score"), _rows()), **options)


def test_a_seed_column_says_training_seeds_on_one_split():
    table = _seeds(split="seed")
    assert table.design == "seeds"
    assert "the splits are training seeds on one split (column 'seed')" in reading_text(
        table.reading
    )
    witness = table.reading.witness("design")
    assert (witness.by, witness.value) == ("name", "seeds")


def test_the_correlated_t_tests_refuse_seeds_and_say_why():
    table = _seeds(split="seed", test_train_ratio=1 / 4)
    for test in ("bayesian_correlated_t", "corrected_t"):
        with pytest.raises(ValueError) as caught:
            compare_models(table, test=test)
        message = str(caught.value)
        assert "this table holds training seeds on one split (column 'seed')" in message
        assert "no overlap of training sets to correct for" in message
        assert "Use test='paired_t'" in message and "design=..." in message


def test_auto_compares_seeds_on_one_split_with_the_paired_t_test_and_the_report_says_so():
    comparison = compare_models(_seeds(split="seed"))
    assert comparison.test == "paired_t"
    text = comparison.report()
    assert "scores of training seeds on one train/test split" in " ".join(text.split())
    assert "cross-validation scores" not in text


def test_seeds_over_data_sets_are_read_by_the_tests_of_means_only():
    rows = _rows(datasets=("mnist", "cifar", "svhn", "fashion"))
    table = ScoreTable.read_csv(
        csv_file(("dataset", "model", "seed", "score"), rows), split="seed", test_train_ratio=1 / 4
    )
    assert compare_models(table, random_state=0).test == "signed_rank"
    for test in ("poisson", "hierarchical"):
        with pytest.raises(ValueError, match="training seeds on one split"):
            compare_models(table, test=test)
    assert "seeds" in get_backend("signed_rank").designs
    assert "seeds" not in get_backend("poisson").designs


def test_the_user_s_design_wins_and_is_said():
    table = _seeds(split="seed", design="cross-validation", test_train_ratio=1 / 9)
    assert table.design == "cross-validation"
    witness = table.reading.witness("design")
    assert (witness.by, witness.source, witness.name, witness.found) == (
        "option",
        "option",
        "design",
        "cross-validation",
    )
    rows = [(d, m, f, s) for d, m, f, s in _rows()]
    folds = ScoreTable.read_csv(
        csv_file(("dataset", "model", "fold", "score"), rows), design="seeds", test_train_ratio=1
    )
    assert folds.design == "seeds"


@pytest.mark.parametrize("design", ["means", "bootstrap"])
def test_a_design_the_values_or_the_names_contradict_is_refused(design):
    with pytest.raises(ValueError, match="design"):
        _seeds(split="seed", design=design)


def test_a_resample_column_says_train_test_resamples_and_their_reference():
    rows = _rows(datasets=("mnist",))
    table = ScoreTable.read_csv(
        csv_file(("dataset", "model", "resample", "score"), rows), test_train_ratio=1 / 4
    )
    assert table.design == "resamples"
    comparison = compare_models(table)
    assert comparison.reference.test == "corrected_resampled_t"


def test_the_command_says_the_design_and_names_the_option(tmp_path, capsys):
    path = tmp_path / "seeds.csv"
    path.write_text(
        "dataset,model,seed,score\n" + "".join(",".join(map(str, r)) + "\n" for r in _rows())
    )
    assert main(["compare", str(path), "--split-col", "seed", "--json"]) == 0
    out, err = capsys.readouterr()
    report = json.loads(out)
    assert report["design"] == "seeds" and report["test"] == "paired_t"
    assert "training seeds on one split" in err
    status = main(["compare", str(path), "--split-col", "seed", "--test", "bayesian_correlated_t"])
    assert status == 2
    err = capsys.readouterr().err
    assert "--design NAME" in err and "Use --test paired_t" in err
    assert (
        main(
            [
                "compare",
                str(path),
                "--split-col",
                "seed",
                "--design",
                "cross-validation",
                "--test-train-ratio",
                "1/9",
            ]
        )
        == 0
    )


def _tabarena(imputed):
    """Per-split results with TabArena's ``imputed`` flag: KNN's failed folds filled in."""
    rng = np.random.default_rng(0)
    rows = []
    for task in ("credit-g", "adult", "wine"):
        for method in ("CatBoost", "KNN"):
            for fold in range(4):
                filled = imputed and method == "KNN" and fold == 3
                error = 0.1 * (1.6 if method == "KNN" else 1.0) * (1 + rng.normal(0, 0.02))
                rows.append((method, task, fold, round(error, 5), filled))
    return ("method", "dataset", "fold", "error", "imputed"), rows


def test_filled_in_scores_are_refused_until_kept_or_dropped():
    header, rows = _tabarena(imputed=True)
    options = dict(test_train_ratio=1 / 3, greater_is_better=False)
    with pytest.raises(ValueError) as caught:
        ScoreTable.read_csv(csv_file(header, rows), **options)
    assert "column 'imputed' marks 3 of 24 rows as filled-in scores" in str(caught.value)
    assert "imputed='keep'" in str(caught.value) and "imputed='drop'" in str(caught.value)
    with pytest.warns(MissingScoresWarning, match="KNN: 0 failed, 3 missing"):
        dropped = ScoreTable.read_csv(csv_file(header, rows), imputed="drop", **options)
    assert dropped.n_missing == 3 and not dropped.completed("adult")[1, 3]
    assert "left out 3 rows (filled-in scores marked by column 'imputed'" in reading_text(
        dropped.reading
    )
    kept = ScoreTable.read_csv(csv_file(header, rows), imputed="keep", **options)
    assert kept.n_missing == 0 and "3 scores marked as filled in" in reading_text(kept.reading)


def test_a_marker_that_marks_nothing_is_left_out_and_said():
    header, rows = _tabarena(imputed=False)
    table = ScoreTable.read_csv(
        csv_file(header, rows), test_train_ratio=1 / 3, greater_is_better=False
    )
    assert table.reading.left_out[0].reason == "no-imputed"
    with pytest.raises(ValueError, match=naming("imputed='drop'")):
        ScoreTable.read_csv(
            csv_file(header[:4], [row[:4] for row in rows]),
            imputed="drop",
            test_train_ratio=1,
            greater_is_better=False,
        )


def test_a_marker_of_other_values_is_refused():
    header, rows = _tabarena(imputed=False)
    rows = [(*row[:4], "maybe") for row in rows]
    with pytest.raises(ValueError, match=naming("filled-in")):
        ScoreTable.read_csv(csv_file(header, rows), test_train_ratio=1, greater_is_better=False)


def test_the_command_drops_filled_in_scores(tmp_path, capsys):
    header, rows = _tabarena(imputed=True)
    path = tmp_path / "tabarena.csv"
    path.write_text(",".join(header) + "\n" + "".join(",".join(map(str, r)) + "\n" for r in rows))
    options = ["--lower-is-better", "--test-train-ratio", "1/3"]
    assert main(["compare", str(path), *options]) == 2
    assert "--imputed keep" in capsys.readouterr().err
    assert main(["compare", str(path), *options, "--imputed", "drop"]) == 0


@pytest.mark.parametrize("value", ["yes", True, "Drop"])
def test_an_imputed_option_that_is_not_keep_or_drop_is_refused(value):
    header, rows = _tabarena(imputed=True)
    with pytest.raises(ValueError, match="`imputed` must be 'keep' or 'drop'"):
        ScoreTable.read_csv(csv_file(header, rows), imputed=value, test_train_ratio=1)
