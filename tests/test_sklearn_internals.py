"""The scikit-learn internals the package relies on, checked so that a change fails here.

Every private scikit-learn name is imported in ``sklearn_bayescmp/utils/_sklearn.py``
and nowhere else; these tests pin the behaviour that module promises.
"""

import pathlib
import re
from numbers import Integral, Real

import numpy as np
import pytest
from sklearn.base import BaseEstimator
from sklearn.metrics import f1_score, get_scorer, make_scorer, roc_auc_score
from sklearn.model_selection import GridSearchCV, KFold, PredefinedSplit, cross_validate
from sklearn.svm import SVC

import sklearn_bayescmp
from sklearn_bayescmp import RepeatedCVComparator
from sklearn_bayescmp._engine._fit import slice_params, split_data
from sklearn_bayescmp.utils._sklearn import (
    BaseSearchCV,
    HasMethods,
    Interval,
    InvalidParameterError,
    LiveOptions,
    StrOptions,
    _fit_context,
    _safe_indexing,
    score_function,
    validate_params,
)
from tests._imports import loaded_by_import
from tests._messages import naming

PACKAGE = pathlib.Path(sklearn_bayescmp.__file__).parent
#: ``from sklearn... import _name`` or an import from a private sklearn module.
PRIVATE_IMPORT = re.compile(
    r"^\s*(from\s+sklearn[\w.]*\._\w+[\w.]*\s+import|from\s+sklearn[\w.]*\s+import\s+.*\b_[a-z]\w*)",
    re.MULTILINE,
)


def test_only_one_module_imports_private_scikit_learn_names():
    offenders = []
    for path in PACKAGE.rglob("*.py"):
        if path.name == "_sklearn.py":
            continue
        for match in PRIVATE_IMPORT.finditer(path.read_text()):
            offenders.append(f"{path.relative_to(PACKAGE)}: {match.group(0).strip()}")
    assert not offenders, offenders


def test_safe_indexing_takes_rows_of_every_container():
    pandas = pytest.importorskip("pandas")
    rows = np.array([2, 0])
    np.testing.assert_array_equal(_safe_indexing(np.arange(12).reshape(4, 3), rows)[:, 0], [6, 0])
    assert _safe_indexing(["a", "b", "c"], rows) == ["c", "a"]
    frame = pandas.DataFrame({"x": [10, 11, 12]})
    assert _safe_indexing(frame, rows)["x"].tolist() == [12, 10]


def test_str_options_read_live_options_when_checking():
    names = ["a", "b"]

    @validate_params(
        {"how": [StrOptions(LiveOptions(lambda: names))]}, prefer_skip_nested_validation=True
    )
    def f(how):
        return how

    assert f("a") == "a"
    names.append("c")  # an option added after the function was decorated
    assert f("c") == "c"
    with pytest.raises(InvalidParameterError, match=naming("{'a', 'b', 'c'}", "'d'")):
        f("d")


def test_validate_params_gives_scikit_learns_sentence():
    @validate_params(
        {"n": [Interval(Integral, 1, None, closed="left")], "how": [StrOptions({"a", "b"})]},
        prefer_skip_nested_validation=True,
    )
    def f(n, how="a"):
        return n

    assert f(3) == 3
    message = r"The 'n' parameter of \S*f must be an int in the range \[1, inf\)\. Got 0 instead\."
    with pytest.raises(InvalidParameterError, match=message):
        f(0)
    with pytest.raises(InvalidParameterError, match=naming("'how'", "str")):
        f(1, how="c")
    # InvalidParameterError is both a ValueError and a TypeError.
    assert issubclass(InvalidParameterError, ValueError)
    assert issubclass(InvalidParameterError, TypeError)


def test_fit_context_validates_declared_constraints_before_fit():
    class Probe(BaseEstimator):
        _parameter_constraints = {
            "rate": [Interval(Real, 0, 1, closed="neither")],
            "model": [HasMethods(["fit"])],
        }

        def __init__(self, rate=0.5, model=None):
            self.rate = rate
            self.model = model

        @_fit_context(prefer_skip_nested_validation=True)
        def fit(self, X=None):
            self.fitted_ = True
            return self

    assert Probe(model=SVC()).fit().fitted_
    with pytest.raises(InvalidParameterError, match=r"The 'rate' parameter of Probe"):
        Probe(rate=2.0, model=SVC()).fit()
    with pytest.raises(InvalidParameterError, match=r"The 'model' parameter of Probe"):
        Probe(model="svc").fit()
    with pytest.raises(InvalidParameterError, match=r"The 'n_jobs' parameter"):
        RepeatedCVComparator(SVC(), SVC(), n_jobs="all").fit(np.ones((4, 1)), [0, 1, 0, 1])


