"""Which way is better: a loss's name anywhere in the column's name, a metric column, a
boolean direction, a differences file; and said wherever people read the result."""

import io
import re

import numpy as np
import pytest

from sklearn_bayescmp import CVDifferences, ScoreTable, compare_models
from sklearn_bayescmp.cli import main
from sklearn_bayescmp.tables._words import reading_text
from tests._messages import naming

from .._tables import csv_file, long_rows

ROWS = long_rows()


def _errors(rows):
    """The rows with their accuracy as an error (1 - accuracy), so that a leads still."""
    return [(*row[:3], round(1 - row[3], 4)) for row in rows]


@pytest.mark.parametrize(
    "name",
    [
        # The run's examples.
        "test_error",
        "mean_squared_error",
        "error (%)",
        "mape",
        "cost",
        "regret",
        # More of the same class.
        "testError",
        "Log Loss",
        "misclassification_rate",
        "RMSE",
        "cross-entropy",
        "negative_log_likelihood",
        "brier score",
        "MAE.test",
        "fit_time",
        # Losses of speech, language and generative models.
        "wer",
        "CER",
        "ppl",
        "bpc",
        "FID",
    ],
)
def test_a_loss_anywhere_in_the_name_is_a_witness_that_lower_is_better(name):
    header = ("dataset", "model", "fold", name)
    table = ScoreTable.read_csv(csv_file(header, _errors(ROWS)), test_train_ratio=1 / 2)
    told = ScoreTable.read_csv(
        csv_file(header, _errors(ROWS)), test_train_ratio=1 / 2, score=name, greater_is_better=False
    )
    assert table == told
    # Compared as -error = accuracy - 1: a still leads, by the same differences.
    accuracy = ScoreTable.read_csv(
        csv_file(("dataset", "model", "fold", "score"), ROWS), test_train_ratio=1 / 2
    )
    np.testing.assert_allclose(table.scores("iris"), accuracy.scores("iris") - 1, atol=1e-12)
    assert table.lower_is_better == ("iris", "wine")
    assert f"lower is better (the score column {name!r}" in reading_text(table.reading)
    assert table.spec.direction == "lower"


@pytest.mark.parametrize("name", ["accuracy", "r2", "score"])
def test_a_score_s_name_is_a_witness_that_higher_is_better(name):
    table = ScoreTable.read_csv(
        csv_file(("dataset", "model", "fold", name), ROWS), test_train_ratio=1 / 2
    )
    assert table.lower_is_better == () and table.spec.direction == "higher"


@pytest.mark.parametrize("name", ["neg_mean_squared_error", "neg_log_loss"])
def test_a_negated_loss_is_greater_is_better_and_positive_values_contradict_it(name):
    negated = [(*row[:3], -row[3]) for row in _errors(ROWS)]
    table = ScoreTable.read_csv(
        csv_file(("dataset", "model", "fold", name), negated), test_train_ratio=1 / 2
    )
    assert table.lower_is_better == () and table.spec.direction == "higher"
    with pytest.raises(ValueError, match=naming(f"{name!r}", "negated")):
        ScoreTable.read_csv(
            csv_file(("dataset", "model", "fold", name), ROWS), test_train_ratio=1 / 2
        )


@pytest.mark.parametrize("value", ["False", "false", 0, 1, "no", 0.0])
def test_a_direction_that_is_not_a_boolean_is_refused(value):
    with pytest.raises(TypeError, match=re.escape(f"got {value!r} of type")):
        ScoreTable.read_csv(
            csv_file(("dataset", "model", "fold", "score"), ROWS),
            test_train_ratio=1 / 2,
            greater_is_better=value,
        )
    wide = {"dataset": ["a", "b"], "x": [0.8, 0.7], "y": [0.7, 0.6]}
    with pytest.raises(TypeError, match=naming("`greater_is_better`", "True, False or None")):
        ScoreTable.from_wide(wide, greater_is_better=value)


def test_numpy_booleans_are_booleans():
    table = ScoreTable.from_wide(
        {"dataset": ["a", "b"], "x": [0.2, 0.3], "y": [0.3, 0.4]}, greater_is_better=np.False_
    )
    np.testing.assert_array_equal(table.scores("a")[:, 0], [-0.2, -0.3])


def _openml(functions, seed=0):
    """OpenML's per-fold evaluations: flow, data set, repeat, fold, function, value."""
    rng = np.random.default_rng(seed)
    header = ("flow_name", "data_name", "repeat", "fold", "function", "value")
    rows = []
    for data, function in functions.items():
        loss = "error" in function
        for flow, lead in (("svc", 0.02), ("j48", 0.0)):
            for fold in range(3):
                value = 0.8 + lead + rng.normal(0, 0.005)
                rows.append((flow, data, 0, fold, function, round(1 - value if loss else value, 4)))
    return header, rows


def test_an_openml_loss_function_says_lower_is_better():
    header, rows = _openml({"iris": "root_mean_squared_error", "wine": "root_mean_squared_error"})
    table = ScoreTable.read_csv(csv_file(header, rows), test_train_ratio=1 / 2)
    assert table.lower_is_better == ("iris", "wine")
    assert table.roles["metric"] == "function"
    comparison = compare_models(table, random_state=0)
    # svc has the lower error: it is better, not worse.
    assert comparison.mean_difference[0, 1] > 0
    assert "lower is better" in comparison.summary() and "lower is better" in comparison.report(
        format="markdown"
    )


