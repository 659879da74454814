"""The decisions of RaceSearchCV replayed on a finished table of scores.

Given every candidate's score on every split (an exhaustive search's), the race
that RaceSearchCV would run on the same splits makes the same decisions: it only
reads the scores of the folds it has run. Studies and benchmarks replay it here
with the estimator's own decision code (``Race``, ``fold_blocks``) instead of
fitting again.
"""

import numpy as np

from sklearn_bayescmp.model_selection._race import Race, fold_blocks, look_threshold


def replay(scores, n_train, n_test, *, rope, threshold, min_folds, step):
    """The race on ``scores`` (candidates x splits, in the order the race runs them).

    ``threshold`` is the race's (``RaceSearchCV``'s), spent over its looks as the
    estimator spends it.

    Returns
    -------
    race : Race
        Its looks, drops and ending.
    folds : ndarray of int
        Folds each candidate ran.
    pick : int
        The candidate ``refit=True`` chooses: the first in the grid's order when
        the race ended with every survivor practically equivalent, else the
        survivor with the best mean over the folds it ran.
    """
    k, n_splits = scores.shape
    state = Race(k, np.asarray(n_train, float), np.asarray(n_test, float), rope=rope,
                 threshold=look_threshold(threshold, n_splits, min_folds, step))  # fmt: skip
    failed = np.isnan(scores)
    folds = np.zeros(k, dtype=int)
    for start, end in fold_blocks(n_splits, min_folds, step):
        folds[state.alive] += end - start
        if end == n_splits:
            state.finish(scores, failed, end)
            break
        if not state.look(scores, failed, end):
            break
    return state, folds, state.chosen(scores, folds)
