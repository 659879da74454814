"""Step 1 of reading a table: its source as columns (CSV files, dataframes, dicts).

A source is read as it is, and nothing is decided here: every reader returns a
:class:`Source`, the table's columns with a way to name a row in messages
("line 7" of a CSV file, "row 5" of a dataframe). What a column means is the
later steps' work.

CSV files are parsed in two streaming passes over the text, into typed
columns: a column with few distinct cells (names, split indices, sizes) is
stored as codes into its distinct values, any other (scores) as numbers, so
that memory grows with the rows by a few bytes per cell, not by a Python
string per cell. In a file delimited by semicolons or tabs, a number written
with a decimal comma ("0,91", as spreadsheets in many languages export it)
is read as that number, and the source says so. A number with an underscore
("0_91", which Python and NumPy would read as 91) is never a number.
"""

import csv
import itertools
import math
import os
import re
import unicodedata
from array import array
from collections.abc import Mapping
from dataclasses import dataclass, field

import numpy as np

from ..utils._io import open_text, source_name

#: Delimiters the CSV reader recognises.
DELIMITERS = ",;\t"
#: Delimiters beside which a cell's comma can only be a decimal comma.
DECIMAL_COMMA_DELIMITERS = ";\t"
#: Cells read as a NaN score (a failed split), case-insensitively.
NAN_TEXTS = frozenset({"nan", "na", "n/a", "null", "none"})
#: A number written with a decimal comma ("0,91", "-1,5e-3").
DECIMAL_COMMA = re.compile(r"\s*[-+]?\d+,\d+(?:[eE][-+]?\d+)?\s*")
#: A CSV column with more distinct cells than this is stored as numbers.
_DICTIONARY_LIMIT = 1 << 16
#: Cells converted to numbers at a time.
_CHUNK = 1 << 16


@dataclass
class Source:
    """The columns of a table as its source holds them, before any interpretation.

    Attributes
    ----------
    columns : dict of str to ndarray
        Equal-length 1-D arrays: text cells as strings (or numbers, for a
        dataframe's numeric columns and a CSV file's columns of many
        distinct numbers).
    name : str
        How messages refer to the table ("'results.csv'", "The pandas dataframe").
    line_numbers : callable or None
        For a CSV file, returns the first line of every row (blank lines are
        skipped); called only when a message names a row. None for in-memory
        tables, whose rows are numbered from 0.
    empty : dict of str to ndarray of bool
        For a CSV column stored as numbers, which of its cells were empty.
    texts : callable or None
        For a CSV file, ``texts(name)`` re-reads a column stored as numbers
        as the strings it was written with.
    dictionaries : dict of str to (ndarray, ndarray)
        For a CSV column of few distinct cells, those cells and every row's
        index into them.
    index_columns : tuple of str
        The columns that were a dataframe's index (row labels), not its data.
    decimal_comma : bool
        Whether the file is delimited by semicolons or tabs, beside which a
        comma in a number is its decimal point.
    comma_columns : set of str
        The columns whose numbers were written with decimal commas (a later
        step adds those it parses).
    """

    columns: dict
    name: str
    line_numbers: object = None
    empty: dict = field(default_factory=dict)
    texts: object = None
    dictionaries: dict = field(default_factory=dict)
    index_columns: tuple = ()
    decimal_comma: bool = False
    comma_columns: set = field(default_factory=set)


def is_blank_text(value):
    """Whether a cell holds no value: None, NaN, or only white space."""
    if value is None:
        return True
    if isinstance(value, float):
        return math.isnan(value)
    return isinstance(value, str) and not value.strip()


def read_source(data, *, delimiter=None, encoding=None):
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
    Source
    """
    if isinstance(data, (str, os.PathLike)) or hasattr(data, "read"):
        return read_csv_source(data, delimiter=delimiter, encoding=encoding)
    if isinstance(data, Mapping):
        return _dict_source(data)
    return _dataframe_source(data)


def _header_names(names, source):
    """Column names as strings in Unicode's composed form (NFC); two that become one are
    refused, as a CSV file's repeated names are."""
    normal = [unicodedata.normalize("NFC", str(name)) for name in names]
    seen = {}
    for original, name in zip(names, normal, strict=True):
        if name in seen and seen[name] != original:
            raise ValueError(
                f"{source} has columns {seen[name]!r} and {original!r}, the same name written "
                "in two Unicode forms (files merged from macOS and Linux?); rename one."
            )
        seen.setdefault(name, original)
    return normal


