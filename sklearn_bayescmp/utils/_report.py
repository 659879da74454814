"""Render a report, a list of blocks, as plain text, Markdown, LaTeX or HTML.

A report is a sequence of blocks, each a tuple whose first item says what it
is:

- ``("title", text)`` and ``("section", text)``: headings;
- ``("paragraph", text)``;
- ``("table", columns, digits)``: a dict of equal-length columns and a format
  spec per numeric column (as :func:`~sklearn_bayescmp.utils._display.text_table`);
- ``("figure", path, caption)``: an image file, referred to by its path.

The content is built once (by the object reported on) and each format only
decides how it looks.
"""

import html
import textwrap

from ._display import format_cell, html_table, is_numeric, text_table

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
    lines = []
    for kind, *content in blocks:
        if kind in ("title", "section"):
            underline = "=" if kind == "title" else "-"
            lines += [content[0], underline * len(content[0]), ""]
        elif kind == "paragraph":
            lines += [textwrap.fill(content[0], width, break_on_hyphens=False), ""]
        elif kind == "table":
            lines += [*text_table(content[0], digits=content[1]), ""]
        else:
            lines += [f"Figure: {content[1]} ({content[0]})", ""]
    return "\n".join(lines).rstrip() + "\n"


def _markdown_cell(text):
    """A table cell's text: ``|`` escaped and line breaks as ``<br>``, so that a row stays a row."""
    return "<br>".join(str(text).replace("|", "\\|").splitlines())


@_renderer("markdown")
def _markdown(blocks):
    lines = []
    for kind, *content in blocks:
        if kind in ("title", "section"):
            lines += [("# " if kind == "title" else "## ") + content[0], ""]
        elif kind == "paragraph":
            lines += [content[0], ""]
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
        else:
            lines += [f"![{content[1]}]({content[0]})", ""]
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
}


def latex_escape(text):
    """``text`` with LaTeX's special characters escaped, to be typeset as written."""
    return "".join(_LATEX_SPECIAL.get(character, character) for character in str(text))


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
            lines += [
                r"\begin{center}\small\setlength{\tabcolsep}{4pt}",
                rf"\begin{{tabular}}{{{align}}}",
                r"\toprule",
                " & ".join(latex_escape(h) for h in columns) + r" \\",
                r"\midrule",
                *(" & ".join(map(latex_escape, row)) + r" \\" for row in rows),
                r"\bottomrule",
                r"\end{tabular}",
                r"\end{center}",
                "",
            ]
        else:
            lines += [
                r"\begin{figure}[htbp]",
                r"\centering",
                rf"\includegraphics[width=\linewidth]{{{content[0]}}}",
                rf"\caption{{{latex_escape(content[1])}}}",
                r"\end{figure}",
                "",
            ]
    body = "\n".join(lines).rstrip() + "\n"
    if not standalone:
        return body
    return (
        "\\documentclass{article}\n\\usepackage[T1]{fontenc}\n\\usepackage[utf8]{inputenc}\n"
        "\\usepackage[margin=2cm]{geometry}\n\\usepackage{booktabs}\n\\usepackage{graphicx}\n\\begin{document}\n\n"
        + body
        + "\n\\end{document}\n"
    )


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
