"""Read a TOML file once, with the line of every key, so errors can point at it.

`tomllib` reports lines only for syntax errors; for a well-formed file that holds a
wrong value we still want `file:line: key.path: problem`. `key_lines` scans the text
for table headers and `key =` lines, which covers the way people write these files
(one key per line, inline tables on one line) without a second TOML parser.
"""

from __future__ import annotations

import functools
import re
import tomllib
from pathlib import Path
from typing import Any, NamedTuple

from sheetsmith.errors import Problem

MAX_BYTES = 2_000_000  # a typed sheet or a definition is a few kB; refuse anything absurd

_SYNTAX_AT = r"\(at line (\d+), column (\d+)\)"
_KEY_PART = r"""(?:[A-Za-z0-9_-]+|"[^"]*"|'[^']*')"""


@functools.cache
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    # Compiled on first use: only a file with a problem needs its key lines.
    # One way to match each character, so a long line never backtracks (the key is stripped).
    header = re.compile(r"^\s*(\[\[?)([^\]]*)\]\]?\s*(?:#.*)?$")
    key = re.compile(rf"^\s*({_KEY_PART}(?:\s*\.\s*{_KEY_PART})*)\s*=")
    inline_key = re.compile(r"""[{,]\s*([A-Za-z0-9_-]+|"[^"]*")\s*=""")
    return header, key, inline_key


def _split_key(raw: str) -> tuple[str, ...]:
    parts = re.findall(r"""[A-Za-z0-9_-]+|"[^"]*"|'[^']*'""", raw)
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


_TOKEN = re.compile(r""""(?:[^"\\]|\\.)*"|'[^']*'|#.*|[\[\]]""")


def _array_tokens(text: str) -> tuple[int, int]:
    """(strings, bracket depth change) in a line of an array, its comment left out."""
    strings = depth = 0
    for token in _TOKEN.finditer(text):
        kind = token.group()[0]
        if kind == "#":
            break
        if kind in "\"'":
            strings += 1
        else:
            depth += 1 if kind == "[" else -1
    return strings, depth


def key_lines(text: str) -> KeyLines:
    lines: dict[tuple[str | int, ...], int] = {}
    counts: dict[tuple[str | int, ...], int] = {}
    table: tuple[str | int, ...] = ()
    in_multiline: str | None = None
    array: tuple[str | int, ...] | None = None  # a multi-line array of strings being read
    item = depth = 0
    header_re, key_re, inline_re = _patterns()
    for number, line in enumerate(text.splitlines(), start=1):
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

    __slots__ = ("_keys", "data", "name", "text")

    def __init__(self, name: str, data: dict[str, Any], text: str) -> None:
        self.name = name
        self.data = data
        self.text = text
        self._keys: KeyLines | None = None

    @property
    def keys(self) -> KeyLines:
        # Only needed to report a problem, so only computed then.
        if self._keys is None:
            self._keys = key_lines(self.text)
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


def parse_toml_bytes(raw: bytes, name: str) -> TomlDocument | Problem:
    """Parse TOML from bytes, or say in one `Problem` why it cannot be read."""
    if len(raw) > MAX_BYTES:
        return Problem(f"file is {len(raw):,} bytes; at most {MAX_BYTES:,} are read", file=name)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        return Problem(f"not UTF-8 text (byte {exc.start})", file=name, line=line)
    if text.startswith("\ufeff"):
        text = text[1:]
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


def read_toml(path: Path, name: str | None = None) -> TomlDocument | Problem:
    """Read and parse a TOML file, or say why it cannot be read."""
    name = name or str(path)
    try:
        with path.open("rb") as handle:
            raw = handle.read(MAX_BYTES + 1)
    except IsADirectoryError:
        return Problem("is a directory, not a TOML file", file=name)
    except FileNotFoundError:
        return Problem("no such file", file=name)
    except OSError as exc:
        return Problem(f"cannot be read: {exc.strerror or exc}", file=name)
    return parse_toml_bytes(raw, name)
