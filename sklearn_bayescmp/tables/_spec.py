"""The reading of a table as a spec: every decision, to see, correct, save and pass back.

Reading a table is a guess (names propose, values decide, ``_guess``) that
ends in a :class:`TableSpec`, then a deterministic assembly of the file by
that spec (``_assemble``). The spec holds every decision that changes what
is compared: the layout, each role's column, the model columns, the rows and
columns left out (each with why), the direction of the scores, the design of
the experiment, the split sizes, a fold suffix of the ids, the units, the
scale and a normalization; and the witness of each (the user's option, a
name, the values). It round-trips
through JSON, so that a person who disagrees corrects one field and passes
it back (``spec=``, ``bayescmp compare --spec FILE``). A :class:`Reading` is
what a table keeps: its spec, its source and what the assembly found (each
data set's metric, the data sets of a loss, notes on the cells).

This module imports nothing of the pipeline: every step may use it.
"""

import json
import os
from dataclasses import dataclass, field, fields, replace
from numbers import Real

#: The designs of an experiment that a table can hold, by key, as people read them.
DESIGNS = {
    "cross-validation": "repeated k-fold cross-validation",
    "resamples": "train/test resamples",
    "seeds": "training seeds on one split",
    "means": "one score per data set",
}
#: A number's decimal marks, and the marks that can group its thousands.
DECIMAL_MARKS, THOUSANDS_MARKS = (".", ","), (",", ".", " ", "'")
#: How a table's cells are laid out: a row per (data set, model, split); a column per
#: model; a row per model and a column per data set; the differences of two models.
LAYOUTS = ("long", "wide", "transposed", "differences")
#: Where a decision came from: the user's option (a spec passed back included), a name,
#: or the values.
WITNESS_KINDS = ("option", "name", "values")
#: The roles a column can take, and how they are said.
ROLE_WORDS = {
    "model": "model",
    "dataset": "data set",
    "score": "score",
    "metric": "metric",
    "split": "split",
    "repeat": "repeat",
    "fold": "fold",
    "n_train": "n_train",
    "n_test": "n_test",
    "imputed": "filled-in marker",
}
#: What a data set's scores can be: better when higher, or when lower (a loss).
DIRECTIONS = ("higher", "lower")
#: Whether the data sets' differences share one unit (what pooling them needs).
UNITS = ("shared", "differ")
#: What the scores are: shares (0.93), percentages (93.0) or numbers of other units.
SCALES = ("shares", "percent", "other")
#: How the scores can be rescaled per data set.
NORMALIZATIONS = ("best-worst",)
#: What the options of ``imputed`` do with the scores a column marks as filled in.
IMPUTED = ("keep", "drop")
#: What a reading can leave out: a column, a row (or several rows alike), a model, a
#: split or a data set.
LEFT_OUT_KINDS = ("column", "row", "rows", "model", "split", "data set")
#: How many model columns of a wide table the one-line reading names.
MODELS_SHOWN = 30
#: The JSON document's format and version (3: witnesses and reasons are codes; version 2
#: said them in words, and version 1 a direction and a design too: read as the spec's).
SPEC_FORMAT, SPEC_VERSION = "sklearn-bayescmp/table-spec", 3


#: Where a witness was read, by code (``_words.WITNESS_WORDS`` says each): an option
#: (``name`` and ``found`` its value), a spec given, a column's, file's or metric's name
#: (``name``; ``found`` the word that spoke), or a property of the values.
WITNESS_SOURCES = (
    # the user's
    "option", "spec", "normalized",
    # a name
    "column", "column-word", "model-rows", "columns", "score-column", "metric-column",
    "metric", "file-name", "files-ending", "model-columns", "file-per-model", "tsml-files",
    "differences-file", "arrays", "scikit-learn",
    # the values
    "header", "title-lines", "excel-separator", "note-lines", "cells", "marks",
    "one-score", "one-scale", "scales-differ", "id-folds", "disjoint-tests", "hold-out",
    "overlapping-tests", "sized-splits", "array-splits", "score-range", "percent",
    "one-text-column", "text-beside-dataset", "one-numeric-column", "pandas-index",
)  # fmt: skip
#: Why a column, row, model, split or data set was left out, by code (``about``: the
#: names and statistic the reason speaks of; ``_words.LEFT_OUT_WORDS`` says each).
LEFT_OUT_REASONS = (
    "spec", "no-role", "text", "grouping", "metric-column", "other-metric", "index",
    "written-index", "default-index", "run-seed", "descriptor", "one-value-each",
    "whole-numbers", "outside-scores", "not-listed", "spread", "rank", "pair-statistic",
    "summary", "no-imputed", "imputed", "unscored",
)  # fmt: skip

