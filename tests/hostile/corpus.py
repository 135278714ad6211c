"""The hostile corpus (issue 51 item 4): nonsense for every door of the program, generated from
a seed, kept in the repository (``tests/hostile/corpus.jsonl``) and run by the tests beside
this module.

Every case is nonsense *by construction*, so its expected outcome is known without running
it: a refusal -- exit status 2 on the command line, HTTP 4xx on the board, ``ok: false`` from
the engine -- that names what was wrong (``says``), with no traceback and nothing written.
The cases are made from the shipped examples and the program's own flags:

* **documents** (positions, shots, game states, a scored stroke, a record's lines): one field
  replaced by a value of another JSON type, or by a number no table, score or counter can
  hold (+-1e308, 10^19), or an unknown key added to one object; or the whole document
  malformed (not JSON, truncated, the wrong top-level type, NaN, deep nesting, oversized);
* **flags** (read from the command line's own parser, so that a new flag is covered when the
  corpus is written again): numbers that are not numbers, out of every range or empty;
  choices that are not among the choices; outputs that are empty, a folder, end in ``/``,
  or are the command's own input;
* **requests** (the board's routes, the engine's commands): the documents above as bodies,
  query parameters and options unknown or malformed, requests of the wrong shape.

A value that could be meaningful for the field is never used (a free-text ``reason`` takes
any string, so it is only given non-strings; ``null`` is never used: many fields are
optional).  Long values are written as recipes (``{"$repeat": ["x", 5000]}``) and built when a
case is run; base documents are named, not copied.

``python -m tests.hostile.corpus`` writes the corpus again (``--check``: exit 1 if the file
differs from what the generator makes now, as the tests check).
"""
from __future__ import annotations

import argparse
import copy
import json
import struct
import sys
import zlib
from dataclasses import asdict, dataclass, field
from pathlib import Path

import numpy as np

from russian_pyramid.cli import build_parser

ROOT = Path(__file__).resolve().parents[2]
CORPUS = Path(__file__).with_name("corpus.jsonl")
SEED = 51  # issue 51: the third round of hostile input
CASES_PER_DOOR = 60  # "at least 50 cases each" (issue 51 item 4), after the flags' own cases

# The base documents every mutation starts from (shipped files, named, not copied).
BASES = {
    "shot": "russian_pyramid/examples/cut.json",
    "break": "russian_pyramid/examples/break.json",
    "state": "russian_pyramid/examples/suggest_open.json",
    "score": "russian_pyramid/examples/score_pot.json",
    "foul": "russian_pyramid/examples/score_foul.json",
    "record": "russian_pyramid/examples/session_game.jsonl",
    "game": "tests/hostile/bases/game.jsonl",
    "photo": "tests/russian_pyramid/photo_data/case_000.jpg",
    # made once by the program (tests/hostile/bases/README.md says how)
    "review": "tests/hostile/bases/review.json",
    "match_start": "tests/hostile/bases/match_start.json",
}
FREE_TEXT_KEYS = frozenset({"reason", "_comment", "comment", "name", "names", "players", "text",
                            "typed", "note"})  # any string is meaningful there
NUMBER_NONSENSE = ("x", True, [], {}, 1e308, -1e308, 10 ** 19, "1e3")
STRING_NONSENSE = ({"$repeat": ["x", 5000]}, 12, True, [], {}, "", "\u0000")
BOOL_NONSENSE = ("yes", 2, [], {}, 0.5)
LIST_NONSENSE = ("x", 5, {}, True)
OBJECT_NONSENSE = ("x", 5, [], True)
UNKNOWN_KEY = "zz_unknown_key"
# whole documents that are not documents
MALFORMED = (
    ("empty", ""),
    ("blank", "   \n"),
    ("truncated", '{"balls": {"cue": [1.0, '),
    ("array", "[]"),
    ("null", "null"),
    ("number", "123"),
    ("string", '"a position"'),
    ("nan", '{"balls": {"cue": [NaN, 0.5]}}'),
    ("infinity", '{"balls": {"cue": [Infinity, 0.5]}}'),
    ("duplicate keys", '{"balls": {}, "balls": {}}'),
    ("deep", {"$repeat": ["[", 100000]}),
    ("binary", {"$bytes": "89504e470d0a1a0a0000000d49484452"}),
    ("not utf-8", {"$bytes": "7b22626f6f6c223a2022ff227d"}),
    ("lone surrogate", '{"table": "\\ud800"}'),
    ("oversized", {"$oversized": 12_000_000}),
)
NUMBER_FLAG_NONSENSE = ("", "abc", "nan", "inf", "-inf", "1e400", "99999999999999999999",
                        "-5", "0x10", "1,5")
