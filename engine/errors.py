"""Errors of the rules core.

Two kinds, kept apart so a caller can tell a typo from a rules question:

* :class:`MalformedInputError` -- the input is not the right shape (bad JSON type, missing
  field, unknown ball id, NaN).  The message names the field and the value.
* :class:`IllegalInputError` -- the input is well formed but not allowed in the current state
  (calling a ball that is not on the table, placing the cue ball outside the house, playing on
  after the game ended).  The message names the state and, where there is one, the rule id.

Both derive from :class:`EngineError` (a ``ValueError``), which the command line turns into a
user-input error (exit status 2).
"""
from __future__ import annotations


EXCERPT_CHARS = 60  # a message quotes at most this much of a bad value (a 50 MB value once
#                     gave 50 MB on stderr)


def excerpt(value, limit: int = EXCERPT_CHARS) -> str:
    """``repr(value)`` cut to ``limit`` characters, saying how long it was when cut."""
    text = repr(value)
    if len(text) <= limit:
        return text
    return f"{text[:limit]}... ({len(text)} characters)"


class EngineError(ValueError):
    """Base class of every error the rules core raises on purpose."""


class MalformedInputError(EngineError):
    def __init__(self, field: str, value, why: str = "is malformed"):
        self.field = field
        self.value = value
        super().__init__(f"{field} = {excerpt(value)} {why}")


class IllegalInputError(EngineError):
    def __init__(self, message: str, rule: str | None = None):
        self.rule = rule
        super().__init__(f"{message}" + (f" ({rule})" if rule else ""))
