"""Reports to publish: ModelComparison.report in every format, --report."""

import csv
import html
import re
import shutil
import subprocess
import warnings
from html.parser import HTMLParser
from pathlib import Path

import numpy as np
import pytest
from sklearn.exceptions import ConvergenceWarning

from sklearn_bayescmp import ScoreTable, compare_models
from sklearn_bayescmp._comparison_report import report_references
from sklearn_bayescmp.cli import main
from sklearn_bayescmp.stats import cliffs_delta, cohens_dz
from sklearn_bayescmp.utils._report import latex_escape, markdown_escape
from tests._latex import compile_latex
from tests._messages import naming

DEMSAR_TABLE = Path(__file__).parent / "data" / "demsar2006_table6.csv"


@pytest.fixture(scope="module")
def table():
    rng = np.random.default_rng(0)
    scores = {f"d{i}": rng.normal([[0.80], [0.82], [0.86]], 0.02, size=(3, 20)) for i in range(8)}
    # Names with LaTeX's and Markdown's special characters.
    return ScoreTable(scores, models=["k_nn", "tree & co", "forest|50%"], test_train_ratio=1 / 9)


@pytest.fixture(scope="module")
def comparison(table):
    return compare_models(table, test="signed_rank", rope=0.01, random_state=0)


def _table_rows(markdown, header):
    """The rows of the Markdown table whose header line starts with ``header``."""
    lines = markdown.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(header))
    rows = []
    for line in lines[start + 2 :]:
        if not line.startswith("|"):
            break
        rows.append([cell.strip() for cell in re.split(r"(?<!\\)\|", line)[1:-1]])
    return rows


def _rendered(markdown):
    """The text Markdown shows: backslash escapes and HTML entities resolved."""
    return html.unescape(re.sub(r"\\(.)", r"\1", markdown))


def test_markdown_states_the_methods_and_every_pair(comparison):
    text = comparison.report(format="markdown")
    methods = _rendered(text.split("## Methods")[1].split("##")[0])
    for fact in (
        "3 models",
        "8 data sets",
        "20 cross-validation scores",
        "Bayesian signed-rank test (Benavoli et al. 2014; Benavoli et al. 2017)",
        "[-0.01, 0.01]",
        "strength 0.5",
        "exceeds 0.95",
        "random_state=0",
    ):
        assert fact in methods
    rows = _table_rows(text, "| A | B |")
    assert len(rows) == 3
    columns = comparison.to_columns()
    for row, a, b, p in zip(
        rows, columns["model_a"], columns["model_b"], columns["prob_b_better"], strict=True
    ):
        assert row[0] == markdown_escape(a) and row[1] == markdown_escape(b)
        assert _rendered(row[0]) == a and _rendered(row[1]) == b
        assert f"{p:.2f}" in row  # the signed-rank test's probabilities: two decimals
    # A test of signs shows the median beside the mean; decisions name the winner ("b"
    # is a code).
    header = next(line for line in text.splitlines() if line.startswith("| A | B |"))
    assert "| mean A-B | median A-B |" in header
    decision = [cell.strip() for cell in header.strip("|").split("|")].index("decision")
    assert [_rendered(row[decision]) for row in rows] == [
        f"{b} better" if d == "b" else d
        for b, d in zip(columns["model_b"], columns["decision"], strict=True)
    ]
    # Every work cited in the text is in the references, and no other.
    bibliography = report_references(comparison)
    references = _rendered(text.split("## References")[1])
    cited = {key for key in bibliography if key in _rendered(text.split("## References")[0])}
    assert {"Benavoli et al. 2014", "Calvo et al. 2018", "Demšar 2006", "Holm 1979"} <= cited
    assert [line for line in references.splitlines() if line] == [
        bibliography[key] for key in sorted(cited)
    ]
    assert "Iman-Davenport F" in text and "Ranking (Plackett-Luce)" in text


