"""One convergence policy for every Markov chain sampler of the package.

The hierarchical test and the Plackett-Luce ranking both report the
rank-normalized split R-hat and the effective sample sizes of their main
parameters (Vehtari et al., 2021, computed with arviz-stats), and both warn
with the same thresholds when their chains fall short.
"""

import numpy as np
from sklearn.exceptions import ConvergenceWarning
from sklearn.utils.parallel import Parallel, delayed

from ..utils._arviz import array_stats
from ..utils._threads import engine_threads
from ..utils._warnings import warn

#: Convergence thresholds below which a warning is raised (Vehtari et al., 2021).
RHAT_LIMIT = 1.01
ESS_LIMIT = 400


def convergence_diagnostics(draws, *, tail=True, n_jobs=None):
    """Rank-normalized split R-hat, bulk ESS and (optionally) tail ESS of every draw array.

    Parameters
    ----------
    draws : dict of str to ndarray of shape (..., n_chains, n_draws)
        Leading axes hold separate posteriors (every pair of a batch), each
        diagnosed by itself, in one call.
    tail : bool, default=True
        Also compute the tail ESS: the smaller of the ESS of the 5% and 95%
        quantiles.
    n_jobs : int, default=None
        Threads sharing the arrays (:func:`~sklearn_bayescmp.utils._threads.engine_threads`:
        as many as BLAS uses by default): the rank normalizations' sorts of many
        parameters (every model of a ranking) run beside each other.

    Returns
    -------
    rhat, ess, ess_tail : dict of str to float (or ndarray of the leading shape)
        ``ess_tail`` is empty when ``tail`` is False.
    """
    stats = array_stats()

    def diagnose(name):
        values = draws[name]
        numbers = [_plain(stats.rhat(values)), _plain(stats.ess(values, method="bulk"))]
        if tail:
            numbers.append(_plain(stats.ess(values, method="tail", prob=(0.05, 0.95))))
        return numbers

    names = list(draws)
    threads = min(engine_threads(n_jobs), len(names))
    if threads > 1:
        diagnosed = Parallel(n_jobs=threads, require="sharedmem")(
            delayed(diagnose)(name) for name in names
        )
    else:
        diagnosed = [diagnose(name) for name in names]
    rhat = {name: numbers[0] for name, numbers in zip(names, diagnosed, strict=True)}
    ess = {name: numbers[1] for name, numbers in zip(names, diagnosed, strict=True)}
    ess_tail = (
        {name: numbers[2] for name, numbers in zip(names, diagnosed, strict=True)} if tail else {}
    )
    return rhat, ess, ess_tail


def _plain(value):
    """A float for one posterior's diagnostic, an array of floats for several."""
    value = np.asarray(value, dtype=float)
    return float(value) if value.ndim == 0 else value


def convergence_problems(result):
    """What falls short of the thresholds in a result's ``rhat``, ``ess`` (and ``ess_tail``)."""
    problems = [
        f"R-hat of {name} is {value:.3f}"
        for name, value in result.rhat.items()
        if value > RHAT_LIMIT
    ]
    tails = getattr(result, "ess_tail", {})
    problems += [
        f"{kind} ESS of {name} is {value:.0f}"
        for kind, values in (("bulk", result.ess), ("tail", tails))
        for name, value in values.items()
        if value < ESS_LIMIT
    ]
    return problems


def warn_if_not_converged(results, *, what, advice):
    """One ConvergenceWarning for every result whose chains fall short.

    Parameters
    ----------
    results : sequence of results
        With ``rhat`` and ``ess`` (and optionally ``ess_tail``) mappings, and
        ``model_a`` and ``model_b`` when there are several.
    what : str
        The model whose chains these are ("The hierarchical model").
    advice : str
        What to do about it.
    """
    lines = []
    for result in results:
        problems = convergence_problems(result)
        if problems:
            pair = "" if len(results) == 1 else f"{result.model_a} vs {result.model_b}: "
            lines.append(pair + "; ".join(problems))
    if lines:
        warn(
            f"{what}'s chains may not have converged: "
            + " | ".join(lines)
            + f" (want R-hat <= {RHAT_LIMIT} and ESS >= {ESS_LIMIT}). {advice}",
            ConvergenceWarning,
        )
