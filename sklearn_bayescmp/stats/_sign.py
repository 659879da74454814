"""Bayesian sign and signed-rank tests over a collection of data sets.

Benavoli et al. (2014; 2017, §4.2.1) put a Dirichlet process prior on the
distribution of the per-data-set mean differences ``z_1..z_q``, with strength
``s`` concentrated on a pseudo-observation ``z_0``. The posterior weights are
``w ~ Dirichlet(s, 1, ..., 1)`` over ``(z_0, z_1, ..., z_q)``. For a rope
``[low, high]``:

- sign test: ``theta_b = sum_i w_i [z_i < low]``,
  ``theta_eq = sum_i w_i [low <= z_i <= high]``, ``theta_a = sum_i w_i [z_i > high]``;
- signed-rank test: the same over all pairs ``(i, j)``, ``i = j`` included,
  with the Walsh averages ``(z_i + z_j) / 2`` and weights ``w_i w_j``.

The probability reported for each outcome is the share of Monte Carlo draws
in which its ``theta`` is the largest. As in baycomp, a Walsh average on the
rope's edge counts one half for the rope and one half for the side beyond it,
and a mean on the edge is inside the rope in the sign test; "on the edge" is
decided up to rounding (:mod:`._ties`). The draws are made, for many
collections at once, by :mod:`._dirichlet_draws`.
"""

import math
from collections.abc import Mapping
from dataclasses import dataclass
from numbers import Integral, Real
from typing import ClassVar

import numpy as np

from ..utils._docstrings import fill_doc
from ..utils._random import recorded_seed
from ..utils._sklearn import Interval, StrOptions, validate_params
from ..utils._validation import ROPE_CONSTRAINT, check_rope
from ._backend import Backend
from ._collection import dataset_means
from ._dirichlet_draws import Z_999, chunk_rounds, summarise_draws
from ._results import (
    PROBABILITIES,
    BayesianTableMixin,
    check_interval_options,
    interval_of_draws,
    predictive_lines,
)
from ._rope import RopeOutcomesMixin
from ._ties import edge_tolerance

#: Position of the pseudo-observation for each ``prior_place``: at infinity,
#: every Walsh average it takes part in lies in that region too.
_PSEUDO_OBSERVATION = {"a": np.inf, "rope": 0.0, "b": -np.inf}
#: The Monte Carlo standard error that draws in rounds (``n_draws=None``) reach for every
#: probability the result prints: the rounding of a probability printed with two
#: decimals (half a unit of the second).
TARGET_MCSE = 0.005

_PARAMETERS = {
    "differences": ["array-like", Mapping],
    "rope": ROPE_CONSTRAINT,
    "prior_strength": [Interval(Real, 0, None, closed="left")],
    "prior_place": [StrOptions({"a", "rope", "b"})],
    "n_draws": [Interval(Integral, 1, None, closed="left"), None],
    "target_mcse": [Interval(Real, 0, 0.5, closed="neither")],
    "threshold": [Interval(Real, 0, 1, closed="neither")],
    "random_state": ["random_state", np.random.Generator],
    "n_jobs": [Integral, None],
}


