"""Metadata routing: every parameter arrives where cross_validate sends it, and nowhere else."""

import numpy as np
import pytest
from sklearn import config_context
from sklearn.base import BaseEstimator, ClassifierMixin, clone
from sklearn.datasets import load_breast_cancer
from sklearn.exceptions import UnsetMetadataPassedError
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import accuracy_score, make_scorer
from sklearn.model_selection import GroupKFold, RepeatedStratifiedKFold, cross_validate
from sklearn.naive_bayes import GaussianNB
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

from sklearn_bayescmp import RepeatedCVComparator
from sklearn_bayescmp.replicability import ReplicabilityStudy
from tests._estimators import fitted_records


class RecordsWeights(ClassifierMixin, BaseEstimator):
    """Majority classifier that remembers the sum of the weights its fit received.

    ``weight_sum_`` is -1 when ``fit`` got no ``sample_weight`` at all.
    """

    def fit(self, X, y, sample_weight=None):
        self.classes_ = np.unique(y)
        self.weight_sum_ = -1.0 if sample_weight is None else float(np.sum(sample_weight))
        return self

    def predict(self, X):
        return np.full(len(X), self.classes_[0])


def weight_sum_scorer(estimator, X, y):
    """The weights the fitted estimator received, as its "score"."""
    return estimator.weight_sum_


def scorer_weight_sum(estimator, X, y, sample_weight=None):
    """The weights the *scorer* received on the test rows (-1 for none)."""
    return -1.0 if sample_weight is None else float(np.sum(sample_weight))


@pytest.fixture(scope="module")
def data():
    X, y = load_breast_cancer(return_X_y=True)
    # Scaled, the logistic regression converges in a few iterations (the routing is
    # what is tested, not the model).
    X, y = StandardScaler().fit_transform(X[:150]), y[:150]
    weights = np.random.default_rng(0).uniform(0.1, 3.0, size=len(y))
    return X, y, weights


CV = RepeatedStratifiedKFold(n_splits=5, n_repeats=2, random_state=0)


def test_weighted_scorer_equals_the_weighted_metric_on_every_split(data):
    X, y, w = data
    with config_context(enable_metadata_routing=True):
        scorer = make_scorer(accuracy_score).set_score_request(sample_weight=True)
        model_a = LogisticRegression(max_iter=5000).set_fit_request(sample_weight=True)
        model_b = GaussianNB().set_fit_request(sample_weight=False)
        cmp = RepeatedCVComparator(model_a, model_b, cv=CV, rope=0.01, scoring=scorer).fit(
            X, y, sample_weight=w
        )
        # cross_validate is the reference for the weighted side.
        reference = cross_validate(
            model_a, X, y, cv=CV, scoring=scorer, params={"sample_weight": w}
        )
    np.testing.assert_array_equal(cmp.cv_results_["test_score_a"], reference["test_score"])
    for j, (train, test) in enumerate(CV.split(X, y)):
        fitted_a = clone(model_a).fit(X[train], y[train], sample_weight=w[train])
        fitted_b = GaussianNB().fit(X[train], y[train])  # B declined the weights
        expected_a = accuracy_score(y[test], fitted_a.predict(X[test]), sample_weight=w[test])
        expected_b = accuracy_score(y[test], fitted_b.predict(X[test]), sample_weight=w[test])
        assert cmp.cv_results_["test_score_a"][j] == expected_a
        assert cmp.cv_results_["test_score_b"][j] == expected_b
    # The weights changed the scores: an unweighted score differs somewhere.
    unweighted = [
        accuracy_score(y[test], GaussianNB().fit(X[train], y[train]).predict(X[test]))
        for train, test in CV.split(X, y)
    ]
    assert not np.array_equal(cmp.cv_results_["test_score_b"], unweighted)


def test_a_declined_parameter_never_reaches_that_estimator(data):
    X, y, w = data
    with config_context(enable_metadata_routing=True):
        cmp = RepeatedCVComparator(
            RecordsWeights().set_fit_request(sample_weight=True),
            RecordsWeights().set_fit_request(sample_weight=False),
            cv=CV,
            rope=0.01,
            scoring=weight_sum_scorer,
            error_score="raise",
        ).fit(X, y, sample_weight=w)
    expected = [w[train].sum() for train, _ in CV.split(X, y)]
    np.testing.assert_allclose(cmp.cv_results_["test_score_a"], expected, rtol=1e-12)
    assert set(cmp.cv_results_["test_score_b"]) == {-1.0}  # B's fit never saw sample_weight


