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


__all__ = [
    "HasMethods",
    "LiveOptions",
    "Interval",
    "InvalidParameterError",
    "StrOptions",
    "_fit_context",
    "_safe_indexing",
    "validate_params",
]
