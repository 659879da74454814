"""Render a report, a list of blocks, as plain text, Markdown, LaTeX or HTML.

A report is a sequence of blocks, each a tuple whose first item says what it
is:

- ``("title", text)`` and ``("section", text)``: headings;
- ``("paragraph", text)``;
- ``("table", columns, digits)``: a dict of equal-length columns and a format
  spec per numeric column (as :func:`~sklearn_bayescmp.utils._display.text_table`);
- ``("figure", path, caption)``: an image file, referred to by its path;
- ``("code", text)``: preformatted text (a spec in JSON), shown as written.

The content is built once (by the object reported on) and each format only
decides how it looks. Names come from users' tables, so every renderer writes
text as text: escaped for Markdown (HTML and link syntax included), LaTeX,
HTML, and shown escaped where a terminal would act on it.
"""

import html
import re
import textwrap
import urllib.parse

from ._display import format_cell, html_table, is_numeric, printable, terminal_safe, text_table

RENDERERS = {}


def _renderer(name):
    def register(function):
        RENDERERS[name] = function
        return function

    return register


def render(blocks, fmt, **options):
    """The report ``blocks`` as a string in ``fmt`` ("text", "markdown", "latex" or "html")."""
    return RENDERERS[fmt](blocks, **options)


def _cells(columns, digits):
    """Every cell of ``columns`` as text, numbers formatted by ``digits``."""
    return {h: [format_cell(v, digits.get(h)) for v in values] for h, values in columns.items()}


@_renderer("text")
def _text(blocks, width=88):
    blocks = [
        (kind, *(terminal_safe(c) if isinstance(c, str) else c for c in content))
        for kind, *content in blocks
    ]
    lines = []
    for kind, *content in blocks:
        if kind in ("title", "section"):
            underline = "=" if kind == "title" else "-"
            lines += [content[0], underline * len(content[0]), ""]
        elif kind == "paragraph":
            lines += [textwrap.fill(content[0], width, break_on_hyphens=False), ""]
        elif kind == "table":
            lines += [*text_table(content[0], digits=content[1]), ""]
        elif kind == "code":
            lines += [*("    " + line for line in content[0].splitlines()), ""]
        else:
            lines += [f"Figure: {content[1]} ({content[0]})", ""]
    return "\n".join(lines).rstrip() + "\n"


#: Characters that Markdown reads as syntax (emphasis, code, links, tables, escapes).
_MARKDOWN_SPECIAL = re.compile(r"([\\`*_{}\[\]|~$])")


#: What GitHub's and GitLab's Markdown turn into links without any syntax (their autolink
#: extension): a scheme's "://" and a "www." at the start of a word.
_AUTOLINKS = re.compile(r"(?<=[A-Za-z0-9])(:)(/)(/)|(?<![A-Za-z0-9_])([Ww]{3})(\.)")


def markdown_escape(text):
    """``text`` as Markdown text: HTML escaped as the HTML renderer does (``<script>`` shows
    as written), the characters of emphasis, code, links, tables and math (GitHub's and
    GitLab's ``$...$``) backslash-escaped,
    what autolinks would take for a link ("https://", "www.") broken by escapes, and line
    breaks as spaces (a break could start a heading)."""
    text = html.escape(printable(" ".join(str(text).splitlines())), quote=False)
    text = _MARKDOWN_SPECIAL.sub(r"\\\1", text)
    return _AUTOLINKS.sub(_unlinked, text)


def _unlinked(match):
    r"""An autolink's trigger with its punctuation escaped: ``:\/\/``, ``www\.``."""
    if match.group(1):
        return r":\/\/"
    return match.group(4) + r"\."


def _markdown_cell(text):
    """A table cell's text, escaped, with its line breaks as ``<br>`` so that a row stays a
    row."""
    return "<br>".join(markdown_escape(line) for line in str(text).splitlines() or [""])


def _markdown_target(path):
    """A figure's path as a link target: percent-encoded, so that no text of it is syntax
    (``javascript:`` becomes a relative path)."""
    return urllib.parse.quote(str(path), safe="/")


