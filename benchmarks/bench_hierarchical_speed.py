"""The hierarchical test's speed and mixing, this tree against an earlier one, in one run.

Each measurement is a fresh Python process running ``hierarchical_test`` (or
``compare_models``) with the defaults (4 chains x (1,000 warm-up + 5,000
draws)); with ``--baseline DIR`` (a checkout of an earlier commit, e.g.
``git worktree add /tmp/before 22b4cff``) the same inputs run there too, the
trees alternating so that the machine's noise falls on both alike. The
collections are made here, once, and handed to both trees as arrays.

* Ordinary collections (10 x 10 cross-validation, n = 100 per data set): the
  benchmark's q = 54 (two seeds), the Stan fixtures' heterogeneous q = 54,
  10 equivalent data sets and the q = 6 with two all-equal data sets, q = 500,
  and 54 data sets whose true differences are Student-t with 2 degrees of
  freedom (heavy-tailed, as real accuracies can be). For each, the smallest
  bulk ESS per second over delta0, sigma0 and nu (two seeds, their mean) and
  the ratio of this tree's to the earlier one's.
* Near-identical collections, whose posterior of nu has two modes (the test
  suite's and ``study_zero_variance``'s, seeds 0 and 3): the largest R-hat,
  the smallest bulk ESS and the share of draws with nu > 4, beside the share
  that quadrature gives without sampling (``tests/stats/_hierarchical_quadrature.py``,
  values recorded in ``benchmarks/README.md``).
* Every pair of 5 models on 54 data sets through ``compare_models(...,
  test="hierarchical")``, against one pair of the same table.
* Real collections: the ten pairs of the tutorial's five classifiers on 54
  data sets (``../shared/data/tutorial54_accuracies.csv``, 10 x 10
  cross-validation; skipped with a note when absent): the smallest bulk ESS per
  second, R-hat and the share above nu = 4 of each pair, and all ten pairs in
  one ``compare_models`` call against one pair alone (nbc-aode, the first, and
  j48-j48gr, the near-identical one), every one timed after a first call has
  made the set-up (imports, caches).

Run ``python benchmarks/bench_hierarchical_speed.py --baseline /tmp/before``
(``--quick``: one seed, no q = 500).
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))
from study_zero_variance import near_identical_collection  # noqa: E402

from tools.stan_reference import (  # noqa: E402
    benchmark_collection,
    collections,
    correlated_differences,
)

#: Share of the posterior above nu = 4 by quadrature (benchmarks/README.md).
QUADRATURE_ABOVE_4 = {
    "near-identical, tests seed 0": 0.0714,
    "near-identical, tests seed 3": 0.260,
    "near-identical, study seed 0": 0.949,
    "near-identical, study seed 3": 0.586,
}

SINGLE = textwrap.dedent(
    """
    import json, sys, time, warnings
    sys.path.insert(0, {tree!r})
    import numpy as np
    from sklearn_bayescmp import CVDifferences
    from sklearn_bayescmp.stats import hierarchical_test

    warnings.simplefilter("ignore")
    arrays = np.load({path!r})
    records = [
        CVDifferences(row, n_train=a, n_test=b, name=f"d{{i}}")
        for i, (row, a, b) in enumerate(
            zip(arrays["differences"], arrays["n_train"], arrays["n_test"])
        )
    ]
    start = time.perf_counter()
    result = hierarchical_test(records, random_state={seed})
    seconds = time.perf_counter() - start
    top = ("delta0", "sigma0", "nu")
    print(json.dumps({{
        "seconds": seconds,
        "ess": min(result.ess[name] for name in top),
        "rhat": max(result.rhat[name] for name in top),
        "above_4": float(np.mean(result.samples["nu"] > 4)),
    }}))
    """
)

PAIRS = textwrap.dedent(
    """
    import json, sys, time, warnings
    sys.path.insert(0, {tree!r})
    import numpy as np
    from sklearn_bayescmp import ScoreTable, compare_models

    warnings.simplefilter("ignore")
    scores = np.load({path!r})["scores"]
    models = [f"m{{i}}" for i in range(scores.shape[0])]
    table = ScoreTable(
        {{f"d{{d}}": scores[:, d] for d in range(scores.shape[1])}},
        models=models, n_train=90, n_test=10,
    )
    # Simulated accuracies reach past 1, so no default rope: one point, as the tutorial's.
    # The set-up (imports, first calls) before the clock: one pair, another seed.
    compare_models(
        table.select(models=models[:2]), test="hierarchical", rope=0.01, random_state=1
    )
    timings = {{}}
    for label, part in (("pair", table.select(models=models[:2])), ("all", table)):
        start = time.perf_counter()
        compare_models(part, test="hierarchical", rope=0.01, random_state=0)
        timings[label] = time.perf_counter() - start
    print(json.dumps(timings))
    """
)


REAL_PAIRS = textwrap.dedent(
    """
    import json, sys, time, warnings
    sys.path.insert(0, {tree!r})
    from sklearn_bayescmp import ScoreTable, compare_models

    warnings.simplefilter("ignore")
    table = ScoreTable.read_csv({path!r}, greater_is_better=True, test_train_ratio=1 / 9)
    # The set-up (imports, first calls) before the clock: one pair, another seed.
    compare_models(table.select(models=["nbc", "aode"]), test="hierarchical", random_state=1)
    timings = {{}}
    for label, models in (("nbc-aode", ["nbc", "aode"]), ("j48-j48gr", ["j48", "j48gr"]),
                          ("all", list(table.models))):
        start = time.perf_counter()
        compare_models(table.select(models=models), test="hierarchical", random_state=0)
        timings[label] = time.perf_counter() - start
    print(json.dumps(timings))
    """
)

#: The real collections (the project's shared data, not in the repository).
REAL_DATA = ROOT.parent / "shared" / "data" / "tutorial54_accuracies.csv"


def real_collections():
    """The ten pairs of the tutorial's five classifiers, as arrays (None when absent)."""
    if not REAL_DATA.exists():
        return None
    from itertools import combinations

    from sklearn_bayescmp import ScoreTable

    table = ScoreTable.read_csv(REAL_DATA, greater_is_better=True, test_train_ratio=1 / 9)
    return {
        f"real {a}-{b}": _records_arrays(list(table.differences(a, b).values()))
        for a, b in combinations(table.models, 2)
    }


