"""The ScoreTable: scores of several models on several data sets over repeated splits.

The table is what people bring (their own loops, WEKA, MLflow, OpenML, a
paper's supplement) and what the comparator's runs produce. It checks that
the scores pair up across models, keeps each split's train and test sizes
(the correlation correction needs them), and gives the
:class:`~sklearn_bayescmp.CVDifferences` records of any pair of models, on
which every back end runs. Its readers call the reading wing (``tables/``):
a guess ends in a :class:`~sklearn_bayescmp.tables.TableSpec`, and the table
is assembled by it; the table keeps its
:class:`~sklearn_bayescmp.tables.Reading`.

A missing cell, or a NaN score (a failed split), leaves that split out of
the pairs involving that model only; it is counted and reported, never
imputed.
"""

import dataclasses
import functools
import os
from collections.abc import Mapping

import numpy as np

from ._differences import CVDifferences, differences_layout, trusted_record
from ._search_results import search_candidates
from ._skore import cross_validation_reports, split_scores
from .exceptions import MissingScoresWarning, TableReadingError
from .tables._assemble import (
    DEFAULT_DATASET,
    DatasetScores,
    check_pairing,
    design_witness,
    normalized_scores,
    ratio_sizes,
)
from .tables._cells import RawColumns
from .tables._evidence import UnitsDiffer, units_of
from .tables._files import read_files
from .tables._guess import (
    WRITTEN_OPTIONS,
    decided_decimal,
    guess,
    hand_witnesses,
    written_options,
    written_spec,
)
from .tables._names import (
    ROLE_NAMES,
    companion_of,
    direction_of_name,
    is_descriptor_name,
    is_index_name,
    is_summary_name,
    normalized,
)
from .tables._source import read_csv_source, read_source
from .tables._spec import DESIGNS, ROLE_WORDS, Reading, TableSpec, Witness
from .tables._words import reading_text
from .utils._advice import option, parameter
from .utils._display import html_table, terminal_text, to_frame
from .utils._docstrings import fill_doc
from .utils._io import file_stem, write_csv
from .utils._validation import check_names, check_scale, check_splits, unknown_names
from .utils._warnings import warn

#: The column names the table itself writes, in order.
LONG_COLUMNS = ("dataset", "model", "repeat", "fold", "n_train", "n_test", "score")
#: The layouts a table is read from or written in.
LAYOUTS = ("auto", "long", "wide", "transposed", "differences")
#: The options of each layout's reader (the columns by role, and the selections).
_SPLIT_OPTIONS = (
    "dataset",
    "split",
    "repeat",
    "fold",
    "n_train",
    "n_test",
    "test_train_ratio",
    "fold_suffix",
)
_READER_OPTIONS = ("datasets", "greater_is_better", "metric", "design", "imputed", "normalize")
READ_OPTIONS = {
    "long": ("model", "score", *_SPLIT_OPTIONS, "models", *_READER_OPTIONS),
    "wide": ("models", *_SPLIT_OPTIONS, *_READER_OPTIONS),
}
READ_OPTIONS["auto"] = READ_OPTIONS["long"]
#: A row per model: the models' column may be named (``model=``), as the refusal asks.
READ_OPTIONS["transposed"] = ("model", *READ_OPTIONS["wide"])
#: The direction of scores given as arrays, and of scikit-learn's scorers' results.
ARRAYS_DIRECTION = Witness("direction", "higher", "name", "arrays")
SKLEARN_DIRECTION = Witness("direction", "higher", "name", "scikit-learn")


def check_greater_is_better(greater_is_better):
    """``greater_is_better`` as given: True, False or None; anything else is refused."""
    if greater_is_better is None or isinstance(greater_is_better, (bool, np.bool_)):
        return None if greater_is_better is None else bool(greater_is_better)
    raise TypeError(
        f"{parameter('greater_is_better')} must be True, False or None; got {greater_is_better!r} "
        f"of type {type(greater_is_better).__name__}. Pass the boolean False for a loss."
    )


def _reader_options(layout, given):
    """The options given to a reader, checked against its layout's."""
    unknown = sorted(set(given) - set(READ_OPTIONS[layout]))
    if unknown:
        raise TypeError(
            f"Unknown option(s) {unknown} for a {layout} table; expected "
            f"{list(READ_OPTIONS[layout])}."
        )
    options = {key: value for key, value in given.items() if value is not None}
    if "greater_is_better" in options:
        options["greater_is_better"] = check_greater_is_better(options["greater_is_better"])
    if options.get("design") is not None and options["design"] not in DESIGNS:
        raise ValueError(
            f"{parameter('design')} must be one of {', '.join(map(repr, DESIGNS))} (or None: "
            f"taken from the columns); got {options['design']!r}."
        )
    if options.get("imputed") not in (None, "keep", "drop"):
        raise ValueError(
            f"{parameter('imputed')} must be 'keep' or 'drop' (what to do with the scores a "
            f"column such as 'imputed' marks as filled in), or None; got {options['imputed']!r}."
        )
    if options.get("normalize") not in (None, "best-worst"):
        raise ValueError(
            f"{parameter('normalize')} must be 'best-worst' or None; got {options['normalize']!r}."
        )
    if options.get("test_train_ratio") is not None:
        ratio_sizes(options["test_train_ratio"])
    return options


def _check_spec(spec):
    if spec is None or isinstance(spec, TableSpec):
        return spec
    raise TypeError(
        f"`spec` must be a TableSpec (TableSpec.from_json(path) reads a saved one); got "
        f"{type(spec).__name__}."
    )


