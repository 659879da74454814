"""Calibration and power studies on data where the true difference is known.

Each simulated experiment generates a collection of data sets with
:func:`~sklearn_bayescmp.datasets.make_cf_network` or
:func:`~sklearn_bayescmp.datasets.make_naive_bayes_pair`, cross-validates the
two matching classifiers on every data set, and applies the chosen tests;
:func:`power_study` repeats this over a grid of true differences and reports
how often each test declares A better, with Monte Carlo standard errors.

The cross-validation runs on a fast path: with one binary feature and a
binary class, the categorical naive Bayes and the majority predictor depend
on the training data only through a 2 x 2 table of counts, so every fold's
accuracy follows from counts, for all folds and repeats at once. It gives
exactly the scores of the real estimators on the same splits
(``benchmarks/test_studies.py`` checks this bit for bit).

The papers' studies, run by ``benchmarks/study_*.py``: research code, outside the
package, with its tests beside it.
"""

import warnings
from dataclasses import dataclass
from numbers import Integral, Real

import numpy as np
from joblib import Parallel, delayed
from sklearn.exceptions import ConvergenceWarning

from sklearn_bayescmp import CVDifferences
from sklearn_bayescmp.datasets import make_cf_network, make_naive_bayes_pair
from sklearn_bayescmp.stats import get_backend, hierarchical_test
from sklearn_bayescmp.utils._display import terminal_text
from sklearn_bayescmp.utils._docstrings import fill_doc
from sklearn_bayescmp.utils._sklearn import Interval, StrOptions, validate_params

__all__ = [
    "PowerStudyResult",
    "bimodal_deltas",
    "equivalence_study",
    "power_study",
    "shrinkage_study",
    "single_feature_fold_accuracies",
    "stratified_folds",
]


def stratified_folds(y, n_folds, n_repeats, rng):
    """Fold of every instance in every repeat, stratified by class.

    Within each class the instances are shuffled and dealt to the folds in
    turn, as :class:`~sklearn.model_selection.StratifiedKFold` with
    ``shuffle=True`` does up to the order of the deal.

    Parameters
    ----------
    y : ndarray of shape (n_samples,)
        Binary class labels (0 or 1).
    n_folds, n_repeats : int
        Folds per repeat and repeats.
    rng : numpy.random.Generator
        Source of the shuffles.

    Returns
    -------
    ndarray of shape (n_repeats, n_samples)
        Fold index of each instance in each repeat.
    """
    folds = np.empty((n_repeats, y.size), dtype=np.intp)
    for label in (0, 1):
        members = np.flatnonzero(y == label)
        if members.size == 0:
            continue
        # Continue the deal where the other class stopped, so fold sizes differ by at most one.
        start = 0 if label == 0 else int((y == 0).sum()) % n_folds
        deal = (start + np.arange(members.size)) % n_folds
        for r in range(n_repeats):
            folds[r, rng.permutation(members)] = deal
    return folds


def _fold_counts(feature, y, folds, n_folds):
    """Counts ``[repeat, fold, class, feature value]`` of the test folds, and of all data."""
    n_repeats, n = folds.shape
    cell = 2 * y + feature  # class-major cell of the 2 x 2 table
    index = (np.arange(n_repeats)[:, None] * n_folds + folds) * 4 + cell
    test = np.bincount(index.ravel(), minlength=n_repeats * n_folds * 4)
    total = np.bincount(cell, minlength=4).reshape(2, 2)
    return test.reshape(n_repeats, n_folds, 2, 2).astype(float), total.astype(float)


