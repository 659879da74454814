"""A density whose logarithm is linear between given points, to propose from.

Many one-dimensional densities at once (the last axis holds each one's
points): the hierarchical sampler approximates the conditional density of
every data set's mean difference this way, draws a proposal from the
approximation and needs its exact density for the Metropolis-Hastings ratio.
Outside the first and last point the density is 0.
"""

import numpy as np


class PiecewiseLogLinear:
    """Densities proportional to ``exp`` of the linear interpolation of ``log_values``.

    Parameters
    ----------
    points : ndarray of shape (..., m)
        Increasing along the last axis (ties allowed: an empty piece).
    log_values : ndarray of shape (..., m)
        The log density, up to a constant, at ``points``. Finite.

    Notes
    -----
    On the piece ``[x_k, x_k + w]`` with ``log f`` rising by ``d``, the mass is
    ``f_k w (e^d - 1) / d``, computed from the larger end as
    ``max(f_k, f_{k+1}) w (1 - e^{-|d|}) / |d|`` so that it neither overflows
    nor loses digits.
    """

    def __init__(self, points, log_values):
        self.points = points
        self.log_values = log_values
        self.widths = np.diff(points, axis=-1)
        self.rises = np.diff(log_values, axis=-1)
        steep = np.abs(self.rises) + 1e-300
        with np.errstate(divide="ignore"):  # an empty piece has no mass
            log_mass = np.maximum(log_values[..., :-1], log_values[..., 1:]) + np.log(
                self.widths * -np.expm1(-steep) / steep
            )
        top = log_mass.max(axis=-1, keepdims=True)
        self._cumulative_mass = np.exp(log_mass - top).cumsum(axis=-1)  # times e**-top
        self.log_normalizer = top[..., 0] + np.log(self._cumulative_mass[..., -1])
        # Where a density's values sit in the flat arrays, to pick one piece each.
        n_points = points.shape[-1]
        self._first = np.arange(0, points.size, n_points).reshape(points.shape[:-1])

    def sample(self, uniform_piece, uniform_within):
        """One draw per density, from two arrays of uniforms on [0, 1) of the batch shape."""
        mass = self._cumulative_mass
        below = mass < (uniform_piece * mass[..., -1])[..., None]
        piece = np.minimum(below.sum(axis=-1), mass.shape[-1] - 1)
        start, width, rise = self._at(piece)
        # Inverse CDF of exp(-|d| t) on [0, 1], mirrored where the density rises.
        fall = -np.abs(rise)
        u = np.where(rise > 0, 1.0 - uniform_within, uniform_within)
        with np.errstate(divide="ignore", invalid="ignore"):
            share = np.where(fall < -1e-12, np.log1p(u * np.expm1(fall)) / fall, u)
        share = np.clip(np.where(rise > 0, 1.0 - share, share), 0.0, 1.0)
        return start + width * share

    def log_density(self, x):
        """The normalized log density at ``x`` (batch shape); ``-inf`` outside the points."""
        # The last point belongs to the last piece: a draw can land on it.
        piece = (self.points[..., :-1] <= x[..., None]).sum(axis=-1) - 1
        inside = (piece >= 0) & (x <= self.points[..., -1])
        piece = np.maximum(piece, 0)
        start, width, rise = self._at(piece)
        with np.errstate(invalid="ignore", divide="ignore"):
            share = np.clip(np.where(width > 0, (x - start) / width, 0.0), 0.0, 1.0)
        log_start = self.log_values.reshape(-1)[self._first + piece]
        value = log_start + share * rise - self.log_normalizer
        return np.where(inside, value, -np.inf)

    def _at(self, piece):
        """Start, width and rise of one piece per density."""
        start = self.points.reshape(-1)[self._first + piece]
        # Pieces are one fewer than points: their flat index is shifted by the density's number.
        index = self._first + piece - self._first // self.points.shape[-1]
        return start, self.widths.reshape(-1)[index], self.rises.reshape(-1)[index]
