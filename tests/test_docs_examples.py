"""Every example of the docs runs as written (issue 30 item 5): docs/AGENTS.md's Python and the
cheap command lines of README.md and docs/ for real, in an empty folder (the examples ship with
the program: ``--example NAME``, ``russian_pyramid.examples``; issue 52 item 5); every other
command line parsed by the real argument parser, its agent specs built and the files it names
in the repository present.  (docs/API.md's blocks run in tests/test_docs_api.py; the same
command lines from an installed wheel: tests/packaging/test_wheel.py.)"""
from __future__ import annotations

import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from ai.registry import make_agent
from russian_pyramid.cli import build_parser

from .cli.clihelp import env, pyramid

ROOT = Path(__file__).resolve().parents[1]
DOCS = [ROOT / "README.md", ROOT / "ai" / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
AGENTS_MD = ROOT / "docs" / "AGENTS.md"
# run for real (2-4 s each); the rest are parsed and their agents built.  The tournament,
# --records, analyze and --replay lines of docs/USAGE.md are played by
# tests/cli/test_tournament_records.py with the same flags, smaller; simulate's --png by
# tests/cli/test_simulate_cli.py (on a shot of its own).
RUN = ("pyramid score --example pot",
       "pyramid play --agent-a russian_pyramid.examples.my_agent:EasiestPot --agent-b greedy")
# a package of the reader's, and the reader's copy of the example agent: not shipped as such
ILLUSTRATIONS = {"mypackage.agents:Deep:depth=2", "my_agent.py:EasiestPot"}
# the example files moved into the package (issue 52 item 5): README.md, rewritten apart,
# still names them by their old place until it says --example NAME
MOVED = "examples/"
AGENT_FLAGS = ("--agents", "--agent-a", "--agent-b", "--agent-c", "--agent")


def code_blocks(text: str, lang: str = "[a-z]*") -> list[str]:
    return re.findall(rf"```{lang}\n(.*?)```", text, flags=re.S)


def command_lines() -> list[tuple[str, str]]:
    """(document, command) for every ``pyramid ...`` line of a code block, continuation lines
    joined; output lines (``pyramid play: ...``) and synopses with ``[optional]`` parts left
    out."""
    out = []
    for doc in DOCS:
        for block in code_blocks(doc.read_text(encoding="utf-8")):
            for line in re.sub(r"\\\n\s*", " ", block).splitlines():
                line = line.strip()
                words = line.split()
                if len(words) < 2 or words[0] != "pyramid" or words[1].endswith(":") \
                        or "[" in line:
                    continue
                out.append((doc.relative_to(ROOT).as_posix(), line))
    return out


def test_agents_md_python_runs_as_written_anywhere(tmp_path):
    blocks = code_blocks(AGENTS_MD.read_text(encoding="utf-8"), "python")
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


def test_the_docs_show_command_lines():
    found = command_lines()
    assert len(found) >= 30
    assert {doc for doc, _ in found} >= {"README.md", "docs/USAGE.md", "docs/AGENTS.md"}
    assert set(RUN) <= {" ".join(shlex.split(c, comments=True)) for _, c in found}


def _pending(doc: str, command: str):
    """README.md's lines that still name a moved example file: expected to fail until the
    README says --example NAME (strict: one that passes is a line to take out of here)."""
    moved = doc == "README.md" and any(w.startswith(MOVED) and not (ROOT / w).exists()
                                       for w in shlex.split(command, comments=True))
    return pytest.param(doc, command, marks=pytest.mark.xfail(
        strict=True, reason="README.md still names examples/...; use --example NAME")) \
        if moved else (doc, command)


@pytest.mark.parametrize("doc, command", [_pending(d, c) for d, c in command_lines()])
def test_every_command_line_parses_and_names_what_exists(doc, command):
    words = shlex.split(command, comments=True)
    shell = [k for k, w in enumerate(words) if w in ("<", ">", "|")]
    if shell:  # the shell's redirection: a file on stdin is checked below with the others
        words = words[:shell[0]]
    parser = build_parser()
    try:
        args = parser.parse_args(words[1:])
    except SystemExit as exc:
        pytest.fail(f"{doc}: {command!r} is refused by the parser (exit {exc.code})")
    for flag in AGENT_FLAGS:
        if flag not in words:
            continue
        value = getattr(args, flag.lstrip("-").replace("-", "_"))
        for spec in value if isinstance(value, list) else [value]:
            if spec not in ILLUSTRATIONS:
                make_agent(spec)  # a bad spec raises, naming it
    for w in shlex.split(command, comments=True):
        if w.startswith(("examples/", "russian_pyramid/")):
            assert (ROOT / w.split(":")[0]).exists(), (doc, w)


@pytest.mark.parametrize("command", RUN)
def test_cheap_commands_run_as_written(command, tmp_path):
    r = pyramid(*shlex.split(command)[1:], cwd=tmp_path)  # an empty folder
    assert r.returncode == 0, (command, r.stderr[-2000:])
    assert r.stdout.strip()
