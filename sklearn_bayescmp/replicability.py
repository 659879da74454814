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
from numbers import Real

import numpy as np
from sklearn.base import BaseEstimator, clone
from sklearn.utils.validation import check_is_fitted

from ._comparator import comparator_engine, comparator_rope
from ._engine import check_datasets
from .stats._registry import backend_names, get_backend
from .utils._display import terminal_text
from .utils._docstrings import fill_doc
from .utils._sklearn import HasMethods, Interval, _fit_context

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

    See Also
    --------
    sklearn_bayescmp.replicability.ReplicabilityStudy : Runs the study this summarises.
    sklearn_bayescmp.replicability.replicability_summary : Returns this summary.

    Examples
    --------
    Three data sets, each compared with three seeds: the first gives the same
    outcome every time, the second changes its mind once.

    >>> from sklearn_bayescmp.replicability import replicability_summary
    >>> res = replicability_summary([["a", "a", "a"], ["a", "b", "a"], ["b", "b", "b"]])
    >>> res.dataset_agreement, res.n_consistent
    (array([3, 2, 3]), 2)
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

    See Also
    --------
    sklearn_bayescmp.replicability.ReplicabilityStudy : Runs the comparisons and summarises them.
    sklearn_bayescmp.replicability.ReplicabilitySummary : The summary it returns.

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


#: Tests run by default on each data set, and on the collection of data sets.
_DEFAULT_TESTS = ("corrected_t", "paired_t", "bayesian_correlated_t")
_DEFAULT_COLLECTION_TESTS = ("poisson", "signed_rank")

#: Columns of ``outcomes_`` that hold key numbers (None where a test has none).
_NUMBER_COLUMNS = ("pvalue", "prob_a_better", "prob_equivalent", "prob_b_better")
#: Columns of ``summary_``, after the test: the fields of its ReplicabilitySummary.
_SUMMARY_COLUMNS = (
    "replicability",
    "n_consistent",
    "n_almost_consistent",
    "n_datasets",
    "n_randomizations",
)


@fill_doc
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
        Any of :func:`~sklearn_bayescmp.stats.backend_names`: the tests of one
        data set ("corrected_t", "paired_t", "bayesian_correlated_t",
        "paired_t_5x2cv", "combined_f_5x2cv"...) are run on each data set; the tests
        over data sets ("poisson", "signed_rank", "sign", "hierarchical",
        "wilcoxon") on the collection, with :meth:`fit_datasets`. None means
        "corrected_t", "paired_t" and "bayesian_correlated_t", plus "poisson" and
        "signed_rank" for collections.
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
    tables_ : dict of int to ScoreTable
        Every seed's scores, so that other tests can be run later.
    rope_ : tuple of (float, float)
        The comparator's rope, which the Bayesian tests used.
    fit_errors_ : dict of int to list of SplitFailure
        Every seed's failed fits and scores.

    See Also
    --------
    sklearn_bayescmp.replicability.replicability_summary : The same summary from stored decisions.
    sklearn_bayescmp.plotting.ReplicabilityDisplay : The study's verdicts, drawn.

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
    ['corrected_t', 'paired_t', 'bayesian_correlated_t']
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
        ----------%(fit_data)s
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
        unknown = [name for name in self.tests if name not in backend_names()]
        if unknown or not self.tests:
            raise ValueError(
                f"`tests` must be a non-empty list of {backend_names()}; got {list(self.tests)!r}."
            )
        over_datasets = [name for name in self.tests if get_backend(name).scope != "dataset"]
        if over_datasets and not collection:
            raise ValueError(
                f"The tests {over_datasets} compare over data sets: they need fit_datasets with at "
                "least 2 data sets."
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
        engines = [comparator_engine(self._seeded(seed))[0] for seed in seeds]
        scoring = engines[0].scoring
        if scoring.multimetric:
            raise ValueError(
                "ReplicabilityStudy measures the replicability of one metric; got a comparator "
                f"with scoring={self.comparator.scoring!r}. Study each metric with its own "
                "comparator."
            )
        self.rope_ = comparator_rope(self.comparator, scoring.metrics[0])
        # Every (seed, data set, split) task in one dispatch.
        plans = [engine.plan_datasets(entries) for engine in engines]
        runs = dict(zip(seeds, engines[0].run_together(plans), strict=True))
        metric = scoring.metrics[0]
        self.tables_ = {seed: result.tables[metric] for seed, result in runs.items()}
        sides = {"estimator_a": "a", "estimator_b": "b"}
        self.fit_errors_ = {
            seed: [f._replace(estimator=sides[f.estimator]) for f in result.failures]
            for seed, result in runs.items()
        }
        self._tabulate(tests, seeds, list(entries))
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
        check_is_fitted(self, "tables_")
        if seed not in self.tables_:
            raise ValueError(f"`seed` must be one of {list(self.tables_)}; got {seed!r}.")
        return self.tables_[seed]

    def _outcome(self, test, records, seed):
        """The outcome of one test on one seed's records, and its key numbers."""
        backend = get_backend(test)
        comparator = self.comparator
        arguments = {
            "rope": self.rope_,
            "threshold": comparator.threshold,
            "random_state": seed,
            "nan_policy": "omit",
        }
        if backend.accepts("prior"):
            arguments["prior"] = comparator.prior
        (result,) = backend.run([records], **arguments)
        if backend.kind == "frequentist":
            return result.decision(self.alpha), {"pvalue": result.pvalue}
        numbers = {name: getattr(result, name) for name in _NUMBER_COLUMNS[1:]}
        return result.decision(comparator.threshold), numbers

    def _tabulate(self, tests, seeds, names):
        rows, grids = [], {}
        for test in tests:
            one = get_backend(test).scope == "dataset"
            grid = [[None] * len(seeds) for _ in (names if one else [None])]
            for j, seed in enumerate(seeds):
                records = self.tables_[seed].differences(*self.tables_[seed].models)
                inputs = records.items() if one else [("(all data sets)", records)]
                for i, (dataset, data) in enumerate(inputs):
                    outcome, numbers = self._outcome(test, data, seed)
                    grid[i][j] = outcome
                    row = {"test": test, "dataset": dataset, "seed": seed, "outcome": outcome}
                    rows.append(row | numbers)
            grids[test] = grid
        columns = ("test", "dataset", "seed", "outcome", *_NUMBER_COLUMNS)
        self.outcomes_ = {key: [row.get(key) for row in rows] for key in columns}
        self.summaries_ = {test: replicability_summary(grid) for test, grid in grids.items()}
        summaries = self.summaries_.values()
        self.summary_ = {"test": list(self.summaries_)}
        self.summary_ |= {key: [getattr(s, key) for s in summaries] for key in _SUMMARY_COLUMNS}

    @terminal_text
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
