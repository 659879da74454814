"""The Plackett-Luce ranking's memory is bounded by a chunk of draws, not draws x models**2."""

import tracemalloc

import numpy as np

from sklearn_bayescmp.stats._ranking import expected_ranks


def _expected_ranks_at_once(weights):
    """The pairwise formula on every draw at once (the reference)."""
    above = weights[..., None, :] / (weights[..., None, :] + weights[..., :, None])
    return 0.5 + above.sum(axis=-1)


def test_expected_ranks_in_chunks_equal_the_formula():
    # Summed in single precision: within 1e-4 of the double-precision formula.
    weights = np.random.default_rng(0).dirichlet(np.ones(7), size=(3, 50))
    np.testing.assert_allclose(
        expected_ranks(weights), _expected_ranks_at_once(weights), rtol=0, atol=1e-5
    )
    for n_jobs in (1, 2):  # the same numbers in threads
        np.testing.assert_array_equal(
            expected_ranks(weights, n_jobs=n_jobs), expected_ranks(weights)
        )
    # Every draw's ranks sum to K(K + 1)/2.
    np.testing.assert_allclose(expected_ranks(weights).sum(axis=-1), 28.0)


def test_expected_ranks_of_many_models_stay_within_a_chunk():
    # 300 models x 2,000 draws: 1.4 GB of pairwise terms at once, a few tens of MiB now.
    weights = np.random.default_rng(0).dirichlet(np.ones(300), size=2000)
    tracemalloc.start()
    ranks = expected_ranks(weights)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert peak < 150 * 2**20
    np.testing.assert_allclose(ranks[:5], _expected_ranks_at_once(weights[:5]), atol=1e-4)