def test_metadata_nobody_requested_raises_scikit_learns_error(data):
    X, y, w = data
    with config_context(enable_metadata_routing=True):
        cmp = RepeatedCVComparator(LogisticRegression(), GaussianNB(), cv=CV, scoring="accuracy")
        with pytest.raises(UnsetMetadataPassedError, match="sample_weight"):
            cmp.fit(X, y, sample_weight=w)
        # Nothing consumes `extra`: scikit-learn's TypeError names it.
        with pytest.raises(TypeError, match="extra"):
            cmp.fit(X, y, extra=w)


def test_a_pipeline_receives_its_steps_weights(data):
    X, y, w = data
    with config_context(enable_metadata_routing=True):
        pipeline = make_pipeline(
            StandardScaler().set_fit_request(sample_weight=True),
            LogisticRegression().set_fit_request(sample_weight=True),
        )
        unweighted = make_scorer(accuracy_score).set_score_request(sample_weight=False)
        cmp = RepeatedCVComparator(
            pipeline,
            GaussianNB().set_fit_request(sample_weight=True),
            cv=CV,
            rope=0.01,
            scoring=unweighted,
        ).fit(X, y, sample_weight=w)
        reference = cross_validate(
            pipeline, X, y, cv=CV, scoring=unweighted, params={"sample_weight": w}
        )
        # A scorer that did not say whether it wants the weights: whatever
        # cross_validate does (scikit-learn >= 1.7 raises; 1.6 scores unweighted).
        b = GaussianNB().set_fit_request(sample_weight=True)
        try:
            expected = cross_validate(
                pipeline, X, y, cv=CV, scoring="accuracy", params={"sample_weight": w}
            )["test_score"]
        except UnsetMetadataPassedError:
            with pytest.raises(UnsetMetadataPassedError, match=r"\[sample_weight\].*score"):
                RepeatedCVComparator(pipeline, b, cv=CV, scoring="accuracy").fit(
                    X, y, sample_weight=w
                )
        else:
            default = RepeatedCVComparator(pipeline, b, cv=CV, scoring="accuracy")
            np.testing.assert_array_equal(
                default.fit(X, y, sample_weight=w).cv_results_["test_score_a"], expected
            )
    np.testing.assert_array_equal(cmp.cv_results_["test_score_a"], reference["test_score"])
    assert cmp.n_failed_splits_ == 0


def test_groups_reach_a_group_splitter(data):
    X, y, _ = data
    groups = np.arange(len(y)) % 7
    cv = GroupKFold(n_splits=3)
    expected = [test for _, test in cv.split(X, y, groups)]
    for routing in (False, True):
        with config_context(enable_metadata_routing=routing):
            cmp = RepeatedCVComparator(GaussianNB(), RecordsWeights(), cv=cv).fit(
                X, y, groups=groups
            )
        assert cmp.n_splits_ == 3
        assert np.array_equal(cmp.cv_results_["n_test"], [len(test) for test in expected])
        # Each test fold holds whole groups.
        split_groups = [set(groups[test]) for test in expected]
        assert sum(len(g) for g in split_groups) == 7


def test_routing_off_is_cross_validate_behaviour(data):
    # Fit parameters go to both estimators' fit; the scorer gets nothing.
    X, y, w = data
    cmp = RepeatedCVComparator(
        RecordsWeights(), RecordsWeights(), cv=CV, rope=0.01, scoring=weight_sum_scorer
    ).fit(X, y, sample_weight=w)
    expected = [w[train].sum() for train, _ in CV.split(X, y)]
    np.testing.assert_allclose(cmp.cv_results_["test_score_a"], expected, rtol=1e-12)
    np.testing.assert_allclose(cmp.cv_results_["test_score_b"], expected, rtol=1e-12)
    unweighted_scorer = RepeatedCVComparator(
        RecordsWeights(), RecordsWeights(), cv=CV, rope=0.01, scoring=scorer_weight_sum
    ).fit(X, y, sample_weight=w)
    reference = cross_validate(
        RecordsWeights(), X, y, cv=CV, scoring=scorer_weight_sum, params={"sample_weight": w}
    )
    np.testing.assert_array_equal(
        unweighted_scorer.cv_results_["test_score_a"], reference["test_score"]
    )
    assert set(unweighted_scorer.cv_results_["test_score_a"]) == {-1.0}


