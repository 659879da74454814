"""``bayescmp compare``: two models or many, from a CSV file of scores."""

import hashlib
import json
import math
import os
import re
import shlex
import sys
import warnings

import numpy as np
from sklearn.exceptions import ConvergenceWarning

from .._compare_models import compare_models
from .._score_table import ScoreTable
from ..exceptions import MissingScoresWarning
from ..stats import get_backend
from ..stats._diagnostics import convergence_problems
from ..utils._display import PROBABILITY_COLUMNS, TABLE_DIGITS, terminal_safe, text_table
from ..utils._validation import check_probability, check_rope
from . import InputError, MissingDependency


def compare(args):
    """Run ``bayescmp compare``; return the report it printed (a dict)."""
    options = _check_options(args)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", MissingScoresWarning)
        warnings.simplefilter("always", ConvergenceWarning)
        table = _read(args)
        if table.n_models == 2:
            report, figure = _pair_report(args, table, **options)
        else:
            report, figure = _many_report(args, table, **options)
    text = report.pop("_text")
    comparison = report.pop("_comparison", None)
    print(
        json.dumps(json_safe(report), indent=2, allow_nan=False)
        if args.json
        else terminal_safe(text)
    )
    # Warnings become one-line notes: failed or missing scores, unconverged chains.
    for warning in caught:
        note = terminal_safe(" ".join(str(warning.message).split()))
        print(f"bayescmp compare: note: {note}", file=sys.stderr)
    written = []
    if args.plot:
        _save_plot(args.plot, figure)
        written.append(args.plot)
    if args.report:
        written += _write_report(args, table, options, comparison)
    if written:
        print(f"bayescmp compare: wrote {', '.join(written)}", file=sys.stderr)
    return report


def json_safe(value):
    """``value`` with every number that is not finite as None, and a note beside it.

    Strict JSON has no ``Infinity`` or ``NaN``. In a mapping, a key ``k``
    whose value is not finite (or a list holding such values) becomes
    ``None`` (``null``), and ``k_nonfinite`` says what it was: ``"inf"``,
    ``"-inf"`` or ``"nan"`` (a list of those, None where finite, for a list).
    """
    if isinstance(value, dict):
        safe = {}
        for key, item in value.items():
            safe[key] = json_safe(item)
            kinds = _nonfinite_kinds(item)
            if kinds is not None:
                safe[f"{key}_nonfinite"] = kinds
        return safe
    if isinstance(value, (list, tuple)):
        return [json_safe(item) for item in value]
    if isinstance(value, float) and not math.isfinite(value):
        return None
    return value


def _nonfinite_kinds(value):
    """``"inf"``/``"-inf"``/``"nan"`` for a non-finite float, a list of them for a list."""
    if isinstance(value, float) and not math.isfinite(value):
        return "nan" if math.isnan(value) else ("inf" if value > 0 else "-inf")
    if isinstance(value, (list, tuple)) and any(
        isinstance(item, float) and not math.isfinite(item) for item in value
    ):
        return [_nonfinite_kinds(item) if isinstance(item, float) else None for item in value]
    return None


def _check_options(args):
    """The rope, threshold and output files, checked before any work."""
    try:
        rope = check_rope(args.rope, name="--rope")
        threshold = check_probability(args.threshold, name="--threshold")
    except ValueError as exc:
        raise InputError(_in_command_words(exc)) from None
    if args.plot:
        _check_plot_path(args.plot)
    if args.report:
        _check_report_path(args.report)
    _check_outputs(args)
    return {"rope": rope, "threshold": threshold}


#: The report's format, by the extension of ``--report``.
REPORT_FORMATS = {".md": "markdown", ".tex": "latex", ".html": "html", ".txt": "text"}
#: The kinds of critical-difference diagram written beside a report.
REPORT_FIGURES = ("bayesian", "classic")


def report_figure_path(report, kind):
    """The file of a report's ``kind`` diagram: beside the report, named after it with only
    the characters every format (LaTeX's included) takes in a file name."""
    directory, name = os.path.split(report)
    stem, extension = os.path.splitext(name)
    safe = re.sub(r"[^A-Za-z0-9._-]", "_", stem) or "report"
    suffix = "pdf" if REPORT_FORMATS[extension.lower()] == "latex" else "svg"
    return os.path.join(directory, f"{safe}_{kind}_cd.{suffix}")


