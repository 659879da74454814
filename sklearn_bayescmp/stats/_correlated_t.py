"""Tests on the differences of one repeated cross-validation.

The differences of repeated k-fold cross-validation are correlated because the
training sets overlap. Nadeau & Bengio (2003) model the correlation between two
differences as ``rho = n_test / (n_train + n_test)``, so that
``rho / (1 - rho) = n_test / n_train``, and inflate the variance of the mean
accordingly:

    t = mean(x) / sqrt((1/n + n_test/n_train) * s**2),   Student t with n - 1 df.

Corani & Benavoli (2015, Theorem 2) give the Bayesian counterpart: with
``x ~ MVN(1 mu, sigma**2 ((1 - rho) I + rho 1 1^T))`` and a Normal-Gamma prior
on ``(mu, 1/sigma**2)`` the posterior of ``mu`` is Student's t. Under the
*matching* prior (``mu0 = 0, k0 -> inf, a = -1/2, b = 0``) it is
``St(n - 1, mean(x), (1/n + n_test/n_train) s**2)``, and ``P(mu > 0)`` equals
one minus the one-sided p-value of the corrected t-test.

With unequal folds the ratio is ``sum(n_test) / sum(n_train)``, as in WEKA's
corrected tester.
"""

import math
from dataclasses import dataclass
from numbers import Real
from typing import ClassVar

import numpy as np
from scipy import stats

from ..utils._display import terminal_text
from ..utils._docstrings import fill_doc
from ..utils._sklearn import validate_params
from ..utils._validation import ROPE_CONSTRAINT, check_probability, check_rope
from ._backend import Backend
from ._core import (
    ALTERNATIVE_CONSTRAINT,
    ONE_DATASET_CONSTRAINTS,
    RecordOrigin,
    collection_statistics,
    cv_sample,
    outcome_probabilities,
    standard_error,
    student_posterior,
    student_t_test,
)
from ._results import (
    PROBABILITIES,
    BayesianTableMixin,
    ConfidenceInterval,
    CredibleInterval,
    FrequentistDecisionMixin,
    PosteriorCurve,
    TableMixin,
    check_interval_options,
    interval_text,
    probabilities_line,
)
from ._rope import RopeOutcomesMixin


def describe_prior(prior):
    """The prior of the correlated t-test (of every data set, for the Poisson test), in words."""
    if prior is None:
        return "the matching (non-informative) prior of the correlated t-test"
    return f"the normal-gamma prior {prior!r}"


@dataclass(frozen=True)
class NormalGammaPrior:
    """Normal-Gamma prior on the mean difference and the precision.

    ``nu = 1 / sigma**2 ~ Gamma(a, rate=b)`` and ``mu | nu ~ N(mu0, k0 / nu)``
    (Corani & Benavoli, 2015, §2).

    Parameters
    ----------
    mu0 : float
        Prior mean of the mean difference.
    k0 : float
        Prior variance of ``mu`` in units of ``sigma**2``; larger is vaguer.
        ``inf`` is allowed (flat prior on ``mu``).
    a : float
        Shape of the Gamma prior on the precision; at least -1/2 (the
        improper value of the matching prior).
    b : float
        Rate of the Gamma prior on the precision; at least 0.

    See Also
    --------
    sklearn_bayescmp.stats.bayesian_correlated_ttest : The test that takes this prior.

    Notes
    -----
    ``NormalGammaPrior(0, inf, -0.5, 0)`` is the (improper) matching prior,
    also obtained with ``prior=None``; :meth:`matching` returns it.

    Examples
    --------
    >>> from sklearn_bayescmp.stats import NormalGammaPrior
    >>> NormalGammaPrior(mu0=0.0, k0=1.0, a=2.0, b=0.001)
    NormalGammaPrior(mu0=0.0, k0=1.0, a=2.0, b=0.001)
    """

    mu0: float
    k0: float
    a: float
    b: float

    def __post_init__(self):
        for name in ("mu0", "k0", "a", "b"):
            value = getattr(self, name)
            if not isinstance(value, Real) or isinstance(value, bool) or math.isnan(value):
                raise TypeError(
                    f"`{name}` of NormalGammaPrior must be a real number; got {value!r}."
                )
            object.__setattr__(self, name, float(value))
        if not math.isfinite(self.mu0):
            raise ValueError(f"`mu0` of NormalGammaPrior must be finite; got {self.mu0!r}.")
        if not self.k0 > 0:
            raise ValueError(
                f"`k0` of NormalGammaPrior must be > 0 (inf for a flat prior); got {self.k0!r}."
            )
        if not (-0.5 <= self.a < math.inf):
            raise ValueError(f"`a` of NormalGammaPrior must be finite and >= -0.5; got {self.a!r}.")
        if not (0 <= self.b < math.inf):
            raise ValueError(f"`b` of NormalGammaPrior must be finite and >= 0; got {self.b!r}.")

    @classmethod
    def matching(cls):
        """The matching prior ``(mu0=0, k0=inf, a=-1/2, b=0)`` (the default).

        Returns
        -------
        NormalGammaPrior
        """
        return cls(0.0, math.inf, -0.5, 0.0)


