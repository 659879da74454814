"""Tables of scores: how a results table is read, and what it means.

Reading a table is a guess that ends in a spec, then an assembly by the spec:

1. the source (``_source``, ``_files``): a CSV file (or several of one model
   each), a dataframe or a dict of columns, as they are;
2. the cells (``_cells``): parsed as people write them;
3. what the names propose (``_names``) and what the values show
   (``_evidence``);
4. the guess (``_guess``): every decision with its witness, in a
   :class:`TableSpec` (``_spec``); where no witness speaks, a refusal that
   carries the spec reached;
5. the assembly (``_assemble``): the table laid out by the spec, with no
   heuristic, into the parts of a :class:`~sklearn_bayescmp.ScoreTable`
   (``sklearn_bayescmp/_score_table.py``, the package's record of scores),
   which keeps its :class:`Reading`: the spec, and what the assembly found.

The spec and the reading hold codes and names; ``_words`` alone says them in
words (the reading's line, its notes, the witnesses that messages cite).

The public names are imported on first use, so that a step's module can be
imported without the whole pipeline.
"""

from ..utils._lazy import lazy_names

#: Where each public name lives.
_LOCATIONS = {
    "Reading": "._spec",
    "TableSpec": "._spec",
    "UnitsDiffer": "._evidence",
}

__all__ = sorted(_LOCATIONS)


__getattr__, __dir__ = lazy_names(__name__, _LOCATIONS)
