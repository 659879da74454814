"""Posterior draws of the three outcome probabilities, on the probability simplex."""

import numpy as np

from .._results import DirichletProcessTestResult, HierarchicalTestResult
from ._base import OUTCOME_COLOURS, axes_to_draw_on, outcome_label

#: Corners of the triangle: A better (bottom left), equivalent (top), B better
#: (bottom right).
CORNERS = np.array([[0.0, 0.0], [0.5, np.sqrt(3) / 2], [1.0, 0.0]])


def barycentric_to_cartesian(theta):
    """Points of the plane for rows ``(theta_a, theta_equivalent, theta_b)`` summing to one."""
    return np.asarray(theta, dtype=float) @ CORNERS


class SimplexDisplay:
    """Posterior draws of ``(theta_a, theta_equivalent, theta_b)`` in a triangle.

    Each draw of the Bayesian sign, signed-rank or hierarchical test is a
    point of the probability simplex, in barycentric coordinates: the closer
    to a corner, the more probable that outcome. The lines from the centre to
    the middle of each side split the triangle into the three regions where
    one outcome is the most probable; the share of points in each region is
    the test's ``prob_*``.

    Build it with :meth:`from_result`.

    Parameters
    ----------
    samples : ndarray of shape (n_samples, 3)
        Draws of ``(theta_a, theta_equivalent, theta_b)``.
    probabilities : dict
        ``{"a": ..., "equivalent": ..., "b": ...}``: the share of draws in
        each region.
    title : str, default=None
        Title of the axes.
    model_names : tuple of (str, str), default=("A", "B")
        Names of the two models, for the corner labels.

    Attributes
    ----------
    ax_ : matplotlib Axes
        The axes drawn on.
    figure_ : matplotlib Figure
        The figure of ``ax_``.
    scatter_ : matplotlib PathCollection
        The points.
    """

    def __init__(self, *, samples, probabilities, title=None, model_names=("A", "B")):
        self.samples = samples
        self.probabilities = probabilities
        self.title = title
        self.model_names = model_names

    @classmethod
    def from_result(cls, result, *, max_points=5000, random_state=0, ax=None, **kwargs):
        """Plot the draws of a sign, signed-rank or hierarchical test.

        Parameters
        ----------
        result : DirichletProcessTestResult or HierarchicalTestResult
            For the hierarchical test, each draw's probabilities of the three
            outcomes on a new data set (``samples["outcome_probabilities"]``).
        max_points : int, default=5000
            At most this many draws are drawn (a random subset), to keep the
            figure light.
        random_state : int, default=0
            Seed of the subset.
        ax : matplotlib Axes, default=None
            Axes to draw on; a new figure when None.
        **kwargs : dict
            Passed to ``scatter``.

        Returns
        -------
        SimplexDisplay
        """
        if isinstance(result, DirichletProcessTestResult):
            samples, title = result.samples, f"Bayesian {result.test} test"
        elif isinstance(result, HierarchicalTestResult):
            samples = result.samples["outcome_probabilities"].reshape(-1, 3)
            title = "Bayesian hierarchical test"
        else:
            raise TypeError(
                "`result` must be a DirichletProcessTestResult or a HierarchicalTestResult; "
                f"got {type(result).__name__}."
            )
        if len(samples) > max_points:
            rng = np.random.default_rng(random_state)
            samples = samples[rng.choice(len(samples), max_points, replace=False)]
        display = cls(
            samples=samples,
            probabilities=dict(result.probabilities),
            title=title,
            model_names=(result.model_a, result.model_b),
        )
        return display.plot(ax=ax, **kwargs)

    def plot(self, ax=None, **kwargs):
        """Draw the triangle, its three regions and the draws.

        Parameters
        ----------
        ax : matplotlib Axes, default=None
            Axes to draw on; a new figure when None.
        **kwargs : dict
            Passed to ``scatter`` (e.g. ``s``, ``alpha``).

        Returns
        -------
        SimplexDisplay
            This display, with ``ax_``, ``figure_`` and ``scatter_``.
        """
        ax = axes_to_draw_on(ax)
        ax.fill(*CORNERS.T, facecolor="none", edgecolor="black", linewidth=1.0)
        centre = CORNERS.mean(axis=0)
        for k in range(3):
            middle = (CORNERS[k] + CORNERS[(k + 1) % 3]) / 2
            ax.plot(*np.transpose([centre, middle]), color="black", linewidth=0.6)
        points = barycentric_to_cartesian(self.samples)
        winner = np.argmax(self.samples, axis=1)
        colours = np.array(list(OUTCOME_COLOURS.values()))[winner]
        style = {"s": 4, "alpha": 0.4, "linewidths": 0, **kwargs}
        self.scatter_ = ax.scatter(*points.T, c=colours, **style)
        offsets = [(-0.04, -0.06), (0.0, 0.04), (0.04, -0.06)]
        alignments = ["right", "center", "left"]
        for (outcome, probability), corner, offset, align in zip(
            self.probabilities.items(), CORNERS, offsets, alignments, strict=True
        ):
            ax.text(
                corner[0] + offset[0],
                corner[1] + offset[1],
                outcome_label(outcome, probability, self.model_names),
                ha=align,
                va="center",
                color=OUTCOME_COLOURS[outcome],
                fontsize="small",
            )
        ax.set_xlim(-0.35, 1.35)
        ax.set_ylim(-0.15, 1.0)
        ax.set_aspect("equal")
        ax.set_axis_off()
        if self.title:
            ax.set_title(self.title)
        self.ax_ = ax
        self.figure_ = ax.figure
        return self
