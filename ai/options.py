"""The kinds of an agent's options and how each is checked (ai.registry's table of the built-in
agents' options uses them): a number in a range, a display name, one of a few words, the path
of a data file.  Each ``check`` raises ValueError naming the agent, the option and the value."""
from __future__ import annotations

import math
from dataclasses import dataclass


@dataclass(frozen=True)
class NumberOption:
    """An agent option that is a number in ``[low, high]`` (given as a string in the spec).
    ``words`` are names accepted besides numbers (``skill=club``, ``time=none``)."""

    cast: type  # int or float
    low: float
    high: float
    words: tuple[str, ...] = ()
    low_open: bool = False  # the low end itself is not allowed (a time of 0 s)

    def check(self, agent: str, key: str, value: str) -> None:
        if value in self.words:
            return
        kind = "an integer" if self.cast is int else "a number"
        fmt = (lambda x: str(int(x))) if self.cast is int else (lambda x: f"{x:g}")
        low = f"above {fmt(self.low)}" if self.low_open else f"from {fmt(self.low)}"
        named = [w for w in self.words if w]
        words = f" or one of {', '.join(named)}" if named else ""
        why = (f"agent {agent!r}: option {key}={cut_repr(value)} must be {kind} {low} to "
               f"{fmt(self.high)}{words}")
        try:
            number = self.cast(value) if len(value) <= 30 else None
        except ValueError:
            number = None
        if number is None or not math.isfinite(number) or number > self.high \
                or number < self.low or (self.low_open and number == self.low):
            raise ValueError(why)


@dataclass(frozen=True)
class NameOption:
    """An agent's display name: printed in tables and written in records."""

    max_chars: int = 40

    def check(self, agent: str, key: str, value: str) -> None:
        if not value or len(value) > self.max_chars or not value.isprintable():
            raise ValueError(f"agent {agent!r}: option {key}={cut_repr(value)} must be a printable "
                             f"name of 1 to {self.max_chars} characters")


@dataclass(frozen=True)
class ChoiceOption:
    """An agent option that is one of a few words (``value=race``)."""

    choices: tuple[str, ...]

    def check(self, agent: str, key: str, value: str) -> None:
        if value not in self.choices:
            raise ValueError(f"agent {agent!r}: option {key}={cut_repr(value)} must be one of "
                             f"{', '.join(self.choices)}")


@dataclass(frozen=True)
class FileOption:
    """An agent option that names a file of data the agent reads when it is built
    (``weights=fit.json``): a printable path of 1 to ``max_chars`` characters ending in
    ``suffix``, or empty (no file: ``weights=`` pins the value's own); what is wrong with the
    file itself is said when it is read."""

    suffix: str
    max_chars: int = 400

    def check(self, agent: str, key: str, value: str) -> None:
        if value == "":
            return
        if len(value) > self.max_chars or not value.isprintable() \
                or not value.endswith(self.suffix):
            raise ValueError(f"agent {agent!r}: option {key}={cut_repr(value)} must be the path "
                             f"of a {self.suffix} file (at most {self.max_chars} characters)")


def cut_repr(value: str, limit: int = 40) -> str:
    """``value`` as a message shows it: its repr, cut to ``limit`` characters."""
    return repr(value) if len(value) <= limit else f"{value[:limit]!r}... ({len(value)} chars)"


Option = NumberOption | NameOption | ChoiceOption | FileOption
