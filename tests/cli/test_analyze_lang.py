"""``pyramid analyze --lang ru`` says every line it prints in Russian (issue 54 item 5: "analyze
--lang ru in Russian"; it printed its summary in English): a computer game's strokes, better
strokes and summary, a person's game and match, the line naming the --html page; no Latin word
but the file paths, the numbers and the record's own names of its players.  The English stays
English.  A stroke lost in the execution (issue 54 item 6) is said so, with its loss, and not
marked as a wrong choice, in both languages."""
from __future__ import annotations

import json
import math
import re
from types import SimpleNamespace

import pytest

from ai.agent import Decision
from ai.games.analysis import StrokeVerdict
from engine.calls import Call
from russian_pyramid.app.analysis_text import stroke_lines
from sim import Strike

from .clihelp import run_main

LATIN_WORD = re.compile(r"[A-Za-z]+")


def latin_words(text: str, allowed: tuple[str, ...]) -> list[str]:
    """The Latin words of ``text`` once the ``allowed`` texts (paths, names) are taken out."""
    for a in sorted(allowed, key=len, reverse=True):
        text = text.replace(a, " ")
    return LATIN_WORD.findall(text)


@pytest.fixture(scope="module")
def game(tmp_path_factory):
    """A greedy game of 8 strokes (beginners, so that strokes are lost) and its players."""
    d = tmp_path_factory.mktemp("lang")
    record = d / "game.jsonl"
    code, _, err = run_main("play", "--seed", "7", "--agent-a", "greedy", "--agent-b", "greedy",
                            "--skill-a", "beginner", "--skill-b", "beginner", "--max-strokes",
                            "8", "--record", record, "--quiet")
    assert code == 0, err
    players = json.loads(record.read_text(encoding="utf-8").splitlines()[0])["players"]
    return d, record, tuple(players)


def _analyze(record, *more):
    return run_main("analyze", record, "--agent", "greedy", "--samples", "4", "--top", "1",
                    "--mistake", "0.01", "--blunder", "0.03", "--search-all", "--jobs", "1",
                    *more)


def test_a_computer_game_is_analysed_in_russian(game):
    d, record, players = game
    page = d / "review.html"
    code, out, err = _analyze(record, "--lang", "ru", "--html", page)
    assert code == 0, err
    lines = out.splitlines()
    assert len(lines) >= 8 + 1 + 2 + 1  # 8 strokes, the summary's heading and 2 sides, the page
    assert latin_words(out, (str(page),) + players) == [], out
    assert "лучше:" in out and "шанс победы" in out and out.count("итог:") == 1
    assert "страница разбора: " + str(page) in out
    assert re.search(r"\d,\d\d", out)  # a decimal comma
    assert "<title>Разбор партии" in page.read_text(encoding="utf-8")
    # the English still English
    code, en, err = _analyze(record)
    assert code == 0, err
    assert "summary:" in en and "P(win)" in en and "best:" in en and "итог" not in en
    assert not re.search("[А-Яа-яЁё]", latin_free(en, players)), en


def latin_free(text: str, names: tuple[str, ...]) -> str:
    for n in names:
        text = text.replace(n, " ")
    return text


def test_a_persons_game_is_summed_up_in_russian():
    code, out, err = run_main("analyze", "--example", "session", "--lang", "ru")
    assert code == 0, err
    assert latin_words(out, ()) == [], out  # the players are Иван and Пётр
    assert "партия 1 (2026-11-30): 68 - 72, победил Пётр, ударов: 24" in out
    assert "разбой: Иван: 4 ДЛ х" in out  # the typed line in Russian (render_line)
    assert "свояк 1" in out and "R7.1" not in out  # fouls in words, no rule id
    assert "матч: партий: 1" in out


CALL = Call(ball="3", pocket="FL")
# a record's stroke as analyze reads it (its strike in degrees, as recorded)
PLAYED = SimpleNamespace(strike=SimpleNamespace(speed_mps=2.0, phi_deg=30.0), call=CALL,
                         placement=None)


def _verdict(execution: bool, mark: str) -> StrokeVerdict:
    best = Decision(CALL, Strike(2.0, math.radians(30.1)), instruction="pot the 3")
    return StrokeVerdict(4, 0, 0.4, best, 0.47, 0.07, mark, execution=execution)


def test_a_loss_in_the_execution_is_said_and_not_marked_a_mistake():
    ru = stroke_lines(5, "А (greedy)", PLAYED, _verdict(True, ""), "ru")
    assert "неточное исполнение" in ru[0] and "?" not in ru[0]
    assert "потеря 0,07" in ru[1] and "разброса исполнения" in ru[2]
    en = stroke_lines(5, "A (greedy)", PLAYED, _verdict(True, ""), "en")
    assert en[0].endswith("  execution") and "loss 0.07" in en[1] and "execution noise" in en[2]
    # a wrong choice keeps its mark and says nothing of the execution
    wrong = stroke_lines(5, "A (greedy)", PLAYED, _verdict(False, "?"), "en")
    assert wrong[0].endswith("  ?") and len(wrong) == 2 and "execution" not in " ".join(wrong)
