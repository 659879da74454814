"""sklearn-bayescmp: is model A really better than model B?

Paired repeated cross-validation of two scikit-learn estimators, with the
corrected repeated-CV t-test and the Bayesian correlated t-test, and decisions
on a region of practical equivalence (rope).
"""

from ._comparator import RepeatedCVComparator
from ._compare_models import FrequentistReference, ModelComparison, compare_models
from ._differences import CVDifferences
from ._results import (
    BayesianCorrelatedTTestResult,
    ConfidenceInterval,
    CredibleInterval,
    DirichletProcessTestResult,
    FriedmanTestResult,
    FTestResult,
    HierarchicalTestResult,
    PlackettLuceResult,
    PoissonTestResult,
    TTestResult,
    WilcoxonTestResult,
)
from ._score_table import ScoreTable

__version__ = "0.1.0.dev0"

__all__ = [
    "BayesianCorrelatedTTestResult",
    "CVDifferences",
    "ConfidenceInterval",
    "TTestResult",
    "CredibleInterval",
    "DirichletProcessTestResult",
    "FTestResult",
    "FrequentistReference",
    "FriedmanTestResult",
    "HierarchicalTestResult",
    "ModelComparison",
    "PlackettLuceResult",
    "PoissonTestResult",
    "RepeatedCVComparator",
    "ScoreTable",
    "WilcoxonTestResult",
    "__version__",
    "compare_models",
]
