"""The displays, rendered to PNG under the Agg backend, and what they drew."""

import warnings
from pathlib import Path

import numpy as np
import pytest
from sklearn.exceptions import ConvergenceWarning
from sklearn.model_selection import RepeatedStratifiedKFold
from sklearn.naive_bayes import GaussianNB
from sklearn.tree import DecisionTreeClassifier

from sklearn_bayescmp import CVDifferences, RepeatedCVComparator, compare_models
from sklearn_bayescmp.plotting import (
    ForestDisplay,
    PosteriorDisplay,
    ReplicabilityDisplay,
    SimplexDisplay,
)
from sklearn_bayescmp.replicability import ReplicabilityStudy
from sklearn_bayescmp.stats import (
    bayesian_correlated_ttest,
    hierarchical_test,
    sign_test,
    signed_rank_test,
)
from tests._estimators import dataset_results

matplotlib = pytest.importorskip("matplotlib")
matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


@pytest.fixture(scope="module")
def records():
    rng = np.random.default_rng(0)
    return [
        CVDifferences(rng.normal(mean, 0.03, 50), n_train=90, n_test=10, name=f"d{i}")
        for i, mean in enumerate([0.02, -0.01, 0.0, 0.03, 0.015])
    ]


@pytest.fixture(scope="module")
def hierarchical(records):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        return hierarchical_test(records, n_warmup=200, n_draws=400, random_state=0)


def _render(display, tmp_path):
    path = tmp_path / "figure.png"
    display.figure_.savefig(path)
    assert path.stat().st_size > 1000
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def _legend_texts(ax):
    return [text.get_text() for text in ax.get_legend().get_texts()]


def test_posterior_display(tmp_path):
    x = np.random.default_rng(1).normal(0.012, 0.02, 100)
    result = bayesian_correlated_ttest(x, n_train=90, n_test=10, rope=0.01)
    display = PosteriorDisplay.from_result(result)
    _render(display, tmp_path)
    texts = _legend_texts(display.ax_)
    # 0.5352, 0.4644 and 0.000418: two decimals, but no false certainty.
    assert {"P(A better) = 0.54", "P(equivalent) = 0.46", "P(B better) < 0.001"} <= set(texts)
    assert "rope" in texts and "zero" in texts
    assert any(text.startswith("95% HDI [") for text in texts)
    np.testing.assert_allclose(display.line_.get_ydata(), result.posterior.pdf(display.grid))
    low, high = display.ax_.get_xlim()
    assert low <= -0.01 and high >= 0.01  # the whole rope is visible
    assert display.ax_.get_ylim()[0] == 0.0
    assert display.ax_.get_xlabel() == "mean difference (A - B)"


def test_posterior_display_point_mass_and_given_axes(tmp_path):
    result = bayesian_correlated_ttest(np.full(10, 0.02), n_train=9, n_test=1)
    fig, ax = plt.subplots()
    display = PosteriorDisplay.from_result(result, ax=ax)
    assert display.ax_ is ax and display.figure_ is fig and display.line_ is None
    assert display.ax_.get_ylabel() == "probability (point mass)"
    _render(display, tmp_path)


def test_posterior_display_of_the_hierarchical_test(hierarchical, tmp_path):
    display = PosteriorDisplay.from_result(hierarchical)
    _render(display, tmp_path)
    assert display.ax_.get_xlabel().startswith("delta0")
    # A histogram density integrates to one.
    widths = np.diff(display.grid).mean()
    assert np.sum(display.density) * widths == pytest.approx(1.0, rel=0.05)


def test_posterior_display_from_comparator(tmp_path):
    from sklearn.datasets import load_iris

    X, y = load_iris(return_X_y=True)
    comparator = RepeatedCVComparator(
        GaussianNB(),
        DecisionTreeClassifier(random_state=0),
        cv=RepeatedStratifiedKFold(n_splits=3, n_repeats=2, random_state=0),
    ).fit(X, y)
    display = PosteriorDisplay.from_comparator(comparator, color="C3")
    _render(display, tmp_path)
    assert display.line_.get_color() == "C3"


