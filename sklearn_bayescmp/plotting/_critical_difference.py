"""A critical-difference-style diagram whose bars mean "practically equivalent"."""

import numpy as np

from ..utils._docstrings import fill_doc
from ._base import (
    ACCENT,
    INK,
    OUTCOME_COLOURS,
    axes_to_draw_on,
    note_direction,
    plain_text,
    wrap_text,
    wrap_to_figure,
)


def equivalent_groups(order, equivalent):
    """Maximal runs of consecutive models (in rank order) that are all pairwise equivalent.

    Parameters
    ----------
    order : sequence of int
        Model indices from best to worst rank.
    equivalent : ndarray of bool of shape (n_models, n_models)
        Which pairs are practically equivalent.

    Returns
    -------
    list of (int, int)
        ``(first, last)`` positions in ``order`` of every maximal run of two or
        more models, none contained in another.
    """
    groups = []
    for start in range(len(order)):
        end = start
        while end + 1 < len(order) and all(
            equivalent[order[a], order[end + 1]] for a in range(start, end + 1)
        ):
            end += 1
        if end > start and (not groups or end > groups[-1][1]):
            groups.append((start, end))
    return groups


def unjoined_pairs(order, equivalent, groups):
    """The equivalent pairs that no bar joins: a model ranked between them is not
    equivalent to both, so no run of consecutive models holds them.

    Returns
    -------
    list of (int, int)
        Model indices, the better ranked first, in rank order.
    """
    position = {model: k for k, model in enumerate(order)}
    joined = set()
    for first, last in groups:
        run = order[first : last + 1]
        joined |= {(a, b) for a in run for b in run}
    return [
        (a, b)
        for a in order
        for b in order
        if position[a] < position[b] and equivalent[a, b] and (a, b) not in joined
    ]


