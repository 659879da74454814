"""Tests of the Bayesian sign and signed-rank tests."""

import re

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats

from sklearn_bayescmp import CVDifferences
from sklearn_bayescmp.stats import _dirichlet_draws, _sign, sign_test, signed_rank_test
from sklearn_bayescmp.utils._random import check_random_generator
from sklearn_bayescmp.utils._sklearn import InvalidParameterError

BACKENDS = [sign_test, signed_rank_test]
PLACES = {"a": np.inf, "rope": 0.0, "b": -np.inf}


def _weights(random_state, n_samples, q, prior_strength):
    """The normalized Dirichlet weights the back end draws, rebuilt independently, a row
    per draw: per chunk of draws, the prior's gammas, then block after block (of the
    engine's size for q + 1 observations) the exponentials of the data sets, a row per
    data set; each draw rounded down to multiples of 2**-25 of its total."""
    columns = []
    (sizes,) = _sign.chunk_rounds(n_samples, _sign.TARGET_MCSE)
    children = check_random_generator(random_state).spawn(len(sizes))
    step = _dirichlet_draws.draws_per_block(q + 1)
    for rng, size in zip(children, sizes, strict=True):
        prior = rng.standard_gamma(prior_strength, size=size)
        for start in range(0, size, step):
            count = min(step, size - start)
            block = np.vstack([prior[start : start + count], rng.standard_exponential((q, count))])
            exact = block / block.sum(axis=0)
            lattice = np.floor(exact * 2**25)
            rounded = lattice / lattice.sum(axis=0)
            np.testing.assert_array_less(np.abs(rounded - exact), (q + 2) * 2.0**-25)
            columns.append(rounded)
    return np.concatenate(columns, axis=1).T


def _naive_signed_rank(z, weights, rope, tolerance=0.0):
    """O(q^2) per draw, straight from the definition; a Walsh average on an edge
    (within ``tolerance``) counts one half for the side beyond it, as in baycomp."""
    low, high = rope
    walsh = (z[:, None] + z[None, :]) / 2
    above = (walsh > high + tolerance) + 0.5 * (np.abs(walsh - high) <= tolerance)
    below = (walsh < low - tolerance) + 0.5 * (np.abs(walsh - low) <= tolerance)
    theta_a = np.einsum("si,ij,sj->s", weights, above, weights)
    theta_b = np.einsum("si,ij,sj->s", weights, below, weights)
    return np.column_stack([theta_a, 1 - theta_a - theta_b, theta_b])


# --------------------------------------------------------------------------
# test_input_validation
# --------------------------------------------------------------------------


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize(
    "x, kwargs, error, message",
    [
        (
            [],
            {},
            ValueError,
            "`differences` must hold the mean differences of at least 2 data sets",
        ),
        ([0.05], {}, ValueError, "at least 2 data sets; got 1"),
        ([0.1, np.nan], {}, ValueError, "`differences` contains 1 NaN or infinite value(s)"),
        ([[0.1, 0.2]], {}, ValueError, "`differences` must hold one mean difference per data set"),
        (["a", "b"], {}, TypeError, "`differences` must be numeric"),
        ([0.1, 0.2], {"rope": (0.01, 0.02)}, ValueError, "low <= 0 <= high"),
    ],
)
def test_input_validation_data(backend, x, kwargs, error, message):
    with pytest.raises(error, match=re.escape(message)):
        backend(x, **kwargs)


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize(
    "kwargs, name",
    [
        ({"prior_place": "left"}, "prior_place"),
        ({"prior_strength": -1.0}, "prior_strength"),
        ({"n_draws": 0}, "n_draws"),
        ({"rope": -0.01}, "rope"),
        ({"random_state": "seed"}, "random_state"),
    ],
)
def test_input_validation_parameters(backend, kwargs, name):
    with pytest.raises(InvalidParameterError, match=f"The '{name}' parameter"):
        backend([0.1, 0.2], **kwargs)


