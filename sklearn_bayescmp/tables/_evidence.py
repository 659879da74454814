"""Step 4 of reading a table: what the values show.

Names propose (``_names``); the values decide. Each check here reads the
values of a proposal, or of what no name explained, and either says what
they are, or refuses in one line naming the column or the row, what the
values show and the option that settles it:

- the grouping of the rows: two columns that name the data sets alike, a
  seed that differs between the models on one fold, a column that could name
  the data sets, ids that end with a fold (``10090_3``);
- summaries, to the table's printed precision: a row or a column that is the
  mean (arithmetic, geometric or harmonic), median, sum, extremes, spread,
  wins or average rank of the others;
- companions and extras: a model's spread or rank, a change of one model
  against another (``Δ vs Base``), descriptions of the data sets, a
  dataframe's index, columns on another scale;
- the direction: ranks (every row a permutation of 1..K), marks that sit on
  every row's best cell, negatives in a metric that cannot be negative;
- the units: metrics that differ, scales ten times apart, percentages;
- scores filled in from another model (``imputed``).
"""

import ast
import math
import re
import warnings
from dataclasses import dataclass

import numpy as np
from scipy.stats import rankdata

from ..exceptions import TableReadingError
from ..utils._advice import option
from ._names import BASELINE_NAMES, is_summary_name, normalized, words_of
from ._spec import ROLE_WORDS

# -- the grouping of the rows ------------------------------------------------------


def codes(values):
    """Each value's index among the distinct values, in order of first appearance."""
    index = {}
    return np.array([index.setdefault(v, len(index)) for v in values.tolist()], dtype=np.int64)


def same_grouping(raw, first, second):
    """Whether two columns group the rows alike (a data set's name and its id)."""
    a, b = codes(raw.columns[first]), codes(raw.columns[second])
    pairs = np.unique(np.column_stack([a, b]), axis=0)
    return len(pairs) == a.max(initial=-1) + 1 == b.max(initial=-1) + 1


def one_of_alike(raw, role, matches):
    """One column of ``matches`` when all group the rows alike (a name beats an id), and
    the others; else a refusal naming them. A column of one value goes first."""
    varying = [c for c in matches if codes(raw.columns[c]).max(initial=-1) > 0] or matches
    if all(same_grouping(raw, varying[0], other) for other in varying[1:]):
        names = [c for c in varying if not raw.is_numeric(c)] or varying
        return names[0], [c for c in matches if c != names[0]]
    refuse(raw, role, varying)


def seed_of_a_run(raw, found, given):
    """Whether the repeat column found by its name is each run's seed, not a repeat's
    number: on some fold of a data set, a model's seeds are none of the other models'.

    A repeat's number pairs the models' splits, so two models with scores on a fold
    share one at least; a seed left out leaves the folds to pair the models.
    """
    repeat, fold, model = found.get("repeat"), found.get("fold"), found.get("model")
    if given.get("repeat") is not None or None in (repeat, fold, model):
        return False
    if any(column not in raw.columns for column in (repeat, fold, model)):
        return False
    dataset = found.get("dataset")
    datasets = codes(raw.columns[dataset]) if dataset in raw.columns else np.zeros(raw.n_rows)
    cells = np.unique(
        np.column_stack([datasets, codes(raw.columns[fold])]).astype(np.int64),
        axis=0,
        return_inverse=True,
    )[1].ravel()
    models, seeds = codes(raw.columns[model]), codes(raw.columns[repeat])
    runs = np.unique(np.column_stack([cells, models, seeds]).astype(np.int64), axis=0)
    _, seed_of, per_seed = np.unique(
        runs[:, [0, 2]], axis=0, return_inverse=True, return_counts=True
    )
    shared = per_seed[seed_of.ravel()] > 1
    model_of = np.unique(runs[:, :2], axis=0, return_inverse=True)[1].ravel()
    shares = np.bincount(model_of, weights=shared) > 0
    cell_of_model = np.unique(runs[:, :2], axis=0)[:, 0]
    models_per_cell = np.bincount(cell_of_model)
    return bool(np.any(~shares & (models_per_cell[cell_of_model] > 1)))


def refuse_data_set_candidates(raw, columns, found):
    """Without a data-set column, refuse a column that could name the data sets: text, or
    two or more values each taken by every model and one per split."""
    models = codes(raw.columns[found["model"]])
    split = None
    for key in [found[role] for role in ("split", "repeat", "fold") if found.get(role)]:
        key_codes = codes(raw.columns[key])
        split = key_codes if split is None else codes(split * (key_codes.max() + 1) + key_codes)
    for column in columns:
        text = not raw.is_numeric(column)
        if not text and not _could_name_data_sets(codes(raw.columns[column]), models, split):
            continue
        raise TableReadingError(
            f"{raw.source}: column {column!r} has no role, and no column names the data sets; "
            f"{'its text' if text else 'its values, shared by every model,'} could. If it names "
            f"the data sets, pass {option('dataset', column)}; if it tells the repeat or the "
            f"split, {option('repeat', column)} or {option('split', column)}; otherwise drop it.",
            field="columns.dataset",
            option="dataset",
        )


def _could_name_data_sets(values, models, split):
    n_values, n_models = values.max(initial=-1) + 1, models.max(initial=-1) + 1
    if n_values < 2:
        return False
    if len(np.unique(np.column_stack([values, models]), axis=0)) != n_values * n_models:
        return False
    return split is None or len(np.unique(np.column_stack([split, values]), axis=0)) == (
        split.max(initial=-1) + 1
    )


