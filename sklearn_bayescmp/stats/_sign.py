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

import math
from collections.abc import Mapping
from dataclasses import dataclass
from numbers import Integral, Real
from typing import ClassVar

import numpy as np
from joblib import effective_n_jobs
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
#: Elements of float64 of the weights of the chunks read together (8 MiB).
_GROUP_ELEMENTS = 1 << 20
#: Tests whose sums of theta are made in one pass (:func:`_add_sums`).
_KERNELS_PER_SUM = 16
#: The Monte Carlo standard error that draws in rounds (``n_draws=None``) reach for every
#: probability: that of 50,000 draws at p = 0.5, the fixed number of earlier releases.
TARGET_MCSE = 0.5 / math.sqrt(50_000)

_PARAMETERS = {
    "differences": ["array-like", Mapping],
    "rope": ROPE_CONSTRAINT,
    "prior_strength": [Interval(Real, 0, None, closed="left")],
    "prior_place": [StrOptions({"a", "rope", "b"})],
    "n_draws": [Interval(Integral, 1, None, closed="left"), None],
    "target_mcse": [Interval(Real, 0, 0.5, closed="neither")],
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


def _walsh_boundaries(z_sorted, bounds, strict):
    """For each bound and each i, the first j whose Walsh average with ``z_sorted[i]``
    exceeds the bound: ``(z_i + z_j) / 2 > bound`` (``strict``) or ``>= bound``.

    The averages grow with ``j`` (``z`` is sorted). A binary search on the
    algebraically equivalent threshold ``2 bound - z_i`` gives a start,
    corrected with the comparison itself so that rounding never makes it
    disagree with a direct evaluation. Every bound is searched at once.

    Returns
    -------
    ndarray of int of shape (len(bounds), z_sorted.size)
    """
    n = z_sorted.size
    bound = np.repeat(np.asarray(bounds, dtype=float), n)
    strictly = np.repeat(np.asarray(strict, dtype=bool), n)
    z_i = np.tile(z_sorted, len(bounds))

    def exceeds(rows, z_j):
        walsh = (z_i[rows] + z_j) / 2
        return np.where(strictly[rows], walsh > bound[rows], walsh >= bound[rows])

    threshold = 2 * bound - z_i
    index = np.where(
        strictly,
        np.searchsorted(z_sorted, threshold, side="right"),
        np.searchsorted(z_sorted, threshold, side="left"),
    )
    while True:  # step back while the previous position already qualifies
        back = index > 0
        back[back] = exceeds(back, z_sorted[index[back] - 1])
        if not back.any():
            break
        index[back] -= 1
    while True:  # step forward while the current position does not qualify
        ahead = index < n
        ahead[ahead] = ~exceeds(ahead, z_sorted[index[ahead]])
        if not ahead.any():
            break
        index[ahead] += 1
    return index.reshape(len(bounds), n)


class _Workspace:
    """Scratch arrays of one thread, sized by the first (largest) block and then reused.

    Fresh large temporaries cost more in page faults than the arithmetic. The
    kernels run one after the other on a block, so one workspace serves all
    of them: memory does not grow with the number of pairs.
    """

    def __init__(self):
        self.buffers = None
        self.views = {}

    def arrays(self, n, size):
        """The three arrays of a block of ``size`` draws, and the rows of the first two
        (views made once: a loop over rows would otherwise make three a step)."""
        if self.buffers is None or self.buffers[0].shape[0] != n:
            self.buffers = np.empty((n, size)), np.zeros((n + 1, size)), np.empty((n, size))
            self.views = {}
        if size not in self.views:
            arrays = tuple(buffer[:, :size] for buffer in self.buffers)
            self.views[size] = (*arrays, list(arrays[0]), list(arrays[1]))
        return self.views[size]


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
        return np.stack([weights[rows].sum(axis=0) / total for rows in self.regions])


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
        # For each i, where the partners j start whose Walsh average lies
        # beyond the edge, and where those on the edge or beyond start.
        above_outer, above_inner, below_outer, below_inner = _walsh_boundaries(
            z[self.order],
            [high + tolerance, high - tolerance, low - tolerance, low + tolerance],
            [True, False, False, True],
        )
        self.above = [above_outer, above_inner]
        self.not_below = [below_outer, below_inner]
        # Whether a Walsh average lies on an edge (rarely): then the two boundaries differ.
        self.on_edge = {
            "above": not np.array_equal(above_outer, above_inner),
            "not_below": not np.array_equal(below_outer, below_inner),
        }

    def theta(self, weights, total, workspace):
        n, size = weights.shape
        sorted_weights, prefix, gathered, weight_rows, prefix_rows = workspace.arrays(n, size)
        np.take(weights, self.order, axis=0, out=sorted_weights, mode="clip")
        add = np.add
        for m in range(n):  # prefix[m] = sum_{j<m} w_j, a row of draws at a time
            add(prefix_rows[m], weight_rows[m], out=prefix_rows[m + 1])
        squared = prefix[n] * prefix[n]
        # theta_a = sum_i w_i sum_{j >= above[i]} w_j / total**2, and
        # theta_b = sum_i w_i sum_{j < not_below[i]} w_j / total**2, each
        # the mean over the two boundaries of the edge (half weight on it).
        arrays = sorted_weights, prefix, gathered
        theta = np.empty((3, size))
        above = self._weighted_prefix(self.above, self.on_edge["above"], *arrays)
        theta[0] = 1.0 - above / squared
        below = self._weighted_prefix(self.not_below, self.on_edge["not_below"], *arrays)
        theta[2] = below / squared
        theta[1] = 1.0 - theta[0] - theta[2]
        # Complements are probabilities up to rounding (-1e-17): clipped where computed.
        return np.clip(theta, 0.0, 1.0, out=theta)

    @staticmethod
    def _weighted_prefix(boundaries, on_edge, sorted_weights, prefix, gathered):
        """``sum_i w_i (prefix[b_i] + prefix[b'_i]) / 2`` over an edge's two boundaries."""
        outer, inner = boundaries
        np.take(prefix, outer, axis=0, out=gathered, mode="clip")
        value = np.einsum("ji,ji->i", sorted_weights, gathered)
        if not on_edge:  # nothing on the edge: the usual case
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
        sides = theta[0] + theta[2]
        share_a = np.divide(theta[0], sides, out=np.full(sides.shape, 0.5), where=sides > 1e-12)
        return np.stack([share_a, np.zeros_like(share_a), 1.0 - share_a])


def chunk_rounds(n_draws, target_mcse):
    """The draws of each chunk, by round: the chunks whose draws are made before the
    probabilities' Monte Carlo errors are looked at again.

    ``n_draws`` given: one round of every chunk. None: a round per chunk, up to the
    draws a probability of 0.5 needs to reach ``target_mcse`` (53,248 draws, 13
    chunks, at the default target), so that no test draws a chunk more than it
    needs. The chunks are the same whatever the rounds, so that a test stopped
    after ``c`` chunks gives what ``n_draws = c * 4096`` gives.

    Returns
    -------
    list of list of int
    """
    if n_draws is not None:
        n_chunks = -(-n_draws // _DRAWS_PER_CHUNK)
        return [[min(_DRAWS_PER_CHUNK, n_draws - i * _DRAWS_PER_CHUNK) for i in range(n_chunks)]]
    most = -(-math.ceil((0.5 / target_mcse) ** 2) // _DRAWS_PER_CHUNK)
    return [[_DRAWS_PER_CHUNK]] * most


class _Summary:
    """What one test keeps of its draws: the winners' counts, the sums of theta and of its
    squares, the number of draws, a few draws.

    Draws come as ``theta`` of shape (3, n): one row per outcome, so that every
    step is an operation on whole rows (a reduction along a short axis of three
    is many times slower).
    """

    def __init__(self, keep):
        self.wins = np.zeros(3)
        self.total = np.zeros(3)
        self.squares = np.zeros(3)
        self.n_draws = 0
        self.keep = keep
        self.kept = []

    def add(self, theta, *, summed=False):
        """Add draws ``theta`` of shape (3, n); ``summed``: their sums are added apart
        (:func:`_add_sums`, for many summaries at once)."""
        # A draw whose largest theta is shared (a tie, up to rounding: theta_a
        # is computed as a complement) is a win for each, in equal parts.
        top = np.maximum(np.maximum(theta[0], theta[1]), theta[2])
        top -= TIE_TOLERANCE
        best = theta >= top
        if np.count_nonzero(best) == theta.shape[1]:  # one winner a draw: no tie, as usual
            self.wins += np.count_nonzero(best, axis=1)
        else:
            self.wins += (best / best.sum(axis=0)).sum(axis=1)
        if not summed:
            # Summed draw after draw, onto the running total: the same sum however
            # the draws are blocked (a cumulative sum adds in order; a sum may not).
            running = np.concatenate([self.total[:, None], theta], axis=1)
            self.total = np.cumsum(running, axis=1)[:, -1]
        self.squares += np.einsum("ij,ij->i", theta, theta)
        self.n_draws += theta.shape[1]
        room = self.keep - sum(len(part) for part in self.kept)
        if room > 0:
            self.kept.append(theta[:, :room].T.copy())

    def merge(self, other):
        self.wins += other.wins
        self.total += other.total
        self.squares += other.squares
        self.n_draws += other.n_draws
        room = self.keep - sum(len(part) for part in self.kept)
        for part in other.kept:
            if room <= 0:
                break
            self.kept.append(part[:room])
            room -= len(part[:room])

    def mcse(self):
        """The largest Monte Carlo standard error of the six probabilities.

        A share of winning draws ``p`` has the binomial error ``sqrt(p (1 - p) / n)``
        (with ``p`` half a draw away from 0 and 1, so that an outcome never or
        always drawn is not taken as exact); a posterior mean of theta has
        ``sd(theta) / sqrt(n)``.
        """
        n = self.n_draws
        largest = 0.0
        for wins, total, squares in zip(
            self.wins.tolist(), self.total.tolist(), self.squares.tolist(), strict=True
        ):  # three outcomes: plain floats cost less than arrays here
            share = (wins + 0.5) / (n + 1)
            mean = total / n
            variance = max(squares / n - mean * mean, 0.0)
            largest = max(largest, share * (1 - share) / n, variance / n)
        return math.sqrt(largest)


def _summarise_draws(
    kernels, n_observations, prior_strength, n_draws, random_state, keep, n_jobs, target_mcse
):
    """Every kernel's summary of its draws of ``(theta_a, theta_eq, theta_b)``.

    All kernels see the same Dirichlet weights: a kernel's draws are those it
    would get alone with the same ``random_state`` (many pairs of models cost
    one set of weights). ``n_draws`` None draws a chunk at a time
    (:func:`chunk_rounds`) and stops each kernel once its largest Monte Carlo
    error (:meth:`_Summary.mcse`) is at most ``target_mcse``; the others go on
    with the next chunk, so that each kernel's result is the one it would get
    alone. Draws are summarised as they are made (winners' counts, the sums of
    theta, the first ``keep`` draws), so memory is bounded by a few blocks per
    thread, whatever the number of draws and of kernels.

    With ``n_jobs`` threads (the random fills and the NumPy kernels release
    the GIL), a round of several chunks is shared out by chunks, a round of one
    chunk by kernels (each thread draws the chunk's weights from its own copy
    of the chunk's generator). Every kernel sees the same draws and sums them
    in the same order either way: the numbers do not depend on ``n_jobs``.

    Returns
    -------
    list of _Summary
        One per kernel.
    """
    # Chunks small enough to be one block each are drawn and read a group at a time,
    # which spares the kernels' per-call work (their numbers do not change).
    one_block = _DRAWS_PER_CHUNK * (n_observations + 1) <= _BLOCK_ELEMENTS
    per_group = max(1, _GROUP_ELEMENTS // (_DRAWS_PER_CHUNK * (n_observations + 1)))
    per_group = per_group if one_block else 1

    def run(chunks, active):
        """The summaries of each chunk of ``chunks`` (seed sequence, size), for the kernels
        ``active``."""
        workspace = _Workspace()
        per_chunk = [[_Summary(keep) for _ in active] for _ in chunks]
        for start in range(0, len(chunks), per_group):
            group = chunks[start : start + per_group]
            summaries = per_chunk[start : start + per_group]
            if len(group) == 1:
                ((seed, size),) = group
                blocks = dirichlet_weight_blocks(
                    _generator(root, seed), size, n_observations, prior_strength, _BLOCK_ELEMENTS
                )
                for weights in blocks:
                    # One row per observation, one column per draw: what the kernels
                    # read, transposed once for all of them.
                    columns = np.ascontiguousarray(weights.T)
                    _add_draws(columns, summaries, [columns.shape[1]], active, workspace)
                continue
            # Chunks of one block each, side by side: one kernel call for all of them
            # (the columns are computed alone, and each chunk's draws summed alone).
            sizes = [size for _, size in group]
            columns = np.empty((n_observations + 1, sum(sizes)))
            offset = 0
            for seed, size in group:
                (weights,) = dirichlet_weight_blocks(
                    _generator(root, seed), size, n_observations, prior_strength, _BLOCK_ELEMENTS
                )
                columns[:, offset : offset + size] = weights.T
                offset += size
            _add_draws(columns, summaries, sizes, active, workspace)
        return per_chunk

    def _add_draws(columns, per_chunk, sizes, active, workspace):
        total = columns.sum(axis=0)
        bounds = np.cumsum([0, *sizes])
        chunks = list(zip(per_chunk, bounds[:-1], bounds[1:], strict=True))
        for first in range(0, len(active), _KERNELS_PER_SUM):
            stack = range(first, min(first + _KERNELS_PER_SUM, len(active)))
            # Each chunk's draws of theta, kernel beside kernel, under the running sums.
            sums = [np.empty((stop - start + 1, 3 * len(stack))) for _, start, stop in chunks]
            for column, position in enumerate(stack):
                theta = kernels[active[position]].theta(columns, total, workspace)
                for (summaries, start, stop), rows in zip(chunks, sums, strict=True):
                    summary = summaries[position]
                    summary.add(theta[:, start:stop], summed=True)
                    rows[0, 3 * column : 3 * column + 3] = summary.total
                    rows[1:, 3 * column : 3 * column + 3] = theta[:, start:stop].T
            for (summaries, _, _), rows in zip(chunks, sums, strict=True):
                _add_sums(rows, [summaries[position] for position in stack])

    threads = effective_n_jobs(n_jobs)
    root = check_random_generator(random_state)
    totals = [_Summary(keep) for _ in kernels]
    active = list(range(len(kernels)))
    for sizes in chunk_rounds(n_draws, target_mcse):
        # The seeds root.spawn would give its children: the same chunks of draws
        # whatever the rounds.
        chunks = list(zip(root.bit_generator.seed_seq.spawn(len(sizes)), sizes, strict=True))
        if len(chunks) > 1 or threads == 1 or len(active) == 1:
            parts = [
                (list(part), active)
                for part in np.array_split(np.arange(len(chunks)), min(threads, len(chunks)))
            ]
            parts = [([chunks[i] for i in part], kernels_) for part, kernels_ in parts]
        else:
            parts = [
                (chunks, [active[i] for i in part])
                for part in np.array_split(np.arange(len(active)), min(threads, len(active)))
            ]
        # Threads share the kernels and the summaries: never processes, whatever the
        # joblib backend in effect.
        outputs = Parallel(n_jobs=n_jobs, require="sharedmem")(
            delayed(run)(part_chunks, part_active) for part_chunks, part_active in parts
        )
        # Merged in chunk order: the same totals whatever the parts and the threads.
        for (_, part_active), per_chunk in zip(parts, outputs, strict=True):
            for summaries in per_chunk:
                for index, summary in zip(part_active, summaries, strict=True):
                    totals[index].merge(summary)
        active = [i for i in active if totals[i].mcse() > target_mcse]
        if not active:
            break
    return totals


def _add_sums(rows, summaries):
    """Set each summary's total to its running total plus its draws, summed in order.

    ``rows`` holds, for each summary, three columns: its running total in the first
    row, its draws of theta below. A sum down the rows of this C-ordered array adds
    draw after draw (the cumulative sum of one test alone, number for number) and
    works on every column at once.
    """
    totals = np.add.reduce(rows, axis=0)
    for column, summary in enumerate(summaries):
        summary.total = totals[3 * column : 3 * column + 3]


def _generator(root, seed):
    """The generator of a chunk: what ``root.spawn`` gives for the seed sequence ``seed``,
    made afresh (each thread reading the chunk has its own)."""
    return np.random.Generator(type(root.bit_generator)(seed))


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
    target_mcse=TARGET_MCSE,
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
    rope, prior_strength, prior_place, n_draws, random_state, n_jobs, target_mcse
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
            kernels, q, prior_strength, n_draws, random_state, keep, n_jobs, target_mcse
        )
        for i, summary in zip(indices, summaries, strict=True):
            names, means, (model_a, model_b), _ = prepared[i]
            kept = np.concatenate(summary.kept) if summary.kept else np.empty((0, 3))
            drawn = summary.n_draws
            results[i] = DirichletProcessTestResult(
                *(float(p) for p in summary.wins / drawn),
                *(float(p) for p in summary.total / drawn),
                samples=kept,
                n_draws=drawn,
                mcse=summary.mcse(),
                target_mcse=float(target_mcse) if n_draws is None else None,
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
    n_draws : int, default=None
        Number of Monte Carlo draws. None draws in rounds of 4,096, doubling,
        until the Monte Carlo standard error of every probability the result
        holds is at most ``target_mcse`` (at most 53,248 draws at the
        default: a probability near 0 or 1 needs one round, one near 0.5
        all of them).
    target_mcse : float, default=0.5 / sqrt(50_000)
        The Monte Carlo standard error that ``n_draws=None`` reaches: about
        0.0022, that of 50,000 draws at p = 0.5 (the fixed number of earlier
        releases). Ignored when ``n_draws`` is given.%%(random_state)s
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
        ``samples`` of shape (n_draws, 3), ``n_draws`` and ``mcse`` (the
        largest Monte Carlo standard error of the six) and
        ``decision(threshold)``.
"""

_REFERENCES_DOC = """
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
    random_state=None,
    n_jobs=None,
):
    """Bayesian signed-rank test of two models over many data sets.

    Like the sign test, but on the Walsh averages ``(z_i + z_j) / 2`` of all
    pairs of data sets (``i = j`` included) weighted by ``w_i w_j``, which
    makes it the Bayesian counterpart of the Wilcoxon signed-rank test. Cost:
    O(q log q) once plus O(q) per draw.
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
    >>> res.n_draws, round(res.mcse, 4)  # one round: far from 0.5, 4,096 draws are enough
    (4096, 0.0018)
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
    mcse : float
        The largest Monte Carlo standard error of the six probabilities (the
        shares of winning draws, binomial; the posterior means, sd / sqrt(n)).
    target_mcse : float or None
        The error the draws were made to reach (``n_draws=None``); None when
        ``n_draws`` was fixed.
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
    >>> res.probability_scope
    'the most probable outcome on a new data set'
    >>> round(res.prob_a_better, 2), round(res.predictive_prob_a_better, 2)
    (0.99, 0.87)
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
    probability_scope: ClassVar[str] = "the most probable outcome on a new data set"
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
            f"on {self.prior_place!r}, {self.n_draws} draws, Monte Carlo error "
            f"{self.mcse:.2g})",
            *predictive_lines(self, threshold),
        ]

    def _row(self, threshold=0.95):
        return {
            "test": self.test,
            **self._probability_row(threshold),
            "n_datasets": self.n_datasets,
            "n_draws": self.n_draws,
            "mcse": self.mcse,
        }

    def extra_numbers(self):
        return {**super().extra_numbers(), "n_draws": self.n_draws, "mcse": self.mcse}

    def _caption_name(self):
        return self.title  # the sign and the signed-rank tests share the class

    def prior_description(self):
        place = "rope" if self.prior_place == "rope" else "side of model " + self.prior_place
        draws = (
            f"{self.n_draws} posterior draws"
            if self.target_mcse is None
            else "posterior draws in rounds until the Monte Carlo standard error of every "
            f"probability was at most {self.target_mcse:.2g}"
        )
        return (
            f"a Dirichlet process prior of strength {self.prior_strength:g} placed on the "
            f"{place}, {draws}"
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
