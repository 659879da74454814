"""The generators' accuracy gaps, checked with the real estimators on large samples."""

import numpy as np
import pytest
from sklearn.dummy import DummyClassifier
from sklearn.naive_bayes import CategoricalNB

from sklearn_bayescmp.datasets import (
    make_cf_network,
    make_friedman_classification,
    make_naive_bayes_pair,
    make_near_identical_scores,
    single_feature_classifier,
)
from tests._messages import naming

N = 200_000  # accuracy on 100,000 test instances: sd of a gap about 0.002


def _holdout_gap(estimator_a, estimator_b, X, y):
    half = len(y) // 2
    scores = [
        e.fit(X[:half], y[:half]).score(X[half:], y[half:]) for e in (estimator_a, estimator_b)
    ]
    return scores[0] - scores[1]


@pytest.mark.parametrize("delta_acc", [0.0, 0.02, 0.05, 0.1])
def test_cf_network_gap_between_naive_bayes_and_majority(delta_acc):
    X, y = make_cf_network(N, delta_acc, random_state=0)
    assert X.shape == (N, 1) and set(np.unique(X)) <= {0, 1}
    assert np.mean(y) == pytest.approx(0.5, abs=0.005)
    gap = _holdout_gap(CategoricalNB(min_categories=2), DummyClassifier(), X, y)
    assert gap == pytest.approx(delta_acc, abs=0.008)


@pytest.mark.parametrize("delta", [-0.1, 0.0, 0.05, 0.1])
def test_naive_bayes_pair_gap_between_the_single_feature_classifiers(delta):
    X, y = make_naive_bayes_pair(N, delta, random_state=1)
    assert X.shape == (N, 2)
    assert np.mean(X[:, 0] == y) == pytest.approx(0.9, abs=0.005)
    gap = _holdout_gap(single_feature_classifier(1), single_feature_classifier(0), X, y)
    assert gap == pytest.approx(delta, abs=0.006)


@pytest.mark.parametrize("function, n_features", [(1, 5), (2, 4), (3, 4)])
def test_friedman_classification_is_balanced(function, n_features):
    X, y = make_friedman_classification(function, 50_000, noise=1.0, random_state=2)
    assert X.shape == (50_000, n_features)
    assert np.mean(y) == pytest.approx(0.5, abs=0.01)
    X, _ = make_friedman_classification(
        function, 100, noise=1.0, n_random_features=3, random_state=2
    )
    assert X.shape == (100, n_features + 3)
    assert np.all((X[:, -3:] >= 0) & (X[:, -3:] <= 1))


def test_generators_depend_only_on_random_state():
    for make in (
        lambda seed: make_cf_network(50, 0.1, random_state=seed),
        lambda seed: make_naive_bayes_pair(50, 0.05, random_state=seed),
        lambda seed: make_friedman_classification(2, 50, noise=0.5, random_state=seed),
    ):
        first, again, other = make(3), make(3), make(4)
        np.testing.assert_array_equal(first[0], again[0])
        np.testing.assert_array_equal(first[1], again[1])
        assert not np.array_equal(first[0], other[0])


def test_bad_arguments():
    with pytest.raises(ValueError, match=naming("`theta_f + delta`", "(0.5, 1]")):
        make_naive_bayes_pair(10, 0.2)
    with pytest.raises(ValueError, match="delta_acc"):
        make_cf_network(10, 0.5)
    with pytest.raises(ValueError, match="function"):
        make_friedman_classification(4, 10, noise=1.0)


@pytest.mark.parametrize("disagreement", [0.002, 0.02])
def test_near_identical_models_disagree_on_the_share_they_are_given(disagreement):
    # With delta = +-disagreement one model wins every disagreement, so each
    # split's |difference| * n_test counts the test examples they disagree on.
    for delta in (disagreement, -disagreement):
        record = make_near_identical_scores(
            5000, disagreement=disagreement, delta=delta, n_repeats=40, random_state=0
        )
        counts = np.abs(record.differences) * record.n_test
        np.testing.assert_allclose(counts, np.round(counts), atol=1e-9)
        assert np.all(np.sign(record.differences) * np.sign(delta) >= 0)
        # 400 splits of 500 test examples: the share's standard error is below 3%.
        share = counts.sum() / record.n_test.sum()
        assert share == pytest.approx(disagreement, rel=0.1)
        np.testing.assert_allclose(record.differences, record.scores_a - record.scores_b)


def test_near_identical_models_differ_by_delta_in_expectation():
    record = make_near_identical_scores(
        2000, disagreement=0.05, delta=-0.01, accuracy=0.9, n_repeats=50, random_state=1
    )
    # 500 splits of 200 test examples, 10 disagreements each: sd of the mean < 0.0015.
    assert record.mean == pytest.approx(-0.01, abs=0.004)
    assert np.mean(record.scores_b) == pytest.approx(0.9 * 0.95 + 0.05 * 0.6, abs=0.005)
    assert (record.repeat.max(), record.fold.max(), record.n_test[0]) == (49, 9, 200)


def test_models_that_never_disagree_have_all_differences_zero():
    record = make_near_identical_scores(300, disagreement=0.0, random_state=0)
    assert np.all(record.differences == 0) and np.all(record.scores_a == record.scores_b)
    for delta in (0.02, np.nan):
        with pytest.raises(ValueError, match="`delta` must lie within"):
            make_near_identical_scores(300, disagreement=0.01, delta=delta)
    with pytest.raises(ValueError, match="`n_samples` must be at least `n_folds`"):
        make_near_identical_scores(5, disagreement=0.01)
