"""A comparison as data: the JSON-safe dict of :meth:`ModelComparison.to_dict`.

What ``bayescmp compare --json`` writes is ``json.dumps`` of this dict: the
reading of the table, the settings, every pair's row (probabilities or
p-value, effect sizes, the numbers its result prints), the ranking and the
frequentist reference; for two models over data sets with every split, each
data set's correlated and corrected t-tests.

Every number here was computed by :func:`~sklearn_bayescmp.compare_models`
and kept in the comparison: this module only arranges them (it calls no test,
draws nothing and cannot fail on the numbers).
"""

import math
from collections.abc import Mapping
from dataclasses import dataclass

from .stats import get_backend
from .utils._frozen import FrozenMapping, ReadOnlyPickleMixin

#: The record's name and the version of its JSON Schema (``docs/comparison.schema.json``).
RECORD_FORMAT = "sklearn-bayescmp/comparison"
RECORD_VERSION = 2


@dataclass(frozen=True, eq=False)
class DatasetTests(ReadOnlyPickleMixin):
    """One data set's tests in a comparison of two models over data sets.

    Kept by :func:`~sklearn_bayescmp.compare_models` in
    ``ModelComparison.per_dataset``; the command's table of data sets, the
    forest plot and ``to_dict()["per_dataset"]`` read them.

    Attributes
    ----------
    posterior : BayesianCorrelatedTTestResult
        The Bayesian correlated t-test of the data set's splits, with the
        comparison's rope, threshold and prior.
    reference : TTestResult
        The corrected t-test of the same splits (the corrected resampled
        t-test for random resamples): the frequentist reference.
    numbers : mapping
        Both as numbers, JSON-ready: what ``to_dict()["per_dataset"]`` holds
        for the data set (computed once, with the intervals at 95%).

    See Also
    --------
    sklearn_bayescmp.compare_models : Keeps these in ``per_dataset``.

    Examples
    --------
    >>> import numpy as np
    >>> from sklearn_bayescmp import ScoreTable, compare_models
    >>> rng = np.random.default_rng(0)
    >>> scores = {f"d{i}": rng.normal([[0.80], [0.82]], 0.02, size=(2, 10)) for i in range(3)}
    >>> table = ScoreTable(scores, models=["knn", "forest"], test_train_ratio=1 / 9)
    >>> tests = compare_models(table, random_state=0).per_dataset["d0"]
    >>> tests.posterior.test, tests.reference.test
    ('bayesian_correlated_t', 'corrected_t')
    >>> tests.numbers["corrected_t"]["pvalue"] == tests.reference.pvalue
    True
    """

    posterior: object
    reference: object
    numbers: Mapping

    @classmethod
    def of(cls, posterior, reference, threshold):
        """The tests of one data set with their numbers.

        Parameters
        ----------
        posterior : BayesianCorrelatedTTestResult
            The data set's Bayesian correlated t-test.
        reference : TTestResult
            Its corrected t-test.
        threshold : float
            Of the posterior's decision.

        Returns
        -------
        DatasetTests
        """
        numbers = {
            "n_splits": int(reference.n_splits + reference.n_omitted),
            "n_failed": int(reference.n_omitted),
            "mean_difference": float(reference.estimate),
            # zero_variance says why a statistic may be infinite: every difference is
            # the same.
            reference.test: FrozenMapping(
                {**row_of(reference), "zero_variance": bool(reference.standard_error == 0)}
            ),
            "bayesian_correlated_t": FrozenMapping(row_of(posterior, threshold=threshold)),
        }
        return cls(posterior, reference, FrozenMapping(numbers))


