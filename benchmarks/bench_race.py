"""RaceSearchCV against GridSearchCV and HalvingGridSearchCV on the same repeated splits.

Searches on scikit-learn's bundled or generated data sets, realistic grids (10
to 25 candidates), each with the splits of repeated 10-fold cross-validation
(seed 0):

- twelve searches by accuracy on 10 x 10 folds: an RBF SVC's C x gamma, a
  random forest's depth x features, histogram gradient boosting's learning
  rate x leaves, a logistic regression's C, k-NN's neighbours;
- three short budgets, 10 x 3 folds: an SVC grid of 20 candidates (C x
  gamma) and a k-NN grid of 18 on digits, a decision tree grid of 16 on
  hastie;
- beyond accuracy: a k-NN regressor on diabetes scored by the negated mean
  squared error with a rope of 30 (squared units of the target: about 1% of
  its error near 3,000), and a logistic regression on an imbalanced problem
  (one positive in ten) scored by balanced accuracy.

- **The exhaustive search** (``GridSearchCV``) fits every candidate on every
  split: its scores are the truth. A candidate *ends practically worse* when,
  on every fold, the correlated t-test gives ``P(best - candidate > rope) >=
  0.99``: what a race may drop.
- **A perfect race** drops every candidate that ends practically worse at its
  first look (after ``min_folds`` folds) and runs the others to the end: the
  fits an oracle would use.
- **The race** reads only the folds it runs, so its decisions on these splits
  are replayed on the exhaustive scores (``_race_replay.py``, the estimator's
  own decision code); one search per grid is also run live and checked to
  give the same results. Seeds: the race also runs with the repeats in other
  orders (the order in which it meets the folds).
- **HalvingGridSearchCV** (factor 3, ``n_samples`` as the resource from a
  ninth of the data, ``random_state`` = the seed) runs live on the same
  splits.

For each it reports the fits used as a share of the exhaustive search's
(for halving also its fit time, its fits being on fewer samples), and
whether its pick is within the rope of the exhaustive best (the candidate of
the best mean over every fold).

Run ``python benchmarks/bench_race.py`` (``--quick``: the short budgets and the
scorers beyond accuracy, two seeds; ``--write``: ``results/race_benchmark.json``).
"""

import argparse
import sys
import time
import warnings
from pathlib import Path

import numpy as np
from sklearn.datasets import (
    load_breast_cancer,
    load_diabetes,
    load_digits,
    load_wine,
    make_classification,
    make_hastie_10_2,
    make_moons,
)
from sklearn.ensemble import HistGradientBoostingClassifier, RandomForestClassifier
from sklearn.experimental import enable_halving_search_cv  # noqa: F401
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import (
    GridSearchCV,
    HalvingGridSearchCV,
    RepeatedKFold,
    RepeatedStratifiedKFold,
)
from sklearn.neighbors import KNeighborsClassifier, KNeighborsRegressor
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.svm import SVC
from sklearn.tree import DecisionTreeClassifier

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _race_replay import replay  # noqa: E402
from _stored import write_study  # noqa: E402

from sklearn_bayescmp import CVDifferences  # noqa: E402
from sklearn_bayescmp.model_selection import RaceSearchCV  # noqa: E402
from sklearn_bayescmp.stats import bayesian_correlated_ttest  # noqa: E402

#: The race's defaults; WORSE: the exhaustive test's probability of "practically worse".
THRESHOLD, MIN_FOLDS, STEP, WORSE = 0.95, 5, 5, 0.999


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
        "diabetes": load_diabetes(return_X_y=True),
        "imbalanced": make_classification(
            n_samples=1000, n_features=20, n_informative=5, weights=[0.9], random_state=0
        ),
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
        "SVC 20": (
            scaled(SVC()),
            {
                "svc__C": np.logspace(-2, 2, 5).tolist(),
                "svc__gamma": np.logspace(-4, 1, 4).tolist(),
            },
        ),
        "k-NN 18": (
            scaled(KNeighborsClassifier()),
            {"kneighborsclassifier__n_neighbors": list(range(1, 70, 4))},
        ),
        "tree 16": (
            DecisionTreeClassifier(random_state=0),
            {"max_depth": [2, 4, 8, None], "min_samples_leaf": [1, 5, 20, 50]},
        ),
        "k-NN regressor": (
            scaled(KNeighborsRegressor()),
            {"kneighborsregressor__n_neighbors": list(range(1, 40, 2))},
        ),
        "logistic C x weight": (
            scaled(LogisticRegression(max_iter=5000)),
            {
                "logisticregression__C": np.logspace(-3, 2, 6).tolist(),
                "logisticregression__class_weight": [None, "balanced"],
            },
        ),
    }