def dirichlet_process_tests(
    test,
    collections,
    *,
    rope,
    prior_strength,
    prior_place,
    n_draws,
    random_state,
    keep_draws=None,
    n_jobs=None,
    target_mcse=TARGET_MCSE,
    threshold=0.95,
):
    """The sign or signed-rank test of many collections, sharing their Dirichlet weights.

    Collections with the same number of data sets see the same draws (common random
    numbers) and are computed together. The sums are exact
    (:mod:`._dirichlet_draws`), so a collection's result equals the test of that
    collection alone, whatever the others, the threads or the batches.

    Parameters
    ----------
    test : {"sign", "signed_rank"}
    collections : list
        Each an argument ``x`` of :func:`sign_test`.
    rope, prior_strength, prior_place, n_draws, random_state, n_jobs, target_mcse, threshold
        As for :func:`sign_test`.
    keep_draws : int, default=None
        Draws each result keeps (the first ones); None keeps them all. The
        probabilities and posterior means always use every draw.

    Returns
    -------
    list of DirichletProcessTestResult
    """
    rope = check_rope(rope)
    most = sum(sum(sizes) for sizes in chunk_rounds(n_draws, target_mcse))
    keep = most if keep_draws is None else min(int(keep_draws), most)
    prepared = [dataset_means(x) for x in collections]
    results = [None] * len(prepared)
    batches = {}
    for index, prepared_means in enumerate(prepared):
        batches.setdefault(prepared_means.means.size, []).append(index)
    pseudo = _PSEUDO_OBSERVATION[prior_place]
    for q, indices in batches.items():
        z = np.array([np.concatenate([[pseudo], prepared[i].means]) for i in indices]).reshape(
            len(indices), q + 1
        )
        tolerance = np.array([edge_tolerance(prepared[i].scale, rope) for i in indices])
        summaries, settled = summarise_draws(
            test,
            z,
            rope,
            tolerance,
            prior_strength=prior_strength,
            n_draws=n_draws,
            target_mcse=target_mcse,
            threshold=threshold,
            random_state=random_state,
            keep=keep,
            n_jobs=n_jobs,
        )
        probabilities, errors, predictive, predictive_errors = summaries.estimates()
        # Each result's numbers as Python floats, converted for the batch at once: a
        # comparison of 300 models builds 44,850 results.
        probabilities, predictive = probabilities.tolist(), predictive.tolist()
        largest = errors.max(axis=1)
        errors = np.where(predictive_errors > largest, predictive_errors, largest).tolist()
        counts, decided = summaries.n_draws.tolist(), settled.tolist()
        seed = recorded_seed(random_state)
        stopping = (float(target_mcse), float(threshold)) if n_draws is None else (None, None)
        for row, i in enumerate(indices):
            names, means, (model_a, model_b), _ = prepared[i]
            kept = summaries.kept[row]
            results[i] = DirichletProcessTestResult(
                *probabilities[row],
                *predictive[row],
                samples=np.concatenate(kept) if kept else np.empty((0, 3)),
                n_draws=int(counts[row]),
                mcse=errors[row],
                target_mcse=stopping[0],
                threshold=stopping[1],
                settled=bool(decided[row]),
                test=test,
                means=means,
                names=None if names is None else tuple(names),
                rope=rope,
                prior_strength=float(prior_strength),
                prior_place=prior_place,
                random_state=seed,
                model_a=model_a,
                model_b=model_b,
            )
    return results


_SHARED_DOC = """
    Parameters
    ----------%%(differences_means)s%%(rope)s
    prior_strength : float, default=%(strength)s
        Weight ``s >= 0`` of the pseudo-observation of the Dirichlet process.
    prior_place : {"a", "rope", "b"}, default="rope"
        Where the pseudo-observation lies: inside the rope (at 0), or
        arbitrarily far on A's side ("a") or B's side ("b").
    n_draws : int, default=None
        Number of Monte Carlo draws. None draws in rounds of 4,096 until
        every probability the result prints is precise to ``target_mcse``
        (its Monte Carlo standard error) and the decision at ``threshold``
        is settled (the threshold lies outside every probability's 99.9%%
        Monte Carlo interval), or 65,536 draws are made (a decision they
        cannot settle lies within about 0.003 of the threshold; the result
        says so, ``settled``). A probability near 0 or 1 needs one round,
        one near 0.5 two or three.
    target_mcse : float, default=0.005
        The Monte Carlo standard error that ``n_draws=None`` reaches for
        every probability: the rounding of a probability printed with two
        decimals. Ignored when ``n_draws`` is given.
    threshold : float, default=0.95
        The threshold of the decision the draws settle (``decision()``).
        Ignored when ``n_draws`` is given.%%(random_state)s
    n_jobs : int, default=None
        Threads computing the Monte Carlo samples of batches of tests
        (``None`` means 1 unless in a :func:`joblib.parallel_config` context;
        ``-1`` means all processors). The results do not depend on it: the
        weights of a draw are rounded to multiples of ``2**-25`` of their
        total, so that every sum is exact (a weight moves by at most
        ``(q + 2) * 2**-25``).

    Returns
    -------
    DirichletProcessTestResult
        With ``prob_a_better``, ``prob_equivalent``, ``prob_b_better`` (the
        probability that each outcome is the most probable, from the share
        of draws in which it is), ``predictive_prob_a_better``,
        ``predictive_prob_equivalent``, ``predictive_prob_b_better`` (the
        posterior means of theta), the draws ``samples`` of shape (n_draws,
        3), ``n_draws``, ``mcse`` (the largest Monte Carlo standard error of
        the probabilities), ``settled`` and ``decision(threshold)``.
"""

