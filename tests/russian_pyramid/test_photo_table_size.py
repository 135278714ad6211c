"""Any table (issue 57 item 4): ``--table-size L,W`` (metres) and ``--ball-diameter`` (mm or
m, the unit named) besides the presets, validated.

A render of the 12 ft table (case_026, its exact corners given) is also the photo of a table
three quarters its size, balls and cushions included, seen from three quarters the distance:
read with that size, every ball comes out at three quarters of its true place.
"""
import json
from pathlib import Path

import numpy as np
import pytest

from russian_pyramid.errors import UserInputError
from russian_pyramid.photo.table_size import parse_ball_diameter, parse_table_size
from tests.cli.clihelp import assert_refused, run_main

DATA = Path(__file__).parent / "photo_data"
SCALE = 0.75


def _read(*flags):
    truth = json.loads((DATA / "case_026.json").read_text())
    corners = ",".join(f"{v:.2f}" for uv in truth["corners_px"] for v in uv)
    code, out, err = run_main("photo", str(DATA / "case_026.jpg"), "--json", "--corners",
                              corners, *flags)
    assert code == 0, err
    return truth, json.loads(out)


def test_the_balls_come_out_in_the_size_given():
    truth, doc = _read("--table-size", f"{3.55 * SCALE:.4f},{1.775 * SCALE:.4f}",
                       "--ball-diameter", f"{68 * SCALE:g}mm")
    assert doc["photo"]["table_size_m"] == [round(3.55 * SCALE, 4), round(1.775 * SCALE, 4)]
    assert doc["photo"]["ball_diameter_m"] == pytest.approx(0.068 * SCALE)
    true = np.array(list(truth["balls"].values())) * SCALE
    found = np.array([b["x_m"] for b in doc["photo"]["balls"]]), \
        np.array([b["y_m"] for b in doc["photo"]["balls"]])
    errors = [np.hypot(*(true - (x, y)).T).min() for x, y in zip(*found)]
    assert len(errors) == len(true)
    assert max(errors) < 0.010, errors  # every ball within 10 mm of three quarters its place


@pytest.mark.parametrize("text, metres", [("2.54,1.27", (2.54, 1.27)),
                                           (" 1.83 , 0.915 ", (1.83, 0.915))])
def test_a_table_size_is_read_in_metres(text, metres):
    assert parse_table_size(text) == metres


@pytest.mark.parametrize("text, words", [
    ("2.54", "is not two numbers L,W"), ("a,b", "is not two numbers L,W"),
    ("2.54,1.27,1", "is not two numbers"), ("nan,1", "is not two numbers"),
    ("1.27,2.54", "the length (the longer side) comes first"),
    ("254,127", "the length 254 m is outside 1-4.5 m"), ("2.54,0.1", "the width 0.1 m")])
def test_a_bad_table_size_is_refused_naming_the_flag_and_value(text, words):
    with pytest.raises(UserInputError, match="--table-size") as exc:
        parse_table_size(text)
    assert words in str(exc.value)


@pytest.mark.parametrize("text, metres", [("57.15mm", 0.05715), ("0.0525m", 0.0525),
                                           ("68 MM", 0.068)])
def test_a_ball_diameter_is_read_in_the_unit_named(text, metres):
    assert parse_ball_diameter(text) == pytest.approx(metres)


@pytest.mark.parametrize("text, words", [("57", "has no unit: say mm or m (57mm or 57m)"),
                                         ("5.7cm", "is not a length"),
                                         ("mm", "is not a length"),
                                         ("200mm", "is outside 40-80 mm"),
                                         ("0.2m", "is outside 40-80 mm")])
def test_a_bad_ball_diameter_is_refused_naming_the_flag_and_value(text, words):
    with pytest.raises(UserInputError, match="--ball-diameter") as exc:
        parse_ball_diameter(text)
    assert words in str(exc.value)


def test_the_command_refuses_a_bad_size_with_exit_2():
    code, _, err = run_main("photo", str(DATA / "case_026.jpg"), "--table-size", "1.27,2.54")
    assert_refused(code, err, "--table-size", "1.27,2.54", "comes first")
    code, _, err = run_main("photo", str(DATA / "case_026.jpg"), "--ball-diameter", "57")
    assert_refused(code, err, "--ball-diameter", "'57'", "no unit")
