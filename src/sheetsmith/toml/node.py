"""Typed, located access to parsed TOML that records problems instead of raising.

Parsers walk the raw data through `Node`s. A node that is missing or of the wrong
type records a problem (with its key path and line) and yields `None`, so one pass
over a file finds every problem; the parser raises once at the end with all of them.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import Any

from sheetsmith.errors import Problem
from sheetsmith.toml.document import TomlDocument

_MISSING = object()

_TYPE_NAMES = {
    str: "a string",
    int: "an integer",
    float: "a number",
    bool: "true or false",
    list: "an array",
    dict: "a table",
}


# What a sheet read off a photo holds where the player must type handwriting
TO_TYPE = "??"


def describe(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, list):
        return "an array"
    if isinstance(value, int) and value.bit_length() > 256:
        return "an integer of over 75 digits"  # repr() refuses the longest ones
    text = repr(value)  # a float reads as TOML spells it: 1.5, nan, inf, -inf, 1e+300
    return text if len(text) <= 40 else text[:37] + "..."


def _bound(value: float) -> str:
    """A range bound as the definition would write it: 4 rather than 4.0, 1.25 as is."""
    return str(int(value)) if float(value).is_integer() else repr(float(value))


def suggest(word: str, choices: list[str] | tuple[str, ...]) -> str:
    """' (did you mean "x"?)' for the closest choice, or ''."""
    import difflib  # only ever needed to explain a mistake

    if len(word) > 40:  # no id is that long, and difflib is quadratic in it
        return ""
    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return f' (did you mean "{close[0]}"?)' if close else ""


class Context:
    """The problems found so far in one document."""

    def __init__(self, doc: TomlDocument) -> None:
        self.doc = doc
        self.problems: list[Problem] = []

    def fail(self, path: tuple[str | int, ...], message: str, line: int | None = None) -> None:
        problem = self.doc.problem(path, message)
        if line is not None:
            problem = Problem(problem.message, problem.file, problem.key, line)
        self.problems.append(problem)

    def root(self) -> Node:
        return Node(self.doc.data, (), self)


class Node:
    """One value in the document, with its key path."""

    __slots__ = ("ctx", "path", "value")

    def __init__(self, value: Any, path: tuple[str | int, ...], ctx: Context) -> None:
        self.value = value
        self.path = path
        self.ctx = ctx

    @property
    def missing(self) -> bool:
        return self.value is _MISSING

    def fail(self, message: str, line: int | None = None) -> None:
        self.ctx.fail(self.path, message, line)

    def fail_row(self, index: int, message: str) -> None:
        """A problem with line `index` of this node's multi-line string value (a grid row),
        reported at that line of the file. The line is looked up here, only once there is a
        problem: finding it scans the whole file's keys, which a valid sheet never needs."""
        self.ctx.fail(self.path, message, self.value_line(index))

    def value_line(self, index: int) -> int | None:
        """The file line of line `index` of this node's multi-line string value."""
        start = self.ctx.doc.keys.line_of(self.path)
        if start is None:
            return None
        text_lines = self.ctx.doc.lines  # split once per document, not once per call
        opener = text_lines[start - 1].rstrip() if start <= len(text_lines) else ""
        if '"' * 3 not in opener and "'" * 3 not in opener:
            return start  # a one-line string: its "\n" escapes are not file lines
        # TOML drops a newline right after the opening quotes: the value starts below.
        first = start + 1 if opener.endswith(('"' * 3, "'" * 3)) else start
        return first + index

    def __getitem__(self, key: str) -> Node:
        if isinstance(self.value, dict) and key in self.value:
            return Node(self.value[key], (*self.path, key), self.ctx)
        return Node(_MISSING, (*self.path, key), self.ctx)

    def _typed(self, kind: type, default: Any) -> Any:
        if self.value is _MISSING:
            if default is _MISSING:
                self.fail(f"required, expected {_TYPE_NAMES[kind]}")
            return None if default is _MISSING else default
        ok = isinstance(self.value, kind) and not (kind is int and isinstance(self.value, bool))
        if kind is float and isinstance(self.value, int) and not isinstance(self.value, bool):
            return float(self.value)
        if not ok:
            if self.value == TO_TYPE:
                self.fail(
                    f"{TO_TYPE} (a photo cannot read handwriting):"
                    f" type {_TYPE_NAMES[kind]} as written on the sheet"
                )
            else:
                self.fail(f"expected {_TYPE_NAMES[kind]}, got {describe(self.value)}")
            return None
        return self.value

    def str(self, default: Any = _MISSING, *, choices: tuple[str, ...] = ()) -> str | None:
        if type(self.value) is str and not choices:  # the usual answer, without the checks
            return self.value
        value = self._typed(str, default)
        if value is not None and choices and value not in choices:
            options = ", ".join(choices)
            self.fail(f"expected one of {options}, got {value!r}{suggest(value, choices)}")
            return None
        return value

    def int(self, default: Any = _MISSING, *, low: int, high: int) -> int | None:
        """An integer in low..high. Both bounds are required: a number with no upper bound
        lets a definition ask a renderer for a billion boxes."""
        value = self._typed(int, default)
        if value is None or self.value is _MISSING:
            return value
        if not low <= value <= high:
            self.fail(f"expected an integer {low}..{high}, got {describe(value)}")
            return None
        return value

    def float(self, default: Any = _MISSING, *, low: float, high: float) -> float | None:
        """A finite number in low..high (TOML allows nan and inf; no size can be either)."""
        raw = self.value
        if isinstance(raw, int) and not isinstance(raw, bool) and not low <= raw <= high:
            # compare before float(): an integer beyond 1e308 would overflow the conversion
            self.fail(f"expected a number {_bound(low)}..{_bound(high)}, got {describe(raw)}")
            return None
        value = self._typed(float, default)
        if value is None or raw is _MISSING:
            return value
        if not (math.isfinite(value) and low <= value <= high):
            self.fail(f"expected a number {_bound(low)}..{_bound(high)}, got {describe(value)}")
            return None
        return value

    def bool(self, default: Any = _MISSING) -> bool | None:
        return self._typed(bool, default)

    def list(self, default: Any = _MISSING) -> list[Node]:
        value = self._typed(list, default)
        if value is None:
            return []
        return [Node(item, (*self.path, i), self.ctx) for i, item in enumerate(value)]

    def table(self, default: Any = _MISSING) -> dict[str, Node]:
        value = self._typed(dict, default)
        if value is None:
            return {}
        return {key: Node(item, (*self.path, key), self.ctx) for key, item in value.items()}

    def str_list(self, default: Any = _MISSING) -> tuple[str, ...]:
        return tuple(s for item in self.list(default) if (s := item.str()) is not None)

    def only(self, *allowed: str) -> None:
        """Record a problem for every key of this table that is not in `allowed`."""
        if not isinstance(self.value, dict):
            return
        for key in self.value:
            if key not in allowed:
                self.ctx.fail((*self.path, key), f"unknown key{suggest(key, allowed)}")

    def __iter__(self) -> Iterator[Node]:
        return iter(self.list())
