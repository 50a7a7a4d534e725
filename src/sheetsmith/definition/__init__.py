"""Game definitions: TOML in, a frozen typed model out, every problem reported at once."""

from __future__ import annotations

import functools
import importlib
import shlex
from pathlib import Path
from typing import Any

from sheetsmith.definition.reader import Context, suggest
from sheetsmith.definition.tomlfile import TomlDocument, parse_toml_bytes, read_toml
from sheetsmith.errors import DefinitionError, Problem

GAMES_DIR = Path(__file__).resolve().parent.parent / "games"

# ruleset id -> module with `parse(root: Node) -> model`; imported only when used
RULESETS = {
    "my-corner-of-the-sky": "sheetsmith.definition.sky",
    "personal-space": "sheetsmith.definition.space",
    "planet-78": "sheetsmith.definition.planet",
}


# What a typed file of a game is, where it is not "a typed sheet for <game>".
TYPED_FILES = {"planet-78": "a Planet 78 game log"}


def typed_file(game: str) -> str:
    """What a typed file (`game = "<id>"` at its top) is, in a player's words."""
    return TYPED_FILES.get(game, f"a typed sheet for {game}" if game.strip() else "a typed sheet")


def command(verb: str, name: str) -> str:
    """The command that takes the file `name`, quoted for a message and for a shell."""
    if name == "standard input":  # `check -`: render and site read files only
        return f'"sheetsmith {verb} FILE.toml", saved to a file'
    return f'"sheetsmith {verb} {shlex.quote(name)}"'


@functools.cache
def bundled_games() -> tuple[str, ...]:
    return tuple(sorted(p.parent.name for p in GAMES_DIR.glob("*/game.toml")))


def locate(name_or_path: str) -> Path:
    """The definition file for a bundled game name or a path to a user's TOML file."""
    if name_or_path in bundled_games():
        return GAMES_DIR / name_or_path / "game.toml"
    path = Path(name_or_path)
    if path.suffix == ".toml" or path.exists():
        return path
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
    """Load a bundled game by name, or a definition file by path (cached per process)."""
    path = locate(name_or_path)
    return load_file(path, str(path) if path.is_relative_to(GAMES_DIR) else name_or_path)


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
    ruleset = root["game"]["ruleset"].str(choices=tuple(RULESETS))
    if ruleset is None:
        raise DefinitionError(ctx.problems)
    model = importlib.import_module(RULESETS[ruleset]).parse(root)
    if ctx.problems:
        raise DefinitionError(ctx.problems)
    return model
