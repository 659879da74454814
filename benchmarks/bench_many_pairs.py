"""Every pair of many models with ``compare_models``' defaults, this tree against an earlier one.

A paper's table of one score per model and data set is compared with the
defaults: the Bayesian signed-rank test of every pair (its draws chosen by the
Monte Carlo error they buy), the Wilcoxon reference, the Plackett-Luce ranking.
Each run is a fresh Python process (its own peak resident set size); with
``--baseline DIR`` (a checkout of an earlier commit, e.g. ``git worktree add
/tmp/before 22b4cff``) the same table runs there too, alternating the trees so
that the machine's noise falls on both alike.

Tables (``KINDS``): a steady lead, offsets and noise the size of the rope (as
real collections of many models), every pair undecided (the costliest: most
pairs take the most draws), near-identical models. Sizes: 300 models x 30 data
sets (44,850 pairs), each kind, this tree only unless ``--baseline-large``;
80 models x 30 data sets (3,160 pairs), offsets and steady lead, with both
trees; 78 models x 51 data sets through ``bayescmp compare`` (3,003 pairs)
with both trees. This tree's runs also say how many draws the pairs took. And
the Poisson-binomial test of one pair over 1,000 data sets, against one
majority tail of SciPy's Poisson-binomial of the same probabilities (the
O(q^2) recursion the test needs three of).

Run ``python benchmarks/bench_many_pairs.py --baseline /tmp/before``
(``--quick``: 120 models instead of 300, one repeat).
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import textwrap

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))

COMPARE = textwrap.dedent(
    """
    import json, resource, sys, time, warnings
    sys.path.insert(0, {tree!r})
    from sklearn_bayescmp import ScoreTable, compare_models

    warnings.simplefilter("ignore")
    table = ScoreTable.read_csv({path!r}, greater_is_better=True)
    start = time.perf_counter()
    comparison = compare_models(table, random_state=0)
    seconds = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    draws = sorted(r.n_draws for r in comparison.results.values())
    print(json.dumps({{"seconds": seconds, "peak_mib": peak, "draws": draws}}))
    """
)


#: The tables: each data set's level, then each model's offset and the noise.
KINDS = {
    # A steady lead of 0.05 from the first model to the last, noise 0.01: neighbours are
    # practically equivalent, the ends decided, many pairs near the rope's edge.
    "steady lead": lambda rng, k: (np.linspace(0.0, 0.05, k), 0.01),
    # Offsets and noise of the size of the rope (0.01): N(0, 0.02) each, as real
    # collections of many models look.
    "offsets": lambda rng, k: (rng.normal(0.0, 0.02, k), 0.02),
    # No offsets, noise 0.02: every pair undecided, most near p = 0.5 (the costliest table:
    # the most draws a pair can take).
    "undecided": lambda rng, k: (np.zeros(k), 0.02),
    # No offsets, noise 0.001: every pair practically equivalent.
    "near-identical": lambda rng, k: (np.zeros(k), 0.001),
}


def write_table(path, n_models, n_datasets, kind="steady lead", seed=0):
    """A paper's wide table of one score per model and data set (see ``KINDS``)."""
    rng = np.random.default_rng(seed)
    offsets, noise = KINDS[kind](rng, n_models)
    with open(path, "w") as file:
        file.write("dataset," + ",".join(f"model {k}" for k in range(n_models)) + "\n")
        for d in range(n_datasets):
            scores = rng.uniform(0.6, 0.9) + offsets + rng.normal(0.0, noise, n_models)
            file.write(f"d{d}," + ",".join(f"{s:.4f}" for s in scores) + "\n")


def run_compare(tree, path):
    script = COMPARE.format(tree=tree, path=path)
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    if out.returncode:
        raise RuntimeError(out.stderr)
    return json.loads(out.stdout.strip().splitlines()[-1])


