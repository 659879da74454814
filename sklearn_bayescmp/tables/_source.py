"""Step 1 of reading a table: its source as columns (CSV files, dataframes, dicts).

Nothing is decided here: every reader returns a :class:`Source`, the table's
columns with a way to name a row in messages ("line 7" of a CSV file, "row 5"
of a dataframe). CSV files go through the standard library's :mod:`csv` in
chunks, into typed columns: a column of few distinct cells (names, split
indices, sizes) is kept as codes into them, any other (scores) as numbers,
so that memory grows by a few bytes per cell. How numbers are written is a
:class:`NumberFormat`: given (``decimal=``, ``thousands=``, ``missing=``), or
else a decimal point and, in a file delimited by semicolons or tabs, a decimal
comma ("0,91") too, whose cells are kept as the evidence that decides it (a
"1,200" alone may be either mark, and is asked about). A number with an
underscore ("0_91", which Python reads as 91) is never a number.
"""

import csv
import itertools
import math
import os
import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field

import numpy as np

from ..exceptions import TableReadingError
from ..utils._advice import option
from ..utils._io import file_stem, from_spreadsheet_safe, open_text, source_name

#: Delimiters the CSV reader recognises, and those beside which a comma is a decimal one.
DELIMITERS, DECIMAL_COMMA_DELIMITERS = ",;\t", ";\t"
#: Cells read as a NaN score (a failed split), case-insensitively.
NAN_TEXTS = frozenset({"nan", "na", "n/a", "null", "none"})
#: The line above the header by which Excel names a CSV file's delimiter ("sep=;").
_EXCEL_SEPARATOR = re.compile(r'\ufeff?"?sep=([,;\t|])"?[ \t]*\r?\n', re.IGNORECASE)
_DECIMAL_COMMA = re.compile(r"\s*[-+]?\d+,\d+(?:[eE][-+]?\d+)?\s*")
#: A decimal comma that could as well group thousands ("1,200"; "0,120" cannot).
_COMMA_OR_THOUSANDS = re.compile(r"\s*[-+]?[1-9]\d{0,2},\d{3}\s*")


@dataclass(frozen=True)
class NumberFormat:
    """How a file writes its numbers.

    Attributes
    ----------
    decimal : {".", ","} or None
        The decimal mark; None: not decided, a point and a comma are both read
        (a file delimited by semicolons or tabs, where a comma is no delimiter),
        and the cells written with a comma are kept as evidence.
    thousands : {",", ".", " ", "'"} or None
        The mark between groups of three digits ("1,234.5"), if any.
    missing : tuple of str
        Spellings of a missing score besides NaN, NA, N/A, null and none ("-").
    """

    decimal: str | None = "."
    thousands: str | None = None
    missing: tuple = ()

    def __post_init__(self):  # the marks are checked where they are given: the spec
        object.__setattr__(self, "missing", tuple(m.strip() for m in self.missing))

    @property
    def plain(self):
        """bool: Whether a number is what Python's ``float`` reads (no comma, no mark)."""
        return self.decimal == "." and self.thousands is None and not self.missing

    def grouped(self, text):
        """``text`` without its thousands marks, or None where they do not group by three."""
        mark, point = re.escape(self.thousands), re.escape(self.decimal or ".")
        pattern = rf"[-+]?\d{{1,3}}(?:{mark}\d{{3}})+(?:{point}\d*)?(?:[eE][-+]?\d+)?"
        return text.replace(self.thousands, "") if re.fullmatch(pattern, text) else None


#: A decimal point, nothing else: the numbers of dataframes and dicts.
PLAIN = NumberFormat()
#: A CSV column with more distinct cells than this is kept as numbers; rows per chunk.
_DICTIONARY_LIMIT, _CHUNK = 1 << 16, 1 << 16
#: Rows read ahead of a chunk, so that the last chunk holds every line below the table (a
#: note).
_TAIL = 64


