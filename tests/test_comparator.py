"""Tests of RepeatedCVComparator."""

import re
import warnings
from dataclasses import replace

import numpy as np
import pytest
from sklearn.base import clone
from sklearn.datasets import load_breast_cancer, make_moons, make_regression
from sklearn.dummy import DummyClassifier
from sklearn.ensemble import RandomForestClassifier
from sklearn.exceptions import FitFailedWarning, NotFittedError
from sklearn.linear_model import LinearRegression, LogisticRegression, Ridge
from sklearn.model_selection import (
    GridSearchCV,
    KFold,
    LeaveOneGroupOut,
    RepeatedKFold,
    RepeatedStratifiedKFold,
    ShuffleSplit,
    cross_validate,
)
from sklearn.naive_bayes import GaussianNB
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.svm import SVC

from sklearn_bayescmp import CVDifferences, RepeatedCVComparator
from sklearn_bayescmp.stats import (
    NormalGammaPrior,
    bayesian_correlated_ttest,
    combined_ftest_5x2cv,
    paired_ttest_5x2cv,
    poisson_test,
    signed_rank_test,
    wilcoxon_test,
)
from sklearn_bayescmp.utils._sklearn import InvalidParameterError
from tests._estimators import (
    FailOnSample,
    WeightSum,
    dataset_results,
    fitted_record,
    fitted_records,
)
from tests._messages import naming


def _scaled_logistic():
    return make_pipeline(StandardScaler(), LogisticRegression())


@pytest.fixture(scope="module")
def cancer():
    X, y = load_breast_cancer(return_X_y=True)
    return X[:200], y[:200]


@pytest.mark.long
def test_gallery_example_end_to_end():
    # scikit-learn gallery "Statistical comparison of models using grid search"
    # (examples/model_selection/plot_grid_search_stats.py), rbf vs linear SVC.
    # It prints: corrected t = 0.750, p = 0.227; uncorrected t = 2.611,
    # p = 0.005; P(rbf better) = 0.773; P(rope) = 0.432; 95% credible interval
    # [-0.016, 0.036].
    X, y = make_moons(noise=0.352, random_state=1, n_samples=100)
    cv = RepeatedStratifiedKFold(n_splits=10, n_repeats=10, random_state=0)
    search = GridSearchCV(
        SVC(random_state=0),
        param_grid=[{"kernel": ["linear"]}, {"kernel": ["rbf"]}],
        scoring="roc_auc",
        cv=cv,
    ).fit(X, y)
    split_scores = np.array(
        [[search.cv_results_[f"split{i}_test_score"][c] for i in range(100)] for c in range(2)]
    )

    cmp = RepeatedCVComparator(
        SVC(kernel="rbf", random_state=0),
        SVC(kernel="linear", random_state=0),
        cv=cv,
        scoring="roc_auc",
        rope=0.01,
    ).fit(X, y)

    np.testing.assert_array_equal(cmp.cv_results_["test_score_a"], split_scores[1])
    np.testing.assert_array_equal(cmp.cv_results_["test_score_b"], split_scores[0])
    assert set(cmp.cv_results_["n_train"]) == {90} and set(cmp.cv_results_["n_test"]) == {10}

    freq = cmp.corrected_ttest(alternative="greater")
    assert (round(freq.statistic, 3), round(freq.pvalue, 3)) == (0.750, 0.227)
    naive = cmp.cv_results_["difference"].mean() / np.sqrt(
        np.var(cmp.cv_results_["difference"], ddof=1) / 100
    )
    assert round(naive, 3) == 2.611
    assert round(cmp.test("bayesian_correlated_t", rope=0).prob_a_better, 3) == 0.773
    assert round(cmp.result_.prob_equivalent, 3) == 0.432
    low, high = cmp.result_.credible_interval(0.95)
    assert (round(low, 3), round(high, 3)) == (-0.016, 0.036)
    assert cmp.decision_ == "undecided"


def test_same_splits_as_cross_validate(cancer):
    X, y = cancer
    cv = RepeatedStratifiedKFold(n_splits=5, n_repeats=2, random_state=3)
    est_a, est_b = GaussianNB(), _scaled_logistic()
    cmp = RepeatedCVComparator(est_a, est_b, cv=cv, scoring="accuracy").fit(X, y)
    ref_a = cross_validate(est_a, X, y, cv=cv, scoring="accuracy")["test_score"]
    ref_b = cross_validate(est_b, X, y, cv=cv, scoring="accuracy")["test_score"]
    np.testing.assert_array_equal(cmp.cv_results_["test_score_a"], ref_a)
    np.testing.assert_array_equal(cmp.cv_results_["test_score_b"], ref_b)
    np.testing.assert_array_equal(cmp.cv_results_["difference"], ref_a - ref_b)
    assert fitted_record(cmp).repeat.tolist() == [0] * 5 + [1] * 5
    assert fitted_record(cmp).fold.tolist() == list(range(5)) * 2
    assert cmp.fit_times_.shape == (10, 2) and np.all(cmp.fit_times_ >= 0)
    assert cmp.cv_results_["test_score_a"] is cmp.cv_results_["test_score_a"]


def test_results_do_not_depend_on_n_jobs(cancer):
    X, y = cancer
    make = lambda n_jobs: RepeatedCVComparator(  # noqa: E731
        RandomForestClassifier(n_estimators=10, random_state=0),
        GaussianNB(),
        cv=RepeatedStratifiedKFold(n_splits=5, n_repeats=2, random_state=0),
        n_jobs=n_jobs,
    ).fit(X, y)
    serial, parallel = make(1), make(2)
    assert np.array_equal(serial.cv_results_["difference"], parallel.cv_results_["difference"])
    assert serial.result_ == parallel.result_


