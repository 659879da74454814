"""What every display shares: the lazy matplotlib import and the axes to draw on."""

#: Colours of the three outcomes (A better, equivalent, B better), colour-blind safe.
OUTCOME_COLOURS = {"a": "#0072B2", "equivalent": "#999999", "b": "#D55E00"}
ROPE_COLOUR = "#999999"


def check_matplotlib():
    """Import matplotlib.pyplot, or explain how to install it."""
    try:
        import matplotlib.pyplot as plt
    except ImportError:
        raise ImportError(
            "Plotting needs matplotlib, which is the optional 'plot' extra: "
            'pip install "sklearn-bayescmp[plot]"'
        ) from None
    return plt


def axes_to_draw_on(ax):
    """``ax``, or the axes of a new figure when it is None."""
    plt = check_matplotlib()
    if ax is None:
        _, ax = plt.subplots()
    return ax


def outcome_label(outcome, probability, model_names=("A", "B")):
    """Plain words for the legend, e.g. ``"P(logreg better) = 0.77"``.

    Two decimals, but never a certainty that is not one: 0.9974 is
    "= 0.997" and 1e-6 is "< 0.001".
    """
    name_a, name_b = model_names
    names = {"a": f"{name_a} better", "equivalent": "equivalent", "b": f"{name_b} better"}
    text = f"= {probability:.2f}"
    if text in ("= 0.00", "= 1.00") and 0.0 < probability < 1.0:
        text = f"= {probability:.3f}"
        text = {"= 0.000": "< 0.001", "= 1.000": "> 0.999"}.get(text, text)
    return f"P({names[outcome]}) {text}"
