"""Running planned splits: dispatch, collect, and hand back a table of scores.

An :class:`Engine` plans every data set and sends every (data set, split)
task of the plans into one joblib dispatch (:meth:`Engine.run`), or one
repeat at a time until a decision is reached
(:meth:`Engine.run_until_decided`). The outcomes become one
:class:`~sklearn_bayescmp.ScoreTable` per metric, with the failures and the
times; the failures and the warnings the fits raised are reported once, in
the parent process.
"""

from typing import NamedTuple

import numpy as np
from sklearn.base import clone
from sklearn.exceptions import FitFailedWarning
from sklearn.utils.parallel import delayed

from .._score_table import ScoreTable
from ..tables._assemble import DEFAULT_DATASET
from ..tables._spec import Witness
from ..utils._warnings import reissue, warn
from ._cache import FitCache
from ._dispatch import dispatch
from ._fit import fit_and_score_split
from ._plan import Scoring, plan_splits


class SplitFailure(NamedTuple):
    """A fit or score that failed on one split.

    Attributes
    ----------
    split : int
        Index of the split, in split order (within its data set).
    repeat, fold : int
        Repeat and fold index of the split.
    estimator : str
        Which estimator failed ("a" or "b" for a comparator, else the model).
    error : str
        The formatted exception (or the reason the score was unusable).
    dataset : str or None
        The data set, when several were compared.
    """

    split: int
    repeat: int
    fold: int
    estimator: str
    error: str
    dataset: str | None = None


class EngineRun(NamedTuple):
    """What a run produced, in task order (data set after data set, split after split).

    Attributes
    ----------
    tables : dict of str to ScoreTable
        One table per metric; a failed fit is a NaN score.
    scores : ndarray of shape (n_tasks, n_estimators, n_metrics)
        The scores as recorded (``error_score`` where a fit failed).
    failed : ndarray of bool of shape (n_tasks, n_estimators)
    fit_times, score_times : ndarray of shape (n_tasks, n_estimators)
    failures : list of SplitFailure
    warnings : list of (type, str, str)
        Every warning the fits raised: category, message and estimator key.
    plans : list of SplitPlan
        The plans run (the first splits only, when a run stopped early).
    """

    tables: dict
    scores: np.ndarray
    failed: np.ndarray
    fit_times: np.ndarray
    score_times: np.ndarray
    failures: list
    warnings: list
    plans: list


def tasks(plans, scoring, error_score, cache=None):
    """One delayed call per (data set, split): every estimator of the plan on that split."""
    for plan in plans:
        keys = plan.cache_keys or dict.fromkeys(plan.estimators)
        for train, test in plan.splits:
            split_cache = None
            if cache is not None and cache.enabled:
                split_cache = (
                    cache.function,
                    [cache.split_key(keys[name], train, test) for name in plan.estimators],
                )
            yield delayed(fit_and_score_split)(
                [clone(estimator) for estimator in plan.estimators.values()],
                plan.X,
                plan.y,
                train,
                test,
                scoring,
                [plan.fit_params[name] for name in plan.estimators],
                plan.score_params,
                error_score,
                split_cache,
            )


def splits_design(plans):
    """The design of the plans' splits, from their test sets, as a reading's witness.

    Cross-validation when every repeat of every data set has two or more splits whose
    test sets are disjoint (each example tested at most once per repeat); otherwise
    train/test resamples (ShuffleSplit, a list of random splits, one hold-out), which
    the corrected resampled t-test and the tables' reports name as such.
    """
    for plan in plans:
        for repeat in np.unique(plan.repeat):
            tests = [plan.splits[i][1] for i in np.flatnonzero(plan.repeat == repeat)]
            indices = np.concatenate([np.asarray(test).ravel() for test in tests])
            if len(tests) < 2 or np.unique(indices).size < indices.size:
                source = "hold-out" if len(tests) < 2 else "overlapping-tests"
                return Witness("design", "resamples", "values", source)
    return Witness("design", "cross-validation", "values", "disjoint-tests")


