"""The studies' full-scale results stored in benchmarks/results/, which the papers page draws."""

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
    assert record["command"].startswith("python benchmarks/study_")
    lengths = {len(values) for values in record["table"].values()}
    assert len(lengths) == 1 and lengths.pop() > 0
    table = {key: np.asarray(values) for key, values in record["table"].items()}
    errors = [key for key in table if key.startswith("se_") or key == "standard_error"]
    assert errors, "no standard errors stored"
    if "rate" in table:  # a power study: binomial standard errors of its rates
        expected = np.sqrt(table["rate"] * (1 - table["rate"]) / table["n_decisions"])
        np.testing.assert_allclose(table["standard_error"], expected, atol=1e-12)
        assert np.all(table["n_decisions"] >= record["settings"]["n_experiments"])
