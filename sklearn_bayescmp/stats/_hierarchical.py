"""The Bayesian hierarchical test over a collection of data sets (Corani et al., 2017).

The model and its sampler are in ``_hierarchical_sampler``; this module turns
records into the sampler's inputs (summaries and prior bounds), runs it, and
summarises the draws: the three probabilities, shrinkage estimates and
convergence diagnostics.
"""

from collections.abc import Mapping
from dataclasses import dataclass, replace
from numbers import Integral, Real
from typing import ClassVar

import numpy as np
from sklearn.utils.parallel import Parallel, delayed

from ..utils._advice import parameter
from ..utils._arviz import array_stats
from ..utils._docstrings import fill_doc
from ..utils._frozen import FrozenMapping
from ..utils._random import check_random_generator, recorded_seed
from ..utils._sklearn import Interval, StrOptions, validate_params
from ..utils._validation import ROPE_CONSTRAINT, check_rope
from ..utils._warnings import warn
from ._backend import Backend
from ._collection import check_collection
from ._core import collection_statistics, outcome_probabilities
from ._diagnostics import convergence_diagnostics, convergence_problems
from ._diagnostics import warn_if_not_converged as _warn
from ._hierarchical_sampler import (
    ALPHA_BOUNDS,
    BETA_BOUNDS,
    HierarchicalData,
    sample_posteriors,
)
from ._results import (
    PROBABILITIES,
    BayesianTableMixin,
    PosteriorCurve,
    check_interval_options,
    interval_of_draws,
    interval_text,
    predictive_lines,
)
from ._rope import RopeOutcomesMixin, rope_probabilities

#: ``nu - shift ~ Gamma(alpha, beta)``: the authors' code since 2016 (and
#: baycomp) use ``nu = 1 + Gamma(alpha, beta)``, which rules out ``nu < 1``;
#: the paper prints ``nu ~ Gamma(alpha, beta)``.
NU_SHIFTS = {"shifted": 1.0, "paper": 0.0}
#: The uniform hyper-priors of ``alpha`` and ``beta``: the authors' code since
#: November 2016 (the papers' values), and their May-2016 code, their Python
#: port and baycomp.
HYPERPRIORS = {
    "authors": {"alpha_bounds": ALPHA_BOUNDS, "beta_bounds": BETA_BOUNDS},
    "baycomp": {"alpha_bounds": (1.0, 2.0), "beta_bounds": (0.01, 0.1)},
}
#: Lower bound of every ``sigma_i`` (in rescaled units) when every data set has
#: zero variance: the posterior is then improper without one.
SIGMA_FLOOR = 1e-6
DIAGNOSED = ("delta0", "sigma0", "nu")
#: Collections sampled together by :func:`hierarchical_tests`: a batch costs little
#: more than one collection (benchmarks/README.md), and its draws (about 9 MiB a
#: collection of 54 data sets at the defaults) bound its memory.
COLLECTIONS_PER_BATCH = 16


def hierarchical_data(
    records,
    names,
    *,
    rope,
    nu_prior="shifted",
    alpha_bounds=ALPHA_BOUNDS,
    beta_bounds=BETA_BOUNDS,
    delta0_bound=None,
    zero_variance="others",
):
    """Summaries and prior bounds of the hierarchical model for a collection.

    Parameters
    ----------
    records : list of CVDifferences
    names : list of str
    rope : tuple of (float, float)
        Gives the variance of the data sets whose differences are all equal.
    nu_prior, alpha_bounds, beta_bounds, delta0_bound, zero_variance
        As for :func:`hierarchical_test`.

    Returns
    -------
    data : HierarchicalData
        On the rescaled axis, where ``delta0 ~ U(-1, 1)``.
    scale : float
        The rescaling factor: ``delta0_bound``, or the largest ``|x_ij|``
        (the authors' ``U(-max|x|, max|x|)``); differences were divided by it.
    """
    statistics = collection_statistics(records, names)
    largest = float(np.nanmax(np.abs(np.concatenate([r.differences for r in records]))))
    scale = delta0_bound if delta0_bound is not None else (largest if largest > 0 else 1.0)
    mean = statistics.mean / scale
    sum_squares = _zero_variance_filled(statistics, rope, zero_variance) / scale**2
    ratio = statistics.test_train_ratio
    sd = np.sqrt(sum_squares / (statistics.n - 1))
    sigma_lower = SIGMA_FLOOR if np.any(sum_squares == 0) else 0.0
    # The paper's bounds; a collection without any spread falls back to the
    # next smallest scale, so that the prior stays proper.
    mean_sd = max(float(np.mean(sd)), sigma_lower)
    # Means equal but for the last digit (summed in another order) have no
    # spread: on this scale (|mean| <= 1), anything below 1e-12 is rounding.
    spread = float(np.std(mean, ddof=1))
    spread = spread if spread > 1e-12 else 0.0
    data = HierarchicalData(
        n=statistics.n.astype(float),
        mean=mean,
        sum_squares=sum_squares,
        rho=ratio / (1.0 + ratio),
        sigma0_upper=1000.0 * (spread if spread > 0 else mean_sd),
        sigma_lower=sigma_lower,
        sigma_upper=1000.0 * mean_sd,
        nu_shift=NU_SHIFTS[nu_prior],
        alpha_bounds=tuple(float(v) for v in alpha_bounds),
        beta_bounds=tuple(float(v) for v in beta_bounds),
    )
    return data, scale


