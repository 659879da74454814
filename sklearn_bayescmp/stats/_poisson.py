"""The Poisson-binomial test over a collection of data sets.

Corani & Benavoli (2015, §3; after Lacoste et al., 2012): on data set ``i``
the Bayesian correlated t-test gives ``p_i = P(mu_i > 0)``. The data sets are
independent, so the number of data sets on which A is better is a sum of
independent Bernoulli variables with different probabilities: a
Poisson-binomial variable. The test reports the probability that A wins on
more than half of the data sets, and likewise for B.

With a rope, each data set is a three-outcome trial (A practically better /
equivalent / B practically better) and the count of data sets of each outcome
is again Poisson-binomial, with that outcome's probabilities; at most one
outcome can hold on a strict majority. Everything is exact (scipy's
``poisson_binom``, O(q^2)); no sampling.
"""

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

import numpy as np
from scipy import stats

from ..utils._docstrings import fill_doc
from ..utils._sklearn import validate_params
from ..utils._validation import ROPE_CONSTRAINT, check_rope
from ._backend import Backend
from ._collection import check_collection
from ._core import collection_statistics, outcome_probabilities, student_posterior
from ._correlated_t import NormalGammaPrior, describe_prior
from ._results import (
    PROBABILITIES,
    BayesianTableMixin,
    CredibleInterval,
    check_interval_options,
    interval_text,
    probabilities_line,
)
from ._rope import RopeOutcomesMixin


def majority_probabilities(outcome_probabilities):
    """P(each outcome holds on a strict majority of independent trials).

    Parameters
    ----------
    outcome_probabilities : array-like of shape (n_trials, n_outcomes)
        Row ``i`` gives the outcome probabilities of trial ``i``.

    Returns
    -------
    ndarray of shape (n_outcomes,)
        ``P(N_k > n_trials / 2)`` where ``N_k``, the number of trials with
        outcome ``k``, is Poisson-binomial.
    """
    probs = np.asarray(outcome_probabilities, dtype=float)
    half = probs.shape[0] // 2  # N > q/2  <=>  N > floor(q/2)
    # One call for the three counts (SciPy's distributions cost more to call than the
    # O(q^2) recursion at q = 1,000); an outcome no trial can have never holds.
    possible = probs.any(axis=0)
    majority = np.zeros(probs.shape[1])
    if possible.any():
        majority[possible] = stats.poisson_binom.sf(half, probs.T[possible])
    return majority


