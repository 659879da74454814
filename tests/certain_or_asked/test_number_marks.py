"""How a file writes its numbers, as a spec decides it: the delimiter, the decimal and
thousands marks and the spellings of a missing score. A mark that two readings share is
asked about, and each question's advice, followed, gives the right reading."""

import io

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sklearn_bayescmp import ScoreTable
from sklearn_bayescmp.cli import main
from sklearn_bayescmp.exceptions import MissingScoresWarning, TableReadingError
from sklearn_bayescmp.tables import TableSpec
from sklearn_bayescmp.tables._cells import RawColumns
from sklearn_bayescmp.tables._source import read_csv_source
from sklearn_bayescmp.tables._words import reading_text
from tests._messages import naming
from tests._tables import files_of_one_model_each

#: RMSEs in the thousands, as a tab-separated export writes them with a thousands comma.
THOUSANDS = "dataset\tA\tB\nd1\t1,200\t1,300\nd2\t2,100\t2,000\nd3\t1,500\t1,400\n"


def _read(text, **options):
    return ScoreTable.read_csv(io.StringIO(text), greater_is_better=False, **options)


def _scores(table, model):
    return np.array([table.scores(name)[table.models.index(model), 0] for name in table.datasets])


def test_a_comma_that_could_group_thousands_is_asked_and_each_answer_reads():
    with pytest.raises(
        TableReadingError, match=naming("'1,200'", "decimal=','", "thousands=','")
    ) as info:
        _read(THOUSANDS)
    assert (info.value.field, info.value.option) == ("decimal", "decimal")
    # The losses are negated, so that A - B favours A.
    np.testing.assert_array_equal(
        _scores(_read(THOUSANDS, thousands=","), "A"), [-1200, -2100, -1500]
    )
    np.testing.assert_array_equal(_scores(_read(THOUSANDS, decimal=","), "A"), [-1.2, -2.1, -1.5])


def test_a_cell_that_can_only_be_a_decimal_comma_decides_the_others():
    text = THOUSANDS.replace("1,500", "0,915")
    table = _read(text)
    np.testing.assert_array_equal(_scores(table, "A"), [-1.2, -2.1, -0.915])
    assert table.spec.decimal == ","
    witness = table.spec.witness("decimal")
    assert (witness.by, witness.value) == ("values", ",")
    assert (witness.source, witness.found) == ("cells", "0,915")


def test_commas_and_points_both_are_both_read_and_the_spec_leaves_the_mark_open():
    text = "dataset;A;B\nd1;0,91;0.92\nd2;0,81;0.83\nd3;0,71;0.75\n"
    table = _read(text)
    np.testing.assert_array_equal(_scores(table, "B"), [-0.92, -0.83, -0.75])
    assert table.spec.decimal is None
    assert "decimal commas and decimal points both" in reading_text(table.reading)


def test_a_point_where_the_spec_says_a_comma_is_refused_naming_the_field():
    text = "dataset;A;B\nd1;0,91;0,92\nd2;0,81;0.83\nd3;0,71;0,75\n"
    with pytest.raises(TableReadingError, match=naming("'0.83'", "decimal='.'")) as info:
        _read(text, decimal=",")
    assert info.value.field == "decimal"


def test_thousands_with_a_decimal_point_in_a_comma_file():
    text = (
        'dataset,A,B\nd1,"1,234.5","1,300.25"\nd2,"1,100.0",950.5\nd3,"1,500,000.0","1,400,000"\n'
    )
    with pytest.raises(TableReadingError, match=naming("thousands=','")) as info:
        _read(text)
    assert info.value.option == "thousands"
    table = _read(text, thousands=",")
    np.testing.assert_array_equal(_scores(table, "A"), [-1234.5, -1100.0, -1500000.0])
    assert table.spec.thousands == "," and table.spec.decimal == "."


def test_a_point_that_groups_thousands_implies_a_decimal_comma():
    text = "dataset;A;B\nd1;1.234,5;1.300,25\nd2;12.100,0;950,5\nd3;1.500;1.400\n"
    with pytest.raises(TableReadingError, match=naming("thousands='.'", "decimal=','")):
        _read(text)
    table = _read(text, thousands=".")
    np.testing.assert_array_equal(_scores(table, "A"), [-1234.5, -12100.0, -1500.0])
    assert (table.spec.decimal, table.spec.thousands) == (",", ".")


def test_marks_that_do_not_group_by_three_are_no_number():
    with pytest.raises(TableReadingError, match=naming("'1,23'")):
        _read('dataset,A,B\nd1,"1,23",1\nd2,2,1\nd3,3,1\n', thousands=",")


