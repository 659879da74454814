"""Tests of RaceSearchCV: a scikit-learn search that stops spending folds on the practically
worse."""

import warnings

import numpy as np
import pytest
import sklearn
from sklearn.base import BaseEstimator, ClassifierMixin, clone
from sklearn.datasets import load_breast_cancer, make_classification
from sklearn.dummy import DummyClassifier
from sklearn.exceptions import FitFailedWarning
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import get_scorer
from sklearn.model_selection import (
    BaseCrossValidator,
    GridSearchCV,
    GroupKFold,
    RepeatedStratifiedKFold,
)
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.tree import DecisionTreeClassifier
from sklearn.utils.estimator_checks import parametrize_with_checks

from sklearn_bayescmp.model_selection import RaceSearchCV, bayesian_refit
from sklearn_bayescmp.model_selection._race import Race, fold_blocks, look_threshold
from sklearn_bayescmp.stats import bayesian_correlated_ttest
from sklearn_bayescmp.utils._sklearn import BaseSearchCV
from tests._messages import naming

GRID = {"logisticregression__C": [1e-4, 1e-3, 0.01, 0.1, 1.0]}


def _logreg():
    return make_pipeline(StandardScaler(), LogisticRegression(max_iter=5000))


@pytest.fixture(scope="module")
def cancer():
    return load_breast_cancer(return_X_y=True)


@pytest.fixture(scope="module")
def raced(cancer):
    return RaceSearchCV(_logreg(), GRID, random_state=0).fit(*cancer)


def _cv(n_repeats=4):
    return RepeatedStratifiedKFold(n_splits=5, n_repeats=n_repeats, random_state=0)


def _scores(search, metric="score"):
    """Every candidate's test score on every split from ``cv_results_`` (NaN: not run)."""
    results = search.cv_results_
    size = sum(key.startswith("split") and key.endswith(f"_test_{metric}") for key in results)
    table = np.full((len(search.race_.folds), search.n_splits_), np.nan)
    for row, (candidate, first) in enumerate(
        zip(results["race_candidate"], results["race_first_split"], strict=True)
    ):
        for k in range(size):
            table[candidate, first + k] = results[f"split{k}_test_{metric}"][row]
    return table


# --------------------------------------------------------------------------
# the race
# --------------------------------------------------------------------------


@pytest.mark.long
def test_it_is_a_scikit_learn_search(raced):
    assert isinstance(raced, BaseSearchCV)


@pytest.mark.long
def test_the_practically_worse_leave_and_save_fits(raced):
    race, results = raced.race_, raced.cv_results_
    assert raced.best_params_ == {"logisticregression__C": 1.0}
    assert raced.n_fits_ == race.folds.sum() == len(results["params"]) * 5
    assert raced.n_fits_ < race.n_fits_exhaustive == 500
    # C = 1e-4 left at the first look (5 folds), C = 1e-3 at the third; they ran no more.
    assert race.looks[0].n_folds == 5 and race.looks[0].dropped.tolist() == [0]
    assert race.dropped_at.tolist() == [5, 15, -1, -1, -1]
    assert race.folds.tolist() == [5, 15, 100, 100, 100]
    scores = _scores(raced)
    assert np.isnan(scores[0, 5:]).all() and np.isfinite(scores[0, :5]).all()
    assert np.isfinite(scores[2:]).all()
    # One row per candidate and block of five folds, as HalvingGridSearchCV's per round.
    assert np.bincount(results["race_candidate"]).tolist() == [1, 3, 20, 20, 20]
    # The survivors rank first by their mean over every fold, the later dropped next.
    pairs = zip(results["race_candidate"], results["race_rank"], strict=True)
    rank = {int(c): int(r) for c, r in pairs}
    assert [rank[c] for c in range(5)] == [5, 4, 3, 2, 1]
    means = np.nanmean(scores, axis=1)
    np.testing.assert_allclose(results["race_mean_test_score"], means[results["race_candidate"]])
    assert raced.best_score_ == pytest.approx(means[4])
    # The refitted row is the chosen candidate's last block.
    assert results["race_candidate"][raced.best_index_] == race.chosen == 4
    assert results["race_first_split"][raced.best_index_] == 95


