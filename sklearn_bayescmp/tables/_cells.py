"""Step 2 of reading a table: its cells, parsed as people write them.

:class:`RawColumns` wraps a :class:`~._source.Source` and reads its cells:
names (models, data sets) exactly as written but in Unicode's composed form
(NFC); scores as numbers (NaN, NA or empty for a failed or missing one; a
mean with its spread as papers print it, "0.95±0.02"; marks beside a score,
"0.91*" or Markdown's bold, which are counted by row for the direction's
witness; "85.3%" in percent); split indices and sizes as whole numbers. Every
refusal names the row ("line 7" of a CSV file) and the column. Names that
differ only in spaces around them or in letter case (after Unicode's
compatibility folding, NFKC) are refused (``utils._validation.check_names``).
"""

import dataclasses
import math
import re
import unicodedata

import numpy as np

from ..exceptions import TableReadingError
from ..utils._advice import option, parameter
from ..utils._io import from_spreadsheet_safe
from ..utils._validation import LARGEST_SCORE, SMALLEST_SCORE, name_clash
from ._source import NumberFormat, is_blank_text, parse_number
from ._spec import DECIMAL_MARKS, THOUSANDS_MARKS

_NUMBER = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"
_UNSIGNED = r"(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"
_PLUS_MINUS = r"(?:±|\+/-|\+-|\$?\\pm\$?)"
#: A mean and its spread: "0.95±0.02", "95.3 +- 1.2", "0.27 (±0.0004)", "0.95 (0.02)",
#: LaTeX's "0.95 $\pm$ 0.02",
#: maybe followed by a change in percent against a baseline, "(+1.20%)", not read.
MEAN_SPREAD = re.compile(
    rf"\s*(?P<mean>{_NUMBER})\s*"
    rf"(?:{_PLUS_MINUS}\s*(?P<spread>{_UNSIGNED})"
    rf"|\(\s*(?P<bracketed>{_PLUS_MINUS})?\s*(?P<inner>{_UNSIGNED})\s*\))"
    rf"(?P<tail>\s*\(\s*[-+−]?\s*{_UNSIGNED}\s*%\s*\))?\s*"
)
#: A number written with a percent sign ("85.3%"), read in percent.
PERCENT = re.compile(rf"\s*(?P<number>{_NUMBER})\s*%\s*")
#: Marks that papers set beside a score (significance, the best of a row, a win or loss
#: against a baseline).
MARKS = "*†‡§¶∗⋆▲▼△▽↑↓"
#: LaTeX's ways of setting a number in bold, italics or underlined, as a paper's table
#: exported to CSV keeps them: "\textbf{0.91}", "{\bf 0.91}", "$\mathbf{0.91}$".
_LATEX_MARK = re.compile(
    r"\\(?:textbf|mathbf|bm|boldsymbol|textit|emph|underline|uline)\s*\{(?P<a>.*)\}"
    r"|\{\\(?:bf|it|em)\s+(?P<b>.*)\}",
    re.DOTALL,
)
#: A cell in LaTeX's math mode, "$0.91 \pm 0.02$": a way of writing, not a mark.
_LATEX_MATH = re.compile(r"\s*\$(?P<inner>[^$]*)\$\s*")
#: Split indices and sizes must stay below this: they are counted exactly in floats.
LARGEST_WHOLE_NUMBER = 2**53


def _outside_math(text):
    """A cell without LaTeX's math mode around it."""
    matched = _LATEX_MATH.fullmatch(text)
    return matched["inner"] if matched else text


def _unmarked(text):
    """A cell without the marks around its number: LaTeX's and Markdown's bold, italics
    or underline, and asterisks, daggers and the like before or after it."""
    core = text.strip()
    while matched := _LATEX_MARK.fullmatch(core):
        core = _outside_math(next(g for g in matched.groups() if g is not None)).strip()
    for wrapper in ("**", "__", "*"):
        if len(core) > 2 * len(wrapper) and core.startswith(wrapper) and core.endswith(wrapper):
            core = core[len(wrapper) : -len(wrapper)].strip()
    return core.strip(MARKS + " ")


def composed(name):
    """A name in Unicode's composed form (NFC), as every step compares names."""
    return unicodedata.normalize("NFC", name)


