"""Step 2 of reading a table: its raw columns, and the parsers of their cells.

:class:`RawColumns` wraps a :class:`~._sources.Source` and reads its cells as
people write them: names (models, data sets) exactly as written but in
Unicode's composed form, scores as numbers (NaN, NA or empty for a failed or
missing one; a mean with its spread as papers print it), split indices and
sizes as whole numbers. Every refusal names the row ("line 7" of a CSV file)
and the column. Which column is which is the later steps' work.

Names are compared as people see them: two names written in two Unicode
forms (``café`` composed, and decomposed as macOS writes it) are one name,
and the reading says so; two names that differ only in spaces around them,
in letter case or by look-alike letters (a Cyrillic "а" for a Latin "a") are
refused, naming both.
"""

import math
import re
import unicodedata

import numpy as np

from ..utils._validation import LARGEST_SCORE, SMALLEST_SCORE
from ._sources import is_blank_text, parse_number

_NUMBER = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"
_UNSIGNED = r"(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"
_PLUS_MINUS = r"(?:±|\+/-|\+-)"
#: A cell that papers print as a mean and its spread: "0.95±0.02", "95.3 +- 1.2",
#: "0.27 (±0.0004)", "0.95 (0.02)", each maybe followed by a change in percent
#: against a baseline, "(+1.20%)", which is not read.
MEAN_SPREAD = re.compile(
    rf"\s*(?P<mean>{_NUMBER})\s*"
    rf"(?:{_PLUS_MINUS}\s*(?P<spread>{_UNSIGNED})"
    rf"|\(\s*(?P<bracketed>{_PLUS_MINUS})?\s*(?P<inner>{_UNSIGNED})\s*\))"
    rf"(?P<tail>\s*\(\s*[-+−]?\s*{_UNSIGNED}\s*%\s*\))?\s*"
)
#: A number written with a percent sign ("85.3%"), read in percent.
PERCENT = re.compile(rf"\s*(?P<number>{_NUMBER})\s*%\s*")
#: Marks that papers set beside a score (significance, the best of a row): not read.
MARKS = "*†‡§¶∗⋆"


def _unmarked(text):
    """A cell without the marks around its number: Markdown's bold or italics, and
    asterisks, daggers and the like before or after it."""
    core = text.strip()
    for wrapper in ("**", "__", "*"):
        if len(core) > 2 * len(wrapper) and core.startswith(wrapper) and core.endswith(wrapper):
            core = core[len(wrapper) : -len(wrapper)].strip()
    return core.strip(MARKS + " ")


#: Split indices and sizes must stay below this: they are counted exactly in floats.
LARGEST_WHOLE_NUMBER = 2**53
#: Letters of other scripts that look like Latin ones, folded to them when names are
#: compared (Cyrillic and Greek capitals and small letters).
_LOOK_ALIKE = str.maketrans(
    {
        **dict.fromkeys("аАɑα", "a"),
        **dict.fromkeys("вВβΒ", "b"),
        **dict.fromkeys("сСϲϹ", "c"),
        **dict.fromkeys("ԁ", "d"),
        **dict.fromkeys("еЕєεΕ", "e"),
        **dict.fromkeys("һНΗ", "h"),
        **dict.fromkeys("іІιΙӀ", "i"),
        **dict.fromkeys("јЈϳ", "j"),
        **dict.fromkeys("кКκΚ", "k"),
        **dict.fromkeys("мМΜ", "m"),
        **dict.fromkeys("ոΝ", "n"),
        **dict.fromkeys("оОοΟσ", "o"),
        **dict.fromkeys("рРρΡ", "p"),
        **dict.fromkeys("ԛ", "q"),
        **dict.fromkeys("ѕЅ", "s"),
        **dict.fromkeys("тТτΤ", "t"),
        **dict.fromkeys("υΥ", "y"),
        **dict.fromkeys("νѵ", "v"),
        **dict.fromkeys("ԝ", "w"),
        **dict.fromkeys("хХχΧ", "x"),
        **dict.fromkeys("уУγ", "y"),
        **dict.fromkeys("ΖΖ", "z"),
    }
)


def composed(name):
    """A name in Unicode's composed form (NFC), as every step compares names."""
    return unicodedata.normalize("NFC", name)


