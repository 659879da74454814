"""The cache of finished fits (``memory=``): one entry per estimator and split, keyed on code.

:class:`joblib.Memory` keys a call on its pickled arguments, and a pickle
names a class or a function without holding its code: after the body of a
custom scorer or estimator changed, it would serve the old scores. Here every
fit is stored under one key, computed in the parent process, that covers
everything its score depends on (:func:`~sklearn_bayescmp.utils._fingerprint.fingerprint`):

- the estimator (a clone: its class and parameters, and the code of every
  class and function they reach) and the scorer, code included;
- the data, the split's indices, the metadata routed to the fit and to the
  scorer, and ``error_score``;
- the versions of Python, scikit-learn, NumPy, SciPy, joblib and this package.

An estimator (or a scorer) whose code cannot be fingerprinted is said so, in
one warning, and its fits run uncached: a stored score is never reused
without a key that covers it. What no key can see (the environment, files
read at run time, the global NumPy seed) is listed in the user guide; an
estimator left with ``random_state=None``, whose every uncached fit draws
anew, is named in one warning (not one whose fit, as scikit-learn documents
it, draws nothing with its parameters: an lbfgs logistic regression).
"""

import os
from pathlib import Path

from sklearn.base import clone
from sklearn.utils.validation import check_memory

from ..utils._fingerprint import CannotFingerprint, environment, fingerprint
from ..utils._warnings import warn
from ._fit import fit_and_score_one


def cached_fit_and_score_one(
    key, estimator, X, y, train, test, scoring, fit_params, score_params, error_score
):
    """:func:`~sklearn_bayescmp._engine.fit_and_score_one`, stored under ``key`` alone.

    Every other argument is ignored by :class:`joblib.Memory`: ``key`` is the
    fingerprint of all of them (see :class:`FitCache`).
    """
    return fit_and_score_one(
        estimator, X, y, train, test, scoring, fit_params, score_params, error_score
    )


_IGNORED = [
    "estimator",
    "X",
    "y",
    "train",
    "test",
    "scoring",
    "fit_params",
    "score_params",
    "error_score",
]


def _culprit(estimator):
    """The first parameter of ``estimator`` that cannot be fingerprinted, in words."""
    params = estimator.get_params(deep=True) if hasattr(estimator, "get_params") else {}
    for name, value in params.items():
        if hasattr(value, "get_params"):
            continue  # its own parameters are listed too
        try:
            fingerprint(value)
        except CannotFingerprint as exc:
            return f"its parameter {name}={value!r} ({exc})"
    return None


def _unseeded(estimator):
    """The ``random_state`` parameters of ``estimator`` (nested ones too) left at None, of
    the (sub-)estimators whose fit draws random numbers."""
    params = estimator.get_params(deep=True) if hasattr(estimator, "get_params") else {}
    unseeded = []
    for name, value in params.items():
        if not name.endswith("random_state") or value is not None:
            continue
        owner = params.get(name.rpartition("__")[0], estimator) if "__" in name else estimator
        if _fit_draws(owner):
            unseeded.append(name)
    return unseeded


def _fit_draws(estimator):
    """Whether ``estimator``'s fit may draw random numbers: False only where scikit-learn
    documents that, with these parameters, its ``random_state`` is not used (an lbfgs
    logistic regression, an SVC without probabilities, coordinate descent in cyclic
    order); True for every other estimator, whose code we cannot read."""
    from sklearn import linear_model, svm

    unused = {
        # "Used when solver == 'sag', 'saga' or 'liblinear'."
        linear_model.LogisticRegression: lambda e: e.solver not in ("sag", "saga", "liblinear"),
        linear_model.LogisticRegressionCV: lambda e: e.solver not in ("sag", "saga", "liblinear"),
        # "Ignored when probability is False" (scikit-learn 1.9 deprecates the parameter;
        # its default is then a marker, not True).
        svm.SVC: lambda e: getattr(e, "probability", False) is not True,
        svm.NuSVC: lambda e: getattr(e, "probability", False) is not True,
        # "When dual=False the underlying implementation of LinearSVC is not random."
        svm.LinearSVC: lambda e: e.dual is False,
        # "Used when selection == 'random'."
        **{
            cls: lambda e: e.selection != "random"
            for cls in (
                linear_model.Lasso,
                linear_model.ElasticNet,
                linear_model.LassoCV,
                linear_model.ElasticNetCV,
                linear_model.MultiTaskLasso,
                linear_model.MultiTaskElasticNet,
            )
        },
    }
    rule = unused.get(type(estimator))
    return rule is None or not rule(estimator)


