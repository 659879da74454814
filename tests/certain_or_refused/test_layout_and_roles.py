"""Layouts and roles: a table is read one way only when no real table could mean another."""

import io
import re

import numpy as np
import pytest

from sklearn_bayescmp import ScoreTable
from sklearn_bayescmp.cli import main
from sklearn_bayescmp.tables._words import reading_text
from tests._messages import naming

from .._tables import csv_file, csv_text, long_rows

pd = pytest.importorskip("pandas")

ROWS = long_rows(datasets=("iris", "wine", "adult"))
CANONICAL = ScoreTable.read_csv(
    csv_file(("dataset", "model", "fold", "score"), ROWS),
    test_train_ratio=1 / 2,
    greater_is_better=True,
)
TURNED = "a row per model, while a wide table has a column per model"


def _row_per_model():
    return pd.DataFrame(
        {"model": ["rf", "svm", "knn"], "iris": [0.95, 0.96, 0.94], "wine": [0.97, 0.98, 0.93]}
    )


@pytest.mark.parametrize(
    "read",
    [
        lambda frame: ScoreTable.from_wide(frame, greater_is_better=True),
        lambda frame: ScoreTable.from_wide(
            frame.set_index("model"), greater_is_better=True
        ),  # the index names the row
        lambda frame: ScoreTable.read_csv(
            io.StringIO(frame.to_csv(index=False)), layout="wide", greater_is_better=True
        ),
        lambda frame: ScoreTable.read_csv(
            io.StringIO(frame.to_csv(index=False)), greater_is_better=True
        ),
        lambda frame: ScoreTable.from_wide(
            frame.rename(columns={"model": "Classifier"}), greater_is_better=True
        ),
        lambda frame: ScoreTable.from_long(
            frame.rename(columns={"model": "algorithm"}), greater_is_better=True
        ),
    ],
)
def test_a_table_with_a_row_per_model_is_refused(read):
    with pytest.raises(ValueError, match=TURNED):
        read(_row_per_model())


def test_the_command_refuses_a_row_per_model(tmp_path, capsys):
    path = tmp_path / "models.csv"
    _row_per_model().to_csv(path, index=False)
    assert main(["compare", str(path), "--layout", "wide"]) == 2
    err = capsys.readouterr().err
    assert TURNED in err and err.count("\n") == 1


@pytest.mark.parametrize(
    "name", ["benchmark", "data.set", "task_id", "Data Set", "dataSet", "instance"]
)
def test_data_set_columns_are_found_by_their_common_names(name):
    table = ScoreTable.read_csv(
        csv_file((name, "model", "fold", "score"), ROWS),
        test_train_ratio=1 / 2,
        greater_is_better=True,
    )
    assert table == CANONICAL and table.roles["dataset"] == name


@pytest.mark.parametrize("name", ["suite_entry", "Datensatz", "problem set", "exp"])
def test_a_text_column_without_a_role_is_refused_when_no_column_names_the_data_sets(name):
    with pytest.raises(ValueError, match=re.escape(f"column {name!r} has no role")):
        ScoreTable.read_csv(
            csv_file((name, "model", "fold", "score"), ROWS),
            test_train_ratio=1 / 2,
            greater_is_better=True,
        )
    # Named, it reads as the data set.
    table = ScoreTable.read_csv(
        csv_file((name, "model", "fold", "score"), ROWS),
        test_train_ratio=1 / 2,
        dataset=name,
        greater_is_better=True,
    )
    assert table == CANONICAL


def test_data_sets_do_not_merge_when_their_split_ids_are_unique():
    # The split ids run on across data sets; the data set's id has no known name.
    ids = {"iris": 11, "wine": 12, "adult": 13}
    rows = [(ids[d], m, fold + 3 * (ids[d] - 11), s) for d, m, fold, s in ROWS]
    with pytest.raises(ValueError, match=naming("'openml_id'", "shared by every model")):
        ScoreTable.read_csv(
            csv_file(("openml_id", "model", "split", "score"), rows),
            test_train_ratio=1,
            greater_is_better=True,
        )


def test_columns_that_coincide_after_case_folding_are_refused_not_overwritten():
    rows = [(*row, round(row[3] / 2, 4)) for row in ROWS]
    with pytest.raises(ValueError, match=re.escape("columns ['score', 'Score'] could")):
        ScoreTable.read_csv(
            csv_file(("dataset", "model", "fold", "score", "Score"), rows),
            test_train_ratio=1,
            greater_is_better=True,
        )
    with pytest.raises(ValueError, match=re.escape("columns ['Dataset', 'dataset'] could")):
        ScoreTable.read_csv(
            csv_file(("Dataset", "model", "fold", "score", "dataset"), [(*r, r[1]) for r in ROWS]),
            test_train_ratio=1,
            greater_is_better=True,
        )


@pytest.mark.parametrize("name", ["did", "data_id", "task_id", "dataset_id"])
def test_numeric_id_columns_of_a_wide_table_are_the_data_sets_not_models(name):
    text = f"{name},rf,svm\n1,0.9,0.8\n2,0.85,0.8\n3,0.7,0.72\n4,0.8,0.79\n"
    table = ScoreTable.read_csv(io.StringIO(text), greater_is_better=True)
    assert table.models == ("rf", "svm") and table.datasets == ("1", "2", "3", "4")
    assert table.roles == {"dataset": name}