def test_text_report_and_html_have_the_same_content(comparison):
    text = comparison.report()
    assert text.splitlines()[1] == "=" * len(text.splitlines()[0])
    assert "Cohen's d_z" in text and "Cliff's delta" in text

    class Parser(HTMLParser):
        def __init__(self):
            super().__init__()
            self.stack, self.rows = [], 0

        def handle_starttag(self, tag, attrs):
            if tag not in ("meta", "img"):
                self.stack.append(tag)
            self.rows += tag == "tr"

        def handle_endtag(self, tag):
            assert self.stack.pop() == tag

    parser = Parser()
    page = comparison.report(format="html", figures=[("cd.svg", "A <diagram>")])
    parser.feed(page)
    assert parser.stack == []  # every element closed, in order
    # Header + 3 pairs, header + 3 models, header + 3 reference pairs.
    assert parser.rows == 12
    assert '<img src="cd.svg" alt="A &lt;diagram&gt;">' in page
    assert "<!DOCTYPE html>" not in comparison.report(format="html", standalone=False)


def test_latex_escapes_names_and_compiles(comparison, tmp_path):
    assert latex_escape("k_nn & 50% {x} ~^\\") == (
        r"k\_nn \& 50\% \{x\} \textasciitilde{}\textasciicircum{}\textbackslash{}"
    )
    document = comparison.report(format="latex")
    assert r"k\_nn" in document and r"tree \& co" in document and r"forest|50\%" in document
    assert document.count(r"\begin{longtable}") == document.count(r"\end{longtable}") == 3
    # Every row of a table has as many cells as the table has columns.
    for align, rows in re.findall(
        r"\\begin\{longtable\}\{(\w+)\}(.*?)\\end\{longtable\}", document, re.S
    ):
        for row in (line for line in rows.splitlines() if line.endswith(r" \\")):
            assert len(re.split(r"(?<!\\)&", row)) == len(align)
    body = comparison.report(format="latex", standalone=False)
    assert r"\documentclass" not in body and body in document
    run = compile_latex(document, tmp_path)
    assert run.returncode == 0, run.stdout[-2000:]
    assert (tmp_path / "report.pdf").stat().st_size > 0
    assert "Overfull" not in (tmp_path / "report.log").read_text(errors="replace")


def test_a_latex_report_of_many_models_keeps_every_pair(tmp_path):
    k = 19
    rng = np.random.default_rng(0)
    scores = {
        f"data set {d}": 0.8 + np.linspace(0, 0.05, k)[:, None] + rng.normal(0, 0.01, (k, 10))
        for d in range(6)
    }
    table = ScoreTable(scores, models=[f"m{i}" for i in range(k)], test_train_ratio=1 / 9)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        document = compare_models(table, test="signed_rank", random_state=0, n_draws=500).report(
            format="latex"
        )
    pairs = k * (k - 1) // 2
    # The pairs' table and the frequentist reference's, a row per pair each.
    assert len(re.findall(r"^m\d+ & m\d+ & ", document, re.M)) == 2 * pairs
    assert r"\endhead" in document  # the header repeats on every page
    pdftotext = shutil.which("pdftotext")
    if pdftotext is None:
        pytest.skip("pdftotext is not installed (Debian: poppler-utils)")
    run = compile_latex(document, tmp_path)
    assert run.returncode == 0, run.stdout[-2000:]
    text = subprocess.run(
        [pdftotext, "-layout", "report.pdf", "-"], cwd=tmp_path, capture_output=True, text=True
    ).stdout
    # Every pair's row reached the PDF, and the first page holds the start of the table.
    assert len(re.findall(r"^\s*m\d+\s+m\d+\s+-?\d", text, re.M)) == 2 * pairs
    assert "m0" in text.split("\f")[0]


def test_effect_sizes_against_their_definitions(table, comparison):
    effects = comparison.effect_sizes()
    assert effects["model_a"][0] == "k_nn" and effects["model_b"][0] == "tree & co"
    means = table.mean_scores()
    assert effects["cohens_dz"][0] == pytest.approx(cohens_dz(means[:, 0] - means[:, 1]))
    assert effects["cliffs_delta"][0] == pytest.approx(cliffs_delta(means[:, 0], means[:, 1]))
    # The signed-rank test's posterior has no mean difference: no interval.
    assert np.isnan(effects["ci_low"]).all()
    # On one data set: the correlated t-test's interval, per-split effect sizes.
    one = compare_models(table.select(datasets=["d0"]), random_state=0)
    effects = one.effect_sizes(prob=0.9)
    result = one.result("k_nn", "forest|50%")
    assert (effects["ci_low"][1], effects["ci_high"][1]) == tuple(result.credible_interval(0.9))
    scores = table.scores("d0")
    assert effects["cohens_dz"][1] == pytest.approx(cohens_dz(scores[0] - scores[2]))
    assert effects["cliffs_delta"][1] == pytest.approx(cliffs_delta(scores[0], scores[2]))
    assert "CI low" in one.report() and "of the data set" in " ".join(one.report().split())


