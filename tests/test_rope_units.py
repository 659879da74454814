"""The rope's default is one point of shares or percentages; on another scale it is asked."""

import re
import warnings

import numpy as np
import pytest
import sklearn
from sklearn.datasets import load_diabetes, make_classification
from sklearn.dummy import DummyClassifier
from sklearn.linear_model import Lasso, LogisticRegression, Ridge
from sklearn.metrics import (
    f1_score,
    fbeta_score,
    get_scorer,
    get_scorer_names,
    make_scorer,
    mean_squared_error,
)
from sklearn.model_selection import GridSearchCV, KFold, RepeatedKFold
from sklearn.naive_bayes import GaussianNB

from sklearn_bayescmp import RepeatedCVComparator, ScoreTable, compare_models
from sklearn_bayescmp._comparator import comparator_engine
from sklearn_bayescmp.cli import main
from sklearn_bayescmp.exceptions import RopeUnitsError
from sklearn_bayescmp.model_selection import (
    bayesian_refit,
    compare_estimators,
    compare_search_candidates,
)
from sklearn_bayescmp.utils._rope_units import SHARE_SCORERS, scorer_scale

#: The families whose every score is a share of 1 (of samples, or a probability), by the
#: metric each scorer computes: written here from scikit-learn's documentation of each.
_SHARE_FAMILIES = ("roc_auc", "f1", "precision", "recall", "jaccard")
_SHARE_NAMES = {"accuracy", "balanced_accuracy", "top_k_accuracy", "average_precision"}


def _is_share(name):
    return name in _SHARE_NAMES or name.startswith(_SHARE_FAMILIES)


def _one_line(error):
    text = str(error.value)
    assert "\n" not in text
    return text


# --------------------------------------------------------------------------
# every scorer scikit-learn lists
# --------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(get_scorer_names()))
def test_every_scorer_name_takes_the_default_or_is_asked(name):
    comparator = RepeatedCVComparator(LogisticRegression(), GaussianNB(), scoring=name)
    assert (name in SHARE_SCORERS) == _is_share(name)
    if _is_share(name):
        with warnings.catch_warnings():
            warnings.simplefilter("error")  # the default, without a word
            comparator_engine(comparator)
        assert comparator._rope("score") == (-0.01, 0.01)
    else:
        with pytest.raises(RopeUnitsError) as error:
            comparator_engine(comparator)
        text = _one_line(error)
        assert text.startswith("`rope` must be given") and f"scoring={name!r}" in text
        # Following the advice: a rope given in the scorer's units is taken as is.
        comparator.set_params(rope=2.5)
        comparator_engine(comparator)
        assert comparator._rope("score") == (-2.5, 2.5)


def test_the_estimators_own_score_is_a_share_for_a_classifier_only():
    assert scorer_scale(None, LogisticRegression()).kind == "shares"
    assert scorer_scale(None, Ridge()).kind == "other"
    custom = make_scorer(mean_squared_error, greater_is_better=False)
    assert scorer_scale(custom).kind == "other"
    assert scorer_scale(lambda est, X, y: 0.5).kind == "other"
    # A scorer that prints itself over several lines is named in one.
    many_lines = type("Scorer", (), {"__repr__": lambda self: "Scorer(\n  a=1,\n)"})()
    assert scorer_scale(many_lines).seen == "the scores of the custom scorer Scorer( a=1, )"
    # A scorer object of a share metric, as people pass one for routing or options.
    with sklearn.config_context(enable_metadata_routing=True):
        requested = get_scorer("accuracy").set_score_request(sample_weight=True)
    assert scorer_scale(requested).kind == "shares"
    assert scorer_scale(make_scorer(f1_score, average="macro")).kind == "shares"
    assert scorer_scale(make_scorer(fbeta_score, beta=2, greater_is_better=False)).kind == "shares"
    # Several metrics: each its own.
    scoring = {"acc": "accuracy", "mse": "neg_mean_squared_error"}
    assert scorer_scale(scoring, metric="acc").kind == "shares"
    assert scorer_scale(scoring, metric="mse").kind == "other"


# --------------------------------------------------------------------------
# the entry points
# --------------------------------------------------------------------------


class _CountingRidge(Ridge):
    fits = 0

    def fit(self, X, y, **kwargs):
        type(self).fits += 1
        return super().fit(X, y, **kwargs)


def test_the_comparator_refuses_before_any_split_runs():
    # The case: Ridge against Lasso on diabetes, errors near 3,000.
    X, y = load_diabetes(return_X_y=True)
    _CountingRidge.fits = 0
    comparator = RepeatedCVComparator(
        _CountingRidge(), Lasso(alpha=0.1), scoring="neg_mean_squared_error"
    )
    with pytest.raises(RopeUnitsError, match=re.escape("scoring='neg_mean_squared_error'")):
        comparator.fit(X, y)
    assert _CountingRidge.fits == 0
    cv = RepeatedKFold(n_splits=5, n_repeats=2, random_state=0)
    fitted = comparator.set_params(rope=100.0, cv=cv).fit(X, y)
    assert fitted.result_.rope == (-100.0, 100.0)
    # Several metrics: the share takes the default, the other needs its own rope.
    both = {"r2": "r2", "mse": "neg_mean_squared_error"}
    with pytest.raises(RopeUnitsError, match=re.escape("scoring='r2'")):
        comparator.set_params(scoring=both, rope="auto").fit(X, y)


