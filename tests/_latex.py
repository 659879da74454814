"""Compile a LaTeX report with pdflatex in the tests (skipped where it is not installed)."""

import functools
import shutil
import subprocess
import tempfile

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
    broken = _broken(program)
    if broken:
        pytest.skip(f"{engine} is installed but cannot compile a minimal document: {broken}")
    (directory / "report.tex").write_text(document, encoding="utf-8")
    return _run(program, directory)


def _run(program, directory):
    return subprocess.run(
        [program, "-interaction=nonstopmode", "-halt-on-error", "report.tex"],
        cwd=directory,
        capture_output=True,
        text=True,
        encoding="utf-8",
        errors="replace",  # pdflatex's log writes 8-bit characters of its own
        timeout=120,
    )


@functools.cache
def _broken(program):
    """Why ``program`` cannot compile the report's own preamble ("" when it can): an
    engine installed without the parts the preamble loads (lualatex without luaotfload,
    which its fontspec needs) is skipped, not failed."""
    from sklearn_bayescmp.utils._report import _latex_preamble

    document = _latex_preamble("x") + "\\begin{document}x\\end{document}\n"
    with tempfile.TemporaryDirectory() as directory:
        with open(f"{directory}/report.tex", "w", encoding="utf-8") as file:
            file.write(document)
        completed = _run(program, directory)
    if completed.returncode == 0:
        return ""
    errors = [line for line in completed.stdout.splitlines() if line.startswith("!")]
    return errors[0] if errors else f"exit status {completed.returncode}"
