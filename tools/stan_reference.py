"""Reference posteriors of the hierarchical model from Stan (dev only, not run by CI).

Fits the model of ``sklearn_bayescmp.stats.hierarchical_test`` with Stan's NUTS
(PyStan 3, non-centred parameterisation, long chains, ``adapt_delta=0.99``) on
fixed synthetic collections, and writes their summaries next to the data to
``tests/stats/data/hierarchical_reference.json``. The tests compare the Gibbs
sampler against them.

Stan receives the same per-data-set summaries and prior bounds as the Gibbs
sampler (``hierarchical_data``), so the two differ only in how they sample;
that the summaries give the multivariate normal likelihood is tested
separately, against ``scipy.stats.multivariate_normal``.

With ``--timings`` it instead times Stan's compile and sampling with the Gibbs
sampler's default settings, for ``benchmarks/bench_hierarchical.py``.

Usage (PyStan 3 needs Linux or macOS and a C++ compiler)::

    python -m venv /tmp/stan && /tmp/stan/bin/pip install pystan -e ".[test]"
    /tmp/stan/bin/python tools/stan_reference.py [--timings]
"""

import argparse
import json
import time
import uuid
from pathlib import Path

import numpy as np
from arviz_stats.base import array_stats

from sklearn_bayescmp import CVDifferences
from sklearn_bayescmp.stats._core import outcome_probabilities
from sklearn_bayescmp.stats._hierarchical import HYPERPRIORS, hierarchical_data

ROOT = Path(__file__).parents[1]
OUTPUT = ROOT / "tests" / "stats" / "data" / "hierarchical_reference.json"
TIMINGS = ROOT / "benchmarks" / "stan_timings.json"
ROPE = 0.01
N_CHAINS, N_WARMUP, N_SAMPLES = 4, 2000, 10_000
#: The settings compared besides the default (the authors' current model).
PAPER = {"nu_prior": "paper", "delta0_bound": 1.0}
BAYCOMP = {"alpha_bounds": "baycomp", "beta_bounds": "baycomp"}

# Same model as the Gibbs sampler, written with the per-data-set summaries:
# log N(x_i; 1 delta_i, Sigma_i) = -n_i log sigma_i
#     - (A_i + B_i (mean_i - delta_i)^2) / (2 sigma_i^2) + const.
MODEL = """
data {
  int<lower=2> q;
  vector<lower=2>[q] n;
  vector[q] mean_diff;
  vector<lower=0>[q] within;
  vector<lower=0>[q] mean_weight;
  real<lower=0> sigma0_upper;
  real<lower=0> sigma_lower;
  real<lower=sigma_lower> sigma_upper;
  real<lower=0> nu_shift;
  real<lower=0> alpha_low;
  real<lower=alpha_low> alpha_high;
  real<lower=0> beta_low;
  real<lower=beta_low> beta_high;
}
parameters {
  real<lower=-1, upper=1> delta0;
  real<lower=0, upper=sigma0_upper> sigma0;
  real<lower=0> nu_excess;
  real<lower=alpha_low, upper=alpha_high> alpha;
  real<lower=beta_low, upper=beta_high> beta;
  vector[q] eta;
  vector<lower=sigma_lower, upper=sigma_upper>[q] sigma;
}
transformed parameters {
  real nu = nu_excess + nu_shift;
  vector[q] delta = delta0 + sigma0 * eta;
}
model {
  nu_excess ~ gamma(alpha, beta);
  eta ~ student_t(nu, 0, 1);
  target += -dot_product(n, log(sigma))
            - 0.5 * sum((within + mean_weight .* square(mean_diff - delta)) ./ square(sigma));
}
"""


def correlated_differences(rng, delta, sigma, n_folds, n_repeats):
    """Differences of repeated k-fold CV: MVN with correlation 1/k within a data set."""
    n = n_folds * n_repeats
    rho = 1.0 / n_folds
    shared = rng.standard_normal((len(delta), 1)) * np.sqrt(rho)
    own = rng.standard_normal((len(delta), n)) * np.sqrt(1.0 - rho)
    return np.round(delta[:, None] + sigma[:, None] * (shared + own), 6)


def benchmark_collection(q, seed=0):
    """Differences of 10 x 10 CV on q data sets with heterogeneous delta_i (benchmarks)."""
    rng = np.random.default_rng(seed)
    delta = rng.normal(0.01, 0.02, q)
    return correlated_differences(rng, delta, rng.uniform(0.01, 0.05, q), 10, 10)


