"""The report of a :class:`~sklearn_bayescmp.ModelComparison`, ready to publish.

:func:`report_blocks` writes the content once: a methods paragraph (test,
rope, prior, decision rule, numbers of models, data sets and splits, what to
cite), the pairwise table with effect sizes, the ranking, the frequentist
reference and the references. :mod:`~sklearn_bayescmp.utils._report` renders
it as text, Markdown, LaTeX or HTML.
"""

import os
from importlib.metadata import PackageNotFoundError, version

import numpy as np

from .stats import _core, _effect_size, _friedman, _ranking
from .stats._bibliography import cited
from .stats._registry import get_backend
from .tables._spec import DESIGNS
from .tables._words import NORMALIZATION_WORDS, reading_text
from .utils._display import (
    PROBABILITY_COLUMNS,
    TABLE_DIGITS,
    probability_cells,
    probability_digits,
    table_digits,
)

_EFFECT_DIGITS = {
    **TABLE_DIGITS,
    "CI low": ".4f",
    "CI high": ".4f",
    "Cohen's d_z": ".2f",
    "Cliff's delta": ".2f",
}


def direction_note(comparison):
    """What "mean A-B" is when the scores were a loss (lower is better), for every text,
    report and figure to say; None for scores.

    Parameters
    ----------
    comparison : ModelComparison

    Returns
    -------
    str or None
    """
    lower = comparison.table.lower_is_better
    if not lower:
        return None
    n_datasets = len(comparison.datasets)
    where = "" if len(lower) == n_datasets else f" on {len(lower)} of {n_datasets} data sets"
    return (
        f"lower is better{where}: the losses were negated, so a positive mean A-B means "
        "A's loss is lower"
    )


def reading_note(comparison):
    """What a figure of the comparison says under it of how the table was read: which
    way is better, how the scores were rescaled, and the splits' design when they are
    not cross-validation; None when there is nothing to say.

    Parameters
    ----------
    comparison : ModelComparison

    Returns
    -------
    str or None
    """
    spec = comparison.table.spec
    direction = direction_note(comparison)
    notes = [direction] if direction else []
    if spec.normalize is not None:
        notes.append(NORMALIZATION_WORDS[spec.normalize])
    if spec.design in ("resamples", "seeds"):
        notes.append(f"the splits are {DESIGNS[spec.design]}")
    return "; ".join(notes) or None


def probability_scope(test):
    """What the probabilities of ``test``'s results are of, in a few words for a label
    ("" when plainly those of the outcome)."""
    return get_backend(test).result_type._probability_scope


def _package_version():
    try:
        return version("sklearn-bayescmp")
    except PackageNotFoundError:  # pragma: no cover - run from a source tree
        return "unknown version"


def _splits(comparison):
    counts = sorted({len(comparison.table.splits(d)["fold"]) for d in comparison.datasets})
    return str(counts[0]) if len(counts) == 1 else f"{counts[0]} to {counts[-1]}"


#: What each split's score is, by the table's design.
_SCORE_WORDS = {
    "cross-validation": "cross-validation scores",
    "resamples": "train/test resample scores (random splits, not cross-validation)",
    "seeds": "scores of training seeds on one train/test split",
}


def _score_words(table):
    """What each split's score is."""
    return _SCORE_WORDS[table.design]


def _rope_units(comparison):
    """The units of the rope: the scores', or the share of a best-worst gap; and where it
    was the default, what it is one point of."""
    if comparison.table.spec.normalize is not None:
        units = "units of each data set's gap between its worst and best model (0 to 1)"
    else:
        units = "the scores' units"
    point = {
        "shares": " (the default: one point of scores that are shares)",
        "percent": " (the default: one point of scores in percent)",
    }
    return units + point.get(comparison.rope_default, "")


def _fewer_datasets(comparison):
    """The pairs compared on fewer data sets than the table holds (a model without scores
    on some), with how many each used."""
    omitted = comparison.n_datasets_omitted
    n = len(comparison.datasets)
    models = comparison.models
    fewer = [
        f"{models[i]} vs {models[j]} on {n - omitted[i, j]}"
        for i in range(len(models))
        for j in range(i + 1, len(models))
        if omitted[i, j]
    ]
    if not fewer:
        return ""
    shown = "; ".join(fewer[:10]) + ("; ..." if len(fewer) > 10 else "")
    return (
        f"Pairs with a model that has no score on some data sets were compared on the "
        f"others: {shown} of the {n} data sets. "
    )


