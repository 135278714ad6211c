import pytest

from sim import Simulator


@pytest.fixture(scope="session")
def simulator():
    return Simulator()