def test_the_scorer_gets_the_test_rows_of_its_metadata(data):
    X, y, w = data
    with config_context(enable_metadata_routing=True):
        scorer = make_scorer(
            lambda y_true, y_pred, sample_weight: float(np.sum(sample_weight))
        ).set_score_request(sample_weight=True)
        cmp = RepeatedCVComparator(
            RecordsWeights().set_fit_request(sample_weight=False),
            RecordsWeights().set_fit_request(sample_weight=False),
            cv=CV,
            rope=0.01,
            scoring=scorer,
        ).fit(X, y, sample_weight=w)
    expected = [w[test].sum() for _, test in CV.split(X, y)]
    np.testing.assert_allclose(cmp.cv_results_["test_score_a"], expected, rtol=1e-12)


def test_get_metadata_routing_names_every_consumer():
    with config_context(enable_metadata_routing=True):
        cmp = RepeatedCVComparator(
            LogisticRegression().set_fit_request(sample_weight=True),
            GaussianNB().set_fit_request(sample_weight=False),
            cv=GroupKFold(3),
        )
        routing = cmp.get_metadata_routing()
        text = str(routing)
    for consumer in ("estimator_a", "estimator_b", "splitter", "scorer"):
        assert consumer in text
    assert routing.consumes("fit", ["sample_weight", "groups"]) == {"sample_weight", "groups"}


def test_fit_datasets_and_studies_route_each_data_sets_metadata(data):
    X, y, w = data
    with config_context(enable_metadata_routing=True):
        comparator = RepeatedCVComparator(
            RecordsWeights().set_fit_request(sample_weight=True),
            RecordsWeights().set_fit_request(sample_weight=False),
            cv=CV,
            rope=0.01,
            scoring=weight_sum_scorer,
        )
        comparator.fit_datasets(
            {"first": (X, y, {"sample_weight": w}), "second": (X, y, {"sample_weight": 2 * w})}
        )
        study = ReplicabilityStudy(comparator, seeds=[0, 1], tests=["bayesian_correlated_t"])
        study.fit(X, y, sample_weight=w)
    expected = np.array([w[train].sum() for train, _ in CV.split(X, y)])
    np.testing.assert_allclose(fitted_records(comparator)["first"].scores_a, expected, rtol=1e-12)
    np.testing.assert_allclose(
        fitted_records(comparator)["second"].scores_a, 2 * expected, rtol=1e-12
    )
    assert set(fitted_records(comparator)["first"].scores_b) == {-1.0}
    seed_one = RepeatedStratifiedKFold(n_splits=5, n_repeats=2, random_state=1)
    expected_one = [w[train].sum() for train, _ in seed_one.split(X, y)]
    np.testing.assert_allclose(study.tables_[1].scores()[0], expected_one, rtol=1e-12)


def test_compare_estimators_routes_like_the_comparator(data):
    from sklearn_bayescmp.model_selection import compare_estimators

    X, y, w = data
    with config_context(enable_metadata_routing=True):
        comparison = compare_estimators(
            {
                "weighted": RecordsWeights().set_fit_request(sample_weight=True),
                "unweighted": RecordsWeights().set_fit_request(sample_weight=False),
            },
            X,
            y,
            cv=CV,
            rope=0.01,
            scoring=weight_sum_scorer,
            params={"sample_weight": w},
        )
    scores = comparison.table.scores()
    expected = [w[train].sum() for train, _ in CV.split(X, y)]
    np.testing.assert_allclose(scores[0], expected, rtol=1e-12)
    assert set(scores[1]) == {-1.0}
    # With routing off the weights reach every estimator's fit, as cross_validate does.
    plain = compare_estimators(
        {"one": RecordsWeights(), "two": RecordsWeights()},
        X,
        y,
        cv=CV,
        rope=0.01,
        scoring=weight_sum_scorer,
        params={"sample_weight": w},
    )
    np.testing.assert_allclose(plain.table.scores(), [expected, expected], rtol=1e-12)
