"""Cells and columns as people write them: spreads in parentheses, decimal commas, names in
two Unicode forms, scmamp's numeric data-set column, a table with a model on each row."""

import io
import unicodedata

import numpy as np
import pandas as pd
import pytest

from sklearn_bayescmp import ScoreTable
from sklearn_bayescmp._skore import cross_validation_reports
from sklearn_bayescmp.cli import main
from sklearn_bayescmp.tables._spec import Witness
from sklearn_bayescmp.tables._words import reading_text
from tests._messages import naming

from .._tables import DATASETS, csv_file, csv_text, paper_scores, wide_rows

SCORES = paper_scores(n_models=2)


def _plain():
    return ScoreTable.read_csv(
        csv_file(("dataset", "CatBoost", "LightGBM"), wide_rows(SCORES)), greater_is_better=True
    )


@pytest.mark.parametrize(
    "form",
    [
        "{m} (±0.0004)",  # catboost's README
        "{m} (±0.0004) (+1.20%)",
        "{m} (0.0004)",
        "{m} (0.0004) (-0.35%)",
        "{m}±0.0004 (+1.2 %)",
        "{m} +- 0.0004",
    ],
)
def test_a_mean_with_its_spread_in_parentheses_is_read_as_the_mean(form):
    rows = [
        [name, *(form.format(m=m) for m in row)]
        for name, row in zip(DATASETS, SCORES.tolist(), strict=True)
    ]
    table = ScoreTable.read_csv(
        csv_file(("dataset", "CatBoost", "LightGBM"), rows), greater_is_better=True
    )
    assert table == _plain()
    assert "16 score(s) written as a mean and its spread" in reading_text(table.reading)
    np.testing.assert_allclose(table.spreads("d0")[:, 0], [0.0004, 0.0004])
    if "%" in form:
        assert "16 score(s) followed by a change in percent" in reading_text(table.reading)


def test_ranks_in_parentheses_are_not_spreads():
    ranks = np.argsort(np.argsort(-SCORES, axis=1), axis=1) + 1
    rows = [
        [name, *(f"{m} ({r})" for m, r in zip(row, rank, strict=True))]
        for name, row, rank in zip(DATASETS, SCORES.tolist(), ranks.tolist(), strict=True)
    ]
    with pytest.raises(ValueError, match=naming("from 1 to 2", "ranks")):
        ScoreTable.read_csv(
            csv_file(("dataset", "CatBoost", "LightGBM"), rows), greater_is_better=True
        )


@pytest.mark.parametrize("delimiter", [";", "\t"])
def test_decimal_commas_are_read_where_the_delimiter_leaves_no_doubt_and_said(delimiter):
    lines = [delimiter.join(("dataset", "CatBoost", "LightGBM"))]
    lines += [
        delimiter.join([name, *(str(m).replace(".", ",") for m in row)])
        for name, row in zip(DATASETS, SCORES.tolist(), strict=True)
    ]
    table = ScoreTable.read_csv(io.StringIO("\n".join(lines) + "\n"), greater_is_better=True)
    assert table == _plain()
    assert "decimal commas read as decimal points (column 'CatBoost' writes" in reading_text(
        table.reading
    )
    assert table.spec.decimal == "," and table.spec.witness("decimal").by == "values"


def test_a_decimal_comma_in_a_file_of_commas_is_refused_with_the_fix():
    rows = [
        [name, f'"{str(row[0]).replace(".", ",")}"', row[1]]
        for name, row in zip(DATASETS, SCORES.tolist(), strict=True)
    ]
    with pytest.raises(ValueError, match=naming("decimal comma")):
        ScoreTable.read_csv(
            csv_file(("dataset", "CatBoost", "LightGBM"), rows), greater_is_better=True
        )


