"""Fingerprints that cover code (the key of the fit cache)."""

import subprocess
import sys
import textwrap

import numpy as np
import pytest
from sklearn.linear_model import LogisticRegression
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import FunctionTransformer, StandardScaler

from sklearn_bayescmp.utils._fingerprint import CannotFingerprint, environment, fingerprint


def _function(source, name="f", namespace=None):
    """The function ``name`` defined by ``source`` (in a fresh namespace by default)."""
    namespace = {"__name__": "user_script"} if namespace is None else namespace
    exec(textwrap.dedent(source), namespace)
    return namespace[name]


def test_the_same_code_has_the_same_fingerprint():
    first = _function("def f(x):\n    return x + 1\n")
    second = _function("def f(x):\n    return x + 1\n")
    assert first is not second and fingerprint(first) == fingerprint(second)


@pytest.mark.parametrize(
    "changed",
    [
        "def f(x):\n    return x + 2\n",  # a constant
        "def f(x):\n    return x - 1\n",  # an operation
        "def f(x, y=1):\n    return x + 1\n",  # the signature
        "def f(x):\n    return abs(x) + 1\n",  # a builtin called
    ],
)
def test_a_change_of_body_changes_the_fingerprint(changed):
    assert fingerprint(_function("def f(x):\n    return x + 1\n")) != fingerprint(
        _function(changed)
    )


def test_line_numbers_and_docstrings_do_not_matter():
    plain = _function("def f(x):\n    return x + 1\n")
    documented = _function('\n\n\ndef f(x):\n    """Add one."""\n    return x + 1\n')
    assert fingerprint(plain) == fingerprint(documented)


def test_globals_closures_and_defaults_that_the_code_reads_are_covered():
    source = "def f(x):\n    return x * FACTOR\n"
    assert fingerprint(_function(source, namespace={"FACTOR": 2})) != fingerprint(
        _function(source, namespace={"FACTOR": 3})
    )

    def make(factor):
        return lambda x: x * factor

    assert fingerprint(make(2)) != fingerprint(make(3))
    assert fingerprint(make(2)) == fingerprint(make(2))
    with_default = "def f(x, k={k}):\n    return x * k\n"
    assert fingerprint(_function(with_default.format(k=1))) != fingerprint(
        _function(with_default.format(k=2))
    )


def test_helpers_called_by_a_function_are_covered_recursively():
    first = _function("def helper(x):\n    return x\ndef f(x):\n    return helper(x)\n")
    second = _function("def helper(x):\n    return -x\ndef f(x):\n    return helper(x)\n")
    assert fingerprint(first) != fingerprint(second)
    recursive = _function("def f(n):\n    return 1 if n < 2 else n * f(n - 1)\n")
    assert fingerprint(recursive) == fingerprint(recursive)


def test_a_class_is_covered_by_its_methods_attributes_and_bases():
    source = """
    from sklearn.base import BaseEstimator

    class Model(BaseEstimator):
        LIMIT = {limit}

        def fit(self, X):
            return self{change}

        @property
        def size(self):
            return 1
    """
    base = fingerprint(_function(source.format(limit=1, change=""), "Model")())
    assert base == fingerprint(_function(source.format(limit=1, change=""), "Model")())
    assert base != fingerprint(_function(source.format(limit=2, change=""), "Model")())
    assert base != fingerprint(_function(source.format(limit=1, change=" or None"), "Model")())


def test_installed_code_is_identified_by_its_version():
    pipeline = make_pipeline(StandardScaler(), LogisticRegression(C=2.0))
    assert fingerprint(pipeline) == fingerprint(
        make_pipeline(StandardScaler(), LogisticRegression(C=2.0))
    )
    assert fingerprint(pipeline) != fingerprint(
        make_pipeline(StandardScaler(), LogisticRegression())
    )
    versions = dict(environment())
    assert set(versions) == {
        "python",
        "scikit-learn",
        "numpy",
        "scipy",
        "joblib",
        "sklearn-bayescmp",
    }


def test_lambdas_in_pipelines_are_covered_by_their_code():
    first = make_pipeline(FunctionTransformer(lambda x: x * 2), LogisticRegression())
    same = make_pipeline(FunctionTransformer(lambda x: x * 2), LogisticRegression())
    other = make_pipeline(FunctionTransformer(lambda x: x * 3), LogisticRegression())
    assert fingerprint(first) == fingerprint(same) != fingerprint(other)


def test_data_are_covered_by_value():
    assert fingerprint(np.arange(5.0)) == fingerprint(np.arange(5.0))
    assert fingerprint(np.arange(5.0)) != fingerprint(np.arange(5.0) + 1e-12)
    assert fingerprint({"b", "a"}) == fingerprint({"a", "b"})


def test_what_cannot_be_pickled_is_refused_with_its_reason():
    import threading

    with pytest.raises(CannotFingerprint, match="cannot pickle '_thread.lock' object"):
        fingerprint({"lock": threading.Lock()})


@pytest.mark.long
def test_the_fingerprint_does_not_depend_on_the_process():
    script = textwrap.dedent(
        """
        from sklearn.pipeline import make_pipeline
        from sklearn.preprocessing import FunctionTransformer
        from sklearn.linear_model import LogisticRegression
        from sklearn_bayescmp.utils._fingerprint import fingerprint

        SCALE = {"a": 1, "b": 2, "c": 3}

        def scale(x):
            return x * len(SCALE) * len({"x", "y", "z"})

        print(fingerprint(make_pipeline(FunctionTransformer(scale), LogisticRegression())))
        """
    )
    digests = {
        subprocess.run(
            [sys.executable, "-c", script],
            env={"PYTHONHASHSEED": seed, "PATH": ""},
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for seed in ("1", "2")
    }
    assert len(digests) == 1 and len(digests.pop().strip()) == 40
