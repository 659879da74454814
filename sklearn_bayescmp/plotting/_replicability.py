"""How often a test reaches the same conclusion when the splits are redrawn."""

import numpy as np
from sklearn.utils.validation import check_is_fitted

from ._base import axes_to_draw_on


class ReplicabilityDisplay:
    """Replicability of every test of a :class:`ReplicabilityStudy`.

    One horizontal bar per test: its replicability ``R``, the probability
    that two runs with different seeds reach the same conclusion (Bouckaert &
    Frank, 2004), annotated with the share of data sets on which every seed
    agreed.

    Build it with :meth:`from_study`.

    Parameters
    ----------
    tests : sequence of str
        Test names.
    replicability : ndarray of shape (n_tests,)
        ``R`` of each test, in [0, 1].
    n_consistent : ndarray of shape (n_tests,)
        Data sets on which every seed gave the same outcome.
    n_datasets : ndarray of shape (n_tests,)
        Data sets (rows of outcomes) of each test.

    Attributes
    ----------
    ax_ : matplotlib Axes
        The axes drawn on.
    figure_ : matplotlib Figure
        The figure of ``ax_``.
    bars_ : matplotlib BarContainer
        The bars.
    """

    def __init__(self, *, tests, replicability, n_consistent, n_datasets):
        self.tests = tests
        self.replicability = replicability
        self.n_consistent = n_consistent
        self.n_datasets = n_datasets

    @classmethod
    def from_study(cls, study, *, ax=None, **kwargs):
        """Plot a fitted :class:`~sklearn_bayescmp.replicability.ReplicabilityStudy`.

        Parameters
        ----------
        study : ReplicabilityStudy
            Fitted with ``fit`` or ``fit_datasets``.
        ax : matplotlib Axes, default=None
            Axes to draw on; a new figure when None.
        **kwargs : dict
            Passed to ``barh``.

        Returns
        -------
        ReplicabilityDisplay
        """
        check_is_fitted(study, "summary_")
        summary = study.summary_
        display = cls(
            tests=list(summary["test"]),
            replicability=np.asarray(summary["replicability"], dtype=float),
            n_consistent=np.asarray(summary["n_consistent"]),
            n_datasets=np.asarray(summary["n_datasets"]),
        )
        return display.plot(ax=ax, **kwargs)

    def plot(self, ax=None, **kwargs):
        """Draw one bar per test.

        Parameters
        ----------
        ax : matplotlib Axes, default=None
            Axes to draw on; a new figure when None.
        **kwargs : dict
            Passed to ``barh`` (e.g. ``color``).

        Returns
        -------
        ReplicabilityDisplay
            This display, with ``ax_``, ``figure_`` and ``bars_``.
        """
        ax = axes_to_draw_on(ax)
        rows = np.arange(len(self.tests))
        self.bars_ = ax.barh(rows, self.replicability, **{"color": "#0072B2", **kwargs})
        for row, value, consistent, total in zip(
            rows, self.replicability, self.n_consistent, self.n_datasets, strict=True
        ):
            ax.text(
                min(value, 1.0) + 0.01,
                row,
                f"R = {value:.2f}, {consistent}/{total} data sets consistent",
                va="center",
                fontsize="small",
            )
        ax.set_yticks(rows, self.tests)
        ax.set_xlim(0.0, 1.6)
        ax.set_xticks(np.linspace(0, 1, 6))
        ax.set_xlabel("replicability R: probability that two seeds agree")
        ax.invert_yaxis()
        self.ax_ = ax
        self.figure_ = ax.figure
        return self
