"""CVDifferences: the per-data-set record that every back end reads.

One row per cross-validation split: repeat and fold index, both scores, their
difference ``score_a - score_b`` and the split's training and test sizes. NaN
differences mark failed splits. The record round-trips exactly through CSV and
JSON (floats are written with Python's shortest round-trip repr; no pickle).
"""

import dataclasses
import functools
import json
import math
import unicodedata
from dataclasses import KW_ONLY, dataclass

import numpy as np

from .utils._advice import option
from .utils._display import html_table, to_frame
from .utils._frozen import ReadOnlyPickleMixin, read_only
from .utils._io import read_text, source_name, write_csv, write_text
from .utils._validation import (
    as_float_vector,
    check_length,
    check_model_names,
    check_scale,
    check_splits,
)

CSV_COLUMNS = ("dataset", "repeat", "fold", "score_a", "score_b", "difference", "n_train", "n_test")
#: Optional CSV columns naming the two models (the same on every row).
MODEL_COLUMNS = ("model_a", "model_b")
_JSON_FORMAT = "sklearn-bayescmp/cv-differences"
_JSON_VERSION = 1


@dataclass(frozen=True, eq=False, repr=False)
class CVDifferences(ReadOnlyPickleMixin):
    """Paired cross-validation results of two models on one data set.

    Parameters
    ----------
    differences : array-like of shape (n_splits,)
        ``score_a - score_b`` per split, in split order; positive favours A.
        NaN marks a failed split (back ends refuse or omit it, see their
        ``nan_policy``).
    n_train, n_test : int or array-like of shape (n_splits,), default=None
        Training and test set size of each split; a scalar is broadcast.
        None (both) when unknown: the tests on each data set's mean run,
        those that correct for the splits' overlap refuse the record.
    repeat, fold : array-like of int of shape (n_splits,), default=None
        Repeat and fold index of each split. Default: one repeat, folds
        numbered in order.
    scores_a, scores_b : array-like of shape (n_splits,), default=None
        The raw scores, when known.
    name : str, default=None
        Name of the data set (kept in Unicode's composed form, NFC, as every
        table reads names).
    model_a, model_b : str, default=None
        Names of the two models (both or neither); results computed from the
        record name them instead of "A" and "B".

    Attributes
    ----------
    n_splits : int
    n_failed : int
        Number of NaN differences.
    test_train_ratio : float or None
        ``sum(n_test) / sum(n_train)`` over all splits; None when the sizes
        are unknown.
    model_names : tuple of (str, str)
        ``(model_a, model_b)``, or ``("A", "B")`` when they are not named.

    See Also
    --------
    sklearn_bayescmp.RepeatedCVComparator : Records these differences as ``differences_``.
    sklearn_bayescmp.stats.bayesian_correlated_ttest
        The Bayesian test of one data set's differences.
    sklearn_bayescmp.stats.hierarchical_test : The test of many data sets' differences.

    Examples
    --------
    >>> import io
    >>> from sklearn_bayescmp import CVDifferences
    >>> rec = CVDifferences([0.02, 0.0, 0.01, 0.03], n_train=90, n_test=10, name="toy")
    >>> rec
    CVDifferences(name='toy', n_splits=4, n_repeats=1, mean=0.015, n_failed=0)
    >>> CVDifferences.from_csv(io.StringIO(rec.to_csv())) == rec
    True
    """

    differences: np.ndarray
    _: KW_ONLY
    n_train: np.ndarray = None
    n_test: np.ndarray = None
    repeat: np.ndarray = None
    fold: np.ndarray = None
    scores_a: np.ndarray = None
    scores_b: np.ndarray = None
    name: str = None
    model_a: str = None
    model_b: str = None

    def __post_init__(self):
        differences = as_float_vector(self.differences, name="differences")
        check_scale(differences, name="differences")
        n_splits = differences.size
        if n_splits == 0:
            raise ValueError("`differences` is empty; a record needs at least one split.")
        splits = {key: getattr(self, key) for key in ("n_train", "n_test", "repeat", "fold")}
        if (self.n_train is None) != (self.n_test is None):
            raise ValueError(
                "Pass both `n_train` and `n_test` (the splits' sizes), or neither when they are "
                "unknown."
            )
        values = {"differences": differences, **check_splits(n_splits, **splits)}
        for key in ("scores_a", "scores_b"):
            scores = getattr(self, key)
            if scores is not None:
                scores = as_float_vector(scores, name=key)
                check_scale(scores, name=key)
                check_length(scores, n_splits=n_splits, name=key)
            values[key] = scores
        if self.name is not None and (not isinstance(self.name, str) or not self.name.strip()):
            raise TypeError(f"`name` must be a non-empty string or None; got {self.name!r}.")
        check_model_names(self.model_a, self.model_b, allow_none=True)
        # Names in Unicode's composed form, as every table reads them back.
        for key in ("name", "model_a", "model_b"):
            if getattr(self, key) is not None:
                object.__setattr__(self, key, unicodedata.normalize("NFC", getattr(self, key)))
        for key, value in values.items():
            if value is not None:
                value.setflags(write=False)
            object.__setattr__(self, key, value)

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

    @functools.cached_property
    def mean(self):
        """float: Mean difference over the splits that did not fail (NaN when all failed)."""
        if self.n_failed == self.n_splits:
            return math.nan
        return float(np.nanmean(self.differences))

    @property
    def test_train_ratio(self):
        """float or None: ``sum(n_test) / sum(n_train)``, the correction's ratio (None
        when the sizes are unknown)."""
        if self.n_train is None:
            return None
        return float(self.n_test.sum() / self.n_train.sum())

    @property
    def model_names(self):
        """tuple of (str, str): The models' names; ``("A", "B")`` when not named."""
        return ("A", "B") if self.model_a is None else (self.model_a, self.model_b)

    def __len__(self):
        return self.n_splits

    def __repr__(self):
        mean = self.mean
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
            "n_train": None if self.n_train is None else self.n_train.tolist(),
            "n_test": None if self.n_test is None else self.n_test.tolist(),
        }

    @classmethod
    def from_dict(cls, data):
        """Rebuild a record from :meth:`to_dict` output.

        Parameters
        ----------
        data : dict
            As :meth:`to_dict` writes it.

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
        missing = [key for key in ("difference",) if key not in data]
        if missing:
            raise ValueError(f"CVDifferences document lacks the key(s) {missing}.")

        def floats(values):
            if values is None:
                return None
            return np.array([math.nan if v is None else v for v in values], dtype=float)

        return cls(
            floats(data["difference"]),
            n_train=data.get("n_train"),
            n_test=data.get("n_test"),
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
            The JSON file, or an open text buffer.

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
        """The CSV's columns, in order: data set, sizes and model names only when known."""
        names = CSV_COLUMNS if self.name is not None else CSV_COLUMNS[1:]
        if self.n_train is None:
            names = tuple(name for name in names if name not in ("n_train", "n_test"))
        return names + (MODEL_COLUMNS if self.model_a is not None else ())

    def to_columns(self):
        """One entry per split, as a dict of columns (the layout of :meth:`to_csv`).

        Returns
        -------
        dict of str to list
            ``dataset`` (when the record has a name), ``repeat``, ``fold``,
            ``score_a``, ``score_b`` (NaN when unknown), ``difference``,
            ``n_train`` and ``n_test`` (when known) and, when the models are
            named, ``model_a`` and ``model_b``.
        """
        unknown = [math.nan] * self.n_splits
        values = {
            "dataset": [self.name] * self.n_splits,
            "repeat": self.repeat.tolist(),
            "fold": self.fold.tolist(),
            "score_a": unknown if self.scores_a is None else self.scores_a.tolist(),
            "score_b": unknown if self.scores_b is None else self.scores_b.tolist(),
            "difference": self.differences.tolist(),
            "n_train": None if self.n_train is None else self.n_train.tolist(),
            "n_test": None if self.n_test is None else self.n_test.tolist(),
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
        mean = self.mean
        model_a, model_b = self.model_names
        return html_table(
            {
                "data set": [self.name or ""],
                "splits": [self.n_splits],
                "repeats": [self.n_repeats],
                f"mean {model_a} - {model_b}": [float(mean)],
                "n_test/n_train": [
                    math.nan if self.test_train_ratio is None else self.test_train_ratio
                ],
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
        columns = self.to_columns()
        for side in ("a", "b"):  # unknown scores: empty cells, not "nan" (a failed split)
            if getattr(self, f"scores_{side}") is None:
                columns[f"score_{side}"] = [None] * self.n_splits
        return write_csv(columns, path_or_buf)

    @classmethod
    def from_csv(cls, path_or_buf, *, dataset=None, delimiter=None, encoding=None):
        """Read a record from CSV (see :meth:`to_csv` for the columns).

        Either ``difference`` or both ``score_a`` and ``score_b`` are
        required; the others are optional (without ``n_train`` and ``n_test``
        the sizes are unknown). A missing ``difference`` is computed as
        ``score_a - score_b``.

        Parameters
        ----------
        path_or_buf : str, path-like or file-like
            The CSV file, or an open text or binary buffer.
        dataset : str, default=None
            Which data set to read from a file holding several (``dataset``
            column); required in that case.
        delimiter : str, default=None
            None sniffs comma, semicolon or tab.
        encoding : str, default=None
            None reads UTF-8 (with or without a byte-order mark) and UTF-16
            (with one), also gzip, bz2 or xz compressed.

        Returns
        -------
        CVDifferences
        """
        # The cells' reader, imported here: the back ends import this module alone.
        from .tables._cells import RawColumns
        from .tables._source import read_csv_source

        raw = RawColumns(read_csv_source(path_or_buf, delimiter=delimiter, encoding=encoding))
        records = {name: cls(**fields) for name, fields in differences_layout(raw).items()}
        names = [name for name in records if name is not None]
        if dataset is None and len(names) > 1:
            raise ValueError(
                f"{raw.source} holds {len(names)} data sets ({names[:5]}...); pass "
                "dataset=<name> to read one of them, or read them all with "
                f"ScoreTable.read_csv(..., {option('layout', 'differences')})."
            )
        if dataset is not None:
            if not names:
                raise ValueError(
                    f"{raw.source} has no 'dataset' column to select {dataset!r} from."
                )
            if dataset not in records:
                raise ValueError(f"{raw.source} has no data set {dataset!r}; found {names[:5]}.")
        return records[dataset if dataset is not None else next(iter(records))]


def trusted_record(differences, **fields):
    """A record of arrays that a validated table already holds, without checking them again.

    ``ScoreTable.differences`` builds one per data set and pair of models;
    for many models the checks would cost more than the comparisons.
    """
    record = CVDifferences.__new__(CVDifferences)
    values = {field.name: None for field in dataclasses.fields(CVDifferences)}
    values.update(fields, differences=differences)
    for key, value in values.items():
        object.__setattr__(record, key, read_only(value))
    return record


def differences_layout(raw):
    """The keyword arguments of one :class:`CVDifferences` per data set of a differences
    table, in order of first appearance; without a ``dataset`` column, one record under
    the key None."""
    columns = set(raw.names)
    if not {"n_train", "n_test"} <= columns or not (
        "difference" in columns or {"score_a", "score_b"} <= columns
    ):
        raise ValueError(
            f"{raw.source} must have columns n_train, n_test and either difference or "
            f"score_a and score_b; found {raw.names}."
        )
    if "dataset" in columns:
        groups = {}
        for row, name in enumerate(raw.labels("dataset", "datasets").tolist()):
            groups.setdefault(name, []).append(row)
        groups = {name: np.array(rows, dtype=np.int64) for name, rows in groups.items()}
    else:
        groups = {None: np.arange(raw.n_rows)}

    def numbers(column):
        if column not in raw.columns:
            return None
        values, missing = raw.numbers(column, empty_is_missing=True)
        return None if missing.all() else values

    def integers(column, positive):
        return None if column not in raw.columns else raw.integers(column, positive=positive)

    scores_a, scores_b, differences = (numbers(c) for c in ("score_a", "score_b", "difference"))
    if differences is None:
        if scores_a is None or scores_b is None:
            raise ValueError(
                f"{raw.source}: the difference column is empty and the scores are missing; one "
                "of them is needed."
            )
        differences = scores_a - scores_b
    n_train, n_test = integers("n_train", True), integers("n_test", True)
    repeat, fold = integers("repeat", False), integers("fold", False)
    models = {c: raw.labels(c, c) for c in MODEL_COLUMNS if c in raw.columns}
    records = {}
    for name, rows in groups.items():
        named = {}
        for column, labels in models.items():
            found = list(dict.fromkeys(labels[rows].tolist()))
            if len(found) != 1:
                raise ValueError(
                    f"{raw.source}: column {column!r} must name the same model on every row of "
                    f"a data set; found {found[:5]} on data set {name!r}."
                )
            named[column] = found[0]
        part = {
            key: None if values is None else values[rows]
            for key, values in (("repeat", repeat), ("fold", fold), ("scores_a", scores_a),
                                ("scores_b", scores_b))
        }  # fmt: skip
        records[name] = dict(
            differences=differences[rows],
            n_train=n_train[rows],
            n_test=n_test[rows],
            name=name,
            **part,
            **named,
        )
    return records
