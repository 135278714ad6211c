"""Records for the game viewer's tests (issue 27 items 3-5): an agents' game with a story on
some strokes (as ``pyramid play`` will write them, engine/story.py), sealed again so that it
verifies, and its analysis."""
from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path

from engine.record import parse_record, record_digest
from engine.story import STORY_KEY, Story
from pyramid.cli import main

# the noise drawn on a stroke with a story: made up, large enough to be seen on the table
NOISE = {"speed_mps": 0.3, "phi_deg": -1.5, "elevation_deg": 0.0, "side": 0.05,
         "vertical": -0.1}
STRIKE_FIELDS = tuple(NOISE)


def with_stories(lines: list[str], strokes: tuple[int, ...]) -> list[str]:
    """``lines`` (a record's JSON Lines) with a story on each stroke of ``strokes`` (from 1):
    the intended strike is the played one minus :data:`NOISE`, the call as played; sealed
    again."""
    lines = list(lines)
    for k in strokes:
        obj = json.loads(lines[k])
        assert obj["type"] == "stroke" and obj["strike"] is not None
        intended = {f: obj["strike"][f] - NOISE[f] for f in STRIKE_FIELDS}
        obj[STORY_KEY] = Story(intended_strike=intended, intended_call=obj["call"],
                               noise=dict(NOISE), kind="attack", p_win=0.55,
                               p_success=0.4).to_json()
        lines[k] = json.dumps(obj)
    result = json.loads(lines[-1])
    result["sha256"] = record_digest(parse_record(lines))
    lines[-1] = json.dumps(result)
    return lines


def game_with_analysis(d: Path, strokes: int = 12, seed: int = 7) -> tuple[Path, Path]:
    """A greedy game of ``strokes`` strokes with stories on strokes 2 and 3, and its analysis
    (greedy, few samples, thresholds low enough to mark strokes): (record, analysis)."""
    record = d / "game.jsonl"
    quiet = io.StringIO()
    with contextlib.redirect_stdout(quiet), contextlib.redirect_stderr(quiet):
        assert main(["play", "--seed", str(seed), "--agent-a", "greedy", "--agent-b",
                     "greedy", "--max-strokes", str(strokes), "--record", str(record),
                     "--quiet"]) == 0
    lines = record.read_text(encoding="utf-8").splitlines()
    record.write_text("\n".join(with_stories(lines, (2, 3))) + "\n", encoding="utf-8")
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        assert main(["analyze", str(record), "--agent", "greedy", "--samples", "4",
                     "--top", "1", "--mistake", "0.01", "--blunder", "0.03", "--json"]) == 0
    analysis = d / "analysis.json"
    analysis.write_text(out.getvalue(), encoding="utf-8")
    return record, analysis
