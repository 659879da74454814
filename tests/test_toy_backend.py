"""A back end is one module: a toy test, written in a temporary package and added to the
registry's collection, reaches every entry point; nothing outside ``stats/`` names a test."""

import importlib
import json
import pathlib
import re
import sys
import textwrap

import numpy as np
import pytest

from sklearn_bayescmp import ScoreTable, compare_models
from sklearn_bayescmp.cli import main
from sklearn_bayescmp.stats import _registry

TOY = '''
"""The share test: how the data sets' mean differences fall around the rope."""

from dataclasses import dataclass
from typing import ClassVar

import numpy as np

from sklearn_bayescmp.stats._backend import Backend
from sklearn_bayescmp.stats._collection import dataset_means
from sklearn_bayescmp.stats._results import PROBABILITIES, BayesianTableMixin
from sklearn_bayescmp.stats._rope import RopeOutcomesMixin
from sklearn_bayescmp.utils._random import check_random_generator
from sklearn_bayescmp.utils._validation import check_rope


def share_test(differences, *, rope=0.01, random_state=None):
    """The shares of data sets above, inside and below the rope, and bootstrap draws."""
    prepared = dataset_means(differences)
    means, (model_a, model_b) = prepared.means, prepared.model_names
    low, high = check_rope(rope)
    where = np.select([means > high, means < low], [0, 2], 1)
    shares = np.bincount(where, minlength=3) / means.size
    rng = check_random_generator(random_state)
    draws = rng.dirichlet(1.0 + np.bincount(where, minlength=3), size=200)
    return ShareTestResult(*shares, draws, (low, high), means.size, model_a, model_b)


@dataclass(frozen=True, repr=False, eq=False)
class ShareTestResult(BayesianTableMixin, RopeOutcomesMixin):
    """Shares of the data sets in each region."""

    test: ClassVar[str] = "share"
    _shown: ClassVar[tuple] = (*PROBABILITIES, "rope")
    _reversed: ClassVar[tuple] = ("samples",)
    prob_a_better: float
    prob_equivalent: float
    prob_b_better: float
    samples: np.ndarray
    rope: tuple
    n_datasets: int
    model_a: str = "A"
    model_b: str = "B"

    def _prior_description(self):
        return "a flat Dirichlet prior on the three shares"

    def _extra_numbers(self):
        return {"toy_datasets_counted": self.n_datasets}

    def _outcome_draws(self):
        return self.samples

    def summary(self, threshold=0.95):
        return f"{self.title}: {self.probabilities}"

    def _row(self, threshold=0.95):
        return self._probability_row(threshold)


BACKENDS = (
    Backend(
        "share",
        share_test,
        "Toy share test",
        "means",
        ShareTestResult,
        ("simplex",),
        cite="Toy 2026",
        references={"Toy 2026": "T. Toy. Shares of data sets. Journal of Toys 1, 2026."},
        kind="bayesian",
    ),
)
'''


@pytest.fixture
def toy(tmp_path, monkeypatch):
    """The toy back end, in a package of its own, added to the registry's collection."""
    package = tmp_path / "toy_package"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "share.py").write_text(textwrap.dedent(TOY))
    monkeypatch.syspath_prepend(str(tmp_path))
    importlib.invalidate_caches()
    slices = (*_registry.SLICES, "toy_package.share")  # the one line
    monkeypatch.setattr(_registry, "SLICES", slices)
    monkeypatch.setattr(_registry, "_REGISTRY", _registry._collect(slices))
    yield importlib.import_module("toy_package.share")
    sys.modules.pop("toy_package.share", None)
    sys.modules.pop("toy_package", None)


def _table():
    rng = np.random.default_rng(0)
    scores = {f"d{i}": rng.normal([[0.82], [0.80], [0.79]], 0.01, (3, 10)) for i in range(8)}
    return ScoreTable(scores, models=["forest", "tree", "knn"], test_train_ratio=1 / 9)


def test_the_toy_back_end_reaches_compare_models_and_the_report(toy):
    comparison = compare_models(_table(), test="share", random_state=0)
    result = comparison.result("forest", "knn")
    assert type(result).__name__ == "ShareTestResult" and result.prob_a_better == 1.0
    summary = comparison.summary()
    assert "Toy share test of every pair" in summary
    columns = comparison.to_columns()
    assert columns["prob_a_better"][columns["model_b"].index("knn")] == 1.0
    report = comparison.report(format="markdown")
    methods = report.split("## Methods")[1].split("##")[0]
    assert "compared with the Toy share test (Toy 2026)" in methods
    assert "a flat Dirichlet prior on the three shares" in methods
    assert "T. Toy. Shares of data sets. Journal of Toys 1, 2026." in report


def test_the_toy_back_end_reaches_the_command(toy, tmp_path, capsys):
    path = tmp_path / "scores.csv"
    path.write_text(_table().to_csv())
    assert main(["compare", str(path), "--test", "share"]) == 0
    out = capsys.readouterr().out
    assert "Toy share test of every pair" in out
    assert main(["compare", str(path), "--test", "share", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["test"] == "share" and report["pairs"][0]["toy_datasets_counted"] == 8
    two = tmp_path / "two.csv"
    two.write_text(_table().select(models=["forest", "knn"]).to_csv())
    assert main(["compare", str(two), "--test", "share", "--report", str(tmp_path / "r.md")]) == 0
    out = capsys.readouterr().out
    assert "Toy share test of every pair" in out
    assert "Toy share test (Toy 2026)" in (tmp_path / "r.md").read_text()
    # An unknown name lists the toy among the choices.
    with pytest.raises(SystemExit):
        main(["compare", str(path), "--test", "nope"])
    assert "share" in capsys.readouterr().err


def test_the_toy_back_end_is_drawn_by_the_display_its_record_names(toy):
    pytest.importorskip("matplotlib")
    from sklearn_bayescmp.plotting import PosteriorDisplay, SimplexDisplay

    comparison = compare_models(_table(), test="share", random_state=0)
    display = SimplexDisplay.from_result(comparison.result("forest", "tree"))
    assert display.title == "Toy share test" and len(display.samples) == 200
    with pytest.raises(TypeError, match="draw it with SimplexDisplay"):
        PosteriorDisplay.from_result(comparison.result("forest", "tree"))


#: A test's name compared, or used as a key, outside stats/.
_BRANCH = re.compile(
    r"""(\b(test|name|self\.test|result\.test|comparison\.test|backend\.name)\s*(==|!=|in)\s*"""
    r"""[(\[{]?\s*["'](?P<a>[a-z0-9_]+)["'])"""
    r"""|(\{\s*["'](?P<b>[a-z0-9_]+)["']\s*:)"""
)


def test_no_module_outside_stats_branches_on_a_test_s_name():
    names = set(_registry.backend_names())
    package = pathlib.Path(__file__).parents[1] / "sklearn_bayescmp"
    found = []
    for path in package.rglob("*.py"):
        if path.parent.name == "stats":
            continue
        for number, line in enumerate(path.read_text().splitlines(), 1):
            for match in _BRANCH.finditer(line):
                if (match.group("a") or match.group("b")) in names:
                    found.append(f"{path.relative_to(package)}:{number}: {line.strip()}")
    assert not found, "\n".join(found)
