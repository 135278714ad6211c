"""engine.provenance: what a record was made with (versions, commit, platform), gathered in
one place, round-tripped through JSON, compared with the running versions and said in both
languages."""
from __future__ import annotations

import importlib.metadata
import json
import platform

import pytest

from engine import initial_state, make_header
from engine.errors import MalformedInputError
from engine.version import VERSION, commit
from engine.provenance import (HEADER_KEY, NOTE_TEXT, VERSIONED, Provenance, comparison_json,
                               cpu_model, current, difference_note, difference_notes,
                               git_commit, header_version_differences, of_header,
                               version_differences)

SHA = "0123456789abcdef0123456789abcdef01234567"
OTHER_SHA = "fedcba9876543210fedcba9876543210fedcba98"


def _with(base: Provenance, commit=None, **versions) -> Provenance:
    named = dict(base.versions)
    named.update(versions)
    return Provenance(tuple(named.items()), base.os, base.machine, base.cpu, commit)


def test_current_names_the_versions_running_and_round_trips():
    p = current()
    assert [name for name, _ in p.versions] == list(VERSIONED)
    assert p.version("python") == platform.python_version()
    for name in ("numpy", "numba", "llvmlite"):
        assert p.version(name) == importlib.metadata.version(name)
    # this package: the code running (engine.version), which the installation's metadata
    # repeats (pyproject.toml reads the same VERSION)
    assert p.version("russian-pyramid") == VERSION == importlib.metadata.version("russian-pyramid")
    assert p.commit == commit()
    assert p.os == platform.platform() and p.machine == platform.machine()
    assert p.commit is None or len(p.commit) == 40
    doc = json.loads(json.dumps(p.to_json()))
    assert Provenance.from_json(doc) == p
    assert current() is p  # gathered once a process


def test_to_json_leaves_out_what_is_not_known_and_still_round_trips():
    p = Provenance((("python", "3.11.7"), ("numpy", None)), "Linux-x", "x86_64")
    doc = p.to_json()
    assert doc == {"versions": {"python": "3.11.7", "numpy": None},
                   "platform": {"os": "Linux-x", "machine": "x86_64"}}
    assert Provenance.from_json(doc) == p
    full = Provenance((("numpy", "2.4.6"), ("zz-later", "1.0")), "Linux-x", "aarch64",
                      "Neoverse", SHA)
    assert Provenance.from_json(json.loads(json.dumps(full.to_json()))) == full


@pytest.mark.parametrize("change, field", [
    (lambda d: d.pop("versions"), "provenance.versions"),
    (lambda d: d.update(versions=["numpy"]), "provenance.versions"),
    (lambda d: d["versions"].update(numpy=2), "provenance.versions.numpy"),
    (lambda d: d["versions"].update(numpy="x" * 1000), "provenance.versions.numpy"),
    (lambda d: d.pop("platform"), "provenance.platform"),
    (lambda d: d["platform"].pop("os"), "provenance.platform.os"),
    (lambda d: d["platform"].update(machine=None), "provenance.platform.machine"),
    (lambda d: d["platform"].update(cpu=7), "provenance.platform.cpu"),
    (lambda d: d.update(commit="abc"), "provenance.commit"),
])
def test_a_malformed_provenance_is_refused_naming_the_field(change, field):
    doc = Provenance((("numpy", "2.4.6"),), "Linux-x", "x86_64", "cpu", SHA).to_json()
    change(doc)
    with pytest.raises(MalformedInputError) as err:
        Provenance.from_json(doc)
    assert err.value.field == field
    with pytest.raises(MalformedInputError, match="must be an object"):
        Provenance.from_json("numpy 2")


def test_every_header_carries_it_and_an_old_header_has_none():
    header = make_header(initial_state(), ["a", "b"], seed=1)
    assert header[HEADER_KEY] == current().to_json()
    assert of_header(header) == current()
    assert header_version_differences(header) == ()
    mine = Provenance((("numpy", "1.0"),), "os", "m")
    assert make_header(initial_state(), ["a", "b"], provenance=mine)[HEADER_KEY] == \
        mine.to_json()
    del header[HEADER_KEY]
    assert of_header(header) is None and header_version_differences(header) == ()
    assert comparison_json(header) == {"recorded": None, "running": current().to_json(),
                                       "differ": [], "note": None}


