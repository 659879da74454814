"""A grid search that races its candidates: no more folds for one practically worse.

Every candidate still in the race is fitted on the same splits, a block of
folds at a time. At each look, every candidate is compared with the leader
(the best mean test score so far) by the Bayesian correlated t-test on the
folds both have, with the split sizes' correction (Corani & Benavoli, 2015),
and leaves the race once ``P(leader practically better)`` reaches the look's
threshold (the race's error spent evenly over its looks): the idea of F-Race
(Birattari et al., 2002) and of Hoeffding races (Maron & Moore, 1994) with the
rope and the overlap of cross-validation's training sets taken into account.
"""

import math
import warnings
from dataclasses import dataclass
from numbers import Integral, Real

import numpy as np
from scipy.stats import rankdata
from sklearn.exceptions import FitFailedWarning
from sklearn.model_selection import BaseCrossValidator, ParameterGrid
from sklearn.utils import indexable
from sklearn.utils.metadata_routing import (
    MetadataRouter,
    MethodMapping,
    get_routing_for_object,
    process_routing,
)

from .._engine._plan import check_repeated_cv
from .._engine._routing import routing_enabled
from ..stats._correlated_t import NormalGammaPrior, bayesian_correlated_ttest
from ..utils._rope_units import AUTO, resolve_rope, scorer_scale
from ..utils._sklearn import BaseSearchCV, Interval, StrOptions, _fit_context
from ..utils._warnings import warn


@dataclass(frozen=True)
class RaceLook:
    """One look of a race: every survivor compared with the leader.

    A is the leader, B each candidate compared with it: ``prob_a_better[k]`` is
    the posterior probability that the leader is practically better than
    ``candidates[k]`` (its score higher by more than the rope), under the
    Bayesian correlated t-test of their differences on the folds run so far.

    Attributes
    ----------
    n_folds : int
        Folds every survivor had run at this look.
    leader : int
        Index (in ``cv_results_``) of the candidate with the best mean test
        score so far.
    candidates : ndarray of int
        The other survivors, each compared with the leader.
    prob_a_better, prob_equivalent, prob_b_better : ndarray
        Per candidate: leader practically better, practically equivalent,
        candidate practically better.
    difference, scale, df : ndarray
        The Student posterior of ``leader - candidate``: location, scale and
        degrees of freedom (for credible intervals).
    dropped : ndarray of int
        The candidates that left the race at this look.

    See Also
    --------
    RaceRecord : Every look of a race.
    sklearn_bayescmp.plotting.RaceDisplay : Draws the looks.

    Examples
    --------
    >>> from sklearn.datasets import load_breast_cancer
    >>> from sklearn.linear_model import LogisticRegression
    >>> from sklearn.model_selection import RepeatedStratifiedKFold
    >>> from sklearn.pipeline import make_pipeline
    >>> from sklearn.preprocessing import StandardScaler
    >>> from sklearn_bayescmp.model_selection import RaceSearchCV
    >>> X, y = load_breast_cancer(return_X_y=True)
    >>> model = make_pipeline(StandardScaler(), LogisticRegression())
    >>> grid = {"logisticregression__C": [1e-4, 1e-2, 1.0]}
    >>> cv = RepeatedStratifiedKFold(n_splits=5, n_repeats=4, random_state=0)  # 20 folds
    >>> search = RaceSearchCV(model, grid, cv=cv, random_state=0).fit(X, y)
    >>> first = search.race_.looks[0]
    >>> first.n_folds, first.leader, first.dropped.tolist()
    (5, 2, [0])
    """

    n_folds: int
    leader: int
    candidates: np.ndarray
    prob_a_better: np.ndarray
    prob_equivalent: np.ndarray
    prob_b_better: np.ndarray
    difference: np.ndarray
    scale: np.ndarray
    df: np.ndarray
    dropped: np.ndarray


