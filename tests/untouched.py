"""What a test that runs a command as a user would checks afterwards: the repository is as it
was (no file of it written, none added beside it), whatever the command's own folder."""
from __future__ import annotations

import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# made by the tools that run the tests, not by a command under test; engine/build.json is the
# commit the build backend (.ci/build_backend.py) writes into the checkout when
# tests/packaging/test_wheel.py builds the wheel, which may happen while another worker's test
# runs its command (an ignored file, written by no command of the program)
TOOLS_OWN = ("__pycache__", ".pytest_cache", ".hypothesis", ".venv", ".egg-info",
             "engine/build.json")


def repository_state() -> list[str]:
    """Every change git sees in the working tree, ignored files included (an ignored folder
    as one line), but the test tools' own caches."""
    lines = subprocess.run(["git", "status", "--porcelain", "--ignored"], cwd=ROOT,
                           capture_output=True, text=True, check=True).stdout.splitlines()
    return sorted(line for line in lines if not any(t in line for t in TOOLS_OWN))