def collections():
    """The fixed synthetic collections: name -> (differences, n_train, n_test, options).

    ``options`` are those of ``hierarchical_test``: none is the default, the
    authors' current model.
    """
    rng = np.random.default_rng(20171121)
    # q = 54 heterogeneous data sets: a bimodal p(delta), as in the paper's Table 2.
    q = 54
    component = rng.random(q) < 0.5
    delta = np.where(component, rng.normal(0.0, 0.005, q), rng.normal(0.03, 0.01, q))
    hetero = correlated_differences(rng, delta, rng.uniform(0.01, 0.05, q), 10, 10)
    # q = 10 data sets on which the models are equivalent (all delta_i = 0).
    equal = correlated_differences(rng, np.zeros(10), rng.uniform(0.01, 0.05, 10), 10, 10)
    # q = 6 with two data sets where every split gives the same difference.
    small_delta = rng.normal(0.01, 0.01, 6)
    small = correlated_differences(rng, small_delta, rng.uniform(0.01, 0.03, 6), 10, 3)
    small[0] = 0.0
    small[3] = 0.02
    return {
        "heterogeneous_q54": (hetero, 90, 10, {}),
        "heterogeneous_q54_paper": (hetero, 90, 10, PAPER),
        "equal_q10": (equal, 90, 10, {}),
        "equal_q10_paper": (equal, 90, 10, PAPER),
        "equal_q10_baycomp": (equal, 90, 10, BAYCOMP),
        "zero_variance_q6": (small, 90, 10, {}),
        "zero_variance_q6_rope": (small, 90, 10, {"zero_variance": "rope"}),
    }


def summarise(draws, rope, scale):
    """Posterior summaries of the Stan draws, each shaped (chains, draws[, q])."""
    summary = {}
    for name in ("delta0", "sigma0", "delta"):  # back to the scores' units
        draws[name] = draws[name] * scale
    for name in ("delta0", "sigma0", "nu"):
        values = draws[name]
        summary[name] = {
            "mean": float(values.mean()),
            "sd": float(values.std()),
            "q05": float(np.quantile(values, 0.05)),
            "q95": float(np.quantile(values, 0.95)),
            "rhat": float(array_stats.rhat(values)),
            "ess_bulk": float(array_stats.ess(values)),
            "ess_tail": float(array_stats.ess(values, method="tail", prob=(0.05, 0.95))),
        }
    delta = draws["delta"]
    summary["delta_mean"] = delta.mean(axis=(0, 1)).tolist()
    summary["delta_sd"] = delta.std(axis=(0, 1)).tolist()
    outcomes = outcome_probabilities(
        draws["nu"].ravel(), draws["delta0"].ravel(), draws["sigma0"].ravel(), (-rope, rope)
    ).reshape(*draws["nu"].shape, 3)
    winners = np.argmax(outcomes, axis=-1)
    for k, outcome in enumerate(("a", "equivalent", "b")):
        indicator = (winners == k).astype(float)
        summary[f"prob_{outcome}"] = float(indicator.mean())
        summary[f"prob_{outcome}_mcse"] = float(array_stats.mcse(indicator))
        summary[f"predictive_prob_{outcome}"] = float(outcomes[..., k].mean())
        summary[f"predictive_prob_{outcome}_mcse"] = float(array_stats.mcse(outcomes[..., k]))
    return summary


def records_of(differences, n_train=90, n_test=10):
    """One record per row of ``differences``, named ``d0``, ``d1``..."""
    return [
        CVDifferences(row, n_train=n_train, n_test=n_test, name=f"d{i}")
        for i, row in enumerate(differences)
    ]


def stan_data(differences, n_train, n_test, options):
    """The Gibbs sampler's summaries and prior bounds, as Stan data, and the scale."""
    records = records_of(differences, n_train, n_test)
    bounds = {
        name: HYPERPRIORS[value][name] if isinstance(value, str) else value
        for name, value in options.items()
        if name in ("alpha_bounds", "beta_bounds")
    }
    settings = {**options, **bounds}
    data, scale = hierarchical_data(
        records, [r.name for r in records], rope=(-ROPE, ROPE), **settings
    )
    return {
        "q": len(records),
        "n": data.n.tolist(),
        "mean_diff": data.mean.tolist(),
        "within": data.within.tolist(),
        "mean_weight": data.mean_weight.tolist(),
        "sigma0_upper": data.sigma0_upper,
        "sigma_lower": data.sigma_lower,
        "sigma_upper": data.sigma_upper,
        "nu_shift": data.nu_shift,
        "alpha_low": data.alpha_bounds[0],
        "alpha_high": data.alpha_bounds[1],
        "beta_low": data.beta_bounds[0],
        "beta_high": data.beta_bounds[1],
    }, scale