def t_test_result(sample, alternative, *, corrected, test, origin=None, index=0):
    """The (corrected or plain) one-sample t-test of one data set's differences: entry
    ``index`` of ``sample``.

    ``test`` is the back end's name in the registry (``"corrected_t"``...).
    """
    origin = RecordOrigin() if origin is None else origin
    n, mean = int(sample.n[index]), float(sample.mean[index])
    ratio = float(sample.test_train_ratio[index]) if corrected else 0.0
    variance = sample.sum_squares[index] / (sample.n[index] - 1)
    error = float(standard_error(n, variance, ratio))
    statistic, pvalue = student_t_test(mean, error, n - 1, alternative)
    return TTestResult(
        statistic=statistic,
        pvalue=pvalue,
        df=n - 1,
        estimate=mean,
        standard_error=error,
        alternative=alternative,
        n_splits=n,
        test_train_ratio=ratio,
        n_omitted=int(sample.n_omitted[index]),
        test=test,
        model_a=origin.model_a,
        model_b=origin.model_b,
    )


@validate_params(
    {**ONE_DATASET_CONSTRAINTS, "alternative": ALTERNATIVE_CONSTRAINT},
    prefer_skip_nested_validation=True,
)
@fill_doc
def corrected_ttest(
    differences, *, n_train=None, n_test=None, alternative="two-sided", nan_policy="raise"
):
    """Corrected repeated cross-validation t-test (Nadeau & Bengio, 2003).

    Tests whether the mean score difference of two models is zero, allowing
    for the correlation of cross-validation differences:

    .. math::

        t = \\frac{\\bar x}{\\sqrt{(1/n + n_{test}/n_{train})\\, s^2}},
        \\qquad t \\sim \\mathrm{St}(n - 1)

    Parameters
    ----------%(differences_one)s%(alternative)s%(nan_policy)s

    Returns
    -------
    TTestResult
        With ``statistic``, ``pvalue``, ``df``, ``estimate``,
        ``standard_error`` and ``confidence_interval(confidence_level)``.
        Zero variance gives ``statistic=+-inf`` and a p-value of 0 or 1 (or
        ``statistic=0`` and p-value 1 when every difference is 0).

    See Also
    --------
    bayesian_correlated_ttest : The Bayesian counterpart, with a rope.

    References
    ----------
    .. [1] C. Nadeau and Y. Bengio, "Inference for the generalization error",
       Machine Learning 52(3), 2003.
    .. [2] R. R. Bouckaert and E. Frank, "Evaluating the replicability of
       significance tests for comparing learning algorithms", PAKDD 2004.

    Examples
    --------
    >>> from sklearn_bayescmp.stats import corrected_ttest
    >>> res = corrected_ttest([0.02, 0.01, 0.03, 0.00, 0.02, 0.01], n_train=90, n_test=10)
    >>> round(res.statistic, 3), round(res.pvalue, 3), res.df
    (2.714, 0.042, 5)
    """
    sample, origin = cv_sample(differences, n_train, n_test, nan_policy)
    return t_test_result(sample, alternative, corrected=True, test="corrected_t", origin=origin)


