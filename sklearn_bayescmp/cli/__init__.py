"""The ``bayescmp`` command: compare models from a CSV file of scores, or run the demo.

- ``bayescmp compare FILE.csv`` reads a table of scores in any of three
  layouts, told apart by its columns: a *long* table (one row per data set,
  model and split, with model and score columns), a *wide* table (one column
  per model), or per-split *differences* of two models (the
  :class:`~sklearn_bayescmp.CVDifferences` format). Every pair of models is
  compared with the test ``--test`` names (``compare_models``), with a
  Bayesian ranking and the frequentist reference; two models over several
  data sets also get each data set's Bayesian correlated t-test.
- ``bayescmp demo`` runs the README's main job with a progress bar.

This module imports only the standard library, so that ``--help`` answers at
once; each subcommand imports what it needs. The command never shows a
traceback for a user's mistake: bad input exits with status 2 and one line
naming the file, the line or the column; a missing optional dependency
prints the results first, then a one-line install hint, and exits with 1;
Ctrl-C exits with 130 and one line.
"""

import argparse
import sys
from fractions import Fraction

from .. import __version__
from ._errors import InputError, Interrupted, MissingDependency

#: Exit statuses: bad input or arguments (as argparse), a missing optional
#: dependency, and Ctrl-C (128 + SIGINT).
USAGE_ERROR = 2
MISSING_DEPENDENCY = 1
INTERRUPTED = 130


def _test(text):
    """A test's name: "auto" or one of the registry's (read when the option is given, so
    that ``--help`` imports nothing heavy and a new back end is a choice at once)."""
    from ..stats import backend_names

    names = ("auto", *backend_names())
    if text not in names:
        raise argparse.ArgumentTypeError(
            f"invalid choice: {text!r} (choose from {', '.join(names)})"
        )
    return text


#: The ratios n_test / n_train the tests accept (as ScoreTable does).
RATIO_BOUNDS = (1e-6, 1e6)
#: The seeds NumPy and scikit-learn accept.
LARGEST_SEED = 2**32 - 1


