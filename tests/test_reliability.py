"""Every bad input and fault an adversarial run tried, with what must happen.

Each case runs the command (in process) or the library as a careless or
unlucky user would, and states what must come out: exit status 2 and one
line that names the option or the cell (never a traceback), or the exact
result. The same runs generate the table of the reliability page
(``docs/reliability_table.rst``); a test checks that the committed table is
current. Regenerate it with::

    BAYESCMP_WRITE_RELIABILITY_TABLE=1 python -m pytest tests/test_reliability.py
"""

import contextlib
import gzip
import io
import json
import os
import pathlib
import re
import warnings
from typing import NamedTuple

import numpy as np
import pytest

from sklearn_bayescmp import CVDifferences, ScoreTable, compare_models
from sklearn_bayescmp.cli import main

TABLE = pathlib.Path(__file__).parents[1] / "docs" / "reliability_table.rst"


class Observed(NamedTuple):
    """What a case produced: an exit status (0 for a library call that worked) and text."""

    status: int
    text: str


class Case(NamedTuple):
    group: str
    what: str
    expected: str  # in words, for the table
    status: int
    pattern: str  # must be found in the observed text
    run: object  # (directory) -> Observed


def _command(*argv):
    """Run ``bayescmp`` in process: the exit status and what it wrote to stderr (or stdout)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # sampler notes go to stderr as lines anyway
            try:
                status = main([str(a) for a in argv])
            except SystemExit as exc:  # argparse
                status = exc.code
    return Observed(status, err.getvalue().strip() or out.getvalue().strip())


def _library(call):
    """Run a library call: status 2 and the message when it refuses (ValueError/TypeError)."""
    try:
        value = call()
    except (ValueError, TypeError) as exc:
        return Observed(2, str(exc))
    return Observed(0, value)


def _long_csv(directory, name="scores.csv", *, n_datasets=3, models=("A", "B"), edit=None):
    """A long CSV with sizes: every model on every split of every data set."""
    rng = np.random.default_rng(0)
    rows = ["dataset,model,split,score,n_train,n_test"]
    for d in range(n_datasets):
        for model in models:
            for split in range(10):
                rows.append(f"d{d},{model},{split},{rng.uniform(0.7, 0.9)!r},90,10")
    if edit is not None:
        rows = edit(rows)
    path = directory / name
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return path


def _set_cell(row, column, value):
    """A CSV row with the cell in ``column`` replaced."""
    cells = row.split(",")
    cells[column] = value
    return ",".join(cells)


def _cache_case(directory):
    """A scorer's body changes between two runs on the same cache: the second equals uncached."""
    import sys

    from sklearn.model_selection import RepeatedStratifiedKFold
    from sklearn.naive_bayes import GaussianNB
    from sklearn.tree import DecisionTreeClassifier

    from sklearn_bayescmp import RepeatedCVComparator

    X = np.column_stack([np.arange(60.0), np.random.default_rng(0).normal(size=60)])
    y = (X[:, 1] > 0).astype(int)
    source = (
        "import numpy as np\n"
        "def scorer(estimator, X, y):\n"
        "    return float(np.mean(estimator.predict(X) == y)){}\n"
    )
    results = []
    for change in ("", " * 0.5"):
        (directory / "user_scorer.py").write_text(source.format(change))
        sys.path.insert(0, str(directory))
        sys.modules.pop("user_scorer", None)
        import importlib

        importlib.invalidate_caches()
        module = importlib.import_module("user_scorer")
        sys.path.remove(str(directory))
        sys.modules.pop("user_scorer", None)
        runs = []
        for memory in (directory / "cache", None):
            comparator = RepeatedCVComparator(
                GaussianNB(),
                DecisionTreeClassifier(random_state=0),
                rope=0.01,
                scoring=module.scorer,
                cv=RepeatedStratifiedKFold(n_splits=5, n_repeats=2, random_state=0),
                memory=memory,
            ).fit(X, y)
            runs.append(comparator.cv_results_["test_score_a"])
        results.append(runs)
    (_, before), (cached, uncached) = results
    same = np.array_equal(cached, uncached) and not np.array_equal(cached, before)
    return Observed(0, "the second run equals an uncached run" if same else "stale scores")


def _json_case(directory):
    """Zero-variance differences: strict JSON, null and a note instead of Infinity."""

    def edit(rows):
        return [
            row
            if not row.startswith("d0,")
            else _set_cell(row, 3, "0.75" if ",A," in row else "0.5")
            for row in rows
        ]

    path = _long_csv(directory, edit=edit)
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        status = main(["compare", str(path), "--json"])

    def refuse(constant):
        raise ValueError(f"not strict JSON: {constant}")

    report = json.loads(out.getvalue(), parse_constant=refuse)
    ttest = report["per_dataset"]["d0"]["corrected_t"]
    return Observed(
        status,
        f"statistic={ttest['statistic']}, statistic_nonfinite={ttest['statistic_nonfinite']!r}, "
        f"zero_variance={ttest['zero_variance']}",
    )


def _differences_csv(directory, delimiter):
    records = {
        f"d{i}": CVDifferences(
            np.random.default_rng(i).normal(0.01, 0.02, 10), n_train=90, n_test=10, name=f"d{i}"
        )
        for i in range(3)
    }
    text = "".join(
        r.to_csv() if i == 0 else r.to_csv().split("\r\n", 1)[1]
        for i, r in enumerate(records.values())
    )
    path = directory / f"differences_{ord(delimiter)}.csv"
    path.write_text(text.replace(",", delimiter), newline="")
    return path


def _semicolon_case(directory):
    outputs = []
    for delimiter in (",", ";", "\t"):
        out = io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
            status = main(
                [
                    "compare",
                    str(_differences_csv(directory, delimiter)),
                    "--json",
                ]
            )
        outputs.append((status, json.loads(out.getvalue())["per_dataset"]))
    same = all(output == outputs[0] for output in outputs)
    return Observed(
        max(s for s, _ in outputs), "the same numbers as the comma file" if same else "differ"
    )


def _encoded(directory, name, data):
    path = directory / name
    path.write_bytes(data)
    return path


def _text(directory):
    return _long_csv(directory).read_text()


def _same_report(directory, name, encode):
    """The report of the file written as ``encode(text)``, against the plain UTF-8 file's."""
    plain = _long_csv(directory)
    encoded = _encoded(directory, name, encode(plain.read_text()))
    reports = []
    for path in (plain, encoded):
        out = io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
            status = main(["compare", str(path), "--json"])
        report = json.loads(out.getvalue())
        reports.append((status, {key: report[key] for key in ("per_dataset", "pairs")}))
    same = reports[0] == reports[1]
    return Observed(reports[1][0], "the report of the UTF-8 file" if same else "another report")


def _pandas_missing_names(directory):
    pandas = pytest.importorskip("pandas")
    frame = pandas.DataFrame(
        {
            "dataset": ["d0"] * 4,
            "model": ["A", None, "B", float("nan")],
            "split": [0, 0, 1, 1],
            "score": [0.8, 0.7, 0.9, 0.6],
        }
    )
    return _library(lambda: ScoreTable.from_long(frame, test_train_ratio=1 / 9))


