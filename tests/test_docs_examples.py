"""Every example of the docs runs as written (issue 30 item 5, issue 51): docs/AGENTS.md's
Python from the repository's root, as its text says, and every command line shown in a code
block of README.md, ai/README.md and docs/*.md -- found in the documents, not listed here, so
that a command moved from one document to another is still run -- in a scratch folder that
holds what the docs assume (the examples, a record where a command reads one, ...), each
asserted to exit 0 and to leave the repository untouched.

A command that would take minutes runs in a reduced form: each change is a named entry of
:data:`REWRITES`, with why.  The commands that cannot run in a test are listed in one place,
:data:`EXEMPT`, with why.  The board, which serves until stopped, is started, asked for its
health and stopped.  (docs/API.md's Python blocks run in tests/test_docs_api.py.)"""
from __future__ import annotations

import re
import shlex
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest

from .cli.clihelp import env
from .untouched import ROOT, repository_state

DOCS = [ROOT / "README.md", ROOT / "ai" / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
AGENTS_MD = ROOT / "docs" / "AGENTS.md"
SHELL_BLOCKS = ("", "sh", "bash", "console", "shell")  # code blocks that may hold commands
# a line of a code block is a command when it starts with one of these (or a path to python)
PROGRAMS = ("pyramid", "python", "python3", "make", "curl", "dask", "apt-get", "export", "echo")
TIMEOUT_S = 600  # a hung command fails; the slowest here takes some seconds


@dataclass(frozen=True)
class Rewrite:
    """A change a long command gets before it runs: ``pattern`` replaced by ``repl``."""

    pattern: str
    repl: str
    why: str


REWRITES = {  # applied in this order to every command (without its comment)
    "optional parts": Rewrite(r" \[--(?:[^\[\]]|\[[^\[\]]*\])*\]", "",
                              "a synopsis runs without its optional parts ([--flag ...])"),
    "scratch folders": Rewrite(r"/tmp/", "", "the docs' folders in /tmp are made in the test's "
                                             "own folder"),
    "tournament games": Rewrite(r"^(pyramid tournament\b.*--games )\d+", r"\g<1>2",
                                "N games a pair take minutes; 2 walk the same path"),
    "tournament strokes": Rewrite(r"^(pyramid tournament\b.*--max-strokes )\d+", r"\g<1>2",
                                  "a game of the searching agents takes minutes: cut at 2 "
                                  "strokes (it ends unfinished)"),
    "tournament cut": Rewrite(r"^(pyramid tournament\b(?!.*--max-strokes)(?!.*--replay).*)$",
                              r"\1 --max-strokes 2", "the same, where no cut is given"),
    "tournament jobs": Rewrite(r"^(pyramid tournament\b.*--jobs )\d+", r"\g<1>1",
                               "a worker's start (its imports, its kernels) costs more than "
                               "such short games: one process"),
    "tournament all cores": Rewrite(r"^(pyramid tournament\b(?!.*--jobs)(?!.*--replay).*)$",
                                    r"\1 --jobs 1", "the same where the cores are the default"),
    "long play": Rewrite(r"^(pyramid play\b(?!.*--max-strokes)(?:(?!.*--agent-a)|(?=.*--png-dir))"
                         r".*)$", r"\1 --max-strokes 2",
                         "a game of the default agents takes minutes, and --png-dir draws "
                         "every stroke (0.3 s each): cut at 2 strokes"),
    "analysis strokes": Rewrite(r"^(pyramid analyze (?!.*--strokes)(?!--example session)"
                                r"(?!match\.jsonl).*)$", r"\1 --strokes 2-3",
                                "a whole record takes 0.25 s a stroke (its break more): two "
                                "after the break (a person's record, summed up whole, takes "
                                "no --strokes)"),
    "analysis jobs": Rewrite(r"^(pyramid analyze (?!.*--jobs).*)$", r"\1 --jobs 1",
                             "a worker's start costs more than a few strokes: one process"),
    "learning": Rewrite(r"(examples/learn_cem\.py)(?!.*--quick)", r"\1 --quick",
                        "the default run learns for minutes; --quick (8 + 8 games) walks the "
                        "same path"),
    "ppo baseline": Rewrite(r"(examples/learn_maskable_ppo\.py --baseline-only --games )\d+",
                            r"\g<1>2", "100 held-out games take minutes; 2 walk the same path"),
    "board port": Rewrite(r"^(pyramid board\b(?!.*--port).*)$", r"\1 --port 0",
                          "the board's port 8071 may be taken (by another board of this run): "
                          "any free port"),
    "board address": Rewrite(r"(?:127\.0\.0\.1|localhost):8071", "127.0.0.1:$BOARD_PORT",
                             "curl asks the board this test started, on its own port"),
    "curl fails": Rewrite(r"^curl ", "curl --fail ",
                          "curl exits 0 on an HTTP error; --fail makes a refusal a failure"),
}

EXEMPT = {  # commands shown in the docs that cannot run in a test (a pattern each), and why
    r"^make demo$": "a whole game of the strongest agents (minutes), and it writes "
                    "demo-game.jsonl into the repository; README's `pyramid play --seed 1` and "
                    "`pyramid suggest --example open --top 3` run here",
    r"^make test$": "the whole test suite, this test among it (CI runs it)",
    r"^export NUMBA_CACHE_DIR=/var/": "sets the kernel cache for the commands after it in the "
                                      "reader's shell, in a folder not this machine's to write",
    r"^pyramid photo IMAGE\b": "a synopsis: IMAGE is the reader's photo (docs/USAGE.md's "
                               "example on a shipped render runs)",
    r"--agent-a '?mypackage\.agents:": "an agent of a package of the reader's, not shipped",
    r"^pyramid board --lan\b": "serves the club's network (every interface, a QR code for "
                               "phones; its address, its certificate); "
                               "tests/russian_pyramid/test_board_lan.py runs it on loopback",
    r"^dask |--scheduler tcp://HEAD": "a Dask cluster of the reader's machines; "
                                      "tests/ai/games/test_parallel.py plays on a local one",
    r"^apt-get install": "installs a system package",
    r"^python -m ai\.calibrate\.selfplay --skill|^python -m ai\.calibrate\.value --positions "
    r"selfplay_master|weights=weights_master\.json": "a level's value, three commands each "
                                                    "reading the one before's file (minutes "
                                                    "each); the researcher's journey "
                                                    "(tests/journeys/test_researcher.py) runs "
                                                    "them one after another, reduced",
    r"learn_maskable_ppo\.py(?: --steps|:Trained)": "trains or plays MaskablePPO, which needs "
                                                    "torch (the learn-rl extra, gigabytes), not "
                                                    "installed in CI; tests/ai/env/test_policy.py "
                                                    "plays a numpy policy the same way",
    r"^python -m benchmarks\.photo_set(_independent)? ": "renders with POV-Ray (10-50 s a "
                                                         "photo), only to make the set; "
                                                         "tests/benchmarks/test_smoke.py runs "
                                                         "it where POV-Ray is installed",
    r"^/tmp/venv/bin/python -m pytest ": "runs tests in an environment of its own with pymunk; "
                                         "the suite runs the same file where pymunk is there",
}

PHOTOS = ROOT / "tests" / "russian_pyramid" / "photo_data"
# What the docs assume is in the folder a command runs in, beyond the examples: (a pattern of
# the commands that read it, the file or folder, the docs' own command that makes it).
MADE = (
    (r"\banalyze game\.jsonl", "game.jsonl",
     "pyramid play --agent-a greedy --agent-b random --seed 7 --handicap "
     "'{\"kind\": \"points\", \"receiver\": 1, \"points\": 50}' --record game.jsonl --quiet"),
    (r"--resume match\.jsonl|\banalyze match\.jsonl", "match.jsonl",
     "pyramid score --session --players Иван Пётр --lang ru --date 2026-11-30 "
     "--record match.jsonl < <(python -m russian_pyramid.examples session-typed)"),
    (r"--agent-a my_agent\.py:", "my_agent.py",
     "python -m russian_pyramid.examples my-agent > my_agent.py"),
    (r"< session_game\.txt", "session_game.txt",
     "python -m russian_pyramid.examples session-typed > session_game.txt"),
    (r"--replay own\.jsonl", "own.jsonl",
     "pyramid tournament --agents russian_pyramid.examples.my_agent:EasiestPot greedy --games 2 "
     "--max-strokes 2 --jobs 1 --out own.jsonl"),
    (r"--replay r\.jsonl|\banalyze games/", "r.jsonl games",
     "pyramid tournament --agents random greedy --games 3 --max-strokes 60 --jobs 1 "
     "--out r.jsonl --records games"),
)
# benchmarks.photo_report / photo_degrade read a rendered set: one of the tests' renders
PHOTO_SET = re.compile(r"^python -m benchmarks\.photo_(?:report|degrade) (\S+)")


def code_blocks(text: str, lang: str = "[a-z]*") -> list[tuple[str, str]]:
    """(language, body) of every fenced code block of ``text``."""
    return re.findall(rf"```({lang})\n(.*?)```", text, flags=re.S)


def _is_command(line: str) -> bool:
    words = line.split()
    if not words or not (words[0] in PROGRAMS or words[0].endswith("/python")):
        return False
    return not (len(words) > 1 and words[1].endswith(":"))  # output: "pyramid play: A vs B"


def _closed(command: str) -> bool:
    try:
        shlex.split(command, comments=True)
    except ValueError:  # a quotation left open: the command goes on on the next line
        return False
    return True


def without_comment(command: str) -> str:
    """``command`` without its trailing ``# comment`` (outside quotes), blanks collapsed."""
    quote, out = None, []
    for k, c in enumerate(command):
        if quote:
            quote = None if c == quote else quote
        elif c in "'\"":
            quote = c
        elif c == "#" and (k == 0 or command[k - 1].isspace()):
            break
        out.append(c)
    return re.sub(r"[ \t]+", " ", "".join(out)).strip()


def command_lines() -> list[tuple[str, str]]:
    """(document, command) for every command of a shell code block: continuation lines
    joined, a quotation left open continued on the next lines, a ``$`` prompt left out."""
    out = []
    for doc in DOCS:
        for lang, block in code_blocks(doc.read_text(encoding="utf-8")):
            if lang not in SHELL_BLOCKS:
                continue
            lines = re.sub(r"\\\n\s*", " ", block).splitlines()
            k = 0
            while k < len(lines):
                line = re.sub(r"^\$ ", "", lines[k].strip())
                k += 1
                if not _is_command(line):
                    continue
                while not _closed(line) and k < len(lines):
                    line, k = line + "\n" + lines[k], k + 1
                out.append((doc.relative_to(ROOT).as_posix(), without_comment(line)))
    return out


def commands() -> dict[str, list[str]]:
    """Every command (as written, without its comment) and the documents that show it."""
    found: dict[str, list[str]] = {}
    for doc, command in command_lines():
        found.setdefault(command, []).append(doc)
    return found


def exemption(command: str) -> str | None:
    return next((why for pattern, why in EXEMPT.items() if re.search(pattern, command)), None)


def rewritten(command: str) -> str:
    for rw in REWRITES.values():
        command = re.sub(rw.pattern, rw.repl, command, flags=re.M)
    return command


def shell_env(**extra) -> dict:
    """The reader's shell: this environment's commands first on PATH, the repository's
    packages importable, a browser that opens nothing."""
    e = env()
    e["PATH"] = str(Path(sys.executable).parent) + ":" + e["PATH"]
    e["BROWSER"] = "true"
    e.update(extra)
    return e


def shell(command: str, folder: Path, **extra) -> subprocess.CompletedProcess:
    return subprocess.run(["bash", "-o", "pipefail", "-c", command], cwd=folder,
                          env=shell_env(**extra), stdin=subprocess.DEVNULL,
                          capture_output=True, text=True, timeout=TIMEOUT_S)


@pytest.fixture(scope="session")
def made(tmp_path_factory):
    """The files of :data:`MADE`, each made once (a session of each worker) when first asked
    for, by its command in a folder holding the examples."""
    folder = tmp_path_factory.mktemp("made")
    shutil.copytree(ROOT / "examples", folder / "examples")
    done: set[str] = set()

    def make(command: str) -> Path:
        if command not in done:
            r = shell(command, folder)
            assert r.returncode == 0, (command, r.stderr[-2000:])
            done.add(command)
        return folder
    return make


def prepare(folder: Path, command: str, made) -> None:
    """``folder`` as the docs assume the reader's: in the repository's root (its examples, the
    shipped examples' folder, the tests' photos, docs/PHOTO.md to write into, .venv), with what
    ``command`` reads made."""
    shutil.copytree(ROOT / "examples", folder / "examples")
    (folder / "russian_pyramid").mkdir()
    (folder / "russian_pyramid" / "examples").symlink_to(ROOT / "russian_pyramid" / "examples")
    (folder / "docs").mkdir()
    shutil.copy(ROOT / "docs" / "PHOTO.md", folder / "docs" / "PHOTO.md")
    (folder / "tests" / "russian_pyramid").mkdir(parents=True)
    (folder / "tests" / "russian_pyramid" / "photo_data").symlink_to(PHOTOS)
    (folder / ".venv").symlink_to(Path(sys.executable).parents[1])
    for pattern, names, maker in MADE:
        if re.search(pattern, command):
            source = made(maker)
            for name in names.split():
                copy = shutil.copytree if (source / name).is_dir() else shutil.copy
                copy(source / name, folder / name)
    photos = PHOTO_SET.match(command)
    if photos:
        (folder / photos[1]).mkdir(parents=True)
        for suffix in (".jpg", ".json"):
            shutil.copy(PHOTOS / f"case_000{suffix}", folder / photos[1] / f"case_000{suffix}")


@pytest.fixture(scope="module")
def board(tmp_path_factory):
    """A board for the docs' curl commands: its port and token."""
    proc = subprocess.Popen(["pyramid", "board", "--port", "0", "--no-browser"],
                            cwd=tmp_path_factory.mktemp("board"), env=shell_env(),
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        url = proc.stdout.readline().split(": ", 1)[1].strip()
        port = re.search(r":(\d+)/", url)[1]
        yield {"BOARD_PORT": port, "TOKEN": url.split("?token=", 1)[1]}
    finally:
        proc.terminate()
        proc.wait(30)


def serve_once(command: str, folder: Path) -> None:
    """A board command as written (on a free port): it prints its address, answers there
    (health, with the printed token) and stops when asked to."""
    proc = subprocess.Popen(["bash", "-c", "exec " + command], cwd=folder, env=shell_env(),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        url = proc.stdout.readline().split(": ", 1)[-1].strip()
        base, token = url.split("?token=", 1)
        health = httpx.get(base.rstrip("/") + "/api/health", timeout=TIMEOUT_S,
                           headers={"Authorization": f"token {token}"})
        assert health.status_code == 200, (command, health.text[:500])
    finally:
        proc.terminate()
        proc.wait(30)
    assert proc.returncode in (0, -15), (command, proc.stderr.read()[-2000:])


def test_agents_md_python_runs_as_written_anywhere(tmp_path):
    blocks = [body for _, body in code_blocks(AGENTS_MD.read_text(encoding="utf-8"), "python")]
    # the first block is the protocol's signature, a summary; the others are programs
    assert "class Agent(Protocol)" in blocks[0]
    program = "\n".join(blocks[1:])
    assert "from russian_pyramid.examples.my_agent import EasiestPot" in program
    r = subprocess.run([sys.executable, "-"], input=program, cwd=tmp_path, env=env(),
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr[-3000:]
    scores, share = r.stdout.splitlines()[-2:]
    assert re.match(r"\(-?\d+, -?\d+\) \{'winner': [01]", scores), r.stdout
    assert float(share) == 4.0


def test_the_docs_show_their_commands_and_every_exemption_and_rewrite_is_used():
    found = commands()
    assert len(found) >= 60
    assert {d for docs in found.values() for d in docs} >= {
        "README.md", "docs/USAGE.md", "docs/AGENTS.md", "docs/BOARD.md", "docs/ENGINE.md"}
    assert "pyramid score --example pot" in found
    engine = [c for c in found if c.startswith("python3 -c") and c.endswith("| pyramid engine")]
    assert len(engine) == 1 and engine[0].count("\n") == 2  # one command over three lines
    for pattern in EXEMPT:
        assert any(re.search(pattern, c) for c in found), f"no command is exempt by {pattern!r}"
    for name, rw in REWRITES.items():
        assert any(re.search(rw.pattern, c, flags=re.M) for c in found), f"{name} changes nothing"


@pytest.mark.parametrize("command", sorted(commands()))
def test_every_command_of_the_docs_runs(command, tmp_path, made, request):
    why = exemption(command)
    if why:
        pytest.skip(f"exempt: {why}")
    run = rewritten(command)
    prepare(tmp_path, run, made)
    before = repository_state()
    if run.startswith("pyramid board"):
        serve_once(run, tmp_path)
    else:
        extra = request.getfixturevalue("board") if "$BOARD_PORT" in run else {}
        r = shell(run, tmp_path, **extra)
        assert r.returncode == 0, (run, r.stdout[-1500:], r.stderr[-2500:])
        assert "Traceback" not in r.stderr, (run, r.stderr[-2500:])
    assert repository_state() == before, run
