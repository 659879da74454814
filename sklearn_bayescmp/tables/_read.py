"""Step 6 of reading a table: the pipeline, from raw columns to the parts of a ScoreTable.

The readers of :class:`~sklearn_bayescmp.ScoreTable` (``from_long``,
``from_wide``, ``read_csv``, ``read_resamples``) all run this one pipeline:
the roles decided (``_decide``: names propose, values decide), filled-in
scores kept or dropped, one metric per data set kept, the layout assembled
(``_layouts``), then what the values show of the assembled table (summary
rows, the direction, the scale, the design), and the :class:`Reading` that
records every decision with its witness.
"""

import os
import warnings
from collections.abc import Mapping
from dataclasses import dataclass, field, replace

import numpy as np

from ..exceptions import MissingScoresWarning
from ._columns import RawColumns, check_names
from ._decide import Roles, decide_long_roles, decide_wide_roles, wide_turned_around
from ._estimator_files import refuse_one_resamples_file, resample_rows, stems, told_apart
from ._evidence import (
    decide_direction,
    direction_of_measure,
    filled_in,
    is_baseline_name,
    refuse_filled_in,
    refuse_summary_row,
    scale_note,
    summary_rows,
    summary_statistic,
    summary_words,
)
from ._layouts import (
    DEFAULT_DATASET,
    LONG_OPTIONS,
    WIDE_OPTIONS,
    check_pairing,
    long_layout,
    wide_layout,
)
from ._reading import DESIGNS, UNSCORED, LeftOut, Reading, Witness, unscored_words
from ._roles import file_models, is_resamples_header, is_summary_name, split_design
from ._sources import Source

#: How the options of ``imputed=`` are spelled.
IMPUTED_OPTIONS = ("keep", "drop")


@dataclass
class Parts:
    """What a reading gives a ScoreTable: its models, its arrays, the record of the
    reading, and the warnings to raise once the table is made."""

    models: list
    data: dict
    reading: Reading
    warnings: list = field(default_factory=list)


def check_greater_is_better(greater_is_better):
    """``greater_is_better`` as given: True, False or None; anything else is refused."""
    if greater_is_better is None or isinstance(greater_is_better, (bool, np.bool_)):
        return None if greater_is_better is None else bool(greater_is_better)
    raise TypeError(
        f"`greater_is_better` must be True, False or None; got {greater_is_better!r} of type "
        f"{type(greater_is_better).__name__}. Pass the boolean False for a loss."
    )


def check_design(design):
    """``design`` as given: None or a key of :data:`DESIGNS`."""
    if design is not None and design not in DESIGNS:
        raise ValueError(
            f"`design` must be one of {', '.join(map(repr, DESIGNS))} (or None: taken from the "
            f"columns); got {design!r}."
        )
    return design


def _check_imputed(imputed):
    if imputed is not None and imputed not in IMPUTED_OPTIONS:
        raise ValueError(
            f"`imputed` must be 'keep' or 'drop' (what to do with the scores a column such as "
            f"'imputed' marks as filled in), or None; got {imputed!r}."
        )
    return imputed


def _reader_options(raw, options):
    """The layout's options, and the reader's own (the metric kept, the design, what to do
    with filled-in scores), checked; one aeon/tsml file alone is refused."""
    if is_resamples_header(raw.names):
        refuse_one_resamples_file(raw)
    options = dict(options)
    wanted, design, imputed = (options.pop(key, None) for key in ("metric", "design", "imputed"))
    return options, wanted, check_design(design), _check_imputed(imputed)