@pytest.mark.long
def test_a_drop_is_the_public_correlated_t_test_of_the_folds_run(raced, cancer):
    race, scores = raced.race_, _scores(raced)
    cv = RepeatedStratifiedKFold(n_splits=10, n_repeats=10, random_state=0)
    splits = list(cv.split(*cancer))
    n_train = np.array([len(train) for train, _ in splits])
    n_test = np.array([len(test) for _, test in splits])
    assert len(race.looks) >= 3
    for look in race.looks:
        n = look.n_folds
        for k, candidate in enumerate(look.candidates):
            alone = bayesian_correlated_ttest(
                scores[look.leader, :n] - scores[candidate, :n],
                n_train=n_train[:n],
                n_test=n_test[:n],
                rope=0.01,
            )
            assert look.prob_a_better[k] == alone.prob_a_better
            assert look.prob_equivalent[k] == alone.prob_equivalent
            dropped = alone.prob_a_better >= race.look_threshold and n < 100
            assert (candidate in look.dropped) == dropped


def test_the_error_is_spent_over_the_looks():
    assert fold_blocks(30, 5, 5) == [(0, 5), (5, 10), (10, 15), (15, 20), (20, 25), (25, 30)]
    assert fold_blocks(7, 10, 3) == [(0, 7)]
    assert fold_blocks(25, 10, 10) == [(0, 10), (10, 20), (20, 25)]
    # Five looks on 10 x 3 folds, nineteen on 10 x 10: each look's share of the error.
    assert look_threshold(0.95, 30, 5, 5) == pytest.approx(1 - 0.05 / 5)
    assert look_threshold(0.95, 100, 5, 5) == pytest.approx(1 - 0.05 / 19)
    assert look_threshold(0.95, 7, 10, 3) == pytest.approx(0.95)  # no look at all


def test_a_short_budget_looks_less_and_drops_sooner(cancer):
    raced = RaceSearchCV(_logreg(), GRID, cv=_cv(2)).fit(*cancer)
    assert raced.race_.look_threshold == pytest.approx(1 - 0.05 / 1)
    assert raced.race_.dropped_at[0] == 5


@pytest.mark.long
def test_without_drops_the_scores_are_grid_search_cv_s(cancer):
    # min_folds = every fold: no look, the standing recorded after the last fold.
    options = dict(cv=_cv(), return_train_score=True)
    raced = RaceSearchCV(_logreg(), GRID, min_folds=20, **options).fit(*cancer)
    grid = GridSearchCV(_logreg(), GRID, **options).fit(*cancer)
    (last,) = raced.race_.looks
    assert last.n_folds == 20 and last.dropped.size == 0 and raced.n_fits_ == 100
    assert last.prob_a_better.max() >= 0.99  # practically worse, but nothing left to save
    exhaustive = np.array([grid.cv_results_[f"split{j}_test_score"] for j in range(20)]).T
    np.testing.assert_array_equal(_scores(raced), exhaustive)
    assert raced.best_params_ == grid.best_params_
    assert raced.best_score_ == pytest.approx(grid.best_score_)
    assert "split0_train_score" in raced.cv_results_


def test_a_rope_so_wide_that_nothing_is_dropped_ends_as_equivalent(cancer):
    raced = RaceSearchCV(_logreg(), GRID, cv=_cv(), rope=1.0).fit(*cancer)
    assert raced.race_.ended == "equivalent" and len(raced.race_.survivors) == 5
    assert raced.n_fits_ == 25  # every candidate on the first five folds, then the end
    assert raced.best_params_ == {"logisticregression__C": 1e-4}  # the first in the grid