@validate_params(
    {**ONE_DATASET_CONSTRAINTS, "rope": ROPE_CONSTRAINT, "prior": [NormalGammaPrior, None]},
    prefer_skip_nested_validation=True,
)
@fill_doc
def bayesian_correlated_ttest(
    differences, *, n_train=None, n_test=None, rope=0.01, prior=None, nan_policy="raise"
):
    """Bayesian correlated t-test (Corani & Benavoli, 2015).

    Posterior of the mean score difference ``mu`` of two models from the
    correlated differences of repeated cross-validation, and the
    probabilities that A is practically better (``mu > high``), that the
    models are practically equivalent (``low <= mu <= high``) and that B is
    practically better (``mu < low``). Under the default matching prior:

    .. math::

        \\mu \\mid x \\sim \\mathrm{St}\\left(n - 1,\\ \\bar x,\\
        \\left(\\tfrac{1}{n} + \\tfrac{n_{test}}{n_{train}}\\right) s^2\\right)

    Parameters
    ----------%(differences_one)s%(rope)s
    prior : NormalGammaPrior, default=None
        Prior on the mean and precision; None is the matching prior, for
        which ``P(mu > 0)`` equals one minus the one-sided p-value of
        :func:`corrected_ttest`.%(nan_policy)s

    Returns
    -------
    BayesianCorrelatedTTestResult
        With ``prob_a_better``, ``prob_equivalent``, ``prob_b_better``, the
        posterior (``df``, ``loc``, ``scale``, ``posterior``),
        ``credible_interval(prob, method)``, ``decision(threshold)``,
        ``odds()`` and ``summary()``. When all differences are equal the
        posterior is a point mass and the probabilities are 0 or 1; with
        ``rope=0`` and every difference 0 the tie is split, 0.5 for A and 0.5
        for B (the limit of the Student posterior as its scale shrinks, as
        baycomp has it): without a rope there is no third outcome.

    See Also
    --------
    corrected_ttest : The frequentist test.

    References
    ----------
    .. [1] G. Corani and A. Benavoli, "A Bayesian approach for comparing
       cross-validated algorithms on multiple data sets", Machine Learning
       100(2), 2015.
    .. [2] A. Benavoli, G. Corani, J. Demsar and M. Zaffalon, "Time for a
       change: a tutorial for comparing multiple classifiers through Bayesian
       analysis", JMLR 18, 2017.

    Examples
    --------
    >>> from sklearn_bayescmp.stats import bayesian_correlated_ttest
    >>> res = bayesian_correlated_ttest(
    ...     [0.02, 0.01, 0.03, 0.00, 0.02, 0.01], n_train=90, n_test=10, rope=0.01)
    >>> round(res.prob_a_better, 3), round(res.prob_equivalent, 3), round(res.prob_b_better, 3)
    (0.796, 0.2, 0.003)
    >>> res.decision(threshold=0.95)
    'undecided'
    """
    sample, origin = cv_sample(differences, n_train, n_test, nan_policy)
    return posterior_results(sample, check_rope(rope), prior, [origin])[0]


def posterior_results(sample, rope, prior, origins):
    """The correlated t-test's result of each data set of ``sample`` (one origin each)."""
    df, loc, scale = student_posterior(sample, prior)
    probabilities = outcome_probabilities(df, loc, scale, rope)
    return [
        BayesianCorrelatedTTestResult(
            *(float(p) for p in probabilities[r]),
            df=float(df[r]),
            loc=float(loc[r]),
            scale=float(scale[r]),
            rope=rope,
            n_splits=int(sample.n[r]),
            test_train_ratio=float(sample.test_train_ratio[r]),
            prior=prior,
            n_omitted=int(sample.n_omitted[r]),
            **origin._asdict(),
        )
        for r, origin in enumerate(origins)
    ]


def dataset_ttests(records, *, rope, prior=None, test="corrected_t"):
    """Each record's Bayesian correlated t-test and corrected t-test, computed together.

    The numbers of :func:`bayesian_correlated_ttest` and of ``test`` (the
    corrected or the corrected resampled t-test, two-sided) called on each
    record with ``nan_policy="omit"``: the records' statistics are summed
    segment by segment, as each alone sums them, and the Student
    probabilities are evaluated for all records in one call.

    Parameters
    ----------
    records : list of CVDifferences
        With their split sizes and at least two finite differences each.
    rope : tuple of (float, float)
        Validated.
    prior : NormalGammaPrior, default=None
    test : {"corrected_t", "corrected_resampled_t"}, default="corrected_t"

    Returns
    -------
    posteriors : list of BayesianCorrelatedTTestResult
    ttests : list of TTestResult
    """
    names = [record.name for record in records]
    sample = collection_statistics(records, names, drop_failed=True)
    origins = [RecordOrigin.of(record, ~np.isnan(record.differences)) for record in records]
    ttests = [
        t_test_result(sample, "two-sided", corrected=True, test=test, origin=origin, index=r)
        for r, origin in enumerate(origins)
    ]
    return posterior_results(sample, rope, prior, origins), ttests


@fill_doc
@dataclass(frozen=True, repr=False)
class TTestResult(FrequentistDecisionMixin, TableMixin):
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

    See Also
    --------
    sklearn_bayescmp.stats.corrected_ttest : Returns this result.
    sklearn_bayescmp.stats.BayesianCorrelatedTTestResult : The Bayesian counterpart.

    Examples
    --------
    >>> from sklearn_bayescmp.stats import TTestResult, corrected_ttest
    >>> res = corrected_ttest([0.02, 0.01, 0.03, 0.00, 0.02, 0.01], n_train=90, n_test=10)
    >>> isinstance(res, TTestResult)
    True
    >>> res.decision(alpha=0.05), round(res.estimate, 3), round(res.standard_error, 4)
    ('a', 0.015, 0.0055)
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
            f"{self._title}\n"
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
            "test": [self._title],
            f"mean {self.model_a} - {self.model_b}": [self.estimate],
            "standard error": [self.standard_error],
            "t": [self.statistic],
            f"p-value ({self.alternative})": [self.pvalue],
            "95% confidence interval": [interval_text(*self.confidence_interval())],
        }


