"""Ties and rope edges decided up to rounding, not by the last floating-point digit."""

import io
import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from sklearn_bayescmp import CVDifferences, ScoreTable
from sklearn_bayescmp.stats import (
    bayesian_correlated_ttest,
    cohens_dz,
    friedman_test,
    sign_test,
    signed_rank_test,
    wilcoxon_test,
)
from sklearn_bayescmp.stats._ties import TIE_TOLERANCE, merge_signed_ties, merge_ties, tie_scale

finite = st.floats(-1e3, 1e3, allow_nan=False, allow_infinity=False)


# --------------------------------------------------------------------------
# test_merge_ties
# --------------------------------------------------------------------------


@settings(max_examples=200, deadline=None)
@given(arrays(float, st.integers(1, 30), elements=finite))
def test_merge_ties_changes_nothing_but_values_equal_up_to_rounding(values):
    scale = float(np.abs(values).max())
    merged = merge_ties(values, scale)
    tolerance = TIE_TOLERANCE * scale
    # Each value moves at most by a run of near-equal neighbours, and keeps its order.
    assert np.all(np.abs(merged - values) <= tolerance * values.size)
    order = np.argsort(values, kind="stable")
    assert np.all(np.diff(merged[order]) >= 0)
    # Values farther than the tolerance from every other one are unchanged.
    gaps = np.abs(values[:, None] - values[None, :])
    np.fill_diagonal(gaps, np.inf)
    alone = gaps.min(axis=1) > tolerance
    np.testing.assert_array_equal(merged[alone], values[alone])
    np.testing.assert_array_equal(merge_ties(merged, scale), merged)  # idempotent


@settings(max_examples=200, deadline=None)
@given(arrays(float, st.integers(1, 30), elements=finite), st.floats(1e-3, 1e3))
def test_merge_signed_ties_is_odd_and_zeroes_rounding_errors(values, scale):
    merged = merge_signed_ties(values, scale)
    np.testing.assert_array_equal(merge_signed_ties(-values, scale), -merged)
    assert np.all(merged[np.abs(values) <= TIE_TOLERANCE * scale] == 0.0)
    assert not np.any(np.signbit(merged) & (merged == 0))  # never -0.0


def test_merge_ties_row_by_row_with_each_row_scale():
    scores = np.array([[0.1 + 0.2, 0.3, 0.4], [3e5 + 1e-7, 3e5, 1.0]])
    merged = merge_ties(scores, np.abs(scores).max(axis=1))
    assert merged[0, 0] == merged[0, 1] == 0.3
    assert merged[1, 0] == merged[1, 1] == 3e5  # 1e-7 is below 1e-12 * 3e5
    assert merged[1, 2] == 1.0


# --------------------------------------------------------------------------
# test_routes_agree: a long table and the CSV of its per-data-set means
# --------------------------------------------------------------------------


def _two_decimal_long_table(seed=0, n_datasets=14, n_splits=10):
    """Two-decimal scores of 4 models; on some data sets a model's scores are
    another's in a different order (equal means, summed in another order)."""
    rng = np.random.default_rng(seed)
    rows = []
    for d in range(n_datasets):
        base = np.round(rng.uniform(0.6, 0.95, n_splits), 2)
        scores = {
            "knn": base,
            "tree": rng.permutation(base) if d % 2 == 0 else np.round(base - 0.02, 2),
            "svm": np.round(base + rng.choice([-0.01, 0.0, 0.01], n_splits), 2),
            "forest": np.round(base + 0.01, 2) if d % 3 else rng.permutation(base),
        }
        for model, values in scores.items():
            for split, value in enumerate(values):
                rows.append((f"data{d}", model, split, float(value)))
    return rows


def _routes():
    rows = _two_decimal_long_table()
    text = "dataset,model,fold,score\n" + "".join(f"{d},{m},{f},{s!r}\n" for d, m, f, s in rows)
    long = ScoreTable.read_csv(io.StringIO(text), test_train_ratio=1 / 9, greater_is_better=True)
    # Means as another program computes them: per model, summed from the last
    # split to the first, then printed.
    means = {}
    for (dataset, model), group in itertools.groupby(
        sorted(rows, key=lambda r: (r[0], r[1])), key=lambda r: (r[0], r[1])
    ):
        means.setdefault(dataset, {})[model] = sum(r[3] for r in reversed(list(group))) / 10
    models = list(long.models)
    text = "dataset," + ",".join(models) + "\n"
    for dataset, row in means.items():
        text += f"{dataset}," + ",".join(repr(row[m]) for m in models) + "\n"
    of_means = ScoreTable.read_csv(io.StringIO(text), greater_is_better=True)
    return long, of_means.select(models=long.models, datasets=long.datasets)


