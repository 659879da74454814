"""Frozen result objects shared by the back ends.

Numbers stay numbers; formatting happens only in ``__repr__`` and
``summary()``. Bayesian results always carry all three of ``prob_a_better``,
``prob_equivalent`` and ``prob_b_better`` (``prob_equivalent`` is 0 for a
continuous posterior and an empty rope).
"""

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import ClassVar, NamedTuple

import numpy as np
from scipy import stats

from ..utils._arviz import array_stats
from ..utils._display import html_table, terminal_text, to_frame
from ..utils._docstrings import fill_doc
from ..utils._frozen import FrozenMapping, ReadOnlyPickleMixin
from ..utils._validation import check_probability
from ._rope import RopeOutcomesMixin, rope_probabilities

#: Names of the two models when the data did not name them.
DEFAULT_MODEL_NAMES = ("A", "B")
#: The probabilities of the three outcomes, as every Bayesian result names them.
_PROBABILITIES = ("prob_a_better", "prob_equivalent", "prob_b_better")


class ConfidenceInterval(NamedTuple):
    """A frequentist confidence interval ``(low, high)``.

    Attributes
    ----------
    low, high : float
        Bounds; infinite on the open side of a one-sided interval.
    """

    low: float
    high: float


class CredibleInterval(NamedTuple):
    """A Bayesian credible interval ``(low, high)``.

    Attributes
    ----------
    low, high : float
        Bounds of the interval of the mean difference.
    """

    low: float
    high: float


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


class _TableMixin(ReadOnlyPickleMixin):
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
        return f"{self._title()}{versus}"

    def _title(self):
        return type(self).__name__


def _title_of(test):
    """The registry's title of a back end ("Bayesian signed-rank test")."""
    from ._registry import get_backend  # the registry imports the back ends, which import this

    return get_backend(test).title


class _FrequentistDecisionMixin:
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
        return replace(self, **changes, **_swapped_names(self))

    def _mirrored_statistic(self):
        """The statistic of ``B - A``: the same, for a statistic symmetric in the sign."""
        return self.statistic


def _check_interval_options(prob, method, parameter, parameters):
    """The checked ``prob`` of a credible interval; ``method`` and ``parameter`` are valid."""
    prob = check_probability(prob, name="prob")
    if method not in ("hdi", "eti"):
        raise ValueError(f"`method` must be 'hdi' or 'eti'; got {method!r}.")
    if parameter not in parameters:
        raise ValueError(f"`parameter` must be one of {parameters}; got {parameter!r}.")
    return prob


def _mirrored_rope(rope):
    """The rope of ``B - A`` for the rope of ``A - B``."""
    return (0.0 - rope[1], 0.0 - rope[0])


def _swapped_names(result):
    return {"model_a": result.model_b, "model_b": result.model_a}


def _interval_text(low, high):
    return f"[{low:.4g}, {high:.4g}]"


def _probabilities_line(result, where="", kind=""):
    """``P(logreg better) = 0.9974   P(equivalent) = ...`` with the models' names.

    ``kind="predictive_"`` gives the predictive probabilities instead.
    """
    a, equivalent, b = (getattr(result, f"{kind}{name}") for name in _PROBABILITIES)
    return (
        f"P({result.model_a} better{where}) = {a:.4f}   "
        f"P(equivalent{where}) = {equivalent:.4f}   "
        f"P({result.model_b} better{where}) = {b:.4f}"
    )


def _interval_of_draws(draws, prob, method, **axis):
    """The ``method`` ("hdi" or "eti") interval of posterior draws, by ArviZ."""
    low, high = getattr(array_stats(), method)(draws, prob, **axis)
    return CredibleInterval(float(low), float(high))


#: Fields that trade places when A and B do.
_MIRRORED_PAIRS = (
    ("prob_a_better", "prob_b_better"),
    ("predictive_prob_a_better", "predictive_prob_b_better"),
    ("mean_score_a", "mean_score_b"),
)


class _BayesianTableMixin(_TableMixin):
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
        changes = {"rope": _mirrored_rope(self.rope), **_swapped_names(self)}
        fields = {field.name for field in dataclasses.fields(self)}
        for first, second in _MIRRORED_PAIRS:
            if first in fields:
                changes[first], changes[second] = getattr(self, second), getattr(self, first)
        for name in self._negated:  # new arrays, made read-only on construction
            changes[name] = 0.0 - getattr(self, name)
        for name in self._reversed:
            changes[name] = getattr(self, name)[..., ::-1]
        return replace(self, **changes)

    def _probability_row(self, threshold):
        """The models, the three probabilities (and the predictive ones), decision and rope."""
        row = {
            "model_a": self.model_a,
            "model_b": self.model_b,
            **{name: getattr(self, name) for name in _PROBABILITIES},
            "decision": self.decision(threshold),
            "rope_low": self.rope[0],
            "rope_high": self.rope[1],
        }
        if hasattr(self, "predictive_prob_a_better"):
            row |= {f"predictive_{n}": getattr(self, f"predictive_{n}") for n in _PROBABILITIES}
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
            for outcome, name in zip(outcomes, _PROBABILITIES, strict=True)
        }
        return {**columns, "decision (0.95)": [self.decision(0.95)], **self._html_extra()}

    def _html_extra(self):
        return {"rope": [_interval_text(*self.rope)]}


