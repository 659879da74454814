"""
=======================
The papers, reproduced
=======================

The tests of this package come from four papers, whose simulations make claims
a reader can check. This page draws the simulations of two of them from the
results the scripts ``benchmarks/study_*.py`` store in ``benchmarks/results/``
(with the date, the settings and the Monte Carlo standard errors, listed
below), and sets each published value beside the measured one. Corani &
Benavoli (2015) are run with 5,000 experiments per point; Corani et al. (2017)
with 100 to 300 experiments per value where the paper ran 500 (§4.2-4.4 at
q = 50 only, Table 2 at q = 5, 10 and 50): their rates carry the larger
standard errors printed beside them.
At the end, a short live run checks that the code still produces numbers
consistent with the stored ones. Where a claim is not reproduced, the page says
so and why.

Two settings decide most of it, and the papers do not print them: the size of
the simulated data sets (the authors' code uses one size per run) and which
probability the hierarchical test reports (the authors' code reports the
posterior of ``delta0``, the population's mean difference, beside the next data
set's). Both are shown side by side.
"""

# %%
# The stored results
# ------------------
# One JSON file per study run: what was run (the command and its settings),
# when, how long it took, and the table with its standard errors.

import json
from pathlib import Path

import matplotlib.pyplot as plt
import numpy as np
from scipy import stats

try:
    HERE = Path(__file__).resolve().parent
except NameError:  # run interactively, from the examples folder
    HERE = Path.cwd()
RESULTS = HERE.parent / "benchmarks" / "results"


def load(name):
    """A stored study: its settings and its table as arrays."""
    record = json.loads((RESULTS / f"{name}.json").read_text(encoding="utf-8"))
    record["table"] = {key: np.asarray(values) for key, values in record["table"].items()}
    return record


def rows(table, **where):
    """The rows of ``table`` that match every ``column=value`` of ``where``."""
    keep = np.ones(len(next(iter(table.values()))), dtype=bool)
    for column, value in where.items():
        keep &= np.isclose(table[column], value) if np.ndim(value) == 0 else False
    return keep


studies = {
    name: load(name)
    for name in (
        "corani_benavoli_2015_fig2a_q50",
        "corani_benavoli_2015_fig2b_q50",
        "corani_benavoli_2015_fig2b_q25",
        "corani_2017_equivalence_by_size",
        "corani_2017_fig5",
        "corani_2017_table2",
    )
}
for study in studies.values():
    experiments = study["settings"]["n_experiments"]
    print(f"{study['date']}  {experiments:>5} experiments per value  {study['command']}")

# %%
# Corani & Benavoli (2015), Fig. 2: the Poisson test against the signed-rank test
# -------------------------------------------------------------------------------
# Naive Bayes on F against the majority predictor on the C -> F network, 50
# data sets of 25 to 1,000 examples, one and ten runs of 10-fold
# cross-validation, one-sided tests at 0.05; the rate at which each test
# declares naive Bayes better. The paper's signed-rank test is Wilcoxon's.
# Fig. 2a: the same difference ``delta`` on every data set. Fig. 2b: each data
# set's difference drawn from a Cauchy distribution with median and scale
# ``delta``, capped at -0.5 and 0.5; on a data set with a negative difference
# the majority predictor is the better model (the roles are swapped). Error
# bars: 95% Wilson intervals of each rate (a rate of 0 or 1 out of a few
# hundred experiments is not known to be exactly 0 or 1); the dotted line is
# the tests' level, 0.05.

#: One colour per test (Okabe-Ito, safe for colour-blind readers); one line
#: style per number of runs.
STYLES = {
    "poisson": ("s", "#0072B2", "Poisson"),
    "wilcoxon": ("o", "#D55E00", "signed-rank (Wilcoxon)"),
}


def wilson_interval(rate, n):
    """95% Wilson score intervals of binomial rates from ``n`` trials each (SciPy's)."""
    intervals = [
        stats.binomtest(round(r * n), n).proportion_ci(method="wilson") for r in np.ravel(rate)
    ]
    low, high = (np.array([getattr(i, end) for i in intervals]) for end in ("low", "high"))
    return low.reshape(np.shape(rate)), high.reshape(np.shape(rate))