@fill_doc
class CriticalDifferenceDisplay:
    """Models on a rank axis, joined by bars where they are practically equivalent.

    The layout of Demšar's (2006) critical-difference diagrams, with Bayesian
    content: models sit at their expected rank under the Plackett-Luce model
    (or their average rank), and a bar joins a run of models whose every pair
    is practically equivalent with probability above a threshold, rather
    than "not significantly different". Nemenyi's critical difference is
    drawn above the axis as the frequentist reference.

    Build it with :meth:`from_comparison`.

    Parameters
    ----------
    models : sequence of str
        The models.
    ranks : ndarray of shape (n_models,)
        Their ranks (1 is best).
    groups : list of (int, int)
        Runs of practically equivalent models: first and last position in
        rank order (see :func:`equivalent_groups`).
    rank_label : str, default="expected rank"
        What the axis shows.
    bar_label : str, default=None
        What the bars mean (and what no bar means), written under the
        diagram.
    critical_difference : float, default=None
        Nemenyi's critical difference, drawn above the axis when given.
    kind : {"bayesian", "classic"}, default="bayesian"
        Bayesian bars (practically equivalent) are drawn in the colour of
        the rope, classic ones (not significantly different) in black, as
        Demšar draws them.%(title)s

    Attributes
    ----------%(display_axes)s
    order_ : ndarray of int
        Model indices from best to worst rank.
    bars_ : list of matplotlib Line2D
        The bars joining equivalent models.

    See Also
    --------
    sklearn_bayescmp.stats.friedman_test : The average ranks and the critical difference.
    sklearn_bayescmp.plotting.RankingDisplay : The Bayesian ranking.

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
    >>> from sklearn_bayescmp.plotting import CriticalDifferenceDisplay
    >>> display = CriticalDifferenceDisplay.from_comparison(comparison)
    >>> dict(zip(display.models, display.ranks.round(2).tolist()))  # Plackett-Luce ranks
    {'knn': 1.97, 'tree': 2.65, 'forest': 1.38}
    >>> display.groups  # no pair practically equivalent: no bar
    []
    >>> plt.close(display.figure_)
    """

    def __init__(
        self,
        *,
        models,
        ranks,
        groups,
        rank_label="expected rank",
        bar_label=None,
        critical_difference=None,
        kind="bayesian",
        title=None,
    ):
        self.models = models
        self.ranks = ranks
        self.groups = groups
        self.rank_label = rank_label
        self.bar_label = bar_label
        self.critical_difference = critical_difference
        self.kind = kind
        self.title = title

    @classmethod
    def from_comparison(
        cls,
        comparison,
        *,
        kind="bayesian",
        ranks=None,
        threshold=None,
        posthoc="nemenyi",
        reference=True,
        title=None,
        ax=None,
    ):
        """Plot a :class:`~sklearn_bayescmp.ModelComparison` of two or more data sets.

        Parameters
        ----------
        comparison : ModelComparison
            From :func:`~sklearn_bayescmp.compare_models`.
        kind : {"bayesian", "classic"}, default="bayesian"
            "bayesian": bars join models whose every pair is practically
            equivalent (``P(equivalent) > threshold``). "classic": Demšar's
            diagram, on average ranks, with bars joining models whose every
            pair is *not significantly different* by the ``posthoc`` test.
            Either way the caption says what a bar means, and what no bar
            means.
        ranks : {"expected", "average"}, default=None
            The axis of the Bayesian diagram: "expected" (the default), the
            Plackett-Luce posterior mean of every model's rank, or "average",
            the average rank over the data sets. The classic diagram is
            always on average ranks.
        threshold : float, default=None
            Bayesian: a bar joins models whose every pair has
            ``P(equivalent)`` above it; None uses the comparison's threshold.
        posthoc : {"nemenyi", "holm", "shaffer", "wilcoxon"}, default="nemenyi"
            Classic: which pairs are significantly different. "nemenyi",
            "holm" and "shaffer" test the average ranks
            (:meth:`~sklearn_bayescmp.stats.FriedmanTestResult.posthoc`);
            "wilcoxon" uses the comparison's pairwise Wilcoxon signed-rank
            p-values with Holm's correction (as autorank does).
        reference : bool, default=True
            Bayesian on average ranks (``ranks="average"``): draw Nemenyi's
            critical difference above the axis, the frequentist reference. A
            critical difference is a distance in average ranks: it is never
            drawn on the axis of expected ranks.%(title)s%(ax)s

        Returns
        -------
        CriticalDifferenceDisplay
        """
        if kind not in ("bayesian", "classic"):
            raise ValueError(f"`kind` must be 'bayesian' or 'classic'; got {kind!r}.")
        if kind == "classic" and ranks not in (None, "average"):
            raise ValueError(
                f"The classic diagram is on average ranks; got ranks={ranks!r}. Drop `ranks`, "
                "or use kind='bayesian' for expected ranks."
            )
        if posthoc not in ("nemenyi", "holm", "shaffer", "wilcoxon"):
            raise ValueError(
                f"`posthoc` must be 'nemenyi', 'holm', 'shaffer' or 'wilcoxon'; got {posthoc!r}."
            )
        if kind == "bayesian" and posthoc != "nemenyi":
            raise ValueError(
                f"`posthoc` ({posthoc!r}) picks the bars of kind='classic'; the Bayesian "
                "diagram's bars are practical equivalence (see `threshold`)."
            )
        friedman = comparison.reference.friedman
        if kind == "classic":
            if friedman is None:
                raise ValueError(
                    "The classic diagram needs the Friedman test: three or more models on two "
                    "or more data sets."
                )
            of = len(comparison.datasets)
            if posthoc != "wilcoxon":
                display = cls._classic(friedman, posthoc, title, ax, of=of)
                return note_direction(display, comparison, ax)
            # With a Friedman test (data sets, 3+ models) the pairwise reference is
            # the Wilcoxon test over the data sets.
            from ..stats import get_backend

            alpha = comparison.reference.alpha
            pairwise = get_backend(comparison.reference.test).title
            display = cls._classic(
                friedman,
                None,
                title,
                ax,
                different=np.asarray(comparison.reference.pvalues_holm) < alpha,
                test=f"{pairwise}, Holm, alpha = {alpha:g}",
                of=of,
            )
            return note_direction(display, comparison, ax)
        ranks = "expected" if ranks is None else ranks
        if ranks not in ("expected", "average"):
            raise ValueError(f"`ranks` must be 'expected' or 'average'; got {ranks!r}.")
        if ranks == "expected":
            if comparison.ranking is None:
                raise ValueError(
                    "This comparison has no ranking (one data set, or ranking=False); use "
                    "compare_models(..., ranking=True) on two or more data sets."
                )
            values, label = comparison.ranking.expected_rank, "expected rank (Plackett-Luce)"
            label += _subset_words(comparison.ranking.n_datasets, len(comparison.datasets))
        else:
            if friedman is None:
                raise ValueError(
                    "Average ranks need three or more models on two or more data sets."
                )
            values, label = friedman.average_ranks, "average rank"
            label += _subset_words(friedman.n_datasets, len(comparison.datasets))
        threshold = comparison.threshold if threshold is None else threshold
        equivalent = np.asarray(comparison.prob_equivalent) > threshold
        order = np.argsort(values, kind="stable")
        groups = equivalent_groups(order, equivalent)
        apart = unjoined_pairs(order, equivalent, groups)
        if groups:
            caption = (
                f"Bars: every pair practically equivalent, P(equivalent) > {threshold:g}. No "
                "bar between two models: they are not shown equivalent (one may be practically "
                "better, or the pair is undecided)."
            )
        elif apart:
            caption = (
                "No bar: no run of neighbours is practically equivalent with P(equivalent) > "
                f"{threshold:g}."
            )
        else:
            caption = (
                f"No bar: no pair is practically equivalent with P(equivalent) > {threshold:g}"
                " (which does not say that the models differ)."
            )
        if apart:
            named = "; ".join(
                f"{comparison.models[i]} and {comparison.models[j]}" for i, j in apart[:6]
            )
            more = f" and {len(apart) - 6} more" if len(apart) > 6 else ""
            caption += (
                " Also practically equivalent, with a model ranked between them that is not: "
                f"{named}{more}."
            )
        display = cls(
            models=list(comparison.models),
            ranks=np.asarray(values, dtype=float),
            groups=groups,
            rank_label=label,
            bar_label=caption,
            # A critical difference is a distance in average ranks: never on expected ones.
            critical_difference=(
                friedman.critical_difference
                if reference and friedman is not None and ranks == "average"
                else None
            ),
            title=title,
        )
        return note_direction(display.plot(ax=ax), comparison, ax)

    @classmethod
    def from_friedman(cls, result, *, posthoc="nemenyi", title=None, ax=None):
        """Demšar's (2006) critical-difference diagram of a Friedman test.

        Models sit at their average ranks; a bar joins models whose every
        pair is not significantly different by the ``posthoc`` test at the
        result's ``alpha``. "Not significantly different" is not evidence
        of equivalence: the caption says so.

        Parameters
        ----------
        result : FriedmanTestResult
            From :func:`~sklearn_bayescmp.stats.friedman_test` (or a
            comparison's ``reference.friedman``).
        posthoc : {"nemenyi", "holm", "shaffer"}, default="nemenyi"
            The post-hoc test of all pairs; Nemenyi's critical difference is
            drawn with "nemenyi".%(title)s%(ax)s

        Returns
        -------
        CriticalDifferenceDisplay
        """
        if posthoc not in ("nemenyi", "holm", "shaffer"):
            raise ValueError(f"`posthoc` must be 'nemenyi', 'holm' or 'shaffer'; got {posthoc!r}.")
        return cls._classic(result, posthoc, title, ax)

    @classmethod
    def _classic(cls, friedman, posthoc, title, ax, *, different=None, test=None, of=None):
        """The classic diagram: average ranks, bars where no pair differs significantly.

        ``posthoc`` names a test of the average ranks, or ``different`` (with its
        ``test`` in words) gives the pairs another test found different; ``of``: the
        data sets of the comparison, when the ranks were computed on fewer.
        """
        critical_difference = None
        if different is None:
            tests = friedman.posthoc(method=posthoc)
            different, critical_difference = tests.significant, tests.critical_difference
            test = f"{tests._title}, alpha = {friedman.alpha:g}"
        order = np.argsort(friedman.average_ranks, kind="stable")
        groups = equivalent_groups(order, ~np.asarray(different, dtype=bool))
        caption = (
            f"Bars: no pair significantly different ({test}); not evidence of equivalence. No "
            "bar between two models: they differ significantly."
            if groups
            else f"No bar: every pair of neighbours differs significantly ({test})."
        )
        display = cls(
            models=list(friedman.names),
            ranks=np.asarray(friedman.average_ranks, dtype=float),
            groups=groups,
            rank_label="average rank" + _subset_words(friedman.n_datasets, of or 0),
            bar_label=caption,
            critical_difference=critical_difference,
            kind="classic",
            title=title,
        )
        return display.plot(ax=ax)

    @plain_text
    def plot(self, ax=None, *, title=None):
        """Draw the diagram.

        Parameters
        ----------%(ax)s%(plot_title)s

        Returns
        -------
        CriticalDifferenceDisplay
            This display, with ``ax_``, ``figure_``, ``order_`` and ``bars_``.
        """
        k = len(self.models)
        half = (k + 1) // 2
        n_rows = max(half, k - half)
        bar_depth = 0.35 + 0.22 * np.arange(len(self.groups))
        first_row = (bar_depth[-1] if len(self.groups) else 0.2) + 0.45
        ranks = np.asarray(self.ranks, dtype=float)
        self.order_ = np.argsort(ranks, kind="stable")
        # The best half is named left of the axis, the rest right: the figure
        # widens with the names (about 0.065 inch per character of small text)
        # so that the axis keeps its length.
        label_length = [len(f"{self.models[i]} (0.00)") for i in self.order_]
        names = max(label_length[:half]) + max(label_length[half:], default=0)
        # The axis keeps about 0.22 inch per rank, so that many models do not crowd it.
        width = min(24.0, max(7.5, 4.0 + 0.065 * names, 1.5 + 0.065 * names + 0.22 * k))
        # The caption wrapped to the figure (small text: about 5.5 points a character),
        # and room for its lines below the rows.
        caption = wrap_text(self.bar_label or "", 0.9 * width * 72 / 5.5)
        n_lines = caption.count("\n") + 1 if caption else 0
        height = first_row + 0.45 * n_rows + 0.2 + 0.3 * n_lines
        ax = axes_to_draw_on(ax, figsize=(width, 1.3 + 0.45 * height))
        low, high = 1.0, float(max(k, np.ceil(ranks.max())))
        # The rank axis, best on the left.
        ax.plot([low, high], [0, 0], color=INK, linewidth=1)
        step = 1 if k <= 20 else 2 if k <= 40 else 5  # numbers that do not overlap
        for tick in range(int(low), int(high) + 1):
            ax.plot([tick, tick], [0, -0.1], color=INK, linewidth=1)
            if tick == 1 or tick % step == 0:
                ax.text(tick, -0.16, str(tick), ha="center", va="bottom", fontsize="small")
        ax.text((low + high) / 2, -0.55, self.rank_label, ha="center", va="bottom")
        # Each model: a line from its rank down to its row, then out to its label.
        pad = 0.05 * (high - low)
        for position, index in enumerate(self.order_):
            left = position < half
            row = first_row + 0.45 * (position if left else k - 1 - position)
            edge = low - pad if left else high + pad
            rank = ranks[index]
            ax.plot([rank, rank, edge], [0, row, row], color=INK, linewidth=0.8)
            ax.text(
                edge - 0.02 * (high - low) if left else edge + 0.02 * (high - low),
                row,
                f"{self.models[index]} ({rank:.2f})",
                ha="right" if left else "left",
                va="center",
                fontsize="small",
            )
        # Bars: runs of practically equivalent models.
        self.bars_ = []
        for depth, (first, last) in zip(bar_depth, self.groups, strict=True):
            start = ranks[self.order_[first]] - 0.05
            stop = ranks[self.order_[last]] + 0.05
            (bar,) = ax.plot(
                [start, stop],
                [depth, depth],
                color=OUTCOME_COLOURS["equivalent"] if self.kind == "bayesian" else INK,
                linewidth=4 if self.kind == "bayesian" else 3,
                solid_capstyle="round",
            )
            self.bars_.append(bar)
        if self.critical_difference is not None:
            cd = self.critical_difference
            ax.plot([low, low + cd], [-1.0, -1.0], color=ACCENT, linewidth=1.5)
            for x in (low, low + cd):
                ax.plot([x, x], [-1.08, -0.92], color=ACCENT, linewidth=1.5)
            ax.text(
                low + cd + 0.03 * (high - low),
                -1.0,
                f"Nemenyi CD = {cd:.2f}"
                + (" (frequentist reference)" if self.kind == "bayesian" else ""),
                va="center",
                fontsize="small",
                color=ACCENT,
            )
        if caption:
            ax.text(
                (low + high) / 2,
                height - 0.1,
                caption,
                ha="center",
                va="bottom",
                fontsize="small",
            )
        # With few data sets the critical difference can exceed the axis: keep its end.
        reach = high if self.critical_difference is None else max(high, low + cd)
        ax.set_xlim(low - pad, reach + pad)
        ax.set_ylim(height, -1.4 if self.critical_difference is not None else -0.9)
        ax.set_axis_off()
        title = title if title is not None else self.title
        if title:  # centred on the diagram, which is about as wide as the figure
            ax.set_title(wrap_to_figure(title, ax.figure))
        self.ax_, self.figure_ = ax, ax.figure
        return self


def _subset_words(used, total):
    """What a rank axis says when it ranks on some of the data sets only."""
    if used >= total:
        return ""
    return f", on {used} of {total} data sets: those where every model has scores"