@fill_doc
class ScoreTable:
    """Scores of several models on one or more data sets over repeated splits.

    Build it from arrays (this constructor), or from a table:
    :meth:`from_long` (one row per data set, model and split),
    :meth:`from_wide` (one column per model), :meth:`read_csv`, or the
    ``to_table()`` of a fitted :class:`~sklearn_bayescmp.RepeatedCVComparator`.
    :func:`~sklearn_bayescmp.compare_models` compares every pair of its models.

    Parameters
    ----------
    scores : array-like of shape (n_models, n_splits) or mapping of str to such arrays
        Per data set, one row of per-split scores per model, greater is better
        (as scikit-learn's scorers: pass a loss negated). NaN marks a failed
        split. A single array is one data set, named "data".
    models : sequence of str
        The models' names, in row order; the first is "A" in every pair it is
        part of.
    n_train, n_test : int, array-like or mapping of str to array-like, default=None
        Training and test set size of every split (a scalar for all splits,
        an array per data set, or a mapping from data set to either).
    test_train_ratio : float, default=None
        ``n_test / n_train`` of the splits, e.g. ``1/9`` for 10-fold
        cross-validation, when the sizes are unknown. Without sizes and ratio,
        the tests of each data set's mean difference run (sign, signed-rank,
        Wilcoxon, Friedman) and those that correct for the splits' overlap
        (the correlated t-tests, Poisson, hierarchical) refuse the table.
    repeat, fold : array-like or mapping of str to array-like, default=None
        Repeat and fold index of every split; by default one repeat with the
        splits as folds.
    design : {"cross-validation", "resamples", "seeds", "means"}, default=None
        How the splits were made: repeated k-fold cross-validation, random
        train/test resamples, training seeds on one fixed split, or one score
        per data set. None: "means" when every data set has one score per
        model; otherwise it is required.

    Attributes
    ----------
    models : tuple of str
        The models, in table order.
    datasets : tuple of str
        The data sets, in table order.
    n_models, n_datasets : int
        How many.
    n_failed : int
        Scores that are NaN (failed splits).
    n_missing : int
        (data set, model, split) cells without a score.
    spec : TableSpec
        How the table was read: every decision with its witness, to see,
        correct and pass back (``read_csv(..., spec=)``).
    roles : dict of str to str or None
        For a table read from columns, which column got which role; None for
        a table built from arrays.
    ignored_columns : tuple of str
        The columns of a table read from columns that took no role.
    unscored_datasets : tuple of str
        The data sets of a table read from columns on which no model has a
        score (every cell empty, as where the metric does not apply); they are
        left out, and a warning names them.
    lower_is_better : tuple of str
        The data sets whose scores were a loss (lower is better): the table
        holds their negatives, so that greater is better everywhere.
    reading : Reading
        How the table was read: the spec, with what the assembly found (each
        data set's metric, the data sets of a loss, notes on the cells), as
        codes and names; :meth:`summary` says it in words.
    design : str
        How the splits were made: "cross-validation", "resamples", "seeds" or
        "means".
    units : UnitsDiffer or None
        None when the data sets' scores plausibly share one unit; else what
        differs, as a code (``units.kind``: "metrics", "scale" or "spec")
        with its numbers, which the tests that pool differences across data
        sets refuse (see :meth:`normalized`).

    See Also
    --------
    compare_models : Every pair of models, a ranking and the frequentist reference.

    Examples
    --------
    >>> from sklearn_bayescmp import ScoreTable
    >>> table = ScoreTable.from_long(
    ...     {
    ...         "dataset": ["iris"] * 6 + ["wine"] * 6,
    ...         "model": ["lr", "lr", "lr", "nb", "nb", "nb"] * 2,
    ...         "split": [0, 1, 2] * 4,
    ...         "score": [0.96, 0.94, 0.98, 0.95, 0.93, 0.95, 0.97, 0.98, 0.96, 0.97, 0.96, 0.97],
    ...     },
    ...     test_train_ratio=1 / 2,
    ... )
    >>> table
    ScoreTable(models=('lr', 'nb'), datasets=('iris', 'wine'), n_splits=3, n_failed=0, n_missing=0)
    >>> table.differences("lr", "nb")["iris"].differences.round(2)
    array([0.01, 0.01, 0.03])
    """

    def __init__(
        self,
        scores,
        *,
        models,
        n_train=None,
        n_test=None,
        test_train_ratio=None,
        repeat=None,
        fold=None,
        design=None,
    ):
        models = check_names(models, "models")
        if not isinstance(scores, Mapping):
            scores = {DEFAULT_DATASET: scores}
        if not scores:
            raise ValueError("`scores` holds no data set; pass at least one.")
        if (n_train is None) != (n_test is None):
            raise ValueError("Pass both `n_train` and `n_test`, or neither (and test_train_ratio).")
        if n_train is not None and test_train_ratio is not None:
            raise ValueError(
                "Pass either the split sizes (`n_train`, `n_test`) or "
                f"{parameter('test_train_ratio')}, not both."
            )
        _reader_options("long", {"design": design})
        fixed_sizes = None if test_train_ratio is None else ratio_sizes(test_train_ratio)

        def per_dataset(value, name):
            return value[name] if isinstance(value, Mapping) else value

        data = {}
        names = check_names(list(scores), "the data sets (`scores`' keys)")
        for name, (key, values) in zip(names, scores.items(), strict=True):
            array = np.asarray(values, dtype=float)
            if array.ndim != 2 or array.shape[0] != len(models):
                raise ValueError(
                    f"`scores[{name!r}]` must have one row per model ({len(models)}) and one "
                    f"column per split; got shape {array.shape}."
                )
            check_scale(array, name=f"scores[{name!r}]")
            sizes = fixed_sizes or (per_dataset(n_train, key), per_dataset(n_test, key))
            splits = check_splits(
                array.shape[1],
                n_train=sizes[0],
                n_test=sizes[1],
                repeat=per_dataset(repeat, key),
                fold=per_dataset(fold, key),
            )
            data[name] = DatasetScores(array.copy(), np.ones(array.shape, bool), **splits)
        self._models = models
        self._data = data
        self._scores_known = True
        self._reading = _arrays_reading("The arrays of scores", data, design)
        check_pairing(models, data)

    @classmethod
    def _from_parts(cls, models, data, scores_known=True, reading=None):
        table = cls.__new__(cls)
        table._models = tuple(models)
        table._data = dict(data)
        table._scores_known = scores_known
        table._reading = reading or _arrays_reading("The arrays of scores", table._data)
        return table

    @classmethod
    def _from_reading(cls, parts):
        """The table of a reading's parts, with the warnings the reading raised."""
        table = cls._from_parts(parts.models, parts.data, reading=parts.reading)
        _report_incomplete(table, parts.reading.source)
        for message, category in parts.warnings:
            warn(message, category)
        return table

    @classmethod
    def _read(cls, raw, options, layout, spec, notes=()):
        """The table of a source's columns read by a guessed spec (or the spec given)."""
        options = {**_reader_options(layout, options), "layout": None}
        if layout != "auto":
            options["layout"] = layout
        parts = guess(raw, options, spec=_check_spec(spec))
        if notes:
            parts.reading = dataclasses.replace(parts.reading, notes=(*notes, *parts.reading.notes))
        return cls._from_reading(parts)

    # -- reading tables ---------------------------------------------------

    @classmethod
    def from_long(
        cls,
        data,
        *,
        model=None,
        score=None,
        dataset=None,
        split=None,
        repeat=None,
        fold=None,
        n_train=None,
        n_test=None,
        test_train_ratio=None,
        fold_suffix=None,
        models=None,
        datasets=None,
        greater_is_better=None,
        metric=None,
        design=None,
        imputed=None,
        normalize=None,
        spec=None,
    ):
        """A table with one row per (data set, model, split) and a score column.

        Columns take their roles from the names people give them, case
        ignored: the model is "model", "classifier", "learner", "algorithm",
        "estimator" or "method" (or the one text column besides the data
        set); the score "score", "accuracy", "auc", "f1", a loss's name...
        (or the one numeric column besides the split indices and sizes); the
        data set "dataset", "data", "task" or "problem"; a repeat "repeat",
        "run" or "seed"; a fold "fold". An ambiguous table is refused with
        the candidates and the option to pass; ``spec`` tells which column
        got which role, and why.

        Parameters
        ----------
        data : dataframe, dict of array-like, str or path-like
            A pandas, polars or pyarrow table (anything narwhals reads), a
            dict of equal-length columns, or a CSV file (see :meth:`read_csv`).
        model, score : str, default=None
            The columns of the model's name and of the score (empty, "nan" or
            "NA" marks a failed split); None finds them by their names.
        dataset : str, default=None
            The data-set column; None finds it by its name, and otherwise
            reads a single data set named "data".
        split : str, default=None
            The column that identifies a split (integers, or labels such as
            "fold-3").
        repeat, fold : str, default=None
            Columns that identify a split together, when there is no split
            column.
        n_train, n_test : str, default=None
            Columns of the split sizes; None uses "n_train" and "n_test" when
            present.
        test_train_ratio : float, default=None
            ``n_test / n_train`` of the splits (e.g. ``1/9`` for 10-fold
            cross-validation), when the table has no sizes.
        fold_suffix : str, default=None
            The separator after which every id of the data-set column ends
            with its fold, when no column gives the fold: ``"_"`` reads
            ``10090_3`` as fold 3 of data set ``10090``; ``""`` reads every id
            as a data set. None reads ids as (data set, fold) only where a word
            says so ("credit-g-fold2", a column named "task_fold"), and asks
            where ids only end with the same indices ("friedman_1", "monks_1").
        models, datasets : sequence of str, default=None
            Keep only these models / data sets, in this order (the first model
            is "A" of its pairs). None keeps all, in order of first appearance.
        greater_is_better : bool, default=None
            False for a loss (error rate, RMSE...): its negative is compared,
            so that positive differences still favour A. None takes it from a
            witness: the score column's name (a loss's word such as error,
            loss, rmse, mase; a score's such as accuracy, auc; "score", as
            scikit-learn's), the metric column (each data set's metric), the
            file's name; a table that no witness speaks for, or whose
            witnesses disagree, is refused until the direction is given.
        metric : str, default=None
            Keep the rows of this metric, when a metric column (OpenML's
            "function", the AutoML Benchmark's "metric") holds several.
        design : {"cross-validation", "resamples", "seeds", "means"}, default=None
            How the splits were made; None takes it from a witness (one score
            per data set is "means"; a split column named "fold" or "split"
            says cross-validation, "seed" training seeds, "resample"
            resamples), and refuses a table that none speaks for.
        imputed : {"keep", "drop"}, default=None
            What to do with the scores that a column named "imputed" (or
            "is_imputed", "filled"...) marks as filled in from another model.
        normalize : {"best-worst"}, default=None
            Rescale every data set's scores, over every model of the table
            (before ``models`` selects), from the worst model's mean (0) to
            the best one's (1); see :meth:`normalized`.
        spec : TableSpec, default=None
            A spec to read by (``table.spec`` of an earlier reading, or a
            corrected one): every field it sets is taken as given.

        Returns
        -------
        ScoreTable
            ``spec`` and ``reading`` say how it was read.

        Raises
        ------
        TableReadingError
            Where no witness says a decision, or witnesses disagree: one line
            naming what was looked at and the option, and the ``spec`` reached.

        Notes
        -----
        Names propose and values decide: a column, row or model that a
        name makes a summary, a spread, a rank or a description of the data
        sets is left out where its values are one, and refused where they are
        not; the documentation's page "How a table is read" lists every witness
        and every refusal.
        """
        options = {k: v for k, v in locals().items() if k in READ_OPTIONS["long"]}
        return cls._read(RawColumns(read_source(data)), options, "long", spec)

    @classmethod
    def from_wide(
        cls,
        data,
        *,
        models=None,
        dataset=None,
        split=None,
        repeat=None,
        fold=None,
        n_train=None,
        n_test=None,
        test_train_ratio=None,
        fold_suffix=None,
        datasets=None,
        greater_is_better=None,
        metric=None,
        design=None,
        imputed=None,
        normalize=None,
        spec=None,
    ):
        """A table with one column of scores per model and one row per split.

        Parameters
        ----------
        data : dataframe, dict of array-like, str or path-like
            As for :meth:`from_long`.
        models : sequence of str, default=None
            The model columns, in order. None takes every column that the
            names and values leave (see Notes).
        dataset, split, repeat, fold, n_train, n_test : str, default=None
            As for :meth:`from_long`.
        test_train_ratio : float, default=None
            ``n_test / n_train`` of the splits, when the table has no sizes.
        fold_suffix : str, default=None
            As for :meth:`from_long`.
        datasets : sequence of str, default=None
            Keep only these data sets, in this order.
        greater_is_better : bool, default=None
            False for a loss. None takes it from a witness (a metric column,
            the file's name, the same measure in every model column's name,
            as ``rf_rmse`` and ``svm_rmse``, marks on every row's best cell);
            one model's name never says it.
        metric, design, imputed, normalize, spec : default=None
            As for :meth:`from_long`.

        Returns
        -------
        ScoreTable
            An empty cell is a missing score; "nan" or "NA" a failed split.
            A column that names a model on each row (a table turned around) is
            refused, unless ``models`` names the labels of its rows, which
            reads it turned around (a row per model, a column per data set).

        Raises
        ------
        TableReadingError
            As for :meth:`from_long`.

        Notes
        -----
        Which columns hold models is decided by the names and the values: a
        dataframe's index, a model's spread or rank ("A_std", "rank_A"), a
        change against another model ("Δ vs Base"), a summary of the models
        ("Average"), a description of the data sets ("#Ex.", "IR", "Size")
        and a column on another scale are left out where the values agree with
        the name, and refused otherwise; ``models=`` always settles it.
        """
        options = {k: v for k, v in locals().items() if k in READ_OPTIONS["wide"]}
        return cls._read(RawColumns(read_source(data)), options, "wide", spec)

    @classmethod
    def from_cross_validate(cls, results, *, n_train=None, n_test=None, metric="score"):
        """A table of scikit-learn's :func:`~sklearn.model_selection.cross_validate` results.

        Parameters
        ----------
        results : mapping of str to dict, or of str to (mapping of str to dict)
            ``{model: cross_validate(...)}`` for one data set, or
            ``{dataset: {model: cross_validate(...)}}`` for several. Every model
            must have been cross-validated on the same splits (the same ``cv``
            with a fixed ``random_state``), or the pairs mean nothing.
        n_train, n_test : int or array-like of shape (n_splits,), default=None
            The splits' sizes, e.g. ``[len(train) for train, _ in cv.split(X, y)]``
            (or a mapping of data set to sizes). None reads them from the
            indices of ``cross_validate(..., return_indices=True)``; without
            indices they are unknown, and the tests that correct for the
            splits' overlap refuse the table.
        metric : str, default="score"
            Which ``test_<metric>`` entry to read (the scorer's name when
            ``scoring`` had several).

        Returns
        -------
        ScoreTable
            With ``return_indices=True`` the results must share their splits
            (the same train and test indices), or they are refused.

        Examples
        --------
        >>> from sklearn.datasets import load_iris
        >>> from sklearn.model_selection import KFold, cross_validate
        >>> from sklearn.naive_bayes import GaussianNB
        >>> from sklearn.tree import DecisionTreeClassifier
        >>> from sklearn_bayescmp import ScoreTable
        >>> X, y = load_iris(return_X_y=True)
        >>> cv = KFold(5, shuffle=True, random_state=0)
        >>> results = {
        ...     "NB": cross_validate(GaussianNB(), X, y, cv=cv),
        ...     "tree": cross_validate(DecisionTreeClassifier(random_state=0), X, y, cv=cv),
        ... }
        >>> ScoreTable.from_cross_validate(results, n_train=120, n_test=30).models
        ('NB', 'tree')
        """
        key = f"test_{metric}"
        first = next(iter(results.values()), None)
        # {dataset: {model: results}}: each model's results are a mapping (a model's own
        # results hold arrays, fit_time always).
        if isinstance(first, Mapping) and all(isinstance(v, Mapping) for v in first.values()):
            nested = results
        else:
            nested = {DEFAULT_DATASET: results}
        scores, models, sizes = {}, None, {}
        for dataset, per_model in nested.items():
            names = tuple(per_model)
            if models is not None and names != models:
                raise ValueError(
                    f"Every data set needs the same models; data set {dataset!r} has "
                    f"{list(names)}, the first had {list(models)}."
                )
            models = names
            missing = [name for name in names if key not in per_model[name]]
            if missing:
                found = sorted(k for k in per_model[missing[0]] if k.startswith("test_"))
                raise ValueError(
                    f"The results of {missing} have no {key!r}; pass metric=<the scorer's "
                    f"name> (they have {found})."
                )
            scores[dataset] = np.vstack([np.asarray(per_model[n][key], float) for n in names])
            sizes[dataset] = _sizes_of_indices(per_model, dataset)
        if n_train is None and n_test is None and all(v is not None for v in sizes.values()):
            n_train = {name: train for name, (train, _) in sizes.items()}
            n_test = {name: test for name, (_, test) in sizes.items()}
        return _of_scikit_learn(cls(scores, models=models, n_train=n_train, n_test=n_test))

    @classmethod
    def from_skore(cls, reports, *, metric="accuracy", greater_is_better=None, pos_label=None):
        """A table of skore's cross-validation reports: their splits pair.

        `skore <https://skore.probabl.ai>`_ keeps every split of a
        cross-validation (``CrossValidationReport``) and compares several
        (``ComparisonReport``). Their splits' scores, read here with the
        splits' sizes, give each pair's Bayesian answer: the probabilities
        that one model is practically better, equivalent or worse, which a
        table of means and standard deviations does not.

        Parameters
        ----------
        reports : ComparisonReport, or dict or list of CrossValidationReport
            skore's comparison of cross-validation reports, or the reports
            (named by the dict's keys, or by their estimators). Every report
            must have been made on the same splits (one splitter with a fixed
            ``random_state``): they are refused otherwise.
        metric : str, default="accuracy"
            The metric of skore's reports to compare ("roc_auc", "log_loss",
            "r2"...; see ``report.reports_[0].metrics.available()``).
        greater_is_better : bool, default=None
            False for a loss. None takes it from the metric's name (a loss's,
            "log_loss", "brier_score", "rmse": lower is better), and refuses a
            name that says neither.
        pos_label : int or str, default=None
            The class whose score is compared, for a metric that gives one
            score per class (skore's "precision" and "recall"); without it
            such a metric is refused, naming the classes.

        Returns
        -------
        ScoreTable
            One data set, named "data"; a column per split, with its sizes
            read from the reports' ``split_indices``.

        Examples
        --------
        >>> from sklearn.datasets import load_breast_cancer
        >>> from sklearn.linear_model import LogisticRegression
        >>> from sklearn.naive_bayes import GaussianNB
        >>> from skore import ComparisonReport, CrossValidationReport  # doctest: +SKIP
        >>> X, y = load_breast_cancer(return_X_y=True)
        >>> reports = ComparisonReport(  # doctest: +SKIP
        ...     {
        ...         "logistic regression": CrossValidationReport(
        ...             LogisticRegression(max_iter=5000), X, y, splitter=10
        ...         ),
        ...         "naive Bayes": CrossValidationReport(GaussianNB(), X, y, splitter=10),
        ...     }
        ... )
        >>> ScoreTable.from_skore(reports).models  # doctest: +SKIP
        ('logistic regression', 'naive Bayes')
        """
        named = cross_validation_reports(reports)
        greater_is_better = check_greater_is_better(greater_is_better)
        scores, n_train, n_test = split_scores(named, metric, pos_label)
        if greater_is_better is not None:
            side = "higher" if greater_is_better else "lower"
            said = {"name": "greater_is_better", "found": greater_is_better}
            witness = Witness("direction", side, "option", "option", **said)
        else:
            side, word = direction_of_name(metric)
            if side is None:
                raise ValueError(
                    "The skore reports: cannot tell which way is better for the metric "
                    f"{metric!r}: its name says neither a loss nor a score. Pass "
                    f"{option('greater_is_better', True)} if higher is better, "
                    f"{option('greater_is_better', False)} for a loss."
                )
            witness = Witness("direction", side, "name", "metric", name=metric)
        table = cls(
            {DEFAULT_DATASET: 0.0 - scores if side == "lower" else scores},
            models=list(named),
            n_train=n_train,
            n_test=n_test,
            design="cross-validation",
        )
        spec = table._reading.spec
        table._reading = Reading(
            "The skore reports",
            dataclasses.replace(
                spec,
                direction=side,
                witnesses=(witness, *(w for w in spec.witnesses if w.subject != "direction")),
            ),
            lower_is_better=table.datasets if side == "lower" else (),
        )
        return table

    @classmethod
    def from_cv_results(
        cls, cv_results, *, n_train=None, n_test=None, metric="score", repeat=None, fold=None
    ):
        """A table of a hyper-parameter search's ``cv_results_``: its candidates as models.

        Every candidate of a search is scored on the same splits, so the
        ``split<i>_test_<metric>`` entries pair. Given a fitted search and its
        data, :func:`~sklearn_bayescmp.model_selection.compare_search_candidates`
        finds the splits' sizes itself; this reads ``cv_results_`` alone (a
        dict, or the data frame ``pd.DataFrame(search.cv_results_)`` saved by
        an earlier run).

        Parameters
        ----------
        cv_results : mapping or dataframe
            ``search.cv_results_`` of :class:`~sklearn.model_selection.GridSearchCV`,
            :class:`~sklearn.model_selection.RandomizedSearchCV` or similar.
        n_train, n_test : int or array-like of shape (n_splits,), default=None
            The splits' sizes (``cv_results_`` does not hold them), e.g.
            ``[len(train) for train, _ in cv.split(X, y)]``; None leaves them
            unknown, and the tests that correct for the splits' overlap refuse
            the table.
        metric : str, default="score"
            Which ``split<i>_test_<metric>`` entries to read (the scorer's name
            when the search had several).
        repeat, fold : array-like of shape (n_splits,), default=None
            Each split's repeat and fold (of a repeated splitter); by default
            one repeat with the splits as folds.

        Returns
        -------
        ScoreTable
            One model per candidate, named by its parameters
            (``"C=1, kernel=rbf"``; ``"3: C=1"``, its row, when two print
            alike), in the order of ``cv_results_``. Of a successive-halving
            search (``HalvingGridSearchCV``), only the candidates of the last
            iteration, scored on the same data, are kept (a warning says so).

        Examples
        --------
        >>> from sklearn.datasets import load_iris
        >>> from sklearn.model_selection import GridSearchCV, KFold
        >>> from sklearn.svm import SVC
        >>> from sklearn_bayescmp import ScoreTable
        >>> X, y = load_iris(return_X_y=True)
        >>> cv = KFold(5, shuffle=True, random_state=0)
        >>> search = GridSearchCV(SVC(), {"C": [0.1, 1.0]}, cv=cv).fit(X, y)
        >>> ScoreTable.from_cv_results(search.cv_results_, n_train=120, n_test=30).models
        ('C=0.1', 'C=1.0')
        """
        columns = cv_results if isinstance(cv_results, Mapping) else read_source(cv_results).columns
        scores, names, _ = search_candidates(columns, metric)
        table = cls(
            {DEFAULT_DATASET: scores},
            models=names,
            n_train=n_train,
            n_test=n_test,
            repeat=repeat,
            fold=fold,
        )
        return _of_scikit_learn(table)

    @classmethod
    def read_csv(
        cls,
        path_or_buf,
        *,
        layout="auto",
        delimiter=None,
        encoding=None,
        quotechar=None,
        header_row=None,
        footer_rows=None,
        decimal=None,
        thousands=None,
        missing=None,
        spec=None,
        **columns,
    ):
        """Read a long, wide or differences CSV file, or several files of one model each.

        Parameters
        ----------
        path_or_buf : str, path-like, file-like, or list of str or path-like
            Also gzip, bz2 or xz compressed. A list of two or more files of one
            model each (a long table per model, or aeon/tsml's per-estimator
            files) is read as one table; each file without a model column is
            named by its file.
        layout : {"auto", "long", "wide", "transposed", "differences"}, default="auto"
            "auto": differences when the file has a ``difference`` column (or
            ``score_a`` and ``score_b``, :meth:`CVDifferences.to_csv`'s
            layout), long when its columns' names say the model and the score,
            otherwise wide. "transposed": a row per model (named by its text
            column, or ``model=``) and a column per data set.
        delimiter : str, default=None
            None sniffs comma, semicolon or tab.
        encoding : str, default=None
            None reads UTF-8 (with or without a byte-order mark) and UTF-16
            (with one); anything else is refused with what the file looks
            like. Pass e.g. ``"latin-1"`` for an older spreadsheet's export.
        quotechar : str, default=None
            The character around a cell that holds the delimiter
            (``"'"``); None: ``'"'``.
        header_row : int, default=None
            The line (from 0) of the header; the lines above it, a title, are
            skipped. None: the first line, or the first after lines of one
            cell each (a title, said in the reading).
        footer_rows : int, default=None
            How many non-blank lines below the table (a note) to skip. None:
            the last lines of one cell each (said in the reading).
        decimal : {".", ","}, default=None
            The numbers' decimal mark. None reads a point, and in a file
            delimited by semicolons or tabs a comma too, where a cell says it
            ("0,91"); a comma that could as well group thousands ("1,200") is
            asked about.
        thousands : {",", ".", " ", "'"}, default=None
            The mark that groups the numbers' thousands ("1,234.5"); None:
            none. ``thousands="."`` implies ``decimal=","``.
        missing : list of str, default=None
            Spellings of a failed or missing score besides NaN, NA, N/A, null,
            none and an empty cell (``["-", "timeout"]``): read as NaN.
        spec : TableSpec, default=None
            A spec to read by (``table.spec``, or
            ``TableSpec.from_json(path)``): every field it sets is taken as
            given, and a file that contradicts it is refused, naming the field.
        **columns : dict
            Column names and options of :meth:`from_long` or :meth:`from_wide`
            (``dataset=``, ``model=``, ``score=``, ``test_train_ratio=``,
            ``greater_is_better=``...); for a differences file only
            ``greater_is_better``, as its columns are fixed.

        Returns
        -------
        ScoreTable
            Of two models for a differences file (named by its ``model_a``
            and ``model_b`` columns, or "A" and "B"); its data sets are named
            by its ``dataset`` column, or after the file.

        Raises
        ------
        TableReadingError
            As for :meth:`from_long`.
        """
        if not isinstance(path_or_buf, (str, os.PathLike)) and not hasattr(path_or_buf, "read"):
            paths = list(path_or_buf)
            if layout not in ("auto", "long"):
                raise TypeError(
                    f"Several files are read as long tables: leave {parameter('layout')} out."
                )
            marks = {
                "delimiter": delimiter,
                "quotechar": quotechar,
                "header_row": header_row,
                "footer_rows": footer_rows,
                "decimal": decimal,
                "thousands": thousands,
                "missing": missing,
            }
            given_marks = [parameter(name) for name, value in marks.items() if value is not None]
            if given_marks:
                raise TypeError(
                    "Several files are read as the per-estimator files of aeon/tsml, written "
                    f"with commas and decimal points: leave out {', '.join(given_marks)}."
                )
            raw, given, notes = read_files(paths, encoding=encoding, models=None)
            fixed = sorted(set(columns) & set(given.columns))
            if fixed:
                raise TypeError(
                    f"{', '.join(option(name) for name in fixed)}: several files are read as "
                    "the per-estimator results files of aeon/tsml, whose columns are fixed; leave "
                    "the option out, or compare one table's file."
                )
            return cls._read(raw, columns, "long", _merged(given, spec), notes)
        if layout not in LAYOUTS:
            raise ValueError(
                f"{parameter('layout')} must be one of {', '.join(map(repr, LAYOUTS))}; got "
                f"{layout!r}."
            )
        spec = _check_spec(spec)
        written = written_options(
            spec,
            delimiter=delimiter,
            encoding=encoding,
            quotechar=quotechar,
            header_row=header_row,
            footer_rows=footer_rows,
            decimal=decimal,
            thousands=thousands,
            missing=missing,
        )
        raw = RawColumns(read_csv_source(path_or_buf, **written))
        if layout == "auto" and spec is not None and spec.layout is not None:
            layout = spec.layout  # the spec's layout, never the columns' guess, decides
        names = set(raw.names)
        differences = "difference" in names or {"score_a", "score_b"} <= names
        if layout == "differences" or (layout == "auto" and differences):
            return cls._read_differences(raw, path_or_buf, columns, spec)
        return cls._read(raw, columns, layout, spec)

    @classmethod
    def _read_differences(cls, raw, path_or_buf, columns, spec=None):
        greater_is_better = check_greater_is_better(columns.pop("greater_is_better", None))
        said = _differences_spec(raw.source, spec, greater_is_better)
        if greater_is_better is None and said.direction is not None:
            greater_is_better = said.direction == "higher"
        if columns.pop("normalize", None) is not None:
            raise ValueError(
                f"{raw.source}: {option('normalize', 'best-worst')} rescales the models' scores, "
                "and a differences file holds no scores to normalize, only the differences of two "
                "models; leave it out."
            )
        if columns:
            raise TypeError(f"A differences file has fixed columns; got options {sorted(columns)}.")
        records = {name: CVDifferences(**f) for name, f in differences_layout(raw).items()}
        if None in records:  # one data set without a name: the file's
            name = _file_stem(path_or_buf)
            records = {name: dataclasses.replace(records[None], name=name)}
        if greater_is_better is False:  # differences of a loss: A - B favours B
            records = {name: _negated_record(record) for name, record in records.items()}
        table = cls.from_records(records)
        direction = said.witness("direction")
        if greater_is_better is None:
            direction = Witness("direction", "higher", "name", "differences-file")
        elif direction is None:
            side = "higher" if greater_is_better else "lower"
            option_ = {"name": "greater_is_better", "found": greater_is_better}
            direction = Witness("direction", side, "option", "option", **option_)
        read = _arrays_reading(raw.source, table._data, said.design).spec
        design = said.witness("design") or read.witness("design")
        how_written = [w for w in said.witnesses if w.subject in WRITTEN_OPTIONS]
        read = dataclasses.replace(
            read,
            layout="differences",
            direction="higher" if greater_is_better is not False else "lower",
            witnesses=(direction, design, *how_written),
        )
        read = written_spec(raw.source_record, read)
        table._reading = Reading(
            raw.source,
            decided_decimal(raw.source_record, read),
            lower_is_better=table.datasets if greater_is_better is False else (),
        )
        _report_incomplete(table, raw.source)
        return table

    @classmethod
    def read_resamples(
        cls,
        paths,
        *,
        models=None,
        datasets=None,
        n_train=None,
        n_test=None,
        test_train_ratio=None,
        greater_is_better=None,
        encoding=None,
        spec=None,
    ):
        r"""Read the per-estimator results files of aeon and tsml, one file per model.

        timeseriesclassification.com, aeon's benchmarking and tsml-eval publish
        one CSV file per estimator and measure (``ROCKET_accuracy.csv``): a
        header ``Resamples:`` (or ``folds:``) and the resamples' numbers, then
        a row per data set with its score on each resample. The resamples are
        random train/test splits with the data set's original sizes, not
        cross-validation: the table says so (``design``), and its
        frequentist reference on one data set is the corrected resampled
        t-test.

        Parameters
        ----------
        paths : sequence of str or path-like
            Two or more files, one per model (gzip, bz2 or xz compressed too).
        models : sequence of str, default=None
            The models' names, one per file. None names each by its file,
            without the ending that every file's name shares (``_accuracy``,
            ``_TESTFOLDS``): that ending names the measure.
        datasets : sequence of str, default=None
            Keep only these data sets, in this order.
        n_train, n_test : int or mapping of str to int, default=None
            The train and test sizes of every resample (the data set's
            original split), one pair for all data sets or a mapping from
            each data set to its size. Without them (and without
            ``test_train_ratio``) the sizes are unknown: the tests of each
            data set's mean difference run, and those that correct for the
            overlap of the training sets refuse the table.
        test_train_ratio : float, default=None
            ``n_test / n_train`` of the resamples, when the sizes are not given.
        greater_is_better : bool, default=None
            False for a loss. None takes it from the measure the files' names
            share (``_accuracy``: higher; ``_logloss``: lower), and refuses
            files whose names say no measure: a file's name is its model's.
        encoding : str, default=None
            As for :meth:`read_csv`.
        spec : TableSpec, default=None
            As for :meth:`read_csv`.

        Returns
        -------
        ScoreTable
            A data set missing from a file, or an empty cell, is a missing
            score; "nan" or "NA" a failed one.

        Examples
        --------
        >>> import os, tempfile
        >>> from sklearn_bayescmp import ScoreTable
        >>> folder = tempfile.mkdtemp()
        >>> for name, scores in {"ROCKET": "0.97,0.95,0.96", "HC2": "0.98,0.97,0.97"}.items():
        ...     with open(os.path.join(folder, f"{name}_accuracy.csv"), "w") as file:
        ...         _ = file.write(f"Resamples:,0,1,2\nChinatown,{scores}\nItalyPower,{scores}\n")
        >>> table = ScoreTable.read_resamples(
        ...     [os.path.join(folder, f"{name}_accuracy.csv") for name in ("ROCKET", "HC2")]
        ... )
        >>> table.models, table.design
        (('ROCKET', 'HC2'), 'resamples')
        """
        if (n_train is None) != (n_test is None):
            raise ValueError("Pass both `n_train` and `n_test`, or neither (and test_train_ratio).")
        raw, given, notes = read_files(
            paths, models=models, encoding=encoding, sizes=(n_train, n_test)
        )
        if "split" not in given.columns:
            raise ValueError(
                f"{raw.source}: these are not aeon/tsml per-estimator results files (a "
                "'Resamples:' header, then the resamples' numbers); read tables of one model "
                "each with ScoreTable.read_csv([file, other_file, ...])."
            )
        options = {
            "datasets": datasets,
            "test_train_ratio": test_train_ratio,
            "greater_is_better": greater_is_better,
        }
        return cls._read(raw, options, "long", _merged(given, spec), notes)

    # -- what the table holds ----------------------------------------------

    @property
    def models(self):
        """tuple of str: The models, in table order."""
        return self._models

    @property
    def datasets(self):
        """tuple of str: The data sets, in table order."""
        return tuple(self._data)

    @property
    def n_models(self):
        """int: Number of models."""
        return len(self._models)

    @property
    def n_datasets(self):
        """int: Number of data sets."""
        return len(self._data)

    @property
    def n_failed(self):
        """int: Scores that are NaN (failed splits); differences, for a table of differences."""
        if not self._scores_known:
            return int(sum(np.isnan(d.differences).sum() for d in self._data.values()))
        return int(sum((d.present & np.isnan(d.scores)).sum() for d in self._data.values()))

    def _need_scores(self, what):
        if not self._scores_known:
            raise ValueError(
                f"This table holds the differences of two models (it was read from a differences "
                f"file), not their scores: it has no {what}. Give the scores (score_a and "
                "score_b columns) to have them."
            )

    @property
    def n_missing(self):
        """int: (data set, model, split) cells without a score."""
        return int(sum((~d.present).sum() for d in self._data.values()))

    @property
    def lower_is_better(self):
        """tuple of str: The data sets whose scores were a loss; the table holds their
        negatives, so that greater is better (and differences favour A when positive)."""
        return self._reading.lower_is_better

    @property
    def reading(self):
        """Reading: How the table was read, as codes and names: the spec (every
        decision with its witness), what was left out and why, each data set's
        metric, the data sets of a loss, notes on the cells. :meth:`summary` says
        it in words."""
        if self._reading.n_datasets == self.n_datasets:
            return self._reading
        return dataclasses.replace(self._reading, n_datasets=self.n_datasets)

    @property
    def spec(self):
        """TableSpec: How the table was read: every decision with its witness, to see,
        correct, save (``spec.to_json(path)``) and pass back (``read_csv(..., spec=)``)."""
        return self._reading.spec

    @property
    def roles(self):
        """dict of str to str or None: Which column got which role (None for a table
        built from arrays or from aeon/tsml's files)."""
        if self._reading.layout not in ("long", "wide", "transposed"):
            return None
        return self._reading.roles

    @property
    def ignored_columns(self):
        """tuple of str: The columns of a table read from columns that took no role."""
        return self._reading.ignored_columns

    @property
    def unscored_datasets(self):
        """tuple of str: The data sets left out because no model has a score on them."""
        return tuple(
            entry.name
            for entry in self._reading.left_out
            if entry.kind == "data set" and entry.reason == "unscored"
        )

    @property
    def design(self):
        """str: How the splits were made: "cross-validation", "resamples", "seeds" or
        "means" (one score per data set)."""
        return self._reading.design

    @functools.cached_property
    def units(self):
        """UnitsDiffer or None: None when the data sets' scores plausibly share one unit;
        else what differs, as a code with its numbers: their metrics ("metrics"), their
        scales ten times apart or more ("scale"), or the spec's word ("spec")."""
        spec = self._reading.spec
        if spec.normalize is not None or not self._scores_known or spec.units == "shared":
            return None
        witness = spec.witness("units")
        if spec.units == "differ" and (witness is None or witness.by == "option"):
            return UnitsDiffer("spec")
        # Units that differ by the values are those of the data sets kept (``select``).
        share = spec.scale in ("shares", "percent")
        return units_of(self._data, self._reading.metrics, share=share)

    def _dataset(self, dataset):
        if dataset is None:
            if self.n_datasets != 1:
                raise ValueError(
                    f"This table has {self.n_datasets} data sets; pass dataset=<name>."
                )
            return next(iter(self._data.values()))
        if dataset not in self._data:
            raise ValueError(f"`dataset` must be one of {list(self._data)}; got {dataset!r}.")
        return self._data[dataset]

    def _model_index(self, model, argument="model"):
        if model not in self._models:
            raise ValueError(f"`{argument}` must be one of {list(self._models)}; got {model!r}.")
        return self._models.index(model)

    def scores(self, dataset=None):
        """The scores of one data set: a row per model, a column per split.

        Parameters
        ----------%(dataset_of_table)s

        Returns
        -------
        ndarray of shape (n_models, n_splits)
            Read-only; NaN where a split failed or a cell is missing.
        """
        self._need_scores("scores")
        return self._dataset(dataset).scores

    @property
    def has_split_sizes(self):
        """bool: Whether the table knows its splits' sizes (from size columns, arrays
        or ``test_train_ratio``); without them, the tests that correct for the
        splits' overlap refuse it."""
        return all(d.n_train is not None for d in self._data.values())

    @property
    def has_scores(self):
        """bool: Whether the table holds the models' scores (False for a table of
        differences, which holds only the differences of two models)."""
        return self._scores_known

    def spreads(self, dataset=None):
        """The spreads printed beside the scores of one data set ("0.95±0.02").

        Papers print a mean and its spread (a standard deviation over runs); the
        table compares the means and keeps the spreads as they were written.

        Parameters
        ----------%(dataset_of_table)s

        Returns
        -------
        ndarray of shape (n_models, n_splits) or None
            NaN where a score had no spread; None when no score of the table
            had one.
        """
        return self._dataset(dataset).spread

    def completed(self, dataset=None):
        """Which model has a score on which split of one data set.

        Parameters
        ----------%(dataset_of_table)s

        Returns
        -------
        ndarray of bool of shape (n_models, n_splits)
            False where a score is missing or failed. For a table of
            differences, both models completed a split whose difference is
            finite.
        """
        data = self._dataset(dataset)
        if not self._scores_known:
            return np.repeat(np.isfinite(data.differences)[None, :], self.n_models, axis=0)
        return np.isfinite(data.scores)

    def splits(self, dataset=None):
        """Repeat, fold and sizes of the splits of one data set.

        Parameters
        ----------%(dataset_of_table)s

        Returns
        -------
        dict of str to ndarray
            ``repeat``, ``fold``, ``n_train`` and ``n_test``, one entry per split.
        """
        data = self._dataset(dataset)
        return {name: getattr(data, name) for name in ("repeat", "fold", "n_train", "n_test")}

    def mean_scores(self):
        """Mean score of every model on every data set, over the splits all models completed.

        Means over the same splits keep the per-data-set rankings fair when
        some scores are missing or failed.

        Returns
        -------
        ndarray of shape (n_datasets, n_models)
        """
        self._need_scores("mean scores")
        means = np.empty((self.n_datasets, self.n_models))
        for i, (name, data) in enumerate(self._data.items()):
            complete = np.all(np.isfinite(data.scores), axis=0)
            if not complete.any():
                raise ValueError(
                    f"No split of data set {name!r} has a score for every model; the "
                    "ranking needs splits that all models completed."
                )
            means[i] = data.scores[:, complete].mean(axis=1)
        return means

    def differences(self, model_a, model_b):
        """The paired records of two models: one :class:`CVDifferences` per data set.

        Parameters
        ----------
        model_a, model_b : str
            The models; differences are ``model_a - model_b``.

        Returns
        -------
        dict of str to CVDifferences
            Named after the data sets and the models; a split where either
            score is missing or failed has a NaN difference (counted by the
            back ends as omitted).
        """
        a = self._model_index(model_a, "model_a")
        b = self._model_index(model_b, "model_b")
        if a == b:
            raise ValueError(f"`model_a` and `model_b` are both {model_a!r}; pick two models.")
        records = {}
        for name, data in self._data.items():
            scores_a, scores_b = data.scores[a], data.scores[b]
            if data.differences is None:
                differences = scores_a - scores_b
            else:  # as given, for the table's first model minus its second
                differences = data.differences if a < b else 0.0 - data.differences
            if not self._scores_known:
                scores_a = scores_b = None
            records[name] = trusted_record(
                differences,
                n_train=data.n_train,
                n_test=data.n_test,
                repeat=data.repeat,
                fold=data.fold,
                scores_a=scores_a,
                scores_b=scores_b,
                name=name,
                model_a=model_a,
                model_b=model_b,
            )
        return records

    def select(self, *, models=None, datasets=None):
        """A table of some models and data sets, in the given order.

        Parameters
        ----------
        models, datasets : sequence of str, default=None
            None keeps all.

        Returns
        -------
        ScoreTable
        """
        models = self._models if models is None else check_names(models, "models")
        datasets = self.datasets if datasets is None else check_names(datasets, "datasets")
        for given, known, argument, kind in (
            (models, self._models, "models", "model"),
            (datasets, self.datasets, "datasets", "data set"),
        ):
            message = unknown_names(given, known, argument, kind)
            if message is not None:
                raise ValueError(message)
        rows = [self._model_index(model, "models") for model in models]
        data = {}
        for name in datasets:
            old = self._dataset(name)
            differences = old.differences
            if differences is not None and len(rows) == 2:
                differences = differences if rows[0] < rows[1] else 0.0 - differences
            else:
                differences = None  # differences of two models, lost with one of them
            # The split arrays are read-only: the new table shares them.
            scores, present = old.scores[rows], old.present[rows]
            spread = None if old.spread is None else old.spread[rows]
            data[name] = dataclasses.replace(
                old, scores=scores, present=present, differences=differences, spread=spread
            )
        if not self._scores_known and len(models) != 2:
            raise ValueError("A table of differences holds two models; select both.")
        spec = self._reading.spec
        if spec.layout == "long" or spec.normalize is None:
            spec = dataclasses.replace(
                spec,
                models=None if models == self._models and spec.models is None else tuple(models),
                datasets=None if datasets == self.datasets else tuple(datasets),
            )
        reading = dataclasses.replace(
            self._reading,
            spec=spec,
            lower_is_better=tuple(d for d in self._reading.lower_is_better if d in data),
            metrics={d: m for d, m in self._reading.metrics.items() if d in data},
        )
        table = ScoreTable._from_parts(models, data, self._scores_known, reading)
        check_pairing(table._models, table._data)
        return table

    def normalized(self, *, method="best-worst"):
        """The table with every data set's scores rescaled, so that their differences share
        one unit.

        Differences pooled across data sets (the mean difference over data
        sets, a rope over data sets, Cohen's d_z, the hierarchical model) need
        one unit; when the data sets' metrics or scales differ (``units``),
        normalize each data set as the AutoML Benchmark and TabArena report
        theirs, or compare one metric at a time, or use a test of signs and
        ranks (the sign test with ``rope=0``, Friedman's).

        Parameters
        ----------
        method : {"best-worst"}, default="best-worst"
            "best-worst": on each data set, the scores are mapped by the same
            affine function that takes the mean score of its worst model to 0
            and that of its best model to 1 (means over the splits every model
            completed). A difference of 0.01 is then a hundredth of the gap
            between the best and the worst model of this comparison on that
            data set: the rope is in those units, and they change with the
            models compared, and a data set whose models score nearly alike
            has its differences magnified. A data set whose models all score
            alike is left as it is (its differences are 0). Normalize a table
            of every model before selecting some: with two models, every
            difference would be +1 or -1 (refused). A reader does it so with
            ``normalize="best-worst"``.

        Returns
        -------
        ScoreTable
            Its ``reading`` says how the scores were rescaled; ``units`` is
            None.
        """
        if method != "best-worst":
            raise ValueError(f"`method` must be 'best-worst'; got {method!r}.")
        self._need_scores("scores to normalize")
        data = normalized_scores(self._data, self.n_models, "The table")
        spec = self._reading.spec.decided("units", "shared", "option", source="normalized")
        reading = dataclasses.replace(
            self._reading, spec=dataclasses.replace(spec, normalize=method)
        )
        return ScoreTable._from_parts(self._models, data, True, reading)

    @classmethod
    def from_records(cls, records, *, failures=None):
        """The two-model table of paired records (one per data set).

        Parameters
        ----------
        records : mapping of str to CVDifferences
            Records of the same two models. Their differences are kept as
            given; without the scores the table holds differences only (the
            tests run, the ranking and the long and wide layouts do not).
        failures : sequence of SplitFailure, default=None
            Which side failed on which split (a comparator's ``fit_errors_``):
            that side's score is NaN there. None: both scores of a split with
            a NaN difference are.

        Returns
        -------
        ScoreTable
        """
        data, names = {}, set()
        known = {
            record.scores_a is not None and record.scores_b is not None
            for record in records.values()
        }
        if len(known) != 1:
            raise ValueError(
                "Some records hold the models' scores and others only their differences; give "
                "the scores for every data set, or for none."
            )
        scores_known = known.pop()
        for name, record in records.items():
            if scores_known:
                scores = np.vstack([record.scores_a, record.scores_b]).astype(float)
            else:
                scores = np.full((2, record.n_splits), np.nan)
            if failures is None:
                scores[:, np.isnan(record.differences)] = np.nan
            for failure in failures or ():
                if failure.dataset == record.name:
                    scores["ab".index(failure.estimator), failure.split] = np.nan
            keys = ("repeat", "fold", "n_train", "n_test")
            splits = [
                None if getattr(record, key) is None else np.array(getattr(record, key))
                for key in keys
            ]
            present = np.ones(scores.shape, dtype=bool)
            differences = np.array(record.differences)
            if scores_known and np.array_equal(differences, scores[0] - scores[1], equal_nan=True):
                differences = None  # nothing the scores do not say
            data[name] = DatasetScores(scores, present, *splits, differences)
            names.add(record.model_names)
        if len(names) != 1:
            raise ValueError(f"The records compare different pairs of models: {sorted(names)}.")
        if len({d.n_train is None for d in data.values()}) > 1:
            raise ValueError(
                "Some records hold the splits' sizes and others do not; give them for every "
                "data set, or for none."
            )
        table = cls._from_parts(names.pop(), data, scores_known)
        check_pairing(table._models, table._data)
        return table

    # -- writing ------------------------------------------------------------

    def to_columns(self, layout="long"):
        """The table as a dict of columns.

        Parameters
        ----------
        layout : {"long", "wide", "differences"}, default="long"
            "long": one row per present (data set, model, split) with the
            columns :data:`LONG_COLUMNS`; "wide": one row per split with
            ``dataset``, ``repeat``, ``fold``, ``n_train``, ``n_test`` and a
            column per model (None where a cell is missing); "differences"
            (two models only): one row per split with the columns of
            :meth:`CVDifferences.to_columns`, the first model as A (scores
            None when the table holds differences only).

        Returns
        -------
        dict of str to list
        """
        if layout not in LAYOUTS[1:]:
            raise ValueError(
                f"{parameter('layout')} must be one of {', '.join(map(repr, LAYOUTS[1:]))}; got "
                f"{layout!r}."
            )
        if layout == "differences":
            if self.n_models != 2:
                raise ValueError(
                    f"The differences layout holds two models; this table has {self.n_models}. "
                    f"Pick two with {option('select_models')}, or use {option('layout', 'long')}."
                )
            columns = {}
            for record in self.differences(*self._models).values():
                for key, values in record.to_columns().items():
                    if key in ("score_a", "score_b") and not self._scores_known:
                        values = [None] * record.n_splits
                    columns.setdefault(key, []).extend(values)
            return columns
        self._need_scores(f"scores to write in the {layout} layout")
        splits = ("repeat", "fold", "n_train", "n_test")
        if not self.has_split_sizes:  # unknown: no column, and read back so
            splits = splits[:2]
        if layout == "wide":
            _check_wide_names(self._models)
            columns = {key: [] for key in ("dataset", *splits, *self._models)}
        else:
            columns = {
                key: [] for key in LONG_COLUMNS if key in ("dataset", "model", "score", *splits)
            }
        for name, data in self._data.items():
            if layout == "wide":  # a row per split, a column per model
                rows = np.arange(data.repeat.size)
                cells = np.where(data.present, data.scores, None)  # a missing cell is empty
                for model, scores in zip(self._models, cells.tolist(), strict=True):
                    columns[model] += scores
            else:  # a row per present cell, model after model
                cells, rows = np.nonzero(data.present)
                columns["model"] += [self._models[k] for k in cells]
                columns["score"] += data.scores[cells, rows].tolist()
            columns["dataset"] += [name] * rows.size
            for key in splits:
                columns[key] += getattr(data, key)[rows].tolist()
        return columns

    def to_frame(self, layout="long"):
        """The table as a :class:`pandas.DataFrame` (pandas is imported here).

        Parameters
        ----------
        layout : {"long", "wide", "differences"}, default="long"
            See :meth:`to_columns`.

        Returns
        -------
        pandas.DataFrame
        """
        return to_frame(self.to_columns(layout))

    def to_csv(self, path_or_buf=None, *, layout="long"):
        """Write the table as CSV; :meth:`read_csv` reads it back exactly.

        Scores are written with Python's shortest round-trip ``repr``; a
        failed split as "nan"; a missing cell is left out (long) or empty
        (wide).

        Parameters
        ----------
        path_or_buf : str, path-like or file-like, default=None
            Where to write; None returns the text.
        layout : {"long", "wide", "differences"}, default="long"
            See :meth:`to_columns`.

        Returns
        -------
        str or None
        """
        return write_csv(self.to_columns(layout), path_or_buf)

    # -- comparing and showing ------------------------------------------------

    def _with_design(self, witness):
        """This table with the design ``witness`` says (a Witness of the "design"
        subject), for a caller that knows the splits (the comparator's engine)."""
        design = witness.value
        if self._reading.design == "means":  # one split per data set: its values decide
            return self
        spec = self._reading.spec.decided("design", design, witness.by, source=witness.source)
        self._reading = dataclasses.replace(self._reading, spec=spec)
        return self

    def __eq__(self, other):
        if not isinstance(other, ScoreTable):
            return NotImplemented
        return (
            self._models == other._models
            and self.datasets == other.datasets
            and all(self._data[name].equals(other._data[name]) for name in self._data)
        )

    __hash__ = None

    def __repr__(self):
        splits = self._splits_per_dataset()
        datasets = (
            repr(self.datasets)
            if self.n_datasets <= 3
            else f"({self.datasets[0]!r}, ..., {self.n_datasets} data sets)"
        )
        return (
            f"ScoreTable(models={self._models!r}, datasets={datasets}, n_splits={splits}, "
            f"n_failed={self.n_failed}, n_missing={self.n_missing})"
        )

    def _splits_per_dataset(self):
        """The data sets' number of splits: one number, or the range ("5-10")."""
        n_splits = {data.scores.shape[1] for data in self._data.values()}
        return n_splits.pop() if len(n_splits) == 1 else f"{min(n_splits)}-{max(n_splits)}"

    @terminal_text
    def summary(self):
        """The table in words: its models, data sets and splits, its failed and
        missing scores, and how it was read.

        Returns
        -------
        str
            Three lines; the last is the reading that ``bayescmp compare`` prints
            on stderr (each role's column, the model columns of a wide table, what
            was left out and why, notes on the cells, which way is better and the
            splits' design), or "nothing inferred" for a table built from arrays,
            or a long table whose columns bear their roles' names, of
            greater-is-better scores from cross-validation.

        Examples
        --------
        >>> from sklearn_bayescmp import ScoreTable
        >>> table = ScoreTable.from_wide(
        ...     {"dataset": ["iris", "wine", "Average"], "knn": [0.95, 0.70, 0.825],
        ...      "tree": [0.94, 0.90, 0.92]},
        ...     greater_is_better=True,
        ... )
        >>> print(table.summary())  # doctest: +NORMALIZE_WHITESPACE
        2 models on 2 data sets, 1 score each (one score per data set)
        0 failed scores, 0 missing
        Read as: data set = 'dataset'; a column per model ('knn', 'tree'); left out
        row 'Average' (the mean of the other rows); higher is better (the user's
        choice, greater_is_better=True)
        """
        splits = self._splits_per_dataset()
        what = "score" if self._scores_known else "difference"
        return "\n".join(
            [
                f"{self.n_models} models on {self.n_datasets} data set"
                f"{'s' if self.n_datasets > 1 else ''}, {splits} {what}"
                f"{'s' if splits != 1 else ''} each ({DESIGNS[self.design]})",
                f"{self.n_failed} failed {what}s, {self.n_missing} missing",
                f"Read as: {reading_text(self.reading) or 'nothing inferred'}",
            ]
        )

    def _repr_html_(self):
        counts = [_incomplete_cells(self, k) for k in range(self.n_models)]
        if self._scores_known:
            means = np.nanmean([np.nanmean(d.scores, axis=1) for d in self._data.values()], axis=0)
        else:  # differences only: A's mean lead, and B's the opposite
            lead = np.nanmean(np.concatenate([d.differences for d in self._data.values()]))
            means = np.array([lead, -lead])
        return html_table(
            {
                "model": list(self._models),
                "mean score" if self._scores_known else "mean lead": means.tolist(),
                "failed splits": [failed for failed, _ in counts],
                "missing cells": [missing for _, missing in counts],
            },
            caption=f"ScoreTable: {self.n_models} models, {self.n_datasets} data sets",
        )


