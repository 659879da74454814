"""One table of bad inputs to every public entry point, with the message each must give.

Every case must raise ValueError or TypeError (scikit-learn's
InvalidParameterError is both), never an assertion, a ZeroDivisionError or a
NaN result, and its message must name the argument.
"""

import io
import re

import numpy as np
import pytest
from sklearn.model_selection import KFold
from sklearn.naive_bayes import GaussianNB

from sklearn_bayescmp import CVDifferences, RepeatedCVComparator
from sklearn_bayescmp.replicability import ReplicabilityStudy, replicability_summary
from sklearn_bayescmp.stats import (
    bayesian_correlated_ttest,
    combined_ftest_5x2cv,
    corrected_resampled_ttest,
    corrected_ttest,
    hierarchical_test,
    paired_ttest,
    paired_ttest_5x2cv,
    poisson_test,
    sign_test,
    signed_rank_test,
    wilcoxon_test,
)

GOOD = np.array([0.01, 0.02, -0.01, 0.03])
RECORD = CVDifferences(GOOD, n_train=9, n_test=1, name="a")
X = np.column_stack([np.arange(40.0), np.linspace(0, 1, 40)])
Y = np.arange(40) % 2


def _comparator(**kwargs):
    return RepeatedCVComparator(GaussianNB(), GaussianNB(), **kwargs)


def _csv(text):
    return CVDifferences.from_csv(io.StringIO(text))


