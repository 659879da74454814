"""Frequentist tests: on one cross-validation and on many data sets.

- :func:`paired_ttest_5x2cv` (Dietterich, 1998) and :func:`combined_ftest_5x2cv`
  (Alpaydin, 1999) on five repeats of two-fold cross-validation;
- :func:`corrected_resampled_ttest` (Nadeau & Bengio, 2003) on random
  train/test splits;
- :func:`paired_ttest`, the plain t-test on cross-validation differences:
  miscalibrated (the differences are correlated), offered so that studies can
  show it;
- :func:`wilcoxon_test` on the mean differences of many data sets.
"""

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

import numpy as np
from scipy import stats

from .._differences import CVDifferences
from ..utils._display import terminal_text
from ..utils._docstrings import fill_doc
from ..utils._sklearn import validate_params
from ..utils._validation import as_float_vector
from ._backend import Backend
from ._collection import dataset_means
from ._core import ALTERNATIVE_CONSTRAINT, ONE_DATASET_CONSTRAINTS, cv_sample, student_t_test
from ._correlated_t import TTestResult, t_test_result
from ._results import (
    FrequentistDecisionMixin,
    TableMixin,
)


def _five_by_two(differences):
    """The (5, 2) array of differences: rows are runs, columns folds.

    A :class:`~sklearn_bayescmp.CVDifferences` record of 5 repeats of 2-fold
    cross-validation is arranged by its repeat and fold indices.
    """
    if isinstance(differences, CVDifferences):
        differences = five_by_two_differences(differences)
    x = np.asarray(differences)
    if x.shape != (5, 2):
        raise ValueError(
            "`differences` must have shape (5, 2): 5 runs of 2-fold cross-validation "
            f"(rows runs, columns folds); got shape {x.shape}. Use "
            "RepeatedStratifiedKFold(n_splits=2, n_repeats=5)."
        )
    x = as_float_vector(x.ravel(), name="differences").reshape(5, 2)
    if not np.all(np.isfinite(x)):
        raise ValueError(
            f"`differences` must be finite; got {int((~np.isfinite(x)).sum())} NaN or infinite "
            "value(s), and the 5x2cv tests need all ten differences "
            "(refit with error_score='raise' to see why a fold failed)."
        )
    return x


def five_by_two_differences(record):
    """The (5, 2) array of a record from 5 repeats of 2-fold cross-validation.

    Raises a ValueError that says which cross-validation to use otherwise.
    """
    layout = sorted(zip(record.repeat.tolist(), record.fold.tolist(), strict=True))
    if layout != [(r, f) for r in range(5) for f in range(2)]:
        n_folds = int(np.unique(record.fold).size)
        raise ValueError(
            "The 5x2cv tests need 5 repeats of 2-fold cross-validation, e.g. "
            "cv=RepeatedStratifiedKFold(n_splits=2, n_repeats=5, random_state=0); this "
            f"comparison ran {record.n_repeats} repeat(s) of {n_folds} fold(s)."
        )
    differences = np.empty((5, 2))
    differences[record.repeat, record.fold] = record.differences
    return differences


def _run_variances(x):
    """``s_j**2 = sum_i (x_ij - mean_j)**2`` for each of the 5 runs."""
    return ((x - x.mean(axis=1, keepdims=True)) ** 2).sum(axis=1)


