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
    RaceDisplay,
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


def _race(n_candidates, *, title=None, seed=0):
    """A race of ``n_candidates`` drawn from made-up looks: a third dropped on the way,
    the rest still in after 100 folds, their differences to the leader shrinking."""
    rng = np.random.default_rng(seed)
    folds = np.arange(10, 101, 10)
    series, dropped, survivors = {}, {}, []
    for candidate in range(n_candidates):
        gap = rng.uniform(0.0, 0.05) if candidate else 0.0
        last = int(rng.integers(0, 4)) if candidate % 3 == 1 else len(folds) - 1
        looks = np.arange(last + 1)
        half = 0.05 / np.sqrt(folds[looks] / 10) * (candidate > 0)
        mean = gap + rng.normal(0, 0.003, looks.size) * (candidate > 0)
        series[candidate] = (looks, mean, mean - half, mean + half)
        if last < len(folds) - 1:
            dropped[candidate] = last
        else:
            survivors.append(candidate)
    names = [f"svc__C={10.0 ** (k % 7 - 3):g}, svc__gamma={k // 7}" for k in range(n_candidates)]
    display = RaceDisplay(folds=folds, series=series, dropped=dropped, survivors=survivors,
                          chosen=0, names=names, rope=(-0.01, 0.01), title=title)  # fmt: skip
    return display.plot()


