"""Record verification the record cannot switch off (issue 23, item 6).

A tampering run found records accepted as verified with their balls moved and the seal made
again, because the record itself turned the re-simulation off (other ``header.physics``,
strikes set to null, ``"human": true``), or because a field nothing compared was changed
(degrees beside the radians, event times, ``unfinished``), or because a record's lines were
split at U+2028.  Each kind here is refused with its line; every genuine kind of record still
verifies, all through :func:`ai.games.records.verified` as ``pyramid analyze`` and the board
use it."""
from __future__ import annotations

import json
import math
from pathlib import Path

import numpy as np
import pytest

from ai.games.records import play_recorded_game, verified
from ai.noise import NoiseModel
from ai.registry import make_agent
from engine import initial_state, write_record
from engine.errors import MalformedInputError
from engine.record import parse_record, record_digest, record_lines
from engine.verify import RecordRefused
from russian_pyramid.board.match import MatchDesk
from sim import PhysicsParams, Simulator
from sim.params import record_physics

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "russian_pyramid" / "examples"  # the shipped examples
STROKES = 12


def _play(simulator, tmp_path, seed=3, max_strokes=STROKES, state=None) -> list[str]:
    agents = [make_agent("random", simulator)] * 2
    played = play_recorded_game(state or initial_state(), agents, ["random", "random"],
                                simulator, np.random.default_rng(np.random.SeedSequence(seed)),
                                [NoiseModel.for_skill("strong")] * 2, seed=seed,
                                max_strokes=max_strokes)
    path = tmp_path / f"game-{seed}.jsonl"
    write_record(path, played.record)
    return path.read_text(encoding="utf-8").split("\n")[:-1]


@pytest.fixture(scope="module")
def simulator():
    return Simulator()


@pytest.fixture(scope="module")
def lines(simulator, tmp_path_factory) -> list[str]:
    """A record as ``pyramid play --record`` writes it: header, 12 strokes, result."""
    out = _play(simulator, tmp_path_factory.mktemp("rec"))
    assert len(out) == STROKES + 2
    return out


@pytest.fixture(scope="module")
def finished(simulator, tmp_path_factory) -> list[str]:
    """A simulated game played to its end (to 10 points: random agents foul it there)."""
    out = _play(simulator, tmp_path_factory.mktemp("fin"), seed=5, max_strokes=200,
                state=initial_state(target=10))
    assert json.loads(out[-1])["result"] is not None and "unfinished" not in out[-1]
    return out


def _obj(lines, k) -> dict:
    return json.loads(lines[k - 1])


def _with(lines, k, obj) -> list[str]:
    out = list(lines)
    out[k - 1] = json.dumps(obj)
    return out


def _resealed(lines) -> list[str]:
    """The lines with the seal made again, as a tamperer who knows the format does."""
    result = dict(_obj(lines, len(lines)), sha256=record_digest(parse_record(lines)))
    return _with(lines, len(lines), result)


def _check(lines):
    return verified(parse_record("\n".join(lines) + "\n"))


def _refused(lines, line: int, words: str):
    with pytest.raises(RecordRefused) as info:
        _check(lines)
    assert info.value.line == line, str(info.value)
    assert str(info.value).startswith(f"line {line}: ") and words in str(info.value), \
        str(info.value)


def _moved(lines, k=6) -> tuple[list[str], str]:
    """A ball's resting place after stroke line ``k`` moved 3 cm, the next line's state
    moved with it (the chain of states still holds)."""
    o = _obj(lines, k)
    final = o["outcome"]["final"]
    ball, pos = next((b, [p[0] + dx, p[1] + dy]) for b, p in sorted(final.items())
                     if p is not None and b != "cue"
                     for dx, dy in ((0, 0.03), (0, -0.03), (0.03, 0), (-0.03, 0))
                     if 0.2 < p[0] + dx < 3.3 and 0.2 < p[1] + dy < 1.55
                     and all(math.dist((p[0] + dx, p[1] + dy), q) > 0.075
                             for c, q in final.items() if q is not None and c != b))
    final[ball] = pos
    nxt = _obj(lines, k + 1)
    nxt["state_before"]["balls"][ball] = pos
    return _with(_with(lines, k, o), k + 1, nxt), ball


