"""Step 4 of reading a table: the columns' roles, decided (names propose, values decide).

A column takes a role when the user names it (an option), when its name is
one of the role's common names and the values agree, or when the values
alone leave no other reading (the one text column besides the data set is
the model). Anything another reading could explain is refused, naming the
candidates and the option that settles it. Every column left out is kept
with its reason, so that the reader says it.
"""

from dataclasses import dataclass, field

import numpy as np

from ._evidence import (
    bracketed_ranks,
    check_companion,
    check_descriptor,
    groups_the_splits,
    is_baseline_name,
    numbers_the_rows,
    one_of_alike,
    refuse,
    refuse_data_set_candidates,
    refuse_one_model,
    refuse_scale_outliers,
    refuse_turned_around,
    refuse_unnamed,
    scale_outliers,
    seed_of_a_run,
    summary_statistic,
    summary_words,
)
from ._reading import LeftOut, Witness
from ._roles import (
    COST_OF_RUNNING,
    GENERIC_SCORE_NAMES,
    LONG_ROLE_ORDER,
    ROLE_NAMES,
    SPLIT_ROLES,
    WEAK_DESCRIPTOR_NAMES,
    companion_of,
    is_descriptor_name,
    is_index_name,
    is_role_name,
    is_summary_name,
    loss_word,
    normalised,
    score_word,
    words_of,
)


@dataclass
class Roles:
    """The roles decided: each role's column, how it was found, and what was left out."""

    found: dict
    witnesses: list = field(default_factory=list)
    left_out: list = field(default_factory=list)
    models: list = field(default_factory=list)
    notes: list = field(default_factory=list)

    def leave_out(self, column, reason):
        if column not in [entry.name for entry in self.left_out if entry.kind == "column"]:
            self.left_out.append(LeftOut("column", column, reason))


def _groups(raw):
    """Columns by normalised name (two columns can share one: ``Score`` and ``score``)."""
    groups = {}
    for column in raw.names:
        groups.setdefault(normalised(column), []).append(column)
    return groups


def _split_by_word(raw, found, how, taken):
    """Without a split, repeat or fold column, the one column whose name holds "fold",
    "split" or "resample" among other words ("dataset_fold_id", TabZilla's) is the split."""
    if any(found.get(role) for role in ("split", "repeat", "fold")):
        return
    words = {"fold", "split", "resample"}
    named = [c for c in raw.names if c not in taken and words & set(words_of(c))]
    if len(named) == 1:
        found["split"], how["split"] = named[0], ("name", "a word of its name")
        taken.add(named[0])


def _match(raw, groups, role, taken, roles, metric_found=False):
    """The column of ``role`` found by its name, or None; two candidates are refused.

    With a metric column (``metric_found``), one generic score column
    ("result", "value") among several candidates is the score.
    """
    matches = [c for name in ROLE_NAMES[role] for c in groups.get(name, ()) if c not in taken]
    if role == "score" and not matches:
        # A metric's name: a loss's ("test_error", "RMSE") or a score's ("Accuracy__test");
        # several such columns are several candidates, not a loss picked among scores.
        matches = [
            c
            for c in raw.names
            if c not in taken
            and (loss_word(c) not in (None, *COST_OF_RUNNING) or score_word(c) is not None)
            and raw.is_numeric(c)
        ]
    if len(matches) > 1 and role in ("model", "dataset"):
        column, alike = one_of_alike(raw, role, matches)
        for other in alike:
            roles.leave_out(other, f"groups the rows as {column!r} does")
        return column
    generic = [c for c in matches if normalised(c) in GENERIC_SCORE_NAMES]
    if role == "score" and len(matches) > 1 and len(generic) == 1 and metric_found:
        # "result" holds the metric that the metric column names; "acc", "auc",
        # "logloss" beside it are each one metric's own column.
        for other in matches:
            if other != generic[0]:
                roles.leave_out(other, f"one metric's own column, beside {generic[0]!r}")
        return generic[0]
    if len(matches) > 1:
        refuse(raw, role, matches)
    return matches[0] if matches else None


def _dataframe_index(raw, roles, column, taken):
    """A dataframe's index written as a column: left out when it numbers the rows, or
    names nothing another column does not."""
    if column not in raw.index_columns or column in taken:
        return False
    if raw.is_numeric(column):
        values, _ = raw.numbers(column, empty_is_missing=True)
        if numbers_the_rows(values) or not is_role_name(column):
            roles.leave_out(column, "a dataframe's index (row labels)")
            return True
    return False


