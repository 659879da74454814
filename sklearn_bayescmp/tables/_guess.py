"""Step 5 of reading a table: the guess, from the columns to a spec.

This is the one place where the reader infers. Names propose (``_names``),
values decide (``_evidence``), the user's options and a spec passed back
win over both; every decision goes into the :class:`~._spec.TableSpec`
with its witness, and the table is then assembled by the spec alone
(``_assemble``). Where no witness speaks, or witnesses disagree, the guess
refuses in one line that names what it looked at and the option that
settles it, and the refusal carries the spec it had reached
(:class:`~sklearn_bayescmp.exceptions.TableReadingError`), so that a person
corrects one field and passes it back. The direction of the scores and the
design of the experiment are never taken by default.
"""

import warnings
from dataclasses import replace

import numpy as np

from ..exceptions import TableReadingError
from ..utils._advice import COLUMN_ROLES, option, parameter, spec_field, written
from ..utils._rope_units import values_scale
from ..utils._validation import check_names
from . import _evidence as evidence
from . import _names as naming
from ._assemble import arrange, design_witness, finish, refuse_field, units_witness
from ._spec import LeftOut, Note, TableSpec, Witness
from ._words import NAME_WORDS, left_out_words, name_words, witness_words

#: The reader's options that name a role's column, and the others.
SELECTIONS = (
    "models",
    "datasets",
    "metric",
    "design",
    "imputed",
    "test_train_ratio",
    "fold_suffix",
)


class _Guess:
    """The decisions taken so far (``spec``), what was left out, and notes."""

    def __init__(self, raw, options, given, kept=None):
        self.raw, self.options, self.given = raw, options, given
        self.spec = given
        self.notes = []
        # The decisions of a spec passed back that a name or the values took: taken again
        # from this file, and kept where this file has no witness of them.
        self.kept = kept or {}
        self.taken_as_given = set()

    def keep(self, subject):
        """Take the spec's decision of ``subject`` where this file has no witness of it,
        as the user's (its witness spoke of another file); False where the spec passed
        back has none either."""
        if subject not in self.kept:
            return False
        self.spec = self.spec.decided(subject, self.kept[subject][0], "option")
        self.taken_as_given.add(subject)
        return True

    def leave_out(self, column, reason, *about):
        if column not in [e.name for e in self.spec.left_out if e.kind == "column"]:
            entry = LeftOut("column", column, reason, about)
            self.spec = replace(self.spec, left_out=(*self.spec.left_out, entry))

    @property
    def left_columns(self):
        return {e.name for e in self.spec.left_out if e.kind == "column"}


def _check_said(source, spec):
    """Refuse a spec passed back whose witnesses or entries left out the reading could
    not say: codes with names and values of another shape than the reader writes."""
    for name, entries, words in (
        ("witnesses", spec.witnesses, witness_words),
        ("left_out", spec.left_out, left_out_words),
    ):
        for entry in entries:
            try:
                words(entry)
            except (TypeError, ValueError, KeyError, IndexError, AttributeError):
                refuse_field(
                    source, name, f"holds {_plain_data(entry)}, whose names and values are not "
                    "of the shape its code takes; remove the entry.",
                )  # fmt: skip


def _plain_data(entry):
    return {key: value for key, value in vars(entry).items() if value not in (None, ())}


def guess(raw, options, *, spec=None):
    """The spec of a table, guessed where neither the options nor ``spec`` say it.

    Parameters
    ----------
    raw : RawColumns
    options : dict
        The reader's options: columns' names by role (``model=``...),
        ``models``, ``datasets``, ``metric``, ``design``, ``imputed``,
        ``test_train_ratio``, ``greater_is_better``, ``layout``, ``normalize``.
    spec : TableSpec, default=None
        A spec passed back: every field it sets is taken as the user's.

    Returns
    -------
    Parts
        The table's parts, with the spec in their reading.
    """
    if spec is not None:
        _check_said(raw.source, spec)
    given = written_spec(raw.source_record, _given_spec(raw, options, spec))
    # What a name or the values decided is taken again from this file, and must agree.
    order = [w.subject for w in given.witnesses]
    given, witnessed = _without_evidence(given)
    state = _Guess(raw, options, given, witnessed)
    try:
        _roles(state)
        arranged = arrange(raw, state.spec)
        _values(state, arranged)
        state.spec = decided_decimal(raw.source_record, state.spec)
        witnessed = {s: w for s, w in witnessed.items() if s not in state.taken_as_given}
        _check_evidence(raw.source, witnessed, state.spec)
        if witnessed:  # the spec's own witnesses where this file agrees, in its order
            found = {subject: witness for subject, (_, witness) in witnessed.items()}
            said = [found.get(w.subject, w) for w in state.spec.witnesses]
            rank = {subject: i for i, subject in enumerate(order)}
            said.sort(key=lambda w: rank.get(w.subject, len(rank)))
            state.spec = replace(state.spec, witnesses=tuple(said))
        return finish(arranged, state.spec, notes=state.notes)
    except TableReadingError as exc:
        if exc.spec is None:  # the reading reached, for the one field to correct
            exc.spec = state.spec
        raise
    except ValueError as exc:
        raise TableReadingError(str(exc), spec=state.spec) from None


#: The options that say how a CSV file is written, each a field of the spec.
WRITTEN_OPTIONS = (
    "delimiter", "encoding", "quotechar", "header_row", "footer_rows", "decimal",
    "thousands", "missing",
)  # fmt: skip


def written_options(spec, **options):
    """How to read a CSV file: each of :data:`WRITTEN_OPTIONS` from the option, else from
    a spec passed back; an option and a spec that disagree are refused, naming both."""
    said = {}
    for name in WRITTEN_OPTIONS:
        given, field = options.get(name), getattr(spec, name, None) if spec else None
        if name == "missing":
            given = None if given is None else tuple(check_names(given, "missing"))
            field = field or None
        if given is not None and field is not None and given != field:
            raise TableReadingError(
                f"{option(name, given)} and the spec's {name} ({field!r}) disagree; give one.",
                spec=spec,
                field=name,
                option=name,
            )
        said[name] = given if given is not None else field
    # The marks given are checked as a spec's fields are, in one place.
    TableSpec(**{name: value for name, value in said.items() if value is not None})
    return said


def written_spec(source, spec):
    """The spec with how a CSV file is written, as it was read: its delimiter and its
    header's line (found by the values, or given), its quote character, its encoding and
    its number marks as given."""
    if source.delimiter is None:  # not a CSV file
        return spec
    written = source.number_format
    spec = replace(
        spec,
        delimiter=source.delimiter,
        encoding=source.encoding,
        quotechar=source.quotechar,
        header_row=source.header_row,
        footer_rows=source.footer_rows,
        decimal=written.decimal,
        thousands=written.thousands,
        missing=written.missing,
    )
    for field, by, lines in (
        ("header_row", "header_by", "title-lines"),
        ("footer_rows", "footer_by", "note-lines"),
    ):
        value, by = getattr(source, field), getattr(source, by)
        if value and spec.witness(field) is None:
            said = {"source": lines} if by == "values" else {"source": "option", "name": field}
            if by == "excel":
                by, said = "values", {"source": "excel-separator"}
            spec = spec.decided(field, value, by, found=value, **said)
    said = spec.witness("delimiter")
    if said is not None and said.value == source.delimiter:  # a spec's, passed back
        return spec
    if source.delimiter_by == "values":
        said = {"source": "header", "found": source.delimiter}
    else:
        said = {"source": "option", "name": "delimiter", "found": source.delimiter}
    return spec.decided("delimiter", source.delimiter, source.delimiter_by, **said)


