"""Fresh variants of the classes of silent readings: each ends in a right reading, or in
a one-line question whose advice, followed, gives the right reading."""

import io

import pytest

from sklearn_bayescmp import ScoreTable
from sklearn_bayescmp.exceptions import TableReadingError
from tests._messages import naming


def _read(text, **options):
    return ScoreTable.read_csv(io.StringIO(text), **options)


def test_a_loss_column_beside_a_metric_column_of_a_score_is_asked():
    rows = "".join(
        f"d{d},{m},accuracy,{0.8 + 0.01 * d + (0.02 if m == 'a' else 0)}\n"
        for d in range(4)
        for m in "ab"
    )
    text = "dataset,model,metric,loss\n" + rows
    with pytest.raises(TableReadingError, match=naming("'loss'", "'accuracy'", "disagree")):
        _read(text)
    assert _read(text, greater_is_better=True).spec.direction == "higher"


def test_a_column_named_like_a_spread_that_holds_scores_is_asked():
    text = (
        "dataset,A,sd_A,B\nd0,0.8,0.79,0.7\nd1,0.9,0.88,0.85\nd2,0.7,0.71,0.72\nd3,0.75,0.74,0.7\n"
    )
    with pytest.raises(TableReadingError, match=naming("'sd_A'", "models=[...]")):
        _read(text, greater_is_better=True)
    table = _read(text, greater_is_better=True, models=["A", "sd_A", "B"])
    assert table.models == ("A", "sd_A", "B")


def test_a_spread_column_is_still_a_spread():
    text = (
        "dataset,A,sd_A,B\nd0,0.8,0.02,0.7\nd1,0.9,0.01,0.85\nd2,0.7,0.03,0.72\nd3,0.75,0.02,0.7\n"
    )
    assert _read(text, greater_is_better=True).models == ("A", "B")


def test_a_geometric_mean_row_named_gm_is_left_out():
    text = "dataset,A,B,C\nd0,0.8,0.7,0.6\nd1,0.9,0.85,0.7\nd2,0.7,0.72,0.5\nGM,0.796,0.755,0.594\n"
    table = _read(text, greater_is_better=True)
    assert table.datasets == ("d0", "d1", "d2")
    assert ("row", "GM") in {(e.kind, e.name) for e in table.spec.left_out}


@pytest.mark.parametrize("mark", ["▲", "▼", "↑", "△"])
def test_cells_with_a_triangle_or_an_arrow_keep_their_model(mark):
    text = (
        f"dataset,A,B,C\nd0,0.812 {mark},0.7,0.6\nd1,0.9,0.85 {mark},0.7\n"
        f"d2,0.7,0.72 {mark},0.5\nd3,0.7,0.72,0.5\n"
    )
    table = _read(text, greater_is_better=True)
    assert table.models == ("A", "B", "C") and table.scores("d0")[0, 0] == 0.812


@pytest.mark.parametrize("ratio", [1 / 4, 0.3])
def test_a_ratio_no_repeated_ten_fold_cross_validation_has_is_refused(ratio):
    rows = "".join(
        f"d{d},{m},{r},{f},{0.8 + 0.01 * f + (0.02 if m == 'a' else 0)}\n"
        for d in range(3)
        for m in "ab"
        for r in range(2)
        for f in range(10)
    )
    text = "dataset,model,repeat,fold,accuracy\n" + rows
    with pytest.raises(TableReadingError, match=naming("10 folds", "test_train_ratio=1/9")):
        _read(text, test_train_ratio=ratio)
    assert _read(text, test_train_ratio=1 / 9).design == "cross-validation"


_TURNED = (
    "Dataset,iris,wine,glass,yeast\nA,0.95,0.7,0.6,0.5\nB,0.94,0.71,0.62,0.51\nD,0.92,0.72,0.6,0.5\n"
    "C,0.93,0.69,0.59,0.52\n"
)


def test_a_table_whose_columns_differ_as_data_sets_do_is_asked_which_way_round():
    with pytest.raises(TableReadingError, match=naming("layout='transposed'", "layout='wide'")):
        _read(_TURNED, greater_is_better=True)
    turned = _read(_TURNED, greater_is_better=True, layout="transposed")
    assert turned.models == ("A", "B", "D", "C") and turned.datasets[0] == "iris"
    assert _read(_TURNED, greater_is_better=True, layout="wide").models[0] == "iris"


def test_turning_a_table_around_needs_no_model_names(tmp_path, capsys):
    from sklearn_bayescmp.cli import main

    path = tmp_path / "accuracy.csv"
    path.write_text("model," + _TURNED.split(",", 1)[1])
    assert main(["compare", str(path)]) == 2
    assert "--layout transposed" in capsys.readouterr().err
    assert main(["compare", str(path), "--layout", "transposed"]) == 0