CHOICE_FLAG_NONSENSE = ("", "zz", {"$repeat": ["z", 3000]})


@dataclass(frozen=True)
class Case:
    """One hostile input and what must happen.  ``door``: ``cli``, ``board`` or ``engine``;
    ``target``: the subcommand, route or engine command; ``says``: words the refusal must
    contain (case-insensitive)."""

    id: str
    door: str
    target: str
    why: str
    argv: list = field(default_factory=list)  # cli: after ``pyramid``; {IN} names the input
    stdin: object = None
    files: dict = field(default_factory=dict)  # name -> {"base": B, "patch": [...]} / raw
    method: str = "POST"
    path: str = ""
    query: dict = field(default_factory=dict)
    body: object = None  # {"base": ..., "patch": ...} / {"raw": ...}
    request: object = None  # engine: the request (its body may be a recipe)
    says: list = field(default_factory=list)


# --- documents --------------------------------------------------------------------------
def load_base(name: str):
    path = ROOT / BASES[name]
    if path.suffix == ".json":
        return json.loads(path.read_text(encoding="utf-8"))
    if path.suffix == ".jsonl":
        return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()
                if line.strip()]
    return path.read_bytes()


def leaves(doc, prefix=()):
    """Every (path, value) in ``doc``, containers included, outermost first."""
    yield prefix, doc
    if isinstance(doc, dict):
        for k, v in doc.items():
            yield from leaves(v, prefix + (k,))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            yield from leaves(v, prefix + (i,))


def named_by(path: tuple) -> str:
    """The word a refusal of the value at ``path`` must name: the innermost key (a ball id
    such as ``cue`` or ``7`` for its coordinates, ``scores`` for a score)."""
    for key in reversed(path):
        if isinstance(key, str):
            return key
    return ""


def nonsense_for(path: tuple, value) -> tuple:
    key = named_by(path)
    if isinstance(value, bool):
        return BOOL_NONSENSE
    if isinstance(value, (int, float)):
        return NUMBER_NONSENSE
    if isinstance(value, str):
        return tuple(v for v in STRING_NONSENSE if not isinstance(v, (str, dict))) \
            if key in FREE_TEXT_KEYS else STRING_NONSENSE
    if isinstance(value, list):
        return () if key in FREE_TEXT_KEYS else LIST_NONSENSE
    if isinstance(value, dict):
        return OBJECT_NONSENSE
    return ()


def document_cases(base: str, rng: np.random.Generator, count: int, skip=()) -> list[dict]:
    """``count`` mutations of the base document: one value replaced by nonsense, or an
    unknown key added to one object; each as ``{"base", "patch", "says", "why"}``."""
    doc = load_base(base)
    options = []
    for path, value in leaves(doc):
        if not path or any(isinstance(k, str) and k.startswith(tuple(skip)) for k in path):
            continue
        for bad in nonsense_for(path, value):
            options.append((path, bad))
        if isinstance(value, dict):
            options.append((path + (UNKNOWN_KEY,), 1))
    if isinstance(doc, dict):
        options.append(((UNKNOWN_KEY,), 1))
    picks = rng.choice(len(options), size=min(count, len(options)), replace=False)
    out = []
    for i in sorted(int(p) for p in picks):
        path, bad = options[i]
        added = path[-1] == UNKNOWN_KEY
        out.append({"base": base, "patch": [list(path), bad],
                    "says": [UNKNOWN_KEY if added else named_by(path)],
                    "why": f"{'/'.join(map(str, path))} = {json.dumps(bad)[:40]}"})
    return out


