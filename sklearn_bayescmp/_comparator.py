"""RepeatedCVComparator: paired repeated cross-validation of two estimators.

The splits are built once in the parent process. Each joblib task receives
one split and fits a clone of *both* estimators on the same training indices
and scores both on the same test indices, so every difference is paired and
the result does not depend on ``n_jobs`` or the joblib backend.
"""

import os
import warnings
from collections.abc import Mapping
from dataclasses import replace
from numbers import Integral, Real

import numpy as np
from sklearn.base import BaseEstimator, clone
from sklearn.metrics import get_scorer_names
from sklearn.utils import get_tags, indexable
from sklearn.utils.parallel import delayed
from sklearn.utils.validation import check_is_fitted, validate_data

from ._fit_cache import FitCache
from ._paired_cv import (
    SplitPlan,
    check_common_scoring,
    check_datasets,
    check_repeated_cv,
    collect_runs,
    fit_and_score_pair,
    report_failures,
    report_warnings,
    split_layout,
)
from ._progress import dispatch
from ._routing import comparison_router, route_params, routing_enabled
from ._score_table import ScoreTable
from ._table_layouts import DEFAULT_DATASET
from .stats import (
    NormalGammaPrior,
    bayesian_correlated_ttest,
    combined_ftest_5x2cv,
    corrected_ttest,
    hierarchical_test,
    paired_ttest,
    paired_ttest_5x2cv,
    poisson_test,
    sign_test,
    signed_rank_test,
    wilcoxon_test,
)
from .stats._frequentist import five_by_two_differences
from .utils._display import html_table, to_frame
from .utils._naming import default_model_names, short_repr
from .utils._sklearn import HasMethods, Interval, StrOptions, _fit_context
from .utils._validation import check_model_names, check_rope
from .utils._warnings import warn

#: The names of the two estimators in routing (``set_fit_request`` targets them).
_ESTIMATORS = ("estimator_a", "estimator_b")


