"""Tables as people write them: their column names, their losses, their percents."""

import io
import re
import warnings

import numpy as np
import pytest

from sklearn_bayescmp import ScoreTable
from sklearn_bayescmp.tables._words import reading_text
from tests._messages import naming

RNG = np.random.default_rng(0)
ROWS = [
    (dataset, model, repeat, fold, float(np.round(0.8 + RNG.normal(0, 0.02), 4)))
    for dataset in ("iris", "wine")
    for model in ("nbc", "j48", "svm")
    for repeat in range(2)
    for fold in range(3)
]


def _csv(header, rows=ROWS, transform=lambda row: row):
    lines = [",".join(header)] + [",".join(str(v) for v in transform(row)) for row in rows]
    return "\n".join(lines) + "\n"


CANONICAL = ScoreTable.read_csv(
    io.StringIO(_csv(("dataset", "model", "repeat", "fold", "score"))), test_train_ratio=1 / 2
)


@pytest.mark.parametrize(
    "header",
    [
        ("dataset", "classifier", "run", "fold", "accuracy"),
        ("Data Set", "Learner", "Seed", "Fold", "AUC"),
        ("problem", "algorithm", "repetition", "fold", "f1"),
        ("task", "method", "rep", "fold", "value"),  # the one numeric column left is the score
        ("data", "system", "repeat", "fold", "score"),  # the one text column left is the model
    ],
)
def test_common_names_read_without_options(header):
    table = ScoreTable.read_csv(
        io.StringIO(_csv(header)), test_train_ratio=1 / 2, greater_is_better=True
    )
    assert table == CANONICAL
    assert set(table.roles.values()) == set(header)


def test_a_loss_says_which_way_is_better():
    text = _csv(("dataset", "classifier", "run", "fold", "error_rate"), transform=_error)
    table = ScoreTable.read_csv(io.StringIO(text), test_train_ratio=1 / 2)
    witness = table.spec.witness("direction")
    assert (witness.source, witness.name, witness.found) == ("score-column", "error_rate", "error")
    assert table == ScoreTable.read_csv(
        io.StringIO(text), test_train_ratio=1 / 2, greater_is_better=False
    )
    # Compared as -error = accuracy - 1: the same differences as the accuracies.
    np.testing.assert_allclose(table.scores("iris"), CANONICAL.scores("iris") - 1.0, atol=1e-12)


def _error(row):
    return (*row[:4], round(1.0 - row[4], 4))


def test_percent_scores_are_named_with_the_rope_they_imply():
    text = _csv(("dataset", "model", "repeat", "fold", "accuracy"), transform=_percent)
    table = ScoreTable.read_csv(io.StringIO(text), test_train_ratio=1 / 2)
    assert re.search("look like percentages.*one percentage point", reading_text(table.reading))
    # A score that no name says is a share: its units are its own, no note.
    text = _csv(("dataset", "model", "repeat", "fold", "score"), transform=_percent)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        ScoreTable.read_csv(io.StringIO(text), test_train_ratio=1 / 2)


def _percent(row):
    return (*row[:4], round(100 * row[4], 2))


@pytest.mark.parametrize(
    "header, candidates",
    [
        (("dataset", "model", "classifier", "repeat", "fold", "score"), "['model', 'classifier']"),
        (("dataset", "model", "repeat", "fold", "accuracy", "auc"), "['accuracy', 'auc']"),
    ],
)
def test_an_ambiguous_table_is_refused_with_the_candidates(header, candidates):
    def widen(row):
        # A classifier column that groups the rows otherwise than the model column.
        return (*row[:2], row[0], *row[2:]) if "classifier" in header else (*row, row[4])

    text = _csv(header, transform=widen)
    with pytest.raises(ValueError, match=re.escape(candidates) + ".*=<column>"):
        ScoreTable.read_csv(io.StringIO(text), test_train_ratio=1 / 2)


