"""What the command line prints: results on standard output, errors, warnings and progress
on standard error, in whatever encoding the terminal (or the redirected file) takes.

Text from files is printed through `printable` (see `terminal`), so a sheet cannot drive the
reader's terminal. A Windows console redirected to a file encodes in cp1252, which has no
☆ ◇ □ ✗ or box-drawing line: those are spelled in ASCII rather than crashing mid-output.
"""

from __future__ import annotations

import errno
import sys
from typing import TextIO

import typer

from sheetsmith.errors import SheetsmithError
from sheetsmith.terminal import printable

# A file with thousands of problems is fixed from the first few; the rest is noise.
MAX_SHOWN_PROBLEMS = 20

_ASCII = str.maketrans(
    {
        "─": "-",
        "✗": "x",
        "✓": "v",
        "☆": "*",
        "★": "*",
        "◇": "<>",
        "□": "[]",
        "△": "^",
        "○": "o",
        "…": "...",
        "→": "->",
        "×": "x",
        "“": '"',
        "”": '"',
        "‘": "'",
        "’": "'",
    }
)


class Quiet:
    """Set by `-q`: results and progress are not printed; errors and warnings are."""

    on = False


def _encodable(text: str, stream: TextIO) -> str:
    encoding = getattr(stream, "encoding", None) or "utf-8"
    try:
        text.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        text = text.translate(_ASCII)
        return text.encode(encoding, errors="replace").decode(encoding, errors="replace")
    return text


def _stdout() -> TextIO:
    """Standard output, or the error `main` reports when it was closed (">&-"): Python then
    has no stream, and Click would drop what it is given without a word."""
    if sys.stdout is None:
        raise OSError(errno.EBADF, "standard output is closed")
    return sys.stdout


def echo(text: object, *, err: bool = False, nl: bool = True) -> None:
    """Print `text`, escaped for a terminal and spelled so the stream can encode it."""
    if Quiet.on and not err:
        return
    stream = sys.stderr if err else _stdout()
    typer.echo(_encodable(printable(str(text)), stream), err=err, nl=nl)


def echo_bytes(data: bytes) -> None:
    """Write a file's bytes to standard output unchanged (a TOML file is UTF-8 whatever the
    console's encoding: `new-sheet > me.toml` must give a file `check` reads)."""
    stdout = _stdout()
    stdout.flush()
    stdout.buffer.write(data)
    stdout.buffer.flush()


def warn(message: str) -> None:
    echo(f"warning: {message}", err=True)


def fail(error: SheetsmithError) -> None:
    shown = error.problems[:MAX_SHOWN_PROBLEMS]
    for problem in shown:
        echo(f"error: {problem}", err=True)
    if len(error.problems) > len(shown):
        echo(f"error: ... and {len(error.problems) - len(shown):,} more", err=True)
    raise typer.Exit(error.exit_code)


def emit_json(document: object, *, result: bool = False) -> None:
    """Print `document` as JSON; `result`: it is what the command was asked for, printed
    even with -q (as `read` prints its sheet), not a report of what was done."""
    import json

    from sheetsmith.terminal import printable_json

    if Quiet.on and not result:
        return
    stdout = _stdout()
    text = printable_json(json.dumps(document, indent=2, ensure_ascii=False))
    if _encodable(text, stdout) != text:  # "Zoë" in ASCII: \u00eb, the same JSON, not "Zo?"
        text = printable_json(json.dumps(document, indent=2, ensure_ascii=True))
    typer.echo(text, file=stdout)


class Progress:
    """One bar per file on standard error while it is drawn, only when that is a terminal
    (piped or redirected output stays clean) and not with `-q`."""

    def __init__(self) -> None:
        self.shown = sys.stderr.isatty() and not Quiet.on

    def __call__(self, label: str, done: int, total: int) -> None:
        if not self.shown or total < 2:
            return
        width = 30
        filled = width * done // total
        line = f"{label} [{'#' * filled}{'-' * (width - filled)}] {done}/{total}"
        line = _encodable(printable(line), sys.stderr)
        sys.stderr.write("\r" + line)
        if done == total:  # the bar gives way to the table of what was written
            sys.stderr.write("\r" + " " * len(line) + "\r")
        sys.stderr.flush()
