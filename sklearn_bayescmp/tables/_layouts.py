"""Step 5 of reading a table: its layout, assembled into arrays.

Once the roles are decided, a *long* table (one row per data set, model and
split, with a score column) and a *wide* one (one column of scores per model
and one row per split) both come down to one entry per (data set, model,
split), which :func:`assemble` arranges as one array of scores per data set,
a row per model and a column per split, checking that every cell has at most
one score and that a split has one size for all models. Messages name the
row ("line 7" of a CSV file) and the column. A table of the *differences* of
two models (the columns of :meth:`CVDifferences.to_csv`) comes down to one
record per data set (:func:`differences_layout`).
"""

import dataclasses
import math
from dataclasses import dataclass
from fractions import Fraction
from numbers import Real

import numpy as np

from ..utils._frozen import ReadOnlyPickleMixin
from ._columns import check_names, unknown_names
from ._roles import SEED_NAMES, normalised

#: The columns of a differences table that name its two models.
MODEL_COLUMNS = ("model_a", "model_b")
#: The data set of a table without a data-set column.
DEFAULT_DATASET = "data"
#: The layouts a table of scores is read from or written in.
LAYOUTS = ("auto", "long", "wide", "differences")


@dataclass(frozen=True, eq=False)
class DatasetScores(ReadOnlyPickleMixin):
    """One data set's scores (a row per model, a column per split) and its splits.

    A table read from the differences of two models keeps them as given
    (``differences``, the first model minus the second); when the scores
    were not given, ``scores`` is NaN and the table knows only differences.
    """

    scores: np.ndarray  # (n_models, n_splits) float; NaN where failed or missing
    present: np.ndarray  # (n_models, n_splits) bool; False where the cell is missing
    repeat: np.ndarray
    fold: np.ndarray
    n_train: np.ndarray | None  # None when the splits' sizes are unknown
    n_test: np.ndarray | None
    differences: np.ndarray | None = None
    # (n_models, n_splits): the spread printed beside a score ("0.95±0.02"), NaN where
    # none; information only, never compared.
    spread: np.ndarray | None = None

    def equals(self, other):
        """Whether both hold the same arrays (NaN scores equal; spreads not compared)."""
        return all(
            _same(getattr(self, field.name), getattr(other, field.name))
            for field in dataclasses.fields(self)
            if field.name != "spread"
        )


def _same(mine, theirs):
    if mine is None or theirs is None:
        return mine is None and theirs is None
    return np.array_equal(mine, theirs, equal_nan=mine.dtype.kind == "f")


#: The smallest and largest ``n_test / n_train`` of a split that the tests accept.
RATIO_BOUNDS = (1e-6, 1e6)


def ratio_sizes(test_train_ratio):
    """Integer sizes ``(n_train, n_test)`` with ``n_test / n_train = test_train_ratio``.

    Only the ratio enters the correction, so the smallest integers with it do.
    """
    low, high = RATIO_BOUNDS
    if (
        isinstance(test_train_ratio, bool)
        or not isinstance(test_train_ratio, Real)
        or not low <= test_train_ratio <= high
    ):
        raise ValueError(
            f"`test_train_ratio` must be a number from {low:g} to {high:g}, n_test / n_train of "
            f"the splits (e.g. 1/9 for 10-fold cross-validation); got {test_train_ratio!r}."
        )
    ratio = Fraction(test_train_ratio).limit_denominator(10**6)
    return ratio.denominator, ratio.numerator


def detect_layout(raw, layout, model=None, score=None):
    """The layout of a table's columns: "long", "wide" or "differences".

    ``layout="auto"`` decides by the columns: long with the model and score
    columns, differences with a ``difference`` column (or ``score_a`` and
    ``score_b``), wide otherwise.
    """
    if layout not in LAYOUTS:
        raise ValueError(
            f"`layout` must be one of {', '.join(map(repr, LAYOUTS))}; got {layout!r}."
        )
    if layout != "auto":
        return layout
    names = set(raw.names)
    if {model or "model", score or "score"} <= names:
        return "long"
    if "difference" in names or {"score_a", "score_b"} <= names:
        return "differences"
    return "wide"


