"""Every printed probability of the sign and signed-rank tests against a long run.

``compare_models`` draws each pair's Monte Carlo samples until its probabilities'
standard error is at most 0.005 (the rounding of two printed decimals) and its
decision at the threshold is settled at 99.9% (``stats/_dirichlet_draws.py``). Each
result states its Monte Carlo error: ``mc_error``, the half-width of a 99.9%
interval. This study checks that statement on the tables where it is hardest to
keep, 300 models x 30 data sets of ``bench_many_pairs.py`` (every pair undecided;
near-identical models), and on the real tables of ``../shared/data``:

- every pair is compared again, alone and with another seed, with ``n_draws``
  fixed at 200,000 (a standard error near 0.001 at p = 0.5: the long run);
- a probability is *outside* its stated error when it differs from the long run's
  by more than ``mc_error`` plus the long run's own 99.9% half-width; the share
  outside is set beside the nominal 0.1% (every pair has three probabilities);
- a printed probability (two decimals) is checked the same way, with the half unit
  of its rounding added;
- a decision is *unsettled* when the long run decides otherwise.

Run ``python benchmarks/study_monte_carlo_error.py`` (``--quick``: 60 models).
"""

import argparse
import sys
import time
import warnings
from itertools import combinations
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_many_pairs import write_table  # noqa: E402

from sklearn_bayescmp import ScoreTable, compare_models  # noqa: E402
from sklearn_bayescmp.stats._dirichlet_draws import Z_999  # noqa: E402
from sklearn_bayescmp.stats._sign import dirichlet_process_tests  # noqa: E402

DATA = ROOT.parent / "shared" / "data"
PROBABILITIES = ("prob_a_better", "prob_equivalent", "prob_b_better")
LONG_DRAWS = 200_000


def check(label, table, threshold=0.95, allow_incomplete=False):
    """Compare the default run of every pair with a long run of another seed."""
    start = time.perf_counter()
    comparison = compare_models(
        table, random_state=0, ranking=False, allow_incomplete=allow_incomplete
    )
    seconds = time.perf_counter() - start
    pairs = list(combinations(table.models, 2))
    defaults = [comparison.results[pair] for pair in pairs]
    # Each pair on the data sets where both models have scores (as compared).
    collections = [
        {
            name: record
            for name, record in table.differences(a, b).items()
            if np.isfinite(record.differences).any()
        }
        for a, b in pairs
    ]
    long = dirichlet_process_tests(
        comparison.test,
        collections,
        rope=comparison.rope,
        prior_strength=defaults[0].prior_strength,
        prior_place=defaults[0].prior_place,
        n_draws=LONG_DRAWS,
        random_state=12345,
        keep_draws=0,
    )
    estimated = np.array([[getattr(r, name) for name in PROBABILITIES] for r in defaults])
    reference = np.array([[getattr(r, name) for name in PROBABILITIES] for r in long])
    stated = np.array([r.mc_error for r in defaults])[:, None]
    allowed = stated + Z_999 * np.array([r.mcse for r in long])[:, None]
    outside = np.abs(estimated - reference) > allowed
    printed = np.round(estimated, 2)
    printed_outside = np.abs(printed - reference) > allowed + 0.005
    decisions = [r.decision(threshold) for r in defaults]
    long_decisions = [r.decision(threshold) for r in long]
    unsettled = sum(a != b for a, b in zip(decisions, long_decisions, strict=True))
    draws = np.array([r.n_draws for r in defaults])
    print(
        f"{label}: {len(pairs):,} pairs in {seconds:.1f} s, draws a pair median "
        f"{int(np.median(draws)):,} (mean {draws.mean():,.0f}); stated error at most "
        f"±{stated.max():.3f}; outside it: {outside.sum()} of {outside.size:,} probabilities "
        f"({outside.mean():.3%}, nominal 0.1%); printed (two decimals) outside it plus the "
        f"rounding: {printed_outside.sum()}; decisions the long run takes otherwise: "
        f"{unsettled} of {len(pairs):,}; decisions not settled by the most draws: "
        f"{sum(not r.settled for r in defaults)}",
        flush=True,
    )


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    warnings.simplefilter("ignore")
    n_models = 60 if args.quick else 300
    import tempfile

    with tempfile.TemporaryDirectory() as directory:
        for kind in ("undecided", "near-identical", "offsets"):
            path = Path(directory) / f"{kind}.csv"
            write_table(path, n_models, 30, kind)
            table = ScoreTable.read_csv(path, greater_is_better=True)
            check(f"{kind}, {n_models} x 30", table)
    if (DATA / "tutorial54_accuracies.csv").exists():
        table = ScoreTable.read_csv(
            DATA / "tutorial54_accuracies.csv",
            model="classifier",
            score="accuracy",
            greater_is_better=True,
        )
        means = table.mean_scores()  # (data sets, models): the signed-rank test's input
        columns = {"dataset": list(table.datasets)}
        columns |= {model: means[:, k] for k, model in enumerate(table.models)}
        means_table = ScoreTable.from_wide(columns, dataset="dataset", greater_is_better=True)
        check("real: the tutorial's 5 x 54, means (signed-rank)", means_table)
    if (DATA / "tabzilla_tuned_aggregated_results.csv").exists():
        table = ScoreTable.read_csv(
            DATA / "tabzilla_tuned_aggregated_results.csv",
            model="alg_name",
            dataset="dataset_name",
            score="Accuracy__test_mean",
            greater_is_better=True,
        )
        check("real: TabZilla, 22 x 171, incomplete", table, allow_incomplete=True)


if __name__ == "__main__":
    main()
