"""The command's flag for each option the library's messages advise.

The library spells an option as Python takes it (``greater_is_better=False``)
unless a spelling is in force (:func:`~sklearn_bayescmp.utils._advice.spelled_by`);
the command puts :data:`COMMAND_SPELLING` in force while it reads and compares,
so that every message, note and reading it prints advises its own flags.
"""

import shlex

from .._command import ANY, COLUMN_ROLES

#: Each option's flag and the placeholder of its value (None: a switch); a column's role is
#: named by ``--<role>-col NAME``.
FLAGS = {
    **{role: (f"--{role.replace('_', '-')}-col", "NAME") for role in COLUMN_ROLES},
    "metric": ("--metric", "NAME"),
    "models": ("--models", "NAME ..."),
    "datasets": ("--datasets", "NAME ..."),
    "select_models": ("--models", "NAME ..."),
    "select_datasets": ("--datasets", "NAME ..."),
    "design": ("--design", "NAME"),
    "imputed": ("--imputed", "{keep,drop}"),
    "layout": ("--layout", "NAME"),
    "normalize": ("--normalize", "best-worst"),
    "normalized": ("--normalize", "best-worst"),
    "test": ("--test", "TEST"),
    "rope": ("--rope", "R"),
    "threshold": ("--threshold", "P"),
    "n_draws": ("--n-draws", "N"),
    "n_warmup": ("--n-warmup", "N"),
    "test_train_ratio": ("--test-train-ratio", "R"),
    "fold_suffix": ("--fold-suffix", "SEP"),
    "delimiter": ("--delimiter", "CHAR"),
    "quotechar": ("--quotechar", "CHAR"),
    "header_row": ("--header-row", "N"),
    "footer_rows": ("--footer-rows", "N"),
    "decimal": ("--decimal", "MARK"),
    "thousands": ("--thousands", "MARK"),
    "missing": ("--missing", "TEXT ..."),
    "encoding": ("--encoding", "NAME"),
    "allow_incomplete": ("--allow-incomplete", None),
}


#: The marks a value may be, quoted even where a shell would not need it (``--decimal ','``).
_MARKS = {"\t": "'\\t'", "'": '"\'"', **{mark: f"'{mark}'" for mark in ",.;| _-"}}


def _value(value):
    """A value as a shell takes it; a mark quoted, a tab as ``'\\t'`` (``--delimiter``)."""
    text = str(value)
    return _MARKS.get(text) or shlex.quote(text)


class CommandSpelling:
    """The spelling of :mod:`~sklearn_bayescmp.utils._advice` by the command's flags."""

    def option(self, name, value):
        if name == "greater_is_better":
            if value is ANY:
                return "--higher-is-better or --lower-is-better"
            return "--higher-is-better" if value else "--lower-is-better"
        if name == "read_resamples":
            return "bayescmp compare FILE.csv OTHER.csv ..."
        if name not in FLAGS:
            return None
        flag, placeholder = FLAGS[name]
        if value is ANY:
            return flag if placeholder is None else f"{flag} {placeholder}"
        if value is None:
            return f"no {flag}"
        if placeholder is None:
            return flag
        if isinstance(value, (list, tuple)):
            return " ".join([flag, *map(_value, value)])
        return f"{flag} {_value(value)}"

    def parameter(self, name):
        if name == "greater_is_better":
            return "--higher-is-better or --lower-is-better"
        return FLAGS[name][0] if name in FLAGS else None

    def spec_field(self, name):
        return f"the spec's {name} (--print-spec, --spec)"


#: The spelling the command puts in force.
COMMAND_SPELLING = CommandSpelling()
