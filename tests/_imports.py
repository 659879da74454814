"""What importing a module loads, seen from a fresh interpreter."""

import subprocess
import sys


def loaded_by_import(module, prefixes):
    """The modules whose names start with one of ``prefixes`` that ``import module``
    loads in a fresh Python process, sorted."""
    code = (
        f"import sys, {module}\n"
        f"print('\\n'.join(sorted(m for m in sys.modules if m.startswith({tuple(prefixes)!r}))))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return out.stdout.split()
