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
"""

from sklearn.base import _fit_context
from sklearn.utils import _safe_indexing
from sklearn.utils._param_validation import (
    HasMethods,
    Interval,
    InvalidParameterError,
    StrOptions,
    validate_params,
)

__all__ = [
    "HasMethods",
    "Interval",
    "InvalidParameterError",
    "StrOptions",
    "_fit_context",
    "_safe_indexing",
    "validate_params",
]
