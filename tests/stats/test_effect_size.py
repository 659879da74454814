"""Classic effect sizes: Cohen's d_z against the paired t statistic, Cliff's delta by counting."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats

from sklearn_bayescmp.stats import cliffs_delta, cohens_dz

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
