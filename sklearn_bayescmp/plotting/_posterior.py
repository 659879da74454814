"""The posterior density of the mean difference, with the rope, the HDI and zero."""

from sklearn.utils.validation import check_is_fitted

from ..utils._docstrings import fill_doc
from ._base import (
    INK,
    ROPE_COLOUR,
    _DisplayMixin,
    axes_to_draw_on,
    legend_outside,
    merge_style,
    outcome_label,
    plain_text,
    wrap_to_axes,
)


@fill_doc
class PosteriorDisplay(_DisplayMixin):
    """Posterior of the mean difference ``A - B``.

    Draws the posterior density (a point mass as a vertical arrow), shades
    the region of practical equivalence, marks the highest-density interval
    and zero, and names the three probabilities in the legend in plain words
    ("P(A better) = 0.77"). The legend sits to the right of the axes, where it
    cannot cover the curve; the x label names the models and, when known,
    their mean scores (as baycomp does).

    Build it with :meth:`from_result` or :meth:`from_comparator`.

    Parameters
    ----------
    grid : ndarray of shape (n_points,)
        Mean differences at which the density is given.
    density : ndarray of shape (n_points,) or None
        Posterior density on ``grid``; None for a point mass at ``point``.
    point : float or None
        Location of a point-mass posterior.
    rope : tuple of (float, float)
        Region of practical equivalence.
    hdi : tuple of (float, float)
        Highest-density interval.
    hdi_prob : float
        Its probability.
    probabilities : dict
        ``{"a": ..., "equivalent": ..., "b": ...}``.
    xlabel : str, default=None
        Label of the x axis; None says "mean difference (A - B)" with the
        models' names.
    model_names : tuple of (str, str), default=("A", "B")
        Names of the two models, for the legend and the x axis.
    mean_scores : tuple of (float, float), default=None
        Mean score of each model, shown in the x label when given.%(title)s

    Attributes
    ----------%(display_axes)s
    line_ : matplotlib Line2D or None
        The density curve (None for a point mass).

    See Also
    --------
    sklearn_bayescmp.plotting.SimplexDisplay : The three probabilities of a sampled posterior.
    sklearn_bayescmp.stats.bayesian_correlated_ttest : The test whose posterior it draws.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> import numpy as np
    >>> from sklearn_bayescmp.stats import bayesian_correlated_ttest
    >>> from sklearn_bayescmp.plotting import PosteriorDisplay
    >>> x = np.random.default_rng(0).normal(0.01, 0.02, 100)
    >>> result = bayesian_correlated_ttest(x, n_train=90, n_test=10)
    >>> display = PosteriorDisplay.from_result(result)
    >>> [text.get_text() for text in display.ax_.get_legend().get_texts()][3:]
    ['P(A better) = 0.59', 'P(equivalent) = 0.40', 'P(B better) = 0.001']
    >>> plt.close(display.figure_)
    """

    _kind = "posterior"

    def __init__(
        self,
        *,
        grid,
        density,
        point,
        rope,
        hdi,
        hdi_prob,
        probabilities,
        xlabel=None,
        model_names=("A", "B"),
        mean_scores=None,
        title=None,
    ):
        self.grid = grid
        self.density = density
        self.point = point
        self.rope = rope
        self.hdi = hdi
        self.hdi_prob = hdi_prob
        self.probabilities = probabilities
        self.xlabel = xlabel
        self.model_names = model_names
        self.mean_scores = mean_scores
        self.title = title

    @classmethod
    def from_result(cls, result, *, hdi_prob=0.95, n_points=400, title=None, ax=None, **kwargs):
        """Plot the posterior of a Bayesian result.

        Parameters
        ----------
        result : BayesianCorrelatedTTestResult or HierarchicalTestResult
            For the hierarchical test, the posterior of ``delta0``, the mean
            difference of the population of data sets (a histogram of the
            draws).
        hdi_prob : float, default=0.95
            Probability of the marked highest-density interval.
        n_points : int, default=400
            Grid points of the density curve.%(title)s%(ax)s
        **kwargs : dict
            Passed to the density line's ``plot``.

        Returns
        -------
        PosteriorDisplay
        """
        cls._check_result(result)
        # The legend gives the probabilities of what is drawn: the mean
        # difference's posterior (for the hierarchical test, delta0's).
        curve = result._posterior_curve(n_points=n_points)
        hdi = tuple(result.credible_interval(hdi_prob))
        grid, density, point = curve.grid, curve.density, curve.point
        probabilities, xlabel, mean_scores = curve.probabilities, curve.xlabel, curve.mean_scores
        display = cls(
            grid=grid,
            density=density,
            point=point,
            rope=tuple(result.rope),
            hdi=hdi,
            hdi_prob=hdi_prob,
            probabilities=probabilities,
            xlabel=xlabel,
            model_names=(result.model_a, result.model_b),
            mean_scores=mean_scores,
            title=title,
        )
        return display.plot(ax=ax, **kwargs)

    @classmethod
    def from_comparator(
        cls, comparator, *, hdi_prob=0.95, metric=None, title=None, ax=None, **kwargs
    ):
        """Plot the posterior of a comparator fitted with ``fit``.

        Parameters
        ----------
        comparator : RepeatedCVComparator
            Fitted with :meth:`~sklearn_bayescmp.RepeatedCVComparator.fit`.
        hdi_prob : float, default=0.95
            Probability of the marked highest-density interval.
        metric : str, default=None
            With several metrics, which one.%(title)s%(ax)s
        **kwargs : dict
            Passed to the density line's ``plot``.

        Returns
        -------
        PosteriorDisplay
        """
        check_is_fitted(comparator, "result_")
        return cls.from_result(
            comparator.test("bayesian_correlated_t", metric=metric),
            hdi_prob=hdi_prob,
            title=title,
            ax=ax,
            **kwargs,
        )

    @plain_text
    def plot(self, ax=None, *, title=None, **kwargs):
        """Draw the posterior.

        Parameters
        ----------%(ax)s%(plot_title)s
        **kwargs : dict
            Passed to the density line's ``plot`` (e.g. ``color``).

        Returns
        -------
        PosteriorDisplay
            This display, with ``ax_``, ``figure_`` and ``line_``.
        """
        style = merge_style({"color": INK}, kwargs)
        # Wide enough that the legend beside it leaves the density most of the width.
        ax = axes_to_draw_on(ax, figsize=(8.5, 4.5))
        low, high = self.rope
        ax.axvspan(low, high, color=ROPE_COLOUR, alpha=0.25, label="rope")
        ax.axvline(0.0, color="black", linewidth=0.8, linestyle=":", label="zero")
        if self.density is None:
            self.line_ = None
            ax.annotate(
                "",
                xy=(self.point, 1.0),
                xytext=(self.point, 0.0),
                arrowprops={"arrowstyle": "-|>", "color": style["color"]},
            )
            ax.set_ylim(0.0, 1.1)
            ax.set_ylabel("probability (point mass)")
        else:
            (self.line_,) = ax.plot(self.grid, self.density, **style)
            ax.set_ylim(bottom=0.0)
            ax.set_ylabel("posterior density")
        hdi_low, hdi_high = self.hdi
        ax.hlines(
            0.0,
            hdi_low,
            hdi_high,
            colors=INK,
            linewidth=4,
            label=f"{self.hdi_prob:.0%} HDI [{hdi_low:.3g}, {hdi_high:.3g}]",
        )
        # One legend entry per outcome, in plain words.
        for outcome, probability in self.probabilities.items():
            ax.plot([], [], " ", label=outcome_label(outcome, probability, self.model_names))
        legend_outside(ax)  # first: the label is wrapped to what the legend leaves
        ax.set_xlabel(wrap_to_axes(self._xlabel(), ax))
        return self._drawn(ax, title)

    def _xlabel(self):
        if self.xlabel:
            return self.xlabel
        name_a, name_b = self.model_names
        label = f"mean difference ({name_a} - {name_b})"
        if self.mean_scores is not None:
            score_a, score_b = self.mean_scores
            label += f"\nmean scores: {name_a} {score_a:.4g}, {name_b} {score_b:.4g}"
        return label
