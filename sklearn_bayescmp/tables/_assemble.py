"""Step 6 of reading a table: the table assembled by its spec, with no heuristic.

Given a :class:`~._spec.TableSpec` (guessed by ``_guess``, or passed back by a
person), the assembly is deterministic: :func:`arrange` lays out the cells
(long: a row per data set, model and split; wide: a column per model;
transposed: a row per model) into one array of scores per data set, a row
per model and a column per split, checking that every cell has one score and
every split one size for all models; :func:`finish` leaves out what the spec
leaves out, negates the data sets of a loss, rescales, selects, and checks
the spec against the values (a design of means on per-split scores, sizes
that no cross-validation has, a direction not said). Where the file and the
spec disagree, it refuses, naming the spec's field.
"""

import dataclasses
import json
import math
import re
import warnings
from dataclasses import dataclass, field, replace
from fractions import Fraction
from numbers import Real

import numpy as np

from ..exceptions import MissingScoresWarning, TableReadingError
from ..utils._advice import option, parameter, spec_field, written
from ..utils._frozen import ReadOnlyPickleMixin
from ..utils._validation import check_names, unknown_names
from ._evidence import (
    filled_in,
    refuse_mixed_fractions,
    refuse_repeat_without_fold,
    score_range,
    units_of,
)
from ._names import SEED_NAMES, normalized
from ._spec import DESIGNS, LeftOut, Note, Reading, Witness
from ._words import unscored_words

#: The data set of a table without a data-set column.
DEFAULT_DATASET = "data"
#: The smallest and largest ``n_test / n_train`` of a split that the tests accept.
RATIO_BOUNDS = (1e-6, 1e6)


@dataclass(frozen=True, eq=False)
class DatasetScores(ReadOnlyPickleMixin):
    """One data set's scores (a row per model, a column per split) and its splits.

    A table read from the differences of two models keeps them as given
    (``differences``, the first model minus the second); ``scores`` is then
    NaN where the scores were not given.
    """

    scores: np.ndarray  # (n_models, n_splits) float; NaN where failed or missing
    present: np.ndarray  # (n_models, n_splits) bool; False where the cell is missing
    repeat: np.ndarray
    fold: np.ndarray
    n_train: np.ndarray | None  # None when the splits' sizes are unknown
    n_test: np.ndarray | None
    differences: np.ndarray | None = None
    # The spread printed beside a score ("0.95±0.02"), NaN where none; never compared.
    spread: np.ndarray | None = None

    def equals(self, other):
        """Whether both hold the same arrays (NaN scores equal; spreads not compared)."""
        return all(
            _same(getattr(self, f.name), getattr(other, f.name))
            for f in dataclasses.fields(self)
            if f.name != "spread"
        )

    def keep(self, models=None, splits=None):
        """The scores of some models (rows) and splits (columns)."""
        m = slice(None) if models is None else models
        s = slice(None) if splits is None else splits
        sized = self.n_train is not None
        return replace(
            self,
            scores=self.scores[m][:, s],
            present=self.present[m][:, s],
            repeat=self.repeat[s],
            fold=self.fold[s],
            n_train=self.n_train[s] if sized else None,
            n_test=self.n_test[s] if sized else None,
            spread=None if self.spread is None else self.spread[m][:, s],
        )


def _same(mine, theirs):
    if mine is None or theirs is None:
        return mine is None and theirs is None
    return np.array_equal(mine, theirs, equal_nan=mine.dtype.kind == "f")


def ratio_sizes(test_train_ratio):
    """Integer sizes ``(n_train, n_test)`` with ``n_test / n_train = test_train_ratio``
    (only the ratio enters the correction, so the smallest integers with it do)."""
    low, high = RATIO_BOUNDS
    if (
        isinstance(test_train_ratio, bool)
        or not isinstance(test_train_ratio, Real)
        or not low <= test_train_ratio <= high
    ):
        raise TableReadingError(
            f"{parameter('test_train_ratio')} must be a number from {low:g} to {high:g}, "
            "n_test / n_train of the splits (e.g. 1/9 for 10-fold cross-validation); got "
            f"{test_train_ratio!r}.",
            field="test_train_ratio",
            option="test_train_ratio",
        )
    ratio = Fraction(test_train_ratio).limit_denominator(10**6)
    return ratio.denominator, ratio.numerator


#: The fields of a spec that are also a reader's options (the others only a spec sets).
_OPTION_FIELDS = (
    "test_train_ratio",
    "design",
    "models",
    "datasets",
    "metric",
    "imputed",
    "fold_suffix",
)
#: The word an id's index may follow its separator with ("credit-g-fold2").
_INDEX_WORD = re.compile(r"(?:fold|split|seed|resample|rep|run|cv)[_\-]?", re.IGNORECASE)


def refuse_field(source, name, problem):
    """Refuse a spec that the file contradicts, naming the field (the option's name, where
    the field is also an option)."""
    option_name = name if name in _OPTION_FIELDS else None
    field = parameter(name) if option_name else spec_field(name)
    raise TableReadingError(f"{source}: {field} {problem}", field=name, option=option_name)


