"""Compile a LaTeX report with pdflatex in the tests (skipped where it is not installed)."""

import shutil
import subprocess

import pytest


def compile_latex(document, directory):
    """Write ``document`` to ``directory/report.tex`` and run pdflatex there once.

    Returns
    -------
    subprocess.CompletedProcess
        With the text output, for the caller's assertions.
    """
    pdflatex = shutil.which("pdflatex")
    if pdflatex is None:
        pytest.skip("pdflatex is not installed (Debian: texlive-latex-recommended)")
    (directory / "report.tex").write_text(document, encoding="utf-8")
    return subprocess.run(
        [pdflatex, "-interaction=nonstopmode", "-halt-on-error", "report.tex"],
        cwd=directory,
        capture_output=True,
        text=True,
        timeout=120,
    )
