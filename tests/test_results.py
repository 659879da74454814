"""Results as tables (to_columns, to_frame) and in notebooks (_repr_html_)."""

import re
import sys

import numpy as np
import pytest

from sklearn_bayescmp import CVDifferences
from sklearn_bayescmp.stats import (
    bayesian_correlated_ttest,
    combined_ftest_5x2cv,
    corrected_ttest,
    hierarchical_test,
    poisson_test,
    sign_test,
    wilcoxon_test,
)


@pytest.fixture(scope="module")
def records():
    rng = np.random.default_rng(0)
    return [
        CVDifferences(
            rng.normal(0.02, 0.03, 20),
            n_train=90,
            n_test=10,
            scores_a=rng.uniform(0.8, 0.9, 20),
            scores_b=rng.uniform(0.8, 0.9, 20),
            name=f"d{i}",
            model_a="logreg",
            model_b="NB",
        )
        for i in range(6)
    ]


def test_bayesian_result_row(records):
    result = bayesian_correlated_ttest(records[0], rope=0.01)
    columns = result.to_columns(threshold=0.9, prob=0.8)
    assert all(len(values) == 1 for values in columns.values())
    row = {key: values[0] for key, values in columns.items()}
    assert (row["model_a"], row["model_b"]) == ("logreg", "NB")
    assert (row["prob_a_better"], row["prob_equivalent"], row["prob_b_better"]) == (
        result.prob_a_better,
        result.prob_equivalent,
        result.prob_b_better,
    )
    assert row["decision"] == result.decision(0.9)
    assert (row["ci_low"], row["ci_high"]) == tuple(result.credible_interval(0.8))
    assert (row["rope_low"], row["rope_high"]) == (-0.01, 0.01)
    assert row["mean_score_a"] == pytest.approx(np.mean(records[0].scores_a))


@pytest.mark.filterwarnings("ignore::sklearn.exceptions.ConvergenceWarning")  # short chains
def test_every_result_has_a_row_a_frame_and_html(records):
    pandas = pytest.importorskip("pandas")
    results = [
        bayesian_correlated_ttest(records[0]),
        corrected_ttest(records[0]),
        poisson_test(records, rope=0.01),
        sign_test(records, random_state=0, n_draws=1000),
        hierarchical_test(records, n_warmup=200, n_draws=400, random_state=0),
        wilcoxon_test(records),
        combined_ftest_5x2cv(np.arange(10).reshape(5, 2) / 100),
    ]
    for result in results:
        frame = result.to_frame()
        assert isinstance(frame, pandas.DataFrame) and frame.shape[0] == 1
        assert frame.columns.tolist() == list(result.to_columns())
        html = result._repr_html_()
        assert html.startswith("<table") and html.endswith("</table>")
        if hasattr(result, "prob_a_better"):
            assert f"{result.prob_a_better:.4g}" in html and result.decision() in html
            assert "P(logreg better)" in html and "P(NB better)" in html
            assert frame["prob_equivalent"].iloc[0] == result.prob_equivalent
        else:
            assert f"{result.pvalue:.4g}" in html
            assert frame["pvalue"].iloc[0] == result.pvalue


def test_html_shows_the_interval_and_escapes_names():
    record = CVDifferences(
        [0.01, 0.03, 0.02, 0.04], n_train=9, n_test=1, model_a="<b>x</b>", model_b="y&z"
    )
    result = bayesian_correlated_ttest(record)
    html = result._repr_html_()
    low, high = result.credible_interval()
    assert f"[{low:.4g}, {high:.4g}]" in html
    assert "<b>x</b>" not in html and "&lt;b&gt;x&lt;/b&gt;" in html and "y&amp;z" in html
    assert corrected_ttest(record)._repr_html_().count("<tr>") == 2  # header and one row


def test_to_frame_without_pandas_says_how_to_install_it(monkeypatch, records):
    monkeypatch.setitem(sys.modules, "pandas", None)  # import pandas now fails
    result = bayesian_correlated_ttest(records[0])
    with pytest.raises(ImportError, match=re.escape('pip install "pandas>=2.0"')):
        result.to_frame()
    with pytest.raises(ImportError, match=r"to_columns\(\)"):
        records[0].to_frame()
    assert result.to_columns()["prob_a_better"] == [result.prob_a_better]  # no pandas needed


def test_repr_names_the_models_only_when_named(records):
    named = bayesian_correlated_ttest(records[0])
    plain = bayesian_correlated_ttest(records[0].differences, n_train=90, n_test=10)
    assert repr(named).startswith("BayesianCorrelatedTTestResult(model_a='logreg', model_b='NB', ")
    assert repr(plain).startswith("BayesianCorrelatedTTestResult(prob_a_better=")
    assert "P(logreg better) = " in named.summary() and "P(A better) = " in plain.summary()


def test_a_collection_of_different_pairs_is_refused(records):
    other = CVDifferences(
        [0.1, 0.2, 0.0], n_train=9, n_test=1, name="x", model_a="svc", model_b="NB"
    )
    message = "mixes comparisons of different models: ('logreg', 'NB') on data set 'd0' but"
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        poisson_test([*records, other])
    unnamed = CVDifferences([0.1, 0.2, 0.0], n_train=9, n_test=1, name="y")
    assert poisson_test([*records, unnamed]).model_a == "logreg"  # unnamed records claim nothing
