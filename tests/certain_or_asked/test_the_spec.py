"""The reading is a spec: seen (``table.spec``, ``--print-spec``), corrected one field at a
time, saved and passed back (``spec=``, ``--spec FILE``) for the same comparison, bit for
bit; an unknown field, or one the file contradicts, is refused with the field named."""

import dataclasses
import io
import json

import numpy as np
import pytest

from sklearn_bayescmp import ScoreTable, compare_models
from sklearn_bayescmp.cli import main
from sklearn_bayescmp.exceptions import TableReadingError
from sklearn_bayescmp.tables import TableSpec
from sklearn_bayescmp.tables._spec import DESIGNS, LeftOut, Witness
from sklearn_bayescmp.tables._words import reading_text
from tests._imports import loaded_by_import
from tests._messages import naming

TEXT = "dataset,classifier,run,fold,n_train,n_test,error_rate\n" + "".join(
    f"d{d},{m},{r},{f},90,10,{0.2 + 0.01 * d + (0.02 if m == 'b' else 0) + 0.001 * (r + f)}\n"
    for d in range(3)
    for m in "abc"
    for r in range(2)
    for f in range(10)
)


def test_a_table_s_spec_reads_it_again_the_same_and_round_trips_through_json(tmp_path):
    table = ScoreTable.read_csv(io.StringIO(TEXT))
    spec = table.spec
    assert spec.layout == "long" and spec.direction == "lower"
    assert spec.columns == {
        "model": "classifier",
        "dataset": "dataset",
        "score": "error_rate",
        "repeat": "run",
        "fold": "fold",
        "n_train": "n_train",
        "n_test": "n_test",
    }
    assert TableSpec.from_json(spec.to_json()) == spec
    path = tmp_path / "spec.json"
    spec.to_json(path)
    again = ScoreTable.read_csv(io.StringIO(TEXT), spec=TableSpec.from_json(path))
    assert (
        again == table
        and again.spec == spec
        and reading_text(again.reading) == reading_text(table.reading)
    )


def test_print_spec_then_spec_give_the_same_comparison_bit_for_bit(tmp_path, capsys):
    path = tmp_path / "errors.csv"
    path.write_text(TEXT)
    assert main(["compare", str(path), "--json"]) == 0
    plain = capsys.readouterr().out
    assert main(["compare", str(path), "--print-spec"]) == 0
    printed = capsys.readouterr().out
    spec = tmp_path / "spec.json"
    spec.write_text(printed)
    assert TableSpec.from_json(printed).direction == "lower"
    assert main(["compare", str(path), "--json", "--spec", str(spec)]) == 0
    assert capsys.readouterr().out == plain
    assert json.loads(plain)["spec"] == json.loads(printed)


