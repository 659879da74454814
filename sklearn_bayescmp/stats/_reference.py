"""The frequentist reference shown beside the Bayesian comparison of many models."""

from dataclasses import dataclass

import numpy as np

from ..utils._frozen import ReadOnlyPickleMixin


@dataclass(frozen=True, repr=False, eq=False)
class FrequentistReference(ReadOnlyPickleMixin):
    """The frequentist analysis people expect beside the Bayesian one.

    Shown as a reference, not as the recommendation: the tests on many data
    sets rank the per-data-set means and ignore each mean's uncertainty, and
    a p-value above ``alpha`` ("not significantly different") is not evidence
    that two models are equivalent.

    Attributes
    ----------
    test : str
        The pairwise test, by its name in the registry: the comparison's own
        test when it is frequentist, otherwise "wilcoxon" (on the per-data-set
        mean differences) or "corrected_t" (on one data set's splits).
    pvalues : ndarray of shape (n_models, n_models)
        Two-sided p-value of every pair (1 on the diagonal).
    pvalues_holm : ndarray of shape (n_models, n_models)
        The same, Holm-adjusted over all pairs.
    friedman : FriedmanTestResult or None
        The Friedman test with Nemenyi's critical difference (three or more
        models on two or more data sets).
    alpha : float
        Significance level.
    """

    test: str
    pvalues: np.ndarray
    pvalues_holm: np.ndarray
    friedman: object
    alpha: float

    def __repr__(self):
        friedman = "" if self.friedman is None else f", friedman_pvalue={self.friedman.pvalue:.4g}"
        return f"FrequentistReference(test={self.test!r}{friedman})"
