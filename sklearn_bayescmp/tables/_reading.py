"""The record of how a table was read: every role with its witness, everything left out.

A table of scores is read in steps (``tables/``: sources, raw columns, role
proposals, value evidence, layout, :class:`~sklearn_bayescmp.ScoreTable`).
Each step that takes a decision says on what it took it: the user's option,
a column's name (a proposal), the values (evidence), or a default. The
:class:`Reading` gathers those witnesses, the rows and columns left out with
their reasons, the table's design and the direction of its scores, so that
every output (summary, JSON, report, figure note) can say how the table was
read. This module imports nothing of the pipeline: every step may use it.
"""

from dataclasses import dataclass, field

#: The designs of an experiment that a table can hold, by key, as people read them.
DESIGNS = {
    "cross-validation": "repeated k-fold cross-validation",
    "resamples": "train/test resamples",
    "seeds": "training seeds on one split",
    "means": "one score per data set",
}
#: Where a decision came from: the user's option, a name, the values, or a default.
WITNESS_KINDS = ("option", "name", "values", "default")
#: How the roles are said.
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
#: How many model columns of a wide table the one-line reading names.
MODELS_SHOWN = 30


@dataclass(frozen=True)
class Witness:
    """Why a role, a direction or a design was taken.

    Attributes
    ----------
    subject : str
        What was decided: a role ("model", "dataset", "score"...), "direction"
        or "design".
    value : str
        What it was decided to be: a column's name, "lower is better", a design.
    by : {"option", "name", "values", "default"}
        The witness: the user's option, a name (a column's, a file's, a
        metric's), the values, or the default when nothing said.
    why : str, default=""
        The witness in words ("column 'metric' names 'log_loss', a loss").

    See Also
    --------
    sklearn_bayescmp.tables.Reading : The record of a table's reading that holds these.
    sklearn_bayescmp.tables.LeftOut : A column or row left out, and why.

    Examples
    --------
    >>> from sklearn_bayescmp import ScoreTable
    >>> table = ScoreTable.from_wide(
    ...     {"dataset": ["iris", "wine", "cancer"], "knn": [0.95, 0.70, 0.93],
    ...      "tree": [0.94, 0.90, 0.92]},
    ...     dataset="dataset",
    ... )
    >>> [(w.subject, w.value, w.by) for w in table.reading_details.witnesses]
    [('dataset', 'dataset', 'option'), ('direction', 'higher is better', 'default'),
     ('design', 'one score per data set', 'values')]
    """

    subject: str
    value: str
    by: str
    why: str = ""

    def __post_init__(self):
        if self.by not in WITNESS_KINDS:
            raise ValueError(f"A witness is one of {WITNESS_KINDS}; got {self.by!r}.")

    def to_dict(self):
        """The witness as plain data.

        Returns
        -------
        dict of str to str
            ``subject``, ``value``, ``by`` and ``why`` (for JSON).
        """
        return {"subject": self.subject, "value": self.value, "by": self.by, "why": self.why}


@dataclass(frozen=True)
class LeftOut:
    """A row, a column or a data set that the reading left out, and why.

    Attributes
    ----------
    kind : {"column", "row", "rows", "data set", "split"}
    name : str
        The column's name, the row's label, or a count of rows in words.
    reason : str
        What the name or the values showed.

    See Also
    --------
    sklearn_bayescmp.tables.Reading : The record of a table's reading that lists these.
    sklearn_bayescmp.tables.Witness : What the reader inferred, and from what.

    Examples
    --------
    A paper's ``Average`` row is the mean of the others, not a data set:

    >>> from sklearn_bayescmp import ScoreTable
    >>> table = ScoreTable.from_wide(
    ...     {"dataset": ["iris", "wine", "cancer", "Average"],
    ...      "knn": [0.95, 0.70, 0.93, 0.86], "tree": [0.94, 0.90, 0.92, 0.92]},
    ...     dataset="dataset",
    ... )
    >>> table.reading_details.left_out
    (LeftOut(kind='row', name='Average', reason='the mean of the other rows'),)
    """

    kind: str
    name: str
    reason: str

    def to_dict(self):
        """The entry as plain data.

        Returns
        -------
        dict of str to str
            ``kind``, ``name`` and ``reason`` (for JSON).
        """
        return {"kind": self.kind, "name": self.name, "reason": self.reason}


