"""A TOML file read once: refused with a reason (size, kind of file, encoding, syntax) or
parsed, with the line of every key at hand for the problems found in its values."""

from __future__ import annotations

import os
import stat
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import tomli  # the standard library's tomllib, compiled: see pyproject.toml

from sheetsmith.errors import Problem, format_path
from sheetsmith.photo import is_photo_bytes
from sheetsmith.toml.prescan import too_long_key

if TYPE_CHECKING:
    from sheetsmith.toml.keylines import KeyLines

MAX_BYTES = 2_000_000  # a typed sheet or a definition is a few kB; refuse anything absurd


def lines_keys(text_lines: Sequence[str]) -> KeyLines:
    """The line of every key (keylines.py): imported, like the scan itself, only once a
    problem is reported, which a valid sheet's check never does."""
    from sheetsmith.toml.keylines import lines_keys as scan

    return scan(text_lines)


class TomlDocument:
    """A parsed TOML file: its data, its name for messages, and where its keys are."""

    __slots__ = ("_keys", "_lines", "data", "name", "text")

    def __init__(self, name: str, data: dict[str, Any], text: str) -> None:
        self.name = name
        self.data = data
        self.text = text
        self._keys: KeyLines | None = None
        self._lines: tuple[str, ...] | None = None

    @property
    def lines(self) -> tuple[str, ...]:
        """The text's lines, split once: a problem per row of a value must not re-split
        the file each time (80,000 rows took 100 s). Split at "\\n" only, as TOML counts."""
        if self._lines is None:
            self._lines = tuple(self.text.split("\n"))
        return self._lines

    @property
    def keys(self) -> KeyLines:
        # Only needed to report a problem, so only computed then.
        if self._keys is None:
            self._keys = lines_keys(self.lines)
        return self._keys

    def problem(self, path: tuple[str | int, ...], message: str) -> Problem:
        return Problem(
            message, file=self.name, key=format_path(path) or None, line=self.keys.line_of(path)
        )


# Byte order marks, UTF-32 first: its little-endian mark starts with UTF-16's.
_BOMS = (
    (b"\xff\xfe\x00\x00", "UTF-32"),
    (b"\x00\x00\xfe\xff", "UTF-32"),
    (b"\xff\xfe", "UTF-16"),
    (b"\xfe\xff", "UTF-16"),
)


def _wide_encoding(raw: bytes) -> str | None:
    """UTF-16 or UTF-32 for a text saved so, told by its byte order mark or, without
    one, by the NUL bytes around its first (ASCII) characters; None otherwise."""
    for bom, encoding in _BOMS:
        if raw.startswith(bom):
            return encoding
    head = raw[:4]
    if len(head) < 4 or 0 not in head:
        return None
    if head[1:] == b"\0\0\0" or head[:3] == b"\0\0\0":
        return "UTF-32"
    if (head[1] == head[3] == 0 and head[0] and head[2]) or (
        head[0] == head[2] == 0 and head[1] and head[3]
    ):
        return "UTF-16"
    return None


STDIN_NAME = "standard input"  # how a sheet piped in is named in messages


def _decode(raw: bytes, name: str) -> str | Problem:
    if is_photo_bytes(raw[:12]):  # a photo saved without its extension
        remedy = (
            "photos are read from files: give the photo's file name instead of -"
            if name == STDIN_NAME
            else "to read a photo, name it .jpg, .png, .webp or .heic"
        )
        return Problem(f"a picture, not TOML text: {remedy}", file=name)
    if raw.startswith(b"%PDF-"):  # the printed pages given where their typed sheet goes
        return Problem(
            "a PDF, not TOML text: give the typed sheet (.toml), or photos of the finished pages",
            file=name,
        )
    encoding = _wide_encoding(raw)
    if encoding:
        return Problem(f"not UTF-8 text: saved as {encoding}; save it as UTF-8", file=name)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        start = raw.rfind(b"\n", 0, exc.start) + 1
        line = raw.count(b"\n", 0, exc.start) + 1
        column = len(raw[start : exc.start].decode("utf-8")) + 1  # valid up to the bad byte
        return Problem(
            f"not UTF-8 text: byte 0x{raw[exc.start]:02X} at column {column}; save it as UTF-8",
            file=name,
            line=line,
        )
    return text[1:] if text.startswith("\ufeff") else text


# What a phone types for a quote: each is read as the straight quote TOML needs.
def parse_toml_bytes(raw: bytes, name: str) -> TomlDocument | Problem:
    """Parse TOML from bytes, or say in one `Problem` why it cannot be read."""
    if len(raw) > MAX_BYTES:
        return Problem(f"file is {len(raw):,} bytes; at most {MAX_BYTES:,} are read", file=name)
    text = _decode(raw, name)
    if isinstance(text, Problem):
        return text
    too_long = too_long_key(text, name)  # before tomllib, which is quadratic in it
    if too_long:
        return too_long
    try:
        data = tomli.loads(text)
    except tomli.TOMLDecodeError as exc:
        from sheetsmith.toml.hints import syntax_problem  # only a refused file needs it

        return syntax_problem(str(exc), text, name)
    except RecursionError:
        return Problem("not valid TOML: nested too deeply", file=name)
    except ValueError:  # tomllib's int() refuses numbers of thousands of digits
        return Problem("not valid TOML: a number with thousands of digits", file=name)
    return TomlDocument(name, data, text)


# Non-blocking, so opening a named pipe returns at once (to be refused) instead of
# waiting for a writer forever; never the controlling terminal; no newline translation.
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_OPEN_FLAGS = os.O_RDONLY | _NONBLOCK | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0)


def _not_a_file(mode: int) -> str | None:
    """Why a file of this mode is not read, or None for a regular file."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISFIFO(mode):
        return "is a named pipe, not a file"
    if stat.S_ISDIR(mode):
        return "is a directory, not a TOML file"
    return "is not a regular file"


def _read_regular(fd: int) -> bytes | str:
    """The bytes of the regular file open at `fd` (at most MAX_BYTES + 1), or why not."""
    info = os.fstat(fd)
    refused = _not_a_file(info.st_mode)
    if refused:
        return refused
    if info.st_size > MAX_BYTES:  # its real size, without reading a 1 GB file
        return f"file is {info.st_size:,} bytes; at most {MAX_BYTES:,} are read"
    if _NONBLOCK:
        os.set_blocking(fd, True)
    with open(fd, "rb", closefd=False) as handle:
        raw = handle.read(MAX_BYTES + 1)
    if len(raw) > MAX_BYTES:  # it grew after fstat
        return f"file is over {MAX_BYTES:,} bytes; at most {MAX_BYTES:,} are read"
    return raw


def read_toml(path: Path, name: str | None = None) -> TomlDocument | Problem:
    """Read and parse a regular TOML file, or say why it cannot be read."""
    if name == "":  # an unset shell variable ("check $SHEET"), not the current folder
        return Problem("an empty name: give the file's name", file='""')
    name = name or str(path)
    try:
        fd = os.open(path, _OPEN_FLAGS)
        try:
            raw = _read_regular(fd)
        finally:
            os.close(fd)
    except IsADirectoryError:  # where a directory cannot be opened at all
        return Problem("is a directory, not a TOML file", file=name)
    except FileNotFoundError:
        return Problem("no such file", file=name)
    except OSError as exc:
        return Problem(f"cannot be read: {exc.strerror or exc}", file=name)
    if isinstance(raw, str):
        return Problem(raw, file=name)
    return parse_toml_bytes(raw, name)
