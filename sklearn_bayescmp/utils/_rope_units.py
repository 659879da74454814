"""The rope's default, in the units of what is compared, or a question.

A rope of 0.01 is one point of a share (an accuracy of 0.90 against 0.91). On any
other scale it means nothing: on mean squared errors near 3,000 it decides
"practically better" on a difference no one would call practical. So every entry
point that takes a rope takes ``rope="auto"`` by default, resolved here from what it
knows of the scale:

- a scikit-learn scorer whose scores are shares (:data:`SHARE_SCORERS`: accuracy,
  balanced accuracy, top-k accuracy, ROC AUC, average precision, the F1, precision,
  recall and Jaccard families) takes 0.01, one point;
- a table whose scores are read as shares takes 0.01; as percentages, 1 (one
  percentage point), said where the result is read;
- anything else (an error in the target's units, a log loss, a correlation, R², a
  custom scorer or callable, a table of other units) is asked: the refusal names
  ``rope`` and the scale seen.
"""

from collections.abc import Mapping
from dataclasses import dataclass

from sklearn import metrics
from sklearn.base import is_classifier

from ..exceptions import RopeUnitsError
from ._sklearn import score_function
from ._validation import check_rope

#: The default: resolved from the scale of what is compared (this module).
AUTO = "auto"
#: The rope on a scale of shares: one point.
SHARE_ROPE = 0.01
#: The rope on a scale of percentages: one point.
PERCENT_ROPE = 1.0
#: scikit-learn's scorers whose every score is a share of 1: of samples (accuracy and
#: its kin, precision, recall, F1, Jaccard, each averaged over classes or samples), or
#: a probability (ROC AUC, average precision).
SHARE_SCORERS = frozenset(
    {
        "accuracy",
        "balanced_accuracy",
        "top_k_accuracy",
        "average_precision",
        "roc_auc",
        "roc_auc_ovr",
        "roc_auc_ovo",
        "roc_auc_ovr_weighted",
        "roc_auc_ovo_weighted",
        *(
            f"{family}{average}"
            for family in ("f1", "precision", "recall", "jaccard")
            for average in ("", "_macro", "_micro", "_samples", "_weighted")
        ),
    }
)

#: The metric functions behind those scorers: a scorer object made of one of them
#: (``make_scorer(f1_score, average="macro")``, ``get_scorer("accuracy")`` with a
#: metadata request) scores shares too, negated or not.
SHARE_FUNCTIONS = frozenset(
    {
        metrics.accuracy_score,
        metrics.balanced_accuracy_score,
        metrics.top_k_accuracy_score,
        metrics.average_precision_score,
        metrics.roc_auc_score,
        metrics.f1_score,
        metrics.fbeta_score,
        metrics.precision_score,
        metrics.recall_score,
        metrics.jaccard_score,
    }
)


@dataclass(frozen=True)
class Scale:
    """What the compared scores are measured in, as far as it is known.

    Attributes
    ----------
    kind : {"shares", "percent", "other"}
        Shares of 1, percentages, or anything else.
    seen : str
        What showed it, for a message: ``"the scores of
        scoring='neg_mean_squared_error'"``, ``"scores from 2,100 to 9,400"``.
    """

    kind: str
    seen: str

    @property
    def default_rope(self):
        """float or None: One point of a share or a percentage; None on another scale."""
        return {"shares": SHARE_ROPE, "percent": PERCENT_ROPE}.get(self.kind)


