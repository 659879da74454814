"""How the splits were made comes from a witness: a column's name, the ids, the values, the
options; ids that end with a fold are read as (data set, fold); repeated names without a
split column are asked about; sizes that no cross-validation has are refused."""

import io
import json

import numpy as np
import pytest

from sklearn_bayescmp import ScoreTable, compare_models
from sklearn_bayescmp.cli import main
from sklearn_bayescmp.exceptions import TableReadingError
from sklearn_bayescmp.tables._words import reading_text
from tests._messages import naming


def _per_fold_ids(n_tasks=6, n_folds=10, seed=0):
    """An AutoML per-fold table as a later study re-ranked it: the fold is a suffix of the
    task id ("10090_3"), a row per (task, fold), a column per framework."""
    rng = np.random.default_rng(seed)
    lines = ["task_id,AutoGluon,FLAML,RandomForest"]
    for task in range(n_tasks):
        level = rng.uniform(0.7, 0.9)
        for fold in range(n_folds):
            scores = level + np.array([0.02, 0.01, 0.0]) + rng.normal(0, 0.01, 3)
            lines.append(f"{10090 + task}_{fold}," + ",".join(f"{s:.4f}" for s in scores))
    return "\n".join(lines) + "\n"


def test_ids_that_only_end_with_the_same_indices_are_asked_and_the_answer_is_read():
    # "10090_3": fold 3 of task 10090, or a data set of that name? No word says.
    with pytest.raises(TableReadingError, match="fold_suffix='_' if it is a fold"):
        ScoreTable.read_csv(io.StringIO(_per_fold_ids()), greater_is_better=True)
    table = ScoreTable.read_csv(
        io.StringIO(_per_fold_ids()), greater_is_better=True, fold_suffix="_"
    )
    assert table.n_datasets == 6 and table.datasets[0] == "10090"
    assert table.splits("10090")["fold"].tolist() == list(range(10))
    assert table.design == "cross-validation" and table.spec.fold_suffix == "_"
    assert "read as (data set, fold)" in reading_text(table.reading)
    # Friedman over the six tasks, not over sixty folds.
    comparison = compare_models(table, random_state=0)
    assert comparison.reference.friedman.n_datasets == 6
    # The other answer: every id a data set, one score each.
    every = ScoreTable.read_csv(
        io.StringIO(_per_fold_ids()), greater_is_better=True, fold_suffix=""
    )
    assert every.n_datasets == 60 and every.design == "means"


@pytest.mark.parametrize(
    "ids",
    [
        ["friedman_1", "friedman_2", "friedman_3", "monks_1", "monks_2", "monks_3"],
        [f"{c}-{s}" for c in ("fog", "snow", "frost") for s in range(1, 6)],
        ["covtype_0", "covtype_1", "higgs_0", "higgs_1"],
    ],
)
def test_names_that_end_in_digits_are_never_merged_without_a_word(ids):
    rng = np.random.default_rng(1)
    text = "dataset,a,b\n" + "".join(f"{i},{rng.uniform():.3f},{rng.uniform():.3f}\n" for i in ids)
    with pytest.raises(TableReadingError) as caught:
        ScoreTable.read_csv(io.StringIO(text), greater_is_better=True)
    assert str(caught.value).count("\n") == 0 and "fold_suffix=''" in str(caught.value)
    table = ScoreTable.read_csv(io.StringIO(text), greater_is_better=True, fold_suffix="")
    assert table.datasets == tuple(ids)


@pytest.mark.parametrize("column", ["seed", "run", "random_state"])
def test_a_wide_table_s_seed_column_alone_is_asked_about_by_its_name(column, capsys):
    # A row per (data set, seed), a column per model: the seed is read as the repeat, and
    # no fold says the splits within it. The question names the column, never "no
    # column names them".
    text = f"dataset,{column},rf,svm\n" + "".join(
        f"d{d},{s},{0.8 + 0.01 * d + 0.001 * s:.3f},{0.79 + 0.01 * d:.3f}\n"
        for d in range(3)
        for s in range(3)
    )
    with pytest.raises(TableReadingError, match=naming(repr(column), f"split={column!r}")) as e:
        ScoreTable.read_csv(io.StringIO(text), greater_is_better=True)
    assert "no column names them" not in str(e.value) and e.value.option == "split"
    # The advice followed: training seeds where the name says so, or a nearer question.
    try:
        table = ScoreTable.read_csv(io.StringIO(text), greater_is_better=True, split=column)
    except TableReadingError as nearer:
        assert column == "run" and nearer.option == "design"
        table = ScoreTable.read_csv(
            io.StringIO(text), greater_is_better=True, split=column, design="seeds"
        )
    assert table.design == "seeds" and table.n_datasets == 3
    assert table.scores("d0").shape == (2, 3)


