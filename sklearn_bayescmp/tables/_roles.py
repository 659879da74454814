"""Step 3 of reading a table: what the names propose.

Tables arrive with the names people give their columns (``classifier``,
``accuracy``, ``run``, ``#Ex.``, ``A_std``...), their rows (``Average``) and
their files (``ROCKET_accuracy.csv``). A name *proposes* a role: the common
names of each role (case, spaces, dots and dashes ignored), the words of a
loss (lower is better) or of a score, the descriptions of a data set (its
size, its number of classes), the companions of a model's column (its spread,
its rank), the summaries a paper adds (an average row, a wins row), a marker
of filled-in scores (``imputed``), training seeds. Nothing here reads a value:
the next step (``_evidence``) takes a proposal only where the values agree.
"""

import re

#: The common names of each role, normalised (lower case, ``_`` between words).
ROLE_NAMES = {
    "model": (
        "model",
        "classifier",
        "learner",
        "algorithm",
        "estimator",
        "method",
        "model_name",
        "classifier_name",
        "learner_name",
        "algorithm_name",
        "estimator_name",
        "method_name",
        "alg",  # TabZilla
        "alg_name",
        "flow",  # OpenML
        "flow_name",
        "framework",  # the AutoML Benchmark
        "group",  # scikit-posthocs' melted block designs
        "groups",
        "treatment",
        "system",
        "solver",
        "heuristic",
        "config",
        "configuration",
        "model_or_config",
    ),
    "dataset": (
        "dataset",
        "data",
        "data_set",
        "db",  # scmamp's results
        "database",
        "task",
        "problem",
        "dataset_name",
        "data_name",
        "task_name",
        "problem_name",
        "benchmark",
        "instance",
        "block",  # scikit-posthocs' melted block designs
        "blocks",
        "dataset_id",  # identifiers (OpenML's)
        "data_id",
        "did",
        "task_id",
        "tid",
    ),
    "score": (
        "score",
        "test_score",
        "accuracy",
        "acc",
        "auc",
        "roc_auc",
        "f1",
        "f1_score",
        "balanced_accuracy",
        "precision",
        "recall",
        "r2",
        "kappa",
        "mcc",
        "value",  # OpenML's evaluations
        "predictive_accuracy",
        "area_under_roc_curve",
        "result",  # the AutoML Benchmark's
    ),
    "metric": (
        "metric",
        "function",  # OpenML's evaluations
        "measure",
        "metric_name",
        "evaluation_measure",
        "eval_metric",
        "scoring",
        "scorer",
    ),
    "repeat": ("repeat", "run", "seed", "repetition", "rep", "iteration", "trial"),
    "fold": ("fold", "fold_id", "cv_fold"),
    "split": ("split", "split_id", "cv_split", "resample", "resample_id"),
    "n_train": ("n_train", "train_size", "n_train_samples"),
    "n_test": ("n_test", "test_size", "n_test_samples"),
    "imputed": (
        "imputed",
        "is_imputed",
        "imputed_result",
        "filled",
        "is_filled",
        "filled_in",
        "fillna",
    ),
}
#: Score columns that hold whichever metric a metric column names (the AutoML
#: Benchmark's "result", OpenML's "value"), as opposed to one metric's own column.
GENERIC_SCORE_NAMES = ("score", "test_score", "value", "result")
#: The order in which a long table's roles are looked for: the metric before the
#: score, which it may choose among several score columns.
LONG_ROLE_ORDER = (
    "model",
    "dataset",
    "metric",
    "score",
    "repeat",
    "fold",
    "split",
    "n_train",
    "n_test",
    "imputed",
)
#: The roles of a split's identity and size, which a wide table has too.
SPLIT_ROLES = ("split", "repeat", "fold", "n_train", "n_test")
#: Names of a split column that say the splits are training seeds on one split.
SEED_NAMES = frozenset(
    {"seed", "seeds", "random_state", "random_seed", "rng_seed", "init", "init_seed"}
)
#: Names of a split column that say the splits are train/test resamples.
RESAMPLE_NAMES = frozenset({"resample", "resample_id", "resamples", "bootstrap"})
#: Columns that describe a data set (its size, shape, a graph's radius, KEEL's
#: "#Ex.", "#Atts.", "#Cl.", "IR"), by their normalised names: never models or
#: scores, where the values agree.
DESCRIPTOR_NAMES = frozenset(
    {
        "size",
        "n",
        "d",
        "p",
        "k",
        "samples",
        "instances",
        "inst",
        "ex",
        "examples",
        "features",
        "attributes",
        "atts",
        "att",
        "classes",
        "cl",
        "ir",
        "dimension",
        "dimensions",
        "dim",
        "length",
        "series_length",
        "rows",
        "columns",
        "nodes",
        "edges",
        "vertices",
        "radius",
        "diameter",
        "density",
        "degree",
        "imbalance",
        "imbalance_ratio",
        "majority_class",
        "minority_class",
        "missing_values",
        "year",
        "train",
        "test",
    }
)
#: Descriptor names that are single letters (the number of features, of classes...): a
#: column so named whose values are scores like the models' is a model named so.
WEAK_DESCRIPTOR_NAMES = frozenset({"d", "p", "k"})
#: Prefixes of a count that describes a data set ("n_samples", "num_features",
#: "number_of_classes").
DESCRIPTOR_PREFIXES = ("n_", "num_", "number_of_", "nr_", "no_of_")
#: Words that make a score a loss (lower is better), wherever they stand in its name.
LOSS_WORDS = frozenset(
    {
        "error",
        "errors",
        "err",
        "loss",
        "losses",
        "logloss",
        "crossentropy",
        "rmse",
        "mse",
        "mae",
        "mape",
        "smape",
        "msle",
        "rmsle",
        "medae",
        "brier",
        "misclassification",
        "misclassifications",
        "cost",
        "costs",
        "regret",
        "deviance",
        "perplexity",
        "nll",
        "risk",
        "time",
        "duration",
        "runtime",
        "latency",
        "wer",  # word, character and translation error rates
        "cer",
        "ter",
        "eer",  # equal error rate
        "bpc",  # bits per character, per dimension
        "bpd",
        "ppl",  # perplexity
        "fid",  # Fréchet inception distance
        "crps",
        "mase",
        "nmse",
        "nrmse",
        "rmsd",
        "wape",
        "hamming",
    }
)
#: Loss words that name a cost of running, not of predicting: never taken for the score
#: column unless it is named so.
COST_OF_RUNNING = frozenset({"time", "duration", "runtime", "latency"})
#: Losses named by several words, none of which is a loss alone.
LOSS_PHRASES = ("cross_entropy", "negative_log_likelihood", "log_likelihood_loss", "log_loss")
#: Words of a score (greater is better), wherever they stand in a metric's name.
SCORE_WORDS = frozenset(
    {
        "accuracy",
        "acc",
        "auc",
        "roc",
        "f1",
        "precision",
        "recall",
        "r2",
        "kappa",
        "mcc",
        "balacc",
        "score",
        "sensitivity",
        "specificity",
        "jaccard",
        "iou",
        "bleu",
        "ndcg",
        "map",
        "gmean",
        "likelihood",
    }
)
#: Metrics that cannot be negative, by a word of their names: every loss but those that
#: can be (a cost, a log-likelihood of a density), and the scores of counts and areas. Such
#: a metric holding negative values was negated already.
NONNEGATIVE_WORDS = (
    LOSS_WORDS - {"loss", "losses", "cost", "costs", "deviance", "nll", "risk", "crossentropy"}
) | (SCORE_WORDS - {"r2", "kappa", "mcc", "score", "likelihood", "gmean", "bleu", "ndcg", "map"})
#: Names of a row or a column that summarises the others (a paper's table), normalised.
SUMMARY_NAMES = frozenset(
    {
        "average",
        "avg",
        "mean",
        "means",
        "median",
        "total",
        "sum",
        "overall",
        "all",
        "wins",
        "win",
        "losses",
        "ties",
        "w_t_l",
        "win_tie_loss",
        "wins_ties_losses",
        "rank",
        "ranks",
        "avg_rank",
        "average_rank",
        "mean_rank",
        "ranking",
        "std",
        "sd",
        "stdev",
        "best",
        "worst",
        "min",
        "max",
        "count",
        "p_value",
        "pvalue",
    }
)
#: Words that qualify a summary without naming anything else ("Overall mean", "Mean
#: score", "Average (all)").
SUMMARY_QUALIFIERS = frozenset(
    {"all", "overall", "column", "row", "score", "scores", "of", "the", "grand", "across"}
)
#: Words of descriptors that may make up a longer one ("IR (imbalance)", "n features").
DESCRIPTOR_WORDS = DESCRIPTOR_NAMES | {"ratio", "no", "num", "nr", "number", "of", "count"}
#: Summaries that are also the name of a baseline model (a predictor of the mean, the
#: median): a model column so named is checked against the values, not refused.
BASELINE_NAMES = frozenset({"mean", "median", "best", "worst", "min", "max"})
#: Words of a column that accompanies a model's scores: its spread or its rank.
SPREAD_WORDS = frozenset(
    {"std", "sd", "stdev", "stddev", "se", "sem", "ste", "var", "variance", "iqr", "mad", "ci"}
)
RANK_WORDS = frozenset({"rank", "ranks", "ranking", "r"})
#: Names of a column that numbers the rows (a dataframe's index written out).
INDEX_NAMES = frozenset({"", "index", "unnamed_0", "level_0", "idx", "row", "row_id", "id"})