def test_default_cv_is_ten_by_ten_and_seeded(cancer):
    X, y = cancer
    first = RepeatedCVComparator(GaussianNB(), DummyClassifier(), random_state=7).fit(X, y)
    again = RepeatedCVComparator(GaussianNB(), DummyClassifier(), random_state=7).fit(X, y)
    assert first.n_splits_ == 100 and fitted_record(first).n_repeats == 10
    np.testing.assert_array_equal(first.cv_results_["difference"], again.cv_results_["difference"])
    expected = RepeatedStratifiedKFold(n_splits=10, n_repeats=10, random_state=7)
    assert [len(test) for _, test in expected.split(X, y)] == first.cv_results_["n_test"].tolist()


def test_default_cv_for_regressors_is_repeated_kfold():
    X, y = make_regression(n_samples=60, n_features=3, noise=5.0, random_state=0)
    cmp = RepeatedCVComparator(
        LinearRegression(), Ridge(alpha=10.0), rope=0.01, random_state=0
    ).fit(X, y)
    expected = RepeatedKFold(n_splits=10, n_repeats=10, random_state=0)
    train, _ = next(expected.split(X))
    est = LinearRegression().fit(X[train], y[train])
    test = next(expected.split(X))[1]
    assert cmp.cv_results_["test_score_a"][0] == est.score(X[test], y[test])


@pytest.mark.long
def test_swapping_estimators_mirrors_everything(cancer):
    X, y = cancer
    cv = RepeatedStratifiedKFold(n_splits=5, n_repeats=3, random_state=1)
    forward = RepeatedCVComparator(GaussianNB(), _scaled_logistic(), cv=cv).fit(X, y)
    backward = RepeatedCVComparator(_scaled_logistic(), GaussianNB(), cv=cv).fit(X, y)
    np.testing.assert_array_equal(
        forward.cv_results_["difference"], -backward.cv_results_["difference"]
    )
    assert forward.result_.prob_a_better == pytest.approx(backward.result_.prob_b_better, abs=1e-12)
    assert forward.result_.prob_equivalent == pytest.approx(
        backward.result_.prob_equivalent, abs=1e-12
    )


def test_clone_and_get_params_round_trip():
    prior = NormalGammaPrior(0.0, 1.0, 1.0, 0.01)
    cmp = RepeatedCVComparator(
        GaussianNB(), DummyClassifier(), rope=(-0.01, 0.02), prior=prior, n_jobs=2, random_state=3
    )
    copy = clone(cmp)
    assert copy.get_params()["rope"] == (-0.01, 0.02)
    assert copy.get_params()["prior"] == prior
    assert copy.estimator_a is not cmp.estimator_a
    assert set(cmp.get_params(deep=False)) == {
        "estimator_a",
        "estimator_b",
        "names",
        "cv",
        "scoring",
        "rope",
        "prior",
        "threshold",
        "n_jobs",
        "pre_dispatch",
        "random_state",
        "error_score",
        "verbose",
        "early_stopping",
        "stopping_threshold",
        "min_repeats",
        "memory",
    }
    copy.set_params(estimator_b__strategy="uniform", threshold=0.9)
    assert copy.estimator_b.strategy == "uniform" and copy.threshold == 0.9
    assert "rope=(-0.01, 0.02)" in repr(cmp)


def test_comparator_methods_forward_to_back_ends(cancer):
    X, y = cancer
    cmp = RepeatedCVComparator(
        GaussianNB(),
        _scaled_logistic(),
        cv=RepeatedStratifiedKFold(n_splits=5, n_repeats=2, random_state=0),
        rope=0.02,
    ).fit(X, y)
    direct = bayesian_correlated_ttest(fitted_record(cmp), rope=0.02)
    assert cmp.result_ == direct
    # The record only adds the models' names and mean scores to the numbers.
    from_arrays = bayesian_correlated_ttest(
        cmp.cv_results_["difference"],
        n_train=cmp.cv_results_["n_train"],
        n_test=cmp.cv_results_["n_test"],
        rope=0.02,
    )
    named = {
        "model_a": "GaussianNB",
        "model_b": "LogisticRegression",
        "mean_score_a": float(np.mean(cmp.cv_results_["test_score_a"])),
        "mean_score_b": float(np.mean(cmp.cv_results_["test_score_b"])),
    }
    assert cmp.result_ == replace(from_arrays, **named)
    assert cmp.test("bayesian_correlated_t", rope=0.05).rope == (-0.05, 0.05)
    prior = NormalGammaPrior(0.0, 1.0, 2.0, 0.001)
    assert cmp.test("bayesian_correlated_t", prior=prior).prior == prior
    assert cmp.decision_ == direct.decision(0.95)
    text = cmp.summary()
    for fragment in (
        "A = GaussianNB: GaussianNB()",
        "B = LogisticRegression: Pipeline(",
        "Corrected repeated-CV t-test",
        "mean difference (GaussianNB - LogisticRegression)",
        "P(GaussianNB better) =",
        "P(LogisticRegression better) =",
        "decision at threshold 0.95",
    ):
        assert fragment in text
    # The record round-trips and gives the same posterior.
    again = CVDifferences.from_json(__import__("io").StringIO(fitted_record(cmp).to_json()))
    assert bayesian_correlated_ttest(again, rope=0.02) == direct


def test_unfitted_methods_raise():
    cmp = RepeatedCVComparator(GaussianNB(), DummyClassifier())
    with pytest.raises(NotFittedError):
        cmp.corrected_ttest()
    with pytest.raises(NotFittedError):
        cmp.summary()


