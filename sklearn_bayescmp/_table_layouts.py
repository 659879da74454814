"""Interpreting tables of scores: which column is the model, the score, the split.

A *long* table has one row per (data set, model, split) and a score column; a
*wide* table one column of scores per model and one row per split. Both come
down to one entry per (data set, model, split), which :func:`assemble`
arranges as one array of scores per data set, a row per model and a column
per split, checking that every cell has at most one score and that a split
has one size for all models. Messages name the row ("line 7" of a CSV file)
and the column.
"""

import math
from fractions import Fraction
from numbers import Real
from typing import NamedTuple

import numpy as np

#: Cells read as a NaN score (a failed split), case-insensitively.
_NAN_TEXTS = {"nan", "na", "n/a", "null", "none"}
#: The data set of a table without a data-set column.
DEFAULT_DATASET = "data"


class DatasetArrays(NamedTuple):
    """One data set's scores (a row per model, a column per split) and its splits."""

    scores: np.ndarray  # float; NaN where failed or missing
    present: np.ndarray  # bool; False where the cell is missing
    repeat: np.ndarray
    fold: np.ndarray
    n_train: np.ndarray
    n_test: np.ndarray


def check_names(names, argument):
    """A tuple of distinct names (models or data sets), from any sequence."""
    if isinstance(names, str):
        raise TypeError(f"`{argument}` must be a sequence of names; got the string {names!r}.")
    names = tuple(str(name) for name in names)
    if not names:
        raise ValueError(f"`{argument}` is empty.")
    repeated = sorted({name for name in names if names.count(name) > 1})
    if repeated:
        raise ValueError(f"`{argument}` repeats {repeated}; names must be unique.")
    return names


def ratio_sizes(test_train_ratio):
    """Integer sizes ``(n_train, n_test)`` with ``n_test / n_train = test_train_ratio``.

    Only the ratio enters the correction, so the smallest integers with it do.
    """
    if (
        isinstance(test_train_ratio, bool)
        or not isinstance(test_train_ratio, Real)
        or not 0 < test_train_ratio < math.inf
    ):
        raise ValueError(
            f"`test_train_ratio` must be a positive number, n_test / n_train of the splits "
            f"(e.g. 1/9 for 10-fold cross-validation); got {test_train_ratio!r}."
        )
    ratio = Fraction(test_train_ratio).limit_denominator(10**6)
    return ratio.denominator, ratio.numerator


RATIO_REQUIRED = (
    "`test_train_ratio` is required when the table has no n_train and n_test columns: "
    "the correlation correction of every test needs n_test / n_train of the splits. Pass "
    "e.g. test_train_ratio=1/9 for 10-fold cross-validation (repeated or not), 1/4 for "
    "5-fold, 1 for 2-fold."
)


def detect_layout(raw, layout, model=None, score=None):
    """ "long" or "wide" for a table's columns (``layout="auto"`` decides by its columns)."""
    if layout not in ("auto", "long", "wide"):
        raise ValueError(f"`layout` must be 'auto', 'long' or 'wide'; got {layout!r}.")
    if layout != "auto":
        return layout
    names = set(raw.names)
    return "long" if {model or "model", score or "score"} <= names else "wide"


#: The options of each layout (column names and selections).
_OPTIONS = {
    "long": (
        "model",
        "score",
        "dataset",
        "split",
        "repeat",
        "fold",
        "n_train",
        "n_test",
        "test_train_ratio",
        "models",
        "datasets",
    ),
    "wide": (
        "models",
        "dataset",
        "split",
        "repeat",
        "fold",
        "n_train",
        "n_test",
        "test_train_ratio",
        "datasets",
    ),
}


def layout_options(layout, given):
    """Every option of ``layout``, from those ``given`` (the others at their defaults)."""
    options = _OPTIONS[layout]
    unknown = sorted(set(given) - set(options))
    if unknown:
        raise TypeError(
            f"Unknown option(s) {unknown} for a {layout} table; expected {list(options)}."
        )
    values = dict.fromkeys(options)
    if layout == "long":
        values.update(model="model", score="score")
    values.update({key: value for key, value in given.items() if value is not None})
    return values


def _optional(raw, column, default, argument):
    """The column ``column`` (must exist), or ``default``'s when present, or None."""
    if column is not None:
        return raw.require(column, argument)
    return raw.columns.get(default)


