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
  turned into balanced binary problems;
- :func:`make_near_identical_scores`: the repeated cross-validation scores of
  two models that disagree on a small share of the test examples (a tree and
  the same tree with one change), drawn directly as counts.
"""

from numbers import Integral, Real

import numpy as np
from sklearn.compose import ColumnTransformer
from sklearn.datasets import make_friedman1, make_friedman2, make_friedman3
from sklearn.naive_bayes import CategoricalNB
from sklearn.pipeline import make_pipeline
from sklearn.utils import check_random_state

from ._differences import CVDifferences
from .utils._sklearn import Interval, validate_params

__all__ = [
    "make_cf_network",
    "make_friedman_classification",
    "make_naive_bayes_pair",
    "make_near_identical_scores",
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
        Expected accuracy gap; 0 makes F independent of the class. The
        network cannot make the majority predictor the better one: for a
        negative difference, draw it with ``|delta|`` and swap the roles of
        the two predictors (as the studies of Fig. 2b do).
    random_state : int, RandomState instance or None, default=None
        Seed.

    Returns
    -------
    X : ndarray of shape (n_samples, 1)
        The feature F: 0 for f0, 1 for f1.
    y : ndarray of shape (n_samples,)
        The class C: 0 for c0, 1 for c1.

    See Also
    --------
    sklearn_bayescmp.datasets.single_feature_classifier : The classifiers compared on these data.
    sklearn_bayescmp.stats.poisson_test : The test the paper's study checks.

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

    See Also
    --------
    sklearn_bayescmp.stats.hierarchical_test : The test the paper's study checks.
    sklearn_bayescmp.datasets.make_cf_network : Another generator with a known difference.

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

    See Also
    --------
    sklearn_bayescmp.datasets.make_cf_network : The data it is meant for.

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

    See Also
    --------
    sklearn_bayescmp.stats.friedman_test : The test of many models' ranks.

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


@validate_params(
    {
        "n_samples": [Interval(Integral, 2, None, closed="left")],
        "disagreement": [Interval(Real, 0, 1, closed="both")],
        "delta": [Real],
        "accuracy": [Interval(Real, 0, 1, closed="both")],
        "n_folds": [Interval(Integral, 2, None, closed="left")],
        "n_repeats": [Interval(Integral, 1, None, closed="left")],
        "random_state": ["random_state"],
    },
    prefer_skip_nested_validation=True,
)
def make_near_identical_scores(
    n_samples,
    *,
    disagreement,
    delta=0.0,
    accuracy=0.8,
    n_folds=10,
    n_repeats=10,
    random_state=None,
):
    """Repeated cross-validation scores of two models that rarely disagree.

    Two near-identical classifiers (a decision tree and the same tree with
    one change) predict alike on most test examples. On each split of
    ``n_repeats`` x ``n_folds`` cross-validation of ``n_samples`` instances,
    the models disagree on each test example with probability
    ``disagreement``; there, A is right with probability
    ``(1 + delta / disagreement) / 2`` and B otherwise. Where they agree,
    both are right with probability ``accuracy``. The counts are drawn
    directly:

    .. math::

        D \\sim \\mathrm{Bin}(n_{test}, p_d), \\quad
        W \\sim \\mathrm{Bin}(D, \\tfrac{1}{2} + \\tfrac{\\delta}{2 p_d}), \\quad
        C \\sim \\mathrm{Bin}(n_{test} - D, a),

    and the accuracies are ``(C + W) / n_test`` for A and
    ``(C + D - W) / n_test`` for B, so that ``E[score_a - score_b] = delta``.
    With a small ``disagreement`` most splits give a difference of exactly 0
    and some data sets have all their differences 0, as real pairs of
    near-identical models do (Corani et al., 2017, §5: J48 and J48 grafted).

    Parameters
    ----------
    n_samples : int
        Instances of the data set; the folds hold ``n_samples // n_folds``
        test examples, one more for the first ``n_samples % n_folds`` (as
        :class:`~sklearn.model_selection.KFold`).
    disagreement : float in [0, 1]
        Probability that the models disagree on a test example. 0 gives two
        models that predict alike: every difference is 0.
    delta : float, default=0.0
        Expected accuracy of A minus that of B; ``|delta| <= disagreement``.
    accuracy : float in [0, 1], default=0.8
        Accuracy of both models where they agree.
    n_folds, n_repeats : int, default=10
        The cross-validation.
    random_state : int, RandomState instance or None, default=None
        Seed.

    Returns
    -------
    CVDifferences
        The differences ``A - B`` with both scores, the split sizes, repeats
        and folds.

    See Also
    --------
    sklearn_bayescmp.stats.hierarchical_test : The test these scores put to the hardest case.

    Examples
    --------
    >>> from sklearn_bayescmp.datasets import make_near_identical_scores
    >>> record = make_near_identical_scores(500, disagreement=0.004, random_state=0)
    >>> record.n_splits, int((record.differences != 0).sum())
    (100, 15)
    """
    if not abs(delta) <= disagreement:  # NaN fails too
        raise ValueError(
            f"`delta` must lie within +-`disagreement` (A can be better only where the "
            f"models disagree); got delta={delta!r} with disagreement={disagreement!r}."
        )
    if n_samples < n_folds:
        raise ValueError(f"`n_samples` must be at least `n_folds` ({n_folds}); got {n_samples}.")
    rng = check_random_state(random_state)
    n_test = np.full(n_folds, n_samples // n_folds)
    n_test[: n_samples % n_folds] += 1
    n_test = np.tile(n_test, n_repeats)
    disagreeing = rng.binomial(n_test, disagreement)
    a_right = 0.5 + delta / (2 * disagreement) if disagreement > 0 else 0.5
    a_wins = rng.binomial(disagreeing, a_right)
    both_right = rng.binomial(n_test - disagreeing, accuracy)
    scores_a = (both_right + a_wins) / n_test
    scores_b = (both_right + disagreeing - a_wins) / n_test
    return CVDifferences(
        (2 * a_wins - disagreeing) / n_test,
        n_train=n_samples - n_test,
        n_test=n_test,
        repeat=np.repeat(np.arange(n_repeats), n_folds),
        fold=np.tile(np.arange(n_folds), n_repeats),
        scores_a=scores_a,
        scores_b=scores_b,
    )
