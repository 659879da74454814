"""Tests of the CVDifferences record and its CSV/JSON round trips."""

import io
import json
import re

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from sklearn_bayescmp import CVDifferences
from sklearn_bayescmp.utils._validation import SMALLEST_SCORE
from tests._messages import naming


def _record(**overrides):
    arguments = dict(
        differences=[0.02, np.nan, -0.01, 0.03],
        n_train=[90, 90, 91, 89],
        n_test=[10, 10, 9, 11],
        repeat=[0, 0, 1, 1],
        fold=[0, 1, 0, 1],
        scores_a=[0.9, np.nan, 0.87, 0.93],
        scores_b=[0.88, 0.91, 0.88, 0.9],
        name='breast, cancer "v2"',
    )
    arguments.update(overrides)
    differences = arguments.pop("differences")
    return CVDifferences(differences, **arguments)


def test_defaults_and_derived_figures():
    rec = CVDifferences([0.1, 0.2, 0.3], n_train=20, n_test=5)
    assert rec.repeat.tolist() == [0, 0, 0] and rec.fold.tolist() == [0, 1, 2]
    assert rec.n_train.tolist() == [20, 20, 20]
    assert (rec.n_splits, rec.n_repeats, rec.n_failed, len(rec)) == (3, 1, 0, 3)
    assert rec.test_train_ratio == 0.25
    assert rec.scores_a is None and rec.name is None
    with pytest.raises(ValueError, match="read-only"):
        rec.differences[0] = 1.0


@pytest.mark.parametrize(
    "overrides, error, message",
    [
        ({"n_train": [90, 90]}, ValueError, "`n_train` must be a positive integer or an array"),
        ({"n_test": 0}, ValueError, "`n_test` must be positive"),
        (
            {"differences": [0.1, np.inf, 0.0, 0.0]},
            ValueError,
            "`differences` contains 1 infinite value(s); scores and their differences must be "
            "finite (NaN for a failed split)",
        ),
        (
            {"scores_a": [0.1, -1e200, 0.0, 0.0]},
            ValueError,
            "`scores_a` contains 1 value(s) larger than 1e+100 in magnitude (e.g. -1e+200)",
        ),
        ({"differences": [[0.1, 0.2]] * 4}, ValueError, "`differences` must be 1-D"),
        ({"repeat": [0, 0, 1]}, ValueError, "`repeat` must have one entry per split (4)"),
        ({"fold": [0, -1, 0, 1]}, ValueError, "`fold` indices must be >= 0"),
        ({"fold": [0.5, 1, 0, 1]}, TypeError, "`fold` must hold integer indices"),
        ({"scores_a": ["x"] * 4}, TypeError, "`scores_a` must be numeric"),
        ({"name": 3}, TypeError, "`name` must be a non-empty string or None; got 3"),
        ({"name": " "}, TypeError, "`name` must be a non-empty string or None; got ' '"),
        ({"model_a": "lr"}, TypeError, "The model names must be two non-empty strings (or both"),
        ({"model_a": "lr", "model_b": "lr"}, ValueError, "The model names must differ"),
    ],
)
def test_input_validation(overrides, error, message):
    with pytest.raises(error, match=re.escape(message)):
        _record(**overrides)


def test_empty_differences():
    with pytest.raises(ValueError, match=re.escape("`differences` is empty")):
        CVDifferences(np.array([]), n_train=1, n_test=1)


def test_csv_layout_and_round_trip(tmp_path):
    rec = _record()
    path = tmp_path / "diffs.csv"
    rec.to_csv(path)
    lines = path.read_text(encoding="utf-8").splitlines()
    assert lines[0] == "dataset,repeat,fold,score_a,score_b,difference,n_train,n_test"
    assert lines[2] == '"breast, cancer ""v2""",0,1,nan,0.91,nan,90,10'
    assert CVDifferences.from_csv(path) == rec