def look(name):
    """What a name looks like: compatibility forms unfolded (NFKC), letter case folded,
    and letters of other scripts that look like Latin ones replaced by them."""
    # Letters first (a capital Nu looks like N, its small letter like v), then the case.
    return unicodedata.normalize("NFKC", name).translate(_LOOK_ALIKE).casefold().strip()


def name_clash(first, second):
    """Why two distinct names (composed) could not be told apart by a reader, or None."""
    if first.strip() == second.strip():
        return "differ only in spaces around them"
    if look(first) == look(second):
        return "differ only in letter case or by look-alike characters"
    return None


def _clashes(names):
    """The first two names of ``names`` (distinct, composed, in order) that clash, and
    why; None when every name can be told apart."""
    seen = {}
    for name in names:
        key = look(name)
        other = seen.setdefault(key, name)
        if other != name:
            return other, name, name_clash(other, name)
    return None


#: The most known names a message lists.
_NAMES_LISTED = 12


def unknown_names(given, known, argument, kind):
    """Why names given are not among the ``known`` ones, with what was likely meant.

    Names that a command line split at their spaces or commas (``RF, tuned`` given
    as ``RF`` and ``tuned``) are named whole; a name that differs from a known one
    by letter case, or little else, is offered (as ``difflib`` finds it).

    Parameters
    ----------
    given : sequence of str
    known : sequence of str
    argument : str
        The argument that gave the names (``"models"``).
    kind : str
        What the names name ("model", "data set", "column").

    Returns
    -------
    str or None
        The message's sentences; None when every name given is known.
    """
    import difflib

    known_set = set(known)
    unknown = [name for name in given if name not in known_set]
    if not unknown:
        return None
    hints, explained = [], set()
    for start in range(len(given)):
        for end in range(start + 2, min(start + 6, len(given)) + 1):
            for separator in (" ", ", ", ","):
                joined = separator.join(map(str, given[start:end]))
                if joined in known_set and not explained & set(given[start:end]):
                    parts = " and ".join(map(repr, given[start:end]))
                    hints.append(
                        f"{parts} together are the {kind} {joined!r}: give it as one name "
                        "(quoted, on a command line)."
                    )
                    explained.update(given[start:end])
    folded = {name.casefold(): name for name in known}
    for name in unknown:
        if name in explained:
            continue
        near = folded.get(str(name).casefold()) or next(
            iter(difflib.get_close_matches(str(name), list(map(str, known)), n=1)), None
        )
        if near is not None:
            hints.append(f"Did you mean {near!r} for {name!r}?")
    listed = ", ".join(map(repr, list(known)[:_NAMES_LISTED]))
    more = len(known) - _NAMES_LISTED
    plural = "s" if len(unknown) > 1 else ""
    return (
        f"`{argument}` names {', '.join(map(repr, unknown))}, which {'are' if plural else 'is'} "
        f"not {'' if plural else 'a '}{kind}{plural} of the table. "
        + "".join(f"{hint} " for hint in hints)
        + f"Its {kind}s: {listed}{f' and {more} more' if more > 0 else ''}."
    )


def check_names(names, argument):
    """A tuple of distinct names (models or data sets), from any sequence.

    Names are kept as written, in Unicode's composed form; an empty one, or
    two that differ only in spaces around them, in letter case or by
    look-alike letters (no reader could tell them apart), are refused.
    """
    if isinstance(names, str):
        raise TypeError(f"`{argument}` must be a sequence of names; got the string {names!r}.")
    names = tuple(composed(str(name)) for name in names)
    if not names:
        raise ValueError(f"`{argument}` is empty.")
    blank = [name for name in names if not name.strip()]
    if blank:
        raise ValueError(f"`{argument}` holds an empty name {blank[0]!r}; name every entry.")
    repeated = sorted({name for name in names if names.count(name) > 1})
    if repeated:
        raise ValueError(f"`{argument}` repeats {repeated}; names must be unique.")
    clash = _clashes(names)
    if clash is not None:
        first, second, why = clash
        raise ValueError(
            f"`{argument}` holds {first!r} and {second!r}, which {why}; make them distinct."
        )
    return names


