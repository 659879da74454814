"""Tests of comparisons between the candidates of a hyper-parameter search."""

import ast
import re

import numpy as np
import pytest
from scipy import stats
from sklearn.datasets import make_moons
from sklearn.model_selection import GridSearchCV, RepeatedStratifiedKFold, ShuffleSplit
from sklearn.svm import SVC

from sklearn_bayescmp.model_selection import (
    bayesian_refit,
    compare_estimators,
    compare_search_candidates,
)
from sklearn_bayescmp.stats import bayesian_correlated_ttest, corrected_ttest
from sklearn_bayescmp.stats._core import holm_adjusted
from tests._messages import naming

PARAM_GRID = [{"kernel": ["linear"]}, {"kernel": ["poly"], "degree": [2, 3]}, {"kernel": ["rbf"]}]
LINEAR, POLY2, POLY3, RBF = range(4)
#: The candidates' names in a comparison, by their index in ``cv_results_``.
NAMES = ("kernel=linear", "degree=2, kernel=poly", "degree=3, kernel=poly", "kernel=rbf")


@pytest.fixture(scope="module")
def gallery():
    # scikit-learn gallery "Statistical comparison of models using grid search".
    X, y = make_moons(noise=0.352, random_state=1, n_samples=100)
    cv = RepeatedStratifiedKFold(n_splits=10, n_repeats=10, random_state=0)
    search = GridSearchCV(SVC(random_state=0), PARAM_GRID, scoring="roc_auc", cv=cv).fit(X, y)
    return search, X, y


@pytest.mark.long
def test_gallery_pairwise_probabilities(gallery):
    # The gallery's pairwise Bayesian table (rope [-0.01, 0.01]):
    # (P(B better) "worse_prob", P(A better) "better_prob", P(rope)).
    published = {
        (RBF, LINEAR): (0.068, 0.500, 0.432),
        (RBF, POLY3): (0.018, 0.882, 0.100),
        (RBF, POLY2): (0.000, 1.000, 0.000),
        (LINEAR, POLY3): (0.063, 0.750, 0.187),
        (LINEAR, POLY2): (0.000, 1.000, 0.000),
        (POLY3, POLY2): (0.000, 1.000, 0.000),
    }
    comparison = compare_search_candidates(*gallery)
    assert comparison.models == tuple(NAMES[i] for i in (RBF, LINEAR, POLY3, POLY2))  # by rank
    for (i, j), expected in published.items():
        res = comparison.result(NAMES[i], NAMES[j])
        observed = (res.prob_b_better, res.prob_a_better, res.prob_equivalent)
        assert tuple(round(v, 3) for v in observed) == expected


def test_against_an_independent_computation(gallery):
    search, X, y = gallery
    comparison = compare_search_candidates(search, X, y, rope=0.02)
    scores = np.array(
        [[search.cv_results_[f"split{k}_test_score"][c] for k in range(100)] for c in range(4)]
    )
    for i, j in [(RBF, LINEAR), (POLY3, LINEAR), (POLY2, RBF)]:
        x = scores[i] - scores[j]
        # St(n - 1, mean, (1/n + n_test/n_train) s^2) with 90/10 splits.
        posterior = stats.t(99, loc=x.mean(), scale=np.sqrt((1 / 100 + 10 / 90) * x.var(ddof=1)))
        res = comparison.result(NAMES[i], NAMES[j])
        assert res.prob_a_better == pytest.approx(posterior.sf(0.02), abs=1e-12)
        assert res.prob_b_better == pytest.approx(posterior.cdf(-0.02), abs=1e-12)
        (record,) = comparison.table.differences(NAMES[i], NAMES[j]).values()
        np.testing.assert_array_equal(record.differences, x)