#: The options of each layout (column names and selections): both name the
#: data set, the split and its sizes; a long table also its model and score.
_SPLIT_OPTIONS = ("dataset", "split", "repeat", "fold", "n_train", "n_test", "test_train_ratio")
#: The options of :func:`long_layout` and :func:`wide_layout`.
LONG_OPTIONS = ("model", "score", *_SPLIT_OPTIONS, "models", "datasets")
WIDE_OPTIONS = ("models", *_SPLIT_OPTIONS, "datasets")
#: The options of each layout's reader: those of the layout, the metric to keep, the
#: design of the experiment and what to do with filled-in scores.
_READER_OPTIONS = ("metric", "design", "imputed")
READ_OPTIONS = {
    "long": (*LONG_OPTIONS, *_READER_OPTIONS),
    "wide": (*WIDE_OPTIONS, *_READER_OPTIONS),
}


def layout_options(layout, given):
    """Every option of ``layout``, from those ``given`` (the others at their defaults)."""
    options = READ_OPTIONS[layout]
    unknown = sorted(set(given) - set(options))
    if unknown:
        raise TypeError(
            f"Unknown option(s) {unknown} for a {layout} table; expected {list(options)}."
        )
    values = dict.fromkeys(options)
    values.update({key: value for key, value in given.items() if value is not None})
    return values


def _optional(raw, column, default, argument):
    """The column ``column`` (which must exist), or ``default`` when present, or None."""
    if column is not None:
        raw.require(column, argument)
        return column
    return default if default in raw.columns else None


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


def _row_sizes(raw, n_train, n_test, test_train_ratio, n_rows):
    """Per-row split sizes from the size columns (names or None), or from ``test_train_ratio``;
    ``(None, None)`` when the table does not say them."""
    if (n_train is None) != (n_test is None):
        raise ValueError(
            f"{raw.source} has only one of the n_train and n_test columns; give both, or "
            "neither and test_train_ratio."
        )
    if n_train is None:
        if test_train_ratio is None:
            return None, None  # unknown: the tests that need them say so
        sizes = ratio_sizes(test_train_ratio)
        return np.full(n_rows, sizes[0], np.int64), np.full(n_rows, sizes[1], np.int64)
    if test_train_ratio is not None:
        raise ValueError(
            f"{raw.source} has n_train and n_test columns; do not pass test_train_ratio as well."
        )
    return raw.integers(n_train, positive=True), raw.integers(n_test, positive=True)


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
    model_names = raw.labels(model, "model")
    raw.require(score, "score")
    # An empty cell is a missing score (pandas writes NaN so, benchmark files a
    # failed run so): its row is left out; "nan" or "NA" is a failed split.
    scores, missing = raw.numbers(score, empty_is_missing=True)
    spreads = raw.spreads.get(score)
    dataset_column = _optional(raw, dataset, "dataset", "dataset")
    dataset_names = (
        _same_label(DEFAULT_DATASET, n)
        if dataset_column is None
        else raw.labels(dataset_column, "datasets")
    )
    # One score per data set and model (a paper's table): one split each.
    single = len(set(zip(dataset_names.tolist(), model_names.tolist(), strict=True))) == n
    single = single and len(set(dataset_names.tolist())) > 1  # one data set: a split is missing
    split_repeat, split_fold = _row_splits(
        raw, split, repeat, fold, row_order=np.zeros(n, np.int64) if single else None
    )
    n_train_column = _optional(raw, n_train, "n_train", "n_train")
    n_test_column = _optional(raw, n_test, "n_test", "n_test")
    sizes = _row_sizes(raw, n_train_column, n_test_column, test_train_ratio, n)
    if not missing.any():  # every row kept: no copies (a long table can be millions of rows)
        return assemble(
            raw,
            dataset_names,
            model_names,
            split_repeat,
            split_fold,
            sizes,
            scores,
            models,
            datasets,
            read={model, score},
            spreads=spreads,
        )
    kept = np.flatnonzero(~missing)
    return assemble(
        _RowView(raw, kept),
        dataset_names[kept],
        model_names[kept],
        split_repeat[kept],
        split_fold[kept],
        _rows_of_sizes(sizes, kept),
        scores[kept],
        models,
        datasets,
        read={model, score},
        listed=(
            list(dict.fromkeys(dataset_names.tolist())),
            list(dict.fromkeys(model_names.tolist())),
        ),
        spreads=None if spreads is None else spreads[kept],
    )


