"""The hierarchical test's options: a bound that truncates is said, every option that changes
the model is in the methods paragraph, and differences too small to square are refused."""

import io
import warnings

import numpy as np
import pytest

from sklearn_bayescmp import CVDifferences, ScoreTable, compare_models
from sklearn_bayescmp.stats import hierarchical_test
from tests._messages import naming

FAST = {"n_chains": 2, "n_warmup": 300, "n_draws": 500, "random_state": 0}
# Short chains: their convergence is not what these tests are about.
pytestmark = pytest.mark.filterwarnings("ignore::sklearn.exceptions.ConvergenceWarning")


def _collection(mean, sd=0.01, n=6, alike=0):
    records = []
    for i in range(n):
        values = np.random.default_rng(i).normal(mean, sd, 10)
        records.append(
            CVDifferences(
                np.full(10, mean) if i < alike else values, n_train=90, n_test=10, name=f"d{i}"
            )
        )
    return records


def test_a_bound_below_the_means_is_said():
    with pytest.warns(
        UserWarning,
        match=naming("delta0_bound=0.01", "1 of 1"),
    ):
        truncated = hierarchical_test(_collection(0.05), delta0_bound=0.01, **FAST)
    assert truncated.samples["delta0"].max() <= 0.01 and truncated.delta0_bound == 0.01


def test_a_bound_the_draws_press_against_is_said():
    # Every mean within the bound, but the posterior of delta0 reaches it.
    with pytest.warns(UserWarning, match=naming("delta0", "1%")):
        hierarchical_test(_collection(0.019, sd=0.004), delta0_bound=0.02, **FAST)


def test_a_wide_bound_or_none_is_silent():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        for bound in (None, 1.0):
            hierarchical_test(_collection(0.05), delta0_bound=bound, **FAST)
    assert not [w for w in caught if "delta0_bound" in str(w.message)]


def test_the_methods_paragraph_names_every_option_of_the_model():
    rng = np.random.default_rng(0)
    scores = {f"d{i}": rng.normal([[0.8], [0.81]], 0.01, (2, 10)) for i in range(5)}
    scores["d5"] = np.array([[0.8] * 10, [0.79] * 10])  # all its differences equal
    table = ScoreTable(scores, models=["a", "b"], test_train_ratio=1 / 9)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        default = compare_models(table, test="hierarchical", **FAST)
        chosen = compare_models(
            table,
            test="hierarchical",
            delta0_bound=0.5,
            zero_variance="rope",
            nu_prior="paper",
            alpha_bounds="baycomp",
            beta_bounds="baycomp",
            **FAST,
        )
    text = " ".join(default.report().split())
    assert "delta0 uniform between minus and plus the largest absolute difference" in text
    assert (
        "a data set whose differences are all equal is given the smallest variance of the "
        "other data sets (zero_variance='others')" in text
    )
    assert "the prior nu - 1 ~ Gamma(alpha, beta)" in text
    text = " ".join(chosen.report().split())
    assert "delta0 uniform in [-0.5, 0.5]" in text and "zero_variance='rope'" in text
    assert "the prior nu ~ Gamma(alpha, beta)" in text and "alpha uniform in [1, 2]" in text


@pytest.mark.parametrize("value", [1e-160, -3e-200, 5e-324])
def test_differences_whose_squares_underflow_are_refused(value):
    x = np.array([value, 0.0, 2 * value, value])
    with pytest.raises(ValueError, match=naming("1e-100")):
        CVDifferences(x, n_train=90, n_test=10)
    with pytest.raises(ValueError, match=r"smaller than 1e-100"):
        ScoreTable({"d": np.array([x + 0.0, x * 0])}, models=["a", "b"], test_train_ratio=1)
    text = "dataset,model,fold,score\n" + "".join(
        f"d,{m},{k},{float(v)!r}\n" for m in "ab" for k, v in enumerate(x)
    )
    with pytest.raises(ValueError, match=r"line 2, column 'score': .* is too small"):
        ScoreTable.read_csv(io.StringIO(text), test_train_ratio=1)
