"""
===========================================
Comparing two classifiers on many data sets
===========================================

Is logistic regression better than naive Bayes *in general*, not just on one
data set? We run paired 10 x 10 cross-validation on ten data sets (four bundled
with scikit-learn, six generated) in one parallel dispatch, then apply the five
tests for many data sets side by side:

- the **Poisson-binomial test**, which keeps each data set's uncertainty (its
  Bayesian correlated t-test) and asks on how many data sets A wins;
- the **Bayesian sign test** and **signed-rank test**, which use only each data
  set's mean difference, with a rope;
- the **hierarchical test**, a model of all splits of all data sets that
  shrinks each data set's estimate towards the others;
- the **Wilcoxon signed-rank test**, the frequentist reference.
"""

# %%
# One run over all data sets
# --------------------------
# ``fit_datasets`` sends every (data set, split) pair to joblib at once, so
# small data sets do not leave workers idle.

from sklearn.datasets import (
    load_breast_cancer,
    load_digits,
    load_iris,
    load_wine,
    make_classification,
)
from sklearn.linear_model import LogisticRegression
from sklearn.naive_bayes import GaussianNB
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

from sklearn_bayescmp import RepeatedCVComparator

datasets = {
    "iris": load_iris(return_X_y=True),
    "wine": load_wine(return_X_y=True),
    "breast cancer": load_breast_cancer(return_X_y=True),
    "digits": load_digits(return_X_y=True),
}
for seed in range(6):
    datasets[f"generated {seed}"] = make_classification(
        n_samples=200, n_features=8, n_informative=3 + seed % 3, flip_y=0.05, random_state=seed
    )

comparator = RepeatedCVComparator(
    make_pipeline(StandardScaler(), LogisticRegression(max_iter=1000)),  # A
    GaussianNB(),  # B
    scoring="accuracy",
    rope=0.01,
    n_jobs=-1,
    random_state=0,
).fit_datasets(datasets)

# %%
# Each data set on its own
# ------------------------
# The Bayesian correlated t-test of every data set (rope of one accuracy point).

print(f"{'data set':<14} {'mean A-B':>9} {'P(A)':>6} {'P(eq)':>6} {'P(B)':>6}  decision")
for name in comparator.to_table().datasets:
    result = comparator.test("bayesian_correlated_t", dataset=name)
    print(
        f"{name:<14} {result.loc:>9.4f} {result.prob_a_better:>6.3f} "
        f"{result.prob_equivalent:>6.3f} {result.prob_b_better:>6.3f}  {result.decision()}"
    )

# %%
# The five tests for many data sets
# ---------------------------------

poisson = comparator.test("poisson")
sign = comparator.test("sign")
signed_rank = comparator.test("signed_rank")
hierarchical = comparator.test("hierarchical")
wilcoxon = comparator.test("wilcoxon")
for result in (poisson, sign, signed_rank, hierarchical, wilcoxon):
    print(result.summary(), end="\n\n")

# %%
# Three probabilities, three questions
# ------------------------------------
# The hierarchical summary prints three numbers that all read "P(A better)".
# They answer different questions, and need not agree (``decision()`` reads the
# first):

meanings = {
    "prob_a_better": "'A better' most probable on a new data set",
    "predictive_prob_a_better": "A better on a new data set",
    "delta0_prob_a_better": "mean difference delta0 above the rope",
}
for name, meaning in meanings.items():
    print(f"{getattr(hierarchical, name):.2f}  {name:<25} {meaning}")

# %%
# Here the first is the most confident: "A better" can be the likeliest outcome in
# nearly every posterior draw while a new data set still has a fair chance of
# landing in the rope or on B's side, which the predictive probability counts.
# The sign and signed-rank tests' ``prob_*`` and ``predictive_prob_*`` have the
# same two meanings; the Poisson-binomial test's is a third: A better on a
# *majority of these* data sets (see :doc:`/which_test`).

# %%
# Shrinkage
# ---------
# The hierarchical model estimates every data set's difference ``delta_i``
# together with the others: a noisy data set's mean is pulled towards the
# population, a precise one barely moves.

print(f"{'data set':<14} {'mean A-B':>9} {'shrunk':>9}  95% HDI")
for name, mean, shrunk, (low, high) in zip(
    hierarchical.names,
    hierarchical.means,
    hierarchical.shrinkage_estimates,
    hierarchical.shrinkage_intervals,
    strict=True,
):
    print(f"{name:<14} {mean:>9.4f} {shrunk:>9.4f}  [{low:.4f}, {high:.4f}]")

# %%
# When do they disagree?
# ----------------------
# - The **Wilcoxon** signed-rank test asks whether the differences are
#   distributed symmetrically about zero (for a symmetric distribution, whether
#   their median is zero): it can reject with differences far too small to
#   matter, and it cannot say that two models are equivalent.
# - The **sign** and **signed-rank** tests estimate how likely a *new* data set
#   is to fall above, inside or below the rope. They only see each data set's
#   mean, so a data set where the difference is tiny but very certain counts as
#   much as one where it is large but noisy. The signed-rank test also uses the
#   sizes of the differences (through the Walsh averages), so a few large wins
#   weigh more than in the sign test.
# - The **Poisson-binomial** test keeps each data set's uncertainty: a data set
#   whose cross-validation cannot separate the models counts as a coin flip.
#   Its question is different too: on how many of *these* data sets is A
#   better, not what happens on the next one.
# - The **hierarchical** test combines both: it keeps every data set's
#   uncertainty and predicts the next data set. Its ``prob_*`` say which
#   outcome is the most probable on a new data set; its ``predictive_prob_*``
#   give the probability of each outcome there.
#
# With few data sets, the Bayesian tests with a rope are often "undecided":
# the honest answer when the evidence is thin.

# %%
# Every data set at a glance
# --------------------------
# Each data set's own estimate of the mean difference with its credible
# interval (the Bayesian correlated t-test), the hierarchical model's
# shrinkage estimates next to them, and the rope: data sets whose own
# estimate is noisy are pulled furthest towards the others.

from sklearn_bayescmp.plotting import ForestDisplay

display = ForestDisplay.from_comparator(comparator, hierarchical=hierarchical)
