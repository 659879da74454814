"""Many models: every pair compared, a Bayesian ranking, and the frequentist reference.

:func:`compare_models` takes a :class:`~sklearn_bayescmp.ScoreTable` and
compares every pair of its models with one back end: on one data set the
Bayesian correlated t-test; on many, the Bayesian signed-rank test (default),
the sign test, the Poisson-binomial test or the hierarchical model. Pairs are
batched: the sign and signed-rank tests share their Dirichlet weights and the
hierarchical posteriors are sampled in one run, each result bit-identical to
the two-model back end called on that pair with the same ``random_state``.

Beside the pairs, a Plackett-Luce ranking of all models (which is likely
best overall) and the frequentist reference people expect (Friedman,
Nemenyi's critical difference, Holm-corrected Wilcoxon tests; or, on one data
set, Holm-corrected corrected t-tests), labelled as the reference, not the
recommendation.
"""

import inspect
from collections.abc import Mapping
from dataclasses import dataclass
from itertools import combinations
from numbers import Integral, Real

import numpy as np
from sklearn.utils.parallel import Parallel, delayed

from ._score_table import ScoreTable
from .stats import (
    NormalGammaPrior,
    bayesian_correlated_ttest,
    corrected_ttest,
    friedman_test,
    hierarchical_test,
    holm_adjusted,
    plackett_luce_ranking,
    poisson_test,
    sign_test,
    signed_rank_test,
    wilcoxon_test,
)
from .stats._hierarchical import hierarchical_tests, warn_if_not_converged
from .stats._sign import dirichlet_process_tests
from .utils._display import html_table, to_frame
from .utils._frozen import FrozenMapping, ReadOnlyPickleMixin
from .utils._random import check_random_generator
from .utils._sklearn import Interval, StrOptions, validate_params
from .utils._validation import check_rope

#: The back ends of compare_models and the options each accepts.
TESTS = {
    "signed_rank": ("prior_strength", "prior_place", "n_samples", "keep_draws"),
    "sign": ("prior_strength", "prior_place", "n_samples", "keep_draws"),
    "poisson": (),
    "hierarchical": ("n_chains", "n_warmup", "n_samples", "nu_prior"),
    "correlated_t": (),
}
_SAMPLED = {"signed_rank", "sign", "hierarchical"}
#: Pairs whose records are built and compared at a time.
_PAIRS_PER_BATCH = 256
_MIRROR = {"a": "b", "b": "a"}


@dataclass(frozen=True, repr=False, eq=False)
class FrequentistReference(ReadOnlyPickleMixin):
    """The frequentist analysis people expect beside the Bayesian one.

    Shown as a reference, not as the recommendation: the tests on many data
    sets rank the per-data-set means and ignore each mean's uncertainty, and
    a p-value above ``alpha`` ("not significantly different") is not evidence
    that two models are equivalent.

    Attributes
    ----------
    test : str
        The pairwise test: "wilcoxon" (on the per-data-set mean differences)
        or "corrected_ttest" (on one data set's splits).
    pvalues : ndarray of shape (n_models, n_models)
        Two-sided p-value of every pair (1 on the diagonal).
    pvalues_holm : ndarray of shape (n_models, n_models)
        The same, Holm-adjusted over all pairs.
    friedman : FriedmanTestResult or None
        The Friedman test with Nemenyi's critical difference (three or more
        models on two or more data sets).
    alpha : float
        Significance level.
    """

    test: str
    pvalues: np.ndarray
    pvalues_holm: np.ndarray
    friedman: object
    alpha: float

    def __repr__(self):
        friedman = "" if self.friedman is None else f", friedman_pvalue={self.friedman.pvalue:.4g}"
        return f"FrequentistReference(test={self.test!r}{friedman})"