def test_matrix_is_mirrored_and_its_diagonal_is_equivalence(gallery):
    comparison = compare_search_candidates(*gallery, candidates=3)
    assert comparison.models == (NAMES[RBF], NAMES[LINEAR], NAMES[POLY3])
    a_better = comparison.matrix("prob_a_better")
    np.testing.assert_allclose(a_better, comparison.matrix("prob_b_better").T, atol=1e-12)
    np.testing.assert_array_equal(np.diag(comparison.matrix("prob_equivalent")), 1.0)
    assert a_better[0, 1] == comparison.result(NAMES[RBF], NAMES[LINEAR]).prob_a_better


def test_frequentist_reference_with_holm(gallery):
    comparison = compare_search_candidates(*gallery, candidates=[LINEAR, POLY2, RBF])
    assert comparison.models == (NAMES[LINEAR], NAMES[POLY2], NAMES[RBF])  # as given
    reference = comparison.reference
    assert reference.test == "corrected_t"
    pairs = [(0, 1), (0, 2), (1, 2)]
    pvalues = [reference.pvalues[i, j] for i, j in pairs]
    holm = [reference.pvalues_holm[i, j] for i, j in pairs]
    np.testing.assert_allclose(holm, holm_adjusted(pvalues))
    for i, j in pairs:
        record = comparison.table.differences(*comparison.models[i : j + 1 : j - i])
        assert reference.pvalues[i, j] == corrected_ttest(*record.values()).pvalue
    assert "Holm-corrected" in comparison.summary()


def test_pairwise_table_as_columns_frame_and_html(gallery):
    comparison = compare_search_candidates(*gallery, candidates=[LINEAR, POLY2, RBF])
    columns = comparison.to_columns()
    linear, poly2, rbf = comparison.models
    assert columns["model_a"] == [linear, linear, poly2]
    assert columns["model_b"] == [poly2, rbf, rbf]
    result = comparison.result(linear, rbf)
    assert columns["prob_b_better"][1] == result.prob_b_better
    assert columns["decision"][1] == result.decision(0.95)
    pytest.importorskip("pandas")
    frame = comparison.to_frame()
    assert frame.index.names == ["model_a", "model_b"]
    assert frame.loc[(linear, rbf), "prob_a_better"] == result.prob_a_better
    html = comparison._repr_html_()
    assert "kernel=rbf" in html and "p (Holm, reference)" in html


def test_multimetric_search_uses_the_refit_metric(gallery):
    _, X, y = gallery
    cv = RepeatedStratifiedKFold(n_splits=5, n_repeats=2, random_state=0)
    search = GridSearchCV(
        SVC(), {"C": [0.1, 1.0]}, scoring=["accuracy", "roc_auc"], refit="roc_auc", cv=cv
    ).fit(X, y)
    comparison = compare_search_candidates(search, X, y)
    expected = [search.cv_results_[f"split{k}_test_roc_auc"][1] for k in range(10)]
    np.testing.assert_array_equal(
        comparison.table.scores()[comparison.models.index("C=1.0")], expected
    )
    search.set_params(refit=False)
    with pytest.raises(ValueError, match=naming("`refit`", "metric")):
        compare_search_candidates(search, X, y)


@pytest.mark.parametrize(
    "candidates, message",
    [([0], "at least two distinct indices"), ([0, 9], "in [0, 4)"), (1, "at least two candidates")],
)
def test_candidate_selection_errors(gallery, candidates, message):
    with pytest.raises(ValueError, match=re.escape(message)):
        compare_search_candidates(*gallery, candidates=candidates)


def test_a_candidate_that_failed_everywhere_is_named_with_the_option_that_drops_it(gallery):
    import warnings

    _, X, y = gallery
    cv = RepeatedStratifiedKFold(n_splits=3, n_repeats=2, random_state=0)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the search's own warnings of the failed fits
        search = GridSearchCV(SVC(), {"C": [1.0, 10.0, -1.0]}, cv=cv, error_score=np.nan)
        search.fit(X, y)
    with pytest.raises(ValueError) as caught:
        compare_search_candidates(search, X, y)
    message = str(caught.value)
    assert "candidate 2 (C=-1.0) NaN on every split" in message
    assert "candidates=[" in message and "table.select" not in message
    assert "allow_incomplete" not in message
    kept = ast.literal_eval(message.split("candidates=")[1].rstrip("."))  # the offered indices
    comparison = compare_search_candidates(search, X, y, candidates=kept)
    assert set(comparison.models) == {"C=1.0", "C=10.0"}


