"""`pyramid simulate` through the real command line: output contract and bad input."""
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def run(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "russian_pyramid.cli", "simulate", *args],
                          input=stdin, capture_output=True, text=True, cwd=ROOT, timeout=300)


def shot(**over):
    base = {"table": "pyramid-12ft", "balls": {"cue": [1.0, 0.8875], "7": [2.0, 0.8875]},
            "strike": {"speed_mps": 2.0, "phi_deg": 0.0}}
    base.update(over)
    return base


def test_json_output_follows_the_contract():
    p = run("-", "--json", stdin=json.dumps(shot()))
    assert p.returncode == 0, p.stderr
    out = json.loads(p.stdout)
    assert out["first_contact"] == "7"
    assert set(out["final"]) == {"cue", "7"}
    assert all(isinstance(v, list) and len(v) == 2 for v in out["final"].values())
    assert out["events"][0]["kind"] == "strike"
    assert any(e["kind"] == "ball-ball" and e["balls"] == ["cue", "7"] for e in out["events"])
    times = [e["time_s"] for e in out["events"]]
    assert times == sorted(times)


def test_pocketed_balls_are_listed_in_order_with_null_positions():
    # Roll the cue ball straight down the axis of the FL corner pocket.
    from sim import Simulator
    mouth = Simulator().geometry.mouth_centres[4]  # FL, whose axis is at 45 degrees
    s = shot(balls={"cue": [mouth[0] - 0.3, mouth[1] - 0.3]},
             strike={"speed_mps": 1.5, "phi_deg": 45.0, "vertical": 0.4})
    p = run("-", "--json", stdin=json.dumps(s))
    out = json.loads(p.stdout)
    assert out["final"]["cue"] is None
    assert [x["ball"] for x in out["pocketed"]] == ["cue"]
    assert out["pocketed"][0]["pocket"] == "FL"


@pytest.mark.parametrize("bad, needle", [
    ({"strike": {"speed_mps": -1, "phi_deg": 0}}, "strike.speed_mps"),
    ({"strike": {"speed_mps": 2, "phi_deg": 0, "side": 0.7}}, "miscue"),
    ({"strike": {"speed_mps": 2, "phi_deg": "left"}}, "strike.phi_deg"),
    ({"balls": {"cue": [1.0, 0.8875], "7": [1.03, 0.8875]}}, "overlap"),
    ({"balls": {"cue": [1.0, 0.8875], "16": [2.0, 0.5]}}, "'16'"),
    ({"balls": {"cue": [-0.2, 0.5]}}, "balls.cue"),
    ({"balls": {"cue": [1.0, float("nan")]}}, "balls.cue"),
    ({"table": "pyramid-13ft"}, "pyramid-13ft"),
])
def test_bad_input_is_refused_naming_the_field(bad, needle):
    text = json.dumps(shot(**bad)).replace("NaN", "NaN")
    p = run("-", stdin=text)
    assert p.returncode == 2
    assert needle in p.stderr
    assert "Traceback" not in p.stderr
    assert p.stdout == ""


def test_malformed_json_and_missing_file():
    p = run("-", stdin="{not json")
    assert p.returncode == 2 and "not valid JSON" in p.stderr and "Traceback" not in p.stderr
    p = run("/nonexistent/shot.json")
    assert p.returncode == 2 and "does not exist" in p.stderr


def test_batch_runs_good_lines_and_names_bad_ones():
    lines = [json.dumps(shot()), "{broken", json.dumps(shot(strike={"speed_mps": 0, "phi_deg": 0}))
             , json.dumps(shot())]
    p = run("-", "--batch", stdin="\n".join(lines) + "\n")
    assert p.returncode == 2
    out = [json.loads(line) for line in p.stdout.splitlines()]
    assert len(out) == 4
    assert out[0]["first_contact"] == "7" and out[3] == out[0]
    assert out[1]["line"] == 2 and "not valid JSON" in out[1]["error"]
    assert out[2]["line"] == 3 and "speed_mps" in out[2]["error"]


def test_png_is_written(tmp_path):
    png = tmp_path / "shot.png"
    p = run("-", "--png", str(png), stdin=json.dumps(shot()))
    assert p.returncode == 0, p.stderr
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    p = run("-", "--png", str(tmp_path / "missing" / "x.png"), stdin=json.dumps(shot()))
    assert p.returncode == 2 and "does not exist" in p.stderr