def _row_splits(raw, split, repeat, fold, *, row_order=None):
    """Repeat and fold of every row, from a split column, repeat and fold, or the row order."""
    split_column = _optional(raw, split, "split", "split")
    if split_column is not None:
        return np.zeros(raw.n_rows, np.int64), raw.split_codes(split_column)
    repeat_column = _optional(raw, repeat, "repeat", "repeat")
    fold_column = _optional(raw, fold, "fold", "fold")
    if fold_column is not None and repeat_column is None:
        # One run of k-fold cross-validation: the fold is the split.
        return np.zeros(raw.n_rows, np.int64), raw.split_codes(fold_column)
    if repeat_column is not None:
        if fold_column is None:
            raise ValueError(
                f"{raw.source} has a repeat column ({repeat_column!r}) but no fold column; a "
                "split is identified by its fold (and its repeat, when cross-validation was "
                f"repeated). If {repeat_column!r} alone tells the splits apart (training seeds "
                f"on one split, say), pass split={repeat_column!r}; if it is the repeat of "
                "cross-validation, name the fold's column with fold=<column>."
            )
        return (
            raw.integers(repeat_column, positive=False),
            raw.integers(fold_column, positive=False),
        )
    if row_order is not None:
        return np.zeros(raw.n_rows, np.int64), row_order
    raise ValueError(
        f"{raw.source} does not say which split each score is from: it needs a split column, "
        f"or repeat and fold columns, to pair the models' scores; found {raw.names}. Name "
        "them with split=... (a column of training seeds too, which the reading says) "
        "or repeat=... and fold=..."
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
    models = check_names(models, "models")
    message = unknown_names(models, raw.names, "models", "column")
    if message is not None:
        raise ValueError(f"{raw.source}: {message}")
    dataset_column = _optional(raw, dataset, "dataset", "dataset")
    dataset_names = (
        _same_label(DEFAULT_DATASET, raw.n_rows)
        if dataset_column is None
        else raw.labels(dataset_column, "datasets")
    )
    order = np.zeros(raw.n_rows, dtype=np.int64)
    for rows in _rows_by_label(dataset_names).values():
        order[rows] = np.arange(rows.size)
    split_repeat, split_fold = _row_splits(raw, split, repeat, fold, row_order=order)
    n_train_column = _optional(raw, n_train, "n_train", "n_train")
    n_test_column = _optional(raw, n_test, "n_test", "n_test")
    # One row per data set (a paper's table, autorank's input): one split
    # each, as in the long layout.
    single = len(set(dataset_names.tolist())) == raw.n_rows > 1
    no_sizes = n_train_column is None and n_test_column is None and test_train_ratio is None
    if dataset_column is None and no_sizes and not single:
        raise ValueError(
            f"{raw.source} has a column per model and no data set column, so its rows are "
            "read as the splits of one data set, whose sizes are needed: pass "
            "test_train_ratio (1/9 for 10-fold cross-validation). If each row is a data set "
            "instead (a paper's table, autorank's input), add a column naming them "
            "(dataset=<column>; a pandas index that names them is read as one)."
        )
    sizes = _row_sizes(raw, n_train_column, n_test_column, test_train_ratio, raw.n_rows)
    # One long row per (row, model) with a score; empty cells are missing.
    parts = {"dataset": [], "model": [], "repeat": [], "fold": [], "sizes": [[], []], "score": []}
    parts["spread"] = []
    rows = []
    for model in models:
        values, missing = raw.numbers(model, empty_is_missing=True)
        kept = np.flatnonzero(~missing)
        parts["spread"].append(raw.spreads.get(model, np.full(raw.n_rows, math.nan))[kept])
        rows.append(kept)
        parts["dataset"].append(dataset_names[kept])
        parts["model"].append(_same_label(model, kept.size))
        parts["repeat"].append(split_repeat[kept])
        parts["fold"].append(split_fold[kept])
        for side in (0, 1):
            parts["sizes"][side].append(None if sizes[side] is None else sizes[side][kept])
        parts["score"].append(values[kept])
    row_of = np.concatenate(rows)
    long = _RowView(raw, row_of)
    return assemble(
        long,
        np.concatenate(parts["dataset"]),
        np.concatenate(parts["model"]),
        np.concatenate(parts["repeat"]),
        np.concatenate(parts["fold"]),
        tuple(None if sizes[0] is None else np.concatenate(part) for part in parts["sizes"]),
        np.concatenate(parts["score"]),
        list(models),
        datasets,
        read=set(models),
        listed=(list(dict.fromkeys(dataset_names.tolist())), list(models)),
        spreads=np.concatenate(parts["spread"]) if raw.spreads else None,
    )


def _rows_of_sizes(sizes, rows):
    """Some rows of the per-row sizes ``(n_train, n_test)``, which may be unknown (None)."""
    return tuple(None if size is None else size[rows] for size in sizes)


class _RowView:
    """Names the original row of a derived long row in messages."""

    def __init__(self, raw, rows):
        self.raw, self.rows = raw, rows
        self.source = raw.source

    def where(self, row):
        return self.raw.where(int(self.rows[row]))

    def differing_columns(self, first, second):
        return self.raw.differing_columns(int(self.rows[first]), int(self.rows[second]))


def _codes(labels):
    """Each label's index among the distinct labels, and those labels in order of appearance."""
    index = {}
    codes = np.fromiter(
        (index.setdefault(label, len(index)) for label in labels), dtype=np.int64, count=len(labels)
    )
    return codes, list(index)


def _chosen(found, chosen, argument, raw):
    """``found`` (names in the table), or the ``chosen`` ones, which must all be found."""
    if chosen is None:
        return found
    chosen = list(check_names(chosen, argument))
    message = unknown_names(chosen, found, argument, _KINDS[argument])
    if message is not None:
        raise ValueError(f"{raw.source}: {message}")
    return chosen


#: What the names of each argument name.
_KINDS = {"models": "model", "datasets": "data set"}


def assemble(
    raw,
    dataset_names,
    model_names,
    repeat,
    fold,
    sizes,
    scores,
    models,
    datasets,
    *,
    read=(),
    listed=None,
    spreads=None,
):
    """The models and, per data set, the arrays of one entry per (data set, model, split).

    Every cell (data set, model, split) may hold one score, and every split
    one pair of sizes for all models; the first row that breaks either rule
    is named, with the columns (other than the scores, ``read``) in which its
    two rows differ.

    Parameters
    ----------
    listed : (list of str, list of str), default=None
        The data sets and the models the table names, those whose every cell
        is empty (and so has no row here) included; None when every row is
        here.
    spreads : ndarray of float, default=None
        Each row's spread, for scores written "mean±spread" (NaN for others).

    Returns
    -------
    models : list of str
    data : dict of str to DatasetScores
    unscored : list of str
        The data sets on which no model has a score (every cell empty: the
        metric does not apply there), left out of ``data``. A NaN is a failed
        run, and kept.
    """
    model_codes, found_models = _codes(model_names)
    dataset_codes, found_datasets = _codes(dataset_names)
    listed_datasets, listed_models = listed or (found_datasets, found_models)
    named_datasets = datasets is not None
    models = _chosen(listed_models, models, "models", raw)
    datasets = _chosen(listed_datasets, datasets, "datasets", raw)
    if len(models) < 2:
        raise ValueError(
            f"{raw.source} holds {len(models)} model(s); a comparison needs two or more."
        )
    absent = [name for name in models if name not in set(found_models)]
    if absent:
        raise ValueError(
            f"{raw.source}: model {absent[0]!r} has no score at all (every cell is empty); "
            "leave it out (models=[...])."
        )
    model_of = np.array([models.index(m) if m in models else -1 for m in found_models])
    dataset_of = {name: code for code, name in enumerate(found_datasets)}
    rows_model = model_of[model_codes]
    sized = sizes[0] is not None
    n_train_all, n_test_all = (
        np.asarray(size if sized else np.ones(len(scores)), dtype=np.int64) for size in sizes
    )
    data, unscored = {}, []
    for name in datasets:
        mine = np.flatnonzero((dataset_codes == dataset_of.get(name, -1)) & (rows_model >= 0))
        if not mine.size:  # every cell empty: no score, failed or not
            unscored.append(name)
            continue
        pairs = np.column_stack([repeat[mine], fold[mine]]).astype(np.int64)
        keys, split_of = np.unique(pairs.reshape(-1, 2), axis=0, return_inverse=True)
        split_of = split_of.ravel()
        n_splits = len(keys)
        k = rows_model[mine]
        cell = k * n_splits + split_of
        # The first row of each cell and of each split, in row order.
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
                f"{n_train_all[row]} and n_test {n_test_all[row]} here but "
                f"{n_train_all[first]} and {n_test_all[first]} for another model; these are "
                "not the same split. Give each split one identifier and one size for all models."
            )
        table = np.full((len(models), n_splits), math.nan)
        present = np.zeros((len(models), n_splits), dtype=bool)
        table[k, split_of] = scores[mine]
        present[k, split_of] = True
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
    if unscored and named_datasets:
        raise ValueError(
            f"{raw.source}: no model has a score on data set {unscored[0]!r} (`datasets`): "
            "every cell is empty. Leave it out."
        )
    if not data:
        raise ValueError(f"{raw.source} holds no score: every cell of the chosen models is empty.")
    return models, data, unscored