def comparison_dict(comparison):
    """The JSON-safe dict of ``comparison`` (non-finite numbers as None, said beside).

    A view of what the comparison holds: no test runs here.

    Parameters
    ----------
    comparison : ModelComparison
    """
    table = comparison.table
    reading = table.reading
    columns = comparison.to_columns()
    for key in ("ci_low", "ci_high", "cohens_dz", "cliffs_delta"):
        columns[key] = comparison.effects[key].tolist()
    # The numbers each pair's result prints beside its probabilities.
    columns |= {key: list(values) for key, values in comparison.pair_numbers.items()}
    friedman = comparison.reference.friedman
    record = {
        # What a program reads first: which record, in which version of its schema
        # (docs/comparison.schema.json); a change of a field's meaning is a new version.
        "format": RECORD_FORMAT,
        "version": RECORD_VERSION,
        # The spec is every decision with its witness; the reading adds what the assembly
        # found (each once: the spec, the design, the direction are fields of their own).
        "reading": {
            "source": reading.source,
            "metrics": dict(reading.metrics),
            "notes": reading.to_dict()["notes"],
        },
        "spec": table.spec.to_dict(),
        "design": table.design,
        "units": {"kind": "shared"} if table.units is None else table.units.to_dict(),
        "lower_is_better": list(table.lower_is_better),
        "direction": direction_code(table),
        "models": list(comparison.models),
        "datasets": list(comparison.datasets),
        "test": comparison.test,
        "rope": list(comparison.rope),
        "threshold": comparison.threshold,
        "seed": comparison.random_state,
        "pairs": rows(columns),
        "ranking": None if comparison.ranking is None else rows(comparison.ranking.to_columns()),
        "reference": {
            "pairwise_test": comparison.reference.test,
            "alpha": comparison.reference.alpha,
            "friedman": None
            if friedman is None
            else {
                "statistic": friedman.statistic,
                "pvalue": friedman.pvalue,
                "iman_davenport_statistic": friedman.iman_davenport_statistic,
                "iman_davenport_pvalue": friedman.iman_davenport_pvalue,
                "average_ranks": dict(
                    zip(friedman.names, friedman.average_ranks.tolist(), strict=True)
                ),
                "critical_difference": friedman.critical_difference,
            },
        },
    }
    if len(comparison.models) == 2:
        record["model_a"], record["model_b"] = comparison.models
        record["per_dataset"] = {
            name: tests.numbers for name, tests in (comparison.per_dataset or {}).items()
        }
    return json_safe(record)


def direction_code(table):
    """Which way is better, as a code: ``"higher"``, ``"lower"``, or (when the data
    sets differ) a dict of data set to ``"higher"`` or ``"lower"``."""
    lower = set(table.lower_is_better)
    if not lower:
        return "higher"
    if len(lower) == len(table.datasets):
        return "lower"
    return {name: "lower" if name in lower else "higher" for name in table.datasets}


def has_splits(table, *, sized=True):
    """Whether the table holds the scores of every split (not one mean per data set) of a
    design that each data set's correlated t-test reads, and (``sized``) their sizes."""
    several = any(len(table.splits(name)["fold"]) > 1 for name in table.datasets)
    read = table.design in get_backend("bayesian_correlated_t").designs
    return several and read and (table.has_split_sizes or not sized)


def rows(columns):
    """A dict of equal-length columns as a list of row dicts."""
    n_rows = len(next(iter(columns.values())))
    return [{name: values[i] for name, values in columns.items()} for i in range(n_rows)]


def row_of(result, **options):
    """A result's one-row table as a dict."""
    return {key: values[0] for key, values in result.to_columns(**options).items()}


def json_safe(value):
    """``value`` with every number that is not finite as None, and a note beside it.

    Strict JSON has no ``Infinity`` or ``NaN``. In a mapping, a key ``k``
    whose value is not finite (or a list holding such values) becomes
    ``None`` (``null``), and ``k_nonfinite`` says what it was: ``"inf"``,
    ``"-inf"`` or ``"nan"`` (a list of those, None where finite, for a list).
    NumPy scalars become Python numbers.
    """
    if isinstance(value, Mapping):
        safe = {}
        for key, item in value.items():
            safe[key] = json_safe(item)
            kinds = _nonfinite_kinds(item)
            if kinds is not None:
                safe[f"{key}_nonfinite"] = kinds
        return safe
    if isinstance(value, (list, tuple)):
        return [json_safe(item) for item in value]
    if hasattr(value, "item") and getattr(value, "ndim", None) == 0:
        value = value.item()
    if isinstance(value, float) and not math.isfinite(value):
        return None
    return value


def _nonfinite_kinds(value):
    """``"inf"``/``"-inf"``/``"nan"`` for a non-finite float, a list of them for a list."""
    if hasattr(value, "item") and getattr(value, "ndim", None) == 0:
        value = value.item()
    if isinstance(value, float) and not math.isfinite(value):
        return "nan" if math.isnan(value) else ("inf" if value > 0 else "-inf")
    if isinstance(value, (list, tuple)) and any(
        isinstance(item, float) and not math.isfinite(item) for item in value
    ):
        return [_nonfinite_kinds(item) if isinstance(item, float) else None for item in value]
    return None