def test_names_whose_digits_differ_between_data_sets_are_names():
    ids = ["log4j-1.0", "log4j-1.1", "log4j-1.2", "ant-1.3", "ant-1.4", "ant-1.5", "ant-1.6"]
    text = "dataset,a,b\n" + "".join(f"{i},0.{k + 2},0.{k + 1}\n" for k, i in enumerate(ids))
    assert ScoreTable.read_csv(io.StringIO(text), greater_is_better=True).datasets == tuple(ids)


@pytest.mark.parametrize(
    "column, ids",
    [
        ("dataset", [f"{d}-fold{f}" for d in ("credit-g", "adult") for f in range(3)]),
        ("dataset", [f"{d}_seed{f}" for d in ("credit-g", "adult") for f in range(3)]),
        ("task_fold", [f"{d}_{f}" for d in ("credit-g", "adult") for f in range(3)]),
    ],
)
def test_ids_whose_index_a_word_names_are_data_sets_and_folds(column, ids):
    rng = np.random.default_rng(2)
    text = f"{column},a,b\n" + "".join(
        f"{i},{rng.uniform():.3f},{rng.uniform():.3f}\n" for i in ids
    )
    table = ScoreTable.read_csv(io.StringIO(text), greater_is_better=True, dataset=column)
    assert table.datasets == ("credit-g", "adult")
    assert table.splits("adult")["fold"].tolist() == [0, 1, 2]


def test_repeated_data_set_names_without_a_split_column_are_asked_about():
    # One score per data set, whose names repeat for different ids (OpenML's "did").
    text = (
        "did,dataset_name,rf,svm\n"
        "31,credit-g,0.76,0.74\n1464,blood,0.78,0.77\n40981,Australian,0.87,0.85\n"
        "42,soybean,0.92,0.93\n43,soybean,0.91,0.9\n44,spambase,0.95,0.93\n"
        "45,splice,0.96,0.95\n46,splice,0.94,0.95\n47,soybean,0.9,0.91\n"
    )
    with pytest.raises(TableReadingError) as caught:
        ScoreTable.read_csv(io.StringIO(text), greater_is_better=True, dataset="dataset_name")
    message = str(caught.value)
    assert "data set 'soybean' of column 'dataset_name' is on several rows" in message
    assert "Column 'did' tells them apart" in message and "dataset='did'" in message
    table = ScoreTable.read_csv(io.StringIO(text), greater_is_better=True, dataset="did")
    assert table.n_datasets == 9 and table.design == "means"


def test_a_model_s_scores_are_never_offered_as_the_data_sets_names():
    text = "dataset,rf,svm\niris,0.95,0.96\niris,0.94,0.95\nwine,0.97,0.98\n"
    with pytest.raises(TableReadingError, match="is on several rows") as caught:
        ScoreTable.read_csv(io.StringIO(text), greater_is_better=True)
    assert "tells them apart" not in str(caught.value)
    assert "dataset='rf'" not in str(caught.value)


def test_a_wide_table_of_several_metrics_asks_which_and_reads_each():
    # A data set's rows of two metrics are not its splits: the question is the metric.
    text = (
        "dataset,metric,rf,svm\niris,accuracy,0.95,0.96\nwine,accuracy,0.97,0.98\n"
        "iris,log_loss,0.2,0.15\nwine,log_loss,0.1,0.08\n"
    )
    with pytest.raises(TableReadingError, match=naming("2 metrics", "metric='accuracy'")):
        ScoreTable.read_csv(io.StringIO(text))
    accuracy = ScoreTable.read_csv(io.StringIO(text), metric="accuracy")
    assert accuracy.datasets == ("iris", "wine") and accuracy.lower_is_better == ()
    np.testing.assert_array_equal(accuracy.mean_scores(), [[0.95, 0.96], [0.97, 0.98]])
    loss = ScoreTable.read_csv(io.StringIO(text), metric="log_loss")
    assert loss.lower_is_better == ("iris", "wine")
    np.testing.assert_array_equal(loss.mean_scores(), [[-0.2, -0.15], [-0.1, -0.08]])
    # Names that repeat within one metric are still asked about as splits.
    repeated = text + "iris,accuracy,0.94,0.95\n"
    with pytest.raises(TableReadingError, match=naming("'iris'", "several rows")):
        ScoreTable.read_csv(io.StringIO(repeated), metric="accuracy")


def test_the_command_s_advice_never_ends_in_a_traceback(tmp_path, capsys):
    path = tmp_path / "accuracy.csv"
    rng = np.random.default_rng(0)
    rows = ["dataset,model,fold,accuracy"]
    rows += [
        f"d{d},{m},{f},{0.8 + rng.normal(0, 0.01):.4f}"
        for d in range(3)
        for m in "ab"
        for f in range(5)
    ]
    path.write_text("\n".join(rows) + "\n")
    assert main(["compare", str(path)]) == 0
    err = capsys.readouterr().err
    assert "pass --test-train-ratio, e.g. 1/9" in err
    # Following the note: the sizes of 5-fold cross-validation (10-fold's are refused).
    assert main(["compare", str(path), "--test-train-ratio", "1/4"]) == 0
    assert main(["compare", str(path), "--test-train-ratio", "1/9"]) in (0, 2)
    assert "Traceback" not in capsys.readouterr().err


