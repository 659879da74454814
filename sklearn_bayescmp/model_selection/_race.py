"""A grid search that races its candidates: no more folds for one practically worse.

Every candidate still in the race is fitted on the same splits, a block of
folds at a time. At each look, every candidate is compared with the leader
(the best mean test score so far) by the Bayesian correlated t-test on the
folds both have, with the split sizes' correction (Corani & Benavoli, 2015),
and leaves the race once ``P(leader practically better) >= threshold``: the
idea of F-Race (Birattari et al., 2002) and of Hoeffding races (Maron & Moore,
1994) with the rope and the overlap of cross-validation's training sets taken
into account.
"""

import math
import time
import warnings
from dataclasses import dataclass
from numbers import Integral, Real

import numpy as np
from scipy.stats import rankdata
from sklearn.base import BaseEstimator, MetaEstimatorMixin, clone
from sklearn.exceptions import FitFailedWarning
from sklearn.metrics import get_scorer_names
from sklearn.model_selection import ParameterGrid
from sklearn.utils import get_tags, indexable
from sklearn.utils.metadata_routing import MetadataRouter, MethodMapping, process_routing
from sklearn.utils.metaestimators import available_if
from sklearn.utils.parallel import Parallel, delayed
from sklearn.utils.validation import check_is_fitted

from .._engine import check_common_scoring
from .._engine._fit import fit_and_score_one
from .._engine._plan import check_repeated_cv
from .._engine._routing import routing_enabled
from ..stats._core import outcome_probabilities, segment_statistics, student_posterior
from ..stats._correlated_t import NormalGammaPrior
from ..utils._sklearn import HasMethods, Interval, StrOptions, _fit_context
from ..utils._validation import check_rope
from ..utils._warnings import reissue, warn

#: How the race can end (``RaceRecord.ended``).
ENDINGS = {
    "one left": "one candidate was left",
    "equivalent": "every survivor was practically equivalent to the leader",
    "folds": "the folds ran out",
}


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
    >>> from sklearn.pipeline import make_pipeline
    >>> from sklearn.preprocessing import StandardScaler
    >>> from sklearn_bayescmp.model_selection import RaceSearchCV
    >>> X, y = load_breast_cancer(return_X_y=True)
    >>> model = make_pipeline(StandardScaler(), LogisticRegression())
    >>> grid = {"logisticregression__C": [1e-4, 1e-2, 1.0]}
    >>> search = RaceSearchCV(model, grid, random_state=0).fit(X, y)
    >>> first = search.race_.looks[0]
    >>> first.n_folds, first.leader, first.dropped.tolist()
    (10, 2, [0])
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
        The probability that drops a candidate.

    See Also
    --------
    RaceSearchCV : Keeps it as ``race_``.
    RaceLook : One look of the race.

    Examples
    --------
    >>> from sklearn.datasets import load_breast_cancer
    >>> from sklearn.linear_model import LogisticRegression
    >>> from sklearn.pipeline import make_pipeline
    >>> from sklearn.preprocessing import StandardScaler
    >>> from sklearn_bayescmp.model_selection import RaceSearchCV
    >>> X, y = load_breast_cancer(return_X_y=True)
    >>> model = make_pipeline(StandardScaler(), LogisticRegression())
    >>> grid = {"logisticregression__C": [1e-4, 1e-2, 1.0]}
    >>> race = RaceSearchCV(model, grid, random_state=0).fit(X, y).race_
    >>> race.ended, race.survivors.tolist(), race.n_fits, race.n_fits_exhaustive
    ('folds', [1, 2], 210, 300)
    """

    looks: tuple
    ended: str
    survivors: np.ndarray
    failed: np.ndarray
    n_fits: int
    n_fits_exhaustive: int
    rope: tuple
    threshold: float

    @property
    def share_of_fits(self):
        """float: ``n_fits / n_fits_exhaustive``."""
        return self.n_fits / self.n_fits_exhaustive


def _look(scores, survivors, n_folds, n_train, n_test, rope, prior):
    """Compare every survivor with the leader on the first ``n_folds`` folds.

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
    differences = scores[leader, :n_folds] - scores[candidates, :n_folds]
    n = len(candidates)
    sizes = (np.tile(n_train[:n_folds], n), np.tile(n_test[:n_folds], n))
    sample = segment_statistics(differences.ravel(), *sizes, np.full(n, n_folds))
    df, loc, scale = student_posterior(sample, prior)
    return leader, candidates, (df, loc, scale), outcome_probabilities(df, loc, scale, rope)