@dataclass(frozen=True)
class Reading:
    """How a table of scores was read: witnesses, what was left out, design and direction.

    Attributes
    ----------
    source : str
        The table as messages name it ("'results.csv'", "The pandas dataframe").
    layout : str
        "long", "wide", "differences", "estimator files" (aeon/tsml), or
        "arrays" for a table built from arrays (a comparator's, a search's,
        skore's or ``cross_validate``'s results).
    witnesses : tuple of Witness
        Every role taken, in the order the reading says them, then the
        direction and the design.
    models : tuple of str
        The model columns of a wide table (empty for another layout).
    left_out : tuple of LeftOut
        Every column, row or data set left out, and why.
    notes : tuple of str
        Other readings worth saying (decimal commas, names normalised,
        scores written with their spread...).
    metrics : dict of str to str
        Each data set's metric, where a metric column or the files' names
        say it.
    lower_is_better : tuple of str
        The data sets whose scores were a loss (the table holds their
        negatives).
    design : str
        A key of :data:`DESIGNS`.
    normalization : str or None
        How the scores were rescaled per data set, if they were
        (:meth:`ScoreTable.normalized`).

    See Also
    --------
    sklearn_bayescmp.ScoreTable.reading : A table's reading, in one line.
    sklearn_bayescmp.tables.Witness : One inference and its evidence.
    sklearn_bayescmp.tables.LeftOut : A column or row left out, and why.

    Examples
    --------
    A long table whose columns bear the names people give them:

    >>> from sklearn_bayescmp import ScoreTable
    >>> table = ScoreTable.from_long(
    ...     {"classifier": ["knn", "knn", "tree", "tree"] * 2,
    ...      "task": ["iris"] * 4 + ["wine"] * 4,
    ...      "fold": [0, 1, 0, 1] * 2,
    ...      "accuracy": [0.95, 0.93, 0.94, 0.92, 0.70, 0.72, 0.90, 0.88]},
    ...     test_train_ratio=1 / 9,
    ... )
    >>> details = table.reading_details
    >>> details.layout, details.roles["model"], details.roles["score"]
    ('long', 'classifier', 'accuracy')
    """

    source: str
    layout: str
    witnesses: tuple = ()
    models: tuple = ()
    left_out: tuple = ()
    notes: tuple = ()
    metrics: dict = field(default_factory=dict)
    lower_is_better: tuple = ()
    design: str = "cross-validation"
    normalization: str | None = None

    def __post_init__(self):
        if self.design not in DESIGNS:
            raise ValueError(f"A design is one of {list(DESIGNS)}; got {self.design!r}.")

    def witness(self, subject):
        """The witness of one decision.

        Parameters
        ----------
        subject : str
            A role ("model", "dataset", "score"...), "direction" or "design".

        Returns
        -------
        Witness or None
            None when nothing decided it (a role no column holds).
        """
        return next((w for w in self.witnesses if w.subject == subject), None)

    @property
    def roles(self):
        """dict of str to str: Each role's column, in reading order."""
        return {w.subject: w.value for w in self.witnesses if w.subject in ROLE_WORDS}

    @property
    def ignored_columns(self):
        """tuple of str: The columns left out."""
        return tuple(entry.name for entry in self.left_out if entry.kind == "column")

    @property
    def design_words(self):
        """str: The design as people read it ("train/test resamples")."""
        return DESIGNS[self.design]

    def to_dict(self):
        """The reading as plain data.

        Returns
        -------
        dict
            Every field, the witnesses and entries as dicts, and
            ``design_words`` (what ``bayescmp compare --json`` prints as
            ``reading``).
        """
        return {
            "source": self.source,
            "layout": self.layout,
            "witnesses": [w.to_dict() for w in self.witnesses],
            "models": list(self.models),
            "left_out": [entry.to_dict() for entry in self.left_out],
            "notes": list(self.notes),
            "metrics": dict(self.metrics),
            "lower_is_better": list(self.lower_is_better),
            "design": self.design,
            "design_words": self.design_words,
            "normalization": self.normalization,
        }