@fill_doc
@dataclass(frozen=True, repr=False)
class TTestResult(_FrequentistDecisionMixin, _TableMixin):
    """Result of a t-test on cross-validation differences.

    Attributes
    ----------
    statistic : float
        ``t = estimate / standard_error``; ``+-inf`` (or 0) for zero variance.
    pvalue : float
        p-value for ``alternative`` from Student's t with ``df`` degrees of
        freedom.
    df : int
        Degrees of freedom.
    estimate : float
        The numerator: the mean difference (the first difference for the
        5x2cv test); positive favours A.
    standard_error : float
        The denominator, e.g. ``sqrt((1/n + n_test/n_train) * s**2)`` for the
        corrected test.
    alternative : {"two-sided", "greater", "less"}
        "greater" tests whether A scores higher than B.
    n_splits : int
        Number of differences used.
    test_train_ratio : float or None
        The ratio ``n_test / n_train`` of the correction; 0 for the
        uncorrected test; None when not used.
    n_omitted : int
        Differences left out (NaN, i.e. failed splits, with ``nan_policy="omit"``).
    test : {"corrected_t", "corrected_resampled_t", "paired_t", "paired_t_5x2cv"}
        The back end's name in the registry
        (:func:`~sklearn_bayescmp.stats.get_backend`).%(result_models)s
    """

    statistic: float
    pvalue: float
    df: int
    estimate: float
    standard_error: float
    alternative: str
    n_splits: int
    test_train_ratio: float | None
    n_omitted: int = 0
    test: str = "corrected_t"
    model_a: str = "A"
    model_b: str = "B"
    _shown: ClassVar[tuple] = (
        "statistic",
        "pvalue",
        "df",
        "estimate",
        "standard_error",
        "alternative",
    )

    def confidence_interval(self, confidence_level=0.95):
        """Confidence interval of the mean difference.

        Two-sided for ``alternative="two-sided"``, otherwise one-sided
        (unbounded on the side of the alternative), as in
        :func:`scipy.stats.ttest_1samp`.

        Parameters
        ----------
        confidence_level : float, default=0.95
            Probability that the interval covers the true mean difference.

        Returns
        -------
        ConfidenceInterval
        """
        level = check_probability(confidence_level, name="confidence_level")
        if self.standard_error == 0:
            return ConfidenceInterval(self.estimate, self.estimate)
        if self.alternative == "two-sided":
            half = stats.t.ppf(0.5 + level / 2, self.df) * self.standard_error
            return ConfidenceInterval(self.estimate - half, self.estimate + half)
        margin = stats.t.ppf(level, self.df) * self.standard_error
        if self.alternative == "greater":
            return ConfidenceInterval(self.estimate - margin, np.inf)
        return ConfidenceInterval(-np.inf, self.estimate + margin)

    @terminal_text
    def summary(self):
        """Readable one-paragraph report.

        Returns
        -------
        str
        """
        low, high = self.confidence_interval()
        omitted = f", {self.n_omitted} failed splits omitted" if self.n_omitted else ""
        if self.test_train_ratio is None:
            ratio = ""
        elif self.test_train_ratio == 0:
            ratio = ", no correction for overlapping training sets"
        else:
            ratio = f", n_test/n_train = {self.test_train_ratio:.4g}"
        estimate = "first difference" if self.test == "paired_t_5x2cv" else "mean difference"
        return (
            f"{_title_of(self.test)}\n"
            f"  {estimate} ({self.model_a} - {self.model_b}) = {self.estimate:.4g}, "
            "standard error = "
            f"{self.standard_error:.4g}\n"
            f"  t = {self.statistic:.4g}, df = {self.df}, p-value ({self.alternative}) = "
            f"{self.pvalue:.4g}\n"
            f"  95% confidence interval: [{low:.4g}, {high:.4g}]\n"
            f"  {self.n_splits} splits{ratio}{omitted}"
        )

    def _mirrored_statistic(self):
        return 0.0 - self.statistic

    def _row(self, confidence_level=0.95):
        low, high = self.confidence_interval(confidence_level)
        return {
            "test": self.test,
            "model_a": self.model_a,
            "model_b": self.model_b,
            "estimate": self.estimate,
            "standard_error": self.standard_error,
            "statistic": self.statistic,
            "df": self.df,
            "pvalue": self.pvalue,
            "alternative": self.alternative,
            "ci_low": float(low),
            "ci_high": float(high),
            "n_splits": self.n_splits,
            "n_omitted": self.n_omitted,
        }

    def _html_columns(self):
        return {
            "test": [_title_of(self.test)],
            f"mean {self.model_a} - {self.model_b}": [self.estimate],
            "standard error": [self.standard_error],
            "t": [self.statistic],
            f"p-value ({self.alternative})": [self.pvalue],
            "95% confidence interval": [_interval_text(*self.confidence_interval())],
        }


@fill_doc
@dataclass(frozen=True, repr=False)
class BayesianCorrelatedTTestResult(_BayesianTableMixin, RopeOutcomesMixin):
    """Posterior of the mean difference from the Bayesian correlated t-test.

    The posterior of the mean difference ``mu`` is Student's t with ``df``
    degrees of freedom, location ``loc`` and scale ``scale``; with zero
    variance of the differences it is a point mass at ``loc`` (``scale=0``).

    Attributes
    ----------
    prob_a_better : float
        ``P(mu > high)``: A is practically better.
    prob_equivalent : float
        ``P(low <= mu <= high)``: practically equivalent.
    prob_b_better : float
        ``P(mu < low)``: B is practically better.
    df : float
        Degrees of freedom of the posterior (``n - 1`` under the matching prior).
    loc : float
        Posterior location (the mean difference under the matching prior).
    scale : float
        Posterior scale; 0 for a point mass.
    rope : tuple of float
        The region of practical equivalence ``(low, high)``.
    n_splits : int
        Number of differences used.
    test_train_ratio : float
        The ratio ``n_test / n_train``; the correlation is
        ``rho = n_test / (n_train + n_test)``.
    prior : NormalGammaPrior or None
        The prior; None is the matching prior.
    n_omitted : int
        Differences left out (failed splits, with ``nan_policy="omit"``).
    mean_score_a, mean_score_b : float or None
        Mean score of each model over the splits used, when the record held
        the scores (None otherwise).%(result_models)s
    """

    test: ClassVar[str] = "correlated_t"
    _negated: ClassVar[tuple] = ("loc",)
    _shown: ClassVar[tuple] = (*_PROBABILITIES, "df", "loc", "scale", "rope")
    prob_a_better: float
    prob_equivalent: float
    prob_b_better: float
    df: float
    loc: float
    scale: float
    rope: tuple
    n_splits: int
    test_train_ratio: float
    prior: object = None
    n_omitted: int = 0
    mean_score_a: float | None = None
    mean_score_b: float | None = None
    model_a: str = "A"
    model_b: str = "B"

    @property
    def posterior(self):
        """Frozen distribution of the mean difference.

        A frozen :class:`scipy.stats.t`; for zero variance, a point mass
        (``scipy.stats.rv_discrete`` with one value). Sample it with
        ``posterior.rvs(size, random_state=...)``.
        """
        if self.scale == 0:
            return stats.rv_discrete(values=([self.loc], [1.0]))
        return stats.t(self.df, loc=self.loc, scale=self.scale)

    def credible_interval(self, prob=0.95, *, method="hdi", parameter="mean_difference"):
        """Credible interval of the mean difference.

        Parameters
        ----------
        prob : float, default=0.95
            Posterior mass of the interval.
        method : {"hdi", "eti"}, default="hdi"
            Highest-density or equal-tailed interval. Student's t is symmetric
            and unimodal, so both coincide here; both names are accepted so
            that code works across back ends.
        parameter : {"mean_difference"}, default="mean_difference"
            The only parameter of this posterior.

        Returns
        -------
        CredibleInterval
        """
        prob = _check_interval_options(prob, method, parameter, ("mean_difference",))
        if self.scale == 0:
            return CredibleInterval(self.loc, self.loc)
        low, high = self.posterior.interval(prob)
        return CredibleInterval(float(low), float(high))

    @terminal_text
    def summary(self, threshold=0.95):
        """Readable report: posterior, probabilities, interval and decision.

        Parameters
        ----------
        threshold : float, default=0.95
            Threshold of the decision rule.

        Returns
        -------
        str
        """
        low, high = self.credible_interval()
        prior = "matching prior" if self.prior is None else repr(self.prior)
        omitted = f", {self.n_omitted} failed splits omitted" if self.n_omitted else ""
        return (
            f"{_title_of(self.test)} ({prior})\n"
            f"  posterior of the mean difference ({self.model_a} - {self.model_b}):\n"
            f"    Student t(df={self.df:.4g}, "
            f"loc={self.loc:.4g}, scale={self.scale:.4g})\n"
            f"  95% credible interval: [{low:.4g}, {high:.4g}]\n"
            f"  rope = [{self.rope[0]:.4g}, {self.rope[1]:.4g}]\n"
            f"  {_probabilities_line(self)}\n"
            f"  decision at threshold {threshold:g}: {self.decision(threshold)}\n"
            f"  {self.n_splits} splits, n_test/n_train = {self.test_train_ratio:.4g}{omitted}"
        )

    def _row(self, threshold=0.95, prob=0.95):
        low, high = self.credible_interval(prob)
        return {
            **self._probability_row(threshold),
            "mean_difference": self.loc,
            "ci_low": low,
            "ci_high": high,
            "mean_score_a": self.mean_score_a,
            "mean_score_b": self.mean_score_b,
            "n_splits": self.n_splits,
            "n_omitted": self.n_omitted,
        }

    def _html_extra(self):
        return {
            f"mean {self.model_a} - {self.model_b}": [self.loc],
            "95% credible interval": [_interval_text(*self.credible_interval())],
            "rope": [_interval_text(*self.rope)],
        }


