"""What a subcommand raises for the command to say in one line (standard library only)."""


class InputError(Exception):
    """Bad input, reported in one line without a traceback."""


class MissingDependency(Exception):
    """An optional dependency is missing; the message says how to install it."""


class Interrupted(Exception):
    """Ctrl-C; the message says what is kept (e.g. the cached splits)."""
