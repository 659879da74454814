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
from collections.abc import Mapping
from numbers import Integral
from typing import NamedTuple

import numpy as np
import scipy.sparse as sp
from sklearn.base import is_classifier
from sklearn.exceptions import FitFailedWarning
from sklearn.metrics import check_scoring
from sklearn.model_selection import RepeatedKFold, RepeatedStratifiedKFold, check_cv
from sklearn.utils import get_tags
from sklearn.utils.multiclass import type_of_target

from ._differences import CVDifferences
from .utils._sklearn import _safe_indexing
from .utils._warnings import recording_warnings, reissue, warn


class Scoring(NamedTuple):
    """The scorer of a comparison and the names of the metrics it returns.

    ``scorer(estimator, X, y, **params)`` returns a float for one metric and a
    dict ``{metric: float}`` for several (``multimetric``).
    """

    scorer: object
    metrics: tuple
    multimetric: bool

    def scores(self, estimator, X, y, params):
        """The metrics of a fitted estimator on test data, in ``metrics`` order."""
        args = (estimator, X) if y is None else (estimator, X, y)
        values = self.scorer(*args, **params)
        if self.multimetric:
            return tuple(values[metric] for metric in self.metrics)
        return (values,)


class _SideOutcome(NamedTuple):
    """What one estimator produced on one split: one score per metric."""

    scores: tuple
    fit_time: float
    score_time: float
    error: str | None
    warnings: tuple = ()  # (category, message) of every warning raised in fit and score


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


def split_data(estimator, X, y, indices, train_indices=None):
    """Rows ``indices`` of ``X`` and ``y``, as ``cross_validate`` cuts them.

    For an estimator on a precomputed kernel (its ``pairwise`` input tag),
    ``X`` is the square matrix of all samples: the rows are ``indices`` and the
    columns the training samples, ``train_indices`` (the same rows when None).
    """
    if get_tags(estimator).input_tags.pairwise:
        if not hasattr(X, "shape") or len(X.shape) != 2 or X.shape[0] != X.shape[1]:
            raise ValueError(
                f"{type(estimator).__name__} takes a precomputed kernel or affinity "
                f"matrix: X must be a square array; got {getattr(X, 'shape', type(X).__name__)}."
            )
        columns = indices if train_indices is None else train_indices
        X_subset = X[np.ix_(indices, columns)]
    else:
        X_subset = _safe_indexing(X, indices)
    return X_subset, None if y is None else _safe_indexing(y, indices)


def _n_rows(value):
    """Number of rows of an array-like, or None for scalars, strings and mappings."""
    shape = getattr(value, "shape", None)
    if shape is not None:
        return shape[0] if len(shape) > 0 else None
    if isinstance(value, (str, bytes, Mapping)) or not hasattr(value, "__len__"):
        return None
    return len(value)


def slice_params(params, indices, n_samples):
    """Sample-aligned metadata cut to ``indices``; everything else passed as is.

    A value is sample-aligned when it is an array-like (or sparse matrix) with
    ``n_samples`` rows, the rule ``cross_validate`` applies to its ``params``.
    """
    sliced = {}
    for key, value in params.items():
        if _n_rows(value) == n_samples and value is not None:
            value = _safe_indexing(value.tocsr() if sp.issparse(value) else value, indices)
        sliced[key] = value
    return sliced


def fit_and_score_one(estimator, X, y, train, test, scoring, fit_params, score_params, error_score):
    """Fit ``estimator`` on ``train`` and score it on ``test``; failures and warnings become data.

    ``fit_params`` and ``score_params`` are the metadata routed to the
    estimator's ``fit`` and to the scorer; sample-aligned values are cut to
    the training and the test rows. The warnings raised by the fit and the
    scorer are recorded in the outcome, so that the parent process can issue
    them (a worker's warnings would otherwise be lost).
    """
    with recording_warnings() as records:
        outcome = _fit_and_score(
            estimator, X, y, train, test, scoring, fit_params, score_params, error_score
        )
    return outcome._replace(warnings=tuple(records))


