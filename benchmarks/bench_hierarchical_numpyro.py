"""ESS per second of the hierarchical test's sampler against numpyro's NUTS.

Both sample the same posterior: the per-data-set summaries and prior bounds of
``hierarchical_data`` (the test's default treatment of all-equal data sets).
numpyro's NUTS (``target_accept_prob=0.95``) runs the authors' Stan model in
two forms: as the authors wrote it ("centred": ``delta_i ~ t(nu, delta0,
sigma0)``), and non-centred (``delta_i = delta0 + sigma0 eta_i``, as
``tools/stan_reference.py`` gives it to Stan, which needs it to mix). Both
write each data set's multivariate normal likelihood from its summaries (the
same value, tested against scipy; far cheaper than the authors' 100 x 100
covariance per data set, so NUTS is timed at its fastest).
Both run 4 chains of 1,000 warm-up iterations and 5,000 draws, one after the
other in this process; numpyro's time includes its compilation (reported
apart). The table gives the bulk ESS per second of ``delta0``, ``sigma0`` and
``nu``, the worst R-hat, the share of draws with ``nu > 4`` and the ratio of
the Gibbs sampler's ESS per second to numpyro's for the worst of the three.

On the near-identical collections the posterior of ``nu`` has two modes (near
1 and above 4). NUTS does not cross between them: started in the mode near 1
it stays there (2 chains x 3,000 draws, none above 4), and from its default
start it stays above 4; its R-hat and ESS then describe one mode, and the
share of draws above 4 shows which. The row "quadr." gives the share
without sampling (``tests/stats/_hierarchical_quadrature.py``, on a grid
around the Gibbs draws, padded on every side; it prints the largest mass on a
face of the grid, which must be negligible).

Collections: the benchmark's 54 heterogeneous data sets; 6 data sets of which
two have all differences equal (the Stan fixture ``zero_variance_q6``); and
near-identical models (``study_zero_variance.near_identical_collection``,
seeds 0 and 3, where the posterior of ``nu`` has two modes).

``--per-split`` runs NUTS on the authors' model as they ship it: every
split's difference observed, each data set's differences multivariate normal
with the intraclass correlation matrix ``(1 - rho) I + rho 11'`` times
``sigma_i**2`` (its Cholesky factor computed once, so NUTS is still timed at
its fastest), on the ordinary collections (the benchmark's q = 54 and the
Stan fixture's heterogeneous q = 54; collections with all-equal data sets have
no per-split likelihood the summaries' treatment matches).

``--real`` runs the real pairs of ``../shared/data/tutorial54_accuracies.csv``
(5 classifiers on 54 data sets, 10 x 10 cross-validation; the tutorial's) beside
the benchmark's synthetic q = 54, interleaved in one process: for each
collection the Gibbs sampler, then NUTS (compiled first, its compilation
excluded), with the settings a baycomp user on real data would meet: NUTS on
the authors' per-split model as they ship it (centred, the intraclass
correlation likelihood), 4 chains x (1,000 + 2,500), ``target_accept_prob=0.9``.
Each NUTS row also gives its adapted step size, its leapfrog steps a draw and
the share of draws at numpyro's largest tree (depth 10: 1,023 steps), which is
what a posterior's shape costs it; ``--chains 1 --real-warmup 500 --real-draws
100`` shows them for a real pair in minutes.

``--authors`` (the benchmark's first comparison, ``benchmarks/README.md``) runs
NUTS as a user of the authors' code meets it: their preprocessing (differences
divided by the mean of the data sets' standard deviations, all-equal data sets
jittered within the rope, their prior bounds; :func:`authors_preprocessing`) and
their centred model, beside the Gibbs sampler on the same posterior; the
likelihood from each data set's summaries (NUTS at its fastest; ``--per-split``
evaluates every split's density instead). ``--why`` varies the scale and the
treatment of all-equal data sets one at a time, to find which makes NUTS's step
size on the package's rescaling so small.

Run (numpyro and jax are not dependencies)::

    pip install numpyro jax && python benchmarks/bench_hierarchical_numpyro.py [--per-split]
    python benchmarks/bench_hierarchical_numpyro.py --real [--pairs nbc-aode,hnb-j48]
    python benchmarks/bench_hierarchical_numpyro.py --authors [--pairs nbc-aode,hnb-j48]
"""