def _what_tells_them_apart(raw, first, second, scores):
    """The columns in which two rows of one cell differ (besides the ``scores``), and the
    options that read them."""
    differing = {
        column: values
        for column, values in raw.differing_columns(first, second).items()
        if column not in scores
    }
    if not differing:
        return (
            "Nothing else tells the two rows apart: drop the repeated row, or add a column "
            "that says which repeat or fold each score is from and name it with "
            "repeat=<column> or fold=<column>."
        )
    column, (one, other) = next(iter(differing.items()))
    names = ", ".join(repr(c) for c in differing)
    if not (_is_number(one) and _is_number(other)):
        options = (
            f"if {column!r} is a condition the runs were made under (a time budget, a "
            "machine), compare one condition at a time, in a table of its rows alone; if "
            f"it names the models or the data sets, pass model={column!r} or "
            f"dataset={column!r}; if it names a metric, keep one with metric=<name>"
        )
    elif normalised(column) in SEED_NAMES or normalised(column) == "run":
        # Left out as each run's seed (it pairs no two models' folds): the same run twice.
        options = (
            f"{column!r} was read as each run's own seed, not a repeat (the models' seeds "
            "differ on a fold). If this is one run made twice, keep one of the two rows; if "
            "the rows are repeats of the cross-validation, number the repeats alike for "
            "every model (0, 1, ...) in a column and name it with repeat=<column>"
        )
    else:
        options = (
            f"if {column!r} tells the repeat or the fold, pass repeat={column!r} or "
            f"fold={column!r}; if it names the data sets, dataset={column!r}"
        )
    return f"They differ in {names} ({column!r}: {one!r} and {other!r}): {options}."


