"""The levels of play (ai/noise.py SKILLS, issue 56 item 2): the names records use keep their
magnitudes, ``pro`` is the quarter noise, and every spec and page that lists levels takes it."""
import re

from ai.noise import SKILLS, NoiseModel
from ai.registry import make_agent

from ..untouched import ROOT


def test_the_names_keep_their_magnitudes_and_pro_is_a_quarter():
    assert {k: SKILLS[k] for k in ("master", "strong", "club")} == {
        "master": 0.5, "strong": 1.0, "club": 2.0}
    assert NoiseModel.for_skill("pro").magnitude == 0.25
    assert list(SKILLS.values()) == sorted(SKILLS.values())  # listed from the least noise
    assert make_agent("mc:budget=8,skill=pro").noise.magnitude == 0.25


def test_the_board_offers_every_level_it_lists_with_pro_among_them():
    html = (ROOT / "russian_pyramid" / "board" / "static" / "index.html").read_text("utf-8")
    for select in ("in-my-skill", "in-skill"):
        block = html[html.index(f'id="{select}"'):]
        block = block[:block.index("</select>")]
        values = re.findall(r'<option value="(\w+)"', block)
        assert "pro" in values and set(values) <= set(SKILLS), (select, values)
        assert values == sorted(values, key=SKILLS.get), (select, values)
