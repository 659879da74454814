"""The Monte Carlo engine of the Bayesian sign and signed-rank tests.

A draw of the Dirichlet process posterior is a vector of weights ``w`` over the
observations ``z_0..z_q`` (the pseudo-observation and the data sets' mean
differences). Each test of a batch has its own ``z`` (a pair of models); all share
the same draws (common random numbers), so that the pairs of a table compare
coherently and every test's ``theta`` is one matrix product away:

- sign test: ``theta_a = sum_i w_i a_i`` with ``a_i = [z_i > high]``, a product of the
  draws' weights (draws x observations) by the tests' indicators (observations x tests);
- signed-rank test: ``theta_a = sum_i sum_j w_i w_j a_ij`` over the Walsh averages
  ``(z_i + z_j) / 2``, a product of the draws' pairwise products ``w_i w_j``, i <= j, by
  the tests' indicators; with many data sets, O(q) a draw by prefix sums instead.

**Exact sums.** A draw's weights are rounded down to integer multiples of
``2**-25`` of their total (:func:`lattice_weights`). Every numerator a test forms
from these integers is at most ``2 * (2**25 + 1)**2 < 2**53``, so it is computed exactly
in float64 whatever the order of the sums: a test's numbers do not depend on the tests
computed beside it, the threads, the batches or the BLAS, and a pair compared among many
models equals that pair compared alone. The rounding moves a normalized weight by at
most ``(q + 2) * 2**-25`` (1e-6 at q = 30) and a theta by less than twice that, far
below the Monte Carlo error (2e-3).
"""

import math
import threading

import numpy as np
from sklearn.utils.parallel import Parallel, delayed

from ..utils._random import check_random_generator

#: Draws per chunk; each chunk has its own child of the seed, so that the draws do not
#: depend on how the work is shared.
DRAWS_PER_CHUNK = 4096
#: A draw's weights become integers summing to about ``2**WEIGHT_BITS``.
WEIGHT_BITS = 25
#: Float64 elements of a chunk's features made at a time (16 MiB): the weights (sign
#: test) or their pairwise products (signed-rank test), a block of draws at a time.
_FEATURE_ELEMENTS = 1 << 21
#: Draws whose theta are summed together; blocks of draws are whole groups of them.
_DRAWS_PER_SUM = 128
#: Tests computed together in one matrix product (memory: a few arrays of draws x tests).
TESTS_PER_BATCH = 256
#: Tests whose draws are summarised at a time (arrays of 16 x 4,096 draws: 512 KiB).
_TESTS_PER_SUMMARY = 16
#: Observations (data sets and the pseudo-observation) up to which the signed-rank test is
#: a product over the pairs of weights, O(q^2) a draw at the speed of matrix products;
#: beyond, prefix sums over the sorted means, O(q) a draw.
_MOST_OBSERVATIONS_IN_PRODUCTS = 160
#: Winning shares are counted in sixths: a draw won alone counts 6, a tie of two 3 each, of
#: three 2 each, so that they add exactly.
_SIXTHS = np.array([0, 6, 3, 2], dtype=np.int64)


def chunk_weights(seed, size, n_observations, prior_strength, bit_generator):
    """The unnormalized Dirichlet weights of one chunk of draws.

    A row per draw: the pseudo-observation's ``Gamma(prior_strength)`` in column 0
    (drawn first) and ``Exp(1) = Gamma(1)`` in the ``n_observations`` others (column 0's
    exponential is drawn and overwritten, so the fill stays contiguous). Normalizing a
    row gives ``Dirichlet(prior_strength, 1, ..., 1)``.

    Returns
    -------
    ndarray of shape (size, n_observations + 1)
    """
    rng = np.random.Generator(bit_generator(seed))
    prior = rng.standard_gamma(prior_strength, size=size) if prior_strength > 0 else None
    weights = rng.standard_exponential((size, n_observations + 1))
    weights[:, 0] = 0.0 if prior is None else prior
    return weights


