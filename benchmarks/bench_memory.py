"""Peak memory and time of the many-model comparison and of reading a large CSV.

Each measurement runs in a fresh Python process, so that its peak resident
set size (``ru_maxrss``) is its own:

- ``compare_models`` with the default signed-rank test (50,000 draws) on
  20, 40 and 100 models x 50 data sets x 100 splits (190, 780 and 4,950
  pairs), and the 190-pair matrix of 20 models x 100 data sets x 10 splits,
  with ``n_jobs=1`` and ``n_jobs=2``;
- ``ScoreTable.read_csv`` of a long CSV of 2,000,000 rows (10 models x 200
  data sets x 1,000 splits), against the size of the file;
- the Plackett-Luce ranking that ``compare_models`` runs by default (4 chains
  x 2,500 draws) of 100, 200 and 300 models x 30 data sets: its pairwise terms
  are summed a chunk of draws at a time (before, all at once: 6.3 GB at 200
  models, a MemoryError at 300).

Memory must be bounded by the work of one batch, not by the number of pairs
or rows kept around.

Run ``python benchmarks/bench_memory.py`` (``--quick`` for 20 and 40 models,
200,000 rows and a ranking of 100 models).
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
import textwrap

HERE = os.path.dirname(os.path.abspath(__file__))

COMPARE = textwrap.dedent(
    """
    import json, resource, sys, time
    sys.path.insert(0, {here!r})
    from bench_many_models import score_table
    from sklearn_bayescmp import compare_models

    table = score_table({n_models}, {n_datasets}, {n_splits})
    start = time.perf_counter()
    comparison = compare_models(table, ranking=False, random_state=0, n_jobs={n_jobs})
    seconds = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(json.dumps({{"seconds": seconds, "peak_mib": peak}}))
    """
)

READ = textwrap.dedent(
    """
    import json, resource, time
    from sklearn_bayescmp import ScoreTable

    start = time.perf_counter()
    table = ScoreTable.read_csv({path!r}, test_train_ratio=1 / 9)
    seconds = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(json.dumps({{"seconds": seconds, "peak_mib": peak}}))
    """
)

RANK = textwrap.dedent(
    """
    import json, resource, time
    import numpy as np
    from sklearn_bayescmp.stats import plackett_luce_ranking

    scores = np.random.default_rng(0).normal(0.8, 0.05, size=({n_datasets}, {n_models}))
    start = time.perf_counter()
    plackett_luce_ranking(scores, random_state=0)
    seconds = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(json.dumps({{"seconds": seconds, "peak_mib": peak}}))
    """
)

BASELINE = textwrap.dedent(
    """
    import json, resource
    import sklearn_bayescmp, sklearn_bayescmp.stats, numpy, scipy.stats
    from sklearn_bayescmp import ScoreTable, compare_models
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(json.dumps({"peak_mib": peak}))
    """
)


def run(code):
    output = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    return json.loads(output.strip().splitlines()[-1])


def write_long_csv(path, n_models, n_datasets, n_splits):
    """A long CSV of random scores, written a data set at a time."""
    import numpy as np

    rng = np.random.default_rng(0)
    with open(path, "w") as handle:
        handle.write("dataset,model,split,score\n")
        for d in range(n_datasets):
            scores = rng.uniform(0.6, 0.9, (n_models, n_splits))
            handle.writelines(
                f"data set {d},model {m},{s},{float(scores[m, s])!r}\n"
                for m in range(n_models)
                for s in range(n_splits)
            )


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="smaller sizes")
    args = parser.parse_args()

    baseline = run(BASELINE)["peak_mib"]
    print(f"Python with the package imported: {baseline:.0f} MiB peak")
    print("\ncompare_models, signed-rank test, 50,000 draws (fresh process each)")
    sizes = [(20, 50, 100), (40, 50, 100)] + ([] if args.quick else [(100, 50, 100)])
    cases = [(size, 2) for size in sizes] + [((20, 100, 10), 1), ((20, 100, 10), 2)]
    for (n_models, n_datasets, n_splits), n_jobs in cases:
        pairs = n_models * (n_models - 1) // 2
        result = run(
            COMPARE.format(
                here=HERE,
                n_models=n_models,
                n_datasets=n_datasets,
                n_splits=n_splits,
                n_jobs=n_jobs,
            )
        )
        print(
            f"  {n_models:>3} models x {n_datasets} data sets x {n_splits:>3} splits "
            f"({pairs:>4} pairs), n_jobs={n_jobs}: {result['seconds']:6.1f} s, "
            f"peak {result['peak_mib']:6.0f} MiB"
        )

    print("\nPlackett-Luce ranking, 4 chains x 2,500 draws (fresh process each)")
    for n_models in (100,) if args.quick else (100, 200, 300):
        result = run(RANK.format(n_models=n_models, n_datasets=30))
        print(
            f"  {n_models:>3} models x 30 data sets: {result['seconds']:5.1f} s, "
            f"peak {result['peak_mib']:5.0f} MiB"
        )

    n_splits = 100 if args.quick else 1000
    rows = 10 * 200 * n_splits
    with tempfile.TemporaryDirectory() as directory:
        path = os.path.join(directory, "scores.csv")
        write_long_csv(path, 10, 200, n_splits)
        size = os.path.getsize(path) / 2**20
        result = run(READ.format(path=path))
    print(f"\nScoreTable.read_csv, {rows:,} rows ({size:.0f} MiB file)")
    print(
        f"  {result['seconds']:.1f} s, peak {result['peak_mib']:.0f} MiB "
        f"({(result['peak_mib'] - baseline) / size:.1f}x the file above the baseline)"
    )


if __name__ == "__main__":
    main()
