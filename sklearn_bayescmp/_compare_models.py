"""Many models: every pair compared, a Bayesian ranking, and the frequentist reference.

:func:`compare_models` takes a :class:`~sklearn_bayescmp.ScoreTable` and
compares every pair of its models with one back end of the registry
(:func:`~sklearn_bayescmp.stats.backend_names`): on one data set the Bayesian
correlated t-test by default, on many the Bayesian signed-rank test. Pairs
are batched: the sign and signed-rank tests share their Dirichlet weights and
the hierarchical posteriors are sampled together, each result bit-identical
to the back end called on that pair with the same ``random_state``.

Beside the pairs, a Plackett-Luce ranking of all models (which is likely
best overall) and the frequentist reference people expect (Friedman,
Nemenyi's critical difference, Holm-corrected Wilcoxon tests; or, on one data
set, Holm-corrected corrected t-tests), labelled as the reference, not the
recommendation.
"""

import warnings
from collections.abc import Mapping
from dataclasses import dataclass, replace
from itertools import combinations
from numbers import Integral, Real

import numpy as np

from ._comparison_record import DatasetTests, comparison_dict, has_splits
from ._comparison_report import direction_note, report_blocks
from ._score_table import ScoreTable
from .stats._collection import DatasetMeans
from .stats._core import holm_adjusted, record_scale
from .stats._correlated_t import NormalGammaPrior, dataset_ttests
from .stats._effect_size import cliffs_delta, cliffs_delta_rows, cohens_dz, cohens_dz_rows
from .stats._friedman import friedman_test
from .stats._ranking import ranking_posterior, warn_unconverged_ranking
from .stats._reference import FrequentistReference
from .stats._registry import backend_names, get_backend
from .stats._rope import OUTCOMES
from .stats._ties import merge_signed_ties, tie_scale
from .tables._evidence import units_text
from .tables._spec import DESIGNS
from .tables._words import reading_text, witness_words
from .utils._advice import option, written
from .utils._display import (
    PROBABILITY_COLUMNS,
    beside_threshold,
    html_table,
    probability_digits,
    table_digits,
    terminal_text,
    text_table,
    to_frame,
)
from .utils._frozen import FrozenMapping, ReadOnlyPickleMixin
from .utils._io import write_csv
from .utils._random import random_seed
from .utils._report import RENDERERS, render
from .utils._rope_units import AUTO, resolve_rope, table_scale
from .utils._sklearn import Interval, LiveOptions, StrOptions, validate_params
from .utils._threads import computed_beside, engine_threads
from .utils._validation import ROPE_CONSTRAINT, check_probability, check_rope

#: Pairs whose records are built and compared at a time.
_PAIRS_PER_BATCH = 256
#: Pairs compared at once by a test of the data sets' means (a few kB each): the sign and
#: signed-rank tests share their draws among all pairs of a batch.
_MEAN_PAIRS_PER_BATCH = 8192
_MIRROR = {"a": "b", "b": "a"}
_PROBABILITIES = ("prob_a_better", "prob_equivalent", "prob_b_better")
#: The chains of the comparison's ranking (plackett_luce_ranking's default).
_RANKING_CHAINS = 4
#: The ranking's floats a sweep (chains x data sets x models) from which it runs beside
#: the pairs' tests: 40 models x 30 data sets took 0.76-0.87x the time so, where 10 x 54,
#: 20 x 54, 25 x 30 took 0.9-1.3x (``benchmarks/README.md``). A small ranking's sweeps
#: hold the interpreter's lock most of the time, which the pairs' own threads then wait on.
_RANKING_BESIDE_FROM = 4_800
#: A pair's probability read for the pair the other way round.
_MIRRORED = {"prob_a_better": "prob_b_better", "prob_b_better": "prob_a_better"}
#: The matrices of a comparison (the p-values are its reference's).
_MATRICES = (
    *_PROBABILITIES,
    "decisions",
    "mean_difference",
    "median_difference",
    "n_omitted",
    "n_datasets_omitted",
)
#: Probability of the credible intervals a comparison keeps (``effects``).
_EFFECT_PROB = 0.95


