"""Random generators for the Monte Carlo back ends (never the global RNG)."""

import numbers

import numpy as np


def check_random_generator(random_state):
    """Turn ``random_state`` into a :class:`numpy.random.Generator`.

    Parameters
    ----------
    random_state : None, int, numpy.random.Generator or numpy.random.RandomState
        None draws fresh entropy from the operating system (not the global
        NumPy state); an int seeds a new generator; a ``RandomState`` (as
        scikit-learn uses) seeds one with a draw from it.

    Returns
    -------
    numpy.random.Generator
    """
    if random_state is None or isinstance(random_state, numbers.Integral):
        return np.random.default_rng(random_state)
    if isinstance(random_state, np.random.Generator):
        return random_state
    if isinstance(random_state, np.random.RandomState):
        return np.random.default_rng(random_state.randint(np.iinfo(np.int32).max))
    raise TypeError(
        "`random_state` must be None, an int, a numpy Generator or a RandomState; "
        f"got {random_state!r}."
    )


def random_seed(random_state):
    """One int seed from any ``random_state``: an int as it is, one draw otherwise.

    Many computations that must share their random numbers (every pair of a
    many-model comparison, common random numbers) all take this seed.

    Parameters
    ----------
    random_state : None, int, numpy.random.Generator or numpy.random.RandomState

    Returns
    -------
    int
    """
    if isinstance(random_state, numbers.Integral) and not isinstance(random_state, bool):
        return int(random_state)
    return int(check_random_generator(random_state).integers(2**32))


def recorded_seed(random_state):
    """The seed a result records: an int (or None) as given; None for a generator,
    which has no seed to show."""
    return (
        random_state if random_state is None or isinstance(random_state, numbers.Integral) else None
    )
