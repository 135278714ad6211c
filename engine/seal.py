"""A game record's seal: SHA-256 over its lines, so that a record changed by hand or by
damage after it was written is found (docs/FORMATS.md, "The seal").  It is not a signature:
whoever changes a record can compute the seal again.

Two versions, the header's ``"seal"`` (:data:`SEAL_KEY`) saying which:

* **1** (no ``"seal"``: every record written before issue 51).  The result line's ``sha256``
  covers the header and stroke lines and the result line's ``before``, not its other fields;
  a journal has no seal.  Still read and verified as before: nothing recorded becomes
  unreadable.
* **2** (:data:`SEAL_VERSION`, what this program writes).  The result line's ``sha256`` covers
  every line, the result line whole but for its ``sha256`` (issue 51: ``stopped_by`` or an
  unknown field of the result line was shown by the board, outside the seal), and it must be
  there.  A journal (header ``"journal": true``, written as the game is played) seals each
  stroke line as it is written: its ``sha256`` covers the header and every stroke line up to
  it (itself but for its ``sha256``), so a finished record relabelled as a journal (its result
  line dropped) no longer escapes the seal: its stroke lines carry none.

Each line is hashed as canonical JSON (keys sorted, no spaces, UTF-8, not ASCII-escaped)
followed by a newline (:func:`canonical_json`, :func:`digest`): a record reformatted but
unchanged keeps its seal.
"""
from __future__ import annotations

import hashlib
import json
from typing import Iterable, Mapping

SEAL_KEY = "seal"  # the header's field naming the seal's version (absent: 1)
SEAL_VERSION = 2  # what this program writes
KNOWN_SEALS = (1, 2)
DIGEST_KEY = "sha256"  # the seal's own field: of the result line, and of a journal's lines


def canonical_json(obj) -> str:
    """One JSON value as the integrity hash sees it: sorted keys, no spaces (a reformatted
    but unchanged line hashes the same; floats round-trip exactly through JSON)."""
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False,
                      allow_nan=False)


def _line(obj) -> bytes:
    return canonical_json(obj).encode("utf-8") + b"\n"


def digest(objects: Iterable) -> str:
    """SHA-256 (hex) of the objects as canonical lines, in order."""
    h = hashlib.sha256()
    for obj in objects:
        h.update(_line(obj))
    return h.hexdigest()


def seal_version(header: Mapping) -> int:
    """The header's seal version (1 when it says none); an unknown one is the caller's to
    refuse (:data:`KNOWN_SEALS`)."""
    return header.get(SEAL_KEY, 1)


def unsealed(obj: Mapping) -> dict:
    """A line without its own seal (``sha256``)."""
    return {k: v for k, v in obj.items() if k != DIGEST_KEY}


def sealed_lines(header: Mapping, strokes: Iterable[Mapping], result: Mapping | None) -> list:
    """What the result line's ``sha256`` covers: the header and stroke lines, and of the
    result line its ``before`` (version 1) or the whole line but its ``sha256`` (version 2)."""
    out = [header] + list(strokes)
    if result is not None:
        if seal_version(header) == 1:
            if result.get("before"):
                out.append({"before": result["before"]})  # actions that ended the game (R14.1)
        else:
            out.append(unsealed(result))
    return out


def _shown(sha) -> str:
    return f"{sha[:16]}..." if isinstance(sha, str) else repr(sha)[:60]


def seal_problem(record) -> tuple[int, str] | None:
    """What is wrong with the seals of a record read by :func:`engine.record.parse_record`
    (``header``, ``result``, ``result_lineno``, ``digest``, ``line_seals``, ``is_journal``):
    ``(line number, what)``, or None.  A journal of seal 2 must seal every stroke line, each
    with the lines up to it; no other record's stroke line carries a seal; the result line's
    ``sha256`` must match the record's lines, and with seal 2 be there."""
    version = seal_version(record.header)
    journal = record.is_journal and version > 1
    for line, given, expected in record.line_seals:
        if journal and given is None:
            return line, (f"a journal of seal {version} seals every stroke line as it is "
                          f"written, and this one has no {DIGEST_KEY}: a finished record "
                          f"relabelled as a journal, or a line added")
        if journal and given != expected:
            return line, (f"{DIGEST_KEY} {_shown(given)} does not match the header and the "
                          f"stroke lines up to it ({expected[:16]}...): the journal was "
                          f"changed after it was written")
        if not journal and given is not None:
            return line, (f"{DIGEST_KEY} on a stroke line seals a journal's line of seal 2, "
                          f"and this record is not one (header \"journal\": true, "
                          f"\"{SEAL_KEY}\": 2, no result line)")
    if record.is_journal:
        return None
    sha = record.result.get(DIGEST_KEY)
    if sha is None:
        return None if version == 1 else (
            record.result_lineno, f"the result line has no {DIGEST_KEY}: a record of seal "
                                  f"{version} (header.{SEAL_KEY}) is sealed when written")
    if sha != record.digest:
        return record.result_lineno, (f"{DIGEST_KEY} {_shown(sha)} does not match the "
                                      f"record's lines ({record.digest[:16]}...): the record "
                                      f"was changed after it was written")
    return None


class JournalSealer:
    """The seals of a journal's stroke lines (version 2) as they are written: each the
    SHA-256 of the header line and every stroke line up to it, each without its ``sha256``
    (:meth:`line` adds it).  Also what the reader computes to check them."""

    def __init__(self, header: Mapping) -> None:
        self._h = hashlib.sha256(_line(header))

    def seal(self, stroke: Mapping) -> str:
        """The seal of the next stroke line (given without its ``sha256``)."""
        self._h.update(_line(stroke))
        return self._h.copy().hexdigest()

    def line(self, stroke: Mapping) -> str:
        """The next stroke line as the journal writes it: with its ``sha256``."""
        return json.dumps({**stroke, DIGEST_KEY: self.seal(stroke)}, allow_nan=False)


__all__ = ["SEAL_KEY", "SEAL_VERSION", "KNOWN_SEALS", "DIGEST_KEY", "canonical_json", "digest",
           "seal_version", "unsealed", "sealed_lines", "seal_problem", "JournalSealer"]
