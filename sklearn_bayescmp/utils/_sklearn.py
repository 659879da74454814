"""The scikit-learn internals this package relies on, in one place.

scikit-learn has no public API for these, and every other import of the
package goes through scikit-learn's public API. Each name below is private in
scikit-learn and may change between releases; ``tests/test_sklearn_internals.py``
checks the behaviour this package relies on, so that a change fails loudly
there rather than quietly elsewhere.

- ``validate_params``, ``Interval``, ``StrOptions``, ``HasMethods`` and
  ``InvalidParameterError``: the declared parameter constraints that give
  every function and estimator scikit-learn's own error sentence ("The
  'n_repeats' parameter of ... must be ...").
- ``_fit_context``: validates an estimator's ``_parameter_constraints`` before
  ``fit`` runs, as every scikit-learn estimator does.
- ``_safe_indexing``: rows of arrays, lists, sparse matrices and dataframes
  alike. It is listed in scikit-learn's API reference and, from 1.7 on, in
  ``sklearn.utils.__all__``, but keeps its underscore.
- ``BaseSearchCV``: the search that ``GridSearchCV`` and ``HalvingGridSearchCV``
  are made of. ``RaceSearchCV`` is one more, as scikit-learn builds its own:
  ``_run_search(evaluate_candidates)`` calls ``evaluate_candidates(candidates,
  cv=..., more_results=...)`` once per block of folds, and
  ``_select_best_index(refit, refit_metric, results)`` picks the refitted row.
- :func:`score_function`: the metric a scorer object made by ``make_scorer`` or
  ``get_scorer`` computes (its ``_score_func``), so that a scorer of accuracy
  passed as an object takes the rope of accuracy's units, as its name would.

:class:`LiveOptions` lets ``StrOptions`` read its options when a value is
checked (the registry's tests, which a new back end extends), not when the
function is decorated.
"""

from collections.abc import Set

from sklearn.base import _fit_context
from sklearn.utils import _safe_indexing
from sklearn.utils._param_validation import (
    HasMethods,
    Interval,
    InvalidParameterError,
    StrOptions,
    validate_params,
)


class LiveOptions(Set):
    """The options of ``StrOptions``, read each time a value is checked or listed.

    Parameters
    ----------
    names : callable
        Returns the options (an iterable of str), in the order messages list them.
    """

    def __init__(self, names):
        self._names = names

    def __contains__(self, value):
        return value in self._names()

    def __iter__(self):
        return iter(self._names())

    def __len__(self):
        return len(self._names())

    @classmethod
    def _from_iterable(cls, iterable):
        return frozenset(iterable)  # set operations give plain sets


def score_function(scorer):
    """The metric function a scikit-learn scorer object computes, or None.

    Parameters
    ----------
    scorer : object
        A scorer from ``make_scorer`` or ``get_scorer`` (metadata requests set or
        not); anything else gives None.

    Returns
    -------
    callable or None
    """
    function = getattr(scorer, "_score_func", None)
    return function if callable(function) else None


def __getattr__(name):
    # BaseSearchCV is imported when asked for: sklearn.model_selection brings in
    # sklearn.metrics and, from scikit-learn 1.9, rich (about 7 MiB and 120 modules),
    # which the statistics alone never use.
    if name == "BaseSearchCV":
        from sklearn.model_selection._search import BaseSearchCV

        return BaseSearchCV
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [  # and BaseSearchCV, by __getattr__
    "HasMethods",
    "LiveOptions",
    "Interval",
    "InvalidParameterError",
    "StrOptions",
    "_fit_context",
    "_safe_indexing",
    "score_function",
    "validate_params",
]