def test_partial_failures_are_reported_and_left_out(indexed_binary_data):
    X, y = indexed_binary_data
    cv = RepeatedStratifiedKFold(n_splits=6, n_repeats=4, random_state=0)
    cmp = RepeatedCVComparator(FailOnSample(sample=0), DummyClassifier(), cv=cv, scoring="accuracy")
    with pytest.warns(FitFailedWarning, match=re.escape("4 of 24 splits failed")) as record:
        cmp.fit(X, y)
    assert len(record) == 1
    assert (
        "estimator_a (FailOnSample) failed 4 time(s), estimator_b (DummyClassifier) failed 0 "
        "time(s)"
    ) in str(record[0].message)
    failed_splits = [j for j, (_, test) in enumerate(cv.split(X, y)) if 0 in test]
    assert [f.split for f in cmp.fit_errors_] == failed_splits
    assert {f.estimator for f in cmp.fit_errors_} == {"a"}
    assert all("sample 0 in the test set" in f.error for f in cmp.fit_errors_)
    assert np.isnan(cmp.cv_results_["difference"][failed_splits]).all()
    assert np.isnan(cmp.cv_results_["test_score_a"][failed_splits]).all()
    assert not np.isnan(cmp.cv_results_["test_score_b"]).any()
    ok = ~np.isnan(cmp.cv_results_["difference"])
    assert cmp.n_failed_splits_ == 4 and cmp.result_.n_omitted == 4
    ref = bayesian_correlated_ttest(
        cmp.cv_results_["difference"][ok],
        n_train=cmp.cv_results_["n_train"][ok],
        n_test=cmp.cv_results_["n_test"][ok],
    )
    assert (cmp.result_.loc, cmp.result_.scale) == (ref.loc, ref.scale)
    assert "4 failed split(s) left out" in cmp.summary()


def test_numeric_error_score_is_recorded_but_not_analysed(indexed_binary_data):
    X, y = indexed_binary_data
    cv = RepeatedStratifiedKFold(n_splits=6, n_repeats=2, random_state=0)
    with pytest.warns(FitFailedWarning):
        cmp = RepeatedCVComparator(
            FailOnSample(sample=5), DummyClassifier(), cv=cv, scoring="accuracy", error_score=0.0
        ).fit(X, y)
    failed = np.isnan(cmp.cv_results_["difference"])
    assert failed.sum() == 2 and np.all(cmp.cv_results_["test_score_a"][failed] == 0.0)
    assert cmp.corrected_ttest().n_omitted == 2


def test_error_score_raise(indexed_binary_data):
    X, y = indexed_binary_data
    cmp = RepeatedCVComparator(
        FailOnSample(),
        DummyClassifier(),
        error_score="raise",
        cv=RepeatedStratifiedKFold(n_splits=3, n_repeats=2, random_state=0),
    )
    with pytest.raises(ValueError, match="sample 0 in the test set"):
        cmp.fit(X, y)


def test_all_failed_raises_with_hint(indexed_binary_data):
    X, y = indexed_binary_data
    cmp = RepeatedCVComparator(
        DummyClassifier(),
        FailOnSample(when="always"),
        cv=RepeatedStratifiedKFold(n_splits=3, n_repeats=2, random_state=0),
    )
    with pytest.raises(ValueError, match=re.escape("6 of 6 splits failed, leaving 0")) as info:
        cmp.fit(X, y)
    assert "Set error_score='raise'" in str(info.value)
    assert "sample 0 in the training set" in str(info.value)


def test_nan_in_x_is_said_first_and_briefly(cancer):
    # Every fit of one estimator fails on the same cause: the message says it, in the
    # exception's words, without a traceback that would bury it.
    X, y = cancer
    X = X.copy()
    X[3, 1] = np.nan
    cmp = RepeatedCVComparator(
        GaussianNB(),
        DummyClassifier(),
        cv=RepeatedStratifiedKFold(n_splits=3, n_repeats=2, random_state=0),
    )
    with pytest.raises(ValueError) as info:
        cmp.fit(X, y)
    message = str(info.value)
    first_line = message.splitlines()[0]
    assert "6 of 6 splits failed" in first_line
    assert "(estimator_a (GaussianNB), split 0): ValueError: Input X contains NaN." in first_line
    assert "Traceback" not in message and 'File "' not in message
    assert len(message.splitlines()) <= 4


def test_the_exception_of_a_formatted_traceback():
    from sklearn_bayescmp._engine._run import _exception_text

    try:
        try:
            raise KeyError("inner")
        except KeyError as exc:
            raise ValueError("outer\n  indented detail\nlast line") from exc
    except ValueError:
        import traceback

        text = traceback.format_exc()
    # The last exception of the chain, whole (its own indented lines too).
    assert _exception_text(text) == "ValueError: outer\n  indented detail\nlast line"
    assert _exception_text("the score was NaN") == "the score was NaN"


def test_scoring_none_refuses_different_kinds(cancer):
    X, y = cancer
    cmp = RepeatedCVComparator(GaussianNB(), LinearRegression())
    with pytest.raises(
        ValueError,
        match=naming("estimator_a is a classifier", "estimator_b is a regressor"),
    ):
        cmp.fit(X, y)
    # An explicit common scorer is fine.
    RepeatedCVComparator(
        GaussianNB(),
        _scaled_logistic(),
        scoring="roc_auc",
        cv=ShuffleSplit(n_splits=3, test_size=0.3, random_state=0),
    ).fit(X, y)


def test_a_scorer_name_is_checked_with_the_names_it_resembles(cancer):
    X, y = cancer
    cmp = RepeatedCVComparator(GaussianNB(), DummyClassifier(), scoring="accuracy_typo")
    with pytest.raises(ValueError, match=naming("`scoring`", "'accuracy_typo'")):
        cmp.fit(X, y)


@pytest.mark.parametrize(
    "params, name",
    [
        ({"n_jobs": "two"}, "n_jobs"),
        ({"threshold": 1.0}, "threshold"),
        ({"rope": -0.1}, "rope"),
        ({"error_score": "ignore"}, "error_score"),
        ({"cv": "tenfold"}, "cv"),
        ({"estimator_b": "not an estimator"}, "estimator_b"),
        ({"prior": {"mu0": 0}}, "prior"),
    ],
)
def test_parameter_validation(cancer, params, name):
    X, y = cancer
    cmp = RepeatedCVComparator(GaussianNB(), DummyClassifier()).set_params(**params)
    with pytest.raises(InvalidParameterError, match=naming(f"'{name}'", "RepeatedCVComparator")):
        cmp.fit(X, y)


def test_inverted_rope_pair_is_refused(cancer):
    X, y = cancer
    cmp = RepeatedCVComparator(GaussianNB(), DummyClassifier(), rope=(0.02, 0.01), cv=3)
    with pytest.raises(ValueError, match=re.escape("low <= 0 <= high")):
        cmp.fit(X, y)