CASES = {
    # Differences: NaN, infinite, too few, not numeric, wrong dimensions.
    "NaN difference": (
        lambda: corrected_ttest([0.1, np.nan, 0.2], n_train=9, n_test=1),
        r"`differences` contains 1 NaN value\(s\).*nan_policy='omit'",
    ),
    "infinite difference": (
        lambda: bayesian_correlated_ttest([0.1, np.inf, 0.2], n_train=9, n_test=1),
        r"`differences` contains 1 infinite value",
    ),
    "infinite difference, even when omitting NaN": (
        lambda: corrected_ttest([0.1, -np.inf, 0.2], n_train=9, n_test=1, nan_policy="omit"),
        r"`differences` contains 1 infinite value",
    ),
    "one difference": (
        lambda: corrected_ttest([0.1], n_train=9, n_test=1),
        r"`differences` needs at least 2 finite values.*got 1",
    ),
    "no difference": (
        lambda: bayesian_correlated_ttest([], n_train=9, n_test=1),
        r"`differences` needs at least 2 finite values.*got 0",
    ),
    "one difference left after omitting NaN": (
        lambda: bayesian_correlated_ttest([0.1, np.nan], n_train=9, n_test=1, nan_policy="omit"),
        r"`differences` needs at least 2 finite values.*got 1 \(of 2\)",
    ),
    "text differences": (
        lambda: corrected_ttest(["a", "b"], n_train=9, n_test=1),
        r"`differences` must be numeric; got an array of dtype <U1",
    ),
    "2-D differences": (
        lambda: paired_ttest(np.ones((2, 2))),
        r"`differences` must be 1-D \(one value per split\); got shape \(2, 2\)",
    ),
    "complex differences": (
        lambda: corrected_ttest(np.array([1j, 2j]), n_train=9, n_test=1),
        r"`differences` must be real-valued",
    ),
    "5x2cv with the wrong shape": (
        lambda: paired_ttest_5x2cv(GOOD),
        r"`differences` must have shape \(5, 2\).*got shape \(4,\)",
    ),
    "5x2cv F-test with NaN": (
        lambda: combined_ftest_5x2cv(np.full((5, 2), np.nan)),
        r"`differences` must be finite; got 10 NaN or infinite value\(s\)",
    ),
    # Sizes.
    "zero training size": (
        lambda: corrected_ttest(GOOD, n_train=0, n_test=1),
        r"'n_train' parameter of corrected_ttest must be an int in the range \[1, inf\)",
    ),
    "negative test size": (
        lambda: corrected_resampled_ttest(GOOD, n_train=9, n_test=-1),
        r"'n_test' parameter of corrected_resampled_ttest must be an int in the range",
    ),
    "missing sizes": (
        lambda: corrected_ttest(GOOD),
        r"`n_train` and `n_test` are required with an array of differences",
    ),
    "sizes of the wrong length": (
        lambda: corrected_ttest(GOOD, n_train=[9, 9], n_test=1),
        r"`n_train` must be a positive integer or an array with one size per split \(4\)",
    ),
    "zero size in a record": (
        lambda: CVDifferences(GOOD, n_train=0, n_test=1),
        r"`n_train` must be positive",
    ),
    "record with an infinite difference": (
        lambda: CVDifferences([np.inf, 0.1], n_train=9, n_test=1),
        r"`differences` contains 1 infinite value\(s\); scores and their differences must be",
    ),
    # Rope and threshold.
    "negative rope": (
        lambda: bayesian_correlated_ttest(GOOD, n_train=9, n_test=1, rope=-0.1),
        r"'rope' parameter of bayesian_correlated_ttest must be a float in the range \[0.0",
    ),
    "inverted rope": (
        lambda: bayesian_correlated_ttest(GOOD, n_train=9, n_test=1, rope=(0.1, -0.1)),
        r"`rope` as a pair must satisfy low <= 0 <= high.*got \(0.1, -0.1\)",
    ),
    "rope of three numbers": (
        lambda: sign_test(GOOD, rope=(0.1, 0.2, 0.3)),
        r"`rope` must be a number r >= 0 or a pair \(low, high\)",
    ),
    "threshold 1": (
        lambda: bayesian_correlated_ttest(GOOD, n_train=9, n_test=1).decision(1.0),
        r"`threshold` must lie strictly between 0 and 1; got 1.0",
    ),
    "threshold 0 in the rule": (
        lambda: bayesian_correlated_ttest(RECORD).decision(threshold=0.0),
        r"`threshold` must lie strictly between 0 and 1; got 0.0",
    ),
    "comparator threshold 1.5": (
        lambda: _comparator(threshold=1.5).fit(X, Y),
        r"'threshold' parameter of RepeatedCVComparator must be a float in the range \(0.0, 1.0\)",
    ),
    "comparator inverted rope, before any fit": (
        lambda: _comparator(rope=(0.1, -0.1), cv=KFold(2)).fit(X, Y),
        r"`rope` as a pair must satisfy low <= 0 <= high",
    ),
    # Collections.
    "empty collection": (
        lambda: poisson_test([]),
        r"`differences` must hold at least 2 data sets; got 0",
    ),
    "one data set": (
        lambda: hierarchical_test([RECORD]),
        r"`differences` must hold at least 2 data sets; got 1",
    ),
    "arrays instead of records": (
        lambda: poisson_test([GOOD, GOOD]),
        r"`differences` must hold CVDifferences records; got ndarray",
    ),
    "a single record": (
        lambda: poisson_test(RECORD),
        r"`differences` must be a collection of CVDifferences.*got a single record",
    ),
    "repeated names": (
        lambda: signed_rank_test([RECORD, RECORD]),
        r"`differences` has repeated data set names",
    ),
    "one mean": (
        lambda: wilcoxon_test([0.1]),
        r"`differences` must hold the mean differences of at least 2 data sets; got 1",
    ),
    "NaN mean": (
        lambda: sign_test([0.1, np.nan]),
        r"`differences` contains 1 NaN or infinite value",
    ),
    "2-D means": (
        lambda: signed_rank_test(np.ones((2, 2))),
        # Never "flatten": that would turn splits into data sets.
        r"`differences` must hold one mean difference per data set; got a 2-D array of shape "
        r"\(2, 2\)\. "
        r"Average each data set's splits first \(e\.g\. np\.mean\(x, axis=1\)",
    ),
    "comparator with no data sets": (
        lambda: _comparator().fit_datasets({}),
        r"`datasets` is empty",
    ),
    # Estimators, data and splits.
    "not an estimator": (
        lambda: RepeatedCVComparator("svm", GaussianNB()).fit(X, Y),
        r"'estimator_a' parameter of RepeatedCVComparator must be an object implementing 'fit'",
    ),
    "cv with no splits": (
        lambda: _comparator(cv=[]).fit(X, Y),
        r"`cv` yielded no splits",
    ),
    "X and y of different lengths": (
        lambda: _comparator(cv=KFold(2)).fit(X, Y[:-1]),
        r"inconsistent numbers of samples",
    ),
    "memory that is not a cache": (
        lambda: _comparator(memory=3).fit(X, Y),
        r"'memory' parameter of RepeatedCVComparator must be",
    ),
    # Replicability.
    "no outcomes": (
        lambda: replicability_summary([]),
        r"`outcomes` must be 2-D",
    ),
    "one seed": (
        lambda: ReplicabilityStudy(_comparator(), seeds=[0]).fit(X, Y),
        r"`seeds` must hold at least two distinct integers",
    ),
    # Files.
    "CSV without the size columns": (
        lambda: _csv("difference\n0.1\n0.2\n"),
        r"must have columns n_train, n_test and either difference or score_a and score_b",
    ),
    "CSV with text in a number column": (
        lambda: _csv("difference,n_train,n_test\n0.1,9,1\nabc,9,1\n"),
        r"line 3.*difference",
    ),
    "empty CSV": (
        lambda: _csv(""),
        r"is empty",
    ),
    "CSV with a stray carriage return": (
        lambda: _csv("\n\r0"),
        r"the first line is empty; expected the header row",
    ),
    # A scorer's name misspelt: the names it resembles, not the list of all of them.
    "scorer name misspelt": (
        lambda: _comparator(scoring="acuracy").fit(X, Y),
        r"^`scoring`: 'acuracy' is not the name of a scikit-learn scorer\. Did you mean "
        r"'accuracy'.{0,160}$",
    ),
    "scorer name written with a hyphen": (
        lambda: _comparator(scoring="roc-auc").fit(X, Y),
        r"Did you mean 'roc_auc'\?",
    ),
    "one misspelt name among several metrics": (
        lambda: _comparator(scoring=["accuracy", "f1_macr"]).fit(X, Y),
        r"'f1_macr' is not the name of a scikit-learn scorer\. Did you mean 'f1_macro'",
    ),
    "JSON that is not JSON": (
        lambda: CVDifferences.from_json(io.StringIO("{not json")),
        r"is not valid JSON",
    ),
}


@pytest.mark.parametrize("call, message", CASES.values(), ids=CASES.keys())
def test_bad_input_is_refused_clearly(call, message):
    with pytest.raises((ValueError, TypeError)) as info:
        call()
    assert re.search(message, str(info.value), flags=re.DOTALL), str(info.value)
