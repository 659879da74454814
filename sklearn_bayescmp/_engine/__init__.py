"""The engine: estimators in, a table of scores out.

plan (:mod:`._plan`: the splits of every data set, built once, with the
routed metadata) -> tasks (:mod:`._fit`: every estimator fitted and scored on
one split, failures and warnings as data) -> dispatch (:mod:`._dispatch`:
joblib with a progress bar; :mod:`._cache`: finished fits kept under keys
that cover their code) -> a :class:`~sklearn_bayescmp.ScoreTable` per metric,
with the failures and the times (:mod:`._run`, whose :class:`Engine` holds a
run's estimators, scoring and options, and runs every plan in one dispatch
or one repeat at a time until a decision is reached).

The comparator, :func:`~sklearn_bayescmp.model_selection.compare_estimators`
and :class:`~sklearn_bayescmp.replicability.ReplicabilityStudy` all run here.
"""

# The names the rest of the package imports from the engine (re-exports).
# ruff: noqa: F401
from ._cache import cached_fit_count
from ._dispatch import dispatch
from ._plan import (
    ENGINE_CONSTRAINTS,
    check_common_scoring,
    check_datasets,
    check_repeated_cv,
    split_layout,
)
from ._routing import comparison_router
from ._run import Engine, SplitFailure
