"""The AutoML Benchmark's results file, read with no option at all."""

import io
import json

import numpy as np
import pytest

from sklearn_bayescmp import ScoreTable
from sklearn_bayescmp.cli import main
from sklearn_bayescmp.exceptions import MissingScoresWarning
from sklearn_bayescmp.tables._words import reading_text

from ._files import AMLB_COLUMNS, AMLB_FRAMEWORKS, AMLB_TASKS, amlb_results, text_of

TASKS = [task for _, task, _ in AMLB_TASKS]


def _read(text, **options):
    return ScoreTable.read_csv(io.StringIO(text), **options)


def test_the_results_file_is_read_without_options():
    table = _read(amlb_results())
    assert table.models == tuple(AMLB_FRAMEWORKS) and table.datasets == tuple(TASKS)
    assert table.roles == {
        "model": "framework",
        "dataset": "task",
        "score": "result",
        "metric": "metric",
        "fold": "fold",
    }
    # The metric's own columns beside "result" are ignored, and said to be.
    assert {"acc", "auc", "logloss", "seed", "info"} <= set(table.ignored_columns)
    # A seed that differs per framework is each run's seed, not a repeat.
    assert (
        "ignored 'seed' (not a repeat: it differs between the models on one fold"
        in reading_text(table.reading)
    )
    assert "the data sets' metrics differ ('auc' on 3, 'neg_logloss' on 2)" in reading_text(
        table.reading
    )
    # The scores are the result column's, fold by fold.
    lines = amlb_results().splitlines()[1:]
    first = lines[0].split(",")
    assert table.scores("kc2")[0, 0] == float(first[6])
    assert table.splits("kc2")["fold"].tolist() == list(range(10))


def test_a_seed_shared_by_the_frameworks_pairs_the_same_splits():
    table = _read(amlb_results(seed_per_framework=False))
    assert table.roles["repeat"] == "seed"
    ignored = _read(amlb_results())
    for pair in (("AutoGluon", "H2OAutoML"), ("H2OAutoML", "RandomForest")):
        for task in TASKS:
            np.testing.assert_array_equal(
                table.differences(*pair)[task].differences,
                ignored.differences(*pair)[task].differences,
            )


def test_failed_runs_are_missing_scores_of_their_framework():
    failed = {("H2OAutoML", "volkert", 3), ("RandomForest", "kc2", 0)}
    with pytest.warns(MissingScoresWarning) as caught:
        table = _read(amlb_results(failed=failed))
    message = str(caught[0].message)
    assert "H2OAutoML: 0 failed, 1 missing, on 1 data set(s) ('volkert')" in message
    assert "RandomForest: 0 failed, 1 missing, on 1 data set(s) ('kc2')" in message
    assert table.n_missing == 2 and not table.completed("volkert")[1, 3]


def test_a_metric_column_of_its_own_is_read_by_its_name():
    # AUC is not reported on multiclass tasks: those data sets have no score.
    with pytest.warns(MissingScoresWarning, match="left out 2 data set\\(s\\)"):
        table = _read(amlb_results(), score="auc")
    assert table.datasets == ("kc2", "qsar-biodeg", "adult")
    assert "metric" in table.ignored_columns  # it says what "result" holds, not "auc"
    # A loss's own column says lower is better, and the reading says so.
    loss = _read(amlb_results(), score="logloss")
    assert loss == _read(amlb_results(), score="logloss", greater_is_better=False)
    assert loss.lower_is_better == tuple(TASKS)
    assert "lower is better (the score column 'logloss' ('logloss'))" in reading_text(loss.reading)


def test_real_repeats_with_per_framework_seeds_are_refused_naming_the_seed():
    text = amlb_results(n_folds=2)
    header, *rows = text.splitlines()
    # The same folds again, under other seeds: two rows of a framework per fold.
    seed = AMLB_COLUMNS.index("seed")

    def reseeded(row):
        cells = row.split(",")
        cells[seed] = str(int(cells[seed]) + 5000)
        return ",".join(cells)

    again = [reseeded(row) for row in rows]
    with pytest.raises(ValueError, match="'seed' was read as each run's own seed") as caught:
        _read("\n".join([header, *rows, *again]) + "\n")
    assert "number the repeats alike for every model (0, 1, ...)" in str(caught.value)


def test_a_run_made_twice_is_named_where_it_is():
    # One framework's fold run again (another seed, another result) on the second task:
    # the refusal names that task and those two lines, not a task where nothing is wrong.
    text = amlb_results(n_folds=3)
    header, *rows = text.splitlines()
    task = TASKS[1]
    twice = next(r for r in rows if f",{task}," in r and ",H2OAutoML," in r)
    cells = twice.split(",")
    cells[AMLB_COLUMNS.index("seed")] = "77"
    cells[AMLB_COLUMNS.index("result")] = "0.5"
    with pytest.raises(ValueError) as caught:
        _read("\n".join([header, *rows, ",".join(cells)]) + "\n")
    message = str(caught.value)
    line = rows.index(twice) + 2
    assert f"line {line} and line {len(rows) + 2} both score model 'H2OAutoML'" in message
    assert f"of data set {task!r}" in message
    assert "If this is one run made twice, keep one of the two rows" in message


def test_a_second_constraint_is_named_as_a_condition_of_the_runs():
    text = amlb_results(n_folds=2)
    header, *rows = text.splitlines()
    other = [row.replace(",1h8c,", ",4h8c,") for row in rows]
    with pytest.raises(ValueError) as caught:
        _read("\n".join([header, *rows, *other]) + "\n")
    message = str(caught.value)
    assert "They differ in 'constraint'" in message
    assert "if 'constraint' is a condition the runs were made under" in message


def test_the_command_reads_it_without_options_and_asks_for_one_unit(tmp_path, capsys):
    path = tmp_path / "results.csv"
    path.write_text(amlb_results())
    # AUC on the binary tasks, the negated log loss on the others: the signed-rank test
    # would pool them in one rope, so the command says what differs and what to do.
    assert main(["compare", str(path), "--json"]) == 2
    err = capsys.readouterr().err
    assert "read as: model = 'framework', data set = 'task', score = 'result'" in err
    assert "the data sets are scored by 2 metrics ('auc' on 3, 'neg_logloss' on 2)" in err
    assert "--metric NAME" in err and "--normalize best-worst" in err
    assert "--test sign with --rope 0" in err
    # One metric at a time, signs without a rope, or each data set rescaled: each runs.
    for options in (["--metric", "auc"], ["--test", "sign", "--rope", "0"]):
        assert main(["compare", str(path), "--json", *options]) == 0
        report = json.loads(capsys.readouterr().out)
        assert report["models"] == list(AMLB_FRAMEWORKS)
    assert main(["compare", str(path), "--json", "--normalize", "best-worst"]) == 0
    out, err = capsys.readouterr()
    report = json.loads(out)
    assert report["test"] == "signed_rank" and report["units"] == {"kind": "shared"}
    assert "rescaled from its worst model's mean (0) to its best model's (1)" in err
    # The tests that correct for the splits' overlap ask for the ratio, by name.
    assert main(["compare", str(path), "--metric", "auc", "--test", "poisson"]) == 2
    assert "--test poisson (the Poisson-binomial test) corrects" in capsys.readouterr().err
    options = ["--metric", "auc", "--test", "poisson", "--test-train-ratio", "1/9"]
    assert main(["compare", str(path), *options]) == 0


def test_text_of_writes_empty_cells():
    assert text_of(["a", "b"], [[1, None]]) == "a,b\n1,\n"