# --------------------------------------------------------------------------
# test_against_reference
# --------------------------------------------------------------------------


@pytest.mark.parametrize("prior_place", ["a", "rope", "b"])
@pytest.mark.parametrize("rope", [0.0, 0.01, (-0.02, 0.005)])
def test_signed_rank_equals_naive_quadratic_draw_for_draw(prior_place, rope):
    # Ties, duplicates and values exactly on the rope's edges included.
    x = np.array([0.01, -0.01, 0.0, 0.02, 0.02, -0.005, 0.005, 0.013, -0.03, 0.1, 0.01])
    res = signed_rank_test(
        x, rope=rope, prior_strength=0.7, prior_place=prior_place, n_draws=3000, random_state=4
    )
    weights = _weights(4, 3000, x.size, 0.7)
    z = np.concatenate([[PLACES[prior_place]], x])
    bounds = (-rope, rope) if np.isscalar(rope) else rope
    # (0.01 - 0.03) / 2 is -0.009999999999999998: on the edge -0.01 up to rounding.
    tolerance = 1e-12 * max(np.abs(x).max(), *np.abs(bounds))
    expected = _naive_signed_rank(z, weights, bounds, tolerance)
    if rope == 0.0:
        expected = _without_equivalence(expected)
    np.testing.assert_allclose(res.samples, expected, atol=1e-12)


def _without_equivalence(theta):
    """theta renormalized over "a" and "b" (no equivalence with a zero-width rope)."""
    sides = theta[:, 0] + theta[:, 2]
    share_a = np.where(sides > 1e-12, theta[:, 0] / np.where(sides > 1e-12, sides, 1.0), 0.5)
    return np.column_stack([share_a, np.zeros_like(share_a), 1.0 - share_a])


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_rope_of_zero_width_leaves_no_equivalence(backend):
    # The sign test: the pseudo-observation at 0 and the ties at 0 count for
    # neither side. The signed-rank test: one half for each (baycomp's rule; the
    # naive reference checks it). All weight at 0 is a tie, split.
    x = np.array([0.01, 0.02, -0.005, 0.0])
    res = backend(x, rope=0, n_draws=2000, random_state=0)
    assert res.prob_equivalent == 0.0 and res.predictive_prob_equivalent == 0.0
    assert res.prob_a_better + res.prob_b_better == pytest.approx(1.0)
    with_rope = backend(x, rope=1e-9, n_draws=2000, random_state=0)
    if backend is sign_test:
        expected = _without_equivalence(with_rope.samples)
        np.testing.assert_allclose(res.samples, expected, atol=1e-12)
    # Either way, no draw changes winner.
    winners = np.argmax(_without_equivalence(with_rope.samples)[:, ::2], axis=1)
    np.testing.assert_array_equal(np.argmax(res.samples[:, ::2], axis=1), winners)
    ties = backend(np.zeros(3), rope=0, n_draws=500, random_state=0)
    assert (ties.prob_a_better, ties.prob_equivalent, ties.prob_b_better) == (0.5, 0.0, 0.5)


@pytest.mark.parametrize("prior_place", ["a", "rope", "b"])
def test_sign_equals_direct_weighted_counts(prior_place):
    x = np.array([0.01, -0.01, 0.0, 0.02, -0.005, 0.013, -0.03])
    res = sign_test(x, prior_place=prior_place, n_draws=2000, random_state=1)
    weights = _weights(1, 2000, x.size, 1.0)
    z = np.concatenate([[PLACES[prior_place]], x])
    expected = np.column_stack(
        [weights @ (z > 0.01), weights @ ((z >= -0.01) & (z <= 0.01)), weights @ (z < -0.01)]
    )
    np.testing.assert_allclose(res.samples, expected, atol=1e-12)


