"""Posterior draws of the three outcome probabilities, on the probability simplex."""

import numpy as np

from ..utils._docstrings import fill_doc
from ._base import (
    INK,
    OUTCOME_COLOURS,
    _DisplayMixin,
    axes_to_draw_on,
    characters_across,
    merge_style,
    outcome_label,
    plain_text,
    set_title,
    wrap_text,
    wrap_to_axes,
)

#: Corners of the triangle: A better (bottom left), equivalent (top), B better
#: (bottom right).
CORNERS = np.array([[0.0, 0.0], [0.5, np.sqrt(3) / 2], [1.0, 0.0]])


def barycentric_to_cartesian(theta):
    """Points of the plane for rows ``(theta_a, theta_equivalent, theta_b)`` summing to one."""
    return np.asarray(theta, dtype=float) @ CORNERS


@fill_doc
class SimplexDisplay(_DisplayMixin):
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
        each region.%(title)s
    model_names : tuple of (str, str), default=("A", "B")
        Names of the two models, for the corner labels.

    Attributes
    ----------%(display_axes)s
    scatter_ : matplotlib PathCollection
        The points.

    See Also
    --------
    sklearn_bayescmp.plotting.PosteriorDisplay : The posterior of one mean difference.
    sklearn_bayescmp.stats.signed_rank_test : A test whose draws it shows.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> from sklearn_bayescmp.plotting import SimplexDisplay
    >>> from sklearn_bayescmp.stats import signed_rank_test
    >>> result = signed_rank_test(
    ...     [0.031, 0.023, 0.047, -0.004, 0.041, 0.018, 0.026], random_state=0
    ... )
    >>> display = SimplexDisplay.from_result(result)
    >>> len(display.scatter_.get_offsets()) == result.n_draws  # one point per draw
    True
    >>> plt.close(display.figure_)
    """

    _kind = "simplex"

    def __init__(self, *, samples, probabilities, title=None, model_names=("A", "B")):
        self.samples = samples
        self.probabilities = probabilities
        self.title = title
        self.model_names = model_names

    @classmethod
    def from_result(cls, result, *, max_points=5000, random_state=0, title=None, ax=None, **kwargs):
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
        title : str, default=None
            Title of the axes; None names the test.%(ax)s
        **kwargs : dict
            Passed to ``scatter``.

        Returns
        -------
        SimplexDisplay
        """
        default_title = cls._check_result(result).title
        samples = result._outcome_draws()
        if not len(samples):
            raise ValueError(
                "This result kept no posterior draws to plot: compare_models keeps none by "
                "default, so that memory does not grow with the number of pairs. Pass "
                "keep_draws=5000 to compare_models, or run the test on the pair alone."
            )
        if len(samples) > max_points:
            rng = np.random.default_rng(random_state)
            samples = samples[rng.choice(len(samples), max_points, replace=False)]
        display = cls(
            samples=samples,
            probabilities=dict(result.probabilities),
            title=default_title if title is None else title,
            model_names=(result.model_a, result.model_b),
        )
        return display.plot(ax=ax, **kwargs)

    @plain_text
    def plot(self, ax=None, *, title=None, **kwargs):
        """Draw the triangle, its three regions and the draws.

        Parameters
        ----------%(ax)s%(plot_title)s
        **kwargs : dict
            Passed to ``scatter`` (e.g. ``s``, ``alpha``).

        Returns
        -------
        SimplexDisplay
            This display, with ``ax_``, ``figure_`` and ``scatter_``.
        """
        ax = axes_to_draw_on(ax)
        ax.fill(*CORNERS.T, facecolor="none", edgecolor=INK, linewidth=1.0)
        centre = CORNERS.mean(axis=0)
        for k in range(3):
            middle = (CORNERS[k] + CORNERS[(k + 1) % 3]) / 2
            ax.plot(*np.transpose([centre, middle]), color=INK, linewidth=0.6)
        points = barycentric_to_cartesian(self.samples)
        winner = np.argmax(self.samples, axis=1)
        colours = np.array(list(OUTCOME_COLOURS.values()))[winner]
        style = merge_style(
            {"s": 4, "alpha": 0.4, "linewidths": 0, "c": colours}, kwargs, "collection"
        )
        if "color" in style and "facecolor" not in style:  # a user's colour for every point
            style.pop("c")
        self.scatter_ = ax.scatter(*points.T, **style)
        ax.set_xlim(-0.05, 1.05)
        ax.set_ylim(-0.3, 1.02)
        ax.set_aspect("equal")
        # No axis, but its label: constrained layout then keeps room for what
        # the corners give, not an outcome's probability on a new data set (a
        # draw's position) but that of its being the most probable one there.
        # A panel too narrow for it (under 30 characters) goes without.
        ax.set_xticks([])
        ax.set_yticks([])
        ax.spines[:].set_visible(False)
        if characters_across(ax, role="annotation") >= 30:
            note = "corners: P(the outcome is the most probable on a new data set)"
            ax.set_xlabel(wrap_to_axes(note, ax, role="annotation"), fontsize="x-small", color=INK)
        set_title(ax, title if title is not None else self.title)
        # Corner labels under the bottom corners and above the top one, aligned
        # inwards, wrapped at half the triangle's width; a longer name is cut
        # only at the axes' width, and bottom labels that meet are stacked.
        placements = [
            ((0.0, -0.04), "left", "top"),
            ((0.5, np.sqrt(3) / 2 + 0.04), "center", "bottom"),
            ((1.0, -0.04), "right", "top"),
        ]
        across = characters_across(ax, role="annotation")  # one layout pass, not two
        width, word_width = 0.48 * across, 0.96 * across
        labels = []
        for (outcome, probability), ((x, y), align, vertical) in zip(
            self.probabilities.items(), placements, strict=True
        ):
            label = outcome_label(outcome, probability, self.model_names)
            text = ax.text(
                x,
                y,
                wrap_text(label, width, word_width=word_width),
                ha=align,
                va=vertical,
                color=OUTCOME_COLOURS[outcome],
                fontsize="small",
            )
            labels.append(text)
        _separate(labels[0], labels[2])
        self.ax_, self.figure_ = ax, ax.figure
        return self


def _separate(left, right):
    """Move the right corner's label below the left one's where, in narrow axes, they meet."""
    ax = left.axes
    ax.figure.draw_without_rendering()
    left_box, right_box = left.get_window_extent(), right.get_window_extent()
    if left_box.x1 < right_box.x0:
        return
    # The left label's bottom, in data coordinates, and a few points below it.
    to_data = ax.transData.inverted()
    _, bottom = to_data.transform((left_box.x0, left_box.y0 - 3))
    right.set_y(bottom)
