"""Agents of several strengths, all behind the interface of :mod:`ai.agent`."""
