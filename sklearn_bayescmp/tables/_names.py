"""Step 3 of reading a table: what the names propose.

Tables arrive with the names people give their columns (``classifier``,
``accuracy``, ``run``, ``#Ex.``, ``A_std``...), their rows (``Average``) and
their files (``mase_by_frequency.csv``). A name *proposes*, in its own role
only: a column's name a role, a loss (lower is better) or a score, a
description of the data sets, a model's companion (its spread, its rank), a
summary a paper adds, a marker of filled-in scores; a file's name the
measure. A model's name (a column of a wide table, a per-model file) never
speaks for the measure. Nothing here reads a value: the evidence
(``_evidence``) takes a proposal only where the values agree. No list of
names is complete: where no name says which way is better, the reader asks.
"""

import csv
import functools
import re
import unicodedata
from pathlib import Path


def _words(text):
    return tuple(text.split())


#: The common names of each role, normalized (lower case, ``_`` between words).
ROLE_NAMES = {
    "model": _words(
        """model classifier learner algorithm estimator method model_name classifier_name
        learner_name algorithm_name estimator_name method_name alg alg_name flow flow_name
        framework group groups treatment system solver heuristic config configuration
        model_or_config"""
    ),
    "dataset": _words(
        """dataset data data_set db database task problem dataset_name data_name task_name
        problem_name benchmark instance block blocks dataset_id data_id did task_id tid"""
    ),
    "score": _words(
        """score test_score accuracy acc auc roc_auc f1 f1_score balanced_accuracy precision
        recall r2 kappa mcc value predictive_accuracy area_under_roc_curve result"""
    ),
    "metric": _words(
        "metric function measure metric_name evaluation_measure eval_metric scoring scorer"
    ),
    "repeat": _words("repeat run seed repetition rep iteration trial random_state random_seed"),
    "fold": _words("fold fold_id cv_fold"),
    "split": _words("split split_id cv_split resample resample_id"),
    "n_train": _words("n_train train_size n_train_samples"),
    "n_test": _words("n_test test_size n_test_samples"),
    "imputed": _words("imputed is_imputed imputed_result filled is_filled filled_in fillna"),
}
#: Score columns that hold whichever metric a metric column names (the AutoML
#: Benchmark's "result", OpenML's "value"), as opposed to one metric's own column.
GENERIC_SCORE_NAMES = ("score", "test_score", "value", "result")
#: The order in which a long table's roles are looked for (the metric before the score,
#: which it may choose among several score columns).
LONG_ROLE_ORDER = _words("model dataset metric score repeat fold split n_train n_test imputed")
#: The roles of a split's identity and size, which a wide table has too.
SPLIT_ROLES = ("split", "repeat", "fold", "n_train", "n_test")
#: Names of a split column that say the splits are training seeds on one split, or
#: train/test resamples; a fold says cross-validation.
SEED_NAMES = frozenset(_words("seed seeds random_state random_seed rng_seed init init_seed"))
RESAMPLE_NAMES = frozenset(_words("resample resample_id resamples bootstrap"))
#: Columns that describe a data set (its size, shape, KEEL's "#Ex.", "#Atts.", "IR").
DESCRIPTOR_NAMES = frozenset(
    _words(
        """size n d p k samples instances inst ex examples features attributes atts att
        classes cl ir dimension dimensions dim length series_length rows columns nodes edges
        vertices radius diameter density degree imbalance imbalance_ratio majority_class
        minority_class missing_values year train test"""
    )
)
#: Descriptor names of one letter: a column so named whose values are scores is a model.
WEAK_DESCRIPTOR_NAMES = frozenset("dpkn")
#: Prefixes of a count that describes a data set ("n_samples", "num_features").
DESCRIPTOR_PREFIXES = ("n_", "num_", "number_of_", "nr_", "no_of_")
#: Words that make a measure a loss (lower is better), wherever they stand in its name.
LOSS_WORDS = frozenset(
    _words(
        """error errors err loss losses logloss crossentropy xent rmse mse mae mape smape msle
        rmsle medae brier misclassification misclassifications cost costs regret deviance
        perplexity nll risk time duration runtime latency wer cer ter eer bpc bpd ppl fid
        crps mase rmsse msse nmse nrmse rmsd wape wql pinball hamming ece mce kl divergence
        distance fpr fnr fdr far frr fehler fehlerrate erreur"""
    )
)
#: Loss words that name a cost of running, not of predicting: never the score column
#: unless named so, and never a file's measure.
COST_OF_RUNNING = frozenset(_words("time duration runtime latency"))
#: Losses named by several words, none of which is a loss alone.
LOSS_PHRASES = (
    "cross_entropy", "negative_log_likelihood", "log_likelihood_loss", "log_loss", "miss_rate",
    "false_positive_rate", "false_negative_rate", "edit_distance", "quantile_loss",
)  # fmt: skip
#: Words of a score (greater is better), wherever they stand in a metric's name.
SCORE_WORDS = frozenset(
    _words(
        """accuracy acc auc roc f1 precision recall r2 kappa mcc balacc score sensitivity
        specificity jaccard iou bleu ndcg map gmean likelihood"""
    )
)
#: Metrics that cannot be negative, by a word of their names: such a metric holding
#: negative values was negated already.
NONNEGATIVE_WORDS = (
    LOSS_WORDS
    - frozenset(_words("loss losses cost costs deviance nll risk crossentropy xent divergence"))
) | (SCORE_WORDS - frozenset(_words("r2 kappa mcc score likelihood gmean bleu ndcg map")))
#: Names of a row or a column that summarises the others (a paper's table).
SUMMARY_NAMES = frozenset(
    _words(
        """average avg mean means median total sum overall all wins win losses ties w_t_l
        win_tie_loss wins_ties_losses rank ranks avg_rank average_rank mean_rank ranking std sd
        stdev best worst min max count p_value pvalue geo_mean geomean geometric_mean
        harmonic_mean hmean gm"""
    )
)
#: Words that qualify a summary without naming anything else ("Overall mean").
SUMMARY_QUALIFIERS = frozenset(
    _words("all overall column row score scores of the grand across geo geometric harmonic")
)
#: Words of descriptors that may make up a longer one ("IR (imbalance)", "n features").
DESCRIPTOR_WORDS = DESCRIPTOR_NAMES | frozenset(_words("ratio no num nr number of count"))
#: Summaries that are also the name of a baseline model (a predictor of the mean).
BASELINE_NAMES = frozenset(_words("mean median best worst min max"))
#: Words of a column that accompanies a model's scores: its spread, its rank.
SPREAD_WORDS = frozenset(_words("std sd stdev stddev se sem ste var variance iqr mad ci"))
RANK_WORDS = frozenset(_words("rank ranks ranking r"))
#: Words of a column that holds a change of one model against another ("Δ vs Base").
CHANGE_WORDS = frozenset(_words("delta δ diff difference gain improvement change vs lift"))
#: Names of a column that numbers the rows (a dataframe's index written out).
INDEX_NAMES = frozenset(["", *_words("index unnamed_0 level_0 idx row row_id id")])


