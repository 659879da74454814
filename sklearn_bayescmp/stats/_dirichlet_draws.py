"""The Monte Carlo engine of the Bayesian sign and signed-rank tests.

A draw of the Dirichlet process posterior is a vector of weights ``w`` over the
observations ``z_0..z_q`` (the pseudo-observation and the data sets' mean
differences). Each test of a call has its own ``z`` (a pair of models); all
share the same draws (common random numbers). A draw's ``theta_a`` is

- sign test: ``sum_i w_i a_i`` with ``a_i = [z_i > high]``;
- signed-rank test: ``sum_i sum_j w_i w_j a_ij`` over the Walsh averages
  ``(z_i + z_j) / 2``;

and ``theta_b`` likewise below the rope. Two kernels compute these numerators:

- :class:`_Products`: one matrix product of the tests' indicators by features of
  the draws (the weights, or their products over pairs of observations), which
  pays for making the features once a block of draws, whatever the tests;
- :class:`_PrefixSums`: a test at a time, O(q) a draw, once the test's ``z`` are
  sorted (the partners beyond a rope's edge form a suffix).

Which one runs is chosen by size (:func:`choose_kernel`), at the crossover
``benchmarks/bench_engine_crossover.py`` measures; both give the same numbers.

**Exact sums.** A draw's weights are rounded down to integer multiples of
``2**-25`` of their total (:func:`lattice_weights`). Every numerator a test forms
from these integers is at most ``2 * (2**25 + 1)**2 < 2**53``, so it is computed exactly
in float64 whatever the kernel and the order of the sums: a test's numbers do not
depend on the tests computed beside it, the threads, the blocks or the BLAS, and a pair
compared among many models equals that pair compared alone. The rounding moves a
normalized weight by at most ``(q + 2) * 2**-25`` (1e-6 at q = 30).

**How many draws** (``n_draws=None``; :class:`DrawSummaries`). A test's probability
of an outcome is the share of draws in which its theta is the largest, corrected by
the draws' ``theta_a`` and ``theta_b``, whose posterior means are known exactly (the
Dirichlet distribution's moments, :func:`expected_theta`): a control variate, which
halves to thirds the variance of a share near 0.5. Draws are made a chunk at a time
(:func:`chunk_sizes`), and a test stops once (1) every probability it prints has a Monte Carlo
standard error of at most ``target_mcse`` (0.005: the rounding of a probability
printed with two decimals), and (2) its decision at ``threshold`` is settled: the
threshold lies outside every probability's 99.9% Monte Carlo interval. A test
whose decision is not settled after :data:`MOST_DRAWS` draws stops there and
says so (``settled``).
"""

import math
import threading

import numpy as np
from sklearn.utils.parallel import Parallel, delayed

from ..utils._random import check_random_generator
from ..utils._threads import engine_threads, single_threaded_blas

#: Draws per chunk; each chunk has its own child of the seed, so that the draws do not
#: depend on how the work is shared. 33 groups of 128 draws: not a power of two, whose
#: strides would make the rows of a block share the processor's cache sets.
DRAWS_PER_CHUNK = 4224
#: A draw's weights become integers summing to about ``2**WEIGHT_BITS``.
WEIGHT_BITS = 25
#: The most draws a test takes with ``n_draws=None`` at the default target: a decision
#: that these cannot settle lies within about 0.003 of the threshold.
MOST_DRAWS = 16 * DRAWS_PER_CHUNK
#: Two-sided 99.9% quantile of the normal: the Monte Carlo interval of a probability
#: (what a result states as its Monte Carlo error, and what settles a decision).
Z_999 = 3.2905267314918945
#: Float64 elements of a block of draws' weights, and of the pairwise products of the
#: products kernel made at a time (16 MiB each).
_FEATURE_ELEMENTS = 1 << 21
#: Float64 elements of a block of weights when a whole chunk does not fit in
#: :data:`_FEATURE_ELEMENTS` (beyond 496 observations): the prefix sums and their gather
#: hold two more arrays of the block's size, so that memory stays that of a small block.
_LARGE_BLOCK_ELEMENTS = 1 << 19
#: Draws whose sums are made together; blocks of draws are whole groups of them.
_DRAWS_PER_SUM = 128
#: Tests computed together in one matrix product (memory: a few arrays of draws x tests).
TESTS_PER_BATCH = 256
#: Tests whose draws are summarised at a time (fewer cost more in calls than the cache saves).
_TESTS_PER_SUMMARY = 64
#: The cost model of :func:`choose_kernel`, in nanoseconds a draw, fitted to the engine
#: run end to end with one BLAS thread by ``benchmarks/bench_engine_crossover.py`` (the
#: project's 2-core machine, benchmarks/README.md): making the pairwise products of
#: ``n`` weights costs ``PRODUCTS_SETUP * n (n + 1) / 2`` more than reading the weights
#: as they are; a test costs ``PRODUCTS_PER_TEST * n (n + 1) / 2`` with the products and
#: ``PREFIX_PER_TEST_BASE + PREFIX_PER_TEST * n`` with the prefix sums. The products pay
#: from 1 test at n = 11, 4 at 31, 14 at 55, 112 at 81, never beyond about 100.
PRODUCTS_SETUP = 2.8
PRODUCTS_PER_TEST = 0.29
PREFIX_PER_TEST_BASE = 113.0
PREFIX_PER_TEST = 11.7
#: Winning shares are counted in sixths: a draw won alone counts 6, a tie of two 3 each, of
#: three 2 each, so that they add exactly.
_SIXTHS = np.array([0, 6, 3, 2], dtype=np.int64)