def single_feature_fold_accuracies(feature, y, folds, n_folds):
    """Test accuracy of a naive Bayes on one binary feature and of the majority predictor.

    The same numbers as ``single_feature_classifier(j)`` (a
    :class:`~sklearn.naive_bayes.CategoricalNB` with Laplace smoothing and
    ``min_categories=2``) and ``DummyClassifier(strategy="most_frequent")``
    fitted on each training set and scored on its test fold: the naive Bayes
    predicts ``argmax_c log P(c) + log P(f | c)`` with ``P(c) = n_c / n`` and
    ``P(f | c) = (n_cf + 1) / (n_c + 2)``, computed in the same order of
    floating-point operations as scikit-learn, ties going to class 0.

    Parameters
    ----------
    feature : ndarray of shape (n_samples,)
        Binary feature (0 or 1).
    y : ndarray of shape (n_samples,)
        Binary class (0 or 1).
    folds : ndarray of shape (n_repeats, n_samples)
        Fold of every instance in every repeat (see :func:`stratified_folds`).
    n_folds : int
        Number of folds per repeat.

    Returns
    -------
    naive_bayes, majority : ndarray of shape (n_repeats, n_folds)
        Test accuracies.
    n_test : ndarray of shape (n_repeats, n_folds)
        Test fold sizes.
    """
    test, total = _fold_counts(np.asarray(feature), np.asarray(y), folds, n_folds)
    train = total - test
    class_count = train.sum(axis=-1)  # [repeat, fold, class]
    n_test = test.sum(axis=(-2, -1))
    with np.errstate(divide="ignore"):
        class_log_prior = np.log(class_count) - np.log(class_count.sum(axis=-1, keepdims=True))
        smoothed = train + 1.0
        feature_log_prob = np.log(smoothed) - np.log(smoothed.sum(axis=-1, keepdims=True))
    joint = feature_log_prob + class_log_prior[..., None]  # [repeat, fold, class, value]
    predicted = np.argmax(joint, axis=-2)  # [repeat, fold, value]
    correct = np.take_along_axis(test, predicted[..., None, :], axis=-2)[..., 0, :].sum(axis=-1)
    majority = np.argmax(class_count, axis=-1)
    majority_correct = np.take_along_axis(test.sum(axis=-1), majority[..., None], axis=-1)[..., 0]
    return correct / n_test, majority_correct / n_test, n_test


def _check_sizes(sizes, n_folds):
    """Data set sizes as a tuple; each must fill every test fold."""
    sizes = tuple(int(size) for size in np.atleast_1d(sizes))
    if not sizes or min(sizes) < n_folds:
        raise ValueError(
            f"`sizes` must be non-empty with every size at least n_folds={n_folds}, so that "
            f"no test fold is empty; got {sizes}."
        )
    return sizes


@dataclass(frozen=True)
class _Design:
    generator: str
    n_datasets: int
    n_folds: int
    n_repeats: int
    sizes: tuple
    theta_f: float
    resimulate_zero: bool = False


#: How many times a data set whose differences are all zero is simulated again.
_RESIMULATIONS = 100


def _simulated_collection(design, deltas, rng):
    """One experiment's CVDifferences; on data set i, A is better than B by ``deltas[i]``.

    With ``design.resimulate_zero`` a data set whose differences are all zero
    is simulated again (up to 100 times), as the authors' simulations do.
    """
    records = []
    for i, delta in enumerate(deltas):
        for _ in range(_RESIMULATIONS if design.resimulate_zero else 1):
            record = _simulated_dataset(design, delta, rng, f"d{i}")
            if np.any(record.differences != 0):
                break
        records.append(record)
    return records


def _simulated_dataset(design, delta, rng, name):
    """One data set's paired cross-validation, on the fast path from counts.

    On the C -> F network, A is naive Bayes on F and B the majority predictor
    when ``delta >= 0``. The network cannot make naive Bayes worse than the
    majority, so a negative ``delta`` swaps the roles: the network is drawn
    with ``|delta|``, A is the majority predictor and B naive Bayes, and B is
    better by ``|delta|`` in expectation (as Corani & Benavoli, 2015, Fig. 2b,
    need for their Cauchy differences capped at -0.5).
    """
    n = int(rng.choice(design.sizes))
    seed = int(rng.integers(2**32))
    if design.generator == "cf_network":
        X, y = make_cf_network(n, abs(delta), random_state=seed)
        folds = stratified_folds(y, design.n_folds, design.n_repeats, rng)
        score_a, score_b, n_test = single_feature_fold_accuracies(X[:, 0], y, folds, design.n_folds)
        if delta < 0:
            score_a, score_b = score_b, score_a
    else:
        X, y = make_naive_bayes_pair(n, delta, theta_f=design.theta_f, random_state=seed)
        folds = stratified_folds(y, design.n_folds, design.n_repeats, rng)
        score_a, _, n_test = single_feature_fold_accuracies(X[:, 1], y, folds, design.n_folds)
        score_b, _, _ = single_feature_fold_accuracies(X[:, 0], y, folds, design.n_folds)
    n_test = n_test.ravel().astype(int)
    return CVDifferences(
        (score_a - score_b).ravel(),
        n_train=n - n_test,
        n_test=n_test,
        scores_a=score_a.ravel(),
        scores_b=score_b.ravel(),
        name=name,
    )


