"""The rest of a CSV file's dialect, as a spec holds it: a title above the header (its
line, `header_row`) and the quote character (`quotechar`). A title of one cell is
skipped and said; one that the delimiter splits is asked about, and the answer reads."""

import io

import pytest

from sklearn_bayescmp import ScoreTable
from sklearn_bayescmp.cli import main
from sklearn_bayescmp.exceptions import TableReadingError
from sklearn_bayescmp.tables import TableSpec
from sklearn_bayescmp.tables._words import reading_text
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
    assert f"the header read on line {title.count(chr(10)) + 1}" in reading_text(table.reading)
    # Read again by its spec: the same table and reading.
    again = _read(title + ROWS, spec=table.spec)
    assert again == table and reading_text(again.reading) == reading_text(table.reading)


@pytest.mark.parametrize(
    "text, field, said",
    [
        ("Table 3: accuracy, in shares\n" + ROWS, "header_row", "line 1 is a title"),
        (ROWS + "\nNote: accuracy, 10-fold cross-validation\n", "footer_rows", "line 6"),
    ],
)
def test_a_title_or_a_note_the_delimiter_splits_is_asked_and_the_answer_reads(
    text, field, said, tmp_path, capsys
):
    with pytest.raises(TableReadingError, match=naming(said, f"{field}=1")) as caught:
        _read(text)
    assert (caught.value.field, caught.value.option) == (field, field)
    assert _read(text, **{field: 1}) == _read(ROWS)
    # The command names its flag, and the flag reads the file.
    path = tmp_path / "accuracy.csv"
    path.write_text(text)
    flag = "--" + field.replace("_", "-")
    assert main(["compare", str(path), "--higher-is-better"]) == 2
    assert f"pass {flag} 1" in capsys.readouterr().err
    assert main(["compare", str(path), "--higher-is-better", flag, "1"]) == 0


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
        ({"footer_rows": -1}, "footer_rows"),
        ({"footer_rows": 2.0}, "footer_rows"),
    ],
)
def test_a_hostile_dialect_is_refused_naming_it(options, field):
    with pytest.raises(ValueError, match=naming(field)):
        _read(ROWS, delimiter=",", **options)


@pytest.mark.parametrize(
    "note", ["Best results in bold.\n", "\nSource: the authors.\n* p < 0.05\n"]
)
def test_a_note_of_one_cell_below_the_table_is_skipped_and_said(note):
    table = _read(ROWS + note)
    assert table == _read(ROWS)
    lines = [line for line in note.splitlines() if line.strip()]
    assert table.spec.footer_rows == len(lines)
    witness = table.spec.witness("footer_rows")
    assert (witness.by, witness.source) == ("values", "note-lines")
    assert f"{len(lines)} line(s) below the table skipped, a note ({lines[0]!r})" in (
        reading_text(table.reading)
    )
    again = _read(ROWS + note, spec=table.spec)
    assert again == table and reading_text(again.reading) == reading_text(table.reading)


def test_a_short_last_row_is_refused_not_left_out_as_a_note():
    # Two cells of four: a data row cut short, not a note; no footer is guessed, and
    # footer_rows that would drop a row of the table's width is refused.
    with pytest.raises(ValueError, match=naming("line 5", "found 2")):
        _read(ROWS + "d3,0.7\n")
    with pytest.raises(TableReadingError, match=naming("footer_rows=1", "4 cells")):
        _read(ROWS, footer_rows=1)
    with pytest.raises(TableReadingError, match=naming("footer_rows=9", "no data row")):
        _read(ROWS + "note\n", footer_rows=9)


def test_a_note_below_a_table_longer_than_a_chunk_is_found(monkeypatch):
    from sklearn_bayescmp.tables import _source

    # Chunks of 8 rows: the note's two lines fall across a chunk's end.
    monkeypatch.setattr(_source, "_CHUNK", 8)
    monkeypatch.setattr(_source, "_TAIL", 3)
    rows = "".join(f"d{i},0.{i % 9 + 1},0.5,0.4\n" for i in range(15))
    text = "dataset,a,b,c\n" + rows + "A note.\nAnother.\n"
    table = _read(text)
    assert table.n_datasets == 15 and table.spec.footer_rows == 2


@pytest.mark.parametrize("first", ["sep=;\n", '"sep=;"\r\n', "SEP=;\n"])
def test_excel_s_line_naming_the_delimiter_gives_it_and_the_header_below(first):
    text = ROWS.replace(",", ";").replace("0.", "0,")
    table = _read(first + text)
    assert table == _read(text) and table.spec.delimiter == ";"
    witness = table.spec.witness("header_row")
    assert (witness.value, witness.by, witness.source) == (1, "values", "excel-separator")
    assert "the header read on line 2" in reading_text(table.reading)