def normalized(name):
    """A name as the role lists spell it: ``"Data Set"``, ``"data.set"``, ``"dataSet"``
    -> ``"data_set"``; ``"#Ex."`` -> ``"ex"``; ``"R²"`` -> ``"r2"``."""
    text = unicodedata.normalize("NFKC", str(name)).strip()
    text = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", text)
    return "_".join(word for word in re.split(r"[\W_]+", text.lower()) if word)


def words_of(name):
    """The words of a name (``"metric_error"`` -> ``["metric", "error"]``)."""
    return normalized(name).split("_") if normalized(name) else []


def is_descriptor_name(name):
    """Whether ``name`` proposes a description of the data sets ("Size", "n_samples",
    "#Ex.", "IR (imbalance)") rather than a model's scores."""
    text = normalized(name)
    if text in ROLE_NAMES["n_train"] + ROLE_NAMES["n_test"]:
        return False
    words = words_of(name)
    return (
        text in DESCRIPTOR_NAMES
        or text.startswith(DESCRIPTOR_PREFIXES)
        or (len(words) > 1 and all(word in DESCRIPTOR_WORDS for word in words))
    )


def is_role_name(name):
    """Whether ``name`` is a common name of a column's role ("dataset", "fold", ...)."""
    return name is not None and any(normalized(name) in names for names in ROLE_NAMES.values())


def is_summary_name(name):
    """Whether ``name`` proposes a summary of the other rows or columns ("Average",
    "Wins", "Overall mean", "Geo. mean")."""
    words = words_of(name)
    return normalized(name) in SUMMARY_NAMES or (
        any(word in SUMMARY_NAMES for word in words)
        and all(word in SUMMARY_NAMES or word in SUMMARY_QUALIFIERS for word in words)
    )


