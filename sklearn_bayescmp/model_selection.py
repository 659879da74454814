"""Bayesian comparisons inside model-selection loops.

- :func:`compare_search_candidates` takes a fitted ``GridSearchCV`` or
  ``RandomizedSearchCV`` (or any object with ``cv_results_`` holding per-split
  test scores), recovers each split's train/test sizes from ``search.cv`` and
  the data, and compares candidates pairwise with the Bayesian correlated
  t-test, the corrected t-test beside it with a Holm correction.
- :func:`compare_estimators` fits a handful of named estimators on shared
  splits in one parallel dispatch and compares every pair with
  :func:`~sklearn_bayescmp.compare_models`.
- :func:`bayesian_refit` is a ``refit`` rule for a search: the simplest
  candidate that is not practically worse than the best-ranked one.
"""

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from numbers import Integral, Real

import numpy as np
from sklearn.base import clone, is_classifier
from sklearn.exceptions import FitFailedWarning
from sklearn.metrics import get_scorer_names
from sklearn.model_selection import check_cv
from sklearn.utils import indexable
from sklearn.utils.parallel import delayed

from ._compare_models import compare_models
from ._differences import CVDifferences
from ._paired_cv import check_common_scoring, check_repeated_cv, fit_and_score_one, split_layout
from ._progress import dispatch
from ._routing import comparison_router, route_params, routing_enabled
from ._score_table import ScoreTable
from .stats import NormalGammaPrior, bayesian_correlated_ttest, corrected_ttest, holm_adjusted
from .utils._display import html_table, to_frame
from .utils._sklearn import HasMethods, Interval, StrOptions, validate_params
from .utils._validation import check_probability, check_rope
from .utils._warnings import reissue, warn

__all__ = [
    "CandidateComparison",
    "bayesian_refit",
    "compare_estimators",
    "compare_search_candidates",
]


