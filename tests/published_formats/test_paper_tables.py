"""A paper's table: "mean±std" cells, a pandas index for the data sets."""

import io

import numpy as np
import pandas as pd
import pytest

from sklearn_bayescmp import ScoreTable, compare_models
from sklearn_bayescmp.tables._words import reading_text
from tests._messages import naming

PAPER = """Dataset,SVM,RF,kNN,NB
iris,0.953±0.021,0.947±0.030,0.933 ± 0.024,0.920+-0.031
wine,0.972±0.012,0.981±0.010,0.951±0.020,0.962 +/- 0.020
breast,0.962±0.010,0.951±0.021,0.931±0.022,0.933±0.019
digits,0.981±0.005,0.972±0.006,0.975±0.008,0.850±0.031
glass,0.652±0.048,0.781±0.040,0.703±0.051,0.501±0.055
"""
MEANS = {
    "SVM": [0.953, 0.972, 0.962, 0.981, 0.652],
    "RF": [0.947, 0.981, 0.951, 0.972, 0.781],
    "kNN": [0.933, 0.951, 0.931, 0.975, 0.703],
    "NB": [0.920, 0.962, 0.933, 0.850, 0.501],
}


def test_mean_and_spread_cells_are_read_as_their_means():
    table = ScoreTable.read_csv(io.StringIO(PAPER), greater_is_better=True)
    plain = ScoreTable.from_wide(
        {"dataset": ["iris", "wine", "breast", "digits", "glass"], **MEANS}, greater_is_better=True
    )
    assert table == plain  # the means, exactly as the numbers written alone
    assert "20 score(s) written as a mean and its spread ('0.95±0.02')" in reading_text(
        table.reading
    )
    np.testing.assert_array_equal(table.spreads("wine")[:, 0], [0.012, 0.010, 0.020, 0.020])
    assert plain.spreads("wine") is None
    # The reports say it.
    assert "written as a mean and its spread" in compare_models(table).report(format="markdown")
    # What the spread keeps survives select().
    assert table.select(models=["NB", "SVM"]).spreads("iris")[:, 0].tolist() == [0.031, 0.021]


@pytest.mark.parametrize("cell", ["0.95±", "±0.02", "0.95±0.02±0.01", "0.95 (0.02", "high"])
def test_other_cells_are_refused_naming_the_cell(cell):
    text = PAPER.replace("0.953±0.021", cell)
    with pytest.raises(ValueError, match="line 2, column 'SVM': expected a number"):
        ScoreTable.read_csv(io.StringIO(text))


def test_a_pandas_index_names_the_data_sets():
    frame = pd.DataFrame(MEANS, index=["iris", "wine", "breast", "digits", "glass"])
    table = ScoreTable.read_csv(io.StringIO(frame.to_csv()), greater_is_better=True)
    assert table.datasets == ("iris", "wine", "breast", "digits", "glass")
    assert reading_text(table.reading).startswith(
        "data set = the unnamed first column (a pandas index)"
    )
    # A default index numbers the rows: it is ignored, and said to be.
    numbered = ScoreTable.read_csv(
        io.StringIO(frame.reset_index(names="dataset").to_csv()), greater_is_better=True
    )
    assert numbered == table
    assert "ignored the unnamed first column (a pandas index)" in reading_text(numbered.reading)
    # An index of names beside a data-set column cannot be both.
    both = frame.reset_index(names="dataset")
    both.index = [f"row {i}" for i in range(5)]
    with pytest.raises(ValueError, match=naming("first column", "pandas index")):
        ScoreTable.read_csv(io.StringIO(both.to_csv()), greater_is_better=True)