def _labels(values):
    """Names as strings (data sets, models); missing names are refused by the caller."""
    return np.array(["" if v is None else str(v).strip() for v in values], dtype=object)


def _same_label(label, n):
    """``n`` copies of ``label`` as an object array.

    Not ``np.full``: it passes through numpy's string type, which drops
    trailing NUL characters from the name.
    """
    return np.array([label] * n, dtype=object)


def _rows_by_label(labels):
    """The row indices of each label, labels in order of first appearance.

    Compared as Python strings, not with ``labels == name`` (numpy would cast
    ``name`` to its string type and drop trailing NUL characters).
    """
    groups = {}
    for row, label in enumerate(labels):
        groups.setdefault(label, []).append(row)
    return {label: np.array(rows, dtype=np.int64) for label, rows in groups.items()}


def _is_nan_text(value):
    return value is None or (isinstance(value, str) and value.strip().lower() in _NAN_TEXTS | {""})


def _floats(raw, values, column, *, empty_is_missing=False):
    """Scores as floats: NaN for failed splits; with ``empty_is_missing``, empty cells flagged.

    Returns
    -------
    scores : ndarray of float
    missing : ndarray of bool
        Empty cells (only with ``empty_is_missing``).
    """
    values = np.asarray(values)
    missing = np.zeros(values.shape, dtype=bool)
    if values.dtype.kind in "iufb":
        scores = values.astype(float)
    else:
        scores = np.empty(values.shape)
        for i, value in enumerate(values):
            if empty_is_missing and (
                value is None or (isinstance(value, str) and not value.strip())
            ):
                missing[i], scores[i] = True, math.nan
            elif _is_nan_text(value) or (isinstance(value, float) and math.isnan(value)):
                scores[i] = math.nan
            else:
                try:
                    scores[i] = float(value)
                except (TypeError, ValueError):
                    raise ValueError(
                        f"{raw.where(i)}, column {column!r}: expected a number, got {value!r}. "
                        "Scores must be numeric (NaN, NA or empty for a failed split)."
                    ) from None
    if np.isinf(scores).any():
        i = int(np.flatnonzero(np.isinf(scores))[0])
        raise ValueError(
            f"{raw.where(i)}, column {column!r}: the score is infinite; scores must be finite, "
            "or NaN for a failed split."
        )
    return scores, missing


def _integers(raw, values, column, *, positive):
    values = np.asarray(values)
    lowest = 1 if positive else 0
    if values.dtype.kind in "iuf" and values.size:
        whole = np.isfinite(values) & (values == np.round(values)) & (values >= lowest)
        if whole.all():
            return values.astype(np.int64)
    result = np.empty(values.shape, dtype=np.int64)
    for i, value in enumerate(values):
        try:
            number = float(value)
            ok = math.isfinite(number) and number == round(number)
        except (TypeError, ValueError):
            ok = False
        if not ok or number < lowest:
            kind = "a positive whole number" if positive else "a whole number >= 0"
            raise ValueError(f"{raw.where(i)}, column {column!r}: expected {kind}, got {value!r}.")
        result[i] = int(number)
    return result


def _split_codes(raw, values, column):
    """Split identifiers as integers: their values if whole numbers, else codes in order."""
    try:
        return _integers(raw, values, column, positive=False)
    except ValueError:
        labels = _labels(values)
        codes = {}
        return np.array([codes.setdefault(label, len(codes)) for label in labels], dtype=np.int64)


def _row_sizes(raw, n_train, n_test, test_train_ratio, n_rows):
    """Per-row split sizes from the size columns, or from ``test_train_ratio``."""
    if (n_train is None) != (n_test is None):
        raise ValueError(
            f"{raw.source} has only one of the n_train and n_test columns; give both, or "
            "neither and test_train_ratio."
        )
    if n_train is None:
        if test_train_ratio is None:
            raise ValueError(f"{raw.source}: {RATIO_REQUIRED}")
        sizes = ratio_sizes(test_train_ratio)
        return np.full(n_rows, sizes[0], np.int64), np.full(n_rows, sizes[1], np.int64)
    if test_train_ratio is not None:
        raise ValueError(
            f"{raw.source} has n_train and n_test columns; do not pass test_train_ratio as well."
        )
    return (
        _integers(raw, n_train[0], n_train[1], positive=True),
        _integers(raw, n_test[0], n_test[1], positive=True),
    )


