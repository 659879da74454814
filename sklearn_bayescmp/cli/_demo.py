"""``bayescmp demo``: the README's main job, with a progress bar (and a cache to resume)."""

from sklearn.datasets import load_breast_cancer
from sklearn.linear_model import LogisticRegression
from sklearn.naive_bayes import GaussianNB
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

from .. import RepeatedCVComparator
from .._command import cached_fit_count
from ._errors import Interrupted


def demo(args):
    """Run ``bayescmp demo``; return the fitted comparator."""
    X, y = load_breast_cancer(return_X_y=True)
    print("Scaled logistic regression (A) vs Gaussian naive Bayes (B), breast cancer, 10x10 CV")
    comparator = RepeatedCVComparator(
        # Seeded although lbfgs draws nothing: a cached run warns about unseeded estimators.
        make_pipeline(StandardScaler(), LogisticRegression(random_state=0)),
        GaussianNB(),
        names=("logistic regression", "naive Bayes"),
        scoring="accuracy",
        rope=0.01,
        n_jobs=args.n_jobs,
        random_state=args.seed,
        verbose=1,
        memory=args.memory,
    )
    try:
        comparator.fit(X, y)
    except KeyboardInterrupt:
        if args.memory is None:
            raise
        raise Interrupted(
            f"interrupted; {cached_fit_count(args.memory)} finished fits are cached in "
            f"{args.memory} (run the same command again to resume)"
        ) from None
    print(comparator.summary())
    return comparator
