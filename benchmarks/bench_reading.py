"""Time and peak memory of reading a large table, this tree against an earlier one.

Reading a table runs the reading of ``sklearn_bayescmp/tables/`` (the guess, the spec,
the assembly): every check of the
values must stay within the cost of parsing. This benchmark reads the same
files with this source tree and, given ``--baseline DIR`` (a checkout of an
earlier commit, e.g. ``git worktree add /tmp/before 22b4cff``), with that
one, each read in a fresh Python process (its own peak resident set size),
alternating the trees so that the machine's noise falls on both alike, and
prints the ratios of the medians.

Files: a long CSV of 2,000,000 rows (10 models x 200 data sets x 1,000
splits) and its wide layout (200,000 rows x 10 model columns); and the long
table as a pandas dataframe (read by pandas before the clock starts).

Run ``python benchmarks/bench_reading.py --baseline /tmp/before`` (``--quick``:
200,000 rows, ``--repeats N``: N reads of each tree, 3 by default).
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import textwrap

HERE = os.path.dirname(os.path.abspath(__file__))

READ = textwrap.dedent(
    """
    import json, resource, sys, time, warnings
    sys.path.insert(0, {tree!r})
    from sklearn_bayescmp import ScoreTable

    warnings.simplefilter("ignore")
    if {frame}:  # a pandas dataframe of the file, read before the clock starts
        import pandas

        data = pandas.read_csv({path!r})
        start = time.perf_counter()
        table = ScoreTable.from_long(data, test_train_ratio=1 / 9, greater_is_better=True)
    else:
        start = time.perf_counter()
        table = ScoreTable.read_csv({path!r}, test_train_ratio=1 / 9, greater_is_better=True)
    seconds = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    assert table.n_models == {n_models}, table.models
    print(json.dumps({{"seconds": seconds, "peak_mib": peak}}))
    """
)


def write_tables(directory, n_models, n_datasets, n_splits):
    """The long and wide CSV files of the same random scores; their paths."""
    import numpy as np

    rng = np.random.default_rng(0)
    long_path = os.path.join(directory, "long.csv")
    wide_path = os.path.join(directory, "wide.csv")
    models = [f"model {m}" for m in range(n_models)]
    with open(long_path, "w") as long, open(wide_path, "w") as wide:
        long.write("dataset,model,split,score\n")
        wide.write("dataset,split," + ",".join(models) + "\n")
        for d in range(n_datasets):
            scores = rng.uniform(0.6, 0.9, (n_models, n_splits))
            long.writelines(
                f"data set {d},{models[m]},{s},{float(scores[m, s])!r}\n"
                for m in range(n_models)
                for s in range(n_splits)
            )
            wide.writelines(
                f"data set {d},{s}," + ",".join(repr(float(v)) for v in scores[:, s]) + "\n"
                for s in range(n_splits)
            )
    return {"long": long_path, "wide": wide_path}


def read(tree, path, n_models, frame=False):
    code = READ.format(tree=tree, path=path, n_models=n_models, frame=frame)
    output = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    return json.loads(output.strip().splitlines()[-1])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", help="a source tree to compare with (an earlier commit)")
    parser.add_argument("--quick", action="store_true", help="200,000 rows")
    parser.add_argument("--repeats", type=int, default=3, help="reads of each file per tree")
    args = parser.parse_args()
    trees = {"this tree": os.path.dirname(HERE)}
    if args.baseline:
        trees["baseline"] = os.path.abspath(args.baseline)
    n_models, n_datasets = 10, 200
    n_splits = 100 if args.quick else 1000
    with tempfile.TemporaryDirectory() as directory:
        paths = write_tables(directory, n_models, n_datasets, n_splits)
        cases = [(layout, path, False) for layout, path in paths.items()]
        cases.append(("long", paths["long"], True))
        for layout, path, frame in cases:
            size = os.path.getsize(path) / 2**20
            rows = n_models * n_datasets * n_splits if layout == "long" else n_datasets * n_splits
            what = f"{layout} pandas dataframe" if frame else f"{layout} CSV"
            print(f"\n{what}, {rows:,} rows ({size:.0f} MiB file), {args.repeats} reads each:")
            runs = {name: [] for name in trees}
            for _ in range(args.repeats):
                for name, tree in trees.items():  # alternated: noise falls on both
                    runs[name].append(read(tree, path, n_models, frame))
            medians = {
                name: {key: statistics.median(r[key] for r in found) for key in found[0]}
                for name, found in runs.items()
            }
            for name, median in medians.items():
                print(
                    f"  {name:>9}: {median['seconds']:6.2f} s, peak {median['peak_mib']:6.0f} MiB"
                )
            if "baseline" in medians:
                mine, before = medians["this tree"], medians["baseline"]
                print(
                    f"  ratio this / baseline: time {mine['seconds'] / before['seconds']:.2f}x, "
                    f"peak memory {mine['peak_mib'] / before['peak_mib']:.2f}x"
                )


if __name__ == "__main__":
    main()
