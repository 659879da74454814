"""Regenerate docs/images/posterior.png, the plot the README shows.

The README's main job (scaled logistic regression vs Gaussian naive Bayes on
the breast cancer data, 10 x 10 cross-validation) drawn with PosteriorDisplay.
Run from the repository root after ``pip install -e ".[plot]"``::

    python docs/make_readme_figure.py
"""

from pathlib import Path

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
from sklearn.datasets import load_breast_cancer  # noqa: E402
from sklearn.linear_model import LogisticRegression  # noqa: E402
from sklearn.naive_bayes import GaussianNB  # noqa: E402
from sklearn.pipeline import make_pipeline  # noqa: E402
from sklearn.preprocessing import StandardScaler  # noqa: E402

from sklearn_bayescmp import RepeatedCVComparator  # noqa: E402
from sklearn_bayescmp.plotting import PosteriorDisplay  # noqa: E402

OUTPUT = Path(__file__).parent / "images" / "posterior.png"


def main():
    X, y = load_breast_cancer(return_X_y=True)
    comparator = RepeatedCVComparator(
        make_pipeline(StandardScaler(), LogisticRegression()),
        GaussianNB(),
        scoring="accuracy",
        rope=0.01,
        n_jobs=-1,
        random_state=0,
    ).fit(X, y)
    fig, ax = plt.subplots(figsize=(7, 3.6))
    PosteriorDisplay.from_comparator(comparator, ax=ax)
    ax.set_title("Logistic regression (A) vs naive Bayes (B), breast cancer, 10x10 CV")
    fig.tight_layout()
    OUTPUT.parent.mkdir(exist_ok=True)
    fig.savefig(OUTPUT, dpi=100)
    print(f"wrote {OUTPUT}")


if __name__ == "__main__":
    main()
