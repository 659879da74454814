"""Summary rows and companion columns: read as data only where the values say they are.

A paper's table carries rows that summarise the others (Average, Mean, Total,
Wins, an average rank), columns that accompany a model (its spread, its rank),
a row-mean column, descriptions of the data sets (KEEL's #Ex., #Atts., #Cl.,
IR; d, p, k; a year) and a dataframe's written-out index. Each is left out
where its values are what its name says, and refused in one line where they
are not; ``models=`` and ``datasets=`` always settle it.
"""

import io
import re
import warnings

import numpy as np
import pandas as pd
import pytest
from scipy.stats import rankdata

from sklearn_bayescmp import ScoreTable
from sklearn_bayescmp.exceptions import TableReadingError
from sklearn_bayescmp.tables._words import reading_text
from tests._messages import naming

from .._tables import DATASETS, csv_file, csv_text, paper_scores, wide_rows

MODELS = ("C4.5", "SVM", "kNN")
SCORES = paper_scores()
#: The refusal that used to blame these tables: none of them mixes percentages.
MISBLAMED = "fractions and percentages are mixed"


def _plain():
    return ScoreTable.read_csv(
        csv_file(("dataset", *MODELS), wide_rows(SCORES)), greater_is_better=True
    )


def _left_out(table):
    """Each entry left out, by kind and name: its reason's code and what it speaks of."""
    return {(e.kind, e.name): (e.reason, *e.about) for e in table.reading.left_out}


def _with_row(label, values, digits=4):
    rows = [*wide_rows(SCORES), [label, *np.round(values, digits).tolist()]]
    return csv_file(("dataset", *MODELS), rows)


def _wins(scores, best=np.max):
    return (scores == best(scores, axis=1, keepdims=True)).sum(axis=0)


@pytest.mark.parametrize(
    "label, values, statistic",
    [
        ("Average", SCORES.mean(axis=0), "mean"),
        ("Mean", SCORES.mean(axis=0), "mean"),
        ("avg.", SCORES.mean(axis=0), "mean"),
        ("Total", SCORES.sum(axis=0), "sum"),
        ("Median", np.median(SCORES, axis=0), "median"),
        ("Std", SCORES.std(axis=0, ddof=1), "standard deviation"),
        ("Wins", _wins(SCORES), "wins"),
        ("Avg. rank", rankdata(-SCORES, axis=1).mean(axis=0), "average rank"),
        ("Best", SCORES.max(axis=0), "maximum"),
        ("Average (all)", SCORES.mean(axis=0), "mean"),
        ("Overall mean", SCORES.mean(axis=0), "mean"),
    ],
)
def test_a_summary_row_is_left_out_and_said(label, values, statistic):
    table = ScoreTable.read_csv(_with_row(label, values), greater_is_better=True)
    assert table == _plain()
    assert _left_out(table)[("row", label)] == ("summary", statistic, "rows")
    assert f"left out row {label!r} (" in reading_text(table.reading) and statistic in reading_text(
        table.reading
    )


def test_a_row_printed_with_fewer_digits_is_still_the_mean():
    # The data at four digits, the paper's average at two.
    table = ScoreTable.read_csv(
        _with_row("Average", SCORES.mean(axis=0), digits=2), greater_is_better=True
    )
    assert table == _plain()


@pytest.mark.parametrize("label", ["Average", "Wins", "p-value", "Rank"])
def test_a_row_named_as_a_summary_that_is_none_is_refused(label):
    values = SCORES.mean(axis=0) + [0.05, -0.03, 0.0]
    with pytest.raises(ValueError, match=rf"row '{label}' is named like a summary") as caught:
        ScoreTable.read_csv(_with_row(label, values), greater_is_better=True)
    assert "datasets=[...]" in str(caught.value) and MISBLAMED not in str(caught.value)
    # Named as a data set by the user, it is one.
    datasets = [*DATASETS, label]
    table = ScoreTable.read_csv(_with_row(label, values), datasets=datasets, greater_is_better=True)
    assert table.datasets == tuple(datasets)


@pytest.mark.parametrize(
    ("label", "row", "statistic"),
    [
        # Symmetric rows: the median is the mean too, to the printed precision.
        ("Median", "0.76,0.77,0.68", "median"),
        ("Mean", "0.76,0.76,0.69", "mean"),
    ],
)
def test_a_summary_row_is_the_statistic_its_name_says_where_several_match(label, row, statistic):
    text = (
        "dataset,rf,svm,knn\nd1,0.81,0.79,0.70\nd2,0.91,0.85,0.80\nd3,0.71,0.75,0.60\n"
        f"d4,0.61,0.65,0.66\n{label},{row}\n"
    )
    table = ScoreTable.read_csv(io.StringIO(text), greater_is_better=True)
    assert table.n_datasets == 4
    assert _left_out(table)[("row", label)] == ("summary", statistic, "rows")