def draws_per_block(n_observations):
    """The draws of a block of weights: a whole chunk where it fits in
    :data:`_FEATURE_ELEMENTS`, else whole groups of 128 draws, as many as
    :data:`_LARGE_BLOCK_ELEMENTS` allows (one group at least). A function of the number
    of observations alone: the draws do not depend on the kernel that reads them."""
    if n_observations * DRAWS_PER_CHUNK <= _FEATURE_ELEMENTS:
        return DRAWS_PER_CHUNK
    groups = max(1, _LARGE_BLOCK_ELEMENTS // (n_observations * _DRAWS_PER_SUM))
    # Rows a multiple of 4 KiB apart (four groups: 512 draws) share the processor's
    # cache sets: three groups took 0.76x the time at 1,000 observations (best of 25
    # interleaved rounds; benchmarks/README.md).
    return _DRAWS_PER_SUM * (groups - (groups % 4 == 0))


def chunk_weights(seed, size, n_observations, prior_strength, bit_generator, buffers):
    """The lattice weights of one chunk of draws, a block of draws at a time.

    A column per draw and a row per observation: the pseudo-observation's
    ``Gamma(prior_strength)`` in row 0 (the chunk's gammas drawn first), then, block
    after block of :func:`draws_per_block` draws, ``Exp(1) = Gamma(1)`` filling the
    other rows in order. Normalizing a column gives ``Dirichlet(prior_strength, 1,
    ..., 1)``. Each block is an array of ``buffers`` (reused: fresh large arrays cost
    more in page faults than the draws).

    Yields
    ------
    ndarray of shape (n_observations + 1, n_draws)
        :func:`lattice_weights` of the block's draws.
    """
    rng = np.random.Generator(bit_generator(seed))
    prior = rng.standard_gamma(prior_strength, size=size) if prior_strength > 0 else None
    step = draws_per_block(n_observations + 1)
    for start in range(0, size, step):
        block = buffers.get("weights", (n_observations + 1, min(step, size - start)))
        rng.standard_exponential(out=block[1:])
        block[0] = 0.0 if prior is None else prior[start : start + block.shape[1]]
        yield lattice_weights(block, out=block)


def lattice_weights(weights, out=None):
    """The weights as integers: each column (a draw) rounded down to multiples of
    ``2**-25`` of its total.

    ``q_i = floor(w_i * 2**25 / sum(w))`` for the ``n`` observations, so
    ``2**25 - n < sum(q) <= 2**25 + 1`` and ``q / sum(q)`` is within ``(n + 1) * 2**-25``
    of ``w / sum(w)`` (the largest weight is at least a share ``1 / n`` of the total, so
    no column is all zero).

    Returns
    -------
    ndarray of float of shape weights.shape, integer-valued
    """
    scale = 2.0**WEIGHT_BITS / weights.sum(axis=0)
    out = np.multiply(weights, scale, out=out)
    return np.floor(out, out=out)


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

    with np.errstate(invalid="ignore"):  # the pseudo-observation at +-inf
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


def _signed_rank_edges(values, rope, tolerance):
    """A test's ``z`` in sorted order and, for each, where its partners beyond each edge
    start: ``(order, boundaries)``, the boundaries of ``(z_i + z_j) / 2`` above
    ``high + tol`` (strictly), at or above ``high - tol``, at or above ``low - tol`` and
    strictly above ``low + tol`` (:func:`_walsh_boundaries`)."""
    low, high = rope
    order = np.argsort(values, kind="stable")
    bounds = [high + tolerance, high - tolerance, low - tolerance, low + tolerance]
    return order, _walsh_boundaries(values[order], bounds, [True, False, False, True])


#: Observations up to which the counts of :func:`expected_theta` come from the tests'
#: coefficients over every pair of observations (a batch at a time); beyond, from the
#: sorted means' boundaries, a test at a time. Either way they are the same integers.
_MOST_OBSERVATIONS_COUNTED_IN_PAIRS = 200


def _pair_counts(z, rope, tolerance):
    """The counts of :func:`expected_theta` of the signed-rank test from the coefficients
    of every pair ``i <= j`` (a batch of tests at a time): shape (n_tests, 2, 3)."""
    low, high = rope
    n = z.shape[1]
    first, second = np.triu_indices(n)
    multiplicity = np.where(first == second, 1, 2)
    # Per pair: [both data sets] * multiplicity + [a data set's own pair], [the
    # pseudo-observation with a data set] * 2, [the pseudo-observation with itself].
    masks = np.zeros((len(first), 3), dtype=np.int64)
    data = (first > 0) & (second > 0)
    masks[:, 0] = np.where(data, multiplicity + (first == second), 0)
    masks[:, 1] = np.where((first == 0) & (second > 0), 2, 0)
    masks[:, 2] = (first == 0) & (second == 0)
    counts = np.empty((z.shape[0], 2, 3), dtype=np.int64)
    for start in range(0, z.shape[0], TESTS_PER_BATCH):
        rows = slice(start, start + TESTS_PER_BATCH)
        values = (z[rows][:, first] + z[rows][:, second]) / 2
        coefficients = _edge_coefficients(
            values, low, high, tolerance[rows, None], inside_edge=False
        ).astype(np.int64)
        counts[rows] = coefficients @ masks
    return counts


def _boundary_counts(values, rope, tolerance):
    """The counts of :func:`expected_theta` of one signed-rank test from the boundaries
    of its sorted means (:func:`_signed_rank_edges`): shape (2, 3)."""
    order, boundaries = _signed_rank_edges(values, rope, tolerance)
    n = values.size
    low, high = rope
    # Per observation (in sorted order), its partners beyond each edge, doubled halves.
    beyond = np.stack([(n - boundaries[0]) + (n - boundaries[1]), boundaries[2] + boundaries[3]])
    diagonal = _edge_coefficients(values[order][None], low, high, np.array([[tolerance]]),
                                  inside_edge=False)[0].astype(np.int64)  # fmt: skip
    pseudo = int(np.flatnonzero(order == 0)[0])  # the pseudo-observation's place
    counts = np.empty((2, 3), dtype=np.int64)
    for outcome in range(2):
        own = int(diagonal[outcome, pseudo])
        row = int(beyond[outcome, pseudo])  # its pairs with every observation, itself too
        everything = int(beyond[outcome].sum())  # every ordered pair
        counts[outcome] = (
            everything - 2 * row + own + int(diagonal[outcome].sum()) - own,
            2 * (row - own),
            own,
        )
    return counts


def expected_theta(test, z, rope, tolerance, prior_strength):
    """The posterior means of every test's ``theta_a`` and ``theta_b``, exactly.

    With ``w ~ Dirichlet(alpha)``, ``alpha = (s, 1, ..., 1)`` and ``A = s + q``:
    ``E[w_i] = alpha_i / A`` and ``E[w_i w_j] = alpha_i (alpha_j + [i = j]) / (A (A + 1))``.
    So ``E[theta_a]`` is a weighted count of the observations (sign) or of the ordered
    pairs of observations (signed-rank) above the rope, the weights being 1 for the
    data sets and ``s`` for the pseudo-observation: three integers a test (data sets
    only; with the pseudo-observation; the pseudo-observation's own pair), counted
    whichever way is fastest, and one formula, so that the means are the same numbers
    whatever the kernel and the tests beside. The draws' weights are rounded to a
    lattice, which moves their means by about ``q * 2**-25`` (negligible).

    Parameters
    ----------
    test : {"sign", "signed_rank"}
    z : ndarray of shape (n_tests, q + 1)
        The pseudo-observation, then the data sets' means.
    rope : tuple of float
    tolerance : ndarray of shape (n_tests,)
    prior_strength : float

    Returns
    -------
    ndarray of shape (n_tests, 2)
        ``E[theta_a]``, ``E[theta_b]``.
    """
    low, high = rope
    n_tests, n = z.shape
    s = float(prior_strength)
    total = s + (n - 1)
    if test == "sign":
        coefficients = _edge_coefficients(z, low, high, tolerance[:, None], inside_edge=True)
        data = coefficients[:, :, 1:].sum(axis=2, dtype=np.int64)
        return (data + s * coefficients[:, :, 0]) / (2 * total)
    if n <= _MOST_OBSERVATIONS_COUNTED_IN_PAIRS:
        counts = _pair_counts(z, rope, tolerance)
    else:
        counts = np.stack(
            [_boundary_counts(values, rope, tol) for values, tol in zip(z, tolerance, strict=True)]
        )
    weighted = counts[..., 0] + s * counts[..., 1] + (s * s + s) * counts[..., 2]
    return weighted / (2 * total * (total + 1))


class _Products:
    """Tests whose theta are linear in features of the draws: the weights themselves (the
    sign test) or their products over pairs of observations (the signed-rank test with
    few data sets). A batch of tests' numerators for a block of draws is one product of
    their coefficients (2 rows a test: a, b) by the features; the coefficients are made
    a batch at a time, so that memory does not grow with the tests."""

    def __init__(self, test, z, rope, tolerance):
        self.z, self.rope, self.tolerance = z, rope, tolerance
        n = z.shape[1]
        self.pairs = None if test == "sign" else np.triu_indices(n)
        n_features = n if self.pairs is None else len(self.pairs[0])
        self._kept = np.empty((len(z), 2, n_features), dtype=np.int8)
        self._made = np.zeros(len(z), dtype=bool)
        if self.pairs is not None:
            # A pair i < j stands for (i, j) and (j, i).
            self.multiplicity = np.where(self.pairs[0] == self.pairs[1], 1, 2).astype(np.int8)
            # Draws whose pairwise products are made at a time, in whole groups.
            groups = _FEATURE_ELEMENTS // (len(self.pairs[0]) * _DRAWS_PER_SUM)
            self.draws_per_product = _DRAWS_PER_SUM * max(1, groups)

    def parts(self, weights, buffers):
        """The block's draws in parts: their features (the weights, or their pairwise
        products, made once for every batch of tests) and their denominators (twice the
        total mass: ``2 sum(w)``, or ``2 sum(w)**2`` over the pairs)."""
        total = weights.sum(axis=0)
        if self.pairs is None:
            yield weights, 2 * total
            return
        for start in range(0, weights.shape[1], self.draws_per_product):
            columns = slice(start, start + self.draws_per_product)
            yield self._pairwise(weights[:, columns], buffers), 2 * total[columns] ** 2

    def _coefficients(self, tests):
        """The batch's rows of the product, (2 len(tests), n_features): small integers,
        made once a test and kept in a byte each (a float64 copy only for the batch at
        hand)."""
        new = tests[~self._made[tests]]
        if new.size:
            z, (low, high) = self.z[new], self.rope
            tolerance = self.tolerance[new, None]
            if self.pairs is None:
                coefficients = _edge_coefficients(z, low, high, tolerance, inside_edge=True)
            else:
                values = z[:, self.pairs[0]]
                values += z[:, self.pairs[1]]
                values /= 2  # the Walsh averages
                coefficients = _edge_coefficients(values, low, high, tolerance, inside_edge=False)
                coefficients *= self.multiplicity
            self._kept[new] = coefficients
            self._made[new] = True
        return self._kept[tests].reshape(2 * len(tests), -1).astype(float)

    def numerators(self, features, tests, buffers, denominator):
        """Each test's ``(a, b)`` numerators, each of shape (len(tests), n_draws), and the
        draws' denominators."""
        products = buffers.get("products", (2 * len(tests), features.shape[1]))
        np.matmul(self._coefficients(tests), features, out=products)
        products = products.reshape(len(tests), 2, -1)
        return products[:, 0], products[:, 1], denominator

    def _pairwise(self, weights, buffers):
        """The products ``w_i w_j``, ``i <= j``, a row per pair (np.triu_indices's order)."""
        n, n_draws = weights.shape
        features = buffers.get("features", (len(self.pairs[0]), n_draws))
        start = 0
        for i in range(n):  # the rows (i, i), (i, i + 1), ... of np.triu_indices
            np.multiply(weights[i], weights[i:], out=features[start : start + n - i])
            start += n - i
        return features


class _PrefixSums:
    """The signed-rank test a test at a time, O(q) a draw.

    Once a test's ``z`` are sorted, the partners ``j`` whose Walsh average with ``z_i``
    lies beyond an edge form a suffix, found by binary search; per draw only prefix
    sums of the weights are needed. Summing the prefix sums at an edge's two ends counts
    a Walsh average on the edge once (one half, doubled) and one below it twice; where
    no Walsh average lies on the edge (the usual case) one end, doubled, does.
    The weights come a row per observation and a column per draw: the prefix sums are
    then a loop of whole-row additions, which vectorise over the draws (a cumulative
    sum along the observations would not).
    """

    def __init__(self, z, rope, tolerance):
        self.z, self.rope, self.tolerance = z, rope, tolerance
        self._edges = {}

    def parts(self, weights, buffers):
        """The block whole; its denominators None: the numerators' prefix sums make the
        draws' totals on the way (:meth:`numerators` returns them)."""
        yield weights, None

    def edges(self, index):
        """Test ``index``'s order, and for each observation (in the given order) where its
        partners beyond each edge start in that order (:func:`_signed_rank_edges`), with
        whether the two ends of each edge coincide: made once."""
        if index not in self._edges:
            order, boundaries = _signed_rank_edges(self.z[index], self.rope, self.tolerance[index])
            rank = np.empty_like(order)
            rank[order] = np.arange(order.size)
            same = [np.array_equal(*boundaries[k : k + 2]) for k in (0, 2)]
            self._edges[index] = order, boundaries[:, rank], same
        return self._edges[index]

    def numerators(self, weights, tests, buffers, denominator=None):
        """Each test's ``(a, b)`` numerators, each of shape (len(tests), n_draws), and the
        draws' denominators."""
        n, n_draws = weights.shape
        above = buffers.get("above", (len(tests), n_draws))
        below = buffers.get("below", (len(tests), n_draws))
        prefix = buffers.get("prefix", (n + 1, n_draws))
        gathered = buffers.get("gathered", (n, n_draws))
        prefix[0] = 0.0
        weight_rows, prefix_rows = list(weights), list(prefix)
        add = np.add
        for row, index in enumerate(tests):
            order, boundaries, same = self.edges(index)
            for m, i in enumerate(order):  # prefix[m]: the m smallest z's weights, summed
                add(prefix_rows[m], weight_rows[i], out=prefix_rows[m + 1])
            if denominator is None:  # 2 sum(w)**2: the total is the last prefix sum
                denominator = 2 * prefix[n] * prefix[n]
            arrays = weights, prefix, gathered
            not_above = self._weighted_prefix(*boundaries[0:2], same[0], *arrays)
            np.subtract(denominator, not_above, out=above[row])
            below[row] = self._weighted_prefix(*boundaries[2:4], same[1], *arrays)
        return above, below, denominator

    @staticmethod
    def _weighted_prefix(outer, inner, same, weights, prefix, gathered):
        """``sum_i w_i (prefix[b_i] + prefix[b'_i])`` over an edge's two ends (``b``
        given for each observation in the weights' order, so that the weights are read
        as they are: a gather of the prefix sums only)."""
        # Into an array made once ("clip": no check of the indices, which would copy).
        np.take(prefix, outer, axis=0, out=gathered, mode="clip")
        value = np.einsum("ji,ji->i", weights, gathered)
        if same:  # nothing on the edge: one end, doubled
            return 2 * value
        np.take(prefix, inner, axis=0, out=gathered, mode="clip")
        return value + np.einsum("ji,ji->i", weights, gathered)


def choose_kernel(test, n_observations, n_tests):
    """The kernel that computes ``n_tests`` tests of ``n_observations`` fastest.

    The sign test's features are the weights themselves: its matrix product costs
    nothing to set up. The signed-rank test's pairwise products cost
    ``O(n^2)`` a draw once for all tests and ``O(n^2)`` a test at the speed of
    matrix products; prefix sums cost ``O(n)`` a test at the speed of array
    additions. The constants are measured (``benchmarks/bench_engine_crossover.py``).

    Returns
    -------
    {"products", "prefix"}
    """
    if test == "sign":
        return "products"
    pairs = n_observations * (n_observations + 1) / 2
    products = PRODUCTS_SETUP * pairs + n_tests * PRODUCTS_PER_TEST * pairs
    prefix = n_tests * (PREFIX_PER_TEST_BASE + PREFIX_PER_TEST * n_observations)
    return "products" if products < prefix else "prefix"


#: The first chunks' sizes: small ones first, so that a test whose probabilities are
#: precise early stops early; then chunks of :data:`DRAWS_PER_CHUNK`. Whole groups of
#: 128 draws, none a power of two (see DRAWS_PER_CHUNK).
FIRST_CHUNKS = (2176, 1152, 1152, 2176)


def chunk_sizes(total):
    """The sizes of the chunks that make ``total`` draws, in order (the last one cut)."""
    sizes, drawn = [], 0
    while drawn < total:
        size = FIRST_CHUNKS[len(sizes)] if len(sizes) < len(FIRST_CHUNKS) else DRAWS_PER_CHUNK
        sizes.append(min(size, total - drawn))
        drawn += sizes[-1]
    return sizes


def chunk_rounds(n_draws, target_mcse):
    """The draws of each chunk, by round: the chunks whose draws are made before the
    probabilities' Monte Carlo errors are looked at again.

    ``n_draws`` given: one round of every chunk. None: a round per chunk, up to
    :data:`MOST_DRAWS`, or more where ``target_mcse`` asks for more (the draws a
    share of 0.5 needs without its control variate). The chunks are the same whatever
    the rounds (:func:`chunk_sizes`), so that a test stopped after ``c`` chunks gives
    what ``n_draws`` of their total gives.

    Returns
    -------
    list of list of int
    """
    if n_draws is not None:
        return [chunk_sizes(n_draws)]
    needed = math.ceil((0.5 / target_mcse) ** 2)
    return [[size] for size in chunk_sizes(max(MOST_DRAWS, needed))]


def _group_products(left, right):
    """The sums of ``left[:, x] * right[:, y]`` over each group of 128 draws (and the
    last, shorter one), a test at a time: shape (n_tests, n_left, n_right, n_groups).
    Blocks of draws are whole groups, so that the groups do not depend on them."""
    n_draws = left.shape[2]
    whole = n_draws - n_draws % _DRAWS_PER_SUM
    grouped = np.einsum(
        "txgd,tygd->txyg",
        left[..., :whole].reshape(*left.shape[:2], -1, _DRAWS_PER_SUM),
        right[..., :whole].reshape(*right.shape[:2], -1, _DRAWS_PER_SUM),
    )
    if whole == n_draws:
        return grouped
    rest = np.einsum("txd,tyd->txy", left[..., whole:], right[..., whole:])
    return np.concatenate([grouped, rest[..., None]], axis=3)


#: The sums a test keeps of its draws, in the columns of ``DrawSummaries.moments``:
#: theta_a, theta_b and their products (the control variates' moments), the winners'
#: indicators times theta_a and theta_b, and the renormalized theta_a' = theta_a /
#: (theta_a + theta_b) and its square (a rope of zero width, whose predictive
#: probability is sampled).
_MOMENTS = ("a", "b", "aa", "bb", "ab", "Ia a", "Ia b", "Ib a", "Ib b", "a'", "a'a'")


class DrawSummaries:
    """What the tests keep of their draws, a row a test.

    The winners' counts (in sixths, and their squares and cross products in 36ths where
    draws tie), the sums of :data:`_MOMENTS`, the number of draws and the first
    ``keep`` draws of ``(theta_a, theta_eq, theta_b)``. Every sum over a block of draws
    runs along a test's own row in groups of 128 draws, so that it does not depend on
    the tests beside it nor on the blocks.

    Parameters
    ----------
    n_tests : int
    keep : int
    expected : ndarray of shape (n_tests, 2)
        The exact posterior means of theta_a and theta_b (:func:`expected_theta`).
    with_equivalence : bool
        The rope has a width; else ``theta_eq`` is 0 and each draw's theta are
        renormalized over a and b.
    """

    def __init__(self, n_tests, keep, expected, with_equivalence):
        self.sixths = np.zeros((n_tests, 3), dtype=np.int64)
        # Squares of the winners' shares and the product of a's and b's, in 36ths.
        self.tied_moments = np.zeros((n_tests, 3), dtype=np.int64)
        self.moments = np.zeros((n_tests, len(_MOMENTS)))
        self.n_draws = np.zeros(n_tests, dtype=np.int64)
        self.expected = expected
        self.with_equivalence = with_equivalence
        self.keep = keep
        self.kept = [[] for _ in range(n_tests)]

    def add(self, tests, above, below, denominator, *, buffers):
        """Add a block of draws: the exact numerators of theta_a and theta_b of ``tests``
        (shape (len(tests), n_draws)) over their common ``denominator`` (n_draws,)."""
        inverse = 1.0 / denominator
        # A few tests at a time: their arrays of draws stay in the processor's cache.
        for start in range(0, len(tests), _TESTS_PER_SUMMARY):
            rows = slice(start, start + _TESTS_PER_SUMMARY)
            self._add_rows(tests[rows], above[rows], below[rows], denominator, inverse, buffers)

    def _winners(self, a, b, denominator, buffers):
        """Each draw's winning outcome(s) as flags (a, eq, b), and the rope's numerator."""
        shape = a.shape
        if self.with_equivalence:
            equivalent = np.subtract(denominator, a, out=buffers.get("equivalent", shape))
            equivalent -= b
            best = np.maximum(a, b, out=buffers.get("best", shape))
            np.maximum(best, equivalent, out=best)
            flags = [
                np.equal(numerator, best, out=buffers.get(f"flag {k}", shape, bool))
                for k, numerator in enumerate((a, equivalent, b))
            ]
            return flags, equivalent
        # No rope: the side with more mass; the mass at zero counts for neither.
        flags = [
            np.greater(a, b, out=buffers.get("flag 0", shape, bool)),
            np.zeros(shape, dtype=bool),
            np.greater(b, a, out=buffers.get("flag 2", shape, bool)),
        ]
        tie = np.equal(a, b, out=buffers.get("flag 1", shape, bool))
        flags[0] |= tie
        flags[2] |= tie
        return flags, None

    def _add_rows(self, tests, a, b, denominator, inverse, buffers):
        n_tests, n_draws = a.shape
        # A test's 1, theta_a, theta_b and its indicators of a and b winning, a row each.
        values = buffers.get("values", (n_tests, 5, n_draws))
        values[:, 0] = 1.0
        theta_a = np.multiply(a, inverse, out=values[:, 1])
        theta_b = np.multiply(b, inverse, out=values[:, 2])
        flags, _ = self._winners(a, b, denominator, buffers)
        counts = np.stack([flag.view(np.uint8).sum(axis=1, dtype=np.int64) for flag in flags], 1)
        if (counts.sum(axis=1) > n_draws).any():  # rare: a largest theta shared
            n_best = np.add(flags[0], flags[1], dtype=np.int8)
            n_best += flags[2]
            sixths = _SIXTHS[n_best]
            shares = [np.where(flag, sixths, 0) for flag in flags]
            self.sixths[tests] += np.stack([share.sum(axis=1) for share in shares], axis=1)
            self.tied_moments[tests] += np.stack(
                [np.einsum("td,td->t", *pair) for pair in
                 ((shares[0], shares[0]), (shares[2], shares[2]), (shares[0], shares[2]))],
                axis=1,
            )  # fmt: skip
            np.divide(shares[0], 6.0, out=values[:, 3])
            np.divide(shares[2], 6.0, out=values[:, 4])
        else:
            self.sixths[tests] += 6 * counts
            # One winner a draw: I_k^2 = I_k, and a and b never both win.
            self.tied_moments[tests, :2] += 36 * counts[:, [0, 2]]
            np.copyto(values[:, 3], flags[0])
            np.copyto(values[:, 4], flags[2])
        products = _group_products(values[:, 1:3], values)
        # (tests, 2, 5, groups): theta_a and theta_b times 1, theta_a, theta_b, I_a, I_b
        groups = [products[:, x, y] for x, y in ((0, 0), (1, 0), (0, 1), (1, 2), (0, 2))]
        groups += [products[:, x, y] for x, y in ((0, 3), (1, 3), (0, 4), (1, 4))]
        renormalized = None
        if not self.with_equivalence:
            sides = a + b
            renormalized = np.divide(a, sides, out=np.full(a.shape, 0.5), where=sides > 0)
            pair = np.stack([np.ones_like(renormalized), renormalized], axis=1)
            renormalized_products = _group_products(renormalized[:, None], pair)
            groups += [renormalized_products[:, 0, 0], renormalized_products[:, 0, 1]]
        else:
            groups += [np.zeros_like(groups[0])] * 2
        # A sum along each test's own row: the groups one after the other, after the total
        # so far (the same numbers whatever the tests beside it and the blocks of draws).
        groups = np.stack(groups, axis=1)  # (tests, moments, groups)
        running = np.concatenate([self.moments[tests][:, :, None], groups], axis=2)
        self.moments[tests] = np.cumsum(running, axis=2)[:, :, -1]
        self.n_draws[tests] += n_draws
        self._keep(tests, theta_a, theta_b, renormalized)

    def _keep(self, tests, theta_a, theta_b, renormalized):
        for row, index in enumerate(tests):
            room = self.keep - sum(len(part) for part in self.kept[index])
            if room <= 0:
                continue
            if renormalized is None:
                a, b = theta_a[row, :room], theta_b[row, :room]
                # theta_eq is a complement: clipped where computed (-1e-17 is no probability).
                draws = np.column_stack([a, np.clip(1.0 - a - b, 0.0, 1.0), b])
            else:
                a = renormalized[row, :room]
                draws = np.column_stack([a, np.zeros_like(a), 1.0 - a])
            self.kept[index].append(draws)

    def estimates(self):
        """Each test's probabilities, their Monte Carlo standard errors and its predictive
        probabilities.

        A share of winning draws ``I_k`` is corrected by the control variates
        ``c = (theta_a, theta_b)``, whose means ``mu`` are known:
        ``p_k = mean(I_k) - beta_k . (mean(c) - mu)``, ``beta_k = Cov(c)^-1 Cov(c, I_k)``
        (the regression estimator), with the standard error of the residuals
        ``I_k - beta_k . c``. The three add up to one (the regressions share their
        regressors, and the indicators add up to one). An outcome never or always
        drawn has the binomial error of half a draw, so that it is not taken as exact.

        Returns
        -------
        probabilities : ndarray of shape (n_tests, 3)
        errors : ndarray of shape (n_tests, 3)
            The probabilities' Monte Carlo standard errors.
        predictive : ndarray of shape (n_tests, 3)
            The posterior means of ``(theta_a, theta_eq, theta_b)``: exact, or (a rope of
            zero width) the mean of the draws' renormalized theta.
        predictive_errors : ndarray of shape (n_tests,)
            Their Monte Carlo standard error (0 where exact).
        """
        n = np.maximum(self.n_draws, 1).astype(float)[:, None]
        moments = dict(zip(_MOMENTS, (self.moments / n).T, strict=True))
        shares = self.sixths / 6.0 / n
        squares = self.tied_moments / 36.0 / n  # E[I_a^2], E[I_b^2], E[I_a I_b]
        mean_c = np.stack([moments["a"], moments["b"]], axis=1)
        cov_c = np.empty((len(n), 2, 2))
        cov_c[:, 0, 0] = moments["aa"] - mean_c[:, 0] ** 2
        cov_c[:, 1, 1] = moments["bb"] - mean_c[:, 1] ** 2
        cov_c[:, 0, 1] = cov_c[:, 1, 0] = moments["ab"] - mean_c[:, 0] * mean_c[:, 1]
        cov_ci = {
            k: np.stack([moments[f"I{k} a"], moments[f"I{k} b"]], axis=1) - shares[:, [i]] * mean_c
            for k, i in (("a", 0), ("b", 2))
        }
        inverse = _regression_inverse(cov_c)
        beta = {k: np.einsum("tij,tj->ti", inverse, v) for k, v in cov_ci.items()}
        offset = mean_c - self.expected
        p_a = shares[:, 0] - np.einsum("ti,ti->t", beta["a"], offset)
        p_b = shares[:, 2] - np.einsum("ti,ti->t", beta["b"], offset)
        variance_a = (
            squares[:, 0] - shares[:, 0] ** 2 - np.einsum("ti,ti->t", beta["a"], cov_ci["a"])
        )
        variance_b = (
            squares[:, 1] - shares[:, 2] ** 2 - np.einsum("ti,ti->t", beta["b"], cov_ci["b"])
        )
        covariance = (
            squares[:, 2]
            - shares[:, 0] * shares[:, 2]
            - np.einsum("ti,ti->t", beta["b"], cov_ci["a"])
        )
        variances = np.maximum(
            np.stack([variance_a, variance_a + variance_b + 2 * covariance, variance_b], axis=1),
            0.0,
        )
        # Without a rope, no draw is won by the rope: its probability is 0, not a rounding.
        p_e = 1.0 - p_a - p_b if self.with_equivalence else np.zeros_like(p_a)
        probabilities = np.column_stack([p_a, p_e, p_b])
        # An outcome never or always the winner is 0 or 1, not a complement's rounding;
        # a control variate may carry a share a hair past 0 or 1: clipped, renormalized.
        wins = self.sixths / 6.0
        probabilities = np.where(wins == 0, 0.0, np.where(wins == n, 1.0, probabilities))
        probabilities = np.clip(probabilities, 0.0, 1.0)
        probabilities /= probabilities.sum(axis=1, keepdims=True)
        # Never or always the winner: the error of half a draw (a share, not an estimate).
        certain = (wins == 0) | (wins == n)
        smoothed = (wins + 0.5) / (n + 1)
        variances = np.where(certain, np.maximum(variances, smoothed * (1 - smoothed)), variances)
        errors = np.sqrt(variances / n)
        if self.with_equivalence:
            e_a, e_b = self.expected.T
            predictive = np.column_stack([e_a, np.clip(1.0 - e_a - e_b, 0.0, 1.0), e_b])
            predictive_errors = np.zeros(len(n))
        else:
            mean = moments["a'"]
            spread = np.maximum(moments["a'a'"] - mean**2, 0.0)
            predictive = np.column_stack([mean, np.zeros_like(mean), 1.0 - mean])
            predictive_errors = np.sqrt(spread / n[:, 0])
        return probabilities, errors, predictive, predictive_errors

    def settled(self, target_mcse, threshold):
        """Whether each test is done: every printed probability within ``target_mcse``
        (its standard error) and the decision at ``threshold`` out of reach of the Monte
        Carlo error (99.9%); and each test's largest standard error."""
        probabilities, errors, _, predictive_errors = self.estimates()
        largest = np.maximum(errors.max(axis=1), predictive_errors)
        decided = np.abs(probabilities - threshold) > Z_999 * errors
        return largest <= target_mcse, decided.all(axis=1), largest


def _regression_inverse(covariance):
    """The inverse of each 2 x 2 covariance of the control variates; where they are
    collinear or constant (no data set on a side of the rope: theta_b is 0), the
    inverse of the variance of the one that varies, or 0 (no correction)."""
    var_a, var_b, cov = covariance[:, 0, 0], covariance[:, 1, 1], covariance[:, 0, 1]
    det = var_a * var_b - cov * cov
    inverse = np.zeros_like(covariance)
    both = det > 1e-9 * var_a * var_b
    with np.errstate(divide="ignore", invalid="ignore"):
        inverse[:, 0, 0] = np.where(both, var_b / det, 0.0)
        inverse[:, 1, 1] = np.where(both, var_a / det, 0.0)
        inverse[:, 0, 1] = inverse[:, 1, 0] = np.where(both, -cov / det, 0.0)
        one_a = ~both & (var_a >= var_b) & (var_a > 0)
        one_b = ~both & ~one_a & (var_b > 0)
        inverse[:, 0, 0] = np.where(one_a, 1.0 / var_a, inverse[:, 0, 0])
        inverse[:, 1, 1] = np.where(one_b, 1.0 / var_b, inverse[:, 1, 1])
    return inverse


def summarise_draws(test, z, rope, tolerance, *, prior_strength, n_draws, target_mcse,
                    threshold, random_state, keep, n_jobs):  # fmt: skip
    """Every test's summary of its draws of ``(theta_a, theta_eq, theta_b)``.

    All tests (rows of ``z``: the pseudo-observation, then as many data sets each) see
    the same Dirichlet weights, a chunk of draws at a time, each chunk from its
    own child of the seed. A chunk's draws are read in blocks of bounded memory; a
    block's numerators come from the kernel :func:`choose_kernel` picks for the tests
    still drawing, for batches of tests, threads over the batches (``n_jobs``), each
    with one BLAS thread (threaded matrix products slow down when the machine's cores
    are shared). ``n_draws`` None draws a chunk at a time (:func:`chunk_rounds`) and
    stops each test once its probabilities are precise enough and its decision at
    ``threshold`` settled (:meth:`DrawSummaries.settled`). Memory is bounded by a block
    of draws and a batch of tests.

    Parameters
    ----------
    test : {"sign", "signed_rank"}
    z : ndarray of shape (n_tests, n_observations)
    rope : tuple of float
    tolerance : ndarray of shape (n_tests,)
        How far from an edge of the rope a value is on it (rounding).

    Returns
    -------
    summaries : DrawSummaries
    settled : ndarray of bool of shape (n_tests,)
        Whether each test's decision at ``threshold`` was settled when it stopped
        (True with ``n_draws`` given: nothing was asked of it).
    """
    n_tests, n = z.shape
    root = check_random_generator(random_state)
    with_equivalence = rope[0] != rope[1]
    expected = expected_theta(test, z, rope, tolerance, prior_strength)
    summaries = DrawSummaries(n_tests, keep, expected, with_equivalence)
    settled = np.ones(n_tests, dtype=bool)
    makers = {
        "products": lambda: _Products(test, z, rope, tolerance),
        "prefix": lambda: _PrefixSums(z, rope, tolerance),
    }
    kernels = {}
    buffers = _Buffers()

    def add(kernel, features, denominator, tests):
        above, below, denominator = kernel.numerators(features, tests, buffers, denominator)
        summaries.add(tests, above, below, denominator, buffers=buffers)

    active = np.arange(n_tests)
    threads = engine_threads(n_jobs)
    with single_threaded_blas(), Parallel(n_jobs=threads, require="sharedmem") as parallel:
        for sizes in chunk_rounds(n_draws, target_mcse):
            name = choose_kernel(test, n, active.size)
            kernel = kernels[name] = kernels.get(name) or makers[name]()
            # The seeds root.spawn would give its children: the same chunks whatever the
            # rounds.
            seeds = root.bit_generator.seed_seq.spawn(len(sizes))
            batches = [
                active[i : i + TESTS_PER_BATCH] for i in range(0, active.size, TESTS_PER_BATCH)
            ]
            for seed, size in zip(seeds, sizes, strict=True):
                for weights in chunk_weights(seed, size, n - 1, prior_strength,
                                             type(root.bit_generator), buffers):  # fmt: skip
                    for features, denominator in kernel.parts(weights, buffers):
                        if len(batches) == 1:
                            add(kernel, features, denominator, batches[0])
                        else:  # threads share the summaries, each batch its own rows
                            parallel(
                                delayed(add)(kernel, features, denominator, batch)
                                for batch in batches
                            )
            if n_draws is not None:
                break
            precise, decided, _ = summaries.settled(target_mcse, threshold)
            settled[active] = decided[active]
            active = active[~(precise & decided)[active]]
            if not active.size:
                break
    return summaries, settled