def _zero_variance_filled(statistics, rope, how):
    """The sums of squares, with a variance for each data set whose differences are all equal.

    Such a data set makes ``sigma_i`` unbounded below. "others": the smallest
    variance of the other data sets (as noisy as the quietest of them);
    "rope": the variance of the noise the authors' code adds (uniform over the
    rope on half its splits, subtracted on the other half: on average
    ``(high - low)**2 / 12``), without its randomness. Each falls back on the
    other when it has nothing to go by (no other data set, a rope of zero
    width); with neither, the sum stays 0 (and ``sigma_i`` gets a floor).
    """
    sum_squares = np.array(statistics.sum_squares, dtype=float)
    zero = sum_squares == 0
    if not zero.any():
        return sum_squares
    others = sum_squares[~zero] / (statistics.n[~zero] - 1)
    rope_variance = (rope[1] - rope[0]) ** 2 / 12.0
    if how == "others" and others.size:
        variance = float(others.min())
    else:  # the rope's; without a rope, the others' (if any)
        variance = rope_variance if rope_variance > 0 or not others.size else float(others.min())
    sum_squares[zero] = statistics.n[zero] * variance
    return sum_squares


def warn_if_not_converged(results):
    """One ConvergenceWarning for every result whose chains fall short."""
    _warn(
        results,
        what="The hierarchical model",
        advice=f"Increase {parameter('n_warmup')} and {parameter('n_draws')}, or check the "
        "data for outlying data sets.",
    )


