"""The frequentist reference for many models on many data sets (Demšar, 2006).

- :func:`friedman_test`: do the models' average ranks over the data sets
  differ? With Nemenyi's critical difference for the pairs.
- :func:`nemenyi_critical_difference`: the difference of average ranks
  beyond which two models count as significantly different.
- :func:`holm_adjusted`: Holm's step-down correction of several p-values.

These are shown beside the Bayesian analysis, never as the recommendation:
they rank data sets by their means and ignore each mean's uncertainty, and
"not significantly different" is not evidence of equivalence.
"""

from dataclasses import dataclass, field
from numbers import Integral, Real

import numpy as np
from scipy import stats

from ..utils._display import terminal_text
from ..utils._sklearn import Interval, validate_params
from ._core import average_ranks, merge_row_ties
from ._results import (
    TableMixin,
)

#: The works these numbers cite (:mod:`._bibliography`), for a report's bibliography.
CITED = ("Demšar 2006", "Iman & Davenport 1980")


@validate_params(
    {
        "n_models": [Interval(Integral, 2, None, closed="left")],
        "n_datasets": [Interval(Integral, 1, None, closed="left")],
        "alpha": [Interval(Real, 0, 1, closed="neither")],
    },
    prefer_skip_nested_validation=True,
)
def nemenyi_critical_difference(n_models, n_datasets, *, alpha=0.05):
    """Nemenyi's critical difference of average ranks (Demšar, 2006, §3.2.2).

    .. math::

        CD = \\frac{q_\\alpha}{\\sqrt 2} \\sqrt{\\frac{K (K + 1)}{6 N}}

    where ``q_alpha`` is the upper ``alpha`` quantile of the studentized range
    of ``K`` groups with infinite degrees of freedom
    (:data:`scipy.stats.studentized_range`).

    Parameters
    ----------
    n_models : int
        Number of models ``K``.
    n_datasets : int
        Number of data sets ``N``.
    alpha : float, default=0.05
        Significance level.

    Returns
    -------
    float
        Two average ranks further apart than this differ significantly.

    See Also
    --------
    sklearn_bayescmp.stats.friedman_test : The omnibus test it follows.
    sklearn_bayescmp.plotting.CriticalDifferenceDisplay : The diagram that draws it.

    Examples
    --------
    Demšar's Table 5(a) gives ``q_0.05 = 2.728`` for five models, so
    ``CD = 2.728 * sqrt(5 * 6 / (6 * 54)) = 0.830`` on 54 data sets:

    >>> from sklearn_bayescmp.stats import nemenyi_critical_difference
    >>> round(nemenyi_critical_difference(5, 54), 3)
    0.83
    """
    q = stats.studentized_range.ppf(1.0 - alpha, n_models, np.inf)
    return float(q / np.sqrt(2.0) * np.sqrt(n_models * (n_models + 1) / (6.0 * n_datasets)))


