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
    np.testing.assert_array_equal(resumed.differences_, uncached.differences_)
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