@dataclass(frozen=True, repr=False, eq=False)
class ModelComparison(ReadOnlyPickleMixin):
    """Every pair of models of a score table compared, with a ranking and a reference.

    Built by :func:`compare_models`. Entry ``[i, j]`` of a matrix compares
    ``models[i]`` (A) with ``models[j]`` (B); ``[j, i]`` is its mirror.

    Attributes
    ----------
    models : tuple of str
        The models, in table order.
    datasets : tuple of str
        The data sets.
    test : str
        The pairwise back end: "correlated_t", "signed_rank", "sign",
        "poisson" or "hierarchical".
    results : mapping of (str, str) to result
        The back end's result of every pair ``(a, b)``, ``a`` listed first in
        the table.
    prob_a_better, prob_equivalent, prob_b_better : ndarray of shape (n_models, n_models)
        ``prob_a_better[i, j]``: the probability that ``models[i]`` is
        practically better than ``models[j]``. A model against itself is
        practically equivalent (the diagonal of ``prob_equivalent`` is 1).
    decisions : ndarray of str of shape (n_models, n_models)
        The threshold rule's decision of every pair: "a" (the row's model is
        practically better), "b", "equivalent" or "undecided".
    mean_difference : ndarray of shape (n_models, n_models)
        Mean over data sets of each data set's mean score difference, row
        minus column (over the splits both models completed).
    n_omitted : ndarray of int of shape (n_models, n_models)
        Splits left out of each pair because a score was failed or missing.
    n_datasets_omitted : ndarray of int of shape (n_models, n_models)
        Data sets left out of each pair (``allow_incomplete=True``) because
        one of its models has no score there.
    ranking : PlackettLuceResult or None
        The Bayesian ranking of all models (two or more data sets).
    reference : FrequentistReference
        The frequentist reference.
    rope : tuple of (float, float)
        The region of practical equivalence.
    threshold : float
        Threshold of ``decisions``.
    random_state : int or None
        The seed every sampled pair and the ranking used (None when nothing
        was sampled).
    table : ScoreTable
        The scores compared.
    """

    models: tuple
    datasets: tuple
    test: str
    results: Mapping
    prob_a_better: np.ndarray
    prob_equivalent: np.ndarray
    prob_b_better: np.ndarray
    decisions: np.ndarray
    mean_difference: np.ndarray
    n_omitted: np.ndarray
    n_datasets_omitted: np.ndarray
    ranking: object
    reference: FrequentistReference
    rope: tuple
    threshold: float
    random_state: int | None
    table: ScoreTable

    def __repr__(self):
        return (
            f"ModelComparison(models={self.models!r}, n_datasets={len(self.datasets)}, "
            f"test={self.test!r}, rope={self.rope})"
        )

    def _index(self, model):
        if model not in self.models:
            raise ValueError(f"Unknown model {model!r}; the models are {list(self.models)}.")
        return self.models.index(model)

    def result(self, model_a, model_b):
        """The back end's result of ``model_a`` (A) against ``model_b`` (B).

        Parameters
        ----------
        model_a, model_b : str

        Returns
        -------
        result
            The stored result of the pair, mirrored (``result.mirrored()``)
            when ``model_b`` comes first in the table.
        """
        i, j = self._index(model_a), self._index(model_b)
        if i == j:
            raise ValueError(f"`model_a` and `model_b` are both {model_a!r}; pick two models.")
        if i < j:
            return self.results[model_a, model_b]
        return self.results[model_b, model_a].mirrored()

    def matrix(self, attribute="prob_a_better"):
        """One matrix of the comparison, row model against column model.

        Parameters
        ----------
        attribute : {"prob_a_better", "prob_equivalent", "prob_b_better", \
"decisions", "mean_difference", "n_omitted", "n_datasets_omitted", "pvalues", \
"pvalues_holm"}, default="prob_a_better"

        Returns
        -------
        ndarray of shape (n_models, n_models)
        """
        if attribute in ("pvalues", "pvalues_holm"):
            return getattr(self.reference, attribute)
        allowed = (
            "prob_a_better",
            "prob_equivalent",
            "prob_b_better",
            "decisions",
            "mean_difference",
            "n_omitted",
            "n_datasets_omitted",
        )
        if attribute not in allowed:
            raise ValueError(
                f"`attribute` must be one of {[*allowed, 'pvalues', 'pvalues_holm']}; "
                f"got {attribute!r}."
            )
        return getattr(self, attribute)

    def matrix_frame(self, attribute="prob_a_better"):
        """:meth:`matrix` as a :class:`pandas.DataFrame` labelled by model (rows: A).

        Parameters
        ----------
        attribute : str, default="prob_a_better"
            See :meth:`matrix`.

        Returns
        -------
        pandas.DataFrame
        """
        frame = to_frame(
            {
                model: list(column)
                for model, column in zip(self.models, self.matrix(attribute).T, strict=True)
            }
        )
        frame.index = list(self.models)
        frame.index.name, frame.columns.name = "A", "B"
        return frame

    def to_columns(self):
        """Every pair (in table order) as a tidy table: a dict of columns.

        Returns
        -------
        dict of str to list
            ``model_a``, ``model_b``, ``prob_a_better``, ``prob_equivalent``,
            ``prob_b_better``, ``decision``, ``mean_difference``,
            ``n_omitted``, ``n_datasets_omitted``, ``pvalue`` and
            ``pvalue_holm`` (the frequentist reference).
        """
        pairs = list(combinations(range(len(self.models)), 2))
        columns = {
            "model_a": [self.models[i] for i, _ in pairs],
            "model_b": [self.models[j] for _, j in pairs],
        }
        for key, values in (
            ("prob_a_better", self.prob_a_better),
            ("prob_equivalent", self.prob_equivalent),
            ("prob_b_better", self.prob_b_better),
            ("decision", self.decisions),
            ("mean_difference", self.mean_difference),
            ("n_omitted", self.n_omitted),
            ("n_datasets_omitted", self.n_datasets_omitted),
            ("pvalue", self.reference.pvalues),
            ("pvalue_holm", self.reference.pvalues_holm),
        ):
            columns[key] = [_scalar(values[i, j]) for i, j in pairs]
        return columns

    def to_frame(self):
        """:meth:`to_columns` as a :class:`pandas.DataFrame` indexed by the pair.

        Returns
        -------
        pandas.DataFrame
        """
        return to_frame(self.to_columns()).set_index(["model_a", "model_b"])

    def summary(self):
        """Readable report: every pair, the ranking and the frequentist reference.

        Returns
        -------
        str
        """
        columns = self.to_columns()
        width = max(5, *(len(model) for model in self.models))
        test = {
            "correlated_t": "Bayesian correlated t-test",
            "signed_rank": "Bayesian signed-rank test",
            "sign": "Bayesian sign test",
            "poisson": "Poisson-binomial test",
            "hierarchical": "Bayesian hierarchical test",
        }[self.test]
        lines = [
            f"{len(self.models)} models on {len(self.datasets)} data set(s): {test} of every "
            f"pair, rope = [{self.rope[0]:.4g}, {self.rope[1]:.4g}], decisions at "
            f"{self.threshold:g}",
            "",
            f"{'A':<{width}}  {'B':<{width}}  {'mean A-B':>9} {'P(A)':>6} {'P(eq)':>6} "
            f"{'P(B)':>6}  decision",
        ]
        for k in range(len(columns["model_a"])):
            lines.append(
                f"{columns['model_a'][k]:<{width}}  {columns['model_b'][k]:<{width}}  "
                f"{columns['mean_difference'][k]:>9.4f} {columns['prob_a_better'][k]:>6.3f} "
                f"{columns['prob_equivalent'][k]:>6.3f} {columns['prob_b_better'][k]:>6.3f}  "
                f"{columns['decision'][k]}"
            )
        omitted = int(np.triu(self.n_omitted, 1).sum())
        if omitted:
            lines.append(f"({omitted} split(s) left out of pairs: failed or missing scores)")
        for i, j in zip(*np.nonzero(np.triu(self.n_datasets_omitted, 1)), strict=True):
            lines.append(
                f"({self.models[i]} vs {self.models[j]}: compared on "
                f"{len(self.datasets) - self.n_datasets_omitted[i, j]} of {len(self.datasets)} "
                "data sets; the others lack scores of one of them)"
            )
        if self.ranking is not None:
            lines += ["", self.ranking.summary()]
        lines += ["", "Frequentist reference (not the recommendation; see the user guide):"]
        if self.reference.friedman is not None:
            lines.append("  " + self.reference.friedman.summary().replace("\n", "\n  "))
        name = {"wilcoxon": "Wilcoxon signed-rank", "corrected_ttest": "corrected t-test"}
        lines.append(f"  Holm-corrected {name[self.reference.test]} p-values:")
        for k in range(len(columns["model_a"])):
            lines.append(
                f"    {columns['model_a'][k]} vs {columns['model_b'][k]}: "
                f"p = {columns['pvalue'][k]:.4g}, Holm {columns['pvalue_holm'][k]:.4g}"
            )
        return "\n".join(lines)

    def _repr_html_(self):
        columns = self.to_columns()
        pairs = html_table(
            {
                "A": columns["model_a"],
                "B": columns["model_b"],
                "mean A - B": columns["mean_difference"],
                "P(A better)": columns["prob_a_better"],
                "P(equivalent)": columns["prob_equivalent"],
                "P(B better)": columns["prob_b_better"],
                f"decision ({self.threshold:g})": columns["decision"],
                "p (Holm, reference)": columns["pvalue_holm"],
            },
            caption=f"{len(self.models)} models on {len(self.datasets)} data set(s), "
            f"{self.test} test of every pair",
        )
        return pairs + ("" if self.ranking is None else self.ranking._repr_html_())


