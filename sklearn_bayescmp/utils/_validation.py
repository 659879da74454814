"""Checks on data contents, with messages that name the argument and the fix.

Type and range checks of parameters go through scikit-learn's declared
constraints (``validate_params`` / ``_parameter_constraints``); what lives here
checks the *contents* of arrays and pairs, scipy style: the argument in
backticks, what was received, how to fix it.
"""

import difflib
import numbers
import unicodedata

import numpy as np

from ._advice import parameter
from ._sklearn import Interval

#: Declared constraints of the arguments every back end shares.
SIZE_CONSTRAINT = [Interval(numbers.Integral, 1, None, closed="left"), "array-like", None]
ROPE_CONSTRAINT = [Interval(numbers.Real, 0, None, closed="left"), "array-like"]

#: Scores and their differences must stay below this magnitude: the tests
#: square and sum them, and the squares of larger numbers overflow.
LARGEST_SCORE = 1e100
#: Nor, when not zero, below this one: the squares of smaller numbers underflow
#: towards zero, and a spread would read as none.
SMALLEST_SCORE = 1e-100


def check_rope(rope, *, name="rope"):
    """Return the region of practical equivalence as a ``(low, high)`` pair.

    Parameters
    ----------
    rope : float or tuple of two floats
        A number ``r >= 0`` means the interval ``[-r, r]``; a pair
        ``(low, high)`` with ``low <= 0 <= high`` is taken as is.
    name : str, default="rope"
        Argument name used in error messages.

    Returns
    -------
    low, high : tuple of float
    """
    if isinstance(rope, numbers.Real) and not isinstance(rope, bool):
        radius = float(rope)
        if not np.isfinite(radius) or radius < 0:
            raise ValueError(
                f"`{name}` must be a finite number r >= 0 (meaning the interval "
                f"[-r, r]) or a pair (low, high) with low <= 0 <= high; got {rope!r}. "
                f"Use a half-width in the scorer's units, e.g. {name}=0.01."
            )
        return (0.0 - radius, radius)  # 0.0 - 0.0 is +0.0, not -0.0
    try:
        low, high = (float(bound) for bound in rope)
    except (TypeError, ValueError):
        raise ValueError(
            f"`{name}` must be a number r >= 0 or a pair (low, high) of numbers; got {rope!r}."
        ) from None
    if not (np.isfinite(low) and np.isfinite(high) and low <= 0 <= high):
        raise ValueError(
            f"`{name}` as a pair must satisfy low <= 0 <= high with finite bounds; "
            f"got {rope!r}. Order the bounds as (low, high), e.g. (-0.01, 0.02)."
        )
    return (low, high)


def check_probability(value, *, name):
    """Return ``value`` as a float in the open interval (0, 1)."""
    try:
        prob = float(value)
    except (TypeError, ValueError):
        raise TypeError(f"`{name}` must be a number in (0, 1); got {value!r}.") from None
    if not 0.0 < prob < 1.0:
        raise ValueError(
            f"`{name}` must lie strictly between 0 and 1; got {value!r}. For example {name}=0.95."
        )
    return prob


def check_differences(differences, *, nan_policy="raise", name="differences"):
    """Validate a 1-D array of score differences.

    Parameters
    ----------
    differences : array-like of shape (n_splits,)
    nan_policy : {"raise", "omit"}, default="raise"
        With "omit", NaN entries (failed splits) are dropped; infinite values
        are always refused.
    name : str, default="differences"

    Returns
    -------
    values : ndarray of shape (n_kept,)
        The finite differences, as float64.
    kept : ndarray of bool of shape (n_splits,)
        Which entries of the input were kept.
    """
    values = as_float_vector(differences, name=name)
    nan_mask = np.isnan(values)
    check_scale(values, name=name)
    if nan_mask.any() and nan_policy == "raise":
        raise ValueError(
            f"`{name}` contains {int(nan_mask.sum())} NaN value(s) (failed splits); "
            "drop them, pass nan_policy='omit', or refit with error_score='raise' "
            "to see why the fits failed."
        )
    kept = ~nan_mask
    if kept.sum() < 2:
        raise ValueError(
            f"`{name}` needs at least 2 finite values to estimate a variance; got "
            f"{int(kept.sum())} (of {values.size}). Use more cross-validation splits."
        )
    return values[kept], kept


