"""Refusals that point the right way: they name the column they took for each role, the
columns they ignored, and the option that fixes the table."""

import io
import re

import numpy as np
import pytest

from sklearn_bayescmp import ScoreTable, compare_models
from sklearn_bayescmp.cli import main
from sklearn_bayescmp.tables._words import reading_text
from tests._messages import naming

from .._tables import csv_file, csv_text, long_rows

ROWS = long_rows()


def test_a_method_column_taken_as_the_model_is_named_with_the_other_candidates():
    # `method` is a common name of the model; here it holds the resampling, and the
    # models are in a column of another name.
    header = ("dataset", "method", "learner_variant", "fold", "score")
    rows = [(d, "cv", clf, f, s) for d, clf, f, s in ROWS]
    with pytest.raises(
        ValueError,
        match=naming("column 'method'", "('cv')", "['learner_variant']", "model=<column>"),
    ):
        ScoreTable.read_csv(csv_file(header, rows), test_train_ratio=1 / 2)
    # Where `method` varies too, the repeated cell names the column that tells rows apart.
    rows = [(d, "cv" if clf == "a" else "boot", clf + "1", f, s) for d, clf, f, s in ROWS]
    rows += [(d, "cv", "c1", f, s) for d, clf, f, s in ROWS if clf == "a"]
    with pytest.raises(
        ValueError,
        match=naming("'a1' and 'c1'", "model='learner_variant'"),
    ):
        ScoreTable.read_csv(csv_file(header, rows), test_train_ratio=1 / 2)
    table = ScoreTable.read_csv(
        csv_file(header, rows), test_train_ratio=1 / 2, model="learner_variant"
    )
    assert table.models == ("a1", "b1", "c1") and table.ignored_columns == ("method",)


def test_a_repeated_cell_names_an_unnamed_repeat_column():
    rows = [(d, m, it, f, s) for d, m, f, s in ROWS for it in (0, 1)]
    with pytest.raises(
        ValueError,
        match=naming("'0' and '1'", "repeat='replicate'", "fold='replicate'"),
    ):
        ScoreTable.read_csv(
            csv_file(("dataset", "model", "replicate", "fold", "score"), rows),
            test_train_ratio=1 / 2,
        )


def test_a_repeated_cell_names_a_text_column_as_model_data_set_or_metric():
    rows = [(d, m, k, f, s) for d, m, f, s in ROWS for k in ("x", "y")]
    with pytest.raises(
        ValueError,
        match=naming("model='kind'", "dataset='kind'", "metric=<name>"),
    ):
        ScoreTable.read_csv(
            csv_file(("dataset", "model", "kind", "fold", "score"), rows), test_train_ratio=1 / 2
        )


def test_a_repeated_row_is_called_what_it_is():
    with pytest.raises(ValueError, match=naming("repeated row")):
        ScoreTable.read_csv(
            csv_file(("dataset", "model", "fold", "score"), ROWS + ROWS[:1]), test_train_ratio=1 / 2
        )


def test_an_openml_table_mixing_functions_is_refused_for_that_reason():
    header = ("flow_name", "data_name", "repeat", "fold", "function", "value")
    rows = [
        (m, d, 0, f, function, s)
        for d, m, f, s in ROWS
        for function in ("predictive_accuracy", "area_under_roc_curve")
    ]
    with pytest.raises(ValueError, match=naming("'function'", "'iris'")):
        ScoreTable.read_csv(csv_file(header, rows), test_train_ratio=1 / 2)


def test_a_table_of_means_with_an_unknown_data_set_column_names_that_column():
    # One score per data set and model: not "does not say which split".
    rows = [(d, m, s) for d, m, f, s in ROWS if f == 0] + [
        ("adult", "a", 0.7),
        ("adult", "b", 0.69),
    ]
    with pytest.raises(ValueError, match=re.escape("column 'suite' has no role")) as error:
        ScoreTable.read_csv(csv_file(("suite", "model", "score"), rows))
    assert "does not say which split" not in str(error.value)
    table = ScoreTable.read_csv(csv_file(("suite", "model", "score"), rows), dataset="suite")
    assert table.datasets == ("iris", "wine", "adult")


def test_the_command_translates_the_options_of_a_refusal(tmp_path, capsys):
    path = tmp_path / "scores.csv"
    path.write_text(csv_text(("my suite", "model", "fold", "score"), ROWS))
    assert main(["compare", str(path), "--test-train-ratio", "1/2"]) == 2
    err = capsys.readouterr().err
    assert "pass --dataset-col 'my suite'" in err and "dataset=" not in err
    assert (
        main(
            [
                "compare",
                str(path),
                "--test-train-ratio",
                "1/2",
                "--dataset-col",
                "my suite",
            ]
        )
        == 0
    )


def test_figures_that_are_not_path_caption_pairs_are_refused_in_one_line():
    table = ScoreTable(
        {f"d{i}": np.random.default_rng(i).normal(0.8, 0.02, (3, 5)) for i in range(3)},
        models=["a", "b", "c"],
        test_train_ratio=1 / 4,
    )
    comparison = compare_models(table, random_state=0)
    with pytest.raises(ValueError, match=naming("`figures`", "(path, caption)")):
        comparison.report(format="markdown", figures=[("a.svg", "caption", "extra")])
    with pytest.raises(ValueError, match="`figures` must be"):
        comparison.report(format="markdown", figures=[3])
    # A path alone is a figure without a caption.
    assert "](a.svg)" in comparison.report(format="markdown", figures=["a.svg"])
    assert "](b.svg)" in comparison.report(format="markdown", figures="b.svg")