def _fit_and_score(estimator, X, y, train, test, scoring, fit_params, score_params, error_score):
    n_samples = _n_rows(X)
    X_train, y_train = split_data(estimator, X, y, train)
    X_test, y_test = split_data(estimator, X, y, test, train)
    fit_params = slice_params(fit_params, train, n_samples)
    score_params = slice_params(score_params, test, n_samples)
    failed = tuple(error_score for _ in scoring.metrics)
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
        scores = scoring.scores(estimator, X_test, y_test, score_params)
        times["score"] = time.perf_counter() - start
    except Exception:
        if error_score == "raise":
            raise
        times[stage] = time.perf_counter() - start
        return _SideOutcome(failed, times["fit"], times["score"], traceback.format_exc())
    values = []
    for metric, score in zip(scoring.metrics, scores, strict=True):
        try:
            value = float(score)
        except (TypeError, ValueError):
            value = math.nan
        if not math.isfinite(value):
            where = f" for {metric!r}" if scoring.multimetric else ""
            message = f"The scorer returned {score!r}{where}, not a finite number."
            if error_score == "raise":
                raise ValueError(message)
            return _SideOutcome(failed, times["fit"], times["score"], message)
        values.append(value)
    return _SideOutcome(tuple(values), times["fit"], times["score"], None)


def fit_and_score_pair(
    estimator_a,
    estimator_b,
    X,
    y,
    train,
    test,
    scoring,
    fit_params_a,
    fit_params_b,
    score_params,
    error_score,
    cache=None,
):
    """One joblib task: both estimators on the same split, each with its own fit metadata.

    ``cache`` is None, or ``(memorized, key_a, key_b)``: each estimator whose
    key is not None is fitted through ``memorized`` (a cached
    :func:`~sklearn_bayescmp._fit_cache.cached_fit_and_score_one`), the other
    directly.
    """
    outcomes = []
    sides = ((estimator_a, fit_params_a), (estimator_b, fit_params_b))
    for k, (estimator, fit_params) in enumerate(sides):
        arguments = (estimator, X, y, train, test, scoring, fit_params, score_params, error_score)
        key = None if cache is None else cache[1 + k]
        if key is None:
            outcomes.append(fit_and_score_one(*arguments))
        else:
            outcomes.append(cache[0](key, *arguments))
    return tuple(outcomes)


class SplitPlan(NamedTuple):
    """One data set's data, splits and routed metadata, built once in the parent process."""

    name: str | None
    X: object
    y: object
    splits: list
    repeat: np.ndarray
    fold: np.ndarray
    fit_params: dict  # estimator name ("a", "b") -> metadata for its fit
    score_params: dict
    cache_keys: dict | None = None  # estimator name -> key of its fits here, or None


class PairedRun(NamedTuple):
    """One data set's per-split outcomes, assembled into arrays."""

    scores: np.ndarray  # (n_splits, 2, n_metrics): column 0 is A, column 1 is B
    fit_times: np.ndarray  # (n_splits, 2)
    score_times: np.ndarray
    failures: list
    records: dict  # metric -> CVDifferences
    warnings: list  # (category, message, which estimator) of every warning raised

    @property
    def n_splits(self):
        return int(self.scores.shape[0])

    @property
    def n_failed(self):
        return self.record.n_failed

    @property
    def record(self):
        """The record of the first metric (the only one for a single metric)."""
        return next(iter(self.records.values()))


def _assemble(plan, outcomes, metrics, model_names):
    """Arrays, failure records and one CVDifferences per metric of one data set."""

    def field(name):
        return np.array([[getattr(side, name) for side in pair] for pair in outcomes], dtype=float)

    scores = field("scores").reshape(len(outcomes), 2, len(metrics))
    failed = np.array([any(side.error is not None for side in pair) for pair in outcomes])
    failures = [
        SplitFailure(j, int(plan.repeat[j]), int(plan.fold[j]), estimator, side.error, plan.name)
        for j, pair in enumerate(outcomes)
        for estimator, side in zip("ab", pair, strict=True)
        if side.error is not None
    ]
    n_train = [len(train) for train, _ in plan.splits]
    n_test = [len(test) for _, test in plan.splits]
    records = {
        metric: CVDifferences(
            np.where(failed, np.nan, scores[:, 0, k] - scores[:, 1, k]),
            n_train=n_train,
            n_test=n_test,
            repeat=plan.repeat,
            fold=plan.fold,
            scores_a=scores[:, 0, k],
            scores_b=scores[:, 1, k],
            name=plan.name,
            model_a=model_names[0],
            model_b=model_names[1],
        )
        for k, metric in enumerate(metrics)
    }
    sources = [
        f"estimator_{side}" if name is None else f"estimator_{side} ({name})"
        for side, name in zip("ab", model_names, strict=True)
    ]
    raised = [
        (category, message, source)
        for pair in outcomes
        for source, side in zip(sources, pair, strict=True)
        for category, message in side.warnings
    ]
    return PairedRun(scores, field("fit_time"), field("score_time"), failures, records, raised)


