"""Warnings that point at the user's line, also when raised in a worker.

:func:`warn` walks the stack to the first frame outside this package (and
outside scikit-learn's parameter-validation wrappers), so that a warning
points at the line that called the public function, however deep it was
raised; no stack level is counted by hand.

Warnings raised in a joblib worker never reach the parent on their own: the
tasks record them as data (:func:`recording_warnings`), and the parent issues
them again, once each, with :func:`reissue`.
"""

import sys
import threading
import warnings
from collections import Counter
from contextlib import contextmanager

#: Modules whose frames a warning never points at: this package, and the
#: decorators scikit-learn wraps its public functions and ``fit`` in.
_INTERNAL_MODULES = ("sklearn.base", "sklearn.utils._param_validation")


def _internal(frame):
    name = frame.f_globals.get("__name__", "")
    return (
        name == "sklearn_bayescmp"
        or name.startswith("sklearn_bayescmp.")
        or name in (_INTERNAL_MODULES)
    )


def warn(message, category=UserWarning):
    """``warnings.warn`` pointing at the first frame outside this package.

    Parameters
    ----------
    message : str
    category : type of Warning, default=UserWarning
    """
    frame = sys._getframe(1)
    level = 2  # the caller of this function
    while frame is not None and _internal(frame):
        frame = frame.f_back
        level += 1
    warnings.warn(message, category, stacklevel=level)


@contextmanager
def recording_warnings():
    """Record the warnings raised inside, as ``(category, message)`` pairs.

    Only in the main thread of a process (the parent running sequentially, or
    a worker process): the warnings filters are global to a process, so
    changing them from threads running side by side (the threading backend)
    would lose warnings. There the warnings take their usual course and the
    list stays empty.

    Yields
    ------
    list of (type, str)
        Filled when the block ends.
    """
    records = []
    if threading.current_thread() is not threading.main_thread():
        yield records
        return
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        yield records
    records.extend((w.category, str(w.message)) for w in caught)


def reissue(records, *, where=None, total=None):
    """Issue recorded warnings again in the parent, once per distinct warning.

    Parameters
    ----------
    records : iterable of (type, str, str)
        ``(category, message, source)``: ``source`` names what raised it
        (e.g. "estimator_a").
    where : str, default=None
        What the counts are of, e.g. "fits".
    total : dict of str to int, default=None
        How many of them each source ran, for "in 37 of 100 fits".
    """
    counts = Counter(records)
    for (category, message, source), count in counts.items():
        if where is None:
            suffix = f" (raised by {source})" if source else ""
        else:
            of = "" if total is None or source not in total else f" of {total[source]}"
            suffix = f" (raised in {count}{of} {where} of {source})"
        warn(f"{message}{suffix}", category)
