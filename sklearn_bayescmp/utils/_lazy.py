"""Public names imported on first use (PEP 562), for the packages that re-export them.

Importing the package (or running ``bayescmp --help``) then loads neither
scikit-learn nor SciPy, and a step of ``tables/`` can be imported without the
whole pipeline.
"""

import importlib
import sys


def lazy_names(package, locations):
    """The ``__getattr__`` and ``__dir__`` of a package whose names live in its modules.

    Parameters
    ----------
    package : str
        The package's ``__name__``.
    locations : dict of str to str
        Each public name and the module, relative to the package, that defines it.

    Returns
    -------
    __getattr__, __dir__ : callable
    """

    def __getattr__(name):
        if name in locations:
            value = getattr(importlib.import_module(locations[name], package), name)
            vars(sys.modules[package])[name] = value  # later lookups skip this function
            return value
        raise AttributeError(f"module {package!r} has no attribute {name!r}")

    def __dir__():
        return sorted({*vars(sys.modules[package]), *locations})

    return __getattr__, __dir__
