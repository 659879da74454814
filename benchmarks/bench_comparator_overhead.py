"""Comparator cost relative to two ``cross_validate`` calls on the same splits.

The comparator dispatches one joblib task per split that fits *both*
estimators, so it should cost no more than running ``cross_validate`` once per
estimator with the same splits and ``n_jobs`` (half as many tasks to dispatch).

For each pair and ``n_jobs``, the two timings are interleaved over several
rounds (alternating which goes first) after an untimed warm-up, and the ratio
of medians and the ratio of minimums are printed: a ratio below 1 means the
comparator is faster than the two ``cross_validate`` calls. On a shared
machine single timings vary by 10-20%; the minimum is the least sensitive to
other load.
"""

import argparse
import statistics
import time

from sklearn.datasets import load_breast_cancer
from sklearn.ensemble import RandomForestClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import RepeatedStratifiedKFold, cross_validate
from sklearn.naive_bayes import GaussianNB
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

from sklearn_bayescmp import RepeatedCVComparator


def pairs():
    scaled_logistic = make_pipeline(StandardScaler(), LogisticRegression())
    return {
        "cheap: GaussianNB vs scaled LogisticRegression": (GaussianNB(), scaled_logistic),
        "heavy: RandomForest(100) vs scaled LogisticRegression": (
            RandomForestClassifier(n_estimators=100, random_state=0),
            scaled_logistic,
        ),
    }


def two_cross_validates(est_a, est_b, X, y, cv, n_jobs):
    for est in (est_a, est_b):
        cross_validate(est, X, y, cv=cv, scoring="accuracy", n_jobs=n_jobs)


def comparator(est_a, est_b, X, y, cv, n_jobs):
    RepeatedCVComparator(est_a, est_b, cv=cv, scoring="accuracy", n_jobs=n_jobs).fit(X, y)


def time_call(function, *args):
    start = time.perf_counter()
    function(*args)
    return time.perf_counter() - start


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="3x3 CV, one round (smoke run)")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    n_splits, n_repeats, rounds = (3, 3, 1) if args.quick else (10, 10, args.rounds)

    X, y = load_breast_cancer(return_X_y=True)
    cv = RepeatedStratifiedKFold(n_splits=n_splits, n_repeats=n_repeats, random_state=0)
    print(f"breast cancer {X.shape}, {n_splits}x{n_repeats} CV, {rounds} round(s), medians\n")
    print(
        f"{'pair':<55} {'n_jobs':>6} {'2 x cross_validate':>19} {'comparator':>11} "
        f"{'ratio':>6} {'(min)':>6}"
    )
    for label, (est_a, est_b) in pairs().items():
        for n_jobs in (1, 2):
            args = (est_a, est_b, X, y, cv, n_jobs)
            # Untimed warm-up: starts the worker pool and fills caches for both.
            two_cross_validates(*args)
            comparator(*args)
            timings = {two_cross_validates: [], comparator: []}
            for round_ in range(rounds):
                order = list(timings) if round_ % 2 == 0 else list(timings)[::-1]
                for function in order:
                    timings[function].append(time_call(function, *args))
            base, mine = timings[two_cross_validates], timings[comparator]
            print(
                f"{label:<55} {n_jobs:>6} {statistics.median(base):>18.2f}s "
                f"{statistics.median(mine):>10.2f}s "
                f"{statistics.median(mine) / statistics.median(base):>6.2f} "
                f"{min(mine) / min(base):>6.2f}"
            )


if __name__ == "__main__":
    main()
