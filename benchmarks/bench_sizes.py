"""The size matrix: one test alone and every pair of many models, this tree against earlier ones.

Every cell is a fresh Python process that builds its input before the clock
starts and then times one call: ``signed_rank_test`` of one pair over 10 to
5,000 data sets, and ``compare_models`` with its defaults from 2 models x 30
data sets to 300 x 30 (and, with its whole record, ``to_dict()``, at 40 and
300 models and on two real models over 54 data sets), on synthetic tables and on the real ones in
``../shared/data`` (the tutorial's five classifiers on 54 data sets, per split,
and the published TabZilla table, 22 models on 171 data sets). With
``--baseline REF`` (a commit, a branch or a directory; repeatable) the same
cells run in that tree too, the trees alternating within each repeat so that
the machine's noise falls on all of them alike, and the table gives this
tree's time and peak resident memory over each baseline's (``this /
baseline``: below 1 is faster or smaller).

``--load busy`` runs every cell beside one busy core (a process spinning on
the other core), ``--load both`` (the default) quiet and then busy: threaded
matrix products slow down when the cores are shared.

Run ``python benchmarks/bench_sizes.py --baseline fa81fb9 --baseline 1b918b8``
(``--quick``: one repeat, the small cells only; ``--cases PATTERN``, repeatable: the
cells whose name contains one of them; ``--markdown``: the table for benchmarks/README.md).
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT.parent / "shared" / "data"

PRELUDE = textwrap.dedent(
    """
    import json, resource, sys, time, warnings
    sys.path.insert(0, {tree!r})
    warnings.simplefilter("ignore")
    import numpy as np

    def report(seconds):
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        print(json.dumps({{"seconds": seconds, "peak_mib": peak}}))
    """
)

#: One test alone: the best of five calls after one that warms the caches.
SIGNED_RANK = textwrap.dedent(
    """
    from sklearn_bayescmp.stats import signed_rank_test

    x = np.random.default_rng(0).normal(0.005, 0.02, {q})
    signed_rank_test(x, n_draws={n_draws}, random_state=0)
    times = []
    for _ in range({calls}):
        start = time.perf_counter()
        signed_rank_test(x, n_draws={n_draws}, random_state=0)
        times.append(time.perf_counter() - start)
    report(min(times))
    """
)

#: Every pair of a table with compare_models' defaults; the table read before the clock.
COMPARE = textwrap.dedent(
    """
    from sklearn_bayescmp import ScoreTable, compare_models

    table = ScoreTable.read_csv({path!r}, {options}){select}
    start = time.perf_counter()
    compare_models(table, random_state=0, allow_incomplete={incomplete})
    report(time.perf_counter() - start)
    """
)

#: A comparison and its whole record (``to_dict``: what ``--json`` and the reports print,
#: effect sizes and each data set's tests included), timed together: the record's numbers
#: are computed by the comparison, so timing ``to_dict`` alone would hide them.
RECORD = textwrap.dedent(
    """
    from sklearn_bayescmp import ScoreTable, compare_models

    table = ScoreTable.read_csv({path!r}, {options}){select}
    start = time.perf_counter()
    compare_models(table, random_state=0).to_dict()
    report(time.perf_counter() - start)
    """
)

#: Synthetic tables of means: each model's offset and the noise (``bench_many_pairs.KINDS``).
MEANS_KINDS = {
    "offsets": lambda rng, k: (rng.normal(0.0, 0.02, k), 0.02),
    "undecided": lambda rng, k: (np.zeros(k), 0.02),
    "small offsets": lambda rng, k: (rng.normal(0.0, 0.005, k), 0.03),
}


def write_means(path, n_models, n_datasets, kind, seed=0):
    """A wide table of one score per model and data set."""
    rng = np.random.default_rng(seed)
    offsets, noise = MEANS_KINDS[kind](rng, n_models)
    with open(path, "w") as file:
        file.write("dataset," + ",".join(f"model {k}" for k in range(n_models)) + "\n")
        for d in range(n_datasets):
            scores = rng.uniform(0.6, 0.9) + offsets + rng.normal(0.0, noise, n_models)
            file.write(f"d{d}," + ",".join(f"{s:.4f}" for s in scores) + "\n")


def write_splits(path, n_models, n_datasets, n_splits=100, seed=0):
    """A long table of every split's score (10 x 10 cross-validation)."""
    rng = np.random.default_rng(seed)
    offsets = rng.normal(0.0, 0.01, n_models)
    with open(path, "w") as file:
        file.write("dataset,model,split,score\n")
        for d in range(n_datasets):
            level = rng.uniform(0.6, 0.9)
            shared = rng.normal(0.0, 0.02, n_splits)  # the splits' common difficulty
            for k in range(n_models):
                scores = level + offsets[k] + shared + rng.normal(0.0, 0.01, n_splits)
                file.writelines(f"d{d},m{k},{s},{v:.5f}\n" for s, v in enumerate(scores))


