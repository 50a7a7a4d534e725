"""A JSON Schema (draft 2020-12) for each game's typed sheet, for editor hints.

Editors that read a `#:schema ./FILE` line in a TOML file (Taplo, Even Better TOML) then
complete keys and ids, show what each one is, and flag a wrong type as it is typed. The
schema is generated from the game definition, as the parsers take their ids, box counts,
days and codes from it, and it is as lenient as they are (`sheetsmith.rules.lenient`): a
name in any case, an integer typed as digits. It is a help, not the check: what only the
game can say (an id typed twice, a log entry's keys that belong to another action, a value
past its range when typed as a string) is left to `sheetsmith check`.
"""

from __future__ import annotations

from typing import Any

from sheetsmith.rules import lenient

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
    build = {
        "my-corner-of-the-sky": _sky,
        "personal-space": _space,
        "planet-78": _planet,
    }.get(game.info.ruleset)
    if build is None:
        raise ValueError(f"no typed sheet for the ruleset {game.info.ruleset!r}")
    body = build(game)
    return {
        "$schema": DRAFT,
        "title": f"{game.info.title}: a typed sheet for sheetsmith check",
        "type": "object",
        **body,
    }


# Building blocks ------------------------------------------------------------------------


def _choice(choices: tuple[str, ...], description: str, *, plurals: bool = True) -> dict:
    """A string naming one of `choices`, in any case (the enum is there for completion)."""
    return {
        "type": "string",
        "description": description,
        "anyOf": [
            {"enum": list(choices)},
            {"pattern": lenient.pattern(choices, plurals=plurals)},
        ],
    }


def _integer(low: int, high: int, description: str) -> dict:
    """An integer in low..high, or one typed as a string of digits."""
    return {
        "description": description,
        "anyOf": [
            {"type": "integer", "minimum": low, "maximum": high},
            {"type": "string", "pattern": DIGITS},
        ],
    }


def _keyed(entries: dict[str, dict]) -> dict:
    """A table keyed by ids: completion for the ids as spelled, any spelling accepted."""
    return {
        "type": "object",
        "properties": entries,
        "patternProperties": {lenient.pattern((key,)): value for key, value in entries.items()},
        "additionalProperties": False,
    }


def _game(game: Any) -> dict:
    # the id or the title in any case, as `check` reads it; the id alone for completion
    return _choice((game.info.id,), f"The game: {game.info.title}.", plurals=False)


def _rows(row: str, count: int, blank: str) -> str:
    """A multi-line string of exactly `count` rows, blank lines anywhere."""
    between = rf"\n(?:{blank}\n)*"
    return rf"^(?:{blank}\n)*{row}(?:{between}{row}){{{count - 1}}}(?:\n{blank})*$"


# My Corner of the Sky ---------------------------------------------------------------------


def _sky_boxes(count: int) -> str:
    return rf"^ *(?:[xX.] *){{{count}}}$"


def _sky(game: Any) -> dict:
    size = game.star_map.size
    star_row = rf"[ \r]*(?:[xX.][ \r]*){{{size}}}"
    empty = " ".join("." * size)

    def upgrade(u: Any) -> dict:
        printed = " ".join(str(b) for b in u.cost)
        if u.start:
            return {
                "const": "",
                "description": f"{u.name} is held from the start: nothing to type.",
            }
        return {
            "type": "string",
            "pattern": _sky_boxes(len(u.cost)),
            "description": f"{u.name}: {printed}. Its {len(u.cost)} boxes left to right "
            "as printed: x filled, . empty. Acquired when all are filled.",
            "examples": [" ".join("." * len(u.cost)), " ".join("x" * len(u.cost))],
        }

    def article(a: Any) -> dict:
        printed = " ".join(str(b) for b in a.cost)
        point = lenient.group(("point",))
        return {
            "type": "object",
            "description": f"Week {a.week}'s article: cost {printed}, reward {a.reward}.",
            "properties": {
                "cost": {
                    "type": "string",
                    "pattern": _sky_boxes(len(a.cost)),
                    "description": f"Its {len(a.cost)} cost boxes ({printed}) left to right: "
                    "x filled, . empty.",
                    "examples": [" ".join("." * len(a.cost))],
                },
                "reward": {
                    "description": f'The reward circled: the number ({a.reward}), "point" '
                    'for a circled point, or "" for none.',
                    "anyOf": [
                        {"type": "integer", "minimum": 0},
                        {"type": "string", "pattern": rf"^\s*(?:[0-9]{{1,4}}|{point})?\s*$"},
                    ],
                    "examples": [str(a.reward), "point", ""],
                },
            },
            "additionalProperties": False,
        }

    day_boxes = " ".join(str(b) for b in game.schedule.boxes)
    count = len(game.schedule.boxes)
    return {
        "required": ["game"],
        "additionalProperties": False,
        "properties": {
            "game": _game(game),
            "player": {
                "type": "string",
                "description": "Your name; left empty, the file name is used.",
            },
            "star_map": {
                "type": "string",
                "description": f"The star map as printed: {size} rows of {size} points, top "
                "row first, left to right. x = filled point, . = empty; spaces between points "
                "are optional, blank lines ignored.",
                "pattern": _rows(star_row, size, r"[ \r]*"),
                "examples": ["\n" + "\n".join([empty] * size) + "\n"],
            },
            "abilities": {
                "description": "Each ability's cost boxes.",
                **_keyed({u.id: upgrade(u) for u in game.abilities}),
            },
            "supporters": {
                "description": "Each supporter's cost boxes.",
                **_keyed({u.id: upgrade(u) for u in game.supporters}),
            },
            "articles": {
                "description": "Each week's article: its cost boxes and the reward circled.",
                **_keyed({a.id: article(a) for a in game.articles}),
            },
            "schedule": {
                "description": f"Each day's boxes ({day_boxes}); the triangles are not typed.",
                **_keyed(
                    {
                        day: {
                            "type": "string",
                            "pattern": _sky_boxes(count),
                            "description": f"{day.title()}: {day_boxes}, x filled, . empty.",
                            "examples": [" ".join("." * count)],
                        }
                        for day in game.schedule.days
                    }
                ),
            },
        },
    }


