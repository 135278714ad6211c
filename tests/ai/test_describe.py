"""ai.describe: advice a player can execute -- the cut as a side and a fraction, the tip, the
speed in table lengths, the placement in diamonds -- in English and Russian."""
import math
import re

import pytest

from ai.describe import (Advice, advise, cut_text, diamonds_of, fraction_name, instruction,
                         roll_distance, tip_fact, tip_text)
from ai.words import fraction_words
from engine.words import LANGS
from engine import Call
from sim import Strike, shared_simulator


def _aim(cue, ball, pocket_xy, R=0.034):
    """Direction from the cue ball to the ghost ball that sends ``ball`` to ``pocket_xy``."""
    bx, by = ball
    d = math.atan2(pocket_xy[1] - by, pocket_xy[0] - bx)
    gx, gy = bx - 2 * R * math.cos(d), by - 2 * R * math.sin(d)
    return math.atan2(gy - cue[1], gx - cue[0])


@pytest.mark.parametrize("ball_y, side", [(1.2, "left"), (0.6, "right")])
def test_cut_side_is_where_the_object_ball_goes(ball_y, side):
    """Seen from behind the cue (+y is left of a stroke toward +x): a ball sent toward a
    pocket on the left of the cue ball's line is a cut to the left."""
    sim = shared_simulator()
    L, W = sim.table.length_m, sim.table.width_m
    cue, ball = (1.0, 0.9), (2.0, ball_y)
    pocket = (L, W) if side == "left" else (L, 0.0)
    phi = _aim(cue, ball, pocket)
    advice, result = advise(sim, {"cue": cue, "7": ball}, Strike(2.0, phi))
    assert advice.first_contact == "7"
    assert advice.cut_side == side
    assert 0 < advice.fraction < 1
    assert math.dist(advice.ghost, ball) == pytest.approx(2 * sim.table.ball_radius_m, abs=1e-4)
    # issue 54: the side after the fraction, no numbers («почти в лоб, чуть срезать влево»)
    assert re.search(f", cut (a little )?{side}$", cut_text(advice)), cut_text(advice)
    ru = "влево" if side == "left" else "вправо"
    assert re.search(f", (чуть )?срезать {ru}$", cut_text(advice, "ru")), cut_text(advice, "ru")
    assert not re.search(r"\d", cut_text(advice, "ru"))


def test_straight_shot_and_fractions():
    sim = shared_simulator()
    advice, _ = advise(sim, {"cue": (1.0, 0.9), "7": (2.0, 0.9)}, Strike(2.0, 0.0))
    assert advice.cut_side == "straight" and fraction_name(advice.fraction) == "full"
    assert fraction_name(0.5) == "half" and fraction_name(0.27) == "quarter"
    assert fraction_name(0.02) == "thin"


def test_roll_distance_grows_with_speed_and_matches_rolling_friction():
    sim = shared_simulator()
    slow, fast = (roll_distance(sim, Strike(v, 0.0, vertical=0.4)) for v in (1.0, 2.0))
    assert 0 < slow < fast
    assert fast / slow == pytest.approx(4.0, rel=0.15)  # v^2 once rolling


def test_diamonds():
    assert diamonds_of(3.55, 1.775, (3.55 / 4, 1.775 / 4)) == (2.0, 1.0, "right")
    along, across, rail = diamonds_of(3.55, 1.775, (3.55 / 2, 1.775 * 0.9))
    assert along == pytest.approx(4.0) and across == pytest.approx(0.4) and rail == "left"


def test_tip_words():
    assert tip_text(Strike(2.0, 0.0, vertical=0.4)) == \
        "tip 0.4 R above centre (follow), cue level"
    assert tip_text(Strike(2.0, 0.0, side=-0.3, vertical=-0.3), "ru") == \
        ("точка удара: ниже центра на 0,3 радиуса и левее на 0,3 радиуса (оттяжка, левый "
         "винт), кий горизонтально")
    assert tip_text(Strike(2.0, 0.0, vertical=0.4), "ru").startswith(
        "точка удара: выше центра на 0,4 радиуса")


