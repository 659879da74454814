"""Results hold numbers: every public member of a result class, and its type.

Report wording (a test's title, its prior in words, what its probabilities are
of, notes) is a private protocol of the results (``docs/architecture.rst``);
a public member that is text is a name or a code, never a sentence. A new
public member must be added here, with its type, on purpose.
"""

import inspect

import numpy as np
import pytest

from sklearn_bayescmp import CVDifferences
from sklearn_bayescmp.stats import (
    bayesian_correlated_ttest,
    combined_ftest_5x2cv,
    corrected_ttest,
    friedman_test,
    hierarchical_test,
    plackett_luce_ranking,
    poisson_test,
    rank_posthoc,
    sign_test,
    wilcoxon_test,
)

COMMON = {"mean_parameter": (str, type(None)), "predictive": bool}
PAIR = {"model_a": str, "model_b": str, "test": str}
BAYESIAN = {
    **PAIR,
    "prob_a_better": float,
    "prob_equivalent": float,
    "prob_b_better": float,
    "probabilities": dict,
    "rope": tuple,
}
FREQUENTIST = {**PAIR, "estimate": float, "pvalue": float, "statistic": float}

#: Each result class's public data members and their types (methods aside).
MEMBERS = {
    "BayesianCorrelatedTTestResult": {
        **BAYESIAN,
        "df": float,
        "loc": float,
        "scale": float,
        "mean_score_a": (float, type(None)),
        "mean_score_b": (float, type(None)),
        "n_omitted": int,
        "n_splits": int,
        "posterior": object,
        "prior": (object, type(None)),
        "test_train_ratio": float,
    },
    "TTestResult": {
        **FREQUENTIST,
        "alternative": str,
        "df": int,
        "n_omitted": int,
        "n_splits": int,
        "standard_error": float,
        "test_train_ratio": float,
    },
    "PoissonTestResult": {
        **BAYESIAN,
        "dataset_probabilities": np.ndarray,
        "n_datasets": int,
        "names": tuple,
        "prior": (object, type(None)),
        "prob_no_majority": float,
    },
    "DirichletProcessTestResult": {
        **BAYESIAN,
        "mcse": float,
        "means": np.ndarray,
        "n_datasets": int,
        "n_draws": int,
        "n_samples": int,
        "names": tuple,
        "predictive_prob_a_better": float,
        "predictive_prob_equivalent": float,
        "predictive_prob_b_better": float,
        "prior_place": str,
        "prior_strength": float,
        "random_state": (int, type(None)),
        "samples": np.ndarray,
        "target_mcse": (float, type(None)),
        "threshold": (float, type(None)),
        "settled": bool,
        "mc_error": float,
    },
    "HierarchicalTestResult": {
        **BAYESIAN,
        "alpha_bounds": tuple,
        "beta_bounds": tuple,
        "delta0_bound": (float, type(None)),
        "delta0_mean": float,
        "delta0_prob_a_better": float,
        "delta0_prob_equivalent": float,
        "delta0_prob_b_better": float,
        "delta0_probabilities": dict,
        "ess": object,
        "ess_tail": object,
        "means": np.ndarray,
        "n_chains": int,
        "n_datasets": int,
        "n_draws": int,
        "n_zero_variance": int,
        "names": tuple,
        "nu_prior": str,
        "predictive_prob_a_better": float,
        "predictive_prob_equivalent": float,
        "predictive_prob_b_better": float,
        "predictive_probabilities": dict,
        "random_state": (int, type(None)),
        "rhat": object,
        "samples": object,
        "scale": float,
        "shrinkage_estimates": np.ndarray,
        "shrinkage_intervals": np.ndarray,
        "zero_variance": str,
    },
    "WilcoxonTestResult": {**FREQUENTIST, "alternative": str, "n_datasets": int, "n_nonzero": int},
    "FTestResult": {**FREQUENTIST, "df": tuple},
    "FriedmanTestResult": {
        "alpha": float,
        "average_ranks": np.ndarray,
        "critical_difference": float,
        "iman_davenport_pvalue": float,
        "iman_davenport_statistic": float,
        "n_datasets": int,
        "names": tuple,
        "pvalue": float,
        "statistic": float,
        "tie_corrected": bool,
    },
    "RankPosthocResult": {
        "alpha": float,
        "average_ranks": np.ndarray,
        "compared": np.ndarray,
        "control": (str, type(None)),
        "critical_difference": float,
        "method": str,
        "n_datasets": int,
        "names": tuple,
        "pvalues": np.ndarray,
        "pvalues_adjusted": np.ndarray,
        "significant": np.ndarray,
        "statistic": np.ndarray,
    },
    "PlackettLuceResult": {
        "ess": object,
        "expected_rank": np.ndarray,
        "expected_rank_interval": np.ndarray,
        "n_datasets": int,
        "n_first": np.ndarray,
        "n_tied": int,
        "names": tuple,
        "order": tuple,
        "prior": float,
        "prob_best": np.ndarray,
        "prob_best_interval": np.ndarray,
        "prob_top": np.ndarray,
        "random_state": (int, type(None)),
        "rhat": object,
        "samples": object,
    },
}
#: The text members' values are names or codes: no sentence (at most this many words).
TEXT_WORDS = 2