def test_a_wide_table_stays_wide():
    wide = "dataset,fold,nbc,j48\niris,0,0.9,0.8\niris,1,0.85,0.82\n"
    table = ScoreTable.read_csv(io.StringIO(wide), test_train_ratio=1, greater_is_better=True)
    assert table.models == ("nbc", "j48")
    assert table.roles == {"dataset": "dataset", "fold": "fold"}
    # What was done, said as such: the option that changes it is the command's note.
    assert reading_text(table.reading) == (
        "data set = 'dataset', fold = 'fold'; a column per model ('nbc', 'j48'); higher is "
        "better (the user's choice, greater_is_better=True)"
    )
    # A layout asked for is the layout read, whatever the names suggest.
    text = _csv(("dataset", "classifier", "run", "fold", "accuracy"))
    with pytest.raises(ValueError):
        ScoreTable.read_csv(
            io.StringIO(text), layout="wide", test_train_ratio=1 / 2, greater_is_better=True
        )


def test_one_score_per_data_set_and_model_is_a_table_of_means():
    # A paper's table: no split, no sizes. The tests of means run on it.
    from sklearn_bayescmp import compare_models

    text = "classifier,dataset,auc\n" + "".join(
        f"{model},d{d},{0.8 + 0.01 * d + (0.02 if model == 'a' else 0.0)}\n"
        for d in range(8)
        for model in ("a", "b", "c")
    )
    table = ScoreTable.read_csv(io.StringIO(text))
    assert table.roles == {"model": "classifier", "score": "auc", "dataset": "dataset"}
    assert table.splits("d0")["repeat"].tolist() == [0]
    comparison = compare_models(table, random_state=0)
    assert comparison.test == "signed_rank" and comparison.decisions[0, 1] == "a"
    with pytest.raises(
        ValueError, match=naming("one score per data set and model", "'signed_rank'")
    ):
        compare_models(table, test="poisson")  # reads every split


def test_cross_validate_results_become_a_table():
    from sklearn.datasets import load_iris, load_wine
    from sklearn.model_selection import KFold, cross_validate
    from sklearn.naive_bayes import GaussianNB
    from sklearn.tree import DecisionTreeClassifier

    from sklearn_bayescmp import RepeatedCVComparator

    cv = KFold(5, shuffle=True, random_state=0)
    models = {"NB": GaussianNB(), "tree": DecisionTreeClassifier(random_state=0)}
    data = {"iris": load_iris(return_X_y=True), "wine": load_wine(return_X_y=True)}
    results = {
        name: {
            model: cross_validate(est, X, y, cv=cv, scoring=["accuracy", "f1_macro"])
            for model, est in models.items()
        }
        for name, (X, y) in data.items()
    }
    sizes = {name: [len(train) for train, _ in cv.split(X)] for name, (X, _) in data.items()}
    tests = {name: [len(test) for _, test in cv.split(X)] for name, (X, _) in data.items()}
    table = ScoreTable.from_cross_validate(results, n_train=sizes, n_test=tests, metric="accuracy")
    # The same scores as the comparator's on the same splits.
    comparator = RepeatedCVComparator(
        *models.values(), names=tuple(models), cv=cv, scoring="accuracy"
    ).fit_datasets(data)
    assert table == comparator.to_table()
    with pytest.raises(ValueError, match=re.escape("pass metric=<the scorer's name>")):
        ScoreTable.from_cross_validate(results, n_train=sizes, n_test=tests)


PAPER = "data set,C4.5,C4.5+m\nadult,0.763,0.768\ncmc,0.628,0.661\niris,0.936,0.931\n"


@pytest.mark.parametrize(
    "text",
    [
        PAPER,
        PAPER.replace("data set", "Dataset"),
        PAPER.replace("data set", "problem_name"),
        PAPER.replace("data set", "benchmark"),  # the one text column names the data sets
        PAPER.replace(",", ";"),
    ],
)
def test_a_papers_wide_table_is_one_score_per_data_set(text):
    table = ScoreTable.read_csv(io.StringIO(text), greater_is_better=True)
    assert table.models == ("C4.5", "C4.5+m")
    assert table.datasets == ("adult", "cmc", "iris")
    assert table.roles == {"dataset": text.split(",")[0].split(";")[0]}  # said, as guessed
    np.testing.assert_allclose(table.mean_scores()[:, 1], [0.768, 0.661, 0.931])
    assert all(len(table.splits(d)["fold"]) == 1 for d in table.datasets)