def normalised(name):
    """A column's name as its role lists spell it: ``"Data Set"``, ``"data.set"``,
    ``"dataSet"`` -> ``"data_set"``; ``"#Ex."`` -> ``"ex"``."""
    text = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", str(name).strip())
    return "_".join(word for word in re.split(r"[\W_]+", text.lower()) if word)


def words_of(name):
    """The words of a name (``"metric_error"`` -> ``["metric", "error"]``)."""
    return normalised(name).split("_") if normalised(name) else []


def is_descriptor_name(name):
    """Whether ``name`` proposes a description of a data set ("Size", "n_samples",
    "#Ex.", "IR (imbalance)") rather than a model's scores: a descriptor's name, a count
    of one, or words all of which name descriptors."""
    text = normalised(name)
    if text in ROLE_NAMES["n_train"] + ROLE_NAMES["n_test"]:
        return False
    words = text.split("_") if text else []
    return (
        text in DESCRIPTOR_NAMES
        or text.startswith(DESCRIPTOR_PREFIXES)
        or (len(words) > 1 and all(word in DESCRIPTOR_WORDS for word in words))
    )


def is_role_name(name):
    """Whether ``name`` is a common name of a column's role ("dataset", "fold", "classifier"...)."""
    return name is not None and any(normalised(name) in names for names in ROLE_NAMES.values())


