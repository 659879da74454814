"""The numeric core of the back ends: one copy of every formula they share.

- :class:`CVSamples`: the sufficient statistics of a data set's differences
  (``n``, mean, sum of squares, ``n_test / n_train``), for one or many data
  sets at once (:func:`segment_statistics`);
- :func:`standard_error`: Nadeau & Bengio's corrected standard error
  ``sqrt((1/n + n_test/n_train) s**2)``;
- :func:`student_posterior`: the Student posterior of the mean difference
  under a Normal-Gamma prior (Corani & Benavoli, 2015, Theorem 2);
- :func:`rope_tails` and :func:`outcome_probabilities`: the probabilities of
  the three outcomes (A practically better, equivalent, B practically
  better) under a posterior;
- :func:`t_pvalue` and :func:`student_t_test`: the t statistic and its
  p-value.

The back ends are thin wrappers of these; no other module computes them.
"""

import math
from dataclasses import dataclass, replace
from typing import NamedTuple

import numpy as np
from scipy import stats

from .._differences import CVDifferences
from ..utils._advice import option
from ..utils._sklearn import StrOptions
from ..utils._validation import SIZE_CONSTRAINT, check_differences, check_split_sizes
from ._ties import TIE_TOLERANCE, edge_tolerance, merge_ties, tie_scale

#: Declared constraints of the arguments of a test of one data set's splits.
ONE_DATASET_CONSTRAINTS = {
    "differences": ["array-like", CVDifferences],
    "n_train": SIZE_CONSTRAINT,
    "n_test": SIZE_CONSTRAINT,
    "nan_policy": [StrOptions({"raise", "omit"})],
}
ALTERNATIVE_CONSTRAINT = [StrOptions({"two-sided", "greater", "less"})]


@dataclass(frozen=True)
class CVSamples:
    """Sufficient statistics of the analysed differences, one entry per data set."""

    n: np.ndarray
    mean: np.ndarray
    sum_squares: np.ndarray
    test_train_ratio: np.ndarray
    n_omitted: np.ndarray

    @property
    def variance(self):
        return self.sum_squares / (self.n - 1)


def segment_statistics(x, n_train, n_test, lengths, names=None, scales=None):
    """Statistics of consecutive segments of ``x`` (one per data set); NaN is omitted.

    Vectorised with ``reduceat`` so that many data sets cost about as much as
    one long array. ``x`` must be finite or NaN and the sizes positive.
    ``scales`` (one per segment; default: the segment's largest ``|x|``) is
    the magnitude of the scores behind ``x``: a segment whose values are
    equal up to :data:`~._ties.TIE_TOLERANCE` of it is constant.
    """
    starts = np.concatenate([[0], np.cumsum(lengths)[:-1]])
    valid = ~np.isnan(x)
    n = np.add.reduceat(valid, starts)
    if np.any(n < 2):
        i = int(np.argmin(n))
        where = "" if names is None else f" of data set {names[i]!r}"
        raise ValueError(
            f"`differences`{where} needs at least 2 finite values to estimate a variance; "
            f"got {int(n[i])} (of {int(lengths[i])}). Use more cross-validation splits."
        )
    mean = np.add.reduceat(np.where(valid, x, 0.0), starts) / n
    deviations = np.where(valid, x - np.repeat(mean, lengths), 0.0)
    sum_squares = np.add.reduceat(deviations**2, starts)
    # All equal (up to rounding) means exactly zero variance; summing squared
    # rounding errors would otherwise turn a point mass into a very narrow t.
    lowest = np.minimum.reduceat(np.where(valid, x, np.inf), starts)
    highest = np.maximum.reduceat(np.where(valid, x, -np.inf), starts)
    if scales is None:
        scales = np.maximum(np.abs(lowest), np.abs(highest))
    tolerance = TIE_TOLERANCE * np.asarray(scales, dtype=float)
    constant = highest - lowest <= tolerance
    mean = np.where(constant, np.where(np.abs(lowest) <= tolerance, 0.0, lowest), mean)
    sum_squares = np.where(constant, 0.0, sum_squares)
    test_sizes = np.add.reduceat(np.where(valid, n_test, 0), starts)
    train_sizes = np.add.reduceat(np.where(valid, n_train, 0), starts)
    return CVSamples(n, mean, sum_squares, test_sizes / train_sizes, np.asarray(lengths) - n)