# -- helpers ----------------------------------------------------------------


#: The roles a wide table's reader gives columns by their names: a model cannot bear one.
_WIDE_ROLES = ("dataset", "metric", "split", "repeat", "fold", "n_train", "n_test", "imputed")


def wide_name_problem(model, models=()):
    """Why a wide table could not hold a model of this name among ``models`` (read back,
    it would be something else), or None."""
    if model != model.strip():
        return "has spaces around it, which a column name loses"
    role = next((r for r in _WIDE_ROLES if normalized(model) in ROLE_NAMES[r]), None)
    if role is not None:
        return (
            f"is named like a {ROLE_WORDS[role]} column, which the wide layout reads as "
            f"the {ROLE_WORDS[role]}"
        )
    if is_descriptor_name(model):
        return (
            "is named like a description of the data sets (a size, a count...), which the "
            "wide layout reads as one and leaves out"
        )
    if is_summary_name(model) or is_index_name(model):
        what = "a summary of the models" if is_summary_name(model) else "a dataframe's index"
        return f"is named like {what}, which the wide layout checks as one"
    companion = companion_of(model, [m for m in models if m != model])
    if companion is not None:
        return (
            f"is named like the {companion[1]} of model {companion[0]!r}, which the wide "
            "layout reads as one and leaves out"
        )
    return None


