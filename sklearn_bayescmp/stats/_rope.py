"""Rope decisions: turn the three outcome probabilities into an answer.

Every Bayesian back end ends with three numbers, the posterior probabilities
that A is practically better, that A and B are practically equivalent (the
mean difference lies inside the region of practical equivalence, the *rope*)
and that B is practically better. This module holds the decision rules of
Benavoli et al. (2017, §3.2) and Corani et al. (2017, §4.6) on those numbers:

- the threshold rule (an outcome whose probability exceeds ``threshold``);
- posterior odds between outcomes, graded on Raftery's (1995) scale;
- the Bayes decision under a user loss matrix (minimum expected loss).

It sits outside :mod:`sklearn_bayescmp.stats` (which re-exports its public
names) because the result classes use it too, and the back ends import the
result classes: here, neither package has to import the other first.
"""

from dataclasses import dataclass

import numpy as np

from ..utils._validation import check_probability
from ._core import rope_tails

#: The outcomes, in the column order of loss matrices.
OUTCOMES = ("a", "equivalent", "b")

# Raftery (1995), "Bayesian model selection in social research", Table 6.
_RAFTERY_GRADES = ((3.0, "weak"), (20.0, "positive"), (150.0, "strong"))


def raftery_grade(odds):
    """Grade the strength of evidence carried by posterior odds.

    Parameters
    ----------
    odds : float
        Posterior odds, at least 1 (take the reciprocal for odds below 1).

    Returns
    -------
    grade : {"weak", "positive", "strong", "very strong"}
        Raftery's grades: 1-3 weak, 3-20 positive, 20-150 strong,
        above 150 very strong.
    """
    for upper, grade in _RAFTERY_GRADES:
        if odds <= upper:
            return grade
    return "very strong"


@dataclass(frozen=True)
class PosteriorOdds:
    """Posterior odds of one outcome against another.

    Attributes
    ----------
    outcome : str
        The outcome in the numerator: "a", "equivalent" or "b".
    versus : str
        The outcome in the denominator, or "rest" for all other outcomes.
    odds : float
        ``P(outcome) / P(versus)``; ``inf`` when ``P(versus) = 0``.
    favours : str
        ``outcome`` when the odds are at least 1, otherwise ``versus``.
    grade : str
        Raftery's grade of ``max(odds, 1 / odds)``: "weak", "positive",
        "strong" or "very strong".

    See Also
    --------
    sklearn_bayescmp.stats.BayesianCorrelatedTTestResult.odds : Returns these odds.

    Examples
    --------
    >>> from sklearn_bayescmp.stats import bayesian_correlated_ttest
    >>> differences = [0.02, 0.01, 0.03, 0.00, 0.02, 0.01]
    >>> res = bayesian_correlated_ttest(differences, n_train=90, n_test=10, rope=0.01)
    >>> odds = res.odds()
    >>> odds.favours, odds.grade
    ('a', 'positive')
    """

    outcome: str
    versus: str
    odds: float
    favours: str
    grade: str

    def __str__(self):
        return (
            f"odds {self.outcome} : {self.versus} = {self.odds:.3g} "
            f"({self.grade} evidence for {self.favours})"
        )


@dataclass(frozen=True)
class RopeDecision:
    """A decision taken on the three outcome probabilities.

    Attributes
    ----------
    decision : {"a", "equivalent", "b", "undecided"}
        "a": A is practically better; "b": B is practically better;
        "equivalent": practically equivalent; "undecided": the evidence is
        not enough under the rule.
    rule : {"threshold", "loss"}
        The rule that produced the decision.
    prob_a_better, prob_equivalent, prob_b_better : float
        The probabilities the rule used.
    threshold : float or None
        The threshold of the threshold rule (None for a custom loss matrix).
    expected_loss : tuple of float or None
        Expected loss of deciding "a", "equivalent", "b" and of not deciding,
        for the loss rule; None for the threshold rule.

    See Also
    --------
    sklearn_bayescmp.stats.BayesianCorrelatedTTestResult.rope_decision : Returns it.

    Examples
    --------
    >>> from sklearn_bayescmp.stats import bayesian_correlated_ttest
    >>> differences = [0.02, 0.01, 0.03, 0.00, 0.02, 0.01]
    >>> res = bayesian_correlated_ttest(differences, n_train=90, n_test=10, rope=0.01)
    >>> decision = res.rope_decision(threshold=0.9)
    >>> decision.decision, decision.rule
    ('undecided', 'threshold')
    """

    decision: str
    rule: str
    prob_a_better: float
    prob_equivalent: float
    prob_b_better: float
    threshold: float | None = None
    expected_loss: tuple | None = None


