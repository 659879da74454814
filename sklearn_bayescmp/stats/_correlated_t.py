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
from dataclasses import dataclass, replace
from numbers import Integral, Real
from typing import NamedTuple

import numpy as np
from scipy import stats

from .._differences import CVDifferences
from .._results import BayesianCorrelatedTTestResult, TTestResult
from ..utils._sklearn import Interval, StrOptions, validate_params
from ..utils._validation import check_differences, check_rope, check_split_sizes

_SIZE_CONSTRAINT = [Interval(Integral, 1, None, closed="left"), "array-like", None]
_ROPE_CONSTRAINT = [Interval(Real, 0, None, closed="left"), "array-like"]


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


@dataclass(frozen=True)
class _CVSamples:
    """Sufficient statistics of the analysed differences, one entry per data set."""

    n: np.ndarray
    mean: np.ndarray
    sum_squares: np.ndarray
    test_train_ratio: np.ndarray
    n_omitted: np.ndarray

    @property
    def variance(self):
        return self.sum_squares / (self.n - 1)


def _segment_statistics(x, n_train, n_test, lengths, names=None):
    """Statistics of consecutive segments of ``x`` (one per data set); NaN is omitted.

    Vectorised with ``reduceat`` so that many data sets cost about as much as
    one long array. ``x`` must be finite or NaN and the sizes positive.
    """
    starts = np.concatenate([[0], np.cumsum(lengths)[:-1]])
    valid = ~np.isnan(x)
    n = np.add.reduceat(valid, starts)
    if np.any(n < 2):
        i = int(np.argmin(n))
        where = "" if names is None else f" of data set {names[i]!r}"
        raise ValueError(
            f"`differences`{where} needs at least 2 finite values to estimate a variance; "
            f"got {int(n[i])} (of {int(lengths[i])}). Use more cross-validation splits."
        )
    mean = np.add.reduceat(np.where(valid, x, 0.0), starts) / n
    deviations = np.where(valid, x - np.repeat(mean, lengths), 0.0)
    sum_squares = np.add.reduceat(deviations**2, starts)
    # All equal means exactly zero variance; summing squared rounding errors
    # would otherwise turn a point mass into a very narrow t.
    lowest = np.minimum.reduceat(np.where(valid, x, np.inf), starts)
    constant = lowest == np.maximum.reduceat(np.where(valid, x, -np.inf), starts)
    mean = np.where(constant, lowest, mean)
    sum_squares = np.where(constant, 0.0, sum_squares)
    test_sizes = np.add.reduceat(np.where(valid, n_test, 0), starts)
    train_sizes = np.add.reduceat(np.where(valid, n_train, 0), starts)
    return _CVSamples(n, mean, sum_squares, test_sizes / train_sizes, np.asarray(lengths) - n)


class RecordOrigin(NamedTuple):
    """What a result says about the models compared: their names and mean scores."""

    model_a: str = "A"
    model_b: str = "B"
    mean_score_a: float | None = None
    mean_score_b: float | None = None

    @classmethod
    def of(cls, record, kept=None):
        """The origin of a :class:`CVDifferences` (mean scores over the ``kept`` splits)."""
        means = [None, None]
        for k, scores in enumerate((record.scores_a, record.scores_b)):
            if scores is not None:
                values = scores if kept is None else scores[kept]
                means[k] = float(np.mean(values)) if np.all(np.isfinite(values)) else None
        return cls(*record.model_names, *means)


def _cv_sample(differences, n_train, n_test, nan_policy):
    """Validated statistics of one data set (arrays of length one), and its origin."""
    record = None
    if isinstance(differences, CVDifferences):
        if n_train is not None or n_test is not None:
            raise ValueError(
                "`n_train` and `n_test` are read from the CVDifferences record; "
                "do not pass them as well."
            )
        record = differences
        differences, n_train, n_test = (
            differences.differences,
            differences.n_train,
            differences.n_test,
        )
    elif n_train is None or n_test is None:
        raise ValueError(
            "`n_train` and `n_test` are required with an array of differences: the "
            "training and test set sizes of each split (scalars if all are equal)."
        )
    x, kept = check_differences(differences, nan_policy=nan_policy)
    n_train = check_split_sizes(n_train, n_splits=kept.size, name="n_train")[kept]
    n_test = check_split_sizes(n_test, n_splits=kept.size, name="n_test")[kept]
    statistics = _segment_statistics(x, n_train, n_test, [x.size])
    origin = RecordOrigin() if record is None else RecordOrigin.of(record, kept)
    return replace(statistics, n_omitted=np.array([kept.size - x.size])), origin


