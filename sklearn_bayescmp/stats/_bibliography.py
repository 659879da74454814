"""Every work the package cites, once, by key.

Back ends cite their works by key (``Backend(cite="Corani & Benavoli 2015; ...")``),
and reports list the references of the keys they cite. A key is "Author year",
as a methods paragraph names the work.
"""

from ..utils._frozen import FrozenMapping

WORKS = FrozenMapping(
    {
        "Alpaydin 1999": (
            "E. Alpaydin. Combined 5x2 cv F test for comparing supervised classification "
            "learning algorithms. Neural Computation 11(8), 1999."
        ),
        "Benavoli et al. 2014": (
            "A. Benavoli, G. Corani, F. Mangili, M. Zaffalon, F. Ruggeri. A Bayesian "
            "Wilcoxon signed-rank test based on the Dirichlet process. ICML 2014."
        ),
        "Benavoli et al. 2017": (
            "A. Benavoli, G. Corani, J. Demšar, M. Zaffalon. Time for a change: a tutorial "
            "for comparing multiple classifiers through Bayesian analysis. Journal of "
            "Machine Learning Research 18(77), 2017."
        ),
        "Bouckaert & Frank 2004": (
            "R. R. Bouckaert, E. Frank. Evaluating the replicability of significance tests "
            "for comparing learning algorithms. PAKDD 2004."
        ),
        "Calvo et al. 2018": (
            "B. Calvo, J. Ceberio, J. A. Lozano. Bayesian inference for algorithm ranking "
            "analysis. GECCO 2018 Companion."
        ),
        "Cliff 1993": (
            "N. Cliff. Dominance statistics: ordinal analyses to answer ordinal questions. "
            "Psychological Bulletin 114(3), 1993."
        ),
        "Cohen 1988": (
            "J. Cohen. Statistical Power Analysis for the Behavioral Sciences, 2nd edition. "
            "Lawrence Erlbaum, 1988."
        ),
        "Corani & Benavoli 2015": (
            "G. Corani, A. Benavoli. A Bayesian approach for comparing cross-validated "
            "algorithms on multiple data sets. Machine Learning 100(2), 2015."
        ),
        "Corani et al. 2017": (
            "G. Corani, A. Benavoli, J. Demšar, F. Mangili, M. Zaffalon. Statistical "
            "comparison of classifiers through Bayesian hierarchical modelling. Machine "
            "Learning 106(11), 2017."
        ),
        "Demšar 2006": (
            "J. Demšar. Statistical comparisons of classifiers over multiple data sets. "
            "Journal of Machine Learning Research 7, 2006."
        ),
        "Dietterich 1998": (
            "T. G. Dietterich. Approximate statistical tests for comparing supervised "
            "classification learning algorithms. Neural Computation 10(7), 1998."
        ),
        "Holm 1979": (
            "S. Holm. A simple sequentially rejective multiple test procedure. Scandinavian "
            "Journal of Statistics 6(2), 1979."
        ),
        "Iman & Davenport 1980": (
            "R. L. Iman, J. M. Davenport. Approximations of the critical region of the "
            "Friedman statistic. Communications in Statistics A 9(6), 1980."
        ),
        "Nadeau & Bengio 2003": (
            "C. Nadeau, Y. Bengio. Inference for the generalization error. Machine Learning "
            "52(3), 2003."
        ),
        "Wilcoxon 1945": (
            "F. Wilcoxon. Individual comparisons by ranking methods. Biometrics Bulletin 1(6), "
            "1945."
        ),
    }
)


def cited(keys, extra=None):
    """``{key: reference}`` of the works ``keys`` cites ("A 2001; B 2002" or a list).

    ``extra`` gives the works of a back end outside this package; every other key
    cited must be in :data:`WORKS`, and a work is written in one place only.
    """
    if isinstance(keys, str):
        keys = [key.strip() for key in keys.split(";") if key.strip()]
    extra = dict(extra or {})
    twice = [key for key in extra if key in WORKS]
    if twice:
        raise ValueError(f"{twice} are in the bibliography already; cite them by key only.")
    works = {**WORKS, **extra}
    unknown = [key for key in keys if key not in works]
    if unknown:
        raise ValueError(
            f"{unknown} are not in the bibliography (stats/_bibliography.py): add them there, "
            "or give a back end outside the package its `references`."
        )
    return {key: works[key] for key in keys}