def write_tabzilla(path):
    """TabZilla's published table cut to (data set, model, mean accuracy), as read with
    ``--score-col Accuracy__test_mean``; the benchmark times the comparison, not the
    reading, so every tree reads the same three columns."""
    import csv

    with open(DATA / "tabzilla_tuned_aggregated_results.csv") as source, open(path, "w") as out:
        out.write("dataset,model,score\n")
        for row in csv.DictReader(source):
            out.write(f"{row['dataset_name']},{row['alg_name']},{row['Accuracy__test_mean']}\n")


def cases(directory, quick):
    """The cells: (name, script, big), ``big`` marking those --quick leaves out."""
    found = []
    for q, n_draws in ((10, 20_000), (30, 20_000), (54, 20_000), (300, 20_000)):
        script = SIGNED_RANK.format(q=q, n_draws=n_draws, calls=5)
        found.append((f"signed_rank_test, {q} data sets, {n_draws:,} draws", script, False))
    for q, n_draws in ((1_000, 20_000), (5_000, 50_000)):
        script = SIGNED_RANK.format(q=q, n_draws=n_draws, calls=2)
        found.append((f"signed_rank_test, {q:,} data sets, {n_draws:,} draws", script, True))
    means_options = "greater_is_better=True"
    for k, q, kind, big in (
        (2, 30, "offsets", False),
        (5, 30, "offsets", False),
        (10, 54, "offsets", False),
        (20, 54, "offsets", False),
        (40, 30, "offsets", True),
        (80, 30, "offsets", True),
        (300, 30, "offsets", True),
        (300, 30, "undecided", True),
        (200, 50, "small offsets", True),
    ):
        path = os.path.join(directory, f"{kind}_{k}x{q}.csv".replace(" ", "_"))
        write_means(path, k, q, kind)
        script = COMPARE.format(path=path, options=means_options, incomplete=False, select="")
        found.append((f"compare_models, {k} x {q} means, {kind}", script, big))
        if kind == "offsets" and k in (40, 300):
            script = RECORD.format(path=path, options=means_options, select="")
            found.append((f"compare_models and to_dict(), {k} x {q} means", script, True))
    path = os.path.join(directory, "splits_5x54.csv")
    write_splits(path, 5, 54)
    options = "test_train_ratio=1 / 9, greater_is_better=True"
    script = COMPARE.format(path=path, options=options, incomplete=False, select="")
    found.append(("compare_models, 5 x 54 per split (Poisson test)", script, False))
    if (DATA / "tutorial54_accuracies.csv").exists():
        path = str(DATA / "tutorial54_accuracies.csv")
        options = (
            "model='classifier', score='accuracy', test_train_ratio=1 / 9, greater_is_better=True"
        )
        script = COMPARE.format(path=path, options=options, incomplete=False, select="")
        found.append(("real: the tutorial's 5 x 54 per split (Poisson test)", script, False))
        # Two models: the comparison also keeps each data set's t-tests.
        two = ".select(models=['nbc', 'aode'])"
        script = COMPARE.format(path=path, options=options, incomplete=False, select=two)
        found.append(("real: the tutorial's nbc vs aode, 54 per split (Poisson)", script, False))
        script = RECORD.format(path=path, options=options, select=two)
        found.append(("real: nbc vs aode, compare_models and to_dict()", script, False))
    else:
        print(f"note: {DATA} is absent; the real tables are left out", file=sys.stderr)
    if (DATA / "tabzilla_tuned_aggregated_results.csv").exists():
        path = os.path.join(directory, "tabzilla.csv")
        write_tabzilla(path)
        options = "model='model', score='score', greater_is_better=True"
        script = COMPARE.format(path=path, options=options, incomplete=True, select="")
        found.append(("real: TabZilla, 22 x 171 means, incomplete", script, True))
    return [(name, script) for name, script, big in found if not (quick and big)]


def run(tree, script):
    code = PRELUDE.format(tree=tree) + script
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    if out.returncode:
        raise RuntimeError(f"{tree}: {out.stderr.strip().splitlines()[-1]}")
    return json.loads(out.stdout.strip().splitlines()[-1])


