"""Tests of the corrected t-test and the Bayesian correlated t-test."""

import math
import re
from dataclasses import replace

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import integrate, optimize, stats

from sklearn_bayescmp import CVDifferences
from sklearn_bayescmp.stats import (
    NormalGammaPrior,
    bayesian_correlated_ttest,
    corrected_ttest,
    poisson_test,
)
from sklearn_bayescmp.stats._correlated_t import dataset_ttests
from sklearn_bayescmp.stats._rope import zero_one_loss
from sklearn_bayescmp.utils._sklearn import InvalidParameterError
from sklearn_bayescmp.utils._validation import SMALLEST_SCORE, check_rope
from tests._messages import naming

RNG = np.random.default_rng(42)
DIFFS = RNG.normal(0.01, 0.03, size=30)


# --------------------------------------------------------------------------
# test_input_validation
# --------------------------------------------------------------------------


@pytest.mark.parametrize("backend", [corrected_ttest, bayesian_correlated_ttest])
@pytest.mark.parametrize(
    "kwargs, error, message",
    [
        (
            {"differences": [0.1, np.nan, 0.2]},
            ValueError,
            "`differences` contains 1 NaN value(s) (failed splits); drop them, pass "
            "nan_policy='omit'",
        ),
        (
            {"differences": [0.1, np.inf, 0.2]},
            ValueError,
            "`differences` contains 1 infinite value(s)",
        ),
        ({"differences": [0.1]}, ValueError, "`differences` needs at least 2 finite values"),
        ({"differences": [[0.1, 0.2]]}, ValueError, "`differences` must be 1-D"),
        ({"differences": ["a", "b"]}, TypeError, "`differences` must be numeric"),
        ({"n_train": [90, 90]}, ValueError, "`n_train` must be a positive integer or an array"),
        ({"n_test": [10, 0, 10]}, ValueError, "`n_test` must be positive"),
        ({"n_test": [10.5, 10, 10]}, ValueError, "`n_test` must hold whole sample counts"),
        # Whole but beyond int64: refused, not cast to a wrong count.
        ({"n_test": [1e20, 10, 10]}, ValueError, "`n_test` must hold sample counts below 2**63"),
    ],
)
def test_input_validation_data(backend, kwargs, error, message):
    arguments = {"differences": [0.1, 0.0, 0.2], "n_train": 90, "n_test": 10, **kwargs}
    differences = arguments.pop("differences")
    with pytest.raises(error, match=re.escape(message)):
        backend(differences, **arguments)


@pytest.mark.parametrize("backend", [corrected_ttest, bayesian_correlated_ttest])
def test_input_validation_parameters(backend):
    with pytest.raises(InvalidParameterError, match="The 'n_train' parameter"):
        backend(DIFFS, n_train=0, n_test=10)
    with pytest.raises(InvalidParameterError, match="The 'nan_policy' parameter"):
        backend(DIFFS, n_train=90, n_test=10, nan_policy="propagate")
    with pytest.raises(ValueError, match=re.escape("`n_train` and `n_test` are required")):
        backend(DIFFS)
    record = CVDifferences(DIFFS, n_train=90, n_test=10)
    with pytest.raises(ValueError, match="read from the CVDifferences record"):
        backend(record, n_train=90, n_test=10)


def test_input_validation_rope_and_prior():
    with pytest.raises(InvalidParameterError, match="The 'rope' parameter"):
        bayesian_correlated_ttest(DIFFS, n_train=90, n_test=10, rope=-0.01)
    with pytest.raises(ValueError, match=re.escape("low <= 0 <= high")):
        bayesian_correlated_ttest(DIFFS, n_train=90, n_test=10, rope=(0.02, -0.01))
    with pytest.raises(InvalidParameterError, match="The 'prior' parameter"):
        bayesian_correlated_ttest(DIFFS, n_train=90, n_test=10, prior=(0, 1, 1, 1))
    with pytest.raises(ValueError, match=re.escape("`k0` of NormalGammaPrior must be > 0")):
        NormalGammaPrior(0.0, 0.0, 1.0, 1.0)
    with pytest.raises(ValueError, match=naming("`a`", "NormalGammaPrior", ">= -0.5")):
        NormalGammaPrior(0.0, 1.0, -1.0, 1.0)
    with pytest.raises(ValueError, match=naming("`b`", "NormalGammaPrior", ">= 0")):
        NormalGammaPrior(0.0, 1.0, 1.0, -1.0)
    with pytest.raises(TypeError, match=naming("`mu0`", "NormalGammaPrior", "real number")):
        NormalGammaPrior("0", 1.0, 1.0, 1.0)