def test_a_row_of_wins_is_the_wins_where_its_counts_are_also_a_rough_sum():
    text = "dataset,rf,svm\nd1,0.81,0.79\nd2,0.91,0.85\nd3,0.71,0.75\nTotal wins,2,1\n"
    table = ScoreTable.read_csv(io.StringIO(text), greater_is_better=True)
    assert _left_out(table)[("row", "Total wins")] == ("summary", "wins", "rows")


def test_a_summary_row_over_constant_models_is_asked_for_what_it_is_not_blamed():
    # Two models score alike on every row: every statistic of theirs matches, and only
    # one model is left to tell the mean from the median. The question says so.
    text = "dataset,knn,tree,svm\n" + "".join(
        f"d{i},{0.2 + i / 100:.2f},0.25,0.30\n" for i in range(8)
    )
    average = text + "Average,0.235,0.25,0.30\n"
    with pytest.raises(ValueError, match=naming("'Average'", "1 model(s) only")) as caught:
        ScoreTable.read_csv(io.StringIO(average), greater_is_better=True)
    assert "are not their mean" not in str(caught.value)
    # Following either advice reads it: dropped, or kept as a data set.
    assert ScoreTable.read_csv(io.StringIO(text), greater_is_better=True).n_datasets == 8
    names = [f"d{i}" for i in range(8)] + ["Average"]
    kept = ScoreTable.read_csv(io.StringIO(average), datasets=names, greater_is_better=True)
    assert kept.datasets == tuple(names)


def test_a_summary_column_over_rows_alike_is_asked_for_what_it_is_not_blamed():
    # The two models differ on one row only: too few to tell a statistic of theirs.
    text = "dataset,knn,tree,Average\nd0,0.80,0.80,0.80\nd1,0.75,0.75,0.75\nd2,0.70,0.90,0.80\n"
    with pytest.raises(ValueError, match=naming("'Average'", "1 row(s) only")) as caught:
        ScoreTable.read_csv(io.StringIO(text), greater_is_better=True)
    assert "are not their mean" not in str(caught.value)
    listed = ScoreTable.read_csv(
        io.StringIO(text), models=["knn", "tree", "Average"], greater_is_better=True
    )
    assert listed.models == ("knn", "tree", "Average")


def test_a_row_that_is_the_mean_of_the_others_without_the_name_is_refused():
    rng = np.random.default_rng(3)
    scores = np.round(rng.uniform(0.6, 0.95, (8, 5)), 6)
    rows = [*wide_rows(scores), ["d8", *np.round(scores.mean(axis=0), 6).tolist()]]
    header = ("dataset", *(f"m{k}" for k in range(5)))
    with pytest.raises(ValueError, match=naming("'d8'", "mean")):
        ScoreTable.read_csv(csv_file(header, rows), greater_is_better=True)
    kept = ScoreTable.read_csv(
        csv_file(header, rows), datasets=[*DATASETS, "d8"], greater_is_better=True
    )
    assert kept.n_datasets == 9


def test_coarse_tables_are_not_taken_for_summaries_by_chance():
    # Two-digit accuracies of two models: a row near the mean of the others is likely by
    # chance, so the values alone decide nothing.
    for seed in range(20):
        scores = np.round(np.random.default_rng(seed).uniform(0.7, 0.9, (12, 2)), 2)
        scores[5] = np.round(np.delete(scores, 5, axis=0).mean(axis=0), 2)
        table = ScoreTable.read_csv(
            csv_file(("dataset", "a", "b"), wide_rows(scores, range(12))), greater_is_better=True
        )
        assert table.n_datasets == 12
        assert table.scores("5").ravel().tolist() == scores[5].tolist()  # read as a data set


