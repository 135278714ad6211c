"""Hand-built game states for tests: the ``adjustment`` (engine/accounting.py) that says why a
position set up by hand does not add up by the rules -- balls left out, scores chosen for the
case -- so the rules core reads it as it reads a user's study position."""
from __future__ import annotations

from engine.values import LAST_BALL_BONUS, OBJECT_BALLS, balls_value

TEST_REASON = "a test position set up by hand"


def account_for(doc: dict, reason: str = TEST_REASON) -> dict:
    """``doc`` (changed in place and returned) with the adjustment that makes its points add
    up: the object balls on neither the table nor a shelf are put aside, and the scores'
    difference from the shelves is stated.  A doc that adds up, already has an adjustment or
    is a last-ball replay (R10.1, exempt) is left as it is."""
    if "adjustment" in doc or doc.get("last_ball_replay") or not isinstance(doc.get("balls"), dict):
        return doc
    shelves = doc.get("shelves") or []
    if not isinstance(shelves, list) or not all(isinstance(s, list) for s in shelves):
        return doc  # a malformed doc is the test's point: leave it to the parser
    placed = set(doc["balls"]) | {b for s in shelves for b in s}
    aside = [b for b in OBJECT_BALLS if b not in placed]
    scores = doc.get("scores")
    if not isinstance(scores, list) or not all(isinstance(s, int) for s in scores):
        return doc
    try:
        explained = sum(balls_value(s) for s in shelves)
        explained += LAST_BALL_BONUS if doc.get("last_ball_bonus_to") is not None else 0
        explained += doc.get("handicap_points", 0) + doc.get("returned_points", 0)
    except (KeyError, TypeError):
        return doc  # malformed on purpose: the parser's message is what the test checks
    points = sum(scores) - explained
    if aside or points:
        doc["adjustment"] = {"reason": reason, "points": points, "balls": aside}
    return doc
