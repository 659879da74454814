"""Tests of compare_models: every pair equals its two-model back end, mirrors, references."""

import re
import threading
import warnings

import numpy as np
import pytest
from scipy import stats
from sklearn.exceptions import ConvergenceWarning

from sklearn_bayescmp import ModelComparison, ScoreTable, _compare_models, compare_models
from sklearn_bayescmp.stats import (
    NormalGammaPrior,
    _ranking,
    backend_names,
    bayesian_correlated_ttest,
    corrected_ttest,
    friedman_test,
    get_backend,
    hierarchical_test,
    plackett_luce_ranking,
    poisson_test,
    sign_test,
    signed_rank_test,
    wilcoxon_test,
)
from sklearn_bayescmp.stats._core import holm_adjusted
from sklearn_bayescmp.utils._sklearn import InvalidParameterError
from tests._messages import naming

MODELS = ("knn", "tree", "forest", "boost")


def _table(n_datasets=9, n_splits=30, seed=0):
    rng = np.random.default_rng(seed)
    means = np.array([[0.80], [0.815], [0.85], [0.852]])
    scores = {
        f"d{i}": rng.normal(means + rng.normal(0, 0.01, (4, 1)), 0.02, size=(4, n_splits))
        for i in range(n_datasets)
    }
    return ScoreTable(scores, models=MODELS, n_train=90, n_test=10)


@pytest.fixture(scope="module")
def table():
    return _table()


def _pairs():
    return [(i, j) for i in range(4) for j in range(i + 1, 4)]


# --------------------------------------------------------------------------
# every pair is its two-model back end, bit for bit
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "test, backend, options",
    [
        ("signed_rank", signed_rank_test, {"n_draws": 5000}),
        ("sign", sign_test, {"n_draws": 5000, "prior_strength": 2.0}),
        ("poisson", poisson_test, {}),
    ],
)
def test_pairs_equal_the_two_model_back_end(table, test, backend, options):
    kept = {} if test == "poisson" else {"keep_draws": options["n_draws"]}
    comparison = compare_models(table, test=test, rope=0.01, random_state=7, **options, **kept)
    for i, j in _pairs():
        records = table.differences(MODELS[i], MODELS[j])
        kwargs = {"random_state": 7, **options} if test != "poisson" else {}
        alone = backend(records, rope=0.01, **kwargs)
        pair = comparison.result(MODELS[i], MODELS[j])
        assert (pair.prob_a_better, pair.prob_equivalent, pair.prob_b_better) == (
            alone.prob_a_better,
            alone.prob_equivalent,
            alone.prob_b_better,
        )
        if test != "poisson":
            np.testing.assert_array_equal(pair.samples, alone.samples)
            assert pair.predictive_prob_b_better == alone.predictive_prob_b_better
        assert comparison.prob_a_better[i, j] == alone.prob_a_better
        assert comparison.prob_b_better[j, i] == alone.prob_a_better
        assert comparison.decisions[i, j] == alone.decision(0.95)


@pytest.mark.parametrize("test", ["sign", "signed_rank"])
def test_pairs_do_not_depend_on_n_jobs_or_the_batches(test, monkeypatch):
    # Seven models: pairs stopping at different rounds, batched 21 together or 4 by 4.
    rng = np.random.default_rng(4)
    scores = {
        f"d{i}": rng.normal(0.8, 0.01, (7, 1)) + np.linspace(0, 0.02, 7)[:, None] for i in range(12)
    }
    many = ScoreTable(scores, models=[f"m{k}" for k in range(7)])
    reference = compare_models(many, test=test, random_state=0, ranking=False)
    assert len({r.n_draws for r in reference.results.values()}) > 1
    threaded = compare_models(many, test=test, random_state=0, ranking=False, n_jobs=2)
    monkeypatch.setattr(_compare_models, "_MEAN_PAIRS_PER_BATCH", 4)
    small_batches = compare_models(many, test=test, random_state=0, ranking=False)
    for other in (threaded, small_batches):
        for name in ("prob_a_better", "prob_equivalent", "prob_b_better"):
            np.testing.assert_array_equal(getattr(other, name), getattr(reference, name))
        for pair, result in reference.results.items():
            assert other.results[pair].predictive_prob_a_better == result.predictive_prob_a_better
            assert other.results[pair].mcse == result.mcse


