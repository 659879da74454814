"""The reading is a spec: seen (``table.spec``, ``--print-spec``), corrected one field at a
time, saved and passed back (``spec=``, ``--spec FILE``) for the same comparison, bit for
bit; an unknown field, or one the file contradicts, is refused with the field named."""

import io
import json

import numpy as np
import pytest

from sklearn_bayescmp import ScoreTable, compare_models
from sklearn_bayescmp.cli import main
from sklearn_bayescmp.exceptions import TableReadingError
from sklearn_bayescmp.tables import TableSpec
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
    assert again == table and again.spec == spec and again.reading == table.reading


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
        "value": "higher is better",
        "by": "option",
        "why": "the spec given",
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
        ("left_out", [{"kind": "data set", "name": "d9", "reason": "x"}], "`left_out` names"),
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
    import subprocess
    import sys

    code = (
        "import sys, sklearn_bayescmp.stats\n"
        "print(sorted(m for m in sys.modules if m.startswith('sklearn_bayescmp.tables')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_a_refusal_pickles_with_its_spec():
    import pickle

    with pytest.raises(TableReadingError) as caught:
        ScoreTable.from_wide({"dataset": ["a", "b", "c"], "x": [1.0, 2, 3], "y": [2.0, 1, 3]})
    again = pickle.loads(pickle.dumps(caught.value))
    assert str(again) == str(caught.value) and again.spec == caught.value.spec