def _dict_source(data):
    columns = {}
    for name, values in data.items():
        array_ = np.asarray(values)
        if array_.ndim != 1:
            raise ValueError(
                f"Column {name!r} of the dict must be 1-D (one value per row); got shape "
                f"{array_.shape}."
            )
        columns[name] = array_
    if not columns:
        raise ValueError("The dict of columns is empty.")
    names = _header_names(list(columns), "The dict of columns")
    if len(set(names)) != len(names):
        raise ValueError("The dict's column names coincide as strings; make them unique.")
    columns = dict(zip(names, columns.values(), strict=True))
    lengths = {name: len(values) for name, values in columns.items()}
    if len(set(lengths.values())) > 1:
        raise ValueError(f"The dict's columns must have one length; got lengths {lengths}.")
    return Source(columns, "The dict of columns")


def _dataframe_source(data):
    import narwhals as nw

    kind = type(data).__module__.split(".")[0]
    if getattr(getattr(data, "columns", None), "nlevels", 1) > 1:
        raise ValueError(
            f"The {kind} dataframe has several levels of column names (a MultiIndex); "
            "flatten them first, e.g. df.columns = ['_'.join(map(str, c)) for c in df.columns], "
            "or reset_index() a stacked table."
        )
    data, index_columns = _with_index_columns(data)
    try:
        frame = nw.from_native(data, eager_only=True)
    except TypeError:
        raise TypeError(
            "The scores must be a dataframe (pandas, polars, pyarrow...), a dict of "
            f"columns or the path of a CSV file; got {type(data).__name__}."
        ) from None
    source = f"The {kind} dataframe"
    names = _header_names([str(name) for name in frame.columns], source)
    if not names:
        raise ValueError(f"{source} has no columns.")
    if len(set(names)) != len(frame.columns):
        raise ValueError(f"{source} has column names that coincide as strings; make them unique.")
    columns = {
        name: frame[original].to_numpy()
        for name, original in zip(names, frame.columns, strict=True)
    }
    return Source(columns, source, index_columns=tuple(index_columns))


def _with_index_columns(data):
    """A pandas frame whose index labels its rows, with the index as columns.

    autorank's and scikit-posthocs' frames, and ``groupby(...).mean()``, keep
    the data sets (or data set and model) in the index, which the other
    dataframe libraries do not have. An index that says something (text, a
    name, numbers other than the rows' positions) becomes columns, which the
    later steps read as any other (and say when they leave one out); the
    default index of row positions says nothing and is not read.

    Returns
    -------
    data : dataframe
    index_columns : list of str
        The names of the columns that hold the index.
    """
    index = getattr(data, "index", None)
    if index is None or not hasattr(data, "reset_index"):
        return data, []
    names = [name for name in index.names]
    positions = index.nlevels == 1 and names[0] is None and _is_row_positions(index)
    if positions:
        return data, []
    taken = {str(column) for column in data.columns}
    labels = []
    for k, name in enumerate(names):
        label = "" if name is None and index.nlevels == 1 else name
        if label is None or str(label) in taken:
            label = f"level_{k}" if index.nlevels > 1 else "index"
        labels.append(label)
    frame = data.copy(deep=False)
    frame.index = frame.index.set_names(labels)
    return frame.reset_index(), [str(label) for label in labels]


def _is_row_positions(index):
    """Whether a pandas index holds the rows' positions 0, 1, ... (a default index)."""
    if getattr(index, "inferred_type", None) != "integer":
        return False
    values = np.asarray(index)
    return bool(np.array_equal(values, np.arange(values.size)))


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


