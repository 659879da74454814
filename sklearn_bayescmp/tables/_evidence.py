"""Step 4 of reading a table: what the values show.

Names propose (``_roles``); the values decide. Each check here reads the
values of a proposal, or of the columns and rows that no name explained, and
either confirms what they are (a column that is the row mean of the model
columns, a row that is the mean of the other rows, ranks 1..K, spreads,
counts beside accuracies, the index of a dataframe), or refuses in one line
naming the column or the row, what the values show and the option that
settles it. Every refusal of the reader has its words here.

What values can tell with certainty, and where it is checked:

- the grouping of the rows (two columns that name the data sets alike, a
  seed that differs between the models on one fold, a column whose values
  could name the data sets): :func:`one_of_alike`, :func:`seed_of_a_run`,
  :func:`refuse_data_set_candidates`;
- summaries (a row or a column that is the mean, median, sum, minimum,
  maximum, spread, wins or average rank of the others, to the table's
  printed precision): :func:`summary_statistic`, :func:`summary_rows`;
- companions (a model's spread, its rank), descriptors of the data sets, a
  dataframe's index, and columns on another scale than the models':
  :func:`check_companion`, :func:`check_descriptor`, :func:`numbers_the_rows`,
  :func:`scale_outliers`;
- the direction (a metric that cannot be negative holding negatives, names
  that disagree): :func:`decide_direction`;
- the units of the data sets (metrics that differ, scales an order of
  magnitude apart): :func:`units_of`;
- scores filled in from another model (``imputed``): :func:`filled_in`.
"""

import math
import warnings

import numpy as np
from scipy.stats import rankdata

from ._reading import ROLE_WORDS, Witness
from ._roles import (
    BASELINE_NAMES,
    GENERIC_SCORE_NAMES,
    direction_of_name,
    is_nonnegative_metric,
    is_summary_name,
    loss_word,
    normalised,
)

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
    """One column of ``matches`` when all group the rows alike (a name beats an id),
    and the others, to be named as left out; else a refusal naming them.

    A column of one value beside columns of several cannot tell models or
    data sets apart: it is left out first.
    """
    varying = [c for c in matches if codes(raw.columns[c]).max(initial=-1) > 0] or matches
    if all(same_grouping(raw, varying[0], other) for other in varying[1:]):
        names = [c for c in varying if not raw.is_numeric(c)] or varying
        return names[0], [c for c in matches if c != names[0]]
    refuse(raw, role, varying)


