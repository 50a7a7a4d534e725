"""The one user-error base class, and the problems it carries.

Anything a user can get wrong (a definition, a typed sheet, an option) raises a
`SheetsmithError` holding every problem found, each located by file, key path and
line where one exists. The CLI prints them one per line and exits with status 2;
any other exception is a bug.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple


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
            where.append(self.key)
        return ": ".join([*where, self.message])


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
