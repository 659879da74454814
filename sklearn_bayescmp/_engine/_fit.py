"""One joblib task: every estimator of a comparison fitted and scored on the same split.

Failures and warnings come back as data (:class:`FitOutcome`): a worker's
exception would stop the whole run, and its warnings would never reach the
user.
"""

import math
import time
import traceback
from collections.abc import Mapping
from typing import NamedTuple

import numpy as np
import scipy.sparse as sp
from sklearn.utils import get_tags

from ..utils._sklearn import _safe_indexing
from ..utils._warnings import recording_warnings


class FitOutcome(NamedTuple):
    """What one estimator produced on one split: one score per metric."""

    scores: tuple
    fit_time: float
    score_time: float
    error: str | None
    warnings: tuple = ()  # (category, message) of every warning raised in fit and score
    train_scores: tuple = ()  # one per metric, on the training rows, when asked for


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


def n_rows(value):
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
        if n_rows(value) == n_samples and value is not None:
            value = _safe_indexing(value.tocsr() if sp.issparse(value) else value, indices)
        sliced[key] = value
    return sliced


def fit_and_score_one(
    estimator,
    X,
    y,
    train,
    test,
    scoring,
    fit_params,
    score_params,
    error_score,
    *,
    train_score=False,
):
    """Fit ``estimator`` on ``train`` and score it on ``test``; failures and warnings become data.

    ``fit_params`` and ``score_params`` are the metadata routed to the
    estimator's ``fit`` and to the scorer; sample-aligned values are cut to
    the training and the test rows. The warnings raised by the fit and the
    scorer are recorded in the outcome, so that the parent process can issue
    them (a worker's warnings would otherwise be lost). ``train_score``: also
    score on the training rows (``cross_validate``'s ``return_train_score``).
    """
    with recording_warnings() as records:
        outcome = _fit_and_score(
            estimator, X, y, train, test, scoring, fit_params, score_params, error_score
        )
        if train_score:
            outcome = _scored_on_training_rows(
                outcome, estimator, X, y, train, scoring, score_params, error_score
            )
    return outcome._replace(warnings=tuple(records))


def _scored_on_training_rows(outcome, estimator, X, y, train, scoring, score_params, error_score):
    """``outcome`` with the fitted ``estimator``'s scores on its training rows
    (``error_score`` where the fit failed)."""
    if outcome.error is not None:
        return outcome._replace(train_scores=tuple(error_score for _ in scoring.metrics))
    X_train, y_train = split_data(estimator, X, y, train)
    params = slice_params(score_params, train, n_rows(X))
    return outcome._replace(
        train_scores=tuple(float(v) for v in scoring.scores(estimator, X_train, y_train, params))
    )


def _fit_and_score(estimator, X, y, train, test, scoring, fit_params, score_params, error_score):
    n_samples = n_rows(X)
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
        return FitOutcome(failed, times["fit"], times["score"], traceback.format_exc())
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
            return FitOutcome(failed, times["fit"], times["score"], message)
        values.append(value)
    return FitOutcome(tuple(values), times["fit"], times["score"], None)


def fit_and_score_split(
    estimators, X, y, train, test, scoring, fit_params, score_params, error_score, cache=None
):
    """One joblib task: every estimator (a list of unfitted clones) on the same split.

    ``fit_params`` holds each estimator's routed metadata, in order. ``cache``
    is None, or ``(memorized, keys)``: each estimator whose key is not None is
    fitted through ``memorized`` (a cached
    :func:`~sklearn_bayescmp._engine._cache.cached_fit_and_score_one`), the
    others directly.

    Returns
    -------
    tuple of FitOutcome
        One per estimator.
    """
    outcomes = []
    keys = [None] * len(estimators) if cache is None else cache[1]
    for estimator, params, key in zip(estimators, fit_params, keys, strict=True):
        arguments = (estimator, X, y, train, test, scoring, params, score_params, error_score)
        if key is None:
            outcomes.append(fit_and_score_one(*arguments))
        else:
            outcomes.append(cache[0](key, *arguments))
    return tuple(outcomes)