def read_long(raw, options, greater_is_better):
    """The parts of a long table (a row per data set, model and split)."""
    options, wanted, design, imputed = _reader_options(raw, options)
    roles = decide_long_roles(raw, options, metric=wanted)
    if roles is None:
        raise ValueError(
            f"{raw.source}: cannot tell which column holds the model's name (no column "
            f"named model, classifier, learner..., and not exactly one text column among "
            f"{raw.names}). Name it with model=<column>."
        )
    raw = _filled_in(raw, roles, imputed)
    raw, metrics = _metric_rows(raw, roles, wanted)
    columns = {key: roles.found.get(key) for key in LONG_OPTIONS}
    labels = _summary_split_labels(raw, roles.found)
    assembled = long_layout(raw, **columns)
    name = ("the score column", roles.found["score"])
    return _finish(
        raw, "long", roles, assembled, metrics, name, greater_is_better, design, options, labels
    )


def read_wide(raw, options, greater_is_better):
    """The parts of a wide table (a column per model, a row per split or data set)."""
    options, wanted, design, imputed = _reader_options(raw, options)
    listed = options.get("models")
    if listed is not None:
        listed = list(check_names(listed, "models"))
        absent = [name for name in listed if name not in raw.columns]
        column = wide_turned_around(raw, listed) if absent else None
        if column is not None:
            return _turned_around(raw, column, listed, options, greater_is_better, design)
    roles = decide_wide_roles(raw, options)
    raw = _filled_in(raw, roles, imputed)
    raw, metrics = _metric_rows(raw, roles, wanted)
    columns = {key: roles.found.get(key) for key in WIDE_OPTIONS}
    columns.update(
        models=roles.models,
        test_train_ratio=options.get("test_train_ratio"),
        datasets=options.get("datasets"),
    )
    labels = _summary_split_labels(raw, roles.found)
    assembled = wide_layout(raw, **columns)
    return _finish(
        raw, "wide", roles, assembled, metrics, None, greater_is_better, design, options, labels
    )


def _turned_around(raw, column, models, options, greater_is_better, design):
    """A table with a row per model (named in ``column``) and a column per data set, read
    turned around: one score per data set and model."""
    labels = raw.labels(column, "models")
    rows = [i for i, label in enumerate(labels.tolist()) if label in set(models)]
    datasets = [c for c in raw.names if c != column and raw.is_numeric(c)]
    long = {"dataset": [], "model": [], "score": []}
    for name in datasets:
        values, missing = raw.numbers(name, empty_is_missing=True)
        for row in rows:
            if not missing[row]:
                long["dataset"].append(name)
                long["model"].append(labels[row])
                long["score"].append(values[row])
    source = RawColumns(Source({k: np.array(v, dtype=object) for k, v in long.items()}, raw.source))
    turned = dict(model="model", score="score", dataset="dataset", models=models)
    turned.update(
        datasets=options.get("datasets"), test_train_ratio=options.get("test_train_ratio")
    )
    turned["design"] = design
    parts = read_long(source, turned, greater_is_better)
    others = [c for c in raw.names if c != column and c not in datasets]
    reading = replace(
        parts.reading,
        layout="wide, turned around",
        witnesses=(
            Witness("model", column, "option", "its rows' labels, named by `models`"),
            *[w for w in parts.reading.witnesses if w.subject not in ("model", "dataset", "score")],
        ),
        left_out=(
            *parts.reading.left_out,
            *[LeftOut("column", c, "holds text, not a data set's scores") for c in others],
        ),
        notes=(
            f"turned around, as the models given name the rows of column {column!r}: a row "
            "per model, a column per data set",
            *parts.reading.notes,
        ),
    )
    return replace(parts, reading=reading)


