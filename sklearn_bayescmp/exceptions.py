"""Warnings of sklearn-bayescmp (scikit-learn's own are reused where they fit).

Failed fits raise scikit-learn's :class:`~sklearn.exceptions.FitFailedWarning`
and unconverged samplers its :class:`~sklearn.exceptions.ConvergenceWarning`.
"""

__all__ = ["MissingScoresWarning"]


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
    ...     table = ScoreTable.from_wide(scores, dataset="dataset")
    >>> [warning.category is MissingScoresWarning for warning in caught]
    [True]
    """