@dataclass
class Source:
    """The columns of a table as its source holds them.

    Attributes
    ----------
    columns : dict of str to ndarray
        Equal-length 1-D arrays: text cells as strings (or numbers, for a
        dataframe's numeric columns and a CSV column of many distinct numbers).
    name : str
        How messages refer to the table ("'results.csv'", "The pandas dataframe").
    line_numbers : callable or None
        For a CSV file, the first line of every row (found when a message
        needs one); None for in-memory tables, whose rows count from 0.
    empty : dict of str to ndarray of bool
        For a CSV column kept as numbers, which cells were empty.
    texts : callable or None
        For a CSV file, ``texts(name)`` reads a column kept as numbers as the
        strings it was written with.
    dictionaries : dict of str to (ndarray, ndarray)
        For a CSV column of few distinct cells, those cells and each row's code.
    index_columns : tuple of str
        The columns that were a dataframe's index (row labels).
    number_format : NumberFormat
        How the numbers are written (given, or read both ways where undecided).
    comma_columns : set of str
        The columns whose numbers were written with decimal commas.
    marks : dict of str to (str, str)
        Where the decimal mark is undecided, the first column and cell of each
        form of number read (:func:`mark_form`): the evidence that decides it.
    delimiter : str or None
        A CSV file's delimiter, and ``delimiter_by``: "option" or "values".
    quotechar : str or None
        A CSV file's quote character.
    header_row : int or None
        The line (from 0) of a CSV file's header, after a title, and
        ``header_by``: "option", "values" (lines of one cell, a title,
        above the header's) or "excel" (Excel's ``sep=;`` line).
    footer_rows : int or None
        How many lines below a CSV file's table (a note) were skipped, and
        ``footer_by``; ``footer_text``: the first of them.
    measure : (str, str) or None
        A name that may say the measure, and what it is: the file's name
        (without directory and extensions), or the common ending of several
        files' names; None for other sources.
    generated : frozenset of str
        The columns the reader made (several files' models and scores), whose
        names say nothing.
    """

    columns: dict
    name: str
    line_numbers: object = None
    empty: dict = field(default_factory=dict)
    texts: object = None
    dictionaries: dict = field(default_factory=dict)
    index_columns: tuple = ()
    number_format: NumberFormat = PLAIN
    comma_columns: set = field(default_factory=set)
    marks: dict = field(default_factory=dict)
    delimiter: str | None = None
    delimiter_by: str | None = None
    quotechar: str | None = None
    header_row: int | None = None
    header_by: str | None = None
    footer_rows: int | None = None
    footer_by: str | None = None
    footer_text: str = ""
    encoding: str | None = None
    measure: tuple | None = None
    generated: frozenset = frozenset()

    def __post_init__(self):
        # True and False are flags, not scores of 1 and 0: read as the text a CSV holds.
        for name, values in self.columns.items():
            if values.dtype == bool:
                self.columns[name] = np.where(values, "True", "False").astype(object)

    def note_marks(self, column, cells):
        """Keep, where the decimal mark is undecided, the first cell of ``column`` of each
        form (:func:`mark_form`) that the decision still needs: a point, and a comma that
        is surely decimal (after one, a "1,200" is read as it) or could group thousands."""
        if "point" not in self.marks:
            point = next((c for c in cells if "." in c and "," not in c), None)
            if point is not None:
                self.marks["point"] = (column, point.strip())
        for cell in cells:
            if "," in cell:
                self.comma_columns.add(column)
                if "decimal" in self.marks:
                    return
                self.marks.setdefault(mark_form(cell), (column, cell.strip()))


def is_blank_text(value):
    """Whether a cell holds no value: None, NaN, or only white space."""
    if value is None:
        return True
    if isinstance(value, float):
        return math.isnan(value)
    return isinstance(value, str) and not value.strip()


def read_source(data, *, delimiter=None, encoding=None):
    """The columns of a dataframe, a dict of arrays, or a CSV file (a path or an open file)."""
    if isinstance(data, (str, os.PathLike)) or hasattr(data, "read"):
        return read_csv_source(data, delimiter=delimiter, encoding=encoding)
    if isinstance(data, Mapping):
        return _dict_source(data)
    return _dataframe_source(data)