def groups_the_splits(raw, column, split_columns):
    """Whether a wide table's ``column`` holds the data sets by its values: values each on
    several rows, which the split columns tell apart only with it (scmamp's ``DB``)."""
    if not split_columns:
        return False
    values = codes(raw.columns[column])
    if values.max(initial=-1) < 1 or np.bincount(values).min() < 2:
        return False
    splits = np.column_stack([codes(raw.columns[c]) for c in split_columns])
    return (
        len(np.unique(np.column_stack([splits, values]), axis=0)) == raw.n_rows
        and len(np.unique(splits, axis=0)) < raw.n_rows
    )


#: A data set's id that ends with a split's index: "10090_3", "credit-g-fold2", "adult/4".
_INDEX_SUFFIX = re.compile(
    r"(?P<name>.+?)(?P<separator>[_\-/.: ]+(?P<word>(?:fold|split|seed|resample|rep|run|cv)"
    r"[_\-]?)?)(?P<index>\d+)",
    re.IGNORECASE,
)
#: Words of a data-set column's name that say its ids hold the splits too ("task_fold").
SPLIT_WORDS = frozenset(("fold", "folds", "split", "splits", "seed", "resample", "cv"))


@dataclass(frozen=True)
class IndexSuffix:
    """Ids that are names followed by an index, the same indices after every name.

    Attributes
    ----------
    separator : str
        What stands between a name and its index ("_", "-fold").
    indices : tuple of int
        The indices every name has (0..k-1 or 1..k).
    n_names : int
        How many names the ids hold.
    example : str
        The first id.
    witnessed : bool
        Whether a word says the index is a split's: in the ids ("-fold2") or in
        the column's name ("task_fold"). Without one, the index may be part of
        the names ("friedman_1", "monks_1").
    """

    separator: str
    indices: tuple
    n_names: int
    example: str
    witnessed: bool


def index_suffix(labels, column):
    """The index that ends every id of a data-set column, where the ids are (name, index)
    pairs: two or more names, each with every index 0..k-1 (or every 1..k) of the same
    k >= 2, after one separator. None otherwise.

    Parameters
    ----------
    labels : list of str
        The column's distinct ids.
    column : str
        The column's name.

    Returns
    -------
    IndexSuffix or None
    """
    matched = [_INDEX_SUFFIX.fullmatch(str(label)) for label in labels]
    if len(labels) < 4 or not all(matched) or len({m["separator"] for m in matched}) != 1:
        return None
    indices = {}
    for m in matched:
        indices.setdefault(m["name"], set()).add(int(m["index"]))
    k = max(len(found) for found in indices.values())
    full = [found for found in indices.values() if found in (set(range(k)), set(range(1, k + 1)))]
    if len(indices) < 2 or k < 2 or not full:
        return None
    witnessed = matched[0]["word"] is not None or bool(SPLIT_WORDS & set(words_of(column)))
    # A word allows a name a missing split; without one, every name has the same indices.
    if len(full) < (max(2, 0.8 * len(indices)) if witnessed else len(indices)):
        return None
    if not witnessed and len({frozenset(found) for found in full}) != 1:
        return None
    return IndexSuffix(
        matched[0]["separator"], tuple(sorted(full[0])), len(indices), labels[0], witnessed
    )


#: How many times more the column medians must spread than the row medians for a wide
#: table to look turned around.
TURNED_AROUND = 5.0


def turned_around(matrix):
    """Whether a wide table's scores (a row per data set, a column per model) spread
    across the columns far more than down the rows: data sets differ more than models do,
    so columns that differ as data sets would are data sets. Medians and median absolute
    deviations, so that one broken model does not count.

    Returns
    -------
    tuple of (float, float) or None
        The spread across the columns and down the rows, where the first is
        ``TURNED_AROUND`` times the second or more, over 4 rows and 4 columns or more
        (fewer tell nothing).
    """
    matrix = np.asarray(matrix, dtype=float)
    if matrix.shape[0] < 4 or matrix.shape[1] < 4 or not np.isfinite(matrix).all():
        return None
    rows, columns = np.median(matrix, axis=1), np.median(matrix, axis=0)
    down = float(np.median(np.abs(rows - np.median(rows))))
    across = float(np.median(np.abs(columns - np.median(columns))))
    if across > 0 and across >= TURNED_AROUND * down:
        return across, down
    return None


def tuple_parts(label):
    """The parts of an id written as a tuple ("('Pima', 0.0, 1)"), or None."""
    text = str(label).strip()
    if len(text) > 1000 or not (text.startswith("(") and text.endswith(")") and "," in text):
        return None  # (a literal's parser is not for long hostile text)
    try:
        value = ast.literal_eval(text)
    except (ValueError, SyntaxError, MemoryError, RecursionError):
        return None
    return value if isinstance(value, tuple) and len(value) >= 2 else None


# -- the refusals the roles share ---------------------------------------------------


def refuse(raw, role, candidates):
    """Refuse a table whose ``role`` no column, or several, could hold."""
    what = f"columns {candidates}" if candidates else "no column"
    raise TableReadingError(
        f"{raw.source}: cannot tell which column holds the {ROLE_WORDS[role]}: {what} could. "
        f"Name it with {option(role)}.",
        field=f"columns.{role}",
        option=role,
    )


def refuse_turned_around(raw, column):
    """Refuse a table with a row per model, as a wide table's reader would misread it."""
    raise TableReadingError(
        f"{raw.source}: column {column!r} names a model on each row, so the table has a row per "
        "model, while a wide table has a column per model; read this way its data sets would "
        f"become the models. Pass {option('layout', 'transposed')}, which reads it turned around "
        f"(or name the models of its rows with {option('models')}), or turn it around first "
        f"(pandas: df.set_index({column!r}).T).",
        field="layout",
        option="layout",
    )


