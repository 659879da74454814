"""Resuming an interrupted comparison from the ``memory`` cache."""

from pathlib import Path

import joblib
import numpy as np
import pytest
from sklearn.model_selection import RepeatedStratifiedKFold
from sklearn.naive_bayes import GaussianNB

from sklearn_bayescmp import RepeatedCVComparator
from sklearn_bayescmp.replicability import ReplicabilityStudy
from tests._estimators import LoggedFits

N_SPLITS = 5 * 4


@pytest.fixture
def data():
    rng = np.random.default_rng(0)
    n = 80
    X = np.column_stack([np.arange(n), rng.normal(size=n)])
    y = (X[:, 1] + rng.normal(scale=0.5, size=n) > 0).astype(int)
    return X, y


def _comparator(log, memory, *, offset=0.0, seed=0):
    return RepeatedCVComparator(
        LoggedFits(log=str(log), offset=offset),
        GaussianNB(),
        cv=RepeatedStratifiedKFold(n_splits=5, n_repeats=4, random_state=seed),
        memory=memory,
    )


def _fitted_splits(log):
    return Path(log).read_text().splitlines() if Path(log).exists() else []


def test_interrupted_run_resumes_without_refitting_finished_splits(tmp_path, data):
    X, y = data
    log, cache = tmp_path / "fits.log", tmp_path / "cache"
    Path(f"{log}.fuse").write_text("7")  # Ctrl-C during the 8th split
    with pytest.raises(KeyboardInterrupt):
        _comparator(log, cache).fit(X, y)
    finished = _fitted_splits(log)
    assert len(finished) == 7

    Path(f"{log}.fuse").unlink()
    resumed = _comparator(log, cache).fit(X, y)
    refitted = _fitted_splits(log)[len(finished) :]
    # Only the 13 unfinished splits ran again; none of the finished ones.
    assert len(refitted) == N_SPLITS - 7
    assert not set(refitted) & set(finished)

    uncached = _comparator(tmp_path / "other.log", None).fit(X, y)
    np.testing.assert_array_equal(
        resumed.cv_results_["difference"], uncached.cv_results_["difference"]
    )
    assert resumed.result_ == uncached.result_


def test_a_complete_run_is_not_refitted(tmp_path, data):
    X, y = data
    log = tmp_path / "fits.log"
    memory = joblib.Memory(tmp_path / "cache", verbose=0)
    first = _comparator(log, memory).fit(X, y)
    second = _comparator(log, memory).fit(X, y)
    assert len(_fitted_splits(log)) == N_SPLITS
    np.testing.assert_array_equal(first.fit_times_, second.fit_times_)


@pytest.mark.parametrize(
    "change",
    ["estimator parameters", "data", "splits", "scorer"],
)
def test_cache_key_covers_what_decides_a_split(tmp_path, data, change):
    X, y = data
    log, cache = tmp_path / "fits.log", tmp_path / "cache"
    _comparator(log, cache).fit(X, y)
    comparator = _comparator(log, cache)
    if change == "estimator parameters":
        comparator.set_params(estimator_a__offset=0.5)
    elif change == "data":
        X = X.copy()
        X[:, 1] += 1.0
    elif change == "splits":
        comparator.set_params(cv=RepeatedStratifiedKFold(n_splits=5, n_repeats=4, random_state=1))
    else:
        comparator.set_params(scoring="balanced_accuracy")
    comparator.fit(X, y)
    assert len(_fitted_splits(log)) == 2 * N_SPLITS


def test_memory_accepts_a_path_object_and_fit_datasets_uses_it(tmp_path, data):
    X, y = data
    log = tmp_path / "fits.log"
    datasets = {"one": (X, y), "two": (X[:60], y[:60])}
    _comparator(log, tmp_path / "cache").fit_datasets(datasets)
    _comparator(log, tmp_path / "cache").fit_datasets(datasets)
    assert len(_fitted_splits(log)) == 2 * N_SPLITS


def test_replicability_study_resumes_too(tmp_path, data):
    X, y = data
    log = tmp_path / "fits.log"
    comparator = RepeatedCVComparator(
        LoggedFits(log=str(log)), GaussianNB(), memory=str(tmp_path / "cache")
    )
    ReplicabilityStudy(comparator, seeds=[0, 1]).fit_datasets({"one": (X, y)})
    first = len(_fitted_splits(log))
    ReplicabilityStudy(comparator, seeds=[0, 1]).fit_datasets({"one": (X, y)})
    assert first == 2 * 100 and len(_fitted_splits(log)) == first


# -- the key covers code, not only names --------------------------------------

_USER_CODE = '''
import numpy as np
from sklearn.base import BaseEstimator, ClassifierMixin

THRESHOLD = {threshold}


def scorer(estimator, X, y):
    return float(np.mean(estimator.predict(X) == y)) {scorer_change}


def transform(X):
    return X {transform_change}


class Stump(ClassifierMixin, BaseEstimator):
    """Predicts 1 where column 1 exceeds THRESHOLD."""

    def fit(self, X, y):
        self.classes_ = np.array([0, 1])
        return self

    def predict(self, X):
        return (X[:, 1] > THRESHOLD {stump_change}).astype(int)
'''