@validate_params(
    {
        "differences": ["array-like", Mapping],
        "rope": ROPE_CONSTRAINT,
        "n_chains": [Interval(Integral, 1, None, closed="left")],
        "n_warmup": [Interval(Integral, 0, None, closed="left")],
        "n_draws": [Interval(Integral, 4, None, closed="left")],
        "nu_prior": [StrOptions(set(NU_SHIFTS))],
        "alpha_bounds": [tuple, list, StrOptions(set(HYPERPRIORS))],
        "beta_bounds": [tuple, list, StrOptions(set(HYPERPRIORS))],
        "delta0_bound": [Interval(Real, 0, None, closed="neither"), None],
        "zero_variance": [StrOptions({"others", "rope"})],
        "random_state": ["random_state", np.random.Generator],
    },
    prefer_skip_nested_validation=True,
)
@fill_doc
def hierarchical_test(
    differences,
    *,
    rope=0.01,
    n_chains=4,
    n_warmup=1000,
    n_draws=5000,
    nu_prior="shifted",
    alpha_bounds=ALPHA_BOUNDS,
    beta_bounds=BETA_BOUNDS,
    delta0_bound=None,
    zero_variance="others",
    random_state=None,
):
    """Bayesian hierarchical test of two models over many data sets.

    The model of Corani et al. (2017, §3): the differences ``x_i`` of data set
    ``i`` are multivariate normal with mean ``delta_i``, standard deviation
    ``sigma_i`` and the correlation ``rho_i = n_test / (n_train + n_test)`` of
    cross-validation; the ``delta_i`` are drawn from a Student-t
    ``t(nu, delta0, sigma0)``, which describes the population of data sets::

        delta0 ~ U(-max|x_ij|, max|x_ij|),  sigma0 ~ U(0, 1000 sd(mean_i)),
        sigma_i ~ U(0, 1000 mean(s_i)),
        nu = 1 + Gamma(alpha, beta),  alpha ~ U(0.5, 5),  beta ~ U(0.05, 0.15).

    These defaults are the authors' model as their software ships it since
    November 2016 (``hierarchical/hierarchical_test.R`` and
    ``stan/hierarchical-t-test.stan`` of BayesianTestsML/tutorial), with its
    preprocessing of ``delta0``'s bounds from the data; a data set whose
    differences are all equal is given a variance as described in Notes
    (``zero_variance="rope"`` for what that code does). The paper prints
    ``nu ~ Gamma(alpha, beta)`` and ``delta0 ~ U(-1, 1)``:
    ``nu_prior="paper"`` and ``delta0_bound=1``. ``alpha_bounds="baycomp"``
    and ``beta_bounds="baycomp"`` give the hyper-prior of their May-2016 code,
    their Python port and baycomp, ``U(1, 2)`` and ``U(0.01, 0.1)``.

    The posterior is sampled by a purpose-built Gibbs sampler (no compilation,
    chains vectorised in NumPy). On the same model, Stan's NUTS gives the same
    posterior: ``tests/stats/test_hierarchical.py`` compares them, for the
    default prior, the paper's and baycomp's, within a tenth of a posterior
    standard deviation. Where the posterior has two modes (near-identical
    models, see Notes), NUTS stays in one; the sampler gives each mode the
    weight that integrating the posterior over a grid gives, within Monte
    Carlo error (the same tests).

    Parameters
    ----------%(differences_many)s%(rope)s
    n_chains : int, default=4
        Number of chains.
    n_warmup : int, default=1000
        Warm-up iterations per chain (discarded; the sampler tunes itself
        during them).
    n_draws : int, default=5000
        Kept draws per chain.
    nu_prior : {"shifted", "paper"}, default="shifted"
        "shifted": ``nu = 1 + Gamma(alpha, beta)``, as the authors' Stan code
        and baycomp have it, which excludes the very heavy tails of
        ``nu < 1``; "paper": ``nu ~ Gamma(alpha, beta)``, as the paper prints.
    alpha_bounds, beta_bounds : tuple of (float, float) or {"authors", "baycomp"}, \
default=(0.5, 5.0), (0.05, 0.15)
        Bounds of the uniform hyper-priors of the gamma prior's shape
        ``alpha`` and rate ``beta``. "authors": the defaults (the authors'
        code since November 2016, the papers' values); "baycomp": ``(1, 2)``
        and ``(0.01, 0.1)``, their May-2016 code, Python port and baycomp.
    delta0_bound : float, default=None
        ``delta0 ~ U(-delta0_bound, delta0_bound)``; None bounds it by the
        largest absolute difference, as the authors' code does (the paper:
        1, for scores within [0, 1]).
    zero_variance : {"others", "rope"}, default="others"
        The variance given to a data set whose differences are all equal (see
        Notes): "others", the smallest variance of the other data sets;
        "rope", that of the noise the authors' code adds, uniform over the
        rope.
    %(random_state)s

    Returns
    -------
    HierarchicalTestResult
        Two kinds of probability for the three outcomes:

        - ``prob_a_better``, ``prob_equivalent``, ``prob_b_better`` (the
          paper's inference, used by ``decision``): for every posterior draw
          of ``(delta0, sigma0, nu)``, the difference on the next data set
          is ``t(nu, delta0, sigma0)``; these are the shares of draws in
          which A better, equivalent or B better is the *most probable*
          outcome for that data set. They answer "which outcome should we
          expect on a new data set?" and approach 0 or 1 as evidence grows.
        - ``predictive_prob_a_better``, ``predictive_prob_equivalent``,
          ``predictive_prob_b_better``: the posterior predictive
          probabilities of each outcome on a new data set (the average over
          draws of the three probabilities). They describe the spread of
          data sets themselves, so they stay between 0 and 1 however many
          data sets are observed when models differ from data set to data
          set.
        - ``delta0_prob_a_better``, ``delta0_prob_equivalent``,
          ``delta0_prob_b_better`` (also ``delta0_probabilities``): the
          posterior probabilities that ``delta0``, the mean difference over
          the population of data sets, lies above, inside or below the rope.
          They answer "is the average difference practically zero?", which
          the authors' simulations report; the others answer "what happens
          on the next data set?".

        Also ``shrinkage_estimates`` (posterior mean of every ``delta_i``) and
        their 95% HDIs ``shrinkage_intervals``, ``samples`` and the
        diagnostics ``rhat``, ``ess`` and ``ess_tail``.

    Warns
    -----
    ConvergenceWarning
        When the R-hat of ``delta0``, ``sigma0`` or ``nu`` exceeds 1.01, or
        their bulk or tail effective sample size is below 400.

    See Also
    --------
    sklearn_bayescmp.stats.signed_rank_test : The Bayesian test of one mean per data set.
    sklearn_bayescmp.stats.poisson_test : Whether A wins most of these data sets.
    sklearn_bayescmp.plotting.ForestDisplay : The shrunk per-data-set differences, drawn.

    Notes
    -----
    **Scale.** All differences and the rope are divided by
    ``c = delta0_bound`` (by default ``max |x_ij|``) before sampling, so that
    ``delta0 ~ U(-1, 1)``, and the draws of ``delta0``, ``sigma0`` and
    ``delta_i`` are multiplied back. The other priors scale with the data and
    ``nu`` is scale-free, so results are in the scorer's units and do not
    depend on them.

    **Data sets with zero variance** (every split gives the same difference,
    e.g. two models that predict alike) make the posterior improper:
    ``sigma_i`` can shrink to 0, and with it the population's ``sigma0``,
    over-shrinking every other data set, while ``nu`` stops mixing. Such a
    data set is given a variance, and a warning says so. By default it is the
    smallest variance of the other data sets, as if it were as noisy as the
    quietest of them. The authors' code instead adds noise uniform over the
    rope to half its splits and subtracts it from the other half;
    ``zero_variance="rope"`` gives it that noise's average sum of squares,
    ``n (high - low)**2 / 12`` (without the noise, so that results stay a
    function of the seed). In simulations with known differences
    (``benchmarks/study_zero_variance.py``: 40 data sets and 14 with zero
    variance, 12 experiments), the vanishing floor of ``sigma_i`` this package
    used before let ``sigma0`` fall to 0.0030 against 0.0150 without those
    data sets (R-hat of ``nu`` up to 1.015); the rope's variance to 0.0079
    (R-hat 1.023); the smallest variance of the others kept it at 0.0114
    (R-hat 1.007) with the lowest error of the other data sets' shrinkage estimates,
    at the cost of pulling the zero-variance data sets' own estimates towards
    the others by 0.002 (root mean square). On collections of near-identical
    models (most differences exactly 0, the other data sets' variances down to
    1e-7; ``--collection near-identical``, 16 experiments) the posterior has
    two modes, ``nu`` near 1 and ``nu`` near 25; the sampler's move across
    them redraws every ``delta_i`` with ``(sigma0, nu)``, and with the default
    every experiment met R-hat < 1.01 and ESS > 400 (15 of 16 with
    ``"rope"``, whose shrinkage estimates had an 8% lower mean squared error;
    8 of 16 with the default before that move). The move costs as much as the
    rest of an iteration, so it is made only for collections of that shape
    (mean differences with a tight core, ``MAD < 0.5 SD``, whose standard
    errors span more than a factor of 20); elsewhere, heavy-tailed
    collections included, ``nu`` has one mode and the other updates sample
    it. When all data sets have the same mean, the upper bound of ``sigma0``
    uses the mean standard deviation instead of ``sd(mean_i) = 0``.

    Standard deviations use ``ddof=1`` (as R's ``sd`` in the paper's code).

    References
    ----------
    .. [1] G. Corani, A. Benavoli, J. Demšar, F. Mangili and M. Zaffalon,
       "Statistical comparison of classifiers through Bayesian hierarchical
       modelling", Machine Learning 106(11), 2017.
    .. [2] A. Vehtari, A. Gelman, D. Simpson, B. Carpenter and P.-C. Bürkner,
       "Rank-normalization, folding, and localization: an improved R-hat for
       assessing convergence of MCMC", Bayesian Analysis 16(2), 2021.

    Examples
    --------
    >>> import numpy as np
    >>> from sklearn_bayescmp import CVDifferences
    >>> from sklearn_bayescmp.stats import hierarchical_test
    >>> rng = np.random.default_rng(0)
    >>> records = [
    ...     CVDifferences(rng.normal(0.02, 0.03, 30), n_train=90, n_test=10, name=f"d{i}")
    ...     for i in range(8)
    ... ]
    >>> res = hierarchical_test(records, n_warmup=500, n_draws=1000, random_state=0)
    >>> res.decision()
    'a'
    >>> res.shrinkage_estimates.shape, res.samples["delta"].shape
    ((8,), (4, 1000, 8))
    """
    (result,) = hierarchical_tests(
        [differences],
        rope=rope,
        n_chains=n_chains,
        n_warmup=n_warmup,
        n_draws=n_draws,
        nu_prior=nu_prior,
        alpha_bounds=alpha_bounds,
        beta_bounds=beta_bounds,
        delta0_bound=delta0_bound,
        zero_variance=zero_variance,
        random_state=random_state,
    )
    return result


