"""Frozen result objects shared by the back ends.

Numbers stay numbers; formatting happens only in ``__repr__`` and
``summary()``. Bayesian results always carry all three of ``prob_a_better``,
``prob_equivalent`` and ``prob_b_better`` (``prob_equivalent`` is 0 for a
continuous posterior and an empty rope).
"""

import dataclasses
from dataclasses import replace
from typing import ClassVar, NamedTuple

from ..utils._arviz import array_stats
from ..utils._display import beside_threshold, html_table, terminal_text, to_frame
from ..utils._frozen import ReadOnlyPickleMixin
from ..utils._validation import check_probability
from ._backend import record_of

#: Names of the two models when the data did not name them.
DEFAULT_MODEL_NAMES = ("A", "B")
#: The probabilities of the three outcomes, as every Bayesian result names them.
PROBABILITIES = ("prob_a_better", "prob_equivalent", "prob_b_better")


class ConfidenceInterval(NamedTuple):
    """A frequentist confidence interval ``(low, high)``.

    Attributes
    ----------
    low, high : float
        Bounds; infinite on the open side of a one-sided interval.

    See Also
    --------
    sklearn_bayescmp.stats.TTestResult.confidence_interval : Returns this interval.
    sklearn_bayescmp.stats.CredibleInterval : The Bayesian counterpart.

    Examples
    --------
    >>> from sklearn_bayescmp.stats import corrected_ttest
    >>> res = corrected_ttest([0.02, 0.01, 0.03, 0.00, 0.02, 0.01], n_train=90, n_test=10)
    >>> low, high = res.confidence_interval(0.95)
    >>> print(f"{low:.4f} to {high:.4f}")
    0.0008 to 0.0292
    """

    low: float
    high: float


class CredibleInterval(NamedTuple):
    """A Bayesian credible interval ``(low, high)``.

    Attributes
    ----------
    low, high : float
        Bounds of the interval of the mean difference.

    See Also
    --------
    sklearn_bayescmp.stats.BayesianCorrelatedTTestResult.credible_interval : Returns this interval.
    sklearn_bayescmp.stats.ConfidenceInterval : The frequentist counterpart.

    Examples
    --------
    >>> from sklearn_bayescmp.stats import bayesian_correlated_ttest
    >>> differences = [0.02, 0.01, 0.03, 0.00, 0.02, 0.01]
    >>> res = bayesian_correlated_ttest(differences, n_train=90, n_test=10, rope=0.01)
    >>> interval = res.credible_interval(0.9)
    >>> round(interval.low, 4), round(interval.high, 4)
    (0.0039, 0.0261)
    """

    low: float
    high: float


class PosteriorCurve(NamedTuple):
    """A posterior of the mean difference, as a display draws it.

    Attributes
    ----------
    grid : ndarray
        Where the density is given (one point for a point mass).
    density : ndarray or None
        The density on ``grid``; None for a point mass.
    point : float or None
        The point mass's place; None for a density.
    xlabel : str or None
        What the axis shows, when it is not the mean difference of one data set.
    probabilities : dict
        ``{"a": ..., "equivalent": ..., "b": ...}``: the posterior mass of each
        region of what is drawn.
    mean_scores : tuple of (float, float) or None
        Each model's mean score, when known.
    """

    grid: object
    density: object
    point: object
    xlabel: object
    probabilities: dict
    mean_scores: object


def _compact_repr(result, names):
    """``Name(a=0.123, b=...)`` with floats to 4 significant digits.

    The models' names come first when they are not the default "A" and "B".
    """

    def fmt(value):
        if isinstance(value, float):
            return f"{value:.4g}"
        if isinstance(value, tuple):
            return "(" + ", ".join(fmt(v) for v in value) + ")"
        return repr(value)

    if (result.model_a, result.model_b) != DEFAULT_MODEL_NAMES:
        names = ("model_a", "model_b", *names)
    body = ", ".join(f"{name}={fmt(getattr(result, name))}" for name in names)
    return f"{type(result).__name__}({body})"