#: Past this many models, the methods paragraph leaves their names to the tables.
_MOST_MODELS_NAMED = 12


def _listed(models):
    """The models' names in parentheses, when few enough to read in a sentence."""
    return f" ({', '.join(models)})" if len(models) <= _MOST_MODELS_NAMED else ""


def _draws_words(results):
    """How many draws the pairs took, when a rule chose them (``n_draws=None``)."""
    results = [r for r in results if getattr(r, "target_mcse", None) is not None]
    if not results:
        return ""
    low, high = min(r.n_draws for r in results), max(r.n_draws for r in results)
    taken = f"{low:,}" if low == high else f"{low:,} to {high:,}"
    return f" ({taken} draws {'a pair' if len(results) > 1 else ''})".replace(" )", ")")


def methods_paragraph(comparison):
    """What was done, in the words of a paper's methods section, with what to cite."""
    backend = get_backend(comparison.test)
    n_models, n_datasets = len(comparison.models), len(comparison.datasets)
    splits = _splits(comparison)
    reading = reading_text(comparison.table.reading)
    text = (
        f"We compared {n_models} models{_listed(comparison.models)} on {n_datasets} "
        f"data set{'s' if n_datasets > 1 else ''}, "
        + (
            "from one score per model and data set. "
            if splits == "1"
            else f"each contributing {splits} {_score_words(comparison.table)} per model. "
        )
        + _fewer_datasets(comparison)
        + (f"The table of scores was read as: {reading}. " if reading else "")
        + f"Every pair was compared with the {backend.title} ({backend.cite})"
    )
    if comparison.bayesian:
        low, high = comparison.rope
        first = next(iter(comparison.results.values()))
        prior = first._prior_description() + _draws_words(comparison.results.values())
        text += (
            f", with a region of practical equivalence (rope) of [{low:g}, {high:g}] in "
            f"{_rope_units(comparison)}{', ' + prior if prior else ''}. A pair is decided when "
            "the posterior probability of one outcome (A better, equivalent, B better) exceeds "
            f"{comparison.threshold:g}."
        )
    else:
        text += (
            f", with Holm's correction over the {n_models * (n_models - 1) // 2} pairs (Holm "
            f"1979) at alpha = {comparison.reference.alpha:g}."
        )
    if comparison.ranking is not None:
        used = comparison.ranking.n_datasets
        on = f" on the {used} data sets where every model has scores" if used < n_datasets else ""
        text += (
            " The models were ranked with the Bayesian Plackett-Luce model (Calvo et al. "
            f"2018){on}."
        )
    text += (
        " Differences are A - B: positive values favour A. Computed with sklearn-bayescmp "
        f"{_package_version()}, random_state={comparison.random_state}."
    )
    return text


def _pairs(comparison, columns):
    effects = comparison.effect_sizes()
    shown = {"A": columns["model_a"], "B": columns["model_b"]}
    shown["mean A-B"] = effects["mean_difference"]
    if get_backend(comparison.test).result_type._sign_based:
        shown["median A-B"] = columns["median_difference"]
    if np.isfinite(effects["ci_low"]).any():
        shown["CI low"], shown["CI high"] = effects["ci_low"], effects["ci_high"]
    if comparison.bayesian:
        shown |= probability_cells(
            {header: columns[name] for header, name in PROBABILITY_COLUMNS.items()},
            comparison.threshold,
            probability_digits(get_backend(comparison.test).result_type),
        )
    else:
        shown["p"], shown["p (Holm)"] = columns["pvalue"], columns["pvalue_holm"]
    # The winner by name: "b" is a code, "C4.5+m better" a sentence.
    shown["decision"] = [
        {"a": f"{a} better", "b": f"{b} better"}.get(decision, decision)
        for a, b, decision in zip(shown["A"], shown["B"], columns["decision"], strict=True)
    ]
    shown["Cohen's d_z"] = effects["cohens_dz"]
    if not np.isnan(effects["cliffs_delta"]).all():  # a table of differences has no scores
        shown["Cliff's delta"] = effects["cliffs_delta"]
    return shown


