"""The docs' tables of operations (docs/ENGINE.md, docs/BOARD.md), written from the table of
operations (:data:`russian_pyramid.app.operations.OPERATIONS`): one row an operation, its
body, its options with their kinds and what it answers.  The docs hold the text between
:func:`begin_marker` and :data:`END_MARKER`; a test compares it with :func:`table`, and
``python -m tests.russian_pyramid.operations_docs`` writes it again.

* :func:`table` -- a door's table (``engine`` or ``board``) as Markdown;
* :func:`with_table` -- a document's text with its door's table replaced.
"""
from __future__ import annotations

from enum import Enum

from .operations import Body, Operation, board_operations, engine_operations


class Door(Enum):
    """A door whose docs carry a table of operations."""

    ENGINE = "engine"
    BOARD = "board"


END_MARKER = "<!-- /operations -->"
HEADERS = {Door.ENGINE: ("cmd", "body", "options", "result"),
           Door.BOARD: ("operation", "route", "body", "options", "engine", "answer")}


def begin_marker(door: Door) -> str:
    return (f"<!-- operations: {door.value} (generated from russian_pyramid/app/operations.py "
            "by python -m tests.russian_pyramid.operations_docs; do not edit) -->")


def options_cell(op: Operation) -> str:
    """Each option in backquotes with its kind and a few words, in ``PARAMS``'s order."""
    params, words = op.options.PARAMS, op.options.HELP
    return ", ".join(f"`{name}` ({kind.value}; {words[name]})" for name, kind in params.items())


def body_cell(op: Operation) -> str:
    return "" if op.body is Body.NONE else op.body_words()


def row(op: Operation, door: Door) -> str:
    """The operation's row in ``door``'s table."""
    if door is Door.ENGINE:
        cells = (f"`{op.name}`", body_cell(op), options_cell(op), op.description)
    else:
        cells = (f"`{op.name}`", f"`{op.route()}`", body_cell(op), options_cell(op),
                 "yes" if op.engine else "", op.description)
    return "| " + " | ".join(cells) + " |"


def table(door: Door) -> str:
    """``door``'s table of operations, Markdown, with its markers."""
    ops = engine_operations() if door is Door.ENGINE else board_operations()
    head = HEADERS[door]
    lines = [begin_marker(door), "| " + " | ".join(head) + " |",
             "|" + "---|" * len(head)]
    lines += [row(op, door) for op in ops]
    return "\n".join(lines + [END_MARKER])


def with_table(text: str, door: Door) -> str:
    """``text`` (a document holding ``door``'s markers once) with the table between them
    written again; ValueError without the markers."""
    begin = text.find(f"<!-- operations: {door.value}")  # the marker, however written
    end = text.find(END_MARKER, begin)
    if begin < 0 or end < 0:
        raise ValueError(f"the document has no table of operations for the {door.value}")
    return text[:begin] + table(door) + text[end + len(END_MARKER):]