@pytest.mark.parametrize("cell", ["0_91", "9_1", "0.9_1", "1_000"])
def test_an_underscore_is_never_part_of_a_number(cell):
    rows = wide_rows(SCORES)
    rows[2][1] = cell
    with pytest.raises(ValueError, match=naming("underscore")):
        ScoreTable.read_csv(
            csv_file(("dataset", "CatBoost", "LightGBM"), rows), greater_is_better=True
        )
    long = [(d, "a", 0, cell if d == "d1" else 0.8) for d in DATASETS] + [
        (d, "b", 0, 0.7) for d in DATASETS
    ]
    with pytest.raises(ValueError, match=naming("expected a number", "underscore")):
        ScoreTable.read_csv(
            csv_file(("dataset", "model", "split", "score"), long), greater_is_better=True
        )
    frame = {"dataset": DATASETS, "a": [cell] * 8, "b": SCORES[:, 1]}
    with pytest.raises(ValueError, match=naming("underscore")):
        ScoreTable.from_wide(frame, greater_is_better=True)


def _scmamp(name="DB", seed=0):
    """scmamp's k-fold example: data set, repetition and fold, then an algorithm per column."""
    rng = np.random.default_rng(seed)
    rows = []
    for db in range(1, 5):
        for rep in range(1, 3):
            for fold in range(1, 6):
                rows.append([db, rep, fold, *np.round(rng.uniform(0.7, 0.9, 3), 4).tolist()])
    return csv_text((name, "Rep", "Fold", "AlgA", "AlgB", "AlgC"), rows)


def test_scmamp_s_k_fold_example_is_read_with_its_data_sets():
    table = ScoreTable.read_csv(
        io.StringIO(_scmamp()), test_train_ratio=1 / 4, greater_is_better=True
    )
    assert table.models == ("AlgA", "AlgB", "AlgC") and table.datasets == ("1", "2", "3", "4")
    assert table.roles == {"dataset": "DB", "repeat": "Rep", "fold": "Fold"}
    assert table.splits("1")["repeat"].tolist() == [1] * 5 + [2] * 5


def test_a_numeric_data_set_column_of_an_unknown_name_is_named_with_its_option():
    with pytest.raises(ValueError) as caught:
        ScoreTable.read_csv(
            io.StringIO(_scmamp("DS_no")), test_train_ratio=1 / 4, greater_is_better=True
        )
    message = str(caught.value)
    assert "column 'DS_no' has no role" in message and "pass dataset='DS_no'" in message
    table = ScoreTable.read_csv(
        io.StringIO(_scmamp("DS_no")),
        dataset="DS_no",
        test_train_ratio=1 / 4,
        greater_is_better=True,
    )
    assert table.n_datasets == 4


def test_the_command_reads_scmamp_and_asks_for_the_ratio_only_for_the_tests_that_need_it(
    tmp_path, capsys
):
    path = tmp_path / "kcv.csv"
    path.write_text(_scmamp())
    assert main(["compare", str(path), "--higher-is-better"]) == 0
    assert "data set = 'DB'" in capsys.readouterr().err


def test_names_in_two_unicode_forms_are_one_and_said():
    nfc, nfd = (unicodedata.normalize(form, "café") for form in ("NFC", "NFD"))
    assert nfc != nfd
    # Two files merged: the macOS one wrote the name decomposed.
    rows = [(d, nfc if f < 2 else nfd, f, 0.8 + 0.01 * f) for d in ("x", "y") for f in range(4)]
    rows += [(d, "thé", f, 0.7 + 0.01 * f) for d in ("x", "y") for f in range(4)]
    table = ScoreTable.read_csv(
        csv_file(("dataset", "model", "fold", "score"), rows),
        test_train_ratio=1 / 3,
        greater_is_better=True,
    )
    assert table.models == (nfc, "thé") and table.n_missing == 0
    assert "names written in two Unicode forms read as one ('café')" in reading_text(table.reading)
    # Selected by either form.
    assert table.select(models=[nfd, "thé"]).models == (nfc, "thé")