class RawColumns:
    """The columns of a table, before interpretation, and the parsers of their cells.

    Parameters
    ----------
    source : Source
        The columns as read (:func:`~._sources.read_source`).

    Attributes
    ----------
    spreads : dict of str to ndarray
        For a column of "mean±spread" cells read by :meth:`numbers`: each
        row's spread (NaN where the cell was a plain number).
    bracketed : set of str
        The columns whose spreads were written in parentheses ("0.95
        (0.02)"), which a later step checks are not ranks.
    cell_forms : dict of str to dict of str to int
        By form ("tail": a change in percent, "(+1.20%)", not read; "marked":
        marks such as "*", "†" or bold "**", not read; "percent": a percent
        sign, the number read in percent), the rows of each column written so.
    merged_names : dict of str to int
        Names written in two Unicode forms and read as one: how many forms
        each had.
    """

    def __init__(self, source):
        self._source = source
        self.columns = source.columns
        self.source = source.name
        self._line_numbers = source.line_numbers
        self.empty = source.empty
        self._texts = source.texts
        self._dictionaries = source.dictionaries
        self._row_index = None  # the original row of each row, for a table of some rows
        self.spreads = {}
        self.bracketed = set()
        self.cell_forms = {}
        self.merged_names = {}

    @property
    def index_columns(self):
        """tuple of str: The columns that were a dataframe's index."""
        return self._source.index_columns

    @property
    def comma_columns(self):
        """set of str: The columns whose numbers were written with decimal commas."""
        return self._source.comma_columns

    @property
    def names(self):
        """list of str: The column names, in order."""
        return list(self.columns)

    @property
    def n_rows(self):
        """int: Number of rows."""
        return len(next(iter(self.columns.values()))) if self.columns else 0

    def where(self, row):
        """``"'results.csv', line 7"`` or ``"The dataframe, row 5"``."""
        if self._line_numbers is None:
            original = row if self._row_index is None else int(self._row_index[row])
            return f"{self.source}, row {original}"
        return f"{self.source}, line {int(self._lines()[row])}"

    def row_word(self, row):
        """``"line 7"`` or ``"row 5"``."""
        return self.where(row).rsplit(", ", 1)[-1]

    def take(self, rows):
        """The table of some of its rows (in order); messages still name the original rows.

        Parameters
        ----------
        rows : ndarray of int

        Returns
        -------
        RawColumns
        """
        rows = np.asarray(rows, dtype=np.int64)
        lines = self._line_numbers
        if lines is None:
            original = self._row_index if self._row_index is not None else np.arange(self.n_rows)
            lines, row_index = None, original[rows]
        else:
            row_index = None

            def lines():
                return self._lines()[rows]

        source = self._source
        taken = RawColumns(
            type(source)(
                {name: values[rows] for name, values in self.columns.items()},
                self.source,
                lines,
                empty={name: empty[rows] for name, empty in self.empty.items()},
                texts=None if self._texts is None else (lambda name: self._texts(name)[rows]),
                dictionaries={
                    name: (cells, codes[rows])
                    for name, (cells, codes) in self._dictionaries.items()
                },
                index_columns=source.index_columns,
                decimal_comma=source.decimal_comma,
                comma_columns=source.comma_columns,
            )
        )
        taken._row_index = row_index
        taken.spreads = {name: spread[rows] for name, spread in self.spreads.items()}
        taken.bracketed, taken.cell_forms = self.bracketed, self.cell_forms
        taken.merged_names = self.merged_names
        return taken

    def differing_columns(self, first, second):
        """``{column: (value in first, value in second)}`` where two rows differ."""
        differing = {}
        for name, values in self.columns.items():
            one, other = values[first], values[second]
            both_nan = all(isinstance(v, float) and math.isnan(v) for v in (one, other))
            if one != other and not both_nan:
                differing[name] = (_plain(one), _plain(other))
        return differing

    def _lines(self):
        """The first line of every row of a CSV file (found once, when first needed)."""
        if callable(self._line_numbers):
            self._line_numbers = self._line_numbers()
        return self._line_numbers

    def require(self, column, argument):
        """The column named ``column``, or an error that says which argument names it."""
        if column not in self.columns:
            raise ValueError(
                f"{self.source} has no column {column!r} (the `{argument}` column); found "
                f"{self.names}. Name the column with {argument}=..."
            )
        return self.columns[column]

    # -- cells --------------------------------------------------------------
    # Each parser works on the distinct cells of a dictionary column (and
    # spreads the result over the rows with their codes), or on every cell.

    def _cells(self, column):
        """``(cells, codes)``: distinct cells and each row's index, or every cell and None."""
        if column in self._dictionaries:
            return self._dictionaries[column]
        return np.asarray(self.columns[column]), None

    def _rows_of(self, codes, flagged):
        """The rows whose cell is flagged (``flagged`` is per cell)."""
        flagged = np.asarray(flagged, dtype=bool)
        return np.flatnonzero(flagged if codes is None else flagged[codes])

    def is_numeric(self, column):
        """Whether every cell of ``column`` reads as a score (empty cells allowed)."""
        try:
            self.numbers(column, empty_is_missing=True)
        except (TypeError, ValueError):
            return False
        return True

    def labels(self, column, argument):
        """The names in ``column`` (models, data sets) as strings, as written (composed).

        A missing name (empty, only spaces, None or NaN) is refused with the
        number of rows that lack one; so are two names that differ only in
        spaces around them, in letter case or by look-alike letters, which no
        reader could tell apart. Names written in two Unicode forms are one
        (``merged_names`` counts them).
        """
        self.require(column, argument)
        cells, codes = self._cells(column)
        if cells.dtype.kind == "f" and self._texts is not None and codes is None:
            cells = self._texts(column)  # numbers written as names: keep their text
        if codes is None:  # every cell: find the distinct ones first
            index = {}
            codes = np.fromiter(
                (index.setdefault(_key(v), len(index)) for v in cells.tolist()),
                dtype=np.int64,
                count=len(cells),
            )
            cells = np.empty(len(index), dtype=object)
            cells[:] = [_value(key) for key in index]
        labels = np.empty(len(cells), dtype=object)
        missing = np.zeros(len(cells), dtype=bool)
        for i, value in enumerate(cells.tolist()):
            if is_blank_text(value):
                missing[i] = True
                continue
            labels[i] = composed(value if isinstance(value, str) else str(value))
        rows = self._rows_of(codes, missing)
        if rows.size:
            raise ValueError(
                f"{self.source}, column {column!r}: {rows.size} row(s) have no name, first "
                f"{self.row_word(rows[0])}; every score needs its {argument.rstrip('s')}. "
                "Fill them in or drop those rows."
            )
        self._check_distinct(labels, codes, column)
        return labels[codes]

    def _check_distinct(self, labels, codes, column):
        """Refuse two names of a column that no reader could tell apart, naming both and
        their rows; count the names written in two Unicode forms."""
        first_rows = np.full(len(labels), len(codes))
        np.minimum.at(first_rows, codes, np.arange(len(codes)))
        order = np.argsort(first_rows, kind="stable")
        forms = {}
        for i in order:
            forms[labels[i]] = forms.get(labels[i], 0) + 1
        self.merged_names.update({name: n for name, n in forms.items() if n > 1})
        distinct = list(dict.fromkeys(labels[i] for i in order))
        clash = _clashes(distinct)
        if clash is not None:
            first, second, why = clash
            row_of = {}
            for i in order:
                row_of.setdefault(labels[i], first_rows[i])
            raise ValueError(
                f"{self.source}, column {column!r}: the names {first!r} "
                f"({self.row_word(row_of[first])}) and {second!r} "
                f"({self.row_word(row_of[second])}) {why}; write them the same way, or make "
                "them distinct."
            )

    def numbers(self, column, *, empty_is_missing=False):
        """The scores in ``column`` as floats: NaN for a failed split.

        A cell written as a mean and its spread ("0.95±0.02", "0.95 (0.02)",
        as papers print them) is read as its mean; the spreads are kept in
        ``spreads[column]``.

        Returns
        -------
        scores : ndarray of float
        missing : ndarray of bool
            With ``empty_is_missing``, the empty cells (no score at all, as
            opposed to a failed one); otherwise an empty cell is refused.
        """
        cells, codes = self._cells(column)
        spreads = None
        if cells.dtype.kind in "iufb":
            scores = cells.astype(float)
            missing = self.empty.get(column, np.zeros(cells.shape, dtype=bool))
            invalid = np.zeros(cells.shape, dtype=bool)
        else:
            scores, missing, invalid, spreads, flags = self._parse_scores(column, cells)
            for key, flagged in flags.items():
                count = int((flagged if codes is None else flagged[codes]).sum())
                if count:
                    self.cell_forms.setdefault(key, {})[column] = count
        rows = self._rows_of(codes, invalid)
        if rows.size:
            value = cells[rows[0]] if codes is None else cells[codes[rows[0]]]
            raise ValueError(
                f"{self.where(rows[0])}, column {column!r}: expected a number, got {value!r}. "
                f"{_number_hint(value)}"
            )
        if codes is not None:
            scores, missing = scores[codes], missing[codes]
            spreads = None if spreads is None else spreads[codes]
        if spreads is not None and not np.isnan(spreads).all():
            self.spreads[column] = spreads
        if missing.any() and not empty_is_missing:
            row = int(np.flatnonzero(missing)[0])
            raise ValueError(
                f"{self.where(row)}, column {column!r}: the score is empty; write NaN (or NA) "
                "for a failed split, or drop the row."
            )
        check_magnitude(scores, self, column)
        return scores, missing

    def _parse_scores(self, column, cells):
        """Every text cell read: ``(scores, missing, invalid, spreads, flags)``, where
        ``flags`` says which cells ended with a change in percent ("tail"), carried marks
        ("marked") or a percent sign ("percent")."""
        n = len(cells)
        scores, spreads = np.empty(n), np.full(n, math.nan)
        missing, invalid = np.zeros(n, dtype=bool), np.zeros(n, dtype=bool)
        flags = {key: np.zeros(n, dtype=bool) for key in ("tail", "marked", "percent")}
        decimal_comma = self._source.decimal_comma
        for i, value in enumerate(cells.tolist()):
            if value is None:
                missing[i], scores[i] = True, math.nan
                continue
            number = parse_number(value, decimal_comma)
            if number is not None:
                scores[i], missing[i] = number
                if decimal_comma and isinstance(value, str) and "," in value:
                    self._source.comma_columns.add(column)
                continue
            text = value if isinstance(value, str) else str(value)
            core = _unmarked(text)
            flags["marked"][i] = core != text.strip()
            percent = PERCENT.fullmatch(core)
            if percent:
                scores[i], flags["percent"][i] = float(percent["number"]), True
                continue
            number = parse_number(core, decimal_comma) if flags["marked"][i] else None
            if number is not None and not number[1]:
                scores[i] = number[0]
                continue
            matched = MEAN_SPREAD.fullmatch(core)
            if not matched:
                invalid[i] = True
                continue
            scores[i] = float(matched["mean"])
            spreads[i] = float(matched["spread"] or matched["inner"])
            if matched["inner"] is not None and matched["bracketed"] is None:
                self.bracketed.add(column)
            flags["tail"][i] = matched["tail"] is not None
        return scores, missing, invalid, spreads, flags

    def score_share(self, column):
        """The share of a column's cells that read as scores (a number, NaN, empty, or a
        mean and its spread)."""
        cells, codes = self._cells(column)
        if not len(cells):
            return 0.0
        comma = self._source.decimal_comma
        readable = np.array(
            [
                parse_number(cell if cell is not None else "", comma) is not None
                or (isinstance(cell, str) and _readable_form(cell, comma))
                or _miswritten_number(cell)
                for cell in cells.tolist()
            ],
            dtype=bool,
        )
        return float(readable.mean() if codes is None else readable[codes].mean())

    def integers(self, column, *, positive):
        """The whole numbers in ``column`` (split indices, sizes) as int64."""
        cells, codes = self._cells(column)
        lowest = 1 if positive else 0
        kind = "a positive whole number" if positive else "a whole number >= 0"
        if cells.dtype.kind in "iuf" and len(cells):
            with np.errstate(invalid="ignore"):
                whole = (
                    np.isfinite(cells)
                    & (cells == np.round(cells))
                    & (cells >= lowest)
                    & (cells <= LARGEST_WHOLE_NUMBER)
                )
            if whole.all():
                values = cells.astype(np.int64)
                return values if codes is None else values[codes]
        values = np.zeros(len(cells), dtype=np.int64)
        problems = {}
        for i, value in enumerate(cells.tolist()):
            if isinstance(value, (int, float, np.number)):
                number = float(value)
            else:
                parsed = parse_number(value)
                number = None if parsed is None or parsed[1] else parsed[0]
            ok = number is not None and math.isfinite(number) and number == round(number)
            ok = ok and number >= lowest
            if not ok:
                problems[i] = (ValueError, f"expected {kind}, got {value!r}.")
            elif number > LARGEST_WHOLE_NUMBER:
                message = f"{value!r} is too large; expected {kind} of at most 2**53."
                problems[i] = (_TooLarge, message)
            else:
                values[i] = int(number)
        rows = self._rows_of(codes, [i in problems for i in range(len(cells))])
        if rows.size:
            error, message = problems[int(rows[0] if codes is None else codes[rows[0]])]
            raise error(f"{self.where(rows[0])}, column {column!r}: {message}")
        return values if codes is None else values[codes]

    def split_codes(self, column):
        """Split identifiers as integers: their values if whole numbers, else codes in order.

        Numbers that are all whole but some too large are refused, not read
        as labels.
        """
        try:
            return self.integers(column, positive=False)
        except _TooLarge:
            raise
        except ValueError:
            labels = self.labels(column, "split")
            codes = {}
            return np.array(
                [codes.setdefault(label, len(codes)) for label in labels], dtype=np.int64
            )