def test_cv_that_yields_nothing(cancer):
    X, y = cancer
    with pytest.raises(ValueError, match=re.escape("`cv` yielded no splits")):
        RepeatedCVComparator(GaussianNB(), DummyClassifier(), cv=[]).fit(X, y)


def test_groups_and_iterable_splits(cancer):
    X, y = cancer
    groups = np.arange(len(y)) % 4
    cmp = RepeatedCVComparator(GaussianNB(), DummyClassifier(), cv=LeaveOneGroupOut()).fit(
        X, y, groups=groups
    )
    assert cmp.n_splits_ == 4 and cmp.cv_results_["n_test"].tolist() == [50, 50, 50, 50]
    splits = list(LeaveOneGroupOut().split(X, y, groups))
    again = RepeatedCVComparator(GaussianNB(), DummyClassifier(), cv=splits).fit(X, y)
    np.testing.assert_array_equal(again.cv_results_["difference"], cmp.cv_results_["difference"])


def test_fit_params_are_indexed_per_split(indexed_binary_data):
    X, y = indexed_binary_data
    weights = np.arange(len(y), dtype=float)
    cv = RepeatedStratifiedKFold(n_splits=3, n_repeats=2, random_state=0)
    cmp = RepeatedCVComparator(WeightSum(), WeightSum(), cv=cv).fit(X, y, sample_weight=weights)
    expected = [weights[train].sum() for train, _ in cv.split(X, y)]
    np.testing.assert_array_equal(cmp.cv_results_["test_score_a"], expected)
    np.testing.assert_array_equal(cmp.cv_results_["test_score_b"], expected)
    # Identical models: zero variance, a point mass at 0, "equivalent".
    assert cmp.decision_ == "equivalent" and cmp.result_.prob_equivalent == 1.0


def test_non_finite_scores_count_as_failures(indexed_binary_data):
    X, y = indexed_binary_data

    def scorer(estimator, X_test, y_test):
        # NaN for A on the split holding sample 0; a 0-d array (accepted) otherwise.
        if isinstance(estimator, GaussianNB) and 0 in X_test[:, 0]:
            return np.nan
        return np.asarray(estimator.score(X_test, y_test))

    cv = RepeatedStratifiedKFold(n_splits=5, n_repeats=2, random_state=0)
    with pytest.warns(FitFailedWarning, match=re.escape("2 of 10 splits failed")):
        cmp = RepeatedCVComparator(
            GaussianNB(), DummyClassifier(), cv=cv, rope=0.01, scoring=scorer
        ).fit(X, y)
    assert [f.error for f in cmp.fit_errors_] == [
        "The scorer returned nan, not a finite number."
    ] * 2
    assert (
        np.isfinite(cmp.cv_results_["test_score_b"]).all()
        and cmp.cv_results_["test_score_b"].dtype == float
    )
    with pytest.raises(ValueError, match="The scorer returned nan"):
        RepeatedCVComparator(
            GaussianNB(), DummyClassifier(), cv=cv, rope=0.01, scoring=scorer, error_score="raise"
        ).fit(X, y)


# --------------------------------------------------------------------------
# fit_datasets
# --------------------------------------------------------------------------


@pytest.fixture(scope="module")
def collection():
    from sklearn.datasets import load_iris, load_wine, make_classification

    X_iris, y_iris = load_iris(return_X_y=True)
    X_wine, y_wine = load_wine(return_X_y=True)
    X_made, y_made = make_classification(n_samples=120, n_features=6, random_state=0)
    return {"iris": (X_iris, y_iris), "wine": (X_wine, y_wine), "made": (X_made, y_made)}


def _small_comparator(**params):
    return RepeatedCVComparator(
        GaussianNB(),
        _scaled_logistic(),
        cv=RepeatedStratifiedKFold(n_splits=5, n_repeats=2, random_state=0),
        **params,
    )


def test_fit_datasets_equals_one_fit_per_dataset(collection):
    many = _small_comparator(rope=0.02).fit_datasets(collection)
    assert list(fitted_records(many)) == ["iris", "wine", "made"]
    for name, (X, y) in collection.items():
        single = _small_comparator(rope=0.02).fit(X, y)
        record = fitted_records(many)[name]
        assert record.name == name
        np.testing.assert_array_equal(record.differences, single.cv_results_["difference"])
        np.testing.assert_array_equal(record.scores_a, single.cv_results_["test_score_a"])
        assert many.test("bayesian_correlated_t", dataset=name) == single.result_
    # fit_datasets: the Poisson-binomial test over the data sets, on each one's correlated
    # t-test (the comparator knows every split's scores and sizes).
    assert many.result_.test == "poisson"


def test_fit_datasets_does_not_depend_on_n_jobs(collection):
    serial = _small_comparator(n_jobs=1).fit_datasets(collection)
    parallel = _small_comparator(n_jobs=2).fit_datasets(collection)
    for name in collection:
        assert fitted_records(serial)[name] == fitted_records(parallel)[name]


def test_multi_dataset_methods_forward_rope_and_options(collection):
    cmp = _small_comparator(rope=0.03, random_state=5).fit_datasets(collection)
    records = list(fitted_records(cmp).values())
    assert cmp.test("poisson").rope == (-0.03, 0.03)
    assert cmp.test("poisson", rope=0).prob_equivalent == 0.0
    assert cmp.test("poisson").prob_a_better == poisson_test(records, rope=0.03).prob_a_better
    res = cmp.test("signed_rank", n_draws=500)
    assert res.rope == (-0.03, 0.03) and res.n_draws == 500 and res.random_state == 5
    np.testing.assert_array_equal(
        res.samples, signed_rank_test(records, rope=0.03, n_draws=500, random_state=5).samples
    )
    assert cmp.test("sign", rope=0.01, random_state=1, prior_place="b").prior_place == "b"
    assert cmp.test("wilcoxon", alternative="greater").pvalue == (
        wilcoxon_test(records, alternative="greater").pvalue
    )


