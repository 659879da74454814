"""Tables as people write them and as papers print them, for the tests of every folder."""

import io

import numpy as np

DATASETS = [f"d{i}" for i in range(8)]


def csv_text(header, rows):
    """A CSV's text from a header and rows of cells."""
    return "\n".join([",".join(header), *(",".join(map(str, row)) for row in rows)]) + "\n"


def csv_file(header, rows):
    """A CSV file (in memory) from a header and rows of cells."""
    return io.StringIO(csv_text(header, rows))


def files_of_one_model_each(directory, models=("RF", "SVM")):
    """A long CSV file per model, named by it and without a model column: their paths."""
    paths = []
    for model in models:
        path = directory / f"{model}.csv"
        path.write_text(
            "dataset,fold,accuracy\n"
            + "".join(f"d{d},{f},0.8\n" for d in range(2) for f in range(3))
        )
        paths.append(path)
    return paths


def long_rows(datasets=("iris", "wine"), models=("a", "b"), n_folds=3, lead=0.02, seed=0):
    """``(dataset, model, fold, score)`` rows: model ``a`` leads by ``lead``."""
    rng = np.random.default_rng(seed)
    return [
        (dataset, model, fold, round(0.8 + (lead if model == "a" else 0) + rng.normal(0, 0.005), 4))
        for dataset in datasets
        for model in models
        for fold in range(n_folds)
    ]


def paper_scores(n_models=3, n_datasets=8, seed=0, digits=4):
    """A paper's table of mean accuracies: a row per data set, a column per model."""
    rng = np.random.default_rng(seed)
    base = rng.uniform(0.7, 0.9, n_datasets)
    leads = np.linspace(0.02, 0.0, n_models)
    return np.round(base[:, None] + leads + rng.normal(0, 0.01, (n_datasets, n_models)), digits)


def wide_rows(scores, names=DATASETS, extra=()):
    """Rows of a wide table: the data set's name, its scores, then ``extra`` columns."""
    return [
        [name, *row, *(column[i] for column in extra)]
        for i, (name, row) in enumerate(zip(names, scores.tolist(), strict=False))
    ]
