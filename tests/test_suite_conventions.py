"""The suite's own conventions, checked on its source."""

import ast
import pathlib

TESTS = pathlib.Path(__file__).parent

#: A ``match=`` literal this long pins a sentence: rewording the message would fail the test
#: while the message still says the same names and numbers.
SENTENCE = 40


def _pinned_sentences(path):
    """``(line, text)`` of every ``match=`` whose literal text is a sentence, outside
    ``naming()`` (whose names are what a message must hold, in any order)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not (isinstance(node, ast.keyword) and node.arg == "match"):
            continue
        call = node.value.func if isinstance(node.value, ast.Call) else None
        if getattr(call, "id", getattr(call, "attr", None)) == "naming":
            continue
        texts = [
            leaf.value
            for leaf in ast.walk(node.value)
            if isinstance(leaf, ast.Constant) and isinstance(leaf.value, str)
        ]
        longest = max(texts, key=len, default="")
        if len(longest) >= SENTENCE:
            found.append((node.value.lineno, longest))
    return found


def test_no_test_pins_a_sentence_of_a_message():
    pinned = {
        f"{path.relative_to(TESTS)}:{line}": text
        for path in sorted(TESTS.rglob("*.py"))
        for line, text in _pinned_sentences(path)
    }
    assert not pinned, f"match= pins these sentences; name what they say with naming(): {pinned}"


def test_a_pinned_sentence_is_found(tmp_path):
    path = tmp_path / "test_example.py"
    path.write_text(
        "import re\n"
        "with pytest.raises(ValueError, match=naming('`rope`', 'must be a pair of numbers')):\n"
        "    pass\n"
        "with pytest.raises(ValueError, match=re.escape('`rope` must be a pair of numbers, "
        "lower first')):\n"
        "    pass\n"
    )
    assert _pinned_sentences(path) == [(4, "`rope` must be a pair of numbers, lower first")]
