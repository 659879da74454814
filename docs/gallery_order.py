"""The gallery's order: the order in which a reader learns, not the files' names."""

#: From two models on one data set to many models on many data sets, then the
#: checks of the methods themselves.
TEACHING_ORDER = (
    "plot_compare_two_classifiers.py",
    "plot_names_metrics_tables.py",
    "plot_displays.py",
    "plot_many_datasets.py",
    "plot_many_models.py",
    "plot_skore_comparison.py",
    "plot_race_search.py",
    "plot_replicability.py",
    "plot_papers_reproduced.py",
)


class TeachingOrder:
    """Sort key of sphinx-gallery's ``within_subsection_order``.

    An example missing from :data:`TEACHING_ORDER` is an error: a new example
    must be given its place.
    """

    def __init__(self, src_dir):
        self.src_dir = src_dir

    def __call__(self, filename):
        if filename not in TEACHING_ORDER:
            raise ValueError(f"{filename} has no place in docs/gallery_order.py; add it there.")
        return TEACHING_ORDER.index(filename)

    def __repr__(self):
        return f"<{type(self).__name__}>"