def test_the_advice_carries_the_tip_in_every_language_s_words():
    # issue 53 item 4: the page shows these, it words no tip itself
    sim = shared_simulator()
    strike = Strike(2.0, 0.2, side=0.25, vertical=-0.3)
    advice, _ = advise(sim, {"cue": (1.0, 0.9), "7": (2.0, 1.2)}, strike)
    words = advice.to_json()["tip"]["words"]
    assert set(words) == set(LANGS)
    assert words["en"] == "0.3 R below and 0.2 R right of centre (draw, right side)"
    assert words["ru"] == ("ниже центра на 0,3 радиуса и правее на 0,2 радиуса "
                           "(оттяжка, правый винт)")
    for lang in LANGS:  # the instruction says the same words
        assert words[lang] == tip_fact(strike.side, strike.vertical, lang)
        assert words[lang] in tip_text(strike, lang)


def test_instruction_in_both_languages_from_hand():
    sim = shared_simulator()
    cue, ball = (0.5, 1.3), (2.0, 1.2)
    phi = _aim(cue, ball, (sim.table.length_m, sim.table.width_m))
    strike = Strike(2.5, phi, vertical=0.2)
    advice, _ = advise(sim, {"cue": cue, "7": ball}, strike, placement=cue)
    call = Call.from_json({"ball": "7", "pocket": "FL", "manner": "clean"})
    en = instruction("attack", call, strike, cue, None, None, advice, "en")
    ru = instruction("attack", call, strike, cue, None, None, advice, "ru")
    assert en.startswith("From hand, place the cue ball 1.1 diamonds up from the house cushion "
                         "and 1.1 diamonds from the left long cushion")
    assert "cut left" in en and "table lengths" in en and "far left corner" in en
    assert "(x " not in en and "(x " not in ru  # the coordinates are the JSON's (issue 54)
    assert ru.startswith("Поставьте биток с руки: 1,1 ромба от короткого борта дома")
    assert "срезать влево" in ru and "дальнюю левую угловую" in ru
    with pytest.raises(ValueError):
        instruction("attack", call, strike, cue, lang="de")


def test_advice_json_is_plain_data():
    import json
    sim = shared_simulator()
    advice, _ = advise(sim, {"cue": (1.0, 0.9), "7": (2.0, 1.2)}, Strike(2.0, 0.2))
    assert isinstance(advice, Advice)
    doc = json.loads(json.dumps(advice.to_json()))
    assert set(doc) >= {"aim", "cut", "tip", "speed", "placement_diamonds", "cue_stop"}


def _from_hand_attack(speed_mps=2.5, vertical=0.2):
    sim = shared_simulator()
    cue, ball = (0.5, 1.3), (2.0, 1.2)
    phi = _aim(cue, ball, (sim.table.length_m, sim.table.width_m))
    strike = Strike(speed_mps, phi, vertical=vertical)
    advice, _ = advise(sim, {"cue": cue, "7": ball}, strike, placement=cue)
    call = Call.from_json({"ball": "7", "pocket": "FL", "manner": "clean"})
    return call, strike, cue, advice


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_no_cue_direction_in_degrees_in_the_players_text(lang):
    """Issue 25: «направление кия −128,8°» cannot be used at a table; the aim is the ball
    fraction; the direction stays in the JSON for machines."""
    call, strike, cue, advice = _from_hand_attack()
    text = instruction("attack", call, strike, cue, None, None, advice, lang)
    deg = f"{math.degrees(strike.phi_rad):.1f}".replace(".", "," if lang == "ru" else ".")
    assert deg not in text and "direction" not in text and "направлен" not in text
    assert cut_text(advice, lang) in text  # the aim: side and ball fraction
    assert advice.to_json()["aim"]["phi_deg"] == pytest.approx(math.degrees(strike.phi_rad),
                                                               abs=1e-3)


@pytest.mark.parametrize("lang, word", [("en", "strength"), ("ru", "сила")])
def test_speed_is_a_level_with_its_lengths_on_the_real_table(lang, word):
    """Issue 25: the speed on the 1-10 scale, its name and its lengths (cushions included)
    all from the one level, not an endless cloth's roll."""
    from ai.speed_scale import level_lengths, level_of
    from ai.words import number_text, speed_words
    call, strike, cue, advice = _from_hand_attack()
    text = instruction("attack", call, strike, cue, None, None, advice, lang)
    level = level_of(strike.speed_mps)
    assert f"{word} {level} {'из' if lang == 'ru' else 'of'} 10" in text
    assert speed_words(strike.speed_mps, lang) in text
    assert number_text(level_lengths(level), 1, lang) in text
    assert number_text(advice.table_lengths, 1, lang) not in text  # the endless cloth's roll
    doc = advice.to_json()["speed"]
    assert doc["level"] == level and doc["level_lengths"] == level_lengths(level)