@pytest.mark.long
def test_hierarchical_pairs_are_sampled_in_one_batch(table):
    options = {"n_chains": 2, "n_warmup": 150, "n_draws": 300}
    small = table.select(models=["knn", "tree", "forest"], datasets=table.datasets[:5])
    # The short chains' convergence warning reaches the caller, from a worker
    # process too: once per call, pointing at this file.
    for n_jobs in (1, 2):
        with pytest.warns(ConvergenceWarning) as caught:
            compare_models(small, test="hierarchical", random_state=3, n_jobs=n_jobs, **options)
        assert len(caught) == 1
        assert caught[0].filename == __file__ and "knn vs tree" in str(caught[0].message)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)  # short chains, checked above
        batched = compare_models(small, test="hierarchical", random_state=3, **options)
        in_two_jobs = compare_models(
            small, test="hierarchical", random_state=3, n_jobs=2, **options
        )
    # One batch, one generator: the pairs' draws are those of the batch, whatever n_jobs.
    for a, b in [("knn", "tree"), ("knn", "forest"), ("tree", "forest")]:
        for name, values in batched.result(a, b).samples.items():
            np.testing.assert_array_equal(in_two_jobs.result(a, b).samples[name], values)
    np.testing.assert_array_equal(batched.prob_a_better, in_two_jobs.prob_a_better)
    # The mirrored pair is the same posterior, negated.
    pair = batched.result("knn", "tree")
    assert batched.prob_b_better[1, 0] == pair.prob_a_better


def test_one_data_set_uses_the_correlated_t_test(table):
    single = table.select(datasets=["d0"])
    comparison = compare_models(single, rope=0.02)
    assert comparison.test == "bayesian_correlated_t" and comparison.ranking is None
    for i, j in _pairs():
        (record,) = single.differences(MODELS[i], MODELS[j]).values()
        assert comparison.result(MODELS[i], MODELS[j]) == bayesian_correlated_ttest(
            record, rope=0.02
        )
    # The reference: corrected t-tests with Holm's correction.
    pvalues = [
        corrected_ttest(next(iter(single.differences(MODELS[i], MODELS[j]).values()))).pvalue
        for i, j in _pairs()
    ]
    assert comparison.reference.test == "corrected_t"
    np.testing.assert_array_equal(
        [comparison.reference.pvalues_holm[i, j] for i, j in _pairs()], holm_adjusted(pvalues)
    )
    assert comparison.reference.friedman is None


# --------------------------------------------------------------------------
# invariants
# --------------------------------------------------------------------------


def test_swapping_two_models_mirrors_their_rows_and_columns(table):
    swapped = ("knn", "forest", "tree", "boost")  # tree and forest change places
    order = [MODELS.index(model) for model in swapped]
    for test, options in (("signed_rank", {"n_draws": 4000}), ("poisson", {})):
        first = compare_models(table, test=test, random_state=1, **options)
        second = compare_models(table.select(models=swapped), test=test, random_state=1, **options)
        for name in ("prob_a_better", "prob_equivalent", "prob_b_better", "mean_difference"):
            permuted = getattr(first, name)[np.ix_(order, order)]
            np.testing.assert_allclose(getattr(second, name), permuted, atol=1e-12)
        np.testing.assert_array_equal(second.decisions, first.decisions[np.ix_(order, order)])