def is_index_name(name):
    """Whether ``name`` proposes a column that numbers the rows ("Unnamed: 0", "index")."""
    text = normalized(name)
    return text in INDEX_NAMES or re.fullmatch(r"unnamed_\d+", text) is not None


def is_change_name(name):
    """Whether ``name`` proposes a change of one model against another ("Δ vs Base",
    "Gain", "improvement (%)")."""
    text = str(name).strip()
    return text.startswith(("Δ", "∆")) or bool(set(words_of(text)) & CHANGE_WORDS)


def loss_word(name, *, costs=True):
    """The word of ``name`` that makes it a loss ("error" in "test_error"), or None.

    A name that starts with ``neg_`` is scikit-learn's negated loss: greater is
    better. ``costs=False`` leaves out the costs of running ("time").
    """
    text = normalized(name)
    if text.startswith("neg_"):
        return None
    phrase = next((p for p in LOSS_PHRASES if p in text), None)
    if phrase is not None:
        return phrase
    words = LOSS_WORDS if costs else LOSS_WORDS - COST_OF_RUNNING
    return next((word for word in text.split("_") if word in words), None)


def score_word(name):
    """The word of ``name`` that makes it a score ("auc" in "roc_auc"), scikit-learn's
    ``neg_`` of a loss, or None."""
    text = normalized(name)
    if text.startswith("neg_"):
        return "neg_"
    return next((word for word in text.split("_") if word in SCORE_WORDS), None)


#: The names of measures, with their direction (``measure_names.csv``: scikit-learn's
#: scorers and metrics, OpenML's evaluation measures, the measures of common benchmarks
#: and metric libraries, in several languages).
MEASURE_NAMES_FILE = Path(__file__).with_name("measure_names.csv")


def _compact(text):
    """A name's letters and digits only, in lower case (``"c-index"`` -> ``"cindex"``)."""
    return "".join(c for c in unicodedata.normalize("NFKC", text).casefold() if c.isalnum())


@functools.cache
def measure_names():
    """The measures of ``measure_names.csv``: compact name -> "higher" or "lower"."""
    with open(MEASURE_NAMES_FILE, encoding="utf-8", newline="") as file:
        return {_compact(row["name"]): row["direction"] for row in csv.DictReader(file)}


def _is_ideographic(text):
    return any(unicodedata.name(c, "").startswith("CJK") for c in text)


def named_measure(name):
    """The direction of the longest measure of ``measure_names.csv`` that the words of
    ``name`` hold ("test_auroc" holds "auroc"), and that measure; ``(None, None)`` where
    none, or where measures of both directions are equally long or a word of the other
    direction stands beside it ("iou_loss")."""
    names = measure_names()
    words = [_compact(word) for word in words_of(name)]
    for length in range(len(words), 0, -1):  # the longest first: a few words at most
        found = {}
        for start in range(len(words) - length + 1):
            key = "".join(words[start : start + length])
            if key in names:
                found[key] = start
        sides = {names[key] for key in found}
        if len(sides) > 1:
            return None, None
        if found:
            key, start = next(iter(found.items()))
            rest = "_".join(words[:start] + words[start + length :])
            other = loss_word(rest) if names[key] == "higher" else _score_word_only(rest)
            return (None, None) if other else (names[key], key)
    text = _compact(str(name))  # names written without spaces: "测试准确率"
    found = {key: side for key, side in names.items() if _is_ideographic(key) and key in text}
    if len(set(found.values())) == 1:
        longest = max(found, key=len)
        return found[longest], longest
    return None, None


def _score_word_only(text):
    """A score's word of ``text``, "score" aside (a loss's name may end with it)."""
    word = score_word(text) if text else None
    return None if word in (None, "score") else word


def direction_of_name(name, *, costs=True):
    """What a name says of the direction: ``("lower", word)``, ``("higher", word)`` or
    ``(None, None)`` when it says nothing (or both, as "error_score" would). A measure
    of ``measure_names.csv`` that the name holds speaks first."""
    if not normalized(name).startswith("neg_"):
        side, measure = named_measure(name)
        if side is not None and (costs or measure not in COST_OF_RUNNING):
            return side, measure
    loss, score = loss_word(name, costs=costs), score_word(name)
    if loss is not None and (score is None or score == "score" or loss in LOSS_PHRASES):
        return "lower", loss
    if score is not None and loss is None:
        return "higher", score
    return None, None