def test_input_validation_result_methods():
    res = bayesian_correlated_ttest(DIFFS, n_train=90, n_test=10)
    with pytest.raises(ValueError, match=naming("`prob`", "between 0 and 1")):
        res.credible_interval(prob=1.0)
    with pytest.raises(ValueError, match=re.escape("`method` must be 'hdi' or 'eti'")):
        res.credible_interval(method="shortest")
    with pytest.raises(ValueError, match=naming("`threshold`", "between 0 and 1")):
        res.decision(threshold=0)
    freq = corrected_ttest(DIFFS, n_train=90, n_test=10)
    with pytest.raises(ValueError, match=re.escape("`confidence_level` must lie strictly")):
        freq.confidence_interval(1.5)


# --------------------------------------------------------------------------
# test_against_reference
# --------------------------------------------------------------------------


@pytest.mark.parametrize("alternative", ["two-sided", "greater", "less"])
def test_corrected_ttest_without_correction_is_ttest_1samp(alternative):
    # scipy.stats.ttest_1samp(x, 0): the correction n_test/n_train -> 0.
    res = corrected_ttest(DIFFS, n_train=10**15, n_test=1, alternative=alternative)
    ref = stats.ttest_1samp(DIFFS, 0.0, alternative=alternative)
    assert res.statistic == pytest.approx(ref.statistic, rel=1e-12)
    assert res.pvalue == pytest.approx(ref.pvalue, rel=1e-10)
    assert res.df == ref.df
    assert res.confidence_interval(0.9) == pytest.approx(tuple(ref.confidence_interval(0.9)))


def test_corrected_ttest_inflates_variance_by_the_correction():
    # Nadeau & Bengio: var(mean) = (1/n + n_test/n_train) s^2 instead of s^2 / n.
    res = corrected_ttest(DIFFS, n_train=90, n_test=10)
    naive = stats.ttest_1samp(DIFFS, 0.0)
    n = DIFFS.size
    assert res.statistic == pytest.approx(naive.statistic / math.sqrt(1 + n / 9), rel=1e-12)
    assert res.standard_error == pytest.approx(
        math.sqrt((1 / n + 10 / 90) * np.var(DIFFS, ddof=1)), rel=1e-14
    )
    assert res.estimate == pytest.approx(DIFFS.mean(), rel=1e-14)


def test_gallery_example_numbers():
    # scikit-learn gallery "Statistical comparison of models using grid
    # search": rbf minus linear SVC AUC differences have mean 0.01 and sample
    # variance 0.0014666..., with n_train=90, n_test=10 over 10x10 CV. It prints
    # t = 0.750, p = 0.227, P(rbf better) = 0.773, P(rope) = 0.432 and the
    # 95% credible interval [-0.016, 0.036].
    base = np.tile([1.0, -1.0], 50)
    differences = 0.01 + base * math.sqrt(0.0014666666666666662 * 99 / 100)
    res = corrected_ttest(differences, n_train=90, n_test=10, alternative="greater")
    assert (round(res.statistic, 3), round(res.pvalue, 3)) == (0.750, 0.227)
    post = bayesian_correlated_ttest(differences, n_train=90, n_test=10, rope=0)
    assert round(post.prob_a_better, 3) == 0.773
    roped = bayesian_correlated_ttest(differences, n_train=90, n_test=10, rope=0.01)
    assert round(roped.prob_equivalent, 3) == 0.432
    low, high = roped.credible_interval(0.95)
    assert (round(low, 3), round(high, 3)) == (-0.016, 0.036)


