"""Reading tables of scores: any dataframe (through narwhals), dicts of arrays, CSV files.

Every reader returns :class:`RawColumns`: the table's columns as numpy arrays
(text cells as strings) with a way to name a row in error messages ("line 7"
of a CSV file, "row 5" of a dataframe). Interpreting the columns (which is the
model, the score, the split...) is the score table's job.
"""

import csv
import io
import os
from collections.abc import Mapping

import numpy as np

from .utils._io import read_text, source_name

#: Delimiters the CSV reader recognises.
DELIMITERS = ",;\t"


class RawColumns:
    """The columns of a table, before interpretation.

    Parameters
    ----------
    columns : dict of str to ndarray
        Equal-length 1-D arrays.
    source : str
        How messages refer to the table ("'results.csv'", "The pandas dataframe").
    line_numbers : ndarray of int, default=None
        For a CSV file, the line of every row (blank lines are skipped); None
        for in-memory tables, whose rows are numbered from 0.
    """

    def __init__(self, columns, source, line_numbers=None):
        self.columns = columns
        self.source = source
        self.line_numbers = line_numbers

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
        if self.line_numbers is None:
            return f"{self.source}, row {row}"
        return f"{self.source}, line {int(self.line_numbers[row])}"

    def require(self, column, argument):
        """The column named ``column``, or an error that says which argument names it."""
        if column not in self.columns:
            raise ValueError(
                f"{self.source} has no column {column!r} (the `{argument}` column); found "
                f"{self.names}. Name the column with {argument}=..."
            )
        return self.columns[column]


def read_table(data, *, delimiter=None):
    """The columns of a dataframe, a dict of arrays, or a CSV file.

    Parameters
    ----------
    data : dataframe, dict of array-like, str or path-like
        A pandas, polars or pyarrow table (or any other that narwhals
        supports), a mapping of column names to equal-length arrays, or the
        path of a CSV file (or a text buffer).
    delimiter : str, default=None
        The CSV delimiter; None sniffs comma, semicolon or tab.

    Returns
    -------
    RawColumns
    """
    if isinstance(data, (str, os.PathLike)) or hasattr(data, "read"):
        return read_csv_columns(data, delimiter=delimiter)
    if isinstance(data, Mapping):
        return _dict_columns(data)
    return _dataframe_columns(data)


def _dict_columns(data):
    columns = {}
    for name, values in data.items():
        array = np.asarray(values)
        if array.ndim != 1:
            raise ValueError(
                f"Column {name!r} of the dict must be 1-D (one value per row); got shape "
                f"{array.shape}."
            )
        columns[str(name)] = array
    lengths = {name: len(values) for name, values in columns.items()}
    if len(set(lengths.values())) > 1:
        raise ValueError(f"The dict's columns must have one length; got lengths {lengths}.")
    if not columns:
        raise ValueError("The dict of columns is empty.")
    return RawColumns(columns, "The dict of columns")


def _dataframe_columns(data):
    import narwhals as nw

    try:
        frame = nw.from_native(data, eager_only=True)
    except TypeError:
        raise TypeError(
            "The scores must be a dataframe (pandas, polars, pyarrow...), a dict of "
            f"columns or the path of a CSV file; got {type(data).__name__}."
        ) from None
    kind = type(data).__module__.split(".")[0]
    columns = {str(name): frame[name].to_numpy() for name in frame.columns}
    if not columns:
        raise ValueError(f"The {kind} dataframe has no columns.")
    return RawColumns(columns, f"The {kind} dataframe")


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


def read_csv_columns(path_or_buf, *, delimiter=None):
    """The columns of a CSV file as strings, with the line number of every row.

    Parameters
    ----------
    path_or_buf : str, path-like or file-like
    delimiter : str, default=None
        None sniffs comma, semicolon or tab.

    Returns
    -------
    RawColumns
    """
    source = source_name(path_or_buf)
    # utf-8-sig: spreadsheets often start their CSV exports with a byte-order mark.
    text = read_text(path_or_buf, encoding="utf-8-sig")
    if not text.strip():
        raise ValueError(f"{source} is empty; expected a header row and one row per score.")
    if delimiter is None:
        delimiter = sniff_delimiter(text, source)
    try:
        rows = list(csv.reader(io.StringIO(text), delimiter=delimiter))
    except csv.Error as exc:  # e.g. a bare CR inside a field
        raise ValueError(f"{source} is not valid CSV: {exc}") from None
    header = [name.strip() for name in rows[0]]
    duplicated = sorted({name for name in header if header.count(name) > 1})
    if duplicated:
        raise ValueError(f"{source} has repeated column names {duplicated}; make them unique.")
    cells, lines = [], []
    for line, row in enumerate(rows[1:], start=2):
        if not any(cell.strip() for cell in row):
            continue
        if len(row) != len(header):
            raise ValueError(
                f"{source}, line {line}: expected {len(header)} cells (delimiter "
                f"{delimiter!r}), found {len(row)}."
            )
        cells.append([cell.strip() for cell in row])
        lines.append(line)
    if not cells:
        raise ValueError(f"{source} has a header but no data rows.")
    table = np.array(cells, dtype=object)
    columns = {name: table[:, k] for k, name in enumerate(header)}
    return RawColumns(columns, source, np.array(lines))
