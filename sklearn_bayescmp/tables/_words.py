"""The reading of a table in words: its witnesses, what it left out, and the one line.

A spec and its reading hold codes and names (``_spec``); this module alone words them,
for the reading line, the command's notes and the messages that cite a witness. Its
only input is the reading.
"""

from ..utils._advice import option, parameter, written
from ._evidence import UnitsDiffer, units_text
from ._spec import DESIGNS, MODELS_SHOWN, ROLE_WORDS

#: The names that can say a measure (a witness's or an override's source), in words.
NAME_WORDS = {
    "score-column": "the score column",
    "file-name": "the file's name",
    "files-ending": "the files' common ending",
    "model-columns": "every model column's name, as",
}


def name_words(source, name):
    """A name that can say the measure, in words: ``the file's name 'errors'``."""
    return f"{NAME_WORDS[source]} {name!r}"


#: Each witness source (``_spec.WITNESS_SOURCES``) in words, from the witness.
WITNESS_WORDS = {
    "option": lambda w: _option_words(w),
    "spec": lambda w: "the spec given",
    "normalized": lambda w: "normalized per data set",
    "column": lambda w: "its name" if w.subject in ROLE_WORDS else f"column {w.name!r}",
    "columns": lambda w: f"column(s) {' and '.join(map(repr, w.name))}",
    "score-column": lambda w: _measure_words(w),
    "metric-column": lambda w: f"column {w.name!r} names the metric",
    "metric": lambda w: f"the metric {w.name!r}",
    "file-name": lambda w: _measure_words(w),
    "files-ending": lambda w: _measure_words(w),
    "model-columns": lambda w: _measure_words(w),
    "file-per-model": lambda w: "one file per model",
    "tsml-files": lambda w: "aeon/tsml results files",
    "differences-file": lambda w: (
        "a differences file holds score_a - score_b of greater-is-better scores"
    ),
    "arrays": lambda w: "scores given as arrays are greater-is-better",
    "scikit-learn": lambda w: "scikit-learn's scorers are greater-is-better",
    "header": lambda w: f"the header's cells are separated by {w.found!r}",
    "title-lines": lambda w: "the lines above it hold one cell each (a title)",
    "note-lines": lambda w: "the last lines hold one cell each (a note)",
    "excel-separator": lambda w: "Excel's line naming the delimiter ('sep=') above it",
    "column-word": lambda w: "a word of its name",
    "model-rows": lambda w: f"its rows' labels, named by {parameter('models')}",
    "cells": lambda w: f"column {w.name!r} writes {w.found!r}",
    "marks": lambda w: "bold or starred cells on every row's best",
    "one-score": lambda w: "one score per data set",
    "one-scale": lambda w: "one metric, one scale",
    "scales-differ": lambda w: units_text(UnitsDiffer(**w.found)),
    "id-folds": lambda w: "the ids' folds",
    "disjoint-tests": lambda w: "disjoint test sets in every repeat",
    "hold-out": lambda w: "the splitter's one split per repeat (a hold-out)",
    "overlapping-tests": lambda w: (
        "the splitter's test sets that overlap within a repeat (random splits)"
    ),
    "sized-splits": lambda w: "splits with their sizes",
    "array-splits": lambda w: "splits given as arrays",
    "score-range": lambda w: "the scores' range",
    "percent": lambda w: "a name or % signs say percent",
    "one-text-column": lambda w: "the one text column",
    "text-beside-dataset": lambda w: "the one text column besides the data set",
    "one-numeric-column": lambda w: "the one numeric column besides the splits and sizes",
    "pandas-index": lambda w: "a pandas index of names",
}


def _option_words(witness):
    if witness.name == "test_train_ratio":
        return f"{option(witness.name, written(f'{witness.found:.4g}'))} gives the splits' sizes"
    # A role given names its column: the option is the role's, its value the column.
    said = (
        option(witness.subject, witness.value)
        if witness.name is None
        else option(witness.name, witness.found)
    )
    return f"the user's choice, {said}" if witness.subject == "direction" else said