def _scalar(value):
    """A numpy scalar as the Python number it holds; anything else as is."""
    return value.item() if isinstance(value, np.generic) else value


def _check_options(test, options):
    unknown = sorted(set(options) - set(TESTS[test]))
    if unknown:
        raise TypeError(
            f"compare_models(test={test!r}) got unknown option(s) {unknown}; it accepts "
            f"{list(TESTS[test]) or 'none'}."
        )


def _seed(random_state):
    """One int seed for every pair (common random numbers), from any ``random_state``."""
    if isinstance(random_state, Integral) and not isinstance(random_state, bool):
        return int(random_state)
    return int(check_random_generator(random_state).integers(2**32))


def _pair_results(test, collections, *, rope, prior, seed, n_jobs, options):
    """The back end of every pair (a list of collections of records)."""
    if test == "correlated_t":
        (records,) = zip(*[collection.values() for collection in collections], strict=True)
        return [
            bayesian_correlated_ttest(record, rope=rope, prior=prior, nan_policy="omit")
            for record in records
        ]
    if test == "poisson":
        return [poisson_test(collection, rope=rope, prior=prior) for collection in collections]
    if test in ("sign", "signed_rank"):
        # The back end's own defaults (prior_strength differs between the two).
        backend = {"sign": sign_test, "signed_rank": signed_rank_test}[test]
        defaults = inspect.signature(backend).parameters
        values = {name: defaults[name].default for name in TESTS[test] if name in defaults}
        # Each pair keeps its probabilities and posterior means, and only the
        # draws asked for: memory must not grow with the number of pairs.
        values |= {"keep_draws": 0} | options
        return dirichlet_process_tests(
            test.replace("_", "-"),
            collections,
            rope=rope,
            random_state=seed,
            n_jobs=n_jobs,
            **values,
        )
    defaults = inspect.signature(hierarchical_test).parameters
    values = {name: defaults[name].default for name in TESTS[test]} | options
    batches = np.array_split(
        np.arange(len(collections)), max(1, min(n_jobs or 1, len(collections)))
    )
    parts = Parallel(n_jobs=n_jobs)(
        delayed(hierarchical_tests)(
            [collections[i] for i in batch],
            rope=rope,
            random_state=seed,
            check_convergence=False,  # here, in the parent: a worker's warning is lost
            **values,
        )
        for batch in batches
        if batch.size
    )
    results = [result for part in parts for result in part]
    warn_if_not_converged(results)
    return results


