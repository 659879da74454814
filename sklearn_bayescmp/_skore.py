"""skore's reports of cross-validation as arrays of scores and split sizes.

skore (https://skore.probabl.ai) keeps every split of a cross-validation in a
``CrossValidationReport``: one ``EstimatorReport`` per split (``reports_``),
whose ``metrics`` compute any of its metrics on the split's test set, and the
splits' ``(train, test)`` indices (``split_indices``). A ``ComparisonReport``
holds several of them, by name. Nothing of skore is imported here: the
reports are read through these attributes, as skore documents them.
"""

from collections.abc import Mapping

import numpy as np


def _is_skore(report, kind):
    """Whether ``report`` is skore's report of the class named ``kind``."""
    cls = type(report)
    return cls.__module__.split(".")[0] == "skore" and cls.__name__ == kind


def cross_validation_reports(reports):
    """The ``{name: CrossValidationReport}`` of what ``ScoreTable.from_skore`` accepts.

    Parameters
    ----------
    reports : ComparisonReport, or mapping or sequence of CrossValidationReport

    Returns
    -------
    dict of str to CrossValidationReport
    """
    if _is_skore(reports, "ComparisonReport"):
        reports = reports.reports_
    if isinstance(reports, Mapping):
        named = {}
        for name, report in reports.items():
            if str(name) in named:
                other = next(key for key in reports if str(key) == str(name))
                raise ValueError(
                    f"`reports` names two reports {other!r} and {name!r}, which are one name as "
                    "text: one report would be lost. Give every report a distinct name."
                )
            named[str(name)] = report
    elif isinstance(reports, (list, tuple)):
        named = {}
        for report in reports:
            name = str(getattr(report, "estimator_name_", type(report).__name__))
            if name in named:
                raise ValueError(
                    f"Two reports are of {name!r}; name them: pass a dict {{name: report}} "
                    "(or a ComparisonReport of one)."
                )
            named[name] = report
    else:
        raise TypeError(
            "`reports` must be a skore ComparisonReport of CrossValidationReports, or a dict "
            f"or list of CrossValidationReports; got {type(reports).__name__}."
        )
    wrong = [
        name for name, report in named.items() if not _is_skore(report, "CrossValidationReport")
    ]
    if wrong:
        kind = type(named[wrong[0]]).__name__
        hint = (
            " An EstimatorReport holds one split: compare cross-validations "
            "(CrossValidationReport), whose splits pair."
            if kind == "EstimatorReport"
            else ""
        )
        raise TypeError(
            f"The report of {wrong[0]!r} is of type {kind}, not a skore "
            f"CrossValidationReport.{hint}"
        )
    if len(named) < 2:
        raise ValueError(f"A comparison needs two or more reports; got {len(named)}.")
    return named


def split_scores(reports, metric, pos_label=None):
    """Every model's score on every split, and the splits' sizes, checked to pair.

    Parameters
    ----------
    reports : dict of str to CrossValidationReport
    metric : str
        A metric of skore's reports ("accuracy", "roc_auc", "log_loss", ...).
    pos_label : int, str or None, default=None
        The class whose score is read, for a metric that gives one per class
        (skore's "precision" and "recall" give a dict of class to score).

    Returns
    -------
    scores : ndarray of shape (n_models, n_splits)
    n_train, n_test : list of int
    """
    (first, reference), *others = reports.items()
    for name, report in others:
        _check_same_splits(first, reference.split_indices, name, report.split_indices)
    rows = []
    for name, report in reports.items():
        try:
            values = [split.metrics.get(metric) for split in report.reports_]
        except (AttributeError, KeyError, ValueError, TypeError) as exc:
            raise ValueError(
                f"The report of {name!r} cannot compute metric={metric!r} on its splits "
                f"({exc}); its metrics are {_available(report)}."
            ) from None
        rows.append([_one_score(value, name, metric, pos_label, report) for value in values])
    indices = reference.split_indices
    return (
        np.array(rows),
        [len(train) for train, _ in indices],
        [len(test) for _, test in indices],
    )


def _one_score(value, name, metric, pos_label, report):
    """A split's score: the number, or the class ``pos_label``'s of a score per class."""
    if isinstance(value, Mapping):
        classes = list(value)
        if pos_label is None or pos_label not in value:
            average = f"{metric}_avg"
            other = (
                f", or metric={average!r} (their average)" if average in _available(report) else ""
            )
            got = "" if pos_label is None else f"; pos_label={pos_label!r} is none of them"
            raise ValueError(
                f"metric={metric!r} gives the report of {name!r} one score per class "
                f"({', '.join(map(repr, classes))}){got}: pick the class to compare with "
                f"pos_label= (e.g. pos_label={classes[-1]!r}){other}."
            )
        value = value[pos_label]
    elif pos_label is not None:
        raise ValueError(
            f"pos_label={pos_label!r}: metric={metric!r} gives one score per split, not one "
            "per class; leave pos_label out."
        )
    try:
        return float(value)
    except (TypeError, ValueError):
        raise ValueError(
            f"metric={metric!r} gives the report of {name!r} a {type(value).__name__}, not a "
            f"score; its metrics are {_available(report)}."
        ) from None


def _available(report):
    """The metrics a report lists (``metrics.available()``), when it says them."""
    try:
        return list(report.reports_[0].metrics.available())
    except (AttributeError, IndexError, TypeError):
        return "unknown"


def _check_same_splits(first, mine, name, theirs):
    """Refuse two cross-validations on other splits: their scores do not pair."""
    if len(mine) != len(theirs):
        raise ValueError(
            f"The reports of {first!r} and {name!r} have {len(mine)} and {len(theirs)} "
            "splits: their scores do not pair. Cross-validate every model with the same "
            "splitter."
        )
    for k, ((train, test), (other_train, other_test)) in enumerate(zip(mine, theirs, strict=True)):
        if not (np.array_equal(train, other_train) and np.array_equal(test, other_test)):
            raise ValueError(
                f"The reports of {first!r} and {name!r} come from other splits (split {k} "
                "differs): their scores do not pair. Cross-validate every model with the "
                "same splitter (a fixed random_state for shuffling ones)."
            )
