"""The application layer (russian_pyramid/app): typed options parsed strictly, one set of limits for
the command line and the board, typed answers whose JSON is the board's, and the layer's
place (it imports no adapter)."""
from __future__ import annotations

import argparse
import ast
import json
from pathlib import Path

import pytest

from ai import registry
from ai.agent import Decision, DecisionKind
from engine.words import LANGS, say
from russian_pyramid.app import limits
from russian_pyramid.app.options import SimulateOptions, SuggestOptions, num_arg
from russian_pyramid.app.position import Checked, Kind, Shot, check, parse_shot
from engine import GameState
from engine.calls import Call
from engine.record import canonical_json
from russian_pyramid.app.suggest import (AnsweredPosition, BudgetKind, SearchBudget, SeedFrom,
                                  placement_twins, position_digest, position_seed,
                                  state_to_suggest)
from russian_pyramid.board import api
from russian_pyramid.commands import _common as C
from russian_pyramid.errors import UserInputError

ROOT = Path(__file__).resolve().parents[2]
OPEN = ROOT / "russian_pyramid" / "board" / "static" / "positions" / "open.json"
HAND = OPEN.with_name("hand.json")


def _shot() -> dict:
    doc = json.loads(OPEN.read_text(encoding="utf-8"))
    return {"table": doc["table"], "balls": doc["balls"],
            "strike": {"speed_mps": 2.0, "phi_deg": 0.0}}


def test_suggest_options_defaults():
    o = SuggestOptions.from_params({})
    assert o == SuggestOptions()
    assert (o.top, o.skill, o.time_budget_s, o.budget, o.seed, o.lang) == (
        limits.DEFAULT_TOP, limits.DEFAULT_SKILL, None, limits.DEFAULT_BUDGET, None, "en")
    assert limits.DEFAULT_BUDGET == 600


def test_suggest_options_from_query_strings_and_json():
    q = SuggestOptions.from_params({"top": "5", "skill": "club", "budget": "80", "seed": "7",
                                    "lang": "ru"})
    j = SuggestOptions.from_params({"top": 5, "skill": "club", "budget": 80, "seed": 7,
                                    "lang": "ru"})
    assert q == j == SuggestOptions(5, "club", None, 80, 7, "ru")
    assert SuggestOptions.from_params({"skill": "2.5"}).skill == 2.5
    with pytest.raises(AttributeError):  # frozen
        q.top = 2


def test_a_time_budget_takes_the_clock_s_sample_ceiling_unless_a_budget_is_given():
    assert SuggestOptions.from_params({"time_budget": 2}).budget == limits.TIME_BUDGET_SAMPLES
    assert SuggestOptions.from_params({"time_budget": 2, "budget": 50}).budget == 50
    assert SuggestOptions.from_params({"time_budget": 2}).time_budget_s == 2.0


@pytest.mark.parametrize("params, message", [
    ({"top": 0}, r"^top = 0 must lie in \[1, 10\]"),
    ({"top": 11}, r"^top = 11 must lie in \[1, 10\]"),
    ({"top": "3.0"}, "^top = "),
    ({"budget": limits.MAX_BUDGET + 1}, "^budget = "),
    ({"time_budget": limits.MAX_BOARD_TIME_BUDGET_S + 1}, "^time_budget = "),
    ({"time_budget": 0.05}, "^time_budget = "),
    ({"seed": -1}, "^seed = "),
    ({"seed": 2 ** 64}, "^seed = "),
    ({"skill": 101}, r"^skill = 101 must lie in \[0.0, 100.0\]"),
    ({"skill": "grandmaster"}, "^skill = "),
    ({"lang": "de"}, "^lang = 'de' must be one of en, ru"),
])
def test_suggest_options_refused_naming_the_option(params, message):
    with pytest.raises(UserInputError, match=message):
        SuggestOptions.from_params(params)


def test_one_seed_maximum_for_the_command_line_and_the_board():
    assert limits.SEED_MAX == C.SEED_MAX == 2 ** 64 - 1
    for seed in (2 ** 40, 2 ** 64 - 1):
        assert C.seed_int(str(seed)) == seed  # the CLI's --seed
        assert SuggestOptions.from_params({"seed": seed}).seed == seed  # the board, JSON
        assert SuggestOptions.from_params({"seed": str(seed)}).seed == seed  # query string
        assert SimulateOptions.from_params({"noise": "club", "seed": seed}).seed == seed
    with pytest.raises(argparse.ArgumentTypeError):
        C.seed_int(str(2 ** 64))
    with pytest.raises(UserInputError, match="^seed = "):
        SimulateOptions.from_params({"noise": "club", "seed": 2 ** 64})