def test_sign_test_matches_its_closed_form_dirichlet():
    # Aggregating Dirichlet weights by region gives Dirichlet(n_a, n_eq + s, n_b)
    # with the pseudo-observation in the rope.
    x = np.array([0.03] * 6 + [0.0] * 3 + [-0.02] * 2)
    s = 1.5
    res = sign_test(x, prior_strength=s, n_draws=50_000, random_state=0)
    alpha = np.array([6, 3 + s, 2])
    mean = alpha / alpha.sum()
    var = mean * (1 - mean) / (alpha.sum() + 1)
    n = res.n_draws
    assert np.all(np.abs(res.samples.mean(axis=0) - mean) <= 4 * np.sqrt(var / n))
    np.testing.assert_allclose(res.samples.var(axis=0), var, rtol=0.05)
    # Two outcomes only (no data in the rope, prior on B): theta_a ~ Beta(n_a, n_b + s)
    # and P(A better) = P(theta_a > 1/2).
    two = sign_test(x[x != 0], prior_strength=s, prior_place="b", random_state=0)
    exact = stats.beta.sf(0.5, 6, 2 + s)
    se = np.sqrt(exact * (1 - exact) / two.n_samples)
    assert two.prob_equivalent == 0.0
    assert two.prob_a_better == pytest.approx(exact, abs=4 * se)


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_against_baycomp(seed):
    import baycomp  # test-only dependency (the "test" extra)

    # Continuous data: no Walsh average lands exactly on the rope's edge,
    # where baycomp splits the mass in half and we count it as equivalent.
    x = np.random.default_rng(seed).normal(0.012, 0.015, 12)
    zeros = np.zeros_like(x)
    for ours, theirs, prior in [
        (signed_rank_test, baycomp.SignedRankTest, 0.5),
        (sign_test, baycomp.SignTest, 1.0),
    ]:
        res = ours(x, rope=0.01, prior_strength=prior, random_state=seed)
        # baycomp's "left" is its first argument being better: our A.
        reference = theirs.probs(x, zeros, rope=0.01, random_state=seed)
        observed = (res.prob_a_better, res.prob_equivalent, res.prob_b_better)
        # Two independent estimates: ours within its Monte Carlo error, baycomp's of
        # 50,000 draws (at most 0.0022); four standard errors of the gap.
        gap = 4 * np.hypot(res.mcse, 0.5 / np.sqrt(50_000))
        assert observed == pytest.approx(tuple(reference), abs=gap)


# --------------------------------------------------------------------------
# test_edge_cases and invariants
# --------------------------------------------------------------------------


@pytest.mark.parametrize("backend", BACKENDS)
def test_swapping_a_and_b_mirrors_draw_for_draw(backend):
    x = np.random.default_rng(5).normal(0.004, 0.02, 25)
    res = backend(x, prior_place="a", n_draws=5000, random_state=7)
    mirror = backend(-x, prior_place="b", n_draws=5000, random_state=7)
    np.testing.assert_allclose(mirror.samples, res.samples[:, ::-1], atol=1e-12)
    assert (mirror.prob_a_better, mirror.prob_b_better) == (res.prob_b_better, res.prob_a_better)


@pytest.mark.parametrize("backend", BACKENDS)
def test_results_depend_only_on_random_state(backend, monkeypatch):
    x = np.random.default_rng(6).normal(0.0, 0.02, 40)
    reference = backend(x, n_draws=9000, random_state=3)
    in_threads = backend(x, n_draws=9000, random_state=3, n_jobs=2)
    # The other kernel (the signed-rank test's prefix sums or matrix products).
    monkeypatch.setattr(
        _dirichlet_draws, "choose_kernel", lambda test, n, k: "products" if test == "sign"
        else {"products": "prefix", "prefix": "products"}[_KERNEL(test, n, k)]
    )  # fmt: skip
    other_kernel = backend(x, n_draws=9000, random_state=3)
    for result in (in_threads, other_kernel):
        np.testing.assert_array_equal(result.samples, reference.samples)
        assert result.prob_a_better == reference.prob_a_better
        assert result.mcse == reference.mcse
    assert reference.random_state == 3
    other = backend(x, n_draws=9000, random_state=4)
    assert not np.array_equal(other.samples, reference.samples)


