"""The rules are the repository's own (docs/RULES.md), every rule id of them is cited by at
least one test in tests/engine, every rule id the code names is one of them, and no tracked
file points outside the repository for them or for the formats (issue 22)."""
import re
import subprocess
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
RULES_MD = ROOT / "docs" / "RULES.md"
CODE_DIRS = ("sim", "engine", "ai", "russian_pyramid")
RULE_ID = re.compile(r"R\d+\.\d+")  # "R7.1a" names rule R7.1
# The folder beside the checkout the rules and formats once lived in; spelt in two pieces so
# that this file does not name it.
OUTSIDE = "shared" + "/"


def rule_ids() -> list[str]:
    """The rule ids docs/RULES.md defines: one bullet ``- R5.1 ...`` each."""
    return sorted(set(re.findall(r"^- (R\d+\.\d+)\b", RULES_MD.read_text(encoding="utf-8"),
                                 re.M)))


def test_docs_rules_defines_every_rule_once():
    ids = rule_ids()
    assert len(ids) >= 45 and ids[0] == "R1.1" and "R14.1" in ids
    bullets = re.findall(r"^- (R\d+\.\d+)\b", RULES_MD.read_text(encoding="utf-8"), re.M)
    assert sorted(bullets) == ids, "a rule id is defined twice in docs/RULES.md"


def test_every_rule_id_is_cited_by_a_test():
    ids = rule_ids()
    text = "\n".join(p.read_text(encoding="utf-8") for p in HERE.glob("test_*.py")
                     if p.name != Path(__file__).name)
    missing = []
    for rid in ids:
        underscore = "test_" + rid.replace(".", "_") + "_"
        # docstring citation "R7.2" not followed by another digit, or a test name test_R7_2_
        if underscore not in text and not re.search(re.escape(rid) + r"(?!\d)", text):
            missing.append(rid)
    assert not missing, f"rule ids without a test: {missing}"


def tracked_files(*paths: str) -> list[Path]:
    try:
        out = subprocess.run(["git", "ls-files", "-z", "--", *paths], cwd=ROOT,
                             capture_output=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError) as exc:
        pytest.fail(f"git ls-files failed in {ROOT}: {exc}")
    return [ROOT / name for name in out.decode("utf-8").split("\0") if name]


def text_of(path: Path) -> str | None:
    """The file's text, or None for a binary file (or one deleted in the work tree)."""
    try:
        data = path.read_bytes()
    except (FileNotFoundError, IsADirectoryError):
        return None
    if b"\0" in data:
        return None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None


def test_every_rule_id_in_the_code_is_defined_in_docs_rules():
    defined = set(rule_ids())
    files = tracked_files(*CODE_DIRS)
    assert len(files) > 100
    unknown: dict[str, list[str]] = {}
    for path in files:
        text = text_of(path)
        if text is None:
            continue
        for rid in sorted(set(RULE_ID.findall(text)) - defined):
            unknown.setdefault(rid, []).append(str(path.relative_to(ROOT)))
    assert not unknown, f"rule ids the code names but docs/RULES.md does not define: {unknown}"


def test_no_tracked_file_points_outside_the_repository():
    """The repository stands alone: its rules are docs/RULES.md and its formats
    docs/FORMATS.md, not files outside it that a user who clones it does not have."""
    files = tracked_files()
    assert len(files) > 100
    naming = []
    for path in files:
        text = text_of(path)
        if text is None:
            continue
        for n, line in enumerate(text.splitlines(), start=1):
            if OUTSIDE in line:
                naming.append(f"{path.relative_to(ROOT)}:{n}")
    assert not naming, f"files that name {OUTSIDE}: {naming}"
