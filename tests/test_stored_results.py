"""The studies' full-scale results and the benchmarks' runs stored in benchmarks/results/."""

import json
import re
from pathlib import Path

import numpy as np
import pytest

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "benchmarks" / "results"
PAGE = ROOT / "examples" / "plot_papers_reproduced.py"
STORED = sorted(RESULTS.glob("*.json"))


def test_the_papers_page_finds_every_study_it_draws():
    names = set(re.findall(r'"((?:corani|benavoli|bouckaert)[a-z0-9_]+)"', PAGE.read_text()))
    assert names, "the page names no stored study"
    missing = sorted(name for name in names if not (RESULTS / f"{name}.json").is_file())
    assert not missing, f"stored results missing for the papers page: {missing}"


@pytest.mark.parametrize("path", STORED, ids=[path.stem for path in STORED])
def test_a_stored_study_says_what_was_run_and_keeps_its_errors(path):
    record = json.loads(path.read_text(encoding="utf-8"))
    assert set(record) >= {"study", "command", "date", "seconds", "settings", "table"}
    assert re.fullmatch(r"\d{4}-\d{2}-\d{2}", record["date"])
    assert record["command"].startswith(("python benchmarks/study_", "python benchmarks/bench_"))
    lengths = {len(values) for values in record["table"].values()}
    assert len(lengths) == 1 and lengths.pop() > 0
    table = {key: np.asarray(values) for key, values in record["table"].items()}
    errors = [key for key in table if key.startswith("se_") or key == "standard_error"]
    # A study's rates carry their Monte Carlo errors; a benchmark's measured runs do not.
    assert errors or record["command"].startswith("python benchmarks/bench_"), "no errors"
    if "rate" in table:  # a power study: binomial standard errors of its rates
        expected = np.sqrt(table["rate"] * (1 - table["rate"]) / table["n_decisions"])
        np.testing.assert_allclose(table["standard_error"], expected, atol=1e-12)
        assert np.all(table["n_decisions"] >= record["settings"]["n_experiments"])


#: The papers' settings, as the page cites them: each stored run must have been
#: made at them (Corani & Benavoli 2015, §5.1; Corani et al. 2017, §4.1-4.4).
PAPERS_SETTINGS = {
    "corani_benavoli_2015_fig2a_q50": {
        "n_experiments": 5000,
        "n_datasets": 50,
        "n_repeats": [1, 10],
        "alpha": 0.05,
        "delta_distribution": "equal",
        "deltas": [round(0.01 * i, 2) for i in range(11)],
    },
    "corani_benavoli_2015_fig2b_q50": {
        "n_experiments": 5000,
        "n_datasets": 50,
        "delta_distribution": "cauchy",
        "deltas": [round(0.01 * i, 2) for i in range(6)],
    },
    "corani_benavoli_2015_fig2b_q25": {"n_experiments": 5000, "n_datasets": 25},
    "corani_2017_table2": {"n_experiments": 500, "n_datasets": [5, 10, 50]},
    "corani_2017_equivalence_by_q": {
        "n_experiments": 500,
        "n_datasets": [10, 20, 30, 40, 50],
        "delta0": [0.0, 0.005],
        "scale": 2 * 0.01 / 6,
    },
    # Not a figure of the paper: §4.2-4.3 at q = 50 against the data-set size.
    "corani_2017_equivalence_by_size": {
        "n_experiments": 500,
        "n_datasets": [50],
        "delta0": [0.0, 0.005],
        "scale": 2 * 0.01 / 6,
        "sizes": [100, 200, 300, 500, 700, 1000],
    },
    "corani_2017_fig5": {
        "n_experiments": 500,
        "n_datasets": [50],
        "delta0": [0.015, 0.02, 0.025, 0.03],
        "scale": 0.01,
    },
}
#: What the page says of those settings, in its own words.
PAGE_CITES = (
    "5,000 experiments per point for the first, 500 for the second",
    "``delta0`` in {0.015, 0.02, 0.025, 0.03}",
    "the Cauchy's scale 0.01",
    "data sets of 500\n# examples, 10 x 10 cross-validation, 500 experiments per point",
)


