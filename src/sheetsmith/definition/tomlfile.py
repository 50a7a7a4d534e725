"""Read a TOML file once, with the line of every key, so errors can point at it.

`tomllib` reports lines only for syntax errors; for a well-formed file that holds a
wrong value we still want `file:line: key.path: problem`. `key_lines` scans the text
for table headers and `key =` lines, which covers the way people write these files
(one key per line, inline tables on one line) without a second TOML parser.
"""

from __future__ import annotations

import functools
import os
import re
import stat
import tomllib
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NamedTuple

from sheetsmith.errors import Problem

MAX_BYTES = 2_000_000  # a typed sheet or a definition is a few kB; refuse anything absurd
# tomllib's time and memory grow with the square of a key's dotted parts (20,000 parts:
# 6 s and 1.6 GB); no real definition or sheet has more than ~5.
MAX_KEY_PARTS = 32
# No limit on the count of keys or tables: it would protect nothing. 2 MB of `kN = 1`
# lines or of `[[a]]` headers parses in under a second, of 32-part keys in under 2 s.

_SYNTAX_AT = r"\(at line (\d+), column (\d+)\)"
# Every quantifier below is possessive or atomic: a pathological line is read once,
# never backtracked into (Python >= 3.11).
_KEY_PART = r"""(?:[A-Za-z0-9_-]++|"[^"]*+"|'[^']*+')"""
# A key part as TOML reads it, in the pre-scan: one-line strings, with escapes.
_SCAN_PART = r"""(?:[A-Za-z0-9_-]++|"(?:[^"\\\n]++|\\[^\n])*+"|'[^'\n]*+')"""
_SCAN_SEP = r"[ \t]*+\.[ \t]*+"


@functools.cache
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    # Compiled on first use: only a file with a problem needs its key lines.
    header = re.compile(r"^\s*+(\[\[?+)([^\]]*+)\]\]?+\s*+(?:#.*+)?+$")
    key = re.compile(rf"^\s*+({_KEY_PART}(?:\s*+\.\s*+{_KEY_PART})*+)\s*+=")
    inline_key = re.compile(r"""[{,]\s*+([A-Za-z0-9_-]++|"[^"]*+")\s*+=""")
    return header, key, inline_key


@functools.cache
def _key_scan() -> re.Pattern[str]:
    """One match from the start of the text that skips everything but a key of too
    many parts: strings and comments whole, keys of at most MAX_KEY_PARTS parts, any
    other character. It stops at the first longer key (group `long`) or at the end."""
    short = (
        rf"(?>{_SCAN_PART}(?:{_SCAN_SEP}{_SCAN_PART}){{0,{MAX_KEY_PARTS - 1}}})"
        rf"(?!{_SCAN_SEP}{_SCAN_PART})"
    )
    skip = "|".join(
        (
            r'"""(?:[^"\\]++|\\.|"(?!""))*+(?:"""(?:""|")?+|\Z)',  # multi-line strings
            r"'''(?:[^']++|'(?!''))*+(?:'''(?:''|')?+|\Z)",
            short,
            rf"""(?!{_SCAN_PART})["'][^\n]*+""",  # an unclosed string: TOML stops there
            r"#[^\n]*+",
            r"""[^"'#A-Za-z0-9_-]++""",
        )
    )
    return re.compile(rf"(?:{skip})*+(?P<long>{_SCAN_PART}(?:{_SCAN_SEP}{_SCAN_PART})*+)?", re.S)


def _too_long_key(text: str, name: str) -> Problem | None:
    """A key of more than MAX_KEY_PARTS dotted parts, found in one linear pass."""
    found = _key_scan().match(text)
    key = found.group("long") if found else None
    if key is None:
        return None
    parts = len(re.findall(_SCAN_PART, key))
    line = text.count("\n", 0, found.start("long")) + 1
    return Problem(
        f"a key of {parts:,} dotted parts; at most {MAX_KEY_PARTS} are read", file=name, line=line
    )


def _split_key(raw: str) -> tuple[str, ...]:
    parts = re.findall(_KEY_PART, raw)
    return tuple(p.strip("\"'") for p in parts)