def _probabilities(prob_a_better, prob_equivalent, prob_b_better, *, complete=False):
    """The three probabilities as an array, checked.

    They may sum to less than one when a result leaves mass on no outcome
    (e.g. a tie in the Poisson-binomial test), unless ``complete``.
    """
    probs = np.array([prob_a_better, prob_equivalent, prob_b_better], dtype=float)
    total = probs.sum()
    if (
        not np.all(np.isfinite(probs))
        or np.any(probs < 0)
        or total > 1 + 1e-6
        or (complete and total < 1 - 1e-6)
    ):
        raise ValueError(
            f"The outcome probabilities must be finite, non-negative and sum to "
            f"{'1' if complete else 'at most 1'}; got {tuple(probs.tolist())}."
        )
    return probs


def threshold_decision(prob_a_better, prob_equivalent, prob_b_better, *, threshold=0.95):
    """Decide the outcome whose probability exceeds ``threshold`` (a result's ``decision``).

    Parameters
    ----------
    prob_a_better, prob_equivalent, prob_b_better : float
        Posterior probabilities of the three outcomes (summing to at most one).
    threshold : float, default=0.95
        Probability an outcome must exceed, in (0, 1). With ``threshold``
        of at least 0.5 at most one outcome can exceed it; below 0.5 the most
        probable of those that do is chosen.

    Returns
    -------
    decision : {"a", "equivalent", "b", "undecided"}
        The outcome whose probability exceeds ``threshold``, or "undecided".
    """
    threshold = check_probability(threshold, name="threshold")
    probs = _probabilities(prob_a_better, prob_equivalent, prob_b_better)
    best = int(np.argmax(probs))
    return OUTCOMES[best] if probs[best] > threshold else "undecided"


def expected_loss_decision(prob_a_better, prob_equivalent, prob_b_better, *, loss):
    """Take the decision of minimum expected posterior loss (``rope_decision(loss=)``).

    Parameters
    ----------
    prob_a_better, prob_equivalent, prob_b_better : float
        Posterior probabilities of the three outcomes; they must sum to one.
    loss : array-like of shape (4, 3)
        ``loss[i, j]`` is the loss of taking decision ``i`` (rows: decide "a",
        "equivalent", "b", no decision) when the truth is ``j`` (columns: "a",
        "equivalent", "b"). The 0-1 loss with a no-decision row of
        ``1 - threshold`` reproduces :func:`threshold_decision`.

    Returns
    -------
    decision : {"a", "equivalent", "b", "undecided"}
        The row of smallest expected loss; a tie with "no decision" is
        resolved in favour of not deciding.
    expected_loss : tuple of 4 floats
        ``loss @ probabilities`` for the four rows.
    """
    probs = _probabilities(prob_a_better, prob_equivalent, prob_b_better, complete=True)
    matrix = np.asarray(loss, dtype=float)
    if matrix.shape != (4, 3) or not np.all(np.isfinite(matrix)):
        raise ValueError(
            "`loss` must be a finite (4, 3) matrix: rows decide 'a', 'equivalent', "
            f"'b', no decision; columns are the true outcome. Got shape {matrix.shape}."
        )
    expected = matrix @ probs
    # Prefer not deciding on ties: only act when it is strictly better.
    best = int(np.argmin(expected[:3]))
    decision = OUTCOMES[best] if expected[best] < expected[3] else "undecided"
    return decision, tuple(float(v) for v in expected)


def zero_one_loss(threshold=0.95):
    """The 0-1 loss matrix whose Bayes decision is the threshold rule.

    Deciding wrongly costs 1, deciding rightly 0, and not deciding costs
    ``1 - threshold`` whatever the truth.

    Parameters
    ----------
    threshold : float, default=0.95
        Threshold of the rule the loss reproduces, in (0, 1).

    Returns
    -------
    loss : ndarray of shape (4, 3)
        Rows: decide "a", "equivalent", "b", no decision; columns: the truth.
    """
    threshold = check_probability(threshold, name="threshold")
    return np.vstack([1.0 - np.eye(3), np.full((1, 3), 1.0 - threshold)])


def posterior_odds(prob_a_better, prob_equivalent, prob_b_better, *, outcome=None, versus=None):
    """Posterior odds of ``outcome`` against ``versus``, with Raftery's grade (``odds()``).

    Parameters
    ----------
    prob_a_better, prob_equivalent, prob_b_better : float
        Posterior probabilities of the three outcomes (summing to at most one).
    outcome : {"a", "equivalent", "b"}, default=None
        Numerator; the most probable outcome by default.
    versus : {"a", "equivalent", "b", "rest"}, default=None
        Denominator; by default the most probable of the other outcomes.
        "rest" uses ``1 - P(outcome)``.

    Returns
    -------
    PosteriorOdds
        The odds, which outcome they favour and Raftery's grade.
    """
    probs = _probabilities(prob_a_better, prob_equivalent, prob_b_better)
    probs = dict(zip(OUTCOMES, probs, strict=True))
    if outcome is None:
        outcome = max(OUTCOMES, key=probs.get)
    if outcome not in OUTCOMES:
        raise ValueError(f"`outcome` must be one of {OUTCOMES}; got {outcome!r}.")
    if versus is None:
        versus = max((o for o in OUTCOMES if o != outcome), key=probs.get)
    if versus not in OUTCOMES + ("rest",) or versus == outcome:
        raise ValueError(
            f"`versus` must be 'rest' or one of {OUTCOMES} other than `outcome` "
            f"({outcome!r}); got {versus!r}."
        )
    numerator = probs[outcome]
    denominator = 1.0 - numerator if versus == "rest" else probs[versus]
    if numerator == 0 and denominator == 0:
        raise ValueError(
            f"Both {outcome!r} and {versus!r} have probability 0; their odds are undefined."
        )
    odds = np.inf if denominator == 0 else numerator / denominator
    favours = outcome if odds >= 1 else versus
    strength = odds if odds >= 1 else (np.inf if odds == 0 else 1.0 / odds)
    return PosteriorOdds(outcome, versus, float(odds), favours, raftery_grade(strength))