def decide_long_roles(raw, given, *, metric=None):
    """The long layout's roles, the given ones completed from the columns' names and values.

    A metric column describes a generic score column ("result", "value"):
    beside a score column of one metric's own ("auc", "logloss"), it is left
    out (unless ``metric`` keeps some of its rows). A repeat column found by
    its name ("seed") whose value differs between the models on one fold,
    while the fold alone pairs them, is a run's seed, not a repeat: left out.

    Parameters
    ----------
    raw : RawColumns
    given : dict
        The options the caller passed (``model=``, ``score=``, ``dataset=``...).
    metric : str, default=None
        The metric whose rows are kept (``metric=``), if any.

    Returns
    -------
    Roles or None
        None when no model column can be identified and no column is named
        like a score (the table is then wide).
    """
    groups = _groups(raw)
    found = {role: given[role] for role in ROLE_NAMES if given.get(role) is not None}
    roles = Roles(found)
    how = dict.fromkeys(found, ("option", "given"))
    taken = set(found.values())
    for column in raw.index_columns:
        _dataframe_index(raw, roles, column, taken)
    for role in LONG_ROLE_ORDER:
        if role not in found:
            left = {entry.name for entry in roles.left_out}
            column = _match(raw, groups, role, taken | left, roles, "metric" in found)
            if column is not None:
                found[role], how[role] = column, ("name", "its name")
                taken.add(column)
    _split_by_word(raw, found, how, taken)
    score = found.get("score")
    if "metric" in found and score is not None and metric is None:
        # The metric column describes a generic score ("result") or one named after it
        # ("metric_error", TabArena's error of the metric), not one metric's own column.
        generic = normalised(score) in GENERIC_SCORE_NAMES or "metric" in words_of(score)
        if not generic:
            column = found.pop("metric")
            roles.leave_out(column, f"names the metric of another score column, not of {score!r}")
    if seed_of_a_run(raw, found, given):
        seed = found.pop("repeat")
        roles.leave_out(
            seed,
            "not a repeat: it differs between the models on one fold (each run's seed), and "
            "the fold pairs them",
        )
    left = {entry.name for entry in roles.left_out}
    rest = [c for c in raw.names if c not in taken and c not in left]
    text = [c for c in rest if not raw.is_numeric(c)]
    # A data set's size or shape is never the score (nor a model, in a wide table).
    descriptors = [c for c in rest if c not in text and is_descriptor_name(c)]
    numeric = [c for c in rest if c not in text and c not in descriptors]
    score_named = "score" in found
    if "model" not in found:
        if len(text) == 1:
            if raw.score_share(text[0]) > 0.5:  # scores but for some cells: name the first
                raw.numbers(text[0], empty_is_missing=True)
            found["model"] = text.pop()
            how["model"] = ("values", "the one text column besides the data set")
        elif len(text) > 1 and score_named:
            refuse_unnamed(raw, text, "dataset" in found)
        else:
            return None  # no model column: a wide table
    if "score" not in found:
        if len(numeric) != 1:
            if given.get("model") is None and not is_role_name(found["model"]):
                return None  # one text column and several numeric ones: a wide table
            split = any(found.get(role) for role in ("dataset", "split", "repeat", "fold"))
            if not split and len(set(raw.columns[found["model"]].tolist())) == raw.n_rows:
                refuse_turned_around(raw, found["model"])  # a row per model
            refuse(raw, "score", numeric)
        found["score"] = numeric.pop()
        how["score"] = ("values", "the one numeric column besides the splits and sizes")
    for column in text + numeric:
        roles.leave_out(column, "no role")
    for column in descriptors:
        roles.leave_out(column, "describes the data sets")
    absent = [c for c in found.values() if c not in raw.columns]
    if not absent:  # a column named by the caller but missing: the layout says so
        if "dataset" not in found:
            refuse_data_set_candidates(raw, text + numeric + descriptors, found)
        if len(set(raw.columns[found["model"]].tolist())) < 2:
            refuse_one_model(raw, found["model"], text)
    roles.found = {**given, **found}
    roles.witnesses = [
        Witness(role, found[role], *how[role]) for role in ROLE_NAMES if role in found
    ]
    return roles