def _header_names(names, source):
    """Column names as strings in Unicode's composed form (NFC); two that become one, or
    two equal names, are refused."""
    normal = [unicodedata.normalize("NFC", from_spreadsheet_safe(str(name))) for name in names]
    seen = {}
    for original, name in zip(names, normal, strict=True):
        if name in seen and seen[name] == original:
            raise ValueError(f"{source} has repeated column names [{name!r}]; make them unique.")
        if name in seen:
            raise ValueError(
                f"{source} has columns {seen[name]!r} and {original!r}, the same name written "
                "in two Unicode forms (files merged from macOS and Linux?); rename one."
            )
        seen[name] = original
    return normal


def _dict_source(data):
    names = _header_names(list(data), "The dict of columns")
    columns = {}
    for name, values in zip(names, data.values(), strict=True):
        columns[name] = np.asarray(values)
        if columns[name].ndim != 1:
            raise ValueError(
                f"Column {name!r} of the dict must be 1-D (one value per row); got shape "
                f"{columns[name].shape}."
            )
    if not columns:
        raise ValueError("The dict of columns is empty.")
    lengths = {name: len(values) for name, values in columns.items()}
    if len(set(lengths.values())) > 1:
        raise ValueError(f"The dict's columns must have one length; got lengths {lengths}.")
    return Source(columns, "The dict of columns")


def _dataframe_source(data):
    import narwhals as nw

    kind = type(data).__module__.split(".")[0]
    if getattr(getattr(data, "columns", None), "nlevels", 1) > 1:
        raise ValueError(
            f"The {kind} dataframe has several levels of column names (a MultiIndex); flatten "
            "them first, e.g. df.columns = ['_'.join(map(str, c)) for c in df.columns]."
        )
    data, index_columns = _with_index_columns(data)
    try:
        frame = nw.from_native(data, eager_only=True)
    except TypeError:
        raise TypeError(
            "The scores must be a dataframe (pandas, polars, pyarrow...), a dict of columns or "
            f"the path of a CSV file; got {type(data).__name__}."
        ) from None
    source = f"The {kind} dataframe"
    names = _header_names([str(name) for name in frame.columns], source)
    if not names:
        raise ValueError(f"{source} has no columns.")
    # By name: frame[c] of a whole-number name would pick a row, not a column.
    columns = {n: frame.get_column(c).to_numpy() for n, c in zip(names, frame.columns, strict=True)}
    return Source(columns, source, index_columns=tuple(index_columns))


def _with_index_columns(data):
    """A pandas frame whose index says something (data sets, or data set and model, as
    autorank's and ``groupby().mean()``'s frames keep them) with the index as columns,
    and their names; a default index of row positions says nothing and is not read."""
    index = getattr(data, "index", None)
    if index is None or not hasattr(data, "reset_index"):
        return data, []
    names = list(index.names)
    if index.nlevels == 1 and names[0] is None and _is_row_positions(index):
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


#: The row under a Markdown table's header: "|---|:---:|".
_MARKDOWN_RULE = re.compile(r"\s*\|?(\s*:?-+:?\s*\|)+\s*(:?-+:?\s*)?")


def title_lines(text, delimiter=None):
    """How many lines a title takes above a CSV text's header: the leading lines with
    no delimiter (and blank ones) before one that has it, and past them rows of one
    width; 0 where the first line has a delimiter or no line does."""
    lines = text.splitlines()
    marks = delimiter or DELIMITERS
    k = next((i for i, line in enumerate(lines) if any(m in line for m in marks)), None)
    if not k or not any(line.strip() for line in lines[:k]):
        return 0
    rest = "\n".join(lines[k:]) + ("\n" if text.endswith(("\n", "\r")) else "")
    guesses = [delimiter] if delimiter else [d for d in DELIMITERS if d in lines[k]]
    return k if any(_parses_evenly(rest, d) for d in guesses) else 0


