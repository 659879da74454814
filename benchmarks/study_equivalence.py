"""Corani et al. (2017), §4.2-4.3: equivalent classifiers, Wilcoxon vs hierarchical test.

At the authors' settings (``hierarchical/multiple_dsets_rope.R``): Cauchy
differences with median delta0 (0: equivalent; 0.005: practically equivalent)
and scale a sixth of the rope's length, the naive Bayes pair, 10 x 10 CV, one
data-set size per run (300, 500 and 1000 side by side, as the paper does not
print it) and a data set whose differences are all zero simulated again. It
prints, for q = 10 to 50: the Wilcoxon test's rejection rate, and both
quantities of the hierarchical test: the posterior of delta0 (the population's
mean difference, what the authors' code reports) and the next data set's. The
paper's values are printed beside ours, each with its Monte Carlo standard
error.

With ``--delta0 0.015 0.02 0.025 0.03 --scale 0.01 --q 50`` it gives §4.4
(Fig. 5: practically different classifiers, at the paper's scale); with
``--q 50 --sizes 100 200 300 500 700 1000`` the rates against the data-set
size. ``--write NAME`` stores every row (with its standard errors) in
``benchmarks/results/NAME.json``.

Run: ``python benchmarks/study_equivalence.py [--experiments 500] [--sizes 500]``.
"""

import argparse
import time

import numpy as np
from _stored import write_study
from studies import equivalence_study

#: The paper's statements (§4.2 Fig. 2, §4.3 Figs. 3-4), at q = 50.
PUBLISHED = {
    (0.0, "wilcoxon_rejection"): "about 0.05 at every q",
    (0.0, "mean_delta0_prob_equivalent"): "> 0.9 ('larger than 90%')",
    (0.0, "delta0_equivalence_recognition"): "about 0.7",
    (0.0, "delta0_difference"): "0 ('no Type I errors')",
    (0.005, "wilcoxon_rejection"): "about 0.25",
    (0.005, "delta0_equivalence_recognition"): "about 0.4",
    (0.005, "delta0_difference"): "0 ('never claims a significant difference')",
}
COLUMNS = (
    ("wilcoxon_rejection", "Wilcoxon rejects"),
    ("mean_delta0_prob_equivalent", "P(rope) delta0"),
    ("delta0_equivalence_recognition", ">0.95 delta0"),
    ("mean_prob_equivalent", "P(rope) next"),
    ("equivalence_recognition", ">0.95 next"),
)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--experiments", type=int, default=500, help="experiments per q")
    parser.add_argument("--sizes", type=int, nargs="*", default=[300, 500, 1000])
    parser.add_argument("--q", type=int, nargs="*", default=[10, 20, 30, 40, 50])
    parser.add_argument("--delta0", type=float, nargs="*", default=[0.0, 0.005])
    parser.add_argument(
        "--scale",
        type=float,
        default=None,
        help="the Cauchy's scale (default: a sixth of the rope's length, §4.2-4.3; §4.4: 0.01)",
    )
    parser.add_argument("--n-jobs", type=int, default=2)
    parser.add_argument("--write", metavar="NAME", help="store the rows as data")
    args = parser.parse_args()
    rows, seconds = {}, 0.0
    for delta0 in args.delta0:
        for size in args.sizes:
            start = time.perf_counter()
            table = equivalence_study(
                tuple(args.q),
                delta0=delta0,
                scale=args.scale,
                sizes=(size,),
                resimulate_zero=True,
                n_experiments=args.experiments,
                n_jobs=args.n_jobs,
                random_state=0,
            )
            elapsed = time.perf_counter() - start
            seconds += elapsed
            for key, values in {"delta0": delta0, "size": size, **table}.items():
                rows.setdefault(key, []).extend(np.broadcast_to(values, len(args.q)).tolist())
            print(f"\ndelta0 = {delta0}, data-set size {size} ({elapsed:.0f} s)")
            print(f"{'q':>4} " + " ".join(f"{label:>17}" for _, label in COLUMNS))
            for i, q in enumerate(table["n_datasets"]):
                cells = (f"{table[key][i]:.3f} ± {table['se_' + key][i]:.3f}" for key, _ in COLUMNS)
                print(f"{q:>4} " + " ".join(f"{cell:>17}" for cell in cells))
            for (published_delta0, key), value in PUBLISHED.items():
                if published_delta0 == delta0:
                    print(f"     paper, q = 50, {key}: {value}")
    if args.write:
        settings = {
            "n_datasets": args.q,
            "delta0": args.delta0,
            "scale": 2 * 0.01 / 6 if args.scale is None else args.scale,
            "sizes": args.sizes,
            "n_experiments": args.experiments,
            "resimulate_zero": True,
            "random_state": 0,
        }
        study = "Corani et al. (2017), §4.2-4.4: equivalent and practically different classifiers"
        path = write_study(args.write, study=study, settings=settings, table=rows, seconds=seconds)
        print(f"written to {path}")


if __name__ == "__main__":
    main()