def test_matrices_are_mirrored_and_probabilities_sum_to_one(table):
    comparison = compare_models(table, test="signed_rank", random_state=0, n_draws=3000)
    a, eq, b = comparison.prob_a_better, comparison.prob_equivalent, comparison.prob_b_better
    np.testing.assert_array_equal(a, b.T)
    np.testing.assert_array_equal(eq, eq.T)
    np.testing.assert_allclose(a + eq + b, 1.0, atol=1e-12)
    assert np.all(np.diag(eq) == 1.0) and set(np.diag(comparison.decisions)) == {"equivalent"}
    np.testing.assert_allclose(comparison.mean_difference, -comparison.mean_difference.T)
    mirror = {"a": "b", "b": "a", "equivalent": "equivalent", "undecided": "undecided"}
    for i, j in _pairs():
        assert comparison.decisions[j, i] == mirror[comparison.decisions[i, j]]
        reverse = comparison.result(MODELS[j], MODELS[i])
        forward = comparison.result(MODELS[i], MODELS[j])
        assert reverse.prob_a_better == forward.prob_b_better
        assert (reverse.model_a, reverse.model_b) == (MODELS[j], MODELS[i])
        np.testing.assert_array_equal(reverse.samples, forward.samples[:, ::-1])
        np.testing.assert_array_equal(reverse.means, -forward.means)


def test_mirrored_results_equal_the_back_end_on_the_swapped_pair(table):
    records = table.differences("tree", "forest")
    swapped = table.differences("forest", "tree")
    exact = bayesian_correlated_ttest(records["d0"], rope=(-0.01, 0.02))
    mirrored = exact.mirrored()
    direct = bayesian_correlated_ttest(swapped["d0"], rope=(-0.02, 0.01))
    for field in ("prob_a_better", "prob_equivalent", "prob_b_better", "loc", "scale", "df"):
        assert getattr(mirrored, field) == pytest.approx(getattr(direct, field), abs=1e-14)
    assert mirrored.rope == direct.rope and mirrored.model_a == "forest"
    poisson = poisson_test(records, rope=0.01).mirrored()
    assert poisson.prob_a_better == pytest.approx(poisson_test(swapped, rope=0.01).prob_a_better)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        options = {"n_chains": 2, "n_warmup": 100, "n_draws": 100, "random_state": 0}
        hierarchical = hierarchical_test(records, **options).mirrored()
    assert hierarchical.rope == (-0.01, 0.01) and hierarchical.model_a == "forest"
    assert hierarchical.shrinkage_intervals[0, 0] <= hierarchical.shrinkage_estimates[0]
    shares = np.argmax(hierarchical.samples["outcome_probabilities"], axis=-1)
    assert (shares == 0).mean() == pytest.approx(hierarchical.prob_a_better)
    t = corrected_ttest(records["d0"], alternative="greater").mirrored()
    direct_t = corrected_ttest(swapped["d0"], alternative="less")
    assert t.pvalue == direct_t.pvalue and t.statistic == pytest.approx(direct_t.statistic)


def _five_by_two_table():
    """One data set of 5 repeats of 2-fold cross-validation, which every test of one
    data set reads (the 5x2cv tests included)."""
    rng = np.random.default_rng(3)
    scores = rng.normal([[0.80], [0.83], [0.79]], 0.02, size=(3, 10))
    repeat, fold = np.repeat(np.arange(5), 2), np.tile(np.arange(2), 5)
    return ScoreTable(scores, models=MODELS[:3], n_train=50, n_test=50, repeat=repeat, fold=fold)