def _figure_mark(report):
    """What a report's figures carry in their metadata: that this command wrote them for
    this report (a digest of its name, ASCII in any format)."""
    digest = hashlib.sha256(os.path.basename(report).encode("utf-8", "surrogatepass"))
    return f"bayescmp-report-{digest.hexdigest()[:16]}"


def _written_by_us(path, mark):
    """Whether an existing file carries ``mark`` (an earlier run's figure of the report)."""
    try:
        with open(path, "rb") as file:
            return mark.encode() in file.read(1 << 20)
    except OSError:
        return False


def _check_outputs(args):
    """No output is the input or another output of the run, and no figure replaces a file
    that this command did not write for the same report."""
    outputs = {}
    if args.plot:
        outputs["--plot"] = args.plot
    if args.report:
        outputs["--report"] = args.report
        for kind in REPORT_FIGURES:
            path = report_figure_path(args.report, kind)
            outputs[f"the report's {kind} diagram"] = path
            if os.path.exists(path) and not _written_by_us(path, _figure_mark(args.report)):
                raise InputError(
                    f"--report {args.report!r} draws its {kind} diagram into {path!r}, which "
                    "exists and was not written for this report; move that file, or choose "
                    "another report name."
                )
    seen = {_same_file_key(args.file): "the input file"}
    for what, path in outputs.items():
        key = _same_file_key(path)
        if key in seen:
            raise InputError(
                f"{what} {path!r} is {seen[key]}: writing it would destroy it. Choose another name."
            )
        seen[key] = f"also {what}" if what.startswith("--") else what


def _same_file_key(path):
    """What two names of one file share (case-insensitive file systems aside)."""
    return os.path.normcase(os.path.realpath(path))


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
    except ImportError:
        return  # said after the results, with the install hint
    formats = sorted(FigureCanvasBase.get_supported_filetypes())
    if extension not in formats:
        what = f"the format {extension!r}" if extension else "no extension"
        raise InputError(
            f"--plot {path!r} has {what}; give one of {', '.join(formats)} (e.g. "
            f"{os.path.splitext(path)[0] or 'comparison'}.png)."
        )


def _read(args):
    """The file as a ScoreTable, in the layout its columns tell (or ``--layout``)."""
    given = {column: getattr(args, f"{column}_col") for column in COLUMN_OPTIONS}
    given["test_train_ratio"] = args.test_train_ratio
    given["metric"] = args.metric
    columns = {key: value for key, value in given.items() if value is not None}
    if args.lower_is_better:
        columns["greater_is_better"] = False
    try:
        table = ScoreTable.read_csv(
            args.file, layout=args.layout, encoding=args.encoding, **columns
        )
    except OSError as exc:
        raise InputError(f"cannot read {args.file!r}: {exc.strerror or exc}") from None
    except (ValueError, TypeError) as exc:
        raise InputError(_in_command_words(exc)) from None
    # What the reader inferred, so that a wrong guess is seen; not the columns
    # that bear their roles' own names.
    canonical = table.roles is not None and all(
        role == column for role, column in table.roles.items()
    )
    plain = "model" in (table.roles or {}) and not table.ignored_columns
    if table.reading is not None and not (canonical and plain and not table.lower_is_better):
        print(f"bayescmp compare: read as: {table.reading}", file=sys.stderr)
    return table


#: The columns a long or wide table's roles may be named by: ``--<role>-col NAME``.
COLUMN_OPTIONS = ("dataset", "model", "score", "split", "repeat", "fold", "n_train", "n_test")
_ROLE = "|".join(COLUMN_OPTIONS)
_QUOTED = r"""(?:'(?P<single>[^']*)'|"(?P<double>[^"]*)")"""


def _column_option(match):
    """``dataset='my data'`` -> ``--dataset-col 'my data'``."""
    value = match.group("single")
    value = match.group("double") if value is None else value
    option = match.group("role").replace("_", "-")
    return f"--{option}-col {shlex.quote(value)}"


def _metric_option(match):
    value = match.group("single")
    value = match.group("double") if value is None else value
    return f"--metric {shlex.quote(value)}"