def test_the_routes_differ_in_the_last_digit():
    # The premise: without a tolerance, the routes would disagree.
    long, of_means = _routes()
    gap = np.abs(long.mean_scores() - of_means.mean_scores()).max()
    assert 0 < gap < 1e-15
    by_long, by_means = (
        np.array([r.mean for r in t.differences("knn", "tree").values()]) for t in (long, of_means)
    )
    assert 0 < np.abs(by_long - by_means).max() < 1e-15
    assert np.count_nonzero(by_long) != np.count_nonzero(by_means)


def test_a_long_table_and_its_means_rank_and_test_alike():
    long, of_means = _routes()
    first, second = (friedman_test(t.mean_scores(), names=t.models) for t in (long, of_means))
    assert first.statistic == second.statistic
    np.testing.assert_array_equal(first.average_ranks, second.average_ranks)
    for a, b in itertools.combinations(long.models, 2):
        by_long, by_means = long.differences(a, b), of_means.differences(a, b)
        assert wilcoxon_test(by_long).pvalue == wilcoxon_test(by_means).pvalue
        for test in (signed_rank_test, sign_test):
            one, other = (test(x, n_draws=4000, random_state=3) for x in (by_long, by_means))
            assert (one.prob_a_better, one.prob_equivalent, one.prob_b_better) == (
                other.prob_a_better,
                other.prob_equivalent,
                other.prob_b_better,
            )


def test_friedman_counts_a_tie_up_to_rounding_as_scipy_counts_an_exact_one():
    from scipy import stats

    exact = np.array([[0.3, 0.3, 0.5], [0.2, 0.4, 0.1], [0.7, 0.6, 0.6]])
    noisy = exact.copy()
    noisy[0, 0], noisy[2, 1] = 0.1 + 0.2, 0.3 + 0.3  # 0.30000000000000004, 0.6
    result = friedman_test(noisy)
    assert result.statistic == pytest.approx(stats.friedmanchisquare(*exact.T).statistic)


def test_wilcoxon_zero_up_to_rounding_is_a_zero():
    from scipy import stats

    means = np.array([0.02, -0.01, 0.03, 0.0, 0.015, 0.04, -0.025])
    noisy = means.copy()
    noisy[3] = (0.1 + 0.2) - 0.3  # 5.6e-17: a zero of scores near 1, summed in another order
    records = [
        CVDifferences([m, m], n_train=9, n_test=1, scores_a=[0.9, 0.9], scores_b=[0.9 - m] * 2)
        for m in noisy
    ]
    assert wilcoxon_test(records).pvalue == pytest.approx(stats.wilcoxon(means).pvalue)


# --------------------------------------------------------------------------
# test_rope_edges
# --------------------------------------------------------------------------


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
@pytest.mark.parametrize("seed", [0, 1])
def test_walsh_averages_on_the_rope_edge_weigh_one_half_as_in_baycomp(seed):
    import baycomp  # test-only dependency (the "test" extra)

    # Quarter steps are exact in binary: many Walsh averages land on +-0.25.
    x = np.random.default_rng(seed).choice([-0.5, -0.25, 0.0, 0.25, 0.5, 0.75], 9)
    ours = signed_rank_test(x, rope=0.25, random_state=seed)
    theirs = baycomp.SignedRankTest.probs(x, np.zeros_like(x), rope=0.25, random_state=seed)
    observed = (ours.prob_a_better, ours.prob_equivalent, ours.prob_b_better)
    # Two independent 50,000-draw estimates: SE of the gap <= 0.0032.
    assert observed == pytest.approx(tuple(theirs), abs=0.013)
    predictive = (
        ours.predictive_prob_a_better,
        ours.predictive_prob_equivalent,
        ours.predictive_prob_b_better,
    )
    np.testing.assert_allclose(predictive, _predictive(x, 0.25), atol=0.005)