# -- laying out the cells --------------------------------------------------------


@dataclass
class Arranged:
    """The cells laid out by the spec: every model and data set the table holds."""

    raw: object
    models: list
    data: dict
    unscored: list
    metrics: dict = field(default_factory=dict)
    split_labels: dict = field(default_factory=dict)  # code -> label of labelled splits
    said: list = field(default_factory=list)  # what the rows' filters did, in words


def _check_columns(raw, spec):
    for role, column in spec.columns.items():
        if column not in raw.columns:
            refuse_field(
                raw.source,
                f"columns.{role}",
                f"names {column!r}, which is not a column of the table; found {raw.names}.",
            )
    if spec.layout == "wide":
        for model in spec.models or ():
            if model not in raw.columns:
                message = unknown_names(spec.models, raw.names, "models", "column")
                raise ValueError(f"{raw.source}: {message}")


def arrange(raw, spec):
    """The cells of a long, wide or transposed table laid out as the spec says.

    Rows are filtered first (the metric kept, filled-in scores dropped), then
    each (data set, model, split) cell takes its score.

    Returns
    -------
    Arranged
    """
    _check_columns(raw, spec)
    columns = spec.columns
    if spec.layout == "transposed":
        return arrange(*_transposed(raw, spec))
    raw, said = _filled_in_rows(raw, spec)
    raw, metrics = _metric_rows(raw, spec)
    names, folds = _dataset_names(raw, spec)
    if spec.layout == "wide":
        models, data, unscored = _wide(raw, spec, names)
    else:
        models, data, unscored = _long(raw, spec, names, folds)
    arranged = Arranged(raw, models, data, unscored, split_labels=_split_labels(raw, columns))
    arranged.said = said
    if metrics is not None:
        per_dataset = dict(zip(names.tolist(), metrics.tolist(), strict=True))
        arranged.metrics = {name: per_dataset[name] for name in data}
    return arranged


def _filled_in_rows(raw, spec):
    """The rows kept of a table whose column marks filled-in scores."""
    column = spec.columns.get("imputed")
    if column is None:
        return raw, []
    flags = filled_in(raw, column)
    if flags.any() and spec.imputed is None:
        raise TableReadingError(
            f"{raw.source}: column {column!r} marks {int(flags.sum())} of {flags.size} rows as "
            "filled-in scores (copied from another model, not the model's own runs): compared "
            "as they are, they would count as the model's results. Keep them "
            f"({option('imputed', 'keep')}) "
            f"or drop them ({option('imputed', 'drop')}), which makes them missing scores.",
            field="imputed",
            option="imputed",
        )
    count = int(flags.sum())
    if spec.imputed == "keep":
        return raw, [Note("imputed-kept", (count, column))]
    dropped = LeftOut("rows", f"{count} rows", "imputed", (column,))
    return raw.take(np.flatnonzero(~flags)), [dropped]


def _metric_rows(raw, spec):
    """The rows of the metric kept, and every row's metric (None without a metric
    column); a data set whose rows mix metrics is refused until one is kept."""
    column = spec.columns.get("metric")
    if column is None:
        if spec.metric is not None:
            raise TableReadingError(
                f"{raw.source} has no metric column (named metric, function, measure...), so "
                f"{option('metric', spec.metric)} keeps nothing; drop it, or name the column.",
                field="metric",
                option="metric",
            )
        return raw, None
    metrics = raw.labels(column, "metric")
    if spec.metric is not None:
        kept = np.array([m == spec.metric for m in metrics.tolist()], dtype=bool)
        if not kept.any():
            found = list(dict.fromkeys(metrics.tolist()))
            raise ValueError(
                f"{raw.source}, column {column!r}: no row of metric {spec.metric!r} "
                f"({parameter('metric')}); found {found}."
            )
        raw, metrics = raw.take(np.flatnonzero(kept)), metrics[kept]
    names, _ = _dataset_names(raw, spec)
    held = {}
    for name, metric in zip(names.tolist(), metrics.tolist(), strict=True):
        held.setdefault(name, {})[metric] = None
    for name, found in held.items():
        if len(found) > 1:
            raise TableReadingError(
                f"{raw.source}, column {column!r}: data set {name!r} has scores of "
                f"{len(found)} metrics ({', '.join(map(repr, found))}), which do not compare. "
                f"Keep one with {option('metric', next(iter(found)))}.",
                field="metric",
                option="metric",
            )
    return raw, metrics


