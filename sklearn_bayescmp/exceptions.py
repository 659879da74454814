"""Warnings and errors of sklearn-bayescmp (scikit-learn's own are reused where they fit).

Failed fits raise scikit-learn's :class:`~sklearn.exceptions.FitFailedWarning`
and unconverged samplers its :class:`~sklearn.exceptions.ConvergenceWarning`.
"""

__all__ = ["MissingScoresWarning", "RopeUnitsError", "TableReadingError"]


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
    field : str, default=None
        The spec's field that settles it ("direction", "design",
        "fold_suffix", "layout", "scale", "units", "left_out",
        "columns.dataset"...), where one does.
    option : str, default=None
        The reader's option that gives that field ("greater_is_better",
        "design", "fold_suffix", "layout", "dataset"...), where one does;
        None where only the spec sets it.

    Attributes
    ----------
    spec : TableSpec or None
    field : str or None
    option : str or None

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
    ...     spec, field, option = error.spec, error.field, error.option
    >>> spec.direction is None, spec.models, field, option
    (True, ('knn', 'tree'), 'direction', 'greater_is_better')
    >>> ScoreTable.from_wide(scores, spec=spec.decided("direction", "lower", "option")).models
    ('knn', 'tree')
    """

    def __init__(self, message, *, spec=None, field=None, option=None):
        super().__init__(message)
        self.spec, self.field, self.option = spec, field, option

    def __reduce__(self):
        return _table_reading_error, (str(self), self.spec, self.field, self.option)


def _table_reading_error(message, spec, field=None, option=None):
    """A :class:`TableReadingError` rebuilt from its message, spec, field and option (for
    pickling)."""
    return TableReadingError(message, spec=spec, field=field, option=option)


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


class RopeUnitsError(ValueError):
    """``rope="auto"`` on scores whose units give it no default: a rope must be given.

    The default rope is one point where the scores are shares (0.01: accuracy,
    ROC AUC, F1...) or percentages (1); on any other scale (an error in the
    target's units, a log loss, R², a custom scorer, a table of other units) a
    rope means something only in the scores' units, which the user knows.

    Parameters
    ----------
    seen : str
        What showed the scale: ``"the scores of scoring='neg_mean_squared_error'"``,
        ``"scores from 2,100 to 9,400"``.
    name : str, default="rope"
        The argument to give.

    Attributes
    ----------
    field : str
        The parameter to give: "rope".
    seen : str

    See Also
    --------
    sklearn_bayescmp.RepeatedCVComparator : Its ``rope``.
    sklearn_bayescmp.compare_models : Its ``rope``.

    Examples
    --------
    >>> from sklearn.linear_model import Lasso, Ridge
    >>> from sklearn_bayescmp import RepeatedCVComparator
    >>> from sklearn_bayescmp.exceptions import RopeUnitsError
    >>> from sklearn.datasets import load_diabetes
    >>> X, y = load_diabetes(return_X_y=True)
    >>> comparator = RepeatedCVComparator(Ridge(), Lasso(), scoring="neg_mean_squared_error")
    >>> try:
    ...     comparator.fit(X, y)
    ... except RopeUnitsError as error:
    ...     print(error.field, "|", error.seen)
    rope | the scores of scoring='neg_mean_squared_error'
    """

    field = "rope"

    def __init__(self, seen, *, name="rope"):
        self.seen = seen
        self.name = name
        super().__init__(self.words(f"`{name}`", f"{name}="))

    def words(self, option, giving):
        """The refusal in one line, naming the option as the caller names it.

        Parameters
        ----------
        option : str
            The option, as the message names it ("`rope`", "--rope").
        giving : str
            How a value is given ("rope=", "--rope ").

        Returns
        -------
        str
        """
        return (
            f"{option} must be given in the scores' units: {self.seen} are not shares or "
            f"percentages, on which the default (one point) is made; pass {giving}<the "
            "difference that is practically nothing in those units>."
        )

    def __reduce__(self):
        return type(self), (self.seen,), {"name": self.name}
