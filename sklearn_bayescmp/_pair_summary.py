"""The summary of two models over data sets: each data set's comparison, then the pair's.

One writer for every place that prints it (``bayescmp compare`` on two models,
:meth:`RepeatedCVComparator.summary` after ``fit_datasets``): a table of each
data set's comparison (the Bayesian correlated t-test, with the corrected
t-test's p-value beside it), then :meth:`ModelComparison.summary` of the pair
with the test asked for, so that every place runs the same tests.
"""

from .stats._registry import get_backend
from .utils._display import PROBABILITY_COLUMNS, TABLE_DIGITS, probability_cells, text_table


def dataset_rows(per_dataset, threshold):
    """The per-data-set table's columns: splits, mean, the corrected t-test's p, the
    probabilities and the decision at ``threshold``."""
    posteriors = [tests.posterior for tests in per_dataset.values()]
    return probability_cells(
        {
            "data set": list(per_dataset),
            "splits": [r.n_splits for r in posteriors],
            "mean A-B": [r.loc for r in posteriors],
            "p (corr.)": [tests.reference.pvalue for tests in per_dataset.values()],
            **{
                h: [getattr(r, name) for r in posteriors] for h, name in PROBABILITY_COLUMNS.items()
            },
            "decision": [r.decision(threshold) for r in posteriors],
        },
        threshold,
    )


def _reference_title(per_dataset):
    """The name of the data sets' frequentist reference in a sentence ("corrected t-test")."""
    title = get_backend(next(iter(per_dataset.values())).reference.test).title
    return title[0].lower() + title[1:]


def pair_summary(comparison):
    """The text of two models over data sets.

    Parameters
    ----------
    comparison : ModelComparison
        The pair's comparison with the test asked for; its ``per_dataset``
        tests are listed first when there are two or more data sets (one data
        set's comparison says it all).

    Returns
    -------
    str
    """
    a, b = comparison.models
    lines = [f"A = {a}, B = {b} (differences A - B: positive favours A)"]
    per_dataset = comparison.per_dataset or {}
    if len(per_dataset) > 1:
        digits = {**TABLE_DIGITS, "p (corr.)": ".4f"}
        lines += [
            "",
            f"Each data set (Bayesian correlated t-test; p of the "
            f"{_reference_title(per_dataset)}):",
            *text_table(dataset_rows(per_dataset, comparison.threshold), digits=digits),
        ]
    lines += ["", comparison.summary()]
    return "\n".join(lines)
