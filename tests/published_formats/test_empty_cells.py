"""Empty cells are missing scores; a data set without any score is one the metric skips."""

import io

import numpy as np
import pytest

from sklearn_bayescmp import ScoreTable, compare_models
from sklearn_bayescmp.cli import main
from sklearn_bayescmp.exceptions import MissingScoresWarning
from sklearn_bayescmp.tables._words import reading_text
from tests._messages import naming

from ._files import text_of

HEADER = ("dataset", "model", "fold", "score")


def _rows(datasets=("iris", "wine", "digits"), models=("a", "b", "c"), n_folds=4, seed=0):
    rng = np.random.default_rng(seed)
    return [
        [dataset, model, fold, round(0.8 + 0.01 * k + rng.normal(0, 0.005), 4)]
        for dataset in datasets
        for k, model in enumerate(models)
        for fold in range(n_folds)
    ]


def _emptied(rows, where):
    """The rows with the score cell emptied where ``where(row)`` holds."""
    return [[*row[:3], None] if where(row) else row for row in rows]


def test_an_empty_cell_is_a_missing_score_counted_per_model_and_data_set():
    rows = _emptied(_rows(), lambda row: row[1] == "b" and row[2] == 0 and row[0] != "digits")
    with pytest.warns(MissingScoresWarning) as caught:
        table = ScoreTable.read_csv(io.StringIO(text_of(HEADER, rows)))
    message = str(caught[0].message)
    assert "2 cell(s) are missing (b: 0 failed, 2 missing, on 2 data set(s) ('iris', 'wine'))" in (
        message
    )
    assert (table.n_missing, table.n_failed) == (2, 0)
    # The same table as the one without those rows (pandas' to_csv writes NaN so).
    kept = [row for row in rows if row[3] is not None]
    with pytest.warns(MissingScoresWarning):
        assert ScoreTable.read_csv(io.StringIO(text_of(HEADER, kept))) == table


@pytest.mark.parametrize("cell", ["NaN", "nan", "NA", "None", "null"])
def test_a_written_nan_is_a_failed_run(cell):
    rows = [[*row[:3], cell] if row[1] == "c" and row[2] == 1 else row for row in _rows()]
    with pytest.warns(MissingScoresWarning, match=r"c: 3 failed, 0 missing, on 3 data set"):
        table = ScoreTable.read_csv(io.StringIO(text_of(HEADER, rows)))
    assert (table.n_failed, table.n_missing) == (3, 0)


def test_data_sets_where_no_model_has_a_score_are_left_out_and_named():
    # A log loss column is empty on the binary tasks: the metric does not apply there.
    rows = _emptied(
        _rows(datasets=("iris", "wine", "adult", "kc2")), lambda r: r[0] in ("adult", "kc2")
    )
    with pytest.warns(MissingScoresWarning) as caught:
        table = ScoreTable.read_csv(io.StringIO(text_of(HEADER, rows)))
    assert [str(w.message) for w in caught] == [
        "The input: left out 2 data set(s) on which no model has a score ('adult', 'kc2'): "
        "every cell is empty, as where the metric does not apply."
    ]
    assert table.datasets == ("iris", "wine") and table.unscored_datasets == ("adult", "kc2")
    # Not counted as failed or missing splits of the models.
    assert (table.n_failed, table.n_missing) == (0, 0)
    assert "left out 2 data set(s) on which no model has a score" in reading_text(table.reading)
    comparison = compare_models(table, random_state=0, n_draws=500)
    assert "left out 2 data set(s)" in comparison.report(format="markdown")
    # Asked for by name, such a data set is refused rather than dropped.
    with pytest.raises(ValueError, match=naming("'kc2'", "`datasets`")):
        ScoreTable.read_csv(io.StringIO(text_of(HEADER, rows)), datasets=["iris", "kc2"])


def test_a_nan_on_every_split_of_a_data_set_is_a_failure_kept_in_the_table():
    rows = [[*row[:3], "nan"] if row[0] == "wine" else row for row in _rows()]
    with pytest.warns(MissingScoresWarning, match="12 score\\(s\\) are NaN"):
        table = ScoreTable.read_csv(io.StringIO(text_of(HEADER, rows)))
    assert table.datasets == ("iris", "wine", "digits") and not table.unscored_datasets


def test_a_model_without_any_score_is_refused_by_name():
    rows = _emptied(_rows(), lambda row: row[1] == "c")
    with pytest.raises(ValueError, match=naming("model 'c'", "no score")):
        ScoreTable.read_csv(io.StringIO(text_of(HEADER, rows)), models=["a", "b", "c"])


def test_a_model_that_failed_on_a_whole_data_set_is_compared_where_it_has_scores():
    rows = _emptied(_rows(), lambda row: row[1] == "c" and row[0] == "wine")
    with pytest.warns(MissingScoresWarning, match="c: 0 failed, 4 missing, on 1 data set"):
        table = ScoreTable.read_csv(io.StringIO(text_of(HEADER, rows)))
    with pytest.raises(ValueError, match=naming("'c'", "'wine'")):
        compare_models(table)
    comparison = compare_models(table, allow_incomplete=True, random_state=0, n_draws=500)
    assert comparison.n_datasets_omitted[0, 2] == 1 and comparison.n_datasets_omitted[0, 1] == 0


def test_the_command_reads_empty_cells_and_says_what_it_left_out(tmp_path, capsys):
    rows = _emptied(_rows(datasets=("iris", "wine", "kc2")), lambda r: r[0] == "kc2")
    path = tmp_path / "scores.csv"
    path.write_text(text_of(HEADER, rows))
    assert main(["compare", str(path)]) == 0
    out, err = capsys.readouterr()
    assert "left out 1 data set(s) on which no model has a score ('kc2')" in err
    assert "3 models on 2 data set(s)" in out
