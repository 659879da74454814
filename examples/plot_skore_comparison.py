"""
=======================================================
skore's comparison, and the Bayesian answer beside it
=======================================================

`skore <https://skore.probabl.ai>`_ cross-validates models and compares them
in a ``ComparisonReport``: each model's metrics, their means and standard
deviations over the splits. Which model is better, and by how much that
matters, it leaves to the reader. Its reports keep every split, so the same
splits give this package's answer: the probability that one model is
practically better, practically equivalent or practically worse, with the
correlation of cross-validation's overlapping training sets accounted for.

skore is an optional dependency (``pip install skore``).
"""

# %%
# skore's reports
# ---------------
# Both models are cross-validated on the same splits: a splitter with a fixed
# seed (the reader checks that the splits' indices agree).

import warnings

from sklearn.datasets import load_breast_cancer
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import RepeatedStratifiedKFold
from sklearn.naive_bayes import GaussianNB
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from skore import ComparisonReport, CrossValidationReport

from sklearn_bayescmp import ScoreTable, compare_models

X, y = load_breast_cancer(return_X_y=True)
splitter = RepeatedStratifiedKFold(n_splits=10, n_repeats=3, random_state=0)
with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # skore's notes on its own defaults
    report = ComparisonReport(
        {
            "logistic regression": CrossValidationReport(
                make_pipeline(StandardScaler(), LogisticRegression()), X, y, splitter=splitter
            ),
            "naive Bayes": CrossValidationReport(GaussianNB(), X, y, splitter=splitter),
        }
    )
    summary = report.metrics.summarize().frame()
summary

# %%
# The Bayesian answer
# -------------------
# :meth:`~sklearn_bayescmp.ScoreTable.from_skore` reads every split's accuracy
# and the splits' sizes; the Bayesian correlated t-test gives the three
# probabilities with a rope of one accuracy point, and the corrected t-test
# is the frequentist reference.

table = ScoreTable.from_skore(report, metric="accuracy")
comparison = compare_models(table, rope=0.01, random_state=0)
print(comparison.summary())

# %%
# A loss is compared as a loss
# ----------------------------
# skore's log loss is lower-is-better: the reader asks for the direction, and
# the comparison says it wherever it is read.

losses = ScoreTable.from_skore(report, metric="log_loss", greater_is_better=False)
print(compare_models(losses, rope=0.01, random_state=0).summary())