def test_splitting_matches_cross_validate_on_a_precomputed_kernel():
    # Pairwise estimators take the kernel's rows of the split and the
    # training columns: what cross_validate (scikit-learn's _safe_split) does.
    rng = np.random.default_rng(0)
    X = rng.normal(size=(40, 3))
    y = (X[:, 0] > 0).astype(int)
    kernel = X @ X.T
    cv = KFold(4, shuffle=True, random_state=0)
    model = SVC(kernel="precomputed")
    reference = cross_validate(model, kernel, y, cv=cv)["test_score"]
    cmp = RepeatedCVComparator(model, SVC(kernel="precomputed", C=0.1), cv=cv).fit(kernel, y)
    np.testing.assert_array_equal(cmp.cv_results_["test_score_a"], reference)
    train, test = next(cv.split(kernel, y))
    X_test, y_test = split_data(model, kernel, y, test, train)
    assert X_test.shape == (len(test), len(train))
    np.testing.assert_array_equal(X_test, kernel[np.ix_(test, train)])
    with pytest.raises(ValueError, match="square"):
        split_data(model, X, y, test, train)


def test_slice_params_cuts_sample_aligned_values_only():
    params = {
        "sample_weight": np.arange(6.0),
        "listed": [0, 1, 2, 3, 4, 5],
        "scalar": 3,
        "text": "abcdef",  # a string of the right length is not sample-aligned
        "other_length": np.arange(4),
        "mapping": {"a": 1},
    }
    sliced = slice_params(params, np.array([1, 4]), 6)
    np.testing.assert_array_equal(sliced["sample_weight"], [1.0, 4.0])
    assert list(sliced["listed"]) == [1, 4]
    assert sliced["scalar"] == 3 and sliced["text"] == "abcdef"
    np.testing.assert_array_equal(sliced["other_length"], np.arange(4))
    assert sliced["mapping"] == {"a": 1}


class _TwoBlocks(BaseSearchCV):
    """The contract RaceSearchCV builds on: one evaluation per block of splits, the
    extra columns, the refitted row chosen by the search."""

    def __init__(self, estimator, *, cv=None, refit=True):
        super().__init__(estimator, cv=cv, refit=refit)

    def _run_search(self, evaluate_candidates):
        for start in (0, 2):  # splits 0-1, then 2-3, of four tenths of the rows
            blocks = np.repeat([-1, -1, -1, -1], 10)
            blocks[start * 10 : (start + 2) * 10] = np.repeat([0, 1], 10)
            evaluate_candidates(
                [{"C": 1.0}, {"C": 0.1}][: 2 - start // 2],
                cv=PredefinedSplit(blocks),
                more_results={"block": [start] * (2 - start // 2)},
            )

    def _select_best_index(self, refit, refit_metric, results):
        return len(results["params"]) - 1


def test_base_search_cv_evaluates_blocks_and_lets_the_search_choose():
    X, y = np.arange(80.0).reshape(40, 2), np.repeat([0, 1], 20)
    search = _TwoBlocks(SVC(), cv=KFold(2)).fit(X, y)
    results = search.cv_results_
    # Three rows (two candidates on the first block, one on the second), two splits each.
    assert results["params"] == [{"C": 1.0}, {"C": 0.1}, {"C": 1.0}]
    assert list(results["block"]) == [0, 0, 2] and "split1_test_score" in results
    assert "split2_test_score" not in results
    assert search.best_index_ == 2 and search.best_params_ == {"C": 1.0}
    assert search.best_score_ == results["mean_test_score"][2]


def test_score_function_is_the_metric_a_scorer_object_computes():
    assert score_function(get_scorer("roc_auc")) is roc_auc_score
    assert score_function(make_scorer(f1_score, average="macro")) is f1_score
    assert score_function(f1_score) is None  # a metric, not a scorer
    assert score_function("accuracy") is None


def test_the_statistics_import_no_search_machinery():
    # BaseSearchCV is imported when asked for: sklearn.model_selection brings in
    # sklearn.metrics and, with scikit-learn 1.9, rich, which the statistics never use.
    loaded = loaded_by_import("sklearn_bayescmp.stats", ["sklearn.model_selection", "rich"])
    assert loaded == []
    # What the import does load is seen (the empty list above is not a failed look).
    assert loaded_by_import("sklearn_bayescmp.stats", ["sklearn.utils.parallel"]) == [
        "sklearn.utils.parallel"
    ]
    assert issubclass(GridSearchCV, BaseSearchCV)