def sniff_delimiter(text, source):
    """The delimiter of a CSV text: :class:`csv.Sniffer`'s, else the one the header holds
    most; a header with none of them is one column, unless it holds spaces or bars.

    The sniffer reads a character next to a quote as a delimiter, so a quoted name
    holding a semicolon and a quote can fool it: a guess is kept only if every
    complete line of ``text`` parses into rows of one width, else the next is tried.
    """
    header = text.splitlines()[0] if text.strip() else ""
    guesses = [d for d in sorted(DELIMITERS, key=header.count, reverse=True) if d in header]
    try:
        guesses.insert(0, csv.Sniffer().sniff(text, delimiters=DELIMITERS).delimiter)
    except csv.Error:
        pass
    guesses = list(dict.fromkeys(guesses))
    for guess in guesses:
        if _parses_evenly(text, guess):
            return guess
    if guesses:
        return guesses[0]
    lines = text.splitlines()
    if header.strip().startswith("|") and len(lines) > 1 and _MARKDOWN_RULE.fullmatch(lines[1]):
        raise ValueError(
            f"{source} is a Markdown table (cells between '|', then a '|---|' row), not CSV: "
            "write it as CSV, its cells between commas and without the '---' row."
        )
    if any(other in header.strip() for other in " |"):
        raise ValueError(
            f"{source}: cannot tell the CSV delimiter from the header {header[:80]!r}; "
            "expected commas, semicolons or tabs between columns (or pass "
            f"{option('delimiter')})."
        )
    return ","


def _parses_evenly(text, delimiter):
    """Whether the complete lines of ``text`` (a sample: the last may be cut) parse
    strictly into rows of one width, beyond one cell."""
    lines = text.splitlines()
    if len(lines) > 1 and not text.endswith(("\n", "\r")):
        lines = lines[:-1]
    try:
        widths = {len(row) for row in csv.reader(lines, delimiter=delimiter, strict=True) if row}
    except csv.Error:
        return False
    return len(widths) == 1 and widths.pop() > 1


def _reader(text, dialect):
    """The csv module's reader of ``text`` from its header on (``dialect``: the
    delimiter, the quote character, the header's line and the lines below the table)."""
    delimiter, quotechar, header_row, _ = dialect
    reader = csv.reader(text.lines(), delimiter=delimiter, quotechar=quotechar, strict=True)
    for _ in range(header_row):
        next(reader, None)
    return reader


def _records(text, dialect, source):
    """``(first line, cells)`` of every record from the header on, blank ones included; a
    bad record is named."""
    reader = _reader(text, dialect)
    previous = reader.line_num
    try:
        for row in reader:
            yield previous + 1, row
            previous = reader.line_num
    except csv.Error as exc:
        if "unexpected end of data" in str(exc):
            raise ValueError(
                f"{source}, line {previous + 1}: a quoted cell opens here and is never closed (a "
                'missing " ?).'
            ) from None
        raise ValueError(f"{source}, line {previous + 1}: not valid CSV ({exc}).") from None


def _footer_size(widths, footer_rows, n_columns):
    """How many of the last non-blank rows (``widths``: their numbers of cells) are a note
    below the table: ``footer_rows`` when given, else the trailing rows of one cell below
    a table of two columns or more (never every row)."""
    if footer_rows is not None:
        return footer_rows
    k = 0
    while n_columns > 1 and k < len(widths) and widths[len(widths) - 1 - k] == 1:
        k += 1
    return k if k < len(widths) else 0


