"""Tests of ScoreTable: layouts, readers, validation, conversions and round trips."""

import gzip
import io
import re
import sys
import unicodedata
import warnings

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from sklearn_bayescmp import CVDifferences, RepeatedCVComparator, ScoreTable, compare_models
from sklearn_bayescmp._score_table import wide_name_problem
from sklearn_bayescmp.exceptions import MissingScoresWarning
from sklearn_bayescmp.stats import bayesian_correlated_ttest, paired_ttest
from sklearn_bayescmp.utils._validation import SMALLEST_SCORE
from tests._estimators import fitted_records
from tests._messages import naming

MODELS = ["logreg", "naive Bayes", "tree"]
DATASETS = ["iris", "wine, red"]


def _look(name):
    """What a name looks like to a reader: NFKC, case folded, spaces around it dropped."""
    return unicodedata.normalize("NFKC", name).casefold().strip()


def _long_columns(seed=0, n_repeats=2, n_folds=3):
    """A long table: every (data set, model, repeat, fold) with a score and sizes."""
    rng = np.random.default_rng(seed)
    columns = {key: [] for key in ("dataset", "model", "repeat", "fold", "n_train", "n_test")}
    columns["score"] = []
    for dataset in DATASETS:
        for model in MODELS:
            for repeat in range(n_repeats):
                for fold in range(n_folds):
                    for key, value in zip(
                        columns,
                        (dataset, model, repeat, fold, 100 + fold, 50 - fold, rng.uniform(0.7, 1)),
                        strict=True,
                    ):
                        columns[key].append(value)
    return columns


def _wide_columns(long):
    """The same scores with one column per model."""
    wide = {key: [] for key in ("dataset", "repeat", "fold", "n_train", "n_test", *MODELS)}
    rows = {}
    for i in range(len(long["score"])):
        key = (long["dataset"][i], long["repeat"][i], long["fold"][i])
        if key not in rows:
            rows[key] = len(wide["dataset"])
            for column in ("dataset", "repeat", "fold", "n_train", "n_test"):
                wide[column].append(long[column][i])
            for model in MODELS:
                wide[model].append(None)
        wide[long["model"][i]][rows[key]] = long["score"][i]
    return wide


@pytest.fixture(scope="module")
def long():
    return _long_columns()


@pytest.fixture(scope="module")
def table(long):
    return ScoreTable.from_long(long)


# --------------------------------------------------------------------------
# layouts and readers give the same table
# --------------------------------------------------------------------------


def test_long_and_wide_tables_of_the_same_scores_are_equal(long, table):
    wide = ScoreTable.from_wide(_wide_columns(long), greater_is_better=True)
    assert wide == table
    assert table.models == tuple(MODELS) and table.datasets == tuple(DATASETS)
    # ... and so are their comparisons, to the bit.
    first = compare_models(table, test="signed_rank", random_state=0, n_draws=2000)
    second = compare_models(wide, test="signed_rank", random_state=0, n_draws=2000)
    for name in ("prob_a_better", "prob_equivalent", "prob_b_better", "mean_difference"):
        np.testing.assert_array_equal(getattr(first, name), getattr(second, name))
    np.testing.assert_array_equal(
        first.ranking.samples["weights"], second.ranking.samples["weights"]
    )


@pytest.mark.parametrize("library", ["pandas", "polars", "pyarrow"])
def test_every_dataframe_library_through_narwhals(long, table, library):
    module = pytest.importorskip(library)
    if library == "pyarrow":
        frame = module.table(long)
    else:
        frame = module.DataFrame(long)
    assert ScoreTable.from_long(frame, greater_is_better=True) == table
    wide = _wide_columns(long)
    wide_frame = module.table(wide) if library == "pyarrow" else module.DataFrame(wide)
    assert ScoreTable.from_wide(wide_frame, greater_is_better=True) == table


@pytest.mark.parametrize("delimiter", [",", ";", "\t"])
@pytest.mark.parametrize("layout", ["long", "wide"])
def test_csv_round_trip_is_exact_with_any_delimiter(table, tmp_path, delimiter, layout):
    text = table.to_csv(layout=layout)
    if delimiter != ",":
        text = text.replace(",", delimiter).replace('"wine' + delimiter + ' red"', "wine, red")
    path = tmp_path / "scores.csv"
    path.write_text(text, newline="")
    assert (
        ScoreTable.read_csv(path, greater_is_better=True) == table
    )  # the delimiter and the layout are sniffed
    assert (
        ScoreTable.read_csv(path, layout=layout, delimiter=delimiter, greater_is_better=True)
        == table
    )


