"""Errors the command line reports as bad input (exit status 2) without a traceback."""


class UserInputError(Exception):
    """Input from a user (a file, a flag, a JSON field) is malformed or not allowed.

    The message names the field and the value; ``detail`` (JSON-able fields) says the same as
    data, for a page to put in its own words (the board's answer carries it beside
    ``error``: e.g. ``refusal: {"reason": "overlap", "balls": ["3", "7"]}``)."""

    def __init__(self, message: str, **detail) -> None:
        super().__init__(message)
        self.detail = detail


MAX_MESSAGE_CHARS = 1000  # an error message is read by a person: a 50 MB bad value once gave
#                           50 MB on stderr.  Messages quote values with engine.errors.excerpt;
#                           this is the last guard for a message that quotes one in full.
_HEAD_CHARS = 700  # the start names the field; the end often lists what is accepted
_TAIL_CHARS = 200


def brief(message: str) -> str:
    """``message`` cut to about :data:`MAX_MESSAGE_CHARS`: its start and end, and how long it
    was."""
    message = str(message)
    if len(message) <= MAX_MESSAGE_CHARS:
        return message
    return (f"{message[:_HEAD_CHARS]} ... [{len(message) - _HEAD_CHARS - _TAIL_CHARS} "
            f"characters left out] ... {message[-_TAIL_CHARS:]}")
