"""The registry of back ends: the records of every slice, read by everything that lists tests.

Like scikit-learn's scorer registry (:func:`sklearn.metrics.get_scorer_names`),
one place names every back end: :func:`~sklearn_bayescmp.compare_models`, the
comparator's ``test`` method,
:class:`~sklearn_bayescmp.replicability.ReplicabilityStudy`, the studies, the
``bayescmp`` command, the reports and the displays all read it. A back end is
one module that defines its records in ``BACKENDS`` (see
:class:`~sklearn_bayescmp.stats._backend.Backend`); adding one is that module
and one line in :data:`SLICES`.
"""

import importlib

#: The modules of the back ends, each with its records in ``BACKENDS``.
SLICES = (
    "sklearn_bayescmp.stats._correlated_t",
    "sklearn_bayescmp.stats._poisson",
    "sklearn_bayescmp.stats._sign",
    "sklearn_bayescmp.stats._hierarchical",
    "sklearn_bayescmp.stats._frequentist",
)


def _collect(slices):
    """The records of ``slices`` by name; a name given twice is refused."""
    registry = {}
    for module in slices:
        for backend in importlib.import_module(module).BACKENDS:
            if backend.name in registry:
                raise ValueError(f"Two back ends are named {backend.name!r} ({module}).")
            registry[backend.name] = backend
    return registry


_REGISTRY = _collect(SLICES)


def backend_names():
    """The names of all back ends, as every entry point accepts them.

    Returns
    -------
    list of str
        Sorted: ``compare_models(test=...)``, the comparator's ``test``
        method, ``ReplicabilityStudy(tests=...)`` and ``bayescmp compare
        --test`` take exactly these.

    See Also
    --------
    sklearn_bayescmp.stats.get_backend : The back end registered under a name.
    sklearn_bayescmp.compare_models : Takes these names as ``test``.

    Examples
    --------
    >>> from sklearn_bayescmp.stats import backend_names
    >>> backend_names()[:4]
    ['bayesian_correlated_t', 'combined_f_5x2cv', 'corrected_resampled_t', 'corrected_t']
    """
    return sorted(_REGISTRY)


def get_backend(name):
    """The registry's record of a back end.

    Parameters
    ----------
    name : str
        One of :func:`backend_names`.

    Returns
    -------
    Backend
        With the back end's ``function``, ``title``, ``kind`` ("bayesian" or
        "frequentist"), ``scope`` ("dataset", "collection" or "means"),
        whether it is ``sampled``, its ``options`` with their defaults, its
        ``result_type``, the ``displays`` that draw it, and what to ``cite``
        (with the ``references``).

    See Also
    --------
    sklearn_bayescmp.stats.backend_names : Every registered name.

    Examples
    --------
    >>> from sklearn_bayescmp.stats import get_backend
    >>> backend = get_backend("signed_rank")
    >>> backend.scope, backend.sampled, backend.options["target_mcse"] > 0
    ('means', True, True)
    """
    if name not in _REGISTRY:
        raise ValueError(f"Unknown test {name!r}; the tests are {backend_names()}.")
    return _REGISTRY[name]