def long_layout(
    raw,
    *,
    model,
    score,
    dataset,
    split,
    repeat,
    fold,
    n_train,
    n_test,
    test_train_ratio,
    models,
    datasets,
):
    n = raw.n_rows
    model_names = _labels(raw.require(model, "model"))
    scores, _ = _floats(raw, raw.require(score, "score"), score)
    dataset_column = _optional(raw, dataset, "dataset", "dataset")
    dataset_names = (
        _same_label(DEFAULT_DATASET, n) if dataset_column is None else _labels(dataset_column)
    )
    for values, column in ((model_names, model), (dataset_names, dataset or "dataset")):
        blank = np.flatnonzero(values == "")
        if blank.size:
            raise ValueError(f"{raw.where(int(blank[0]))}, column {column!r}: the name is empty.")
    split_repeat, split_fold = _row_splits(raw, split, repeat, fold)
    sizes = _row_sizes(
        raw,
        _named(raw, n_train, "n_train"),
        _named(raw, n_test, "n_test"),
        test_train_ratio,
        n,
    )
    return assemble(
        raw, dataset_names, model_names, split_repeat, split_fold, sizes, scores, models, datasets
    )


def _named(raw, column, default):
    values = _optional(raw, column, default, default)
    return None if values is None else (values, column or default)


def _row_splits(raw, split, repeat, fold, *, row_order=None):
    """Repeat and fold of every row, from a split column, repeat and fold, or the row order."""
    split_values = _optional(raw, split, "split", "split")
    if split_values is not None:
        codes = _split_codes(raw, split_values, split or "split")
        return np.zeros(raw.n_rows, np.int64), codes
    repeat_values = _optional(raw, repeat, "repeat", "repeat")
    fold_values = _optional(raw, fold, "fold", "fold")
    if fold_values is not None and repeat_values is None:
        # One run of k-fold cross-validation: the fold is the split.
        return np.zeros(raw.n_rows, np.int64), _split_codes(raw, fold_values, fold or "fold")
    if repeat_values is not None:
        if fold_values is None:
            raise ValueError(
                f"{raw.source} has a repeat column but no fold column; a split is identified "
                "by its fold (and its repeat, when cross-validation was repeated)."
            )
        return (
            _integers(raw, repeat_values, repeat or "repeat", positive=False),
            _integers(raw, fold_values, fold or "fold", positive=False),
        )
    if row_order is not None:
        return np.zeros(raw.n_rows, np.int64), row_order
    raise ValueError(
        f"{raw.source} does not say which split each score is from: it needs a split column, "
        f"or repeat and fold columns, to pair the models' scores; found {raw.names}. Name "
        "them with split=... or repeat=... and fold=..."
    )


def wide_layout(
    raw,
    *,
    models,
    dataset,
    split,
    repeat,
    fold,
    n_train,
    n_test,
    test_train_ratio,
    datasets,
):
    named = {
        argument: value or argument
        for argument, value in (
            ("dataset", dataset),
            ("split", split),
            ("repeat", repeat),
            ("fold", fold),
            ("n_train", n_train),
            ("n_test", n_test),
        )
    }
    if models is None:
        models = [name for name in raw.names if name not in named.values()]
        if not models:
            raise ValueError(f"{raw.source} has no model columns besides {raw.names}.")
    else:
        models = check_names(models, "models")
        for model in models:
            raw.require(model, "models")
    dataset_column = _optional(raw, dataset, "dataset", "dataset")
    dataset_names = (
        _same_label(DEFAULT_DATASET, raw.n_rows)
        if dataset_column is None
        else _labels(dataset_column)
    )
    order = np.zeros(raw.n_rows, dtype=np.int64)
    for rows in _rows_by_label(dataset_names).values():
        order[rows] = np.arange(rows.size)
    split_repeat, split_fold = _row_splits(raw, split, repeat, fold, row_order=order)
    sizes = _row_sizes(
        raw,
        _named(raw, n_train, "n_train"),
        _named(raw, n_test, "n_test"),
        test_train_ratio,
        raw.n_rows,
    )
    # One long row per (row, model) with a score; empty cells are missing.
    parts = {"dataset": [], "model": [], "repeat": [], "fold": [], "sizes": [[], []], "score": []}
    rows = []
    for model in models:
        values, missing = _floats(raw, raw.columns[model], model, empty_is_missing=True)
        kept = np.flatnonzero(~missing)
        rows.append(kept)
        parts["dataset"].append(dataset_names[kept])
        parts["model"].append(_same_label(model, kept.size))
        parts["repeat"].append(split_repeat[kept])
        parts["fold"].append(split_fold[kept])
        parts["sizes"][0].append(sizes[0][kept])
        parts["sizes"][1].append(sizes[1][kept])
        parts["score"].append(values[kept])
    row_of = np.concatenate(rows)
    long = _RowView(raw, row_of)
    return assemble(
        long,
        np.concatenate(parts["dataset"]),
        np.concatenate(parts["model"]),
        np.concatenate(parts["repeat"]),
        np.concatenate(parts["fold"]),
        (np.concatenate(parts["sizes"][0]), np.concatenate(parts["sizes"][1])),
        np.concatenate(parts["score"]),
        list(models),
        datasets,
    )


