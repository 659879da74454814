"""The internals that the command line (``sklearn_bayescmp.cli``) uses, in one place.

The command is built on the public API; what it needs beyond it (report
wording, its checks of options, the terminal's escaping) is imported from
here, so that the layers it reaches into are listed in one module and a
rename inside a layer breaks this list, which the suite imports whole.
Names load on first use: the command's ``--help`` loads no NumPy.
"""

from .utils._lazy import lazy_names

#: Each name and its module (relative to this module's name, hence "..").
_LOCATIONS = {
    "ANY": "..utils._advice",
    "COLUMN_ROLES": "..utils._advice",
    "automatic_test": ".._compare_models",
    "cached_fit_count": ".._engine",
    "check_probability": "..utils._validation",
    "check_rope": "..utils._validation",
    "has_splits": ".._comparison_record",
    "MOST_PAIRS_LISTED": ".._comparison_report",
    "note_direction": "..plotting._base",
    "pair_summary": ".._pair_summary",
    "printable": "..utils._display",
    "probability_scope": ".._comparison_report",
    "reading_text": "..tables._words",
    "spelled_by": "..utils._advice",
    "terminal_safe": "..utils._display",
    "WRITTEN_OPTIONS": "..tables._guess",
}

__all__ = sorted(_LOCATIONS)

__getattr__, __dir__ = lazy_names(__name__, _LOCATIONS)
