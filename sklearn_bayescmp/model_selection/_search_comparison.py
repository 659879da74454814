"""Comparisons of a search's candidates, of a few estimators, and a refit rule."""

from collections.abc import Mapping
from numbers import Integral, Real

import numpy as np
from sklearn.base import is_classifier
from sklearn.model_selection import check_cv
from sklearn.utils import indexable

from .._compare_models import compare_models
from .._differences import CVDifferences
from .._engine import ENGINE_CONSTRAINTS, Engine, check_common_scoring, split_layout
from .._engine._plan import check_repeated_cv
from .._score_table import ScoreTable
from .._search_results import (
    candidate_rows,
    race_scores,
    ranks,
    search_candidates,
    split_scores,
)
from ..stats._correlated_t import NormalGammaPrior, bayesian_correlated_ttest
from ..tables._assemble import ratio_sizes
from ..utils._docstrings import fill_doc
from ..utils._rope_units import AUTO, resolve_rope, scorer_scale, values_scale
from ..utils._sklearn import HasMethods, Interval, StrOptions, validate_params
from ..utils._validation import check_probability, check_rope


@validate_params(
    {
        "search": [HasMethods(["fit"])],
        "X": ["array-like", "sparse matrix"],
        "y": ["array-like", None],
        "groups": ["array-like", None],
        "rope": [Interval(Real, 0, None, closed="left"), "array-like", StrOptions({AUTO})],
        "prior": [NormalGammaPrior, None],
        "candidates": [Interval(Integral, 1, None, closed="left"), "array-like", None],
    },
    prefer_skip_nested_validation=True,
)
def compare_search_candidates(
    search, X, y=None, *, groups=None, rope=AUTO, prior=None, candidates=None
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
    rope : float, tuple of (float, float) or "auto", default="auto"
        Region of practical equivalence in the scorer's units. "auto" is one
        point (0.01) of a scorer whose scores are shares (accuracy, ROC AUC,
        F1...: :class:`~sklearn_bayescmp.RepeatedCVComparator`'s list); the
        search's other scorers need a rope given.
    prior : NormalGammaPrior, default=None
        Prior of the Bayesian correlated t-tests (None: matching prior).
    candidates : int or array-like of int, default=None
        Which candidates to compare: None for all, an int ``k`` for the ``k``
        best-ranked, or indices in ``cv_results_``. Of a
        :class:`~sklearn_bayescmp.model_selection.RaceSearchCV`, the candidates
        that ran every fold (the race's survivors), and indices are places in
        the grid (``race_candidate``): a candidate dropped early has too few
        folds to pair.

    Returns
    -------
    ModelComparison
        The candidates as models, named by their parameters ("kernel=rbf"),
        best-ranked first (or in the order of ``candidates`` indices): every
        pair's Bayesian correlated t-test (``result(a, b)``, ``matrix(...)``),
        Holm-corrected corrected t-tests as the frequentist ``reference``,
        ``summary()``; ``table`` holds the split scores.

    See Also
    --------
    sklearn_bayescmp.model_selection.bayesian_refit
        Refits the simplest candidate not practically worse.
    sklearn_bayescmp.ScoreTable.from_cv_results : A search's scores as a table.

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
    >>> comparison.models
    ('kernel=rbf', 'kernel=linear')
    >>> round(comparison.result("kernel=rbf", "kernel=linear").prob_equivalent, 3)
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
    estimator = getattr(search, "estimator", None)
    scoring = getattr(search, "scoring", None)
    rope = resolve_rope(rope, scorer_scale(scoring, estimator, metric=metric))
    X, y, groups = indexable(X, y, groups)
    raced = "race_candidate" in results
    if raced:
        race_table, rows = race_scores(results, metric)
        n_total, n_splits = race_table.shape
        # Every candidate is a row of the table; those that ran every fold can pair.
        comparable = np.flatnonzero(np.asarray(results["race_folds"])[rows] == n_splits)
        position = {int(c): int(c) for c in comparable}
        cv = check_repeated_cv(search.cv, y, estimator, search.random_state)
    else:
        n_total, n_splits = split_scores(results, metric).shape
        rows = candidate_rows(results, n_total)
        position = {int(row): k for k, row in enumerate(rows)}
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
    # Positions among the kept candidates, best-ranked first.
    if raced or f"rank_test_{metric}" in results:
        kept_ranks = ranks(results, metric)[rows]
    else:
        kept_ranks = np.arange(rows.size)
    comparable = set(position.values())
    by_rank = [int(k) for k in np.argsort(kept_ranks, kind="stable") if int(k) in comparable]
    if candidates is None:
        chosen = by_rank
    elif isinstance(candidates, Integral):
        chosen = by_rank[: int(candidates)]
    else:
        given = [int(i) for i in candidates]
        bad = [i for i in given if not 0 <= i < n_total]
        if bad or len(set(given)) != len(given) or len(given) < 2:
            raise ValueError(
                f"`candidates` must list at least two distinct indices in [0, {n_total}); "
                f"got {list(candidates)!r}."
            )
        dropped = [i for i in given if i not in position]
        if dropped and raced:
            raise ValueError(
                f"`candidates` names {dropped}, which the race dropped before the last fold; "
                f"compare candidates that ran every fold ({sorted(position)})."
            )
        if dropped:
            raise ValueError(
                f"`candidates` names {dropped}, which the halving search scored on fewer "
                "resources than its last iteration; compare candidates of the last iteration "
                f"({sorted(position)})."
            )
        chosen = [position[i] for i in given]
    if len(chosen) < 2:
        raise ValueError("`candidates` must select at least two candidates to compare.")
    repeat, fold = split_layout(cv, n_splits)
    # The table of every kept candidate, named as from_cv_results names them.
    table = ScoreTable.from_cv_results(
        results,
        n_train=[len(train) for train, _ in splits],
        n_test=[len(test) for _, test in splits],
        metric=metric,
        repeat=repeat,
        fold=fold,
    )
    # A candidate that failed on every split (the search's error_score) has nothing to
    # compare; the others are named by the indices this function takes.
    scored = np.isfinite(table.scores()).any(axis=1)
    failed = [k for k in chosen if not scored[k]]
    if failed:
        kept = [int(rows[k]) for k in chosen if scored[k]]
        raise ValueError(
            f"The search scored candidate{'s' if len(failed) > 1 else ''} "
            f"{', '.join(f'{int(rows[k])} ({table.models[k]})' for k in failed)} NaN on every "
            "split (each fit failed: the search's error_score), so there is nothing to compare "
            f"{'them' if len(failed) > 1 else 'it'} on. "
            + (
                f"Leave {'them' if len(failed) > 1 else 'it'} out with candidates={kept}."
                if len(kept) >= 2
                else "Fewer than two candidates have scores: fix the fits that failed (the "
                "search's warnings say why), or search other candidates."
            )
        )
    table = table.select(models=[table.models[k] for k in chosen])
    return compare_models(table, test="bayesian_correlated_t", rope=rope, prior=prior)


def _check_estimators(estimators):
    """``{name: estimator}`` from a mapping or a list of ``(name, estimator)``."""
    items = list(estimators.items()) if isinstance(estimators, Mapping) else list(estimators)
    if len(items) < 2 or not all(isinstance(item, tuple) and len(item) == 2 for item in items):
        raise ValueError(
            "`estimators` must be a mapping or a list of (name, estimator) pairs with at "
            f"least two entries; got {estimators!r}."
        )
    names = [str(name) for name, _ in items]
    if len(set(names)) != len(names):
        raise ValueError(f"`estimators` has repeated names: {names}.")
    for name, (_, model) in zip(names, items, strict=True):
        if not hasattr(model, "fit"):
            raise TypeError(f"`estimators[{name!r}]` is not an estimator (no fit method).")
    return {name: model for name, (_, model) in zip(names, items, strict=True)}


@validate_params(
    {
        **ENGINE_CONSTRAINTS,
        "estimators": [Mapping, list],
        "X": ["array-like", "sparse matrix"],
        "y": ["array-like", None],
        "groups": ["array-like", None],
        "rope": [Interval(Real, 0, None, closed="left"), "array-like", StrOptions({AUTO})],
        "prior": [NormalGammaPrior, None],
        "threshold": [Interval(Real, 0, 1, closed="neither")],
        "params": [dict, None],
    },
    prefer_skip_nested_validation=False,
)
@fill_doc
def compare_estimators(
    estimators,
    X,
    y=None,
    *,
    groups=None,
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
    memory=None,
    params=None,
):
    """Compare a handful of named estimators on shared cross-validation splits.

    Every split is one joblib task that fits every estimator on it, so all
    estimators see exactly the same splits and every pair of them is a paired
    comparison. The scores become a :class:`~sklearn_bayescmp.ScoreTable` of
    one data set, which :func:`~sklearn_bayescmp.compare_models` compares pair
    by pair with the Bayesian correlated t-test.

    Parameters
    ----------
    estimators : dict or list of (str, estimator)
        At least two named estimators (or pipelines), in the order of the
        comparison (the first is "A" in all its pairs).%(fit_data)s%(cv_scoring)s
    rope : float, tuple of (float, float) or "auto", default="auto"
        Region of practical equivalence in the scorer's units. "auto" is one
        point (0.01) of a scorer whose scores are shares (accuracy, ROC AUC,
        F1...: :class:`~sklearn_bayescmp.RepeatedCVComparator`'s list); any
        other scorer needs a rope given, refused before any split runs.
    prior : NormalGammaPrior, default=None
        Prior of the Bayesian correlated t-tests.
    threshold : float, default=0.95
        Probability an outcome must exceed for the decisions.%(engine_run)s%(memory)s
    params : dict, default=None
        Metadata such as ``sample_weight``, routed as in
        :func:`~sklearn.model_selection.cross_validate` (each estimator's
        ``fit`` under its name, the scorer and the splitter).

    Returns
    -------
    ModelComparison or dict of str to ModelComparison
        Every pair's Bayesian correlated t-test (``result(a, b)``,
        ``matrix(...)``), Holm-corrected corrected t-tests as the frequentist
        reference, ``summary()``, ``to_frame()``; ``table`` holds the scores.
        With several metrics, one comparison per metric, by name.

    See Also
    --------
    sklearn_bayescmp.RepeatedCVComparator : Two estimators, with every option of the comparison.
    sklearn_bayescmp.compare_models : Every pair from a table of scores.

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
    named = _check_estimators(estimators)
    given = scoring
    scoring = check_common_scoring(named, scoring)
    first = next(iter(named.values()))
    # Each metric's rope, before any split runs: a missing one is refused now.
    ropes = {
        metric: resolve_rope(rope, scorer_scale(given, first, metric=metric))
        for metric in scoring.metrics
    }
    engine = Engine.create(
        named,
        scoring,
        names={name: name for name in named},
        memory=memory,
        owner="compare_estimators",
        cv=cv,
        random_state=random_state,
        error_score=error_score,
        n_jobs=n_jobs,
        pre_dispatch=pre_dispatch,
        verbose=verbose,
    )
    result = engine.run([engine.plan(X, y, groups, params)])
    comparisons = {
        metric: compare_models(
            table,
            test="bayesian_correlated_t",
            rope=ropes[metric],
            prior=prior,
            threshold=threshold,
        )  # fmt: skip
        for metric, table in result.tables.items()
    }
    return comparisons if scoring.multimetric else comparisons[scoring.metrics[0]]


def bayesian_refit(*, rope=AUTO, threshold=0.95, test_train_ratio=None, complexity=None):
    """A ``refit`` rule for ``GridSearchCV``: the simplest candidate as good as the best.

    Among the candidates that are *not practically worse* than the
    best-ranked one with posterior probability at least ``threshold``, that
    is ``P(best - candidate <= rope high) >= threshold`` under the Bayesian
    correlated t-test of their per-split scores, the rule picks the one that
    minimises ``complexity(params)`` (ties: the better ranked).

    Parameters
    ----------
    rope : float, tuple of (float, float) or "auto", default="auto"
        Region of practical equivalence in the scorer's units. The rule sees
        ``cv_results_``, not the scorer: "auto" is one point (0.01) where
        every split's score lies within [-1, 1] (accuracy, AUC, F1...), and a
        refusal on another scale; give the rope of any other scorer.
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

    See Also
    --------
    sklearn_bayescmp.model_selection.compare_search_candidates
        Every pair of a search's best candidates.
    sklearn_bayescmp.model_selection.compare_estimators : Every pair of a few estimators.

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
    if not (isinstance(rope, str) and rope == AUTO):
        check_rope(rope)
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
    n_train, n_test = ratio_sizes(test_train_ratio)  # only the ratio enters the correction

    def refit(cv_results):
        metric = "score" if "rank_test_score" in cv_results else None
        if metric is None:
            raise ValueError(
                "bayesian_refit works on single-metric searches (cv_results_ has no "
                "'rank_test_score')."
            )
        # Of a halving search, the candidates of its last iteration, which pair.
        scores, _, rows = search_candidates(cv_results, metric)
        # "auto": the refit sees the scores, not the scorer: one point where they lie
        # within [-1, 1], refused on another scale.
        finite = scores[np.isfinite(scores)]
        scale = values_scale(finite.min(), finite.max()) if finite.size else None
        chosen_rope = resolve_rope(rope, scale) if scale is not None else check_rope(0.0)
        ranked = np.argsort(ranks(cv_results, metric)[rows], kind="stable")
        best = int(ranked[0])
        if complexity is None:
            return int(rows[best])
        eligible = []
        for candidate in ranked:
            record = CVDifferences(scores[best] - scores[candidate], n_train=n_train, n_test=n_test)
            result = bayesian_correlated_ttest(record, rope=chosen_rope, nan_policy="omit")
            if 1.0 - result.prob_a_better >= threshold:
                eligible.append(int(rows[candidate]))
        params = cv_results["params"]
        return min(eligible, key=lambda i: complexity(params[i]))  # stable: rank breaks ties

    return refit