def _check_wide_names(models):
    """Refuse model names that a wide table could not hold (it would read them back wrong)."""
    for model in models:
        reason = wide_name_problem(model, models)
        if reason is not None:
            raise ValueError(
                f"Model {model!r} {reason}: a wide table cannot hold it. Use "
                f"{option('layout', 'long')}, "
                "which holds any name."
            )


def _file_stem(path_or_buf):
    """A file's name without directory and extension ("data" for a buffer)."""
    if isinstance(path_or_buf, (str, os.PathLike)):
        return file_stem(path_or_buf) or DEFAULT_DATASET
    return DEFAULT_DATASET


def _arrays_reading(source, data, design=None):
    """The reading of a table built from arrays: greater-is-better scores (the arrays'
    contract, as scikit-learn's scorers), and the design given, or what the values and the
    sizes say: one score per data set is a table of means; splits with sizes, or with
    repeat and fold indices, are cross-validation."""
    design, witness = design_witness(design, data)
    if design is None:
        sized = all(d.n_train is not None for d in data.values())
        design = "cross-validation"
        witness = Witness("design", design, "values", "sized-splits" if sized else "array-splits")
    spec = TableSpec(direction="higher", design=design, witnesses=(ARRAYS_DIRECTION, witness))
    return Reading(source, spec)