@validate_params(
    {"differences": ["array-like", CVDifferences], "alternative": ALTERNATIVE_CONSTRAINT},
    prefer_skip_nested_validation=True,
)
@fill_doc
def paired_ttest_5x2cv(differences, *, alternative="two-sided"):
    """The 5x2cv paired t-test (Dietterich, 1998).

    .. math::

        t = \\frac{x_{11}}{\\sqrt{\\frac{1}{5}\\sum_{j=1}^5 s_j^2}},\\qquad
        s_j^2 = \\sum_{i=1}^2 (x_{ji} - \\bar x_j)^2,\\qquad t \\sim \\mathrm{St}(5)

    Only the first difference enters the numerator, which makes the outcome
    depend strongly on the partitioning (Bouckaert & Frank, 2004).

    Parameters
    ----------
    differences : array-like of shape (5, 2) or CVDifferences
        ``score_a - score_b`` for run ``j`` (rows) and fold ``i`` (columns),
        or the record of 5 repeats of 2-fold cross-validation.%(alternative)s

    Returns
    -------
    TTestResult
        With ``statistic``, ``pvalue`` and ``df=5``.

    See Also
    --------
    sklearn_bayescmp.stats.combined_ftest_5x2cv : Alpaydin's F-test on the same splits.
    sklearn_bayescmp.stats.corrected_resampled_ttest : The corrected test on random splits.

    References
    ----------
    .. [1] T. G. Dietterich, "Approximate statistical tests for comparing
       supervised classification learning algorithms", Neural Computation
       10(7), 1998.

    Examples
    --------
    >>> from sklearn_bayescmp.stats import paired_ttest_5x2cv
    >>> x = [[0.02, 0.01], [0.03, 0.00], [0.01, 0.02], [0.02, 0.03], [0.00, 0.01]]
    >>> res = paired_ttest_5x2cv(x)
    >>> round(res.statistic, 3), round(res.pvalue, 3), res.df
    (1.754, 0.14, 5)
    """
    x = _five_by_two(differences)
    standard_error = math.sqrt(_run_variances(x).mean())
    statistic, pvalue = student_t_test(float(x[0, 0]), standard_error, 5, alternative)
    return TTestResult(
        statistic=statistic,
        pvalue=pvalue,
        df=5,
        estimate=float(x[0, 0]),
        standard_error=standard_error,
        alternative=alternative,
        n_splits=10,
        test_train_ratio=None,
        test="paired_t_5x2cv",
        **_model_names(differences),
    )


@validate_params({"differences": ["array-like", CVDifferences]}, prefer_skip_nested_validation=True)
def combined_ftest_5x2cv(differences):
    """The combined 5x2cv F-test (Alpaydin, 1999).

    .. math::

        f = \\frac{\\sum_{j=1}^5 \\sum_{i=1}^2 x_{ji}^2}{2 \\sum_{j=1}^5 s_j^2},
        \\qquad f \\sim F(10, 5)

    Uses all ten differences, which makes it more robust than the 5x2cv
    t-test.

    Parameters
    ----------
    differences : array-like of shape (5, 2) or CVDifferences
        ``score_a - score_b`` for run ``j`` (rows) and fold ``i`` (columns),
        or the record of 5 repeats of 2-fold cross-validation.

    Returns
    -------
    FTestResult
        With ``statistic``, ``pvalue`` and ``df=(10, 5)``. Zero variance gives
        ``f = inf`` and p-value 0 (or ``f = 0`` and p-value 1 if every
        difference is 0).

    See Also
    --------
    sklearn_bayescmp.stats.paired_ttest_5x2cv
        Dietterich's t-test on the same 5 x 2 cross-validation.
    sklearn_bayescmp.stats.corrected_ttest
        The corrected t-test of repeated k-fold cross-validation.

    References
    ----------
    .. [1] E. Alpaydin, "Combined 5x2cv F test for comparing supervised
       classification learning algorithms", Neural Computation 11(8), 1999.

    Examples
    --------
    >>> from sklearn_bayescmp.stats import combined_ftest_5x2cv
    >>> x = [[0.02, 0.01], [0.03, 0.00], [0.01, 0.02], [0.02, 0.03], [0.00, 0.01]]
    >>> res = combined_ftest_5x2cv(x)
    >>> round(res.statistic, 3), round(res.pvalue, 3)
    (2.538, 0.158)
    """
    x = _five_by_two(differences)
    numerator = float((x**2).sum())
    denominator = 2.0 * float(_run_variances(x).sum())
    if denominator == 0:
        statistic, pvalue = (0.0, 1.0) if numerator == 0 else (math.inf, 0.0)
    else:
        statistic = numerator / denominator
        pvalue = float(stats.f.sf(statistic, 10, 5))
    return FTestResult(
        statistic=statistic,
        pvalue=pvalue,
        df=(10, 5),
        estimate=float(x.mean()),
        **_model_names(differences),
    )


def _model_names(differences):
    """The models a record names (none for an array)."""
    if isinstance(differences, CVDifferences) and differences.model_a is not None:
        return {"model_a": differences.model_a, "model_b": differences.model_b}
    return {}