def _multiindex(directory):
    pandas = pytest.importorskip("pandas")
    frame = pandas.DataFrame(
        [[0.8, 0.7]], columns=pandas.MultiIndex.from_tuples([("acc", "A"), ("acc", "B")])
    )
    return _library(lambda: ScoreTable.from_wide(frame, test_train_ratio=1 / 9))


def _wide_reserved(directory):
    table = ScoreTable(
        np.array([[0.8, 0.9], [0.7, 0.6]]), models=["split", "B"], test_train_ratio=1 / 9
    )
    return _library(lambda: table.to_csv(layout="wide"))


def _long_reserved(directory):
    table = ScoreTable(
        np.array([[0.8, 0.9], [0.7, 0.6]]), models=["split", "n_test"], test_train_ratio=1 / 9
    )
    back = ScoreTable.read_csv(io.StringIO(table.to_csv(layout="long")))
    return Observed(0, "read back equal" if back == table else "differs")


def _spaces(directory):
    def edit(rows):
        return [
            row.replace(",A,", ", A,") if row.endswith(",90,10") and ",3," in row else row
            for row in rows
        ]

    return _command("compare", _long_csv(directory, edit=edit))


def _hierarchical_warning(directory):
    from sklearn.exceptions import ConvergenceWarning

    table = ScoreTable(
        {f"d{i}": np.random.default_rng(i).uniform(0.7, 0.9, (3, 10)) for i in range(4)},
        models=["a", "b", "c"],
        test_train_ratio=1 / 9,
    )
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        compare_models(
            table, test="hierarchical", n_jobs=2, n_warmup=20, n_draws=30, random_state=0
        )
    found = [w for w in caught if issubclass(w.category, ConvergenceWarning)]
    return Observed(
        0,
        f"{len(found)} ConvergenceWarning, at {pathlib.Path(found[0].filename).name}"
        if found
        else "no warning",
    )


def _nan_differences(directory):
    path = directory / "nan_differences.csv"
    path.write_text(
        "dataset,difference,n_train,n_test\n"
        + "".join(
            f"d{d},{'nan' if (d, s) == (1, 3) else 0.01 * ((s % 3) - 1)},90,10\n"
            for d in range(3)
            for s in range(10)
        )
    )
    return _command("compare", path)


def _failed_model(directory, allow):
    def edit(rows):
        return [_set_cell(row, 3, "nan") if row.startswith("d1,C,") else row for row in rows]

    path = _long_csv(directory, f"failed_{allow}.csv", models=("A", "B", "C"), edit=edit)
    argv = ["compare", path] + (["--allow-incomplete"] if allow else [])
    observed = _command(*argv)
    if allow:
        out = io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
            main([str(a) for a in argv])
        line = next(line for line in out.getvalue().splitlines() if "compared on" in line)
        return Observed(observed.status, line)
    return observed


def _forest_identical(directory):
    def edit(rows):
        # Data sets d0 and d1: both models score the same on every split.
        scores = {}
        kept = []
        for row in rows:
            cells = row.split(",")
            if cells[0] in ("d0", "d1") and cells[1] == "A":
                scores[cells[0], cells[2]] = cells[3]
            if cells[0] in ("d0", "d1") and cells[1] == "B":
                cells[3] = scores[cells[0], cells[2]]
            kept.append(",".join(cells))
        return kept

    path = _long_csv(directory, "identical.csv", n_datasets=4, edit=edit)
    out = directory / "forest.png"
    observed = _command("compare", path, "--plot", out)
    return Observed(observed.status, f"plot saved: {out.exists() and out.stat().st_size > 0}")


# -- round 3: every reading certain or refused ---------------------------------


def _csv_file(directory, name, text):
    path = directory / name
    path.write_text(text, encoding="utf-8")
    return path


def _rows(header, row, models=("A", "B"), datasets=("d0", "d1", "d2"), folds=4):
    """A CSV text: ``row(dataset, model, fold, score)`` per cell; A leads by 0.02."""
    rng = np.random.default_rng(0)
    lines = [header]
    for d in datasets:
        for m in models:
            for f in range(folds):
                score = round(0.8 + (0.02 if m == "A" else 0) + rng.normal(0, 0.005), 4)
                lines.append(row(d, m, f, score))
    return "\n".join(lines) + "\n"


def _openml_loss(directory):
    text = _rows(
        "flow_name,data_name,repeat,fold,function,value",
        lambda d, m, f, s: f"{m},{d},0,{f},mean_absolute_error,{round(1 - s, 4)}",
    )
    path = _csv_file(directory, "openml.csv", text)
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        status = main(["compare", str(path), "--json", "--test-train-ratio", "1/3"])
    report = json.loads(out.getvalue())
    return Observed(
        status,
        f"lower_is_better={report['lower_is_better']}, decision on d0: "
        f"{report['per_dataset']['d0']['bayesian_correlated_t']['decision']}",
    )


def _lower_is_better_differences(directory):
    record = CVDifferences(
        np.random.default_rng(0).normal(0.02, 0.005, 20), n_train=90, n_test=10, name="d"
    )
    path = directory / "loss_differences.csv"
    record.to_csv(path)
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        status = main(["compare", str(path), "--json", "--lower-is-better"])
    report = json.loads(out.getvalue())
    return Observed(
        status, f"decision: {report['per_dataset']['d']['bayesian_correlated_t']['decision']}"
    )


def _row_per_model(directory):
    path = _csv_file(directory, "models.csv", "model,iris,wine\nrf,0.95,0.97\nsvm,0.96,0.98\n")
    return _command("compare", path, "--layout", "wide")


def _report_over_input(directory):
    path = _csv_file(directory, "scores.txt", _long_csv(directory).read_text())
    before = path.read_text()
    observed = _command("compare", path, "--report", path)
    kept = "input kept" if path.read_text() == before else "input overwritten"
    return Observed(observed.status, f"{observed.text} [{kept}]")


def _foreign_figure(directory):
    pytest.importorskip("matplotlib")
    path = _long_csv(directory, models=("A", "B", "C"))
    (directory / "r_md_classic_cd.svg").write_text("<svg>mine</svg>")
    observed = _command("compare", path, "--report", directory / "r.md")
    kept = (directory / "r_md_classic_cd.svg").read_text() == "<svg>mine</svg>"
    return Observed(observed.status, f"{observed.text} [{'kept' if kept else 'replaced'}]")


def _halving(directory):
    from sklearn.datasets import load_iris
    from sklearn.experimental import enable_halving_search_cv  # noqa: F401
    from sklearn.model_selection import HalvingGridSearchCV, KFold
    from sklearn.svm import SVC

    X, y = load_iris(return_X_y=True)
    search = HalvingGridSearchCV(
        SVC(),
        {"C": [0.01, 0.1, 1, 10, 100, 1000]},
        cv=KFold(5, shuffle=True, random_state=0),
        random_state=0,
    ).fit(X, y)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        table = ScoreTable.from_cv_results(search.cv_results_, n_train=120, n_test=30)
    return Observed(0, f"{table.models}; {' '.join(str(w.message) for w in caught)}")


