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

from ..utils._docstrings import fill_doc
from ..utils._sklearn import validate_params
from ..utils._validation import ROPE_CONSTRAINT, check_rope
from ._core import (
    ALTERNATIVE_CONSTRAINT,
    ONE_DATASET_CONSTRAINTS,
    RecordOrigin,
    cv_sample,
    outcome_probabilities,
    standard_error,
    student_posterior,
    student_t_test,
)
from ._results import BayesianCorrelatedTTestResult, TTestResult


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


def t_test_result(sample, alternative, *, corrected, test, origin=None):
    """The (corrected or plain) one-sample t-test of one data set's differences.

    ``test`` is the back end's name in the registry (``"corrected_t"``...).
    """
    origin = RecordOrigin() if origin is None else origin
    n, mean = int(sample.n[0]), float(sample.mean[0])
    ratio = float(sample.test_train_ratio[0]) if corrected else 0.0
    error = float(standard_error(sample, ratio)[0])
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
        n_omitted=int(sample.n_omitted[0]),
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
    rope = check_rope(rope)
    df, loc, scale = (float(v[0]) for v in student_posterior(sample, prior))
    probs = outcome_probabilities(df, loc, scale, rope)[0]
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
