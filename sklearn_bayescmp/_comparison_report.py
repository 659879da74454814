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

from .stats._core import REFERENCES as HOLM_REFERENCES
from .stats._effect_size import REFERENCES as EFFECT_SIZE_REFERENCES
from .stats._friedman import REFERENCES as FRIEDMAN_REFERENCES
from .stats._ranking import REFERENCES as RANKING_REFERENCES
from .stats._registry import get_backend
from .utils._display import PROBABILITY_COLUMNS, TABLE_DIGITS, probability_cells

_EFFECT_DIGITS = {
    **TABLE_DIGITS,
    "CI low": ".4f",
    "CI high": ".4f",
    "Cohen's d_z": ".2f",
    "Cliff's delta": ".2f",
}


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
    """What each split's score is, and on what the design was taken when nothing named it."""
    words = _SCORE_WORDS[table.design]
    witness = table.reading_details.witness("design")
    if witness is not None and witness.by == "default":
        words += f" (taken as {witness.value}: {witness.why})"
    return words


def _rope_units(table):
    """The units of the rope: the scores', or the share of a best-worst gap."""
    if table.reading_details.normalization is not None:
        return "units of each data set's gap between its worst and best model (0 to 1)"
    return "the scores' units"


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


def methods_paragraph(comparison):
    """What was done, in the words of a paper's methods section, with what to cite."""
    backend = get_backend(comparison.test)
    n_models, n_datasets = len(comparison.models), len(comparison.datasets)
    splits = _splits(comparison)
    text = (
        f"We compared {n_models} models ({', '.join(comparison.models)}) on {n_datasets} "
        f"data set{'s' if n_datasets > 1 else ''}, "
        + (
            "from one score per model and data set. "
            if splits == "1"
            else f"each contributing {splits} {_score_words(comparison.table)} per model. "
        )
        + _fewer_datasets(comparison)
        + (
            f"The table of scores was read as: {comparison.table.reading}. "
            if comparison.table.reading
            else ""
        )
        + f"Every pair was compared with the {backend.title} ({backend.cite})"
    )
    if comparison.bayesian:
        low, high = comparison.rope
        prior = next(iter(comparison.results.values())).prior_description()
        text += (
            f", with a region of practical equivalence (rope) of [{low:g}, {high:g}] in "
            f"{_rope_units(comparison.table)}{', ' + prior if prior else ''}. A pair is "
            "decided when the "
            f"posterior probability of one outcome (A better, equivalent, B better) exceeds "
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
            f" The models were ranked with the Bayesian Plackett-Luce model (Calvo et al. "
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
    if get_backend(comparison.test).result_type.sign_based:
        shown["median A-B"] = columns["median_difference"]
    if np.isfinite(effects["ci_low"]).any():
        shown["CI low"], shown["CI high"] = effects["ci_low"], effects["ci_high"]
    if comparison.bayesian:
        shown |= probability_cells(
            {header: columns[name] for header, name in PROBABILITY_COLUMNS.items()},
            comparison.threshold,
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
    if comparison.direction_note:
        notes.append(comparison.direction_note[0].upper() + comparison.direction_note[1:] + ".")
    result_type = get_backend(comparison.test).result_type
    if "CI low" in shown:
        notes.append(
            f"CI: the 95% highest-density credible interval of {result_type.mean_parameter_words}."
        )
    if result_type.predictive:
        notes.append(
            "P: the posterior probability that the outcome is the most probable one on a new "
            "data set."
        )
    if result_type.probabilities_note:
        notes.append(result_type.probabilities_note)
    cliff = "Cliff's delta" in shown
    notes.append(
        f"Effect sizes (classic, descriptive; Cohen 1988{', Cliff 1993' if cliff else ''}): "
        "Cohen's d_z of the "
        f"paired {'per-data-set mean' if len(comparison.datasets) > 1 else 'per-split'} "
        "differences"
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


def report_blocks(comparison, figures=()):
    """The blocks of ``comparison``'s report (see :mod:`sklearn_bayescmp.utils._report`).

    Parameters
    ----------
    comparison : ModelComparison
    figures : sequence of (str, str)
        ``(path, caption)`` of figures to include after the tables.
    """
    figures = _check_figures(figures)
    n_models, n_datasets = len(comparison.models), len(comparison.datasets)
    plural = "s" if n_datasets != 1 else ""
    columns = comparison.to_columns()
    shown = _pairs(comparison, columns)
    digits = {**_EFFECT_DIGITS, "p": ".4g", "p (Holm)": ".4g"}
    blocks = [
        ("title", f"Comparison of {n_models} models on {n_datasets} data set{plural}"),
        ("section", "Methods"),
        ("paragraph", methods_paragraph(comparison)),
        ("section", "Pairs"),
        ("table", shown, digits),
        ("paragraph", _pairs_note(comparison, shown)),
    ]
    cited = [get_backend(comparison.test).cite, "Cohen 1988"]
    if "Cliff's delta" in shown:
        cited.append("Cliff 1993")
    if not comparison.bayesian:
        cited.append("Holm 1979")
    ranking = comparison.ranking
    if ranking is not None:
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
        if ranking.fit_notes():
            blocks.append(("paragraph", " ".join(ranking.fit_notes())))
    blocks += _reference_blocks(comparison, columns, cited)
    blocks += [("figure", path, caption) for path, caption in figures]
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
        **EFFECT_SIZE_REFERENCES,
        **HOLM_REFERENCES,
        **FRIEDMAN_REFERENCES,
        **RANKING_REFERENCES,
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


def _reference_blocks(comparison, columns, cited):
    """The frequentist reference's blocks; the works they cite are added to ``cited``."""
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
    if comparison.bayesian:
        backend = get_backend(reference.test)
        blocks += [
            (
                "paragraph",
                f"Pairwise p-values: {backend.title} ({backend.cite}), with Holm's correction "
                "(Holm 1979).",
            ),
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
        cited += [backend.cite, "Holm 1979"]
    return blocks
