"""Which way is better, from every witness: the score column's name, a metric column, the
files' names, the values; where two disagree the reader refuses naming both, and the
user's direction always wins (said as the user's choice)."""

import json
import re

import numpy as np
import pytest

from sklearn_bayescmp import ScoreTable, compare_models
from sklearn_bayescmp.cli import main

from .._tables import csv_file
from ..published_formats._files import amlb_results, text_of, tsml_file

#: TabArena's tasks: each with its metric, and the error of a strong and a weak model.
TASKS = {"credit-g": "roc_auc", "adult": "roc_auc", "wine": "log_loss", "houses": "rmse"}


def _tabarena(seed=0):
    """TabArena's per-split results: ``metric_error`` (lower is better) beside ``metric``."""
    rng = np.random.default_rng(seed)
    rows = []
    for task, metric in TASKS.items():
        scale = 3000.0 if metric == "rmse" else 0.1
        for method, level in (("CatBoost", 1.0), ("KNN", 1.6)):
            for fold in range(6):
                error = scale * level * (1 + rng.normal(0, 0.02))
                rows.append((method, task, fold, metric, round(error, 6), round(0.5 * error, 6)))
    header = ("method", "dataset", "fold", "metric", "metric_error", "metric_error_val")
    return header, rows


def test_an_error_column_with_a_metric_of_a_score_is_refused_naming_both():
    header, rows = _tabarena()
    read = dict(score="metric_error", metric="roc_auc", test_train_ratio=1 / 9)
    with pytest.raises(ValueError) as caught:
        ScoreTable.read_csv(csv_file(header, rows), **read)
    message = str(caught.value)
    assert "the score column 'metric_error' is named as a loss ('error')" in message
    assert "column 'metric' names 'roc_auc'" in message and "a score" in message
    assert "greater_is_better=False" in message
    # The user's answer: errors, lower is better. CatBoost, whose error is lower, wins.
    table = ScoreTable.read_csv(csv_file(header, rows), greater_is_better=False, **read)
    assert table.lower_is_better == ("credit-g", "adult")
    comparison = compare_models(table, random_state=0)
    assert comparison.decisions[0, 1] == "a"  # CatBoost (A) better
    witness = table.reading.witness("direction")
    assert witness.by == "option"
    assert ("metric-column", "metric", ["roc_auc"]) in witness.overrides


def test_the_command_takes_lower_is_better_as_the_answer(tmp_path, capsys):
    header, rows = _tabarena()
    path = tmp_path / "results_per_split.csv"
    path.write_text(text_of(header, rows))
    options = ["--score-col", "metric_error", "--metric", "roc_auc", "--test-train-ratio", "1/9"]
    assert main(["compare", str(path), *options]) == 2
    err = capsys.readouterr().err
    assert "Pass --lower-is-better if the scores are a loss" in err
    assert "--higher-is-better if higher is better" in err
    assert main(["compare", str(path), *options, "--lower-is-better", "--json"]) == 0
    out, err = capsys.readouterr()
    report = json.loads(out)
    assert report["pairs"][0]["decision"] == "a"  # CatBoost, the lower error
    assert "lower is better (the user's choice, --lower-is-better" in err


def test_an_error_column_whose_metrics_are_all_losses_needs_no_option():
    header, rows = _tabarena()
    losses = [row for row in rows if row[3] != "roc_auc"]
    # log_loss and rmse, but rmse in thousands beside log losses near 0.1: no one unit.
    table = ScoreTable.read_csv(csv_file(header, losses), score="metric_error", test_train_ratio=1)
    assert table.lower_is_better == ("wine", "houses")
    assert table.units.kind == "metrics" and len(table.units.metrics) == 2


@pytest.mark.parametrize(
    "names",
    [
        ("A_ERROR.csv", "B_error.csv"),
        ("A-mse.csv", "B-mse.csv"),
        ("mse_A.csv", "mse_B.csv"),
        ("A_logloss.csv", "B_logloss.csv"),
        ("A.RMSE.csv", "B.RMSE.csv"),
    ],
)
def test_a_loss_that_every_file_s_name_shares_says_lower_is_better(tmp_path, names):
    rng = np.random.default_rng(0)
    paths = [
        tsml_file(tmp_path, name, np.round(rng.uniform(0.1, 0.2, (4, 5)), 4).tolist())
        for name in names
    ]
    table = ScoreTable.read_resamples(paths)
    assert table == ScoreTable.read_resamples(paths, greater_is_better=False)
    assert table.models == ("A", "B") and len(table.lower_is_better) == 4
    witness = table.spec.witness("direction")
    assert (witness.by, witness.source, witness.value) == ("name", "files-ending", "lower")