@dataclass(frozen=True, repr=False, eq=False)
class CandidateComparison:
    """Pairwise comparisons of the candidates of a hyper-parameter search.

    Built by :func:`compare_search_candidates`. Candidates are referred to by
    their index in ``search.cv_results_``.

    Attributes
    ----------
    candidates : tuple of int
        The compared candidates, best-ranked first.
    names : tuple of str
        A readable name per candidate (its parameters), same order.
    scores : ndarray of shape (n_candidates_total, n_splits)
        Per-split test scores of every candidate of the search.
    n_train, n_test : ndarray of shape (n_splits,)
        Training and test set size of each split.
    repeat, fold : ndarray of shape (n_splits,)
        Repeat and fold index of each split.
    rope : tuple of float
        The region of practical equivalence.
    prior : NormalGammaPrior or None
        Prior of the Bayesian correlated t-tests.
    """

    candidates: tuple
    names: tuple
    scores: np.ndarray
    n_train: np.ndarray
    n_test: np.ndarray
    repeat: np.ndarray
    fold: np.ndarray
    rope: tuple
    prior: object = None

    def __repr__(self):
        return (
            f"CandidateComparison(n_candidates={len(self.candidates)}, "
            f"n_splits={self.scores.shape[1]}, rope={self.rope})"
        )

    def name(self, i):
        """The readable name of candidate ``i`` ("candidate i" when not compared).

        Parameters
        ----------
        i : int
            Candidate index in ``cv_results_``.

        Returns
        -------
        str
        """
        names = dict(zip(self.candidates, self.names, strict=True))
        return names.get(i, f"candidate {i}")

    def record(self, i, j):
        """Per-split differences ``score_i - score_j`` as a ``CVDifferences``.

        Parameters
        ----------
        i, j : int
            Candidate indices in ``cv_results_``.

        Returns
        -------
        CVDifferences
            With the candidates' names as ``model_a`` and ``model_b``.
        """
        for name, index in (("i", i), ("j", j)):
            if not isinstance(index, Integral) or not 0 <= index < self.scores.shape[0]:
                raise ValueError(
                    f"`{name}` must be a candidate index in [0, {self.scores.shape[0]}); "
                    f"got {index!r}."
                )
        return CVDifferences(
            self.scores[i] - self.scores[j],
            n_train=self.n_train,
            n_test=self.n_test,
            repeat=self.repeat,
            fold=self.fold,
            scores_a=self.scores[i],
            scores_b=self.scores[j],
            # A candidate against itself (the diagonal of `matrix`) is unnamed.
            model_a=None if i == j else self.name(i),
            model_b=None if i == j else self.name(j),
        )

    def result(self, i, j):
        """Bayesian correlated t-test of candidate ``i`` (A) against ``j`` (B).

        Parameters
        ----------
        i, j : int
            Candidate indices in ``cv_results_``.

        Returns
        -------
        BayesianCorrelatedTTestResult
            Failed splits (NaN scores) are left out.
        """
        return bayesian_correlated_ttest(
            self.record(i, j), rope=self.rope, prior=self.prior, nan_policy="omit"
        )

    def matrix(self, attribute="prob_a_better"):
        """A table of one attribute of :meth:`result` for all ordered pairs.

        Parameters
        ----------
        attribute : str, default="prob_a_better"
            Any attribute of the Bayesian result: ``prob_a_better``,
            ``prob_equivalent``, ``prob_b_better``, ``loc``, ``scale``...

        Returns
        -------
        ndarray of shape (n_candidates, n_candidates)
            Entry ``[r, c]`` compares ``candidates[r]`` (A) with
            ``candidates[c]`` (B). The diagonal compares a candidate with itself:
            a point mass at 0, so ``prob_equivalent`` is 1 there.
        """
        return np.array(
            [
                [getattr(self.result(i, j), attribute) for j in self.candidates]
                for i in self.candidates
            ],
            dtype=float,
        )

    def frequentist_table(self):
        """Corrected t-tests of all pairs, with Holm-adjusted p-values.

        Returns
        -------
        dict of list
            Columns ``a``, ``b`` (candidate indices, ``a`` better ranked),
            ``mean_difference``, ``statistic``, ``pvalue`` (two-sided) and
            ``pvalue_holm`` (controls the family-wise error over all pairs).
        """
        pairs = list(combinations(self.candidates, 2))
        tests = [corrected_ttest(self.record(i, j), nan_policy="omit") for i, j in pairs]
        return {
            "a": [i for i, _ in pairs],
            "b": [j for _, j in pairs],
            "mean_difference": [t.estimate for t in tests],
            "statistic": [t.statistic for t in tests],
            "pvalue": [t.pvalue for t in tests],
            "pvalue_holm": holm_adjusted([t.pvalue for t in tests]).tolist(),
        }

    def to_columns(self, threshold=0.95):
        """Every pair of compared candidates as a table (a dict of columns).

        Parameters
        ----------
        threshold : float, default=0.95
            Threshold of the decision rule.

        Returns
        -------
        dict of str to list
            One row per pair (``a`` better ranked than ``b``): ``a``, ``b``
            (candidate indices), ``model_a``, ``model_b`` (their names),
            ``mean_difference``, ``prob_a_better``, ``prob_equivalent``,
            ``prob_b_better``, ``decision``, ``pvalue`` and ``pvalue_holm``
            (corrected t-tests, Holm-adjusted over all pairs).
        """
        table = self.frequentist_table()
        results = [self.result(i, j) for i, j in zip(table["a"], table["b"], strict=True)]
        return {
            "a": table["a"],
            "b": table["b"],
            "model_a": [self.name(i) for i in table["a"]],
            "model_b": [self.name(j) for j in table["b"]],
            "mean_difference": [r.loc for r in results],
            "prob_a_better": [r.prob_a_better for r in results],
            "prob_equivalent": [r.prob_equivalent for r in results],
            "prob_b_better": [r.prob_b_better for r in results],
            "decision": [r.decision(threshold) for r in results],
            "pvalue": table["pvalue"],
            "pvalue_holm": table["pvalue_holm"],
        }

    def to_frame(self, threshold=0.95):
        """The table of :meth:`to_columns` as a :class:`pandas.DataFrame`.

        pandas is imported here.

        Parameters
        ----------
        threshold : float, default=0.95
            Threshold of the decision rule.

        Returns
        -------
        pandas.DataFrame
            Indexed by the pair's names (``model_a``, ``model_b``).
        """
        frame = to_frame(self.to_columns(threshold))
        return frame.set_index(["model_a", "model_b"])

    def _repr_html_(self):
        columns = self.to_columns()
        return html_table(
            {
                "A": columns["model_a"],
                "B": columns["model_b"],
                "mean A - B": columns["mean_difference"],
                "P(A better)": columns["prob_a_better"],
                "P(equivalent)": columns["prob_equivalent"],
                "P(B better)": columns["prob_b_better"],
                "decision (0.95)": columns["decision"],
                "p (Holm)": columns["pvalue_holm"],
            },
            caption=f"Pairwise comparison of {len(self.candidates)} candidates",
        )

    def summary(self, threshold=0.95):
        """Readable table of every pair: posterior probabilities and Holm p-values.

        Parameters
        ----------
        threshold : float, default=0.95
            Threshold of the decision rule.

        Returns
        -------
        str
        """
        columns = self.to_columns(threshold)
        width = max(len(n) for n in self.names)
        lines = [
            f"{'A':<{width}}  {'B':<{width}}  {'mean A-B':>9} {'P(A)':>6} {'P(eq)':>6} "
            f"{'P(B)':>6} {'p (Holm)':>9}  decision"
        ]
        for k in range(len(columns["a"])):
            lines.append(
                f"{columns['model_a'][k]:<{width}}  {columns['model_b'][k]:<{width}}  "
                f"{columns['mean_difference'][k]:>9.4f} {columns['prob_a_better'][k]:>6.3f} "
                f"{columns['prob_equivalent'][k]:>6.3f} {columns['prob_b_better'][k]:>6.3f} "
                f"{columns['pvalue_holm'][k]:>9.3g}  {columns['decision'][k]}"
            )
        return "\n".join(lines)


