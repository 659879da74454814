"""Where the sign and signed-rank engine switches kernels: the costs its choice reads.

The signed-rank test's numerators come from one of two kernels
(``sklearn_bayescmp/stats/_dirichlet_draws.py``): matrix products of the tests'
indicators by the pairwise products of the weights (``n (n + 1) / 2`` products a
draw, made once for all tests, then ``n (n + 1) / 2`` multiply-adds a test at the
speed of BLAS), or prefix sums a test at a time (``O(n)`` array additions a draw).

This script runs the engine end to end (``summarise_draws``, 8,448 draws, one BLAS
thread as the engine runs) with each kernel forced, for ``n`` observations from 11
to 301 and 4 and 64 tests, so that each kernel's time is a set-up plus a cost a test.
It fits the cost model ``choose_kernel`` reads (nanoseconds a draw: the products'
set-up ``setup * pairs``, a test's ``per_test * pairs`` more with the products than
with the prefix sums' ``base + per_observation * n``... see ``fit``), prints the
fitted constants beside the engine's, the number of tests from which the products
pay, and checks the choice on other sizes.

Run ``python benchmarks/bench_engine_crossover.py`` (``--quick``: fewer sizes).
"""

import argparse
import time

import numpy as np

from sklearn_bayescmp.stats import _dirichlet_draws as engine

N_DRAWS = 8448  # two chunks


def _best(function, repeats):
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return min(times)


def timed(n, n_tests, kernel, repeats):
    """Seconds of ``summarise_draws`` of ``n_tests`` tests at ``n`` observations, with
    ``kernel`` forced (None: the engine's choice)."""
    rng = np.random.default_rng(n)
    z = np.round(rng.normal(0.0, 0.02, (n_tests, n)), 4)
    z[:, 0] = 0.0
    arguments = dict(prior_strength=0.5, n_draws=N_DRAWS, target_mcse=0.005, threshold=0.95,
                     random_state=0, keep=0, n_jobs=None)  # fmt: skip
    original = engine.choose_kernel
    try:
        if kernel is not None:
            engine.choose_kernel = lambda *_: kernel
        tolerance = np.full(n_tests, 1e-14)
        return _best(
            lambda: engine.summarise_draws("signed_rank", z, (-0.01, 0.01), tolerance, **arguments),
            repeats,
        )
    finally:
        engine.choose_kernel = original


def measure(sizes, counts, repeats):
    """Each kernel's set-up and cost a test (ns a draw), by ``n``."""
    rows = []
    for n in sizes:
        line = {}
        for kernel in ("products", "prefix"):
            few, many = (timed(n, k, kernel, repeats) for k in counts)
            per_test = (many - few) / (counts[1] - counts[0])
            line[kernel] = (1e9 * (few - counts[0] * per_test) / N_DRAWS, 1e9 * per_test / N_DRAWS)
        rows.append((n, line))
        (p0, p1), (s0, s1) = line["products"], line["prefix"]
        print(f"  n = {n:>4}: products {p0:9.0f} + {p1:7.1f} a test; prefix {s0:7.0f} + {s1:7.1f}")
    return rows


def fit(rows):
    """The constants of ``choose_kernel``: the products' set-up over the prefix sums'
    (``setup * pairs``), and a test's cost with each: ``per_test * pairs`` with the
    products, ``base + per_observation * n`` with the prefix sums (their common
    summaries cancel in the difference, and are folded into the prefix sums' base)."""
    n = np.array([row[0] for row in rows], dtype=float)
    pairs = n * (n + 1) / 2
    setup = np.array([row[1]["products"][0] - row[1]["prefix"][0] for row in rows])
    product = np.array([row[1]["products"][1] for row in rows])
    prefix = np.array([row[1]["prefix"][1] for row in rows])
    a = float(np.clip(pairs @ setup / (pairs @ pairs), 0, None))
    (common, b), *_ = np.linalg.lstsq(np.column_stack([np.ones_like(n), pairs]), product, None)
    (c, d), *_ = np.linalg.lstsq(np.column_stack([np.ones_like(n), n]), prefix, rcond=None)
    return a, float(b), float(c - common), float(d)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    sizes = (11, 31, 81) if args.quick else (11, 21, 31, 41, 55, 81, 121, 161, 221, 301)
    repeats = 1 if args.quick else 3
    print(f"ns a draw, set-up + a test ({N_DRAWS:,} draws, one BLAS thread):")
    rows = measure(sizes, (4, 64), repeats)
    a, b, c, d = fit(rows)
    print(
        f"\nfitted:    setup {a:.3g} ns a pair; a test: products {b:.3g} ns a pair, "
        f"prefix sums {c:.3g} + {d:.3g} n ns"
    )
    print(
        f"in engine: setup {engine.PRODUCTS_SETUP:.3g}; a test: products "
        f"{engine.PRODUCTS_PER_TEST:.3g}, prefix sums {engine.PREFIX_PER_TEST_BASE:.3g} + "
        f"{engine.PREFIX_PER_TEST:.3g} n"
    )
    print("\ntests from which the products pay (fitted, and the engine's):")
    for n in sizes:
        pairs = n * (n + 1) / 2
        crossovers = []
        for setup, product, base, slope in (
            (a, b, c, d),
            (engine.PRODUCTS_SETUP, engine.PRODUCTS_PER_TEST, engine.PREFIX_PER_TEST_BASE,
             engine.PREFIX_PER_TEST),
        ):  # fmt: skip
            gain = base + slope * n - product * pairs
            crossovers.append("never" if gain <= 0 else f"{setup * pairs / gain:,.0f}")
        print(f"  n = {n:>4}: {crossovers[0]:>6}  {crossovers[1]:>6}")
    print("\nthe engine's choice on other sizes, each kernel forced; * = chosen:")
    cases = ((31, 8), (31, 30), (55, 10), (55, 45), (55, 190), (121, 45), (121, 400))
    for n, n_tests in cases[:3] if args.quick else cases:
        times = {kernel: timed(n, n_tests, kernel, repeats) for kernel in ("products", "prefix")}
        chosen = engine.choose_kernel("signed_rank", n, n_tests)
        text = ", ".join(
            f"{kernel}{'*' if kernel == chosen else ''} {seconds * 1e3:.1f} ms"
            for kernel, seconds in times.items()
        )
        best = min(times, key=times.get)
        verdict = "right" if best == chosen else f"{times[chosen] / times[best]:.2f}x the best"
        print(f"  n = {n:>4}, {n_tests:>4} tests: {text} ({verdict})")


if __name__ == "__main__":
    main()