def _arrays(differences, n_train=90, n_test=10):
    differences = np.asarray(differences, dtype=float)
    return {
        "differences": differences,
        "n_train": np.broadcast_to(n_train, differences.shape),
        "n_test": np.broadcast_to(n_test, differences.shape),
    }


def ordinary_collections(quick):
    fixtures = collections()
    heavy_rng = np.random.default_rng(2)
    heavy = 0.01 + 0.01 * heavy_rng.standard_t(2, 54)
    found = {
        "benchmark q = 54, seed 0": _arrays(benchmark_collection(54, seed=0)),
        "benchmark q = 54, seed 1": _arrays(benchmark_collection(54, seed=1)),
        "heterogeneous q = 54": _arrays(*fixtures["heterogeneous_q54"][:3]),
        "10 equivalent": _arrays(*fixtures["equal_q10"][:3]),
        "q = 6, two all-equal": _arrays(*fixtures["zero_variance_q6"][:3]),
        "heavy-tailed (t2) q = 54": _arrays(
            correlated_differences(heavy_rng, heavy, heavy_rng.uniform(0.01, 0.05, 54), 10, 10)
        ),
    }
    if not quick:
        found["benchmark q = 500"] = _arrays(benchmark_collection(500, seed=0))
    return found


def near_identical_collections():
    sys.path.insert(0, str(ROOT / "tests" / "stats"))
    from importlib import import_module

    found = {}
    for seed in (0, 3):
        # The test suite's collection (tests/stats/test_hierarchical.py).
        module = import_module("tests.stats.test_hierarchical")
        records = module._near_identical_collection(seed)
        found[f"near-identical, tests seed {seed}"] = _records_arrays(records)
    for seed in (0, 3):
        records = near_identical_collection(np.random.default_rng(seed))[0]
        found[f"near-identical, study seed {seed}"] = _records_arrays(records)
    return found


def _records_arrays(records):
    return {
        "differences": np.array([record.differences for record in records]),
        "n_train": np.array([record.n_train for record in records]),
        "n_test": np.array([record.n_test for record in records]),
    }


def five_models(seed=0, q=54, k=5):
    """Per-split scores of 5 models on 54 data sets: a level per data set, a lead of
    up to 0.02 across the models with a model-by-data-set effect, a split effect
    shared by the models (the correlation of cross-validation) and noise."""
    rng = np.random.default_rng(seed)
    level = rng.uniform(0.6, 0.95, q)
    effects = rng.normal(0.0, 0.02, (k, q)) + np.linspace(0.0, 0.02, k)[:, None]
    shared = rng.normal(0.0, 0.02, (1, q, 100))
    return level[None, :, None] + effects[:, :, None] + shared + rng.normal(0, 0.02, (k, q, 100))