def test_versions_that_differ_are_named_in_both_languages():
    running = _with(current(), commit=SHA, numpy="2.4.6", numba="0.68.1")
    recorded = _with(running, commit=SHA, numpy="2.3.1", numba="0.61.0")
    diffs = version_differences(recorded, running)
    assert [(d.name, d.recorded, d.running) for d in diffs] == [
        ("numpy", "2.3.1", "2.4.6"), ("numba", "0.61.0", "0.68.1")]
    en = difference_note(diffs, "en")
    assert en == ("the record was made with numpy 2.3.1, numba 0.61.0; this is numpy 2.4.6, "
                  "numba 0.68.1: a replay may differ")
    ru = difference_note(diffs, "ru")
    assert ru.startswith("запись сделана с numpy 2.3.1, numba 0.61.0, а здесь numpy 2.4.6, "
                         "numba 0.68.1")
    assert difference_notes(diffs) == {"en": en, "ru": ru}
    assert set(NOTE_TEXT) == {"en", "ru"}
    with pytest.raises(ValueError, match="lang"):
        difference_note(diffs, "de")
    assert version_differences(running, running) == () and difference_note((), "en") is None


def test_a_commit_and_a_package_not_installed_are_said():
    running = _with(current(), commit=OTHER_SHA, llvmlite="0.50.0")
    recorded = _with(running, commit=SHA, llvmlite=None)
    diffs = version_differences(recorded, running)
    assert [d.name for d in diffs] == ["llvmlite", "commit"]
    assert "llvmlite (not installed)" in difference_note(diffs, "en")
    assert f"commit {SHA[:10]}" in difference_note(diffs, "en")
    assert "llvmlite (не установлен)" in difference_note(diffs, "ru")
    assert f"коммит {OTHER_SHA[:10]}" in difference_note(diffs, "ru")
    # a commit known on one side only, and a package the record does not name: not compared
    unknown = Provenance((("numpy", running.version("numpy")),), "os", "m")
    assert version_differences(unknown, running) == ()


def test_the_commit_is_read_from_the_checkout_files(tmp_path):
    assert git_commit(tmp_path) is None  # not a checkout: an installed package
    git = tmp_path / "repo" / ".git"
    (git / "refs" / "heads").mkdir(parents=True)
    (git / "HEAD").write_text("ref: refs/heads/main\n")
    assert git_commit(git.parent) is None  # a branch with no commit yet
    (git / "packed-refs").write_text(f"# pack-refs with: peeled\n{SHA} refs/heads/main\n")
    assert git_commit(git.parent) == SHA
    (git / "refs" / "heads" / "main").write_text(OTHER_SHA + "\n")
    assert git_commit(git.parent) == OTHER_SHA  # a loose ref before the packed one
    (git / "HEAD").write_text(SHA + "\n")  # detached
    assert git_commit(git.parent) == SHA
    (git / "HEAD").write_text("garbage\n")
    assert git_commit(git.parent) is None
    # a worktree: .git is a file naming its git dir, whose commondir holds the refs
    (git / "HEAD").write_text("ref: refs/heads/main\n")
    wt_git = git / "worktrees" / "wt"
    wt_git.mkdir(parents=True)
    (wt_git / "HEAD").write_text("ref: refs/heads/main\n")
    (wt_git / "commondir").write_text("../..\n")
    wt = tmp_path / "wt"
    wt.mkdir()
    (wt / ".git").write_text(f"gitdir: {wt_git}\n")
    assert git_commit(wt) == OTHER_SHA


def test_the_cpu_model_is_read_from_cpuinfo(tmp_path):
    info = tmp_path / "cpuinfo"
    info.write_text("processor\t: 0\nvendor_id\t: GenuineIntel\n"
                    "model name\t: Intel(R) Xeon(R) Processor\n\nprocessor\t: 1\n")
    assert cpu_model(info) == "Intel(R) Xeon(R) Processor"
    info.write_text("processor\t: 0\n")
    assert cpu_model(info) is None
    assert cpu_model(tmp_path / "missing") is None