@pytest.fixture(scope="module")
def results():
    rng = np.random.default_rng(0)
    records = [
        CVDifferences(rng.normal(0.02, 0.03, 20), n_train=90, n_test=10, name=f"d{i}")
        for i in range(6)
    ]
    scores = rng.normal(0.8, 0.05, (12, 4))
    return [
        bayesian_correlated_ttest(records[0], rope=0.01),
        corrected_ttest(records[0]),
        poisson_test(records, rope=0.01),
        sign_test(records, random_state=0, n_draws=1000),
        hierarchical_test(records, n_warmup=200, n_draws=400, random_state=0),
        wilcoxon_test(records),
        combined_ftest_5x2cv(np.arange(10).reshape(5, 2) / 100),
        friedman_test(scores),
        rank_posthoc([2.1, 2.4, 2.6, 2.9], 12),
        plackett_luce_ranking(scores, random_state=0),
    ]


def _public_data(result):
    return {
        name: getattr(result, name)
        for name in dir(result)
        if not name.startswith("_") and not inspect.ismethod(getattr(result, name))
    }


@pytest.mark.filterwarnings("ignore::sklearn.exceptions.ConvergenceWarning")  # short chains
def test_every_public_member_is_listed_with_its_type(results):
    assert sorted(type(r).__name__ for r in results) == sorted(MEMBERS)
    for result in results:
        expected = {**COMMON, **MEMBERS[type(result).__name__]}
        members = _public_data(result)
        assert sorted(members) == sorted(expected), type(result).__name__
        for name, value in members.items():
            assert isinstance(value, expected[name]), (type(result).__name__, name, value)
            if isinstance(value, str):
                assert len(value.split()) <= TEXT_WORDS, (type(result).__name__, name, value)


def test_text_comes_from_summary_and_decisions_only(results):
    # The one rendering of a result is summary(); decision() returns a code or a name.
    for result in results:
        methods = {
            name
            for name in dir(result)
            if not name.startswith("_") and inspect.ismethod(getattr(result, name))
        }
        assert methods <= {
            "confidence_interval",
            "credible_interval",
            "decision",
            "mean_difference_interval",
            "mirrored",
            "odds",
            "poor_fit",
            "posthoc",
            "prob_above",
            "rope_decision",
            "summary",
            "to_columns",
            "to_frame",
        }, type(result).__name__
        if "decision" in methods:
            assert len(result.decision().split()) <= TEXT_WORDS


def _texts(value, path, depth=0):
    """Every string in ``value``'s public data (members, fields, items), with its path."""
    if isinstance(value, str):
        yield path, value
        return
    if depth > 4 or isinstance(value, (np.ndarray, type)) or callable(value):
        return
    if isinstance(value, dict):
        items = value.items()
    elif isinstance(value, (tuple, list)):
        items = enumerate(value[:3])
    elif type(value).__module__.startswith("sklearn_bayescmp"):
        items = [
            (name, getattr(value, name, None))
            for name in dir(value)
            if not name.startswith("_") and not inspect.ismethod(getattr(value, name, None))
        ]
    else:
        return
    for key, item in items:
        yield from _texts(item, f"{path}.{key}", depth + 1)


@pytest.mark.filterwarnings("ignore::sklearn.exceptions.ConvergenceWarning")
def test_no_public_member_of_a_table_comparison_or_comparator_is_a_sentence(tmp_path):
    from sklearn.datasets import load_iris
    from sklearn.dummy import DummyClassifier
    from sklearn.tree import DecisionTreeClassifier

    from sklearn_bayescmp import RepeatedCVComparator, ScoreTable, compare_models

    # A reading with witnesses, a row left out, notes on the cells and a loss.
    path = tmp_path / "error_rate.csv"
    rng = np.random.default_rng(0)
    errors = np.round(rng.uniform(0.1, 0.4, (8, 3)), 3)
    rows = [[f"d{i}", f"{row[0]}±0.01", *row[1:]] for i, row in enumerate(errors)]
    rows.append(["Average", *np.round(errors.mean(axis=0), 3)])
    path.write_text("dataset,knn,tree,svm\n" + "".join(",".join(map(str, r)) + "\n" for r in rows))
    table = ScoreTable.read_csv(path)
    comparison = compare_models(table, random_state=0)
    comparator = RepeatedCVComparator(
        DummyClassifier(), DecisionTreeClassifier(random_state=0), random_state=0
    ).fit(*load_iris(return_X_y=True))
    assert table.reading.left_out and table.reading.notes and table.lower_is_better
    for name, owner in [("table", table), ("comparison", comparison), ("comparator", comparator)]:
        texts = list(_texts(owner, name))
        assert len(texts) > 10, name
        # Reading.source names the input in messages ("The dict of columns").
        sentences = [
            (where, text)
            for where, text in texts
            if len(text.split()) > TEXT_WORDS and not where.endswith(".source")
        ]
        assert not sentences, sentences