def run_command(tree, path):
    """``bayescmp compare FILE`` of ``tree``: its wall time and peak memory."""
    code = (
        "import resource, sys, time;"
        f"sys.path.insert(0, {tree!r});"
        "from sklearn_bayescmp.cli import main;"
        "start = time.perf_counter();"
        f"status = main(['compare', {path!r}, '--higher-is-better']);"
        "seconds = time.perf_counter() - start;"
        "peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024;"
        "print('@@', seconds, peak, status, file=sys.stderr)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    line = next(line for line in out.stderr.splitlines() if line.startswith("@@"))
    _, seconds, peak, status = line.split()
    if status != "0":
        raise RuntimeError(out.stderr)
    return {"seconds": float(seconds), "peak_mib": float(peak)}


def draws_text(draws):
    import numpy as np

    draws = np.asarray(draws)
    one_round = (draws == draws.min()).mean()
    return (
        f"draws a pair: median {int(np.median(draws)):,}, mean {draws.mean():,.0f}, "
        f"max {draws.max():,}; {one_round:.0%} of the pairs stopped after the first round"
    )


def compare_trees(label, runner, path, trees, repeats):
    """Run ``runner`` on every tree, alternating, and print the medians and ratio."""
    runs = {name: [] for name in trees}
    for _ in range(repeats):
        for name, tree in trees.items():
            runs[name].append(runner(tree, path))
    print(f"\n{label}")
    medians = {}
    for name, results in runs.items():
        seconds = statistics.median(r["seconds"] for r in results)
        peak = max(r["peak_mib"] for r in results)
        medians[name] = seconds
        extra = f"; {draws_text(results[0]['draws'])}" if "draws" in results[0] else ""
        print(f"  {name:9} {seconds:8.2f} s, peak {peak:6.0f} MiB{extra}")
    if len(medians) == 2:
        this, before = medians["this"], medians["baseline"]
        print(f"  ratio this / baseline: {this / before:.3f} ({before / this:.1f}x faster)")


POISSON = textwrap.dedent(
    """
    import json, statistics, sys, time
    sys.path.insert(0, {tree!r})
    import numpy as np
    from scipy import stats
    from sklearn_bayescmp import CVDifferences
    from sklearn_bayescmp.stats import poisson_test

    rng = np.random.default_rng(0)
    records = [
        CVDifferences(rng.normal(0.005, 0.02, 100), n_train=90, n_test=10, name=f"d{{i}}")
        for i in range(1000)
    ]
    probabilities = poisson_test(records).dataset_probabilities[:, 0]
    test, pmf = [], []
    for _ in range(20):
        start = time.perf_counter()
        poisson_test(records)
        test.append(time.perf_counter() - start)
        start = time.perf_counter()
        stats.poisson_binom(probabilities).sf(500)
        pmf.append(time.perf_counter() - start)
    print(json.dumps({{"seconds": statistics.median(test), "scipy": statistics.median(pmf)}}))
    """
)


def run_poisson(tree, _path):
    out = subprocess.run(
        [sys.executable, "-c", POISSON.format(tree=tree)], capture_output=True, text=True
    )
    if out.returncode:
        raise RuntimeError(out.stderr)
    result = json.loads(out.stdout.strip().splitlines()[-1])
    return {"seconds": result["seconds"], "peak_mib": 0.0, "scipy": result["scipy"]}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", help="an earlier checkout to compare with")
    parser.add_argument("--baseline-large", action="store_true", help="run it at 300 too")
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--repeats", type=int, default=1)
    args = parser.parse_args()
    this = {"this": os.path.dirname(HERE)}
    trees = dict(this)
    if args.baseline:
        trees["baseline"] = os.path.abspath(args.baseline)
    large = 120 if args.quick else 300
    with tempfile.TemporaryDirectory() as directory:
        for kind in KINDS:
            path = os.path.join(directory, f"{kind}_{large}x30.csv")
            write_table(path, large, 30, kind)
            compare_trees(
                f"compare_models, defaults, {large} models x 30 data sets, {kind}",
                run_compare,
                path,
                trees if args.baseline_large else this,
                args.repeats,
            )
        for kind in ("offsets", "steady lead"):
            path = os.path.join(directory, f"{kind}_80x30.csv")
            write_table(path, 80, 30, kind)
            compare_trees(
                f"compare_models, defaults, 80 models x 30 data sets, {kind}",
                run_compare,
                path,
                trees,
                args.repeats,
            )
        path = os.path.join(directory, "steady_78x51.csv")
        write_table(path, 78, 51)
        compare_trees(
            "bayescmp compare, 78 models x 51 data sets, steady lead",
            run_command,
            path,
            trees,
            args.repeats,
        )
    runs = {name: run_poisson(tree, None) for name, tree in trees.items()}
    print("\nPoisson-binomial test, one pair over 1,000 data sets x 100 splits (median of 20)")
    for name, result in runs.items():
        print(
            f"  {name:9} {result['seconds'] * 1e3:6.2f} ms (one majority tail of SciPy's "
            f"Poisson-binomial: {result['scipy'] * 1e3:.2f} ms)"
        )
    if len(runs) == 2:
        ratio = runs["this"]["seconds"] / runs["baseline"]["seconds"]
        print(f"  ratio this / baseline: {ratio:.3f}")


if __name__ == "__main__":
    main()
