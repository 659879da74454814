"""The registry of back ends: one record per test, read by everything that lists tests.

Like scikit-learn's scorer registry (:func:`sklearn.metrics.get_scorer_names`),
one place names every back end and says what it needs and gives:
:func:`~sklearn_bayescmp.compare_models`, the comparator's ``test`` method,
:class:`~sklearn_bayescmp.replicability.ReplicabilityStudy`, the studies, the
``bayescmp`` command and the displays all read it. Adding a back end touches
this file and the back end's own module.
"""

import inspect
from dataclasses import dataclass

from ..utils._frozen import FrozenMapping
from ._correlated_t import bayesian_correlated_ttest, corrected_ttest
from ._frequentist import (
    combined_ftest_5x2cv,
    corrected_resampled_ttest,
    paired_ttest,
    paired_ttest_5x2cv,
    wilcoxon_test,
)
from ._hierarchical import hierarchical_test, hierarchical_tests
from ._poisson import poisson_test
from ._results import (
    BayesianCorrelatedTTestResult,
    DirichletProcessTestResult,
    FTestResult,
    HierarchicalTestResult,
    PoissonTestResult,
    TTestResult,
    WilcoxonTestResult,
)
from ._sign import dirichlet_process_tests, sign_test, signed_rank_test

#: Arguments that the caller of a back end provides (not options of the test).
_COMMON = ("differences", "n_train", "n_test", "rope", "random_state", "n_jobs", "nan_policy")


@dataclass(frozen=True)
class Backend:
    """What the registry knows of one back end.

    Attributes
    ----------
    name : str
        The name every entry point uses (``compare_models(test=name)``).
    function : callable
        The public back end, e.g. :func:`signed_rank_test`.
    title : str
        How summaries and plots name the test.
    scope : {"dataset", "collection", "means"}
        What the test reads: one data set's splits, the splits of many data
        sets, or only each data set's mean difference.
    result_type : type
        The class of the result.
    displays : tuple of str
        The displays that can draw the result: "posterior", "simplex",
        "forest".
    many : callable or None
        ``many(list_of_differences, **arguments)``: the test of many inputs
        at once, sharing work between them (None: one call per input).
    cite : str
        The work(s) to cite for the test, as a report's methods paragraph
        names them.
    """

    name: str
    function: object
    title: str
    scope: str
    result_type: type
    displays: tuple = ()
    many: object = None
    cite: str = ""

    @property
    def kind(self):
        """str: "bayesian" (probabilities of the three outcomes, with a rope) or
        "frequentist" (a p-value)."""
        return "bayesian" if self.accepts("rope") else "frequentist"

    @property
    def sampled(self):
        """bool: Whether the result depends on ``random_state`` (Monte Carlo)."""
        return self.accepts("random_state")

    @property
    def options(self):
        """mapping of str to object: The test's own options and their defaults."""
        parameters = inspect.signature(self.function).parameters.values()
        return FrozenMapping({p.name: p.default for p in parameters if p.name not in _COMMON})

    def accepts(self, argument):
        """Whether the back end takes ``argument`` (``rope``, ``random_state``...)."""
        return argument in inspect.signature(self.function).parameters

    def call(self, differences, **arguments):
        """The test of one input, with the ``arguments`` it takes (the others dropped)."""
        return self.function(differences, **{k: v for k, v in arguments.items() if self.accepts(k)})

    def run(self, inputs, **arguments):
        """The results of the test on each of ``inputs`` (a list), in order.

        Arguments the back end does not take (a rope for a frequentist test)
        are dropped; ``many`` shares the work between the inputs (and takes
        ``n_jobs`` and ``keep_draws``) when the back end has it.
        """
        many_only = ("n_jobs", "keep_draws") if self.many is not None else ()
        arguments = {k: v for k, v in arguments.items() if self.accepts(k) or k in many_only}
        if self.many is not None:
            return self.many(inputs, **{**self.options, **arguments})
        return [self.call(differences, **arguments) for differences in inputs]


def _dirichlet_process(test):
    def many(collections, **arguments):
        return dirichlet_process_tests(test, collections, **arguments)

    return many