def scorer_scale(scoring, estimator=None, *, metric=None):
    """The scale of one metric of ``scoring`` (as scikit-learn's searches take it).

    Parameters
    ----------
    scoring : str, callable, list, tuple, dict or None
        None: the estimator's own ``score`` (accuracy for a classifier).
    estimator : estimator, default=None
        For ``scoring=None``.
    metric : str, default=None
        With several metrics, which one.

    Returns
    -------
    Scale
    """
    if isinstance(scoring, Mapping):
        scoring = scoring[metric]
    elif isinstance(scoring, (list, tuple, set, frozenset)):
        scoring = metric
    if scoring is None:
        if estimator is not None and is_classifier(estimator):
            return Scale("shares", "the scores of scoring=None (the classifier's accuracy)")
        kind = type(estimator).__name__ if estimator is not None else "estimator"
        return Scale("other", f"the scores of scoring=None (the {kind}'s own score method)")
    if isinstance(scoring, str):
        kind = "shares" if scoring in SHARE_SCORERS else "other"
        return Scale(kind, f"the scores of scoring={scoring!r}")
    function = score_function(scoring)
    if function in SHARE_FUNCTIONS:
        return Scale("shares", f"the scores of the scorer of {function.__name__}")
    # In one line, however the scorer prints itself (the refusal is one line).
    named = getattr(scoring, "__name__", None) or " ".join(repr(scoring).split())
    return Scale("other", f"the scores of the custom scorer {named}")


def values_scale(low, high, *, percent=False, shares=None):
    """The scale of scores seen from ``low`` to ``high``.

    Scores within [-1, 1] are on the scale of shares, where one point is 0.01 (a
    negated error rate, a loss between 0 and 1 included); within [0, 100] and said to
    be percentages (``percent``: a name or a % sign said so), one point is 1. A name
    that says the measure is not a share (``shares=False``) keeps it "other".

    Returns
    -------
    Scale
    """
    seen = f"scores from {_number(low)} to {_number(high)}"
    if shares is not False and -1 <= low and high <= 1:
        return Scale("shares", seen)
    if percent and (0 <= low and high <= 100 or -100 <= low and high <= 0):
        return Scale("percent", seen)
    return Scale("other", seen)


def table_scale(table):
    """The scale of a :class:`~sklearn_bayescmp.ScoreTable`'s scores (of its differences,
    for a table of differences only): the reading's ``scale`` where a name, % signs or
    the user said it, else the range of the data sets kept (a table's selection of one
    metric's data sets may be shares where the whole table is not)."""
    import numpy as np

    if table.spec.normalize is not None:
        # Each data set rescaled from its worst model (0) to its best (1): shares of the gap.
        return Scale("shares", "the scores rescaled per data set from its worst model to its best")
    low, high = np.inf, -np.inf
    for name in table.datasets:
        if table.has_scores:
            values = table.scores(name)
        else:
            values = np.concatenate(
                [np.asarray(r.differences) for r in table.differences(*table.models[:2]).values()]
            )
        values = values[np.isfinite(values)]
        if values.size:
            low, high = min(low, float(values.min())), max(high, float(values.max()))
    if not np.isfinite(low):
        return Scale("other", "no finite score")
    scale = values_scale(low, high)
    witness = table.spec.witness("scale")
    if witness is not None and witness.by != "values":  # a name, % signs or the user said it
        scale = Scale(table.spec.scale, scale.seen)
    if not table.has_scores:
        return Scale(scale.kind, scale.seen.replace("scores", "differences", 1))
    return scale


def resolve_rope(rope, scale, *, name="rope"):
    """The rope as ``(low, high)``: ``rope`` checked, or for ``"auto"`` one point of
    ``scale``'s shares or percentages; on another scale a refusal in one line.

    Parameters
    ----------
    rope : float, tuple of (float, float) or "auto"
    scale : Scale
    name : str, default="rope"
        The argument, as the refusal names it.

    Returns
    -------
    tuple of (float, float)

    Raises
    ------
    RopeUnitsError
        ``rope="auto"`` on a scale other than shares and percentages.
    """
    if not (isinstance(rope, str) and rope == AUTO):
        return check_rope(rope, name=name)
    default = scale.default_rope
    if default is None:
        raise RopeUnitsError(scale.seen, name=name)
    return check_rope(default, name=name)


def _number(value):
    """A score for a message: digits grouped, four significant ones."""
    if abs(value) >= 1000:
        return f"{value:,.0f}"
    return f"{value:.4g}"
