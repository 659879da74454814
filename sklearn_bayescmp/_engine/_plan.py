"""Planning a run: the estimators, the scorer, and every data set's splits, made once.

The splits are built in the parent process (:func:`plan_splits`), so that
every estimator sees the same splits and the result does not depend on
``n_jobs`` or the joblib backend. Metadata (``sample_weight``, ``groups``)
is routed here, as :func:`~sklearn.model_selection.cross_validate` routes it.
"""

import os
from collections.abc import Mapping
from numbers import Integral, Real
from typing import NamedTuple

import numpy as np
from sklearn.base import is_classifier
from sklearn.metrics import check_scoring, get_scorer_names
from sklearn.model_selection import RepeatedKFold, RepeatedStratifiedKFold, check_cv
from sklearn.utils import get_tags, indexable
from sklearn.utils.multiclass import type_of_target

from ..utils._sklearn import HasMethods, StrOptions
from ._routing import comparison_router, route_params, routing_enabled

#: The constraints of the engine's parameters, for everything that runs it
#: (scikit-learn's parameter validation).
ENGINE_CONSTRAINTS = {
    "cv": ["cv_object"],
    # A name is checked by check_common_scoring, which offers the names it resembles
    # (StrOptions would list all sixty).
    "scoring": [str, callable, list, tuple, set, dict, None],
    "n_jobs": [Integral, None],
    "pre_dispatch": [Integral, str],
    "random_state": ["random_state"],
    "error_score": [StrOptions({"raise"}), Real],
    "verbose": ["verbose"],
    "memory": [None, str, os.PathLike, HasMethods(["cache"])],
}


class Scoring(NamedTuple):
    """The scorer of a comparison and the names of the metrics it returns.

    ``scorer(estimator, X, y, **params)`` returns a float for one metric and a
    dict ``{metric: float}`` for several (``multimetric``). ``given`` is the
    ``scoring`` argument as the user wrote it (the cache keys on it).
    """

    scorer: object
    metrics: tuple
    multimetric: bool
    given: object = None

    def scores(self, estimator, X, y, params):
        """The metrics of a fitted estimator on test data, in ``metrics`` order."""
        args = (estimator, X) if y is None else (estimator, X, y)
        values = self.scorer(*args, **params)
        if self.multimetric:
            return tuple(values[metric] for metric in self.metrics)
        return (values,)


class SplitPlan(NamedTuple):
    """One data set's estimators, data, splits and routed metadata."""

    name: str | None
    estimators: dict  # key (routing name) -> unfitted estimator
    X: object
    y: object
    splits: list
    repeat: np.ndarray
    fold: np.ndarray
    fit_params: dict  # key -> metadata for that estimator's fit
    score_params: dict
    cache_keys: dict | None = None  # key -> key of its fits here, or None

    def head(self, n_splits):
        """The plan of the first ``n_splits`` splits only."""
        return self._replace(
            splits=self.splits[:n_splits], repeat=self.repeat[:n_splits], fold=self.fold[:n_splits]
        )


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
    names = [scoring] if isinstance(scoring, str) else []
    if isinstance(scoring, (list, tuple, set, frozenset)):
        names = [name for name in scoring if isinstance(name, str)]
    for name in names:
        _check_scorer_name(name)
    scorer = check_scoring(next(iter(estimators.values())), scoring=scoring)
    return Scoring(scorer, metric_names(scoring), multimetric, scoring)


def _check_scorer_name(name):
    """A scorer's name that scikit-learn knows, or a refusal offering the names it resembles."""
    import difflib

    known = sorted(get_scorer_names())
    if name in known:
        return
    spelled = name.strip().lower().replace("-", "_").replace(" ", "_")
    near = [spelled] if spelled in known else difflib.get_close_matches(spelled, known, n=3)
    offer = f" Did you mean {' or '.join(map(repr, near))}?" if near else ""
    raise ValueError(
        f"`scoring`: {name!r} is not the name of a scikit-learn scorer.{offer} "
        f"sklearn.metrics.get_scorer_names() lists the {len(known)} names; a callable "
        "scorer(estimator, X, y) works too."
    )


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


def plan_splits(engine, X, y, groups, params, name=None):
    """The plan of one data set: its splits (built here, once) and routed metadata.

    Parameters
    ----------
    engine : Engine
        The estimators, scoring, splitter (``cv``, seeded with
        ``random_state`` when None) and cache of the run.
    X, y, groups, params
        The data set, its group labels and its metadata.
    name : str, default=None
        The data set's name (None: the only one).

    Returns
    -------
    SplitPlan
    """
    estimators, owner = engine.estimators, engine.owner
    if y is None:
        for key, estimator in estimators.items():
            if get_tags(estimator).target_tags.required:
                where = "" if name is None else f" (data set {name!r})"
                raise ValueError(
                    f"{owner} requires y to be passed, but the target y is None{where}: {key} "
                    f"({type(estimator).__name__}) is fitted on a target."
                )
    X, y, groups = indexable(X, y, groups)
    first = next(iter(estimators.values()))
    splitter = check_repeated_cv(engine.cv, y, first, engine.random_state)
    router = comparison_router(owner, estimators, splitter, engine.scoring.scorer)
    routed = route_params(router if routing_enabled() else None, list(estimators), params, groups)
    splits = list(splitter.split(X, y, **routed.split))
    if not splits:
        where = "" if name is None else f" for data set {name!r}"
        raise ValueError(f"`cv` yielded no splits{where}; got cv={engine.cv!r}.")
    repeat, fold = split_layout(splitter, len(splits))
    # The data are fingerprinted once here, not once per split in the cache's key.
    cache = engine.cache
    cache_keys = None if cache is None else cache.data_keys(X, y, routed.fit, routed.score)
    return SplitPlan(
        name, dict(estimators), X, y, splits, repeat, fold, routed.fit, routed.score, cache_keys
    )