@fill_doc
@dataclass(frozen=True, repr=False, eq=False)
class PoissonTestResult(_BayesianTableMixin, RopeOutcomesMixin):
    """Result of the Poisson-binomial test over a collection of data sets.

    Each data set is an independent trial whose outcome ("a", "equivalent"
    or "b") has the probabilities of its Bayesian correlated t-test. The
    number of data sets on which an outcome holds is Poisson-binomial; the
    result gives the probability that each outcome holds on a strict majority
    of the data sets. Without a rope ("equivalent" has probability 0) this is
    the test of Corani & Benavoli (2015, §3).

    Attributes
    ----------
    prob_a_better : float
        P(A is practically better on more than half of the data sets).
    prob_equivalent : float
        P(the models are practically equivalent on more than half).
    prob_b_better : float
        P(B is practically better on more than half).
    prob_no_majority : float
        P(no outcome holds on more than half), e.g. a tie at ``q/2`` wins
        each for an even number ``q`` of data sets. The four probabilities
        sum to one.
    dataset_probabilities : ndarray of shape (n_datasets, 3)
        Per data set, the probabilities of "a", "equivalent" and "b".
    names : tuple of str
        Data set names, in the row order of ``dataset_probabilities``.
    rope : tuple of float
        The region of practical equivalence ``(low, high)``.
    n_datasets : int
        Number of data sets ``q``.%(result_models)s
    """

    test: ClassVar[str] = "poisson"
    _reversed: ClassVar[tuple] = ("dataset_probabilities",)
    _shown: ClassVar[tuple] = (*_PROBABILITIES, "prob_no_majority", "n_datasets", "rope")
    prob_a_better: float
    prob_equivalent: float
    prob_b_better: float
    prob_no_majority: float
    dataset_probabilities: np.ndarray
    names: tuple
    rope: tuple
    n_datasets: int
    model_a: str = "A"
    model_b: str = "B"

    def credible_interval(self, prob=0.95, *, method="hdi", parameter="wins_a"):
        """Credible interval of the number of data sets on which an outcome holds.

        The number of data sets (of these ``n_datasets``) on which A is
        practically better is Poisson-binomial, with the per-data-set
        probabilities ``dataset_probabilities[:, 0]``; likewise for the other
        outcomes.

        Parameters
        ----------
        prob : float, default=0.95
            Posterior mass of the interval (at least; the count is discrete).
        method : {"hdi", "eti"}, default="hdi"
            The shortest interval of whole numbers holding ``prob``, or the
            one between the ``(1 - prob) / 2`` quantiles.
        parameter : {"wins_a", "wins_equivalent", "wins_b"}, default="wins_a"
            The count of data sets on which A is practically better, the
            models are practically equivalent, or B is practically better.

        Returns
        -------
        CredibleInterval
        """
        names = ("wins_a", "wins_equivalent", "wins_b")
        prob = _check_interval_options(prob, method, parameter, names)
        count = stats.poisson_binom(self.dataset_probabilities[:, names.index(parameter)])
        if method == "eti":
            low, high = count.ppf([(1 - prob) / 2, (1 + prob) / 2])
            return CredibleInterval(float(low), float(high))
        pmf = count.pmf(np.arange(self.n_datasets + 1))
        return CredibleInterval(*(float(v) for v in _shortest_discrete_interval(pmf, prob)))

    @terminal_text
    def summary(self, threshold=0.95):
        """Readable report of the test.

        Parameters
        ----------
        threshold : float, default=0.95
            Threshold of the decision rule.

        Returns
        -------
        str
        """
        return (
            f"Poisson-binomial test over {self.n_datasets} data sets "
            f"(rope = [{self.rope[0]:.4g}, {self.rope[1]:.4g}])\n"
            f"  {_probabilities_line(self, ' on a majority')}   "
            f"P(no majority) = {self.prob_no_majority:.4f}\n"
            f"  decision at threshold {threshold:g}: {self.decision(threshold)}"
        )

    def _row(self, threshold=0.95):
        return {
            "test": self.test,
            **self._probability_row(threshold),
            "prob_no_majority": self.prob_no_majority,
            "n_datasets": self.n_datasets,
        }

    def _html_extra(self):
        return {"P(no majority)": [self.prob_no_majority], "rope": [_interval_text(*self.rope)]}