def _decides_a_better(test, records, alpha, seed):
    """Whether ``test`` concludes that A is better (one-sided, size ``alpha``).

    A test of one data set gives one decision per data set; a test over data
    sets, one. Bayesian tests decide ``P(A better) > 1 - alpha`` without a
    rope (and 5,000 draws when sampled), frequentist ones ``p < alpha``.
    """
    backend = get_backend(test)
    arguments = {"rope": 0.0, "random_state": seed}
    if backend.kind == "frequentist":
        arguments["alternative"] = "greater"
    if backend.sampled:
        arguments["n_draws"] = 5000
    inputs = records if backend.scope == "dataset" else [records]
    results = [backend.call(differences, **arguments) for differences in inputs]
    if backend.kind == "bayesian":
        return [result.prob_a_better > 1 - alpha for result in results]
    return [result.pvalue < alpha for result in results]


def cauchy_deltas(design, delta, rng):
    """Corani & Benavoli (2015), Fig. 2b: each data set's difference from a Cauchy
    distribution with median and scale ``delta``, capped to what the generator
    simulates: ``(-0.5, 0.5)`` for the C -> F network (the paper's caps; negative
    differences by swapping the roles, see :func:`_simulated_dataset`), and
    ``[-(1 - theta_f), 1 - theta_f)`` for the naive Bayes pair (symmetric)."""
    if design.generator == "cf_network":
        low, high = -0.5 + 1e-9, 0.5 - 1e-9
    else:
        low, high = -(1.0 - design.theta_f), 1.0 - design.theta_f - 1e-9
    return np.clip(delta + delta * rng.standard_cauchy(design.n_datasets), low, high)


def _experiment(design, delta, tests, alpha, seed, distribution="equal"):
    rng = np.random.default_rng(seed)
    deltas = np.full(design.n_datasets, delta)
    if distribution == "cauchy":
        deltas = cauchy_deltas(design, delta, rng)
    records = _simulated_collection(design, deltas, rng)
    return {test: _decides_a_better(test, records, alpha, seed) for test in tests}


#: The tests a power study runs (registry names).
TESTS = ("poisson", "signed_rank", "wilcoxon", "corrected_t", "paired_t")


@dataclass(frozen=True)
class PowerStudyResult:
    """Rates at which each test declared A better, per true difference.

    Attributes
    ----------
    table : dict of list
        One entry per (test, delta, n_repeats): ``test``, ``delta``,
        ``n_repeats``, ``rate`` (share of decisions "A better"),
        ``standard_error`` (its Monte Carlo standard error,
        ``sqrt(rate (1 - rate) / n_decisions)``) and ``n_decisions``. At
        ``delta = 0`` the rate is the type I error; above, the power.
    generator : str
        The data generator.
    n_datasets : int
        Data sets per experiment.
    alpha : float
        Size of the tests.
    """

    table: dict
    generator: str
    n_datasets: int
    alpha: float

    def rate(self, test, delta, n_repeats):
        """The rate of one cell of the table.

        Parameters
        ----------
        test : str
            Test name.
        delta : float
            True difference.
        n_repeats : int
            Repeats of cross-validation.

        Returns
        -------
        float
        """
        for i, name in enumerate(self.table["test"]):
            if (
                name == test
                and np.isclose(self.table["delta"][i], delta)
                and self.table["n_repeats"][i] == n_repeats
            ):
                return self.table["rate"][i]
        raise KeyError(f"no row for test={test!r}, delta={delta!r}, n_repeats={n_repeats!r}")

    @terminal_text
    def summary(self):
        """Readable table of the rates with their standard errors.

        Returns
        -------
        str
        """
        lines = [
            f"{self.generator}, {self.n_datasets} data sets, alpha = {self.alpha:g}",
            f"{'test':<18} {'runs':>4} {'delta':>6} {'rate':>7} {'+/- se':>7} {'n':>6}",
        ]
        for i, test in enumerate(self.table["test"]):
            lines.append(
                f"{test:<18} {self.table['n_repeats'][i]:>4} {self.table['delta'][i]:>6.3f} "
                f"{self.table['rate'][i]:>7.3f} {self.table['standard_error'][i]:>7.3f} "
                f"{self.table['n_decisions'][i]:>6}"
            )
        return "\n".join(lines)


