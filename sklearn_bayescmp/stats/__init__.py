"""Statistical back ends: plain functions on arrays of score differences.

Each back end is usable without the comparator, e.g. on scores from a CSV
file or another framework. Differences are always ``score_a - score_b`` on
greater-is-better scores, so positive values favour A.
"""

from .._rope import (
    PosteriorOdds,
    RopeDecision,
    expected_loss_decision,
    posterior_odds,
    raftery_grade,
    rope_probabilities,
    threshold_decision,
    zero_one_loss,
)
from ._correlated_t import NormalGammaPrior, bayesian_correlated_ttest, corrected_ttest
from ._frequentist import (
    combined_ftest_5x2cv,
    corrected_resampled_ttest,
    paired_ttest,
    paired_ttest_5x2cv,
    wilcoxon_test,
)
from ._friedman import friedman_test, holm_adjusted, nemenyi_critical_difference
from ._hierarchical import hierarchical_test
from ._poisson import poisson_test
from ._ranking import plackett_luce_ranking
from ._sign import sign_test, signed_rank_test

__all__ = [
    "NormalGammaPrior",
    "PosteriorOdds",
    "RopeDecision",
    "bayesian_correlated_ttest",
    "combined_ftest_5x2cv",
    "corrected_resampled_ttest",
    "corrected_ttest",
    "expected_loss_decision",
    "friedman_test",
    "holm_adjusted",
    "hierarchical_test",
    "nemenyi_critical_difference",
    "paired_ttest",
    "paired_ttest_5x2cv",
    "plackett_luce_ranking",
    "poisson_test",
    "posterior_odds",
    "raftery_grade",
    "rope_probabilities",
    "sign_test",
    "signed_rank_test",
    "threshold_decision",
    "wilcoxon_test",
    "zero_one_loss",
]