@dataclass(frozen=True)
class RaceRecord:
    """What a race did: its looks, how it ended, and what it cost.

    Attributes
    ----------
    looks : tuple of RaceLook
        Every look, in order. When the folds run out, the last records the
        standing after every fold and drops no one: no fold is left to save.
    ended : {"one left", "equivalent", "folds"}
        One candidate left; every survivor practically equivalent to the
        leader; or every fold run.
    survivors : ndarray of int
        The candidates still in the race at its end.
    failed : ndarray of int
        The candidates that left because every fit failed.
    n_fits : int
        Fits run (candidate x split), the refit excluded.
    n_fits_exhaustive : int
        Fits of the exhaustive search: every candidate on every split.
    rope : tuple of float
        The region of practical equivalence of the comparisons.
    threshold : float
        The race's confidence (``RaceSearchCV``'s ``threshold``).
    look_threshold : float
        The probability that dropped a candidate at each look:
        ``1 - (1 - threshold) / n_looks``.
    candidates : tuple of dict
        Every candidate's parameters, in the grid's order (the indices above).
    folds : ndarray of int
        Folds each candidate ran.
    dropped_at : ndarray of int
        Folds after which each candidate left (-1: still in at the end).
    chosen : int or None
        The candidate ``refit`` chose (None before a choice).

    See Also
    --------
    RaceSearchCV : Keeps it as ``race_``.
    RaceLook : One look of the race.

    Examples
    --------
    >>> from sklearn.datasets import load_breast_cancer
    >>> from sklearn.linear_model import LogisticRegression
    >>> from sklearn.model_selection import RepeatedStratifiedKFold
    >>> from sklearn.pipeline import make_pipeline
    >>> from sklearn.preprocessing import StandardScaler
    >>> from sklearn_bayescmp.model_selection import RaceSearchCV
    >>> X, y = load_breast_cancer(return_X_y=True)
    >>> model = make_pipeline(StandardScaler(), LogisticRegression())
    >>> grid = {"logisticregression__C": [1e-4, 1e-2, 1.0]}
    >>> cv = RepeatedStratifiedKFold(n_splits=5, n_repeats=4, random_state=0)  # 20 folds
    >>> race = RaceSearchCV(model, grid, cv=cv, random_state=0).fit(X, y).race_
    >>> race.ended, race.survivors.tolist(), race.n_fits, race.n_fits_exhaustive
    ('folds', [1, 2], 45, 60)
    """

    looks: tuple
    ended: str
    survivors: np.ndarray
    failed: np.ndarray
    n_fits: int
    n_fits_exhaustive: int
    rope: tuple
    threshold: float
    look_threshold: float
    candidates: tuple = ()
    folds: np.ndarray = None
    dropped_at: np.ndarray = None
    chosen: int | None = None

    @property
    def share_of_fits(self):
        """float: ``n_fits / n_fits_exhaustive``."""
        return self.n_fits / self.n_fits_exhaustive


def _look(scores, survivors, n_folds, n_train, n_test, rope, prior):
    """Compare every survivor with the leader on the first ``n_folds`` folds.

    Each comparison is the public :func:`~sklearn_bayescmp.stats.bayesian_correlated_ttest`
    of ``leader - candidate`` on the folds both ran (a failed fit's NaN left out), with
    those folds' sizes: a drop is that test's decision, number for number.

    Returns
    -------
    leader : int
    candidates : ndarray of int
    posterior : tuple of ndarray
        ``(df, loc, scale)`` of ``leader - candidate``, per candidate.
    probabilities : ndarray of shape (n_candidates, 3)
    """
    done = scores[survivors, :n_folds]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # a candidate whose every fit failed
        means = np.nanmean(done, axis=1)
    # The first best mean, in the grid's order (nanargmax: failures never lead).
    leader = int(survivors[np.nanargmax(means)])
    candidates = survivors[survivors != leader]
    posterior = np.empty((3, len(candidates)))
    probabilities = np.empty((len(candidates), 3))
    for k, candidate in enumerate(candidates):
        differences = scores[leader, :n_folds] - scores[candidate, :n_folds]
        both = np.isfinite(differences)
        if both.sum() < 2:  # fewer than two folds both completed: nothing to tell
            posterior[:, k], probabilities[k] = np.nan, 0.0
            continue
        result = bayesian_correlated_ttest(
            differences[both],
            n_train=n_train[:n_folds][both],
            n_test=n_test[:n_folds][both],
            rope=rope,
            prior=prior,
        )
        posterior[:, k] = result.df, result.loc, result.scale
        probabilities[k] = result.prob_a_better, result.prob_equivalent, result.prob_b_better
    return leader, candidates, tuple(posterior), probabilities


