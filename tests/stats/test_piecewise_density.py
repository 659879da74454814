import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import integrate, stats

from sklearn_bayescmp.stats._piecewise_density import PiecewiseLogLinear


def _density(points, log_values):
    return PiecewiseLogLinear(np.asarray(points, float), np.asarray(log_values, float))


def _integral(density, low, high):
    """The density's integral over [low, high]: one quadrature per piece, each over the
    piece's share t in [0, 1] (so a piece of denormal width is no harder than another)."""
    edges = np.unique(np.clip(np.concatenate([[low, high], density.points]), low, high))

    def at_share(t, start, width):
        return np.exp(density.log_density(np.array(start + t * width)))

    total = 0.0
    for a, b in zip(edges[:-1], edges[1:], strict=True):
        total += (b - a) * integrate.quad(at_share, 0, 1, args=(a, b - a))[0]
    return total


def test_density_is_normalized_and_log_linear_between_points():
    density = _density([-2.0, -0.5, 0.0, 0.0, 1.0, 4.0], [0.0, 3.0, -1.0, 2.0, 2.0, -30.0])
    assert _integral(density, -2.0, 4.0) == pytest.approx(1.0, rel=1e-8)
    # Linear in log between two points: the midpoint is the mean of the logs.
    mid = density.log_density(np.array(-1.25)) + density.log_normalizer
    assert mid == pytest.approx(1.5)
    assert density.log_density(np.array([-2.1, 4.2])).tolist() == [-np.inf, -np.inf]


def test_steep_pieces_neither_overflow_nor_lose_the_mass():
    # A rise of 800 in one piece: exp(800) overflows if taken from the lower end.
    density = _density([0.0, 1.0, 2.0], [0.0, 800.0, 0.0])
    assert np.isfinite(density.log_normalizer)
    # Each piece holds e**800 / 800 of mass: half of it.
    assert density.log_normalizer == pytest.approx(800.0 + np.log(2.0 / 800.0))
    draws = density.sample(np.linspace(0.01, 0.99, 99), np.full(99, 0.5))
    assert np.all(np.abs(draws - 1.0) < 0.01)


def test_draws_follow_the_density():
    points = np.array([-3.0, -1.0, 0.0, 0.5, 2.0])
    density = _density(points, [-4.0, 0.0, 1.0, -2.0, -0.5])
    rng = np.random.default_rng(0)
    draws = density.sample(rng.random(20_000), rng.random(20_000))

    def cdf(x):
        return np.array([_integral(density, points[0], value) for value in np.atleast_1d(x)])

    grid = np.linspace(points[0], points[-1], 400)
    table = cdf(grid)
    assert stats.kstest(draws, lambda x: np.interp(x, grid, table)).pvalue > 0.01


def test_many_densities_at_once_match_each_alone():
    rng = np.random.default_rng(1)
    points = np.sort(rng.normal(size=(3, 4, 7)), axis=-1)
    log_values = rng.normal(size=(3, 4, 7))
    u, v = rng.random((3, 4)), rng.random((3, 4))
    together = PiecewiseLogLinear(points, log_values)
    draws = together.sample(u, v)
    for i, j in np.ndindex(3, 4):
        alone = PiecewiseLogLinear(points[i, j], log_values[i, j])
        assert alone.sample(u[i, j], v[i, j]) == pytest.approx(draws[i, j])
        assert alone.log_density(draws[i, j]) == pytest.approx(together.log_density(draws)[i, j])


@settings(max_examples=40, deadline=None)
@given(
    widths=st.lists(st.floats(0.0, 5.0), min_size=1, max_size=6),
    log_values=st.lists(st.floats(-50.0, 50.0), min_size=7, max_size=7),
    u=st.floats(0.0, 1.0, exclude_max=True),
    v=st.floats(0.0, 1.0, exclude_max=True),
)
def test_any_density_integrates_to_one_and_draws_inside(widths, log_values, u, v):
    if sum(widths) < 1e-3:
        widths = [*widths, 1.0]
    points = np.concatenate([[0.0], np.cumsum(widths)])
    density = _density(points, log_values[: points.size])
    assert _integral(density, points[0], points[-1]) == pytest.approx(1.0, rel=1e-6)
    draw = density.sample(np.array(u), np.array(v))
    assert points[0] <= draw <= points[-1]
    assert np.isfinite(density.log_density(draw))
