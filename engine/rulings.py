"""The rule ids a stroke's ruling cites, in the order a scorekeeper reads them: the rules its
notes name, then its fouls (``R7.1a`` ...), and for a counted ball that was called the call's
rule -- R5.1 under the exact call, R5.2 under ball and pocket (docs/RULES.md R5) -- first.
"""
from __future__ import annotations

import re

from .kinds import CallMode

# a rule id as docs/RULES.md writes it: R5.1, R12.2(1), R7.1a
RULE_RE = re.compile(r"R\d+(?:\.\d+)?(?:\(\d\))?[a-i]?")
CALL_RULES = {CallMode.EXACT: "R5.1", CallMode.BALL_AND_POCKET: "R5.2"}


def rules_in(text: str) -> list[str]:
    """The rule ids ``text`` names, in order."""
    return RULE_RE.findall(text)


def rules_cited(adjudication, call_mode: str, called: bool) -> tuple[str, ...]:
    """The rule ids of a stroke's ruling (an :class:`engine.adjudicate.Adjudication`), each
    once: those its notes name, then its fouls; a successful stroke that counted a called
    ball (``called``: not a stroke without a call, R10.1/R11.10) cites the call's rule first
    (R5.1 exact, R5.2 ball and pocket) unless a note already did."""
    rules: list[str] = []
    for note in adjudication.notes:
        for r in rules_in(note):
            if r not in rules:
                rules.append(r)
    for f in adjudication.fouls:
        if f not in rules:
            rules.append(f)
    if adjudication.successful and adjudication.counted and called \
            and not set(CALL_RULES.values()) & set(rules):
        rules.insert(0, CALL_RULES.get(call_mode, "R5.1"))
    return tuple(rules)


__all__ = ["RULE_RE", "CALL_RULES", "rules_in", "rules_cited"]
