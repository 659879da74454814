"""Classic effect sizes: Cohen's d_z against the paired t statistic, Cliff's delta by counting."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats

from sklearn_bayescmp.stats import _effect_size, cliffs_delta, cohens_dz
from sklearn_bayescmp.stats._effect_size import cliffs_delta_rows, cohens_dz_rows
from sklearn_bayescmp.stats._ties import tie_scale

scores = st.lists(st.sampled_from(np.round(np.linspace(0.5, 1.0, 11), 2).tolist()), min_size=1)


def test_cohens_dz_is_the_paired_t_statistic_over_root_n():
    rng = np.random.default_rng(0)
    a, b = rng.normal(0.85, 0.02, 12), rng.normal(0.83, 0.02, 12)
    t = stats.ttest_rel(a, b).statistic
    assert cohens_dz(a - b) == pytest.approx(t / np.sqrt(12))
    assert cohens_dz(b - a) == pytest.approx(-t / np.sqrt(12))


def test_cohens_dz_edge_cases():
    assert np.isnan(cohens_dz([0.1]))
    assert np.isnan(cohens_dz([np.nan, 0.2]))  # one difference left
    assert cohens_dz([0.0, 0.0, 0.0]) == 0.0
    assert cohens_dz([0.02, 0.02]) == np.inf
    assert cohens_dz([-0.02, -0.02]) == -np.inf


@settings(max_examples=80, deadline=None)
@given(scores, scores)
def test_cliffs_delta_equals_counting_every_pair(a, b):
    wins = sum(x > y for x in a for y in b)
    losses = sum(x < y for x in a for y in b)
    assert cliffs_delta(a, b) == pytest.approx((wins - losses) / (len(a) * len(b)), abs=1e-12)
    assert cliffs_delta(b, a) == pytest.approx(-cliffs_delta(a, b), abs=1e-12)


def test_cliffs_delta_edge_cases():
    assert cliffs_delta([0.9, 0.95], [0.1, 0.2, 0.3]) == 1.0
    assert cliffs_delta([0.5, 0.5], [0.5]) == 0.0
    assert np.isnan(cliffs_delta([], [0.5]))
    assert cliffs_delta([0.9, np.nan], [0.1]) == 1.0


rows_of_scores = st.lists(
    st.sampled_from([np.nan, *np.round(np.linspace(0.5, 1.0, 6), 2).tolist()]),
    min_size=4,
    max_size=4,
)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(rows_of_scores, rows_of_scores), min_size=1, max_size=6))
def test_row_wise_effect_sizes_equal_the_one_pair_functions(rows):
    # Ties, NaN on either side and whole rows of NaN, as a table with gaps gives them.
    a = np.array([left for left, _ in rows])
    b = np.array([right for _, right in rows])
    deltas = cliffs_delta_rows(a, b)
    differences = a - b
    scale = np.array([tie_scale(x, y) for x, y in zip(a, b, strict=True)])
    dzs = cohens_dz_rows(differences, scale)
    for row in range(len(rows)):
        expected = cliffs_delta(a[row], b[row])
        assert deltas[row] == pytest.approx(expected, abs=1e-12, nan_ok=True)
        expected = cohens_dz(differences[row], scale=scale[row])
        assert dzs[row] == pytest.approx(expected, rel=1e-12, nan_ok=True)


def test_cliffs_delta_rows_in_blocks_equal_one_block(monkeypatch):
    rng = np.random.default_rng(0)
    a, b = rng.normal(size=(50, 7)), rng.normal(size=(50, 7))
    whole = cliffs_delta_rows(a, b)
    monkeypatch.setattr(_effect_size, "_COMPARISONS_PER_BLOCK", 3 * 49)
    np.testing.assert_array_equal(cliffs_delta_rows(a, b), whole)