def _data_lines(text, dialect, source, n_columns):
    """The first line of every non-blank data row (the slow walk, for messages); a row of
    the wrong width is refused with its line."""
    records = _records(text, dialect, source)
    header_line = next(records)[0]
    lines, widths = [], []
    for line, row in records:
        if "".join(row).strip():
            lines.append(line)
            widths.append(len(row))
    k = _footer_size(widths, dialect[3], n_columns)
    if k:
        lines, widths = lines[:-k], widths[:-k]
    odd = next((i for i, width in enumerate(widths) if width != n_columns), None)
    if odd is not None:
        advice, field = "", None
        if odd == 0 and header_line == 1 and widths[0] > n_columns:  # is line 1 a title?
            advice, field = (
                f"; if line 1 is a title above the header, pass {option('header_row', 1)}",
                "header_row",
            )
        elif len(widths) - odd <= _TAIL and all(w != n_columns for w in widths[odd:]):
            below = len(widths) - odd + k
            advice, field = (
                f"; if the lines from {lines[odd]} on are a note below the table, pass "
                f"{option('footer_rows', below)}", "footer_rows",
            )  # fmt: skip
        raise TableReadingError(
            f"{source}, line {lines[odd]}: expected {n_columns} cells (delimiter "
            f"{dialect[0]!r}), found {widths[odd]}{advice}.",
            field=field,
            option=field,
        )
    return np.array(lines, dtype=np.int64)


def _without_footer(rows, dialect, source, n_columns, found):
    """The last chunk without the rows below the table (``found``: how many, the first),
    read from its end."""
    given, tail = dialect[3], []  # the last non-blank rows, the last first
    for i in range(len(rows) - 1, -1, -1):
        if "".join(rows[i]).strip():
            tail.append(i)
            # Enough: one row past those given, or the first row of more than one cell.
            if (len(tail) > given) if given is not None else (len(rows[i]) != 1):
                break
    k = _footer_size([len(rows[i]) for i in reversed(tail)], given, n_columns)
    if k and k > len(tail) - 1:
        refuse = f"{option('footer_rows', k)} leaves no data row below the header"
        raise TableReadingError(f"{source}: {refuse}.", field="footer_rows", option="footer_rows")
    if not k:
        return rows
    dropped = [rows[i] for i in reversed(tail[:k])]
    if given is not None and any(len(row) == n_columns for row in dropped):
        raise TableReadingError(
            f"{source}: {option('footer_rows', k)} would leave out a row of {n_columns} cells "
            "like the table's; give the number of lines below the table.",
            field="footer_rows",
            option="footer_rows",
        )
    if found is not None:
        found.update(rows=k, text=",".join(dropped[0]).strip())
    return rows[: tail[k - 1]]


def _chunks(text, dialect, source, n_columns, found=None):
    """The non-blank data rows, a chunk at a time, without the lines below the table; on a
    malformed row the slow walk names its line."""
    reader = _reader(text, dialect)
    try:
        next(reader)
        rows = list(itertools.islice(reader, _CHUNK))
        while rows:
            ahead = list(itertools.islice(reader, _TAIL))
            if len(ahead) < _TAIL:  # the table ends here: any note below it is in these
                rows, ahead = _without_footer(rows + ahead, dialect, source, n_columns, found), []
            odd = [i for i, row in enumerate(rows) if len(row) != n_columns or not row[0]]
            if odd:
                blank = {i for i in odd if not "".join(rows[i]).strip()}
                if any(len(rows[i]) != n_columns for i in odd if i not in blank):
                    _data_lines(text, dialect, source, n_columns)
                rows = [row for i, row in enumerate(rows) if i not in blank]
            if rows:
                yield rows
            rows = None  # one chunk held at a time
            if ahead:
                ahead += itertools.islice(reader, _CHUNK - _TAIL)
            rows = ahead
    except csv.Error:
        _data_lines(text, dialect, source, n_columns)
        raise


