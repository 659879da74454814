"""Reading tables of scores: any dataframe (through narwhals), dicts of arrays, CSV files.

Every reader returns :class:`RawColumns`: the table's columns with a way to
name a row in messages ("line 7" of a CSV file, "row 5" of a dataframe), and
the parsers of its cells (names, scores, whole numbers), which every layout
uses. Which column is the model, the score or the split is the layouts' job
(``_table_layouts``).

CSV files are parsed in two streaming passes over the text, into typed
columns: a column with few distinct cells (names, split indices, sizes) is
stored as codes into its distinct values, any other (scores) as numbers, so
that memory grows with the rows by a few bytes per cell, not by a Python
string per cell.
"""

import csv
import itertools
import math
import os
import re
from array import array
from collections.abc import Mapping

import numpy as np

from ._table_roles import is_role_name
from .utils._io import open_text, source_name
from .utils._validation import LARGEST_SCORE, SMALLEST_SCORE
from .utils._warnings import warn

#: Delimiters the CSV reader recognises.
DELIMITERS = ",;\t"
#: Cells read as a NaN score (a failed split), case-insensitively.
NAN_TEXTS = frozenset({"nan", "na", "n/a", "null", "none"})
#: A cell that papers print as a mean and its spread: "0.95±0.02", "95.3 +- 1.2", "0.9 +/- 0.1".
MEAN_SPREAD = re.compile(
    r"\s*(?P<mean>[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)\s*(?:±|\+/-|\+-)\s*"
    r"(?P<spread>(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)\s*"
)
#: Split indices and sizes must stay below this: they are counted exactly in floats.
LARGEST_WHOLE_NUMBER = 2**53
#: A CSV column with more distinct cells than this is stored as numbers.
_DICTIONARY_LIMIT = 1 << 16
#: Cells converted to numbers at a time.
_CHUNK = 1 << 16


