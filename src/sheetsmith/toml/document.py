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

from sheetsmith.errors import Problem, format_path

MAX_BYTES = 2_000_000  # a typed sheet or a definition is a few kB; refuse anything absurd
# tomllib's time and memory grow with the square of a key's dotted parts (20,000 parts:
# 6 s and 1.6 GB); no real definition or sheet has more than ~5.
MAX_KEY_PARTS = 32
# No limit on the count of keys or tables: it would protect nothing. 2 MB of `kN = 1`
# lines or of `[[a]]` headers parses in under a second, of 32-part keys in under 2 s.

_SYNTAX_AT = re.compile(r"\s*+\(at (?:line (\d+), column (\d+)|end of document)\)")
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
                    item, depth = _array_tokens(value)
                    array = full if depth > 0 else None
    return KeyLines(lines, twice)


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


# What a phone types for a quote: each is read as the straight quote TOML needs.
_CURLY = str.maketrans(dict.fromkeys("“”„‟«»＂", '"') | dict.fromkeys("‘’‚‛‹›＇", "'"))
# Strings and comments, each read whole: a string's group is None if it is never closed.
_STRINGS = re.compile(
    "|".join(
        (
            r"#[^\n]*+",
            r'"""(?:[^"\\]++|\\.|"(?!""))*+(?P<ml>"""(?:"{0,2}))?',
            r"'''(?:[^']++|'(?!''))*+(?P<mll>'''(?:'{0,2}))?",
            r'"(?:[^"\\\n]++|\\[^\n])*+(?P<b>")?',
            r"'[^'\n]*+(?P<l>')?",
        )
    ),
    re.S,
)
_VALUE_START = re.compile(r"""[\w"'\[{+.-]""")
# A later item of an array typed without quotes, as in `[monday, tuesday]`.
_BARE_ITEM = re.compile(r"""(,\s*+)([^\W\d][^,\]}#"'=\n]*+)(?=[,\]])""")
_WORDS = ("true", "false", "inf", "nan")
_NO_VALUE = 'the value after "=" is missing: type one, or delete the line'


def _excerpt(line: str, at: int = 0) -> str:
    """`line` as a message shows it: stripped, cut to 60 characters around index `at` if
    it is long."""
    if len(line.strip()) <= 72:
        return line.strip()
    start = max(0, at - 30)
    cut = line[start : at + 30].strip()
    return ("..." if start else "") + cut + ("..." if at + 30 < len(line) else "")


def _unclosed_string(text: str) -> tuple[int, int, str] | None:
    """(line, column, quote) of the first string never closed, or None."""
    for token in _STRINGS.finditer(text):
        if token.group()[0] == "#" or token.group("ml", "mll", "b", "l") != (None,) * 4:
            continue
        start = token.start()
        column = start - text.rfind("\n", 0, start)
        quote = token.group()[:3] if token.group().startswith(('"' * 3, "'" * 3)) else ""
        return text.count("\n", 0, start) + 1, column, quote or token.group()[0]
    return None


def _curly(line: str) -> str:
    straight = _excerpt(line.translate(_CURLY))
    return f"curly quotes are not TOML quotes; type straight ones: {straight}"


def _string_hint(text: str, lines: list[str]) -> tuple[str, int] | None:
    """Why a string is not closed, and the line it opened on."""
    found = _unclosed_string(text)
    if found is None:
        return None
    number, column, quote = found
    if len(quote) == 3:
        return f"the {quote} string opened here is never closed: end it with {quote}", number
    line = lines[number - 1]
    content = line[column:]
    if content.translate(_CURLY) != content:
        return _curly(line), number
    comment = content.find(" #")
    if comment >= 0:  # most likely a comment typed after the string, not inside it
        fixed = line[:column] + content[:comment].rstrip() + quote + content[comment:]
    else:
        fixed = line.rstrip() + quote
    return f"a string is not closed: end it with a quote: {_excerpt(fixed, column)}", number


def _value_hint(line: str, column: int) -> str | None:
    """A value tomllib could not read: a missing one, or text without quotes."""
    _, key_re, _ = _patterns()
    prefix, rest = line[: column - 1], line[column - 1 :]
    if not rest.strip() or rest.lstrip().startswith("#"):
        return _NO_VALUE
    key = key_re.match(prefix)
    if key and not prefix[key.end() :].strip():  # the whole value: `player = Ann Lee`
        word = re.split(r"\s#", rest, maxsplit=1)[0].rstrip()
    else:  # an item of an array or of an inline table
        word = re.split(r"[,\]}#]", rest, maxsplit=1)[0].rstrip()
    if not word or not word[0].isalpha():
        return None
    if word in ("True", "False", "TRUE", "FALSE"):
        fixed = prefix + word.lower() + rest[len(word) :]
        return f"true and false are written in lower case: {_excerpt(fixed, column)}"
    after = rest[len(word) :]
    if not key or prefix[key.end() :].strip():  # the array's later items, as bare
        after = _BARE_ITEM.sub(_quote_item, after)
    fixed = prefix + _quoted(word) + after
    return f"a text value needs quotes: {_excerpt(fixed, column)}"


def _quoted(word: str) -> str:
    return f"'{word}'" if '"' in word and "'" not in word else f'"{word}"'