@dataclass(frozen=True, repr=False, eq=False)
class ModelComparison(ReadOnlyPickleMixin):
    """Every pair of models of a score table compared, with a ranking and a reference.

    Built by :func:`compare_models`. Entry ``[i, j]`` of a matrix compares
    ``models[i]`` (A) with ``models[j]`` (B); ``[j, i]`` is its mirror.

    Attributes
    ----------
    models : tuple of str
        The models, in table order.
    datasets : tuple of str
        The data sets.
    test : str
        The pairwise back end, by its name in the registry
        (:func:`~sklearn_bayescmp.stats.backend_names`).
    results : mapping of (str, str) to result
        The back end's result of every pair ``(a, b)``, ``a`` listed first in
        the table.
    prob_a_better, prob_equivalent, prob_b_better : ndarray of shape (n_models, n_models) or None
        ``prob_a_better[i, j]``: the probability that ``models[i]`` is
        practically better than ``models[j]``. A model against itself is
        practically equivalent (the diagonal of ``prob_equivalent`` is 1).
        None for a frequentist test.
    decisions : ndarray of str of shape (n_models, n_models)
        The decision of every pair: "a" (the row's model is better), "b",
        "equivalent" or "undecided" by the threshold rule for a Bayesian test;
        "a", "b" or "no difference" by the Holm-adjusted p-values at
        ``alpha`` for a frequentist one.
    mean_difference : ndarray of shape (n_models, n_models)
        Mean over data sets of each data set's mean score difference, row
        minus column (over the splits both models completed); NaN where the
        data sets' scores are not in one unit (``table.units``).
    median_difference : ndarray of shape (n_models, n_models)
        Median over data sets of the same per-data-set means: what the tests
        of signs and ranks (sign, signed-rank, Wilcoxon) read, rather than the
        mean, which one data set can sway; NaN where the units differ.
    n_omitted : ndarray of int of shape (n_models, n_models)
        Splits left out of each pair because a score was failed or missing.
    n_datasets_omitted : ndarray of int of shape (n_models, n_models)
        Data sets left out of each pair (``allow_incomplete=True``) because
        one of its models has no score there.
    ranking : PlackettLuceResult or None
        The Bayesian ranking of all models (two or more data sets).
    reference : FrequentistReference
        The frequentist reference.
    rope : tuple of (float, float)
        The region of practical equivalence.
    threshold : float
        Threshold of the Bayesian decisions.
    random_state : int or None
        The seed every sampled pair and the ranking used (None when nothing
        was sampled).
    table : ScoreTable
        The scores compared.
    rope_default : {"shares", "percent"} or None
        Where the rope was the default (``rope="auto"``): one point of shares
        (0.01) or of percentages (1); None for a rope given.
    effects : mapping of str to ndarray of shape (n_pairs,)
        Every pair's ``ci_low``, ``ci_high``, ``cohens_dz`` and
        ``cliffs_delta``, in the order of :meth:`to_columns`: what
        :meth:`effect_sizes` returns (at ``prob=0.95``), computed once.
    pair_numbers : mapping of str to tuple
        The numbers each pair's result shows beside its probabilities or
        p-value (predictive probabilities, draws and Monte Carlo error,
        convergence...), by name, one value per pair in the order of
        :meth:`to_columns`.
    per_dataset : mapping of str to :class:`~sklearn_bayescmp.DatasetTests` or None
        Two models over data sets with every split's scores and sizes: each
        data set's Bayesian correlated t-test and corrected t-test (with the
        comparison's rope, threshold and prior), for the data sets where the
        pair shares two or more splits. None otherwise.

    See Also
    --------
    sklearn_bayescmp.compare_models : Returns this comparison.
    sklearn_bayescmp.plotting.PairwiseDisplay : Its pairwise probabilities as a heatmap.
    sklearn_bayescmp.plotting.CriticalDifferenceDisplay
        Its ranks as a critical-difference diagram.

    Examples
    --------
    A paper's table of one accuracy per model and data set:

    >>> from sklearn_bayescmp import ScoreTable, compare_models
    >>> table = ScoreTable.from_wide(
    ...     {
    ...         "dataset": ["iris", "wine", "cancer", "digits", "adult", "credit"],
    ...         "knn": [0.95, 0.70, 0.93, 0.98, 0.82, 0.71],
    ...         "tree": [0.94, 0.90, 0.92, 0.85, 0.81, 0.69],
    ...         "forest": [0.96, 0.97, 0.96, 0.97, 0.86, 0.76],
    ...     },
    ...     dataset="dataset",
    ...     greater_is_better=True,
    ... )
    >>> comparison = compare_models(table, rope=0.01, random_state=0)
    >>> comparison.test  # one score per data set: the Bayesian signed-rank test
    'signed_rank'
    >>> comparison.prob_a_better.round(2)  # row model better than column model
    array([[0.  , 0.71, 0.  ],
           [0.23, 0.  , 0.  ],
           [0.98, 1.  , 0.  ]])
    >>> comparison.decisions[0, 1], comparison.result("forest", "tree").decision()
    ('undecided', 'a')
    """

    models: tuple
    datasets: tuple
    test: str
    results: Mapping
    prob_a_better: np.ndarray | None
    prob_equivalent: np.ndarray | None
    prob_b_better: np.ndarray | None
    decisions: np.ndarray
    mean_difference: np.ndarray
    median_difference: np.ndarray
    n_omitted: np.ndarray
    n_datasets_omitted: np.ndarray
    ranking: object
    reference: FrequentistReference
    rope: tuple
    threshold: float
    random_state: int | None
    table: ScoreTable
    rope_default: str | None
    effects: Mapping
    pair_numbers: Mapping
    per_dataset: Mapping | None

    def __repr__(self):
        return (
            f"ModelComparison(models={self.models!r}, n_datasets={len(self.datasets)}, "
            f"test={self.test!r}, rope={self.rope})"
        )

    @property
    def pooled(self):
        """bool: Whether the differences of the data sets are in one unit, so that their
        mean and median over data sets (and the effect sizes) mean something."""
        return len(self.datasets) == 1 or self.table.units is None

    @property
    def bayesian(self):
        """bool: Whether the pairwise test is Bayesian (gives the three probabilities)."""
        return self.prob_a_better is not None

    def _index(self, model):
        if model not in self.models:
            raise ValueError(f"Unknown model {model!r}; the models are {list(self.models)}.")
        return self.models.index(model)

    def result(self, model_a, model_b):
        """The back end's result of ``model_a`` (A) against ``model_b`` (B).

        Parameters
        ----------
        model_a, model_b : str
            Two of the models; the result is ``model_a - model_b``.

        Returns
        -------
        result
            The stored result of the pair, mirrored (``result.mirrored()``)
            when ``model_b`` comes first in the table.
        """
        i, j = self._index(model_a), self._index(model_b)
        if i == j:
            raise ValueError(f"`model_a` and `model_b` are both {model_a!r}; pick two models.")
        if i < j:
            return self.results[model_a, model_b]
        return self.results[model_b, model_a].mirrored()

    def matrix(self, attribute="prob_a_better"):
        """One matrix of the comparison, row model against column model.

        Parameters
        ----------
        attribute : {"prob_a_better", "prob_equivalent", "prob_b_better", \
"decisions", "mean_difference", "median_difference", "n_omitted", "n_datasets_omitted", \
"pvalues", "pvalues_holm"}, default="prob_a_better"

        Returns
        -------
        ndarray of shape (n_models, n_models)
        """
        if attribute in ("pvalues", "pvalues_holm"):
            return getattr(self.reference, attribute)
        if attribute not in _MATRICES:
            raise ValueError(
                f"`attribute` must be one of {[*_MATRICES, 'pvalues', 'pvalues_holm']}; "
                f"got {attribute!r}."
            )
        values = getattr(self, attribute)
        if values is None:
            raise ValueError(
                f"The {get_backend(self.test).title} is frequentist: it gives p-values "
                f"(matrix('pvalues')), not {attribute}."
            )
        return values

    def matrix_frame(self, attribute="prob_a_better"):
        """:meth:`matrix` as a :class:`pandas.DataFrame` labelled by model (rows: A).

        Parameters
        ----------
        attribute : str, default="prob_a_better"
            See :meth:`matrix`.

        Returns
        -------
        pandas.DataFrame
        """
        frame = to_frame(
            {
                model: list(column)
                for model, column in zip(self.models, self.matrix(attribute).T, strict=True)
            }
        )
        frame.index = list(self.models)
        frame.index.name, frame.columns.name = "A", "B"
        return frame

    def to_columns(self):
        """Every pair (in table order) as a tidy table: a dict of columns.

        Returns
        -------
        dict of str to list
            ``model_a``, ``model_b``, ``prob_a_better``, ``prob_equivalent``,
            ``prob_b_better`` (Bayesian tests), ``decision``,
            ``mean_difference``, ``median_difference``, ``n_omitted``,
            ``n_datasets_omitted``,
            ``pvalue`` and ``pvalue_holm`` (the frequentist reference); for the
            sign, signed-rank and hierarchical tests, whose ``prob_*`` are the
            probabilities that an outcome is the most probable one on a new
            data set, also ``predictive_prob_*``, the probabilities of the
            outcomes there.
        """
        pairs = list(combinations(range(len(self.models)), 2))
        columns = {
            "model_a": [self.models[i] for i, _ in pairs],
            "model_b": [self.models[j] for _, j in pairs],
        }
        for key, values in (
            *((name, getattr(self, name)) for name in _PROBABILITIES if self.bayesian),
            ("decision", self.decisions),
            ("mean_difference", self.mean_difference),
            ("median_difference", self.median_difference),
            ("n_omitted", self.n_omitted),
            ("n_datasets_omitted", self.n_datasets_omitted),
            ("pvalue", self.reference.pvalues),
            ("pvalue_holm", self.reference.pvalues_holm),
        ):
            columns[key] = [_scalar(values[i, j]) for i, j in pairs]
        results = [self.results[self.models[i], self.models[j]] for i, j in pairs]
        if get_backend(self.test).result_type.predictive:
            # Beside the probability that an outcome is the most probable one
            # on a new data set, the predictive probability of the outcome.
            for name in _PROBABILITIES:
                columns[f"predictive_{name}"] = [getattr(r, f"predictive_{name}") for r in results]
        return columns

    def to_dict(self):
        """The comparison as a JSON-safe dict: what ``bayescmp compare --json`` writes.

        The table's reading and spec, the settings, every pair's row of
        :meth:`to_columns` with its effect sizes and the numbers its result
        prints, the ranking, the frequentist reference and, for two models,
        each data set's correlated and corrected t-tests (``per_dataset``,
        empty for a table without every split's scores and sizes). A number
        that is not finite is ``None``, with ``<key>_nonfinite`` beside it
        ("inf", "-inf" or "nan").

        A view of what :func:`compare_models` computed: nothing is tested or
        drawn again. It begins with ``format`` and ``version``, the version
        of its JSON Schema (see the command line's page, "The record's
        schema").

        Returns
        -------
        dict
            ``json.loads(json.dumps(d)) == d``.
        """
        return comparison_dict(self)

    def to_frame(self):
        """:meth:`to_columns` as a :class:`pandas.DataFrame` indexed by the pair.

        Returns
        -------
        pandas.DataFrame
        """
        return to_frame(self.to_columns()).set_index(["model_a", "model_b"])

    def to_csv(self, path_or_buf=None):
        """Write every pair as CSV: the columns of :meth:`to_columns`, then the
        effect sizes (``ci_low``, ``ci_high``, ``cohens_dz``, ``cliffs_delta``,
        as :meth:`effect_sizes` computes them).

        The file a report of many models names for its pairs (see
        :meth:`report`). Numbers are written so that they read back
        exactly; a missing number (a NaN effect size) as ``nan``.

        Parameters
        ----------
        path_or_buf : str, path-like or file-like, default=None
            Where to write; None returns the text.

        Returns
        -------
        str or None
        """
        columns = self.to_columns()
        effects = self.effect_sizes()
        for key in ("ci_low", "ci_high", "cohens_dz", "cliffs_delta"):
            columns[key] = [float(value) for value in effects[key]]
        return write_csv(columns, path_or_buf)

    def _pairs_table(self):
        """The columns of the printed pairs table."""
        columns = self.to_columns()
        shown = {"A": columns["model_a"], "B": columns["model_b"]}
        if self.pooled:
            shown["mean A-B"] = columns["mean_difference"]
            if get_backend(self.test).result_type._sign_based:
                shown["median A-B"] = columns["median_difference"]
        if self.bayesian:
            digits = probability_digits(get_backend(self.test).result_type)
            shown |= {
                header: [beside_threshold(v, self.threshold, digits) for v in columns[name]]
                for header, name in PROBABILITY_COLUMNS.items()
            }
        else:
            shown |= {"p": columns["pvalue"], "p (Holm)": columns["pvalue_holm"]}
        shown["decision"] = columns["decision"]
        return shown

    @terminal_text
    def summary(self):
        """Readable report: every pair, the ranking and the frequentist reference.

        Returns
        -------
        str
        """
        result_type = get_backend(self.test).result_type
        reading = reading_text(self.table.reading)
        point = {"shares": " (one point of shares)", "percent": " (one percentage point)"}
        rule = (
            f"rope = [{self.rope[0]:.4g}, {self.rope[1]:.4g}]{point.get(self.rope_default, '')}, "
            f"decisions at {self.threshold:g}"
            if self.bayesian
            else f"decisions at alpha = {self.reference.alpha:g} (Holm)"
        )
        lines = [
            f"{len(self.models)} models on {len(self.datasets)} data set(s): "
            f"{get_backend(self.test).title} of every pair, {rule}",
            *([f"Read as: {reading}"] if reading else []),
            "",
            *text_table(self._pairs_table(), digits=table_digits(result_type)),
        ]
        if self.bayesian and hasattr(result_type, "mc_error"):
            largest = max(result.mc_error for result in self.results.values())
            lines.append(
                f"(Monte Carlo error of every P: at most ±{largest:.2g}, the half-width of a "
                "99.9% interval)"
            )
        if result_type.predictive:
            lines.append(
                "(P: that the outcome is the most probable one on a new data set; "
                "to_frame() adds each outcome's predictive probability)"
            )
        if result_type._probabilities_note:
            lines.append(f"({result_type._probabilities_note})")
        direction = direction_note(self)
        if direction:
            lines.append(f"({direction})")
        if not self.pooled:
            lines.append(
                "(no mean or median difference over data sets: "
                f"{units_text(self.table.units)}; the test reads signs or ranks)"
            )
        omitted = int(np.triu(self.n_omitted, 1).sum())
        if omitted:
            lines.append(f"({omitted} split(s) left out of pairs: failed or missing scores)")
        for i, j in zip(*np.nonzero(np.triu(self.n_datasets_omitted, 1)), strict=True):
            lines.append(
                f"({self.models[i]} vs {self.models[j]}: compared on "
                f"{len(self.datasets) - self.n_datasets_omitted[i, j]} of {len(self.datasets)} "
                "data sets; the others lack scores of one of them)"
            )
        if self.ranking is not None:
            lines += ["", self.ranking.summary()]
        lines += ["", "Frequentist reference (not the recommendation; see the user guide):"]
        if self.reference.friedman is not None:
            lines.append("  " + self.reference.friedman.summary().replace("\n", "\n  "))
        pairs = np.triu_indices(len(self.models), 1)
        if self.bayesian and np.isnan(self.reference.pvalues[pairs]).all():
            title = get_backend(self.reference.test).title
            lines.append(f"  {title}: left out, it ranks differences pooled over data sets")
        elif self.bayesian:
            columns = self.to_columns()
            title = get_backend(self.reference.test).title
            lines.append(f"  {title}, Holm-corrected p-values:")
            for a, b, p, holm in zip(
                columns["model_a"],
                columns["model_b"],
                columns["pvalue"],
                columns["pvalue_holm"],
                strict=True,
            ):
                lines.append(f"    {a} vs {b}: p = {p:.4g}, Holm {holm:.4g}")
        return "\n".join(lines)

    def effect_sizes(self, prob=0.95):
        """Effect size of every pair: the mean difference with its interval, and classic ones.

        On one data set they read the per-split scores; on several, each
        data set's mean over the splits both models completed.

        Parameters
        ----------
        prob : float, default=0.95
            Probability of the credible interval.

        Returns
        -------
        dict of str to list
            ``model_a``, ``model_b`` (in table order), ``mean_difference`` (A
            - B), ``ci_low`` and ``ci_high``: the highest-density credible
            interval of the mean difference where the test's posterior has
            one (the correlated t-test's mean, the hierarchical model's
            ``delta0``; NaN otherwise), ``cohens_dz`` (paired, see
            :func:`~sklearn_bayescmp.stats.cohens_dz`) and
            ``cliffs_delta`` (between the two models' scores, unpaired, as
            autorank reports it; NaN for a table of differences only). Over
            data sets whose scores are not in one unit (``table.units``), the
            pooled ones (mean difference, Cohen's d_z, Cliff's delta) are NaN:
            one data set's scale would dominate them.
        """
        prob = check_probability(prob, name="prob")
        pairs = list(combinations(range(len(self.models)), 2))
        if prob == _EFFECT_PROB:
            low, high = self.effects["ci_low"], self.effects["ci_high"]
        else:
            low, high = _mean_intervals(self.models, self.results, prob)
        return {
            "model_a": [self.models[i] for i, _ in pairs],
            "model_b": [self.models[j] for _, j in pairs],
            "mean_difference": [float(self.mean_difference[i, j]) for i, j in pairs],
            "ci_low": low.tolist(),
            "ci_high": high.tolist(),
            "cohens_dz": self.effects["cohens_dz"].tolist(),
            "cliffs_delta": self.effects["cliffs_delta"].tolist(),
        }

    def report(self, *, format="text", figures=(), pairs_file=None, standalone=True):
        """The report to publish, as text, Markdown, LaTeX or HTML.

        A methods paragraph (the test and its prior, the rope, the decision
        threshold, the numbers of models, data sets and splits, what to
        cite), the pairwise table (mean difference and its credible interval,
        the three probabilities or the p-values, the decision, Cohen's d_z and
        Cliff's delta), the ranking, the frequentist reference (Friedman,
        Iman-Davenport, Nemenyi's critical difference, Holm-corrected
        p-values), the figures and the references. Names are escaped for the
        format.

        Past 45 pairs (10 models) every pair takes more pages than a reader
        reads: given ``pairs_file``, the report shows instead each model's
        decisions (how many models it was decided better than, worse than,
        equivalent to, undecided with, in the ranking's order) and the pairs
        decided practically equivalent, and names the file for every pair.

        Parameters
        ----------
        format : {"text", "markdown", "latex", "html"}, default="text"
            The markup. LaTeX uses booktabs tables that break across pages
            (longtable).
        figures : sequence of (str, str), default=()
            ``(path, caption)`` of figure files to include (a path alone has
            no caption), e.g. a
            :class:`~sklearn_bayescmp.plotting.CriticalDifferenceDisplay`
            saved as SVG (HTML, Markdown) or PDF (LaTeX, whose paths may hold
            letters, digits and ``._-/`` only: it would read others as
            commands).
        pairs_file : str or path-like, default=None
            The file of every pair, written with :meth:`to_csv` beside the
            report; the report names it (by its name, without the
            directory). None: every pair is in the report.
        standalone : bool, default=True
            LaTeX and HTML: a whole document (LaTeX compiles alone with
            pdflatex, xelatex or lualatex, with booktabs, longtable and
            graphicx; pdflatex shows the characters of a name that its fonts
            lack as code points). False gives the body, to ``\\input`` into
            a paper or embed in a page. Text and Markdown have no preamble.

        Returns
        -------
        str

        See Also
        --------
        to_csv, to_dict, summary

        Examples
        --------
        >>> import numpy as np
        >>> from sklearn_bayescmp import ScoreTable, compare_models
        >>> rng = np.random.default_rng(0)
        >>> table = ScoreTable.from_wide(
        ...     {"dataset": [f"d{i}" for i in range(20)]}
        ...     | {f"m{k}": 0.8 + 0.002 * k + rng.normal(0, 0.02, 20) for k in range(12)},
        ...     dataset="dataset",
        ...     greater_is_better=True,
        ... )
        >>> comparison = compare_models(table, random_state=0)
        >>> pairs = comparison.to_csv()  # or to_csv("pairs.csv"), beside the report
        >>> pairs.splitlines()[0][:47]
        'model_a,model_b,prob_a_better,prob_equivalent,p'
        >>> text = comparison.report(format="markdown", pairs_file="pairs.csv")
        >>> print(text[text.index("The 12 models") :].split(". ")[0])
        The 12 models make 66 pairs: ...
        """
        if format not in RENDERERS:
            raise ValueError(
                f"format={format!r} is not a report format; pass one of "
                f"{', '.join(map(repr, RENDERERS))}."
            )
        options = {"standalone": standalone} if format in ("latex", "html") else {}
        return render(report_blocks(self, figures, pairs_file), format, **options)

    def _repr_html_(self):
        shown = self._pairs_table()
        shown[f"decision ({self.threshold:g})"] = shown.pop("decision")
        if self.bayesian:
            shown["p (Holm, reference)"] = self.to_columns()["pvalue_holm"]
        pairs = html_table(
            shown,
            caption=f"{len(self.models)} models on {len(self.datasets)} data set(s), "
            f"{get_backend(self.test).title} of every pair",
        )
        return pairs + ("" if self.ranking is None else self.ranking._repr_html_())


