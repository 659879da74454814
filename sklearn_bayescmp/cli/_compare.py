"""``bayescmp compare``: two models or many, from a CSV file of scores."""

import hashlib
import json
import os
import re
import sys
import warnings

from sklearn.exceptions import ConvergenceWarning

from .. import ScoreTable, compare_models
from .._command import (
    COLUMN_ROLES,
    MOST_PAIRS_LISTED,
    WRITTEN_OPTIONS,
    automatic_test,
    check_probability,
    check_rope,
    has_splits,
    note_direction,
    pair_summary,
    probability_scope,
    reading_text,
    spelled_by,
    terminal_safe,
)
from ..exceptions import MissingScoresWarning, RopeUnitsError, TableReadingError
from ..stats import backend_names, get_backend
from ..tables import TableSpec
from ._errors import InputError, MissingDependency
from ._flags import COMMAND_SPELLING


def compare(args):
    """Run ``bayescmp compare``; return the report it printed (a dict)."""
    # Every message, note and reading made within advises the command's flags.
    with spelled_by(COMMAND_SPELLING):
        return _compare(args)


def _compare(args):
    args.file = args.files[0] if len(args.files) == 1 else ", ".join(args.files)
    options = _check_options(args)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", MissingScoresWarning)
        warnings.simplefilter("always", ConvergenceWarning)
        table = _read(args)
        if args.print_spec:
            print(table.spec.to_json(), end="")
            return {"spec": table.spec.to_dict()}
        _check_test_options(args, table)
        # One pipeline for any number of models: the comparison --test names.
        comparison = _compare_models(args, table, options)
        report, figure = _report(args, table, comparison)
    text = report.pop("_text")
    print(json.dumps(report, indent=2, allow_nan=False) if args.json else terminal_safe(text))
    # Warnings become one-line notes: failed or missing scores, unconverged chains.
    for warning in caught:
        note = terminal_safe(_said(warning.message))
        print(f"bayescmp compare: note: {note}", file=sys.stderr)
    written = []
    if args.plot:
        _save_plot(args.plot, figure, mark=_plot_mark(args.plot))
        written.append(args.plot)
    if args.report:
        written += _write_report(args, comparison)
    if written:
        print(f"bayescmp compare: wrote {', '.join(written)}", file=sys.stderr)
    return report


def _check_options(args):
    """The rope, threshold and output files, checked before any work."""
    try:
        rope = "auto" if args.rope is None else check_rope(args.rope, name="--rope")
        threshold = check_probability(args.threshold, name="--threshold")
    except ValueError as exc:
        raise InputError(_said(exc)) from None
    if args.plot:
        _check_plot_path(args.plot)
    if args.report:
        _check_report_path(args.report)
    _check_outputs(args)
    return {"rope": rope, "threshold": threshold}


#: The report's format, by the extension of ``--report``.
REPORT_FORMATS = {".md": "markdown", ".tex": "latex", ".html": "html", ".txt": "text"}
#: The files written beside a report, by what they hold: its name's ending, and its
#: extension (None: a figure's, PDF for LaTeX and SVG otherwise).
REPORT_FILES = {
    "bayesian": ("bayesian_cd", None),
    "classic": ("classic_cd", None),
    "pairwise": ("pairwise", None),
    "pairs": ("pairs", "csv"),
}
#: The kinds of critical-difference diagram written beside a report.
REPORT_FIGURES = ("bayesian", "classic")


def report_file_path(report, what):
    """The file of a report's ``what`` (a key of :data:`REPORT_FILES`): beside the report,
    named after it and its format (two formats of one report live side by side) with only
    the characters every format (LaTeX's included) takes in a file name."""
    directory, name = os.path.split(report)
    stem, extension = os.path.splitext(name)
    safe = re.sub(r"[^A-Za-z0-9._-]", "_", stem) or "report"
    ending, suffix = REPORT_FILES[what]
    if suffix is None:
        suffix = "pdf" if REPORT_FORMATS[extension.lower()] == "latex" else "svg"
    return os.path.join(directory, f"{safe}_{extension.lower().lstrip('.')}_{ending}.{suffix}")


