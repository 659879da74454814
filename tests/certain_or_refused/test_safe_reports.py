"""Reports are safe to open and compile: names come out as text in every renderer."""

import html
import re

import numpy as np
import pytest

from sklearn_bayescmp import ScoreTable, compare_models
from sklearn_bayescmp.cli import main
from sklearn_bayescmp.utils._display import printable
from sklearn_bayescmp.utils._report import latex_escape, latex_path, markdown_escape
from tests._latex import compile_latex
from tests._messages import naming

markdown_it = pytest.importorskip("markdown_it")

HOSTILE = (
    "<script>alert(1)</script>",
    "<img src=x onerror=alert(1)>",
    "[click](javascript:alert(1))",
    "![x](javascript:alert(2))",
    "<javascript:alert(3)>",
    "**bold** `code` ~~gone~~ _em_",
    "&lt;script&gt;",
    "a | b",
    "$x^2$ costs $5",
)
UNICODE = ("α-model", "模型", "😀 net", "naïve Bayes")
CONTROL = ("\x1b[31mred\x1b[0m", "good\rbad", "\u202eevil", "bell\x07")


def _comparison(names):
    rng = np.random.default_rng(0)
    scores = {f"d{i}": rng.normal(0.8, 0.02, size=(len(names), 10)) for i in range(4)}
    return compare_models(ScoreTable(scores, models=names, test_train_ratio=1 / 9), random_state=0)


@pytest.fixture(scope="module")
def hostile():
    return _comparison(list(HOSTILE))


def _markdown_renderer():
    md = markdown_it.MarkdownIt("commonmark", {"html": True}).enable(["table", "strikethrough"])
    md.validateLink = lambda url: True  # render any link, so that link syntax would show
    return md


def test_markdown_shows_names_as_text(hostile):
    source = hostile.report(format="markdown", figures=[("javascript:alert(4)", "a figure")])
    md = _markdown_renderer()
    tokens = [t for block in md.parse(source) for t in [block, *(block.children or [])]]
    kinds = {token.type for token in tokens}
    # No markup from a name: no raw HTML, no link, no emphasis, no code, no strikethrough.
    assert not kinds & {
        "html_block",
        "html_inline",
        "link_open",
        "em_open",
        "strong_open",
        "code_inline",
        "s_open",
    }
    # The only image is the figure, and its target is a relative path.
    images = [t for t in tokens if t.type == "image"]
    assert [image.attrs["src"] for image in images] == ["javascript%3Aalert%284%29"]
    text = html.unescape(re.sub(r"<[^>]+>", "", md.render(source)))
    for name in HOSTILE:
        assert name in text


def test_html_shows_names_as_text(hostile):
    page = hostile.report(format="html")
    for name in HOSTILE:
        assert html.escape(name) in page
    assert "<script>" not in page and "<img src=x" not in page


@pytest.mark.parametrize("name", [*HOSTILE, *CONTROL, "line\nbreak"])
def test_markdown_escape_is_undone_by_rendering(name):
    rendered = _markdown_renderer().render(markdown_escape(name))
    shown = html.unescape(re.sub(r"<[^>]+>", "", rendered)).strip()
    # As written, its line breaks as spaces and its control characters as escapes.
    assert shown == printable(" ".join(name.splitlines()))


def test_markdown_names_are_not_math_where_dollars_render_as_math():
    # GitHub and GitLab render $...$ as math: a model "$x^2$" must show as written.
    dollarmath = pytest.importorskip("mdit_py_plugins.dollarmath")
    md = _markdown_renderer().use(dollarmath.dollarmath_plugin)

    def inline(source):
        return [child.type for token in md.parse(source) for child in token.children or ()]

    assert "math_inline" in inline("$x^2$")  # the renderer reads math...
    assert "math_inline" not in inline(markdown_escape("$x^2$ or $y$"))  # ...not in names


