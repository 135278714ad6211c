"""Issue 24, item 6: the rules' vocabularies as StrEnums (engine/kinds.py).  A member is its
string: compared, used as a key and written to JSON exactly as the string was, so no file,
record or answer changes."""
from __future__ import annotations

import json
from dataclasses import replace

import pytest

from engine import GameState, initial_state, player_to_move
from engine.calls import BALL_AND_POCKET, CALL_MODES, EXACT
from engine.context import PAIR_ALTERNATE, PAIR_WHILE_SCORING
from engine.kinds import CallMode, FoulLetter, NamedFact, PairOrder, Variant
from engine.record import canonical_json
from engine.state import ONE_VS_PAIR, THREE_EACH, TWO_PLAYER, VARIANTS, PairState
from engine.stroke import FOUL_LETTERS, NAMED_FACTS

ENUMS = (Variant, CallMode, PairOrder, FoulLetter, NamedFact)


def test_the_old_constants_are_the_members():
    assert (TWO_PLAYER, THREE_EACH, ONE_VS_PAIR) == tuple(Variant) == VARIANTS
    assert TWO_PLAYER is Variant.TWO_PLAYER and EXACT is CallMode.EXACT
    assert (EXACT, BALL_AND_POCKET) == CALL_MODES
    assert PAIR_ALTERNATE is PairOrder.ALTERNATE and PAIR_WHILE_SCORING is PairOrder.WHILE_SCORING
    assert FOUL_LETTERS == tuple("abcdefghi") and set(NAMED_FACTS) == set(NamedFact)


@pytest.mark.parametrize("kind", ENUMS, ids=lambda k: k.__name__)
def test_a_member_is_its_string_in_comparisons_keys_and_json(kind):
    for m in kind:
        s = m.value
        assert m == s and s == m and hash(m) == hash(s) and str(m) == s and f"{m}" == s
        assert {s: 1}[m] == 1 and {m: 1}[s] == 1 and s in set(kind) and kind(s) is m
        for dumps in (json.dumps, canonical_json,
                      lambda o: json.dumps(o, sort_keys=True, ensure_ascii=False, indent=1)):
            assert dumps({m: [m, {"k": m}]}) == dumps({s: [s, {"k": s}]})


def test_R7_1_letters_cite_their_rule():
    assert [f.rule for f in FoulLetter] == [f"R7.1{c}" for c in "abcdefghi"]


@pytest.mark.parametrize("variant", list(Variant))
def test_states_write_the_same_bytes_whether_built_or_read(variant):
    """A state built with members and the same state read back from JSON (plain strings
    made members again): equal, and the same canonical bytes."""
    st = initial_state(variant, CallMode.BALL_AND_POCKET)
    again = GameState.from_json(json.loads(json.dumps(st.to_json())))
    assert again == st and type(again.variant) is Variant and type(again.call_mode) is CallMode
    text = canonical_json(st.to_json())
    assert text == canonical_json(json.loads(text))
    assert f'"variant":"{variant.value}"' in text


def test_R12_1_R9_1_variant_sides_and_default_targets():
    assert [(v.n_sides, v.default_target) for v in Variant] == [(2, 71), (3, 51), (2, 71)]


def test_R12_2_players_and_their_sides():
    """One against a pair: three players, the single on side 0, partners A and B on side 1;
    the player at the table is the partner the pair state names."""
    assert [Variant(v).n_players for v in VARIANTS] == [2, 3, 3]
    assert [Variant.ONE_VS_PAIR.side_of_player(p) for p in range(3)] == [0, 1, 1]
    assert [Variant.THREE_EACH.side_of_player(p) for p in range(3)] == [0, 1, 2]
    for bad in (2, -1, True, "1"):
        with pytest.raises(ValueError, match="player must be 0..1"):
            Variant.TWO_PLAYER.side_of_player(bad)
    state = initial_state(ONE_VS_PAIR)
    assert player_to_move(state) == 0
    for partner in (0, 1):
        turn = replace(state, to_move=1, pair=PairState(partner=partner))
        assert player_to_move(turn) == 1 + partner
    assert player_to_move(initial_state(THREE_EACH, breaker=2)) == 2