@validate_params(
    {**ONE_DATASET_CONSTRAINTS, "alternative": ALTERNATIVE_CONSTRAINT},
    prefer_skip_nested_validation=True,
)
@fill_doc
def corrected_resampled_ttest(
    differences, *, n_train=None, n_test=None, alternative="two-sided", nan_policy="raise"
):
    """Corrected resampled t-test (Nadeau & Bengio, 2003) on random splits.

    For ``n`` random train/test splits (e.g. ``ShuffleSplit``):

    .. math::

        t = \\frac{\\bar x}{\\sqrt{(1/n + n_{test}/n_{train})\\, s^2}},
        \\qquad t \\sim \\mathrm{St}(n - 1)

    the same form as :func:`corrected_ttest`, which applies it to repeated
    k-fold cross-validation.

    Parameters
    ----------%(differences_one)s%(alternative)s%(nan_policy)s

    Returns
    -------
    TTestResult
        With ``statistic``, ``pvalue``, ``df``, ``estimate``,
        ``standard_error`` and ``confidence_interval(confidence_level)``.

    See Also
    --------
    sklearn_bayescmp.stats.corrected_ttest
        The same correction on repeated k-fold cross-validation.
    sklearn_bayescmp.stats.paired_ttest : The uncorrected test, for comparison.

    References
    ----------
    .. [1] C. Nadeau and Y. Bengio, "Inference for the generalization error",
       Machine Learning 52(3), 2003.

    Examples
    --------
    >>> import numpy as np
    >>> from sklearn_bayescmp.stats import corrected_resampled_ttest
    >>> x = np.random.default_rng(0).normal(0.01, 0.02, 30)  # 30 random 80/20 splits
    >>> res = corrected_resampled_ttest(x, n_train=80, n_test=20)
    >>> round(res.statistic, 3), round(res.pvalue, 3)
    (0.864, 0.395)
    """
    sample, origin = cv_sample(differences, n_train, n_test, nan_policy)
    return t_test_result(
        sample, alternative, corrected=True, test="corrected_resampled_t", origin=origin
    )


@validate_params(
    {
        "differences": ONE_DATASET_CONSTRAINTS["differences"],
        "alternative": ALTERNATIVE_CONSTRAINT,
        "nan_policy": ONE_DATASET_CONSTRAINTS["nan_policy"],
    },
    prefer_skip_nested_validation=True,
)
@fill_doc
def paired_ttest(differences, *, alternative="two-sided", nan_policy="raise"):
    """The plain paired t-test on cross-validation differences (miscalibrated).

    Treats the differences as independent: ``t = mean / sqrt(s**2 / n)``.
    Because cross-validation training sets overlap, the differences are
    correlated, the variance is underestimated and the test rejects a true
    null hypothesis far more often than its nominal level (Dietterich, 1998;
    Bouckaert & Frank, 2004). Offered so that studies can show this; use
    :func:`corrected_ttest` to draw conclusions. Equal to
    :func:`scipy.stats.ttest_1samp` against 0.

    Parameters
    ----------
    differences : array-like of shape (n_splits,) or CVDifferences
        ``score_a - score_b`` per split.%(alternative)s%(nan_policy)s

    Returns
    -------
    TTestResult
        With ``test_train_ratio=0`` (no correction).

    See Also
    --------
    sklearn_bayescmp.stats.corrected_ttest : Corrected for the training sets the splits share.
    sklearn_bayescmp.stats.corrected_resampled_ttest : The same correction on random splits.

    Examples
    --------
    >>> import numpy as np
    >>> from sklearn_bayescmp.stats import paired_ttest
    >>> x = np.random.default_rng(0).normal(0.01, 0.02, 30)
    >>> res = paired_ttest(x)  # ignores the overlap of the training sets
    >>> round(res.statistic, 3), round(res.pvalue, 3)
    (2.519, 0.018)
    """
    # The sizes are unused without the correction.
    sizes = (None, None) if isinstance(differences, CVDifferences) else (1, 1)
    sample, origin = cv_sample(differences, *sizes, nan_policy, corrected=False)
    return t_test_result(sample, alternative, corrected=False, test="paired_t", origin=origin)