def test_column_names_are_mappable(long, table):
    renamed = {
        {"dataset": "problem", "model": "learner", "score": "acc", "repeat": "run"}.get(k, k): v
        for k, v in long.items()
    }
    same = ScoreTable.from_long(
        renamed, dataset="problem", model="learner", score="acc", repeat="run"
    )
    assert same == table
    # The common names are found without options, and the table says which got which role.
    found = ScoreTable.from_long(renamed)
    assert found == table
    assert found.roles == {
        "model": "learner",
        "score": "acc",
        "dataset": "problem",
        "repeat": "run",
        "fold": "fold",
        "n_train": "n_train",
        "n_test": "n_test",
    }
    with pytest.raises(ValueError, match=re.escape("has no column 'model' (`model`)")):
        ScoreTable.from_long(renamed, model="model")


def test_split_column_with_labels_and_a_single_data_set():
    columns = {
        "model": ["a", "a", "a", "b", "b", "b"],
        "split": ["fold-2", "fold-0", "fold-1", "fold-1", "fold-0", "fold-2"],
        "score": [0.9, 0.8, 0.85, 0.7, 0.75, 0.72],
    }
    table = ScoreTable.from_long(columns, test_train_ratio=1 / 9)
    assert table.datasets == ("data",)
    # Labels become codes in order of first appearance: fold-2 -> 0, fold-0 -> 1, fold-1 -> 2.
    np.testing.assert_array_equal(table.scores(), [[0.9, 0.8, 0.85], [0.72, 0.75, 0.7]])
    assert table.splits()["n_train"].tolist() == [9, 9, 9]
    assert table.splits()["n_test"].tolist() == [1, 1, 1]


def test_a_wide_table_without_split_columns_pairs_rows_in_order():
    wide = {"dataset": ["x", "x", "y", "y"], "a": [0.9, 0.8, 0.7, 0.6], "b": [0.5, 0.4, 0.3, 0.2]}
    table = ScoreTable.from_wide(wide, test_train_ratio=0.25, greater_is_better=True)
    assert table.models == ("a", "b") and table.datasets == ("x", "y")
    np.testing.assert_array_equal(table.scores("y"), [[0.7, 0.6], [0.3, 0.2]])
    assert table.splits("y")["fold"].tolist() == [0, 1]


def test_models_and_datasets_select_and_reorder(long, table):
    chosen = ScoreTable.from_long(long, models=["tree", "logreg"], datasets=["wine, red"])
    assert chosen.models == ("tree", "logreg") and chosen.datasets == ("wine, red",)
    assert chosen == table.select(models=["tree", "logreg"], datasets=["wine, red"])
    np.testing.assert_array_equal(chosen.scores(), table.scores("wine, red")[[2, 0]])


# --------------------------------------------------------------------------
# validation: every case names what is wrong and how to fix it
# --------------------------------------------------------------------------


def _long_text(rows, header="dataset,model,split,score,n_train,n_test"):
    return io.StringIO("\n".join([header, *rows]) + "\n")


BAD_TABLES = {
    "duplicated cell": (
        ["d,a,0,0.9,9,1", "d,a,1,0.8,9,1", "d,b,0,0.7,9,1", "d,b,1,0.6,9,1", "d,a,0,0.5,9,1"],
        "line 2 and line 6 both score model 'a' on split 0 of data set 'd'; each (data set, "
        "model, split) needs exactly one score.",
    ),
    "splits that do not pair": (
        ["d,a,0,0.9,9,1", "d,a,1,0.8,9,1", "d,b,2,0.7,9,1", "d,b,3,0.6,9,1"],
        "Models 'a' and 'b' share no split on data set 'd': their splits do not pair.",
    ),
    "non-numeric score": (
        ["d,a,0,0.9,9,1", "d,b,0,high,9,1"],
        "'<buffer>', line 3, column 'score': expected a number, got 'high'.",
    ),
    "infinite score": (
        ["d,a,0,0.9,9,1", "d,b,0,inf,9,1"],
        "line 3, column 'score': the score is infinite",
    ),
    "sizes that disagree": (
        ["d,a,0,0.9,9,1", "d,b,0,0.8,8,2"],
        "line 3: split 0 of data set 'd' has n_train 8 and n_test 2 here but 9 and 1 for "
        "another model; these are not the same split.",
    ),
    "bad size": (
        ["d,a,0,0.9,0,1", "d,b,0,0.8,9,1"],
        "line 2, column 'n_train': expected a positive whole number, got '0'.",
    ),
    "empty model name": (
        ["d,,0,0.9,9,1", "d,b,0,0.8,9,1", "d, ,1,0.7,9,1"],
        "column 'model': 2 row(s) have no name, first line 2; every score needs its model.",
    ),
    "one model": (
        ["d,a,0,0.9,9,1", "d,a,1,0.8,9,1"],
        "holds one name ('a'); a comparison needs two or more models",
    ),
}


