"""Tests of the Plackett-Luce ranking: brute force on tiny cases, choix's MLE, invariants."""

import itertools
import re

import numpy as np
import pytest

from sklearn_bayescmp.stats import plackett_luce_ranking
from sklearn_bayescmp.stats._ranking import expected_ranks, rankings_from_scores
from sklearn_bayescmp.utils._sklearn import InvalidParameterError


def _plackett_luce_log_likelihood(orderings, weights):
    """``log P(orderings | weights)`` under Plackett-Luce, for the brute-force references below.

    ``orderings`` of shape (n_rankings, n_models), best first; ``weights`` of
    shape (..., n_models); returns shape (...).
    """
    ordered = weights[..., orderings]  # (..., n_rankings, n_models)
    remaining = np.cumsum(ordered[..., ::-1], axis=-1)[..., ::-1]
    return (np.log(ordered[..., :-1]) - np.log(remaining[..., :-1])).sum(axis=(-1, -2))


# --------------------------------------------------------------------------
# input validation
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "scores, kwargs, error, message",
    [
        ([[0.1, 0.2, 0.3]] * 0, {}, ValueError, "one row per data set and one column per model"),
        ([[0.1], [0.2]], {}, ValueError, "(at least 2 models); got shape (2, 1)"),
        ([[0.1, np.nan]], {}, ValueError, "`scores` contains 1 NaN or infinite value(s)"),
        ([[0.1, 0.2]], {"names": ["a", "a"]}, ValueError, "`names` must hold 2 distinct names"),
        ([[0.1, 0.2]], {"prior": 0}, InvalidParameterError, "The 'prior' parameter"),
    ],
)
def test_input_validation(scores, kwargs, error, message):
    with pytest.raises(error, match=re.escape(message)):
        plackett_luce_ranking(scores, **kwargs)


# --------------------------------------------------------------------------
# against references
# --------------------------------------------------------------------------


@pytest.mark.parametrize("n_models", [2, 3, 4])
def test_plackett_luce_probabilities_and_expected_ranks_by_enumeration(n_models):
    # Every ordering of K models: probabilities sum to one, and the expected
    # rank of each model equals the closed form 1 + sum_m w_m / (w_m + w_k).
    weights = np.random.default_rng(n_models).dirichlet(np.ones(n_models))
    orderings = np.array(list(itertools.permutations(range(n_models))))
    probabilities = np.array(
        [np.exp(_plackett_luce_log_likelihood(o[None], weights)) for o in orderings]
    )
    assert probabilities.sum() == pytest.approx(1.0, abs=1e-12)
    ranks = np.argsort(orderings, axis=1) + 1  # rank of each model in each ordering
    # (expected_ranks sums its terms in single precision: within 1e-5 here)
    np.testing.assert_allclose(probabilities @ ranks, expected_ranks(weights), atol=1e-5)
    # w_k is the probability that model k ranks first.
    firsts = [probabilities[orderings[:, 0] == k].sum() for k in range(n_models)]
    np.testing.assert_allclose(firsts, weights, rtol=1e-12)


def _simplex_grid(n_models, n_points):
    """Midpoints of a regular grid of the simplex, all with the same area."""
    axes = np.meshgrid(*[np.arange(n_points)] * (n_models - 1), indexing="ij")
    corner = np.stack([axis.ravel() for axis in axes], axis=1)
    inside = corner.sum(axis=1) <= n_points - n_models + 1
    free = (corner[inside] + 1.0 / n_models) / n_points
    return np.column_stack([free, 1.0 - free.sum(axis=1)])


@pytest.mark.parametrize(
    "n_models, n_points, prior",
    [(3, 500, 1.0), (3, 500, 2.5), (4, 90, 1.0)],
)
def test_posterior_matches_brute_force_integration(n_models, n_points, prior):
    # Tiny data: a few rankings, with the posterior computed on a fine grid of
    # the simplex (Dirichlet prior times the Plackett-Luce likelihood).
    rng = np.random.default_rng(n_models)
    scores = rng.normal(np.linspace(0, 1, n_models), 1.0, size=(5, n_models))
    orderings, _ = rankings_from_scores(scores, np.random.default_rng(0))
    grid = _simplex_grid(n_models, n_points)
    log_density = _plackett_luce_log_likelihood(orderings, grid) + (prior - 1) * np.log(grid).sum(
        axis=1
    )
    density = np.exp(log_density - log_density.max())
    density /= density.sum()
    exact_weights = density @ grid
    exact_ranks = density @ expected_ranks(grid)
    sd = np.sqrt(density @ (grid - exact_weights) ** 2)

    result = plackett_luce_ranking(
        scores, prior=prior, n_chains=4, n_warmup=500, n_draws=10_000, random_state=0
    )
    # Ties cannot occur in continuous scores, so the sampler saw the same rankings.
    assert result.n_tied == 0
    ess = min(result.ess.values())
    assert ess > 4000 and max(result.rhat.values()) < 1.01
    np.testing.assert_allclose(result.prob_best, exact_weights, atol=5 * sd.max() / np.sqrt(ess))
    np.testing.assert_allclose(result.expected_rank, exact_ranks, atol=0.03)


