"""The same numbers on every joblib backend and any ``n_jobs``, a dask cluster included."""

import numpy as np
import pytest
from joblib import parallel_config
from sklearn.datasets import load_breast_cancer, load_wine
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import RepeatedStratifiedKFold
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.tree import DecisionTreeClassifier

from sklearn_bayescmp import RepeatedCVComparator
from sklearn_bayescmp.replicability import ReplicabilityStudy

DATASETS = {"cancer": load_breast_cancer(return_X_y=True), "wine": load_wine(return_X_y=True)}


def _comparator(**kwargs):
    return RepeatedCVComparator(
        make_pipeline(StandardScaler(), LogisticRegression()),
        DecisionTreeClassifier(random_state=0),
        cv=RepeatedStratifiedKFold(n_splits=5, n_repeats=3, random_state=0),
        **kwargs,
    )


def _numbers(fitted):
    """Every score a fitted comparator or study produced, in a fixed order."""
    tables = fitted.tables_.values()  # a comparator's per metric, a study's per seed
    return np.concatenate(
        [table.scores(name).ravel() for table in tables for name in table.datasets]
    )


def _runs():
    X, y = DATASETS["cancer"]
    return {
        "fit": lambda **kw: _comparator(**kw).fit(X, y),
        "fit_datasets": lambda **kw: _comparator(**kw).fit_datasets(DATASETS),
        "replicability": lambda **kw: ReplicabilityStudy(
            _comparator(**kw), seeds=[0, 1]
        ).fit_datasets(DATASETS),
    }


@pytest.fixture(scope="module")
def sequential():
    return {name: _numbers(run(n_jobs=1)) for name, run in _runs().items()}


@pytest.mark.long
@pytest.mark.parametrize("backend", ["loky", "threading", "multiprocessing"])
def test_bit_identical_across_joblib_backends(sequential, backend):
    with parallel_config(backend=backend, n_jobs=2):
        for name, run in _runs().items():
            np.testing.assert_array_equal(_numbers(run()), sequential[name], err_msg=name)


@pytest.mark.long
def test_bit_identical_on_a_local_dask_cluster(sequential):
    distributed = pytest.importorskip("distributed")
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster),
        parallel_config(backend="dask"),
    ):
        for name, run in _runs().items():
            np.testing.assert_array_equal(_numbers(run()), sequential[name], err_msg=name)
