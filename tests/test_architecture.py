"""The package's shape: no import cycle, and stats/ imports nothing above it."""

import ast
import pathlib

import pytest

PACKAGE = pathlib.Path(__file__).parents[1] / "sklearn_bayescmp"
#: What stats/ may import besides itself and utils/: the record its back ends read.
STATS_MAY_IMPORT = ("sklearn_bayescmp._differences",)


def _module(path):
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path, *, lazy=False):
    """The package's modules that ``path`` imports at module level (``lazy``: or in a
    function's body)."""
    module = _module(path)
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found = set()
    tree = ast.parse(path.read_text())
    for node in ast.walk(tree) if lazy else tree.body:
        if not isinstance(node, ast.ImportFrom):
            continue
        if node.level:
            base = package.split(".")[: len(package.split(".")) - node.level + 1]
            target = ".".join([*base, *([node.module] if node.module else [])])
        else:
            target = node.module or ""
        if not target.startswith("sklearn_bayescmp"):
            continue
        modules = {  # "from . import module": the module, not its package's names
            f"{target}.{alias.name}"
            for alias in node.names
            if (PACKAGE.parent / f"{target}.{alias.name}".replace(".", "/"))
            .with_suffix(".py")
            .exists()
        }
        found |= modules or {target}
    return found


GRAPH = {_module(path): _imports(path) for path in PACKAGE.rglob("*.py")}
#: With the imports made inside functions: a cycle there is one too, only later.
LAZY_GRAPH = {_module(path): _imports(path, lazy=True) for path in PACKAGE.rglob("*.py")}


def _cycle(graph):
    """A cycle of the graph, or None (depth-first search)."""
    state = {}

    def visit(node, path):
        state[node] = "open"
        for nxt in sorted(graph.get(node, ())):
            if nxt not in graph:
                continue
            if state.get(nxt) == "open":
                return [*path[path.index(nxt) :], nxt]
            if nxt not in state:
                cycle = visit(nxt, [*path, nxt])
                if cycle:
                    return cycle
        state[node] = "done"
        return None

    for node in sorted(graph):
        if node not in state:
            cycle = visit(node, [node])
            if cycle:
                return cycle
    return None


def test_the_package_has_no_import_cycle():
    assert _cycle(GRAPH) is None
    assert _cycle(LAZY_GRAPH) is None


def test_a_cycle_is_found():
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]


@pytest.mark.parametrize("module", sorted(m for m in GRAPH if ".stats" in m))
def test_stats_imports_nothing_above_it(module):
    above = [
        target
        for target in GRAPH[module]
        if not target.startswith(("sklearn_bayescmp.stats", "sklearn_bayescmp.utils"))
        and target not in STATS_MAY_IMPORT
    ]
    assert not above, f"{module} imports {above}"


def test_the_record_type_is_a_leaf_of_stats():
    # It cites works by key from the bibliography, itself a leaf of stats (data).
    bibliography = "sklearn_bayescmp.stats._bibliography"
    assert not [
        m for m in GRAPH["sklearn_bayescmp.stats._backend"] if ".stats" in m and m != bibliography
    ]
    assert not [m for m in GRAPH[bibliography] if ".stats" in m]


#: The steps of reading a table, in order (``tables/``): a module may import only the
#: modules listed before it. The record of the reading comes first: every step fills it.
TABLES_PIPELINE = (
    ("record", ("_spec",)),
    ("sources", ("_source",)),
    ("cells", ("_cells",)),
    ("names", ("_names",)),
    ("values", ("_evidence",)),
    ("the reading in words", ("_words",)),
    ("assembly by a spec", ("_assemble", "_files")),
    ("the guess", ("_guess",)),
)
_TABLES_ORDER = [
    f"sklearn_bayescmp.tables.{name}" for _, modules in TABLES_PIPELINE for name in modules
]


def test_every_module_of_tables_has_a_step():
    modules = {m for m in LAZY_GRAPH if m.startswith("sklearn_bayescmp.tables.")}
    assert modules == set(_TABLES_ORDER)


def _later_imports(graph, module):
    """The modules of ``tables/`` that ``module`` imports and that come after it."""
    before = set(_TABLES_ORDER[: _TABLES_ORDER.index(module)])
    return sorted(
        target
        for target in graph[module]
        if target.startswith("sklearn_bayescmp.tables") and target not in before
    )


@pytest.mark.parametrize("module", _TABLES_ORDER)
def test_a_step_of_tables_imports_only_the_steps_before_it(module):
    later = _later_imports(LAZY_GRAPH, module)
    assert not later, f"{module} imports {later}, which come after it in the pipeline"


def test_an_import_of_a_later_step_is_found():
    graph = {"sklearn_bayescmp.tables._names": {"sklearn_bayescmp.tables._guess"}}
    assert _later_imports(graph, "sklearn_bayescmp.tables._names") == [
        "sklearn_bayescmp.tables._guess"
    ]


def test_the_back_ends_name_the_designs_the_tables_know():
    from sklearn_bayescmp.stats._backend import ALL_DESIGNS
    from sklearn_bayescmp.tables._spec import DESIGNS

    assert ALL_DESIGNS == tuple(DESIGNS)


def test_every_data_file_of_the_package_ships_in_its_wheel():
    # A file the package reads at run time (the names of measures) must be declared as
    # package data, or `pip install .` leaves it out and the reader fails.
    import tomllib

    root = pathlib.Path(__file__).resolve().parents[1]
    declared = tomllib.loads((root / "pyproject.toml").read_text())["tool"]["setuptools"][
        "package-data"
    ]
    package = root / "sklearn_bayescmp"
    data = [
        path
        for path in package.rglob("*")
        if path.is_file() and path.suffix not in (".py", ".pyc") and "__pycache__" not in path.parts
    ]
    assert data
    for path in data:
        module = ".".join(path.parent.relative_to(root).parts)
        assert any(path.match(pattern) for pattern in declared.get(module, ())), path