def test_posterior_mode_agrees_with_choix_maximum_likelihood():
    # choix (Maystre & Grossglauser) fits the Plackett-Luce model by maximum
    # likelihood; with many rankings and a flat prior the posterior
    # concentrates on the MLE.
    choix = pytest.importorskip("choix")
    rng = np.random.default_rng(1)
    true_weights = np.array([0.4, 0.3, 0.15, 0.1, 0.05])
    # Gumbel trick: ranking by log w + Gumbel noise samples Plackett-Luce orderings.
    scores = np.log(true_weights) + rng.gumbel(size=(2000, 5))
    orderings, _ = rankings_from_scores(scores, rng)
    mle = choix.ilsr_rankings(5, [tuple(o) for o in orderings])
    result = plackett_luce_ranking(scores, n_warmup=300, n_draws=1000, random_state=0)
    log_weights = np.log(result.samples["weights"]).mean(axis=(0, 1))
    np.testing.assert_allclose(log_weights - log_weights.mean(), mle - mle.mean(), atol=0.02)
    np.testing.assert_allclose(result.prob_best, true_weights, atol=0.02)
    assert result.order == ("model 0", "model 1", "model 2", "model 3", "model 4")


# --------------------------------------------------------------------------
# properties and edge cases
# --------------------------------------------------------------------------


def test_results_depend_only_on_the_seed_and_the_order_of_scores():
    rng = np.random.default_rng(2)
    scores = rng.normal(size=(12, 4))
    first = plackett_luce_ranking(scores, n_draws=500, random_state=3)
    again = plackett_luce_ranking(scores, n_draws=500, random_state=3)
    np.testing.assert_array_equal(first.samples["weights"], again.samples["weights"])
    # Only the rankings matter: any increasing transform of the scores changes nothing.
    transformed = plackett_luce_ranking(np.exp(3 * scores), n_draws=500, random_state=3)
    np.testing.assert_array_equal(first.samples["weights"], transformed.samples["weights"])
    other = plackett_luce_ranking(scores, n_draws=500, random_state=4)
    assert not np.array_equal(first.samples["weights"], other.samples["weights"])


def test_summaries_are_consistent():
    rng = np.random.default_rng(5)
    scores = rng.normal([0.0, 1.0, 2.0], 0.5, size=(20, 3))
    result = plackett_luce_ranking(scores, names=["c", "b", "a"], random_state=0)
    weights = result.samples["weights"]
    np.testing.assert_allclose(weights.sum(axis=-1), 1.0)
    assert result.prob_top.sum() == pytest.approx(1.0)
    assert result.expected_rank.sum() == pytest.approx(3 * 4 / 2)  # ranks 1..K always sum
    assert np.all(result.prob_best_interval[:, 0] <= result.prob_best)
    assert np.all(result.prob_best <= result.prob_best_interval[:, 1])
    assert result.prob_above("a", "c") == pytest.approx(1 - result.prob_above("c", "a"))
    assert result.prob_above("a", "c") > 0.8
    columns = result.to_columns()
    assert columns["model"] == list(result.order) == ["a", "b", "c"]
    assert "a" in result.summary().splitlines()[2]
    assert "P(ranks first)" in result._repr_html_()
    with pytest.raises(ValueError, match="Unknown model 'z'"):
        result.prob_above("z", "a")


def test_ties_are_broken_at_random_and_counted():
    scores = np.array([[0.9, 0.9, 0.5], [0.8, 0.7, 0.7], [0.6, 0.7, 0.8]])
    result = plackett_luce_ranking(scores, n_draws=200, random_state=0)
    assert result.n_tied == 2
    assert "2 with ties, broken at random" in result.summary()
    orderings, n_tied = rankings_from_scores(scores, np.random.default_rng(0))
    assert n_tied == 2
    assert orderings[2].tolist() == [2, 1, 0]  # no tie: descending scores
    assert set(orderings[0][:2]) == {0, 1} and orderings[0][2] == 2