def check_scale(values, *, name):
    """Refuse infinite values, and values too large or too small (but not zero) for the
    tests' arithmetic (NaN passes)."""
    with np.errstate(invalid="ignore"):
        large = np.abs(values) > LARGEST_SCORE
        tiny = (values != 0) & (np.abs(values) < SMALLEST_SCORE)
    if tiny.any():
        raise ValueError(
            f"`{name}` contains {int(tiny.sum())} value(s) smaller than {SMALLEST_SCORE:g} in "
            f"magnitude but not zero (e.g. {float(values[tiny][0])!r}): the tests square "
            "them, which would underflow and hide their spread. Rescale the scores."
        )
    if not large.any():
        return
    infinite = int(np.isinf(values).sum())
    if infinite:
        raise ValueError(
            f"`{name}` contains {infinite} infinite value(s); scores and their differences must "
            "be finite (NaN for a failed split). Check the scorer of both models."
        )
    raise ValueError(
        f"`{name}` contains {int(large.sum())} value(s) larger than {LARGEST_SCORE:g} in "
        f"magnitude (e.g. {float(values[large][0])!r}): the tests square and sum them, which "
        "would overflow. Rescale the scores."
    )


def check_split_sizes(sizes, *, n_splits, name):
    """Return per-split train or test sizes as an int64 array of length ``n_splits``.

    A scalar is broadcast to every split. Sizes must be positive integers.
    """
    array = np.asarray(sizes)
    if array.ndim == 0:
        array = np.full(n_splits, array)
    if array.ndim != 1 or array.shape[0] != n_splits:
        raise ValueError(
            f"`{name}` must be a positive integer or an array with one size per "
            f"split ({n_splits}); got shape {np.shape(sizes)}."
        )
    if not (np.issubdtype(array.dtype, np.integer) or np.issubdtype(array.dtype, np.floating)):
        raise TypeError(f"`{name}` must hold integer sample counts; got dtype {array.dtype}.")
    if not np.all(np.isfinite(array)) or np.any(array != np.round(array)):
        raise ValueError(f"`{name}` must hold whole sample counts; got {_preview(array)}.")
    if np.any(array <= 0):
        raise ValueError(
            f"`{name}` must be positive (number of samples in each split); got {_preview(array)}."
        )
    # A count beyond int64 would be cast to a wrong number (with only a warning). A
    # float compares against 2**63 itself: int64's largest, as a float, rounds up to it.
    floating = np.issubdtype(array.dtype, np.floating)
    if np.any(array >= 2.0**63 if floating else array > np.iinfo(np.int64).max):
        raise ValueError(f"`{name}` must hold sample counts below 2**63; got {_preview(array)}.")
    return array.astype(np.int64)


def check_split_indices(values, *, n_splits, name, default):
    """Return per-split repeat or fold indices as an int64 array of length ``n_splits``.

    None gives ``default``; whole-valued floats are accepted (a CSV column
    read as numbers); indices must be ``>= 0``.
    """
    if values is None:
        return np.asarray(default, dtype=np.int64)
    array = np.asarray(values)
    if array.dtype.kind not in "iu" and not (
        array.dtype.kind == "f" and np.all(np.isfinite(array)) and np.all(array == np.round(array))
    ):
        raise TypeError(f"`{name}` must hold integer indices; got dtype {array.dtype}.")
    check_length(array, n_splits=n_splits, name=name)
    if np.any(array < 0):
        raise ValueError(f"`{name}` indices must be >= 0; got {array.min()}.")
    return array.astype(np.int64)


def check_splits(n_splits, *, n_train, n_test, repeat=None, fold=None):
    """Every split's sizes and indices, checked: a dict of int64 arrays of length ``n_splits``.

    ``n_train`` and ``n_test`` may be scalars (every split alike), or None
    (unknown, kept None); ``repeat`` and ``fold`` default to one repeat with the
    splits as its folds.
    """

    def sizes(values, name):
        if values is None:
            return None
        return check_split_sizes(values, n_splits=n_splits, name=name)

    return {
        "n_train": sizes(n_train, "n_train"),
        "n_test": sizes(n_test, "n_test"),
        "repeat": check_split_indices(
            repeat, n_splits=n_splits, name="repeat", default=np.zeros(n_splits)
        ),
        "fold": check_split_indices(
            fold, n_splits=n_splits, name="fold", default=np.arange(n_splits)
        ),
    }


def check_length(array, *, n_splits, name):
    """Refuse anything but a 1-D array with one entry per split."""
    if array.ndim != 1 or array.size != n_splits:
        raise ValueError(
            f"`{name}` must have one entry per split ({n_splits}); got shape {array.shape}."
        )


def as_float_vector(values, *, name, unit="split"):
    """Convert to a 1-D float64 array, refusing text and wrong dimensions.

    ``unit`` names what each value stands for, in the error message.
    """
    array = np.asarray(values)
    if array.dtype == object or not (
        np.issubdtype(array.dtype, np.number) or np.issubdtype(array.dtype, np.bool_)
    ):
        raise TypeError(
            f"`{name}` must be numeric; got an array of dtype {array.dtype}. "
            "Convert the scores to floats first."
        )
    if np.issubdtype(array.dtype, np.complexfloating):
        raise TypeError(f"`{name}` must be real-valued; got dtype {array.dtype}.")
    if array.ndim != 1:
        raise ValueError(
            f"`{name}` must be 1-D (one value per {unit}); got shape {array.shape}. "
            f"Flatten it in {unit} order with np.ravel."
        )
    return array.astype(np.float64)