def is_summary_name(name):
    """Whether ``name`` proposes a summary of the other rows or columns: a summary's name
    ("Average", "Wins"), or words of summaries and their qualifiers only ("Overall mean",
    "Average (all)", "Mean score")."""
    text = normalised(name)
    words = text.split("_") if text else []
    return text in SUMMARY_NAMES or (
        any(word in SUMMARY_NAMES for word in words)
        and all(word in SUMMARY_NAMES or word in SUMMARY_QUALIFIERS for word in words)
    )


def is_index_name(name):
    """Whether ``name`` proposes a column that numbers the rows ("Unnamed: 0", "index")."""
    text = normalised(name)
    return text in INDEX_NAMES or re.fullmatch(r"unnamed_\d+", text) is not None


def loss_word(name):
    """The word of ``name`` that makes it a loss ("error" in "test_error"), or None.

    A name that starts with ``neg_`` is scikit-learn's negated loss: greater
    is better.
    """
    text = normalised(name)
    if text.startswith("neg_"):
        return None
    phrase = next((p for p in LOSS_PHRASES if p in text), None)
    if phrase is not None:
        return phrase
    return next((word for word in text.split("_") if word in LOSS_WORDS), None)


def score_word(name):
    """The word of ``name`` that makes it a score (greater is better), or None: a
    score's word ("auc" in "roc_auc"), or scikit-learn's ``neg_`` of a loss."""
    text = normalised(name)
    if text.startswith("neg_"):
        return "neg_"
    return next((word for word in text.split("_") if word in SCORE_WORDS), None)


def direction_of_name(name):
    """What a name says of the direction: ``("lower", word)``, ``("higher", word)`` or
    ``(None, None)`` when it says nothing (or both, as "error_score" would)."""
    loss, score = loss_word(name), score_word(name)
    if loss is not None and (score is None or score == "score" or loss in LOSS_PHRASES):
        return "lower", loss
    if score is not None and loss is None:
        return "higher", score
    return None, None


