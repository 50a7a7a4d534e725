"""Big documents (issue 17): pages laid out as they are drawn and let go (memory flat in a
deck's size), prepared by worker processes with the same bytes for any number of them, and
reportlab's C accelerator changing nothing."""

from __future__ import annotations

import gc
import hashlib
import io
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from sheetsmith.cli import app
from sheetsmith.output import Output
from sheetsmith.print import parallel
from sheetsmith.print.document import PROGRESS, DocumentInfo, save
from sheetsmith.print.pages import LazyPages
from sheetsmith.print.pdf import prepare, write_pdf
from sheetsmith.print.primitives import Page, Rect, Stamp, Text
from sheetsmith.print.render import render_game
from sheetsmith.render_options import RenderOptions
from spacedecks import many_neighbors

ROOT = Path(__file__).resolve().parent.parent
runner = CliRunner()


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def numbered(count: int) -> LazyPages:
    back = Stamp("test-back", (Rect(10, 10, 50, 50, stroke=(0, 0, 0)),))

    def page(index: int) -> Page:
        return Page(200, 200, (Text(20, 100, f"page {index + 1} ☆"), back))

    return LazyPages(count, page)


# -- pages made when drawn --------------------------------------------------------------


def test_lazy_pages_are_a_sequence_made_afresh_on_each_access():
    calls: list[int] = []

    def make(index: int) -> Page:
        calls.append(index)
        return Page(100, 100, (Text(0, 0, str(index)),))

    pages = LazyPages(5, make)
    assert len(pages) == 5
    assert pages[0].items == (Text(0, 0, "0"),)
    assert pages[-1].items == (Text(0, 0, "4"),)
    assert [p.items[0].text for p in pages[1:4]] == ["1", "2", "3"]
    assert [p.items[0].text for p in pages] == ["0", "1", "2", "3", "4"]
    assert calls.count(0) == 2  # once by index, once by iteration: nothing is kept
    for wrong in (5, -6):
        with pytest.raises(IndexError):
            pages[wrong]


def test_a_document_holds_no_page_it_has_drawn():
    alive: list[int] = []

    def count_pages(_done: int) -> None:
        gc.collect()
        alive.append(sum(isinstance(o, Page) for o in gc.get_objects()))

    gc.collect()
    before = sum(isinstance(o, Page) for o in gc.get_objects())
    write_pdf(numbered(60), io.BytesIO(), DocumentInfo("x"), count_pages)
    assert len(alive) == 60
    assert max(alive) <= before + 1  # the page just drawn, let go with the next


def test_a_prepared_page_draws_to_the_same_bytes_as_the_page_itself():
    game = many_neighbors(20)
    options = RenderOptions(components=("neighbors",))
    with_pages, with_prepared = io.BytesIO(), io.BytesIO()
    from sheetsmith.games.space.neighbors import neighbor_cards, neighbor_pages

    pages = neighbor_pages(game, neighbor_cards(game, options), options)
    write_pdf(pages, with_pages, DocumentInfo("deck"))
    stamps: dict[str, Stamp] = {}
    ready = [prepare(page, stamps) for page in pages]
    write_pdf(ready, with_prepared, DocumentInfo("deck"), None, stamps)
    assert with_pages.getvalue() == with_prepared.getvalue()


# -- workers ----------------------------------------------------------------------------


@pytest.mark.parametrize("layout", ["duplex", "gutterfold"])
def test_workers_write_the_same_bytes_as_one_process(tmp_path, layout):
    game = many_neighbors(150)  # 17 sheets of fronts: enough for workers
    found = {}
    for jobs in (1, 2, 3):
        options = RenderOptions(components=("neighbors",), layout=layout, jobs=jobs)
        (entry,) = render_game(game, tmp_path / str(jobs), options)
        found[jobs] = digest(entry.path)
        assert entry.pages >= parallel.MIN_PAGES
    assert found[1] == found[2] == found[3]


def test_small_documents_stay_in_this_process():
    assert not parallel.worth_it(numbered(parallel.MIN_PAGES - 1), 2)
    assert not parallel.worth_it(numbered(100), 1)
    assert not parallel.worth_it([Page(1, 1)] * 100, 2)  # pages already made
    assert parallel.worth_it(numbered(parallel.MIN_PAGES), 2)


