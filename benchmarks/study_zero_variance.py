"""Data sets with zero variance in the hierarchical test: three treatments, known truth.

When two models score identically on every split of a data set (they predict
alike), its differences have zero variance and the hierarchical model's
posterior is improper: ``sigma_i`` can shrink to 0. Three ways to keep it
proper are compared on simulated collections whose true differences are known:

- "floor": every ``sigma_i`` bounded below by a vanishing ``1e-6`` (in units
  of the largest difference), what the package did before;
- "rope": such a data set gets the sum of squares of the noise the authors'
  code adds to it (uniform over the rope, on half its splits, subtracted on
  the other half), ``n (high - low)**2 / 12`` (``zero_variance="rope"``);
- "resolution": the same with the scores' resolution, one test example,
  ``n (1 / n_test)**2 / 12`` (for accuracy-like scores only);
- "others": the smallest variance among the other data sets, as if such a
  data set were as noisy as the quietest of the others: the package's default.

Each experiment draws ``q`` ordinary data sets (true differences from
``N(0.01, 0.015**2)``, within-data-set standard deviations from U(0.02, 0.05),
10x10 CV with correlation 0.1) and adds ``k`` data sets whose differences are
all 0 (the truth there is 0). For each treatment it reports: the posterior
mean of ``sigma0`` (the spread of the population of data sets); the R-hat and
bulk ESS of ``nu``; the mean squared error of the ordinary data sets'
shrinkage estimates against the truth; how far those estimates move from the
fit of the same collection without the zero-variance data sets (the mean
absolute shift; a treatment that lets ``k`` identical data sets dominate moves
them most); and the mean squared error of the zero-variance data sets' own
shrinkage estimates (their truth is 0: a treatment that makes them less
precise pulls them towards the others).

``--collection near-identical`` draws instead collections of two
near-identical classifiers (:func:`~sklearn_bayescmp.datasets.make_near_identical_scores`),
as a decision tree and its grafted variant on real data: 54 data sets of 300
to 3,000 examples (10x10 CV), of which 10-30% have all their differences 0,
60% of the rest differ on 1-5 test examples over all 100 splits (variances of
1e-7 to 1e-5) and the others on 0.5-3% of the test examples, mostly in B's
favour (means down to -0.02). It adds the treatment "larger": the larger of
the quietest other data set's variance and the rope's. Every fit uses the
test's default chains and draws (4 x (1,000 + 5,000)); the table gives the
worst R-hat and bulk ESS of delta0, sigma0 and nu, the share of experiments
that meet R-hat < 1.01 and ESS > 400 for all three, the shrinkage estimates'
error against the truth and the largest gap of the three probabilities on
delta0 (rope 0.01) from the authors' treatment ("rope").

Run: ``python benchmarks/study_zero_variance.py [--experiments 20]
[--collection near-identical]``.
"""

import argparse
import dataclasses

import numpy as np

from sklearn_bayescmp import CVDifferences
from sklearn_bayescmp.datasets import make_near_identical_scores
from sklearn_bayescmp.stats._diagnostics import convergence_diagnostics
from sklearn_bayescmp.stats._hierarchical import hierarchical_data
from sklearn_bayescmp.stats._hierarchical_sampler import sample_posteriors

ROPE, RHO, N_SPLITS = (-0.01, 0.01), 0.1, 100
SAMPLER = {"n_chains": 4, "n_warmup": 1000, "n_samples": 2000}


def collection(rng, q, k, n_test):
    """``q`` ordinary records and ``k`` with all differences 0; the true differences."""
    truth = rng.normal(0.01, 0.015, q)
    records = []
    for i, delta in enumerate(truth):
        sigma = rng.uniform(0.02, 0.05)
        shared = rng.standard_normal() * np.sqrt(RHO)
        x = delta + sigma * (shared + rng.standard_normal(N_SPLITS) * np.sqrt(1 - RHO))
        records.append(CVDifferences(x, n_train=9 * n_test, n_test=n_test, name=f"d{i}"))
    for j in range(k):
        records.append(
            CVDifferences(np.zeros(N_SPLITS), n_train=9 * n_test, n_test=n_test, name=f"z{j}")
        )
    return records, truth