def _mean_intervals(models, results, prob):
    """Every pair's highest-density interval of the mean difference (NaN where the test
    has no posterior of it), in table order: two arrays of shape (n_pairs,)."""
    intervals = [
        results[models[i], models[j]].mean_difference_interval(prob) or (np.nan, np.nan)
        for i, j in combinations(range(len(models)), 2)
    ]
    low, high = np.array(intervals, dtype=float).reshape(-1, 2).T
    return low, high


def _effects(table, models, results, pooled):
    """Every pair's effect sizes, once for the comparison (``ModelComparison.effects``).

    ``ci_low`` and ``ci_high`` at :data:`_EFFECT_PROB`; ``cohens_dz`` and
    ``cliffs_delta`` from the per-split scores on one data set, from each data
    set's means over the splits both models completed on several; NaN over data
    sets whose scores are not in one unit.
    """
    pairs = list(combinations(range(len(models)), 2))
    low, high = _mean_intervals(models, results, _EFFECT_PROB)
    dz, delta = np.full(len(pairs), np.nan), np.full(len(pairs), np.nan)
    if pooled and table.n_datasets > 1 and table.has_scores:
        # Every pair's per-data-set means at once (one product per data set), and
        # their effect sizes row by row: small next to the comparison's cost, at
        # thousands of pairs too.
        means = _shared_split_means(table)
        index = np.array(pairs, dtype=int).reshape(-1, 2)
        # Blocks of 2**18 means (2 MiB an array), so memory does not grow with the pairs.
        step = max(1, (1 << 18) // table.n_datasets)
        for start in range(0, len(index), step):
            first, second = index[start : start + step].T
            a, b = means[:, first, second].T, means[:, second, first].T  # NaN: no shared split
            scale = tie_scale(a, b, axis=1)
            dz[start : start + step] = cohens_dz_rows(a - b, scale)
            delta[start : start + step] = cliffs_delta_rows(a, b)
    elif pooled:
        for p, (i, j) in enumerate(pairs):
            records = list(table.differences(models[i], models[j]).values())
            scale = max(record_scale(r) for r in records)
            scores = None
            if table.n_datasets > 1:
                differences = np.array([r.mean for r in records])
            else:
                paired = np.isfinite(records[0].differences)
                differences = records[0].differences[paired]
                if records[0].scores_a is not None:
                    scores = (records[0].scores_a[paired], records[0].scores_b[paired])
            dz[p] = cohens_dz(differences, scale=scale)
            delta[p] = np.nan if scores is None else cliffs_delta(*scores)
    return FrozenMapping({"ci_low": low, "ci_high": high, "cohens_dz": dz, "cliffs_delta": delta})


def _pair_numbers(results):
    """The numbers each result shows beside its probabilities, as columns (one value per
    pair, in order)."""
    rows = [result._extra_numbers() for result in results]
    names = rows[0] if rows else {}
    # Read-only all the way down (the hierarchical test's prior is a dict).
    frozen = [
        {k: FrozenMapping(v) if isinstance(v, dict) else v for k, v in row.items()} for row in rows
    ]
    return FrozenMapping({name: tuple(row[name] for row in frozen) for name in names})


def _dataset_tests(table, rope, threshold, prior):
    """Each data set's correlated and corrected t-tests of a table's two models, for the
    data sets where they share two or more splits; None for a table without every
    split's scores and sizes."""
    if table.n_models != 2 or not has_splits(table):
        return None
    records = {
        name: record
        for name, record in table.differences(*table.models).items()
        if np.isfinite(record.differences).sum() >= 2
    }
    if not records:  # a test of means compared the pair on one shared split per data set
        return FrozenMapping({})
    posteriors, references = dataset_ttests(
        list(records.values()), rope=rope, prior=prior, test=split_reference(table)
    )
    return FrozenMapping(
        {
            name: DatasetTests.of(posterior, reference, threshold)
            for name, posterior, reference in zip(records, posteriors, references, strict=True)
        }
    )


def _scalar(value):
    """A numpy scalar as the Python number it holds; anything else as is."""
    return value.item() if isinstance(value, np.generic) else value


def _check_options(backend, options, automatic=False):
    unknown = sorted(
        set(options) - set(backend.options) - ({"keep_draws"} if backend.many else set())
    )
    if unknown:
        chosen = ""
        if automatic:  # say which test "auto" chose, and where the options belong
            takers = [n for n in backend_names() if set(unknown) <= set(get_backend(n).options)]
            chosen = (
                f" ({option('test', 'auto')} chose it for this table: "
                f"{_AUTO_REASONS[backend.name]}); "
                f"{', '.join(unknown)} {'is an option' if len(unknown) == 1 else 'are options'} "
                f"of test={' or '.join(map(repr, takers)) or 'no test'}"
            )
        raise TypeError(
            f"compare_models({option('test', backend.name)}) got unknown option(s) "
            f"{unknown}{chosen}; it accepts {sorted(backend.options) or 'none'}."
        )


#: Why ``test="auto"`` chose each of its tests, in words.
_AUTO_REASONS = {
    "bayesian_correlated_t": "one data set, the scores of its splits",
    "paired_t": "one data set of training seeds on one split",
    "poisson": "every data set has the scores of its splits and their sizes",
    "signed_rank": "one score per data set, or no split sizes",
}


def _check_scope(backend, table):
    """The table has as many data sets as the test reads."""
    if table.n_datasets == 1 and backend.scope != "dataset":
        raise ValueError(
            f"{option('test', backend.name)} compares models over several data sets; this table "
            f"has one ({table.datasets[0]!r}). Use a test of one data set, e.g. "
            f"{option('test', 'bayesian_correlated_t')} (or 'auto'): the Bayesian correlated "
            "t-test of every pair on its splits."
        )
    if table.n_datasets > 1 and backend.scope == "dataset":
        raise ValueError(
            f"{option('test', backend.name)} compares models on one data set; this table has "
            f"{table.n_datasets}. Use a test over data sets ('signed_rank', 'sign', "
            f"'poisson', 'hierarchical', 'wilcoxon'), or {option('select_datasets')}."
        )
    single = all(len(table.splits(d)["fold"]) == 1 for d in table.datasets)
    if single and table.n_datasets == 1 and not table.has_scores:
        raise ValueError(
            f"{option('test', backend.name)} compares models on the splits of one data set; this "
            f"table has one split of data set {table.datasets[0]!r}, and a test needs at least 2 "
            "(a variance). Use more cross-validation splits."
        )
    if single and table.n_datasets == 1:
        # One score per model: a table of means cut to one data set, or one split's.
        raise ValueError(
            f"this table holds one score per model, on one data set ({table.datasets[0]!r}): "
            "no test can tell two models apart from one score each. Compare over two or more "
            "data sets (a table of one score per data set; keep more of them with "
            f"{option('datasets')} if you chose this one), or on the scores of every split of this "
            "data set (cross-validation's, not their mean)."
        )
    means = [name for name in backend_names() if get_backend(name).scope == "means"]
    if backend.scope != "means" and single:
        raise ValueError(
            f"{option('test', backend.name)} reads the scores of every split; this table has one "
            f"score per data set and model (a table of means). Use a test of means: {means}."
        )
    _check_design(backend, table)
    if backend.uses_split_sizes and not table.has_split_sizes:
        raise ValueError(
            f"{option('test', backend.name)} (the {backend.title}) corrects for the overlap of the "
            "training sets with n_test / n_train of the splits, and this table does not "
            "hold its splits' sizes. Give them when reading the table: n_train and n_test "
            f"columns, or {option('test_train_ratio', written('1/9'))} for 10-fold "
            "cross-validation (1/4 for 5-fold). "
            f"Or use a test of the data sets' mean differences: {means}."
        )


#: Why a test that corrects for the overlap of the training sets does not read a design.
_DESIGN_REASONS = {
    "seeds": (
        "they vary only the training's randomness, on one test set, so there is no overlap "
        "of training sets to correct for, and the answer would be about this split, not "
        "about new data"
    ),
    "resamples": "its statistic is for the folds of cross-validation",
    "cross-validation": "its statistic is for other splits",
    "means": "a table of means has no splits",
}


def _check_design(backend, table):
    """The test reads the table's design (the correlated t-tests do not read training
    seeds on one split), or a refusal naming the design, its witness and the tests that
    read it."""
    if table.design in backend.designs:
        return
    witness = table.reading.witness("design")
    why = f" ({witness_words(witness)})" if witness is not None else ""
    takers = [
        name
        for name in backend_names()
        if table.design in get_backend(name).designs
        and (get_backend(name).scope == "dataset") == (table.n_datasets == 1)
    ]
    accepted = " or ".join(DESIGNS[design] for design in backend.designs)
    use = " or ".join(option("test", name) for name in takers) or "a table of another design"
    raise ValueError(
        f"{option('test', backend.name)} (the {backend.title}) reads {accepted}; this table holds "
        f"{DESIGNS[table.design]}{why}: {_DESIGN_REASONS[table.design]}. Use {use}, or give "
        f"the design when reading the table ({option('design')}) if it was read wrong."
    )


def _check_rope_scale(table, rope):
    """A rope that reaches a difference no two scores between -1 and 1 can make.

    Scores that are fractions (accuracy, AUC, a negated error rate) differ by
    less than 1: a rope's side at 1 or beyond leaves no difference outside it, and
    decides "equivalent" (or never that side's model better) whatever the scores.
    Such a rope was meant in percent (``rope=1`` for one point of accuracy).
    """
    low, high = rope
    if not table.has_scores or max(-low, high) < 1:
        return
    smallest, largest = np.inf, -np.inf
    for name in table.datasets:
        scores = table.scores(name)
        finite = scores[np.isfinite(scores)]
        if finite.size:
            smallest, largest = min(smallest, finite.min()), max(largest, finite.max())
    if not (-1 <= smallest and largest <= 1):
        return
    radius = max(-low, high)
    raise ValueError(
        f"rope=({low:g}, {high:g}) reaches {radius:g}, but every score lies between "
        f"{smallest:.4g} and {largest:.4g} (fractions, as accuracy is): no difference can "
        "leave the rope on that side, which would decide the pairs whatever the scores. A "
        f"rope is in the scores' units: one point of a fraction is 0.01 (rope={radius / 100:g} "
        f"for {radius:g} point{'s' if radius != 1 else ''})."
    )


def _check_units(backend, table, rope):
    """Over data sets, a test that pools the differences in the scores' units (or reads
    them against a rope) needs one unit on every data set. ``rope`` None: the default,
    which is never of zero width."""
    units = table.units
    needs = backend.needs_one_unit((-1.0, 1.0) if rope is None else rope)
    if units is None or table.n_datasets < 2 or not needs:
        return
    bounds = "" if rope is None else f" [{rope[0]:g}, {rope[1]:g}]"
    how = (
        "pools the differences of the data sets"
        if backend.pools_differences
        else f"reads every data set's difference against one rope{bounds}"
    )
    signs = (
        f"use a test of signs without a rope ({option('test', 'sign')} with {option('rope', 0)}"
        if backend.pools_differences
        else f"read signs only ({option('rope', 0)}"
    )
    # One metric at a time is advice only where a metric column names several.
    first = (
        f"Compare one metric at a time ({option('metric')}), " if units.kind == "metrics" else ""
    )
    signs = signs if first else signs[0].upper() + signs[1:]
    raise ValueError(
        f"{option('test', backend.name)} (the {backend.title}) {how} in the scores' units, but "
        f"{units_text(units)}: one difference means something else on each. {first}{signs}; "
        "the Friedman test and the ranking beside it read ranks only), or rescale every data "
        f"set ({option('normalized')})."
    )


def _shared_splits(table):
    """Splits of every data set that both models of each pair completed: (n_datasets, k, k)."""
    completed = [table.completed(name).astype(np.int64) for name in table.datasets]
    return np.stack([done @ done.T for done in completed])


def _lacking(table, shared, i, j, needed):
    """The data sets on which models ``i`` and ``j`` share fewer than ``needed`` splits."""
    counts = shared[:, i, j]
    return [name for name, count in zip(table.datasets, counts, strict=True) if count < needed]


def _incomplete_message(table, shared, i, j, dataset, needed):
    """Why a pair cannot be compared on a data set, naming the model that lacks scores."""
    d = table.datasets.index(dataset)
    models = table.models
    alone = [m for m in (i, j) if shared[d, m, m] < needed]
    if alone:
        reason = f"model {models[alone[0]]!r} has " + (
            "no score" if shared[d, alone[0], alone[0]] == 0 else f"fewer than {needed} scores"
        )
        reason += f" on data set {dataset!r} (every split failed or is missing)"
    else:
        reason = (
            f"models {models[i]!r} and {models[j]!r} share fewer than {needed} completed "
            f"splits on data set {dataset!r}"
        )
    return (
        f"{reason}, so the pair cannot be compared there. Leave the model or the data set out "
        f"({option('select_models')} or {option('select_datasets')}), or pass "
        f"{option('allow_incomplete', True)} to compare each pair on the data sets where both "
        "models have scores."
    )


def _complete_datasets(table):
    """The data sets with a split that every model completed (what the ranking needs)."""
    return [name for name in table.datasets if table.completed(name).all(axis=0).any()]


def _default_ranking(means, models, seed, *, stop):
    """:func:`~sklearn_bayescmp.stats.plackett_luce_ranking` at its defaults, without its
    warning (it runs in a thread, :func:`computed_beside`)."""
    return ranking_posterior(
        means,
        names=tuple(models),
        prior=1.0,
        n_chains=_RANKING_CHAINS,
        n_warmup=500,
        n_draws=2500,
        random_state=seed,
        stop=stop,
    )


def _batch_collections(table, batch, *, shared, needed, magnitudes, allow_incomplete, test):
    """What the back end compares for each pair of a batch, refusing a pair that lacks data.

    Parameters
    ----------
    batch : list of (int, int)
        The pairs, as indices into ``table.models``.
    shared : ndarray of shape (n_datasets, n_models, n_models)
        Each pair's shared splits on each data set (:func:`_shared_splits`).
    needed : int
        The shared splits a data set needs (1 for a mean, 2 for a variance too).
    magnitudes : ndarray of shape (n_datasets, n_models) or None
        Each model's score magnitude (:func:`_score_magnitudes`) when the back end reads
        the data sets' means from the table's scores; None to read each pair's records.

    Returns
    -------
    collections : list
        Each pair's :class:`DatasetMeans` or mapping of data set to record.
    raw_means : list of array-like
        Each pair's mean differences, before ties are merged.
    failed : list of int
        Each pair's failed splits.
    omitted : list of int
        Each pair's data sets left out (those it lacks, with ``allow_incomplete``).
    """
    models = table.models
    dataset_names = list(table.datasets)
    by_means = magnitudes is not None
    first, second = np.array(batch).T
    if by_means:
        pair_means, pair_failed = _pair_means(table, batch)
        # Each pair's ties merged on its rows (every data set; a pair lacking some
        # is merged again on those it has).
        scales = np.maximum(magnitudes[:, first], magnitudes[:, second]).max(axis=0)
        with np.errstate(invalid="ignore"):
            merged = merge_signed_ties(pair_means.T, scales)
    collections, raw_means, failed, omitted = [], [], [], []
    # The data sets each pair lacks, named only for the pairs that lack some.
    lacks = shared[:, first, second] < needed
    lacking_any = lacks.any(axis=0)
    for p, (i, j) in enumerate(batch):
        lacking = _lacking(table, shared, i, j, needed) if lacking_any[p] else []
        if lacking and not allow_incomplete:
            raise ValueError(_incomplete_message(table, shared, i, j, lacking[0], needed))
        n_common = table.n_datasets - len(lacking)
        if n_common < min(2, table.n_datasets):
            raise ValueError(
                f"Models {models[i]!r} and {models[j]!r} have scores on {n_common} data "
                f"set(s) in common; {option('test', test)} needs {min(2, table.n_datasets)}."
            )
        omitted.append(len(lacking))
        if by_means and not lacking:
            means = pair_means[:, p]
            pair = (models[i], models[j])
            collections.append(DatasetMeans(dataset_names, merged[p], pair, float(scales[p])))
            raw_means.append(means)
            failed.append(int(pair_failed[:, p].sum()))
        elif by_means:
            kept = np.array([name not in lacking for name in table.datasets])
            means = pair_means[kept, p]
            scale = float(np.maximum(magnitudes[kept, i], magnitudes[kept, j]).max())
            names = [name for name, keep in zip(table.datasets, kept, strict=True) if keep]
            pair = (models[i], models[j])
            collections.append(DatasetMeans(names, merge_signed_ties(means, scale), pair, scale))
            raw_means.append(means)
            failed.append(int(pair_failed[kept, p].sum()))
        else:
            records = table.differences(models[i], models[j])
            collection = {name: r for name, r in records.items() if name not in lacking}
            collections.append(collection)
            raw_means.append([record.mean for record in collection.values()])
            failed.append(sum(r.n_failed for r in collection.values()))
    return collections, raw_means, failed, omitted


def _check_complete(table, complete, allow_incomplete):
    """Refuse a ranking on fewer data sets than the table's unless asked for."""
    if len(complete) < table.n_datasets and not allow_incomplete:
        missing = next(name for name in table.datasets if name not in complete)
        raise ValueError(
            f"No split of data set {missing!r} has a score for every model; the ranking needs "
            f"splits that all models completed. Pass {option('allow_incomplete', True)} to rank "
            "on the data sets that have one, or ranking=False."
        )
    return complete


def split_reference(table):
    """The frequentist test of one data set's splits: the corrected resampled t-test for
    random train/test resamples, the corrected repeated-CV t-test for cross-validation
    (the same statistic, Nadeau & Bengio's, named for the splits it corrects)."""
    return "corrected_resampled_t" if table.design == "resamples" else "corrected_t"


def _reference_test(backend, table):
    """The pairwise frequentist reference: the comparison's own test when it is
    frequentist, else the corrected t-test on one data set and Wilcoxon's over many."""
    if backend.kind == "frequentist":
        return backend.name
    return split_reference(table) if table.n_datasets == 1 else "wilcoxon"


def _reference_results(backend, table, collections):
    """The results of the pairwise frequentist reference, one per collection (None for
    each where it would pool differences that do not share a unit)."""
    if backend.kind == "frequentist":
        return None  # the comparison's own results are the reference
    reference = get_backend(_reference_test(backend, table))
    if reference.pools_differences and table.n_datasets > 1 and table.units is not None:
        return [None] * len(collections)
    return _run(reference, collections)


def _run(backend, collections, **arguments):
    """The back end on every collection (a record for a test of one data set)."""
    if backend.scope == "dataset":
        inputs = [next(iter(collection.values())) for collection in collections]
        arguments["nan_policy"] = "omit"
    else:
        inputs = collections
    return backend.run(inputs, **arguments)


def _reference(table, pairs, results, test, alpha, complete):
    """Pairwise p-values with Holm's correction, and the Friedman test (on ``complete``)."""
    k = table.n_models
    values = [np.nan if result is None else result.pvalue for result in results]
    pvalues = np.ones((k, k))
    adjusted = np.ones((k, k))
    corrected = values if np.isnan(values).any() else holm_adjusted(values)
    for (i, j), p, p_holm in zip(pairs, values, corrected, strict=True):
        pvalues[i, j] = pvalues[j, i] = p
        adjusted[i, j] = adjusted[j, i] = p_holm
    friedman = None
    if table.n_datasets >= 2 and len(complete) >= 2 and k >= 3:
        means = table.select(datasets=complete).mean_scores()
        friedman = friedman_test(means, names=table.models, alpha=alpha)
    return FrequentistReference(test, pvalues, adjusted, friedman, float(alpha))


def _centres(raw_means, pooled):
    """Each pair's mean and median of its data sets' mean differences (NaN unpooled).

    Pairs with as many data sets are stacked into rows: ``mean`` and ``median`` along
    a row give what they give one pair's vector (the same pairwise sum, the same
    middle values), in one call for all of them.
    """
    if not pooled:
        return [(np.nan, np.nan)] * len(raw_means)
    centres = [None] * len(raw_means)
    by_length = {}
    for p, means in enumerate(raw_means):
        by_length.setdefault(len(means), []).append(p)
    for indices in by_length.values():
        rows = np.array([raw_means[p] for p in indices], dtype=float)
        for p, mean, median in zip(
            indices, np.mean(rows, axis=1), np.median(rows, axis=1), strict=True
        ):
            centres[p] = (float(mean), float(median))
    return centres


def _score_magnitudes(table):
    """``magnitudes[d, k]``: the largest finite magnitude of model ``k``'s scores on data
    set ``d`` (0 without one), the scale of ties that a pair's record would take
    (:func:`~sklearn_bayescmp.stats._core.record_scale`)."""
    magnitudes = []
    for name in table.datasets:
        scores = np.abs(table.scores(name))
        magnitudes.append(np.where(np.isfinite(scores), scores, 0.0).max(axis=1))
    return np.stack(magnitudes)


def _pair_means(table, batch):
    """Each pair's mean difference on each data set, over the splits both models
    completed, and its failed splits: as the pair's records compute them (the same
    subtraction and ``nanmean``, row by row), for a batch of pairs at once.

    Returns
    -------
    means : ndarray of shape (n_datasets, n_pairs)
        NaN where the two share no split.
    failed : ndarray of shape (n_datasets, n_pairs)
    """
    first = np.array([i for i, _ in batch])
    second = np.array([j for _, j in batch])
    means = np.empty((table.n_datasets, len(batch)))
    failed = np.empty((table.n_datasets, len(batch)), dtype=np.int64)
    for d, name in enumerate(table.datasets):
        scores = table.scores(name)
        differences = scores[first] - scores[second]
        missing = np.isnan(differences)
        failed[d] = missing.sum(axis=1)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)  # a pair without a split: NaN
            means[d] = np.nanmean(differences, axis=1)
    return means, failed