def draw_power(ax, study, title, xlabel):
    table = study["table"]
    n = study["settings"]["n_experiments"]
    ax.axhline(0.05, color="grey", linestyle=":", linewidth=1, label="level, 0.05")
    for test, (marker, colour, label) in STYLES.items():
        for runs, line in ((1, "--"), (10, "-")):
            keep = rows(table, n_repeats=runs) & (table["test"] == test)
            rate = table["rate"][keep]
            low, high = wilson_interval(rate, n)
            ax.errorbar(
                table["delta"][keep],
                rate,
                yerr=[rate - low, high - rate],
                marker=marker,
                linestyle=line,
                color=colour,
                fillstyle="full" if runs > 1 else "none",
                capsize=2,
                label=f"{label}, {runs} run{'s' if runs > 1 else ''}",
            )
    ax.set_title(f"{title},\n{n:,} experiments per point", fontsize="medium")
    ax.set_xlabel(xlabel)
    ax.set_ylim(-0.02, 1.02)


figure, axes = plt.subplots(1, 3, figsize=(13, 4.8), layout="constrained", sharey=True)
same = "delta: the difference on every data set"
cauchy = "delta: the Cauchy differences' median and scale"
draw_power(axes[0], studies["corani_benavoli_2015_fig2a_q50"], "Fig. 2a, q = 50", same)
draw_power(axes[1], studies["corani_benavoli_2015_fig2b_q50"], "Fig. 2b (Cauchy), q = 50", cauchy)
draw_power(axes[2], studies["corani_benavoli_2015_fig2b_q25"], "Fig. 2b (Cauchy), q = 25", cauchy)
axes[0].set_ylabel("rate of 'naive Bayes better'")
_ = axes[0].legend(loc="upper left", fontsize="small")

# %%
# The paper's claims, beside the stored rates (with their standard errors):
# both tests keep the level (rate at most 0.05 at ``delta = 0``), and with ten
# runs the Poisson test is the more powerful one. Each verdict below is computed
# from the stored numbers: a difference is claimed only beyond two standard
# errors.


def rate(study, test, delta, runs):
    table = study["table"]
    i = np.flatnonzero(rows(table, delta=delta, n_repeats=runs) & (table["test"] == test))[0]
    return table["rate"][i], table["standard_error"][i]


def power_verdict(difference, standard_error):
    if difference > 2 * standard_error:
        return "Poisson higher"
    if difference < -2 * standard_error:
        return "signed-rank higher"
    return "alike (within two standard errors)"


def claims(name):
    study = studies[name]
    deltas = np.unique(study["table"]["delta"])
    n = study["settings"]["n_experiments"]
    zero = max(rate(study, t, 0.0, r)[0] for t in STYLES for r in (1, 10))
    high = wilson_interval(zero, n)[1]
    print(f"{study['study']}")
    print(
        f"  type I error at delta = 0 (paper: below 0.05): at most {zero:.3f} "
        f"(95% upper bound {high:.3f}): {'kept' if high < 0.05 else 'NOT kept'}"
    )
    print("  ten runs, Poisson minus signed-rank (paper: Poisson higher):")
    for delta in deltas[deltas > 0]:
        (p, p_se), (w, w_se) = (rate(study, t, delta, 10) for t in ("poisson", "wilcoxon"))
        se = np.hypot(p_se, w_se)
        print(
            f"    delta = {delta:.2f}: {p:.3f} - {w:.3f} = {p - w:+.3f} ± {se:.3f}  "
            f"{power_verdict(p - w, se)}"
        )


claims("corani_benavoli_2015_fig2a_q50")
claims("corani_benavoli_2015_fig2b_q50")
claims("corani_benavoli_2015_fig2b_q25")

# %%
# The first claim holds, and with a wide margin: at ``delta = 0`` both tests
# reject at most three times in a thousand experiments, far below the nominal 0.05
# (both are conservative in this design; the paper reports rates below 0.05
# without saying how far below). The second holds only in part, as the
# verdicts say: with ten runs the Poisson test is the more powerful where both
# tests have power to speak of, and at the smallest differences, where both
# reject rarely, the signed-rank test rejects more often. With one run the
# Poisson test is the less powerful at small differences, as the paper says.
# Fig. 2b needed the paper's design: before the roles were swapped on data
# sets with a negative difference, the Cauchy draws below 0 were capped at 0,
# those data sets became ties, and the Poisson test came out less powerful
# than the signed-rank test.