def _figure_mark(report):
    """What a report's files carry (figures in their metadata, the pairs' CSV on its first
    line): that this command wrote them for this report (a digest of its name, ASCII in
    any format)."""
    return _mark("report", report)


def _plot_mark(plot):
    """What ``--plot``'s figure carries in its metadata: that this command wrote it."""
    return _mark("plot", plot)


def _mark(kind, path):
    digest = hashlib.sha256(os.path.basename(path).encode("utf-8", "surrogatepass"))
    return f"bayescmp-{kind}-{digest.hexdigest()[:16]}"


#: The first line of the CSV of pairs the command writes beside a report: a comment line
#: (``pandas.read_csv(path, comment="#")`` skips it), ended as the CSV's rows are.
CSV_MARK = "# written by bayescmp compare: {mark}\r\n"


def _written_by_us(path, mark):
    """Whether an existing file (through a link, the file it names) carries ``mark``: in a
    figure's metadata, a report's text or a CSV's first line. A format that cannot carry
    one (JPEG, TIFF...) is never known as ours."""
    try:
        with open(path, "rb") as file:
            start = file.read()
    except OSError:
        return False
    if path.lower().endswith(".csv"):
        return start.startswith(CSV_MARK.format(mark=mark).encode())
    return mark.encode() in start


def _check_outputs(args):
    """No output is the input or another output of the run, and no file written beside a
    report replaces a file that this command did not write for the same report."""
    outputs = {}
    if args.plot:
        outputs["--plot"] = args.plot
    if args.report:
        outputs["--report"] = args.report
        for what in REPORT_FILES:
            path = report_file_path(args.report, what)
            kind = "pairs" if what == "pairs" else f"{what} diagram"
            outputs[f"the report's {kind}"] = path
            mark = _figure_mark(args.report)
            if os.path.exists(path) and not args.force and not _written_by_us(path, mark):
                raise InputError(
                    f"--report {args.report!r} writes its {kind} into {path!r}, which "
                    "exists and was not written for this report; move that file, choose "
                    "another report name, or pass --force to replace it."
                )
    what = "the input file" if len(args.files) == 1 else "an input file"
    seen = [(path, what) for path in args.files]
    for what, path in outputs.items():
        for other, known in seen:
            if _same_file(path, other):
                raise InputError(
                    f"{what} {path!r} is {known}: writing it would destroy it. Choose another name."
                )
        seen.append((path, f"also {what}" if what.startswith("--") else what))
    if args.report and os.path.exists(args.report) and not args.force:
        if not _written_by_us(args.report, _figure_mark(args.report)):
            raise InputError(
                f"--report {args.report!r} exists and was not written by bayescmp compare; "
                "move that file, choose another report name, or pass --force to replace it."
            )
    if args.plot and os.path.exists(args.plot) and not args.force:
        if not _written_by_us(args.plot, _plot_mark(args.plot)):
            raise InputError(
                f"--plot {args.plot!r} exists and was not written by bayescmp compare; "
                "move that file, choose another name, or pass --force to replace it."
            )


def _same_file(path, other):
    """Whether two names may be one file: the same file on disk (a hard link, a symbolic
    link, another spelling; compared by device and inode), or, for a file not yet
    written, the same path but for letter case (one file on a case-insensitive file
    system, as macOS's and Windows' are by default)."""
    try:
        return os.path.samefile(path, other)
    except OSError:  # one of them does not exist yet
        pass
    paths = [os.path.normcase(os.path.realpath(p)) for p in (path, other)]
    return paths[0].casefold() == paths[1].casefold()


def _check_report_path(path):
    """The report's file: in a directory that exists, with an extension naming a format."""
    extension = os.path.splitext(path)[1].lower()
    if os.path.isdir(path) or extension not in REPORT_FORMATS:
        raise InputError(
            f"--report {path!r}: give a file ending in {', '.join(REPORT_FORMATS)} (e.g. "
            "report.md), which says the format."
        )
    _check_directory(path, "write the report")


def _check_directory(path, action):
    """The directory of an output file must exist (we do not create it)."""
    directory = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(directory):
        raise InputError(
            f"cannot {action} {path!r}: the directory {directory!r} does not exist; create it "
            "first."
        )


