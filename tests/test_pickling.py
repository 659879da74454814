"""Every public result, record, table and fitted estimator pickles and unpickles equal.

A long run's results are kept with pickle (joblib, multiprocessing, a
notebook's state): the test walks every public class, builds one of each and
checks the round trip, field by field.
"""

import dataclasses
import importlib
import inspect
import pickle
import warnings

import numpy as np
import pytest
from sklearn.base import BaseEstimator
from sklearn.exceptions import ConvergenceWarning
from sklearn.model_selection import RepeatedStratifiedKFold
from sklearn.naive_bayes import GaussianNB
from sklearn.tree import DecisionTreeClassifier

from sklearn_bayescmp import CVDifferences, RepeatedCVComparator, ScoreTable, compare_models, stats
from sklearn_bayescmp.exceptions import RopeUnitsError, TableReadingError
from sklearn_bayescmp.replicability import ReplicabilityStudy, replicability_summary
from tests.test_public_api import PUBLIC_MODULES

RNG = np.random.default_rng(0)
RECORDS = {
    f"d{i}": CVDifferences(
        RNG.normal(0.01, 0.02, 20),
        n_train=90,
        n_test=10,
        scores_a=RNG.random(20),
        scores_b=RNG.random(20),
        name=f"d{i}",
    )
    for i in range(6)
}
X = np.column_stack([np.arange(60.0), RNG.normal(size=60)])
Y = np.arange(60) % 2
CV = RepeatedStratifiedKFold(n_splits=5, n_repeats=2, random_state=0)


def _table():
    scores = {name: RNG.random((3, 10)) for name in RECORDS}
    return ScoreTable(scores, models=["a", "b", "c"], test_train_ratio=1 / 9)


def _quiet(function, *args, **kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)  # short chains
        return function(*args, **kwargs)


def _race():
    from sklearn.linear_model import LogisticRegression

    from sklearn_bayescmp.model_selection import RaceSearchCV

    search = RaceSearchCV(LogisticRegression(), {"C": [1e-4, 1.0]}, cv=CV, min_folds=5, step=5)
    return search.fit(X, Y)


_SHORT = {"n_chains": 2, "n_warmup": 50, "n_draws": 60, "random_state": 0}
#: One instance of every public class that a user receives or builds and may keep.
FACTORIES = {
    "CVDifferences": lambda: RECORDS["d0"],
    "ScoreTable": _table,
    "BayesianCorrelatedTTestResult": lambda: stats.bayesian_correlated_ttest(RECORDS["d0"]),
    "TTestResult": lambda: stats.corrected_ttest(RECORDS["d0"]),
    "ConfidenceInterval": lambda: stats.corrected_ttest(RECORDS["d0"]).confidence_interval(),
    "CredibleInterval": lambda: stats.bayesian_correlated_ttest(RECORDS["d0"]).credible_interval(),
    "PoissonTestResult": lambda: stats.poisson_test(RECORDS),
    "DirichletProcessTestResult": lambda: stats.signed_rank_test(RECORDS, random_state=0),
    "HierarchicalTestResult": lambda: _quiet(stats.hierarchical_test, RECORDS, **_SHORT),
    "WilcoxonTestResult": lambda: stats.wilcoxon_test(RECORDS),
    "FTestResult": lambda: stats.combined_ftest_5x2cv(RNG.normal(size=(5, 2))),
    "FriedmanTestResult": lambda: stats.friedman_test(RNG.random((8, 3))),
    "RankPosthocResult": lambda: stats.rank_posthoc([1.5, 2.0, 2.5], 10, method="shaffer"),
    "PlackettLuceResult": lambda: stats.plackett_luce_ranking(RNG.random((8, 3)), random_state=0),
    "ModelComparison": lambda: _quiet(
        compare_models, _table(), test="signed_rank", random_state=0, n_draws=500
    ),
    "DatasetTests": lambda: compare_models(
        _table().select(models=["a", "b"]), random_state=0
    ).per_dataset["d0"],
    "UnitsDiffer": lambda: (
        ScoreTable(
            {"small": RNG.random((2, 5)), "large": 100 * RNG.random((2, 5))},
            models=["a", "b"],
        ).units
    ),
    "FrequentistReference": lambda: (
        compare_models(_table(), test="signed_rank", n_draws=500).reference
    ),
    "NormalGammaPrior": lambda: stats.NormalGammaPrior(0.0, 1.0, 2.0, 0.01),
    "PosteriorOdds": lambda: stats.bayesian_correlated_ttest(RECORDS["d0"]).odds(),
    "RopeDecision": lambda: stats.bayesian_correlated_ttest(RECORDS["d0"]).rope_decision(),
    "RepeatedCVComparator": lambda: RepeatedCVComparator(
        GaussianNB(), DecisionTreeClassifier(random_state=0), cv=CV
    ).fit(X, Y),
    "ReplicabilityStudy": lambda: ReplicabilityStudy(
        RepeatedCVComparator(GaussianNB(), DecisionTreeClassifier(random_state=0), cv=CV),
        seeds=[0, 1],
    ).fit(X, Y),
    "ReplicabilitySummary": lambda: replicability_summary([["a", "b"], ["a", "a"]]),
    "Reading": lambda: _table().reading,
    "TableSpec": lambda: _table().spec,
    "TableReadingError": lambda: TableReadingError(
        "refused", spec=_table().spec, field="direction", option="greater_is_better"
    ),
    "RopeUnitsError": lambda: RopeUnitsError("scores from 2,100 to 9,400", name="rope"),
    "RaceSearchCV": lambda: _race(),
    "RaceRecord": lambda: _race().race_,
    "RaceLook": lambda: _race().race_.looks[0],
}
#: Public classes that are not kept results: displays hold matplotlib figures
#: (scikit-learn's displays do not pickle either), warnings are raised.
NOT_KEPT = {"Display", "Warning"}