def test_groups_in_fit_datasets(collection):
    X, y = collection["iris"]
    groups = np.arange(len(y)) % 3
    cmp = RepeatedCVComparator(GaussianNB(), DummyClassifier(), cv=LeaveOneGroupOut())
    cmp.fit_datasets({"grouped": (X, y, groups), "again": (X, y, groups)})
    assert fitted_records(cmp)["grouped"].n_splits == 3
    assert fitted_records(cmp)["grouped"].n_test.tolist() == [50, 50, 50]


@pytest.mark.parametrize(
    "datasets, error, message",
    [
        ([(np.ones((4, 2)), np.ones(4))], TypeError, "`datasets` must be a mapping name -> (X, y)"),
        ({}, ValueError, "`datasets` is empty"),
        ({"x": np.ones((4, 2))}, ValueError, "`datasets['x']` must be a tuple (X, y)"),
        ({"x": (1, 2, 3, 4)}, ValueError, "got tuple of length 4"),
    ],
)
def test_fit_datasets_input_validation(datasets, error, message):
    with pytest.raises(error, match=re.escape(message)):
        _small_comparator().fit_datasets(datasets)


def test_methods_need_the_matching_fit(collection):
    X, y = collection["iris"]
    fitted_one = _small_comparator().fit(X, y)
    with pytest.raises(ValueError, match="compares models over several data sets"):
        fitted_one.test("poisson")
    fitted_one.fit_datasets(collection)
    # A refit starts clean: no stale single-data-set attributes.
    assert fitted_one.to_table().datasets == ("iris", "wine", "made")
    assert fitted_one.result_.test == "poisson"
    fitted_one.fit(X, y)
    assert fitted_one.to_table().datasets == ("data",)
    assert fitted_one.result_.test == "bayesian_correlated_t"


def test_fit_datasets_failures(indexed_binary_data):
    X, y = indexed_binary_data
    cmp = RepeatedCVComparator(
        FailOnSample(sample=0),
        DummyClassifier(),
        cv=RepeatedStratifiedKFold(n_splits=3, n_repeats=2, random_state=0),
        scoring="accuracy",
    )
    with pytest.warns(FitFailedWarning, match=naming("4 of 12 splits", "2 data sets")):
        cmp.fit_datasets({"first": (X, y), "second": (X, y)})
    assert {f.dataset for f in cmp.fit_errors_} == {"first", "second"}
    assert fitted_records(cmp)["first"].n_failed == 2
    assert cmp.test("bayesian_correlated_t", dataset="first").n_omitted == 2
    always = RepeatedCVComparator(
        DummyClassifier(),
        FailOnSample(when="always"),
        cv=RepeatedStratifiedKFold(n_splits=3, n_repeats=2, random_state=0),
    )
    with pytest.raises(ValueError, match=naming("6 of 6 splits", "'first'")):
        always.fit_datasets({"first": (X, y), "second": (X, y)})


def test_5x2cv_conveniences_need_five_repeats_of_two_folds(cancer):
    X, y = cancer
    cv = RepeatedStratifiedKFold(n_splits=2, n_repeats=5, random_state=0)
    cmp = RepeatedCVComparator(GaussianNB(), _scaled_logistic(), cv=cv).fit(X, y)
    x = np.array([[cmp.cv_results_["difference"][2 * r + f] for f in range(2)] for r in range(5)])
    names = {"model_a": "GaussianNB", "model_b": "LogisticRegression"}
    assert cmp.test("paired_t_5x2cv") == replace(paired_ttest_5x2cv(x), **names)
    assert cmp.test("combined_f_5x2cv") == replace(combined_ftest_5x2cv(x), **names)
    assert cmp.test("paired_t").pvalue <= cmp.corrected_ttest().pvalue
    ten_by_ten = RepeatedCVComparator(GaussianNB(), DummyClassifier(), random_state=0).fit(X, y)
    message = "need 5 repeats of 2-fold cross-validation, e.g. cv=RepeatedStratifiedKFold"
    with pytest.raises(ValueError, match=re.escape(message)) as info:
        ten_by_ten.test("paired_t_5x2cv")
    assert "comparison ran 10 repeat(s) of 10 fold(s)" in str(info.value)


# --------------------------------------------------------------------------
# early stopping
# --------------------------------------------------------------------------


@pytest.mark.long
def test_early_stopping_on_a_clear_cut_pair(cancer):
    X, y = cancer
    full = RepeatedCVComparator(_scaled_logistic(), DummyClassifier(), random_state=0).fit(X, y)
    early = RepeatedCVComparator(
        _scaled_logistic(), DummyClassifier(), random_state=0, early_stopping=True
    ).fit(X, y)
    assert early.stopped_early_ and early.n_repeats_run_ == 2 and early.n_splits_ == 20
    assert (early.stopping_reason_, early.stopping_threshold_) == ("decided", 0.995)
    assert early.decision_ == full.decision_ == "a"
    # The same splits as the full run, in the same order.
    np.testing.assert_array_equal(
        early.cv_results_["difference"], full.cv_results_["difference"][:20]
    )
    assert fitted_record(early).repeat.max() == 1
    with pytest.warns(UserWarning, match="optional stopping the p-value"):
        early.corrected_ttest()
    assert not full.stopped_early_ and full.n_repeats_run_ == 10


@pytest.mark.long
def test_the_stopping_threshold_is_stricter_than_the_decision_threshold():
    # Stopping at the decision threshold itself inflates false decisions
    # (benchmarks/study_early_stopping_error.py); by default it is stricter.
    rng = np.random.default_rng(3)
    X = rng.normal(size=(150, 3))
    y = (X[:, 0] + rng.normal(scale=2.0, size=150) > 0).astype(int)
    models = (_scaled_logistic(), DummyClassifier())
    runs = {
        stop: RepeatedCVComparator(
            *models, random_state=0, early_stopping=True, stopping_threshold=stop
        ).fit(X, y)
        for stop in (0.95, None, 0.999)
    }
    assert [runs[stop].n_repeats_run_ for stop in runs] == [2, 2, 10]
    assert (runs[None].stopping_reason_, runs[None].stopping_threshold_) == ("decided", 0.995)
    assert (runs[0.999].stopping_reason_, runs[0.999].stopping_threshold_) == ("undecided", 0.999)
    assert {run.decision_ for run in runs.values()} == {"a"}  # decided at 0.95 in the end
    with pytest.raises(InvalidParameterError, match="stopping_threshold"):
        RepeatedCVComparator(*models, early_stopping=True, stopping_threshold=1.5).fit(X, y)