# --- the kinds the tampering run found accepted ------------------------------------------------
@pytest.mark.parametrize("physics", [{"mu_roll": 0.012}, {}, None])
def test_default_physics_partly_or_not_named_still_re_simulate(lines, physics):
    """1. A physics block other than the full default set (here the default value alone)
    turned re-simulation off: now it is the defaults plus the values given."""
    bad, ball = _moved(lines)
    header = _obj(bad, 1)
    header["physics"] = physics
    if physics is None:
        del header["physics"]
    _refused(_resealed(_with(bad, 1, header)), 6, f"ball {ball}")


def test_other_physics_are_simulated_with_them_not_skipped(lines):
    """2. Other (valid) physics in the header of a game played with the defaults: its strokes
    are simulated again with the recorded physics, and the first stroke ends elsewhere."""
    header = _obj(lines, 1)
    header["physics"] = dict(header["physics"], mu_roll=0.014)
    _refused(_resealed(_with(lines, 1, header)), 2, "simulated again")


@pytest.mark.parametrize("physics, words", [
    ({"mu_rol": 0.012}, "header.physics.mu_rol is not a physics parameter (did you mean "
                        "mu_roll?)"),
    ({"mu_roll": 1e-9}, "header.physics.mu_roll = 1e-09 is out of range"),
    ({"gravity_mps2": 1e6}, "header.physics.gravity_mps2 = 1000000.0 is out of range"),
    ({"e_ball": 2.0}, "header.physics.e_ball is a restitution, at most 1"),
    ({"mu_roll": None}, "header.physics.mu_roll = None must be a finite number"),
    ({"mu_roll": "0.012"}, "header.physics.mu_roll = '0.012' must be a finite number"),
    ({"cushion_model": "rubber"}, "header.physics.cushion_model = 'rubber' must be one of"),
    ([0.012], "header.physics = [0.012] must be an object"),
])
def test_unknown_or_out_of_range_physics_are_refused_on_line_1(lines, physics, words):
    header = _obj(lines, 1)
    header["physics"] = physics
    _refused(_resealed(_with(lines, 1, header)), 1, words)


def test_strikes_set_to_null_from_one_stroke_on_are_refused(lines):
    """3. Strikes null from stroke 4 (line 5) on, the balls moved after: a simulated game
    records every stroke played (only a tush has none)."""
    bad, _ = _moved(lines, 8)
    for k in range(5, len(bad)):
        o = _obj(bad, k)
        o["strike"] = None
        o["outcome"].pop("events", None)
        bad = _with(bad, k, o)
    _refused(_resealed(bad), 5, "strike = null in a simulated game")
    # and without the positions either: the strokes are still not there to simulate
    for k in range(5, len(bad)):
        o = _obj(bad, k)
        o["outcome"]["final"] = {}
        bad = _with(bad, k, o)
    _refused(_resealed(bad), 5, "strike = null in a simulated game")


def test_human_true_on_a_simulated_game_is_refused(lines):
    """4. ``"human": true`` in the header of a simulated game (analyze then verified it
    without simulating): a person's game records no stroke played and claims no positions."""
    bad, _ = _moved(lines)
    header = dict(_obj(bad, 1), human=True)
    _refused(_resealed(_with(bad, 1, header)), 2, "strike is recorded in a person's game")
    stripped = [json.dumps(header)]
    for k in range(2, len(bad)):
        o = _obj(bad, k)
        o["strike"] = None
        stripped.append(json.dumps(o))
    stripped.append(bad[-1])
    _refused(_resealed(stripped), 2, "outcome.final claims positions in a person's game")
    for k in range(2, len(stripped)):
        o = _obj(stripped, k)
        o["outcome"]["final"] = {}
        stripped = _with(stripped, k, o)
    _refused(_resealed(stripped), 2, "outcome.events claims positions in a person's game")
    header["human"] = "yes"
    _refused(_resealed(_with(lines, 1, header)), 1, "header.human = 'yes'")