def test_the_board_plays_a_noisy_stroke_with_a_64_bit_seed():
    out = api.simulate(_shot(), {"noise": "club", "runs": 1, "seed": 2 ** 40})
    assert out["seed"] == 2 ** 40 and out["noise"] == "club" and len(out["runs"]) == 1
    again = api.simulate(_shot(), {"noise": "club", "runs": "1", "seed": str(2 ** 40)})
    assert again == out


def test_the_skill_maximum_is_the_registry_s():
    assert limits.MAX_SKILL is registry.MAX_SKILL
    SuggestOptions.from_params({"skill": registry.MAX_SKILL})
    with pytest.raises(UserInputError, match="skill"):
        SuggestOptions.from_params({"skill": registry.MAX_SKILL + 1})
    with pytest.raises(UserInputError, match="at most 100"):
        C.noise_model(str(registry.MAX_SKILL + 1), "--skill")


def test_simulate_options():
    assert SimulateOptions.from_params(None) == SimulateOptions()
    for key in ("runs", "seed"):  # they say how a noise is drawn: without one, refused (issue
        with pytest.raises(UserInputError, match=f"^{key} = 2 is read only with a noise"):  # 51)
            SimulateOptions.from_params({key: 2})
    o = SimulateOptions.from_params({"noise": "club", "runs": "3"})
    assert (o.noise, o.runs, o.seed) == ("club", 3, 0)
    with pytest.raises(UserInputError, match="^runs = 21 must lie"):
        SimulateOptions.from_params({"noise": "club", "runs": 21})
    with pytest.raises(UserInputError, match="^noise 'wild'"):  # the noise before the runs
        SimulateOptions.from_params({"noise": "wild", "runs": 21})


def test_num_arg_bounds_and_default():
    assert num_arg({}, "x", int, 4, 1, 9) == 4
    with pytest.raises(UserInputError, match="^x = '' must be an integer"):  # no default
        num_arg({"x": ""}, "x", int, 4, 1, 9)  # for an empty one (issue 51)
    assert num_arg({"x": " 9 "}, "x", int, 4, 1, 9) == 9
    assert num_arg({"x": "1e-1"}, "x", float, None, 0.0, 1.0) == 0.1


def test_checked_and_its_json():
    doc = json.loads(OPEN.read_text(encoding="utf-8"))
    c = check({"table": doc["table"], "balls": doc["balls"]})
    assert c == Checked(Kind.POSITION) and c.to_json() == {"ok": True, "kind": "position",
                                                           "notes": []}
    assert check(doc, state=True).kind is Kind.STATE
    assert api.check(doc) == check(doc).to_json()


def test_a_shot_unpacks_as_before():
    shot = parse_shot(_shot())
    assert isinstance(shot, Shot)
    simulator, balls, strike, watch = shot
    assert simulator is shot.simulator and "cue" in balls and watch is False


def test_the_budget_note_is_the_catalog_s():
    b = SearchBudget(100, 7, SeedFrom.POSITION, 2.0, 321)
    assert b.kind is BudgetKind.TIME
    for lang in LANGS:
        assert b.note(lang) == say("app.budget.time_note", lang, seconds="2", used=321, seed=7)
    js = b.to_json()
    assert js["kind"] == "time" and js["seed_from"] == "position" and set(js["note"]) == set(LANGS)
    assert json.loads(json.dumps(js)) == js
    assert SearchBudget(100, 7).note("en") is None
    assert SearchBudget(100, 7).to_json() == {"kind": "samples", "samples": 100, "seed": 7,
                                              "seed_from": "request", "samples_used": 0}


def _project_imports(path: Path) -> list[str]:
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = path.relative_to(ROOT).parent.parts[:len(path.relative_to(ROOT).parts)
                                                           - node.level]
                out.append(".".join(base + ((node.module,) if node.module else ())))
            else:
                out.append(node.module or "")
        elif isinstance(node, ast.Import):
            out += [a.name for a in node.names]
    return out


