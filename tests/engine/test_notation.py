"""engine/notation.py: a typed line + the state -> a typed stroke entry -> stroke facts."""
import pytest

from engine import adjudicate, initial_state
from engine.notation import Command, NotationError, StrokeEntry, parse_line
from engine.values import CUE


@pytest.fixture
def state():
    return initial_state()


def test_a_call_defaults_the_first_ball_to_the_called_one_R5_1(state):
    e = parse_line("7 FL", state)
    assert isinstance(e, StrokeEntry)
    f = e.stroke_facts(state)
    assert f.first_contact == "7" and f.pocketed == (("7", "FL"),) and f.call_fulfilled
    assert f.placement is not None  # from hand: a nominal place in the house (R3.2)
    assert adjudicate(state, f).adjudication.points == (7, 0)


def test_russian_and_english_words_read_alike(state):
    a = parse_line("7 ДЛ х первым 5 +3 БП", state).stroke_facts(state)
    b = parse_line("7 FL x first 5 +3 NR", state).stroke_facts(state)
    assert a == b and a.first_contact == "5" and a.pocketed == (("3", "NR"),)


def test_cue_ball_pocketed_is_foul_b_R7_1b(state):
    f = parse_line("7 FL +cue NR", state).stroke_facts(state)
    assert (CUE, "NR") in f.pocketed and "b" in f.facts


def test_unchanged_flag_is_the_persons_word_R9_2(state):
    f = parse_line("foul touch =", state).stroke_facts(state)
    assert f.balls_unchanged is True and "d" in f.facts
    assert parse_line("miss", state).stroke_facts(state).balls_unchanged is False


def test_commands(state):
    assert parse_line("undo", state) == Command("undo")
    assert parse_line("новая партия", state) == Command("new-game")
    assert parse_line("correct 10 5 typo", state) == Command("correction", ("10", "5", "typo"))
    assert parse_line("# a comment", state) is None


@pytest.mark.parametrize("line, token", [("7", "7"), ("bogus", "bogus"), ("7 FL +3", "+3"),
                                         ("FL", "FL")])
def test_refusals_name_the_token(state, line, token):
    with pytest.raises(NotationError) as exc:
        parse_line(line, state)
    assert exc.value.token == token and exc.value.why and exc.value.why_ru
