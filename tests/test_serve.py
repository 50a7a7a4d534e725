"""QR codes that work at the table: `sheetsmith serve` on a real socket (127.0.0.1 only), the
cards rendered for its address, every code decoded and followed; the placeholder warning."""

from __future__ import annotations

import signal
import socket
import subprocess
import sys
import tempfile
import urllib.request
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sheetsmith.cli import app
from sheetsmith.definition import load
from sheetsmith.games.space.links import targets
from sheetsmith.print.render import render_game
from sheetsmith.render_options import RenderOptions
from sheetsmith.site.serve import is_placeholder
from test_qr_site_roundtrip import decoded_urls

runner = CliRunner()


def _ctrl_c_as_at_a_terminal() -> None:
    # a shell starts background jobs with Ctrl-C ignored, and children inherit that: a test
    # run so would see a server that never stops
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def start_server(*args: str) -> tuple[subprocess.Popen[str], str]:
    process = subprocess.Popen(
        [sys.executable, "-m", "sheetsmith", "serve", "personal-space", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=_ctrl_c_as_at_a_terminal,
    )
    assert process.stdout is not None
    first = process.stdout.readline()  # "Serving Personal Space at URL  (Ctrl-C to stop)"
    assert first.startswith("Serving Personal Space at http://127.0.0.1:"), first
    return process, first.split(" at ")[1].split()[0]


def get(url: str) -> tuple[int, str]:
    with urllib.request.urlopen(url, timeout=10) as response:
        return response.status, response.read().decode("utf-8")


@pytest.fixture(scope="module")
def served():
    process, url = start_server("--host", "127.0.0.1", "--port", "0")
    yield process, url
    if process.poll() is None:
        process.terminate()
        process.wait(timeout=10)


def test_every_code_printed_for_the_served_address_opens_its_page(served, tmp_path):
    _, url = served
    game = load("personal-space")
    options = RenderOptions(components=("neighbors", "locations"), base_url=url)
    scanned = [u for f in render_game(game, tmp_path, options) for u in decoded_urls(f.path)]
    assert set(scanned) == {url + t.path for t in targets(game)}
    for link in scanned:
        status, html = get(link)
        assert status == 200 and "<html" in html.lower()
    status, index = get(url)
    assert status == 200 and all(t.path in index for t in targets(game))


def test_ctrl_c_stops_it_without_a_traceback():
    process, url = start_server("--host", "127.0.0.1", "--port", "0")
    assert get(url)[0] == 200
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=10)
    assert process.returncode in (0, 130)
    assert "Traceback" not in err and "stopped" in err


def test_a_port_in_use_is_a_clear_error():
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = runner.invoke(
            app, ["serve", "personal-space", "--host", "127.0.0.1", "--port", str(port)]
        )
    assert result.exit_code == 2
    assert f"--port: {port} is already in use on 127.0.0.1" in result.output


def test_an_address_not_of_this_computer_is_a_clear_error():
    result = runner.invoke(app, ["serve", "personal-space", "--host", "203.0.113.7", "--port", "0"])
    assert result.exit_code == 2 and "is not an address of this computer" in result.output


def test_a_game_without_pages_is_refused():
    result = runner.invoke(app, ["serve", "planet-78", "--host", "127.0.0.1", "--port", "0"])
    assert result.exit_code == 2 and "has no pages to build" in result.output


@pytest.mark.parametrize(
    ("url", "placeholder"),
    [
        ("https://personal-space.example.org/", True),
        ("http://example.com/x/", True),
        ("https://club.test/", True),
        ("http://a.invalid/", True),
        ("https://ourgroup.github.io/space/", False),
        ("http://192.168.1.20:8000/", False),
        ("https://notexample.org/", False),
    ],
)
def test_placeholder_hosts(url, placeholder):
    assert is_placeholder(url) is placeholder


def test_render_warns_when_the_codes_point_at_the_placeholder(tmp_path):
    args = ["render", "personal-space", "--component", "neighbors", "--out", str(tmp_path)]
    warned = runner.invoke(app, args)
    assert warned.exit_code == 0
    assert "warning: personal-space: the QR codes point at https://personal-space.example.org/" in (
        warned.output
    )
    assert "sheetsmith serve personal-space" in warned.output
    real = runner.invoke(app, [*args, "--base-url", "https://ourgroup.github.io/space/", "--force"])
    assert real.exit_code == 0 and "warning" not in real.output
    other = runner.invoke(
        app, ["render", "personal-space", "--component", "jobs", "--out", str(tmp_path)]
    )
    assert "placeholder" not in other.output  # job cards carry no code


@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGTERM, signal.SIGHUP])
def test_the_served_folder_is_removed_when_the_server_stops(stop):
    before = set(Path(tempfile.gettempdir()).glob("sheetsmith-site-*"))
    process, _ = start_server("--host", "127.0.0.1", "--port", "0")
    (folder,) = set(Path(tempfile.gettempdir()).glob("sheetsmith-site-*")) - before
    assert (folder / "index.html").is_file()
    process.send_signal(stop)
    _, err = process.communicate(timeout=10)
    assert not folder.exists()
    assert "Traceback" not in err and "stopped" in err


def test_no_temporary_folder_to_build_in_is_said(monkeypatch):
    import tempfile

    from typer.testing import CliRunner

    from sheetsmith.cli import app

    def unusable(*args, **kwargs):
        raise FileNotFoundError(2, "No usable temporary directory found in ['/tmp']")

    monkeypatch.setattr(tempfile, "TemporaryDirectory", unusable)
    result = CliRunner().invoke(app, ["serve", "personal-space", "--port", "0"])
    assert result.exit_code == 2
    assert "no folder to build the pages in" in result.output
    assert "set TMPDIR to a folder this user can write" in result.output