def test_dataframes_with_the_data_sets_in_their_index():
    pd = pytest.importorskip("pandas")
    canonical = ScoreTable.read_csv(io.StringIO(PAPER), greater_is_better=True)
    frame = pd.read_csv(io.StringIO(PAPER)).set_index("data set")
    assert (
        ScoreTable.from_wide(frame, greater_is_better=True) == canonical
    )  # autorank's input, index named
    frame.index.name = None
    assert ScoreTable.from_wide(frame, greater_is_better=True) == canonical  # ... or not
    # An index that only numbers the rows (or an id) is not read as a model's scores.
    ids = frame.reset_index(drop=True).rename_axis("id").assign(dataset=list(frame.index))
    assert ScoreTable.from_wide(ids, greater_is_better=True) == canonical
    # A long frame indexed by data set and model, as groupby(...).mean() leaves it.
    stacked = frame.rename_axis("dataset").stack().rename_axis(["dataset", "classifier"])
    assert (
        ScoreTable.from_long(stacked.rename("auc").to_frame(), greater_is_better=True) == canonical
    )


def test_rows_without_data_set_names_say_both_readings():
    text = "C4.5,C4.5+m\n0.763,0.768\n0.628,0.661\n"
    with pytest.raises(
        ValueError, match=naming("splits of one data set", "each row is a data set")
    ):
        ScoreTable.read_csv(io.StringIO(text))
    # Rows as splits, when that is what they are.
    rows = ScoreTable.read_csv(io.StringIO(text), test_train_ratio=1 / 9, greater_is_better=True)
    assert rows.n_datasets == 1


def test_the_user_guides_coming_from_table():
    """The "Here" column of "Coming from autorank, ..." on Demšar's table, against baycomp."""
    pd = pytest.importorskip("pandas")
    baycomp = pytest.importorskip("baycomp")  # test-only dependency
    from pathlib import Path

    from sklearn_bayescmp import compare_models
    from sklearn_bayescmp.plotting import CriticalDifferenceDisplay
    from sklearn_bayescmp.stats import (
        friedman_test,
        nemenyi_critical_difference,
        rank_posthoc,
        signed_rank_test,
    )

    path = Path(__file__).parent / "data" / "demsar2006_table6.csv"
    data = pd.read_csv(path).set_index("data set")  # autorank's input
    table = ScoreTable.from_wide(data, greater_is_better=True)
    comparison = compare_models(table, rope=0.01, random_state=0)
    friedman = comparison.reference.friedman
    assert friedman.critical_difference == nemenyi_critical_difference(4, 14)
    nemenyi = friedman.posthoc(method="nemenyi")
    assert nemenyi.pvalues_adjusted.shape == (4, 4)
    dunn = rank_posthoc(
        friedman.average_ranks, 14, method="bonferroni_dunn", control="C4.5", names=table.models
    )
    assert dunn.compared[0].sum() == 3
    pytest.importorskip("matplotlib")
    assert CriticalDifferenceDisplay.from_friedman(friedman_test(data.to_numpy())).groups
    # baycomp's two_on_multiple(x, y) is the signed-rank test of x - y, left = x better.
    x, y = data["C4.5+m+cf"].to_numpy(), data["C4.5"].to_numpy()
    p_left, p_rope, p_right = baycomp.two_on_multiple(x, y, rope=0.01)
    ours = signed_rank_test(x - y, rope=0.01, random_state=0)
    assert ours.prob_a_better == pytest.approx(p_left, abs=0.01)
    assert ours.prob_equivalent == pytest.approx(p_rope, abs=0.01)
    pair = comparison.result("C4.5+m+cf", "C4.5")
    assert pair.prob_a_better == pytest.approx(p_left, abs=0.01)


