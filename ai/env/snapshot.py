"""A copy of the environment's game for search: everything a later step depends on (the state,
your side, the strokes played, the settings of the game, the generator's exact position), so
that ``restore`` then ``step`` plays the same strokes again; serialisable to JSON
(docs/API.md, "Copy, apply, undo")."""
from __future__ import annotations

import copy
import json
from dataclasses import dataclass
from typing import Any, Mapping

import numpy as np

from engine import GameState

SNAPSHOT_VERSION = 1
SNAPSHOT_FIELDS = ("version", "state", "learner_side", "strokes", "rng", "opponent", "skill",
                   "opponent_skill")


@dataclass(frozen=True)
class EnvSnapshot:
    """The game of an environment at one moment.  ``opponent`` is the opponent's spec (None
    when it was given as an agent object: a snapshot of it is restored into an environment
    with that same agent); ``rng`` the state of numpy's bit generator."""

    state: GameState
    learner_side: int
    strokes: int
    rng: Mapping[str, Any]
    opponent: str | None
    skill: str | float
    opponent_skill: str | float

    def generator(self) -> np.random.Generator:
        """A new generator where the environment's was."""
        kind = self.rng.get("bit_generator")
        bit_generator = getattr(np.random, str(kind), None)
        if bit_generator is None or not isinstance(bit_generator, type):
            raise ValueError(f"snapshot.rng.bit_generator = {kind!r} is not one of numpy's")
        out = np.random.Generator(bit_generator())
        try:
            out.bit_generator.state = copy.deepcopy(dict(self.rng))
        except (ValueError, TypeError, KeyError) as exc:
            raise ValueError(f"snapshot.rng is not a state of {kind}: {exc}") from None
        return out

    def to_json(self) -> dict[str, Any]:
        return {"version": SNAPSHOT_VERSION, "state": self.state.to_json(),
                "learner_side": self.learner_side, "strokes": self.strokes,
                "rng": copy.deepcopy(dict(self.rng)), "opponent": self.opponent,
                "skill": self.skill, "opponent_skill": self.opponent_skill}

    def dumps(self) -> str:
        """One line of JSON (``EnvSnapshot.loads`` reads it back)."""
        return json.dumps(self.to_json(), sort_keys=True, allow_nan=False)

    @classmethod
    def loads(cls, text: str) -> "EnvSnapshot":
        return cls.from_json(json.loads(text))

    @classmethod
    def from_json(cls, obj) -> "EnvSnapshot":
        if not isinstance(obj, Mapping):
            raise ValueError(f"snapshot must be a JSON object, got {type(obj).__name__}")
        for key in obj:
            if key not in SNAPSHOT_FIELDS:
                raise ValueError(f"snapshot.{key} is not a field; known: "
                                 f"{', '.join(SNAPSHOT_FIELDS)}")
        missing = [k for k in SNAPSHOT_FIELDS if k not in obj]
        if missing:
            raise ValueError(f"snapshot.{missing[0]} is missing")
        if obj["version"] != SNAPSHOT_VERSION:
            raise ValueError(f"snapshot.version = {obj['version']!r}: this version reads "
                             f"{SNAPSHOT_VERSION}")
        if obj["learner_side"] not in (0, 1) or isinstance(obj["learner_side"], bool):
            raise ValueError(f"snapshot.learner_side = {obj['learner_side']!r} must be 0 or 1")
        strokes = obj["strokes"]
        if not isinstance(strokes, int) or isinstance(strokes, bool) or strokes < 0:
            raise ValueError(f"snapshot.strokes = {strokes!r} must be an integer >= 0")
        if not isinstance(obj["rng"], Mapping):
            raise ValueError("snapshot.rng must be a JSON object (numpy's bit generator state)")
        try:
            state = GameState.from_json(obj["state"])
        except ValueError as exc:
            raise ValueError(f"snapshot.state: {exc}") from None
        out = cls(state, obj["learner_side"], strokes, obj["rng"], obj["opponent"],
                  obj["skill"], obj["opponent_skill"])
        out.generator()  # a bad generator state fails here, not at the next step
        return out
