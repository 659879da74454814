"""ScoreTable: scores of several models on several data sets over repeated splits.

The table is what people bring (their own loops, WEKA, MLflow, OpenML, a
paper's supplement) and what the comparator's runs produce. It checks that
the scores pair up across models, keeps each split's train and test sizes
(the correlation correction needs them), and gives the
:class:`~sklearn_bayescmp.CVDifferences` records of any pair of models, on
which every back end runs.

Layouts:

- *long*: one row per (data set, model, split) with a score;
- *wide*: one column per model, one row per split (and a data-set column for
  several data sets), the layout of spreadsheets.

A split is identified by a ``split`` column or by ``repeat`` and ``fold``
(or, in a wide table, by its row). A missing cell, or a NaN score (a failed
split), leaves that split out of the pairs involving that model only; it is
counted and reported, never imputed.
"""

import dataclasses
import os
from collections.abc import Mapping

import numpy as np

from ._differences import CVDifferences, trusted_record
from ._table_layouts import (
    DEFAULT_DATASET,
    LAYOUTS,
    LONG_OPTIONS,
    READ_OPTIONS,
    WIDE_OPTIONS,
    DatasetScores,
    check_names,
    detect_layout,
    differences_layout,
    layout_options,
    long_layout,
    ratio_sizes,
    wide_layout,
)
from ._table_readers import RawColumns, read_csv_columns, read_table, search_candidates
from ._table_resamples import (
    RESAMPLES,
    is_resamples_file,
    model_names,
    refuse_one_resamples_file,
    resample_rows,
)
from ._table_roles import (
    ROLE_NAMES,
    ROLE_WORDS,
    check_direction,
    check_greater_is_better,
    infer_roles,
    is_descriptor_name,
    metric_directions,
    normalised,
    scale_note,
    wide_roles,
)
from ._table_skore import cross_validation_reports, split_scores
from .exceptions import MissingScoresWarning
from .utils._display import html_table, to_frame
from .utils._docstrings import fill_doc
from .utils._io import file_stem, write_csv
from .utils._validation import check_scale, check_splits
from .utils._warnings import warn