@pytest.mark.parametrize(
    "n_train, n_test", [(90, 10), (40, 10), ([80, 81, 80, 79] * 5, [9, 10, 11, 12] * 5)]
)
@pytest.mark.parametrize("rope", [0.0, 0.01, (-0.02, 0.005)])
def test_matching_prior_equals_one_minus_one_sided_pvalue(n_train, n_test, rope):
    x = DIFFS[:20]
    post = bayesian_correlated_ttest(x, n_train=n_train, n_test=n_test, rope=rope)
    greater = corrected_ttest(x, n_train=n_train, n_test=n_test, alternative="greater")
    less = corrected_ttest(x, n_train=n_train, n_test=n_test, alternative="less")
    if rope == 0.0:
        assert post.prob_a_better == pytest.approx(1 - greater.pvalue, abs=1e-14)
        assert post.prob_b_better == pytest.approx(1 - less.pvalue, abs=1e-14)
    # Posterior = St(n - 1, mean, corrected standard error).
    assert (post.df, post.loc, post.scale) == pytest.approx(
        (greater.df, greater.estimate, greater.standard_error), rel=1e-14
    )
    # Explicit matching prior through the general Normal-Gamma formulas.
    general = bayesian_correlated_ttest(
        x, n_train=n_train, n_test=n_test, rope=rope, prior=NormalGammaPrior.matching()
    )
    assert (general.df, general.loc, general.scale) == pytest.approx(
        (post.df, post.loc, post.scale), rel=1e-12
    )


def _log_posterior_by_integration(x, mu, rho, prior):
    """log p(mu | x) up to a constant, by brute-force integration over the precision.

    Full MVN likelihood with the n x n intraclass covariance
    sigma^2 ((1 - rho) I + rho 1 1^T), times the Normal-Gamma prior, integrated
    over nu = 1 / sigma^2 on the log scale.
    """
    n = x.size
    corr = (1 - rho) * np.eye(n) + rho * np.ones((n, n))

    def log_joint(log_nu):
        nu = math.exp(log_nu)
        loglik = stats.multivariate_normal.logpdf(x, mean=np.full(n, mu), cov=corr / nu)
        if prior is None:  # flat in mu, p(nu) ~ 1 / nu: the matching prior
            logprior = -log_nu
        else:
            logprior = stats.norm.logpdf(mu, prior.mu0, math.sqrt(prior.k0 / nu))
            logprior += stats.gamma.logpdf(nu, prior.a, scale=1 / prior.b)
        return loglik + logprior + log_nu  # + log_nu: Jacobian of nu = exp(t)

    peak = optimize.minimize_scalar(lambda t: -log_joint(t), bounds=(-20, 30), method="bounded")
    top = -peak.fun
    value, _ = integrate.quad(
        lambda t: math.exp(log_joint(t) - top), peak.x - 25, peak.x + 25, limit=200
    )
    return top + math.log(value)


@pytest.mark.parametrize(
    "prior",
    [
        None,
        NormalGammaPrior(mu0=0.0, k0=1.0, a=2.0, b=1.0),
        NormalGammaPrior(mu0=0.3, k0=0.5, a=1.0, b=0.5),
        NormalGammaPrior(mu0=-0.2, k0=10.0, a=3.0, b=2.0),
    ],
)
@pytest.mark.parametrize("n_train, n_test", [(4, 1), (3, 2)])
def test_posterior_matches_brute_force_integration(prior, n_train, n_test):
    x = np.array([0.41, -0.12, 0.77, 0.30, 0.05, 0.52])
    rho = n_test / (n_train + n_test)
    post = bayesian_correlated_ttest(x, n_train=n_train, n_test=n_test, rope=0.1, prior=prior)
    grid = post.loc + post.scale * np.array([-3.0, -1.5, -0.5, 0.0, 0.7, 2.0, 4.0])
    brute = np.array([_log_posterior_by_integration(x, mu, rho, prior) for mu in grid])
    exact = post.posterior.logpdf(grid)
    # Same shape up to the normalizing constant.
    np.testing.assert_allclose(brute - brute[3], exact - exact[3], rtol=0, atol=1e-6)


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
@pytest.mark.parametrize("rope", [0.0, 0.01, 0.05])
@pytest.mark.parametrize("n_folds, runs", [(10, 10), (5, 2), (3, 1)])
def test_against_baycomp(rope, n_folds, runs):
    # baycomp.CorrelatedTTest uses rho = 1 / n_folds, i.e. n_test / n_train = 1 / (n_folds - 1).
    import baycomp  # test-only dependency (the "test" extra)

    rng = np.random.default_rng(n_folds * runs)
    scores_a = rng.uniform(0.7, 0.9, n_folds * runs)
    scores_b = scores_a - rng.normal(0.01, 0.02, n_folds * runs)
    probs = baycomp.CorrelatedTTest.probs(scores_a, scores_b, rope=rope, runs=runs)
    # baycomp returns (left, right) without a rope and (left, rope, right) with one.
    left, within, right = probs if rope else (probs[0], 0.0, probs[1])
    ours = bayesian_correlated_ttest(scores_a - scores_b, n_train=n_folds - 1, n_test=1, rope=rope)
    assert (ours.prob_a_better, ours.prob_equivalent, ours.prob_b_better) == pytest.approx(
        (left, within, right), abs=1e-9
    )


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
@pytest.mark.parametrize(
    "mean, rope, expected",
    [
        (0.0, 0.0, (0.5, 0.0, 0.5)),  # a tie on a zero-width rope: half a win each
        (0.01, 0.0, (1.0, 0.0, 0.0)),  # a point mass on A's side
        (0.01, 0.02, (0.0, 1.0, 0.0)),  # a rope: the mass goes where the mean lies
        (0.0, 0.01, (0.0, 1.0, 0.0)),
    ],
)
def test_zero_variance_equals_baycomp(mean, rope, expected):
    import baycomp  # test-only dependency (the "test" extra)

    x = np.full(100, mean)
    probs = baycomp.CorrelatedTTest.probs(x, np.zeros(100), rope=rope, runs=10)
    theirs = probs if rope else (probs[0], 0.0, probs[1])
    ours = bayesian_correlated_ttest(x, n_train=90, n_test=10, rope=rope)
    assert (ours.prob_a_better, ours.prob_equivalent, ours.prob_b_better) == expected
    assert tuple(float(p) for p in theirs) == expected
    # The Poisson test counts the tie as half a win for each model.
    record = CVDifferences(x, n_train=90, n_test=10, name="alike")
    other = CVDifferences(np.full(100, 0.03), n_train=90, n_test=10, name="other")
    poisson = poisson_test([record, other], rope=rope)
    assert tuple(poisson.dataset_probabilities[0]) == expected