#: What else a reading says, by code (``about``: the names and counts it speaks of;
#: ``_words.NOTE_WORDS`` says each).
NOTE_CODES = (
    "turned-around", "descriptor-model", "baseline-model", "fold-suffix",
    "fold-suffix-found", "ranks", "decimal-commas", "commas-and-points", "thousands",
    "missing", "percent", "metrics-differ", "spreads", "tails", "marked",
    "percent-signs", "unicode-forms", "file-per-model", "tsml-files", "imputed-kept",
    "header-row", "footer-rows",
)  # fmt: skip


@dataclass(frozen=True)
class Note:
    """What else a reading is worth saying: decimal commas, spreads, a name read as a
    model...

    Attributes
    ----------
    code : str
        What, a code of :data:`NOTE_CODES`.
    about : tuple, default=()
        The names, marks and counts it speaks of.
    """

    code: str
    about: tuple = ()

    def __post_init__(self):
        _check_choice(self.code, NOTE_CODES, "notes[].code", none=False)
        object.__setattr__(self, "about", tuple(self.about))


@dataclass(frozen=True)
class Witness:
    """Why a decision of a reading was taken: who said it, where, and what was read.

    Attributes
    ----------
    subject : str
        What was decided: a role ("model", "score"...), "direction", "design",
        "units", "scale", "delimiter" or "decimal".
    value : str, int or dict
        What it was decided to be, as the spec's field holds it: a column's
        name, "lower" (or a direction per metric), a design's key, a mark, the
        header's line.
    by : {"option", "name", "values"}
        The user's option (or a spec passed back), a name (a column's, a
        file's, a metric's), or the values.
    source : str
        Where it was read, a code of :data:`WITNESS_SOURCES` ("option",
        "score-column", "one-scale"...).
    name : str, list of str or None, default=None
        The option, column(s), file or ending read.
    found : object, default=None
        What was read there: an option's value, the word of a name that
        spoke ("loss"), a cell, or what differs between the data sets' units.
    overrides : tuple, default=()
        The names a user's option overrode, each as ``(source, name, found)``.
    """

    subject: str
    value: object
    by: str
    source: str
    name: str | list | None = None
    found: object = None
    overrides: tuple = ()

    def __post_init__(self):
        _check_choice(self.by, WITNESS_KINDS, "witnesses[].by", none=False)
        _check_choice(self.source, WITNESS_SOURCES, "witnesses[].source", none=False)
        object.__setattr__(self, "overrides", tuple(tuple(o) for o in self.overrides))


@dataclass(frozen=True)
class LeftOut:
    """A column, row, model, split or data set that the reading left out, and why.

    Attributes
    ----------
    kind : {"column", "row", "rows", "model", "split", "data set"}
    name : str
        The column's name, the row's label, or a count of rows ("12 rows").
    reason : str
        Why, a code of :data:`LEFT_OUT_REASONS` ("summary", "no-role"...).
    about : tuple of str, default=()
        What the reason speaks of: a summary's statistic and what it
        summarizes (``("mean", "rows")``), the column it sides with.
    """

    kind: str
    name: str
    reason: str
    about: tuple = ()

    def __post_init__(self):
        # A misspelt kind would leave out nothing, silently: refused instead.
        _check_choice(self.kind, LEFT_OUT_KINDS, "left_out[].kind", none=False)
        _check_choice(self.reason, LEFT_OUT_REASONS, "left_out[].reason", none=False)
        if not isinstance(self.name, str):
            raise ValueError(f"`left_out[].name` must be a name; got {self.name!r}.")
        object.__setattr__(self, "about", tuple(self.about))


def _check_choice(value, choices, name, *, none=True):
    if (value is None and none) or value in choices:
        return value
    raise ValueError(f"`{name}` must be one of {', '.join(map(repr, choices))}; got {value!r}.")


def _names_tuple(value, name):
    if value is None:
        return None
    if isinstance(value, str) or not all(isinstance(v, str) for v in value):
        raise ValueError(f"`{name}` must be a list of names; got {value!r}.")
    return tuple(value)


