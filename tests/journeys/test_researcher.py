"""The researcher's journey (issue 51), commands as docs/USAGE.md and docs/AGENTS.md write them:
an agent of one's own in a file (russian_pyramid/examples/my_agent.py copied, as one starts), a tournament
against ``greedy`` with every game's record, one game played again from the results file
(``--replay``), and the table again from the file (``--report``).  (A record's analysis is
the analyst's journey, test_analyst.py.)  Issue 58's walk: a policy of one's own (docs/API.md's) as
a tournament agent through ``ai.env.agent_from_policy``, the game for three in PettingZoo's
API, the forward model.

Reduced: 2 games (``--games 2``), at most 60 strokes a game (``--max-strokes 60``), one worker
(``--jobs 1``)."""
from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import warnings

import numpy as np
from pettingzoo.test import api_test

from ai.env import aec_env, decode, forward
from ai.value.features import NAMES
from ai.value.learned import LEARNED_FILE
from engine import read_record, verify_record
from tests.cli.clihelp import ROOT, env, pyramid

AGENT = "my_agent.py:EasiestPot"
GAMES, STROKES = 2, 60


def _the_game(path) -> list[dict]:
    """A record's lines without what depends on the machine: the header's provenance (the
    commit, the platform), each decision's seconds, and the result's hash over them."""
    lines = [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines()]
    lines[0].pop("provenance", None)
    for line in lines[1:-1]:
        line.get("story", {}).pop("decision_s", None)
    lines[-1].pop("sha256", None)
    return lines


