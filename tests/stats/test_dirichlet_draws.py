"""Tests of the Monte Carlo engine of the Bayesian sign and signed-rank tests."""

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sklearn_bayescmp.stats import _dirichlet_draws, sign_test, signed_rank_test
from sklearn_bayescmp.stats._dirichlet_draws import (
    DrawSummaries,
    _PrefixSums,
    _Products,
    choose_kernel,
    chunk_weights,
    draws_per_block,
    expected_theta,
    lattice_weights,
    summarise_draws,
)
from sklearn_bayescmp.stats._sign import TARGET_MCSE

TESTS = ("sign", "signed_rank")


def _collections(n_tests, q, seed):
    """Rows of z as the back end builds them: the pseudo-observation (at 0), then the
    means, some on the rope's edges and some tied."""
    rng = np.random.default_rng(seed)
    z = np.round(rng.normal(0.0, 0.02, (n_tests, q + 1)), 3)
    z[:, 0] = 0.0
    z[::3, 1] = 0.01  # on the edge
    z[1::3, 2] = z[1::3, 3]  # a tie
    return z


def _summaries(test, z, **options):
    arguments = {
        "prior_strength": 0.5,
        "n_draws": None,
        "target_mcse": TARGET_MCSE,
        "threshold": 0.95,
        "random_state": 7,
        "keep": 300,
        "n_jobs": None,
    }
    arguments.update(options)
    return summarise_draws(test, z, (-0.01, 0.01), np.full(len(z), 1e-14), **arguments)


def _assert_same(first, second, rows=slice(None)):
    (first, first_settled), (second, second_settled) = first, second
    for name in ("sixths", "tied_moments", "moments", "n_draws"):
        np.testing.assert_array_equal(getattr(first, name)[rows], getattr(second, name))
    np.testing.assert_array_equal(first_settled[rows], second_settled)
    for kept, other in zip(np.asarray(first.kept, dtype=object)[rows], second.kept, strict=True):
        np.testing.assert_array_equal(np.concatenate(kept), np.concatenate(other))


# --------------------------------------------------------------------------
# the lattice of weights
# --------------------------------------------------------------------------


@settings(max_examples=30, deadline=None)
@given(
    n=st.integers(1, 300),
    strength=st.floats(0.0, 5.0),
    seed=st.integers(0, 2**16),
)
def test_lattice_weights_are_integers_close_to_the_dirichlet_weights(n, strength, seed):
    rng = np.random.default_rng(seed)
    weights = rng.standard_exponential((n + 1, 50))  # a column per draw
    weights[0] = rng.standard_gamma(strength, 50) if strength else 0.0
    lattice = lattice_weights(weights)
    assert np.array_equal(lattice, np.floor(lattice)) and lattice.min() >= 0
    total = lattice.sum(axis=0)
    assert np.all(total <= 2**25 + 1) and np.all(total > 2**25 - (n + 1))
    exact = weights / weights.sum(axis=0)
    error = np.abs(lattice / total - exact).max()
    assert error <= (n + 2) * 2.0**-25
    # The largest numerator a test forms stays exact in float64.
    assert 2 * total.max() ** 2 < 2**53


def test_a_chunk_is_the_same_draws_whatever_reads_it():
    # The prior's gammas first, then each block's exponentials, a row per data set: the
    # draws depend on the seed and the number of observations alone, and each block
    # holds as many as the bound on memory allows.
    seed = np.random.SeedSequence(5)
    for n in (4, 40, 5001):
        step = draws_per_block(n)
        if n * _dirichlet_draws.DRAWS_PER_CHUNK <= _dirichlet_draws._FEATURE_ELEMENTS:
            assert step == _dirichlet_draws.DRAWS_PER_CHUNK  # a whole chunk where it fits
        else:  # else blocks of bounded memory, whole groups of 128 draws
            assert step * n <= _dirichlet_draws._LARGE_BLOCK_ELEMENTS or step == 128
            assert step % 128 == 0
        size = 1000 if n == 5001 else _dirichlet_draws.DRAWS_PER_CHUNK
        buffers = _dirichlet_draws._Buffers()
        # (each block is a view of one reused array: copied as it comes)
        blocks = [b.copy() for b in chunk_weights(seed, size, n - 1, 0.5, np.random.PCG64, buffers)]
        rng = np.random.Generator(np.random.PCG64(seed))
        prior = rng.standard_gamma(0.5, size=size)
        start = 0
        for block in blocks:
            count = block.shape[1]
            expected = np.vstack(
                [prior[start : start + count], rng.standard_exponential((n - 1, count))]
            )
            np.testing.assert_array_equal(block, lattice_weights(expected))
            start += count
        assert start == size


