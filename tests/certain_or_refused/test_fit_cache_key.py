"""The fit cache's key sees what the code reads: modules, imports in bodies, wrappers."""

import importlib
import sys
import textwrap
import warnings

import numpy as np
import pytest
from sklearn.linear_model import ElasticNet, Lasso, LogisticRegression
from sklearn.model_selection import RepeatedStratifiedKFold
from sklearn.naive_bayes import GaussianNB
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.svm import SVC, LinearSVC
from sklearn.tree import DecisionTreeClassifier

from sklearn_bayescmp import RepeatedCVComparator
from sklearn_bayescmp.utils._fingerprint import fingerprint
from tests._messages import naming


@pytest.fixture
def modules(tmp_path):
    """Write modules into a folder on ``sys.path``; ``load(name)`` imports one afresh."""

    folder = tmp_path / "modules"
    folder.mkdir()

    class Modules:
        def write(self, path, source):
            file = folder / path
            file.parent.mkdir(parents=True, exist_ok=True)
            file.write_text(textwrap.dedent(source))

        def load(self, name):
            for loaded in [m for m in sys.modules if m.split(".")[0] in written()]:
                del sys.modules[loaded]
            importlib.invalidate_caches()
            return importlib.import_module(name)

    def written():
        return {path.stem for path in folder.iterdir()}

    sys.path.insert(0, str(folder))
    yield Modules()
    sys.path.remove(str(folder))
    for loaded in [m for m in sys.modules if m.split(".")[0] in written()]:
        del sys.modules[loaded]


def _key_changes(modules, files, scorer_module, edit):
    """Whether the scorer's key changes when ``edit`` changes what it reads (and stays
    the same when nothing changed)."""
    for path, source in files.items():
        modules.write(path, source)
    before = fingerprint(modules.load(scorer_module).scorer)
    again = fingerprint(modules.load(scorer_module).scorer)
    assert before == again  # nothing changed: the same key
    scorer = modules.load(scorer_module).scorer
    edit(modules)
    after = fingerprint(modules.load(scorer_module).scorer if edit.reload else scorer)
    return before != after


def _rewrite(path, source):
    def edit(modules):
        modules.write(path, source)

    edit.reload = True
    return edit


def _set(module, attribute, value):
    def edit(modules):
        setattr(sys.modules[module], attribute, value)

    edit.reload = False
    return edit


CASES = {
    # The run's four examples.
    "a name imported inside the scorer's body": (
        {
            "helper.py": "FACTOR = 1\n",
            "scorer_a.py": (
                "def scorer(e, X, y):\n    from helper import FACTOR\n    return FACTOR\n"
            ),
        },
        "scorer_a",
        _rewrite("helper.py", "FACTOR = 2\n"),
    ),
    "a local module's attribute set at run time": (
        {
            "config.py": "WEIGHT = 1.0\n",
            "scorer_b.py": "import config\ndef scorer(e, X, y):\n    return config.WEIGHT\n",
        },
        "scorer_b",
        _set("config", "WEIGHT", 0.5),
    ),
    "an lru_cache-wrapped helper whose body was edited": (
        {
            "scorer_c.py": """
                import functools
                @functools.lru_cache
                def helper(x):
                    return x
                def scorer(e, X, y):
                    return helper(1)
            """
        },
        "scorer_c",
        _rewrite(
            "scorer_c.py",
            """
            import functools
            @functools.lru_cache
            def helper(x):
                return 2 * x
            def scorer(e, X, y):
                return helper(1)
            """,
        ),
    ),
    "pkg.sub.f() after pkg/sub.py changed": (
        {
            "pkg/__init__.py": "from . import sub\n",
            "pkg/sub.py": "def f():\n    return 1\n",
            "scorer_d.py": "import pkg\ndef scorer(e, X, y):\n    return pkg.sub.f()\n",
        },
        "scorer_d",
        _rewrite("pkg/sub.py", "def f():\n    return 2\n"),
    ),
    # More of the same class.
    "a module imported in the body, then read by attribute": (
        {
            "settings.py": "LIMIT = 3\n",
            "scorer_e.py": "def scorer(e, X, y):\n    import settings\n    return settings.LIMIT\n",
        },
        "scorer_e",
        _rewrite("settings.py", "LIMIT = 4\n"),
    ),
    "a relative import in a package's scorer": (
        {
            "mypkg/__init__.py": "",
            "mypkg/constants.py": "SHIFT = 0\n",
            "mypkg/scoring.py": (
                "def scorer(e, X, y):\n    from .constants import SHIFT\n    return SHIFT\n"
            ),
        },
        "mypkg.scoring",
        _rewrite("mypkg/constants.py", "SHIFT = 1\n"),
    ),
    "a functools.wraps decorator's wrapped body": (
        {
            "scorer_f.py": """
                import functools
                def logged(f):
                    @functools.wraps(f)
                    def inner(*args):
                        return f(*args)
                    return inner
                @logged
                def scorer(e, X, y):
                    return 1
            """
        },
        "scorer_f",
        _rewrite(
            "scorer_f.py",
            """
            import functools
            def logged(f):
                @functools.wraps(f)
                def inner(*args):
                    return f(*args)
                return inner
            @logged
            def scorer(e, X, y):
                return 2
            """,
        ),
    ),
    "a dict in a local module mutated at run time": (
        {
            "table.py": "WEIGHTS = {'a': 1}\n",
            "scorer_g.py": "import table\ndef scorer(e, X, y):\n    return table.WEIGHTS['a']\n",
        },
        "scorer_g",
        _set("table", "WEIGHTS", {"a": 2}),
    ),
    "a class attribute read through a submodule": (
        {
            "shapes/__init__.py": "from . import kinds\n",
            "shapes/kinds.py": "class Square:\n    SIDE = 1\n",
            "scorer_h.py": (
                "import shapes\ndef scorer(e, X, y):\n    return shapes.kinds.Square.SIDE\n"
            ),
        },
        "scorer_h",
        _rewrite("shapes/kinds.py", "class Square:\n    SIDE = 2\n"),
    ),
    "an attribute missing when keyed, set later": (
        {
            "late.py": "",
            "scorer_i.py": (
                "import late\ndef scorer(e, X, y):\n    return getattr(late, 'x', 0) + late.BONUS\n"
            ),
        },
        "scorer_i",
        _set("late", "BONUS", 1),
    ),
}