class _RowView:
    """Names the original row of a derived long row in messages."""

    def __init__(self, raw, rows):
        self.raw, self.rows = raw, rows
        self.source = raw.source

    def where(self, row):
        return self.raw.where(int(self.rows[row]))


def assemble(raw, dataset_names, model_names, repeat, fold, sizes, scores, models, datasets):
    """The models and, per data set, the arrays of one entry per (data set, model, split).

    Returns
    -------
    models : list of str
    data : dict of str to DatasetArrays
    """
    found_models = list(dict.fromkeys(model_names))
    found_datasets = list(dict.fromkeys(dataset_names))
    models = found_models if models is None else list(check_names(models, "models"))
    datasets = found_datasets if datasets is None else list(check_names(datasets, "datasets"))
    for chosen, found, argument in (
        (models, found_models, "models"),
        (datasets, found_datasets, "datasets"),
    ):
        absent = [name for name in chosen if name not in found]
        if absent:
            raise ValueError(
                f"{raw.source} has no {argument[:-1]} {absent[0]!r} (`{argument}`); found "
                f"{found[:10]}."
            )
    if len(models) < 2:
        raise ValueError(
            f"{raw.source} holds {len(models)} model(s); a comparison needs two or more."
        )
    model_index = {name: k for k, name in enumerate(models)}
    keep = np.array(
        [
            m in model_index and d in datasets
            for m, d in zip(model_names, dataset_names, strict=True)
        ],
        dtype=bool,
    )
    rows_of = _rows_by_label(dataset_names[keep])
    rows = np.flatnonzero(keep)
    data = {}
    for name in datasets:
        mine = rows[rows_of.get(name, np.empty(0, np.int64))]
        keys = sorted(set(zip(repeat[mine].tolist(), fold[mine].tolist(), strict=True)))
        column = {key: j for j, key in enumerate(keys)}
        n_splits = len(keys)
        table = np.full((len(models), n_splits), math.nan)
        present = np.zeros((len(models), n_splits), dtype=bool)
        n_train = np.zeros(n_splits, np.int64)
        n_test = np.zeros(n_splits, np.int64)
        first_row = {}
        for i in mine:
            k = model_index[model_names[i]]
            key = (int(repeat[i]), int(fold[i]))
            j = column[key]
            if present[k, j]:
                raise ValueError(
                    f"{raw.where(first_row[k, j])} and {raw.where(i).split(', ')[-1]} both score "
                    f"model {model_names[i]!r} on split {_split_text(key)} of data set {name!r}; "
                    "each (data set, model, split) needs exactly one score."
                )
            if n_train[j] and (n_train[j], n_test[j]) != (sizes[0][i], sizes[1][i]):
                raise ValueError(
                    f"{raw.where(i)}: split {_split_text(key)} of data set {name!r} has n_train "
                    f"{sizes[0][i]} and n_test {sizes[1][i]} here but {n_train[j]} and "
                    f"{n_test[j]} for another model; these are not the same split. Give each "
                    "split one identifier and one size for all models."
                )
            present[k, j] = True
            first_row[k, j] = i
            table[k, j] = scores[i]
            n_train[j], n_test[j] = sizes[0][i], sizes[1][i]
        data[name] = DatasetArrays(
            table,
            present,
            np.array([key[0] for key in keys], np.int64),
            np.array([key[1] for key in keys], np.int64),
            n_train,
            n_test,
        )
    return models, data


def _split_text(key):
    repeat, fold = key
    return f"{fold}" if repeat == 0 else f"(repeat {repeat}, fold {fold})"