def _filled_in(raw, roles, imputed):
    """The rows kept of a table whose column marks filled-in scores (``imputed``)."""
    column = roles.found.get("imputed")
    if column is None:
        if imputed is not None:
            raise ValueError(
                f"{raw.source}: imputed={imputed!r} is given, but no column marks filled-in "
                "scores (named imputed, is_imputed, filled...); leave the option out."
            )
        return raw
    flags = filled_in(raw, column)
    if not flags.any():
        roles.found.pop("imputed")
        roles.witnesses = [w for w in roles.witnesses if w.subject != "imputed"]
        roles.leave_out(column, "marks no score as filled in")
        return raw
    if imputed is None:
        refuse_filled_in(raw, column, flags)
    if imputed == "keep":
        roles.notes.append(
            f"{int(flags.sum())} scores marked as filled in (column {column!r}) kept, as "
            "imputed='keep' says"
        )
        return raw
    roles.left_out.append(
        LeftOut(
            "rows",
            f"{int(flags.sum())} rows",
            f"filled-in scores marked by column {column!r}, dropped as imputed='drop' says",
        )
    )
    return raw.take(np.flatnonzero(~flags))


def _metric_rows(raw, roles, wanted):
    """The rows of one metric per data set, and each data set's metric.

    Without a metric column ``metric=`` is refused; with one, a data set whose
    rows mix metrics is refused until ``metric=`` keeps one.
    """
    column = roles.found.get("metric")
    if column is None:
        if wanted is not None:
            raise ValueError(
                f"{raw.source} has no metric column (named metric, function, measure...), so "
                f"`metric={wanted!r}` keeps nothing; drop it, or name the column."
            )
        return raw, {}
    metrics = raw.labels(column, "metric")
    if wanted is not None:
        kept = np.array([metric == wanted for metric in metrics.tolist()], dtype=bool)
        if not kept.any():
            found_metrics = list(dict.fromkeys(metrics.tolist()))
            raise ValueError(
                f"{raw.source}, column {column!r}: no row of metric {wanted!r} "
                f"(`metric`); found {found_metrics}."
            )
        raw, metrics = raw.take(np.flatnonzero(kept)), metrics[kept]
    per_dataset = {}
    for name, metric in zip(_dataset_names(raw, roles.found), metrics.tolist(), strict=True):
        per_dataset.setdefault(name, {})[metric] = None
    for name, held in per_dataset.items():
        if len(held) > 1:
            raise ValueError(
                f"{raw.source}, column {column!r}: data set {name!r} has scores of "
                f"{len(held)} metrics ({', '.join(map(repr, held))}), which do not compare. "
                f"Keep one with metric={next(iter(held))!r}."
            )
    return raw, {name: next(iter(held)) for name, held in per_dataset.items()}


def _dataset_names(raw, found):
    """Every row's data set (the default's name without a data-set column)."""
    column = found.get("dataset")
    if column is None or column not in raw.columns:
        return [DEFAULT_DATASET] * raw.n_rows
    return raw.labels(column, "datasets").tolist()


def _summary_split_labels(raw, found):
    """The codes of the split labels named like a summary ("mean", "average"), by the
    column that identifies the splits with labels (not numbers)."""
    column = found.get("split") or (found.get("fold") if not found.get("repeat") else None)
    if column is None or column not in raw.columns:
        return {}
    try:
        raw.integers(column, positive=False)
        return {}
    except ValueError:
        pass
    distinct = list(dict.fromkeys(raw.labels(column, "split").tolist()))
    return {code: label for code, label in enumerate(distinct) if is_summary_name(label)}