import argparse
import os
import sys
import time
from pathlib import Path

os.environ.setdefault("XLA_FLAGS", "--xla_force_host_platform_device_count=1")

import numpy as np  # noqa: E402

from sklearn_bayescmp.stats._diagnostics import convergence_diagnostics  # noqa: E402
from sklearn_bayescmp.stats._hierarchical import hierarchical_data  # noqa: E402
from sklearn_bayescmp.stats._hierarchical_sampler import sample_posteriors  # noqa: E402

ROOT = Path(__file__).parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))
from study_zero_variance import near_identical_collection  # noqa: E402

from tools.stan_reference import benchmark_collection, collections, records_of  # noqa: E402

N_CHAINS, N_WARMUP, N_SAMPLES = 4, 1000, 5000
#: NUTS's mean leapfrog steps a draw, run after run.
LEAPFROG_STEPS = []
#: NUTS's adapted step size (the median over chains) and the share of its draws whose
#: trajectory hit numpyro's largest tree (depth 10: 1,023 leapfrog steps), run after run.
STEP_SIZES, AT_MAX_TREE_DEPTH = [], []
TOP = ("delta0", "sigma0", "nu")


def compared_collections(per_split=False):
    if per_split:
        hetero, n_train, n_test, _ = collections()["heterogeneous_q54"]
        return {
            "heterogeneous, q = 54": records_of(benchmark_collection(54)),
            "Stan fixture, q = 54": records_of(hetero, n_train, n_test),
        }
    near = {}
    for seed in (0, 3):
        rng = np.random.default_rng(seed)
        near[f"near-identical (seed {seed})"] = near_identical_collection(rng)[0]
    small, n_train, n_test, _ = collections()["zero_variance_q6"]
    return {
        "heterogeneous, q = 54": records_of(benchmark_collection(54)),
        "two all-equal of q = 6": records_of(small, n_train, n_test),
        **near,
    }


#: The real collections (not in the repository: the project's shared data).
REAL_DATA = ROOT.parent / "shared" / "data" / "tutorial54_accuracies.csv"
REAL_PAIRS = ("nbc-aode", "hnb-j48", "aode-j48", "j48-j48gr")


def real_collections(pairs):
    """The tutorial's real pairs, each a collection of 54 data sets x 100 splits."""
    from sklearn_bayescmp import ScoreTable

    if not REAL_DATA.exists():
        raise SystemExit(f"{REAL_DATA} is absent: the real collections are not in the repository.")
    table = ScoreTable.read_csv(REAL_DATA, greater_is_better=True, test_train_ratio=1 / 9)
    found = {}
    for pair in pairs:
        a, b = pair.split("-")
        records = table.differences(a, b)
        found[f"real {pair}"] = [records[name] for name in records]
    return found


def gibbs(data):
    start = time.perf_counter()
    ((draws, _),) = sample_posteriors(
        [data],
        n_chains=N_CHAINS,
        n_warmup=N_WARMUP,
        n_samples=N_SAMPLES,
        rng=np.random.default_rng(0),
    )
    return {name: draws[name] for name in TOP}, time.perf_counter() - start, 0.0


def per_split_arrays(records, data):
    """Each data set's differences on the sampler's scale, and its correlation matrix's
    Cholesky factor: ``(q, n)`` and ``(q, n, n)``."""
    scale = max(float(np.max(np.abs(record.differences))) for record in records)
    x = np.array([record.differences for record in records]) / scale
    np.testing.assert_allclose(x.mean(axis=1), data.mean)  # the same collection and scale
    n = x.shape[1]
    rho = np.asarray(data.rho)[:, None, None]
    correlation = (1.0 - rho) * np.eye(n) + rho * np.ones((n, n))
    return x, np.linalg.cholesky(correlation)