def _pairs_note(comparison, shown):
    notes = []
    direction = direction_note(comparison)
    if direction:
        notes.append(direction[0].upper() + direction[1:] + ".")
    result_type = get_backend(comparison.test).result_type
    if "CI low" in shown:
        notes.append(
            f"CI: the 95% highest-density credible interval of {result_type._mean_parameter_words}."
        )
    if result_type.predictive:
        notes.append(
            "P: the posterior probability that the outcome is the most probable one on a new data "
            "set."
        )
    if result_type._probabilities_note:
        notes.append(result_type._probabilities_note)
    cliff = "Cliff's delta" in shown
    notes.append(
        f"Effect sizes (classic, descriptive; Cohen 1988{', Cliff 1993' if cliff else ''}): "
        "Cohen's d_z of the paired "
        f"{'per-data-set mean' if len(comparison.datasets) > 1 else 'per-split'} differences"
        + (
            "; Cliff's delta between the two models' scores, unpaired as autorank reports it."
            if cliff
            else "."
        )
    )
    omitted = int(np.triu(comparison.n_omitted, 1).sum())
    if omitted:
        notes.append(f"{omitted} split(s) were left out of pairs: failed or missing scores.")
    return " ".join(notes)


#: Past this many pairs (10 models), a report with a file of every pair beside it shows
#: the models' summary and the equivalent pairs instead of every pair.
MOST_PAIRS_LISTED = 45
#: The most pairs decided practically equivalent that such a report lists.
_MOST_EQUIVALENT_LISTED = 100


def report_blocks(comparison, figures=(), pairs_file=None):
    """The blocks of ``comparison``'s report (see :mod:`sklearn_bayescmp.utils._report`).

    Parameters
    ----------
    comparison : ModelComparison
    figures : sequence of (str, str)
        ``(path, caption)`` of figures to include after the tables.
    pairs_file : str or path-like, default=None
        The file holding every pair (:meth:`ModelComparison.to_csv`), named in the
        report. With it, and more than :data:`MOST_PAIRS_LISTED` pairs, the report
        shows each model's decisions and the pairs decided practically equivalent
        instead of every pair.
    """
    figures = _check_figures(figures)
    n_models, n_datasets = len(comparison.models), len(comparison.datasets)
    plural = "s" if n_datasets != 1 else ""
    columns = comparison.to_columns()
    shown = _pairs(comparison, columns)
    result_type = get_backend(comparison.test).result_type
    digits = {**_EFFECT_DIGITS, **table_digits(result_type), "p": ".4g", "p (Holm)": ".4g"}
    compact = pairs_file is not None and len(columns["model_a"]) > MOST_PAIRS_LISTED
    blocks = [
        ("title", f"Comparison of {n_models} models on {n_datasets} data set{plural}"),
        ("section", "Methods"),
        ("paragraph", methods_paragraph(comparison)),
    ]
    if compact:
        blocks += _model_blocks(comparison, columns, os.fspath(pairs_file))
        blocks.append(("paragraph", _pairs_note(comparison, shown)))
    else:
        blocks += [
            ("section", "Pairs"),
            ("table", shown, digits),
            ("paragraph", _pairs_note(comparison, shown)),
        ]
        if pairs_file is not None:
            blocks.append(("paragraph", f"Every pair is also in the file {_named(pairs_file)}."))
    cited = [get_backend(comparison.test).cite, "Cohen 1988"]
    if "Cliff's delta" in shown:
        cited.append("Cliff 1993")
    if not comparison.bayesian:
        cited.append("Holm 1979")
    ranking = comparison.ranking
    if compact:
        if ranking is not None:
            cited.append("Calvo et al. 2018")
            if ranking._fit_notes():
                blocks.append(("paragraph", " ".join(ranking._fit_notes())))
    elif ranking is not None:
        order = np.argsort(ranking.expected_rank, kind="stable")
        blocks += [
            ("section", "Ranking (Plackett-Luce)"),
            (
                "table",
                {
                    "model": [ranking.names[k] for k in order],
                    "expected rank": [float(ranking.expected_rank[k]) for k in order],
                    "P(first)": [float(ranking.prob_best[k]) for k in order],
                },
                {"expected rank": ".2f", "P(first)": ".3f"},
            ),
        ]
        cited.append("Calvo et al. 2018")
        if ranking._fit_notes():
            blocks.append(("paragraph", " ".join(ranking._fit_notes())))
    blocks += _reference_blocks(comparison, columns, cited, pairs_file if compact else None)
    blocks += [("figure", path, caption) for path, caption in figures]
    blocks += [
        ("section", "Reading of the table"),
        (
            "paragraph",
            "The table of scores was read by this spec (sklearn-bayescmp's TableSpec, as "
            "JSON): every decision of the reading with its witness. Read by it, the same "
            "file gives the same table.",
        ),
        ("code", comparison.table.spec.to_json().rstrip()),
    ]
    bibliography = report_references(comparison)
    references = sorted({c.strip() for entry in cited for c in entry.split(";")})
    blocks += [("section", "References")]
    blocks += [("paragraph", bibliography[key]) for key in references]
    return blocks


