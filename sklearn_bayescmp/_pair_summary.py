"""The summary of two models over data sets: each data set's comparison, then the pair's.

One writer for every place that prints it (``bayescmp compare`` on two models,
:meth:`RepeatedCVComparator.summary` after ``fit_datasets``): a table of each
data set's comparison (the Bayesian correlated t-test, with the corrected
t-test's p-value beside it), then :meth:`ModelComparison.summary` of the pair
with the test asked for, so that every place runs the same tests.
"""

from .stats._registry import get_backend
from .utils._display import PROBABILITY_COLUMNS, TABLE_DIGITS, probability_cells, text_table


def dataset_rows(datasets):
    """The per-data-set table's columns: splits, mean, the corrected t-test's p, the
    probabilities and the decision."""
    results = {name: next(iter(c.results.values())) for name, c in datasets.items()}
    threshold = next(iter(datasets.values())).threshold
    return probability_cells(
        {
            "data set": list(datasets),
            "splits": [r.n_splits for r in results.values()],
            "mean A-B": [r.loc for r in results.values()],
            "p (corr.)": [float(c.reference.pvalues[0, 1]) for c in datasets.values()],
            **{
                h: [getattr(r, name) for r in results.values()]
                for h, name in PROBABILITY_COLUMNS.items()
            },
            "decision": [
                r.decision(c.threshold)
                for r, c in zip(results.values(), datasets.values(), strict=True)
            ],
        },
        threshold,
    )


def _reference_title(datasets):
    """The name of the data sets' frequentist reference in a sentence ("corrected t-test")."""
    test = next(iter(datasets.values())).reference.test
    return get_backend(test).title[0].lower() + get_backend(test).title[1:]


def pair_summary(comparison, datasets):
    """The text of two models over data sets.

    Parameters
    ----------
    comparison : ModelComparison
        The pair's comparison with the test asked for.
    datasets : dict of str to ModelComparison
        Each data set's (``_compare_models.dataset_comparisons``); empty for a table of
        means or a single data set, whose comparison says it all.

    Returns
    -------
    str
    """
    a, b = comparison.models
    lines = [f"A = {a}, B = {b} (differences A - B: positive favours A)"]
    if datasets:
        digits = {**TABLE_DIGITS, "p (corr.)": ".4f"}
        lines += [
            "",
            f"Each data set (Bayesian correlated t-test; p of the {_reference_title(datasets)}):",
            *text_table(dataset_rows(datasets), digits=digits),
        ]
    lines += ["", comparison.summary()]
    return "\n".join(lines)