@validate_params(
    {
        "scores": ["array-like"],
        "names": ["array-like", None],
        "alpha": [Interval(Real, 0, 1, closed="neither")],
        "tie_correction": ["boolean"],
    },
    prefer_skip_nested_validation=True,
)
def friedman_test(scores, *, names=None, alpha=0.05, tie_correction=True):
    """Friedman test of many models on many data sets, with Nemenyi's critical difference.

    The frequentist reference of Demšar (2006): the Friedman test asks
    whether the models' average ranks differ; Nemenyi's critical difference
    says which pairs of average ranks differ significantly. It ranks the
    per-data-set means and ignores their uncertainty.

    Parameters
    ----------
    scores : array-like of shape (n_datasets, n_models)
        Each model's (mean) score on each data set; greater is better. At
        least 3 models and 2 data sets. Scores of a data set that differ by
        at most ``1e-12`` times its largest score tie: means of the same
        scores summed in another order rank alike.
    names : array-like of str, default=None
        The models' names.
    alpha : float, default=0.05
        Level of the critical difference.
    tie_correction : bool, default=True
        True: the statistic of :func:`scipy.stats.friedmanchisquare`, divided
        by ``1 - sum(t^3 - t) / (N K (K^2 - 1))`` for ties within data sets.
        False: Demšar's (2006) formula, as his tables print it,

        .. math::

            \\chi^2_F = \\frac{12 N}{K (K + 1)}
            \\left[\\sum_j R_j^2 - \\frac{K (K + 1)^2}{4}\\right]

        (equal to the corrected one when no data set has ties).

    Returns
    -------
    FriedmanTestResult
        ``statistic`` and ``pvalue`` (chi-square with ``K - 1`` degrees of
        freedom), Iman and Davenport's F, ``average_ranks`` and
        ``critical_difference``.

    See Also
    --------
    sklearn_bayescmp.stats.rank_posthoc : Post-hoc tests of the average ranks.
    sklearn_bayescmp.stats.nemenyi_critical_difference : The critical difference alone.
    sklearn_bayescmp.stats.plackett_luce_ranking : The Bayesian ranking of the same scores.

    References
    ----------
    .. [1] J. Demšar, "Statistical comparisons of classifiers over multiple
       data sets", JMLR 7, 2006.

    Examples
    --------
    >>> import numpy as np
    >>> from sklearn_bayescmp.stats import friedman_test
    >>> rng = np.random.default_rng(0)
    >>> scores = rng.normal([0.80, 0.82, 0.85], 0.02, size=(30, 3))
    >>> res = friedman_test(scores, names=["knn", "tree", "forest"])
    >>> res.average_ranks.round(2)
    array([2.83, 2.1 , 1.07])
    >>> round(res.critical_difference, 3)
    0.605
    """
    scores = np.asarray(scores, dtype=float)
    if scores.ndim != 2 or scores.shape[1] < 3 or scores.shape[0] < 2:
        raise ValueError(
            "`scores` must be 2-D with one row per data set and one column per model, with "
            f"at least 2 data sets and 3 models (for 2 models use wilcoxon_test); got shape "
            f"{scores.shape}."
        )
    if not np.all(np.isfinite(scores)):
        raise ValueError(
            f"`scores` contains {int((~np.isfinite(scores)).sum())} NaN or infinite value(s)."
        )
    n_datasets, n_models = scores.shape
    names = tuple(f"model {k}" for k in range(n_models)) if names is None else tuple(names)
    if len(names) != n_models:
        raise ValueError(f"`names` must hold {n_models} names; got {len(names)}.")
    ranks = average_ranks(scores)
    scores = merge_row_ties(scores)  # the ties the ranks saw, for SciPy's correction
    if np.all(scores == scores[:, :1]):
        statistic, pvalue = 0.0, 1.0  # every data set ties every model: no evidence
    elif tie_correction:
        result = stats.friedmanchisquare(*scores.T)
        statistic, pvalue = float(result.statistic), float(result.pvalue)
    else:
        k = n_models
        statistic = float(
            12.0 * n_datasets / (k * (k + 1)) * (np.sum(ranks**2) - k * (k + 1) ** 2 / 4.0)
        )
        pvalue = float(stats.chi2.sf(statistic, k - 1))
    return FriedmanTestResult(
        statistic=statistic,
        pvalue=pvalue,
        average_ranks=ranks,
        critical_difference=nemenyi_critical_difference(n_models, n_datasets, alpha=alpha),
        alpha=float(alpha),
        names=names,
        n_datasets=n_datasets,
        tie_corrected=bool(tie_correction),
    )


@dataclass(frozen=True, repr=False, eq=False)
class FriedmanTestResult(TableMixin):
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
    iman_davenport_statistic : float
        Iman and Davenport's ``F = (N - 1) chi2 / (N (K - 1) - chi2)``, less
        conservative than ``statistic``, which Demšar (2006) recommends.
    iman_davenport_pvalue : float
        Its p-value, ``P(F(K - 1, (K - 1)(N - 1)) >= F)``.

    See Also
    --------
    sklearn_bayescmp.stats.friedman_test : Returns this result.
    sklearn_bayescmp.stats.RankPosthocResult : The post-hoc tests it leads to.

    Examples
    --------
    >>> import numpy as np
    >>> from sklearn_bayescmp.stats import friedman_test
    >>> scores = np.random.default_rng(0).normal([0.80, 0.82, 0.85], 0.02, size=(30, 3))
    >>> res = friedman_test(scores, names=["knn", "tree", "forest"])
    >>> res.pvalue < 0.05, res.n_datasets
    (True, 30)
    """

    statistic: float
    pvalue: float
    average_ranks: np.ndarray
    critical_difference: float
    alpha: float
    names: tuple
    n_datasets: int
    tie_corrected: bool = True

    #: Iman and Davenport's ``F = (N - 1) chi2 / (N (K - 1) - chi2)`` and its p-value
    #: ``P(F(K - 1, (K - 1)(N - 1)) >= F)``: computed once, from the fields above.
    iman_davenport_statistic: float = field(init=False)
    iman_davenport_pvalue: float = field(init=False)

    def __post_init__(self):
        super().__post_init__()
        n, k = self.n_datasets, len(self.names)
        denominator = n * (k - 1) - self.statistic
        statistic = float(np.inf if denominator <= 0 else (n - 1) * self.statistic / denominator)
        pvalue = float(stats.f.sf(statistic, k - 1, (k - 1) * (n - 1)))
        object.__setattr__(self, "iman_davenport_statistic", statistic)
        object.__setattr__(self, "iman_davenport_pvalue", pvalue)

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
