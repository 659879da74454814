"""Every pair of models at a glance: a heatmap of the pairwise probabilities."""

import numpy as np

from ..utils._docstrings import fill_doc
from ._base import (
    INK,
    NAME_WIDTH,
    PROBABILITY_CMAP,
    _DisplayMixin,
    axes_to_draw_on,
    format_probability,
    new_figure,
    note_direction,
    plain_text,
    wrap_text,
)

#: The most models whose cells print their probabilities (and "≈" marks): past them a
#: cell is too small for text, and the colour says the value.
_MOST_NUMBERED = 20
#: Past this many models, names longer than this many characters are shown as their
#: numbers on the axes, with a key beside the figure.
_LONGEST_NAME = 28
#: Lines in one column of that key.
_KEY_ROWS = 45
_TITLES = {
    "prob_a_better": "P(row model practically better)",
    "prob_equivalent": "P(practically equivalent)",
    "prob_b_better": "P(column model practically better)",
}


@fill_doc
class PairwiseDisplay(_DisplayMixin):
    """Heatmap of a pairwise probability of a many-model comparison.

    Cell ``(i, j)`` holds, by default, the probability that the row model
    ``i`` is practically better than the column model ``j``; the cell of a
    model against itself is left blank. Up to 20 models every cell is
    annotated with its probability (never printing a certainty that is not
    one); cells where the decision rule decided the outcome shown are
    outlined, and pairs decided practically equivalent are marked "≈" with a
    dashed outline. Past 20 models the colour says the value and the outlines
    are thin, so that blocks show; names too long for the axes are numbered,
    with a key beside the heatmap.

    Build it with :meth:`from_comparison`.

    Parameters
    ----------
    models : sequence of str
        The models, in row (and column) order.
    values : ndarray of shape (n_models, n_models)
        The probabilities.
    decided : ndarray of bool of shape (n_models, n_models), default=None
        Cells to outline (the decision rule decided there).
    equivalent : ndarray of bool of shape (n_models, n_models), default=None
        Pairs decided practically equivalent, marked when ``values`` shows
        another outcome.
    label : str, default="P(row model practically better)"
        What the colours mean (the colour bar's label).%(title)s
    ordered_by : str, default=None
        What the order of the models is, when it means something ("best
        expected rank first"): said beside the axes.

    Attributes
    ----------%(display_axes)s
    order_ : ndarray of int or None
        :meth:`from_comparison`: the comparison's models in the order shown
        (by the ranking, so that blocks of equivalent models show); None
        for a display built directly.
    key_ : list of matplotlib Text or None
        The key of the numbered names (one text per column of names), when
        the names are numbered; None otherwise.
    image_ : matplotlib AxesImage
        The heatmap.
    colorbar_ : matplotlib Colorbar
        Its colour bar.
    texts_ : ndarray of matplotlib Text
        The annotations (None on the diagonal, and everywhere past 20
        models, where the colour says the value).

    See Also
    --------
    sklearn_bayescmp.compare_models : The comparison it draws.
    sklearn_bayescmp.plotting.RankingDisplay : The ranking of the same models.

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
    >>> from sklearn_bayescmp.plotting import PairwiseDisplay
    >>> display = PairwiseDisplay.from_comparison(comparison)
    >>> display.models  # in ranking order
    ['forest', 'knn', 'tree']
    >>> plt.close(display.figure_)
    """

    def __init__(
        self,
        *,
        models,
        values,
        decided=None,
        equivalent=None,
        label=_TITLES["prob_a_better"],
        title=None,
        ordered_by=None,
    ):
        self.models = models
        self.values = values
        self.decided = decided
        self.equivalent = equivalent
        self.label = label
        self.title = title
        self.ordered_by = ordered_by
        self.order_ = None

    @classmethod
    def from_comparison(cls, comparison, *, attribute="prob_a_better", title=None, ax=None):
        """Plot a pairwise probability of a :class:`~sklearn_bayescmp.ModelComparison`.

        Parameters
        ----------
        comparison : ModelComparison
            From :func:`~sklearn_bayescmp.compare_models`.
        attribute : {"prob_a_better", "prob_equivalent", "prob_b_better"}, \
default="prob_a_better"
            Which probability.
        title : str, default=None
            Title of the axes; None names the test and the rope.%(ax)s

        Returns
        -------
        PairwiseDisplay
        """
        if attribute not in _TITLES:
            raise ValueError(f"`attribute` must be one of {list(_TITLES)}; got {attribute!r}.")
        outcome = {"prob_a_better": "a", "prob_equivalent": "equivalent", "prob_b_better": "b"}
        decisions = np.asarray(comparison.decisions)
        decided = decisions == outcome[attribute]
        equivalent = None if attribute == "prob_equivalent" else decisions == "equivalent"
        from ..stats import get_backend

        backend = get_backend(comparison.test)
        if title is None:
            low, high = comparison.rope
            title = f"{backend.title}, rope [{low:g}, {high:g}]"
        # Say what the probability is of: a majority of these data sets, the most
        # probable outcome on a new one... (the tests' P are not one quantity).
        scope = backend.result_type._probability_scope
        label = _TITLES[attribute] if not scope else f"{_TITLES[attribute][:-1]}: {scope})"
        # The models in the ranking's order (best first), so that blocks of equivalent
        # or decided pairs show; without a ranking, by how often each wins.
        if comparison.ranking is not None:
            order = np.argsort(comparison.ranking.expected_rank, kind="stable")
            ordered_by = "best expected rank first"
        else:
            wins = np.asarray(comparison.prob_a_better) - np.asarray(comparison.prob_b_better)
            order = np.argsort(-wins.sum(axis=1), kind="stable")
            ordered_by = "most often better first"
        grid = np.ix_(order, order)
        display = cls(
            models=[comparison.models[i] for i in order],
            values=np.asarray(getattr(comparison, attribute), dtype=float)[grid],
            decided=decided[grid],
            equivalent=None if equivalent is None else equivalent[grid],
            label=label,
            title=title,
            ordered_by=ordered_by,
        )
        display.order_ = order
        return note_direction(display.plot(ax=ax), comparison, ax)

    @plain_text
    def plot(self, ax=None, *, title=None):
        """Draw the heatmap.

        Parameters
        ----------
        ax : matplotlib Axes, default=None
            Axes to draw on; a new figure when None (its size grows with the
            number of models).%(plot_title)s

        Returns
        -------
        PairwiseDisplay
            This display, with ``ax_``, ``figure_``, ``image_``,
            ``colorbar_`` and ``texts_``.
        """
        k = len(self.models)
        names = [str(name) for name in self.models]
        # Many models with long names: the axes show numbers and a key the names, which
        # would otherwise take more room than the heatmap.
        numbered = k > _MOST_NUMBERED and max(map(len, names)) > _LONGEST_NAME
        side = min(12.0, 2.5 + 0.55 * k)
        # Room for the names: about 0.05 inch per character of the longest, slanted.
        room = 0.05 * (len(str(k)) if numbered else max(map(len, names)))
        key_ax = None
        if ax is None and numbered:
            columns = -(-k // _KEY_ROWS)
            width = columns * 0.075 * (max(map(len, names)) + len(str(k)) + 2)
            _, (ax, key_ax) = new_figure(
                2, figsize=(side + 1.5 + room + width, side + room), width_ratios=[side, width]
            )
        else:
            ax = axes_to_draw_on(ax, figsize=(side + 1.5 + room, side + room))
        values = np.array(self.values, dtype=float)
        shown = np.ma.masked_array(values, mask=np.eye(k, dtype=bool))
        self.image_ = ax.imshow(shown, cmap=PROBABILITY_CMAP, vmin=0.0, vmax=1.0)
        self.colorbar_ = ax.figure.colorbar(self.image_, ax=ax, shrink=0.8)
        # The bar is about half of the figure's height; its label runs along it.
        height = 0.5 * ax.figure.get_figheight() * 72 / (0.55 * 10)
        off_diagonal = ~np.eye(k, dtype=bool)  # a model is "equivalent" to itself
        marks = self.equivalent is not None and (np.asarray(self.equivalent) & off_diagonal).any()
        # Past this many models a cell is too small for text: the colour says the
        # value, and thin outlines the decisions, so that blocks show.
        small = k > _MOST_NUMBERED
        label = f"{self.label} (by colour)" if small else self.label
        if self.decided is not None and (np.asarray(self.decided) & off_diagonal).any():
            label += "; outlined: decided"
        if marks:
            label += "; dashed: decided practically equivalent"
            if not small:
                label = label.replace("; dashed", "; ≈, dashed")
        self.colorbar_.set_label(wrap_text(label, height))
        self.texts_ = np.empty((k, k), dtype=object)
        fontsize = "small" if k <= 8 else "x-small"
        linewidth = 0.6 if small else 1.5
        for i in range(k):
            for j in range(k):
                if i == j:
                    continue
                dark = values[i, j] < 0.6  # cividis is dark at low values
                same = marks and self.equivalent[i, j]
                edge = "white" if dark else INK
                if not small:
                    text = format_probability(values[i, j])
                    self.texts_[i, j] = ax.text(
                        j,
                        i,
                        f"{text}\n≈" if same else text,
                        ha="center",
                        va="center",
                        fontsize=fontsize,
                        color=edge,
                    )
                if self.decided is not None and self.decided[i, j]:
                    ax.add_patch(_outline(i, j, edgecolor=edge, linewidth=linewidth))
                elif same:
                    ax.add_patch(
                        _outline(i, j, edgecolor=edge, linewidth=linewidth, linestyle="--")
                    )
        if numbered:
            shown_names = [str(number) for number in range(1, k + 1)]
            row_names = shown_names
        else:
            shown_names = names
            # Wrapped names of many models would run into each other's lines.
            row_names = names if small else [wrap_text(name, NAME_WIDTH) for name in names]
        # Slanted column names stay on one line: wrapped, their lines would overlap.
        # Past 40 models a cell is narrower than a slanted line is apart from the
        # next: upright, they are a cell apart.
        rotation = 90 if k > 2 * _MOST_NUMBERED else 0 if numbered else 45
        ax.set_xticks(
            range(k),
            shown_names,
            rotation=rotation,
            ha="right" if rotation == 45 else "center",
            rotation_mode="anchor" if rotation == 45 else "default",
            parse_math=False,
            fontsize="x-small" if small else None,
        )
        ax.set_yticks(range(k), row_names, parse_math=False, fontsize="x-small" if small else None)
        ax.set_ylabel("row model")
        ax.set_xlabel(
            f"column model\n(rows and columns: {self.ordered_by})"
            if self.ordered_by
            else "column model"
        )
        ax.tick_params(length=0)
        for spine in ax.spines.values():
            spine.set_visible(False)
        self.key_ = _key(names, key_ax, beside=self.colorbar_.ax) if numbered else None
        return self._drawn(ax, title)


def _key(names, ax, *, beside=None):
    """The numbered names, in columns of :data:`_KEY_ROWS` lines: from the top left of
    ``ax``, the key's own axes; or, ``ax`` None, right of the colour bar ``beside`` and
    its label. Each column is placed from the one before it when drawn, so that
    columns never overlap whatever the font's widths."""
    digits = len(str(len(names)))
    lines = [f"{number:>{digits}}  {name}" for number, name in enumerate(names, 1)]
    columns = [
        "\n".join(lines[start : start + _KEY_ROWS]) for start in range(0, len(lines), _KEY_ROWS)
    ]
    style = {"va": "top", "ha": "left", "fontsize": "x-small", "family": "monospace"}
    if ax is not None:
        ax.axis("off")
        texts = [ax.annotate(columns[0], xy=(0, 1), xycoords="axes fraction", **style)]
        where = ax
    else:
        texts = [
            beside.annotate(
                columns[0],
                xy=(1, 1),
                xycoords=(beside.yaxis.label, "axes fraction"),
                xytext=(8, 0),
                textcoords="offset points",
                **style,
            )
        ]
        where = beside
    for column in columns[1:]:
        texts.append(
            where.annotate(
                column,
                xy=(1, 1),
                xycoords=texts[-1],
                xytext=(8, 0),
                textcoords="offset points",
                **style,
            )
        )
    return texts


def _outline(i, j, *, edgecolor, linewidth=1.5, linestyle="-"):
    """A square around cell ``(i, j)``: the decision rule decided there."""
    from matplotlib.patches import Rectangle

    return Rectangle(
        (j - 0.45, i - 0.45),
        0.9,
        0.9,
        fill=False,
        edgecolor=edgecolor,
        linewidth=linewidth,
        linestyle=linestyle,
    )