class RecordOrigin(NamedTuple):
    """What a result says about the models compared: their names and mean scores."""

    model_a: str = "A"
    model_b: str = "B"
    mean_score_a: float | None = None
    mean_score_b: float | None = None

    @classmethod
    def of(cls, record, kept=None):
        """The origin of a :class:`CVDifferences` (mean scores over the ``kept`` splits)."""
        means = [None, None]
        for k, scores in enumerate((record.scores_a, record.scores_b)):
            if scores is not None:
                values = scores if kept is None else scores[kept]
                means[k] = float(np.mean(values)) if np.all(np.isfinite(values)) else None
        return cls(*record.model_names, *means)


def sizes_unknown(record):
    """The refusal of a record without split sizes by a test that corrects for them."""
    name = "" if record.name is None else f" of data set {record.name!r}"
    return ValueError(
        f"The record{name} has no split sizes (n_train, n_test), and this test corrects for the "
        "overlap of the training sets with n_test / n_train. Give the sizes (n_train and n_test "
        f"columns, or {option('test_train_ratio')}... when reading the table: 1/9 for 10-fold "
        "cross-validation), or use a test of the data sets' mean differences (sign, signed_rank, "
        "wilcoxon)."
    )


def cv_sample(differences, n_train, n_test, nan_policy, *, corrected=True):
    """Validated statistics of one data set (arrays of length one), and its origin.

    A record without split sizes is refused by a ``corrected`` test; the
    uncorrected one does not read them.
    """
    record = None
    if isinstance(differences, CVDifferences):
        if n_train is not None or n_test is not None:
            raise ValueError(
                "`n_train` and `n_test` are read from the CVDifferences record; "
                "do not pass them as well."
            )
        record = differences
        differences, n_train, n_test = (
            differences.differences,
            differences.n_train,
            differences.n_test,
        )
        if n_train is None:
            if corrected:
                raise sizes_unknown(record)
            n_train = n_test = 1  # read by nothing: the test does not correct
    elif n_train is None or n_test is None:
        raise ValueError(
            "`n_train` and `n_test` are required with an array of differences: the "
            "training and test set sizes of each split (scalars if all are equal)."
        )
    x, kept = check_differences(differences, nan_policy=nan_policy)
    n_train = check_split_sizes(n_train, n_splits=kept.size, name="n_train")[kept]
    n_test = check_split_sizes(n_test, n_splits=kept.size, name="n_test")[kept]
    scale = None if record is None else [record_scale(record)]
    statistics = segment_statistics(x, n_train, n_test, [x.size], scales=scale)
    origin = RecordOrigin() if record is None else RecordOrigin.of(record, kept)
    return replace(statistics, n_omitted=np.array([kept.size - x.size])), origin


def collection_statistics(records, names, *, drop_failed=False):
    """Statistics of many ``CVDifferences`` at once (failed splits omitted).

    Records are validated on construction, so only the NaN count is checked;
    every record needs its split sizes. With ``drop_failed``, the failed splits
    are dropped before the sums, as a test of one record (:func:`cv_sample`)
    drops them, so that each record's statistics equal that test's to the last
    digit; otherwise they are summed as zeros, which pairs the terms otherwise.
    """
    unsized = next((record for record in records if record.n_train is None), None)
    if unsized is not None:
        raise sizes_unknown(unsized)
    kept = [slice(None)] * len(records)
    if drop_failed:
        kept = [~np.isnan(record.differences) for record in records]
    pairs = list(zip(records, kept, strict=True))
    lengths = np.array([record.differences[k].size for record, k in pairs])
    sample = segment_statistics(
        np.concatenate([record.differences[k] for record, k in pairs]),
        np.concatenate([record.n_train[k] for record, k in pairs]),
        np.concatenate([record.n_test[k] for record, k in pairs]),
        lengths,
        names,
        scales=record_scales(records),
    )
    if drop_failed:  # the dropped splits are the omitted ones
        sample = replace(sample, n_omitted=np.array([r.n_splits for r in records]) - lengths)
    return sample


