"""Intersphinx inventories of scikit-learn, SciPy and NumPy, written from the installed packages.

The docs build must not need the network, yet links to ``cross_validate`` or
``scipy.stats.poisson_binom`` should point to those projects' pages. Their
public API is importable here, and their pages follow a fixed scheme
(``modules/generated/<name>.html`` for scikit-learn,
``reference/generated/<name>.html`` for SciPy and NumPy), so an inventory
(Sphinx's ``objects.inv`` format, version 2) can be written from the
installed packages: every name in the ``__all__`` of the public modules
listed below. A name missing from an inventory is rendered as plain text,
never as a broken link.
"""

import importlib
import inspect
import warnings
import zlib
from pathlib import Path

#: (project, base URL, page of an object, page of a module, public modules).
PROJECTS = {
    "sklearn": (
        "scikit-learn",
        "https://scikit-learn.org/stable/",
        "modules/generated/{name}.html",
        "api/{name}.html",
        [
            "sklearn",
            "sklearn.base",
            "sklearn.datasets",
            "sklearn.ensemble",
            "sklearn.exceptions",
            "sklearn.linear_model",
            "sklearn.metrics",
            "sklearn.model_selection",
            "sklearn.naive_bayes",
            "sklearn.neighbors",
            "sklearn.pipeline",
            "sklearn.preprocessing",
            "sklearn.tree",
            "sklearn.utils",
            "sklearn.utils.parallel",
            "sklearn.utils.validation",
        ],
    ),
    "scipy": (
        "SciPy",
        "https://docs.scipy.org/doc/scipy/",
        "reference/generated/{name}.html",
        "reference/{short}.html",
        ["scipy.special", "scipy.stats"],
    ),
    "numpy": (
        "NumPy",
        "https://numpy.org/doc/stable/",
        "reference/generated/{name}.html",
        "reference/index.html",
        # numpy.random documents its names on hand-written pages: its module page only.
        ["numpy"],
    ),
}


def _role(obj):
    if inspect.isclass(obj):
        return "py:exception" if issubclass(obj, BaseException) else "py:class"
    if callable(obj):
        return "py:function"
    return None


def public_objects(modules):
    """``{qualified name: role}`` of every public name of ``modules``."""
    entries = {}
    for module_name in modules:
        module = importlib.import_module(module_name)
        entries.setdefault(module_name, "py:module")
        for name in getattr(module, "__all__", []):
            try:
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")  # deprecated aliases
                    obj = getattr(module, name)
            except (AttributeError, ImportError):  # e.g. scikit-learn's experimental names
                continue
            role = _role(obj)
            if role is not None:
                entries.setdefault(f"{module_name}.{name}", role)
    return entries


def write_inventory(path, project, version, uri, module_uri, entries):
    """Write ``entries`` in the ``objects.inv`` format (version 2, zlib-compressed body)."""
    header = (
        "# Sphinx inventory version 2\n"
        f"# Project: {project}\n"
        f"# Version: {version}\n"
        "# The remainder of this file is compressed using zlib.\n"
    )
    lines = []
    for name, role in sorted(entries.items()):
        if role == "py:module":
            target = module_uri.format(name=name, short=name.rpartition(".")[2])
        else:
            target = f"{uri.format(name=name)}#{name}"
        lines.append(f"{name} {role} 1 {target} -\n")
    Path(path).write_bytes(header.encode() + zlib.compress("".join(lines).encode()))


def write_inventories(directory):
    """Write an inventory per project into ``directory``; return the ``intersphinx_mapping``."""
    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    mapping = {}
    for key, (project, base, uri, module_uri, modules) in PROJECTS.items():
        version = importlib.import_module(key).__version__
        path = directory / f"{key}.inv"
        write_inventory(path, project, version, uri, module_uri, public_objects(modules))
        mapping[key] = (base, str(path))
    return mapping