def _cross_validate_splits(directory):
    from sklearn.datasets import load_iris
    from sklearn.model_selection import KFold, cross_validate
    from sklearn.naive_bayes import GaussianNB

    X, y = load_iris(return_X_y=True)
    results = {
        f"NB {seed}": cross_validate(
            GaussianNB(), X, y, cv=KFold(5, shuffle=True, random_state=seed), return_indices=True
        )
        for seed in (0, 1)
    }
    return _library(lambda: ScoreTable.from_cross_validate(results))


def _several_metrics(directory):
    from sklearn.datasets import load_iris
    from sklearn.model_selection import cross_validate
    from sklearn.naive_bayes import GaussianNB
    from sklearn.tree import DecisionTreeClassifier

    X, y = load_iris(return_X_y=True)
    results = {
        name: cross_validate(estimator, X, y, cv=5, scoring=["accuracy", "f1_macro"])
        for name, estimator in (("NB", GaussianNB()), ("tree", DecisionTreeClassifier()))
    }
    return _library(lambda: ScoreTable.from_cross_validate(results, n_train=120, n_test=30))


def _comparison_of(names):
    rng = np.random.default_rng(0)
    scores = {f"d{i}": rng.normal(0.8, 0.02, (len(names), 10)) for i in range(4)}
    table = ScoreTable(scores, models=names, test_train_ratio=1 / 9)
    return compare_models(table, random_state=0)


def _markdown_script(directory):
    text = _comparison_of(["<script>alert(1)</script>", "[x](javascript:alert(1))"]).report(
        format="markdown"
    )
    row = next(line for line in text.splitlines() if line.startswith("| &lt;script"))
    return Observed(0, row.split(" | ")[0] + " | " + row.split(" | ")[1] + " |")


def _latex_commands(directory):
    text = _comparison_of([r"x\input{/etc/hostname}", "α-model"]).report(format="latex")
    declared = next(line.strip() for line in text.splitlines() if "DeclareUnicode" in line)
    written = r"x\textbackslash{}input\{/etc/hostname\}" in text
    return Observed(0, f"{declared}; name written as text: {written}")


def _terminal(directory):
    summary = _comparison_of(["\x1b[2Jwipe", "plain"]).summary()
    line = next(line for line in summary.splitlines() if "wipe" in line)
    return Observed(0, " ".join(line.split()[:2]))


def _figures_triples(directory):
    return _library(
        lambda: _comparison_of(["a", "b"]).report(format="markdown", figures=[("x", "y", "z")])
    )


def _method_as_model(directory):
    text = _rows(
        "dataset,method,learner_variant,fold,score", lambda d, m, f, s: f"{d},cv,{m},{f},{s}"
    )
    return _command(
        "compare", _csv_file(directory, "method.csv", text), "--test-train-ratio", "1/3"
    )


def _unknown_means_column(directory):
    text = _rows("suite,model,score", lambda d, m, f, s: f"{d},{m},{s}", folds=1)
    return _command("compare", _csv_file(directory, "means.csv", text))


def _imported_constant_cache(directory):
    """A scorer reads a constant imported in its body; the constant's file changes."""
    import importlib
    import sys

    from sklearn.model_selection import RepeatedStratifiedKFold
    from sklearn.naive_bayes import GaussianNB
    from sklearn.tree import DecisionTreeClassifier

    from sklearn_bayescmp import RepeatedCVComparator

    X = np.column_stack([np.arange(60.0), np.random.default_rng(0).normal(size=60)])
    y = (X[:, 1] > 0).astype(int)
    (directory / "r3_scorer.py").write_text(
        "import numpy as np\n"
        "def scorer(estimator, X, y):\n"
        "    from r3_weights import FACTOR\n"
        "    return float(np.mean(estimator.predict(X) == y)) * FACTOR\n"
    )
    runs = []
    sys.path.insert(0, str(directory))
    try:
        for factor in ("1.0", "0.5"):
            (directory / "r3_weights.py").write_text(f"FACTOR = {factor}\n")
            for name in ("r3_scorer", "r3_weights"):
                sys.modules.pop(name, None)
            importlib.invalidate_caches()
            scorer = importlib.import_module("r3_scorer").scorer
            for memory in (directory / "cache", None):
                comparator = RepeatedCVComparator(
                    GaussianNB(),
                    DecisionTreeClassifier(random_state=0),
                    rope=0.01,
                    scoring=scorer,
                    cv=RepeatedStratifiedKFold(n_splits=3, n_repeats=2, random_state=0),
                    memory=memory,
                ).fit(X, y)
                runs.append(comparator.cv_results_["test_score_a"])
    finally:
        sys.path.remove(str(directory))
        for name in ("r3_scorer", "r3_weights"):
            sys.modules.pop(name, None)
    same = np.array_equal(runs[2], runs[3]) and not np.array_equal(runs[2], runs[0])
    return Observed(0, "the second run equals an uncached run" if same else "stale scores")


def _delta0_bound(directory):
    from sklearn_bayescmp.stats import hierarchical_test

    records = [
        CVDifferences(np.random.default_rng(i).normal(0.05, 0.01, 10), n_train=90, n_test=10)
        for i in range(5)
    ]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        hierarchical_test(
            records, delta0_bound=0.01, n_chains=2, n_warmup=200, n_draws=300, random_state=0
        )
    found = [str(w.message) for w in caught if "delta0_bound" in str(w.message)]
    return Observed(0, found[0] if found else "no warning")


def _posthoc_scores(directory):
    from sklearn_bayescmp.stats import rank_posthoc

    return _library(lambda: rank_posthoc([0.81, 0.84, 0.79], 10))


def _percent_mix(directory):
    frame = {"dataset": ["d0", "d1", "d2"], "A": [81.5, 92.0, 70.1], "B": [0.80, 0.905, 0.723]}
    return _library(lambda: ScoreTable.from_wide(frame, greater_is_better=True))


# -- what a table means (issue 39): names propose, values decide ---------------------

_PAPER = np.round(np.random.default_rng(7).uniform(0.7, 0.9, (8, 1)) + [[0.02, 0.0, 0.01]], 4)


def _paper_csv(directory, name="paper_accuracy.csv", *, extra_columns=None, extra_rows=()):
    """A paper's wide table of mean accuracies (8 data sets, models A, B, C), its file
    named after the measure."""
    extra_columns = extra_columns or {}
    header = ["dataset", "A", "B", "C", *extra_columns]
    lines = [",".join(header)]
    for i, row in enumerate(_PAPER.tolist()):
        cells = [f"d{i}", *map(str, row), *(str(v[i]) for v in extra_columns.values())]
        lines.append(",".join(cells))
    lines += [",".join(map(str, row)) for row in extra_rows]
    return _csv_file(directory, name, "\n".join(lines) + "\n")


