"""Data generators with a known difference between two classifiers.

They come from the papers' simulation studies and let one check, where the
truth is known, that the tests hold their error rates and find real
differences:

- :func:`make_cf_network`: the Bayesian network C -> F of Corani & Benavoli
  (2015, §4), on which a majority predictor and a naive Bayes on F differ in
  expected accuracy by ``delta_acc``;
- :func:`make_naive_bayes_pair`: the naive Bayes G <- C -> F of Corani et al.
  (2017, appendix 6.1), on which the classifiers on G and on F (see
  :func:`single_feature_classifier`) differ by ``delta``;
- :func:`make_friedman_classification`: Friedman's regression functions 1-3
  turned into balanced binary problems.
"""

from numbers import Integral, Real

import numpy as np
from sklearn.compose import ColumnTransformer
from sklearn.datasets import make_friedman1, make_friedman2, make_friedman3
from sklearn.naive_bayes import CategoricalNB
from sklearn.pipeline import make_pipeline
from sklearn.utils import check_random_state

from .utils._sklearn import Interval, validate_params

__all__ = [
    "make_cf_network",
    "make_friedman_classification",
    "make_naive_bayes_pair",
    "single_feature_classifier",
]


def _binary_feature(rng, y, theta):
    """A binary feature with ``P(f = y) = theta``: it agrees with the class w.p. theta."""
    agrees = rng.random(y.shape[0]) < theta
    return np.where(agrees, y, 1 - y)


@validate_params(
    {
        "n_samples": [Interval(Integral, 1, None, closed="left")],
        "delta_acc": [Interval(Real, 0, 0.5, closed="left")],
        "random_state": ["random_state"],
    },
    prefer_skip_nested_validation=True,
)
def make_cf_network(n_samples, delta_acc, *, random_state=None):
    """Sample the Bayesian network C -> F of Corani & Benavoli (2015, §4).

    ``P(c0) = 0.5``, ``P(f0 | c0) = theta``, ``P(f0 | c1) = 1 - theta`` with
    ``theta = 0.5 + delta_acc``. Predicting the class from F has expected
    accuracy ``theta``; the majority predictor (zeroR) has 0.5. So a majority
    predictor and a naive Bayes on F differ in expected accuracy by about
    ``delta_acc`` (exactly, once the naive Bayes has learnt the direction of
    the dependence).

    Parameters
    ----------
    n_samples : int
        Number of instances.
    delta_acc : float in [0, 0.5)
        Expected accuracy gap; 0 makes F independent of the class.
    random_state : int, RandomState instance or None, default=None
        Seed.

    Returns
    -------
    X : ndarray of shape (n_samples, 1)
        The feature F: 0 for f0, 1 for f1.
    y : ndarray of shape (n_samples,)
        The class C: 0 for c0, 1 for c1.

    References
    ----------
    .. [1] G. Corani and A. Benavoli, "A Bayesian approach for comparing
       cross-validated algorithms on multiple data sets", Machine Learning
       100(2), 2015, §4.

    Examples
    --------
    >>> from sklearn_bayescmp.datasets import make_cf_network
    >>> X, y = make_cf_network(1000, 0.05, random_state=0)
    >>> X.shape, float((X[:, 0] == y).mean())
    ((1000, 1), 0.527)
    """
    rng = check_random_state(random_state)
    y = (rng.random_sample(n_samples) < 0.5).astype(int)
    return _binary_feature(rng, y, 0.5 + delta_acc)[:, None], y


@validate_params(
    {
        "n_samples": [Interval(Integral, 1, None, closed="left")],
        "delta": [Interval(Real, None, None, closed="neither")],
        "theta_f": [Interval(Real, 0.5, 1, closed="neither")],
        "random_state": ["random_state"],
    },
    prefer_skip_nested_validation=True,
)
def make_naive_bayes_pair(n_samples, delta, *, theta_f=0.9, random_state=None):
    """Sample the naive Bayes G <- C -> F of Corani et al. (2017, appendix 6.1).

    ``P(c0) = 0.5``; ``P(f0 | c0) = theta_f = 1 - P(f0 | c1)``;
    ``P(g0 | c0) = theta_g = 1 - P(g0 | c1)`` with ``theta_g = theta_f +
    delta``. The classifier on G alone has expected accuracy ``theta_g``, the
    one on F alone ``theta_f``: compare ``single_feature_classifier(1)`` (A)
    with ``single_feature_classifier(0)`` (B) and the true difference
    ``A - B`` is ``delta``.

    Parameters
    ----------
    n_samples : int
        Number of instances.
    delta : float
        True accuracy difference of the classifier on G minus the one on F;
        ``theta_f + delta`` must lie in (0.5, 1].
    theta_f : float in (0.5, 1), default=0.9
        How often F agrees with the class.
    random_state : int, RandomState instance or None, default=None
        Seed.

    Returns
    -------
    X : ndarray of shape (n_samples, 2)
        Column 0 is F, column 1 is G (0 or 1).
    y : ndarray of shape (n_samples,)
        The class C (0 or 1).

    References
    ----------
    .. [1] G. Corani, A. Benavoli, J. Demšar, F. Mangili and M. Zaffalon,
       "Statistical comparison of classifiers through Bayesian hierarchical
       modelling", Machine Learning 106(11), 2017, appendix 6.1.

    Examples
    --------
    >>> from sklearn_bayescmp.datasets import make_naive_bayes_pair
    >>> X, y = make_naive_bayes_pair(2000, -0.05, random_state=0)
    >>> [round(float((X[:, j] == y).mean()), 3) for j in (0, 1)]
    [0.899, 0.86]
    """
    theta_g = theta_f + delta
    if not 0.5 < theta_g <= 1.0:
        raise ValueError(
            f"`theta_f + delta` must lie in (0.5, 1]; got theta_f={theta_f!r} and "
            f"delta={delta!r}, so {theta_g!r}. With theta_f={theta_f!r}, pass delta in "
            f"({0.5 - theta_f:.3g}, {1.0 - theta_f:.3g}]."
        )
    rng = check_random_state(random_state)
    y = (rng.random_sample(n_samples) < 0.5).astype(int)
    f = _binary_feature(rng, y, theta_f)
    g = _binary_feature(rng, y, theta_g)
    return np.column_stack([f, g]), y


