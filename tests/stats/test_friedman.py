"""Tests of the frequentist reference for many models: Friedman, Nemenyi, Holm."""

import re

import numpy as np
import pytest
from scipy import stats

from sklearn_bayescmp.stats import friedman_test, nemenyi_critical_difference
from sklearn_bayescmp.stats._core import holm_adjusted
from sklearn_bayescmp.utils._sklearn import InvalidParameterError

# Demšar (2006), Table 5(a): q_0.05 of the Nemenyi test for K = 2..10 models.
DEMSAR_Q_005 = {
    2: 1.960,
    3: 2.343,
    4: 2.569,
    5: 2.728,
    6: 2.850,
    7: 2.949,
    8: 3.031,
    9: 3.102,
    10: 3.164,
}


def test_statistic_equals_scipy_friedmanchisquare():
    rng = np.random.default_rng(0)
    scores = rng.normal([0.80, 0.81, 0.85, 0.84], 0.03, size=(15, 4))
    result = friedman_test(scores, names=["a", "b", "c", "d"])
    reference = stats.friedmanchisquare(*scores.T)
    assert result.statistic == reference.statistic
    assert result.pvalue == reference.pvalue
    # Average ranks by hand: 1 for the best score of a row.
    by_hand = np.mean([len(row) - stats.rankdata(row) + 1 for row in scores], axis=0)
    np.testing.assert_allclose(result.average_ranks, by_hand)
    assert result.average_ranks.sum() == pytest.approx(4 * 5 / 2)


def test_iman_davenport_reproduces_demsars_example():
    # Demšar (2006), §3.2.2: four models on 14 data sets, chi2_F = 9.28 gives
    # F_F = 3.69, with 3 and 39 degrees of freedom.
    from dataclasses import replace

    result = friedman_test(np.random.default_rng(0).random((14, 4)))
    demsar = replace(result, statistic=9.28)
    assert demsar.iman_davenport_statistic == pytest.approx(3.69, abs=0.005)
    assert demsar.iman_davenport_pvalue == pytest.approx(stats.f.sf(3.69, 3, 39), rel=0.01)
    assert "Iman-Davenport F = 3.687" in demsar.summary()
    # Every data set ranking the models alike: chi2 = N (K - 1), F is infinite.
    perfect = friedman_test(np.tile([0.9, 0.8, 0.7, 0.6], (14, 1)))
    assert perfect.iman_davenport_statistic == np.inf and perfect.iman_davenport_pvalue == 0.0


def test_critical_difference_is_demsars_formula_at_five_models_and_54_data_sets():
    # CD = q_alpha * sqrt(K (K + 1) / (6 N)) with Demšar's q (already divided by sqrt 2).
    published = DEMSAR_Q_005[5] * np.sqrt(5 * 6 / (6 * 54))
    assert nemenyi_critical_difference(5, 54) == pytest.approx(published, abs=1e-4)
    assert friedman_test(np.random.default_rng(1).normal(size=(54, 5))).critical_difference == (
        nemenyi_critical_difference(5, 54)
    )


@pytest.mark.parametrize("n_models", sorted(DEMSAR_Q_005))
def test_studentized_range_reproduces_demsars_table(n_models):
    cd = nemenyi_critical_difference(n_models, 6)
    q = cd / np.sqrt(n_models * (n_models + 1) / 36)
    # The table has 3 decimals, and two entries (K = 3, 7) are one unit off in the last.
    assert q == pytest.approx(DEMSAR_Q_005[n_models], abs=1e-3)


def test_ties_share_their_average_rank():
    scores = np.array([[0.9, 0.9, 0.5], [0.8, 0.7, 0.6], [0.5, 0.6, 0.6]])
    result = friedman_test(scores)
    # Rows: (1.5, 1.5, 3), (1, 2, 3), (3, 1.5, 1.5).
    np.testing.assert_allclose(result.average_ranks, [5.5 / 3, 5 / 3, 7.5 / 3])
    assert result.names == ("model 0", "model 1", "model 2")
    everything_tied = friedman_test(np.ones((4, 3)))
    assert (everything_tied.statistic, everything_tied.pvalue) == (0.0, 1.0)
    assert "average ranks" in result.summary() and "<table" in result._repr_html_()


def test_holm_against_a_hand_computed_example():
    # Sorted: 0.005*4 = 0.02, 0.01*3 = 0.03, 0.03*2 = 0.06, 0.04*1 = 0.04 -> 0.06 (monotone).
    np.testing.assert_allclose(holm_adjusted([0.01, 0.04, 0.03, 0.005]), [0.03, 0.06, 0.06, 0.02])
    assert holm_adjusted([0.6, 0.9]).tolist() == [1.0, 1.0]


@pytest.mark.parametrize(
    "scores, kwargs, error, message",
    [
        (np.ones((5, 2)), {}, ValueError, "at least 2 data sets and 3 models"),
        (np.ones((1, 3)), {}, ValueError, "at least 2 data sets and 3 models"),
        ([[1, 2, np.nan], [1, 2, 3]], {}, ValueError, "`scores` contains 1 NaN"),
        (np.ones((3, 3)), {"names": ["a"]}, ValueError, "`names` must hold 3 names"),
        (np.ones((3, 3)), {"alpha": 1.5}, InvalidParameterError, "The 'alpha' parameter"),
    ],
)
def test_input_validation(scores, kwargs, error, message):
    with pytest.raises(error, match=re.escape(message)):
        friedman_test(scores, **kwargs)
