"""Tests of the frequentist reference tests."""

import numpy as np
import pytest
from scipy import stats

from sklearn_bayescmp import CVDifferences
from sklearn_bayescmp.stats import wilcoxon_test


@pytest.mark.parametrize("alternative", ["two-sided", "greater", "less"])
def test_wilcoxon_equals_scipy(alternative):
    x = np.random.default_rng(0).normal(0.01, 0.02, 20)
    res = wilcoxon_test(x, alternative=alternative)
    ref = stats.wilcoxon(x, alternative=alternative)
    assert (res.statistic, res.pvalue) == (ref.statistic, ref.pvalue)
    assert res.n_datasets == 20


def test_wilcoxon_on_records_and_mirror():
    records = [
        CVDifferences([0.01 * i, 0.01 * i + 0.002], n_train=9, n_test=1) for i in range(-2, 6)
    ]
    res = wilcoxon_test(records, alternative="greater")
    means = [0.01 * i + 0.001 for i in range(-2, 6)]
    assert res.pvalue == pytest.approx(stats.wilcoxon(means, alternative="greater").pvalue)
    mirror = wilcoxon_test(-np.array(means), alternative="less")
    assert mirror.pvalue == pytest.approx(res.pvalue)


def test_wilcoxon_all_zero_is_no_evidence():
    res = wilcoxon_test([0.0, 0.0, 0.0])
    assert (res.statistic, res.pvalue) == (0.0, 1.0)
    assert "p-value (two-sided) = 1" in res.summary()
