"""Compile a LaTeX report with pdflatex in the tests (skipped where it is not installed)."""

import shutil
import subprocess

import pytest

#: The Debian package of each engine, for the message of a skipped test.
PACKAGES = {
    "pdflatex": "texlive-latex-recommended",
    "xelatex": "texlive-xetex",
    "lualatex": "texlive-luatex",
}


def compile_latex(document, directory, engine="pdflatex"):
    """Write ``document`` to ``directory/report.tex`` and run ``engine`` there once.

    Returns
    -------
    subprocess.CompletedProcess
        With the text output, for the caller's assertions.
    """
    program = shutil.which(engine)
    if program is None:
        pytest.skip(f"{engine} is not installed (Debian: {PACKAGES[engine]})")
    (directory / "report.tex").write_text(document, encoding="utf-8")
    return subprocess.run(
        [program, "-interaction=nonstopmode", "-halt-on-error", "report.tex"],
        cwd=directory,
        capture_output=True,
        text=True,
        encoding="utf-8",
        errors="replace",  # pdflatex's log writes 8-bit characters of its own
        timeout=120,
    )