def test_a_searchs_cv_results_become_a_table():
    from sklearn.datasets import load_iris
    from sklearn.model_selection import GridSearchCV, KFold
    from sklearn.svm import SVC

    from sklearn_bayescmp.model_selection import compare_search_candidates

    X, y = load_iris(return_X_y=True)
    cv = KFold(5, shuffle=True, random_state=0)
    grid = {"C": [0.1, 1.0, 10.0]}
    search = GridSearchCV(SVC(), grid, cv=cv, scoring=["accuracy", "f1_macro"], refit="accuracy")
    search.fit(X, y)
    table = ScoreTable.from_cv_results(
        search.cv_results_, n_train=120, n_test=30, metric="accuracy"
    )
    assert table.models == ("C=0.1", "C=1.0", "C=10.0")
    np.testing.assert_array_equal(
        table.scores()[1], [search.cv_results_[f"split{i}_test_accuracy"][1] for i in range(5)]
    )
    # The same table as the one compare_search_candidates builds from the search and the data.
    from_search = compare_search_candidates(search, X, y).table
    assert table.select(models=list(from_search.models)) == from_search
    pd = pytest.importorskip("pandas")
    saved = pd.DataFrame(search.cv_results_)  # as written to disk by an earlier run
    assert ScoreTable.from_cv_results(saved, n_train=120, n_test=30, metric="accuracy") == table
    # ... or written to CSV and read back, where params is the dicts' text.
    saved.to_csv(buffer := io.StringIO(), index=False)
    buffer.seek(0)
    read_back = ScoreTable.from_cv_results(
        pd.read_csv(buffer), n_train=120, n_test=30, metric="accuracy"
    )
    assert read_back.models == ("{'C': 0.1}", "{'C': 1.0}", "{'C': 10.0}")
    np.testing.assert_array_equal(read_back.scores(), table.scores())
    with pytest.raises(ValueError, match=naming("'score'", "'accuracy'")):
        ScoreTable.from_cv_results(search.cv_results_, n_train=120, n_test=30)


def test_an_openml_style_runs_table():
    # OpenML's per-fold evaluations: ids, the flow, the data set, repeat, fold, value.
    rows = [
        (1000 + k, 59, 7 + m, flow, data, repeat, fold, round(0.8 + 0.01 * m + 0.001 * fold, 4))
        for k, (m, flow, data, repeat, fold) in enumerate(
            (m, flow, data, repeat, fold)
            for m, flow in enumerate(("sklearn.svm.SVC(1)", "weka.J48(3)"))
            for data in ("iris", "credit-g")
            for repeat in range(2)
            for fold in range(3)
        )
    ]
    header = ("run_id", "task_id", "flow_id", "flow_name", "data_name", "repeat", "fold", "value")
    table = ScoreTable.read_csv(
        io.StringIO(_csv(header, rows)), test_train_ratio=1 / 2, greater_is_better=True
    )
    assert table.roles == {
        "model": "flow_name",
        "score": "value",
        "dataset": "data_name",
        "repeat": "repeat",
        "fold": "fold",
    }
    assert table.models == ("sklearn.svm.SVC(1)", "weka.J48(3)")
    assert table.datasets == ("iris", "credit-g")
    np.testing.assert_allclose(table.scores("iris")[1], [0.81, 0.811, 0.812] * 2)


def test_scikit_posthocs_melted_block_design():
    # posthoc_nemenyi_friedman(data, melted=True, block_col="blocks", group_col="groups", y_col="y")
    text = "blocks,groups,y\n" + "".join(
        f"d{d},{model},{0.8 + 0.01 * d + 0.02 * k}\n"
        for d in range(6)
        for k, model in enumerate(("a", "b", "c"))
    )
    table = ScoreTable.read_csv(io.StringIO(text), greater_is_better=True)
    assert table.roles == {"model": "groups", "score": "y", "dataset": "blocks"}
    assert table.models == ("a", "b", "c") and table.n_datasets == 6


def test_an_unknown_repeat_column_is_named_by_the_option(tmp_path, capsys):
    from sklearn_bayescmp.cli import main

    path = tmp_path / "replicates.csv"
    path.write_text(_csv(("dataset", "classifier", "replicate", "fold", "accuracy")))
    assert main(["compare", str(path), "--test-train-ratio", "1"]) == 2
    assert (
        "if 'replicate' tells the repeat or the fold, pass --repeat-col replicate or "
        + ("--fold-col replicate")
        in capsys.readouterr().err
    )
    assert main(["compare", str(path), "--test-train-ratio", "1", "--repeat-col", "replicate"]) == 0
    expected = ScoreTable.read_csv(path, repeat="replicate", test_train_ratio=1)
    assert expected.splits("iris")["repeat"].tolist() == [0, 0, 0, 1, 1, 1]