# --------------------------------------------------------------------------
# test_edge_cases
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "value, rope, expected",
    [
        (0.02, 0.01, (1.0, 0.0, 0.0)),
        (0.005, 0.01, (0.0, 1.0, 0.0)),
        (-0.03, 0.01, (0.0, 0.0, 1.0)),
        (0.01, 0.01, (0.0, 1.0, 0.0)),  # on the rope's edge counts as equivalent
        (0.0, 0.0, (0.5, 0.0, 0.5)),  # identical models, no rope: a tie, half a win each
    ],
)
def test_zero_variance_is_a_point_mass(value, rope, expected):
    x = np.full(20, value)
    post = bayesian_correlated_ttest(x, n_train=90, n_test=10, rope=rope)
    assert (post.prob_a_better, post.prob_equivalent, post.prob_b_better) == expected
    assert post.scale == 0.0
    assert post.credible_interval(0.95) == (value, value)
    assert post.posterior.cdf(value) == 1.0
    assert post.posterior.rvs(size=3, random_state=0).tolist() == [value] * 3
    freq = corrected_ttest(x, n_train=90, n_test=10)
    assert not math.isnan(freq.statistic) and not math.isnan(freq.pvalue)


@pytest.mark.parametrize(
    "value, alternative, statistic, pvalue",
    [
        (0.02, "two-sided", math.inf, 0.0),
        (0.02, "greater", math.inf, 0.0),
        (0.02, "less", math.inf, 1.0),
        (-0.02, "less", -math.inf, 0.0),
        (-0.02, "greater", -math.inf, 1.0),
        (0.0, "two-sided", 0.0, 1.0),
        (0.0, "greater", 0.0, 1.0),
    ],
)
def test_zero_variance_pvalues(value, alternative, statistic, pvalue):
    res = corrected_ttest([value] * 10, n_train=90, n_test=10, alternative=alternative)
    assert (res.statistic, res.pvalue) == (statistic, pvalue)
    assert res.confidence_interval() == (value, value)


def test_constant_nonrepresentable_values_stay_a_point_mass():
    # 0.1 is not exactly representable: the mean of equal values must not
    # produce a tiny spurious variance.
    post = bayesian_correlated_ttest([0.1] * 7, n_train=90, n_test=10, rope=0.01)
    assert (post.scale, post.loc, post.prob_a_better) == (0.0, 0.1, 1.0)


def test_proper_prior_keeps_zero_variance_data_finite():
    prior = NormalGammaPrior(mu0=0.0, k0=1.0, a=1.0, b=0.01)
    post = bayesian_correlated_ttest([0.02] * 10, n_train=90, n_test=10, prior=prior)
    assert post.scale > 0
    assert post.prob_a_better + post.prob_equivalent + post.prob_b_better == pytest.approx(1)


