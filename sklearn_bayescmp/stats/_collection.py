"""Input forms shared by the back ends that compare models over many data sets."""

from collections.abc import Mapping
from typing import NamedTuple

import numpy as np

from .._differences import CVDifferences
from ..utils._validation import as_float_vector
from ._core import record_scale
from ._ties import merge_signed_ties, tie_scale


def check_collection(datasets, *, name="differences"):
    """Names and records of a collection of ``CVDifferences``, and the models they compare.

    Parameters
    ----------
    datasets : sequence or mapping of CVDifferences
        A mapping uses its keys as names; a sequence uses each record's
        ``name`` (or its position when unnamed).
    name : str, default="differences"

    Returns
    -------
    names : list of str
    records : list of CVDifferences
    model_names : tuple of (str, str)
        From the records that name them (they must name the same pair);
        ``("A", "B")`` when none does.
    """
    if isinstance(datasets, CVDifferences):
        raise TypeError(
            f"`{name}` must be a collection of CVDifferences (one per data set); got a "
            "single record. Wrap it in a list, or use the single-data-set tests."
        )
    if isinstance(datasets, Mapping):
        names, records = [str(key) for key in datasets], list(datasets.values())
    else:
        try:
            records = list(datasets)
        except TypeError:
            raise TypeError(
                f"`{name}` must be a sequence or mapping of CVDifferences; got "
                f"{type(datasets).__name__}."
            ) from None
        names = [
            record.name if getattr(record, "name", None) is not None else str(i)
            for i, record in enumerate(records)
        ]
    wrong = [type(r).__name__ for r in records if not isinstance(r, CVDifferences)]
    if wrong:
        raise TypeError(
            f"`{name}` must hold CVDifferences records; got {wrong[0]}. Build them with "
            "CVDifferences(...) or RepeatedCVComparator.fit_datasets."
        )
    if len(records) < 2:
        raise ValueError(
            f"`{name}` must hold at least 2 data sets; got {len(records)}. For a single data "
            "set use bayesian_correlated_ttest or corrected_ttest."
        )
    if len(set(names)) != len(names):
        raise ValueError(f"`{name}` has repeated data set names; names must be unique.")
    return names, records, _model_names(records, names, name)


def _model_names(records, names, name):
    """The pair of models the records name (unnamed records make no claim)."""
    found = {}
    for dataset, record in zip(names, records, strict=True):
        if record.model_a is not None:
            found.setdefault(record.model_names, dataset)
    if len(found) > 1:
        (first, where), (second, other) = list(found.items())[:2]
        raise ValueError(
            f"`{name}` mixes comparisons of different models: {first} on data set "
            f"{where!r} but {second} on {other!r}. Pass the records of one pair of models."
        )
    return next(iter(found), ("A", "B"))


def dataset_means(x, *, name="differences"):
    """Per-data-set mean differences, from an array or a collection of records.

    Parameters
    ----------
    x : array-like of shape (n_datasets,), or sequence or mapping of CVDifferences
        Mean difference ``A - B`` on each data set, or the records to average
        (failed splits, NaN, are left out of each mean).
    name : str, default="differences"

    Returns
    -------
    DatasetMeans
        ``names`` (None for a plain array), ``means`` of shape (n_datasets,),
        ``model_names`` (``("A", "B")`` for an array) and ``scale``, the
        largest magnitude of the scores (of the means for an array). Means
        within ``TIE_TOLERANCE * scale`` of 0 are 0, and magnitudes that
        close to each other are equal (:func:`~._ties.merge_signed_ties`):
        the same scores averaged by another route give the same ties.
    """
    if isinstance(x, DatasetMeans):  # already prepared (a table's pairs, all at once)
        return x
    if isinstance(x, Mapping) or (
        not isinstance(x, np.ndarray)
        and not isinstance(x, CVDifferences)
        and np.ndim(x) == 1
        and len(x) > 0
        and all(isinstance(item, CVDifferences) for item in x)
    ):
        names, records, model_names = check_collection(x, name=name)
        empty = [n for n, r in zip(names, records, strict=True) if r.n_failed == r.n_splits]
        if empty:
            raise ValueError(f"`{name}`: every split failed on data set {empty[0]!r}.")
        scale = max(record_scale(r) for r in records)
        means = merge_signed_ties(np.array([r.mean for r in records]), scale)
        return DatasetMeans(names, means, model_names, scale)
    if np.ndim(x) == 2:
        raise ValueError(
            f"`{name}` must hold one mean difference per data set; got a 2-D array of shape "
            f"{np.shape(x)}. Average each data set's splits first (e.g. np.mean(x, axis=1) "
            "with one row per data set), or pass one CVDifferences record per data set, "
            "which keeps the sizes the correlated tests need."
        )
    means = as_float_vector(x, name=name, unit="data set")
    if means.size < 2:
        raise ValueError(
            f"`{name}` must hold the mean differences of at least 2 data sets; got "
            f"{means.size}. For a single data set use bayesian_correlated_ttest."
        )
    if not np.all(np.isfinite(means)):
        raise ValueError(
            f"`{name}` contains {int((~np.isfinite(means)).sum())} NaN or infinite "
            "value(s); pass one finite mean difference per data set."
        )
    scale = tie_scale(means)
    return DatasetMeans(None, merge_signed_ties(means, scale), ("A", "B"), scale)


class DatasetMeans(NamedTuple):
    """What :func:`dataset_means` returns."""

    names: list | None
    means: np.ndarray
    model_names: tuple
    scale: float
