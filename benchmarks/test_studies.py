"""The fast cross-validation path and the calibration/power studies."""

import dataclasses
import warnings

import numpy as np
import pytest
import studies as _studies
from sklearn.dummy import DummyClassifier
from sklearn.model_selection import RepeatedStratifiedKFold
from studies import (
    _Design,
    _simulated_collection,
    bimodal_deltas,
    cauchy_deltas,
    equivalence_study,
    power_study,
    shrinkage_study,
    single_feature_fold_accuracies,
    stratified_folds,
)

from sklearn_bayescmp import RepeatedCVComparator
from sklearn_bayescmp.datasets import (
    make_cf_network,
    make_naive_bayes_pair,
    single_feature_classifier,
)
from sklearn_bayescmp.utils._sklearn import InvalidParameterError


def _folds_of(cv, X, y, n_repeats, n_folds):
    """The fold index of every instance in every repeat of a scikit-learn splitter."""
    folds = np.empty((n_repeats, len(y)), dtype=int)
    for split, (_, test) in enumerate(cv.split(X, y)):
        folds[split // n_folds, test] = split % n_folds
    return folds


def _real_scores(estimator_a, estimator_b, cv, X, y):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # tiny classes in small data sets
        comparator = RepeatedCVComparator(estimator_a, estimator_b, cv=cv).fit(X, y)
    return comparator.cv_results_["test_score_a"], comparator.cv_results_["test_score_b"]


@pytest.mark.parametrize("n, delta", [(25, 0.0), (60, 0.05), (300, 0.1), (1000, 0.02)])
def test_fast_path_equals_the_real_estimators_on_cf_network(n, delta):
    X, y = make_cf_network(n, delta, random_state=n)
    cv = RepeatedStratifiedKFold(n_splits=10, n_repeats=3, random_state=0)
    naive_bayes, majority, n_test = single_feature_fold_accuracies(
        X[:, 0], y, _folds_of(cv, X, y, 3, 10), 10
    )
    scores_a, scores_b = _real_scores(
        single_feature_classifier(0), DummyClassifier(strategy="most_frequent"), cv, X, y
    )
    np.testing.assert_array_equal(naive_bayes.ravel(), scores_a)  # bit for bit
    np.testing.assert_array_equal(majority.ravel(), scores_b)
    assert n_test.sum() == 3 * n


@pytest.mark.parametrize("n, delta", [(40, -0.1), (250, 0.0), (800, 0.08)])
def test_fast_path_equals_the_real_estimators_on_naive_bayes_pair(n, delta):
    X, y = make_naive_bayes_pair(n, delta, random_state=n)
    cv = RepeatedStratifiedKFold(n_splits=5, n_repeats=2, random_state=1)
    folds = _folds_of(cv, X, y, 2, 5)
    on_g, _, _ = single_feature_fold_accuracies(X[:, 1], y, folds, 5)
    on_f, _, _ = single_feature_fold_accuracies(X[:, 0], y, folds, 5)
    scores_a, scores_b = _real_scores(
        single_feature_classifier(1), single_feature_classifier(0), cv, X, y
    )
    np.testing.assert_array_equal(on_g.ravel(), scores_a)
    np.testing.assert_array_equal(on_f.ravel(), scores_b)


def test_stratified_folds():
    y = np.r_[np.zeros(37, dtype=int), np.ones(26, dtype=int)]
    folds = stratified_folds(y, 10, 4, np.random.default_rng(0))
    assert folds.shape == (4, 63)
    for repeat in folds:
        sizes = np.bincount(repeat, minlength=10)
        assert sizes.max() - sizes.min() <= 1
        for label in (0, 1):
            per_class = np.bincount(repeat[y == label], minlength=10)
            assert per_class.max() - per_class.min() <= 1
    assert not np.array_equal(folds[0], folds[1])


def test_study_is_reproducible_and_independent_of_n_jobs():
    kwargs = dict(n_datasets=5, n_repeats=(1, 2), n_experiments=4, random_state=3)
    sequential = power_study("cf_network", [0.0, 0.1], **kwargs)
    parallel = power_study("cf_network", [0.0, 0.1], n_jobs=2, **kwargs)
    assert sequential.table == parallel.table
    assert len(sequential.table["test"]) == 2 * 2 * 2
    assert "poisson" in sequential.summary()
    with pytest.raises(KeyError):
        sequential.rate("poisson", 0.5, 1)


def test_studies_refuse_bad_designs():
    with pytest.raises(ValueError, match="`tests` must be a non-empty list"):
        power_study("cf_network", [0.0], tests=["t_test"], n_experiments=1)
    with pytest.raises(ValueError, match="`sizes` must be non-empty with every size at least"):
        power_study("cf_network", [0.0], sizes=(5, 100), n_experiments=1)
    with pytest.raises(ValueError, match="`sizes`"):
        shrinkage_study([5], sizes=(), n_experiments=1)


# --------------------------------------------------------------------------
# Reproductions (short versions here; the `slow` ones are closer to the papers)
# --------------------------------------------------------------------------


def _type_one_error(n_experiments):
    return power_study(
        "naive_bayes_pair",
        [0.0],
        n_datasets=20,
        n_repeats=10,
        sizes=(100, 300, 1000),
        n_experiments=n_experiments,
        tests=("corrected_t", "paired_t"),
        random_state=0,
    )


def test_type_one_error_corrected_vs_naive_short():
    study = _type_one_error(10)  # 200 data sets
    assert study.rate("corrected_t", 0.0, 10) < 0.1
    assert study.rate("paired_t", 0.0, 10) > 0.15


@pytest.mark.slow
def test_type_one_error_corrected_vs_naive():
    study = _type_one_error(200)  # 4,000 data sets
    corrected = study.rate("corrected_t", 0.0, 10)
    assert abs(corrected - 0.05) < 0.02
    assert study.rate("paired_t", 0.0, 10) > 4 * corrected


def _poisson_vs_wilcoxon(deltas, n_experiments):
    return power_study(
        "cf_network",
        deltas,
        n_datasets=50,
        n_repeats=(1, 10),
        n_experiments=n_experiments,
        tests=("poisson", "wilcoxon"),
        random_state=0,
    )


def test_poisson_vs_wilcoxon_short():
    study = _poisson_vs_wilcoxon([0.0, 0.1], 10)
    for test in ("poisson", "wilcoxon"):
        for runs in (1, 10):
            assert study.rate(test, 0.0, runs) <= 0.1  # calibrated
            assert study.rate(test, 0.1, runs) >= 0.8  # and powerful at a large gap


@pytest.mark.slow
def test_poisson_vs_wilcoxon():
    deltas = [0.0, 0.03, 0.05, 0.06, 0.1]
    study = _poisson_vs_wilcoxon(deltas, 200)
    for test in ("poisson", "wilcoxon"):
        for runs in (1, 10):
            assert study.rate(test, 0.0, runs) <= 0.05 + 0.03
            rates = [study.rate(test, delta, runs) for delta in deltas]
            assert rates[-1] > rates[1]
    # More runs of cross-validation help the Poisson test, which uses each data
    # set's uncertainty (0.37 vs 0.14 at delta = 0.05 and 0.78 vs 0.47 at 0.06
    # in a run of 100 experiments per cell).
    for delta in (0.05, 0.06):
        assert study.rate("poisson", delta, 10) > study.rate("poisson", delta, 1) + 0.1


@pytest.mark.long
def test_shrinkage_beats_the_means_short():
    table = shrinkage_study(
        [5, 10], n_experiments=3, sampler={"n_warmup": 200, "n_draws": 300}, random_state=0
    )
    assert table["n_datasets"] == [5, 10]
    assert all(s < m for s, m in zip(table["mse_shrinkage"], table["mse_means"], strict=True))


@pytest.mark.slow
def test_shrinkage_beats_the_means():
    # Corani et al. (2017), Table 2: the shrinkage MSE is well below the
    # means' MSE for every q, and falls as q grows; the means' does not.
    table = shrinkage_study([5, 10, 50], n_experiments=30, random_state=1)
    shrinkage, means = np.array(table["mse_shrinkage"]), np.array(table["mse_means"])
    assert np.all(shrinkage < 0.6 * means)
    assert shrinkage[2] < shrinkage[0]


@pytest.mark.long
def test_equivalence_study_short():
    table = equivalence_study(
        [5, 15], n_experiments=3, sampler={"n_warmup": 200, "n_draws": 300}, random_state=0
    )
    assert table["n_datasets"] == [5, 15]
    for name in ("wilcoxon_rejection", "mean_prob_equivalent", "equivalence_recognition"):
        assert all(0.0 <= value <= 1.0 for value in table[name])
    # One borderline claim (P = 0.951) in three short experiments is chance;
    # the slow test below checks the rate over 40.
    assert table["hierarchical_difference"][0] == 0.0
    assert table["hierarchical_difference"][1] <= 1 / 3


@pytest.mark.parametrize(("scale", "expected"), [(None, 0.01 / 3), (0.01, 0.01), (0.002, 0.002)])
def test_equivalence_study_draws_at_the_scale_given(monkeypatch, scale, expected):
    # The scale reaches each experiment (its default, a sixth of the rope's
    # length, follows the rope), and nothing else changes with it.
    seen = []

    def experiment(design, seed, sampler, delta0, scale, rope):
        seen.append((delta0, scale, rope, design.n_datasets))
        return (1.0, 0.5, 0.0, 0.5, 0.0)

    monkeypatch.setattr(_studies, "_equivalence_experiment", experiment)
    equivalence_study([7], delta0=0.015, scale=scale, n_experiments=2, random_state=0)
    assert seen == [(0.015, pytest.approx(expected), 0.01, 7)] * 2


@pytest.mark.parametrize("scale", [0, -0.01, "0.01", np.nan])
def test_equivalence_study_refuses_a_scale_that_is_not_positive(scale):
    with pytest.raises(InvalidParameterError, match="'scale'"):
        equivalence_study([7], scale=scale, n_experiments=1)


@pytest.mark.slow
@pytest.mark.parametrize("delta0", [0.0, 0.005])
def test_equivalence_study(delta0):
    # Corani et al. (2017), §4.2-4.3: with (practically) equivalent classifiers
    # the hierarchical test's P(rope) grows with q and it never claims a
    # difference; the Wilcoxon test rejects about alpha of the time at
    # delta0 = 0, and more often as q grows at delta0 = 0.005.
    table = equivalence_study([10, 50], delta0=delta0, n_experiments=40, random_state=2)
    assert table["mean_prob_equivalent"][1] > table["mean_prob_equivalent"][0]
    assert max(table["hierarchical_difference"]) <= 0.05
    if delta0 == 0.0:
        # 40 experiments: a rate of 0.05 has a standard error of about 0.035.
        assert max(table["wilcoxon_rejection"]) <= 0.15


@pytest.mark.long
def test_the_papers_settings_fixed_size_resimulated_zeros_and_cauchy_deltas():
    # The authors simulate a data set again when all its differences are 0.
    rng = np.random.default_rng(0)
    design = _Design("cf_network", 30, 10, 1, (30,), 0.9, resimulate_zero=True)
    records = _simulated_collection(design, np.zeros(30), rng)
    assert all(np.any(record.differences != 0) for record in records)
    plain = dataclasses.replace(design, resimulate_zero=False)
    alike = _simulated_collection(plain, np.zeros(30), np.random.default_rng(0))
    assert any(np.all(record.differences == 0) for record in alike)
    # Fig. 2b: each data set's difference from a Cauchy with median and scale delta.
    study = power_study(
        "cf_network",
        [0.0, 0.03],
        n_datasets=10,
        n_repeats=1,
        n_experiments=5,
        delta_distribution="cauchy",
        random_state=0,
    )
    assert study.rate("poisson", 0.0, 1) == 0.0
    assert 0.0 <= study.rate("poisson", 0.03, 1) <= 1.0
    # Table 2's mixture: the paper's sd 0.001 or the authors' code's 0.01.
    wide = bimodal_deltas(10_000, np.random.default_rng(0), sd=0.01)
    narrow = bimodal_deltas(10_000, np.random.default_rng(0))
    assert wide.std() > narrow.std()


def test_cauchy_differences_go_below_zero_down_to_the_papers_cap():
    # Fig. 2b caps the Cauchy draws at -0.5 and 0.5 (not at 0).
    design = _Design("cf_network", 2000, 10, 1, (100,), 0.9)
    deltas = cauchy_deltas(design, 0.03, np.random.default_rng(0))
    assert (deltas < 0).mean() > 0.2  # P(Cauchy(0.03, 0.03) < 0) = 1/4
    assert deltas.min() > -0.5 and deltas.max() < 0.5
    assert np.isclose(deltas.min(), -0.5) and np.isclose(deltas.max(), 0.5)


def test_a_negative_difference_makes_b_better_in_expectation():
    # The C -> F network cannot make naive Bayes the worse model: the roles swap.
    design = _Design("cf_network", 40, 10, 1, (200,), 0.9)
    better_a, better_b = (
        _simulated_collection(design, np.full(40, delta), np.random.default_rng(1))
        for delta in (0.1, -0.1)
    )
    for a, b in zip(better_a, better_b, strict=True):
        np.testing.assert_array_equal(b.differences, -a.differences)
        np.testing.assert_array_equal(b.scores_a, a.scores_b)  # the majority predictor
    means = np.array([record.mean for record in better_b])
    # About -0.07, not -0.1: the majority predictor beats 0.5 on the class
    # frequencies of a sample (E|p - 0.5| = 0.028 at 200 examples). The
    # standard error of the mean over 40 data sets is about 0.006.
    assert means.mean() == pytest.approx(-0.1 + 0.028, abs=0.02)
    assert np.mean(np.concatenate([r.scores_a for r in better_b])) == pytest.approx(0.528, abs=0.01)