def test_early_stopping_runs_every_repeat_when_undecided():
    from sklearn.datasets import load_iris
    from sklearn.tree import DecisionTreeClassifier

    X, y = load_iris(return_X_y=True)
    models = (GaussianNB(), DecisionTreeClassifier(random_state=0))
    early = RepeatedCVComparator(*models, random_state=0, early_stopping=True).fit(X, y)
    full = RepeatedCVComparator(*models, random_state=0).fit(X, y)
    assert (early.n_repeats_run_, early.stopped_early_) == (10, False)
    assert early.stopping_reason_ == "undecided"
    np.testing.assert_array_equal(early.cv_results_["difference"], full.cv_results_["difference"])
    assert early.result_ == full.result_ and early.decision_ == "undecided"
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        early.corrected_ttest()  # every repeat ran: no warning


@pytest.mark.long
def test_early_stopping_min_repeats_and_n_jobs(cancer):
    X, y = cancer
    runs = [
        RepeatedCVComparator(
            _scaled_logistic(),
            DummyClassifier(),
            random_state=0,
            early_stopping=True,
            min_repeats=4,
            n_jobs=n_jobs,
        ).fit(X, y)
        for n_jobs in (1, 2)
    ]
    assert [run.n_repeats_run_ for run in runs] == [4, 4]
    np.testing.assert_array_equal(
        runs[0].cv_results_["difference"], runs[1].cv_results_["difference"]
    )


def test_early_stopping_needs_repeats(cancer):
    X, y = cancer
    cmp = RepeatedCVComparator(GaussianNB(), DummyClassifier(), cv=5, early_stopping=True)
    with pytest.raises(ValueError, match=re.escape("early_stopping=True needs repeated")):
        cmp.fit(X, y)


# --------------------------------------------------------------------------
# names
# --------------------------------------------------------------------------


def test_default_names_come_from_the_estimators(cancer):
    from sklearn.tree import DecisionTreeClassifier

    X, y = cancer
    cv = RepeatedStratifiedKFold(n_splits=3, n_repeats=1, random_state=0)
    fitted = RepeatedCVComparator(_scaled_logistic(), GaussianNB(), cv=cv).fit(X, y)
    # A pipeline is named after its last step: the model, not its scaler.
    assert fitted.model_names_ == ("LogisticRegression", "GaussianNB")
    same_class = RepeatedCVComparator(
        DecisionTreeClassifier(max_depth=2), DecisionTreeClassifier(max_depth=5), cv=cv
    ).fit(X, y)
    assert same_class.model_names_ == (
        "DecisionTreeClassifier(max_depth=2)",
        "DecisionTreeClassifier(max_depth=5)",
    )
    identical = RepeatedCVComparator(GaussianNB(), GaussianNB(), cv=cv).fit(X, y)
    assert identical.model_names_ == ("GaussianNB (1)", "GaussianNB (2)")


def test_names_appear_everywhere(cancer):
    X, y = cancer
    cmp = RepeatedCVComparator(
        _scaled_logistic(),
        GaussianNB(),
        names=("logreg", "naive Bayes"),
        cv=RepeatedStratifiedKFold(n_splits=5, n_repeats=2, random_state=0),
    ).fit(X, y)
    assert cmp.model_names_ == ("logreg", "naive Bayes")
    assert fitted_record(cmp).model_names == ("logreg", "naive Bayes")
    assert repr(cmp.result_).startswith(
        "BayesianCorrelatedTTestResult(model_a='logreg', model_b='naive Bayes', prob_a_better="
    )
    assert (cmp.result_.model_a, cmp.corrected_ttest().model_b) == ("logreg", "naive Bayes")
    text = cmp.summary()
    for fragment in (
        "A = logreg: Pipeline(",
        "B = naive Bayes: GaussianNB()",
        "mean score logreg = ",
        "mean difference (logreg - naive Bayes) = ",
        "P(logreg better) = ",
        "P(naive Bayes better) = ",
    ):
        assert fragment in text
    assert "P(logreg better)" in cmp.result_._repr_html_()
    assert "P(naive Bayes better)" in cmp._repr_html_()
    # The record's CSV keeps the names.
    again = CVDifferences.from_csv(__import__("io").StringIO(fitted_record(cmp).to_csv()))
    assert again == fitted_record(cmp) and again.model_names == ("logreg", "naive Bayes")


def test_from_estimators_takes_a_named_mapping(cancer):
    X, y = cancer
    cmp = RepeatedCVComparator.from_estimators(
        {"logreg": _scaled_logistic(), "NB": GaussianNB()}, cv=3, rope=0.02
    )
    assert cmp.names == ("logreg", "NB") and cmp.rope == 0.02 and cmp.cv == 3
    assert cmp.fit(X, y).result_.model_b == "NB"
    assert clone(cmp).names == ("logreg", "NB")
    with pytest.raises(ValueError, match="exactly two"):
        RepeatedCVComparator.from_estimators({"only": GaussianNB()})


@pytest.mark.parametrize(
    "names, error, message",
    [
        (("same", "same"), ValueError, "The `names` must differ"),
        (("one",), ValueError, "`names` must hold two names"),
        ((1, 2), TypeError, "The `names` must be two non-empty strings; got 1 and 2."),
        (("a", " "), TypeError, "The `names` must be two non-empty strings"),
    ],
)
def test_bad_names_are_refused_before_any_fit(cancer, names, error, message):
    X, y = cancer
    cmp = RepeatedCVComparator(FailOnSample(when="always"), GaussianNB(), names=names)
    with pytest.raises(error, match=re.escape(message)):
        cmp.fit(X, y)


