"""Statistical back ends: plain functions on arrays of score differences.

Each back end is usable without the comparator, e.g. on scores from a CSV
file or another framework. Differences are always ``score_a - score_b`` on
greater-is-better scores, so positive values favour A. The registry
(:func:`backend_names`, :func:`get_backend`) lists every back end under the
name that every entry point uses. The classes of the results the back ends
return are importable from here too, for ``isinstance`` checks and their
documentation; they are returned, never built by hand.
"""

from ._correlated_t import NormalGammaPrior, bayesian_correlated_ttest, corrected_ttest
from ._effect_size import cliffs_delta, cohens_dz
from ._frequentist import (
    combined_ftest_5x2cv,
    corrected_resampled_ttest,
    paired_ttest,
    paired_ttest_5x2cv,
    wilcoxon_test,
)
from ._friedman import friedman_test, nemenyi_critical_difference
from ._hierarchical import hierarchical_test
from ._poisson import poisson_test
from ._posthoc import rank_posthoc
from ._ranking import plackett_luce_ranking
from ._registry import backend_names, get_backend
from ._result_classes import *  # noqa: F403 (the results' classes, listed there)
from ._result_classes import __all__ as _RESULT_CLASSES
from ._rope import rope_probabilities
from ._sign import sign_test, signed_rank_test

__all__ = [
    "NormalGammaPrior",
    "backend_names",
    "bayesian_correlated_ttest",
    "cliffs_delta",
    "cohens_dz",
    "combined_ftest_5x2cv",
    "corrected_resampled_ttest",
    "corrected_ttest",
    "friedman_test",
    "get_backend",
    "hierarchical_test",
    "nemenyi_critical_difference",
    "paired_ttest",
    "paired_ttest_5x2cv",
    "plackett_luce_ranking",
    "poisson_test",
    "rank_posthoc",
    "rope_probabilities",
    "sign_test",
    "signed_rank_test",
    "wilcoxon_test",
    *_RESULT_CLASSES,
]