def test_progress_is_told_page_by_page_with_workers(tmp_path):
    told: list[tuple[int, int]] = []
    token = PROGRESS.set(lambda _rel, done, total: told.append((done, total)))
    try:
        options = RenderOptions(components=("neighbors",), jobs=2)
        (entry,) = render_game(many_neighbors(150), tmp_path, options)
    finally:
        PROGRESS.reset(token)
    assert told == [(n, entry.pages) for n in range(1, entry.pages + 1)]


def test_a_failing_page_in_a_worker_fails_the_render_and_writes_nothing(tmp_path):
    def page(index: int) -> Page:
        if index == 30:
            raise ValueError("page 31 cannot be laid out")
        return Page(200, 200, (Text(20, 100, str(index)),))

    token = parallel.JOBS.set(2)
    try:
        with pytest.raises(ValueError, match="page 31"):
            save(Output(tmp_path), "g", "c", LazyPages(40, page), 40, DocumentInfo("x"))
    finally:
        parallel.JOBS.reset(token)
    assert not (tmp_path / "g" / "c.pdf").exists()


def test_a_worker_killed_mid_render_is_said_and_writes_nothing(tmp_path):
    import os
    import signal

    def page(index: int) -> Page:
        if index == 30:  # only ever laid out in a worker: the parent prepares no page
            os.kill(os.getpid(), signal.SIGKILL)
        return Page(200, 200, (Text(20, 100, str(index)),))

    token = parallel.JOBS.set(2)
    try:
        with pytest.raises(parallel.WorkerLost, match="--jobs 1"):
            save(Output(tmp_path), "g", "c", LazyPages(40, page), 40, DocumentInfo("x"))
    finally:
        parallel.JOBS.reset(token)
    assert not (tmp_path / "g" / "c.pdf").exists()


def test_stopping_while_the_workers_wait_for_work_ends_them_at_once():
    """Workers that have prepared all they were asked and wait for more: stopping then
    (Ctrl-C, or a failure in the writing process) must not wait on them (multiprocessing's
    Pool could wait for ever here, on a lock an idle worker holds)."""
    import threading
    import time

    pages = numbered(200)
    stamps: dict[str, Stamp] = {}
    gen = parallel.prepared(pages, 2, stamps)
    next(gen)
    children = subprocess.run(
        ["pgrep", "-P", str(__import__("os").getpid())], capture_output=True, text=True
    ).stdout.split()
    time.sleep(1.0)  # the runs asked for are done: both workers wait for more
    closing = threading.Thread(target=gen.close)
    closing.start()
    closing.join(timeout=20)
    assert not closing.is_alive(), "stopping the render waited on its workers"
    for pid in children:
        status = Path(f"/proc/{pid}/status")
        assert not status.exists() or b"zombie" in status.read_bytes().lower()


def test_render_jobs_option_changes_no_byte(tmp_path):
    for jobs in ("1", "2"):
        result = runner.invoke(
            app, ["render", "personal-space", "--out", str(tmp_path / jobs), "--jobs", jobs, "-q"]
        )
        assert result.exit_code == 0, result.output
    one = {p.relative_to(tmp_path / "1"): digest(p) for p in (tmp_path / "1").rglob("*.pdf")}
    two = {p.relative_to(tmp_path / "2"): digest(p) for p in (tmp_path / "2").rglob("*.pdf")}
    assert one and one == two
    result = runner.invoke(app, ["render", "personal-space", "--jobs", "0"])
    assert result.exit_code == 2


# -- reportlab's accelerator --------------------------------------------------------------

RENDER = """
import hashlib, sys, tempfile
from pathlib import Path
if sys.argv[1] == "without":
    sys.modules["_rl_accel"] = None  # reportlab falls back to its pure-Python functions
from reportlab.lib import rl_accel
from sheetsmith.definition import load
from sheetsmith.render_options import RenderOptions
from sheetsmith.print.render import render_game
print(type(rl_accel.fp_str).__name__)
with tempfile.TemporaryDirectory() as folder:
    for game in ("my-corner-of-the-sky", "personal-space", "planet-78"):
        for entry in render_game(load(game), Path(folder) / game, RenderOptions()):
            print(entry.path.name, hashlib.sha256(entry.path.read_bytes()).hexdigest())
"""


