"""The record of a back end: what every entry point needs to know of a test.

A back end is one module (a vertical slice): its function, its result class,
its record and its words. The module makes its record with :class:`Backend`
and lists it in ``BACKENDS``; the registry (``_registry``) collects the
slices. Everything outside ``stats/`` asks the record (its title, citation,
scope, kind, displays) or the result (its prior in a sentence, whether its
probabilities are predictive, its extra numbers, its curve or draws), never
the test's name.

This module imports nothing of ``stats/`` but the bibliography: slices import
it, not the registry that collects them.
"""

import inspect
from dataclasses import dataclass, field

from ..utils._frozen import FrozenMapping
from ._bibliography import cited

#: Arguments that the caller of a back end provides (not options of the test).
COMMON_ARGUMENTS = (
    "differences",
    "n_train",
    "n_test",
    "rope",
    "threshold",
    "random_state",
    "n_jobs",
    "nan_policy",
)
#: The designs of an experiment (the keys of ``tables.DESIGNS``, which stats/ does not
#: import): a test of means reads any; a test that corrects for the overlap of the
#: training sets reads the splits of cross-validation or of train/test resamples.
ALL_DESIGNS = ("cross-validation", "resamples", "seeds", "means")
SPLIT_DESIGNS = ("cross-validation", "resamples")
#: Every record made, by name: a result finds the words of its test here
#: without importing the registry (which imports the result's own module).
_RECORDS = {}
#: What a test answers with.
KINDS = ("bayesian", "frequentist")
#: What the many-inputs form of a back end takes besides the function's arguments.
MANY_ONLY = ("n_jobs", "keep_draws")


