"""How the splits were made comes from a witness: a column's name, the ids, the values, the
options; ids that end with a fold are read as (data set, fold); repeated names without a
split column are asked about; sizes that no cross-validation has are refused."""

import io

import numpy as np
import pytest

from sklearn_bayescmp import ScoreTable, compare_models
from sklearn_bayescmp.cli import main
from sklearn_bayescmp.exceptions import TableReadingError


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


def test_ids_that_end_with_a_fold_are_data_sets_and_folds():
    table = ScoreTable.read_csv(io.StringIO(_per_fold_ids()), greater_is_better=True)
    assert table.n_datasets == 6 and table.datasets[0] == "10090"
    assert table.splits("10090")["fold"].tolist() == list(range(10))
    assert table.design == "cross-validation" and table.spec.fold_suffix == "_"
    assert "read as (data set, fold)" in table.reading
    # Friedman over the six tasks, not over sixty folds.
    comparison = compare_models(table, random_state=0)
    assert comparison.reference.friedman.n_datasets == 6


def test_a_spec_that_reads_every_id_as_a_data_set_is_taken_as_given():
    first = ScoreTable.read_csv(io.StringIO(_per_fold_ids()), greater_is_better=True)
    # The ids as data sets: then the values, not the folds, decide the design.
    spec = first.spec.decided("fold_suffix", "", "option").decided("design", None, None)
    every = ScoreTable.read_csv(io.StringIO(_per_fold_ids()), spec=spec)
    assert every.n_datasets == 60 and every.design == "means"


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
