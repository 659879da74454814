"""The ``bayescmp`` command, end to end on CSV files written here."""

import json
import re
import subprocess
import sys

import numpy as np
import pytest

from sklearn_bayescmp import CVDifferences
from sklearn_bayescmp.cli import main
from sklearn_bayescmp.stats import (
    bayesian_correlated_ttest,
    corrected_ttest,
    poisson_test,
    signed_rank_test,
)


def _record(seed, mean, name=None, n=50):
    rng = np.random.default_rng(seed)
    return CVDifferences(
        rng.normal(mean, 0.03, n),
        n_train=90,
        n_test=10,
        repeat=np.repeat(np.arange(n // 10), 10),
        fold=np.tile(np.arange(10), n // 10),
        name=name,
    )


@pytest.fixture
def one_csv(tmp_path):
    path = tmp_path / "one.csv"
    _record(0, 0.015).to_csv(path)
    return path


@pytest.fixture
def many_csv(tmp_path):
    """Five data sets in one file (the ``dataset`` column)."""
    records = [_record(i, m, f"set {i}") for i, m in enumerate([0.02, -0.01, 0.0, 0.03, 0.01])]
    texts = [record.to_csv() for record in records]
    path = tmp_path / "many.csv"
    path.write_text(texts[0] + "".join(t.split("\r\n", 1)[1] for t in texts[1:]), newline="")
    return path, records


def _run(capsys, *argv):
    status = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return status, out, err


def test_compare_one_data_set(capsys, one_csv):
    status, out, err = _run(capsys, "compare", one_csv, "--rope", "0.01")
    assert status == 0 and err == ""
    result = bayesian_correlated_ttest(CVDifferences.from_csv(one_csv), rope=0.01)
    assert f"{result.prob_a_better:.3f}" in out and result.decision() in out
    assert "over the data sets" not in out


def test_model_names_from_the_file_name_the_output(capsys, tmp_path):
    path = tmp_path / "named.csv"
    record = _record(0, 0.015)
    CVDifferences(
        record.differences, n_train=90, n_test=10, model_a="logreg", model_b="naive Bayes"
    ).to_csv(path)
    status, out, _ = _run(capsys, "compare", path)
    assert status == 0
    assert (
        out.splitlines()[0] == "A = logreg, B = naive Bayes (differences A - B: positive favours A)"
    )
    status, out, _ = _run(capsys, "compare", path, "--json")
    report = json.loads(out)
    assert (report["model_a"], report["model_b"]) == ("logreg", "naive Bayes")


def test_compare_many_data_sets_json_round_trips_the_numbers(capsys, many_csv):
    path, records = many_csv
    status, out, _ = _run(capsys, "compare", path, "--json", "--rope", "0.02", "--seed", "3")
    assert status == 0
    report = json.loads(out)
    assert list(report["datasets"]) == [r.name for r in records]
    assert report["rope"] == [-0.02, 0.02]
    for record in records:
        entry = report["datasets"][record.name]
        posterior = bayesian_correlated_ttest(record, rope=0.02)
        ttest = corrected_ttest(record)
        assert entry["bayesian_correlated_ttest"]["prob_a_better"] == posterior.prob_a_better
        assert entry["corrected_ttest"]["pvalue"] == ttest.pvalue
        assert entry["n_splits"] == 50
    collection = report["collection"]
    assert (
        collection["poisson_test"]["prob_a_better"]
        == poisson_test(records, rope=0.02).prob_a_better
    )
    signed_rank = signed_rank_test(records, rope=0.02, random_state=3)
    assert collection["signed_rank_test"]["prob_equivalent"] == signed_rank.prob_equivalent
    hierarchical = collection["hierarchical_test"]
    total = sum(hierarchical[f"prob_{k}"] for k in ("a_better", "equivalent", "b_better"))
    assert total == pytest.approx(1.0)


def test_compare_table_and_plots(capsys, tmp_path, one_csv, many_csv):
    path, _ = many_csv
    status, out, _ = _run(
        capsys, "compare", path, "--no-hierarchical", "--plot", tmp_path / "forest.png"
    )
    assert status == 0
    assert "poisson_test" in out and "signed_rank_test" in out
    assert "hierarchical_test" not in out
    assert (tmp_path / "forest.png").read_bytes()[:4] == b"\x89PNG"
    status, _, _ = _run(capsys, "compare", one_csv, "--plot", tmp_path / "posterior.png")
    assert status == 0 and (tmp_path / "posterior.png").stat().st_size > 1000


def test_columns_it_does_not_need_may_be_absent(capsys, tmp_path):
    path = tmp_path / "minimal.csv"
    differences = np.random.default_rng(0).normal(0.01, 0.02, 20)
    rows = "".join(f"{float(d)!r},90,10\n" for d in differences)
    path.write_text("difference,n_train,n_test\n" + rows)
    status, out, _ = _run(capsys, "compare", path, "--json")
    assert status == 0
    assert json.loads(out)["datasets"]["minimal"]["n_splits"] == 20


@pytest.mark.parametrize(
    "content, expected",
    [
        (None, r"cannot read '.*missing\.csv': No such file or directory"),
        ("difference\n0.1\n0.2\n", r"must have columns n_train, n_test"),
        ("difference,n_train,n_test\n0.1,9,1\nabc,9,1\n", r"line 3, column 'difference'"),
        ("difference,n_train,n_test\n0.1,9,1\n", r"needs at least 2 finite values"),
        ("difference,n_train,n_test\n0.1,nine,1\n0.2,9,1\n", r"column 'n_train'"),
        ("", r"is empty"),
    ],
    ids=["missing file", "missing columns", "non-numeric", "single split", "bad size", "empty"],
)
def test_bad_input_exits_with_one_line(capsys, tmp_path, content, expected):
    path = tmp_path / "missing.csv"
    if content is not None:
        path.write_text(content)
    status, out, err = _run(capsys, "compare", path)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith("bayescmp compare: error: ")
    assert re.search(expected, err), err
    assert str(path.name) in err


@pytest.mark.parametrize("argument", [["--rope", "-1"], ["--threshold", "1.5"]])
def test_bad_options_exit_with_one_line(capsys, one_csv, argument):
    status, _, err = _run(capsys, "compare", one_csv, *argument)
    assert status == 2 and err.count("\n") == 1 and argument[0] in err


@pytest.mark.parametrize("command", [[], ["compare"], ["demo"]])
def test_help_of_every_command(command):
    completed = subprocess.run(
        [sys.executable, "-m", "sklearn_bayescmp", *command, "--help"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert completed.returncode == 0
    assert completed.stdout.startswith("usage: bayescmp")


def test_demo_runs_the_main_job_with_a_progress_bar(capsys):
    status, out, err = _run(capsys, "demo", "--n-jobs", "2")
    assert status == 0
    assert "Bayesian correlated t-test" in out and "P(logistic regression better)" in out
    assert "100/100 splits" in err and "elapsed" in err