def test_each_data_set_s_metric_decides_its_direction():
    header, rows = _openml({"iris": "predictive_accuracy", "wine": "mean_absolute_error"})
    table = ScoreTable.read_csv(csv_file(header, rows), test_train_ratio=1 / 2)
    assert table.lower_is_better == ("wine",)
    assert "lower is better on 1 of 2 data sets ('wine')" in reading_text(table.reading)
    for name in table.datasets:  # svc leads on both, once its loss is negated
        assert table.scores(name)[0].mean() > table.scores(name)[1].mean()
    # The record says it as a code a program reads: which way, data set by data set
    # (signs only, rope=0: the two metrics share no unit).
    record = compare_models(table, rope=0, random_state=0).to_dict()
    assert record["direction"] == {"iris": "higher", "wine": "lower"}


def test_a_data_set_with_two_metrics_is_refused_until_one_is_kept():
    header, rows = _openml({"iris": "predictive_accuracy"})
    _, more = _openml({"iris": "area_under_roc_curve"}, seed=1)
    with pytest.raises(ValueError, match=naming("'iris'", "metric=")):
        ScoreTable.read_csv(csv_file(header, rows + more), test_train_ratio=1 / 2)
    kept = ScoreTable.read_csv(
        csv_file(header, rows + more), test_train_ratio=1 / 2, metric="area_under_roc_curve"
    )
    alone = ScoreTable.read_csv(csv_file(header, more), test_train_ratio=1 / 2)
    assert kept == alone
    with pytest.raises(ValueError, match=naming("'f1'", "`metric`")):
        ScoreTable.read_csv(csv_file(header, rows + more), test_train_ratio=1 / 2, metric="f1")


def test_the_user_s_direction_wins_over_the_metric_column_and_is_said():
    header, rows = _openml({"iris": "predictive_accuracy"})
    table = ScoreTable.read_csv(
        csv_file(header, rows), test_train_ratio=1 / 2, greater_is_better=False
    )
    assert table.lower_is_better == ("iris",)
    witness = table.reading.witness("direction")
    assert (witness.by, witness.value) == ("option", "lower")
    assert witness.overrides == (("metric-column", "function", ["predictive_accuracy"]),)
    assert "lower is better (the user's choice, greater_is_better=False, over" in reading_text(
        table.reading
    )


def test_a_metric_kept_without_a_metric_column_is_refused():
    with pytest.raises(ValueError, match="has no metric column"):
        ScoreTable.read_csv(
            csv_file(("dataset", "model", "fold", "score"), ROWS),
            test_train_ratio=1 / 2,
            metric="auc",
        )


def _differences_file(tmp_path):
    rng = np.random.default_rng(0)
    record = CVDifferences(rng.normal(0.02, 0.01, 20), n_train=90, n_test=10, name="d")
    path = tmp_path / "differences.csv"
    record.to_csv(path)
    return path, record


def test_a_differences_file_honours_the_direction(tmp_path):
    path, record = _differences_file(tmp_path)
    as_given = ScoreTable.read_csv(path)
    loss = ScoreTable.read_csv(path, greater_is_better=False)
    np.testing.assert_array_equal(
        loss.differences("A", "B")["d"].differences,
        -as_given.differences("A", "B")["d"].differences,
    )
    assert loss.lower_is_better == ("d",) and as_given.lower_is_better == ()
    with pytest.raises(TypeError, match="`greater_is_better` must be"):
        ScoreTable.read_csv(path, greater_is_better="False")


def test_the_command_honours_lower_is_better_on_a_differences_file(tmp_path, capsys):
    path, _ = _differences_file(tmp_path)
    assert main(["compare", str(path), "--json"]) == 0
    plain = capsys.readouterr().out
    assert main(["compare", str(path), "--json", "--lower-is-better"]) == 0
    out, err = capsys.readouterr()
    import json

    plain, loss = json.loads(plain), json.loads(out)
    assert loss["lower_is_better"] == ["d"] and "lower is better" in err
    assert (
        loss["per_dataset"]["d"]["mean_difference"] == -plain["per_dataset"]["d"]["mean_difference"]
    )
    assert loss["per_dataset"]["d"]["bayesian_correlated_t"]["decision"] == "b"
    assert plain["per_dataset"]["d"]["bayesian_correlated_t"]["decision"] == "a"


def test_the_reading_is_in_the_summary_and_the_report():
    text = io.StringIO(
        "benchmark,clf,fold,error_rate\n"
        + "".join(f"{row[0]},{row[1]},{row[2]},{round(1 - row[3], 4)}\n" for row in ROWS)
    )
    table = ScoreTable.read_csv(text, test_train_ratio=1 / 2, greater_is_better=False)
    comparison = compare_models(table, random_state=0)
    expected = (
        "model = 'clf', data set = 'benchmark', score = 'error_rate', fold = 'fold'; lower is "
        "better"
    )
    assert expected in comparison.summary()
    report = " ".join(comparison.report().split())  # the text report wraps its lines
    assert "The table of scores was read as: " + expected in report
