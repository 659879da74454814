"""The names of measures as people write them say which way is better: every name of
``measure_names.csv`` (scikit-learn's scorers, OpenML's measures, benchmarks' and metric
libraries' names, in six languages), as a score column, a metric or a file, with the
spellings papers use; none read the wrong way round, and none asked."""

import csv
import io

import pytest

from sklearn_bayescmp import ScoreTable
from sklearn_bayescmp.tables._names import MEASURE_NAMES_FILE, direction_of_name

with open(MEASURE_NAMES_FILE, encoding="utf-8", newline="") as _file:
    MEASURES = [(row["name"], row["direction"], row["language"]) for row in csv.DictReader(_file)]

#: Spellings seen in published tables, with their direction.
SPELLINGS = [
    ("AUROC", "higher"), ("test_auroc", "higher"), ("R²", "higher"), ("IoU", "higher"),
    ("mIoU", "higher"), ("Dice Score", "higher"), ("mAP", "higher"), ("mAP@50", "higher"),
    ("Top-1 Acc", "higher"), ("top1", "higher"), ("C-index", "higher"), ("hit_rate", "higher"),
    ("HR@10", None), ("f_measure", "higher"), ("Genauigkeit", "higher"),
    ("précision", "higher"), ("准确率", "higher"), ("测试准确率", "higher"),
    ("точность", "higher"), ("ROUGE-L", "higher"), ("pass@1", "higher"), ("Hits@10", "higher"),
    ("HD95", "lower"), ("MASE", "lower"), ("sMAPE", "lower"), ("test_error", "lower"),
    ("d2_absolute_error_score", "higher"), ("d2_log_loss_score", "higher"),
    ("d2_brier_score", "higher"), ("brier_score", "lower"), ("iou_loss", None),
    ("Fehlerrate", "lower"), ("taux_d_erreur", "lower"), ("错误率", "lower"),
    ("ошибка", "lower"), ("VUS-PR", "higher"),
]  # fmt: skip


def test_the_file_holds_at_least_100_names_in_four_languages_each_once():
    assert len(MEASURES) >= 100
    assert len({language for _, _, language in MEASURES}) >= 4
    assert {direction for _, direction, _ in MEASURES} == {"higher", "lower"}
    names = [name.casefold() for name, _, _ in MEASURES]
    assert len(names) == len(set(names))


@pytest.mark.parametrize("name, direction, language", MEASURES)
def test_every_name_of_the_file_says_its_direction(name, direction, language):
    assert direction_of_name(name)[0] == direction


@pytest.mark.parametrize("name, direction", SPELLINGS)
def test_names_as_papers_spell_them_say_their_direction_or_nothing(name, direction):
    assert direction_of_name(name)[0] == direction


def _long(score):
    rows = "".join(
        f"d{d},{m},{0.5 + 0.01 * d + (0.02 if m == 'a' else 0)}\n" for d in range(4) for m in "ab"
    )
    return io.StringIO(f"dataset,model,{score}\n" + rows)


def test_a_table_scored_by_each_name_is_read_its_way_and_never_asked():
    asked, reversed_ = [], []
    for name, direction, _ in MEASURES:
        try:
            table = ScoreTable.read_csv(_long(name), score=name)
        except ValueError:
            asked.append(name)
            continue
        if table.spec.direction != direction:
            reversed_.append(name)
    assert reversed_ == [] and len(asked) <= 0.03 * len(MEASURES), asked


@pytest.mark.parametrize("file_name", ["top1.csv", "mAP.csv", "auroc.csv", "准确率.csv"])
def test_a_file_named_by_a_measure_says_its_direction(tmp_path, file_name):
    path = tmp_path / file_name
    path.write_text("dataset,a,b\nd0,0.8,0.7\nd1,0.9,0.85\nd2,0.7,0.72\n", encoding="utf-8")
    assert ScoreTable.read_csv(path).spec.direction == "higher"
