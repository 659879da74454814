"""The ``bayescmp`` command, end to end on CSV files written here."""

import json
import re
import subprocess
import sys
import unicodedata
import warnings
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.naive_bayes import GaussianNB

from sklearn_bayescmp import CVDifferences, ScoreTable, compare_models
from sklearn_bayescmp._engine import cached_fit_count
from sklearn_bayescmp.cli import main
from sklearn_bayescmp.stats import (
    bayesian_correlated_ttest,
    corrected_ttest,
    poisson_test,
    signed_rank_test,
)
from sklearn_bayescmp.stats._dirichlet_draws import MOST_DRAWS, chunk_sizes
from sklearn_bayescmp.stats._sign import TARGET_MCSE


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


@pytest.mark.long
def test_compare_many_data_sets_json_round_trips_the_numbers(capsys, many_csv):
    path, records = many_csv
    status, out, _ = _run(capsys, "compare", path, "--json", "--rope", "0.02", "--seed", "3")
    assert status == 0
    report = json.loads(out)
    assert report["datasets"] == list(report["per_dataset"]) == [r.name for r in records]
    assert report["rope"] == [-0.02, 0.02]
    for record in records:
        entry = report["per_dataset"][record.name]
        posterior = bayesian_correlated_ttest(record, rope=0.02)
        ttest = corrected_ttest(record)
        assert entry["bayesian_correlated_t"]["prob_a_better"] == posterior.prob_a_better
        assert entry["corrected_t"]["pvalue"] == ttest.pvalue
        assert entry["n_splits"] == 50
    # The pair over the data sets: the one test --test names (auto, on per-split scores
    # with their sizes: the Poisson-binomial test, on each data set's correlated t-test).
    (pair,) = report["pairs"]
    poisson = poisson_test(records, rope=0.02)
    assert report["test"] == "poisson"
    assert pair["prob_a_better"] == poisson.prob_a_better
    assert pair["prob_no_majority"] == poisson.prob_no_majority
    for test, expected in (
        ("signed_rank", signed_rank_test(records, rope=0.02, random_state=3)),
        ("hierarchical", None),
    ):
        options = ["--json", "--rope", "0.02", "--test", test, "--seed", "3"]
        status, out, _ = _run(capsys, "compare", path, *options)
        (pair,) = json.loads(out)["pairs"]
        if expected is not None:
            assert pair["prob_equivalent"] == expected.prob_equivalent
            assert pair["predictive_prob_a_better"] == expected.predictive_prob_a_better
        else:
            total = sum(pair[f"prob_{k}"] for k in ("a_better", "equivalent", "b_better"))
            assert total == pytest.approx(1.0) and isinstance(pair["converged"], bool)


def test_compare_table_and_plots(capsys, tmp_path, one_csv, many_csv):
    path, _ = many_csv
    status, out, _ = _run(capsys, "compare", path, "--plot", tmp_path / "forest.png")
    assert status == 0
    assert "Poisson-binomial test of every pair" in out and "signed-rank test of" not in out
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
    assert json.loads(out)["per_dataset"]["minimal"]["n_splits"] == 20


