"""RaceSearchCV against GridSearchCV and HalvingGridSearchCV on the same 10 x 10 splits.

Twelve searches: six of scikit-learn's bundled or generated data sets, two
realistic grids each (10 to 25 candidates): an RBF SVC's C x gamma, a random
forest's depth x features, histogram gradient boosting's learning rate x
leaves, a logistic regression's C, k-NN's neighbours. Every search uses the
same 10 times repeated stratified 10-fold splits (seed 0), accuracy and the
race's defaults (rope 0.01).

- **The exhaustive search** (``GridSearchCV``) fits every candidate on every
  split: its scores are the truth. A candidate *ends practically worse* when,
  on all 100 folds, the correlated t-test gives ``P(best - candidate > rope)
  >= threshold``: the most a race could drop.
- **The race** reads only the folds it runs, so its decisions on these splits
  are replayed on the exhaustive scores (``_race_replay.py``, the estimator's
  own decision code); one search per grid is also run live and checked to
  give the same results. Seeds: the race also runs with the ten repeats in
  five other orders (the order in which it meets the folds).
- **HalvingGridSearchCV** (factor 3, ``n_samples`` as the resource from a
  ninth of the data, ``random_state`` = the seed) runs live on the same
  splits. (Its default ``min_resources``, 2 x classes x splits samples, is
  400 for 100 splits of a binary problem: one round, the exhaustive search.)

For each it reports the fits used as a share of the exhaustive search's
(for halving also its fit time, its fits being on fewer samples), and
whether its pick is within the rope of the exhaustive best (the candidate of
the best mean over every fold).

Run ``python benchmarks/bench_race.py`` (``--quick``: three searches, two
seeds; ``--write``: ``results/race_benchmark.json``).
"""

import argparse
import sys
import time
import warnings
from pathlib import Path

import numpy as np
from sklearn.datasets import (
    load_breast_cancer,
    load_digits,
    load_wine,
    make_classification,
    make_hastie_10_2,
    make_moons,
)
from sklearn.ensemble import HistGradientBoostingClassifier, RandomForestClassifier
from sklearn.experimental import enable_halving_search_cv  # noqa: F401
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import GridSearchCV, HalvingGridSearchCV, RepeatedStratifiedKFold
from sklearn.neighbors import KNeighborsClassifier
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.svm import SVC

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _race_replay import replay  # noqa: E402
from _stored import write_study  # noqa: E402

from sklearn_bayescmp import CVDifferences  # noqa: E402
from sklearn_bayescmp.model_selection import RaceSearchCV  # noqa: E402
from sklearn_bayescmp.stats import bayesian_correlated_ttest  # noqa: E402

ROPE, THRESHOLD, MIN_FOLDS, STEP = 0.01, 0.999, 10, 10


def datasets():
    return {
        "breast cancer": load_breast_cancer(return_X_y=True),
        "wine": load_wine(return_X_y=True),
        "digits": load_digits(return_X_y=True),
        "classification": make_classification(
            n_samples=1000, n_features=20, n_informative=8, random_state=0
        ),
        "moons": make_moons(n_samples=600, noise=0.3, random_state=0),
        "hastie": make_hastie_10_2(n_samples=1000, random_state=0),
    }


def grids():
    scaled = lambda model: make_pipeline(StandardScaler(), model)  # noqa: E731
    return {
        "SVC C x gamma": (
            scaled(SVC()),
            {
                "svc__C": np.logspace(-1, 3, 5).tolist(),
                "svc__gamma": np.logspace(-4, 0, 5).tolist(),
            },
        ),
        "forest depth x features": (
            RandomForestClassifier(n_estimators=30, random_state=0),
            {"max_depth": [2, 4, 8, None], "max_features": [0.1, "sqrt", 0.5]},
        ),
        "boosting rate x leaves": (
            HistGradientBoostingClassifier(max_iter=50, random_state=0),
            {"learning_rate": [0.01, 0.03, 0.1, 0.3], "max_leaf_nodes": [4, 8, 16, 31]},
        ),
        "logistic C": (
            scaled(LogisticRegression(max_iter=5000)),
            {"logisticregression__C": np.logspace(-4, 2, 10).tolist()},
        ),
        "k-NN neighbours": (
            scaled(KNeighborsClassifier()),
            {"kneighborsclassifier__n_neighbors": list(range(1, 40, 2))},
        ),
    }


SEARCHES = [
    ("breast cancer", "SVC C x gamma"),
    ("breast cancer", "logistic C"),
    ("wine", "forest depth x features"),
    ("wine", "k-NN neighbours"),
    ("digits", "k-NN neighbours"),
    ("digits", "logistic C"),
    ("classification", "boosting rate x leaves"),
    ("classification", "SVC C x gamma"),
    ("moons", "SVC C x gamma"),
    ("moons", "k-NN neighbours"),
    ("hastie", "forest depth x features"),
    ("hastie", "boosting rate x leaves"),
]


def ends_practically_worse(scores, n_train, n_test, best):
    """Per candidate: ``P(best - candidate > rope) >= threshold`` on every fold."""
    worse = []
    for row in scores:
        record = CVDifferences(scores[best] - row, n_train=n_train, n_test=n_test)
        result = bayesian_correlated_ttest(record, rope=ROPE, nan_policy="omit")
        worse.append(result.prob_a_better >= THRESHOLD)
    return np.array(worse)


