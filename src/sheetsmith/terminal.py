"""Text from files, made safe to print: a typed sheet or a shared definition must not be
able to drive the reader's terminal (an OSC escape sets the clipboard or the window title;
bidi overrides make a line read differently from what it holds)."""

from __future__ import annotations

import re

# C0 and C1 controls but newline and tab, DEL, line and paragraph separators, bidi controls
_UNSAFE = re.compile(
    "[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]"
)


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def _json_escape(match: re.Match[str]) -> str:
    return f"\\u{ord(match.group()):04x}"


def printable(text: str) -> str:
    """`text` with every character that could act on a terminal written as an escape."""
    return _UNSAFE.sub(_escape, text)


def printable_json(document: str) -> str:
    """A JSON document with the same characters as JSON escapes: still the same JSON.
    (`json.dumps` escapes C0 controls itself, but not DEL, C1 or the bidi controls.)"""
    return _UNSAFE.sub(_json_escape, document)