def test_the_c_accelerator_is_installed_and_changes_no_byte():
    def run(mode: str) -> list[str]:
        done = subprocess.run(
            [sys.executable, "-c", RENDER, mode], capture_output=True, text=True, check=True
        )
        return done.stdout.splitlines()

    fast, slow = run("with"), run("without")
    assert fast[0] == "builtin_function_or_method"  # rl-accel is a dependency
    assert slow[0] == "function"
    assert len(fast) > 10
    assert fast[1:] == slow[1:]


def test_pages_sealed_as_drawn_give_the_bytes_reportlab_would_write(monkeypatch):
    from sheetsmith.print import pdf

    game = many_neighbors(20)
    written = []
    for seal in (True, False):
        monkeypatch.setattr(pdf, "SEAL_PAGES", seal)
        handle = io.BytesIO()
        from sheetsmith.games.space.neighbors import neighbor_cards, neighbor_pages

        options = RenderOptions(components=("neighbors",), paper="a4")
        pages = neighbor_pages(game, neighbor_cards(game, options), options)
        write_pdf(pages, handle, DocumentInfo("deck"))
        written.append(handle.getvalue())
    assert written[0] == written[1]


@settings(max_examples=150, deadline=None)
@given(
    lines=st.lists(
        st.tuples(
            st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=30),
            st.floats(-500, 500, allow_nan=False),
            st.floats(-500, 500, allow_nan=False),
            st.sampled_from([6.0, 8.5, 11, 24.25]),
            st.booleans(),
        ),
        max_size=8,
    )
)
def test_a_text_line_is_the_text_object_reportlab_writes(lines):
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfgen.canvas import Canvas

    from sheetsmith.print import pdf
    from sheetsmith.print.fonts import REGULAR, font_name

    pdf._register_fonts()
    theirs = Canvas(io.BytesIO(), initialFontName=REGULAR, invariant=1)
    ours = Canvas(io.BytesIO(), initialFontName=REGULAR, invariant=1)
    theirs._code.clear()
    for text, x, y, size, bold in lines:
        theirs.setFont(font_name(bold), size)
        theirs.drawString(x, y, text)
        font = pdfmetrics.getFont(font_name(bold))
        style = f"{pdf.fp_str(size)} Tf {pdf.fp_str(size * 1.2)} TL"
        ours._code.append(pdf._text_object(ours, font, style, x, y, text))
    assert ours._code == theirs._code


INTERRUPTED = """
import sys
from pathlib import Path
sys.path.insert(0, {tests!r})
from spacedecks import many_neighbors
from sheetsmith.render_options import RenderOptions
from sheetsmith.print.render import render_game
try:
    options = RenderOptions(components=("neighbors",), jobs=2)
    render_game(many_neighbors(4000), Path(sys.argv[1]), options)
except KeyboardInterrupt:
    sys.exit(130)
"""


def test_ctrl_c_stops_the_workers_quietly_and_leaves_no_file(tmp_path):
    import os
    import signal
    import time

    script = INTERRUPTED.format(tests=str(ROOT / "tests"))
    child = subprocess.Popen(
        [sys.executable, "-c", script, str(tmp_path)],
        stderr=subprocess.PIPE,
        start_new_session=True,  # its own process group, as a terminal's foreground job
        # with Ctrl-C's default action, which a test run in the background would not pass on
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    deadline = time.monotonic() + 60
    workers: list[str] = []
    while not workers and time.monotonic() < deadline and child.poll() is None:
        time.sleep(0.1)
        found = subprocess.run(["pgrep", "-P", str(child.pid)], capture_output=True, text=True)
        workers = found.stdout.split()
    assert workers, "the render never started its workers"
    os.killpg(child.pid, signal.SIGINT)  # what Ctrl-C sends: the whole group
    _, err = child.communicate(timeout=60)
    assert child.returncode == 130
    assert b"Traceback" not in err
    time.sleep(0.5)
    for pid in workers:
        assert (
            not Path(f"/proc/{pid}").exists()
            or b"zombie" in Path(f"/proc/{pid}/status").read_bytes().lower()
        )
    assert [p.name for p in tmp_path.rglob("*") if p.is_file()] in ([], [".sheetsmith.json"])
