"""
==================================================================
A grid search that stops fitting the candidates practically worse
==================================================================

:class:`~sklearn_bayescmp.model_selection.RaceSearchCV` searches a grid as
:class:`~sklearn.model_selection.GridSearchCV` does, on 10 times repeated
10-fold cross-validation, but after the first five folds and every five after
it compares each candidate with the leader by the Bayesian correlated t-test,
and stops fitting those that are practically worse (by more than the rope,
one accuracy point) with the look's posterior probability: the race's
``threshold`` (0.95) spent over its 19 looks, 0.9974 each.

We race 25 settings of an RBF support vector machine on the breast cancer
data, then 50 settings of k-nearest neighbours on the digits: a grid where
many candidates are practically worse, and one where most are near-equals.
"""

# %%
# 25 SVC settings: C x gamma
# --------------------------

import matplotlib.pyplot as plt
import numpy as np
from sklearn.datasets import load_breast_cancer, load_digits
from sklearn.neighbors import KNeighborsClassifier
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.svm import SVC

from sklearn_bayescmp.model_selection import RaceSearchCV
from sklearn_bayescmp.plotting import RaceDisplay

X, y = load_breast_cancer(return_X_y=True)
svc = RaceSearchCV(
    make_pipeline(StandardScaler(), SVC()),
    {"svc__C": np.logspace(-1, 3, 5).tolist(), "svc__gamma": np.logspace(-4, 0, 5).tolist()},
    random_state=0,
    n_jobs=2,
).fit(X, y)
race = svc.race_
print(
    f"{svc.n_fits_} fits of the exhaustive {race.n_fits_exhaustive} "
    f"({race.share_of_fits:.0%}); the race ended: {race.ended}"
)
print("chosen:", svc.best_params_, f"mean accuracy {svc.best_score_:.4f}")

# %%
# Every look compared each survivor with the leader. A cross marks the look at
# which a candidate left: the leader was practically better with probability
# at least the look's threshold. The dark lines are the candidates still in at the end, the
# green one the chosen.

RaceDisplay.from_search(svc)
plt.show()

# %%
# Each drop with its probability, from the record of the race:

for look in race.looks:
    for candidate in look.dropped:
        k = int(np.flatnonzero(look.candidates == candidate)[0])
        print(
            f"after {look.n_folds:>3} folds: {race.candidates[candidate]} left, "
            f"P(leader practically better) = {look.prob_a_better[k]:.4f}"
        )

# %%
# 50 k-NN settings on the digits: near-equals
# -------------------------------------------
#
# Neighbours from 1 to 50 with uniform or distance weights. Most candidates
# are within a point of the best: the race keeps them, as it should, and saves
# only the fits of the clearly worse.

X, y = load_digits(return_X_y=True)
knn = RaceSearchCV(
    make_pipeline(StandardScaler(), KNeighborsClassifier()),
    {
        "kneighborsclassifier__n_neighbors": list(range(1, 50, 2)),
        "kneighborsclassifier__weights": ["uniform", "distance"],
    },
    random_state=0,
    n_jobs=2,
).fit(X, y)
print(
    f"{knn.n_fits_} fits of {knn.race_.n_fits_exhaustive} ({knn.race_.share_of_fits:.0%}); "
    f"{len(knn.race_.survivors)} candidates left; chosen: {knn.best_params_}"
)
RaceDisplay.from_search(knn)
plt.show()