def test_compare_estimators_refuses_before_any_split_runs():
    X, y = load_diabetes(return_X_y=True)
    _CountingRidge.fits = 0
    with pytest.raises(RopeUnitsError, match="must be given"):
        compare_estimators(
            {"ridge": _CountingRidge(), "lasso": Lasso()}, X, y, scoring="neg_mean_absolute_error"
        )
    assert _CountingRidge.fits == 0
    X, y = make_classification(n_samples=80, random_state=0)
    cv = KFold(5, shuffle=True, random_state=0)
    comparison = compare_estimators(
        {"nb": GaussianNB(), "dummy": DummyClassifier()}, X, y, cv=cv, scoring="accuracy"
    )
    assert comparison.rope == (-0.01, 0.01)


def test_a_search_comparison_reads_the_search_scorer():
    X, y = load_diabetes(return_X_y=True)
    cv = KFold(5, shuffle=True, random_state=0)
    search = GridSearchCV(
        Ridge(), {"alpha": [0.1, 10.0]}, scoring="neg_mean_squared_error", cv=cv
    ).fit(X, y)
    with pytest.raises(RopeUnitsError, match=re.escape("scoring='neg_mean_squared_error'")):
        compare_search_candidates(search, X, y)
    assert compare_search_candidates(search, X, y, rope=50.0).rope == (-50.0, 50.0)


def test_bayesian_refit_reads_the_scores_it_sees():
    X, y = load_diabetes(return_X_y=True)
    cv = KFold(5, shuffle=True, random_state=0)
    refit = bayesian_refit(test_train_ratio=1 / 4, complexity=lambda p: -p["alpha"])
    search = GridSearchCV(
        Ridge(), {"alpha": [0.1, 10.0]}, scoring="neg_mean_squared_error", cv=cv, refit=refit
    )
    with pytest.raises(RopeUnitsError, match=r"scores from -\d,\d{3} to -\d,\d{3}"):
        search.fit(X, y)
    given = bayesian_refit(rope=200.0, test_train_ratio=1 / 4, complexity=lambda p: -p["alpha"])
    assert search.set_params(refit=given).fit(X, y).best_index_ in (0, 1)


# --------------------------------------------------------------------------
# tables
# --------------------------------------------------------------------------


def _wide(scores, name="dataset"):
    rng = np.random.default_rng(0)
    levels = rng.uniform(0.6, 0.9, 12) * scores
    columns = {name: [f"d{i}" for i in range(12)]}
    columns |= {m: levels + rng.normal(0, 0.02 * scores, 12) for m in ("knn", "tree", "forest")}
    return columns


def test_a_table_of_shares_takes_one_point_without_a_word():
    table = ScoreTable.from_wide(_wide(1.0), dataset="dataset", greater_is_better=True)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        comparison = compare_models(table, random_state=0, ranking=False)
    assert comparison.rope == (-0.01, 0.01) and comparison.rope_default == "shares"
    given = compare_models(table, rope=0.02, random_state=0, ranking=False)
    assert given.rope_default is None


def test_a_table_in_percent_takes_one_point_and_says_so(tmp_path):
    path = tmp_path / "accuracy_percent.csv"
    columns = _wide(100.0)
    lines = ["dataset,knn,tree,forest"] + [
        f"{d},{a:.2f},{b:.2f},{c:.2f}"
        for d, a, b, c in zip(
            columns["dataset"], columns["knn"], columns["tree"], columns["forest"], strict=True
        )
    ]
    path.write_text("\n".join(lines) + "\n")
    table = ScoreTable.read_csv(path, greater_is_better=True)
    comparison = compare_models(table, random_state=0, ranking=False)
    assert comparison.rope == (-1.0, 1.0) and comparison.rope_default == "percent"
    assert "rope = [-1, 1] (one percentage point)" in comparison.summary()
    assert "the default: one point of scores in percent" in comparison.report(format="text")


def test_a_table_of_other_units_is_asked_naming_the_range(tmp_path, capsys):
    table = ScoreTable.from_wide(_wide(5000.0), dataset="dataset", greater_is_better=False)
    with pytest.raises(RopeUnitsError) as error:
        compare_models(table, random_state=0)
    text = _one_line(error)
    assert re.search(r"scores from -\d,\d{3} to -\d,\d{3} are not shares", text)
    # Following the advice.
    assert compare_models(table, rope=50.0, random_state=0, ranking=False).rope == (-50, 50)
    # The command: the flag named, in one line; --rope follows.
    path = tmp_path / "rmse.csv"
    path.write_text(table.to_csv(layout="wide"))
    assert main(["compare", str(path), "--lower-is-better"]) == 2
    errors = [line for line in capsys.readouterr().err.splitlines() if "error:" in line]
    assert len(errors) == 1
    assert "--rope must be given in the scores' units" in errors[0]
    assert "pass --rope <" in errors[0]
    assert main(["compare", str(path), "--lower-is-better", "--rope", "50"]) == 0