def witness_words(witness):
    """A witness in words: ``column 'metric' names the metric``.

    Parameters
    ----------
    witness : Witness

    Returns
    -------
    str
    """
    words = WITNESS_WORDS[witness.source](witness)
    if witness.overrides:
        words += f", over {' and '.join(_overridden(*entry) for entry in witness.overrides)}"
    return words


def _measure_words(witness):
    """A name that said the measure, with the word that spoke: ``the file's name 'errors'
    ('error')``."""
    return f"{name_words(witness.source, witness.name)} ({witness.found!r})"


def _overridden(source, name, found=None):
    if source == "metric-column":
        return f"column {name!r} naming {', '.join(map(repr, found[:3]))}"
    return name_words(source, name)


#: Each reason something is left out (``_spec.LEFT_OUT_REASONS``) in words, from the
#: names and statistic it speaks of.
LEFT_OUT_WORDS = {
    "spec": lambda: "the spec given",
    "no-role": lambda: "no role",
    "text": lambda: "holds text, not a data set's scores",
    "grouping": lambda column: f"groups the rows as {column!r} does",
    "metric-column": lambda generic: f"one metric's own column, beside {generic!r}",
    "other-metric": lambda score: f"names the metric of another score column, not of {score!r}",
    "index": lambda: "a dataframe's index (row labels)",
    "written-index": lambda: "a dataframe's index, written out",
    "default-index": lambda: "a default index (the rows' numbers)",
    "run-seed": lambda: (
        "not a repeat: it differs between the models on one fold (each run's seed), and the "
        "fold pairs them"
    ),
    "descriptor": lambda: "describes the data sets",
    "one-value-each": lambda: "describes the data sets (one value for each)",
    "whole-numbers": lambda: "describes the data sets: whole numbers",
    "outside-scores": lambda: "describes the data sets: outside the range of the scores",
    "not-listed": lambda: f"not among the models given ({parameter('models')})",
    "spread": lambda: "a model's spread",
    "rank": lambda: "a model's rank",
    "pair-statistic": lambda kind, a, b: f"the {kind} of {a!r} against {b!r}, not a model",
    "summary": lambda statistic, what: _summary_words(statistic, SUMMARIZED[what]),
    "no-imputed": lambda: "marks no score as filled in",
    "imputed": lambda column: (
        f"filled-in scores marked by column {column!r}, dropped as {option('imputed', 'drop')} says"
    ),
    "unscored": lambda: "no model has a score on it (every cell empty)",
}
#: What a summary row, model, split or column summarizes, in words.
SUMMARIZED = {
    "rows": "the other rows",
    "models": "the other models",
    "splits": "the other splits",
    "model columns": "the model columns, row by row",
}


def _summary_words(statistic, what):
    if statistic in ("wins", "average rank"):
        return f"each model's {statistic} over {what}"
    return f"the {statistic} of {what}"


def left_out_words(entry):
    """Why an entry was left out, in words: ``the mean of the other rows``.

    Parameters
    ----------
    entry : LeftOut

    Returns
    -------
    str
    """
    return LEFT_OUT_WORDS[entry.reason](*entry.about)


def _files_words(ending, by_folder):
    ending = f"; the files' common ending {ending!r} left out" if ending else ""
    return ending + "; the files that share a name told apart by their folders" * by_folder


def _turned_by(listed):
    return "as the models given name" if listed else f"by {option('layout', 'transposed')}:"


def _listed(names):
    return ", ".join(map(repr, names))