_KERNEL = _dirichlet_draws.choose_kernel


@pytest.mark.parametrize("backend", BACKENDS)
def test_records_are_averaged_over_successful_splits(backend):
    records = {
        "a": CVDifferences([0.02, np.nan, 0.04], n_train=9, n_test=1),
        "b": CVDifferences([0.01, 0.03], n_train=9, n_test=1),
    }
    res = backend(records, n_draws=100, random_state=0)
    np.testing.assert_allclose(res.means, [0.03, 0.02])
    assert res.names == ("a", "b")
    same = backend([0.03, 0.02], n_draws=100, random_state=0)
    np.testing.assert_array_equal(res.samples, same.samples)


@pytest.mark.parametrize("backend", BACKENDS)
def test_zero_prior_with_every_data_set_above_the_rope(backend):
    res = backend([0.05, 0.03], prior_strength=0.0, n_draws=500, random_state=0)
    # Data sets far above the rope and no prior: theta_a = 1 in every draw.
    assert res.prob_a_better == 1.0
    np.testing.assert_allclose(res.samples, np.tile([1.0, 0.0, 0.0], (500, 1)))


def test_summary_and_repr():
    res = signed_rank_test([0.031, 0.023, 0.047, -0.004], n_draws=1000, random_state=0)
    assert res.summary().startswith("Bayesian signed-rank test over 4 data sets")
    assert repr(res).startswith("DirichletProcessTestResult(prob_a_better=")


PROBABILITIES = ("prob_a_better", "prob_equivalent", "prob_b_better")


@settings(max_examples=25, deadline=None)
@given(
    x=st.lists(st.floats(-0.1, 0.1, allow_subnormal=False), min_size=2, max_size=15),
    ropes=st.tuples(st.floats(0, 0.05), st.floats(0, 0.05)),
    place=st.sampled_from(["a", "rope", "b"]),
    seed=st.integers(0, 2**16),
)
def test_invariants(x, ropes, place, seed):
    narrow, wide = sorted(ropes)
    for backend in BACKENDS:
        small = backend(x, rope=narrow, prior_place=place, n_draws=300, random_state=seed)
        large = backend(x, rope=wide, prior_place=place, n_draws=300, random_state=seed)
        for res in (small, large):
            probs = (res.prob_a_better, res.prob_equivalent, res.prob_b_better)
            assert sum(probs) == pytest.approx(1.0)
            np.testing.assert_allclose(res.samples.sum(axis=1), 1.0, atol=1e-12)
            # Probabilities, where they are computed: not -1e-17 (a complement's rounding).
            assert np.all((res.samples >= 0) & (res.samples <= 1))
            predictive = [getattr(res, f"predictive_{name}") for name in PROBABILITIES]
            assert all(0 <= p <= 1 for p in (*probs, *predictive))
        # Same weights, wider rope: theta_equivalent grows in every draw, and so does the
        # share of draws where it is the largest. The probability reported carries a
        # control variate, so it follows within its Monte Carlo error (eight zeros and
        # 0.03125, ropes 0.03125 and 0.046875: 0.98507 then 0.98460, mcse 0.0073).
        assert np.all(large.samples[:, 1] >= small.samples[:, 1] - 1e-12)
        wins = [np.mean(res.samples.argmax(axis=1) == 1) for res in (small, large)]
        assert wins[1] >= wins[0]
        error = 3.3 * max(small.mcse, large.mcse)
        assert large.prob_equivalent >= small.prob_equivalent - error


def test_identical_models_give_no_negative_probability():
    # Every difference 0, inside the rope: theta_a is a complement, -1.6e-17 before it
    # was clipped where computed (and printed so in the JSON).
    res = signed_rank_test(np.zeros(23), rope=0.005, random_state=3, n_draws=2000)
    assert 0.0 <= res.predictive_prob_a_better < 1e-15 and res.samples.min() == 0.0
    assert res.prob_equivalent == 1.0