# %%
# Corani et al. (2017), §4.2-4.3: equivalent classifiers, against the data-set size
# ---------------------------------------------------------------------------------
# Differences drawn from a Cauchy distribution with median ``delta0`` and a
# sixth of the rope as scale, the naive Bayes pair, 50 data sets, 10 x 10
# cross-validation. §4.2 (``delta0 = 0``): the hierarchical test recognises
# equivalence (posterior probability of the rope above 0.95, on ``delta0``)
# "about 70%" of the time. §4.3 (``delta0 = 0.005``, inside the rope): the
# Wilcoxon test rejects "about 25%" of the time. Neither rate is printed with a
# data-set size, and both depend on it: the horizontal lines are the paper's
# values.

by_size = studies["corani_2017_equivalence_by_size"]["table"]
figure, ax = plt.subplots(figsize=(7, 4.5), layout="constrained")
for delta0, column, label, paper in (
    (0.0, "delta0_equivalence_recognition", "§4.2: equivalence recognised (delta0 = 0)", 0.7),
    (0.005, "wilcoxon_rejection", "§4.3: Wilcoxon rejects (delta0 = 0.005)", 0.25),
):
    keep = rows(by_size, delta0=delta0, n_datasets=50)
    line = ax.errorbar(
        by_size["size"][keep],
        by_size[column][keep],
        yerr=2 * by_size["se_" + column][keep],
        marker="o",
        capsize=2,
        label=label,
    )
    ax.axhline(paper, color=line[0].get_color(), linestyle=":", label=f"paper: about {paper}")
ax.set_xlabel("examples per data set")
ax.set_ylabel("rate over experiments")
ax.set_ylim(0, 1)
ax.set_title(
    f"q = 50, {studies['corani_2017_equivalence_by_size']['settings']['n_experiments']} "
    "experiments per point"
)
_ = ax.legend(fontsize="small")

# %%
# No single size reproduces both values. Equivalence is recognised in about
# 70% of the experiments with data sets of about 500 examples, where the
# Wilcoxon test rejects in about 35%; it rejects in about 25% only with data
# sets of 200 to 300 examples, where the hierarchical test recognises
# equivalence in 10% to 30% of the experiments. The recognition rate is that
# of ``delta0``, the population's mean difference, as the authors' code
# reports it; the next data set's probability answers another question and is
# recognised less often (the stored table holds both).

# %%
# Corani et al. (2017), §4.4: practically different classifiers (Fig. 5)
# ----------------------------------------------------------------------
# As ``delta0`` leaves the rope (0.01), how often each test declares a
# difference: the Wilcoxon test (p < 0.05), the hierarchical test on
# ``delta0`` and on the next data set (posterior probability above 0.95 of one
# side). The paper: the signed-rank test is more powerful just outside the
# rope, and the two are alike once ``delta0`` is above 0.02.

fig5 = studies["corani_2017_fig5"]["table"]
figure, ax = plt.subplots(figsize=(7, 4.5), layout="constrained")
for column, label, marker in (
    ("wilcoxon_rejection", "Wilcoxon", "o"),
    ("delta0_difference", "hierarchical, delta0", "s"),
    ("hierarchical_difference", "hierarchical, next data set", "^"),
):
    ax.errorbar(
        fig5["delta0"],
        fig5[column],
        yerr=2 * fig5["se_" + column],
        marker=marker,
        capsize=2,
        label=label,
    )
ax.set_xlabel("delta0")
ax.set_ylabel("rate of declared differences")
ax.set_title(
    f"Fig. 5: data sets of 500 examples, q = 50, "
    f"{studies['corani_2017_fig5']['settings']['n_experiments']} experiments per point"
)
_ = ax.legend(fontsize="small")

# %%
# Reproduced: just outside the rope the Wilcoxon test declares a difference
# far more often than the hierarchical test, and from ``delta0 = 0.02`` on the
# two are alike.