@validate_params(
    {
        "generator": [StrOptions({"cf_network", "naive_bayes_pair"})],
        "deltas": ["array-like"],
        "n_datasets": [Interval(Integral, 1, None, closed="left")],
        "n_repeats": ["array-like", Interval(Integral, 1, None, closed="left")],
        "n_folds": [Interval(Integral, 2, None, closed="left")],
        "sizes": ["array-like"],
        "n_experiments": [Interval(Integral, 1, None, closed="left")],
        "tests": ["array-like"],
        "alpha": [Interval(Real, 0, 1, closed="neither")],
        "theta_f": [Interval(Real, 0.5, 1, closed="neither")],
        "delta_distribution": [StrOptions({"equal", "cauchy"})],
        "resimulate_zero": ["boolean"],
        "n_jobs": [Integral, None],
        "random_state": [Interval(Integral, 0, None, closed="left"), None],
    },
    prefer_skip_nested_validation=True,
)
def power_study(
    generator,
    deltas,
    *,
    n_datasets=50,
    n_repeats=(1, 10),
    n_folds=10,
    sizes=(25, 50, 100, 250, 500, 1000),
    n_experiments=1000,
    tests=("poisson", "wilcoxon"),
    alpha=0.05,
    theta_f=0.9,
    delta_distribution="equal",
    resimulate_zero=False,
    n_jobs=None,
    random_state=None,
):
    """Type I error and power of tests on collections with a known difference.

    For every true difference in ``deltas`` and every number of repeats in
    ``n_repeats``, runs ``n_experiments`` experiments. Each draws
    ``n_datasets`` data sets (sizes uniform over ``sizes``), cross-validates
    the two classifiers on each (``n_repeats`` x ``n_folds``-fold, on the fast
    path from counts) and applies every test one-sided, at size ``alpha``:
    the collection tests once per experiment, the single-data-set t-tests
    once per data set. All experiments go to joblib in one dispatch; each has
    its own seed, so the table depends only on ``random_state``.

    Parameters
    ----------
    generator : {"cf_network", "naive_bayes_pair"}
        "cf_network": naive Bayes on F (A) against the majority predictor
        (B), whose true difference is ``delta`` (Corani & Benavoli, 2015);
        "naive_bayes_pair": the classifier on G (A) against the one on F (B)
        (Corani et al., 2017, appendix 6.1).
    deltas : array-like of float
        True differences ``A - B``.
    n_datasets : int, default=50
        Data sets per experiment.
    n_repeats : int or array-like of int, default=(1, 10)
        Repeats of cross-validation to compare.
    n_folds : int, default=10
        Folds per repeat.
    sizes : array-like of int, default=(25, 50, 100, 250, 500, 1000)
        Data set sizes, drawn uniformly.
    n_experiments : int, default=1000
        Experiments per (delta, n_repeats).
    tests : array-like of str, default=("poisson", "wilcoxon")
        Registry names among "poisson" (A better when ``P(A better on a
        majority) > 1 - alpha``), "signed_rank" (Bayesian, no rope, same
        rule), "wilcoxon", "corrected_t" and "paired_t" (p-value below
        ``alpha``).
    alpha : float, default=0.05
        Size of the tests.
    theta_f : float, default=0.9
        Accuracy of the classifier on F, for "naive_bayes_pair".
    delta_distribution : {"equal", "cauchy"}, default="equal"
        "equal": every data set's difference is ``delta`` (Corani & Benavoli,
        2015, Fig. 2a); "cauchy": each is drawn from a Cauchy distribution with
        median and scale ``delta`` (Fig. 2b), capped to what the generator can
        simulate (``(-0.5, 0.5)`` for the C -> F network, as in the paper: on
        a data set with a negative difference the majority predictor is A and
        naive Bayes on F, better by ``|delta|``, is B).
    resimulate_zero : bool, default=False
        Simulate again a data set whose differences are all zero, as the
        authors' later simulations do.
    n_jobs : int, default=None
        Parallel jobs.
    random_state : int or None, default=None
        Seed of the whole study.

    Returns
    -------
    PowerStudyResult
        The rate of "A better" decisions, with its standard error, for every
        test, true difference and number of repeats.

    Examples
    --------
    >>> from studies import power_study
    >>> study = power_study(
    ...     "cf_network", [0.0, 0.1], n_datasets=10, n_repeats=1, n_experiments=20,
    ...     tests=["poisson"], random_state=0,
    ... )
    >>> study.rate("poisson", 0.1, 1) > study.rate("poisson", 0.0, 1)
    True
    """
    tests = tuple(tests)
    unknown = [test for test in tests if test not in TESTS]
    if unknown or not tests:
        raise ValueError(f"`tests` must be a non-empty list of {list(TESTS)}; got {list(tests)}.")
    repeats = [int(n_repeats)] if isinstance(n_repeats, Integral) else [int(m) for m in n_repeats]
    cells = [(float(delta), m) for delta in np.asarray(deltas, dtype=float) for m in repeats]
    sizes = _check_sizes(sizes, n_folds)
    designs = {
        m: _Design(generator, n_datasets, n_folds, m, sizes, theta_f, resimulate_zero)
        for m in repeats
    }
    seeds = np.random.SeedSequence(random_state).generate_state(len(cells) * n_experiments)
    outcomes = Parallel(n_jobs=n_jobs)(
        delayed(_experiment)(
            designs[m], delta, tests, alpha, int(seeds[c * n_experiments + e]), delta_distribution
        )
        for c, (delta, m) in enumerate(cells)
        for e in range(n_experiments)
    )
    rows = []
    for c, (delta, m) in enumerate(cells):
        chunk = outcomes[c * n_experiments : (c + 1) * n_experiments]
        for test in tests:
            decisions = np.concatenate([outcome[test] for outcome in chunk])
            rate = float(decisions.mean())
            error = float(np.sqrt(rate * (1 - rate) / decisions.size))
            rows.append((test, delta, m, rate, error, int(decisions.size)))
    keys = ("test", "delta", "n_repeats", "rate", "standard_error", "n_decisions")
    table = {key: [row[i] for row in rows] for i, key in enumerate(keys)}
    return PowerStudyResult(table, generator, n_datasets, alpha)


