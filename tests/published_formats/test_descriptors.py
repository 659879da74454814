"""Columns that describe the data sets (a size, a radius, counts) are never models."""

import io

import numpy as np
import pandas as pd
import pytest

from sklearn_bayescmp import ScoreTable, compare_models
from sklearn_bayescmp.cli import main
from sklearn_bayescmp.exceptions import RopeUnitsError
from sklearn_bayescmp.tables._words import reading_text
from tests._messages import naming

HEURISTICS = [f"H{k}" for k in range(8)]


def _graphs(n=9, seed=0):
    """Integer results of eight heuristics on graphs, described by their size and radius."""
    rng = np.random.default_rng(seed)
    return pd.DataFrame(
        {
            "instance": [f"g{i}" for i in range(n)],
            "Size": np.arange(10, 10 + n),
            "Radius": rng.integers(2, 6, n),
            "n_edges": rng.integers(20, 60, n),
            **{name: rng.integers(5, 30, n) for name in HEURISTICS},
        }
    )


def test_descriptor_columns_are_ignored_and_said_to_be():
    table = ScoreTable.read_csv(io.StringIO(_graphs().to_csv(index=False)), greater_is_better=True)
    assert table.models == tuple(HEURISTICS)
    assert table.ignored_columns == ("Size", "Radius", "n_edges")
    assert "ignored 'Size', 'Radius', 'n_edges'" in reading_text(table.reading)
    # No name says the direction: the user's, said as such.
    assert "higher is better (the user's choice" in reading_text(table.reading)
    # Counts are not shares: the comparison asks for a rope in their units.
    with pytest.raises(RopeUnitsError, match=r"scores from 5 to 29"):
        compare_models(table)


def test_a_descriptor_name_that_varies_within_a_data_set_is_refused():
    frame = pd.DataFrame(
        {"dataset": ["a", "a", "b", "b"], "fold": [0, 1, 0, 1], "x": [0.9, 0.8, 0.7, 0.6]}
    )
    frame["size"] = [0.91, 0.82, 0.73, 0.61]  # varies with the fold: a model's scores?
    with pytest.raises(ValueError, match=naming("'size'", "description")):
        ScoreTable.read_csv(io.StringIO(frame.to_csv(index=False)), test_train_ratio=1 / 9)


def test_a_long_table_never_takes_a_descriptor_for_its_score():
    frame = pd.DataFrame(
        {
            "dataset": ["a"] * 4 + ["b"] * 4,
            "model": ["m", "m", "n", "n"] * 2,
            "fold": [0, 1] * 4,
            "n_samples": [150] * 4 + [178] * 4,
            "value_of_run": [0.9, 0.8, 0.85, 0.82, 0.7, 0.72, 0.69, 0.7],
        }
    )
    table = ScoreTable.read_csv(io.StringIO(frame.to_csv(index=False)), greater_is_better=True)
    assert table.roles["score"] == "value_of_run" and "n_samples" in table.ignored_columns


@pytest.mark.long
def test_the_command_lists_every_model_it_took(tmp_path, capsys):
    path = tmp_path / "graphs.csv"
    path.write_text(_graphs().to_csv(index=False))
    assert main(["compare", str(path), "--lower-is-better", "--rope", "0.5"]) == 0
    err = capsys.readouterr().err
    assert "a column per model ('H0', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'H7')" in err
    assert "lower is better" in err


def test_the_fields_common_names_take_their_roles():
    rows = [
        [f"p{d}", model, resample, round(0.8 + 0.01 * resample + lead, 3)]
        for d in range(3)
        for model, lead in (("a", 0.02), ("b", 0.0))
        for resample in range(5)
    ]
    frame = pd.DataFrame(rows, columns=["problem", "classifier", "resample", "accuracy"])
    table = ScoreTable.read_csv(io.StringIO(frame.to_csv(index=False)))
    assert table.roles["split"] == "resample" and table.design == "resamples"
    frame = frame.rename(columns={"problem": "instance", "classifier": "framework"})
    frame.insert(2, "iteration", 0)
    frame = frame.rename(columns={"resample": "fold"})
    table = ScoreTable.read_csv(io.StringIO(frame.to_csv(index=False)))
    assert table.roles == {
        "model": "framework",
        "dataset": "instance",
        "score": "accuracy",
        "repeat": "iteration",
        "fold": "fold",
    }
    assert table.design == "cross-validation"
