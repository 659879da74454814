"""Tests of the frequentist reference tests."""

import re

import numpy as np
import pytest
from scipy import stats

from sklearn_bayescmp import CVDifferences
from sklearn_bayescmp.stats import (
    combined_ftest_5x2cv,
    corrected_resampled_ttest,
    paired_ttest,
    paired_ttest_5x2cv,
    wilcoxon_test,
)
from tests._messages import naming


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


# --------------------------------------------------------------------------
# Tests on one cross-validation
# --------------------------------------------------------------------------

FIVE_BY_TWO = np.array([[0.02, 0.01], [0.03, 0.00], [0.01, 0.02], [0.02, 0.03], [0.00, 0.01]])


def test_5x2cv_statistics_match_their_formulas():
    # Dietterich (1998): t = x11 / sqrt(sum_j s_j^2 / 5); Alpaydin (1999):
    # f = sum x^2 / (2 sum_j s_j^2). Here sum_j s_j^2 = 6.5e-4, sum x^2 = 3.3e-3.
    t = paired_ttest_5x2cv(FIVE_BY_TWO)
    assert t.statistic == pytest.approx(0.02 / np.sqrt(6.5e-4 / 5), rel=1e-12)
    assert t.pvalue == pytest.approx(2 * stats.t.sf(t.statistic, 5), rel=1e-12)
    assert t.df == 5 and t.estimate == 0.02
    f = combined_ftest_5x2cv(FIVE_BY_TWO)
    assert f.statistic == pytest.approx(3.3e-3 / 1.3e-3, rel=1e-12)
    assert f.pvalue == pytest.approx(stats.f.sf(f.statistic, 10, 5), rel=1e-12)
    assert f.df == (10, 5)
    greater = paired_ttest_5x2cv(FIVE_BY_TWO, alternative="greater")
    assert greater.pvalue == pytest.approx(t.pvalue / 2, rel=1e-12)


def test_5x2cv_input_validation_and_zero_variance():
    with pytest.raises(ValueError, match=re.escape("must have shape (5, 2)")):
        paired_ttest_5x2cv(np.zeros((2, 5)))
    with pytest.raises(ValueError, match=naming("5x2cv", "ten differences")):
        combined_ftest_5x2cv(np.where(np.eye(5, 2) == 1, np.nan, 0.01))
    same = np.full((5, 2), 0.01)
    assert (paired_ttest_5x2cv(same).statistic, paired_ttest_5x2cv(same).pvalue) == (np.inf, 0.0)
    assert (combined_ftest_5x2cv(same).statistic, combined_ftest_5x2cv(same).pvalue) == (
        np.inf,
        0.0,
    )
    zeros = np.zeros((5, 2))
    assert combined_ftest_5x2cv(zeros).pvalue == 1.0 and paired_ttest_5x2cv(zeros).pvalue == 1.0


@pytest.mark.parametrize("alternative", ["two-sided", "greater", "less"])
def test_paired_ttest_is_ttest_1samp(alternative):
    x = np.random.default_rng(1).normal(0.01, 0.03, 30)
    res = paired_ttest(x, alternative=alternative)
    ref = stats.ttest_1samp(x, 0.0, alternative=alternative)
    assert res.statistic == pytest.approx(ref.statistic, rel=1e-12)
    assert res.pvalue == pytest.approx(ref.pvalue, rel=1e-10)
    assert res.test_train_ratio == 0.0 and "no correction" in res.summary()


def test_corrected_resampled_ttest_uses_the_split_sizes():
    x = np.random.default_rng(2).normal(0.01, 0.03, 30)
    res = corrected_resampled_ttest(x, n_train=70, n_test=30)
    se = np.sqrt((1 / 30 + 30 / 70) * np.var(x, ddof=1))
    assert res.statistic == pytest.approx(x.mean() / se, rel=1e-12)
    assert res.test == "corrected_resampled_t"
    assert res.summary().startswith("Corrected resampled t-test")


def test_5x2cv_against_mlxtend_on_the_same_splits():
    # mlxtend.evaluate.paired_ttest_5x2cv / combined_ftest_5x2cv draw five seeds
    # from RandomState(random_seed) and split with train_test_split(test_size=0.5),
    # fitting on each half in turn; rebuild those splits for the comparator.
    from mlxtend.evaluate import combined_ftest_5x2cv as mlxtend_f
    from mlxtend.evaluate import paired_ttest_5x2cv as mlxtend_t
    from sklearn.datasets import load_breast_cancer
    from sklearn.model_selection import train_test_split
    from sklearn.naive_bayes import GaussianNB
    from sklearn.tree import DecisionTreeClassifier

    from sklearn_bayescmp import RepeatedCVComparator

    X, y = load_breast_cancer(return_X_y=True)
    a, b = GaussianNB(), DecisionTreeClassifier(random_state=0)
    for seed in (0, 1):
        rng = np.random.RandomState(seed)
        splits = []
        for _ in range(5):
            first, second = train_test_split(
                np.arange(len(y)), test_size=0.5, random_state=rng.randint(low=0, high=32767)
            )
            splits += [(first, second), (second, first)]
        cmp = RepeatedCVComparator(a, b, cv=splits, scoring="accuracy").fit(X, y)
        x = cmp.cv_results_["difference"].reshape(5, 2)
        t_ref, p_ref = mlxtend_t(a, b, X, y, random_seed=seed)
        f_ref, fp_ref = mlxtend_f(a, b, X, y, random_seed=seed)
        assert paired_ttest_5x2cv(x).statistic == pytest.approx(t_ref, rel=1e-12)
        assert paired_ttest_5x2cv(x).pvalue == pytest.approx(p_ref, rel=1e-10)
        assert combined_ftest_5x2cv(x).statistic == pytest.approx(f_ref, rel=1e-12)
        assert combined_ftest_5x2cv(x).pvalue == pytest.approx(fp_ref, rel=1e-10)