def _finish(
    raw,
    layout,
    roles,
    assembled,
    metrics,
    name,
    greater_is_better,
    design,
    options,
    labels,
    *,
    named_design=None,
):
    """What the values show of the assembled table, and the record of the reading.

    ``named_design``: the design a format names (aeon/tsml's files are train/test
    resamples), as ``(design, why)``.
    """
    models, data, unscored = assembled
    kept = set(options.get("datasets") or ())
    left_out = list(roles.left_out)
    warnings = []
    data = _summary_splits(raw.source, models, data, labels, left_out)
    data = _summary_datasets(raw.source, layout, models, data, kept, left_out)
    if layout == "long":
        models, data = _summary_models(raw.source, models, data, options, left_out)
    scores = {d: s.scores[s.present] for d, s in data.items()}
    negated, direction, _ = decide_direction(
        option=greater_is_better,
        name=name,
        metrics=metrics,
        scores=scores,
        source=raw.source,
        metric_column=roles.found.get("metric"),
    )
    negated &= set(data)
    note = scale_note(data, models, negated)
    data = {d: replace(s, scores=0.0 - s.scores) if d in negated else s for d, s in data.items()}
    design, design_witness = decide_design(
        raw.source, design, data, found=roles.found, named=named_design
    )
    left_out += [LeftOut("data set", d, UNSCORED) for d in unscored]
    reading = Reading(
        source=raw.source,
        layout=layout,
        witnesses=(*roles.witnesses, direction, design_witness),
        models=tuple(models) if layout == "wide" else (),
        left_out=tuple(left_out),
        notes=(*roles.notes, *_metrics_note(metrics, data), *_cell_notes(raw, data)),
        metrics={d: m for d, m in metrics.items() if d in data},
        lower_is_better=tuple(d for d in data if d in negated),
        design=design,
    )
    split = roles.found.get("split")
    split_columns = (
        [split] if split else [roles.found[r] for r in ("repeat", "fold") if roles.found.get(r)]
    )
    check_pairing(models, data, split_columns)
    if unscored:
        warnings.append((f"{raw.source}: {unscored_words(unscored)}.", MissingScoresWarning))
    if note:
        warnings.append((f"{raw.source}: {note}", UserWarning))
    return Parts(list(models), data, reading, warnings)


def _metrics_note(metrics, datasets):
    """What the reading says of the metrics, when the data sets were scored by several."""
    counts = {}
    for name in datasets:
        if name in metrics:
            counts[metrics[name]] = counts.get(metrics[name], 0) + 1
    if len(counts) < 2:
        return []
    listed = ", ".join(f"{metric!r} on {n}" for metric, n in counts.items())
    return [f"the data sets' metrics differ ({listed}): they do not share one unit"]


def _means(data):
    """Each data set's mean score per model over its present scores: (n_datasets, n_models)."""
    rows = []
    for d in data.values():
        scores = np.where(d.present, d.scores, np.nan)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)  # a model without a score there
            rows.append(np.nanmean(scores, axis=1))
    return np.array(rows)


def _summary_datasets(source, layout, models, data, kept, left_out):
    """The data sets (rows of a paper's table) that summarise the others: left out where
    name and values agree, refused where they do not."""
    names = list(data)
    if len(names) < 3:
        return data
    means = _means(data)
    summaries, unconfirmed, unnamed = summary_rows(means, names, kept=kept)
    what = "row" if layout == "wide" else "data set"
    for i in unconfirmed + list(unnamed):
        others = [j for j in range(len(names)) if j != i and j not in summaries]
        refuse_summary_row(source, names[i], means[i], means[others], models, i in unnamed)
    for i, statistic in summaries.items():
        left_out.append(LeftOut(what, names[i], summary_words(statistic, "the other rows")))
    return {name: data[name] for i, name in enumerate(names) if i not in summaries}


def _summary_models(source, models, data, options, left_out):
    """A long table's models named like a summary of the others ("Average"): left out
    where their values are one, refused where they are not (unless named by `models`)."""
    if options.get("models") is not None or len(models) < 3 or len(data) < 2:
        return models, data
    means = _means(data)
    keep = list(range(len(models)))
    for k, model in enumerate(models):
        if not is_summary_name(model):
            continue
        others = [j for j in range(len(models)) if j != k]
        statistic = summary_statistic(means[:, k], means[:, others].T, named=True)
        if statistic is None:
            if is_baseline_name(model):
                continue  # a baseline so named: a model
            raise ValueError(
                f"{source}: model {model!r} is named like a summary of the other models, but "
                "its scores are not their mean, median, sum, extremes, wins or average rank on "
                "every data set. If it is a model, name the models with models=[...]."
            )
        left_out.append(LeftOut("model", model, summary_words(statistic, "the other models")))
        keep.remove(k)
    if len(keep) == len(models):
        return models, data
    data = {
        name: replace(
            d,
            scores=d.scores[keep],
            present=d.present[keep],
            spread=None if d.spread is None else d.spread[keep],
        )
        for name, d in data.items()
    }
    return [models[k] for k in keep], data