def _shared_split_means(table):
    """``means[d, i, j]``: model ``i``'s mean score on data set ``d`` over the splits that
    ``i`` and ``j`` both completed (NaN when they share none)."""
    means = []
    for name in table.datasets:
        done = table.completed(name).astype(float)
        scores = np.where(done > 0, table.scores(name), 0.0)
        with np.errstate(invalid="ignore", divide="ignore"):
            means.append((scores @ done.T) / (done @ done.T))
    return np.stack(means)


def automatic_test(table):
    """The test ``test="auto"`` runs on ``table``.

    On one data set, the Bayesian correlated t-test ("paired_t" for training
    seeds on one split, which have no overlap of training sets to correct for:
    its answer is about that split). Over data sets, the Poisson-binomial test
    where every data set has the scores of its splits and their sizes: each
    data set's uncertainty is then known, and the test keeps it (Corani &
    Benavoli's method, built on each data set's correlated t-test); the
    Bayesian signed-rank test on a table of one score per data set (or without
    the splits' sizes), which reads each data set's mean difference only.
    """
    if table.n_datasets == 1:
        if table.design in get_backend("bayesian_correlated_t").designs:
            return "bayesian_correlated_t"
        return "paired_t"
    every_split = all(len(table.splits(name)["fold"]) > 1 for name in table.datasets)
    if every_split and table.has_split_sizes and table.design in get_backend("poisson").designs:
        return "poisson"
    return "signed_rank"