def test_splits_must_be_reproducible(gallery):
    _, X, y = gallery
    search = GridSearchCV(SVC(), {"C": [0.1, 1.0]}, cv=ShuffleSplit(n_splits=5)).fit(X, y)
    with pytest.raises(ValueError, match=naming("5 splits")):
        compare_search_candidates(search, X, y)
    with pytest.raises(ValueError, match=re.escape("`search` is not fitted")):
        compare_search_candidates(GridSearchCV(SVC(), {"C": [1.0]}), X, y)


def test_result_is_the_correlated_t_test_of_the_pair(gallery):
    comparison = compare_search_candidates(*gallery)
    (record,) = comparison.table.differences(NAMES[RBF], NAMES[LINEAR]).values()
    assert comparison.result(NAMES[RBF], NAMES[LINEAR]) == bayesian_correlated_ttest(
        record, rope=0.01
    )
    with pytest.raises(ValueError, match=re.escape("Unknown model 'kernel=sigmoid'")):
        comparison.result(NAMES[RBF], "kernel=sigmoid")


# --------------------------------------------------------------------------
# compare_estimators
# --------------------------------------------------------------------------


@pytest.fixture(scope="module")
def iris():
    from sklearn.datasets import load_iris

    return load_iris(return_X_y=True)


def _models():
    from sklearn.naive_bayes import GaussianNB
    from sklearn.neighbors import KNeighborsClassifier
    from sklearn.tree import DecisionTreeClassifier

    return {
        "NB": GaussianNB(),
        "tree": DecisionTreeClassifier(random_state=0),
        "kNN": KNeighborsClassifier(),
    }


def test_compare_estimators_equals_pairwise_comparators(iris):
    from sklearn_bayescmp import RepeatedCVComparator

    X, y = iris
    cv = RepeatedStratifiedKFold(n_splits=5, n_repeats=3, random_state=0)
    comparison = compare_estimators(_models(), X, y, cv=cv, rope=0.02)
    names, models = list(_models()), list(_models().values())
    for i, j in [(0, 1), (2, 0), (1, 2)]:
        pair = RepeatedCVComparator(
            models[i], models[j], names=(names[i], names[j]), cv=cv, rope=0.02
        ).fit(X, y)
        (record,) = comparison.table.differences(names[i], names[j]).values()
        np.testing.assert_array_equal(record.differences, pair.cv_results_["difference"])
        result = comparison.result(names[i], names[j])
        if i < j:  # stored as computed: the same result as the two-model comparator
            assert result == pair.result_
        else:  # the stored (j, i) result, mirrored
            for field in ("prob_a_better", "prob_equivalent", "prob_b_better", "loc", "scale"):
                assert getattr(result, field) == pytest.approx(getattr(pair.result_, field))
            assert (result.model_a, result.model_b) == (names[i], names[j])
        assert comparison.prob_a_better[i, j] == pytest.approx(pair.result_.prob_a_better)
        assert comparison.decisions[i, j] == pair.decision_
    # The comparison keeps the estimators' order: the first is "A" of its pairs.
    assert comparison.models == tuple(names)
    assert comparison.test == "bayesian_correlated_t" and comparison.datasets == ("data",)


@pytest.mark.long
def test_compare_estimators_does_not_depend_on_n_jobs(iris):
    X, y = iris
    serial = compare_estimators(_models(), X, y, random_state=1, n_jobs=1)
    parallel = compare_estimators(_models(), X, y, random_state=1, n_jobs=2)
    assert serial.table == parallel.table
    assert serial.table.scores().shape == (3, 100)


