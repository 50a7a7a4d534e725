"""Nothing is written outside --out, no file of the user's is replaced, no good file is lost.

Each test is a finding of the adversarial review, with its exact input.
"""

from __future__ import annotations

import errno
import json
import os
import re
import threading
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from sheetsmith.cli import app
from sheetsmith.definition import definition_path, load_bytes
from sheetsmith.errors import DefinitionError, OutputError, SheetsmithError
from sheetsmith.output import MANIFEST, Output
from sheetsmith.print.render import render_game
from sheetsmith.render_options import RenderOptions
from sheetsmith.site import build_site

runner = CliRunner()
SKY = (definition_path("my-corner-of-the-sky")).read_text(encoding="utf-8")
SPACE = (definition_path("personal-space")).read_text(encoding="utf-8")
BASE = "https://club.example.net/ps/"


def files_under(folder: Path) -> set[Path]:
    return {p for p in folder.rglob("*") if p.is_file() or p.is_symlink()}


def with_game_id(text: str, game_id: str) -> str:
    line = f"id = {json.dumps(game_id)}"
    return re.sub(r'(?m)^id = "[^"]*"', lambda _: line, text, count=1)


# -- ids that become paths ------------------------------------------------------------------


@pytest.mark.parametrize(
    "bad", ["/home/someone/x", "../../x", "../index", "", "a b", "x#y", "x?y", "x%y", "A", "é"]
)
def test_a_game_id_that_is_not_a_slug_is_refused_with_its_line(bad):
    with pytest.raises(DefinitionError) as caught:
        load_bytes(with_game_id(SKY, bad).encode())
    (problem,) = [p for p in caught.value.problems if p.key == "game.id"]
    assert problem.line == SKY.splitlines().index(re.search(r'(?m)^id = ".*"', SKY)[0]) + 1
    assert "lower-case letters, digits and hyphens" in problem.message


@pytest.mark.parametrize("bad", ["\x00", "a" * 300, "x\u2028y", "x\u0085y"])
def test_ids_with_nul_separators_or_300_characters_are_refused_not_a_crash(bad):
    with pytest.raises(DefinitionError):
        load_bytes(with_game_id(SKY, bad).encode())


def test_a_refused_id_suggests_a_slug():
    with pytest.raises(DefinitionError) as caught:
        load_bytes(with_game_id(SKY, "My Game!").encode())
    assert 'such as "my-game"' in str(caught.value)


def test_the_cli_writes_nothing_for_a_definition_whose_id_leaves_out(tmp_path):
    definition = tmp_path / "shared.toml"
    definition.write_text(with_game_id(SKY, "../../escaped"), encoding="utf-8")
    out = tmp_path / "a" / "b" / "out"
    result = runner.invoke(app, ["render", str(definition), "--out", str(out)])
    assert result.exit_code == 2
    assert "game.id" in result.output
    assert files_under(tmp_path) == {definition}


@pytest.mark.parametrize("bad", ["../../../x", "../index", "index", "a/b"])
def test_a_neighbor_id_cannot_leave_the_site_or_replace_its_index(tmp_path, bad):
    text = SPACE.replace('id = "marga"', f"id = {json.dumps(bad)}", 1)
    assert text != SPACE
    try:
        game = load_bytes(text.encode())
    except DefinitionError as exc:
        assert any(p.key and p.key.endswith(".id") for p in exc.problems)
        return
    # "index" is a slug: its page is neighbors/index.html, never the site's own index
    site = tmp_path / "site"
    pages = build_site(game, BASE, site)
    assert all(p.path.resolve().is_relative_to(site.resolve()) for p in pages)
    assert len({p.path for p in pages}) == len(pages)


# -- symbolic links --------------------------------------------------------------------------