@validate_params(
    {
        "differences": ["array-like", Mapping],
        "alternative": ALTERNATIVE_CONSTRAINT,
        "random_state": ["random_state", np.random.Generator],
    },
    prefer_skip_nested_validation=True,
)
@fill_doc
def wilcoxon_test(differences, *, alternative="two-sided", random_state=None):
    """Wilcoxon signed-rank test on the per-data-set mean differences.

    The frequentist test recommended by Demsar (2006) for two classifiers on
    many data sets, and the reference the Bayesian tests are compared with. A
    thin wrapper of :func:`scipy.stats.wilcoxon` with the input forms of the
    other multi-data-set back ends. It ignores the uncertainty of each mean.

    Parameters
    ----------%(differences_means)s%(alternative)s
    random_state : None, int or Generator, default=None
        Ignored: the test is exact. Accepted, as every test of many data sets
        accepts it, so that a loop over them can pass one.

    Returns
    -------
    WilcoxonTestResult
        With ``statistic`` and ``pvalue`` as SciPy computes them, and the
        median of the mean differences as ``estimate``. When every
        difference is zero there is no evidence either way: statistic 0 and
        p-value 1 (SciPy would return NaN).

    See Also
    --------
    sklearn_bayescmp.stats.signed_rank_test : Its Bayesian counterpart, with a rope.
    scipy.stats.wilcoxon : SciPy's signed-rank test.

    References
    ----------
    .. [1] J. Demsar, "Statistical comparisons of classifiers over multiple
       data sets", JMLR 7, 2006.

    Examples
    --------
    >>> from sklearn_bayescmp.stats import wilcoxon_test
    >>> res = wilcoxon_test([0.031, 0.023, 0.047, -0.004, 0.041, 0.018, 0.026])
    >>> round(res.pvalue, 4)
    0.0312
    """
    _, means, (model_a, model_b), _ = dataset_means(differences)
    if not np.any(means):
        statistic, pvalue = 0.0, 1.0
    else:
        res = stats.wilcoxon(means, alternative=alternative)
        statistic, pvalue = float(res.statistic), float(res.pvalue)
    return _wilcoxon_result(means, statistic, pvalue, alternative, model_a, model_b)


def _wilcoxon_result(
    means, statistic, pvalue, alternative, model_a, model_b, median=None, nonzero=None
):
    return WilcoxonTestResult(
        statistic,
        pvalue,
        alternative,
        means.size,
        int(np.count_nonzero(means) if nonzero is None else nonzero),
        estimate=float(np.median(means) if median is None else median),
        model_a=model_a,
        model_b=model_b,
    )


def wilcoxon_tests(
    collections, *, alternative="two-sided", random_state=None, n_jobs=None, keep_draws=None
):
    """:func:`wilcoxon_test` of many collections, in as few SciPy calls as give the same
    numbers.

    SciPy's ``method="auto"`` chooses per call: the exact distribution for at
    most 50 data sets without zeros or tied magnitudes, the normal
    approximation above 50 or, with zeros or ties, above 13, and a permutation
    test below. Given a 2-D array it chooses once for all rows (ties in one row
    would change every row's method), so rows are grouped by the choice a call
    of their own would make, and by size: one exact call, one asymptotic call
    each; the permutation tests (zeros or ties among at most 13) run one by one.

    Returns
    -------
    list of WilcoxonTestResult
        What :func:`wilcoxon_test` gives each collection, number for number.
    """
    prepared = [dataset_means(x) for x in collections]
    results = [None] * len(prepared)
    groups = {}
    by_size = {}
    for index, prepared_means in enumerate(prepared):
        by_size.setdefault(prepared_means.means.size, []).append(index)
    for size, indices in by_size.items():  # each collection's SciPy method, all at once
        block = np.stack([prepared[i].means for i in indices])
        magnitudes = np.sort(np.abs(block), axis=1)
        zero = ~block.any(axis=1)
        plain = (magnitudes[:, 0] != 0) & ~(magnitudes[:, 1:] == magnitudes[:, :-1]).any(axis=1)
        for index, all_zero, plain_row in zip(indices, zero, plain, strict=True):
            _, means, (model_a, model_b), _ = prepared[index]
            if all_zero:
                results[index] = _wilcoxon_result(means, 0.0, 1.0, alternative, model_a, model_b)
            elif plain_row and size <= 50:
                groups.setdefault(("exact", size), []).append(index)
            elif size > 13:  # SciPy's choice above 50, and with zeros or ties above 13
                groups.setdefault(("asymptotic", size), []).append(index)
            else:  # zeros or ties among at most 13: SciPy's permutation test, alone
                results[index] = wilcoxon_test(prepared[index], alternative=alternative)
    for (method, _), indices in groups.items():
        block = np.stack([prepared[i].means for i in indices])
        res = stats.wilcoxon(block, alternative=alternative, method=method, axis=1)
        medians = np.median(block, axis=1).tolist()
        nonzero = np.count_nonzero(block, axis=1).tolist()
        statistics, pvalues = res.statistic.tolist(), res.pvalue.tolist()
        for row, i in enumerate(indices):
            _, means, (model_a, model_b), _ = prepared[i]
            results[i] = _wilcoxon_result(
                means, statistics[row], pvalues[row], alternative, model_a, model_b,
                medians[row], nonzero[row],
            )  # fmt: skip
    return results


