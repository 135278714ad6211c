"""Instructions a player can follow at the table: target, pocket, aim, speed and spin in words."""
from __future__ import annotations

import math


POCKET_WORDS = {"NL": "near left corner", "NR": "near right corner", "ML": "left middle",
                "MR": "right middle", "FL": "far left corner", "FR": "far right corner"}


def speed_words(v: float) -> str:
    if v < 0.8:
        return "very soft"
    if v < 1.6:
        return "soft"
    if v < 2.6:
        return "medium"
    if v < 3.8:
        return "firm"
    return "hard"


def spin_words(side: float, vertical: float) -> str:
    parts = []
    if vertical >= 0.3:
        parts.append("follow (top, natural roll)")
    elif vertical > 0.1:
        parts.append("a little top")
    elif vertical <= -0.2:
        parts.append("draw (bottom)")
    elif vertical < -0.05:
        parts.append("a little bottom")
    else:
        parts.append("centre ball (stun)")
    if side > 0.1:
        parts.append("right side")
    elif side < -0.1:
        parts.append("left side")
    return " with ".join(parts)


def instruction(kind: str, call, strike, placement, shot=None, foul: str | None = None) -> str:
    """What to do at the table, in words.  ``shot`` is the stroke's
    :class:`ai.agent.ShotInfo` (manner, cut, balls used), None if it has none."""
    if kind == "deliberate-foul":
        if foul == "tush":
            return "Deliberate foul: touch (tush) your cue ball with the cue so that nothing moves."
        where = f"place the cue ball at ({placement[0]:.2f}, {placement[1]:.2f}) m, " \
            if placement else ""
        if foul == "pocket-own-ball":
            return (f"Deliberate foul: {where}roll your cue ball into the pocket "
                    f"({speed_words(strike.speed_mps)}, {strike.speed_mps:.1f} m/s, "
                    f"direction {math.degrees(strike.phi_rad):.1f} deg), touching no ball.")
        return (f"Deliberate foul (miss): {where}roll your cue ball "
                f"{speed_words(strike.speed_mps)} ({strike.speed_mps:.1f} m/s) toward "
                f"{math.degrees(strike.phi_rad):.0f} deg, touching no ball.")
    place = (f"From hand, place the cue ball at ({placement[0]:.2f}, {placement[1]:.2f}) m. "
             if placement else "")
    sp = f"{speed_words(strike.speed_mps)} speed ({strike.speed_mps:.1f} m/s)"
    spin = spin_words(strike.side, strike.vertical)
    if call is None:
        return f"{place}Strike at {math.degrees(strike.phi_rad):.1f} deg, {sp}, {spin}."
    pocket = POCKET_WORDS.get(call.pocket, call.pocket)
    if kind == "safety":
        return (f"{place}Safety: call ball {call.ball} in the {pocket} pocket, play "
                f"{sp} at ball {call.ball} (cue direction {math.degrees(strike.phi_rad):.1f} deg), "
                f"{spin}; leave the opponent nothing.")
    manner = call.manner if shot is None or shot.manner is None else shot.manner
    cut = None if shot is None else shot.cut_rad
    aim = ""
    if manner == "clean" and cut is not None:
        frac = 1.0 - math.sin(min(cut, math.pi / 2))
        aim = f", cut {math.degrees(cut):.0f} deg (ball fraction {frac:.2f})"
    via = f" via ball {', '.join(shot.via)}" if shot is not None and shot.via else ""
    return (f"{place}Ball {call.ball} in the {pocket} pocket ({manner}{via}){aim}; cue "
            f"direction {math.degrees(strike.phi_rad):.1f} deg, {sp}, {spin}.")
