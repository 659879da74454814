"""Post-hoc tests of average ranks after the Friedman test (Demšar, 2006, §3.2.2).

Every pair of models ``i, j`` (or every model against a control) is tested
with the statistic

.. math::

    z = \\frac{R_i - R_j}{\\sqrt{K (K + 1) / (6 N)}}

of the average ranks ``R`` of ``K`` models over ``N`` data sets. The
procedures differ in how they correct for the number of comparisons:

- ``"nemenyi"``: all pairs, single step, studentized range (the critical
  difference of Demšar's diagrams);
- ``"holm"``: Holm's step-down correction of the normal p-values, of all
  pairs or against a control;
- ``"shaffer"``: all pairs, Shaffer's static step-down correction, which
  uses the logical relations between pairwise hypotheses (García and
  Herrera, 2008);
- ``"bonferroni_dunn"``: against a control, Bonferroni's correction over
  the ``K - 1`` comparisons.

Bergmann-Hommel's procedure (exhaustive over the sets of hypotheses) and
Conover's test are in scikit-posthocs; they are not repeated here.
"""

from dataclasses import dataclass
from functools import lru_cache
from math import comb
from numbers import Integral

import numpy as np
from scipy import stats

from ..utils._display import terminal_text
from ._core import holm_adjusted
from ._results import (
    TableMixin,
)

_ALL_PAIRS = ("nemenyi", "holm", "shaffer")
_WITH_CONTROL = ("holm", "bonferroni_dunn")


@lru_cache
def shaffer_true_counts(n_models):
    """How many pairwise hypotheses of ``n_models`` models can be true at once.

    Shaffer's (1986) recursion: models split into groups of equal
    performance; a group of ``j`` models makes ``C(j, 2)`` true hypotheses.

    .. math::

        S(K) = \\bigcup_{j=1}^{K} \\{ C(j, 2) + x : x \\in S(K - j) \\}, \\quad S(0) = \\{0\\}

    Returns
    -------
    tuple of int
        The possible numbers, in increasing order.
    """
    if n_models <= 1:
        return (0,)
    counts = {
        comb(j, 2) + x for j in range(1, n_models + 1) for x in shaffer_true_counts(n_models - j)
    }
    return tuple(sorted(counts))


def shaffer_adjusted(pvalues, n_models):
    """Shaffer's static adjusted p-values of all pairwise comparisons of ``n_models`` models.

    The ``i``-th smallest p-value is multiplied by the largest number of
    hypotheses that can still be true after ``i - 1`` rejections (from
    :func:`shaffer_true_counts`), running maxima keep the order, and values
    are capped at 1.

    Parameters
    ----------
    pvalues : array-like of shape (n_models * (n_models - 1) / 2,)
    n_models : int

    Returns
    -------
    ndarray
        The adjusted p-values, in the input's order.
    """
    pvalues = np.asarray(pvalues, dtype=float)
    m = pvalues.size
    possible = np.array(shaffer_true_counts(n_models))
    # After i rejections at most m - i hypotheses remain; the largest
    # possible count of true ones among them is the multiplier.
    multipliers = np.array([possible[possible <= m - i].max() for i in range(m)])
    order = np.argsort(pvalues, kind="stable")
    stepped = np.maximum.accumulate(pvalues[order] * multipliers)
    adjusted = np.empty(m)
    adjusted[order] = np.minimum(stepped, 1.0)
    return adjusted


#: How far printed average ranks may be from ranks (two decimals: 0.005 each).
_RANK_ROUNDING = 0.005