def report_references(comparison):
    """The full references of every work a report of ``comparison`` may cite, by key.

    The back ends' from their records (the comparison's test and its reference
    test), the others' from the modules that compute what cites them.
    """
    return {
        **get_backend(comparison.test).references,
        **get_backend(comparison.reference.test).references,
        **cited([*_effect_size.CITED, *_core.CITED, *_friedman.CITED, *_ranking.CITED]),
    }


def _check_figures(figures):
    """``figures`` as ``(path, caption)`` pairs: a path alone has an empty caption."""
    if isinstance(figures, (str, os.PathLike)):
        figures = [figures]
    checked = []
    for figure in figures:
        if isinstance(figure, (str, os.PathLike)):
            figure = (figure, "")
        if (
            not isinstance(figure, (tuple, list))
            or len(figure) != 2
            or not isinstance(figure[0], (str, os.PathLike))
            or not isinstance(figure[1], str)
        ):
            raise ValueError(
                "`figures` must be a sequence of (path, caption) pairs (or of paths); got "
                f"{figure!r}."
            )
        checked.append((os.fspath(figure[0]), figure[1]))
    return checked


def _named(path):
    """A file as a report names it: its name, quoted (the report lies beside it)."""
    return f"'{os.path.basename(os.fspath(path))}'"


def _model_blocks(comparison, columns, pairs_file):
    """The pairs of many models in few pages: how many pairs each decision took, each
    model's decisions (in the ranking's order), and the pairs decided practically
    equivalent; every pair is in ``pairs_file``."""
    models, decisions = comparison.models, columns["decision"]
    result_type = get_backend(comparison.test).result_type
    digits = probability_digits(result_type)
    k, n_pairs = len(models), len(decisions)
    better = "practically better" if comparison.bayesian else "significantly better"
    counts = {
        word: {model: 0 for model in models}
        for word in ("better than", "worse than", "equivalent to", "undecided with")
    }
    for a, b, decision in zip(columns["model_a"], columns["model_b"], decisions, strict=True):
        if decision in ("a", "b"):
            winner, loser = (a, b) if decision == "a" else (b, a)
            counts["better than"][winner] += 1
            counts["worse than"][loser] += 1
        else:
            word = "equivalent to" if decision == "equivalent" else "undecided with"
            counts[word][a] += 1
            counts[word][b] += 1
    n_decided = sum(counts["better than"].values())
    n_equivalent = sum(counts["equivalent to"].values()) // 2
    undecided = "undecided" if comparison.bayesian else "not significantly different"
    summary = (
        f"The {k} models make {n_pairs} pairs: {n_decided} were decided with one model {better}"
        + (f", {n_equivalent} practically equivalent" if comparison.bayesian else "")
        + f", and {n_pairs - n_decided - n_equivalent} {undecided}. Every pair, with its "
        "mean difference, "
        + ("credible interval, probabilities, " if comparison.bayesian else "")
        + "decision, p-values and effect sizes, is in the file "
        f"{_named(pairs_file)} beside this report (one row per pair); this report shows "
        "each model's decisions"
        + (" and the pairs decided practically equivalent." if comparison.bayesian else ".")
    )
    ranking = comparison.ranking
    if ranking is not None:
        order = [models.index(name) for name in np.asarray(ranking.names)]
        order = [order[i] for i in np.argsort(ranking.expected_rank, kind="stable")]
    else:
        wins = np.array([counts["better than"][m] - counts["worse than"][m] for m in models])
        order = list(np.argsort(-wins, kind="stable"))
    table = {"model": [models[i] for i in order]}
    if ranking is not None:
        position = {name: i for i, name in enumerate(ranking.names)}
        table["expected rank"] = [float(ranking.expected_rank[position[models[i]]]) for i in order]
        table["P(first)"] = [float(ranking.prob_best[position[models[i]]]) for i in order]
    headers = {
        "better than": "decided better than",
        "worse than": "decided worse than",
        "equivalent to": "decided equivalent to",
        "undecided with": "undecided with",
    }
    if not comparison.bayesian:  # a p-value never shows equivalence
        headers = {
            "better than": "significantly better than",
            "worse than": "significantly worse than",
            "undecided with": "not different from",
        }
    for word, header in headers.items():
        table[header] = [counts[word][models[i]] for i in order]
    section = (
        "Models (Plackett-Luce ranking) and their pairs" if ranking else "Models and their pairs"
    )
    blocks = [
        ("section", section),
        ("paragraph", summary),
        ("table", table, {"expected rank": ".2f", "P(first)": ".3f"}),
    ]
    if comparison.bayesian and n_equivalent:
        rows = [
            (p, a, b, mean)
            for a, b, decision, p, mean in zip(
                columns["model_a"],
                columns["model_b"],
                decisions,
                columns["prob_equivalent"],
                columns["mean_difference"],
                strict=True,
            )
            if decision == "equivalent"
        ]
        rows.sort(key=lambda row: -row[0])
        listed = rows[:_MOST_EQUIVALENT_LISTED]
        equivalent = {"A": [r[1] for r in listed], "B": [r[2] for r in listed]}
        if comparison.pooled:
            equivalent["mean A-B"] = [r[3] for r in listed]
        equivalent["P(eq)"] = [r[0] for r in listed]
        blocks += [
            ("section", "Pairs decided practically equivalent"),
            (
                "paragraph",
                f"The {len(listed)} of {len(rows)} with the highest P(eq); the others are "
                f"in {_named(pairs_file)}."
                if len(listed) < len(rows)
                else f"All {len(rows)}, by P(eq), highest first.",
            ),
            (
                "table",
                probability_cells(equivalent, comparison.threshold, digits),
                {**_EFFECT_DIGITS, **table_digits(result_type)},
            ),
        ]
    return blocks


