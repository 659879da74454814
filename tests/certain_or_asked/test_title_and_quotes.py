"""The rest of a CSV file's dialect, as a spec holds it: a title above the header (its
line, `header_row`) and the quote character (`quotechar`). A title of one cell is
skipped and said; one that the delimiter splits is asked about, and the answer reads."""

import io

import pytest

from sklearn_bayescmp import ScoreTable
from sklearn_bayescmp.cli import main
from sklearn_bayescmp.exceptions import TableReadingError
from sklearn_bayescmp.tables import TableSpec
from tests._messages import naming

ROWS = "dataset,a,b,c\nd0,0.81,0.70,0.75\nd1,0.90,0.85,0.80\nd2,0.70,0.72,0.71\n"


def _read(text, **options):
    return ScoreTable.read_csv(io.StringIO(text), greater_is_better=True, **options)


@pytest.mark.parametrize(
    "title",
    ["Table 3: accuracy of the classifiers\n", "Accuracy\n\n", "Results\nTable 2 (UCI)\n"],
)
def test_a_title_of_one_cell_above_the_header_is_skipped_and_said(title):
    plain = _read(ROWS)
    table = _read(title + ROWS)
    assert table == plain
    assert table.spec.header_row == title.count("\n")
    witness = table.spec.witness("header_row")
    assert (witness.by, witness.source) == ("values", "title-lines")
    assert f"the header read on line {title.count(chr(10)) + 1}" in table.reading
    # Read again by its spec: the same table and reading.
    again = _read(title + ROWS, spec=table.spec)
    assert again == table and again.reading == table.reading


def test_a_title_the_delimiter_splits_is_asked_and_the_answer_reads(tmp_path, capsys):
    text = "Table 3: accuracy, in shares\n" + ROWS
    with pytest.raises(TableReadingError, match=naming("line 1 is a title", "header_row=1")):
        _read(text)
    assert _read(text, header_row=1) == _read(ROWS)
    # The command names its flag, and the flag reads the file.
    path = tmp_path / "accuracy.csv"
    path.write_text(text)
    assert main(["compare", str(path), "--higher-is-better"]) == 2
    assert "pass --header-row 1" in capsys.readouterr().err
    assert main(["compare", str(path), "--higher-is-better", "--header-row", "1"]) == 0


def test_a_title_line_above_rows_that_vary_is_not_guessed_and_the_advice_goes_nearer():
    # One cell above rows of two widths: not read as a title; asked about.
    text = "note\na,b\n1,2,3\n"
    with pytest.raises(ValueError, match=naming("line 2", "header_row=1")):
        _read(text)
    # Followed, the advice names the next odd line, not the same question.
    with pytest.raises(ValueError, match=naming("line 3", "expected 2 cells")) as caught:
        _read(text, header_row=1)
    assert "header_row" not in str(caught.value)


def test_a_quote_character_reads_cells_that_hold_the_delimiter():
    text = "dataset;a;b\n'd;0';0.8;0.7\n'd;1';0.9;0.85\n'd2';0.7;0.72\n"
    with pytest.raises(ValueError, match=naming("line 2", "found 4")):
        _read(text)
    table = _read(text, quotechar="'")
    assert table.datasets == ("d;0", "d;1", "d2") and table.spec.quotechar == "'"
    assert TableSpec.from_json(table.spec.to_json()) == table.spec


@pytest.mark.parametrize(
    "options, field",
    [
        ({"quotechar": "''"}, "quotechar"),
        ({"quotechar": ","}, "quotechar"),
        ({"header_row": -1}, "header_row"),
        ({"header_row": True}, "header_row"),
        ({"header_row": 9}, "line 10"),
    ],
)
def test_a_hostile_dialect_is_refused_naming_it(options, field):
    with pytest.raises(ValueError, match=naming(field)):
        _read(ROWS, delimiter=",", **options)
