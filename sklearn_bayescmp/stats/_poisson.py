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

import numpy as np
from scipy import stats

from ..utils._docstrings import fill_doc
from ..utils._sklearn import validate_params
from ..utils._validation import ROPE_CONSTRAINT, check_rope
from ._collection import check_collection
from ._core import collection_statistics, outcome_probabilities, student_posterior
from ._correlated_t import NormalGammaPrior
from ._results import PoissonTestResult


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
    return np.array(
        [float(stats.poisson_binom(column).sf(half)) if column.any() else 0.0 for column in probs.T]
    )


@validate_params(
    {
        "differences": ["array-like", Mapping],
        "rope": ROPE_CONSTRAINT,
        "prior": [NormalGammaPrior, None],
    },
    prefer_skip_nested_validation=True,
)
@fill_doc
def poisson_test(differences, *, rope=0.01, prior=None):
    """Poisson-binomial test of two models over many data sets.

    Parameters
    ----------%(differences_many)s%(rope)s
        ``rope=0`` gives the original test of Corani & Benavoli (2015): each
        data set is won by A with probability ``P(mu_i > 0)``; otherwise each
        data set is a three-outcome trial.
    prior : NormalGammaPrior, default=None
        Prior of the per-data-set Bayesian correlated t-tests (None: matching).

    Returns
    -------
    PoissonTestResult
        With ``prob_a_better``, ``prob_equivalent``, ``prob_b_better``,
        ``prob_no_majority`` (the tie mass), ``dataset_probabilities`` and
        ``decision(threshold)``.

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
    )