@pytest.mark.parametrize("field, rad", [("phi_deg", "phi_rad"),
                                        ("elevation_deg", "elevation_rad")])
def test_degrees_edited_beside_the_radians_are_refused(lines, field, rad):
    """5. The degrees (shown by the viewer and analyze) edited, the radians (simulated)
    kept."""
    o = _obj(lines, 4)
    o["strike"][field] += 5.0
    _refused(_resealed(_with(lines, 4, o)), 4, f"strike.{field} = ")
    o = _obj(lines, 4)
    o["strike"][field] += 1e-6  # far below a visible change, still not the radians
    _refused(_resealed(_with(lines, 4, o)), 4, f"disagrees with strike.{rad}")
    o = _obj(lines, 4)
    assert o["strike"][field] == math.degrees(o["strike"][rad])  # as written: exact
    o["strike"].pop("elevation_rad")  # read as 0 beside the radians of phi
    if field == "elevation_deg" and o["strike"][field] != 0.0:
        _refused(_resealed(_with(lines, 4, o)), 4, "strike.elevation_deg")


def test_event_times_rewritten_are_refused(lines):
    """6. Event times rewritten (the resting places and what fell left alone)."""
    o = _obj(lines, 3)
    for e in o["outcome"]["events"]:
        e["time_s"] *= 1.5
    _refused(_resealed(_with(lines, 3, o)), 3, "outcome.events[")
    o = _obj(lines, 3)
    o["outcome"]["events"][-1]["time_s"] += 0.01
    _refused(_resealed(_with(lines, 3, o)), 3, "time_s = ")
    o = _obj(lines, 3)
    o["outcome"]["events"] = o["outcome"]["events"][:-1]
    _refused(_resealed(_with(lines, 3, o)), 3, "outcome.events has")


def test_a_finished_game_marked_unfinished_is_refused(finished, lines):
    """7. A finished game marked ``"unfinished": true`` (and an unfinished one marked
    false): the result line's ``unfinished`` must be the replayed state's."""
    n = len(finished)
    r = dict(_obj(finished, n), unfinished=True)
    _refused(_resealed(_with(finished, n, r)), n, "unfinished = True")
    assert not _check(finished).check.unfinished
    n = len(lines)
    r = dict(_obj(lines, n), unfinished=False)
    _refused(_resealed(_with(lines, n, r)), n, "unfinished = False")
    session = (EXAMPLES / "session_game.jsonl").read_text(encoding="utf-8")
    sl = session.split("\n")[:-1]
    r = dict(_obj(sl, len(sl)), unfinished=True)
    _refused(_resealed(_with(sl, len(sl), r)), len(sl), "but after the 24 stroke(s)")


def test_lines_are_split_at_newline_only(lines):
    """8. Two lines joined by U+2028 were read as two (str.splitlines): they are one line,
    refused with its number; a raw U+2028 inside a string is part of its line."""
    joined = "\n".join(lines[:4] + [lines[4] + "\u2028" + lines[5]] + lines[6:])
    with pytest.raises(MalformedInputError, match="^line 5"):
        parse_record(joined)
    header = _obj(lines, 1)
    header["players"] = ["random\u2028A", "random\u2029B"]
    text = json.dumps(header, ensure_ascii=False)
    assert "\u2028" in text
    sealed = _resealed([text] + lines[1:])
    assert len(record_lines("\n".join(sealed))) == len(lines)
    check = _check([text] + sealed[1:])
    assert check.check.hash_checked and check.check.positions_replayed == STROKES
    o = _obj(lines, 7)
    o["points"] = [p + 1 for p in o["points"]]
    with pytest.raises(RecordRefused, match="^line 7: "):
        _check([text] + _with(sealed, 7, o)[1:])  # the line after it keeps its number


