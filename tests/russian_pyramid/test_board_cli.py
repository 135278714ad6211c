"""``pyramid board``'s own bad input: exit 2 with a message, no traceback."""
import socket

from russian_pyramid.cli import main


def test_board_bad_port(capsys):
    assert main(["board", "--port", "70000", "--no-browser"]) == 2
    assert "--port" in capsys.readouterr().err
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen(1)
        port = busy.getsockname()[1]
        assert main(["board", "--port", str(port), "--no-browser"]) == 2
    err = capsys.readouterr().err
    assert f"--port {port}" in err and "Traceback" not in err


def test_board_help(capsys):
    try:
        main(["board", "--help"])
    except SystemExit:
        pass
    out = capsys.readouterr().out
    assert "--port" in out and "--no-browser" in out
