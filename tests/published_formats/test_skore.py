"""skore's cross-validation reports, read as scikit-learn's cross_validate results are."""

import warnings

import numpy as np
import pytest
from sklearn.datasets import load_breast_cancer
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import KFold, StratifiedKFold, cross_validate
from sklearn.naive_bayes import GaussianNB
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

from sklearn_bayescmp import ScoreTable, compare_models
from tests._messages import naming

skore = pytest.importorskip("skore", reason="skore is not installed: pip install skore")

# Scaled, the logistic regression converges in a few iterations (unscaled, one report
# took 19 s of lbfgs).
MODELS = {
    "LogisticRegression": make_pipeline(StandardScaler(), LogisticRegression()),
    "GaussianNB": GaussianNB(),
}


@pytest.fixture(scope="module")
def data():
    return load_breast_cancer(return_X_y=True)


def _reports(data, splitter):
    X, y = data
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # skore's notes on its defaults
        return {
            name: skore.CrossValidationReport(model, X, y, splitter=splitter)
            for name, model in MODELS.items()
        }


def test_a_comparison_report_reads_as_cross_validate_on_the_same_splits(data):
    cv = StratifiedKFold(5, shuffle=True, random_state=0)
    reports = _reports(data, cv)
    X, y = data
    results = {
        name: cross_validate(model, X, y, cv=cv, return_indices=True)
        for name, model in MODELS.items()
    }
    expected = ScoreTable.from_cross_validate(results)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        comparison = skore.ComparisonReport(list(reports.values()))
    for given in (comparison, reports, list(reports.values())):
        assert ScoreTable.from_skore(given) == expected
    assert compare_models(ScoreTable.from_skore(comparison), random_state=0).summary() == (
        compare_models(expected, random_state=0).summary()
    )


def test_losses_and_unknown_metrics(data):
    reports = _reports(data, StratifiedKFold(5))
    # The metric's name says it is a loss: lower is better, said, as the user's option would.
    losses = ScoreTable.from_skore(reports, metric="log_loss")
    assert losses == ScoreTable.from_skore(reports, metric="log_loss", greater_is_better=False)
    witness = losses.spec.witness("direction")
    assert (witness.by, witness.source, witness.name) == ("name", "metric", "log_loss")
    expected = [-r.metrics.get("log_loss") for r in reports["GaussianNB"].reports_]
    np.testing.assert_array_equal(losses.scores()[1], expected)
    assert losses.lower_is_better == ("data",)
    with pytest.raises(ValueError, match="cannot compute metric='no such metric'"):
        ScoreTable.from_skore(reports, metric="no such metric")


def test_reports_on_other_splits_are_refused(data):
    one = _reports(data, KFold(5, shuffle=True, random_state=0))
    other = _reports(data, KFold(5, shuffle=True, random_state=1))
    mixed = {"LogisticRegression": one["LogisticRegression"], "GaussianNB": other["GaussianNB"]}
    with pytest.raises(ValueError, match=naming("split 0")):
        ScoreTable.from_skore(mixed)
    X, y = data
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        single = skore.EstimatorReport(
            GaussianNB(), X_train=X[:400], y_train=y[:400], X_test=X[400:], y_test=y[400:]
        )
    with pytest.raises(TypeError, match=naming("EstimatorReport", "CrossValidationReport")):
        ScoreTable.from_skore({"a": single, "b": one["GaussianNB"]})
    with pytest.raises(TypeError, match="must be a skore ComparisonReport"):
        ScoreTable.from_skore(one["GaussianNB"])
    with pytest.raises(ValueError, match="two or more reports"):
        ScoreTable.from_skore({"a": one["GaussianNB"]})


def test_a_metric_of_one_score_per_class_reads_the_class_asked_for(data):
    reports = _reports(data, StratifiedKFold(5))
    with pytest.raises(ValueError, match=naming("(0, 1)", "class")):
        ScoreTable.from_skore(reports, metric="precision")
    table = ScoreTable.from_skore(reports, metric="precision", pos_label=1)
    # The class's precision on every split, as scikit-learn's precision_score computes it.
    X, y = data
    from sklearn.base import clone
    from sklearn.metrics import precision_score

    for row, model in enumerate(MODELS.values()):
        expected = [
            precision_score(
                y[test], clone(model).fit(X[train], y[train]).predict(X[test]), pos_label=1
            )
            for train, test in StratifiedKFold(5).split(X, y)
        ]
        np.testing.assert_allclose(table.scores()[row], expected, rtol=1e-12)
    with pytest.raises(ValueError, match="pos_label=2 is none of them"):
        ScoreTable.from_skore(reports, metric="precision", pos_label=2)
    with pytest.raises(ValueError, match="one score per split, not one per class"):
        ScoreTable.from_skore(reports, metric="accuracy", pos_label=1)


def test_a_multiclass_metric_per_class_offers_its_average():
    from sklearn.datasets import load_iris

    X, y = load_iris(return_X_y=True)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        reports = {
            name: skore.CrossValidationReport(model, X, y, splitter=3)
            for name, model in {
                "LogisticRegression": LogisticRegression(max_iter=1000),
                "GaussianNB": GaussianNB(),
            }.items()
        }
    with pytest.raises(ValueError, match=naming("metric='precision_avg'")):
        ScoreTable.from_skore(reports, metric="precision")
    assert ScoreTable.from_skore(reports, metric="precision", pos_label=2).n_models == 2
