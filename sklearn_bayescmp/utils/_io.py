"""Text in and out of a path or an open file, as every CSV and JSON reader and writer needs it.

Reading decodes what people actually have: UTF-8 with or without a byte-order
mark, UTF-16 with one (what spreadsheets call "Unicode text"), and gzip, bz2
or xz compressed files. Anything else is refused with the file's name and
what it looks like (latin-1 text, an Excel workbook, a Parquet file, binary
data), and how to fix it.
"""

import bz2
import codecs
import csv
import gzip
import io
import lzma
import os

from ._advice import option

#: Compressed formats read transparently: magic bytes -> decompressor.
_COMPRESSED = (
    (b"\x1f\x8b", "gzip", gzip.decompress),
    (b"BZh", "bz2", bz2.decompress),
    (b"\xfd7zXZ\x00", "xz", lzma.decompress),
)
#: Byte-order marks, longest first (UTF-32's begins with UTF-16's).
_BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32"),
    (codecs.BOM_UTF32_BE, "utf-32"),
    (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
)
#: Formats that are not text, by their first bytes, and what to do instead.
_NOT_TEXT = (
    (b"PK\x03\x04", "a zip archive (an Excel .xlsx workbook is one)", "export it as CSV"),
    (b"\xd0\xcf\x11\xe0", "an Excel 97-2003 workbook", "export it as CSV"),
    (b"PAR1", "a Parquet file", "read it with pandas or polars and pass the dataframe"),
    (b"\x89PNG", "a PNG image", "pass the CSV file of scores"),
    (b"%PDF", "a PDF document", "pass the CSV file of scores"),
)


class EncodingError(ValueError):
    """A file that is not text in an encoding this package reads."""


class TextData:
    """The text of a file, kept as its bytes and read line by line as often as needed.

    A CSV reader walks a large file more than once; a :class:`io.StringIO`
    of its text would hold four bytes per character, the bytes and a
    decoding wrapper hold one.

    Parameters
    ----------
    data : bytes or str
        The (decompressed) bytes, or the text of a file opened in text mode.
    encoding : str or None
        The encoding of ``data`` (None for text).
    """

    def __init__(self, data, encoding):
        self.data = data
        self.encoding = encoding

    def lines(self):
        """A fresh iterator over the lines, newlines kept as written (for the csv module)."""
        if isinstance(self.data, str):
            return io.StringIO(self.data, newline="")
        return io.TextIOWrapper(io.BytesIO(self.data), encoding=self.encoding, newline="")

    def head(self, size):
        """The first ``size`` characters (about)."""
        if isinstance(self.data, str):
            return self.data[:size]
        return self.lines().read(size)

    def is_blank(self):
        """Whether the text holds only white space."""
        if isinstance(self.data, str):
            return not self.data.strip()
        return not self.head(4096).strip() and all(not line.strip() for line in self.lines())


def open_text(path_or_buf, *, source=None, encoding=None):
    """The text of a path or an open file, decompressed, with its encoding checked.

    Parameters
    ----------
    path_or_buf : str, path-like or file-like
    source : str, default=None
        How messages name the file (by default its quoted path).
    encoding : str, default=None
        The text encoding; None detects UTF-8 (with or without a byte-order
        mark) and UTF-16 or UTF-32 (with one). A file opened in text mode is
        read as it is, but for a byte-order mark at its start.

    Returns
    -------
    TextData
    """
    source = source_name(path_or_buf) if source is None else source
    if isinstance(path_or_buf, (str, os.PathLike)):
        with open(path_or_buf, "rb") as handle:
            data = handle.read()
    else:
        data = path_or_buf.read()
        if isinstance(data, str):
            # A file opened as "utf-8" keeps the byte-order mark, which is no part of the
            # first column's name ("utf-8-sig" drops it).
            return TextData(data.removeprefix("\ufeff"), None)
    for magic, name, decompress in _COMPRESSED:
        if data.startswith(magic):
            try:
                data = decompress(data)
            except (OSError, EOFError, ValueError) as exc:
                raise EncodingError(f"{source} is a damaged {name} file: {exc}") from None
            break
    if encoding is None:
        encoding = next((name for bom, name in _BOMS if data.startswith(bom)), None)
        if encoding is None:
            _check_decodes(data, "utf-8", source, guess=True)
            return TextData(data, "utf-8")
    try:
        codec = codecs.lookup(encoding).name
    except LookupError:
        raise EncodingError(f"Unknown encoding {encoding!r} for {source}.") from None
    if codec == "utf-8" and data.startswith(codecs.BOM_UTF8):
        encoding = "utf-8-sig"  # the mark is not part of the first column's name
    _check_decodes(data, encoding, source)
    return TextData(data, encoding)