@pytest.mark.parametrize("test", [sign_test, signed_rank_test])
def test_simplex_display(records, test, tmp_path):
    result = test(records, n_draws=3000, random_state=0)
    display = SimplexDisplay.from_result(result, max_points=1000)
    _render(display, tmp_path)
    assert len(display.scatter_.get_offsets()) == 1000
    texts = [text.get_text() for text in display.ax_.texts]
    assert sum(text.startswith("P(A better)") for text in texts) == 1
    assert len(display.ax_.lines) == 3  # the three region boundaries
    points = display.scatter_.get_offsets()
    assert np.all(points[:, 1] >= -1e-9) and np.all(points[:, 1] <= np.sqrt(3) / 2 + 1e-9)


def test_simplex_display_of_the_hierarchical_test(hierarchical, tmp_path):
    display = SimplexDisplay.from_result(hierarchical)
    _render(display, tmp_path)
    assert len(display.scatter_.get_offsets()) == 4 * 400
    assert display.ax_.get_title() == "Bayesian hierarchical test"


def test_forest_display(hierarchical, tmp_path):
    display = ForestDisplay.from_result(hierarchical)
    _render(display, tmp_path)
    labels = [label.get_text() for label in display.ax_.get_yticklabels()]
    assert labels == [hierarchical.names[i] for i in np.argsort(hierarchical.means)]
    assert len(display.ax_.containers) == 2  # own means and shrinkage estimates
    assert any("shrinkage" in text for text in _legend_texts(display.ax_))
    # Where the shrinkage pulls: the posterior mean of delta0, marked and named.
    (line,) = [line for line in display.ax_.lines if line.get_linestyle() == "--"]
    assert line.get_xdata()[0] == pytest.approx(np.mean(hierarchical.samples["delta0"]))
    assert hierarchical.delta0_mean == pytest.approx(np.mean(hierarchical.samples["delta0"]))
    assert any("delta0" in text for text in _legend_texts(display.ax_))


def test_forest_display_from_comparator(tmp_path):
    from sklearn.datasets import load_breast_cancer, load_iris, load_wine

    comparator = RepeatedCVComparator(
        GaussianNB(),
        DecisionTreeClassifier(random_state=0),
        cv=RepeatedStratifiedKFold(n_splits=3, n_repeats=2, random_state=0),
    ).fit_datasets(
        {
            "iris": load_iris(return_X_y=True),
            "wine": load_wine(return_X_y=True),
            "cancer": load_breast_cancer(return_X_y=True),
        }
    )
    display = ForestDisplay.from_comparator(comparator)
    _render(display, tmp_path)
    assert len(display.ax_.get_yticklabels()) == 3
    assert len(display.ax_.containers) == 1
    low, high = display.ax_.get_xlim()
    intervals = [r.credible_interval() for r in dataset_results(comparator).values()]
    assert low <= min(i.low for i in intervals) and high >= max(i.high for i in intervals)


def test_replicability_display(tmp_path):
    from sklearn.datasets import load_iris

    comparator = RepeatedCVComparator(
        GaussianNB(),
        DecisionTreeClassifier(random_state=0),
        cv=RepeatedStratifiedKFold(n_splits=3, n_repeats=2),
    )
    study = ReplicabilityStudy(comparator, seeds=range(3)).fit(*load_iris(return_X_y=True))
    display = ReplicabilityDisplay.from_study(study)
    _render(display, tmp_path)
    assert len(display.bars_) == len(study.summary_["test"])
    widths = [bar.get_width() for bar in display.bars_]
    np.testing.assert_allclose(widths, study.summary_["replicability"])
    # The tests by their titles, not the registry's names.
    assert [" ".join(t.get_text().split()) for t in display.ax_.get_yticklabels()] == [
        "Corrected repeated-CV t-test",
        "Paired t-test (uncorrected)",
        "Bayesian correlated t-test",
    ]
    # Beside each bar, what the runs concluded most often, with the models' names.
    texts = [" ".join(t.get_text().split()) for t in display.ax_.texts]
    for test, text in zip(study.summary_["test"], texts, strict=True):
        outcomes = zip(study.outcomes_["test"], study.outcomes_["outcome"], strict=True)
        runs = [outcome for name, outcome in outcomes if name == test]
        top = max(set(runs), key=runs.count)
        word = {"a": "GaussianNB better", "b": "DecisionTreeClassifier better"}.get(top, top)
        assert f"{word} in {runs.count(top)} of {len(runs)} runs" in text
        assert "data sets consistent" in text