def single_feature_classifier(feature):
    """A categorical naive Bayes that sees one binary feature only.

    The classifiers ``C -> F`` and ``C -> G`` of Corani et al. (2017,
    appendix 6.1) for the data of :func:`make_naive_bayes_pair`.

    Parameters
    ----------
    feature : int
        Column of ``X`` to use (0 for F, 1 for G).

    Returns
    -------
    Pipeline
        Column selection, then :class:`~sklearn.naive_bayes.CategoricalNB`
        (Laplace smoothing; both categories known even if a training set
        lacks one).

    Examples
    --------
    >>> from sklearn_bayescmp.datasets import make_naive_bayes_pair
    >>> from sklearn_bayescmp.datasets import single_feature_classifier
    >>> X, y = make_naive_bayes_pair(2000, 0.05, random_state=0)
    >>> single_feature_classifier(1).fit(X, y).score(X, y) > 0.9
    True
    """
    select = ColumnTransformer([("feature", "passthrough", [feature])])
    return make_pipeline(select, CategoricalNB(min_categories=2))


_FRIEDMAN = {1: make_friedman1, 2: make_friedman2, 3: make_friedman3}
#: Size of the independent sample on which the median is estimated.
_MEDIAN_SAMPLE = 200_000


def _friedman_regression(function, n_samples, noise, rng):
    if function == 1:
        return make_friedman1(n_samples, n_features=5, noise=noise, random_state=rng)
    return _FRIEDMAN[function](n_samples, noise=noise, random_state=rng)


@validate_params(
    {
        "function": [Interval(Integral, 1, 3, closed="both")],
        "n_samples": [Interval(Integral, 1, None, closed="left")],
        "noise": [Interval(Real, 0, None, closed="left")],
        "n_random_features": [Interval(Integral, 0, None, closed="left")],
        "random_state": ["random_state"],
    },
    prefer_skip_nested_validation=True,
)
def make_friedman_classification(
    function, n_samples, *, noise, n_random_features=0, random_state=None
):
    """Friedman's function 1, 2 or 3 as a balanced binary classification problem.

    The regression target of :func:`~sklearn.datasets.make_friedman1` (or 2,
    3) is split at its median, estimated once on an independent sample of
    200,000 instances with the same noise (a fixed seed, so that every data
    set uses the same threshold); ``n_random_features`` irrelevant features,
    uniform on [0, 1], are appended.

    Parameters
    ----------
    function : {1, 2, 3}
        Which of Friedman's functions.
    n_samples : int
        Number of instances.
    noise : float
        Standard deviation of the Gaussian noise added to the target before
        thresholding.
    n_random_features : int, default=0
        Irrelevant features appended to the function's own (5 for function
        1, 4 for functions 2 and 3).
    random_state : int, RandomState instance or None, default=None
        Seed of the instances (not of the median's sample).

    Returns
    -------
    X : ndarray of shape (n_samples, n_features)
        The features.
    y : ndarray of shape (n_samples,)
        1 where the regression target exceeds the median, else 0.

    References
    ----------
    .. [1] J. Friedman, "Multivariate adaptive regression splines", The
       Annals of Statistics 19(1), 1991.
    .. [2] G. Corani, A. Benavoli, J. Demšar, F. Mangili and M. Zaffalon,
       "Statistical comparison of classifiers through Bayesian hierarchical
       modelling", Machine Learning 106(11), 2017, §4.

    Examples
    --------
    >>> from sklearn_bayescmp.datasets import make_friedman_classification
    >>> X, y = make_friedman_classification(1, 500, noise=1.0, random_state=0)
    >>> X.shape, round(float(y.mean()), 2)
    ((500, 5), 0.51)
    """
    median = _friedman_median(function, noise)
    rng = check_random_state(random_state)
    X, target = _friedman_regression(function, n_samples, noise, rng)
    if n_random_features:
        X = np.hstack([X, rng.uniform(size=(n_samples, n_random_features))])
    return X, (target > median).astype(int)


_MEDIANS = {}


def _friedman_median(function, noise):
    """Median of the noisy target, from a large sample with a fixed seed (memoised)."""
    key = (function, float(noise))
    if key not in _MEDIANS:
        rng = np.random.RandomState(20171121 + function)
        _, target = _friedman_regression(function, _MEDIAN_SAMPLE, noise, rng)
        _MEDIANS[key] = float(np.median(target))
    return _MEDIANS[key]