_REFERENCES_DOC = """
    Notes
    -----
    Each draw of the Dirichlet weights gives ``theta = (theta_a,
    theta_equivalent, theta_b)``; the probability of an outcome is the share
    of draws in which its theta is the largest, corrected by a control
    variate: the draws' ``theta_a`` and ``theta_b``, whose posterior means
    are known exactly from the Dirichlet distribution's moments (the
    regression estimator, which needs half to a third of the draws for a
    probability near 0.5). The predictive probabilities are those exact
    means (with a rope of zero width, the mean of the draws'
    ``theta_a / (theta_a + theta_b)``).

    References
    ----------
    .. [1] A. Benavoli, G. Corani, F. Mangili, M. Zaffalon and F. Ruggeri,
       "A Bayesian Wilcoxon signed-rank test based on the Dirichlet process",
       ICML 2014.
    .. [2] A. Benavoli, G. Corani, J. Demsar and M. Zaffalon, "Time for a
       change: a tutorial for comparing multiple classifiers through Bayesian
       analysis", JMLR 18, 2017, §4.2.
"""


@validate_params(_PARAMETERS, prefer_skip_nested_validation=True)
def sign_test(
    differences,
    *,
    rope=0.01,
    prior_strength=1.0,
    prior_place="rope",
    n_draws=None,
    target_mcse=TARGET_MCSE,
    threshold=0.95,
    random_state=None,
    n_jobs=None,
):
    """Bayesian sign test of two models over many data sets.

    Each draw of the Dirichlet weights gives the posterior probabilities that
    a data set's mean difference lies above the rope (A better), inside it, or
    below it (B better): ``theta_a = sum_i w_i [z_i > high]`` and so on.
    %(shared)s
    See Also
    --------
    sklearn_bayescmp.stats.signed_rank_test : The same model on the ranks of the differences.
    sklearn_bayescmp.stats.poisson_test : Whether A wins most of these data sets.

    %(references)s

    Examples
    --------
    >>> from sklearn_bayescmp.stats import sign_test
    >>> res = sign_test([0.031, 0.023, 0.047, -0.004, 0.041, 0.018, 0.026], random_state=0)
    >>> round(res.prob_a_better, 2), round(res.prob_equivalent, 2), round(res.prob_b_better, 2)
    (0.94, 0.06, 0.0)
    """
    (result,) = dirichlet_process_tests(
        "sign",
        [differences],
        rope=rope,
        prior_strength=prior_strength,
        prior_place=prior_place,
        n_draws=n_draws,
        random_state=random_state,
        n_jobs=n_jobs,
        target_mcse=target_mcse,
        threshold=threshold,
    )
    return result


@validate_params(_PARAMETERS, prefer_skip_nested_validation=True)
def signed_rank_test(
    differences,
    *,
    rope=0.01,
    prior_strength=0.5,
    prior_place="rope",
    n_draws=None,
    target_mcse=TARGET_MCSE,
    threshold=0.95,
    random_state=None,
    n_jobs=None,
):
    """Bayesian signed-rank test of two models over many data sets.

    Like the sign test, but on the Walsh averages ``(z_i + z_j) / 2`` of all
    pairs of data sets (``i = j`` included) weighted by ``w_i w_j``, which
    makes it the Bayesian counterpart of the Wilcoxon signed-rank test. Cost
    a draw: a matrix product over the pairs of data sets, O(q^2) at the speed
    of BLAS, or O(q) prefix sums beyond 159 data sets.
    %(shared)s
    See Also
    --------
    sklearn_bayescmp.stats.sign_test : The same model on the signs alone.
    sklearn_bayescmp.stats.wilcoxon_test : Its frequentist counterpart.
    sklearn_bayescmp.stats.hierarchical_test : The test of per-split scores.

    %(references)s

    Examples
    --------
    >>> from sklearn_bayescmp.stats import signed_rank_test
    >>> res = signed_rank_test([0.031, 0.023, 0.047, -0.004, 0.041, 0.018, 0.026], random_state=0)
    >>> round(res.prob_a_better, 2), round(res.prob_equivalent, 2), round(res.prob_b_better, 2)
    (0.99, 0.01, 0.0)
    >>> res.n_draws, round(res.mcse, 4)  # one round: far from 0.5, 2,176 draws are enough
    (2176, 0.0022)
    """
    (result,) = dirichlet_process_tests(
        "signed_rank",
        [differences],
        rope=rope,
        prior_strength=prior_strength,
        prior_place=prior_place,
        n_draws=n_draws,
        random_state=random_state,
        n_jobs=n_jobs,
        target_mcse=target_mcse,
        threshold=threshold,
    )
    return result


