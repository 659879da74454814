"""Tables as papers and benchmarks print them, written by the tests of this folder."""

import io

import numpy as np

DATASETS = [f"d{i}" for i in range(8)]


def paper_scores(n_models=3, n_datasets=8, seed=0, digits=4):
    """A paper's table of mean accuracies: a row per data set, a column per model."""
    rng = np.random.default_rng(seed)
    base = rng.uniform(0.7, 0.9, n_datasets)
    leads = np.linspace(0.02, 0.0, n_models)
    return np.round(base[:, None] + leads + rng.normal(0, 0.01, (n_datasets, n_models)), digits)


def csv_of(header, rows):
    """A CSV text from a header and rows of cells."""
    return "\n".join([",".join(header), *(",".join(map(str, row)) for row in rows)]) + "\n"


def buffer(header, rows):
    return io.StringIO(csv_of(header, rows))


def wide_rows(scores, names=DATASETS, extra=()):
    """Rows of a wide table: the data set's name, its scores, then ``extra`` columns."""
    return [
        [name, *row, *(column[i] for column in extra)]
        for i, (name, row) in enumerate(zip(names, scores.tolist(), strict=False))
    ]
