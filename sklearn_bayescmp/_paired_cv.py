"""Paired cross-validation: the machinery under the comparator and the studies.

The splits of every data set are planned once in the parent process
(:class:`SplitPlan`). Each joblib task fits clones of *both* estimators on one
split (:func:`fit_and_score_pair`); failures come back as data. The flat list
of task outcomes is then cut back into one :class:`PairedRun` per plan, whose
:class:`~sklearn_bayescmp.CVDifferences` record is what the back ends read.
"""

import math
import time
import traceback
import warnings
from collections.abc import Mapping
from numbers import Integral
from typing import NamedTuple

import numpy as np
from sklearn.base import is_classifier
from sklearn.exceptions import FitFailedWarning
from sklearn.metrics import check_scoring
from sklearn.model_selection import RepeatedKFold, RepeatedStratifiedKFold, check_cv
from sklearn.utils import get_tags
from sklearn.utils.metaestimators import _safe_split
from sklearn.utils.multiclass import type_of_target
from sklearn.utils.validation import _check_method_params

from ._differences import CVDifferences


class _SideOutcome(NamedTuple):
    """What one estimator produced on one split."""

    score: float
    fit_time: float
    score_time: float
    error: str | None


class SplitFailure(NamedTuple):
    """A fit or score that failed on one split.

    Attributes
    ----------
    split : int
        Index of the split, in split order.
    repeat, fold : int
        Repeat and fold index of the split.
    estimator : {"a", "b"}
        Which estimator failed.
    error : str
        The formatted exception (or the reason the score was unusable).
    dataset : str or None
        The data set, for :meth:`RepeatedCVComparator.fit_datasets`.
    """

    split: int
    repeat: int
    fold: int
    estimator: str
    error: str
    dataset: str | None = None


def fit_and_score_one(estimator, X, y, train, test, scorer, fit_params, error_score):
    """Fit ``estimator`` on ``train`` and score it on ``test``; failures become data."""
    X_train, y_train = _safe_split(estimator, X, y, train)
    X_test, y_test = _safe_split(estimator, X, y, test, train)
    fit_params = _check_method_params(X, params=fit_params, indices=train)
    times = {"fit": 0.0, "score": 0.0}
    stage = "fit"
    start = time.perf_counter()
    try:
        if y_train is None:
            estimator.fit(X_train, **fit_params)
        else:
            estimator.fit(X_train, y_train, **fit_params)
        times["fit"] = time.perf_counter() - start
        stage, start = "score", time.perf_counter()
        if y_test is None:
            score = scorer(estimator, X_test)
        else:
            score = scorer(estimator, X_test, y_test)
        times["score"] = time.perf_counter() - start
    except Exception:
        if error_score == "raise":
            raise
        times[stage] = time.perf_counter() - start
        return _SideOutcome(error_score, times["fit"], times["score"], traceback.format_exc())
    try:
        value = float(score)
    except (TypeError, ValueError):
        value = math.nan
    if not math.isfinite(value):
        message = f"The scorer returned {score!r}, not a finite number."
        if error_score == "raise":
            raise ValueError(message)
        return _SideOutcome(error_score, times["fit"], times["score"], message)
    return _SideOutcome(value, times["fit"], times["score"], None)


def fit_and_score_pair(
    estimator_a, estimator_b, X, y, train, test, scorer, fit_params, error_score
):
    """One joblib task: both estimators on the same split."""
    return tuple(
        fit_and_score_one(estimator, X, y, train, test, scorer, fit_params, error_score)
        for estimator in (estimator_a, estimator_b)
    )


def cached_fit_and_score_pair(
    data_key, estimator_a, estimator_b, X, y, train, test, scorer, fit_params, error_score
):
    """:func:`fit_and_score_pair` for :class:`joblib.Memory`, keyed by ``data_key``.

    Cached with ``ignore=["X", "y"]``: the data enter the key through their
    fingerprint ``data_key``, computed once per data set rather than once
    per split. Everything else that decides a split's outcome is hashed:
    both (unfitted) estimators with their parameters, the split's indices,
    the scorer, the fit parameters and ``error_score``.
    """
    return fit_and_score_pair(
        estimator_a, estimator_b, X, y, train, test, scorer, fit_params, error_score
    )


class SplitPlan(NamedTuple):
    """One data set's data and splits, built once in the parent process."""

    name: str | None
    X: object
    y: object
    splits: list
    repeat: np.ndarray
    fold: np.ndarray
    fit_params: dict
    data_key: str | None = None  # fingerprint of (X, y), when results are cached


class PairedRun(NamedTuple):
    """One data set's per-split outcomes, assembled into arrays."""

    scores: np.ndarray  # (n_splits, 2): column 0 is A, column 1 is B
    fit_times: np.ndarray
    score_times: np.ndarray
    failures: list
    record: CVDifferences

    @property
    def n_failed(self):
        return self.record.n_failed


def _assemble(plan, outcomes):
    """Arrays, failure records and the CVDifferences of one data set."""

    def field(name):
        return np.array([[getattr(side, name) for side in pair] for pair in outcomes], dtype=float)

    scores = field("score")
    failed = np.array([any(side.error is not None for side in pair) for pair in outcomes])
    failures = [
        SplitFailure(j, int(plan.repeat[j]), int(plan.fold[j]), estimator, side.error, plan.name)
        for j, pair in enumerate(outcomes)
        for estimator, side in zip("ab", pair, strict=True)
        if side.error is not None
    ]
    record = CVDifferences(
        np.where(failed, np.nan, scores[:, 0] - scores[:, 1]),
        n_train=[len(train) for train, _ in plan.splits],
        n_test=[len(test) for _, test in plan.splits],
        repeat=plan.repeat,
        fold=plan.fold,
        scores_a=scores[:, 0],
        scores_b=scores[:, 1],
        name=plan.name,
    )
    return PairedRun(scores, field("fit_time"), field("score_time"), failures, record)