def test_a_missing_spelling_is_asked_and_read_as_a_failed_score():
    text = "dataset,model,split,score\n" + "".join(
        f"d{d},{m},{s},{'-' if (d, m, s) == (0, 'a', 1) else 0.5 + 0.01 * s + 0.1 * d}\n"
        for d in range(3)
        for m in "ab"
        for s in range(3)
    )
    with pytest.raises(TableReadingError, match=naming("'-'", "missing=['-']")) as info:
        ScoreTable.read_csv(io.StringIO(text), greater_is_better=True, test_train_ratio=0.25)
    assert info.value.option == "missing"
    with pytest.warns(MissingScoresWarning, match=naming("1 score(s) are NaN")):
        table = ScoreTable.read_csv(
            io.StringIO(text), greater_is_better=True, test_train_ratio=0.25, missing=["-"]
        )
    assert table.n_failed == 1
    assert table.spec.missing == ("-",)
    assert "'-' read as a failed or missing score" in reading_text(table.reading)


def test_a_delimiter_given_that_leaves_the_header_one_cell_is_refused_with_the_fix():
    with pytest.raises(TableReadingError, match=naming("delimiter='\\t'")) as info:
        _read(THOUSANDS, delimiter=";")
    assert info.value.field == "delimiter"
    assert _read(THOUSANDS, delimiter="\t", thousands=",").spec.delimiter == "\t"


def test_the_marks_of_a_spec_are_kept_and_an_option_that_disagrees_is_refused():
    table = _read(THOUSANDS, thousands=",")
    spec = TableSpec.from_json(table.spec.to_json())
    again = ScoreTable.read_csv(io.StringIO(THOUSANDS), spec=spec)
    assert again == table and again.spec == table.spec
    with pytest.raises(TableReadingError, match=naming("decimal=','", "the spec's decimal")):
        ScoreTable.read_csv(io.StringIO(THOUSANDS), spec=spec, decimal=",")


@pytest.mark.parametrize(
    "fields, message",
    [
        ({"decimal": ";"}, "`decimal`"),
        ({"thousands": "_"}, "`thousands`"),
        ({"decimal": ",", "thousands": ","}, "two marks"),
        ({"delimiter": ";;"}, "one character"),
        ({"missing": "-"}, "`missing`"),
    ],
)
def test_a_spec_with_impossible_marks_is_refused_naming_the_field(fields, message):
    with pytest.raises(ValueError, match=naming(message)):
        TableSpec(**fields)


def test_the_command_reads_the_marks_it_is_told(tmp_path, capsys):
    path = tmp_path / "rmse.tsv"
    path.write_text(THOUSANDS, encoding="utf-8")
    assert main(["compare", str(path), "--lower-is-better", "--print-spec"]) == 2
    assert "--decimal ',' or --thousands ','" in capsys.readouterr().err
    code = main(
        [
            "compare",
            str(path),
            "--lower-is-better",
            "--thousands",
            ",",
            "--delimiter",
            "\\t",
            "--rope",
            "10",
            "--print-spec",
        ]
    )
    spec = TableSpec.from_json(capsys.readouterr().out)
    assert code == 0 and (spec.thousands, spec.delimiter) == (",", "\t")


@settings(max_examples=60, deadline=None)
@given(
    values=st.lists(
        st.floats(min_value=-1e9, max_value=1e9, allow_nan=False).map(lambda v: round(v, 3)),
        min_size=1,
        max_size=8,
    ),
    marks=st.sampled_from([(".", ","), (",", "."), (".", " "), (",", " "), (".", "'")]),
    delimiter=st.sampled_from([";", "\t"]),
    distinct=st.booleans(),
)
def test_numbers_written_with_any_marks_read_back_exactly(values, marks, delimiter, distinct):
    decimal, thousands = marks

    def written(value):
        return f"{value:,.3f}".replace(",", "\0").replace(".", decimal).replace("\0", thousands)

    # Repeated cells are kept as codes and parsed later; many distinct ones as numbers.
    cells = [written(v) for v in values] * (1 if distinct else 3)
    text = f"row{delimiter}score\n" + "".join(f"r{i}{delimiter}{c}\n" for i, c in enumerate(cells))
    source = read_csv_source(
        io.StringIO(text), delimiter=delimiter, decimal=decimal, thousands=thousands
    )
    scores, _ = RawColumns(source).numbers("score")
    np.testing.assert_array_equal(scores, values * (1 if distinct else 3))


@pytest.mark.parametrize(
    "options, error, message",
    [
        ({"decimal": ";"}, ValueError, "`decimal`"),
        ({"thousands": "_"}, ValueError, "`thousands`"),
        ({"decimal": ".", "thousands": "."}, ValueError, "two marks"),
        ({"missing": "-"}, TypeError, "`missing`"),
        ({"delimiter": "\\t"}, ValueError, "`delimiter`"),
    ],
)
def test_the_reader_refuses_impossible_marks_naming_the_option(options, error, message):
    with pytest.raises(error, match=naming(message)):
        _read(THOUSANDS, **options)


def test_several_files_refuse_the_marks_given_naming_them(tmp_path):
    paths = files_of_one_model_each(tmp_path)
    with pytest.raises(TypeError, match=naming("`decimal`", "`missing`")) as info:
        ScoreTable.read_csv(paths, decimal=",", missing=["-"], test_train_ratio=1 / 2)
    assert "`delimiter`" not in str(info.value)
    table = ScoreTable.read_csv(paths, test_train_ratio=1 / 2)  # the advice followed
    assert table.models == ("RF", "SVM")
