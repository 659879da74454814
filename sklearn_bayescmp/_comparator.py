"""RepeatedCVComparator: paired repeated cross-validation of two estimators.

A thin estimator over the engine and :func:`~sklearn_bayescmp.compare_models`:
``fit`` (one data set) and ``fit_datasets`` (many) run both estimators on the
same splits (:mod:`sklearn_bayescmp._engine`), keep the scores as a
:class:`~sklearn_bayescmp.ScoreTable` per metric (``tables_``), and any test
of the registry compares them (:meth:`RepeatedCVComparator.test`).
"""

import warnings
from collections.abc import Mapping
from numbers import Integral, Real

import numpy as np
from sklearn.base import BaseEstimator
from sklearn.utils import get_tags
from sklearn.utils.validation import check_is_fitted, validate_data

from ._compare_models import automatic_test, compare_models, split_reference
from ._engine import (
    ENGINE_CONSTRAINTS,
    Engine,
    check_common_scoring,
    check_datasets,
    check_repeated_cv,
    comparison_router,
)
from ._pair_summary import pair_summary
from .stats._correlated_t import NormalGammaPrior
from .stats._registry import get_backend
from .tables._assemble import DEFAULT_DATASET
from .utils._display import (
    html_table,
    terminal_text,
    to_frame,
)
from .utils._docstrings import fill_doc
from .utils._naming import default_model_names, short_repr
from .utils._rope_units import AUTO, resolve_rope, scorer_scale
from .utils._sklearn import HasMethods, Interval, StrOptions, _fit_context
from .utils._validation import check_model_names
from .utils._warnings import warn

#: The names of the two estimators in routing (``set_fit_request`` targets them).
_ESTIMATORS = ("estimator_a", "estimator_b")
#: The comparator's parameters that the engine runs with.
_ENGINE_OPTIONS = ("cv", "random_state", "error_score", "n_jobs", "pre_dispatch", "verbose")