def numpyro_nuts(
    data,
    centred,
    splits=None,
    n_warmup=N_WARMUP,
    n_samples=N_SAMPLES,
    target=0.95,
    n_chains=N_CHAINS,
    delta0_bound=1.0,
):
    import jax
    import jax.numpy as jnp
    import numpyro
    import numpyro.distributions as dist
    from numpyro.infer import MCMC, NUTS

    n, mean, within, weight = (
        jnp.asarray(v) for v in (data.n, data.mean, data.within, data.mean_weight)
    )
    q = mean.shape[0]

    def model():
        delta0 = numpyro.sample("delta0", dist.Uniform(-delta0_bound, delta0_bound))
        sigma0 = numpyro.sample("sigma0", dist.Uniform(0.0, data.sigma0_upper))
        alpha = numpyro.sample("alpha", dist.Uniform(*data.alpha_bounds))
        beta = numpyro.sample("beta", dist.Uniform(*data.beta_bounds))
        nu_excess = numpyro.sample("nu_excess", dist.Gamma(alpha, beta))
        nu = numpyro.deterministic("nu", nu_excess + data.nu_shift)
        if centred:
            delta = numpyro.sample("delta", dist.StudentT(nu, delta0, sigma0).expand([q]))
        else:
            eta = numpyro.sample("eta", dist.StudentT(nu, 0.0, 1.0).expand([q]))
            delta = delta0 + sigma0 * eta
        sigma = numpyro.sample(
            "sigma", dist.Uniform(data.sigma_lower, data.sigma_upper).expand([q])
        )
        if splits is not None:
            x, cholesky = (jnp.asarray(v) for v in splits)
            numpyro.sample(
                "x",
                dist.MultivariateNormal(
                    delta[:, None] * jnp.ones(x.shape[1]),
                    scale_tril=sigma[:, None, None] * cholesky,
                ),
                obs=x,
            )
            return
        numpyro.factor(
            "likelihood",
            -jnp.sum(n * jnp.log(sigma))
            - 0.5 * jnp.sum((within + weight * (mean - delta) ** 2) / sigma**2),
        )

    def run(n_warmup, n_samples):
        mcmc = MCMC(
            NUTS(model, target_accept_prob=target),
            num_warmup=n_warmup,
            num_samples=n_samples,
            num_chains=n_chains,
            chain_method="sequential",
            progress_bar=False,
        )
        start = time.perf_counter()
        mcmc.run(jax.random.PRNGKey(0), extra_fields=("num_steps",))
        # JAX dispatches asynchronously: run can return before the chains are computed
        # (with one chain, after 6 s of a 31 s run), so the clock stops on the draws.
        jax.block_until_ready(mcmc.get_samples())
        return mcmc, time.perf_counter() - start

    _, compile_time = run(1, 1)  # mostly tracing and compiling
    mcmc, elapsed = run(n_warmup, n_samples)
    samples = mcmc.get_samples(group_by_chain=True)
    # Leapfrog steps a draw (each a gradient of every split's likelihood): what a
    # posterior's shape costs NUTS.
    steps = np.asarray(mcmc.get_extra_fields()["num_steps"])
    LEAPFROG_STEPS.append(float(np.mean(steps)))
    AT_MAX_TREE_DEPTH.append(float(np.mean(steps >= 2**10 - 1)))
    STEP_SIZES.append(float(np.median(np.asarray(mcmc.last_state.adapt_state.step_size))))
    return {name: np.asarray(samples[name]) for name in TOP}, elapsed, compile_time