def test_the_app_layer_imports_no_adapter_and_the_worker_no_command():
    for path in sorted((ROOT / "russian_pyramid" / "app").glob("*.py")):
        bad = [m for m in _project_imports(path)
               if m.startswith(("russian_pyramid.commands", "russian_pyramid.board", "russian_pyramid.cli"))]
        assert not bad, f"{path.name} imports {bad}"
    worker = ROOT / "russian_pyramid" / "board" / "worker.py"
    assert not [m for m in _project_imports(worker) if m.startswith("russian_pyramid.commands")]


def test_the_old_names_of_commands_common_still_work():
    for name in ("agent_spec", "noise_model", "handicap", "positive_int", "seed_int",
                 "SEED_MAX", "fresh_seed", "fmt_call", "stroke_line", "finite", "first_run",
                 "log"):
        assert callable(getattr(C, name)) or name == "SEED_MAX", name


def _sugg(kind, ball, pocket, manner="clean", placement=None, foul=None) -> Decision:
    call = None if ball is None else Call(ball, pocket, manner)
    return Decision(call, None, None if placement is None else tuple(placement),
                    DecisionKind(kind), None if foul is None else DecisionKind(foul))


def test_placement_twins_are_the_same_stroke_from_another_place():
    """Two strokes from hand with the same kind, call (ball, pocket, manner) and foul differ
    only in where the cue ball is set down; any other difference, or a cue ball on the
    table, is another stroke."""
    ranked = [_sugg("safety", "1", "FL", placement=[0.8, 0.9]),
              _sugg("attack", "3", "MR", "bank", [0.88, 1.1]),
              _sugg("safety", "1", "FL", placement=[0.88, 1.1]),
              _sugg("attack", "3", "MR", "cushion-first", [0.88, 1.3]),   # another manner
              _sugg("attack", "3", "ML", "bank", [0.7, 1.3]),             # another pocket
              _sugg("safety", "1", "FL", placement=[0.5, 0.3])]
    assert placement_twins(ranked) == [(3, 6), (), (1, 6), (), (), (1, 3)]
    on_table = [_sugg("attack", "7", "FL"), _sugg("attack", "7", "FL")]
    assert placement_twins(on_table) == [(), ()]
    fouls = [_sugg("deliberate-foul", None, None, placement=[0.5, 0.5], foul="tush"),
             _sugg("deliberate-foul", None, None, placement=[0.6, 0.5], foul="miss")]
    assert placement_twins(fouls) == [(), ()]


def test_the_answer_carries_the_position_s_digest():
    """The digest is the SHA-256 of the canonical state JSON: the same position written
    otherwise (key order) has it, a ball moved 1 mm has another; the seed is its first 4
    bytes."""
    import hashlib
    doc = json.loads(OPEN.read_text(encoding="utf-8"))
    state = GameState.from_json(doc)
    digest = position_digest(state)
    assert digest == hashlib.sha256(canonical_json(state.to_json()).encode()).hexdigest()
    assert position_digest(GameState.from_json(dict(reversed(list(doc.items()))))) == digest
    moved = dict(doc, balls=dict(doc["balls"], cue=[doc["balls"]["cue"][0] + 0.001, 0.9]))
    assert position_digest(GameState.from_json(moved)) != digest
    assert position_seed(state) == int(digest[:2 * limits.POSITION_SEED_BYTES], 16)
    assert AnsweredPosition(state).to_json() == {"digest": digest, "state": state.to_json()}


def test_a_cue_ball_in_hand_and_on_the_table_is_refused():
    """R8.1: from hand the cue ball is set down in the house; a state that also gives it a
    place on the table contradicts itself, and the refusal names both fields."""
    doc = json.loads(HAND.read_text(encoding="utf-8"))
    assert doc["cue_in_hand"] is True and "cue" not in doc["balls"]
    both = dict(doc, balls=dict(doc["balls"], cue=[1.775, 0.9]))
    with pytest.raises(UserInputError) as err:
        state_to_suggest(both)
    assert "cue_in_hand" in str(err.value) and "balls.cue" in str(err.value)
    assert err.value.detail == {"conflict": {"fields": ["cue_in_hand", "balls.cue"]}}
