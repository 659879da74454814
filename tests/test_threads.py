"""The engines' threads: work computed beside the caller's own."""

import threading

import numpy as np
import pytest

from sklearn_bayescmp.stats._ranking import rankings_from_scores, sample_plackett_luce
from sklearn_bayescmp.utils._threads import computed_beside


def _where(*, stop):
    return threading.current_thread().name


def test_with_threads_to_spare_it_runs_in_its_own_thread():
    with computed_beside(_where, threads=2) as result:
        pass
    assert result() != threading.current_thread().name


def test_with_one_thread_it_runs_once_when_asked_for():
    calls = []

    def counted(*, stop):
        calls.append(threading.current_thread().name)
        return len(calls)

    with computed_beside(counted, threads=1) as result:
        assert calls == []
    assert result() == result() == 1
    assert calls == [threading.current_thread().name]


def test_a_failing_block_stops_the_work_beside_it():
    started, stopped = threading.Event(), []

    def waits_for_stop(*, stop):
        started.set()
        stopped.append(stop.wait(timeout=60))

    with pytest.raises(KeyError, match="the block's"):
        with computed_beside(waits_for_stop, threads=2):
            started.wait(timeout=60)
            raise KeyError("the block's")
    assert stopped == [True]  # set by the block's failure, not by the timeout


def test_what_the_work_raises_reaches_the_caller():
    def fails(*, stop):
        raise ValueError("the work's")

    for threads in (1, 2):
        with computed_beside(fails, threads=threads) as result:
            pass
        with pytest.raises(ValueError, match="the work's"):
            result()


def test_the_sampler_returns_nothing_once_stopped():
    rng = np.random.default_rng(0)
    orderings, _ = rankings_from_scores(rng.normal(size=(10, 4)), rng)
    stop = threading.Event()
    options = {"prior": 1.0, "n_chains": 2, "n_warmup": 5, "n_draws": 10, "rng": rng}
    assert sample_plackett_luce(orderings, stop=stop, **options).shape == (2, 10, 4)
    stop.set()
    assert sample_plackett_luce(orderings, stop=stop, **options) is None


def test_the_work_beside_runs_in_the_callers_context():
    from sklearn_bayescmp.cli._flags import COMMAND_SPELLING
    from sklearn_bayescmp.utils._advice import option, spelled_by

    def advice(*, stop):
        return option("greater_is_better", False), np.geterr()["divide"]

    for threads in (1, 2):
        with spelled_by(COMMAND_SPELLING), np.errstate(divide="ignore"):
            with computed_beside(advice, threads=threads) as result:
                pass
            assert result() == ("--lower-is-better", "ignore")