class KeyLines(NamedTuple):
    """Line numbers (1-based) of the keys of one TOML text, by key path."""

    lines: dict[tuple[str | int, ...], int]

    def line_of(self, path: tuple[str | int, ...]) -> int | None:
        """The line of `path`, or of its nearest ancestor that has one."""
        while path:
            if path in self.lines:
                return self.lines[path]
            path = path[:-1]
        return None


# A string token always matches, to its closing quote or to the end of the line, so the
# scan resumes after it: an unclosed string is never rescanned from each later quote
# (80 kB of `\"` took 41 s that way). `closed` tells a string from an unclosed one.
_TOKEN = re.compile(r""""(?:[^"\\]++|\\.)*+(?P<closed>")?|'[^']*+(?P<lclosed>')?|#|[\[\]]""")


def _array_tokens(text: str) -> tuple[int, int]:
    """(strings, bracket depth change) in a line of an array, its comment left out."""
    strings = depth = 0
    for token in _TOKEN.finditer(text):
        kind = token.group()[0]
        if kind == "#":
            break
        if kind in "\"'":
            if token.group("closed", "lclosed") == (None, None):
                break  # an unclosed string runs to the end of the line
            strings += 1
        else:
            depth += 1 if kind == "[" else -1
    return strings, depth


def key_lines(text: str) -> KeyLines:
    return lines_keys(text.split("\n"))


def lines_keys(text_lines: Sequence[str]) -> KeyLines:
    """`key_lines` of a text already split at "\\n", the only line break TOML counts."""
    lines: dict[tuple[str | int, ...], int] = {}
    counts: dict[tuple[str | int, ...], int] = {}
    table: tuple[str | int, ...] = ()
    in_multiline: str | None = None
    array: tuple[str | int, ...] | None = None  # a multi-line array of strings being read
    item = depth = 0
    header_re, key_re, inline_re = _patterns()
    for number, line in enumerate(text_lines, start=1):
        if in_multiline:
            if line.count(in_multiline) % 2 == 1:
                in_multiline = None
            continue
        if array is not None:  # each string item's own line, so a mistake in one is found
            strings, change = _array_tokens(line)
            for _ in range(strings):
                lines.setdefault((*array, item), number)
                item += 1
            depth += change
            if depth <= 0:
                array = None
            continue
        header = header_re.match(line)
        if header and header.group(2).strip():
            path: tuple[str | int, ...] = _split_key(header.group(2).strip())
            if header.group(1) == "[[":
                index = counts.get(path, 0)
                counts[path] = index + 1
                lines.setdefault(path, number)
                path = (*path, index)
            table = path
            lines.setdefault(table, number)
            continue
        key = key_re.match(line)
        if key:
            full = (*table, *_split_key(key.group(1)))
            lines.setdefault(full, number)
            rest = line[key.end() :]
            for inner in inline_re.finditer(rest):
                lines.setdefault((*full, inner.group(1).strip('"')), number)
            for quote in ('"""', "'''"):
                if rest.count(quote) % 2 == 1:
                    in_multiline = quote
                    break
            else:
                value = rest.lstrip()
                if value.startswith("["):
                    item, depth = _array_tokens(value)
                    array = full if depth > 0 else None
    return KeyLines(lines)


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


def format_path(path: tuple[str | int, ...]) -> str:
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else part
    return out


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


def _decode(raw: bytes, name: str) -> str | Problem:
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


def parse_toml_bytes(raw: bytes, name: str) -> TomlDocument | Problem:
    """Parse TOML from bytes, or say in one `Problem` why it cannot be read."""
    if len(raw) > MAX_BYTES:
        return Problem(f"file is {len(raw):,} bytes; at most {MAX_BYTES:,} are read", file=name)
    text = _decode(raw, name)
    if isinstance(text, Problem):
        return text
    too_long = _too_long_key(text, name)  # before tomllib, which is quadratic in it
    if too_long:
        return too_long
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        message = str(exc)
        at = re.search(_SYNTAX_AT, message)
        line = int(at.group(1)) if at else None
        message = re.sub(_SYNTAX_AT, "", message).strip()
        return Problem(f"not valid TOML: {message}", file=name, line=line)
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