@pytest.mark.parametrize("test", TESTS)
@pytest.mark.parametrize("kernel", ["products", "prefix"])
def test_numerators_are_the_exact_integer_sums(test, kernel):
    # Python's integers, from the definition, against the kernels' floats.
    if test == "sign" and kernel == "prefix":
        pytest.skip("the sign test has one kernel")
    z = _collections(4, 9, seed=0)
    rng = np.random.default_rng(1)
    weights = lattice_weights(rng.standard_exponential((z.shape[1], 20)))
    tolerance = np.full(4, 1e-14)
    if kernel == "products":
        kernel = _Products(test, z, (-0.01, 0.01), tolerance)
    else:
        kernel = _PrefixSums(z, (-0.01, 0.01), tolerance)
    buffers = _dirichlet_draws._Buffers()
    ((features, denominator),) = kernel.parts(weights, buffers)
    above, below, denominator = kernel.numerators(features, np.arange(4), buffers, denominator)
    q = [[int(v) for v in column] for column in weights.T]
    for t, values in enumerate(z):
        for d, w in enumerate(q):
            if test == "sign":
                expected_above = sum(2 * w[i] for i in range(len(w)) if values[i] > 0.01)
                expected_below = sum(2 * w[i] for i in range(len(w)) if values[i] < -0.01)
                assert denominator[d] == 2 * sum(w)
            else:
                expected_above = expected_below = 0
                for i in range(len(w)):
                    for j in range(len(w)):
                        walsh = (values[i] + values[j]) / 2
                        on_high = abs(walsh - 0.01) <= 1e-14
                        on_low = abs(walsh + 0.01) <= 1e-14
                        expected_above += w[i] * w[j] * (2 * (walsh > 0.01 + 1e-14) + on_high)
                        expected_below += w[i] * w[j] * (2 * (walsh < -0.01 - 1e-14) + on_low)
                assert denominator[d] == 2 * sum(w) ** 2
            assert above[t, d] == expected_above and below[t, d] == expected_below


def test_the_kernel_is_chosen_by_size():
    # One test, or many data sets: prefix sums; many tests of few data sets: products.
    assert choose_kernel("signed_rank", 31, 1) == "prefix"
    assert choose_kernel("signed_rank", 31, 5000) == "products"
    assert choose_kernel("signed_rank", 1001, 5000) == "prefix"
    assert choose_kernel("sign", 1001, 1) == "products"


# --------------------------------------------------------------------------
# the exact means of theta
# --------------------------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(
    values=st.lists(
        st.sampled_from([-0.03, -0.01, -0.005, 0.0, 0.005, 0.01, 0.02]), min_size=2, max_size=12
    ),  # fmt: skip
    place=st.sampled_from([0.0, np.inf, -np.inf]),
    strength=st.sampled_from([0.0, 0.5, 1.0, 2.5]),
    test=st.sampled_from(TESTS),
)
def test_expected_theta_is_the_dirichlet_moment(values, place, strength, test):
    # By the moments E[w_i] and E[w_i w_j] over every pair, edges counting one half
    # (the signed-rank test) or for the rope (the sign test).
    z = np.array([[place, *values]])
    tolerance = np.array([1e-14])
    alpha = np.r_[strength, np.ones(len(values))]
    total = alpha.sum()
    with np.errstate(invalid="ignore"):
        if test == "sign":
            above, below = (z[0] > 0.01 + 1e-14) * 1.0, (z[0] < -0.01 - 1e-14) * 1.0
            reference = [alpha @ above / total, alpha @ below / total]
        else:
            walsh = (z[0][:, None] + z[0][None, :]) / 2
            above = (walsh > 0.01 + 1e-14) + 0.5 * (np.abs(walsh - 0.01) <= 1e-14)
            below = (walsh < -0.01 - 1e-14) + 0.5 * (np.abs(walsh + 0.01) <= 1e-14)
            moments = (np.outer(alpha, alpha) + np.diag(alpha)) / (total * (total + 1))
            reference = [(moments * above).sum(), (moments * below).sum()]
    expected = expected_theta(test, z, (-0.01, 0.01), tolerance, strength)
    np.testing.assert_allclose(expected[0], reference, rtol=1e-12, atol=1e-15)
    if test == "signed_rank":  # the two ways of counting give the same integers
        pairs = _dirichlet_draws._pair_counts(z, (-0.01, 0.01), tolerance)
        boundaries = _dirichlet_draws._boundary_counts(z[0], (-0.01, 0.01), 1e-14)
        np.testing.assert_array_equal(pairs[0], boundaries)