@pytest.mark.long
def test_results_do_not_depend_on_n_jobs(cancer):
    one = RaceSearchCV(_logreg(), GRID, cv=_cv(), n_jobs=1).fit(*cancer)
    two = RaceSearchCV(_logreg(), GRID, cv=_cv(), n_jobs=2).fit(*cancer)
    for key, value in one.cv_results_.items():
        if "time" not in key and key != "params":
            np.testing.assert_array_equal(two.cv_results_[key], value, err_msg=key)
    assert one.best_index_ == two.best_index_ and one.n_fits_ == two.n_fits_
    assert [look.dropped.tolist() for look in one.race_.looks] == [
        look.dropped.tolist() for look in two.race_.looks
    ]


def test_the_race_on_stored_scores():
    # One candidate far behind, one equal: the first leaves at the first look.
    rng = np.random.default_rng(0)
    scores = 0.9 + 0.01 * rng.standard_normal((3, 20))
    scores[1] -= 0.2
    race = Race(3, np.full(20, 9.0), np.full(20, 1.0), rope=(-0.01, 0.01), threshold=0.99)
    assert race.look(scores, np.zeros(scores.shape, bool), 10)
    assert race.dropped_at.tolist() == [-1, 10, -1]


# --------------------------------------------------------------------------
# what comes from scikit-learn's search: metrics, failures, messages, routing
# --------------------------------------------------------------------------


@pytest.mark.long
def test_several_metrics_race_on_the_one_refit_names(cancer):
    scoring = {"acc": "accuracy", "auc": "roc_auc"}
    raced = RaceSearchCV(_logreg(), GRID, cv=_cv(), scoring=scoring, refit="auc").fit(*cancer)
    assert {"split0_test_acc", "split0_test_auc", "mean_test_acc"} <= set(raced.cv_results_)
    look = raced.race_.looks[0]
    auc = _scores(raced, "auc")
    n = look.n_folds
    splits = list(_cv().split(*cancer))[:n]
    sizes = {
        "n_train": [len(train) for train, _ in splits],
        "n_test": [len(test) for _, test in splits],
    }
    for k, candidate in enumerate(look.candidates):
        alone = bayesian_correlated_ttest(auc[look.leader, :n] - auc[candidate, :n], rope=0.01,
                                          **sizes)  # fmt: skip
        assert look.prob_a_better[k] == alone.prob_a_better
    assert raced.best_score_ == pytest.approx(np.nanmean(auc[raced.race_.chosen]))
    with pytest.raises(ValueError, match="`refit`"):
        RaceSearchCV(_logreg(), GRID, cv=_cv(), scoring=scoring).fit(*cancer)
    # A name that is not one of the metrics, in a dict or a list: refused, naming them.
    for several, metric in ((scoring, "'auc'"), (["accuracy", "roc_auc"], "'roc_auc'")):
        with pytest.raises(ValueError, match=naming("`refit`", "'f1'", metric)):
            RaceSearchCV(_logreg(), GRID, cv=_cv(), scoring=several, refit="f1").fit(*cancer)
    # A metric that is not a share needs a rope in its units, even beside one that is.
    with pytest.raises(ValueError, match="`rope`"):
        RaceSearchCV(_logreg(), GRID, cv=_cv(), scoring={"acc": "accuracy", "ll": "neg_log_loss"},
                     refit="ll").fit(*cancer)  # fmt: skip


class AlwaysFails(ClassifierMixin, BaseEstimator):
    def __init__(self, fail=True):
        self.fail = fail

    def fit(self, X, y):
        if self.fail:
            raise ValueError("this candidate cannot be fitted")
        self.classes_ = np.unique(y)
        return self

    def predict(self, X):
        return np.full(len(X), self.classes_[0])