def _dataset_names(raw, spec):
    """Every row's data set, and its fold where the ids end with one (``fold_suffix``)."""
    column = spec.columns.get("dataset")
    if column is None:
        return np.array([DEFAULT_DATASET] * raw.n_rows, dtype=object), None
    labels = raw.labels(column, "datasets")
    if not spec.fold_suffix:
        return labels, None
    names, folds = np.empty(len(labels), dtype=object), np.zeros(len(labels), np.int64)
    separator = spec.fold_suffix
    for i, label in enumerate(labels.tolist()):
        head, cut, tail = label.rpartition(separator)
        word = _INDEX_WORD.match(tail)
        digits = tail[word.end() :] if word else tail
        if not cut or not digits.isdigit():
            refuse_field(
                raw.source,
                "fold_suffix",
                f"is {separator!r}, but {raw.where(i)} holds the data set {label!r}, which "
                "does not end with a fold after it.",
            )
        names[i], folds[i] = head, int(digits)
    return names, folds


def _split_labels(raw, columns):
    """The labels of a split column of labels (not numbers), by their codes."""
    column = columns.get("split") or (columns.get("fold") if not columns.get("repeat") else None)
    if column is None or column not in raw.columns:
        return {}
    try:
        raw.integers(column, positive=False)
        return {}
    except ValueError:
        return dict(enumerate(dict.fromkeys(raw.labels(column, "split").tolist())))


def _transposed(raw, spec):
    """A table with a row per model (named in ``columns["model"]``) and a column per data
    set, as the long table of one score per data set and model."""
    column = spec.columns["model"]
    labels = raw.labels(column, "models")
    wanted = set(spec.models or ())
    rows = [i for i, label in enumerate(labels.tolist()) if label in wanted or not wanted]
    datasets = [c for c in raw.names if c != column and raw.is_numeric(c)]
    long = {"dataset": [], "model": [], "score": []}
    for name in datasets:
        values, missing = raw.numbers(name, empty_is_missing=True)
        for row in rows:
            if not missing[row]:
                long["dataset"].append(name)
                long["model"].append(labels[row])
                long["score"].append(values[row])
    source = type(raw.source_record)(
        {k: np.array(v, dtype=object) for k, v in long.items()}, raw.source
    )
    columns = {"model": "model", "score": "score", "dataset": "dataset"}
    return type(raw)(source), replace(spec, layout="long", columns=columns)


def _sizes(raw, spec, n_rows):
    """Per-row split sizes from the size columns or the spec's ratio; (None, None) when
    the table does not say them."""
    n_train, n_test = spec.columns.get("n_train"), spec.columns.get("n_test")
    if (n_train is None) != (n_test is None):
        raise TableReadingError(
            f"{raw.source} has only one of the n_train and n_test columns; give both, or "
            f"neither and {parameter('test_train_ratio')}.",
            field="test_train_ratio",
            option="test_train_ratio",
        )
    if n_train is None:
        if spec.test_train_ratio is None:
            return None, None
        train, test = ratio_sizes(spec.test_train_ratio)
        return np.full(n_rows, train, np.int64), np.full(n_rows, test, np.int64)
    if spec.test_train_ratio is not None:
        raise TableReadingError(
            f"{raw.source} has n_train and n_test columns; do not pass "
            f"{parameter('test_train_ratio')} as well.",
            field="test_train_ratio",
            option="test_train_ratio",
        )
    return raw.integers(n_train, positive=True), raw.integers(n_test, positive=True)


def _row_splits(raw, spec, order):
    """Every row's repeat and fold: from a split column, repeat and fold, a fold alone, or
    ``order`` (the rows' order, or folds read from the data-set ids)."""
    columns = spec.columns
    if columns.get("split"):
        return np.zeros(raw.n_rows, np.int64), raw.split_codes(columns["split"])
    repeat, fold = columns.get("repeat"), columns.get("fold")
    if fold is not None and repeat is None:
        return np.zeros(raw.n_rows, np.int64), raw.split_codes(fold)
    if repeat is not None:
        if fold is None and order is None:
            refuse_repeat_without_fold(raw.source, repeat)
        folds = order if fold is None else raw.integers(fold, positive=False)
        return raw.integers(repeat, positive=False), folds
    if order is not None:
        return np.zeros(raw.n_rows, np.int64), order
    raise TableReadingError(
        f"{raw.source} does not say which split each score is from: it needs a split column, or "
        f"repeat and fold columns, to pair the models' scores; found {raw.names}. Name them with "
        f"{option('split')}... (a column of training seeds too, which the reading says) or "
        f"{option('repeat')}... and {option('fold')}...",
        field="columns.split",
        option="split",
    )


def _long(raw, spec, dataset_names, folds):
    columns, n = spec.columns, raw.n_rows
    model_names = raw.labels(columns["model"], "model")
    # An empty cell is a missing score (its row is left out); "nan" or "NA" a failed split.
    scores, missing = raw.numbers(columns["score"], empty_is_missing=True)
    spreads = raw.spreads.get(columns["score"])
    order = folds
    if order is None:  # one score per data set and model (a paper's table): one split each
        single = len(set(zip(dataset_names.tolist(), model_names.tolist(), strict=True))) == n
        order = np.zeros(n, np.int64) if single and len(set(dataset_names.tolist())) > 1 else None
    repeat, fold = _row_splits(raw, spec, order)
    sizes = _sizes(raw, spec, n)
    read = {columns["model"], columns["score"]}
    if not missing.any():  # every row kept: no copies (a long table can be millions of rows)
        return _cells(raw, dataset_names, model_names, repeat, fold, sizes, scores, read=read,
                      spreads=spreads)  # fmt: skip
    kept = np.flatnonzero(~missing)
    listed = (list(dict.fromkeys(dataset_names.tolist())), list(dict.fromkeys(model_names)))
    return _cells(
        _RowView(raw, kept),
        dataset_names[kept],
        model_names[kept],
        repeat[kept],
        fold[kept],
        tuple(None if size is None else size[kept] for size in sizes),
        scores[kept],
        read=read,
        listed=listed,
        spreads=None if spreads is None else spreads[kept],
    )


