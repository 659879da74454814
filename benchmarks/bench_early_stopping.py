"""What early stopping saves, and what it changes.

For pairs of models on scikit-learn's bundled data sets, from clearly different
to nearly identical, each comparison (10x10 CV, rope 0.01, threshold 0.95) is
run with and without ``early_stopping`` for several seeds. The script prints,
per pair: the share of fits avoided, how often the early decision equals the
full run's, and the replicability R of the decision over the seeds with and
without early stopping (Bouckaert & Frank's measure, from
``sklearn_bayescmp.replicability``).
"""

import argparse

import numpy as np
from sklearn.datasets import load_breast_cancer, load_iris, load_wine
from sklearn.dummy import DummyClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.naive_bayes import GaussianNB
from sklearn.neighbors import KNeighborsClassifier
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.tree import DecisionTreeClassifier

from sklearn_bayescmp import RepeatedCVComparator
from sklearn_bayescmp.replicability import replicability_summary


def scaled_logistic(C=1.0):
    return make_pipeline(StandardScaler(), LogisticRegression(C=C, max_iter=2000))


PAIRS = [
    ("breast cancer", "LR vs majority class", scaled_logistic(), DummyClassifier()),
    ("breast cancer", "LR vs naive Bayes", scaled_logistic(), GaussianNB()),
    ("breast cancer", "LR(C=1) vs LR(C=0.5)", scaled_logistic(), scaled_logistic(0.5)),
    ("wine", "LR vs naive Bayes", scaled_logistic(), GaussianNB()),
    ("iris", "naive Bayes vs tree", GaussianNB(), DecisionTreeClassifier(random_state=0)),
    ("iris", "5-NN vs 7-NN", KNeighborsClassifier(5), KNeighborsClassifier(7)),
]
DATA = {
    "breast cancer": load_breast_cancer(return_X_y=True),
    "wine": load_wine(return_X_y=True),
    "iris": load_iris(return_X_y=True),
}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=5)
    parser.add_argument("--n-jobs", type=int, default=2)
    args = parser.parse_args()
    seeds = range(args.seeds)
    print(f"10x10 CV, rope 0.01, threshold 0.95, {args.seeds} seeds per pair\n")
    header = (
        f"{'data set':<14} {'pair':<22} {'full decisions':<26} {'fits avoided':>12} "
        f"{'agree':>6} {'R full':>7} {'R early':>8}"
    )
    print(header)
    total_fits = total_avoided = agreements = runs = 0
    for data, label, a, b in PAIRS:
        X, y = DATA[data]
        full, early, repeats = [], [], []
        for seed in seeds:
            common = dict(random_state=seed, n_jobs=args.n_jobs, rope=0.01)
            full.append(RepeatedCVComparator(a, b, **common).fit(X, y).decision_)
            stopped = RepeatedCVComparator(a, b, early_stopping=True, **common).fit(X, y)
            early.append(stopped.decision_)
            repeats.append(stopped.n_repeats_run_)
        avoided = 1 - np.mean(repeats) / 10
        agree = np.mean([f == e for f, e in zip(full, early, strict=True)])
        r_full = replicability_summary([full]).replicability
        r_early = replicability_summary([early]).replicability
        counts = ", ".join(f"{d}: {full.count(d)}" for d in sorted(set(full)))
        print(
            f"{data:<14} {label:<22} {counts:<26} {avoided:>11.0%} {agree:>6.0%} "
            f"{r_full:>7.2f} {r_early:>8.2f}"
        )
        total_fits += 2 * 100 * len(seeds)
        total_avoided += 2 * sum(100 - 10 * r for r in repeats)
        agreements += sum(f == e for f, e in zip(full, early, strict=True))
        runs += len(seeds)
    print(
        f"\nOver all pairs: {total_avoided / total_fits:.0%} of the fits avoided; the early "
        f"decision equals the full run's in {agreements} of {runs} comparisons."
    )


if __name__ == "__main__":
    main()