def read_csv_source(path_or_buf, *, delimiter=None, encoding=None):
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
    Source
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
    names = _header_names(header, source)
    decimal_comma = delimiter in DECIMAL_COMMA_DELIMITERS

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
    columns, empty, dictionaries, commas = _typed_columns(chunks, names, distinct, decimal_comma)

    def texts(name):
        k = names.index(name)
        return np.array([row[k] for rows in chunks() for row in rows], dtype=object)

    def line_numbers():
        return _data_lines(text, delimiter, source, len(header))

    return Source(
        columns,
        source,
        line_numbers,
        empty=empty,
        texts=texts,
        dictionaries=dictionaries,
        decimal_comma=decimal_comma,
        comma_columns=commas,
    )


def _typed_columns(chunks, header, distinct, decimal_comma):
    """Second pass: every column as codes into its distinct cells, or as numbers.

    Returns
    -------
    columns : dict of str to ndarray
    empty : dict of str to ndarray of bool
        The empty cells of the columns stored as numbers.
    dictionaries : dict of str to (ndarray, ndarray)
        The distinct cells and the codes of the other columns.
    commas : set of str
        The columns stored as numbers that were written with decimal commas.
    """
    indices = [
        None if seen is None else {cell: i for i, cell in enumerate(sorted(seen))}
        for seen in distinct
    ]
    codes = {k: array("q") for k, index in enumerate(indices) if index is not None}
    numbers = {k: [] for k, index in enumerate(indices) if index is None}
    commas = set()
    for rows in chunks():
        for k, cells in enumerate(zip(*rows, strict=True)):
            if k in codes:
                codes[k].extend(map(indices[k].__getitem__, cells))
            elif numbers[k] is not None:
                part = as_numbers(cells, decimal_comma)
                numbers[k] = None if part is None else [*numbers[k], part[:2]]
                if part is not None and part[2]:
                    commas.add(header[k])
    columns, empty, dictionaries = {}, {}, {}
    for k, name in enumerate(header):
        if k in codes:
            cells = np.empty(len(indices[k]), dtype=object)
            cells[:] = list(indices[k])
            row_codes = np.frombuffer(codes[k], dtype=np.int64)
            dictionaries[name] = (cells, row_codes)
            columns[name] = cells[row_codes]
        elif numbers[k] is None:
            # Some cell is not a number: keep the text, for a later step to report.
            columns[name] = np.array([row[k] for rows in chunks() for row in rows], dtype=object)
        else:
            columns[name] = np.concatenate([values for values, _ in numbers[k]])
            blank = np.concatenate([blanks for _, blanks in numbers[k]])
            if blank.any():
                empty[name] = blank
    return columns, empty, dictionaries, commas


def as_numbers(cells, decimal_comma=False):
    """``(floats, empty, commas)`` of a chunk of cells, NaN texts and empty cells as NaN;
    ``commas`` says whether some cell was written with a decimal comma.

    None when some cell is not a number. Python and NumPy read "0_91" as 91:
    a chunk with an underscore takes the strict path, which refuses it.
    """
    if "_" not in "".join(cells):
        try:
            return np.array(cells, dtype=float), np.zeros(len(cells), dtype=bool), False
        except ValueError:
            pass
    values = np.empty(len(cells))
    blank = np.zeros(len(cells), dtype=bool)
    for i, cell in enumerate(cells):
        number = parse_number(cell, decimal_comma)
        if number is None:
            return None
        values[i], blank[i] = number
    return values, blank, decimal_comma and any("," in cell for cell in cells)


def parse_number(cell, decimal_comma=False):
    """``(value, empty)`` of one cell, or None when it is not a number.

    Empty cells are ``(nan, True)``, NaN texts ``(nan, False)``; a number
    with an underscore is not one; a decimal comma is read where
    ``decimal_comma`` says the delimiter leaves no other reading.
    """
    if isinstance(cell, float):
        return cell, False
    text = str(cell).strip()
    if not text:
        return math.nan, True
    if text.lower() in NAN_TEXTS:
        return math.nan, False
    if "_" in text:
        return None
    try:
        return float(text), False
    except ValueError:
        pass
    if decimal_comma and DECIMAL_COMMA.fullmatch(text):
        return float(text.replace(",", ".")), False
    return None
