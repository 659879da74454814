"""Scale: percentages named, losses in percent too; percent and fractions mixed are refused."""

import re
import warnings

import pytest

from sklearn_bayescmp import ScoreTable
from sklearn_bayescmp.tables._words import reading_text
from tests._messages import naming

PERCENT = "look like percentages"


def _wide(a, b, metric="accuracy", **options):
    """A wide table whose metric column says what the scores are (a share, by default)."""
    columns = {"dataset": [f"d{i}" for i in range(len(a))], "metric": [metric] * len(a)}
    return ScoreTable.from_wide({**columns, "a": a, "b": b}, **options)


def test_a_loss_in_percent_gets_the_percent_note():
    table = _wide([12.5, 8.0, 20.1], [14.0, 9.5, 22.3], metric="error_rate")
    assert PERCENT + " (from 0 to 100, of a loss)" in reading_text(table.reading)


def test_the_percent_note_needs_a_name_that_says_a_share():
    # MASE or WQL from 0.5 to 47 are no percentages: the rope stays in their units.
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        table = _wide([0.49, 46.9, 3.2, 5.0], [0.52, 44.1, 3.4, 5.3], metric="MASE")
    assert table.lower_is_better == ("d0", "d1", "d2", "d3")


def test_percent_scores_get_the_note_and_fractions_do_not():
    percent = _wide([81.5, 92.0, 70.1], [80.0, 90.5, 72.3])
    assert PERCENT in reading_text(percent.reading) and "one percentage point" in reading_text(
        percent.reading
    )
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        fractions = _wide([0.815, 0.92, 0.701], [0.8, 0.905, 0.723])
    assert PERCENT not in (reading_text(fractions.reading) or "")


@pytest.mark.parametrize(
    "a, b, model",
    [
        # The run's example: one model in fractions, which every pair would lose.
        ([81.5, 92.0, 70.1, 88.0], [0.80, 0.905, 0.723, 0.87], "'b'"),
        ([0.80, 0.905, 0.723, 0.87], [81.5, 92.0, 70.1, 88.0], "'a'"),
        # Error rates that are fractions beside percentages.
        ([0.12, 0.08, 0.2, 0.15], [13.0, 7.5, 21.0, 16.0], "'a'"),
    ],
)
def test_a_model_in_fractions_beside_percentages_is_refused(a, b, model):
    with pytest.raises(ValueError, match=re.escape(f"model {model} scores at most 1")):
        _wide(a, b)


def test_a_data_set_in_fractions_beside_percentages_is_refused():
    with pytest.raises(ValueError, match="Data set 'd2' has every score at most 1"):
        _wide([81.5, 92.0, 0.701, 88.0], [80.0, 90.5, 0.723, 86.0])


@pytest.mark.parametrize(
    "a, b",
    [
        # A model at 0% on a data set is not a fraction.
        ([81.5, 92.0, 0.0, 88.0], [80.0, 90.5, 72.3, 86.0]),
        # Percentages whose models lie close: no factor of a hundred between them.
        ([1.2, 2.5, 3.1], [0.9, 2.2, 2.8]),
    ],
)
def test_real_percent_tables_are_not_refused(a, b):
    assert PERCENT in reading_text(_wide(a, b).reading)


def test_a_loss_whose_data_sets_differ_in_scale_is_read():
    # Error rates in percent of an easy and a hard data set: 0.4% and 25%.
    table = _wide([0.4, 25.0, 12.0], [0.5, 27.0, 13.5], metric="error_rate")
    assert PERCENT in reading_text(table.reading)
    assert table.lower_is_better == ("d0", "d1", "d2")


def test_a_rope_in_percent_on_fractions_is_refused_and_the_fit_kept():
    # rope=1 on accuracy: every difference lies inside it, and "equivalent" at P = 1 would
    # be the rope's answer, not the scores'.
    import numpy as np
    from sklearn.datasets import load_breast_cancer
    from sklearn.dummy import DummyClassifier
    from sklearn.model_selection import RepeatedStratifiedKFold
    from sklearn.naive_bayes import GaussianNB

    from sklearn_bayescmp import RepeatedCVComparator, compare_models

    X, y = load_breast_cancer(return_X_y=True)
    comparator = RepeatedCVComparator(
        GaussianNB(),
        DummyClassifier(),
        rope=1,
        cv=RepeatedStratifiedKFold(n_splits=3, n_repeats=2, random_state=0),
    )
    with pytest.raises(ValueError, match=naming("rope=(-1, 1)")) as e:
        comparator.fit(X, y)
    assert "(rope=0.01 for 1 point)" in str(e.value) and "The scores are kept" in str(e.value)
    # Nothing the fit computed is lost: another rope reads the same scores.
    decision = comparator.set_params(rope=0.01).test().decision()
    assert decision == "a"
    # A table of fractions too; percentages take a rope of points.
    fractions = _wide([0.81, 0.92, 0.70, 0.88], [0.80, 0.905, 0.723, 0.87])
    with pytest.raises(ValueError, match="one point of a fraction is 0.01"):
        compare_models(fractions, rope=1)
    # One side reaching 1 is enough: B could never be decided better.
    with pytest.raises(ValueError, match=r"rope=\(-1.5, 0.02\) reaches 1.5"):
        compare_models(fractions, rope=(-1.5, 0.02))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        percent = _wide([81.0, 92.0, 70.0, 88.0], [80.0, 90.5, 72.3, 87.0])
    assert compare_models(percent, rope=1, random_state=0).rope == (-1.0, 1.0)
    # A rope under 1 on fractions is the user's to choose, however wide.
    assert compare_models(fractions, rope=0.5, random_state=0).rope == (-0.5, 0.5)
    assert np.isfinite(compare_models(fractions, rope=0.5, random_state=0).prob_equivalent).all()