def test_frequentist_report_names_holm_and_its_p_values(table):
    text = compare_models(table, test="wilcoxon").report(format="markdown")
    assert "Wilcoxon signed-rank test (Wilcoxon 1945; Demšar 2006)" in text
    assert "Holm's correction over the 3 pairs" in text
    assert _table_rows(text, "| A | B |")[0][3:5] != ["", ""]  # p and p (Holm)
    assert "P(A)" not in text


def test_report_on_a_table_of_means_says_so():
    comparison = compare_models(
        ScoreTable.read_csv(DEMSAR_TABLE, greater_is_better=True), random_state=0
    )
    text = " ".join(comparison.report().split())  # unwrapped
    assert "from one score per model and data set" in text
    assert "statistic tie-corrected" in text


@pytest.mark.parametrize("extension", [".md", ".html", ".tex", ".txt"])
def test_cli_writes_the_report_and_its_figures(extension, tmp_path, capsys):
    pytest.importorskip("matplotlib")
    out = tmp_path / f"report{extension}"
    assert main(["compare", str(DEMSAR_TABLE), "--report", str(out), "--higher-is-better"]) == 0
    figure = "pdf" if extension == ".tex" else "svg"
    stem = f"report_{extension[1:]}"
    figures = [tmp_path / f"{stem}_{kind}_cd.{figure}" for kind in ("bayesian", "classic")]
    pairs = tmp_path / f"{stem}_pairs.csv"
    assert f"wrote {', '.join(map(str, [out, *figures, pairs]))}" in capsys.readouterr().err
    text = out.read_text(encoding="utf-8")
    for path in figures:
        assert path.stat().st_size > 0
        if extension != ".txt":
            assert path.name in text
    assert "C4.5+m+cf" in text and "Demšar" in text
    # Few pairs: every pair in the report, and in the CSV it names.
    assert _rendered(pairs.name) in _rendered(" ".join(text.split()))


@pytest.mark.parametrize("name", ["report.docx", "report", "."])
def test_cli_refuses_a_report_of_unknown_format(name, tmp_path, capsys):
    assert main(["compare", str(DEMSAR_TABLE), "--report", str(tmp_path / name)]) != 0
    err = capsys.readouterr().err
    assert "give a file ending in .md, .tex, .html, .txt" in err
    assert len(err.strip().splitlines()) == 1


def test_report_of_a_table_of_differences(tmp_path):
    from sklearn_bayescmp import CVDifferences

    rng = np.random.default_rng(0)
    record = CVDifferences(
        rng.normal(0.01, 0.03, 50),
        n_train=90,
        n_test=10,
        repeat=np.repeat(np.arange(5), 10),
        fold=np.tile(np.arange(10), 5),
    )
    record.to_csv(tmp_path / "one.csv")
    table = ScoreTable.read_csv(tmp_path / "one.csv")
    assert not table.has_scores
    np.testing.assert_array_equal(table.completed(), np.ones((2, 50), bool))
    comparison = compare_models(table, random_state=0)
    assert comparison.ranking is None  # no scores to rank
    text = comparison.report(format="markdown")
    assert "on 1 data set\n" in text and "Cliff" not in text
    assert comparison.effect_sizes()["cohens_dz"][0] == pytest.approx(cohens_dz(record.differences))


def test_hostile_options_are_refused(comparison):
    from sklearn_bayescmp.stats import rank_posthoc

    with pytest.raises(ValueError, match=naming("`prob`", "0", "1")):
        comparison.effect_sizes(prob=1.5)
    with pytest.raises(ValueError, match="`n_datasets` must be a positive integer"):
        rank_posthoc([1.0, 2.0, 3.0], 14.5)
    with pytest.raises(ValueError, match="one finite rank per model"):
        rank_posthoc([1.0, np.nan, 3.0], 14)