@_renderer("markdown")
def _markdown(blocks):
    lines = []
    for kind, *content in blocks:
        if kind in ("title", "section"):
            lines += [("# " if kind == "title" else "## ") + markdown_escape(content[0]), ""]
        elif kind == "paragraph":
            lines += [markdown_escape(content[0]), ""]
        elif kind == "table":
            columns, cells = content[0], _cells(*content)
            lines.append("| " + " | ".join(map(_markdown_cell, columns)) + " |")
            lines.append(
                "| "
                + " | ".join("---:" if is_numeric(v) else "---" for v in columns.values())
                + " |"
            )
            for row in zip(*cells.values(), strict=True):
                lines.append("| " + " | ".join(map(_markdown_cell, row)) + " |")
            lines.append("")
        elif kind == "code":
            # A fence longer than any run of backticks in the text, which it shows as written.
            text = "\n".join(printable(line) for line in content[0].splitlines())
            fence = "`" * max(3, 1 + max(map(len, re.findall("`+", text)), default=0))
            lines += [fence, text, fence, ""]
        else:
            lines += [f"![{markdown_escape(content[1])}]({_markdown_target(content[0])})", ""]
    return "\n".join(lines).rstrip() + "\n"


_LATEX_SPECIAL = {
    "\\": r"\textbackslash{}",
    "&": r"\&",
    "%": r"\%",
    "$": r"\$",
    "#": r"\#",
    "_": r"\_",
    "{": r"\{",
    "}": r"\}",
    "~": r"\textasciitilde{}",
    "^": r"\textasciicircum{}",
    "<": r"\textless{}",
    ">": r"\textgreater{}",
    # A bracket after a row's \\ would be read as its optional length.
    "[": "{[}",
    "]": "{]}",
}


def latex_escape(text):
    """``text`` with LaTeX's special characters escaped, to be typeset as written.

    Characters a file cannot hold as text (controls) are written as their
    escapes, and line breaks as spaces.
    """
    text = printable(" ".join(str(text).splitlines()))
    return "".join(_LATEX_SPECIAL.get(character, character) for character in text)


#: The characters a figure's path may hold in LaTeX (others are commands or break it).
_LATEX_PATH = re.compile(r"[A-Za-z0-9._/-]+")
#: Code points that pdflatex's utf8 input and T1 fonts typeset: Latin-1 and Latin
#: Extended-A but for the nine letters T1 lacks (measured: each of U+00A0 to U+017F
#: compiled alone, tests/certain_or_refused/test_safe_reports.py compiles them all); the
#: document declares any other the report holds.
_PDFLATEX_LACKS = frozenset({0x126, 0x127, 0x138, 0x13F, 0x140, 0x149, 0x166, 0x167, 0x17F})
_PDFLATEX_TYPESETS = frozenset(range(0x180)) - _PDFLATEX_LACKS
#: Greek letters that LaTeX's math fonts have, by their Unicode names' last word.
_GREEK = frozenset(
    "alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi pi rho sigma "
    "tau upsilon phi chi psi omega".split()
)


def latex_path(path):
    """A figure's path as LaTeX reads it, or a refusal naming the characters it cannot."""
    path = str(path)
    if not _LATEX_PATH.fullmatch(path):
        bad = sorted({c for c in path if not _LATEX_PATH.fullmatch(c)})
        raise ValueError(
            f"`figures`: the path {path!r} holds {bad}, which LaTeX would read as commands or "
            "cannot take in a file name; name the figure's file with letters, digits and "
            "'.', '_', '-', '/' only."
        )
    return path


def _pdflatex_character(character):
    """How pdflatex shows a character its fonts lack: a Greek letter as the math font's,
    anything else as its code point."""
    import unicodedata

    name = unicodedata.name(character, "").split()
    if name[:2] == ["GREEK", "SMALL"] and name[-1].lower() in _GREEK:
        return rf"\ensuremath{{\{name[-1].lower()}}}"
    if name[:2] == ["GREEK", "CAPITAL"] and name[-1].capitalize() in (
        "Gamma Delta Theta Lambda Xi Pi Sigma Upsilon Phi Psi Omega".split()
    ):
        return rf"\ensuremath{{\{name[-1].capitalize()}}}"
    return rf"\texttt{{<U+{ord(character):04X}>}}"