#: Each note of a reading (``_spec.NOTE_CODES``) in words, from what it speaks of.
NOTE_WORDS = {
    "turned-around": lambda column, listed: (
        f"turned around, {_turned_by(listed)} the rows of column {column!r}: a row per "
        "model, a column per data set"
    ),
    "descriptor-model": lambda column: (
        f"{column!r} is named like a description of the data sets (a count), but its values "
        "are scores like the other columns': read as a model"
    ),
    "baseline-model": lambda column: (
        f"{column!r} is named like a summary, but its values are none of the other columns: "
        "read as a model"
    ),
    "fold-suffix": lambda column, suffix: (
        f"the data sets of column {column!r} read as (data set, fold), the fold after "
        f"{suffix!r} ({option('fold_suffix', suffix)})"
    ),
    "fold-suffix-found": lambda column, n_ids, n_names, separator, example, folds: (
        f"the data sets of column {column!r} read as (data set, fold): its {n_ids} ids are "
        f"{n_names} names each followed by a fold after {separator!r} ({example!r}; folds "
        f"{folds}); {option('fold_suffix', '')} reads every id as a data set"
    ),
    "ranks": lambda: "every row ranks the models (1..K): the ranks are compared",
    "decimal-commas": lambda column=None, cell=None: (
        "decimal commas read as decimal points"
        + (f" (column {column!r} writes {cell!r})" if column is not None else "")
    ),
    "commas-and-points": lambda *columns: (
        f"decimal commas and decimal points both read as decimal points ({_listed(columns)})"
    ),
    "thousands": lambda mark: f"thousands grouped by {mark!r} ({option('thousands', mark)})",
    "missing": lambda *spellings: f"{_listed(spellings)} read as a failed or missing score",
    "percent": lambda loss: (
        f"the scores look like percentages (from 0 to 100{', of a loss' * loss}): the default "
        "rope is one percentage point (1)"
    ),
    "metrics-differ": lambda *counts: (
        f"the data sets' metrics differ ({', '.join(f'{m!r} on {n}' for m, n in counts)}): "
        "they do not share one unit"
    ),
    "spreads": lambda n: (
        f"{n} score(s) written as a mean and its spread ('0.95±0.02'): the means are "
        "compared, the spreads kept (spreads()) and not used"
    ),
    "tails": lambda n: (
        f"{n} score(s) followed by a change in percent ('(+1.20%)'), which is not read"
    ),
    "marked": lambda n: (
        f"{n} score(s) carried marks (such as '*', '†', '▲', bold), which are not read"
    ),
    "percent-signs": lambda n: f"{n} score(s) written with a percent sign, read in percent",
    "unicode-forms": lambda *names: (
        f"names written in two Unicode forms read as one ({_listed(names)})"
    ),
    "imputed-kept": lambda count, column: (
        f"{count} scores marked as filled in (column {column!r}) kept, as "
        f"{option('imputed', 'keep')} says"
    ),
    "header-row": lambda row: f"the header read on line {row + 1}, the line(s) above it skipped",
    "footer-rows": lambda count, first: (
        f"{count} line(s) below the table skipped, a note ({first[:60]!r})"
    ),
    "file-per-model": lambda ending, by_folder: (
        f"one file per model, each named by its file{_files_words(ending, by_folder)}"
    ),
    "tsml-files": lambda ending, by_folder: (
        "aeon/tsml per-estimator results files (a row per data set, a column per resample: "
        f"{DESIGNS['resamples']}), the models named by their files"
        f"{_files_words(ending, by_folder)}"
    ),
}


def note_words(note):
    """A note of a reading in words.

    Parameters
    ----------
    note : Note

    Returns
    -------
    str
    """
    return NOTE_WORDS[note.code](*note.about)


#: How the scores were rescaled per data set (``TableSpec.normalize``), in words.
NORMALIZATION_WORDS = {
    "best-worst": (
        "each data set's scores rescaled from its worst model's mean (0) to its best "
        "model's (1), over every model of the table: the rope is a share of that gap"
    )
}