def decide_wide_roles(raw, given):
    """The roles of a wide table's columns besides its models, and its model columns.

    Parameters
    ----------
    raw : RawColumns
    given : dict
        The wide layout's options (``dataset=``, ``split=``...; ``models=``).

    Returns
    -------
    Roles
        ``found``: the data set, split, repeat, fold, size, metric and
        filled-in columns; ``models``: the model columns (``given["models"]``,
        or every column the names and the values leave).
    """
    groups = _groups(raw)
    found = {role: given[role] for role in ("dataset", *SPLIT_ROLES) if given.get(role)}
    roles = Roles(found)
    how = dict.fromkeys(found, ("option", "given"))
    listed = list(given.get("models") or ())
    taken = set(found.values()) | set(listed)
    for role in ("metric", *SPLIT_ROLES, "dataset", "imputed"):
        if role not in found:
            column = _match(raw, groups, role, taken, roles)
            if column is not None:
                found[role], how[role] = column, ("name", "its name")
                taken.add(column)
    _split_by_word(raw, found, how, taken)
    if listed:
        for column in raw.names:
            if column not in taken and column not in {e.name for e in roles.left_out}:
                roles.leave_out(column, "not among the models given (`models`)")
        roles.models = listed
        roles.witnesses = _witnesses(found, how)
        return roles
    _index_column(raw, roles, found, how, taken)
    for column in raw.index_columns:
        _dataframe_index(raw, roles, column, taken)
    named_models = [
        c
        for c in raw.names
        if c not in taken and normalised(c) in ROLE_NAMES["model"] and not raw.is_numeric(c)
    ]
    if named_models:
        refuse_turned_around(raw, named_models[0])
    left = {entry.name for entry in roles.left_out}
    rest = [c for c in raw.names if c not in taken and c not in left]
    text = [c for c in rest if c and not raw.is_numeric(c)]
    if "dataset" not in found and len(text) == 1:
        found["dataset"] = text.pop()
        how["dataset"] = ("values", "the one text column")
    rest = [c for c in rest if c not in text and c != found.get("dataset")]
    splits = [found[r] for r in ("split", "repeat", "fold") if found.get(r)]
    if "dataset" not in found:
        grouping = [c for c in rest if c and groups_the_splits(raw, c, splits)]
        if grouping:
            raise ValueError(
                f"{raw.source}: column {grouping[0]!r} has no role, and no column names the "
                f"data sets; its values could: each is on several rows, which the split "
                f"columns ({', '.join(map(repr, splits))}) tell apart only with it. If it "
                f"names the data sets, pass dataset={grouping[0]!r}; if it is a model's "
                "scores, list the model columns with models=[...]."
            )
    for column in text:  # scores but for some cells: name the first cell that is not one
        if raw.score_share(column) > 0.5:
            raw.numbers(column, empty_is_missing=True)
    if text:
        raise ValueError(
            f"{raw.source}: columns {text} hold text, so they are not scores of models, and a "
            "wide table (a column per model) has one data-set column: name it with "
            "dataset=<column> and list the model columns with models=[...]. If the table is "
            "long (a row per data set, model and split), name its columns with model=<column> "
            "and score=<column>."
        )
    if "" in rest:
        position = raw.names.index("") + 1
        raise ValueError(
            f"{raw.source} has a column without a name (column {position}; a dataframe's "
            "index written by to_csv?). Name it, drop it (to_csv(index=False)), or list "
            "the model columns with models=[...]."
        )
    roles.models = _model_columns(raw, roles, rest, found.get("dataset"))
    if not roles.models:
        raise ValueError(f"{raw.source} has no model columns besides {raw.names}.")
    roles.witnesses = _witnesses(found, how)
    return roles


def _witnesses(found, how):
    return [Witness(role, found[role], *how[role]) for role in ROLE_NAMES if role in found]