# --------------------------------------------------------------------------
# several metrics
# --------------------------------------------------------------------------


def test_several_metrics_fit_once_and_equal_one_comparison_per_metric(cancer, tmp_path):
    from tests._estimators import LoggedFits

    X, y = cancer
    X = np.column_stack([np.arange(len(y)), X[:, :3]])  # LoggedFits logs column 0
    cv = RepeatedStratifiedKFold(n_splits=5, n_repeats=2, random_state=0)
    rope = {"accuracy": 0.01, "balanced_accuracy": 0.03}
    log = tmp_path / "fits.log"
    logged = RepeatedCVComparator(
        LoggedFits(log=str(log)),
        DummyClassifier(strategy="stratified", random_state=0),
        cv=cv,
        scoring=["accuracy", "balanced_accuracy"],
        rope=rope,
    ).fit(X, y)
    assert len(log.read_text().splitlines()) == 10  # each split fitted once, not per metric
    assert logged.metrics_ == ("accuracy", "balanced_accuracy") and logged.multimetric_

    models = (_scaled_logistic(), GaussianNB())
    both = RepeatedCVComparator(
        *models, cv=cv, rope=0.01, scoring=["accuracy", "roc_auc"]
    ).set_params(rope={"accuracy": 0.01, "roc_auc": 0.005})
    both.fit(X, y)
    for metric, metric_rope in (("accuracy", 0.01), ("roc_auc", 0.005)):
        single = RepeatedCVComparator(*models, cv=cv, scoring=metric, rope=metric_rope).fit(X, y)
        for side in ("a", "b"):
            np.testing.assert_array_equal(
                both.cv_results_[f"test_{metric}_{side}"], single.cv_results_[f"test_score_{side}"]
            )
        np.testing.assert_array_equal(
            both.cv_results_[f"difference_{metric}"], single.cv_results_["difference"]
        )
        assert fitted_record(both, metric=metric) == fitted_record(single)
        assert both.results_[metric] == single.result_
        assert both.results_[metric].rope == (-metric_rope, metric_rope)
        assert both.results_[metric].decision(both.threshold) == single.decision_
        assert both.corrected_ttest(metric=metric) == single.corrected_ttest()
    assert "test_score_a" not in both.cv_results_
    with pytest.raises(ValueError, match=re.escape("several metrics ['accuracy', 'roc_auc']")):
        both.corrected_ttest()
    with pytest.raises(ValueError, match=re.escape("`metric` must be one of")):
        both.test("bayesian_correlated_t", metric="f1")
    text = both.summary()
    assert "-- accuracy --" in text and "-- roc_auc --" in text
    assert text.count("Bayesian correlated t-test") == 2
    assert both.to_columns()["metric"] == ["accuracy", "roc_auc"]


def test_several_metrics_on_many_data_sets(collection):
    cmp = _small_comparator(scoring={"acc": "accuracy", "bal": "balanced_accuracy"})
    cmp.fit_datasets(collection)
    assert set(cmp.tables_) == {"acc", "bal"}
    assert list(fitted_records(cmp, metric="bal")) == ["iris", "wine", "made"]
    single = _small_comparator(scoring="balanced_accuracy").fit_datasets(collection)
    assert fitted_records(cmp, metric="bal")["wine"] == fitted_records(single)["wine"]
    assert cmp.test("poisson", metric="bal").prob_a_better == single.test("poisson").prob_a_better
    with pytest.raises(ValueError, match="pass metric=<name>"):
        cmp.test("signed_rank")


def test_a_rope_per_metric_must_name_every_metric(cancer):
    X, y = cancer
    cmp = RepeatedCVComparator(
        FailOnSample(when="always"),
        GaussianNB(),
        scoring=["accuracy", "roc_auc"],
        rope={"accuracy": 0.01},
    )
    message = "`rope` as a dict must give one rope per metric ['accuracy', 'roc_auc']"
    with pytest.raises(ValueError, match=re.escape(message)):
        cmp.fit(X, y)


def test_early_stopping_with_several_metrics_waits_for_all(cancer):
    X, y = cancer
    cmp = RepeatedCVComparator(
        _scaled_logistic(),
        DummyClassifier(),
        rope=0.01,
        scoring=["accuracy", "balanced_accuracy"],
        random_state=0,
        early_stopping=True,
    ).fit(X, y)
    assert cmp.stopped_early_ and cmp.n_repeats_run_ == 2
    assert cmp.stopping_reason_ == "decided"
    assert cmp.decision_ == "a"


# --------------------------------------------------------------------------
# scikit-learn conventions: estimator checks, tables, notebooks, summaries
# --------------------------------------------------------------------------


@pytest.mark.long
@pytest.mark.filterwarnings("ignore::sklearn.exceptions.SkipTestWarning")  # array API
def test_scikit_learn_estimator_checks():
    from sklearn.model_selection import KFold
    from sklearn.tree import DecisionTreeClassifier
    from sklearn.utils.estimator_checks import check_estimator

    comparator = RepeatedCVComparator(
        LogisticRegression(), DecisionTreeClassifier(random_state=0), cv=KFold(3)
    )
    expected_failures = {
        # Errors inside the cross-validation become failed splits
        # (error_score=np.nan, as in cross_validate); the comparator then
        # raises one ValueError quoting the first error, not the estimator's
        # own TypeError. With error_score="raise" this check passes.
        "check_dtype_object": "estimator errors are reported as failed splits",
    }
    results = check_estimator(comparator, expected_failed_checks=expected_failures, on_fail=None)
    statuses = {result["check_name"]: result["status"] for result in results}
    failed = [name for name, status in statuses.items() if status == "failed"]
    assert not failed, failed
    assert statuses["check_dtype_object"] == "xfail"
    assert sum(status == "passed" for status in statuses.values()) >= 35
    with_raise = check_estimator(comparator.set_params(error_score="raise"), on_fail=None)
    assert not [r["check_name"] for r in with_raise if r["status"] == "failed"]


