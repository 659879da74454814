"""What every display shares: the lazy matplotlib import, new figures, colours and words.

Colours come from the Okabe-Ito palette (safe for the common forms of colour
blindness) and are used with one meaning throughout: blue for A (or the row
model) being better, vermillion for B, grey for practical equivalence and the
rope. New figures use matplotlib's constrained layout, so labels and legends
are never cut off; global matplotlib state (rcParams, styles) is never
changed (only for the duration of a drawing, which makes every text plain
text: a name is never mathtext).
"""

import functools
import textwrap

#: Colours of the three outcomes (A better, equivalent, B better), colour-blind safe.
OUTCOME_COLOURS = {"a": "#0072B2", "equivalent": "#999999", "b": "#D55E00"}
ROPE_COLOUR = "#999999"
#: A neutral colour for estimates and intervals, and a second series that
#: carries no outcome (Okabe-Ito bluish green, e.g. shrinkage estimates).
INK = "#222222"
ACCENT = "#009E73"
#: A sequential, colour-blind safe colour map for probabilities.
PROBABILITY_CMAP = "cividis"


class _DisplayMixin:
    """What the displays of results share: which results they draw, and style keywords.

    Like scikit-learn's ``_BinaryClassifierCurveDisplayMixin``: a display
    names its kind (``_kind``, as the registry's ``displays`` list it), and
    :meth:`_check_result` asks the registry whether the result's test is
    drawn by it, so that a new back end needs no change here.
    """

    _kind = None

    @classmethod
    def _check_result(cls, result):
        """The registry's record of ``result``'s test; TypeError if this display cannot draw it."""
        from ..stats import backend_names, get_backend

        test = getattr(result, "test", None)
        if test in backend_names() and cls._kind in get_backend(test).displays:
            return get_backend(test)
        drawn_by = [
            get_backend(name).result_type.__name__
            for name in backend_names()
            if cls._kind in get_backend(name).displays
        ]
        others = get_backend(test).displays if test in backend_names() else ()
        hint = "".join(f"; draw it with {kind.capitalize()}Display" for kind in others[:1])
        raise TypeError(
            f"{cls.__name__} draws the results of {' or '.join(dict.fromkeys(drawn_by))}; got "
            f"{type(result).__name__}{hint}."
        )

    def _drawn(self, ax, title):
        """Title ``ax`` (``title``, or the display's own) and keep it as ``ax_``; return self."""
        set_title(ax, self.title if title is None else title)
        self.ax_, self.figure_ = ax, ax.figure
        return self


def plain_text(draw):
    """Decorate a function that draws: every text it creates is plain text.

    Names come from users' tables, where "$" is as common as anywhere
    ("cost $5 vs $6", a paper's "$\\alpha$-tuned"); matplotlib would read two of
    them as mathtext. The texts are made with ``parse_math=False`` (matplotlib's
    ``text.parse_math`` for the duration of the call only); tick labels, which
    matplotlib makes when it draws, are given ``parse_math=False`` where they
    are set.
    """

    @functools.wraps(draw)
    def drawn(*args, **kwargs):
        check_matplotlib()
        import matplotlib

        with matplotlib.rc_context({"text.parse_math": False}):
            return draw(*args, **kwargs)

    return drawn


def merge_style(defaults, user, artist="line"):
    """The display's ``defaults`` updated with the ``user``'s style keywords.

    Aliases are resolved first (``c`` is ``color``, ``lw`` is ``linewidth``...,
    as :func:`matplotlib.cbook.normalize_kwargs` knows them for the
    ``artist``: "line", "collection" or "patch"), so that ``c="red"`` replaces
    the default colour instead of clashing with it.
    """
    check_matplotlib()
    from matplotlib import cbook, collections, lines, patches

    kind = {"line": lines.Line2D, "collection": collections.Collection, "patch": patches.Patch}
    return {
        **cbook.normalize_kwargs(defaults, kind[artist]),
        **cbook.normalize_kwargs(user, kind[artist]),
    }


def check_matplotlib():
    """Import matplotlib.pyplot, or explain how to install it."""
    try:
        import matplotlib.pyplot as plt
    except ImportError:
        raise ImportError(
            "Plotting needs matplotlib, the optional 'plot' extra: pip install \"matplotlib>=3.7\""
        ) from None
    return plt


def new_figure(n_axes=1, *, figsize=None, width_ratios=None):
    """A figure with constrained layout and ``n_axes`` axes side by side.

    Returns
    -------
    figure : matplotlib Figure
    axes : Axes, or ndarray of Axes when ``n_axes > 1``
    """
    plt = check_matplotlib()
    return plt.subplots(
        1,
        n_axes,
        figsize=figsize,
        layout="constrained",
        gridspec_kw=None if width_ratios is None else {"width_ratios": width_ratios},
    )


def axes_to_draw_on(ax, *, figsize=None):
    """``ax``, or the axes of a new figure (constrained layout) when it is None."""
    if ax is None:
        _, ax = new_figure(figsize=figsize)
    return ax