def _quote_item(item: re.Match[str]) -> str:
    word = item[2].rstrip()
    if word in _WORDS:
        return item[0]
    return item[1] + _quoted(word) + item[2][len(word) :]


def _table_comma_hint(line: str, column: int) -> str | None:
    """`{ a = 1 b = 2 }`: a comma missing between two keys of an inline table."""
    _, key_re, _ = _patterns()
    prefix, rest = line[: column - 1], line[column - 1 :]
    if not prefix.strip() or not key_re.match(rest):
        return None
    before = prefix.rstrip()
    fixed = before + "," + prefix[len(before) :] + rest
    return f"a comma is missing between two keys: {_excerpt(fixed, column)}"


def _array_opened(lines: list[str], number: int) -> int | None:
    """The line, at or above `number`, where an array that is never closed opened."""
    header_re, _, _ = _patterns()
    for above in range(min(number, len(lines)), 0, -1):
        line = lines[above - 1]
        if not header_re.match(line) and _array_tokens(line)[1] > 0:
            return above
    return None


def _array_hint(lines: list[str], number: int, column: int | None) -> tuple[str, int | None]:
    """A comma missing between two items, or an array never closed (and its first line)."""
    never_closed = "this array is never closed: end it with ] after its last item"
    if column is None:  # at the end of the file
        return never_closed, _array_opened(lines, number)
    header_re, key_re, _ = _patterns()
    line = lines[number - 1]
    prefix, rest = line[: column - 1], line[column - 1 :]
    if (
        key_re.match(rest)
        or (not prefix.strip() and header_re.match(line))
        or not _VALUE_START.match(rest)
    ):  # the next key or table, or a closing brace: the array was never closed
        return never_closed, _array_opened(lines, number - 1 if not prefix.strip() else number)
    missing = "a comma is missing between two items"
    if prefix.strip():
        before = prefix.rstrip()
        fixed = before + "," + prefix[len(before) :] + rest
        return f"{missing}: {_excerpt(fixed, column)}", number
    for above in range(number - 1, 0, -1):  # the item before ends a line above
        item = lines[above - 1]
        if item.strip() and not item.lstrip().startswith("#"):
            comment = next((t.start() for t in _TOKEN.finditer(item) if t.group() == "#"), None)
            fixed = item[:comment].rstrip() + ","
            return f"{missing}: end line {above} with one: {_excerpt(fixed, len(fixed))}", number
    return f"{missing}", number


def _twice_hint(message: str, lines: list[str], number: int | None) -> Problem | None:
    """A key or table typed twice: named, with the line it was first typed at."""
    found = lines_keys(lines, find_twice=True)
    twice = found.twice
    declared = re.match(r"Cannot declare (\(.*\)) twice", message)
    if declared and number and (twice is None or twice[2] != number):
        import ast  # only ever needed to explain a mistake

        # tomllib names the table; it was first typed with it, or with a key in it
        path = tuple(ast.literal_eval(declared.group(1)))
        first = [n for p, n in found.lines.items() if p[: len(path)] == path and n < number]
        twice = (path, min(first), number) if first else None
    if twice is None or (number is not None and twice[2] > number):
        return None
    path, first_line, line = twice
    header_re, _, _ = _patterns()
    if header_re.match(lines[line - 1]):
        why = (
            f"this table is typed twice (first typed at line {first_line}); "
            "keep one and put all its keys under it"
        )
    else:
        why = f"typed twice (first typed at line {first_line}); delete one"
    return Problem(f"not valid TOML: {why}", key=format_path(path), line=line)


def _syntax_problem(message: str, text: str, name: str) -> Problem:
    """tomllib's refusal, in a player's words where the mistake is a common one: curly
    quotes, text without quotes, a missing comma, a string never closed, a key typed twice.
    Anything else keeps tomllib's words."""
    at = _SYNTAX_AT.search(message)
    words = (message[: at.start()] if at else message).strip()
    number = column = None
    if at and at.group(1):
        number, column = int(at.group(1)), int(at.group(2))
    lines = text.split("\n")
    hint: str | None = None
    if number is not None and column is not None:
        line = lines[number - 1]
        typed = line[column - 1 : column]
        if typed.translate(_CURLY) != typed:
            return Problem(f"not valid TOML: {_curly(line)}", file=name, line=number)
        if words == "Invalid value":
            hint = _value_hint(line, column)
        elif words == "Unclosed inline table":
            hint = _table_comma_hint(line, column)
    elif words == "Invalid value" and text.rstrip().endswith("="):  # the file ends there
        hint, number = _NO_VALUE, len(text.rstrip().split("\n"))
    elif words == "Invalid value":  # the file ends in an array
        words = "Unclosed array"
    if words in ("Unterminated string", "Illegal character '\\n'") or words.startswith(
        "Expected \"'"
    ):
        found = _string_hint(text, lines)
        if found:
            hint, number = found
    elif words == "Unclosed array":
        hint, opened = _array_hint(lines, number or len(lines), column)
        number = opened or number
    elif words.startswith(("Cannot overwrite a value", "Cannot declare")):
        problem = _twice_hint(words, lines, number)
        if problem:
            return problem._replace(file=name)
    return Problem(f"not valid TOML: {hint or words}", file=name, line=number)


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
        return _syntax_problem(str(exc), text, name)
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