def record_scales(records):
    """:func:`record_scale` of every record, in one pass over their values."""
    parts = [
        (record.differences,) if record.scores_a is None else (record.scores_a, record.scores_b)
        for record in records
    ]
    lengths = [sum(values.size for values in part) for part in parts]
    magnitudes = np.abs(np.concatenate([values for part in parts for values in part]))
    magnitudes[~np.isfinite(magnitudes)] = 0.0  # tie_scale's "no finite value" is 0
    starts = np.concatenate([[0], np.cumsum(lengths)[:-1]])
    return np.maximum.reduceat(magnitudes, starts)


def record_scale(record):
    """The magnitude of a record's scores (of its differences when the scores are unknown).

    Ties and rope edges are decided up to :data:`~._ties.TIE_TOLERANCE` of it.
    """
    if record.scores_a is not None:
        return tie_scale(record.scores_a, record.scores_b)
    return tie_scale(record.differences)


def standard_error(n, variance, test_train_ratio):
    """``sqrt((1/n + n_test/n_train) s**2)`` (Nadeau & Bengio); ratio 0 is ``s / sqrt(n)``.

    Element-wise on arrays (every data set of a sample) or on one data set's numbers.
    """
    return np.sqrt((1.0 / n + test_train_ratio) * variance)


def t_pvalue(statistic, df, alternative):
    """The p-value of a t statistic for ``alternative`` ("two-sided", "greater", "less")."""
    if alternative == "greater":
        return float(stats.t.sf(statistic, df))
    if alternative == "less":
        return float(stats.t.cdf(statistic, df))
    return float(min(1.0, 2.0 * stats.t.sf(abs(statistic), df)))


def student_t_test(estimate, standard_error, df, alternative):
    """``(statistic, pvalue)`` of ``estimate / standard_error`` against Student's t.

    A zero standard error (all differences equal) gives ``+-inf`` and a
    p-value of 0 or 1, or a statistic of 0 and p-value 1 when the estimate is
    0: a sure sign, or no evidence. Never NaN.
    """
    if standard_error == 0:
        if estimate == 0:
            return 0.0, 1.0
        statistic = math.copysign(math.inf, estimate)
        if alternative == "two-sided":
            return statistic, 0.0
        return statistic, float((estimate > 0) != (alternative == "greater"))
    statistic = estimate / standard_error
    return float(statistic), t_pvalue(statistic, df, alternative)


def student_posterior(sample, prior):
    """Student-t posterior of the mean (Corani & Benavoli 2015, Theorem 2).

    With ``h = 1' M^-1 1 = n / (1 + (n - 1) rho)`` and
    ``Q = (x - 1 xbar)' M^-1 (x - 1 xbar) = SS / (1 - rho)``::

        loc   = (h xbar + mu0 / k0) / (h + 1/k0)
        a~    = a + n / 2
        b~    = b + (Q + h (1/k0) / (h + 1/k0) (xbar - mu0)**2) / 2
        mu    ~ St(df = 2 a~, loc, scale**2 = (b~ / a~) / (h + 1/k0))

    The ``b~`` term is the completed square ``h xbar**2 + mu0**2/k0 -
    loc**2 (h + 1/k0)`` in a form free of cancellation.
    """
    if prior is None:
        return (
            sample.n - 1.0,
            sample.mean,
            standard_error(sample.n, sample.variance, sample.test_train_ratio),
        )
    ratio = sample.test_train_ratio
    rho = ratio / (1.0 + ratio)
    h = sample.n / (1.0 + (sample.n - 1) * rho)
    quadratic = sample.sum_squares / (1.0 - rho)
    inv_k0 = 0.0 if math.isinf(prior.k0) else 1.0 / prior.k0
    precision = h + inv_k0
    loc = (h * sample.mean + prior.mu0 * inv_k0) / precision
    a_post = prior.a + sample.n / 2.0
    b_post = prior.b + 0.5 * (quadratic + h * inv_k0 / precision * (sample.mean - prior.mu0) ** 2)
    return 2.0 * a_post, loc, np.sqrt(b_post / a_post / precision)


