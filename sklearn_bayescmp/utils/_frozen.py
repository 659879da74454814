"""Read-only containers that survive pickling.

Results are frozen: their arrays are read-only and their mappings cannot be
changed. :class:`types.MappingProxyType` cannot be pickled, and numpy arrays
come back writeable from a pickle, so results hold :class:`FrozenMapping`
and restore read-only arrays with :class:`ReadOnlyPickleMixin`.
"""

from collections.abc import Mapping

import numpy as np


def read_only(value):
    """``value`` with its writeable flag cleared, when it is an array; anything else as is."""
    if isinstance(value, np.ndarray):
        value.flags.writeable = False
    return value


class FrozenMapping(Mapping):
    """A read-only mapping that pickles (``types.MappingProxyType`` does not).

    Parameters
    ----------
    data : mapping or iterable of (key, value)
        Copied; array values are made read-only.
    """

    __slots__ = ("_data",)

    def __init__(self, data=()):
        self._data = {key: read_only(value) for key, value in dict(data).items()}

    def __getitem__(self, key):
        return self._data[key]

    def __iter__(self):
        return iter(self._data)

    def __len__(self):
        return len(self._data)

    def __repr__(self):
        return f"{type(self).__name__}({self._data!r})"

    def __reduce__(self):
        return type(self), (self._data,)


class ReadOnlyPickleMixin:
    """The arrays of a frozen dataclass are read-only, also after a pickle round trip."""

    def __post_init__(self):
        # Inline rather than through read_only: results are built by the ten thousand.
        for value in vars(self).values():
            if isinstance(value, np.ndarray):
                value.flags.writeable = False

    def __setstate__(self, state):
        for value in state.values():
            read_only(value)
        self.__dict__.update(state)