@fill_doc
@dataclass(frozen=True, repr=False, eq=False)
class DirichletProcessTestResult(_BayesianTableMixin, RopeOutcomesMixin):
    """Result of the Bayesian sign or signed-rank test.

    The posterior of the distribution of the per-data-set mean differences is
    a Dirichlet process; each Monte Carlo draw gives ``theta = (theta_a,
    theta_equivalent, theta_b)``, the probabilities that a new data set falls
    in each region (Benavoli et al., 2017, §4.2).

    Attributes
    ----------
    prob_a_better : float
        Share of draws in which ``theta_a`` is the largest.
    prob_equivalent : float
        Share of draws in which ``theta_equivalent`` is the largest.
    prob_b_better : float
        Share of draws in which ``theta_b`` is the largest.
    predictive_prob_a_better, predictive_prob_equivalent, predictive_prob_b_better : float
        Posterior means of ``theta_a``, ``theta_equivalent`` and ``theta_b``
        (over every draw).
    samples : ndarray of shape (n_kept, 3)
        Draws of ``(theta_a, theta_equivalent, theta_b)``; each row sums to
        one (the points of the simplex plot). All ``n_draws`` of them from
        :func:`~sklearn_bayescmp.stats.sign_test` and
        :func:`~sklearn_bayescmp.stats.signed_rank_test`; the first
        ``keep_draws`` from :func:`~sklearn_bayescmp.compare_models`.
    n_draws : int
        Number of Monte Carlo draws the probabilities are computed from.
    test : {"sign", "signed_rank"}
        Which test produced the result.
    means : ndarray of shape (n_datasets,)
        The per-data-set mean differences ``A - B`` the test used.
    names : tuple of str or None
        Data set names, when known.
    rope : tuple of float
        The region of practical equivalence ``(low, high)``.
    prior_strength : float
        Weight ``s`` of the pseudo-observation.
    prior_place : {"a", "rope", "b"}
        Region of the pseudo-observation.
    random_state : int or None
        The seed, when an int or None was given.%(result_models)s
    """

    prob_a_better: float
    prob_equivalent: float
    prob_b_better: float
    predictive_prob_a_better: float
    predictive_prob_equivalent: float
    predictive_prob_b_better: float
    samples: np.ndarray
    n_draws: int
    _negated: ClassVar[tuple] = ("means",)
    _reversed: ClassVar[tuple] = ("samples",)
    _shown: ClassVar[tuple] = (*_PROBABILITIES, "test", "rope")
    test: str
    means: np.ndarray
    names: tuple | None
    rope: tuple
    prior_strength: float
    prior_place: str
    random_state: int | None = None
    model_a: str = "A"
    model_b: str = "B"

    @property
    def n_datasets(self):
        """int: Number of data sets."""
        return int(self.means.size)

    @property
    def n_samples(self):
        """int: Number of Monte Carlo draws (``n_draws``)."""
        return self.n_draws

    def credible_interval(self, prob=0.95, *, method="hdi", parameter="theta_a"):
        """Credible interval of ``theta_a``, ``theta_equivalent`` or ``theta_b`` (kept draws).

        Parameters
        ----------%(interval_of_draws)s
        parameter : {"theta_a", "theta_equivalent", "theta_b"}, default="theta_a"
            The probability that a new data set falls above the rope (A
            better), inside it, or below it.

        Returns
        -------
        CredibleInterval
        """
        names = ("theta_a", "theta_equivalent", "theta_b")
        prob = _check_interval_options(prob, method, parameter, names)
        if not len(self.samples):
            raise ValueError(
                "This result kept no posterior draws (compare_models keeps none by default); "
                "pass keep_draws to compare_models, or run the test on the pair alone."
            )
        return _interval_of_draws(self.samples[:, names.index(parameter)], prob, method)

    @terminal_text
    def summary(self, threshold=0.95):
        """Readable report of the test.

        Parameters
        ----------
        threshold : float, default=0.95
            Threshold of the decision rule.

        Returns
        -------
        str
        """
        return (
            f"{_title_of(self.test)} over {self.n_datasets} data sets "
            f"(rope = [{self.rope[0]:.4g}, {self.rope[1]:.4g}], prior {self.prior_strength:g} "
            f"on {self.prior_place!r}, {self.n_draws} draws)\n"
            f"  {_probabilities_line(self)}   (most probable on a new data set)\n"
            f"  predictive: {_probabilities_line(self, kind='predictive_')}\n"
            f"  decision at threshold {threshold:g}: {self.decision(threshold)}"
        )

    def _row(self, threshold=0.95):
        return {
            "test": self.test,
            **self._probability_row(threshold),
            "n_datasets": self.n_datasets,
            "n_draws": self.n_draws,
        }

    def _title(self):
        return _title_of(self.test)