def _average_row(directory):
    mean = np.round(_PAPER.mean(axis=0), 4)
    return _command("compare", _paper_csv(directory, extra_rows=[["Average", *mean]]))


def _false_wins_row(directory):
    return _command("compare", _paper_csv(directory, extra_rows=[["Wins", 1, 7, 2]]))


def _spread_columns(directory):
    spreads = {f"{m}_std": [0.01, 0.02, 0.015, 0.01, 0.03, 0.02, 0.01, 0.012] for m in "ABC"}
    return _command("compare", _paper_csv(directory, extra_columns=spreads))


def _keel_descriptors(directory):
    columns = {
        "#Ex.": [150, 178, 569, 1000, 214, 768, 351, 3772],
        "#Atts.": [4, 13, 30, 20, 9, 8, 34, 29],
        "IR": [1.5, 1.8, 1.68, 2.33, 8.6, 1.87, 1.79, 15.3],
    }
    return _command("compare", _paper_csv(directory, extra_columns=columns))


def _latex_bold(directory):
    """A paper's LaTeX table exported to CSV, each row's best set in ``\\textbf{}``; the
    file's name says nothing of the measure."""
    lines = ["dataset,A,B,C"]
    for i, row in enumerate(_PAPER.tolist()):
        cells = (f"\\textbf{{{v}}}" if v == max(row) else str(v) for v in row)
        lines.append(",".join([f"d{i}", *cells]))
    return _command("compare", _csv_file(directory, "table3.csv", "\n".join(lines) + "\n"))


def _measured_models(directory):
    """A wide table whose model columns carry their measure: ``A_rmse``, ``B_rmse``..."""
    lines = ["dataset,A_rmse,B_rmse,C_rmse"]
    lines += [f"d{i}," + ",".join(map(str, row)) for i, row in enumerate(_PAPER.tolist())]
    return _command("compare", _csv_file(directory, "results.csv", "\n".join(lines) + "\n"))


def _wide_seed_column(directory):
    """A row per (data set, seed), a column per model, and no fold."""
    lines = ["dataset,seed,A,B"]
    lines += [
        f"d{d},{s},{0.8 + 0.01 * d + 0.001 * s:.3f},{0.79 + 0.01 * d:.3f}"
        for d in range(4)
        for s in range(3)
    ]
    return _command("compare", _csv_file(directory, "accuracy.csv", "\n".join(lines) + "\n"))


def _search_results_csv(directory):
    """A hyper-parameter search's ``cv_results_`` written with pandas' ``to_csv``."""
    text = (
        "mean_fit_time,param_C,params,split0_test_score,split1_test_score,mean_test_score\n"
        "0.01,0.1,{'C': 0.1},0.90,0.91,0.905\n0.01,1,{'C': 1},0.92,0.93,0.925\n"
    )
    return _command("compare", _csv_file(directory, "cv_results.csv", text))


def _pandas_index(directory):
    return _command("compare", _paper_csv(directory, extra_columns={"Unnamed: 0": list(range(8))}))


def _counts_column(directory):
    counts = {"first": [3, 1, 0, 2, 5, 1, 2, 0]}
    return _command("compare", _paper_csv(directory, extra_columns=counts))


def _tabarena_text(*, imputed=False):
    """TabArena's per-split results: 1 - AUC, log loss and RMSE as ``metric_error``."""
    rng = np.random.default_rng(0)
    lines = ["method,dataset,fold,metric,metric_error" + (",imputed" if imputed else "")]
    tasks = (("credit-g", "roc_auc", 0.2), ("wine", "log_loss", 0.5), ("houses", "rmse", 3e3))
    for task, metric, scale in tasks:
        for method, level in (("CatBoost", 1.0), ("RF", 1.2), ("KNN", 1.6)):
            for fold in range(5):
                error = round(scale * level * (1 + rng.normal(0, 0.02)), 6)
                filled = f",{imputed and method == 'KNN' and fold == 4}" if imputed else ""
                lines.append(f"{method},{task},{fold},{metric},{error}{filled}")
    return "\n".join(lines) + "\n"


def _tabarena_roc_auc(directory, *extra):
    path = _csv_file(directory, "results_per_split.csv", _tabarena_text())
    options = ["--score-col", "metric_error", "--metric", "roc_auc", "--test-train-ratio", "1/9"]
    return _command("compare", path, *options, *extra)


def _tabarena_units(directory, *extra):
    path = _csv_file(directory, "results_per_split.csv", _tabarena_text())
    options = ["--score-col", "metric_error", "--lower-is-better", "--test-train-ratio", "1/9"]
    return _command("compare", path, *options, *extra)


def _tabarena_imputed(directory):
    path = _csv_file(directory, "results_per_split.csv", _tabarena_text(imputed=True))
    return _command("compare", path, "--score-col", "metric_error", "--lower-is-better")


def _error_files(directory):
    paths = []
    for name in ("A_ERROR.csv", "B_error.csv"):
        rows = [f"Problem{i},0.1{i},0.12,0.11" for i in range(4)]
        paths.append(_csv_file(directory, name, "Resamples:,0,1,2\n" + "\n".join(rows) + "\n"))
    return _command("compare", *paths)


def _negated_logloss(directory):
    text = _rows(
        "framework,task,fold,metric,result",
        lambda d, m, f, s: f"{m},{d},{f},logloss,{-round(1 - s, 4)}",
    )
    return _command("compare", _csv_file(directory, "results.csv", text))


def _seeds_csv(directory):
    text = _rows("dataset,model,seed,score", lambda d, m, f, s: f"{d},{m},{f},{s}", datasets=["x"])
    return _csv_file(directory, "seeds.csv", text)


def _seeds_correlated(directory):
    """The refusal, after the reading's line (which says what the table was read as)."""
    observed = _command(
        "compare", _seeds_csv(directory), "--split-col", "seed", "--test", "bayesian_correlated_t"
    )
    lines = observed.text.splitlines()
    assert lines[0].startswith("bayescmp compare: read as:") and len(lines) == 2
    return Observed(observed.status, lines[1])


def _catboost_cells(directory):
    lines = ["dataset,CatBoost,LightGBM"]
    for i, (a, b, _) in enumerate(_PAPER.tolist()):
        lines.append(f"d{i},{a} (±0.0004) (+1.20%),{b} (±0.0006)")
    return _command("compare", _csv_file(directory, "accuracy.csv", "\n".join(lines) + "\n"))


def _decimal_commas(directory):
    lines = ["dataset;A;B;C"]
    for i, row in enumerate(_PAPER.tolist()):
        lines.append(";".join([f"d{i}", *(str(v).replace(".", ",") for v in row)]))
    return _command(
        "compare",
        _csv_file(directory, "accuracy.csv", "\n".join(lines) + "\n"),
        "--higher-is-better",
    )


def _underscore(directory):
    path = _paper_csv(directory)
    path.write_text(path.read_text().replace(str(_PAPER[3, 1]), "0_91"))
    return _command("compare", path)