def _of_scikit_learn(table):
    """A table of scikit-learn's results: its scorers are greater-is-better."""
    spec = table._reading.spec
    witnesses = (SKLEARN_DIRECTION, *spec.witnesses[1:])
    table._reading = dataclasses.replace(
        table._reading, spec=dataclasses.replace(spec, witnesses=witnesses)
    )
    return table


def _differences_spec(source, spec, greater_is_better):
    """The spec passed back to a differences file's reader, where it says only what such a
    file can be told (its direction, its design); any other field is refused, named."""
    spec = spec or TableSpec()
    blank = TableSpec()
    fixed = [
        item.name
        for item in dataclasses.fields(TableSpec)
        if item.name
        not in ("layout", "direction", "design", "units", "scale", "witnesses", *WRITTEN_OPTIONS)
        and getattr(spec, item.name) != getattr(blank, item.name)
    ]
    if fixed:
        raise TableReadingError(
            f"{source}: the spec's {', '.join(fixed)} cannot apply to a differences file, whose "
            f"columns are fixed; remove {'it' if len(fixed) == 1 else 'them'} from the spec.",
            spec=spec,
            field=fixed[0],
        )
    if isinstance(spec.direction, dict):
        raise TableReadingError(
            f"{source}: the spec's direction names metrics, and a differences file has one; "
            'set it to "higher" or "lower".',
            spec=spec,
            field="direction",
            option="greater_is_better",
        )
    if greater_is_better is not None and spec.direction not in (
        None,
        "higher" if greater_is_better else "lower",
    ):
        raise TableReadingError(
            f"{source}: {option('greater_is_better', greater_is_better)} and the spec's direction "
            f"({spec.direction!r}) disagree; give one of them.",
            spec=spec,
            field="direction",
            option="greater_is_better",
        )
    said = ("direction", "design")
    witnesses = [w for w in hand_witnesses(spec, said) if w.subject in (*said, *WRITTEN_OPTIONS)]
    return dataclasses.replace(spec, witnesses=tuple(witnesses))