def test_replicability_display_of_a_collection_says_so(tmp_path):
    from sklearn.datasets import load_breast_cancer, load_iris, load_wine

    comparator = RepeatedCVComparator(
        GaussianNB(),
        DecisionTreeClassifier(random_state=0),
        cv=RepeatedStratifiedKFold(n_splits=3, n_repeats=2),
    )
    study = ReplicabilityStudy(comparator, seeds=range(2), tests=["poisson"]).fit_datasets(
        {
            "iris": load_iris(return_X_y=True),
            "wine": load_wine(return_X_y=True),
            "cancer": load_breast_cancer(return_X_y=True),
        }
    )
    display = ReplicabilityDisplay.from_study(study)
    text = " ".join(display.ax_.texts[0].get_text().split())
    assert "on the collection" in text and "1/1 data sets" not in text
    assert "of 2 runs" in text
    assert display.ax_.get_yticklabels()[0].get_text() == "Poisson-binomial test"


@pytest.mark.parametrize(
    "probability, text",
    [
        (0.77, "= 0.77"),
        (0.9974, "= 0.997"),
        (0.99996, "> 0.999"),
        (1e-6, "< 0.001"),
        (0.0, "= 0.00"),
    ],
)
def test_probabilities_in_plain_words(probability, text):
    from sklearn_bayescmp.plotting._base import outcome_label

    assert outcome_label("a", probability) == f"P(A better) {text}"


@pytest.mark.parametrize("style", [{"c": "red"}, {"color": "red"}, {"lw": 3, "ls": "--"}])
def test_style_keywords_and_their_aliases_replace_the_defaults(records, hierarchical, style):
    from matplotlib.colors import to_rgba

    posterior = PosteriorDisplay.from_result(bayesian_correlated_ttest(records[0]), **style)
    forest = ForestDisplay.from_result(hierarchical, **style)
    simplex = SimplexDisplay.from_result(sign_test(records, n_draws=300, random_state=0), **style)
    if "lw" in style:
        assert posterior.line_.get_linewidth() == 3 and posterior.line_.get_linestyle() == "--"
    else:
        assert to_rgba(posterior.line_.get_color()) == to_rgba("red")
        assert {tuple(c[:3]) for c in simplex.scatter_.get_facecolors()} == {(1.0, 0.0, 0.0)}
    for display in (posterior, forest, simplex):
        plt.close(display.figure_)


def test_wrong_result_types_are_refused(records):
    with pytest.raises(TypeError, match="draw it with SimplexDisplay"):
        PosteriorDisplay.from_result(sign_test(records, n_draws=100, random_state=0))
    with pytest.raises(TypeError, match="DirichletProcessTestResult"):
        SimplexDisplay.from_result(bayesian_correlated_ttest(records[0]))
    with pytest.raises(TypeError, match="HierarchicalTestResult"):
        ForestDisplay.from_result(bayesian_correlated_ttest(records[0]))


def test_global_matplotlib_state_is_untouched(hierarchical):
    before = dict(matplotlib.rcParams)
    PosteriorDisplay.from_result(hierarchical)
    SimplexDisplay.from_result(hierarchical)
    ForestDisplay.from_result(hierarchical)
    assert dict(matplotlib.rcParams) == before