def _scmamp(directory):
    rng = np.random.default_rng(0)
    lines = ["DB,Rep,Fold,AlgA,AlgB,AlgC"]
    for db in range(1, 5):
        for rep in range(1, 3):
            for fold in range(1, 6):
                scores = ",".join(str(v) for v in np.round(rng.uniform(0.7, 0.9, 3), 4))
                lines.append(f"{db},{rep},{fold},{scores}")
    return _command(
        "compare", _csv_file(directory, "kcv.csv", "\n".join(lines) + "\n"), "--higher-is-better"
    )


def _unicode_forms(directory):
    import unicodedata

    nfc, nfd = (unicodedata.normalize(form, "café") for form in ("NFC", "NFD"))
    text = _rows(
        "dataset,model,fold,score",
        lambda d, m, f, s: f"{d},{(nfc if f < 2 else nfd) if m == 'A' else m},{f},{s}",
    )
    return _command(
        "compare", _csv_file(directory, "merged.csv", text), "--test-train-ratio", "1/3"
    )


def _case_folded(directory):
    text = _rows(
        "dataset,model,fold,score",
        lambda d, m, f, s: f"{d},{'RF' if m == 'A' else 'rf'},{f},{s}",
    )
    return _command("compare", _csv_file(directory, "cases.csv", text), "--test-train-ratio", "1")


def _skore_keys(directory):
    from sklearn_bayescmp._skore import cross_validation_reports

    return _library(lambda: cross_validation_reports({1: object(), "1": object()}))


def _usb(directory):
    text = (
        "algorithm,cifar10_40,cifar100_400,stl10_40,svhn_40\n"
        "FixMatch,92.5,53.6,64.0,96.2\nFlexMatch,94.9,60.1,70.9,90.2\n"
        "Supervised,22.9,12.0,25.6,21.4\n"
    )
    path = _csv_file(directory, "usb.csv", text)
    return _command(
        "compare",
        path,
        "--layout",
        "wide",
        "--models",
        "FixMatch",
        "FlexMatch",
        "Supervised",
        "--rope",
        "1",
        "--higher-is-better",
    )


