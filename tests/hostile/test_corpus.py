"""The hostile corpus in CI (issue 51 item 4): every case refused clearly -- exit status 2 (the
board: HTTP 4xx; the engine: ``ok: false``), a short message naming what was wrong, no
traceback -- and nothing written where the command ran.  The corpus itself is checked to be
what its generator makes (:mod:`tests.hostile.corpus`), and to cover every option of every
subcommand."""
from __future__ import annotations

import json
from collections import Counter

import pytest

from russian_pyramid.board.server import create_app

from ..russian_pyramid.boardclient import guarded_client
from . import corpus
from .runner import (CASE_SECONDS, board_problems, board_request, deadline, describe,
                     refusal_problems, run_cli, run_engine, snapshot, write_inputs)

CASES = corpus.read()
CLI = [c for c in CASES if c.door == "cli"]


def test_the_corpus_is_what_its_generator_makes():
    assert corpus.CORPUS.read_text(encoding="utf-8") == corpus.render(corpus.generate()), \
        "write it again: python -m tests.hostile.corpus"


def test_every_option_of_every_subcommand_is_attacked():
    for name, parser in corpus.subparsers().items():
        assert name in corpus.FLAGS, f"pyramid {name} is not in the corpus"
        assert set(corpus.options_of(parser)) == set(corpus.FLAGS[name]), name


def test_every_door_has_at_least_50_cases():
    counts = Counter((c.door, c.target) for c in CASES)
    doors = {("cli", name) for name in corpus.subparsers() if name != "engine"}  # its door:
    doors |= {("board", path) for path in corpus.ROUTES}  # the engine's requests, below
    doors |= {("engine", cmd) for cmd in corpus.ENGINE_BODIES} | {("engine", "request")}
    thin = {door: counts[door] for door in doors if counts[door] < 50}
    assert not thin, thin


@pytest.mark.parametrize("case", CLI, ids=[c.id for c in CLI])
def test_cli_case_is_refused(case, tmp_path):
    folder = tmp_path / "work"
    folder.mkdir()
    write_inputs(case, folder)
    before = snapshot(folder)
    code, out, err = run_cli(case, folder)
    problems = refusal_problems(case, code, err, code == 2)
    if "Traceback" in out:
        problems.append("a traceback on stdout")
    changed = snapshot(folder)
    if changed != before:
        problems.append(f"files changed: {sorted(set(changed.items()) ^ set(before.items()))[:5]}")
    assert not problems, describe(case, problems, err)


BOARD = [c for c in CASES if c.door == "board"]
ENGINE = [c for c in CASES if c.door == "engine"]


@pytest.fixture(scope="module")
def board(tmp_path_factory):
    """The board's app as a script on this machine talks to it (no AI warmed: a refusal never
    reaches it), its Match tab writing into a folder of its own."""
    folder = tmp_path_factory.mktemp("board")
    with guarded_client(create_app(warm=False, match_record=str(folder / "m.jsonl"))) as c:
        yield c, folder


@pytest.mark.parametrize("case", BOARD, ids=[c.id for c in BOARD])
def test_board_case_is_refused(case, board):
    client, folder = board
    before = snapshot(folder)
    method, path, query, body, headers = board_request(case)
    with deadline(CASE_SECONDS):
        r = client.request(method, path, params=query, content=body, headers=headers)
    problems, text = board_problems(case, r)
    if snapshot(folder) != before:
        problems.append("the board wrote a file")
    assert not problems, describe(case, problems, text)


@pytest.mark.parametrize("case", ENGINE, ids=[c.id for c in ENGINE])
def test_engine_case_is_refused(case):
    answer, err = run_engine(case)
    if answer is None:
        problems, message = ["no answer"], err
    else:
        message = json.dumps(answer, ensure_ascii=False) if answer.get("ok") else str(
            answer.get("error", ""))
        problems = refusal_problems(case, "ok" if answer.get("ok") else "refused", message,
                                    answer.get("ok") is False)
    if "Traceback" in err:
        problems.append("a traceback on stderr")
    assert not problems, describe(case, problems, message)
