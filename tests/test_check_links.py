"""docs/check_links.py: the built site's links resolve and nothing loads from the network."""

import importlib.util
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[1] / "docs" / "check_links.py"


@pytest.fixture(scope="module")
def check_links():
    if not SCRIPT.exists():
        pytest.skip("installed without the source tree")
    spec = importlib.util.spec_from_file_location("check_links", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _site(root, pages):
    for name, body in pages.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(f"<html><body>{body}</body></html>", encoding="utf-8")


def test_a_clean_site_passes(check_links, tmp_path):
    _site(
        tmp_path,
        {
            "index.html": '<a href="guide/page.html#install">x</a> <a href="https://scipy.org/">y</a>',
            "guide/page.html": '<h2 id="install">Install</h2><a href="../index.html">home</a>'
            '<script src="../_static/mathjax/tex-chtml.js"></script>',
            "_static/mathjax/tex-chtml.js": "",
        },
    )
    broken, remote, outside = check_links.check(tmp_path)
    assert broken == [] and remote == []
    assert outside == {"scipy.org": 1}


def test_broken_links_anchors_and_remote_resources_are_reported(check_links, tmp_path):
    _site(
        tmp_path,
        {
            "index.html": '<a href="missing.html">a</a> <a href="page.html#nowhere">b</a>'
            '<script src="https://cdn.example.org/mathjax.js"></script>'
            '<link rel="stylesheet" href="//cdn.example.org/theme.css">',
            "page.html": '<p id="here">here</p>',
        },
    )
    broken, remote, _ = check_links.check(tmp_path)
    assert broken == [
        "index.html: missing.html (no such file)",
        "index.html: page.html#nowhere (no such anchor)",
    ]
    assert [line.split("> loads ")[1] for line in remote] == [
        "https://cdn.example.org/mathjax.js",
        "//cdn.example.org/theme.css",
    ]


def test_the_command_exits_non_zero_on_a_broken_link(check_links, tmp_path, monkeypatch, capsys):
    _site(tmp_path, {"index.html": '<a href="gone.html">gone</a>'})
    monkeypatch.setattr("sys.argv", ["check_links.py", str(tmp_path)])
    assert check_links.main() == 1
    assert "1 broken links" in capsys.readouterr().out