@dataclass(frozen=True)
class Backend:
    """What the registry knows of one back end.

    Attributes
    ----------
    name : str
        The name every entry point uses (``compare_models(test=name)``): the
        function's name without its "test" ending (:func:`test_name`).
    function : callable
        The public back end, e.g. :func:`signed_rank_test`.
    title : str
        How summaries and plots name the test.
    scope : {"dataset", "collection", "means"}
        What the test reads: one data set's splits, the splits of many data
        sets, or only each data set's mean difference.
    result_type : type
        The class of the result.
    kind : {"bayesian", "frequentist"}
        What the test answers with: the probabilities of the three outcomes,
        with a rope (its function takes ``rope``), or a p-value.
    displays : tuple of str
        The displays that can draw the result: "posterior", "simplex",
        "forest".
    many : callable or None
        ``many(list_of_differences, **arguments)``: the test of many inputs
        at once, sharing work between them (None: one call per input).
    cite : str
        The work(s) to cite for the test, as a report's methods paragraph
        names them ("Corani & Benavoli 2015; Benavoli et al. 2017"): keys of
        the bibliography (:mod:`._bibliography`).
    deterministic : bool
        The test draws nothing, though it accepts ``random_state`` (as every
        test of many data sets does, so that a loop over them can pass one).
    designs : tuple of str or None
        The designs of an experiment whose scores the test reads
        (:data:`~sklearn_bayescmp.tables.DESIGNS`): "cross-validation",
        "resamples", "seeds", "means". None: by its scope, every design for a
        test of the data sets' means, and cross-validation and train/test
        resamples for a test that corrects for the overlap of the training
        sets (training seeds on one split have no such overlap to correct).
    pools_differences : bool
        Whether the test pools the magnitudes of the differences across data
        sets (the signed-rank test's Walsh averages, the hierarchical model),
        so that they need one unit on every data set. A test of signs over
        data sets needs one unit only through its rope.
    parameters : tuple of str
        The function's parameters, read once from its signature.
    references : mapping of str to str
        The full reference of every work in ``cite``, for a report's
        bibliography. Given, the works of a back end outside this package
        that the bibliography lacks.
    """

    name: str
    function: object
    title: str
    scope: str
    result_type: type
    kind: str = field(kw_only=True)
    displays: tuple = ()
    many: object = None
    cite: str = ""
    deterministic: bool = False
    designs: tuple = None
    pools_differences: bool = False
    parameters: tuple = field(init=False)
    references: FrozenMapping = field(default_factory=dict, kw_only=True)

    def __post_init__(self):
        expected = test_name(self.function)
        if self.name != expected:
            raise ValueError(
                f"The back end of {self.function.__name__}() is named {expected!r} (its "
                f"function's name without its 'test' ending); got {self.name!r}."
            )
        object.__setattr__(self, "references", FrozenMapping(cited(self.cite, self.references)))
        signature = inspect.signature(self.function).parameters.values()
        parameters = tuple(p.name for p in signature)
        object.__setattr__(self, "parameters", parameters)
        defaults = {p.name: p.default for p in signature if p.name not in COMMON_ARGUMENTS}
        object.__setattr__(self, "_options", FrozenMapping(defaults))
        if self.kind not in KINDS:
            raise ValueError(f"The back end {self.name!r}: `kind` is one of {KINDS}.")
        if (self.kind == "bayesian") != ("rope" in parameters):
            raise ValueError(
                f"The back end {self.name!r} is {self.kind}, but its function "
                f"{'does not take' if self.kind == 'bayesian' else 'takes'} a rope."
            )
        if self.designs is None:
            designs = ALL_DESIGNS if self.scope == "means" else SPLIT_DESIGNS
            object.__setattr__(self, "designs", designs)
        unknown = [design for design in self.designs if design not in ALL_DESIGNS]
        if unknown:
            raise ValueError(f"The back end {self.name!r} names unknown designs {unknown}.")
        _RECORDS[self.name] = self

    @property
    def uses_split_sizes(self):
        """bool: Whether the test reads the splits' sizes (it corrects for the overlap
        of the training sets with n_test / n_train): a test of the splits of many data
        sets, or of one data set that takes ``n_train``."""
        return self.scope == "collection" or self.accepts("n_train")

    def needs_one_unit(self, rope):
        """Whether the test, over data sets, needs the differences of every data set in one
        unit: it pools their magnitudes, or reads them against a rope that is not zero."""
        if self.scope == "dataset":
            return False
        no_rope = rope is None or tuple(rope) == (0.0, 0.0)
        return self.pools_differences or (self.kind == "bayesian" and not no_rope)

    @property
    def sampled(self):
        """bool: Whether the result depends on ``random_state`` (Monte Carlo)."""
        return self.accepts("random_state") and not self.deterministic

    @property
    def options(self):
        """mapping of str to object: The test's own options and their defaults."""
        return self._options

    def accepts(self, argument):
        """Whether the back end takes ``argument`` (``rope``, ``random_state``...)."""
        return argument in self.parameters

    def _taken(self, arguments, extra=()):
        """``arguments`` the function takes. The common arguments it does not take (a
        rope for a frequentist test) are dropped; any other is refused, named."""
        unknown = [
            key
            for key in arguments
            if key not in self.parameters and key not in COMMON_ARGUMENTS and key not in extra
        ]
        if unknown:
            raise TypeError(
                f"The {self.name!r} test takes no option {unknown[0]!r}; its options are "
                f"{sorted(self.options)}."
            )
        return {k: v for k, v in arguments.items() if k in self.parameters or k in extra}

    def call(self, differences, **arguments):
        """The test of one input. The common arguments it does not take are dropped; an
        option it does not take is refused (TypeError naming it)."""
        return self.function(differences, **self._taken(arguments))

    def run(self, inputs, **arguments):
        """The results of the test on each of ``inputs`` (a list), in order.

        As :meth:`call`: common arguments the back end does not take are dropped,
        other unknown options refused; ``many`` shares the work between the inputs
        (and takes ``n_jobs`` and ``keep_draws``) when the back end has it.
        """
        many_only = MANY_ONLY if self.many is not None else ()
        arguments = self._taken(arguments, many_only)
        if self.many is not None:
            return self.many(inputs, **{**self.options, **arguments})
        return [self.call(differences, **arguments) for differences in inputs]


def test_name(function):
    """The registry's name of a back end's function: its name without its "test" ending.

    ``signed_rank_test`` -> ``signed_rank``, ``corrected_ttest`` -> ``corrected_t``,
    ``combined_ftest_5x2cv`` -> ``combined_f_5x2cv``: a name users can guess from the
    function, and the function from the name.
    """
    name = function.__name__
    if name.endswith("_test"):
        return name[: -len("_test")]
    return name.replace("ttest", "t").replace("ftest", "f")


def record_of(name):
    """The record made for the back end ``name`` (for a result's words: its title)."""
    return _RECORDS[name]