def test_missing_matplotlib_gives_an_install_hint(monkeypatch):
    import sys

    from sklearn_bayescmp.plotting._base import check_matplotlib

    monkeypatch.setitem(sys.modules, "matplotlib.pyplot", None)
    with pytest.raises(ImportError, match=r'pip install "matplotlib>=3.7"'):
        check_matplotlib()


def test_model_names_label_the_axes_and_legends(records, hierarchical, tmp_path):
    named = [
        CVDifferences(r.differences, n_train=90, n_test=10, name=r.name, model_a="lr", model_b="NB")
        for r in records
    ]
    posterior = PosteriorDisplay.from_result(bayesian_correlated_ttest(named[0]))
    assert posterior.ax_.get_xlabel() == "mean difference (lr - NB)"
    legend = _legend_texts(posterior.ax_)
    assert any(text.startswith("P(lr better)") for text in legend)
    assert any(text.startswith("P(NB better)") for text in legend)
    simplex = SimplexDisplay.from_result(sign_test(named, n_draws=500, random_state=0))
    corners = [text.get_text() for text in simplex.ax_.texts]
    assert sum(text.startswith("P(lr better)") for text in corners) == 1
    forest = ForestDisplay.from_result(
        hierarchical.__class__(**{**hierarchical.__dict__, "model_a": "lr", "model_b": "NB"})
    )
    assert forest.ax_.get_xlabel() == "mean difference (lr - NB)"
    _render(forest, tmp_path)


# -- many models ---------------------------------------------------------------


@pytest.fixture(scope="module")
def comparison():
    from sklearn_bayescmp import ScoreTable, compare_models

    rng = np.random.default_rng(3)
    # "knn" and "tree" are the same model: practically equivalent everywhere.
    means = np.array([0.80, 0.85, 0.85, 0.90])[:, None]
    base = {f"d{d}": rng.normal(0.0, 0.002, (1, 20)) for d in range(8)}
    scores = {name: means + noise + rng.normal(0.0, 0.001, (4, 20)) for name, noise in base.items()}
    table = ScoreTable(scores, models=["nb", "knn", "tree", "forest"], test_train_ratio=1 / 9)
    return compare_models(table, test="signed_rank", rope=0.01, random_state=0)


def test_pairwise_display_shows_the_comparison(comparison, tmp_path):
    from sklearn_bayescmp.plotting import PairwiseDisplay

    display = PairwiseDisplay.from_comparison(comparison)
    # The models in the ranking's order, best first, rows and columns alike.
    order = display.order_
    np.testing.assert_array_equal(order, np.argsort(comparison.ranking.expected_rank))
    assert "best expected rank first" in display.ax_.get_xlabel()
    grid = np.ix_(order, order)
    np.testing.assert_array_equal(
        display.image_.get_array().data, np.asarray(comparison.prob_a_better)[grid]
    )
    assert display.image_.get_array().mask.diagonal().all()
    names = [comparison.models[i] for i in order]
    assert [t.get_text() for t in display.ax_.get_yticklabels()] == names
    assert [t.get_text() for t in display.ax_.get_xticklabels()] == names
    k = len(comparison.models)
    decided = np.asarray(comparison.decisions)[grid] == "a"
    equivalent = (np.asarray(comparison.decisions)[grid] == "equivalent") & ~np.eye(k, dtype=bool)
    # An outline where the row's model is decided better; a dashed one, and "≈", where
    # the pair is decided practically equivalent.
    assert len(display.ax_.patches) == decided.sum() + equivalent.sum()
    dashed = [p for p in display.ax_.patches if p.get_linestyle() == "--"]
    assert len(dashed) == equivalent.sum()
    marked = [(i, j) for i, j in zip(*np.nonzero(equivalent), strict=True)]
    assert all(display.texts_[i, j].get_text().endswith("≈") for i, j in marked)
    said = "decided practically equivalent" in display.colorbar_.ax.get_ylabel().replace("\n", " ")
    assert said == bool(equivalent.any())  # the key says only what the cells show
    first, second = order[:2]
    assert display.texts_[0, 1].get_text().split("\n")[0] == (
        f"{comparison.prob_a_better[first, second]:.2f}"
    ) or (display.texts_[0, 1].get_text().startswith(("<", ">")))
    assert all(display.texts_[i, i] is None for i in range(k))
    equivalent = PairwiseDisplay.from_comparison(comparison, attribute="prob_equivalent")
    np.testing.assert_array_equal(
        equivalent.image_.get_array().data, np.asarray(comparison.prob_equivalent)[grid]
    )
    assert "signed-rank" in display.ax_.get_title()
    with pytest.raises(ValueError, match="`attribute` must be one of"):
        PairwiseDisplay.from_comparison(comparison, attribute="prob_best")
    _render(display, tmp_path)


