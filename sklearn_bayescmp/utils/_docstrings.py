"""Docstring fragments shared by every function that takes the same argument.

An argument that means one thing everywhere is documented once, here, and
filled in with :func:`fill_doc` (imbalanced-learn's ``Substitution`` does
the same): ``%(rope)s`` in a docstring becomes the fragment ``rope``; any
other ``%`` is left alone.
"""

import re
import textwrap

_FRAGMENTS = {
    "differences_one": """
differences : array-like of shape (n_splits,) or CVDifferences
    Per-split score differences ``score_a - score_b`` (positive favours A),
    or a :class:`~sklearn_bayescmp.CVDifferences` record, whose sizes are
    then used.
n_train, n_test : int or array-like of shape (n_splits,), default=None
    Training and test set size of each split (a scalar if all splits are
    the same size). Required with an array of differences. The correction
    uses ``sum(n_test) / sum(n_train)``.""",
    "differences_many": """
differences : sequence or mapping of CVDifferences
    One record per data set, at least two. Data sets may differ in number of
    splits, folds and test/train ratio; failed splits (NaN) are left out.""",
    "differences_means": """
differences : array-like of shape (n_datasets,), or sequence or mapping of CVDifferences
    Mean difference ``A - B`` on each data set, or the records whose means
    (over their successful splits) are used.""",
    "rope": """
rope : float or tuple of (float, float), default=0.01
    Region of practical equivalence, in the scores' units (0.01 is one
    accuracy point): ``r`` means ``[-r, r]``; a pair ``(low, high)`` with
    ``low <= 0 <= high`` is accepted. ``rope=0`` leaves no room for
    equivalence: the probability of "equivalent" is then 0.""",
    "random_state": """
random_state : int, numpy.random.Generator, numpy.random.RandomState or None, default=None
    Seed of the random draws. An int (or a ``RandomState``, from which one
    seed is drawn) makes the result reproducible; a ``Generator`` is drawn
    from; None draws fresh entropy from the operating system (never the
    global NumPy state). Results depend only on ``random_state``, never on
    ``n_jobs`` or the joblib backend.""",
    "n_jobs": """
n_jobs : int, default=None
    Parallel jobs; ``None`` means 1 unless in a :func:`joblib.parallel_config`
    context, ``-1`` all processors. Results do not depend on it.""",
    "nan_policy": """
nan_policy : {"raise", "omit"}, default="raise"
    NaN differences mark failed splits: raise, or leave them out.""",
    "alternative": """
alternative : {"two-sided", "greater", "less"}, default="two-sided"
    "greater": the differences are located above zero (A better); "less":
    below (B better).""",
    "cv_scoring": """
cv : int, cross-validation generator or iterable, default=None
    None means ``RepeatedStratifiedKFold(n_splits=10, n_repeats=10)`` for
    classifiers and ``RepeatedKFold(n_splits=10, n_repeats=10)`` otherwise,
    seeded with ``random_state``. Any scikit-learn splitter or iterable of
    ``(train, test)`` index pairs works; an int means a single (stratified)
    k-fold, as in :func:`~sklearn.model_selection.cross_validate`.
scoring : str, callable, list, tuple, set or dict, default=None
    Greater-is-better metrics, as accepted by
    :func:`~sklearn.metrics.check_scoring` (losses are ``neg_*``). One
    metric gives one comparison. Several (``["accuracy", "roc_auc"]`` or
    ``{name: scorer}``) are computed on the same fits and give one
    comparison per metric. None uses the estimators' ``score`` method, which
    requires all to be of the same kind (classifiers, or regressors).""",
    "fit_data": """
X : array-like of shape (n_samples, n_features)
    Training data; anything the estimators accept.
y : array-like of shape (n_samples,), default=None
    Target.
groups : array-like of shape (n_samples,), default=None
    Group labels, passed to the splitter (e.g. ``GroupKFold``).""",
    "engine_run": """
n_jobs : int, default=None
    Number of parallel jobs; one task fits every estimator on one split.
    ``None`` means 1 unless in a :func:`joblib.parallel_config` context;
    ``-1`` means all processors. Results do not depend on it.
pre_dispatch : int or str, default="2*n_jobs"
    Number of tasks dispatched ahead, as in
    :func:`~sklearn.model_selection.cross_validate`.
random_state : int, RandomState instance or None, default=None
    Seeds the default splitter (``cv=None``) only; estimators keep their
    own ``random_state``. Pass an int for reproducible splits.
error_score : "raise" or float, default=np.nan
    Score recorded for a failed fit. "raise" re-raises the error. With a
    number, a failed split (of any estimator) is recorded, reported with one
    :class:`~sklearn.exceptions.FitFailedWarning`, and left out of the
    comparisons of that estimator.
verbose : int, default=0
    0 is silent; 1 draws a progress bar of finished splits with the
    estimated time left (on stderr, through joblib's result generator, so
    with any backend); 2 and more also show joblib's own messages.""",
    "memory": """
memory : str, path-like or joblib.Memory, default=None
    Cache of every estimator's fit-and-score on every split, in a
    directory or a :class:`joblib.Memory`. Finished fits are written as
    they complete, so a run that is interrupted (crash, kill, Ctrl-C) and
    started again recomputes only the unfinished fits. The key of a fit
    covers the estimator (its class, parameters and the code of every
    class and function it reaches outside installed distributions), the
    scorer (code included), the data, the split's indices, the metadata
    passed to the fit and the scorer, ``error_score``, and the versions of
    Python, scikit-learn, NumPy, SciPy, joblib and this package. What it
    cannot cover is named in a warning and runs uncached. None caches
    nothing.""",
    "hierarchical_study": """
n_repeats, n_folds : int, default=10
    Repeated cross-validation on each data set.
sizes : array-like of int, default=(25, 50, 100, 250, 500, 1000)
    Data set sizes, drawn uniformly.
theta_f : float, default=0.9
    Accuracy of the classifier on F.
sampler : dict, default=None
    Arguments of :func:`~sklearn_bayescmp.stats.hierarchical_test`
    (``n_chains``, ``n_warmup``, ``n_draws``, ``nu_prior``); None uses 2
    chains x (500 warm-up + 1,000 draws).
n_jobs : int, default=None
    Parallel jobs (one task per experiment).
random_state : int or None, default=None
    Seed of the whole study.""",
    "result_models": """
model_a, model_b : str
    Names of the two models: "A" and "B", unless the records named them
    (:class:`~sklearn_bayescmp.CVDifferences` ``model_a`` and ``model_b``).""",
    "interval_of_draws": """
prob : float, default=0.95
    Posterior mass of the interval.
method : {"hdi", "eti"}, default="hdi"
    Highest-density or equal-tailed interval.""",
    "dataset_of_table": """
dataset : str, default=None
    Which data set (may be omitted when the table has only one).""",
    "ax": """
ax : matplotlib Axes, default=None
    Axes to draw on; a new figure when None.""",
    "title": """
title : str, default=None
    Title of the axes.""",
    "plot_title": """
title : str, default=None
    Title of the axes; None uses the display's ``title``.""",
    "display_axes": """
ax_ : matplotlib Axes
    The axes drawn on.
figure_ : matplotlib Figure
    The figure of ``ax_``.""",
}


def _filled(doc):
    """``doc`` with every ``%(name)s`` replaced by its fragment, at the docstring's indentation.

    A function's parameters are indented by 4 spaces, a method's by 8: the
    fragment takes the smallest indentation of the docstring's lines.
    """
    lines = [line for line in doc.expandtabs().splitlines()[1:] if line.strip()]
    indent = " " * min((len(line) - len(line.lstrip()) for line in lines), default=4)
    return re.sub(r"%\((\w+)\)s", lambda match: textwrap.indent(_FRAGMENTS[match[1]], indent), doc)


def fill_doc(obj):
    """Fill the shared fragments (``%(name)s``) into ``obj``'s docstring.

    Parameters
    ----------
    obj : function or class
        For a class, the docstrings of its methods (class methods included)
        are filled too.

    Returns
    -------
    function or class
        ``obj``, its docstring filled.
    """
    obj.__doc__ = _filled(obj.__doc__)
    if isinstance(obj, type):
        for member in vars(obj).values():
            function = getattr(member, "__func__", member)  # classmethod, staticmethod
            if callable(function) and function.__doc__ and "%(" in function.__doc__:
                function.__doc__ = _filled(function.__doc__)
    return obj