def timings():
    """Stan's compile and sampling time, and ours, with the Gibbs sampler's defaults.

    Both run in this process, one after the other, on the same collections.
    """
    import warnings

    import stan
    from sklearn.exceptions import ConvergenceWarning

    from sklearn_bayescmp.stats import hierarchical_test

    results = {}
    for q in (54, 500):
        # A fresh comment makes a new program, so httpstan's cache cannot hide the compile.
        program = MODEL + f"\n// timing run {uuid.uuid4()}\n"
        data, _ = stan_data(benchmark_collection(q), 90, 10, {})
        start = time.perf_counter()
        model = stan.build(program, data=data, random_seed=1)
        build = time.perf_counter() - start
        start = time.perf_counter()
        fit = model.sample(num_chains=4, num_warmup=1000, num_samples=5000)
        sample = time.perf_counter() - start
        draws = fit["delta0"][0].reshape(5000, 4).T
        records = records_of(benchmark_collection(q))
        start = time.perf_counter()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", ConvergenceWarning)
            ours = hierarchical_test(records, random_state=0)
        gibbs = time.perf_counter() - start
        results[q] = {
            "build_seconds": build,
            "sample_seconds": sample,
            "ess_delta0": float(array_stats.ess(draws)),
            "divergences": int(fit["divergent__"].sum()),
            "gibbs_seconds": gibbs,
            "gibbs_ess_delta0": ours.ess["delta0"],
        }
        print(
            f"q={q}: Stan build {build:.1f} s, sampling {sample:.1f} s; Gibbs {gibbs:.1f} s",
            flush=True,
        )
    TIMINGS.write_text(json.dumps(results, indent=1) + "\n")
    print(f"wrote {TIMINGS}")


def main():
    import stan

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--timings", action="store_true", help="time Stan for the benchmark instead"
    )
    parser.add_argument("--only", nargs="*", help="refit these collections, keep the others")
    args = parser.parse_args()
    if args.timings:
        timings()
        return
    reference = {"rope": ROPE, "stan": {}, "collections": {}}
    if args.only and OUTPUT.exists():
        reference = json.loads(OUTPUT.read_text())
    for name, (differences, n_train, n_test, options) in collections().items():
        if args.only and name not in args.only:
            continue
        start = time.perf_counter()
        data, scale = stan_data(differences, n_train, n_test, options)
        model = stan.build(MODEL, data=data, random_seed=1)
        build_time = time.perf_counter() - start
        start = time.perf_counter()
        fit = model.sample(
            num_chains=N_CHAINS,
            num_warmup=N_WARMUP,
            num_samples=N_SAMPLES,
            delta=0.99,
        )
        sample_time = time.perf_counter() - start

        def chains(param, fit=fit):
            # fit[param] is (dims, draws * chains) with the chains interleaved.
            values = fit[param]
            return np.transpose(values.reshape(values.shape[0], N_SAMPLES, N_CHAINS), (2, 1, 0))

        draws = {name: chains(name)[..., 0] for name in ("delta0", "sigma0", "nu")}
        draws["delta"] = chains("delta")
        summary = summarise(draws, ROPE, scale)
        summary["divergences"] = int(fit["divergent__"].sum())
        summary["build_seconds"] = build_time
        summary["sample_seconds"] = sample_time
        summary["settings"] = {
            "num_chains": N_CHAINS,
            "num_warmup": N_WARMUP,
            "num_samples": N_SAMPLES,
            "adapt_delta": 0.99,
            "pystan": stan.__version__ if hasattr(stan, "__version__") else "3",
        }
        reference["stan"][name] = summary
        reference["collections"][name] = {
            "differences": differences.tolist(),
            "n_train": n_train,
            "n_test": n_test,
            "options": options,
        }
        print(
            f"{name}: build {build_time:.1f} s, sampling {sample_time:.1f} s, "
            f"{summary['divergences']} divergences, delta0 {summary['delta0']['mean']:.4g}, "
            f"sigma0 {summary['sigma0']['mean']:.4g}, nu {summary['nu']['mean']:.4g}",
            flush=True,
        )
    OUTPUT.parent.mkdir(parents=True, exist_ok=True)
    OUTPUT.write_text(json.dumps(reference, indent=1) + "\n")
    print(f"wrote {OUTPUT}")


if __name__ == "__main__":
    main()
