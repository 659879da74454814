"""Replicability of a comparison: rerun it with different seeds.

Bouckaert & Frank (2004) call a test replicable when its outcome does not
depend on the random partitioning of the data. Run a test with ``n`` seeds on
the same data set; if it rejects ``k`` times, the probability that two runs
agree is

    R(k, n) = [k(k - 1) + (n - k)(n - k - 1)] / [n(n - 1)],

and over many data sets the replicability ``R`` is the mean of ``R(k, n)``.
A test is *consistent* on a data set when all ``n`` outcomes agree, and
*almost consistent* when at most one differs. For outcomes with more than two
values (a Bayesian decision "a" / "b" / "equivalent" / "undecided") the same
probability is ``sum_o c_o (c_o - 1) / [n (n - 1)]`` over the counts ``c_o``
of each outcome.
"""

import copy
from dataclasses import dataclass
from itertools import chain
from numbers import Real

import numpy as np
from sklearn.base import BaseEstimator, clone
from sklearn.utils.validation import check_is_fitted

from ._paired_cv import check_datasets, report_failures, report_warnings
from ._score_table import ScoreTable
from .stats import (
    bayesian_correlated_ttest,
    combined_ftest_5x2cv,
    corrected_ttest,
    paired_ttest,
    paired_ttest_5x2cv,
    poisson_test,
    sign_test,
    signed_rank_test,
    wilcoxon_test,
)
from .stats._frequentist import five_by_two_differences
from .utils._sklearn import HasMethods, Interval, _fit_context
from .utils._validation import check_rope

__all__ = ["ReplicabilityStudy", "ReplicabilitySummary", "replicability_summary"]


@dataclass(frozen=True, repr=False, eq=False)
class ReplicabilitySummary:
    """Consistency and replicability of a test over data sets and seeds.

    Attributes
    ----------
    replicability : float
        Mean over data sets of the probability that two runs with different
        seeds give the same outcome (Bouckaert & Frank's R).
    n_consistent : int
        Data sets on which every run gave the same outcome.
    n_almost_consistent : int
        Data sets on which at most one run differed from the others.
    n_datasets : int
        Number of data sets (rows).
    n_randomizations : int
        Number of runs per data set (columns).
    dataset_replicability : ndarray of shape (n_datasets,)
        The agreement probability of each data set (``R(k, n)`` for two
        outcomes).
    dataset_agreement : ndarray of shape (n_datasets,)
        How many runs gave each data set's most common outcome.
    """

    replicability: float
    n_consistent: int
    n_almost_consistent: int
    n_datasets: int
    n_randomizations: int
    dataset_replicability: np.ndarray
    dataset_agreement: np.ndarray

    def __repr__(self):
        return (
            f"ReplicabilitySummary(replicability={self.replicability:.4g}, "
            f"n_consistent={self.n_consistent}, n_almost_consistent={self.n_almost_consistent}, "
            f"n_datasets={self.n_datasets}, n_randomizations={self.n_randomizations})"
        )


def replicability_summary(outcomes):
    """Consistency and replicability of test outcomes over randomizations.

    Parameters
    ----------
    outcomes : array-like of shape (n_datasets, n_randomizations)
        The outcome of a test on each data set (rows) for each seed
        (columns): booleans (rejected or not), or labels such as "a", "b",
        "equivalent", "undecided".

    Returns
    -------
    ReplicabilitySummary
        With ``replicability`` (R), ``n_consistent``,
        ``n_almost_consistent`` and the per-data-set figures.

    References
    ----------
    .. [1] R. R. Bouckaert and E. Frank, "Evaluating the replicability of
       significance tests for comparing learning algorithms", PAKDD 2004.

    Examples
    --------
    >>> from sklearn_bayescmp.replicability import replicability_summary
    >>> res = replicability_summary([["a", "a", "a"], ["a", "b", "a"], ["b", "b", "b"]])
    >>> round(res.replicability, 3), res.n_consistent, res.n_almost_consistent
    (0.778, 2, 3)
    """
    table = np.asarray(outcomes, dtype=object)
    if table.ndim != 2 or table.shape[0] < 1 or table.shape[1] < 2:
        raise ValueError(
            "`outcomes` must be 2-D with one row per data set and at least two "
            f"randomizations (columns); got shape {table.shape}."
        )
    n = table.shape[1]
    agreement, largest = [], []
    for row in table:
        _, counts = np.unique(row.astype(str), return_counts=True)
        agreement.append(float((counts * (counts - 1)).sum() / (n * (n - 1))))
        largest.append(int(counts.max()))
    largest = np.array(largest)
    return ReplicabilitySummary(
        replicability=float(np.mean(agreement)),
        n_consistent=int((largest == n).sum()),
        n_almost_consistent=int((largest >= n - 1).sum()),
        n_datasets=table.shape[0],
        n_randomizations=n,
        dataset_replicability=np.array(agreement),
        dataset_agreement=largest,
    )


