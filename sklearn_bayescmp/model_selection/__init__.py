"""Bayesian comparisons inside model-selection loops.

- :class:`RaceSearchCV` searches a grid of candidates as
  :class:`~sklearn.model_selection.GridSearchCV` does, but stops spending folds
  on a candidate once the Bayesian correlated t-test says it is practically
  worse than the leader (a race).
- :func:`compare_search_candidates` takes a fitted ``GridSearchCV`` or
  ``RandomizedSearchCV`` (or any object with ``cv_results_`` holding per-split
  test scores), recovers each split's train/test sizes from ``search.cv`` and
  the data, and compares the candidates pairwise with
  :func:`~sklearn_bayescmp.compare_models`.
- :func:`compare_estimators` fits a handful of named estimators on shared
  splits in one parallel dispatch (the engine of the comparator, with its
  cache) and compares every pair with :func:`~sklearn_bayescmp.compare_models`.
- :func:`bayesian_refit` is a ``refit`` rule for a search: the simplest
  candidate that is not practically worse than the best-ranked one.
"""

from ._race import RaceLook, RaceRecord, RaceSearchCV
from ._search_comparison import bayesian_refit, compare_estimators, compare_search_candidates

__all__ = [
    "RaceLook",
    "RaceRecord",
    "RaceSearchCV",
    "bayesian_refit",
    "compare_estimators",
    "compare_search_candidates",
]