def lattice_weights(weights):
    """The weights as integers: each row rounded down to multiples of ``2**-25`` of its total.

    ``q_i = floor(w_i * 2**25 / sum(w))`` for the ``n`` observations, so
    ``2**25 - n < sum(q) <= 2**25 + 1`` and ``q / sum(q)`` is within ``(n + 1) * 2**-25``
    of ``w / sum(w)`` (the largest weight is at least a share ``1 / n`` of the total, so
    no row is all zero).

    Returns
    -------
    ndarray of float of shape weights.shape, integer-valued
    """
    scale = 2.0**WEIGHT_BITS / weights.sum(axis=1, keepdims=True)
    return np.floor(weights * scale)


class _Buffers:
    """Arrays reused from one batch of tests to the next, a set per thread: fresh large
    temporaries cost more in page faults than the arithmetic done on them."""

    def __init__(self):
        self._local = threading.local()

    def get(self, name, shape, dtype=float):
        """An uninitialised array of ``shape``, the same memory at every call."""
        arrays = self._local.__dict__.setdefault("arrays", {})
        size = math.prod(shape)
        array = arrays.get(name)
        if array is None or array.size < size or array.dtype != dtype:
            array = arrays[name] = np.empty(size, dtype=dtype)
        return array[:size].reshape(shape)


def _rows_per_block(n_features):
    """Draws whose features are made at a time: whole groups of draws summed together,
    as many as the bound on memory allows (one group at least)."""
    groups = _FEATURE_ELEMENTS // (n_features * _DRAWS_PER_SUM)
    return _DRAWS_PER_SUM * max(1, groups)


def _edge_coefficients(values, low, high, tolerance, *, inside_edge):
    """Twice each value's weight in theta_a (above the rope) and theta_b (below).

    ``inside_edge``: a value on an edge (within ``tolerance``) counts for the rope (the
    sign test's rule); otherwise one half for the rope and one half for the side
    beyond (the signed-rank test's, as baycomp's). Doubled, the halves are integers:
    ``2 [v > high + tol] + [v on the edge] = [v > high + tol] + [v >= high - tol]``.

    Returns
    -------
    ndarray of int8 of shape (n_tests, 2, n_values)
    """
    coefficients = np.empty((values.shape[0], 2, values.shape[1]), dtype=np.int8)
    above, below = coefficients[:, 0], coefficients[:, 1]
    with np.errstate(invalid="ignore"):
        np.greater(values, high + tolerance, out=above, casting="unsafe")
        np.less(values, low - tolerance, out=below, casting="unsafe")
        if inside_edge:
            above *= 2
            below *= 2
        else:
            above += values >= high - tolerance
            below += values <= low + tolerance
    return coefficients


