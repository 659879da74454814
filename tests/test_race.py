"""Tests of RaceSearchCV: a grid search that stops spending folds on the practically worse."""

import warnings

import numpy as np
import pytest
import sklearn
from sklearn.base import BaseEstimator, ClassifierMixin, clone
from sklearn.datasets import load_breast_cancer, make_classification
from sklearn.dummy import DummyClassifier
from sklearn.exceptions import FitFailedWarning
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import GridSearchCV, RepeatedStratifiedKFold
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.tree import DecisionTreeClassifier
from sklearn.utils.estimator_checks import parametrize_with_checks

from sklearn_bayescmp import CVDifferences
from sklearn_bayescmp.model_selection import RaceSearchCV, bayesian_refit
from sklearn_bayescmp.model_selection._race import Race, fold_blocks
from sklearn_bayescmp.stats import bayesian_correlated_ttest

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


# --------------------------------------------------------------------------
# the race
# --------------------------------------------------------------------------


def test_the_practically_worse_leave_and_save_fits(raced):
    race = raced.race_
    results = raced.cv_results_
    assert raced.best_params_ == {"logisticregression__C": 1.0}
    assert raced.n_fits_ == results["race_folds"].sum() < race.n_fits_exhaustive == 500
    # The smallest C left at the first look, after 10 folds, the next after 20; they ran
    # no more.
    assert [(look.n_folds, look.dropped.tolist()) for look in race.looks[:2]] == [
        (10, [0]),
        (20, [1]),
    ]
    assert results["race_folds"].tolist() == [10, 20, 100, 100, 100]
    assert results["race_dropped_at"].tolist()[:2] == [10, 20]
    assert np.isnan(results["split20_test_score"][:2]).all()
    assert not np.isnan(results["split10_test_score"][1])
    assert np.ma.is_masked(results["race_dropped_at"][4])  # C=1 is still in
    # The dropped rank below every survivor, the later one first.
    assert results["rank_test_score"][:2].tolist() == [5, 4]
    assert raced.best_score_ == results["mean_test_score"][raced.best_index_]


def test_a_drop_is_the_correlated_t_test_of_the_folds_run(raced, cancer):
    look = raced.race_.looks[0]
    results = raced.cv_results_
    leader = [results[f"split{j}_test_score"][look.leader] for j in range(10)]
    cv = RepeatedStratifiedKFold(n_splits=10, n_repeats=10, random_state=0)
    splits = list(cv.split(*cancer))[:10]
    sizes = {
        "n_train": [len(train) for train, _ in splits],
        "n_test": [len(test) for _, test in splits],
    }
    for k, candidate in enumerate(look.candidates):
        scores = [results[f"split{j}_test_score"][candidate] for j in range(10)]
        record = CVDifferences(np.subtract(leader, scores), **sizes)
        alone = bayesian_correlated_ttest(record, rope=0.01)
        assert look.prob_a_better[k] == pytest.approx(alone.prob_a_better, abs=1e-9)
        assert look.prob_equivalent[k] == pytest.approx(alone.prob_equivalent, abs=1e-9)
        assert (candidate in look.dropped) == (alone.prob_a_better >= 0.999)


def test_without_drops_the_results_are_grid_search_cv_s(cancer):
    # min_folds = every fold: one look, at the end, which drops no one (no fold is left
    # to save) and records the standing.
    options = dict(cv=_cv(), return_train_score=True)
    raced = RaceSearchCV(_logreg(), GRID, min_folds=20, **options).fit(*cancer)
    grid = GridSearchCV(_logreg(), GRID, **options).fit(*cancer)
    (last,) = raced.race_.looks
    assert last.n_folds == 20 and last.dropped.size == 0 and raced.n_fits_ == 100
    assert last.prob_a_better.max() >= 0.999  # practically worse, but not dropped at the end
    _assert_same_results(raced.cv_results_, grid.cv_results_)
    assert raced.best_index_ == grid.best_index_ and raced.best_score_ == grid.best_score_