def _split_scores(cv_results, metric):
    keys = [
        key for key in cv_results if key.startswith("split") and key.endswith(f"_test_{metric}")
    ]
    if not keys:
        raise ValueError(
            f"`search.cv_results_` has no per-split test scores for {metric!r} "
            f"(keys like 'split0_test_{metric}')."
        )
    keys.sort(key=lambda key: int(key[len("split") : -len(f"_test_{metric}")]))
    return np.column_stack([np.asarray(cv_results[key], dtype=float) for key in keys])


def _candidate_name(params):
    return ", ".join(f"{key}={value}" for key, value in params.items()) or "(defaults)"


@validate_params(
    {
        "search": [HasMethods(["fit"])],
        "X": ["array-like", "sparse matrix"],
        "y": ["array-like", None],
        "groups": ["array-like", None],
        "rope": [Interval(Real, 0, None, closed="left"), "array-like"],
        "prior": [NormalGammaPrior, None],
        "candidates": [Interval(Integral, 1, None, closed="left"), "array-like", None],
    },
    prefer_skip_nested_validation=True,
)
def compare_search_candidates(
    search, X, y=None, *, groups=None, rope=0.01, prior=None, candidates=None
):
    """Compare the candidates of a fitted hyper-parameter search pairwise.

    The search's per-split test scores are paired across candidates (every
    candidate saw the same splits). The splits are rebuilt from
    ``search.cv`` and the data to recover each split's train/test sizes, which
    the correlation correction needs; ``search.cv`` must therefore produce the
    same splits again (a fixed ``random_state`` for shuffling splitters).

    Parameters
    ----------
    search : GridSearchCV, RandomizedSearchCV or similar
        A fitted search with ``cv_results_`` and ``cv``. With several metrics
        the one named by ``search.refit`` is used.
    X : array-like of shape (n_samples, n_features)
        The data the search was fitted on.
    y : array-like of shape (n_samples,), default=None
        The target the search was fitted on.
    groups : array-like of shape (n_samples,), default=None
        Group labels, if the search's splitter used them.
    rope : float or tuple of (float, float), default=0.01
        Region of practical equivalence in the scorer's units.
    prior : NormalGammaPrior, default=None
        Prior of the Bayesian correlated t-tests (None: matching prior).
    candidates : int or array-like of int, default=None
        Which candidates to compare: None for all, an int ``k`` for the ``k``
        best-ranked, or indices in ``cv_results_``.

    Returns
    -------
    CandidateComparison
        With ``result(i, j)``, ``matrix(attribute)``, ``frequentist_table()``
        (Holm-corrected) and ``summary()``.

    Examples
    --------
    >>> from sklearn.datasets import make_moons
    >>> from sklearn.model_selection import GridSearchCV, RepeatedStratifiedKFold
    >>> from sklearn.svm import SVC
    >>> from sklearn_bayescmp.model_selection import compare_search_candidates
    >>> X, y = make_moons(noise=0.352, random_state=1, n_samples=100)
    >>> cv = RepeatedStratifiedKFold(n_splits=10, n_repeats=10, random_state=0)
    >>> search = GridSearchCV(SVC(), {"kernel": ["linear", "rbf"]}, scoring="roc_auc", cv=cv)
    >>> comparison = compare_search_candidates(search.fit(X, y), X, y)
    >>> round(comparison.result(1, 0).prob_equivalent, 3)  # rbf vs linear
    0.432
    """
    if not hasattr(search, "cv_results_"):
        raise ValueError("`search` is not fitted (it has no cv_results_); fit it first.")
    results = search.cv_results_
    metric = "score"
    if getattr(search, "multimetric_", False):
        if not isinstance(getattr(search, "refit", None), str):
            raise ValueError(
                "`search` used several metrics; set its `refit` to the name of the metric "
                "to compare on."
            )
        metric = search.refit
    scores = _split_scores(results, metric)
    n_total, n_splits = scores.shape
    X, y, groups = indexable(X, y, groups)
    estimator = getattr(search, "estimator", None)
    cv = check_cv(getattr(search, "cv", None), y, classifier=is_classifier(estimator))
    splits = list(cv.split(X, y, groups))
    again = list(cv.split(X, y, groups))
    if len(splits) != n_splits or any(
        not np.array_equal(test, test_again)
        for (_, test), (_, test_again) in zip(splits, again, strict=True)
    ):
        raise ValueError(
            f"`search.cv` does not reproduce the search's {n_splits} splits (got "
            f"{len(splits)}, or different splits on each call). Use a splitter with a "
            "fixed random_state, and pass the same X, y and groups as to search.fit."
        )
    ranks = np.asarray(results.get(f"rank_test_{metric}", np.arange(1, n_total + 1)))
    by_rank = [int(i) for i in np.argsort(ranks, kind="stable")]
    if candidates is None:
        chosen = by_rank
    elif isinstance(candidates, Integral):
        chosen = by_rank[: int(candidates)]
    else:
        chosen = [int(i) for i in candidates]
        bad = [i for i in chosen if not 0 <= i < n_total]
        if bad or len(set(chosen)) != len(chosen) or len(chosen) < 2:
            raise ValueError(
                f"`candidates` must list at least two distinct indices in [0, {n_total}); "
                f"got {list(candidates)!r}."
            )
    if len(chosen) < 2:
        raise ValueError("`candidates` must select at least two candidates to compare.")
    repeat, fold = split_layout(cv, n_splits)
    params = results.get("params", [{} for _ in range(n_total)])
    return CandidateComparison(
        candidates=tuple(chosen),
        names=tuple(_candidate_name(params[i]) for i in chosen),
        scores=scores,
        n_train=np.array([len(train) for train, _ in splits]),
        n_test=np.array([len(test) for _, test in splits]),
        repeat=repeat,
        fold=fold,
        rope=check_rope(rope),
        prior=prior,
    )