#: The library's argument names in its messages, and the command's options for them.
_OPTIONS = (
    (re.compile(r"`?test_train_ratio`?=?"), "--test-train-ratio "),
    (re.compile(rf"\b(?P<role>{_ROLE})={_QUOTED}"), _column_option),
    (re.compile(rf"\bmetric={_QUOTED}"), _metric_option),
    (re.compile(r"\bmetric=<name>"), "--metric NAME"),
    (re.compile(rf"\b({_ROLE})=(\.\.\.)?"), lambda m: f"--{m.group(1).replace('_', '-')}-col NAME"),
    (
        re.compile(rf"\(the `({_ROLE})` column\)"),
        lambda m: f"(--{m.group(1).replace('_', '-')}-col)",
    ),
    (re.compile(r" \(or pass delimiter=\)"), ""),
    (re.compile(r"encoding='([^']*)'"), r"--encoding \1"),
    (re.compile(r"allow_incomplete=True"), "--allow-incomplete"),
    (re.compile(r"greater_is_better=False"), "--lower-is-better"),
    (re.compile(r",? or greater_is_better=True if higher is better"), ""),
    (re.compile(r"<column>"), ""),
    (re.compile(r"`"), ""),
)


def _in_command_words(exc):
    """The message of a library error, with the command's option names in it."""
    message = str(exc)
    for pattern, replacement in _OPTIONS:
        message = pattern.sub(replacement, message)
    return " ".join(message.split())


# -- two models ----------------------------------------------------------------

#: The tests of each data set, and over data sets, that two models get.
DATASET_TESTS = ("corrected_t", "correlated_t")
COLLECTION_TESTS = ("poisson", "sign", "signed_rank", "hierarchical")


def _probabilities(result, threshold):
    """A Bayesian result's outcome probabilities and decision, for the report."""
    return {
        "prob_a_better": result.prob_a_better,
        "prob_equivalent": result.prob_equivalent,
        "prob_b_better": result.prob_b_better,
        "decision": result.decision(threshold),
    }


def _dataset_report(source, name, record, rope, threshold):
    """Numbers of the single-data-set tests of one record."""
    try:  # call() gives each test the arguments it takes
        ttest, posterior = (
            get_backend(test).call(record, rope=rope, nan_policy="omit") for test in DATASET_TESTS
        )
    except (ValueError, TypeError) as exc:
        raise InputError(f"{source!r}, data set {name!r}: {exc}") from None
    return {
        "n_splits": int(record.n_splits),
        "n_failed": int(record.n_failed),
        "mean_difference": float(ttest.estimate),
        "corrected_t": {
            "statistic": float(ttest.statistic),
            "df": float(ttest.df),
            "pvalue": float(ttest.pvalue),
            "standard_error": float(ttest.standard_error),
            "confidence_interval": [float(v) for v in ttest.confidence_interval()],
            "alternative": ttest.alternative,
            # Why the statistic may be infinite: every difference is the same.
            "zero_variance": bool(ttest.standard_error == 0),
        },
        "correlated_t": {
            **_probabilities(posterior, threshold),
            "credible_interval": list(posterior.credible_interval()),
        },
    }, posterior


def _hierarchical_prior(args):
    """The hierarchical test's prior options, from ``--nu-prior`` and ``--hyperprior``."""
    return {
        "nu_prior": args.nu_prior,
        "alpha_bounds": args.hyperprior,
        "beta_bounds": args.hyperprior,
    }


def _collection_report(records, rope, threshold, seed, tests, prior):
    """Numbers of the tests over data sets (and the hierarchical result, if run)."""
    report, hierarchical = {}, None
    for test in tests:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", ConvergenceWarning)  # a field, not a note
            # The prior's options reach the hierarchical test only (call drops the others).
            result = get_backend(test).call(records, rope=rope, random_state=seed, **prior)
        entry = _probabilities(result, threshold)
        if test == "poisson":
            entry["prob_no_majority"] = result.prob_no_majority
        else:  # prob_*: that the outcome is the most probable; predictive_prob_*: of it
            for outcome in ("a_better", "equivalent", "b_better"):
                entry[f"predictive_prob_{outcome}"] = getattr(result, f"predictive_prob_{outcome}")
        if test == "hierarchical":
            hierarchical = result
            entry["converged"] = not convergence_problems(result)
            # Whether delta0, the mean difference over data sets, is in the rope
            # (the question of the average, not of the next data set).
            delta0 = result.delta0_probabilities.values()
            for outcome, value in zip(("a_better", "equivalent", "b_better"), delta0, strict=True):
                entry[f"delta0_prob_{outcome}"] = value
            entry["prior"] = {
                "nu": "1 + Gamma(alpha, beta)"
                if result.nu_prior == "shifted"
                else "Gamma(alpha, beta)",
                "alpha_bounds": list(result.alpha_bounds),
                "beta_bounds": list(result.beta_bounds),
                "delta0_bounds": [-result.scale, result.scale],
            }
        report[test] = entry
    return report, hierarchical


