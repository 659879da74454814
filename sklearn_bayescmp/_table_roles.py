"""Which column of a table is the model, the score, the data set, the split: certain or refused.

Tables arrive with the names people give their columns (``classifier``,
``accuracy``, ``run``...). A column takes a role when its name is one of the
common names of that role (case, spaces, dots and dashes ignored); a model or
score column that no name identifies is the one text column (besides the
data set) or the one numeric column (besides the split indices and sizes).
Anything that another reading could explain is refused, naming the
candidates and the option that settles it: two columns for one role, a text
column without a role when no column names the data sets, a column that
changes with the splits the same way for every model. Columns read for no
role are kept in a list, so that the reader says it ignored them.

A score whose name is a loss (a word such as error, loss, rmse, cost,
anywhere in the name, unless it starts with ``neg_`` as scikit-learn's
negated losses do) must say which way is better; a metric column
(OpenML's ``function``, the AutoML Benchmark's ``metric``) says it for each
data set.
"""

import re

import numpy as np

#: The common names of each role, normalised (lower case, ``_`` between words).
ROLE_NAMES = {
    "model": (
        "model",
        "classifier",
        "learner",
        "algorithm",
        "estimator",
        "method",
        "model_name",
        "classifier_name",
        "learner_name",
        "algorithm_name",
        "estimator_name",
        "flow",  # OpenML
        "flow_name",
        "framework",  # the AutoML Benchmark
        "group",  # scikit-posthocs' melted block designs
        "groups",
        "treatment",
        "system",
        "solver",
        "heuristic",
    ),
    "dataset": (
        "dataset",
        "data",
        "data_set",
        "task",
        "problem",
        "dataset_name",
        "data_name",
        "task_name",
        "problem_name",
        "benchmark",
        "instance",
        "block",  # scikit-posthocs' melted block designs
        "blocks",
        "dataset_id",  # identifiers (OpenML's)
        "data_id",
        "did",
        "task_id",
        "tid",
    ),
    "score": (
        "score",
        "test_score",
        "accuracy",
        "acc",
        "auc",
        "roc_auc",
        "f1",
        "f1_score",
        "balanced_accuracy",
        "precision",
        "recall",
        "r2",
        "kappa",
        "mcc",
        "value",  # OpenML's evaluations
        "predictive_accuracy",
        "area_under_roc_curve",
        "result",  # the AutoML Benchmark's
    ),
    "metric": (
        "metric",
        "function",  # OpenML's evaluations
        "measure",
        "metric_name",
        "evaluation_measure",
        "eval_metric",
        "scoring",
        "scorer",
    ),
    "repeat": ("repeat", "run", "seed", "repetition", "rep", "iteration", "trial"),
    "fold": ("fold", "fold_id", "cv_fold"),
    "split": ("split", "split_id", "cv_split", "resample", "resample_id"),
    "n_train": ("n_train", "train_size", "n_train_samples"),
    "n_test": ("n_test", "test_size", "n_test_samples"),
}
#: Score columns that hold whichever metric a metric column names (the AutoML
#: Benchmark's "result", OpenML's "value"), as opposed to one metric's own column.
GENERIC_SCORE_NAMES = ("score", "test_score", "value", "result")
#: The order in which a long table's roles are looked for: the metric before the
#: score, which it may choose among several score columns.
_LONG_ROLE_ORDER = (
    "model",
    "dataset",
    "metric",
    "score",
    "repeat",
    "fold",
    "split",
    "n_train",
    "n_test",
)
#: How the roles are said in messages and in what the reader inferred.
ROLE_WORDS = {
    "model": "model",
    "dataset": "data set",
    "score": "score",
    "metric": "metric",
    "split": "split",
    "repeat": "repeat",
    "fold": "fold",
    "n_train": "n_train",
    "n_test": "n_test",
}
#: The roles of a split's identity and size, which a wide table has too.
SPLIT_ROLES = ("split", "repeat", "fold", "n_train", "n_test")
#: Columns that describe a data set (its size, shape, a graph's radius), by their
#: normalised names: never models or scores, unless named so.
DESCRIPTOR_NAMES = frozenset(
    {
        "size",
        "n",
        "samples",
        "instances",
        "features",
        "attributes",
        "classes",
        "dimension",
        "dimensions",
        "dim",
        "length",
        "series_length",
        "rows",
        "columns",
        "nodes",
        "edges",
        "vertices",
        "radius",
        "diameter",
        "density",
        "degree",
        "imbalance",
        "imbalance_ratio",
        "majority_class",
        "minority_class",
        "missing_values",
    }
)
#: Prefixes of a count that describes a data set ("n_samples", "num_features",
#: "number_of_classes").
DESCRIPTOR_PREFIXES = ("n_", "num_", "number_of_", "nr_", "no_of_")
#: Words that make a score a loss (lower is better), wherever they stand in its name.
LOSS_WORDS = frozenset(
    {
        "error",
        "errors",
        "err",
        "loss",
        "losses",
        "logloss",
        "crossentropy",
        "rmse",
        "mse",
        "mae",
        "mape",
        "smape",
        "msle",
        "rmsle",
        "medae",
        "brier",
        "misclassification",
        "misclassifications",
        "cost",
        "costs",
        "regret",
        "deviance",
        "perplexity",
        "nll",
        "risk",
        "time",
        "duration",
        "runtime",
        "latency",
    }
)
#: Loss words that name a cost of running, not of predicting: never taken for the score
#: column unless it is named so.
_COST_OF_RUNNING = frozenset({"time", "duration", "runtime", "latency"})
#: Losses named by several words, none of which is a loss alone.
LOSS_PHRASES = ("cross_entropy", "negative_log_likelihood", "log_likelihood_loss")