def _summary_splits(source, models, data, labels, left_out):
    """The splits labelled like a summary ("mean" in the fold column): left out where
    their scores are that summary of the other splits, refused where they are not."""
    if not labels:
        return data
    found = {}
    for name, d in data.items():
        columns = [j for j, code in enumerate(d.fold.tolist()) if code in labels]
        if not columns:
            continue
        others = [j for j in range(d.fold.size) if j not in columns]
        for j in columns:
            label = labels[int(d.fold[j])]
            statistic = summary_statistic(d.scores[:, j], d.scores[:, others].T, named=True)
            if statistic is None:
                raise ValueError(
                    f"{source}: the split {label!r} of data set {name!r} is named like a "
                    "summary of the other splits, but its scores are not their mean, median or "
                    "sum. Drop its rows, or label the split otherwise."
                )
            found.setdefault(label, statistic)
        data[name] = replace(
            d,
            scores=d.scores[:, others],
            present=d.present[:, others],
            repeat=d.repeat[others],
            fold=d.fold[others],
            n_train=None if d.n_train is None else d.n_train[others],
            n_test=None if d.n_test is None else d.n_test[others],
            spread=None if d.spread is None else d.spread[:, others],
        )
    for label, statistic in found.items():
        left_out.append(LeftOut("split", label, summary_words(statistic, "the other splits")))
    return data


def decide_design(
    source, option, data, *, found=None, named=None, unsaid="no column says the splits' design"
):
    """The design of the experiment and its witness: the option (which the values must
    not contradict), the values (one score per data set), a format's name or the split
    column's, or cross-validation by default (``unsaid`` says why).

    Returns
    -------
    design : str
    witness : Witness
    """
    found = found or {}
    single = len(data) > 1 and all(d.scores.shape[1] == 1 for d in data.values())
    if option is not None:
        if (option == "means") != single:
            what = "one score per data set and model" if single else "several splits per data set"
            raise ValueError(
                f"{source}: design={option!r} ({DESIGNS[option]}), but the table holds {what}."
            )
        return option, Witness("design", DESIGNS[option], "option", f"design={option!r}")
    if single:
        return "means", Witness("design", DESIGNS["means"], "values", "one score per data set")
    if named is not None:
        design, why = named
        return design, Witness("design", DESIGNS[design], "name", why)
    split = found.get("split")
    if split:
        design = split_design(split)
        if design is not None:
            return design, Witness("design", DESIGNS[design], "name", f"column {split!r}")
        return "cross-validation", Witness(
            "design", DESIGNS["cross-validation"], "default", f"column {split!r} says no other"
        )
    if found.get("fold"):
        columns = " and ".join(repr(found[r]) for r in ("repeat", "fold") if found.get(r))
        return "cross-validation", Witness(
            "design", DESIGNS["cross-validation"], "name", f"column(s) {columns}"
        )
    return "cross-validation", Witness("design", DESIGNS["cross-validation"], "default", unsaid)