def _latex_preamble(body):
    """A preamble that compiles with pdflatex, xelatex and lualatex.

    xelatex and lualatex read Unicode with fontspec (a font that has a name's
    characters shows them as written); pdflatex gets each character outside
    its fonts declared, so that a name in Greek, Chinese or with an emoji
    never stops it.
    """
    foreign = sorted({c for c in body if ord(c) not in _PDFLATEX_TYPESETS})
    declarations = "".join(
        f"  \\DeclareUnicodeCharacter{{{ord(c):04X}}}{{{_pdflatex_character(c)}}}\n"
        for c in foreign
    )
    return (
        "% Compiles with pdflatex, xelatex or lualatex. pdflatex shows the characters its\n"
        "% fonts lack as Greek math letters or code points (<U+6A21>); xelatex or lualatex,\n"
        "% with a font that has them, shows them as written.\n"
        "\\documentclass{article}\n"
        "\\ifdefined\\directlua\\def\\bayescmpunicode{}\\fi\n"
        "\\ifdefined\\XeTeXversion\\def\\bayescmpunicode{}\\fi\n"
        "\\ifdefined\\bayescmpunicode\n"
        "  \\usepackage{fontspec}\n"
        "\\else\n"
        "  \\usepackage[T1]{fontenc}\n"
        "  \\usepackage[utf8]{inputenc}\n"
        f"{declarations}"
        "\\fi\n"
        "\\usepackage[margin=2cm]{geometry}\n\\usepackage{booktabs}\n\\usepackage{graphicx}\n"
        "\\usepackage{longtable}\n"
    )


@_renderer("latex")
def _latex(blocks, standalone=True):
    lines = []
    for kind, *content in blocks:
        if kind == "title":
            lines += [rf"\section*{{{latex_escape(content[0])}}}", ""]
        elif kind == "section":
            lines += [rf"\subsection*{{{latex_escape(content[0])}}}", ""]
        elif kind == "paragraph":
            lines += [latex_escape(content[0]), ""]
        elif kind == "table":
            columns, cells = content[0], _cells(*content)
            align = "".join("r" if is_numeric(v) else "l" for v in columns.values())
            rows = zip(*cells.values(), strict=True)
            # A longtable breaks across pages (171 pairs of 19 models fill several)
            # and repeats its header on each.
            header = " & ".join(latex_escape(h) for h in columns) + r" \\"
            lines += [
                r"{\small\setlength{\tabcolsep}{4pt}",
                rf"\begin{{longtable}}{{{align}}}",
                r"\toprule",
                header,
                r"\midrule",
                r"\endfirsthead",
                r"\toprule",
                header,
                r"\midrule",
                r"\endhead",
                r"\bottomrule",
                r"\endlastfoot",
                *(" & ".join(map(latex_escape, row)) + r" \\" for row in rows),
                r"\end{longtable}}",
                "",
            ]
        elif kind == "code":
            shown = [
                rf"\hspace*{{{len(line) - len(line.lstrip())}ex}}{latex_escape(line.lstrip())}"
                for line in content[0].splitlines()
            ]
            lines += [r"{\small\ttfamily\raggedright", " \\\\\n".join(shown), "\\par}", ""]
        else:
            lines += [
                r"\begin{figure}[htbp]",
                r"\centering",
                rf"\includegraphics[width=\linewidth]{{{latex_path(content[0])}}}",
                rf"\caption{{{latex_escape(content[1])}}}",
                r"\end{figure}",
                "",
            ]
    body = "\n".join(lines).rstrip() + "\n"
    if not standalone:
        return body
    return _latex_preamble(body) + "\\begin{document}\n\n" + body + "\n\\end{document}\n"


@_renderer("html")
def _html(blocks, standalone=True):
    parts = []
    for kind, *content in blocks:
        if kind in ("title", "section"):
            tag = "h1" if kind == "title" else "h2"
            parts.append(f"<{tag}>{html.escape(content[0])}</{tag}>")
        elif kind == "paragraph":
            parts.append(f"<p>{html.escape(content[0])}</p>")
        elif kind == "table":
            parts.append(html_table(content[0], digits=content[1]))
        elif kind == "code":
            parts.append(f"<pre>{html.escape(terminal_safe(content[0]))}</pre>")
        else:
            parts.append(
                f'<figure><img src="{html.escape(content[0])}" alt="{html.escape(content[1])}">'
                f"<figcaption>{html.escape(content[1])}</figcaption></figure>"
            )
    body = "\n".join(parts) + "\n"
    if not standalone:
        return body
    title = next((c[0] for kind, *c in blocks if kind == "title"), "Report")
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f"<title>{html.escape(title)}</title>\n</head>\n<body>\n{body}</body>\n</html>\n"
    )
