"""Per-estimator results files of aeon and tsml: one file per model.

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

from ._table_readers import read_csv_columns
from ._table_roles import normalised
from .utils._io import file_stem

#: The first header of a per-estimator file, normalised ("Resamples:", "folds:").
RESAMPLE_HEADERS = ("resamples", "folds")
#: How the splits of these files are said in what people read.
RESAMPLES = "train/test resamples"


def is_resamples_file(raw):
    """Whether a table is a per-estimator results file: its first header is "Resamples:"
    or "folds:" and every other header a resample's number."""
    first, *others = raw.names or [""]
    return (
        normalised(first) in RESAMPLE_HEADERS
        and bool(others)
        and all(name.strip().isdigit() for name in others)
    )


def refuse_one_resamples_file(raw):
    """A per-estimator file read alone: its resamples are not models."""
    n_resamples = len(raw.names) - 1
    raise ValueError(
        f"{raw.source} is one estimator's results file (aeon/tsml: a row per data set, a "
        f"column per resample, {n_resamples} resamples), not a table of models: read alone, "
        "its resamples would be compared as models. Read the files of the estimators to "
        "compare together: ScoreTable.read_resamples([file, other_file, ...])."
    )


def _stems(paths):
    """Each file's name without directory and extensions (a dot inside the name stays)."""
    stems = []
    for path in paths:
        if not isinstance(path, (str, os.PathLike)):
            raise TypeError(
                f"`paths` must hold file paths (each file's name names its model); got "
                f"{type(path).__name__}."
            )
        stems.append(file_stem(path))
    return stems


def model_names(paths):
    """The models named by their files, and the measure the names share.

    The words after the last underscore that every file's name ends with
    (``_accuracy``, ``_TESTFOLDS``) name the measure, not the model: they are
    left out.

    Returns
    -------
    names : list of str
    measure : str or None
        The common ending, without its underscore.
    """
    stems = _stems(paths)
    words = [stem.split("_") for stem in stems]
    common = 0
    while all(len(w) > common + 1 for w in words) and len({w[-1 - common] for w in words}) == 1:
        common += 1
    if common == 0 or len(stems) < 2:
        return stems, None
    return ["_".join(w[:-common]) for w in words], "_".join(words[0][-common:])


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
        raw = read_csv_columns(path, encoding=encoding)
        if not is_resamples_file(raw):
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
                    f"{raw.where(seen[name]).rsplit(', ', 1)[-1]}); each data set has one row."
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