@fill_doc
@dataclass(frozen=True, repr=False)
class WilcoxonTestResult(FrequentistDecisionMixin, TableMixin):
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

    See Also
    --------
    sklearn_bayescmp.stats.wilcoxon_test : Returns this result.
    sklearn_bayescmp.stats.DirichletProcessTestResult : The Bayesian signed-rank test's result.

    Examples
    --------
    >>> from sklearn_bayescmp.stats import wilcoxon_test
    >>> res = wilcoxon_test([0.031, 0.023, 0.047, -0.004, 0.041, 0.018, 0.026])
    >>> res.n_datasets, res.n_nonzero, res.decision(alpha=0.05)
    (7, 7, 'a')
    """

    _sign_based: ClassVar[bool] = True
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
class FTestResult(FrequentistDecisionMixin, TableMixin):
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

    See Also
    --------
    sklearn_bayescmp.stats.combined_ftest_5x2cv : Returns this result.

    Examples
    --------
    >>> from sklearn_bayescmp.stats import combined_ftest_5x2cv
    >>> res = combined_ftest_5x2cv(
    ...     [[0.02, 0.01], [0.03, 0.00], [0.01, 0.02], [0.02, 0.03], [0.00, 0.01]]
    ... )
    >>> res.df, res.decision()
    ((10, 5), 'no difference')
    """

    test: ClassVar[str] = "combined_f_5x2cv"
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
        return {"test": [self._title], "f": [self.statistic], "p-value": [self.pvalue]}


BACKENDS = (
    Backend(
        "corrected_resampled_t",
        corrected_resampled_ttest,
        "Corrected resampled t-test",
        "dataset",
        TTestResult,
        cite="Nadeau & Bengio 2003; Bouckaert & Frank 2004",
        kind="frequentist",
    ),
    Backend(
        "paired_t",
        paired_ttest,
        "Paired t-test (uncorrected)",
        "dataset",
        TTestResult,
        cite="Dietterich 1998",
        designs=("cross-validation", "resamples", "seeds"),
        kind="frequentist",
    ),
    Backend(
        "paired_t_5x2cv",
        paired_ttest_5x2cv,
        "5x2cv paired t-test",
        "dataset",
        TTestResult,
        cite="Dietterich 1998",
        designs=("cross-validation",),
        kind="frequentist",
    ),
    Backend(
        "combined_f_5x2cv",
        combined_ftest_5x2cv,
        "Combined 5x2cv F-test",
        "dataset",
        FTestResult,
        cite="Alpaydin 1999",
        designs=("cross-validation",),
        kind="frequentist",
    ),
    Backend(
        "wilcoxon",
        wilcoxon_test,
        "Wilcoxon signed-rank test",
        "means",
        WilcoxonTestResult,
        many=wilcoxon_tests,
        cite="Wilcoxon 1945; Demšar 2006",
        deterministic=True,
        pools_differences=True,  # it ranks the differences pooled across data sets
        kind="frequentist",
    ),
)