def test_a_researcher_runs_an_own_agent_in_a_tournament(tmp_path):
    shutil.copy(ROOT / "russian_pyramid" / "examples" / "my_agent.py", tmp_path / "my_agent.py")
    # the tournament, with every game's record
    r = pyramid("tournament", "--agents", AGENT, "greedy", "--games", GAMES, "--max-strokes",
                STROKES, "--jobs", 1, "--out", "r.jsonl", "--records", "games",
                "--no-progress", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert f"{GAMES} games ({GAMES} played now" in r.stdout, r.stdout
    table = r.stdout[:r.stdout.index(f"{GAMES} games (")]
    assert "my_agent.py:EasiestPot" in table and "greedy" in table
    results = [json.loads(x) for x in (tmp_path / "r.jsonl").read_text().splitlines()]
    assert len(results) == 1 + GAMES and not any("error" in g for g in results[1:])
    records = sorted((tmp_path / "games").iterdir())
    assert [p.name for p in records] == [
        f"game-{g:04d}-my_agent.py_EasiestPot-vs-greedy.jsonl" for g in range(GAMES)]
    for path, line in zip(records, results[1:]):  # each record verifies: it is the game played
        check = verify_record(read_record(path))
        assert check.hash_checked and check.strokes == line["n_strokes"]
    # one game again from its seeds: the same game as the file's line, stroke for stroke;
    # the file names code (the agent's file), run again only when the researcher says so
    r = pyramid("tournament", "--replay", "r.jsonl", "--game", 1, "--records", "again",
                cwd=tmp_path)
    assert r.returncode == 2 and "my_agent.py:EasiestPot" in r.stderr \
        and "--trust-agents" in r.stderr and not (tmp_path / "again").exists(), r.stderr
    r = pyramid("tournament", "--replay", "r.jsonl", "--game", 1, "--records", "again",
                "--trust-agents", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert "the same game as the results file's line" in r.stderr, r.stderr
    again = tmp_path / "again" / records[1].name
    assert _the_game(again) == _the_game(records[1])
    # the table from the file alone: plays nothing, the same table
    r = pyramid("tournament", "--report", "--out", "r.jsonl", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert f"{GAMES} of {GAMES} games in r.jsonl (nothing played)" in r.stdout
    assert r.stdout.startswith(table), (table, r.stdout)


# --- issue 58: the researcher's learning walk, as docs/API.md writes it ---------------------
def _docs_block(starts: str) -> str:
    """The code block of docs/API.md whose first line starts with ``starts``."""
    text = (ROOT / "docs" / "API.md").read_text(encoding="utf-8")
    for block in re.findall(r"```py(?:thon)?\n(.*?)```", text, flags=re.S):
        if block.startswith(starts):
            return block
    raise AssertionError(f"docs/API.md has no code block starting {starts!r}")


def test_a_researcher_plays_a_policy_in_a_tournament_and_the_game_for_three(tmp_path):
    """The policy of docs/API.md ("The codec, and a policy as an agent") in the agent file it
    shows, beside the module it imports, plays ``pyramid tournament`` as the file's comment
    writes it (reduced: 2 games, 30 strokes); then the documented PettingZoo walk for three
    players passes PettingZoo's own api_test, and the forward model gives back a stroke of the
    game: the same noise draw, the same state."""
    example = _docs_block("from ai.env import agent_from_policy, decode")
    policy = example[example.index("def nearest_ball"):example.index("agent = ")]
    (tmp_path / "my_weights.py").write_text(
        "import numpy as np\n\nfrom ai.env import discrete_parts\n\n\n" + policy,
        encoding="utf-8")
    agent_file = _docs_block("# my_policy.py")
    command = agent_file.splitlines()[0].split("-- ", 1)[1].split()
    (tmp_path / "my_policy.py").write_text(agent_file, encoding="utf-8")
    assert command[:3] == ["pyramid", "tournament", "--agents"], command
    games = command.index("--games")
    command[games + 1] = "2"
    r = pyramid(*command[1:], "--max-strokes", 30, "--jobs", 1, "--out", "p.jsonl",
                "--no-progress", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    lines = [json.loads(x) for x in (tmp_path / "p.jsonl").read_text().splitlines()]
    assert len(lines) == 3 and not any("error" in g for g in lines[1:])
    assert "my_policy.py:Nearest" in r.stdout and all(g["n_strokes"] > 0 for g in lines[1:])
    # several players: PettingZoo's api_test on the documented environment, three each
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # its advice to flatten Dict spaces
        api_test(aec_env("three-each", max_strokes=8), num_cycles=8)
    # the forward model: a state, a decision, a noise draw (the chance outcome), the next state
    env = aec_env("two-player", max_strokes=4)
    env.reset(seed=3)
    state = env.game_state
    env.action_space(env.agent_selection).seed(3)
    action = env.action_space(env.agent_selection).sample(env.last()[4]["action_mask"])
    decision = decode(action, state)
    draw = forward.sample_noise(np.random.default_rng(9), "strong", decision)
    once, twice = forward.apply(state, decision, draw), forward.apply(state, decision, draw)
    assert once == twice and hash(once) == hash(twice) and once != state
    assert {once: "a state is a key"}[twice] == "a state is a key"


# --- issue 56: a value fitted at a level of play, as docs/CALIBRATION.md writes it ----------
def _calibration_commands() -> list[list[str]]:
    """The commands of docs/CALIBRATION.md's "A value for a level of play", as words."""
    text = (ROOT / "docs" / "CALIBRATION.md").read_text(encoding="utf-8")
    section = text[text.index("## A value for a level of play"):]
    block = re.search(r"```\n(.*?)```", section, flags=re.S).group(1)
    return [line.split() for line in block.splitlines() if line.strip()]


def _reduced(words: list[str], **flags) -> list[str]:
    """``words`` with each ``--flag value`` of ``flags`` (``games=1``) set to that value."""
    out = list(words)
    for flag, value in flags.items():
        out[out.index(f"--{flag.replace('_', '-')}") + 1] = str(value)
    return out


def pyramid_python(*args, cwd) -> subprocess.CompletedProcess:
    """``python ARGS`` as the docs' reader runs it (this interpreter, the repository's packages
    importable)."""
    return subprocess.run([sys.executable, *map(str, args)], capture_output=True, text=True,
                          cwd=cwd, env=env(), timeout=600)


def test_a_researcher_fits_a_value_at_a_level_and_plays_it_against_mc_2(tmp_path):
    """Self-play at the `master` level, the learned value fitted on it, and a match of the fit
    against mc-2 at that level, the commands as docs/CALIBRATION.md writes them (reduced: one
    game of self-play on one worker, two games of the match cut at 8 strokes): every self-play
    line says the level's noise, the fit writes the level and the features, the match plays
    both at the level with the fit judging for `mc`, and a weights file that is no fit is
    refused naming it."""
    selfplay, fit, match = _calibration_commands()
    assert selfplay[:3] == ["python", "-m", "ai.calibrate.selfplay"], selfplay
    r = pyramid_python(*_reduced(selfplay, games=1, jobs=1)[1:], cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    lines = [json.loads(x) for x in (tmp_path / "selfplay_master.jsonl").read_text()
             .splitlines()]
    assert len(lines) > 20 and {line["noise"] for line in lines} == {0.5}, lines[0]
    assert fit[:3] == ["python", "-m", "ai.calibrate.value"], fit
    r = pyramid_python(*fit[1:], cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    weights = json.loads((tmp_path / "weights_master.json").read_text())
    assert weights["fit"]["skill"] == 0.5 and weights["features"] == list(NAMES)
    assert weights["weights"] != json.loads(LEARNED_FILE.read_text())["weights"]
    assert match[:2] == ["pyramid", "tournament"], match
    r = pyramid(*_reduced(match, games=2)[1:], "--max-strokes", 8, "--jobs", 1,
                "--no-progress", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    results = [json.loads(x) for x in (tmp_path / "match_master.jsonl").read_text()
               .splitlines()]
    assert results[0]["skill"] == 0.5 and results[0]["agents"][1] == "mc-2", results[0]
    assert results[0]["agents"][0] == "mc:weights=weights_master.json,name=mc-master"
    assert len(results) == 3 and not any("error" in g for g in results[1:])
    assert "mc-master" in r.stdout and "mc-2" in r.stdout
    # a file that is not a fit: refused, naming the option, nothing played
    (tmp_path / "notes.json").write_text('{"notes": "not weights"}')
    r = pyramid("tournament", "--agents", "mc:weights=notes.json", "mc-2", "--games", 1,
                "--out", "bad.jsonl", cwd=tmp_path)
    assert r.returncode == 2 and "option weights='notes.json'" in r.stderr, r.stderr
    assert "not a weights file" in r.stderr and not (tmp_path / "bad.jsonl").exists()
