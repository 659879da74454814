"""Every Python code block of the documentation and of the README runs.

The blocks of one page run in order in one namespace, as a reader would type
them; then its interactive sessions (``>>>``) run as doctests in the same
namespace, so that the output a page prints is the output the code gives.
The README's "In five lines" names its models and data as placeholders
(``model_a``, ``X``...): they are given here as the README's own example
defines them (breast cancer, logistic regression against naive Bayes).
"""

import doctest
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
#: Pages written by hand (the gallery and the API pages are generated and run elsewhere).
PAGES = sorted(
    path
    for folder in ("docs", "docs/user_guide")
    for path in (ROOT / folder).glob("*.rst")
    if not path.name.startswith("sg_")
)


def _rst_blocks(text):
    """The Python code blocks of a reStructuredText page, dedented."""
    blocks = []
    for match in re.finditer(r"^\.\. code-block:: python\n\n((?:(?:   .*)?\n)+)", text, re.M):
        lines = match.group(1).splitlines()
        blocks.append("\n".join(line[3:] for line in lines))
    return blocks


def _markdown_blocks(text):
    return re.findall(r"^```python\n(.*?)^```", text, re.M | re.S)


def _readme_placeholders():
    from sklearn.datasets import load_breast_cancer
    from sklearn.linear_model import LogisticRegression
    from sklearn.naive_bayes import GaussianNB
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    X, y = load_breast_cancer(return_X_y=True)
    return {
        "model_a": make_pipeline(StandardScaler(), LogisticRegression()),
        "model_b": GaussianNB(),
        "X": X,
        "y": y,
    }


def _run_sessions(page, namespace):
    """Run the page's ``>>>`` sessions as doctests; return the failures' report."""
    test = doctest.DocTestParser().get_doctest(page.read_text(), namespace, page.name, str(page), 0)
    flags = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
    report = []
    runner = doctest.DocTestRunner(optionflags=flags)
    runner.run(test, out=report.append, clear_globs=False)
    return "".join(report)


def test_the_pages_have_code_to_run():
    # The glob finds the user guide's topic pages, and the getting-started
    # page's sessions are found as doctests (a change of markup must not turn
    # this test into one that runs nothing).
    assert {"getting_started.rst", "many_models.rst", "one_dataset.rst"} <= {p.name for p in PAGES}
    getting_started = (ROOT / "docs" / "getting_started.rst").read_text()
    assert len(doctest.DocTestParser().get_examples(getting_started)) >= 10


@pytest.mark.long
@pytest.mark.parametrize("page", PAGES, ids=[page.name for page in PAGES])
def test_every_python_block_of_a_page_runs(page, monkeypatch, tmp_path):
    pytest.importorskip("matplotlib").use("Agg")
    monkeypatch.chdir(tmp_path)  # a block that writes a file writes it here
    namespace = {}
    for block in _rst_blocks(page.read_text()):
        exec(compile(block, f"{page.name}", "exec"), namespace)
    failures = _run_sessions(page, namespace)
    assert not failures, failures


@pytest.mark.long
def test_the_readme_python_blocks_run(monkeypatch, tmp_path):
    readme = ROOT / "README.md"
    if not readme.exists():
        pytest.skip("installed without the source tree")
    monkeypatch.chdir(tmp_path)
    namespace = _readme_placeholders()
    blocks = _markdown_blocks(readme.read_text())
    assert blocks
    for block in blocks:
        exec(compile(block, "README.md", "exec"), namespace)
    # The README's comment states the example's probability: it must be the one computed.
    stated = re.search(r"prob_a_better  # (0\.\d{4})", readme.read_text())
    assert stated, "the README no longer states the example's probability"
    assert f"{namespace['cmp'].result_.prob_a_better:.4f}" == stated.group(1)