def _cell_notes(raw, data):
    """What the reading says of the cells: spreads, tails, decimal commas, merged names."""
    notes = []
    n_spreads = sum(int(np.isfinite(d.spread).sum()) for d in data.values() if d.spread is not None)
    if n_spreads:
        notes.append(
            f"{n_spreads} score(s) written as a mean and its spread ('0.95±0.02'): the means "
            "are compared, the spreads kept (spreads()) and not used"
        )
    forms = {key: sum(counts.values()) for key, counts in raw.cell_forms.items()}
    if forms.get("tail"):
        notes.append(
            f"{forms['tail']} score(s) followed by a change in percent ('(+1.20%)'), which is "
            "not read"
        )
    if forms.get("marked"):
        notes.append(
            f"{forms['marked']} score(s) carried marks ('*', '†', bold), which are not read"
        )
    if forms.get("percent"):
        notes.append(f"{forms['percent']} score(s) written with a percent sign, read in percent")
    if raw.comma_columns:
        columns = ", ".join(map(repr, sorted(raw.comma_columns)))
        notes.append(
            f"decimal commas read as decimal points in {columns} (the file is delimited by "
            "semicolons or tabs, beside which a comma is no delimiter)"
        )
    if raw.merged_names:
        shown = ", ".join(map(repr, list(raw.merged_names)[:5]))
        notes.append(f"names written in two Unicode forms read as one ({shown})")
    return notes


# -- the per-estimator results files of aeon and tsml --------------------------------


def read_resamples(
    paths, *, models, datasets, n_train, n_test, test_train_ratio, greater_is_better, encoding
):
    """The parts of the per-estimator results files of aeon and tsml, one per model."""
    if isinstance(paths, (str, os.PathLike)) or len(paths) < 2:
        raise ValueError(
            "`paths` must list two or more files, one per model (each estimator's "
            f"results file); got {paths!r}."
        )
    paths = list(paths)
    file_stems = stems(paths)
    names, measure = file_models(file_stems)
    ending = "" if measure is None else f"; the files' common ending {measure!r} left out"
    if models is not None:
        names = list(check_names(models, "models"))
        if len(names) != len(paths):
            raise ValueError(
                f"`models` names {len(names)} models for {len(paths)} files; give one "
                "name per file."
            )
    else:
        shared = len(set(names)) < len(names)
        names = list(check_names(told_apart(paths, names), "the files' names"))
        if shared:
            ending = f"{ending}; the files that share a name told apart by their folders"
    source = f"The results files of {', '.join(map(repr, names))}"
    name = direction_of_measure(file_stems, measure, greater_is_better, source)
    columns = resample_rows(paths, names, encoding=encoding)
    options = dict(
        model="model", score="score", dataset="dataset", split="resample", datasets=datasets
    )
    if n_train is not None or n_test is not None:
        columns["n_train"] = _per_dataset_size(n_train, columns["dataset"], "n_train")
        columns["n_test"] = _per_dataset_size(n_test, columns["dataset"], "n_test")
        options.update(n_train="n_train", n_test="n_test")
    options["test_train_ratio"] = test_train_ratio
    raw = RawColumns(Source(columns, source))
    roles = decide_long_roles(raw, options)
    columns_of = {key: roles.found.get(key) for key in LONG_OPTIONS}
    assembled = long_layout(raw, **columns_of)
    roles = Roles(roles.found)
    parts = _finish(
        raw,
        "estimator files",
        roles,
        assembled,
        {},
        name,
        greater_is_better,
        None,
        options,
        {},
        named_design=("resamples", "aeon/tsml results files"),
    )
    reading = replace(
        parts.reading,
        witnesses=(
            Witness("model", "the files' names", "name", "one file per model"),
            *parts.reading.witnesses,
        ),
        notes=(
            "aeon/tsml per-estimator results files (a row per data set, a column per "
            f"resample: {DESIGNS['resamples']}), the models named by their files{ending}",
            *parts.reading.notes,
        ),
    )
    return replace(parts, reading=reading)


def _per_dataset_size(size, datasets, argument):
    """Every row's split size from one size, or from a mapping of data set to size."""
    if size is None:
        raise ValueError("Pass both `n_train` and `n_test`, or neither (and test_train_ratio).")
    if not isinstance(size, Mapping):
        return np.full(len(datasets), size, dtype=object)
    absent = sorted({name for name in datasets.tolist() if name not in size})
    if absent:
        raise ValueError(
            f"`{argument}` has no size for data set(s) {absent[:5]}; give every data set's."
        )
    return np.array([size[name] for name in datasets.tolist()], dtype=object)