def test_rope_zero_gives_no_equivalence():
    post = bayesian_correlated_ttest(DIFFS, n_train=90, n_test=10, rope=0)
    assert post.prob_equivalent == 0.0
    assert post.rope == (0.0, 0.0) or post.rope == (-0.0, 0.0)


def test_nan_policy_omit_drops_failed_splits_with_their_sizes():
    x = np.array([0.02, np.nan, 0.01, 0.03, np.nan, 0.0])
    n_train = np.array([90, 1, 91, 89, 1, 90])
    n_test = np.array([10, 99, 9, 11, 99, 10])
    res = bayesian_correlated_ttest(x, n_train=n_train, n_test=n_test, nan_policy="omit")
    kept = ~np.isnan(x)
    ref = bayesian_correlated_ttest(x[kept], n_train=n_train[kept], n_test=n_test[kept])
    assert res.n_omitted == 2 and res.n_splits == 4
    assert res.test_train_ratio == 40 / 360
    assert (res.loc, res.scale, res.prob_a_better) == (ref.loc, ref.scale, ref.prob_a_better)


def test_unequal_folds_use_summed_sizes():
    n_train = np.array([90, 91, 89, 90])
    n_test = np.array([10, 9, 11, 10])
    res = corrected_ttest(DIFFS[:4], n_train=n_train, n_test=n_test)
    assert res.test_train_ratio == 40 / 360


def test_record_input_equals_array_input():
    record = CVDifferences(DIFFS, n_train=90, n_test=10)
    assert (
        bayesian_correlated_ttest(record).loc
        == bayesian_correlated_ttest(DIFFS, n_train=90, n_test=10).loc
    )


def test_two_differences_is_enough():
    res = bayesian_correlated_ttest([0.01, 0.03], n_train=1, n_test=1)
    assert res.df == 1.0 and 0 < res.prob_a_better < 1


def test_summary_and_repr():
    post = bayesian_correlated_ttest(DIFFS, n_train=90, n_test=10)
    text = post.summary()
    assert f"P(A better) = {post.prob_a_better:.4f}" in text
    assert f"decision at threshold 0.95: {post.decision()}" in text
    assert repr(post).startswith("BayesianCorrelatedTTestResult(prob_a_better=")
    freq = corrected_ttest(DIFFS, n_train=90, n_test=10)
    assert f"t = {freq.statistic:.4g}, df = 29" in freq.summary()


# --------------------------------------------------------------------------
# invariants (hypothesis)
# --------------------------------------------------------------------------

# Differences are 0 or at least SMALLEST_SCORE in magnitude (smaller ones are refused:
# their squares underflow).
differences_strategy = st.lists(
    st.floats(-1, 1, allow_nan=False, allow_subnormal=False).map(
        lambda v: v if abs(v) >= SMALLEST_SCORE else 0.0
    ),
    min_size=2,
    max_size=40,
).map(np.array)
sizes = st.integers(1, 1000)
ropes = st.floats(0, 0.2, allow_subnormal=False)


@settings(max_examples=60, deadline=None)
@given(x=differences_strategy, n_train=sizes, n_test=sizes, rope=ropes)
def test_probabilities_sum_to_one_and_mirror(x, n_train, n_test, rope):
    res = bayesian_correlated_ttest(x, n_train=n_train, n_test=n_test, rope=rope)
    probs = np.array([res.prob_a_better, res.prob_equivalent, res.prob_b_better])
    assert np.all((probs >= 0) & (probs <= 1))
    assert probs.sum() == pytest.approx(1.0, abs=1e-9)
    swapped = bayesian_correlated_ttest(-x, n_train=n_train, n_test=n_test, rope=rope)
    assert (swapped.prob_a_better, swapped.prob_equivalent, swapped.prob_b_better) == (
        pytest.approx(res.prob_b_better, abs=1e-9),
        pytest.approx(res.prob_equivalent, abs=1e-9),
        pytest.approx(res.prob_a_better, abs=1e-9),
    )


@settings(max_examples=60, deadline=None)
@given(x=differences_strategy, n_train=sizes, n_test=sizes, shift=st.floats(-0.5, 0.5))
def test_shifting_both_scores_changes_nothing(x, n_train, n_test, shift):
    scores_b = np.linspace(0.2, 0.8, x.size)
    scores_a = scores_b + x
    base = bayesian_correlated_ttest(scores_a - scores_b, n_train=n_train, n_test=n_test)
    moved = bayesian_correlated_ttest(
        (scores_a + shift) - (scores_b + shift), n_train=n_train, n_test=n_test
    )
    assert moved.prob_a_better == pytest.approx(base.prob_a_better, abs=1e-6)
    assert moved.prob_b_better == pytest.approx(base.prob_b_better, abs=1e-6)