def _preview(array, limit=5):
    """Short text for an array in error messages."""
    shown = ", ".join(str(v) for v in array[:limit])
    return f"[{shown}{', ...' if array.size > limit else ''}]"


def check_model_names(model_a, model_b, *, allow_none=False, name="model names"):
    """Check a pair of model names: two distinct non-empty strings (or both None).

    Returns
    -------
    tuple of (str, str) or (None, None)
    """
    if allow_none and model_a is None and model_b is None:
        return None, None
    for value in (model_a, model_b):
        if not isinstance(value, str) or not value.strip():
            alternative = " (or both None)" if allow_none else ""
            raise TypeError(
                f"The {name} must be two non-empty strings{alternative}; "
                f"got {model_a!r} and {model_b!r}."
            )
    if model_a == model_b:
        raise ValueError(
            f"The {name} must differ, or results could not say which model is better; got "
            f"{model_a!r} twice."
        )
    return model_a, model_b


# -- names of models and data sets given by the user ---------------------------------

#: The most known names a message lists.
_NAMES_LISTED = 12


def _looks(name):
    """What a name looks like: compatibility forms unfolded (NFKC), case folded."""
    return unicodedata.normalize("NFKC", name).casefold().strip()


def name_clash(names):
    """The first two distinct names that no reader could tell apart, and why, or None."""
    seen = {}
    for name in names:
        other = seen.setdefault(_looks(name), name)
        if other != name:
            why = (
                "differ only in spaces around them"
                if other.strip() == name.strip()
                else "differ only in letter case or in their Unicode compatibility forms"
            )
            return other, name, why
    return None


def unknown_names(given, known, argument, kind):
    """Why names given are not among the ``known`` ones, with what was likely meant, or
    None when every name is known.

    Names that a command line split at their spaces or commas (``RF, tuned`` given as
    ``RF`` and ``tuned``) are named whole; a near name (letter case, or as
    :mod:`difflib` finds it) is offered.
    """
    known_set = set(known)
    unknown = [name for name in given if name not in known_set]
    if not unknown:
        return None
    hints, explained = [], set()
    for start in range(len(given)):
        for end in range(start + 2, min(start + 6, len(given)) + 1):
            for separator in (" ", ", ", ","):
                joined = separator.join(map(str, given[start:end]))
                if joined in known_set and not explained & set(given[start:end]):
                    parts = " and ".join(map(repr, given[start:end]))
                    hints.append(
                        f"{parts} together are the {kind} {joined!r}: give it as one name "
                        "(quoted, on a command line)."
                    )
                    explained.update(given[start:end])
    folded = {name.casefold(): name for name in known}
    for name in unknown:
        if name not in explained:
            near = folded.get(str(name).casefold()) or next(
                iter(difflib.get_close_matches(str(name), list(map(str, known)), n=1)), None
            )
            if near is not None:
                hints.append(f"Did you mean {near!r} for {name!r}?")
    listed = ", ".join(map(repr, list(known)[:_NAMES_LISTED]))
    more = len(known) - _NAMES_LISTED
    plural = "s" if len(unknown) > 1 else ""
    return (
        f"{parameter(argument)} names {', '.join(map(repr, unknown))}, which "
        f"{'are' if plural else 'is'} "
        f"not {'' if plural else 'a '}{kind}{plural} of the table. "
        + "".join(f"{hint} " for hint in hints)
        + f"Its {kind}s: {listed}{f' and {more} more' if more > 0 else ''}."
    )


def check_names(names, argument):
    """A tuple of distinct names from any sequence, in Unicode's composed form; an empty
    one, a repeated one, or two that no reader could tell apart are refused."""
    if isinstance(names, str):
        raise TypeError(f"`{argument}` must be a sequence of names; got the string {names!r}.")
    names = tuple(unicodedata.normalize("NFC", str(name)) for name in names)
    if not names:
        raise ValueError(f"`{argument}` is empty.")
    blank = [name for name in names if not name.strip()]
    if blank:
        raise ValueError(f"`{argument}` holds an empty name {blank[0]!r}; name every entry.")
    repeated = sorted({name for name in names if names.count(name) > 1})
    if repeated:
        raise ValueError(f"`{argument}` repeats {repeated}; names must be unique.")
    clash = name_clash(names)
    if clash is not None:
        raise ValueError(
            f"`{argument}` holds {clash[0]!r} and {clash[1]!r}, which {clash[2]}; make them "
            "distinct."
        )
    return names
