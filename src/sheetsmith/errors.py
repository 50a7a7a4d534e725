"""The one user-error base class, and the problems it carries.

Anything a user can get wrong (a definition, a typed sheet, an option) raises a
`SheetsmithError` holding every problem found, each located by file, key path and
line where one exists. The CLI prints them one per line and exits with status 2;
any other exception is a bug.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import NamedTuple

# An array's item as a player names it: `turns` -> turn, `abilities` -> ability; a Planet 78
# turn's `do` holds its actions, as the report calls them.
_ITEM_NAMES = {"do": "action"}


def _item_name(array: str) -> str:
    if array in _ITEM_NAMES:
        return _ITEM_NAMES[array]
    if array.endswith("ies"):
        return array[:-3] + "y"
    if array.endswith(("xes", "ches", "shes", "sses")):
        return array[:-2]
    if array.endswith("s") and not array.endswith(("ss", "us")):
        return array[:-1]
    return array


def format_path(path: Sequence[str | int], *, counted: bool = False) -> str:
    """A key path as text. Plain, as a program indexes the TOML (and `check --json` gives
    it), array items count from 0: `turns[1].do[3]`. `counted`, as printed for a player and
    as the reports word it, an item is its array's name and its number from 1:
    `turn 2, action 4`, `log 6, path`."""
    if not counted:
        out = ""
        for part in path:
            if isinstance(part, int):
                out += f"[{part}]"
            else:
                out += f".{part}" if out else part
        return out
    groups: list[str] = []
    names: list[str] = []
    for part in path:
        if isinstance(part, int):
            item = _item_name(names.pop()) if names else "item"
            groups.append(".".join([*names, f"{item} {part + 1}"]))
            names = []
        else:
            names.append(part)
    if names:
        groups.append(".".join(names))
    return ", ".join(groups)


_KEY_PART = re.compile(r"\[(\d+)\]|((?:[^.\[]|\[(?!\d+\]))+)")


def shown_key(key: str) -> str:
    """A key path given plain (`log[5].path`) as printed for a player (`log 6, path`)."""
    if "[" not in key:
        return key
    parts = [int(m[1]) if m[1] else m[2] for m in _KEY_PART.finditer(key)]
    return format_path(parts, counted=True)


class Problem(NamedTuple):
    """One thing wrong with one input, and where it is."""

    message: str
    file: str | None = None
    key: str | None = None
    line: int | None = None

    def __str__(self) -> str:
        where = []
        if self.file:
            where.append(f"{self.file}:{self.line}" if self.line else self.file)
        if self.key:
            where.append(shown_key(self.key))  # counting from 1; `key` itself from 0
        return ": ".join([*where, self.message])


def problems_json(problems: Sequence[Problem]) -> list[dict[str, object]]:
    """Problems as `--json` gives them: file, key, line (from 1), message."""
    return [{"file": p.file, "key": p.key, "line": p.line, "message": p.message} for p in problems]


class SheetsmithError(Exception):
    """A user error: bad input, never a bug. Carries every problem found at once."""

    exit_code = 2

    def __init__(self, problems: Iterable[Problem] | str) -> None:
        if isinstance(problems, str):
            problems = [Problem(problems)]
        self.problems: tuple[Problem, ...] = tuple(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


class DefinitionError(SheetsmithError):
    """A game definition that cannot be loaded."""


class SheetError(SheetsmithError):
    """A typed sheet that cannot be read as a sheet (exit 2, never a rule violation)."""


class OptionError(SheetsmithError):
    """A command-line option or argument that makes no sense."""


class OutputError(SheetsmithError):
    """A file that cannot or may not be written: outside the output folder, someone else's,
    or refused by the file system (read-only, full, not a folder)."""