def quadrature_share_above_4(data, draws):
    """The posterior's share above ``nu = 4`` by quadrature, and the grid's largest face mass."""
    from tests.stats._hierarchical_quadrature import (
        largest_face_mass,
        log_nu_excess_axis,
        mass_above,
        posterior_on_grid,
    )

    low, high = np.quantile(draws["delta0"], [0.0005, 0.9995])
    delta0 = np.linspace(2 * low - high, 2 * high - low, 17)
    log_sigma0 = np.log(draws["sigma0"])
    top = min(log_sigma0.max() + 3.0, np.log(data.sigma0_upper) - 1e-9)
    log_sigma0 = np.linspace(log_sigma0.min() - 8.0, top, 24)
    threshold = np.log(4.0 - data.nu_shift)
    log_nu_excess = log_nu_excess_axis(threshold)
    weights = posterior_on_grid(data, delta0, log_sigma0, log_nu_excess)
    share = mass_above(weights.sum(axis=(0, 1)), log_nu_excess, threshold)
    return share, float(largest_face_mass(weights))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--per-split",
        action="store_true",
        help="NUTS on every split's data (with --authors: every split's density, not the "
        "summaries')",
    )
    parser.add_argument(
        "--nuts-draws",
        type=int,
        default=N_SAMPLES,
        help="NUTS's draws per chain (after as many warm-up iterations, at most 1,000): "
        "ESS per second is a rate, and the per-split model is slow",
    )
    parser.add_argument(
        "--real", action="store_true", help="the tutorial's real pairs beside the synthetic"
    )
    parser.add_argument(
        "--authors",
        action="store_true",
        help="NUTS on the authors' preprocessing and model, beside Gibbs on the same posterior",
    )
    parser.add_argument(
        "--summaries",
        action="store_true",
        help="with --real: NUTS on each data set's summaries, not every split's density",
    )
    parser.add_argument(
        "--why",
        action="store_true",
        help="NUTS's step size by scale and treatment of all-equal data sets, one chain each",
    )
    parser.add_argument("--pairs", default=",".join(REAL_PAIRS), help="real pairs, a-b,c-d")
    parser.add_argument(
        "--real-draws",
        type=int,
        default=2500,
        help="with --real, NUTS's draws per chain after min(1,000, draws) warm-up iterations "
        "(the issue's setting: 2,500; on real pairs a chain can take an hour, and ESS per "
        "second is a rate)",
    )
    parser.add_argument(
        "--real-warmup",
        type=int,
        default=None,
        help="with --real, NUTS's warm-up iterations a chain (default: min(1,000, draws))",
    )
    parser.add_argument(
        "--chains",
        type=int,
        default=N_CHAINS,
        help="with --real, NUTS's chains (one chain of 500 + 100 shows a real pair's step size "
        "and leapfrog steps in minutes where 4 x (500 + 500) takes an hour)",
    )
    args = parser.parse_args()
    if args.chains < 1:
        parser.error(f"--chains must be at least 1; got {args.chains}")
    if args.summaries and (args.per_split or not args.real):
        parser.error("--summaries goes with --real alone (--per-split asks for the opposite)")
    if args.authors:
        return main_authors(
            args.pairs.split(","),
            args.real_draws,
            n_warmup=args.real_warmup,
            n_chains=args.chains,
            per_split=args.per_split,
        )
    if args.why:
        return main_why(args.pairs.split(","), per_split=args.per_split)
    if args.real:
        return main_real(
            args.pairs.split(","),
            args.real_draws,
            n_warmup=args.real_warmup,
            n_chains=args.chains,
            per_split=not args.summaries,
        )
    nuts = {"n_warmup": min(N_WARMUP, args.nuts_draws), "n_samples": args.nuts_draws}
    print(f"NUTS on {'every split (the authors model)' if args.per_split else 'the summaries'}")
    print(
        f"Hierarchical model, {N_CHAINS} chains x ({N_WARMUP:,} warm-up + {N_SAMPLES:,} draws); "
        "bulk ESS per second of delta0 / sigma0 / nu"
    )
    print(
        f"{'collection':<28} {'sampler':<8} {'time s':>7} {'R-hat':>6} "
        f"{'ESS/s d0':>9} {'ESS/s s0':>9} {'ESS/s nu':>9} {'nu>4':>5} {'ratio':>6}"
    )
    print("ratio: the Gibbs sampler's ESS per second over NUTS's, the smallest of the three")
    for label, records in compared_collections(args.per_split).items():
        data, _ = hierarchical_data(records, [r.name for r in records], rope=(-0.01, 0.01))
        splits = per_split_arrays(records, data) if args.per_split else None
        rates = {}
        samplers = {
            "Gibbs": gibbs,
            "NUTS c.": lambda data, s=splits: numpyro_nuts(data, centred=True, splits=s, **nuts),
            "NUTS nc.": lambda data, s=splits: numpyro_nuts(data, centred=False, splits=s, **nuts),
        }
        for name, sampler in samplers.items():
            draws, elapsed, compile_time = sampler(data)
            rhat, ess, _ = convergence_diagnostics(draws)
            rates[name] = {k: ess[k] / elapsed for k in TOP}
            ratio = ""
            if name != "Gibbs":
                ratio = min(rates["Gibbs"][k] / rates[name][k] for k in TOP)
                ratio = f"{ratio:>6.1f}"
            extra = f" (+{compile_time:.0f} s compile)" if compile_time else ""
            print(
                f"{label:<28} {name:<8} {elapsed:>7.1f} {max(rhat.values()):>6.3f} "
                + " ".join(f"{rates[name][k]:>9.1f}" for k in TOP)
                + f" {np.mean(draws['nu'] > 4):>5.2f} {ratio}{extra}",
                flush=True,
            )
            if name == "Gibbs" and not args.per_split:
                start = time.perf_counter()
                share, face = quadrature_share_above_4(data, draws)
                print(
                    f"{label:<28} {'quadr.':<8} {time.perf_counter() - start:>7.1f} "
                    f"{'':>6} {'':>9} {'':>9} {'':>9} {share:>5.3f} (largest face mass {face:.0e})",
                    flush=True,
                )