def test_a_candidate_that_always_fails_leaves_with_a_warning(cancer):
    X, y = cancer
    with pytest.warns(FitFailedWarning) as caught:
        search = RaceSearchCV(AlwaysFails(), {"fail": [True, False]}, cv=_cv()).fit(X, y)
    messages = " ".join(str(w.message) for w in caught)
    assert "cannot be fitted" in messages and "left the race" in messages
    assert search.race_.failed.tolist() == [0] and search.race_.folds[0] == 5
    assert search.best_params_ == {"fail": False}
    assert np.isnan(_scores(search)[0, :5]).all()
    with pytest.raises(ValueError, match="cannot be fitted"):
        RaceSearchCV(AlwaysFails(), {"fail": [True, False]}, cv=_cv(), error_score="raise").fit(
            X, y
        )


def test_error_score_as_a_number_is_a_score(cancer):
    X, y = cancer
    search = RaceSearchCV(AlwaysFails(), {"fail": [True, False]}, cv=_cv(), error_score=0.0)
    with pytest.warns(FitFailedWarning):
        search.fit(X, y)
    # 0 is a score the race can compare: the failing candidate is practically worse.
    assert search.race_.failed.size == 0 and search.race_.dropped_at[0] == 5


def test_a_constant_candidate_leaves(cancer):
    X, y = cancer
    search = RaceSearchCV(
        make_pipeline(StandardScaler(), DummyClassifier()),
        [{"dummyclassifier__strategy": ["most_frequent", "prior"]}],
        cv=_cv(),
    ).fit(X, y)
    # Two constant predictors with the same scores on every fold: equivalent, no crash.
    assert search.race_.ended == "equivalent" and search.best_params_ == {
        "dummyclassifier__strategy": "most_frequent"
    }


def test_verbose_says_each_look(cancer, capsys):
    raced = RaceSearchCV(_logreg(), GRID, cv=_cv(), verbose=1).fit(*cancer)
    lines = [line for line in capsys.readouterr().out.splitlines() if "[RaceSearchCV]" in line]
    looks = [look for look in raced.race_.looks if look.n_folds < 20]
    assert len(lines) == len(looks) >= 1
    assert lines[0].startswith(f"[RaceSearchCV] look after 5 folds: leader {looks[0].leader}")


class _Recorded(BaseCrossValidator):
    """A splitter that keeps the groups it was given."""

    def __init__(self):
        self.seen = []

    def split(self, X, y=None, groups=None):
        self.seen.append(groups)
        yield from GroupKFold(4).split(X, y, groups)

    def get_n_splits(self, X=None, y=None, groups=None):
        return 4


def test_groups_reach_the_splitter_as_in_grid_search_cv(cancer):
    X, y = cancer
    groups = np.arange(len(y)) % 7
    splitter = _Recorded()
    raced = RaceSearchCV(_logreg(), GRID, cv=splitter, min_folds=2, step=1).fit(X, y, groups=groups)
    np.testing.assert_array_equal(splitter.seen[0], groups)
    grid = GridSearchCV(_logreg(), GRID, cv=GroupKFold(4)).fit(X, y, groups=groups)
    exhaustive = np.array([grid.cv_results_[f"split{j}_test_score"] for j in range(4)]).T
    ran = np.isfinite(_scores(raced))
    np.testing.assert_array_equal(_scores(raced)[ran], exhaustive[ran])


def test_metadata_routing_reaches_the_estimator_and_the_scorer():
    X, y = make_classification(n_samples=120, random_state=0)
    weight = np.random.default_rng(0).uniform(0.5, 2.0, len(y))
    with sklearn.config_context(enable_metadata_routing=True):
        estimator = LogisticRegression().set_fit_request(sample_weight=True)
        scorer = get_scorer("accuracy").set_score_request(sample_weight=True)
        raced = RaceSearchCV(estimator, {"C": [0.1, 1.0]}, cv=_cv(2), scoring=scorer,
                             min_folds=10).fit(X, y, sample_weight=weight)  # fmt: skip
        grid = GridSearchCV(estimator, {"C": [0.1, 1.0]}, cv=_cv(2), scoring=scorer).fit(
            X, y, sample_weight=weight
        )
    exhaustive = np.array([grid.cv_results_[f"split{j}_test_score"] for j in range(10)]).T
    np.testing.assert_array_equal(_scores(raced), exhaustive)