def _check_plot_path(path):
    """The plot's file: not a directory, in a directory that exists, of a known format."""
    if os.path.isdir(path):
        raise InputError(
            f"--plot {path!r} is a directory; give the figure's file name, e.g. "
            f"{os.path.join(path, 'comparison.png')!r}."
        )
    _check_directory(path, "save the plot")
    extension = os.path.splitext(path)[1][1:].lower()
    try:
        from matplotlib.backend_bases import FigureCanvasBase
    except ImportError:  # refused before any work: nothing computed is lost
        raise MissingDependency(
            f"--plot {path!r}: matplotlib is not installed (the optional 'plot' extra: pip "
            'install "matplotlib>=3.7"); nothing was computed. Install it, or leave --plot out.'
        ) from None
    formats = sorted(FigureCanvasBase.get_supported_filetypes())
    if extension not in formats:
        what = f"the format {extension!r}" if extension else "no extension"
        raise InputError(
            f"--plot {path!r} has {what}; give one of {', '.join(formats)} (e.g. "
            f"{os.path.splitext(path)[0] or 'comparison'}.png)."
        )


def _read(args):
    """The file (or the files of one model each) as a ScoreTable, read by the options and
    the spec given; with ``--print-spec``, the spec is printed (the spec reached, when the
    reading is refused)."""
    given = {column: getattr(args, f"{column}_col") for column in COLUMN_ROLES}
    given.update(metric=args.metric, models=args.models, datasets=args.datasets)
    given.update(design=args.design, imputed=args.imputed, normalize=args.normalize)
    given.update(test_train_ratio=args.test_train_ratio, fold_suffix=args.fold_suffix)
    columns = {key: value for key, value in given.items() if value is not None}
    if args.lower_is_better or args.higher_is_better:
        columns["greater_is_better"] = bool(args.higher_is_better)
    written = {
        name: getattr(args, name) for name in WRITTEN_OPTIONS if getattr(args, name) is not None
    }
    spec = _read_spec(args.spec) if args.spec else None
    source = args.files[0] if len(args.files) == 1 else list(args.files)
    try:
        table = ScoreTable.read_csv(source, layout=args.layout, spec=spec, **written, **columns)
    except OSError as exc:
        name = getattr(exc, "filename", None) or args.files[0]
        raise InputError(f"cannot read {name!r}: {exc.strerror or exc}") from None
    except TableReadingError as exc:
        if args.print_spec and exc.spec is not None:
            print(exc.spec.to_json(), end="")
        raise InputError(_said(exc)) from None
    except (ValueError, TypeError) as exc:
        raise InputError(_said(exc)) from None
    if args.print_spec:
        return table
    # What the reader inferred, so that a wrong guess is seen (with the way to correct it).
    reading = reading_text(table.reading, hints=True)
    if reading is not None:
        print(f"bayescmp compare: read as: {_said(reading)}", file=sys.stderr)
    return table


def _read_spec(path):
    """The spec of ``--spec``, or the line that says what is wrong with it."""
    try:
        return TableSpec.from_json(path if os.path.exists(path) else os.path.abspath(path))
    except OSError as exc:
        raise InputError(f"--spec: cannot read {path!r}: {exc.strerror or exc}") from None
    except (ValueError, TypeError) as exc:
        raise InputError(f"--spec {path!r}: {_said(exc)}") from None


def _said(exc):
    """A message in one line (the command's flags are in it: it was made under
    :data:`~._flags.COMMAND_SPELLING`)."""
    return " ".join(str(exc).split())


# -- the comparison ------------------------------------------------------------

#: The tests' own options that the command sets, by the command's option.
TEST_OPTIONS = {
    "nu_prior": ("--nu-prior", lambda args: args.nu_prior),
    "alpha_bounds": ("--hyperprior", lambda args: args.hyperprior),
    "beta_bounds": ("--hyperprior", lambda args: args.hyperprior),
    "n_draws": ("--n-draws", lambda args: args.n_draws),
    "n_warmup": ("--n-warmup", lambda args: args.n_warmup),
}