def hierarchical_tests(
    collections,
    *,
    rope,
    n_chains,
    n_warmup,
    n_draws,
    nu_prior="shifted",
    alpha_bounds=ALPHA_BOUNDS,
    beta_bounds=BETA_BOUNDS,
    delta0_bound=None,
    zero_variance="others",
    random_state=None,
    n_jobs=None,
):
    """:func:`hierarchical_test` of many collections, sampled in batches.

    The collections are sampled :data:`COLLECTIONS_PER_BATCH` at a time, in
    order: every collection of a batch gets its own chains and warm-up
    adaptation, all advancing in the same array operations and drawing from
    the batch's generator (a child of ``random_state``'s seed, by the batch's
    place), at a fraction of the cost of separate runs
    (:func:`~sklearn_bayescmp.stats._hierarchical_sampler.sample_posteriors`).
    The results depend on ``random_state`` alone, not on ``n_jobs``; a
    collection's result agrees with ``hierarchical_test(collection)`` within
    Monte Carlo error. Collections with different numbers of data sets are
    sampled in separate batches. One
    :class:`~sklearn.exceptions.ConvergenceWarning`, issued here in the parent
    process, lists the collections whose chains fall short.

    Parameters
    ----------
    collections : list of (sequence or mapping of CVDifferences)
        The collections, e.g. one per pair of models.
    rope, n_chains, n_warmup, n_draws, nu_prior, alpha_bounds, beta_bounds, delta0_bound, \
zero_variance, random_state
        As for :func:`hierarchical_test`.
    n_jobs : int, default=None
        Processes sampling the batches.

    Returns
    -------
    list of HierarchicalTestResult
        In the order of ``collections``.
    """
    batches = [
        np.arange(start, min(start + COLLECTIONS_PER_BATCH, len(collections)))
        for start in range(0, len(collections), COLLECTIONS_PER_BATCH)
    ]
    root = check_random_generator(random_state)
    seeds = root.bit_generator.seed_seq.spawn(len(batches))
    bit_generator = type(root.bit_generator)
    options = {
        "rope": check_rope(rope),
        "n_chains": n_chains,
        "n_warmup": n_warmup,
        "n_draws": n_draws,
        "random_state": random_state,
        "prior": {
            "nu_prior": nu_prior,
            "alpha_bounds": _check_bounds(alpha_bounds, "alpha_bounds"),
            "beta_bounds": _check_bounds(beta_bounds, "beta_bounds"),
            "delta0_bound": delta0_bound,
            "zero_variance": zero_variance,
        },
    }
    parts = Parallel(n_jobs=n_jobs)(
        delayed(_sample_collections)(
            [collections[i] for i in batch],
            rng=np.random.Generator(bit_generator(seed)),
            **options,
        )
        for batch, seed in zip(batches, seeds, strict=True)
    )
    results = [result for part in parts for result in part]
    warn_if_not_converged(results)
    _warn_about_zero_variance(results, zero_variance)
    _warn_about_truncation(results)
    return results


