"""The table of operations (issue 53 item 1, russian_pyramid/app/operations.py): the board's
routes, their query strings, the engine's commands and options and the docs' tables are made
from it; a new operation registered there is served by every door it names, without touching
anything else; the engine takes every option the docs list (``line`` included)."""
from __future__ import annotations

import io
import json
from dataclasses import dataclass
from types import MappingProxyType
from typing import ClassVar, Mapping

import pytest

from russian_pyramid.app import operations
from russian_pyramid.app.operations import OPERATIONS, Body, Operation, engine_operations
from russian_pyramid.app.operations_doc import Door, row, table, with_table
from russian_pyramid.app.options import OptionKind, num_arg, options_from_json
from russian_pyramid.board import api
from russian_pyramid.board.query import query_refusal
from russian_pyramid.board.server import create_app
from russian_pyramid.commands import engine

from ..cli.clihelp import ROOT
from .boardclient import guarded_client
from .operations_docs import DOCS, written

EXAMPLES = ROOT / "russian_pyramid" / "examples"
# a value of each kind that every option of the engine's commands takes
SAMPLE = {OptionKind.INTEGER: 1, OptionKind.NUMBER: 1.0, OptionKind.NAME_OR_NUMBER: "strong",
          OptionKind.NAME: "en"}


def talk(*requests) -> list[dict]:
    out = io.StringIO()
    engine.serve(io.StringIO("".join(json.dumps(r) + "\n" for r in requests)), out)
    return [json.loads(line) for line in out.getvalue().splitlines()][1:]


@pytest.mark.parametrize("door", list(Door))
def test_the_docs_tables_are_the_registry(door):
    """docs/ENGINE.md and docs/BOARD.md hold the tables written from the registry (write them
    again: python -m tests.russian_pyramid.operations_docs)."""
    text = DOCS[door].read_text(encoding="utf-8")
    assert text == written(door), "python -m tests.russian_pyramid.operations_docs"
    for op in (engine_operations() if door is Door.ENGINE else operations.board_operations()):
        assert row(op, door) in text
        for name, kind in op.options.PARAMS.items():
            assert f"`{name}` ({kind.value};" in row(op, door)


def test_the_engine_takes_every_option_its_docs_list():
    """Every option of every engine command, each at a value of its kind, all at once: taken
    (the answer is the body's refusal, the same as without options), never refused as no
    option of the command; ``line`` is one of suggest's."""
    assert "line" in OPERATIONS["suggest"].options.PARAMS and OPERATIONS["suggest"].engine
    for op in engine_operations():
        name = op.name
        values = {key: SAMPLE[kind] for key, kind in op.options.PARAMS.items()}
        assert options_from_json(op.options, values, name) == op.options.from_params(values)
        body = "" if op.body is Body.TEXT else {}
        with_all, without = talk({"id": 1, "cmd": name, "body": body, "options": values},
                                 {"id": 2, "cmd": name, "body": body})
        assert with_all["ok"] is False and "not an option" not in with_all["error"], with_all
        assert with_all["error"] == without["error"], name


# --- a dummy operation, registered in the test only -----------------------------------------
@dataclass(frozen=True)
class EchoOptions:
    times: int = 1
    PARAMS: ClassVar[Mapping[str, OptionKind]] = MappingProxyType({"times": OptionKind.INTEGER})
    HELP: ClassVar[Mapping[str, str]] = MappingProxyType({"times": "1-3, 1"})

    @classmethod
    def from_params(cls, params: Mapping) -> "EchoOptions":
        return cls(num_arg(params, "times", int, 1, 1, 3))


@dataclass(frozen=True)
class Echoed:
    words: tuple[str, ...]

    def to_json(self) -> dict:
        return {"echo": list(self.words)}


def _echo(body, options: EchoOptions) -> Echoed:
    return Echoed((str(body.get("say")),) * options.times)