def test_a_symlinked_pdf_in_out_is_refused_and_its_target_untouched(tmp_path):
    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    out = tmp_path / "out"
    (out / "my-corner-of-the-sky").mkdir(parents=True)
    (out / "my-corner-of-the-sky" / "game-pages.pdf").symlink_to(victim)
    result = runner.invoke(app, ["render", "my-corner-of-the-sky", "--out", str(out)])
    assert result.exit_code == 2, result.output
    assert "symbolic link" in result.output
    assert victim.read_text() == "precious"
    result = runner.invoke(app, ["render", "my-corner-of-the-sky", "--out", str(out), "--force"])
    assert result.exit_code == 2 and victim.read_text() == "precious"


def test_a_symlinked_game_folder_is_not_written_through(tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    out = tmp_path / "out"
    out.mkdir()
    (out / "my-corner-of-the-sky").symlink_to(elsewhere, target_is_directory=True)
    result = runner.invoke(app, ["render", "my-corner-of-the-sky", "--out", str(out)])
    assert result.exit_code == 2 and "symbolic link" in result.output
    assert not any(elsewhere.iterdir())


@pytest.mark.parametrize("link", [MANIFEST, "index.html", "neighbors/marga.html"])
def test_symlinks_in_a_cloned_site_are_never_written_through(tmp_path, link):
    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    site = tmp_path / "site"
    (site / "neighbors").mkdir(parents=True)
    (site / link).symlink_to(victim)
    with pytest.raises(OutputError) as caught:
        build_site(load_bytes(SPACE.encode()), BASE, site, force=True)
    assert "symbolic link" in str(caught.value)
    assert victim.read_text() == "precious"


# -- files that are not sheetsmith's ----------------------------------------------------------


def test_site_into_an_existing_folder_keeps_its_index_unless_forced(tmp_path):
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text("my own home page")
    args = ["site", "personal-space", "--base-url", BASE, "--out", str(site)]
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert "index.html exists and was not written by sheetsmith" in result.output
    assert "--force" in result.output
    assert (site / "index.html").read_text() == "my own home page"
    assert not (site / "neighbors").exists()  # refused before anything was written
    assert runner.invoke(app, [*args, "--force"]).exit_code == 0
    assert "my own home page" not in (site / "index.html").read_text()
    assert runner.invoke(app, args).exit_code == 0  # now it is sheetsmith's


def test_a_page_edited_by_hand_is_not_replaced_or_pruned(tmp_path):
    site = tmp_path / "site"
    build_site(load_bytes(SPACE.encode()), BASE, site)
    (site / "neighbors" / "marga.html").write_text("my edits")
    with pytest.raises(OutputError, match="changed since sheetsmith wrote it"):
        build_site(load_bytes(SPACE.encode()), BASE, site)
    renamed = load_bytes(
        SPACE.replace('id = "marga"', 'id = "margo"', 1).replace("marga = ", "margo = ").encode()
    )
    build_site(renamed, BASE, site)
    assert (site / "neighbors" / "marga.html").read_text() == "my edits"


def test_a_tampered_manifest_never_removes_files_outside_the_site_or_the_users(tmp_path):
    outside = tmp_path / "keep.html"
    outside.write_text("not the site's")
    site = tmp_path / "site"
    (site / "blog").mkdir(parents=True)
    (site / "about.html").write_text("mine")
    (site / "blog" / "post.html").write_text("mine too")
    files = {
        "../keep.html": "0" * 64,
        "/etc/hostname": "0" * 64,
        "about.html": "0" * 64,  # listed, but not what sheetsmith wrote
        "blog\u2028post.html": "0" * 64,
        "blog/post.html\u0085x": "0" * 64,
    }
    (site / MANIFEST).write_text(json.dumps({"files": files}))
    build_site(load_bytes(SPACE.encode()), BASE, site)
    assert outside.read_text() == "not the site's"
    assert (site / "about.html").read_text() == "mine"
    assert (site / "blog" / "post.html").read_text() == "mine too"


def test_new_sheet_never_overwrites_a_filled_in_sheet(tmp_path):
    sheet = tmp_path / "me.toml"
    sheet.write_text("player = 'Ann'  # a finished sheet")
    result = runner.invoke(app, ["new-sheet", "personal-space", "--out", str(sheet)])
    assert result.exit_code == 2
    assert result.output == f"error: {sheet} exists; use --force to replace it\n"
    assert sheet.read_text() == "player = 'Ann'  # a finished sheet"
    assert runner.invoke(app, ["new-sheet", "personal-space", "--out", str(sheet), "--force"])
    assert "player = 'Ann'" not in sheet.read_text()
    assert not (tmp_path / MANIFEST).exists()  # no bookkeeping in the player's own folder


def test_force_never_puts_a_file_where_a_pipe_or_a_device_is(tmp_path):
    pipe = tmp_path / "me.toml"
    os.mkfifo(pipe)
    result = runner.invoke(app, ["new-sheet", "personal-space", "--out", str(pipe), "--force"])
    assert result.exit_code == 2
    assert result.output == f"error: {pipe} is not a regular file: sheetsmith replaces only files\n"
    assert pipe.is_fifo()


def test_an_out_name_too_long_for_the_system_is_refused_not_a_crash(tmp_path):
    sheet = tmp_path / ("a" * 300 + ".toml")
    result = runner.invoke(app, ["new-sheet", "personal-space", "--out", str(sheet)])
    assert result.exit_code == 2
    assert result.output == f"error: cannot write {sheet}: File name too long\n"


def test_a_render_over_pdfs_someone_else_put_there_lists_every_one_and_writes_none(tmp_path):
    out = tmp_path / "out"
    (out / "planet-78").mkdir(parents=True)
    for name in ("tiles.pdf", "meters.pdf"):
        (out / "planet-78" / name).write_bytes(b"%PDF- someone else's")
    result = runner.invoke(app, ["render", "planet-78", "--out", str(out)])
    assert result.exit_code == 2
    assert "tiles.pdf" in result.output and "meters.pdf" in result.output
    assert files_under(out) == {out / "planet-78" / "tiles.pdf", out / "planet-78" / "meters.pdf"}


# -- --out that cannot be written -------------------------------------------------------------


@pytest.mark.parametrize("command", ["render", "site"])
def test_out_that_is_a_file_is_exit_2_with_the_path(tmp_path, command):
    out = tmp_path / "out"
    out.write_text("a file")
    args = ["render", "my-corner-of-the-sky"] if command == "render" else ["site", "personal-space"]
    result = runner.invoke(app, [*args, "--out", str(out)])
    assert result.exit_code == 2, result.output
    assert f"{out} is a file, not a folder" in result.output
    args = [*args, "--out", str(out / "below")]
    result = runner.invoke(app, args)
    assert result.exit_code == 2 and str(out) in result.output


@pytest.mark.parametrize(
    ("code", "reason"), [(errno.ENOSPC, "No space left"), (errno.EROFS, "Read-only")]
)
def test_a_full_or_read_only_disk_keeps_the_old_pdf_and_says_why(
    tmp_path, monkeypatch, code, reason
):
    out = tmp_path / "out"
    assert runner.invoke(app, ["render", "my-corner-of-the-sky", "--out", str(out)]).exit_code == 0
    pdf = out / "my-corner-of-the-sky" / "game-pages.pdf"
    good = pdf.read_bytes()

    def failing_fsync(fd: int) -> None:
        raise OSError(code, os.strerror(code))

    monkeypatch.setattr(os, "fsync", failing_fsync)
    result = runner.invoke(
        app, ["render", "my-corner-of-the-sky", "--out", str(out), "--paper", "a4"]
    )
    assert result.exit_code == 2, result.output
    assert reason in result.output and str(pdf.parent) in result.output
    assert "Traceback" not in result.output
    assert pdf.read_bytes() == good
    # no temp file left beside them
    assert sorted(p.name for p in pdf.parent.iterdir()) == ["game-pages.pdf", "guide.pdf"]


def test_output_refuses_paths_that_leave_the_root(tmp_path):
    output = Output(tmp_path)
    for rel in ("../x", "/etc/x", "a/../../x", "a//b", "", ".", "a\\..\\x", "a\0b", "c:x"):
        with pytest.raises(OutputError):
            output.write_bytes(rel, b"x")
    assert files_under(tmp_path) == set()


# -- terminal output --------------------------------------------------------------------------


def test_check_escapes_terminal_controls_in_what_a_sheet_says(tmp_path):
    text = (Path("examples/my-corner-of-the-sky/ann.toml")).read_text(encoding="utf-8")
    evil = "Ann\x1b]52;c;ZXZpbA==\x07\x9b31m\u202e"
    sheet = tmp_path / "ann.toml"
    line = f"player = {json.dumps(evil)}"
    sheet.write_text(re.sub(r'(?m)^player = ".*"', lambda _: line, text))
    for extra in ([], ["--json"]):
        result = runner.invoke(app, ["check", str(sheet), *extra])
        assert result.exit_code in (0, 1), result.output
        assert not any(c in result.output for c in "\x1b\x07\x9b\u202e")
        assert "Ann" in result.output
    assert json.loads(result.output)["players"][0]["player"] == evil


def test_problems_past_twenty_are_counted_not_printed(tmp_path):
    sheet = tmp_path / "bad.toml"
    lines = ['game = "my-corner-of-the-sky"', "[abilities]"]
    lines += [f"NOPE{i} = 'x'" for i in range(500)]
    sheet.write_text("\n".join(lines))
    result = runner.invoke(app, ["check", str(sheet)])
    assert result.exit_code == 2
    assert result.output.count("error:") == 21
    assert "... and 480 more" in result.output


# -- strangers' definitions: every written path stays under --out ------------------------------

HOSTILE_IDS = st.one_of(
    st.sampled_from(["../x", "/tmp/x", "..", ".", "a/b", "index", "../index", "x\u2028y", "", " "]),
    st.text(max_size=60),
    st.from_regex(r"[a-z0-9-]{1,45}", fullmatch=True),
)


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(game_id=HOSTILE_IDS, neighbor_id=HOSTILE_IDS)
def test_whatever_the_ids_every_written_path_stays_under_out(
    tmp_path_factory, game_id, neighbor_id
):
    top = tmp_path_factory.mktemp("hostile")
    out = top / "out"
    text = with_game_id(SPACE, game_id).replace(
        'id = "marga"', f"id = {json.dumps(neighbor_id)}", 1
    )
    try:
        game = load_bytes(text.encode())
    except SheetsmithError:
        return
    options = RenderOptions(components=("neighbors",), base_url=BASE)
    try:
        render_game(game, out / "pdf", options)
        build_site(game, BASE, out / "site")
    except SheetsmithError:
        pass
    assert all(p.resolve().is_relative_to(out.resolve()) for p in files_under(top))


def test_a_check_waits_for_another_renders_file_to_be_listed(tmp_path):
    """A render commits a file in two steps, the file renamed into place and then listed in
    the manifest; another render checking the folder between them would take the file for
    a stranger's ("not written by sheetsmith") and refuse to run."""
    root = tmp_path / "out"
    first, second = Output(root), Output(root)
    first.write_bytes("a.pdf", b"old")
    renamed, go_on = threading.Event(), threading.Event()
    listed = first._write_manifest

    def slowly(files: dict[str, str]) -> None:
        renamed.set()
        go_on.wait(10)
        listed(files)

    first._write_manifest = slowly  # type: ignore[method-assign]
    writer = threading.Thread(target=first.write_bytes, args=("b.pdf", b"new"))
    writer.start()
    assert renamed.wait(10) and (root / "b.pdf").read_bytes() == b"new"
    errors: list[Exception] = []

    def check() -> None:
        try:
            second.check(["a.pdf", "b.pdf"])
        except Exception as exc:  # said by the assertion below
            errors.append(exc)

    checker = threading.Thread(target=check)
    checker.start()
    checker.join(0.3)
    assert checker.is_alive()  # waiting for the file to be listed, not judging it now
    go_on.set()
    writer.join(10)
    checker.join(10)
    assert not checker.is_alive() and errors == []


def test_a_site_whose_out_is_a_link_prunes_its_old_pages(tmp_path):
    """--out a link to the web server's folder: a page no longer built is removed, not
    dropped from the manifest and left to be taken for a stranger's file later."""
    (tmp_path / "www").mkdir()
    site = tmp_path / "site"
    site.symlink_to(tmp_path / "www")
    build_site(load_bytes(SPACE.encode()), BASE, site)
    renamed = load_bytes(
        SPACE.replace('id = "marga"', 'id = "margo"', 1).replace("marga = ", "margo = ").encode()
    )
    build_site(renamed, BASE, site)
    assert not (tmp_path / "www" / "neighbors" / "marga.html").exists()
    build_site(load_bytes(SPACE.encode()), BASE, site)  # and back, without a refusal
    assert (tmp_path / "www" / "neighbors" / "marga.html").exists()


def test_a_named_pipe_for_a_manifest_is_refused_not_waited_on(tmp_path):
    os.mkfifo(tmp_path / MANIFEST)
    done = {}
    thread = threading.Thread(
        target=lambda: done.setdefault(
            "result", runner.invoke(app, ["site", "personal-space", "--out", str(tmp_path)])
        ),
        daemon=True,
    )
    thread.start()
    thread.join(30)
    assert "result" in done, "the render waited on the pipe"
    assert done["result"].exit_code == 2
    assert "is not a regular file: sheetsmith keeps its list of written files there" in (
        done["result"].output
    )


def test_a_manifest_nested_past_any_parser_is_unreadable_not_a_crash(tmp_path):
    (tmp_path / "my-corner-of-the-sky").mkdir()
    (tmp_path / "my-corner-of-the-sky" / "guide.pdf").write_bytes(b"someone's")
    (tmp_path / MANIFEST).write_text("[" * 5000 + "]" * 5000)
    args = ["render", "my-corner-of-the-sky", "--component", "guide", "--out", str(tmp_path)]
    result = runner.invoke(app, args)
    # nothing in it is known to be sheetsmith's, so nothing is replaced
    assert result.exit_code == 2 and "the list of files sheetsmith wrote there" in result.output
    assert "cannot be read; use --force to replace it" in result.output
    assert (tmp_path / "my-corner-of-the-sky" / "guide.pdf").read_bytes() == b"someone's"


def _dead_pid() -> int:
    import subprocess
    import sys

    child = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"],
        capture_output=True,
        text=True,
        check=True,
    )
    return int(child.stdout)  # exited: no process has this number now (or for a while)