def fold_blocks(n_splits, min_folds, step):
    """The folds run before each look: ``min_folds``, then ``step`` at a time."""
    ends = list(range(min(min_folds, n_splits), n_splits, step)) + [n_splits]
    return [(start, end) for start, end in zip([0, *ends[:-1]], ends, strict=True) if end > start]


def look_threshold(threshold, n_splits, min_folds, step):
    """The probability that decides at each look: the race's error ``1 - threshold``
    spent evenly over its looks (every block's end but the last split's).

    ``1 - (1 - threshold) / n_looks``: by Bonferroni's inequality, a candidate whose
    posterior at every look would err with probability at most the look's error is
    wrongly dropped over the race with probability at most ``1 - threshold``.
    """
    n_looks = max(len(fold_blocks(n_splits, min_folds, step)) - 1, 1)
    return 1.0 - (1.0 - threshold) / n_looks


class Race:
    """A race's decisions, look after look, on a table of scores filled as it runs.

    Parameters
    ----------
    n_candidates : int
    n_train, n_test : ndarray of shape (n_splits,)
        Every split's sizes (the correlated t-test's correction).
    rope : tuple of (float, float)
    threshold : float
        The probability that decides at every look (:func:`look_threshold`).
    prior : NormalGammaPrior or None

    Attributes
    ----------
    alive : ndarray of int
        The candidates still in the race.
    looks : list of RaceLook
    dropped_at : ndarray of int
        Folds after which each candidate left (-1: still in).
    failed_out : list of int
        The candidates that left because every fit failed.
    ended : {"one left", "equivalent", "folds"}
    """

    def __init__(self, n_candidates, n_train, n_test, *, rope, threshold, prior=None):
        self.n_train, self.n_test = n_train, n_test
        self.rope, self.threshold, self.prior = rope, float(threshold), prior
        self.alive = np.arange(n_candidates)
        self.looks, self.failed_out = [], []
        self.dropped_at = np.full(n_candidates, -1)
        self.ended = "folds"

    def look(self, scores, failed, n_folds):
        """Decide after the first ``n_folds`` folds; False when the race is over.

        ``scores`` (candidates x splits) holds the test scores run so far (NaN for
        a failed fit), ``failed`` which fits failed.
        """
        self._leave_if_failed(failed, n_folds)
        if len(self.alive) <= 1:
            self.ended = "one left"
            return False
        look = self._compare(scores, n_folds, drop=True)
        self.looks.append(look)
        self._leave(look.dropped, n_folds)
        if len(self.alive) == 1:
            self.ended = "one left"
            return False
        if np.all(look.prob_equivalent[np.isin(look.candidates, self.alive)] >= self.threshold):
            self.ended = "equivalent"
            return False
        return True

    def finish(self, scores, failed, n_folds):
        """The standing after the last fold: every survivor against the leader, recorded
        as a last look that drops no one (no fold is left to save)."""
        self._leave_if_failed(failed, n_folds)
        if len(self.alive) <= 1:
            self.ended = "one left"
        else:
            self.looks.append(self._compare(scores, n_folds, drop=False))

    def _leave_if_failed(self, failed, n_folds):
        """A candidate whose every fit failed so far leaves: it cannot be compared."""
        hopeless = self.alive[failed[self.alive, :n_folds].all(axis=1)]
        self._leave(hopeless, n_folds)
        self.failed_out += hopeless.tolist()

    def _compare(self, scores, n_folds, *, drop):
        """A :class:`RaceLook`: the survivors against the leader after ``n_folds`` folds."""
        leader, compared, (df, loc, scale), probs = _look(
            scores, self.alive, n_folds, self.n_train, self.n_test, self.rope, self.prior
        )
        dropped = compared[probs[:, 0] >= self.threshold] if drop else compared[:0]
        return RaceLook(
            n_folds=int(n_folds),
            leader=leader,
            candidates=compared,
            prob_a_better=probs[:, 0],
            prob_equivalent=probs[:, 1],
            prob_b_better=probs[:, 2],
            difference=loc,
            scale=scale,
            df=df,
            dropped=dropped,
        )

    def _leave(self, candidates, n_folds):
        self.dropped_at[candidates] = n_folds
        self.alive = np.setdiff1d(self.alive, candidates)

    def record(self, n_splits, folds, *, threshold, candidates=(), chosen=None):
        """The :class:`RaceRecord` of the race so far: ``folds`` each candidate ran,
        ``threshold`` the race's confidence that set the looks' threshold."""
        folds = np.asarray(folds, dtype=int)
        return RaceRecord(
            looks=tuple(self.looks),
            ended=self.ended,
            survivors=self.alive.copy(),
            failed=np.array(self.failed_out, dtype=int),
            n_fits=int(folds.sum()),
            n_fits_exhaustive=int(len(self.dropped_at) * n_splits),
            rope=self.rope,
            threshold=float(threshold),
            look_threshold=self.threshold,
            candidates=tuple(candidates),
            folds=folds,
            dropped_at=self.dropped_at.copy(),
            chosen=chosen,
        )

    def chosen(self, scores, folds):
        """The candidate ``refit=True`` takes: the first survivor in the grid's order
        when every survivor is practically equivalent to the leader, the one left, or
        the survivor with the best mean over the ``folds`` it ran of ``scores``."""
        if self.ended == "equivalent":
            return int(self.alive.min())
        if len(self.alive) == 1:
            return int(self.alive[0])
        means = candidate_means(scores, folds)[self.alive]
        return int(self.alive[np.nanargmax(means)]) if np.isfinite(means).any() else 0