def _key(value):
    """A cell as a dict key (NaN cells all one key)."""
    if isinstance(value, float) and math.isnan(value):
        return _NAN
    return value


def _value(key):
    return math.nan if key is _NAN else key


_NAN = object()


def _readable_form(cell, decimal_comma):
    """Whether a text cell reads as a score in one of the forms papers print."""
    core = _unmarked(cell)
    return bool(
        PERCENT.fullmatch(core)
        or MEAN_SPREAD.fullmatch(core)
        or (core != cell.strip() and parse_number(core, decimal_comma) is not None)
    )


def _miswritten_number(cell):
    """Whether a cell is a number but for an underscore or a decimal comma."""
    text = str(cell).strip()
    return ("_" in text or "," in text) and (
        parse_number(text.replace("_", "")) is not None
        or parse_number(text.replace(",", ".")) is not None
    )


def _number_hint(value):
    """What a cell that is not a number could be, and how to write it."""
    text = str(value).strip()
    if "_" in text and parse_number(text.replace("_", "")) is not None:
        return (
            "An underscore is not part of a number here (Python would read '0_91' as 91); "
            "write the number with a decimal point."
        )
    if re.fullmatch(r"[-+]?\d+,\d+", text):
        return (
            "A decimal comma is read as one only in a file delimited by semicolons or tabs; "
            "write the number with a decimal point, or pass delimiter=';'."
        )
    return (
        "Scores must be numeric (NaN, NA or empty for a failed split; a mean and its spread as "
        "0.95±0.02, 0.95 (±0.02) or 0.95 (0.02))."
    )