def test_model_names_round_trip_and_name_the_results(tmp_path):
    from sklearn_bayescmp.stats import bayesian_correlated_ttest

    rec = _record(model_a="logreg", model_b="naive, Bayes")
    assert rec.model_names == ("logreg", "naive, Bayes") and _record().model_names == ("A", "B")
    assert repr(rec).startswith(
        "CVDifferences(name='breast, cancer \"v2\"', models=('logreg', 'naive, Bayes'), "
    )
    text = rec.to_csv()
    assert text.splitlines()[0].endswith(",n_train,n_test,model_a,model_b")
    assert CVDifferences.from_csv(io.StringIO(text)) == rec
    assert CVDifferences.from_json(io.StringIO(rec.to_json())) == rec
    assert rec != _record()  # the names are part of the record
    result = bayesian_correlated_ttest(rec, nan_policy="omit")
    assert (result.model_a, result.model_b) == ("logreg", "naive, Bayes")
    # Mean scores over the splits used (the failed split 1 is left out).
    assert result.mean_score_a == pytest.approx(np.mean([0.9, 0.87, 0.93]))
    assert result.mean_score_b == pytest.approx(np.mean([0.88, 0.88, 0.9]))
    mixed = "difference,n_train,n_test,model_a,model_b\n0.1,9,1,lr,nb\n0.2,9,1,svc,nb\n"
    with pytest.raises(ValueError, match=naming("'model_a'", "every row")):
        CVDifferences.from_csv(io.StringIO(mixed))


def test_to_frame_and_columns_follow_the_csv_layout():
    pandas = pytest.importorskip("pandas")
    rec = _record(model_a="logreg", model_b="NB")
    columns = rec.to_columns()
    assert list(columns) == rec.to_csv().splitlines()[0].split(",")
    frame = rec.to_frame()
    assert isinstance(frame, pandas.DataFrame) and frame.index.name == "split"
    assert list(frame.columns) == list(columns)
    np.testing.assert_array_equal(frame["difference"], rec.differences)
    assert frame["repeat"].tolist() == [0, 0, 1, 1]
    unknown = CVDifferences([0.1, 0.2], n_train=9, n_test=1).to_columns()
    assert list(unknown) == [
        "repeat",
        "fold",
        "score_a",
        "score_b",
        "difference",
        "n_train",
        "n_test",
    ]
    assert np.isnan(unknown["score_a"]).all()
    assert "mean logreg - NB" in rec._repr_html_()


def test_json_is_standard_and_round_trips(tmp_path):
    rec = _record()
    text = rec.to_json()
    data = json.loads(text)  # strict JSON: NaN written as null
    assert data["difference"][1] is None and "NaN" not in text
    assert CVDifferences.from_json(io.StringIO(text)) == rec
    rec.to_json(tmp_path / "d.json")
    assert CVDifferences.from_json(tmp_path / "d.json") == rec


def test_csv_without_optional_columns():
    text = "difference,n_train,n_test\n0.1,90,10\n0.2,90,10\n\n"
    rec = CVDifferences.from_csv(io.StringIO(text))
    assert rec.differences.tolist() == [0.1, 0.2]
    assert rec.name is None and rec.scores_a is None


def test_csv_difference_from_scores():
    text = "score_a,score_b,n_train,n_test\n0.9,0.8,90,10\n0.7,0.75,90,10\n"
    rec = CVDifferences.from_csv(io.StringIO(text))
    np.testing.assert_array_equal(rec.differences, [0.9 - 0.8, 0.7 - 0.75])


def test_csv_with_several_datasets():
    text = "dataset,difference,n_train,n_test\niris,0.1,90,10\nwine,0.2,90,10\niris,0.3,90,10\n"
    with pytest.raises(ValueError, match=re.escape("holds 2 data sets (['iris', 'wine']...)")):
        CVDifferences.from_csv(io.StringIO(text))
    iris = CVDifferences.from_csv(io.StringIO(text), dataset="iris")
    assert iris.name == "iris" and iris.differences.tolist() == [0.1, 0.3]
    with pytest.raises(ValueError, match="has no data set 'digits'"):
        CVDifferences.from_csv(io.StringIO(text), dataset="digits")