# --- every genuine kind still verifies, simulated again --------------------------------------
def test_a_played_record_verifies_every_stroke_simulated_again(lines):
    out = _check(lines)
    assert out.same_physics and out.check.positions_replayed == STROKES
    assert out.check.hash_checked and out.check.unfinished


def test_a_record_played_with_other_physics_verifies_with_them(tmp_path):
    """``pyramid play`` has no physics option: a game played by the same code with another
    simulator's physics (as an experiment or a later version would) records them in full and
    is simulated again with them."""
    physics = PhysicsParams(mu_roll=0.010, e_ball=0.93)
    rec = _play(Simulator(physics=physics), tmp_path, seed=4)
    assert _obj(rec, 1)["physics"]["mu_roll"] == 0.010
    out = _check(rec)
    assert not out.same_physics and out.simulator.physics == physics
    assert out.check.positions_replayed == STROKES and out.check.hash_checked
    bad, ball = _moved(rec)
    _refused(_resealed(bad), 6, f"ball {ball}")
    header = _obj(rec, 1)  # named in part: the defaults plus the values given
    header["physics"] = {"mu_roll": 0.010, "e_ball": 0.93}
    assert _check(_resealed(_with(rec, 1, header))).check.positions_replayed == STROKES


def test_a_finished_played_record_verifies(finished):
    out = _check(finished)
    assert out.check.positions_replayed + out.check.positions_unverified == len(finished) - 2
    assert not out.check.unfinished


def test_an_old_record_without_provenance_or_seal_verifies(lines):
    header = _obj(lines, 1)
    del header["provenance"], header["seal"]  # written before either (seal 1: issue 51)
    old = _resealed(_with(lines, 1, header))
    assert _check(old).check.positions_replayed == STROKES
    result = _obj(old, len(old))
    del result["sha256"]
    assert not _check(_with(old, len(old), result)).check.hash_checked


def test_the_shipped_session_record_and_the_match_tabs_verify(tmp_path):
    """A person's games: the shipped example (``pyramid score --session``), and the board's
    Match tab typing the same lines, finished and stopped part-way."""
    shipped = (EXAMPLES / "session_game.jsonl").read_text(encoding="utf-8")
    out = verified(parse_record(shipped))
    assert out.check.strokes == 24 and out.check.positions_replayed == 0
    typed = (EXAMPLES / "session_game.txt").read_text(
        encoding="utf-8").split("\n")
    for upto in (len(typed), 7):
        desk = MatchDesk(tmp_path / f"m{upto}.jsonl")
        desk.start({"players": ["Иван", "Пётр"], "lang": "ru"})
        for line in typed[:upto]:
            if line.strip() and line != "quit":
                assert not desk.line({"text": line}).refused, line
        check = verified(parse_record(desk.record_text())).check
        assert check.strokes > 0 and check.unfinished == (upto != len(typed))


@pytest.mark.parametrize("name", ["ball-and-pocket-seed4", "greedy-vs-random-seed3",
                                  "mc-vs-mcfast-seed1", "mc-vs-mcfast-seed2"])
def test_the_golden_games_verify(name):
    got = json.loads((ROOT / "tests" / "ai" / "golden_data" / f"{name}.json").read_text())
    out = verified(parse_record([json.dumps(line) for line in got]))
    assert out.same_physics and out.check.positions_replayed > 0


def test_record_physics_is_the_defaults_plus_the_values_given():
    assert record_physics(None) == record_physics({}) == PhysicsParams()
    assert record_physics({"mu_roll": 0.012}) == PhysicsParams()
    assert record_physics(PhysicsParams().to_json()) == PhysicsParams()
    assert record_physics({"mu_roll": 0.01}).mu_roll == 0.01
    assert record_physics({"cushion_model": "han2005"}).cushion_model == "han2005"
