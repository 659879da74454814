"""Shared fixtures for the test suite (helper estimators live in _estimators.py).

Hypothesis runs with the profile named by ``HYPOTHESIS_PROFILE``: "ci" (what
``.ci/run`` sets) is derandomized, so that the properties checked with
statistical tolerances draw the same examples on every run and cannot flake, and
prints the blob that reproduces a failure; "dev" (the default) explores new
examples at every run.
"""

import functools
import json
import os
import sys
import warnings
from pathlib import Path

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


#: The published JSON Schema of a table's spec (docs/table_spec.schema.json).
SPEC_SCHEMA = Path(__file__).resolve().parents[1] / "docs" / "table_spec.schema.json"


@functools.cache
def _spec_schema():
    """The validator of the spec's schema, read once for the whole session."""
    from jsonschema import Draft202012Validator

    return Draft202012Validator(json.loads(SPEC_SCHEMA.read_text(encoding="utf-8")))


def _read_again_by_its_spec(guess):
    """``guess`` that reads every table a second time by the spec of its first reading,
    as ``spec=`` and ``--spec`` pass it back, and fails unless the second reading gives
    the same models, scores, spec, units and direction; the spec's JSON follows the
    published schema."""
    from sklearn_bayescmp import ScoreTable
    from sklearn_bayescmp.exceptions import TableReadingError

    schema = _spec_schema()

    def read_twice(raw, options, *, spec=None):
        try:
            parts = guess(raw, options, spec=spec)
        except TableReadingError as error:  # the option it names is in its advice
            assert error.option is None or _advised(error.option, str(error)), (error.option, error)
            raise
        first = parts.reading.spec
        schema.validate(json.loads(first.to_json()))
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            again = guess(raw, {}, spec=first)
        assert again.models == parts.models, (raw.source, again.models, parts.models)
        assert list(again.data) == list(parts.data), raw.source
        assert all(again.data[n].equals(d) for n, d in parts.data.items()), raw.source
        assert again.reading.spec == first, (raw.source, again.reading.spec, first)
        assert again.reading.metrics == parts.reading.metrics, raw.source
        assert again.reading.lower_is_better == parts.reading.lower_is_better, raw.source
        units = [
            ScoreTable._from_parts(p.models, p.data, reading=p.reading).units
            for p in (parts, again)
        ]
        assert units[0] == units[1], (raw.source, units)
        return parts

    return read_twice


@pytest.fixture(autouse=True)
def every_reading_reads_again_by_its_spec(monkeypatch):
    """The property that a table read by the spec of its reading is the same table: held
    for every table any test of the suite reads (issue 55)."""
    from sklearn_bayescmp import _score_table

    monkeypatch.setattr(_score_table, "guess", _read_again_by_its_spec(_score_table.guess))


def _advised(name, message):
    """Whether ``message`` advises the option ``name``, as Python or the command spells it."""
    from sklearn_bayescmp.cli._flags import COMMAND_SPELLING
    from sklearn_bayescmp.utils._advice import ANY

    spelled = [name, COMMAND_SPELLING.parameter(name) or name]
    if name == "greater_is_better":
        spelled += [COMMAND_SPELLING.option(name, side) for side in (True, False)]
    spelled.append(COMMAND_SPELLING.option(name, ANY) or name)
    return any(spelling in message for spelling in spelled)