def collection_statistics(records, names):
    """Statistics of many ``CVDifferences`` at once (failed splits omitted).

    Records are validated on construction, so only the NaN count is checked.
    """
    return _segment_statistics(
        np.concatenate([record.differences for record in records]),
        np.concatenate([record.n_train for record in records]),
        np.concatenate([record.n_test for record in records]),
        [record.n_splits for record in records],
        names,
    )


def _standard_error(sample, test_train_ratio):
    """``sqrt((1/n + n_test/n_train) s**2)`` (Nadeau & Bengio); ratio 0 is ``s / sqrt(n)``."""
    return np.sqrt((1.0 / sample.n + test_train_ratio) * sample.variance)


def _t_test_pvalue(statistic, df, alternative):
    if alternative == "greater":
        return float(stats.t.sf(statistic, df))
    if alternative == "less":
        return float(stats.t.cdf(statistic, df))
    return float(min(1.0, 2.0 * stats.t.sf(abs(statistic), df)))


_SHARED_PARAMETERS = """
    differences : array-like of shape (n_splits,) or CVDifferences
        Per-split score differences ``score_a - score_b`` (positive favours
        A), or a :class:`~sklearn_bayescmp.CVDifferences` record, whose sizes
        are then used.
    n_train, n_test : int or array-like of shape (n_splits,)
        Training and test set size of each split (a scalar if all splits are
        the same size). Required with an array of differences. The correction
        uses ``sum(n_test) / sum(n_train)``."""


@validate_params(
    {
        "differences": ["array-like", CVDifferences],
        "n_train": _SIZE_CONSTRAINT,
        "n_test": _SIZE_CONSTRAINT,
        "alternative": [StrOptions({"two-sided", "greater", "less"})],
        "nan_policy": [StrOptions({"raise", "omit"})],
    },
    prefer_skip_nested_validation=True,
)
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
    ----------%(shared)s
    alternative : {"two-sided", "greater", "less"}, default="two-sided"
        "greater": the mean difference is positive (A better); "less": B better.
    nan_policy : {"raise", "omit"}, default="raise"
        NaN differences mark failed splits: raise, or leave them out.

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
    sample, origin = _cv_sample(differences, n_train, n_test, nan_policy)
    return t_test_result(sample, alternative, corrected=True, origin=origin)


def student_t_test(estimate, standard_error, df, alternative):
    """``(statistic, pvalue)`` of ``estimate / standard_error`` against Student's t.

    A zero standard error (all differences equal) gives ``+-inf`` and a
    p-value of 0 or 1, or a statistic of 0 and p-value 1 when the estimate is
    0: a sure sign, or no evidence. Never NaN.
    """
    if standard_error == 0:
        if estimate == 0:
            return 0.0, 1.0
        statistic = math.copysign(math.inf, estimate)
        if alternative == "two-sided":
            return statistic, 0.0
        return statistic, float((estimate > 0) != (alternative == "greater"))
    statistic = estimate / standard_error
    return float(statistic), _t_test_pvalue(statistic, df, alternative)


def t_test_result(
    sample, alternative, *, corrected, test="corrected repeated-CV t-test", origin=None
):
    """The (corrected or plain) one-sample t-test of one data set's differences."""
    origin = RecordOrigin() if origin is None else origin
    n, mean = int(sample.n[0]), float(sample.mean[0])
    ratio = float(sample.test_train_ratio[0]) if corrected else 0.0
    standard_error = float(_standard_error(sample, ratio)[0])
    statistic, pvalue = student_t_test(mean, standard_error, n - 1, alternative)
    return TTestResult(
        statistic=statistic,
        pvalue=pvalue,
        df=n - 1,
        estimate=mean,
        standard_error=standard_error,
        alternative=alternative,
        n_splits=n,
        test_train_ratio=ratio,
        n_omitted=int(sample.n_omitted[0]),
        test=test if corrected else "paired t-test (uncorrected)",
        model_a=origin.model_a,
        model_b=origin.model_b,
    )