class _Products:
    """Tests whose theta are linear in features of the draws: the weights themselves (the
    sign test) or their products over pairs of observations (the signed-rank test with
    few data sets). A batch of tests' numerators for a block of draws is one product of
    their coefficients (2 rows a test: a, b) by the features."""

    def __init__(self, test, z, rope, tolerance):
        low, high = rope
        n = z.shape[1]
        if test == "sign":
            self.pairs = None
            values = z
        else:
            self.pairs = np.triu_indices(n)
            values = z[:, self.pairs[0]]
            values += z[:, self.pairs[1]]
            values /= 2  # the Walsh averages
        # (tests, outcome, features), small integers (0 to 4) in a byte each: a batch's
        # rows of the product, contiguous.
        self.coefficients = _edge_coefficients(
            values, low, high, tolerance[:, None], inside_edge=self.pairs is None
        )
        if self.pairs is not None:
            # A pair i < j stands for (i, j) and (j, i).
            self.coefficients *= np.where(self.pairs[0] == self.pairs[1], 1, 2).astype(np.int8)
        self.rows_per_block = _rows_per_block(self.coefficients.shape[2])

    def prepare(self, weights):
        """The features of a block of draws, a row a draw, and their denominators (twice
        the total mass: ``2 sum(w)``, or ``2 sum(w)**2`` over the pairs)."""
        total = weights.sum(axis=1)
        if self.pairs is None:
            return weights, 2 * total
        n_draws, n = weights.shape
        features = np.empty((n_draws, n * (n + 1) // 2))
        start = 0
        for i in range(n):  # the columns (i, i), (i, i + 1), ... of np.triu_indices
            np.multiply(
                weights[:, i : i + 1], weights[:, i:], out=features[:, start : start + n - i]
            )
            start += n - i
        return features, 2 * total * total

    def numerators(self, features, tests, buffers):
        """Each test's ``(a, b)`` numerators, each of shape (len(tests), n_draws)."""
        rows = self.coefficients[tests].reshape(2 * len(tests), -1).astype(float)
        products = buffers.get("products", (2 * len(tests), features.shape[0]))
        np.matmul(rows, features.T, out=products)
        products = products.reshape(len(tests), 2, -1)
        return products[:, 0], products[:, 1]


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


class _PrefixSums:
    """The signed-rank test of many data sets, O(q) a draw.

    Once a test's ``z`` are sorted, the partners ``j`` whose Walsh average with ``z_i``
    lies beyond an edge form a suffix, found once by binary search; per draw only prefix
    sums of the weights are needed. Summing the prefix sums at an edge's two ends counts
    a Walsh average on the edge once (one half, doubled) and one below it twice.
    """

    def __init__(self, z, rope, tolerance):
        low, high = rope
        self.tests = []
        for values, tol in zip(z, tolerance, strict=True):
            order = np.argsort(values, kind="stable")
            bounds = [high + tol, high - tol, low - tol, low + tol]
            boundaries = _walsh_boundaries(values[order], bounds, [True, False, False, True])
            self.tests.append((order, boundaries))
        self.rows_per_block = _rows_per_block(z.shape[1])

    def prepare(self, weights):
        total = weights.sum(axis=1)
        # A row per observation: the rows of a test's order are gathered and added fast.
        return np.ascontiguousarray(weights.T), 2 * total * total

    def numerators(self, columns, tests, buffers):
        n_draws = columns.shape[1]
        total = columns.sum(axis=0)
        above = buffers.get("above", (len(tests), n_draws))
        below = buffers.get("below", (len(tests), n_draws))
        prefix = np.zeros((columns.shape[0] + 1, n_draws))
        for row, index in enumerate(tests):
            order, (above_out, above_in, below_out, below_in) = self.tests[index]
            ordered = columns[order]
            np.cumsum(ordered, axis=0, out=prefix[1:])
            not_above = np.einsum("ji,ji->i", ordered, prefix[above_out] + prefix[above_in])
            above[row] = 2 * total * total - not_above
            below[row] = np.einsum("ji,ji->i", ordered, prefix[below_out] + prefix[below_in])
        return above, below


def chunk_rounds(n_draws, target_mcse):
    """The draws of each chunk, by round: the chunks whose draws are made before the
    probabilities' Monte Carlo errors are looked at again.

    ``n_draws`` given: one round of every chunk. None: a round per chunk, up to the
    draws a probability of 0.5 needs to reach ``target_mcse`` (53,248 draws, 13
    chunks, at the default target). The chunks are the same whatever the rounds, so
    that a test stopped after ``c`` chunks gives what ``n_draws = c * 4096`` gives.

    Returns
    -------
    list of list of int
    """
    if n_draws is not None:
        n_chunks = -(-n_draws // DRAWS_PER_CHUNK)
        return [[min(DRAWS_PER_CHUNK, n_draws - i * DRAWS_PER_CHUNK) for i in range(n_chunks)]]
    most = -(-math.ceil((0.5 / target_mcse) ** 2) // DRAWS_PER_CHUNK)
    return [[DRAWS_PER_CHUNK]] * most


def _add_draws(total, squares, values):
    """``total`` and ``squares`` plus the sums of each row of ``values`` and of its
    squares (a block of draws, a row a test).

    The draws are added in groups of 128 from the start of their chunk (the blocks of
    draws are whole groups), then the groups' sums one after the other: the same order
    whatever the blocks, and along each test's own row, whatever the tests beside it.
    """
    n_tests, n_draws = values.shape
    whole = n_draws - n_draws % _DRAWS_PER_SUM
    groups = values[:, :whole].reshape(n_tests, -1, _DRAWS_PER_SUM)
    rest = values[:, whole:]
    sums = []
    for previous, group_sums, rest_sum in (
        (total, groups.sum(axis=2), rest.sum(axis=1)),
        (squares, np.einsum("tgd,tgd->tg", groups, groups), np.einsum("td,td->t", rest, rest)),
    ):
        parts = [previous[:, None], group_sums]
        if whole < n_draws:
            parts.append(rest_sum[:, None])
        sums.append(np.cumsum(np.concatenate(parts, axis=1), axis=1)[:, -1])
    return sums


def _without_equivalence(above, below):
    """A zero-width rope: the mass at zero counts for neither side (sign) or one half
    for each (signed-rank), so each draw is renormalized over a and b; a draw with no
    mass on either side is a tie. Returns the numerators (a, eq, b) and 1 / their sum."""
    sides = above + below
    undecided = sides == 0
    if undecided.any():
        above, below = above + undecided, below + undecided
        sides = sides + 2 * undecided
    return (above, np.zeros_like(above), below), 1.0 / sides


class DrawSummaries:
    """What the tests keep of their draws of ``(theta_a, theta_eq, theta_b)``, a row a
    test: the winners' counts (in sixths), the sums of theta and of its squares, the
    number of draws, and the first ``keep`` draws.

    Every sum over a block of draws runs along a test's own row (pairwise summation
    over the block's length), so that it does not depend on the tests beside it.
    """

    def __init__(self, n_tests, keep):
        self.sixths = np.zeros((n_tests, 3), dtype=np.int64)
        self.total = np.zeros((n_tests, 3))
        self.squares = np.zeros((n_tests, 3))
        self.n_draws = np.zeros(n_tests, dtype=np.int64)
        self.keep = keep
        self.kept = [[] for _ in range(n_tests)]

    @property
    def wins(self):
        """Each outcome's number of winning draws (a tie shared equally), a row a test."""
        return self.sixths / 6

    def add(self, tests, above, below, denominator, *, with_equivalence, buffers):
        """Add a block of draws: the exact numerators of theta_a and theta_b of ``tests``
        (shape (len(tests), n_draws)) over their common ``denominator`` (n_draws,)."""
        inverse = 1.0 / denominator
        # A few tests at a time: their arrays of draws stay in the processor's cache.
        for start in range(0, len(tests), _TESTS_PER_SUMMARY):
            rows = slice(start, start + _TESTS_PER_SUMMARY)
            shape = above[rows].shape
            if with_equivalence:
                equivalent = np.subtract(
                    denominator, above[rows], out=buffers.get("equivalent", shape)
                )
                equivalent -= below[rows]
                numerators = (above[rows], equivalent, below[rows])
                scale = inverse
            else:
                numerators, scale = _without_equivalence(above[rows], below[rows])
            self._add_rows(tests[rows], numerators, scale, buffers)

    def _add_rows(self, tests, numerators, scale, buffers):
        shape = numerators[0].shape
        best = np.maximum(numerators[0], numerators[2], out=buffers.get("best", shape))
        np.maximum(best, numerators[1], out=best)
        flags = [
            np.equal(numerator, best, out=buffers.get(f"flag {k}", shape, bool))
            for k, numerator in enumerate(numerators)
        ]
        n_best = np.add(flags[0], flags[1], dtype=np.int8, out=buffers.get("n", shape, np.int8))
        n_best += flags[2]
        if n_best.max() > 1:  # rare: a largest theta shared, a share each
            sixths = _SIXTHS[n_best]
            self.sixths[tests] += np.stack([(flag * sixths).sum(axis=1) for flag in flags], 1)
        else:
            self.sixths[tests] += 6 * np.stack(
                [flag.view(np.uint8).sum(axis=1, dtype=np.int64) for flag in flags], axis=1
            )
        theta = buffers.get("theta", (3, *shape))
        for k, numerator in enumerate(numerators):
            np.multiply(numerator, scale, out=theta[k])
        # (outcome, test) -> a row each, then back to (test, outcome)
        total, squares = _add_draws(
            self.total[tests].T.ravel(), self.squares[tests].T.ravel(), theta.reshape(-1, shape[1])
        )
        self.total[tests] = total.reshape(3, -1).T
        self.squares[tests] = squares.reshape(3, -1).T
        self.n_draws[tests] += shape[1]
        for row, index in enumerate(tests):
            room = self.keep - sum(len(part) for part in self.kept[index])
            if room > 0:
                self.kept[index].append(theta[:, row, :room].T.copy())

    def mcse(self):
        """Each test's largest Monte Carlo standard error of its six probabilities.

        A share of winning draws ``p`` has the binomial error ``sqrt(p (1 - p) / n)``
        (with ``p`` half a draw away from 0 and 1, so that an outcome never or always
        drawn is not taken as exact); a posterior mean of theta has ``sd(theta) / sqrt(n)``.
        """
        n = np.maximum(self.n_draws, 1)[:, None]
        share = (self.wins + 0.5) / (n + 1)
        mean = self.total / n
        variance = np.maximum(self.squares / n - mean * mean, 0.0)
        return np.sqrt(np.maximum(share * (1 - share), variance).max(axis=1) / n[:, 0])


def summarise_draws(test, z, rope, tolerance, *, prior_strength, n_draws, target_mcse,
                    random_state, keep, n_jobs):  # fmt: skip
    """Every test's summary of its draws of ``(theta_a, theta_eq, theta_b)``.

    All tests (rows of ``z``: the pseudo-observation, then as many data sets each) see
    the same Dirichlet weights, a chunk of 4,096 draws at a time, each chunk from its
    own child of the seed. A chunk's draws are read in blocks of bounded memory; a
    block's numerators come from matrix products (:class:`_Products`; prefix sums for
    the signed-rank test of many data sets, :class:`_PrefixSums`) for batches of tests,
    threads over the batches (``n_jobs``). ``n_draws`` None draws a chunk at a time
    (:func:`chunk_rounds`) and stops each test once its largest Monte Carlo error is at
    most ``target_mcse``. Memory is bounded by a block of draws and a batch of tests.

    Parameters
    ----------
    test : {"sign", "signed_rank"}
    z : ndarray of shape (n_tests, n_observations)
    rope : tuple of float
    tolerance : ndarray of shape (n_tests,)
        How far from an edge of the rope a value is on it (rounding).

    Returns
    -------
    DrawSummaries
    """
    n_tests, n = z.shape
    if test == "sign" or n <= _MOST_OBSERVATIONS_IN_PRODUCTS:
        kernel = _Products(test, z, rope, tolerance)
    else:
        kernel = _PrefixSums(z, rope, tolerance)
    root = check_random_generator(random_state)
    summaries = DrawSummaries(n_tests, keep)
    with_equivalence = rope[0] != rope[1]

    buffers = _Buffers()

    def add(features, denominator, tests):
        above, below = kernel.numerators(features, tests, buffers)
        summaries.add(
            tests, above, below, denominator, with_equivalence=with_equivalence, buffers=buffers
        )

    active = np.arange(n_tests)
    for sizes in chunk_rounds(n_draws, target_mcse):
        # The seeds root.spawn would give its children: the same chunks whatever the rounds.
        seeds = root.bit_generator.seed_seq.spawn(len(sizes))
        for seed, size in zip(seeds, sizes, strict=True):
            weights = lattice_weights(
                chunk_weights(seed, size, n - 1, prior_strength, type(root.bit_generator))
            )
            batches = [
                active[i : i + TESTS_PER_BATCH] for i in range(0, active.size, TESTS_PER_BATCH)
            ]
            for start in range(0, size, kernel.rows_per_block):
                features, denominator = kernel.prepare(
                    weights[start : start + kernel.rows_per_block]
                )
                # Threads share the summaries, each batch its own rows: never processes.
                Parallel(n_jobs=n_jobs, require="sharedmem")(
                    delayed(add)(features, denominator, batch) for batch in batches
                )
        active = active[summaries.mcse()[active] > target_mcse]
        if not active.size:
            break
    return summaries