def test_equivalent_groups_are_maximal_runs():
    from sklearn_bayescmp.plotting._critical_difference import equivalent_groups

    equivalent = np.eye(4, dtype=bool)
    assert equivalent_groups([0, 1, 2, 3], equivalent) == []
    equivalent[0, 1] = equivalent[1, 0] = equivalent[1, 2] = equivalent[2, 1] = True
    # 0~1 and 1~2 but not 0~2: two overlapping runs, not one.
    assert equivalent_groups([0, 1, 2, 3], equivalent) == [(0, 1), (1, 2)]
    equivalent[0, 2] = equivalent[2, 0] = True
    assert equivalent_groups([0, 1, 2, 3], equivalent) == [(0, 2)]
    # Positions follow the rank order given.
    assert equivalent_groups([3, 2, 1, 0], equivalent) == [(1, 3)]


def test_critical_difference_display_joins_equivalent_models(comparison, tmp_path):
    from sklearn_bayescmp.plotting import CriticalDifferenceDisplay

    display = CriticalDifferenceDisplay.from_comparison(comparison)
    order = [comparison.models[i] for i in display.order_]
    expected = comparison.ranking.expected_rank
    assert order == [comparison.models[i] for i in np.argsort(expected, kind="stable")]
    # knn and tree are equivalent (and neighbours in rank): exactly one bar joins them.
    assert display.groups == [tuple(sorted((order.index("knn"), order.index("tree"))))]
    assert len(display.bars_) == 1
    # A critical difference is a distance in average ranks: never on the axis of
    # expected ranks; on average ranks it is the frequentist reference's ruler.
    texts = [t.get_text() for t in display.ax_.texts]
    assert not any(t.startswith("Nemenyi") for t in texts)
    cd = comparison.reference.friedman.critical_difference
    average = CriticalDifferenceDisplay.from_comparison(comparison, ranks="average")
    assert f"Nemenyi CD = {cd:.2f} (frequentist reference)" in [
        t.get_text() for t in average.ax_.texts
    ]
    np.testing.assert_array_equal(average.ranks, comparison.reference.friedman.average_ranks)
    bare = CriticalDifferenceDisplay.from_comparison(comparison, ranks="average", reference=False)
    assert not any(t.get_text().startswith("Nemenyi") for t in bare.ax_.texts)
    # The caption says what a bar means, and what its absence does.
    caption = " ".join(display.bar_label.split())
    assert "No bar between two models: they are not shown equivalent" in caption
    with pytest.raises(ValueError, match="`ranks` must be"):
        CriticalDifferenceDisplay.from_comparison(comparison, ranks="median")
    _render(display, tmp_path)