def _check_decodes(data, encoding, source, guess=False):
    """Decode ``data`` a megabyte at a time (no copy of the whole text); say where it fails."""
    decoder = codecs.getincrementaldecoder(encoding)()
    step = 1 << 20
    for start in range(0, max(len(data), 1), step):
        try:
            decoder.decode(data[start : start + step], final=start + step >= len(data))
        except UnicodeDecodeError as exc:
            offset = start + exc.start
            if guess:
                raise EncodingError(_describe_undecodable(data, offset, source)) from None
            raise EncodingError(
                f"{source} is not {encoding} text: {_position(data, offset)} holds byte "
                f"0x{data[offset]:02x}."
            ) from None


def read_text(path_or_buf, *, source=None, encoding=None):
    """The whole text of a path or an open file, decompressed and decoded.

    See :func:`open_text`.
    """
    text = open_text(path_or_buf, source=source, encoding=encoding)
    if isinstance(text.data, str):
        return text.data
    return text.data.decode(text.encoding).lstrip("\ufeff")


def _position(data, offset):
    line = data.count(b"\n", 0, offset) + 1
    return f"line {line} (byte {offset})"


def _describe_undecodable(data, offset, source):
    """Why ``data`` is not UTF-8 text, and what to do, in one sentence."""
    for magic, what, fix in _NOT_TEXT:
        if data.startswith(magic):
            return f"{source} is {what}, not a CSV text file: {fix}."
    head = data[:4096]
    if b"\x00" in head:
        even, odd = head[0::2], head[1::2]
        # Mostly-ASCII UTF-16: every other byte is NUL, the others are not.
        for nul, other in ((odd, even), (even, odd)):
            if nul.count(0) >= 0.9 * len(nul) and other.count(0) <= 0.1 * len(other):
                order = "le" if nul is odd else "be"
                return (
                    f"{source} looks like UTF-16 text without a byte-order mark; save it as "
                    f"UTF-8 (or pass encoding='utf-16-{order}')."
                )
        return f"{source} is binary data, not a CSV text file."
    return (
        f"{source} is not UTF-8 text: {_position(data, offset)} holds byte 0x{data[offset]:02x}. "
        "It looks like latin-1 (Windows-1252) text; save it as UTF-8, or pass "
        f"{option('encoding', 'latin-1')}."
    )


def write_text(text, path_or_buf):
    """Write ``text`` to a path or a file; with ``path_or_buf=None`` return it instead."""
    if path_or_buf is None:
        return text
    if isinstance(path_or_buf, (str, os.PathLike)):
        with open(path_or_buf, "w", encoding="utf-8", newline="") as handle:
            handle.write(text)
    else:
        path_or_buf.write(text)
    return None


#: A file's endings that say its format, not its name: a table, then a compression.
_TABLE_EXTENSIONS = (".csv", ".tsv", ".txt")
_COMPRESSIONS = (".gz", ".bz2", ".xz")


def file_stem(path):
    """A file's name without its directory, its compression and its table extension:
    ``"runs/ResNet.v2_accuracy.csv.gz"`` -> ``"ResNet.v2_accuracy"`` (a dot inside the
    name stays)."""
    name = os.path.basename(os.fspath(path))
    for endings in (_COMPRESSIONS, _TABLE_EXTENSIONS):
        ending = next((e for e in endings if name.lower().endswith(e)), "")
        name = name[: len(name) - len(ending)]
    return name


def source_name(path_or_buf):
    """How messages name the input: the quoted path, or "The input" for an open file."""
    if isinstance(path_or_buf, (str, os.PathLike)):
        return f"'{os.fspath(path_or_buf)}'"
    return "The input"


#: The first characters that make a spreadsheet read a cell as a formula.
FORMULA_STARTS = ("=", "+", "-", "@")


def spreadsheet_safe(text):
    """A text cell that no spreadsheet runs: one that starts like a formula ("=cmd|...",
    "@SUM(...)"), after any apostrophes, gets one more before it, which the tables' reader
    takes off again (so that every name reads back as written)."""
    return "'" + text if text.lstrip("'").startswith(FORMULA_STARTS) else text


def write_csv(columns, path_or_buf):
    """Equal-length columns as CSV (RFC 4180: CRLF rows, any CR or LF quoted).

    Floats are written as their shortest round-trip ``repr`` (so a reader gets
    the same number back), None as an empty cell, and text (names, headers)
    that starts like a formula with an apostrophe before it.
    """

    def cell(value):
        if value is None:
            return ""
        if isinstance(value, str):
            return spreadsheet_safe(value)
        return repr(value) if isinstance(value, float) else value

    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow([spreadsheet_safe(str(name)) for name in columns])
    for row in zip(*columns.values(), strict=True):
        writer.writerow([cell(v) for v in row])
    return write_text(buffer.getvalue(), path_or_buf)


def from_spreadsheet_safe(text):
    """The text :func:`spreadsheet_safe` wrote: the apostrophe before a formula's start
    taken off."""
    quoted = text.startswith("'") and text.lstrip("'").startswith(FORMULA_STARTS)
    return text[1:] if quoted else text
