"""The ``bayescmp`` command: compare two models from a CSV of score differences.

``bayescmp compare FILE.csv`` reads the :class:`CVDifferences` CSV format (one
data set, or many through the ``dataset`` column) and prints, per data set,
the corrected repeated-CV t-test and the Bayesian correlated t-test with its
decision; for several data sets also the Poisson-binomial, sign, signed-rank
and hierarchical tests. ``bayescmp demo`` runs the README's main job.

Bad input ends the command with exit status 2 and a one-line message naming
the file, the line or the column; never a traceback.
"""

import argparse
import json
import sys
import warnings

import numpy as np
from sklearn.exceptions import ConvergenceWarning

from . import __version__
from ._differences import CVDifferences
from .stats import (
    bayesian_correlated_ttest,
    corrected_ttest,
    hierarchical_test,
    poisson_test,
    sign_test,
    signed_rank_test,
)
from .stats._collection import collection_model_names
from .utils._validation import check_probability, check_rope

#: Exit status for bad input or arguments, as argparse uses.
USAGE_ERROR = 2


class InputError(Exception):
    """Bad input, reported in one line without a traceback."""


def _dataset_report(source, name, record, rope, threshold):
    """Numbers of the single-data-set tests of one record."""
    try:
        ttest = corrected_ttest(record, nan_policy="omit")
        posterior = bayesian_correlated_ttest(record, rope=rope, nan_policy="omit")
    except (ValueError, TypeError) as exc:
        raise InputError(f"{source!r}, data set {name!r}: {exc}") from None
    return {
        "n_splits": int(record.n_splits),
        "n_failed": int(record.n_failed),
        "mean_difference": float(ttest.estimate),
        "corrected_ttest": {
            "statistic": float(ttest.statistic),
            "df": float(ttest.df),
            "pvalue": float(ttest.pvalue),
        },
        "bayesian_correlated_ttest": {
            "prob_a_better": posterior.prob_a_better,
            "prob_equivalent": posterior.prob_equivalent,
            "prob_b_better": posterior.prob_b_better,
            "credible_interval": list(posterior.credible_interval()),
            "decision": posterior.decision(threshold),
        },
    }, posterior


def _collection_report(records, rope, threshold, seed, hierarchical):
    """Numbers of the tests over data sets."""

    def probabilities(result, **extra):
        return {
            "prob_a_better": result.prob_a_better,
            "prob_equivalent": result.prob_equivalent,
            "prob_b_better": result.prob_b_better,
            **extra,
            "decision": result.decision(threshold),
        }

    poisson = poisson_test(records, rope=rope)
    report = {
        "poisson_test": probabilities(poisson, prob_no_majority=poisson.prob_no_majority),
        "sign_test": probabilities(sign_test(records, rope=rope, random_state=seed)),
        "signed_rank_test": probabilities(signed_rank_test(records, rope=rope, random_state=seed)),
    }
    result = None
    if hierarchical:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always", ConvergenceWarning)
            result = hierarchical_test(records, rope=rope, random_state=seed)
        report["hierarchical_test"] = probabilities(
            result,
            predictive_prob_a_better=result.predictive_prob_a_better,
            predictive_prob_equivalent=result.predictive_prob_equivalent,
            predictive_prob_b_better=result.predictive_prob_b_better,
            converged=not any(issubclass(w.category, ConvergenceWarning) for w in caught),
        )
    return report, result


def _format_table(report):
    """The report as aligned text tables."""
    lines = [
        f"A = {report['model_a']}, B = {report['model_b']} (differences A - B: positive favours A)",
        f"rope = [{report['rope'][0]:g}, {report['rope'][1]:g}], "
        f"decision threshold = {report['threshold']:g}",
        "",
        f"{'data set':<20} {'splits':>6} {'mean A-B':>9} {'p (corr.)':>9} "
        f"{'P(A)':>6} {'P(eq)':>6} {'P(B)':>6}  decision",
    ]
    for name, entry in report["datasets"].items():
        bayes = entry["bayesian_correlated_ttest"]
        lines.append(
            f"{name[:20]:<20} {entry['n_splits']:>6} {entry['mean_difference']:>9.4f} "
            f"{entry['corrected_ttest']['pvalue']:>9.4f} {bayes['prob_a_better']:>6.3f} "
            f"{bayes['prob_equivalent']:>6.3f} {bayes['prob_b_better']:>6.3f}  {bayes['decision']}"
        )
    if report.get("collection"):
        lines += ["", f"{'over the data sets':<20} {'P(A)':>6} {'P(eq)':>6} {'P(B)':>6}  decision"]
        for test, entry in report["collection"].items():
            lines.append(
                f"{test:<20} {entry['prob_a_better']:>6.3f} {entry['prob_equivalent']:>6.3f} "
                f"{entry['prob_b_better']:>6.3f}  {entry['decision']}"
            )
    return "\n".join(lines)