def _shared_splits(table):
    """Splits of every data set that both models of each pair completed: (n_datasets, k, k)."""
    completed = [np.isfinite(table.scores(name)).astype(np.int64) for name in table.datasets]
    return np.stack([done @ done.T for done in completed])


def _lacking(table, shared, i, j, needed):
    """The data sets on which models ``i`` and ``j`` share fewer than ``needed`` splits."""
    return [
        name for name, count in zip(table.datasets, shared[:, i, j], strict=True) if count < needed
    ]


def _incomplete_message(table, shared, i, j, dataset, needed):
    """Why a pair cannot be compared on a data set, naming the model that lacks scores."""
    d = table.datasets.index(dataset)
    models = table.models
    alone = [m for m in (i, j) if shared[d, m, m] < needed]
    if alone:
        reason = f"model {models[alone[0]]!r} has " + (
            "no score" if shared[d, alone[0], alone[0]] == 0 else f"fewer than {needed} scores"
        )
        reason += f" on data set {dataset!r} (every split failed or is missing)"
    else:
        reason = (
            f"models {models[i]!r} and {models[j]!r} share fewer than {needed} completed "
            f"splits on data set {dataset!r}"
        )
    return (
        f"{reason}, so the pair cannot be compared there. Leave the model or the data set out "
        "(table.select(models=[...]) or table.select(datasets=[...])), or pass "
        "allow_incomplete=True to compare each pair on the data sets where both models have "
        "scores."
    )


