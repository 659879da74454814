"""sklearn-bayescmp: is model A really better than model B?

Paired repeated cross-validation of scikit-learn estimators, with the
corrected repeated-CV t-test and the Bayesian correlated t-test, decisions on
a region of practical equivalence (rope), and comparisons of many models on
many data sets from any table of scores.

The public names are imported on first use (PEP 562), so that importing the
package, or running ``bayescmp --help``, does not load scikit-learn and SciPy.
"""

from .utils._lazy import lazy_names

__version__ = "0.1.0.dev0"

#: Where each public name lives. The back ends and the classes of their
#: results are in :mod:`sklearn_bayescmp.stats`.
_LOCATIONS = {
    "RepeatedCVComparator": "._comparator",
    "ModelComparison": "._compare_models",
    "DatasetTests": "._comparison_record",
    "compare_models": "._compare_models",
    "CVDifferences": "._differences",
    "ScoreTable": "._score_table",
}

__all__ = sorted([*_LOCATIONS, "__version__"])


__getattr__, __dir__ = lazy_names(__name__, _LOCATIONS)
