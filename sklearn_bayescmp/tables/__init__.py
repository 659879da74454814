"""Tables of scores: how a results table is read, and what it means.

Reading a table is one pipeline, each step in its own module and calling only
the steps before it:

1. sources (``_sources``, ``_skore``, ``_search``): a CSV file, a dataframe,
   a dict of columns, skore's reports or a search's ``cv_results_``, as they are;
2. raw columns (``_columns``): the cells parsed as people write them (names,
   scores with their spreads, whole numbers);
3. role proposals (``_roles``): what the names of the columns, rows and files
   propose (a model, a loss, a summary row, a spread, training seeds...);
4. value evidence (``_evidence``, ``_decide``): what the values show, which
   takes a proposal only where they agree, and refuses otherwise;
5. layout (``_layouts``, ``_estimator_files``): the long, wide and differences
   layouts assembled into one array per data set;
6. the pipeline (``_read``) and :class:`ScoreTable` (``_score_table``), which
   keeps the :class:`Reading`: every decision with its witness, every row or
   column left out with its reason.

The record of the reading (``_reading``) is shared by every step. The public
names are imported on first use, so that a step's module can be imported
without the whole pipeline (``CVDifferences`` reads its CSV files with the
layout step, and :class:`ScoreTable` makes records of ``CVDifferences``).
"""

from ..utils._lazy import lazy_names

#: Where each public name lives.
_LOCATIONS = {
    "DESIGNS": "._reading",
    "LeftOut": "._reading",
    "Reading": "._reading",
    "Witness": "._reading",
    "ScoreTable": "._score_table",
}

__all__ = sorted(_LOCATIONS)


__getattr__, __dir__ = lazy_names(__name__, _LOCATIONS)