class BusyCore:
    """A process spinning on one core for as long as the context lasts."""

    def __enter__(self):
        self.process = subprocess.Popen([sys.executable, "-c", "while True: pass"])
        return self

    def __exit__(self, *exc):
        self.process.kill()
        self.process.wait()


def checkout(ref, directory):
    """A source tree of ``ref``: the directory itself, or a detached worktree of the commit."""
    if os.path.isdir(ref):
        return os.path.abspath(ref)
    path = os.path.join(directory, f"tree-{ref.replace('/', '_')}")
    subprocess.run(
        ["git", "-C", str(ROOT), "worktree", "add", "--detach", "--force", path, ref],
        check=True,
        capture_output=True,
    )
    return path


def measure(cells, trees, repeats, busy):
    """Each cell's median time and peak memory in every tree (trees alternating)."""
    table = []
    for name, script in cells:
        runs = {label: [] for label in trees}
        for _ in range(repeats):
            for label, tree in trees.items():
                if busy:
                    with BusyCore():
                        runs[label].append(run(tree, script))
                else:
                    runs[label].append(run(tree, script))
        medians = {
            label: (
                statistics.median(r["seconds"] for r in found),
                statistics.median(r["peak_mib"] for r in found),
            )
            for label, found in runs.items()
        }
        table.append((name, medians))
        print(row_text(name, medians), flush=True)
    return table


def row_text(name, medians):
    (seconds, peak), *others = medians.values()
    parts = [f"{name}: this {seconds:.3f} s, {peak:.0f} MiB"]
    for label, (other_seconds, other_peak) in list(medians.items())[1:]:
        parts.append(
            f"{label} {other_seconds:.3f} s ({seconds / other_seconds:.2f}x), "
            f"{other_peak:.0f} MiB ({peak / other_peak:.2f}x)"
        )
    if len(others) > 1:
        best = min(s for s, _ in others)
        parts.append(f"best baseline {seconds / best:.2f}x")
    return "; ".join(parts)


def markdown(table, load):
    labels = list(table[0][1])
    header = ["cell", f"this ({load})"] + [f"{label}: time, memory" for label in labels[1:]]
    if len(labels) > 2:
        header.append("time / best baseline")
    lines = ["| " + " | ".join(header) + " |", "|" + " --- |" * len(header)]
    for name, medians in table:
        seconds, peak = medians[labels[0]]
        cells = [name, f"{seconds:.3g} s, {peak:.0f} MiB"]
        for label in labels[1:]:
            other_seconds, other_peak = medians[label]
            cells.append(f"{seconds / other_seconds:.2f}×, {peak / other_peak:.2f}×")
        if len(labels) > 2:
            cells.append(f"{seconds / min(medians[label][0] for label in labels[1:]):.2f}×")
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", action="append", default=[], help="a commit or a tree")
    parser.add_argument("--load", choices=("quiet", "busy", "both"), default="both")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--quick", action="store_true", help="one repeat, the small cells")
    parser.add_argument(
        "--cases", action="append", help="only the cells whose name contains it (repeatable)"
    )
    parser.add_argument("--markdown", action="store_true", help="also print Markdown tables")
    args = parser.parse_args()
    if args.repeats < 1:
        parser.error(f"--repeats must be at least 1; got {args.repeats}.")
    repeats = 1 if args.quick else args.repeats
    with tempfile.TemporaryDirectory() as directory:
        trees = {"this": str(ROOT)}
        for ref in args.baseline:
            trees[ref] = checkout(ref, directory)
        patterns = args.cases or [""]
        cells = [c for c in cases(directory, args.quick) if any(p in c[0] for p in patterns)]
        if not cells:
            parser.error(f"no cell's name contains {' or '.join(map(repr, patterns))}.")
        loads = ("quiet", "busy") if args.load == "both" else (args.load,)
        tables = {}
        for load in loads:
            print(f"\n== {load}: {len(cells)} cells, {repeats} repeat(s), trees {list(trees)}")
            tables[load] = measure(cells, trees, repeats, busy=load == "busy")
        for ref in args.baseline:
            if not os.path.isdir(ref):
                subprocess.run(
                    ["git", "-C", str(ROOT), "worktree", "remove", "--force", trees[ref]],
                    capture_output=True,
                )
    if args.markdown:
        for load, table in tables.items():
            print(f"\n{load}:\n\n{markdown(table, load)}")


if __name__ == "__main__":
    main()
