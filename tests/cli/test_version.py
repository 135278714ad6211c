"""``pyramid --version`` (issue 52 item 2): the version and the commit on one line, exit 0
(it exited 2 before: no such option)."""
from __future__ import annotations

import re

from engine.version import VERSION, commit

from .clihelp import pyramid


def test_version_prints_the_version_and_the_commit_on_one_line():
    r = pyramid("--version")
    assert r.returncode == 0, r.stderr
    assert r.stdout == f"pyramid (russian-pyramid) {VERSION}, commit {commit() or 'unknown'}\n"
    assert re.fullmatch(r"pyramid \(russian-pyramid\) \d+\.\d+\.\d+\S*, commit "
                        r"([0-9a-f]{40}|unknown)\n", r.stdout)
    assert "--version" in pyramid("--help").stdout