@pytest.mark.parametrize("case", sorted(BAD_TABLES))
def test_bad_tables_are_refused_with_the_row_and_the_fix(case):
    rows, message = BAD_TABLES[case]
    buffer = _long_text(rows)
    with pytest.raises(ValueError, match=re.escape(message.replace("'<buffer>'", "The input"))):
        ScoreTable.read_csv(buffer)


def test_without_sizes_only_the_tests_that_correct_for_them_refuse_the_table():
    columns = {"model": ["a", "a", "b", "b"], "split": [0, 1, 0, 1], "score": [0.1, 0.2, 0.3, 0.4]}
    table = ScoreTable.from_long(columns)
    assert not table.has_split_sizes and table.splits()["n_train"] is None
    # No number is invented: the records say the sizes are unknown, and a corrected
    # test refuses them with what to give.
    record = table.differences("a", "b")["data"]
    assert record.n_train is None and record.test_train_ratio is None
    with pytest.raises(ValueError, match=r"has no split sizes \(n_train, n_test\)"):
        bayesian_correlated_ttest(record)
    assert paired_ttest(record).pvalue == paired_ttest(record.differences).pvalue  # no size
    with pytest.raises(ValueError) as info:
        compare_models(table)  # one data set: the correlated t-test
    message = str(info.value)
    assert "test='bayesian_correlated_t' (the Bayesian correlated t-test) corrects" in message
    assert "test_train_ratio=1/9 for 10-fold" in message
    # Read back exactly, sizes still unknown.
    assert ScoreTable.read_csv(io.StringIO(table.to_csv())) == table
    assert "n_train" not in table.to_csv(layout="wide")
    with pytest.raises(ValueError, match=naming("`test_train_ratio`", "1e-06", "1e+06")):
        ScoreTable.from_long(columns, test_train_ratio=0)
    both = {**columns, "n_train": [9] * 4, "n_test": [1] * 4}
    with pytest.raises(ValueError, match="do not pass `test_train_ratio` as well"):
        ScoreTable.from_long(both, test_train_ratio=1 / 9)


def test_a_test_of_means_gives_the_same_answer_with_or_without_sizes():
    rng = np.random.default_rng(0)
    scores = {f"d{i}": rng.normal(0.8, 0.02, (3, 10)) for i in range(6)}
    unsized = ScoreTable(scores, models=["a", "b", "c"])
    sized = ScoreTable(scores, models=["a", "b", "c"], test_train_ratio=1 / 9)
    for test in ("signed_rank", "sign", "wilcoxon"):
        assert (
            compare_models(unsized, test=test, random_state=0).summary()
            == compare_models(sized, test=test, random_state=0).summary()
        )
    with pytest.raises(ValueError, match=naming("test='poisson'")):
        compare_models(unsized, test="poisson")


def test_a_split_must_be_identified():
    columns = {"model": ["a", "b"], "score": [0.9, 0.8]}
    with pytest.raises(ValueError, match=naming("split", "repeat", "fold")):
        ScoreTable.from_long(columns, test_train_ratio=1 / 9)
    with pytest.raises(ValueError, match=naming("repeat", "fold column")):
        ScoreTable.from_long({**columns, "repeat": [0, 0]}, test_train_ratio=1 / 9)


def test_a_fold_column_alone_identifies_the_split():
    columns = {"model": ["a", "b", "a", "b"], "score": [0.9, 0.8, 0.7, 0.6]}
    by_fold = ScoreTable.from_long({**columns, "fold": [0, 0, 1, 1]}, test_train_ratio=1 / 9)
    by_split = ScoreTable.from_long({**columns, "split": [0, 0, 1, 1]}, test_train_ratio=1 / 9)
    assert by_fold == by_split and by_fold.splits()["fold"].tolist() == [0, 1]