def test_a_killed_renders_temporary_files_are_removed_by_the_next(tmp_path):
    folder = tmp_path / "planet-78"
    folder.mkdir()
    dead = folder / f".sheetsmith-{_dead_pid()}-abc123.tmp"
    live = folder / f".sheetsmith-{os.getppid()}-def456.tmp"  # a render still writing
    mine = folder / ".sheetsmith-notes.tmp"  # not named for a process: not ours to judge
    for path in (dead, live, mine):
        path.write_bytes(b"half a PDF")
    Output(tmp_path).write_bytes("planet-78/meters.pdf", b"%PDF-")
    assert not dead.exists() and live.exists() and mine.exists()
    assert (folder / "meters.pdf").read_bytes() == b"%PDF-"


def test_a_stop_that_was_lost_on_the_way_is_taken_at_the_next_file(tmp_path, monkeypatch):
    """SIGTERM raised where Python drops it (an import's clean-up) or a library swallows
    it: the render stops before its next file, writing nothing half done."""
    import signal

    from sheetsmith import signals

    output = Output(tmp_path)
    output.write_bytes("a.pdf", b"%PDF-first")
    monkeypatch.setattr(signals, "_caught", signal.SIGTERM)
    with pytest.raises(signals.Terminated):
        output.write_bytes("b.pdf", b"%PDF-second")
    assert sorted(p.name for p in tmp_path.iterdir()) == [MANIFEST, "a.pdf"]
