"""Shared fixtures and helper estimators for the test suite."""

import numpy as np
import pytest


@pytest.fixture(autouse=True)
def _legacy_print_options():
    # Doctests and reprs print numpy scalars the way users read them.
    with np.printoptions(legacy="1.25"):
        yield


@pytest.fixture
def indexed_binary_data():
    """Binary data whose first column is the row number (for FailOnSample)."""
    rng = np.random.default_rng(0)
    n = 60
    X = np.column_stack([np.arange(n), rng.normal(size=n)])
    y = np.arange(n) % 2
    return X, y