def normalised(name):
    """A column's name as its role lists spell it: ``"Data Set"``, ``"data.set"``,
    ``"dataSet"`` -> ``"data_set"``."""
    text = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", str(name).strip())
    return "_".join(word for word in re.split(r"[\W_]+", text.lower()) if word)


def is_descriptor_name(name):
    """Whether ``name`` describes a data set ("Size", "n_samples", "radius") rather than
    holding a model's scores."""
    text = normalised(name)
    return text in DESCRIPTOR_NAMES or (
        text.startswith(DESCRIPTOR_PREFIXES)
        and text not in ROLE_NAMES["n_train"] + ROLE_NAMES["n_test"]
    )


def is_role_name(name):
    """Whether ``name`` is a common name of a column's role ("dataset", "fold", "classifier"...)."""
    return name is not None and any(normalised(name) in names for names in ROLE_NAMES.values())


def loss_word(name):
    """The word of ``name`` that makes it a loss ("error" in "test_error"), or None.

    A name that starts with ``neg_`` is scikit-learn's negated loss: greater
    is better.
    """
    text = normalised(name)
    if text.startswith("neg_"):
        return None
    phrase = next((p for p in LOSS_PHRASES if p in text), None)
    if phrase is not None:
        return phrase
    return next((word for word in text.split("_") if word in LOSS_WORDS), None)


def _is_numeric(raw, column):
    try:
        raw.numbers(column, empty_is_missing=True)
    except (TypeError, ValueError):
        return False
    return True


def _groups(raw):
    """Columns by normalised name (two columns can share one: ``Score`` and ``score``)."""
    groups = {}
    for column in raw.names:
        groups.setdefault(normalised(column), []).append(column)
    return groups


def _codes(values):
    index = {}
    return np.array([index.setdefault(v, len(index)) for v in values.tolist()], dtype=np.int64)


def _same_grouping(raw, first, second):
    """Whether two columns group the rows alike (a data set's name and its id)."""
    a, b = _codes(raw.columns[first]), _codes(raw.columns[second])
    pairs = np.unique(np.column_stack([a, b]), axis=0)
    return len(pairs) == a.max(initial=-1) + 1 == b.max(initial=-1) + 1