def _predictive(x, rope):
    """baycomp's posterior mean of theta, by a large Monte Carlo of its own formula."""
    z = np.concatenate([[0.0], x])
    sums = z[:, None] + z[None, :]
    above = (sums > 2 * rope) + 0.5 * (sums == 2 * rope)
    below = (-sums > 2 * rope) + 0.5 * (-sums == 2 * rope)
    weights = np.random.default_rng(9).dirichlet([0.5] + [1.0] * x.size, 40_000)
    theta_a = np.einsum("si,ij,sj->s", weights, above, weights).mean()
    theta_b = np.einsum("si,ij,sj->s", weights, below, weights).mean()
    return theta_a, 1 - theta_a - theta_b, theta_b


def test_an_edge_missed_by_rounding_is_still_the_edge():
    # 0.93 - 0.92 is 0.010000000000000009: on the rope's edge 0.01.
    exact = np.array([0.01, 0.01, -0.01, 0.03, 0.0, 0.01])
    noisy = exact.copy()
    noisy[[0, 1]] = 0.93 - 0.92
    noisy[2] = 0.85 - 0.86
    for test in (sign_test, signed_rank_test):
        one, other = (test(x, rope=0.01, random_state=0) for x in (exact, noisy))
        np.testing.assert_array_equal(one.samples, other.samples)


# --------------------------------------------------------------------------
# test_constant_differences
# --------------------------------------------------------------------------


def test_differences_equal_up_to_rounding_have_no_spread():
    scores_a = np.array([0.93, 0.85, 0.77, 0.64, 0.99, 0.58])
    scores_b = np.round(scores_a + 0.03, 2)
    differences = scores_a - scores_b  # -0.03, give or take 1e-16
    assert np.ptp(differences) > 0
    record = CVDifferences(differences, n_train=90, n_test=10, scores_a=scores_a, scores_b=scores_b)
    result = bayesian_correlated_ttest(record, rope=0.0)
    assert result.scale == 0.0 and result.prob_b_better == 1.0
    assert cohens_dz(differences) == -np.inf


def test_cohens_dz_of_means_equal_but_for_rounding():
    # Two near-identical models: every data set's mean difference is 0 or 5.6e-17.
    means = np.array([0.0, (0.1 + 0.2) - 0.3, 0.0, (0.1 + 0.2) - 0.3])
    assert cohens_dz(means, scale=1.0) == 0.0
    assert cohens_dz(means + 0.02, scale=1.0) == np.inf


def test_constant_differences_on_the_rope_edge_are_inside_the_rope():
    # Every split 0.93 - 0.92 = 0.010000000000000009: a point mass on the edge 0.01.
    scores_a = np.full(10, 0.93)
    record = CVDifferences(
        scores_a - 0.92, n_train=90, n_test=10, scores_a=scores_a, scores_b=np.full(10, 0.92)
    )
    result = bayesian_correlated_ttest(record, rope=0.01)
    assert (result.prob_a_better, result.prob_equivalent, result.prob_b_better) == (0, 1, 0)
    mirrored = bayesian_correlated_ttest(
        CVDifferences(0.92 - scores_a, n_train=90, n_test=10), rope=0.01
    )
    assert (mirrored.prob_a_better, mirrored.prob_equivalent, mirrored.prob_b_better) == (0, 1, 0)


@pytest.mark.parametrize("scale", [np.nan, -1.0, np.inf])
def test_cohens_dz_refuses_a_scale_that_is_no_magnitude(scale):
    # A NaN tolerance would merge every difference into one and return 0 quietly.
    with pytest.raises(ValueError, match="`scale` must be a finite magnitude >= 0"):
        cohens_dz([0.1, 0.2, 0.3], scale=scale)


def test_tie_scale_along_an_axis_is_each_row_s():
    a = np.array([[0.5, np.nan, -2.0], [np.inf, np.nan, np.nan], [0.0, 0.1, -0.3]])
    b = np.array([[1.0, 0.2, 0.3], [np.nan, np.nan, np.nan], [np.nan, 0.7, 0.0]])
    rows = tie_scale(a, b, axis=1)
    np.testing.assert_array_equal(rows, [tie_scale(x, y) for x, y in zip(a, b, strict=True)])
    np.testing.assert_array_equal(rows, [2.0, 0.0, 0.7])
