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
        "random_state": 7,
        "keep": 300,
        "n_jobs": None,
    }
    arguments.update(options)
    return summarise_draws(test, z, (-0.01, 0.01), np.full(len(z), 1e-14), **arguments)


def _assert_same(first, second, rows=slice(None)):
    for name in ("sixths", "total", "squares", "n_draws"):
        np.testing.assert_array_equal(getattr(first, name)[rows], getattr(second, name))
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
    weights = rng.standard_exponential((50, n + 1))
    weights[:, 0] = rng.standard_gamma(strength, 50) if strength else 0.0
    lattice = lattice_weights(weights)
    assert np.array_equal(lattice, np.floor(lattice)) and lattice.min() >= 0
    total = lattice.sum(axis=1)
    assert np.all(total <= 2**25 + 1) and np.all(total > 2**25 - (n + 1))
    exact = weights / weights.sum(axis=1, keepdims=True)
    error = np.abs(lattice / total[:, None] - exact).max()
    assert error <= (n + 2) * 2.0**-25
    # The largest numerator a test forms stays exact in float64.
    assert 2 * total.max() ** 2 < 2**53


@pytest.mark.parametrize("test", TESTS)
def test_numerators_are_the_exact_integer_sums(test):
    # Python's integers, from the definition, against the matrix products' floats.
    z = _collections(4, 9, seed=0)
    rng = np.random.default_rng(1)
    weights = lattice_weights(rng.standard_exponential((20, z.shape[1])))
    kernel = _Products(test, z, (-0.01, 0.01), np.full(4, 1e-14))
    features, denominator = kernel.prepare(weights)
    above, below = kernel.numerators(features, np.arange(4), _dirichlet_draws._Buffers())
    q = [[int(v) for v in row] for row in weights]
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


def test_prefix_sums_give_the_products_numbers():
    z = _collections(5, 12, seed=2)
    weights = lattice_weights(np.random.default_rng(3).standard_exponential((64, z.shape[1])))
    tolerance = np.full(5, 1e-14)
    buffers = _dirichlet_draws._Buffers()
    products = _Products("signed_rank", z, (-0.01, 0.01), tolerance)
    prefix = _PrefixSums(z, (-0.01, 0.01), tolerance)
    by_products = products.numerators(products.prepare(weights)[0], np.arange(5), buffers)
    by_prefix = prefix.numerators(prefix.prepare(weights)[0], np.arange(5), buffers)
    for ours, theirs in zip(by_products, by_prefix, strict=True):
        np.testing.assert_array_equal(ours, theirs)


# --------------------------------------------------------------------------
# a test's numbers do not depend on how the work is shared
# --------------------------------------------------------------------------


@pytest.mark.parametrize("test", TESTS)
@pytest.mark.parametrize("q", [6, 30])
def test_a_test_is_the_same_whatever_the_tests_beside_it(test, q, monkeypatch):
    z = _collections(23, q, seed=q)
    together = _summaries(test, z)
    assert len(set(together.n_draws)) > 1  # the tests stopped at different rounds
    for index in (0, 11, 22):
        _assert_same(together, _summaries(test, z[index : index + 1]), slice(index, index + 1))
    # Other batches of tests, in threads; blocks of 384 draws (3 groups of 128, a chunk's
    # last block shorter); the prefix sums.
    monkeypatch.setattr(_dirichlet_draws, "TESTS_PER_BATCH", 5)
    monkeypatch.setattr(_dirichlet_draws, "_TESTS_PER_SUMMARY", 2)
    _assert_same(together, _summaries(test, z, n_jobs=2))
    n = q + 1
    n_features = n if test == "sign" else n * (n + 1) // 2
    monkeypatch.setattr(_dirichlet_draws, "_FEATURE_ELEMENTS", 384 * n_features)
    _assert_same(together, _summaries(test, z))
    if test == "signed_rank":
        monkeypatch.setattr(_dirichlet_draws, "_MOST_OBSERVATIONS_IN_PRODUCTS", 0)
        _assert_same(together, _summaries(test, z))


def test_a_fixed_number_of_draws_not_a_whole_chunk():
    z = _collections(4, 8, seed=5)
    whole = _summaries("signed_rank", z, n_draws=5000)
    assert set(whole.n_draws) == {5000}
    for index in range(4):
        _assert_same(whole, _summaries("signed_rank", z[index : index + 1], n_draws=5000), [index])


def test_ties_for_the_largest_theta_share_the_draw():
    summaries = DrawSummaries(2, keep=0)
    # Test 0: a and b tie, then all three, then the rope alone. Test 1: a, then the rope.
    above = np.array([[3.0, 1.0, 0.0], [6.0, 0.0, 0.0]])
    below = np.array([[3.0, 1.0, 0.0], [0.0, 0.0, 0.0]])
    denominator = np.array([6.0, 3.0, 6.0])
    buffers = _dirichlet_draws._Buffers()
    summaries.add(np.arange(2), above, below, denominator, with_equivalence=True, buffers=buffers)
    third = 1 / 3
    np.testing.assert_allclose(
        summaries.wins, [[0.5 + third, third + 1, 0.5 + third], [1, 2, 0]], rtol=1e-15
    )
    np.testing.assert_allclose(summaries.total[0], [0.5 + third, third + 1, 0.5 + third])
    assert summaries.n_draws.tolist() == [3, 3]


# --------------------------------------------------------------------------
# the probabilities agree with the earlier engine's
# --------------------------------------------------------------------------

#: Computed by the engine of fa81fb9 (a pair's own generator, float sums, random_state=0):
#: prob_a_better, prob_equivalent, prob_b_better, predictive_prob_a_better, mcse, n_draws.
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
    name, test, rope = key
    backend = sign_test if test == "sign" else signed_rank_test
    x = _earlier_cases()[name]
    *earlier, earlier_mcse, earlier_draws = _EARLIER[key]
    same_draws = backend(x, rope=rope, random_state=0)
    other_draws = backend(x, rope=rope, random_state=1)
    # The same seed draws the same weights: only the rounding to the lattice differs.
    assert same_draws.n_draws == earlier_draws
    for result, bound in ((same_draws, 1e-4), (other_draws, None)):
        observed = (
            result.prob_a_better,
            result.prob_equivalent,
            result.prob_b_better,
            result.predictive_prob_a_better,
        )
        # Independent draws: within 4 standard errors of the difference of two estimates.
        tolerance = bound or 4 * math.hypot(earlier_mcse, result.mcse) + 1e-5
        assert observed == pytest.approx(earlier, abs=tolerance)