@pytest.mark.parametrize(
    "names, reason",
    [
        (("C4.5_std", "SVM_std", "kNN_std"), "spread"),
        (("C4.5 (std)", "SVM (std)", "kNN (std)"), "spread"),
        (("sd_C4.5", "sd_SVM", "sd_kNN"), "spread"),
        (("rank_C4.5", "rank_SVM", "rank_kNN"), "rank"),
        (("std(C4.5)", "std(SVM)", "std(kNN)"), "spread"),
        (("C4.5 ±", "SVM ±", "kNN ±"), "spread"),
        (("C4.5 rank", "SVM rank", "kNN rank"), "rank"),
    ],
)
def test_a_model_s_spread_or_rank_is_left_out_and_said(names, reason):
    rng = np.random.default_rng(1)
    if reason == "rank":
        extra = rankdata(-SCORES, axis=1).T
    else:
        extra = np.round(rng.uniform(0.005, 0.03, (3, 8)), 3)
    table = ScoreTable.read_csv(
        csv_file(("dataset", *MODELS, *names), wide_rows(SCORES, extra=extra)),
        greater_is_better=True,
    )
    assert table.models == MODELS and table == _plain()
    assert all(_left_out(table)[("column", name)] == (reason,) for name in names)
    assert f"ignored {', '.join(map(repr, names))} (a model's {reason})" in reading_text(
        table.reading
    )


def test_a_spread_that_is_negative_or_a_rank_beyond_the_models_is_refused():
    spreads = np.full((3, 8), 0.01)
    spreads[1, 2] = -0.02
    header = ("dataset", *MODELS, "C4.5_std", "SVM_std", "kNN_std")
    with pytest.raises(ValueError, match=naming("'SVM_std'", "'SVM'")):
        ScoreTable.read_csv(
            csv_file(header, wide_rows(SCORES, extra=spreads)), greater_is_better=True
        )
    ranks = np.full((1, 8), 7)
    with pytest.raises(ValueError, match=naming("'rank_SVM'", "'SVM'")):
        ScoreTable.read_csv(
            csv_file(("dataset", *MODELS, "rank_SVM"), wide_rows(SCORES, extra=ranks)),
            greater_is_better=True,
        )


@pytest.mark.parametrize(
    "name, values, statistic",
    [
        ("Average", SCORES.mean(axis=1), "mean"),
        ("Mean", SCORES.mean(axis=1), "mean"),
        ("Best", SCORES.max(axis=1), "maximum"),
        ("Overall", SCORES.mean(axis=1), "mean"),
    ],
)
def test_a_column_that_summarises_the_models_is_left_out(name, values, statistic):
    extra = np.round(values, 4)[None, :]
    table = ScoreTable.read_csv(
        csv_file(("dataset", *MODELS, name), wide_rows(SCORES, extra=extra)), greater_is_better=True
    )
    assert table.models == MODELS
    assert _left_out(table)[("column", name)] == ("summary", statistic, "model columns")


def test_a_column_named_as_a_summary_that_is_none_is_refused_unless_a_baseline():
    extra = np.round(SCORES.mean(axis=1) - 0.1, 4)[None, :]
    with pytest.raises(ValueError, match=naming("'Average'", "summary")):
        ScoreTable.read_csv(
            csv_file(("dataset", *MODELS, "Average"), wide_rows(SCORES, extra=extra)),
            greater_is_better=True,
        )
    # A model named "mean" (a baseline predicting it) whose values are no summary is one.
    table = ScoreTable.read_csv(
        csv_file(("dataset", *MODELS, "mean"), wide_rows(SCORES, extra=extra)),
        greater_is_better=True,
    )
    assert table.models == (*MODELS, "mean")
    assert "'mean' is named like a summary, but its values are none" in reading_text(table.reading)


def test_an_unnamed_column_that_is_the_row_mean_of_the_others_is_refused():
    rng = np.random.default_rng(5)
    scores = np.round(rng.uniform(0.6, 0.95, (8, 4)), 5)
    extra = np.round(scores.mean(axis=1), 5)[None, :]
    header = ("dataset", "a", "b", "c", "d", "combined")
    with pytest.raises(ValueError, match=naming("'combined'", "mean")):
        ScoreTable.read_csv(
            csv_file(header, wide_rows(scores, extra=extra)), greater_is_better=True
        )
    table = ScoreTable.read_csv(
        csv_file(header, wide_rows(scores, extra=extra)),
        models=["a", "b", "c", "d"],
        greater_is_better=True,
    )
    assert table.ignored_columns == ("combined",)
    named = ScoreTable.read_csv(
        csv_file((*header[:-1], "overall score"), wide_rows(scores, extra=extra)),
        greater_is_better=True,
    )
    assert named.models == ("a", "b", "c", "d") and named.ignored_columns == ("overall score",)


def _keel(percent=True, seed=0):
    """A KEEL-style table: data-set descriptors, then the models' accuracies in percent."""
    rng = np.random.default_rng(seed)
    n = 10
    scores = np.round(100 * paper_scores(n_datasets=n, seed=seed), 2 if percent else 4)
    if not percent:
        scores = np.round(scores / 100, 4)
    return pd.DataFrame(
        {
            "Dataset": [f"keel{i}" for i in range(n)],
            "#Ex.": rng.integers(100, 5000, n),
            "#Atts.": rng.integers(4, 60, n),
            "#Cl.": rng.integers(2, 10, n),
            "IR": np.round(rng.uniform(1.5, 130, n), 2),
            **{model: scores[:, k] for k, model in enumerate(MODELS)},
        }
    )