def test_features_seen_during_fit():
    pandas = pytest.importorskip("pandas")
    X, y = load_breast_cancer(return_X_y=True, as_frame=True)
    X, y = X.iloc[:120, :4], y.iloc[:120]
    cv = RepeatedStratifiedKFold(n_splits=3, n_repeats=1, random_state=0)
    cmp = RepeatedCVComparator(GaussianNB(), DummyClassifier(), cv=cv).fit(X, y)
    assert cmp.n_features_in_ == 4
    assert list(cmp.feature_names_in_) == list(X.columns)
    cmp.fit(X.to_numpy(), y)
    assert cmp.n_features_in_ == 4 and not hasattr(cmp, "feature_names_in_")
    assert isinstance(X, pandas.DataFrame)


def test_a_missing_target_is_refused_before_any_fit(cancer):
    X, _ = cancer
    cmp = RepeatedCVComparator(FailOnSample(when="always"), GaussianNB(), cv=3)
    with pytest.raises(ValueError, match=naming("requires y", "None")):
        cmp.fit(X)


def test_tables_of_the_comparison(cancer, collection):
    pytest.importorskip("pandas")
    X, y = cancer
    cmp = _small_comparator(names=("NB", "logreg")).fit(X, y)
    frame = cmp.to_frame()
    assert frame.shape[0] == 1
    row = frame.iloc[0]
    assert (row["model_a"], row["model_b"], row["metric"]) == ("NB", "logreg", "score")
    assert row["prob_a_better"] == cmp.result_.prob_a_better
    assert row["decision"] == cmp.decision_
    assert (row["ci_low"], row["ci_high"]) == tuple(cmp.result_.credible_interval())
    per_split = fitted_record(cmp).to_frame()
    assert per_split.index.name == "split" and len(per_split) == cmp.n_splits_
    np.testing.assert_array_equal(per_split["difference"], cmp.cv_results_["difference"])
    assert set(per_split["model_a"]) == {"NB"}
    many = _small_comparator().fit_datasets(collection).to_frame()
    assert list(many["dataset"]) == ["iris", "wine", "made"]
    fitted = _small_comparator().fit_datasets(collection)
    assert list(many["prob_b_better"]) == [
        r.prob_b_better for r in dataset_results(fitted).values()
    ]


def test_notebooks_show_the_answer(cancer):
    from sklearn import config_context

    X, y = cancer
    cmp = _small_comparator(names=("NB", "logreg"))
    assert "P(NB better)" not in cmp._repr_mimebundle_()["text/html"]  # not fitted yet
    cmp.fit(X, y)
    html = cmp._repr_mimebundle_()["text/html"]
    assert html.index("P(NB better)") < html.index("RepeatedCVComparator")  # answer first
    assert f"{cmp.result_.prob_a_better:.4g}" in html
    assert cmp.decision_ in html
    assert cmp._repr_html_().startswith("<table")
    with config_context(display="text"):
        assert not hasattr(cmp, "_repr_html_")
        assert "text/html" not in cmp._repr_mimebundle_()


def test_summary_after_fit_datasets_reports_every_data_set_and_the_tests(collection):
    cmp = _small_comparator(names=("NB", "logreg"), random_state=0).fit_datasets(collection)
    text = cmp.summary()
    for name, result in dataset_results(cmp).items():
        row = next(line.split() for line in text.splitlines() if line.startswith(name))
        assert row[:3] == [name, str(result.n_splits), f"{result.loc:.4f}"]
    assert "A = NB: GaussianNB()" in text
    # The pair over the data sets, as the command and ModelComparison print it.
    assert cmp.comparison().summary() in text
    assert "Poisson-binomial test of every pair" in text


def test_summary_after_an_early_stop_does_not_warn(cancer):
    X, y = cancer
    early = RepeatedCVComparator(
        _scaled_logistic(), DummyClassifier(), random_state=0, early_stopping=True
    ).fit(X, y)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        text = early.summary()
    assert "stopping threshold 0.995 after 2 repeats" in text
    assert "p-value is not valid under such optional stopping" in text


@pytest.mark.parametrize("n_jobs", [1, 2])
def test_warnings_of_the_fits_reach_the_caller_once_with_a_count(indexed_binary_data, n_jobs):
    from sklearn.exceptions import ConvergenceWarning

    from tests._estimators import WarnsInFit

    X, y = indexed_binary_data
    comparator = RepeatedCVComparator(
        WarnsInFit(), GaussianNB(), names=("warner", "nb"), n_jobs=n_jobs, random_state=0
    )
    with pytest.warns(ConvergenceWarning) as caught:
        comparator.fit(X, y)
    assert [str(w.message) for w in caught] == [
        "the solver did not converge (raised in 100 of 100 fits of estimator_a (warner))"
    ]
    assert caught[0].filename == __file__  # the line that called fit, in a worker too


@pytest.mark.parametrize(
    "cv, design",
    [
        (RepeatedStratifiedKFold(n_splits=3, n_repeats=2, random_state=0), "cross-validation"),
        (KFold(5), "cross-validation"),
        (ShuffleSplit(8, test_size=0.2, random_state=0), "resamples"),
        ("a list of random splits", "resamples"),
    ],
)
def test_the_splits_design_is_read_from_their_test_sets(cancer, cv, design):
    X, y = cancer
    if isinstance(cv, str):  # a list of random splits, as people write them
        rng = np.random.default_rng(0)
        cv = []
        for _ in range(6):
            test = rng.choice(len(y), size=len(y) // 5, replace=False)
            cv.append((np.setdiff1d(np.arange(len(y)), test), test))
    cmp = RepeatedCVComparator(GaussianNB(), DummyClassifier(), cv=cv).fit(X, y)
    assert cmp.to_table().design == design
    summary = cmp.summary()
    if design == "resamples":
        # Named for what they are: neither "repeated-CV" nor "repeat(s)".
        assert "train/test resamples (random splits, not cross-validation)" in summary
        assert "Corrected resampled t-test" in summary and "repeated-CV" not in summary
        assert cmp.corrected_ttest().pvalue == cmp.test("corrected_t").pvalue
    else:
        assert "Corrected repeated-CV t-test" in summary and "resamples" not in summary
