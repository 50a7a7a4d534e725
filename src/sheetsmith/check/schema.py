"""A JSON Schema (draft 2020-12) for each game's typed sheet, for editor hints.

Editors that read a `#:schema ./FILE` line in a TOML file (Taplo, Even Better TOML) then
complete keys and ids, show what each one is, and flag a wrong type as it is typed. The
schema is generated from the game definition, as the parsers take their ids, box counts,
days and codes from it, and it is as lenient as they are (`sheetsmith.toml.lenient`): a
name in any case, an integer typed as digits. It is a help, not the check: what only the
game can say (an id typed twice, a log entry's keys that belong to another action, a value
past its range when typed as a string) is left to `sheetsmith check`.
"""

from __future__ import annotations

from typing import Any

from sheetsmith.toml import lenient

DRAFT = "https://json-schema.org/draft/2020-12/schema"
DIGITS = r"^\s*[+-]?[0-9]{1,30}\s*$"  # lenient.as_int


def schema_file_name(game_id: str) -> str:
    """The file the schema is saved as, beside the sheet: `#:schema ./<this>`."""
    return f"{game_id}.schema.json"


def schema_directive(game_id: str) -> list[str]:
    """The first lines of a blank sheet: the editor directive and how to make it work."""
    name = schema_file_name(game_id)
    return [
        f"#:schema ./{name}",
        "# Editor hints (Taplo, Even Better TOML) work once the schema is saved beside this",
        f"# sheet: sheetsmith schema {game_id} > {name}",
    ]


def sheet_schema(game: Any) -> dict[str, Any]:
    """The JSON Schema of a game's typed sheet; `game` is a loaded definition or a game id."""
    if isinstance(game, str):
        from sheetsmith import definition

        game = definition.load(game)
    from sheetsmith.games import registry
    from sheetsmith.games.interface import resolve

    package = registry.find(game.info.ruleset)
    if package is None or package.sheet_schema is None:
        raise ValueError(f"no typed sheet for the ruleset {game.info.ruleset!r}")
    body = resolve(package.sheet_schema)(game)
    return {
        "$schema": DRAFT,
        "title": f"{game.info.title}: a typed sheet for sheetsmith check",
        "type": "object",
        **body,
    }


# Building blocks ------------------------------------------------------------------------


def choice(choices: tuple[str, ...], description: str, *, plurals: bool = True) -> dict:
    """A string naming one of `choices`, in any case (the enum is there for completion)."""
    return {
        "type": "string",
        "description": description,
        "anyOf": [
            {"enum": list(choices)},
            {"pattern": lenient.pattern(choices, plurals=plurals)},
        ],
    }


def integer(low: int, high: int, description: str) -> dict:
    """An integer in low..high, or one typed as a string of digits."""
    return {
        "description": description,
        "anyOf": [
            {"type": "integer", "minimum": low, "maximum": high},
            {"type": "string", "pattern": DIGITS},
        ],
    }


def keyed(entries: dict[str, dict]) -> dict:
    """A table keyed by ids: completion for the ids as spelled, any spelling accepted."""
    return {
        "type": "object",
        "properties": entries,
        "patternProperties": {lenient.pattern((key,)): value for key, value in entries.items()},
        "additionalProperties": False,
    }


def game(game: Any) -> dict:
    # the id or the title in any case, as `check` reads it; the id alone for completion
    return choice((game.info.id,), f"The game: {game.info.title}.", plurals=False)


def rows(row: str, count: int, blank: str) -> str:
    """A multi-line string of exactly `count` rows, blank lines anywhere."""
    between = rf"\n(?:{blank}\n)*"
    return rf"^(?:{blank}\n)*{row}(?:{between}{row}){{{count - 1}}}(?:\n{blank})*$"