def near_identical_collection(rng, q=54):
    """Records of two near-identical classifiers on ``q`` data sets, and the truth."""
    n_alike = int(round(q * rng.uniform(0.1, 0.3)))
    records, truth = [], np.zeros(q)
    for i in range(q):
        n_samples = int(rng.choice([300, 1000, 3000]))
        disagreement = delta = 0.0
        if i >= n_alike and rng.random() < 0.6:  # 1-5 disagreements over the 100 splits
            disagreement = rng.integers(1, 6) / (10 * n_samples)
            delta = disagreement * rng.uniform(-1.0, 0.5)
        elif i >= n_alike:
            disagreement = rng.uniform(0.005, 0.03)
            delta = -disagreement * rng.uniform(0.2, 0.8)
        for _ in range(100):  # an ordinary data set that came out all-equal is drawn again
            record = make_near_identical_scores(
                n_samples,
                disagreement=disagreement,
                delta=delta,
                random_state=int(rng.integers(2**31)),
            )
            if disagreement == 0 or np.ptp(record.differences) > 0:
                break
        records.append(dataclasses.replace(record, name=f"d{i}"))
        truth[i] = delta
    return records, truth


def treated(records, treatment):
    """The sampler's inputs for ``records`` under ``treatment``, and the scale."""
    names = [record.name for record in records]
    how = "rope" if treatment == "rope" else "others"
    data, scale = hierarchical_data(records, names, rope=ROPE, zero_variance=how)
    zero = np.array([np.ptp(record.differences) == 0 for record in records])
    if treatment in ("rope", "others") or not zero.any():
        return data, scale
    sum_squares = np.array(data.sum_squares)
    n = np.asarray(data.n)
    if treatment == "floor":
        sum_squares[zero] = 0.0
        return dataclasses.replace(data, sum_squares=sum_squares, sigma_lower=1e-6), scale
    if treatment == "larger":
        others = np.min(sum_squares[~zero] / (n[~zero] - 1))
        rope = (ROPE[1] - ROPE[0]) ** 2 / 12.0 / scale**2
        sum_squares[zero] = n[zero] * max(others, rope)
        return dataclasses.replace(data, sum_squares=sum_squares), scale
    n_test = np.array([record.n_test[0] for record in records])
    sum_squares[zero] = n[zero] * (1.0 / n_test[zero]) ** 2 / 12.0 / scale**2
    return dataclasses.replace(data, sum_squares=sum_squares), scale


def fit(records, treatment, seed, sampler=SAMPLER):
    data, scale = treated(records, treatment)
    ((draws, _),) = sample_posteriors([data], rng=np.random.default_rng(seed), **sampler)
    top = {name: draws[name] for name in ("delta0", "sigma0", "nu")}
    rhat, ess, _ = convergence_diagnostics(top)
    return {
        "shrinkage": draws["delta"].mean(axis=(0, 1)) * scale,
        "sigma0": float(draws["sigma0"].mean()) * scale,
        "rhat_nu": rhat["nu"],
        "ess_nu": ess["nu"],
        "rhat": max(rhat.values()),
        "ess": min(ess.values()),
        "probabilities": np.array(
            [
                np.mean(draws["delta0"] * scale > ROPE[1]),
                np.mean(np.abs(draws["delta0"] * scale) <= ROPE[1]),
                np.mean(draws["delta0"] * scale < ROPE[0]),
            ]
        ),
    }


#: The test's default chains and draws, for the near-identical collections.
DEFAULT_SAMPLER = {"n_chains": 4, "n_warmup": 1000, "n_samples": 5000}


