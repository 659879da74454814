"""Shared fixtures for the test suite (helper estimators live in _estimators.py).

Hypothesis runs with the profile named by ``HYPOTHESIS_PROFILE``: "ci" (what
``.ci/run`` sets) is derandomized, so that the properties checked with
statistical tolerances draw the same examples on every run and cannot flake, and
prints the blob that reproduces a failure; "dev" (the default) explores new
examples at every run.
"""

import os
import sys

import numpy as np
import pytest
from hypothesis import settings

settings.register_profile("ci", derandomize=True, print_blob=True, deadline=None)
settings.register_profile("dev", deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))


@pytest.fixture(autouse=True)
def close_figures():
    """Close the figures a test drew (only where matplotlib was imported)."""
    yield
    pyplot = sys.modules.get("matplotlib.pyplot")
    if pyplot is not None:
        pyplot.close("all")


@pytest.fixture
def indexed_binary_data():
    """Binary data whose first column is the row number (for FailOnSample)."""
    rng = np.random.default_rng(0)
    n = 60
    X = np.column_stack([np.arange(n), rng.normal(size=n)])
    y = np.arange(n) % 2
    return X, y