def _merged(given, spec):
    """A format's spec with a spec passed back over it."""
    if spec is None:
        return given
    fields = {
        key: getattr(spec, key)
        for key in ("layout", "models", "datasets", "metric", "imputed", "direction", "design",
                    "test_train_ratio", "fold_suffix", "units", "normalize")
        if getattr(spec, key) is not None
    }  # fmt: skip
    return dataclasses.replace(
        given,
        columns={**given.columns, **spec.columns},
        left_out=spec.left_out or given.left_out,
        witnesses=spec.witnesses or given.witnesses,
        **fields,
    )


def _incomplete_cells(table, k):
    """Failed (NaN) scores and missing cells of model ``k`` over all data sets."""
    data = table._data.values()
    failed = sum(int((d.present[k] & np.isnan(d.scores[k])).sum()) for d in data)
    missing = sum(int((~d.present[k]).sum()) for d in data)
    return failed, missing


def _report_incomplete(table, source):
    """One warning that counts failed scores and missing cells, per model."""
    if not (table.n_failed or table.n_missing):
        return
    if not table._scores_known:
        warn(
            f"{source}: {table.n_failed} difference(s) are NaN (failed splits); each is left out "
            "of the tests on its data set and counted in the results (n_omitted); nothing is "
            "imputed.",
            MissingScoresWarning,
        )
        return
    per_model = []
    for k, model in enumerate(table.models):
        failed, missing = _incomplete_cells(table, k)
        if failed or missing:
            where = [
                name
                for name, d in table._data.items()
                if not (d.present[k] & np.isfinite(d.scores[k])).all()
            ]
            shown = ", ".join(map(repr, where[:3])) + (", ..." if len(where) > 3 else "")
            per_model.append(
                f"{model}: {failed} failed, {missing} missing, on {len(where)} data set(s) "
                f"({shown})"
            )
    warn(
        f"{source}: {table.n_failed} score(s) are NaN (failed splits) and {table.n_missing} "
        f"cell(s) are missing ({'; '.join(per_model)}). Each is left out of the pairs that "
        "involve its model only, and counted in the results (n_omitted); nothing is imputed.",
        MissingScoresWarning,
    )