def decided_decimal(source, spec):
    """The spec with the decimal mark of a file delimited by semicolons or tabs, where
    neither the user nor a spec said it: a comma where a cell can only be read with one
    ("0,91"), a point where no cell has a comma, both (None) where the file writes both,
    and asked where every comma could as well group thousands ("1,200")."""
    if source.delimiter is None or source.number_format.decimal is not None:
        return spec
    marks = source.marks
    if "either" in marks and "decimal" not in marks:
        column, cell = marks["either"]
        as_decimal, as_thousands = float(cell.replace(",", ".")), float(cell.replace(",", ""))
        raise TableReadingError(
            f"{source.name}, column {column!r}: {cell!r} is {as_decimal:g} with a decimal comma "
            f"or {as_thousands:g} with a thousands comma, and no cell says which; pass "
            f"{option('decimal', ',')} or {option('thousands', ',')}.",
            field="decimal",
            option="decimal",
        )
    if "decimal" not in marks:
        return replace(spec, decimal=".")
    if "point" in marks:
        return spec
    column, cell = marks["decimal"]
    return spec.decided("decimal", ",", "values", source="cells", name=column, found=cell)


#: The decisions that a witness of a spec passed back must still find in the file.
EVIDENCED = ("direction", "design", "scale", "units")


def _without_evidence(spec):
    """The spec without the decisions that a name or the values took (to take them again
    from the file read), and those decisions with their witnesses."""
    witnessed = {}
    for subject in EVIDENCED:
        witness = spec.witness(subject)
        if witness is not None and witness.by != "option":
            witnessed[subject] = (getattr(spec, subject), witness)
            spec = spec.decided(subject, None, None)
    return spec, witnessed


def _check_evidence(source, witnessed, spec):
    """Refuse a spec passed back whose decisions by a name or by the values this file's
    names and values contradict (the spec of another file), naming the field."""
    for subject, (value, witness) in witnessed.items():
        found = getattr(spec, subject)
        if found == value:
            continue
        name = {"direction": "greater_is_better", "design": "design"}.get(subject)
        what = {"name": "names", "values": "values"}
        raise TableReadingError(
            f"{source}: {spec_field(subject)} is {value!r} by the {what[witness.by]} of the "
            f"table it was read from, but this table's {what[spec.witness(subject).by]} say "
            f"{found!r}; correct it, or delete its witness to take it as given"
            f"{f' (or pass {parameter(name)})' if name else ''}.",
            field=subject,
            option=name,
        )


def _given_spec(raw, options, spec):
    """The spec of what the user said: a spec passed back, with the options over it (an
    option and a spec that disagree are refused, naming both)."""
    spec = spec or TableSpec()
    columns = {role: options[role] for role in COLUMN_ROLES if options.get(role) is not None}
    for role, column in columns.items():
        raw.require(column, role)
        if spec.columns.get(role, column) != column:
            raise ValueError(
                f"{option(role, column)} and the spec's columns.{role} ({spec.columns[role]!r}) "
                "disagree; give one of them."
            )
    witnesses = hand_witnesses(spec)
    for role, column in columns.items():
        witnesses = [w for w in witnesses if w.subject != role]
        witnesses.append(Witness(role, column, "option", "option", name=role, found=column))
    said = {}
    for key in (*SELECTIONS, "layout", "normalize"):
        value = options.get(key)
        if value is not None:
            current = getattr(spec, key)
            if key in ("models", "datasets"):
                value = tuple(check_names(value, key))
            if current is not None and current != value:
                raise TableReadingError(
                    f"{option(key, value)} and the spec's {key} ({current!r}) disagree.",
                    field=key,
                    option=key,
                )
            said[key] = value
    if said.get("layout") in ("auto", None):
        said.pop("layout", None)
    direction = options.get("greater_is_better")
    if direction is not None:
        side = "higher" if direction else "lower"
        if spec.direction not in (None, side):
            raise TableReadingError(
                f"{option('greater_is_better', direction)} and the spec's direction "
                f"({spec.direction!r}) disagree.",
                field="direction",
                option="greater_is_better",
            )
        said["direction"] = side
        witnesses = [w for w in witnesses if w.subject != "direction"]
        said_by = {"name": "greater_is_better", "found": direction}
        witnesses.append(Witness("direction", side, "option", "option", **said_by))
    if said.get("design") is not None:
        witnesses = [w for w in witnesses if w.subject != "design"]
        design = said["design"]
        witnesses.append(Witness("design", design, "option", "option", "design", design))
    return replace(spec, columns={**spec.columns, **columns}, witnesses=tuple(witnesses), **said)


#: The decisions of a spec that a person may set, or edit, by hand.
HAND_SUBJECTS = ("direction", "design", "units", "scale")


def hand_witnesses(spec, subjects=HAND_SUBJECTS):
    """The witnesses of a spec passed back: those that still say what their field holds,
    and the user's ("the spec given") for each of ``subjects`` set, or edited, by hand.

    Returns
    -------
    list of Witness
    """
    witnesses = [w for w in spec.witnesses if _still_true(spec, w)]
    for subject in subjects:
        value = getattr(spec, subject)
        if value is not None and not any(w.subject == subject for w in witnesses):
            said_by_hand = TableSpec().decided(subject, value, "option")
            witnesses += said_by_hand.witnesses
    return witnesses


def _still_true(spec, witness):
    """Whether a spec's witness still says what its field holds (a field edited by hand
    takes the user's witness instead)."""
    value = {subject: getattr(spec, subject) for subject in HAND_SUBJECTS}
    if witness.subject in naming.ROLE_NAMES:
        return spec.columns.get(witness.subject) == witness.value
    if witness.subject not in value:
        return True
    return value[witness.subject] is not None and value[witness.subject] == witness.value


# -- roles ----------------------------------------------------------------------------


def _roles(state):
    """The layout, the roles' columns, the model columns and the columns left out."""
    raw, spec = state.raw, state.spec
    if naming.is_resamples_header(raw.names):
        raise ValueError(
            f"{raw.source} is one estimator's results file (aeon/tsml: a row per data set, a "
            f"column per resample, {len(raw.names) - 1} resamples), not a table of models: "
            "read alone, its resamples would be compared as models. Read the files of the "
            f"estimators to compare together: {option('read_resamples')}."
        )
    if naming.is_search_results_header(raw.names) and not spec.columns:
        raise ValueError(
            f"{raw.source} is a hyper-parameter search's cv_results_ (a 'params' column, and "
            "each split's test score in a column of its own), whose candidates are the "
            "models: read it in Python with ScoreTable.from_cv_results(pandas.read_csv(file))."
        )
    layout = spec.layout
    if layout in (None, "long"):
        found = _long_roles(state, probing=layout is None)
        if found:
            state.spec = replace(state.spec, layout="long")
            _filled_in_marker(state)
            _tuple_ids(state)
            _fold_suffix(state)
            return
        state.spec = state.given
    listed = spec.models
    absent = [name for name in listed or () if name not in raw.columns]
    column = _rows_named(raw, listed) if absent else None
    if column is None and layout == "transposed":
        column = _model_rows(state)
    if column is not None:
        by = {"source": "model-rows"} if listed else {"name": "layout", "found": "transposed"}
        state.spec = replace(spec, layout="transposed").decided(
            "model", column, "option", source=by.pop("source", "option"), **by
        )
        state.notes.append(Note("turned-around", (column, bool(listed))))
        for c in raw.names:
            if c != column and not raw.is_numeric(c):
                state.leave_out(c, "text")
        return
    state.spec = replace(state.spec, layout="wide")
    _wide_roles(state)
    _filled_in_marker(state)