def collect(plans, outcomes, scoring, names):
    """The :class:`EngineRun` of the outcomes of the plans' tasks (in task order).

    ``names`` maps each estimator's key to the model name of the tables.
    """
    keys = list(plans[0].estimators)
    metrics = scoring.metrics

    def field(name):
        return np.array([[getattr(side, name) for side in task] for task in outcomes], dtype=float)

    scores = field("scores").reshape(len(outcomes), len(keys), len(metrics))
    failed = np.array([[side.error is not None for side in task] for task in outcomes], dtype=bool)
    failed = failed.reshape(len(outcomes), len(keys))
    failures, data = [], {metric: {} for metric in metrics}
    sizes = {"n_train": {}, "n_test": {}, "repeat": {}, "fold": {}}
    start = 0
    for plan in plans:
        stop = start + len(plan.splits)
        dataset = DEFAULT_DATASET if plan.name is None else plan.name
        for j, task in enumerate(outcomes[start:stop]):
            for key, side in zip(keys, task, strict=True):
                if side.error is not None:
                    split = (j, int(plan.repeat[j]), int(plan.fold[j]))
                    failures.append(SplitFailure(*split, key, side.error, plan.name))
        values = np.where(failed[start:stop, :, None], np.nan, scores[start:stop])
        for k, metric in enumerate(metrics):
            data[metric][dataset] = values[:, :, k].T
        sizes["n_train"][dataset] = [len(train) for train, _ in plan.splits]
        sizes["n_test"][dataset] = [len(test) for _, test in plan.splits]
        sizes["repeat"][dataset], sizes["fold"][dataset] = plan.repeat, plan.fold
        start = stop
    models = [names[key] for key in keys]
    witness = splits_design(plans)
    tables = {
        metric: ScoreTable(data[metric], models=models, **sizes)._with_design(witness)
        for metric in metrics
    }
    raised = [
        (category, message, key)
        for task in outcomes
        for key, side in zip(keys, task, strict=True)
        for category, message in side.warnings
    ]
    times = field("fit_time"), field("score_time")
    return EngineRun(tables, scores, failed, *times, failures, raised, list(plans))


def _exception_text(error):
    """A formatted exception without its traceback: the exception's type and message (of
    the last exception of a chain); any other text as it is."""
    lines = error.rstrip().splitlines()
    starts = [i for i, line in enumerate(lines) if line.startswith("Traceback (most recent")]
    if not starts:
        return error.strip()
    # The last traceback's frames are indented; the exception's lines follow them.
    frames = starts[-1] + 1
    while frames < len(lines) and lines[frames].startswith(" "):
        frames += 1
    return "\n".join(lines[frames:]).strip() or error.strip()


def report(results, names, error_score):
    """Issue the fits' warnings, then one counted warning for failures (an error if fatal).

    ``results`` is a list of runs (of several seeds, say), reported together.
    A data set on which two of the estimators share fewer than two completed
    splits cannot be compared: that is an error, with the first failure.
    """
    keys = list(results[0].plans[0].estimators)
    n_tasks = sum(len(result.failed) for result in results)
    raised = [
        (category, message, _label(key, names))
        for result in results
        for category, message, key in result.warnings
    ]
    reissue(raised, where="fits", total=dict.fromkeys({s for *_, s in raised}, n_tasks))
    failures = [failure for result in results for failure in result.failures]
    if not failures:
        return
    counts = ", ".join(
        f"{_label(key, names)} failed {sum(f.estimator == key for f in failures)} time(s)"
        for key in keys
    )
    first = failures[0]
    where = "" if first.dataset is None else f", data set {first.dataset!r}"
    # The cause first, in the exception's own words; its traceback only on request.
    details = (
        f"{counts}. The first failure ({_label(first.estimator, names)}, split "
        f"{first.split}{where}): {_exception_text(first.error)}"
    )
    for result in results:
        start = 0
        for plan in result.plans:
            stop = start + len(plan.splits)
            ok = ~result.failed[start:stop]
            if (ok.T.astype(int) @ ok.astype(int)).min() < 2:
                n_ok = int(ok.all(axis=1).sum())
                name = "" if plan.name is None else f" on data set {plan.name!r}"
                raise ValueError(
                    f"{int((~ok).any(axis=1).sum())} of {len(plan.splits)} splits failed{name}, "
                    f"leaving {n_ok}; at least 2 are needed. {details}\nSet error_score='raise' "
                    "to see the traceback of the first failure."
                )
            start = stop
    n_failed = sum(int(result.failed.any(axis=1).sum()) for result in results)
    n_plans = sum(len(result.plans) for result in results)
    scope = "" if n_plans == 1 else f" (over {n_plans} data sets)"
    warn(
        f"{n_failed} of {n_tasks} splits failed{scope} and are left out of the comparisons of "
        f"the models that failed (error_score={error_score!r}). {details}",
        FitFailedWarning,
    )


def _label(key, names):
    """How messages name an estimator: its key, and its model name when different."""
    name = names.get(key, key)
    return key if name == key else f"{key} ({name})"