@fill_doc
@dataclass(frozen=True, repr=False)
class BayesianCorrelatedTTestResult(BayesianTableMixin, RopeOutcomesMixin):
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

    See Also
    --------
    sklearn_bayescmp.stats.bayesian_correlated_ttest : Returns this result.
    sklearn_bayescmp.plotting.PosteriorDisplay : Draws its posterior.

    Examples
    --------
    >>> from sklearn_bayescmp.stats import bayesian_correlated_ttest
    >>> differences = [0.02, 0.01, 0.03, 0.00, 0.02, 0.01]
    >>> res = bayesian_correlated_ttest(differences, n_train=90, n_test=10, rope=0.01)
    >>> res.df, round(res.loc, 3), round(res.scale, 4)  # the posterior is Student's t
    (5.0, 0.015, 0.0055)
    >>> round(res.prob_a_better + res.prob_equivalent + res.prob_b_better, 12)
    1.0
    """

    test: ClassVar[str] = "bayesian_correlated_t"
    mean_parameter: ClassVar[str] = "mean_difference"
    _mean_parameter_words: ClassVar[str] = "the data set's mean difference"
    _negated: ClassVar[tuple] = ("loc",)
    _shown: ClassVar[tuple] = (*PROBABILITIES, "df", "loc", "scale", "rope")
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
        prob = check_interval_options(prob, method, parameter, ("mean_difference",))
        if self.scale == 0:
            return CredibleInterval(self.loc, self.loc)
        # The unfrozen distribution: freezing one costs more than the quantiles.
        low, high = stats.t.interval(prob, self.df, loc=self.loc, scale=self.scale)
        return CredibleInterval(float(low), float(high))

    def _summary_lines(self, threshold):
        low, high = self.credible_interval()
        prior = "matching prior" if self.prior is None else repr(self.prior)
        return [
            f"{self._title} ({prior})",
            f"  posterior of the mean difference ({self.model_a} - {self.model_b}):",
            f"    Student t(df={self.df:.4g}, loc={self.loc:.4g}, scale={self.scale:.4g})",
            f"  95% credible interval: [{low:.4g}, {high:.4g}]",
            f"  rope = [{self.rope[0]:.4g}, {self.rope[1]:.4g}]",
            f"  {probabilities_line(self, threshold=threshold)}",
        ]

    def _summary_notes(self):
        omitted = f", {self.n_omitted} failed splits omitted" if self.n_omitted else ""
        return [f"  {self.n_splits} splits, n_test/n_train = {self.test_train_ratio:.4g}{omitted}"]

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

    def _prior_description(self):
        return describe_prior(self.prior)

    def _posterior_curve(self, *, n_points=400):
        """The posterior of the mean difference as a display draws it.

        Parameters
        ----------
        n_points : int, default=400
            Points of the density's grid.

        Returns
        -------
        PosteriorCurve
            Student's t on a grid that holds 99.9% of it and the rope, or
            the point mass of zero variance.
        """
        if self.scale == 0:
            grid, density, point = np.array([self.loc]), None, self.loc
        else:
            width = self.posterior.ppf(0.9995) - self.loc
            low = min(self.loc - width, self.rope[0] - 0.2 * width)
            high = max(self.loc + width, self.rope[1] + 0.2 * width)
            grid = np.linspace(low, high, n_points)
            density, point = self.posterior.pdf(grid), None
        mean_scores = (self.mean_score_a, self.mean_score_b)
        return PosteriorCurve(
            grid,
            density,
            point,
            None,
            dict(self.probabilities),
            None if None in mean_scores else mean_scores,
        )

    def _html_extra(self):
        return {
            f"mean {self.model_a} - {self.model_b}": [self.loc],
            "95% credible interval": [interval_text(*self.credible_interval())],
            "rope": [interval_text(*self.rope)],
        }


BACKENDS = (
    Backend(
        "corrected_t",
        corrected_ttest,
        "Corrected repeated-CV t-test",
        "dataset",
        TTestResult,
        cite="Nadeau & Bengio 2003",
        kind="frequentist",
    ),
    Backend(
        "bayesian_correlated_t",
        bayesian_correlated_ttest,
        "Bayesian correlated t-test",
        "dataset",
        BayesianCorrelatedTTestResult,
        ("posterior",),
        cite="Corani & Benavoli 2015; Benavoli et al. 2017",
        kind="bayesian",
    ),
)
