"""The Reading, said wherever people read a result: the summary, the JSON, the report's
methods paragraph and the figures' notes."""

import json
from pathlib import Path

import numpy as np
import pytest

from sklearn_bayescmp import ScoreTable, compare_models
from sklearn_bayescmp.cli import main
from sklearn_bayescmp.tables import Reading, TableSpec
from sklearn_bayescmp.tables._spec import LeftOut, Witness
from sklearn_bayescmp.tables._words import reading_text

from .._messages import naming
from .._tables import csv_text


def _errors_by_seed(path=None):
    """Error rates of three models over four data sets, ten training seeds each, with an
    ``Average`` data set a paper's export added."""
    rng = np.random.default_rng(0)
    rows = []
    means = {}
    for d in range(4):
        for model, level in (("a", 0.10), ("b", 0.12), ("c", 0.15)):
            errors = np.round(level + 0.02 * d + rng.normal(0, 0.004, 10), 5)
            means.setdefault(model, []).append(errors)
            rows += [(f"d{d}", model, seed, error) for seed, error in enumerate(errors)]
    for model, errors in means.items():
        average = np.round(np.mean(errors, axis=0), 5)
        rows += [("Average", model, seed, value) for seed, value in enumerate(average)]
    text = csv_text(("dataset", "model", "seed", "error"), rows)
    if path is not None:
        path.write_text(text)
    return text


@pytest.fixture
def table(tmp_path):
    path = tmp_path / "errors.csv"
    _errors_by_seed(path)
    return ScoreTable.read_csv(path, split="seed", greater_is_better=False)


def test_the_record_holds_every_witness_and_what_was_left_out(table):
    reading = table.reading
    assert isinstance(reading, Reading)
    assert reading.witness("model") == Witness("model", "model", "name", "column")
    assert reading.witness("split") == Witness(
        "split", "seed", "option", "option", name="split", found="seed"
    )
    assert reading.witness("direction") == Witness(
        "direction", "lower", "option", "option", name="greater_is_better", found=False
    )
    assert reading.witness("design") == Witness("design", "seeds", "name", "column", name="seed")
    assert LeftOut("data set", "Average", "summary", ("mean", "rows")) in reading.left_out
    assert table.datasets == ("d0", "d1", "d2", "d3") and table.design == "seeds"


def test_the_reading_is_a_record_and_its_line_is_made_from_it(table):
    # The table's reading holds codes; the summary words them, as the command does.
    assert table.reading.n_datasets == 4
    line = reading_text(table.reading)
    assert table.summary().splitlines() == [
        "3 models on 4 data sets, 10 scores each (training seeds on one split)",
        "0 failed scores, 0 missing",
        f"Read as: {line}",
    ]
    assert "left out data set 'Average'" in line and "lower is better (" in line
    assert "on 1 of 4" not in line
    # A selection's reading counts the data sets it keeps.
    assert table.select(datasets=["d0", "d1"]).reading.n_datasets == 2
    arrays = ScoreTable({"iris": [[0.9, 0.8], [0.7, 0.6]]}, models=["a", "b"])
    assert reading_text(arrays.reading) is None
    assert arrays.summary().splitlines()[-1] == "Read as: nothing inferred"


def test_a_loss_on_some_data_sets_is_counted_against_the_data_sets_kept():
    header = ("dataset", "metric", "a", "b")
    rows = [("iris", "accuracy", 0.9, 0.8), ("wine", "rmse", 2.0, 3.0), ("glass", "rmse", 4.0, 5.0)]
    table = ScoreTable.from_wide(
        dict(zip(header, zip(*rows, strict=True), strict=True)), dataset="dataset"
    )
    assert "lower is better on 2 of 3 data sets ('wine', 'glass')" in reading_text(table.reading)
    kept = table.select(datasets=["iris", "wine"])
    assert kept.lower_is_better == ("wine",)
    assert "lower is better on 1 of 2 data sets ('wine')" in reading_text(kept.reading)


