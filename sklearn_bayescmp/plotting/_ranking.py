"""The posterior of the Plackett-Luce ranking: expected ranks and the chance of being first."""

import numpy as np

from ..stats._ranking import PlackettLuceResult
from ._base import (
    INK,
    OUTCOME_COLOURS,
    new_figure,
    note_direction,
    plain_text,
    wrap_to_axes,
    wrap_to_figure,
)


class RankingDisplay:
    """Posterior of a Plackett-Luce ranking of many models.

    Two panels share the models (best expected rank at the top): each
    model's expected rank on a new data set, and its probability of ranking
    first there, both with their 95% credible intervals.

    Build it with :meth:`from_result` or :meth:`from_comparison`.

    Parameters
    ----------
    models : sequence of str
        The models.
    expected_rank, expected_rank_interval : ndarray
        Posterior mean and 95% interval of every model's expected rank.
    prob_best, prob_best_interval : ndarray
        Posterior mean and 95% interval of every model's probability of
        ranking first.
    title : str, default=None
        Title of the figure.

    Attributes
    ----------
    ax_ : ndarray of two matplotlib Axes
        The rank panel and the probability panel.
    figure_ : matplotlib Figure
        The figure.
    order_ : ndarray of int
        Model indices from top (best) to bottom.

    See Also
    --------
    sklearn_bayescmp.stats.plackett_luce_ranking : The ranking it draws.
    sklearn_bayescmp.plotting.CriticalDifferenceDisplay : The average ranks of the same scores.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> from sklearn_bayescmp import ScoreTable, compare_models
    >>> table = ScoreTable.from_wide(
    ...     {"dataset": ["iris", "wine", "cancer", "digits", "adult", "credit"],
    ...      "knn": [0.95, 0.70, 0.93, 0.98, 0.82, 0.71],
    ...      "tree": [0.94, 0.90, 0.92, 0.85, 0.81, 0.69],
    ...      "forest": [0.96, 0.97, 0.96, 0.97, 0.86, 0.76]},
    ...     dataset="dataset",
    ...     greater_is_better=True,
    ... )
    >>> comparison = compare_models(table, rope=0.01, random_state=0)
    >>> from sklearn_bayescmp.plotting import RankingDisplay
    >>> display = RankingDisplay.from_comparison(comparison)
    >>> [display.models[i] for i in display.order_]  # best expected rank first
    ['forest', 'knn', 'tree']
    >>> plt.close(display.figure_)
    """

    def __init__(
        self,
        *,
        models,
        expected_rank,
        expected_rank_interval,
        prob_best,
        prob_best_interval,
        title=None,
    ):
        self.models = models
        self.expected_rank = expected_rank
        self.expected_rank_interval = expected_rank_interval
        self.prob_best = prob_best
        self.prob_best_interval = prob_best_interval
        self.title = title

    @classmethod
    def from_result(cls, result, *, title=None, ax=None):
        """Plot a :class:`~sklearn_bayescmp.PlackettLuceResult`.

        Parameters
        ----------
        result : PlackettLuceResult
            From :func:`~sklearn_bayescmp.stats.plackett_luce_ranking`.
        title : str, default=None
            Title of the figure; None says how many data sets were ranked.
        ax : sequence of two matplotlib Axes, default=None
            Axes to draw on; a new figure when None.

        Returns
        -------
        RankingDisplay
        """
        if not isinstance(result, PlackettLuceResult):
            raise TypeError(f"`result` must be a PlackettLuceResult; got {type(result).__name__}.")
        display = cls(
            models=list(result.names),
            expected_rank=result.expected_rank,
            expected_rank_interval=result.expected_rank_interval,
            prob_best=result.prob_best,
            prob_best_interval=result.prob_best_interval,
            title=title or f"Plackett-Luce ranking over {result.n_datasets} data sets",
        )
        return display.plot(ax=ax)

    @classmethod
    def from_comparison(cls, comparison, *, title=None, ax=None):
        """Plot the ranking of a :class:`~sklearn_bayescmp.ModelComparison`.

        Parameters
        ----------
        comparison : ModelComparison
            From :func:`~sklearn_bayescmp.compare_models` on two or more data sets.
        title : str, default=None
            Title of the figure; None says how many data sets were ranked (of
            how many the comparison has).
        ax : sequence of two matplotlib Axes, default=None
            Axes to draw on; a new figure when None.

        Returns
        -------
        RankingDisplay
        """
        if comparison.ranking is None:
            raise ValueError(
                "This comparison has no ranking (one data set, or ranking=False); use "
                "compare_models(..., ranking=True) on two or more data sets."
            )
        used, total = comparison.ranking.n_datasets, len(comparison.datasets)
        if title is None and used < total:
            title = (
                f"Plackett-Luce ranking over {used} of {total} data sets (those where every "
                "model has scores)"
            )
        display = cls.from_result(comparison.ranking, title=title, ax=ax)
        return note_direction(display, comparison, ax)

    @plain_text
    def plot(self, ax=None, *, title=None):
        """Draw both panels.

        Parameters
        ----------
        ax : sequence of two matplotlib Axes, default=None
            Axes to draw on; a new figure (constrained layout) when None.
        title : str, default=None
            Title of the figure; None uses the display's ``title``.

        Returns
        -------
        RankingDisplay
            This display, with ``ax_``, ``figure_`` and ``order_``.
        """
        k = len(self.models)
        if ax is None:
            figure, ax = new_figure(2, figsize=(8.0, 1.2 + 0.4 * k), width_ratios=(1, 1))
        else:
            ax = np.asarray(ax)
            figure = ax[0].figure
        rank_ax, prob_ax = ax
        self.order_ = np.argsort(self.expected_rank, kind="stable")
        rows = np.arange(k)
        for panel, values, interval, colour in (
            (rank_ax, self.expected_rank, self.expected_rank_interval, INK),
            (prob_ax, self.prob_best, self.prob_best_interval, OUTCOME_COLOURS["a"]),
        ):
            values = np.asarray(values)[self.order_]
            low, high = np.asarray(interval)[self.order_].T
            panel.errorbar(
                values,
                rows,
                xerr=[values - low, high - values],
                fmt="o",
                color=colour,
                capsize=3,
            )
            panel.set_yticks(rows, [self.models[i] for i in self.order_], parse_math=False)
            panel.set_ylim(k - 0.5, -0.5)
            panel.grid(axis="x", alpha=0.3)
        prob_ax.tick_params(labelleft=False)  # the names once, on the left
        rank_ax.set_xlim(0.8, k + 0.2)
        # Every rank a tick; at most about 12 numbers, which fit the panel without touching.
        steps = (m * 10**e for e in range(len(str(k))) for m in (1, 2, 5))
        step = next(step for step in steps if k <= 12 * step)
        rank_ax.set_xticks(range(1, k + 1), minor=True)
        rank_ax.set_xticks([r for r in range(1, k + 1) if r == 1 or r % step == 0])
        rank_ax.set_xlabel(wrap_to_axes("expected rank on a new data set (1 = best)", rank_ax))
        prob_ax.set_xlim(-0.03, 1.03)
        prob_ax.set_xlabel(wrap_to_axes("P(ranks first on a new data set)", prob_ax))
        title = title if title is not None else self.title
        if title:
            figure.suptitle(wrap_to_figure(title, figure))
        self.ax_, self.figure_ = np.array([rank_ax, prob_ax]), figure
        return self