# --------------------------------------------------------------------------
# draws chosen by the Monte Carlo error they buy (n_draws=None)
# --------------------------------------------------------------------------

#: The draws a test may stop at, by default: after any of its chunks.
_STOPS = set(np.cumsum(_dirichlet_draws.chunk_sizes(_dirichlet_draws.MOST_DRAWS)).tolist())


def _done(result):
    """Whether a result's probabilities are precise enough and its decision settled."""
    return result.mcse <= _sign.TARGET_MCSE and result.settled


@settings(max_examples=25, deadline=None)
@given(
    means=st.lists(
        st.floats(-0.05, 0.05, allow_nan=False, allow_subnormal=False), min_size=3, max_size=25
    ),
    seed=st.integers(0, 2**16),
    backend=st.sampled_from(BACKENDS),
)
def test_the_draws_stop_where_precise_and_settled(means, seed, backend):
    result = backend(means, random_state=seed)
    assert result.n_draws in _STOPS
    # Precise enough and settled, or the most draws.
    assert _done(result) or result.n_draws == max(_STOPS)
    assert result.settled or result.n_draws == max(_STOPS)
    if result.n_draws > min(_STOPS):  # the round before was not done
        before = backend(
            means, random_state=seed, n_draws=max(d for d in _STOPS if d < result.n_draws)
        )
        probabilities = np.array(
            [before.prob_a_better, before.prob_equivalent, before.prob_b_better]
        )
        unsettled = np.any(np.abs(probabilities - 0.95) <= _dirichlet_draws.Z_999 * before.mcse)
        assert before.mcse > _sign.TARGET_MCSE or unsettled
    # What the fixed number of draws gives, number for number, and for any n_jobs.
    fixed = backend(means, random_state=seed, n_draws=result.n_draws)
    threaded = backend(means, random_state=seed, n_jobs=2)
    for other in (fixed, threaded):
        for name in ("prob_a_better", "prob_equivalent", "predictive_prob_b_better", "mcse"):
            assert getattr(other, name) == getattr(result, name)
    assert result.target_mcse == _sign.TARGET_MCSE and fixed.target_mcse is None
    assert result.threshold == 0.95 and fixed.threshold is None


def test_a_decision_near_the_threshold_draws_until_it_is_settled():
    # A threshold 0.003 from P(A better): the first rounds cannot tell which side of it
    # the probability is; a decision away from the threshold settles at once.
    means = [0.031, 0.023, 0.047, -0.004, 0.041, 0.018, 0.026, 0.012, -0.002, 0.015]
    long = signed_rank_test(means, random_state=1, n_draws=200_000)
    near_threshold = long.prob_a_better - 0.003
    near = signed_rank_test(means, random_state=0, threshold=near_threshold)
    far = signed_rank_test(means, random_state=0, threshold=0.5)
    assert near.n_draws > far.n_draws
    for result, threshold in ((near, near_threshold), (far, 0.5)):
        probabilities = np.array(
            [result.prob_a_better, result.prob_equivalent, result.prob_b_better]
        )
        assert result.settled
        assert np.all(np.abs(probabilities - threshold) > _dirichlet_draws.Z_999 * result.mcse)


def test_an_unsettled_decision_is_said():
    # A threshold on the probability itself: never settled, the most draws, and said so.
    means = [0.031, 0.023, 0.047, -0.004, 0.041, 0.018, 0.026]
    first = signed_rank_test(means, random_state=0, n_draws=50_000)
    result = signed_rank_test(means, random_state=0, threshold=first.prob_a_better)
    assert not result.settled and result.n_draws == max(_STOPS)
    assert "within the Monte Carlo error of the threshold" in result.summary()