def test_a_fitted_comparator_writes_its_report():
    from sklearn.datasets import load_iris
    from sklearn.model_selection import RepeatedStratifiedKFold
    from sklearn.naive_bayes import GaussianNB
    from sklearn.tree import DecisionTreeClassifier

    from sklearn_bayescmp import RepeatedCVComparator

    X, y = load_iris(return_X_y=True)
    comparator = RepeatedCVComparator(
        GaussianNB(),
        DecisionTreeClassifier(random_state=0),
        names=("nb", "tree"),
        cv=RepeatedStratifiedKFold(n_splits=5, n_repeats=2, random_state=0),
        random_state=0,
    ).fit(X, y)
    comparison = comparator.comparison()
    assert comparison.result("nb", "tree") == comparator.result_
    text = comparison.report(format="markdown")
    assert "2 models (nb, tree) on 1 data set, each contributing 10 cross-validation" in text
    assert "Bayesian correlated t-test" in text and "| nb | tree |" in text
    assert comparator.comparison("corrected_t").result("nb", "tree") == (
        comparator.corrected_ttest()
    )


def test_effect_sizes_pair_the_splits_both_models_completed():
    rng = np.random.default_rng(1)
    scores = {f"d{i}": rng.normal([[0.80], [0.82], [0.85]], 0.02, size=(3, 10)) for i in range(6)}
    scores["d0"][0, :4] = np.nan  # failed splits of one model
    scores["d3"][2, 7] = np.nan
    table = ScoreTable(scores, models=["a", "b", "c"], test_train_ratio=1 / 9)
    comparison = compare_models(table, random_state=0)
    effects = comparison.effect_sizes()
    for k, (a, b) in enumerate(zip(effects["model_a"], effects["model_b"], strict=True)):
        # By hand: each data set's means over the splits both completed.
        mean_a, mean_b = [], []
        for record in table.differences(a, b).values():
            paired = np.isfinite(record.differences)
            mean_a.append(record.scores_a[paired].mean())
            mean_b.append(record.scores_b[paired].mean())
        mean_a, mean_b = np.array(mean_a), np.array(mean_b)
        assert effects["cohens_dz"][k] == pytest.approx(cohens_dz(mean_a - mean_b))
        assert effects["cliffs_delta"][k] == pytest.approx(cliffs_delta(mean_a, mean_b))


def test_markdown_keeps_a_row_per_pair_when_a_name_has_a_line_break():
    rng = np.random.default_rng(2)
    scores = {f"d{i}": rng.normal([[0.80], [0.85]], 0.02, size=(2, 10)) for i in range(5)}
    table = ScoreTable(scores, models=["gradient\nboosting", "svm|rbf"], test_train_ratio=1 / 9)
    text = compare_models(table, random_state=0).report(format="markdown")
    rows = _table_rows(text, "| A | B |")
    assert len(rows) == 1
    assert rows[0][:2] == ["gradient<br>boosting", "svm\\|rbf"]


@pytest.mark.long
def test_the_hierarchical_interval_is_named_as_delta0s(table):
    comparison = compare_models(
        table.select(models=["k_nn", "tree & co"]),
        test="hierarchical",
        n_warmup=1000,
        n_draws=1000,
        random_state=0,
    )
    text = " ".join(comparison.report().split())
    assert "credible interval of the population's mean difference delta0" in text
    effects = comparison.effect_sizes()
    interval = comparison.result("k_nn", "tree & co").credible_interval(parameter="delta0")
    assert (effects["ci_low"][0], effects["ci_high"][0]) == tuple(interval)


def _many_models_csv(path, k, n_datasets=30):
    """A paper's table of ``k`` models' mean scores on ``n_datasets`` data sets: a steady
    lead, every third model within 0.0005 of the one before it."""
    rng = np.random.default_rng(k)
    lead = np.linspace(0, 0.05, k)
    lead[1::3] = lead[0::3][: len(lead[1::3])] + 0.0005
    lines = ["dataset," + ",".join(f"model {i}" for i in range(k))]
    for d in range(n_datasets):
        base = rng.uniform(0.6, 0.9)
        scores = base + lead + rng.normal(0, 0.01, k)
        lines.append(f"d{d}," + ",".join(f"{v:.4f}" for v in scores))
    path.write_text("\n".join(lines) + "\n")
    return path