def reading_text(reading, *, hints=False):
    """How a table was read, in one line: the roles, the model columns of a wide table,
    what was left out and why, the notes, the direction and the design.

    Parameters
    ----------
    reading : Reading
    hints : bool, default=False
        Also say where the spec can be corrected (for the command's note).

    Returns
    -------
    str or None
        None when nothing was inferred: a table built from arrays, or a long
        table whose columns bear their roles' names, of scores named greater
        is better, from cross-validation.
    """
    spec = reading.spec
    roles, direction, design = reading.roles, spec.witness("direction"), spec.witness("design")
    said_design = design is not None and reading.design not in ("cross-validation", "means")
    plain = not (reading.left_out or reading.notes or reading.lower_is_better or spec.normalize)
    canonical = reading.layout == "long" and all(r == c for r, c in roles.items())
    if plain and not said_design:
        if reading.layout == "arrays" or (canonical and direction and direction.by == "name"):
            return None
    parts = []
    roles = {role: c for role, c in roles.items() if c not in reading.generated}
    if roles and reading.layout in ("long", "wide"):
        parts.append(", ".join(f"{ROLE_WORDS[role]} = {named(c)}" for role, c in roles.items()))
    if reading.models:
        shown = ", ".join(map(repr, reading.models[:MODELS_SHOWN]))
        more = len(reading.models) - MODELS_SHOWN
        parts.append(f"a column per model ({shown}{f' and {more} more' if more > 0 else ''})")
    parts += _left_out_words(reading.left_out)
    parts += [note_words(note) for note in reading.notes]
    if reading.lower_is_better:
        lower = reading.lower_is_better
        where = ""
        if reading.n_datasets is not None and len(lower) < reading.n_datasets:
            shown = ", ".join(map(repr, lower[:5])) + (", ..." if len(lower) > 5 else "")
            where = f" on {len(lower)} of {reading.n_datasets} data sets ({shown})"
        by = f" ({witness_words(direction)})" if direction is not None else ""
        parts.append(
            f"lower is better{where}{by}: the negated losses are compared, so that a positive "
            "difference A - B still favours A"
        )
    elif direction is not None and (
        direction.by in ("values", "option") or direction.source == "model-columns"
    ):
        parts.append(f"higher is better ({witness_words(direction)})")
    if said_design:
        parts.append(f"the splits are {DESIGNS[reading.design]} ({witness_words(design)})")
    if spec.normalize is not None:
        parts.append(NORMALIZATION_WORDS[spec.normalize])
    if hints and parts:
        parts.append("--print-spec shows the reading, --spec FILE corrects it")
    return "; ".join(parts) or None


def _left_out_words(left_out):
    """The entries left out, grouped by kind and reason, in order."""
    groups, unscored = {}, []
    for entry in left_out:
        if entry.kind == "data set" and entry.reason == "unscored":
            unscored.append(entry.name)
        else:
            groups.setdefault((entry.kind, entry.reason, entry.about), []).append(entry.name)
    words = [unscored_words(unscored)] if unscored else []
    for (kind, code, about), names in groups.items():
        reason = LEFT_OUT_WORDS[code](*about)
        if kind == "column":
            because = "" if code == "no-role" else f" ({reason})"
            words.append(f"ignored {', '.join(map(named, names))}{because}")
        elif kind == "rows":
            words.append(f"left out {', '.join(names)} ({reason})")
        else:
            plural = kind if len(names) == 1 else f"{kind}s"
            words.append(f"left out {plural} {', '.join(map(repr, names))} ({reason})")
    return words


def unscored_words(names):
    """The words on the data sets left out because no model has a score on them."""
    shown = ", ".join(map(repr, names[:5])) + (", ..." if len(names) > 5 else "")
    return (
        f"left out {len(names)} data set(s) on which no model has a score ({shown}): every "
        "cell is empty, as where the metric does not apply"
    )


def named(column):
    """A column as messages name it; the unnamed first column of a pandas CSV, its index."""
    return repr(column) if column else "the unnamed first column (a pandas index)"