class RopeOutcomesMixin:
    """Decision methods for results holding the three outcome probabilities.

    Requires the attributes ``prob_a_better``, ``prob_equivalent`` and
    ``prob_b_better``.
    """

    @property
    def probabilities(self):
        """dict: ``{"a": ..., "equivalent": ..., "b": ...}``."""
        return dict(zip(OUTCOMES, self._outcome_probabilities(), strict=True))

    def decision(self, threshold=0.95):
        """The threshold rule: "a", "b", "equivalent" or "undecided".

        Parameters
        ----------
        threshold : float, default=0.95
            Posterior probability an outcome must exceed, in (0, 1).

        Returns
        -------
        str
        """
        return threshold_decision(*self._outcome_probabilities(), threshold=threshold)

    def rope_decision(self, *, threshold=0.95, loss=None):
        """Decide with the threshold rule or, given ``loss``, by expected loss.

        Parameters
        ----------
        threshold : float, default=0.95
            Threshold of the threshold rule; ignored when ``loss`` is given.
        loss : array-like of shape (4, 3), default=None
            ``loss[i, j]`` is the loss of taking decision ``i`` (rows: decide
            "a", "equivalent", "b", no decision) when the truth is ``j``
            (columns: "a", "equivalent", "b"). The 0-1 loss with a no-decision
            row of ``1 - threshold`` reproduces the threshold rule.

        Returns
        -------
        RopeDecision
        """
        probs = self._outcome_probabilities()
        if loss is None:
            decision = threshold_decision(*probs, threshold=threshold)
            return RopeDecision(decision, "threshold", *probs, threshold=float(threshold))
        decision, expected = expected_loss_decision(*probs, loss=loss)
        return RopeDecision(decision, "loss", *probs, expected_loss=expected)

    def odds(self, outcome=None, *, versus=None):
        """Posterior odds between outcomes, graded on Raftery's scale.

        Parameters
        ----------
        outcome : {"a", "equivalent", "b"}, default=None
            Numerator; the most probable outcome by default.
        versus : {"a", "equivalent", "b", "rest"}, default=None
            Denominator; the most probable other outcome by default.

        Returns
        -------
        PosteriorOdds
        """
        return posterior_odds(*self._outcome_probabilities(), outcome=outcome, versus=versus)

    def _outcome_probabilities(self):
        return (self.prob_a_better, self.prob_equivalent, self.prob_b_better)


def rope_probabilities(posterior, rope):
    """Probabilities of the three outcomes under a posterior of the mean difference.

    ``prob_b_better = P(mu < low)``, ``prob_equivalent = P(low <= mu <= high)``,
    ``prob_a_better = P(mu > high)``.

    The one decision helper that stays public beside the results' methods
    (``decision``, ``rope_decision``, ``odds``): it reads a posterior that no
    result of this package holds, a frozen SciPy distribution or the draws of
    another sampler (PyMC, Stan), to decide on the same rope.

    Parameters
    ----------
    posterior : frozen continuous scipy distribution or array-like of draws
        The posterior of the mean difference ``mu`` (A - B).
    rope : tuple of float
        ``(low, high)``, e.g. ``(-0.01, 0.01)``.

    Returns
    -------
    prob_a_better, prob_equivalent, prob_b_better : float
        Posterior probabilities of the three outcomes.

    See Also
    --------
    sklearn_bayescmp.stats.bayesian_correlated_ttest : A test whose posterior is Student's t.

    Examples
    --------
    >>> from scipy import stats
    >>> from sklearn_bayescmp.stats import rope_probabilities
    >>> probabilities = rope_probabilities(stats.norm(0.02, 0.01), (-0.01, 0.01))
    >>> [round(p, 3) for p in probabilities]
    [0.841, 0.157, 0.001]
    """
    if hasattr(posterior, "cdf"):
        tails = rope_tails(posterior.cdf, posterior.sf, posterior.median(), rope)
        return tuple(float(p) for p in tails)
    low, high = rope
    draws = np.asarray(posterior, dtype=float).ravel()
    prob_b = float(np.mean(draws < low))
    prob_a = float(np.mean(draws > high))
    return prob_a, float(np.mean((draws >= low) & (draws <= high))), prob_b
