"""Check the built HTML site: every internal link resolves, nothing loads from the network.

Run after the HTML build: ``python docs/check_links.py docs/_build/html``.

- Every ``href`` and ``src`` to a page or file of the site names one that
  exists, and every ``#anchor`` names an ``id`` on its page.
- No page loads a script, a stylesheet or an image from the network: the site
  reads the same offline (MathJax is served with it).
- Links out of the site are listed by host. Those to scikit-learn, SciPy,
  NumPy, Python and joblib come from the installed packages' inventories
  (``inventories.py``), so they name objects that exist; the rest are few and
  written by hand, and are printed for a reviewer with the network to open.

Exits with status 1 and one line per broken link.
"""

import argparse
import html
import re
import sys
from collections import Counter
from pathlib import Path
from urllib.parse import unquote, urlsplit

#: Files the theme ships as Jinja templates, not pages.
TEMPLATES = {"webpack-macros.html"}
_LINK = re.compile(r"""<(a|link|script|img|source|iframe)\b[^>]*?\b(href|src)="([^"]*)\"""", re.I)
_ID = re.compile(r"""\bid="([^"]+)\"""")


def pages(root):
    """The site's HTML pages (the theme's templates left out)."""
    return sorted(path for path in root.rglob("*.html") if path.name not in TEMPLATES)


def check(root):
    """Broken internal links, resources loaded from the network, and outside links by host."""
    root = root.resolve()
    anchors = {path: set(_ID.findall(path.read_text(encoding="utf-8"))) for path in pages(root)}
    broken, remote, outside = [], [], Counter()
    for page in anchors:
        for tag, _attribute, value in _LINK.findall(page.read_text(encoding="utf-8")):
            link = urlsplit(html.unescape(value))
            if link.scheme in ("http", "https") or value.startswith("//"):
                if tag.lower() != "a":
                    remote.append(f"{page.relative_to(root)}: <{tag}> loads {value}")
                else:
                    outside[link.netloc] += 1
                continue
            if link.scheme:  # mailto:, data:, javascript:
                continue
            target = (page.parent / unquote(link.path)).resolve() if link.path else page
            if target.is_dir():
                target = target / "index.html"
            if not target.exists():
                broken.append(f"{page.relative_to(root)}: {value} (no such file)")
            elif link.fragment and target.suffix == ".html":
                if link.fragment not in anchors.get(target, ()):
                    broken.append(f"{page.relative_to(root)}: {value} (no such anchor)")
    return broken, remote, outside


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("root", type=Path, help="the built HTML site, e.g. docs/_build/html")
    args = parser.parse_args()
    if not (args.root / "index.html").exists():
        parser.error(f"{args.root} has no index.html; build the HTML site first.")
    broken, remote, outside = check(args.root)
    for line in broken + remote:
        print(line)
    n_pages = len(pages(args.root))
    print(f"{n_pages} pages: {len(broken)} broken links, {len(remote)} resources from the network")
    print("links out of the site, by host:", dict(sorted(outside.items())))
    return 1 if broken or remote else 0


if __name__ == "__main__":
    sys.exit(main())
