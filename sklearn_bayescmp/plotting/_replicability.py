"""How often a test reaches the same conclusion when the splits are redrawn."""

import numpy as np
from sklearn.utils.validation import check_is_fitted

from ..utils._docstrings import fill_doc
from ._base import INK, OUTCOME_COLOURS, _DisplayMixin, axes_to_draw_on, plain_text, wrap_text

#: Test names longer than this many characters are wrapped (wider than model
#: names: identifiers such as "bayesian_correlated_ttest" break only at spaces).
TEST_NAME_WIDTH = 32


@fill_doc
class ReplicabilityDisplay(_DisplayMixin):
    """Replicability of every test of a :class:`ReplicabilityStudy`.

    One horizontal bar per test: its replicability ``R``, the probability
    that two runs with different seeds reach the same conclusion (Bouckaert &
    Frank, 2004), annotated with the share of data sets on which every seed
    agreed and with the conclusion the runs reached most often. A test that
    stays undecided on every seed is perfectly replicable (R = 1): the
    verdict says what was replicated.

    Build it with :meth:`from_study`.

    Parameters
    ----------
    tests : sequence of str
        Test names, as shown (:meth:`from_study` shows each test's title).
    replicability : ndarray of shape (n_tests,)
        ``R`` of each test, in [0, 1].
    n_consistent : ndarray of shape (n_tests,)
        Data sets on which every seed gave the same outcome.
    n_datasets : ndarray of shape (n_tests,)
        Data sets (rows of outcomes) of each test; for a test over data sets,
        1: the collection.%(title)s
    verdicts : sequence of str, default=None
        What the runs of each test concluded most often ("undecided in 10 of
        10 runs"), written beside its bar.
    over_datasets : sequence of bool, default=None
        Which tests compare over data sets: their one row of outcomes is the
        whole collection, which every seed agreed on or not.

    Attributes
    ----------%(display_axes)s
    bars_ : matplotlib BarContainer
        The bars.

    See Also
    --------
    sklearn_bayescmp.replicability.ReplicabilityStudy : The study it draws.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> from sklearn.datasets import load_iris
    >>> from sklearn.model_selection import RepeatedStratifiedKFold
    >>> from sklearn.naive_bayes import GaussianNB
    >>> from sklearn.tree import DecisionTreeClassifier
    >>> from sklearn_bayescmp import RepeatedCVComparator
    >>> from sklearn_bayescmp.plotting import ReplicabilityDisplay
    >>> from sklearn_bayescmp.replicability import ReplicabilityStudy
    >>> comparator = RepeatedCVComparator(
    ...     GaussianNB(), DecisionTreeClassifier(random_state=0),
    ...     cv=RepeatedStratifiedKFold(n_splits=5, n_repeats=2))
    >>> study = ReplicabilityStudy(comparator, seeds=range(4)).fit(*load_iris(return_X_y=True))
    >>> display = ReplicabilityDisplay.from_study(study)
    >>> len(display.tests), len(display.replicability)  # one bar per test
    (3, 3)
    >>> plt.close(display.figure_)
    """

    def __init__(
        self,
        *,
        tests,
        replicability,
        n_consistent,
        n_datasets,
        title=None,
        verdicts=None,
        over_datasets=None,
    ):
        self.tests = tests
        self.replicability = replicability
        self.n_consistent = n_consistent
        self.n_datasets = n_datasets
        self.title = title
        self.verdicts = verdicts
        self.over_datasets = over_datasets

    @classmethod
    def from_study(cls, study, *, title=None, ax=None, **kwargs):
        """Plot a fitted :class:`~sklearn_bayescmp.replicability.ReplicabilityStudy`.

        Parameters
        ----------
        study : ReplicabilityStudy
            Fitted with ``fit`` or ``fit_datasets``.%(title)s%(ax)s
        **kwargs : dict
            Passed to ``barh``.

        Returns
        -------
        ReplicabilityDisplay
        """
        from ..stats import get_backend

        check_is_fitted(study, "summary_")
        summary = study.summary_
        tests = list(summary["test"])
        outcomes = study.outcomes_
        model_a, model_b = next(iter(study.tables_.values())).models
        words = {"a": f"{model_a} better", "b": f"{model_b} better"}
        verdicts = []
        for test in tests:
            runs = [
                o for t, o in zip(outcomes["test"], outcomes["outcome"], strict=True) if t == test
            ]
            values, counts = np.unique(runs, return_counts=True)
            top = int(np.argmax(counts))
            word = words.get(values[top], values[top])
            verdicts.append(f"{word} in {counts[top]} of {len(runs)} runs")
        display = cls(
            tests=[get_backend(test).title for test in tests],
            replicability=np.asarray(summary["replicability"], dtype=float),
            n_consistent=np.asarray(summary["n_consistent"]),
            n_datasets=np.asarray(summary["n_datasets"]),
            title=title,
            verdicts=verdicts,
            over_datasets=[get_backend(test).scope != "dataset" for test in tests],
        )
        return display.plot(ax=ax, **kwargs)

    @plain_text
    def plot(self, ax=None, *, title=None, **kwargs):
        """Draw one bar per test.

        Parameters
        ----------%(ax)s%(plot_title)s
        **kwargs : dict
            Passed to ``barh`` (e.g. ``color``).

        Returns
        -------
        ReplicabilityDisplay
            This display, with ``ax_``, ``figure_`` and ``bars_``.
        """
        ax = axes_to_draw_on(ax)
        rows = np.arange(len(self.tests))
        self.bars_ = ax.barh(rows, self.replicability, **{"color": OUTCOME_COLOURS["a"], **kwargs})
        verdicts = self.verdicts if self.verdicts is not None else [None] * len(rows)
        over = self.over_datasets if self.over_datasets is not None else [False] * len(rows)
        for row, value, consistent, total, verdict, collection in zip(
            rows,
            self.replicability,
            self.n_consistent,
            self.n_datasets,
            verdicts,
            over,
            strict=True,
        ):
            if collection:
                agreed = "every seed agreed" if consistent == total else "the seeds disagreed"
                lines = [f"R = {value:.2f}; {agreed} on the collection"]
            else:
                lines = [f"R = {value:.2f}; {consistent}/{total} data sets consistent"]
            if verdict:
                lines.append(verdict)
            # Inside a long bar (right-aligned, white), after a short one: the
            # annotation stays within the axes, whatever their width.
            inside = value > 0.55
            ax.annotate(
                "\n".join(lines),
                xy=(min(value, 1.0), row),
                xytext=(-4 if inside else 4, 0),
                textcoords="offset points",
                ha="right" if inside else "left",
                va="center",
                color="white" if inside else INK,
                fontsize="small",
            )
        ax.set_yticks(
            rows, [wrap_text(test, TEST_NAME_WIDTH) for test in self.tests], parse_math=False
        )
        ax.set_xlim(0.0, 1.0)
        ax.set_xticks(np.linspace(0, 1, 6))
        ax.set_xlabel("replicability R: probability that two seeds agree")
        ax.invert_yaxis()
        return self._drawn(ax, title)