def authors_preprocessing(records, rope, seed=0):
    """The data as the authors' R code hands it to their Stan model
    (``hierarchical_test.R`` of BayesianTestsML/tutorial): every difference divided by
    the mean of the data sets' standard deviations ``stdX``, the rope too; each data set
    whose differences are all equal given noise uniform over the (rescaled) rope, added
    to its first half of splits and subtracted from the second (its mean kept); the
    bounds ``delta0 ~ U(-1/stdX, 1/stdX)``, ``sigma0 ~ U(0, 1000 sd(means))``,
    ``sigma_i ~ U(0, 1000 mean(sd))``.

    Returns
    -------
    x : ndarray of shape (q, n)
        The differences on the authors' scale.
    data : HierarchicalData
        Their summaries and bounds, for the Gibbs sampler, on the differences' own scale
        (``x * stdX``), where the sampler's ``delta0 ~ U(-1, 1)`` is the authors' bound.
    std_x : float
    """
    from sklearn_bayescmp.stats._hierarchical_sampler import (
        ALPHA_BOUNDS,
        BETA_BOUNDS,
        HierarchicalData,
    )

    x = np.array([record.differences for record in records], dtype=float)
    std_x = float(np.mean(x.std(axis=1, ddof=1)))
    x = x / std_x
    low, high = rope[0] / std_x, rope[1] / std_x
    rng = np.random.default_rng(seed)
    half = x.shape[1] // 2
    for i in np.flatnonzero(x.std(axis=1, ddof=1) == 0):
        noise = rng.uniform(low, high, half)
        x[i, :half] += noise
        x[i, half : 2 * half] -= noise
    original = x * std_x  # where the sampler's U(-1, 1) is the authors' U(-1/stdX, 1/stdX)
    ratio = records[0].test_train_ratio
    data = HierarchicalData(
        n=np.full(len(records), float(x.shape[1])),
        mean=original.mean(axis=1),
        sum_squares=((original - original.mean(axis=1, keepdims=True)) ** 2).sum(axis=1),
        rho=np.full(len(records), ratio / (1 + ratio)),
        sigma0_upper=1000.0 * float(np.std(original.mean(axis=1), ddof=1)),
        sigma_lower=0.0,
        sigma_upper=1000.0 * float(np.mean(original.std(axis=1, ddof=1))),
        nu_shift=1.0,
        alpha_bounds=ALPHA_BOUNDS,
        beta_bounds=BETA_BOUNDS,
    )
    return x, data, std_x