def _one_of_alike(raw, role, matches):
    """One column of ``matches`` when all group the rows alike (a name beats an id),
    and the others, to be named as ignored; else a refusal naming them.

    A column of one value beside columns of several cannot tell models or
    data sets apart: it is left out first.
    """
    varying = [c for c in matches if _codes(raw.columns[c]).max(initial=-1) > 0] or matches
    if all(_same_grouping(raw, varying[0], other) for other in varying[1:]):
        names = [c for c in varying if not _is_numeric(raw, c)] or varying
        return names[0], [c for c in matches if c != names[0]]
    refuse(raw, role, varying)


def _match(raw, groups, role, taken, ignored, metric_found=False):
    """The column of ``role`` found by its name, or None; two candidates are refused.

    With a metric column (``metric_found``), one generic score column
    ("result", "value") among several candidates is the score.
    """
    matches = [c for name in ROLE_NAMES[role] for c in groups.get(name, ()) if c not in taken]
    if role == "score" and not matches:  # a loss's name: "test_error", "RMSE"...
        matches = [
            c
            for c in raw.names
            if c not in taken
            and loss_word(c) not in (None, *_COST_OF_RUNNING)
            and _is_numeric(raw, c)
        ]
    if len(matches) > 1 and role in ("model", "dataset"):
        column, alike = _one_of_alike(raw, role, matches)
        ignored += alike
        return column
    generic = [c for c in matches if normalised(c) in GENERIC_SCORE_NAMES]
    if role == "score" and len(matches) > 1 and len(generic) == 1 and metric_found:
        # "result" holds the metric that the metric column names; "acc", "auc",
        # "logloss" beside it are each one metric's own column.
        ignored += [c for c in matches if c != generic[0]]
        return generic[0]
    if len(matches) > 1:
        refuse(raw, role, matches)
    return matches[0] if matches else None


def infer_roles(raw, given, *, metric=None):
    """The long layout's column options, the given ones completed from the columns' names.

    A metric column describes a generic score column ("result", "value"):
    beside a score column of one metric's own ("auc", "logloss"), it is
    ignored (unless ``metric`` keeps some of its rows). A repeat column found
    by its name ("seed") whose value differs between the models on one fold,
    while the fold alone pairs them, is a run's seed, not a repeat: ignored.

    Parameters
    ----------
    raw : RawColumns
    given : dict
        The options the caller passed (``model=``, ``score=``, ``dataset=``...).
    metric : str, default=None
        The metric whose rows are kept (``metric=``), if any.

    Returns
    -------
    options : dict or None
        The options with every role found; None when no model column can be
        identified and no column is named like a score (the table is then
        wide).
    ignored : list of str
        The columns read for no role.
    notes : list of str
        Why a column named like a role was ignored, for what the reader says.
    """
    groups = _groups(raw)
    found = {role: given[role] for role in ROLE_NAMES if given.get(role) is not None}
    taken, ignored = set(found.values()), []
    for role in _LONG_ROLE_ORDER:
        if role not in found:
            column = _match(raw, groups, role, taken | set(ignored), ignored, "metric" in found)
            if column is not None:
                found[role] = column
                taken.add(column)
    score = found.get("score")
    if "metric" in found and score is not None and metric is None:
        if normalised(score) not in GENERIC_SCORE_NAMES:  # not the metric column's score
            ignored.append(found.pop("metric"))
    notes = []
    if _seed_of_a_run(raw, found, given):
        seed = found.pop("repeat")
        ignored.append(seed)
        notes.append(
            f"{seed!r} is not a repeat: it differs between the models on one fold (each "
            "run's seed), and the fold pairs them"
        )
    rest = [c for c in raw.names if c not in taken and c not in ignored]
    text = [c for c in rest if not _is_numeric(raw, c)]
    # A data set's size or shape is never the score (nor a model, in a wide table).
    descriptors = [c for c in rest if c not in text and is_descriptor_name(c)]
    numeric = [c for c in rest if c not in text and c not in descriptors]
    score_named = "score" in found
    if "model" not in found:
        if len(text) == 1:
            found["model"] = text.pop()
        elif len(text) > 1 and score_named:
            _refuse_unnamed(raw, text, "dataset" in found)
        else:
            return None, [], []  # no model column: a wide table
    if "score" not in found:
        if len(numeric) != 1:
            if given.get("model") is None and not is_role_name(found["model"]):
                return None, [], []  # one text column and several numeric ones: a wide table
            split = any(found.get(role) for role in ("dataset", "split", "repeat", "fold"))
            if not split and len(set(raw.columns[found["model"]].tolist())) == raw.n_rows:
                _refuse_turned_around(raw, found["model"])  # a row per model
            refuse(raw, "score", numeric)
        found["score"] = numeric.pop()
    absent = [c for c in found.values() if c not in raw.columns]
    if absent:  # a column named by the caller: the layout says it is missing
        return {**given, **found}, [*ignored, *text, *numeric, *descriptors], notes
    if "dataset" not in found:
        _refuse_data_set_candidates(raw, text + numeric + descriptors, found)
    if len(set(raw.columns[found["model"]].tolist())) < 2:
        _refuse_one_model(raw, found["model"], text)
    return {**given, **found}, [*ignored, *text, *numeric, *descriptors], notes


