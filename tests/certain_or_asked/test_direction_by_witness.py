"""Which way is better comes from a witness, never from a default: the options, the score
column's, the metric column's and the file's names, marks on each row's best cell, ranks;
without one the reader asks, naming what it looked at and the option."""

import io

import numpy as np
import pytest

from sklearn_bayescmp import ScoreTable
from sklearn_bayescmp.cli import main
from sklearn_bayescmp.exceptions import TableReadingError
from sklearn_bayescmp.tables._words import reading_text
from tests._messages import naming

#: A forecasting library's MASE by frequency: the seasonal-naive baseline is last, and the
#: paper sets the best (lowest) cell of every row in bold.
MASE = {
    "frequency": ["Yearly", "Quarterly", "Monthly", "Weekly", "Daily", "Hourly"],
    "AutoETS": [3.44, 1.16, 0.95, 2.37, 3.25, 1.61],
    "AutoTheta": [3.19, 1.12, 0.97, 2.27, 3.18, 2.45],
    "DeepAR": [3.03, 1.21, 1.03, 2.48, 3.55, 0.92],
    "SeasonalNaive": [3.97, 1.48, 1.26, 2.78, 3.28, 1.19],
}


def _mase_text(marked=False):
    models = [m for m in MASE if m != "frequency"]
    lines = ["frequency," + ",".join(models)]
    for i, frequency in enumerate(MASE["frequency"]):
        row = [MASE[m][i] for m in models]
        best = min(row)
        cells = [f"**{v}**" if marked and v == best else str(v) for v in row]
        lines.append(",".join([frequency, *cells]))
    return "\n".join(lines) + "\n"


def test_a_loss_in_a_single_file_s_name_says_lower_is_better(tmp_path):
    path = tmp_path / "mase_by_frequency.csv"
    path.write_text(_mase_text())
    table = ScoreTable.read_csv(path)
    assert table.lower_is_better == table.datasets
    assert table.spec.direction == "lower"
    witness = table.spec.witness("direction")
    assert (witness.by, witness.source, witness.name, witness.found) == (
        "name",
        "file-name",
        "mase_by_frequency",
        "mase",
    )
    # The seasonal-naive baseline has the highest errors: negated, it is last.
    assert np.argmin(table.mean_scores().mean(axis=0)) == table.models.index("SeasonalNaive")


def test_bold_on_every_row_s_lowest_cell_says_lower_is_better():
    table = ScoreTable.read_csv(io.StringIO(_mase_text(marked=True)))
    assert table.spec.direction == "lower"
    witness = table.spec.witness("direction")
    assert (witness.by, witness.source) == ("values", "marks")
    assert "lower is better (bold or starred cells on every row's best)" in reading_text(
        table.reading
    )


@pytest.mark.parametrize(
    "form", [r"\textbf{%s}", r"{\bf %s}", r"$\mathbf{%s}$", r"\underline{%s}", r"\textbf{$%s$}"]
)
def test_latex_bold_on_every_row_s_best_is_a_mark_and_math_mode_is_not(form):
    # A paper's LaTeX table exported to CSV: the best of each row set in bold.
    rows = [("d1", 0.81, 0.79), ("d2", 0.91, 0.85), ("d3", 0.71, 0.75)]
    cells = [
        (name, *(form % v if v == max(a, b) else f"{v}" for v in (a, b))) for name, a, b in rows
    ]
    text = "dataset,rf,svm\n" + "".join(",".join(map(str, row)) + "\n" for row in cells)
    table = ScoreTable.read_csv(io.StringIO(text))
    assert table.spec.direction == "higher"
    assert table.spec.witness("direction").source == "marks"
    np.testing.assert_array_equal(table.mean_scores()[:, 0], [0.81, 0.91, 0.71])
    # Every cell in math mode, with its spread: no mark, and the means read.
    math = "dataset,rf,svm\n" + "".join(
        f"{name},$%s \\pm 0.02$,$%s \\pm 0.01$\n" % (a, b) for name, a, b in rows
    )
    with pytest.raises(TableReadingError, match="cannot tell which way is better"):
        ScoreTable.read_csv(io.StringIO(math))
    spread = ScoreTable.read_csv(io.StringIO(math), greater_is_better=True)
    np.testing.assert_array_equal(spread.mean_scores()[:, 1], [0.79, 0.85, 0.75])
    assert spread.spreads("d1")[:, 0].tolist() == [0.02, 0.01]


def test_marks_that_contradict_the_name_are_refused(tmp_path):
    text = _mase_text(marked=True)
    path = tmp_path / "accuracy.csv"  # named a score, marked on each row's minimum
    path.write_text(text)
    with pytest.raises(ValueError, match="they disagree on which way is better"):
        ScoreTable.read_csv(path)


