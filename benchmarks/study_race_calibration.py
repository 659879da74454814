"""How often RaceSearchCV drops the best candidate, or one practically equivalent to it.

Sequential looks at many candidates are multiple testing: each look compares
every survivor with the leader, and a candidate whose true mean is within the
rope of the best's can still be dropped by chance. This study measures that
rate where the truth is known, with the race's own decisions
(:class:`sklearn_bayescmp.model_selection._race.Race`) on simulated scores.

The scores come from the correlated t-test's own model of repeated
cross-validation (10-fold, repeated 10 times and, a short budget, 3 times;
correlation ``rho = n_test / n = 0.1`` between any two folds' differences): candidate ``k`` scores
``mu_k + sigma (sqrt(rho) a_k + sqrt(1 - rho) e_kj) + c_j`` on split ``j``,
``a``, ``e``, ``c`` standard normal (``c_j`` a split's difficulty, shared by
every candidate). The scenarios set the gaps ``mu_best - mu_k``, many of them
near the rope (0.01):

- "spread": 20 candidates, 3 within the rope, 4 just beyond it, 13 far;
- "edge": 30 candidates, 10 with gaps spread evenly over [0.005, 0.015];
- "near-equals": 10 candidates, every gap below 0.008 (little to save);
- "one clear": 50 candidates, gaps from 0.02 to 0.3.

For each budget, setting of (``threshold``, ``min_folds``, ``step``) and
scenario it reports, over the replications: the rate of races that drop the best
candidate, the rate that drop any candidate within the rope of the best
(the best included), the share of the exhaustive search's fits the race
used, and the rate at which the race's pick (the refit rule of ``refit=True``)
is within the rope of the best, beside the same rate for the exhaustive
search's pick (the best mean over every fold). Monte Carlo standard errors
beside the rates.

Run ``python benchmarks/study_race_calibration.py`` (``--quick``: fewer
replications; ``--write``: store ``results/race_calibration.json``).
"""

import argparse
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _race_replay import replay  # noqa: E402
from _stored import write_study  # noqa: E402

ROPE = (-0.01, 0.01)
N_FOLDS, RHO, SIGMA = 10, 0.1, 0.03 / np.sqrt(2)
#: The budgets: repeats of 10-fold cross-validation.
REPEATS = (10, 3)
#: (threshold, min_folds, step): the race's confidence spent over its looks. The
#: defaults first; 0.991 with looks every 10 folds is the former default (0.999 at
#: each of 10 x 10 folds' nine looks).
SETTINGS = [(0.95, 5, 5), (0.991, 10, 10)]


def scenarios():
    """The gaps ``mu_best - mu_k`` of each scenario (candidate 0 is the best)."""
    return {
        "spread": np.r_[
            0.0, 0.002, 0.005, 0.009, 0.011, 0.013, 0.016, 0.02, np.linspace(0.03, 0.15, 12)
        ],  # fmt: skip
        "edge": np.r_[0.0, np.linspace(0.005, 0.015, 10), np.linspace(0.03, 0.2, 19)],
        "near-equals": np.r_[0.0, np.linspace(0.001, 0.008, 9)],
        "one clear": np.r_[0.0, np.linspace(0.02, 0.3, 49)],
    }


def simulate(gaps, rng, n_repeats):
    """Scores of every candidate on every split, from the correlated t-test's model."""
    n_splits = N_FOLDS * n_repeats
    k = len(gaps)
    lasting = np.sqrt(RHO) * rng.standard_normal((k, 1))
    fleeting = np.sqrt(1.0 - RHO) * rng.standard_normal((k, n_splits))
    difficulty = 0.02 * rng.standard_normal(n_splits)
    return 0.85 - gaps[:, None] + SIGMA * (lasting + fleeting) + difficulty


def race(scores, threshold, min_folds, step):
    """Run the race's decisions on complete scores; ``(dropped_at, pick, fits)``."""
    n_splits = scores.shape[1]
    state, folds, pick = replay(
        scores,
        np.full(n_splits, N_FOLDS - 1.0),
        np.full(n_splits, 1.0),
        rope=ROPE,
        threshold=threshold,
        min_folds=min_folds,
        step=step,
    )
    return state.dropped_at, pick, int(folds.sum())


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--write", action="store_true")
    parser.add_argument("--replications", type=int, default=2000)
    parser.add_argument("--only-defaults", action="store_true", help="the defaults' row only")
    args = parser.parse_args()
    replications = 200 if args.quick else args.replications
    table = {key: [] for key in ("repeats", "scenario", "threshold", "min_folds", "step")}
    table |= {key: [] for key in ("drop_best", "drop_equivalent", "share_of_fits", "pick_within")}
    table |= {"se_drop_equivalent": [], "exhaustive_pick_within": []}
    start = time.perf_counter()
    print(
        f"{'rep':>3} {'scenario':<12} {'thr':>6} {'min':>4} {'step':>4}  {'drop best':>10} "
        f"{'drop equiv.':>12} {'fits':>6} {'pick ok':>8} {'grid ok':>10}"
    )
    for n_repeats in REPEATS:
        for name, gaps in scenarios().items():
            equivalent = gaps <= ROPE[1]
            for threshold, min_folds, step in SETTINGS[:1] if args.only_defaults else SETTINGS:
                rng = np.random.default_rng(2026)
                drop_best = drop_equivalent = pick_within = fits = exhaustive = 0
                for _ in range(replications):
                    scores = simulate(gaps, rng, n_repeats)
                    dropped_at, pick, used = race(scores, threshold, min_folds, step)
                    drop_best += dropped_at[0] >= 0
                    drop_equivalent += np.any(dropped_at[equivalent] >= 0)
                    pick_within += gaps[pick] <= ROPE[1]
                    fits += used / scores.size
                    # GridSearchCV's pick on the same scores: the best mean over every fold.
                    exhaustive += gaps[np.argmax(scores.mean(axis=1))] <= ROPE[1]
                rates = [v / replications for v in (drop_best, drop_equivalent, fits, pick_within)]
                error = np.sqrt(rates[1] * (1 - rates[1]) / replications)
                cells = (n_repeats, name, threshold, min_folds, step, *rates, error,
                         exhaustive / replications)  # fmt: skip
                for key, value in zip(table, cells, strict=True):
                    table[key].append(value)
                print(
                    f"{n_repeats:>3} {name:<12} {threshold:>6} {min_folds:>4} {step:>4}  "
                    f"{rates[0]:>10.3f} {rates[1]:>8.3f}±{error:.3f} {rates[2]:>6.2f} "
                    f"{rates[3]:>8.3f} {exhaustive / replications:>10.3f}",
                    flush=True,
                )
    if args.write:
        path = write_study(
            "race_calibration",
            study="RaceSearchCV: the rate of dropping the best or a practically equivalent one",
            settings={
                "replications": replications,
                "rope": ROPE[1],
                "rho": RHO,
                "sigma": SIGMA,
                "folds": N_FOLDS,
                "repeats": list(REPEATS),
            },  # fmt: skip
            table=table,
            seconds=time.perf_counter() - start,
        )
        print(f"written: {path}")


if __name__ == "__main__":
    main()