#: (data set, grid, repeats of 10-fold cross-validation, scoring, rope).
SEARCHES = [
    ("digits", "SVC 20", 3, "accuracy", 0.01),
    ("digits", "k-NN 18", 3, "accuracy", 0.01),
    ("hastie", "tree 16", 3, "accuracy", 0.01),
    ("diabetes", "k-NN regressor", 10, "neg_mean_squared_error", 30.0),
    ("imbalanced", "logistic C x weight", 10, "balanced_accuracy", 0.01),
    ("breast cancer", "SVC C x gamma", 10, "accuracy", 0.01),
    ("breast cancer", "logistic C", 10, "accuracy", 0.01),
    ("wine", "forest depth x features", 10, "accuracy", 0.01),
    ("wine", "k-NN neighbours", 10, "accuracy", 0.01),
    ("digits", "k-NN neighbours", 10, "accuracy", 0.01),
    ("digits", "logistic C", 10, "accuracy", 0.01),
    ("classification", "boosting rate x leaves", 10, "accuracy", 0.01),
    ("classification", "SVC C x gamma", 10, "accuracy", 0.01),
    ("moons", "SVC C x gamma", 10, "accuracy", 0.01),
    ("moons", "k-NN neighbours", 10, "accuracy", 0.01),
    ("hastie", "forest depth x features", 10, "accuracy", 0.01),
    ("hastie", "boosting rate x leaves", 10, "accuracy", 0.01),
]


def ends_practically_worse(scores, n_train, n_test, best, rope):
    """Per candidate: ``P(best - candidate > rope) >= WORSE`` on every fold."""
    worse = []
    for row in scores:
        record = CVDifferences(scores[best] - row, n_train=n_train, n_test=n_test)
        result = bayesian_correlated_ttest(record, rope=rope, nan_policy="omit")
        worse.append(result.prob_a_better >= WORSE)
    return np.array(worse)