@pytest.mark.parametrize(
    "name",
    ["test_error.csv", "rmse_results.csv", "loss.csv", "results-ECE.csv", "Fehlerrate.csv"],
)
def test_a_single_file_named_after_a_loss(tmp_path, name):
    path = tmp_path / name
    path.write_text("dataset,a,b\nd0,0.1,0.2\nd1,0.15,0.25\nd2,0.3,0.2\n")
    assert ScoreTable.read_csv(path).spec.direction == "lower"


@pytest.mark.parametrize(
    "column",
    ["ECE", "KL", "xent", "FPR", "miss_rate", "pinball", "edit_distance", "Fehlerrate", "WQL"],
)
def test_columns_named_after_a_loss(column):
    rows = "".join(
        f"d{d},{m},{f},{0.1 + 0.01 * d}\n" for d in range(2) for m in "ab" for f in (0, 1)
    )
    table = ScoreTable.read_csv(io.StringIO(f"dataset,model,fold,{column}\n{rows}"))
    assert table.spec.direction == "lower" and table.lower_is_better == ("d0", "d1")


@pytest.mark.parametrize("column", ["Kennzahl", "quality", "y"])
def test_a_name_that_says_nothing_is_asked_about(column):
    rows = "".join(
        f"d{d},{m},{f},{0.8 + 0.01 * d}\n" for d in range(2) for m in "ab" for f in (0, 1)
    )
    text = f"dataset,model,fold,{column}\n{rows}"
    with pytest.raises(TableReadingError, match="cannot tell which way is better") as caught:
        ScoreTable.read_csv(io.StringIO(text))
    message = str(caught.value)
    assert f"the score column {column!r}" in message and "greater_is_better=" in message
    # The refusal carries the reading it reached: one field set, the same table as asked.
    spec = caught.value.spec
    assert spec.direction is None and spec.columns["score"] == column
    told = ScoreTable.read_csv(io.StringIO(text), greater_is_better=True)
    assert ScoreTable.read_csv(io.StringIO(text), spec=told.spec) == told


def test_a_model_s_name_never_speaks_for_the_measure(tmp_path):
    # A wide table's columns are models: "InceptionTime" is no time, "error_model" no loss.
    text = "dataset,InceptionTime,error_model\nd0,0.9,0.8\nd1,0.8,0.85\nd2,0.7,0.71\n"
    with pytest.raises(TableReadingError, match="cannot tell which way is better"):
        ScoreTable.read_csv(io.StringIO(text))


@pytest.mark.parametrize(
    "rows",
    [
        [[1, 2, 3], [2, 1, 3], [1, 3, 2], [3, 2, 1]],
        [[1, 2, 3], [1.5, 1.5, 3], [1, 3, 2], [3, 2, 1]],
        # Whole ranks in which one column is, at their precision, some change of the
        # other two ((3 - 2) / 2 rounds to 1): ranks, never a column of changes.
        [[1, 2, 3], [2, 1, 3], [1, 3, 2]],
    ],
)
def test_a_table_of_ranks_is_said_and_asked_about(rows):
    text = "dataset,a,b,c\n" + "".join(
        f"d{i},{','.join(map(str, r))}\n" for i, r in enumerate(rows)
    )
    with pytest.raises(TableReadingError, match="every row holds the ranks of the models"):
        ScoreTable.read_csv(io.StringIO(text))
    # Told that 1 is the best, the ranks are compared, negated, and said.
    table = ScoreTable.read_csv(io.StringIO(text), greater_is_better=False)
    assert "every row ranks the models (1..K)" in reading_text(table.reading)
    assert table.mean_scores()[0].tolist() == [-float(v) for v in rows[0]]


@pytest.mark.parametrize("name", ["neg_mean_squared_error", "neg_log_loss"])
def test_a_negated_loss_holding_positive_values_is_refused(name):
    rows = "".join(
        f"d{d},{m},{f},{0.2 + 0.01 * d}\n" for d in range(2) for m in "ab" for f in (0, 1)
    )
    text = f"dataset,model,fold,{name}\n{rows}"
    with pytest.raises(TableReadingError, match="the loss was not negated"):
        ScoreTable.read_csv(io.StringIO(text))
    metric = "dataset,model,fold,metric,value\n" + "".join(
        f"d{d},{m},{f},{name},{0.2 + 0.01 * d}\n" for d in range(2) for m in "ab" for f in (0, 1)
    )
    with pytest.raises(TableReadingError, match=f"column 'metric' naming {name!r}"):
        ScoreTable.read_csv(io.StringIO(metric))