def _sized(n_train, n_test, n_repeats=2, n_folds=10):
    rng = np.random.default_rng(0)
    lines = ["dataset,model,repeat,fold,n_train,n_test,score"]
    for r in range(n_repeats):
        for f in range(n_folds):
            for m in "ab":
                lines.append(f"d,{m},{r},{f},{n_train},{n_test},{0.8 + rng.normal(0, 0.01):.4f}")
    return "\n".join(lines) + "\n"


def test_swapped_sizes_are_refused_naming_what_fixes_them():
    with pytest.raises(TableReadingError, match="n_test 900 > n_train 100") as caught:
        ScoreTable.read_csv(io.StringIO(_sized(100, 900)))
    assert "design='resamples'" in str(caught.value)
    ScoreTable.read_csv(io.StringIO(_sized(900, 100)))


@pytest.mark.parametrize(
    "ratio, found",
    [(9, "n_test 9 > n_train 1"), (1 / 2, "10 folds per repeat"), (1 / 30, "10 folds per repeat")],
)
def test_a_ratio_far_from_the_folds_is_refused(ratio, found):
    text = _sized(900, 100).replace(",900,100,", ",")
    text = text.replace("n_train,n_test,", "")
    with pytest.raises(TableReadingError, match=found) as caught:
        ScoreTable.read_csv(io.StringIO(text), test_train_ratio=ratio)
    assert "1/9" in str(caught.value) and "design='resamples'" in str(caught.value)
    table = ScoreTable.read_csv(io.StringIO(text), test_train_ratio=1 / 9)
    assert table.design == "cross-validation"
    # Random train/test splits of any sizes, said so.
    assert ScoreTable.read_csv(io.StringIO(text), test_train_ratio=ratio, design="resamples")


def test_the_command_refuses_a_ratio_of_nine(tmp_path, capsys):
    path = tmp_path / "scores.csv"
    path.write_text(_sized(900, 100).replace(",900,100,", ",").replace("n_train,n_test,", ""))
    assert main(["compare", str(path), "--test-train-ratio", "9"]) == 2
    err = capsys.readouterr().err
    assert "--test-train-ratio" in err and err.count("\n") == 1


def test_the_command_asks_about_an_index_suffix_and_takes_either_answer(tmp_path, capsys):
    path = tmp_path / "accuracy.csv"
    path.write_text(_per_fold_ids())
    assert main(["compare", str(path)]) == 2
    err = capsys.readouterr().err
    assert "--fold-suffix '_' if it is a fold" in err and "--fold-suffix ''" in err
    assert main(["compare", str(path), "--fold-suffix", "_", "--json"]) == 0
    assert len(json.loads(capsys.readouterr().out)["datasets"]) == 6
    assert main(["compare", str(path), "--fold-suffix", "", "--json"]) == 0
    assert len(json.loads(capsys.readouterr().out)["datasets"]) == 60


def test_ids_written_as_tuples_are_asked_about_and_their_parts_read():
    # ADBench's index: (data set, labelled share, seed), written out as one cell.
    rng = np.random.default_rng(3)
    ids = [(d, 0.0, seed) for d in ("Pima", "cardio", "wine") for seed in (0, 1, 2)]
    rows = [(repr(i), *i, rng.uniform(0.6, 0.9), rng.uniform(0.6, 0.9)) for i in ids]
    whole = "index,IForest,LOF\n" + "".join(f'"{r[0]}",{r[4]:.4f},{r[5]:.4f}\n' for r in rows)
    with pytest.raises(TableReadingError, match=naming("tuples of 3 parts", "dataset=<column>")):
        ScoreTable.read_csv(io.StringIO(whole), greater_is_better=True, dataset="index")
    # The advice followed: a column per part, the data set's and the seed's named.
    split = "dataset,share,seed,IForest,LOF\n" + "".join(
        f"{r[1]},{r[2]},{r[3]},{r[4]:.4f},{r[5]:.4f}\n" for r in rows
    )
    with pytest.raises(TableReadingError, match=naming("column 'share'", "models=[...]")):
        ScoreTable.read_csv(io.StringIO(split), greater_is_better=True, dataset="dataset")
    table = ScoreTable.read_csv(
        io.StringIO(split),
        greater_is_better=True,
        dataset="dataset",
        repeat="seed",
        models=["IForest", "LOF"],
        design="seeds",
    )
    assert table.datasets == ("Pima", "cardio", "wine") and table.design == "seeds"
    assert table.splits("Pima")["repeat"].tolist() == [0, 1, 2]