def _model_rows(state):
    """The column that names a transposed table's models (``layout="transposed"``): the
    model column given, or the one text column."""
    raw, spec = state.raw, state.spec
    if spec.columns.get("model") is not None:
        return spec.columns["model"]
    text = [c for c in raw.names if not raw.is_numeric(c)]
    if len(text) != 1:
        evidence.refuse(raw, "model", text)
    return text[0]


def _rows_named(raw, models):
    """The text column whose rows the given ``models`` name, if any (a table with a row per
    model, as USB publishes its results)."""
    for column in raw.names:
        if column not in models and not raw.is_numeric(column):
            if set(models) <= set(raw.labels(column, "models").tolist()):
                return column
    return None


def _groups(raw):
    """Columns by normalized name (``Score`` and ``score`` share one)."""
    groups = {}
    for column in raw.names:
        groups.setdefault(naming.normalized(column), []).append(column)
    return groups


def _match(state, groups, role, taken, metric_found=False):
    """The column of ``role`` found by its name, or None; two candidates are refused,
    unless they group the rows alike, or one generic score column stands beside a metric
    column."""
    raw = state.raw
    matches = [
        c for name in naming.ROLE_NAMES[role] for c in groups.get(name, ()) if c not in taken
    ]
    if role == "score" and not matches:
        # A metric's name: a loss's ("test_error") or a score's ("Accuracy__test").
        matches = [
            c
            for c in raw.names
            if c not in taken
            and (
                naming.loss_word(c) not in (None, *naming.COST_OF_RUNNING)
                or naming.score_word(c) is not None
            )
            and raw.is_numeric(c)
        ]
    if len(matches) > 1 and role in ("model", "dataset"):
        column, alike = evidence.one_of_alike(raw, role, matches)
        for other in alike:
            state.leave_out(other, "grouping", column)
        return column
    generic = [c for c in matches if naming.normalized(c) in naming.GENERIC_SCORE_NAMES]
    if role == "score" and len(matches) > 1 and len(generic) == 1 and metric_found:
        for other in matches:
            if other != generic[0]:
                state.leave_out(other, "metric-column", generic[0])
        return generic[0]
    if len(matches) > 1:
        evidence.refuse(raw, role, matches)
    return matches[0] if matches else None


def _dataframe_index(state, column, taken):
    """A dataframe's index written as a column: left out when it numbers the rows, or
    names nothing another column does not."""
    raw = state.raw
    if column in taken or not raw.is_numeric(column):
        return
    values, _ = raw.numbers(column, empty_is_missing=True)
    if evidence.numbers_the_rows(values) or not naming.is_role_name(column):
        state.leave_out(column, "index")


def _by_names(state, groups, roles, found, how, taken):
    """The columns of ``roles`` not yet found, by their names (a split also by a word of
    its name), in ``found`` and ``how``."""
    for role in roles:
        if role not in found:
            left = taken | state.left_columns
            column = _match(state, groups, role, left, "metric" in found)
            if column is not None:
                found[role], how[role] = column, ("name", "column")
                taken.add(column)
    by_word = _split_by_word(state, found, taken)
    if by_word:
        how["split"] = by_word


def _split_by_word(state, found, taken):
    """Without a split column, the one column whose name holds "fold", "split" or
    "resample" among other words ("dataset_fold_id") is the split."""
    if any(found.get(role) for role in ("split", "repeat", "fold")):
        return
    named = [
        c
        for c in state.raw.names
        if c not in taken and {"fold", "split", "resample"} & set(naming.words_of(c))
    ]
    if len(named) == 1:
        found["split"] = named[0]
        taken.add(named[0])
        return ("name", "column-word")


def _sides_disagree(raw, metric, score):
    """Whether the metrics a column names are all of one direction, and the score column's
    name of the other ("loss" beside "accuracy"), with no generic score column ("result")
    whose metric it could name: kept, the metric column is asked about instead of left out
    as another score column's."""
    side = naming.direction_of_name(score)[0]
    if side is None or metric not in raw.columns:
        return False
    if any(naming.normalized(c) in naming.GENERIC_SCORE_NAMES for c in raw.names if c != score):
        return False
    names = list(dict.fromkeys(raw.labels(metric, "metrics").tolist()))
    sides = {naming.direction_of_name(name)[0] for name in names[: evidence.SAMPLE]}
    return len(sides) == 1 and None not in sides and side not in sides


def _long_roles(state, *, probing):
    """The long layout's roles, from the options and the columns' names and values; False
    when no model column can be told and no column is named like a score (a wide table,
    when ``probing``)."""
    raw, spec = state.raw, state.spec
    groups = _groups(raw)
    found = dict(spec.columns)
    how = {role: ("option", "option") for role in found}
    taken = set(found.values())
    for column in raw.index_columns:
        _dataframe_index(state, column, taken)
    try:
        _by_names(state, groups, naming.LONG_ROLE_ORDER, found, how, taken)
    except TableReadingError as exc:
        # Several columns named like a measure, and no column of the models' names: a
        # wide table's models named after their measure ("acc_rf", "acc_svm"), not a long
        # table's scores.
        text = [c for c in raw.names if c not in found.values() and not raw.is_numeric(c)]
        if probing and exc.field == "columns.score" and "model" not in found and not text:
            return False
        raise
    score = found.get("score")
    if "metric" in found and score is not None and spec.metric is None:
        # The metric column describes a generic score ("result") or one named after it
        # ("metric_error"), not one metric's own column ("auc").
        if (
            naming.normalized(score) not in naming.GENERIC_SCORE_NAMES
            and "metric" not in naming.words_of(score)
            and not _sides_disagree(raw, found["metric"], score)
        ):
            column = found.pop("metric")
            state.leave_out(column, "other-metric", score)
    if evidence.seed_of_a_run(raw, found, state.given.columns):
        seed = found.pop("repeat")
        state.leave_out(seed, "run-seed")
    rest = [c for c in raw.names if c not in taken and c not in state.left_columns]
    text = [c for c in rest if not raw.is_numeric(c)]
    descriptors = [c for c in rest if c not in text and naming.is_descriptor_name(c)]
    numeric = [c for c in rest if c not in text and c not in descriptors]
    if "model" not in found:
        if len(text) == 1:
            if raw.score_share(text[0]) > 0.5:  # scores but for some cells: name the cell
                raw.numbers(text[0], empty_is_missing=True)
            found["model"] = text.pop()
            how["model"] = ("values", "text-beside-dataset")
        elif len(text) > 1 and "score" in found:
            what = "model" if "dataset" in found else "model and which the data set"
            name_them = option("model")
            if "dataset" not in found:
                name_them += f" and {option('dataset')}"
            raise ValueError(
                f"{raw.source}: cannot tell which column holds the {what}: columns {text} hold "
                f"text and none is named like one. Name them with {name_them}."
            )
        elif probing:
            return False
        else:
            raise TableReadingError(
                f"{raw.source}: cannot tell which column holds the model's name (no column "
                f"named model, classifier, learner..., and not exactly one text column among "
                f"{raw.names}). Name it with {option('model')}.",
                field="columns.model",
                option="model",
            )
    if "score" not in found:
        if len(numeric) != 1:
            named = naming.normalized(found["model"]) in naming.ROLE_NAMES["model"]
            if probing and "model" not in spec.columns and not named:
                return False  # one text column and several numeric ones: a wide table
            split = any(found.get(role) for role in ("dataset", "split", "repeat", "fold"))
            if not split and len(set(raw.columns[found["model"]].tolist())) == raw.n_rows:
                evidence.refuse_turned_around(raw, found["model"])
            evidence.refuse(raw, "score", numeric)
        found["score"] = numeric.pop()
        how["score"] = ("values", "one-numeric-column")
    for column in text + numeric:
        state.leave_out(column, "no-role")
    for column in descriptors:
        state.leave_out(column, "descriptor")
    if all(c in raw.columns for c in found.values()):
        if "dataset" not in found:
            evidence.refuse_data_set_candidates(raw, text + numeric + descriptors, found)
        if len(set(raw.columns[found["model"]].tolist())) < 2:
            evidence.refuse_one_model(raw, found["model"], text)
    _take_roles(state, found, how)
    return True


