"""RepeatedCVComparator: paired repeated cross-validation of two estimators.

The splits are built once in the parent process. Each joblib task receives
one split and fits a clone of *both* estimators on the same training indices
and scores both on the same test indices, so every difference is paired and
the result does not depend on ``n_jobs`` or the joblib backend.
"""

import os
import warnings
from numbers import Integral, Real

import joblib
import numpy as np
from sklearn.base import BaseEstimator, _fit_context, clone
from sklearn.metrics import get_scorer_names
from sklearn.utils import indexable
from sklearn.utils._param_validation import HasMethods, Interval, StrOptions
from sklearn.utils.parallel import delayed
from sklearn.utils.validation import check_is_fitted, check_memory

from ._paired_cv import (
    SplitPlan,
    cached_fit_and_score_pair,
    check_common_scorer,
    check_datasets,
    check_repeated_cv,
    collect_runs,
    fit_and_score_pair,
    report_failures,
    split_layout,
)
from ._progress import dispatch
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
from .utils._validation import check_rope


def _short_repr(estimator, limit=70):
    text = " ".join(repr(estimator).split())
    return text if len(text) <= limit else text[: limit - 3] + "..."


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
    cv : int, cross-validation generator or iterable, default=None
        None means ``RepeatedStratifiedKFold(n_splits=10, n_repeats=10)`` for
        classifiers and ``RepeatedKFold(n_splits=10, n_repeats=10)`` otherwise,
        seeded with ``random_state``. Any scikit-learn splitter or iterable of
        ``(train, test)`` index pairs works; an int means a single (stratified)
        k-fold, as in :func:`~sklearn.model_selection.cross_validate`.
    scoring : str or callable, default=None
        One greater-is-better metric, as accepted by
        :func:`~sklearn.metrics.check_scoring` (losses are ``neg_*``). None
        uses the estimators' ``score`` method, which requires both to be of
        the same kind (two classifiers or two regressors).
    rope : float or tuple of (float, float), default=0.01
        Region of practical equivalence in the scorer's units (0.01 is one
        accuracy point): ``r`` means ``[-r, r]``; ``(low, high)`` with
        ``low <= 0 <= high`` is accepted.
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
        "b" or "equivalent"), from ``min_repeats`` repeats on. Clear-cut
        comparisons then cost a fraction of the fits. The Bayesian posterior
        remains valid under such optional stopping (it depends on the data
        only through the likelihood); the p-value of the corrected t-test
        does not, and :meth:`corrected_ttest` warns after an early stop.
        Stopping when a threshold is first crossed still favours decisions:
        see ``benchmarks/bench_early_stopping.py`` for how often they agree
        with the full run.
    min_repeats : int, default=2
        Repeats always run before early stopping may stop.
    memory : str, path-like or joblib.Memory, default=None
        Cache of every split's paired fit-and-score, in a directory or a
        :class:`joblib.Memory`. Finished splits are written as they complete,
        so a run that is interrupted (crash, kill, Ctrl-C) and started again
        with the same estimators, data, splits and scorer recomputes only
        the unfinished splits. The key covers both estimators' parameters,
        a fingerprint of the data, the split indices, the scorer, the fit
        parameters and ``error_score``. None caches nothing.

    Attributes
    ----------
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
        The record handed to the back ends (failed splits as NaN).
    cv_results_ : dict of ndarray
        ``cross_validate``-like table: ``test_score_a``, ``test_score_b``,
        ``difference``, ``fit_time_a``, ``fit_time_b``, ``score_time_a``,
        ``score_time_b``, ``n_train``, ``n_test``, ``repeat``, ``fold``.
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
    ...     GaussianNB(), DecisionTreeClassifier(random_state=0), random_state=0
    ... ).fit(X, y)
    >>> cmp.differences_.shape
    (100,)
    >>> cmp.result_
    BayesianCorrelatedTTestResult(prob_a_better=0.3961, prob_equivalent=0.4103, ...)
    >>> cmp.decision_
    'undecided'
    """

    _parameter_constraints: dict = {
        "estimator_a": [HasMethods(["fit"])],
        "estimator_b": [HasMethods(["fit"])],
        "cv": ["cv_object"],
        "scoring": [StrOptions(set(get_scorer_names())), callable, None],
        "rope": [Interval(Real, 0, None, closed="left"), "array-like"],
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

    @_fit_context(prefer_skip_nested_validation=False)
    def fit(self, X, y=None, *, groups=None, **fit_params):
        """Run the paired repeated cross-validation and the Bayesian test.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            Training data; anything the estimators accept.
        y : array-like of shape (n_samples,), default=None
            Target.
        groups : array-like of shape (n_samples,), default=None
            Group labels, passed to the splitter (e.g. ``GroupKFold``).
        **fit_params : dict
            Passed to both estimators' ``fit``; sample-aligned arrays are
            indexed with each split's training indices.

        Returns
        -------
        self : RepeatedCVComparator
        """
        self._clear_fitted_attributes()
        scorer = self._check_before_running()
        plan = self._plan(X, y, groups, fit_params=fit_params)
        n_repeats = int(plan.repeat.max()) + 1
        if self.early_stopping:
            run, self.n_repeats_run_, self.stopping_reason_ = self._run_until_decided(
                plan, scorer, n_repeats
            )
        else:
            (run,) = self._run([plan], scorer)
            self.n_repeats_run_ = n_repeats
            self.stopping_reason_ = "early stopping is off: every repeat was run"
        self.stopped_early_ = self.n_repeats_run_ < n_repeats

        self.n_splits_ = run.record.n_splits
        self.scores_a_, self.scores_b_ = run.scores[:, 0], run.scores[:, 1]
        self.differences_ = np.array(run.record.differences)
        self.n_train_ = np.array(run.record.n_train)
        self.n_test_ = np.array(run.record.n_test)
        self.fit_times_, self.score_times_ = run.fit_times, run.score_times
        self.fit_errors_ = run.failures
        self.n_failed_splits_ = run.n_failed
        self.cv_differences_ = run.record
        self.cv_results_ = {
            "test_score_a": self.scores_a_,
            "test_score_b": self.scores_b_,
            "difference": self.differences_,
            "fit_time_a": self.fit_times_[:, 0],
            "fit_time_b": self.fit_times_[:, 1],
            "score_time_a": self.score_times_[:, 0],
            "score_time_b": self.score_times_[:, 1],
            "n_train": self.n_train_,
            "n_test": self.n_test_,
            "repeat": run.record.repeat,
            "fold": run.record.fold,
        }
        self.result_ = self.bayesian_ttest()
        self.decision_ = self.result_.decision(self.threshold)
        return self

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
            ``{name: (X, y)}`` or ``{name: (X, y, groups)}``.

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
        scorer = self._check_before_running()
        plans = [self._plan(X, y, groups, name=name) for name, (X, y, groups) in entries.items()]
        runs = self._run(plans, scorer)
        self.datasets_ = {plan.name: run.record for plan, run in zip(plans, runs, strict=True)}
        self.fit_errors_ = [failure for run in runs for failure in run.failures]
        self.dataset_results_ = {
            name: bayesian_correlated_ttest(
                record, rope=self.rope, prior=self.prior, nan_policy="omit"
            )
            for name, record in self.datasets_.items()
        }
        return self

    def _clear_fitted_attributes(self):
        """A refit starts clean: drop what a previous fit (of either kind) left."""
        for name in [key for key in vars(self) if key.endswith("_") and not key.startswith("_")]:
            delattr(self, name)

    def _plan(self, X, y, groups, *, name=None, fit_params=None):
        X, y, groups = indexable(X, y, groups)
        cv = self._check_cv(y)
        splits = list(cv.split(X, y, groups))
        if not splits:
            where = "" if name is None else f" for data set {name!r}"
            raise ValueError(f"`cv` yielded no splits{where}; got cv={self.cv!r}.")
        repeat, fold = split_layout(cv, len(splits))
        # Hash the data once here, not once per split in the cache's key.
        data_key = None if self.memory is None else joblib.hash((X, y))
        return SplitPlan(name, X, y, splits, repeat, fold, fit_params or {}, data_key)

    def _run(self, plans, scorer):
        """All (data set, split) tasks in one dispatch; one run per data set."""
        total = sum(len(plan.splits) for plan in plans)
        runs = collect_runs(plans, self._dispatch(self._tasks(plans, scorer), total))
        report_failures(runs, self.error_score)
        return runs

    def _run_until_decided(self, plan, scorer, n_repeats):
        """Run one repeat at a time until the rope decision is reached.

        The rule is checked after every repeat (from ``min_repeats`` on), and
        each repeat's folds run in parallel, so where it stops does not depend
        on ``n_jobs``. Returns the run, the number of repeats run and why it
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
            outcomes += self._dispatch(self._tasks([batch], scorer), stop - start, label)
            done = plan._replace(
                splits=plan.splits[:stop], repeat=plan.repeat[:stop], fold=plan.fold[:stop]
            )
            run = collect_runs([done], outcomes)[0]
            if repeat + 1 < self.min_repeats or run.record.n_splits - run.n_failed < 2:
                continue
            decision = bayesian_correlated_ttest(
                run.record, rope=self.rope, prior=self.prior, nan_policy="omit"
            ).decision(self.threshold)
            if decision != "undecided":
                reason = (
                    f"decision {decision!r} reached at threshold {self.threshold} after "
                    f"{repeat + 1} of {n_repeats} repeats"
                )
                break
        else:
            reason = f"no decision after all {n_repeats} repeats"
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

    def _tasks(self, plans, scorer):
        """One delayed call per (data set, split): both estimators on that split."""
        cache = self._split_cache()
        for plan in plans:
            for train, test in plan.splits:
                arguments = (
                    clone(self.estimator_a),
                    clone(self.estimator_b),
                    plan.X,
                    plan.y,
                    train,
                    test,
                    scorer,
                    plan.fit_params,
                    self.error_score,
                )
                if cache is None:
                    yield delayed(fit_and_score_pair)(*arguments)
                else:
                    yield delayed(cache)(plan.data_key, *arguments)

    def _split_cache(self):
        """The cached paired fit-and-score of ``memory``, or None without one."""
        if self.memory is None:
            return None
        memory = self.memory
        if isinstance(memory, os.PathLike):
            memory = os.fspath(memory)
        return check_memory(memory).cache(cached_fit_and_score_pair, ignore=["X", "y"])

    def _check_before_running(self):
        """Validate what the parameter constraints cannot, before any fit; return the scorer.

        A bad ``rope`` would otherwise only surface after every split ran.
        """
        check_rope(self.rope)
        estimators = {"estimator_a": self.estimator_a, "estimator_b": self.estimator_b}
        return check_common_scorer(estimators, self.scoring)

    def _check_cv(self, y):
        return check_repeated_cv(self.cv, y, self.estimator_a, self.random_state)

    def corrected_ttest(self, alternative="two-sided"):
        """Corrected repeated-CV t-test on the fitted differences.

        Parameters
        ----------
        alternative : {"two-sided", "greater", "less"}, default="two-sided"
            "greater": A scores higher than B.

        Returns
        -------
        TTestResult
            See :func:`sklearn_bayescmp.stats.corrected_ttest`; with random
            splits (``ShuffleSplit``) it is the corrected resampled t-test.
        """
        check_is_fitted(self, "cv_differences_")
        if self.stopped_early_:
            warnings.warn(
                "This comparison stopped as soon as the Bayesian decision was reached "
                "(early_stopping=True). Under such optional stopping the p-value of the "
                "corrected t-test is not valid; use the Bayesian posterior (result_).",
                UserWarning,
                stacklevel=2,
            )
        return corrected_ttest(self.cv_differences_, alternative=alternative, nan_policy="omit")

    def paired_ttest(self, alternative="two-sided"):
        """The uncorrected paired t-test on the fitted differences (miscalibrated).

        Parameters
        ----------
        alternative : {"two-sided", "greater", "less"}, default="two-sided"
            "greater": A scores higher than B.

        Returns
        -------
        TTestResult
            See :func:`sklearn_bayescmp.stats.paired_ttest`, which explains why
            its p-values are too small on cross-validation differences.
        """
        check_is_fitted(self, "cv_differences_")
        return paired_ttest(self.cv_differences_, alternative=alternative, nan_policy="omit")

    def paired_ttest_5x2cv(self, alternative="two-sided"):
        """The 5x2cv paired t-test; needs ``cv`` with 5 repeats of 2 folds.

        Parameters
        ----------
        alternative : {"two-sided", "greater", "less"}, default="two-sided"
            "greater": A scores higher than B.

        Returns
        -------
        TTestResult
            See :func:`sklearn_bayescmp.stats.paired_ttest_5x2cv`.
        """
        return paired_ttest_5x2cv(self._five_by_two_differences(), alternative=alternative)

    def combined_ftest_5x2cv(self):
        """The combined 5x2cv F-test; needs ``cv`` with 5 repeats of 2 folds.

        Returns
        -------
        FTestResult
            See :func:`sklearn_bayescmp.stats.combined_ftest_5x2cv`.
        """
        return combined_ftest_5x2cv(self._five_by_two_differences())

    def _five_by_two_differences(self):
        check_is_fitted(self, "cv_differences_")
        return five_by_two_differences(self.cv_differences_)

    def bayesian_ttest(self, rope=None, prior=None):
        """Bayesian correlated t-test on the fitted differences.

        Parameters
        ----------
        rope : float or tuple of (float, float), default=None
            None uses the comparator's ``rope``.
        prior : NormalGammaPrior, default=None
            None uses the comparator's ``prior``.

        Returns
        -------
        BayesianCorrelatedTTestResult
            See :func:`sklearn_bayescmp.stats.bayesian_correlated_ttest`.
        """
        check_is_fitted(self, "cv_differences_")
        return bayesian_correlated_ttest(
            self.cv_differences_,
            rope=self.rope if rope is None else rope,
            prior=self.prior if prior is None else prior,
            nan_policy="omit",
        )

    def _fitted_datasets(self):
        check_is_fitted(
            self,
            "datasets_",
            msg="This %(name)s has no results on several data sets; call fit_datasets first.",
        )
        return self.datasets_

    def poisson_test(self, *, rope=None, prior=None):
        """Poisson-binomial test over the data sets of :meth:`fit_datasets`.

        Parameters
        ----------
        rope : float or tuple of (float, float), default=None
            None uses the comparator's ``rope`` (a rope-aware test, where each
            data set is a three-outcome trial); 0 gives the original test.
        prior : NormalGammaPrior, default=None
            None uses the comparator's ``prior``.

        Returns
        -------
        PoissonTestResult
            See :func:`sklearn_bayescmp.stats.poisson_test`.
        """
        return poisson_test(
            self._fitted_datasets(),
            rope=self.rope if rope is None else rope,
            prior=self.prior if prior is None else prior,
        )

    def sign_test(self, *, rope=None, **kwargs):
        """Bayesian sign test over the data sets of :meth:`fit_datasets`.

        Parameters
        ----------
        rope : float or tuple of (float, float), default=None
            None uses the comparator's ``rope``.
        **kwargs : dict
            Other arguments of :func:`sklearn_bayescmp.stats.sign_test`
            (``prior_strength``, ``prior_place``, ``n_samples``,
            ``random_state``; the latter defaults to the comparator's).

        Returns
        -------
        DirichletProcessTestResult
        """
        return self._sampled_collection_test(sign_test, rope, kwargs)

    def signed_rank_test(self, *, rope=None, **kwargs):
        """Bayesian signed-rank test over the data sets of :meth:`fit_datasets`.

        Parameters
        ----------
        rope : float or tuple of (float, float), default=None
            None uses the comparator's ``rope``.
        **kwargs : dict
            Other arguments of :func:`sklearn_bayescmp.stats.signed_rank_test`
            (``prior_strength``, ``prior_place``, ``n_samples``,
            ``random_state``; the latter defaults to the comparator's).

        Returns
        -------
        DirichletProcessTestResult
        """
        return self._sampled_collection_test(signed_rank_test, rope, kwargs)

    def hierarchical_test(self, *, rope=None, **kwargs):
        """Bayesian hierarchical test over the data sets of :meth:`fit_datasets`.

        Parameters
        ----------
        rope : float or tuple of (float, float), default=None
            None uses the comparator's ``rope``.
        **kwargs : dict
            Other arguments of :func:`sklearn_bayescmp.stats.hierarchical_test`
            (``n_chains``, ``n_warmup``, ``n_samples``, ``nu_prior``,
            ``random_state``; the latter defaults to the comparator's).

        Returns
        -------
        HierarchicalTestResult
        """
        return self._sampled_collection_test(hierarchical_test, rope, kwargs)

    def _sampled_collection_test(self, backend, rope, kwargs):
        """Run a Monte Carlo back end with the comparator's rope and random_state."""
        kwargs.setdefault("random_state", self.random_state)
        rope = self.rope if rope is None else rope
        return backend(self._fitted_datasets(), rope=rope, **kwargs)

    def wilcoxon_test(self, **kwargs):
        """Wilcoxon signed-rank test on the mean differences of the data sets.

        Parameters
        ----------
        **kwargs : dict
            Arguments of :func:`sklearn_bayescmp.stats.wilcoxon_test`
            (``alternative``).

        Returns
        -------
        WilcoxonTestResult
        """
        return wilcoxon_test(self._fitted_datasets(), **kwargs)

    def summary(self):
        """Readable report of the comparison.

        Returns
        -------
        str
            Models, scores, the corrected t-test, the Bayesian correlated
            t-test with its rope probabilities and the decision.
        """
        check_is_fitted(self, "result_")
        ok = ~np.isnan(self.differences_)
        scoring = (
            self.scoring
            if isinstance(self.scoring, str)
            else ("default score" if self.scoring is None else _short_repr(self.scoring))
        )
        lines = [
            f"A: {_short_repr(self.estimator_a)}",
            f"B: {_short_repr(self.estimator_b)}",
            f"{self.n_splits_} paired splits ({self.cv_differences_.n_repeats} repeat(s)), "
            f"scoring: {scoring}",
            f"mean score A = {self.scores_a_[ok].mean():.4f}, B = {self.scores_b_[ok].mean():.4f}",
        ]
        if self.n_failed_splits_:
            lines.append(f"{self.n_failed_splits_} failed split(s) left out; see fit_errors_")
        lines += ["", self.corrected_ttest().summary(), "", self.result_.summary(self.threshold)]
        return "\n".join(lines)
