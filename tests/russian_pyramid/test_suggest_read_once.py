"""A suggestion's game state is read once, whichever door it came in by (issue 53 item 1: the
board's check read it, then the AI worker read it again): the board's check before the AI
waits reads it and hands the typed :class:`engine.GameState` over (pickled, to the AI
process), the engine and ``pyramid suggest`` read it once too; the options are typed once at
each door and ``suggest`` checks neither again.  Counted on
:meth:`engine.GameState.from_json`, the rules core's one reader of a state."""
from __future__ import annotations

import io
import json
import pickle

import pytest

from engine import GameState
from russian_pyramid.app.options import SuggestOptions
from russian_pyramid.board.server import create_app
from russian_pyramid.board.worker import AIWorker
from russian_pyramid.cli import main
from russian_pyramid.commands import engine

from ..cli.clihelp import ROOT
from .boardclient import guarded_client

STATE_FILE = ROOT / "russian_pyramid" / "examples" / "suggest_open.json"
SMALL = {"top": 1, "budget": 20, "seed": 0, "line": 1}  # a tiny search: the reading is counted


@pytest.fixture
def reads(monkeypatch) -> list:
    """Every document :meth:`GameState.from_json` reads, in order."""
    seen = []
    real = GameState.from_json.__func__

    def counted(cls, obj, *args, **kwargs):
        seen.append(obj)
        return real(cls, obj, *args, **kwargs)
    monkeypatch.setattr(GameState, "from_json", classmethod(counted))
    return seen


class HandOver(AIWorker):
    """The AI process's part played here: what the server hands it is pickled and unpickled,
    as a process pool does, and kept (``given``)."""

    def __init__(self) -> None:
        super().__init__()
        self.given: list[tuple] = []

    async def run(self, fn, *args):
        args = pickle.loads(pickle.dumps(args))
        self.given.append(args)
        return fn(*args)


def test_the_board_reads_the_state_once_and_hands_the_typed_state_over(reads, tmp_path):
    doc = json.loads(STATE_FILE.read_text(encoding="utf-8"))
    worker = HandOver()
    app = create_app(worker=worker, warm=False, match_record=str(tmp_path / "m.jsonl"))
    with guarded_client(app) as c:
        r = c.post("/api/suggest", params=SMALL, json=doc)
    assert r.status_code == 200, r.text
    assert len(reads) == 1, reads
    [(run, state, options)] = worker.given
    assert isinstance(state, GameState) and state == GameState.from_json(doc)
    assert hash(state) == hash(GameState.from_json(doc))  # whole across the boundary
    assert options == SuggestOptions.from_params({k: str(v) for k, v in SMALL.items()})
    assert r.json()["position"]["state"] == state.to_json()


def test_the_engine_reads_the_state_once(reads):
    doc = json.loads(STATE_FILE.read_text(encoding="utf-8"))
    out = io.StringIO()
    request = {"id": 1, "cmd": "suggest", "body": doc, "options": SMALL}
    engine.serve(io.StringIO(json.dumps(request) + "\n"), out)
    answer = json.loads(out.getvalue().splitlines()[-1])
    assert answer["ok"], answer
    assert len(reads) == 1, reads


def test_pyramid_suggest_reads_the_state_once(reads, capsys):
    assert main(["suggest", str(STATE_FILE), "--json", "--top", "1", "--budget", "20",
                 "--line", "1"]) == 0
    assert json.loads(capsys.readouterr().out)["suggestions"]
    assert len(reads) == 1, reads


def test_the_options_are_checked_at_their_door_alone(monkeypatch):
    """The options are typed at the door (the engine's by their names, the command line's by
    its flags) and ``suggest`` checks none again: no check naming a command line flag runs
    behind the engine's door (one did: ``--skill``)."""
    import russian_pyramid.app.common as common
    import russian_pyramid.app.suggest as app_suggest
    import russian_pyramid.commands.suggest as command
    flags = []
    real = common.noise_model

    def counted(skill, flag):
        flags.append(flag)
        return real(skill, flag)
    for module in (common, app_suggest, command):
        monkeypatch.setattr(module, "noise_model", counted, raising=False)
    doc = json.loads(STATE_FILE.read_text(encoding="utf-8"))
    out = io.StringIO()
    request = {"id": 1, "cmd": "suggest", "body": doc, "options": dict(SMALL, skill="club")}
    engine.serve(io.StringIO(json.dumps(request) + "\n"), out)
    assert json.loads(out.getvalue().splitlines()[-1])["ok"]
    assert flags == []
    assert main(["suggest", str(STATE_FILE), "--json", "--top", "1", "--budget", "20",
                 "--line", "1", "--skill", "club"]) == 0
    assert flags == ["--skill"]  # the command line's own, at its door, once


def test_a_simulations_noise_is_read_once(monkeypatch):
    """``simulate`` with a noise: the skill is read into its noise model once, with the
    options, not again by the simulation (issue 53 item 1, as for a suggestion)."""
    import ai.noise
    read = []
    real = ai.noise.NoiseModel.for_skill.__func__

    def counted(cls, skill):
        read.append(skill)
        return real(cls, skill)
    monkeypatch.setattr(ai.noise.NoiseModel, "for_skill", classmethod(counted))
    shot = json.loads((ROOT / "russian_pyramid" / "examples" / "cut.json").read_text("utf-8"))
    out = io.StringIO()
    request = {"id": 1, "cmd": "simulate", "body": shot,
               "options": {"noise": "club", "runs": 1, "seed": 0}}
    engine.serve(io.StringIO(json.dumps(request) + "\n"), out)
    answer = json.loads(out.getvalue().splitlines()[-1])
    assert answer["ok"] and len(answer["result"]["runs"]) == 1, answer
    assert read == ["club"]