def _pair_report(args, table, *, rope, threshold):
    datasets = table.differences(*table.models)
    report = {
        "file": args.file,
        "read_as": table.reading,
        "lower_is_better": list(table.lower_is_better),
        "model_a": table.models[0],
        "model_b": table.models[1],
        "rope": list(rope),
        "threshold": threshold,
        "datasets": {},
    }
    posteriors = {}
    # One score per data set (a paper's table): only the tests of means apply.
    single = len(datasets) > 1 and all(record.n_splits == 1 for record in datasets.values())
    for name, record in datasets.items():
        if single:
            report["datasets"][name] = {
                "n_splits": 1,
                "n_failed": int(record.n_failed),
                "mean_difference": float(record.mean),
            }
        else:
            report["datasets"][name], posteriors[name] = _dataset_report(
                args.file, name, record, rope, threshold
            )
    hierarchical = None
    if len(datasets) >= 2:
        tests = COLLECTION_TESTS[:-1] if args.no_hierarchical else COLLECTION_TESTS
        if single:
            tests = tuple(test for test in tests if get_backend(test).scope == "means")
        report["collection"], hierarchical = _collection_report(
            list(datasets.values()), rope, threshold, args.seed, tests, _hierarchical_prior(args)
        )
    report["_text"] = _format_pair_table(report)
    if single:
        report["_text"] += (
            "\n(one score per data set: the tests of each data set's splits, and the "
            "Poisson-binomial and hierarchical tests, need the scores of every split)"
        )

    def figure():
        from ..plotting import ForestDisplay, PosteriorDisplay, SimplexDisplay

        if single:
            result = get_backend("signed_rank").call(
                list(datasets.values()), rope=rope, random_state=args.seed
            )
            return SimplexDisplay.from_result(result)
        if len(posteriors) == 1:
            return PosteriorDisplay.from_result(next(iter(posteriors.values())))
        return ForestDisplay(
            names=list(posteriors),
            estimates=np.array([p.loc for p in posteriors.values()]),
            intervals=np.array([tuple(p.credible_interval()) for p in posteriors.values()]),
            rope=rope,
            shrinkage_estimates=None if hierarchical is None else hierarchical.shrinkage_estimates,
            shrinkage_intervals=None if hierarchical is None else hierarchical.shrinkage_intervals,
            model_names=table.models,
        ).plot()

    return report, figure


def _format_pair_table(report):
    """The report of two models as aligned text tables."""
    datasets, collection = report["datasets"].values(), report.get("collection", {})
    digits = {**TABLE_DIGITS, "p (corr.)": ".4f"}

    def probabilities(entries):
        columns = {header: [e[key] for e in entries] for header, key in PROBABILITY_COLUMNS.items()}
        return {**columns, "decision": [e["decision"] for e in entries]}

    lines = [
        f"A = {report['model_a']}, B = {report['model_b']} (differences A - B: positive favours A)",
        f"rope = [{report['rope'][0]:g}, {report['rope'][1]:g}], "
        f"decision threshold = {report['threshold']:g}",
        "",
        *text_table(
            {
                "data set": list(report["datasets"]),
                "splits": [e["n_splits"] for e in datasets],
                "mean A-B": [e["mean_difference"] for e in datasets],
                **(
                    {
                        "p (corr.)": [e["corrected_t"]["pvalue"] for e in datasets],
                        **probabilities([e["correlated_t"] for e in datasets]),
                    }
                    if all("correlated_t" in e for e in datasets)
                    else {}
                ),
            },
            digits=digits,
        ),
    ]
    if collection:
        titles = [get_backend(test).title for test in collection]
        columns = {"over the data sets": titles, **probabilities(list(collection.values()))}
        lines += ["", *text_table(columns, digits=digits)]
        lines.append(
            "(Poisson: on a majority of these data sets; the others: the outcome most probable "
            "on a new data set)"
            if "poisson" in collection
            else "(P: that the outcome is the most probable one on a new data set)"
        )
    return "\n".join(lines)


# -- many models ---------------------------------------------------------------


def _compare_models(args, table, options):
    """:func:`compare_models` with the command's options; its errors in the command's words."""
    try:
        return compare_models(
            table,
            test=args.test,
            random_state=args.seed,
            allow_incomplete=args.allow_incomplete,
            **options,
            **(_hierarchical_prior(args) if args.test == "hierarchical" else {}),
        )
    except ValueError as exc:
        raise InputError(_in_command_words(exc)) from None


