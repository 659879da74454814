"""aeon/tsml per-estimator results files: one file per model, a column per resample."""

import json

import numpy as np
import pytest

from sklearn_bayescmp import ScoreTable, compare_models
from sklearn_bayescmp.cli import main
from sklearn_bayescmp.exceptions import MissingScoresWarning
from sklearn_bayescmp.tables._words import reading_text
from tests._messages import naming

from ._files import tsml_file, tsml_files

LEADS = {"ROCKET": 0.01, "HC2": 0.02, "DrCIF": 0.0}


def test_the_files_of_several_estimators_make_one_table(tmp_path):
    paths = tsml_files(tmp_path, LEADS)
    table = ScoreTable.read_resamples(paths)
    assert table.models == tuple(LEADS) and table.n_datasets == 6
    assert table.design == "resamples"
    assert "the files' common ending '_accuracy' left out" in reading_text(table.reading)
    # Row by row, resample by resample: the file's numbers.
    first = paths[1].read_text().splitlines()[1].split(",")
    np.testing.assert_array_equal(table.scores("Chinatown")[1], np.array(first[1:], float))
    assert table.splits("Chinatown")["fold"].tolist() == list(range(30))
    assert not table.has_split_sizes  # the files do not say them


def test_sizes_when_given_and_the_reference_of_resamples(tmp_path):
    paths = tsml_files(tmp_path, LEADS, n_datasets=2)
    sizes = {"Chinatown": (20, 343), "ItalyPowerDemand": (67, 1029)}
    table = ScoreTable.read_resamples(
        paths,
        n_train={name: train for name, (train, _) in sizes.items()},
        n_test={name: test for name, (_, test) in sizes.items()},
    )
    assert table.splits("ItalyPowerDemand")["n_test"][0] == 1029
    one = compare_models(table.select(datasets=["Chinatown"]), random_state=0)
    # Random train/test splits: the corrected resampled t-test is the reference.
    assert one.reference.test == "corrected_resampled_t"
    assert "Corrected resampled t-test" in one.summary()
    assert "train/test resamples" in one.report(format="markdown")
    with pytest.raises(ValueError, match=naming("['ItalyPowerDemand']", "size")):
        ScoreTable.read_resamples(paths, n_train={"Chinatown": 20}, n_test={"Chinatown": 343})


def test_one_file_alone_is_never_a_table_of_models(tmp_path):
    (path,) = tsml_files(tmp_path, {"ROCKET": 0.0})
    for read in (ScoreTable.read_csv, ScoreTable.from_wide, ScoreTable.from_long):
        with pytest.raises(ValueError, match="is one estimator's results file"):
            read(path)
    with pytest.raises(ValueError, match="two or more files, one per model"):
        ScoreTable.read_resamples([path])
    old = tsml_file(tmp_path, "HC2_TESTFOLDS.csv", [[0.9, 0.8]], header="folds:")
    with pytest.raises(ValueError, match="30 resamples|2 resamples"):
        ScoreTable.read_csv(old)


def test_names_come_from_the_files_or_are_given(tmp_path):
    paths = [
        tsml_file(tmp_path, "HC2_TESTFOLDS.csv", [[0.9, 0.8]], header="folds:"),
        tsml_file(tmp_path, "ROCKET_TESTFOLDS.csv", [[0.85, 0.8]], header="folds:"),
    ]
    # "_TESTFOLDS" names no measure: which way is better is asked.
    assert ScoreTable.read_resamples(paths, greater_is_better=True).models == ("HC2", "ROCKET")
    named = ScoreTable.read_resamples(
        paths, models=["hc2 (2021)", "rocket"], greater_is_better=True
    )
    assert named.models == ("hc2 (2021)", "rocket")
    with pytest.raises(ValueError, match="names 1 models for 2 files"):
        ScoreTable.read_resamples(paths, models=["one"], greater_is_better=True)
    # One name in two folders: two models, told apart by their folders.
    same = [
        tsml_file(tmp_path, "ROCKET.csv", [[0.9, 0.8]]),
        tsml_file(tmp_path / "..", "ROCKET.csv", [[0.9, 0.8]]),
    ]
    folders = tmp_path.resolve().name, tmp_path.resolve().parent.name
    told_apart = ScoreTable.read_resamples(same, greater_is_better=True)
    assert told_apart.models == tuple(f"{f}/ROCKET" for f in folders)


def test_a_loss_measure_says_lower_is_better(tmp_path):
    paths = tsml_files(tmp_path, LEADS, measure="logloss")
    table = ScoreTable.read_resamples(paths)
    assert table.lower_is_better == table.datasets
    assert table == ScoreTable.read_resamples(paths, greater_is_better=False)
    witness = table.spec.witness("direction")
    assert (witness.source, witness.name, witness.found) == ("files-ending", "_logloss", "logloss")


def test_missing_data_sets_and_cells_are_missing_scores(tmp_path):
    paths = [
        tsml_file(tmp_path, "A_acc.csv", [[0.9, 0.8, 0.85], [0.7, 0.75, 0.7]], datasets=["x", "y"]),
        tsml_file(tmp_path, "B_acc.csv", [[0.8, None, 0.8]], datasets=["x"]),
    ]
    with pytest.warns(MissingScoresWarning, match="B: 0 failed, 4 missing, on 2 data set"):
        table = ScoreTable.read_resamples(paths)
    assert table.models == ("A", "B") and table.n_missing == 4
    repeated = tsml_file(tmp_path, "C_acc.csv", [[0.8], [0.7]], datasets=["x", "x"])
    with pytest.raises(ValueError, match=naming("line 3", "'x'", "line 2")):
        ScoreTable.read_resamples([paths[0], repeated])


def test_the_command_reads_several_files(tmp_path, capsys):
    paths = [str(p) for p in tsml_files(tmp_path, LEADS)]
    assert main(["compare", *paths, "--json"]) == 0
    out, err = capsys.readouterr()
    report = json.loads(out)
    assert report["models"] == list(LEADS) and report["spec"]["layout"]
    assert "aeon/tsml per-estimator results files" in err
    assert main(["compare", *paths, "--models", "HC2", "ROCKET"]) == 0
    assert "A = HC2, B = ROCKET" in capsys.readouterr().out
    # One file: refused, with the command that reads them.
    assert main(["compare", paths[0]]) == 2
    assert "bayescmp compare FILE.csv OTHER.csv ..." in capsys.readouterr().err
    assert main(["compare", *paths, "--model-col", "x"]) == 2
    assert "--model-col NAME: several files are read as the per-estimator" in (
        capsys.readouterr().err
    )


def test_a_dot_in_a_file_name_stays_in_the_model_name(tmp_path):
    import gzip

    from sklearn_bayescmp.utils._io import file_stem

    plain = tsml_file(tmp_path, "HC2_accuracy.csv", [[0.9, 0.8], [0.7, 0.75]])
    packed = tmp_path / "ResNet.v2_accuracy.csv.gz"
    packed.write_bytes(gzip.compress(plain.read_text().replace("0.9", "0.85").encode()))
    table = ScoreTable.read_resamples([packed, plain])
    assert table.models == ("ResNet.v2", "HC2")
    assert file_stem("runs/ResNet.v2_accuracy.CSV.xz") == "ResNet.v2_accuracy"
    assert file_stem("results.v1.tsv") == "results.v1" and file_stem("notes") == "notes"