def reading_text(reading, n_datasets, *, hints=False):
    """How a table was read, in one line: each role's column, the model columns of a wide
    table, what was left out and why, the notes, the direction and the design.

    Parameters
    ----------
    reading : Reading
    n_datasets : int
        How many data sets the table holds (to say on how many of them lower is
        better).
    hints : bool, default=False
        Also say the option that changes a default (for the command's note on
        stderr; a report says what was done, never what to type).

    Returns
    -------
    str or None
        None when nothing was inferred: a table built from arrays, or a long
        table whose columns bear their roles' own names, of greater-is-better
        scores from cross-validation.
    """
    roles = reading.roles
    direction = reading.witness("direction")
    design = reading.witness("design")
    canonical = reading.layout == "long" and all(r == c for r, c in roles.items())
    said_design = (
        design is not None
        and design.by in ("option", "name")
        and reading.design not in ("cross-validation", "means")
    )
    plain = not (
        reading.left_out
        or reading.notes
        or reading.lower_is_better
        or reading.normalization
        or said_design
    )
    named_direction = direction is None or direction.by != "default"
    if plain and (
        reading.layout == "arrays" or (canonical and "model" in roles and named_direction)
    ):
        return None
    parts = []
    if roles and reading.layout in ("long", "wide"):
        parts.append(", ".join(f"{ROLE_WORDS[role]} = {named(c)}" for role, c in roles.items()))
    if reading.models:
        shown = ", ".join(map(repr, reading.models[:MODELS_SHOWN]))
        more = len(reading.models) - MODELS_SHOWN
        parts.append(f"a column per model ({shown}{f' and {more} more' if more > 0 else ''})")
    parts += _left_out_words(reading.left_out)
    parts += reading.notes
    if reading.lower_is_better:
        lower = reading.lower_is_better
        where = ""
        if len(lower) < n_datasets:
            where = (
                f" on {len(lower)} of {n_datasets} data sets ("
                + ", ".join(map(repr, lower[:5]))
                + (", ..." if len(lower) > 5 else "")
                + ")"
            )
        chosen = (
            " (the user's choice)" if direction is not None and direction.by == "option" else ""
        )
        parts.append(
            f"lower is better{where}{chosen}: the negated losses are compared, so that a "
            "positive difference A - B still favours A"
        )
    elif direction is not None and direction.by == "default" and reading.layout != "arrays":
        hint = "; pass greater_is_better=False for a loss" if hints else ""
        parts.append(f"higher is better (no name says which{hint})")
    if said_design:
        parts.append(f"the splits are {reading.design_words} ({design.why})")
    if reading.normalization:
        parts.append(reading.normalization)
    return "; ".join(parts) or None


def _left_out_words(left_out):
    """The entries left out, grouped by kind and reason, in order."""
    groups, unscored = {}, []
    for entry in left_out:
        if entry.kind == "data set" and entry.reason == UNSCORED:
            unscored.append(entry.name)
        else:
            groups.setdefault((entry.kind, entry.reason), []).append(entry.name)
    words = [unscored_words(unscored)] if unscored else []
    for (kind, reason), names in groups.items():
        if kind == "column":
            listed = ", ".join(map(named, names))
        else:
            listed = ", ".join(names if kind == "rows" else map(repr, names))
        if kind == "column":
            because = "" if reason == "no role" else f" ({reason})"
            words.append(f"ignored {listed}{because}")
        elif kind == "rows":
            words.append(f"left out {listed} ({reason})")
        else:
            plural = kind if len(names) == 1 else f"{kind}s"
            words.append(f"left out {plural} {listed} ({reason})")
    return words


#: Why a data set on which no model has a score is left out.
UNSCORED = "no model has a score on it (every cell empty)"


def unscored_words(names):
    """The words on the data sets left out because no model has a score on them."""
    shown = ", ".join(map(repr, names[:5])) + (", ..." if len(names) > 5 else "")
    return (
        f"left out {len(names)} data set(s) on which no model has a score ({shown}): every "
        "cell is empty, as where the metric does not apply"
    )


def named(column):
    """A column as messages name it; the unnamed first column of a pandas CSV, its index."""
    return repr(column) if column else "the unnamed first column (a pandas index)"