@fill_doc
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
        classes coincide. :meth:`from_estimators` takes ``{name: estimator}``.%(cv_scoring)s
    rope : float, tuple of (float, float), dict or "auto", default="auto"
        Region of practical equivalence in the scorer's units: ``r`` means
        ``[-r, r]``; ``(low, high)`` with ``low <= 0 <= high`` is accepted.
        "auto" is one point of a scorer whose scores are shares (0.01: an
        accuracy point; accuracy, balanced and top-k accuracy, ROC AUC,
        average precision, the F1, precision, recall and Jaccard families,
        and a classifier's own ``score``); any other scorer (an error in the
        target's units, a log loss, R², a custom scorer) needs a rope given,
        and ``fit`` refuses before any split runs, naming the scorer. With
        several metrics, a dict gives each metric its own rope
        (``{"accuracy": 0.01, "neg_log_loss": 0.005}``, "auto" allowed).
    prior : NormalGammaPrior, default=None
        Prior of the Bayesian correlated t-test; None is the matching prior.
    threshold : float, default=0.95
        Posterior probability an outcome must exceed for ``decision_``.%(engine_run)s
    early_stopping : bool, default=False
        Run the repeats one at a time (each repeat's folds in parallel) and
        stop as soon as a rope decision ("a", "b" or "equivalent"; with
        several metrics, for every metric) reaches ``stopping_threshold``,
        from ``min_repeats`` repeats on. Clear-cut comparisons then cost a
        fraction of the fits. Every look is a chance to cross a threshold:
        stopping at ``threshold`` itself would inflate false decisions (from
        5.1% to 9.0% false "A practically better" at the rope's edge, 10x10
        CV, ``benchmarks/study_early_stopping_error.py``). The p-value of the
        corrected t-test is not valid after an early stop, and
        :meth:`corrected_ttest` warns.
    stopping_threshold : float, default=None
        Posterior probability a decision must exceed to stop early. None means
        ``1 - (1 - threshold) / 10`` (0.995 for 0.95), which keeps the rate of
        false decisions at that of the full run (5.2% against 5.1%) and still
        stops a clear-cut pair after about half of the repeats. A run that
        never reaches it is decided at ``threshold`` after every repeat.
    min_repeats : int, default=2
        Repeats always run before early stopping may stop.%(memory)s

    Attributes
    ----------
    model_names_ : tuple of (str, str)
        The names of A and B (``names``, or the ones derived from the
        estimators).
    metrics_ : tuple of str
        The metrics compared: the scoring string (or "score") for one metric,
        the names of the list or dict for several. The first is the primary
        metric, of ``result_`` and ``decision_``.
    multimetric_ : bool
        Whether several metrics were compared.
    tables_ : dict of str to ScoreTable
        Per metric, the scores of both models on every split of every data
        set (one data set, "data", after :meth:`fit`); a failed fit is a NaN
        score. Every test reads these.
    results_ : dict of str to result
        Per metric, the result of the default test (``test("auto")``): the
        Bayesian correlated t-test on one data set (:meth:`fit`), the
        Poisson-binomial test over several (:meth:`fit_datasets`: it counts
        the data sets each model wins, keeping each data set's correlated
        t-test), with the comparator's ``rope`` and ``prior``. :meth:`summary`
        says which.
    result_ : BayesianCorrelatedTTestResult or PoissonTestResult
        ``results_`` of the primary metric.
    decision_ : {"a", "b", "equivalent", "undecided"}
        ``result_.decision(threshold)``.
    cv_results_ : dict of ndarray
        ``cross_validate``-like table, one entry per split: ``test_score_a``,
        ``test_score_b``, ``difference`` (``test_<metric>_a``,
        ``test_<metric>_b``, ``difference_<metric>`` with several metrics; a
        failed fit records ``error_score``, its difference is NaN),
        ``fit_time_a``, ``fit_time_b``, ``score_time_a``, ``score_time_b``,
        ``n_train``, ``n_test``, ``repeat``, ``fold`` and ``dataset``.
    fit_times_, score_times_ : ndarray of shape (n_splits, 2)
        Seconds spent fitting and scoring; column 0 is A, column 1 is B.
    n_splits_ : int
        Number of splits run (over all data sets).
    fit_errors_ : list of SplitFailure
        Every failed fit or score: split, repeat, fold, estimator ("a" or
        "b"), error text and data set.
    n_failed_splits_ : int
        Splits left out of the analysis because a fit or score failed.
    n_repeats_run_ : int
        Repeats actually run (all of them unless early stopping stopped).
    stopped_early_ : bool
        Whether early stopping skipped some repeats.
    stopping_reason_ : {"decided", "undecided", "early_stopping_off", "fit_datasets"}
        Why the run ended: every metric decided at the stopping threshold
        (``stopping_threshold_``) after ``n_repeats_run_`` repeats; early
        stopping on but no decision before the last repeat; early stopping
        off; or :meth:`fit_datasets`, which runs every repeat.
    stopping_threshold_ : float or None
        The probability early stopping decided at (None without early
        stopping).
    n_features_in_ : int
        Number of features of ``X`` in :meth:`fit` (when ``X`` has columns).
    feature_names_in_ : ndarray of shape (`n_features_in_`,)
        Names of the features of ``X`` in :meth:`fit`, when they are all
        strings (e.g. a pandas DataFrame's columns).

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
    >>> cmp.cv_results_["difference"].shape
    (100,)
    >>> cmp.result_
    BayesianCorrelatedTTestResult(model_a='NB', model_b='tree', prob_a_better=0.3961, ...)
    >>> cmp.decision_
    'undecided'
    """

    _parameter_constraints: dict = {
        **ENGINE_CONSTRAINTS,
        "estimator_a": [HasMethods(["fit"])],
        "estimator_b": [HasMethods(["fit"])],
        "names": [tuple, list, None],
        "rope": [Interval(Real, 0, None, closed="left"), "array-like", dict, StrOptions({AUTO})],
        "prior": [NormalGammaPrior, None],
        "threshold": [Interval(Real, 0, 1, closed="neither")],
        "early_stopping": ["boolean"],
        "stopping_threshold": [Interval(Real, 0, 1, closed="neither"), None],
        "min_repeats": [Interval(Integral, 1, None, closed="left")],
    }

    def __init__(
        self,
        estimator_a,
        estimator_b,
        *,
        names=None,
        cv=None,
        scoring=None,
        rope=AUTO,
        prior=None,
        threshold=0.95,
        n_jobs=None,
        pre_dispatch="2*n_jobs",
        random_state=None,
        error_score=np.nan,
        verbose=0,
        early_stopping=False,
        stopping_threshold=None,
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
        self.stopping_threshold = stopping_threshold
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
        ----------%(fit_data)s
        **params : dict
            Metadata such as ``sample_weight``, routed as
            :func:`~sklearn.model_selection.cross_validate` routes its
            ``params`` (see the Notes of the class). Sample-aligned arrays are
            cut to each split's training rows (fit) and test rows (scorer).

        Returns
        -------
        self : RepeatedCVComparator
        """
        engine = self._start()
        plan = engine.plan(X, y, groups, params)
        validate_data(self, X, skip_check_array=True)
        n_repeats = int(plan.repeat.max()) + 1
        if self.early_stopping:
            self.stopping_threshold_ = self._stopping_threshold()
            result, self.n_repeats_run_, self.stopping_reason_ = engine.run_until_decided(
                plan, decide=self._decided, min_repeats=self.min_repeats
            )
        else:
            result = engine.run([plan])
            self.n_repeats_run_ = n_repeats
            self.stopping_reason_, self.stopping_threshold_ = "early_stopping_off", None
        self.stopped_early_ = self.n_repeats_run_ < n_repeats
        return self._set_fitted(result)

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
            Fitted: ``tables_`` hold every data set, ``result_`` is the
            Poisson-binomial test over them, and :meth:`test` runs the tests
            over data sets ("poisson", "signed_rank", "hierarchical", ...) or,
            with ``dataset=``, the tests of one data set.
        """
        entries = check_datasets(datasets)
        if self.early_stopping:
            raise ValueError(
                "early_stopping=True stops one data set's repeats at its decision; fit_datasets "
                "runs every data set in one dispatch. Fit each data set with fit, or set "
                "early_stopping=False."
            )
        engine = self._start()
        plans = engine.plan_datasets(entries)
        result = engine.run(plans)
        self.n_repeats_run_ = max(int(plan.repeat.max()) + 1 for plan in plans)
        self.stopping_reason_, self.stopping_threshold_ = "fit_datasets", None
        self.stopped_early_ = False
        return self._set_fitted(result)

    def _start(self):
        """Forget a previous fit, check the settings and return the engine of a fit.

        Sets ``model_names_``, ``metrics_`` and ``multimetric_``.
        """
        for name in [key for key in vars(self) if key.endswith("_") and not key.startswith("_")]:
            delattr(self, name)
        engine, self.model_names_ = comparator_engine(self)
        self.metrics_, self.multimetric_ = engine.scoring.metrics, engine.scoring.multimetric
        return engine

    def _stopping_threshold(self):
        """The probability early stopping decides at: given, or the decision's error
        divided by ten."""
        if self.stopping_threshold is not None:
            return float(self.stopping_threshold)
        return 1.0 - (1.0 - self.threshold) / 10.0

    def _decided(self, result):
        """Whether early stopping may stop: every metric decided at the stopping threshold."""
        return all(
            self._compare(
                table, "bayesian_correlated_t", metric, threshold=self.stopping_threshold_
            ).decisions[0, 1]
            != "undecided"
            for metric, table in result.tables.items()
        )

    def _set_fitted(self, result):
        """The fitted attributes of an engine run (of either kind of fit)."""
        self.tables_ = dict(result.tables)
        sides = {"estimator_a": "a", "estimator_b": "b"}
        self.fit_errors_ = [f._replace(estimator=sides[f.estimator]) for f in result.failures]
        self.fit_times_, self.score_times_ = result.fit_times, result.score_times
        self.n_splits_ = len(result.failed)
        self.n_failed_splits_ = int(result.failed.any(axis=1).sum())
        self.cv_results_ = self._cv_results(result)
        try:
            self.results_ = {metric: self.test("auto", metric=metric) for metric in self.metrics_}
        except ValueError as exc:  # a setting the scores refuse (a rope in percent...)
            raise ValueError(
                f"{exc} The scores are kept (tables_, cv_results_): change the setting with "
                "set_params and call test() to read them without fitting again."
            ) from None
        self.result_ = self.results_[self.metrics_[0]]
        self.decision_ = self.result_.decision(self.threshold)
        return self

    def _cv_results(self, result):
        """The ``cross_validate``-like table of the fitted splits."""
        columns = {}
        failed = result.failed.any(axis=1)
        for k, metric in enumerate(self.metrics_):
            a, b = result.scores[:, 0, k], result.scores[:, 1, k]
            names = (
                (f"test_{metric}_a", f"test_{metric}_b", f"difference_{metric}")
                if self.multimetric_
                else ("test_score_a", "test_score_b", "difference")
            )
            columns |= dict(zip(names, (a, b, np.where(failed, np.nan, a - b)), strict=True))
        plans = result.plans
        columns |= {
            "fit_time_a": result.fit_times[:, 0],
            "fit_time_b": result.fit_times[:, 1],
            "score_time_a": result.score_times[:, 0],
            "score_time_b": result.score_times[:, 1],
            "n_train": np.concatenate([[len(train) for train, _ in p.splits] for p in plans]),
            "n_test": np.concatenate([[len(test) for _, test in p.splits] for p in plans]),
            "repeat": np.concatenate([p.repeat for p in plans]),
            "fold": np.concatenate([p.fold for p in plans]),
            "dataset": np.concatenate(
                [[DEFAULT_DATASET if p.name is None else p.name] * len(p.splits) for p in plans]
            ),
        }
        return columns

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
        return comparison_router(type(self).__name__, self._estimators(), cv, scoring.scorer)

    def _estimators(self):
        return comparator_estimators(self)

    def _rope(self, metric):
        return comparator_rope(self, metric)

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

    def _compare(self, table, test, metric, **options):
        """``compare_models`` on ``table``, with the comparator's settings unless ``options``
        give others."""
        settings = {"rope": self._rope(metric), "prior": self.prior, "threshold": self.threshold}
        settings["random_state"] = self.random_state
        if get_backend(automatic_test(table) if test == "auto" else test).many is not None:
            settings["keep_draws"] = None  # one pair: its result keeps every draw
        return compare_models(table, test=test, ranking=False, **{**settings, **options})

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
        check_is_fitted(self, "tables_")
        return self.tables_[self._metric(metric)]

    def test(self, name="auto", *, metric=None, dataset=None, **options):
        """Run any test of the registry on the fitted scores.

        Parameters
        ----------
        name : str, default="auto"
            One of :func:`~sklearn_bayescmp.stats.backend_names`: on one data
            set "bayesian_correlated_t", "corrected_t", "paired_t",
            "paired_t_5x2cv"...; over data sets "poisson", "signed_rank",
            "sign", "hierarchical", "wilcoxon". "auto" is "bayesian_correlated_t"
            on one data set and "poisson" on several (the comparator knows every
            split's scores and sizes).
        metric : str, default=None
            With several metrics, which one.
        dataset : str, default=None
            After :meth:`fit_datasets`, test this data set alone.
        **options : dict
            Options of the back end (:func:`~sklearn_bayescmp.stats.get_backend`
            lists them), e.g. ``n_draws``, ``alternative``. The comparator's
            ``rope``, ``prior``, ``threshold`` and ``random_state`` apply.

        Returns
        -------
        result
            The back end's result, with the models' names.
        """
        comparison = self.comparison(name, metric=metric, dataset=dataset, **options)
        return comparison.result(*self.model_names_)

    def comparison(self, name="auto", *, metric=None, dataset=None, **options):
        """The fitted comparison as a :class:`~sklearn_bayescmp.ModelComparison`.

        It holds the pair's result of ``test`` and the frequentist reference,
        and writes the report to publish
        (:meth:`~sklearn_bayescmp.ModelComparison.report`), with the effect
        sizes (:meth:`~sklearn_bayescmp.ModelComparison.effect_sizes`).

        Parameters
        ----------
        name : str, default="auto"
            The test, as for :meth:`test`.
        metric : str, default=None
            With several metrics, which one.
        dataset : str, default=None
            After :meth:`fit_datasets`, this data set alone.
        **options : dict
            Options of the back end, as for :meth:`test`.

        Returns
        -------
        ModelComparison
        """
        check_is_fitted(self, "tables_")
        metric = self._metric(metric)
        table = self.tables_[metric]
        if dataset is not None:
            table = table.select(datasets=[dataset])
        backend = get_backend(automatic_test(table) if name == "auto" else name)
        # Optional stopping leaves the posterior valid, not a p-value.
        if self.stopped_early_ and backend.kind == "frequentist":
            warn(
                "This comparison stopped as soon as the Bayesian decision was reached "
                "(early_stopping=True). Under such optional stopping the p-value of the "
                f"{backend.title} is not valid; use the Bayesian posterior (result_)."
            )
        return self._compare(table, name, metric, **options)

    def corrected_ttest(self, *, alternative="two-sided", metric=None):
        """The corrected t-test of the splits: ``test("corrected_t", ...)``, or
        ``test("corrected_resampled_t", ...)`` for random splits.

        Parameters
        ----------
        alternative : {"two-sided", "greater", "less"}, default="two-sided"
            "greater": A scores higher than B.
        metric : str, default=None
            With several metrics, which one.

        Returns
        -------
        TTestResult
            See :func:`sklearn_bayescmp.stats.corrected_ttest`. With random
            splits (``ShuffleSplit``, a list of splits whose test sets overlap)
            it is the corrected resampled t-test
            (:func:`~sklearn_bayescmp.stats.corrected_resampled_ttest`, the same
            statistic), named so.
        """
        check_is_fitted(self, "tables_")
        table = self.tables_[self._metric(metric)]
        return self.test(split_reference(table), metric=metric, alternative=alternative)

    # -- reports -------------------------------------------------------------

    @terminal_text
    def summary(self):
        """Readable report of the comparison.

        After :meth:`fit`: the models, their mean scores, the corrected
        t-test and the Bayesian correlated t-test with its rope probabilities
        and decision (for every metric). After :meth:`fit_datasets`: a table
        of every data set's Bayesian correlated t-test, then the comparison
        of the pair over the data sets (``comparison().summary()``: the
        Bayesian signed-rank test, the Plackett-Luce ranking and the
        frequentist reference), as ``bayescmp compare`` prints it.

        Returns
        -------
        str
        """
        check_is_fitted(self, "tables_")
        name_a, name_b = self.model_names_
        if self.multimetric_:
            scoring = ", ".join(self.metrics_)
        elif self.scoring is None or isinstance(self.scoring, str):
            scoring = self.scoring or "default score"
        else:
            scoring = short_repr(self.scoring)
        lines = [
            f"A = {name_a}: {short_repr(self.estimator_a)}",
            f"B = {name_b}: {short_repr(self.estimator_b)}",
        ]
        table = self.tables_[self.metrics_[0]]
        if table.n_datasets > 1:
            return "\n".join(lines + [f"scoring: {scoring}", *self._collection_summary()])
        n_repeats = int(np.unique(table.splits()["repeat"]).size)
        splits = (
            f"{self.n_splits_} paired train/test resamples (random splits, not cross-validation)"
            if table.design == "resamples"
            else f"{self.n_splits_} paired splits ({n_repeats} repeat(s))"
        )
        lines.append(f"{splits}, scoring: {scoring}")
        if self.n_failed_splits_:
            lines.append(f"{self.n_failed_splits_} failed split(s) left out; see fit_errors_")
        if self.stopped_early_:
            lines.append(
                f"Stopped early (every decision reached at stopping threshold "
                f"{self.stopping_threshold_:g} after {self.n_repeats_run_} repeats): the "
                "corrected t-test's p-value is not valid under such optional stopping."
            )
        for metric in self.metrics_:
            scores = self.tables_[metric].scores()
            complete = np.all(np.isfinite(scores), axis=0)
            heading = f"-- {metric} --" if self.multimetric_ else None
            with warnings.catch_warnings():
                # The early-stop warning is said above, once.
                warnings.simplefilter("ignore", UserWarning)
                ttest = self.corrected_ttest(metric=metric)
            lines += [
                *([""] if heading is None else ["", heading]),
                f"mean score {name_a} = {scores[0, complete].mean():.4f}, "
                f"{name_b} = {scores[1, complete].mean():.4f}",
                "",
                ttest.summary(),
                "",
                self.results_[metric].summary(self.threshold),
            ]
        return "\n".join(lines)

    def _dataset_posteriors(self, metric):
        """Every data set's Bayesian correlated t-test, by data set: those the pair's
        comparison keeps (``per_dataset``), computed together."""
        per_dataset = self.comparison(metric=metric).per_dataset
        return {name: tests.posterior for name, tests in per_dataset.items()}

    def _collection_summary(self):
        """Each data set's comparison and the pair's, for every metric (the command's writer)."""
        lines = []
        for metric in self.metrics_:
            if self.multimetric_:
                lines += ["", f"-- {metric} --"]
            lines += ["", pair_summary(self.comparison(metric=metric))]
        return lines

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
        check_is_fitted(self, "tables_")
        rows = []
        for metric in self.metrics_:
            for dataset, result in self._dataset_posteriors(metric).items():
                row = {"metric": metric}
                if self.tables_[metric].n_datasets > 1:
                    row["dataset"] = dataset
                columns = result.to_columns(threshold=self.threshold)
                rows.append({**row, **{key: values[0] for key, values in columns.items()}})
        return {key: [row[key] for row in rows] for key in rows[0]}

    def _results_html(self):
        """An HTML table of the fitted comparison (empty before fitting)."""
        if not hasattr(self, "tables_"):
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


def comparator_estimators(comparator):
    """The two estimators of a comparator, by parameter name."""
    return {"estimator_a": comparator.estimator_a, "estimator_b": comparator.estimator_b}


def metric_rope(comparator, metric):
    """The rope of ``metric``: the metric's entry of a comparator's dict, or its common rope."""
    rope = comparator.rope
    return rope[metric] if isinstance(rope, Mapping) else rope


def comparator_rope(comparator, metric):
    """The rope of ``metric`` as ``(low, high)``: as given, or for "auto" one point of a
    scorer whose scores are shares (any other is refused, naming it)."""
    scale = scorer_scale(comparator.scoring, comparator.estimator_a, metric=metric)
    return resolve_rope(metric_rope(comparator, metric), scale)


def comparator_engine(comparator):
    """The engine of a comparator's settings, checked before any split runs.

    A bad ``rope`` or ``names`` would otherwise only surface after every split
    ran. The comparator is not changed (a study builds one engine per seed from
    its clones).

    Returns
    -------
    engine : Engine
    model_names : tuple of str
    """
    estimators = comparator_estimators(comparator)
    scoring = check_common_scoring(estimators, comparator.scoring)
    if isinstance(comparator.rope, Mapping) and set(comparator.rope) != set(scoring.metrics):
        raise ValueError(
            f"`rope` as a dict must give one rope per metric {list(scoring.metrics)}; "
            f"got keys {list(comparator.rope)}. Use a number for the same rope everywhere."
        )
    for metric in scoring.metrics:
        comparator_rope(comparator, metric)
    if comparator.names is None:
        model_names = default_model_names([comparator.estimator_a, comparator.estimator_b])
    else:
        if len(comparator.names) != 2:
            raise ValueError(
                f"`names` must hold two names, for estimator_a and estimator_b; got "
                f"{comparator.names!r}."
            )
        model_names = check_model_names(*comparator.names, name="`names`")
    engine = Engine.create(
        estimators,
        scoring,
        names=dict(zip(_ESTIMATORS, model_names, strict=True)),
        memory=comparator.memory,
        owner=type(comparator).__name__,
        **{key: getattr(comparator, key) for key in _ENGINE_OPTIONS},
    )
    return engine, model_names