class RawColumns:
    """The columns of a table, before interpretation, and the parsers of their cells.

    Parameters
    ----------
    columns : dict of str to ndarray
        Equal-length 1-D arrays: text cells as strings (or numbers, for a
        dataframe's numeric columns and a CSV file's columns of many
        distinct numbers).
    source : str
        How messages refer to the table ("'results.csv'", "The pandas dataframe").
    line_numbers : callable, default=None
        For a CSV file, returns the first line of every row (blank lines are
        skipped); called only when a message names a row. None for in-memory
        tables, whose rows are numbered from 0.
    empty : dict of str to ndarray of bool, default=None
        For a CSV column stored as numbers, which of its cells were empty.
    texts : callable, default=None
        For a CSV file, ``texts(name)`` re-reads a column stored as numbers
        as the strings it was written with.
    dictionaries : dict of str to (ndarray, ndarray), default=None
        For a CSV column of few distinct cells, those cells and every row's
        index into them: the parsers then parse each distinct cell once.
    """

    def __init__(
        self, columns, source, line_numbers=None, *, empty=None, texts=None, dictionaries=None
    ):
        self.columns = columns
        self.source = source
        self._line_numbers = line_numbers
        self.empty = {} if empty is None else empty
        self._texts = texts
        self._dictionaries = {} if dictionaries is None else dictionaries
        self._row_index = None  # the original row of each row, for a table of some rows
        #: For a column of "mean±spread" cells read by :meth:`numbers`: each row's spread
        #: (NaN where the cell was a plain number).
        self.spreads = {}

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

    def _row_word(self, row):
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

        texts = None if self._texts is None else (lambda name: self._texts(name)[rows])
        taken = RawColumns(
            {name: values[rows] for name, values in self.columns.items()},
            self.source,
            lines,
            empty={name: empty[rows] for name, empty in self.empty.items()},
            texts=texts,
            dictionaries={
                name: (cells, codes[rows]) for name, (cells, codes) in self._dictionaries.items()
            },
        )
        taken._row_index = row_index
        taken.spreads = {name: spread[rows] for name, spread in self.spreads.items()}
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

    def labels(self, column, argument):
        """The names in ``column`` (models, data sets) as strings, exactly as written.

        A missing name (empty, only spaces, None or NaN) is refused with the
        number of rows that lack one; so are two names that differ only in
        spaces around them, which no table could tell apart.
        """
        self.require(column, argument)
        cells, codes = self._cells(column)
        if cells.dtype.kind == "f" and self._texts is not None and codes is None:
            cells = self._texts(column)  # numbers written as names: keep their text
        labels = np.empty(len(cells), dtype=object)
        missing = np.zeros(len(cells), dtype=bool)
        for i, value in enumerate(cells.tolist()):
            if value is None or (isinstance(value, float) and math.isnan(value)):
                missing[i] = True
                continue
            labels[i] = text = value if isinstance(value, str) else str(value)
            missing[i] = not text.strip()
        rows = self._rows_of(codes, missing)
        if rows.size:
            raise ValueError(
                f"{self.source}, column {column!r}: {rows.size} row(s) have no name, first "
                f"{self._row_word(rows[0])}; every score needs its {argument.rstrip('s')}. "
                "Fill them in or drop those rows."
            )
        _refuse_names_that_differ_in_spaces(self, labels, codes, column)
        return labels if codes is None else labels[codes]

    def numbers(self, column, *, empty_is_missing=False):
        """The scores in ``column`` as floats: NaN for a failed split.

        A cell written as a mean and its spread ("0.95±0.02", as papers print
        them) is read as its mean; the spreads are kept in ``spreads[column]``.

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
            scores = np.empty(len(cells))
            missing = np.zeros(len(cells), dtype=bool)
            invalid = np.zeros(len(cells), dtype=bool)
            spreads = np.full(len(cells), math.nan)
            for i, value in enumerate(cells.tolist()):
                if value is None or (isinstance(value, str) and not value.strip()):
                    missing[i], scores[i] = True, math.nan
                elif isinstance(value, float):
                    scores[i] = value
                elif isinstance(value, str) and value.strip().lower() in NAN_TEXTS:
                    scores[i] = math.nan
                else:
                    try:
                        scores[i] = float(value)
                    except (TypeError, ValueError):
                        matched = isinstance(value, str) and MEAN_SPREAD.fullmatch(value)
                        if matched:
                            scores[i], spreads[i] = (float(v) for v in matched.groups())
                        else:
                            invalid[i] = True
        rows = self._rows_of(codes, invalid)
        if rows.size:
            value = cells[rows[0]] if codes is None else cells[codes[rows[0]]]
            raise ValueError(
                f"{self.where(rows[0])}, column {column!r}: expected a number, got {value!r}. "
                "Scores must be numeric (NaN, NA or empty for a failed split; a mean and its "
                "spread as 0.95±0.02)."
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

    def score_share(self, column):
        """The share of a column's cells that read as scores (a number, NaN, empty, or a
        mean and its spread)."""
        cells, codes = self._cells(column)
        if not len(cells):
            return 0.0
        readable = np.zeros(len(cells), dtype=bool)
        for i, cell in enumerate(cells.tolist()):
            text = "" if cell is None else str(cell).strip()
            try:
                float(text or "nan")
                readable[i] = True
            except ValueError:
                readable[i] = text.lower() in NAN_TEXTS or bool(MEAN_SPREAD.fullmatch(text))
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
            try:
                number = float(value)
                ok = math.isfinite(number) and number == round(number) and number >= lowest
            except (TypeError, ValueError):
                ok = False
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


def _refuse_names_that_differ_in_spaces(raw, labels, codes, column):
    """Two names that are equal once stripped of spaces are refused, naming both."""
    if codes is None:
        first_rows = np.arange(len(labels))
    else:  # the distinct names, in the order of their first rows
        first_rows = np.full(len(labels), len(codes))
        np.minimum.at(first_rows, codes, np.arange(len(codes)))
    seen = {}
    for i in np.argsort(first_rows, kind="stable"):
        label = labels[i]
        other = seen.setdefault(label.strip(), (label, first_rows[i]))
        if other[0] != label:
            first, second = other[1], first_rows[i]
            raise ValueError(
                f"{raw.source}, column {column!r}: the names {other[0]!r} ({raw._row_word(first)}) "
                f"and {label!r} ({raw._row_word(second)}) differ only in spaces around them; "
                "write them the same way, or make them distinct."
            )


def read_table(data, *, delimiter=None, encoding=None):
    """The columns of a dataframe, a dict of arrays, or a CSV file.

    Parameters
    ----------
    data : dataframe, dict of array-like, str or path-like
        A pandas, polars or pyarrow table (or any other that narwhals
        supports), a mapping of column names to equal-length arrays, or the
        path of a CSV file (or an open file).
    delimiter : str, default=None
        The CSV delimiter; None sniffs comma, semicolon or tab.
    encoding : str, default=None
        The CSV file's encoding; None reads UTF-8 (with or without a
        byte-order mark) and UTF-16 (with one).

    Returns
    -------
    RawColumns
    """
    if isinstance(data, (str, os.PathLike)) or hasattr(data, "read"):
        return read_csv_columns(data, delimiter=delimiter, encoding=encoding)
    if isinstance(data, Mapping):
        return _dict_columns(data)
    return _dataframe_columns(data)


def _dict_columns(data):
    columns = {}
    for name, values in data.items():
        array_ = np.asarray(values)
        if array_.ndim != 1:
            raise ValueError(
                f"Column {name!r} of the dict must be 1-D (one value per row); got shape "
                f"{array_.shape}."
            )
        columns[str(name)] = array_
    lengths = {name: len(values) for name, values in columns.items()}
    if len(set(lengths.values())) > 1:
        raise ValueError(f"The dict's columns must have one length; got lengths {lengths}.")
    if not columns:
        raise ValueError("The dict of columns is empty.")
    return RawColumns(columns, "The dict of columns")


def _dataframe_columns(data):
    import narwhals as nw

    kind = type(data).__module__.split(".")[0]
    if getattr(getattr(data, "columns", None), "nlevels", 1) > 1:
        raise ValueError(
            f"The {kind} dataframe has several levels of column names (a MultiIndex); "
            "flatten them first, e.g. df.columns = ['_'.join(map(str, c)) for c in df.columns], "
            "or reset_index() a stacked table."
        )
    data = _with_index_columns(data)
    try:
        frame = nw.from_native(data, eager_only=True)
    except TypeError:
        raise TypeError(
            "The scores must be a dataframe (pandas, polars, pyarrow...), a dict of "
            f"columns or the path of a CSV file; got {type(data).__name__}."
        ) from None
    columns = {str(name): frame[name].to_numpy() for name in frame.columns}
    if not columns:
        raise ValueError(f"The {kind} dataframe has no columns.")
    if len(columns) != len(frame.columns):
        raise ValueError(
            f"The {kind} dataframe has column names that coincide as strings; make them unique."
        )
    return RawColumns(columns, f"The {kind} dataframe")


def _with_index_columns(data):
    """A pandas frame whose index labels its rows with the index as columns.

    autorank's and scikit-posthocs' frames, and ``groupby(...).mean()``, keep
    the data sets (or data set and model) in the index, which the other
    dataframe libraries do not have. An index of text, or named after a role
    ("dataset", "fold", "classifier"...), is read; any other (row numbers, an
    id) is dropped, lest a wide table take it for a model's scores.
    """
    index = getattr(data, "index", None)
    if index is None or not hasattr(data, "reset_index"):
        return data
    text = getattr(index, "inferred_type", "integer") in ("string", "mixed")
    if text or any(is_role_name(name) for name in index.names):
        return data.reset_index()
    return data


def sniff_delimiter(text, source):
    """The delimiter of a CSV text: comma, semicolon or tab.

    The header row decides: the candidate it contains most often. Quoted
    headers are handled by :class:`csv.Sniffer` when it can decide. A header
    without any of them is one column, unless it holds spaces or bars, which
    suggest another delimiter.
    """
    sample = text[:65536]
    try:
        return csv.Sniffer().sniff(sample, delimiters=DELIMITERS).delimiter
    except csv.Error:
        header = sample.splitlines()[0] if sample.strip() else ""
        counts = {d: header.count(d) for d in DELIMITERS}
        best = max(counts, key=counts.get)
        if counts[best] > 0:
            return best
        if any(other in header.strip() for other in " |"):
            raise ValueError(
                f"{source}: cannot tell the CSV delimiter from the header {header[:80]!r}; "
                "expected commas, semicolons or tabs between columns (or pass delimiter=)."
            ) from None
        return ","


def _records(text, delimiter, source):
    """``(first line, cells)`` of every record of a CSV text, blank ones included.

    A record may span lines (a quoted cell holding a line break): its first
    line is the one messages name.
    """
    reader = csv.reader(text.lines(), delimiter=delimiter, strict=True)
    previous = 0
    try:
        for row in reader:
            yield previous + 1, row
            previous = reader.line_num
    except csv.Error as exc:
        line = previous + 1
        if "unexpected end of data" in str(exc):
            raise ValueError(
                f"{source}, line {line}: a quoted cell opens here and is never closed (a "
                'missing " ?).'
            ) from None
        raise ValueError(f"{source}, line {line}: not valid CSV ({exc}).") from None


def _data_lines(text, delimiter, source, n_columns):
    """The first line of every non-blank data row; an error names the line of a bad row.

    The slow, exact walk: run only when a message needs a line number.
    """
    records = _records(text, delimiter, source)
    next(records)  # the header
    lines = []
    for line, row in records:
        if not "".join(row).strip():
            continue  # a blank line
        if len(row) != n_columns:
            raise ValueError(
                f"{source}, line {line}: expected {n_columns} cells (delimiter "
                f"{delimiter!r}), found {len(row)}."
            )
        lines.append(line)
    return np.array(lines, dtype=np.int64)


def _chunks(text, delimiter, source, n_columns):
    """The non-blank data rows, ``_CHUNK`` at a time, each with ``n_columns`` cells.

    The fast walk: the csv module reads whole chunks and only the rows that
    look odd are inspected in Python. On a malformed file the exact walk of
    :func:`_data_lines` raises the message, with its line.
    """
    reader = csv.reader(text.lines(), delimiter=delimiter, strict=True)
    try:
        next(reader)  # the header
        while rows := list(itertools.islice(reader, _CHUNK)):
            odd = [i for i, row in enumerate(rows) if len(row) != n_columns or not row[0]]
            if odd:
                blank = {i for i in odd if not "".join(rows[i]).strip()}
                if any(len(rows[i]) != n_columns for i in odd if i not in blank):
                    _data_lines(text, delimiter, source, n_columns)  # raises, with the line
                rows = [row for i, row in enumerate(rows) if i not in blank]
            if rows:
                yield rows
    except csv.Error:
        _data_lines(text, delimiter, source, n_columns)  # raises, with the line
        raise


def read_csv_columns(path_or_buf, *, delimiter=None, encoding=None):
    """The columns of a CSV file, typed, with the first line of every row.

    Parameters
    ----------
    path_or_buf : str, path-like or file-like
    delimiter : str, default=None
        None sniffs comma, semicolon or tab.
    encoding : str, default=None
        None reads UTF-8 (with or without a byte-order mark), UTF-16 and
        UTF-32 (with one), gzip, bz2 or xz compressed.

    Returns
    -------
    RawColumns
    """
    source = source_name(path_or_buf)
    text = open_text(path_or_buf, source=source, encoding=encoding)
    if text.is_blank():
        raise ValueError(f"{source} is empty; expected a header row and one row per score.")
    if delimiter is None:
        delimiter = sniff_delimiter(text.head(65536), source)
    header = [name.strip() for name in next(_records(text, delimiter, source))[1]]
    if not any(header):
        raise ValueError(f"{source}: the first line is empty; expected the header row.")
    duplicated = sorted({name for name in header if header.count(name) > 1})
    if duplicated:
        raise ValueError(f"{source} has repeated column names {duplicated}; make them unique.")

    def chunks():
        return _chunks(text, delimiter, source, len(header))

    # First pass: the distinct cells of each column while they are few.
    n_rows = 0
    distinct = [set() for _ in header]
    for rows in chunks():
        n_rows += len(rows)
        for seen, cells in zip(distinct, zip(*rows, strict=True), strict=True):
            if seen is not None:
                seen.update(cells)
        distinct = [None if s is not None and len(s) > _DICTIONARY_LIMIT else s for s in distinct]
    if not n_rows:
        raise ValueError(f"{source} has a header but no data rows.")
    columns, empty, dictionaries = _typed_columns(chunks, header, distinct)

    def texts(name):
        k = header.index(name)
        return np.array([row[k] for rows in chunks() for row in rows], dtype=object)

    def line_numbers():
        return _data_lines(text, delimiter, source, len(header))

    return RawColumns(
        columns, source, line_numbers, empty=empty, texts=texts, dictionaries=dictionaries
    )


def _typed_columns(chunks, header, distinct):
    """Second pass: every column as codes into its distinct cells, or as numbers.

    Returns
    -------
    columns : dict of str to ndarray
    empty : dict of str to ndarray of bool
        The empty cells of the columns stored as numbers.
    dictionaries : dict of str to (ndarray, ndarray)
        The distinct cells and the codes of the other columns.
    """
    indices = [
        None if seen is None else {cell: i for i, cell in enumerate(sorted(seen))}
        for seen in distinct
    ]
    codes = {k: array("q") for k, index in enumerate(indices) if index is not None}
    numbers = {k: [] for k, index in enumerate(indices) if index is None}
    for rows in chunks():
        for k, cells in enumerate(zip(*rows, strict=True)):
            if k in codes:
                codes[k].extend(map(indices[k].__getitem__, cells))
            elif numbers[k] is not None:
                part = _as_numbers(cells)
                numbers[k] = None if part is None else [*numbers[k], part]
    columns, empty, dictionaries = {}, {}, {}
    for k, name in enumerate(header):
        if k in codes:
            cells = np.empty(len(indices[k]), dtype=object)
            cells[:] = list(indices[k])
            row_codes = np.frombuffer(codes[k], dtype=np.int64)
            dictionaries[name] = (cells, row_codes)
            columns[name] = cells[row_codes]
        elif numbers[k] is None:
            # Some cell is not a number: keep the text, for the layout to report.
            columns[name] = np.array([row[k] for rows in chunks() for row in rows], dtype=object)
        else:
            columns[name] = np.concatenate([values for values, _ in numbers[k]])
            blank = np.concatenate([blanks for _, blanks in numbers[k]])
            if blank.any():
                empty[name] = blank
    return columns, empty, dictionaries


def _as_numbers(cells):
    """``(floats, empty)`` of a chunk of cells, NaN texts and empty cells as NaN.

    None when some cell is not a number.
    """
    try:
        return np.array(cells, dtype=float), np.zeros(len(cells), dtype=bool)
    except ValueError:
        pass
    values = np.empty(len(cells))
    blank = np.zeros(len(cells), dtype=bool)
    for i, cell in enumerate(cells):
        stripped = cell.strip()
        if not stripped:
            values[i], blank[i] = math.nan, True
        elif stripped.lower() in NAN_TEXTS:
            values[i] = math.nan
        else:
            try:
                values[i] = float(stripped)
            except ValueError:
                return None
    return values, blank


def split_scores(cv_results, metric):
    """A search's per-split test scores: ``(n_candidates, n_splits)``, splits in order."""
    suffix = f"_test_{metric}"
    keys = [key for key in cv_results if key.startswith("split") and key.endswith(suffix)]
    keys = [key for key in keys if key[len("split") : -len(suffix)].isdigit()]
    if not keys:
        found = sorted({key.split("_test_", 1)[1] for key in cv_results if "_test_" in key})
        raise ValueError(
            f"`cv_results_` has no per-split test scores for {metric!r} (keys like "
            f"'split0_test_{metric}'){f'; it has metrics {found}' if found else ''}."
        )
    keys.sort(key=lambda key: int(key[len("split") : -len(suffix)]))
    return np.column_stack([np.asarray(cv_results[key], dtype=float) for key in keys])