def _test(args, table):
    """The back end ``--test`` names ("auto": :func:`~sklearn_bayescmp.compare_models`'s
    choice for the table)."""

    return get_backend(automatic_test(table) if args.test == "auto" else args.test)


def _test_options(args, backend):
    """The test's own options that the command was given (the others at their defaults)."""
    return {
        name: value(args)
        for name, (_, value) in TEST_OPTIONS.items()
        if value(args) is not None and backend.accepts(name)
    }


def _check_test_options(args, table):
    """Refuse an option that the test does not read (it would be ignored without a word)."""
    backend = _test(args, table)
    for name, (option, value) in TEST_OPTIONS.items():
        if value(args) is not None and not backend.accepts(name):
            takers = [n for n in backend_names() if get_backend(n).accepts(name)]
            raise InputError(
                f"{option} is an option of {', '.join('--test ' + n for n in takers)}, not of "
                f"the test compared with (the {backend.title}); pass one of those tests, or "
                f"leave {option} out."
            )
    if args.plot and table.n_models == 2 and not _pair_has_figure(table, backend):
        raise InputError(
            f"--plot: the {backend.title} of a table of means has no figure; use --test "
            "signed_rank (its simplex) or --test sign, or leave --plot out."
        )


def _compare_models(args, table, options):
    """:func:`compare_models` with the command's options; its errors in the command's words."""
    backend = _test(args, table)
    extra = _test_options(args, backend)
    if table.n_models == 2 and backend.many is not None and "simplex" in backend.displays:
        extra["keep_draws"] = 5000  # the pair's simplex plot
    try:
        return compare_models(
            table,
            test=args.test,
            random_state=args.seed,
            allow_incomplete=args.allow_incomplete,
            **options,
            **extra,
        )
    except RopeUnitsError as exc:
        raise InputError(f"{args.file!r}: {exc.words('--rope', '--rope ')}") from None
    except ValueError as exc:
        raise InputError(f"{args.file!r}: {_said(exc)}") from None


def _report(args, table, comparison):
    """The printed report (``comparison.to_dict()``, with its ``_text``) and the figure."""
    report = comparison.to_dict()
    if table.n_models != 2:
        report["_text"] = comparison.summary()

        def figure():
            from ..plotting import CriticalDifferenceDisplay, PairwiseDisplay

            if comparison.ranking is None:
                return PairwiseDisplay.from_comparison(comparison)
            return CriticalDifferenceDisplay.from_comparison(comparison)

        return report, figure
    # Two models: each data set's comparison too (when the table has every split).
    # per_dataset is None where the table lacks what each data set's tests read: say why.
    if comparison.per_dataset is None and table.design == "seeds" and table.n_datasets > 1:
        print(
            "bayescmp compare: note: each data set's Bayesian correlated t-test is left out: "
            "the splits are training seeds on one split, which have no overlap of training "
            "sets to correct for.",
            file=sys.stderr,
        )
    elif comparison.per_dataset is None and has_splits(table, sized=False):
        print(
            "bayescmp compare: note: each data set's Bayesian correlated t-test is left out: "
            "it corrects for the overlap of the training sets, and the table has no split "
            "sizes (pass --test-train-ratio, e.g. 1/9 for 10-fold cross-validation).",
            file=sys.stderr,
        )
    report["_text"] = pair_summary(comparison)
    per_dataset = comparison.per_dataset or {}

    def figure():
        from ..plotting import ForestDisplay, PosteriorDisplay, SimplexDisplay

        if not per_dataset:
            drawn = SimplexDisplay.from_result(comparison.result(*comparison.models))
        elif len(per_dataset) == 1:
            drawn = PosteriorDisplay.from_result(next(iter(per_dataset.values())).posterior)
        else:
            drawn = ForestDisplay.from_comparison(comparison)
        return note_direction(drawn, comparison, None)

    return report, figure


def _pair_has_figure(table, backend):
    """Whether two models' comparison has a figure: the data sets' posteriors, or (a table
    of means) the simplex of the test's draws."""
    return has_splits(table) or "simplex" in backend.displays


