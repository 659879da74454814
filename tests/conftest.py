"""Shared fixtures for the test suite (helper estimators live in _estimators.py)."""

import sys

import numpy as np
import pytest


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
