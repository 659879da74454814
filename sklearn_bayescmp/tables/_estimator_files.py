"""Step 5 of reading a table: the per-estimator results files of aeon and tsml, as one.

timeseriesclassification.com, aeon's benchmarking loaders and tsml-eval write
one CSV file per estimator and measure (``ROCKET_accuracy.csv``,
``HC2_TESTFOLDS.csv``): a header ``Resamples:`` (or ``folds:``) followed by the
resamples' numbers, then one row per data set with its score on every
resample. A resample is a random train/test split of the data set's pooled
examples with the original sizes (resample 0 is the archive's own split):
train/test resamples, not cross-validation.

The files of several estimators make one long table: a row per (data set,
model, resample). One file alone is never a table of models: read as a wide
table its resamples would become the models.
"""

import os

import numpy as np

from ..utils._io import file_stem
from ._columns import RawColumns
from ._roles import is_resamples_header
from ._sources import read_csv_source


def refuse_one_resamples_file(raw):
    """A per-estimator file read alone: its resamples are not models."""
    n_resamples = len(raw.names) - 1
    raise ValueError(
        f"{raw.source} is one estimator's results file (aeon/tsml: a row per data set, a "
        f"column per resample, {n_resamples} resamples), not a table of models: read alone, "
        "its resamples would be compared as models. Read the files of the estimators to "
        "compare together: ScoreTable.read_resamples([file, other_file, ...])."
    )


def stems(paths):
    """Each file's name without directory and extensions (a dot inside the name stays)."""
    found = []
    for path in paths:
        if not isinstance(path, (str, os.PathLike)):
            raise TypeError(
                f"`paths` must hold file paths (each file's name names its model); got "
                f"{type(path).__name__}."
            )
        found.append(file_stem(path))
    return found


def told_apart(paths, names):
    """The models' names of their files, those that two files share told apart by the
    folders above them (``a/RF`` and ``b/RF``: one estimator run twice, or two versions).

    A name that the folders cannot tell apart either (the same file given twice) is
    refused.
    """
    names = list(names)
    parts = [
        os.path.normpath(os.path.abspath(os.fspath(path))).split(os.sep)[:-1] for path in paths
    ]
    for name in set(names):
        shared = [i for i, other in enumerate(names) if other == name]
        if len(shared) < 2:
            continue
        for depth in range(1, max(len(parts[i]) for i in shared) + 1):
            longer = ["/".join([*parts[i][-depth:], name]) for i in shared]
            if len(set(longer)) == len(longer):
                for i, longer_name in zip(shared, longer, strict=True):
                    names[i] = longer_name
                break
        else:
            raise ValueError(
                f"The file {os.fspath(paths[shared[0]])!r} is given twice (as "
                f"{', '.join(repr(os.fspath(paths[i])) for i in shared)}); give each model's "
                "file once."
            )
    return names


def resample_rows(paths, models, *, encoding=None):
    """The long table of per-estimator files: columns dataset, model, resample, score.

    Parameters
    ----------
    paths : sequence of path-like
    models : sequence of str
        One name per file.
    encoding : str, default=None

    Returns
    -------
    dict of str to ndarray
        Only the cells that hold a score (an empty cell is a missing score;
        "nan" or "NA" a failed one, kept as NaN).
    """
    parts = {"dataset": [], "model": [], "resample": [], "score": []}
    for path, model in zip(paths, models, strict=True):
        raw = RawColumns(read_csv_source(path, encoding=encoding))
        if not is_resamples_header(raw.names):
            raise ValueError(
                f"{raw.source} is not a per-estimator results file of aeon/tsml: its header "
                f"is {raw.names[:4]}..., expected 'Resamples:' (or 'folds:') and then the "
                "resamples' numbers."
            )
        first, *resamples = raw.names
        datasets = raw.labels(first, "datasets")
        seen = {}
        for row, name in enumerate(datasets.tolist()):
            if name in seen:
                raise ValueError(
                    f"{raw.where(row)}: data set {name!r} is listed again (first on "
                    f"{raw.row_word(seen[name])}); each data set has one row."
                )
            seen[name] = row
        for column in resamples:
            scores, missing = raw.numbers(column, empty_is_missing=True)
            kept = np.flatnonzero(~missing)
            parts["dataset"].append(datasets[kept])
            parts["model"].append(np.array([model] * kept.size, dtype=object))
            parts["resample"].append(np.full(kept.size, int(column), dtype=np.int64))
            parts["score"].append(scores[kept])
    return {key: np.concatenate(values) for key, values in parts.items()}