def repeat_orders(n_seeds):
    """The order of the ten repeats for each seed: as drawn, then shuffled."""
    rng = np.random.default_rng(1)
    return [np.arange(10)] + [rng.permutation(10) for _ in range(n_seeds - 1)]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--write", action="store_true")
    parser.add_argument("--n-jobs", type=int, default=2)
    args = parser.parse_args()
    searches = SEARCHES[:3] if args.quick else SEARCHES
    n_seeds = 2 if args.quick else 6
    data, grid_of = datasets(), grids()
    table = {key: [] for key in ("data set", "grid", "candidates", "share worse")}
    table |= {key: [] for key in ("race fits", "race pick ok", "halving fits", "halving time")}
    table |= {"halving pick ok": [], "grid seconds": []}
    start = time.perf_counter()
    print(
        f"{'data set':<15} {'grid':<24} {'cand':>4} {'worse':>6} | {'race fits':>9} "
        f"{'pick ok':>7} | {'halving fits':>12} {'time':>5} {'pick ok':>7}"
    )
    warnings.simplefilter("ignore")
    for name, grid in searches:
        X, y = data[name]
        estimator, params = grid_of[grid]
        cv = RepeatedStratifiedKFold(n_splits=10, n_repeats=10, random_state=0)
        splits = list(cv.split(X, y))
        n_train = np.array([len(train) for train, _ in splits], float)
        n_test = np.array([len(test) for _, test in splits], float)
        began = time.perf_counter()
        exhaustive = GridSearchCV(estimator, params, cv=splits, n_jobs=args.n_jobs).fit(X, y)
        grid_seconds = time.perf_counter() - began
        results = exhaustive.cv_results_
        scores = np.array([results[f"split{j}_test_score"] for j in range(100)]).T
        means = scores.mean(axis=1)
        best = int(np.argmax(means))
        worse = ends_practically_worse(scores, n_train, n_test, best)
        fits, picks = [], []
        for order in repeat_orders(n_seeds):
            columns = (order[:, None] * 10 + np.arange(10)).ravel()
            _, folds, pick = replay(
                scores[:, columns],
                n_train[columns],
                n_test[columns],
                rope=(-ROPE, ROPE),
                threshold=THRESHOLD,
                min_folds=MIN_FOLDS,
                step=STEP,
            )
            fits.append(folds.sum() / scores.size)
            picks.append(means[best] - means[pick] <= ROPE)
        # The live race (the repeats in their order) gives the replay's numbers.
        live = RaceSearchCV(estimator, params, cv=splits, n_jobs=args.n_jobs).fit(X, y)
        _, folds, pick = replay(scores, n_train, n_test, rope=(-ROPE, ROPE),
                                threshold=THRESHOLD, min_folds=MIN_FOLDS, step=STEP)  # fmt: skip
        same = live.cv_results_["race_folds"].tolist() == folds.tolist()
        assert same and live.best_index_ == pick, (name, grid)
        halving_fits, halving_time, halving_picks = [], [], []
        for seed in range(max(1, n_seeds // 2)):
            began = time.perf_counter()
            halving = HalvingGridSearchCV(
                estimator,
                params,
                cv=splits,
                factor=3,
                # Its default, 2 x classes x splits samples (400 for 100 splits of a binary
                # problem), leaves room for one round: the exhaustive search.
                min_resources=len(y) // 9,
                random_state=seed,
                n_jobs=args.n_jobs,
            ).fit(X, y)
            halving_time.append((time.perf_counter() - began) / grid_seconds)
            halving_fits.append(len(halving.cv_results_["params"]) * 100 / scores.size)
            chosen = params_index(results["params"], halving.best_params_)
            halving_picks.append(means[best] - means[chosen] <= ROPE)
        row = (name, grid, len(means), worse.mean(), np.mean(fits), np.mean(picks),
               np.mean(halving_fits), np.mean(halving_time), np.mean(halving_picks),
               grid_seconds)  # fmt: skip
        for key, value in zip(table, row, strict=True):
            table[key].append(value)
        print(
            f"{name:<15} {grid:<24} {len(means):>4} {worse.mean():>6.0%} | {np.mean(fits):>9.0%} "
            f"{np.mean(picks):>7.0%} | {np.mean(halving_fits):>12.0%} "
            f"{np.mean(halving_time):>5.0%} {np.mean(halving_picks):>7.0%}",
            flush=True,
        )
    if args.write:
        path = write_study(
            "race_benchmark",
            study="RaceSearchCV against GridSearchCV and HalvingGridSearchCV, 10 x 10 folds",
            settings={
                "rope": ROPE,
                "threshold": THRESHOLD,
                "min_folds": MIN_FOLDS,
                "step": STEP,
                "seeds": n_seeds,
            },  # fmt: skip
            table=table,
            seconds=time.perf_counter() - start,
        )
        print(f"written: {path}")


def params_index(candidates, params):
    """The row of ``params`` among ``candidates``."""
    return next(i for i, candidate in enumerate(candidates) if candidate == params)


if __name__ == "__main__":
    main()
