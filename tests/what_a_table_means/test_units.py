"""Units that differ between data sets: nothing pools differences across them in score units.

TabArena mixes 1 - AUC, log loss and RMSE in the thousands; an optimizer benchmark
mixes accuracy with -RMSE near -30,000. A mean difference over data sets, a rope
over data sets, Cohen's d_z and the hierarchical model are then meaningless: the
tests that pool refuse, naming what differs and what the field does instead (one
metric at a time, signs and ranks, a per-data-set normalization), and the pooled
numbers are not printed. Ranks survive.
"""

import json

import numpy as np
import pytest

from sklearn_bayescmp import ScoreTable, compare_models
from sklearn_bayescmp.cli import main
from sklearn_bayescmp.tables._evidence import units_text

from .._tables import csv_file


def _optimizer_benchmark(seed=0):
    """Accuracy on three data sets, -RMSE (near -30,000) on two, per seed; no metric column."""
    rng = np.random.default_rng(seed)
    rows = []
    for dataset, scale in (("a", 0.9), ("b", 0.8), ("c", 0.85), ("house", -30000), ("taxi", -900)):
        for optimizer, lead in (("adam", 0.02), ("sgd", 0.0), ("lion", 0.01)):
            for seed_ in range(5):
                value = scale * (1 + (lead if scale > 0 else -lead)) * (1 + rng.normal(0, 0.005))
                rows.append((dataset, optimizer, seed_, round(value, 5)))
    return ScoreTable.read_csv(
        csv_file(("dataset", "optimizer", "fold", "score"), rows), test_train_ratio=1 / 4
    )


def _tabarena(seed=0):
    rng = np.random.default_rng(seed)
    rows = []
    for task, metric, scale in (
        ("credit-g", "1-auc", 0.2),
        ("adult", "1-auc", 0.1),
        ("wine", "log_loss", 0.5),
        ("houses", "rmse", 3000.0),
    ):
        for method, level in (("CatBoost", 1.0), ("RF", 1.1), ("KNN", 1.6)):
            for fold in range(5):
                error = scale * level * (1 + rng.normal(0, 0.02))
                rows.append((method, task, fold, metric, round(error, 6)))
    header = ("method", "dataset", "fold", "metric", "metric_error")
    return ScoreTable.read_csv(
        csv_file(header, rows),
        score="metric_error",
        test_train_ratio=1 / 9,
        greater_is_better=False,
    )


@pytest.fixture(params=["optimizer", "tabarena"])
def mixed(request):
    return _optimizer_benchmark() if request.param == "optimizer" else _tabarena()


def test_the_table_says_its_units_differ():
    table = _optimizer_benchmark()
    scales = table.units
    assert scales.kind == "scale" and scales.factor >= 10
    (small, low), (large, high) = scales.smallest, scales.largest
    assert high / low == pytest.approx(scales.factor)
    assert small != large and {small, large} <= set(table.datasets)
    assert scales.to_dict()["largest"] == {"dataset": large, "typical": high}
    metrics = _tabarena().units
    assert metrics.kind == "metrics"
    assert metrics.metrics == (("1-auc", 2), ("log_loss", 1), ("rmse", 1))
    assert metrics.to_dict() == {"kind": "metrics", "metrics": dict(metrics.metrics)}
    assert units_text(metrics) == (
        "the data sets are scored by 3 metrics ('1-auc' on 2, 'log_loss' on 1, 'rmse' on 1)"
    )


@pytest.mark.parametrize(
    "test, options",
    [
        ("signed_rank", {}),
        ("hierarchical", {"n_draws": 200, "n_warmup": 200, "n_chains": 2}),
        ("sign", {}),
        ("poisson", {}),
    ],
)
def test_the_tests_that_pool_in_score_units_refuse(mixed, test, options):
    with pytest.raises(ValueError) as caught:
        compare_models(mixed, test=test, random_state=0, **options)
    message = str(caught.value)
    assert units_text(mixed.units) in message
    # One metric at a time is advice only where a metric column names several.
    assert ("metric=<name>" in message) == (mixed.units.kind == "metrics")
    if test in ("signed_rank", "hierarchical"):  # they pool magnitudes: signs are another test
        assert "use a test of signs without a rope (test='sign' with rope=0" in message.lower()
    else:  # a rope of zero leaves this test the signs alone
        assert "read signs only (rope=0;" in message.lower()
    assert "table.normalized()" in message


@pytest.mark.parametrize("test", ["sign", "poisson"])
def test_signs_without_a_rope_survive_and_no_pooled_number_is_printed(mixed, test):
    comparison = compare_models(mixed, test=test, rope=0, random_state=0)
    assert np.isnan(comparison.mean_difference[0, 1]) and np.isnan(
        comparison.median_difference[0, 1]
    )
    effects = comparison.effect_sizes()
    assert np.isnan(effects["cohens_dz"]).all() and np.isnan(effects["cliffs_delta"]).all()
    summary = comparison.summary()
    header = next(line for line in summary.splitlines() if "decision" in line)
    assert "mean A-B" not in header and "median A-B" not in header
    assert f"no mean or median difference over data sets: {units_text(mixed.units)}" in summary
    # The ranks survive: Friedman's test and the Plackett-Luce ranking.
    assert comparison.reference.friedman is not None and comparison.ranking is not None
    assert comparison.ranking.order[0] in ("adam", "CatBoost")