@pytest.mark.parametrize(
    "name, alternative",
    [
        (name, alternative)
        for name in backend_names()
        for alternative in ["two-sided", "greater", "less"]
        if alternative == "two-sided" or get_backend(name).accepts("alternative")
    ],
)
def test_every_back_end_answers_the_swapped_pair(table, name, alternative):
    # result(b, a) of a pair stored as (a, b) is its mirror: for a frequentist test,
    # exactly the test of B - A (SciPy's wilcoxon for the Wilcoxon test); for a
    # Bayesian one, the probabilities trade places.
    backend = get_backend(name)
    data = _five_by_two_table() if backend.scope == "dataset" else table
    options = {"alternative": alternative} if backend.accepts("alternative") else {}
    if backend.sampled:
        options = {"n_chains": 2, "n_warmup": 50} if name == "hierarchical" else {}
        options["n_draws"] = 100
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        comparison = compare_models(data, test=name, ranking=False, random_state=0, **options)
    forward, swapped = comparison.result("knn", "forest"), comparison.result("forest", "knn")
    assert (swapped.model_a, swapped.model_b) == ("forest", "knn")
    if backend.kind == "bayesian":
        assert (swapped.prob_a_better, swapped.prob_b_better) == (
            forward.prob_b_better,
            forward.prob_a_better,
        )
        return
    # The pair's test was one-sided for knn - forest: for forest - knn, the other side.
    if "alternative" in options:
        options["alternative"] = {"greater": "less", "less": "greater"}.get(
            alternative, alternative
        )
    records = data.differences("forest", "knn")
    direct = backend.call(records if backend.scope != "dataset" else records["data"], **options)
    assert swapped.statistic == pytest.approx(direct.statistic, abs=1e-12)
    assert swapped.pvalue == pytest.approx(direct.pvalue, abs=1e-12)
    assert swapped.estimate == pytest.approx(direct.estimate, abs=1e-12)
    assert swapped.decision() == direct.decision()
    if name == "wilcoxon":  # the one-sided statistic is the other rank sum, as SciPy has it
        means = np.array([record.mean for record in records.values()])
        reference = stats.wilcoxon(means, alternative=options["alternative"])
        assert (swapped.statistic, swapped.pvalue) == (reference.statistic, reference.pvalue)


# --------------------------------------------------------------------------
# the ranking and the frequentist reference
# --------------------------------------------------------------------------


def test_ranking_and_reference_are_the_back_ends_on_the_means(table):
    comparison = compare_models(table, test="signed_rank", random_state=5, n_draws=2000)
    ranking = plackett_luce_ranking(table.mean_scores(), names=MODELS, random_state=5)
    np.testing.assert_array_equal(comparison.ranking.samples["weights"], ranking.samples["weights"])
    assert comparison.ranking.order[-1] == "knn"
    friedman = friedman_test(table.mean_scores(), names=MODELS)
    assert comparison.reference.friedman.statistic == friedman.statistic
    assert comparison.reference.friedman.statistic == (
        stats.friedmanchisquare(*table.mean_scores().T).statistic
    )
    pvalues = [wilcoxon_test(table.differences(MODELS[i], MODELS[j])).pvalue for i, j in _pairs()]
    assert comparison.reference.test == "wilcoxon"
    assert [comparison.reference.pvalues[i, j] for i, j in _pairs()] == pvalues
    np.testing.assert_array_equal(
        [comparison.reference.pvalues_holm[j, i] for i, j in _pairs()], holm_adjusted(pvalues)
    )
    no_ranking = compare_models(
        table, test="signed_rank", ranking=False, random_state=5, n_draws=2000
    )
    assert no_ranking.ranking is None
    np.testing.assert_array_equal(no_ranking.prob_a_better, comparison.prob_a_better)


@pytest.mark.parametrize("n_jobs", [1, 2])
def test_the_ranking_beside_the_pairs_is_the_ranking_alone(table, n_jobs, monkeypatch):
    # A large ranking runs in a thread beside the pairs' tests, given threads; else after.
    monkeypatch.setattr(_compare_models, "_RANKING_BESIDE_FROM", 0)
    threads = []
    default_ranking = _compare_models._default_ranking

    def recorded(*args, **kwargs):
        threads.append(threading.current_thread())
        return default_ranking(*args, **kwargs)

    monkeypatch.setattr(_compare_models, "_default_ranking", recorded)
    comparison = compare_models(table, test="signed_rank", random_state=5, n_jobs=n_jobs)
    assert (threads == [threading.current_thread()]) == (n_jobs == 1)
    ranking = plackett_luce_ranking(table.mean_scores(), names=MODELS, random_state=5)
    np.testing.assert_array_equal(comparison.ranking.samples["weights"], ranking.samples["weights"])
    np.testing.assert_array_equal(comparison.ranking.expected_rank, ranking.expected_rank)
    assert comparison.ranking.rhat == ranking.rhat

    # Its convergence warning reaches the caller, pointing at the caller's line.
    def short_chains(means, models, seed, *, stop):
        options = {"prior": 1.0, "n_chains": 2, "n_warmup": 5, "n_draws": 20}
        return _ranking.ranking_posterior(
            means, names=tuple(models), random_state=seed, stop=stop, **options
        )

    monkeypatch.setattr(_compare_models, "_default_ranking", short_chains)
    with pytest.warns(ConvergenceWarning, match="Plackett-Luce") as caught:
        compare_models(table, test="signed_rank", random_state=5, n_jobs=n_jobs)
    assert [w.filename for w in caught] == [__file__]


