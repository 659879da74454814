"""Tests of the rope decision rules."""

import re

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats

from sklearn_bayescmp.stats import rope_probabilities

# The engines of the results' decision(), rope_decision() and odds().
from sklearn_bayescmp.stats._rope import (
    expected_loss_decision,
    posterior_odds,
    raftery_grade,
    threshold_decision,
    zero_one_loss,
)

# --------------------------------------------------------------------------
# test_input_validation
# --------------------------------------------------------------------------


def test_probabilities_must_sum_to_one():
    with pytest.raises(ValueError, match=re.escape("non-negative and sum to at most 1")):
        threshold_decision(0.5, 0.5, 0.5)
    with pytest.raises(ValueError, match=re.escape("non-negative and sum to at most 1")):
        posterior_odds(np.nan, 0.5, 0.5)
    # Mass left on no outcome (a Poisson-test tie) is fine for the threshold
    # rule, but the loss rule needs the full distribution.
    assert threshold_decision(0.96, 0.0, 0.0) == "a"
    with pytest.raises(ValueError, match=re.escape("non-negative and sum to 1; got")):
        expected_loss_decision(0.5, 0.0, 0.3, loss=zero_one_loss())


def test_loss_matrix_shape():
    with pytest.raises(ValueError, match=re.escape("`loss` must be a finite (4, 3) matrix")):
        expected_loss_decision(0.2, 0.3, 0.5, loss=np.ones((3, 3)))


def test_odds_arguments():
    with pytest.raises(ValueError, match=re.escape("`outcome` must be one of")):
        posterior_odds(0.2, 0.3, 0.5, outcome="left")
    with pytest.raises(ValueError, match=re.escape("`versus` must be 'rest' or one of")):
        posterior_odds(0.2, 0.3, 0.5, outcome="a", versus="a")
    with pytest.raises(ValueError, match="odds are undefined"):
        posterior_odds(0.0, 1.0, 0.0, outcome="a", versus="b")


# --------------------------------------------------------------------------
# test_against_reference
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "odds, grade",
    [
        (1.0, "weak"),
        (2.9, "weak"),
        (3.5, "positive"),
        (20.0, "positive"),
        (100, "strong"),
        (151, "very strong"),
        (np.inf, "very strong"),
    ],
)
def test_raftery_grades(odds, grade):
    # Raftery (1995), Table 6: 1-3 weak, 3-20 positive, 20-150 strong, >150 very strong.
    assert raftery_grade(odds) == grade


def test_odds_values():
    odds = posterior_odds(0.8, 0.15, 0.05)
    assert (odds.outcome, odds.versus, odds.favours, odds.grade) == (
        "a",
        "equivalent",
        "a",
        "positive",
    )
    assert odds.odds == pytest.approx(0.8 / 0.15)
    rest = posterior_odds(0.8, 0.15, 0.05, outcome="b", versus="rest")
    assert rest.odds == pytest.approx(0.05 / 0.95)
    assert (rest.favours, rest.grade) == ("rest", "positive")
    sure = posterior_odds(1.0, 0.0, 0.0)
    assert sure.odds == np.inf and sure.grade == "very strong"


@pytest.mark.parametrize(
    "probs, threshold, expected",
    [
        ((0.97, 0.03, 0.0), 0.95, "a"),
        ((0.01, 0.96, 0.03), 0.95, "equivalent"),
        ((0.0, 0.04, 0.96), 0.95, "b"),
        ((0.6, 0.4, 0.0), 0.95, "undecided"),
        ((0.95, 0.05, 0.0), 0.95, "undecided"),  # must exceed, not reach
        ((0.45, 0.35, 0.2), 0.4, "a"),
    ],
)
def test_threshold_rule(probs, threshold, expected):
    assert threshold_decision(*probs, threshold=threshold) == expected


def test_custom_loss_matrix():
    # Deciding "a" wrongly is very costly: stay undecided even at P(a) = 0.9.
    loss = [[0, 20, 20], [1, 0, 1], [1, 1, 0], [0.5, 0.5, 0.5]]
    decision, expected = expected_loss_decision(0.9, 0.1, 0.0, loss=loss)
    assert decision == "undecided"
    assert expected == pytest.approx((2.0, 0.9, 1.0, 0.5))


def test_rope_probabilities_of_draws_match_the_distribution():
    dist = stats.t(9, loc=0.01, scale=0.02)
    draws = dist.rvs(size=400_000, random_state=np.random.default_rng(0))
    exact = rope_probabilities(dist, (-0.01, 0.02))
    sampled = rope_probabilities(draws, (-0.01, 0.02))
    assert sampled == pytest.approx(exact, abs=4e-3)
    assert sum(exact) == pytest.approx(1.0)


def test_rope_probabilities_keep_tiny_tails():
    # Far from the rope, the equivalence mass is tiny but not rounded to 0.
    dist = stats.norm(loc=1.0, scale=0.05)
    prob_a, prob_eq, prob_b = rope_probabilities(dist, (-0.01, 0.01))
    assert prob_eq == pytest.approx(
        stats.norm.cdf(0.01, 1, 0.05) - stats.norm.cdf(-0.01, 1, 0.05), rel=1e-6
    )
    assert prob_eq > 0


# --------------------------------------------------------------------------
# invariants
# --------------------------------------------------------------------------

simplex = (
    st.tuples(st.floats(0, 1), st.floats(0, 1), st.floats(0, 1))
    .filter(lambda v: sum(v) > 1e-3)
    .map(lambda v: tuple(np.array(v) / sum(v)))
)


@settings(max_examples=200, deadline=None)
@given(probs=simplex, threshold=st.floats(0.5, 0.999))
def test_zero_one_loss_equals_threshold_rule(probs, threshold):
    if min(abs(p - threshold) for p in probs) < 1e-9:
        return  # tie up to rounding
    decision, _ = expected_loss_decision(*probs, loss=zero_one_loss(threshold))
    assert decision == threshold_decision(*probs, threshold=threshold)


@settings(max_examples=200, deadline=None)
@given(probs=simplex, threshold=st.floats(0.5, 0.999))
def test_swapping_a_and_b_mirrors_decisions(probs, threshold):
    mirror = {"a": "b", "b": "a", "equivalent": "equivalent", "undecided": "undecided"}
    forward = threshold_decision(*probs, threshold=threshold)
    backward = threshold_decision(*probs[::-1], threshold=threshold)
    assert backward == mirror[forward]
