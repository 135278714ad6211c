"""ai.describe: advice a player can execute -- the cut as a side and a fraction, the tip, the
speed in table lengths, the placement in diamonds -- in English and Russian."""
import math

import pytest

from ai.describe import (Advice, advise, cut_text, diamonds_of, fraction_name, instruction,
                         roll_distance, tip_text)
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
    assert cut_text(advice).startswith(f"cut {side}, ")
    assert cut_text(advice, "ru").startswith("резка " + ("влево" if side == "left" else "вправо"))


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
        "кий на 0,3 R ниже и 0,3 R левее центра (оттяжка, левый винт), кий горизонтально"


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
    assert ru.startswith("Поставьте биток с руки: 1,1 ромба от короткого борта дома")
    assert "резка влево" in ru and "дальнюю левую угловую" in ru
    with pytest.raises(ValueError):
        instruction("attack", call, strike, cue, lang="de")


def test_advice_json_is_plain_data():
    import json
    sim = shared_simulator()
    advice, _ = advise(sim, {"cue": (1.0, 0.9), "7": (2.0, 1.2)}, Strike(2.0, 0.2))
    assert isinstance(advice, Advice)
    doc = json.loads(json.dumps(advice.to_json()))
    assert set(doc) >= {"aim", "cut", "tip", "speed", "placement_diamonds", "cue_stop"}
