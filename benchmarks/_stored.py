"""Full-scale study results, stored as data in ``benchmarks/results/``.

The study scripts write one JSON file per study run with ``--write``: what was
run (the command and its settings), when, how long it took, and the table of
results with its Monte Carlo standard errors. The papers page
(``examples/plot_papers_reproduced.py``) draws its figures and tables from
these files, so what a reader sees is the full-scale study, not the page's
short live run.
"""

import datetime
import json
import platform
import sys
from pathlib import Path

RESULTS = Path(__file__).resolve().parent / "results"


def write_study(name, *, study, settings, table, seconds):
    """Write ``results/<name>.json`` and return its path.

    Parameters
    ----------
    name : str
        The file's stem.
    study : str
        What the study reproduces (paper and figure or table).
    settings : dict
        The arguments that decide the numbers (JSON-serialisable).
    table : dict of list
        Columns of equal length; NumPy scalars are written as Python numbers.
    seconds : float
        Wall time of the run.
    """
    columns = {key: [_plain(value) for value in values] for key, values in table.items()}
    record = {
        "study": study,
        "command": " ".join(["python", "/".join(Path(sys.argv[0]).parts[-2:]), *sys.argv[1:]]),
        "date": datetime.date.today().isoformat(),
        "seconds": round(float(seconds), 1),
        "machine": f"{platform.machine()}, Python {platform.python_version()}",
        "settings": settings,
        "table": columns,
    }
    RESULTS.mkdir(exist_ok=True)
    path = RESULTS / f"{name}.json"
    path.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
    if json.loads(path.read_text(encoding="utf-8")) != record:  # reads back exactly
        raise RuntimeError(f"{path} does not read back as written")
    return path


def _plain(value):
    """A JSON value of a table cell (NumPy scalars become Python numbers)."""
    return value.item() if hasattr(value, "item") else value