def _complete_datasets(table, allow_incomplete):
    """The data sets with a split that every model completed (what the ranking needs)."""
    complete = [
        name for name in table.datasets if np.all(np.isfinite(table.scores(name)), axis=0).any()
    ]
    if len(complete) < table.n_datasets and not allow_incomplete:
        missing = next(name for name in table.datasets if name not in complete)
        raise ValueError(
            f"No split of data set {missing!r} has a score for every model; the ranking needs "
            "splits that all models completed. Pass allow_incomplete=True to rank on the data "
            "sets that have one, or ranking=False."
        )
    return complete


def _reference_pvalues(table, collections):
    """Two-sided p-values of the pairwise frequentist reference, one per collection."""
    if table.n_datasets == 1:
        return [
            corrected_ttest(next(iter(c.values())), nan_policy="omit").pvalue for c in collections
        ]
    return [wilcoxon_test(collection).pvalue for collection in collections]


def _reference(table, pairs, values, alpha, complete):
    """Pairwise p-values with Holm's correction, and the Friedman test (on ``complete``)."""
    k = table.n_models
    pvalues = np.ones((k, k))
    adjusted = np.ones((k, k))
    for (i, j), p, p_holm in zip(pairs, values, holm_adjusted(values), strict=True):
        pvalues[i, j] = pvalues[j, i] = p
        adjusted[i, j] = adjusted[j, i] = p_holm
    friedman = None
    if table.n_datasets >= 2 and len(complete) >= 2 and k >= 3:
        means = table.select(datasets=complete).mean_scores()
        friedman = friedman_test(means, names=table.models, alpha=alpha)
    for array in (pvalues, adjusted):
        array.flags.writeable = False
    test = "corrected_ttest" if table.n_datasets == 1 else "wilcoxon"
    return FrequentistReference(test, pvalues, adjusted, friedman, float(alpha))