# --------------------------------------------------------------------------
# a test's numbers do not depend on how the work is shared
# --------------------------------------------------------------------------


@pytest.mark.parametrize("test", TESTS)
@pytest.mark.parametrize("q", [6, 30])
def test_a_test_is_the_same_whatever_the_tests_beside_it(test, q, monkeypatch):
    z = _collections(23, q, seed=q)
    tight = {"target_mcse": 0.002}  # rounds enough for the tests to stop at different ones
    together = _summaries(test, z, **tight)
    assert len(set(together[0].n_draws)) > 1  # the tests stopped at different rounds
    for index in (0, 11, 22):
        alone = _summaries(test, z[index : index + 1], **tight)
        _assert_same(together, alone, slice(index, index + 1))
    # Other batches of tests, in threads; the other kernel.
    monkeypatch.setattr(_dirichlet_draws, "TESTS_PER_BATCH", 5)
    monkeypatch.setattr(_dirichlet_draws, "_TESTS_PER_SUMMARY", 2)
    _assert_same(together, _summaries(test, z, n_jobs=2, **tight))
    if test == "signed_rank":
        for kernel in ("products", "prefix"):
            monkeypatch.setattr(_dirichlet_draws, "choose_kernel", lambda *_, k=kernel: k)
            _assert_same(together, _summaries(test, z, **tight))


def test_a_fixed_number_of_draws_not_a_whole_chunk():
    z = _collections(4, 8, seed=5)
    whole = _summaries("signed_rank", z, n_draws=5000)
    assert set(whole[0].n_draws) == {5000} and whole[1].all()
    for index in range(4):
        _assert_same(whole, _summaries("signed_rank", z[index : index + 1], n_draws=5000), [index])


def test_ties_for_the_largest_theta_share_the_draw():
    expected = np.zeros((2, 2))
    summaries = DrawSummaries(2, keep=0, expected=expected, with_equivalence=True)
    # Test 0: a and b tie, then all three, then the rope alone. Test 1: a, then the rope.
    above = np.array([[3.0, 1.0, 0.0], [6.0, 0.0, 0.0]])
    below = np.array([[3.0, 1.0, 0.0], [0.0, 0.0, 0.0]])
    denominator = np.array([6.0, 3.0, 6.0])
    buffers = _dirichlet_draws._Buffers()
    summaries.add(np.arange(2), above, below, denominator, buffers=buffers)
    third = 1 / 3
    np.testing.assert_allclose(
        summaries.sixths / 6, [[0.5 + third, third + 1, 0.5 + third], [1, 2, 0]], rtol=1e-15
    )
    # The squares of the shares (in 36ths): a's 1/4 and 1/9; b's the same; together.
    assert summaries.tied_moments[0].tolist() == [9 + 4, 9 + 4, 9 + 4]
    assert summaries.tied_moments[1].tolist() == [36, 0, 0]
    assert summaries.n_draws.tolist() == [3, 3]


# --------------------------------------------------------------------------
# the probabilities agree with the earlier engine's
# --------------------------------------------------------------------------

