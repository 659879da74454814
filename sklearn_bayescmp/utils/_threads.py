"""Threads of the Monte Carlo engines, and one BLAS thread for their matrix products.

A threaded matrix product splits its work evenly and waits for its slowest thread: on a
machine whose cores are shared with other work, two BLAS threads on two cores, one of
them busy, take longer than one thread alone (``benchmarks/README.md``, the size matrix
beside a busy core). The engines instead share batches of work among their own
threads, each batch with one BLAS thread: a thread on a busy core takes fewer batches.
By default they use as many threads as BLAS would (``threadpoolctl``'s limit, which
users set as for scikit-learn's own threaded code), so that the work runs on the same
cores as before; ``n_jobs`` sets them.
"""

import contextvars
import functools
import threading
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager

from joblib import effective_n_jobs


@functools.cache
def _controller():
    # Inspecting the loaded libraries costs about 0.4 ms: once per process, after
    # numpy (whose BLAS is then loaded) was imported by the caller.
    from threadpoolctl import ThreadpoolController

    return ThreadpoolController()


@contextmanager
def single_threaded_blas():
    """Within the context, the BLAS libraries numpy and scipy use run one thread."""
    with _controller().limit(limits=1, user_api="blas"):
        yield


def engine_threads(n_jobs):
    """The threads an engine shares its batches among: ``n_jobs`` (joblib's meaning, so
    that a ``parallel_config`` context counts) when given, else as many as the BLAS
    libraries would use."""
    if n_jobs is not None:
        return effective_n_jobs(n_jobs)
    counts = [info["num_threads"] for info in _controller().select(user_api="blas").info()]
    return max([1, *counts])


@contextmanager
def computed_beside(function, /, *args, threads, **kwargs):
    """``function(*args, stop=event, **kwargs)`` computed in a thread beside the block.

    For independent work whose result the block needs only at its end (a comparison's
    ranking beside its pairs' tests): with ``threads`` above 1 it runs in its own thread
    from the start of the block; otherwise when its result is first asked for. Its
    numbers must not depend on which: it draws from its own seed. Either way it runs in
    the caller's context (the spelling of advice, numpy's error state).

    Parameters
    ----------
    function : callable
        Takes a keyword ``stop``, a :class:`threading.Event` that it checks now and
        then and returns early once set: the block raises, and nobody will read it.
        It must not warn (a warning from a thread does not point at the caller's
        line); the caller warns from its result.
    threads : int
        The threads the caller may use (:func:`engine_threads`).

    Yields
    ------
    callable
        Returns the function's result, waiting for it; raises what it raised.
    """
    stop = threading.Event()
    if threads <= 1:
        yield functools.cache(lambda: function(*args, stop=stop, **kwargs))
        return
    with ThreadPoolExecutor(max_workers=1, thread_name_prefix="bayescmp-beside") as executor:
        # A new thread starts with an empty context: the caller's is carried over.
        context = contextvars.copy_context()
        future = executor.submit(context.run, function, *args, stop=stop, **kwargs)
        try:
            yield future.result
        except BaseException:
            stop.set()  # the executor's exit then waits only for the current sweep
            raise