def _write_report(args, comparison):
    """Write the report of the comparison printed, the CSV of every pair it names, and its
    figures: the critical-difference diagrams and, past 45 pairs, the pairwise heatmap.

    Returns
    -------
    list of str
        The files written.
    """
    fmt = REPORT_FORMATS[os.path.splitext(args.report)[1].lower()]
    figures, written = [], []
    from ..plotting import CriticalDifferenceDisplay, PairwiseDisplay

    displays = {
        kind: lambda kind=kind: CriticalDifferenceDisplay.from_comparison(comparison, kind=kind)
        for kind in (REPORT_FIGURES if comparison.bayesian else REPORT_FIGURES[1:])
    }
    n_models = len(comparison.models)
    if comparison.bayesian and n_models * (n_models - 1) // 2 > MOST_PAIRS_LISTED:
        # A report of many models shows the pairs as one matrix.
        displays["pairwise"] = lambda: PairwiseDisplay.from_comparison(comparison)
    for kind, draw in displays.items():
        try:
            display = draw()
        except ImportError as exc:
            print(f"bayescmp compare: note: the report has no figure: {exc}", file=sys.stderr)
            break
        except ValueError:
            continue  # no ranking (one data set) or no Friedman test (two models)
        path = report_file_path(args.report, kind)
        _save_plot(path, lambda display=display: display, mark=_figure_mark(args.report))
        written.append(path)
        caption = _REPORT_CAPTIONS[kind]
        scope = probability_scope(comparison.test)
        if kind == "pairwise" and scope:
            caption = caption.replace("(P)", f"(P: {scope})")
        figures.append((os.path.basename(path), caption))
    pairs = report_file_path(args.report, "pairs")
    try:
        with open(pairs, "w", encoding="utf-8", newline="") as file:
            file.write(CSV_MARK.format(mark=_figure_mark(args.report)))
            comparison.to_csv(file)
        written.append(pairs)
        text = comparison.report(format=fmt, figures=figures, pairs_file=os.path.basename(pairs))
        with open(args.report, "w", encoding="utf-8") as file:
            file.write(text + _REPORT_MARKS[fmt].format(mark=_figure_mark(args.report)))
    except OSError as exc:
        raise InputError(
            f"cannot write the report {exc.filename or args.report!r}: {exc.strerror or exc}"
        ) from None
    return [args.report, *written]


#: The mark a report carries, so that a later run knows the file as its own.
_REPORT_MARKS = {
    "markdown": "\n<!-- written by bayescmp compare: {mark} -->\n",
    "html": "<!-- written by bayescmp compare: {mark} -->\n",
    "latex": "% written by bayescmp compare: {mark}\n",
    "text": "\n(written by bayescmp compare: {mark})\n",
}
#: The captions of a report's figures.
_REPORT_CAPTIONS = {
    "bayesian": "Critical-difference diagram: practically equivalent models joined.",
    "classic": "Critical-difference diagram: Demšar's diagram, models not significantly "
    "different joined (Nemenyi).",
    "pairwise": "Every pair: the probability (P) that the row model is practically better than "
    "the column model, models in the order of the ranking; outlined cells decided.",
}


#: The figure formats whose metadata carry the mark of a file this command wrote.
MARKED_FORMATS = frozenset({"png", "pdf", "svg", "eps", "ps"})


def _save_plot(path, figure, mark=None):
    """Draw and save the figure; without matplotlib, say how to install it.

    ``mark``: written into the file's metadata, so that a later run knows the file
    as its own.
    """
    try:
        display = figure()
    except ImportError as exc:
        raise MissingDependency(f"no plot saved: {exc}") from None
    extension = os.path.splitext(path)[1][1:].lower()
    carries = mark is not None and extension in MARKED_FORMATS
    metadata = {"Creator": f"sklearn-bayescmp ({mark})"} if carries else None
    try:
        display.figure_.savefig(path, metadata=metadata)
    except OSError as exc:
        raise InputError(f"cannot save the plot {path!r}: {exc.strerror or exc}") from None
    finally:
        import matplotlib.pyplot as plt

        plt.close(display.figure_)
