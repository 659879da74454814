"""Tests of the replicability measures and ReplicabilityStudy."""

import itertools
import re

import numpy as np
import pytest
from sklearn.base import clone
from sklearn.datasets import load_iris, load_wine
from sklearn.ensemble import RandomForestClassifier
from sklearn.model_selection import KFold, RepeatedStratifiedKFold
from sklearn.naive_bayes import GaussianNB
from sklearn.tree import DecisionTreeClassifier

from sklearn_bayescmp import RepeatedCVComparator
from sklearn_bayescmp.replicability import ReplicabilityStudy, replicability_summary
from sklearn_bayescmp.utils._sklearn import InvalidParameterError
from tests._estimators import fitted_record
from tests._messages import naming

# Bouckaert & Frank (2004), Table 1: for 27 UCI data sets, how many of ten runs
# of the 5x2cv test did *not* reject, per pair of classifiers; and the figures
# printed below the table.
# fmt: off
TABLE_1 = {
    "NB vs C4.5": [4, 9, 5, 10, 1, 10, 6, 7, 9, 6, 4, 9, 8, 10, 10, 10, 8, 9, 10, 7, 10, 8, 0,
                   4, 4, 8, 10],
    "NB vs NN": [4, 9, 10, 7, 4, 9, 8, 10, 6, 6, 5, 10, 10, 10, 10, 10, 10, 10, 6, 3, 9, 8, 0,
                 9, 0, 9, 10],
    "C4.5 vs NN": [10, 2, 8, 10, 7, 8, 10, 10, 10, 9, 9, 10, 7, 10, 8, 10, 10, 10, 7, 10, 6, 9,
                   9, 7, 0, 10, 8],
}
# fmt: on
TABLE_1_FIGURES = {  # consistent, almost consistent, R
    "NB vs C4.5": (9, 14, 0.737),
    "NB vs NN": (12, 17, 0.783),
    "C4.5 vs NN": (13, 17, 0.816),
}


def _outcomes_from_counts(counts, n=10):
    """Boolean outcomes with ``k`` non-rejections out of ``n`` per data set."""
    return np.array([[True] * k + [False] * (n - k) for k in counts])


@pytest.mark.parametrize("pair", list(TABLE_1))
def test_bouckaert_frank_table_1(pair):
    res = replicability_summary(_outcomes_from_counts(TABLE_1[pair]))
    consistent, almost, replicability = TABLE_1_FIGURES[pair]
    assert (res.n_consistent, res.n_almost_consistent) == (consistent, almost)
    assert round(res.replicability, 3) == replicability
    assert (res.n_datasets, res.n_randomizations) == (27, 10)


@pytest.mark.parametrize("n", [2, 5, 10])
def test_two_outcomes_give_r_k_n(n):
    for k in range(n + 1):
        res = replicability_summary(_outcomes_from_counts([k], n=n))
        r_k_n = (k * (k - 1) + (n - k) * (n - k - 1)) / (n * (n - 1))
        assert res.replicability == pytest.approx(r_k_n, abs=1e-15)
        assert res.dataset_agreement[0] == max(k, n - k)


def test_many_outcomes_is_the_probability_that_two_runs_agree():
    rng = np.random.default_rng(0)
    labels = np.array(["a", "b", "equivalent", "undecided"])
    outcomes = labels[rng.integers(0, 4, size=(6, 7))]
    res = replicability_summary(outcomes)
    brute = [
        np.mean([row[i] == row[j] for i, j in itertools.combinations(range(7), 2)])
        for row in outcomes
    ]
    np.testing.assert_allclose(res.dataset_replicability, brute, atol=1e-15)
    assert res.replicability == pytest.approx(np.mean(brute))


@pytest.mark.parametrize("outcomes", [["a", "b"], [["a"], ["b"]], np.zeros((0, 3))])
def test_summary_input_validation(outcomes):
    with pytest.raises(ValueError, match=re.escape("`outcomes` must be 2-D")):
        replicability_summary(outcomes)


@pytest.fixture(scope="module")
def iris():
    return load_iris(return_X_y=True)


def _comparator(**params):
    return RepeatedCVComparator(
        GaussianNB(),
        DecisionTreeClassifier(random_state=0),
        cv=RepeatedStratifiedKFold(n_splits=3, n_repeats=2, random_state=99),
        **params,
    )


def test_study_reruns_the_comparison_with_each_seed(iris):
    X, y = iris
    study = ReplicabilityStudy(_comparator(), seeds=[3, 4, 5]).fit(X, y)
    for seed in (3, 4, 5):
        cv = RepeatedStratifiedKFold(n_splits=3, n_repeats=2, random_state=seed)
        single = RepeatedCVComparator(
            GaussianNB(), DecisionTreeClassifier(random_state=0), cv=cv
        ).fit(X, y)
        (record,) = study.to_table(seed).differences(*study.tables_[seed].models).values()
        assert record == fitted_record(single).__class__(
            single.cv_results_["difference"],
            n_train=single.cv_results_["n_train"],
            n_test=single.cv_results_["n_test"],
            repeat=fitted_record(single).repeat,
            fold=fitted_record(single).fold,
            scores_a=single.cv_results_["test_score_a"],
            scores_b=single.cv_results_["test_score_b"],
            name="data",
            model_a="GaussianNB",
            model_b="DecisionTreeClassifier",
        )
        rows = [i for i, s in enumerate(study.outcomes_["seed"]) if s == seed]
        bayes = [i for i in rows if study.outcomes_["test"][i] == "bayesian_correlated_t"]
        assert study.outcomes_["outcome"][bayes[0]] == single.decision_
        assert study.outcomes_["prob_a_better"][bayes[0]] == single.result_.prob_a_better
    assert study.summary_["test"] == [
        "corrected_t",
        "paired_t",
        "bayesian_correlated_t",
    ]
    assert len(study.outcomes_["test"]) == 3 * 3
    assert "replicability" in study.summary_ and "bayesian_correlated_t" in study.summary()