def refuse_one_model(raw, column, text):
    """A model column of one name: a comparison needs two models, maybe in another column."""
    if not raw.n_rows:
        raise ValueError(f"{raw.source} has no rows; a comparison needs scores.")
    name = raw.columns[column][:1].tolist()[0]
    others = f" If {text} names the models, pass {option('model')}." if text else ""
    raise ValueError(
        f"{raw.source}: column {column!r}, read as the model, holds one name ({name!r}); a "
        f"comparison needs two or more models.{others}"
    )


# -- precision, summaries and scales ----------------------------------------------

#: The values that the checks of precision and scale read at most, evenly spaced.
SAMPLE = 2000


def _rows_sample(n):
    return np.arange(0, n, max(1, n // SAMPLE))


def decimals(values):
    """The digits after the decimal point that the values were printed with (at most
    12): the fewest that write every finite value of a sample of them exactly."""
    finite = np.abs(np.asarray(values, dtype=float)).ravel()
    finite = finite[_rows_sample(finite.size)]
    finite = finite[np.isfinite(finite)]
    for digits in range(13):
        scaled = finite * 10.0**digits
        if np.all(np.abs(scaled - np.round(scaled)) <= 1e-6 * np.maximum(scaled, 1.0)):
            return digits
    return 12


def _tolerance(summary, others):
    """How far a printed summary may lie from the statistic of printed values."""
    scale = max(float(np.nanmax(np.abs(others), initial=0)), 1.0)
    return 0.5 * 10.0 ** -decimals(summary) + 0.5 * 10.0 ** -decimals(others) + 1e-9 * scale


def _statistics(others):
    """The statistics a summary named as one could be of ``others`` (a row per entry
    summarised): the mean, median, sum, extremes, spread, geometric and harmonic means."""
    with np.errstate(invalid="ignore", divide="ignore"):
        yield "mean", np.nanmean(others, axis=0)
        yield "median", np.nanmedian(others, axis=0)
        yield "sum", np.nansum(others, axis=0)
        yield "minimum", np.nanmin(others, axis=0)
        yield "maximum", np.nanmax(others, axis=0)
        if others.shape[0] > 1:
            yield "standard deviation", np.nanstd(others, axis=0, ddof=1)
            yield "standard deviation", np.nanstd(others, axis=0, ddof=0)
        if np.nanmin(others) > 0:
            yield "geometric mean", np.exp(np.nanmean(np.log(others), axis=0))
            yield "harmonic mean", 1.0 / np.nanmean(1.0 / others, axis=0)


def _counts(others):
    """Per column: how often it is its row's best (largest or smallest; ties counted for
    every tied column, for none, or as shares), and its average rank either way."""
    rows = others[np.isfinite(others).all(axis=1)]
    if not rows.size:
        return
    for best in (rows.max(axis=1, keepdims=True), rows.min(axis=1, keepdims=True)):
        hit = rows == best
        ties = hit.sum(axis=1, keepdims=True)
        yield "wins", hit.sum(axis=0).astype(float)
        yield "wins", (hit & (ties == 1)).sum(axis=0).astype(float)
        yield "wins", (hit / ties).sum(axis=0)
    for sign in (-1, 1):
        yield "average rank", rankdata(sign * rows, axis=1).mean(axis=0)


#: The statistics a summary's name can say, by the words that say them, most specific
#: first: "Geo. mean" is the geometric mean, "Mean rank" the average rank, "Total wins"
#: the wins.
_NAMED_STATISTICS = (
    ("geometric mean", {"geo", "geometric", "geomean", "gm"}),
    ("harmonic mean", {"harmonic", "hmean"}),
    ("average rank", {"rank", "ranks", "ranking"}),
    ("wins", {"wins", "win"}),
    ("standard deviation", {"std", "sd", "stdev"}),
    ("median", {"median"}),
    ("sum", {"sum", "total"}),
    ("minimum", {"min", "minimum"}),
    ("maximum", {"max", "maximum"}),
)


def summary_statistic(summary, others, *, named):
    """What statistic of ``others`` the ``summary`` is, to their printed precision, or None.

    Parameters
    ----------
    summary : ndarray of shape (n,)
        The values of a row (over the model columns) or of a column (over the rows).
    others : ndarray of shape (m, n)
        The entries it could summarise.
    named : str or None
        The name that proposed a summary ("Median"): then every statistic is
        tried, and where several match (the mean and the median of symmetric
        values), the one the name says is taken. None: only the mean is, and
        only where a match by chance is below one in a hundred thousand.
    """
    summary, others = np.asarray(summary, dtype=float), np.asarray(others, dtype=float)
    if others.shape[0] < 2 or not np.isfinite(summary).any():
        return None
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # an entry without any score
        tolerance = _tolerance(summary, others)
        present = np.isfinite(summary)
        if not named:
            mean = np.nanmean(others, axis=0)
            if not np.all(np.abs(mean[present] - summary[present]) <= tolerance):
                return None
            return "mean" if _chance(others[:, present], tolerance) <= 1e-5 else None
        if informative_entries(others[:, present]) < 2:
            return None  # too few entries where the others differ to tell a statistic
        matches = [
            name
            for name, values in _statistics(others)
            if np.all(
                np.abs(values[present] - summary[present])
                <= tolerance * (others.shape[0] if name == "sum" else 1)
            )
        ]
        rank_tolerance = 0.5 * 10.0 ** -decimals(summary) + 1e-9
        matches += [
            name
            for name, values in _counts(others)
            if np.all(
                np.abs(values[present] - summary[present])
                <= (rank_tolerance if name == "average rank" else 0.0)
            )
        ]
    if not matches:
        return None
    words = set(words_of(named))
    said = [name for name, by in _NAMED_STATISTICS if name in matches and words & by]
    return (said or matches)[0]


def informative_entries(others):
    """How many entries' others differ beyond their printed precision (where all are
    equal, every statistic matches and says nothing): a summary named as one is told
    by its values only on two or more."""
    others = np.asarray(others, dtype=float)
    if others.shape[0] < 2:
        return 0
    spread = np.nanmax(others, axis=0) - np.nanmin(others, axis=0)
    return int(np.sum(spread > 0.5 * 10.0 ** -decimals(others) + 1e-12))


def _chance(others, tolerance):
    """About how likely an entry spread as ``others`` lies within ``tolerance`` of their
    mean on every column by chance (a normal density at its centre, column by column)."""
    if others.shape[0] < 3 or not others.size:
        return 1.0
    spread = np.nanstd(others, axis=0, ddof=1)
    spread = spread[np.isfinite(spread)]
    if not spread.size:
        return 1.0
    return float(np.prod(np.minimum(1.0, 0.8 * tolerance / np.maximum(spread, 1e-300))))


def summary_rows(means, labels, *, kept=(), unnamed_mean=True):
    """The rows of a table of scores that summarise the others.

    Parameters
    ----------
    means : ndarray of shape (n_rows, n_models)
    labels : sequence of str
    kept : collection of str
        Rows the user named (``datasets=``): never summaries.
    unnamed_mean : bool, default=True
        Whether to look for rows not named like a summary that are the mean.

    Returns
    -------
    summaries : dict of int to str
        Rows named like a summary whose values are one, and the statistic.
    unconfirmed : list of int
        Rows named like a summary whose values are not one.
    unnamed : dict of int to str
        Rows not named like a summary whose values are the mean of the others.
    """
    summaries, unconfirmed, unnamed = {}, [], {}
    named = [i for i, label in enumerate(labels) if is_summary_name(label) and label not in kept]
    ordinary = [i for i in range(len(labels)) if i not in named]
    for i in named:
        statistic = summary_statistic(means[i], means[ordinary], named=labels[i])
        if statistic is None:
            unconfirmed.append(i)
        else:
            summaries[i] = statistic
    if unnamed_mean and len(ordinary) >= 4:
        for i in ordinary:
            if labels[i] not in kept:
                others = [j for j in ordinary if j != i]
                statistic = summary_statistic(means[i], means[others], named=None)
                if statistic is not None:
                    unnamed[i] = statistic
    return summaries, unconfirmed, unnamed


def refuse_summary_row(source, label, means, others, models, unnamed):
    """Refuse a row that a name or its values make a summary, but not both."""
    with np.errstate(invalid="ignore"):
        mean = np.nanmean(others, axis=0)
    if unnamed:
        raise TableReadingError(
            f"{source}: row {label!r} equals the mean of the other rows on every model (to "
            "the table's printed precision): a summary row of a paper's table? Drop it, or "
            f"keep it as a data set by naming it in {option('datasets')}.",
            field="datasets",
            option="datasets",
        )
    gaps = np.abs(means - mean)
    k = int(np.nanargmax(gaps)) if np.isfinite(gaps).any() else 0
    informative = informative_entries(others[:, np.isfinite(means)])
    found = (
        f"the other rows differ on {informative} model(s) only, too few to tell whether its "
        "values are a statistic of them"
        if informative < 2
        else "its values are not their mean, median, sum, extremes, spread, wins or average "
        f"rank (on model {models[k]!r}: {means[k]:.6g}, where their mean is {mean[k]:.6g})"
    )
    raise TableReadingError(
        f"{source}: row {label!r} is named like a summary of the other rows, but {found}. "
        f"Drop the row, or keep it as a data set by naming it in {option('datasets')}.",
        field="datasets",
        option="datasets",
    )


def refuse_repeat_without_fold(source, repeat):
    """Refuse a table whose splits a repeat column alone numbers: seeds on one split, or
    the repeats of cross-validation whose folds no column gives?"""
    raise TableReadingError(
        f"{source} has a repeat column ({repeat!r}) but no fold column; a split is identified "
        "by its fold (and its repeat, when cross-validation was repeated). If "
        f"{repeat!r} alone tells the splits apart (training seeds on one split, say), pass "
        f"{option('split', repeat)}; if it is the repeat of cross-validation, name the fold's "
        f"column with {option('fold')}.",
        field="columns.split",
        option="split",
    )


def numbers_the_rows(values):
    """Whether a column's values number the rows 0, 1, ... or 1, 2, ... (an index)."""
    values = np.asarray(values, dtype=float)
    n = values.size
    return bool(n) and (
        np.array_equal(values, np.arange(n)) or np.array_equal(values, np.arange(1, n + 1))
    )


def change_of(values, columns):
    """Whether ``values`` is a change of one column against another (their difference, or
    the change in percent or as a fraction), to the printed precision: the pair and the
    kind, or None. Pairs are screened on one row, then checked on all.

    Parameters
    ----------
    values : ndarray of shape (n_rows,)
    columns : dict of str to ndarray
        The model columns, row-aligned.
    """
    names = list(columns)
    matrix = np.column_stack([columns[n] for n in names])
    rows = np.flatnonzero(np.isfinite(values) & np.isfinite(matrix).all(axis=1))
    if rows.size < 2 or len(names) < 2:
        return None
    values, matrix = values[rows], matrix[rows]
    tolerance = 0.5 * 10.0 ** -decimals(values) + 1e-9
    if np.ptp(values) <= 4 * tolerance:
        # Values that hardly vary at their own precision (flags of 0 and 1 beside shares)
        # lie within a difference's slack of many pairs' changes: they tell none.
        return None
    changes = {
        "difference": lambda a, b: a - b,
        "change in percent": lambda a, b: 100 * (a - b) / np.abs(b),
        "relative change": lambda a, b: (a - b) / np.abs(b),
    }
    with np.errstate(divide="ignore", invalid="ignore"):
        for kind, change in changes.items():
            slack = tolerance * (1 + (kind != "difference") * np.abs(values)) + tolerance
            first = np.abs(change(matrix[0][:, None], matrix[0][None, :]) - values[0])
            np.fill_diagonal(first, np.inf)
            for a, b in np.argwhere(first <= slack[0]):
                if np.all(np.abs(change(matrix[:, a], matrix[:, b]) - values) <= slack):
                    return names[a], names[b], kind
    return None


def check_companion(raw, column, model, kind, n_models):
    """A column named as a model's spread or rank must hold one: a spread is never
    negative; a rank is a whole or half number from 1 to the number of models.

    Returns
    -------
    {"spread", "rank"}
        Why the column is left out, a code of ``LEFT_OUT_REASONS``.
    """
    values, _ = raw.numbers(column, empty_is_missing=True)
    finite = values[np.isfinite(values)]
    if kind == "spread":
        if finite.size and finite.min() < 0:
            raise TableReadingError(
                f"{raw.source}: column {column!r} is named like the spread of model {model!r}, "
                f"but it holds negative values (from {finite.min():.4g}); a spread never is. "
                f"If it is a model's scores, list the model columns with {option('models')}.",
                field="models",
                option="models",
            )
        if _follows_the_scores(raw, column, model):
            raise TableReadingError(
                f"{raw.source}: column {column!r} is named like the spread of model {model!r}, "
                "but its values follow that model's scores, on their scale; a spread does "
                f"not. If it is a model's scores, list the model columns with {option('models')}.",
                field="models",
                option="models",
            )
        return "spread"
    halves = np.all(2 * finite == np.round(2 * finite))
    if finite.size and (not halves or finite.min() < 1 or finite.max() > max(n_models, 2)):
        raise TableReadingError(
            f"{raw.source}: column {column!r} is named like the rank of model {model!r}, but "
            f"its values ({_range_words(values)}) are not ranks from 1 to {n_models}. If it is "
            f"a model's scores, list the model columns with {option('models')}.",
            field="models",
            option="models",
        )
    return "rank"


def _follows_the_scores(raw, column, model):
    """Whether a column named as ``model``'s spread holds values on the scale of its
    scores (half of them or more) that rise and fall with them (correlation 0.8 or more,
    over four rows or more): scores, as a spread is neither."""
    if model not in raw.columns:
        return False
    spread, _ = raw.numbers(column, empty_is_missing=True)
    scores, _ = raw.numbers(model, empty_is_missing=True)
    both = np.isfinite(spread) & np.isfinite(scores)
    if both.sum() < 4 or np.ptp(spread[both]) == 0 or np.ptp(scores[both]) == 0:
        return False
    level = np.median(np.abs(spread[both])) / max(np.median(np.abs(scores[both])), 1e-300)
    return bool(level >= 0.5 and np.corrcoef(spread[both], scores[both])[0, 1] >= 0.8)


def check_descriptor(raw, column, dataset, model_values, *, weak=False):
    """A column named like a description of the data sets must be one: the same on every
    row of a data set, and whole numbers or mostly outside the models' range. A
    ``weak`` name (one letter: "d", "k", "n") of whole numbers in the range of models'
    whole numbers is refused: it may be a model so named.

    Returns
    -------
    {"whole-numbers", "outside-scores"}
        Why the column is left out, a code of ``LEFT_OUT_REASONS``.
    """
    values, _ = raw.numbers(column, empty_is_missing=True)
    if dataset is not None:
        groups, cells = codes(raw.columns[dataset]), codes(raw.columns[column])
        if len(np.unique(np.column_stack([groups, cells]), axis=0)) != groups.max() + 1:
            raise TableReadingError(
                f"{raw.source}: column {column!r} is named like a description of the data "
                "sets (a size, a count...), but it varies within a data set. If it holds a "
                f"model's scores, list the model columns with {option('models')}.",
                field="models",
                option="models",
            )
    finite = values[np.isfinite(values)]
    models = np.asarray(model_values if model_values is not None else [], dtype=float).ravel()
    models = models[np.isfinite(models)]
    inside = (finite >= models.min()) & (finite <= models.max()) if models.size else finite < 0
    if finite.size and is_whole(finite):
        if not (weak and models.size and is_whole(models) and inside.mean() >= 0.5):
            return "whole-numbers"
    elif not finite.size or inside.mean() < 0.5:
        return "outside-scores"
    raise TableReadingError(
        f"{raw.source}: column {column!r} is named like a description of the data sets, "
        f"but its values ({_range_words(values)}) lie in the range of the model columns' "
        f"scores: they may be a model's scores. List the model columns with {option('models')} "
        "(with it if it is a model).",
        field="models",
        option="models",
    )


def _log_magnitudes(values):
    with np.errstate(divide="ignore", invalid="ignore"):
        logs = np.log10(np.abs(np.asarray(values, dtype=float)))
    return np.where(np.isfinite(logs), logs, np.nan)


def _scale_gap(values, others):
    """The median over rows of how many orders of magnitude ``values`` lie from the
    median of ``others`` (columns of the same rows)."""
    rows = _rows_sample(len(values))
    mine = _log_magnitudes(np.asarray(values)[rows])
    theirs = _log_magnitudes(np.asarray(others)[rows])
    theirs = theirs[:, None] if theirs.ndim == 1 else theirs
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # a row of zeros: an all-NaN slice
        gaps = np.abs(mine - np.nanmedian(theirs, axis=1))
    gaps = gaps[np.isfinite(gaps)]
    return float(np.median(gaps)) if gaps.size else 0.0


def is_whole(values):
    """Whether the finite values are whole numbers (and there is one at least)."""
    finite = values[np.isfinite(values)]
    return bool(finite.size) and bool(np.all(finite == np.round(finite)))


def _range_words(values):
    finite = np.asarray(values, dtype=float)
    finite = finite[np.isfinite(finite)]
    return f"from {finite.min():.4g} to {finite.max():.4g}" if finite.size else "no number"


def scale_outliers(columns):
    """The model columns not on the scale of the others: whole numbers outside the range
    of columns that are not, or values an order of magnitude from the others' on a
    typical row (three rows with scores at least).

    Returns
    -------
    dict of str to str
        Each outlier and what its values show.
    """
    names = [name for name, values in columns.items() if np.isfinite(values).sum() >= 3]
    if len(names) < 2:
        return {}
    found = {}
    whole = {name: is_whole(columns[name]) for name in names}
    if sum(whole.values()) < len(names) / 2:
        others = np.concatenate([columns[o] for o in names if not whole[o]])
        low, high = np.nanmin(others), np.nanmax(others)
        for name in names:
            values = columns[name][np.isfinite(columns[name])]
            inside = np.all((values >= low) & (values <= high))
            if whole[name] and not inside:
                found[name] = (
                    f"whole numbers ({_range_words(values)}) beside scores that are not "
                    f"({_range_words(others)})"
                )
    rest = [
        n
        for n in names
        if n not in found and not _fraction_beside_percents(columns[n], names, columns)
    ]
    if len(rest) >= 3:
        for name in rest:
            gap = _scale_gap(
                columns[name], np.column_stack([columns[o] for o in rest if o != name])
            )
            if gap >= 1:
                found[name] = (
                    f"values {_range_words(columns[name])}, {gap:.1f} orders of magnitude from "
                    "the other columns' on a typical row"
                )
    elif len(rest) == 2:
        first, second = rest
        gap = _scale_gap(columns[first], columns[second])
        if gap >= 1:
            found[first] = found[second] = (
                f"values {gap:.1f} orders of magnitude apart on a typical row ({first!r} "
                f"{_range_words(columns[first])}, {second!r} {_range_words(columns[second])})"
            )
    return found


def _fraction_beside_percents(values, names, columns):
    """Whether a column in fractions sits beside columns in percent (refused by
    :func:`refuse_mixed_percent` in its own words)."""
    finite = values[np.isfinite(values)]
    if not finite.size or finite.max() > 1 or finite.mean() < 0.05:
        return False
    rest = np.concatenate([columns[n] for n in names if columns[n] is not values])
    rest = rest[np.isfinite(rest)]
    return bool(rest.size) and PERCENT_ABOVE < rest.max() <= 100 and rest.min() >= 0


def refuse_scale_outliers(source, outliers):
    """Refuse the model columns whose values are on another scale than the others'."""
    column, why = next(iter(outliers.items()))
    others = [name for name in outliers if name != column]
    also = f" (also {', '.join(map(repr, others[:3]))})" if others else ""
    raise TableReadingError(
        f"{source}: column {column!r}{also} holds {why}: it is not a score of the same metric "
        "as the other model columns (a description of the data sets, a count, a spread or a "
        f"rank?). List the model columns with {option('models')}, or drop the column.",
        field="models",
        option="models",
    )


def bracketed_ranks(raw, models):
    """Refuse parentheses beside the scores that hold ranks, not spreads ("85.3 (2)")."""
    bracketed = [m for m in models if m in raw.bracketed and m in raw.spreads]
    if not bracketed:
        return
    values = np.concatenate([raw.spreads[m] for m in bracketed])
    values = values[np.isfinite(values)]
    if values.size and is_whole(values) and values.min() >= 1 and values.max() <= len(models):
        raise ValueError(
            f"{raw.source}: the numbers in parentheses beside the scores of "
            f"{', '.join(map(repr, bracketed[:3]))} are whole numbers from {values.min():g} to "
            f"{values.max():g}, like each row's ranks, not spreads ('0.95 (0.02)'). Remove "
            "them, or write the spreads as 0.95±0.02."
        )


# -- the direction -----------------------------------------------------------------


def are_ranks(rows):
    """Whether every row of ``rows`` (a data set's mean scores over the models, complete
    rows only) ranks the models: a permutation of 1..K, or midranks of ties."""
    rows = np.asarray(rows, dtype=float)
    rows = rows[np.isfinite(rows).all(axis=1)]
    if rows.shape[0] < 2 or rows.shape[1] < 2 or np.any(2 * rows != np.round(2 * rows)):
        return False
    return bool(np.all(rankdata(rows, axis=1) == rows))


def marks_side(marked, values):
    """Which way the marks ("**0.91**", "0.91*") point, where one mark per row sits on
    the row's best cell: "higher" when they sit on every row's maximum, "lower" on every
    row's minimum, else None.

    Parameters
    ----------
    marked, values : ndarray of shape (n_rows, n_models)
    """
    rows = marked.any(axis=1) & np.isfinite(values).all(axis=1)
    if rows.sum() < 2 or rows.mean() < 0.5:
        return None
    values, marked = values[rows], marked[rows]
    sides = []
    for side, best in (("higher", values.max(axis=1)), ("lower", values.min(axis=1))):
        on_best = values == best[:, None]
        if np.all(marked <= on_best) and np.all((marked & on_best).any(axis=1)):
            sides.append(side)
    return sides[0] if len(sides) == 1 else None


def check_sign(source, values, where, metric, side):
    """A metric that cannot be negative must hold no negative value: negatives say the
    scores were negated already."""
    finite = values[np.isfinite(values)]
    if not finite.size or finite.min() >= 0:
        return
    fix = (
        option("greater_is_better", True) if side == "lower" else option("greater_is_better", False)
    )
    kind = "loss" if side == "lower" else "score"
    raise ValueError(
        f"{source}: {metric!r} ({where}a {kind}) cannot be negative, but the scores hold "
        f"negatives (down to {finite.min():.4g}): the values say they were negated already. "
        f"If they are, pass {fix}."
    )


def check_negated_name(source, values, what, name):
    """A ``neg_`` name (scikit-learn's negated loss) over positive values contradicts
    itself: the loss was not negated."""
    finite = values[np.isfinite(values)]
    if finite.size and finite.max() > 0:
        raise TableReadingError(
            f"{source}: {what} {name!r} names scikit-learn's negated loss (greater is better, "
            f"never positive), but holds positive values (up to {finite.max():.4g}): the loss was "
            f"not negated. Pass {option('greater_is_better', False)} if the values are the loss, "
            f"or {option('greater_is_better', True)} if higher is better.",
            field="direction",
            option="greater_is_better",
        )


# -- units -------------------------------------------------------------------------

#: Scales this many times apart do not share one unit.
SCALE_RATIO = 10.0


@dataclass(frozen=True)
class UnitsDiffer:
    """Why the data sets' scores are not in one unit: a code and its numbers.

    What :attr:`ScoreTable.units <sklearn_bayescmp.ScoreTable>` holds (None
    when they share one). The tests that pool the differences of the data
    sets refuse such a table.

    Attributes
    ----------
    kind : {"metrics", "scale", "spec"}
        "metrics": the data sets are scored by different metrics; "scale":
        their typical scores are ten times apart or more (``SCALE_RATIO``);
        "spec": the spec says so (``units="differ"``).
    metrics : tuple of (str, int)
        "metrics": each metric with its number of data sets, in the order
        they appear; empty otherwise.
    factor : float or None
        "scale": the largest typical ``|score|`` of a data set (its median)
        over the smallest.
    smallest, largest : tuple of (str, float) or None
        "scale": the data sets of the smallest and the largest typical
        ``|score|``, with it.

    See Also
    --------
    sklearn_bayescmp.ScoreTable.normalized : Rescales every data set to one unit.

    Examples
    --------
    >>> from sklearn_bayescmp import ScoreTable
    >>> table = ScoreTable.from_wide(
    ...     {"dataset": ["a", "b", "c"], "x": [0.3, 40.0, 2.0], "y": [0.4, 42.0, 2.5]},
    ...     dataset="dataset",
    ...     greater_is_better=False,
    ... )
    >>> table.units.kind, round(table.units.factor), table.units.largest[0]
    ('scale', 117, 'b')
    """

    kind: str
    metrics: tuple = ()
    factor: float | None = None
    smallest: tuple | None = None
    largest: tuple | None = None

    def to_dict(self):
        """The code and its numbers, JSON-ready.

        Returns
        -------
        dict
        """
        record = {"kind": self.kind}
        if self.kind == "metrics":
            record["metrics"] = dict(self.metrics)
        if self.kind == "scale":
            record["factor"] = self.factor
            for side in ("smallest", "largest"):
                name, typical = getattr(self, side)
                record[side] = {"dataset": name, "typical": typical}
        return record


def units_text(units):
    """What differs between the data sets' units, in words ("" for one unit).

    Parameters
    ----------
    units : UnitsDiffer or None

    Returns
    -------
    str
    """
    if units is None:
        return ""
    if units.kind == "metrics":
        listed = ", ".join(f"{metric!r} on {n}" for metric, n in units.metrics)
        return f"the data sets are scored by {len(units.metrics)} metrics ({listed})"
    if units.kind == "scale":
        (small, low), (large, high) = units.smallest, units.largest
        return (
            f"the data sets' scores differ in scale by a factor of {units.factor:,.0f} "
            f"(typically {low:.3g} on {small!r}, {high:.3g} on {large!r})"
        )
    return "the spec says they differ"


def score_range(data):
    """The smallest and largest finite score of the data sets (inf, -inf where none)."""
    low, high = np.inf, -np.inf
    for d in data.values():
        values = d.scores[d.present & np.isfinite(d.scores)]
        if values.size:
            low, high = min(low, float(values.min())), max(high, float(values.max()))
    return low, high


def units_of(data, metrics, *, share=False):
    """Whether the data sets' scores share one unit, and if not, what differs.

    Differences pooled across data sets (a mean over data sets, a rope over
    data sets, Cohen's d_z, the hierarchical model, the ranks of the signed
    differences) need one unit: they do not when the data sets' metrics
    differ, or when their typical differences between models are ten times
    apart or more (beyond the bounded scales of fractions and percentages, on
    which one point is one point everywhere).

    Parameters
    ----------
    data : dict of str to DatasetScores
    metrics : dict of str to str
        Each data set's metric, where known.
    share : bool, default=False
        Whether a name says the scores are shares (an accuracy, an error rate)
        or percentages: scores within [0, 100] then share one unit.

    Returns
    -------
    UnitsDiffer or None
        None when one unit is plausible.
    """
    held = {metrics[name] for name in data if name in metrics}
    if len(held) > 1:
        counts = {}
        for name in data:
            if name in metrics:
                counts[metrics[name]] = counts.get(metrics[name], 0) + 1
        return UnitsDiffer("metrics", metrics=tuple(counts.items()))
    magnitudes = {}
    for name, d in data.items():
        values = d.scores[d.present & np.isfinite(d.scores)]
        typical = float(np.median(np.abs(values))) if values.size else 0.0
        if typical > 0:
            magnitudes[name] = typical
    if len(magnitudes) < 2:
        return None
    low, high = score_range(data)
    if (-1 <= low and high <= 1) or (
        share and (0 <= low and high <= 100 or -100 <= low <= high <= 0)
    ):
        return None
    smallest, largest = min(magnitudes, key=magnitudes.get), max(magnitudes, key=magnitudes.get)
    ratio = magnitudes[largest] / magnitudes[smallest]
    if ratio < SCALE_RATIO:
        return None
    return UnitsDiffer(
        "scale",
        factor=float(ratio),
        smallest=(smallest, magnitudes[smallest]),
        largest=(largest, magnitudes[largest]),
    )


#: A table is read as percentages when its scores lie within [0, 100] and some exceed this.
PERCENT_ABOVE = 1.5
#: Metrics whose values are shares, which papers print in percent or as fractions.
_SHARE_WORDS = frozenset(
    "accuracy acc auc error err f1 precision recall balacc balanced sensitivity specificity "
    "jaccard iou misclassification percent pct rate".split()
)


def refuse_mixed_fractions(data, models, lower_is_better):
    """Refuse scores where some models or data sets are fractions (at most 1) and others
    percentages (up to 100).

    Parameters
    ----------
    data : dict of str to DatasetScores
        The scores as read (a loss not yet negated).
    models : sequence of str
    lower_is_better : set of str
        The data sets whose scores are a loss.
    """
    present = [d.scores[d.present & np.isfinite(d.scores)] for d in data.values()]
    every = np.concatenate(present) if present else np.empty(0)
    if not every.size or every.min() < 0 or not PERCENT_ABOVE < every.max() <= 100:
        return
    loss = bool(lower_is_better)
    _refuse_mixed_models(data, models, loss)
    _refuse_mixed_datasets(data, loss)


def _refuse_mixed_models(data, models, loss):
    """A model whose every score is a fraction beside models in percent."""
    for name, d in data.items():
        ok = d.present & np.isfinite(d.scores)
        largest = [
            float(row[m].max()) if m.any() else np.nan for row, m in zip(d.scores, ok, strict=True)
        ]
        means = [
            float(row[m].mean()) if m.any() else np.nan for row, m in zip(d.scores, ok, strict=True)
        ]
        fractions = [k for k in range(len(models)) if largest[k] <= 1 and means[k] >= 0.05]
        percents = [k for k in range(len(models)) if largest[k] > PERCENT_ABOVE]
        if not fractions or not percents or loss:
            continue
        if min(means[p] for p in percents) / max(max(means[f] for f in fractions), 1e-300) < 20:
            continue
        raise ValueError(
            f"On data set {name!r}, model {models[fractions[0]]!r} scores at most 1 (mean "
            f"{means[fractions[0]]:.4g}) while {models[percents[0]]!r} scores up to "
            f"{largest[percents[0]]:.4g}: fractions and percentages are mixed, and compared "
            "as they are the percentages would win every pair. Put every score on one scale "
            "(divide the percentages by 100)."
        )


def _refuse_mixed_datasets(data, loss):
    """A data set whose every score is a fraction beside data sets in percent."""
    if loss:
        return
    largest = {}
    for name, d in data.items():
        ok = d.present & np.isfinite(d.scores)
        largest[name] = float(d.scores[ok].max()) if ok.any() else np.nan
    fractions = [name for name, value in largest.items() if 0.05 <= value <= 1]
    percents = [name for name, value in largest.items() if value > PERCENT_ABOVE]
    if fractions and percents:
        raise ValueError(
            f"Data set {fractions[0]!r} has every score at most 1 while data set "
            f"{percents[0]!r} has scores up to {largest[percents[0]]:.4g}: fractions and "
            "percentages are mixed across data sets, so a rope in one unit would be a hundred "
            "times too wide or too narrow on the others. Put every score on one scale (divide "
            "the percentages by 100)."
        )


# -- scores filled in --------------------------------------------------------------

_TRUE_TEXTS = frozenset({"true", "yes", "1", "1.0", "t", "y"})
_FALSE_TEXTS = frozenset({"false", "no", "0", "0.0", "f", "n", ""})


def filled_in(raw, column):
    """Which rows a column like ``imputed`` marks as filled in (True/False, 1/0, yes/no);
    anything else in it is refused."""
    values = raw.columns[column]
    if values.dtype.kind == "b":
        return values.astype(bool)
    flags = np.zeros(len(values), dtype=bool)
    for i, value in enumerate(values.tolist()):
        text = "" if value is None else str(value).strip().lower()
        if isinstance(value, float) and math.isnan(value):
            text = ""
        if text in _TRUE_TEXTS:
            flags[i] = True
        elif text not in _FALSE_TEXTS:
            raise ValueError(
                f"{raw.where(i)}, column {column!r}: the column is named like a marker of "
                f"filled-in scores, but holds {value!r}, not True or False. Name its role "
                "(it is read for none), or drop it."
            )
    return flags


def is_baseline_name(name):
    """Whether a model named like a summary may be a baseline ("mean", "median")."""
    return normalized(name) in BASELINE_NAMES
