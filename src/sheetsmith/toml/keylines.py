"""The line of every key of a TOML text, so a problem with a value can point at it.

`tomllib` reports lines only for syntax errors; for a well-formed file that holds a
wrong value we still want `file:line: key.path: problem`. `key_lines` scans the text
for table headers and `key =` lines, which covers the way people write these files
(one key per line, inline tables on one line) without a second TOML parser.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from typing import NamedTuple

# Every quantifier below is possessive or atomic: a pathological line is read once,
# never backtracked into (Python >= 3.11).
_KEY_PART = r"""(?:[A-Za-z0-9_-]++|"[^"]*+"|'[^']*+')"""
# A key part as TOML reads it, in the pre-scan: one-line strings, with escapes.


@functools.cache
def patterns() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    # Compiled on first use: only a file with a problem needs its key lines.
    header = re.compile(r"^\s*+(\[\[?+)([^\]]*+)\]\]?+\s*+(?:#.*+)?+$")
    key = re.compile(rf"^\s*+({_KEY_PART}(?:\s*+\.\s*+{_KEY_PART})*+)\s*+=")
    inline_key = re.compile(r"""[{,]\s*+([A-Za-z0-9_-]++|"[^"]*+")\s*+=""")
    return header, key, inline_key


def _split_key(raw: str) -> tuple[str, ...]:
    parts = re.findall(_KEY_PART, raw)
    return tuple(p.strip("\"'") for p in parts)


class KeyLines(NamedTuple):
    """Line numbers (1-based) of the keys of one TOML text, by key path."""

    lines: dict[tuple[str | int, ...], int]
    # The first key or [table] typed twice, as (its path, first line, second line); only
    # looked for when asked (`find_twice`), for a file tomllib refused.
    twice: tuple[tuple[str | int, ...], int, int] | None = None

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
TOKEN = re.compile(r""""(?:[^"\\]++|\\.)*+(?P<closed>")?|'[^']*+(?P<lclosed>')?|#|[\[\]]""")


def array_tokens(text: str) -> tuple[int, int]:
    """(strings, bracket depth change) in a line of an array, its comment left out."""
    strings = depth = 0
    for token in TOKEN.finditer(text):
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


def _in_arrays(
    path: tuple[str | int, ...], counts: dict[tuple[str | int, ...], int]
) -> tuple[str | int, ...]:
    """`path` with the index of each array of tables it goes through, as TOML reads it:
    `[x.a]` after the second `[[x]]` is `x[1].a`."""
    out: list[str | int] = []
    for end, part in enumerate(path, start=1):
        out.append(part)
        if end < len(path) and path[:end] in counts:
            out.append(counts[path[:end]] - 1)
    return tuple(out)


def lines_keys(text_lines: Sequence[str], *, find_twice: bool = False) -> KeyLines:
    """`key_lines` of a text already split at "\\n", the only line break TOML counts."""
    lines: dict[tuple[str | int, ...], int] = {}
    counts: dict[tuple[str | int, ...], int] = {}
    table: tuple[str | int, ...] = ()
    typed: dict[tuple[str | int, ...], int] = {}  # with find_twice: each key and [table]
    twice: tuple[tuple[str | int, ...], int, int] | None = None
    resolved: tuple[str | int, ...] = ()  # the table, through arrays of tables
    in_multiline: str | None = None
    array: tuple[str | int, ...] | None = None  # a multi-line array of strings being read
    item = depth = 0
    header_re, key_re, inline_re = patterns()
    for number, line in enumerate(text_lines, start=1):
        if in_multiline:
            if line.count(in_multiline) % 2 == 1:
                in_multiline = None
            continue
        if array is not None:  # each string item's own line, so a mistake in one is found
            strings, change = array_tokens(line)
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
            if find_twice:
                resolved = _in_arrays(path, counts)
            if header.group(1) == "[[":
                index = counts.get(path, 0)
                counts[path] = index + 1
                lines.setdefault(path, number)
                path = (*path, index)
                if find_twice:
                    resolved = (*resolved, index)
            elif find_twice and twice is None:
                if resolved in typed:
                    twice = (resolved, typed[resolved], number)
                typed.setdefault(resolved, number)
            table = path
            lines.setdefault(table, number)
            continue
        key = key_re.match(line)
        if key:
            full = (*table, *_split_key(key.group(1)))
            lines.setdefault(full, number)
            if find_twice and twice is None:
                typed_key = (*resolved, *full[len(table) :])
                if typed_key in typed:
                    twice = (typed_key, typed[typed_key], number)
                typed.setdefault(typed_key, number)
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
                    item, depth = array_tokens(value)
                    array = full if depth > 0 else None
    return KeyLines(lines, twice)