def test_a_long_table_of_unknown_names_is_told_how_to_read_either_way():
    text = "Datensatz,Modell,Fold,Genauigkeit\nd,a,0,0.8\nd,b,0,0.7\ne,a,0,0.9\ne,b,0,0.6\n"
    with pytest.raises(
        ValueError,
        match=naming("long", "model=<column>", "score=<column>"),
    ):
        ScoreTable.read_csv(io.StringIO(text), greater_is_better=True)
    table = ScoreTable.read_csv(
        io.StringIO(text),
        model="Modell",
        score="Genauigkeit",
        dataset="Datensatz",
        greater_is_better=True,
    )
    assert table.models == ("a", "b") and table.datasets == ("d", "e")


def test_an_empty_table_is_said_to_be_empty():
    with pytest.raises(ValueError, match="The dict of columns has no rows"):
        ScoreTable.from_long({"model": [], "score": [], "fold": []}, test_train_ratio=1)


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        (
            ["RF", "tuned", "b"],
            "--models names 'RF', 'tuned', which are not columns of the table. 'RF' and 'tuned' "
            "together are the column 'RF, tuned': give it as one name (quoted, on a command "
            "line).",
        ),
        (["rf, Tuned", "b"], "Did you mean 'RF, tuned' for 'rf, Tuned'?"),
        (["RF, tunde", "b"], "Did you mean 'RF, tuned' for 'RF, tunde'?"),
    ],
)
def test_a_model_name_the_command_line_split_or_misspelt_is_named_whole(
    tmp_path, capsys, given, expected
):
    path = tmp_path / "scores.csv"
    path.write_text('dataset,"RF, tuned",b\nd0,0.8,0.7\nd1,0.9,0.8\nd2,0.7,0.72\n')
    assert main(["compare", str(path), "--models", *given]) == 2
    err = " ".join(capsys.readouterr().err.split())
    assert expected in err and "Its columns: 'dataset', 'RF, tuned', 'b'." in err
    assert "models=" not in err  # the command's option, not the library's argument


def test_select_names_the_models_and_data_sets_it_does_not_know():
    table = ScoreTable.from_long(
        {
            "dataset": ["iris"] * 4 + ["wine"] * 4,
            "model": ["RandomForest", "SVC"] * 4,
            "fold": [0, 0, 1, 1] * 2,
            "score": [0.9, 0.8, 0.91, 0.82, 0.7, 0.6, 0.72, 0.61],
        },
        test_train_ratio=1 / 2,
    )
    with pytest.raises(ValueError, match=naming("'RandomForest'", "'randomforest'")):
        table.select(models=["randomforest", "SVC"])
    with pytest.raises(ValueError, match=naming("`datasets`", "'Wine '")):
        table.select(datasets=["iris", "Wine "])


def test_one_data_set_of_a_table_of_means_is_told_what_a_test_needs(tmp_path, capsys):
    path = tmp_path / "means.csv"
    path.write_text("dataset,a,b,c\nd0,0.8,0.7,0.75\nd1,0.9,0.8,0.85\nd2,0.7,0.72,0.71\n")
    assert main(["compare", str(path), "--datasets", "d0", "--higher-is-better"]) == 2
    err = " ".join(capsys.readouterr().err.split())
    assert "this table holds one score per model, on one data set ('d0')" in err
    assert "Compare over two or more data sets" in err and "--datasets NAME" in err
    assert "cross-validation splits" not in err.replace("every split of this data set", "")


def test_two_results_files_of_one_name_in_two_folders_are_two_models(tmp_path, capsys):
    header = "Resamples:,0,1,2\n"
    for folder, scores in (("old", "0.90,0.91,0.92"), ("new", "0.93,0.91,0.95")):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "RF_accuracy.csv").write_text(
            f"{header}Chinatown,{scores}\nItaly,{scores}\n"
        )
    (tmp_path / "new" / "HC2_accuracy.csv").write_text(
        f"{header}Chinatown,0.94,0.95,0.96\nItaly,0.91,0.91,0.92\n"
    )
    files = [tmp_path / "old" / "RF_accuracy.csv", tmp_path / "new" / "RF_accuracy.csv"]
    table = ScoreTable.read_resamples([*files, tmp_path / "new" / "HC2_accuracy.csv"])
    assert table.models == ("old/RF", "new/RF", "HC2")
    assert "the files that share a name told apart by their folders" in reading_text(table.reading)
    # The command selects them by those names; one file given twice is refused.
    args = ["compare", *map(str, files), "--models", "new/RF", "old/RF"]
    assert main(args) == 0, capsys.readouterr().err
    with pytest.raises(ValueError, match="is given twice"):
        ScoreTable.read_resamples([files[0], tmp_path / "old" / ".." / "old" / "RF_accuracy.csv"])