def _wide(raw, spec, dataset_names):
    models = check_names(spec.models, "models")
    order = np.zeros(raw.n_rows, dtype=np.int64)
    for rows in _rows_by_label(dataset_names).values():
        order[rows] = np.arange(rows.size)
    repeat, fold = _row_splits(raw, spec, order)
    sizes = _sizes(raw, spec, raw.n_rows)
    parts = {key: [] for key in ("dataset", "model", "repeat", "fold", "score", "spread", "row")}
    parts["sizes"] = [[], []]
    for model in models:
        values, missing = raw.numbers(model, empty_is_missing=True)
        kept = np.flatnonzero(~missing)
        parts["spread"].append(raw.spreads.get(model, np.full(raw.n_rows, math.nan))[kept])
        parts["row"].append(kept)
        parts["dataset"].append(dataset_names[kept])
        parts["model"].append(np.array([model] * kept.size, dtype=object))
        parts["repeat"].append(repeat[kept])
        parts["fold"].append(fold[kept])
        for side in (0, 1):
            parts["sizes"][side].append(None if sizes[side] is None else sizes[side][kept])
        parts["score"].append(values[kept])
    return _cells(
        _RowView(raw, np.concatenate(parts["row"])),
        *(np.concatenate(parts[key]) for key in ("dataset", "model", "repeat", "fold")),
        tuple(None if sizes[0] is None else np.concatenate(part) for part in parts["sizes"]),
        np.concatenate(parts["score"]),
        read=set(models),
        listed=(list(dict.fromkeys(dataset_names.tolist())), list(models)),
        spreads=np.concatenate(parts["spread"]) if raw.spreads else None,
    )


def _rows_by_label(labels):
    """The row indices of each label, labels in order of first appearance (compared as
    Python strings: numpy would drop trailing NUL characters)."""
    groups = {}
    for row, label in enumerate(labels):
        groups.setdefault(label, []).append(row)
    return {label: np.array(rows, dtype=np.int64) for label, rows in groups.items()}


class _RowView:
    """Names the original row of a derived long row in messages."""

    def __init__(self, raw, rows):
        self.raw, self.rows, self.source = raw, rows, raw.source

    def where(self, row):
        return self.raw.where(int(self.rows[row]))

    def differing_columns(self, first, second):
        return self.raw.differing_columns(int(self.rows[first]), int(self.rows[second]))


def _codes(labels):
    """Each label's index among the distinct labels, and those labels in order."""
    index = {}
    codes = np.fromiter(
        (index.setdefault(label, len(index)) for label in labels), dtype=np.int64, count=len(labels)
    )
    return codes, list(index)