for _function, _strength in ((sign_test, "1.0"), (signed_rank_test, "0.5")):
    _function.__doc__ = _function.__doc__.replace(
        "%(shared)s", _SHARED_DOC % {"strength": _strength}
    ).replace("%(references)s", _REFERENCES_DOC.strip())
    fill_doc(_function)


@fill_doc
@dataclass(frozen=True, repr=False, eq=False)
class DirichletProcessTestResult(BayesianTableMixin, RopeOutcomesMixin):
    """Result of the Bayesian sign or signed-rank test.

    The posterior of the distribution of the per-data-set mean differences is
    a Dirichlet process; each Monte Carlo draw gives ``theta = (theta_a,
    theta_equivalent, theta_b)``, the probabilities that a new data set falls
    in each region (Benavoli et al., 2017, §4.2).

    Attributes
    ----------
    prob_a_better : float
        Probability that ``theta_a`` is the largest: the share of draws in
        which it is, with the control variate of the Notes of
        :func:`~sklearn_bayescmp.stats.signed_rank_test`.
    prob_equivalent : float
        Probability that ``theta_equivalent`` is the largest.
    prob_b_better : float
        Probability that ``theta_b`` is the largest.
    predictive_prob_a_better, predictive_prob_equivalent, predictive_prob_b_better : float
        Posterior means of ``theta_a``, ``theta_equivalent`` and ``theta_b``:
        exact (the Dirichlet distribution's moments), or the mean over the
        draws for a rope of zero width.
    samples : ndarray of shape (n_kept, 3)
        Draws of ``(theta_a, theta_equivalent, theta_b)``; each row sums to
        one (the points of the simplex plot). All ``n_draws`` of them from
        :func:`~sklearn_bayescmp.stats.sign_test` and
        :func:`~sklearn_bayescmp.stats.signed_rank_test`; the first
        ``keep_draws`` from :func:`~sklearn_bayescmp.compare_models`.
    n_draws : int
        Number of Monte Carlo draws the probabilities are computed from.
    mcse : float
        The largest Monte Carlo standard error of the probabilities (the
        residuals of the control variate's regression; the predictive
        probabilities' is 0 where they are exact). Summaries state
        ``3.29 * mcse``, the half-width of a 99.9% Monte Carlo interval.
    target_mcse : float or None
        The error the draws were made to reach (``n_draws=None``); None when
        ``n_draws`` was fixed.
    threshold : float or None
        The threshold whose decision the draws settled (``n_draws=None``).
    settled : bool
        Whether that decision was settled: the threshold lies outside every
        probability's 99.9% Monte Carlo interval. False only when the most
        draws were not enough (a probability within about 0.003 of the
        threshold); True with ``n_draws`` given.
    test : {"sign", "signed_rank"}
        Which test produced the result.
    means : ndarray of shape (n_datasets,)
        The per-data-set mean differences ``A - B`` the test used.
    names : tuple of str or None
        Data set names, when known.
    rope : tuple of float
        The region of practical equivalence ``(low, high)``.
    prior_strength : float
        Weight ``s`` of the pseudo-observation.
    prior_place : {"a", "rope", "b"}
        Region of the pseudo-observation.
    random_state : int or None
        The seed, when an int or None was given.%(result_models)s

    See Also
    --------
    sklearn_bayescmp.stats.sign_test : Returns this result.
    sklearn_bayescmp.stats.signed_rank_test : Returns this result.
    sklearn_bayescmp.plotting.SimplexDisplay : Draws its samples.

    Examples
    --------
    >>> from sklearn_bayescmp.stats import signed_rank_test
    >>> means = [0.031, 0.023, 0.047, -0.004, 0.041, 0.018, 0.026]
    >>> res = signed_rank_test(means, rope=0.01, random_state=0)
    >>> round(res.prob_a_better, 2), round(res.predictive_prob_a_better, 2)
    (0.99, 0.86)
    """

    prob_a_better: float
    prob_equivalent: float
    prob_b_better: float
    predictive_prob_a_better: float
    predictive_prob_equivalent: float
    predictive_prob_b_better: float
    samples: np.ndarray
    n_draws: int
    _sign_based: ClassVar[bool] = True
    _negated: ClassVar[tuple] = ("means",)
    _reversed: ClassVar[tuple] = ("samples",)
    _shown: ClassVar[tuple] = (*PROBABILITIES, "test", "rope")
    predictive: ClassVar[bool] = True
    _probability_scope: ClassVar[str] = "the most probable outcome on a new data set"
    test: str
    means: np.ndarray
    names: tuple | None
    rope: tuple
    prior_strength: float
    prior_place: str
    random_state: int | None = None
    model_a: str = "A"
    model_b: str = "B"
    mcse: float = math.nan
    target_mcse: float | None = None
    threshold: float | None = None
    settled: bool = True
    #: Decimals of the probabilities printed: two, the precision their draws buy.
    _digits: ClassVar[int] = 2

    @property
    def n_datasets(self):
        """int: Number of data sets."""
        return int(self.means.size)

    @property
    def n_samples(self):
        """int: Number of Monte Carlo draws (``n_draws``)."""
        return self.n_draws

    def credible_interval(self, prob=0.95, *, method="hdi", parameter="theta_a"):
        """Credible interval of ``theta_a``, ``theta_equivalent`` or ``theta_b`` (kept draws).

        Parameters
        ----------%(interval_of_draws)s
        parameter : {"theta_a", "theta_equivalent", "theta_b"}, default="theta_a"
            The probability that a new data set falls above the rope (A
            better), inside it, or below it.

        Returns
        -------
        CredibleInterval
        """
        names = ("theta_a", "theta_equivalent", "theta_b")
        prob = check_interval_options(prob, method, parameter, names)
        if not len(self.samples):
            raise ValueError(
                "This result kept no posterior draws (compare_models keeps none by default); "
                "pass keep_draws to compare_models, or run the test on the pair alone."
            )
        return interval_of_draws(self.samples[:, names.index(parameter)], prob, method)

    @property
    def mc_error(self):
        """float: The half-width of the probabilities' 99.9% Monte Carlo interval
        (``3.29 * mcse``): what summaries state beside them."""
        return Z_999 * self.mcse

    def _summary_lines(self, threshold):
        lines = [
            f"{self._title} over {self.n_datasets} data sets "
            f"(rope = [{self.rope[0]:.4g}, {self.rope[1]:.4g}], prior {self.prior_strength:g} "
            f"on {self.prior_place!r}, {self.n_draws} draws, Monte Carlo error "
            f"±{self.mc_error:.2g} at 99.9%)",
            *predictive_lines(self, threshold),
        ]
        if not self.settled:
            lines.append(
                f"  (the decision at {self.threshold:g} is within the Monte Carlo error of the "
                f"threshold after {self.n_draws} draws)"
            )
        return lines

    def _row(self, threshold=0.95):
        return {
            "test": self.test,
            **self._probability_row(threshold),
            "n_datasets": self.n_datasets,
            "n_draws": self.n_draws,
            "mcse": self.mcse,
        }

    def _extra_numbers(self):
        return {
            **super()._extra_numbers(),
            "n_draws": self.n_draws,
            "mcse": self.mcse,
            "settled": self.settled,
        }

    def _caption_name(self):
        return self._title  # the sign and the signed-rank tests share the class

    def _prior_description(self):
        place = "rope" if self.prior_place == "rope" else "side of model " + self.prior_place
        draws = (
            f"{self.n_draws} posterior draws"
            if self.target_mcse is None
            else "posterior draws in rounds until the Monte Carlo standard error of every "
            f"probability was at most {self.target_mcse:.2g} and the decision at "
            f"{self.threshold:g} was settled at 99.9%"
        )
        return (
            f"a Dirichlet process prior of strength {self.prior_strength:g} placed on the "
            f"{place}, {draws}"
        )

    def _outcome_draws(self):
        return self.samples


def _many(test):
    """The test of many collections at once, sharing the Dirichlet draws."""

    def many(collections, **arguments):
        return dirichlet_process_tests(test, collections, **arguments)

    return many


BACKENDS = (
    Backend(
        "sign",
        sign_test,
        "Bayesian sign test",
        "means",
        DirichletProcessTestResult,
        ("simplex",),
        _many("sign"),
        cite="Benavoli et al. 2014; Benavoli et al. 2017",
        kind="bayesian",
    ),
    Backend(
        "signed_rank",
        signed_rank_test,
        "Bayesian signed-rank test",
        "means",
        DirichletProcessTestResult,
        ("simplex",),
        _many("signed_rank"),
        cite="Benavoli et al. 2014; Benavoli et al. 2017",
        pools_differences=True,
        kind="bayesian",
    ),
)