def _take_roles(state, found, how):
    spec = state.spec
    for role in naming.ROLE_NAMES:
        if role in found and (role not in spec.columns or how[role][0] != "option"):
            by, source = how[role]
            given = {"name": role, "found": found[role]} if source == "option" else {}
            spec = spec.decided(role, found[role], by, source=source, **given)
    state.spec = replace(spec, columns={r: found[r] for r in naming.ROLE_NAMES if r in found})


def _wide_roles(state):
    """The roles of a wide table's columns besides its models, and its model columns."""
    raw, spec = state.raw, state.spec
    groups = _groups(raw)
    found = {
        role: c for role, c in spec.columns.items() if role in ("dataset", *naming.SPLIT_ROLES)
    }
    if "model" in spec.columns or "score" in spec.columns:
        raise TableReadingError(
            f"{raw.source}: {option('model')} and {option('score')} name the columns of a long "
            "table (a row per data set, model and split); this one is read as wide (a column per "
            f"model). List the model columns with {option('models')} instead.",
            field="models",
            option="models",
        )
    how = {role: ("option", "option") for role in found}
    listed = list(spec.models or ())
    taken = set(found.values()) | set(listed)
    _by_names(
        state, groups, ("metric", *naming.SPLIT_ROLES, "dataset", "imputed"), found, how, taken
    )
    if listed:
        if "dataset" not in found:  # the data sets' names, as where no model is listed
            text = [
                c
                for c in raw.names
                if c not in taken and c not in state.left_columns and not raw.is_numeric(c)
            ]
            if len(text) > 1:
                raise TableReadingError(
                    f"{raw.source}: columns {text} hold text beside the models given, and no "
                    "column is named for the data sets; name the one that holds them with "
                    f"{option('dataset')}.",
                    field="columns.dataset",
                    option="dataset",
                )
            if text:
                found["dataset"], how["dataset"] = text[0], ("values", "one-text-column")
                taken.add(text[0])
        for column in raw.names:
            if column not in taken and column not in state.left_columns:
                state.leave_out(column, "not-listed")
        _take_roles(state, found, how)
        state.spec = state.spec.decided("models", tuple(listed), None)
        return
    _index_column(state, found, how, taken)
    for column in raw.index_columns:
        _dataframe_index(state, column, taken)
    named_models = [
        c
        for c in raw.names
        if c not in taken
        and naming.normalized(c) in naming.ROLE_NAMES["model"]
        and not raw.is_numeric(c)
    ]
    if named_models:
        evidence.refuse_turned_around(raw, named_models[0])
    rest = [c for c in raw.names if c not in taken and c not in state.left_columns]
    text = [c for c in rest if c and not raw.is_numeric(c)]
    if "dataset" not in found and len(text) == 1:
        found["dataset"], how["dataset"] = text.pop(), ("values", "one-text-column")
    rest = [c for c in rest if c not in text and c != found.get("dataset")]
    splits = [found[r] for r in ("split", "repeat", "fold") if found.get(r)]
    if "dataset" not in found:
        grouping = [c for c in rest if c and evidence.groups_the_splits(raw, c, splits)]
        if grouping:
            raise TableReadingError(
                f"{raw.source}: column {grouping[0]!r} has no role, and no column names the "
                f"data sets; its values could: each is on several rows, which the split "
                f"columns ({', '.join(map(repr, splits))}) tell apart only with it. If it "
                f"names the data sets, pass {option('dataset', grouping[0])}; if it is a model's "
                f"scores, list the model columns with {option('models')}.",
                field="columns.dataset",
                option="dataset",
            )
    for column in text:  # scores but for some cells: name the first cell that is not one
        if raw.score_share(column) > 0.5:
            raw.numbers(column, empty_is_missing=True)
    if "dataset" in found:  # a name of each data set beside its id: a description
        for column in [c for c in text if _one_per(raw, c, found["dataset"])]:
            state.leave_out(column, "one-value-each")
            text.remove(column)
    if text:
        raise TableReadingError(
            f"{raw.source}: columns {text} hold text, so they are not scores of models, and a "
            "wide table (a column per model) has one data-set column: name it with "
            f"{option('dataset')} and list the model columns with {option('models')}. If the "
            "table is long (a row per data set, model and split), name its columns with "
            f"{option('model')} and {option('score')}.",
            field="columns.dataset",
            option="dataset",
        )
    if "" in rest:
        raise TableReadingError(
            f"{raw.source} has a column without a name (column {raw.names.index('') + 1}; a "
            "dataframe's index written by to_csv?). Name it, drop it (to_csv(index=False)), "
            f"or list the model columns with {option('models')}.",
            field="models",
            option="models",
        )
    _take_roles(state, found, how)
    _tuple_ids(state)
    _fold_suffix(state)
    _repeated_names(state)
    models = _model_columns(state, rest, found.get("dataset"))
    if not models:
        raise TableReadingError(
            f"{raw.source} has no column of numbers to read as a model's scores (its columns: "
            f"{', '.join(map(repr, raw.names))}); list the model columns with {option('models')}.",
            field="models",
            option="models",
        )
    _turned_around(state, models)
    state.spec = replace(state.spec, models=tuple(models))


def _turned_around(state, models):
    """Ask about a wide table whose values vary across its columns as data sets' do and
    little down its rows, as a table with a row per model and a column per data set
    would: read as wide, its models would be taken for data sets. ``layout`` answers."""
    raw, spec = state.raw, state.spec
    if state.given.layout is not None or any(spec.columns.get(r) for r in naming.SPLIT_ROLES):
        return
    column = spec.columns.get("dataset")
    matrix = np.column_stack([raw.numbers(m, empty_is_missing=True)[0] for m in models])
    found = evidence.turned_around(matrix)
    if found is None:
        return
    across, down = found
    where = f"the labels of column {column!r}" if column else "the rows"
    raise TableReadingError(
        f"{raw.source}: the scores differ across the columns (typically by {across:.3g}) far "
        f"more than down the rows ({down:.3g}), as a table with a row per model and a column "
        f"per data set would: are {where} models? Pass {option('layout', 'transposed')} if so, "
        f"{option('layout', 'wide')} if each row is a data set.",
        field="layout",
        option="layout",
    )


def _index_column(state, found, how, taken):
    """A pandas CSV's index (the first column, its header empty): the data sets when it
    holds names (refused when the table looks transposed), nothing when it numbers the rows."""
    raw = state.raw
    first = raw.names[0] if raw.names else None
    if first is None or first in taken or not naming.is_index_name(first):
        return
    if not raw.is_numeric(first):
        if first != "" and "dataset" not in found:
            _refuse_transposed(raw, first)
            return
        if "dataset" in found:
            raise ValueError(
                f"{raw.source}: the first column has no name (a pandas index) and holds names, "
                f"beside the data-set column {found['dataset']!r}; name it, or drop it "
                "(to_csv(index=False))."
            )
        _refuse_transposed(raw, first)
        found["dataset"], how["dataset"] = "", ("values", "pandas-index")
        taken.add("")
        return
    if first == "":
        values, _ = raw.numbers("", empty_is_missing=True)
        if evidence.numbers_the_rows(values):
            state.leave_out("", "default-index")


