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

    See Also
    --------
    sklearn_bayescmp.ModelComparison : Holds it as ``reference``.
    sklearn_bayescmp.stats.wilcoxon_test : The pairwise test of many data sets.

    Examples
    --------
    Four models' mean accuracies on twelve data sets:

    >>> import numpy as np
    >>> from sklearn_bayescmp import ScoreTable, compare_models
    >>> rng = np.random.default_rng(0)
    >>> scores = rng.normal([0.80, 0.82, 0.85, 0.81], 0.02, size=(12, 4))
    >>> columns = dict(zip(["knn", "tree", "forest", "svm"], scores.T))
    >>> table = ScoreTable.from_wide(
    ...     {"dataset": [f"d{i}" for i in range(12)], **columns}, greater_is_better=True
    ... )
    >>> reference = compare_models(table, rope=0.01, random_state=0).reference
    >>> reference.test, bool(reference.friedman.pvalue < 0.05)
    ('wilcoxon', True)
    >>> reference.pvalues_holm[2].round(3)  # forest against each, Holm-adjusted
    array([0.003, 0.007, 1.   , 0.003])
    """

    test: str
    pvalues: np.ndarray
    pvalues_holm: np.ndarray
    friedman: object
    alpha: float

    def __repr__(self):
        friedman = "" if self.friedman is None else f", friedman_pvalue={self.friedman.pvalue:.4g}"
        return f"FrequentistReference(test={self.test!r}{friedman})"
