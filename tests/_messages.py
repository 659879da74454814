"""Message checks that pin the names a message must carry, not its sentence.

A refusal is right when it names what the user must act on: the option, the
column, the row, the value received. ``naming`` matches a message that holds
every one of them, in any order, whatever the words around them; rewording a
message then breaks no test, and dropping a name does.
"""

import re


def naming(*names):
    """A ``match=`` pattern for :func:`pytest.raises` and :func:`pytest.warns`:
    every one of ``names``, literally, anywhere in the message.

    Examples
    --------
    >>> import re
    >>> bool(re.search(naming("`datasets`", "'Wine '"), "`datasets` names 'Wine ', no data set"))
    True
    >>> bool(re.search(naming("`datasets`", "'Wine'"), "`datasets` names 'Wine ', no data set"))
    False
    """
    if not names:
        raise ValueError("naming() needs at least one name the message must hold.")
    return "(?s)" + "".join(f"(?=.*{re.escape(name)})" for name in names)


def assert_names(message, *names):
    """Assert that ``message`` holds every one of ``names`` (for text, not exceptions)."""
    missing = [name for name in names if name not in message]
    assert not missing, f"{missing} not in the message: {message!r}"