def test_a_rope_so_wide_that_nothing_is_dropped_ends_as_equivalent(cancer):
    raced = RaceSearchCV(_logreg(), GRID, cv=_cv(), rope=1.0, min_folds=5, step=5).fit(*cancer)
    grid = GridSearchCV(_logreg(), GRID, cv=_cv()).fit(*cancer)
    assert raced.race_.ended == "equivalent" and len(raced.race_.survivors) == 5
    # The folds run are GridSearchCV's, score for score; the first in the grid's order wins.
    for j in range(5):
        key = f"split{j}_test_score"
        np.testing.assert_array_equal(raced.cv_results_[key], grid.cv_results_[key])
    assert raced.best_index_ == 0


def _assert_same_results(ours, theirs):
    assert set(theirs) <= set(ours)
    assert set(ours) - set(theirs) == {"race_folds", "race_dropped_at"}
    for key, value in theirs.items():
        if "time" in key:
            assert ours[key].shape == value.shape
        elif key == "params":
            assert ours[key] == value
        elif isinstance(value, np.ma.MaskedArray):
            assert ours[key].dtype == value.dtype
            np.testing.assert_array_equal(ours[key].mask, value.mask)
            np.testing.assert_array_equal(ours[key].data, value.data)
        else:
            np.testing.assert_array_equal(ours[key], value, err_msg=key)


def test_results_do_not_depend_on_n_jobs(cancer):
    options = dict(cv=_cv(), min_folds=5, step=5)
    one = RaceSearchCV(_logreg(), GRID, n_jobs=1, **options).fit(*cancer)
    two = RaceSearchCV(_logreg(), GRID, n_jobs=2, **options).fit(*cancer)
    for key, value in one.cv_results_.items():
        if "time" not in key and key != "params":
            np.testing.assert_array_equal(two.cv_results_[key], value, err_msg=key)
    assert one.best_index_ == two.best_index_ and one.n_fits_ == two.n_fits_
    assert [look.dropped.tolist() for look in one.race_.looks] == [
        look.dropped.tolist() for look in two.race_.looks
    ]


def test_fold_blocks_and_the_race_on_stored_scores():
    assert fold_blocks(100, 10, 10)[:2] == [(0, 10), (10, 20)] and fold_blocks(100, 10, 10)[-1] == (
        90,
        100,
    )
    assert fold_blocks(7, 10, 3) == [(0, 7)]
    assert fold_blocks(25, 10, 10) == [(0, 10), (10, 20), (20, 25)]
    # One candidate far behind, one equal: the first leaves, the race then ends.
    rng = np.random.default_rng(0)
    scores = 0.9 + 0.01 * rng.standard_normal((3, 20))
    scores[1] -= 0.2
    race = Race(3, np.full(20, 9.0), np.full(20, 1.0), rope=(-0.01, 0.01), threshold=0.99)
    assert race.look(scores, np.zeros(scores.shape, bool), 10)
    assert race.dropped_at.tolist() == [-1, 10, -1]


# --------------------------------------------------------------------------
# hostile candidates, refit rules, delegation
# --------------------------------------------------------------------------


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
        search = RaceSearchCV(
            AlwaysFails(), {"fail": [True, False]}, cv=_cv(), min_folds=5, step=5
        ).fit(X, y)
    messages = " ".join(str(w.message) for w in caught)
    assert "cannot be fitted" in messages and "left the race" in messages
    assert search.race_.failed.tolist() == [0]
    assert search.best_params_ == {"fail": False}
    assert np.isnan(search.cv_results_["mean_test_score"][0])
    with pytest.raises(ValueError, match="cannot be fitted"):
        RaceSearchCV(AlwaysFails(), {"fail": [True, False]}, cv=_cv(), error_score="raise").fit(
            X, y
        )


def test_a_constant_candidate_leaves(cancer):
    X, y = cancer
    search = RaceSearchCV(
        make_pipeline(StandardScaler(), DummyClassifier()),
        [{"dummyclassifier__strategy": ["most_frequent", "prior"]}],
        cv=_cv(),
        min_folds=5,
        step=5,
    ).fit(X, y)
    # Two constant predictors with the same scores on every fold: equivalent, no crash.
    assert search.race_.ended == "equivalent" and search.best_index_ == 0