@pytest.mark.parametrize(
    "first, second",
    [
        ("RF", "rf"),
        ("SVM", "Svm"),
        ("RF", "ＲＦ"),  # full-width letters: one name in Unicode's compatibility forms
    ],
)
def test_names_that_differ_only_by_case_or_compatibility_forms_are_refused(first, second):
    assert first != second
    rows = [(d, m, f, 0.8) for d in ("x", "y") for m in (first, second) for f in range(3)]
    match = "differ only in letter case or in their Unicode compatibility forms"
    with pytest.raises(ValueError, match=match):
        ScoreTable.read_csv(
            csv_file(("dataset", "model", "fold", "score"), rows),
            test_train_ratio=1 / 2,
            greater_is_better=True,
        )
    with pytest.raises(ValueError, match=match):
        ScoreTable(np.zeros((2, 3)), models=[first, second], test_train_ratio=1 / 2)


def test_letters_of_other_scripts_make_other_names():
    # A Cyrillic "х" is another letter than the Latin "x": no hand-made table folds it,
    # and both names are shown as written.
    rows = [(d, m, f, 0.8) for d in ("x", "y") for m in ("xgb", "хgb") for f in range(3)]
    table = ScoreTable.read_csv(
        csv_file(("dataset", "model", "fold", "score"), rows), test_train_ratio=1 / 2
    )
    assert table.models == ("xgb", "хgb")


def test_columns_named_alike_in_two_unicode_forms_are_refused():
    nfc, nfd = (unicodedata.normalize(form, "Präzision") for form in ("NFC", "NFD"))
    with pytest.raises(ValueError, match=naming("Unicode")):
        ScoreTable.from_wide(
            {"dataset": ["a", "b"], nfc: [0.8, 0.7], nfd: [0.9, 0.6]}, greater_is_better=True
        )


def test_skore_reports_named_alike_as_text_are_refused():
    with pytest.raises(ValueError, match=naming("1 and '1'")):
        cross_validation_reports({1: object(), "1": object()})


def test_a_table_with_a_model_on_each_row_is_read_turned_around_when_models_name_them():
    # USB's results: a row per algorithm, a column per setting.
    frame = pd.DataFrame(
        {
            "algorithm": ["FixMatch", "FlexMatch", "Supervised"],
            "cifar10_40": [92.5, 94.9, 22.9],
            "cifar100_400": [53.6, 60.1, 12.0],
            "stl10_40": [64.0, 70.9, 25.6],
            "svhn_40": [96.2, 90.2, 21.4],
        }
    )
    text = frame.to_csv(index=False)
    with pytest.raises(ValueError, match="names a model on each row"):
        ScoreTable.read_csv(io.StringIO(text), layout="wide", greater_is_better=True)
    table = ScoreTable.read_csv(
        io.StringIO(text),
        layout="wide",
        models=["FixMatch", "FlexMatch", "Supervised"],
        greater_is_better=True,
    )
    assert table.models == ("FixMatch", "FlexMatch", "Supervised")
    assert table.datasets == ("cifar10_40", "cifar100_400", "stl10_40", "svhn_40")
    assert table.design == "means"
    assert "turned around, as the models given name the rows of column 'algorithm'" in reading_text(
        table.reading
    )
    np.testing.assert_array_equal(table.mean_scores()[0], [92.5, 94.9, 22.9])


def test_a_text_column_found_by_its_values_is_said_so():
    table = ScoreTable.read_csv(
        csv_file(("benchmark problem", "a", "b"), wide_rows(SCORES)), greater_is_better=True
    )
    witness = table.reading.witness("dataset")
    assert (witness.value, witness.by) == ("benchmark problem", "values")