@settings(max_examples=60, deadline=None)
@given(x=differences_strategy, n_train=sizes, n_test=sizes, r1=ropes, r2=ropes)
def test_prob_equivalent_grows_with_the_rope(x, n_train, n_test, r1, r2):
    narrow, wide = sorted((r1, r2))
    small = bayesian_correlated_ttest(x, n_train=n_train, n_test=n_test, rope=narrow)
    large = bayesian_correlated_ttest(x, n_train=n_train, n_test=n_test, rope=wide)
    assert large.prob_equivalent >= small.prob_equivalent - 1e-12


@settings(max_examples=60, deadline=None)
@given(
    x=differences_strategy,
    n_train=sizes,
    n_test=sizes,
    alternative=st.sampled_from(["two-sided", "greater", "less"]),
    levels=st.tuples(st.floats(0.5, 0.99), st.floats(0.5, 0.99)),
)
def test_pvalue_range_and_intervals(x, n_train, n_test, alternative, levels):
    res = corrected_ttest(x, n_train=n_train, n_test=n_test, alternative=alternative)
    assert 0.0 <= res.pvalue <= 1.0
    low, high = res.confidence_interval(levels[0])
    assert low <= res.estimate <= high
    post = bayesian_correlated_ttest(x, n_train=n_train, n_test=n_test)
    small, large = sorted(levels)
    inner = post.credible_interval(small)
    outer = post.credible_interval(large)
    # Nested up to rounding: scipy's t.ppf is monotone only to a few ulps.
    tol = 1e-12 * (1.0 + abs(post.loc) + post.scale)
    assert outer.low <= inner.low + tol and inner.high <= outer.high + tol
    assert inner.low <= post.loc <= inner.high


@settings(max_examples=60, deadline=None)
@given(x=differences_strategy, rope=ropes, threshold=st.floats(0.5, 0.99))
def test_zero_one_loss_reproduces_the_threshold_rule(x, rope, threshold):
    post = bayesian_correlated_ttest(x, n_train=9, n_test=1, rope=rope)
    if min(abs(p - threshold) for p in post.probabilities.values()) < 1e-9:
        return  # a tie up to rounding: both rules are right
    by_loss = post.rope_decision(loss=zero_one_loss(threshold))
    assert by_loss.decision == post.decision(threshold)
    assert by_loss.rule == "loss" and len(by_loss.expected_loss) == 4


# Each data set's tests of a comparison of two models are computed together
# (dataset_ttests); they must be the tests called on each record alone.
records_strategy = st.lists(
    st.tuples(
        differences_strategy,
        st.lists(st.booleans(), min_size=40, max_size=40),  # which splits failed
        sizes,
        sizes,
        st.floats(0.1, 10),  # the scores' magnitude
    ),
    min_size=1,
    max_size=6,
)


def _record(x, failed, n_train, n_test, magnitude, name):
    x = x.copy()
    keep = np.flatnonzero(~np.array(failed[: x.size]))
    if keep.size >= 2:
        x[np.setdiff1d(np.arange(x.size), keep[: max(2, keep.size)])] = np.nan
    scores_b = np.full(x.size, magnitude)
    scores_a = scores_b + x
    return CVDifferences(
        x, n_train=n_train, n_test=n_test, scores_a=scores_a, scores_b=scores_b, name=name
    )


@settings(max_examples=60, deadline=None)
@given(
    specs=records_strategy,
    rope=ropes,
    prior=st.sampled_from([None, NormalGammaPrior(0.0, 1.0, 1.0, 0.001)]),
    test=st.sampled_from(["corrected_t", "corrected_resampled_t"]),
)
def test_dataset_ttests_equal_each_record_alone(specs, rope, prior, test):
    records = [_record(*spec, name=f"d{r}") for r, spec in enumerate(specs)]
    posteriors, ttests = dataset_ttests(records, rope=check_rope(rope), prior=prior, test=test)
    for record, posterior, ttest in zip(records, posteriors, ttests, strict=True):
        alone = bayesian_correlated_ttest(record, rope=rope, prior=prior, nan_policy="omit")
        assert posterior == alone
        reference = corrected_ttest(record, nan_policy="omit")
        assert ttest == replace(reference, test=test)
