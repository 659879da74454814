"""Text in and out of a path or an open file, as every CSV and JSON reader and writer needs it."""

import os


def read_text(path_or_buf, *, encoding="utf-8"):
    """The whole text of a path (opened with ``newline=""`` for the csv module) or a file."""
    if isinstance(path_or_buf, (str, os.PathLike)):
        with open(path_or_buf, encoding=encoding, newline="") as handle:
            return handle.read()
    return path_or_buf.read()


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


def source_name(path_or_buf):
    """How messages name the input: the quoted path, or "The input" for an open file."""
    if isinstance(path_or_buf, (str, os.PathLike)):
        return f"'{os.fspath(path_or_buf)}'"
    return "The input"