@pytest.mark.long
@pytest.mark.parametrize("k", [40, pytest.param(80, marks=pytest.mark.slow)])
def test_a_latex_report_of_many_models_fits_20_pages_with_every_pair_in_its_csv(
    tmp_path, capsys, k
):
    # 40 models (780 pairs) take the summarised form as 80 do; 80 is the full check.
    pytest.importorskip("matplotlib")
    table = _many_models_csv(tmp_path / "scores.csv", k)
    report = tmp_path / "r.tex"
    status = main(
        ["compare", str(table), "--report", str(report), "--n-draws", "2000", "--higher-is-better"]
    )
    assert status == 0, capsys.readouterr().err
    pairs = tmp_path / "r_tex_pairs.csv"
    document = report.read_text(encoding="utf-8")
    assert "r\\_tex\\_pairs.csv" in document and "r_tex_pairwise.pdf" in document
    # Every pair in the CSV, read back exactly as the comparison holds it.
    comparison = compare_models(
        ScoreTable.read_csv(table, greater_is_better=True),
        n_draws=2000,
        random_state=0,
        test="signed_rank",
    )
    with open(pairs, newline="", encoding="utf-8") as file:
        assert file.readline().startswith("# written by bayescmp compare: ")  # its mark
        rows = list(csv.DictReader(file))
    columns = comparison.to_columns()
    assert len(rows) == k * (k - 1) // 2 == len(columns["model_a"])
    for key in ("model_a", "model_b", "decision"):
        assert [row[key] for row in rows] == columns[key]
    for key in ("prob_a_better", "prob_equivalent", "prob_b_better", "mean_difference"):
        assert [float(row[key]) for row in rows] == columns[key]
    # No pair's row in the document: the models' decisions and the equivalent pairs.
    assert not re.search(r"^model \d+ & model \d+ & -?\d\.\d{4} & -?\d\.\d{4} & ", document, re.M)
    run = compile_latex(document, tmp_path, engine="pdflatex")
    assert run.returncode == 0, run.stdout[-2000:]
    pages = int(re.search(r"Output written on \S+ \((\d+) pages?", run.stdout).group(1))
    assert pages <= 20, pages


def test_a_report_of_many_models_summarises_each_model_s_decisions(tmp_path):
    k = 14
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        comparison = compare_models(
            ScoreTable.read_csv(_many_models_csv(tmp_path / "s.csv", k), greater_is_better=True),
            n_draws=2000,
            random_state=0,
        )
    full = comparison.report(format="markdown")
    text = comparison.report(format="markdown", pairs_file=tmp_path / "deep" / "pairs.csv")
    assert len(text) < len(full) / 2
    # The file by its name: the report lies beside it.
    assert "'pairs.csv'" in _rendered(text) and "deep" not in text
    columns = comparison.to_columns()
    decisions = columns["decision"]
    rows = _table_rows(text, "| model |")
    assert len(rows) == k
    # Each model's counts are its pairs' decisions, and add up to k - 1.
    header = [c.strip() for c in text.split("| model |")[1].splitlines()[0].split("|")[:-1]]
    header = ["model", *header]
    for row in rows:
        cells = dict(zip(header, row, strict=True))
        model = _rendered(cells["model"])
        mine = [
            ("a" if a == model else "b", decision)
            for a, b, decision in zip(
                columns["model_a"], columns["model_b"], decisions, strict=True
            )
            if model in (a, b)
        ]
        assert int(cells["decided better than"]) == sum(side == d for side, d in mine)
        assert int(cells["decided worse than"]) == sum(d in "ab" and side != d for side, d in mine)
        assert int(cells["decided equivalent to"]) == sum(d == "equivalent" for _, d in mine)
        assert int(cells["undecided with"]) == sum(d == "undecided" for _, d in mine)
    # In the ranking's order.
    ranks = [float(row[1]) for row in rows]
    assert ranks == sorted(ranks)
    # Every pair decided practically equivalent is listed (fewer than 100 here).
    listed = _table_rows(text, "| A | B |")
    assert len(listed) == decisions.count("equivalent")
    probabilities = [float(row[-1]) for row in listed]
    assert probabilities == sorted(probabilities, reverse=True)
    # 45 pairs or fewer: every pair stays, and the file is named beside them.
    few = compare_models(comparison.table.select(models=comparison.models[:10]), random_state=0)
    text = few.report(format="markdown", pairs_file="pairs.csv")
    assert len(_table_rows(text, "| A | B |")) == 45
    assert "Every pair is also in the file 'pairs.csv'" in _rendered(" ".join(text.split()))


