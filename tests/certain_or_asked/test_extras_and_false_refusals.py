"""Extras read as data are left out and named (a change of one model against another, a
geometric-mean row); a table turned around behind an index is refused; and legitimate
tables are no longer refused (single-letter models, a whole-number baseline, data sets
named "mean" in a per-split table)."""

import io

import numpy as np
import pytest

from sklearn_bayescmp import ScoreTable
from sklearn_bayescmp.exceptions import TableReadingError

SCORES = np.round(np.random.default_rng(3).uniform(0.6, 0.9, (8, 3)), 4)


def _wide(extra=None, names=("A", "B", "Base"), rows=()):
    extra = extra or {}
    lines = [",".join(["dataset", *names, *extra])]
    for i, row in enumerate(SCORES.tolist()):
        lines.append(",".join([f"d{i}", *map(str, row), *(str(v[i]) for v in extra.values())]))
    lines += [",".join(map(str, row)) for row in rows]
    return io.StringIO("\n".join(lines) + "\n")


@pytest.mark.parametrize(
    "name, values, kind",
    [
        ("Δ vs Base", SCORES[:, 0] - SCORES[:, 2], "difference"),
        ("Gain", SCORES[:, 1] - SCORES[:, 2], "difference"),
        (
            "improvement (%)",
            100 * (SCORES[:, 0] - SCORES[:, 2]) / SCORES[:, 2],
            "change in percent",
        ),
    ],
)
def test_a_change_of_one_model_against_another_is_left_out_and_named(name, values, kind):
    table = ScoreTable.read_csv(_wide({name: np.round(values, 4)}), greater_is_better=True)
    assert table.models == ("A", "B", "Base")
    (entry,) = [e for e in table.spec.left_out if e.name == name]
    assert entry.reason == "pair-statistic" and entry.about[0] == kind


def test_an_unnamed_column_that_is_a_change_is_asked_about():
    values = np.round(SCORES[:, 0] - SCORES[:, 2], 4)
    with pytest.raises(TableReadingError, match="is the difference of .* on every row"):
        ScoreTable.read_csv(_wide({"C": values}), greater_is_better=True)


@pytest.mark.parametrize(
    "label, statistic",
    [
        ("Geo. mean", lambda s: np.exp(np.log(s).mean(axis=0))),
        ("Harmonic mean", lambda s: 1 / (1 / s).mean(axis=0)),
    ],
)
def test_geometric_and_harmonic_mean_rows_are_left_out(label, statistic):
    row = [label, *np.round(statistic(SCORES), 4).tolist()]
    table = ScoreTable.read_csv(_wide(rows=[row]), greater_is_better=True)
    assert table.n_datasets == 8
    assert [e.name for e in table.spec.left_out] == [label]


@pytest.mark.parametrize("corner", ["", "Unnamed: 0", "index"])
def test_a_transposed_table_behind_an_index_is_refused(corner):
    # df.T written with its index: a row per model, a column per data set.
    header = ",".join([corner, *(f"d{i}" for i in range(8))])
    lines = [header] + [",".join([m, *map(str, SCORES[:, k])]) for k, m in enumerate("ABC")]
    with pytest.raises(TableReadingError, match="a table turned around"):
        ScoreTable.read_csv(io.StringIO("\n".join(lines) + "\n"), greater_is_better=True)


def test_single_letter_models_of_whole_numbers_are_models():
    counts = np.random.default_rng(0).integers(5, 30, (6, 4))
    lines = ["instance,D,K,N,P"] + [f"g{i}," + ",".join(map(str, r)) for i, r in enumerate(counts)]
    table = ScoreTable.read_csv(io.StringIO("\n".join(lines) + "\n"), greater_is_better=False)
    assert table.models == ("D", "K", "N", "P")


def test_a_whole_number_baseline_inside_a_percent_table_is_a_model():
    text = (
        "dataset,A,B,Baseline\nd0,81.5,80.2,79\nd1,92.1,90.5,90\nd2,70.3,72.0,71\nd3,88.4,86.1,85\n"
    )
    table = ScoreTable.read_csv(io.StringIO(text), greater_is_better=True)
    assert table.models == ("A", "B", "Baseline")


@pytest.mark.parametrize("name", ["mean", "All", "average"])
def test_a_data_set_named_like_a_summary_in_a_per_split_table_is_a_data_set(name):
    rng = np.random.default_rng(0)
    rows = "".join(
        f"{d},{m},{f},{0.8 + rng.normal(0, 0.01):.4f}\n"
        for d in ("iris", name, "wine")
        for m in "ab"
        for f in range(3)
    )
    table = ScoreTable.read_csv(
        io.StringIO("dataset,model,fold,accuracy\n" + rows), test_train_ratio=1 / 2
    )
    assert name in table.datasets
