"""Type I error of the corrected and the naive repeated-CV t-test, 10 x 10 CV.

Two classifiers with the same expected accuracy (the naive Bayes pair of
Corani et al. 2017 with delta = 0, theta_f = 0.9): each data set is one
one-sided test at alpha = 0.05. The corrected t-test (Nadeau & Bengio) should
reject about 5% of the time; the naive t-test, which treats the 100
correlated differences as independent, far more often.
"""

import argparse

from studies import power_study


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--experiments", type=int, default=200, help="experiments of 20 data sets")
    parser.add_argument("--n-jobs", type=int, default=None)
    args = parser.parse_args()
    study = power_study(
        "naive_bayes_pair",
        [0.0],
        n_datasets=20,
        n_repeats=10,
        sizes=(100, 300, 1000),
        n_experiments=args.experiments,
        tests=("corrected_t", "paired_t"),
        n_jobs=args.n_jobs,
        random_state=0,
    )
    print(study.summary())


if __name__ == "__main__":
    main()