@pytest.mark.parametrize(
    "header, first",
    [
        ("dataset,run,fold", "iris,{r},{f}"),
        ("dataset,seed,fold", "iris,{r},{f}"),
        ("dataset,Repeat,Fold", "iris,{r},{f}"),
        ("dataset,cv_split", "iris,{s}"),
        ("dataset,run,fold,train_size,test_size", "iris,{r},{f},50,50"),
    ],
)
def test_a_wide_table_s_split_columns_are_never_models(header, first):
    rows = "".join(
        first.format(r=r, f=f, s=2 * r + f) + f",{0.8 + 0.01 * f},{0.7 + 0.01 * r}\n"
        for r in (0, 1)
        for f in (0, 1)
    )
    sizes = {} if "train_size" in header else {"test_train_ratio": 1}
    table = ScoreTable.read_csv(
        io.StringIO(f"{header},a,b\n{rows}"), greater_is_better=True, **sizes
    )
    assert table.models == ("a", "b")
    assert table.splits("iris")["repeat"].tolist() == (
        [0, 0, 0, 0] if "cv_split" in header else [0, 0, 1, 1]
    )


def test_a_text_column_of_a_wide_table_is_refused_with_its_name():
    text = "dataset,fold,notes,a,b\niris,0,ok,0.8,0.7\niris,1,redo,0.9,0.8\n"
    with pytest.raises(ValueError, match=re.escape("columns ['notes'] hold text")):
        ScoreTable.read_csv(io.StringIO(text), greater_is_better=True, test_train_ratio=1)
    # One value for each data set: it describes them, and is left out, said.
    text = "dataset,notes,a,b\niris,ok,0.8,0.7\nwine,redo,0.9,0.8\n"
    table = ScoreTable.read_csv(io.StringIO(text), greater_is_better=True)
    assert "ignored 'notes' (describes the data sets (one value for each))" in reading_text(
        table.reading
    )


def test_two_columns_that_name_the_data_sets_alike_are_one_and_the_other_is_said():
    # OpenML: the data set's name and its id group the rows alike.
    ids = {"iris": 61, "wine": 187, "adult": 1590}
    rows = [(ids[d], d, m, f, s) for d, m, f, s in ROWS]
    table = ScoreTable.read_csv(
        csv_file(("data_id", "data_name", "model", "fold", "score"), rows),
        test_train_ratio=1 / 2,
        greater_is_better=True,
    )
    assert table == CANONICAL
    assert table.roles["dataset"] == "data_name" and table.ignored_columns == ("data_id",)
    assert "ignored 'data_id'" in reading_text(table.reading)
    # Grouping the rows otherwise, they are refused.
    rows = [(61, d, m, f, s) if d != "adult" else (62, d, m, f, s) for d, m, f, s in ROWS]
    rows = [(i + (f == 0), d, m, f, s) for i, d, m, f, s in rows]
    with pytest.raises(ValueError, match=re.escape("columns ['data_name', 'data_id'] could")):
        ScoreTable.read_csv(
            csv_file(("data_id", "data_name", "model", "fold", "score"), rows),
            test_train_ratio=1 / 2,
            greater_is_better=True,
        )


def test_a_constant_column_cannot_name_the_data_sets():
    rows = [(59, *row) for row in ROWS]  # one task id for every row
    table = ScoreTable.read_csv(
        csv_file(("task_id", "dataset", "model", "fold", "score"), rows),
        test_train_ratio=1 / 2,
        greater_is_better=True,
    )
    assert table == CANONICAL and table.roles["dataset"] == "dataset"
    assert table.ignored_columns == ("task_id",)


def test_a_model_column_and_a_data_set_column_of_unknown_names_are_refused_together():
    with pytest.raises(ValueError, match=re.escape("columns ['suite', 'clf'] hold text")):
        ScoreTable.read_csv(
            csv_file(("suite", "clf", "fold", "accuracy"), ROWS),
            test_train_ratio=1 / 2,
            greater_is_better=True,
        )


def test_numeric_columns_without_a_role_are_named_as_ignored():
    rows = [(*row, 0.01 * k) for k, row in enumerate(ROWS)]
    table = ScoreTable.read_csv(
        csv_file(("dataset", "model", "fold", "score", "fit_time"), rows),
        test_train_ratio=1 / 2,
        greater_is_better=True,
    )
    assert table == CANONICAL and table.ignored_columns == ("fit_time",)


def test_the_command_says_what_it_read(tmp_path, capsys):
    path = tmp_path / "scores.csv"
    path.write_text(
        csv_text(("benchmark", "clf", "fold", "acc", "fit_time"), [(*r, 0.1) for r in ROWS])
    )
    assert main(["compare", str(path), "--test-train-ratio", "1/2"]) == 0
    err = capsys.readouterr().err
    assert (
        "read as: model = 'clf', data set = 'benchmark', score = 'acc', fold = 'fold'; ignored "
        "'fit_time'" in err
    )


def test_a_wide_table_read_is_said_with_its_models():
    text = "dataset,fold,nbc,j48\niris,0,0.9,0.8\niris,1,0.85,0.82\n"
    table = ScoreTable.read_csv(io.StringIO(text), test_train_ratio=1, greater_is_better=True)
    assert "a column per model ('nbc', 'j48')" in reading_text(table.reading)
    assert np.array_equal(table.scores("iris"), [[0.9, 0.85], [0.8, 0.82]])