@validate_params(
    {
        "differences": ["array-like", Mapping],
        "rope": ROPE_CONSTRAINT,
        "prior": [NormalGammaPrior, None],
        "random_state": ["random_state", np.random.Generator],
    },
    prefer_skip_nested_validation=True,
)
@fill_doc
def poisson_test(differences, *, rope=0.01, prior=None, random_state=None):
    """Poisson-binomial test of two models over many data sets.

    Parameters
    ----------%(differences_many)s%(rope)s
        ``rope=0`` gives the original test of Corani & Benavoli (2015): each
        data set is won by A with probability ``P(mu_i > 0)``; otherwise each
        data set is a three-outcome trial.
    prior : NormalGammaPrior, default=None
        Prior of the per-data-set Bayesian correlated t-tests (None: matching).
    random_state : None, int or Generator, default=None
        Ignored: the test is exact, nothing is drawn. Accepted, as every
        test of many data sets accepts it, so that a loop over them can pass
        one.

    Returns
    -------
    PoissonTestResult
        With ``prob_a_better``, ``prob_equivalent``, ``prob_b_better``,
        ``prob_no_majority`` (the tie mass), ``dataset_probabilities`` and
        ``decision(threshold)``.

    See Also
    --------
    sklearn_bayescmp.stats.hierarchical_test : The mean difference on a new data set.
    sklearn_bayescmp.stats.sign_test : The Bayesian sign test of one mean per data set.

    References
    ----------
    .. [1] G. Corani and A. Benavoli, "A Bayesian approach for comparing
       cross-validated algorithms on multiple data sets", Machine Learning
       100(2), 2015, §3.
    .. [2] A. Lacoste, F. Laviolette and M. Marchand, "Bayesian comparison of
       machine learning algorithms on single and multiple datasets", AISTATS
       2012.

    Examples
    --------
    >>> import numpy as np
    >>> from sklearn_bayescmp import CVDifferences
    >>> from sklearn_bayescmp.stats import poisson_test
    >>> rng = np.random.default_rng(0)
    >>> records = [
    ...     CVDifferences(rng.normal(0.01, 0.03, 20), n_train=90, n_test=10, name=f"d{i}")
    ...     for i in range(7)
    ... ]
    >>> res = poisson_test(records, rope=0)  # the paper's test: no equivalence
    >>> round(res.prob_a_better, 3), round(res.prob_b_better, 3), res.prob_no_majority
    (0.983, 0.017, 0.0)
    """
    names, records, (model_a, model_b) = check_collection(differences)
    rope = check_rope(rope)
    # The Bayesian correlated t-test of every data set at once.
    posterior = student_posterior(collection_statistics(records, names), prior)
    probabilities = outcome_probabilities(*posterior, rope)
    prob_a, prob_eq, prob_b = majority_probabilities(probabilities)
    if len(records) % 2 == 1 and not probabilities[:, 1].any():
        # Two possible outcomes and an odd number of trials: one has a majority.
        prob_no_majority = 0.0
    else:
        prob_no_majority = max(0.0, 1.0 - prob_a - prob_eq - prob_b)
    return PoissonTestResult(
        prob_a_better=float(prob_a),
        prob_equivalent=float(prob_eq),
        prob_b_better=float(prob_b),
        prob_no_majority=float(prob_no_majority),
        dataset_probabilities=probabilities,
        names=tuple(names),
        rope=rope,
        n_datasets=len(records),
        model_a=model_a,
        model_b=model_b,
        prior=prior,
    )