def _seed_of_a_run(raw, found, given):
    """Whether the repeat column found by its name is each run's seed: it differs between
    the models on a fold, and the fold alone pairs the models (one row per data set,
    model and fold)."""
    repeat, fold, model = found.get("repeat"), found.get("fold"), found.get("model")
    if given.get("repeat") is not None or None in (repeat, fold, model):
        return False
    if any(column not in raw.columns for column in (repeat, fold, model)):
        return False
    dataset = found.get("dataset")
    datasets = _codes(raw.columns[dataset]) if dataset in raw.columns else np.zeros(raw.n_rows)
    cell = np.column_stack([datasets, _codes(raw.columns[fold])]).astype(np.int64)
    models = _codes(raw.columns[model])
    if len(np.unique(np.column_stack([cell, models]), axis=0)) != raw.n_rows:
        return False  # a fold holds several rows of a model: the column tells them apart
    seeds = _codes(raw.columns[repeat])
    return len(np.unique(np.column_stack([cell, seeds]), axis=0)) > len(np.unique(cell, axis=0))


def _refuse_one_model(raw, column, text):
    """A model column of one name: a comparison needs two models, maybe in another column."""
    if not raw.n_rows:
        raise ValueError(f"{raw.source} has no rows; a comparison needs scores.")
    name = raw.columns[column][:1].tolist()[0]
    others = f" If {text} names the models, pass model=<column>." if text else ""
    raise ValueError(
        f"{raw.source}: column {column!r}, read as the model, holds one name ({name!r}); a "
        f"comparison needs two or more models.{others}"
    )


def _refuse_unnamed(raw, text, dataset_found):
    what = "model" if dataset_found else "model and which the data set"
    option = "model=<column>" if dataset_found else "model=<column> and dataset=<column>"
    raise ValueError(
        f"{raw.source}: cannot tell which column holds the {what}: columns {text} hold text "
        f"and none is named like one. Name them with {option}."
    )


def _refuse_data_set_candidates(raw, columns, found):
    """Without a data-set column, refuse a column that could name the data sets.

    A text column could; so could a column that takes two or more values,
    every one of them shared by every model, and that stays the same within
    each split (a data set's id, a repeat, a split's size): read as nothing,
    it would merge the data sets or the repeats.
    """
    models = _codes(raw.columns[found["model"]])
    keys = [found[role] for role in ("split", "repeat", "fold") if found.get(role)]
    split = None
    for key in keys:  # one code per distinct (split, repeat, fold)
        codes = _codes(raw.columns[key])
        split = codes if split is None else _codes(split * (codes.max() + 1) + codes)
    for column in columns:
        text = not _is_numeric(raw, column)
        if not text and not _could_name_data_sets(_codes(raw.columns[column]), models, split):
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