def is_nonnegative_metric(name):
    """Whether the metric ``name`` cannot be negative (an error rate, an accuracy...)."""
    text = normalized(name)
    if text.startswith("neg_"):
        return False
    if any(phrase in text for phrase in ("log_loss", "cross_entropy", "miss_rate")):
        return True
    return any(word in NONNEGATIVE_WORDS for word in text.split("_"))


def companion_of(name, models):
    """The model whose companion column ``name`` is named as, and what it is: ``("A",
    "spread")`` for ``"A_std"``, ``"A (std)"``, ``"sd_A"``, ``"A ±"``; ``("A", "rank")``
    for ``"rank_A"``; None otherwise."""
    text = str(name).strip()
    for model in sorted(models, key=len, reverse=True):
        if model == text or not model:
            continue
        found = re.search(rf"(?<![A-Za-z0-9]){re.escape(model)}(?![A-Za-z0-9])", text)
        if found is None:
            continue
        rest = text[: found.start()] + " " + text[found.end() :]
        if rest.strip() in ("±", "+-", "+/-", "(±)"):
            return model, "spread"
        words = words_of(rest)
        if len(words) == 1 and words[0] in SPREAD_WORDS:
            return model, "spread"
        if len(words) == 1 and words[0] in RANK_WORDS:
            return model, "rank"
    return None


def split_design(name):
    """The design a split column's name proposes: "seeds", "resamples",
    "cross-validation" (a fold, or scikit-learn's split of a cross-validator), or None."""
    text = normalized(name)
    if text in SEED_NAMES:
        return "seeds"
    if text in RESAMPLE_NAMES or text.startswith("resample"):
        return "resamples"
    if text in ROLE_NAMES["fold"] + ROLE_NAMES["split"] or "fold" in words_of(name):
        return "cross-validation"
    return None


# -- the per-estimator results files of aeon and tsml ------------------------------


def is_search_results_header(names):
    """Whether a header is a hyper-parameter search's ``cv_results_`` written out: a
    ``params`` column and per-split test scores (``split0_test_score``...)."""
    return "params" in names and any(
        re.fullmatch(r"split\d+_test_\w+", name) is not None for name in names
    )


def is_resamples_header(names):
    """Whether a header is a per-estimator results file's: "Resamples:" (or "folds:"),
    then every other header a resample's number."""
    first, *others = names or [""]
    return (
        normalized(first) in ("resamples", "folds")
        and bool(others)
        and all(name.strip().isdigit() for name in others)
    )


def _tokens(stem):
    """A file's stem cut into its words, each as ``(start, end)``."""
    return [(m.start(), m.end()) for m in re.finditer(r"[^_\-. ]+", stem)]


def file_models(stems):
    """The models named by their files, and the measure the names share.

    The words every file's name ends with (``_accuracy``, ``-mse``,
    ``_TESTFOLDS``) name the measure, not the model; so do the words every
    name starts with when they are a metric's (``mse_ROCKET``).

    Returns
    -------
    names : list of str
    measure : str or None
        The common words with their separator (``"_accuracy"``).
    """
    tokens = [_tokens(stem) for stem in stems]
    lowered = [[stem[a:b].lower() for a, b in t] for stem, t in zip(stems, tokens, strict=True)]
    if len(stems) < 2 or any(not t for t in tokens):
        return list(stems), None
    common = 0
    while all(len(w) > common + 1 for w in lowered) and len({w[-1 - common] for w in lowered}) == 1:
        common += 1
    if common:
        names = [stem[: t[-common - 1][1]] for stem, t in zip(stems, tokens, strict=True)]
        return names, stems[0][tokens[0][-common - 1][1] :]
    prefix = 0
    while all(len(w) > prefix + 1 for w in lowered) and len({w[prefix] for w in lowered}) == 1:
        prefix += 1
    measure = " ".join(lowered[0][:prefix])
    if prefix and (loss_word(measure) is not None or score_word(measure) is not None):
        names = [stem[t[prefix][0] :] for stem, t in zip(stems, tokens, strict=True)]
        return names, stems[0][: tokens[0][prefix][0]]
    return list(stems), None
