"""A scorekeeping session's settings and the names of its players and files."""
from __future__ import annotations

import datetime as _dt
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from engine.errors import EngineError, excerpt
from engine.handicap import handicap_from_json
from engine.kinds import CallMode, PairOrder, Variant
from engine.text import MAX_GAMES, MAX_TARGET, check_date, check_int, check_names
from engine.words import UnknownLanguageError, check_lang

from ..errors import UserInputError


@dataclass
class Settings:
    """What a match was started with (kept in every game's record header, ``session``)."""

    people: list[str]
    variant: str = Variant.TWO_PLAYER
    call_mode: str = CallMode.EXACT
    target: int | None = None
    games: int = 1
    handicap: dict | None = None
    pair_order: str | None = None
    breaker: int = 0
    lang: str = "en"
    date: str = ""

    @property
    def pair_order_or_default(self) -> str:
        """The pair's turn order, R12.2(2) when none was said."""
        return self.pair_order or PairOrder.WHILE_SCORING

    def to_json(self) -> dict:
        return {"people": self.people, "variant": self.variant, "call_mode": self.call_mode,
                "target": self.target, "games": self.games, "handicap": self.handicap,
                "pair_order": self.pair_order, "breaker": self.breaker, "date": self.date,
                "lang": self.lang}

    @classmethod
    def from_json(cls, ss: dict, lang: str | None = None) -> "Settings":
        """A record header's ``session`` (``lang``: the language asked for now, if any)."""
        return cls(people=list(ss["people"]), variant=ss["variant"],
                   call_mode=ss["call_mode"], target=ss.get("target"),
                   games=ss["games"], handicap=ss.get("handicap"),
                   pair_order=ss.get("pair_order"), breaker=ss.get("breaker", 0),
                   lang=lang or ss.get("lang", "en"), date=ss.get("date", ""))


def sides_of(people: list[str], variant: str) -> list[str]:
    """The record's players, one a side: in one against a pair side 1 is the pair."""
    if variant == Variant.ONE_VS_PAIR:
        return [people[0], f"{people[1]} & {people[2]}"]
    return list(people)


def breaker_side(people: list[str], variant: str, name: str,
                 field: Callable[[str], str] = lambda name: f"--{name}") -> int:
    """``--breaker NAME``: the side of the player who breaks (the lot of R3.1).  A name is
    its side, not its place among the names: in one against a pair the single is side 0 and
    both partners side 1; and there the single starts (R12.2), so a partner is refused.
    ``field`` names the options in messages (``--breaker`` at the terminal)."""
    if name not in people:
        raise UserInputError(f"{field('breaker')} {excerpt(name)} is not one of {field('players')}")
    if variant == Variant.ONE_VS_PAIR:
        if name != people[0]:
            raise UserInputError(f"{field('breaker')} {excerpt(name)}: in one against a pair the "
                                 f"single player ({people[0]}) starts every game, not a "
                                 f"partner (R12.2)")
        return 0
    return people.index(name)


def _one_of(value, kinds, name: str):
    """``value`` if it is a member's string of the enum ``kinds``, else refused naming it."""
    if not isinstance(value, str) or value not in set(kinds):
        raise UserInputError(f"{name} = {excerpt(value)} must be one of "
                             f"{', '.join(kinds)}")
    return kinds(value)