class RawColumns:
    """The columns of a table, before interpretation, and the parsers of their cells.

    Parameters
    ----------
    source : Source

    Attributes
    ----------
    spreads : dict of str to ndarray
        For a column of "mean±spread" cells read by :meth:`numbers`: each
        row's spread (NaN where the cell was a plain number).
    bracketed : set of str
        The columns whose spreads were written in parentheses ("0.95 (0.02)").
    cell_forms : dict of str to dict of str to int
        By form ("tail": a change in percent, not read; "marked": marks such
        as "*" or bold; "percent": a percent sign), the rows of each column
        written so.
    marked : dict of str to ndarray of bool
        For a column with marked cells, which rows carry a mark.
    merged_names : dict of str to int
        Names written in two Unicode forms and read as one.
    """

    def __init__(self, source):
        self.source_record = source
        self._origin = source  # the source as read, whose rows messages name
        self.columns = source.columns
        self.source = source.name
        self.empty = source.empty
        self._row_index = None  # each row's row in the source as read
        self.spreads, self.bracketed, self.cell_forms = {}, set(), {}
        self.marked, self.merged_names = {}, {}
        self._parsed = {}  # each column's numbers, or why it has none
        self._labels = {}  # each column's names, once read

    @property
    def index_columns(self):
        """tuple of str: The columns that were a dataframe's index."""
        return self.source_record.index_columns

    @property
    def comma_columns(self):
        """set of str: The columns whose numbers were written with decimal commas."""
        return self.source_record.comma_columns

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
        original = int(row) if self._row_index is None else int(self._row_index[row])
        lines = self._origin.line_numbers
        if lines is None:
            return f"{self.source}, row {original}"
        if callable(lines):
            lines = self._origin.line_numbers = lines()
        return f"{self.source}, line {int(lines[original])}"

    def row_word(self, row):
        """``"line 7"`` or ``"row 5"``."""
        return self.where(row).rsplit(", ", 1)[-1]

    def take(self, rows):
        """The table of some of its rows, in order; messages still name the original rows."""
        rows = np.asarray(rows, dtype=np.int64)
        record = self.source_record
        texts = record.texts
        # The same source but for its rows: its other fields (how it is written, what its
        # cells showed) are shared; messages name rows through ``_origin``.
        taken = RawColumns(
            dataclasses.replace(
                record,
                columns={name: values[rows] for name, values in self.columns.items()},
                line_numbers=None,
                empty={name: empty[rows] for name, empty in self.empty.items()},
                texts=None if texts is None else (lambda name: texts(name)[rows]),
                dictionaries={n: (c, k[rows]) for n, (c, k) in record.dictionaries.items()},
            )
        )
        taken._origin = self._origin
        taken._row_index = rows if self._row_index is None else self._row_index[rows]
        taken.spreads = {name: spread[rows] for name, spread in self.spreads.items()}
        taken.marked = {name: marks[rows] for name, marks in self.marked.items()}
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
                differing[name] = tuple(
                    v.item() if isinstance(v, np.generic) else v for v in (one, other)
                )
        return differing

    def require(self, column, argument):
        """The column named ``column``, or an error that names the argument that named it."""
        if column not in self.columns:
            raise ValueError(
                f"{self.source} has no column {column!r} ({parameter(argument)}); found "
                f"{self.names}. Name the column with {option(argument)}."
            )
        return self.columns[column]

    # -- cells ------------------------------------------------------------------
    # Each parser works on the distinct cells of a dictionary column (and spreads the
    # result over the rows with their codes), or on every cell.

    def _cells(self, column):
        """``(cells, codes)``: distinct cells and each row's code, or every cell and None."""
        if column in self.source_record.dictionaries:
            return self.source_record.dictionaries[column]
        return np.asarray(self.columns[column]), None

    @staticmethod
    def _rows_of(codes, flagged):
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

        A missing name is refused with the number of rows that lack one; so are
        two names that no reader could tell apart. Names written in two Unicode
        forms are one (``merged_names`` counts them).
        """
        self.require(column, argument)
        if column in self._labels:  # several steps read the data sets' names
            return self._labels[column]
        cells, codes = self._cells(column)
        texts = self.source_record.texts
        if cells.dtype.kind == "f" and texts is not None and codes is None:
            cells = texts(column)  # numbers written as names: keep their text
        if codes is None:  # every cell: find the distinct ones first
            index = {}
            codes = np.fromiter(
                (index.setdefault(_key(v), len(index)) for v in cells.tolist()),
                dtype=np.int64,
                count=len(cells),
            )
            cells = np.empty(len(index), dtype=object)
            cells[:] = [math.nan if key is _NAN else key for key in index]
        labels = np.empty(len(cells), dtype=object)
        missing = np.zeros(len(cells), dtype=bool)
        for i, value in enumerate(cells.tolist()):
            if is_blank_text(value):
                missing[i] = True
            else:
                text = from_spreadsheet_safe(value) if isinstance(value, str) else str(value)
                labels[i] = composed(text)
        rows = self._rows_of(codes, missing)
        if rows.size:
            raise ValueError(
                f"{self.source}, column {column!r}: {rows.size} row(s) have no name, first "
                f"{self.row_word(rows[0])}; every score needs its {argument.rstrip('s')}. "
                "Fill them in or drop those rows."
            )
        self._check_distinct(labels, codes, column)
        found = labels[codes]
        found.flags.writeable = False
        self._labels[column] = found
        return found

    def _check_distinct(self, labels, codes, column):
        """Refuse two names no reader could tell apart, naming both and their rows; count
        the names written in two Unicode forms."""
        first_rows = np.full(len(labels), len(codes))
        np.minimum.at(first_rows, codes, np.arange(len(codes)))
        order = np.argsort(first_rows, kind="stable")
        forms, row_of = {}, {}
        for i in order:
            forms[labels[i]] = forms.get(labels[i], 0) + 1
            row_of.setdefault(labels[i], first_rows[i])
        self.merged_names.update({name: n for name, n in forms.items() if n > 1})
        clash = name_clash(list(forms))
        if clash is not None:
            first, second, why = clash
            raise ValueError(
                f"{self.source}, column {column!r}: the names {first!r} "
                f"({self.row_word(row_of[first])}) and {second!r} "
                f"({self.row_word(row_of[second])}) {why}; write them the same way, or make "
                "them distinct."
            )

    def numbers(self, column, *, empty_is_missing=False):
        """The scores in ``column`` as floats (NaN for a failed split), and which cells were
        empty (refused unless ``empty_is_missing``). A mean with its spread reads as its
        mean; the spreads are kept in ``spreads[column]``. Each column is parsed once: the
        guess reads a column several times."""
        if column not in self._parsed:
            try:
                self._parsed[column] = self._numbers(column)
            except ValueError as exc:
                self._parsed[column] = exc
        found = self._parsed[column]
        if isinstance(found, Exception):
            raise found
        scores, missing = found
        if missing.any() and not empty_is_missing:
            raise ValueError(
                f"{self.where(int(np.flatnonzero(missing)[0]))}, column {column!r}: the score is "
                "empty; write NaN (or NA) for a failed split, or drop the row."
            )
        return scores, missing

    def _numbers(self, column):
        cells, codes = self._cells(column)
        spreads = marks = None
        if cells.dtype.kind in "iufb":
            scores = cells.astype(float)
            missing = self.empty.get(column, np.zeros(cells.shape, dtype=bool))
            invalid = np.zeros(cells.shape, dtype=bool)
        else:
            scores, missing, invalid, spreads, flags = self._parse_scores(column, cells)
            marks = flags["marked"]
            for key, flagged in flags.items():
                count = int((flagged if codes is None else flagged[codes]).sum())
                if count:
                    self.cell_forms.setdefault(key, {})[column] = count
        rows = self._rows_of(codes, invalid)
        if rows.size:
            value = cells[rows[0]] if codes is None else cells[codes[rows[0]]]
            hint, option = _number_hint(value, self.source_record.number_format)
            raise TableReadingError(
                f"{self.where(rows[0])}, column {column!r}: expected a number, got {value!r}. "
                f"{hint}",
                field=option,
                option=option,
            )
        if codes is not None:
            scores, missing = scores[codes], missing[codes]
            spreads = None if spreads is None else spreads[codes]
            marks = None if marks is None else marks[codes]
        if spreads is not None and not np.isnan(spreads).all():
            self.spreads[column] = spreads
        if marks is not None and marks.any():
            self.marked[column] = marks
        check_magnitude(scores, self, column)
        return scores, missing

    def _parse_scores(self, column, cells):
        """Every text cell read: ``(scores, missing, invalid, spreads, flags)``, ``flags``
        saying which cells ended with a change in percent ("tail"), carried marks
        ("marked") or a percent sign ("percent")."""
        n = len(cells)
        scores, spreads = np.empty(n), np.full(n, math.nan)
        missing, invalid = np.zeros(n, dtype=bool), np.zeros(n, dtype=bool)
        flags = {key: np.zeros(n, dtype=bool) for key in ("tail", "marked", "percent")}
        number_format = self.source_record.number_format
        for i, value in enumerate(cells.tolist()):
            if value is None:
                missing[i], scores[i] = True, math.nan
                continue
            number = parse_number(value, number_format)
            if number is not None:
                scores[i], missing[i] = number
                if number_format.decimal is None and isinstance(value, str):
                    self.source_record.note_marks(column, (value,))
                continue
            written = value if isinstance(value, str) else str(value)
            text = _outside_math(written)
            core = _unmarked(text)
            flags["marked"][i] = core != text.strip()
            percent = PERCENT.fullmatch(core)
            if percent:
                scores[i], flags["percent"][i] = float(percent["number"]), True
                continue
            number = parse_number(core, number_format) if core != written.strip() else None
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
        form papers print)."""
        cells, codes = self._cells(column)
        if not len(cells):
            return 0.0
        number_format = self.source_record.number_format
        readable = np.array(
            [
                parse_number(cell if cell is not None else "", number_format) is not None
                or (isinstance(cell, str) and _readable_form(cell, number_format))
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
                whole = np.isfinite(cells) & (cells == np.round(cells))
                whole &= (cells >= lowest) & (cells <= LARGEST_WHOLE_NUMBER)
            if whole.all():
                values = cells.astype(np.int64)
                return values if codes is None else values[codes]
        values, problems = np.zeros(len(cells), dtype=np.int64), {}
        for i, value in enumerate(cells.tolist()):
            if isinstance(value, (int, float, np.number)):
                number = float(value)
            else:
                parsed = parse_number(value)
                number = None if parsed is None or parsed[1] else parsed[0]
            if number is None or not math.isfinite(number) or number != round(number):
                problems[i] = (ValueError, f"expected {kind}, got {value!r}.")
            elif number < lowest:
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
        """Split identifiers as integers: their values if whole numbers, else codes in order
        of appearance; numbers all whole but some too large are refused."""
        try:
            return self.integers(column, positive=False)
        except _TooLarge:
            raise
        except ValueError:
            labels = self.labels(column, "split")
            index = {}
            return np.array([index.setdefault(label, len(index)) for label in labels], np.int64)


def _key(value):
    """A cell as a dict key (NaN cells all one key)."""
    return _NAN if isinstance(value, float) and math.isnan(value) else value


_NAN = object()


def _readable_form(cell, number_format):
    """Whether a text cell reads as a score in one of the forms papers print."""
    written, core = cell, _unmarked(_outside_math(cell))
    return bool(
        PERCENT.fullmatch(core)
        or MEAN_SPREAD.fullmatch(core)
        or (core != written.strip() and parse_number(core, number_format) is not None)
    )


def _miswritten_number(cell):
    """Whether a cell is a number but for an underscore, a decimal comma or thousands
    marks (read with the option that says them)."""
    text = str(cell).strip()
    return _underscored(text) or bool(_formats_reading(text))


#: The ways of writing a number's marks that a refused cell is tried in, to advise one.
_FORMATS_TRIED = tuple(
    NumberFormat(decimal, thousands)
    for thousands in THOUSANDS_MARKS
    for decimal in DECIMAL_MARKS
    if decimal != thousands
)


def _formats_reading(text):
    """The ways of :data:`_FORMATS_TRIED` whose marks ``text`` writes and that read it as
    a number (the marks are looked for first: most cells tried are names)."""
    return [
        tried
        for tried in _FORMATS_TRIED
        if (tried.decimal in text or tried.thousands in text)
        and parse_number(text, tried) is not None
    ]


def _underscored(text):
    """Whether ``text`` is a number but for underscores (Python's digit separators)."""
    return "_" in text and parse_number(text.replace("_", "")) is not None


def _number_hint(value, number_format):
    """What a cell that is not a number could be, how to write it, and the option (or
    None) that reads it as it is: ``(hint, option)``."""
    text = str(value).strip()
    if _underscored(text):
        return (
            "An underscore is not part of a number here (Python would read '0_91' as 91); "
            "write the number with a decimal point.",
            None,
        )
    current = (number_format.decimal, number_format.thousands)
    for tried in _formats_reading(text):
        if tried.thousands in text and (tried.decimal, tried.thousands) != current:
            also = f" and {option('decimal', tried.decimal)}" if tried.decimal == "," else ""
            return (
                f"If {tried.thousands!r} groups its thousands, pass "
                f"{option('thousands', tried.thousands)}{also}.",
                "thousands",
            )
    if number_format.decimal != "," and re.fullmatch(r"[-+]?\d+,\d+", text):
        return (
            "A decimal comma is read as one in a file delimited by semicolons or tabs, or "
            f"with {option('decimal', ',')}.",
            "decimal",
        )
    if number_format.decimal == "," and parse_number(text) is not None:
        return (
            f"The decimal mark is a comma here ({option('decimal', ',')}); if this file writes a "
            f"point, pass {option('decimal', '.')}.",
            "decimal",
        )
    spelling = (
        f" If {text!r} marks a failed or missing score, pass {option('missing', [text])}."
        if text and not re.search(r"\d", text)
        else ""
    )
    return (
        "Scores must be numeric (NaN, NA or empty for a failed split; a mean and its spread as "
        f"0.95±0.02, 0.95 (±0.02) or 0.95 (0.02)).{spelling}",
        "missing" if spelling else None,
    )


class _TooLarge(ValueError):
    """A whole number too large to be counted exactly (not a label)."""


def check_magnitude(values, raw, column):
    """Refuse numbers too large for the tests' arithmetic (their squares would overflow),
    or too small but not zero (their squares would underflow)."""
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