def _many_report(args, table, *, rope, threshold):
    comparison = _compare_models(args, table, {"rope": rope, "threshold": threshold})
    columns = comparison.to_columns()
    effects = comparison.effect_sizes()
    for key in ("ci_low", "ci_high", "cohens_dz", "cliffs_delta"):
        columns[key] = effects[key]
    pairs = _rows(columns)
    ranking = None if comparison.ranking is None else _rows(comparison.ranking.to_columns())
    friedman = comparison.reference.friedman
    report = {
        "file": args.file,
        "read_as": table.reading,
        "lower_is_better": list(table.lower_is_better),
        "models": list(comparison.models),
        "datasets": list(comparison.datasets),
        "test": comparison.test,
        "rope": list(rope),
        "threshold": threshold,
        "seed": comparison.random_state,
        "pairs": pairs,
        "ranking": ranking,
        "reference": {
            "pairwise_test": comparison.reference.test,
            "alpha": comparison.reference.alpha,
            "friedman": None
            if friedman is None
            else {
                "statistic": friedman.statistic,
                "pvalue": friedman.pvalue,
                "iman_davenport_statistic": friedman.iman_davenport_statistic,
                "iman_davenport_pvalue": friedman.iman_davenport_pvalue,
                "average_ranks": dict(
                    zip(friedman.names, friedman.average_ranks.tolist(), strict=True)
                ),
                "critical_difference": friedman.critical_difference,
            },
        },
        "_text": comparison.summary(),
        "_comparison": comparison,
    }

    def figure():
        from ..plotting import CriticalDifferenceDisplay, PairwiseDisplay

        if comparison.ranking is None:
            return PairwiseDisplay.from_comparison(comparison)
        return CriticalDifferenceDisplay.from_comparison(comparison)

    return report, figure


def _write_report(args, table, options, comparison=None):
    """Write the report of every pair (and the critical-difference diagrams beside it).

    ``comparison``: the one printed (three or more models); for two models the
    report's comparison is run here, with the test ``--test`` names.

    Returns
    -------
    list of str
        The files written.
    """
    fmt = REPORT_FORMATS[os.path.splitext(args.report)[1].lower()]
    if comparison is None:
        with warnings.catch_warnings():
            # The same scores' notes were printed with the results above.
            warnings.simplefilter("ignore", MissingScoresWarning)
            warnings.simplefilter("ignore", ConvergenceWarning)
            comparison = _compare_models(args, table, options)
    figures, written = [], []
    for kind in REPORT_FIGURES if comparison.bayesian else REPORT_FIGURES[1:]:
        try:
            from ..plotting import CriticalDifferenceDisplay

            display = CriticalDifferenceDisplay.from_comparison(comparison, kind=kind)
        except ImportError as exc:
            print(f"bayescmp compare: note: the report has no figure: {exc}", file=sys.stderr)
            break
        except ValueError:
            continue  # no ranking (one data set) or no Friedman test (two models)
        path = report_figure_path(args.report, kind)
        _save_plot(path, lambda display=display: display, mark=_figure_mark(args.report))
        written.append(path)
        what = (
            "practically equivalent models joined"
            if kind == "bayesian"
            else "Demšar's diagram, models not significantly different joined (Nemenyi)"
        )
        figures.append((os.path.basename(path), f"Critical-difference diagram: {what}."))
    text = getattr(comparison, "report" if fmt == "text" else f"to_{fmt}")(figures=figures)
    try:
        with open(args.report, "w", encoding="utf-8") as file:
            file.write(text)
    except OSError as exc:
        raise InputError(
            f"cannot write the report {args.report!r}: {exc.strerror or exc}"
        ) from None
    return [args.report, *written]


def _rows(columns):
    """A dict of equal-length columns as a list of row dicts (for JSON)."""
    n_rows = len(next(iter(columns.values())))
    return [{name: values[i] for name, values in columns.items()} for i in range(n_rows)]


def _save_plot(path, figure, mark=None):
    """Draw and save the figure; without matplotlib, say how to install it.

    ``mark``: written into the file's metadata, so that a later run knows the file
    as its own.
    """
    try:
        display = figure()
    except ImportError as exc:
        raise MissingDependency(f"no plot saved: {exc}") from None
    metadata = None if mark is None else {"Creator": f"sklearn-bayescmp ({mark})"}
    try:
        display.figure_.savefig(path, metadata=metadata)
    except OSError as exc:
        raise InputError(f"cannot save the plot {path!r}: {exc.strerror or exc}") from None
    finally:
        import matplotlib.pyplot as plt

        plt.close(display.figure_)
