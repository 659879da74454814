"""Walk the public API: exports, docstrings, frozen results."""

import dataclasses
import importlib
import inspect
import pathlib

import numpy as np
import pytest

import sklearn_bayescmp
from sklearn_bayescmp import CVDifferences, RepeatedCVComparator
from sklearn_bayescmp.stats import bayesian_correlated_ttest, corrected_ttest

PUBLIC_MODULES = [
    "sklearn_bayescmp",
    "sklearn_bayescmp.stats",
    "sklearn_bayescmp.replicability",
    "sklearn_bayescmp.model_selection",
    "sklearn_bayescmp.plotting",
    "sklearn_bayescmp.datasets",
    "sklearn_bayescmp.studies",
]


def _public_objects():
    for module_name in PUBLIC_MODULES:
        module = importlib.import_module(module_name)
        for name in module.__all__:
            obj = getattr(module, name)
            if inspect.isclass(obj) or inspect.isfunction(obj):
                yield f"{module_name}.{name}", obj


PUBLIC = dict(_public_objects())


def test_all_lists_only_existing_names():
    for module_name in PUBLIC_MODULES:
        module = importlib.import_module(module_name)
        assert sorted(module.__all__) == sorted(set(module.__all__))
        for name in module.__all__:
            assert hasattr(module, name), f"{module_name}.{name} is in __all__ but missing"


def test_version_is_pep440():
    packaging = pytest.importorskip("packaging.version")
    assert str(packaging.Version(sklearn_bayescmp.__version__)) == sklearn_bayescmp.__version__


def _is_result_type(obj):
    """Records the library builds for the user: dataclasses or named tuples
    documented by their Attributes, with no Parameters section."""
    from numpydoc.docscrape import ClassDoc

    record = inspect.isclass(obj) and (dataclasses.is_dataclass(obj) or issubclass(obj, tuple))
    return record and not ClassDoc(obj)["Parameters"]


@pytest.mark.parametrize("name", sorted(PUBLIC))
def test_numpydoc_docstrings(name):
    # numpydoc's validator, as scikit-learn's test_docstrings does; the codes
    # ignored are the ones scikit-learn ignores too (see-also, extended summary,
    # examples on every object, global style).
    from numpydoc.docscrape import ClassDoc
    from numpydoc.validate import validate

    ignored = {"GL01", "GL02", "SA01", "ES01", "EX01", "SS05", "RT02", "PR02", "GL08", "SS06"}
    obj = PUBLIC[name]
    if _is_result_type(obj):
        # Results are read, not constructed: their fields are documented as
        # Attributes (as scipy's result classes are), and all of them must be.
        ignored.add("PR01")
        field_names = (
            obj._fields if issubclass(obj, tuple) else [f.name for f in dataclasses.fields(obj)]
        )
        documented = {entry.name for entry in ClassDoc(obj)["Attributes"]}
        documented |= {part.strip() for entry in documented for part in entry.split(",")}
        assert set(field_names) <= documented, f"{name}: undocumented fields"
    errors = [
        (code, message)
        for code, message in validate(f"{obj.__module__}.{obj.__qualname__}")["errors"]
        if code not in ignored
    ]
    assert not errors, f"{name}: {errors}"


@pytest.mark.parametrize(
    "keyword_only", [RepeatedCVComparator.__init__, corrected_ttest, bayesian_correlated_ttest]
)
def test_options_are_keyword_only(keyword_only):
    signature = inspect.signature(keyword_only)
    positional = [
        p.name
        for p in signature.parameters.values()
        if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
    ]
    assert positional in (["self", "estimator_a", "estimator_b"], ["differences"])


def test_results_are_frozen():
    res = bayesian_correlated_ttest([0.01, 0.02, 0.0], n_train=9, n_test=1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        res.prob_a_better = 1.0
    with pytest.raises(dataclasses.FrozenInstanceError):
        corrected_ttest([0.01, 0.02, 0.0], n_train=9, n_test=1).pvalue = 0.0
    rec = CVDifferences(np.array([0.1, 0.2]), n_train=9, n_test=1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        rec.name = "other"


def test_ci_tests_the_declared_minimum_versions():
    # .ci/run runs the suite on .ci/oldest.txt: every pin must be the minimum
    # that pyproject.toml declares, or CI would test something we do not claim.
    tomllib = pytest.importorskip("tomllib")
    root = pathlib.Path(__file__).parents[1]
    project = tomllib.loads((root / "pyproject.toml").read_text())["project"]
    minimums = {}
    for requirement in project["dependencies"]:
        name, _, version = requirement.split(";")[0].partition(">=")
        minimums[name.strip()] = version.split(",")[0].strip()
    pins = {}
    for line in (root / ".ci" / "oldest.txt").read_text().splitlines():
        line = line.split("#")[0].strip()
        if line:
            name, version = line.split("==")
            pins[name] = version
    assert set(pins) == set(minimums)
    for name, version in pins.items():
        declared = minimums[name].split(".")
        assert version.split(".")[: len(declared)] == declared, (name, version, minimums[name])


#: Modules a user or a tool (autosummary, a test runner) may import first; the
#: package's names load lazily, so each must import on its own without an
#: import cycle. The stats modules and the results import each other's
#: neighbours, so these are the ones at risk.
FIRST_IMPORTS = [
    "sklearn_bayescmp._results",
    "sklearn_bayescmp._differences",
    "sklearn_bayescmp._score_table",
    "sklearn_bayescmp.stats",
    "sklearn_bayescmp.plotting",
    "sklearn_bayescmp.exceptions",
]


def test_every_module_imports_first_and_the_package_names_resolve():
    import subprocess
    import sys

    code = (
        "import importlib, sys\n"
        "importlib.import_module(sys.argv[1])\n"
        "import sklearn_bayescmp\n"
        "[getattr(sklearn_bayescmp, name) for name in sklearn_bayescmp.__all__]\n"
    )
    # Fresh interpreters, run side by side.
    processes = {
        module: subprocess.Popen(
            [sys.executable, "-c", code, module],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for module in FIRST_IMPORTS
    }
    failures = {}
    for module, process in processes.items():
        _, err = process.communicate(timeout=120)
        if process.returncode:
            failures[module] = err.strip().splitlines()[-1]
    assert not failures
