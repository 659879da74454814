"""What was compared, said where people read it: losses, counts, probabilities, medians."""

import io
import json

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from sklearn_bayescmp import ScoreTable, compare_models
from sklearn_bayescmp.cli import main
from sklearn_bayescmp.exceptions import MissingScoresWarning
from sklearn_bayescmp.stats import backend_names, get_backend, plackett_luce_ranking
from sklearn_bayescmp.utils._display import beside_threshold

from ._files import text_of


def _logloss_table(n_datasets=6, seed=0):
    rng = np.random.default_rng(seed)
    rows = [
        [f"d{d}", model, fold, round(0.4 - lead + rng.normal(0, 0.02), 4)]
        for d in range(n_datasets)
        for model, lead in (("boosting", 0.05), ("forest", 0.0))
        for fold in range(10)
    ]
    return text_of(("dataset", "model", "fold", "logloss"), rows)


def test_a_loss_is_said_in_the_summary_the_report_and_the_json(tmp_path, capsys):
    table = ScoreTable.read_csv(io.StringIO(_logloss_table()), greater_is_better=False)
    comparison = compare_models(table, random_state=0, n_draws=2000)
    note = "lower is better: the losses were negated, so a positive mean A-B means A's loss"
    assert f"({note}" in comparison.summary()
    assert note[1:] in comparison.report(
        format="markdown"
    ) and "Lower is better" in comparison.report(format="markdown")
    path = tmp_path / "logloss.csv"
    path.write_text(_logloss_table())
    assert main(["compare", str(path), "--lower-is-better", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["direction"] == "lower"  # a code, not words
    scores = compare_models(
        ScoreTable.read_csv(io.StringIO(_logloss_table().replace("logloss", "auc")))
    )
    assert "lower is better" not in scores.summary()


@given(
    value=st.floats(0, 1),
    threshold=st.floats(0.5, 0.999),
    digits=st.integers(2, 4),
)
def test_a_printed_probability_stays_on_its_side_of_the_threshold(value, threshold, digits):
    shown = float(f"{beside_threshold(value, threshold, digits):.{digits}f}")
    assert (shown >= threshold) == (value >= threshold)
    assert abs(shown - value) <= 10.0**-digits


def test_the_example_that_read_as_decided():
    assert f"{beside_threshold(0.9498, 0.95, 3):.3f}" == "0.949"
    assert f"{beside_threshold(0.9502, 0.95, 3):.3f}" == "0.950"
    assert beside_threshold(0.5, None, 3) == 0.5


def test_a_test_of_signs_shows_the_median_beside_the_mean():
    rng = np.random.default_rng(3)
    # One data set sways the mean: the median says what the signs say.
    scores = {f"d{i}": rng.normal(0.8, 0.01, (2, 10)) + [[0.01], [0.0]] for i in range(7)}
    scores["d0"] = scores["d0"] + [[-0.5], [0.0]]
    table = ScoreTable(scores, models=["a", "b"], test_train_ratio=1 / 9)
    comparison = compare_models(table, test="signed_rank", random_state=0, n_draws=2000)
    header = next(line for line in comparison.summary().splitlines() if line.startswith("A "))
    assert "mean A-B" in header and "median A-B" in header
    assert comparison.mean_difference[0, 1] < 0 < comparison.median_difference[0, 1]
    assert "median A-B" not in compare_models(table, test="poisson").summary()


def test_the_poisson_columns_say_why_they_need_not_sum_to_one():
    rng = np.random.default_rng(0)
    scores = {f"d{i}": rng.normal(0.8, 0.02, (3, 10)) for i in range(6)}
    table = ScoreTable(scores, models=["a", "b", "c"], test_train_ratio=1 / 9)
    comparison = compare_models(table, test="poisson")
    assert "the three need not sum to 1" in comparison.summary()
    assert "the three need not sum to 1" in comparison.report(format="markdown")
    # Nothing is drawn, though every test of many data sets takes a seed.
    records = table.differences("a", "b")
    for name in backend_names():
        backend = get_backend(name)
        if backend.scope != "dataset":
            assert backend.accepts("random_state"), name
    one, other = (get_backend("poisson").function(records, random_state=seed) for seed in (1, 2))
    assert one.to_columns() == other.to_columns()
    assert not get_backend("poisson").sampled


def test_counts_say_what_each_pair_and_the_ranking_used():
    rng = np.random.default_rng(1)
    rows = [
        [
            f"d{d}",
            model,
            fold,
            None if (model == "c" and d >= 7) else round(0.8 + rng.normal(0, 0.02), 4),
        ]
        for d in range(16)
        for model in ("a", "b", "c")
        for fold in range(10)
    ]
    with pytest.warns(MissingScoresWarning):
        table = ScoreTable.read_csv(
            io.StringIO(text_of(("dataset", "model", "fold", "score"), rows))
        )
    comparison = compare_models(table, allow_incomplete=True, random_state=0, n_draws=1000)
    methods = comparison.report(format="markdown").split("## Pairs")[0]
    assert "a vs c on 7; b vs c on 7 of the 16 data sets" in methods
    assert "ranked with the Bayesian Plackett-Luce model (Calvo et al. 2018) on the 7 data" in (
        " ".join(methods.split())
    )


def test_a_ranking_that_fits_a_model_poorly_says_so():
    rng = np.random.default_rng(0)
    scores = rng.normal(0.8, 0.01, (8, 5)) + np.array([0, 0.01, 0.02, 0.03, 0.04])
    scores[:6, 0], scores[6:, 0] = 1.0, 0.0  # first on six data sets, last on two
    ranking = plackett_luce_ranking(scores, names=list("ABCDE"), random_state=0)
    assert ranking.poor_fit() == ["A"]
    assert "Poor fit for A: first on 6 of 8 data sets" in ranking.summary()
    consistent = plackett_luce_ranking(rng.normal([0.8, 0.82, 0.85], 0.02, (30, 3)), random_state=0)
    assert consistent.poor_fit() == [] and "Poor fit" not in consistent.summary()