def _index_column(raw, roles, found, how, taken):
    """A pandas CSV's index (the first column, its header empty): the data sets when it
    holds names, nothing when it numbers the rows 0, 1, ... (a default index)."""
    if not raw.names or raw.names[0] != "" or "" in taken:
        return
    if not raw.is_numeric(""):
        if "dataset" in found:
            raise ValueError(
                f"{raw.source}: the first column has no name (a pandas index) and holds names, "
                f"beside the data-set column {found['dataset']!r}; name it, or drop it "
                "(to_csv(index=False))."
            )
        found["dataset"], how["dataset"] = "", ("values", "a pandas index of names")
        taken.add("")
        return
    values, _ = raw.numbers("", empty_is_missing=True)
    if numbers_the_rows(values):
        roles.leave_out("", "a default index (the rows' numbers)")


def _model_columns(raw, roles, candidates, dataset):
    """The model columns of a wide table: the candidates that the names and the values
    leave, once a dataframe's index, the models' companions (spreads, ranks),
    summaries of the models (an average column), descriptions of the data sets and
    columns on another scale are left out (or refused, where names and values
    disagree)."""
    values = {c: raw.numbers(c, empty_is_missing=True)[0] for c in candidates}
    models = []
    for column in candidates:
        if is_index_name(column) and (
            numbers_the_rows(values[column]) or _increasing_whole(values[column])
        ):
            roles.leave_out(column, "a dataframe's index, written out")
        else:
            models.append(column)
    plain = [c for c in models if not is_summary_name(c) and not is_descriptor_name(c)]
    for column in list(models):
        companion = companion_of(column, [c for c in plain if c != column])
        if companion is not None:
            model, kind = companion
            reason = check_companion(raw, column, model, kind, len(plain) - 1)
            roles.leave_out(column, reason)
            models.remove(column)
    plain = [c for c in plain if c in models]
    matrix = np.column_stack([values[c] for c in plain]) if len(plain) > 1 else None
    for column in [c for c in models if is_descriptor_name(c) and c not in plain]:
        try:
            reason = check_descriptor(raw, column, dataset, matrix)
        except ValueError:
            if normalised(column) not in WEAK_DESCRIPTOR_NAMES:
                raise
            roles.notes.append(
                f"{column!r} is named like a description of the data sets (a count), but its "
                "values are scores like the other columns': read as a model"
            )
            continue
        roles.leave_out(column, reason)
        models.remove(column)
    # A summary is of the models that remain (a single letter read as a model included).
    plain = [c for c in models if not is_summary_name(c)]
    for column in [c for c in models if is_summary_name(c)]:
        others = [c for c in plain if c != column]
        statistic = None
        if len(others) >= 2:
            summary = values[column]
            stack = np.column_stack([values[c] for c in others]).T
            statistic = summary_statistic(summary, stack, named=True)
        if statistic is not None:
            roles.leave_out(column, summary_words(statistic, "the model columns, row by row"))
            models.remove(column)
        elif is_baseline_name(column):
            roles.notes.append(
                f"{column!r} is named like a summary, but its values are none of the other "
                "columns: read as a model"
            )
        else:
            raise ValueError(
                f"{raw.source}: column {column!r} is named like a summary of the model columns, "
                "but its values are not their mean, median, sum, extremes, wins or average "
                "rank, row by row. If it is a model, list the model columns with models=[...]; "
                "otherwise drop it."
            )
    for column in list(models):
        others = [c for c in models if c != column]
        if len(others) >= 3:
            stack = np.column_stack([values[c] for c in others]).T
            if summary_statistic(values[column], stack, named=False) is not None:
                raise ValueError(
                    f"{raw.source}: column {column!r} equals the row mean of the other model "
                    "columns on every row (to the table's printed precision): a summary "
                    "column? Drop it, or list the model columns with models=[...]."
                )
    bracketed_ranks(raw, models)
    outliers = scale_outliers({c: values[c] for c in models})
    if outliers:
        refuse_scale_outliers(raw.source, outliers)
    return models


def _increasing_whole(values):
    """Whole numbers that only increase (an index of rows some of which were dropped)."""
    finite = values[np.isfinite(values)]
    return (
        finite.size == values.size
        and bool(np.all(finite == np.round(finite)))
        and bool(np.all(np.diff(finite) > 0))
    )


def wide_turned_around(raw, models):
    """The text column whose rows the given ``models`` name, if any (a table with a row
    per model, as USB publishes its results)."""
    wanted = set(models)
    for column in raw.names:
        if column in wanted or raw.is_numeric(column):
            continue
        if wanted <= set(raw.labels(column, "models").tolist()):
            return column
    return None