#: Computed by the engine of fa81fb9 (a pair's own generator, float sums, shares of the
#: winning draws, random_state=0): prob_a_better, prob_equivalent, prob_b_better,
#: predictive_prob_a_better, mcse, n_draws.
_EARLIER = {
    ("steady lead", "sign", 0.01): (0.70379, 0.29621, 0.0, 0.5474, 0.00215, 45056),
    ("steady lead", "sign", 0.0): (1.0, 0.0, 0.0, 0.90106, 0.00082, 4096),
    ("steady lead", "signed_rank", 0.01): (0.87264, 0.12736, 0.0, 0.61707, 0.00213, 24576),
    ("steady lead", "signed_rank", 0.0): (1.0, 0.0, 0.0, 0.97734, 0.00032, 4096),
    ("near the edge", "sign", 0.01): (0.86865, 0.13135, 0.0, 0.58055, 0.00215, 24576),
    ("near the edge", "sign", 0.0): (0.99121, 0.0, 0.00879, 0.7003, 0.00147, 4096),
    ("near the edge", "signed_rank", 0.01): (0.97388, 0.02612, 0.0, 0.68454, 0.00176, 8192),
    ("near the edge", "signed_rank", 0.0): (1.0, 0.0, 0.0, 0.86064, 0.00099, 4096),
    ("noise", "sign", 0.01): (0.01231, 0.1507, 0.83698, 0.19314, 0.00218, 28672),
    ("noise", "sign", 0.0): (0.12903, 0.0, 0.87097, 0.39935, 0.00214, 24576),
    ("noise", "signed_rank", 0.01): (0.00628, 0.83283, 0.16089, 0.16914, 0.0022, 28672),
    ("noise", "signed_rank", 0.0): (0.12956, 0.0, 0.87044, 0.38409, 0.00214, 24576),
    ("many data sets", "sign", 0.01): (0.83611, 0.16312, 0.00077, 0.40805, 0.00219, 28672),
    ("many data sets", "sign", 0.0): (1.0, 0.0, 0.0, 0.6209, 0.00054, 4096),
    ("many data sets", "signed_rank", 0.01): (0.10454, 0.89546, 0.0, 0.38168, 0.00214, 20480),
    ("many data sets", "signed_rank", 0.0): (0.99951, 0.0, 0.00049, 0.63223, 0.0006, 4096),
}


def _earlier_cases():
    rng = np.random.default_rng(2026)
    return {
        "steady lead": rng.normal(0.012, 0.01, 30),
        "near the edge": rng.normal(0.009, 0.02, 30),
        "noise": rng.normal(0.0, 0.02, 30),
        "many data sets": rng.normal(0.004, 0.02, 200),  # the prefix sums
    }


@pytest.mark.parametrize("key", sorted(_EARLIER))
def test_probabilities_agree_with_the_earlier_engine(key):
    # Independent draws (another engine, another stopping rule): within 4 standard errors
    # of the difference of two estimates; the predictive probability is now exact.
    name, test, rope = key
    backend = sign_test if test == "sign" else signed_rank_test
    x = _earlier_cases()[name]
    *earlier, earlier_mcse, _ = _EARLIER[key]
    for seed in (0, 1):
        result = backend(x, rope=rope, random_state=seed)
        observed = (
            result.prob_a_better,
            result.prob_equivalent,
            result.prob_b_better,
            result.predictive_prob_a_better,
        )
        tolerance = 4 * math.hypot(earlier_mcse, result.mcse) + 1e-5
        assert observed == pytest.approx(earlier, abs=tolerance)
        assert result.mcse <= TARGET_MCSE and result.settled


@pytest.mark.parametrize("test", TESTS)
def test_a_long_run_agrees_within_the_stated_error(test):
    # The default run states its error: the half-width of a 99.9% interval. A long run
    # (20 times the draws) lies within it, for every probability.
    backend = sign_test if test == "sign" else signed_rank_test
    for name, x in _earlier_cases().items():
        default = backend(x, random_state=3)
        long = backend(x, random_state=4, n_draws=20 * default.n_draws)
        for outcome in ("prob_a_better", "prob_equivalent", "prob_b_better"):
            gap = abs(getattr(default, outcome) - getattr(long, outcome))
            assert gap <= default.mc_error + _dirichlet_draws.Z_999 * long.mcse, (name, outcome)