def rope_tails(cdf, sf, median, rope):
    """``(P(mu > high), P(low <= mu <= high), P(mu < low))`` from a posterior's cdf and sf.

    ``cdf`` and ``sf`` evaluate the posterior at a point (element-wise for
    arrays of posteriors); ``median`` is its median. The mass inside the rope
    is taken as a difference in the tail where both terms are small, to keep
    its digits.
    """
    low, high = rope
    prob_b, prob_a = cdf(low), sf(high)
    prob_eq = np.where(high <= median, cdf(high) - prob_b, sf(low) - prob_a)
    return prob_a, np.maximum(prob_eq, 0.0), prob_b


def outcome_probabilities(df, loc, scale, rope):
    """``(P(mu > high), P(low <= mu <= high), P(mu < low))`` per row, shape ``(n, 3)``.

    Student posteriors given by arrays of ``df``, ``loc``, ``scale``; a zero
    scale is a point mass at ``loc``. Uses scipy's unfrozen ``t`` (one call
    for all data sets; freezing a distribution per data set costs more than
    the arithmetic).

    A point mass on the rope's edge is inside the rope (up to
    :data:`~._ties.TIE_TOLERANCE` of the larger of ``|loc|`` and the rope's
    bounds). A point mass on a rope of zero width (every difference 0, and
    ``rope=0``) is a tie, split in half between A and B: the limit of a
    Student posterior centred there as its scale shrinks, and what baycomp
    returns. With a zero-width rope there is no third outcome: a data set
    is a win of one model or the other (Corani & Benavoli, 2015).
    """
    low, high = rope
    df, loc, scale = np.broadcast_arrays(
        *(np.atleast_1d(v).astype(float) for v in (df, loc, scale))
    )
    point = scale == 0
    scale = np.where(point, 1.0, scale)
    probs = np.column_stack(
        rope_tails(
            lambda x: stats.t.cdf(x, df, loc, scale),
            lambda x: stats.t.sf(x, df, loc, scale),
            loc,
            rope,
        )
    )
    # A point mass on the rope's edge up to rounding (0.93 - 0.92 on a rope of
    # 0.01) is inside the rope, as baycomp counts an edge.
    tolerance = edge_tolerance(np.abs(loc), rope)
    inside = (low - tolerance <= loc) & (loc <= high + tolerance)
    masses = np.column_stack([loc > high + tolerance, inside, loc < low - tolerance])
    masses = masses.astype(float)
    if low == high:
        masses[inside] = (0.5, 0.0, 0.5)
    return np.where(point[:, None], masses, probs)


#: The works these numbers cite (:mod:`._bibliography`), for a report's bibliography.
CITED = ("Holm 1979",)


def holm_adjusted(pvalues):
    """Holm's step-down adjusted p-values (family-wise error control).

    The ``r``-th smallest p-value (``r = 1..m``) is multiplied by ``m - r + 1``;
    running maxima keep the order; values are capped at 1.

    Parameters
    ----------
    pvalues : array-like of shape (m,)
        The p-values of ``m`` tests.

    Returns
    -------
    ndarray of shape (m,)
        The adjusted p-values, in the input's order.

    Examples
    --------
    >>> from sklearn_bayescmp.stats._core import holm_adjusted
    >>> holm_adjusted([0.01, 0.04, 0.03, 0.005]).round(3)
    array([0.03, 0.06, 0.06, 0.02])
    """
    pvalues = np.asarray(pvalues, dtype=float)
    m = pvalues.size
    order = np.argsort(pvalues, kind="stable")
    stepped = np.maximum.accumulate(pvalues[order] * (m - np.arange(m)))
    adjusted = np.empty(m)
    adjusted[order] = np.minimum(stepped, 1.0)
    return adjusted


def average_ranks(scores):
    """Average rank of every model over the data sets (1 is best; ties averaged).

    Scores equal up to rounding tie (see :func:`merge_row_ties`).

    Parameters
    ----------
    scores : ndarray of shape (n_datasets, n_models)
        Greater is better.

    Returns
    -------
    ndarray of shape (n_models,)
    """
    return stats.rankdata(-merge_row_ties(scores), axis=1).mean(axis=0)


def merge_row_ties(scores):
    """Each data set's (row's) scores, those equal up to rounding made equal.

    The tolerance is :data:`~._ties.TIE_TOLERANCE` of the row's largest
    magnitude: two means of the same scores summed in another order tie.
    """
    scores = np.asarray(scores, dtype=float)
    return merge_ties(scores, np.max(np.abs(scores), axis=1))
