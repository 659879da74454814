"""A comparison as data: the JSON-safe dict of :meth:`ModelComparison.to_dict`.

What ``bayescmp compare --json`` writes is ``json.dumps`` of this dict: the
reading of the table, the settings, every pair's row (probabilities or
p-value, effect sizes, the numbers its result prints), the ranking and the
frequentist reference; for two models over data sets with every split, each
data set's correlated and corrected t-tests.
"""

import math

from .stats import get_backend


def comparison_dict(comparison, per_dataset=None):
    """The JSON-safe dict of ``comparison`` (non-finite numbers as None, said beside).

    Parameters
    ----------
    comparison : ModelComparison
    per_dataset : dict of str to (TTestResult, BayesianCorrelatedTTestResult), default=None
        For two models, each data set's corrected and correlated t-tests
        (``ModelComparison.to_dict`` computes them); None for more models.
    """
    table = comparison.table
    columns = comparison.to_columns()
    effects = comparison.effect_sizes()
    for key in ("ci_low", "ci_high", "cohens_dz", "cliffs_delta"):
        columns[key] = effects[key]
    pairs = rows(columns)
    for row in pairs:  # the numbers each pair's result prints beside its probabilities
        row.update(comparison.result(row["model_a"], row["model_b"])._extra_numbers())
    friedman = comparison.reference.friedman
    record = {
        "read_as": table.reading,
        "reading": table.reading_details.to_dict(),
        "spec": table.spec.to_dict(),
        "design": table.design,
        "units": table.units,
        "lower_is_better": list(table.lower_is_better),
        "direction": direction_code(table),
        "models": list(comparison.models),
        "datasets": list(comparison.datasets),
        "test": comparison.test,
        "rope": list(comparison.rope),
        "threshold": comparison.threshold,
        "seed": comparison.random_state,
        "pairs": pairs,
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
    if per_dataset is not None:
        record["model_a"], record["model_b"] = comparison.models
        record["per_dataset"] = {
            name: {
                "n_splits": int(ttest.n_splits + ttest.n_omitted),
                "n_failed": int(ttest.n_omitted),
                "mean_difference": float(ttest.estimate),
                # zero_variance says why a statistic may be infinite: every difference
                # is the same.
                ttest.test: {**row_of(ttest), "zero_variance": bool(ttest.standard_error == 0)},
                "bayesian_correlated_t": row_of(posterior, threshold=comparison.threshold),
            }
            for name, (ttest, posterior) in per_dataset.items()
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
    if isinstance(value, dict):
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