def _cells(raw, dataset_names, model_names, repeat, fold, sizes, scores, *, read=(),
           listed=None, spreads=None):  # fmt: skip
    """Every model and, per data set, the arrays of one entry per (data set, model, split).

    Every cell may hold one score, and every split one pair of sizes for all
    models; the first row that breaks either rule is named, with the columns in
    which its two rows differ. ``listed``: the data sets and models the table
    names, those whose every cell is empty included.

    Returns
    -------
    models : list of str
    data : dict of str to DatasetScores
    unscored : list of str
        The data sets on which no model has a score (every cell empty).
    """
    model_codes, found_models = _codes(model_names)
    dataset_codes, found_datasets = _codes(dataset_names)
    listed_datasets, models = listed or (found_datasets, found_models)
    models = list(models)
    model_of = np.array([models.index(m) for m in found_models], dtype=np.int64)
    rows_model = model_of[model_codes] if len(model_codes) else model_codes
    sized = sizes[0] is not None
    n_train_all, n_test_all = (
        np.asarray(size if sized else np.ones(len(scores)), dtype=np.int64) for size in sizes
    )
    dataset_of = {name: code for code, name in enumerate(found_datasets)}
    order = np.argsort(dataset_codes, kind="stable")
    bounds = np.searchsorted(dataset_codes[order], np.arange(len(found_datasets) + 1))
    data, unscored = {}, []
    for name in listed_datasets:
        if name not in dataset_of:
            unscored.append(name)
            continue
        code = dataset_of[name]
        mine = order[bounds[code] : bounds[code + 1]]
        pairs = np.column_stack([repeat[mine], fold[mine]]).astype(np.int64)
        keys, split_of = np.unique(pairs.reshape(-1, 2), axis=0, return_inverse=True)
        split_of = split_of.ravel()
        n_splits = len(keys)
        k = rows_model[mine]
        cell = k * n_splits + split_of
        first_of_cell = np.full(len(models) * n_splits, mine.size, dtype=np.int64)
        np.minimum.at(first_of_cell, cell, np.arange(mine.size))
        first_of_split = np.full(n_splits, mine.size, dtype=np.int64)
        np.minimum.at(first_of_split, split_of, np.arange(mine.size))
        repeated = first_of_cell[cell] != np.arange(mine.size)
        reference = first_of_split[split_of]
        other_sizes = (n_train_all[mine] != n_train_all[mine[reference]]) | (
            n_test_all[mine] != n_test_all[mine[reference]]
        )
        wrong = np.flatnonzero(repeated | other_sizes)
        if wrong.size:
            i = wrong[0]
            row, key = mine[i], tuple(int(v) for v in keys[split_of[i]])
            if repeated[i]:
                first = mine[first_of_cell[cell[i]]]
                raise ValueError(
                    f"{raw.where(first)} and {raw.where(row).split(', ')[-1]} both score "
                    f"model {model_names[row]!r} on split {_split_text(key)} of data set "
                    f"{name!r}; each (data set, model, split) needs exactly one score. "
                    + _what_tells_them_apart(raw, first, row, read)
                )
            first = mine[reference[i]]
            raise ValueError(
                f"{raw.where(row)}: split {_split_text(key)} of data set {name!r} has n_train "
                f"{n_train_all[row]} and n_test {n_test_all[row]} here but {n_train_all[first]} "
                f"and {n_test_all[first]} for another model; these are not the same split. "
                "Give each split one identifier and one size for all models."
            )
        table = np.full((len(models), n_splits), math.nan)
        present = np.zeros((len(models), n_splits), dtype=bool)
        table[k, split_of], present[k, split_of] = scores[mine], True
        spread = None
        if spreads is not None:
            spread = np.full(table.shape, math.nan)
            spread[k, split_of] = spreads[mine]
        first_rows = mine[first_of_split]
        data[name] = DatasetScores(
            table,
            present,
            keys[:, 0].copy(),
            keys[:, 1].copy(),
            n_train_all[first_rows] if sized else None,
            n_test_all[first_rows] if sized else None,
            spread=spread,
        )
    return models, data, unscored


def _what_tells_them_apart(raw, first, second, scores):
    """The columns in which two rows of one cell differ, and the options that read them."""
    differing = {
        column: values
        for column, values in raw.differing_columns(first, second).items()
        if column not in scores
    }
    if not differing:
        return (
            "Nothing else tells the two rows apart: drop the repeated row, or add a column "
            "that says which repeat or fold each score is from and name it with "
            f"{option('repeat')} or {option('fold')}."
        )
    column, (one, other) = next(iter(differing.items()))
    names = ", ".join(repr(c) for c in differing)
    if not (_is_number(one) and _is_number(other)):
        options = (
            f"if {column!r} is a condition the runs were made under (a time budget, a "
            "machine), compare one condition at a time, in a table of its rows alone; if "
            f"it names the models or the data sets, pass {option('model', column)} or "
            f"{option('dataset', column)}; if it names a metric, keep one with {option('metric')}"
        )
    elif normalized(column) in SEED_NAMES or normalized(column) == "run":
        options = (
            f"{column!r} was read as each run's own seed, not a repeat (the models' seeds "
            "differ on a fold). If this is one run made twice, keep one of the two rows; if "
            "the rows are repeats of the cross-validation, number the repeats alike for "
            f"every model (0, 1, ...) in a column and name it with {option('repeat')}"
        )
    else:
        options = (
            f"if {column!r} tells the repeat or the fold, pass {option('repeat', column)} or "
            f"{option('fold', column)}; if it names the data sets, {option('dataset', column)}"
        )
    return f"They differ in {names} ({column!r}: {one!r} and {other!r}): {options}."


def _is_number(value):
    if isinstance(value, bool):
        return False
    try:
        float(value)
    except (TypeError, ValueError):
        return False
    return True


def _split_text(key):
    repeat, fold = key
    return f"{fold}" if repeat == 0 else f"(repeat {repeat}, fold {fold})"


# -- finishing: what the spec leaves out, negates, rescales and selects ------------


@dataclass
class Parts:
    """What a reading gives a ScoreTable, and the warnings to raise once it is made."""

    models: list
    data: dict
    reading: Reading
    warnings: list = field(default_factory=list)


