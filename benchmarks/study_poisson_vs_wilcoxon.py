"""Corani & Benavoli (2015), Fig. 2: Poisson test vs the signed-rank tests on q data sets.

The C -> F network: naive Bayes on F against the majority predictor, sizes
uniform over {25, 50, 100, 250, 500, 1000}, with 1 and 10 runs of 10-fold
cross-validation; one-sided tests at alpha = 0.05, decisions "A better".

- Fig. 2a (``--figure 2a``): the same difference delta on every data set,
  delta = 0, 0.01, ..., 0.1.
- Fig. 2b (``--figure 2b``): each data set's difference from a Cauchy
  distribution with median and scale delta (0, 0.01, ..., 0.05), capped at
  -0.5 and 0.5 as in the paper; on a data set with a negative difference the
  majority predictor is A and naive Bayes is B.

At delta = 0 the rate is the type I error, above it the power. The paper runs
5,000 experiments per value, with q = 50 (and says q = 25 confirms it).

Run: ``python benchmarks/study_poisson_vs_wilcoxon.py --figure 2b --n-datasets 50
--experiments 5000 --write`` (``--write`` stores the table in ``benchmarks/results/``).
"""

import argparse
import time

import numpy as np
from _stored import write_study
from studies import power_study

DELTAS = {
    "2a": np.round(np.arange(0.0, 0.101, 0.01), 2),
    "2b": np.round(np.arange(0.0, 0.051, 0.01), 2),
}
DISTRIBUTIONS = {"2a": "equal", "2b": "cauchy"}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--figure", choices=sorted(DELTAS), default="2a")
    parser.add_argument("--n-datasets", type=int, default=50)
    parser.add_argument("--experiments", type=int, default=300, help="experiments per cell")
    parser.add_argument("--tests", nargs="*", default=["poisson", "wilcoxon"])
    parser.add_argument("--n-jobs", type=int, default=None)
    parser.add_argument("--write", action="store_true", help="store the table as data")
    args = parser.parse_args()
    settings = {
        "generator": "cf_network",
        "deltas": DELTAS[args.figure].tolist(),
        "delta_distribution": DISTRIBUTIONS[args.figure],
        "n_datasets": args.n_datasets,
        "n_repeats": [1, 10],
        "n_experiments": args.experiments,
        "tests": list(args.tests),
        "alpha": 0.05,
        "random_state": 0,
    }
    start = time.perf_counter()
    study = power_study(
        settings["generator"],
        settings["deltas"],
        n_datasets=settings["n_datasets"],
        n_repeats=tuple(settings["n_repeats"]),
        n_experiments=settings["n_experiments"],
        tests=tuple(settings["tests"]),
        delta_distribution=settings["delta_distribution"],
        n_jobs=args.n_jobs,
        random_state=settings["random_state"],
    )
    seconds = time.perf_counter() - start
    print(study.summary())
    print(f"({seconds:.0f} s)")
    if args.write:
        path = write_study(
            f"corani_benavoli_2015_fig{args.figure}_q{args.n_datasets}",
            study=f"Corani & Benavoli (2015), Fig. {args.figure}, q = {args.n_datasets}",
            settings=settings,
            table=study.table,
            seconds=seconds,
        )
        print(f"written to {path}")


if __name__ == "__main__":
    main()