def near_identical_study(n_experiments):
    """The treatments on near-identical collections, with the test's default sampler."""
    treatments = ("others", "rope", "larger", "resolution")
    rows = {treatment: [] for treatment in treatments}
    rng = np.random.default_rng(0)
    for e in range(n_experiments):
        records, truth = near_identical_collection(rng)
        fits = {t: fit(records, t, e, DEFAULT_SAMPLER) for t in treatments}
        for treatment, result in fits.items():
            rows[treatment].append(
                (
                    result["rhat"],
                    result["ess"],
                    result["rhat"] < 1.01 and result["ess"] > 400,
                    float(np.mean((result["shrinkage"] - truth) ** 2)),
                    float(np.abs(result["probabilities"] - fits["rope"]["probabilities"]).max()),
                    result["sigma0"],
                    float(np.std(truth, ddof=1)),
                )
            )
    print(
        f"near-identical collections of 54 data sets, {n_experiments} experiments, "
        "4 chains x (1000 + 5000)\n"
    )
    print(
        f"{'treatment':<11} {'max R-hat':>9} {'min ESS':>8} {'mixed':>6} {'MSE x1e6':>9} "
        f"{'max |dP|':>8} {'sigma0':>8} {'sd(truth)':>9}"
    )
    for treatment, results in rows.items():
        values = np.array(results, dtype=float)
        print(
            f"{treatment:<11} {values[:, 0].max():>9.3f} {values[:, 1].min():>8.0f} "
            f"{values[:, 2].mean():>6.2f} {1e6 * values[:, 3].mean():>9.3f} "
            f"{values[:, 4].max():>8.3f} {values[:, 5].mean():>8.5f} {values[:, 6].mean():>9.5f}"
        )


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--experiments", type=int, default=20)
    parser.add_argument("--q", type=int, default=20)
    parser.add_argument("--k", type=int, default=5)
    parser.add_argument("--n-test", type=int, default=25, help="test examples per fold")
    parser.add_argument("--collection", choices=["ordinary", "near-identical"], default="ordinary")
    args = parser.parse_args()
    if args.collection == "near-identical":
        near_identical_study(args.experiments)
        return
    rng = np.random.default_rng(0)
    rows = {treatment: [] for treatment in ("floor", "rope", "resolution", "others")}
    for e in range(args.experiments):
        records, truth = collection(rng, args.q, args.k, args.n_test)
        without = fit(records[: args.q], "rope", e)
        for treatment, results in rows.items():
            result = fit(records, treatment, e)
            ordinary, alike = result["shrinkage"][: args.q], result["shrinkage"][args.q :]
            results.append(
                (
                    result["sigma0"],
                    result["rhat_nu"],
                    result["ess_nu"],
                    float(np.mean((ordinary - truth) ** 2)),
                    float(np.mean(np.abs(ordinary - without["shrinkage"]))),
                    without["sigma0"],
                    float(np.mean(alike**2)),  # their truth is 0
                )
            )
    print(
        f"q = {args.q} ordinary data sets + k = {args.k} with zero variance, n_test = "
        f"{args.n_test}, {args.experiments} experiments, 4 chains x (1000 + 2000)\n"
    )
    print(
        f"{'treatment':<11} {'sigma0':>8} {'(without)':>9} {'max R-hat nu':>12} "
        f"{'min ESS nu':>10} {'MSE x1e4':>9} {'shift x1e3':>10} {'MSE alike x1e4':>14}"
    )
    for treatment, results in rows.items():
        values = np.array(results)
        print(
            f"{treatment:<11} {values[:, 0].mean():>8.4f} {values[:, 5].mean():>9.4f} "
            f"{values[:, 1].max():>12.3f} {values[:, 2].min():>10.0f} "
            f"{1e4 * values[:, 3].mean():>9.3f} {1e3 * values[:, 4].mean():>10.3f} "
            f"{1e4 * values[:, 6].mean():>14.3f}"
        )


if __name__ == "__main__":
    main()