def run(script, tree, path, **fields):
    code = script.format(tree=str(tree), path=str(path), **fields)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    if out.returncode:
        raise RuntimeError(out.stderr)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", help="a checkout of an earlier commit")
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    trees = {"this": ROOT}
    if args.baseline:
        trees["before"] = Path(args.baseline).resolve()
    seeds = (0,) if args.quick else (0, 1)
    with tempfile.TemporaryDirectory() as folder:
        print("Ordinary collections: smallest bulk ESS per second over delta0, sigma0, nu")
        print(f"{'collection':<28}" + "".join(f"{t + ' s':>10}{t + ' ESS/s':>13}" for t in trees))
        for label, arrays in ordinary_collections(args.quick).items():
            path = os.path.join(folder, "collection.npz")
            np.savez(path, **arrays)
            rates = {tree: [] for tree in trees}
            seconds = {tree: [] for tree in trees}
            for seed in seeds:
                for tree, where in trees.items():
                    result = run(SINGLE, where, path, seed=seed)
                    rates[tree].append(result["ess"] / result["seconds"])
                    seconds[tree].append(result["seconds"])
            line = f"{label:<28}" + "".join(
                f"{np.mean(seconds[t]):>10.2f}{np.mean(rates[t]):>13.0f}" for t in trees
            )
            if "before" in trees:
                line += f"   ratio {np.mean(rates['this']) / np.mean(rates['before']):.2f}"
            print(line, flush=True)

        print("\nNear-identical collections (seed 0): largest R-hat, smallest bulk ESS, nu > 4")
        print(f"{'collection':<32}{'quadrature':>11}" + "".join(f"{t:>30}" for t in trees))
        for label, arrays in near_identical_collections().items():
            path = os.path.join(folder, "collection.npz")
            np.savez(path, **arrays)
            cells = ""
            for where in trees.values():
                r = run(SINGLE, where, path, seed=0)
                cells += (
                    f"{r['seconds']:>7.1f}s {r['rhat']:>6.3f} {r['ess']:>6.0f} {r['above_4']:>6.3f}"
                )
            print(f"{label:<32}{QUADRATURE_ABOVE_4[label]:>11.3f}{cells}", flush=True)

        real = real_collections()
        if real is None:
            print(f"\n{REAL_DATA} is absent: no real collections.")
        else:
            print(
                "\nReal pairs (tutorial, 54 data sets): smallest bulk ESS per second over "
                "delta0, sigma0, nu (seeds 0 and 1, their mean); largest R-hat; share nu > 4"
            )
            for label, arrays in real.items():
                path = os.path.join(folder, "collection.npz")
                np.savez(path, **arrays)
                cells, rates = "", {}
                for tree, where in trees.items():
                    results = [run(SINGLE, where, path, seed=seed) for seed in seeds]
                    rates[tree] = np.mean([r["ess"] / r["seconds"] for r in results])
                    cells += (
                        f"  {tree}: {np.mean([r['seconds'] for r in results]):5.2f} s "
                        f"{rates[tree]:6.0f} ESS/s R-hat {max(r['rhat'] for r in results):.3f} "
                        f"nu>4 {np.mean([r['above_4'] for r in results]):.3f}"
                    )
                if "before" in trees:
                    cells += f"   ratio {rates['this'] / rates['before']:.2f}"
                print(f"{label:<20}{cells}", flush=True)
            print("\nThe ten real pairs in one compare_models call, and one pair alone")
            for tree, where in trees.items():
                timings = run(REAL_PAIRS, where, REAL_DATA)
                print(
                    f"{tree:<8} nbc-aode {timings['nbc-aode']:6.2f} s   j48-j48gr "
                    f"{timings['j48-j48gr']:6.2f} s   10 pairs {timings['all']:6.2f} s   ratio "
                    f"{timings['all'] / timings['nbc-aode']:.2f} and "
                    f"{timings['all'] / timings['j48-j48gr']:.2f}",
                    flush=True,
                )

        print(
            "\nEvery pair of 5 models (10 pairs) and one pair, compare_models(test='hierarchical')"
        )
        path = os.path.join(folder, "scores.npz")
        np.savez(path, scores=five_models())
        for tree, where in trees.items():
            timings = run(PAIRS, where, path)
            print(
                f"{tree:<8} one pair {timings['pair']:6.2f} s   10 pairs {timings['all']:6.2f} s"
                f"   ratio {timings['all'] / timings['pair']:.2f}",
                flush=True,
            )


if __name__ == "__main__":
    main()