DISPLAYS = {
    "race": lambda records, comparison: _race(10, title=LONG_TITLE),
    "race of 50 candidates": lambda records, comparison: _race(50, title=LONG_TITLE),
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


def _assert_inside(figure):
    """Everything drawn (tick labels included) lies inside the figure."""
    renderer = figure.canvas.get_renderer()
    width, height = figure.get_size_inches()
    tight = figure.get_tightbbox(renderer)
    tolerance = 0.02  # inches
    assert tight.x0 >= -tolerance and tight.y0 >= -tolerance
    assert tight.x1 <= width + tolerance and tight.y1 <= height + tolerance, (tight, width)
    box = figure.bbox
    for text in _texts(figure):
        extent = text.get_window_extent(renderer)
        assert box.x0 - 1 <= extent.x0 and extent.x1 <= box.x1 + 1, text.get_text()
        assert box.y0 - 1 <= extent.y0 and extent.y1 <= box.y1 + 1, text.get_text()


@pytest.mark.parametrize("name", DISPLAYS)
def test_nothing_is_clipped_and_legends_leave_the_data_visible(name, records, comparison):
    before = dict(matplotlib.rcParams)
    with warnings.catch_warnings():
        # Constrained layout warns when it gives up; that would be a failure here.
        warnings.simplefilter("error", UserWarning)
        display = DISPLAYS[name](records, comparison)
        figure = display.figure_
        figure.canvas.draw()
    _assert_inside(figure)
    renderer = figure.canvas.get_renderer()
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


def _many_models(k, *, loss=False, names=None):
    """A comparison of ``k`` models on 12 data sets; every third model near-identical to
    the one before it (practically equivalent pairs)."""
    rng = np.random.default_rng(k)
    lead = np.linspace(0.0, 0.05, k)
    lead[1::3] = lead[0::3][: len(lead[1::3])] + 0.001
    sign = -1.0 if loss else 1.0
    scores = {
        f"data set {d}": sign * (0.8 + lead[:, None] + rng.normal(0, 0.01, (k, 10)))
        for d in range(12)
    }
    if names is None:
        names = [f"model {i}" if i % 4 else f"a longer model name {i}" for i in range(k)]
    table = ScoreTable.from_long(
        {
            "dataset": [d for d in scores for _ in range(k * 10)],
            "model": [m for _ in scores for m in names for _ in range(10)],
            "fold": [f for _ in scores for _ in names for f in range(10)],
            "error": [float(v) for values in scores.values() for v in values.ravel()],
        },
        test_train_ratio=1 / 9,
        greater_is_better=not loss,
    )
    with warnings.catch_warnings():  # few draws: the ranking's chains are short
        warnings.simplefilter("ignore", ConvergenceWarning)
        return compare_models(table, test="signed_rank", random_state=0, n_draws=1000)


def _overlapping(texts, renderer):
    """Pairs of visible, non-empty texts that overlap: their boxes, or for slanted
    labels (parallel lines), neighbours closer than a line's height."""
    texts = [t for t in texts if t.get_visible() and t.get_text().strip()]
    angle = texts[0].get_rotation() if texts else 0.0
    if angle % 90:
        anchors = [t.get_transform().transform(t.get_position()) for t in texts]
        height = texts[0].get_fontsize() * renderer.points_to_pixels(1.0)
        gaps = [
            abs(b[0] - a[0]) * abs(np.sin(np.radians(angle)))
            for a, b in zip(anchors, anchors[1:], strict=False)
        ]
        return [gap for gap in gaps if gap < 0.9 * height]
    boxes = [t.get_window_extent(renderer) for t in texts]
    return [(a, b) for i, a in enumerate(boxes) for b in boxes[i + 1 :] if a.overlaps(b)]


MANY_MODEL_DISPLAYS = {
    "bayesian critical difference": lambda c: CriticalDifferenceDisplay.from_comparison(c),
    "classic critical difference": lambda c: CriticalDifferenceDisplay.from_comparison(
        c, kind="classic"
    ),
    "pairwise": lambda c: PairwiseDisplay.from_comparison(c),
    "ranking": lambda c: RankingDisplay.from_comparison(c),
}


@pytest.mark.long
@pytest.mark.parametrize("k", [2, 19, 40, 80])
@pytest.mark.parametrize("name", MANY_MODEL_DISPLAYS)
def test_many_models_fit_their_figure_without_overlapping_numbers(name, k):
    comparison = _many_models(k, loss=True)
    if name == "classic critical difference" and k < 3:
        with pytest.raises(ValueError, match="three or more models"):
            MANY_MODEL_DISPLAYS[name](comparison)
        return
    with warnings.catch_warnings():
        warnings.simplefilter("error", UserWarning)
        display = MANY_MODEL_DISPLAYS[name](comparison)
        display.figure_.canvas.draw()
    figure = display.figure_
    renderer = figure.canvas.get_renderer()
    _assert_inside(figure)
    for ax in figure.axes:
        assert not _overlapping(ax.get_xticklabels(), renderer), name
        assert not _overlapping(ax.get_yticklabels(), renderer), name
    if "critical difference" in name:  # the rank axis' numbers are texts of the axes
        numbers = [t for t in display.ax_.texts if t.get_text().isdigit()]
        assert len(numbers) >= min(k, 8) and not _overlapping(numbers, renderer)
    # The scores were a loss, and the figure says so.
    assert "Lower is better" in " ".join(figure.get_supxlabel().split())
    plt.close(figure)


def test_the_bayesian_diagram_names_equivalent_pairs_no_bar_can_join():
    from sklearn_bayescmp.plotting._critical_difference import unjoined_pairs

    # 0 ~ 1 ~ 2 in rank order, and 0 ~ 2, but 1 is not equivalent to 2: the bar
    # joins 0 and 1; 0 and 2 cannot be joined without 1.
    equivalent = np.eye(3, dtype=bool)
    for i, j in [(0, 1), (0, 2)]:
        equivalent[i, j] = equivalent[j, i] = True
    order = [0, 1, 2]
    from sklearn_bayescmp.plotting._critical_difference import equivalent_groups

    groups = equivalent_groups(order, equivalent)
    assert groups == [(0, 1)] and unjoined_pairs(order, equivalent, groups) == [(0, 2)]
    comparison = _many_models(19)
    display = CriticalDifferenceDisplay.from_comparison(comparison)
    equivalent = np.asarray(comparison.prob_equivalent) > comparison.threshold
    apart = unjoined_pairs(
        display.order_, equivalent, equivalent_groups(display.order_, equivalent)
    )
    caption = " ".join(display.bar_label.split())
    if apart:
        i, j = apart[0]
        assert f"{comparison.models[i]} and {comparison.models[j]}" in caption
    plt.close(display.figure_)


@pytest.mark.long
def test_the_heatmap_keeps_numbers_while_they_fit():
    few, many = _many_models(19), _many_models(40)
    numbered = PairwiseDisplay.from_comparison(few)
    coloured = PairwiseDisplay.from_comparison(many)
    assert numbered.texts_[0, 5].get_text().replace(".", "").strip("<> ").isdigit()
    # Past 20 models no cell has text; the outlines are thinner, so that blocks show.
    assert all(text is None for text in coloured.texts_.ravel())
    assert "(by colour)" in " ".join(coloured.colorbar_.ax.get_ylabel().split())
    # What the probability is of (the signed-rank test's: the most probable outcome).
    assert "most probable outcome on a new data set" in " ".join(
        numbered.colorbar_.ax.get_ylabel().split()
    )
    widths = {patch.get_linewidth() for patch in coloured.ax_.patches}
    assert max(widths) < min(patch.get_linewidth() for patch in numbered.ax_.patches)
    plt.close("all")


@pytest.mark.long
def test_the_heatmap_numbers_long_names_of_many_models_with_a_key():
    names = [f"HistGradientBoosting, learning rate {i / 100:.2f}, depth {i % 7}" for i in range(50)]
    comparison = _many_models(50, names=names)
    display = PairwiseDisplay.from_comparison(comparison)
    figure = display.figure_
    with warnings.catch_warnings():
        warnings.simplefilter("error", UserWarning)
        figure.canvas.draw()
    _assert_inside(figure)
    ticks = [t.get_text() for t in display.ax_.get_yticklabels()]
    assert ticks == [str(i) for i in range(1, 51)]
    # The key lists every name whole, beside its number, in the heatmap's order.
    key = "\n".join(text.get_text() for text in display.key_).splitlines()
    shown = [comparison.models[i] for i in display.order_]
    assert [line.split(maxsplit=1) for line in key] == [
        [str(number), name] for number, name in enumerate(shown, 1)
    ]
    renderer = figure.canvas.get_renderer()
    heatmap = display.ax_.get_window_extent(renderer)
    assert all(not text.get_window_extent(renderer).overlaps(heatmap) for text in display.key_)
    # Drawn on given axes, the key goes beside them.
    figure, ax = plt.subplots(figsize=(16, 10), layout="constrained")
    display = PairwiseDisplay.from_comparison(comparison, ax=ax)
    figure.canvas.draw()
    _assert_inside(figure)
    assert len(display.key_) == 2
    plt.close("all")


@pytest.mark.parametrize("n_datasets", [2, 19, 40])
def test_the_forest_grows_with_its_data_sets(n_datasets):
    rng = np.random.default_rng(n_datasets)
    display = ForestDisplay(
        names=[f"a much longer data set name {d}" for d in range(n_datasets)],
        estimates=rng.normal(0.01, 0.01, n_datasets),
        intervals=None,
        rope=(-0.01, 0.01),
    ).plot()
    display.figure_.canvas.draw()
    renderer = display.figure_.canvas.get_renderer()
    _assert_inside(display.figure_)
    assert not _overlapping(display.ax_.get_yticklabels(), renderer)
    assert not _overlapping(display.ax_.get_xticklabels(), renderer)
    # The outermost markers lie inside the axes' limits, with room to spare.
    low, high = display.ax_.get_xlim()
    assert low < display.estimates.min() and display.estimates.max() < high
    plt.close(display.figure_)


@pytest.mark.parametrize("n_candidates", [2, 10, 50])
def test_the_race_names_its_survivors_apart_or_counts_them(n_candidates):
    display = _race(n_candidates)
    figure = display.figure_
    figure.canvas.draw()
    renderer = figure.canvas.get_renderer()
    named = [text.get_text() for text in display.ax_.texts]
    survivors = len(display.survivors)
    if survivors <= 12:
        assert len(named) == survivors and not _overlapping(display.ax_.texts, renderer)
    else:  # the chosen one named, the others counted in the legend
        assert named == [display.names[0]]
        legend = [text.get_text() for text in display.ax_.get_legend().get_texts()]
        assert f"still in ({survivors - 1} unnamed: see cv_results_)" in legend
    assert "np.float64" not in " ".join(named)
    plt.close(figure)