def _refuse_transposed(raw, first):
    """An index of names with more columns than rows: a table turned around (``df.T``
    written with its index), whose rows would be read as data sets."""
    if len(raw.names) - 1 > raw.n_rows:
        raise TableReadingError(
            f"{raw.source}: the first column ({first!r}, an index) holds names, and the table "
            f"has more columns ({len(raw.names) - 1}) than rows ({raw.n_rows}): a table turned "
            "around, a row per model and a column per data set? Pass "
            f"{option('layout', 'transposed')}, "
            f"which reads it so (or name the models of its rows with {option('models')}); or name "
            f"the data-set column with {option('dataset')}.",
            field="layout",
            option="layout",
        )


def _model_columns(state, candidates, dataset):
    """The model columns of a wide table: the candidates that the names and values leave
    once an index, the models' companions (spreads, ranks, changes against another),
    summaries of the models, descriptions of the data sets and columns on another scale
    are left out (or refused, where names and values disagree)."""
    raw = state.raw
    values = {c: raw.numbers(c, empty_is_missing=True)[0] for c in candidates}
    models = []
    for column in candidates:
        if naming.is_index_name(column) and (
            evidence.numbers_the_rows(values[column]) or _increasing_whole(values[column])
        ):
            state.leave_out(column, "written-index")
        else:
            models.append(column)
    plain = [
        c for c in models if not naming.is_summary_name(c) and not naming.is_descriptor_name(c)
    ]
    if not plain:  # only descriptors' names: single letters are models ("D", "K", "N")
        plain = [c for c in models if naming.normalized(c) in naming.WEAK_DESCRIPTOR_NAMES]
    for column in list(models):
        companion = naming.companion_of(column, [c for c in plain if c != column])
        if companion is not None:
            state.leave_out(
                column, evidence.check_companion(raw, column, *companion, len(plain) - 1)
            )
            models.remove(column)
    plain = [c for c in plain if c in models]
    matrix = np.column_stack([values[c] for c in plain]) if len(plain) > 1 else None
    for column in [c for c in models if naming.is_descriptor_name(c) and c not in plain]:
        try:
            weak = naming.normalized(column) in naming.WEAK_DESCRIPTOR_NAMES
            reason = evidence.check_descriptor(raw, column, dataset, matrix, weak=weak)
        except ValueError:
            if naming.normalized(column) not in naming.WEAK_DESCRIPTOR_NAMES:
                raise
            state.notes.append(Note("descriptor-model", (column,)))
            continue
        state.leave_out(column, reason)
        models.remove(column)
    # Rows of ranks (1..K) match some change of one column against two others at their
    # whole-number precision: they are read as ranks, which the direction asks about.
    if len(models) < 3 or not evidence.are_ranks(np.column_stack([values[c] for c in models])):
        _changes(state, models, values)
    _summaries(state, models, values)
    evidence.bracketed_ranks(raw, models)
    if models and not evidence.are_ranks(np.column_stack([values[c] for c in models])):
        outliers = evidence.scale_outliers({c: values[c] for c in models})
        if outliers:
            evidence.refuse_scale_outliers(raw.source, outliers)
    return models


def _changes(state, models, values):
    """A column that is the change of one model against another ("Δ vs Base", "Gain"):
    left out where name and values agree; refused where only the values say it."""
    if len(models) < 3:
        return
    for column in list(models):
        others = {c: values[c] for c in models if c != column and not naming.is_change_name(c)}
        change = evidence.change_of(values[column], others)
        named = naming.is_change_name(column)
        if change is not None and named:
            a, b, kind = change
            state.leave_out(column, "pair-statistic", kind, a, b)
            models.remove(column)
        elif change is not None and np.isfinite(values[column]).sum() >= 3:
            a, b, kind = change
            raise TableReadingError(
                f"{state.raw.source}: column {column!r} is the {kind} of {a!r} against {b!r} on "
                "every row: a column of changes, not a model? List the model columns with "
                f"{option('models')}.",
                field="models",
                option="models",
            )


def _summaries(state, models, values):
    """Columns named like a summary of the models: left out where their values are one;
    a column that is exactly the row mean of three or more others is refused."""
    raw = state.raw
    plain = [c for c in models if not naming.is_summary_name(c)]
    for column in [c for c in models if naming.is_summary_name(c)]:
        others = [c for c in plain if c != column]
        statistic, informative = None, 0
        if len(others) >= 2:
            stack = np.column_stack([values[c] for c in others]).T
            statistic = evidence.summary_statistic(values[column], stack, named=column)
            informative = evidence.informative_entries(stack[:, np.isfinite(values[column])])
        if statistic is not None:
            state.leave_out(column, "summary", statistic, "model columns")
            models.remove(column)
        elif evidence.is_baseline_name(column):
            state.notes.append(Note("baseline-model", (column,)))
        else:
            found = (
                f"the other model columns differ on {informative} row(s) only, too few to tell "
                "whether its values are a statistic of them"
                if informative < 2
                else "its values are not their mean, median, sum, extremes, wins or average "
                "rank, row by row"
            )
            raise TableReadingError(
                f"{raw.source}: column {column!r} is named like a summary of the model columns, "
                f"but {found}. If it is a model, list the model columns with {option('models')}; "
                "otherwise drop it.",
                field="models",
                option="models",
            )
    for column in list(models):
        others = [c for c in models if c != column]
        if len(others) >= 3:
            stack = np.column_stack([values[c] for c in others]).T
            if evidence.summary_statistic(values[column], stack, named=None) is not None:
                raise TableReadingError(
                    f"{raw.source}: column {column!r} equals the row mean of the other model "
                    "columns on every row (to the table's printed precision): a summary "
                    f"column? Drop it, or list the model columns with {option('models')}.",
                    field="models",
                    option="models",
                )


def _increasing_whole(values):
    """Whole numbers that only increase (an index of rows some of which were dropped)."""
    finite = values[np.isfinite(values)]
    return (
        finite.size == values.size
        and bool(np.all(finite == np.round(finite)))
        and bool(np.all(np.diff(finite) > 0))
    )


def _filled_in_marker(state):
    """A column named like a marker of filled-in scores that marks none: left out."""
    raw, spec = state.raw, state.spec
    column = spec.columns.get("imputed")
    if column is not None and column in raw.columns and not evidence.filled_in(raw, column).any():
        if spec.imputed is not None:
            raise TableReadingError(
                f"{raw.source}: {option('imputed', spec.imputed)} is given, but column {column!r} "
                "marks no score as filled in; leave the option out.",
                field="imputed",
                option="imputed",
            )
        columns = {r: c for r, c in spec.columns.items() if r != "imputed"}
        witnesses = tuple(w for w in spec.witnesses if w.subject != "imputed")
        state.spec = replace(spec, columns=columns, witnesses=witnesses)
        state.leave_out(column, "no-imputed")
    elif column is None and spec.imputed is not None:
        raise TableReadingError(
            f"{raw.source}: {option('imputed', spec.imputed)} is given, but no column marks "
            "filled-in scores (named imputed, is_imputed, filled...); leave the option out.",
            field="imputed",
            option="imputed",
        )