@pytest.mark.parametrize("percent", [True, False])
def test_keel_descriptors_are_left_out(percent):
    frame = _keel(percent)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        table = ScoreTable.read_csv(io.StringIO(frame.to_csv(index=False)), greater_is_better=True)
    # No name says the scores are shares (an accuracy): no note on percentages.
    assert not [w for w in caught if "percentages" in str(w.message)]
    assert table.models == MODELS
    left = _left_out(table)
    assert left[("column", "#Ex.")] == ("whole-numbers",)
    assert left[("column", "IR")] == ("outside-scores",)


@pytest.mark.parametrize(
    "extra",
    [
        {"d": [4, 8, 13, 60, 9, 21, 7, 34]},
        {"p": [4, 8, 13, 60, 9, 21, 7, 34], "k": [2, 3, 2, 10, 2, 7, 3, 2]},
        {"Year": [2001, 2003, 2005, 2007, 2009, 2011, 2013, 2015]},
        {"#inst": [150, 178, 569, 1000, 214, 768, 351, 3772]},
        {"IR (imbalance)": [1.5, 1.8, 2.3, 8.6, 15.3, 40.1, 1.9, 3.3]},
        {"n features": [4, 8, 13, 60, 9, 21, 7, 34]},
    ],
)
def test_counts_and_letters_describing_the_data_sets_are_left_out(extra):
    frame = pd.DataFrame({"dataset": DATASETS, **dict(zip(MODELS, SCORES.T, strict=True))})
    frame = frame.assign(**extra)
    table = ScoreTable.read_csv(io.StringIO(frame.to_csv(index=False)), greater_is_better=True)
    assert table.models == MODELS and set(table.ignored_columns) == set(extra)


def test_a_descriptor_name_on_the_scale_of_the_scores_is_refused():
    frame = pd.DataFrame({"dataset": DATASETS, **dict(zip(MODELS, SCORES.T, strict=True))})
    frame["IR"] = SCORES[:, 0] - 0.01  # scores, whatever the name
    with pytest.raises(ValueError, match="column 'IR' is named like a description"):
        ScoreTable.read_csv(io.StringIO(frame.to_csv(index=False)), greater_is_better=True)


@pytest.mark.parametrize(
    "name, values",
    [
        ("Year", [2000, 2001, 2002, 2003, 2004, 2005, 2006, 2007]),  # named: a descriptor
        ("published", [2000, 2001, 2002, 2003, 2004, 2005, 2006, 2007]),  # unnamed
        ("n_samples_in_k", [0.15, 0.178, 5.69, 10.0, 2.14, 7.68, 3.51, 37.72]),
    ],
)
def test_a_column_on_another_scale_is_never_a_model(name, values):
    frame = pd.DataFrame({"dataset": DATASETS, **dict(zip(MODELS, SCORES.T, strict=True))})
    frame[name] = values
    try:
        table = ScoreTable.read_csv(io.StringIO(frame.to_csv(index=False)), greater_is_better=True)
    except ValueError as error:
        message = str(error)
        assert f"column {name!r}" in message and "models=[...]" in message
        assert MISBLAMED not in message
    else:
        assert table.models == MODELS and name in table.ignored_columns


def test_whole_numbers_beside_scores_are_refused_naming_what_they_are():
    frame = pd.DataFrame({"dataset": DATASETS, **dict(zip(MODELS, SCORES.T, strict=True))})
    frame["first"] = [3, 1, 0, 2, 5, 1, 2, 0]  # the count of data sets each ranked first?
    with pytest.raises(ValueError, match=re.escape("column 'first' holds whole numbers")):
        ScoreTable.read_csv(io.StringIO(frame.to_csv(index=False)), greater_is_better=True)


@pytest.mark.parametrize("round_trip", ["Unnamed: 0", "index", ""])
def test_a_dataframe_index_written_out_is_left_out(round_trip):
    frame = pd.DataFrame({"dataset": DATASETS, **dict(zip(MODELS, SCORES.T, strict=True))})
    frame.insert(0, round_trip, range(len(frame)))
    table = ScoreTable.read_csv(io.StringIO(frame.to_csv(index=False)), greater_is_better=True)
    assert table.models == MODELS and table == _plain()
    assert table.ignored_columns == (round_trip,)


