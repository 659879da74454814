"""
=====================================
Seeing the results: the four displays
=====================================

Every Bayesian result can be drawn with a scikit-learn-style display
(``from_result`` / ``from_comparator`` / ``from_study``, then ``ax_`` and
``figure_``): the posterior of one comparison, the simplex of the tests over
data sets, a forest plot of a collection, and the replicability of a study.
"""

# %%
# One comparison: the posterior
# -----------------------------
# Gaussian naive Bayes (A) against a decision tree (B) on the wine data, 10x10
# cross-validation. The rope is shaded, the 95% HDI is the thick bar, and the
# legend gives the three probabilities in words.

import matplotlib.pyplot as plt
from sklearn.datasets import load_breast_cancer, load_digits, load_iris, load_wine
from sklearn.model_selection import RepeatedStratifiedKFold
from sklearn.naive_bayes import GaussianNB
from sklearn.tree import DecisionTreeClassifier

from sklearn_bayescmp import RepeatedCVComparator
from sklearn_bayescmp.plotting import (
    ForestDisplay,
    PosteriorDisplay,
    ReplicabilityDisplay,
    SimplexDisplay,
)
from sklearn_bayescmp.replicability import ReplicabilityStudy

comparator = RepeatedCVComparator(
    GaussianNB(), DecisionTreeClassifier(random_state=0), n_jobs=-1, random_state=0
)
X, y = load_wine(return_X_y=True)
display = PosteriorDisplay.from_comparator(comparator.fit(X, y))
plt.show()

# %%
# Several data sets: forest and simplex
# -------------------------------------
# The forest plot shows each data set's interval from its correlated t-test
# and, in green, the hierarchical model's shrinkage estimates. The simplex shows
# the posterior draws of the hierarchical test: each point is one draw of the
# probabilities of "A better", "equivalent" and "B better" on a new data set.

datasets = {
    "iris": load_iris(return_X_y=True),
    "wine": load_wine(return_X_y=True),
    "breast cancer": load_breast_cancer(return_X_y=True),
    "digits": load_digits(return_X_y=True),
}
comparator.fit_datasets(datasets)
hierarchical = comparator.test("hierarchical", n_draws=2000)

forest = ForestDisplay.from_comparator(comparator, hierarchical=hierarchical)

# %%
# Each on its own figure, so that both keep their text legible at the page's
# width (side by side, the simplex's labels would be a few pixels tall).

simplex = SimplexDisplay.from_result(hierarchical)
plt.show()

# %%
# Replicability
# -------------
# Rerun the comparison with five seeds: how often do two seeds agree?

study = ReplicabilityStudy(
    RepeatedCVComparator(
        GaussianNB(),
        DecisionTreeClassifier(random_state=0),
        cv=RepeatedStratifiedKFold(n_splits=5, n_repeats=2),
        n_jobs=-1,
    ),
    seeds=range(5),
).fit_datasets(datasets)
display = ReplicabilityDisplay.from_study(study)
plt.show()