@pytest.mark.parametrize(
    "content, expected",
    [
        (None, r"cannot read '.*missing\.csv': No such file or directory"),
        ("difference\n0.1\n0.2\n", r"must have columns n_train, n_test"),
        ("difference,n_train,n_test\n0.1,9,1\nabc,9,1\n", r"line 3, column 'difference'"),
        ("difference,n_train,n_test\n0.1,9,1\n", r"has one split .* needs at least 2"),
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


@pytest.mark.parametrize(
    "ratio, expected",
    [
        ("0", "from 1e-06 to 1e+06"),
        ("1e-300", "from 1e-06 to 1e+06"),
        ("1e300", "from 1e-06 to 1e+06"),
        ("1/0", "such as 1/9"),
        ("nan", "such as"),
    ],
)
def test_bad_test_train_ratio_is_refused_by_the_parser(capsys, one_csv, ratio, expected):
    with pytest.raises(SystemExit) as info:
        main(["compare", str(one_csv), "--test-train-ratio", ratio])
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert expected in err and err.count("\n") == 1 and "--test-train-ratio" in err


def _python(code, *argv):
    """Run ``code`` in a fresh interpreter (nothing imported yet)."""
    return subprocess.run(
        [sys.executable, "-c", code, *map(str, argv)],
        capture_output=True,
        text=True,
        check=False,
    )


def test_help_imports_nothing_heavy():
    # --help must answer at once: the parser imports only the standard library.
    completed = _python(
        "import sys\n"
        "from sklearn_bayescmp.cli import main\n"
        "try:\n"
        "    main(['compare', '--help'])\n"
        "except SystemExit:\n"
        "    pass\n"
        "heavy = ('numpy', 'scipy', 'sklearn', 'joblib', 'narwhals', 'matplotlib')\n"
        "print('loaded:', [name for name in heavy if name in sys.modules], file=sys.stderr)\n"
    )
    assert completed.returncode == 0, completed.stderr
    assert completed.stderr.strip() == "loaded: []"
    assert "--test-train-ratio" in completed.stdout


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


@pytest.mark.long
def test_demo_runs_the_main_job_with_a_progress_bar(capsys):
    status, out, err = _run(capsys, "demo", "--n-jobs", "2")
    assert status == 0
    assert "Bayesian correlated t-test" in out and "P(logistic regression better)" in out
    assert "100/100 splits" in err and "elapsed" in err


# -- tables of scores: long, wide, many models --------------------------------


def _score_table(n_models=3, n_datasets=4, n_splits=10, seed=0):
    rng = np.random.default_rng(seed)
    means = 0.80 + 0.01 * np.arange(n_models)[:, None]
    return ScoreTable(
        {f"set {d}": rng.normal(means, 0.02, (n_models, n_splits)) for d in range(n_datasets)},
        models=[f"model {k}" for k in range(n_models)],
        test_train_ratio=1 / 9,
    )


def _json_report(capsys, path, *argv):
    status, out, err = _run(capsys, "compare", path, "--json", *argv)
    assert status == 0, err
    return json.loads(out)


def test_long_and_wide_tables_are_told_apart_and_agree(capsys, tmp_path):
    table = _score_table()
    (tmp_path / "long.csv").write_text(table.to_csv(layout="long"), newline="")
    (tmp_path / "wide.csv").write_text(table.to_csv(layout="wide"), newline="")
    long = _json_report(capsys, tmp_path / "long.csv")
    # A wide table's columns name its models, never the measure: the direction is asked.
    status, _, err = _run(capsys, "compare", tmp_path / "wide.csv")
    assert status == 2 and "cannot tell which way is better" in err and "--higher-is-better" in err
    wide = _json_report(capsys, tmp_path / "wide.csv", "--higher-is-better")
    # Each says how it was read; the numbers agree.
    assert (long.pop("spec")["layout"], wide.pop("spec")["layout"]) == ("long", "wide")
    long.pop("reading"), wide.pop("reading")
    assert long == wide
    assert long["models"] == list(table.models) and long["test"] == "poisson"


def test_column_options_map_other_names(capsys, tmp_path):
    table = _score_table()
    text = table.to_csv(layout="long").replace("n_train,n_test,", "", 1)
    header, *rows = text.split("\r\n")
    # Drop the size columns (a test that corrects for them then needs --test-train-ratio)
    # and rename the others.
    header = header.replace("dataset", "problem").replace("model", "learner")
    header = header.replace("score", "accuracy")
    rows = [",".join(row.split(",")[:4] + row.split(",")[6:]) for row in rows if row]
    path = tmp_path / "renamed.csv"
    path.write_text("\n".join([header, *rows]) + "\n")
    columns = ["--dataset-col", "problem", "--model-col", "learner", "--score-col", "accuracy"]
    status, _, err = _run(capsys, "compare", path, *columns, "--test", "poisson")
    assert status == 2 and err.splitlines()[-1].startswith("bayescmp compare: error:")
    # The library's message, in the command's words, naming the test that needs the sizes.
    assert "--test poisson (the Poisson-binomial test) corrects for the overlap" in err
    assert "--test-train-ratio 1/9 for 10-fold" in err
    # The signed-rank test reads each data set's mean: no ratio, and none invented.
    status, out, _ = _run(capsys, "compare", path, *columns)
    assert status == 0 and "Bayesian signed-rank test" in out
    # Without the options the columns are found by their names, and the command says so.
    status, _, err = _run(capsys, "compare", path, "--test-train-ratio", "1/9")
    assert status == 0
    assert (
        "read as: model = 'learner', data set = 'problem', score = 'accuracy', repeat = 'repeat'"
        in err
    )
    status, _, err = _run(
        capsys, "compare", path, "--model-col", "model", "--test-train-ratio", "1"
    )
    assert status == 2 and "has no column 'model' (--model-col)" in err
    renamed = _json_report(capsys, path, *columns, "--test-train-ratio", "1/9")
    original = tmp_path / "original.csv"
    original.write_text(table.to_csv(layout="long"), newline="")
    original = _json_report(capsys, original)
    # The same numbers; each says which columns it read.
    renamed.pop("reading"), original.pop("reading")
    witnesses = {w["subject"]: w for w in renamed.pop("spec")["witnesses"]}
    assert witnesses["model"] == {
        "subject": "model",
        "value": "learner",
        "by": "option",
        "source": "option",
        "name": "model",
        "found": "learner",
        "overrides": [],
    }
    assert original.pop("spec")["layout"] == "long"
    assert renamed == original


def test_many_models_print_pairs_ranking_and_reference(capsys, tmp_path):
    table = _score_table()
    path = tmp_path / "scores.csv"
    path.write_text(table.to_csv(), newline="")
    status, out, _ = _run(capsys, "compare", path, "--seed", "4")
    assert status == 0
    expected = compare_models(ScoreTable.read_csv(path), random_state=4)
    assert out.strip() == expected.summary().strip()
    report = _json_report(capsys, path, "--seed", "4")
    columns = expected.to_columns()
    effects = expected.effect_sizes()
    for i, pair in enumerate(report["pairs"]):
        assert pair["model_a"] == columns["model_a"][i]
        assert pair["prob_a_better"] == columns["prob_a_better"][i]
        assert pair["pvalue_holm"] == columns["pvalue_holm"][i]
        assert pair["cohens_dz"] == effects["cohens_dz"][i]
        assert pair["cliffs_delta"] == effects["cliffs_delta"][i]
        # The signed-rank test has no interval of the mean difference: null, said so.
        assert pair["ci_low"] is None and pair["ci_low_nonfinite"] == "nan"
    ranked = expected.ranking.to_columns()
    assert [row["model"] for row in report["ranking"]] == list(ranked["model"])
    assert [row["prob_best"] for row in report["ranking"]] == list(ranked["prob_best"])
    friedman = report["reference"]["friedman"]
    assert friedman["pvalue"] == expected.reference.friedman.pvalue
    assert friedman["critical_difference"] == expected.reference.friedman.critical_difference


def test_many_models_on_one_data_set_use_the_correlated_ttest(capsys, tmp_path):
    path = tmp_path / "one.csv"
    path.write_text(_score_table(n_datasets=1).to_csv(layout="wide"), newline="")
    report = _json_report(capsys, path, "--higher-is-better")
    assert report["test"] == "bayesian_correlated_t" and report["ranking"] is None
    assert len(report["pairs"]) == 3


def test_two_model_table_gets_the_two_model_report(capsys, tmp_path):
    table = _score_table(n_models=2)
    path = tmp_path / "two.csv"
    path.write_text(table.to_csv(layout="wide"), newline="")
    report = _json_report(capsys, path, "--higher-is-better")
    assert (report["model_a"], report["model_b"]) == tuple(table.models)
    record = table.differences(*table.models)["set 0"]
    ttest = corrected_ttest(record)
    entry = report["per_dataset"]["set 0"]["corrected_t"]
    assert entry["standard_error"] == ttest.standard_error
    assert [entry["ci_low"], entry["ci_high"]] == list(ttest.confidence_interval())


def test_many_models_plot(capsys, tmp_path):
    path = tmp_path / "scores.csv"
    path.write_text(_score_table().to_csv(), newline="")
    status, _, _ = _run(capsys, "compare", path, "--plot", tmp_path / "cd.png")
    assert status == 0 and (tmp_path / "cd.png").read_bytes()[:4] == b"\x89PNG"


# -- failures: one line, no traceback, an exit status ---------------------------


@pytest.mark.long
def test_plot_without_matplotlib_is_refused_before_any_work(tmp_path, one_csv):
    completed = _python(
        "import sys\n"
        "sys.modules['matplotlib'] = None  # as if it were not installed\n"
        "from sklearn_bayescmp.cli import main\n"
        "sys.exit(main(sys.argv[1:]))\n",
        "compare",
        one_csv,
        "--plot",
        tmp_path / "out.png",
    )
    assert completed.returncode == 1
    assert completed.stdout == ""  # nothing computed, nothing lost
    assert completed.stderr.count("\n") == 1 and "Traceback" not in completed.stderr
    assert completed.stderr.startswith("bayescmp compare: --plot")
    assert 'pip install "matplotlib>=3.7"' in completed.stderr
    assert not (tmp_path / "out.png").exists()


def test_missing_plot_directory_is_one_line_before_any_work(capsys, tmp_path, one_csv):
    target = tmp_path / "no such directory" / "out.png"
    status, out, err = _run(capsys, "compare", one_csv, "--plot", target)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and "does not exist; create it first" in err


def test_ctrl_c_exits_130_with_one_line(capsys, tmp_path, monkeypatch):
    from sklearn_bayescmp.cli import _compare

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(_compare, "compare_models", interrupted)
    path = tmp_path / "scores.csv"
    path.write_text(_score_table().to_csv(), newline="")
    status, out, err = _run(capsys, "compare", path)
    assert status == 130 and out == ""
    assert err == "bayescmp compare: interrupted\n"


class _InterruptedNB(GaussianNB):
    """Stands in for GaussianNB in the demo; Ctrl-C arrives during its sixth fit.

    The fits are counted in the file ``counter`` (over all clones and
    processes): state outside the class, so that its fingerprint in the
    cache's key stays the same from one run to the next.
    """

    counter = None  # the path of the count

    def fit(self, X, y, sample_weight=None):
        path = Path(type(self).counter)
        fits = int(path.read_text()) + 1
        path.write_text(str(fits))
        if fits == 6:
            raise KeyboardInterrupt
        return super().fit(X, y, sample_weight=sample_weight)


@pytest.mark.long
def test_demo_interrupted_says_what_is_cached(capsys, tmp_path, monkeypatch):
    from sklearn_bayescmp.cli import _demo

    monkeypatch.setattr(_demo, "GaussianNB", _InterruptedNB)
    monkeypatch.setattr(_InterruptedNB, "counter", str(tmp_path / "fits"))
    count = tmp_path / "fits"
    count.write_text("0")
    cache = tmp_path / "cache"
    status, out, err = _run(capsys, "demo", "--memory", cache)
    assert status == 130
    assert "Bayesian correlated t-test" not in out
    progress, message = err.rsplit("\n", 2)[:2] if err.endswith("\n") else (err, "")
    # The progress line was ended before the message: the message is a line of its own.
    assert message == (
        f"bayescmp demo: interrupted; 11 finished fits are cached in {cache} "
        "(run the same command again to resume)"
    )
    assert "5/100 splits" in progress.rsplit("\r", 1)[-1]  # the bar ends on the last count
    # Both models' fits of the first 5 splits, and the first model's of the 6th.
    assert cached_fit_count(cache) == 11

    # The same command resumes: only the 95 unfinished splits are fitted again.
    count.write_text("-1000")
    status, out, _ = _run(capsys, "demo", "--memory", cache)
    assert status == 0 and "Bayesian correlated t-test" in out
    assert int(count.read_text()) == -1000 + 95
    assert cached_fit_count(cache) == 200

    count.write_text("0")
    status, _, err = _run(capsys, "demo")
    assert status == 130 and err.endswith("\nbayescmp demo: interrupted\n")


def test_progress_line_ends_when_a_run_is_interrupted(capsys):
    from sklearn.utils.parallel import delayed

    from sklearn_bayescmp._engine import dispatch

    def task(i):
        if i == 3:
            raise KeyboardInterrupt
        return i

    with pytest.raises(KeyboardInterrupt):
        dispatch((delayed(task)(i) for i in range(10)), total=10, verbose=1)
    err = capsys.readouterr().err
    assert "3/10 splits" in err and err.endswith("\n")


# --------------------------------------------------------------------------
# fuzzing: any names, quoting and encodings give the canonical report or one line
# --------------------------------------------------------------------------


def _refuse_constant(constant):
    raise ValueError(f"not strict JSON: {constant}")


_hostile_names = st.one_of(
    st.text(min_size=1, max_size=8),
    st.sampled_from(["a,b", 'say "hi"', "two\nlines", " padded ", "NA", "split", "nan", "é"]),
)


@pytest.mark.long
@settings(max_examples=40, deadline=None)
@given(
    names=st.lists(_hostile_names, min_size=2, max_size=3, unique=True),
    datasets=st.lists(_hostile_names, min_size=1, max_size=3, unique=True),
    encoding=st.sampled_from(["utf-8", "utf-8-sig", "utf-16", "gzip", "latin-1"]),
    seed=st.integers(0, 10),
)
def test_the_command_gives_the_report_or_one_line_whatever_the_names(
    tmp_path_factory, names, datasets, encoding, seed
):
    import gzip
    import io
    import os

    directory = tmp_path_factory.mktemp("fuzz")
    rng = np.random.default_rng(seed)
    scores = {d: rng.uniform(0.6, 0.9, (len(names), 5)) for d in datasets}
    try:
        table = ScoreTable(scores, models=names, test_train_ratio=1 / 4)
    except ValueError as exc:  # names the table itself refuses (blank, spaces only)
        assert "`models`" in str(exc) or "`scores`" in str(exc) or "name" in str(exc)
        return
    text = table.to_csv()
    canonical, encoded = directory / "canonical.csv", directory / "encoded.csv"
    canonical.write_text(text, encoding="utf-8", newline="")
    if encoding == "gzip":
        encoded.write_bytes(gzip.compress(text.encode()))
    else:
        try:
            encoded.write_bytes(text.encode(encoding))
        except UnicodeEncodeError:
            return  # the names do not exist in that encoding
    argv = ["--json", "--test", "sign"]

    def run(path, *extra):
        out, err = io.StringIO(), io.StringIO()
        import contextlib

        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                status = main(["compare", os.fspath(path), *argv, *extra])
            except SystemExit as exc:
                status = exc.code
        return status, out.getvalue(), err.getvalue()

    extra = ["--encoding", "latin-1"] if encoding == "latin-1" else []
    expected, got = run(canonical), run(encoded, *extra)
    assert got[0] in (0, 2), got
    assert "Traceback" not in got[2]
    if expected[0] == 0:
        assert got[0] == 0, got[2]
        report = json.loads(got[1], parse_constant=_refuse_constant)  # strict JSON
        expected_report = json.loads(expected[1])
        expected_report["reading"]["source"] = repr(os.fspath(encoded))
        if extra:  # the encoding given is the spec's, to read the file by again
            assert report["spec"]["encoding"] == "latin-1"
            expected_report["spec"]["encoding"] = "latin-1"
        assert report == expected_report
        # Names are kept as written, in Unicode's composed form (a compatibility
        # ideograph such as U+F900 is its unified twin, U+8C48).
        composed = {unicodedata.normalize("NFC", name) for name in names}
        assert set(report.get("models") or [report["model_a"], report["model_b"]]) == composed
    else:
        errors = [line for line in got[2].splitlines() if "error:" in line]
        assert got[0] == 2 and len(errors) == 1


def test_the_command_selects_models_and_data_sets(capsys, tmp_path):
    path = tmp_path / "scores.csv"
    path.write_text(_score_table(n_models=4).to_csv(), newline="")
    report = _json_report(
        capsys, path, "--models", "model 3", "model 1", "--datasets", "set 0", "set 2"
    )
    assert report["models"] == ["model 3", "model 1"] and report["datasets"] == ["set 0", "set 2"]
    status, _, err = _run(capsys, "compare", path, "--models", "model 9", "model 1")
    assert status == 2 and "--models names 'model 9', which is not a model of the table" in err


def test_the_sampled_tests_take_their_draws_and_refuse_what_they_do_not_read(capsys, tmp_path):
    path = tmp_path / "scores.csv"
    path.write_text(_score_table().to_csv(), newline="")
    draws = ["--test", "signed_rank", "--seed", "1", "--n-draws"]
    few = _json_report(capsys, path, *draws, "500")
    more = _json_report(capsys, path, *draws, "5000")
    assert few["pairs"][0]["prob_equivalent"] != more["pairs"][0]["prob_equivalent"]
    status, _, err = _run(capsys, "compare", path, "--n-warmup", "100")
    assert status == 2 and "--n-warmup is an option of --test hierarchical, not of" in err
    status, _, err = _run(capsys, "compare", path, "--test", "poisson", "--n-draws", "100")
    assert status == 2 and "--n-draws is an option of --test hierarchical, --test sign" in err
    with pytest.raises(SystemExit) as info:
        main(["compare", str(path), "--n-draws", "0"])
    assert info.value.code == 2
    assert "expected a positive whole number, got '0'" in capsys.readouterr().err


def test_advice_names_options_the_command_has(capsys, tmp_path):
    # A model with no score on one data set: the advice names --models and --datasets.
    table = _score_table()
    text = table.to_csv()
    kept = [line for line in text.split("\r\n") if not line.startswith("set 1,model 2,")]
    path = tmp_path / "scores.csv"
    path.write_text("\r\n".join(kept), newline="")
    status, _, err = _run(capsys, "compare", path)
    assert status == 2 and "(--models NAME ... or --datasets NAME ...)" in err
    assert "table.select" not in err
    # Percentages: the default rope is one point of them, said in the reading and the result.
    percent = tmp_path / "percent.csv"
    rows = text.split("\r\n")
    header, body = rows[0], [r for r in rows[1:] if r]
    score = header.split(",").index("score")

    def in_percent(row):
        cells = row.split(",")
        cells[score] = repr(round(float(cells[score]) * 100, 6))
        return ",".join(cells)

    percent.write_text("\r\n".join([header, *map(in_percent, body)]) + "\r\n", newline="")
    status, out, err = _run(capsys, "compare", percent)
    assert status == 0 and "the default rope is one percentage point (1)" in err
    assert "(one percentage point)" in out


def _nonfinite_fields(value, found):
    """The names of every ``<name>_nonfinite`` field of a JSON value, recursively."""
    if isinstance(value, dict):
        for key, item in value.items():
            if key.endswith("_nonfinite"):
                found.add(key.removesuffix("_nonfinite"))
            _nonfinite_fields(item, found)
    elif isinstance(value, list):
        for item in value:
            _nonfinite_fields(item, found)
    return found


@pytest.mark.long
def test_every_number_the_json_can_hold_as_non_finite_is_documented(tmp_path, capsys):
    rng = np.random.default_rng(0)
    # Two models on the splits of three data sets: a constant difference, identical models,
    # noise; three models whose data sets are in other units and rank them alike.
    rows = ["dataset,model,fold,score"]
    for d in range(3):
        for fold in range(10):
            a = 0.8 + rng.normal(0, 0.01)
            b = {0: a - 0.01, 1: a}.get(d, a - rng.normal(0, 0.01))
            rows += [f"d{d},a,{fold},{a}", f"d{d},b,{fold},{b}"]
    pairs = tmp_path / "pairs.csv"
    pairs.write_text("\n".join(rows) + "\n")
    units = tmp_path / "units.csv"
    units.write_text(
        "dataset,a,b,c\n"
        + "".join(f"d{d},{3 * s + 0.1},{2.9 * s},{3.1 * s}\n" for d, s in enumerate([2, 50] * 3))
    )
    found = set()
    for path, tests, extra in (
        (
            pairs,
            ["auto", "corrected_t", "hierarchical", "sign", "signed_rank", "paired_t"],
            ["--test-train-ratio", "1/9"],
        ),
        # Other units: the tests of signs without a rope (Wilcoxon's ranks would pool them).
        (units, ["wilcoxon", "sign"], ["--rope", "0"]),
    ):
        for test in tests:
            args = ["compare", str(path), "--json", "--test", test, "--higher-is-better", *extra]
            if main(args) != 0:
                continue
            _nonfinite_fields(json.loads(capsys.readouterr().out), found)
    documented = (Path(__file__).parents[1] / "docs" / "command_line.rst").read_text()
    paragraph = documented.split("The output is strict JSON")[1].split("::")[0]
    assert found >= {"statistic", "ci_low", "mean_difference", "iman_davenport_statistic"}
    assert {name for name in found if f"``{name}``" not in paragraph} == set()


def test_the_json_says_how_many_draws_each_pair_took_and_their_error(tmp_path, capsys):
    path = tmp_path / "means.csv"
    rng = np.random.default_rng(0)
    path.write_text(
        "dataset,a,b,c\n"
        + "".join(
            f"d{i},{0.8 + rng.normal(0, 0.01)},{0.81 + rng.normal(0, 0.01)},{0.9}\n"
            for i in range(12)
        )
    )
    assert main(["compare", str(path), "--json", "--higher-is-better"]) == 0
    pairs = json.loads(capsys.readouterr().out)["pairs"]
    stops = np.cumsum(chunk_sizes(MOST_DRAWS))
    for pair in pairs:
        assert pair["n_draws"] in stops and pair["mcse"] <= TARGET_MCSE
    assert main(["compare", str(path), "--json", "--n-draws", "3000", "--higher-is-better"]) == 0
    fixed = json.loads(capsys.readouterr().out)["pairs"]
    assert {pair["n_draws"] for pair in fixed} == {3000}


def test_command_imports_only_the_public_api_and_its_module():
    # The command reaches past the public API only through sklearn_bayescmp._command,
    # and every name listed there resolves.
    import ast
    import importlib
    from pathlib import Path

    import sklearn_bayescmp._command as command
    import sklearn_bayescmp.cli as cli

    for name in command.__all__:
        assert getattr(command, name) is not None, name
    private = []
    for path in Path(cli.__file__).parent.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level >= 2:
                module = node.module or ""
                parts = module.split(".")
                if module != "_command" and any(part.startswith("_") for part in parts):
                    private.append(f"{path.name}: from {'.' * node.level}{module}")
                if not module:  # "from .. import X": X must be public
                    package = importlib.import_module("sklearn_bayescmp")
                    private += [
                        f"{path.name}: {alias.name}"
                        for alias in node.names
                        if alias.name not in package.__all__
                    ]
    assert private == []


def test_json_is_the_comparison_dict(capsys, tmp_path):
    # --json prints json.dumps of ModelComparison.to_dict(), nothing built beside it.
    table = _score_table(n_models=2)
    path = tmp_path / "scores.csv"
    path.write_text(table.to_csv(layout="long"), newline="")
    status, out, err = _run(capsys, "compare", path, "--json", "--seed", "3")
    assert status == 0, err
    read = ScoreTable.read_csv(path)
    expected = compare_models(read, random_state=3).to_dict()
    assert out.strip() == json.dumps(expected, indent=2, allow_nan=False)
    assert json.loads(out) == expected and set(expected["per_dataset"]) == set(table.datasets)


# --------------------------------------------------------------------------
# the record's published schema
# --------------------------------------------------------------------------


def _schema():
    path = Path(__file__).resolve().parents[1] / "docs" / "comparison.schema.json"
    return json.loads(path.read_text())


def _records_of_every_back_end():
    """A record of every back end: many models over data sets, one data set, two models
    with every split (each data set's tests), random resamples, 5x2cv, other units."""
    from sklearn_bayescmp.stats import backend_names, get_backend

    rng = np.random.default_rng(0)
    scores = {f"d{i}": rng.normal([[0.8], [0.81], [0.83]], 0.02, (3, 10)) for i in range(5)}
    scores["d4"][:, :] = scores["d4"][0]  # every split alike: infinite statistics
    many = ScoreTable(scores, models=["a", "b", "c"], test_train_ratio=1 / 9)
    five_by_two = ScoreTable(
        {"d": rng.normal([[0.8], [0.83]], 0.02, (2, 10))},
        models=["a", "b"],
        repeat=np.repeat(np.arange(5), 2),
        fold=np.tile(np.arange(2), 5),
        test_train_ratio=1,
    )
    records = {}
    for name in backend_names():
        backend = get_backend(name)
        if name.endswith("5x2cv"):
            table = five_by_two
        else:
            table = many.select(datasets=["d0"]) if backend.scope == "dataset" else many
        options = {"n_warmup": 100, "n_draws": 100, "n_chains": 2} if name == "hierarchical" else {}
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # short chains, all-equal splits: said elsewhere
            records[name] = compare_models(table, test=name, random_state=0, **options).to_dict()
    two = many.select(models=["a", "b"])
    records["two models"] = compare_models(two, random_state=0).to_dict()
    resampled = ScoreTable(
        {name: two.scores(name) for name in two.datasets},
        models=two.models,
        test_train_ratio=1 / 9,
        design="resamples",
    )
    records["resamples"] = compare_models(resampled, random_state=0).to_dict()
    units = ScoreTable(
        {"small": rng.normal([[0.8], [0.82]], 0.02, (2, 10)), "large": rng.normal(80, 5, (2, 10))},
        models=["a", "b"],
        test_train_ratio=1 / 9,
    )
    records["other units"] = compare_models(units, test="sign", rope=0, random_state=0).to_dict()
    return records


@pytest.mark.long
def test_every_record_follows_the_published_schema():
    jsonschema = pytest.importorskip("jsonschema")
    schema = _schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    records = _records_of_every_back_end()
    assert records["two models"]["per_dataset"] and records["resamples"]["per_dataset"]
    assert "corrected_resampled_t" in next(iter(records["resamples"]["per_dataset"].values()))
    assert records["other units"]["units"]["kind"] == "scale"
    for name, record in records.items():
        errors = sorted(validator.iter_errors(record), key=str)
        assert not errors, (name, [error.message for error in errors[:3]])
        assert (record["format"], record["version"]) == ("sklearn-bayescmp/comparison", 2)
    # The schema refuses what a program must not meet: an unknown field, a sentence
    # where a code is.
    record = records["poisson"]
    assert not validator.is_valid({**record, "read_as": "model = 'learner'"})
    assert not validator.is_valid({**record, "units": "the data sets differ"})
    assert not validator.is_valid({**record, "direction": "lower is better"})
