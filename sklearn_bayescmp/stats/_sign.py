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
decided up to rounding (:mod:`._ties`).

The signed-rank sums are computed in O(q) per draw: once the ``z`` are
sorted, the partners ``j`` whose Walsh average with ``z_i`` exceeds ``high``
form a suffix of the sorted array, found once by binary search; per draw only
prefix sums of the weights are needed. Draws are processed in blocks of
bounded memory.
"""

from collections.abc import Mapping
from dataclasses import dataclass
from numbers import Integral, Real
from typing import ClassVar

import numpy as np
from sklearn.utils.parallel import Parallel, delayed

from ..utils._docstrings import fill_doc
from ..utils._random import check_random_generator, recorded_seed
from ..utils._sklearn import Interval, StrOptions, validate_params
from ..utils._validation import ROPE_CONSTRAINT, check_rope
from ._backend import Backend
from ._collection import dataset_means
from ._results import (
    PROBABILITIES,
    BayesianTableMixin,
    check_interval_options,
    interval_of_draws,
    predictive_lines,
)
from ._rope import RopeOutcomesMixin
from ._ties import TIE_TOLERANCE, edge_tolerance

#: Position of the pseudo-observation for each ``prior_place``: at infinity,
#: every Walsh average it takes part in lies in that region too.
_PSEUDO_OBSERVATION = {"a": np.inf, "rope": 0.0, "b": -np.inf}
#: Elements of float64 per block of draws (2 MiB). The block buffers are
#: allocated once and reused: fresh large temporaries cost more in page faults
#: than the arithmetic itself.
_BLOCK_ELEMENTS = 1 << 18
#: Draws per independently seeded chunk (fixed: results must not depend on threads).
_DRAWS_PER_CHUNK = 4096

_PARAMETERS = {
    "differences": ["array-like", Mapping],
    "rope": ROPE_CONSTRAINT,
    "prior_strength": [Interval(Real, 0, None, closed="left")],
    "prior_place": [StrOptions({"a", "rope", "b"})],
    "n_draws": [Interval(Integral, 1, None, closed="left")],
    "random_state": ["random_state", np.random.Generator],
    "n_jobs": [Integral, None],
}


def dirichlet_weight_blocks(rng, n_draws, n_observations, prior_strength, block_elements):
    """Yield unnormalised Dirichlet weights, a block of draws at a time.

    Column 0 is the pseudo-observation, ``Gamma(prior_strength)``; the other
    ``n_observations`` columns are ``Exp(1) = Gamma(1)``. Normalising a row
    gives ``Dirichlet(prior_strength, 1, ..., 1)``. The prior column is drawn
    first for all draws; then each block is filled with exponentials in
    row-major order (column 0's exponential is drawn and overwritten, which
    keeps the fill contiguous), so the numbers do not depend on
    ``block_elements``. Each block is a view of one reused buffer: use it
    before asking for the next.
    """
    if prior_strength > 0:
        prior = rng.standard_gamma(prior_strength, size=n_draws)
    else:
        prior = np.zeros(n_draws)
    rows = min(n_draws, max(1, block_elements // (n_observations + 1)))
    buffer = np.empty((rows, n_observations + 1))
    for start in range(0, n_draws, rows):
        weights = buffer[: min(rows, n_draws - start)]
        rng.standard_exponential(out=weights)
        weights[:, 0] = prior[start : start + weights.shape[0]]
        yield weights


def _first_index_where(z_sorted, predicate):
    """For each i, the first j with ``predicate(z_sorted[i], z_sorted[j])``.

    ``predicate`` must be monotone (False then True) in ``j``. A binary search
    on the algebraically equivalent threshold gives a start, corrected with
    the predicate itself so that rounding never makes it disagree with a
    direct evaluation.
    """
    n = z_sorted.size
    index = np.searchsorted(z_sorted, predicate.threshold(z_sorted), side=predicate.side)
    while True:  # step back while the previous position already qualifies
        back = index > 0
        back[back] = predicate(z_sorted[back], z_sorted[index[back] - 1])
        if not back.any():
            break
        index[back] -= 1
    while True:  # step forward while the current position does not qualify
        ahead = index < n
        ahead[ahead] = ~predicate(z_sorted[ahead], z_sorted[index[ahead]])
        if not ahead.any():
            break
        index[ahead] += 1
    return index


class _WalshExceeds:
    """``(z_i + z_j) / 2 > bound`` (``strict``) or ``>= bound``; monotone in ``z_j``."""

    def __init__(self, bound, *, strict):
        self.bound, self.strict = bound, strict
        self.side = "right" if strict else "left"  # for the searchsorted start

    def threshold(self, z):
        return 2 * self.bound - z

    def __call__(self, z_i, z_j):
        walsh = (z_i + z_j) / 2
        return walsh > self.bound if self.strict else walsh >= self.bound


class _Workspace:
    """Scratch arrays of one thread, sized by the first (largest) block and then reused.

    Fresh large temporaries cost more in page faults than the arithmetic. The
    kernels run one after the other on a block, so one workspace serves all
    of them: memory does not grow with the number of pairs.
    """

    def __init__(self):
        self.buffers = None

    def arrays(self, n, size):
        if self.buffers is None or self.buffers[0].shape[0] != n:
            self.buffers = np.empty((n, size)), np.zeros((n + 1, size)), np.empty((n, size))
        return tuple(buffer[:, :size] for buffer in self.buffers)


class _SignKernel:
    """``theta`` of the sign test for a block of weights (one row per ``z``, a column per draw).

    A ``z`` on the rope's edge (within ``tolerance``) is inside the rope, as
    in baycomp's sign test.
    """

    def __init__(self, z, rope, *, tolerance):
        low, high = rope[0] - tolerance, rope[1] + tolerance
        self.regions = [np.flatnonzero(z > high), np.flatnonzero((low <= z) & (z <= high))]
        self.regions.append(np.flatnonzero(z < low))

    def theta(self, weights, total, workspace):
        # Row sums in a fixed order (not a matrix product, whose order the
        # BLAS may choose): the draws do not depend on how they are blocked.
        return np.column_stack([weights[rows].sum(axis=0) / total for rows in self.regions])


class _SignedRankKernel:
    """``theta`` of the signed-rank test for a block of weights, O(q) per draw.

    The weights come one row per ``z`` and one column per draw: the prefix
    sums over the sorted ``z`` are then a loop of whole-row additions, which
    vectorise over the draws (``cumsum`` along a short last axis does not).

    A Walsh average on the rope's edge (within ``tolerance``) counts one half
    for the rope and one half for the side beyond, as in baycomp.
    """

    def __init__(self, z, rope, *, tolerance):
        low, high = rope
        self.order = np.argsort(z, kind="stable")
        z_sorted = z[self.order]
        # For each i, where the partners j start whose Walsh average lies
        # beyond the edge, and where those on the edge or beyond start.
        self.above = [
            _first_index_where(z_sorted, _WalshExceeds(high + tolerance, strict=True)),
            _first_index_where(z_sorted, _WalshExceeds(high - tolerance, strict=False)),
        ]
        self.not_below = [
            _first_index_where(z_sorted, _WalshExceeds(low - tolerance, strict=False)),
            _first_index_where(z_sorted, _WalshExceeds(low + tolerance, strict=True)),
        ]

    def theta(self, weights, total, workspace):
        n, size = weights.shape
        sorted_weights, prefix, gathered = workspace.arrays(n, size)
        np.take(weights, self.order, axis=0, out=sorted_weights, mode="clip")
        for m in range(n):  # prefix[m] = sum_{j<m} w_j, a row of draws at a time
            np.add(prefix[m], sorted_weights[m], out=prefix[m + 1])
        squared = prefix[n] * prefix[n]
        # theta_a = sum_i w_i sum_{j >= above[i]} w_j / total**2, and
        # theta_b = sum_i w_i sum_{j < not_below[i]} w_j / total**2, each
        # the mean over the two boundaries of the edge (half weight on it).
        arrays = sorted_weights, prefix, gathered
        theta_a = 1.0 - self._weighted_prefix(self.above, *arrays) / squared
        theta_b = self._weighted_prefix(self.not_below, *arrays) / squared
        # Complements are probabilities up to rounding (-1e-17): clipped where computed.
        theta = np.column_stack([theta_a, 1.0 - theta_a - theta_b, theta_b])
        return np.clip(theta, 0.0, 1.0, out=theta)

    @staticmethod
    def _weighted_prefix(boundaries, sorted_weights, prefix, gathered):
        """``sum_i w_i (prefix[b_i] + prefix[b'_i]) / 2`` over an edge's two boundaries."""
        outer, inner = boundaries
        np.take(prefix, outer, axis=0, out=gathered, mode="clip")
        value = np.einsum("ji,ji->i", sorted_weights, gathered)
        if np.array_equal(outer, inner):  # nothing on the edge: the usual case
            return value
        np.take(prefix, inner, axis=0, out=gathered, mode="clip")
        return (value + np.einsum("ji,ji->i", sorted_weights, gathered)) / 2


class _WithoutEquivalence:
    """A kernel for a rope of zero width, where there is no equivalence.

    Each draw's ``theta`` is renormalised over "a" and "b": the weight at
    zero, the prior's pseudo-observation included, counts for neither side in
    the sign test and one half for each in the signed-rank test (baycomp's
    rule; either way no draw changes winner). A draw with all its weight at
    zero is a tie, half for each.
    """

    def __init__(self, kernel):
        self.kernel = kernel

    def theta(self, weights, total, workspace):
        theta = self.kernel.theta(weights, total, workspace)
        sides = theta[:, 0] + theta[:, 2]
        share_a = np.divide(theta[:, 0], sides, out=np.full(sides.shape, 0.5), where=sides > 1e-12)
        return np.column_stack([share_a, np.zeros_like(share_a), 1.0 - share_a])


def chunk_generators(random_state, n_draws):
    """One child generator per fixed-size chunk of draws.

    The chunking is fixed (:data:`_DRAWS_PER_CHUNK`), so the draws depend only
    on ``random_state``, not on how many threads process the chunks.

    Returns
    -------
    list of (numpy.random.Generator, int)
        Each chunk's generator and number of draws.
    """
    n_chunks = -(-n_draws // _DRAWS_PER_CHUNK)
    children = check_random_generator(random_state).spawn(n_chunks)
    sizes = [min(_DRAWS_PER_CHUNK, n_draws - i * _DRAWS_PER_CHUNK) for i in range(n_chunks)]
    return list(zip(children, sizes, strict=True))


class _Summary:
    """What one test keeps of its draws: the winners' counts, the sum of theta, a few draws."""

    def __init__(self, keep):
        self.wins = np.zeros(3)
        self.total = np.zeros(3)
        self.keep = keep
        self.kept = []

    def add(self, theta):
        # A draw whose largest theta is shared (a tie, up to rounding: theta_a
        # is computed as a complement) is a win for each, in equal parts.
        best = theta >= theta.max(axis=1, keepdims=True) - TIE_TOLERANCE
        self.wins += (best / best.sum(axis=1, keepdims=True)).sum(axis=0)
        # Summed draw after draw, onto the running total: the same sum however
        # the draws are blocked.
        self.total = np.add.reduce(np.concatenate([self.total[None], theta]), axis=0)
        room = self.keep - sum(len(part) for part in self.kept)
        if room > 0:
            self.kept.append(theta[:room].copy())

    def merge(self, other):
        self.wins += other.wins
        self.total += other.total
        room = self.keep - sum(len(part) for part in self.kept)
        for part in other.kept:
            if room <= 0:
                break
            self.kept.append(part[:room])
            room -= len(part[:room])


def _summarise_draws(kernels, n_observations, prior_strength, n_draws, random_state, keep, n_jobs):
    """Every kernel's summary of ``n_draws`` draws of ``(theta_a, theta_eq, theta_b)``.

    All kernels see the same Dirichlet weights: a kernel's draws are those it
    would get alone with the same ``random_state`` (many pairs of models cost
    one set of weights). Draws are summarised as they are made (winners'
    counts, the sum of theta, the first ``keep`` draws), block by block, so
    memory is bounded by one block per thread, whatever the number of draws
    and of kernels. Chunks of draws are spread over ``n_jobs`` threads: the
    random fills and the NumPy kernels release the GIL.

    Returns
    -------
    list of _Summary
        One per kernel.
    """

    def run(chunk):
        rng, size = chunk
        workspace = _Workspace()
        summaries = [_Summary(keep) for _ in kernels]
        blocks = dirichlet_weight_blocks(rng, size, n_observations, prior_strength, _BLOCK_ELEMENTS)
        for weights in blocks:
            # One row per observation, one column per draw: what the kernels
            # read, transposed once for all of them.
            columns = np.ascontiguousarray(weights.T)
            total = columns.sum(axis=0)
            for kernel, summary in zip(kernels, summaries, strict=True):
                summary.add(kernel.theta(columns, total, workspace))
        return summaries

    chunks = chunk_generators(random_state, n_draws)
    # Threads share the kernels and the summaries: never processes, whatever the
    # joblib backend in effect.
    per_chunk = Parallel(n_jobs=n_jobs, require="sharedmem")(delayed(run)(c) for c in chunks)
    totals = per_chunk[0]
    for summaries in per_chunk[1:]:
        for total, summary in zip(totals, summaries, strict=True):
            total.merge(summary)
    return totals


_KERNELS = {"sign": _SignKernel, "signed_rank": _SignedRankKernel}


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
):
    """The sign or signed-rank test of many collections, sharing their Dirichlet weights.

    Collections with the same number of data sets share every weight draw,
    so with an int ``random_state`` each result equals the test of that
    collection alone with the same ``random_state``, bit for bit.

    Parameters
    ----------
    test : {"sign", "signed_rank"}
    collections : list
        Each an argument ``x`` of :func:`sign_test`.
    rope, prior_strength, prior_place, n_draws, random_state, n_jobs
        As for :func:`sign_test`.
    keep_draws : int, default=None
        Draws each result keeps (the first ones); None keeps them all. The
        probabilities and posterior means always use every draw.

    Returns
    -------
    list of DirichletProcessTestResult
    """
    rope = check_rope(rope)
    keep = n_draws if keep_draws is None else min(int(keep_draws), n_draws)
    prepared = [dataset_means(x) for x in collections]
    results = [None] * len(prepared)
    batches = {}
    for index, prepared_means in enumerate(prepared):
        batches.setdefault(prepared_means.means.size, []).append(index)
    for q, indices in batches.items():
        kernels = [
            _KERNELS[test](
                np.concatenate([[_PSEUDO_OBSERVATION[prior_place]], prepared[i].means]),
                rope,
                tolerance=edge_tolerance(prepared[i].scale, rope),
            )
            for i in indices
        ]
        if rope[0] == rope[1]:
            kernels = [_WithoutEquivalence(kernel) for kernel in kernels]
        summaries = _summarise_draws(
            kernels, q, prior_strength, n_draws, random_state, keep, n_jobs
        )
        for i, summary in zip(indices, summaries, strict=True):
            names, means, (model_a, model_b), _ = prepared[i]
            kept = np.concatenate(summary.kept) if summary.kept else np.empty((0, 3))
            results[i] = DirichletProcessTestResult(
                *(float(p) for p in summary.wins / n_draws),
                *(float(p) for p in summary.total / n_draws),
                samples=kept,
                n_draws=n_draws,
                test=test,
                means=means,
                names=None if names is None else tuple(names),
                rope=rope,
                prior_strength=float(prior_strength),
                prior_place=prior_place,
                random_state=recorded_seed(random_state),
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
    n_draws : int, default=50_000
        Number of Monte Carlo draws.%%(random_state)s
    n_jobs : int, default=None
        Threads drawing the Monte Carlo samples, in chunks of fixed size
        (``None`` means 1 unless in a :func:`joblib.parallel_config` context;
        ``-1`` means all processors).

    Returns
    -------
    DirichletProcessTestResult
        With ``prob_a_better``, ``prob_equivalent``, ``prob_b_better`` (the
        share of draws in which each outcome is the most probable),
        ``predictive_prob_a_better``, ``predictive_prob_equivalent``,
        ``predictive_prob_b_better`` (the posterior means of theta), the draws
        ``samples`` of shape (n_draws, 3) and ``decision(threshold)``.

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
    n_draws=50_000,
    random_state=None,
    n_jobs=None,
):
    """Bayesian sign test of two models over many data sets.

    Each draw of the Dirichlet weights gives the posterior probabilities that
    a data set's mean difference lies above the rope (A better), inside it, or
    below it (B better): ``theta_a = sum_i w_i [z_i > high]`` and so on.
    %(shared)s
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
    )
    return result


@validate_params(_PARAMETERS, prefer_skip_nested_validation=True)
def signed_rank_test(
    differences,
    *,
    rope=0.01,
    prior_strength=0.5,
    prior_place="rope",
    n_draws=50_000,
    random_state=None,
    n_jobs=None,
):
    """Bayesian signed-rank test of two models over many data sets.

    Like the sign test, but on the Walsh averages ``(z_i + z_j) / 2`` of all
    pairs of data sets (``i = j`` included) weighted by ``w_i w_j``, which
    makes it the Bayesian counterpart of the Wilcoxon signed-rank test. Cost:
    O(q log q) once plus O(q) per draw.
    %(shared)s
    Examples
    --------
    >>> from sklearn_bayescmp.stats import signed_rank_test
    >>> res = signed_rank_test([0.031, 0.023, 0.047, -0.004, 0.041, 0.018, 0.026], random_state=0)
    >>> round(res.prob_a_better, 2), round(res.prob_equivalent, 2), round(res.prob_b_better, 2)
    (0.98, 0.02, 0.0)
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
    )
    return result


