"""Warnings of sklearn-bayescmp (scikit-learn's own are reused where they fit).

Failed fits raise scikit-learn's :class:`~sklearn.exceptions.FitFailedWarning`
and unconverged samplers its :class:`~sklearn.exceptions.ConvergenceWarning`.
"""

__all__ = ["MissingScoresWarning"]


class MissingScoresWarning(UserWarning):
    """A table of scores has failed (NaN) or missing scores.

    Each is left out of the comparisons that involve its model, and counted
    in their results; nothing is imputed.
    """