# -- the design's witnesses in the ids and the rows -----------------------------------


def _tuple_ids(state):
    """Refuse data-set ids that are tuples written out ("('Pima', 0.0, 1)", a dataframe's
    index of several levels): read whole, each combination of parts would be a data set,
    while the parts may be a data set, a setting and a seed."""
    raw, spec = state.raw, state.spec
    column = spec.columns.get("dataset")
    if column is None or column not in raw.columns:
        return
    labels = raw.labels(column, "datasets")
    if not len(labels) or not str(labels[0]).lstrip().startswith("("):
        return
    labels = list(dict.fromkeys(labels.tolist()))
    parts = [evidence.tuple_parts(label) for label in labels[: evidence.SAMPLE]]
    if not labels or any(p is None for p in parts) or len({len(p) for p in parts}) != 1:
        return
    raise TableReadingError(
        f"{raw.source}: the ids of column {column!r} are tuples of {len(parts[0])} parts "
        f"({labels[0]}), and read whole each would be a data set; split them into a column "
        f"per part, and name the data set's with {option('dataset')}, a seed's with "
        f"{option('repeat')}.",
        field="columns.dataset",
        option="dataset",
    )


def _fold_suffix(state):
    """Data-set ids that end with a split's index ("credit-g-fold2") are (data set, fold)
    pairs where a word says so; ids that only end with the same indices ("friedman_1",
    "monks_1") are asked about, as the index may be part of the names."""
    raw, spec = state.raw, state.spec
    column = spec.columns.get("dataset")
    if column is None or column not in raw.columns:
        return
    if spec.fold_suffix:
        state.notes.append(Note("fold-suffix", (column, spec.fold_suffix)))
    if spec.fold_suffix is not None or any(spec.columns.get(r) for r in ("split", "fold")):
        return
    labels = list(dict.fromkeys(raw.labels(column, "datasets").tolist()))
    found = evidence.index_suffix(labels, column)
    if found is None:
        return
    indices = f"{found.indices[0]}..{found.indices[-1]}"
    if not found.witnessed:
        raise TableReadingError(
            f"{raw.source}: every id of column {column!r} ends with {indices} after "
            f"{found.separator!r} ({found.example!r}), and no word says whether that is a fold or "
            f"part of {found.n_names} names; pass {option('fold_suffix', found.separator)} if it "
            f"is a fold, {option('fold_suffix', '')} if every id is a data set.",
            field="fold_suffix",
            option="fold_suffix",
        )
    state.spec = replace(spec, fold_suffix=found.separator)
    said = (column, len(labels), found.n_names, found.separator, found.example, indices)
    state.notes.append(Note("fold-suffix-found", said))


def _repeated_names(state):
    """A wide table whose rows would be read as splits in order, without a column that
    says the split: refused unless the design or the sizes are said (rows of one data set
    without a data-set column; repeated data-set names)."""
    raw, spec = state.raw, state.spec
    column = spec.columns.get("dataset")
    if spec.fold_suffix or spec.design or spec.test_train_ratio is not None:
        return
    if any(spec.columns.get(role) for role in ("split", "repeat", "fold", "n_train")):
        return
    if column is None:
        if raw.n_rows > 1:
            raise TableReadingError(
                f"{raw.source} has a column per model and no data set column, so its rows are "
                "read as the splits of one data set, whose sizes are needed: pass "
                f"{option('test_train_ratio', written('1/9'))} for 10-fold cross-validation. "
                "If each row is a data set "
                "instead (a paper's table, autorank's input), add a column naming them "
                f"({option('dataset')}; a pandas index that names them is read as one).",
                field="test_train_ratio",
                option="test_train_ratio",
            )
        return
    labels = raw.labels(column, "datasets")
    group = evidence.codes(labels)
    metric = spec.columns.get("metric")
    if metric is not None:
        # A data set's rows of several metrics are not its splits: the assembly keeps the
        # metric asked for (metric=), or asks which.
        metrics = raw.labels(metric, "metric")
        by_metric = group * (group.max() + 1) + evidence.codes(metrics)
        kept = np.ones(raw.n_rows, bool) if spec.metric is None else metrics == spec.metric
        counts = np.bincount(by_metric[kept], minlength=by_metric.max() + 1)
        if counts.max(initial=0) < 2:
            return
        group = np.where(kept, by_metric, -1)
        group = evidence.codes(group)
    counts = np.bincount(group)
    if counts.max(initial=0) < 2:
        return
    name = labels[int(np.flatnonzero(group == np.argmax(counts))[0])]
    rows = [raw.row_word(i) for i in np.flatnonzero(labels == name)[:3]]
    others = [
        c
        for c in raw.names
        if c not in (column, metric)
        and c not in (spec.models or ())
        and _could_name_datasets(raw, c)
        and _tells_apart(raw, c, group)
    ]
    apart = (
        f" Column {others[0]!r} tells them apart: if it names the data sets, pass "
        f"{option('dataset', others[0])}."
        if others
        else ""
    )
    raise TableReadingError(
        f"{raw.source}: data set {name!r} of column {column!r} is on several rows "
        f"({', '.join(rows)}; {int((counts > 1).sum())} names repeat), and no column says "
        f"which split each row is.{apart} If each data set's rows are its splits in order, "
        f"say how they were made with {option('design', 'cross-validation')} (or 'resamples', "
        f"'seeds') and their sizes with {parameter('test_train_ratio')}.",
        field="design",
        option="design",
    )


def _one_per(raw, column, dataset):
    """Whether ``column`` holds one value for each data set of column ``dataset``."""
    pairs = np.unique(
        np.column_stack(
            [evidence.codes(raw.columns[dataset]), evidence.codes(raw.columns[column])]
        ),
        axis=0,
    )
    return len(pairs) == len(np.unique(pairs[:, 0]))


def _could_name_datasets(raw, column):
    """Whether a column could name data sets: text, or whole numbers (OpenML's ids);
    never a model's fractional scores."""
    return not raw.is_numeric(column) or evidence.is_whole(
        raw.numbers(column, empty_is_missing=True)[0]
    )


def _tells_apart(raw, column, group):
    values = evidence.codes(raw.columns[column])
    return len(np.unique(np.column_stack([group, values]), axis=0)) > group.max() + 1


# -- what the values decide -------------------------------------------------------------


def _values(state, arranged):
    """Summary splits, data sets and models; the direction; the design; the scale and
    the units."""
    spec = state.spec
    single = len(arranged.data) > 1 and all(d.scores.shape[1] == 1 for d in arranged.data.values())
    left = list(spec.left_out)
    _summary_splits(state, arranged, left)
    _summary_datasets(state, arranged, left, strict=single)
    if single and spec.layout == "long" and spec.models is None:
        _summary_models(state, arranged, left)
    state.spec = spec = replace(state.spec, left_out=tuple(dict.fromkeys(left)))
    data = _kept(arranged, spec)
    _direction(state, arranged, data)
    _design(state, data)
    if state.spec.scale is None:
        _scale(state, arranged, data)
    if state.spec.units is None:
        metrics = {n: arranged.metrics[n] for n in data if n in arranged.metrics}
        share = state.spec.scale in ("shares", "percent")
        units, witness = units_witness(data, metrics, state.spec.normalize, share=share)
        state.spec = state.spec.decided(
            "units", units, witness.by, source=witness.source, found=witness.found
        )


def _kept(arranged, spec):
    """The arranged data sets without those the spec leaves out (for the values' checks)."""
    out = {e.name for e in spec.left_out if e.kind in ("row", "data set")}
    models = [e.name for e in spec.left_out if e.kind == "model"]
    keep = [k for k, m in enumerate(arranged.models) if m not in models]
    return {n: d.keep(models=keep) for n, d in arranged.data.items() if n not in out}