def _negated_record(record):
    """The record of the negated scores of a loss: its differences and scores negated."""
    negate = {
        key: None if getattr(record, key) is None else 0.0 - np.asarray(getattr(record, key))
        for key in ("differences", "scores_a", "scores_b")
    }
    return dataclasses.replace(record, **negate)


def _sizes_of_indices(per_model, dataset):
    """The splits' sizes from ``cross_validate(..., return_indices=True)``, after checking
    that every model was cross-validated on the same splits (None without indices)."""
    indices = {name: results.get("indices") for name, results in per_model.items()}
    if any(value is None for value in indices.values()):
        return None
    (first, reference), *others = indices.items()
    for name, other in others:
        for part in ("train", "test"):
            mine, theirs = reference[part], other[part]
            split = next(
                (
                    k
                    for k in range(max(len(mine), len(theirs)))
                    if k >= len(mine) or k >= len(theirs) or not np.array_equal(mine[k], theirs[k])
                ),
                None,
            )
            if split is not None:
                raise ValueError(
                    f"The results of {first!r} and {name!r} on data set {dataset!r} come from "
                    f"other splits (the {part} indices of split {split} differ): their scores "
                    "do not pair. Cross-validate every model with the same cv (a fixed "
                    "random_state for shuffling splitters)."
                )
    return [len(t) for t in reference["train"]], [len(t) for t in reference["test"]]