CASES = [
    # -- silent wrong answers and data loss --
    Case(
        "silent",
        "``memory=DIR`` reused after the body of a custom scorer changed",
        "the changed splits run again",
        0,
        "equals an uncached run",
        _cache_case,
    ),
    Case(
        "silent",
        "a model named 'split' written as a wide CSV",
        "refused at write time, naming the model and the layout to use",
        2,
        "Model 'split' is named like a split column, which the wide layout reads as the split: "
        ".* Use layout='long'",
        _wide_reserved,
    ),
    Case(
        "silent",
        "models named 'split' and 'n_test' written as a long CSV and read back",
        "read back exactly",
        0,
        "read back equal",
        _long_reserved,
    ),
    Case(
        "silent",
        "``bayescmp compare --json`` with zero-variance differences",
        "strict JSON: null, and a field saying what and why",
        0,
        "statistic=None, statistic_nonfinite='inf', zero_variance=True",
        _json_case,
    ),
    Case(
        "silent",
        "None and NaN in a pandas model column",
        "refused with the number of rows",
        2,
        "column 'model': 2 row\\(s\\) have no name, first row 1",
        _pandas_missing_names,
    ),
    Case(
        "silent",
        "``bayescmp compare --plot DIR``, DIR an existing directory",
        "refused before any work",
        2,
        "--plot '.*' is a directory; give the figure's file name",
        lambda d: _command("compare", _long_csv(d), "--plot", d),
    ),
    Case(
        "silent",
        "``bayescmp compare --plot out.xyz``",
        "one line listing the formats",
        2,
        "has the format 'xyz'; give one of .*png.*svg",
        lambda d: _command("compare", _long_csv(d), "--plot", d / "out.xyz"),
    ),
    Case(
        "silent",
        "model names ' A' and 'A' in one file",
        "refused, naming both",
        2,
        "the names 'A' \\(line 2\\) and ' A' \\(line 5\\) differ only in spaces",
        _spaces,
    ),
    # -- tracebacks --
    Case(
        "traceback",
        "``bayescmp compare --seed -1``",
        "exit 2, one line",
        2,
        "argument --seed: expected a whole number from 0 to 4294967295, got '-1'",
        lambda d: _command("compare", _long_csv(d), "--seed", "-1"),
    ),
    Case(
        "traceback",
        "``bayescmp compare --seed 1099511627776`` (2**40)",
        "exit 2, one line",
        2,
        "argument --seed: expected a whole number from 0 to 4294967295",
        lambda d: _command("compare", _long_csv(d), "--seed", str(2**40)),
    ),
    Case(
        "traceback",
        "``bayescmp compare --test-train-ratio 1e-300``",
        "exit 2, one line",
        2,
        "argument --test-train-ratio: expected n_test / n_train from 1e-06 to 1e\\+06",
        lambda d: _command("compare", _long_csv(d), "--test-train-ratio", "1e-300"),
    ),
    Case(
        "traceback",
        "``bayescmp compare --test-train-ratio 1e300``",
        "exit 2, one line",
        2,
        "argument --test-train-ratio: expected n_test / n_train from 1e-06 to 1e\\+06",
        lambda d: _command("compare", _long_csv(d), "--test-train-ratio", "1e300"),
    ),
    Case(
        "traceback",
        "an n_train cell of 1e30",
        "exit 2, naming the cell",
        2,
        "line 4, column 'n_train': '1e30' is too large; expected a positive whole number of "
        "at most 2\\*\\*53",
        lambda d: _command(
            "compare",
            _long_csv(d, edit=lambda r: [r[0], r[1], r[2], _set_cell(r[3], 4, "1e30"), *r[4:]]),
        ),
    ),
    Case(
        "traceback",
        "a split id of 1e30",
        "exit 2, naming the cell",
        2,
        "line 2, column 'split': '1e30' is too large",
        lambda d: _command(
            "compare", _long_csv(d, edit=lambda r: [r[0], _set_cell(r[1], 2, "1e30"), *r[2:]])
        ),
    ),
    Case(
        "traceback",
        "a finite score of 1e200",
        "exit 2, naming the cell",
        2,
        "line 3, column 'score': 1e\\+200 is too large; scores must be finite numbers below "
        "1e\\+100",
        lambda d: _command(
            "compare",
            _long_csv(d, edit=lambda r: [r[0], r[1], _set_cell(r[2], 3, "1e200"), *r[3:]]),
        ),
    ),
    Case(
        "traceback",
        "``--plot`` of two models whose scores are identical on two data sets",
        "the forest plot is saved",
        0,
        "plot saved: True",
        _forest_identical,
    ),
    Case(
        "traceback",
        "a semicolon- and a tab-separated differences file",
        "read by the one sniffed reader",
        0,
        "the same numbers as the comma file",
        _semicolon_case,
    ),
    # -- clear but defective errors --
    Case(
        "errors",
        "a UTF-16 file with a byte-order mark",
        "read",
        0,
        "the report of the UTF-8 file",
        lambda d: _same_report(d, "u16.csv", lambda text: text.encode("utf-16")),
    ),
    Case(
        "errors",
        "a UTF-8 file with a byte-order mark",
        "read",
        0,
        "the report of the UTF-8 file",
        lambda d: _same_report(d, "bom.csv", lambda text: text.encode("utf-8-sig")),
    ),
    Case(
        "errors",
        "a gzip-compressed CSV",
        "read",
        0,
        "the report of the UTF-8 file",
        lambda d: _same_report(d, "s.csv.gz", lambda text: gzip.compress(text.encode())),
    ),
    Case(
        "errors",
        "a latin-1 file",
        "the file and the encoding found named, with the fix",
        2,
        "is not UTF-8 text: line 2 .* holds byte 0xe9. It looks like latin-1 .* pass "
        "--encoding latin-1",
        lambda d: _command(
            "compare", _encoded(d, "l1.csv", _text(d).replace("d0", "dé0").encode("latin-1"))
        ),
    ),
    Case(
        "errors",
        "an Excel workbook (.xlsx) passed as the CSV",
        "named as such",
        2,
        "is a zip archive \\(an Excel .xlsx workbook is one\\), not a CSV text file: "
        "export it as CSV",
        lambda d: _command("compare", _encoded(d, "book.csv", b"PK\x03\x04" + bytes(range(256)))),
    ),
    Case(
        "errors",
        "binary data passed as the CSV",
        "named as such",
        2,
        "is binary data, not a CSV text file",
        lambda d: _command("compare", _encoded(d, "bin.csv", bytes([0, 200, 1, 0, 0, 7] * 50))),
    ),
    Case(
        "errors",
        "a quoted cell with a line break, then a bad cell",
        "the bad cell's own line",
        2,
        "line 4, column 'score': expected a number, got 'high'",
        lambda d: _command(
            "compare",
            _encoded(
                d, "quoted.csv", b'dataset,model,split,score\n"d\n0",A,0,0.8\n"d\n0",B,0,high\n'
            ),
            "--test-train-ratio",
            "1/9",
        ),
    ),
    Case(
        "errors",
        "an unclosed quote",
        "said as such, with its line",
        2,
        "line 3: a quoted cell opens here and is never closed",
        lambda d: _command(
            "compare",
            _encoded(
                d,
                "unclosed.csv",
                b'dataset,model,split,score\nd0,A,0,0.8\n"d0,B,0,0.7\nd1,A,0,0.8\n',
            ),
            "--test-train-ratio",
            "1/9",
        ),
    ),
    Case(
        "errors",
        "a pandas dataframe with MultiIndex columns",
        "a message with the fix",
        2,
        "several levels of column names \\(a MultiIndex\\); flatten them first",
        _multiindex,
    ),
    Case(
        "errors",
        "3 models, one failing on every split of a data set",
        "the model and the data set named",
        2,
        "model 'C' has no score on data set 'd1' \\(every split failed or is missing\\)"
        ".*--allow-incomplete",
        lambda d: _failed_model(d, False),
    ),
    Case(
        "errors",
        "the same, with ``--allow-incomplete``",
        "the rest compared, and said",
        0,
        "A vs C: compared on 2 of 3 data sets",
        lambda d: _failed_model(d, True),
    ),
    Case(
        "errors",
        "a NaN in a differences file",
        "a note, as for the other layouts",
        0,
        "note: .*1 difference\\(s\\) are NaN \\(failed splits\\)",
        _nan_differences,
    ),
    # -- warnings --
    Case(
        "warnings",
        "``compare_models(test='hierarchical', n_jobs=2)`` with short chains",
        "one convergence warning, at the caller's line",
        0,
        "1 ConvergenceWarning, at test_reliability.py",
        _hierarchical_warning,
    ),
    # -- round 3: every reading certain or refused --
    Case(
        "silent",
        "a score column named ``test_error``, ``mean_squared_error``, ``error (%)``, ``mape``",
        "read as a loss, said (a loss's word anywhere in the name is a witness)",
        0,
        "lower is better \\(the score column 'test_error' \\('error'\\)\\)",
        lambda d: _command(
            "compare",
            _csv_file(
                d,
                "err.csv",
                _rows("dataset,model,fold,test_error", lambda *r: ",".join(map(str, r))),
            ),
            "--test-train-ratio",
            "1/3",
        ),
    ),
    Case(
        "silent",
        "an OpenML table whose ``function`` is a loss (mean_absolute_error)",
        "lower is better, said; the model with the lower error wins",
        0,
        "lower_is_better=\\['d0', 'd1', 'd2'\\], decision on d0: a",
        _openml_loss,
    ),
    Case(
        "silent",
        "``greater_is_better='False'`` (a string)",
        "refused: not a boolean",
        2,
        "`greater_is_better` must be True, False or None; got 'False' of type str",
        lambda d: _library(lambda: ScoreTable.read_csv(_long_csv(d), greater_is_better="False")),
    ),
    Case(
        "silent",
        "``--lower-is-better`` on a differences file",
        "honoured: the differences of a loss favour B",
        0,
        "decision: b",
        _lower_is_better_differences,
    ),
    Case(
        "silent",
        "a table with a row per model (a ``model`` column) read as wide",
        "refused: its data sets would become the models",
        2,
        "column 'model' names a model on each row, so the table has a row per model",
        _row_per_model,
    ),
    Case(
        "silent",
        "a data-set column of an unknown name (``suite_entry``)",
        "refused, naming it and the option",
        2,
        "column 'suite_entry' has no role, and no column names the data sets; its text could. "
        "If it names the data sets, pass --dataset-col suite_entry",
        lambda d: _command(
            "compare",
            _csv_file(
                d,
                "suite.csv",
                _rows("suite_entry,model,fold,score", lambda *r: ",".join(map(str, r))),
            ),
            "--test-train-ratio",
            "1/3",
        ),
    ),
    Case(
        "silent",
        "columns ``Score`` and ``score``",
        "refused, naming both",
        2,
        "cannot tell which column holds the score: columns \\['Score', 'score'\\] could",
        lambda d: _command(
            "compare",
            _csv_file(
                d,
                "two.csv",
                _rows(
                    "dataset,model,fold,Score,score",
                    lambda dd, m, f, s: f"{dd},{m},{f},{s},{s / 2}",
                ),
            ),
            "--test-train-ratio",
            "1/3",
        ),
    ),
    Case(
        "silent",
        "a wide table with a numeric ``did`` column",
        "``did`` read as the data sets, not as a model",
        0,
        "models \\('rf', 'svm'\\), data sets \\('1', '2', '3'\\)",
        lambda d: Observed(
            0,
            (lambda t: f"models {t.models}, data sets {t.datasets}")(
                ScoreTable.read_csv(
                    io.StringIO("did,rf,svm\n1,0.9,0.8\n2,0.85,0.8\n3,0.7,0.72\n"),
                    greater_is_better=True,
                )
            ),
        ),
    ),
    Case(
        "silent",
        "one model in fractions beside models in percent",
        "refused, naming the model",
        2,
        "model 'B' scores at most 1 .* fractions and percentages are mixed",
        _percent_mix,
    ),
    Case(
        "silent",
        "``ScoreTable.from_cv_results`` of a ``HalvingGridSearchCV``",
        "the last iteration's candidates only, said",
        0,
        "\\('C=10', 'C=100'\\); .*The 2 candidates of iteration 1 \\(n_resources=150\\) are kept",
        _halving,
    ),
    Case(
        "silent",
        "``from_cross_validate`` of results on other splits (``return_indices=True``)",
        "refused",
        2,
        "come from other splits \\(the train indices of split 0 differ\\)",
        _cross_validate_splits,
    ),
    Case(
        "silent",
        "``bayescmp compare scores.txt --report scores.txt``",
        "refused before any work; the input kept",
        2,
        "--report '.*scores.txt' is the input file: writing it would destroy it.*\\[input kept\\]",
        _report_over_input,
    ),
    Case(
        "silent",
        "``--report r.md`` where ``r_md_classic_cd.svg`` is the user's own file",
        "refused; the file kept",
        2,
        "exists and was not written for this report.*\\[kept\\]",
        _foreign_figure,
    ),
    Case(
        "silent",
        "``memory=DIR``, a scorer that imports a constant in its body, the constant changed",
        "the changed splits run again",
        0,
        "equals an uncached run",
        _imported_constant_cache,
    ),
    Case(
        "silent",
        "``hierarchical_test(delta0_bound=0.01)`` on mean differences of 0.05",
        "a warning: the posterior is truncated",
        0,
        "delta0_bound=0.01 truncates the posterior of delta0",
        _delta0_bound,
    ),
    Case(
        "silent",
        "``rank_posthoc`` given scores instead of average ranks",
        "refused",
        2,
        "`average_ranks` must be average ranks, each from 1 to 3",
        _posthoc_scores,
    ),
    Case(
        "unsafe",
        "a model named ``<script>alert(1)</script>`` in a Markdown report",
        "written as text",
        0,
        "\\| &lt;script&gt;alert\\(1\\)&lt;/script&gt; \\| "
        "\\\\\\[x\\\\\\]\\(javascript:alert\\(1\\)\\)",
        _markdown_script,
    ),
    Case(
        "unsafe",
        "models named ``x\\input{/etc/hostname}`` and ``α-model`` in a LaTeX report",
        "commands written as text; the Greek letter declared for pdflatex",
        0,
        "DeclareUnicodeCharacter\\{03B1\\}.*name written as text: True",
        _latex_commands,
    ),
    Case(
        "unsafe",
        "a model named ``\\x1b[2Jwipe`` (clear the screen) in a summary",
        "the escape shown, not sent",
        0,
        "\\\\x1b\\[2Jwipe plain",
        _terminal,
    ),
    Case(
        "traceback",
        "``from_cross_validate`` of results with several metrics, no ``metric=``",
        "one line naming the metrics",
        2,
        "have no 'test_score'; pass metric=<the scorer's name> \\(they have \\['test_accuracy', "
        "'test_f1_macro'\\]\\)",
        _several_metrics,
    ),
    Case(
        "traceback",
        "``report(format='markdown', figures=[('x', 'y', 'z')])``",
        "one line: what figures must be",
        2,
        "`figures` must be a sequence of \\(path, caption\\) pairs",
        _figures_triples,
    ),
    Case(
        "errors",
        "a ``method`` column (one value) beside the real model column",
        "the column read as the model named, and the candidates",
        2,
        "column 'method', read as the model, holds one name \\('cv'\\).*If \\['learner_variant'\\] "
        "names the models, pass --model-col NAME",
        _method_as_model,
    ),
    Case(
        "errors",
        "a table of means whose data-set column has an unknown name",
        "the column named (not 'does not say which split')",
        2,
        "column 'suite' has no role",
        _unknown_means_column,
    ),
    # -- what a table means (issue 39) --
    Case(
        "meaning",
        "a paper's wide table with an ``Average`` row",
        "left out, and said: its values are the mean of the other rows",
        0,
        "left out row 'Average' \\(the mean of the other rows\\)",
        _average_row,
    ),
    Case(
        "meaning",
        "a row ``Wins`` whose counts are no model's wins",
        "refused, naming the row and what its values are not",
        2,
        "row 'Wins' is named like a summary of the other rows, but its values are not",
        _false_wins_row,
    ),
    Case(
        "meaning",
        "columns ``A_std``, ``B_std``, ``C_std`` beside the models",
        "left out as the models' spreads, said",
        0,
        "ignored 'A_std', 'B_std', 'C_std' \\(a model's spread\\)",
        _spread_columns,
    ),
    Case(
        "meaning",
        "KEEL's descriptors ``#Ex.``, ``#Atts.``, ``IR`` beside the models",
        "left out as descriptions of the data sets, by their values",
        0,
        "ignored '#Ex.', '#Atts.' \\(describes the data sets: whole numbers\\); ignored 'IR'",
        _keel_descriptors,
    ),
    Case(
        "meaning",
        "a LaTeX table exported to CSV, each row's best in ``\\textbf{}``",
        "read, the bold read as marks on every row's best: higher is better",
        0,
        "higher is better \\(bold or starred cells on every row's best\\)",
        _latex_bold,
    ),
    Case(
        "meaning",
        "a wide table whose model columns carry their measure (``A_rmse``, ``B_rmse``)",
        "read as wide, the shared measure says lower is better, said",
        0,
        "lower is better \\(every model column's name, as 'A_rmse' \\('rmse'\\)\\)",
        _measured_models,
    ),
    Case(
        "meaning",
        "a wide table with a ``seed`` column and no fold",
        "asked about by the column's name, with the flag that reads it",
        2,
        "has a repeat column \\('seed'\\) but no fold column.*pass --split-col seed",
        _wide_seed_column,
    ),
    Case(
        "meaning",
        "a search's ``cv_results_`` written to CSV",
        "refused, naming the reader that takes it",
        2,
        "cv_results_.*ScoreTable.from_cv_results",
        _search_results_csv,
    ),
    Case(
        "meaning",
        "a pandas round trip's ``Unnamed: 0`` column",
        "left out as a dataframe's index, said",
        0,
        "ignored 'Unnamed: 0' \\(a dataframe's index, written out\\)",
        _pandas_index,
    ),
    Case(
        "meaning",
        "a column of whole numbers (``first``) beside the models' accuracies",
        "refused, naming what the values show (not 'fractions and percentages')",
        2,
        "column 'first' holds whole numbers \\(from 0 to 5\\) beside scores that are not",
        _counts_column,
    ),
    Case(
        "meaning",
        "TabArena's ``metric_error`` with ``--metric roc_auc``",
        "refused, naming both witnesses and the option",
        2,
        "the score column 'metric_error' is named as a loss \\('error'\\) while column "
        "'metric' names 'roc_auc'.*Pass --lower-is-better",
        _tabarena_roc_auc,
    ),
    Case(
        "meaning",
        "the same with ``--lower-is-better``",
        "the user's answer taken, said; the lower error wins",
        0,
        "lower is better \\(the user's choice, --lower-is-better, over column 'metric' naming",
        lambda d: _tabarena_roc_auc(d, "--lower-is-better"),
    ),
    Case(
        "meaning",
        "aeon/tsml files ``A_ERROR.csv`` and ``B_error.csv``",
        "read as a loss, said: the ending every name shares names the measure",
        0,
        "lower is better \\(the files' common ending '_ERROR' \\('error'\\)\\)",
        _error_files,
    ),
    Case(
        "meaning",
        "a ``metric`` of ``logloss`` whose results are negative (negated already)",
        "refused: a log loss cannot be negative",
        2,
        "'logloss' \\(data set 'd0', a loss\\) cannot be negative.*--higher-is-better",
        _negated_logloss,
    ),
    Case(
        "meaning",
        "1 - AUC, log loss and RMSE in thousands, the default test",
        "refused: the units differ; the field's answers offered",
        2,
        "scored by 3 metrics.*--metric NAME.*read signs only \\(--rope 0.*--normalize best-worst",
        _tabarena_units,
    ),
    Case(
        "meaning",
        "the same with ``--normalize best-worst``",
        "each data set rescaled from its worst model to its best, said",
        0,
        "rescaled from its worst model's mean \\(0\\) to its best model's \\(1\\)",
        lambda d: _tabarena_units(d, "--normalize", "best-worst"),
    ),
    Case(
        "meaning",
        "ten training seeds on one split, ``--split-col seed``",
        "the design said; the paired t-test about this split",
        0,
        "the splits are training seeds on one split \\(column 'seed'\\)",
        lambda d: _command("compare", _seeds_csv(d), "--split-col", "seed"),
    ),
    Case(
        "meaning",
        "the same with ``--test bayesian_correlated_t``",
        "refused, saying why and naming the option",
        2,
        "this table holds training seeds on one split.*Use --test paired_t.*--design NAME",
        _seeds_correlated,
    ),
    Case(
        "meaning",
        "TabArena's ``imputed=True`` rows",
        "refused until kept or dropped",
        2,
        "column 'imputed' marks 3 of 45 rows as filled-in scores.*--imputed drop",
        _tabarena_imputed,
    ),
    Case(
        "meaning",
        "cells ``0.272978 (±0.0004) (+1.20%)`` (catboost's README)",
        "the means read; spreads and changes said",
        0,
        "8 score\\(s\\) followed by a change in percent",
        _catboost_cells,
    ),
    Case(
        "meaning",
        "decimal commas in a file delimited by ``;``",
        "read, and said",
        0,
        "decimal commas read as decimal points \\(column 'A' writes",
        _decimal_commas,
    ),
    Case(
        "meaning",
        "a cell ``0_91``",
        "refused: an underscore is not part of a number",
        2,
        "expected a number, got '0_91'. An underscore is not part of a number here",
        _underscore,
    ),
    Case(
        "meaning",
        "scmamp's ``DB, Rep, Fold, AlgA...`` file",
        "read: DB names the data sets",
        0,
        "data set = 'DB', repeat = 'Rep', fold = 'Fold'",
        _scmamp,
    ),
    Case(
        "meaning",
        "``café`` written NFC and NFD (files merged from macOS and Linux)",
        "one model, said",
        0,
        "names written in two Unicode forms read as one \\('café'\\)",
        _unicode_forms,
    ),
    Case(
        "meaning",
        "models ``RF`` and ``rf``",
        "refused, naming both",
        2,
        "the names 'RF' \\(line 2\\) and 'rf' \\(line 6\\) differ only in letter case",
        _case_folded,
    ),
    Case(
        "meaning",
        "``from_skore({1: report, '1': other})``",
        "refused: one report would be lost",
        2,
        "names two reports 1 and '1', which are one name as text",
        _skore_keys,
    ),
    Case(
        "meaning",
        "USB's results (a row per algorithm) with ``--models`` naming the rows",
        "read turned around, said",
        0,
        "turned around, as the models given name the rows of column 'algorithm'",
        _usb,
    ),
]


