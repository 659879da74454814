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
    note_direction,
    wrap_text,
)

#: The most models whose cells print their probabilities.
_MOST_NUMBERED = 20
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
    model against itself is left blank. Every cell is annotated with its
    probability (never printing a certainty that is not one); cells where the
    decision rule decided the outcome shown are outlined, and pairs decided
    practically equivalent are marked "≈" with a dashed outline.

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

    Attributes
    ----------%(display_axes)s
    image_ : matplotlib AxesImage
        The heatmap.
    colorbar_ : matplotlib Colorbar
        Its colour bar.
    texts_ : ndarray of matplotlib Text
        The annotations (None on the diagonal).

    Examples
    --------
    >>> from sklearn_bayescmp.plotting import PairwiseDisplay
    >>> display = PairwiseDisplay.from_comparison(comparison)  # doctest: +SKIP
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
    ):
        self.models = models
        self.values = values
        self.decided = decided
        self.equivalent = equivalent
        self.label = label
        self.title = title

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
        if title is None:
            low, high = comparison.rope
            title = f"{comparison.test.replace('_', '-')} test, rope [{low:g}, {high:g}]"
        display = cls(
            models=list(comparison.models),
            values=np.asarray(getattr(comparison, attribute), dtype=float),
            decided=decided,
            equivalent=equivalent,
            label=_TITLES[attribute],
            title=title,
        )
        return note_direction(display.plot(ax=ax), comparison.reading_note, ax)

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
        side = min(12.0, 2.5 + 0.55 * k)
        # Room for the names: about 0.05 inch per character of the longest, slanted.
        names = 0.05 * max(len(str(name)) for name in self.models)
        ax = axes_to_draw_on(ax, figsize=(side + 1.5 + names, side + names))
        values = np.array(self.values, dtype=float)
        shown = np.ma.masked_array(values, mask=np.eye(k, dtype=bool))
        self.image_ = ax.imshow(shown, cmap=PROBABILITY_CMAP, vmin=0.0, vmax=1.0)
        self.colorbar_ = ax.figure.colorbar(self.image_, ax=ax, shrink=0.8)
        # The bar is about half of the figure's height; its label runs along it.
        height = 0.5 * ax.figure.get_figheight() * 72 / (0.55 * 10)
        marks = self.equivalent is not None and np.asarray(self.equivalent).any()
        label = self.label if k <= _MOST_NUMBERED else f"{self.label} (by colour)"
        if self.decided is not None and np.asarray(self.decided).any():
            label += "; outlined: decided"
        if marks:
            label += "; ≈, dashed: decided practically equivalent"
        self.colorbar_.set_label(wrap_text(label, height))
        self.texts_ = np.empty((k, k), dtype=object)
        fontsize = "small" if k <= 8 else "x-small"
        # Past this many models a cell is too small for its number: the colour
        # says the value, and only the marks remain.
        numbers = k <= _MOST_NUMBERED
        for i in range(k):
            for j in range(k):
                if i == j:
                    continue
                dark = values[i, j] < 0.6  # cividis is dark at low values
                same = marks and self.equivalent[i, j]
                text = format_probability(values[i, j]) if numbers else ""
                text = "\n".join(part for part in (text, "≈" if same else "") if part)
                self.texts_[i, j] = ax.text(
                    j,
                    i,
                    text,
                    ha="center",
                    va="center",
                    fontsize=fontsize,
                    color="white" if dark else INK,
                )
                if self.decided is not None and self.decided[i, j]:
                    ax.add_patch(
                        _outline(i, j, edgecolor="white" if dark else INK),
                    )
                elif same:
                    ax.add_patch(
                        _outline(i, j, edgecolor="white" if dark else INK, linestyle="--"),
                    )
        # Slanted column names stay on one line: wrapped, their lines would overlap.
        ax.set_xticks(range(k), self.models, rotation=45, ha="right", rotation_mode="anchor")
        ax.set_yticks(range(k), [wrap_text(name, NAME_WIDTH) for name in self.models])
        ax.set_xlabel("column model")
        ax.set_ylabel("row model")
        ax.tick_params(length=0)
        for spine in ax.spines.values():
            spine.set_visible(False)
        return self._drawn(ax, title)


def _outline(i, j, *, edgecolor, linestyle="-"):
    """A square around cell ``(i, j)``: the decision rule decided there."""
    from matplotlib.patches import Rectangle

    return Rectangle(
        (j - 0.45, i - 0.45),
        0.9,
        0.9,
        fill=False,
        edgecolor=edgecolor,
        linewidth=1.5,
        linestyle=linestyle,
    )
