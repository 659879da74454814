"""Tables for people: pandas frames (pandas is optional) and notebook HTML.

pandas is not a dependency: :func:`to_frame` imports it when called and
explains how to install it otherwise; every table is also available as a
plain dict of columns.
"""

import functools
import html
import math
from numbers import Real

#: The columns of a printed table of the three outcome probabilities, by the
#: result attribute each shows, and their digits (with the mean difference's).
PROBABILITY_COLUMNS = {"P(A)": "prob_a_better", "P(eq)": "prob_equivalent", "P(B)": "prob_b_better"}
TABLE_DIGITS = {"mean A-B": ".4f", "median A-B": ".4f", **dict.fromkeys(PROBABILITY_COLUMNS, ".3f")}


def probability_digits(result_type):
    """Decimals of a table's probabilities from ``result_type``: three, or fewer where its
    probabilities come from draws that buy fewer (``_digits``, the sign and signed-rank
    tests' two)."""
    return min(3, getattr(result_type, "_digits", 3))


def table_digits(result_type):
    """:data:`TABLE_DIGITS` with the probabilities' decimals of :func:`probability_digits`."""
    digits = probability_digits(result_type)
    return {**TABLE_DIGITS, **dict.fromkeys(PROBABILITY_COLUMNS, f".{digits}f")}


def printable(text):
    """``text`` with every character that a terminal would act on, or that would break a
    line of a table, shown as its escape (``\\x1b``, ``\\r``, ``\\n``, ``\\u202e``).

    Names come from users' tables: an escape sequence in a model's name must
    print as text, not recolour or rewrite the screen.
    """
    text = str(text)
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else c.encode("unicode_escape").decode() for c in text)


def terminal_safe(text):
    """``text`` made :func:`printable` line by line (its line breaks kept)."""
    return "\n".join(map(printable, text.split("\n")))


def terminal_text(method):
    """Decorate a method that returns text for a terminal (``summary()``): the names in it
    are shown escaped where a terminal would act on them."""

    @functools.wraps(method)
    def safe(*args, **kwargs):
        return terminal_safe(method(*args, **kwargs))

    return safe


def import_pandas():
    """Import pandas, or explain how to install it."""
    try:
        import pandas
    except ImportError:
        raise ImportError(
            "to_frame() needs pandas, the optional 'pandas' extra: "
            'pip install "pandas>=2.0". Without it, the same table is available '
            "as a dict of columns (to_columns())."
        ) from None
    return pandas


def to_frame(columns, index=None):
    """A :class:`pandas.DataFrame` of a dict of equal-length columns.

    Parameters
    ----------
    columns : dict of str to sequence
    index : str, default=None
        Column to use as the index (its name is kept as the index name).
    """
    frame = import_pandas().DataFrame(columns)
    return frame if index is None else frame.set_index(index)


def format_cell(value, spec=None):
    """A number by the format ``spec`` (four significant digits by default); anything else
    as text."""
    if isinstance(value, bool) or value is None:
        return "" if value is None else str(value)
    if isinstance(value, Real):
        value = float(value)
        if math.isnan(value):
            return "NaN"
        return format(value, spec or ".4g")
    return str(value)


def html_table(columns, *, caption=None, digits=None):
    """A compact HTML table of a dict of columns, for a notebook's rich display.

    Parameters
    ----------
    columns : dict of str to sequence
        Column headers and their cells: numbers are right-aligned (to four
        significant digits unless ``digits`` says otherwise), text
        left-aligned.
    caption : str, default=None
        Shown above the table.
    digits : dict of str to str, default=None
        A format spec per column of numbers, as for :func:`text_table`.
    """
    digits = digits or {}
    n_rows = len(next(iter(columns.values()))) if columns else 0
    style = {
        h: "padding: 0.15em 0.6em; text-align: " + ("right" if is_numeric(v) else "left")
        for h, v in columns.items()
    }
    parts = ['<table style="border-collapse: collapse; font-size: 0.9em">']
    if caption:
        parts.append(
            f'<caption style="text-align: left; font-weight: bold">{html.escape(caption)}</caption>'
        )
    parts.append(
        "<tr>"
        + "".join(
            f'<th style="{style[h]}; border-bottom: 1px solid #999">{html.escape(str(h))}</th>'
            for h in columns
        )
        + "</tr>"
    )
    for row in range(n_rows):
        cells = (
            f'<td style="{style[h]}">{html.escape(format_cell(v[row], digits.get(h)))}</td>'
            for h, v in columns.items()
        )
        parts.append("<tr>" + "".join(cells) + "</tr>")
    parts.append("</table>")
    return "".join(parts)


def is_numeric(values):
    """Whether every value of a column (None aside) is a number (not a bool)."""
    return all(isinstance(v, Real) and not isinstance(v, bool) for v in values if v is not None)


def beside_threshold(value, threshold, digits):
    """``value``, moved to the nearest number of ``digits`` decimals on its side of
    ``threshold`` when printing it with those decimals would cross it.

    A probability printed beside a decision must agree with it: 0.9498 beside
    "undecided" at 0.95 prints 0.949 at three decimals, not 0.950. Otherwise
    (and without a threshold) the value is returned as it is.
    """
    if threshold is None or not math.isfinite(value):
        return value
    shown = float(f"{value:.{digits}f}")  # as the format will print it
    scale = 10.0**digits
    if value < threshold <= shown:
        return math.floor(value * scale) / scale
    if shown < threshold <= value:
        return math.ceil(value * scale) / scale
    return value


def probability_cells(columns, threshold, digits=3):
    """The probability columns of a table of pairs (``PROBABILITY_COLUMNS``' headers) with
    every value on its side of ``threshold`` once printed."""
    return {
        header: [beside_threshold(v, threshold, digits) for v in values]
        if header in PROBABILITY_COLUMNS
        else values
        for header, values in columns.items()
    }


def text_table(columns, *, digits=None):
    """Lines of an aligned text table of a dict of equal-length columns.

    Parameters
    ----------
    columns : dict of str to sequence
        Headers and cells. Text is left-aligned, numbers right-aligned.
    digits : dict of str to str, default=None
        A format spec per column of numbers (``{"P(A)": ".3f"}``); others
        use :func:`format_cell`.

    Returns
    -------
    list of str
        The header line, then one line per row.
    """
    digits = digits or {}
    cells, numeric = {}, {}
    for header, values in columns.items():
        cells[header] = [printable(format_cell(value, digits.get(header))) for value in values]
        numeric[header] = is_numeric(values)
    headers = {h: printable(h) for h in columns}
    widths = {h: max([len(headers[h]), *(len(c) for c in cells[h])]) for h in columns}

    def line(texts):
        parts = [
            text.rjust(widths[h]) if numeric[h] else text.ljust(widths[h])
            for h, text in zip(columns, texts, strict=True)
        ]
        return "  ".join(parts).rstrip()

    n_rows = len(next(iter(cells.values()))) if cells else 0
    return [line(list(headers.values()))] + [
        line([cells[h][k] for h in columns]) for k in range(n_rows)
    ]