def test_failed_and_missing_scores_are_counted_reported_and_left_out_pairwise(table):
    text = table.to_csv()
    lines = text.splitlines()
    # One failed score (NaN) for logreg and one missing row for tree, both on iris.
    lines[1] = lines[1].rsplit(",", 1)[0] + ",nan"
    missing_row = next(i for i, line in enumerate(lines) if line.startswith("iris,tree,0,1,"))
    del lines[missing_row]
    with pytest.warns(MissingScoresWarning) as record:
        incomplete = ScoreTable.read_csv(io.StringIO("\n".join(lines)), greater_is_better=True)
    assert len(record) == 1
    message = str(record[0].message)
    assert "1 score(s) are NaN (failed splits) and 1 cell(s) are missing" in message
    assert (
        "logreg: 1 failed, 0 missing, on 1 data set(s) ('iris'); tree: 0 failed, 1 missing, "
        "on 1 data set(s) ('iris')" in message
    )
    assert (incomplete.n_failed, incomplete.n_missing) == (1, 1)
    comparison = compare_models(incomplete, test="signed_rank", random_state=0, n_draws=1000)
    # logreg's failed split is left out of logreg's pairs only, tree's missing one of tree's.
    assert comparison.n_omitted.tolist() == [[0, 1, 2], [1, 0, 1], [2, 1, 0]]
    records = incomplete.differences("logreg", "tree")
    assert records["iris"].n_failed == 2 and records["wine, red"].n_failed == 0
    # The round trip keeps failed and missing cells apart.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", MissingScoresWarning)
        again = ScoreTable.read_csv(io.StringIO(incomplete.to_csv()), greater_is_better=True)
        wide_again = ScoreTable.read_csv(
            io.StringIO(incomplete.to_csv(layout="wide")), greater_is_better=True
        )
    assert again == incomplete == wide_again


def test_csv_problems_name_the_file(tmp_path):
    with pytest.raises(ValueError, match="is empty"):
        ScoreTable.read_csv(io.StringIO("  \n"))
    with pytest.raises(ValueError, match="cannot tell the CSV delimiter"):
        ScoreTable.read_csv(io.StringIO("model score\na 1\n"))
    with pytest.raises(ValueError, match=naming("line 3", "3 cells", "found 2")):
        ScoreTable.read_csv(io.StringIO("model,split,score\na,0,1\nb,0\n"))
    with pytest.raises(ValueError, match="has repeated column names"):
        ScoreTable.read_csv(io.StringIO("model,score,score\na,1,2\n"))
    with pytest.raises(FileNotFoundError):
        ScoreTable.read_csv(tmp_path / "absent.csv")
    with pytest.raises(TypeError, match=re.escape("Unknown option(s) ['scores']")):
        ScoreTable.read_csv(io.StringIO("model,split,score\na,0,1\n"), scores="x")


def test_the_array_constructor_validates_its_arguments():
    scores = np.ones((2, 3))
    with pytest.raises(ValueError, match=re.escape("must have one row per model (3)")):
        ScoreTable(scores, models=["a", "b", "c"], test_train_ratio=0.1)
    with pytest.raises(ValueError, match="`models` repeats"):
        ScoreTable(scores, models=["a", "a"], test_train_ratio=0.1)
    with pytest.raises(ValueError, match="Pass either the split sizes"):
        ScoreTable(scores, models=["a", "b"], n_train=9, n_test=1, test_train_ratio=0.1)
    with pytest.raises(ValueError, match=naming("`scores['data']`", "1 infinite")):
        ScoreTable([[1, np.inf], [1, 2]], models=["a", "b"], test_train_ratio=0.1)
    with pytest.raises(ValueError, match=naming("1e+100", "1e+160")):
        ScoreTable([[1, 1e160], [1, 2]], models=["a", "b"], test_train_ratio=0.1)
    with pytest.raises(ValueError, match="`models` holds an empty name ' '"):
        ScoreTable(scores, models=["a", " "], test_train_ratio=0.1)
    with pytest.raises(ValueError, match=naming("`models`", "'a'", "' a'")):
        ScoreTable(scores, models=["a", " a"], test_train_ratio=0.1)
    table = ScoreTable(
        {"x": scores, "y": scores}, models=["a", "b"], n_train={"x": 9, "y": 4}, n_test=1
    )
    assert table.splits("y")["n_train"].tolist() == [4, 4, 4]


# --------------------------------------------------------------------------
# conversions
# --------------------------------------------------------------------------


