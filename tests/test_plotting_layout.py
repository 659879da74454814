"""Every display at its default size with long labels: nothing clipped, no legend on the data.

A figure is rendered under Agg; then every text (titles, axis labels,
annotations, legend entries, tick labels through the figure's tight bounding
box) must lie inside the figure, and no legend may cover a plotted line.
"""

import warnings

import numpy as np
import pytest
from sklearn.exceptions import ConvergenceWarning

from sklearn_bayescmp import CVDifferences, ScoreTable, compare_models
from sklearn_bayescmp.plotting import (
    CriticalDifferenceDisplay,
    ForestDisplay,
    PairwiseDisplay,
    PosteriorDisplay,
    RankingDisplay,
    ReplicabilityDisplay,
    SimplexDisplay,
)
from sklearn_bayescmp.stats import bayesian_correlated_ttest, hierarchical_test, sign_test

matplotlib = pytest.importorskip("matplotlib")
matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.collections import LineCollection  # noqa: E402

LONG_A = "scaled logistic regression with polynomial features"
LONG_B = "histogram gradient boosting classifier (early stopping)"
LONG_MODELS = [LONG_A, LONG_B, "k nearest neighbours (k = 15)", "random forest, 500 trees"]
LONG_TITLE = "A comparison whose title is long enough to need two lines at the default size"


@pytest.fixture(scope="module")
def records():
    rng = np.random.default_rng(0)
    return [
        CVDifferences(
            rng.normal(mean, 0.03, 50),
            n_train=90,
            n_test=10,
            name=f"breast cancer wisconsin (diagnostic), variant {i}",
            model_a=LONG_A,
            model_b=LONG_B,
        )
        for i, mean in enumerate([0.02, -0.01, 0.0, 0.03, 0.015])
    ]


@pytest.fixture(scope="module")
def comparison():
    rng = np.random.default_rng(1)
    means = 0.80 + 0.01 * np.arange(len(LONG_MODELS))[:, None]
    table = ScoreTable(
        {
            f"a data set with a long name, number {d}": rng.normal(means, 0.02, (4, 10))
            for d in range(6)
        },
        models=LONG_MODELS,
        test_train_ratio=1 / 9,
    )
    return compare_models(table, random_state=0)


def _posterior(records, comparison):
    scores = np.random.default_rng(0).normal(0.9, 0.02, (2, 50))
    record = CVDifferences(
        scores[0] - scores[1],
        n_train=90,
        n_test=10,
        scores_a=scores[0],
        scores_b=scores[1],
        model_a=LONG_A,
        model_b=LONG_B,
    )
    return PosteriorDisplay.from_result(bayesian_correlated_ttest(record), title=LONG_TITLE)


def _hierarchical(records):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        return hierarchical_test(records, n_warmup=200, n_draws=400, random_state=0)


DISPLAYS = {
    "posterior": _posterior,
    "posterior of the hierarchical test": lambda records, comparison: PosteriorDisplay.from_result(
        _hierarchical(records), title=LONG_TITLE
    ),
    "simplex": lambda records, comparison: SimplexDisplay.from_result(
        sign_test(records, n_draws=2000, random_state=0), title=LONG_TITLE
    ),
    "forest": lambda records, comparison: ForestDisplay.from_result(
        _hierarchical(records), title=LONG_TITLE
    ),
    "replicability": lambda records, comparison: ReplicabilityDisplay(
        tests=["bayesian_correlated_t", "corrected_resampled_t", "five_by_two_cv"],
        replicability=np.array([0.91, 0.74, 0.55]),
        n_consistent=np.array([9, 6, 4]),
        n_datasets=np.array([10, 10, 10]),
        title=LONG_TITLE,
    ).plot(),
    "pairwise": lambda records, comparison: PairwiseDisplay.from_comparison(
        comparison, title=LONG_TITLE
    ),
    "critical difference": lambda records, comparison: CriticalDifferenceDisplay.from_comparison(
        comparison, title=LONG_TITLE
    ),
    "ranking": lambda records, comparison: RankingDisplay.from_comparison(
        comparison, title=LONG_TITLE
    ),
}


def _texts(figure):
    """Every text a display writes itself: titles, axis labels, annotations, legends."""
    texts = list(figure.texts)
    for ax in figure.axes:
        texts += [ax.title, ax.xaxis.label, ax.yaxis.label, *ax.texts]
        if ax.get_legend() is not None:
            texts += ax.get_legend().get_texts()
    return [text for text in texts if text.get_visible() and text.get_text().strip()]