def read_csv_source(
    path_or_buf,
    *,
    delimiter=None,
    encoding=None,
    decimal=None,
    thousands=None,
    missing=(),
    quotechar=None,
    header_row=None,
    footer_rows=None,
):
    """The typed columns of a CSV file (also gzip, bz2 or xz compressed).

    Parameters
    ----------
    path_or_buf : str, path-like or file-like
    delimiter : str, default=None
        None sniffs comma, semicolon or tab.
    quotechar : str, default=None
        The character that quotes a cell holding the delimiter; None: '"'.
    header_row : int, default=None
        The line (from 0) of the header; the lines above it are skipped. None:
        the first line, or the first after lines of one cell (a title).
    footer_rows : int, default=None
        How many non-blank lines below the table (a note) to skip. None: the
        last lines of one cell each.
    encoding : str, default=None
        None reads UTF-8 (with or without a byte-order mark) and UTF-16 or
        UTF-32 (with one).
    decimal, thousands, missing
        How numbers are written (:class:`NumberFormat`); ``decimal=None`` reads
        a decimal point and, beside semicolons or tabs, a decimal comma too.

    Returns
    -------
    Source
    """
    source = source_name(path_or_buf)
    if thousands is not None and decimal is None:
        decimal = "," if thousands == "." else "."
    text = open_text(path_or_buf, source=source, encoding=encoding)
    if text.is_blank():
        raise ValueError(f"{source} is empty; expected a header row and one row per score.")
    head, header_by, delimiter_by = text.head(65536), "option", "option"
    excel = _EXCEL_SEPARATOR.match(head)
    if header_row is None and excel:  # Excel's line naming the delimiter, above the header
        header_row, header_by = 1, "excel"
        if delimiter is None:
            delimiter, delimiter_by = excel.group(1), "values"
    elif header_row is None:
        header_row, header_by = title_lines(head, delimiter), "values"
    if delimiter is None:
        after_title = "".join(head.splitlines(keepends=True)[header_row:])
        delimiter, delimiter_by = sniff_delimiter(after_title, source), "values"
    dialect = (delimiter, quotechar or '"', header_row, footer_rows)
    header = next(_records(text, dialect, source), (0, []))[1]
    header = [name.strip() for name in header]
    if not any(header):
        where = "the first line" if not header_row else f"line {header_row + 1}"
        raise ValueError(f"{source}: {where} is empty; expected the header row.")
    if delimiter_by == "option":
        _check_delimiter(header, delimiter, source)
    duplicated = sorted({name for name in header if header.count(name) > 1})
    if duplicated:
        raise ValueError(f"{source} has repeated column names {duplicated}; make them unique.")
    names = _header_names(header, source)
    if decimal is None and delimiter not in DECIMAL_COMMA_DELIMITERS:
        decimal = "."  # beside commas, a comma is no decimal mark unless said
    number_format = NumberFormat(decimal, thousands, tuple(missing or ()))

    def chunks(found=None):
        return _chunks(text, dialect, source, len(header), found)

    # First pass: the distinct cells of each column while they are few, and the lines
    # below the table, which the next passes skip alike.
    n_rows, distinct, footer = 0, [set() for _ in header], {}
    for rows in chunks(footer):
        n_rows += len(rows)
        for seen, cells in zip(distinct, zip(*rows, strict=True), strict=True):
            if seen is not None:
                seen.update(cells)
        distinct = [None if s is not None and len(s) > _DICTIONARY_LIMIT else s for s in distinct]
    if not n_rows:
        raise ValueError(f"{source} has a header but no data rows.")
    footer_by = "values" if footer_rows is None else "option"
    dialect = (*dialect[:3], footer.get("rows", 0))
    source_ = Source(
        {},
        source,
        number_format=number_format,
        delimiter=delimiter,
        delimiter_by=delimiter_by,
        quotechar=dialect[1],
        header_row=header_row,
        header_by=header_by,
        footer_rows=dialect[3],
        footer_by=footer_by,
        footer_text=footer.get("text", ""),
        encoding=encoding,
    )
    _typed_columns(source_, chunks, names, distinct)
    source_.texts = lambda name: np.array(
        [row[names.index(name)] for rows in chunks() for row in rows], dtype=object
    )
    source_.line_numbers = lambda: _data_lines(text, dialect, source, len(header))
    if isinstance(path_or_buf, (str, os.PathLike)):
        source_.measure = ("file-name", file_stem(path_or_buf))
    return source_