# Personal Space ---------------------------------------------------------------------------


def _space(game: Any) -> dict:
    from sheetsmith.rules.space_sheet import ANSWERS, code_table, places_of

    sheet = game.sheet
    size = sheet.grid
    names = {a.id: a.name for a in game.actions}
    codes = code_table(game)
    legend = ", ".join(f"{code} {names[action]}" for code, action in codes.items())
    move = game.action("move").code
    neighbors = tuple(n.id for n in game.neighbors)
    places = places_of(game)
    mark = r"[A-Za-z]+[0-9]+_?"
    square = rf"(?:[.-]|{mark}(?:/{mark})*)"
    space = r"[^\S\n]"

    def trackers(with_place: bool) -> dict:
        properties: dict[str, Any] = {
            t.name.lower(): _integer(t.min, t.max, f"{t.name}, as circled ({t.min}..{t.max}).")
            for t in (sheet.speed, sheet.energy, sheet.mood)
        }
        properties["money"] = _integer(0, 9_999, "Money ($).")
        if with_place:
            properties["at"] = _choice(
                places,
                'Where the day starts: a place, a neighbor\'s house, or "" anywhere else.',
            )
        return {
            "type": "object",
            "required": ["speed", "energy", "mood", "money"],
            "additionalProperties": False,
            "properties": properties,
        }

    dice = _integer(1, size, f"A die, 1..{size}.")
    offset = _integer(-99, 99, "Spaces right (dx) or up (dy) from the neighbor's house.")
    entry = {
        "type": "object",
        "required": ["code"],
        "additionalProperties": False,
        "properties": {
            "code": _choice(
                tuple(codes),
                f"The letter code written in the log: {legend}.",
                plurals=False,
            ),
            "path": {
                "type": "string",
                "pattern": r"^[\s,]*(?:[UDLRudlr][\s,]*)+$",
                "description": f"{move} only: the steps on the map, U D L R (up, down, left, "
                'right), e.g. "R R U".',
            },
            "to": _choice(
                places, f'{move} only: where it ends (a place, a neighbor\'s house, "" elsewhere).'
            ),
            "run": _integer(0, 99, f"{move} only: extra spaces run (1 Speed each)."),
            "explore": {
                "type": "array",
                "description": f"{move} only: the Explore rolls, [[column, row], ...].",
                "items": {"type": "array", "minItems": 2, "maxItems": 2, "items": dice},
            },
            "emerge": {
                "type": "object",
                "description": f"{move} only: the move stopped in a neighbor's range.",
                "required": ["neighbor", "space", "roll"],
                "additionalProperties": False,
                "properties": {
                    "neighbor": _choice(neighbors, "The neighbor whose range it is."),
                    "space": {
                        "type": "array",
                        "description": "The space stopped on, [dx, dy] from their house.",
                        "minItems": 2,
                        "maxItems": 2,
                        "items": offset,
                    },
                    "roll": _integer(1, 6, "The die rolled."),
                },
            },
            "neighbor": _choice(neighbors, "Neighbor or Trade: who you talk or trade with."),
            "answer": _choice(ANSWERS, 'Neighbor only: "friends" or "not-friends".'),
            "distance": _integer(0, 99, "Internet only: spaces from the tower (0 on it)."),
            "money": _integer(-99, 99, "Money spent (-2) or earned (6)."),
            "speed": _integer(-99, 99, "A change from an item or event (+1, -1)."),
            "energy": _integer(-99, 99, "A change from an item or event (+1, -1)."),
            "mood": _integer(-99, 99, "A change from an item or event (+1, -1)."),
            "note": {"type": "string", "description": "Free text."},
        },
    }
    return {
        "required": ["game", "day", "start", "end", "grid"],
        "additionalProperties": False,
        "properties": {
            "game": _game(game),
            "player": {
                "type": "string",
                "description": "Your name; left empty, the file name is used.",
            },
            "day": _choice(sheet.days, "The day circled."),
            "job": _choice(
                ("", *(j.id for j in game.jobs)),
                'The job on your postcard; "" for none.',
            ),
            "exercised_yesterday": {
                "type": "boolean",
                "description": "true if yesterday's sheet has an Exercise (+1 move).",
            },
            "start": {
                "description": "The trackers circled at the start of the day, money, and where "
                "it starts.",
                **trackers(True),
            },
            "end": {
                "description": "The trackers circled at the end of the day, and money.",
                **trackers(False),
            },
            "pockets": {
                "type": "array",
                "description": f"What your {sheet.pockets} pockets hold at the end.",
                "items": {"type": "string"},
            },
            "grid": {
                "type": "string",
                "description": f"The {size}x{size} grid, top row first: each square its letter "
                f"code and log entry number (M1, W3), . if empty; {move}3_ is underlined "
                "(TRAIN); two codes in one square: M1/W2.",
                "pattern": _rows(
                    rf"{space}*{square}(?:{space}+{square}){{{size - 1}}}{space}*",
                    size,
                    rf"{space}*",
                ),
            },
            "log": {
                "type": "array",
                "description": "One [[log]] per log entry, in order: entry 1 first.",
                "items": entry,
            },
        },
    }