def _plain(value):
    """A cell as a plain Python value (numpy scalars print as their number)."""
    return value.item() if isinstance(value, np.generic) else value


class _TooLarge(ValueError):
    """A whole number too large to be counted exactly (not a label)."""


def check_magnitude(values, raw, column):
    """Refuse numbers too large for the tests' arithmetic (their squares would overflow), or
    too small but not zero (their squares would underflow)."""
    with np.errstate(invalid="ignore"):
        large = np.abs(values) > LARGEST_SCORE
        tiny = (values != 0) & (np.abs(values) < SMALLEST_SCORE)
    if large.any():
        i = int(np.flatnonzero(large)[0])
        what = (
            "the score is infinite" if np.isinf(values[i]) else f"{float(values[i])!r} is too large"
        )
        raise ValueError(
            f"{raw.where(i)}, column {column!r}: {what}; scores must be finite numbers below "
            f"{LARGEST_SCORE:g} in magnitude (NaN for a failed split). Rescale them."
        )
    if tiny.any():
        i = int(np.flatnonzero(tiny)[0])
        raise ValueError(
            f"{raw.where(i)}, column {column!r}: {float(values[i])!r} is too small; scores "
            f"other than 0 must be at least {SMALLEST_SCORE:g} in magnitude (their squares "
            "would underflow). Rescale them."
        )