@pytest.fixture(scope="module")
def observed(tmp_path_factory):
    results = {}
    for k, case in enumerate(CASES):
        directory = tmp_path_factory.mktemp(f"case{k}")
        try:
            found = case.run(directory)
        except Exception as exc:  # noqa: BLE001 - a case that raises fails alone, named
            found = Observed(-1, f"uncaught {type(exc).__name__}: {exc}")
        results[case.what] = found, directory
    return results


@pytest.mark.long
@pytest.mark.parametrize("case", CASES, ids=[case.what for case in CASES])
def test_every_case_gives_what_it_must(observed, case):
    result, _ = observed[case.what]
    text = str(result.text)
    assert result.status == case.status, text
    assert re.search(case.pattern, text, flags=re.DOTALL), text
    if case.status == 2:
        assert "Traceback" not in text
        if case.run.__name__ == "<lambda>" or "command" in case.expected:
            assert text.count("\n") == 0, text  # one line


def _cell(text):
    return " ".join(str(text).split()).replace("|", "\\|")


def render(observed):
    """The reliability table (RST) of every case: what was tried, expected and observed."""
    groups = {
        "silent": "Silent wrong answers and data loss",
        "unsafe": "Names rendered as markup or commands",
        "traceback": "Inputs that gave a traceback",
        "errors": "Clear but defective errors",
        "warnings": "Warnings that never reached the user",
        "meaning": "What a table means, from its values",
    }
    lines = [
        ".. This file is generated by tests/test_reliability.py; do not edit it by hand.",
        "",
    ]
    for group, title in groups.items():
        lines += [
            title,
            "~" * len(title),
            "",
            ".. list-table::",
            "   :header-rows: 1",
            "   :widths: 30 25 45",
            "",
            "   * - Input or fault",
            "     - Expected",
            "     - Observed (exit status, message)",
        ]
        for case in CASES:
            if case.group != group:
                continue
            result, directory = observed[case.what]
            text = str(result.text).replace(str(directory), "<dir>")
            # The formats depend on the matplotlib installed; the table must not.
            text = re.sub(r"give one of [a-z0-9, ]+\(", "give one of png, pdf, svg, ... (", text)
            lines += [
                f"   * - {_cell(case.what)}",
                f"     - {_cell(case.expected)}",
                f"     - {result.status}: ``{_cell(text)}``",
            ]
        lines.append("")
    return "\n".join(lines)


@pytest.mark.long
def test_the_reliability_table_is_current(observed):
    table = render(observed)
    if os.environ.get("BAYESCMP_WRITE_RELIABILITY_TABLE"):
        TABLE.write_text(table)
    assert TABLE.read_text() == table, (
        "docs/reliability_table.rst is out of date; regenerate it with "
        "BAYESCMP_WRITE_RELIABILITY_TABLE=1 python -m pytest tests/test_reliability.py"
    )
