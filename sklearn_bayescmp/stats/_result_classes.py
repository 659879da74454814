"""The classes of the results the back ends return (documented here, as SciPy does).

Results are read, not built: every back end, :func:`~sklearn_bayescmp.compare_models`
and the comparator return them. They are frozen dataclasses whose arrays are
read-only; Bayesian results hold ``prob_a_better``, ``prob_equivalent`` and
``prob_b_better`` and offer ``decision(threshold)``,
``credible_interval(prob, *, method, parameter)``, ``odds()`` and
``summary()``; frequentist results hold ``statistic`` and ``pvalue`` and
offer ``decision(alpha)``.
"""

from .._compare_models import FrequentistReference
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
    RankPosthocResult,
    TTestResult,
    WilcoxonTestResult,
)
from ._rope import PosteriorOdds, RopeDecision

__all__ = [
    "BayesianCorrelatedTTestResult",
    "ConfidenceInterval",
    "CredibleInterval",
    "DirichletProcessTestResult",
    "FTestResult",
    "FrequentistReference",
    "FriedmanTestResult",
    "HierarchicalTestResult",
    "PlackettLuceResult",
    "PoissonTestResult",
    "PosteriorOdds",
    "RankPosthocResult",
    "RopeDecision",
    "TTestResult",
    "WilcoxonTestResult",
]