@pytest.mark.parametrize("name", sorted(PAPERS_SETTINGS))
def test_the_stored_runs_are_at_the_papers_settings(name):
    settings = json.loads((RESULTS / f"{name}.json").read_text(encoding="utf-8"))["settings"]
    for key, value in PAPERS_SETTINGS[name].items():
        expected = value if isinstance(value, str) else pytest.approx(value)
        assert settings[key] == expected, (name, key)
    text = PAGE.read_text(encoding="utf-8")
    for words in PAGE_CITES:
        assert words in text, words


def _stored(quantity):
    """The value, standard error and experiments of a stored row, read afresh."""
    record = json.loads((RESULTS / f"{quantity.study}.json").read_text(encoding="utf-8"))
    table = record["table"]
    rows = [
        i
        for i in range(len(table[quantity.column]))
        if all(
            table[key][i] == value if isinstance(value, str) else abs(table[key][i] - value) < 1e-9
            for key, value in quantity.where
        )
    ]
    assert len(rows) == 1, quantity
    return table[quantity.column][rows[0]], record["settings"]["n_experiments"]


def _verdict(rule, values, x, half_unit):
    """The page's rules, written again from its text: (value, se, n) per quantity."""
    from scipy.stats import binomtest

    def difference(a, b):
        d, se = a[0] - b[0], (a[1] ** 2 + b[1] ** 2) ** 0.5
        return "agrees" if d > 2 * se else "reversed" if d < -2 * se else "alike within 2 SE"

    def similar(a, b):
        return abs(a[0] - b[0]) <= max(2 * (a[1] ** 2 + b[1] ** 2) ** 0.5, 0.05)

    first = values[0]
    if rule == "about":
        if abs(first[0] - x) <= max(2 * first[1], 0.05):
            return "agrees"
        return "higher" if first[0] > x else "lower"
    if rule == "above":
        if first[0] - 2 * first[1] > x:
            return "agrees"
        return "disagrees" if first[0] + 2 * first[1] < x else "undecided within 2 SE"
    if rule == "at most":
        ci = binomtest(round(first[0] * first[2]), first[2]).proportion_ci(method="wilson")
        if ci.high < x:
            return "agrees"
        return "disagrees" if ci.low > x else "undecided (interval spans it)"
    if rule == "never":
        count = round(first[0] * first[2])
        return "agrees" if count == 0 else f"disagrees ({count} of {first[2]})"
    if rule in ("above other", "increases"):
        return difference(*values)
    if rule == "similar":
        return "agrees" if similar(*values) else "differs"
    if rule == "as printed":
        if abs(first[0] - x) <= 2 * first[1] + half_unit:
            return "agrees"
        return "higher" if first[0] > x else "lower"
    pairs = list(zip(values[::2], values[1::2], strict=True))
    if rule == "generally above":
        verdicts = [difference(a, b) for a, b in pairs]
        return (
            f"holds at {verdicts.count('agrees')} of {len(pairs)} deltas; alike at "
            f"{verdicts.count('alike within 2 SE')}; reversed at {verdicts.count('reversed')}"
        )
    if rule == "generally similar":
        return f"similar at {sum(similar(a, b) for a, b in pairs)} of {len(pairs)} deltas"
    raise AssertionError(f"a rule the page does not state: {rule}")


@pytest.mark.long
def test_every_verdict_on_the_papers_page_follows_from_the_stored_numbers(capsys):
    import runpy

    pytest.importorskip("matplotlib").use("Agg")
    import matplotlib.pyplot as plt

    try:
        page = runpy.run_path(str(PAGE), run_name="__main__")
    finally:
        plt.close("all")
    printed = capsys.readouterr().out
    claims = page["CLAIMS"]
    sections = {claim["section"] for claim in claims}
    assert len(claims) >= 50 and len(sections) == 7, sorted(sections)
    for claim in claims:
        values = []
        for quantity in claim["quantities"]:
            value, n = _stored(quantity)
            assert (quantity.value, quantity.n) == (value, n), quantity
            values.append((quantity.value, quantity.se, n))
        expected = _verdict(claim["rule"], values, claim["x"], claim["half_unit"])
        assert claim["verdict"] == expected, claim
        # The reader sees the claim with its verdict under its section, then
        # the paper's words.
        lines = printed.split(claim["section"] + "\n", 1)[1].splitlines()
        i = next(i for i, line in enumerate(lines) if line.startswith(f"  {claim['claim']}: "))
        assert lines[i] == f"  {claim['claim']}: {expected}", lines[i]
        assert lines[i + 1].startswith(f"      paper: {claim['paper']}; measured: "), lines[i + 1]