@pytest.mark.parametrize("case", list(CASES))
def test_what_the_scorer_reads_is_in_its_key(modules, case):
    files, scorer_module, edit = CASES[case]
    assert _key_changes(modules, files, scorer_module, edit)


def test_installed_modules_read_by_attribute_are_keyed_by_their_version(modules):
    # np.mean, sklearn.metrics...: their distribution's version covers them; the
    # key does not walk into them (nor change when nothing changed).
    modules.write(
        "scorer_j.py",
        "import numpy as np\nimport sklearn.metrics\ndef scorer(e, X, y):\n"
        "    return np.mean(sklearn.metrics.accuracy_score(y, e.predict(X)))\n",
    )
    assert fingerprint(modules.load("scorer_j").scorer) == fingerprint(
        modules.load("scorer_j").scorer
    )


def test_an_import_that_fails_is_named(modules):
    from sklearn_bayescmp.utils._fingerprint import CannotFingerprint

    modules.write("scorer_k.py", "def scorer(e, X, y):\n    from nowhere import THING\n")
    with pytest.raises(CannotFingerprint, match=naming("'nowhere'")):
        fingerprint(modules.load("scorer_k").scorer)


def _data():
    rng = np.random.default_rng(0)
    X = np.column_stack([np.arange(60.0), rng.normal(size=60)])
    return X, (X[:, 1] > 0).astype(int)


def _run(scorer, memory, estimator_b=None):
    return RepeatedCVComparator(
        GaussianNB(),
        estimator_b or DecisionTreeClassifier(random_state=0),
        rope=0.01,
        scoring=scorer,
        cv=RepeatedStratifiedKFold(n_splits=3, n_repeats=2, random_state=0),
        memory=memory,
    ).fit(*_data())


def test_a_cached_run_after_an_imported_constant_changed_equals_an_uncached_run(modules, tmp_path):
    source = (
        "import numpy as np\n"
        "def scorer(estimator, X, y):\n"
        "    from weights import FACTOR\n"
        "    return float(np.mean(estimator.predict(X) == y)) * FACTOR\n"
    )
    modules.write("user_scorer.py", source)
    modules.write("weights.py", "FACTOR = 1.0\n")
    first = _run(modules.load("user_scorer").scorer, tmp_path / "cache")
    modules.write("weights.py", "FACTOR = 0.5\n")
    scorer = modules.load("user_scorer").scorer
    cached = _run(scorer, tmp_path / "cache")
    uncached = _run(scorer, None)
    scores = [run.cv_results_["test_score_a"] for run in (first, cached, uncached)]
    np.testing.assert_array_equal(scores[1], scores[2])
    np.testing.assert_array_equal(scores[1], scores[0] * 0.5)


def test_a_cached_run_with_an_unseeded_estimator_warns_once(tmp_path):
    with pytest.warns(UserWarning, match=naming("memory", "estimator_b", "random_state")) as w:
        _run("accuracy", tmp_path / "cache", DecisionTreeClassifier())
    assert sum("random_state=None" in str(r.message) for r in w) == 1
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        _run("accuracy", tmp_path / "cache")  # seeded: silent
        _run("accuracy", None, DecisionTreeClassifier())  # not cached: silent


@pytest.mark.parametrize(
    "estimator, warned",
    [
        (LogisticRegression(max_iter=500), False),  # lbfgs draws nothing
        (make_pipeline(StandardScaler(), LogisticRegression()), False),
        (SVC(), False),
        (LogisticRegression(solver="saga", max_iter=500), True),
        (SVC(probability=True), True),
        (make_pipeline(StandardScaler(), DecisionTreeClassifier()), True),
    ],
)
def test_the_unseeded_warning_names_only_fits_that_draw(tmp_path, estimator, warned):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        _run("accuracy", tmp_path / "cache", estimator)
    said = [str(w.message) for w in caught if "random_state=None" in str(w.message)]
    assert bool(said) == warned, said


@pytest.mark.parametrize(
    "estimator",
    [
        LogisticRegression(max_iter=2000),
        LogisticRegression(solver="newton-cg", max_iter=2000),
        SVC(),
        LinearSVC(dual=False),
        Lasso(alpha=0.01),
        ElasticNet(alpha=0.01),
    ],
)
def test_a_fit_said_to_draw_nothing_gives_the_same_model_under_any_seed(estimator):
    # The rule that silences the warning, checked on this scikit-learn: two seeds, one fit.
    from sklearn.base import clone, is_classifier

    from sklearn_bayescmp._engine._cache import _fit_draws

    assert not _fit_draws(estimator)
    X, y = _data()
    target = y if is_classifier(estimator) else X[:, 0] + y
    fits = [clone(estimator).set_params(random_state=seed).fit(X, target) for seed in (0, 1)]
    np.testing.assert_array_equal(fits[0].predict(X), fits[1].predict(X))
    coef = [getattr(fit, "coef_", getattr(fit, "dual_coef_", None)) for fit in fits]
    np.testing.assert_array_equal(coef[0], coef[1])