def _means(data):
    """Each data set's mean score per model over its present scores."""
    with np.errstate(invalid="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        return np.array(
            [np.nanmean(np.where(d.present, d.scores, np.nan), axis=1) for d in data.values()]
        )


def _summary_datasets(state, arranged, left, *, strict):
    """The data sets (rows of a paper's table) that summarise the others: left out where
    name and values agree. In a table of one score per data set (``strict``), a row that
    only the name or only the values make a summary is refused; in a table of splits, a
    data set named "mean" or "All" whose values are no summary is a data set."""
    names = list(arranged.data)
    if len(names) < 3:
        return
    means = _means(arranged.data)
    kept = set(state.spec.datasets or ())
    summaries, unconfirmed, unnamed = evidence.summary_rows(
        means, names, kept=kept, unnamed_mean=strict
    )
    what = "row" if state.spec.layout == "wide" else "data set"
    if not strict:
        unconfirmed = []
    for i in unconfirmed + list(unnamed):
        others = [j for j in range(len(names)) if j != i and j not in summaries]
        evidence.refuse_summary_row(
            state.raw.source, names[i], means[i], means[others], arranged.models, i in unnamed
        )
    for i, statistic in summaries.items():
        left.append(LeftOut(what, names[i], "summary", (statistic, "rows")))


def _summary_models(state, arranged, left):
    """A long table's models named like a summary of the others ("Average")."""
    models = arranged.models
    if len(models) < 3 or len(arranged.data) < 2:
        return
    means = _means(arranged.data)
    for k, model in enumerate(models):
        if not naming.is_summary_name(model):
            continue
        others = [j for j in range(len(models)) if j != k]
        statistic = evidence.summary_statistic(means[:, k], means[:, others].T, named=model)
        if statistic is None:
            if evidence.is_baseline_name(model):
                continue
            raise TableReadingError(
                f"{state.raw.source}: model {model!r} is named like a summary of the other "
                "models, but its scores are not their mean, median, sum, extremes, wins or "
                "average rank on every data set. If it is a model, name the models with "
                f"{option('models')}.",
                field="models",
                option="models",
            )
        left.append(LeftOut("model", model, "summary", (statistic, "models")))


def _summary_splits(state, arranged, left):
    """The splits labelled like a summary ("mean" in the fold column): left out where
    their scores are that summary of the other splits, refused where they are not."""
    labels = {c: lab for c, lab in arranged.split_labels.items() if naming.is_summary_name(lab)}
    found = {}
    for name, d in arranged.data.items():
        columns = [j for j, code in enumerate(d.fold.tolist()) if code in labels]
        others = [j for j in range(d.fold.size) if j not in columns]
        for j in columns:
            label = labels[int(d.fold[j])]
            statistic = evidence.summary_statistic(
                d.scores[:, j], d.scores[:, others].T, named=label
            )
            if statistic is None:
                raise ValueError(
                    f"{state.raw.source}: the split {label!r} of data set {name!r} is named "
                    "like a summary of the other splits, but its scores are not their mean, "
                    "median or sum. Drop its rows, or label the split otherwise."
                )
            found.setdefault(label, statistic)
    for label, statistic in found.items():
        left.append(LeftOut("split", label, "summary", (statistic, "splits")))


def _names_of_measure(state, arranged):
    """The names that may say the measure, each as ``(what, name)``: the score column (a
    generic one says nothing, "score" says scikit-learn's greater is better), the model
    columns of a wide table where every one's name holds the same measure ("rf_rmse",
    "svm_rmse"), and the file's name; one model's name alone never does."""
    spec, raw = state.spec, state.raw
    names = []
    score = spec.columns.get("score") if spec.layout == "long" else None
    if score is not None and score in raw.columns and score not in raw.source_record.generated:
        names.append(("score-column", score))
    models = arranged.models if spec.layout == "wide" else ()
    said = {naming.direction_of_name(model, costs=False) for model in models}
    if len(models) > 1 and len(said) == 1 and None not in next(iter(said)):
        names.append(("model-columns", models[0]))
    if raw.source_record.measure is not None:
        names.append(raw.source_record.measure)
    return names


def _side_of(what, name):
    if what == "score-column" and naming.normalized(name) in naming.GENERIC_SCORE_NAMES:
        if naming.normalized(name) in ("score", "test_score"):
            return "higher", "score"
        return None, None
    return naming.direction_of_name(name, costs=what == "score-column")


def _direction(state, arranged, data):
    """Which way is better, from the options, the names and the values; refused where
    none says, or where they disagree."""
    spec, raw = state.spec, state.raw
    metrics = {n: arranged.metrics[n] for n in data if n in arranged.metrics}
    means = _means(data) if data else np.empty((0, 0))
    ranks = spec.design in (None, "means") and evidence.are_ranks(means) and means.shape[1] > 2
    if spec.direction is not None:
        if ranks:
            state.notes.append(Note("ranks"))
        witness = spec.witness("direction")
        if witness is not None and witness.by == "option" and isinstance(spec.direction, str):
            over = _overridden(state, arranged, spec.direction, metrics)
            if over:
                evidence_ = {"name": witness.name, "found": witness.found, "overrides": over}
                state.spec = spec.decided(
                    "direction", spec.direction, "option", source=witness.source, **evidence_
                )
        return
    if ranks:
        raise TableReadingError(
            f"{raw.source}: every row holds the ranks of the models (a permutation of 1 to "
            f"{means.shape[1]}, ties as midranks), not their scores. Pass "
            f"{option('greater_is_better', False)} if rank 1 is the best, "
            f"{option('greater_is_better', True)} if the "
            "largest rank is; the scores themselves give a better comparison.",
            field="direction",
            option="greater_is_better",
        )
    names = _names_of_measure(state, arranged)
    said = [(what, name, *_side_of(what, name)) for what, name in names]
    said = [entry for entry in said if entry[2] is not None]
    for what, name, side, word in said:
        if word == "neg_":
            for d in data.values():
                evidence.check_negated_name(raw.source, d.scores[d.present], NAME_WORDS[what], name)
        elif naming.is_nonnegative_metric(name):
            for dataset, d in data.items():
                where = f"data set {dataset!r}, " if len(data) > 1 else ""
                evidence.check_sign(raw.source, d.scores[d.present], where, name, side)
    marks = _marks(state, arranged, data)
    if marks is not None:
        said.append(("marks", "bold or starred cells", marks, "on every row's best"))
    sides = {entry[2] for entry in said}
    if len(sides) > 1:
        (what, name, side, word), other = said[0], next(e for e in said if e[2] != said[0][2])
        raise TableReadingError(
            f"{raw.source}: {_name_words(what, name)} says {_side_words(side, word)}, while "
            f"{_name_words(*other[:2])} {_side_words(other[2], other[3])}: they disagree on "
            "which way is "
            f"better. Pass {option('greater_is_better', False)} if the scores are a loss (lower "
            f"is better), or {option('greater_is_better', True)} if higher is better.",
            field="direction",
            option="greater_is_better",
        )
    if spec.columns.get("metric") is not None and metrics:
        state.spec = _metric_direction(state, data, metrics, said)
        return
    if not said and state.keep("direction"):
        return
    if not said:
        looked = (
            " and ".join(_name_words(what, name) for what, name in names)
            + " say(s) neither a loss "
            "nor a score"
            if names
            else "no score column, metric column or file's name says it (a wide table's columns "
            "name its models)"
        )
        raise TableReadingError(
            f"{raw.source}: cannot tell which way is better: {looked}, and no value says it (no "
            "marks on each row's best cell, no ranks, no negatives in a loss). Pass "
            f"{option('greater_is_better', True)} if higher is better, "
            f"{option('greater_is_better', False)} for a loss.",
            field="direction",
            option="greater_is_better",
        )
    what, name, side, word = said[0]
    if what == "marks":
        state.spec = spec.decided("direction", side, "values", source="marks")
    else:
        state.spec = spec.decided("direction", side, "name", source=what, name=name, found=word)