class RepeatedCVComparator(BaseEstimator):
    """Compare two estimators with paired repeated cross-validation.

    Runs repeated k-fold cross-validation in parallel, fitting both estimators
    on exactly the same splits, records every per-split score difference
    ``score_a - score_b`` with its train/test sizes, and computes the
    Bayesian correlated t-test (posterior of the mean difference, with the
    probabilities that A is practically better, practically equivalent, or
    practically worse than B) and, on request, the corrected repeated-CV
    t-test.

    Parameters
    ----------
    estimator_a, estimator_b : estimator objects
        The two models (or pipelines). They are cloned for every split and
        never modified. A positive difference favours ``estimator_a``.
    names : tuple of (str, str), default=None
        Names of the two models, used in summaries, results, tables and
        plots ("P(logreg better)"). None names each after its class (the
        last step of a pipeline), told apart by their parameters when the
        classes coincide. :meth:`from_estimators` takes ``{name: estimator}``.
    cv : int, cross-validation generator or iterable, default=None
        None means ``RepeatedStratifiedKFold(n_splits=10, n_repeats=10)`` for
        classifiers and ``RepeatedKFold(n_splits=10, n_repeats=10)`` otherwise,
        seeded with ``random_state``. Any scikit-learn splitter or iterable of
        ``(train, test)`` index pairs works; an int means a single (stratified)
        k-fold, as in :func:`~sklearn.model_selection.cross_validate`.
    scoring : str, callable, list, tuple, set or dict, default=None
        Greater-is-better metrics, as accepted by
        :func:`~sklearn.metrics.check_scoring` (losses are ``neg_*``). One
        metric gives one comparison. Several (``["accuracy", "roc_auc"]`` or
        ``{name: scorer}``) are computed on the same fits and give one
        comparison per metric: the fitted attributes that hold results are
        then dicts keyed by metric name. None uses the estimators' ``score``
        method, which requires both to be of the same kind (two classifiers or
        two regressors).
    rope : float, tuple of (float, float) or dict, default=0.01
        Region of practical equivalence in the scorer's units (0.01 is one
        accuracy point): ``r`` means ``[-r, r]``; ``(low, high)`` with
        ``low <= 0 <= high`` is accepted. With several metrics, a dict gives
        each metric its own rope (``{"accuracy": 0.01, "roc_auc": 0.005}``).
    prior : NormalGammaPrior, default=None
        Prior of the Bayesian correlated t-test; None is the matching prior.
    threshold : float, default=0.95
        Posterior probability an outcome must exceed for ``decision_``.
    n_jobs : int, default=None
        Number of parallel jobs; one task fits both estimators on one split.
        ``None`` means 1 unless in a :func:`joblib.parallel_config` context;
        ``-1`` means all processors. Results do not depend on it.
    pre_dispatch : int or str, default="2*n_jobs"
        Number of tasks dispatched ahead, as in
        :func:`~sklearn.model_selection.cross_validate`.
    random_state : int, RandomState instance or None, default=None
        Seeds the default splitter (``cv=None``) only; estimators keep their
        own ``random_state``. Pass an int for reproducible splits.
    error_score : "raise" or float, default=np.nan
        Score recorded for a failed fit. "raise" re-raises the error. With a
        number, a failed split (on either side) is recorded, reported with one
        :class:`~sklearn.exceptions.FitFailedWarning`, and left out of both
        sides of the analysis.
    verbose : int, default=0
        0 is silent; 1 draws a progress bar of finished splits with the
        estimated time left (on stderr, through joblib's result generator, so
        with any backend); 2 and more also show joblib's own messages.
    early_stopping : bool, default=False
        Run the repeats one at a time (each repeat's folds in parallel) and
        stop as soon as the rope decision at ``threshold`` is reached ("a",
        "b" or "equivalent"; with several metrics, for every metric), from
        ``min_repeats`` repeats on. Clear-cut comparisons then cost a fraction
        of the fits. The Bayesian posterior remains valid under such optional
        stopping (it depends on the data only through the likelihood); the
        p-value of the corrected t-test does not, and :meth:`corrected_ttest`
        warns after an early stop. Stopping when a threshold is first crossed
        still favours decisions: see ``benchmarks/bench_early_stopping.py`` for
        how often they agree with the full run.
    min_repeats : int, default=2
        Repeats always run before early stopping may stop.
    memory : str, path-like or joblib.Memory, default=None
        Cache of every estimator's fit-and-score on every split, in a
        directory or a :class:`joblib.Memory`. Finished fits are written as
        they complete, so a run that is interrupted (crash, kill, Ctrl-C) and
        started again recomputes only the unfinished fits. The key of a fit
        covers the estimator (its class, parameters and the code of every
        class and function it reaches outside installed distributions), the
        scorer (code included), the data, the split's indices, the metadata
        passed to the fit and the scorer, ``error_score``, and the versions of
        Python, scikit-learn, NumPy, SciPy, joblib and this package. What it
        cannot cover is named in a warning and runs uncached. None caches
        nothing.

    Attributes
    ----------
    model_names_ : tuple of (str, str)
        The names of A and B (``names``, or the ones derived from the
        estimators).
    metrics_ : tuple of str
        The metrics compared: the scoring string (or "score") for one metric,
        the names of the list or dict for several.
    multimetric_ : bool
        Whether several metrics were compared. Then ``scores_a_``,
        ``scores_b_``, ``differences_``, ``cv_differences_``, ``result_``,
        ``decision_``, ``datasets_`` and ``dataset_results_`` are dicts keyed
        by metric name.
    scores_a_, scores_b_ : ndarray of shape (n_splits,)
        Test score of each estimator per split, in split order
        (``error_score`` where it failed).
    differences_ : ndarray of shape (n_splits,)
        ``scores_a_ - scores_b_``; NaN where either estimator failed.
    n_train_, n_test_ : ndarray of shape (n_splits,)
        Training and test set size of each split.
    fit_times_, score_times_ : ndarray of shape (n_splits, 2)
        Seconds spent fitting and scoring; column 0 is A, column 1 is B.
    n_splits_ : int
        Number of splits run.
    fit_errors_ : list of SplitFailure
        Every failed fit or score: split, repeat, fold, estimator, error text
        (and data set, after :meth:`fit_datasets`).
    n_failed_splits_ : int
        Splits left out of the analysis because a fit or score failed.
    cv_differences_ : CVDifferences
        The record handed to the back ends (failed splits as NaN), with the
        models' names.
    cv_results_ : dict of ndarray
        ``cross_validate``-like table: ``test_score_a``, ``test_score_b``,
        ``difference`` (``test_<metric>_a``, ``test_<metric>_b``,
        ``difference_<metric>`` with several metrics), ``fit_time_a``,
        ``fit_time_b``, ``score_time_a``, ``score_time_b``, ``n_train``,
        ``n_test``, ``repeat``, ``fold``.
    result_ : BayesianCorrelatedTTestResult
        Bayesian correlated t-test with the comparator's ``rope`` and
        ``prior``.
    decision_ : {"a", "b", "equivalent", "undecided"}
        ``result_.decision(threshold)``.
    n_repeats_run_ : int
        Repeats actually run (all of them unless early stopping stopped).
    stopped_early_ : bool
        Whether early stopping skipped some repeats.
    stopping_reason_ : str
        Why the run ended, e.g. "decision 'a' reached at threshold 0.95 after
        2 of 10 repeats".
    n_features_in_ : int
        Number of features of ``X`` in :meth:`fit` (when ``X`` has columns).
    feature_names_in_ : ndarray of shape (`n_features_in_`,)
        Names of the features of ``X`` in :meth:`fit`, when they are all
        strings (e.g. a pandas DataFrame's columns).
    datasets_ : dict of str to CVDifferences
        Set by :meth:`fit_datasets` (instead of the attributes above, which
        :meth:`fit` sets): one record per data set.
    dataset_results_ : dict of str to BayesianCorrelatedTTestResult
        Set by :meth:`fit_datasets`: the Bayesian correlated t-test of each
        data set with the comparator's ``rope`` and ``prior``.

    See Also
    --------
    sklearn_bayescmp.stats.bayesian_correlated_ttest : The Bayesian back end.
    sklearn_bayescmp.stats.corrected_ttest : The frequentist back end.

    Notes
    -----
    **Metadata** such as ``sample_weight`` is passed as in
    :func:`~sklearn.model_selection.cross_validate`. With scikit-learn's
    metadata routing enabled (``sklearn.set_config(enable_metadata_routing=True)``),
    each estimator's ``fit`` receives what it requested
    (``set_fit_request``), the scorer what it requested
    (``make_scorer(...).set_score_request(sample_weight=True)``) and the
    splitter its ``groups``; metadata that nobody requested raises
    scikit-learn's errors. With routing disabled (the default) everything but
    ``groups`` goes to both estimators' ``fit`` and the scorer receives
    nothing: enable routing to weight the scores as well as the fits.

    References
    ----------
    .. [1] C. Nadeau and Y. Bengio, "Inference for the generalization error",
       Machine Learning 52(3), 2003.
    .. [2] G. Corani and A. Benavoli, "A Bayesian approach for comparing
       cross-validated algorithms on multiple data sets", Machine Learning
       100(2), 2015.

    Examples
    --------
    >>> from sklearn.datasets import load_iris
    >>> from sklearn.naive_bayes import GaussianNB
    >>> from sklearn.tree import DecisionTreeClassifier
    >>> from sklearn_bayescmp import RepeatedCVComparator
    >>> X, y = load_iris(return_X_y=True)
    >>> cmp = RepeatedCVComparator(
    ...     GaussianNB(), DecisionTreeClassifier(random_state=0), names=("NB", "tree"),
    ...     random_state=0,
    ... ).fit(X, y)
    >>> cmp.differences_.shape
    (100,)
    >>> cmp.result_
    BayesianCorrelatedTTestResult(model_a='NB', model_b='tree', prob_a_better=0.3961, ...)
    >>> cmp.decision_
    'undecided'
    """

    _parameter_constraints: dict = {
        "estimator_a": [HasMethods(["fit"])],
        "estimator_b": [HasMethods(["fit"])],
        "names": [tuple, list, None],
        "cv": ["cv_object"],
        "scoring": [
            StrOptions(set(get_scorer_names())),
            callable,
            list,
            tuple,
            set,
            dict,
            None,
        ],
        "rope": [Interval(Real, 0, None, closed="left"), "array-like", dict],
        "prior": [NormalGammaPrior, None],
        "threshold": [Interval(Real, 0, 1, closed="neither")],
        "n_jobs": [Integral, None],
        "pre_dispatch": [Integral, str],
        "random_state": ["random_state"],
        "error_score": [StrOptions({"raise"}), Real],
        "verbose": ["verbose"],
        "early_stopping": ["boolean"],
        "min_repeats": [Interval(Integral, 1, None, closed="left")],
        "memory": [None, str, os.PathLike, HasMethods(["cache"])],
    }

    def __init__(
        self,
        estimator_a,
        estimator_b,
        *,
        names=None,
        cv=None,
        scoring=None,
        rope=0.01,
        prior=None,
        threshold=0.95,
        n_jobs=None,
        pre_dispatch="2*n_jobs",
        random_state=None,
        error_score=np.nan,
        verbose=0,
        early_stopping=False,
        min_repeats=2,
        memory=None,
    ):
        self.estimator_a = estimator_a
        self.estimator_b = estimator_b
        self.names = names
        self.cv = cv
        self.scoring = scoring
        self.rope = rope
        self.prior = prior
        self.threshold = threshold
        self.n_jobs = n_jobs
        self.pre_dispatch = pre_dispatch
        self.random_state = random_state
        self.error_score = error_score
        self.verbose = verbose
        self.early_stopping = early_stopping
        self.min_repeats = min_repeats
        self.memory = memory

    @classmethod
    def from_estimators(cls, estimators, **params):
        """A comparator of two named estimators, ``{name_a: estimator_a, name_b: estimator_b}``.

        Parameters
        ----------
        estimators : dict or list of (str, estimator)
            Exactly two named estimators; the first is A.
        **params : dict
            The comparator's other parameters (``cv``, ``scoring``, ``rope``...).

        Returns
        -------
        RepeatedCVComparator
            With ``names`` set to the two keys.

        Examples
        --------
        >>> from sklearn.linear_model import LogisticRegression
        >>> from sklearn.naive_bayes import GaussianNB
        >>> from sklearn_bayescmp import RepeatedCVComparator
        >>> cmp = RepeatedCVComparator.from_estimators(
        ...     {"logreg": LogisticRegression(), "naive Bayes": GaussianNB()}, rope=0.01)
        >>> cmp.names
        ('logreg', 'naive Bayes')
        """
        items = list(estimators.items()) if isinstance(estimators, Mapping) else list(estimators)
        if len(items) != 2 or not all(isinstance(item, tuple) and len(item) == 2 for item in items):
            raise ValueError(
                "`estimators` must hold exactly two (name, estimator) entries, A first; got "
                f"{len(items)}. To compare more models use "
                "sklearn_bayescmp.model_selection.compare_estimators."
            )
        (name_a, estimator_a), (name_b, estimator_b) = items
        return cls(estimator_a, estimator_b, names=(name_a, name_b), **params)

    def __sklearn_tags__(self):
        # The comparator takes whatever both estimators take, as scikit-learn's
        # meta-estimators (GridSearchCV) declare.
        tags = super().__sklearn_tags__()
        inner = [get_tags(estimator) for estimator in (self.estimator_a, self.estimator_b)]
        for name in ("sparse", "allow_nan", "categorical", "string"):
            setattr(tags.input_tags, name, all(getattr(t.input_tags, name) for t in inner))
        tags.input_tags.pairwise = any(t.input_tags.pairwise for t in inner)
        tags.target_tags.required = any(t.target_tags.required for t in inner)
        return tags

    # -- fitting -------------------------------------------------------------

    @_fit_context(prefer_skip_nested_validation=False)
    def fit(self, X, y=None, *, groups=None, **params):
        """Run the paired repeated cross-validation and the Bayesian test.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            Training data; anything the estimators accept.
        y : array-like of shape (n_samples,), default=None
            Target.
        groups : array-like of shape (n_samples,), default=None
            Group labels, passed to the splitter (e.g. ``GroupKFold``).
        **params : dict
            Metadata such as ``sample_weight``, routed as
            :func:`~sklearn.model_selection.cross_validate` routes its
            ``params`` (see the Notes of the class). Sample-aligned arrays are
            cut to each split's training rows (fit) and test rows (scorer).

        Returns
        -------
        self : RepeatedCVComparator
        """
        self._clear_fitted_attributes()
        scoring = self._check_before_running()
        cache = self._fit_cache()
        plan = self._plan(X, y, groups, params, scoring, cache)
        validate_data(self, X, skip_check_array=True)
        n_repeats = int(plan.repeat.max()) + 1
        if self.early_stopping:
            run, self.n_repeats_run_, self.stopping_reason_ = self._run_until_decided(
                plan, scoring, n_repeats, cache
            )
        else:
            (run,) = self._run([plan], scoring, cache)
            self.n_repeats_run_ = n_repeats
            self.stopping_reason_ = "early stopping is off: every repeat was run"
        self.stopped_early_ = self.n_repeats_run_ < n_repeats

        self.n_splits_ = run.n_splits
        self.n_train_ = np.array(run.record.n_train)
        self.n_test_ = np.array(run.record.n_test)
        self.fit_times_, self.score_times_ = run.fit_times, run.score_times
        self.fit_errors_ = run.failures
        self.n_failed_splits_ = run.n_failed
        per_metric = {
            "scores_a_": {m: run.scores[:, 0, k] for k, m in enumerate(self.metrics_)},
            "scores_b_": {m: run.scores[:, 1, k] for k, m in enumerate(self.metrics_)},
            "differences_": {m: np.array(r.differences) for m, r in run.records.items()},
            "cv_differences_": dict(run.records),
        }
        per_metric["result_"] = {
            metric: self._bayesian_ttest(record, metric) for metric, record in run.records.items()
        }
        per_metric["decision_"] = {
            metric: result.decision(self.threshold)
            for metric, result in per_metric["result_"].items()
        }
        for name, values in per_metric.items():
            setattr(self, name, self._per_metric(values))
        self.cv_results_ = self._cv_results(per_metric, run.records)
        return self

    def _cv_results(self, per_metric, records):
        """The ``cross_validate``-like table of the fitted splits."""
        if self.multimetric_:
            scores = {}
            for metric in self.metrics_:
                scores[f"test_{metric}_a"] = per_metric["scores_a_"][metric]
                scores[f"test_{metric}_b"] = per_metric["scores_b_"][metric]
                scores[f"difference_{metric}"] = per_metric["differences_"][metric]
        else:
            scores = {
                "test_score_a": self.scores_a_,
                "test_score_b": self.scores_b_,
                "difference": self.differences_,
            }
        record = next(iter(records.values()))
        return {
            **scores,
            "fit_time_a": self.fit_times_[:, 0],
            "fit_time_b": self.fit_times_[:, 1],
            "score_time_a": self.score_times_[:, 0],
            "score_time_b": self.score_times_[:, 1],
            "n_train": self.n_train_,
            "n_test": self.n_test_,
            "repeat": record.repeat,
            "fold": record.fold,
        }

    @_fit_context(prefer_skip_nested_validation=False)
    def fit_datasets(self, datasets):
        """Compare the two estimators on many data sets in one parallel run.

        Every (data set, split) task goes into a single joblib dispatch, so
        small data sets do not leave workers idle; the numbers do not depend
        on ``n_jobs``. Each data set gets its own splits from ``cv`` (by
        default a 10x10 repeated k-fold seeded with ``random_state``).

        Parameters
        ----------
        datasets : mapping of str to tuple
            ``{name: (X, y)}``, ``{name: (X, y, groups)}`` or
            ``{name: (X, y, params)}`` with a dict of metadata (routed as in
            :meth:`fit`; it may hold ``groups``).

        Returns
        -------
        self : RepeatedCVComparator
            Fitted with ``datasets_`` (name -> :class:`CVDifferences`),
            ``dataset_results_`` (name -> Bayesian correlated t-test) and
            ``fit_errors_``; then use :meth:`poisson_test`,
            :meth:`sign_test`, :meth:`signed_rank_test`,
            :meth:`hierarchical_test` or :meth:`wilcoxon_test`.
        """
        self._clear_fitted_attributes()
        entries = check_datasets(datasets)
        scoring = self._check_before_running()
        cache = self._fit_cache()
        plans = self._plans(entries, scoring, cache)
        runs = self._run(plans, scoring, cache)
        self.fit_errors_ = [failure for run in runs for failure in run.failures]
        datasets = {
            metric: {plan.name: run.records[metric] for plan, run in zip(plans, runs, strict=True)}
            for metric in self.metrics_
        }
        results = {
            metric: {name: self._bayesian_ttest(record, metric) for name, record in records.items()}
            for metric, records in datasets.items()
        }
        self.datasets_ = self._per_metric(datasets)
        self.dataset_results_ = self._per_metric(results)
        return self

    def _plans(self, entries, scoring, cache):
        """One plan per data set of ``{name: (X, y, groups, params)}``."""
        return [
            self._plan(X, y, groups, params, scoring, cache, name=name)
            for name, (X, y, groups, params) in entries.items()
        ]

    def _per_metric(self, values):
        """``values`` (a dict keyed by metric) as the attribute holds it."""
        return dict(values) if self.multimetric_ else next(iter(values.values()))

    def _clear_fitted_attributes(self):
        """A refit starts clean: drop what a previous fit (of either kind) left."""
        for name in [key for key in vars(self) if key.endswith("_") and not key.startswith("_")]:
            delattr(self, name)

    def _plan(self, X, y, groups, params, scoring, cache, *, name=None):
        if y is None:
            for key, estimator in self._estimators().items():
                if get_tags(estimator).target_tags.required:
                    where = "" if name is None else f" (data set {name!r})"
                    raise ValueError(
                        f"{type(self).__name__} requires y to be passed, but the target y is "
                        f"None{where}: {key} ({type(estimator).__name__}) is fitted on a target."
                    )
        X, y, groups = indexable(X, y, groups)
        cv = self._check_cv(y)
        router = self._router(cv, scoring) if routing_enabled() else None
        routed = route_params(router, _ESTIMATORS, params, groups)
        splits = list(cv.split(X, y, **routed.split))
        if not splits:
            where = "" if name is None else f" for data set {name!r}"
            raise ValueError(f"`cv` yielded no splits{where}; got cv={self.cv!r}.")
        repeat, fold = split_layout(cv, len(splits))
        # The data are hashed once here, not once per split in the cache's key.
        cache_keys = None if cache is None else cache.data_keys(X, y, routed.fit, routed.score)
        return SplitPlan(name, X, y, splits, repeat, fold, routed.fit, routed.score, cache_keys)

    def _router(self, cv, scoring):
        estimators = {"estimator_a": self.estimator_a, "estimator_b": self.estimator_b}
        return comparison_router(type(self).__name__, estimators, cv, scoring.scorer)

    def get_metadata_routing(self):
        """Routing of the metadata passed to :meth:`fit`.

        Each estimator's ``fit`` (as ``estimator_a`` and ``estimator_b``), the
        splitter's ``split`` and the scorer's ``score`` receive what they
        requested; see scikit-learn's user guide on metadata routing.

        Returns
        -------
        MetadataRouter
        """
        scoring = check_common_scoring(self._estimators(), self.scoring)
        cv = check_repeated_cv(self.cv, None, self.estimator_a, self.random_state)
        return self._router(cv, scoring)

    def _estimators(self):
        return {"estimator_a": self.estimator_a, "estimator_b": self.estimator_b}

    def _run(self, plans, scoring, cache):
        """All (data set, split) tasks in one dispatch; one run per data set."""
        total = sum(len(plan.splits) for plan in plans)
        outcomes = self._dispatch(self._tasks(plans, scoring, cache), total)
        runs = self._collect(plans, outcomes, scoring)
        report_warnings(runs)
        report_failures(runs, self.error_score)
        return runs

    def _collect(self, plans, outcomes, scoring):
        return collect_runs(plans, outcomes, metrics=scoring.metrics, model_names=self.model_names_)

    def _run_until_decided(self, plan, scoring, n_repeats, cache):
        """Run one repeat at a time until the rope decision is reached.

        The rule is checked after every repeat (from ``min_repeats`` on), and
        each repeat's folds run in parallel, so where it stops does not depend
        on ``n_jobs``. With several metrics it stops when every metric is
        decided. Returns the run, the number of repeats run and why it
        stopped.
        """
        if n_repeats == 1:
            raise ValueError(
                "early_stopping=True needs repeated cross-validation (cv=None or a repeated "
                f"splitter such as RepeatedStratifiedKFold); got cv={self.cv!r}."
            )
        outcomes = []
        for repeat in range(n_repeats):
            start = len(outcomes)
            stop = start + int((plan.repeat == repeat).sum())
            batch = plan._replace(splits=plan.splits[start:stop])
            label = f"splits of repeat {repeat + 1}"
            outcomes += self._dispatch(self._tasks([batch], scoring, cache), stop - start, label)
            done = plan._replace(
                splits=plan.splits[:stop], repeat=plan.repeat[:stop], fold=plan.fold[:stop]
            )
            (run,) = self._collect([done], outcomes, scoring)
            if repeat + 1 < self.min_repeats or run.n_splits - run.n_failed < 2:
                continue
            decisions = {
                metric: self._bayesian_ttest(record, metric).decision(self.threshold)
                for metric, record in run.records.items()
            }
            if "undecided" not in decisions.values():
                reached = (
                    f"decisions {decisions}"
                    if self.multimetric_
                    else f"decision {decisions[self.metrics_[0]]!r}"
                )
                reason = (
                    f"{reached} reached at threshold {self.threshold} after "
                    f"{repeat + 1} of {n_repeats} repeats"
                )
                break
        else:
            reason = f"no decision after all {n_repeats} repeats"
        report_warnings([run])
        report_failures([run], self.error_score)
        return run, repeat + 1, reason

    def _dispatch(self, tasks, total, label="splits"):
        """Run the tasks through joblib, in order; a progress bar when ``verbose``."""
        return dispatch(
            tasks,
            total=total,
            n_jobs=self.n_jobs,
            pre_dispatch=self.pre_dispatch,
            verbose=self.verbose,
            label=label,
        )

    def _tasks(self, plans, scoring, cache):
        """One delayed call per (data set, split): both estimators on that split."""
        for plan in plans:
            keys = plan.cache_keys or dict.fromkeys(_ESTIMATORS)
            for train, test in plan.splits:
                split_cache = None
                if cache is not None and cache.enabled:
                    split_cache = (
                        cache.function,
                        *(cache.split_key(keys[name], train, test) for name in _ESTIMATORS),
                    )
                yield delayed(fit_and_score_pair)(
                    clone(self.estimator_a),
                    clone(self.estimator_b),
                    plan.X,
                    plan.y,
                    train,
                    test,
                    scoring,
                    plan.fit_params["estimator_a"],
                    plan.fit_params["estimator_b"],
                    plan.score_params,
                    self.error_score,
                    split_cache,
                )

    def _fit_cache(self):
        """The cache of the fits in ``memory`` (None without one)."""
        if self.memory is None:
            return None
        return FitCache(self.memory, self._estimators(), self.scoring, self.error_score)

    def _check_before_running(self):
        """Validate what the parameter constraints cannot, before any fit; return the scoring.

        A bad ``rope`` or ``names`` would otherwise only surface after every
        split ran. Sets ``model_names_``, ``metrics_`` and ``multimetric_``.
        """
        scoring = check_common_scoring(self._estimators(), self.scoring)
        self.metrics_, self.multimetric_ = scoring.metrics, scoring.multimetric
        if isinstance(self.rope, Mapping):
            if set(self.rope) != set(scoring.metrics):
                raise ValueError(
                    f"`rope` as a dict must give one rope per metric {list(scoring.metrics)}; "
                    f"got keys {list(self.rope)}. Use a number for the same rope everywhere."
                )
        for metric in scoring.metrics:
            check_rope(self._rope(metric))
        if self.names is None:
            self.model_names_ = default_model_names([self.estimator_a, self.estimator_b])
        else:
            if len(self.names) != 2:
                raise ValueError(
                    f"`names` must hold two names, for estimator_a and estimator_b; got "
                    f"{self.names!r}."
                )
            self.model_names_ = check_model_names(*self.names, name="`names`")
        return scoring

    def _rope(self, metric):
        """The rope of ``metric``: the metric's entry of a dict, or the common rope."""
        return self.rope[metric] if isinstance(self.rope, Mapping) else self.rope

    def _check_cv(self, y):
        return check_repeated_cv(self.cv, y, self.estimator_a, self.random_state)

    # -- tests on the fitted comparison -------------------------------------

    def _metric(self, metric):
        """The metric a method works on: ``metric``, or the only one."""
        if metric is None:
            if self.multimetric_:
                raise ValueError(
                    f"This comparison has several metrics {list(self.metrics_)}; pass "
                    "metric=<name> to choose one."
                )
            return self.metrics_[0]
        if metric not in self.metrics_:
            raise ValueError(f"`metric` must be one of {list(self.metrics_)}; got {metric!r}.")
        return metric

    def _fitted_record(self, metric):
        """The record of ``metric`` (of the only metric when None) and the metric's name."""
        check_is_fitted(self, "cv_differences_")
        metric = self._metric(metric)
        record = self.cv_differences_[metric] if self.multimetric_ else self.cv_differences_
        return record, metric

    def _record(self, metric):
        return self._fitted_record(metric)[0]

    def _bayesian_ttest(self, record, metric, rope=None, prior=None):
        return bayesian_correlated_ttest(
            record,
            rope=self._rope(metric) if rope is None else rope,
            prior=self.prior if prior is None else prior,
            nan_policy="omit",
        )

    def corrected_ttest(self, alternative="two-sided", *, metric=None):
        """Corrected repeated-CV t-test on the fitted differences.

        Parameters
        ----------
        alternative : {"two-sided", "greater", "less"}, default="two-sided"
            "greater": A scores higher than B.
        metric : str, default=None
            With several metrics, which one.

        Returns
        -------
        TTestResult
            See :func:`sklearn_bayescmp.stats.corrected_ttest`; with random
            splits (``ShuffleSplit``) it is the corrected resampled t-test.
        """
        record = self._record(metric)
        if self.stopped_early_:
            warn(
                "This comparison stopped as soon as the Bayesian decision was reached "
                "(early_stopping=True). Under such optional stopping the p-value of the "
                "corrected t-test is not valid; use the Bayesian posterior (result_).",
            )
        return corrected_ttest(record, alternative=alternative, nan_policy="omit")

    def paired_ttest(self, alternative="two-sided", *, metric=None):
        """The uncorrected paired t-test on the fitted differences (miscalibrated).

        Parameters
        ----------
        alternative : {"two-sided", "greater", "less"}, default="two-sided"
            "greater": A scores higher than B.
        metric : str, default=None
            With several metrics, which one.

        Returns
        -------
        TTestResult
            See :func:`sklearn_bayescmp.stats.paired_ttest`, which explains why
            its p-values are too small on cross-validation differences.
        """
        return paired_ttest(self._record(metric), alternative=alternative, nan_policy="omit")

    def paired_ttest_5x2cv(self, alternative="two-sided", *, metric=None):
        """The 5x2cv paired t-test; needs ``cv`` with 5 repeats of 2 folds.

        Parameters
        ----------
        alternative : {"two-sided", "greater", "less"}, default="two-sided"
            "greater": A scores higher than B.
        metric : str, default=None
            With several metrics, which one.

        Returns
        -------
        TTestResult
            See :func:`sklearn_bayescmp.stats.paired_ttest_5x2cv`.
        """
        record = self._record(metric)
        result = paired_ttest_5x2cv(five_by_two_differences(record), alternative=alternative)
        return replace(result, model_a=record.model_names[0], model_b=record.model_names[1])

    def combined_ftest_5x2cv(self, *, metric=None):
        """The combined 5x2cv F-test; needs ``cv`` with 5 repeats of 2 folds.

        Parameters
        ----------
        metric : str, default=None
            With several metrics, which one.

        Returns
        -------
        FTestResult
            See :func:`sklearn_bayescmp.stats.combined_ftest_5x2cv`.
        """
        record = self._record(metric)
        result = combined_ftest_5x2cv(five_by_two_differences(record))
        return replace(result, model_a=record.model_names[0], model_b=record.model_names[1])

    def bayesian_ttest(self, rope=None, prior=None, *, metric=None):
        """Bayesian correlated t-test on the fitted differences.

        Parameters
        ----------
        rope : float or tuple of (float, float), default=None
            None uses the comparator's ``rope``.
        prior : NormalGammaPrior, default=None
            None uses the comparator's ``prior``.
        metric : str, default=None
            With several metrics, which one.

        Returns
        -------
        BayesianCorrelatedTTestResult
            See :func:`sklearn_bayescmp.stats.bayesian_correlated_ttest`.
        """
        record, metric = self._fitted_record(metric)
        return self._bayesian_ttest(record, metric, rope, prior)

    def _fitted_datasets(self, metric):
        check_is_fitted(
            self,
            "datasets_",
            msg="This %(name)s has no results on several data sets; call fit_datasets first.",
        )
        metric = self._metric(metric)
        return (self.datasets_[metric] if self.multimetric_ else self.datasets_), metric

    def poisson_test(self, *, rope=None, prior=None, metric=None):
        """Poisson-binomial test over the data sets of :meth:`fit_datasets`.

        Parameters
        ----------
        rope : float or tuple of (float, float), default=None
            None uses the comparator's ``rope`` (a rope-aware test, where each
            data set is a three-outcome trial); 0 gives the original test.
        prior : NormalGammaPrior, default=None
            None uses the comparator's ``prior``.
        metric : str, default=None
            With several metrics, which one.

        Returns
        -------
        PoissonTestResult
            See :func:`sklearn_bayescmp.stats.poisson_test`.
        """
        datasets, metric = self._fitted_datasets(metric)
        return poisson_test(
            datasets,
            rope=self._rope(metric) if rope is None else rope,
            prior=self.prior if prior is None else prior,
        )

    def sign_test(self, *, rope=None, metric=None, **kwargs):
        """Bayesian sign test over the data sets of :meth:`fit_datasets`.

        Parameters
        ----------
        rope : float or tuple of (float, float), default=None
            None uses the comparator's ``rope``.
        metric : str, default=None
            With several metrics, which one.
        **kwargs : dict
            Other arguments of :func:`sklearn_bayescmp.stats.sign_test`
            (``prior_strength``, ``prior_place``, ``n_samples``,
            ``random_state``; the latter defaults to the comparator's).

        Returns
        -------
        DirichletProcessTestResult
        """
        return self._sampled_collection_test(sign_test, rope, metric, kwargs)

    def signed_rank_test(self, *, rope=None, metric=None, **kwargs):
        """Bayesian signed-rank test over the data sets of :meth:`fit_datasets`.

        Parameters
        ----------
        rope : float or tuple of (float, float), default=None
            None uses the comparator's ``rope``.
        metric : str, default=None
            With several metrics, which one.
        **kwargs : dict
            Other arguments of :func:`sklearn_bayescmp.stats.signed_rank_test`
            (``prior_strength``, ``prior_place``, ``n_samples``,
            ``random_state``; the latter defaults to the comparator's).

        Returns
        -------
        DirichletProcessTestResult
        """
        return self._sampled_collection_test(signed_rank_test, rope, metric, kwargs)

    def hierarchical_test(self, *, rope=None, metric=None, **kwargs):
        """Bayesian hierarchical test over the data sets of :meth:`fit_datasets`.

        Parameters
        ----------
        rope : float or tuple of (float, float), default=None
            None uses the comparator's ``rope``.
        metric : str, default=None
            With several metrics, which one.
        **kwargs : dict
            Other arguments of :func:`sklearn_bayescmp.stats.hierarchical_test`
            (``n_chains``, ``n_warmup``, ``n_samples``, ``nu_prior``,
            ``random_state``; the latter defaults to the comparator's).

        Returns
        -------
        HierarchicalTestResult
        """
        return self._sampled_collection_test(hierarchical_test, rope, metric, kwargs)

    def _sampled_collection_test(self, backend, rope, metric, kwargs):
        """Run a Monte Carlo back end with the comparator's rope and random_state."""
        datasets, metric = self._fitted_datasets(metric)
        kwargs.setdefault("random_state", self.random_state)
        rope = self._rope(metric) if rope is None else rope
        return backend(datasets, rope=rope, **kwargs)

    def wilcoxon_test(self, *, metric=None, **kwargs):
        """Wilcoxon signed-rank test on the mean differences of the data sets.

        Parameters
        ----------
        metric : str, default=None
            With several metrics, which one.
        **kwargs : dict
            Arguments of :func:`sklearn_bayescmp.stats.wilcoxon_test`
            (``alternative``).

        Returns
        -------
        WilcoxonTestResult
        """
        datasets, _ = self._fitted_datasets(metric)
        return wilcoxon_test(datasets, **kwargs)

    # -- reports -------------------------------------------------------------

    def summary(self):
        """Readable report of the comparison.

        After :meth:`fit`: the models, their mean scores, the corrected
        t-test and the Bayesian correlated t-test with its rope probabilities
        and decision (for every metric). After :meth:`fit_datasets`: a table
        of every data set's Bayesian correlated t-test, then the tests over
        the data sets (Poisson-binomial, Bayesian sign and signed-rank,
        Wilcoxon; :meth:`hierarchical_test` is left out because it samples
        for seconds).

        Returns
        -------
        str
        """
        check_is_fitted(self, ["result_", "datasets_"], all_or_any=any)
        name_a, name_b = self.model_names_
        scoring = (
            self.scoring
            if isinstance(self.scoring, str)
            else (
                "default score"
                if self.scoring is None
                else ", ".join(self.metrics_)
                if self.multimetric_
                else short_repr(self.scoring)
            )
        )
        lines = [
            f"A = {name_a}: {short_repr(self.estimator_a)}",
            f"B = {name_b}: {short_repr(self.estimator_b)}",
        ]
        if hasattr(self, "datasets_"):
            return "\n".join(lines + [f"scoring: {scoring}", *self._collection_summary()])
        lines.append(
            f"{self.n_splits_} paired splits ({self._record(self.metrics_[0]).n_repeats} "
            f"repeat(s)), scoring: {scoring}"
        )
        if self.n_failed_splits_:
            lines.append(f"{self.n_failed_splits_} failed split(s) left out; see fit_errors_")
        if self.stopped_early_:
            lines.append(
                f"Stopped early ({self.stopping_reason_}): the corrected t-test's p-value "
                "is not valid under such optional stopping; the posterior is."
            )
        for metric in self.metrics_:
            record = self._record(metric)
            result = self.bayesian_ttest(metric=metric)
            ok = ~np.isnan(record.differences)
            heading = f"-- {metric} --" if self.multimetric_ else None
            with warnings.catch_warnings():
                # The early-stop warning is said above, once.
                warnings.simplefilter("ignore", UserWarning)
                ttest = self.corrected_ttest(metric=metric)
            lines += [
                *([""] if heading is None else ["", heading]),
                f"mean score {name_a} = {record.scores_a[ok].mean():.4f}, "
                f"{name_b} = {record.scores_b[ok].mean():.4f}",
                "",
                ttest.summary(),
                "",
                result.summary(self.threshold),
            ]
        return "\n".join(lines)

    def _collection_summary(self):
        """Per-data-set table and the tests over data sets, for every metric."""
        name_a, name_b = self.model_names_
        lines = []
        for metric in self.metrics_:
            datasets, _ = self._fitted_datasets(metric)
            results = self.dataset_results_[metric] if self.multimetric_ else self.dataset_results_
            width = max(12, *(len(name) for name in datasets))
            if self.multimetric_:
                lines += ["", f"-- {metric} --"]
            lines += [
                "",
                f"{'data set':<{width}} {'splits':>6} {'mean A-B':>9} {'P(A)':>6} {'P(eq)':>6} "
                f"{'P(B)':>6}  decision",
            ]
            for name, result in results.items():
                lines.append(
                    f"{name:<{width}} {result.n_splits:>6} {result.loc:>9.4f} "
                    f"{result.prob_a_better:>6.3f} {result.prob_equivalent:>6.3f} "
                    f"{result.prob_b_better:>6.3f}  {result.decision(self.threshold)}"
                )
            lines.append(f"(A = {name_a}, B = {name_b}; Bayesian correlated t-test per data set)")
            if len(datasets) < 2:
                continue
            lines += [
                "",
                self.poisson_test(metric=metric).summary(self.threshold),
                self.sign_test(metric=metric).summary(self.threshold),
                self.signed_rank_test(metric=metric).summary(self.threshold),
                self.wilcoxon_test(metric=metric).summary(),
            ]
        return lines

    def to_table(self, *, metric=None):
        """The fitted scores as a :class:`~sklearn_bayescmp.ScoreTable` of the two models.

        Parameters
        ----------
        metric : str, default=None
            With several metrics, which one.

        Returns
        -------
        ScoreTable
            Models named ``model_names_``; one data set ("data" after
            :meth:`fit`), or every data set of :meth:`fit_datasets`. A failed
            fit or score is NaN on its side.
        """
        check_is_fitted(self, ["result_", "datasets_"], all_or_any=any)
        if hasattr(self, "datasets_"):
            records, metric = self._fitted_datasets(metric)
        else:
            record = self._record(metric)
            records = {DEFAULT_DATASET: record}
        return ScoreTable.from_records(records, failures=self.fit_errors_)

    def to_frame(self):
        """The comparison as a table, one row per metric (and data set).

        After :meth:`fit`, one row per metric; after :meth:`fit_datasets`, one
        row per metric and data set. The columns are those of
        :meth:`BayesianCorrelatedTTestResult.to_frame`, plus ``metric`` and
        ``dataset``. pandas is imported here.

        Returns
        -------
        pandas.DataFrame
        """
        return to_frame(self.to_columns())

    def to_columns(self):
        """The table of :meth:`to_frame` as a dict of columns (no pandas needed).

        Returns
        -------
        dict of str to list
        """
        check_is_fitted(self, ["result_", "datasets_"], all_or_any=any)
        rows = []
        for metric in self.metrics_:
            if hasattr(self, "datasets_"):
                results = (
                    self.dataset_results_[metric] if self.multimetric_ else self.dataset_results_
                )
                items = results.items()
            else:
                items = [(None, self.result_[metric] if self.multimetric_ else self.result_)]
            for dataset, result in items:
                row = {"metric": metric}
                if dataset is not None:
                    row["dataset"] = dataset
                rows.append({**row, **result._row(threshold=self.threshold)})
        return {key: [row[key] for row in rows] for key in rows[0]}

    def _results_html(self):
        """An HTML table of the fitted comparison (empty before fitting)."""
        if not (hasattr(self, "result_") or hasattr(self, "datasets_")):
            return ""
        columns = self.to_columns()
        name_a, name_b = self.model_names_
        shown = {"metric": columns["metric"]} if self.multimetric_ else {}
        if "dataset" in columns:
            shown["data set"] = columns["dataset"]
        shown.update(
            {
                f"P({name_a} better)": columns["prob_a_better"],
                "P(equivalent)": columns["prob_equivalent"],
                f"P({name_b} better)": columns["prob_b_better"],
                f"decision ({self.threshold:g})": columns["decision"],
                f"mean {name_a} - {name_b}": columns["mean_difference"],
                "credible interval": [
                    f"[{low:.4g}, {high:.4g}]"
                    for low, high in zip(columns["ci_low"], columns["ci_high"], strict=True)
                ],
            }
        )
        caption = f"{name_a} (A) vs {name_b} (B): Bayesian correlated t-test"
        return html_table(shown, caption=caption)

    @property
    def _repr_html_(self):
        # A notebook shows the answer above scikit-learn's estimator diagram.
        diagram = super()._repr_html_

        def html():
            return self._results_html() + diagram()

        return html

    def _repr_mimebundle_(self, **kwargs):
        bundle = super()._repr_mimebundle_(**kwargs)
        if "text/html" in bundle:
            bundle["text/html"] = self._results_html() + bundle["text/html"]
        return bundle
