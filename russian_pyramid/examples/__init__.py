"""The example files shipped with the program (package data: they come with the wheel, so they
work from an installed copy in any folder): positions to ask the AI about, shots to simulate,
strokes to referee, a game record to analyze, a game typed by a scorekeeper, and an agent of
your own to start from.

``pyramid suggest --example open`` reads one by its name (``simulate``, ``score`` and
``analyze`` take ``--example`` too; each command's ``--help`` lists its names);
``python -m russian_pyramid.examples`` lists them all, ``python -m russian_pyramid.examples
NAME`` prints one, to copy and change (``... open > mine.json``), and ``--path NAME`` says
where it lies.  The agent loads as ``russian_pyramid.examples.my_agent:EasiestPot``
(docs/AGENTS.md)."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent


@dataclass(frozen=True)
class Example:
    """One shipped file: its ``name`` (``--example NAME``), the ``file`` in this package, the
    ``command`` that reads it and what it shows."""
    name: str
    file: str
    command: str
    what: str

    @property
    def path(self) -> Path:
        return HERE / self.file


EXAMPLES = {e.name: e for e in (
    Example("open", "suggest_open.json", "suggest",
            "an open position, 20:25, five object balls: the AI's advice"),
    Example("foul-tush", "suggest_foul_tush.json", "suggest",
            "R11.8 example 2: the last ball, cue ball and 5 in the near jaws; the tush is best"),
    Example("foul-pocket-own-ball", "suggest_foul_pocket_own_ball.json", "suggest",
            "R11.8 example 1: pocketing one's own cue ball is best"),
    Example("foul-refused", "suggest_foul_refused.json", "suggest",
            "as foul-pocket-own-ball, but 5 penalty points would give the opponent the game"),
    Example("foul-loop", "foul_loop_last_ball.json", "suggest",
            "stroke 81 of a self-play game that cycled, last ball by the middle pocket, 67:60"),
    Example("break", "break.json", "simulate", "the opening break"),
    Example("cut", "cut.json", "simulate", "a cut of the 7, one stroke"),
    Example("pot", "score_pot.json", "score", "a called 7 pocketed in the far left corner"),
    Example("foul", "score_foul.json", "score", "the 12 pocketed with the cue ball (foul)"),
    Example("miss", "score_miss.json", "score", "the cue ball touches no ball (a miss)"),
    Example("session", "session_game.jsonl", "analyze",
            "a club game kept by pyramid score --session (24 strokes, 68:72)"),
    Example("session-typed", "session_game.txt", "score --session",
            "the same game as the scorekeeper typed it, line by line (stdin)"),
    Example("my-agent", "my_agent.py", "play --agent-a",
            "an agent of your own: russian_pyramid.examples.my_agent:EasiestPot"),
)}


def names(command: str) -> tuple[str, ...]:
    """The examples ``pyramid COMMAND --example`` takes, in the order above."""
    return tuple(e.name for e in EXAMPLES.values() if e.command == command)


def path(name: str) -> Path:
    """The file of the example ``name`` (KeyError for an unknown name)."""
    return EXAMPLES[name].path