def _public_classes():
    for module_name in PUBLIC_MODULES:
        module = importlib.import_module(module_name)
        for name in module.__all__:
            obj = getattr(module, name)
            if inspect.isclass(obj) and not any(name.endswith(kind) for kind in NOT_KEPT):
                yield name


def test_every_public_class_has_a_case():
    assert set(_public_classes()) == set(FACTORIES)


def _assert_same(left, right, path="value", seen=None):
    """Equality of everything a user can read, recursively, NaN equal to NaN."""
    seen = set() if seen is None else seen
    assert type(left) is type(right), f"{path}: {type(left)} != {type(right)}"
    if isinstance(left, np.ndarray):
        np.testing.assert_array_equal(left, right, err_msg=path)
        assert left.flags.writeable == right.flags.writeable, f"{path}: writeable flag"
    elif isinstance(left, float):
        assert left == right or (np.isnan(left) and np.isnan(right)), path
    elif isinstance(left, (str, bytes, int, bool, type(None), np.generic)):
        assert left == right or (left != left and right != right), path
    elif isinstance(left, dict) or hasattr(left, "keys") and hasattr(left, "__getitem__"):
        assert list(left.keys()) == list(right.keys()), path
        for key in left:
            _assert_same(left[key], right[key], f"{path}[{key!r}]", seen)
    elif isinstance(left, (list, tuple)):
        assert len(left) == len(right), path
        for i, (a, b) in enumerate(zip(left, right, strict=True)):
            _assert_same(a, b, f"{path}[{i}]", seen)
    elif callable(left) and not hasattr(left, "__dict__"):
        assert repr(left) == repr(right), path
    else:
        if id(left) in seen:
            return
        seen.add(id(left))
        if dataclasses.is_dataclass(left):
            state = {field.name: getattr(left, field.name) for field in dataclasses.fields(left)}
            other = {field.name: getattr(right, field.name) for field in dataclasses.fields(right)}
        elif isinstance(left, BaseEstimator) or hasattr(left, "__dict__"):
            state, other = vars(left), vars(right)
        else:
            state, other = {"repr": repr(left)}, {"repr": repr(right)}
        _assert_same(state, other, path, seen)


@pytest.mark.parametrize("name", sorted(FACTORIES))
def test_pickles_and_unpickles_equal(name):
    value = FACTORIES[name]()
    assert type(value).__name__ == name
    restored = pickle.loads(pickle.dumps(value))
    _assert_same(value, restored, name)
