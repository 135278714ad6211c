"""Errors the command line reports as bad input (exit status 2) without a traceback."""


class UserInputError(Exception):
    """Input from a user (a file, a flag, a JSON field) is malformed or not allowed.

    The message names the field and the value."""