def bimodal_deltas(n_datasets, rng, sd=0.001):
    """True differences from the bimodal mixture of Corani et al. (2017, §4.1).

    ``0.5 N(0.005, sd**2) + 0.5 N(0.02, sd**2)``: the paper prints
    ``sd = 0.001``, the authors' code draws with 0.01.

    Parameters
    ----------
    n_datasets : int
        Number of differences.
    rng : numpy.random.Generator
        Source of the draws.
    sd : float, default=0.001
        Standard deviation of each component.

    Returns
    -------
    ndarray of shape (n_datasets,)
        The differences ``delta_i``.
    """
    centres = np.where(rng.random(n_datasets) < 0.5, 0.005, 0.02)
    return centres + sd * rng.standard_normal(n_datasets)


#: The arguments of the studies of the hierarchical test, and their constraints.
_HIERARCHICAL_STUDY = {
    "n_datasets": ["array-like"],
    "n_experiments": [Interval(Integral, 1, None, closed="left")],
    "n_repeats": [Interval(Integral, 1, None, closed="left")],
    "n_folds": [Interval(Integral, 2, None, closed="left")],
    "sizes": ["array-like"],
    "theta_f": [Interval(Real, 0.5, 1, closed="neither")],
    "sampler": [dict, None],
    "n_jobs": [Integral, None],
    "random_state": [Interval(Integral, 0, None, closed="left"), None],
}


