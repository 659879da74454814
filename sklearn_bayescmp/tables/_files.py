"""Several files of one model each, read as one table.

Benchmarks often ship a file per model: aeon's, tsml's and
timeseriesclassification.com's per-estimator results (``ROCKET_accuracy.csv``:
a header ``Resamples:`` and the resamples' numbers, then a row per data set
with its score on each resample, which are random train/test splits), or a
long table per model (a zero-shot forecasting benchmark's
``dataset,model,MASE,WQL``). Their rows make one long table; a file without
a model column names its model by its file's name. A file's name is a
model's name here, never the measure's: only the ending every name shares
(``_accuracy``) names the measure.
"""

import os

import numpy as np

from ..exceptions import TableReadingError
from ..utils._advice import parameter
from ..utils._io import file_stem
from ..utils._validation import check_names
from ._cells import RawColumns
from ._names import file_models, is_resamples_header, is_role_name, normalized
from ._source import Source, read_csv_source
from ._spec import Note, TableSpec, Witness


def stems(paths):
    """Each file's name without directory and extensions."""
    if isinstance(paths, (str, os.PathLike)) or len(paths) < 2:
        raise ValueError(
            "`paths` must list two or more files, one per model (each estimator's results "
            f"file); got {paths!r}."
        )
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
    """The models' names of their files, those two files share told apart by the folders
    above them (``a/RF`` and ``b/RF``); the same file given twice is refused."""
    names = list(names)
    parts = [os.path.normpath(os.path.abspath(os.fspath(p))).split(os.sep)[:-1] for p in paths]
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
                f"{', '.join(repr(os.fspath(paths[i])) for i in shared)}); give each model's file "
                "once."
            )
    return names


def _model_names(paths, models):
    """Each file's model, the measure the files' names share (or None), and whether
    files that share a name were told apart by their folders."""
    file_stems = stems(paths)
    names, measure = file_models(file_stems)
    if models is not None:
        names = list(check_names(models, "models"))
        if len(names) != len(paths):
            raise ValueError(
                f"{parameter('models')} names {len(names)} models for {len(paths)} files; give "
                "one name per file."
            )
        return names, measure, False
    shared = len(set(names)) < len(names)
    names = list(check_names(told_apart(paths, names), "the files' names"))
    return names, measure, shared


def read_files(paths, *, models=None, encoding=None, sizes=None):
    """The one table of several files of one model each, and the spec their format says.

    Parameters
    ----------
    paths : sequence of path-like
    models : sequence of str, default=None
        One name per file; None names each by its file.
    encoding : str, default=None
    sizes : (mapping or int, mapping or int), default=None
        aeon/tsml's files do not say their splits' sizes: ``(n_train, n_test)``,
        each one size or a mapping of data set to size.

    Returns
    -------
    raw : RawColumns
    spec : TableSpec
        What the format says (the layout, the roles, the design of aeon's files).
    notes : list of str
    """
    names, measure, by_folder = _model_names(paths, models)
    sources = [read_csv_source(path, encoding=encoding) for path in paths]
    label = f"The results files of {', '.join(map(repr, names))}"
    if all(is_resamples_header(list(s.columns)) for s in sources):
        columns = _resample_rows(sources, names)
        if sizes is not None and sizes != (None, None):
            for key, size in zip(("n_train", "n_test"), sizes, strict=True):
                columns[key] = _per_dataset_size(size, columns["dataset"], key)
        source = Source(columns, label, measure=_measure(measure), generated=frozenset(columns))
        roles = {"model": "model", "dataset": "dataset", "split": "resample", "score": "score"}
        roles.update({key: key for key in ("n_train", "n_test") if key in columns})
        witnesses = (
            Witness("model", "the files' names", "name", "file-per-model"),
            Witness("design", "resamples", "name", "tsml-files"),
        )
        spec = TableSpec(layout="long", columns=roles, design="resamples", witnesses=witnesses)
        return RawColumns(source), spec, [Note("tsml-files", (measure, by_folder))]
    if any(is_resamples_header(list(s.columns)) for s in sources):
        odd = next(
            p
            for p, s in zip(paths, sources, strict=True)
            if not is_resamples_header(list(s.columns))
        )
        raise ValueError(
            f"{os.fspath(odd)!r} is not a per-estimator results file of aeon/tsml like the others "
            "(a 'Resamples:' header, then the resamples' numbers); give files of one format."
        )
    return _long_files(sources, names, label, measure, by_folder)


def _long_files(sources, names, label, measure, by_folder):
    """Long tables, one per model: their rows, each file's model in a column of its own
    where no column names the models."""
    header = list(sources[0].columns)
    for source in sources[1:]:
        if list(source.columns) != header:
            raise ValueError(
                f"{source.name} has the columns {list(source.columns)}, {sources[0].name} "
                f"{header}: files of one model each must share their columns."
            )
    model = next((c for c in header if normalized(c) in ("model", "model_name")), None)
    columns = {}
    for name in header:
        parts = [np.asarray(s.columns[name], dtype=object) for s in sources]
        columns[name] = np.concatenate(parts)
    notes = []
    if model is None or not is_role_name(model):
        column = "model" if "model" not in columns else "file"
        columns[column] = np.concatenate(
            [np.array([n] * len(next(iter(s.columns.values()))), dtype=object)
             for n, s in zip(names, sources, strict=True)]
        )  # fmt: skip
        notes.append(Note("file-per-model", (measure, by_folder)))
    made = frozenset({"model", "file"} & set(columns) - set(header))
    source = Source(columns, label, measure=_measure(measure), generated=made)
    return RawColumns(source), TableSpec(), notes


def _measure(measure):
    return None if measure is None else ("files-ending", measure)


def _resample_rows(sources, names):
    """The long table of per-estimator files: a row per (data set, model, resample) that
    holds a score ("nan" or "NA" a failed one; an empty cell none)."""
    parts = {"dataset": [], "model": [], "resample": [], "score": []}
    for source, model in zip(sources, names, strict=True):
        raw = RawColumns(source)
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


def _per_dataset_size(size, datasets, argument):
    """Every row's split size from one size, or from a mapping of data set to size."""
    from collections.abc import Mapping

    if size is None:
        raise TableReadingError(
            "Pass both `n_train` and `n_test`, or neither (and test_train_ratio).",
            field="test_train_ratio",
            option="test_train_ratio",
        )
    if not isinstance(size, Mapping):
        return np.full(len(datasets), size, dtype=object)
    absent = sorted({name for name in datasets.tolist() if name not in size})
    if absent:
        raise ValueError(
            f"`{argument}` has no size for data set(s) {absent[:5]}; give every data set's."
        )
    return np.array([size[name] for name in datasets.tolist()], dtype=object)