def test_the_probabilities_are_the_regression_estimates_of_the_draws():
    # Rebuilt from the draws the result keeps: the share of draws each outcome wins,
    # corrected by theta_a and theta_b, whose exact means come from the Dirichlet
    # moments (checked here by their own formula: E[w_i w_j]).
    means = np.array([0.012, -0.003, 0.02, 0.015, 0.001, 0.008])
    result = signed_rank_test(means, random_state=0)
    draws = result.samples  # every draw, kept
    n = len(draws)
    winners = np.eye(3)[draws.argmax(axis=1)]
    z = np.concatenate([[0.0], means])
    alpha = np.r_[0.5, np.ones(means.size)]
    total = alpha.sum()
    moments = (np.outer(alpha, alpha) + np.diag(alpha)) / (total * (total + 1))
    walsh = (z[:, None] + z[None, :]) / 2
    # (0.012 + 0.008) / 2 is on the rope's edge: one half for each side of it.
    edge = 1e-12 * 0.02
    above = (walsh > 0.01 + edge) + 0.5 * (np.abs(walsh - 0.01) <= edge)
    below = (walsh < -0.01 - edge) + 0.5 * (np.abs(walsh + 0.01) <= edge)
    exact = np.array([(moments * above).sum(), (moments * below).sum()])
    controls = draws[:, [0, 2]] - draws[:, [0, 2]].mean(axis=0)
    estimates, errors = [], []
    for k in range(3):
        beta, *_ = np.linalg.lstsq(controls, winners[:, k] - winners[:, k].mean(), rcond=None)
        estimates.append(winners[:, k].mean() - beta @ (draws[:, [0, 2]].mean(axis=0) - exact))
        residuals = winners[:, k] - controls @ beta
        errors.append(residuals.std() / np.sqrt(n))
    observed = [result.prob_a_better, result.prob_equivalent, result.prob_b_better]
    np.testing.assert_allclose(observed, estimates, atol=1e-9)
    np.testing.assert_allclose(
        [result.predictive_prob_a_better, result.predictive_prob_b_better], exact, rtol=1e-12
    )
    assert result.mcse == pytest.approx(max(errors), rel=1e-6)
    # The control variate earns its keep: the plain share's error is larger.
    assert max(errors) < 0.8 * np.sqrt(winners.var(axis=0).max() / n)


def test_a_tighter_target_draws_more_and_a_looser_one_fewer():
    means = [0.004, 0.011, -0.002, 0.009, 0.013, 0.006, 0.001]
    default = signed_rank_test(means, random_state=1)
    tight = signed_rank_test(means, random_state=1, target_mcse=0.001)
    loose = signed_rank_test(means, random_state=1, target_mcse=0.02)
    assert loose.n_draws <= default.n_draws < tight.n_draws
    assert tight.mcse <= 0.001 and loose.mcse <= 0.02 and default.mcse <= 0.005
    with pytest.raises(InvalidParameterError, match="target_mcse"):
        signed_rank_test(means, target_mcse=0.0)


def test_many_pairs_stop_each_where_it_would_alone():
    from sklearn_bayescmp import ScoreTable, compare_models

    rng = np.random.default_rng(0)
    columns = {"dataset": [f"d{i}" for i in range(15)]}
    columns |= {f"m{k}": 0.8 + 0.004 * k + rng.normal(0, 0.01, 15) for k in range(6)}
    table = ScoreTable.from_wide(columns, dataset="dataset", greater_is_better=True)
    comparison = compare_models(table, random_state=3, ranking=False)
    draws = {result.n_draws for result in comparison.results.values()}
    assert len(draws) > 1  # some pairs stopped earlier than others
    for (a, b), result in comparison.results.items():
        alone = signed_rank_test(table.differences(a, b), random_state=3)
        assert (alone.n_draws, alone.prob_a_better, alone.predictive_prob_equivalent) == (
            result.n_draws,
            result.prob_a_better,
            result.predictive_prob_equivalent,
        )