def format_probability(probability, digits=2):
    """A probability to ``digits`` decimals, never claiming a certainty it lacks.

    0.9974 is "0.997" and 1e-6 is "< 0.001" (with two digits); an exact 0 or
    1 is "0.00" or "1.00".
    """
    text = f"{probability:.{digits}f}"
    if float(text) in (0.0, 1.0) and 0.0 < probability < 1.0:
        text = f"{probability:.{digits + 1}f}"
        limit = 10.0 ** -(digits + 1)
        text = {0.0: f"< {limit:g}", 1.0: f"> {1 - limit:g}"}.get(float(text), text)
    return text


def outcome_label(outcome, probability, model_names=("A", "B")):
    """Plain words for the legend, e.g. ``"P(logreg better) = 0.77"``.

    Two decimals, but never a certainty that is not one: 0.9974 is
    "= 0.997" and 1e-6 is "< 0.001".
    """
    name_a, name_b = model_names
    names = {"a": f"{name_a} better", "equivalent": "equivalent", "b": f"{name_b} better"}
    text = format_probability(probability)
    relation = "" if text[0] in "<>" else "= "
    return f"P({names[outcome]}) {relation}{text}"


def wrap_text(text, width, *, word_width=None):
    """``text`` broken into lines of at most ``width`` characters.

    Long model and data-set names would otherwise run past the figure's
    edge, where no layout engine can bring them back. Existing line breaks
    are kept. A word longer than ``width`` is cut, unless ``word_width`` is
    given: then a word is kept whole up to ``word_width`` characters (a name
    on its own line where there is room for it).
    """
    width = max(8, int(width))
    lines = []
    for line in str(text).split("\n"):
        if word_width is None:
            pieces = textwrap.wrap(line, width, break_on_hyphens=False)
        else:
            whole = textwrap.wrap(line, width, break_on_hyphens=False, break_long_words=False)
            pieces = [wrap_text(piece, max(width, word_width)) for piece in whole]
        lines += pieces or [line]
    return "\n".join(lines)


def characters_across(ax, *, role="label", fraction=1.0):
    """How many characters fit across ``fraction`` of ``ax`` once the figure is laid out.

    The layout is run first (without rendering), so the width is the one the
    axes will have next to their tick labels, colour bars and legends (draw
    those first).

    Parameters
    ----------
    ax : matplotlib Axes
    role : {"label", "title", "annotation"}, default="label"
        Which font size applies (``axes.labelsize``, ``axes.titlesize``, or
        "small" for annotations).
    fraction : float, default=1.0
        Share of the axes' width the text may take.
    """
    from matplotlib import rcParams
    from matplotlib.font_manager import FontProperties

    figure = ax.figure
    figure.draw_without_rendering()
    pixels = fraction * ax.get_window_extent().width
    size = {"title": rcParams["axes.titlesize"], "label": rcParams["axes.labelsize"]}
    points = FontProperties(size=size.get(role, "small")).get_size_in_points()
    # An average character of the default sans-serif font is about 0.55 em wide.
    return pixels / (0.55 * points * figure.dpi / 72)


def wrap_to_axes(text, ax, *, role="label"):
    """``text`` wrapped to the width of ``ax``: titles and axis labels centred on it."""
    return wrap_text(text, characters_across(ax, role=role))


def wrap_to_figure(text, figure):
    """``text`` wrapped to the width of ``figure``, for a title centred on it."""
    return wrap_text(text, 0.9 * figure.get_figwidth() * 72 / (0.55 * 12))


def set_title(ax, title):
    """Set the title of ``ax``, wrapped to its width; nothing when ``title`` is empty."""
    if title:
        ax.set_title(wrap_to_axes(title, ax, role="title"))


@plain_text
def note_direction(display, comparison, ax):
    """Say under a figure how the comparison's table was read (a loss, rescaled scores,
    the splits' design), when the display drew its own figure (``ax`` None)."""
    # Here, not at the top: this module loads no NumPy or SciPy (the command's --help).
    from .._comparison_report import reading_note

    note = reading_note(comparison)
    if note and ax is None:
        text = wrap_to_figure(note[0].upper() + note[1:] + ".", display.figure_)
        display.figure_.supxlabel(text, fontsize="small", color=INK)
    return display


#: Legend entries wider than this many characters are wrapped.
LEGEND_WIDTH = 28
#: Model and data-set names on an axis longer than this are wrapped.
NAME_WIDTH = 24


def legend_outside(ax, **kwargs):
    """A legend to the right of the axes, where it cannot cover data.

    Constrained layout makes room for it; its labels are wrapped at
    :data:`LEGEND_WIDTH` characters.
    """
    handles, labels = ax.get_legend_handles_labels()
    labels = [wrap_text(label, LEGEND_WIDTH) for label in labels]
    options = {
        "loc": "upper left",
        "bbox_to_anchor": (1.02, 1.0),
        "borderaxespad": 0.0,
        "fontsize": "small",
        "frameon": False,
        **kwargs,
    }
    return ax.legend(handles, labels, **options)
