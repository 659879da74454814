"""Plots of comparison results, as scikit-learn-style Display objects.

Each display is built ``from_result`` (or ``from_comparator`` /
``from_study``), draws with ``plot(ax=None, **kwargs)`` and keeps the
matplotlib objects it made (``ax_``, ``figure_``). matplotlib is the optional
``plot`` extra (``pip install ".[plot]"`` in a clone); it is imported only
when a display draws, and global matplotlib state (rcParams, styles) is never
changed.
"""

from ._critical_difference import CriticalDifferenceDisplay
from ._forest import ForestDisplay
from ._pairwise import PairwiseDisplay
from ._posterior import PosteriorDisplay
from ._race import RaceDisplay
from ._ranking import RankingDisplay
from ._replicability import ReplicabilityDisplay
from ._simplex import SimplexDisplay

__all__ = [
    "CriticalDifferenceDisplay",
    "ForestDisplay",
    "PairwiseDisplay",
    "PosteriorDisplay",
    "RaceDisplay",
    "RankingDisplay",
    "ReplicabilityDisplay",
    "SimplexDisplay",
]