def test_differences_are_the_records_of_a_pair(table):
    records = table.differences("tree", "logreg")
    record = records["iris"]
    assert isinstance(record, CVDifferences)
    assert record.model_names == ("tree", "logreg") and record.name == "iris"
    np.testing.assert_array_equal(
        record.differences, table.scores("iris")[2] - table.scores("iris")[0]
    )
    assert record.n_train.tolist() == [100, 101, 102] * 2
    assert record.repeat.tolist() == [0, 0, 0, 1, 1, 1]
    with pytest.raises(ValueError, match="pick two models"):
        table.differences("tree", "tree")
    with pytest.raises(ValueError, match=re.escape("`model_b` must be one of")):
        table.differences("tree", "svm")


def test_mean_scores_use_the_splits_every_model_completed(table):
    scores = table.scores("iris").copy()
    scores[0, 0] = np.nan
    partial = ScoreTable({"iris": scores}, models=MODELS, test_train_ratio=0.5)
    np.testing.assert_allclose(partial.mean_scores()[0], table.scores("iris")[:, 1:].mean(axis=1))


def test_comparator_and_study_results_become_tables():
    from sklearn.datasets import load_iris, load_wine
    from sklearn.model_selection import RepeatedStratifiedKFold
    from sklearn.naive_bayes import GaussianNB
    from sklearn.tree import DecisionTreeClassifier

    from sklearn_bayescmp.replicability import ReplicabilityStudy
    from tests._estimators import FailOnSample

    X, y = load_iris(return_X_y=True)
    X = np.column_stack([np.arange(len(y)), X])
    cv = RepeatedStratifiedKFold(n_splits=3, n_repeats=2, random_state=0)
    comparator = RepeatedCVComparator(
        FailOnSample(sample=5), GaussianNB(), names=("fails", "NB"), cv=cv, error_score=0.0
    )
    with pytest.warns(Warning):
        comparator.fit(X, y)
    table = comparator.to_table()
    assert table.models == ("fails", "NB") and table.datasets == ("data",)
    # The failed side is NaN (not error_score); the other side keeps its score.
    failed = np.isnan(table.scores())
    assert failed[0].sum() == 2 and not failed[1].any()
    np.testing.assert_array_equal(table.scores()[1], comparator.cv_results_["test_score_b"])
    many = RepeatedCVComparator(GaussianNB(), DecisionTreeClassifier(random_state=0), cv=cv)
    many.fit_datasets({"iris": (X, y), "wine": load_wine(return_X_y=True)})
    table = many.to_table()
    assert table.datasets == ("iris", "wine")
    assert table.differences(*table.models)["wine"] == fitted_records(many)["wine"]
    study = ReplicabilityStudy(many, seeds=[1, 2], tests=["corrected_t"]).fit(X, y)
    seeded = study.to_table(2)
    assert seeded is study.tables_[2] and seeded.datasets == ("data",)
    with pytest.raises(ValueError, match=re.escape("`seed` must be one of [1, 2]")):
        study.to_table(3)


def test_tables_as_frames_and_columns(table):
    pandas = pytest.importorskip("pandas")
    frame = table.to_frame()
    assert isinstance(frame, pandas.DataFrame)
    assert list(frame.columns) == [
        "dataset",
        "model",
        "repeat",
        "fold",
        "n_train",
        "n_test",
        "score",
    ]
    assert len(frame) == 2 * 3 * 6
    wide = table.to_frame(layout="wide")
    assert list(wide.columns)[-3:] == MODELS and len(wide) == 2 * 6
    assert (
        ScoreTable.from_long(frame, greater_is_better=True)
        == table
        == ScoreTable.from_wide(wide, greater_is_better=True)
    )
    assert "<table" in table._repr_html_() and "naive Bayes" in table._repr_html_()


def test_pandas_is_optional(monkeypatch, long, table):
    monkeypatch.setitem(sys.modules, "pandas", None)
    assert ScoreTable.from_long(long) == table
    assert ScoreTable.read_csv(io.StringIO(table.to_csv())) == table
    with pytest.raises(ImportError, match=re.escape('pip install "pandas>=2.0"')):
        table.to_frame()


def test_narwhals_is_a_declared_dependency():
    tomllib = pytest.importorskip("tomllib")
    import pathlib

    pyproject = pathlib.Path(__file__).parents[1] / "pyproject.toml"
    dependencies = tomllib.loads(pyproject.read_text())["project"]["dependencies"]
    assert any(requirement.startswith("narwhals") for requirement in dependencies)


