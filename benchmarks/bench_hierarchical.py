"""Speed, mixing and memory of the hierarchical test's Gibbs sampler.

For q = 54 and q = 500 data sets (10 x 10 cross-validation, n = 100 differences
each), with the default settings (4 chains, 1,000 warm-up iterations, 5,000
draws per chain): wall time, bulk ESS per second and R-hat of delta0, sigma0
and nu, and peak memory (tracemalloc, in a separate run so that tracing does
not slow the timed one). Target: q = 54 under 10 s with R-hat <= 1.01.

Each size runs with the default prior (the authors' current model: ``nu = 1 +
Gamma``, ``delta0`` bounded by the data) and with the package's previous
default (the paper's ``nu ~ Gamma``, ``delta0 ~ U(-1, 1)``), so that the ESS
per second of the two can be compared in one run.

When ``benchmarks/stan_timings.json`` exists (written by
``tools/stan_reference.py --timings``, which needs PyStan), it also prints
PyStan's compile + sampling time on the same collections with the same
settings, and its ratio to the Gibbs sampler's time measured in that same run.
"""

import argparse
import json
import sys
import time
import tracemalloc
import warnings
from pathlib import Path

from sklearn.exceptions import ConvergenceWarning

from sklearn_bayescmp.stats import hierarchical_test

ROOT = Path(__file__).parents[1]
sys.path.insert(0, str(ROOT))
from tools.stan_reference import benchmark_collection, records_of  # noqa: E402  (shared with Stan)


def run(records, **kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)  # reported below instead
        return hierarchical_test(records, random_state=0, **kwargs)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="q = 54 only, 1,000 draws")
    args = parser.parse_args()
    sizes = (54,) if args.quick else (54, 500)
    n_draws = 1000 if args.quick else 5000
    stan_path = ROOT / "benchmarks" / "stan_timings.json"
    stan = json.loads(stan_path.read_text()) if stan_path.exists() else {}

    print(f"Hierarchical test, 4 chains x (1,000 warm-up + {n_draws} draws), n = 100 each")
    header = (
        f"{'q':>5} {'prior':>8} {'time s':>7} {'peak MiB':>9} {'R-hat max':>10} "
        f"{'ESS/s d0':>9} {'ESS/s s0':>9} {'ESS/s nu':>9} {'Stan s':>8} {'ratio':>6}"
    )
    print(header)
    priors = {"default": {}, "paper": {"nu_prior": "paper", "delta0_bound": 1.0}}
    for q, (label, prior) in ((q, item) for q in sizes for item in priors.items()):
        records = records_of(benchmark_collection(q))
        start = time.perf_counter()
        result = run(records, n_draws=n_draws, **prior)
        elapsed = time.perf_counter() - start
        tracemalloc.start()
        run(records, n_draws=n_draws, **prior)
        peak = tracemalloc.get_traced_memory()[1] / 2**20
        tracemalloc.stop()
        ess = [result.ess[name] / elapsed for name in ("delta0", "sigma0", "nu")]
        reference = stan.get(str(q)) if label == "default" else None
        if reference:
            stan_time = reference["build_seconds"] + reference["sample_seconds"]
            stan_text = f"{stan_time:8.1f} {stan_time / reference['gibbs_seconds']:6.1f}"
        else:
            stan_text = f"{'-':>8} {'-':>6}"
        print(
            f"{q:>5} {label:>8} {elapsed:7.2f} {peak:9.0f} {max(result.rhat.values()):10.4f} "
            f"{ess[0]:9.0f} {ess[1]:9.0f} {ess[2]:9.0f} {stan_text}"
        )


if __name__ == "__main__":
    main()