class TableMixin(ReadOnlyPickleMixin):
    """``to_columns``, ``to_frame`` and a notebook table for results.

    Subclasses define ``_row(**options)``: the result's numbers as a dict of
    scalars (the columns), and ``_html_columns()``: the same for people.
    """

    def to_columns(self, **options):
        """The result as a one-row table: a dict of columns.

        Parameters
        ----------
        **options : dict
            ``threshold`` (of the decision) and ``prob`` (of the interval),
            for the results that have them.

        Returns
        -------
        dict of str to list
        """
        return {key: [value] for key, value in self._row(**options).items()}

    def to_frame(self, **options):
        """The result as a one-row :class:`pandas.DataFrame` (pandas is imported here).

        Parameters
        ----------
        **options : dict
            As for :meth:`to_columns`.

        Returns
        -------
        pandas.DataFrame
        """
        return to_frame(self.to_columns(**options))

    #: The fields the repr and the table row show, after the test and the models.
    _shown: ClassVar[tuple] = ()
    #: Whether ``prob_*`` are the probabilities that an outcome is the most
    #: probable one on a new data set, with the outcomes' own probabilities
    #: beside them (``predictive_prob_*``).
    predictive: ClassVar[bool] = False
    #: What ``prob_*`` is a probability of, in a few words for a figure's label
    #: ("" when it is plainly that of the outcome, as on one data set).
    _probability_scope: ClassVar[str] = ""
    #: The parameter of ``credible_interval`` that is the mean difference (None:
    #: the result has no posterior of it), and what it is, in words.
    mean_parameter: ClassVar[str | None] = None
    _mean_parameter_words: ClassVar[str] = ""
    #: What a table of pairs says of its P columns, when they are not the three
    #: outcomes' probabilities ("" when they are).
    _probabilities_note: ClassVar[str] = ""
    #: Whether the test reads the signs (or signed ranks) of the data sets' mean
    #: differences rather than their size: tables show the median beside the mean.
    _sign_based: ClassVar[bool] = False

    def _prior_description(self):
        """The prior of the test, in a sentence's words ("" for a test without one).

        Returns
        -------
        str
        """
        return ""

    def _extra_numbers(self):
        """The numbers a report prints beside the probabilities or the p-value.

        Returns
        -------
        dict of str to object
            By name (JSON-ready: floats, lists, dicts).
        """
        if not self.predictive:
            return {}
        return {f"predictive_{name}": getattr(self, f"predictive_{name}") for name in PROBABILITIES}

    def mean_difference_interval(self, prob=0.95):
        """The highest-density credible interval of the mean difference, or None.

        Parameters
        ----------
        prob : float, default=0.95
            Posterior mass of the interval.

        Returns
        -------
        CredibleInterval or None
            None when the test has no posterior of the mean difference.
        """
        if self.mean_parameter is None:
            return None
        return self.credible_interval(prob, parameter=self.mean_parameter)

    def __repr__(self):
        return _compact_repr(self, self._shown)

    def _row(self):
        names = {"test": self.test, "model_a": self.model_a, "model_b": self.model_b}
        return {**names, **{name: getattr(self, name) for name in self._shown}}

    def _repr_html_(self):
        return html_table(self._html_columns(), caption=self._caption())

    def _caption(self):
        names = (self.model_a, self.model_b)
        versus = "" if names == DEFAULT_MODEL_NAMES else f": {names[0]} vs {names[1]}"
        return f"{self._caption_name()}{versus}"

    def _caption_name(self):
        """What a notebook's table is captioned with: the class, or the test's title."""
        return type(self).__name__

    @property
    def _title(self):
        """str: The test that gave the result, in words ("Bayesian signed-rank test")."""
        test = getattr(self, "test", None)
        return type(self).__name__ if test is None else record_of(test).title


class FrequentistDecisionMixin:
    """The decision of a significance test: the side of a significant estimate.

    Requires ``pvalue`` and ``estimate`` (and optionally ``alternative``).
    """

    def decision(self, alpha=0.05):
        """ "a" or "b" when the test rejects at level ``alpha``, "no difference" otherwise.

        A significance test cannot show that two models are equivalent: "no
        difference" means no evidence either way.

        Parameters
        ----------
        alpha : float, default=0.05
            Significance level, in (0, 1).

        Returns
        -------
        str
        """
        alpha = check_probability(alpha, name="alpha")
        if self.pvalue >= alpha:
            return "no difference"
        alternative = getattr(self, "alternative", "two-sided")
        if alternative == "greater":
            return "a"
        if alternative == "less":
            return "b"
        return "a" if self.estimate > 0 else "b"

    def mirrored(self):
        """The same test with A and B swapped: that of ``B - A``.

        Returns
        -------
        result
            Of the same class: the estimate negated, a one-sided alternative
            reversed, the p-value unchanged.
        """
        changes = {"statistic": self._mirrored_statistic(), "estimate": 0.0 - self.estimate}
        if hasattr(self, "alternative"):
            flipped = {"greater": "less", "less": "greater"}
            changes["alternative"] = flipped.get(self.alternative, self.alternative)
        return replace(self, **changes, **swapped_names(self))

    def _mirrored_statistic(self):
        """The statistic of ``B - A``: the same, for a statistic symmetric in the sign."""
        return self.statistic


def check_interval_options(prob, method, parameter, parameters):
    """The checked ``prob`` of a credible interval; ``method`` and ``parameter`` are valid."""
    prob = check_probability(prob, name="prob")
    if method not in ("hdi", "eti"):
        raise ValueError(f"`method` must be 'hdi' or 'eti'; got {method!r}.")
    if parameter not in parameters:
        raise ValueError(f"`parameter` must be one of {parameters}; got {parameter!r}.")
    return prob


def mirrored_rope(rope):
    """The rope of ``B - A`` for the rope of ``A - B``."""
    return (0.0 - rope[1], 0.0 - rope[0])