def _plot(path, datasets, posteriors, hierarchical):
    """Posterior of one data set, or the forest of several, saved to ``path``."""
    from .plotting import ForestDisplay, PosteriorDisplay
    from .plotting._base import check_matplotlib

    plt = check_matplotlib()
    fig, ax = plt.subplots(figsize=(7, 1.5 + 0.35 * max(len(datasets), 8)))
    if len(posteriors) == 1:
        PosteriorDisplay.from_result(next(iter(posteriors.values())), ax=ax)
    else:
        ForestDisplay(
            names=list(posteriors),
            estimates=np.array([p.loc for p in posteriors.values()]),
            intervals=np.array([tuple(p.credible_interval()) for p in posteriors.values()]),
            rope=next(iter(posteriors.values())).rope,
            shrinkage_estimates=None if hierarchical is None else hierarchical.shrinkage_estimates,
            shrinkage_intervals=None if hierarchical is None else hierarchical.shrinkage_intervals,
        ).plot(ax=ax)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def compare(args):
    """Run ``bayescmp compare``; return the report it printed."""
    try:
        rope = check_rope(args.rope, name="--rope")
        threshold = check_probability(args.threshold, name="--threshold")
    except ValueError as exc:
        raise InputError(str(exc).replace("`", "")) from None
    try:
        datasets = CVDifferences.read_csv_collection(args.file)
    except OSError as exc:
        raise InputError(f"cannot read {args.file!r}: {exc.strerror or exc}") from None
    except (ValueError, TypeError) as exc:
        raise InputError(str(exc)) from None
    try:
        names = collection_model_names(list(datasets.values()), list(datasets), name=args.file)
    except ValueError as exc:
        raise InputError(str(exc).replace("`", "")) from None
    report = {
        "file": args.file,
        "model_a": names[0],
        "model_b": names[1],
        "rope": list(rope),
        "threshold": threshold,
        "datasets": {},
    }
    posteriors = {}
    for name, record in datasets.items():
        report["datasets"][name], posteriors[name] = _dataset_report(
            args.file, name, record, rope, threshold
        )
    hierarchical = None
    if len(datasets) >= 2:
        report["collection"], hierarchical = _collection_report(
            list(datasets.values()), rope, threshold, args.seed, not args.no_hierarchical
        )
    if args.plot:
        _plot(args.plot, datasets, posteriors, hierarchical)
    print(json.dumps(report, indent=2) if args.json else _format_table(report))
    return report


def demo(args):
    """Run ``bayescmp demo``: the README's main job, with a progress bar."""
    from sklearn.datasets import load_breast_cancer
    from sklearn.linear_model import LogisticRegression
    from sklearn.naive_bayes import GaussianNB
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    from ._comparator import RepeatedCVComparator

    X, y = load_breast_cancer(return_X_y=True)
    print("Scaled logistic regression (A) vs Gaussian naive Bayes (B), breast cancer, 10x10 CV")
    comparator = RepeatedCVComparator(
        make_pipeline(StandardScaler(), LogisticRegression()),
        GaussianNB(),
        names=("logistic regression", "naive Bayes"),
        scoring="accuracy",
        rope=0.01,
        n_jobs=args.n_jobs,
        random_state=args.seed,
        verbose=1,
    ).fit(X, y)
    print(comparator.summary())
    return comparator


def build_parser():
    """The argument parser of ``bayescmp``."""
    parser = argparse.ArgumentParser(
        prog="bayescmp",
        description="Is model A really better than model B? Bayesian and corrected "
        "frequentist comparisons of cross-validated models.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    comparing = commands.add_parser(
        "compare",
        help="compare two models from a CSV of per-split score differences",
        description="Read the CVDifferences CSV format: columns n_train, n_test and "
        "either difference or score_a and score_b (A - B: positive favours A), with "
        "an optional dataset column for several data sets, and repeat/fold. Print the "
        "corrected t-test and the Bayesian correlated t-test of every data set and, "
        "for several data sets, the Poisson-binomial, sign, signed-rank and "
        "hierarchical tests.",
    )
    comparing.add_argument("file", metavar="FILE.csv", help="the CSV file")
    comparing.add_argument(
        "--rope", type=float, default=0.01, help="half-width of the rope (default 0.01)"
    )
    comparing.add_argument(
        "--threshold", type=float, default=0.95, help="decision threshold (default 0.95)"
    )
    comparing.add_argument("--plot", metavar="OUT.png", help="save a posterior or forest plot")
    comparing.add_argument("--json", action="store_true", help="print JSON instead of tables")
    comparing.add_argument(
        "--seed", type=int, default=0, help="seed of the sampled tests (default 0)"
    )
    comparing.add_argument(
        "--no-hierarchical",
        action="store_true",
        help="skip the hierarchical test (the slowest, a few seconds)",
    )
    comparing.set_defaults(run=compare)

    demonstrating = commands.add_parser(
        "demo",
        help="run a real comparison on a bundled data set, with a progress bar",
        description="Compare scaled logistic regression with Gaussian naive Bayes on "
        "scikit-learn's breast cancer data with 10x10 cross-validation.",
    )
    demonstrating.add_argument("--n-jobs", type=int, default=None, help="parallel jobs")
    demonstrating.add_argument("--seed", type=int, default=0, help="seed of the splits")
    demonstrating.set_defaults(run=demo)
    return parser


def main(argv=None):
    """Entry point of the ``bayescmp`` command.

    Parameters
    ----------
    argv : list of str, default=None
        Arguments; ``sys.argv[1:]`` when None.

    Returns
    -------
    int
        Exit status: 0 on success, 2 on bad input.
    """
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        args.run(args)
    except InputError as exc:
        message = " ".join(str(exc).split())  # one line, whatever the error held
        print(f"bayescmp {args.command}: error: {message}", file=sys.stderr)
        return USAGE_ERROR
    return 0