def _check_delimiter(header, delimiter, source):
    """Refuse a delimiter given that leaves the header one cell which another splits."""
    if len(header) > 1:
        return
    others = [d for d in DELIMITERS if d != delimiter and d in header[0]]
    if others:
        raise TableReadingError(
            f"{source}: with the delimiter {delimiter!r} the header is one cell, which "
            f"{others[0]!r} separates; pass {option('delimiter', others[0])}.",
            field="delimiter",
            option="delimiter",
        )


def _typed_columns(source, chunks, names, distinct):
    """Second pass: every column as codes into its distinct cells, or as numbers (a column
    with a cell that is no number keeps its text, for a later step to name)."""
    indices = [None if s is None else {c: i for i, c in enumerate(sorted(s))} for s in distinct]
    codes = {k: [] for k, index in enumerate(indices) if index is not None}
    numbers = {k: [] for k, index in enumerate(indices) if index is None}
    for rows in chunks():
        for k, cells in enumerate(zip(*rows, strict=True)):
            if k in codes:
                codes[k].append(np.fromiter(map(indices[k].__getitem__, cells), np.int64))
            elif numbers[k] is not None:
                part = as_numbers(cells, source.number_format)
                numbers[k] = None if part is None else [*numbers[k], part]
                if part is not None and source.number_format.decimal is None:
                    source.note_marks(names[k], cells)
    for k, name in enumerate(names):
        if k in codes:
            cells = np.empty(len(indices[k]), dtype=object)
            cells[:] = list(indices[k])
            row_codes = np.concatenate(codes[k])
            source.dictionaries[name] = (cells, row_codes)
            source.columns[name] = cells[row_codes]
        elif numbers[k] is None:
            source.columns[name] = np.array(
                [row[k] for rows in chunks() for row in rows], dtype=object
            )
        else:
            source.columns[name] = np.concatenate([values for values, _ in numbers[k]])
            blank = np.concatenate([blanks for _, blanks in numbers[k]])
            if blank.any():
                source.empty[name] = blank


def as_numbers(cells, number_format=PLAIN):
    """``(floats, empty)`` of a chunk of cells (NaN texts and empty cells NaN), or None
    when a cell is no number."""
    joined = "".join(cells)
    if (number_format.plain or number_format.decimal is None) and not (
        "_" in joined or "," in joined
    ):
        try:
            return np.array(cells, dtype=float), np.zeros(len(cells), dtype=bool)
        except ValueError:
            pass
    values, blank = np.empty(len(cells)), np.zeros(len(cells), dtype=bool)
    for i, cell in enumerate(cells):
        number = parse_number(cell, number_format)
        if number is None:
            return None
        values[i], blank[i] = number
    return values, blank


def mark_form(cell):
    """How a number read where the decimal mark is undecided is written: "point" (with a
    decimal point), "either" (a comma that could as well group thousands, "1,200"), or
    "decimal" (a decimal comma, "0,91", "12,5")."""
    text = str(cell)
    if "," not in text:
        return "point"
    return "either" if _COMMA_OR_THOUSANDS.fullmatch(text) else "decimal"


def parse_number(cell, number_format=PLAIN):
    """``(value, empty)`` of one cell, or None when it is not a number: empty cells are
    ``(nan, True)``, NaN texts and the format's missing spellings ``(nan, False)``; an
    underscore makes no number; marks are read as ``number_format`` says."""
    if isinstance(cell, float):
        return cell, False
    text = str(cell).strip()
    if not text:
        return math.nan, True
    if text.lower() in NAN_TEXTS or text in number_format.missing:
        return math.nan, False
    if "_" in text:
        return None
    if number_format.thousands is not None and number_format.thousands in text:
        text = number_format.grouped(text)
        if text is None:
            return None
    if number_format.decimal == ",":
        if "." in text:
            return None
        text = text.replace(",", ".")
    elif number_format.decimal is None and _DECIMAL_COMMA.fullmatch(text):
        text = text.replace(",", ".")
    try:
        return float(text), False
    except ValueError:
        return None