def _is_number(value):
    """Whether a cell holds a number (a CSV file's cells are text)."""
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


# -- the differences of two models (CVDifferences.to_csv's columns) -------------


def differences_layout(raw):
    """The fields of one record per data set of a differences table (:meth:`CVDifferences.to_csv`).

    Parameters
    ----------
    raw : RawColumns
        The table read; its ``dataset`` column, when present, names each
        row's data set.

    Returns
    -------
    dict of str to dict
        The keyword arguments of each data set's :class:`CVDifferences`, in
        order of first appearance; a table without a ``dataset`` column is
        one record, under the key None (and named None).
    """
    return _records_of(raw, _differences_groups(raw))


def _differences_groups(raw):
    """The rows of every data set (in order of appearance); one group, None, without a column."""
    columns = set(raw.names)
    if not {"n_train", "n_test"} <= columns or not (
        "difference" in columns or {"score_a", "score_b"} <= columns
    ):
        raise ValueError(
            f"{raw.source} must have columns n_train, n_test and either difference or "
            f"score_a and score_b; found {raw.names}."
        )
    if "dataset" not in columns:
        return {None: np.arange(raw.n_rows)}
    groups = {}
    for row, name in enumerate(raw.labels("dataset", "datasets").tolist()):
        groups.setdefault(name, []).append(row)
    return {name: np.array(rows, dtype=np.int64) for name, rows in groups.items()}


def _records_of(raw, groups):
    """The record's fields of every group of rows ``{name: rows}`` of a differences table."""

    def numbers(column):
        """The column's numbers (empty cells NaN), or None when absent or all empty."""
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
                    f"{raw.source}: column {column!r} must name the same model on every row of a "
                    f"data set; found {found[:5]} on data set {name!r}."
                )
            named[column] = found[0]

        records[name] = dict(
            differences=differences[rows],
            n_train=n_train[rows],
            n_test=n_test[rows],
            repeat=_part(repeat, rows),
            fold=_part(fold, rows),
            scores_a=_part(scores_a, rows),
            scores_b=_part(scores_b, rows),
            name=name,
            **named,
        )
    return records


def _part(values, rows):
    return None if values is None else values[rows]


def check_pairing(models, data, split_columns=()):
    """Every pair of models with scores on a data set shares a split there.

    A model without any score on a data set (every run failed) is allowed:
    :func:`~sklearn_bayescmp.compare_models` says which pairs lack it.
    ``split_columns``: the columns that identified the splits, for the message.
    """
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
                    "repeat=<column>."
                )
            raise ValueError(
                f"Models {models[a]!r} and {models[b]!r} share no split on data "
                f"set {name!r}: their splits do not pair. Identify each split the same way for "
                f"every model (the same split, or repeat and fold, values).{by}"
            )
