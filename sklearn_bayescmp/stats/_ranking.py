"""Bayesian ranking of many models: the Plackett-Luce model (Calvo et al., 2018).

Each data set ranks the ``K`` models by their mean scores. Under the
Plackett-Luce model with weights ``w`` (``sum(w) = 1``), a ranking that puts
model ``o_1`` first, ``o_2`` second and so on has probability

    P(o | w) = prod_{j=1}^{K-1} w_{o_j} / (w_{o_j} + ... + w_{o_K}),

so ``w_k`` is the probability that model ``k`` ranks first on a new data set,
and model ``m`` ranks above ``k`` with probability ``w_m / (w_m + w_k)``. The
prior is ``w ~ Dirichlet(a, ..., a)``.

The posterior is sampled by the Gibbs sampler of Caron & Doucet (2012): with
unnormalized weights ``lambda_k ~ Gamma(a, 1)`` (whose normalization is the
Dirichlet prior; the likelihood ignores the scale) and latent exponential
variables ``Z_ij ~ Exp(lambda_{o_ij} + ... + lambda_{o_iK})``, every
conditional is a gamma distribution:

    lambda_k | Z ~ Gamma(a + n_k, 1 + sum_i sum_{j <= position of k} Z_ij),

where ``n_k`` counts the data sets on which ``k`` is not last. After each
sweep the total ``sum(lambda)`` is redrawn from its prior ``Gamma(K a, 1)``,
which leaves ``w`` unchanged and keeps the chains from drifting in scale.
"""

from collections.abc import Mapping
from dataclasses import dataclass
from numbers import Integral, Real

import numpy as np
from scipy import stats
from sklearn.utils.parallel import Parallel, delayed

from ..utils._advice import parameter
from ..utils._arviz import array_stats
from ..utils._display import terminal_text
from ..utils._docstrings import fill_doc
from ..utils._frozen import FrozenMapping
from ..utils._random import check_random_generator, recorded_seed
from ..utils._sklearn import Interval, validate_params
from ..utils._threads import engine_threads
from ._core import merge_row_ties
from ._diagnostics import convergence_diagnostics, warn_if_not_converged
from ._results import (
    TableMixin,
)

#: The works these numbers cite (:mod:`._bibliography`), for a report's bibliography.
CITED = ("Calvo et al. 2018",)


#: Floats of pairwise terms computed at a time by :func:`expected_ranks` (32 MiB).
_PAIRWISE_FLOATS = 1 << 22


def rankings_from_scores(scores, rng):
    """Each data set's ordering of the models, best first; ties broken at random.

    Parameters
    ----------
    scores : ndarray of shape (n_datasets, n_models)
        Greater is better.
    rng : numpy.random.Generator
        Breaks ties (the Plackett-Luce model has none).

    Returns
    -------
    orderings : ndarray of int of shape (n_datasets, n_models)
        ``orderings[i, j]`` is the model in position ``j`` on data set ``i``.
    n_tied : int
        Data sets on which some models tie.
    """
    scores = merge_row_ties(scores)  # equal up to rounding is a tie
    jitter = rng.random(scores.shape)  # only orders models with equal scores
    orderings = np.lexsort((jitter, -scores), axis=1)
    n_tied = int(sum(np.unique(row).size < row.size for row in scores))
    return orderings, n_tied