def test_a_refusal_shows_the_spec_it_had_reached_and_one_field_settles_it(tmp_path, capsys):
    path = tmp_path / "table.csv"
    path.write_text("dataset,a,b,c\nd0,0.8,0.7,0.75\nd1,0.9,0.85,0.8\nd2,0.7,0.72,0.71\n")
    assert main(["compare", str(path), "--print-spec"]) == 2
    out, err = capsys.readouterr()
    assert "cannot tell which way is better" in err and err.count("\n") == 1
    reached = json.loads(out)
    assert reached["direction"] is None and reached["models"] == ["a", "b", "c"]
    reached["direction"] = "higher"  # the one field a person corrects
    corrected = tmp_path / "spec.json"
    corrected.write_text(json.dumps(reached))
    assert main(["compare", str(path), "--spec", str(corrected), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    witness = next(w for w in report["spec"]["witnesses"] if w["subject"] == "direction")
    assert witness == {
        "subject": "direction",
        "value": "higher",
        "by": "option",
        "source": "spec",
        "name": None,
        "found": None,
        "overrides": [],
    }


def test_an_unknown_field_is_refused_naming_it():
    data = ScoreTable.read_csv(io.StringIO(TEXT)).spec.to_dict()
    data["dirction"] = "lower"
    with pytest.raises(ValueError, match=r"unknown field\(s\) \['dirction'\]"):
        TableSpec.from_dict(data)


@pytest.mark.parametrize(
    "field, value, found",
    [
        ("columns", {"model": "learner", "score": "error_rate"}, "`columns.model` names 'learner'"),
        ("design", "means", "design='means'"),
        ("left_out", [{"kind": "data set", "name": "d9", "reason": "spec"}], "`left_out` names"),
        ("left_out", [{"kind": "row", "name": "d1", "reason": "mean"}], r"left_out\[\]\.reason"),
        ("witnesses", [{"subject": "x", "value": "x", "by": "name", "source": "why"}], "source"),
        ("direction", "sideways", "`direction` must be one of"),
        ("layout", "tall", "`layout` must be one of"),
    ],
)
def test_a_spec_the_file_contradicts_is_refused_naming_the_field(field, value, found):
    data = ScoreTable.read_csv(io.StringIO(TEXT)).spec.to_dict()
    data[field] = value
    with pytest.raises(ValueError, match=found):
        spec = TableSpec.from_dict(data)
        ScoreTable.read_csv(io.StringIO(TEXT), spec=spec)


def test_an_option_and_a_spec_that_disagree_are_refused():
    spec = ScoreTable.read_csv(io.StringIO(TEXT)).spec
    with pytest.raises(ValueError, match=naming("greater_is_better=True", "direction")):
        ScoreTable.read_csv(io.StringIO(TEXT), spec=spec, greater_is_better=True)


def test_every_report_and_json_carries_the_spec(tmp_path, capsys):
    table = ScoreTable.read_csv(io.StringIO(TEXT))
    comparison = compare_models(table, random_state=0)
    spec_json = table.spec.to_json().rstrip()
    assert "\n".join("    " + line for line in spec_json.splitlines()) in comparison.report()
    assert spec_json in comparison.report(format="markdown")
    assert "&quot;layout&quot;: &quot;long&quot;" in comparison.report(format="html")
    assert "Reading of the table" in comparison.report(format="latex")


def test_normalize_works_on_every_model_before_models_select(tmp_path, capsys):
    rng = np.random.default_rng(0)
    lines = ["dataset,model,fold,accuracy"]
    for d, scale in enumerate([0.9, 0.5, 0.7]):
        for m, lead in zip("abcd", (0.04, 0.02, 0.0, -0.1), strict=True):
            lines += [f"d{d},{m},{f},{scale + lead + rng.normal(0, 0.005):.4f}" for f in range(5)]
    text = "\n".join(lines) + "\n"
    every = ScoreTable.read_csv(io.StringIO(text), test_train_ratio=1 / 4, normalize="best-worst")
    pair = ScoreTable.read_csv(
        io.StringIO(text), test_train_ratio=1 / 4, normalize="best-worst", models=["a", "b"]
    )
    np.testing.assert_array_equal(pair.scores("d0"), every.scores("d0")[:2])
    # Normalized over the pair alone, every difference would be 1.
    with pytest.raises(ValueError, match="normalizing the scores of 2 models"):
        every.select(models=["a", "b"]).normalized()
    path = tmp_path / "accuracy.csv"
    path.write_text(text)
    options = ["--test-train-ratio", "1/4", "--normalize", "best-worst", "--json"]
    assert main(["compare", str(path), *options, "--models", "a", "b"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["spec"]["normalize"] == "best-worst" and report["spec"]["models"] == ["a", "b"]
    assert 0 < report["pairs"][0]["mean_difference"] < 1


def test_the_back_ends_import_no_reader():
    assert loaded_by_import("sklearn_bayescmp.stats", ["sklearn_bayescmp.tables"]) == []


def test_a_refusal_pickles_with_its_spec():
    import pickle

    with pytest.raises(TableReadingError) as caught:
        ScoreTable.from_wide({"dataset": ["a", "b", "c"], "x": [1.0, 2, 3], "y": [2.0, 1, 3]})
    again = pickle.loads(pickle.dumps(caught.value))
    assert str(again) == str(caught.value) and again.spec == caught.value.spec


def _accuracy_of_two_scales():
    """Accuracy in percent on data sets whose differences are ten times apart and more:
    one unit, said by the name (``accuracy``), which the range alone would not say."""
    rows = ["dataset,model,fold,accuracy"]
    for d, spread in enumerate((0.05, 0.5, 5.0)):
        for m, offset in (("a", 1), ("b", 0)):
            rows += [f"d{d},{m},{f},{50 + spread * (offset + 0.1 * f):.4f}" for f in range(5)]
    return "\n".join(rows) + "\n"


def test_the_units_and_the_scale_of_a_reading_are_those_of_its_spec_passed_back(tmp_path, capsys):
    first = ScoreTable.read_csv(io.StringIO(_accuracy_of_two_scales()), design="resamples")
    assert first.spec.scale == "percent" and first.spec.units == "shared"
    assert first.units is None
    again = ScoreTable.read_csv(io.StringIO(_accuracy_of_two_scales()), spec=first.spec)
    assert again.units is None and again.spec == first.spec
    # The command: --print-spec then --spec gives what the plain run gives.
    path = tmp_path / "accuracy.csv"
    path.write_text(_accuracy_of_two_scales())
    assert main(["compare", str(path), "--design", "resamples", "--json"]) == 0
    plain = capsys.readouterr().out
    assert main(["compare", str(path), "--design", "resamples", "--print-spec"]) == 0
    spec = tmp_path / "spec.json"
    spec.write_text(capsys.readouterr().out)
    assert main(["compare", str(path), "--json", "--spec", str(spec)]) == 0
    assert capsys.readouterr().out == plain


@pytest.mark.parametrize(
    "scale, values",
    [("shares", "1.5,2.5,1.2"), ("percent", "150,250,120"), ("percent", "-5,40,50")],
)
def test_a_scale_the_scores_contradict_is_refused_naming_the_field(scale, values):
    text = "dataset,a,b\n" + "".join(
        f"d{d},{value},{float(value) + 0.5}\n" for d, value in enumerate(values.split(","))
    )
    spec = TableSpec(direction="higher", scale=scale)
    with pytest.raises(TableReadingError, match=naming("the spec's `scale` says", scale)):
        ScoreTable.read_csv(io.StringIO(text), spec=spec)
    assert ScoreTable.read_csv(io.StringIO(text), spec=spec.decided("scale", "other", "option"))


def test_a_misspelt_kind_of_what_is_left_out_is_refused():
    data = {"kind": "rwo", "name": "Average", "reason": "summary", "about": ["mean", "rows"]}
    with pytest.raises(ValueError, match=naming("left_out[].kind", "'rwo'")):
        TableSpec.from_dict({"left_out": [data]})


def test_a_column_both_left_out_and_read_as_a_model_is_refused():
    text = "dataset,a,b,c\nd0,0.8,0.7,0.75\nd1,0.9,0.85,0.8\nd2,0.7,0.72,0.71\n"
    first = ScoreTable.read_csv(io.StringIO(text), greater_is_better=True)
    left = (*first.spec.left_out, LeftOut("column", "c", "spec"))
    spec = dataclasses.replace(first.spec, left_out=left)
    with pytest.raises(TableReadingError, match=naming("leaves out column 'c'", "models")):
        ScoreTable.read_csv(io.StringIO(text), spec=spec)


def _differences():
    rng = np.random.default_rng(0)
    rows = ["dataset,repeat,fold,n_train,n_test,difference"]
    rows += [f"d{d},0,{f},90,10,{rng.normal(0.01, 0.02):.4f}" for d in range(3) for f in range(10)]
    return "\n".join(rows) + "\n"


def test_a_differences_file_is_read_by_the_spec_passed_back():
    first = ScoreTable.read_csv(io.StringIO(_differences()))
    assert ScoreTable.read_csv(io.StringIO(_differences()), spec=first.spec).spec == first.spec
    told = ScoreTable.read_csv(
        io.StringIO(_differences()), spec=TableSpec(direction="lower", design="resamples")
    )
    assert told.spec.direction == "lower" and told.design == "resamples"
    np.testing.assert_array_equal(
        told.differences("A", "B")["d0"].differences,
        -first.differences("A", "B")["d0"].differences,
    )
    # A direction edited by hand, its witness left: the user's, not the old witness's words.
    edited = ScoreTable.read_csv(
        io.StringIO(_differences()), spec=dataclasses.replace(first.spec, direction="lower")
    )
    assert edited.spec.direction == "lower"
    assert edited.spec.witness("direction") == Witness("direction", "lower", "option", "spec")
    with pytest.raises(TableReadingError, match=naming("the spec's fold_suffix", "remove it")):
        ScoreTable.read_csv(io.StringIO(_differences()), spec=TableSpec(fold_suffix="_"))
    with pytest.raises(TableReadingError, match=naming("greater_is_better=True", "'lower'")):
        ScoreTable.read_csv(
            io.StringIO(_differences()), greater_is_better=True, spec=TableSpec(direction="lower")
        )


def test_the_spec_of_another_file_is_refused_where_this_file_contradicts_it(tmp_path):
    rows = "".join(f"d{d},{m},{v}\n" for d in range(3) for m, v in (("a", 0.1), ("b", 0.2)))
    errors, accuracy = tmp_path / "test_error.csv", tmp_path / "accuracy.csv"
    errors.write_text("dataset,model,value\n" + rows)
    accuracy.write_text("dataset,model,value\n" + rows)
    spec = ScoreTable.read_csv(errors).spec
    assert spec.direction == "lower" and spec.witness("direction").by == "name"
    with pytest.raises(TableReadingError, match=naming("`direction` is 'lower'", "'higher'")):
        ScoreTable.read_csv(accuracy, spec=spec)
    # The advice: the user's answer is taken over the spec's witness.
    assert (
        ScoreTable.read_csv(accuracy, spec=spec, greater_is_better=False).spec.direction == "lower"
    )


def test_units_a_spec_found_shared_are_refused_on_scores_of_other_scales():
    def rmse(scales):
        rows = "".join(
            f"d{d},{m},{scale * v}\n"
            for d, scale in enumerate(scales)
            for m, v in (("a", 1.0), ("b", 1.2), ("c", 1.1))
        )
        return io.StringIO("dataset,model,rmse\n" + rows)

    spec = ScoreTable.read_csv(rmse([1, 2, 3])).spec
    assert spec.units == "shared" and spec.witness("units").by == "values"
    with pytest.raises(TableReadingError, match=naming("`units` is 'shared'", "'differ'")):
        ScoreTable.read_csv(rmse([1, 1e4, 1e7]), spec=spec)
    # Deleting the witness takes the field as the user's, as the message says.
    said = dataclasses.replace(
        spec, witnesses=tuple(w for w in spec.witnesses if w.subject != "units")
    )
    assert ScoreTable.read_csv(rmse([1, 1e4, 1e7]), spec=said).units is None


def test_a_spec_s_decision_is_the_user_s_where_this_file_has_no_witness_of_it(tmp_path):
    rows = "".join(f"d{d},{m},{v}\n" for d in range(3) for m, v in (("a", 0.1), ("b", 0.2)))
    errors, results = tmp_path / "test_error.csv", tmp_path / "results.csv"
    errors.write_text("dataset,model,value\n" + rows)
    results.write_text("dataset,model,value\n" + rows)
    table = ScoreTable.read_csv(results, spec=ScoreTable.read_csv(errors).spec)
    # Not the other file's name as this file's evidence: the spec's choice, said so.
    assert table.spec.direction == "lower"
    assert table.spec.witness("direction").by == "option"
    assert "test_error" not in reading_text(table.reading)


@pytest.mark.parametrize("version", [1, 2])
def test_an_older_spec_s_words_are_read_as_the_spec_s(version):
    table = ScoreTable.read_csv(io.StringIO(TEXT))
    data = table.spec.to_dict()
    assert data["version"] == 3
    data["version"] = version
    for witness in data["witnesses"]:
        for key in ("source", "name", "found", "overrides"):
            del witness[key]
        witness["why"] = "words of an older version"
        if version == 1 and witness["subject"] == "direction":
            witness["value"] = f"{witness['value']} is better"
        elif version == 1 and witness["subject"] == "design":
            witness["value"] = DESIGNS[witness["value"]]
    old = TableSpec.from_dict(data)
    # Words no code says are never printed as the package's evidence: the spec's choice.
    assert {w.source for w in old.witnesses} == {"spec"}
    said = [(w.subject, w.value, w.by) for w in old.witnesses]
    assert said == [(w.subject, w.value, w.by) for w in table.spec.witnesses]
    assert ScoreTable.read_csv(io.StringIO(TEXT), spec=old) == table
    left = {"kind": "row", "name": "Average", "reason": "the mean of the other rows"}
    assert TableSpec.from_dict({**data, "left_out": [left]}).left_out == (
        LeftOut("row", "Average", "spec"),
    )
    metrics = {**data, "direction": {"auc": "higher", "rmse": "lower"}}
    metrics["witnesses"] = [
        {
            "subject": "direction",
            "value": "auc: higher is better; rmse: lower is better",
            "by": "values",
            "why": "x",
        }
    ]
    assert TableSpec.from_dict({**metrics, "version": 1}).witness("direction").value == {
        "auc": "higher",
        "rmse": "lower",
    }


@pytest.mark.parametrize(
    "field, entry",
    [
        ("witnesses", {"subject": "units", "value": "differ", "by": "option",
                       "source": "scales-differ", "found": "big"}),
        ("witnesses", {"subject": "design", "value": "cross-validation", "by": "option",
                       "source": "columns", "name": None}),
        ("witnesses", {"subject": "direction", "value": "lower", "by": "option",
                       "source": "option", "name": "greater_is_better",
                       "overrides": [["the file", "x", None]]}),
        ("left_out", {"kind": "row", "name": "d1", "reason": "summary", "about": ["mean"]}),
        ("left_out", {"kind": "column", "name": "x", "reason": "pair-statistic"}),
    ],
)  # fmt: skip
def test_a_spec_whose_codes_have_names_of_another_shape_is_refused_naming_the_field(field, entry):
    first = ScoreTable.read_csv(io.StringIO(TEXT))
    data = first.spec.to_dict()
    data[field] = [*data[field], entry]
    with pytest.raises(TableReadingError, match=naming(f"`{field}`", "remove the entry")):
        ScoreTable.read_csv(io.StringIO(TEXT), spec=TableSpec.from_dict(data))
    # The advice followed: the entry removed, the file reads as it did.
    data[field].remove(entry)
    assert ScoreTable.read_csv(io.StringIO(TEXT), spec=TableSpec.from_dict(data)) == first