def test_study_is_reproducible_and_independent_of_n_jobs(iris):
    X, y = iris
    serial = ReplicabilityStudy(_comparator(n_jobs=1), seeds=range(4)).fit(X, y)
    parallel = ReplicabilityStudy(_comparator(n_jobs=2), seeds=range(4)).fit(X, y)
    assert serial.outcomes_ == parallel.outcomes_
    for seed in range(4):
        assert serial.tables_[seed] == parallel.tables_[seed]


def test_study_on_a_collection(iris):
    datasets = {"iris": iris, "wine": load_wine(return_X_y=True)}
    study = ReplicabilityStudy(_comparator(), seeds=[0, 1, 2]).fit_datasets(datasets)
    assert study.summary_["test"] == [
        "corrected_t",
        "paired_t",
        "bayesian_correlated_t",
        "poisson",
        "signed_rank",
    ]
    assert study.summary_["n_datasets"] == [2, 2, 2, 1, 1]
    assert len(study.outcomes_["test"]) == 3 * 2 * 3 + 2 * 3
    poisson_rows = [i for i, t in enumerate(study.outcomes_["test"]) if t == "poisson"]
    assert {study.outcomes_["dataset"][i] for i in poisson_rows} == {"(all data sets)"}
    assert all(study.outcomes_["pvalue"][i] is None for i in poisson_rows)


def test_study_with_5x2cv_tests(iris):
    X, y = iris
    comparator = RepeatedCVComparator(
        GaussianNB(),
        DecisionTreeClassifier(random_state=0),
        cv=RepeatedStratifiedKFold(n_splits=2, n_repeats=5, random_state=0),
    )
    tests = ["paired_t_5x2cv", "combined_f_5x2cv"]
    study = ReplicabilityStudy(comparator, seeds=[0, 1], tests=tests).fit(X, y)
    assert set(study.outcomes_["outcome"]) <= {"a", "b", "no difference"}
    with pytest.raises(ValueError, match=naming("5 repeats", "2-fold")):
        ReplicabilityStudy(_comparator(), seeds=[0, 1], tests=tests).fit(X, y)


def test_reseed_estimators(iris):
    X, y = iris
    comparator = RepeatedCVComparator(
        GaussianNB(),
        RandomForestClassifier(n_estimators=5, random_state=0),
        cv=RepeatedStratifiedKFold(n_splits=3, n_repeats=1),
    )
    study = ReplicabilityStudy(comparator, seeds=[7, 8], reseed_estimators=True).fit(X, y)
    manual = (
        clone(comparator)
        .set_params(
            estimator_b__random_state=7,
            cv=RepeatedStratifiedKFold(n_splits=3, n_repeats=1, random_state=7),
        )
        .fit(X, y)
    )
    np.testing.assert_array_equal(
        study.tables_[7].scores()[0] - study.tables_[7].scores()[1],
        manual.cv_results_["difference"],
    )
    assert comparator.estimator_b.random_state == 0  # the user's comparator is untouched


@pytest.mark.parametrize(
    "params, message",
    [
        ({"seeds": [1]}, "`seeds` must hold at least two distinct integers"),
        ({"seeds": [1, 1]}, "`seeds` must hold at least two distinct integers"),
        ({"tests": ["bayes"]}, "`tests` must be a non-empty list of"),
        ({"tests": ["poisson"]}, "compare over data sets: they need fit_datasets"),
    ],
)
def test_study_input_validation(iris, params, message):
    X, y = iris
    arguments = {"seeds": [0, 1], **params}
    with pytest.raises(ValueError, match=re.escape(message)):
        ReplicabilityStudy(_comparator(), **arguments).fit(X, y)


@pytest.mark.parametrize("cv", [3, KFold(n_splits=3), [(np.arange(100), np.arange(100, 150))]])
def test_study_needs_a_reseedable_cv(iris, cv):
    X, y = iris
    comparator = RepeatedCVComparator(GaussianNB(), DecisionTreeClassifier(), cv=cv)
    with pytest.raises(ValueError, match=naming("`comparator.cv`", "shuffl")):
        ReplicabilityStudy(comparator, seeds=[0, 1]).fit(X, y)


def test_study_refuses_early_stopping(iris):
    X, y = iris
    comparator = _comparator(early_stopping=True)
    with pytest.raises(ValueError, match=naming("early_stopping")):
        ReplicabilityStudy(comparator, seeds=[0, 1]).fit(X, y)


def test_study_parameter_validation(iris):
    X, y = iris
    with pytest.raises(InvalidParameterError, match=naming("'alpha'", "ReplicabilityStudy")):
        ReplicabilityStudy(_comparator(), seeds=[0, 1], alpha=1.5).fit(X, y)
    with pytest.raises(InvalidParameterError, match="The 'comparator' parameter"):
        ReplicabilityStudy(GaussianNB(), seeds=[0, 1]).fit(X, y)
