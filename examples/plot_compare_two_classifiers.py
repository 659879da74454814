"""
======================================================
Is logistic regression really better than naive Bayes?
======================================================

The README's main job: a paired 10 x 10 repeated stratified cross-validation of
two classifiers on scikit-learn's bundled breast cancer data, followed by the
corrected repeated-CV t-test and the Bayesian correlated t-test with a region
of practical equivalence (rope) of one accuracy point.

The arc follows scikit-learn's "Statistical comparison of models using grid
search": scores, frequentist test, posterior, rope, credible interval,
decision.
"""

# %%
# Paired cross-validation
# -----------------------
# Both models are fitted on exactly the same 100 splits; every split yields
# one difference ``accuracy(A) - accuracy(B)``.

from sklearn.datasets import load_breast_cancer
from sklearn.linear_model import LogisticRegression
from sklearn.naive_bayes import GaussianNB
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

from sklearn_bayescmp import RepeatedCVComparator

X, y = load_breast_cancer(return_X_y=True)
comparator = RepeatedCVComparator(
    make_pipeline(StandardScaler(), LogisticRegression()),  # A
    GaussianNB(),  # B
    names=("logistic regression", "naive Bayes"),
    scoring="accuracy",
    rope=0.01,
    n_jobs=-1,
    random_state=0,
).fit(X, y)
differences = comparator.cv_results_["difference"]
print(f"{comparator.n_splits_} paired splits; first differences: {differences[:4]}")

# %%
# Frequentist answer
# ------------------
# The training sets of the splits overlap, so the differences are correlated;
# the corrected t-test of Nadeau & Bengio inflates the variance accordingly.

print(comparator.corrected_ttest().summary())

# %%
# Bayesian answer, with a rope
# ----------------------------
# The posterior of the mean difference says how probable it is that A is
# practically better, practically equivalent or practically worse.

result = comparator.result_
print(result.summary(threshold=comparator.threshold))
low, high = result.credible_interval(0.95)
print(f"95% credible interval of the mean difference: [{low:.4f}, {high:.4f}]")
print(result.odds())

# %%
# Decision
# --------
# With the default threshold of 0.95, the comparator decides "a", "b",
# "equivalent" or stays "undecided".

print(f"Decision: {comparator.decision_}")

# %%
# The posterior
# -------------
# The Student posterior of the mean difference, the rope shaded, the 95%
# highest-density interval marked, and the three probabilities in the
# legend. Plots need matplotlib, the optional ``plot`` extra (see
# :ref:`install`); without it this step is skipped
# and the numbers above are the whole answer.

from importlib.util import find_spec

if find_spec("matplotlib") is not None:
    from sklearn_bayescmp.plotting import PosteriorDisplay

    PosteriorDisplay.from_comparator(comparator)