finite_scores = st.floats(-1e6, 1e6, allow_nan=False).map(
    lambda v: v if abs(v) >= SMALLEST_SCORE else 0.0  # smaller ones are refused
)
#: Any name a person could write: reserved words of the wide layout, spaces
#: around it, quotes, delimiters and line breaks included.
names = st.one_of(
    st.text(min_size=1),
    st.sampled_from(["split", "fold", "dataset", " a", "a ", 'say "hi"', "x,y", "l1\nl2", "NA"]),
).filter(str.strip)


@st.composite
def score_tables(draw):
    n_models = draw(st.integers(2, 4))
    n_datasets = draw(st.integers(1, 3))
    # Names a reader can tell apart: the table refuses two that differ only in spaces,
    # letter case or look-alike characters ("A" and "a").
    models = draw(st.lists(names, min_size=n_models, max_size=n_models, unique_by=_look))
    datasets = draw(st.lists(names, min_size=n_datasets, max_size=n_datasets, unique_by=_look))
    scores, sizes = {}, {}
    for name in datasets:
        n_splits = draw(st.integers(1, 5))
        values = draw(
            st.lists(
                st.one_of(finite_scores, st.just(float("nan"))),
                min_size=n_models * n_splits,
                max_size=n_models * n_splits,
            )
        )
        scores[name] = np.array(values).reshape(n_models, n_splits)
        sizes[name] = draw(st.lists(st.integers(1, 10**6), min_size=n_splits, max_size=n_splits))
    return ScoreTable(scores, models=models, n_train=sizes, n_test=sizes)


#: Names numpy's string type would shorten (it drops trailing NUL characters).
_NUL_NAMES = ScoreTable(
    {"\x00": np.array([[np.nan], [0.5]])},
    models=["0", "\x00"],
    n_train={"\x00": [1]},
    n_test={"\x00": [1]},
)
#: A model named like a data set's size: the wide reader takes "N" for a descriptor.
_DESCRIPTOR_NAMED = ScoreTable(
    {"0": np.array([[0.5], [np.nan]])}, models=["0", "N"], n_train={"0": [1]}, n_test={"0": [1]}
)


@settings(max_examples=150, deadline=None)
@given(
    table=score_tables(),
    layout=st.sampled_from(["long", "wide"]),
    encoding=st.sampled_from(["text", "utf-8", "utf-8-sig", "utf-16", "gzip"]),
)
@example(table=_NUL_NAMES, layout="long", encoding="text")
@example(table=_NUL_NAMES, layout="wide", encoding="text")
@example(table=_DESCRIPTOR_NAMED, layout="wide", encoding="text")
@example(table=_DESCRIPTOR_NAMED, layout="long", encoding="text")
def test_csv_round_trips_are_exact_or_refused_at_write_time(table, layout, encoding):
    if layout == "wide" and any(wide_name_problem(m) for m in table.models):
        with pytest.raises(ValueError, match=naming("layout=", "'long'")):
            table.to_csv(layout=layout)
        return
    text = table.to_csv(layout=layout)
    if encoding == "text":
        buffer = io.StringIO(text)
    elif encoding == "gzip":
        buffer = io.BytesIO(gzip.compress(text.encode()))
    else:
        buffer = io.BytesIO(text.encode(encoding))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", MissingScoresWarning)
        try:
            read = ScoreTable.read_csv(buffer, layout=layout, greater_is_better=True)
        except ValueError as error:
            # A question the values leave open (a column that another's values explain, a
            # name like a summary's on values too few or too alike to say): following its
            # advice, naming the models or the data sets, gives the table exactly.
            advice = {"models=[...]": "models", "datasets=[...]": "datasets"}
            named = [key for words, key in advice.items() if words in str(error)]
            if named:
                buffer.seek(0)
                read = ScoreTable.read_csv(
                    buffer,
                    layout=layout,
                    greater_is_better=True,
                    **{named[0]: list(getattr(table, named[0]))},
                )
                assert read == table
                return
            # The refusal left to the reader once the models are known, as it depends on
            # the scores: a data set or model scoring at most 1 beside one scoring over 1.5.
            assert "fractions and percentages are mixed" in str(error)
            assert _may_mix_fractions_and_percents(table)
            return
        assert read == table


def _may_mix_fractions_and_percents(table):
    """Whether some data set or model scores at most 1 and another above 1.5."""
    largest = []
    for name in table.datasets:
        scores = np.where(np.isfinite(table.scores(name)), table.scores(name), -np.inf)
        largest += [scores.max(), *scores.max(axis=1)]
    return any(0.05 <= v <= 1 for v in largest) and any(v > 1.5 for v in largest)