for _function, _strength in ((sign_test, "1.0"), (signed_rank_test, "0.5")):
    _function.__doc__ = _function.__doc__.replace(
        "%(shared)s", _SHARED_DOC % {"strength": _strength}
    )
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
        Share of draws in which ``theta_a`` is the largest.
    prob_equivalent : float
        Share of draws in which ``theta_equivalent`` is the largest.
    prob_b_better : float
        Share of draws in which ``theta_b`` is the largest.
    predictive_prob_a_better, predictive_prob_equivalent, predictive_prob_b_better : float
        Posterior means of ``theta_a``, ``theta_equivalent`` and ``theta_b``
        (over every draw).
    samples : ndarray of shape (n_kept, 3)
        Draws of ``(theta_a, theta_equivalent, theta_b)``; each row sums to
        one (the points of the simplex plot). All ``n_draws`` of them from
        :func:`~sklearn_bayescmp.stats.sign_test` and
        :func:`~sklearn_bayescmp.stats.signed_rank_test`; the first
        ``keep_draws`` from :func:`~sklearn_bayescmp.compare_models`.
    n_draws : int
        Number of Monte Carlo draws the probabilities are computed from.
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
    """

    prob_a_better: float
    prob_equivalent: float
    prob_b_better: float
    predictive_prob_a_better: float
    predictive_prob_equivalent: float
    predictive_prob_b_better: float
    samples: np.ndarray
    n_draws: int
    sign_based: ClassVar[bool] = True
    _negated: ClassVar[tuple] = ("means",)
    _reversed: ClassVar[tuple] = ("samples",)
    _shown: ClassVar[tuple] = (*PROBABILITIES, "test", "rope")
    predictive: ClassVar[bool] = True
    test: str
    means: np.ndarray
    names: tuple | None
    rope: tuple
    prior_strength: float
    prior_place: str
    random_state: int | None = None
    model_a: str = "A"
    model_b: str = "B"

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

    def _summary_lines(self, threshold):
        return [
            f"{self.title} over {self.n_datasets} data sets "
            f"(rope = [{self.rope[0]:.4g}, {self.rope[1]:.4g}], prior {self.prior_strength:g} "
            f"on {self.prior_place!r}, {self.n_draws} draws)",
            *predictive_lines(self, threshold),
        ]

    def _row(self, threshold=0.95):
        return {
            "test": self.test,
            **self._probability_row(threshold),
            "n_datasets": self.n_datasets,
            "n_draws": self.n_draws,
        }

    def _caption_name(self):
        return self.title  # the sign and the signed-rank tests share the class

    def prior_description(self):
        place = "rope" if self.prior_place == "rope" else "side of model " + self.prior_place
        return (
            f"a Dirichlet process prior of strength {self.prior_strength:g} placed on the "
            f"{place}, {self.n_draws} posterior draws"
        )

    def outcome_draws(self):
        return self.samples


def _many(test):
    """The test of many collections at once, sharing the Dirichlet draws."""

    def many(collections, **arguments):
        return dirichlet_process_tests(test, collections, **arguments)

    return many


#: The works the slice's tests cite.
REFERENCES = {
    "Benavoli et al. 2014": (
        "A. Benavoli, G. Corani, F. Mangili, M. Zaffalon, F. Ruggeri. A Bayesian "
        "Wilcoxon signed-rank test based on the Dirichlet process. ICML 2014."
    ),
    "Benavoli et al. 2017": (
        "A. Benavoli, G. Corani, J. Demšar, M. Zaffalon. Time for a change: a tutorial "
        "for comparing multiple classifiers through Bayesian analysis. Journal of "
        "Machine Learning Research 18(77), 2017."
    ),
}


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
        references=REFERENCES,
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
        references=REFERENCES,
    ),
)