def collect_runs(plans, outcomes):
    """Split the flat list of task outcomes back into one run per plan."""
    runs, start = [], 0
    for plan in plans:
        stop = start + len(plan.splits)
        runs.append(_assemble(plan, outcomes[start:stop]))
        start = stop
    return runs


def report_failures(runs, error_score):
    """One counted warning for failed splits; an error if a data set keeps < 2."""
    failures = [failure for run in runs for failure in run.failures]
    if not failures:
        return
    by_side = {side: sum(f.estimator == side for f in failures) for side in "ab"}
    first = failures[0]
    where = "" if first.dataset is None else f", data set {first.dataset!r}"
    details = (
        f"estimator_a failed {by_side['a']} time(s), estimator_b {by_side['b']} time(s). "
        f"First failure (estimator_{first.estimator}, split {first.split}{where}):\n{first.error}"
    )
    for run in runs:
        n_ok = run.record.n_splits - run.n_failed
        if n_ok < 2:
            name = "" if run.record.name is None else f" on data set {run.record.name!r}"
            raise ValueError(
                f"{run.n_failed} of {run.record.n_splits} splits failed{name}, leaving {n_ok}; "
                f"at least 2 are needed. {details}\nSet error_score='raise' to see the full "
                "traceback of the first failure."
            )
    n_failed = sum(run.n_failed for run in runs)
    n_splits = sum(run.record.n_splits for run in runs)
    scope = "" if len(runs) == 1 else f" (over {len(runs)} data sets)"
    warnings.warn(
        f"{n_failed} of {n_splits} splits failed{scope} and are left out of both models' "
        f"results (error_score={error_score!r}). {details}",
        FitFailedWarning,
        # report_failures < a run helper (_run, _run_until_decided, a study's
        # _study) < fit < _fit_context wrapper < caller
        stacklevel=5,
    )


def check_datasets(datasets):
    """``{name: (X, y, groups)}`` from the argument of ``fit_datasets``."""
    if not isinstance(datasets, Mapping):
        raise TypeError(
            "`datasets` must be a mapping name -> (X, y) or (X, y, groups); got "
            f"{type(datasets).__name__}."
        )
    if not datasets:
        raise ValueError("`datasets` is empty; pass at least one data set.")
    entries = {}
    for name, entry in datasets.items():
        if not isinstance(entry, (tuple, list)) or len(entry) not in (2, 3):
            raise ValueError(
                f"`datasets[{name!r}]` must be a tuple (X, y) or (X, y, groups); got "
                f"{type(entry).__name__}"
                f"{f' of length {len(entry)}' if isinstance(entry, (tuple, list)) else ''}."
            )
        X, y, *rest = entry
        entries[str(name)] = (X, y, rest[0] if rest else None)
    if len(entries) != len(datasets):
        raise ValueError("`datasets` has names that coincide as strings; make them unique.")
    return entries


def check_common_scorer(estimators, scoring):
    """One scorer for every estimator of ``{name: estimator}``.

    With ``scoring=None`` each estimator would use its own ``score`` method:
    refuse estimators of different kinds (a classifier's accuracy and a
    regressor's R² are not comparable), and check that each has one.
    """
    if scoring is None:
        kinds = {name: get_tags(estimator).estimator_type for name, estimator in estimators.items()}
        if len(set(kinds.values())) > 1:
            listed = ", ".join(f"{name} is a {kind}" for name, kind in kinds.items())
            raise ValueError(
                "With scoring=None each estimator uses its own `score` method, and "
                f"{listed}: their scores are not comparable. Pass a common `scoring`, e.g. "
                "scoring='accuracy'."
            )
        for estimator in estimators.values():
            check_scoring(estimator, scoring=None)
    return check_scoring(next(iter(estimators.values())), scoring=scoring)


def check_repeated_cv(cv, y, estimator, random_state):
    """The splitter: ``cv`` as scikit-learn reads it, or by default 10x10 repeated k-fold.

    The default is ``RepeatedStratifiedKFold`` for a classifier on a binary or
    multiclass target and ``RepeatedKFold`` otherwise, seeded with
    ``random_state``.
    """
    if cv is not None:
        return check_cv(cv, y, classifier=is_classifier(estimator))
    stratify = (
        is_classifier(estimator) and y is not None and type_of_target(y) in ("binary", "multiclass")
    )
    splitter = RepeatedStratifiedKFold if stratify else RepeatedKFold
    return splitter(n_splits=10, n_repeats=10, random_state=random_state)


def split_layout(cv, n_splits):
    """Repeat and fold index of each split, for repeated splitters.

    scikit-learn's repeated splitters yield all folds of one repeat before the
    next repeat; other splitters count as a single repeat.
    """
    n_repeats = getattr(cv, "n_repeats", None)
    if isinstance(n_repeats, Integral) and n_repeats > 0 and n_splits % n_repeats == 0:
        n_folds = n_splits // n_repeats
        return np.repeat(np.arange(n_repeats), n_folds), np.tile(np.arange(n_folds), n_repeats)
    return np.zeros(n_splits, dtype=np.int64), np.arange(n_splits)
