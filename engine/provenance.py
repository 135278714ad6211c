"""What a game record was made with: the versions that decide how a stroke is simulated and
chosen (Python, numpy, numba, llvmlite, this package and the git commit it was made from:
:mod:`engine.version`, what ``pyramid --version`` prints) and the machine
(``platform.platform()``, the machine type, the CPU's model name).

The same seed must give the same game on every machine; when it does not, a record has to say
what made it.  :func:`current` gathers this once per process (it is the only place that does);
:func:`engine.record.make_header` puts it in every record's header as ``"provenance"``::

    "provenance": {"versions": {"python": "3.11.7", "numpy": "2.4.6", "numba": "0.68.1",
                                "llvmlite": "0.50.0", "russian-pyramid": "0.2.0"},
                   "commit": "a3b2d49...",   (40 hex digits: the checkout's, or the one the
                                              wheel was built from; left out when not known)
                   "platform": {"os": "Linux-6.18...-x86_64-with-glibc2.36",
                                "machine": "x86_64", "cpu": "Intel(R) Xeon(R) ..."}}

A version is ``null`` when the package is not installed; ``cpu`` is left out when
``/proc/cpuinfo`` cannot be read.  Records written before this field are read as before
(:func:`of_header` gives None).  :func:`version_differences` compares a record's versions
with the running ones, and :func:`difference_note` says so in English or Russian: a replay
on other versions may not come to rest where the record says.
"""
from __future__ import annotations

import functools
import importlib.metadata
import platform
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

from .errors import MalformedInputError
from .version import COMMIT_RE as _COMMIT_RE, DISTRIBUTION, VERSION, commit as code_commit
from .version import git_commit  # noqa: F401  (where it was; engine.version has it now)
from .words import LANGS, check_lang, say, words_under

HEADER_KEY = "provenance"  # the record header's field
PACKAGE = DISTRIBUTION  # this package's distribution name
# what is compared, in this order: the interpreter, the compiled kernels' stack, this package
VERSIONED = ("python", "numpy", "numba", "llvmlite", PACKAGE)
COMMIT_SHOWN = 10  # hex digits of a commit shown in a note
MAX_TEXT = 200  # a provenance string longer than this is not one this program wrote


@dataclass(frozen=True)
class Provenance:
    """Versions (``(name, version or None)`` in :data:`VERSIONED` order, then any others a
    record names), the git commit if known, and the platform."""
    versions: tuple[tuple[str, str | None], ...]
    os: str
    machine: str
    cpu: str | None = None
    commit: str | None = None

    def version(self, name: str) -> str | None:
        return dict(self.versions).get(name)

    def to_json(self) -> dict:
        out: dict[str, Any] = {"versions": dict(self.versions)}
        if self.commit is not None:
            out["commit"] = self.commit
        plat: dict[str, Any] = {"os": self.os, "machine": self.machine}
        if self.cpu is not None:
            plat["cpu"] = self.cpu
        out["platform"] = plat
        return out

    @classmethod
    def from_json(cls, obj, where: str = HEADER_KEY) -> "Provenance":
        """The JSON of :meth:`to_json` back; a wrong shape raises MalformedInputError naming
        the field (``provenance.versions.numpy``) and its value."""
        if not isinstance(obj, dict):
            raise MalformedInputError(where, obj, "must be an object")
        for key in ("versions", "platform"):
            if key not in obj:
                raise MalformedInputError(f"{where}.{key}", None, "is missing")
        versions = obj["versions"]
        if not isinstance(versions, dict):
            raise MalformedInputError(f"{where}.versions", versions, "must be an object")
        for name, v in versions.items():
            if not (v is None or _is_text(v)):
                raise MalformedInputError(f"{where}.versions.{name}", v,
                                          "must be a version string or null")
        plat = obj["platform"]
        if not isinstance(plat, dict):
            raise MalformedInputError(f"{where}.platform", plat, "must be an object")
        for key in ("os", "machine"):
            if not _is_text(plat.get(key)):
                raise MalformedInputError(f"{where}.platform.{key}", plat.get(key),
                                          "must be a string")
        cpu = plat.get("cpu")
        if cpu is not None and not _is_text(cpu):
            raise MalformedInputError(f"{where}.platform.cpu", cpu, "must be a string or absent")
        commit = obj.get("commit")
        if commit is not None and not (isinstance(commit, str) and _COMMIT_RE.fullmatch(commit)):
            raise MalformedInputError(f"{where}.commit", commit,
                                      "must be a git commit (40 hex digits) or absent")
        ordered = [(n, versions[n]) for n in VERSIONED if n in versions]
        ordered += [(n, v) for n, v in versions.items() if n not in VERSIONED]
        return cls(tuple(ordered), plat["os"], plat["machine"], cpu, commit)


def _is_text(v) -> bool:
    return isinstance(v, str) and len(v) <= MAX_TEXT