def test_sample_weight_without_routing_reaches_fit_only(cancer):
    X, y = cancer
    weight = np.random.default_rng(0).uniform(0.5, 2.0, len(y))
    options = dict(cv=_cv(1))
    tree = DecisionTreeClassifier(random_state=0)  # takes sample_weight, fits fast
    raced = RaceSearchCV(tree, {"max_depth": [2, 4]}, **options)
    grid = GridSearchCV(tree, {"max_depth": [2, 4]}, **options)
    raced.fit(X, y, sample_weight=weight)
    grid.fit(X, y, sample_weight=weight)
    exhaustive = np.array([grid.cv_results_[f"split{j}_test_score"] for j in range(5)]).T
    np.testing.assert_array_equal(_scores(raced), exhaustive)


# --------------------------------------------------------------------------
# refit rules, delegation, options, estimator checks
# --------------------------------------------------------------------------


@pytest.mark.long
def test_refit_rules(cancer):
    X, y = cancer
    refit = bayesian_refit(
        rope=0.01,
        threshold=0.9,
        test_train_ratio=1 / 9,
        complexity=lambda p: p["logisticregression__C"],
    )
    chosen = RaceSearchCV(_logreg(), GRID, refit=refit, random_state=0).fit(X, y)
    assert chosen.best_params_["logisticregression__C"] < 1.0  # simpler, not worse
    assert not hasattr(chosen, "best_score_")  # as scikit-learn with a callable
    quick = dict(cv=_cv(2))
    without = RaceSearchCV(_logreg(), GRID, refit=False, **quick).fit(X, y)
    assert not hasattr(without, "best_estimator_")
    with pytest.raises(AttributeError, match="predict"):
        without.predict(X)
    with pytest.raises(IndexError, match="`refit` returned 99"):
        RaceSearchCV(_logreg(), GRID, refit=lambda r: 99, **quick).fit(X, y)


@pytest.mark.long
def test_delegates_to_the_refitted_estimator(raced, cancer):
    X, y = cancer
    assert raced.score(X, y) == pytest.approx(raced.best_estimator_.score(X, y))
    np.testing.assert_array_equal(raced.predict(X), raced.best_estimator_.predict(X))
    assert raced.predict_proba(X).shape == (len(X), 2)
    assert raced.classes_.tolist() == [0, 1] and raced.n_features_in_ == 30
    assert not hasattr(RaceSearchCV(DecisionTreeClassifier(), {}), "transform")


@pytest.mark.parametrize(
    "options, message",
    [
        ({"threshold": 0.4}, "threshold"),
        ({"threshold": 1.0}, "threshold"),
        ({"min_folds": 1}, "min_folds"),
        ({"step": 0}, "step"),
        ({"rope": -0.1}, "rope"),
        ({"param_grid": {"logisticregression__C": []}}, "logisticregression__C"),
    ],
)
def test_bad_options_name_themselves(cancer, options, message):
    params = {"estimator": _logreg(), "param_grid": GRID, "cv": _cv()} | options
    with pytest.raises((ValueError, TypeError), match=message):
        RaceSearchCV(**params).fit(*cancer)


def test_in_a_pipeline_under_clone():
    search = RaceSearchCV(_logreg(), GRID, random_state=0)
    assert clone(search).get_params()["threshold"] == 0.95
    assert search.get_params()["estimator__logisticregression__max_iter"] == 5000


def _listed(mark):
    """The checks as a list: scikit-learn 1.6 gives pytest a generator, which pytest 9 refuses."""
    argnames, argvalues = mark.args
    return pytest.mark.parametrize(argnames, list(argvalues), **mark.kwargs)


#: As scikit-learn checks its own searches: fit errors raised, not scored.
_CHECKED = RaceSearchCV(
    LogisticRegression(), {"C": [0.1, 1.0]}, cv=3, min_folds=2, step=1, error_score="raise"
)