def _direction(estimate):
    return "a" if estimate > 0 else "b"


def _frequentist_outcome(result, estimate, alpha):
    """("a" | "b" | "no difference", key numbers) of a two-sided test."""
    outcome = _direction(estimate) if result.pvalue < alpha else "no difference"
    return outcome, {"pvalue": result.pvalue}


def _bayesian_outcome(result, threshold):
    numbers = {
        "prob_a_better": result.prob_a_better,
        "prob_equivalent": result.prob_equivalent,
        "prob_b_better": result.prob_b_better,
    }
    return result.decision(threshold), numbers


# Tests on one data set: (record, study) -> (outcome, key numbers).
def _corrected(record, study):
    result = corrected_ttest(record, nan_policy="omit")
    return _frequentist_outcome(result, result.estimate, study.alpha)


def _paired(record, study):
    result = paired_ttest(record, nan_policy="omit")
    return _frequentist_outcome(result, result.estimate, study.alpha)


def _bayesian(record, study):
    comparator = study.comparator
    result = bayesian_correlated_ttest(
        record, rope=study.rope_, prior=comparator.prior, nan_policy="omit"
    )
    return _bayesian_outcome(result, comparator.threshold)


def _ttest_5x2cv(record, study):
    result = paired_ttest_5x2cv(five_by_two_differences(record))
    return _frequentist_outcome(result, result.estimate, study.alpha)


def _ftest_5x2cv(record, study):
    x = five_by_two_differences(record)
    return _frequentist_outcome(combined_ftest_5x2cv(x), x.mean(), study.alpha)


# Tests on a collection: (records, study, seed) -> (outcome, key numbers).
def _poisson(records, study, seed):
    comparator = study.comparator
    result = poisson_test(records, rope=study.rope_, prior=comparator.prior)
    return _bayesian_outcome(result, comparator.threshold)


def _signed_rank(records, study, seed):
    result = signed_rank_test(records, rope=study.rope_, random_state=seed)
    return _bayesian_outcome(result, study.comparator.threshold)


def _sign(records, study, seed):
    result = sign_test(records, rope=study.rope_, random_state=seed)
    return _bayesian_outcome(result, study.comparator.threshold)


def _wilcoxon(records, study, seed):
    result = wilcoxon_test(records)
    means = np.array([record.mean for record in records])
    return _frequentist_outcome(result, np.median(means), study.alpha)


DATASET_TESTS = {
    "corrected_ttest": _corrected,
    "paired_ttest": _paired,
    "bayesian_correlated_ttest": _bayesian,
    "paired_ttest_5x2cv": _ttest_5x2cv,
    "combined_ftest_5x2cv": _ftest_5x2cv,
}
COLLECTION_TESTS = {
    "poisson_test": _poisson,
    "signed_rank_test": _signed_rank,
    "sign_test": _sign,
    "wilcoxon_test": _wilcoxon,
}
_DEFAULT_TESTS = ("corrected_ttest", "paired_ttest", "bayesian_correlated_ttest")
_DEFAULT_COLLECTION_TESTS = ("poisson_test", "signed_rank_test")

#: Columns of ``outcomes_`` that hold key numbers (None where a test has none).
_NUMBER_COLUMNS = ("pvalue", "prob_a_better", "prob_equivalent", "prob_b_better")