class _Parser(argparse.ArgumentParser):
    """argparse, with every mistake said in one line (not the usage block first)."""

    def error(self, message):
        self.exit(USAGE_ERROR, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def _ratio(text):
    """A positive number, written as a fraction (``1/9``) or a decimal."""
    try:
        value = float(Fraction(text.strip()))
    except (ValueError, ZeroDivisionError, OverflowError):
        raise argparse.ArgumentTypeError(
            f"expected a number such as 1/9 or 0.25, got {text!r}"
        ) from None
    low, high = RATIO_BOUNDS
    if not low <= value <= high:
        raise argparse.ArgumentTypeError(
            f"expected n_test / n_train from {low:g} to {high:g} (1/9 for 10-fold "
            f"cross-validation), got {text!r}"
        )
    return value


def _delimiter(text):
    """One character between cells; ``\\t`` or ``tab`` is a tab (a shell passes no tab)."""
    text = "\t" if text in ("\\t", "tab") else text
    if len(text) != 1:
        raise argparse.ArgumentTypeError(f"expected one character (or '\\t'), got {text!r}")
    return text


def _quotechar(text):
    """One character around the cells that hold the delimiter."""
    if len(text) != 1:
        raise argparse.ArgumentTypeError(f"expected one character, got {text!r}")
    return text


def _line(text):
    """A line of the file, counted from 0."""
    if not text.isdigit():
        raise argparse.ArgumentTypeError(f"expected a line number from 0, got {text!r}")
    return int(text)


def _seed(text):
    """A seed: a whole number from 0 to 2**32 - 1."""
    try:
        value = int(text)
    except ValueError:
        value = None
    if value is None or not 0 <= value <= LARGEST_SEED:
        raise argparse.ArgumentTypeError(
            f"expected a whole number from 0 to {LARGEST_SEED}, got {text!r}"
        )
    return value


def _count(text):
    """A positive whole number (draws, warm-up iterations)."""
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a positive whole number, got {text!r}")
    return value


def build_parser():
    """The argument parser of ``bayescmp``."""
    parser = _Parser(
        prog="bayescmp",
        description="Is model A really better than model B? Bayesian and corrected "
        "frequentist comparisons of cross-validated models.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    comparing = commands.add_parser(
        "compare",
        help="compare models from a CSV file of per-split scores",
        description="Read a CSV file of per-split scores (delimiter sniffed: comma, "
        "semicolon or tab) in one of three layouts, told apart by its columns: long (one "
        "row per data set, model and split: model and score columns, and split or repeat "
        "and fold), wide (one column of scores per model, one row per split), or the "
        "differences of two models (difference, or score_a and score_b). Split sizes come "
        "from n_train and n_test columns, or from --test-train-ratio. Every pair of models "
        "is compared with the test --test names, with a Bayesian (Plackett-Luce) ranking "
        "and the frequentist reference; two models over several data sets also get each "
        "data set's Bayesian correlated t-test.",
    )
    comparing.add_argument(
        "files",
        nargs="+",
        metavar="FILE.csv",
        help="the CSV file (also gzip, bz2 or xz compressed); or several files of one model "
        "each, read as one table: long tables (a model without a model column is named by "
        "its file), or the per-estimator results files of aeon/tsml (a 'Resamples:' header, "
        "a row per data set, a column per resample)",
    )
    comparing.add_argument(
        "--print-spec",
        action="store_true",
        help="print how the table is read (its spec, as JSON: the layout, each role's "
        "column, the models, what is left out and why, the direction, the design, the "
        "units) and stop; when the reading is refused, print the spec it had reached. Save "
        "it, correct a field, and pass it back with --spec",
    )
    comparing.add_argument(
        "--spec",
        metavar="SPEC.json",
        help="read the table by this spec (from --print-spec, or a report's), where every "
        "field set is taken as given; the same file and spec give the same comparison",
    )
    comparing.add_argument(
        "--encoding",
        metavar="NAME",
        help="the file's text encoding, e.g. latin-1 (default: UTF-8, with or without a "
        "byte-order mark, or UTF-16 with one)",
    )
    comparing.add_argument(
        "--delimiter",
        metavar="CHAR",
        type=_delimiter,
        help="the character between the file's cells, e.g. ';' or '\\t' (default: sniffed)",
    )
    comparing.add_argument(
        "--quotechar",
        metavar="CHAR",
        type=_quotechar,
        help="the character around a cell that holds the delimiter (default: '\"')",
    )
    comparing.add_argument(
        "--header-row",
        metavar="N",
        type=_line,
        help="the line of the header, from 0; the lines above it, a title, are skipped "
        "(default: the first line, or the first after lines of one cell)",
    )
    comparing.add_argument(
        "--footer-rows",
        metavar="N",
        type=_line,
        help="how many lines below the table, a note, to skip (default: the last lines of "
        "one cell)",
    )
    comparing.add_argument(
        "--decimal",
        choices=(".", ","),
        help="the numbers' decimal mark (default: a point, and in a file delimited by "
        "semicolons or tabs a comma too where a cell says it; '1,200' alone is asked about)",
    )
    comparing.add_argument(
        "--thousands",
        choices=(",", ".", " ", "'"),
        help="the mark that groups the numbers' thousands, as in 1,234.5 (default: none)",
    )
    comparing.add_argument(
        "--missing",
        nargs="+",
        metavar="TEXT",
        help="spellings of a failed or missing score besides NaN, NA, N/A, null, none and "
        "an empty cell, e.g. --missing - timeout",
    )
    comparing.add_argument(
        "--layout",
        choices=("auto", "long", "wide", "transposed", "differences"),
        default="auto",
        help="the table's layout (default: told by its columns); transposed: a row per model "
        "and a column per data set",
    )
    for column, default in (
        ("dataset", "dataset"),
        ("model", "model"),
        ("score", "score"),
        ("split", "split"),
        ("repeat", "run"),
        ("fold", "fold"),
        ("n-train", "n_train"),
        ("n-test", "n_test"),
    ):
        comparing.add_argument(
            f"--{column}-col",
            metavar="NAME",
            help=f"the {column.replace('-', '_')} column of a long or wide table (default: "
            f"found by its name, e.g. {default!r})",
        )
    comparing.add_argument(
        "--models",
        nargs="+",
        metavar="NAME",
        help="compare only these models, in this order (the first is A of its pairs); of a "
        "wide table, the columns that hold models",
    )
    comparing.add_argument(
        "--datasets",
        nargs="+",
        metavar="NAME",
        help="compare on these data sets only",
    )
    comparing.add_argument(
        "--metric",
        metavar="NAME",
        help="keep the rows of this metric, when a metric column (named metric, function, "
        "measure...) holds several; each data set's metric says which way is better",
    )
    direction = comparing.add_mutually_exclusive_group()
    direction.add_argument(
        "--lower-is-better",
        action="store_true",
        help="the scores are a loss (error rate, RMSE...): compare their negatives, so that "
        "positive differences still favour A. Without it or --higher-is-better, the "
        "direction is taken from a name (the score column, the metric column, the file's "
        "name) or the values (marks on each row's best), and a table none speaks for is "
        "refused; the option wins over them, and the reading says so",
    )
    direction.add_argument(
        "--higher-is-better",
        action="store_true",
        help="the scores are greater-is-better as they are (a loss already negated, say), "
        "whatever the names suggest; the reading says so",
    )
    comparing.add_argument(
        "--design",
        choices=("cross-validation", "resamples", "seeds", "means"),
        help="how the splits were made: repeated k-fold cross-validation, random train/test "
        "resamples, training seeds on one fixed split, or one score per data set (default: "
        "from the columns; a split column named seed says seeds, resample says resamples). "
        "The correlated t-tests read cross-validation and resamples only",
    )
    comparing.add_argument(
        "--imputed",
        choices=("keep", "drop"),
        help="what to do with the scores that a column named imputed (is_imputed, "
        "filled...) marks as filled in from another model: a table with such scores is "
        "refused until this says",
    )
    comparing.add_argument(
        "--normalize",
        choices=("best-worst",),
        help="rescale every data set's scores from its worst model's mean (0) to its best "
        "model's (1), over every model of the file (before --models selects), so that the "
        "data sets' differences share one unit (when their metrics or scales differ); the "
        "rope is then a share of that gap",
    )
    comparing.add_argument(
        "--test-train-ratio",
        type=_ratio,
        metavar="R",
        help="n_test / n_train of the splits when the table has no n_train and n_test "
        "columns: 1/9 for 10-fold cross-validation, 1/4 for 5-fold",
    )
    comparing.add_argument(
        "--fold-suffix",
        metavar="SEP",
        help="the separator after which every id of the data-set column ends with its fold "
        "('_' reads 10090_3 as fold 3 of data set 10090; '' reads every id as a data set); by "
        "default ids are read so only where a word says it (credit-g-fold2), and asked about "
        "where they only end with the same indices (friedman_1, monks_1)",
    )
    comparing.add_argument(
        "--test",
        type=_test,
        default="auto",
        metavar="TEST",
        help="the test of every pair: auto (the default: on one data set the Bayesian "
        "correlated t-test; over several the Poisson-binomial test where every data set "
        "has its splits' scores and sizes, as it keeps each data set's uncertainty, and the "
        "Bayesian signed-rank test on one score per data set, which reads the means only) "
        "or a test of the registry "
        "(bayesian_correlated_t, signed_rank, sign, poisson, hierarchical, corrected_t, wilcoxon..."
        "; an unknown name lists them all); the frequentist ones decide at p < 0.05",
    )
    comparing.add_argument(
        "--rope",
        type=float,
        default=None,
        help="half-width of the rope, in the scores' units. By default one point of scores "
        "that are shares (0.01: within [-1, 1]) or percentages (1: 0 to 100, said by a name or "
        "%% signs); on another scale it must be given",
    )
    comparing.add_argument(
        "--threshold", type=float, default=0.95, help="decision threshold (default 0.95)"
    )
    comparing.add_argument(
        "--plot",
        metavar="OUT.png",
        help="save a figure (the format by the extension: png, pdf, svg...): posterior or "
        "forest plot (two models), pairwise heatmap (one data set) or critical-difference "
        "diagram (several)",
    )
    comparing.add_argument(
        "--report",
        metavar="OUT.md",
        help="write a report to publish (the format by the extension: .md, .tex, .html or "
        ".txt): methods paragraph with what to cite, the pairs with effect sizes, the "
        "ranking, the frequentist reference, and (with matplotlib) the critical-difference "
        "diagram beside it (PDF for .tex, SVG otherwise)",
    )
    comparing.add_argument(
        "--force",
        action="store_true",
        help="replace an existing --plot or --report file (and the files written beside a "
        "report) even when this command did not write it; the input is never replaced",
    )
    comparing.add_argument(
        "--json",
        action="store_true",
        help="print JSON instead of tables (a number that is not finite is null, with "
        "<name>_nonfinite saying which: inf, -inf or nan)",
    )
    comparing.add_argument(
        "--seed", type=_seed, default=0, help="seed of the sampled tests (default 0)"
    )
    comparing.add_argument(
        "--allow-incomplete",
        action="store_true",
        help="three or more models: when a model has no score on a data set, compare each "
        "pair on the data sets both models have (and rank on those all models have) instead of "
        "stopping",
    )
    comparing.add_argument(
        "--n-draws",
        type=_count,
        metavar="N",
        help="draws of the sampled tests (signed_rank, sign, hierarchical). By default the "
        "signed-rank and sign tests draw until every probability's Monte Carlo standard error is "
        "at most 0.005 and the decision is settled at 99.9%% (2,176 to 65,536 draws a pair, in "
        "the JSON as n_draws, mcse and settled); the hierarchical test runs its own chains",
    )
    comparing.add_argument(
        "--n-warmup",
        type=_count,
        metavar="N",
        help="with --test hierarchical: warm-up iterations of each chain",
    )
    comparing.add_argument(
        "--nu-prior",
        choices=("shifted", "paper"),
        help="with --test hierarchical: nu = 1 + Gamma(alpha, beta) as the authors' code has "
        "it (the default), or nu ~ Gamma(alpha, beta) as the paper prints it",
    )
    comparing.add_argument(
        "--hyperprior",
        choices=("authors", "baycomp"),
        help="with --test hierarchical: alpha ~ U(0.5, 5), beta ~ U(0.05, 0.15) as the "
        "authors' code since 2016 (the default), or U(1, 2), U(0.01, 0.1) as baycomp",
    )

    demonstrating = commands.add_parser(
        "demo",
        help="run a real comparison on a bundled data set, with a progress bar",
        description="Compare scaled logistic regression with Gaussian naive Bayes on "
        "scikit-learn's breast cancer data with 10x10 cross-validation.",
    )
    demonstrating.add_argument("--n-jobs", type=int, default=None, help="parallel jobs")
    demonstrating.add_argument("--seed", type=_seed, default=0, help="seed of the splits")
    demonstrating.add_argument(
        "--memory",
        metavar="DIR",
        help="cache every finished split in DIR: an interrupted run resumes there",
    )
    return parser


def main(argv=None):
    """Entry point of the ``bayescmp`` command.

    Parameters
    ----------
    argv : list of str, default=None
        Arguments; ``sys.argv[1:]`` when None.

    Returns
    -------
    int
        Exit status: 0 on success, 2 on bad input, 1 when an optional
        dependency is missing, 130 when interrupted.
    """
    args = build_parser().parse_args(argv)
    prefix = f"bayescmp {args.command}"
    try:
        if args.command == "compare":
            from ._compare import compare as run
        else:
            from ._demo import demo as run
        run(args)
    except InputError as exc:
        print(f"{prefix}: error: {_one_line(exc)}", file=sys.stderr)
        return USAGE_ERROR
    except MissingDependency as exc:
        print(f"{prefix}: {_one_line(exc)}", file=sys.stderr)
        return MISSING_DEPENDENCY
    except Interrupted as exc:
        print(f"{prefix}: {_one_line(exc)}", file=sys.stderr)
        return INTERRUPTED
    except KeyboardInterrupt:
        print(f"{prefix}: interrupted", file=sys.stderr)
        return INTERRUPTED
    return 0


def _one_line(exc):
    """A message on one line, with what a terminal would act on shown escaped (a file's or
    a model's name may hold an escape sequence)."""
    from .._command import printable

    return printable(" ".join(str(exc).split()))