def test_ranking_display_orders_models_by_expected_rank(comparison, tmp_path):
    from sklearn_bayescmp.plotting import RankingDisplay

    display = RankingDisplay.from_comparison(comparison)
    ranking = comparison.ranking
    order = np.argsort(ranking.expected_rank, kind="stable")
    np.testing.assert_array_equal(display.order_, order)
    rank_ax, prob_ax = display.ax_
    labels = [t.get_text() for t in rank_ax.get_yticklabels()]
    assert labels == [comparison.models[i] for i in order]
    (points,) = [line for line in rank_ax.lines if line.get_marker() == "o"]
    np.testing.assert_allclose(points.get_xdata(), ranking.expected_rank[order])
    (points,) = [line for line in prob_ax.lines if line.get_marker() == "o"]
    np.testing.assert_allclose(points.get_xdata(), ranking.prob_best[order])
    _render(display, tmp_path)


def test_critical_difference_display_needs_a_ranking():
    from sklearn_bayescmp import ScoreTable, compare_models
    from sklearn_bayescmp.plotting import CriticalDifferenceDisplay

    rng = np.random.default_rng(0)
    one_dataset = ScoreTable(
        {"only": rng.normal(0.8, 0.02, (3, 10))}, models=["a", "b", "c"], test_train_ratio=1 / 9
    )
    with pytest.raises(ValueError, match="has no ranking"):
        CriticalDifferenceDisplay.from_comparison(compare_models(one_dataset, random_state=0))


def test_posterior_x_label_gives_each_model_its_mean_score():
    rng = np.random.default_rng(0)
    scores_a, scores_b = rng.normal(0.9, 0.02, 30), rng.normal(0.85, 0.02, 30)
    record = CVDifferences(
        scores_a - scores_b,
        n_train=90,
        n_test=10,
        scores_a=scores_a,
        scores_b=scores_b,
        model_a="lr",
        model_b="NB",
    )
    display = PosteriorDisplay.from_result(bayesian_correlated_ttest(record), title="iris")
    assert display.ax_.get_xlabel() == (
        f"mean difference (lr - NB)\nmean scores: lr {scores_a.mean():.4g}, "
        f"NB {scores_b.mean():.4g}"
    )
    assert display.ax_.get_title() == "iris"


def test_forest_draws_an_estimate_that_lies_outside_its_interval():
    from sklearn_bayescmp.plotting import ForestDisplay

    # A posterior mean can lie outside its 95% HDI (a skewed posterior):
    # the second data set's shrinkage estimate does.
    display = ForestDisplay(
        names=["d0", "d1"],
        estimates=np.array([0.01, 0.02]),
        intervals=np.array([[0.0, 0.02], [0.01, 0.03]]),
        rope=(-0.01, 0.01),
        shrinkage_estimates=np.array([0.01, 0.05]),
        shrinkage_intervals=np.array([[0.0, 0.02], [0.01, 0.03]]),
    ).plot()
    lines = display.ax_.collections
    segments = [segment for line in lines for segment in line.get_segments()]
    # The whole interval [0.01, 0.03] of the shrinkage estimate is drawn.
    assert any(np.allclose(sorted(s[:, 0]), [0.01, 0.03]) for s in segments)


def test_classic_critical_difference_diagram_of_demsars_table(tmp_path):
    from sklearn_bayescmp import ScoreTable
    from sklearn_bayescmp.plotting import CriticalDifferenceDisplay

    table = ScoreTable.read_csv(
        Path(__file__).parent / "data" / "demsar2006_table6.csv", greater_is_better=True
    )
    comparison = compare_models(table, random_state=0)
    display = CriticalDifferenceDisplay.from_comparison(comparison, kind="classic")
    friedman = comparison.reference.friedman
    np.testing.assert_array_equal(display.ranks, friedman.average_ranks)
    # At 0.05 Nemenyi finds no pair different (Demšar, §3.2.2): one bar joins all four.
    assert display.groups == [(0, 3)] and len(display.bars_) == 1
    texts = [t.get_text() for t in display.ax_.texts]
    assert f"Nemenyi CD = {friedman.critical_difference:.2f}" in texts
    assert any(t.startswith("Bars: no pair significantly different (Nemenyi test") for t in texts)
    # Holm over all pairs, and the Wilcoxon reference (autorank's choice), agree here.
    for posthoc in ("holm", "shaffer", "wilcoxon"):
        other = CriticalDifferenceDisplay.from_comparison(
            comparison, kind="classic", posthoc=posthoc
        )
        assert other.groups == [(0, 3)]
        assert not any(t.get_text().startswith("Nemenyi") for t in other.ax_.texts)
    with pytest.raises(ValueError, match="`kind` must be"):
        CriticalDifferenceDisplay.from_comparison(comparison, kind="frequentist")
    with pytest.raises(ValueError, match="classic diagram is on average ranks"):
        CriticalDifferenceDisplay.from_comparison(comparison, kind="classic", ranks="expected")
    with pytest.raises(ValueError, match="picks the bars of kind='classic'"):
        CriticalDifferenceDisplay.from_comparison(comparison, posthoc="holm")
    with pytest.raises(ValueError, match="`posthoc` must be"):
        CriticalDifferenceDisplay.from_friedman(friedman, posthoc="conover")
    _render(display, tmp_path)