def _line_points(ax):
    """Display coordinates of every plotted line and line collection (errorbars, hlines)."""
    points = [line.get_transform().transform(line.get_xydata()) for line in ax.lines]
    for collection in ax.collections:
        if isinstance(collection, LineCollection):
            for segment in collection.get_segments():
                if len(segment):
                    points.append(collection.get_transform().transform(segment))
    return np.concatenate(points) if points else np.empty((0, 2))


@pytest.mark.parametrize("name", DISPLAYS)
def test_nothing_is_clipped_and_legends_leave_the_data_visible(name, records, comparison):
    before = dict(matplotlib.rcParams)
    with warnings.catch_warnings():
        # Constrained layout warns when it gives up; that would be a failure here.
        warnings.simplefilter("error", UserWarning)
        display = DISPLAYS[name](records, comparison)
        figure = display.figure_
        figure.canvas.draw()
    renderer = figure.canvas.get_renderer()
    width, height = figure.get_size_inches()
    # Tick labels included: the tight box holds everything drawn.
    tight = figure.get_tightbbox(renderer)
    tolerance = 0.02  # inches
    assert tight.x0 >= -tolerance and tight.y0 >= -tolerance
    assert tight.x1 <= width + tolerance and tight.y1 <= height + tolerance, (tight, width)
    box = figure.bbox
    for text in _texts(figure):
        extent = text.get_window_extent(renderer)
        assert box.x0 - 1 <= extent.x0 and extent.x1 <= box.x1 + 1, text.get_text()
        assert box.y0 - 1 <= extent.y0 and extent.y1 <= box.y1 + 1, text.get_text()
    for ax in figure.axes:
        legend = ax.get_legend()
        if legend is None:
            continue
        frame = legend.get_window_extent(renderer)
        points = _line_points(ax)
        inside = (
            (points[:, 0] > frame.x0)
            & (points[:, 0] < frame.x1)
            & (points[:, 1] > frame.y0)
            & (points[:, 1] < frame.y1)
        )
        assert not inside.any(), f"the legend of {name} covers a line"
    # The title option reached the figure.
    suptitle = figure.get_suptitle() if hasattr(figure, "get_suptitle") else ""
    titles = [ax.get_title() for ax in figure.axes] + [suptitle]
    assert any(" ".join(title.split()) == LONG_TITLE for title in titles)
    assert dict(matplotlib.rcParams) == before


@pytest.mark.parametrize("name", ["posterior", "forest", "pairwise"])
def test_long_names_are_kept_whole(name, records, comparison):
    # Wrapped onto several lines, never shortened.
    figure = DISPLAYS[name](records, comparison).figure_
    figure.canvas.draw()
    texts = [text.get_text() for text in figure.findobj(matplotlib.text.Text)]
    assert any("".join(LONG_A.split()) in "".join(text.split()) for text in texts)


def _simplex_of_sign_test(model_a, model_b, ax):
    """The simplex of a sign test of five data sets on ``ax``, drawn; and its bottom labels."""
    rng = np.random.default_rng(0)
    records = [
        CVDifferences(
            rng.normal(mean, 0.03, 50), n_train=90, n_test=10, model_a=model_a, model_b=model_b
        )
        for mean in [0.02, -0.01, 0.0, 0.03, 0.015]
    ]
    display = SimplexDisplay.from_result(sign_test(records, n_draws=2000, random_state=0), ax=ax)
    ax.figure.canvas.draw()
    renderer = ax.figure.canvas.get_renderer()
    left, _, right = (text.get_window_extent(renderer) for text in display.ax_.texts)
    return display, left, right


def test_simplex_corner_labels_never_meet_in_narrow_axes():
    # A small panel next to a wide one, names that cannot be wrapped short
    # enough: the bottom labels stack instead of overlapping.
    figure, (_, narrow) = plt.subplots(
        1, 2, figsize=(8, 3), width_ratios=(4, 1), layout="constrained"
    )
    _, left, right = _simplex_of_sign_test(
        "HistGradientBoostingClassifier", "DecisionTreeClassifier", narrow
    )
    assert not left.overlaps(right)


def test_simplex_corner_labels_keep_a_name_whole_where_it_fits():
    # A name a little wider than half the triangle goes on a line of its own
    # instead of being cut in the middle ("DecisionTreeClassi / fier").
    figure, ax = plt.subplots(figsize=(3.2, 3.2), layout="constrained")
    display, left, right = _simplex_of_sign_test("GaussianNB", "DecisionTreeClassifier", ax)
    labels = [text.get_text() for text in display.ax_.texts]
    assert any("P(DecisionTreeClassifier" in label.split("\n") for label in labels), labels
    assert not left.overlaps(right)
    plt.close(figure)