@pytest.mark.parametrize(
    "names", [("ROCKET_error.csv", "HC2.csv"), ("InceptionTime.csv", "HC2.csv")]
)
def test_a_file_s_name_is_its_model_s_never_the_measure(tmp_path, names):
    # aeon's InceptionTime is a model, not a time; ROCKET_error is a model's name too when
    # no other file shares its ending: no name says the measure, so the reader asks.
    rng = np.random.default_rng(0)
    paths = [
        tsml_file(tmp_path, name, np.round(rng.uniform(0.1, 0.2, (4, 5)), 4).tolist())
        for name in names
    ]
    with pytest.raises(ValueError, match="cannot tell which way is better") as caught:
        ScoreTable.read_resamples(paths)
    assert "named like a loss" not in str(caught.value)
    table = ScoreTable.read_resamples(paths, greater_is_better=True)
    assert table.models == tuple(name.removesuffix(".csv") for name in names)


def test_a_metric_that_cannot_be_negative_holding_negatives_is_refused():
    # The AutoML Benchmark's multiclass tasks, whose results are the negated log loss,
    # labelled "logloss": the values say they were negated already.
    text = amlb_results().replace(",neg_logloss,", ",logloss,")
    with pytest.raises(ValueError) as caught:
        ScoreTable.read_csv(csv_file(*_split(text)), metric="logloss")
    message = str(caught.value)
    assert "'logloss' (data set 'shuttle', a loss) cannot be negative" in message
    assert "pass greater_is_better=True" in message
    table = ScoreTable.read_csv(csv_file(*_split(text)), metric="logloss", greater_is_better=True)
    assert table.lower_is_better == ()
    # The strongest framework (the lowest log loss, the highest negated one) still leads.
    assert table.scores("shuttle")[0].mean() > table.scores("shuttle")[2].mean()


def _split(text):
    header, *rows = text.splitlines()
    return header.split(","), [row.split(",") for row in rows]


@pytest.mark.parametrize("name", ["accuracy", "auc", "balanced_accuracy", "f1"])
def test_a_score_that_cannot_be_negative_holding_negatives_is_refused(name):
    rows = [
        (d, m, f, -round(0.8 + 0.02 * (m == "a") + 0.001 * f, 4))
        for d in ("iris", "wine")
        for m in ("a", "b")
        for f in range(3)
    ]
    with pytest.raises(ValueError, match=re.escape(f"{name!r} (data set 'iris', a score)")):
        ScoreTable.read_csv(csv_file(("dataset", "model", "fold", name), rows), test_train_ratio=1)
    table = ScoreTable.read_csv(
        csv_file(("dataset", "model", "fold", name), rows),
        test_train_ratio=1,
        greater_is_better=False,
    )
    assert table.lower_is_better == ("iris", "wine")


def test_a_negated_loss_in_scikit_learn_s_name_may_be_negative():
    rows = [
        (d, m, f, -round(0.3 - 0.02 * (m == "a") + 0.001 * f, 4))
        for d in ("iris", "wine")
        for m in ("a", "b")
        for f in range(3)
    ]
    table = ScoreTable.read_csv(
        csv_file(("dataset", "model", "fold", "neg_log_loss"), rows), test_train_ratio=1
    )
    assert table.lower_is_better == ()
    assert table.reading.witness("direction").by == "name"


def test_the_command_says_higher_is_better_when_the_user_does(tmp_path, capsys):
    path = tmp_path / "results.csv"
    path.write_text(amlb_results().replace(",neg_logloss,", ",logloss,"))
    assert main(["compare", str(path), "--metric", "logloss"]) == 2
    assert "--higher-is-better" in capsys.readouterr().err
    assert main(["compare", str(path), "--metric", "logloss", "--higher-is-better"]) == 0
    err = capsys.readouterr().err
    assert "read as:" in err