def _warn_about_zero_variance(results, how):
    """One warning, in the caller's process, when data sets had all their differences equal."""
    affected = [r for r in results if r.n_zero_variance]
    if not affected:
        return
    where = (
        f"{affected[0].n_zero_variance} of {affected[0].n_datasets} data sets have"
        if len(results) == 1
        else f"{len(affected)} of {len(results)} comparisons have data sets with"
    )
    given = "the rope's variance" if how == "rope" else "the smallest variance of the others"
    warn(
        f"{where} differences that are all equal (the models score alike on every split); "
        f"each is given {given} (or, lacking it, the other's), so that the population's "
        "spread does not collapse onto them (see the Notes of hierarchical_test)."
    )


def _warn_about_truncation(results):
    """One warning when a given ``delta0_bound`` cuts off the posterior of ``delta0``.

    A bound below a data set's mean difference, or one against which the
    draws of ``delta0`` pile up (more than 1% of them in its outer 1%), truncates
    the mean difference of the population, and every probability with it.
    """
    cut = []
    for result in results:
        if result.delta0_bound is None:
            continue
        largest = float(np.max(np.abs(result.means)))
        edge = float(np.mean(np.abs(result.samples["delta0"]) > 0.99 * result.delta0_bound))
        if largest > result.delta0_bound or edge > 0.01:
            cut.append((result, largest, edge))
    if cut:
        result, largest, edge = cut[0]
        why = (
            f"a data set's mean difference reaches {largest:.4g}, beyond it"
            if largest > result.delta0_bound
            else f"{edge:.1%} of the draws of delta0 lie in its outer 1%"
        )
        warn(
            f"delta0_bound={result.delta0_bound:g} truncates the posterior of delta0 (the mean "
            f"difference over data sets) in {len(cut)} of {len(results)} comparison(s): {why}; "
            "the probabilities are those of a truncated model. Widen the bound, or leave it "
            "at None (the largest absolute difference)."
        )


def _check_bounds(bounds, name):
    """The bounds of a uniform hyper-prior: a preset's, or ``0 < low < high`` as given."""
    if isinstance(bounds, str):
        return HYPERPRIORS[bounds][name]
    values = np.asarray(bounds, dtype=float) if len(bounds) == 2 else None
    if values is None or not np.all(np.isfinite(values)) or not 0 < values[0] < values[1]:
        raise ValueError(
            f"`{name}` must be (low, high) with 0 < low < high, or one of "
            f"{sorted(HYPERPRIORS)}; got {bounds!r}."
        )
    return (float(values[0]), float(values[1]))


def _sample_collections(
    collections, *, rope, n_chains, n_warmup, n_draws, prior, random_state, rng
):
    """The results of collections sampled together, in one process, from ``rng``
    (``random_state`` is what the results record)."""
    prepared = []
    for datasets in collections:
        names, records, model_names = check_collection(datasets)
        data, scale = hierarchical_data(records, names, rope=rope, **prior)
        alike = sum(np.nanmin(r.differences) == np.nanmax(r.differences) for r in records)
        prepared.append((names, model_names, data, scale, int(alike)))
    results = [None] * len(prepared)
    batches = {}
    for index, (_, _, data, _, _) in enumerate(prepared):
        batches.setdefault(data.mean.shape[-1], []).append(index)
    for indices in batches.values():
        samples = sample_posteriors(
            [prepared[i][2] for i in indices],
            n_chains=n_chains,
            n_warmup=n_warmup,
            n_samples=n_draws,
            rng=rng,
        )
        # Diagnosed together: one call per diagnostic for the batch, not per posterior.
        diagnostics = convergence_diagnostics(
            {name: np.stack([draws[name] for draws, _ in samples]) for name in DIAGNOSED}
        )
        for k, (i, (draws, _)) in enumerate(zip(indices, samples, strict=True)):
            rhat, ess, ess_tail = (
                {name: float(values[name][k]) for name in DIAGNOSED} for values in diagnostics
            )
            results[i] = _summarise(
                draws, *prepared[i], rope, prior, random_state, (rhat, ess, ess_tail)
            )
    return results