def of_header(header: Mapping[str, Any]) -> Provenance | None:
    """A record header's provenance, or None for a record written before it was kept."""
    if HEADER_KEY not in header:
        return None
    return Provenance.from_json(header[HEADER_KEY], f"header.{HEADER_KEY}")


# --- gathering: once per process --------------------------------------------------------------
def _installed(name: str) -> str | None:
    try:
        return importlib.metadata.version(name)
    except importlib.metadata.PackageNotFoundError:
        return None


def cpu_model(cpuinfo: Path = Path("/proc/cpuinfo")) -> str | None:
    """The CPU's model name from ``/proc/cpuinfo`` (Linux), None where it cannot be read."""
    try:
        text = cpuinfo.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None
    for line in text.splitlines():
        key, sep, value = line.partition(":")
        if sep and key.strip() in ("model name", "Model", "cpu model") and value.strip():
            return value.strip()[:MAX_TEXT]
    return None


@functools.lru_cache(maxsize=1)
def current() -> Provenance:
    """This process's provenance (gathered on the first call: the code loaded does not change
    while it runs)."""
    versions = [("python", platform.python_version())]
    versions += [(name, _installed(name)) for name in VERSIONED[1:-1]]
    versions.append((PACKAGE, VERSION))  # the code running, installed or not (engine.version)
    return Provenance(tuple(versions), platform.platform(), platform.machine(), cpu_model(),
                      code_commit())


# --- comparing ----------------------------------------------------------------------------
@dataclass(frozen=True)
class VersionDifference:
    """One thing that differs between a record's provenance and the running one: a name of
    :data:`VERSIONED` (or ``"commit"``) with the recorded and the running value."""
    name: str
    recorded: str | None
    running: str | None

    def to_json(self) -> dict:
        return {"name": self.name, "recorded": self.recorded, "running": self.running}


def version_differences(recorded: Provenance | None, running: Provenance | None = None
                        ) -> tuple[VersionDifference, ...]:
    """What differs between the versions a record was made with and ``running`` (default:
    this process): each of :data:`VERSIONED` the record names, and the commit when both
    know theirs.  The platform is not compared.  A record without provenance: none."""
    if recorded is None:
        return ()
    running = current() if running is None else running
    out = []
    named = dict(recorded.versions)
    for name in VERSIONED:
        if name in named and named[name] != running.version(name):
            out.append(VersionDifference(name, named[name], running.version(name)))
    if recorded.commit and running.commit and recorded.commit != running.commit:
        out.append(VersionDifference("commit", recorded.commit, running.commit))
    return tuple(out)


def header_version_differences(header: Mapping[str, Any]) -> tuple[VersionDifference, ...]:
    """:func:`version_differences` of a record header's provenance against this process's;
    none for a header without provenance or with a malformed one (the record's verification,
    :func:`engine.verify.check_header`, refuses that with its line)."""
    try:
        return version_differences(of_header(header))
    except MalformedInputError:
        return ()


# the note's words by language, {lang: {"label": ..., "note": ...}}: a view of the catalog's
# provenance.* (kept for the analyze command's label and --lang choices)
NOTE_TEXT = {lang: words_under("provenance.", lang) for lang in LANGS}


def _named(name: str, value: str | None, lang: str) -> str:
    if name == "commit":
        return say("provenance.commit", lang, sha=(value or "?")[:COMMIT_SHOWN])
    if value is None:
        return say("provenance.absent", lang, name=name)
    return f"{name} {value}"


def difference_note(differences: tuple[VersionDifference, ...], lang: str = "en") -> str | None:
    """The note on a record made with other versions, in ``lang`` (``en`` or ``ru``), e.g.
    "the record was made with numpy 2.3.1, numba 0.61.0; this is numpy 2.4.6, numba 0.68.1:
    a replay may differ"; None when nothing differs."""
    check_lang(lang)
    if not differences:
        return None
    recorded = ", ".join(_named(d.name, d.recorded, lang) for d in differences)
    running = ", ".join(_named(d.name, d.running, lang) for d in differences)
    return say("provenance.note", lang, recorded=recorded, running=running)


def difference_notes(differences: tuple[VersionDifference, ...]) -> dict[str, str] | None:
    """:func:`difference_note` in every language, ``{lang: text}``; None when nothing differs."""
    if not differences:
        return None
    return {lang: difference_note(differences, lang) for lang in LANGS}


def comparison_json(header: Mapping[str, Any]) -> dict:
    """A record header's provenance against this process's, for a JSON answer:
    ``{"recorded": provenance or null, "running": provenance, "differ": [{"name", "recorded",
    "running"}, ...], "note": {lang: text} or null}``.  A malformed provenance reads as none
    here (verification refuses it)."""
    try:
        recorded = of_header(header)
    except MalformedInputError:
        recorded = None
    differences = version_differences(recorded)
    return {"recorded": None if recorded is None else recorded.to_json(),
            "running": current().to_json(), "differ": [d.to_json() for d in differences],
            "note": difference_notes(differences)}