@_listed(parametrize_with_checks([_CHECKED]))
def test_scikit_learn_estimator_checks(estimator, check):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", (FitFailedWarning, UserWarning))
        # check_cv's type_of_target casting an all-inf y (GridSearchCV's too), before
        # the check's expected ValueError.
        warnings.filterwarnings("ignore", "invalid value encountered in cast", RuntimeWarning)
        check(estimator)


# --------------------------------------------------------------------------
# the display
# --------------------------------------------------------------------------


def test_the_display_draws_every_candidate_and_names_values_as_written(cancer):
    pytest.importorskip("matplotlib")
    import matplotlib.pyplot as plt

    from sklearn_bayescmp.plotting import RaceDisplay

    grid = {"logisticregression__C": np.logspace(-4, 0, 3)}  # NumPy floats, as people write
    search = RaceSearchCV(_logreg(), grid, cv=_cv(2)).fit(*cancer)
    display = RaceDisplay.from_search(search)
    assert set(display.lines_) == set(range(3))
    assert display.names == [f"logisticregression__C={c}" for c in ("0.0001", "0.01", "1")]
    assert set(display.dropped) == set(np.flatnonzero(search.race_.dropped_at > 0))
    # The last look is after every fold when the folds ran out.
    assert display.folds[-1] == 10 or search.race_.ended != "folds"
    plt.close(display.figure_)


def test_a_long_name_goes_one_parameter_a_line_never_inside_a_value():
    pytest.importorskip("matplotlib")
    import matplotlib.pyplot as plt

    from sklearn_bayescmp.plotting import RaceDisplay

    names = [
        "mlpclassifier__hidden_layer_sizes=(100, 50), mlpclassifier__alpha=0.0001",
        "mlpclassifier__hidden_layer_sizes=(10,), mlpclassifier__alpha=0.01",
    ]
    looks, zeros = np.arange(2), np.zeros(2)
    series = {0: (looks, zeros, zeros, zeros), 1: (looks, zeros + 0.02, zeros, zeros + 0.04)}
    display = RaceDisplay(folds=np.array([10, 20]), series=series, dropped={}, survivors=[0, 1],
                          chosen=0, names=names, rope=(-0.01, 0.01)).plot()  # fmt: skip
    labels = sorted(text.get_text() for text in display.ax_.texts if "alpha" in text.get_text())
    assert labels == [
        "mlpclassifier__hidden_layer_sizes=(10,),\nmlpclassifier__alpha=0.01",
        "mlpclassifier__hidden_layer_sizes=(100, 50),\nmlpclassifier__alpha=0.0001",
    ]
    plt.close(display.figure_)


def test_the_survivors_compare_pairwise_and_a_dropped_candidate_is_refused(cancer):
    from sklearn_bayescmp.model_selection import compare_search_candidates

    raced = RaceSearchCV(_logreg(), GRID, cv=_cv(), random_state=0).fit(*cancer)
    survivors = raced.race_.survivors.tolist()
    comparison = compare_search_candidates(raced, *cancer)
    names = {f"logisticregression__C={GRID['logisticregression__C'][c]}" for c in survivors}
    assert set(comparison.models) == names
    # Each pair is the correlated t-test of the two candidates' scores on every fold.
    scores = _scores(raced)
    a, b = survivors[-2:]
    result = comparison.result(
        f"logisticregression__C={GRID['logisticregression__C'][a]}",
        f"logisticregression__C={GRID['logisticregression__C'][b]}",
    )
    splits = list(_cv().split(*cancer))
    alone = bayesian_correlated_ttest(
        scores[a] - scores[b],
        n_train=[len(train) for train, _ in splits],
        n_test=[len(test) for _, test in splits],
        rope=0.01,
    )
    assert result.prob_a_better == pytest.approx(alone.prob_a_better, abs=1e-12)
    dropped = int(np.flatnonzero(raced.race_.dropped_at > 0)[0])
    with pytest.raises(ValueError, match=naming("`candidates`", f"[{dropped}]")):
        compare_search_candidates(raced, *cancer, candidates=[dropped, survivors[0]])
