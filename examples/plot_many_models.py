"""
=====================================================
Many models on many data sets, from a table of scores
=====================================================

Most comparisons start from a table: every model's score on every split of
every data set, exported from one's own loops, from MLflow, OpenML or a
paper's supplement. This example builds such a table with scikit-learn
(five classifiers on four data sets bundled with it, 5x2 cross-validation),
writes it to CSV, reads it back, and asks which models are better, by how
much and how sure we are.
"""

# %%
# A table of scores, as one's own loop would write it
# ---------------------------------------------------
# One row per data set, model and split, with the sizes of the split: the
# correlation correction of every test needs ``n_test / n_train``. Every model
# sees the same splits of a data set (same ``random_state``), so the scores
# pair across models.

import tempfile
from pathlib import Path

from sklearn.datasets import load_breast_cancer, load_digits, load_iris, load_wine
from sklearn.ensemble import RandomForestClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import RepeatedStratifiedKFold, cross_validate
from sklearn.naive_bayes import GaussianNB
from sklearn.neighbors import KNeighborsClassifier
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.tree import DecisionTreeClassifier

from sklearn_bayescmp import ScoreTable, compare_models

datasets = {
    "iris": load_iris(return_X_y=True),
    "wine": load_wine(return_X_y=True),
    "breast cancer": load_breast_cancer(return_X_y=True),
    "digits": load_digits(return_X_y=True),
}
models = {
    "naive Bayes": GaussianNB(),
    "logistic regression": make_pipeline(StandardScaler(), LogisticRegression(max_iter=1000)),
    "k nearest neighbours": make_pipeline(StandardScaler(), KNeighborsClassifier()),
    "decision tree": DecisionTreeClassifier(random_state=0),
    "random forest": RandomForestClassifier(n_estimators=50, random_state=0),
}
cv = RepeatedStratifiedKFold(n_splits=2, n_repeats=5, random_state=0)

rows = {"dataset": [], "model": [], "split": [], "n_train": [], "n_test": [], "score": []}
for dataset, (X, y) in datasets.items():
    sizes = [(len(train), len(test)) for train, test in cv.split(X, y)]
    for model, estimator in models.items():
        scores = cross_validate(estimator, X, y, cv=cv, scoring="accuracy")["test_score"]
        for split, (score, (n_train, n_test)) in enumerate(zip(scores, sizes, strict=True)):
            rows["dataset"].append(dataset)
            rows["model"].append(model)
            rows["split"].append(split)
            rows["n_train"].append(n_train)
            rows["n_test"].append(n_test)
            rows["score"].append(score)

table = ScoreTable.from_long(rows)
table

# %%
# Through a CSV file and back
# ---------------------------
# :meth:`~sklearn_bayescmp.ScoreTable.read_csv` reads the long layout above,
# the *wide* one (a column per model, the spreadsheet export) and any
# delimiter among comma, semicolon and tab; a pandas, polars or pyarrow data
# frame goes to :meth:`~sklearn_bayescmp.ScoreTable.from_long` or
# :meth:`~sklearn_bayescmp.ScoreTable.from_wide` directly. The round trip is
# exact. The long layout's ``score`` column says greater is better (as
# scikit-learn's scores are); the wide one's columns name the models, never
# the measure, so which way is better is said when reading it (or a file
# named after the measure, ``accuracy.csv``, says it).

directory = Path(tempfile.mkdtemp())
(directory / "scores.csv").write_text(table.to_csv(), newline="")
(directory / "scores_wide.csv").write_text(table.to_csv(layout="wide"), newline="")
print((directory / "scores_wide.csv").read_text().splitlines()[0])
assert ScoreTable.read_csv(directory / "scores.csv") == table
assert ScoreTable.read_csv(directory / "scores_wide.csv", greater_is_better=True) == table

# %%
# How a table was read is its *spec*: every decision with its witness. It can
# be saved, corrected one field at a time and passed back
# (``ScoreTable.read_csv(path, spec=...)``, ``bayescmp compare --spec``).

print(table.spec.to_json()[:400], "...")

# %%
# Every pair, a ranking and the frequentist reference
# ---------------------------------------------------
# :func:`~sklearn_bayescmp.compare_models` compares every pair with the
# Bayesian signed-rank test over the data sets (the default with several data
# sets), ranks all models with the Plackett-Luce model, and shows Friedman's
# test, Nemenyi's critical difference and Holm-corrected Wilcoxon tests as
# the reference people expect, not as the recommendation. With four data sets
# the answers are humble: more data sets, not more folds, is what sharpens a
# comparison across data sets.

comparison = compare_models(table, rope=0.01, random_state=0)
print(comparison.summary())

# %%
# The pairwise probabilities
# --------------------------
# Cell (row, column) is the probability that the row model is practically
# better than the column model on a new data set like these; outlined cells
# are the decisions at the threshold (0.95).

from sklearn_bayescmp.plotting import (
    CriticalDifferenceDisplay,
    PairwiseDisplay,
    RankingDisplay,
)

display = PairwiseDisplay.from_comparison(comparison)

# %%
# The ranking
# -----------
# Each model's expected rank on a new data set and its probability of ranking
# first, with 95% credible intervals.

display = RankingDisplay.from_comparison(comparison)

# %%
# A critical-difference diagram with a Bayesian meaning
# -----------------------------------------------------
# Models sit at their expected rank; a bar joins models that are
# *practically equivalent*: every pair among them decided equivalent at the
# summary's threshold (0.95), not merely "not significantly different". Where
# no bar joins two models, they were not shown to be equivalent (the summary
# says whether one was decided better, or neither). A lower ``threshold``
# would join pairs the summary calls undecided: keep the one of the decisions.

display = CriticalDifferenceDisplay.from_comparison(comparison)

# %%
# The classic diagram, for readers of Demšar (2006)
# -------------------------------------------------
# The same models at their average ranks, joined where Nemenyi's test finds
# no significant difference. The caption under each diagram says what its
# bars mean: "not significantly different" is not evidence of equivalence.

display = CriticalDifferenceDisplay.from_comparison(comparison, kind="classic")

# %%
# A report to publish
# -------------------
# ``report(format="markdown")`` (or ``"latex"``, ``"html"``, ``"text"``) writes the
# methods paragraph with what to cite, every pair with its effect sizes, the
# ranking, the frequentist reference and the references.

print(comparison.report(format="markdown"))
