"""A hyper-parameter search's ``cv_results_`` as arrays of scores: its candidates as models.

Every candidate of a search is scored on the same splits, so its
``split<i>_test_<metric>`` entries pair; a successive-halving search scores
each iteration's candidates on more resources than the last, and only the
candidates of its last iteration share their data. A race
(:class:`~sklearn_bayescmp.model_selection.RaceSearchCV`) has a row per candidate
and block of folds (``race_candidate``, ``race_first_split``): its candidates'
rows are put back together, a fold a candidate did not run left NaN.
"""

from collections.abc import Mapping

import numpy as np

from .utils._warnings import warn


def split_scores(cv_results, metric):
    """A search's per-split test scores: ``(n_candidates, n_splits)``, splits in order."""
    suffix = f"_test_{metric}"
    keys = [key for key in cv_results if key.startswith("split") and key.endswith(suffix)]
    keys = [key for key in keys if key[len("split") : -len(suffix)].isdigit()]
    if not keys:
        found = sorted({key.split("_test_", 1)[1] for key in cv_results if "_test_" in key})
        raise ValueError(
            f"`cv_results_` has no per-split test scores for {metric!r} (keys like "
            f"'split0_test_{metric}'){f'; it has metrics {found}' if found else ''}."
        )
    keys.sort(key=lambda key: int(key[len("split") : -len(suffix)]))
    return np.column_stack([np.asarray(cv_results[key], dtype=float) for key in keys])


def race_scores(cv_results, metric):
    """A race's per-split test scores: ``(n_candidates, n_splits)``, NaN where a
    candidate had left, and each candidate's last row."""
    blocks = split_scores(cv_results, metric)
    candidate = np.asarray(cv_results["race_candidate"], dtype=int)
    first = np.asarray(cv_results["race_first_split"], dtype=int)
    size = blocks.shape[1]
    scores = np.full((candidate.max() + 1, first.max() + size), np.nan)
    for row, (c, start) in enumerate(zip(candidate, first, strict=True)):
        scores[c, start : start + size] = blocks[row]
    last = np.array([np.flatnonzero(candidate == c)[-1] for c in range(len(scores))])
    return scores, last


def ranks(cv_results, metric):
    """Each row's rank for ``metric``: the race's own over every fold it ran, else the
    search's ``rank_test_<metric>``."""
    return np.asarray(cv_results.get("race_rank", cv_results[f"rank_test_{metric}"]))


def search_candidates(cv_results, metric):
    """The candidates of a search that were scored alike: scores, names and rows.

    A successive-halving search (``HalvingGridSearchCV``...) scores each
    iteration's candidates on more resources than the last: only the
    candidates of its last iteration share their splits and their data, so
    only they are kept, and a warning says so. Candidates are named by their
    parameters (:func:`candidate_name`), each prefixed by its row (a race's
    candidate by its place in the grid) when two print alike.

    Parameters
    ----------
    cv_results : mapping
        A search's ``cv_results_`` (or its columns read from a table).
    metric : str

    Returns
    -------
    scores : ndarray of shape (n_kept, n_splits)
    names : list of str
    rows : ndarray of int
        The kept candidates' rows in ``cv_results``.
    """
    if "race_candidate" in cv_results:
        # A race's candidates, by their place in the grid: every one is kept.
        scores, rows = race_scores(cv_results, metric)
        places = range(len(rows))
    else:
        scores, rows = _kept_candidates(cv_results, metric)
        places = rows
    params = cv_results.get("params")
    names = [
        f"candidate {place}" if params is None else candidate_name(params[row])
        for place, row in zip(places, rows, strict=True)
    ]
    if len(set(names)) != len(names):  # parameters that print alike
        names = [f"{place}: {name}" for place, name in zip(places, names, strict=True)]
    return scores, names, rows


def _kept_candidates(cv_results, metric):
    """The scores and rows of the candidates that share their data: every row, or (with
    a warning) a successive-halving search's last iteration."""
    scores = split_scores(cv_results, metric)
    rows = candidate_rows(cv_results, scores.shape[0])
    if rows.size < scores.shape[0]:
        iteration = np.asarray(cv_results["iter"], dtype=float)
        resources = cv_results.get("n_resources")
        used = "" if resources is None else f" (n_resources={np.asarray(resources)[rows[0]]})"
        warn(
            f"`cv_results_` is a successive-halving search's: its candidates were scored on "
            f"{len(set(iteration.tolist()))} amounts of resources, and only those of the last "
            f"iteration share their data. The {rows.size} candidates of iteration "
            f"{int(iteration[rows[0]])}{used} are kept; the other "
            f"{scores.shape[0] - rows.size} are left out."
        )
    return scores[rows], rows


def candidate_rows(cv_results, n_candidates):
    """The rows of a search's candidates that share their data: every row, or those of a
    successive-halving search's last iteration."""
    iteration = cv_results.get("iter")
    if iteration is None:
        return np.arange(n_candidates)
    iteration = np.asarray(iteration, dtype=float)
    return np.flatnonzero(iteration == np.nanmax(iteration))


def candidate_name(params):
    """A search candidate named by its parameters: ``"C=1, kernel=rbf"``.

    ``params`` read back from a CSV file is the dict's text, kept as it is.
    """
    if not isinstance(params, Mapping):
        return str(params)
    return ", ".join(f"{key}={value}" for key, value in params.items()) or "(defaults)"
