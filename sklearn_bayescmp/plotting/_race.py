"""The race of a :class:`~sklearn_bayescmp.model_selection.RaceSearchCV`, look by look."""

import re

import numpy as np
from scipy import stats
from sklearn.utils.validation import check_is_fitted

from ..utils._docstrings import fill_doc
from ._base import (
    ACCENT,
    INK,
    OUTCOME_COLOURS,
    ROPE_COLOUR,
    _DisplayMixin,
    axes_to_draw_on,
    plain_text,
)

#: Candidates named beside the last look, at most (the survivors first).
MOST_LABELS = 12
#: The ", " before a parameter's ``name=`` in a candidate's name (not one inside a
#: value, such as ``hidden_layer_sizes=(10, 10)``).
_BEFORE_A_PARAMETER = re.compile(r", (?=\w+=)")


@fill_doc
class RaceDisplay(_DisplayMixin):
    """Each candidate's difference to the leader at every look of a race.

    At each look (x: the folds run so far) a candidate's posterior of ``leader
    - candidate`` under the Bayesian correlated t-test is drawn as its mean
    and its 95% credible interval, a candidate's looks joined by a line (the
    leader of a look is at 0). The last look, after every fold, drops no one. The
    rope is the grey band: a candidate leaves (a cross) when its interval has
    gone above the band with probability ``threshold``. The candidates still
    in at the end are drawn dark, the chosen one in green and named.

    Build it with :meth:`from_search`.

    Parameters
    ----------
    folds : ndarray of shape (n_looks,)
        Folds run at each look.
    series : dict of int to tuple of ndarray
        Per candidate: ``(look indices, mean, lower, upper)`` of ``leader -
        candidate``.
    dropped : dict of int to int
        Candidate -> the look index at which it left.
    survivors : sequence of int
        The candidates still in the race at its end.
    chosen : int or None
        The candidate the search chose (``race_.chosen``).
    names : sequence of str
        Every candidate's name (its parameters).
    rope : tuple of float
        The race's region of practical equivalence, drawn as a band.%(title)s

    Attributes
    ----------%(display_axes)s
    lines_ : dict of int to matplotlib Line2D
        Each candidate's line.

    See Also
    --------
    sklearn_bayescmp.model_selection.RaceSearchCV : The search it draws.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> from sklearn.datasets import load_breast_cancer
    >>> from sklearn.linear_model import LogisticRegression
    >>> from sklearn.model_selection import RepeatedStratifiedKFold
    >>> from sklearn.pipeline import make_pipeline
    >>> from sklearn.preprocessing import StandardScaler
    >>> from sklearn_bayescmp.model_selection import RaceSearchCV
    >>> from sklearn_bayescmp.plotting import RaceDisplay
    >>> X, y = load_breast_cancer(return_X_y=True)
    >>> cv = RepeatedStratifiedKFold(n_splits=5, n_repeats=4, random_state=0)
    >>> search = RaceSearchCV(
    ...     make_pipeline(StandardScaler(), LogisticRegression()),
    ...     {"logisticregression__C": [1e-4, 1e-3, 0.01, 0.1, 1]},
    ...     cv=cv, min_folds=5, step=5,
    ... ).fit(X, y)
    >>> display = RaceDisplay.from_search(search)
    >>> sorted(display.dropped)  # the two smallest C left, after 5 and 10 folds
    [0, 1]
    >>> plt.close(display.figure_)
    """

    def __init__(
        self, *, folds, series, dropped, survivors, chosen, names, rope, title=None
    ):  # fmt: skip
        self.folds = folds
        self.series = series
        self.dropped = dropped
        self.survivors = survivors
        self.chosen = chosen
        self.names = names
        self.rope = rope
        self.title = title

    @classmethod
    def from_search(cls, search, *, title=None, ax=None, **kwargs):
        """Plot the race of a fitted :class:`~sklearn_bayescmp.model_selection.RaceSearchCV`.

        Parameters
        ----------
        search : RaceSearchCV
            Fitted.%(title)s%(ax)s
        **kwargs : dict
            Passed to every candidate's ``plot`` (e.g. ``linewidth``).

        Returns
        -------
        RaceDisplay
        """
        check_is_fitted(search, "race_")
        race = search.race_
        series, dropped = {}, {}
        for index, look in enumerate(race.looks):
            half = stats.t.ppf(0.975, look.df) * look.scale
            for k, candidate in enumerate(look.candidates):
                points = series.setdefault(int(candidate), ([], [], [], []))
                for values, value in zip(
                    points,
                    (
                        index,
                        look.difference[k],
                        look.difference[k] - half[k],
                        look.difference[k] + half[k],
                    ),  # fmt: skip
                    strict=True,
                ):
                    values.append(value)
            # The leader of the look is at 0: its difference to itself.
            for values, value in zip(series.setdefault(int(look.leader), ([], [], [], [])),
                                     (index, 0.0, 0.0, 0.0), strict=True):  # fmt: skip
                values.append(value)
            for candidate in look.dropped:
                dropped[int(candidate)] = index
        names = [
            ", ".join(f"{key}={_shown(value)}" for key, value in params.items())
            for params in race.candidates
        ]
        display = cls(
            folds=np.array([look.n_folds for look in race.looks]),
            series={c: tuple(np.asarray(v) for v in s) for c, s in series.items()},
            dropped=dropped,
            survivors=[int(c) for c in race.survivors],
            chosen=race.chosen,
            names=names,
            rope=race.rope,
            title=title
            if title is not None
            else (
                f"Race of {len(names)} candidates: {race.share_of_fits:.0%} of the fits, "
                f"{len(race.survivors)} left"
            ),
        )
        return display.plot(ax=ax, **kwargs)

    @plain_text
    def plot(self, ax=None, *, title=None, **kwargs):
        """Draw every candidate's difference to the leader against the folds.

        Parameters
        ----------%(ax)s%(plot_title)s
        **kwargs : dict
            Passed to every candidate's ``plot``.

        Returns
        -------
        RaceDisplay
            This display, with ``ax_``, ``figure_`` and ``lines_``.
        """
        ax = axes_to_draw_on(ax, figsize=(7.0, 4.5))
        low, high = self.rope
        ax.axhspan(low, high, color=ROPE_COLOUR, alpha=0.25, lw=0, label="rope")
        ax.axhline(0.0, color=ROPE_COLOUR, lw=0.8)
        many = len(self.series) > 20
        width = (np.diff(self.folds).min() if len(self.folds) > 1 else 1.0) * 0.3
        self.lines_ = {}
        order = sorted(self.series, key=lambda c: (c in self.survivors, c == self.chosen))
        for rank, candidate in enumerate(order):
            looks, mean, lower, upper = self.series[candidate]
            # A small offset per candidate, so that intervals at one look do not hide each other.
            x = self.folds[looks] + width * (rank / max(len(order) - 1, 1) - 0.5)
            if candidate == self.chosen:
                colour, alpha, z = ACCENT, 1.0, 3
            elif candidate in self.survivors:
                colour, alpha, z = INK, 0.9, 2
            else:
                colour, alpha, z = OUTCOME_COLOURS["a"], 0.35 if many else 0.6, 1
            (line,) = ax.plot(x, mean, color=colour, alpha=alpha, zorder=z,
                              lw=0.8 if many else 1.2, **kwargs)  # fmt: skip
            # Many candidates: each interval at its last look only (its drop, or the end).
            shown = slice(-1, None) if many else slice(None)
            ax.vlines(x[shown], lower[shown], upper[shown], color=colour,
                      alpha=alpha * (0.5 if many else 1.0), lw=0.6 if many else 1.0,
                      zorder=z)  # fmt: skip
            if candidate in self.dropped:
                ax.plot(x[-1], mean[-1], "x", color=OUTCOME_COLOURS["a"], ms=5, zorder=4)
            self.lines_[candidate] = line
        self._label(ax)
        ax.set_xticks(self.folds)
        ax.set_xlabel("folds run")
        ax.set_ylabel("leader - candidate (score)")
        handles = [
            ax.plot([], [], color=OUTCOME_COLOURS["a"], marker="x", label="dropped")[0],
            ax.plot([], [], color=INK, label="still in")[0],
        ]
        if self.chosen is not None:
            handles.append(ax.plot([], [], color=ACCENT, label="chosen")[0])
        unnamed = len(self.survivors) - (self.chosen in self.survivors)
        if len(self.survivors) > MOST_LABELS and unnamed:
            # Too many survivors to name: the legend counts them.
            handles[1].set_label(f"still in ({unnamed} unnamed: see cv_results_)")
        # Below the axes: the right is for the survivors' names, the inside for the data.
        ax.legend(
            handles=[*handles, ax.patches[0]],
            loc="upper center",
            bbox_to_anchor=(0.5, -0.14),
            ncol=len(handles) + 1,
            frameon=False,
            fontsize="small",
        )
        return self._drawn(ax, title)

    def _label(self, ax):
        """Name the survivors at their last look, spread apart so that no two overlap;
        past :data:`MOST_LABELS` survivors, the chosen one only, and a count of the rest."""
        named = [c for c in self.survivors if c in self.series]
        if len(named) > MOST_LABELS:
            named = [self.chosen] if self.chosen in named else []
        if not named:
            return
        ax.figure.canvas.draw_idle()
        # A long name goes one parameter a line, never broken inside a value.
        texts = [
            _BEFORE_A_PARAMETER.sub(",\n", self.names[c]) if len(self.names[c]) > 36
            else self.names[c]
            for c in named
        ]  # fmt: skip
        heights = [8.5 * (text.count("\n") + 1) for text in texts]  # points, x-small text
        ends = [self.series[c][1][-1] for c in named]
        # The labels' heights in points, from the data's: a label keeps its point's
        # height unless the one below it needs the room.
        points_per_unit = ax.bbox.height * 72 / ax.figure.dpi / np.ptp(ax.get_ylim())
        wanted = np.asarray(ends) * points_per_unit
        placed = np.empty(len(named))
        previous_top = -np.inf
        for i in np.argsort(wanted):
            placed[i] = max(wanted[i], previous_top + heights[i] / 2)
            previous_top = placed[i] + heights[i] / 2
        for i, candidate in enumerate(named):
            looks = self.series[candidate][0]
            ax.annotate(
                texts[i],
                xy=(self.folds[looks[-1]], ends[i]),
                xytext=(8, placed[i] - wanted[i]),
                textcoords="offset points",
                va="center",
                fontsize="x-small",
                color=ACCENT if candidate == self.chosen else INK,
                annotation_clip=False,
                arrowprops={"arrowstyle": "-", "color": ROPE_COLOUR, "lw": 0.5},
            )


def _shown(value):
    """A parameter's value as people write it: ``0.01``, not ``np.float64(0.01)``."""
    if isinstance(value, (float, np.floating)):
        return f"{float(value):.4g}"
    if isinstance(value, (np.integer, np.bool_)):
        return repr(value.item())
    return repr(value) if isinstance(value, str) else str(value)