@fill_doc
@dataclass(frozen=True, repr=False, eq=False)
class HierarchicalTestResult(_BayesianTableMixin, RopeOutcomesMixin):
    """Posterior of the Bayesian hierarchical model over a collection of data sets.

    For each posterior draw of ``(delta0, sigma0, nu)``, the mean difference
    on a new data set is ``t(nu, delta0, sigma0)``; integrating it over the
    three regions gives that draw's probabilities of the outcomes
    (``samples["outcome_probabilities"]``).

    Attributes
    ----------
    prob_a_better, prob_equivalent, prob_b_better : float
        Share of draws in which A practically better, practically
        equivalent or B practically better is the most probable outcome on a
        new data set (Corani et al., 2017, §3.2). ``decision`` uses these.
    predictive_prob_a_better, predictive_prob_equivalent, predictive_prob_b_better : float
        Posterior predictive probability of each outcome on a new data set
        (the mean of ``samples["outcome_probabilities"]``).
    shrinkage_estimates : ndarray of shape (n_datasets,)
        Posterior mean of every ``delta_i``: the data set's mean difference,
        pulled towards the others.
    shrinkage_intervals : ndarray of shape (n_datasets, 2)
        95% highest-density intervals of every ``delta_i``.
    samples : mapping of str to ndarray
        Posterior draws, shaped ``(n_chains, n_draws, ...)``: ``delta0``,
        ``sigma0``, ``nu``, ``alpha``, ``beta``, ``delta`` (last axis: data
        sets) and ``outcome_probabilities`` (last axis: a, equivalent, b).
    rhat, ess, ess_tail : mapping of str to float
        Rank-normalised split R-hat, bulk and tail effective sample size of
        ``delta0``, ``sigma0`` and ``nu``.
    means : ndarray of shape (n_datasets,)
        Per-data-set mean differences ``A - B`` (failed splits left out).
    names : tuple of str
        Data set names.
    rope : tuple of float
        The region of practical equivalence ``(low, high)``.
    nu_prior : {"shifted", "paper"}
        The prior of ``nu``: ``1 + Gamma(alpha, beta)`` or ``Gamma(alpha, beta)``.
    alpha_bounds, beta_bounds : tuple of (float, float)
        The uniform hyper-priors of ``alpha`` and ``beta``.
    n_zero_variance : int
        Data sets whose differences were all equal, given a variance (see
        :func:`~sklearn_bayescmp.stats.hierarchical_test`).
    scale : float
        Factor the differences were divided by before sampling; the prior of
        ``delta0`` is ``U(-scale, scale)``.
    random_state : int or None
        The seed, when an int or None was given.
    delta0_bound : float or None
        The ``delta0_bound`` given (None: ``scale`` is the largest absolute
        difference, the authors' bound).
    zero_variance : {"others", "rope"}
        How data sets whose differences are all equal were given a variance.%(result_models)s
    """

    _negated: ClassVar[tuple] = ("shrinkage_estimates", "shrinkage_intervals", "means")
    _shown: ClassVar[tuple] = (
        *_PROBABILITIES,
        *(f"predictive_{name}" for name in _PROBABILITIES),
        "rope",
    )
    test: ClassVar[str] = "hierarchical"
    prob_a_better: float
    prob_equivalent: float
    prob_b_better: float
    predictive_prob_a_better: float
    predictive_prob_equivalent: float
    predictive_prob_b_better: float
    shrinkage_estimates: np.ndarray
    shrinkage_intervals: np.ndarray
    samples: Mapping
    rhat: Mapping
    ess: Mapping
    ess_tail: Mapping
    means: np.ndarray
    names: tuple
    rope: tuple
    nu_prior: str
    alpha_bounds: tuple = (0.5, 5.0)
    beta_bounds: tuple = (0.05, 0.15)
    n_zero_variance: int = 0
    scale: float = 1.0
    random_state: int | None = None
    model_a: str = "A"
    model_b: str = "B"
    delta0_bound: float | None = None
    zero_variance: str = "others"

    @property
    def delta0_probabilities(self):
        """dict: Posterior probabilities that ``delta0``, the mean difference over the
        population of data sets, lies above the rope ("a"), inside it ("equivalent")
        or below it ("b"): "is the average difference practically zero?", where the
        other probabilities answer "what happens on a new data set?"."""
        values = rope_probabilities(self.samples["delta0"], self.rope)
        return dict(zip(("a", "equivalent", "b"), values, strict=True))

    @property
    def delta0_prob_a_better(self):
        """float: ``P(delta0 > high)``, the population's mean difference favouring A."""
        return self.delta0_probabilities["a"]

    @property
    def delta0_prob_equivalent(self):
        """float: ``P(low <= delta0 <= high)``."""
        return self.delta0_probabilities["equivalent"]

    @property
    def delta0_prob_b_better(self):
        """float: ``P(delta0 < low)``."""
        return self.delta0_probabilities["b"]

    @property
    def n_datasets(self):
        """int: Number of data sets."""
        return int(self.means.size)

    @property
    def n_chains(self):
        """int: Number of chains."""
        return int(self.samples["delta0"].shape[0])

    @property
    def n_draws(self):
        """int: Kept draws per chain."""
        return int(self.samples["delta0"].shape[1])

    @property
    def predictive_probabilities(self):
        """dict: ``{"a": ..., "equivalent": ..., "b": ...}`` of the predictive probabilities."""
        return {
            "a": self.predictive_prob_a_better,
            "equivalent": self.predictive_prob_equivalent,
            "b": self.predictive_prob_b_better,
        }

    def credible_interval(self, prob=0.95, *, method="hdi", parameter="delta0"):
        """Credible interval of a scalar parameter of the model.

        Parameters
        ----------%(interval_of_draws)s
        parameter : {"delta0", "sigma0", "nu", "alpha", "beta"}, default="delta0"
            ``delta0`` is the mean difference of the population of data sets.

        Returns
        -------
        CredibleInterval
        """
        scalars = ("delta0", "sigma0", "nu", "alpha", "beta")
        prob = _check_interval_options(prob, method, parameter, scalars)
        return _interval_of_draws(self.samples[parameter], prob, method, axis=(0, 1))

    @terminal_text
    def summary(self, threshold=0.95):
        """Readable report of the test.

        Parameters
        ----------
        threshold : float, default=0.95
            Threshold of the decision rule.

        Returns
        -------
        str
        """
        delta0 = self.samples["delta0"]
        low, high = self.credible_interval()
        diagnostics = ", ".join(
            f"{name}: R-hat {self.rhat[name]:.3f}, ESS {self.ess[name]:.0f}" for name in self.rhat
        )
        return (
            f"{_title_of(self.test)} over {self.n_datasets} data sets "
            f"(rope = [{self.rope[0]:.4g}, {self.rope[1]:.4g}], {self.n_chains} chains x "
            f"{self.n_draws} draws)\n"
            f"  prior: nu = {'1 + ' if self.nu_prior == 'shifted' else ''}Gamma(alpha, beta), "
            f"alpha ~ U{self.alpha_bounds}, beta ~ U{self.beta_bounds}, "
            f"delta0 ~ U(-{self.scale:.4g}, {self.scale:.4g})\n"
            f"  {_probabilities_line(self)}   (most probable on a new data set)\n"
            f"  predictive: {_probabilities_line(self, kind='predictive_')}\n"
            f"  delta0 (mean difference over data sets): {float(delta0.mean()):.4g}, "
            f"95% HDI [{low:.4g}, {high:.4g}]\n"
            f"  delta0: P(favours {self.model_a}) = "
            f"{self.delta0_prob_a_better:.4f}   P(in the rope) = "
            f"{self.delta0_prob_equivalent:.4f}   P(favours {self.model_b}) = "
            f"{self.delta0_prob_b_better:.4f}   (the mean over data sets)\n"
            f"  decision at threshold {threshold:g}: {self.decision(threshold)}\n"
            f"  diagnostics: {diagnostics}"
        )

    def mirrored(self):
        """The same test with A and B swapped.

        Returns
        -------
        HierarchicalTestResult
        """
        samples = dict(self.samples)
        for name in ("delta0", "delta"):
            samples[name] = 0.0 - samples[name]
        samples["outcome_probabilities"] = samples["outcome_probabilities"][..., ::-1]
        mirror = super().mirrored()
        intervals = mirror.shrinkage_intervals[:, ::-1]
        return replace(mirror, samples=FrozenMapping(samples), shrinkage_intervals=intervals)

    def _row(self, threshold=0.95, prob=0.95):
        low, high = self.credible_interval(prob)
        return {
            "test": self.test,
            **self._probability_row(threshold),
            "delta0_prob_a_better": self.delta0_prob_a_better,
            "delta0_prob_equivalent": self.delta0_prob_equivalent,
            "delta0_prob_b_better": self.delta0_prob_b_better,
            "delta0_mean": float(np.mean(self.samples["delta0"])),
            "delta0_low": low,
            "delta0_high": high,
            "n_datasets": self.n_datasets,
            "max_rhat": max(self.rhat.values()),
        }

    def _html_extra(self):
        return {
            "mean difference (delta0)": [float(np.mean(self.samples["delta0"]))],
            "95% HDI of delta0": [_interval_text(*self.credible_interval())],
            "rope": [_interval_text(*self.rope)],
        }


