"""Small files in the formats the field publishes, written by the tests."""

import csv
import io

import numpy as np

#: The columns of the AutoML Benchmark's results.csv, in its order.
AMLB_COLUMNS = (
    "id,task,framework,constraint,fold,type,result,metric,mode,version,params,app_version,"
    "utc,duration,training_duration,predict_duration,models_count,seed,info,acc,auc,balacc,"
    "logloss"
).split(",")
#: Binary tasks report AUC as their result, multiclass ones the negated log loss.
AMLB_TASKS = (
    ("3913", "kc2", "binary"),
    ("9957", "qsar-biodeg", "binary"),
    ("7592", "adult", "binary"),
    ("146212", "shuttle", "multiclass"),
    ("168331", "volkert", "multiclass"),
)
AMLB_FRAMEWORKS = {"AutoGluon": 0.02, "H2OAutoML": 0.01, "RandomForest": 0.0}


def text_of(header, rows):
    """A CSV's text from a header and rows (None is an empty cell)."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(header)
    writer.writerows([["" if cell is None else cell for cell in row] for row in rows])
    return buffer.getvalue()


def amlb_results(*, n_folds=10, failed=(), seed_per_framework=True, random_state=0):
    """The text of an AutoML Benchmark results file.

    ``failed``: the (framework, task, fold) runs that failed: their result and
    metric cells are empty and ``info`` holds the error, as the benchmark writes them.
    """
    rng = np.random.default_rng(random_state)
    rows = []
    for framework_index, (framework, lead) in enumerate(AMLB_FRAMEWORKS.items()):
        for task_id, task, kind in AMLB_TASKS:
            for fold in range(n_folds):
                seed = 1000 + fold + (100 * framework_index if seed_per_framework else 0)
                acc = 0.85 + lead + rng.normal(0, 0.01)
                auc = 0.9 + lead + rng.normal(0, 0.01)
                logloss = 0.4 - lead + abs(rng.normal(0, 0.02))
                if kind == "binary":
                    metric, result, auc_cell = "auc", auc, round(auc, 6)
                else:  # no AUC on a multiclass task: an empty cell
                    metric, result, auc_cell = "neg_logloss", -logloss, None
                info = None
                cells = [round(result, 6), round(acc, 6), auc_cell, round(logloss, 6)]
                if (framework, task, fold) in failed:
                    cells, info = [None] * 4, "NoResultError: the run was killed"
                result_cell, acc_cell, auc_cell, logloss_cell = cells
                rows.append(
                    [
                        f"openml.org/t/{task_id}",
                        task,
                        framework,
                        "1h8c",
                        fold,
                        kind,
                        result_cell,
                        metric,
                        "aws",
                        "2.1",
                        None,
                        "v2.1.0",
                        "2024-03-01T10:00:00",
                        3600.5,
                        3500.2,
                        5.1,
                        12,
                        seed,
                        info,
                        acc_cell,
                        auc_cell,
                        acc_cell,
                        logloss_cell,
                    ]
                )
    return text_of(AMLB_COLUMNS, rows)


def tsml_file(folder, name, scores, *, header="Resamples:", datasets=None):
    """Write one estimator's results file of aeon/tsml: ``scores`` has a row per data set
    and a column per resample (None: an empty cell). Returns its path."""
    datasets = datasets or [f"Problem{i}" for i in range(len(scores))]
    n_resamples = len(scores[0])
    rows = [[dataset, *row] for dataset, row in zip(datasets, scores, strict=True)]
    path = folder / name
    path.write_text(text_of([header, *range(n_resamples)], rows))
    return path


def tsml_files(folder, leads, *, n_datasets=6, n_resamples=30, measure="accuracy", seed=0):
    """The files of several estimators (``{name: lead}``), in order."""
    rng = np.random.default_rng(seed)
    datasets = ["Chinatown", "ItalyPowerDemand", "GunPoint", "Coffee", "ECG200", "Beef"][
        :n_datasets
    ]
    return [
        tsml_file(
            folder,
            f"{name}_{measure}.csv",
            np.round(0.85 + lead + rng.normal(0, 0.02, (n_datasets, n_resamples)), 6).tolist(),
            datasets=datasets,
        )
        for name, lead in leads.items()
    ]
