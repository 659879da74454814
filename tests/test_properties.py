"""Property-based tests of the back ends not covered by their own modules, and reader fuzzing.

The correlated t back end (tests/stats/test_correlated_t.py), the sign and
signed-rank tests (tests/stats/test_sign.py) and the rope rules
(tests/stats/test_rope.py) have their properties next to their other tests.
"""

import io
import json
import warnings

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sklearn.exceptions import ConvergenceWarning

from sklearn_bayescmp import CVDifferences
from sklearn_bayescmp._differences import CSV_COLUMNS
from sklearn_bayescmp.stats import (
    combined_ftest_5x2cv,
    corrected_resampled_ttest,
    hierarchical_test,
    paired_ttest,
    paired_ttest_5x2cv,
    poisson_test,
    wilcoxon_test,
)
from sklearn_bayescmp.utils._validation import SMALLEST_SCORE

# Score differences as cross-validation produces them: bounded, not all equal.
# (0, or at least SMALLEST_SCORE in magnitude: smaller differences are refused.)
difference = st.floats(-0.3, 0.3, allow_subnormal=False).map(
    lambda v: v if abs(v) >= SMALLEST_SCORE else 0.0
)
differences = st.lists(difference, min_size=3, max_size=30).filter(lambda v: np.ptp(v) > 1e-6)
five_by_two = st.lists(difference, min_size=10, max_size=10).filter(lambda v: np.ptp(v) > 1e-6)
rope = st.floats(0.0, 0.05)


def _collection(rows, n_train=90, n_test=10):
    return [
        CVDifferences(np.asarray(row), n_train=n_train, n_test=n_test, name=f"d{i}")
        for i, row in enumerate(rows)
    ]


def _mirror(rows):
    return [-np.asarray(row) for row in rows]


collections = st.lists(differences, min_size=2, max_size=8)

# --------------------------------------------------------------------------
# Poisson-binomial test
# --------------------------------------------------------------------------


@settings(max_examples=50, deadline=None)
@given(rows=collections, r1=rope, r2=rope)
def test_poisson_probabilities(rows, r1, r2):
    narrow, wide = sorted((r1, r2))
    result = poisson_test(_collection(rows), rope=narrow)
    probs = [result.prob_a_better, result.prob_equivalent, result.prob_b_better]
    assert all(0.0 <= p <= 1.0 for p in [*probs, result.prob_no_majority])
    assert sum(probs) + result.prob_no_majority == pytest.approx(1.0, abs=1e-9)
    mirror = poisson_test(_collection(_mirror(rows)), rope=narrow)
    assert mirror.prob_a_better == pytest.approx(result.prob_b_better, abs=1e-9)
    assert mirror.prob_b_better == pytest.approx(result.prob_a_better, abs=1e-9)
    # A wider rope makes equivalence more probable on every data set, hence
    # on a majority of them.
    widened = poisson_test(_collection(rows), rope=wide)
    assert widened.prob_equivalent >= result.prob_equivalent - 1e-9


@settings(max_examples=30, deadline=None)
@given(rows=collections, shift=st.floats(-0.5, 0.5))
def test_poisson_ignores_a_constant_added_to_both_scores(rows, shift):
    def records(offset):
        result = []
        for i, row in enumerate(rows):
            score_a, score_b = np.asarray(row) + 0.5 + offset, np.full(len(row), 0.5 + offset)
            result.append(CVDifferences(score_a - score_b, n_train=90, n_test=10, name=f"d{i}"))
        return result

    base, moved = poisson_test(records(0.0), rope=0.01), poisson_test(records(shift), rope=0.01)
    assert moved.prob_a_better == pytest.approx(base.prob_a_better, abs=1e-6)
    assert moved.prob_b_better == pytest.approx(base.prob_b_better, abs=1e-6)


# --------------------------------------------------------------------------
# Frequentist tests
# --------------------------------------------------------------------------


def _two_sided_and_one_sided(test, x, **kwargs):
    return {alt: test(x, alternative=alt, **kwargs) for alt in ("two-sided", "greater", "less")}


@settings(max_examples=50, deadline=None)
@given(x=differences, n_test=st.integers(1, 50))
def test_t_tests_pvalues_and_mirror(x, n_test):
    x = np.asarray(x)
    for test, kwargs in (
        (paired_ttest, {}),
        (corrected_resampled_ttest, {"n_train": 100, "n_test": n_test}),
    ):
        results = _two_sided_and_one_sided(test, x, **kwargs)
        mirrored = _two_sided_and_one_sided(test, -x, **kwargs)
        for result in results.values():
            assert 0.0 <= result.pvalue <= 1.0
        assert mirrored["two-sided"].pvalue == pytest.approx(results["two-sided"].pvalue)
        assert mirrored["greater"].pvalue == pytest.approx(results["less"].pvalue)
        assert mirrored["two-sided"].statistic == pytest.approx(-results["two-sided"].statistic)


@settings(max_examples=50, deadline=None)
@given(x=five_by_two, shift=st.floats(-0.5, 0.5))
def test_5x2cv_tests_pvalues_mirror_and_shift(x, shift):
    x = np.asarray(x).reshape(5, 2)
    t_results = _two_sided_and_one_sided(paired_ttest_5x2cv, x)
    mirrored = _two_sided_and_one_sided(paired_ttest_5x2cv, -x)
    assert all(0.0 <= r.pvalue <= 1.0 for r in t_results.values())
    assert mirrored["two-sided"].pvalue == pytest.approx(t_results["two-sided"].pvalue)
    assert mirrored["less"].pvalue == pytest.approx(t_results["greater"].pvalue)
    f_result = combined_ftest_5x2cv(x)
    assert 0.0 <= f_result.pvalue <= 1.0
    assert combined_ftest_5x2cv(-x).pvalue == pytest.approx(f_result.pvalue)
    # Differences of shifted scores are the same differences (up to rounding).
    shifted = (x + 0.5 + shift) - (0.5 + shift)
    assert combined_ftest_5x2cv(shifted).pvalue == pytest.approx(f_result.pvalue, abs=1e-6)