@pytest.mark.parametrize(
    "form, note",
    [
        ("{m}*", "carried marks (such as '*', '†', '▲', bold), which are not read"),
        ("**{m}**", "carried marks (such as '*', '†', '▲', bold), which are not read"),
        ("{m}†", "carried marks (such as '*', '†', '▲', bold), which are not read"),
    ],
)
def test_marks_beside_a_score_are_not_read_and_said(form, note):
    rows = [
        [name, form.format(m=row[0]), row[1]]
        for name, row in zip(DATASETS, SCORES.tolist(), strict=True)
    ]
    table = ScoreTable.read_csv(
        csv_file(("dataset", "CatBoost", "LightGBM"), rows), greater_is_better=True
    )
    # Not a model column of marked names beside one score column: the scores, read.
    assert table == _plain() and f"8 score(s) {note}" in reading_text(table.reading)


def test_a_percent_sign_is_read_in_percent_and_said():
    rows = [
        [name, *(f"{100 * m:.2f}%" for m in row)]
        for name, row in zip(DATASETS, SCORES.tolist(), strict=True)
    ]
    table = ScoreTable.read_csv(
        csv_file(("dataset", "CatBoost", "LightGBM"), rows), greater_is_better=True
    )
    assert "look like percentages" in reading_text(table.reading)
    np.testing.assert_allclose(table.mean_scores(), 100 * SCORES, atol=1e-9)
    assert "16 score(s) written with a percent sign, read in percent" in reading_text(table.reading)
    # Beside fractions, percentages are refused as ever.
    rows = [
        [name, f"{100 * row[0]:.2f}%", row[1]]
        for name, row in zip(DATASETS, SCORES.tolist(), strict=True)
    ]
    with pytest.raises(ValueError, match="fractions and percentages are mixed"):
        ScoreTable.read_csv(
            csv_file(("dataset", "CatBoost", "LightGBM"), rows), greater_is_better=True
        )


def test_a_seed_column_alone_is_refused_naming_the_option():
    rows = [(d, m, s, 0.8 + 0.01 * s) for d in ("x", "y") for m in ("a", "b") for s in range(4)]
    with pytest.raises(ValueError, match=naming("'seed'", "split=")):
        ScoreTable.read_csv(
            csv_file(("dataset", "model", "seed", "score"), rows), greater_is_better=True
        )
    table = ScoreTable.read_csv(
        csv_file(("dataset", "model", "seed", "score"), rows), split="seed", greater_is_better=True
    )
    assert table.design == "seeds"


def _tabzilla():
    """TabZilla's metadataset: a column per metric, the split's id of a longer name."""
    rng = np.random.default_rng(0)
    header = (
        "dataset_fold_id",
        "dataset_name",
        "alg_name",
        "hparam_source",
        "trial_number",
        "Accuracy__test",
        "F1__test",
        "Log Loss__test",
        "training_time",
    )
    rows = []
    for dataset in ("openml__credit-g__31", "openml__adult__7592"):
        for fold in range(3):
            for alg in ("XGBoost", "CatBoost", "MLP"):
                accuracy = round(rng.uniform(0.7, 0.9), 4)
                rows.append(
                    (
                        f"{dataset}__fold_{fold}",
                        dataset,
                        alg,
                        "default",
                        0,
                        accuracy,
                        round(accuracy - 0.05, 4),
                        round(1 - accuracy, 4),
                        round(rng.uniform(1, 9), 2),
                    )
                )
    return header, rows


def test_a_column_per_metric_is_refused_naming_them_and_a_split_id_found_by_a_word():
    header, rows = _tabzilla()
    with pytest.raises(ValueError) as caught:
        ScoreTable.read_csv(csv_file(header, rows), greater_is_better=True)
    assert "columns ['Accuracy__test', 'F1__test', 'Log Loss__test'] could" in str(caught.value)
    table = ScoreTable.read_csv(
        csv_file(header, rows), score="Accuracy__test", greater_is_better=True
    )
    assert table.models == ("XGBoost", "CatBoost", "MLP") and table.n_datasets == 2
    assert table.reading.witness("split") == Witness(
        "split", "dataset_fold_id", "name", "column-word"
    )