@fill_doc
@dataclass(frozen=True, repr=False, eq=False)
class PoissonTestResult(BayesianTableMixin, RopeOutcomesMixin):
    """Result of the Poisson-binomial test over a collection of data sets.

    Each data set is an independent trial whose outcome ("a", "equivalent"
    or "b") has the probabilities of its Bayesian correlated t-test. The
    number of data sets on which an outcome holds is Poisson-binomial; the
    result gives the probability that each outcome holds on a strict majority
    of the data sets. Without a rope ("equivalent" has probability 0) this is
    the test of Corani & Benavoli (2015, §3).

    Attributes
    ----------
    prob_a_better : float
        P(A is practically better on more than half of the data sets).
    prob_equivalent : float
        P(the models are practically equivalent on more than half).
    prob_b_better : float
        P(B is practically better on more than half).
    prob_no_majority : float
        P(no outcome holds on more than half), e.g. a tie at ``q/2`` wins
        each for an even number ``q`` of data sets. The four probabilities
        sum to one.
    dataset_probabilities : ndarray of shape (n_datasets, 3)
        Per data set, the probabilities of "a", "equivalent" and "b".
    names : tuple of str
        Data set names, in the row order of ``dataset_probabilities``.
    rope : tuple of float
        The region of practical equivalence ``(low, high)``.
    n_datasets : int
        Number of data sets ``q``.%(result_models)s
    prior : NormalGammaPrior or None
        The prior of the per-data-set correlated t-tests; None is the
        matching prior.

    See Also
    --------
    sklearn_bayescmp.stats.poisson_test : Returns this result.

    Examples
    --------
    >>> import numpy as np
    >>> from sklearn_bayescmp import CVDifferences
    >>> from sklearn_bayescmp.stats import poisson_test
    >>> rng = np.random.default_rng(0)
    >>> records = [
    ...     CVDifferences(rng.normal(0.01, 0.03, 20), n_train=90, n_test=10, name=f"d{i}")
    ...     for i in range(5)
    ... ]
    >>> res = poisson_test(records, rope=0.01)
    >>> res.n_datasets, res.dataset_probabilities.shape  # per data set: P(A better), rope, B
    (5, (5, 3))
    """

    _probabilities_note: ClassVar[str] = (
        "P: the posterior probability that the outcome holds on a majority of the data "
        "sets; the three need not sum to 1, the rest being no majority (prob_no_majority in "
        "the JSON and in result(a, b))."
    )
    test: ClassVar[str] = "poisson"
    _probability_scope: ClassVar[str] = "on a majority of these data sets"
    _reversed: ClassVar[tuple] = ("dataset_probabilities",)
    _shown: ClassVar[tuple] = (*PROBABILITIES, "prob_no_majority", "n_datasets", "rope")
    prob_a_better: float
    prob_equivalent: float
    prob_b_better: float
    prob_no_majority: float
    dataset_probabilities: np.ndarray
    names: tuple
    rope: tuple
    n_datasets: int
    model_a: str = "A"
    model_b: str = "B"
    prior: object = None

    def _prior_description(self):
        return describe_prior(self.prior)

    def _extra_numbers(self):
        return {"prob_no_majority": self.prob_no_majority}

    def credible_interval(self, prob=0.95, *, method="hdi", parameter="wins_a"):
        """Credible interval of the number of data sets on which an outcome holds.

        The number of data sets (of these ``n_datasets``) on which A is
        practically better is Poisson-binomial, with the per-data-set
        probabilities ``dataset_probabilities[:, 0]``; likewise for the other
        outcomes.

        Parameters
        ----------
        prob : float, default=0.95
            Posterior mass of the interval (at least; the count is discrete).
        method : {"hdi", "eti"}, default="hdi"
            The shortest interval of whole numbers holding ``prob``, or the
            one between the ``(1 - prob) / 2`` quantiles.
        parameter : {"wins_a", "wins_equivalent", "wins_b"}, default="wins_a"
            The count of data sets on which A is practically better, the
            models are practically equivalent, or B is practically better.

        Returns
        -------
        CredibleInterval
        """
        names = ("wins_a", "wins_equivalent", "wins_b")
        prob = check_interval_options(prob, method, parameter, names)
        count = stats.poisson_binom(self.dataset_probabilities[:, names.index(parameter)])
        if method == "eti":
            low, high = count.ppf([(1 - prob) / 2, (1 + prob) / 2])
            return CredibleInterval(float(low), float(high))
        pmf = count.pmf(np.arange(self.n_datasets + 1))
        return CredibleInterval(*(float(v) for v in _shortest_discrete_interval(pmf, prob)))

    def _summary_lines(self, threshold):
        return [
            f"Poisson-binomial test over {self.n_datasets} data sets "
            f"(rope = [{self.rope[0]:.4g}, {self.rope[1]:.4g}])",
            f"  {probabilities_line(self, ' on a majority', threshold=threshold)}   "
            f"P(no majority) = {self.prob_no_majority:.4f}",
        ]

    def _row(self, threshold=0.95):
        return {
            "test": self.test,
            **self._probability_row(threshold),
            "prob_no_majority": self.prob_no_majority,
            "n_datasets": self.n_datasets,
        }

    def _html_extra(self):
        return {"P(no majority)": [self.prob_no_majority], "rope": [interval_text(*self.rope)]}


def _shortest_discrete_interval(pmf, prob):
    """The shortest ``(low, high)`` of whole numbers holding at least ``prob`` of ``pmf``."""
    cumulative = np.concatenate([[0.0], np.cumsum(pmf)])
    best = (0, len(pmf) - 1)
    for low in range(len(pmf)):
        high = np.searchsorted(cumulative, cumulative[low] + prob - 1e-12) - 1
        if high < len(pmf) and high - low < best[1] - best[0]:
            best = (low, max(low, high))
    return best


BACKENDS = (
    Backend(
        "poisson",
        poisson_test,
        "Poisson-binomial test",
        "collection",
        PoissonTestResult,
        cite="Corani & Benavoli 2015",
        deterministic=True,
        kind="bayesian",
    ),
)