def wide_roles(raw, given):
    """The roles of a wide table's columns besides its models.

    Parameters
    ----------
    raw : RawColumns
    given : dict
        The wide layout's options (``dataset=``, ``split=``...; ``models=``).

    Returns
    -------
    roles : dict of str to str
        The data set, split, repeat, fold, size and metric columns found.
    models : list of str
        The model columns: ``given["models"]``, or every other column.
    ignored : list of str
        The columns read for no role (a data set's descriptors, a default index).
    """
    groups = _groups(raw)
    found = {role: given[role] for role in ("dataset", *SPLIT_ROLES) if given.get(role)}
    taken, ignored = set(found.values()) | set(given.get("models") or ()), []
    for role in ("metric", *SPLIT_ROLES, "dataset"):
        if role not in found:
            column = _match(raw, groups, role, taken, ignored)
            if column is not None:
                found[role] = column
                taken.add(column)
    if given.get("models") is not None:
        return found, list(given["models"]), ignored
    _index_column(raw, found, taken, ignored)
    named = [
        c
        for c in raw.names
        if c not in taken and normalised(c) in ROLE_NAMES["model"] and not _is_numeric(raw, c)
    ]
    if named:
        _refuse_turned_around(raw, named[0])
    rest = [c for c in raw.names if c not in taken and c not in ignored]
    text = [c for c in rest if c and not _is_numeric(raw, c)]
    if "dataset" not in found and len(text) == 1:
        found["dataset"] = text.pop()
    descriptors = [c for c in rest if c not in text and is_descriptor_name(c)]
    _check_descriptors(raw, descriptors, found.get("dataset"))
    ignored += descriptors
    rest = [c for c in rest if c not in descriptors]
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
    models = [c for c in rest if c not in found.values()]
    if "" in models:
        position = raw.names.index("") + 1
        raise ValueError(
            f"{raw.source} has a column without a name (column {position}; a dataframe's "
            "index written by to_csv?). Name it, drop it (to_csv(index=False)), or list "
            "the model columns with models=[...]."
        )
    if not models:
        raise ValueError(f"{raw.source} has no model columns besides {raw.names}.")
    return found, models, ignored


def _index_column(raw, found, taken, ignored):
    """A pandas CSV's index (the first column, its header empty): the data sets when it
    holds names, nothing when it numbers the rows 0, 1, ... (a default index)."""
    if not raw.names or raw.names[0] != "" or "" in taken:
        return
    if not _is_numeric(raw, ""):
        if "dataset" in found:
            raise ValueError(
                f"{raw.source}: the first column has no name (a pandas index) and holds names, "
                f"beside the data-set column {found['dataset']!r}; name it, or drop it "
                "(to_csv(index=False))."
            )
        found["dataset"] = ""
        taken.add("")
        return
    values, _ = raw.numbers("", empty_is_missing=True)
    if np.array_equal(values, np.arange(raw.n_rows)):
        ignored.append("")  # a default index: row numbers


def _check_descriptors(raw, columns, dataset):
    """A column named like a data set's descriptor must be one: the same on every row of a
    data set (a model's scores vary with the splits)."""
    if dataset is None or not columns:
        return
    groups = _codes(raw.columns[dataset])
    for column in columns:
        values = _codes(raw.columns[column])
        if len(np.unique(np.column_stack([groups, values]), axis=0)) != groups.max() + 1:
            raise ValueError(
                f"{raw.source}: column {column!r} is named like a description of the data "
                "sets (a size, a count, a radius...), but it varies within a data set. If it "
                "holds a model's scores, list the model columns with models=[...]."
            )