def _warn_about_unseeded(estimators):
    """One warning naming the estimators whose cached fits are one draw of many."""
    unseeded = {name: _unseeded(estimator) for name, estimator in estimators.items()}
    named = [f"{name} ({', '.join(params)})" for name, params in unseeded.items() if params]
    if named:
        warn(
            f"memory: {'; '.join(named)} left at random_state=None: a cached fit is served as "
            "it was drawn the first time, while an uncached run would draw anew, so cached and "
            "uncached results differ. Set random_state to an int to make the fits repeatable.",
        )


class FitCache:
    """The keys of one run's fits, and the memorized fit-and-score that stores them.

    Parameters
    ----------
    memory : str, path-like or joblib.Memory
        Where the fits are stored.
    estimators : dict of str to estimator
        The estimators of the run, by name ("estimator_a", or a model's name).
    scoring : object
        The ``scoring`` argument as the user gave it (None means each
        estimator's own ``score``, which the estimator's key covers).
    error_score : "raise" or float
        What a failed fit records.
    """

    def __init__(self, memory, estimators, scoring, error_score):
        if isinstance(memory, os.PathLike):
            memory = os.fspath(memory)
        memory = check_memory(memory)
        self.memory = memory
        self.function = memory.cache(cached_fit_and_score_one, ignore=_IGNORED)
        try:
            shared = fingerprint((environment(), scoring, error_score))
        except CannotFingerprint as exc:
            warn(
                f"memory: nothing is cached in this run: the scorer {scoring!r} cannot be "
                f"fingerprinted ({exc}), so a stored score could not be told from a stale one. "
                "Use a scorer that pickles (a function defined with def), or memory=None.",
            )
            shared = None
        self._estimator_keys = {}
        for name, estimator in estimators.items():
            key = None
            if shared is not None:
                try:
                    key = fingerprint((shared, clone(estimator)))
                except CannotFingerprint as exc:
                    reason = _culprit(estimator) or f"{estimator!r} ({exc})"
                    warn(
                        f"memory: the fits of {name} run uncached: {reason} cannot be "
                        "fingerprinted, so a stored score could not be told from a stale one. "
                        "Use objects that pickle, or memory=None.",
                    )
            self._estimator_keys[name] = key
        if self.enabled:
            _warn_about_unseeded(estimators)

    @property
    def enabled(self):
        """bool: Whether any fit of the run is cached."""
        return self.memory.location is not None and any(
            key is not None for key in self._estimator_keys.values()
        )

    def data_keys(self, X, y, fit_params, score_params):
        """Each estimator's key of its fits on one data set (None: uncached).

        Parameters
        ----------
        X, y : array-like
            The data set.
        fit_params : dict of str to dict
            The metadata routed to each estimator's ``fit``, by name.
        score_params : dict
            The metadata routed to the scorer.

        Returns
        -------
        dict of str to str or None
        """
        if not self.enabled:
            return dict.fromkeys(self._estimator_keys)
        data = fingerprint((X, y, score_params))
        return {
            name: None if key is None else fingerprint((key, data, fit_params[name]))
            for name, key in self._estimator_keys.items()
        }

    @staticmethod
    def split_key(data_key, train, test):
        """The key of one fit: its data set's key and the split's indices."""
        return None if data_key is None else fingerprint((data_key, train, test))


def cached_fit_count(memory):
    """How many finished fits the cache ``memory`` holds.

    Parameters
    ----------
    memory : str, path-like or joblib.Memory
        A comparator's ``memory``.

    Returns
    -------
    int
    """
    location = getattr(memory, "location", memory)
    if location is None:
        return 0
    # joblib keeps every call's result in <location>/joblib/<module>/<function>/<hash>/.
    pattern = f"{cached_fit_and_score_one.__name__}/*/output.pkl"
    return sum(1 for _ in Path(os.fspath(location)).rglob(pattern))