# SciPy runs a permutation test for up to 13 values with ties (about 2 s a
# call), so fewer examples here.
@pytest.mark.long
@settings(max_examples=20, deadline=None)
@given(means=st.lists(difference, min_size=2, max_size=40))
def test_wilcoxon_pvalues_and_mirror(means):
    means = np.asarray(means)
    result = wilcoxon_test(means)
    assert 0.0 <= result.pvalue <= 1.0
    assert wilcoxon_test(-means).pvalue == pytest.approx(result.pvalue)
    greater = wilcoxon_test(means, alternative="greater").pvalue
    assert wilcoxon_test(-means, alternative="less").pvalue == pytest.approx(greater)


# --------------------------------------------------------------------------
# Hierarchical test (short chains: these check invariants, not accuracy)
# --------------------------------------------------------------------------


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rows=st.lists(differences, min_size=2, max_size=5), r=rope, seed=st.integers(0, 2**16))
def test_hierarchical_probabilities(rows, r, seed):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        result = hierarchical_test(
            _collection(rows), rope=r, n_warmup=50, n_draws=100, random_state=seed
        )
    most_probable = [result.prob_a_better, result.prob_equivalent, result.prob_b_better]
    predictive = list(result.predictive_probabilities.values())
    for probs in (most_probable, predictive):
        assert all(0.0 <= p <= 1.0 for p in probs)
        assert sum(probs) == pytest.approx(1.0, abs=1e-9)
    wider = result.credible_interval(0.95, parameter="delta0")
    narrower = result.credible_interval(0.5, method="eti", parameter="delta0")
    assert wider.low <= narrower.low <= np.median(result.samples["delta0"]) <= narrower.high
    assert narrower.high <= wider.high


# --------------------------------------------------------------------------
# Fuzzing the CSV and JSON readers
# --------------------------------------------------------------------------

cells = st.one_of(
    st.text(max_size=12),
    st.sampled_from(["", "nan", "inf", "-inf", "1e400", "-1e-400", "0x1p3", "NaN", "1_0", " 7 "]),
    st.sampled_from(['"a,b"', '"x', 'y"', '"say ""hi"""', '"line\nbreak"', "1e30", "2e100"]),
    st.integers(-(10**30), 10**30).map(str),
    st.floats(allow_nan=True, allow_infinity=True).map(repr),
)


@st.composite
def csv_texts(draw):
    """CSV text with a plausible header (some columns dropped or renamed) and random rows."""
    header = draw(st.lists(st.sampled_from([*CSV_COLUMNS, "extra", "", "ünïcode"]), max_size=9))
    n_columns = max(len(header), 1)
    rows = draw(
        st.lists(st.lists(cells, min_size=0, max_size=n_columns + 1), min_size=0, max_size=6)
    )
    delimiter = draw(st.sampled_from([",", ";", "\t"]))
    lines = [delimiter.join(header)] + [delimiter.join(row) for row in rows]
    return draw(st.sampled_from(["\n", "\r\n"])).join(lines)


def _read_or_refuse(reader, text):
    """The reader returns a record or raises a clear ValueError/TypeError, never anything else.

    ``text`` is a string or an open file (of bytes, to try encodings).
    """
    try:
        record = reader(io.StringIO(text) if isinstance(text, str) else text)
    except (ValueError, TypeError) as exc:
        message = str(exc)
        assert message and "Traceback" not in message
        return None
    assert isinstance(record, CVDifferences)
    return record


def _encode(text, encoding):
    """The bytes of ``text`` in an encoding (gzip: compressed UTF-8), or None if it cannot."""
    import gzip

    try:
        return gzip.compress(text.encode()) if encoding == "gzip" else text.encode(encoding)
    except UnicodeEncodeError:
        return None


@settings(max_examples=300, deadline=2000)
@given(
    text=st.one_of(csv_texts(), st.text(max_size=300)),
    encoding=st.sampled_from(["text", "utf-8", "utf-8-sig", "utf-16", "latin-1", "gzip"]),
)
def test_csv_reader_never_crashes(text, encoding):
    data = text if encoding == "text" else _encode(text, encoding)
    if data is None:
        return
    buffer = io.StringIO(data) if isinstance(data, str) else io.BytesIO(data)
    record = _read_or_refuse(CVDifferences.from_csv, buffer)
    if record is not None:
        assert np.all(np.isfinite(record.differences) | np.isnan(record.differences))


json_values = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(-(10**30), 10**30),
        st.floats(allow_nan=False),
        st.text(max_size=10),
    ),
    lambda children: (
        st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=10), children, max_size=5)
    ),
    max_leaves=20,
)


@st.composite
def json_texts(draw):
    """JSON objects with the record's keys (some missing), holding random values."""
    good = CVDifferences([0.1, 0.2, 0.3], n_train=9, n_test=1).to_dict()
    keys = draw(st.lists(st.sampled_from([*good, "extra"]), unique=True))
    document = {key: draw(st.one_of(st.just(good.get(key)), json_values)) for key in keys}
    return json.dumps(document)


@pytest.mark.long
@settings(max_examples=300, deadline=2000)
@given(text=st.one_of(json_texts(), st.text(max_size=200)))
def test_json_reader_never_crashes(text):
    _read_or_refuse(CVDifferences.from_json, text)