def test_a_failing_comparison_stops_its_ranking(table, monkeypatch):
    started, outcome = threading.Event(), []

    def long_ranking(means, models, seed, *, stop):
        started.set()
        options = {"prior": 1.0, "n_chains": 2, "n_warmup": 0, "n_draws": 200_000}
        outcome.append(
            _ranking.ranking_posterior(
                means, names=tuple(models), random_state=seed, stop=stop, **options
            )
        )

    def failing_pairs(*args, **kwargs):
        started.wait(timeout=60)
        raise RuntimeError("a pair failed")

    monkeypatch.setattr(_compare_models, "_RANKING_BESIDE_FROM", 0)
    monkeypatch.setattr(_compare_models, "_default_ranking", long_ranking)
    monkeypatch.setattr(_compare_models, "_run", failing_pairs)
    with pytest.raises(RuntimeError, match="a pair failed"):
        compare_models(table, test="signed_rank", random_state=5, n_jobs=2)
    assert outcome == [None]  # stopped before its draws ended, and waited for


def test_an_int_seed_is_recorded_and_others_become_one(table):
    assert (
        compare_models(table, test="signed_rank", random_state=11, n_draws=1000).random_state == 11
    )
    seeded = compare_models(
        table, test="signed_rank", random_state=np.random.default_rng(0), n_draws=1000
    )
    assert isinstance(seeded.random_state, int)
    again = compare_models(
        table, test="signed_rank", random_state=seeded.random_state, n_draws=1000
    )
    np.testing.assert_array_equal(seeded.prob_a_better, again.prob_a_better)


# --------------------------------------------------------------------------
# outputs
# --------------------------------------------------------------------------


def test_tidy_tables_summary_and_html(table):
    comparison = compare_models(table, test="signed_rank", random_state=0, n_draws=2000)
    assert isinstance(comparison, ModelComparison)
    columns = comparison.to_columns()
    assert columns["model_a"] == ["knn", "knn", "knn", "tree", "tree", "forest"]
    assert columns["prob_b_better"][1] == comparison.prob_b_better[0, 2]
    assert columns["decision"][1] == comparison.decisions[0, 2]
    text = comparison.summary()
    assert text.startswith("4 models on 9 data set(s): Bayesian signed-rank test of every pair")
    assert "Plackett-Luce ranking over 9 data sets" in text
    assert "Frequentist reference (not the recommendation" in text
    assert "Nemenyi critical difference" in text
    html = comparison._repr_html_()
    assert html.count("<table") == 2 and "P(ranks first)" in html
    np.testing.assert_array_equal(
        comparison.matrix("pvalues_holm"), comparison.reference.pvalues_holm
    )
    pandas = pytest.importorskip("pandas")
    frame = comparison.to_frame()
    assert frame.index.names == ["model_a", "model_b"]
    assert frame.loc[("knn", "forest"), "prob_b_better"] == comparison.prob_b_better[0, 2]
    matrix = comparison.matrix_frame("prob_a_better")
    assert isinstance(matrix, pandas.DataFrame)
    assert list(matrix.index) == list(MODELS) == list(matrix.columns)
    assert matrix.loc["forest", "knn"] == comparison.prob_a_better[2, 0]
    assert comparison.matrix_frame("decisions").loc["forest", "knn"] == "a"