def _refuse_turned_around(raw, column):
    """Refuse a table with a row per model, as a wide table's reader would misread it."""
    raise ValueError(
        f"{raw.source}: column {column!r} names a model on each row, so the table has a row "
        "per model, while a wide table has a column per model; read this way its data sets "
        "would become the models. Turn it around (pandas: "
        f"df.set_index({column!r}).T), or reshape it to one row per model and data set (or "
        "split) and read it as a long table."
    )


def refuse(raw, role, candidates):
    """Refuse a table whose ``role`` no column, or several, could hold."""
    what = f"columns {candidates}" if candidates else "no column"
    raise ValueError(
        f"{raw.source}: cannot tell which column holds the {ROLE_WORDS[role]}: {what} could. "
        f"Name it with {role}=<column>."
    )


def check_greater_is_better(greater_is_better):
    """``greater_is_better`` as given: True, False or None; anything else is refused."""
    if greater_is_better is None or isinstance(greater_is_better, (bool, np.bool_)):
        return None if greater_is_better is None else bool(greater_is_better)
    raise TypeError(
        f"`greater_is_better` must be True, False or None; got {greater_is_better!r} of type "
        f"{type(greater_is_better).__name__}. Pass the boolean False for a loss."
    )


def check_direction(score, greater_is_better, source):
    """Whether the scores of ``score`` must be negated (a loss); refuses a loss's name
    without a direction."""
    if greater_is_better is None:
        word = loss_word(score)
        if word is not None:
            raise ValueError(
                f"{source}: the score column {score!r} looks like a loss ({word!r}: lower is "
                "better), which would reverse every conclusion. Pass greater_is_better=False "
                "to compare its negative, or greater_is_better=True if higher is better."
            )
        return False
    return not greater_is_better


def metric_directions(metrics, greater_is_better, source, column):
    """Which data sets' scores are a loss, as their metric says (a loss's name).

    Parameters
    ----------
    metrics : dict of str to str
        Each data set's metric.
    greater_is_better : bool or None
        As given; a direction that a metric contradicts is refused.
    source, column : str
        For messages.

    Returns
    -------
    set of str
        The data sets whose scores are to be negated.
    """
    losses = {name for name, metric in metrics.items() if loss_word(metric) is not None}
    if greater_is_better is None:
        return losses
    against = set(metrics) - losses if greater_is_better is False else losses
    if against:
        name = sorted(against)[0]
        raise ValueError(
            f"{source}: greater_is_better={greater_is_better} contradicts column {column!r}, "
            f"whose metric {metrics[name]!r} (data set {name!r}) is "
            f"{'a loss' if name in losses else 'a score'}. Leave greater_is_better unset: "
            "the metric says which way is better."
        )
    return set(metrics) if greater_is_better is False else set()


#: A table is read as percentages when its scores lie within [0, 100] and some exceed this.
_PERCENT_ABOVE = 1.5


def scale_note(data, models, lower_is_better):
    """A note when the scores look like percentages, or a refusal when some model or data
    set is on another scale than the rest.

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
    if every.size and every.max() > _PERCENT_ABOVE and np.all(every == np.round(every)):
        # Counts (colours, errors, steps) as often as percentages: say the units only.
        return (
            f"the scores are whole numbers (from {every.min():g} to {every.max():g}): the rope "
            "is in their units, so the default rope=0.01 is a hundredth of one unit. Pass "
            "the rope that is practically nothing in those units (rope=1 for one point of a "
            "percentage)."
        )
    if not every.size or every.min() < 0 or not _PERCENT_ABOVE < every.max() <= 100:
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
        percents = [k for k in range(len(models)) if largest[k] > _PERCENT_ABOVE]
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
    percents = [name for name, value in largest.items() if value > _PERCENT_ABOVE]
    if fractions and percents:
        raise ValueError(
            f"Data set {fractions[0]!r} has every score at most 1 while data set "
            f"{percents[0]!r} has scores up to {largest[percents[0]]:.4g}: fractions and "
            "percentages are mixed across data sets, so a rope in one unit would be a hundred "
            "times too wide or too narrow on the others. Put every score on one scale (divide "
            "the percentages by 100)."
        )
