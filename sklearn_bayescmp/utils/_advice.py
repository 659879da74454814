"""The options that messages advise, spelled for the person who reads them.

A message that names an option which settles it calls :func:`option` (or
:func:`parameter` for the argument itself). By default an option is spelled
as Python takes it (``greater_is_better=False``, ``models=[...]``); a program
with options of its own, the ``bayescmp`` command, passes its table of flags
to :func:`spelled_by` while it runs, and the same message then advises
``--lower-is-better`` and ``--models NAME ...``. Messages are made in their
reader's words once; none is reworded afterwards.
"""

import contextvars
from contextlib import contextmanager

#: The value of an option that the reader fills in ("models=[...]").
ANY = type("Any", (), {"__repr__": lambda self: "ANY"})()


class written(str):
    """A value as a person writes it ("1/9"), said as it is, not as its ``repr``."""

    def __repr__(self):
        return str(self)


#: How Python spells an option whose value the reader fills in, where not ``name=``.
PLACEHOLDERS = {
    "models": "models=[...]",
    "datasets": "datasets=[...]",
    "metric": "metric=<name>",
    "design": "design=...",
    "select_models": "table.select(models=[...])",
    "select_datasets": "table.select(datasets=[...])",
    "read_resamples": "ScoreTable.read_resamples([file, other_file, ...])",
    "normalized": "table.normalized()",
}
#: The options that name a column of the table, spelled ``dataset=<column>``.
COLUMN_ROLES = ("dataset", "model", "score", "split", "repeat", "fold", "n_train", "n_test")

_SPELLING = contextvars.ContextVar("sklearn_bayescmp_spelling", default=None)


@contextmanager
def spelled_by(spelling):
    """Spell the options of the messages made within as ``spelling`` says.

    Parameters
    ----------
    spelling : object
        With ``option(name, value)``, how an option is advised (``value`` is
        :data:`ANY` where the reader fills it in), and ``parameter(name)``,
        how an argument is named; each None for one it does not have, which
        keeps Python's spelling.
    """
    token = _SPELLING.set(spelling)
    try:
        yield
    finally:
        _SPELLING.reset(token)


def option(name, value=ANY):
    """An option as a message advises it: ``name=value`` for Python.

    Parameters
    ----------
    name : str
        The option ("greater_is_better", "models", a column's role...).
    value : object, default=ANY
        Its value; :data:`ANY` where the reader fills it in.

    Returns
    -------
    str

    Examples
    --------
    >>> option("greater_is_better", False), option("models"), option("dataset")
    ('greater_is_better=False', 'models=[...]', 'dataset=<column>')
    """
    if value is not ANY:
        python = f"{name}={value!r}"
    else:
        python = f"{name}=<column>" if name in COLUMN_ROLES else PLACEHOLDERS.get(name, f"{name}=")
    return _spelled("option", python, name, value)


def parameter(name):
    """An argument as a message names it: ```name``` for Python, the flag for a program
    whose spelling has one.

    Examples
    --------
    >>> parameter("n_draws")
    '`n_draws`'
    """
    return _spelled("parameter", f"`{name}`", name)


def spec_field(name):
    """A field of a table's spec as a message names it: ```name``` for Python, and where
    a program reads specs from files, how to correct it there.

    Examples
    --------
    >>> spec_field("left_out")
    "the spec's `left_out`"
    """
    return _spelled("spec_field", f"the spec's `{name}`", name)


def _spelled(kind, python, *args):
    """The spelling in force's ``kind(*args)``, else Python's."""
    spelling = _SPELLING.get()
    said = None if spelling is None else getattr(spelling, kind)(*args)
    return python if said is None else said
