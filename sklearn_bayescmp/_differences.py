"""CVDifferences: the per-data-set record that every back end reads.

One row per cross-validation split: repeat and fold index, both scores, their
difference ``score_a - score_b`` and the split's training and test sizes. NaN
differences mark failed splits. The record round-trips exactly through CSV and
JSON (floats are written with Python's shortest round-trip repr; no pickle).
"""

import csv
import io
import json
import math
import os
from dataclasses import KW_ONLY, dataclass

import numpy as np

from .utils._display import html_table, to_frame
from .utils._io import read_text, source_name, write_text
from .utils._validation import _as_float_vector, check_model_names, check_split_sizes

CSV_COLUMNS = ("dataset", "repeat", "fold", "score_a", "score_b", "difference", "n_train", "n_test")
#: Optional CSV columns naming the two models (the same on every row).
MODEL_COLUMNS = ("model_a", "model_b")
_JSON_FORMAT = "sklearn-bayescmp/cv-differences"
_JSON_VERSION = 1


@dataclass(frozen=True, eq=False, repr=False)
class CVDifferences:
    """Paired cross-validation results of two models on one data set.

    Parameters
    ----------
    differences : array-like of shape (n_splits,)
        ``score_a - score_b`` per split, in split order; positive favours A.
        NaN marks a failed split (back ends refuse or omit it, see their
        ``nan_policy``).
    n_train, n_test : int or array-like of shape (n_splits,)
        Training and test set size of each split; a scalar is broadcast.
    repeat, fold : array-like of int of shape (n_splits,), default=None
        Repeat and fold index of each split. Default: one repeat, folds
        numbered in order.
    scores_a, scores_b : array-like of shape (n_splits,), default=None
        The raw scores, when known.
    name : str, default=None
        Name of the data set.
    model_a, model_b : str, default=None
        Names of the two models (both or neither); results computed from the
        record name them instead of "A" and "B".

    Attributes
    ----------
    n_splits : int
    n_failed : int
        Number of NaN differences.
    test_train_ratio : float
        ``sum(n_test) / sum(n_train)`` over all splits.
    model_names : tuple of (str, str)
        ``(model_a, model_b)``, or ``("A", "B")`` when they are not named.

    Examples
    --------
    >>> from sklearn_bayescmp import CVDifferences
    >>> rec = CVDifferences([0.02, 0.0, 0.01, 0.03], n_train=90, n_test=10, name="toy")
    >>> rec
    CVDifferences(name='toy', n_splits=4, n_repeats=1, mean=0.015, n_failed=0)
    >>> CVDifferences.from_csv(io.StringIO(rec.to_csv())) == rec
    True
    """

    differences: np.ndarray
    _: KW_ONLY
    n_train: np.ndarray
    n_test: np.ndarray
    repeat: np.ndarray = None
    fold: np.ndarray = None
    scores_a: np.ndarray = None
    scores_b: np.ndarray = None
    name: str = None
    model_a: str = None
    model_b: str = None

    def __post_init__(self):
        differences = _as_float_vector(self.differences, name="differences")
        if np.isinf(differences).any():
            raise ValueError(
                "`differences` must be finite, or NaN for a failed split; got "
                f"{int(np.isinf(differences).sum())} infinite value(s)."
            )
        n_splits = differences.size
        if n_splits == 0:
            raise ValueError("`differences` is empty; a record needs at least one split.")
        values = {
            "differences": differences,
            "n_train": check_split_sizes(self.n_train, n_splits=n_splits, name="n_train"),
            "n_test": check_split_sizes(self.n_test, n_splits=n_splits, name="n_test"),
            "repeat": self._index(self.repeat, "repeat", np.zeros(n_splits, dtype=np.int64)),
            "fold": self._index(self.fold, "fold", np.arange(n_splits, dtype=np.int64)),
        }
        for key in ("scores_a", "scores_b"):
            scores = getattr(self, key)
            if scores is not None:
                scores = _as_float_vector(scores, name=key)
                self._check_length(scores, key, n_splits)
            values[key] = scores
        if self.name is not None and not isinstance(self.name, str):
            raise TypeError(f"`name` must be a string or None; got {self.name!r}.")
        check_model_names(self.model_a, self.model_b, allow_none=True)
        for key, value in values.items():
            if value is not None:
                value.setflags(write=False)
            object.__setattr__(self, key, value)

    def _index(self, values, name, default):
        if values is None:
            return default
        array = np.asarray(values)
        if array.dtype.kind not in "iu" and not (
            array.dtype.kind == "f"
            and np.all(np.isfinite(array))
            and np.all(array == np.round(array))
        ):
            raise TypeError(f"`{name}` must hold integer indices; got dtype {array.dtype}.")
        array = array.astype(np.int64)
        self._check_length(array, name, default.size)
        if np.any(array < 0):
            raise ValueError(f"`{name}` indices must be >= 0; got {array.min()}.")
        return array

    @staticmethod
    def _check_length(array, name, n_splits):
        if array.ndim != 1 or array.size != n_splits:
            raise ValueError(
                f"`{name}` must have one entry per split ({n_splits}); got shape {array.shape}."
            )

    # -- derived figures ---------------------------------------------------

    @property
    def n_splits(self):
        """int: Number of splits, failed ones included."""
        return int(self.differences.size)

    @property
    def n_repeats(self):
        """int: Number of distinct repeat indices."""
        return int(np.unique(self.repeat).size)

    @property
    def n_failed(self):
        """int: Number of failed splits (NaN differences)."""
        return int(np.isnan(self.differences).sum())

    @property
    def test_train_ratio(self):
        """float: ``sum(n_test) / sum(n_train)``, the correction's ratio."""
        return float(self.n_test.sum() / self.n_train.sum())

    @property
    def model_names(self):
        """tuple of (str, str): The models' names; ``("A", "B")`` when not named."""
        return ("A", "B") if self.model_a is None else (self.model_a, self.model_b)

    def __len__(self):
        return self.n_splits

    def __repr__(self):
        mean = np.nanmean(self.differences) if self.n_failed < self.n_splits else math.nan
        models = "" if self.model_a is None else f"models={self.model_names!r}, "
        return (
            f"CVDifferences(name={self.name!r}, {models}n_splits={self.n_splits}, "
            f"n_repeats={self.n_repeats}, mean={mean:.4g}, n_failed={self.n_failed})"
        )

    def __eq__(self, other):
        if not isinstance(other, CVDifferences):
            return NotImplemented
        if (self.name, self.model_a, self.model_b) != (other.name, other.model_a, other.model_b):
            return False
        for key in ("differences", "n_train", "n_test", "repeat", "fold", "scores_a", "scores_b"):
            mine, theirs = getattr(self, key), getattr(other, key)
            if (mine is None) != (theirs is None):
                return False
            if mine is not None and not np.array_equal(mine, theirs, equal_nan=True):
                return False
        return True

    __hash__ = None

    # -- dict and JSON ------------------------------------------------------

    def to_dict(self):
        """Plain-Python form (lists, None for NaN) used by :meth:`to_json`.

        Returns
        -------
        dict
        """

        def floats(values):
            if values is None:
                return None
            return [None if math.isnan(v) else v for v in values.tolist()]

        return {
            "format": _JSON_FORMAT,
            "version": _JSON_VERSION,
            "name": self.name,
            "model_a": self.model_a,
            "model_b": self.model_b,
            "repeat": self.repeat.tolist(),
            "fold": self.fold.tolist(),
            "score_a": floats(self.scores_a),
            "score_b": floats(self.scores_b),
            "difference": floats(self.differences),
            "n_train": self.n_train.tolist(),
            "n_test": self.n_test.tolist(),
        }

    @classmethod
    def from_dict(cls, data):
        """Rebuild a record from :meth:`to_dict` output.

        Parameters
        ----------
        data : dict

        Returns
        -------
        CVDifferences
        """
        if not isinstance(data, dict) or data.get("format") != _JSON_FORMAT:
            raise ValueError(
                f"Not a CVDifferences document: expected a mapping with format={_JSON_FORMAT!r}."
            )
        if data.get("version") != _JSON_VERSION:
            raise ValueError(
                f"Unsupported CVDifferences document version {data.get('version')!r}; "
                f"this version of sklearn-bayescmp reads version {_JSON_VERSION}."
            )
        missing = [key for key in ("difference", "n_train", "n_test") if key not in data]
        if missing:
            raise ValueError(f"CVDifferences document lacks the key(s) {missing}.")

        def floats(values):
            if values is None:
                return None
            return np.array([math.nan if v is None else v for v in values], dtype=float)

        return cls(
            floats(data["difference"]),
            n_train=data["n_train"],
            n_test=data["n_test"],
            repeat=data.get("repeat"),
            fold=data.get("fold"),
            scores_a=floats(data.get("score_a")),
            scores_b=floats(data.get("score_b")),
            name=data.get("name"),
            model_a=data.get("model_a"),
            model_b=data.get("model_b"),
        )

    def to_json(self, path_or_buf=None):
        """Write the record as standard JSON (NaN as null).

        Parameters
        ----------
        path_or_buf : str, path-like or file-like, default=None
            Where to write; None returns the text.

        Returns
        -------
        str or None
        """
        text = json.dumps(self.to_dict(), allow_nan=False)
        return write_text(text, path_or_buf)

    @classmethod
    def from_json(cls, path_or_buf):
        """Read a record written by :meth:`to_json`.

        Parameters
        ----------
        path_or_buf : str, path-like or file-like

        Returns
        -------
        CVDifferences
        """
        text = read_text(path_or_buf)
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ValueError(f"{source_name(path_or_buf)} is not valid JSON: {exc}") from None
        return cls.from_dict(data)

    # -- CSV ----------------------------------------------------------------

    def _columns(self):
        """The CSV's columns, in order: data set and model names only when known."""
        names = CSV_COLUMNS if self.name is not None else CSV_COLUMNS[1:]
        return names + (MODEL_COLUMNS if self.model_a is not None else ())

    def to_columns(self):
        """One entry per split, as a dict of columns (the layout of :meth:`to_csv`).

        Returns
        -------
        dict of str to list
            ``dataset`` (when the record has a name), ``repeat``, ``fold``,
            ``score_a``, ``score_b`` (NaN when unknown), ``difference``,
            ``n_train``, ``n_test`` and, when the models are named,
            ``model_a`` and ``model_b``.
        """
        unknown = [math.nan] * self.n_splits
        values = {
            "dataset": [self.name] * self.n_splits,
            "repeat": self.repeat.tolist(),
            "fold": self.fold.tolist(),
            "score_a": unknown if self.scores_a is None else self.scores_a.tolist(),
            "score_b": unknown if self.scores_b is None else self.scores_b.tolist(),
            "difference": self.differences.tolist(),
            "n_train": self.n_train.tolist(),
            "n_test": self.n_test.tolist(),
            "model_a": [self.model_a] * self.n_splits,
            "model_b": [self.model_b] * self.n_splits,
        }
        return {column: values[column] for column in self._columns()}

    def to_frame(self):
        """One row per split as a :class:`pandas.DataFrame` (pandas is imported here).

        Returns
        -------
        pandas.DataFrame
            The columns of :meth:`to_columns`, indexed by split number
            (``split``).
        """
        columns = {"split": list(range(self.n_splits)), **self.to_columns()}
        return to_frame(columns, index="split")

    def _repr_html_(self):
        mean = np.nanmean(self.differences) if self.n_failed < self.n_splits else math.nan
        model_a, model_b = self.model_names
        return html_table(
            {
                "data set": [self.name or ""],
                "splits": [self.n_splits],
                "repeats": [self.n_repeats],
                f"mean {model_a} - {model_b}": [float(mean)],
                "n_test/n_train": [self.test_train_ratio],
                "failed": [self.n_failed],
            },
            caption="CVDifferences",
        )

    def to_csv(self, path_or_buf=None):
        """Write one row per split with the columns of :data:`CSV_COLUMNS`.

        The ``dataset`` column is written only when the record has a name,
        ``model_a`` and ``model_b`` only when the models are named; score
        cells are empty when the scores are unknown.

        Parameters
        ----------
        path_or_buf : str, path-like or file-like, default=None
            Where to write; None returns the text.

        Returns
        -------
        str or None
        """
        columns = self._columns()
        buffer = io.StringIO()
        writer = csv.writer(buffer)  # RFC 4180: CRLF rows, quotes any CR or LF
        writer.writerow(columns)
        floats = {"score_a": self.scores_a, "score_b": self.scores_b}
        floats["difference"] = self.differences

        def cell(column, j):
            if column in floats:
                values = floats[column]
                return "" if values is None else repr(float(values[j]))
            if column in ("repeat", "fold", "n_train", "n_test"):
                return int(getattr(self, column)[j])
            return {"dataset": self.name, "model_a": self.model_a, "model_b": self.model_b}[column]

        for j in range(self.n_splits):
            writer.writerow([cell(column, j) for column in columns])
        return write_text(buffer.getvalue(), path_or_buf)

    @classmethod
    def from_csv(cls, path_or_buf, *, dataset=None):
        """Read a record from CSV (see :meth:`to_csv` for the columns).

        Columns ``n_train``, ``n_test`` and either ``difference`` or both
        ``score_a`` and ``score_b`` are required; the others are optional. A
        missing ``difference`` is computed as ``score_a - score_b``.

        Parameters
        ----------
        path_or_buf : str, path-like or file-like
        dataset : str, default=None
            Which data set to read from a file holding several (``dataset``
            column); required in that case.

        Returns
        -------
        CVDifferences
        """
        source = source_name(path_or_buf)
        header, rows = _read_csv_rows(path_or_buf, source)
        if "dataset" in header:
            names = list(dict.fromkeys(r["dataset"] for _, r in rows))
            if dataset is None and len(names) > 1:
                raise ValueError(
                    f"{source} holds {len(names)} data sets ({names[:5]}...); pass "
                    "dataset=<name> to read one of them, or use read_csv_collection."
                )
            if dataset is not None:
                if dataset not in names:
                    raise ValueError(f"{source} has no data set {dataset!r}; found {names[:5]}.")
                rows = [(line, r) for line, r in rows if r["dataset"] == dataset]
            name = names[0] if dataset is None and names else dataset
        else:
            if dataset is not None:
                raise ValueError(f"{source} has no 'dataset' column to select {dataset!r} from.")
            name = None
        return cls._from_csv_rows(header, rows, source, name)

    @classmethod
    def read_csv_collection(cls, path_or_buf):
        """Read every data set of a CSV file in one pass.

        Parameters
        ----------
        path_or_buf : str, path-like or file-like
            CSV as written by :meth:`to_csv`; the ``dataset`` column, when
            present, names each row's data set.

        Returns
        -------
        dict of str to CVDifferences
            One record per data set, in order of first appearance. Without a
            ``dataset`` column, the file is one data set, named after the
            file (or "data" for a buffer).
        """
        source = source_name(path_or_buf)
        header, rows = _read_csv_rows(path_or_buf, source)
        if "dataset" not in header:
            if isinstance(path_or_buf, (str, os.PathLike)):
                name = os.path.splitext(os.path.basename(os.fspath(path_or_buf)))[0]
            else:
                name = "data"
            return {name: cls._from_csv_rows(header, rows, source, name)}
        groups = {}
        for line, row in rows:
            groups.setdefault(row["dataset"], []).append((line, row))
        return {
            name: cls._from_csv_rows(header, group, source, name) for name, group in groups.items()
        }

    @classmethod
    def _from_csv_rows(cls, header, records, source, name):
        """One record from parsed rows ``(line number, {column: cell})``."""
        if not records:
            raise ValueError(f"{source} has a header but no data rows.")

        def column(key, parse, optional=False):
            """Parsed column; None if absent, or if optional and every cell is empty."""
            if key not in header:
                return None
            parsed = []
            for line, r in records:
                text = r[key].strip()
                if text == "" and optional:
                    parsed.append(None)
                    continue
                try:
                    parsed.append(parse(text))
                except ValueError:
                    raise ValueError(
                        f"{source}, line {line}, column {key!r}: expected "
                        f"{'an integer' if parse is int else 'a number'}, got {text!r}."
                    ) from None
            if all(value is None for value in parsed):
                return None
            return np.array([math.nan if value is None else value for value in parsed])

        scores_a = column("score_a", float, optional=True)
        scores_b = column("score_b", float, optional=True)
        differences = column("difference", float, optional=True)
        if differences is None:
            if scores_a is None or scores_b is None:
                raise ValueError(
                    f"{source}: the difference column is empty and the scores are "
                    "missing; one of them is needed."
                )
            differences = scores_a - scores_b

        def model_name(key):
            """The model named in every row of ``key``'s column, or None without one."""
            if key not in header:
                return None
            names = list(dict.fromkeys(r[key] for _, r in records))
            if len(names) != 1 or not names[0].strip():
                raise ValueError(
                    f"{source}: column {key!r} must name the same model on every row of a "
                    f"data set; found {names[:5]}."
                )
            return names[0]

        return cls(
            differences,
            n_train=column("n_train", int),
            n_test=column("n_test", int),
            repeat=column("repeat", int),
            fold=column("fold", int),
            scores_a=scores_a,
            scores_b=scores_b,
            name=name,
            model_a=model_name("model_a"),
            model_b=model_name("model_b"),
        )


def _read_csv_rows(path_or_buf, source):
    """Header and non-empty rows ``(line number, {column: cell})`` of a CSV input."""
    try:
        rows = list(csv.reader(io.StringIO(read_text(path_or_buf))))
    except csv.Error as exc:  # e.g. a bare CR inside a field
        raise ValueError(f"{source} is not valid CSV: {exc}") from None
    if not rows:
        raise ValueError(f"{source} is empty; expected a header row with {CSV_COLUMNS}.")
    header = [column.strip() for column in rows[0]]
    required = {"n_train", "n_test"}
    if not required <= set(header) or not (
        "difference" in header or {"score_a", "score_b"} <= set(header)
    ):
        raise ValueError(
            f"{source} must have columns n_train, n_test and either difference or "
            f"score_a and score_b; found {header}."
        )
    records = []
    for line, row in enumerate(rows[1:], start=2):
        if not any(cell.strip() for cell in row):
            continue
        if len(row) != len(header):
            raise ValueError(
                f"{source}, line {line}: expected {len(header)} cells, found {len(row)}."
            )
        records.append((line, dict(zip(header, row, strict=True))))
    return header, records
