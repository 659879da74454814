"""Ties and rope edges up to rounding.

Two means of the same scores summed in another order differ in their last
bits: ``mean(a - b)`` over the splits is not ``mean(a) - mean(b)``, and
``(0.93 - 0.92) + (0.85 - 0.86)`` is ``-8.9e-17``, not 0. Tests that look at
ties (Friedman's ranks, Wilcoxon's zeros and equal magnitudes, a constant set
of differences) or at a rope's edge would then answer differently for the
same data read by another route. Every such decision is taken here, on values
equal up to a relative tolerance:

    two values are equal when they differ by at most ``TIE_TOLERANCE * scale``,

where ``scale`` is the largest magnitude of the scores the values come from
(of the values themselves when the scores are unknown). With 1e-12 the
tolerance is about 10,000 times the rounding error of a mean of a few
thousand scores, and 10,000 times smaller than the resolution of any score
printed with 8 significant digits.
"""

import numpy as np

#: Relative tolerance of ties and rope edges (to the scores' largest magnitude).
TIE_TOLERANCE = 1e-12


def tie_scale(*arrays, axis=None):
    """The largest finite magnitude in ``arrays`` (0 when there is none).

    With ``axis``, along it: one magnitude per row of arrays of one shape
    (every pair of a many-model table at once).
    """
    largest = 0.0
    for values in arrays:
        if values is None:
            continue
        values = np.abs(np.asarray(values, dtype=float))
        finite = np.where(np.isfinite(values), values, 0.0)
        largest = np.maximum(largest, finite.max(axis=axis, initial=0.0))
    return float(largest) if axis is None else largest


def merge_ties(values, scale):
    """Values equal up to rounding made exactly equal, along the last axis.

    Sorted along the last axis, a value within ``TIE_TOLERANCE * scale`` of
    its predecessor joins the predecessor's run; every value of a run takes
    the run's smallest value. Values farther apart are returned unchanged.

    Parameters
    ----------
    values : ndarray of shape (..., n)
        Finite values.
    scale : float or ndarray of shape (...)
        The magnitude the tolerance is relative to, for the whole array or
        for each row.

    Returns
    -------
    ndarray of shape (..., n)

    Examples
    --------
    >>> from sklearn_bayescmp.stats._ties import merge_ties
    >>> merge_ties(np.array([0.1 + 0.2, 0.3, 0.31]), scale=1.0).tolist()
    [0.3, 0.3, 0.31]
    """
    values = np.asarray(values, dtype=float)
    if values.shape[-1] < 2:
        return values.copy()
    tolerance = TIE_TOLERANCE * np.asarray(scale, dtype=float)[..., None]
    order = np.argsort(values, axis=-1, kind="stable")
    ordered = np.take_along_axis(values, order, axis=-1)
    starts = np.ones(ordered.shape, dtype=bool)
    starts[..., 1:] = np.diff(ordered, axis=-1) > tolerance
    positions = np.broadcast_to(np.arange(ordered.shape[-1]), ordered.shape)
    first_of_run = np.maximum.accumulate(np.where(starts, positions, 0), axis=-1)
    merged = np.empty_like(values)
    np.put_along_axis(merged, order, np.take_along_axis(ordered, first_of_run, -1), axis=-1)
    return merged


def merge_signed_ties(values, scale):
    """Values whose magnitudes are equal up to rounding made equal in magnitude; signs kept.

    A value within ``TIE_TOLERANCE * scale`` of 0 becomes exactly 0, and
    magnitudes within the tolerance of each other become equal: the zeros
    and the ties of magnitudes that Wilcoxon's test and the Walsh averages
    of the signed-rank test look at.

    Parameters
    ----------
    values : ndarray of shape (..., n)
    scale : float or ndarray of shape (...)
        For the whole array or for each row.

    Returns
    -------
    ndarray of shape (..., n)

    Examples
    --------
    >>> from sklearn_bayescmp.stats._ties import merge_signed_ties
    >>> merge_signed_ties(np.array([-8.9e-17, 0.93 - 0.92, -0.01]), scale=1.0).tolist()
    [0.0, 0.01, -0.01]
    """
    values = np.asarray(values, dtype=float)
    # 0 is put first, so a run that starts at 0 takes the value 0.
    zeros = np.zeros(values.shape[:-1] + (1,))
    magnitudes = merge_ties(np.concatenate([zeros, np.abs(values)], axis=-1), scale)[..., 1:]
    return np.where(values < 0, -magnitudes, magnitudes) + 0.0  # + 0.0: no -0.0


def edge_tolerance(scale, rope):
    """How far from a rope's edge a value is still on the edge.

    Relative to the scores' scale (a number, or an array of them), or to the
    rope's bounds when they are larger (a rope of 0.01 on differences that
    are all 0 still has edges of width ``1e-14``).
    """
    return TIE_TOLERANCE * np.maximum(scale, max(abs(float(rope[0])), abs(float(rope[1]))))