@fill_doc
@dataclass(frozen=True, repr=False)
class WilcoxonTestResult(_FrequentistDecisionMixin, _TableMixin):
    """Result of the Wilcoxon signed-rank test on per-data-set means.

    Attributes
    ----------
    statistic : float
        The Wilcoxon statistic, as :func:`scipy.stats.wilcoxon` returns it.
    pvalue : float
        p-value for ``alternative``.
    alternative : {"two-sided", "greater", "less"}
        "greater": A (``model_a``) has the higher scores.
    n_datasets : int
        Number of data sets.
    n_nonzero : int
        Data sets whose mean difference is not 0: those ranked (SciPy's
        default ``zero_method="wilcox"`` leaves the others out).
    estimate : float
        Median of the per-data-set mean differences: the side a significant
        test decides for.%(result_models)s
    """

    test: ClassVar[str] = "wilcoxon"
    _shown: ClassVar[tuple] = ("statistic", "pvalue", "alternative", "n_datasets")
    statistic: float
    pvalue: float
    alternative: str
    n_datasets: int
    n_nonzero: int
    estimate: float = 0.0
    model_a: str = "A"
    model_b: str = "B"

    def _mirrored_statistic(self):
        # One-sided, the statistic is the rank sum of the positive differences,
        # which B - A turns into that of the negative ones: the ranks' total less it.
        if self.alternative == "two-sided":
            return self.statistic  # the smaller of the two rank sums
        return self.n_nonzero * (self.n_nonzero + 1) / 2 - self.statistic

    @terminal_text
    def summary(self):
        """Readable one-line report.

        Returns
        -------
        str
        """
        return (
            f"Wilcoxon signed-rank test over {self.n_datasets} data sets: statistic = "
            f"{self.statistic:.4g}, p-value ({self.alternative}) = {self.pvalue:.4g}"
        )

    def _html_columns(self):
        return {
            "statistic": [self.statistic],
            f"p-value ({self.alternative})": [self.pvalue],
            "data sets": [self.n_datasets],
        }


@fill_doc
@dataclass(frozen=True, repr=False)
class FTestResult(_FrequentistDecisionMixin, _TableMixin):
    """Result of the combined 5x2cv F-test.

    Attributes
    ----------
    statistic : float
        ``f = sum_ij x_ij**2 / (2 sum_j s_j**2)``; ``inf`` (or 0) for zero
        variance.
    pvalue : float
        ``P(F(10, 5) >= f)``.
    df : tuple of int
        ``(10, 5)``.
    estimate : float
        Mean of the ten differences: the side a significant test decides for.%(result_models)s
    """

    test: ClassVar[str] = "f_5x2cv"
    _shown: ClassVar[tuple] = ("statistic", "pvalue", "df", "estimate")
    statistic: float
    pvalue: float
    df: tuple
    estimate: float = 0.0
    model_a: str = "A"
    model_b: str = "B"

    @terminal_text
    def summary(self):
        """Readable one-line report.

        Returns
        -------
        str
        """
        return (
            f"Combined 5x2cv F-test (Alpaydin): f = {self.statistic:.4g}, "
            f"df = {self.df}, p-value = {self.pvalue:.4g}"
        )

    def _html_columns(self):
        return {"test": [_title_of(self.test)], "f": [self.statistic], "p-value": [self.pvalue]}


