"""arviz-stats' array functions, imported on first use."""


def array_stats():
    """The ``arviz_stats.base.array_stats`` namespace (R-hat, ESS, HDI, ...).

    Imported on first use rather than with the package: arviz-stats pulls in
    ``scipy.signal``, which takes about a second, and only the hierarchical
    test needs it.
    """
    from arviz_stats.base import array_stats as functions

    return functions