def is_nonnegative_metric(name):
    """Whether the metric ``name`` cannot be negative (an error rate, a log loss, an
    accuracy...), so that negative values say they were negated."""
    text = normalised(name)
    if text.startswith("neg_"):
        return False
    if any(phrase in text for phrase in ("log_loss", "cross_entropy")):
        return True
    return any(word in NONNEGATIVE_WORDS for word in text.split("_"))


def companion_of(name, models):
    """The model whose companion column ``name`` is named as, and what it is: ``("A",
    "spread")`` for ``"A_std"``, ``"A (std)"``, ``"sd_A"``, ``"std(A)"``, ``"A ±"``;
    ``("A", "rank")`` for ``"rank_A"``; None when the name is no model's companion."""
    text = str(name).strip()
    for model in sorted(models, key=len, reverse=True):
        if model == text or not model:
            continue
        # The model's name as a whole token of the column's (not inside a word).
        pattern = rf"(?<![A-Za-z0-9]){re.escape(model)}(?![A-Za-z0-9])"
        found = re.search(pattern, text)
        if found is None:
            continue
        rest = text[: found.start()] + " " + text[found.end() :]
        if rest.strip() in ("±", "+-", "+/-", "(±)"):
            return model, "spread"
        words = normalised(rest).split("_") if normalised(rest) else []
        if len(words) != 1:
            continue
        if words[0] in SPREAD_WORDS:
            return model, "spread"
        if words[0] in RANK_WORDS:
            return model, "rank"
    return None


def split_design(name):
    """The design a split column's name proposes: "seeds", "resamples" or None."""
    text = normalised(name)
    if text in SEED_NAMES:
        return "seeds"
    if text in RESAMPLE_NAMES or text.startswith("resample"):
        return "resamples"
    return None


# -- the per-estimator results files of aeon and tsml ------------------------------

#: The first header of a per-estimator file, normalised ("Resamples:", "folds:").
RESAMPLE_HEADERS = ("resamples", "folds")


def is_resamples_header(names):
    """Whether a table's header is a per-estimator results file's: "Resamples:" or
    "folds:", then every other header a resample's number."""
    first, *others = names or [""]
    return (
        normalised(first) in RESAMPLE_HEADERS
        and bool(others)
        and all(name.strip().isdigit() for name in others)
    )


_SEPARATORS = re.compile(r"[_\-. ]+")


def _tokens(stem):
    """A file's stem cut into its words, each with its start and end."""
    return [(m.start(), m.end()) for m in re.finditer(r"[^_\-. ]+", stem)]


def file_models(stems):
    """The models named by their files, and the measure the names share.

    The words that every file's name ends with (``_accuracy``, ``-mse``,
    ``_ERROR``, letter case ignored) name the measure, not the model; so do
    the words every name starts with when they are a metric's
    (``mse_ROCKET``). They are left out of the models' names.

    Returns
    -------
    names : list of str
    measure : str or None
        The common words with their separator (``"_accuracy"``), as the first
        file writes them.
    """
    tokens = [_tokens(stem) for stem in stems]
    lowered = [
        [stem[a:b].lower() for a, b in toks] for stem, toks in zip(stems, tokens, strict=True)
    ]
    if len(stems) < 2 or any(not toks for toks in tokens):
        return list(stems), None
    common = 0
    while all(len(w) > common + 1 for w in lowered) and len({w[-1 - common] for w in lowered}) == 1:
        common += 1
    if common:
        names = [stem[: toks[-common - 1][1]] for stem, toks in zip(stems, tokens, strict=True)]
        return names, stems[0][tokens[0][-common - 1][1] :]
    prefix = 0
    while all(len(w) > prefix + 1 for w in lowered) and len({w[prefix] for w in lowered}) == 1:
        prefix += 1
    measure = " ".join(lowered[0][:prefix])
    if prefix and (loss_word(measure) is not None or score_word(measure) is not None):
        names = [stem[toks[prefix][0] :] for stem, toks in zip(stems, tokens, strict=True)]
        return names, stems[0][: tokens[0][prefix][0]]
    return list(stems), None
