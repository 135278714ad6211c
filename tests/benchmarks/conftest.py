"""Shared by the benchmarks' command tests: a small self-play file, and the check that a
command refuses bad input with exit 2 naming the flag."""
import pytest

from ..conftest import greedy_selfplay


@pytest.fixture(scope="module")
def greedy_positions(tmp_path_factory):
    """Positions of two seeded games of ``greedy`` against itself (JSON Lines)."""
    return greedy_selfplay(tmp_path_factory, 2, 0)


def assert_refused(main, cases, capsys) -> None:
    """Each (argv, flag) of ``cases`` makes ``main`` exit 2 with ``flag`` in its message."""
    capsys.readouterr()
    for argv, flag in cases:
        with pytest.raises(SystemExit) as exc:
            main(argv)
        assert exc.value.code == 2 and flag in capsys.readouterr().err, (argv, flag)
