"""Each data set's posterior interval, sorted, with the rope band."""

import numpy as np
from sklearn.utils.validation import check_is_fitted

from ..utils._docstrings import fill_doc
from ._base import (
    ACCENT,
    INK,
    NAME_WIDTH,
    ROPE_COLOUR,
    _DisplayMixin,
    axes_to_draw_on,
    legend_outside,
    merge_style,
    plain_text,
    wrap_text,
    wrap_to_axes,
)


@fill_doc
class ForestDisplay(_DisplayMixin):
    """Forest plot of a collection: one posterior interval per data set.

    Rows are sorted by estimate; the rope is a shaded band. With a
    hierarchical result, each data set's shrinkage estimate and its interval
    are drawn next to its own estimate, showing how far the model pulls it
    towards the others, and a dashed line marks where it pulls them: the
    posterior mean of ``delta0``, the population's mean difference.

    Build it with :meth:`from_comparator`, :meth:`from_comparison` or
    :meth:`from_result`.

    Parameters
    ----------
    names : sequence of str
        Data set names.
    estimates : ndarray of shape (n_datasets,)
        Each data set's own estimate of the mean difference.
    intervals : ndarray of shape (n_datasets, 2) or None
        Their credible intervals.
    rope : tuple of (float, float)
        Region of practical equivalence.
    shrinkage_estimates : ndarray of shape (n_datasets,), default=None
        Shrinkage estimates of the hierarchical model.
    shrinkage_intervals : ndarray of shape (n_datasets, 2), default=None
        Their credible intervals.
    population_mean : float, default=None
        The posterior mean of the hierarchical model's ``delta0``, towards
        which the shrinkage estimates are pulled; drawn as a dashed line.
    interval_label : str, default="95% credible interval"
        Legend text of ``intervals``.
    model_names : tuple of (str, str), default=("A", "B")
        Names of the two models, for the x axis.%(title)s

    Attributes
    ----------%(display_axes)s
    order_ : ndarray of shape (n_datasets,)
        Row order: data set indices from bottom to top.

    See Also
    --------
    sklearn_bayescmp.stats.hierarchical_test : The test whose estimates it draws.
    sklearn_bayescmp.plotting.PosteriorDisplay : The posterior of one data set's difference.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> import numpy as np
    >>> from sklearn_bayescmp import CVDifferences
    >>> from sklearn_bayescmp.plotting import ForestDisplay
    >>> from sklearn_bayescmp.stats import hierarchical_test
    >>> rng = np.random.default_rng(0)
    >>> records = [
    ...     CVDifferences(rng.normal(0.02, 0.03, 30), n_train=90, n_test=10, name=name)
    ...     for name in ("iris", "wine", "cancer")
    ... ]
    >>> result = hierarchical_test(records, n_warmup=300, n_draws=500, random_state=0)
    >>> display = ForestDisplay.from_result(result)
    >>> display.names, display.shrinkage_estimates.shape
    (['iris', 'wine', 'cancer'], (3,))
    >>> plt.close(display.figure_)

    A fitted comparator's data sets are drawn the same way, with
    ``ForestDisplay.from_comparator(comparator, hierarchical=comparator.test("hierarchical"))``.
    """

    _kind = "forest"

    def __init__(
        self,
        *,
        names,
        estimates,
        intervals,
        rope,
        shrinkage_estimates=None,
        shrinkage_intervals=None,
        population_mean=None,
        interval_label="95% credible interval",
        model_names=("A", "B"),
        title=None,
    ):
        self.names = names
        self.estimates = estimates
        self.intervals = intervals
        self.rope = rope
        self.shrinkage_estimates = shrinkage_estimates
        self.shrinkage_intervals = shrinkage_intervals
        self.population_mean = population_mean
        self.interval_label = interval_label
        self.model_names = model_names
        self.title = title

    @classmethod
    def from_comparator(
        cls,
        comparator,
        *,
        hierarchical=None,
        prob=0.95,
        metric=None,
        title=None,
        ax=None,
        **kwargs,
    ):
        """Plot the data sets of a comparator fitted with ``fit_datasets``.

        Parameters
        ----------
        comparator : RepeatedCVComparator
            Fitted with :meth:`~sklearn_bayescmp.RepeatedCVComparator.fit_datasets`;
            each data set's interval comes from its Bayesian correlated t-test.
        hierarchical : HierarchicalTestResult, default=None
            Adds the shrinkage estimates of this hierarchical test.
        prob : float, default=0.95
            Probability of the intervals.
        metric : str, default=None
            With several metrics, which one.%(title)s%(ax)s
        **kwargs : dict
            Passed to the estimates' ``errorbar``.

        Returns
        -------
        ForestDisplay
        """
        check_is_fitted(comparator, "tables_")
        metric = comparator.metrics_[0] if metric is None else metric
        datasets = comparator.tables_[metric].datasets if metric in comparator.tables_ else ()
        results = {
            name: comparator.test("bayesian_correlated_t", metric=metric, dataset=name)
            for name in datasets
        }
        display = cls(
            names=list(results),
            estimates=np.array([r.loc for r in results.values()]),
            intervals=np.array([tuple(r.credible_interval(prob)) for r in results.values()]),
            rope=tuple(next(iter(results.values())).rope),
            shrinkage_estimates=None if hierarchical is None else hierarchical.shrinkage_estimates,
            shrinkage_intervals=None if hierarchical is None else hierarchical.shrinkage_intervals,
            population_mean=None if hierarchical is None else hierarchical.delta0_mean,
            interval_label=f"{prob:.0%} credible interval (correlated t-test)",
            model_names=comparator.model_names_,
            title=title,
        )
        return display.plot(ax=ax, **kwargs)

    @classmethod
    def from_comparison(cls, comparison, *, prob=0.95, title=None, ax=None, **kwargs):
        """Plot a two-model comparison over data sets with the scores of every split.

        Each data set's interval comes from its Bayesian correlated t-test; when
        the comparison's test is the hierarchical one, its shrinkage estimates
        and population mean are drawn beside them.

        Parameters
        ----------
        comparison : ModelComparison
            Of two models, from :func:`~sklearn_bayescmp.compare_models`, on a
            table with every split's scores and sizes: its ``per_dataset``
            correlated t-tests are drawn.
        prob : float, default=0.95
            Probability of the intervals.%(title)s%(ax)s
        **kwargs : dict
            Passed to the estimates' ``errorbar``.

        Returns
        -------
        ForestDisplay
        """
        from ..stats import get_backend

        if len(comparison.models) != 2:
            raise ValueError(
                f"comparison: a forest plot draws two models' difference; got "
                f"{len(comparison.models)} models. Select two with table.select(models=...)."
            )
        if not comparison.per_dataset:
            raise ValueError(
                "comparison: a forest plot draws each data set's correlated t-test, which "
                "needs every split's scores and their sizes (n_train and n_test, or "
                "test_train_ratio=... when reading the table); this comparison's table has "
                "no such data set."
            )
        names = list(comparison.per_dataset)
        posteriors = [tests.posterior for tests in comparison.per_dataset.values()]
        result = comparison.result(*comparison.models)
        pooled = "forest" in get_backend(comparison.test).displays
        display = cls(
            names=names,
            estimates=np.array([p.loc for p in posteriors]),
            intervals=np.array([tuple(p.credible_interval(prob)) for p in posteriors]),
            rope=tuple(comparison.rope),
            shrinkage_estimates=result.shrinkage_estimates if pooled else None,
            shrinkage_intervals=result.shrinkage_intervals if pooled else None,
            population_mean=result.delta0_mean if pooled else None,
            interval_label=f"{prob:.0%} credible interval (correlated t-test)",
            model_names=tuple(comparison.models),
            title=title,
        )
        return display.plot(ax=ax, **kwargs)

    @classmethod
    def from_result(cls, result, *, title=None, ax=None, **kwargs):
        """Plot the per-data-set means and shrinkage estimates of a hierarchical test.

        Parameters
        ----------
        result : HierarchicalTestResult
            Its ``means`` (no interval) and ``shrinkage_estimates`` with their
            95% HDIs.%(title)s%(ax)s
        **kwargs : dict
            Passed to the estimates' ``errorbar``.

        Returns
        -------
        ForestDisplay
        """
        cls._check_result(result)
        display = cls(
            names=list(result.names),
            estimates=np.asarray(result.means),
            intervals=None,
            rope=tuple(result.rope),
            shrinkage_estimates=result.shrinkage_estimates,
            shrinkage_intervals=result.shrinkage_intervals,
            population_mean=result.delta0_mean,
            model_names=(result.model_a, result.model_b),
            title=title,
        )
        return display.plot(ax=ax, **kwargs)

    @plain_text
    def plot(self, ax=None, *, title=None, **kwargs):
        """Draw one row per data set.

        Parameters
        ----------%(ax)s%(plot_title)s
        **kwargs : dict
            Passed to the estimates' ``errorbar`` (e.g. ``color``).

        Returns
        -------
        ForestDisplay
            This display, with ``ax_``, ``figure_`` and ``order_``.
        """
        names = [wrap_text(self.names[i], NAME_WIDTH) for i in range(len(self.names))]
        lines = max(name.count("\n") + 1 for name in names)
        # A row per data set, tall enough for its name's lines (small text).
        height = max(3.0, 1.6 + len(names) * (0.1 + 0.16 * lines))
        ax = axes_to_draw_on(ax, figsize=(8.0, height))
        estimates = np.asarray(self.estimates, dtype=float)
        self.order_ = np.argsort(estimates, kind="stable")
        rows = np.arange(len(estimates), dtype=float)
        ax.axvspan(*self.rope, color=ROPE_COLOUR, alpha=0.25, label="rope")
        ax.axvline(0.0, color=INK, linewidth=0.8, linestyle=":")
        shrinkage = self.shrinkage_estimates is not None
        offset = 0.15 if shrinkage else 0.0
        own = estimates[self.order_]
        style = {"fmt": "o", "capsize": 2, **merge_style({"color": INK}, kwargs)}
        if self.intervals is None:
            ax.errorbar(own, rows + offset, label="data set mean", **style)
        else:
            low, high = np.asarray(self.intervals, dtype=float)[self.order_].T
            label = f"data set mean, {self.interval_label}"
            _interval_bars(ax, own, rows + offset, low, high, label=label, **style)
        if shrinkage:
            shrunk = np.asarray(self.shrinkage_estimates, dtype=float)[self.order_]
            low, high = np.asarray(self.shrinkage_intervals, dtype=float)[self.order_].T
            _interval_bars(
                ax,
                shrunk,
                rows - offset,
                low,
                high,
                fmt="D",
                color=ACCENT,
                capsize=2,
                label="shrinkage estimate, 95% HDI (hierarchical)",
            )
        if self.population_mean is not None:
            ax.axvline(
                self.population_mean,
                color=ACCENT,
                linewidth=1.0,
                linestyle="--",
                label="delta0 (population mean)",
            )
        ax.set_yticks(rows, [names[i] for i in self.order_], parse_math=False)
        ax.set_ylim(-0.7, len(rows) - 0.3)
        ax.margins(x=0.08)  # the outermost markers whole, not cut by the limits
        from matplotlib.ticker import MaxNLocator

        ax.xaxis.set_major_locator(MaxNLocator(nbins=6))  # numbers that do not touch
        legend_outside(ax)  # first: the label is wrapped to what the legend leaves
        name_a, name_b = self.model_names
        ax.set_xlabel(wrap_to_axes(f"mean difference ({name_a} - {name_b})", ax))
        return self._drawn(ax, title)


def _interval_bars(ax, estimates, rows, low, high, **style):
    """Markers at the estimates with bars over their intervals.

    A posterior mean can lie outside its highest-density interval (a skewed
    or heavy-tailed posterior), which ``errorbar`` cannot draw (negative error
    lengths): the bars reach the estimate's side of the interval, and the
    rest of such an interval is drawn as a line of its own.
    """
    error = [np.maximum(estimates - low, 0.0), np.maximum(high - estimates, 0.0)]
    bars = ax.errorbar(estimates, rows, xerr=error, **style)
    outside = (estimates < low) | (estimates > high)
    if outside.any():
        colour = bars.lines[0].get_color()
        ax.hlines(rows[outside], low[outside], high[outside], colors=colour)
    return bars