def authors_nuts_data(x, data, std_x):
    """:class:`HierarchicalData` of :func:`authors_preprocessing` on the authors' scale
    (``x``), for NUTS with ``delta0 ~ U(-1/stdX, 1/stdX)``."""
    from dataclasses import replace

    return replace(
        data,
        mean=x.mean(axis=1),
        sum_squares=((x - x.mean(axis=1, keepdims=True)) ** 2).sum(axis=1),
        sigma0_upper=data.sigma0_upper / std_x,
        sigma_upper=data.sigma_upper / std_x,
    )


def intraclass_cholesky(data, n):
    """The Cholesky factor of each data set's correlation matrix ``(1 - rho) I + rho 11'``."""
    rho = np.asarray(data.rho)[:, None, None]
    return np.linalg.cholesky((1.0 - rho) * np.eye(n) + rho * np.ones((n, n)))


def main_authors(pairs, n_samples=2500, n_warmup=None, n_chains=N_CHAINS, per_split=False):
    """NUTS on the authors' preprocessing and Stan model, beside the Gibbs sampler on the
    same posterior, real pair after real pair (interleaved in one process).

    ``per_split``: NUTS evaluates every split's multivariate normal density (a
    triangular solve of each data set's 100 x 100 factor at every gradient) instead
    of the same density from each data set's four summaries; the posterior is the
    same, NUTS's time is not."""
    n_warmup = min(1000, n_samples) if n_warmup is None else n_warmup
    settings = {"n_warmup": n_warmup, "n_samples": n_samples, "target": 0.9, "n_chains": n_chains}
    likelihood = (
        "every split's multivariate normal density"
        if per_split
        else "each data set's likelihood from its summaries, NUTS at its fastest"
    )
    print(
        "The authors' preprocessing (differences / mean sd, all-equal data sets jittered "
        "within the rope) and model (centred, intraclass correlation; "
        f"{likelihood}). Gibbs: "
        f"4 chains x (1,000 + 5,000). NUTS: {n_chains} chain(s) x ({n_warmup:,} + "
        f"{n_samples:,}), target acceptance 0.9, compilation excluded, the clock stopped "
        "on the draws. Bulk ESS per second of delta0 / sigma0 / nu; ratio: Gibbs over NUTS."
    )
    for label, records in real_collections(pairs).items():
        x, data, std_x = authors_preprocessing(records, (-0.01, 0.01))
        nuts_data = authors_nuts_data(x, data, std_x)
        splits = (x, intraclass_cholesky(nuts_data, x.shape[1])) if per_split else None
        runs = {
            "Gibbs": gibbs(data),
            "NUTS": numpyro_nuts(
                nuts_data, centred=True, splits=splits, delta0_bound=1.0 / std_x, **settings
            ),
        }
        _print_runs(label, runs)


def _print_runs(label, runs):
    rates = {}
    for name, (draws, elapsed, compile_time) in runs.items():
        rhat, ess, _ = convergence_diagnostics(draws)
        rates[name] = [ess[k] / elapsed for k in TOP]
        extra = f" (+{compile_time:.0f} s compile)" if compile_time else ""
        if name == "NUTS":
            extra += (
                f", {LEAPFROG_STEPS[-1]:.0f} leapfrog steps a draw "
                f"({AT_MAX_TREE_DEPTH[-1]:.0%} at the largest tree), "
                f"step size {STEP_SIZES[-1]:.2g}"
            )
        print(
            f"{label:<20} {name:<6} {elapsed:>7.1f} s  R-hat {max(rhat.values()):.3f}  "
            + " / ".join(f"{r:,.0f}" if r >= 10 else f"{r:.3g}" for r in rates[name])
            + f"  nu>4 {np.mean(draws['nu'] > 4):.3f}{extra}",
            flush=True,
        )
    ratios = [g / n for g, n in zip(rates["Gibbs"], rates["NUTS"], strict=True)]
    print(
        f"{label:<20} ratio  "
        + " / ".join(f"{r:.1f}" for r in ratios)
        + f"  (smallest {min(ratios):.1f}x)",
        flush=True,
    )


