"""Classic effect sizes of a pair of models, reported beside the Bayesian analysis.

- :func:`cohens_dz`: the paired standardized mean difference (Cohen's d for
  paired samples).
- :func:`cliffs_delta`: Cliff's dominance statistic between two samples, as
  autorank reports it.

Both are descriptive: they have no rope and say nothing about uncertainty.
"""

import numpy as np
from scipy import stats

from ._ties import merge_signed_ties, tie_scale

#: The works these numbers cite (:mod:`._bibliography`), for a report's bibliography.
CITED = ("Cliff 1993", "Cohen 1988")


def cohens_dz(differences, *, scale=None):
    """Cohen's d of paired samples: the mean difference over its standard deviation.

    .. math::

        d_z = \\frac{\\bar d}{s_d}, \\qquad
        s_d^2 = \\frac{1}{n - 1} \\sum_i (d_i - \\bar d)^2

    It is the paired t statistic divided by :math:`\\sqrt n` (Cohen, 1988,
    §2.3.5; Lakens, 2013).

    Parameters
    ----------
    differences : array-like of shape (n,)
        Paired differences A - B (per data set, or per split of one data
        set); NaN values are left out.
    scale : float, default=None
        The magnitude of the scores the differences come from (default: the
        largest ``|difference|``). Differences equal up to ``1e-12`` of it
        are equal: a standard deviation made of rounding errors is 0, not a
        divisor that makes ``d_z`` huge.

    Returns
    -------
    float
        Positive when A scores higher. ``inf`` (with the mean's sign) when
        every difference is equal and non-zero, 0 when all are zero, NaN
        with fewer than two differences.

    See Also
    --------
    sklearn_bayescmp.stats.cliffs_delta : An effect size of ranks, robust to outlying data sets.
    sklearn_bayescmp.stats.corrected_ttest : The test of the mean difference.

    Examples
    --------
    >>> from sklearn_bayescmp.stats import cohens_dz
    >>> round(cohens_dz([0.02, 0.01, 0.03, -0.01, 0.02]), 3)
    0.923
    """
    differences = np.asarray(differences, dtype=float)
    differences = differences[~np.isnan(differences)]
    if differences.size < 2:
        return float("nan")
    scale = tie_scale(differences) if scale is None else float(scale)
    if not 0 <= scale < np.inf:
        raise ValueError(
            f"`scale` must be a finite magnitude >= 0 (the scores' largest |value|); got {scale!r}."
        )
    return float(cohens_dz_rows(differences[None], np.array([scale]))[0])


def cliffs_delta(a, b):
    """Cliff's delta: how often a score of A beats one of B, less the reverse.

    .. math::

        \\delta = \\frac{\\#\\{(i, j): a_i > b_j\\} - \\#\\{(i, j): a_i < b_j\\}}{n_a n_b}
                = \\frac{2 U}{n_a n_b} - 1

    where :math:`U` is the Mann-Whitney statistic of A
    (:func:`scipy.stats.mannwhitneyu`; ties count one half). Every score of
    A is set against every score of B, unpaired (Cliff, 1993), as autorank
    computes it.

    Parameters
    ----------
    a, b : array-like of shape (n_a,) and (n_b,)
        The scores of the two models; NaN values are left out.

    Returns
    -------
    float
        In [-1, 1]: 1 when every score of A exceeds every score of B. NaN
        when either sample is empty.

    See Also
    --------
    sklearn_bayescmp.stats.cohens_dz : The mean difference in standard deviations.
    sklearn_bayescmp.stats.wilcoxon_test : The rank test of the same differences.

    Examples
    --------
    >>> from sklearn_bayescmp.stats import cliffs_delta
    >>> cliffs_delta([0.81, 0.84, 0.79, 0.90], [0.78, 0.80, 0.79, 0.85])
    0.4375
    """
    a, b = (np.asarray(x, dtype=float) for x in (a, b))
    a, b = a[~np.isnan(a)], b[~np.isnan(b)]
    if a.size == 0 or b.size == 0:
        return float("nan")
    u = stats.mannwhitneyu(a, b, method="asymptotic").statistic
    return float(2.0 * u / (a.size * b.size) - 1.0)


#: Comparisons of scores held at once by :func:`cliffs_delta_rows` (4 MiB of booleans).
_COMPARISONS_PER_BLOCK = 1 << 22


def cliffs_delta_rows(a, b):
    """:func:`cliffs_delta` of every row of ``a`` against the same row of ``b``.

    Counts ``a_i > b_j`` and ``a_i < b_j`` over the non-NaN values of each
    row (no test per row: thousands of pairs of models at the cost of one
    comparison each), in blocks of rows that hold at most
    :data:`_COMPARISONS_PER_BLOCK` comparisons.

    Parameters
    ----------
    a, b : ndarray of shape (n_rows, n)
        Each row the scores of one pair's two models; NaN values are left out.

    Returns
    -------
    ndarray of shape (n_rows,)
        NaN for a row where either side has no value.
    """
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    counts = (~np.isnan(a)).sum(axis=1) * (~np.isnan(b)).sum(axis=1)
    dominance = np.empty(a.shape[0])
    step = max(1, _COMPARISONS_PER_BLOCK // max(1, a.shape[1] * b.shape[1]))
    for start in range(0, a.shape[0], step):
        rows = slice(start, start + step)
        left, right = a[rows, :, None], b[rows, None, :]
        # NaN compares False both ways: it drops out of both counts.
        dominance[rows] = (left > right).sum(axis=(1, 2)) - (left < right).sum(axis=(1, 2))
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(counts > 0, dominance / counts, np.nan)


def cohens_dz_rows(differences, scale):
    """:func:`cohens_dz` of every row of ``differences``, with a ``scale`` per row.

    Rows without NaN are computed together (this is where :func:`cohens_dz`
    computes too); a row with NaN values (a pair that shares no split on some
    data set) goes through :func:`cohens_dz`, which leaves them out.

    Parameters
    ----------
    differences : ndarray of shape (n_rows, n)
    scale : ndarray of shape (n_rows,)

    Returns
    -------
    ndarray of shape (n_rows,)
    """
    differences = np.asarray(differences, dtype=float)
    scale = np.asarray(scale, dtype=float)
    result = np.empty(differences.shape[0])
    gaps = np.isnan(differences).any(axis=1)
    for row in np.flatnonzero(gaps):
        result[row] = cohens_dz(differences[row], scale=scale[row])
    whole = ~gaps
    if differences.shape[1] < 2:
        result[whole] = np.nan
        return result
    merged = merge_signed_ties(differences[whole], scale[whole])
    mean, sd = merged.mean(axis=1), merged.std(axis=1, ddof=1)
    with np.errstate(invalid="ignore", divide="ignore"):
        ratio = mean / sd
    equal = np.ptp(merged, axis=1) == 0
    ratio[equal] = np.where(mean[equal] == 0, 0.0, np.copysign(np.inf, mean[equal]))
    result[whole] = ratio
    return result