def repeat_orders(n_repeats, n_seeds):
    """The order of the repeats for each seed: as drawn, then shuffled."""
    rng = np.random.default_rng(1)
    return [np.arange(n_repeats)] + [rng.permutation(n_repeats) for _ in range(n_seeds - 1)]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--write", action="store_true")
    parser.add_argument("--n-jobs", type=int, default=2)
    args = parser.parse_args()
    searches = SEARCHES[:5] if args.quick else SEARCHES
    n_seeds = 2 if args.quick else 6
    data, grid_of = datasets(), grids()
    table = {key: [] for key in ("data set", "grid", "repeats", "scoring", "rope")}
    table |= {key: [] for key in ("candidates", "share worse", "perfect fits", "race fits")}
    table |= {key: [] for key in ("race pick ok", "halving fits", "halving time")}
    table |= {"halving pick ok": [], "grid seconds": []}
    start = time.perf_counter()
    print(
        f"{'data set':<14} {'grid':<23} {'rep':>3} {'cand':>4} {'worse':>6} {'perfect':>7} | "
        f"{'race fits':>9} {'pick ok':>7} | {'halving fits':>12} {'time':>5} {'pick ok':>7}"
    )
    warnings.simplefilter("ignore")
    for name, grid, n_repeats, scoring, rope in searches:
        X, y = data[name]
        estimator, params = grid_of[grid]
        splitter = RepeatedKFold if scoring.startswith("neg_") else RepeatedStratifiedKFold
        splits = list(splitter(n_splits=10, n_repeats=n_repeats, random_state=0).split(X, y))
        n_splits = len(splits)
        n_train = np.array([len(train) for train, _ in splits], float)
        n_test = np.array([len(test) for _, test in splits], float)
        options = dict(scoring=scoring, cv=splits, n_jobs=args.n_jobs)
        began = time.perf_counter()
        exhaustive = GridSearchCV(estimator, params, **options).fit(X, y)
        grid_seconds = time.perf_counter() - began
        results = exhaustive.cv_results_
        scores = np.array([results[f"split{j}_test_score"] for j in range(n_splits)]).T
        means = scores.mean(axis=1)
        best = int(np.argmax(means))
        worse = ends_practically_worse(scores, n_train, n_test, best, rope)
        perfect = (worse * MIN_FOLDS + ~worse * n_splits).sum() / scores.size
        race_options = dict(rope=(-rope, rope), threshold=THRESHOLD, min_folds=MIN_FOLDS,
                            step=STEP)  # fmt: skip
        fits, picks = [], []
        for order in repeat_orders(n_repeats, n_seeds):
            columns = (order[:, None] * 10 + np.arange(10)).ravel()
            _, folds, pick = replay(
                scores[:, columns], n_train[columns], n_test[columns], **race_options
            )
            fits.append(folds.sum() / scores.size)
            picks.append(means[best] - means[pick] <= rope)
        # The live race (the repeats in their order) gives the replay's numbers.
        live = RaceSearchCV(estimator, params, rope=rope, **options).fit(X, y)
        _, folds, pick = replay(scores, n_train, n_test, **race_options)
        same = live.race_.folds.tolist() == folds.tolist()
        assert same and live.race_.chosen == pick, (name, grid)
        halving_fits, halving_time, halving_picks = [], [], []
        for seed in range(max(1, n_seeds // 2)):
            began = time.perf_counter()
            halving = HalvingGridSearchCV(
                estimator,
                params,
                factor=3,
                # Its default, 2 x classes x splits samples (400 for 100 splits of a binary
                # problem), leaves room for one round: the exhaustive search.
                min_resources=len(y) // 9,
                random_state=seed,
                **options,
            ).fit(X, y)
            halving_time.append((time.perf_counter() - began) / grid_seconds)
            halving_fits.append(len(halving.cv_results_["params"]) * n_splits / scores.size)
            chosen = params_index(results["params"], halving.best_params_)
            halving_picks.append(means[best] - means[chosen] <= rope)
        row = (name, grid, n_repeats, scoring, rope, len(means), worse.mean(), perfect,
               np.mean(fits), np.mean(picks), np.mean(halving_fits), np.mean(halving_time),
               np.mean(halving_picks), grid_seconds)  # fmt: skip
        for key, value in zip(table, row, strict=True):
            table[key].append(value)
        print(
            f"{name:<14} {grid:<23} {n_repeats:>3} {len(means):>4} {worse.mean():>6.0%} "
            f"{perfect:>7.0%} | {np.mean(fits):>9.0%} {np.mean(picks):>7.0%} | "
            f"{np.mean(halving_fits):>12.0%} {np.mean(halving_time):>5.0%} "
            f"{np.mean(halving_picks):>7.0%}",
            flush=True,
        )
    real = real_data(n_seeds)
    if args.write:
        path = write_study(
            "race_benchmark",
            study="RaceSearchCV against GridSearchCV and HalvingGridSearchCV, repeated 10-fold",
            settings={
                "worse": WORSE,
                "threshold": THRESHOLD,
                "min_folds": MIN_FOLDS,
                "step": STEP,
                "seeds": n_seeds,
                "real data": real
                and {
                    f"{r} repeats": dict(zip(("picks ok", "data sets", "fits"), v, strict=True))
                    for r, v in real.items()
                },
            },  # fmt: skip
            table=table,
            seconds=time.perf_counter() - start,
        )
        print(f"written: {path}")


def real_data(n_seeds):
    """The race on the tutorial's real per-split accuracies (``../shared/data``): five
    classifiers on 54 data sets, 10 x 10 folds and their first 3 repeats. Returns
    ``{repeats: (picks within the rope, data sets, share of fits)}``, or None."""
    path = Path(__file__).resolve().parents[2] / "shared" / "data" / "tutorial54_accuracies.csv"
    if not path.exists():
        print(f"(the real per-split data are not here: {path})")
        return None
    import csv

    rows = list(csv.DictReader(path.open()))
    classifiers = sorted({row["classifier"] for row in rows})
    names = sorted({row["dataset"] for row in rows})
    scores = {name: np.full((len(classifiers), 100), np.nan) for name in names}
    for row in rows:
        scores[row["dataset"]][classifiers.index(row["classifier"]), int(row["split"])] = float(
            row["accuracy"]
        )
    summary = {}
    for n_repeats in (10, 3):
        ok = fits = 0
        for name in names:
            table = scores[name][:, : 10 * n_repeats]
            means = table.mean(axis=1)
            for order in repeat_orders(n_repeats, n_seeds):
                columns = (order[:, None] * 10 + np.arange(10)).ravel()
                sizes = np.full(len(columns), 9.0), np.full(len(columns), 1.0)
                _, folds, pick = replay(table[:, columns], *sizes, rope=(-0.01, 0.01),
                                        threshold=THRESHOLD, min_folds=MIN_FOLDS,
                                        step=STEP)  # fmt: skip
                ok += means.max() - means[pick] <= 0.01
                fits += folds.sum() / table.size
        runs = len(names) * n_seeds
        summary[n_repeats] = (ok / n_seeds, len(names), fits / runs)
        print(
            f"real data, {n_repeats} x 10 folds: picks within the rope on "
            f"{ok / n_seeds:.1f} of {len(names)} data sets (mean over {n_seeds} repeat "
            f"orders), {fits / runs:.0%} of the fits"
        )
    return summary


def params_index(candidates, params):
    """The row of ``params`` among ``candidates``."""
    return next(i for i, candidate in enumerate(candidates) if candidate == params)


if __name__ == "__main__":
    main()