def test_wilcoxon_ranks_pooled_differences_and_refuses_other_units(mixed):
    with pytest.raises(ValueError, match="test='wilcoxon'.*pools the differences") as caught:
        compare_models(mixed, test="wilcoxon")
    assert units_text(mixed.units) in str(caught.value)
    # Beside a test of signs, the reference's pairwise p-values are left out (NaN); the
    # Friedman test, which reads ranks within each data set, stays.
    comparison = compare_models(mixed, test="sign", rope=0, random_state=0)
    pairs = np.triu_indices(len(comparison.models), 1)
    assert np.isnan(comparison.reference.pvalues[pairs]).all()
    assert comparison.reference.friedman is not None


def test_normalized_scores_share_one_unit(mixed):
    normalized = mixed.normalized()
    assert normalized.units is None
    means = normalized.mean_scores()
    np.testing.assert_allclose(means.max(axis=1), 1.0, atol=1e-12)
    np.testing.assert_allclose(means.min(axis=1), 0.0, atol=1e-12)
    comparison = compare_models(normalized, random_state=0)
    assert comparison.decisions[0, 1] == "a"  # the best model first, by a wide margin
    assert "rescaled from its worst model's mean (0) to its best model's (1)" in (
        normalized.summary()
    )
    report = comparison.report(format="markdown")
    assert "units of each data set's gap between its worst and best model" in report


def test_one_metric_at_a_time_shares_one_unit():
    table = _tabarena()
    one = table.select(datasets=["credit-g", "adult"])
    assert one.units is None
    # Per-split scores with sizes, in one unit: the Poisson-binomial test.
    assert compare_models(one, random_state=0).test == "poisson"


@pytest.mark.parametrize(
    "a, b, metric",
    [
        # Error rates of an easy and a hard data set: one point is one point on both.
        ([0.01, 0.3, 0.12, 0.2], [0.012, 0.33, 0.13, 0.21], None),
        # The same in percent, named as a share.
        ([0.4, 25.0, 12.0, 7.0], [0.5, 27.0, 13.5, 8.0], "error rate"),
        # Accuracies.
        ([0.81, 0.92, 0.7, 0.88], [0.8, 0.9, 0.72, 0.86], None),
    ],
)
def test_bounded_scores_of_any_size_share_one_unit(a, b, metric):
    columns = {"dataset": [f"d{i}" for i in range(len(a))], "a": a, "b": b}
    if metric is not None:
        columns["metric"] = [metric] * len(a)
    table = ScoreTable.from_wide(columns, greater_is_better=False)
    assert table.units is None


def test_values_from_0_to_100_that_no_name_calls_a_share_do_not_share_a_unit():
    # MASE near 40 on one data set beside 0.5 to 5 elsewhere: ten times apart and more.
    columns = {
        "dataset": ["m4_hourly", "m4_daily", "tourism", "traffic"],
        "metric": ["MASE"] * 4,
        "ets": [0.9, 3.2, 46.9, 0.49],
        "naive": [1.1, 3.3, 44.1, 0.52],
    }
    table = ScoreTable.from_wide(columns)
    assert table.lower_is_better == table.datasets
    assert table.units.kind == "scale" and table.units.largest[0] == "tourism"


def test_the_command_offers_what_the_field_does(tmp_path, capsys):
    path = tmp_path / "optimizers.csv"
    path.write_text(_optimizer_benchmark().to_csv())
    assert main(["compare", str(path)]) == 2
    err = capsys.readouterr().err
    assert "differ in scale by a factor of" in err
    # No metric column: one metric at a time is no advice here (issue 55).
    assert "--metric NAME" not in err and "--normalize best-worst" in err
    assert main(["compare", str(path), "--json", "--normalize", "best-worst"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["units"] == {"kind": "shared"} and report["spec"]["normalize"] == "best-worst"
    assert main(["compare", str(path), "--json", "--test", "sign", "--rope", "0"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["units"]["kind"] == "scale" and report["units"]["factor"] >= 10
    assert report["pairs"][0]["mean_difference"] is None


def test_normalizing_what_cannot_be_normalized_is_refused(tmp_path, capsys):
    with pytest.raises(ValueError, match="`method` must be 'best-worst'; got 'z'"):
        _optimizer_benchmark().normalized(method="z")
    from sklearn_bayescmp import CVDifferences

    path = tmp_path / "differences.csv"
    CVDifferences(np.linspace(-0.01, 0.03, 10), n_train=90, n_test=10).to_csv(path)
    assert main(["compare", str(path), "--normalize", "best-worst"]) == 2
    err = capsys.readouterr().err
    assert "a differences file holds no scores to normalize" in err
    assert "Traceback" not in err