def _summarise(
    draws, names, model_names, data, scale, n_zero_variance, rope, prior, random_state, diagnostics
):
    """The :class:`HierarchicalTestResult` of one posterior's draws and diagnostics.

    ``diagnostics``: the R-hat, bulk ESS and tail ESS of :data:`DIAGNOSED`
    (scale-free, so computed on the sampler's scale).
    """
    for name in ("delta0", "sigma0", "delta"):
        # In place: the draws are the sampler's own (a new array of every
        # draw of delta costs more than the product).
        draws[name] *= scale
    # Outcome probabilities on the next data set, for every draw.
    outcomes = outcome_probabilities(
        draws["nu"].ravel(), draws["delta0"].ravel(), draws["sigma0"].ravel(), rope
    )
    draws["outcome_probabilities"] = outcomes.reshape(*draws["nu"].shape, 3)
    most_probable = np.bincount(np.argmax(outcomes, axis=1), minlength=3) / len(outcomes)
    predictive = outcomes.mean(axis=0)
    rhat, ess, ess_tail = diagnostics
    return HierarchicalTestResult(
        *(float(p) for p in most_probable),
        *(float(p) for p in predictive),
        # Arrays (and the mapping's) are made read-only by the result.
        shrinkage_estimates=draws["delta"].mean(axis=(0, 1)),
        shrinkage_intervals=array_stats().hdi(draws["delta"], 0.95, axis=(0, 1)),
        samples=FrozenMapping(draws),
        rhat=FrozenMapping(rhat),
        ess=FrozenMapping(ess),
        ess_tail=FrozenMapping(ess_tail),
        means=data.mean * scale,
        names=tuple(names),
        rope=rope,
        nu_prior=prior["nu_prior"],
        alpha_bounds=prior["alpha_bounds"],
        beta_bounds=prior["beta_bounds"],
        n_zero_variance=n_zero_variance,
        scale=scale,
        random_state=recorded_seed(random_state),
        model_a=model_names[0],
        model_b=model_names[1],
        delta0_bound=prior["delta0_bound"],
        zero_variance=prior["zero_variance"],
    )


