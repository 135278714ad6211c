"""Records for the game viewer's tests (issue 27 items 3-5): an agents' game with the story
``pyramid play`` writes (engine/story.py) kept on some strokes only -- the others as a record
written before stories -- sealed again so that it verifies, and its analysis."""
from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path

from engine.record import parse_record, record_digest
from engine.story import STORY_KEY
from russian_pyramid.app.match import MatchDesk
from russian_pyramid.app.match.store import MatchStore
from russian_pyramid.cli import main

# the execution noise of the game's players: beginners (magnitude 4), so that the stroke as
# meant and the stroke played part visibly on the table
SKILL = "beginner"


def stories_only_on(lines: list[str], strokes: tuple[int, ...]) -> list[str]:
    """``lines`` (a record's JSON Lines) with the story of every stroke line taken out but
    those of ``strokes`` (from 1); sealed again."""
    lines = list(lines)
    for k in range(1, len(lines) - 1):
        obj = json.loads(lines[k])
        if obj.get("type") != "stroke" or k in strokes:
            continue
        obj.pop(STORY_KEY, None)
        lines[k] = json.dumps(obj)
    result = json.loads(lines[-1])
    result["sha256"] = record_digest(parse_record(lines))
    lines[-1] = json.dumps(result)
    return lines


def game_with_analysis(d: Path, strokes: int = 12, seed: int = 7) -> tuple[Path, Path]:
    """A greedy game of ``strokes`` strokes with the stories of strokes 2 and 3, and its analysis
    (greedy, few samples, thresholds low enough to mark strokes): (record, analysis)."""
    record = d / "game.jsonl"
    quiet = io.StringIO()
    with contextlib.redirect_stdout(quiet), contextlib.redirect_stderr(quiet):
        assert main(["play", "--seed", str(seed), "--agent-a", "greedy", "--agent-b",
                     "greedy", "--skill-a", SKILL, "--skill-b", SKILL, "--max-strokes",
                     str(strokes), "--record", str(record), "--quiet"]) == 0
    lines = record.read_text(encoding="utf-8").splitlines()
    record.write_text("\n".join(stories_only_on(lines, (2, 3))) + "\n", encoding="utf-8")
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        assert main(["analyze", str(record), "--agent", "greedy", "--samples", "4",
                     "--top", "1", "--mistake", "0.01", "--blunder", "0.03", "--json"]) == 0
    analysis = d / "analysis.json"
    analysis.write_text(out.getvalue(), encoding="utf-8")
    return record, analysis


def undone_record(folder: Path) -> Path:
    """A match's record whose third stroke comes after a line taken back: «7 ДЛ», «мимо»,
    «3 ДП», undo, «8 ДП» (the board's Match tab, issue 54)."""
    desk = MatchDesk(folder / "undone.jsonl", store=MatchStore(folder / "data"))
    desk.start({"players": ["Аня", "Боря"], "lang": "ru", "date": "2026-11-30"})
    for line in ("7 FL", "miss", "3 FR", "undo", "8 FR"):
        desk.line({"text": line})
    return folder / "undone.jsonl"
