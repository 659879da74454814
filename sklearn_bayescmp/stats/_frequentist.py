"""Frequentist reference tests on the results of many data sets."""

from collections.abc import Mapping

import numpy as np
from scipy import stats
from sklearn.utils._param_validation import StrOptions, validate_params

from .._results import WilcoxonTestResult
from ._collection import dataset_means


@validate_params(
    {
        "x": ["array-like", Mapping],
        "alternative": [StrOptions({"two-sided", "greater", "less"})],
    },
    prefer_skip_nested_validation=True,
)
def wilcoxon_test(x, *, alternative="two-sided"):
    """Wilcoxon signed-rank test on the per-data-set mean differences.

    The frequentist test recommended by Demsar (2006) for two classifiers on
    many data sets, and the reference the Bayesian tests are compared with. A
    thin wrapper of :func:`scipy.stats.wilcoxon` with the input forms of the
    other multi-data-set back ends. It ignores the uncertainty of each mean.

    Parameters
    ----------
    x : array-like of shape (n_datasets,), or sequence or mapping of CVDifferences
        Mean difference ``A - B`` on each data set, or the records whose
        means (over their successful splits) are used.
    alternative : {"two-sided", "greater", "less"}, default="two-sided"
        "greater": the differences are located above zero (A better).

    Returns
    -------
    WilcoxonTestResult
        With ``statistic`` and ``pvalue`` as SciPy computes them. When every
        difference is zero there is no evidence either way: statistic 0 and
        p-value 1 (SciPy would return NaN).

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
    _, means = dataset_means(x)
    if not np.any(means):
        return WilcoxonTestResult(0.0, 1.0, alternative, means.size)
    res = stats.wilcoxon(means, alternative=alternative)
    return WilcoxonTestResult(float(res.statistic), float(res.pvalue), alternative, means.size)