def main_why(pairs, n_samples=100, n_warmup=500, per_split=False):
    """Why NUTS meets a funnel on the package's rescaling and not on the authors': its
    adapted step size and leapfrog steps on each real pair, one chain, with the scale
    (the largest |difference|, or the mean sd) and the treatment of the all-equal data
    sets (none, or the authors' jitter) varied one at a time."""
    print(
        "NUTS (1 chain, "
        f"{n_warmup} + {n_samples}, target 0.9) on the authors' model "
        f"({'every split' if per_split else 'from the summaries'}), by scale and "
        "treatment of all-equal data sets: adapted step size, leapfrog steps a draw"
    )
    for label, records in real_collections(pairs).items():
        raw = np.array([record.differences for record in records], dtype=float)
        zero = int((raw.std(axis=1, ddof=1) == 0).sum())
        x_authors, data_authors, std_x = authors_preprocessing(records, (-0.01, 0.01))
        jittered = x_authors * std_x
        largest = float(np.abs(raw).max())
        for scale_name, scale in (("max |x|", largest), ("mean sd", std_x)):
            for zero_name, values in (("none", raw), ("jitter", jittered)):
                x = values / scale
                data = _summaries_of(x, data_authors, scale)
                splits = (x, intraclass_cholesky(data, x.shape[1])) if per_split else None
                numpyro_nuts(data, centred=True, splits=splits, delta0_bound=1.0 / scale,
                             n_warmup=n_warmup, n_samples=n_samples, target=0.9,
                             n_chains=1)  # fmt: skip
                print(
                    f"{label:<20} {zero} all-equal  scale {scale_name:<8} zero-variance "
                    f"{zero_name:<7} step {STEP_SIZES[-1]:.2g}, {LEAPFROG_STEPS[-1]:.0f} leapfrog "
                    f"steps a draw ({AT_MAX_TREE_DEPTH[-1]:.0%} at the largest tree)",
                    flush=True,
                )


def _summaries_of(x, data, scale):
    """``data``'s bounds with the summaries of ``x`` (on the scale ``scale``)."""
    from dataclasses import replace

    sd = x.std(axis=1, ddof=1)
    return replace(
        data,
        mean=x.mean(axis=1),
        sum_squares=((x - x.mean(axis=1, keepdims=True)) ** 2).sum(axis=1),
        sigma0_upper=1000.0 * float(np.std(x.mean(axis=1), ddof=1)),
        sigma_lower=0.0,
        sigma_upper=1000.0 * float(np.mean(sd)),
    )


def main_real(pairs, n_samples=2500, n_warmup=None, n_chains=N_CHAINS, per_split=True):
    """The Gibbs sampler and NUTS on the package's rescaling, collection after collection
    (``per_split``: NUTS on every split's density, else on the summaries')."""
    n_warmup = min(1000, n_samples) if n_warmup is None else n_warmup
    settings = {"n_warmup": n_warmup, "n_samples": n_samples, "target": 0.9, "n_chains": n_chains}
    print(
        "The package's rescaling (differences / the largest |difference|, all-equal data sets "
        "given the test's default variance). Gibbs: defaults, 4 chains x (1,000 + 5,000). "
        "NUTS: the authors' model (centred, intraclass correlation; "
        f"{'every split' if per_split else 'from the summaries'}), "
        f"{n_chains} chain(s) x ({n_warmup:,} + "
        f"{n_samples:,}), target acceptance 0.9, compilation excluded. Bulk ESS per second "
        "of delta0 / sigma0 / nu; ratio: Gibbs over NUTS for each, and the smallest."
    )
    found = {"synthetic, q = 54": records_of(benchmark_collection(54)), **real_collections(pairs)}
    for label, records in found.items():
        data, _ = hierarchical_data(records, [r.name for r in records], rope=(-0.01, 0.01))
        splits = per_split_arrays(records, data) if per_split else None
        runs = {
            "Gibbs": gibbs(data),
            "NUTS": numpyro_nuts(data, centred=True, splits=splits, **settings),
        }
        _print_runs(label, runs)


if __name__ == "__main__":
    main()