def test_the_summary_the_report_and_the_figure_say_it(table):
    comparison = compare_models(table, random_state=0)
    summary = comparison.summary()
    assert "left out data set 'Average' (the mean of the other rows)" in summary
    assert "lower is better (the user's choice, greater_is_better=False)" in summary
    assert "the splits are training seeds on one split (column 'seed')" in summary
    methods = " ".join(comparison.report(format="markdown").split())
    assert "scores of training seeds on one train/test split" in methods
    assert "left out data set 'Average'" in methods
    pytest.importorskip("matplotlib")
    from sklearn_bayescmp.plotting import CriticalDifferenceDisplay

    display = CriticalDifferenceDisplay.from_comparison(comparison)
    note = display.figure_._supxlabel.get_text().replace("\n", " ")
    assert "Lower is better" in note and "the splits are training seeds on one split" in note


def test_the_json_carries_the_record(tmp_path, capsys):
    _errors_by_seed(tmp_path / "errors.csv")
    options = ["--split-col", "seed", "--lower-is-better", "--json"]
    assert main(["compare", str(tmp_path / "errors.csv"), *options]) == 0
    report = json.loads(capsys.readouterr().out)
    reading = report["reading"]
    assert report["design"] == "seeds" and set(reading) == {"source", "metrics", "notes"}
    spec = report["spec"]
    assert spec["design"] == "seeds"
    average = {
        "kind": "data set",
        "name": "Average",
        "reason": "summary",
        "about": ["mean", "rows"],
    }
    assert average in spec["left_out"]
    witnesses = {w["subject"]: w for w in spec["witnesses"]}
    assert witnesses["direction"]["by"] == "option"
    assert (witnesses["direction"]["name"], witnesses["direction"]["found"]) == (
        "greater_is_better",
        False,
    )
    assert report["lower_is_better"] == ["d0", "d1", "d2", "d3"]
    assert report["direction"] == "lower"


def test_every_code_of_a_reading_has_its_words_and_its_schema_entry():
    from sklearn_bayescmp.tables._spec import LEFT_OUT_REASONS, NOTE_CODES, WITNESS_SOURCES
    from sklearn_bayescmp.tables._words import LEFT_OUT_WORDS, NOTE_WORDS, WITNESS_WORDS

    assert set(WITNESS_WORDS) == set(WITNESS_SOURCES)
    assert set(LEFT_OUT_WORDS) == set(LEFT_OUT_REASONS)
    assert set(NOTE_WORDS) == set(NOTE_CODES)
    docs = Path(__file__).resolve().parents[2] / "docs"
    items = json.loads((docs / "table_spec.schema.json").read_text())["properties"]
    assert items["witnesses"]["items"]["properties"]["source"]["enum"] == list(WITNESS_SOURCES)
    assert items["left_out"]["items"]["properties"]["reason"]["enum"] == list(LEFT_OUT_REASONS)
    record = json.loads((docs / "comparison.schema.json").read_text())["properties"]
    notes = record["reading"]["properties"]["notes"]["items"]["properties"]
    assert notes["code"]["enum"] == list(NOTE_CODES)


@pytest.mark.parametrize(
    "entry",
    [
        {"subject": "direction", "value": "lower", "by": "name", "source": "a loss"},
        {"subject": "direction", "value": "lower", "by": "said", "source": "option"},
    ],
)
def test_a_witness_of_words_or_an_unknown_kind_is_refused_naming_its_field(entry):
    with pytest.raises(ValueError, match=naming("witnesses[].")):
        TableSpec.from_dict({"witnesses": [entry]})


def test_the_reading_says_a_witness_in_the_spelling_of_the_caller_s_options(table):
    # The record holds the option's name and value; the words are made where read.
    from sklearn_bayescmp.cli._flags import COMMAND_SPELLING
    from sklearn_bayescmp.tables._words import witness_words
    from sklearn_bayescmp.utils._advice import spelled_by

    witness = table.reading.witness("direction")
    assert witness_words(witness) == "the user's choice, greater_is_better=False"
    with spelled_by(COMMAND_SPELLING):
        assert witness_words(witness) == "the user's choice, --lower-is-better"