def fold_blocks(n_splits, min_folds, step):
    """The folds run before each look: ``min_folds``, then ``step`` at a time."""
    ends = list(range(min(min_folds, n_splits), n_splits, step)) + [n_splits]
    return [(start, end) for start, end in zip([0, *ends[:-1]], ends, strict=True) if end > start]


class Race:
    """A race's decisions, look after look, on a table of scores filled as it runs.

    Parameters
    ----------
    n_candidates : int
    n_train, n_test : ndarray of shape (n_splits,)
        Every split's sizes (the correlated t-test's correction).
    rope : tuple of (float, float)
    threshold : float
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

    def record(self, n_fits, n_splits):
        """The :class:`RaceRecord` of the race so far."""
        return RaceRecord(
            looks=tuple(self.looks),
            ended=self.ended,
            survivors=self.alive.copy(),
            failed=np.array(self.failed_out, dtype=int),
            n_fits=int(n_fits),
            n_fits_exhaustive=int(len(self.dropped_at) * n_splits),
            rope=self.rope,
            threshold=self.threshold,
        )


def _delegated(name, summary, returns):
    """A method of the search that calls ``best_estimator_``'s ``name``, present only
    where the chosen estimator has it (as ``GridSearchCV``'s)."""

    def method(self, X):
        self._check_refitted()
        return getattr(self.best_estimator_, name)(X)

    what, shape = returns.split(" : ")
    method.__name__, method.__qualname__ = name, f"RaceSearchCV.{name}"
    method.__doc__ = f"""{summary}

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            Data the chosen candidate accepts.

        Returns
        -------
        {what} : {shape}
            What ``best_estimator_.{name}`` returns.
        """
    return available_if(lambda self: _chosen_estimator_has(self, name))(method)


class RaceSearchCV(MetaEstimatorMixin, BaseEstimator):
    """Search over a grid of parameters, racing the candidates on the same folds.

    Like :class:`~sklearn.model_selection.GridSearchCV`, every candidate of
    ``param_grid`` is cross-validated on the same splits. Unlike it, the folds
    are run a block at a time, and after each block every candidate is
    compared with the leader (the best mean test score so far) by the
    Bayesian correlated t-test on the folds both have. A candidate leaves the
    race, and is fitted no more, once the posterior probability that the
    leader is *practically* better (by more than ``rope``) reaches
    ``threshold``. The race ends when one candidate is left, when every
    survivor is practically equivalent to the leader, or when the folds run
    out.

    Read more in the :ref:`User Guide <racing>`.

    Parameters
    ----------
    estimator : estimator object
        Cloned for every fit.
    param_grid : dict or list of dict
        As for :class:`~sklearn.model_selection.GridSearchCV`
        (:class:`~sklearn.model_selection.ParameterGrid`); a list of dicts
        of one-element lists lists the candidates one by one.
    scoring : str, callable or None, default=None
        One metric (:func:`~sklearn.metrics.check_scoring`); greater is
        better. The rope is in its units.
    cv : int, cross-validation generator or iterable, default=None
        None: 10 times repeated 10-fold cross-validation (stratified for a
        classifier), seeded with ``random_state``. The splits are run in the
        splitter's order, so a repeated splitter gives every candidate whole
        repeats first.
    refit : bool or callable, default=True
        Refit the chosen candidate on the whole data (``best_estimator_``). A
        callable ``refit(cv_results_) -> int`` chooses itself, e.g.
        :func:`~sklearn_bayescmp.model_selection.bayesian_refit`. With True
        or False the choice is the leader; when the race ended with every
        survivor practically equivalent to the leader, the first of them in
        the grid's order.
    rope : float or tuple of (float, float), default=0.01
        Region of practical equivalence of two candidates' mean scores, in
        the scorer's units.
    threshold : float, default=0.999
        Posterior probability of "the leader is practically better" at which
        a candidate leaves; also the probability of "practically
        equivalent" at which the race ends with every survivor. With the
        defaults of ``min_folds`` and ``step``, the race drops the best
        candidate, or one practically equivalent to it, in at most 3% of the
        races of a simulation study with known truth (many candidates near
        the rope's edge; 0.99 dropped one in up to 21%:
        ``benchmarks/study_race_calibration.py``).
    min_folds : int, default=10
        Folds every candidate runs before the first look (one whole repeat of
        10-fold cross-validation).
    step : int, default=10
        Folds run between looks.
    prior : NormalGammaPrior, default=None
        Prior of the correlated t-test; None is the matching prior.
    n_jobs : int, default=None
        Fits run in parallel (joblib). The results do not depend on it.
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
    verbose : int, default=0
        Print each look's leader and drops.

    Attributes
    ----------
    cv_results_ : dict of numpy (masked) ndarrays
        As :class:`~sklearn.model_selection.GridSearchCV`'s: ``params``,
        ``param_*``, ``split{k}_test_score`` (NaN where the candidate had
        left), ``mean_test_score`` and ``std_test_score`` over the folds it
        ran, ``rank_test_score`` (the survivors by mean, then the dropped
        ones, the later first), the times and, with ``return_train_score``,
        the train scores. ``race_folds`` counts each candidate's folds, and
        ``race_dropped_at`` (masked for the survivors) says after how many
        folds it left.
    best_index_ : int
    best_params_ : dict
    best_score_ : float
        ``mean_test_score`` of ``best_index_`` (not set with a callable
        ``refit``, as in scikit-learn).
    best_estimator_ : estimator
        Refitted on the whole data (``refit`` not False).
    race_ : RaceRecord
        Every look, the drops with their probabilities, how the race ended.
    n_fits_ : int
        Fits run, the refit excluded (``race_.n_fits_exhaustive`` for the
        exhaustive search's).
    n_splits_ : int
    scorer_ : callable
    refit_time_ : float
    multimetric_ : bool
        Always False: the race runs on one metric.
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
    >>> from sklearn.pipeline import make_pipeline
    >>> from sklearn.preprocessing import StandardScaler
    >>> from sklearn_bayescmp.model_selection import RaceSearchCV
    >>> X, y = load_breast_cancer(return_X_y=True)
    >>> search = RaceSearchCV(
    ...     make_pipeline(StandardScaler(), LogisticRegression(max_iter=5000)),
    ...     {"logisticregression__C": [1e-4, 1e-3, 0.01, 0.1, 1]},
    ...     random_state=0,
    ... ).fit(X, y)
    >>> search.best_params_
    {'logisticregression__C': 1}
    >>> search.n_fits_ < search.race_.n_fits_exhaustive
    True
    """

    _parameter_constraints: dict = {
        "estimator": [HasMethods(["fit"])],
        "param_grid": [dict, list],
        "scoring": [StrOptions(set(get_scorer_names())), callable, None],
        "cv": ["cv_object"],
        "refit": ["boolean", callable],
        "rope": [Interval(Real, 0, None, closed="left"), "array-like"],
        "threshold": [Interval(Real, 0.5, 1, closed="right")],
        "min_folds": [Interval(Integral, 2, None, closed="left")],
        "step": [Interval(Integral, 1, None, closed="left")],
        "prior": [NormalGammaPrior, None],
        "n_jobs": [Integral, None],
        "pre_dispatch": [Integral, str],
        "random_state": ["random_state"],
        "error_score": [StrOptions({"raise"}), Real],
        "return_train_score": ["boolean"],
        "verbose": ["verbose"],
    }

    def __init__(
        self,
        estimator,
        param_grid,
        *,
        scoring=None,
        cv=None,
        refit=True,
        rope=0.01,
        threshold=0.999,
        min_folds=10,
        step=10,
        prior=None,
        n_jobs=None,
        pre_dispatch="2*n_jobs",
        random_state=None,
        error_score=np.nan,
        return_train_score=False,
        verbose=0,
    ):
        self.estimator = estimator
        self.param_grid = param_grid
        self.scoring = scoring
        self.cv = cv
        self.refit = refit
        self.rope = rope
        self.threshold = threshold
        self.min_folds = min_folds
        self.step = step
        self.prior = prior
        self.n_jobs = n_jobs
        self.pre_dispatch = pre_dispatch
        self.random_state = random_state
        self.error_score = error_score
        self.return_train_score = return_train_score
        self.verbose = verbose

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        inner = get_tags(self.estimator)
        tags.estimator_type = inner.estimator_type
        tags.classifier_tags = inner.classifier_tags
        tags.regressor_tags = inner.regressor_tags
        tags.input_tags.pairwise = inner.input_tags.pairwise
        tags.input_tags.sparse = inner.input_tags.sparse
        return tags

    def _scoring(self):
        return check_common_scoring({"estimator": self.estimator}, self.scoring)

    def get_metadata_routing(self):
        """Get metadata routing of this object, as ``GridSearchCV``'s.

        Returns
        -------
        routing : MetadataRouter
        """
        router = MetadataRouter(owner=self)
        router.add(
            estimator=self.estimator,
            method_mapping=MethodMapping().add(caller="fit", callee="fit"),
        )
        router.add(
            scorer=self._scoring().scorer,
            method_mapping=MethodMapping()
            .add(caller="score", callee="score")
            .add(caller="fit", callee="score"),
        )
        router.add(
            splitter=check_repeated_cv(self.cv, None, self.estimator, self.random_state),
            method_mapping=MethodMapping().add(caller="fit", callee="split"),
        )
        return router

    def _routed_params(self, params):
        """``(fit, split, score)`` metadata; without routing, as ``cross_validate``:
        ``groups`` to the splitter, the rest to the estimator's ``fit``."""
        if routing_enabled():
            routed = process_routing(self, "fit", **params)
            return (
                dict(routed.estimator.fit),
                dict(routed.splitter.split),
                dict(routed.scorer.score),
            )
        params = dict(params)
        groups = params.pop("groups", None)
        return params, {"groups": groups}, {}

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
            Metadata: ``groups`` for the splitter, and, as
            :class:`~sklearn.model_selection.GridSearchCV` routes them, the
            estimator's ``fit`` parameters and the scorer's.

        Returns
        -------
        self : object
        """
        rope = check_rope(self.rope)
        scoring = self._scoring()
        if scoring.multimetric:
            raise ValueError(
                "`scoring`: the race runs on one metric; got several. Pass one scorer, and "
                "compare the finished candidates on the others with compare_search_candidates."
            )
        candidates = list(ParameterGrid(self.param_grid))
        if not candidates:
            raise ValueError("`param_grid` gives no candidate; pass at least one.")
        X, y = indexable(X, y)
        fit_params, split_params, score_params = self._routed_params(params)
        splitter = check_repeated_cv(self.cv, y, self.estimator, self.random_state)
        splits = list(splitter.split(X, y, **split_params))
        if len(splits) < 2:
            raise ValueError(f"`cv` must give at least 2 splits to race on; got {len(splits)}.")
        n_splits, n_candidates = len(splits), len(candidates)
        n_train = np.array([len(train) for train, _ in splits], dtype=float)
        n_test = np.array([len(test) for _, test in splits], dtype=float)
        arrays = {
            name: np.full((n_candidates, n_splits), np.nan)
            for name in ("test", "train", "fit_time", "score_time")
        }
        failed = np.zeros((n_candidates, n_splits), dtype=bool)
        raised, errors = [], []
        race = Race(
            n_candidates, n_train, n_test, rope=rope, threshold=self.threshold, prior=self.prior
        )
        base = clone(self.estimator)
        parallel = Parallel(n_jobs=self.n_jobs, pre_dispatch=self.pre_dispatch)
        for start, end in fold_blocks(n_splits, self.min_folds, self.step):
            tasks = [(c, j) for c in race.alive for j in range(start, end)]
            outcomes = parallel(
                delayed(fit_and_score_one)(
                    clone(base).set_params(**clone(candidates[c], safe=False)),
                    X,
                    y,
                    *splits[j],
                    scoring,
                    fit_params,
                    score_params,
                    self.error_score,
                    train_score=self.return_train_score,
                )
                for c, j in tasks
            )
            for (c, j), outcome in zip(tasks, outcomes, strict=True):
                arrays["test"][c, j] = outcome.scores[0]
                if self.return_train_score:
                    arrays["train"][c, j] = outcome.train_scores[0]
                arrays["fit_time"][c, j] = outcome.fit_time
                arrays["score_time"][c, j] = outcome.score_time
                raised += [(category, message, "") for category, message in outcome.warnings]
                if outcome.error is not None:
                    failed[c, j] = True
                    errors.append((c, j, outcome.error))
            if end == n_splits:
                race.finish(arrays["test"], failed, end)
                break
            if not race.look(arrays["test"], failed, end):
                break
            if self.verbose:
                look = race.looks[-1] if race.looks else None
                print(
                    f"[RaceSearchCV] {end} folds: leader {getattr(look, 'leader', None)}, "
                    f"{len(race.alive)} left"
                )
        reissue(raised, where="fits")
        self._report_failures(errors, race.failed_out, candidates)
        folds = (~np.isnan(arrays["fit_time"])).sum(axis=1)
        self.n_splits_ = n_splits
        self.n_fits_ = int(folds.sum())
        self.multimetric_ = False
        self.scorer_ = scoring.scorer
        self.race_ = race.record(self.n_fits_, n_splits)
        self.cv_results_ = self._results(candidates, arrays, folds, race.dropped_at, race.alive)
        self._choose(candidates, race.alive, race.ended)
        if self.refit:
            self._refit(X, y, fit_params)
        return self

    def _report_failures(self, errors, failed_out, candidates):
        """One FitFailedWarning for the failed fits; another for candidates that left for it."""
        if not errors:
            return
        c, j, first = errors[0]
        warn(
            f"{len(errors)} fits failed (error_score={self.error_score!r}); their folds are left "
            f"out of those candidates' comparisons. The first: candidate {c} "
            f"({candidates[c]}), split {j}:\n{first.strip().splitlines()[-1]}",
            FitFailedWarning,
        )
        if failed_out:
            warn(
                f"{len(failed_out)} candidate(s) failed on every fold and left the race: "
                + ", ".join(f"{c} ({candidates[c]})" for c in failed_out)
                + ".",
                FitFailedWarning,
            )

    def _results(self, candidates, arrays, folds, dropped_at, alive):
        """``cv_results_`` in ``GridSearchCV``'s layout, with the race's columns."""
        results = {}
        ran = ~np.isnan(arrays["fit_time"])

        def store(name, values, splits=False):
            if splits:
                for j in range(values.shape[1]):
                    results[f"split{j}_{name}"] = values[:, j]
            # Over the folds each candidate ran, as GridSearchCV's over all of them (the
            # NaN of a failed fit kept, as there).
            rows = [row[done] for row, done in zip(values, ran, strict=True)]
            mean = np.array([np.average(row) if row.size else np.nan for row in rows])
            results[f"mean_{name}"] = mean
            results[f"std_{name}"] = np.array(
                [
                    np.sqrt(np.average((row - m) ** 2)) if row.size else np.nan
                    for row, m in zip(rows, mean, strict=True)
                ]
            )

        store("fit_time", arrays["fit_time"])
        store("score_time", arrays["score_time"])
        for key, values in _param_columns(candidates):
            results[key] = values
        results["params"] = candidates
        store("test_score", arrays["test"], splits=True)
        results["rank_test_score"] = _ranks(
            results["mean_test_score"], np.isin(np.arange(len(candidates)), alive), dropped_at
        )
        if self.return_train_score:
            store("train_score", arrays["train"], splits=True)
        results["race_folds"] = folds
        results["race_dropped_at"] = np.ma.MaskedArray(dropped_at, mask=dropped_at < 0)
        return results

    def _choose(self, candidates, alive, ended):
        """``best_index_``, ``best_params_`` and ``best_score_``."""
        if callable(self.refit):
            index = self.refit(self.cv_results_)
            if not isinstance(index, Integral) or not 0 <= index < len(candidates):
                raise ValueError(
                    f"`refit` returned {index!r}; it must return the index of a candidate, an "
                    f"int from 0 to {len(candidates) - 1}."
                )
        elif ended == "equivalent":
            index = int(alive.min())  # every survivor practically as good: the grid's first
        elif len(alive) == 1:
            index = int(alive[0])
        else:
            means = self.cv_results_["mean_test_score"][alive]
            index = int(alive[np.nanargmax(means)]) if np.isfinite(means).any() else 0
        self.best_index_ = int(index)
        self.best_params_ = candidates[self.best_index_]
        if not callable(self.refit):
            self.best_score_ = float(self.cv_results_["mean_test_score"][self.best_index_])

    def _refit(self, X, y, fit_params):
        self.best_estimator_ = clone(self.estimator).set_params(
            **clone(self.best_params_, safe=False)
        )
        start = time.perf_counter()
        if y is None:
            self.best_estimator_.fit(X, **fit_params)
        else:
            self.best_estimator_.fit(X, y, **fit_params)
        self.refit_time_ = time.perf_counter() - start
        if hasattr(self.best_estimator_, "feature_names_in_"):
            self.feature_names_in_ = self.best_estimator_.feature_names_in_

    # -- the chosen estimator's methods, as GridSearchCV delegates them -----------------

    def _check_refitted(self):
        check_is_fitted(self)
        if not self.refit:
            raise AttributeError(
                "This RaceSearchCV was fitted with refit=False: it has no best_estimator_ "
                "to predict with. Refit with refit=True."
            )

    predict = _delegated(
        "predict",
        "Predict with ``best_estimator_``.",
        "y_pred : ndarray of shape (n_samples,) or (n_samples, n_outputs)",
    )
    predict_proba = _delegated(
        "predict_proba",
        "Class probabilities of ``best_estimator_``.",
        "proba : ndarray of shape (n_samples, n_classes)",
    )
    predict_log_proba = _delegated(
        "predict_log_proba",
        "Log class probabilities of ``best_estimator_``.",
        "log_proba : ndarray of shape (n_samples, n_classes)",
    )
    decision_function = _delegated(
        "decision_function",
        "Decision function of ``best_estimator_``.",
        "scores : ndarray of shape (n_samples,) or (n_samples, n_classes)",
    )
    transform = _delegated(
        "transform",
        "Transform with ``best_estimator_``.",
        "X_new : ndarray of shape (n_samples, n_features_new)",
    )
    inverse_transform = _delegated(
        "inverse_transform",
        "Inverse transform with ``best_estimator_``.",
        "X_original : ndarray of shape (n_samples, n_features)",
    )
    score_samples = _delegated(
        "score_samples",
        "``score_samples`` of ``best_estimator_``.",
        "scores : ndarray of shape (n_samples,)",
    )

    def score(self, X, y=None, **params):
        """The race's scorer on ``best_estimator_`` (``scorer_``).

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            Data to score.
        y : array-like of shape (n_samples,) or (n_samples, n_outputs), default=None
            Targets, for a supervised scorer.
        **params : dict
            Passed to the scorer (with metadata routing enabled: what it requested).

        Returns
        -------
        float
        """
        self._check_refitted()
        if routing_enabled():
            params = process_routing(self, "score", **params).scorer.score
        args = (self.best_estimator_, X) if y is None else (self.best_estimator_, X, y)
        return self.scorer_(*args, **params)

    @property
    def classes_(self):
        """ndarray: The classes of ``best_estimator_``."""
        self._check_refitted()
        return self.best_estimator_.classes_

    @property
    def n_features_in_(self):
        """int: Features seen by ``best_estimator_``."""
        self._check_refitted()
        return self.best_estimator_.n_features_in_


def _chosen_estimator_has(search, name):
    """Whether the search can offer method ``name``: that of ``best_estimator_`` once
    refitted, of ``estimator`` before (an AttributeError says why not)."""
    if hasattr(search, "best_estimator_"):
        getattr(search.best_estimator_, name)
    else:
        if hasattr(search, "race_") and not search.refit:
            search._check_refitted()
        getattr(search.estimator, name)
    return True


def _param_columns(candidates):
    """``param_<name>`` columns: masked where a candidate lacks the parameter, as
    ``GridSearchCV`` gives them (numeric dtype where every value is a number)."""
    names = dict.fromkeys(name for params in candidates for name in params)
    for name in names:
        values = [params[name] for params in candidates if name in params]
        try:
            array = np.array(values)
            dtype = array.dtype if array.dtype.kind != "U" and array.ndim == 1 else object
        except ValueError:
            dtype = object
        column = np.ma.MaskedArray(np.empty(len(candidates), dtype=dtype), mask=True)
        for index, params in enumerate(candidates):
            if name in params:
                column[index] = params[name]
        yield f"param_{name}", column


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