def test_same_level_same_name_and_lengths_whatever_the_spin():
    """Issue 25: «слабо… 2,9 длины (1,6 м/с)» beside «средне… 2,6 длины (1,6 м/с)»: two
    strokes at one level say one name and one distance, whatever their spin."""
    from ai.describe import speed_text
    texts = set()
    for v, vertical in ((1.58, 0.4), (1.62, 0.0), (1.6, -0.3)):
        call, strike, cue, advice = _from_hand_attack(v, vertical)
        texts.add(speed_text(strike, advice, "ru"))
    assert len(texts) == 1, texts


def test_ru_advice_has_no_latin_pocket_codes_and_safety_words():
    call, strike, cue, advice = _from_hand_attack()
    import re
    for kind in ("attack", "safety"):
        text = instruction(kind, call, strike, cue, None, None, advice, "ru")
        assert not re.search(r"\b(NL|NR|ML|MR|FL|FR)\b", text), text


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_pocket_own_ball_foul_names_the_pocket_not_degrees(lang):
    """The deliberate foul of rolling the cue ball into a pocket says which pocket (the
    noise-free play's), not the cue direction in degrees."""
    from ai.agent import POCKET_OWN_BALL
    from ai.words import pocket_words
    sim = shared_simulator()
    strike = Strike(1.0, math.atan2(-0.3, -0.3))  # from (0.3, 0.3) toward the NL corner
    advice, result = advise(sim, {"cue": (0.3, 0.3)}, strike)
    pocket = next(p.pocket for p in result.pocketed if p.ball == "cue")
    text = instruction("deliberate-foul", None, strike, None, foul=POCKET_OWN_BALL,
                       advice=advice, lang=lang)
    assert pocket_words(pocket, lang) in text
    assert "135" not in text and "direction" not in text and "направлен" not in text


@pytest.mark.parametrize("fraction, en, ru", [
    (1.0, "full ball", "в лоб"), (0.90, "nearly full ball", "почти в лоб"),
    (0.5, "half ball", "в полшара"), (0.52, "half ball", "в полшара"),
    (0.38, "a little thinner than half ball", "чуть тоньше полшара"),
    (0.60, "a little fuller than half ball", "чуть толще полшара"),
    (0.03, "thin cut", "тонкая резка"),
])
def test_a_fraction_off_its_name_is_said_so(fraction, en, ru):
    """Issue 54: «в полшара (0,38 шара)» was not half a ball; «в лоб (полный шар) (0,90 шара)»
    said full for a cut."""
    assert fraction_words(fraction, "en") == en and fraction_words(fraction, "ru") == ru


def test_the_diamonds_in_the_json_are_the_texts():
    """Issue 54: the page's facts said «1,9 ромба» where the instruction said «2,0» -- the
    JSON rounded to hundredths (1.95) and the page rounded that again.  Rounded once, the
    JSON's numbers as the page shows them (one decimal) are the text's, at every spot."""
    from dataclasses import replace

    from ai.describe import cue_stop_text
    from ai.words import number_text
    _, _, _, advice = _from_hand_attack()
    L, W = advice.table_length_m, advice.table_width_m
    for k in range(200):  # spots a little past the half-tenths of a diamond, where it showed
        along = 0.05 + 0.1 * (k % 40) + 1e-4
        across = 0.05 + 0.1 * (k // 40) + 1e-4
        spot = (along * L / 8, across * W / 4)
        a = replace(advice, cue_stop=spot, placement=spot, diamonds=diamonds_of(L, W, spot))
        doc = a.to_json()
        for d in (doc["cue_stop_diamonds"], doc["placement_diamonds"]):
            shown = [f"{d['from_house']:.1f}".replace(".", ","),
                     f"{d['from_rail']:.1f}".replace(".", ",")]
            text = cue_stop_text(L, W, spot, "ru")
            assert f"в {shown[0]} ромба от борта дома и {shown[1]} от" in text, (shown, text)
            assert number_text(d["from_house"], 1, "ru") == shown[0]