def _check_estimators(estimators):
    """Names and estimators from a mapping or a list of ``(name, estimator)``."""
    items = list(estimators.items()) if isinstance(estimators, Mapping) else list(estimators)
    if len(items) < 2 or not all(isinstance(item, tuple) and len(item) == 2 for item in items):
        raise ValueError(
            "`estimators` must be a mapping or a list of (name, estimator) pairs with at "
            f"least two entries; got {estimators!r}."
        )
    names = [str(name) for name, _ in items]
    if len(set(names)) != len(names):
        raise ValueError(f"`estimators` has repeated names: {names}.")
    models = [model for _, model in items]
    for name, model in zip(names, models, strict=True):
        if not hasattr(model, "fit"):
            raise TypeError(f"`estimators[{name!r}]` is not an estimator (no fit method).")
    return names, models


@validate_params(
    {
        "estimators": [Mapping, list],
        "X": ["array-like", "sparse matrix"],
        "y": ["array-like", None],
        "groups": ["array-like", None],
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
        "params": [dict, None],
    },
    prefer_skip_nested_validation=False,
)
def compare_estimators(
    estimators,
    X,
    y=None,
    *,
    groups=None,
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
    params=None,
):
    """Compare a handful of named estimators on shared cross-validation splits.

    Every (estimator, split) fit goes into one joblib dispatch; all estimators
    see exactly the same splits, so every pair of them is a paired comparison.
    The scores become a :class:`~sklearn_bayescmp.ScoreTable` of one data set,
    which :func:`~sklearn_bayescmp.compare_models` compares pair by pair with
    the Bayesian correlated t-test.

    Parameters
    ----------
    estimators : dict or list of (str, estimator)
        At least two named estimators (or pipelines), in the order of the
        comparison (the first is "A" in all its pairs).
    X : array-like of shape (n_samples, n_features)
        Training data; anything the estimators accept.
    y : array-like of shape (n_samples,), default=None
        Target.
    groups : array-like of shape (n_samples,), default=None
        Group labels for the splitter.
    cv : int, cross-validation generator or iterable, default=None
        None means 10x10 repeated (stratified) k-fold seeded with
        ``random_state``, as for :class:`~sklearn_bayescmp.RepeatedCVComparator`.
    scoring : str or callable, default=None
        One greater-is-better metric; None uses each estimator's ``score``
        (all estimators must then be of the same kind).
    rope : float or tuple of (float, float), default=0.01
        Region of practical equivalence in the scorer's units.
    prior : NormalGammaPrior, default=None
        Prior of the Bayesian correlated t-tests.
    threshold : float, default=0.95
        Probability an outcome must exceed for the decisions.
    n_jobs : int, default=None
        Number of parallel jobs; results do not depend on it.
    pre_dispatch : int or str, default="2*n_jobs"
        Number of tasks dispatched ahead.
    random_state : int, RandomState instance or None, default=None
        Seeds the default splitter.
    error_score : "raise" or float, default=np.nan
        "raise" re-raises a failed fit; otherwise failed fits are reported in
        one warning and left out of every comparison involving that split.
    verbose : int, default=0
        1 draws a progress bar of finished fits; 2 and more also joblib's
        messages.
    params : dict, default=None
        Metadata such as ``sample_weight``, routed as in
        :func:`~sklearn.model_selection.cross_validate` (each estimator's
        ``fit`` under its name, the scorer and the splitter).

    Returns
    -------
    ModelComparison
        Every pair's Bayesian correlated t-test (``result(a, b)``,
        ``matrix(...)``), Holm-corrected corrected t-tests as the frequentist
        reference, ``summary()``, ``to_frame()``; ``table`` holds the scores.

    Examples
    --------
    >>> from sklearn.datasets import load_iris
    >>> from sklearn.naive_bayes import GaussianNB
    >>> from sklearn.neighbors import KNeighborsClassifier
    >>> from sklearn.tree import DecisionTreeClassifier
    >>> from sklearn_bayescmp.model_selection import compare_estimators
    >>> X, y = load_iris(return_X_y=True)
    >>> models = {"NB": GaussianNB(), "tree": DecisionTreeClassifier(random_state=0),
    ...           "kNN": KNeighborsClassifier()}
    >>> comparison = compare_estimators(models, X, y, random_state=0)
    >>> comparison.models
    ('NB', 'tree', 'kNN')
    >>> comparison.decisions[2].tolist()  # kNN against NB, tree and itself
    ['undecided', 'undecided', 'equivalent']
    """
    names, models = _check_estimators(estimators)
    named = dict(zip(names, models, strict=True))
    scoring = check_common_scoring(named, scoring)
    X, y, groups = indexable(X, y, groups)
    splitter = check_repeated_cv(cv, y, models[0], random_state)
    router = comparison_router("compare_estimators", named, splitter, scoring.scorer)
    routed = route_params(router if routing_enabled() else None, names, params or {}, groups)
    splits = list(splitter.split(X, y, **routed.split))
    if not splits:
        raise ValueError(f"`cv` yielded no splits; got cv={cv!r}.")
    outcomes = dispatch(
        (
            delayed(fit_and_score_one)(
                clone(model),
                X,
                y,
                train,
                test,
                scoring,
                routed.fit[name],
                routed.score,
                error_score,
            )
            for train, test in splits
            for name, model in named.items()
        ),
        total=len(splits) * len(models),
        n_jobs=n_jobs,
        pre_dispatch=pre_dispatch,
        verbose=verbose,
        label="fits",
    )
    k = len(models)
    reissue(
        [
            (category, message, name)
            for outcome, name in zip(outcomes, names * len(splits), strict=True)
            for category, message in outcome.warnings
        ],
        where="fits",
        total=dict.fromkeys(names, len(splits)),
    )
    failed = np.array([o.error is not None for o in outcomes]).reshape(len(splits), k).T
    scores = np.array([o.scores[0] for o in outcomes], dtype=float).reshape(len(splits), k).T
    scores[failed] = np.nan  # left out of every pair that involves the split
    if failed.any():
        counts = ", ".join(f"{n}: {int(c)}" for n, c in zip(names, failed.sum(axis=1), strict=True))
        warn(
            f"{int(failed.sum())} of {failed.size} fits failed and are left out of the "
            f"comparisons that involve their split ({counts}). Set error_score='raise' to "
            "see the errors.",
            FitFailedWarning,
        )
    repeat, fold = split_layout(splitter, len(splits))
    table = ScoreTable(
        scores,
        models=names,
        n_train=[len(train) for train, _ in splits],
        n_test=[len(test) for _, test in splits],
        repeat=repeat,
        fold=fold,
    )
    return compare_models(table, test="correlated_t", rope=rope, prior=prior, threshold=threshold)


