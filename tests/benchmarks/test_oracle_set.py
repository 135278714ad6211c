"""The oracle-loss set's journal (benchmarks/oracle_set.py): a --make stopped at any point
goes on with the same command and writes the bytes of a run that never stopped; a last line
cut short is dropped; a journal of another making is refused, not mixed in."""
import pytest

from benchmarks import oracle_loss as ol
from benchmarks import oracle_set as oset

from .conftest import assert_refused

# A set small enough for the suite: the smoke form's narrow generator and greedy self-play.
SMALL = dict(positions=2, games=1, strokes=6, cap=8, seed=3, levels=(1.0, 2.0),
             player="greedy", spec=oset.SMOKE_ORACLE)


class Stop(Exception):
    pass


def _stop_after(n):
    said = []

    def progress(text):
        said.append(text)
        if len(said) == n:
            raise Stop(text)
    return progress


def _made(**kw):
    return oset.make_set(**{**SMALL, **kw})


def test_a_make_stopped_anywhere_resumes_to_the_same_set(tmp_path):
    whole = _made()
    assert len(whole["positions"]) == 4  # 2 a level: the set is not empty
    for stop_at in (1, 2, 3):  # inside the first level, at its end, inside the second
        journal = tmp_path / f"stop{stop_at}.journal"
        with pytest.raises(Stop):
            _made(journal=journal, progress=_stop_after(stop_at))
        book = oset.Journal(journal, _making())
        assert sum(len(v) for v in book.made.values()) == stop_at
        assert _made(journal=journal) == whole
    a, b = tmp_path / "a.json.gz", tmp_path / "b.json.gz"
    oset.write_set(a, whole)
    oset.write_set(b, _made(journal=tmp_path / "stop2.journal"))
    assert a.read_bytes() == b.read_bytes()


def _making(**kw):
    """The making a journal of ``make_set(**SMALL, **kw)`` starts with."""
    making = {**SMALL, **kw}
    out = {"version": oset.VERSION, "oracle": making["spec"], "value": oset.REFERENCE_VALUE,
           "selfplay": making["player"], "se_target": oset.SE_TARGET,
           "worse_z": oset.WORSE_Z, "cap": making["cap"], "games": making["games"],
           "strokes": making["strokes"], "seed": making["seed"]}
    return {**out, "positions_a_level": making["positions"],
            "levels": [float(m) for m in making["levels"]]}


def test_a_line_cut_short_is_dropped_and_the_next_starts_on_its_own_line(tmp_path):
    journal = tmp_path / "set.journal"
    with pytest.raises(Stop):
        _made(journal=journal, progress=_stop_after(2))
    text = journal.read_text()
    lines = text.splitlines()
    journal.write_text(text + lines[-1][:40])  # a third line, cut by the stop
    assert len(oset.Journal(journal, _making()).made[1.0]) == 2
    assert journal.read_text() == text  # the piece is gone
    assert _made(journal=journal) == _made()


def test_a_journal_of_another_making_or_damaged_is_refused(tmp_path):
    journal = tmp_path / "set.journal"
    oset.Journal(journal, _making())
    with pytest.raises(oset.SetError, match=r"with other cap; make with the same options.*or remove it"):
        oset.Journal(journal, _making(cap=16))
    journal.write_text(journal.read_text() + "{not json\n")
    with pytest.raises(oset.SetError, match="line 2 is damaged"):
        oset.Journal(journal, _making())
    journal.write_text("PK\x03\x04 something else\n")
    with pytest.raises(oset.SetError, match="not a journal"):
        oset.Journal(journal, _making())


def test_the_command_refuses_another_making_s_journal_and_keeps_it(tmp_path, capsys):
    out = tmp_path / "set.json.gz"
    journal = oset.journal_path(out)
    oset.Journal(journal, _making())
    before = journal.read_bytes()
    assert_refused(ol.main, [(["--make", str(out), "--positions", "1", "--games", "1"],
                              "set.json.gz.journal")], capsys)
    assert journal.read_bytes() == before and not out.exists()