def test_a_critical_difference_wider_than_the_rank_axis_is_drawn_whole():
    from sklearn_bayescmp.plotting import CriticalDifferenceDisplay

    # Three models on two data sets: Nemenyi's CD (2.34) exceeds the axis (1 to 3).
    display = CriticalDifferenceDisplay(
        models=["a", "b", "c"], ranks=[1.5, 2.0, 2.5], groups=[], critical_difference=2.34
    ).plot()
    low, high = display.ax_.get_xlim()
    assert low < 1.0 and high > 1.0 + 2.34
    plt.close(display.figure_)


def test_every_diagram_says_what_no_bar_means():
    from sklearn_bayescmp import ScoreTable
    from sklearn_bayescmp.plotting import CriticalDifferenceDisplay

    # Three models far apart on 30 data sets: every pair differs, none is equivalent.
    rng = np.random.default_rng(0)
    means = {f"d{i}": rng.normal([[0.6], [0.7], [0.8]], 0.005, (3, 10)) for i in range(30)}
    comparison = compare_models(
        ScoreTable(means, models=["a", "b", "c"], test_train_ratio=1 / 9),
        ranking=False,
        random_state=0,
    )
    bayesian = CriticalDifferenceDisplay.from_comparison(comparison, ranks="average")
    classic = CriticalDifferenceDisplay.from_comparison(comparison, kind="classic")
    assert bayesian.groups == classic.groups == []
    captions = [t.get_text() for d in (bayesian, classic) for t in d.ax_.texts]
    assert any(c.startswith("No bar: no pair is practically equivalent") for c in captions)
    assert any(
        c.startswith("No bar: every pair of neighbours differs significantly") for c in captions
    )


def test_forest_display_from_comparison_draws_the_stored_tests(tmp_path):
    from sklearn_bayescmp import ScoreTable

    rng = np.random.default_rng(1)
    scores = {f"d{i}": rng.normal([[0.80], [0.81]], 0.02, size=(2, 20)) for i in range(4)}
    comparison = compare_models(
        ScoreTable(scores, models=["knn", "tree"], test_train_ratio=1 / 9), random_state=0
    )
    display = ForestDisplay.from_comparison(comparison)
    _render(display, tmp_path)
    posteriors = {name: tests.posterior for name, tests in comparison.per_dataset.items()}
    labels = [label.get_text() for label in display.ax_.get_yticklabels()]
    assert sorted(labels) == sorted(posteriors)
    estimates = dict(zip(display.names, display.estimates, strict=True))
    assert estimates == {name: p.loc for name, p in posteriors.items()}
    plt.close(display.figure_)
    # No split sizes: refused naming the argument; the sizes the message asks for draw it.
    unsized = compare_models(ScoreTable(scores, models=["knn", "tree"]), random_state=0)
    with pytest.raises(ValueError, match=r"^comparison: .*test_train_ratio=") as caught:
        ForestDisplay.from_comparison(unsized)
    assert "\n" not in str(caught.value)