def finish(arranged, spec, *, notes=()):
    """The parts of a table from its arranged cells, by the spec.

    Parameters
    ----------
    arranged : Arranged
    spec : TableSpec
        Every decision taken (a direction and a design are required).
    notes : sequence of str
        What the guess found worth saying.

    Returns
    -------
    Parts
    """
    raw, source = arranged.raw, arranged.raw.source
    _check_left_columns(source, spec)
    models, data = list(arranged.models), dict(arranged.data)
    listed = {e.name for e in spec.left_out if e.kind in ("row", "data set")}
    unknown = listed - set(data) - set(arranged.unscored)
    dropped_models = [e.name for e in spec.left_out if e.kind == "model"]
    dropped_splits = [e.name for e in spec.left_out if e.kind == "split"]
    unknown |= set(dropped_models) - set(models)
    unknown |= set(dropped_splits) - set(arranged.split_labels.values())
    if unknown:
        refuse_field(source, "left_out", f"names {sorted(unknown)}, which the table does not hold.")
    data = {name: d for name, d in data.items() if name not in listed}
    if dropped_models:
        keep = [k for k, m in enumerate(models) if m not in dropped_models]
        models = [models[k] for k in keep]
        data = {name: d.keep(models=keep) for name, d in data.items()}
    if dropped_splits:
        codes = [c for c, label in arranged.split_labels.items() if label in dropped_splits]
        data = {
            name: d.keep(splits=np.flatnonzero(~np.isin(d.fold, codes))) for name, d in data.items()
        }
    metrics = {name: arranged.metrics[name] for name in data if name in arranged.metrics}
    _check_scale(source, spec, data)
    negated = _negated(source, spec, data, metrics)
    refuse_mixed_fractions(data, models, negated)
    data = {n: replace(d, scores=0.0 - d.scores) if n in negated else d for n, d in data.items()}
    if spec.normalize is not None:
        data = normalized_scores(data, len(models), source)
    if spec.models is not None and spec.layout in ("long", "transposed"):
        message = unknown_names(spec.models, models, "models", "model")
        if message is not None:
            raise TableReadingError(f"{source}: {message}", field="models", option="models")
        rows = [models.index(m) for m in check_names(spec.models, "models")]
        models, data = list(spec.models), {name: d.keep(models=rows) for name, d in data.items()}
    data = _selected_datasets(source, spec, data, arranged.unscored)
    if len(models) < 2:
        raise ValueError(f"{source} holds {len(models)} model(s); a comparison needs two or more.")
    if not data:
        raise ValueError(f"{source} holds no score: every cell of the chosen models is empty.")
    absent = [m for k, m in enumerate(models) if not any(d.present[k].any() for d in data.values())]
    if absent:
        raise TableReadingError(
            f"{source}: model {absent[0]!r} has no score at all (every cell is empty); leave it "
            f"out ({option('models')}).",
            field="models",
            option="models",
        )
    _check_design(source, spec, data)
    _check_sizes(source, spec, data)
    check_pairing(models, data, [spec.columns[r] for r in ("repeat", "fold") if r in spec.columns])
    unscored = [n for n in arranged.unscored if n not in listed]
    dropped = [entry for entry in arranged.said if isinstance(entry, LeftOut)]
    notes = (*[entry for entry in arranged.said if isinstance(entry, Note)], *notes)
    left_out = (*spec.left_out, *dropped, *[LeftOut("data set", n, "unscored") for n in unscored])
    reading = Reading(
        source,
        replace(spec, left_out=tuple(dict.fromkeys(left_out))),
        metrics=metrics,
        lower_is_better=tuple(d for d in data if d in negated),
        notes=(
            *notes,
            *_metrics_note(metrics),
            *_percent_note(spec),
            *cell_notes(raw, data),
            *_marks_note(raw, spec),
        ),
        generated=tuple(sorted(raw.source_record.generated)),
    )
    warned = []
    if unscored:
        warned.append((f"{source}: {unscored_words(unscored)}.", MissingScoresWarning))
    return Parts(models, data, reading, warned)


def _marks_note(raw, spec):
    """What the reading says of the numbers' marks, from the spec (so that the spec passed
    back says it again), or of a file that writes decimal commas and points both."""
    notes = []
    if spec.decimal == ",":
        witness = spec.witness("decimal")
        by = witness is not None and witness.by == "values"
        notes.append(Note("decimal-commas", (witness.name, witness.found) if by else ()))
    elif spec.decimal is None and raw.comma_columns:
        notes.append(Note("commas-and-points", sorted(raw.comma_columns)))
    if spec.thousands is not None:
        notes.append(Note("thousands", (spec.thousands,)))
    if spec.missing:
        notes.append(Note("missing", spec.missing))
    if spec.header_row:
        notes.append(Note("header-row", (spec.header_row,)))
    if spec.footer_rows:
        notes.append(Note("footer-rows", (spec.footer_rows, raw.source_record.footer_text)))
    return notes


def _percent_note(spec):
    """Where the scores are percentages, what that makes the default rope."""
    if spec.scale != "percent" or spec.normalize is not None:
        return ()
    sides = spec.direction.values() if isinstance(spec.direction, dict) else [spec.direction]
    return (Note("percent", ("lower" in sides,)),)


