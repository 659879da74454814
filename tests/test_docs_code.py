"""Every Python code block of the documentation and of the README runs.

The blocks of one page run in order in one namespace, as a reader would type
them. The README's "In five lines" names its models and data as placeholders
(``model_a``, ``X``...): they are given here as the README's own example
defines them (breast cancer, logistic regression against naive Bayes).
"""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
#: Pages written by hand (the gallery and the API pages are generated and run elsewhere).
PAGES = sorted(path for path in (ROOT / "docs").glob("*.rst") if not path.name.startswith("sg_"))


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


def test_the_pages_have_python_blocks_to_run():
    assert sum(len(_rst_blocks(page.read_text())) for page in PAGES) >= 2


@pytest.mark.parametrize("page", PAGES, ids=[page.name for page in PAGES])
def test_every_python_block_of_a_page_runs(page, monkeypatch, tmp_path):
    pytest.importorskip("matplotlib").use("Agg")
    monkeypatch.chdir(tmp_path)  # a block that writes a file writes it here
    namespace = {}
    for block in _rst_blocks(page.read_text()):
        exec(compile(block, f"{page.name}", "exec"), namespace)


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