@dataclass(frozen=True, repr=False, eq=False)
class PlackettLuceResult(_TableMixin):
    """Posterior of the Plackett-Luce model of the models' rankings over data sets.

    Under the model, every model has a weight ``w_k`` (the weights sum to
    one): the probability that it ranks first on a new data set; model ``m``
    ranks above model ``k`` with probability ``w_m / (w_m + w_k)``.

    Attributes
    ----------
    names : tuple of str
        The models.
    prob_best : ndarray of shape (n_models,)
        Posterior mean of every model's weight: the probability that it ranks
        first on a new data set.
    prob_best_interval : ndarray of shape (n_models, 2)
        95% equal-tailed credible interval of every weight.
    expected_rank : ndarray of shape (n_models,)
        Posterior mean of every model's expected rank on a new data set (1
        is best).
    expected_rank_interval : ndarray of shape (n_models, 2)
        95% equal-tailed credible interval of every expected rank.
    prob_top : ndarray of shape (n_models,)
        Posterior probability that the model has the largest weight, i.e. is
        the most likely to rank first.
    samples : mapping of str to ndarray
        ``weights`` and ``expected_rank``, shaped ``(n_chains, n_draws,
        n_models)``.
    rhat, ess : mapping of str to float
        Rank-normalised split R-hat and bulk effective sample size of every
        model's weight.
    n_datasets : int
        Number of rankings (data sets).
    n_tied : int
        Data sets on which some models tied; their ties were broken at random.
    prior : float
        Concentration of the Dirichlet prior of the weights.
    random_state : int or None
        The seed, when an int or None was given.
    """

    names: tuple
    prob_best: np.ndarray
    prob_best_interval: np.ndarray
    expected_rank: np.ndarray
    expected_rank_interval: np.ndarray
    prob_top: np.ndarray
    samples: Mapping
    rhat: Mapping
    ess: Mapping
    n_datasets: int
    n_tied: int
    prior: float = 1.0
    random_state: int | None = None

    @property
    def order(self):
        """tuple of str: The models from best to worst expected rank."""
        return tuple(self.names[k] for k in np.argsort(self.expected_rank, kind="stable"))

    def __repr__(self):
        best = self.order[0]
        k = self.names.index(best)
        return (
            f"PlackettLuceResult(order={self.order!r}, best={best!r}, "
            f"prob_best={self.prob_best[k]:.4g}, n_datasets={self.n_datasets})"
        )

    def prob_above(self, model, other):
        """Posterior mean probability that ``model`` ranks above ``other`` on a new data set.

        Parameters
        ----------
        model, other : str
            Two of the ranked models.

        Returns
        -------
        float
            The mean over draws of ``w_model / (w_model + w_other)``.
        """
        for name in (model, other):
            if name not in self.names:
                raise ValueError(f"Unknown model {name!r}; the models are {list(self.names)}.")
        weights = self.samples["weights"]
        w_m = weights[..., self.names.index(model)]
        w_o = weights[..., self.names.index(other)]
        return float(np.mean(w_m / (w_m + w_o)))

    def to_columns(self):
        """One row per model, best expected rank first.

        Returns
        -------
        dict of str to list
            ``model``, ``expected_rank``, ``expected_rank_low``,
            ``expected_rank_high``, ``prob_best``, ``prob_best_low``,
            ``prob_best_high``, ``prob_top``.
        """
        order = np.argsort(self.expected_rank, kind="stable")
        return {
            "model": [self.names[k] for k in order],
            "expected_rank": self.expected_rank[order].tolist(),
            "expected_rank_low": self.expected_rank_interval[order, 0].tolist(),
            "expected_rank_high": self.expected_rank_interval[order, 1].tolist(),
            "prob_best": self.prob_best[order].tolist(),
            "prob_best_low": self.prob_best_interval[order, 0].tolist(),
            "prob_best_high": self.prob_best_interval[order, 1].tolist(),
            "prob_top": self.prob_top[order].tolist(),
        }

    def _html_columns(self):
        columns = self.to_columns()
        return {
            "model": columns["model"],
            "expected rank": columns["expected_rank"],
            "95% interval": [
                f"[{low:.2f}, {high:.2f}]"
                for low, high in zip(
                    columns["expected_rank_low"], columns["expected_rank_high"], strict=True
                )
            ],
            "P(ranks first)": columns["prob_best"],
            "P(most likely first)": columns["prob_top"],
        }

    def _caption(self):
        return f"Plackett-Luce ranking over {self.n_datasets} data sets"

    @terminal_text
    def summary(self):
        """Readable table of the ranking.

        Returns
        -------
        str
        """
        columns = self.to_columns()
        width = max(5, *(len(name) for name in self.names))
        lines = [
            f"Plackett-Luce ranking over {self.n_datasets} data sets"
            + (f" ({self.n_tied} with ties, broken at random)" if self.n_tied else ""),
            f"  {'model':<{width}}  {'E[rank]':>7}  {'95% interval':>15}  {'P(first)':>8}  "
            f"{'P(top)':>6}",
        ]
        for k, name in enumerate(columns["model"]):
            interval = (
                f"[{columns['expected_rank_low'][k]:.2f}, {columns['expected_rank_high'][k]:.2f}]"
            )
            lines.append(
                f"  {name:<{width}}  {columns['expected_rank'][k]:>7.2f}  {interval:>15}  "
                f"{columns['prob_best'][k]:>8.3f}  {columns['prob_top'][k]:>6.3f}"
            )
        lines += [
            "  E[rank]: expected rank on a new data set; P(first): probability of ranking first",
            "  there; P(top): posterior probability of being the model most likely first.",
        ]
        return "\n".join(lines)


@dataclass(frozen=True, repr=False, eq=False)
class FriedmanTestResult(_TableMixin):
    """The Friedman test with the Nemenyi critical difference (Demšar, 2006).

    The frequentist reference for many models on many data sets: it tests
    whether the models' average ranks differ, and two models whose average
    ranks differ by less than the critical difference are "not significantly
    different".

    Attributes
    ----------
    statistic : float
        Friedman's chi-square statistic (:func:`scipy.stats.friedmanchisquare`,
        corrected for ties within a data set, unless ``tie_corrected`` is
        False).
    pvalue : float
        Its p-value (chi-square with ``n_models - 1`` degrees of freedom).
        ``iman_davenport_statistic`` and ``iman_davenport_pvalue`` give Iman
        and Davenport's F, less conservative, which Demšar (2006) recommends.
    average_ranks : ndarray of shape (n_models,)
        Average rank of every model over the data sets (1 is best; ties get
        the average of their ranks).
    critical_difference : float
        Nemenyi's critical difference at level ``alpha``:
        ``q_alpha / sqrt(2) * sqrt(K (K + 1) / (6 N))``, with ``q_alpha`` the
        studentized range quantile of ``K`` groups and infinite degrees of
        freedom.
    alpha : float
        Significance level of the critical difference.
    names : tuple of str
        The models.
    n_datasets : int
        Number of data sets ``N``.
    tie_corrected : bool
        Whether ``statistic`` is corrected for ties within data sets
        (:func:`scipy.stats.friedmanchisquare`) or Demšar's formula.
    """

    statistic: float
    pvalue: float
    average_ranks: np.ndarray
    critical_difference: float
    alpha: float
    names: tuple
    n_datasets: int
    tie_corrected: bool = True

    @property
    def iman_davenport_statistic(self):
        """float: Iman and Davenport's ``F = (N - 1) chi2 / (N (K - 1) - chi2)``."""
        n, k = self.n_datasets, len(self.names)
        denominator = n * (k - 1) - self.statistic
        return float(np.inf if denominator <= 0 else (n - 1) * self.statistic / denominator)

    @property
    def iman_davenport_pvalue(self):
        """float: ``P(F(K - 1, (K - 1)(N - 1)) >= F)``."""
        n, k = self.n_datasets, len(self.names)
        return float(stats.f.sf(self.iman_davenport_statistic, k - 1, (k - 1) * (n - 1)))

    def posthoc(self, *, method="nemenyi", control=None):
        """Post-hoc tests of the average ranks (Demšar, 2006, §3.2.2).

        Parameters
        ----------
        method : {"nemenyi", "holm", "shaffer", "bonferroni_dunn"}, default="nemenyi"
            All pairs: "nemenyi", "holm" or "shaffer"; against a ``control``:
            "holm" or "bonferroni_dunn".
        control : str, default=None
            Compare every model with this one only ("best": the model of the
            best average rank).

        Returns
        -------
        RankPosthocResult
            At this result's ``alpha``; see
            :func:`~sklearn_bayescmp.stats.rank_posthoc`.
        """
        from ._posthoc import rank_posthoc  # it builds this module's result classes

        return rank_posthoc(
            self.average_ranks,
            self.n_datasets,
            method=method,
            control=control,
            alpha=self.alpha,
            names=self.names,
        )

    def __repr__(self):
        return (
            f"FriedmanTestResult(statistic={self.statistic:.4g}, pvalue={self.pvalue:.4g}, "
            f"critical_difference={self.critical_difference:.4g}, n_models={len(self.names)}, "
            f"n_datasets={self.n_datasets})"
        )

    def _row(self):
        return {
            "statistic": self.statistic,
            "pvalue": self.pvalue,
            "iman_davenport_statistic": self.iman_davenport_statistic,
            "iman_davenport_pvalue": self.iman_davenport_pvalue,
            "critical_difference": self.critical_difference,
            "alpha": self.alpha,
            "n_models": len(self.names),
            "n_datasets": self.n_datasets,
        }

    def _html_columns(self):
        return {
            "Friedman chi2": [self.statistic],
            "p-value": [self.pvalue],
            f"critical difference ({self.alpha:g})": [self.critical_difference],
        }

    def _caption(self):
        return f"Friedman test over {self.n_datasets} data sets (frequentist reference)"

    @terminal_text
    def summary(self):
        """Readable report.

        Returns
        -------
        str
        """
        order = np.argsort(self.average_ranks, kind="stable")
        ranks = ", ".join(f"{self.names[k]} {self.average_ranks[k]:.2f}" for k in order)
        return (
            f"Friedman test over {self.n_datasets} data sets: chi2 = {self.statistic:.4g}, "
            f"p-value = {self.pvalue:.4g} ({'' if self.tie_corrected else 'not '}tie-corrected)"
            "; Iman-Davenport F = "
            f"{self.iman_davenport_statistic:.4g}, p-value = {self.iman_davenport_pvalue:.4g}\n"
            f"  average ranks: {ranks}\n"
            f"  Nemenyi critical difference (alpha = {self.alpha:g}): "
            f"{self.critical_difference:.4g}"
        )