def test_latex_writes_commands_in_names_as_text():
    assert latex_escape(r"x\input{/etc/passwd}") == r"x\textbackslash{}input\{/etc/passwd\}"
    assert latex_escape("[0.5]") == "{[}0.5{]}"  # not an optional argument after \\
    with pytest.raises(ValueError, match=naming("`figures`", r"'x\\input{y}.pdf'")):
        latex_path(r"x\input{y}.pdf")
    for path in ("report 1.pdf", "50%.pdf", "a#b.pdf", "~/x.pdf"):
        with pytest.raises(ValueError, match="LaTeX would read as commands"):
            latex_path(path)
    assert latex_path("figures/report_bayesian_cd.pdf") == "figures/report_bayesian_cd.pdf"


def test_latex_compiles_with_names_in_any_script_and_says_its_engines(hostile, tmp_path):
    comparison = _comparison([*UNICODE, *HOSTILE[:3], r"x\input{/etc/hostname}", "50% [x]"])
    document = comparison.report(format="latex")
    assert document.startswith("% Compiles with pdflatex, xelatex or lualatex.")
    assert r"\DeclareUnicodeCharacter{03B1}{\ensuremath{\alpha}}" in document
    assert r"\DeclareUnicodeCharacter{1F600}{\texttt{<U+1F600>}}" in document
    assert r"\input{" not in document.split(r"\begin{document}")[1]
    run = compile_latex(document, tmp_path)
    assert run.returncode == 0, run.stdout[-2000:]


def test_text_output_shows_control_characters_escaped():
    comparison = _comparison(list(CONTROL))
    for text in (
        comparison.summary(),
        comparison.report(),
        next(iter(comparison.results.values())).summary(),
    ):
        assert (
            "\x1b" not in text and "\r" not in text and "\u202e" not in text and "\x07" not in text
        )
    assert "\\x1b[31mred\\x1b[0m" in comparison.summary()
    assert "good\\rbad" in comparison.report()


def test_the_command_prints_control_characters_escaped(tmp_path, capsys):
    path = tmp_path / "scores.csv"
    rng = np.random.default_rng(0)
    rows = ["dataset,model,fold,score"] + [
        f'd{d},"{model}",{fold},{rng.normal(0.8, 0.02)!r}'
        for d in range(3)
        for model in ("\x1b[2Jwipe", "plain", "\u202eevil")
        for fold in range(5)
    ]
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    assert main(["compare", str(path), "--test-train-ratio", "1/4"]) == 0
    out, err = capsys.readouterr()
    assert "\x1b" not in out + err and "\u202e" not in out + err
    assert "\\x1b[2Jwipe" in out and "\\u202eevil" in out


def test_a_report_named_with_a_percent_compiles(tmp_path, capsys):
    pytest.importorskip("matplotlib")
    path = tmp_path / "scores.csv"
    rng = np.random.default_rng(0)
    path.write_text(
        "dataset,a,b,c\n"
        + "".join(
            f"d{i},{rng.uniform(0.7, 0.9)},{rng.uniform(0.7, 0.9)},{rng.uniform(0.7, 0.9)}\n"
            for i in range(8)
        )
    )
    report = tmp_path / "50% of it #1.tex"
    assert main(["compare", str(path), "--report", str(report), "--higher-is-better"]) == 0
    err = capsys.readouterr().err
    figure = tmp_path / "50__of_it__1_tex_bayesian_cd.pdf"
    assert figure.exists() and str(figure) in err
    document = report.read_text(encoding="utf-8")
    assert r"\includegraphics[width=\linewidth]{50__of_it__1_tex_bayesian_cd.pdf}" in document
    run = compile_latex(document, tmp_path)
    assert run.returncode == 0, run.stdout[-2000:]


#: Every printable character of Latin-1 and Latin Extended-A (U+00A0 to U+017F), nine of
#: which T1 fonts lack (Ħ ħ ĸ Ŀ ŀ ŉ Ŧ ŧ ſ): pdflatex must compile every one.
LATIN = "".join(chr(code) for code in range(0xA0, 0x180) if chr(code).isprintable())