def start_settings(people, *, variant=None, call_mode=CallMode.EXACT, games=None,
                   target=None, handicap=None, pair_order=None, breaker: str | None = None,
                   lang: str = "en", date=None,
                   field: Callable[[str], str] = lambda name: f"--{name}") -> Settings:
    """A new match's settings, every one checked where the session is started (the
    terminal's options and the board's Match tab alike), refused with
    :class:`~russian_pyramid.errors.UserInputError` naming the field (``field(name)``: ``--players``
    at the terminal, ``players`` on the board) and the value:

    1. the names, the date (default today), ``games`` (default 1) and ``target`` by
       :mod:`engine.text` (one line of printable text, at most 40 characters; a real day;
       bounded integers);
    2. the variant (default: two-player for two names, three each for three) and its number
       of names; the call mode; the pair's order, in one against a pair only (R12.2);
    3. ``breaker``, a player's name (the lot of R3.1; default the first), as its side;
    4. ``handicap``, R13.1's JSON (:func:`engine.handicap.handicap_from_json`; against the
       game -- no handicap in three each, R12.2(1)'s minimum -- when the session starts);
    5. ``lang``, a language of the catalog."""
    try:
        people = check_names(people, field("players"))
        date = _dt.date.today().isoformat() if date is None else check_date(date, field("date"))
        games = 1 if games is None else check_int(games, field("games"), 1, MAX_GAMES)
        if target is not None:
            check_int(target, field("target"), 1, MAX_TARGET)
        if handicap is not None:
            handicap = handicap_from_json(handicap).to_json()
        lang = check_lang(lang)
    except EngineError as exc:
        raise UserInputError(str(exc)) from None
    except UnknownLanguageError as exc:
        raise UserInputError(str(exc)) from None
    if variant is None:  # "" or [] is no variant's name: refused below, not taken for none
        variant = Variant.TWO_PLAYER if len(people) == 2 else Variant.THREE_EACH
    variant = _one_of(variant, Variant, field("variant"))
    need = 2 if variant == Variant.TWO_PLAYER else 3
    if len(people) != need:
        raise UserInputError(f"{field('players')}: variant {variant} needs {need} names, got "
                             f"{len(people)}")
    call_mode = _one_of(call_mode, CallMode, field("call_mode"))
    if pair_order is not None:
        pair_order = _one_of(pair_order, PairOrder, field("pair_order"))
        if variant != Variant.ONE_VS_PAIR:
            raise UserInputError(f"{field('pair_order')} = {excerpt(pair_order)} is for the "
                                 f"variant one-vs-pair only (R12.2), not {variant}")
    side = 0 if breaker is None else breaker_side(people, variant, breaker.strip(), field)
    return Settings(people=list(people), variant=variant, call_mode=call_mode, target=target,
                    games=games, handicap=handicap, pair_order=pair_order, breaker=side,
                    lang=lang, date=date)


def check_resumed_terms(recorded: Settings, resume: str, *, players=None, variant=None,
                        call_mode=None, games=None, target=None, handicap=None,
                        pair_order=None, breaker: str | None = None, date=None) -> None:
    """``--resume``: the session plays on by the terms its match was started with (the
    record's header, ``session``); each of them also given (not None) must say the same,
    else :class:`~russian_pyramid.errors.UserInputError` naming the option, the value given
    and the record's (issue 51: ``--players X Y`` was ignored in silence).  ``handicap`` is
    the JSON as read (:func:`engine.handicap.handicap_from_json`'s ``to_json``)."""
    try:
        names = None if players is None else check_names(players, "--players")
    except EngineError as exc:
        raise UserInputError(str(exc)) from None
    default_target = Variant(recorded.variant).default_target
    given = {
        "--players": (names, recorded.people),
        "--variant": (variant, recorded.variant),
        "--call-mode": (call_mode, recorded.call_mode),
        "--games": (games, recorded.games),
        "--target": (target, recorded.target or default_target),
        "--handicap": (handicap, recorded.handicap),
        "--pair-order": (pair_order, recorded.pair_order),
        "--breaker": (None if breaker is None
                      else breaker_side(recorded.people, recorded.variant, breaker.strip()),
                      recorded.breaker),
        "--date": (date, recorded.date)}
    for option, (value, kept) in given.items():
        if value is not None and value != kept:
            shown = " ".join(value) if option == "--players" else value
            if option == "--breaker":
                shown, kept = breaker, sides_of(recorded.people, recorded.variant)[kept]
            raise UserInputError(
                f"{option} {excerpt(shown)}: the record {excerpt(resume)} names the match's "
                f"{option[2:]} as {excerpt(kept)}; a resumed session plays on by its record: "
                f"leave {option} out (or give the record's)")


def game_path(base: Path, k: int) -> Path:
    """Game ``k`` of a match's record: the first at ``base``, then ``base.game2.jsonl``..."""
    return base if k == 1 else base.with_name(f"{base.stem}.game{k}{base.suffix}")


__all__ = ["Settings", "sides_of", "breaker_side", "start_settings",
           "check_resumed_terms", "game_path"]
