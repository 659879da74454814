"""The options that messages advise are spelled for their reader: as Python takes them,
or, while the command runs, as its flags, by one table (no message is reworded)."""

import ast
import io
import pathlib
import threading

import pytest

from sklearn_bayescmp import ScoreTable
from sklearn_bayescmp.cli import build_parser
from sklearn_bayescmp.cli._flags import COMMAND_SPELLING, FLAGS
from sklearn_bayescmp.exceptions import TableReadingError
from sklearn_bayescmp.utils._advice import option, parameter, spec_field, spelled_by, written

CLI = pathlib.Path(__file__).parents[1] / "sklearn_bayescmp" / "cli"


@pytest.mark.parametrize(
    "args, python, command",
    [
        (("greater_is_better", False), "greater_is_better=False", "--lower-is-better"),
        (("greater_is_better", True), "greater_is_better=True", "--higher-is-better"),
        (("models",), "models=[...]", "--models NAME ..."),
        (("dataset",), "dataset=<column>", "--dataset-col NAME"),
        (("n_test", "size"), "n_test='size'", "--n-test-col size"),
        (("model", "my model"), "model='my model'", "--model-col 'my model'"),
        (("design", "resamples"), "design='resamples'", "--design resamples"),
        (("design", None), "design=None", "no --design"),
        (("decimal", ","), "decimal=','", "--decimal ','"),
        (("delimiter", "\t"), "delimiter='\\t'", "--delimiter '\\t'"),
        (("missing", ["-", "n a"]), "missing=['-', 'n a']", "--missing '-' 'n a'"),
        (("test_train_ratio", written("1/9")), "test_train_ratio=1/9", "--test-train-ratio 1/9"),
        (("allow_incomplete", True), "allow_incomplete=True", "--allow-incomplete"),
        (
            ("read_resamples",),
            "ScoreTable.read_resamples([file, other_file, ...])",
            "bayescmp compare FILE.csv OTHER.csv ...",
        ),
        (("unknown_option", 3), "unknown_option=3", "unknown_option=3"),
    ],
)
def test_an_option_is_spelled_for_python_and_for_the_command(args, python, command):
    assert option(*args) == python
    with spelled_by(COMMAND_SPELLING):
        assert option(*args) == command
    assert option(*args) == python  # the spelling ends with the block


def test_parameters_and_spec_fields_are_named_for_their_reader():
    assert (parameter("n_draws"), spec_field("left_out")) == ("`n_draws`", "the spec's `left_out`")
    with spelled_by(COMMAND_SPELLING):
        assert parameter("n_draws") == "--n-draws"
        assert parameter("seed_of_nothing") == "`seed_of_nothing`"
        assert spec_field("left_out") == "the spec's left_out (--print-spec, --spec)"


def test_the_spelling_ends_on_an_error_and_stays_in_its_thread():
    with pytest.raises(RuntimeError), spelled_by(COMMAND_SPELLING):
        raise RuntimeError
    assert option("models") == "models=[...]"
    seen = []
    with spelled_by(COMMAND_SPELLING):
        thread = threading.Thread(target=lambda: seen.append(option("models")))
        thread.start()
        thread.join()
    assert seen == ["models=[...]"]


def test_every_flag_of_the_table_is_one_the_command_takes():
    parser = build_parser()
    compare = next(
        action
        for action in parser._subparsers._group_actions[0].choices.values()
        if action.prog.endswith("compare")
    )
    flags = {flag for action in compare._actions for flag in action.option_strings}
    assert {flag for flag, _ in FLAGS.values()} <= flags
    assert {"--higher-is-better", "--lower-is-better"} <= flags


def test_a_reading_error_says_the_flags_under_the_command_s_spelling():
    text = "dataset,a,b,c\nd0,0.8,0.7,0.75\nd1,0.9,0.85,0.8\nd2,0.7,0.72,0.71\n"
    with pytest.raises(TableReadingError) as python:
        ScoreTable.read_csv(io.StringIO(text))
    with spelled_by(COMMAND_SPELLING), pytest.raises(TableReadingError) as command:
        ScoreTable.read_csv(io.StringIO(text))
    assert "greater_is_better=False" in str(python.value)
    assert "--lower-is-better" in str(command.value)
    assert "greater_is_better" not in str(command.value)
    assert python.value.option == command.value.option == "greater_is_better"


def test_the_command_rewords_no_message_with_a_regular_expression():
    # Only file names are rewritten by a pattern (a report's files, for LaTeX).
    for path in CLI.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef):
                calls = [
                    call
                    for call in ast.walk(node)
                    if isinstance(call, ast.Call)
                    and isinstance(call.func, ast.Attribute)
                    and isinstance(call.func.value, ast.Name)
                    and call.func.value.id == "re"
                ]
                assert not calls or node.name == "report_file_path", (path.name, node.name)
        module_level = [
            node
            for node in tree.body
            if isinstance(node, ast.Assign) and "re.compile" in ast.unparse(node.value)
        ]
        assert not module_level, path.name
