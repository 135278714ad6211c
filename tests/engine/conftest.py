"""Fixtures for the rules-core tests; the helpers live in rules_helpers.py."""
from rules_helpers import mid  # noqa: F401  (fixture)