@validate_params(
    {
        "table": [ScoreTable],
        "test": [StrOptions(LiveOptions(lambda: ["auto", *backend_names()]))],
        "rope": [*ROPE_CONSTRAINT, StrOptions({AUTO})],
        "threshold": [Interval(Real, 0, 1, closed="neither")],
        "prior": [NormalGammaPrior, None],
        "ranking": ["boolean"],
        "alpha": [Interval(Real, 0, 1, closed="neither")],
        "random_state": ["random_state", np.random.Generator],
        "n_jobs": [Integral, None],
        "allow_incomplete": ["boolean"],
    },
    prefer_skip_nested_validation=True,
)
def compare_models(
    table,
    *,
    test="auto",
    rope=AUTO,
    threshold=0.95,
    prior=None,
    ranking=True,
    alpha=0.05,
    random_state=None,
    n_jobs=None,
    allow_incomplete=False,
    **options,
):
    """Compare every pair of models of a score table, rank them, and show the reference.

    Parameters
    ----------
    table : ScoreTable
        Scores of two or more models on one or more data sets.
    test : str, default="auto"
        The back end of every pair: one of
        :func:`~sklearn_bayescmp.stats.backend_names`. "auto" is the
        Bayesian correlated t-test ("bayesian_correlated_t") on one data set (the
        plain paired t-test, "paired_t", for training seeds on one split: its
        answer is about that split); over several, the Poisson-binomial test
        ("poisson") where every data set has its splits' scores and sizes (it
        keeps each data set's uncertainty), and the Bayesian signed-rank test
        ("signed_rank") on a table of one score per data set or without sizes
        (it reads each data set's mean). Each test reads the designs its record
        names (``get_backend(test).designs``); a table of another design, or
        whose data sets' scores are not in one unit for a test that pools
        them (``table.units``), is refused with the tests that read it. Over data sets,
        "signed_rank" and "sign" use each data set's mean difference and
        predict a new data set; "poisson" counts on how many of *these* data
        sets a model wins, keeping each data set's uncertainty;
        "hierarchical" models every split of every data set (the most
        informative, and the slowest: seconds per pair, all pairs sampled
        together). The frequentist tests ("corrected_t", "wilcoxon"...) give
        Holm-adjusted p-values instead of probabilities.
    rope : float, tuple of (float, float) or "auto", default="auto"
        Region of practical equivalence in the scores' units. "auto" is one
        point where the scores are shares or percentages: 0.01 on scores
        within [-1, 1] (shares, and losses and negated errors between 0 and
        1), 1 on scores in percent (0 to 100, said so by a name or % signs);
        on any other scale a rope must be given, and its absence is refused
        naming the scores' range. ``rope_default`` says which applied.
    threshold : float, default=0.95
        Probability an outcome must exceed for the Bayesian decisions.
    prior : NormalGammaPrior, default=None
        Prior of the correlated t-tests ("bayesian_correlated_t" and "poisson").
    ranking : bool, default=True
        Also rank all models with the Plackett-Luce model (two or more data
        sets).
    alpha : float, default=0.05
        Level of the frequentist tests and reference.
    random_state : int, numpy.random.Generator, numpy.random.RandomState or None, default=None
        Seed of the sampled tests and the ranking. One seed is drawn from it
        for every pair (common random numbers), so an int makes
        ``result(a, b)`` equal the back end called on that pair with
        ``random_state=random_state``. Results depend only on it.
    n_jobs : int, default=None
        Parallel jobs: threads drawing the sign and signed-rank tests' Monte
        Carlo samples, processes sampling the hierarchical test's pairs (in
        batches). Results do not depend on it.
    allow_incomplete : bool, default=False
        When a model has no score on a data set (every split failed or is
        missing), False refuses the table, naming the model and the data
        set; True compares each pair on the data sets where both models
        have scores (``n_datasets_omitted`` counts the others), and ranks the
        models and runs the Friedman test on the data sets where all have.
    **options : dict
        Options of the back end (:func:`~sklearn_bayescmp.stats.get_backend`
        lists them with their defaults): ``prior_strength``, ``prior_place``
        and ``n_draws`` (sign and signed-rank, which also take
        ``keep_draws``: how many posterior draws each pair's result keeps,
        for the simplex plot; 0 by default, so that memory does not grow with
        the number of pairs); ``n_chains``, ``n_warmup``, ``n_draws``,
        ``nu_prior``, ``alpha_bounds``, ``beta_bounds``, ``delta0_bound`` and
        ``zero_variance`` (hierarchical); ``alternative`` (frequentist tests).

    Returns
    -------
    ModelComparison
        The labelled matrices of ``prob_a_better``, ``prob_equivalent``,
        ``prob_b_better`` and the decisions, every pair's result, the
        ``ranking`` and the frequentist ``reference``; ``to_frame()``,
        ``matrix_frame()`` and ``summary()``.

    See Also
    --------
    ScoreTable : Build the table from a dataframe, a dict or a CSV file.

    Examples
    --------
    >>> import numpy as np
    >>> from sklearn_bayescmp import ScoreTable, compare_models
    >>> rng = np.random.default_rng(0)
    >>> scores = {
    ...     f"d{i}": rng.normal([[0.80], [0.82], [0.86]], 0.02, size=(3, 20)) for i in range(8)
    ... }
    >>> table = ScoreTable(scores, models=["knn", "tree", "forest"], test_train_ratio=1 / 9)
    >>> comparison = compare_models(table, rope=0.01, random_state=0)
    >>> comparison.decisions[2, 0], comparison.decisions[0, 2]
    ('a', 'b')
    >>> comparison.ranking.order
    ('forest', 'tree', 'knn')
    """
    automatic = test == "auto"
    if automatic:
        test = automatic_test(table)
    backend = get_backend(test)
    _check_scope(backend, table)
    _check_options(backend, options, automatic)
    scale = table_scale(table) if isinstance(rope, str) else None
    rope_default = None if scale is None else scale.kind
    # Data sets in other units refuse the pooling tests whatever the rope: said first
    # (the default rope is never of zero width).
    _check_units(backend, table, None if scale is not None else check_rope(rope))
    rope = resolve_rope(rope, scale)
    _check_rope_scale(table, rope)
    seed = random_seed(random_state) if backend.sampled or ranking else None
    arguments = {
        "rope": rope,
        "threshold": threshold,  # the sampled tests draw until the decision is settled
        "random_state": seed,
        "n_jobs": n_jobs,
        **options,
    }
    if backend.accepts("prior"):
        arguments["prior"] = prior
    if backend.many is not None and "keep_draws" not in options:
        # Each pair keeps its probabilities and posterior means, and only the
        # draws asked for: memory must not grow with the number of pairs.
        arguments["keep_draws"] = 0
    models = table.models
    pairs = list(combinations(range(len(models)), 2))
    k = len(models)
    bayesian = backend.kind == "bayesian"
    matrices = {
        "prob_a_better": np.zeros((k, k)),
        "prob_equivalent": np.eye(k),  # a model against itself is practically equivalent
        "prob_b_better": np.zeros((k, k)),
    }
    mean_difference = np.zeros((k, k))
    median_difference = np.zeros((k, k))
    n_omitted = np.zeros((k, k), dtype=np.int64)
    n_datasets_omitted = np.zeros((k, k), dtype=np.int64)
    shared = _shared_splits(table)
    needed = 1 if backend.scope == "means" else 2  # a mean, or also a variance
    pooled = table.n_datasets == 1 or table.units is None  # differences in one unit
    results, references = [], []
    # The pairs' records are built a batch at a time and dropped once compared:
    # memory is bounded by one batch, not by the number of pairs.
    # Tests of the data sets' means read each pair's means, computed for a batch of pairs
    # at once from the table (not from a record per pair and data set, whose cost would
    # exceed the tests').
    by_means = backend.scope == "means" and table.has_scores
    magnitudes = _score_magnitudes(table) if by_means else None
    batch_size = _MEAN_PAIRS_PER_BATCH if by_means else _PAIRS_PER_BATCH
    # The ranking depends on the means alone and draws from its own seed: a large one
    # runs in a thread beside the pairs' tests (their serial parts leave a core idle).
    complete = _complete_datasets(table)
    to_rank = (
        ranking
        and table.has_scores
        and len(complete) >= 2
        and (allow_incomplete or len(complete) == table.n_datasets)
    )
    ranked_means = table.select(datasets=complete).mean_scores() if to_rank else None
    sweep = _RANKING_CHAINS * len(complete) * k  # the ranking's floats a Gibbs sweep
    threads = engine_threads(n_jobs) if to_rank and sweep >= _RANKING_BESIDE_FROM else 1
    with computed_beside(_default_ranking, ranked_means, models, seed, threads=threads) as ranked:
        for start in range(0, len(pairs), batch_size):
            batch = pairs[start : start + batch_size]
            collections, raw_means, failed, omitted = _batch_collections(
                table,
                batch,
                shared=shared,
                needed=needed,
                magnitudes=magnitudes,
                allow_incomplete=allow_incomplete,
                test=test,
            )
            first, second = np.array(batch).T
            n_datasets_omitted[first, second] = n_datasets_omitted[second, first] = omitted
            batch_results = _run(backend, collections, **arguments)
            references += _reference_results(backend, table, collections) or batch_results
            centres = _centres(raw_means, pooled)
            for (i, j), result, (mean, median), n_failed in zip(
                batch, batch_results, centres, failed, strict=True
            ):
                if bayesian:
                    for name, values in matrices.items():
                        values[i, j] = getattr(result, name)
                        values[j, i] = getattr(result, _MIRRORED.get(name, name))
                mean_difference[i, j], mean_difference[j, i] = mean, -mean
                median_difference[i, j], median_difference[j, i] = median, -median
                n_omitted[i, j] = n_omitted[j, i] = n_failed
            results += batch_results
    _check_complete(table, complete, allow_incomplete)
    reference_test = _reference_test(backend, table)
    reference = _reference(table, pairs, references, reference_test, alpha, complete)
    decisions = np.full((k, k), "equivalent" if bayesian else "no difference", dtype=object)
    if bayesian and pairs:  # the threshold rule of every pair at once (result.decision)
        rows, columns = np.array(pairs).T
        probabilities = np.stack([matrices[name][rows, columns] for name in _PROBABILITIES], 1)
        best = probabilities.argmax(axis=1)
        decided = probabilities[np.arange(len(pairs)), best] > threshold
        outcomes = np.array(OUTCOMES, dtype=object)
        decisions[rows, columns] = np.where(decided, outcomes[best], "undecided")
    elif pairs:  # significant after Holm's correction over all pairs, on the estimate's side
        for (i, j), result in zip(pairs, results, strict=True):
            decisions[i, j] = _holm_decision(result, reference.pvalues_holm[i, j], alpha)
    for i, j in pairs:
        decisions[j, i] = _MIRROR.get(decisions[i, j], decisions[i, j])
    plackett_luce = ranked() if to_rank else None
    if plackett_luce is not None:
        warn_unconverged_ranking(plackett_luce)
    results_by_pair = FrozenMapping(
        {(models[i], models[j]): r for (i, j), r in zip(pairs, results, strict=True)}
    )
    return ModelComparison(
        models=models,
        datasets=table.datasets,
        test=test,
        results=results_by_pair,
        **(matrices if bayesian else dict.fromkeys(matrices)),
        decisions=decisions,
        mean_difference=mean_difference,
        median_difference=median_difference,
        n_omitted=n_omitted,
        n_datasets_omitted=n_datasets_omitted,
        ranking=plackett_luce,
        reference=reference,
        rope=rope,
        threshold=float(threshold),
        random_state=seed,
        table=table,
        rope_default=rope_default,
        effects=_effects(table, models, results_by_pair, pooled),
        pair_numbers=_pair_numbers(results),
        # What each data set says, for two models: the command's table of data sets,
        # the forest plot and the record read it.
        per_dataset=_dataset_tests(table, rope, threshold, prior),
    )


def _holm_decision(result, pvalue_holm, alpha):
    """A frequentist result's decision with its p-value replaced by the Holm-adjusted one."""
    return replace(result, pvalue=pvalue_holm).decision(alpha)