def png(width: int, height: int, rgb=None) -> bytes:
    """A PNG of one colour (``rgb``), or only its signature and a header claiming ``width`` x
    ``height`` pixels with no image data (``rgb`` None)."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))
    head = chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
    if rgb is None:
        return PNG_SIGNATURE + head
    row = b"\x00" + bytes(rgb) * width
    return PNG_SIGNATURE + head + chunk(b"IDAT", zlib.compress(row * height)) \
        + chunk(b"IEND", b"")


PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def materialize(value):
    """A recipe as its value: ``{"$repeat": [s, n]}`` -> s * n (a str), ``{"$bytes": hex}`` ->
    bytes, ``{"$oversized": n}`` -> a JSON document of n bytes, ``{"$png": [w, h, rgb]}`` /
    ``{"$png_header": [w, h]}`` -> a PNG's bytes (:func:`png`), ``{"$json": v}`` -> v as JSON
    text; anything else as it is."""
    if isinstance(value, dict) and len(value) == 1:
        (k, v), = value.items()
        if k == "$repeat":
            return v[0] * v[1]
        if k == "$bytes":
            return bytes.fromhex(v)
        if k == "$oversized":
            return '{"balls": {}, "pad": "' + "x" * v + '"}'
        if k == "$png":
            return png(v[0], v[1], v[2])
        if k == "$png_header":
            return png(v[0], v[1])
        if k == "$json":
            return json.dumps(materialize(v))
    if isinstance(value, list):
        return [materialize(v) for v in value]
    if isinstance(value, dict):
        return {k: materialize(v) for k, v in value.items()}
    return value


def build_document(spec: dict):
    """A case's document: ``{"base", "patch": [path, value]}`` (the base with one value set or
    one key added) or ``{"raw": text-or-recipe}``; bytes or text for a raw one."""
    if "raw" in spec:
        return materialize(spec["raw"])
    doc = copy.deepcopy(load_base(spec["base"]))
    if spec.get("patch") is None:
        return doc
    path, value = spec["patch"]
    node = doc
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = materialize(value)
    return doc


def as_text(doc) -> str | bytes:
    """A built document as the bytes or text a file or a body would hold."""
    if isinstance(doc, (str, bytes)):
        return doc
    if isinstance(doc, list) and doc and isinstance(doc[0], dict) and "type" in doc[0]:
        return "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in doc)  # JSONL
    return json.dumps(doc, ensure_ascii=False)


# --- the command line -------------------------------------------------------------------
# Every option of every subcommand, by the kind of nonsense it is given; an option missing
# here fails tests/hostile/test_corpus.py (a new flag must say how it is attacked), and one
# that is not varied says why.
COUNT = ("", "abc", "nan", "inf", "-5", "1.5", "0x10", "1e400", "99999999999999999999")
JOBS = ("", "abc", "nan", "inf", "0", "1.5", "0x10", "1e400", "99999999999999999999", "-9999")
SEED_VALUES = ("", "abc", "nan", "-5", "1.5", "99999999999999999999999999")
FRACTION = ("", "abc", "nan", "inf", "-0.5", "2", "1e400")
SECONDS = ("", "abc", "nan", "inf", "-1", "1e400")
SKILL = ("", "zz", "nan", "inf", "-1", "1e400")
SPEC = ("", "zz-no-such-agent", "random:zz=1", "missing_file.py:Agent",
        "mc:weights=missing.json",
        {"$repeat": ["a", 3000]})
CHOICE = ("", "zz", {"$repeat": ["z", 3000]})
OUTPUT = ("", "out/", ".")
INPUT = ("", "missing.jsonl", ".", "/dev/zero")
JSON_ARG = ("", "{", "[]", '{"zz_unknown_key": 1}', {"$repeat": ["x", 3000]})
NAMES = ("", {"$repeat": ["N", 5000]})
TABLE = ("", "zz", "pyramid-99ft")
NOT_VARIED = "not varied"
FLAGS = {
    "analyze": {"--agent": SPEC, "--skill": SKILL, "--samples": COUNT, "--top": COUNT,
                "--strokes": ("", "9-1", "a-b", "-5", "0", "1-2-3", "99999999999999999999"),
                "--mistake": FRACTION, "--blunder": FRACTION, "--seed": SEED_VALUES,
                "--jobs": JOBS, "--png": OUTPUT + ("{IN}",), "--html": OUTPUT + ("{IN}",),
                "--summary-png": OUTPUT + ("{IN}",), "--lang": CHOICE,
                "--example": CHOICE + ("session",)},  # session: beside the file given
    "board": {"--port": ("", "abc", "-1", "70000", "99999999999", "1.5", "0x50", "nan",
                         "65536", "-0x1", "0b101", "--1", "8O", "65535.0", "1e3"),
              "--match-record": OUTPUT + ("notes.txt", "empty.pem/", "missing/m.jsonl", "big.pem",
                                          "/dev/null", "/proc/self/mem"),
              "--lan-address": ("", "999.1.1.1", "abc", {"$repeat": ["1", 3000]}, "1.2.3",
                                "::zz", "1.2.3.4.5", "256.0.0.1", "-1.0.0.0", "1.2.3.4/24", "localhost:80",
                                "1..2.3"),
              "--certfile": INPUT + ("notes.txt", "empty.pem", "big.pem"),
              "--keyfile": INPUT + ("notes.txt", "empty.pem", "big.pem")},
    "engine": {},
    "photo": {"--table": TABLE + ("PYRAMID-12FT", " pyramid-12ft", {"$repeat": ["t", 3000]}),
              "--corners": ("", "1,2,3", "a,b,c,d,e,f,g,h", "nan,0,1,0,1,1,0,1",
                            "1e400,0,1,0,1,1,0,1", "0,0,0,0,0,0,0,0", "1,2,3,4,5,6,7,8,9,10",
                            "1;2;3;4;5;6;7;8", ",,,,,,,", "inf,0,1,0,1,1,0,1",
                            "-1e9,0,1,0,1,1,0,1", "99999,99999,99999,0,0,99999,0,0",
                            {"$repeat": ["1,", 3000]}),
              "--table-size": ("", "3.5", "3.5,", ",1.75", "a,b", "nan,1.75", "3.5,inf",
                               "-3.5,1.75", "0,0", "100,1", "1.75,3.5,1", "3,5;1,75",
                               {"$repeat": ["9", 3000]}),
              "--ball-diameter": ("", "68", "68 cm", "mm", "-68mm", "nan mm", "inf m",
                                  "0mm", "1e400mm", "68 mmm", "0.0001m", "9 m",
                                  {"$repeat": ["6", 3000]}),
              "--lang": CHOICE},
    "play": {"--agent-a": SPEC, "--agent-b": SPEC, "--agent-c": SPEC, "--skill-a": SKILL,
             "--skill-b": SKILL, "--skill-c": SKILL, "--games": COUNT, "--seed": SEED_VALUES,
             "--variant": CHOICE, "--call-mode": CHOICE, "--table": TABLE,
             "--handicap": JSON_ARG, "--pair-order": CHOICE, "--max-strokes": COUNT,
             "--record": OUTPUT, "--png-dir": ("", "notes.txt", "notes.txt/")},
    "score": {"--players": NAMES, "--record": OUTPUT + ("{IN}",), "--resume": INPUT,
              "--variant": CHOICE, "--call-mode": CHOICE, "--target": COUNT,
              "--games": COUNT, "--breaker": NAMES, "--handicap": JSON_ARG,
              "--pair-order": CHOICE, "--lang": CHOICE,
              "--date": ("", "2026-13-45", "yesterday", {"$repeat": ["9", 3000]}),
              "--example": CHOICE + ("pot",)},
    "simulate": {"--png": OUTPUT + ("{IN}",), "--example": CHOICE + ("cut",)},
    "suggest": {"--top": COUNT, "--skill": SKILL, "--time-budget": SECONDS,
                "--budget": COUNT, "--seed": SEED_VALUES, "--lang": CHOICE, "--line": COUNT,
                "--png": OUTPUT + ("{IN}",), "--example": CHOICE + ("open",)},
    "tournament": {"--agents": SPEC, "--games": COUNT, "--seed": SEED_VALUES,
                   "--skill": SKILL, "--skills": ("", "a,b", "1", "-1,1", "nan,1"),
                   "--call-mode": CHOICE, "--table": TABLE, "--max-strokes": COUNT,
                   "--jobs": JOBS, "--out": OUTPUT, "--backend": CHOICE,
                   "--scheduler": NOT_VARIED,  # an address is tried, not parsed: no nonsense
                   #                             that fails fast without a cluster to ask
                   "--ci": CHOICE, "--bootstrap": COUNT, "--plot": OUTPUT,
                   "--time-per-game": SECONDS, "--records": ("", "notes.txt", "notes.txt/"),
                   "--replay": INPUT, "--game": COUNT,
                   "--sprt": ("", "a,b", "0", "70,0", "0,70,2,0.05", "0,70,0.05")},
}
# How each command is given valid input, so that only the one thing varied is nonsense: the
# arguments before it ({IN}: the input file, written from the named base) and the base.
COMMAND_INPUTS = {
    "simulate": (["{IN}"], "shot"),
    "suggest": (["{IN}", "--budget", "20"], "state"),
    "score": (["{IN}"], "score"),
    "analyze": (["{IN}", "--no-progress", "--samples", "4", "--top", "1", "--jobs", "1"],
                "game"),
    "photo": (["{IN}"], "photo"),
    "play": (["--agent-a", "random", "--agent-b", "random", "--quiet", "--max-strokes", "2"],
             None),
    "tournament": (["--agents", "random", "greedy", "--games", "1", "--max-strokes", "2"],
                   None),
    "board": (["--no-browser", "--port", "0"], None),  # with AUX_FILES beside it
    "engine": ([], None),
}
# A flag that only means something beside another: the other flag, given with it.
COMPANIONS = {("tournament", "--game"): ["--replay", "missing.jsonl"],
              ("tournament", "--bootstrap"): ["--ci", "bootstrap"],
              ("board", "--keyfile"): ["--certfile", "notes.txt"],
              ("board", "--certfile"): ["--keyfile", "notes.txt"],
              ("board", "--lan-address"): ["--lan"]}
SUFFIX = {"record": ".jsonl", "game": ".jsonl", "photo": ".jpg"}
# Files beside every case of these commands, for flags that name an existing file: none of
# them is a certificate, a key or a record.
AUX_FILES = {"notes.txt": {"raw": "a note, not a certificate nor a record\n"},
             "empty.pem": {"raw": ""}, "big.pem": {"raw": {"$oversized": 3_000_000}}}
AUX_FOR = ("board", "play", "tournament")
# Flags of a mode of their command: the arguments that open that mode, instead of the
# command's usual input (score's session flags need --session; a STATE.json is refused there).
SESSION = ["--session", "--players", "A", "B"]
MODE = {("score", f): SESSION for f in ("--players", "--record", "--variant", "--call-mode",
                                         "--target", "--games", "--breaker", "--handicap",
                                         "--pair-order", "--date")}
MODE[("score", "--players")] = ["--session"]
MODE[("score", "--resume")] = ["--session"]
# A pair of flags that go together: a refusal may name either (a certificate and its key)
EITHER = {("board", "--certfile"): "--certfile|--keyfile", ("board", "--keyfile"): "--certfile|--keyfile"}


def subparsers() -> dict:
    parser = build_parser()
    for action in parser._actions:  # argparse keeps its subparsers in this one action
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    raise AssertionError("the command line has no subcommands")


def options_of(parser) -> list[str]:
    """The options of a subparser that take a value (``--help`` and switches aside)."""
    return [a.option_strings[-1] for a in parser._actions
            if a.option_strings and a.nargs != 0 and a.dest != "help"]


def cli_cases(rng: np.random.Generator) -> list[Case]:
    cases = []
    for command in sorted(subparsers()):
        before, base = COMMAND_INPUTS[command]
        infile = "in" + SUFFIX.get(base, ".json") if base else None
        own = []
        for flag, values in FLAGS[command].items():
            if values == NOT_VARIED:
                continue
            for v in values:
                if v == "{IN}" and infile is None:
                    continue
                start = MODE.get((command, flag), before)
                own.append({"argv": start + COMPANIONS.get((command, flag), []) + [flag, v],
                            "file": None, "says": [EITHER.get((command, flag), flag)],
                            "why": f"{flag} {json.dumps(v)[:40]}"})
        if base is not None and base != "photo":
            for d in document_cases(base, rng, CASES_PER_DOOR):
                own.append({"argv": before, "file": {"base": d["base"], "patch": d["patch"]},
                            "says": ["line"] if base in ("record", "game") else d["says"],
                            "why": d["why"]})
        if base is not None:
            for name, raw in MALFORMED:
                own.append({"argv": before, "file": {"raw": raw}, "says": [],
                            "why": f"the input {name}"})
        if base == "photo":
            for image in IMAGES:
                own.append({"argv": before, "file": {"raw": image}, "says": [],
                            "why": f"the image {json.dumps(image)[:40]}"})
        for i, c in enumerate(own):
            files = {}
            if infile is not None:
                files[infile] = c["file"] or {"base": base}
            if command in AUX_FOR:
                files.update(AUX_FILES)
            argv = [command] + [infile if a == "{IN}" else a for a in c["argv"]]
            cases.append(Case(id=f"cli-{command}-{i:03d}", door="cli", target=command,
                              why=c["why"], argv=argv, files=files, says=c["says"]))
    return cases


# --- the board --------------------------------------------------------------------------
# Each route: its method, the base of its body (None: it takes none), and its query options.
ROUTES = {
    "/": ("GET", None), "/sw.js": ("GET", None), "/manifest.webmanifest": ("GET", None),
    "/api/health": ("GET", None), "/api/connect": ("GET", None), "/api/qr.svg": ("GET", None),
    "/api/table": ("GET", None), "/api/positions": ("GET", None),
    "/api/words/ru": ("GET", None), "/api/queue": ("GET", None), "/api/match": ("GET", None),
    "/api/match/record": ("GET", None),
    "/api/check": ("POST", "state"), "/api/simulate": ("POST", "shot"),
    "/api/suggest": ("POST", "state"), "/api/record": ("POST", "record"),
    "/api/review": ("POST", "review"), "/api/photo": ("POST", "photo"),
    "/api/match/start": ("POST", "match_start"), "/api/match/line": ("POST", "match_line"),
    "/api/match/scorer": ("POST", None), "/api/match/list": ("GET", None),
    "/api/match/handover": ("POST", None), "/api/match/open": ("POST", None),
}
QUERY = {  # the query parameters a route reads, with nonsense for each
    "/api/table": {"name": TABLE},
    "/api/simulate": {"noise": SKILL, "runs": COUNT, "seed": SEED_VALUES},
    "/api/suggest": {"top": COUNT, "budget": COUNT + ("+5",), "seed": SEED_VALUES,
                     "skill": SKILL, "time_budget": SECONDS, "lang": CHOICE, "line": COUNT},
    "/api/photo": {"table": TABLE, "corners": ("", "1,2,3", "a,b,c,d,e,f,g,h"),
                   "refine": ("", "2", "yes"), "lang": CHOICE},
}
JUNK_NAMES = ("zz", "topp", "x" * 50, "token2", "__proto__", "a[b]", "\u0444", "budget ",
              "ZZ", "callback", "_", "lang2")
JUNK_VALUES = ("1", "", {"$repeat": ["x", 3000]}, "<script>")
OTHER_METHODS = ("PUT", "DELETE", "PATCH")
BODY_NONSENSE_TYPES = ("text/plain", "application/x-www-form-urlencoded", "multipart/form-data")
ONE_PIXEL_PNG = {"$png": [1, 1, [0, 0, 0]]}
# images in which no table can be found, whatever the reader: every pixel one colour that is
# not a cloth's, a single pixel, a header that claims 100 000 x 100 000 pixels
IMAGES = (ONE_PIXEL_PNG, {"$png": [640, 480, [0, 0, 0]]}, {"$png": [640, 480, [255, 255, 255]]},
          {"$png": [320, 240, [128, 128, 128]]}, {"$png": [64, 48, [200, 30, 30]]},
          {"$png_header": [100000, 100000]}, {"$png_header": [0, 0]},
          {"$png": [2, 2, [0, 0, 255]]}, {"$png": [4000, 1, [0, 0, 0]]},
          {"$png": [1, 4000, [0, 0, 0]]}, {"$png_header": [1, 1]},
          {"$bytes": "ffd8ffe000104a464946"}, {"$bytes": "474946383961"})


def route_cases(path: str, rng: np.random.Generator) -> list[dict]:
    method, base = ROUTES[path]
    out = []
    valid_body = {"base": base} if base in BASES else None  # the query is what is wrong
    for name in JUNK_NAMES:
        for value in JUNK_VALUES:
            out.append({"query": {name: value}, "body": valid_body, "says": [name.strip()],
                        "why": f"unknown query parameter {name!r}"})
    for other in OTHER_METHODS + (("POST",) if method == "GET" else ("GET",)):
        out.append({"method": other, "says": [], "why": f"the method {other}"})
    for name, values in QUERY.get(path, {}).items():
        for v in values:
            out.append({"query": {name: v}, "body": valid_body, "says": [name],
                        "why": f"?{name}={str(v)[:20]}"})
    if base is not None:
        body_base = {"shot": "shot", "state": "state", "record": "record", "review": "review",
                     "match_start": "match_start"}.get(base)
        if body_base is not None:
            for d in document_cases(body_base, rng, CASES_PER_DOOR):
                out.append({"body": {"base": d["base"], "patch": d["patch"]},
                            "says": ["line"] if base == "record" else d["says"],
                            "why": d["why"]})
        if base == "match_line":
            for v in STRING_NONSENSE:
                out.append({"body": {"raw": json.dumps({"text": v}) if not isinstance(v, dict)
                                     else {"$json": {"text": v}}}, "says": ["text"],
                            "why": f"text = {json.dumps(v)[:30]}"})
            out.append({"body": {"raw": json.dumps({"text": "x", UNKNOWN_KEY: 1})},
                        "says": [UNKNOWN_KEY], "why": "an unknown key"})
        if base == "photo":
            for image in IMAGES:
                out.append({"body": {"raw": image}, "says": [], "why": f"the image {image}"})
        for name, raw in MALFORMED:
            out.append({"body": {"raw": raw}, "says": [], "why": f"the body {name}"})
        for ctype in BODY_NONSENSE_TYPES:
            out.append({"body": {"base": body_base or "state"}, "content_type": ctype,
                        "says": [], "why": f"Content-Type {ctype}"})
    return out


def board_cases(rng: np.random.Generator) -> list[Case]:
    cases = []
    for path, (method, _) in ROUTES.items():
        for i, c in enumerate(route_cases(path, rng)):
            files = {"content_type": c["content_type"]} if "content_type" in c else {}
            cases.append(Case(id=f"board-{path.strip('/').replace('/', '-') or 'index'}-{i:03d}",
                              door="board", target=path, why=c["why"],
                              method=c.get("method", method),
                              path=path, query=c.get("query", {}), body=c.get("body"),
                              files=files, says=c["says"]))
    for i, junk in enumerate(("/api/words/" + "z" * 5000, "/static/../server.py",
                              "/static/%2e%2e/server.py", "/api/nothing", "/static/" + "a" * 300,
                              "/api/words/..%2f..%2fetc")):
        cases.append(Case(id=f"board-paths-{i:03d}", door="board", target="paths",
                          why=f"the path {junk[:40]}", method="GET", path=junk, says=[]))
    return cases


# --- the engine -------------------------------------------------------------------------
ENGINE_BODIES = {"suggest": "state", "simulate": "shot", "score": "score", "check": "state",
                 "record": "record"}
ENGINE_OPTIONS = {
    "suggest": {"top": (0, -5, 10 ** 19, 1.5, "3", True), "budget": (0, -5, 10 ** 19, "x"),
                "seed": (-5, 10 ** 30, 1.5, "x"), "skill": ("zz", -1, 1e308, [], {}),
                "time_budget": (-1, 1e308, "x", True), "lang": ("zz", 5, ""),
                "line": (-1, 10 ** 19, "x", 1.5)},
    "simulate": {"noise": ("zz", -1, 1e308, []), "runs": (0, -5, 10 ** 19, "x"),
                 "seed": (-5, 10 ** 30, "x")},
    "score": {}, "check": {}, "record": {},
}
REQUEST_NONSENSE = (
    ({"id": 1, "cmd": []}, "cmd"), ({"id": 1, "cmd": {}}, "cmd"), ({"id": 1, "cmd": 5}, "cmd"),
    ({"id": 1, "cmd": {"$repeat": ["z", 100000]}}, "cmd"), ({"id": 1, "cmd": ""}, "cmd"),
    ({"id": 1, "cmd": None}, "cmd"), ({"id": 1}, "cmd"), ({"id": [], "cmd": "check"}, "id"),
    ({"id": {}, "cmd": "check"}, "id"), ({"id": 1, "cmd": "check"}, "body"),
    ({"id": 1, "cmd": "check", "body": {}, "options": []}, "options"),
    ({"id": 1, "cmd": "check", "body": {}, "options": "x"}, "options"),
    ({"id": 1, "cmd": "check", "body": {}, UNKNOWN_KEY: 1}, UNKNOWN_KEY),
    ([], "object"), ("check", "object"), (5, "object"), (None, "object"),
) + tuple(({"id": 1, "cmd": junk, "body": {}}, "cmd") for junk in (
    "Check", " check", "check\n", "suggest2", "HEALTH", "quit ", "\u0441heck", "simulate;",
    "../check", "check\u0000", "records", "scor")) + tuple(
    ({"id": 1, "cmd": cmd}, "body") for cmd in ("suggest", "simulate", "score", "record")) + tuple(
    ({"id": 1, "cmd": "check", "body": {}, "options": junk}, "options")
    for junk in (5, True, ["top"], "top=3")) + tuple(
    ({"id": 1, "cmd": "check", "body": {}, key: 1}, key)
    for key in ("opts", "Body", "command", "idd", "option", "bodies", "cmd2", "lang",
                "top")) + tuple(
    ({"id": junk, "cmd": "check", "body": {}}, "id")
    for junk in ([1], {"a": 1}, [[[]]], {"$repeat": ["9", 5000]}))


def engine_cases(rng: np.random.Generator) -> list[Case]:
    cases = []
    for cmd, base in ENGINE_BODIES.items():
        own = []
        for d in document_cases(base, rng, CASES_PER_DOOR):
            own.append({"body": {"base": d["base"], "patch": d["patch"]},
                        "says": ["line"] if base == "record" else d["says"], "why": d["why"]})
        for name, values in ENGINE_OPTIONS[cmd].items():
            for v in values:
                own.append({"body": {"base": base}, "options": {name: v}, "says": [name],
                            "why": f"options.{name} = {json.dumps(v)[:30]}"})
        own.append({"body": {"base": base}, "options": {UNKNOWN_KEY: 1}, "says": [UNKNOWN_KEY],
                    "why": "an unknown option"})
        for v in ("x", 5, [], True, None):
            if cmd == "record" and v == "x":  # a string, as a record is: its first line is bad
                own.append({"body": {"raw_value": v}, "says": ["line 1"],
                            "why": "a record of one line that is not JSON"})
                continue
            own.append({"body": {"raw_value": v}, "says": ["body"],
                        "why": f"the body {json.dumps(v)}"})
        for i, c in enumerate(own):
            request = {"id": i, "cmd": cmd, "body": c["body"], "options": c.get("options", {})}
            cases.append(Case(id=f"engine-{cmd}-{i:03d}", door="engine", target=cmd,
                              why=c["why"], request=request, says=c["says"]))
    for i, (request, says) in enumerate(REQUEST_NONSENSE):
        cases.append(Case(id=f"engine-request-{i:03d}", door="engine", target="request",
                          why=f"the request {json.dumps(request)[:40]}",
                          request={"$whole": request}, says=[says]))
    return cases


def write(path: Path = CORPUS) -> None:
    text = render(generate())
    tmp = path.with_suffix(".tmp")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(path)


def generate(seed: int = SEED) -> list[Case]:
    rng = np.random.default_rng(seed)
    return cli_cases(rng) + board_cases(rng) + engine_cases(rng)


def render(cases: list[Case]) -> str:
    """One case a line, its fields that differ from the defaults only."""
    blank = asdict(Case(id="", door="", target="", why=""))
    return "".join(json.dumps({k: v for k, v in asdict(c).items()
                               if k in ("id", "door", "target", "why") or v != blank[k]},
                              ensure_ascii=True, sort_keys=True) + "\n" for c in cases)


def read(path: Path = CORPUS) -> list[Case]:
    return [Case(**json.loads(line)) for line in path.read_text(encoding="utf-8").splitlines()]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m tests.hostile.corpus", description=__doc__)
    p.add_argument("--check", action="store_true",
                   help="exit 1 if the corpus file differs from what the generator makes")
    args = p.parse_args(argv)
    if args.check:
        same = CORPUS.exists() and CORPUS.read_text(encoding="utf-8") == render(generate())
        print("the corpus is current" if same else "the corpus is stale: write it again")
        return 0 if same else 1
    write()
    print(f"wrote {CORPUS.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