def test_every_latin_character_compiles_with_pdflatex(tmp_path):
    names = [f"m{k} {LATIN[k::6]}" for k in range(6)]  # every character, in six names
    assert set("".join(names)) >= set(LATIN)
    document = _comparison(names).report(format="latex")
    for lacking in "ĦħĸĿŀŉŦŧſ":
        declared = (
            rf"\DeclareUnicodeCharacter{{{ord(lacking):04X}}}{{\texttt{{<U+{ord(lacking):04X}>}}}}"
        )
        assert declared in document
    run = compile_latex(document, tmp_path)
    assert run.returncode == 0, run.stdout[-2000:]


@pytest.mark.parametrize("engine", ["xelatex", "lualatex"])
def test_other_scripts_compile_with_the_engines_the_preamble_names(engine, tmp_path):
    names = [*UNICODE, "Ħ ſ Ŧ", "Ελληνικά", "русский", "עברית"]
    document = _comparison(names).report(format="latex")
    assert f"{engine}" in document.splitlines()[0]
    run = compile_latex(document, tmp_path, engine=engine)
    assert run.returncode == 0, run.stdout[-2000:]


@pytest.mark.parametrize("name", [r"$\foo$", "cost $5 vs $6", "$x^2$", r"\textbf{x}"])
def test_a_name_of_mathtext_is_drawn_as_text_in_every_figure(name, tmp_path, capsys):
    pytest.importorskip("matplotlib")
    import matplotlib.text

    rng = np.random.default_rng(0)
    rows = ["dataset,model,fold,score"] + [
        f'd{d},"{model}",{fold},{rng.normal(0.8, 0.02)!r}'
        for d in range(4)
        for model in (name, "plain", "other")
        for fold in range(5)
    ]
    path = tmp_path / "scores.csv"
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    options = ["--test-train-ratio", "1/4", "--plot", tmp_path / "cd.png"]
    assert main(["compare", str(path), *map(str, options), "--report", str(tmp_path / "r.md")]) == 0
    assert (tmp_path / "cd.png").stat().st_size > 1000
    assert "Traceback" not in capsys.readouterr().err
    from sklearn_bayescmp.plotting import CriticalDifferenceDisplay, PairwiseDisplay

    table = ScoreTable.read_csv(path, test_train_ratio=1 / 4)
    comparison = compare_models(table, random_state=0)
    for display in (
        CriticalDifferenceDisplay.from_comparison(comparison),
        PairwiseDisplay.from_comparison(comparison),
    ):
        texts = [t for t in display.figure_.findobj(matplotlib.text.Text) if t.get_text()]
        assert any(name in t.get_text() for t in texts)
        assert not any(t.get_parse_math() for t in texts)
        display.figure_.savefig(tmp_path / "drawn.png")


#: What GitHub's and GitLab's autolink extension links without any syntax.
_AUTOLINK_TRIGGERS = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*://|(?<![A-Za-z0-9_\\])www\.", re.I)


@pytest.mark.parametrize(
    "name", ["https://evil.example/x", "see www.example.com", "WWW.Example.org", "ftp://host/f"]
)
def test_a_name_like_a_url_is_no_link_where_markdown_autolinks(name):
    source = _comparison([name, "plain", "other"]).report(format="markdown")
    assert not _AUTOLINK_TRIGGERS.search(source)
    # Rendered, the name reads as written.
    rendered = _markdown_renderer().render(source)
    assert html.escape(name, quote=False) in rendered and "<a " not in rendered


def test_an_escape_sequence_in_an_option_is_shown_escaped(tmp_path, capsys):
    path = tmp_path / "scores.csv"
    path.write_text("dataset,a,b\nd0,0.8,0.7\nd1,0.9,0.85\nd2,0.7,0.72\n")
    assert main(["compare", str(path), "--plot", str(tmp_path / "out\x1b[31m.xyz")]) == 2
    err = capsys.readouterr().err
    assert "\x1b" not in err and "out\\x1b[31m.png" in err and err.count("\n") == 1