def seed_of_a_run(raw, found, given):
    """Whether the repeat column found by its name is each run's seed, not a repeat's
    number: on some fold of a data set, a model's seeds are none of the other models'.

    A repeat's number pairs the models' splits, so that two models with scores on a
    fold share one at least. Left out, the seed leaves the folds to pair the models;
    a fold that then holds two rows of a model is a duplicated run, which the layout
    names (the seed would have hidden it as a repeat of one model alone).
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
    # How many models ran each (fold, seed); a model's run is shared when another did too.
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
    """Without a data-set column, refuse a column that could name the data sets.

    A text column could; so could a column that takes two or more values,
    every one of them shared by every model, and that stays the same within
    each split (a data set's id, a repeat, a split's size): read as nothing,
    it would merge the data sets or the repeats.
    """
    models = codes(raw.columns[found["model"]])
    keys = [found[role] for role in ("split", "repeat", "fold") if found.get(role)]
    split = None
    for key in keys:  # one code per distinct (split, repeat, fold)
        key_codes = codes(raw.columns[key])
        split = key_codes if split is None else codes(split * (key_codes.max() + 1) + key_codes)
    for column in columns:
        text = not raw.is_numeric(column)
        if not text and not _could_name_data_sets(codes(raw.columns[column]), models, split):
            continue
        raise ValueError(
            f"{raw.source}: column {column!r} has no role, and no column names the data "
            f"sets; {'its text' if text else 'its values, shared by every model,'} could. "
            f"If it names the data sets, pass dataset={column!r}; if it tells the repeat or "
            f"the split, repeat={column!r} or split={column!r}; otherwise drop it."
        )


def _could_name_data_sets(values, models, split):
    """Two or more values, each taken by every model, and one value per split."""
    n_values, n_models = values.max(initial=-1) + 1, models.max(initial=-1) + 1
    if n_values < 2:
        return False
    if len(np.unique(np.column_stack([values, models]), axis=0)) != n_values * n_models:
        return False
    return split is None or len(np.unique(np.column_stack([split, values]), axis=0)) == (
        split.max(initial=-1) + 1
    )


def groups_the_splits(raw, column, split_columns):
    """Whether a wide table's ``column`` holds the data sets by its values: two or more
    values, each on several rows, and the split columns identify a row only together
    with it (scmamp's numeric ``DB``)."""
    if not split_columns:
        return False
    values = codes(raw.columns[column])
    if values.max(initial=-1) < 1 or np.bincount(values).min() < 2:
        return False
    splits = np.column_stack([codes(raw.columns[c]) for c in split_columns])
    with_column = np.column_stack([splits, values])
    return (
        len(np.unique(with_column, axis=0)) == raw.n_rows
        and len(np.unique(splits, axis=0)) < raw.n_rows
    )


def check_descriptor(raw, column, dataset, model_values):
    """A column named like a description of the data sets must be one: the same on every
    row of a data set (a model's scores vary with the splits), and whole numbers or
    mostly outside the range of the models' scores (a count, a size, a ratio).

    Returns
    -------
    str
        What the values showed, for the reading to say.
    """
    values, _ = raw.numbers(column, empty_is_missing=True)
    if dataset is not None:
        groups = codes(raw.columns[dataset])
        cells = codes(raw.columns[column])
        if len(np.unique(np.column_stack([groups, cells]), axis=0)) != groups.max() + 1:
            raise ValueError(
                f"{raw.source}: column {column!r} is named like a description of the data "
                "sets (a size, a count, a radius...), but it varies within a data set. If it "
                "holds a model's scores, list the model columns with models=[...]."
            )
    finite = values[np.isfinite(values)]
    if finite.size and np.all(finite == np.round(finite)):
        return "describes the data sets: whole numbers"
    if model_values is None:
        return "describes the data sets"
    models = np.asarray(model_values, dtype=float)
    models = models[np.isfinite(models)]
    inside = (finite >= models.min()) & (finite <= models.max()) if models.size else finite < 0
    if not finite.size or inside.mean() < 0.5:
        return "describes the data sets: outside the range of the scores"
    raise ValueError(
        f"{raw.source}: column {column!r} is named like a description of the data sets, "
        f"but its values ({_range_words(values)}) are neither whole numbers nor outside the "
        "range of the model columns' scores: they may be a model's scores. List the model "
        "columns with models=[...] (with it if it is a model)."
    )


# -- the refusals the roles share ---------------------------------------------------


def refuse(raw, role, candidates):
    """Refuse a table whose ``role`` no column, or several, could hold."""
    what = f"columns {candidates}" if candidates else "no column"
    raise ValueError(
        f"{raw.source}: cannot tell which column holds the {ROLE_WORDS[role]}: {what} could. "
        f"Name it with {role}=<column>."
    )


def refuse_turned_around(raw, column):
    """Refuse a table with a row per model, as a wide table's reader would misread it."""
    raise ValueError(
        f"{raw.source}: column {column!r} names a model on each row, so the table has a row "
        "per model, while a wide table has a column per model; read this way its data sets "
        "would become the models. Turn it around (pandas: "
        f"df.set_index({column!r}).T), or reshape it to one row per model and data set (or "
        "split) and read it as a long table; or name the models of its rows with "
        "models=[...], which reads it turned around."
    )


def refuse_one_model(raw, column, text):
    """A model column of one name: a comparison needs two models, maybe in another column."""
    if not raw.n_rows:
        raise ValueError(f"{raw.source} has no rows; a comparison needs scores.")
    name = raw.columns[column][:1].tolist()[0]
    others = f" If {text} names the models, pass model=<column>." if text else ""
    raise ValueError(
        f"{raw.source}: column {column!r}, read as the model, holds one name ({name!r}); a "
        f"comparison needs two or more models.{others}"
    )


def refuse_unnamed(raw, text, dataset_found):
    what = "model" if dataset_found else "model and which the data set"
    option = "model=<column>" if dataset_found else "model=<column> and dataset=<column>"
    raise ValueError(
        f"{raw.source}: cannot tell which column holds the {what}: columns {text} hold text "
        f"and none is named like one. Name them with {option}."
    )


# -- precision, summaries and scales ----------------------------------------------


#: The values that the checks of precision and scale read at most, evenly spaced: what
#: they tell is a property of a column, and a large table must not pay for it per row.
SAMPLE = 2000


def _rows_sample(n):
    """Evenly spaced row indices, at most :data:`SAMPLE` of ``n``."""
    return np.arange(0, n, max(1, n // SAMPLE))


def decimals(values):
    """The digits after the decimal point that the values were printed with (at most 12):
    the smallest count that writes every finite value of a sample of them exactly."""
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


def _statistics(others, named):
    """The statistics a summary of ``others`` (a row per summarised entry, a column per
    value) could be, by name: the mean always; by name also the median, sum, extremes,
    spread, wins and average rank."""
    with np.errstate(invalid="ignore"):
        yield "mean", np.nanmean(others, axis=0)
        if not named:
            return
        yield "median", np.nanmedian(others, axis=0)
        yield "sum", np.nansum(others, axis=0)
        yield "minimum", np.nanmin(others, axis=0)
        yield "maximum", np.nanmax(others, axis=0)
        if others.shape[0] > 1:
            yield "standard deviation", np.nanstd(others, axis=0, ddof=1)
            yield "standard deviation", np.nanstd(others, axis=0, ddof=0)


def _counts(others):
    """Per column: how often it is the largest or the smallest of its row (ties counted
    for every tied column, for none, or as shares), and its average rank either way."""
    finite = np.isfinite(others).all(axis=1)
    rows = others[finite]
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


def summary_statistic(summary, others, *, named):
    """What statistic of ``others`` the ``summary`` is, to their printed precision, or None.

    Parameters
    ----------
    summary : ndarray of shape (n,)
        The values of a row (over the model columns) or of a column (over the rows).
    others : ndarray of shape (m, n)
        The entries it could summarise.
    named : bool
        Whether a name proposed a summary: then the median, sum, extremes,
        spread, wins and average rank are tried too. Unnamed, only the mean
        is, and only where a match by chance is unlikely (below one in a
        hundred thousand, from the entries' spread, the printed precision and
        the number of columns).
    """
    summary = np.asarray(summary, dtype=float)
    others = np.asarray(others, dtype=float)
    if others.shape[0] < 2 or not np.isfinite(summary).any():
        return None
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # an entry without any score
        return _summary_statistic(summary, others, named)


def _summary_statistic(summary, others, named):
    tolerance = _tolerance(summary, others)
    present = np.isfinite(summary)
    if not named:  # the mean or nothing: its test first, the chance of a match after
        mean = np.nanmean(others, axis=0)
        if not np.all(np.abs(mean[present] - summary[present]) <= tolerance):
            return None
        if _chance(others[:, present], tolerance) > _COINCIDENCE:
            return None
        return "mean"
    for name, values in _statistics(others, named):
        # A sum adds the rounding of every entry it sums.
        allowed = tolerance * (others.shape[0] if name == "sum" else 1)
        if np.all(np.abs(values[present] - summary[present]) <= allowed):
            return name
    if named:
        # Wins are counted exactly; an average rank is printed as any number is.
        rank_tolerance = 0.5 * 10.0 ** -decimals(summary) + 1e-9
        for name, values in _counts(others):
            allowed = rank_tolerance if name == "average rank" else 0.0
            if np.all(np.abs(values[present] - summary[present]) <= allowed):
                return name
    return None


#: How likely a match by chance may be for the values alone (no name) to make an entry
#: a summary of the others: one in a hundred thousand.
_COINCIDENCE = 1e-5


def _chance(others, tolerance):
    """About how likely an entry of scores spread as ``others`` lies within ``tolerance``
    of their mean on every column by chance (a normal density at its centre, column by
    column): printed coarsely, few columns or little spread make it likely."""
    if others.shape[0] < 3 or not others.size:
        return 1.0
    spread = np.nanstd(others, axis=0, ddof=1)
    spread = spread[np.isfinite(spread)]
    if not spread.size:
        return 1.0
    per_column = np.minimum(1.0, 0.8 * tolerance / np.maximum(spread, 1e-300))
    return float(np.prod(per_column))


def summary_rows(means, labels, *, kept=()):
    """The rows of a table of scores that summarise the others.

    Parameters
    ----------
    means : ndarray of shape (n_rows, n_models)
        One row per data set (its mean scores) or per split.
    labels : sequence of str
        The rows' names.
    kept : collection of str
        Rows the user named explicitly (``datasets=``): never summaries.

    Returns
    -------
    summaries : dict of int to str
        The rows named like a summary whose values are one, and the statistic.
    unconfirmed : list of int
        Rows named like a summary whose values are not one.
    unnamed : dict of int to str
        Rows not named like a summary whose values are one (the mean of the
        others, to the printed precision).
    """
    summaries, unconfirmed, unnamed = {}, [], {}
    named_rows = [
        i for i, label in enumerate(labels) if is_summary_name(label) and label not in kept
    ]
    ordinary = [i for i in range(len(labels)) if i not in named_rows]
    for i in named_rows:
        statistic = summary_statistic(means[i], means[ordinary], named=True)
        if statistic is None:
            unconfirmed.append(i)
        else:
            summaries[i] = statistic
    if len(ordinary) >= 4:
        for i in ordinary:
            if labels[i] in kept:
                continue
            others = [j for j in ordinary if j != i]
            statistic = summary_statistic(means[i], means[others], named=False)
            if statistic is not None:
                unnamed[i] = statistic
    return summaries, unconfirmed, unnamed


#: How each statistic a summary can be is said ("the mean of the other rows").
_SUMMARY_WORDS = {
    "wins": "each model's wins over {what}",
    "average rank": "each model's average rank over {what}",
}


def summary_words(statistic, what):
    """What a summary is, in words: ``summary_words("mean", "the other rows")``."""
    return _SUMMARY_WORDS.get(statistic, "the {statistic} of {what}").format(
        statistic=statistic, what=what
    )


def refuse_summary_row(source, label, means, others, models, unnamed):
    """Refuse a row that a name or its values make a summary, but not both."""
    with np.errstate(invalid="ignore"):
        mean = np.nanmean(others, axis=0)
    if unnamed:
        raise ValueError(
            f"{source}: row {label!r} equals the mean of the other rows on every model "
            f"(to the table's printed precision): a summary row of a paper's table? Drop it, "
            f"or keep it as a data set by naming it in datasets=[...]."
        )
    gaps = np.abs(means - mean)
    k = int(np.nanargmax(gaps)) if np.isfinite(gaps).any() else 0
    raise ValueError(
        f"{source}: row {label!r} is named like a summary of the other rows, but its values "
        f"are not their mean, median, sum, extremes, spread, wins or average rank (on model "
        f"{models[k]!r}: {means[k]:.6g}, where their mean is {mean[k]:.6g}). Drop the row, or "
        f"keep it as a data set by naming it in datasets=[...]."
    )


def numbers_the_rows(values):
    """Whether a column's values number the rows 0, 1, ... or 1, 2, ... (an index)."""
    values = np.asarray(values, dtype=float)
    n = values.size
    return bool(n) and (
        np.array_equal(values, np.arange(n)) or np.array_equal(values, np.arange(1, n + 1))
    )


def check_companion(raw, column, model, kind, n_models):
    """A column named as a model's spread or rank must hold one: a spread is never
    negative; a rank is a whole or half number from 1 to the number of models.

    Returns
    -------
    str
        What the values showed, for the reading to say.
    """
    values, _ = raw.numbers(column, empty_is_missing=True)
    finite = values[np.isfinite(values)]
    if kind == "spread":
        if finite.size and finite.min() < 0:
            raise ValueError(
                f"{raw.source}: column {column!r} is named like the spread of model {model!r}, "
                f"but it holds negative values (from {finite.min():.4g}); a spread never is. "
                "If it is a model's scores, list the model columns with models=[...]."
            )
        return "a model's spread"
    halves = np.all(2 * finite == np.round(2 * finite))
    if finite.size and (not halves or finite.min() < 1 or finite.max() > max(n_models, 2)):
        raise ValueError(
            f"{raw.source}: column {column!r} is named like the rank of model {model!r}, but "
            f"its values ({_range_words(values)}) are not ranks from 1 to {n_models}. If it is "
            "a model's scores, list the model columns with models=[...]."
        )
    return "a model's rank"


def _log_magnitudes(values):
    with np.errstate(divide="ignore", invalid="ignore"):
        logs = np.log10(np.abs(np.asarray(values, dtype=float)))
    return np.where(np.isfinite(logs), logs, np.nan)


def _scale_gap(values, others):
    """The median over rows of how many orders of magnitude ``values`` lie from the
    median of ``others`` (columns of the same rows), in absolute value."""
    rows = _rows_sample(len(values))
    mine = _log_magnitudes(np.asarray(values)[rows])
    theirs = np.column_stack(others) if isinstance(others, list) else np.asarray(others)
    theirs = _log_magnitudes(theirs[rows])
    if theirs.ndim == 1:
        theirs = theirs[:, None]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # a row of zeros: an all-NaN slice
        reference = np.nanmedian(theirs, axis=1)
    gaps = np.abs(mine - reference)
    gaps = gaps[np.isfinite(gaps)]
    return float(np.median(gaps)) if gaps.size else 0.0


def _is_whole(values):
    finite = values[np.isfinite(values)]
    return bool(finite.size) and bool(np.all(finite == np.round(finite)))


def _range_words(values):
    finite = np.asarray(values, dtype=float)
    finite = finite[np.isfinite(finite)]
    if not finite.size:
        return "no number"
    return f"from {finite.min():.4g} to {finite.max():.4g}"


def scale_outliers(columns):
    """The columns whose values are not on the scale of the others: whole numbers beside
    columns that are not, or values an order of magnitude away from the others' on a
    typical row. Three rows with scores at least are needed to tell.

    Parameters
    ----------
    columns : dict of str to ndarray
        The candidate model columns of a wide table, row-aligned.

    Returns
    -------
    dict of str to str
        Each outlier and what its values show, in words.
    """
    names = [name for name, values in columns.items() if np.isfinite(values).sum() >= 3]
    if len(names) < 2:
        return {}
    found = {}
    whole = {name: _is_whole(columns[name]) for name in names}
    if sum(whole.values()) < len(names) / 2:
        others = np.concatenate([columns[o] for o in names if not whole[o]])
        for name in names:
            if whole[name] and len(np.unique(columns[name][np.isfinite(columns[name])])) > 1:
                found[name] = (
                    f"whole numbers ({_range_words(columns[name])}) beside scores that are not "
                    f"({_range_words(others)})"
                )
    rest = [
        name
        for name in names
        if name not in found
        and not _fraction_beside_percents(columns[name], [columns[o] for o in names if o != name])
    ]
    if len(rest) >= 3:
        for name in rest:
            others = [columns[o] for o in rest if o != name]
            gap = _scale_gap(columns[name], np.column_stack(others))
            if gap >= 1:
                found[name] = (
                    f"values {_range_words(columns[name])}, {gap:.1f} orders of magnitude from "
                    "the other columns' on a typical row"
                )
    elif len(rest) == 2:
        first, second = rest
        gap = _scale_gap(columns[first], columns[second][:, None])
        if gap >= 1:
            found[first] = found[second] = (
                f"values {gap:.1f} orders of magnitude apart on a typical row ("
                f"{first!r} {_range_words(columns[first])}, {second!r} "
                f"{_range_words(columns[second])})"
            )
    return found


def _fraction_beside_percents(values, others):
    """Whether a column in fractions sits beside columns in percent: the refusal of mixed
    fractions and percentages (:func:`scale_note`) says it in its own words."""
    finite = values[np.isfinite(values)]
    if not finite.size or finite.max() > 1 or finite.mean() < 0.05:
        return False
    rest = np.concatenate(others) if others else np.empty(0)
    rest = rest[np.isfinite(rest)]
    return bool(rest.size) and rest.max() > PERCENT_ABOVE and rest.max() <= 100 and rest.min() >= 0


def refuse_scale_outliers(source, outliers):
    """Refuse the model columns whose values are on another scale than the others'."""
    column, why = next(iter(outliers.items()))
    others = [name for name in outliers if name != column]
    also = f" (also {', '.join(map(repr, others[:3]))})" if others else ""
    raise ValueError(
        f"{source}: column {column!r}{also} holds {why}: it is not a score of the same metric "
        "as the other model columns (a description of the data sets, a count, a spread or a "
        "rank?). List the model columns with models=[...], or drop the column."
    )


def bracketed_ranks(raw, models):
    """Refuse parentheses beside the scores that hold ranks, not spreads: whole numbers
    from 1 to the number of models ("85.3 (2)", as papers rank their rows)."""
    bracketed = [m for m in models if m in raw.bracketed and m in raw.spreads]
    if not bracketed:
        return
    values = np.concatenate([raw.spreads[m] for m in bracketed])
    values = values[np.isfinite(values)]
    if values.size and _is_whole(values) and values.min() >= 1 and values.max() <= len(models):
        raise ValueError(
            f"{raw.source}: the numbers in parentheses beside the scores of "
            f"{', '.join(map(repr, bracketed[:3]))} are whole numbers from "
            f"{values.min():g} to {values.max():g}, like each row's ranks, not spreads "
            "('0.95 (0.02)'). Remove them, or write the spreads as 0.95±0.02."
        )


# -- direction ---------------------------------------------------------------------


def decide_direction(*, option, name, metrics, scores, source, metric_column=None):
    """Which data sets' scores are a loss, with the witness; refusals where witnesses
    disagree or the values contradict the names.

    Parameters
    ----------
    option : bool or None
        ``greater_is_better`` as the user gave it: it always wins, and is
        said as the user's choice (with the names it overrides).
    name : (str, str) or None
        ``(what, name)`` of the name that says the scores' metric: ("the
        score column", "metric_error"), ("the files' names", "A_error.csv"),
        ("the metric", "log_loss"); None when no name does.
    metrics : dict of str to str
        Each data set's metric from a metric column (empty without one).
    scores : dict of str to ndarray
        Each data set's scores as read, for the values' check.
    source : str
    metric_column : str, default=None
        The metric column, for messages.

    Returns
    -------
    negated : set of str
        The data sets whose scores are to be negated.
    witness : Witness
    notes : list of str
    """
    datasets = list(scores)
    name_side, word = (None, None) if name is None else _name_side(*name)
    if option is not None:
        negated = set() if option else set(datasets)
        overridden = _overridden(option, name, name_side, metrics, metric_column)
        why = f"greater_is_better={option}, the user's choice" + (
            f" (over {overridden})" if overridden else ""
        )
        value = "higher is better" if option else "lower is better"
        return negated, Witness("direction", value, "option", why), []
    negated, sides = set(), {}
    for dataset in datasets:
        metric = metrics.get(dataset)
        metric_side = direction_of_name(metric)[0] if metric is not None else None
        if name_side is not None and metric_side is not None and name_side != metric_side:
            raise ValueError(
                f"{source}: {name[0]} {name[1]!r} is named as a "
                f"{'loss' if name_side == 'lower' else 'score'} ({word!r}) while column "
                f"{metric_column!r} names {metric!r} on data set {dataset!r}, a "
                f"{'loss' if metric_side == 'lower' else 'score'}: they disagree on which way "
                "is better. Pass greater_is_better=False if the scores are a loss (lower is "
                "better), or greater_is_better=True if higher is better."
            )
        side = metric_side or name_side
        if side == "lower" and metric_side is None:
            raise ValueError(
                f"{source}: {name[0]} {name[1]!r} looks like a loss ({word!r}: lower is "
                "better), which would reverse every conclusion. Pass greater_is_better=False "
                "to compare its negative, or greater_is_better=True if higher is better."
            )
        said = metric if metric_side is not None else (name[1] if name_side else None)
        if side is not None and is_nonnegative_metric(said):
            _check_sign(source, scores[dataset], dataset, said, side)
        if side == "lower":
            negated.add(dataset)
        sides[dataset] = side
    return negated, _direction_witness(sides, name, metric_column), []


def _name_side(what, name):
    """What a name says of the direction; a generic score column ("result") says nothing,
    and "score" says higher (scikit-learn's scores are greater-is-better)."""
    if normalised(name) in GENERIC_SCORE_NAMES and what == "the score column":
        return ("higher", "score") if normalised(name) in ("score", "test_score") else (None, None)
    return direction_of_name(name)


def _overridden(option, name, name_side, metrics, metric_column):
    """The names that the user's direction overrides, in words, or ""."""
    wanted = "higher" if option else "lower"
    against = []
    if name_side not in (None, wanted):
        against.append(f"{name[0]} {name[1]!r}")
    disagreeing = sorted(
        {m for m in metrics.values() if direction_of_name(m)[0] not in (None, wanted)}
    )
    if disagreeing:
        against.append(f"column {metric_column!r} naming {', '.join(map(repr, disagreeing[:3]))}")
    return " and ".join(against)


def _check_sign(source, values, dataset, metric, side):
    """A metric that cannot be negative must hold no negative value."""
    finite = values[np.isfinite(values)]
    if not finite.size or finite.min() >= 0:
        return
    fix = "greater_is_better=True" if side == "lower" else "greater_is_better=False"
    kind = "loss" if side == "lower" else "score"
    raise ValueError(
        f"{source}: {metric!r} ({'data set ' + repr(dataset) + ', ' if dataset else ''}a {kind}) "
        f"cannot be negative, but the scores hold negatives (down to {finite.min():.4g}): the "
        f"values say they were negated already. If they are, pass {fix}."
    )


def _direction_witness(sides, name, metric_column):
    lower = [d for d, side in sides.items() if side == "lower"]
    value = "lower is better" if lower else "higher is better"
    if any(side is not None for side in sides.values()):
        if metric_column is not None and any(side for side in sides.values()):
            return Witness("direction", value, "name", f"column {metric_column!r} names the metric")
        return Witness("direction", value, "name", f"{name[0]} {name[1]!r}")
    return Witness("direction", "higher is better", "default", "no name says which")


def direction_of_measure(stems, measure, option, source):
    """The witness of a set of files' direction: their common measure, or a loss's word in
    a file's name; names that disagree are refused."""
    if measure is not None:
        return ("the files' common ending", measure)
    lossy = [stem for stem in stems if loss_word(stem) is not None]
    if lossy and option is None and len(lossy) < len(stems):
        raise ValueError(
            f"{source}: the file {lossy[0]!r} is named like a loss ({loss_word(lossy[0])!r}) "
            "while others are not: the files may hold different measures. Pass "
            "greater_is_better=False if every file holds a loss, greater_is_better=True if "
            "higher is better in every one."
        )
    if lossy:
        return ("the file's name", lossy[0])
    return None


# -- units -------------------------------------------------------------------------


def units_of(data, metrics):
    """Whether the data sets' scores share one unit, and if not, why in words.

    Differences pooled across data sets (a mean over data sets, a rope over
    data sets, Cohen's d_z, the hierarchical model) need one unit: they do
    not when the data sets' metrics differ, or when their scores differ in
    scale by an order of magnitude or more (beyond the bounded scales of
    fractions and percentages, on which one point is one point everywhere).

    Parameters
    ----------
    data : dict of str to DatasetScores
    metrics : dict of str to str
        Each data set's metric, where known.

    Returns
    -------
    str or None
        None when one unit is plausible; else what differs.
    """
    held = {metrics[name] for name in data if name in metrics}
    if len(held) > 1:
        counts = {}
        for name in data:
            if name in metrics:
                counts[metrics[name]] = counts.get(metrics[name], 0) + 1
        listed = ", ".join(f"{metric!r} on {n}" for metric, n in counts.items())
        return f"the data sets are scored by {len(counts)} metrics ({listed})"
    magnitudes, low, high = {}, np.inf, -np.inf
    for name, d in data.items():
        values = d.scores[d.present & np.isfinite(d.scores)]
        if values.size:
            low, high = min(low, values.min()), max(high, values.max())
            typical = float(np.median(np.abs(values)))
            if typical > 0:
                magnitudes[name] = typical
    if len(magnitudes) < 2:
        return None
    bounded = -1 <= low and high <= 1
    percent = (0 <= low and high <= 100) or (-100 <= low and high <= 0)
    smallest = min(magnitudes, key=magnitudes.get)
    largest = max(magnitudes, key=magnitudes.get)
    ratio = magnitudes[largest] / magnitudes[smallest]
    if ratio < 10 or bounded or percent:
        return None
    return (
        f"the data sets' scores differ in scale by a factor of {ratio:,.0f} (typically "
        f"{magnitudes[smallest]:.3g} on {smallest!r}, {magnitudes[largest]:.3g} on {largest!r})"
    )


# -- scores filled in --------------------------------------------------------------

_TRUE_TEXTS = frozenset({"true", "yes", "1", "1.0", "t", "y"})
_FALSE_TEXTS = frozenset({"false", "no", "0", "0.0", "f", "n", ""})


def filled_in(raw, column):
    """Which rows a column like ``imputed`` marks as filled in (True/False, 1/0, yes/no).

    A column so named that holds anything else is refused: it may be
    something else.
    """
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


def refuse_filled_in(raw, column, flags):
    """Scores filled in from another model must be kept or dropped by the user."""
    raise ValueError(
        f"{raw.source}: column {column!r} marks {int(flags.sum())} of {flags.size} rows as "
        "filled-in scores (copied from another model, not the model's own runs): compared as "
        "they are, they would count as the model's results. Keep them (imputed='keep') or drop "
        "them (imputed='drop'), which makes them missing scores."
    )


# -- scales of a whole table (the notes and refusals of percentages) ---------------

#: A table is read as percentages when its scores lie within [0, 100] and some exceed this.
PERCENT_ABOVE = 1.5


def scale_note(data, models, lower_is_better):
    """A note when the scores look like percentages or counts, or a refusal when some
    model or data set is in fractions beside percentages.

    Parameters
    ----------
    data : dict of str to DatasetScores
        The scores as read (before a loss is negated).
    models : sequence of str
    lower_is_better : set of str
        The data sets whose scores are a loss.

    Returns
    -------
    str or None
    """
    present = [d.scores[d.present & np.isfinite(d.scores)] for d in data.values()]
    every = np.concatenate(present) if present else np.empty(0)
    if every.size and every.max() > PERCENT_ABOVE and np.all(every == np.round(every)):
        # Counts (colours, errors, steps) as often as percentages: say the units only.
        return (
            f"the scores are whole numbers (from {every.min():g} to {every.max():g}): the rope "
            "is in their units, so the default rope=0.01 is a hundredth of one unit. Pass "
            "the rope that is practically nothing in those units (rope=1 for one point of a "
            "percentage)."
        )
    if not every.size or every.min() < 0 or not PERCENT_ABOVE < every.max() <= 100:
        return None
    loss = bool(lower_is_better)
    _refuse_mixed_models(data, models, loss)
    _refuse_mixed_datasets(data, loss)
    return (
        f"the scores look like percentages (from 0 to 100{', of a loss' if loss else ''}): the "
        "rope is in the same units, so the default rope=0.01 means 0.01 percentage points. "
        "Pass rope=1 for one point, or divide the scores by 100."
    )


def _largest(values, mask):
    return float(values[mask].max()) if mask.any() else np.nan


def _refuse_mixed_models(data, models, loss):
    """A model whose every score is a fraction (at most 1) beside models in percent."""
    for name, d in data.items():
        ok = d.present & np.isfinite(d.scores)
        largest = np.array([_largest(row, mask) for row, mask in zip(d.scores, ok, strict=True)])
        means = [
            float(np.mean(d.scores[k][ok[k]])) if ok[k].any() else np.nan
            for k in range(len(models))
        ]
        # A fraction: every score at most 1, and not all near 0 (0% of a percent score).
        fractions = [k for k in range(len(models)) if largest[k] <= 1 and means[k] >= 0.05]
        percents = [k for k in range(len(models)) if largest[k] > PERCENT_ABOVE]
        if not fractions or not percents:
            continue
        ratio = min(means[p] for p in percents) / max(max(means[f] for f in fractions), 1e-300)
        # Percent against fraction is a factor of about 100; between real scores of
        # one metric on one data set, such a factor is a loss near zero, at most.
        if ratio < 20 or loss:
            continue
        raise ValueError(
            f"On data set {name!r}, model {models[fractions[0]]!r} scores at most 1 (mean "
            f"{means[fractions[0]]:.4g}) while {models[percents[0]]!r} scores up to "
            f"{largest[percents[0]]:.4g}: fractions and percentages are mixed, and compared "
            "as they are the percentages would win every pair. Put every score on one scale "
            "(divide the percentages by 100)."
        )


def _refuse_mixed_datasets(data, loss):
    """A data set whose every score is a fraction beside data sets in percent (a score's
    accuracy below 1% is no real accuracy; a loss's may be, so losses pass)."""
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


def is_baseline_name(name):
    """Whether a model named like a summary may be a baseline ("mean", "median")."""
    return normalised(name) in BASELINE_NAMES