def _overridden(state, arranged, side, metrics):
    """The names that the user's direction overrides, as a witness's ``overrides``."""
    against = [
        (what, name, None)
        for what, name in _names_of_measure(state, arranged)
        if _side_of(what, name)[0] not in (None, side)
    ]
    column = state.spec.columns.get("metric")
    named = sorted(
        {m for m in metrics.values() if naming.direction_of_name(m)[0] not in (None, side)}
    )
    if named:
        against.append(("metric-column", column, named[:3]))
    return tuple(against)


def _name_words(what, name):
    """A name that says the measure, or the marks, in words."""
    return "the marks" if what == "marks" else name_words(what, name)


def _side_words(side, word):
    return f"a {'loss' if side == 'lower' else 'score'} ({word!r})"


def _metric_direction(state, data, metrics, said):
    """Each metric's direction, where a metric column names each data set's metric; a
    metric whose name says neither takes the other names', or is refused."""
    spec, raw, column = state.spec, state.raw, state.spec.columns["metric"]
    other = said[0] if said else None
    sides = {}
    for dataset, metric in metrics.items():
        if metric in sides:
            continue
        side, word = naming.direction_of_name(metric)
        if word == "neg_":
            d = data[dataset]
            evidence.check_negated_name(
                raw.source, d.scores[d.present], f"column {column!r} naming", metric
            )
        elif side is not None and naming.is_nonnegative_metric(metric):
            d = data[dataset]
            where = f"data set {dataset!r}, " if len(data) > 1 else ""
            evidence.check_sign(raw.source, d.scores[d.present], where, metric, side)
        if other is not None and side is not None and other[2] != side:
            raise TableReadingError(
                f"{raw.source}: {_name_words(*other[:2])} is named as {_side_words(*other[2:])} "
                f"while column {column!r} names {metric!r} on data set {dataset!r}, "
                f"{_side_words(side, word)}: they disagree on which way is better. Pass "
                f"{option('greater_is_better', False)} if the scores are a loss (lower is "
                f"better), or {option('greater_is_better', True)} if higher is better.",
                field="direction",
                option="greater_is_better",
            )
        side = side or (other[2] if other is not None else None)
        kept = state.kept.get("direction", (None,))[0]
        if side is None and isinstance(kept, dict):
            side = kept.get(metric)
        if side is None:
            raise TableReadingError(
                f"{raw.source}: cannot tell which way is better for metric {metric!r} (column "
                f"{column!r}, data set {dataset!r}): its name says neither a loss nor a score. "
                f"Pass {option('greater_is_better', True)} if higher is better, "
                f"{option('greater_is_better', False)} for "
                f"a loss, or keep other metrics with {option('metric')}.",
                field="direction",
                option="greater_is_better",
            )
        sides[metric] = side
    return spec.decided("direction", sides, "name", source="metric-column", name=column)


def _marks(state, arranged, data):
    """The side the marks point to (bold or starred cells on every row's best), read on a
    wide table of one score per data set."""
    raw, spec = state.raw, state.spec
    models = spec.models or ()
    if spec.layout != "wide" or not any(m in raw.marked for m in models):
        return None
    if any(d.scores.shape[1] != 1 for d in data.values()):
        return None
    column = spec.columns.get("dataset")
    labels = raw.labels(column, "datasets").tolist() if column else []
    row_of = {label: i for i, label in enumerate(labels)}
    rows = [row_of[name] for name in data if name in row_of]
    marked = np.column_stack(
        [raw.marked.get(m, np.zeros(raw.n_rows, bool))[rows] for m in arranged.models]
    )
    values = np.column_stack([raw.numbers(m, empty_is_missing=True)[0][rows] for m in models])
    return evidence.marks_side(marked, values)


def _design(state, data):
    """How the splits were made: the option, the values (one score per data set), a
    format's or a column's name, the ids' folds, the splits' sizes given; refused where
    none says."""
    spec, raw = state.spec, state.raw
    if spec.design is not None:
        return
    design, witness = design_witness(None, data)
    if design is None:
        split = spec.columns.get("split")
        fold = spec.columns.get("fold")
        named = naming.split_design(split) if split else None
        if named is not None:
            witness = Witness("design", named, "name", "column", name=split)
        elif fold is not None:
            columns = [spec.columns[r] for r in ("repeat", "fold") if r in spec.columns]
            named = "cross-validation"
            witness = Witness("design", named, "name", "columns", name=columns)
        elif spec.fold_suffix is not None:
            named = "cross-validation"
            witness = Witness("design", named, "values", "id-folds")
        elif spec.test_train_ratio is not None:
            named, ratio = "cross-validation", spec.test_train_ratio
            witness = Witness("design", named, "option", "option", "test_train_ratio", ratio)
        design = named
    if design is None and state.keep("design"):
        return
    repeat = spec.columns.get("repeat")
    if design is None and repeat and not spec.columns.get("fold"):
        evidence.refuse_repeat_without_fold(raw.source, repeat)
    if design is None:
        # A column of such a name that the reading left out is named, with why.
        left = {e.name: left_out_words(e) for e in spec.left_out if e.kind == "column"}
        named = [
            c
            for c in left
            if naming.split_design(c) or naming.normalized(c) in naming.ROLE_NAMES["repeat"]
        ]
        where = (
            f"column {spec.columns['split']!r} does not say"
            if spec.columns.get("split")
            else f"column {named[0]!r} is left out ({left[named[0]]})"
            if named
            else "no column names them (fold, split, seed, resample)"
        )
        raise TableReadingError(
            f"{raw.source}: cannot tell how the splits were made: {where}, and the table does not "
            f"hold one score per data set. Pass {option('design', 'cross-validation')}, "
            "'resamples' or 'seeds'.",
            field="design",
            option="design",
        )
    state.spec = replace(spec, design=design, witnesses=(*spec.witnesses, witness))


def _scale(state, arranged, data):
    """What the scores are: shares by their values (within [-1, 1]), percentages where a
    name or % signs say so and the values agree (within [0, 100]), else other units."""
    if state.spec.normalize is not None:
        state.spec = state.spec.decided("scale", "shares", "option", source="normalized")
        return
    low, high = evidence.score_range(data)
    named = _share_named(state, arranged)
    scale = values_scale(low, high, percent=named).kind if np.isfinite(low) else "other"
    source = "percent" if scale == "percent" else "score-range"
    state.spec = state.spec.decided(
        "scale", scale, "name" if scale == "percent" else "values", source=source
    )


def _share_named(state, arranged):
    """Whether a name says the scores are shares (accuracy, error rate...) or percent."""
    from ._evidence import _SHARE_WORDS

    names = [name for _, name in _names_of_measure(state, arranged)]
    names += list(arranged.metrics.values())
    words = {w for name in names for w in naming.words_of(name)}
    return bool(words & (_SHARE_WORDS | {"percent", "pct"})) or bool(
        state.raw.cell_forms.get("percent")
    )