class ReplicabilityStudy(BaseEstimator):
    """Rerun a comparison with different seeds and measure replicability.

    For each seed, the comparator's cross-validation splits are drawn again
    (the seed replaces the splitter's ``random_state``, or the comparator's
    when ``cv=None``); the estimators are cloned and keep their own seeds
    unless ``reseed_estimators=True``. All (seed, data set, split) tasks go
    into one joblib dispatch. Every chosen test is then run per seed, and its
    outcomes are summarised with Bouckaert & Frank's consistency and
    replicability.

    Parameters
    ----------
    comparator : RepeatedCVComparator
        The comparison to repeat; its ``cv`` must be reseedable (None, or a
        shuffling splitter with a ``random_state``).
    seeds : array-like of int
        One run per seed; at least two.
    tests : list of str, default=None
        Tests on each data set: "corrected_ttest", "paired_ttest",
        "bayesian_correlated_ttest", "paired_ttest_5x2cv",
        "combined_ftest_5x2cv"; and, with :meth:`fit_datasets`, tests on the
        collection: "poisson_test", "signed_rank_test", "sign_test",
        "wilcoxon_test". None means the corrected, plain and Bayesian
        correlated t-tests, plus the Poisson and signed-rank tests for
        collections.
    alpha : float, default=0.05
        Significance level of the frequentist tests. Bayesian tests decide
        with the comparator's ``threshold`` and ``rope``.
    reseed_estimators : bool, default=False
        Also set every ``random_state`` parameter of both estimators to the
        seed (e.g. to include a random forest's own randomness).

    Attributes
    ----------
    outcomes_ : dict of list
        A tidy table, one entry per (test, data set, seed): ``test``,
        ``dataset``, ``seed``, ``outcome`` ("a", "b", "no difference" for the
        frequentist tests; "a", "b", "equivalent", "undecided" for the
        Bayesian ones) and the key numbers ``pvalue``, ``prob_a_better``,
        ``prob_equivalent``, ``prob_b_better`` (None where a test has none).
        ``pandas.DataFrame(study.outcomes_)`` turns it into a data frame.
    summary_ : dict of list
        One entry per test: ``test``, ``replicability``, ``n_consistent``,
        ``n_almost_consistent``, ``n_datasets``, ``n_randomizations``.
    summaries_ : dict of str to ReplicabilitySummary
        The full summary of each test.
    datasets_ : dict of int to dict of str to CVDifferences
        Every seed's records, so that other tests can be run later.
    rope_ : tuple of (float, float)
        The comparator's rope, which the Bayesian tests used.
    fit_errors_ : dict of int to list of SplitFailure
        Every seed's failed fits and scores.

    References
    ----------
    .. [1] R. R. Bouckaert and E. Frank, "Evaluating the replicability of
       significance tests for comparing learning algorithms", PAKDD 2004.

    Examples
    --------
    >>> from sklearn.datasets import load_iris
    >>> from sklearn.model_selection import RepeatedStratifiedKFold
    >>> from sklearn.naive_bayes import GaussianNB
    >>> from sklearn.tree import DecisionTreeClassifier
    >>> from sklearn_bayescmp import RepeatedCVComparator
    >>> from sklearn_bayescmp.replicability import ReplicabilityStudy
    >>> X, y = load_iris(return_X_y=True)
    >>> comparator = RepeatedCVComparator(
    ...     GaussianNB(), DecisionTreeClassifier(random_state=0),
    ...     cv=RepeatedStratifiedKFold(n_splits=5, n_repeats=2))
    >>> study = ReplicabilityStudy(comparator, seeds=range(4)).fit(X, y)
    >>> study.summary_["test"]
    ['corrected_ttest', 'paired_ttest', 'bayesian_correlated_ttest']
    """

    _parameter_constraints: dict = {
        "comparator": [HasMethods(["fit", "fit_datasets"])],
        "seeds": ["array-like"],
        "tests": [list, tuple, None],
        "alpha": [Interval(Real, 0, 1, closed="neither")],
        "reseed_estimators": ["boolean"],
    }

    def __init__(self, comparator, *, seeds, tests=None, alpha=0.05, reseed_estimators=False):
        self.comparator = comparator
        self.seeds = seeds
        self.tests = tests
        self.alpha = alpha
        self.reseed_estimators = reseed_estimators

    @_fit_context(prefer_skip_nested_validation=False)
    def fit(self, X, y=None, *, groups=None, **params):
        """Repeat the comparison on one data set with every seed.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
        y : array-like of shape (n_samples,), default=None
        groups : array-like of shape (n_samples,), default=None
        **params : dict
            Metadata, routed as in :meth:`RepeatedCVComparator.fit`.

        Returns
        -------
        self : ReplicabilityStudy
        """
        return self._study({"data": (X, y, groups, params)}, collection=False)

    @_fit_context(prefer_skip_nested_validation=False)
    def fit_datasets(self, datasets):
        """Repeat the comparison on many data sets with every seed.

        Parameters
        ----------
        datasets : mapping of str to tuple
            ``{name: (X, y)}``, ``{name: (X, y, groups)}`` or
            ``{name: (X, y, params)}`` with a dict of metadata.

        Returns
        -------
        self : ReplicabilityStudy
        """
        entries = check_datasets(datasets)
        # The collection tests compare over data sets: they need two or more.
        return self._study(entries, collection=len(entries) >= 2)

    def _check_tests(self, collection):
        if self.tests is None:
            return _DEFAULT_TESTS + (_DEFAULT_COLLECTION_TESTS if collection else ())
        known = set(DATASET_TESTS) | (set(COLLECTION_TESTS) if collection else set())
        unknown = [name for name in self.tests if name not in known]
        if unknown or not self.tests:
            raise ValueError(
                f"`tests` must be a non-empty list of {sorted(known)}; got {list(self.tests)!r}."
                + (
                    " Collection tests need fit_datasets with at least 2 data sets."
                    if not collection
                    else ""
                )
            )
        return tuple(self.tests)

    def _check_seeds(self):
        seeds = [int(seed) for seed in self.seeds]
        if len(seeds) < 2 or len(set(seeds)) != len(seeds):
            raise ValueError(
                f"`seeds` must hold at least two distinct integers; got {list(self.seeds)!r}."
            )
        return seeds

    def _seeded(self, seed):
        """A clone of the comparator whose splits (and optionally models) use ``seed``."""
        comparator = clone(self.comparator)
        cv = comparator.cv
        if cv is None:
            comparator.set_params(random_state=seed)
        elif hasattr(cv, "random_state") and getattr(cv, "shuffle", True):
            cv = copy.deepcopy(cv)
            cv.random_state = seed
            comparator.set_params(cv=cv)
        else:
            raise ValueError(
                "`comparator.cv` must be None or a shuffling splitter with a "
                f"`random_state` so that each seed draws new splits; got {cv!r}."
            )
        if self.reseed_estimators:
            for name in ("estimator_a", "estimator_b"):
                estimator = getattr(comparator, name)
                keys = [k for k in estimator.get_params() if k.split("__")[-1] == "random_state"]
                estimator.set_params(**dict.fromkeys(keys, seed))
        return comparator

    def _study(self, entries, *, collection):
        if getattr(self.comparator, "early_stopping", False):
            # The study sends every repeat in one dispatch; it would silently
            # measure the full run instead of the early-stopping one.
            raise ValueError(
                "ReplicabilityStudy runs every repeat of every seed in one dispatch and "
                "does not stop early; got a comparator with early_stopping=True. Measure "
                "early stopping by calling fit once per seed and passing the decisions to "
                "replicability_summary (see benchmarks/bench_early_stopping.py)."
            )
        tests = self._check_tests(collection)
        seeds = self._check_seeds()
        comparators = [self._seeded(seed) for seed in seeds]
        scoring = [comparator._check_before_running() for comparator in comparators][0]
        if scoring.multimetric:
            raise ValueError(
                "ReplicabilityStudy measures the replicability of one metric; got a comparator "
                f"with scoring={self.comparator.scoring!r}. Study each metric with its own "
                "comparator."
            )
        self.rope_ = check_rope(comparators[0]._rope(scoring.metrics[0]))
        caches = [comparator._fit_cache() for comparator in comparators]
        plans = [
            comparator._plans(entries, scoring, cache)
            for comparator, cache in zip(comparators, caches, strict=True)
        ]
        # Every (seed, data set, split) task in one dispatch.
        tasks = chain.from_iterable(
            c._tasks(p, scoring, cache)
            for c, p, cache in zip(comparators, plans, caches, strict=True)
        )
        total = sum(len(plan.splits) for seed_plans in plans for plan in seed_plans)
        outcomes = self.comparator._dispatch(tasks, total)
        runs = comparators[0]._collect(list(chain.from_iterable(plans)), outcomes, scoring)
        report_warnings(runs)
        report_failures(runs, self.comparator.error_score)
        names, q = list(entries), len(entries)
        self.datasets_ = {
            seed: {
                name: run.record for name, run in zip(names, runs[i * q : (i + 1) * q], strict=True)
            }
            for i, seed in enumerate(seeds)
        }
        self.fit_errors_ = {
            seed: [f for run in runs[i * q : (i + 1) * q] for f in run.failures]
            for i, seed in enumerate(seeds)
        }
        self._tabulate(tests, seeds, names)
        return self

    def to_table(self, seed):
        """One seed's scores as a :class:`~sklearn_bayescmp.ScoreTable` of the two models.

        Parameters
        ----------
        seed : int
            One of ``seeds``.

        Returns
        -------
        ScoreTable
            One data set per data set of the study.
        """
        check_is_fitted(self, "datasets_")
        if seed not in self.datasets_:
            raise ValueError(f"`seed` must be one of {list(self.datasets_)}; got {seed!r}.")
        return ScoreTable.from_records(self.datasets_[seed], failures=self.fit_errors_[seed])

    def _tabulate(self, tests, seeds, names):
        table = {key: [] for key in ("test", "dataset", "seed", "outcome", *_NUMBER_COLUMNS)}

        def add(test, dataset, seed, outcome, numbers):
            for key, value in zip(
                ("test", "dataset", "seed", "outcome"), (test, dataset, seed, outcome), strict=True
            ):
                table[key].append(value)
            for key in _NUMBER_COLUMNS:
                table[key].append(numbers.get(key))

        grids = {}
        for test in tests:
            if test in DATASET_TESTS:
                rows = [[None] * len(seeds) for _ in names]
                for j, seed in enumerate(seeds):
                    for i, name in enumerate(names):
                        outcome, numbers = DATASET_TESTS[test](self.datasets_[seed][name], self)
                        add(test, name, seed, outcome, numbers)
                        rows[i][j] = outcome
            else:
                rows = [[None] * len(seeds)]
                for j, seed in enumerate(seeds):
                    records = list(self.datasets_[seed].values())
                    outcome, numbers = COLLECTION_TESTS[test](records, self, seed)
                    add(test, "(all data sets)", seed, outcome, numbers)
                    rows[0][j] = outcome
            grids[test] = rows
        self.outcomes_ = table
        self.summaries_ = {test: replicability_summary(rows) for test, rows in grids.items()}
        self.summary_ = {
            "test": list(self.summaries_),
            **{
                key: [getattr(s, key) for s in self.summaries_.values()]
                for key in (
                    "replicability",
                    "n_consistent",
                    "n_almost_consistent",
                    "n_datasets",
                    "n_randomizations",
                )
            },
        }

    def summary(self):
        """Readable table of the replicability of every test.

        Returns
        -------
        str
        """
        check_is_fitted(self, "summaries_")
        lines = [f"{'test':<28} {'R':>6} {'consistent':>11} {'almost':>7} {'data sets':>10}"]
        for test, s in self.summaries_.items():
            lines.append(
                f"{test:<28} {s.replicability:>6.3f} {s.n_consistent:>11} "
                f"{s.n_almost_consistent:>7} {s.n_datasets:>10}"
            )
        return "\n".join(lines)