def test_compare_estimators_failures_and_errors(iris, indexed_binary_data):
    from sklearn.dummy import DummyClassifier
    from sklearn.exceptions import FitFailedWarning
    from sklearn.linear_model import LinearRegression

    from tests._estimators import FailOnSample

    X, y = indexed_binary_data
    cv = RepeatedStratifiedKFold(n_splits=3, n_repeats=2, random_state=0)
    models = {"fails": FailOnSample(), "dummy": DummyClassifier(), "other": DummyClassifier()}
    with pytest.warns(FitFailedWarning, match=re.escape("2 of 6 splits failed")) as record:
        comparison = compare_estimators(models, X, y, cv=cv, scoring="accuracy")
    assert "fails failed 2 time(s), dummy failed 0 time(s), other failed 0" in str(
        record[0].message
    )
    assert np.isnan(comparison.table.scores()[0]).sum() == 2
    assert comparison.result("fails", "dummy").n_omitted == 2
    assert comparison.n_omitted[0].tolist() == [0, 2, 2]
    with pytest.raises(ValueError, match=re.escape("at least two entries")):
        compare_estimators({"only": DummyClassifier()}, X, y)
    with pytest.raises(ValueError, match=naming("c is a classifier", "r is a regressor")):
        compare_estimators({"c": DummyClassifier(), "r": LinearRegression()}, X, y)
    with pytest.raises(TypeError, match=re.escape("`estimators['x']` is not an estimator")):
        compare_estimators([("x", 3), ("y", DummyClassifier())], X, y)


# --------------------------------------------------------------------------
# bayesian_refit
# --------------------------------------------------------------------------


def test_bayesian_refit_picks_the_simplest_practically_equivalent(iris):
    from sklearn.neighbors import KNeighborsClassifier

    X, y = iris
    cv = RepeatedStratifiedKFold(n_splits=5, n_repeats=4, random_state=0)
    grid = {"n_neighbors": [1, 3, 5, 9, 15, 25, 40]}
    refit = bayesian_refit(
        rope=0.02, test_train_ratio=1 / 4, complexity=lambda p: -p["n_neighbors"]
    )
    search = GridSearchCV(KNeighborsClassifier(), grid, cv=cv, refit=refit).fit(X, y)
    chosen = search.best_index_
    assert 0 <= chosen < 7 and search.best_estimator_.n_neighbors == grid["n_neighbors"][chosen]
    # Independent check of the rule with the splits' real sizes (120 train / 30 test).
    comparison = compare_search_candidates(search, X, y, rope=0.02)
    best = int(np.argmin(search.cv_results_["rank_test_score"]))
    name = dict(enumerate(f"n_neighbors={k}" for k in grid["n_neighbors"]))
    eligible = [
        i
        for i in range(7)
        if i == best or 1 - comparison.result(name[best], name[i]).prob_a_better >= 0.95
    ]
    assert chosen in eligible
    assert chosen == max(eligible, key=lambda i: grid["n_neighbors"][i])
    without = GridSearchCV(
        KNeighborsClassifier(), grid, cv=cv, refit=bayesian_refit(test_train_ratio=0.25)
    ).fit(X, y)
    assert without.best_index_ == best


def test_bayesian_refit_arguments():
    with pytest.raises(ValueError, match=re.escape("`test_train_ratio` is required")):
        bayesian_refit()
    with pytest.raises(ValueError, match=re.escape("`test_train_ratio` must be a positive")):
        bayesian_refit(test_train_ratio=-1)
    with pytest.raises(TypeError, match=re.escape("`complexity` must be callable")):
        bayesian_refit(test_train_ratio=0.25, complexity="depth")
    with pytest.raises(ValueError, match=re.escape("`threshold` must lie strictly between")):
        bayesian_refit(test_train_ratio=0.25, threshold=1.0)
    refit = bayesian_refit(test_train_ratio=0.25)
    with pytest.raises(ValueError, match=re.escape("works on single-metric searches")):
        refit({"rank_test_accuracy": [1, 2]})
