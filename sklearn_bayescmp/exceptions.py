"""Warnings and errors of sklearn-bayescmp (scikit-learn's own are reused where they fit).

Failed fits raise scikit-learn's :class:`~sklearn.exceptions.FitFailedWarning`
and unconverged samplers its :class:`~sklearn.exceptions.ConvergenceWarning`.
"""

__all__ = ["MissingScoresWarning", "TableReadingError"]


class TableReadingError(ValueError):
    """A table of scores that the reader cannot read with certainty, or that contradicts
    what it was told: no witness says a decision, or two witnesses disagree.

    The message says in one line what the reader looked at and the option that
    settles it; ``spec`` holds the reading it had reached, so that one field can
    be corrected and the spec passed back (``ScoreTable.read_csv(..., spec=)``,
    ``bayescmp compare --spec FILE``).

    Parameters
    ----------
    message : str
        What the reader looked at, and the option that settles it.
    spec : TableSpec, default=None
        The decisions taken before the refusal (the others None).

    See Also
    --------
    sklearn_bayescmp.tables.TableSpec : The spec to correct and pass back.

    Examples
    --------
    >>> from sklearn_bayescmp import ScoreTable
    >>> from sklearn_bayescmp.exceptions import TableReadingError
    >>> scores = {"dataset": ["a", "b", "c"], "knn": [0.2, 0.1, 0.3], "tree": [0.3, 0.2, 0.2]}
    >>> try:
    ...     ScoreTable.from_wide(scores)
    ... except TableReadingError as error:
    ...     spec = error.spec
    >>> spec.direction is None, spec.models
    (True, ('knn', 'tree'))
    >>> ScoreTable.from_wide(scores, spec=spec.decided("direction", "lower", "option")).models
    ('knn', 'tree')
    """

    def __init__(self, message, *, spec=None):
        super().__init__(message)
        self.spec = spec

    def __reduce__(self):
        return _table_reading_error, (str(self), self.spec)


def _table_reading_error(message, spec):
    """A :class:`TableReadingError` rebuilt from its message and spec (for pickling)."""
    return TableReadingError(message, spec=spec)


class MissingScoresWarning(UserWarning):
    """A table of scores has failed (NaN) or missing scores.

    Each is left out of the comparisons that involve its model, and counted
    in their results; nothing is imputed.

    See Also
    --------
    sklearn_bayescmp.ScoreTable : Warns with it when it reads such scores.
    sklearn_bayescmp.compare_models : Leaves them out of their model's pairs.

    Examples
    --------
    >>> import warnings
    >>> from sklearn_bayescmp import ScoreTable
    >>> from sklearn_bayescmp.exceptions import MissingScoresWarning
    >>> scores = {"dataset": ["a", "b", "c"], "knn": [0.9, None, 0.8], "tree": [0.8, 0.7, 0.7]}
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     table = ScoreTable.from_wide(scores, greater_is_better=True)
    >>> [warning.category is MissingScoresWarning for warning in caught]
    [True]
    """
