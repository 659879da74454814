"""
=======================================================
Names, several metrics, weights and tables in notebooks
=======================================================

The comparator behaves like the rest of scikit-learn: models have names,
``scoring`` takes several metrics at once, ``sample_weight`` reaches the fits
*and* the scorer through metadata routing, and results are tables: pandas
data frames with ``to_frame()`` and compact HTML in a notebook.

This example needs pandas (the ``pandas`` extra, see :ref:`install`) for ``to_frame()``.
"""

# %%
# Named models, two metrics, one rope each
# ----------------------------------------
# ``from_estimators`` takes ``{name: estimator}``; the names appear in every
# summary, table and plot. With ``scoring=["accuracy", "roc_auc"]`` every
# split is fitted once and scored with both metrics; each metric gets its own
# comparison and its own rope (one accuracy point, half a point of AUC).

from sklearn.datasets import load_breast_cancer
from sklearn.linear_model import LogisticRegression
from sklearn.naive_bayes import GaussianNB
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

from sklearn_bayescmp import RepeatedCVComparator

X, y = load_breast_cancer(return_X_y=True, as_frame=True)
comparator = RepeatedCVComparator.from_estimators(
    {
        "logistic regression": make_pipeline(StandardScaler(), LogisticRegression()),
        "naive Bayes": GaussianNB(),
    },
    scoring=["accuracy", "roc_auc"],
    rope={"accuracy": 0.01, "roc_auc": 0.005},
    n_jobs=-1,
    random_state=0,
).fit(X, y)

# %%
# In a notebook, the fitted comparator shows its answer above the usual
# estimator diagram: the three probabilities, the decision and the credible
# interval for every metric.

comparator

# %%
# The same table as a pandas data frame, one row per metric:

comparator.to_frame()[
    ["metric", "prob_a_better", "prob_equivalent", "prob_b_better", "decision", "ci_low", "ci_high"]
]

# %%
# Every result is a frozen dataclass with its own table and HTML view, and the
# per-split record converts too:

comparator.results_["roc_auc"]

# %%

accuracy = comparator.to_table(metric="accuracy")
accuracy.differences(*comparator.model_names_)["data"].to_frame().head()

# %%
# The text summary says the same, with the names:

print(comparator.summary())

# %%
# Sample weights that reach the scorer
# ------------------------------------
# Weights passed to ``fit`` are routed as in
# :func:`~sklearn.model_selection.cross_validate`. With metadata routing
# enabled, each consumer says what it wants: here both models fit with the
# weights and the accuracy is weighted too. (With routing off, weights reach
# the fits only, and the scores would be unweighted.)

import numpy as np
import sklearn
from sklearn.metrics import accuracy_score, make_scorer

weights = np.where(y == 0, 2.0, 1.0)  # a missed malignant tumour counts twice
with sklearn.config_context(enable_metadata_routing=True):
    weighted = RepeatedCVComparator.from_estimators(
        {
            "logistic regression": make_pipeline(
                StandardScaler().set_fit_request(sample_weight=True),
                LogisticRegression().set_fit_request(sample_weight=True),
            ),
            "naive Bayes": GaussianNB().set_fit_request(sample_weight=True),
        },
        scoring=make_scorer(accuracy_score).set_score_request(sample_weight=True),
        rope=0.01,
        n_jobs=-1,
        random_state=0,
    ).fit(X, y, sample_weight=weights)

weighted.result_

# %%
# Names on the plots
# ------------------
# The names reach every display: here the posterior of the AUC difference,
# with each model's mean AUC in the axis label.

from sklearn_bayescmp.plotting import PosteriorDisplay

display = PosteriorDisplay.from_comparator(comparator, metric="roc_auc", title="ROC AUC")