def collect_runs(plans, outcomes, *, metrics=("score",), model_names=(None, None)):
    """Split the flat list of task outcomes back into one run per plan."""
    runs, start = [], 0
    for plan in plans:
        stop = start + len(plan.splits)
        runs.append(_assemble(plan, outcomes[start:stop], metrics, model_names))
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
    warn(
        f"{n_failed} of {n_splits} splits failed{scope} and are left out of both models' "
        f"results (error_score={error_score!r}). {details}",
        FitFailedWarning,
    )


def report_warnings(runs):
    """Issue the warnings the fits raised (in workers or not), once each, with counts."""
    raised = [record for run in runs for record in run.warnings]
    n_fits = sum(run.n_splits for run in runs)
    reissue(raised, where="fits", total=dict.fromkeys({source for *_, source in raised}, n_fits))


def check_datasets(datasets):
    """``{name: (X, y, groups, params)}`` from the argument of ``fit_datasets``.

    Each entry is ``(X, y)``, ``(X, y, groups)`` or ``(X, y, params)`` with a
    dict of metadata (which may hold ``groups``).
    """
    if not isinstance(datasets, Mapping):
        raise TypeError(
            "`datasets` must be a mapping name -> (X, y), (X, y, groups) or (X, y, params); "
            f"got {type(datasets).__name__}."
        )
    if not datasets:
        raise ValueError("`datasets` is empty; pass at least one data set.")
    entries = {}
    for name, entry in datasets.items():
        if not isinstance(entry, (tuple, list)) or len(entry) not in (2, 3):
            raise ValueError(
                f"`datasets[{name!r}]` must be a tuple (X, y), (X, y, groups) or (X, y, params) "
                f"with a dict of metadata; got {type(entry).__name__}"
                f"{f' of length {len(entry)}' if isinstance(entry, (tuple, list)) else ''}."
            )
        X, y, *rest = entry
        third = rest[0] if rest else None
        if isinstance(third, Mapping):
            params = dict(third)
            groups = params.pop("groups", None)
        else:
            params, groups = {}, third
        entries[str(name)] = (X, y, groups, params)
    if len(entries) != len(datasets):
        raise ValueError("`datasets` has names that coincide as strings; make them unique.")
    return entries


def metric_names(scoring):
    """Names of the metrics of ``scoring``, in the order results report them.

    One metric is named after its scorer string ("accuracy"), or "score" for
    a callable or the estimators' own ``score``; several are named by the
    list (sorted for a set) or the dict's keys.
    """
    if isinstance(scoring, Mapping):
        return tuple(str(key) for key in scoring)
    if isinstance(scoring, (list, tuple)):
        return tuple(scoring)
    if isinstance(scoring, (set, frozenset)):
        return tuple(sorted(scoring))
    return (scoring,) if isinstance(scoring, str) else ("score",)


def check_common_scoring(estimators, scoring):
    """One :class:`Scoring` for every estimator of ``{name: estimator}``.

    ``scoring`` is anything :func:`~sklearn.metrics.check_scoring` accepts: a
    name, a callable, None, or several metrics as a list, tuple, set or dict.
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
    multimetric = isinstance(scoring, (Mapping, list, tuple, set, frozenset))
    scorer = check_scoring(next(iter(estimators.values())), scoring=scoring)
    return Scoring(scorer, metric_names(scoring), multimetric)


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