@fill_doc
@dataclass(frozen=True, repr=False, eq=False)
class HierarchicalTestResult(BayesianTableMixin, RopeOutcomesMixin):
    """Posterior of the Bayesian hierarchical model over a collection of data sets.

    For each posterior draw of ``(delta0, sigma0, nu)``, the mean difference
    on a new data set is ``t(nu, delta0, sigma0)``; integrating it over the
    three regions gives that draw's probabilities of the outcomes
    (``samples["outcome_probabilities"]``).

    Attributes
    ----------
    prob_a_better, prob_equivalent, prob_b_better : float
        Share of draws in which A practically better, practically
        equivalent or B practically better is the most probable outcome on a
        new data set (Corani et al., 2017, §3.2). ``decision`` uses these.
    predictive_prob_a_better, predictive_prob_equivalent, predictive_prob_b_better : float
        Posterior predictive probability of each outcome on a new data set
        (the mean of ``samples["outcome_probabilities"]``).
    shrinkage_estimates : ndarray of shape (n_datasets,)
        Posterior mean of every ``delta_i``: the data set's mean difference,
        pulled towards the others.
    shrinkage_intervals : ndarray of shape (n_datasets, 2)
        95% highest-density intervals of every ``delta_i``.
    samples : mapping of str to ndarray
        Posterior draws, shaped ``(n_chains, n_draws, ...)``: ``delta0``,
        ``sigma0``, ``nu``, ``alpha``, ``beta``, ``delta`` (last axis: data
        sets) and ``outcome_probabilities`` (last axis: a, equivalent, b).
    rhat, ess, ess_tail : mapping of str to float
        Rank-normalized split R-hat, bulk and tail effective sample size of
        ``delta0``, ``sigma0`` and ``nu``.
    means : ndarray of shape (n_datasets,)
        Per-data-set mean differences ``A - B`` (failed splits left out).
    names : tuple of str
        Data set names.
    rope : tuple of float
        The region of practical equivalence ``(low, high)``.
    nu_prior : {"shifted", "paper"}
        The prior of ``nu``: ``1 + Gamma(alpha, beta)`` or ``Gamma(alpha, beta)``.
    alpha_bounds, beta_bounds : tuple of (float, float)
        The uniform hyper-priors of ``alpha`` and ``beta``.
    n_zero_variance : int
        Data sets whose differences were all equal, given a variance (see
        :func:`~sklearn_bayescmp.stats.hierarchical_test`).
    scale : float
        Factor the differences were divided by before sampling; the prior of
        ``delta0`` is ``U(-scale, scale)``.
    random_state : int or None
        The seed, when an int or None was given.
    delta0_bound : float or None
        The ``delta0_bound`` given (None: ``scale`` is the largest absolute
        difference, the authors' bound).
    zero_variance : {"others", "rope"}
        How data sets whose differences are all equal were given a variance.%(result_models)s

    See Also
    --------
    sklearn_bayescmp.stats.hierarchical_test : Returns this result.
    sklearn_bayescmp.plotting.ForestDisplay : Draws its shrinkage estimates.

    Examples
    --------
    >>> import numpy as np
    >>> from sklearn_bayescmp import CVDifferences
    >>> from sklearn_bayescmp.stats import hierarchical_test
    >>> rng = np.random.default_rng(1)
    >>> records = [
    ...     CVDifferences(rng.normal(0.02, 0.03, 30), n_train=90, n_test=10, name=f"d{i}")
    ...     for i in range(6)
    ... ]
    >>> res = hierarchical_test(records, n_warmup=500, n_draws=1000, random_state=0)
    >>> res.shrinkage_estimates.shape, res.shrinkage_intervals.shape
    ((6,), (6, 2))
    """

    _negated: ClassVar[tuple] = ("shrinkage_estimates", "shrinkage_intervals", "means")
    _shown: ClassVar[tuple] = (
        *PROBABILITIES,
        *(f"predictive_{name}" for name in PROBABILITIES),
        "rope",
    )
    test: ClassVar[str] = "hierarchical"
    predictive: ClassVar[bool] = True
    _probability_scope: ClassVar[str] = "the most probable outcome on a new data set"
    mean_parameter: ClassVar[str] = "delta0"
    _mean_parameter_words: ClassVar[str] = "the population's mean difference delta0"
    prob_a_better: float
    prob_equivalent: float
    prob_b_better: float
    predictive_prob_a_better: float
    predictive_prob_equivalent: float
    predictive_prob_b_better: float
    shrinkage_estimates: np.ndarray
    shrinkage_intervals: np.ndarray
    samples: Mapping
    rhat: Mapping
    ess: Mapping
    ess_tail: Mapping
    means: np.ndarray
    names: tuple
    rope: tuple
    nu_prior: str
    alpha_bounds: tuple = (0.5, 5.0)
    beta_bounds: tuple = (0.05, 0.15)
    n_zero_variance: int = 0
    scale: float = 1.0
    random_state: int | None = None
    model_a: str = "A"
    model_b: str = "B"
    delta0_bound: float | None = None
    zero_variance: str = "others"

    @property
    def delta0_probabilities(self):
        """dict: Posterior probabilities that ``delta0``, the mean difference over the
        population of data sets, lies above the rope ("a"), inside it ("equivalent")
        or below it ("b"): "is the average difference practically zero?", where the
        other probabilities answer "what happens on a new data set?"."""
        values = rope_probabilities(self.samples["delta0"], self.rope)
        return dict(zip(("a", "equivalent", "b"), values, strict=True))

    @property
    def delta0_mean(self):
        """float: Posterior mean of ``delta0``, the population's mean difference, towards
        which the shrinkage estimates are pulled."""
        return float(np.mean(self.samples["delta0"]))

    @property
    def delta0_prob_a_better(self):
        """float: ``P(delta0 > high)``, the population's mean difference favouring A."""
        return self.delta0_probabilities["a"]

    @property
    def delta0_prob_equivalent(self):
        """float: ``P(low <= delta0 <= high)``."""
        return self.delta0_probabilities["equivalent"]

    @property
    def delta0_prob_b_better(self):
        """float: ``P(delta0 < low)``."""
        return self.delta0_probabilities["b"]

    @property
    def n_datasets(self):
        """int: Number of data sets."""
        return int(self.means.size)

    @property
    def n_chains(self):
        """int: Number of chains."""
        return int(self.samples["delta0"].shape[0])

    @property
    def n_draws(self):
        """int: Kept draws per chain."""
        return int(self.samples["delta0"].shape[1])

    @property
    def predictive_probabilities(self):
        """dict: ``{"a": ..., "equivalent": ..., "b": ...}`` of the predictive probabilities."""
        return {
            "a": self.predictive_prob_a_better,
            "equivalent": self.predictive_prob_equivalent,
            "b": self.predictive_prob_b_better,
        }

    def credible_interval(self, prob=0.95, *, method="hdi", parameter="delta0"):
        """Credible interval of a scalar parameter of the model.

        Parameters
        ----------%(interval_of_draws)s
        parameter : {"delta0", "sigma0", "nu", "alpha", "beta"}, default="delta0"
            ``delta0`` is the mean difference of the population of data sets.

        Returns
        -------
        CredibleInterval
        """
        scalars = ("delta0", "sigma0", "nu", "alpha", "beta")
        prob = check_interval_options(prob, method, parameter, scalars)
        return interval_of_draws(self.samples[parameter], prob, method, axis=(0, 1))

    def _summary_lines(self, threshold):
        low, high = self.credible_interval()
        return [
            f"{self._title} over {self.n_datasets} data sets "
            f"(rope = [{self.rope[0]:.4g}, {self.rope[1]:.4g}], {self.n_chains} chains x "
            f"{self.n_draws} draws)",
            f"  prior: nu = {'1 + ' if self.nu_prior == 'shifted' else ''}Gamma(alpha, beta), "
            f"alpha ~ U{self.alpha_bounds}, beta ~ U{self.beta_bounds}, "
            f"delta0 ~ U(-{self.scale:.4g}, {self.scale:.4g})",
            *predictive_lines(self, threshold),
            f"  delta0 (mean difference over data sets): "
            f"{float(self.samples['delta0'].mean()):.4g}, 95% HDI [{low:.4g}, {high:.4g}]",
            f"  delta0: P(favours {self.model_a}) = {self.delta0_prob_a_better:.4f}   "
            f"P(in the rope) = {self.delta0_prob_equivalent:.4f}   P(favours {self.model_b}) = "
            f"{self.delta0_prob_b_better:.4f}   (the mean over data sets)",
        ]

    def _summary_notes(self):
        diagnostics = ", ".join(
            f"{name}: R-hat {self.rhat[name]:.3f}, ESS {self.ess[name]:.0f}" for name in self.rhat
        )
        return [f"  diagnostics: {diagnostics}"]

    def mirrored(self):
        """The same test with A and B swapped.

        Returns
        -------
        HierarchicalTestResult
        """
        samples = dict(self.samples)
        for name in ("delta0", "delta"):
            samples[name] = 0.0 - samples[name]
        samples["outcome_probabilities"] = samples["outcome_probabilities"][..., ::-1]
        mirror = super().mirrored()
        intervals = mirror.shrinkage_intervals[:, ::-1]
        return replace(mirror, samples=FrozenMapping(samples), shrinkage_intervals=intervals)

    def _row(self, threshold=0.95, prob=0.95):
        low, high = self.credible_interval(prob)
        return {
            "test": self.test,
            **self._probability_row(threshold),
            "delta0_prob_a_better": self.delta0_prob_a_better,
            "delta0_prob_equivalent": self.delta0_prob_equivalent,
            "delta0_prob_b_better": self.delta0_prob_b_better,
            "delta0_mean": self.delta0_mean,
            "delta0_low": low,
            "delta0_high": high,
            "n_datasets": self.n_datasets,
            "max_rhat": max(self.rhat.values()),
        }

    def _prior_description(self):
        nu = "nu - 1" if self.nu_prior == "shifted" else "nu"
        bound = (
            "delta0 uniform between minus and plus the largest absolute difference (the "
            "authors' bound)"
            if self.delta0_bound is None
            else f"delta0 uniform in [-{self.delta0_bound:g}, {self.delta0_bound:g}]"
        )
        given = (
            "the variance of uniform noise over the rope (the authors' treatment)"
            if self.zero_variance == "rope"
            else "the smallest variance of the other data sets"
        )
        return (
            f"the prior {nu} ~ Gamma(alpha, beta) on the degrees of freedom, alpha uniform in "
            f"[{self.alpha_bounds[0]:g}, {self.alpha_bounds[1]:g}] and beta in "
            f"[{self.beta_bounds[0]:g}, {self.beta_bounds[1]:g}], {bound}; a data set whose "
            f"differences are all equal is given {given} (zero_variance={self.zero_variance!r})"
        )

    def _extra_numbers(self):
        delta0 = self.delta0_probabilities
        return {
            **super()._extra_numbers(),
            "converged": not convergence_problems(self),
            # Whether delta0, the mean difference over data sets, is in the rope
            # (the question of the average, not of the next data set).
            "delta0_prob_a_better": delta0["a"],
            "delta0_prob_equivalent": delta0["equivalent"],
            "delta0_prob_b_better": delta0["b"],
            "prior": {
                "nu": "1 + Gamma(alpha, beta)"
                if self.nu_prior == "shifted"
                else "Gamma(alpha, beta)",
                "alpha_bounds": list(self.alpha_bounds),
                "beta_bounds": list(self.beta_bounds),
                "delta0_bounds": [-self.scale, self.scale],
            },
        }

    def _posterior_curve(self, *, n_points=None):
        """The posterior of delta0, the population's mean difference: a histogram of its draws.

        Parameters
        ----------
        n_points : None
            Unused (the bins follow the number of draws); for a display's call.

        Returns
        -------
        PosteriorCurve
        """
        draws = np.ravel(self.samples["delta0"])
        counts, edges = np.histogram(draws, bins=min(80, max(10, draws.size // 200)))
        return PosteriorCurve(
            0.5 * (edges[:-1] + edges[1:]),
            counts / (draws.size * np.diff(edges)),
            None,
            f"delta0: mean difference over data sets ({self.model_a} - {self.model_b})",
            dict(self.delta0_probabilities),
            None,
        )

    def _outcome_draws(self):
        return self.samples["outcome_probabilities"].reshape(-1, 3)

    def _html_extra(self):
        return {
            "mean difference (delta0)": [self.delta0_mean],
            "95% HDI of delta0": [interval_text(*self.credible_interval())],
            "rope": [interval_text(*self.rope)],
        }


def _many(collections, *, keep_draws=None, **arguments):
    """The test of many collections at once (every draw is kept: ``keep_draws`` is moot)."""
    return hierarchical_tests(collections, **arguments)


BACKENDS = (
    Backend(
        "hierarchical",
        hierarchical_test,
        "Bayesian hierarchical test",
        "collection",
        HierarchicalTestResult,
        ("posterior", "simplex", "forest"),
        _many,
        cite="Corani et al. 2017",
        pools_differences=True,
        kind="bayesian",
    ),
)