def _user_module(directory, **changes):
    """Write (or rewrite) the module ``user_code`` in ``directory`` and import it afresh."""
    import importlib
    import sys

    values = {"threshold": "0.0", "scorer_change": "", "transform_change": "", "stump_change": ""}
    (directory / "user_code.py").write_text(_USER_CODE.format(**{**values, **changes}))
    sys.path.insert(0, str(directory))
    try:
        sys.modules.pop("user_code", None)
        importlib.invalidate_caches()
        return importlib.import_module("user_code")
    finally:
        sys.path.remove(str(directory))
        sys.modules.pop("user_code", None)


def _code_comparator(module, memory):
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import FunctionTransformer

    return RepeatedCVComparator(
        make_pipeline(FunctionTransformer(module.transform), module.Stump()),
        GaussianNB(),
        rope=0.01,
        scoring=module.scorer,
        cv=RepeatedStratifiedKFold(n_splits=5, n_repeats=2, random_state=0),
        memory=memory,
    )


@pytest.mark.parametrize(
    "change",
    [
        {"scorer_change": "* 0.5"},  # the body of a custom scorer
        {"stump_change": "+ 0.5"},  # a method of an estimator's class
        {"transform_change": "+ 1.0"},  # the function inside a FunctionTransformer
        {"threshold": "0.5"},  # a module constant that a method reads
    ],
    ids=["scorer body", "estimator method", "FunctionTransformer function", "global constant"],
)
def test_a_change_of_code_is_never_served_from_the_cache(tmp_path, data, change):
    X, y = data
    cache = tmp_path / "cache"
    before = _code_comparator(_user_module(tmp_path), cache).fit(X, y)
    changed = _user_module(tmp_path, **change)
    cached = _code_comparator(changed, cache).fit(X, y)
    uncached = _code_comparator(changed, None).fit(X, y)
    np.testing.assert_array_equal(
        cached.cv_results_["test_score_a"], uncached.cv_results_["test_score_a"]
    )
    np.testing.assert_array_equal(
        cached.cv_results_["test_score_b"], uncached.cv_results_["test_score_b"]
    )
    assert not np.array_equal(
        cached.cv_results_["test_score_a"], before.cv_results_["test_score_a"]
    )
    # The same code again is served from the cache (the fit times are the stored ones).
    again = _code_comparator(_user_module(tmp_path, **change), cache).fit(X, y)
    np.testing.assert_array_equal(again.fit_times_, cached.fit_times_)


def test_a_lambda_inside_a_pipeline_is_keyed_by_its_code(tmp_path, data):
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import FunctionTransformer

    X, y = data

    def comparator(function):
        return RepeatedCVComparator(
            make_pipeline(FunctionTransformer(function), GaussianNB()),
            GaussianNB(),
            cv=RepeatedStratifiedKFold(n_splits=5, n_repeats=2, random_state=0),
            memory=tmp_path / "cache",
        )

    first = comparator(lambda z: z).fit(X, y)
    again = comparator(lambda z: z).fit(X, y)  # another lambda, the same code: reused
    np.testing.assert_array_equal(again.fit_times_, first.fit_times_)
    flipped = comparator(lambda z: -z * z).fit(X, y)  # other code: fitted again
    assert not np.array_equal(flipped.fit_times_[:, 0], first.fit_times_[:, 0])
    np.testing.assert_array_equal(flipped.fit_times_[:, 1], first.fit_times_[:, 1])


class _Unpicklable(float):
    """A number that copies but cannot be pickled (as an object holding a lock or a handle)."""

    def __deepcopy__(self, memo):
        return self

    def __reduce_ex__(self, protocol):
        raise TypeError("cannot pickle '_Unpicklable' object")


def test_what_cannot_be_fingerprinted_runs_uncached_and_says_so_once(tmp_path, data):
    X, y = data
    log = tmp_path / "fits.log"
    comparator = _comparator(log, tmp_path / "cache")
    comparator.set_params(estimator_a=LoggedFits(log=str(log), offset=_Unpicklable(0.0)))
    expected = r"^memory: the fits of estimator_a run uncached: its parameter offset="
    with pytest.warns(UserWarning, match=expected) as record:
        comparator.fit(X, y)
    messages = [str(w.message) for w in record if "memory:" in str(w.message)]
    assert len(messages) == 1 and "\n" not in messages[0]
    assert "cannot pickle '_Unpicklable' object" in messages[0]
    first_times = comparator.fit_times_.copy()
    with pytest.warns(UserWarning, match=expected):
        comparator.fit(X, y)
    # estimator_a was fitted twice; estimator_b (GaussianNB) came from the cache.
    assert len(_fitted_splits(log)) == 2 * N_SPLITS
    np.testing.assert_array_equal(comparator.fit_times_[:, 1], first_times[:, 1])