@validate_params(
    {
        "table": [ScoreTable],
        "test": [StrOptions({"auto", *TESTS})],
        "rope": [Interval(Real, 0, None, closed="left"), "array-like"],
        "threshold": [Interval(Real, 0, 1, closed="neither")],
        "prior": [NormalGammaPrior, None],
        "ranking": ["boolean"],
        "alpha": [Interval(Real, 0, 1, closed="neither")],
        "random_state": ["random_state", np.random.Generator],
        "n_jobs": [Integral, None],
        "allow_incomplete": ["boolean"],
    },
    prefer_skip_nested_validation=True,
)
def compare_models(
    table,
    *,
    test="auto",
    rope=0.01,
    threshold=0.95,
    prior=None,
    ranking=True,
    alpha=0.05,
    random_state=None,
    n_jobs=None,
    allow_incomplete=False,
    **options,
):
    """Compare every pair of models of a score table, rank them, and show the reference.

    Parameters
    ----------
    table : ScoreTable
        Scores of two or more models on one or more data sets.
    test : {"auto", "correlated_t", "signed_rank", "sign", "poisson", \
"hierarchical"}, default="auto"
        The back end of every pair. "auto" is the Bayesian correlated t-test
        on one data set and the Bayesian signed-rank test on several.
        "signed_rank" and "sign" use each data set's mean difference and
        predict a new data set; "poisson" counts on how many of *these* data
        sets a model wins, keeping each data set's uncertainty;
        "hierarchical" models every split of every data set (the most
        informative, and the slowest: seconds per pair, all pairs sampled in
        one batch).
    rope : float or tuple of (float, float), default=0.01
        Region of practical equivalence in the scores' units.
    threshold : float, default=0.95
        Probability an outcome must exceed for the decisions.
    prior : NormalGammaPrior, default=None
        Prior of the correlated t-tests ("correlated_t" and "poisson").
    ranking : bool, default=True
        Also rank all models with the Plackett-Luce model (two or more data
        sets).
    alpha : float, default=0.05
        Level of the frequentist reference.
    random_state : int, Generator, RandomState or None, default=None
        Seed of the sampled tests and the ranking. Every pair uses the same
        seed (common random numbers), so an int makes ``result(a, b)`` equal
        the two-model back end called with ``random_state=random_state``.
    n_jobs : int, default=None
        Parallel jobs: threads drawing the sign and signed-rank tests' Monte
        Carlo samples, processes sampling the hierarchical test's pairs (in
        batches). Results do not depend on it.
    allow_incomplete : bool, default=False
        When a model has no score on a data set (every split failed or is
        missing), False refuses the table, naming the model and the data
        set; True compares each pair on the data sets where both models
        have scores (``n_datasets_omitted`` counts the others), and ranks the
        models and runs the Friedman test on the data sets where all have.
    **options : dict
        Options of the back end: ``prior_strength``, ``prior_place``,
        ``n_samples`` and ``keep_draws`` (sign and signed-rank: how many
        posterior draws each pair's result keeps, for the simplex plot; 0 by
        default, so that memory does not grow with the number of pairs);
        ``n_chains``, ``n_warmup``, ``n_samples``, ``nu_prior``
        (hierarchical).

    Returns
    -------
    ModelComparison
        The labelled matrices of ``prob_a_better``, ``prob_equivalent``,
        ``prob_b_better`` and the decisions, every pair's result, the
        ``ranking`` and the frequentist ``reference``; ``to_frame()``,
        ``matrix_frame()`` and ``summary()``.

    See Also
    --------
    ScoreTable : Build the table from a dataframe, a dict or a CSV file.

    Examples
    --------
    >>> import numpy as np
    >>> from sklearn_bayescmp import ScoreTable, compare_models
    >>> rng = np.random.default_rng(0)
    >>> scores = {
    ...     f"d{i}": rng.normal([[0.80], [0.82], [0.86]], 0.02, size=(3, 20)) for i in range(8)
    ... }
    >>> table = ScoreTable(scores, models=["knn", "tree", "forest"], test_train_ratio=1 / 9)
    >>> comparison = compare_models(table, rope=0.01, random_state=0)
    >>> comparison.decisions[2, 0], comparison.decisions[0, 2]
    ('a', 'b')
    >>> comparison.ranking.order
    ('forest', 'tree', 'knn')
    """
    if test == "auto":
        test = "correlated_t" if table.n_datasets == 1 else "signed_rank"
    if table.n_datasets == 1 and test != "correlated_t":
        raise ValueError(
            f"test={test!r} compares models over several data sets; this table has one "
            f"({table.datasets[0]!r}). Use test='correlated_t' (or 'auto'): the Bayesian "
            "correlated t-test of every pair on its splits."
        )
    if table.n_datasets > 1 and test == "correlated_t":
        raise ValueError(
            f"test='correlated_t' compares models on one data set; this table has "
            f"{table.n_datasets}. Use a test over data sets ('signed_rank', 'sign', "
            "'poisson', 'hierarchical'), or table.select(datasets=[...])."
        )
    _check_options(test, options)
    rope = check_rope(rope)
    seed = _seed(random_state) if test in _SAMPLED or ranking else None
    models = table.models
    pairs = list(combinations(range(len(models)), 2))
    k = len(models)
    matrices = {
        "prob_a_better": np.zeros((k, k)),
        "prob_equivalent": np.eye(k),
        "prob_b_better": np.zeros((k, k)),
    }
    decisions = np.full((k, k), "equivalent", dtype=object)
    mean_difference = np.zeros((k, k))
    n_omitted = np.zeros((k, k), dtype=np.int64)
    n_datasets_omitted = np.zeros((k, k), dtype=np.int64)
    shared = _shared_splits(table)
    needed = 1 if test in ("sign", "signed_rank") else 2  # a mean, or also a variance
    results, pvalues = [], []
    # The pairs' records are built a batch at a time and dropped once compared:
    # memory is bounded by one batch, not by the number of pairs.
    for start in range(0, len(pairs), _PAIRS_PER_BATCH):
        batch = pairs[start : start + _PAIRS_PER_BATCH]
        collections = []
        for i, j in batch:
            records = table.differences(models[i], models[j])
            lacking = _lacking(table, shared, i, j, needed)
            if lacking and not allow_incomplete:
                raise ValueError(_incomplete_message(table, shared, i, j, lacking[0], needed))
            if len(lacking) > len(records) - min(2, table.n_datasets):
                raise ValueError(
                    f"Models {models[i]!r} and {models[j]!r} have scores on "
                    f"{len(records) - len(lacking)} data set(s) in common; "
                    f"test={test!r} needs {min(2, table.n_datasets)}."
                )
            n_datasets_omitted[i, j] = n_datasets_omitted[j, i] = len(lacking)
            collections.append({name: r for name, r in records.items() if name not in lacking})
        batch_results = _pair_results(
            test, collections, rope=rope, prior=prior, seed=seed, n_jobs=n_jobs, options=options
        )
        pvalues += _reference_pvalues(table, collections)
        for (i, j), result, collection in zip(batch, batch_results, collections, strict=True):
            for name, values in matrices.items():
                mirror = {"prob_a_better": "prob_b_better", "prob_b_better": "prob_a_better"}
                values[i, j] = getattr(result, name)
                values[j, i] = getattr(result, mirror.get(name, name))
            decisions[i, j] = result.decision(threshold)
            decisions[j, i] = _MIRROR.get(decisions[i, j], decisions[i, j])
            means = [record.mean for record in collection.values()]
            mean_difference[i, j], mean_difference[j, i] = np.mean(means), -np.mean(means)
            n_omitted[i, j] = n_omitted[j, i] = sum(r.n_failed for r in collection.values())
        results += batch_results
    complete = _complete_datasets(table, allow_incomplete)
    plackett_luce = None
    if ranking and len(complete) >= 2:
        means = table.select(datasets=complete).mean_scores()
        plackett_luce = plackett_luce_ranking(means, names=models, random_state=seed)
    for array in (*matrices.values(), decisions, mean_difference, n_omitted, n_datasets_omitted):
        array.flags.writeable = False
    return ModelComparison(
        models=models,
        datasets=table.datasets,
        test=test,
        results=FrozenMapping(
            {(models[i], models[j]): r for (i, j), r in zip(pairs, results, strict=True)}
        ),
        **matrices,
        decisions=decisions,
        mean_difference=mean_difference,
        n_omitted=n_omitted,
        n_datasets_omitted=n_datasets_omitted,
        ranking=plackett_luce,
        reference=_reference(table, pairs, pvalues, alpha, complete),
        rope=rope,
        threshold=float(threshold),
        random_state=seed,
        table=table,
    )
