"""A render killed at any moment, or two renders into one folder at once, never leave a
truncated or spliced PDF: each file is the old one or a complete new one."""

from __future__ import annotations

import io
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from pypdf import PdfReader

GAME = "planet-78"


def render(out: Path, paper: str) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "-m", "sheetsmith", "render", GAME, "--paper", paper, "--out", str(out)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )


def pdfs(out: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted((out / GAME).glob("*.pdf"))}


@pytest.fixture(scope="module")
def versions(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, bytes]]:
    """Every PDF as a complete letter render and a complete A4 render write it."""
    found = {}
    for paper in ("letter", "a4"):
        out = tmp_path_factory.mktemp(paper)
        process = render(out, paper)
        assert process.wait(timeout=120) == 0, process.stderr.read()
        found[paper] = pdfs(out)
    assert found["letter"].keys() == found["a4"].keys()
    assert all(found["letter"][k] != found["a4"][k] for k in found["letter"])
    return found


def folder_state(folder: Path) -> set[tuple[str, int, int]]:
    return {(p.name, p.stat().st_size, p.stat().st_mtime_ns) for p in folder.iterdir()}


def kill_while_writing(
    process: subprocess.Popen[bytes], folder: Path, delay: float, sig: int
) -> None:
    """Kill `process` `delay` seconds after it first changes anything in `folder`."""
    before = folder_state(folder)
    deadline = time.monotonic() + 60
    while process.poll() is None and time.monotonic() < deadline:
        try:
            if folder_state(folder) != before:
                break
        except FileNotFoundError:  # a temporary file renamed as we looked
            break
        time.sleep(0.0005)
    time.sleep(delay)
    process.send_signal(sig)
    process.wait(timeout=60)


def test_a_killed_rerender_leaves_each_pdf_old_or_complete(tmp_path, versions):
    out = tmp_path / "out"
    assert render(out, "letter").wait(timeout=120) == 0
    chance = random.Random(78)
    for attempt in range(12):
        process = render(out, ("a4", "letter")[attempt % 2])
        sig = signal.SIGKILL if attempt % 3 else signal.SIGINT
        kill_while_writing(process, out / GAME, chance.uniform(0.0, 0.3), sig)
        for name, data in pdfs(out).items():
            assert data in (versions["letter"][name], versions["a4"][name]), (attempt, name)
    assert pdfs(out).keys() == versions["letter"].keys()


def test_two_renders_into_one_folder_at_once_leave_readable_pdfs(tmp_path, versions):
    out = tmp_path / "out"
    for _ in range(2):
        first, second = render(out, "letter"), render(out, "a4")
        assert first.wait(timeout=120) == 0, first.stderr.read()
        assert second.wait(timeout=120) == 0, second.stderr.read()
        written = pdfs(out)
        assert written.keys() == versions["letter"].keys()
        for name, data in written.items():
            assert data in (versions["letter"][name], versions["a4"][name])
            assert len(PdfReader(io.BytesIO(data)).pages) >= 1