def _reference_blocks(comparison, columns, cited, pairs_file=None):
    """The frequentist reference's blocks; the works they cite are added to ``cited``.
    With ``pairs_file`` (a report of many models), the pairwise p-values are named there
    instead of listed."""
    reference = comparison.reference
    if not comparison.bayesian and reference.friedman is None:
        return []
    blocks = [("section", "Frequentist reference (not the recommendation)")]
    if reference.friedman is not None:
        friedman = reference.friedman
        blocks.append(
            (
                "paragraph",
                f"Friedman test on the average ranks (Demšar 2006; ranks of ties averaged, "
                f"statistic {'' if friedman.tie_corrected else 'not '}tie-corrected): chi2 = "
                f"{friedman.statistic:.4g}, p = "
                f"{friedman.pvalue:.4g}; Iman-Davenport F = "
                f"{friedman.iman_davenport_statistic:.4g}, p = "
                f"{friedman.iman_davenport_pvalue:.4g} (Iman & Davenport 1980); Nemenyi "
                f"critical difference {friedman.critical_difference:.4g} at alpha = "
                f"{friedman.alpha:g}.",
            )
        )
        cited += ["Demšar 2006", "Iman & Davenport 1980"]
    if comparison.bayesian and np.isnan(columns["pvalue"]).all():
        backend = get_backend(reference.test)
        blocks.append(
            (
                "paragraph",
                f"Pairwise p-values of the {backend.title}: left out, as it ranks the "
                "differences pooled over data sets, which do not share one unit.",
            )
        )
    elif comparison.bayesian:
        backend = get_backend(reference.test)
        words = (
            f"Pairwise p-values: {backend.title} ({backend.cite}), with Holm's correction (Holm "
            "1979)"
        )
        cited += [backend.cite, "Holm 1979"]
        if pairs_file is not None:
            return [
                *blocks,
                ("paragraph", f"{words}: in {_named(pairs_file)} (pvalue, pvalue_holm)."),
            ]
        blocks += [
            ("paragraph", f"{words}."),
            (
                "table",
                {
                    "A": columns["model_a"],
                    "B": columns["model_b"],
                    "p": columns["pvalue"],
                    "p (Holm)": columns["pvalue_holm"],
                },
                {"p": ".4g", "p (Holm)": ".4g"},
            ),
        ]
    return blocks
