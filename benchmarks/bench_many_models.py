"""Many models: every pair in one batched call against one call per pair.

- Hierarchical test, 5 models x 54 data sets x 100 splits (10 pairs): all ten
  tests through ``compare_models(test="hierarchical")`` (the pairs' chains
  advance in the same array operations) against ten ``hierarchical_test``
  calls. Reports wall time and the effective sample size of ``delta0`` per
  second; the results are bit-identical, which the script checks.
- Signed-rank test, 20 models x 100 data sets (190 pairs): the matrix through
  ``compare_models`` (the pairs share their Dirichlet weight draws) against
  190 ``signed_rank_test`` calls.
- The report of 40 models x 50 data sets x 100 splits (780 pairs):
  ``effect_sizes()`` and ``report(format="markdown")`` against the comparison itself.

Both variants run interleaved in the same process, ``--rounds`` times; the
ratio is batched / separate (below 1 the batch is faster).
"""

import argparse
import statistics
import time
import warnings

import numpy as np
from sklearn.exceptions import ConvergenceWarning

from sklearn_bayescmp import ScoreTable, compare_models
from sklearn_bayescmp.stats import hierarchical_test, signed_rank_test


def score_table(n_models, n_datasets, n_splits, seed=0):
    """Scores of models a little apart, with data-set and split noise (10x10 CV)."""
    rng = np.random.default_rng(seed)
    skill = np.linspace(0.0, 0.02, n_models)[:, None]
    scores = {}
    for d in range(n_datasets):
        level = rng.uniform(0.7, 0.95)
        shared = rng.normal(0.0, 0.02, (1, n_splits))  # the same split is hard for all
        scores[f"data set {d}"] = (
            level + skill + shared + rng.normal(0.0, 0.01, (n_models, n_splits))
        )
    return ScoreTable(
        scores, models=[f"model {k}" for k in range(n_models)], test_train_ratio=1 / 9
    )


def pairs(table):
    models = table.models
    return [(models[i], models[j]) for i in range(len(models)) for j in range(i + 1, len(models))]


def hierarchical_round(table, *, n_warmup, n_draws):
    start = time.perf_counter()
    batched = compare_models(
        table,
        test="hierarchical",
        ranking=False,
        random_state=0,
        n_warmup=n_warmup,
        n_draws=n_draws,
    )
    batched_time = time.perf_counter() - start
    start = time.perf_counter()
    separate = [
        hierarchical_test(
            table.differences(a, b), n_warmup=n_warmup, n_draws=n_draws, random_state=0
        )
        for a, b in pairs(table)
    ]
    separate_time = time.perf_counter() - start
    for (a, b), result in zip(pairs(table), separate, strict=True):
        if batched.result(a, b).prob_a_better != result.prob_a_better:
            raise AssertionError(f"batched and separate results differ for {a} vs {b}")
    ess = sum(result.ess["delta0"] for result in separate)
    return batched_time, separate_time, ess


def signed_rank_round(table, *, n_draws):
    start = time.perf_counter()
    batched = compare_models(
        table, test="signed_rank", ranking=False, random_state=0, n_draws=n_draws
    )
    batched_time = time.perf_counter() - start
    start = time.perf_counter()
    separate = [
        signed_rank_test(table.differences(a, b), n_draws=n_draws, random_state=0)
        for a, b in pairs(table)
    ]
    separate_time = time.perf_counter() - start
    for (a, b), result in zip(pairs(table), separate, strict=True):
        if batched.result(a, b).prob_a_better != result.prob_a_better:
            raise AssertionError(f"batched and separate results differ for {a} vs {b}")
    return batched_time, separate_time


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="short chains, one round")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    rounds = 1 if args.quick else args.rounds
    n_warmup, n_draws = (200, 500) if args.quick else (1000, 5000)

    table = score_table(5, 54, 100)
    print(f"Hierarchical test, 5 models x 54 data sets x 100 splits (10 pairs), {rounds} round(s)")
    print(f"  chains: 4 x ({n_warmup} warm-up + {n_draws} draws)")
    times = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        for _ in range(rounds):
            times.append(hierarchical_round(table, n_warmup=n_warmup, n_draws=n_draws))
    batched, separate, ess = (statistics.median(column) for column in zip(*times, strict=True))
    print(f"  batched:  {batched:7.2f} s   ESS(delta0)/s {ess / batched:8.0f}")
    print(f"  separate: {separate:7.2f} s   ESS(delta0)/s {ess / separate:8.0f}")
    print(f"  ratio batched / separate: {batched / separate:.2f} (median), ", end="")
    print(f"{min(t[0] for t in times) / min(t[1] for t in times):.2f} (minimums)")

    table = score_table(20, 100, 10)
    draws = 5_000 if args.quick else 50_000
    print(f"\nSigned-rank test, 20 models x 100 data sets (190 pairs), {draws} draws")
    times = [signed_rank_round(table, n_draws=draws) for _ in range(rounds)]
    batched, separate = (statistics.median(column) for column in zip(*times, strict=True))
    print(f"  batched:  {batched:7.2f} s")
    print(f"  separate: {separate:7.2f} s")
    print(f"  ratio batched / separate: {batched / separate:.2f} (median)")

    table = score_table(40, 50, 100)
    print("\nReport, 40 models x 50 data sets x 100 splits (780 pairs), signed-rank")
    start = time.perf_counter()
    comparison = compare_models(
        table, test="signed_rank", ranking=False, random_state=0, n_draws=draws
    )
    compared = time.perf_counter() - start
    start = time.perf_counter()
    comparison.effect_sizes()
    effects = time.perf_counter() - start
    start = time.perf_counter()
    comparison.report(format="markdown")
    report = time.perf_counter() - start
    print(f"  compare_models: {compared:7.2f} s")
    print(f"  effect_sizes:   {effects:7.2f} s  ratio to compare_models {effects / compared:.2f}")
    print(f"  report (md):    {report:7.2f} s  ratio to compare_models {report / compared:.2f}")


if __name__ == "__main__":
    main()
