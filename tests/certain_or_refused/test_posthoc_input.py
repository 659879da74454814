"""Post-hoc input: numbers that cannot be average ranks are refused."""

import re

import numpy as np
import pytest
from scipy import stats

from sklearn_bayescmp.stats import rank_posthoc


@pytest.mark.parametrize(
    "ranks, message",
    [
        ([0.8, 0.81, 0.85], "got 0.8 for 'model 0'. Pass the ranks (1 = best), not the scores"),
        ([1, 2, 4], "each from 1 to 3 (the number of models); got 4"),
        ([1, 1, 1], "must sum to K(K + 1)/2 = 6 for K = 3 models"),
        ([2.5, 2.5, 2.5, 2.5, 2.5], "must sum to K(K + 1)/2 = 15 for K = 5 models"),
        ([3, 3, 3], "must sum to K(K + 1)/2 = 6"),
        ([-1, 3, 4], "got -1.0 for 'model 0'"),
    ],
)
def test_numbers_that_cannot_be_average_ranks_are_refused(ranks, message):
    with pytest.raises(ValueError, match=re.escape(message)):
        rank_posthoc(ranks, 10)


def test_printed_ranks_rounded_to_two_or_three_decimals_are_taken():
    # Demšar's Table 6, as printed (three decimals), and the same to two.
    rank_posthoc([3.143, 2.000, 2.893, 1.964], 14)
    rank_posthoc([3.14, 2.00, 2.89, 1.96], 14)


def test_the_average_ranks_of_any_table_are_taken():
    rng = np.random.default_rng(0)
    for k in (2, 3, 7, 20):
        scores = rng.integers(0, 4, size=(9, k))  # ties, averaged
        ranks = stats.rankdata(-scores, axis=1).mean(axis=0)
        result = rank_posthoc(ranks, 9)
        assert result.pvalues.shape == (k, k)
