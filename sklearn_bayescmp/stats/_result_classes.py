"""The classes of the results the back ends return (documented here, as SciPy does).

Results are read, not built: every back end, :func:`~sklearn_bayescmp.compare_models`
and the comparator return them. They are frozen dataclasses whose arrays are
read-only; Bayesian results hold ``prob_a_better``, ``prob_equivalent`` and
``prob_b_better`` and offer ``decision(threshold)``,
``credible_interval(prob, *, method, parameter)``, ``odds()`` and
``summary()``; frequentist results hold ``statistic`` and ``pvalue`` and
offer ``decision(alpha)``.
"""

from ._correlated_t import BayesianCorrelatedTTestResult, TTestResult
from ._frequentist import FTestResult, WilcoxonTestResult
from ._friedman import FriedmanTestResult
from ._hierarchical import HierarchicalTestResult
from ._poisson import PoissonTestResult
from ._posthoc import RankPosthocResult
from ._ranking import PlackettLuceResult
from ._reference import FrequentistReference
from ._results import ConfidenceInterval, CredibleInterval
from ._rope import PosteriorOdds, RopeDecision
from ._sign import DirichletProcessTestResult

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