class Engine(NamedTuple):
    """A comparison's estimators, scoring and run options: what its plans and runs need.

    Built once per fit (:meth:`create`); every data set is planned with
    :meth:`plan`, and the plans are run with :meth:`run`, :meth:`run_together`
    or :meth:`run_until_decided`.

    Attributes
    ----------
    estimators : dict of str to estimator
        The estimators by their routing names ("estimator_a", or a model's name).
    names : dict of str to str
        The model name of each estimator, in the tables.
    scoring : Scoring
    cv, random_state, error_score, n_jobs, pre_dispatch, verbose
        As for :func:`~sklearn.model_selection.cross_validate`; ``random_state``
        seeds the default splitter (``cv=None``).
    cache : FitCache or None
        Keeps the fits (``memory=``).
    owner : str
        Named in scikit-learn's routing errors.
    """

    estimators: dict
    names: dict
    scoring: Scoring
    cv: object
    random_state: object
    error_score: object
    n_jobs: object
    pre_dispatch: object
    verbose: int
    cache: object
    owner: str

    @classmethod
    def create(cls, estimators, scoring, *, names, memory, owner, **options):
        """The engine of ``{key: estimator}`` and a checked :class:`Scoring`, its cache opened.

        ``options`` are ``cv``, ``random_state``, ``error_score``, ``n_jobs``,
        ``pre_dispatch`` and ``verbose``; ``memory`` as for the comparator.
        """
        error_score = options["error_score"]
        cache = None if memory is None else FitCache(memory, estimators, scoring.given, error_score)
        return cls(dict(estimators), names, scoring, cache=cache, owner=owner, **options)

    def plan(self, X, y=None, groups=None, params=None, *, name=None):
        """The :class:`SplitPlan` of one data set (``name``: None for the only one)."""
        return plan_splits(self, X, y, groups, params or {}, name)

    def plan_datasets(self, datasets):
        """The plans of checked data sets ``{name: (X, y, groups, params)}``."""
        return [self.plan(*entry, name=name) for name, entry in datasets.items()]

    def run(self, plans):
        """All (data set, split) tasks of ``plans`` (a list of SplitPlan) in one dispatch.

        Returns
        -------
        EngineRun
        """
        return self.run_together([plans])[0]

    def run_together(self, groups, *, label="splits"):
        """Several runs (lists of plans: one per seed, say) in one dispatch, reported together.

        ``label`` says what the progress bar counts.

        Returns
        -------
        list of EngineRun
            One per group, in order.
        """
        sizes = [sum(len(plan.splits) for plan in plans) for plans in groups]
        outcomes = self._dispatch(
            (task for plans in groups for task in self._tasks(plans)), sum(sizes), label
        )
        results, start = [], 0
        for plans, size in zip(groups, sizes, strict=True):
            results.append(collect(plans, outcomes[start : start + size], self.scoring, self.names))
            start += size
        report(results, self.names, self.error_score)
        return results

    def run_until_decided(self, plan, *, decide, min_repeats):
        """Run one repeat at a time until ``decide`` says the run may stop.

        Each repeat's folds run in parallel, and ``decide(run)`` is asked after
        every repeat from ``min_repeats`` on, so where the run stops does not
        depend on ``n_jobs``.

        Parameters
        ----------
        plan : SplitPlan
            One data set, with repeated cross-validation.
        decide : callable
            ``decide(run) -> bool``: whether to stop.
        min_repeats : int
            Repeats always run.

        Returns
        -------
        run : EngineRun
        n_repeats : int
            Repeats run.
        reason : {"decided", "undecided"}
            Why the run ended: ``decide`` said stop, or every repeat ran.
        """
        n_repeats = int(plan.repeat.max()) + 1
        if n_repeats == 1:
            raise ValueError(
                "early_stopping=True needs repeated cross-validation (cv=None or a repeated "
                "splitter such as RepeatedStratifiedKFold)."
            )
        outcomes, reason = [], "undecided"
        for repeat in range(n_repeats):
            start = len(outcomes)
            stop = start + int((plan.repeat == repeat).sum())
            batch = plan._replace(splits=plan.splits[start:stop])
            label = f"splits of repeat {repeat + 1}"
            outcomes += self._dispatch(self._tasks([batch]), stop - start, label)
            result = collect([plan.head(stop)], outcomes, self.scoring, self.names)
            if repeat + 1 < min_repeats or (~result.failed.any(axis=1)).sum() < 2:
                continue
            if decide(result):
                reason = "decided"
                break
        report([result], self.names, self.error_score)
        return result, repeat + 1, reason

    def _tasks(self, plans):
        return tasks(plans, self.scoring, self.error_score, self.cache)

    def _dispatch(self, tasks, total, label):
        return dispatch(
            tasks,
            total=total,
            n_jobs=self.n_jobs,
            pre_dispatch=self.pre_dispatch,
            verbose=self.verbose,
            label=label,
        )
