"""Check typed sheets: read every file, refuse unreadable ones all at once, then score.

This is the `check` path: it must stay light (no reportlab, no jinja2) because a player
runs it once per sheet and waits for it.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from sheetsmith import definition
from sheetsmith.check.verdict import CheckReport
from sheetsmith.errors import DefinitionError, Problem, SheetError
from sheetsmith.games import registry
from sheetsmith.games.interface import resolve
from sheetsmith.toml.document import (
    MAX_BYTES,
    STDIN_NAME,
    TomlDocument,
    parse_toml_bytes,
    read_toml,
)
from sheetsmith.toml.lenient import pick
from sheetsmith.toml.node import Context, suggest


def checkable_games() -> tuple[str, ...]:
    """The ids of the games whose typed sheets can be checked, bundled first."""
    return tuple(g for g, package in registry.every().items() if package.checker)


def _checkable(typed: str) -> str | None:
    """The id of the checkable game `typed` names, in any unambiguous spelling (its title in
    another case too); the installed games are looked at only if no bundled one matches."""
    for where in (registry.bundled, registry.every):
        games = where()
        name = pick(typed, tuple(g for g, package in games.items() if package.checker))
        if name is not None:
            return name
    return None


def _checker(ruleset: str) -> Any:
    package = registry.find(ruleset)
    assert package is not None and package.checker is not None
    return _module(package.checker)


@functools.cache
def _module(reference: str) -> Any:
    # A checker module, imported once: looked up again for each sheet, and for its table.
    return resolve(reference)


def _read(doc: TomlDocument) -> tuple[Any, Any, list[Problem]]:
    """(game, sheet, problems) for one parsed document."""
    ctx = Context(doc)
    root = ctx.root()
    if not isinstance(doc.data, dict):  # pragma: no cover - tomllib always gives a table
        return None, None, [doc.problem((), "expected a TOML table")]
    if not doc.data:
        what = "holds no keys" if doc.text.strip() else "is empty"
        hint = "`sheetsmith new-sheet GAME` prints a blank to fill in"
        return None, None, [doc.problem((), f"the file {what}; {hint}")]
    if definition.is_definition(doc.data):
        render = definition.command("render", doc.name)  # `check my-variant.toml`
        why = f"this is a game definition, not a typed sheet: render it with {render}"
        return None, None, [Problem(why, file=doc.name)]
    name = root["game"].str()
    if name is None:
        return None, None, ctx.problems
    found = _checkable(name)
    if found is None:
        games = checkable_games()
        ctx.fail(
            ("game",),
            f"unknown game {name!r}{suggest(name, games)}; "
            f"sheets can be checked for: {', '.join(games)}",
        )
        return None, None, ctx.problems
    game = definition.load(found)
    sheet = _checker(game.info.ruleset).parse_sheet(root, game, doc.name)
    return game, sheet, ctx.problems


def _same_file(a: str, b: str) -> bool:
    if a == b:
        return True
    try:
        return Path(a).resolve(strict=True) == Path(b).resolve(strict=True)
    except OSError:  # a name that is not a file here (standard input, a test's bytes)
        return False


def _copies(docs: Sequence[TomlDocument | Problem]) -> tuple[dict[int, Problem], list[str]]:
    """(a problem for each sheet, by index, whose file was already given: scored again it
    would be one more player, "Shared victory: Ann, Ann"; a note for each other file that
    repeats an earlier one byte for byte). Two files are two sheets, even alike: two blank
    sheets are two players named after their files, so they are scored, and the note asks
    the player to make sure one is not a slip."""
    first: dict[str, str] = {}  # text -> the name of the first sheet holding it
    copies: dict[int, Problem] = {}
    notes: list[str] = []
    for index, doc in enumerate(docs):
        if isinstance(doc, Problem):
            continue
        if doc.text not in first:
            first[doc.text] = doc.name
            continue
        other = first[doc.text]
        if _same_file(other, doc.name):
            copies[index] = Problem("is given twice (each file is checked once)", file=doc.name)
        else:
            notes.append(f"{doc.name} has the same content as {other}: scored as another sheet")
    return copies, notes


def check_documents(docs: Sequence[TomlDocument | Problem]) -> CheckReport:
    """Score parsed sheets as one table, or raise `SheetError` with every problem."""
    copies, notes = _copies(docs)
    problems: list[Problem] = []
    read = []
    for index, doc in enumerate(docs):
        if index in copies:  # reported once, not read (its problems would repeat too)
            problems.append(copies[index])
            continue
        if isinstance(doc, Problem):
            problems.append(doc)
            continue
        game, sheet, found = _read(doc)
        problems += found
        if game is not None and not found:
            read.append((doc, game, sheet))
    ids = {game.info.id for _, game, _ in read}
    if len(ids) > 1:
        for doc, game, _ in read:
            problems.append(
                doc.problem(
                    ("game",),
                    f"is {game.info.id!r}, but the files checked together must be of one game",
                )
            )
    if problems:
        raise SheetError(problems)
    if not read:
        raise SheetError([Problem("no sheets to check")])
    game = read[0][1]
    players, winners = _checker(game.info.ruleset).check_table(game, [s for *_, s in read])
    return CheckReport(game.info.id, game.info.title, players, winners, tuple(notes))


STDIN = "-"  # `check -` reads one sheet from standard input


def _read_stdin() -> TomlDocument | Problem:
    import sys

    if sys.stdin is None:  # started with its input closed ("<&-")
        return Problem(
            "closed: give the sheet's file name, or pipe the sheet in",
            file=STDIN_NAME,
        )
    raw = sys.stdin.buffer.read(MAX_BYTES + 1)
    return parse_toml_bytes(raw, STDIN_NAME)


def check_files(paths: Sequence[str]) -> CheckReport:
    """Check the sheets at `paths` (named in messages exactly as given; `-` is standard
    input) as one table."""
    if list(paths).count(STDIN) > 1:
        raise SheetError([Problem("standard input (-) can be read only once")])
    try:
        return check_documents(
            [_read_stdin() if p == STDIN else read_toml(Path(p), p) for p in paths]
        )
    except DefinitionError as exc:  # a broken bundled definition is still not a traceback
        raise SheetError(exc.problems) from exc


def check_text(text: bytes, name: str = "sheet.toml") -> CheckReport:
    """Check one sheet given as bytes (for tests, fuzzing and benchmarks)."""
    return check_documents([parse_toml_bytes(text, name)])


def blank_sheet(name: str) -> str:
    """A blank typed sheet, with comments, for a bundled game."""
    games = checkable_games()
    if name not in games:
        raise SheetError(
            [
                Problem(
                    f"no typed sheet for {name!r}{suggest(name, games)}; "
                    f"sheets exist for: {', '.join(games)}"
                )
            ]
        )
    game = definition.load(name)
    package = registry.find(game.info.ruleset)
    assert package is not None and package.blank_sheet is not None
    return resolve(package.blank_sheet)(game)
