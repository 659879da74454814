"""Which column of a long table is the model, the score, the data set, the split.

Tables arrive with the names people give their columns (``classifier``,
``accuracy``, ``run``...). A column takes a role when its name is one of the
common names of that role (case and spaces ignored); a model or score column
that no name identifies is the one text column (besides the data set) or the
one numeric column (besides the split indices and sizes). Anything ambiguous is
refused with the candidates and the option that settles it. Scores that name a
loss (error, RMSE...) must say which way is better.
"""

import numpy as np

#: The common names of each role, normalised (lower case, ``_`` for spaces and ``-``).
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
        "group",  # scikit-posthocs' melted block designs
        "groups",
        "treatment",
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
        "block",  # scikit-posthocs' melted block designs
        "blocks",
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
    ),
    "repeat": ("repeat", "run", "seed", "repetition", "rep"),
    "fold": ("fold", "fold_id", "cv_fold"),
    "split": ("split", "split_id", "cv_split"),
}
#: Score names of losses: lower is better.
LOSS_NAMES = (
    "error",
    "error_rate",
    "loss",
    "log_loss",
    "logloss",
    "rmse",
    "mse",
    "mae",
    "brier",
    "brier_score",
    "misclassification",
)
#: Columns that are never a score (the split sizes).
_SIZES = ("n_train", "n_test")


def _normalised(name):
    return "_".join(str(name).strip().lower().replace("-", " ").split())


def is_role_name(name):
    """Whether ``name`` is a common name of a column's role ("dataset", "fold", "classifier"...)."""
    return name is not None and any(_normalised(name) in names for names in ROLE_NAMES.values())


def _is_numeric(raw, column):
    try:
        raw.numbers(column, empty_is_missing=True)
    except (TypeError, ValueError):
        return False
    return True


def infer_roles(raw, given):
    """The long layout's column options, the given ones completed from the columns' names.

    Parameters
    ----------
    raw : RawColumns
    given : dict
        The options the caller passed (``model=``, ``score=``, ``dataset=``...).

    Returns
    -------
    dict or None
        The options with every role found; None when no model column can be
        identified (the table is then wide).
    """
    names = {_normalised(column): column for column in raw.names}
    found = {role: given[role] for role in ROLE_NAMES if given.get(role) is not None}
    taken = set(found.values())
    for role, candidates in ROLE_NAMES.items():
        if role in found:
            continue
        matches = [names[name] for name in candidates if names.get(name) not in (None, *taken)]
        if role == "score" and not matches:
            matches = [names[name] for name in LOSS_NAMES if name in names]
        if len(matches) > 1:
            _refuse(raw, role, matches)
        if matches:
            found[role] = matches[0]
            taken.add(matches[0])
    rest = [c for c in raw.names if c not in taken and _normalised(c) not in _SIZES]
    model_named = "model" in found
    if not model_named:
        text = [c for c in rest if not _is_numeric(raw, c)]
        if len(text) != 1:
            return None  # no model column: a wide table
        found["model"] = text[0]
        rest.remove(text[0])
    if "score" not in found:
        numeric = [c for c in rest if _is_numeric(raw, c)]
        if len(numeric) != 1 and not model_named:
            return None  # one text column and several numeric ones: a wide table
        if len(numeric) != 1:
            _refuse(raw, "score", numeric)
        found["score"] = numeric[0]
    return {**given, **found}


def wide_dataset_column(raw, given):
    """The data set column of a wide table: ``given``, a column named like one, or the one text
    column (None when there is none: one data set).

    A paper's table (``data set, C4.5, C4.5+m, ...``) and autorank's frame
    written with its index name its data sets in their own ways.
    """
    if given is not None:
        return given
    names = {_normalised(column): column for column in raw.names}
    matches = [names[name] for name in ROLE_NAMES["dataset"] if name in names]
    if len(matches) > 1:
        _refuse(raw, "dataset", matches)
    if matches:
        return matches[0]
    reserved = {*ROLE_NAMES["split"], *ROLE_NAMES["fold"], *ROLE_NAMES["repeat"], *_SIZES}
    text = [
        c for c in raw.names if _normalised(c) not in reserved and c and not _is_numeric(raw, c)
    ]
    return text[0] if len(text) == 1 else None


def _refuse(raw, role, candidates):
    option = {"dataset": "dataset", "model": "model", "score": "score"}.get(role, role)
    what = f"columns {candidates}" if candidates else "no column"
    raise ValueError(
        f"{raw.source}: cannot tell which column holds the {role}: {what} could. Name it "
        f"with {option}=<column>."
    )


def check_direction(score, greater_is_better, source):
    """Whether the scores must be negated (a loss); refuses a loss's name without a direction."""
    if greater_is_better is None:
        if _normalised(score) in LOSS_NAMES:
            raise ValueError(
                f"{source}: the score column {score!r} looks like a loss (lower is better), "
                "which would reverse every conclusion. Pass greater_is_better=False to compare "
                "its negative, or greater_is_better=True if higher is better."
            )
        return False
    return not greater_is_better


def percent_scale_note(scores):
    """A note when scores look like percentages (all within 0-100, some above 1), else None."""
    finite = np.asarray(scores, dtype=float)
    finite = finite[np.isfinite(finite)]
    if finite.size and finite.min() >= 0 and 1.5 < finite.max() <= 100:
        return (
            "the scores look like percentages (from 0 to 100): the rope is in the same units, "
            "so the default rope=0.01 means 0.01 percentage points. Pass rope=1 for one point, "
            "or divide the scores by 100."
        )
    return None