def _quiet_hierarchical_test(records, seed, sampler, **kwargs):
    """The hierarchical test without convergence warnings: studies fit it many times."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        return hierarchical_test(records, random_state=seed, **sampler, **kwargs)


def _hierarchical_experiments(
    experiment, args, n_datasets, *, n_experiments, sampler, n_jobs, random_state, **design
):
    """``experiment(design, seed, sampler, *args)``, ``n_experiments`` times per ``q``.

    The design is the naive Bayes pair with ``q`` data sets (``design``:
    ``n_folds``, ``n_repeats``, ``sizes``, ``theta_f``, ``resimulate_zero``);
    the hierarchical sampler defaults to 2 chains x (500 warm-up + 1,000
    draws). All experiments go to joblib in one dispatch, each with its own
    seed.

    Returns
    -------
    qs : list of int
        The collection sizes.
    chunks : list of ndarray
        Per ``q``, the outcomes as floats, one row per experiment.
    """
    sampler = {"n_chains": 2, "n_warmup": 500, "n_draws": 1000, **(sampler or {})}
    design["sizes"] = _check_sizes(design["sizes"], design["n_folds"])
    qs = [int(q) for q in n_datasets]
    seeds = np.random.SeedSequence(random_state).generate_state(len(qs) * n_experiments)
    outcomes = Parallel(n_jobs=n_jobs)(
        delayed(experiment)(
            _Design("naive_bayes_pair", n_datasets=q, **design),
            int(seeds[k * n_experiments + e]),
            sampler,
            *args,
        )
        for k, q in enumerate(qs)
        for e in range(n_experiments)
    )
    chunks = [
        np.array(outcomes[k * n_experiments : (k + 1) * n_experiments], dtype=float)
        for k in range(len(qs))
    ]
    return qs, chunks


def _mean_and_standard_error(values):
    """Mean over experiments and its Monte Carlo standard error (NaN for one experiment)."""
    values = np.asarray(values, dtype=float)
    spread = values.std(ddof=1) if values.size > 1 else float("nan")
    return float(values.mean()), float(spread / np.sqrt(values.size))


def _shrinkage_experiment(design, seed, sampler, mixture_sd):
    """Squared errors of the per-data-set means and of the shrinkage estimates."""
    rng = np.random.default_rng(seed)
    deltas = bimodal_deltas(design.n_datasets, rng, mixture_sd)
    records = _simulated_collection(design, deltas, rng)
    result = _quiet_hierarchical_test(records, seed, sampler)
    return (
        float(np.sum((result.means - deltas) ** 2)),
        float(np.sum((result.shrinkage_estimates - deltas) ** 2)),
    )


@validate_params(
    {
        **_HIERARCHICAL_STUDY,
        "mixture_sd": [Interval(Real, 0, None, closed="left")],
        "resimulate_zero": ["boolean"],
    },
    prefer_skip_nested_validation=True,
)
@fill_doc
def shrinkage_study(
    n_datasets=(5, 10, 50),
    *,
    n_experiments=500,
    n_repeats=10,
    n_folds=10,
    sizes=(25, 50, 100, 250, 500, 1000),
    theta_f=0.9,
    mixture_sd=0.001,
    resimulate_zero=False,
    sampler=None,
    n_jobs=None,
    random_state=None,
):
    """Mean squared error of shrinkage estimates vs per-data-set means (Corani et al. 2017, §4.1).

    Each experiment draws ``q`` true differences from :func:`bimodal_deltas`,
    simulates a data set for each with :func:`~sklearn_bayescmp.datasets.make_naive_bayes_pair`
    (the classifier on G against the one on F), cross-validates both on the
    fast path, fits :func:`~sklearn_bayescmp.stats.hierarchical_test`, and
    records the squared errors of the per-data-set means (the maximum
    likelihood estimates) and of the shrinkage estimates.

    Parameters
    ----------
    n_datasets : array-like of int, default=(5, 10, 50)
        Collection sizes ``q`` to study.
    n_experiments : int, default=500
        Experiments per ``q``.
    mixture_sd : float, default=0.001
        Standard deviation of each component of :func:`bimodal_deltas`: the
        paper prints 0.001, the authors' code draws with 0.01.
    resimulate_zero : bool, default=False
        Simulate again a data set whose differences are all zero, as the
        authors' code does.%(hierarchical_study)s

    Returns
    -------
    dict of list
        One entry per ``q``: ``n_datasets``, ``mse_means``,
        ``mse_shrinkage`` and their Monte Carlo standard errors
        ``se_means`` and ``se_shrinkage`` (over experiments).

    Examples
    --------
    >>> from studies import shrinkage_study
    >>> table = shrinkage_study(
    ...     [10], n_experiments=2, sampler={"n_warmup": 100, "n_draws": 200}, random_state=0
    ... )
    >>> table["mse_shrinkage"][0] < table["mse_means"][0]
    True
    """
    qs, chunks = _hierarchical_experiments(
        _shrinkage_experiment,
        (mixture_sd,),
        n_datasets,
        n_experiments=n_experiments,
        sampler=sampler,
        n_jobs=n_jobs,
        random_state=random_state,
        n_folds=n_folds,
        n_repeats=n_repeats,
        sizes=sizes,
        theta_f=theta_f,
        resimulate_zero=resimulate_zero,
    )
    table = {key: [] for key in ("n_datasets", "mse_means", "mse_shrinkage")}
    table["se_means"], table["se_shrinkage"] = [], []
    for q, chunk in zip(qs, chunks, strict=True):
        table["n_datasets"].append(q)
        for column, key in enumerate(("means", "shrinkage")):
            mean, error = _mean_and_standard_error(chunk[:, column] / q)
            table[f"mse_{key}"].append(mean)
            table[f"se_{key}"].append(error)
    return table


def _equivalence_experiment(design, seed, sampler, delta0, scale, rope):
    """The Wilcoxon p-value, P(rope) and the larger P(difference) of the hierarchical test."""
    rng = np.random.default_rng(seed)
    # Cauchy differences, capped to what the generator can simulate (as the paper caps them).
    limit = min(1.0 - design.theta_f, design.theta_f - 0.5) - 1e-9
    deltas = np.clip(delta0 + scale * rng.standard_cauchy(design.n_datasets), -limit, limit)
    records = _simulated_collection(design, deltas, rng)
    result = _quiet_hierarchical_test(records, seed, sampler, rope=rope)
    return (
        get_backend("wilcoxon").call(records).pvalue,
        result.prob_equivalent,
        max(result.prob_a_better, result.prob_b_better),
        result.delta0_prob_equivalent,
        max(result.delta0_prob_a_better, result.delta0_prob_b_better),
    )


@validate_params(
    {
        **_HIERARCHICAL_STUDY,
        "delta0": [Real],
        "rope": [Interval(Real, 0, None, closed="neither")],
        "scale": [Interval(Real, 0, None, closed="neither"), None],
        "alpha": [Interval(Real, 0, 1, closed="neither")],
        "resimulate_zero": ["boolean"],
    },
    prefer_skip_nested_validation=True,
)
@fill_doc
def equivalence_study(
    n_datasets=(10, 20, 30, 40, 50),
    *,
    delta0=0.0,
    rope=0.01,
    scale=None,
    n_experiments=500,
    n_repeats=10,
    n_folds=10,
    sizes=(25, 50, 100, 250, 500, 1000),
    theta_f=0.9,
    alpha=0.05,
    sampler=None,
    resimulate_zero=False,
    n_jobs=None,
    random_state=None,
):
    """Equivalent classifiers: Wilcoxon vs hierarchical test (Corani et al. 2017, §4.2-4.3).

    Each experiment draws ``q`` differences from a Cauchy distribution with
    median ``delta0`` and scale ``scale`` (by default ``2 rope / 6``, a sixth
    of the rope's length, so that most differences fall in the rope), capped to what
    :func:`~sklearn_bayescmp.datasets.make_naive_bayes_pair` can simulate;
    cross-validates the two classifiers on every data set; and applies the
    two-sided Wilcoxon signed-rank test and the hierarchical test.

    Parameters
    ----------
    n_datasets : array-like of int, default=(10, 20, 30, 40, 50)
        Collection sizes ``q``.
    delta0 : float, default=0.0
        Median of the differences: 0 for equivalent classifiers, 0.005 for
        practically equivalent ones.
    rope : float, default=0.01
        Half-width of the rope of the hierarchical test.
    scale : float, default=None
        Scale of the Cauchy distribution of the differences. ``None`` is
        ``2 rope / 6``, the setting of §4.2-4.3; §4.4 (Fig. 5) sets 0.01.
    n_experiments : int, default=500
        Experiments per ``q``.
    alpha : float, default=0.05
        Size of the Wilcoxon test; the hierarchical test "recognises
        equivalence" when ``prob_equivalent > 1 - alpha``.
    resimulate_zero : bool, default=False
        Simulate again a data set whose differences are all zero, as the
        authors' code does (``True`` for their setting).%(hierarchical_study)s

    Returns
    -------
    dict of list
        One entry per ``q``: ``n_datasets``; ``wilcoxon_rejection`` (its
        rate); ``mean_prob_equivalent`` (of the hierarchical test);
        ``equivalence_recognition`` (share with ``prob_equivalent > 1 -
        alpha``); ``hierarchical_difference`` (share with ``prob_a_better``
        or ``prob_b_better > 1 - alpha``); the same for ``delta0``, the mean
        difference over the population, which the authors' code reports
        (``mean_delta0_prob_equivalent``, ``delta0_equivalence_recognition``,
        ``delta0_difference``); and a Monte Carlo standard error ``se_*`` for
        each.

    Examples
    --------
    >>> from studies import equivalence_study
    >>> table = equivalence_study(
    ...     [10], n_experiments=2, sampler={"n_warmup": 100, "n_draws": 200}, random_state=0
    ... )
    >>> sorted(table)[:3]
    ['delta0_difference', 'delta0_equivalence_recognition', 'equivalence_recognition']
    """
    qs, chunks = _hierarchical_experiments(
        _equivalence_experiment,
        (delta0, 2 * rope / 6 if scale is None else scale, rope),
        n_datasets,
        n_experiments=n_experiments,
        sampler=sampler,
        n_jobs=n_jobs,
        random_state=random_state,
        n_folds=n_folds,
        n_repeats=n_repeats,
        sizes=sizes,
        theta_f=theta_f,
        resimulate_zero=resimulate_zero,
    )
    columns = (
        "wilcoxon_rejection",
        "mean_prob_equivalent",
        "equivalence_recognition",
        "hierarchical_difference",
        "mean_delta0_prob_equivalent",
        "delta0_equivalence_recognition",
        "delta0_difference",
    )
    table = {"n_datasets": qs, **{name: [] for name in columns}}
    table.update({f"se_{name}": [] for name in columns})
    for chunk in chunks:
        values = {
            "wilcoxon_rejection": chunk[:, 0] < alpha,
            "mean_prob_equivalent": chunk[:, 1],
            "equivalence_recognition": chunk[:, 1] > 1 - alpha,
            "hierarchical_difference": chunk[:, 2] > 1 - alpha,
            "mean_delta0_prob_equivalent": chunk[:, 3],
            "delta0_equivalence_recognition": chunk[:, 3] > 1 - alpha,
            "delta0_difference": chunk[:, 4] > 1 - alpha,
        }
        for name, value in values.items():
            mean, error = _mean_and_standard_error(value)
            table[name].append(mean)
            table[f"se_{name}"].append(error)
    return table