def search_candidates(cv_results, metric):
    """The candidates of a search that were scored alike: scores, names and rows.

    A successive-halving search (``HalvingGridSearchCV``...) scores each
    iteration's candidates on more resources than the last: only the
    candidates of its last iteration share their splits and their data, so
    only they are kept, and a warning says so. Candidates are named by their
    parameters (:func:`candidate_name`), each prefixed by its row when two
    print alike.

    Parameters
    ----------
    cv_results : mapping
        A search's ``cv_results_`` (or its columns read from a table).
    metric : str

    Returns
    -------
    scores : ndarray of shape (n_kept, n_splits)
    names : list of str
    rows : ndarray of int
        The kept candidates' rows in ``cv_results``.
    """
    scores = split_scores(cv_results, metric)
    rows = candidate_rows(cv_results, scores.shape[0])
    if rows.size < scores.shape[0]:
        iteration = np.asarray(cv_results["iter"], dtype=float)
        resources = cv_results.get("n_resources")
        used = "" if resources is None else f" (n_resources={np.asarray(resources)[rows[0]]})"
        warn(
            f"`cv_results_` is a successive-halving search's: its candidates were scored on "
            f"{len(set(iteration.tolist()))} amounts of resources, and only those of the last "
            f"iteration share their data. The {rows.size} candidates of iteration "
            f"{int(iteration[rows[0]])}{used} are kept; the other "
            f"{scores.shape[0] - rows.size} are left out."
        )
    params = cv_results.get("params")
    names = [f"candidate {row}" if params is None else candidate_name(params[row]) for row in rows]
    if len(set(names)) != len(names):  # parameters that print alike
        names = [f"{row}: {name}" for row, name in zip(rows, names, strict=True)]
    return scores[rows], names, rows


def candidate_rows(cv_results, n_candidates):
    """The rows of a search's candidates that share their data: every row, or those of a
    successive-halving search's last iteration."""
    iteration = cv_results.get("iter")
    if iteration is None:
        return np.arange(n_candidates)
    iteration = np.asarray(iteration, dtype=float)
    return np.flatnonzero(iteration == np.nanmax(iteration))


def candidate_name(params):
    """A search candidate named by its parameters: ``"C=1, kernel=rbf"``.

    ``params`` read back from a CSV file is the dict's text, kept as it is.
    """
    if not isinstance(params, Mapping):
        return str(params)
    return ", ".join(f"{key}={value}" for key, value in params.items()) or "(defaults)"
