"""Searches and cross_validate results: only candidates scored alike are compared, named
alike everywhere; results on other splits are refused."""

import numpy as np
import pytest
from sklearn.datasets import load_iris
from sklearn.experimental import enable_halving_search_cv  # noqa: F401
from sklearn.model_selection import GridSearchCV, HalvingGridSearchCV, KFold, cross_validate
from sklearn.svm import SVC
from sklearn.tree import DecisionTreeClassifier

from sklearn_bayescmp import ScoreTable
from sklearn_bayescmp._search_results import search_candidates
from sklearn_bayescmp.model_selection import bayesian_refit, compare_search_candidates
from tests._messages import naming

X, Y = load_iris(return_X_y=True)
CV = KFold(5, shuffle=True, random_state=0)


@pytest.fixture(scope="module")
def halving():
    grid = {"C": [0.01, 0.1, 1.0, 10.0, 100.0, 1000.0]}
    return HalvingGridSearchCV(SVC(), grid, cv=CV, random_state=0).fit(X, Y)


def test_a_halving_search_keeps_the_candidates_of_its_last_iteration(halving):
    results = halving.cv_results_
    last = np.flatnonzero(results["iter"] == results["iter"].max())
    assert 0 < last.size < len(results["iter"])  # several iterations
    with pytest.warns(
        UserWarning,
        match=naming(f"{last.size} candidates", "iteration 1", "n_resources=150"),
    ):
        table = ScoreTable.from_cv_results(results, n_train=120, n_test=30)
    assert table.models == tuple(f"C={results['params'][i]['C']}" for i in last)
    scores = np.column_stack([results[f"split{k}_test_score"][last] for k in range(5)])
    np.testing.assert_array_equal(table.scores(), scores)
    with pytest.warns(UserWarning, match="successive-halving"):
        comparison = compare_search_candidates(halving, X, Y)
    assert set(comparison.models) == set(table.models)


def test_a_halving_search_refuses_candidates_of_earlier_iterations(halving):
    last = int(np.argmax(halving.cv_results_["iter"]))
    with pytest.raises(ValueError, match=naming("`candidates`", "[0]", "halving")):
        compare_search_candidates(halving, X, Y, candidates=[0, last])


def test_the_refit_rule_compares_only_the_last_iteration(halving):
    refit = bayesian_refit(test_train_ratio=1 / 4, complexity=lambda params: params["C"])
    with pytest.warns(UserWarning, match="successive-halving"):
        chosen = refit(halving.cv_results_)
    assert halving.cv_results_["iter"][chosen] == halving.cv_results_["iter"].max()


def test_candidates_are_named_alike_by_both_readers():
    # Parameters that print alike: each reader prefixes the candidate's row.
    search = GridSearchCV(SVC(), [{"C": [1]}, {"C": [1]}, {"C": [10]}], cv=CV).fit(X, Y)
    table = ScoreTable.from_cv_results(search.cv_results_, n_train=120, n_test=30)
    assert table.models == ("0: C=1", "1: C=1", "2: C=10")
    comparison = compare_search_candidates(search, X, Y)
    assert set(comparison.models) == set(table.models)


def test_cross_validate_results_on_other_splits_are_refused():
    results = {
        "svc": cross_validate(SVC(), X, Y, cv=CV, return_indices=True),
        "tree": cross_validate(
            DecisionTreeClassifier(random_state=0),
            X,
            Y,
            cv=KFold(5, shuffle=True, random_state=1),
            return_indices=True,
        ),
    }
    with pytest.raises(
        ValueError,
        match=naming("'svc'", "'tree'", "'data'", "split 0"),
    ):
        ScoreTable.from_cross_validate(results)


def test_cross_validate_indices_give_the_split_sizes():
    results = {
        "svc": cross_validate(SVC(), X, Y, cv=CV, return_indices=True),
        "tree": cross_validate(
            DecisionTreeClassifier(random_state=0), X, Y, cv=CV, return_indices=True
        ),
    }
    table = ScoreTable.from_cross_validate(results)
    assert table.splits()["n_train"].tolist() == [120] * 5
    assert table == ScoreTable.from_cross_validate(results, n_train=120, n_test=30)


def test_several_metrics_without_metric_name_them():
    results = {
        name: cross_validate(estimator, X, Y, cv=CV, scoring=["accuracy", "f1_macro"])
        for name, estimator in (("svc", SVC()), ("tree", DecisionTreeClassifier(random_state=0)))
    }
    with pytest.raises(
        ValueError,
        match=naming("'test_score'", "metric=", "'test_accuracy'", "'test_f1_macro'"),
    ):
        ScoreTable.from_cross_validate(results, n_train=120, n_test=30)
    table = ScoreTable.from_cross_validate(results, n_train=120, n_test=30, metric="f1_macro")
    np.testing.assert_array_equal(table.scores()[0], results["svc"]["test_f1_macro"])


def test_race_candidates_that_print_alike_are_told_apart_by_their_place():
    # Two candidates whose parameters print alike (1 and "1"), each on two blocks of folds.
    results = {
        "params": [{"C": 1}, {"C": "1"}, {"C": 1}, {"C": "1"}],
        "split0_test_score": np.array([0.8, 0.7, 0.9, 0.6]),
        "race_candidate": np.array([0, 1, 0, 1]),
        "race_first_split": np.array([0, 0, 1, 1]),
    }
    scores, names, rows = search_candidates(results, "score")
    np.testing.assert_array_equal(scores, [[0.8, 0.9], [0.7, 0.6]])
    assert rows.tolist() == [2, 3] and names == ["0: C=1", "1: C=1"]


@pytest.mark.parametrize("index", [False, True])
def test_a_search_s_results_written_to_csv_are_sent_to_their_reader(tmp_path, index):
    pd = pytest.importorskip("pandas")
    search = GridSearchCV(SVC(), {"C": [0.1, 1.0, 10.0]}, cv=CV).fit(X, Y)
    path = tmp_path / "cv_results.csv"
    pd.DataFrame(search.cv_results_).to_csv(path, index=index)
    # Read as a table, its rows would be candidates and its score columns splits.
    with pytest.raises(ValueError, match=naming("cv_results_", "from_cv_results")):
        ScoreTable.read_csv(path)
    table = ScoreTable.from_cv_results(pd.read_csv(path))
    np.testing.assert_array_equal(
        table.scores(), ScoreTable.from_cv_results(search.cv_results_).scores()
    )