def test_a_filtered_frame_s_index_is_left_out_too():
    frame = pd.DataFrame({"dataset": DATASETS, **dict(zip(MODELS, SCORES.T, strict=True))})
    text = frame.iloc[[0, 2, 3, 5, 6, 7]].to_csv()  # index 0, 2, 3, 5, 6, 7
    read = pd.read_csv(io.StringIO(text))  # "Unnamed: 0"
    table = ScoreTable.read_csv(io.StringIO(read.to_csv(index=False)), greater_is_better=True)
    assert table.models == MODELS and table.ignored_columns == ("Unnamed: 0",)


def test_a_summary_split_of_a_wide_table_of_folds_is_left_out():
    rng = np.random.default_rng(2)
    scores = np.round(rng.uniform(0.7, 0.9, (5, 2)), 4)
    rows = [["iris", fold, *row] for fold, row in enumerate(scores.tolist())]
    rows.append(["iris", "mean", *np.round(scores.mean(axis=0), 4).tolist()])
    text = csv_text(("dataset", "fold", "a", "b"), rows)
    table = ScoreTable.read_csv(io.StringIO(text), test_train_ratio=1 / 4, greater_is_better=True)
    assert table.splits("iris")["fold"].size == 5
    assert _left_out(table)[("split", "mean")] == ("summary", "mean", "splits")


def test_a_long_table_of_means_with_an_average_model_or_data_set():
    rows = []
    for i, name in enumerate(DATASETS):
        for k, model in enumerate(MODELS):
            rows.append((name, model, SCORES[i, k]))
        rows.append((name, "Average", round(SCORES[i].mean(), 4)))
    for k, model in enumerate(MODELS):
        rows.append(("Average", model, round(SCORES[:, k].mean(), 4)))
    rows.append(("Average", "Average", round(SCORES.mean(), 4)))
    table = ScoreTable.read_csv(
        csv_file(("dataset", "model", "score"), rows), greater_is_better=True
    )
    assert table.models == MODELS and table.datasets == tuple(DATASETS)
    left = _left_out(table)
    assert left[("model", "Average")] == ("summary", "mean", "models")
    assert left[("data set", "Average")] == ("summary", "mean", "rows")


def test_a_model_named_by_a_single_letter_is_a_model_where_its_values_are_scores():
    frame = pd.DataFrame({"dataset": DATASETS, **dict(zip("abcd", paper_scores(4).T, strict=True))})
    table = ScoreTable.read_csv(io.StringIO(frame.to_csv(index=False)), greater_is_better=True)
    assert table.models == ("a", "b", "c", "d")
    assert (
        "'d' is named like a description of the data sets (a count), but its values"
        in reading_text(table.reading)
    )


def test_models_settle_every_column():
    frame = _keel()
    frame["rank_SVM"] = 99  # no rank, and no model either
    table = ScoreTable.read_csv(
        io.StringIO(frame.to_csv(index=False)), models=list(MODELS), greater_is_better=True
    )
    assert table.models == MODELS
    assert set(table.ignored_columns) == {"#Ex.", "#Atts.", "#Cl.", "IR", "rank_SVM"}
    assert _left_out(table)[("column", "rank_SVM")] == ("not-listed",)


def test_whole_number_models_of_a_dataframe_are_read_by_name_not_as_rows():
    # pandas names columns 0, 1, 2 by default: frame[0] is a row to narwhals, not a column.
    scores = paper_scores(3)
    frame = pd.DataFrame(scores, index=pd.Index(DATASETS, name="dataset"))
    table = ScoreTable.from_wide(frame, greater_is_better=True)
    assert table.models == ("0", "1", "2") and table.datasets == tuple(DATASETS)
    np.testing.assert_array_equal(table.mean_scores(), scores)


@pytest.mark.parametrize(
    "flags", [[True, False] * 4, [1, 0] * 4, [0] * 8], ids=["bool", "zero-one", "zeros"]
)
def test_flags_beside_the_models_are_never_a_model_nor_a_change_of_two(flags):
    frame = pd.DataFrame({"dataset": DATASETS, **dict(zip(MODELS, SCORES.T, strict=True))})
    frame["binary"] = flags[: len(frame)]
    try:
        table = ScoreTable.from_wide(frame, greater_is_better=True)
    except TableReadingError as error:  # whole numbers beside scores: asked about
        assert "whole numbers" in str(error) and "change" not in str(error)
        assert "models=[...]" in str(error)
    else:  # True and False are text: one value for each data set, a description
        assert table.models == MODELS
        assert _left_out(table)[("column", "binary")] == ("one-value-each",)