# --------------------------------------------------------------------------
# input validation
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "kwargs, error, message",
    [
        ({"test": "t"}, InvalidParameterError, "The 'test' parameter of compare_models"),
        (
            {"test": "bayesian_correlated_t"},
            ValueError,
            "test='bayesian_correlated_t' compares models on one",
        ),
        (
            {"n_chains": 2},
            TypeError,
            "got unknown option(s) ['n_chains'] (test='auto' chose it for this table: every data "
            "set has the scores of its splits and their sizes); n_chains is an option of "
            "test='hierarchical'; it accepts ['prior']",
        ),
        ({"test": "poisson", "n_draws": 10}, TypeError, "it accepts ['prior']"),
        ({"rope": (0.01, 0.02)}, ValueError, "low <= 0 <= high"),
    ],
)
def test_input_validation(table, kwargs, error, message):
    with pytest.raises(error, match=re.escape(message)):
        compare_models(table, **kwargs)


def test_a_single_data_set_needs_the_correlated_t_test(table):
    with pytest.raises(ValueError, match=naming("test='sign'", "bayesian_correlated_t")):
        compare_models(table.select(datasets=["d3"]), test="sign")
    with pytest.raises(InvalidParameterError, match="The 'table' parameter"):
        compare_models({"d0": np.ones((2, 3))})


def test_pairs_keep_their_numbers_but_no_draws_unless_asked(table):
    comparison = compare_models(table, test="signed_rank", random_state=1, n_draws=3000)
    pair = comparison.result("knn", "forest")
    assert pair.samples.shape == (0, 3) and pair.n_draws == 3000
    alone = signed_rank_test(table.differences("knn", "forest"), n_draws=3000, random_state=1)
    assert pair.predictive_prob_a_better == alone.predictive_prob_a_better
    assert pair.summary() == alone.summary()
    few = compare_models(table, test="signed_rank", random_state=1, n_draws=3000, keep_draws=100)
    np.testing.assert_array_equal(few.result("knn", "forest").samples, alone.samples[:100])
    pytest.importorskip("matplotlib")
    from sklearn_bayescmp.plotting import SimplexDisplay

    with pytest.raises(ValueError, match="Pass keep_draws=5000 to compare_models"):
        SimplexDisplay.from_result(pair)


def test_auto_keeps_each_data_set_s_uncertainty_where_the_table_has_it(table):
    # Per-split scores with their sizes: the Poisson-binomial test, built on each data
    # set's correlated t-test, is the one the method was made for.
    assert compare_models(table).test == "poisson"
    # One score per data set, or no sizes: the signed-rank test of the data sets' means.
    means = ScoreTable(
        {name: table.scores(name).mean(axis=1, keepdims=True) for name in table.datasets},
        models=MODELS,
    )
    assert compare_models(means, random_state=0).test == "signed_rank"
    unsized = ScoreTable({name: table.scores(name) for name in table.datasets}, models=MODELS)
    assert compare_models(unsized, random_state=0).test == "signed_rank"


@pytest.mark.parametrize("test", ["poisson", "signed_rank", "wilcoxon", "sign"])
def test_to_dict_is_json_and_holds_every_pair(table, test):
    import json

    comparison = compare_models(table, test=test, random_state=0)
    record = comparison.to_dict()
    assert json.loads(json.dumps(record, allow_nan=False)) == record
    n_pairs = len(comparison.models) * (len(comparison.models) - 1) // 2
    assert len(record["pairs"]) == n_pairs and record["test"] == test
    assert record["models"] == list(comparison.models)
    columns = comparison.to_columns()
    for key in ("model_a", "model_b"):
        assert [row[key] for row in record["pairs"]] == list(columns[key])


# --------------------------------------------------------------------------
# the record is computed once: to_dict is a view
# --------------------------------------------------------------------------


def _statistical_calls(call):
    """The calls into scipy, NumPy's random generators and the statistical modules that
    ``call()`` makes, by (file, function): only the registry's lookup and the ranking's
    table (a view of its fields) are not computations."""
    import os
    import sys

    import sklearn_bayescmp

    stats_dir = os.path.join(os.path.dirname(sklearn_bayescmp.__file__), "stats")
    views = {"get_backend", "PlackettLuceResult.to_columns"}
    calls = {}

    def profile(frame, event, arg):
        if event != "call":
            return
        path, name = frame.f_code.co_filename, frame.f_code.co_qualname
        computing = f"{os.sep}scipy{os.sep}" in path or f"numpy{os.sep}random" in path
        if path.startswith(stats_dir) and name.split(".<locals>")[0] not in views:
            computing = True
        if computing:
            key = (os.path.basename(path), name)
            calls[key] = calls.get(key, 0) + 1

    sys.setprofile(profile)
    try:
        call()
    finally:
        sys.setprofile(None)
    return calls


