"""Small tables as people write them, for the tests of this folder."""

import io

import numpy as np


def long_rows(datasets=("iris", "wine"), models=("a", "b"), n_folds=3, lead=0.02, seed=0):
    """``(dataset, model, fold, score)`` rows: model ``a`` leads by ``lead``."""
    rng = np.random.default_rng(seed)
    return [
        (dataset, model, fold, round(0.8 + (lead if model == "a" else 0) + rng.normal(0, 0.005), 4))
        for dataset in datasets
        for model in models
        for fold in range(n_folds)
    ]


def csv_text(header, rows):
    """A CSV's text from a header and rows."""
    return "\n".join([",".join(header), *(",".join(map(str, row)) for row in rows)]) + "\n"


def csv(header, rows):
    """A CSV file (in memory) from a header and rows."""
    return io.StringIO(csv_text(header, rows))