#: How the splits of cross-validation are said in what people read.
CROSS_VALIDATION = "cross-validation"
#: The column names the table itself writes, in order.
LONG_COLUMNS = ("dataset", "model", "repeat", "fold", "n_train", "n_test", "score")


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
        Per data set, one row of per-split scores per model (greater is
        better). NaN marks a failed split. A single array is one data set,
        named "data".
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
    roles : dict of str to str or None
        For a table read from columns, which column got which role
        ("model", "score", "dataset", "split", "repeat", "fold", "metric",
        "n_train", "n_test"); None for a table built from arrays.
    ignored_columns : tuple of str
        The columns of a table read from columns that took no role.
    unscored_datasets : tuple of str
        The data sets of a table read from columns on which no model has a
        score (every cell empty, as where the metric does not apply: a log
        loss column on the binary tasks of the AutoML Benchmark); they are
        left out, and a warning names them. A NaN score is a failed run: it
        is kept and counted.
    lower_is_better : tuple of str
        The data sets whose scores were a loss (lower is better): the table
        holds their negatives, so that greater is better everywhere.
    reading : str or None
        What the reader inferred, in one line: the roles, the ignored
        columns, the direction.
    resampling : str
        How the splits were made: "cross-validation", or "train/test
        resamples" (random splits, :meth:`read_resamples`), which the
        reports say and whose frequentist reference on one data set is the
        corrected resampled t-test.

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
                "Pass either the split sizes (`n_train`, `n_test`) or `test_train_ratio`, not both."
            )
        fixed_sizes = None if test_train_ratio is None else ratio_sizes(test_train_ratio)

        def per_dataset(value, name):
            return value[name] if isinstance(value, Mapping) else value

        data = {}
        for name, values in scores.items():
            array = np.asarray(values, dtype=float)
            if array.ndim != 2 or array.shape[0] != len(models):
                raise ValueError(
                    f"`scores[{name!r}]` must have one row per model ({len(models)}) and one "
                    f"column per split; got shape {array.shape}."
                )
            check_scale(array, name=f"scores[{name!r}]")
            sizes = fixed_sizes or (per_dataset(n_train, name), per_dataset(n_test, name))
            splits = check_splits(
                array.shape[1],
                n_train=sizes[0],
                n_test=sizes[1],
                repeat=per_dataset(repeat, name),
                fold=per_dataset(fold, name),
            )
            data[str(name)] = DatasetScores(array.copy(), np.ones(array.shape, bool), **splits)
        self._models = models
        self._data = data
        self._scores_known = True
        self.roles = None
        self.ignored_columns = ()
        self.unscored_datasets = ()
        self._notes = ()
        self.resampling = CROSS_VALIDATION
        self._lower_is_better = ()
        _check_pairing(self)

    @classmethod
    def _from_parts(cls, models, data, scores_known=True):
        table = cls.__new__(cls)
        table._models = tuple(models)
        table._data = dict(data)
        table._scores_known = scores_known
        table.roles = None
        table.ignored_columns = ()
        table.unscored_datasets = ()
        table._notes = ()
        table.resampling = CROSS_VALIDATION
        table._lower_is_better = ()
        return table

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
        models=None,
        datasets=None,
        greater_is_better=None,
        metric=None,
    ):
        """A table with one row per (data set, model, split) and a score column.

        Columns take their roles from the names people give them, case
        ignored: the model is "model", "classifier", "learner", "algorithm",
        "estimator" or "method" (or the one text column besides the data
        set); the score "score", "accuracy", "auc", "f1"... (or the one numeric
        column besides the split indices and sizes); the data set "dataset",
        "data", "task" or "problem"; a repeat "repeat", "run" or "seed"; a fold
        "fold". An ambiguous table is refused with the candidates and the
        option to pass; ``roles`` tells which column got which role.

        Parameters
        ----------
        data : dataframe, dict of array-like, str or path-like
            A pandas, polars or pyarrow table (anything narwhals reads), a
            dict of equal-length columns, or a CSV file (see :meth:`read_csv`).
        model, score : str, default=None
            The columns of the model's name and of the score (empty, "nan" or
            "NA" marks a failed split); None finds them by their names.
        dataset : str, default=None
            The data-set column; None uses "dataset" when there is one, and
            otherwise reads a single data set named "data".
        split : str, default=None
            The column that identifies a split (integers, or labels such as
            "fold-3"); None uses "split" when there is one.
        repeat, fold : str, default=None
            Columns that identify a split together, when there is no split
            column; None uses "repeat" and "fold" when present.
        n_train, n_test : str, default=None
            Columns of the split sizes; None uses "n_train" and "n_test" when
            present. Without them ``test_train_ratio`` is required.
        test_train_ratio : float, default=None
            ``n_test / n_train`` of the splits (e.g. ``1/9`` for 10-fold
            cross-validation), when the table has no sizes.
        models, datasets : sequence of str, default=None
            Keep only these models / data sets, in this order (the first model
            is "A" of its pairs). None keeps all, in order of first appearance.
        greater_is_better : bool, default=None
            False for a loss (error rate, RMSE...): its negative is compared,
            so that positive differences still favour A. None is True, except
            that a score column whose name holds a loss's word (error, loss,
            rmse, cost...; not after ``neg_``) is refused until the direction
            is given, and that a metric column decides it for each data set.
        metric : str, default=None
            Keep the rows of this metric, when a metric column (OpenML's
            "function", the AutoML Benchmark's "metric") holds several. Each
            data set's metric says which way is better (a loss's name: lower);
            a table whose data set mixes metrics is refused until one is kept.

        Returns
        -------
        ScoreTable
            ``roles``, ``ignored_columns``, ``lower_is_better`` and
            ``reading`` say how it was read.
        """
        # Every option but the data and the direction (the layout's options, and metric).
        options = {key: value for key, value in locals().items() if key in READ_OPTIONS["long"]}
        return cls._long(read_table(data), options, greater_is_better)

    @classmethod
    def _long(cls, raw, options, greater_is_better):
        """The table of a long layout whose roles are completed from the columns' names."""
        if is_resamples_file(raw):
            refuse_one_resamples_file(raw)
        greater_is_better = check_greater_is_better(greater_is_better)
        options = dict(options)
        wanted = options.pop("metric", None)  # the metric kept, not its column
        found, ignored, notes = infer_roles(raw, options, metric=wanted)
        if found is None:
            raise ValueError(
                f"{raw.source}: cannot tell which column holds the model's name (no column "
                f"named model, classifier, learner..., and not exactly one text column among "
                f"{raw.names}). Name it with model=<column>."
            )
        raw, negated, metrics = _directions(raw, found, greater_is_better, wanted)
        columns = {key: found.get(key) for key in LONG_OPTIONS}
        table = cls._from_layout(raw, long_layout(raw, **columns), negated, found)
        table.roles = {role: found[role] for role in ROLE_WORDS if found.get(role) is not None}
        table.ignored_columns = tuple(ignored)
        table._notes += (*notes, *_metrics_note(metrics, table.datasets))
        if normalised(found.get("split") or "").startswith("resample"):
            table.resampling = RESAMPLES  # the splits are called resamples: say so
        return table

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
        datasets=None,
        greater_is_better=None,
        metric=None,
    ):
        """A table with one column of scores per model and one row per split.

        Parameters
        ----------
        data : dataframe, dict of array-like, str or path-like
            As for :meth:`from_long`.
        models : sequence of str, default=None
            The model columns, in order. None takes every column that is not
            the data set, split, repeat, fold or size column.
        dataset, split, repeat, fold, n_train, n_test : str, default=None
            As for :meth:`from_long`. Without a split column, or repeat and
            fold, a data set's rows are its splits in order.
        test_train_ratio : float, default=None
            ``n_test / n_train`` of the splits, when the table has no sizes.
        datasets : sequence of str, default=None
            Keep only these data sets, in this order.
        greater_is_better : bool, default=None
            False for a loss: its negative is compared. None is True unless a
            metric column says otherwise for a data set.
        metric : str, default=None
            As for :meth:`from_long`.

        Returns
        -------
        ScoreTable
            An empty cell is a missing score; "nan" or "NA" a failed split.
            A column that names a model on each row (a table turned around)
            is refused: its data sets would become the models.
        """
        raw = read_table(data)
        options = {key: value for key, value in locals().items() if key in READ_OPTIONS["wide"]}
        return cls._wide(raw, options, greater_is_better)

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
        return cls(scores, models=models, n_train=n_train, n_test=n_test)

    @classmethod
    def from_skore(cls, reports, *, metric="accuracy", greater_is_better=None):
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
            False for a loss. None is True, except that a metric named like a
            loss ("log_loss", "brier_score", "rmse"...) is refused until the
            direction is given.

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
        negate = check_direction(
            metric, check_greater_is_better(greater_is_better), "The skore reports"
        )
        scores, n_train, n_test = split_scores(named, metric)
        table = cls(
            {DEFAULT_DATASET: 0.0 - scores if negate else scores},
            models=list(named),
            n_train=n_train,
            n_test=n_test,
        )
        if negate:
            table._lower_is_better = table.datasets
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
        columns = cv_results if isinstance(cv_results, Mapping) else read_table(cv_results).columns
        scores, names, _ = search_candidates(columns, metric)
        return cls(
            {DEFAULT_DATASET: scores},
            models=names,
            n_train=n_train,
            n_test=n_test,
            repeat=repeat,
            fold=fold,
        )

    @classmethod
    def read_csv(cls, path_or_buf, *, layout="auto", delimiter=None, encoding=None, **columns):
        """Read a long, wide or differences CSV file (delimiter sniffed: comma, semicolon or tab).

        Parameters
        ----------
        path_or_buf : str, path-like or file-like
            Also gzip, bz2 or xz compressed.
        layout : {"auto", "long", "wide", "differences"}, default="auto"
            "auto": long when the file has the model and score columns,
            differences when it has a ``difference`` column (or ``score_a``
            and ``score_b``, the layout of :meth:`CVDifferences.to_csv`),
            otherwise wide.
        delimiter : str, default=None
            None sniffs comma, semicolon or tab.
        encoding : str, default=None
            None reads UTF-8 (with or without a byte-order mark) and UTF-16
            (with one); anything else is refused with what the file looks
            like. Pass e.g. ``"latin-1"`` for an older spreadsheet's export.
        **columns : dict
            Column names and options of :meth:`from_long` or :meth:`from_wide`
            (``dataset=``, ``model=``, ``score=``, ``test_train_ratio=``...);
            none for a differences file, whose columns are fixed.

        Returns
        -------
        ScoreTable
            Of two models for a differences file (named by its ``model_a``
            and ``model_b`` columns, or "A" and "B"); its data sets are
            named by its ``dataset`` column, or after the file.
        """
        greater_is_better = check_greater_is_better(columns.pop("greater_is_better", None))
        raw = read_csv_columns(path_or_buf, delimiter=delimiter, encoding=encoding)
        requested, layout = (
            layout,
            detect_layout(raw, layout, columns.get("model"), columns.get("score")),
        )
        if layout == "differences":
            if columns:
                raise TypeError(
                    f"A differences file has fixed columns; got options {sorted(columns)}."
                )
            records = {
                name: CVDifferences(**fields) for name, fields in differences_layout(raw).items()
            }
            if None in records:  # one data set without a name: the file's
                name = _file_stem(path_or_buf)
                records = {name: dataclasses.replace(records[None], name=name)}
            if greater_is_better is False:  # differences of a loss: A - B favours B
                records = {name: _negated_record(record) for name, record in records.items()}
            table = cls.from_records(records)
            if greater_is_better is False:
                table._lower_is_better = table.datasets
            _report_incomplete(table, raw.source)
            return table
        if requested == "auto" and layout == "wide":
            long_options = layout_options("long", columns)
            long_options.pop("metric")
            if infer_roles(raw, long_options)[0] is not None:
                layout = "long"  # the columns' names say which is the model and the score
        options = layout_options(layout, columns)
        if layout == "long":
            return cls._long(raw, options, greater_is_better)
        return cls._wide(raw, options, greater_is_better)

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
    ):
        r"""Read the per-estimator results files of aeon and tsml, one file per model.

        timeseriesclassification.com, aeon's benchmarking and tsml-eval publish
        one CSV file per estimator and measure (``ROCKET_accuracy.csv``): a
        header ``Resamples:`` (or ``folds:``) and the resamples' numbers, then
        a row per data set with its score on each resample. The resamples are
        random train/test splits with the data set's original sizes, not
        cross-validation: the table says so (``resampling``), and its
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
            False for a loss. None is True, except that a measure whose name
            is a loss's (``_logloss``, ``_mse``, ``_rmse``...) is refused until
            the direction is given.
        encoding : str, default=None
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
        >>> table.models, table.resampling
        (('ROCKET', 'HC2'), 'train/test resamples')
        """
        if isinstance(paths, (str, os.PathLike)) or len(paths) < 2:
            raise ValueError(
                "`paths` must list two or more files, one per model (each estimator's "
                f"results file); got {paths!r}."
            )
        paths = list(paths)
        names, measure = model_names(paths)
        if models is not None:
            names = list(check_names(models, "models"))
            if len(names) != len(paths):
                raise ValueError(
                    f"`models` names {len(names)} models for {len(paths)} files; give one "
                    "name per file."
                )
        else:
            check_names(names, "the files' names")
        source = f"The results files of {', '.join(map(repr, names))}"
        if measure is not None:
            greater_is_better = not check_direction(measure, greater_is_better, source)
        columns = resample_rows(paths, names, encoding=encoding)
        options = dict(
            model="model", score="score", dataset="dataset", split="resample", datasets=datasets
        )
        if n_train is not None or n_test is not None:
            columns["n_train"] = _per_dataset_size(n_train, columns["dataset"], "n_train")
            columns["n_test"] = _per_dataset_size(n_test, columns["dataset"], "n_test")
            options.update(n_train="n_train", n_test="n_test")
        options["test_train_ratio"] = test_train_ratio
        table = cls._long(RawColumns(columns, source), options, greater_is_better)
        table.resampling = RESAMPLES
        table.roles, table.ignored_columns = None, ()
        ending = "" if measure is None else f"; the files' common ending {'_' + measure!r} left out"
        table._notes = (
            "aeon/tsml per-estimator results files (a row per data set, a column per "
            f"resample: {RESAMPLES}), the models named by their files{ending}",
            *table._notes,
        )
        return table

    @classmethod
    def _wide(cls, raw, options, greater_is_better):
        """The table of a wide layout, its columns' roles found by their names."""
        if is_resamples_file(raw):
            refuse_one_resamples_file(raw)
        greater_is_better = check_greater_is_better(greater_is_better)
        options = dict(options)
        wanted = options.pop("metric", None)  # the metric kept, not its column
        found, models, ignored = wide_roles(raw, options)
        raw, negated, metrics = _directions(raw, found, greater_is_better, wanted)
        columns = {key: found.get(key) for key in WIDE_OPTIONS}
        columns.update(
            models=models,
            test_train_ratio=options["test_train_ratio"],
            datasets=options["datasets"],
        )
        table = cls._from_layout(raw, wide_layout(raw, **columns), negated, found)
        table.roles = {role: found[role] for role in ROLE_WORDS if found.get(role) is not None}
        table.ignored_columns = tuple(ignored)
        table._notes += _metrics_note(metrics, table.datasets)
        if not negated and not metrics and greater_is_better is None:
            # No column names the score: its direction is the default, said aloud.
            table._notes += (
                "higher is better (no name says which; pass greater_is_better=False for a loss)",
            )
        return table

    @classmethod
    def _from_layout(cls, raw, layout, negated, roles):
        """The table of a long or wide layout; one warning counts incomplete scores.

        ``negated``: the data sets whose scores are a loss, negated here (after
        their scale was checked as read); ``roles``: the columns found, whose
        split columns a message names when the splits do not pair.
        """
        models, data, unscored = layout
        note = scale_note(data, models, set(negated) & set(data))
        data = {
            name: dataclasses.replace(d, scores=0.0 - d.scores) if name in negated else d
            for name, d in data.items()
        }
        table = cls._from_parts(models, data)
        table._lower_is_better = tuple(name for name in data if name in negated)
        table.unscored_datasets = tuple(unscored)
        n_spreads = sum(
            int(np.isfinite(d.spread).sum()) for d in data.values() if d.spread is not None
        )
        if n_spreads:
            table._notes = (
                f"{n_spreads} score(s) written as a mean and its spread ('0.95±0.02'): the means "
                "are compared, the spreads kept (spreads()) and not used",
            )
        split = roles.get("split") and [roles["split"]]
        _check_pairing(table, split or [roles[r] for r in ("repeat", "fold") if roles.get(r)])
        _report_incomplete(table, raw.source)
        if unscored:
            warn(f"{raw.source}: {_unscored_words(unscored)}.", MissingScoresWarning)
        if note:
            warn(f"{raw.source}: {note}")
        return table

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
        return self._lower_is_better

    @property
    def reading(self):
        """str or None: How the table was read, in one line: each role's column, the
        model columns of a wide table, the columns ignored, and which way is better.
        None when nothing was inferred: a table built from arrays, or a long table
        whose columns bear their roles' own names, of greater-is-better scores."""
        canonical = self.roles is not None and all(r == c for r, c in self.roles.items())
        plain = not (self.ignored_columns or self.unscored_datasets or self._notes)
        if canonical and "model" in self.roles and plain:
            if not self._lower_is_better:
                return None  # a long table whose columns bear their roles' names
        parts = []
        if self.roles:
            roles = [f"{ROLE_WORDS[role]} = {_named(c)}" for role, c in self.roles.items()]
            parts.append(", ".join(roles))
            if "model" not in self.roles:  # wide: a column per model, every one named
                shown = ", ".join(map(repr, self._models[:_MODELS_SHOWN]))
                more = self.n_models - _MODELS_SHOWN
                parts.append(
                    f"a column per model ({shown}{f' and {more} more' if more > 0 else ''})"
                )
        if self.ignored_columns:
            parts.append(f"ignored {', '.join(map(_named, self.ignored_columns))}")
        parts += self._notes
        if self.unscored_datasets:
            parts.append(_unscored_words(self.unscored_datasets))
        if self._lower_is_better:
            if len(self._lower_is_better) == self.n_datasets:
                where = ""
            else:
                where = (
                    f" on {len(self._lower_is_better)} of {self.n_datasets} data sets ("
                    + ", ".join(map(repr, self._lower_is_better[:5]))
                    + (", ..." if len(self._lower_is_better) > 5 else "")
                    + ")"
                )
            parts.append(
                f"lower is better{where}: the negated losses are compared, so that a "
                "positive difference A - B still favours A"
            )
        return "; ".join(parts) or None

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
        table = ScoreTable._from_parts(models, data, self._scores_known)
        table.roles, table.ignored_columns = self.roles, self.ignored_columns
        table.unscored_datasets, table._notes = self.unscored_datasets, self._notes
        table.resampling = self.resampling
        table._lower_is_better = tuple(d for d in self._lower_is_better if d in data)
        _check_pairing(table)
        return table

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
        _check_pairing(table)
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
                f"`layout` must be one of {', '.join(map(repr, LAYOUTS[1:]))}; got {layout!r}."
            )
        if layout == "differences":
            if self.n_models != 2:
                raise ValueError(
                    f"The differences layout holds two models; this table has {self.n_models}. "
                    "Pick two with select(models=[a, b]), or use layout='long'."
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
        n_splits = {data.scores.shape[1] for data in self._data.values()}
        splits = n_splits.pop() if len(n_splits) == 1 else f"{min(n_splits)}-{max(n_splits)}"
        datasets = (
            repr(self.datasets)
            if self.n_datasets <= 3
            else f"({self.datasets[0]!r}, ..., {self.n_datasets} data sets)"
        )
        return (
            f"ScoreTable(models={self._models!r}, datasets={datasets}, n_splits={splits}, "
            f"n_failed={self.n_failed}, n_missing={self.n_missing})"
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
_WIDE_ROLES = ("dataset", "metric", "split", "repeat", "fold", "n_train", "n_test")


def wide_name_problem(model):
    """Why a wide table could not hold a model of this name (read back, it would be
    something else), or None."""
    if model != model.strip():
        return "has spaces around it, which a column name loses"
    role = next((r for r in _WIDE_ROLES if normalised(model) in ROLE_NAMES[r]), None)
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
    return None


def _check_wide_names(models):
    """Refuse model names that a wide table could not hold (it would read them back wrong)."""
    for model in models:
        reason = wide_name_problem(model)
        if reason is not None:
            raise ValueError(
                f"Model {model!r} {reason}: a wide table cannot hold it. Use layout='long', "
                "which holds any name."
            )


def _file_stem(path_or_buf):
    """A file's name without directory and extension ("data" for a buffer)."""
    if isinstance(path_or_buf, (str, os.PathLike)):
        return file_stem(path_or_buf) or DEFAULT_DATASET
    return DEFAULT_DATASET


#: How many model columns of a wide table its reading names.
_MODELS_SHOWN = 30


def _named(column):
    """A column as the reading names it; the unnamed first column of a pandas CSV, its index."""
    return repr(column) if column else "the unnamed first column (a pandas index)"


def _unscored_words(names):
    """The note on the data sets left out because no model has a score on them."""
    shown = ", ".join(map(repr, names[:5])) + (", ..." if len(names) > 5 else "")
    return (
        f"left out {len(names)} data set(s) on which no model has a score ({shown}): every "
        "cell is empty, as where the metric does not apply"
    )


def _per_dataset_size(size, datasets, argument):
    """Every row's split size from one size, or from a mapping of data set to size."""
    if size is None:
        raise ValueError("Pass both `n_train` and `n_test`, or neither (and test_train_ratio).")
    if not isinstance(size, Mapping):
        return np.full(len(datasets), size, dtype=object)
    absent = sorted({name for name in datasets.tolist() if name not in size})
    if absent:
        raise ValueError(
            f"`{argument}` has no size for data set(s) {absent[:5]}; give every data set's."
        )
    return np.array([size[name] for name in datasets.tolist()], dtype=object)


def _check_pairing(table, split_columns=()):
    """Every pair of models with scores on a data set shares a split there.

    A model without any score on a data set (every run failed) is allowed:
    :func:`~sklearn_bayescmp.compare_models` says which pairs lack it.
    ``split_columns``: the columns that identified the splits, for the message.
    """
    for name, data in table._data.items():
        scored = np.flatnonzero(data.present.any(axis=1))
        present = data.present[scored].astype(int)
        shared = present @ present.T
        if scored.size and shared.min() == 0:
            a, b = scored[list(np.unravel_index(np.argmin(shared), shared.shape))]
            by = ""
            if len(split_columns) == 2:
                repeat, fold = split_columns
                by = (
                    f" The splits are identified by columns {repeat!r} and {fold!r}; if "
                    f"{repeat!r} is each run's seed rather than the repeat's number, number the "
                    "repeats alike for every model (0, 1, ...) in a column and name it with "
                    "repeat=<column>."
                )
            raise ValueError(
                f"Models {table._models[a]!r} and {table._models[b]!r} share no split on data "
                f"set {name!r}: their splits do not pair. Identify each split the same way for "
                f"every model (the same split, or repeat and fold, values).{by}"
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


def _directions(raw, found, greater_is_better, wanted):
    """The rows of one metric per data set, and the data sets whose scores are a loss.

    Without a metric column the score column's name decides (a loss's name is
    refused until ``greater_is_better`` is given); with one, each data set's
    metric does, and a data set that mixes metrics is refused until
    ``metric=`` keeps one.

    Returns
    -------
    raw : RawColumns
        The rows kept.
    negated : set of str
        The data sets whose scores are to be negated.
    metrics : dict of str to str
        Each data set's metric, as the metric column says (empty without one).
    """
    column = found.get("metric")
    if column is None:
        if wanted is not None:
            raise ValueError(
                f"{raw.source} has no metric column (named metric, function, measure...), so "
                f"`metric={wanted!r}` keeps nothing; drop it, or name the column."
            )
        score = found.get("score")
        if score is None:  # a wide table: no score column to name its direction
            negate = greater_is_better is False
        else:
            negate = check_direction(score, greater_is_better, raw.source)
        return raw, set(_dataset_names(raw, found)) if negate else set(), {}
    metrics = raw.labels(column, "metric")
    if wanted is not None:
        kept = np.array([metric == wanted for metric in metrics.tolist()], dtype=bool)
        if not kept.any():
            found_metrics = list(dict.fromkeys(metrics.tolist()))
            raise ValueError(
                f"{raw.source}, column {column!r}: no row of metric {wanted!r} "
                f"(`metric`); found {found_metrics}."
            )
        raw, metrics = raw.take(np.flatnonzero(kept)), metrics[kept]
    per_dataset = {}
    for name, metric in zip(_dataset_names(raw, found).tolist(), metrics.tolist(), strict=True):
        per_dataset.setdefault(name, {})[metric] = None
    for name, held in per_dataset.items():
        if len(held) > 1:
            raise ValueError(
                f"{raw.source}, column {column!r}: data set {name!r} has scores of "
                f"{len(held)} metrics ({', '.join(map(repr, held))}), which do not compare. "
                f"Keep one with metric={next(iter(held))!r}."
            )
    metrics = {name: next(iter(held)) for name, held in per_dataset.items()}
    return raw, metric_directions(metrics, greater_is_better, raw.source, column), metrics


def _metrics_note(metrics, datasets):
    """What the reading says of the metrics, when the data sets were scored by several."""
    counts = {}
    for name in datasets:
        if name in metrics:
            counts[metrics[name]] = counts.get(metrics[name], 0) + 1
    if len(counts) < 2:
        return ()
    listed = ", ".join(f"{metric!r} on {n}" for metric, n in counts.items())
    return (
        f"the data sets' metrics differ ({listed}): each pair's rope is in every metric's units",
    )


def _dataset_names(raw, found):
    """Every row's data set (the default's name without a data-set column)."""
    column = found.get("dataset")
    if column is None:
        return np.array([DEFAULT_DATASET] * raw.n_rows, dtype=object)
    return raw.labels(column, "datasets")


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