def _check_left_columns(source, spec):
    """Refuse a spec that leaves out a column it also reads (a model's, a role's)."""
    read = {column: f"columns.{role}" for role, column in spec.columns.items()}
    if spec.layout == "wide":
        read.update((column, "models") for column in spec.models or ())
    for entry in spec.left_out:
        if entry.kind == "column" and entry.name in read:
            refuse_field(
                source,
                "left_out",
                f"leaves out column {entry.name!r}, which its {read[entry.name]} reads; "
                "remove it from one of them.",
            )


def _check_scale(source, spec, data):
    """Refuse a spec whose scale the scores contradict: shares beyond [-1, 1], or
    percentages beyond [0, 100] (and [-100, 0])."""
    if spec.scale in (None, "other") or spec.normalize is not None:
        return
    low, high = score_range(data)
    if not np.isfinite(low):
        return
    if spec.scale == "shares":
        inside, bounds = -1 <= low and high <= 1, "[-1, 1]"
    else:  # a loss in percent may have been negated already
        inside, bounds = 0 <= low and high <= 100 or -100 <= low and high <= 0, "[0, 100]"
    if not inside:
        refuse_field(
            source,
            "scale",
            f"says {spec.scale}, but the scores run from {low:.6g} to {high:.6g}, beyond "
            f'{bounds}; set it to "other" if they are of other units.',
        )


def _negated(source, spec, data, metrics):
    """The data sets whose scores are a loss; a data set whose direction the spec does not
    say is refused, naming the field."""
    negated = set()
    for name in data:
        side = spec.side(metrics.get(name))
        if side is None:
            metric = metrics.get(name)
            what = f"for metric {metric!r} (data set {name!r})" if metric else "for the scores"
            refuse_field(
                source,
                "direction",
                f"does not say which way is better {what}: pass "
                f"{option('greater_is_better', True)} if "
                f"higher is better, {option('greater_is_better', False)} for a loss.",
            )
        if side == "lower":
            negated.add(name)
    return negated


def normalized_scores(data, n_models, source):
    """Every data set's scores mapped by the affine function that takes its worst model's
    mean (over the splits every model completed) to 0 and its best model's to 1."""
    if n_models < 3:
        raise ValueError(
            f"{source}: normalizing the scores of {n_models} models from the worst (0) to the "
            "best (1) makes every difference +1 or -1 on every data set, whatever the scores; "
            "normalize a table of three models or more (select the pair afterwards)."
        )
    rescaled = {}
    for name, d in data.items():
        complete = np.all(d.present & np.isfinite(d.scores), axis=0)
        if not complete.any():
            raise ValueError(
                f"No split of data set {name!r} has a score for every model; normalizing it "
                "needs splits that all models completed."
            )
        means = d.scores[:, complete].mean(axis=1)
        low, high = means.min(), means.max()
        rescaled[name] = replace(d, scores=(d.scores - low) / (high - low if high > low else 1.0))
    return rescaled


def _selected_datasets(source, spec, data, unscored):
    if spec.datasets is None:
        return data
    chosen = check_names(spec.datasets, "datasets")
    message = unknown_names(chosen, [*data, *unscored], "datasets", "data set")
    if message is not None:
        raise TableReadingError(f"{source}: {message}", field="datasets", option="datasets")
    empty = [name for name in chosen if name not in data]
    if empty:
        raise ValueError(
            f"{source}: no model has a score on data set {empty[0]!r} ({parameter('datasets')}): "
            "every cell is empty. Leave it out."
        )
    return {name: data[name] for name in chosen}


def _check_design(source, spec, data):
    """The spec's design against the values: one score per data set is a table of means,
    and several are not."""
    if spec.design is None:
        refuse_field(
            source,
            "design",
            f"does not say how the splits were made: pass {option('design', 'cross-validation')}, "
            "'resamples', 'seeds' or 'means'.",
        )
    single = all(d.scores.shape[1] == 1 for d in data.values())
    if single and len(data) > 1 and spec.test_train_ratio is not None:
        refuse_field(
            source,
            "test_train_ratio",
            f"({spec.test_train_ratio:.4g}) gives the sizes of splits, but the table holds one "
            "score per data set and model: no split is sized. Leave it out.",
        )
    if (spec.design == "means" and not single) or (
        spec.design != "means" and single and len(data) > 1
    ):
        what = "one score per data set and model" if single else "several splits per data set"
        raise TableReadingError(
            f"{source}: {option('design', spec.design)} ({DESIGNS[spec.design]}), but the table "
            f"holds {what}.",
            field="design",
            option="design",
        )