# %%
# Corani et al. (2017): the published values beside the measured ones
# -------------------------------------------------------------------
# Table 2: the mean squared error of the per-data-set means and of the
# shrinkage estimates, true differences from a mixture of two normals (0.005
# and 0.02), data sets of 500 examples. The paper prints a standard deviation
# of 0.001 for each component; the authors' code draws with 0.01, which the
# stored run uses (with 0.001 the shrinkage errors are about half).

table2 = studies["corani_2017_table2"]["table"]
PUBLISHED_TABLE2 = {5: (0.00036, 0.00017), 10: (0.00036, 0.00014), 50: (0.00036, 0.00012)}
lines = []
for i, q in enumerate(table2["n_datasets"]):
    means, shrinkage = PUBLISHED_TABLE2[int(q)]
    lines.append(
        (
            f"Table 2: MSE of the means, q = {q}",
            f"{means:.6f}",
            f"{table2['mse_means'][i]:.6f} ± {table2['se_means'][i]:.6f}",
        )
    )
    lines.append(
        (
            f"Table 2: MSE of the shrinkage estimates, q = {q}",
            f"{shrinkage:.6f}",
            f"{table2['mse_shrinkage'][i]:.6f} ± {table2['se_shrinkage'][i]:.6f}",
        )
    )


def measured(table, column, **where):
    i = np.flatnonzero(rows(table, **where))[0]
    return f"{table[column][i]:.3f} ± {table['se_' + column][i]:.3f}"


for size in (300, 500, 1000):
    lines.append(
        (
            f"§4.2 mean P(rope) of delta0, size {size}",
            "> 0.9",
            measured(by_size, "mean_delta0_prob_equivalent", delta0=0.0, size=size),
        )
    )
    lines.append(
        (
            f"§4.2 equivalence recognised, size {size}",
            "about 0.7",
            measured(by_size, "delta0_equivalence_recognition", delta0=0.0, size=size),
        )
    )
    lines.append(
        (
            f"§4.3 Wilcoxon rejects, size {size}",
            "about 0.25",
            measured(by_size, "wilcoxon_rejection", delta0=0.005, size=size),
        )
    )
for delta0 in (0.01, 0.02):
    lines.append(
        (
            f"§4.4 Wilcoxon / hierarchical (delta0), delta0 = {delta0}",
            "Wilcoxon higher" if delta0 == 0.01 else "alike",
            f"{measured(fig5, 'wilcoxon_rejection', delta0=delta0)} / "
            f"{measured(fig5, 'delta0_difference', delta0=delta0)}",
        )
    )
width = max(len(line[0]) for line in lines)
print(f"{'':<{width}}  {'paper':>15}  {'measured':>21}")
for label, paper, ours in lines:
    print(f"{label:<{width}}  {paper:>15}  {ours:>21}")

# %%
# Table 2 is reproduced with the mixture of the authors' code: the shrinkage
# estimates' errors equal the published ones to their two printed digits, and
# the means' errors are within three standard errors of 0.00036. §4.2's mean
# probability of the rope exceeds 0.9 from about 500 examples on.

# %%
# A live check
# ------------
# The stored results are only as good as the code that still has to produce
# them. A short run of Fig. 2a at ``delta = 0.05`` (60 experiments) must agree
# with the stored rate within three standard errors of their difference.

from sklearn_bayescmp._studies import power_study  # noqa: E402

live = power_study(
    "cf_network",
    [0.05],
    n_datasets=50,
    n_repeats=(10,),
    n_experiments=60,
    tests=("poisson", "wilcoxon"),
    random_state=1,
    n_jobs=2,
)
live_rates = dict(zip(live.table["test"], live.table["rate"], strict=True))
live_errors = dict(zip(live.table["test"], live.table["standard_error"], strict=True))
for test in STYLES:
    stored, stored_se = rate(studies["corani_benavoli_2015_fig2a_q50"], test, 0.05, 10)
    now, now_se = live_rates[test], live_errors[test]
    verdict = (
        "consistent" if abs(now - stored) < 3 * np.hypot(now_se, stored_se) else "NOT consistent"
    )
    print(
        f"{test:<9} live {now:.3f} ± {now_se:.3f}, stored {stored:.3f} ± {stored_se:.3f}: {verdict}"
    )
