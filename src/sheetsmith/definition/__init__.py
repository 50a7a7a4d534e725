"""Game definitions: TOML in, a frozen typed model out, every problem reported at once."""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

from sheetsmith.errors import DefinitionError, Problem
from sheetsmith.games import registry
from sheetsmith.games.interface import resolve
from sheetsmith.toml.document import STDIN_NAME, TomlDocument, parse_toml_bytes, read_toml
from sheetsmith.toml.node import Context, suggest


def typed_file(game: str) -> str:
    """What a typed file (`game = "<id>"` at its top) is, in a player's words."""
    found = registry.find(game) if game.strip() else None
    if found is not None and found.typed_file:
        return found.typed_file
    return f"a typed sheet for {game}" if game.strip() else "a typed sheet"


def is_definition(data: object) -> bool:
    """Whether a parsed TOML document is a game definition ([game] with a ruleset), given
    where a typed sheet was asked for."""
    return (
        isinstance(data, dict) and isinstance(data.get("game"), dict) and "ruleset" in data["game"]
    )


def command(verb: str, name: str) -> str:
    """The command that takes the file `name`, quoted for a message and for a shell."""
    if name == STDIN_NAME:  # `check -`: render and site read files only
        return f'"sheetsmith {verb} FILE.toml", saved to a file'
    import shlex  # only a message about a misplaced file needs it

    return f'"sheetsmith {verb} {shlex.quote(name)}"'


def bundled_games() -> tuple[str, ...]:
    """The ids of every game sheetsmith has: bundled, then installed by other packages."""
    return tuple(registry.every())


def definition_path(game_id: str) -> Path:
    """The bundled `game.toml` of a game."""
    found = registry.find(game_id)
    if found is None:
        raise DefinitionError([Problem(f"no game called {game_id!r}")])
    return found.definition


def locate(name_or_path: str) -> Path:
    """The definition file for a game's id or a path to a user's TOML file."""
    found = registry.bundled().get(name_or_path)
    if found is not None:
        return found.definition
    path = Path(name_or_path)
    if path.suffix == ".toml" or path.exists():
        return path
    found = registry.installed().get(name_or_path)
    if found is not None:
        return found.definition
    games = bundled_games()
    raise DefinitionError(
        [
            Problem(
                f"no bundled game or definition file called {name_or_path!r}"
                f"{suggest(name_or_path, games)}; bundled games: {', '.join(games)}"
            )
        ]
    )


@functools.cache
def load(name_or_path: str) -> Any:
    """Load a game by id, or a definition file by path (cached per process)."""
    path = locate(name_or_path)
    return load_file(path, str(path) if path != Path(name_or_path) else name_or_path)


def load_file(path: Path, name: str | None = None) -> Any:
    return load_document(read_toml(path, name))


def load_bytes(raw: bytes, name: str = "game.toml") -> Any:
    """Load a definition from bytes (for tests and fuzzing)."""
    return load_document(parse_toml_bytes(raw, name))


def load_document(doc: TomlDocument | Problem) -> Any:
    if isinstance(doc, Problem):
        raise DefinitionError([doc])
    game = doc.data.get("game")
    if isinstance(game, str):  # `render me.toml`: a typed sheet, not a definition
        raise DefinitionError(
            [
                Problem(
                    f"this is {typed_file(game)}, not a game definition: "
                    f"check it with {command('check', doc.name)}",
                    file=doc.name,
                )
            ]
        )
    ctx = Context(doc)
    root = ctx.root()
    ruleset = root["game"]["ruleset"].str()
    game = registry.find(ruleset) if ruleset is not None else None
    if ruleset is not None and game is None:
        known = tuple(registry.every())
        root["game"]["ruleset"].fail(
            f"expected one of {', '.join(known)}, got {ruleset!r}{suggest(ruleset, known)}"
        )
    if game is None:
        raise DefinitionError(ctx.problems)
    model = resolve(game.model)(root)
    if ctx.problems:
        raise DefinitionError(ctx.problems)
    return model