ECHO = Operation("echo", "the body's `say`, `times` times", Body.JSON, "{\"say\": a word}",
                 EchoOptions, _echo, path="/api/echo", engine=True)


@pytest.fixture
def echo(monkeypatch):
    monkeypatch.setattr(operations, "OPERATIONS", dict(OPERATIONS))
    operations.register(ECHO)
    return ECHO


def test_a_registered_operation_is_served_by_every_door(echo, tmp_path):
    """Registered in the table alone: the board's route (its query string checked by its
    options' kinds), the engine's command (its options typed by theirs) and the docs' rows."""
    with guarded_client(create_app(warm=False, match_record=str(tmp_path / "m.jsonl"))) as c:
        r = c.post("/api/echo?times=2", json={"say": "hi"})
        assert r.status_code == 200 and r.json() == {"echo": ["hi", "hi"]}, r.text
        assert c.post("/api/echo?times=x", json={}).status_code == 400  # not its form
        r = c.post("/api/echo?times=9", json={})
        assert r.status_code == 422 and "times = '9' must lie in [1, 3]" in r.json()["error"]
        assert c.get("/api/echo").status_code == 405
    assert query_refusal("/api/echo", "times=2") is None
    assert query_refusal("/api/echo", "top=2")[0] == "top"
    ok, typed, unknown, body = talk(
        {"id": 1, "cmd": "echo", "body": {"say": "hi"}, "options": {"times": 3}},
        {"id": 2, "cmd": "echo", "body": {}, "options": {"times": "3"}},
        {"id": 3, "cmd": "echo", "body": {}, "options": {"top": 1}},
        {"id": 4, "cmd": "echo", "body": "hi"})
    assert ok["ok"] and ok["result"] == {"echo": ["hi"] * 3}
    assert typed["error"] == 'options.times = "3" must be a JSON integer'
    assert unknown["error"] == "options.top is not an option of echo; its options: times"
    assert body["error"] == 'body = \'hi\' must be a JSON object: {"say": a word}'
    docs_row = "| `echo` | a JSON object: {\"say\": a word} | `times` (integer; 1-3, 1) | " \
               "the body's `say`, `times` times |"
    assert row(echo, Door.ENGINE) == docs_row
    assert docs_row in table(Door.ENGINE) and docs_row in with_table(
        DOCS[Door.ENGINE].read_text(encoding="utf-8"), Door.ENGINE)
    assert "| `echo` | `POST /api/echo` |" in with_table(
        DOCS[Door.BOARD].read_text(encoding="utf-8"), Door.BOARD)


def test_an_operation_is_registered_once(echo):
    with pytest.raises(ValueError, match="registered already"):
        operations.register(ECHO)
    with pytest.raises(ValueError, match="served already"):
        operations.register(Operation("echo2", "", Body.JSON, "", EchoOptions, _echo,
                                      path="/api/echo"))
    with pytest.raises(ValueError, match="cannot be an engine command"):
        operations.register(Operation("snap", "", Body.IMAGE, "", EchoOptions, _echo,
                                      engine=True))


def test_the_engine_reviews_a_record_as_the_board_does():
    """``review`` is an engine command now (the registry's): the board's answer, the same
    refusals."""
    text = (EXAMPLES / "session_game.jsonl").read_text(encoding="utf-8")
    ok, unknown, empty = talk(
        {"id": 1, "cmd": "review", "body": {"record": text, "analysis": None}},
        {"id": 2, "cmd": "review", "body": {"record": text, "notes": 1}},
        {"id": 3, "cmd": "review", "body": {"record": " "}})
    assert ok["ok"] and ok["result"] == api.review({"record": text, "analysis": None})
    assert ok["result"]["analysis"] is None and len(ok["result"]["strokes"]) > 1
    assert unknown["error"] == "review: unknown field 'notes'; it takes record, analysis"
    assert empty["error"].startswith("review: the record is empty")
