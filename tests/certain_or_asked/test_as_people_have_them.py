"""Files as people have them: several files of one model each, in any long layout; the
command's messages in its own options; no report over a file it did not write; names
that a spreadsheet would run written so that it does not."""

import csv
import io

import numpy as np
import pytest

from sklearn_bayescmp import ScoreTable
from sklearn_bayescmp.cli import main
from sklearn_bayescmp.tables._words import reading_text
from tests._tables import files_of_one_model_each


def _zero_shot(tmp_path):
    """A zero-shot forecasting benchmark's results: a file per model, each a long table
    ``dataset,model,MASE,WQL``."""
    rng = np.random.default_rng(0)
    paths = []
    for model, level in (("chronos_small", 0.9), ("timesfm", 0.95), ("seasonal_naive", 1.2)):
        lines = ["dataset,model,MASE,WQL"]
        for d in range(6):
            mase = level * (1 + 0.2 * d) * (1 + rng.normal(0, 0.02))
            lines.append(f"m{d},{model},{mase:.4f},{mase / 8:.4f}")
        path = tmp_path / f"{model}.csv"
        path.write_text("\n".join(lines) + "\n")
        paths.append(path)
    return paths


def test_files_of_one_model_each_in_a_long_layout_are_one_table(tmp_path):
    paths = _zero_shot(tmp_path)
    with pytest.raises(ValueError, match=r"columns \['MASE', 'WQL'\] could"):
        ScoreTable.read_csv(paths)
    table = ScoreTable.read_csv(paths, score="MASE")
    assert table.models == ("chronos_small", "timesfm", "seasonal_naive")
    assert table.n_datasets == 6 and table.design == "means"
    assert table.lower_is_better == table.datasets  # MASE: a loss, by its name


def test_files_without_a_model_column_are_named_by_their_files(tmp_path):
    paths = files_of_one_model_each(tmp_path)
    table = ScoreTable.read_csv(paths, test_train_ratio=1 / 2)
    assert table.models == ("RF", "SVM") and "one file per model" in reading_text(table.reading)


def test_the_command_names_its_own_options(tmp_path, capsys):
    path = tmp_path / "table.csv"
    rows = "".join(f"d{d},{f},0.8,0.7,{'xy'[f]}\n" for d in range(3) for f in range(2))
    path.write_text("dataset,fold,a,b,machine\n" + rows)
    assert main(["compare", str(path), "--higher-is-better", "--test-train-ratio", "1"]) == 2
    err = capsys.readouterr().err
    assert "--models NAME" in err and "models=" not in err
    options = ["--models", "a", "b", "--test-train-ratio", "1"]
    assert main(["compare", str(path), *options]) == 2
    err = capsys.readouterr().err
    assert "--higher-is-better" in err and "greater_is_better" not in err


def test_a_report_over_a_file_the_command_did_not_write_is_refused(tmp_path, capsys):
    table = tmp_path / "accuracy.csv"
    table.write_text("dataset,a,b\nd0,0.8,0.7\nd1,0.9,0.8\nd2,0.7,0.72\nd3,0.75,0.7\n")
    mine = tmp_path / "notes.md"
    mine.write_text("# my notes\n")
    assert main(["compare", str(table), "--report", str(mine)]) == 2
    assert "was not written by bayescmp compare" in capsys.readouterr().err
    assert mine.read_text() == "# my notes\n"
    report = tmp_path / "report.md"
    assert main(["compare", str(table), "--report", str(report)]) == 0
    assert main(["compare", str(table), "--report", str(report)]) == 0  # its own: replaced


@pytest.mark.parametrize("name", ["=cmd|' /C calc'!A0", "+SUM(A1)", "-2+3", "@SUM(1)", "'=x"])
def test_names_a_spreadsheet_would_run_are_written_inert_and_read_back(tmp_path, name):
    table = ScoreTable(np.array([[0.8, 0.9], [0.7, 0.6]]), models=[name, "B"], test_train_ratio=1)
    text = table.to_csv()
    cells = [row[1] for row in csv.reader(io.StringIO(text))][1:]
    assert not any(cell.startswith(("=", "+", "-", "@")) for cell in cells)
    assert ScoreTable.read_csv(io.StringIO(text)) == table
    wide = table.to_csv(layout="wide")
    assert ScoreTable.read_csv(io.StringIO(wide), greater_is_better=True) == table


def test_a_byte_order_mark_is_no_part_of_a_name_however_the_file_is_opened(tmp_path):
    path = tmp_path / "scores.csv"
    path.write_bytes(b"\xef\xbb\xbfdataset,rf,svm\niris,0.95,0.96\nwine,0.97,0.98\n")
    with open(path, encoding="utf-8") as text, open(path, "rb") as binary:
        for source in (path, text, binary):
            table = ScoreTable.read_csv(source, greater_is_better=True)
            assert table.spec.columns["dataset"] == "dataset"
            assert table.datasets == ("iris", "wine")