def swapped_names(result):
    return {"model_a": result.model_b, "model_b": result.model_a}


def interval_text(low, high):
    return f"[{low:.4g}, {high:.4g}]"


def probabilities_line(result, where="", kind="", threshold=None):
    """``P(logreg better) = 0.9974   P(equivalent) = ...`` with the models' names.

    ``kind="predictive_"`` gives the predictive probabilities instead. With a
    ``threshold``, a probability is never printed on the other side of it.
    """
    digits = getattr(result, "_digits", 4)  # two for probabilities of draws
    a, equivalent, b = (
        beside_threshold(getattr(result, f"{kind}{name}"), threshold, digits)
        for name in PROBABILITIES
    )
    return (
        f"P({result.model_a} better{where}) = {a:.{digits}f}   "
        f"P(equivalent{where}) = {equivalent:.{digits}f}   "
        f"P({result.model_b} better{where}) = {b:.{digits}f}"
    )


def predictive_lines(result, threshold):
    """The probabilities that each outcome is the most probable one (which the decision at
    ``threshold`` reads), and their predictive probabilities, as two summary lines."""
    return [
        f"  {probabilities_line(result, threshold=threshold)}   (most probable on a new data set)",
        f"  predictive: {probabilities_line(result, kind='predictive_')}",
    ]


def interval_of_draws(draws, prob, method, **axis):
    """The ``method`` ("hdi" or "eti") interval of posterior draws, by ArviZ."""
    low, high = getattr(array_stats(), method)(draws, prob, **axis)
    return CredibleInterval(float(low), float(high))


#: Fields that trade places when A and B do.
_MIRRORED_PAIRS = (
    ("prob_a_better", "prob_b_better"),
    ("predictive_prob_a_better", "predictive_prob_b_better"),
    ("mean_score_a", "mean_score_b"),
)


class BayesianTableMixin(TableMixin):
    """Table rows of a result with the three outcome probabilities, and its mirror."""

    #: Fields of ``B - A`` that are those of ``A - B`` negated, or reversed
    #: along their last axis (the outcomes "a", "equivalent", "b").
    _negated: ClassVar[tuple] = ()
    _reversed: ClassVar[tuple] = ()

    def mirrored(self):
        """The same result with A and B swapped: that of ``B - A``.

        Returns
        -------
        result
            Of the same class.
        """
        changes = {"rope": mirrored_rope(self.rope), **swapped_names(self)}
        fields = {field.name for field in dataclasses.fields(self)}
        for first, second in _MIRRORED_PAIRS:
            if first in fields:
                changes[first], changes[second] = getattr(self, second), getattr(self, first)
        for name in self._negated:  # new arrays, made read-only on construction
            changes[name] = 0.0 - getattr(self, name)
        for name in self._reversed:
            changes[name] = getattr(self, name)[..., ::-1]
        return replace(self, **changes)

    @terminal_text
    def summary(self, threshold=0.95):
        """Readable report of the test: what it found, its probabilities and its decision.

        Parameters
        ----------
        threshold : float, default=0.95
            Threshold of the decision rule.

        Returns
        -------
        str
        """
        decision = f"  decision at threshold {threshold:g}: {self.decision(threshold)}"
        return "\n".join([*self._summary_lines(threshold), decision, *self._summary_notes()])

    def _summary_lines(self, threshold):
        """The summary's lines before the decision (at ``threshold``): the test, its
        posterior, probabilities."""
        return [self._title, f"  {probabilities_line(self, threshold=threshold)}"]

    def _summary_notes(self):
        """The summary's lines after the decision."""
        return []

    def _probability_row(self, threshold):
        """The models, the three probabilities (and the predictive ones), decision and rope."""
        row = {
            "model_a": self.model_a,
            "model_b": self.model_b,
            **{name: getattr(self, name) for name in PROBABILITIES},
            "decision": self.decision(threshold),
            "rope_low": self.rope[0],
            "rope_high": self.rope[1],
        }
        if hasattr(self, "predictive_prob_a_better"):
            row |= {f"predictive_{n}": getattr(self, f"predictive_{n}") for n in PROBABILITIES}
        return row

    def _html_columns(self):
        outcomes = (f"{self.model_a} better", "equivalent", f"{self.model_b} better")
        # Where a result has both, say which is which: the probability that an
        # outcome is the most probable on a new data set, and its predictive one.
        predictive = hasattr(self, "predictive_prob_a_better")
        kinds = {"": " most probable", "predictive_": ""} if predictive else {"": ""}
        columns = {
            f"{kind.replace('_', ' ')}P({outcome}{most})": [getattr(self, f"{kind}{name}")]
            for kind, most in kinds.items()
            for outcome, name in zip(outcomes, PROBABILITIES, strict=True)
        }
        return {**columns, "decision (0.95)": [self.decision(0.95)], **self._html_extra()}

    def _html_extra(self):
        return {"rope": [interval_text(*self.rope)]}