def _posterior_parameters(sample, prior):
    """Student-t posterior of the mean (Corani & Benavoli 2015, Theorem 2).

    With ``h = 1' M^-1 1 = n / (1 + (n - 1) rho)`` and
    ``Q = (x - 1 xbar)' M^-1 (x - 1 xbar) = SS / (1 - rho)``::

        loc   = (h xbar + mu0 / k0) / (h + 1/k0)
        a~    = a + n / 2
        b~    = b + (Q + h (1/k0) / (h + 1/k0) (xbar - mu0)**2) / 2
        mu    ~ St(df = 2 a~, loc, scale**2 = (b~ / a~) / (h + 1/k0))

    The ``b~`` term is the completed square ``h xbar**2 + mu0**2/k0 -
    loc**2 (h + 1/k0)`` in a form free of cancellation.
    """
    if prior is None:
        return sample.n - 1.0, sample.mean, _standard_error(sample, sample.test_train_ratio)
    ratio = sample.test_train_ratio
    rho = ratio / (1.0 + ratio)
    h = sample.n / (1.0 + (sample.n - 1) * rho)
    quadratic = sample.sum_squares / (1.0 - rho)
    inv_k0 = 0.0 if math.isinf(prior.k0) else 1.0 / prior.k0
    precision = h + inv_k0
    loc = (h * sample.mean + prior.mu0 * inv_k0) / precision
    a_post = prior.a + sample.n / 2.0
    b_post = prior.b + 0.5 * (quadratic + h * inv_k0 / precision * (sample.mean - prior.mu0) ** 2)
    return 2.0 * a_post, loc, np.sqrt(b_post / a_post / precision)


def _student_outcome_probabilities(df, loc, scale, rope):
    """``(P(mu > high), P(low <= mu <= high), P(mu < low))`` per row.

    Student posteriors given by arrays of ``df``, ``loc``, ``scale``; a zero
    scale is a point mass at ``loc``. Uses scipy's unfrozen ``t`` (one call
    for all data sets; freezing a distribution per data set costs more than
    the arithmetic).
    """
    low, high = rope
    df, loc, scale = np.broadcast_arrays(
        *(np.atleast_1d(v).astype(float) for v in (df, loc, scale))
    )
    point = scale == 0
    scale = np.where(point, 1.0, scale)
    prob_b = stats.t.cdf(low, df, loc, scale)
    prob_a = stats.t.sf(high, df, loc, scale)
    # Subtract in the tail where both terms are small, to keep digits.
    prob_eq = np.where(
        high <= loc,
        stats.t.cdf(high, df, loc, scale) - prob_b,
        stats.t.sf(low, df, loc, scale) - prob_a,
    )
    probs = np.column_stack([prob_a, np.maximum(prob_eq, 0.0), prob_b])
    masses = np.column_stack([loc > high, (low <= loc) & (loc <= high), loc < low])
    return np.where(point[:, None], masses.astype(float), probs)


@validate_params(
    {
        "differences": ["array-like", CVDifferences],
        "n_train": _SIZE_CONSTRAINT,
        "n_test": _SIZE_CONSTRAINT,
        "rope": _ROPE_CONSTRAINT,
        "prior": [NormalGammaPrior, None],
        "nan_policy": [StrOptions({"raise", "omit"})],
    },
    prefer_skip_nested_validation=True,
)
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
    ----------%(shared)s
    rope : float or tuple of (float, float), default=0.01
        Region of practical equivalence in the scorer's units: ``r`` means
        ``[-r, r]``; a pair ``(low, high)`` with ``low <= 0 <= high`` is
        accepted. ``rope=0`` gives ``prob_equivalent=0`` for a continuous
        posterior.
    prior : NormalGammaPrior, default=None
        Prior on the mean and precision; None is the matching prior, for
        which ``P(mu > 0)`` equals one minus the one-sided p-value of
        :func:`corrected_ttest`.
    nan_policy : {"raise", "omit"}, default="raise"
        NaN differences mark failed splits: raise, or leave them out.

    Returns
    -------
    BayesianCorrelatedTTestResult
        With ``prob_a_better``, ``prob_equivalent``, ``prob_b_better``, the
        posterior (``df``, ``loc``, ``scale``, ``posterior``),
        ``credible_interval(prob, method)``, ``decision(threshold)``,
        ``odds()`` and ``summary()``. When all differences are equal the
        posterior is a point mass and the probabilities are 0 or 1.

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
    sample, origin = _cv_sample(differences, n_train, n_test, nan_policy)
    rope = check_rope(rope)
    df, loc, scale = (float(v[0]) for v in _posterior_parameters(sample, prior))
    probs = _student_outcome_probabilities(df, loc, scale, rope)[0]
    return BayesianCorrelatedTTestResult(
        *(float(p) for p in probs),
        df=df,
        loc=loc,
        scale=scale,
        rope=rope,
        n_splits=int(sample.n[0]),
        test_train_ratio=float(sample.test_train_ratio[0]),
        prior=prior,
        n_omitted=int(sample.n_omitted[0]),
        **origin._asdict(),
    )


corrected_ttest.__doc__ = corrected_ttest.__doc__ % {"shared": _SHARED_PARAMETERS}
bayesian_correlated_ttest.__doc__ = bayesian_correlated_ttest.__doc__ % {
    "shared": _SHARED_PARAMETERS
}
