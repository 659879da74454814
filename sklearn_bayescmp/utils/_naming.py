"""Readable names for estimators, for summaries, tables and plots."""


def short_repr(estimator, limit=70):
    """``repr`` on one line, cut to ``limit`` characters."""
    text = " ".join(repr(estimator).split())
    return text if len(text) <= limit else text[: limit - 3] + "..."


def estimator_name(estimator):
    """The class name of an estimator, or of the last step of a pipeline.

    ``make_pipeline(StandardScaler(), LogisticRegression())`` is
    "LogisticRegression": the model, not its preprocessing.
    """
    while True:
        steps = getattr(estimator, "steps", None)
        if not steps or steps[-1][1] in (None, "passthrough"):
            return type(estimator).__name__
        estimator = steps[-1][1]


def default_model_names(estimators):
    """Distinct names for a sequence of estimators.

    Each estimator is named after its class (the last step of a pipeline).
    Estimators of the same class are told apart by their one-line ``repr``
    (which shows the parameters that differ from the defaults), or, when even
    those coincide, by their position ("SVC (1)", "SVC (2)").
    """
    names = [estimator_name(estimator) for estimator in estimators]
    for name in set(names):
        same = [i for i, other in enumerate(names) if other == name]
        if len(same) == 1:
            continue
        reprs = [short_repr(estimators[i]) for i in same]
        if len(set(reprs)) == len(reprs):
            for i, text in zip(same, reprs, strict=True):
                names[i] = text
        else:
            for position, i in enumerate(same, start=1):
                names[i] = f"{name} ({position})"
    return tuple(names)