@pytest.mark.parametrize(
    "models, datasets, test, options",
    [
        (MODELS[:2], None, "poisson", {}),  # with each data set's t-tests
        (MODELS, None, "signed_rank", {"n_draws": 2000}),
        (MODELS, None, "wilcoxon", {}),
        (MODELS[:3], ["d0"], "bayesian_correlated_t", {}),
        (MODELS[:2], ["d0", "d1", "d2"], "hierarchical", {"n_warmup": 100, "n_draws": 100}),
    ],
)
def test_to_dict_computes_nothing(table, models, datasets, test, options):
    chosen = table.select(models=list(models), datasets=datasets)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)  # a short chain, on purpose
        comparison = compare_models(chosen, test=test, random_state=0, **options)
    record = comparison.to_dict()
    assert _statistical_calls(comparison.to_dict) == {}
    # A view, not the stored record: changing what it returned changes nothing kept.
    record["pairs"][0]["model_a"] = "changed"
    if "per_dataset" in record and record["per_dataset"]:
        next(iter(record["per_dataset"].values()))["n_splits"] = -1
    again = comparison.to_dict()
    assert again["pairs"][0]["model_a"] == models[0]
    assert all(entry["n_splits"] > 0 for entry in again.get("per_dataset", {}).values())


def test_each_data_set_s_tests_are_the_tests_alone_with_the_comparison_s_settings(table):
    prior = NormalGammaPrior(0.0, 1.0, 1.0, 0.001)
    two = table.select(models=["knn", "forest"])
    comparison = compare_models(two, rope=0.02, threshold=0.9, prior=prior, random_state=0)
    assert list(comparison.per_dataset) == list(table.datasets)
    for name, record in two.differences("knn", "forest").items():
        tests = comparison.per_dataset[name]
        alone = bayesian_correlated_ttest(record, rope=0.02, prior=prior, nan_policy="omit")
        assert tests.posterior == alone
        assert tests.reference == corrected_ttest(record, nan_policy="omit")
        numbers = comparison.to_dict()["per_dataset"][name]
        assert numbers["bayesian_correlated_t"]["decision"] == alone.decision(0.9)
        assert numbers["corrected_t"]["pvalue"] == tests.reference.pvalue
    # More than two models, or no split sizes: none.
    assert compare_models(table, random_state=0).per_dataset is None
    unsized = ScoreTable({name: two.scores(name) for name in two.datasets}, models=two.models)
    assert compare_models(unsized, random_state=0).per_dataset is None


def test_each_data_set_s_tests_leave_out_the_data_sets_a_pair_lacks():
    scores = _table(n_datasets=4).select(models=["knn", "tree"])
    held = {name: scores.scores(name).copy() for name in scores.datasets}
    held["d2"][1, 1:] = np.nan  # tree has one score on d2: no variance there
    table = ScoreTable(held, models=("knn", "tree"), n_train=90, n_test=10)
    comparison = compare_models(table, allow_incomplete=True, random_state=0)
    assert list(comparison.per_dataset) == ["d0", "d1", "d3"]
    assert comparison.n_datasets_omitted[0, 1] == 1
    assert set(comparison.to_dict()["per_dataset"]) == {"d0", "d1", "d3"}
    # One shared split on every data set: a test of means compares the pair, and no data
    # set has a variance for its own tests.
    for name in held:
        held[name][1, 1:] = np.nan
    single = ScoreTable(held, models=("knn", "tree"), n_train=90, n_test=10)
    comparison = compare_models(
        single, test="signed_rank", allow_incomplete=True, random_state=0, n_draws=1000
    )
    assert comparison.per_dataset == {} and comparison.to_dict()["per_dataset"] == {}
