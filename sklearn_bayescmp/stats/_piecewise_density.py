"""A density whose logarithm is linear between given points, to propose from.

Many one-dimensional densities at once (the last axis holds each one's
points): the hierarchical sampler approximates the conditional density of
every data set's mean difference this way, draws a proposal from the
approximation and needs its exact density for the Metropolis-Hastings ratio.
Outside the first and last point the density is 0.
"""

import math

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
    ``f_k w (e^d - 1) / d = w (f_hi - f_lo) / |d|``, its ends' values relative to
    the largest of the density (so that nothing overflows); where ``|d|`` is
    below ``1e-4``, where the difference would lose digits, it is
    ``w f_hi (1 - |d|/2 + d^2/6)`` (the series of ``(1 - e^{-|d|}) / |d|``, to
    ``1e-13``). One exponential per point serves both ends of every piece.
    """

    def __init__(self, points, log_values):
        self.points = points
        self.log_values = log_values
        self.widths = np.diff(points, axis=-1)
        self.rises = np.diff(log_values, axis=-1)
        top = log_values.max(axis=-1, keepdims=True)
        values = np.exp(log_values - top)
        high = np.maximum(values[..., :-1], values[..., 1:])
        low = np.minimum(values[..., :-1], values[..., 1:])
        steep = np.abs(self.rises)
        flat = steep < 1e-4
        with np.errstate(divide="ignore", invalid="ignore"):
            share = np.where(flat, 1.0 - steep * (0.5 - steep / 6.0), (high - low) / steep)
            # Each piece's mass times e**-top (an empty piece has none).
            mass = self.widths * np.where(flat, high * share, share)
        self._cumulative_mass = mass.cumsum(axis=-1)
        self.log_normalizer = top[..., 0] + np.log(self._cumulative_mass[..., -1])
        self._first = self._firsts(points.shape)

    @staticmethod
    def _firsts(shape):
        """Where each density's values begin in the flat arrays, to pick one piece each."""
        return np.arange(0, math.prod(shape), shape[-1]).reshape(shape[:-1])

    def part(self, index):
        """The densities ``[index]`` of the batch's leading axis, sharing their arrays."""
        part = object.__new__(type(self))
        for name in ("points", "log_values", "widths", "rises", "_cumulative_mass"):
            setattr(part, name, getattr(self, name)[index])
        part.log_normalizer = self.log_normalizer[index]
        part._first = self._firsts(part.points.shape)
        return part

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