@dataclass(frozen=True)
class TableSpec:
    """How a table of scores is read: every decision, with its witness.

    A reader guesses the spec (names propose, values decide) and assembles
    the table by it, with no other heuristic; ``ScoreTable.read_csv(...,
    spec=spec)`` reads by a spec given. A field left None is guessed; a
    field set is taken as the user's choice, and a table that contradicts it
    is refused, naming the field. :meth:`to_json` and :meth:`from_json`
    round-trip it; a reading that refuses shows the spec it had reached
    (``TableReadingError.spec``), so that a person corrects one field and
    passes it back.

    Attributes
    ----------
    delimiter : str or None
        A CSV file's delimiter; None sniffs comma, semicolon or tab.
    encoding : str or None
        A CSV file's text encoding; None reads UTF-8, or UTF-16 or UTF-32
        with a byte-order mark.
    quotechar : str or None
        A CSV file's quote character, around a cell that holds the delimiter;
        None: '"'.
    header_row : int or None
        The line (from 0) of a CSV file's header: the lines above it (a
        title) are skipped. None: the first line, or the first after lines of
        one cell each.
    footer_rows : int or None
        How many non-blank lines below a CSV file's table (a note) are
        skipped. None: the last lines of one cell each.
    decimal : {".", ","} or None
        The decimal mark of a CSV file's numbers. None: a point, and beside
        semicolons or tabs a comma too where no cell could be read either way
        ("1,200" alone is asked about).
    thousands : {",", ".", " ", "'"} or None
        The mark that groups a CSV file's thousands ("1,234.5"); None: none.
    missing : tuple of str
        Spellings of a failed or missing score besides NaN, NA, N/A, null and
        none (``("-", "timeout")``).
    layout : {"long", "wide", "transposed", "differences"} or None
        A row per (data set, model, split); a column per model; a row per
        model and a column per data set; the differences of two models.
    columns : dict of str to str
        Each role's column ("model", "dataset", "score", "metric", "split",
        "repeat", "fold", "n_train", "n_test", "imputed").
    models : tuple of str or None
        The model columns of a wide table, or the models kept of a long one
        (in this order: the first is A of its pairs); None: every model.
    datasets : tuple of str or None
        The data sets kept, in this order; None: every one not left out.
    left_out : tuple of LeftOut
        The columns, rows, models, splits and data sets left out, with why.
    metric : str or None
        The metric whose rows are kept, where a metric column holds several.
    imputed : {"keep", "drop"} or None
        What is done with scores a column marks as filled in.
    direction : {"higher", "lower"}, dict of str to str, or None
        Which way is better, or per metric (``{"auc": "higher", "rmse":
        "lower"}``) where a metric column names each data set's.
    design : {"cross-validation", "resamples", "seeds", "means"} or None
        How the splits were made.
    test_train_ratio : float or None
        ``n_test / n_train`` of the splits, where no column gives the sizes.
    fold_suffix : str or None
        The separator after which the data-set column's ids end with the fold
        ("_" reads ``10090_3`` as fold 3 of data set ``10090``).
    units : {"shared", "differ"} or None
        Whether the data sets' differences share one unit: the tests that pool
        them across data sets refuse "differ".
    scale : {"shares", "percent", "other"} or None
        What the scores are: shares (every score within [-1, 1]), percentages
        (within [0, 100], said by a name or a % sign) or other units. It sets
        the default rope (one point of shares or percentages; none on other
        units) and which bounded scores share a unit.
    normalize : {"best-worst"} or None
        Each data set's scores rescaled over every model of the file.
    witnesses : tuple of Witness
        The witness of each decision, in the order the reading says them.

    See Also
    --------
    sklearn_bayescmp.ScoreTable.spec : The spec a table was read by.
    sklearn_bayescmp.ScoreTable.read_csv : Reads a file by a spec (``spec=``).

    Examples
    --------
    >>> from sklearn_bayescmp import ScoreTable
    >>> table = ScoreTable.from_wide(
    ...     {"dataset": ["iris", "wine", "cancer"], "knn": [0.95, 0.70, 0.93],
    ...      "tree": [0.94, 0.90, 0.92]},
    ...     greater_is_better=True,
    ... )
    >>> spec = table.spec
    >>> spec.layout, spec.columns, spec.models, spec.direction, spec.design
    ('wide', {'dataset': 'dataset'}, ('knn', 'tree'), 'higher', 'means')
    >>> TableSpec.from_json(spec.to_json()) == spec
    True
    """

    delimiter: str | None = None
    encoding: str | None = None
    quotechar: str | None = None
    header_row: int | None = None
    footer_rows: int | None = None
    decimal: str | None = None
    thousands: str | None = None
    missing: tuple = ()
    layout: str | None = None
    columns: dict = field(default_factory=dict)
    models: tuple | None = None
    datasets: tuple | None = None
    left_out: tuple = ()
    metric: str | None = None
    imputed: str | None = None
    direction: str | dict | None = None
    design: str | None = None
    test_train_ratio: float | None = None
    fold_suffix: str | None = None
    units: str | None = None
    scale: str | None = None
    normalize: str | None = None
    witnesses: tuple = ()

    def __post_init__(self):
        _check_choice(self.decimal, DECIMAL_MARKS, "decimal")
        _check_choice(self.thousands, THOUSANDS_MARKS, "thousands")
        if self.thousands is not None and self.thousands == self.decimal:
            raise ValueError(
                f"`decimal` and `thousands` are both {self.decimal!r}; give two marks."
            )
        for name in ("delimiter", "encoding", "quotechar"):
            value = getattr(self, name)
            if value is not None and (not isinstance(value, str) or not value):
                raise ValueError(f"`{name}` must be a non-empty string or None; got {value!r}.")
        for name in ("delimiter", "quotechar"):
            value = getattr(self, name)
            if value is not None and len(value) != 1:
                raise ValueError(f"`{name}` must be one character; got {value!r}.")
        if self.quotechar is not None and self.quotechar == self.delimiter:
            raise ValueError(
                f"`delimiter` and `quotechar` are both {self.delimiter!r}; give two characters."
            )
        for name in ("header_row", "footer_rows"):
            row = getattr(self, name)
            if row is not None and (isinstance(row, bool) or not isinstance(row, int) or row < 0):
                raise ValueError(f"`{name}` must be a whole number from 0, or None; got {row!r}.")
        object.__setattr__(self, "missing", _names_tuple(self.missing, "missing") or ())
        _check_choice(self.layout, LAYOUTS, "layout")
        unknown = sorted(set(self.columns) - set(ROLE_WORDS))
        if unknown or not all(isinstance(c, str) for c in self.columns.values()):
            raise ValueError(
                f"`columns` maps roles ({', '.join(ROLE_WORDS)}) to column names; got "
                f"{dict(self.columns)!r}."
            )
        object.__setattr__(self, "columns", dict(self.columns))
        object.__setattr__(self, "models", _names_tuple(self.models, "models"))
        object.__setattr__(self, "datasets", _names_tuple(self.datasets, "datasets"))
        _check_choice(self.imputed, IMPUTED, "imputed")
        _check_choice(self.design, DESIGNS, "design")
        _check_choice(self.units, UNITS, "units")
        _check_choice(self.scale, SCALES, "scale")
        _check_choice(self.normalize, NORMALIZATIONS, "normalize")
        if isinstance(self.direction, dict):
            for metric, side in self.direction.items():
                _check_choice(side, DIRECTIONS, f"direction[{metric!r}]", none=False)
        else:
            _check_choice(self.direction, DIRECTIONS, "direction")
        ratio = self.test_train_ratio
        if ratio is not None and (isinstance(ratio, bool) or not isinstance(ratio, Real)):
            raise ValueError(f"`test_train_ratio` must be a number or None; got {ratio!r}.")
        if self.fold_suffix is not None and not isinstance(self.fold_suffix, str):
            raise ValueError(
                f"`fold_suffix` must be a separator or None; got {self.fold_suffix!r}."
            )
        object.__setattr__(self, "left_out", tuple(self.left_out))
        object.__setattr__(self, "witnesses", tuple(self.witnesses))

    def witness(self, subject):
        """The witness of one decision.

        Parameters
        ----------
        subject : str
            A role ("model", "score"...), "direction", "design" or "units".

        Returns
        -------
        Witness or None
            None when nothing decided it.
        """
        return next((w for w in self.witnesses if w.subject == subject), None)

    def side(self, metric=None):
        """Which way is better for a data set of ``metric``.

        Parameters
        ----------
        metric : str, default=None
            The data set's metric, where a metric column names it.

        Returns
        -------
        {"higher", "lower"} or None
            None when the spec does not say it.
        """
        if isinstance(self.direction, dict):
            return self.direction.get(metric)
        return self.direction

    def decided(self, subject, value, by, *, source=None, **evidence):
        """This spec with one decision taken, and its witness said.

        Parameters
        ----------
        subject : str
            A field ("direction", "design"...) or a role of ``columns``.
        value : object
            What it is decided to be.
        by : {"option", "name", "values"} or None
            The witness; None says none (a field set by the reader's format).
        source : str, default=None
            Where it was read, a code of :data:`WITNESS_SOURCES`; None: "spec"
            (a decision set by hand) when ``by`` is "option".
        **evidence : dict
            The witness's ``name``, ``found`` and ``overrides``.

        Returns
        -------
        TableSpec
            A new spec; an earlier witness of ``subject`` is replaced.

        Examples
        --------
        >>> TableSpec().decided("direction", "lower", "option").witness("direction").source
        'spec'
        """
        if source is None and by == "option":
            source = "spec"
        witnesses = tuple(w for w in self.witnesses if w.subject != subject)
        said = () if by is None else (Witness(subject, _plain(value), by, source, **evidence),)
        if subject in ROLE_WORDS:
            return replace(
                self, columns={**self.columns, subject: value}, witnesses=witnesses + said
            )
        return replace(self, **{subject: value}, witnesses=witnesses + said)

    def to_dict(self):
        """The spec as plain data (what :meth:`to_json` writes).

        Returns
        -------
        dict
        """
        data = {"format": SPEC_FORMAT, "version": SPEC_VERSION}
        for item in fields(self):
            value = getattr(self, item.name)
            if item.name in ("left_out", "witnesses"):
                value = [_plain_entry(entry) for entry in value]
            elif isinstance(value, tuple):
                value = list(value)
            elif isinstance(value, dict):
                value = dict(value)
            data[item.name] = value
        return data

    @classmethod
    def from_dict(cls, data):
        """The spec of :meth:`to_dict`'s plain data; an unknown field is refused, named.

        Parameters
        ----------
        data : dict
            The fields, as :meth:`to_dict` writes them.

        Returns
        -------
        TableSpec
        """
        if not isinstance(data, dict):
            raise ValueError(f"A table spec is a JSON object; got {type(data).__name__}.")
        data = dict(data)
        version = data.pop("version", SPEC_VERSION)
        if data.pop("format", SPEC_FORMAT) != SPEC_FORMAT or version not in (1, 2, SPEC_VERSION):
            raise ValueError(f"Not a table spec of version 1 to {SPEC_VERSION} ({SPEC_FORMAT}).")
        if version < SPEC_VERSION:
            # Their witnesses and reasons were words that no code says: the spec's now.
            data["witnesses"] = [_coded(entry, version) for entry in data.get("witnesses") or ()]
            data["left_out"] = [
                {**entry, "reason": "spec"} if isinstance(entry, dict) else entry
                for entry in data.get("left_out") or ()
            ]
        known = {item.name for item in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise ValueError(
                f"The spec has unknown field(s) {unknown}; its fields are {sorted(known)}."
            )
        for name, kind in (("left_out", LeftOut), ("witnesses", Witness)):
            try:
                data[name] = tuple(kind(**entry) for entry in data.get(name) or ())
            except TypeError as exc:
                raise ValueError(f"The spec's field `{name}`: {exc}.") from None
        return cls(**data)

    def to_json(self, path_or_buf=None):
        """The spec as JSON text, written to a file when given.

        Parameters
        ----------
        path_or_buf : str, path-like or file-like, default=None
            Where to write it (UTF-8); None only returns the text.

        Returns
        -------
        str
        """
        text = json.dumps(self.to_dict(), indent=2, ensure_ascii=False) + "\n"
        if isinstance(path_or_buf, (str, os.PathLike)):
            with open(path_or_buf, "w", encoding="utf-8") as file:
                file.write(text)
        elif path_or_buf is not None:
            path_or_buf.write(text)
        return text

    @classmethod
    def from_json(cls, text_or_path):
        """The spec of a JSON text, of the file at a path, or of an open file.

        Parameters
        ----------
        text_or_path : str, path-like or file-like
            The JSON text (it starts with "{"), or where to read it.

        Returns
        -------
        TableSpec
        """
        if hasattr(text_or_path, "read"):
            text = text_or_path.read()
        elif isinstance(text_or_path, str) and text_or_path.lstrip().startswith("{"):
            text = text_or_path
        else:
            with open(text_or_path, encoding="utf-8") as file:
                text = file.read()
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ValueError(f"The spec is not valid JSON ({exc}).") from None
        return cls.from_dict(data)


def _plain(value):
    """A decided value as a witness keeps it: plain data, as JSON writes it."""
    if isinstance(value, dict):
        return dict(value)
    return list(value) if isinstance(value, tuple) else value


def _plain_entry(entry):
    """A witness or a left-out entry as JSON writes it."""
    return {key: _plain(value) for key, value in vars(entry).items()}


def _coded(entry, version):
    """A witness of a version-1 or version-2 spec, said in words: the spec's now, with
    the codes its field holds (version 1 said a direction and a design in words)."""
    if not isinstance(entry, dict):
        return entry
    entry = {key: value for key, value in entry.items() if key != "why"}
    entry["source"] = "spec"
    value = entry.get("value")
    if version == 1 and entry.get("subject") == "direction" and isinstance(value, str):
        sides = [part.rsplit(" is better", 1)[0].split(": ") for part in value.split("; ")]
        entry["value"] = (
            sides[0][-1]
            if len(sides) == 1 and len(sides[0]) == 1
            else {metric: side for metric, side in sides}
        )
    elif version == 1 and entry.get("subject") == "design":
        entry["value"] = next((k for k, words in DESIGNS.items() if words == value), value)
    return entry


@dataclass(frozen=True)
class Reading:
    """How a table of scores was read: its spec, and what the assembly found.

    Attributes
    ----------
    source : str
        The table as messages name it ("'results.csv'", "The pandas dataframe").
    spec : TableSpec
        Every decision, with its witness.
    metrics : dict of str to str
        Each data set's metric, where a metric column says it.
    lower_is_better : tuple of str
        The data sets whose scores were a loss (the table holds their negatives).
    notes : tuple of Note
        What else the reading is worth saying (decimal commas, spreads,
        names read as models...).
    generated : tuple of str
        The columns the reader made (several files' models and scores), not
        said among the roles.
    n_datasets : int or None
        How many data sets the table holds (None before the assembly); the
        line says "lower is better on 3 of 12 data sets" by it.

    See Also
    --------
    sklearn_bayescmp.ScoreTable.summary : A table's reading, in words.
    TableSpec : The decisions of a reading, to pass back.

    Notes
    -----
    The reading holds codes and names; the table's
    :meth:`~sklearn_bayescmp.ScoreTable.summary` says it in one line (what
    ``bayescmp compare`` prints on stderr): each role's column, the model
    columns of a wide table, what was left out and why, the notes, the
    direction and the design.

    Examples
    --------
    A paper's ``Average`` row is the mean of the others, not a data set:

    >>> from sklearn_bayescmp import ScoreTable
    >>> table = ScoreTable.from_wide(
    ...     {"dataset": ["iris", "wine", "cancer", "Average"],
    ...      "knn": [0.95, 0.70, 0.93, 0.86], "tree": [0.94, 0.90, 0.92, 0.92]},
    ...     greater_is_better=True,
    ... )
    >>> [(entry.kind, entry.name, entry.reason, entry.about)
    ...  for entry in table.reading.left_out]
    [('row', 'Average', 'summary', ('mean', 'rows'))]
    >>> table.reading.witness("direction").source
    'option'
    """

    source: str
    spec: TableSpec
    metrics: dict = field(default_factory=dict)
    lower_is_better: tuple = ()
    notes: tuple = ()
    generated: tuple = ()
    n_datasets: int | None = None

    @property
    def layout(self):
        """str: The layout ("long", "wide", "transposed", "differences"), or "arrays"."""
        return self.spec.layout or "arrays"

    @property
    def witnesses(self):
        """tuple of Witness: Every decision's witness."""
        return self.spec.witnesses

    @property
    def left_out(self):
        """tuple of LeftOut: Everything left out, and why."""
        return self.spec.left_out

    @property
    def models(self):
        """tuple of str: The model columns of a wide table (empty for another layout)."""
        return self.spec.models or () if self.spec.layout == "wide" else ()

    @property
    def design(self):
        """str: A key of :data:`DESIGNS`."""
        return self.spec.design

    def witness(self, subject):  # the spec's, documented there
        return self.spec.witness(subject)

    witness.__doc__ = TableSpec.witness.__doc__

    @property
    def roles(self):
        """dict of str to str: Each role's column, in the order the roles are said."""
        return {role: self.spec.columns[role] for role in ROLE_WORDS if role in self.spec.columns}

    @property
    def ignored_columns(self):
        """tuple of str: The columns left out."""
        return tuple(entry.name for entry in self.left_out if entry.kind == "column")

    def to_dict(self):
        """The reading as plain data: the spec, the source and what was found.

        Returns
        -------
        dict
        """
        return {
            "source": self.source,
            "spec": self.spec.to_dict(),
            "metrics": dict(self.metrics),
            "lower_is_better": list(self.lower_is_better),
            "notes": [_plain_entry(note) for note in self.notes],
        }