@dataclass(frozen=True, repr=False, eq=False)
class RankPosthocResult(_TableMixin):
    """Post-hoc comparisons of average ranks after the Friedman test (Demšar, 2006).

    Made by :func:`~sklearn_bayescmp.stats.rank_posthoc` or
    :meth:`FriedmanTestResult.posthoc`.

    Attributes
    ----------
    method : {"nemenyi", "holm", "shaffer", "bonferroni_dunn"}
        The correction for multiple comparisons.
    names : tuple of str
        The models.
    average_ranks : ndarray of shape (n_models,)
        Their average ranks (1 is best).
    n_datasets : int
        Number of data sets the ranks average over.
    control : str or None
        The model every other is compared with; None for all pairs.
    statistic : ndarray of shape (n_models, n_models)
        ``z[i, j] = (R_i - R_j) / sqrt(K (K + 1) / (6 N))``: positive when
        ``i`` ranks worse than ``j``.
    pvalues : ndarray of shape (n_models, n_models)
        Two-sided normal p-values of ``z``, unadjusted.
    pvalues_adjusted : ndarray of shape (n_models, n_models)
        Adjusted for the comparisons made; NaN for the pairs not compared
        (those without the control), 1 on the diagonal.
    critical_difference : float or None
        Two average ranks further apart differ significantly: Nemenyi's
        (all pairs) or Bonferroni-Dunn's (against the control); None for
        the step-down procedures, which have no single one.
    alpha : float
        Significance level.
    """

    method: str
    names: tuple
    average_ranks: np.ndarray
    n_datasets: int
    control: object
    statistic: np.ndarray
    pvalues: np.ndarray
    pvalues_adjusted: np.ndarray
    critical_difference: object
    alpha: float

    @property
    def significant(self):
        """ndarray of bool: Pairs whose adjusted p-value is below ``alpha``."""
        with np.errstate(invalid="ignore"):
            return self.pvalues_adjusted < self.alpha

    @property
    def compared(self):
        """ndarray of bool: The pairs the procedure compared (all, or those with the control)."""
        compared = np.isfinite(self.pvalues_adjusted)
        np.fill_diagonal(compared, False)
        return compared

    def __repr__(self):
        control = "" if self.control is None else f", control={self.control!r}"
        return (
            f"RankPosthocResult(method={self.method!r}{control}, n_models={len(self.names)}, "
            f"n_datasets={self.n_datasets}, n_significant="
            f"{int(np.triu(self.significant & self.compared, 1).sum())})"
        )

    def to_columns(self):
        """Every compared pair as a row: a dict of columns.

        Returns
        -------
        dict of str to list
            ``model_a``, ``model_b``, ``rank_difference`` (``R_a - R_b``),
            ``statistic``, ``pvalue``, ``pvalue_adjusted`` and
            ``significant``.
        """
        rows, columns = np.nonzero(np.triu(self.compared, 1))
        return {
            "model_a": [self.names[i] for i in rows],
            "model_b": [self.names[j] for j in columns],
            "rank_difference": [
                float(self.average_ranks[i] - self.average_ranks[j])
                for i, j in zip(rows, columns, strict=True)
            ],
            "statistic": self.statistic[rows, columns].tolist(),
            "pvalue": self.pvalues[rows, columns].tolist(),
            "pvalue_adjusted": self.pvalues_adjusted[rows, columns].tolist(),
            "significant": self.significant[rows, columns].tolist(),
        }

    def _html_columns(self):
        return self.to_columns()

    def _caption(self):
        against = "all pairs" if self.control is None else f"against {self.control}"
        return f"{self._title()}, {against} (alpha = {self.alpha:g})"

    def _title(self):
        return {
            "nemenyi": "Nemenyi test",
            "holm": "Holm's procedure",
            "shaffer": "Shaffer's static procedure",
            "bonferroni_dunn": "Bonferroni-Dunn test",
        }[self.method]

    @terminal_text
    def summary(self):
        """Readable report.

        Returns
        -------
        str
        """
        columns = self.to_columns()
        lines = [f"{self._caption()}, {self.n_datasets} data sets:"]
        if self.critical_difference is not None:
            lines.append(f"  critical difference of average ranks: {self.critical_difference:.4g}")
        for a, b, d, p, adjusted, significant in zip(
            columns["model_a"],
            columns["model_b"],
            columns["rank_difference"],
            columns["pvalue"],
            columns["pvalue_adjusted"],
            columns["significant"],
            strict=True,
        ):
            verdict = "significant" if significant else "not significant"
            lines.append(
                f"  {a} vs {b}: rank difference {d:+.3f}, p = {p:.4g}, adjusted {adjusted:.4g} "
                f"({verdict})"
            )
        return "\n".join(lines)


def _shortest_discrete_interval(pmf, prob):
    """The shortest ``(low, high)`` of whole numbers holding at least ``prob`` of ``pmf``."""
    cumulative = np.concatenate([[0.0], np.cumsum(pmf)])
    best = (0, len(pmf) - 1)
    for low in range(len(pmf)):
        high = np.searchsorted(cumulative, cumulative[low] + prob - 1e-12) - 1
        if high < len(pmf) and high - low < best[1] - best[0]:
            best = (low, max(low, high))
    return best