def candidate_means(scores, folds):
    """Each candidate's mean score over the folds it ran (NaN where every fit failed)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # a candidate whose every fit failed
        return np.array(
            [np.nanmean(row[:n]) if n else np.nan for row, n in zip(scores, folds, strict=True)]
        )


class _RaceBlocks(BaseCrossValidator):
    """The splits ``start`` to ``start + size`` of a race's splits, made once.

    What :class:`RaceSearchCV` hands scikit-learn's search for each block of folds:
    every block has the same number of splits, as the search's evaluation needs.
    The splits are taken from ``splits`` (the user's splitter's, computed once
    with the data); ``base`` answers the metadata routing (``groups``).
    """

    def __init__(self, splits, start, size, base):
        self.splits = splits
        self.start = start
        self.size = size
        self.base = base

    def split(self, X=None, y=None, groups=None):
        yield from self.splits[self.start : self.start + self.size]

    def get_n_splits(self, X=None, y=None, groups=None):
        return self.size

    def get_metadata_routing(self):
        return get_routing_for_object(self.base)


class RaceSearchCV(BaseSearchCV):
    """Search over a grid of parameters, racing the candidates on the same folds.

    Like :class:`~sklearn.model_selection.GridSearchCV`, every candidate of
    ``param_grid`` is cross-validated on the same splits. Unlike it, the folds
    are run a block at a time, and at each look every candidate is compared
    with the leader (the best mean test score so far) by the Bayesian
    correlated t-test on the folds both ran
    (:func:`~sklearn_bayescmp.stats.bayesian_correlated_ttest`). A candidate
    leaves the race, and is fitted no more, once the posterior probability
    that the leader is *practically* better (by more than ``rope``) reaches
    the look's threshold: ``1 - (1 - threshold) / n_looks``, the error
    ``1 - threshold`` spent evenly over the race's looks. The race ends when
    one candidate is left, when every survivor is practically equivalent to
    the leader, or when the folds run out.

    It is a scikit-learn search (a
    :class:`~sklearn.model_selection._search.BaseSearchCV`, built as
    :class:`~sklearn.model_selection.HalvingGridSearchCV` is): each block of
    folds is one call of the search's evaluation, so that ``cv_results_``,
    several metrics with ``refit=<name>``, ``error_score``, ``verbose``, the
    metadata routing, ``best_estimator_`` and its methods are scikit-learn's.

    Read more in the :ref:`User Guide <racing>`.

    Parameters
    ----------
    estimator : estimator object
        Cloned for every fit.
    param_grid : dict or list of dict
        As for :class:`~sklearn.model_selection.GridSearchCV`
        (:class:`~sklearn.model_selection.ParameterGrid`).
    scoring : str, callable, list, tuple, dict or None, default=None
        As for :class:`~sklearn.model_selection.GridSearchCV`; greater is
        better. With several metrics the race runs on the one ``refit``
        names.
    n_jobs : int, default=None
        Fits run in parallel (joblib). The results do not depend on it.
    refit : bool, str or callable, default=True
        Refit the chosen candidate on the whole data (``best_estimator_``):
        the first survivor in the grid's order when the race ended with every
        survivor practically equivalent to the leader, else the survivor with
        the best mean over the folds it ran. With several metrics, the name of
        the metric the race runs on. A callable ``refit(cv_results_) -> int``
        chooses a row of ``cv_results_`` itself.
    cv : int, cross-validation generator or iterable, default=None
        None: 10 times repeated 10-fold cross-validation (stratified for a
        classifier), seeded with ``random_state``. The splits are run in the
        splitter's order, so a repeated splitter gives every candidate whole
        repeats first.
    verbose : int, default=0
        The search's messages, and a line a look (the leader, the drops, the
        survivors).
    pre_dispatch : int or str, default="2*n_jobs"
        As for :class:`~joblib.Parallel`.
    random_state : int, RandomState instance or None, default=None
        Seeds the default ``cv``; ignored when ``cv`` is given.
    error_score : "raise" or float, default=np.nan
        Score of a failed fit. NaN leaves the fold out of that candidate's
        comparisons; a candidate whose every fit failed leaves the race at
        the next look, with a :class:`~sklearn.exceptions.FitFailedWarning`.
    return_train_score : bool, default=False
        Also score every fit on its training rows.
    rope : float, tuple of (float, float) or "auto", default="auto"
        Region of practical equivalence of two candidates' mean scores, in
        the scorer's units. "auto" is one point (0.01) of a scorer whose
        scores are shares (accuracy, ROC AUC, F1...: the list of
        :class:`~sklearn_bayescmp.RepeatedCVComparator`); any other scorer
        needs a rope given, and ``fit`` refuses before any fit.
    threshold : float, default=0.95
        The race's confidence, spent evenly over its looks (a Bonferroni
        bound): at each of ``n_looks`` looks a candidate leaves when the
        posterior probability that the leader is practically better reaches
        ``1 - (1 - threshold) / n_looks`` (``race_.look_threshold``), and the
        race ends when every survivor is practically equivalent to the leader
        with that probability. A budget of few folds thus has few looks, each
        surer to drop; 10 x 10 folds looked at every 5 drop at 0.9974. The
        default keeps the rate of dropping the best candidate below 5% in
        the calibration study of ``benchmarks/``.
    min_folds : int, default=5
        Folds every candidate runs before the first look.
    step : int, default=5
        Folds run between looks.
    prior : NormalGammaPrior, default=None
        Prior of the correlated t-test; None is the matching prior.

    Attributes
    ----------
    cv_results_ : dict of numpy (masked) ndarrays
        scikit-learn's, a row per candidate and block of folds it ran (as
        :class:`~sklearn.model_selection.HalvingGridSearchCV` has a row per
        candidate and iteration): ``params``, ``param_*``,
        ``split{k}_test_score`` (the block's k-th fold), ``mean_test_score``
        (over the block), the times. The race adds ``race_candidate`` (the
        candidate's place in the grid), ``race_first_split`` (the block's
        first split), ``race_folds`` (folds the candidate ran in all),
        ``race_mean_test_score`` (its mean over them) and ``race_rank`` (the
        survivors by that mean, then the candidates dropped, the later
        first).
    best_index_ : int
        The row of the chosen candidate's last block.
    best_params_ : dict
    best_score_ : float
        The chosen candidate's mean score over every fold it ran (not set with
        a callable ``refit``, as in scikit-learn).
    best_estimator_ : estimator
        Refitted on the whole data (``refit`` not False).
    race_ : RaceRecord
        Every look, the drops with their probabilities, how the race ended,
        each candidate's folds.
    n_fits_ : int
        Fits run, the refit excluded (``race_.n_fits_exhaustive`` for the
        exhaustive search's).
    n_splits_ : int
        Splits of ``cv``.
    scorer_ : callable or dict
    refit_time_ : float
    multimetric_ : bool
    classes_, n_features_in_, feature_names_in_
        Those of ``best_estimator_``.

    See Also
    --------
    sklearn.model_selection.GridSearchCV : Every fold of every candidate.
    sklearn.model_selection.HalvingGridSearchCV : Rounds on growing budgets,
        keeping a fixed share.
    sklearn_bayescmp.model_selection.bayesian_refit : The simplest candidate
        practically as good as the best.
    sklearn_bayescmp.plotting.RaceDisplay : Draws the race.

    References
    ----------
    .. [1] M. Birattari, T. Stützle, L. Paquete and K. Varrentrapp, "A racing
       algorithm for configuring metaheuristics", GECCO 2002.
    .. [2] O. Maron and A. W. Moore, "Hoeffding races: accelerating model
       selection search for classification and function approximation",
       NIPS 1994.
    .. [3] G. Corani and A. Benavoli, "A Bayesian approach for comparing
       cross-validated algorithms on multiple data sets", Machine Learning
       100(2), 2015.

    Examples
    --------
    >>> from sklearn.datasets import load_breast_cancer
    >>> from sklearn.linear_model import LogisticRegression
    >>> from sklearn.model_selection import RepeatedStratifiedKFold
    >>> from sklearn.pipeline import make_pipeline
    >>> from sklearn.preprocessing import StandardScaler
    >>> from sklearn_bayescmp.model_selection import RaceSearchCV
    >>> X, y = load_breast_cancer(return_X_y=True)
    >>> search = RaceSearchCV(
    ...     make_pipeline(StandardScaler(), LogisticRegression(max_iter=5000)),
    ...     {"logisticregression__C": [1e-4, 1e-3, 0.01, 0.1, 1]},
    ...     cv=RepeatedStratifiedKFold(n_splits=5, n_repeats=4, random_state=0),
    ...     random_state=0,
    ... ).fit(X, y)
    >>> search.best_params_
    {'logisticregression__C': 1}
    >>> search.n_fits_ < search.race_.n_fits_exhaustive
    True
    """

    _parameter_constraints: dict = {
        **BaseSearchCV._parameter_constraints,
        "param_grid": [dict, list],
        "random_state": ["random_state"],
        "rope": [Interval(Real, 0, None, closed="left"), "array-like", StrOptions({AUTO})],
        "threshold": [Interval(Real, 0.5, 1, closed="neither")],
        "min_folds": [Interval(Integral, 2, None, closed="left")],
        "step": [Interval(Integral, 1, None, closed="left")],
        "prior": [NormalGammaPrior, None],
    }

    def __init__(
        self,
        estimator,
        param_grid,
        *,
        scoring=None,
        n_jobs=None,
        refit=True,
        cv=None,
        verbose=0,
        pre_dispatch="2*n_jobs",
        random_state=None,
        error_score=np.nan,
        return_train_score=False,
        rope=AUTO,
        threshold=0.95,
        min_folds=5,
        step=5,
        prior=None,
    ):
        super().__init__(
            estimator=estimator,
            scoring=scoring,
            n_jobs=n_jobs,
            refit=refit,
            cv=cv,
            verbose=verbose,
            pre_dispatch=pre_dispatch,
            error_score=error_score,
            return_train_score=return_train_score,
        )
        self.param_grid = param_grid
        self.random_state = random_state
        self.rope = rope
        self.threshold = threshold
        self.min_folds = min_folds
        self.step = step
        self.prior = prior

    def _race_metric(self):
        """The metric the race runs on: the one of a single metric, or ``refit``'s name."""
        several = isinstance(self.scoring, (dict, list, tuple, set))
        if not several:
            return "score"
        names = sorted(self.scoring)
        if not isinstance(self.refit, str) or self.refit not in names:
            raise ValueError(
                "`refit`: with several metrics the race runs on one; name it "
                f"(refit='<metric>', one of {names}), got refit={self.refit!r}."
            )
        return self.refit

    @_fit_context(prefer_skip_nested_validation=False)  # the estimator is not validated yet
    def fit(self, X, y=None, **params):
        """Race every candidate on the same splits, then refit the chosen one.

        Parameters
        ----------
        X : array-like or sparse matrix of shape (n_samples, n_features)
            Training data, split by ``cv``.
        y : array-like of shape (n_samples,) or (n_samples, n_outputs), default=None
            Targets; None for unsupervised estimators.
        **params : dict
            Metadata, routed as :class:`~sklearn.model_selection.GridSearchCV`
            routes it: ``groups`` to the splitter, the rest to the estimator's
            ``fit`` (and, with metadata routing, to the scorer as requested).

        Returns
        -------
        self : object
        """
        metric = self._race_metric()
        scale = scorer_scale(self.scoring, self.estimator, metric=metric)
        self._rope_ = resolve_rope(self.rope, scale)
        candidates = list(ParameterGrid(self.param_grid))
        if not candidates:
            raise ValueError("`param_grid` gives no candidate; pass at least one.")
        X, y = indexable(X, y)
        splitter = check_repeated_cv(self.cv, y, self.estimator, self.random_state)
        split_params = self._split_params(splitter, params)
        splits = list(splitter.split(X, y, **split_params))
        if len(splits) < 2:
            raise ValueError(f"`cv` must give at least 2 splits to race on; got {len(splits)}.")
        # Blocks of one size (the search evaluates as many splits at every call): the
        # largest that ends at every look and at the last split.
        size = math.gcd(min(self.min_folds, len(splits)), self.step, len(splits))
        self._race_plan = (candidates, splits, size, metric, splitter)
        user_cv = self.cv
        self.cv = _RaceBlocks(splits, 0, size, splitter)  # what the search evaluates
        try:
            super().fit(X, y, **params)
            scores = self._race_scores
        finally:
            self.cv = user_cv
            self.__dict__.pop("_race_plan", None)
            self.__dict__.pop("_race_scores", None)
        self.n_splits_ = len(splits)
        self.n_fits_ = self.race_.n_fits
        if not callable(self.refit) and hasattr(self, "best_score_"):  # as scikit-learn
            self.best_score_ = float(candidate_means(scores, self.race_.folds)[self.race_.chosen])
        return self

    def _split_params(self, splitter, params):
        """The metadata the user's splitter takes (``groups``), routed as the search
        routes it."""
        if routing_enabled():
            router = MetadataRouter(owner=type(self).__name__).add(
                splitter=splitter, method_mapping=MethodMapping().add(caller="fit", callee="split")
            )
            known = {key: value for key, value in params.items() if key == "groups"}
            return dict(process_routing(router, "fit", **known).splitter.split)
        return {"groups": params["groups"]} if params.get("groups") is not None else {}

    def _run_search(self, evaluate_candidates):
        """Each block of folds through the search's evaluation, a look where the race
        looks, the survivors only."""
        candidates, splits, size, metric, splitter = self._race_plan
        n_train = np.array([len(train) for train, _ in splits], dtype=float)
        n_test = np.array([len(test) for _, test in splits], dtype=float)
        threshold = look_threshold(self.threshold, len(splits), self.min_folds, self.step)
        race = Race(len(candidates), n_train, n_test, rope=self._rope_,
                    threshold=threshold, prior=self.prior)  # fmt: skip
        scores = np.full((len(candidates), len(splits)), np.nan)
        folds = np.zeros(len(candidates), dtype=int)
        looks = {end for _, end in fold_blocks(len(splits), self.min_folds, self.step)}
        for start in range(0, len(splits), size):
            alive = race.alive
            results = evaluate_candidates(
                [candidates[c] for c in alive],
                cv=_RaceBlocks(splits, start, size, splitter),
                more_results={
                    "race_candidate": alive.tolist(),
                    "race_first_split": [start] * len(alive),
                },
            )
            rows = slice(len(results["params"]) - len(alive), None)
            for k in range(size):
                scores[alive, start + k] = np.asarray(results[f"split{k}_test_{metric}"])[rows]
            folds[alive] += size
            end = start + size
            if end == len(splits):
                race.finish(scores, np.isnan(scores), end)
                break
            if end in looks:
                going_on = race.look(scores, np.isnan(scores), end)
                if self.verbose:
                    self._say_look(race, candidates, end)
                if not going_on:
                    break
        self._report_failed(race.failed_out, candidates)
        chosen = race.chosen(scores, folds)
        self.race_ = race.record(len(splits), folds, threshold=self.threshold,
                                 candidates=candidates, chosen=chosen)  # fmt: skip
        self._race_scores = scores

    @staticmethod
    def _say_look(race, candidates, n_folds):
        """A line for the look after ``n_folds`` folds (none if the race ended before
        comparing: every candidate but one failed)."""
        if not race.looks or race.looks[-1].n_folds != n_folds:
            return
        look = race.looks[-1]
        print(
            f"[RaceSearchCV] look after {n_folds} folds: leader {look.leader} "
            f"({candidates[look.leader]}), {len(look.dropped)} dropped, {len(race.alive)} left"
        )

    @staticmethod
    def _report_failed(failed_out, candidates):
        """One FitFailedWarning for the candidates that left because every fit failed."""
        if failed_out:
            warn(
                f"{len(failed_out)} candidate(s) failed on every fold and left the race: "
                + ", ".join(f"{c} ({candidates[c]})" for c in failed_out)
                + ".",
                FitFailedWarning,
            )

    def _select_best_index(self, refit, refit_metric, results):
        """The chosen candidate's last row, or the row a callable ``refit`` returns.

        The race's columns join ``results`` (which becomes ``cv_results_``) first,
        so that a callable ``refit`` reads them too.
        """
        self._add_race_columns(results)
        if callable(refit):
            index = refit(results)
            if not isinstance(index, Integral) or not 0 <= index < len(results["params"]):
                raise IndexError(
                    f"`refit` returned {index!r}; it must return a row of cv_results_, an int "
                    f"from 0 to {len(results['params']) - 1}."
                )
            return int(index)
        rows = np.flatnonzero(results["race_candidate"] == self.race_.chosen)
        return int(rows[-1])

    def _add_race_columns(self, results):
        """Each row's candidate, first split, folds run, mean over them and race rank."""
        race, scores = self.race_, self._race_scores
        candidate = np.asarray(results.pop("race_candidate"), dtype=int)
        results["race_candidate"] = candidate
        results["race_first_split"] = np.asarray(results.pop("race_first_split"), dtype=int)
        means = candidate_means(scores, race.folds)
        alive = np.isin(np.arange(len(race.folds)), race.survivors)
        results["race_folds"] = race.folds[candidate]
        results["race_mean_test_score"] = means[candidate]
        results["race_rank"] = _ranks(means, alive, race.dropped_at)[candidate]


def _ranks(means, survived, dropped_at):
    """Survivors by mean (as ``GridSearchCV`` ranks, NaN last), then the dropped ones:
    the later a candidate left, the better its rank, ties by mean."""
    means = np.asarray(means, dtype=float)
    finite = np.where(np.isnan(means), -math.inf, means)
    # A key that orders survivors first, then by the fold count at which they left.
    left = np.where(survived, math.inf, dropped_at)
    if survived.all():
        if np.isnan(means).all():
            return np.ones(len(means), dtype=np.int32)
        filled = np.where(np.isnan(means), np.nanmin(means) - 1, means)
        return rankdata(-filled, method="min").astype(np.int32)
    order = np.lexsort((-finite, -left))
    keys = np.column_stack([left, finite])[order]
    ranks = np.empty(len(means), dtype=np.int32)
    rank = 1
    for position, index in enumerate(order):
        if position and not np.array_equal(keys[position], keys[position - 1]):
            rank = position + 1
        ranks[index] = rank
    return ranks