def test_the_pairs_csv_reads_back_exactly(comparison, tmp_path):
    comparison.to_csv(tmp_path / "pairs.csv")
    with open(tmp_path / "pairs.csv", newline="", encoding="utf-8") as file:
        rows = list(csv.DictReader(file))
    assert comparison.to_csv().encode() == (tmp_path / "pairs.csv").read_bytes()
    columns = comparison.to_columns()
    effects = comparison.effect_sizes()
    assert [row["model_a"] for row in rows] == ["k_nn", "k_nn", "tree & co"]
    for key, values in {**columns, **effects}.items():
        if key in ("model_a", "model_b", "decision"):
            assert [row[key] for row in rows] == values
        else:
            read = np.array([float(row[key]) for row in rows])
            np.testing.assert_array_equal(read, np.asarray(values, dtype=float))


def test_a_report_states_what_was_done_never_what_to_type(tmp_path):
    # The user's direction, said as such (no name says it).
    path = tmp_path / "scores.csv"
    path.write_text(
        "dataset,a,b,c\n" + "".join(f"d{i},0.{80 + i},0.{70 + i},0.{75 + i}\n" for i in range(9))
    )
    comparison = compare_models(ScoreTable.read_csv(path, greater_is_better=True), random_state=0)
    for text in (comparison.report(), comparison.report(format="markdown", pairs_file="p.csv")):
        methods = " ".join(text.split("Methods")[1].split("\n\n")[1:3])
        said = "higher is better (the user's choice, greater_is_better=True)"
        assert said in " ".join(_rendered(methods).split())
        # No instruction: no clause that starts with a verb of doing, no option to pass.
        clause = r"(?:^|[.;:(]\s*)(?:pass|use|set|try|drop|add|give|choose)\b"
        assert not re.search(clause, methods, re.I | re.M), methods
        assert not re.search(r"\w+=\w+ (?:for|to)\b", methods), methods


def test_the_methods_paragraph_states_the_rule_that_chose_the_draws(table):
    comparison = compare_models(table, test="signed_rank", random_state=0)
    text = " ".join(comparison.report().split())
    draws = sorted(r.n_draws for r in comparison.results.values())
    assert "posterior draws in rounds until the Monte Carlo standard error of every" in text
    low, high = draws[0], draws[-1]
    taken = f"{low:,}" if low == high else f"{low:,} to {high:,}"
    assert f"({taken} draws a pair)" in text
    fixed = compare_models(table, test="signed_rank", random_state=0, n_draws=20_000)
    assert "20000 posterior draws" in " ".join(fixed.report().split())


def test_a_broken_latex_engine_is_skipped_with_its_reason(tmp_path):
    # An engine that is installed but cannot compile a minimal document (lualatex
    # without luaotfload) skips the tests that need it, saying why.
    from tests._latex import _broken

    engine = tmp_path / "brokentex"
    engine.write_text("#!/bin/sh\necho '! module luaotfload not found'\nexit 1\n")
    engine.chmod(0o755)
    assert _broken(str(engine)) == "! module luaotfload not found"
    # The check compiles the report's own preamble (fontspec for lualatex and xelatex),
    # not a minimal document that an engine without luaotfload compiles.
    fussy = tmp_path / "fussytex"
    fussy.write_text(
        "#!/bin/sh\nif grep -q fontspec report.tex; then echo '! luaotfload missing'; exit 1; fi\n"
    )
    fussy.chmod(0o755)
    assert _broken(str(fussy)) == "! luaotfload missing"