def test_refit_rules(cancer):
    X, y = cancer
    refit = bayesian_refit(
        rope=0.01,
        threshold=0.9,
        test_train_ratio=1 / 9,
        complexity=lambda p: p["logisticregression__C"],
    )
    chosen = RaceSearchCV(_logreg(), GRID, refit=refit, random_state=0).fit(X, y)
    # C = 0.1 is not practically worse than the leader (C = 1) with probability 0.94.
    assert chosen.best_params_ == {"logisticregression__C": 0.1}
    assert not hasattr(chosen, "best_score_")  # as scikit-learn with a callable
    quick = dict(cv=_cv(2), min_folds=5, step=5)  # what follows does not need 100 folds
    without = RaceSearchCV(_logreg(), GRID, refit=False, **quick).fit(X, y)
    assert not hasattr(without, "best_estimator_")
    with pytest.raises(AttributeError, match="predict") as raised:
        without.predict(X)
    assert "refit=False" in str(raised.value.__cause__)  # the reason, chained
    with pytest.raises(ValueError, match="`refit` returned"):
        RaceSearchCV(_logreg(), GRID, refit=lambda r: 99, **quick).fit(X, y)


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
        ({"scoring": ["accuracy", "roc_auc"]}, "scoring"),
        ({"threshold": 0.4}, "threshold"),
        ({"min_folds": 1}, "min_folds"),
        ({"step": 0}, "step"),
        ({"rope": -0.1}, "rope"),
    ],
)
def test_bad_options_name_themselves(cancer, options, message):
    with pytest.raises((ValueError, TypeError), match=message):
        RaceSearchCV(_logreg(), GRID, cv=_cv(), **options).fit(*cancer)


def test_metadata_routing_reaches_the_estimator_and_the_scorer():
    X, y = make_classification(n_samples=120, random_state=0)
    weight = np.random.default_rng(0).uniform(0.5, 2.0, len(y))
    with sklearn.config_context(enable_metadata_routing=True):
        estimator = LogisticRegression().set_fit_request(sample_weight=True)
        from sklearn.metrics import get_scorer

        scorer = get_scorer("accuracy").set_score_request(sample_weight=True)
        options = dict(cv=_cv(2), scoring=scorer, min_folds=10)
        raced = RaceSearchCV(estimator, {"C": [0.1, 1.0]}, **options).fit(
            X, y, sample_weight=weight
        )
        grid = GridSearchCV(estimator, {"C": [0.1, 1.0]}, cv=_cv(2), scoring=scorer).fit(
            X, y, sample_weight=weight
        )
    np.testing.assert_array_equal(
        raced.cv_results_["split0_test_score"], grid.cv_results_["split0_test_score"]
    )


def test_in_a_pipeline_under_clone(cancer):
    search = RaceSearchCV(_logreg(), GRID, random_state=0)
    assert clone(search).get_params()["threshold"] == 0.999
    assert search.get_params()["estimator__logisticregression__max_iter"] == 5000


def _listed(mark):
    """The checks as a list: scikit-learn 1.6 gives pytest a generator, which pytest 9 refuses."""
    argnames, argvalues = mark.args
    return pytest.mark.parametrize(argnames, list(argvalues), **mark.kwargs)


@_listed(
    parametrize_with_checks(
        [RaceSearchCV(LogisticRegression(), {"C": [0.1, 1.0]}, cv=3, min_folds=2, step=1)]
    )
)
def test_scikit_learn_estimator_checks(estimator, check):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", (FitFailedWarning, UserWarning))
        # check_cv's type_of_target casting an all-inf y (GridSearchCV's too), before
        # the check's expected ValueError.
        warnings.filterwarnings("ignore", "invalid value encountered in cast", RuntimeWarning)
        check(estimator)


def test_the_display_draws_every_candidate_and_names_values_as_written(cancer):
    pytest.importorskip("matplotlib")
    import matplotlib.pyplot as plt

    from sklearn_bayescmp.plotting import RaceDisplay

    grid = {"logisticregression__C": np.logspace(-4, 0, 3)}  # NumPy floats, as people write
    search = RaceSearchCV(_logreg(), grid, cv=_cv(2), min_folds=5, step=5).fit(*cancer)
    display = RaceDisplay.from_search(search)
    assert set(display.lines_) == set(range(3))
    assert display.names == [f"logisticregression__C={c}" for c in ("0.0001", "0.01", "1")]
    assert set(display.dropped) == set(np.flatnonzero(search.cv_results_["race_dropped_at"] > 0))
    # Every look's leader is at 0; the last look is after every fold.
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
