"""Helper estimators for the tests."""

from pathlib import Path

import numpy as np
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.utils.validation import check_is_fitted


class FailOnSample(ClassifierMixin, BaseEstimator):
    """Majority classifier that fails when a marked sample is involved.

    Column 0 of ``X`` holds each sample's row number. With ``when="fit"`` the
    fit fails if ``sample`` is in the training set; with ``when="score"`` the
    prediction fails if it is in the test set (one split per repeat); with
    ``when="always"`` every fit fails.
    """

    def __init__(self, sample=0, when="score", exception=ValueError):
        self.sample = sample
        self.when = when
        self.exception = exception

    def fit(self, X, y):
        if self.when == "always" or (self.when == "fit" and self.sample in X[:, 0]):
            raise self.exception(f"sample {self.sample} in the training set")
        values, counts = np.unique(y, return_counts=True)
        self.classes_ = values
        self.majority_ = values[np.argmax(counts)]
        return self

    def predict(self, X):
        check_is_fitted(self)
        if self.when == "score" and self.sample in X[:, 0]:
            raise self.exception(f"sample {self.sample} in the test set")
        return np.full(X.shape[0], self.majority_)


class WeightSum(ClassifierMixin, BaseEstimator):
    """Classifier whose score is the sum of the ``sample_weight`` it was fitted with."""

    def fit(self, X, y, sample_weight=None):
        self.classes_ = np.unique(y)
        self.weight_sum_ = float(np.sum(sample_weight)) if sample_weight is not None else 0.0
        return self

    def predict(self, X):
        return np.full(X.shape[0], self.classes_[0])

    def score(self, X, y, sample_weight=None):
        return self.weight_sum_


class LoggedFits(ClassifierMixin, BaseEstimator):
    """Majority classifier that appends its training rows to the file ``log`` at every fit.

    Column 0 of ``X`` holds each sample's row number, so every line names a
    split. While the file ``log + ".fuse"`` holds a number N, the fit that
    would write line N + 1 raises ``KeyboardInterrupt`` instead, as Ctrl-C
    would; the fuse is state outside the estimator, so its parameters (and a
    cache key built from them) are the same before and after.
    """

    def __init__(self, log=None, offset=0.0):
        self.log = log
        self.offset = offset

    def fit(self, X, y):
        log = Path(self.log)
        written = len(log.read_text().splitlines()) if log.exists() else 0
        fuse = Path(f"{self.log}.fuse")
        if fuse.exists() and written >= int(fuse.read_text()):
            raise KeyboardInterrupt
        with log.open("a") as file:
            file.write(" ".join(str(int(row)) for row in X[:, 0]) + "\n")
        values, counts = np.unique(y, return_counts=True)
        self.classes_ = values
        self.majority_ = values[np.argmax(counts)]
        return self

    def predict(self, X):
        check_is_fitted(self)
        return np.full(X.shape[0], self.majority_)

    def score(self, X, y):
        return float(np.mean(self.predict(X) == y)) + self.offset


class WarnsInFit(ClassifierMixin, BaseEstimator):
    """Majority classifier that warns at every fit (as an unconverged solver does)."""

    def fit(self, X, y):
        import warnings

        from sklearn.exceptions import ConvergenceWarning

        warnings.warn("the solver did not converge", ConvergenceWarning, stacklevel=2)
        values, counts = np.unique(y, return_counts=True)
        self.classes_ = values
        self.majority_ = values[np.argmax(counts)]
        return self

    def predict(self, X):
        check_is_fitted(self)
        return np.full(X.shape[0], self.majority_)


def fitted_records(comparator, *, metric=None):
    """A fitted comparator's paired records, one per data set (``{name: CVDifferences}``)."""
    return comparator.to_table(metric=metric).differences(*comparator.model_names_)


def fitted_record(comparator, dataset="data", *, metric=None):
    """A fitted comparator's paired record of one data set."""
    return fitted_records(comparator, metric=metric)[dataset]


def dataset_results(comparator, *, metric=None):
    """The Bayesian correlated t-test of every data set of a fitted comparator."""
    return {
        name: comparator.test("bayesian_correlated_t", metric=metric, dataset=name)
        for name in comparator.to_table(metric=metric).datasets
    }