def bayesian_refit(*, rope=0.01, threshold=0.95, test_train_ratio=None, complexity=None):
    """A ``refit`` rule for ``GridSearchCV``: the simplest candidate as good as the best.

    Among the candidates that are *not practically worse* than the
    best-ranked one with posterior probability at least ``threshold``, that
    is ``P(best - candidate <= rope high) >= threshold`` under the Bayesian
    correlated t-test of their per-split scores, the rule picks the one that
    minimises ``complexity(params)`` (ties: the better ranked).

    Parameters
    ----------
    rope : float or tuple of (float, float), default=0.01
        Region of practical equivalence in the scorer's units.
    threshold : float, default=0.95
        Posterior probability of "not practically worse" required.
    test_train_ratio : float
        ``n_test / n_train`` of the search's splits, e.g. ``1/9`` for 10-fold
        cross-validation (repeated or not). Required: ``cv_results_`` does not
        record split sizes, and guessing them would make the rule
        overconfident.
    complexity : callable, default=None
        ``complexity(params) -> number``, smaller is simpler. None keeps the
        best-ranked candidate.

    Returns
    -------
    callable
        ``refit(cv_results) -> int``, the index of the chosen candidate.

    Examples
    --------
    The most regularised logistic regression that is practically as accurate
    as the best-ranked one (smaller ``C`` is simpler):

    >>> from sklearn.datasets import load_breast_cancer
    >>> from sklearn.linear_model import LogisticRegression
    >>> from sklearn.model_selection import GridSearchCV, RepeatedStratifiedKFold
    >>> from sklearn.pipeline import make_pipeline
    >>> from sklearn.preprocessing import StandardScaler
    >>> from sklearn_bayescmp.model_selection import bayesian_refit
    >>> X, y = load_breast_cancer(return_X_y=True)
    >>> refit = bayesian_refit(
    ...     rope=0.01, test_train_ratio=1 / 4,  # 5-fold: n_test / n_train = 1/4
    ...     complexity=lambda params: params["logisticregression__C"])
    >>> search = GridSearchCV(
    ...     make_pipeline(StandardScaler(), LogisticRegression(max_iter=5000)),
    ...     {"logisticregression__C": [0.01, 0.03, 0.1, 0.3, 1, 3, 10]},
    ...     cv=RepeatedStratifiedKFold(n_splits=5, n_repeats=4, random_state=0),
    ...     refit=refit,
    ... ).fit(X, y)
    >>> search.cv_results_["params"][search.cv_results_["rank_test_score"].argmin()]
    {'logisticregression__C': 0.3}
    >>> search.best_params_
    {'logisticregression__C': 0.1}
    """
    rope = check_rope(rope)
    threshold = check_probability(threshold, name="threshold")
    if test_train_ratio is None:
        raise ValueError(
            "`test_train_ratio` is required: cv_results_ does not record the split sizes. "
            "Pass n_test / n_train of the search's splits, e.g. test_train_ratio=1/9 for "
            "10-fold cross-validation."
        )
    if not isinstance(test_train_ratio, Real) or not 0 < test_train_ratio < np.inf:
        raise ValueError(f"`test_train_ratio` must be a positive number; got {test_train_ratio!r}.")
    if complexity is not None and not callable(complexity):
        raise TypeError(f"`complexity` must be callable or None; got {complexity!r}.")
    # Integer sizes with that ratio (only the ratio enters the correction).
    ratio = Fraction(test_train_ratio).limit_denominator(10**6)

    def refit(cv_results):
        metric = "score" if "rank_test_score" in cv_results else None
        if metric is None:
            raise ValueError(
                "bayesian_refit works on single-metric searches (cv_results_ has no "
                "'rank_test_score')."
            )
        scores = _split_scores(cv_results, metric)
        best = int(np.argmin(cv_results["rank_test_score"]))
        ranked = np.argsort(cv_results["rank_test_score"], kind="stable")
        if complexity is None:
            return best
        eligible = []
        for candidate in ranked:
            record = CVDifferences(
                scores[best] - scores[candidate],
                n_train=ratio.denominator,
                n_test=ratio.numerator,
            )
            result = bayesian_correlated_ttest(record, rope=rope, nan_policy="omit")
            if 1.0 - result.prob_a_better >= threshold:
                eligible.append(int(candidate))
        params = cv_results["params"]
        return min(eligible, key=lambda i: complexity(params[i]))  # stable: rank breaks ties

    return refit