def _check_average_ranks(ranks, names):
    """Refuse numbers that cannot be average ranks of ``K`` models: each lies in [1, K]
    and they sum to K(K + 1) / 2 (each data set's ranks do), up to the rounding of
    printed ranks."""
    k = ranks.size
    total, expected = float(ranks.sum()), k * (k + 1) / 2
    outside = [
        (n, r)
        for n, r in zip(names, ranks.tolist(), strict=True)
        if not 1 - _RANK_ROUNDING <= r <= k + _RANK_ROUNDING
    ]
    if outside:
        name, rank = outside[0]
        raise ValueError(
            f"`average_ranks` must be average ranks, each from 1 to {k} (the number of models); "
            f"got {rank!r} for {name!r}. Pass the ranks (1 = best), not the scores."
        )
    if abs(total - expected) > _RANK_ROUNDING * k:
        raise ValueError(
            f"`average_ranks` must sum to K(K + 1)/2 = {expected:g} for K = {k} models (each "
            f"data set's ranks do); got {total:.6g}. Pass the average ranks of all the "
            "models compared, not of a subset or of other values."
        )


def rank_posthoc(
    average_ranks, n_datasets, *, method="nemenyi", control=None, alpha=0.05, names=None
):
    """Post-hoc tests of the models' average ranks (Demšar, 2006, §3.2.2).

    Parameters
    ----------
    average_ranks : array-like of shape (n_models,)
        Average rank of every model over the data sets (1 is best).
    n_datasets : int
        Number of data sets ``N`` the ranks average over.
    method : {"nemenyi", "holm", "shaffer", "bonferroni_dunn"}, default="nemenyi"
        The correction for multiple comparisons of the statistics
        ``z = (R_i - R_j) / sqrt(K (K + 1) / (6 N))``: "nemenyi", all pairs
        in a single step by the studentized range (the critical difference
        of Demšar's diagrams); "holm", Holm's step-down correction of the
        normal p-values; "shaffer", Shaffer's static step-down correction,
        which uses the logical relations between pairwise hypotheses (García
        and Herrera, 2008); "bonferroni_dunn", Bonferroni's correction over
        the ``K - 1`` comparisons with a control.
    control : str, default=None
        Compare every model with this one only (a new method against the
        existing ones): "holm" or "bonferroni_dunn". "best" names the model
        of the best (lowest) average rank, unless a model is called "best".
        None compares all pairs: "nemenyi", "holm" or "shaffer".
    alpha : float, default=0.05
        Significance level of the decisions and of the critical difference.
    names : sequence of str, default=None
        The models' names (``model 0``, ``model 1``... when None).

    Returns
    -------
    RankPosthocResult
        ``pvalues`` (unadjusted) and ``pvalues_adjusted`` matrices, the
        ``critical_difference`` of Nemenyi or Bonferroni-Dunn, and
        ``significant``.

    See Also
    --------
    sklearn_bayescmp.stats.friedman_test : The omnibus test to run first.
    sklearn_bayescmp.stats.nemenyi_critical_difference : Nemenyi's critical difference alone.
    sklearn_bayescmp.stats.wilcoxon_test : The pairwise test of scores rather than ranks.

    References
    ----------
    .. [1] J. Demšar, "Statistical comparisons of classifiers over multiple
       data sets", JMLR 7, 2006.
    .. [2] S. García and F. Herrera, "An extension on 'Statistical
       comparisons of classifiers over multiple data sets' for all pairwise
       comparisons", JMLR 9, 2008.

    Examples
    --------
    Demšar's (2006) worked example: four variants of C4.5 on 14 data sets,
    with C4.5 as the control; Holm's procedure finds C4.5+m and C4.5+m+cf
    significantly better (his §3.2.2 gives p = 0.019 and 0.016):

    >>> from sklearn_bayescmp.stats import rank_posthoc
    >>> result = rank_posthoc(
    ...     [3.143, 2.000, 2.893, 1.964], 14, method="holm", control="C4.5",
    ...     names=["C4.5", "C4.5+m", "C4.5+cf", "C4.5+m+cf"],
    ... )
    >>> result.pvalues[0, 1:].round(3)
    array([0.019, 0.608, 0.016])
    >>> result.significant[0, 1:]
    array([ True, False,  True])
    """
    ranks = np.asarray(average_ranks, dtype=float)
    k = ranks.size
    names = tuple(f"model {i}" for i in range(k)) if names is None else tuple(names)
    if ranks.ndim != 1 or k < 2 or len(names) != k or not np.all(np.isfinite(ranks)):
        raise ValueError(
            f"`average_ranks` must hold one finite rank per model (two or more) and `names` as "
            f"many names; got ranks {ranks.tolist()} and {len(names)} names."
        )
    _check_average_ranks(ranks, names)
    if isinstance(n_datasets, bool) or not isinstance(n_datasets, Integral) or n_datasets < 1:
        raise ValueError(f"`n_datasets` must be a positive integer; got {n_datasets!r}.")
    allowed = _ALL_PAIRS if control is None else _WITH_CONTROL
    if method not in allowed:
        raise ValueError(
            f"`method` must be one of {', '.join(map(repr, allowed))} "
            f"{'for all pairs (control=None)' if control is None else 'against a control'}; "
            f"got {method!r}."
        )
    if control == "best" and "best" not in names:
        control = names[int(np.argmin(ranks))]
    if control is not None and control not in names:
        raise ValueError(f"`control` must be one of the models {list(names)}; got {control!r}.")
    if not 0 < alpha < 1:
        raise ValueError(f"`alpha` must be in (0, 1); got {alpha!r}.")
    standard_error = np.sqrt(k * (k + 1) / (6.0 * n_datasets))
    z = (ranks[:, None] - ranks[None, :]) / standard_error
    pvalues = np.minimum(2.0 * stats.norm.sf(np.abs(z)), 1.0)
    adjusted = np.full((k, k), np.nan)
    np.fill_diagonal(adjusted, 1.0)
    critical_difference = None
    if control is None:
        rows, columns = np.triu_indices(k, 1)
        if method == "nemenyi":
            values = stats.studentized_range.sf(np.abs(z[rows, columns]) * np.sqrt(2.0), k, np.inf)
            q = stats.studentized_range.ppf(1.0 - alpha, k, np.inf)
            critical_difference = float(q / np.sqrt(2.0) * standard_error)
        elif method == "holm":
            values = holm_adjusted(pvalues[rows, columns])
        else:
            values = shaffer_adjusted(pvalues[rows, columns], k)
        adjusted[rows, columns] = adjusted[columns, rows] = np.minimum(values, 1.0)
    else:
        c = names.index(control)
        others = np.array([i for i in range(k) if i != c])
        if method == "holm":
            values = holm_adjusted(pvalues[c, others])
        else:
            values = np.minimum(pvalues[c, others] * (k - 1), 1.0)
            q = stats.norm.isf(alpha / (2.0 * (k - 1)))
            critical_difference = float(q * standard_error)
        adjusted[c, others] = adjusted[others, c] = values
    return RankPosthocResult(
        method=method,
        names=names,
        average_ranks=ranks,
        n_datasets=int(n_datasets),
        control=control,
        statistic=z,
        pvalues=pvalues,
        pvalues_adjusted=adjusted,
        critical_difference=critical_difference,
        alpha=float(alpha),
    )


@dataclass(frozen=True, repr=False, eq=False)
class RankPosthocResult(TableMixin):
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

    See Also
    --------
    sklearn_bayescmp.stats.rank_posthoc : Returns this result.
    sklearn_bayescmp.stats.FriedmanTestResult.posthoc : Returns it after the Friedman test.

    Examples
    --------
    >>> from sklearn_bayescmp.stats import rank_posthoc
    >>> res = rank_posthoc(
    ...     [3.143, 2.000, 2.893, 1.964], 14, method="nemenyi",
    ...     names=["C4.5", "C4.5+m", "C4.5+cf", "C4.5+m+cf"],
    ... )
    >>> res.pvalues_adjusted[0].round(3)  # C4.5 against each variant
    array([1.   , 0.089, 0.956, 0.074])
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
        return f"{self._title}, {against} (alpha = {self.alpha:g})"

    @property
    def _title(self):
        """str: The procedure, in words ("Holm's procedure")."""
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
