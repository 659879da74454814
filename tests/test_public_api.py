"""Walk the public API: exports, docstrings, frozen results."""

import dataclasses
import importlib
import inspect
import pathlib
import re

import numpy as np
import pytest

import sklearn_bayescmp
from sklearn_bayescmp import CVDifferences, RepeatedCVComparator, ScoreTable
from sklearn_bayescmp.stats import bayesian_correlated_ttest, corrected_ttest

PUBLIC_MODULES = [
    "sklearn_bayescmp",
    "sklearn_bayescmp.stats",
    "sklearn_bayescmp.tables",
    "sklearn_bayescmp.replicability",
    "sklearn_bayescmp.model_selection",
    "sklearn_bayescmp.plotting",
    "sklearn_bayescmp.datasets",
    "sklearn_bayescmp.exceptions",
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
    # ignored are ones scikit-learn ignores too (extended summary, global style;
    # Examples are checked below). Every public object has a See Also section.
    from numpydoc.docscrape import ClassDoc
    from numpydoc.validate import validate

    ignored = {"GL01", "GL02", "ES01", "EX01", "SS05", "RT02", "PR02", "GL08", "SS06"}
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


def _public_methods(cls):
    """The public methods and classmethods ``cls`` defines or inherits from this package."""
    for name, member in inspect.getmembers(cls):
        function = getattr(member, "__func__", member)
        module = getattr(function, "__module__", "") or ""
        if not name.startswith("_") and callable(member) and module.startswith("sklearn_bayescmp"):
            yield name, function


#: Arguments that may stay positional although they have a default: the
#: data's optional part (``fit(X, y=None)``), and the one argument a method is
#: about (``decision(threshold)``, ``credible_interval(prob)``, ``to_csv(path)``,
#: ``plot(ax)`` as scikit-learn's displays have it).
POSITIONAL_DEFAULTS = {
    "y",
    "threshold",
    "alpha",
    "prob",
    "name",
    "layout",
    "path_or_buf",
    "ax",
    "attribute",
    "dataset",
    "metric",
    "model_b",
    "outcome",
    "confidence_level",
}


def _callables():
    for name, obj in PUBLIC.items():
        if inspect.isfunction(obj):
            yield name, obj
        else:
            if not _is_result_type(obj):  # results are read, not built
                yield f"{name}.__init__", obj.__init__
            for method, function in _public_methods(obj):
                yield f"{name}.{method}", function


CALLABLES = dict(_callables())


@pytest.mark.parametrize("name", sorted(CALLABLES))
def test_options_are_keyword_only(name):
    # Options after the data are keyword-only, on every public function and
    # method: ``f(data, *, option=...)``.
    try:
        parameters = inspect.signature(CALLABLES[name]).parameters.values()
    except (TypeError, ValueError):  # a builtin's or dataclass's generated __init__
        return
    positional = [p for p in parameters if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    options = [
        p.name for p in positional if p.default is not p.empty and p.name not in POSITIONAL_DEFAULTS
    ]
    assert not options, f"{name}: make {options} keyword-only"


def test_the_registry_is_the_one_list_of_tests():
    # Every entry point that names tests accepts exactly the registry's names.
    from sklearn.utils._param_validation import InvalidParameterError

    from sklearn_bayescmp import compare_models
    from sklearn_bayescmp.cli import build_parser
    from sklearn_bayescmp.replicability import ReplicabilityStudy
    from sklearn_bayescmp.stats import backend_names, get_backend

    names = backend_names()
    parser = build_parser()
    for name in ["auto", *names]:  # the command takes the registry's names
        assert parser.parse_args(["compare", "x.csv", "--test", name]).test == name
    with pytest.raises(SystemExit):
        parser.parse_args(["compare", "x.csv", "--test", "none of them"])
    study = ReplicabilityStudy(RepeatedCVComparator(None, None), seeds=[0, 1])
    assert study.set_params(tests=names)._check_tests(collection=True) == tuple(names)
    with pytest.raises(ValueError, match=re.escape(f"non-empty list of {names}")):
        study.set_params(tests=["none of them"])._check_tests(collection=True)
    table = ScoreTable(np.eye(2), models=["a", "b"], test_train_ratio=1)
    with pytest.raises(InvalidParameterError) as error:
        compare_models(table, test="none of them")
    allowed = re.findall(r"'([a-z0-9_]+)'", str(error.value).split("must be a str among")[-1])
    assert sorted(allowed) == sorted(["auto", *names])
    stats = importlib.import_module("sklearn_bayescmp.stats")
    for name in names:
        backend = get_backend(name)
        assert backend.name == name
        assert getattr(stats, backend.function.__name__) is backend.function


METHODS = {
    name: function
    for name, function in CALLABLES.items()
    if not name.endswith("__init__") and name.rpartition(".")[0] in PUBLIC
}


@pytest.mark.parametrize("name", sorted(METHODS))
def test_numpydoc_sections_of_methods(name):
    # Every public method documents its parameters and what it returns.
    from numpydoc.validate import validate

    checked = {"PR01", "PR02", "PR06", "PR07", "RT01", "GL03", "GL07", "SS01", "SS03"}
    function = METHODS[name]
    errors = [
        (code, message)
        for code, message in validate(f"{function.__module__}.{function.__qualname__}")["errors"]
        if code in checked
    ]
    assert not errors, f"{name}: {errors}"


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


#: Imports every module of the package, each in a fresh child of a process
#: that has loaded only the third-party dependencies (forking is fast; a new
#: interpreter per module would take a second each), then the lazy top-level
#: names: an import cycle fails whichever module a user or a tool imports first.
_IMPORT_EACH_ALONE = """
import importlib, os, pkgutil, sys
import joblib, numpy, scipy.special, scipy.stats, sklearn.base, sklearn.model_selection
modules = sys.argv[1:]
failures = []
for module in modules:
    pid = os.fork()
    if pid == 0:
        try:
            importlib.import_module(module)
            import sklearn_bayescmp
            [getattr(sklearn_bayescmp, name) for name in sklearn_bayescmp.__all__]
        except BaseException as exc:
            print(module, type(exc).__name__, exc)
            os._exit(1)
        os._exit(0)
    _, status = os.waitpid(pid, 0)
    if status:
        failures.append(module)
sys.exit(1 if failures else 0)
"""


@pytest.mark.long
@pytest.mark.skipif(not hasattr(__import__("os"), "fork"), reason="needs os.fork")
def test_every_module_imports_alone():
    import pkgutil
    import subprocess
    import sys

    modules = ["sklearn_bayescmp"] + [
        info.name
        for info in pkgutil.walk_packages(sklearn_bayescmp.__path__, "sklearn_bayescmp.")
        if info.name != "sklearn_bayescmp.__main__"
    ]
    assert len(modules) > 40
    run = subprocess.run(
        [sys.executable, "-c", _IMPORT_EACH_ALONE, *modules],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stdout + run.stderr


@pytest.mark.parametrize("name", sorted(PUBLIC))
def test_every_public_function_and_class_has_examples(name):
    # Every page of the API reference shows how, in a doctest run with the
    # tests: what a user calls or builds, and the results, from what returns them.
    assert "Examples\n--------" in (inspect.getdoc(PUBLIC[name]) or ""), name
