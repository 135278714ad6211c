"""Fixtures for the rules-core tests; the helpers live in rules_helpers.py (same folder)."""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from rules_helpers import mid  # noqa: E402,F401  (fixture)