def _reader_paths(tmp_path):
    """Every way in: each reader of the library and the command, on one unnamed table."""
    text = "dataset,a,b\nd0,0.8,0.7\nd1,0.9,0.85\nd2,0.7,0.72\n"
    path = tmp_path / "table.csv"
    path.write_text(text)
    frame = {"dataset": ["d0", "d1", "d2"], "a": [0.8, 0.9, 0.7], "b": [0.7, 0.85, 0.72]}
    long = {
        "dataset": ["d0", "d0", "d1", "d1"],
        "model": ["a", "b", "a", "b"],
        "quality": [0.8, 0.7, 0.9, 0.85],
    }
    resample = tmp_path / "results"
    resample.mkdir()
    for model in ("A", "B"):
        (resample / f"{model}.csv").write_text("Resamples:,0,1\nd0,0.8,0.81\nd1,0.7,0.72\n")
    return {
        "read_csv": lambda **o: ScoreTable.read_csv(path, **o),
        "read_csv of a buffer": lambda **o: ScoreTable.read_csv(io.StringIO(text), **o),
        "from_wide": lambda **o: ScoreTable.from_wide(frame, **o),
        "from_long": lambda **o: ScoreTable.from_long(long, **o),
        "read_resamples": lambda **o: ScoreTable.read_resamples(sorted(resample.iterdir()), **o),
        "read_csv of files": lambda **o: ScoreTable.read_csv(sorted(resample.iterdir()), **o),
        "the command": lambda **o: _command(path, **o),
    }


def _command(path, greater_is_better=None):
    flag = {None: [], True: ["--higher-is-better"], False: ["--lower-is-better"]}
    status = main(["compare", str(path), *flag[greater_is_better]])
    if status:
        raise TableReadingError("the command refused: cannot tell which way is better")
    return status


READERS = (
    "read_csv",
    "read_csv of a buffer",
    "from_wide",
    "from_long",
    "read_resamples",
    "read_csv of files",
    "the command",
)


@pytest.mark.parametrize("reader", READERS)
def test_no_reader_takes_a_direction_without_a_witness(tmp_path, capsys, reader):
    read = _reader_paths(tmp_path)[reader]
    with pytest.raises(TableReadingError, match="cannot tell which way is better"):
        read()
    read(greater_is_better=True)  # the option is the witness
    capsys.readouterr()


def test_every_reader_is_walked(tmp_path):
    assert set(_reader_paths(tmp_path)) == set(READERS)


@pytest.mark.parametrize(
    ("header", "direction", "word"),
    [
        ("dataset,rf_rmse,svm_rmse,knn_rmse", "lower", "rmse"),
        ("dataset,acc_rf,acc_svm,acc_knn", "higher", "acc"),
        ("dataset,Accuracy (RF),Accuracy (SVM),Accuracy (kNN)", "higher", "accuracy"),
    ],
)
def test_the_same_measure_in_every_model_column_s_name_says_the_direction(header, direction, word):
    # A wide table whose models carry their measure: never a long table's score columns.
    rows = "iris,0.95,0.96,0.90\nwine,0.97,0.98,0.93\nglass,0.78,0.70,0.72\n"
    table = ScoreTable.read_csv(io.StringIO(f"{header}\n{rows}"))
    assert table.models == tuple(header.split(",")[1:])
    assert table.spec.direction == direction
    witness = table.spec.witness("direction")
    assert (witness.by, witness.source, witness.found) == ("name", "model-columns", word)
    said = f"{direction} is better (every model column's name, as {table.models[0]!r}"
    assert said in reading_text(table.reading)
    # Read back by its spec, the same.
    assert ScoreTable.read_csv(io.StringIO(f"{header}\n{rows}"), spec=table.spec) == table


def test_model_columns_of_measures_that_disagree_are_asked_and_one_model_never_speaks():
    rows = "iris,0.95,0.96\nwine,0.97,0.98\nglass,0.78,0.70\n"
    for header in ("dataset,rf_rmse,svm_acc", "dataset,rf_rmse,svm"):
        with pytest.raises(TableReadingError, match="cannot tell which way is better"):
            ScoreTable.read_csv(io.StringIO(f"{header}\n{rows}"))


def test_a_long_table_of_two_score_columns_is_still_asked_which_is_the_score():
    text = "dataset,clf,train_accuracy,test_accuracy\n" + "".join(
        f"d{d},{m},0.99,0.{80 + d}\n" for d in range(3) for m in "ab"
    )
    with pytest.raises(TableReadingError, match=naming("score=<column>")):
        ScoreTable.read_csv(io.StringIO(text))
    table = ScoreTable.read_csv(io.StringIO(text), score="test_accuracy", model="clf")
    assert table.models == ("a", "b") and table.design == "means"