@pytest.mark.parametrize(
    "text, message",
    [
        ("", "is empty"),
        ("difference,n_train\n0.1,90\n", "must have columns n_train, n_test and either"),
        ("difference,n_train,n_test\n", "has a header but no data rows"),
        (
            "difference,n_train,n_test\n0.1,90,10\n0.2,ninety,10\n",
            "line 3, column 'n_train': expected a positive whole number, got 'ninety'",
        ),
        (
            "difference,n_train,n_test\n0.1,90,10\nabc,90,10\n",
            "line 3, column 'difference': expected a number, got 'abc'",
        ),
        (
            "difference,n_train,n_test\n0.1,90\n",
            "line 2: expected 3 cells (delimiter ','), found 2",
        ),
        (
            "difference;n_train;n_test\n0.1;90;10\n1e200;90;10\n",
            "line 3, column 'difference': 1e+200 is too large; scores must be finite numbers below "
            "1e+100",
        ),
        (
            'dataset,difference,n_train,n_test\nd,0.1,90,10\n"e\nf,0.2,90,10\n',
            "line 3: a quoted cell opens here and is never closed",
        ),
    ],
)
def test_csv_errors_name_line_and_column(text, message):
    with pytest.raises(ValueError, match=re.escape(message)):
        CVDifferences.from_csv(io.StringIO(text))


def test_json_errors():
    with pytest.raises(ValueError, match="is not valid JSON"):
        CVDifferences.from_json(io.StringIO("{oops"))
    with pytest.raises(ValueError, match="Not a CVDifferences document"):
        CVDifferences.from_json(io.StringIO('{"difference": [1]}'))
    bad_version = json.dumps({"format": "sklearn-bayescmp/cv-differences", "version": 99})
    with pytest.raises(ValueError, match=naming("version 99")):
        CVDifferences.from_json(io.StringIO(bad_version))


# Finite numbers within the magnitudes the package takes (0, or 1e-100 to 1e100), or NaN.
finite_or_nan = st.one_of(
    st.floats(-1e100, 1e100).map(lambda v: v if abs(v) >= SMALLEST_SCORE else 0.0),
    st.just(float("nan")),
)


@st.composite
def records(draw):
    n = draw(st.integers(1, 12))
    vector = st.lists(finite_or_nan, min_size=n, max_size=n)
    sizes = st.lists(st.integers(1, 10**9), min_size=n, max_size=n)
    indices = st.lists(st.integers(0, 10**6), min_size=n, max_size=n)
    return CVDifferences(
        draw(vector),
        n_train=draw(sizes),
        n_test=draw(sizes),
        repeat=draw(indices),
        fold=draw(indices),
        scores_a=draw(st.one_of(st.none(), vector)),
        scores_b=draw(st.one_of(st.none(), vector)),
        name=draw(st.one_of(st.none(), st.text().filter(str.strip))),
        **draw(
            st.one_of(
                st.just({}),
                st.lists(
                    st.text(min_size=1).filter(str.strip), min_size=2, max_size=2, unique=True
                ).map(lambda pair: {"model_a": pair[0], "model_b": pair[1]}),
            )
        ),
    )


@settings(max_examples=150, deadline=None)
@given(rec=records())
# A quoted name holding a semicolon and a quote once made the sniffer read ";" as
# the delimiter.
@example(
    rec=CVDifferences(
        [0.0, np.nan, 0.0, np.nan],
        n_train=[1] * 4,
        n_test=[1] * 4,
        repeat=[0] * 4,
        fold=[0, 1, 2, 3],
        name=';"',
    )  # fmt: skip
)
def test_round_trips_are_exact(rec):
    assert CVDifferences.from_csv(io.StringIO(rec.to_csv())) == rec
    assert CVDifferences.from_json(io.StringIO(rec.to_json())) == rec