# Planet 78 ----------------------------------------------------------------------------------


def _planet(game: Any) -> dict:
    from sheetsmith.rules.planet_log import MAX_SEED, VERBS

    roles = tuple(r.id for r in game.roles)
    cards = tuple(c.id for c in game.cards)
    variance = {
        key: _integer(
            getattr(game.variance, key).min,
            getattr(game.variance, key).max,
            f"{key.replace('_', ' ').capitalize()}, if changed "
            f"({getattr(game.variance, key).min}..{getattr(game.variance, key).max}).",
        )
        for key in ("pollution", "season_length", "lives", "piles")
    }
    actions = "; ".join(f"{verb}: {what}" for verb, what in VERBS.items())
    return {
        "required": ["game", "seed", "players"],
        "additionalProperties": False,
        "properties": {
            "game": _game(game),
            "table": {
                "type": "string",
                "description": "A name for this game; left empty, the file name is used.",
            },
            "seed": _integer(
                0,
                MAX_SEED,
                "The seed the land was dealt with (sheetsmith render planet-78 --seed N).",
            ),
            "variance": {
                "type": "object",
                "description": "The difficulty, if changed; a key left out keeps the default.",
                "additionalProperties": False,
                "properties": variance,
            },
            "players": {
                "type": "array",
                "description": "The players in turn order; player 1 starts on spawn 1.",
                "minItems": 1,
                "maxItems": len(game.land.spawns),
                "items": {
                    "type": "object",
                    "required": ["name", "role"],
                    "additionalProperties": False,
                    "properties": {
                        "name": {
                            "type": "string",
                            "pattern": r"^\s*\S+\s*$",
                            "description": "One word: actions name players (trade Ben wood 2).",
                        },
                        "role": _choice(roles, "The role card (each role once)."),
                    },
                },
            },
            "turns": {
                "type": "array",
                "description": "Every turn in order.",
                "items": {
                    "type": "object",
                    "required": ["player"],
                    "additionalProperties": False,
                    "properties": {
                        "player": {"type": "string", "description": "Whose turn it is."},
                        "draw": {
                            "type": "array",
                            "description": "The cards drawn at the turn's start.",
                            "items": _choice(cards, "A card id."),
                        },
                        "do": {
                            "type": "array",
                            "description": "The turn's actions, one short phrase each.",
                            "items": {
                                "type": "string",
                                "maxLength": 80,
                                "pattern": rf"^\s*{lenient.group(tuple(VERBS))}(?:\s+\S+)*\s*$",
                                "description": f"An action: {actions}.",
                            },
                        },
                    },
                },
            },
        },
    }
