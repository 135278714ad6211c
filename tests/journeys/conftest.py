"""The journeys reuse the board's fixtures (tests/russian_pyramid/conftest.py): one ``pyramid
board --port 0`` per test session, warmed, and headless Chromium per test."""
from __future__ import annotations

from tests.russian_pyramid.conftest import (  # noqa: F401 -- fixtures, used by name
    board_server, board_token, board_url, browser, http)