def _hierarchical_many(collections, *, keep_draws=None, **arguments):
    return hierarchical_tests(collections, **arguments)


_BACKENDS = (
    Backend(
        "correlated_t",
        bayesian_correlated_ttest,
        "Bayesian correlated t-test",
        "dataset",
        BayesianCorrelatedTTestResult,
        ("posterior",),
        cite="Corani & Benavoli 2015; Benavoli et al. 2017",
    ),
    Backend(
        "poisson",
        poisson_test,
        "Poisson-binomial test",
        "collection",
        PoissonTestResult,
        cite="Corani & Benavoli 2015",
    ),
    Backend(
        "sign",
        sign_test,
        "Bayesian sign test",
        "means",
        DirichletProcessTestResult,
        ("simplex",),
        _dirichlet_process("sign"),
        cite="Benavoli et al. 2014; Benavoli et al. 2017",
    ),
    Backend(
        "signed_rank",
        signed_rank_test,
        "Bayesian signed-rank test",
        "means",
        DirichletProcessTestResult,
        ("simplex",),
        _dirichlet_process("signed_rank"),
        cite="Benavoli et al. 2014; Benavoli et al. 2017",
    ),
    Backend(
        "hierarchical",
        hierarchical_test,
        "Bayesian hierarchical test",
        "collection",
        HierarchicalTestResult,
        ("posterior", "simplex", "forest"),
        _hierarchical_many,
        cite="Corani et al. 2017",
    ),
    Backend(
        "corrected_t",
        corrected_ttest,
        "Corrected repeated-CV t-test",
        "dataset",
        TTestResult,
        cite="Nadeau & Bengio 2003",
    ),
    Backend(
        "corrected_resampled_t",
        corrected_resampled_ttest,
        "Corrected resampled t-test",
        "dataset",
        TTestResult,
        cite="Nadeau & Bengio 2003; Bouckaert & Frank 2004",
    ),
    Backend(
        "paired_t",
        paired_ttest,
        "Paired t-test (uncorrected)",
        "dataset",
        TTestResult,
        cite="Dietterich 1998",
    ),
    Backend(
        "paired_t_5x2cv",
        paired_ttest_5x2cv,
        "5x2cv paired t-test",
        "dataset",
        TTestResult,
        cite="Dietterich 1998",
    ),
    Backend(
        "f_5x2cv",
        combined_ftest_5x2cv,
        "Combined 5x2cv F-test",
        "dataset",
        FTestResult,
        cite="Alpaydin 1999",
    ),
    Backend(
        "wilcoxon",
        wilcoxon_test,
        "Wilcoxon signed-rank test",
        "means",
        WilcoxonTestResult,
        cite="Wilcoxon 1945; Demšar 2006",
    ),
)
_REGISTRY = {backend.name: backend for backend in _BACKENDS}


def backend_names():
    """The names of all back ends, as every entry point accepts them.

    Returns
    -------
    list of str
        Sorted: ``compare_models(test=...)``, the comparator's ``test``
        method, ``ReplicabilityStudy(tests=...)`` and ``bayescmp compare
        --test`` take exactly these.

    Examples
    --------
    >>> from sklearn_bayescmp.stats import backend_names
    >>> backend_names()[:4]
    ['corrected_resampled_t', 'corrected_t', 'correlated_t', 'f_5x2cv']
    """
    return sorted(_REGISTRY)


def get_backend(name):
    """The registry's record of a back end.

    Parameters
    ----------
    name : str
        One of :func:`backend_names`.

    Returns
    -------
    Backend
        With the back end's ``function``, ``title``, ``kind`` ("bayesian" or
        "frequentist"), ``scope`` ("dataset", "collection" or "means"),
        whether it is ``sampled``, its ``options`` with their defaults, its
        ``result_type`` and the ``displays`` that draw it.

    Examples
    --------
    >>> from sklearn_bayescmp.stats import get_backend
    >>> backend = get_backend("signed_rank")
    >>> backend.scope, backend.sampled, backend.options["n_draws"]
    ('means', True, 50000)
    """
    if name not in _REGISTRY:
        raise ValueError(f"Unknown test {name!r}; the tests are {backend_names()}.")
    return _REGISTRY[name]