def expected_ranks(weights, n_jobs=None):
    """Expected rank (1 = best) of every model under Plackett-Luce weights.

    ``E[rank_k] = 1 + sum_{m != k} w_m / (w_m + w_k)``: the pairwise marginals
    of the Plackett-Luce model are Bradley-Terry probabilities. The terms are
    summed in single precision (within about 1e-4 of the exact sum).

    Parameters
    ----------
    weights : ndarray of shape (..., n_models)
    n_jobs : int, default=None
        Threads sharing the draws (:func:`~sklearn_bayescmp.utils._threads.engine_threads`:
        as many as BLAS uses by default); the numbers do not depend on it.

    Returns
    -------
    ndarray of shape (..., n_models)
    """
    weights = np.asarray(weights, dtype=float)
    flat = weights.reshape(-1, weights.shape[-1])
    ranks = np.empty_like(flat)
    # A chunk of draws at a time: the pairwise terms take n_models**2 floats per
    # draw, which for all draws at once would grow with draws x models**2.
    step = max(1, _PAIRWISE_FLOATS // flat.shape[-1] ** 2)

    def chunk(start):
        # In single precision, twice as fast: a sum of K terms within about 1e-4 of the
        # exact one (measured: 5e-5 at K = 300), far below the posterior's spread.
        w = flat[start : start + step].astype(np.float32)
        # P(m above k): w_m / (w_m + w_k), 1/2 for m = k; in one array, made once.
        above = np.add(w[:, None, :], w[:, :, None])
        np.divide(w[:, None, :], above, out=above)
        ranks[start : start + step] = above.sum(axis=-1)
        ranks[start : start + step] += 0.5

    starts = range(0, flat.shape[0], step)
    threads = min(engine_threads(n_jobs), len(starts))
    if threads == 1:
        for start in starts:
            chunk(start)
    else:
        Parallel(n_jobs=threads, require="sharedmem")(delayed(chunk)(start) for start in starts)
    return ranks.reshape(weights.shape)


def sample_plackett_luce(orderings, *, prior, n_chains, n_warmup, n_draws, rng, stop=None):
    """Gibbs draws of the Plackett-Luce weights (Caron & Doucet, 2012).

    Parameters
    ----------
    stop : threading.Event, default=None
        Checked every sweep: once set (the work this ran beside has failed), the
        sampler returns None at once.

    Returns
    -------
    ndarray of shape (n_chains, n_draws, n_models) or None
        Normalized weights; None when stopped.
    """
    n_rankings, n_models = orderings.shape
    # Position of every model in every ranking; a model's latent terms run
    # up to its own position (but not past the last factor, j = K - 2).
    positions = np.argsort(orderings, axis=1)
    reach = np.minimum(positions, n_models - 2)
    # Where each model's exposure reads the cumulative latent terms, in one flat row
    # per chain: ranking i's terms start at i * (K - 1).
    reached = (reach + (n_models - 1) * np.arange(n_rankings)[:, None]).ravel()
    gathered = orderings.ravel()
    not_last = (positions < n_models - 1).sum(axis=0)
    shape = prior + not_last
    lam = rng.gamma(prior, 1.0, size=(n_chains, n_models))
    draws = np.empty((n_chains, n_draws, n_models))
    # Arrays made once and reused: (chains, rankings, models) a sweep.
    ordered = np.empty((n_chains, n_rankings, n_models))
    remaining = np.empty((n_chains, n_rankings, n_models - 1))
    for iteration in range(n_warmup + n_draws):
        if stop is not None and stop.is_set():
            return None
        np.take(lam, gathered, axis=1, out=ordered.reshape(n_chains, -1), mode="clip")
        # remaining[j] = sum of the terms from position j on, for j < K - 1.
        np.cumsum(ordered[..., :0:-1], axis=-1, out=remaining[..., ::-1])
        remaining += ordered[..., :-1]
        latent = rng.standard_exponential(remaining.shape)
        latent /= remaining
        np.cumsum(latent, axis=-1, out=latent)
        exposure = np.take(latent.reshape(n_chains, -1), reached, axis=1, mode="clip")
        exposure = exposure.reshape(n_chains, n_rankings, n_models).sum(axis=1)
        lam = rng.gamma(shape, 1.0 / (1.0 + exposure))
        total = lam.sum(axis=1, keepdims=True)
        lam *= rng.gamma(n_models * prior, 1.0, size=(n_chains, 1)) / total
        if iteration >= n_warmup:
            np.divide(lam, lam.sum(axis=1, keepdims=True), out=draws[:, iteration - n_warmup])
    return draws


@validate_params(
    {
        "scores": ["array-like"],
        "names": ["array-like", None],
        "prior": [Interval(Real, 0, None, closed="neither")],
        "n_chains": [Interval(Integral, 1, None, closed="left")],
        "n_warmup": [Interval(Integral, 0, None, closed="left")],
        "n_draws": [Interval(Integral, 4, None, closed="left")],
        "random_state": ["random_state", np.random.Generator],
    },
    prefer_skip_nested_validation=True,
)
@fill_doc
def plackett_luce_ranking(
    scores,
    *,
    names=None,
    prior=1.0,
    n_chains=4,
    n_warmup=500,
    n_draws=2500,
    random_state=None,
):
    """Bayesian ranking of many models over many data sets (Plackett-Luce).

    Each data set ranks the models by their scores; the Plackett-Luce model
    (Calvo et al., 2018) explains these rankings by one weight per model, the
    probability that it ranks first on a new data set. The posterior of the
    weights, under a ``Dirichlet(prior, ..., prior)`` prior, is sampled by the
    Gibbs sampler of Caron & Doucet (2012): no compiler, every chain advanced
    as arrays.

    Parameters
    ----------
    scores : array-like of shape (n_datasets, n_models)
        Each model's (mean) score on each data set; greater is better. Ties
        are broken at random (from ``random_state``), as the model has none.
    names : array-like of str, default=None
        The models' names; "model 0", "model 1"... by default.
    prior : float, default=1.0
        Concentration of the Dirichlet prior on the weights; 1 is uniform.
    n_chains : int, default=4
        Number of chains.
    n_warmup : int, default=500
        Warm-up sweeps per chain (discarded).
    n_draws : int, default=2500
        Kept draws per chain.%(random_state)s
        It also breaks ties.

    Returns
    -------
    PlackettLuceResult
        With, for every model, the posterior mean and 95% credible interval
        of its probability of ranking first (``prob_best``) and of its
        expected rank (``expected_rank``), the probability that it has the
        largest weight (``prob_top``), the draws and the diagnostics.

    See Also
    --------
    sklearn_bayescmp.stats.friedman_test : The frequentist test of the same ranks.
    sklearn_bayescmp.plotting.RankingDisplay : The posterior ranking, drawn.

    References
    ----------
    .. [1] B. Calvo, J. Ceberio and J. A. Lozano, "Bayesian inference for
       algorithm ranking analysis", GECCO 2018 companion.
    .. [2] F. Caron and A. Doucet, "Efficient Bayesian inference for
       generalized Bradley-Terry models", Journal of Computational and
       Graphical Statistics 21(1), 2012.

    Examples
    --------
    >>> import numpy as np
    >>> from sklearn_bayescmp.stats import plackett_luce_ranking
    >>> rng = np.random.default_rng(0)
    >>> scores = rng.normal([0.80, 0.82, 0.85], 0.02, size=(30, 3))
    >>> res = plackett_luce_ranking(scores, names=["knn", "tree", "forest"], random_state=0)
    >>> res.order
    ('forest', 'tree', 'knn')
    >>> float(res.prob_best[2].round(2)), float(res.expected_rank[2].round(2))
    (0.88, 1.13)
    """
    scores = np.asarray(scores, dtype=float)
    if scores.ndim != 2 or scores.shape[1] < 2 or scores.shape[0] < 1:
        raise ValueError(
            "`scores` must be 2-D with one row per data set and one column per model (at "
            f"least 2 models); got shape {scores.shape}."
        )
    if not np.all(np.isfinite(scores)):
        raise ValueError(
            f"`scores` contains {int((~np.isfinite(scores)).sum())} NaN or infinite value(s); "
            "rank the models on splits that all of them completed."
        )
    n_models = scores.shape[1]
    names = (
        tuple(f"model {k}" for k in range(n_models))
        if names is None
        else tuple(str(name) for name in names)
    )
    if len(names) != n_models or len(set(names)) != n_models:
        raise ValueError(
            f"`names` must hold {n_models} distinct names, one per column of `scores`; got "
            f"{names!r}."
        )
    result = ranking_posterior(
        scores,
        names=names,
        prior=float(prior),
        n_chains=n_chains,
        n_warmup=n_warmup,
        n_draws=n_draws,
        random_state=random_state,
    )
    warn_unconverged_ranking(result)
    return result


def ranking_posterior(scores, *, names, prior, n_chains, n_warmup, n_draws, random_state,
                      stop=None):  # fmt: skip
    """The body of :func:`plackett_luce_ranking` on checked arguments, without its
    convergence warning (:func:`warn_unconverged_ranking`): it may run in a thread
    beside other work, where a warning would not reach the caller.

    Returns
    -------
    PlackettLuceResult or None
        None when ``stop`` (a :class:`threading.Event`) was set before the draws ended.
    """
    n_models = scores.shape[1]
    rng = check_random_generator(random_state)
    orderings, n_tied = rankings_from_scores(scores, rng)
    draws = sample_plackett_luce(
        orderings,
        prior=prior,
        n_chains=n_chains,
        n_warmup=n_warmup,
        n_draws=n_draws,
        rng=rng,
        stop=stop,
    )
    if draws is None:
        return None
    ranks = expected_ranks(draws)
    arviz = array_stats()
    flat = draws.reshape(-1, n_models)
    top = np.bincount(np.argmax(flat, axis=1), minlength=n_models) / flat.shape[0]
    weights = {name: draws[..., k] for k, name in enumerate(names)}
    rhat, ess, _ = convergence_diagnostics(weights, tail=False)
    return PlackettLuceResult(
        names=names,
        prob_best=draws.mean(axis=(0, 1)),
        prob_best_interval=arviz.eti(draws, 0.95, axis=(0, 1)),
        expected_rank=ranks.mean(axis=(0, 1)),
        expected_rank_interval=arviz.eti(ranks, 0.95, axis=(0, 1)),
        prob_top=top,
        samples=FrozenMapping({"weights": draws, "expected_rank": ranks}),
        rhat=FrozenMapping(rhat),
        ess=FrozenMapping(ess),
        n_datasets=scores.shape[0],
        n_tied=n_tied,
        prior=prior,
        random_state=recorded_seed(random_state),
        n_first=np.bincount(orderings[:, 0], minlength=n_models),
    )


def warn_unconverged_ranking(result):
    """Warn when the chains of a Plackett-Luce ranking fall short of convergence."""
    warn_if_not_converged(
        [result],
        what="The Plackett-Luce ranking",
        advice=f"Increase {parameter('n_warmup')} and {parameter('n_draws')}.",
    )


@dataclass(frozen=True, repr=False, eq=False)
class PlackettLuceResult(TableMixin):
    """Posterior of the Plackett-Luce model of the models' rankings over data sets.

    Under the model, every model has a weight ``w_k`` (the weights sum to
    one): the probability that it ranks first on a new data set; model ``m``
    ranks above model ``k`` with probability ``w_m / (w_m + w_k)``.

    Attributes
    ----------
    names : tuple of str
        The models.
    prob_best : ndarray of shape (n_models,)
        Posterior mean of every model's weight: the probability that it ranks
        first on a new data set.
    prob_best_interval : ndarray of shape (n_models, 2)
        95% equal-tailed credible interval of every weight.
    expected_rank : ndarray of shape (n_models,)
        Posterior mean of every model's expected rank on a new data set (1
        is best).
    expected_rank_interval : ndarray of shape (n_models, 2)
        95% equal-tailed credible interval of every expected rank.
    prob_top : ndarray of shape (n_models,)
        Posterior probability that the model has the largest weight, i.e. is
        the most likely to rank first.
    samples : mapping of str to ndarray
        ``weights`` and ``expected_rank``, shaped ``(n_chains, n_draws,
        n_models)``.
    rhat, ess : mapping of str to float
        Rank-normalized split R-hat and bulk effective sample size of every
        model's weight.
    n_datasets : int
        Number of rankings (data sets).
    n_tied : int
        Data sets on which some models tied; their ties were broken at random.
    prior : float
        Concentration of the Dirichlet prior of the weights.
    random_state : int or None
        The seed, when an int or None was given.
    n_first : ndarray of int of shape (n_models,)
        On how many data sets each model ranked first (ties broken as for
        the fit): what :meth:`poor_fit` checks the fitted weights against.

    See Also
    --------
    sklearn_bayescmp.stats.plackett_luce_ranking : Returns this result.
    sklearn_bayescmp.plotting.RankingDisplay : Draws it.

    Examples
    --------
    >>> import numpy as np
    >>> from sklearn_bayescmp.stats import plackett_luce_ranking
    >>> scores = np.random.default_rng(0).normal([0.80, 0.82, 0.85], 0.02, size=(30, 3))
    >>> res = plackett_luce_ranking(scores, names=["knn", "tree", "forest"], random_state=0)
    >>> res.names, res.prob_best.round(2)
    (('knn', 'tree', 'forest'), array([0.02, 0.1 , 0.88]))
    """

    names: tuple
    prob_best: np.ndarray
    prob_best_interval: np.ndarray
    expected_rank: np.ndarray
    expected_rank_interval: np.ndarray
    prob_top: np.ndarray
    samples: Mapping
    rhat: Mapping
    ess: Mapping
    n_datasets: int
    n_tied: int
    prior: float = 1.0
    random_state: int | None = None
    n_first: np.ndarray | None = None

    @property
    def order(self):
        """tuple of str: The models from best to worst expected rank."""
        return tuple(self.names[k] for k in np.argsort(self.expected_rank, kind="stable"))

    def __repr__(self):
        best = self.order[0]
        k = self.names.index(best)
        return (
            f"PlackettLuceResult(order={self.order!r}, best={best!r}, "
            f"prob_best={self.prob_best[k]:.4g}, n_datasets={self.n_datasets})"
        )

    def poor_fit(self, *, level=0.05):
        """The models whose number of first places the fitted model makes implausible.

        A posterior predictive check: under the fitted weights, the number of
        data sets (of ``n_datasets``) on which model ``k`` ranks first is
        binomial with probability ``w_k``. A model first far more (or less)
        often than its weight allows has ranks less consistent than the
        Plackett-Luce model assumes (first on most data sets, last on a few):
        its weight, and so its ``prob_best`` and ``expected_rank``, describe
        it poorly; read its average rank too.

        Parameters
        ----------
        level : float, default=0.05
            A model is flagged when the posterior predictive probability of a
            count at least as extreme as its own (either tail) is below it.

        Returns
        -------
        list of str
            The models flagged, best expected rank first.
        """
        if self.n_first is None:
            return []
        flat = self.samples["weights"].reshape(-1, len(self.names))
        flat = flat[:: max(1, flat.shape[0] // 2000)]  # 2,000 draws say it
        n = self.n_datasets
        flagged = []
        for k in np.argsort(self.expected_rank, kind="stable"):
            count = int(self.n_first[k])
            above = float(np.mean(stats.binom.sf(count - 1, n, flat[:, k])))
            below = float(np.mean(stats.binom.cdf(count, n, flat[:, k])))
            if min(above, below) < level / 2:
                flagged.append(self.names[k])
        return flagged

    def _fit_notes(self):
        """What to say of the models the fit describes poorly (see :meth:`poor_fit`).

        Returns
        -------
        list of str
            One sentence per model flagged.
        """
        notes = []
        for name in self.poor_fit():
            k = self.names.index(name)
            notes.append(
                f"Poor fit for {name}: first on {int(self.n_first[k])} of {self.n_datasets} "
                f"data sets, but P(first) = {self.prob_best[k]:.3f}; its ranks are less "
                "consistent than the Plackett-Luce model assumes: read its average rank too."
            )
        return notes

    def prob_above(self, model, other):
        """Posterior mean probability that ``model`` ranks above ``other`` on a new data set.

        Parameters
        ----------
        model, other : str
            Two of the ranked models.

        Returns
        -------
        float
            The mean over draws of ``w_model / (w_model + w_other)``.
        """
        for name in (model, other):
            if name not in self.names:
                raise ValueError(f"Unknown model {name!r}; the models are {list(self.names)}.")
        weights = self.samples["weights"]
        w_m = weights[..., self.names.index(model)]
        w_o = weights[..., self.names.index(other)]
        return float(np.mean(w_m / (w_m + w_o)))

    def to_columns(self):
        """One row per model, best expected rank first.

        Returns
        -------
        dict of str to list
            ``model``, ``expected_rank``, ``expected_rank_low``,
            ``expected_rank_high``, ``prob_best``, ``prob_best_low``,
            ``prob_best_high``, ``prob_top``.
        """
        order = np.argsort(self.expected_rank, kind="stable")
        return {
            "model": [self.names[k] for k in order],
            "expected_rank": self.expected_rank[order].tolist(),
            "expected_rank_low": self.expected_rank_interval[order, 0].tolist(),
            "expected_rank_high": self.expected_rank_interval[order, 1].tolist(),
            "prob_best": self.prob_best[order].tolist(),
            "prob_best_low": self.prob_best_interval[order, 0].tolist(),
            "prob_best_high": self.prob_best_interval[order, 1].tolist(),
            "prob_top": self.prob_top[order].tolist(),
        }

    def _html_columns(self):
        columns = self.to_columns()
        return {
            "model": columns["model"],
            "expected rank": columns["expected_rank"],
            "95% interval": [
                f"[{low:.2f}, {high:.2f}]"
                for low, high in zip(
                    columns["expected_rank_low"], columns["expected_rank_high"], strict=True
                )
            ],
            "P(ranks first)": columns["prob_best"],
            "P(most likely first)": columns["prob_top"],
        }

    def _caption(self):
        return f"Plackett-Luce ranking over {self.n_datasets} data sets"

    @terminal_text
    def summary(self):
        """Readable table of the ranking.

        Returns
        -------
        str
        """
        columns = self.to_columns()
        width = max(5, *(len(name) for name in self.names))
        lines = [
            f"Plackett-Luce ranking over {self.n_datasets} data sets"
            + (f" ({self.n_tied} with ties, broken at random)" if self.n_tied else ""),
            f"  {'model':<{width}}  {'E[rank]':>7}  {'95% interval':>15}  {'P(first)':>8}  "
            f"{'P(top)':>6}",
        ]
        for k, name in enumerate(columns["model"]):
            interval = (
                f"[{columns['expected_rank_low'][k]:.2f}, {columns['expected_rank_high'][k]:.2f}]"
            )
            lines.append(
                f"  {name:<{width}}  {columns['expected_rank'][k]:>7.2f}  {interval:>15}  "
                f"{columns['prob_best'][k]:>8.3f}  {columns['prob_top'][k]:>6.3f}"
            )
        lines += [
            "  E[rank]: expected rank on a new data set; P(first): probability of ranking first",
            "  there; P(top): posterior probability of being the model most likely first.",
            *(f"  {note}" for note in self._fit_notes()),
        ]
        return "\n".join(lines)