def test_a_markdown_table_is_named_as_one_and_its_csv_is_read():
    markdown = "| dataset | A | B |\n|---|:---:|---:|\n| d0 | 0.8 | 0.7 |\n| d1 | 0.9 | 0.85 |\n"
    with pytest.raises(ValueError, match=naming("is a Markdown table", "as CSV")):
        _read(markdown, greater_is_better=True)
    # The advice followed: the cells between commas, without the '---' row.
    lines = [line.strip("| ").replace(" | ", ",") for line in markdown.splitlines()]
    text = "\n".join(line for k, line in enumerate(lines) if k != 1) + "\n"
    assert _read(text, greater_is_better=True).models == ("A", "B")


_NO_DIRECTION = "dataset,a,b,c\nd0,0.8,0.7,0.75\nd1,0.9,0.85,0.8\nd2,0.7,0.72,0.71\n"
_SUFFIXED = "dataset,a,b\n" + "".join(
    f"{name}_{i},0.{i}{k},0.{k}{i}\n"
    for k, name in enumerate(["friedman", "monks"])
    for i in (1, 2, 3)
)
_LOSS_AND_ACCURACY = "dataset,model,metric,loss\n" + "".join(
    f"d{d},{m},accuracy,{0.8 + 0.01 * d + (0.02 if m == 'a' else 0)}\n"
    for d in range(4)
    for m in "ab"
)


@pytest.mark.parametrize(
    "text, options, field, option, answer",
    [
        (_NO_DIRECTION, {}, "direction", "greater_is_better", True),
        (_LOSS_AND_ACCURACY, {}, "direction", "greater_is_better", True),
        (_SUFFIXED, {"greater_is_better": True}, "fold_suffix", "fold_suffix", ""),
        (_TURNED, {"greater_is_better": True}, "layout", "layout", "transposed"),
    ],
)
def test_a_question_names_its_field_and_the_option_that_answers_it(
    text, options, field, option, answer
):
    with pytest.raises(TableReadingError) as caught:
        _read(text, **options)
    assert (caught.value.field, caught.value.option) == (field, option)
    assert caught.value.spec is not None  # the reading reached, to correct and pass back
    # The option the error names, given, answers it.
    assert _read(text, **options, **{option: answer}).spec.witnesses


def test_a_spec_the_file_contradicts_names_the_field():
    spec = ScoreTable.read_csv(io.StringIO(_NO_DIRECTION), greater_is_better=True).spec
    with pytest.raises(TableReadingError) as caught:
        _read(_NO_DIRECTION, spec=spec, datasets=["d0", "d9"])
    assert caught.value.option == "datasets" and caught.value.field == "datasets"


def test_the_command_s_advice_to_list_the_models_is_followed(tmp_path, capsys):
    from sklearn_bayescmp.cli import main

    # Column 'X' is 'B' minus 'C' on every row: a column of changes, or a model?
    rows = [(0.8, 0.7), (0.9, 0.85), (0.7, 0.72), (0.75, 0.7)]
    text = "dataset,X,B,C\n" + "".join(
        f"d{d},{b - c:.2f},{b},{c}\n" for d, (b, c) in enumerate(rows)
    )
    path = tmp_path / "scores.csv"
    path.write_text(text)
    assert main(["compare", str(path), "--higher-is-better"]) == 2
    assert "--models NAME" in capsys.readouterr().err
    told = ["--higher-is-better", "--models", "X", "B", "C"]
    assert main(["compare", str(path), *told]) == 0


def test_a_transposed_table_of_two_text_columns_asks_for_the_models_column():
    text = "name,kind,d0,d1,d2,d3\nA,x,0.8,0.9,0.7,0.6\nB,y,0.7,0.85,0.72,0.61\n"
    with pytest.raises(TableReadingError) as caught:
        _read(text, greater_is_better=True, layout="transposed")
    assert (caught.value.field, caught.value.option) == ("columns.model", "model")
    # The advice followed: the models' column named.
    table = _read(text, greater_is_better=True, layout="transposed", model="name")
    assert table.models == ("A", "B") and table.datasets == ("d0", "d1", "d2", "d3")
    assert table.scores("d1")[:, 0].tolist() == [0.9, 0.85]


def test_listing_the_models_keeps_the_one_text_column_as_the_data_sets():
    # TSB-AD's file: a column of series' file names, a column per detector.
    rows = "".join(
        f"s{i}.csv,{0.3 + 0.01 * i},{0.32 + 0.01 * i},{0.2 + 0.012 * i}\n" for i in range(6)
    )
    table = _read("file,A,B,C\n" + rows, greater_is_better=True, models=["A", "B"])
    assert table.n_datasets == 6 and table.models == ("A", "B")
    assert table.spec.witness("dataset").by == "values"
    two = "file,kind,A,B,C\n" + "".join(
        f"s{i}.csv,k{i % 2},{0.3 + 0.01 * i},{0.32 + 0.01 * i},{0.2 + 0.012 * i}\n"
        for i in range(6)
    )
    with pytest.raises(TableReadingError, match=naming("['file', 'kind']", "dataset=")) as info:
        _read(two, greater_is_better=True, models=["A", "B"])
    assert info.value.option == "dataset"
    table = _read(two, greater_is_better=True, models=["A", "B"], dataset="file")
    assert table.n_datasets == 6
