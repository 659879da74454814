"""The generators' accuracy gaps, checked with the real estimators on large samples."""

import numpy as np
import pytest
from sklearn.dummy import DummyClassifier
from sklearn.naive_bayes import CategoricalNB

from sklearn_bayescmp.datasets import (
    make_cf_network,
    make_friedman_classification,
    make_naive_bayes_pair,
    single_feature_classifier,
)

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
    with pytest.raises(ValueError, match=r"`theta_f \+ delta` must lie in \(0.5, 1\]"):
        make_naive_bayes_pair(10, 0.2)
    with pytest.raises(ValueError, match="delta_acc"):
        make_cf_network(10, 0.5)
    with pytest.raises(ValueError, match="function"):
        make_friedman_classification(4, 10, noise=1.0)
