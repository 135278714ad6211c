"""The documentation holds together (issue 52 item 7): docs/README.md lists every page of docs/,
a page with more than three sections opens with a contents list of exactly its sections, every
link between the pages names a file that exists (and a heading that exists, when it names
one), and the README stays a page a newcomer reads in ten minutes."""
from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
INDEX = DOCS / "README.md"
PAGES = sorted(p for p in DOCS.glob("*.md") if p != INDEX)
README_MAX_LINES = 150  # the "at most ~150 lines"
LINK = re.compile(r"\]\(([^)\s]+)\)|<img [^>]*src=\"([^\"]+)\"")
CONTENTS = re.compile(r"^Contents:\n\n((?:- \[.*\]\(#.*\)\n)+)", re.M)


def slug(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces to hyphens."""
    kept = "".join(c for c in heading.strip().lower()
                   if c.isalnum() or c in "-_ " or unicodedata.category(c).startswith("M"))
    return kept.replace(" ", "-")


def prose(text: str) -> list[str]:
    """The lines outside fenced code blocks."""
    out, fence = [], False
    for line in text.splitlines():
        if line.startswith("```"):
            fence = not fence
        elif not fence:
            out.append(line)
    return out


def headings(text: str, level: str | None = None) -> list[str]:
    found = [re.match(r"(#+) (.*)", line) for line in prose(text)]
    return [m.group(2).strip() for m in found
            if m and (level is None or m.group(1) == level)]


def anchors(text: str) -> set[str]:
    seen: dict[str, int] = {}
    out = set()
    for h in headings(text):
        s = slug(h)
        out.add(s if s not in seen else f"{s}-{seen[s]}")
        seen[s] = seen.get(s, 0) + 1
    return out


def test_slug_as_github_makes_it():
    assert slug("`pyramid simulate` — one stroke through the simulator") == \
        "pyramid-simulate--one-stroke-through-the-simulator"
    assert slug("A read-only installation (`NUMBA_CACHE_DIR`)") == \
        "a-read-only-installation-numba_cache_dir"
    assert slug("R2 The rack («пирамида»)") == "r2-the-rack-пирамида"


def test_the_index_lists_every_page():
    linked = {m.group(1).split("#")[0] for m in LINK.finditer(INDEX.read_text(encoding="utf-8"))
              if m.group(1)}
    missing = [p.name for p in PAGES if p.name not in linked]
    assert not missing, f"docs/README.md does not list {missing}"
    for group in ("players", "clubs", "researchers", "contributors"):
        assert f"## For {group}" in INDEX.read_text(encoding="utf-8")


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_a_long_page_opens_with_its_contents(page):
    text = page.read_text(encoding="utf-8")
    sections = headings(text, "##")
    if len(sections) <= 3:
        return
    found = CONTENTS.search(text)
    assert found, f"{page.name}: {len(sections)} sections and no 'Contents:' list"
    first_section = next(i for i, line in enumerate(text.splitlines()) if line.startswith("## "))
    assert text[:found.start()].count("\n") <= first_section, \
        f"{page.name}: the contents list comes after the first section"
    listed = re.findall(r"^- \[(.*)\]\(#(.*)\)$", found.group(1), re.M)
    expected = [(s, slug(s)) for s in sections]
    assert listed == expected, f"{page.name}: the contents list should read\n" + "\n".join(
        f"- [{s}](#{a})" for s, a in expected)


@pytest.mark.parametrize("doc", [ROOT / "README.md", INDEX, *PAGES],
                         ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_link_names_a_file_and_heading_that_exist(doc):
    text = "\n".join(prose(doc.read_text(encoding="utf-8")))
    text = re.sub(r"`[^`\n]*`", "", text)  # code spans are not links
    broken = []
    for m in LINK.finditer(text):
        target = m.group(1) or m.group(2)
        if re.match(r"[a-z]+:", target):  # a page outside the repository
            continue
        path, _, anchor = target.partition("#")
        file = (doc.parent / path).resolve() if path else doc
        if not file.exists():
            broken.append(target)
        elif anchor and file.suffix == ".md" and anchor not in anchors(
                file.read_text(encoding="utf-8")):
            broken.append(target)
    assert not broken, f"{doc.relative_to(ROOT)}: broken links {broken}"


def test_the_readme_is_short_and_keeps_measurements_in_docs():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(text.splitlines()) <= README_MAX_LINES
    for page in ("docs/README.md", "docs/STRENGTH.md", "docs/MEASUREMENTS.md"):
        assert f"]({page})" in text, page
    # the measurement tables live in docs/: the README has no table of ratings or timings
    assert "| agent | rating" not in text and "| scenario | events" not in text