def _check_sizes(source, spec, data):
    """Sizes that no k-fold cross-validation has: a test set more than twice its training
    set (2-fold's are about as large as theirs);
    or, where every repeat ran all its k folds, a ratio n_test / n_train more than twice
    from 1/(k - 1). Such sizes were swapped or mistyped, and would move the decision."""
    if spec.design != "cross-validation":
        return
    given = (
        option("test_train_ratio", written(f"{spec.test_train_ratio:.4g}"))
        if spec.test_train_ratio is not None
        else "the n_train and n_test columns"
    )
    for name, d in data.items():
        if d.n_train is None:
            return
        ratio = d.n_test / d.n_train
        if np.any(ratio > 2):  # 2-fold's test sets are about as large as its training sets
            i = int(np.argmax(ratio))
            raise TableReadingError(
                f"{source}: data set {name!r} has n_test {d.n_test[i]} > n_train {d.n_train[i]} "
                f"({given}), which no k-fold cross-validation has: swapped? Give n_test / "
                f"n_train (1/9 for 10-fold), or {option('design', 'resamples')} for random "
                "train/test splits.",
                field="design",
                option="design",
            )
        k = _folds_per_repeat(spec, d)
        if k is None or k < 2:
            continue
        expected = 1 / (k - 1)
        if float(np.max(ratio)) > 2 * expected or float(np.min(ratio)) < expected / 2:
            raise TableReadingError(
                f"{source}: data set {name!r} has {k} folds per repeat, so n_test / n_train is "
                f"about 1/{k - 1} under cross-validation, but {given} give "
                f"{float(np.median(ratio)):.4g}. Give the splits' sizes "
                f"({option('test_train_ratio', written(f'1/{k - 1}'))} for {k}-fold), or "
                f"{option('design', 'resamples')} for random "
                "train/test splits.",
                field="test_train_ratio",
                option="test_train_ratio",
            )


def _folds_per_repeat(spec, d):
    """The number k of folds, where a fold column (or the ids) numbers every repeat's folds
    0 to k - 1 (or 1 to k), all present, in two repeats or more (a repeated k-fold
    cross-validation, whose sizes are then certain; one repeat's "folds" may be k random
    resamples so labelled); None otherwise."""
    if not (spec.columns.get("fold") or spec.fold_suffix) or spec.columns.get("split"):
        return None
    folds = [sorted(d.fold[d.repeat == r].tolist()) for r in np.unique(d.repeat)]
    k = len(folds[0])
    complete = all(f in (list(range(k)), list(range(1, k + 1))) for f in folds)
    return k if complete and len(folds) > 1 else None


def _metrics_note(metrics):
    counts = {}
    for metric in metrics.values():
        counts[metric] = counts.get(metric, 0) + 1
    if len(counts) < 2:
        return []
    return [Note("metrics-differ", [[metric, n] for metric, n in counts.items()])]


def cell_notes(raw, data):
    """What the reading says of the cells: spreads, tails, marks, percent signs, names
    in two Unicode forms."""
    notes = []
    spreads = sum(int(np.isfinite(d.spread).sum()) for d in data.values() if d.spread is not None)
    if spreads:
        notes.append(Note("spreads", (spreads,)))
    forms = {key: sum(counts.values()) for key, counts in raw.cell_forms.items()}
    for form, code in (("tail", "tails"), ("marked", "marked"), ("percent", "percent-signs")):
        if forms.get(form):
            notes.append(Note(code, (forms[form],)))
    if raw.merged_names:
        notes.append(Note("unicode-forms", list(raw.merged_names)[:5]))
    return notes


def check_pairing(models, data, split_columns=()):
    """Every pair of models with scores on a data set shares a split there (a model
    without any score on a data set is allowed: the comparison says which pairs lack it)."""
    for name, d in data.items():
        scored = np.flatnonzero(d.present.any(axis=1))
        present = d.present[scored].astype(int)
        shared = present @ present.T
        if scored.size and shared.min() == 0:
            a, b = scored[list(np.unravel_index(np.argmin(shared), shared.shape))]
            by = ""
            if len(split_columns) == 2:
                repeat, fold = split_columns
                by = (
                    f" The splits are identified by columns {repeat!r} and {fold!r}; if "
                    f"{repeat!r} is each run's seed rather than the repeat's number, number the "
                    "repeats alike for every model (0, 1, ...) in a column and name it with "
                    f"{option('repeat')}."
                )
            raise ValueError(
                f"Models {models[a]!r} and {models[b]!r} share no split on data set {name!r}: "
                "their splits do not pair. Identify each split the same way for every model "
                f"(the same split, or repeat and fold, values).{by}"
            )


def design_witness(given, data):
    """The design of arrays of scores and its witness: the one ``given``, else the values
    (one score per data set), else None."""
    single = len(data) > 1 and all(d.scores.shape[1] == 1 for d in data.values())
    if given is not None:
        return given, Witness("design", given, "option", "option", "design", given)
    if single:
        return "means", Witness("design", "means", "values", "one-score")
    return None, None


def _as_json(units):
    """What differs between the units, as plain JSON data (a witness's ``found``)."""
    return json.loads(json.dumps(dataclasses.asdict(units)))


def units_witness(data, metrics, normalize, *, share=False):
    """Whether the data sets' differences share a unit, and the witness (``share``: a name
    says the scores are shares or percentages)."""
    if normalize is not None:
        return "shared", Witness("units", "shared", "option", "normalized")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        differ = units_of(data, metrics, share=share)
    if differ is None:
        return "shared", Witness("units", "shared", "values", "one-scale")
    return "differ", Witness("units", "differ", "values", "scales-differ", found=_as_json(differ))
