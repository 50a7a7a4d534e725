"""The JSON Schema of Personal Space's typed sheet (see `sheetsmith.check.schema`)."""

from __future__ import annotations

from typing import Any

from sheetsmith.check import schema


def sheet_schema(game: Any) -> dict:
    from sheetsmith.games.space.model import PLACES as MAP_PLACES
    from sheetsmith.games.space.sheet import ANSWERS, code_table, places_of
    from sheetsmith.games.space.sheet_places import HOME_PLANET, fuels_of

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
    planets = tuple(p.id for p in game.planets)
    on_map = {  # a space of a map, as `sheet_places.spot_of` reads it
        "type": "string",
        "pattern": r"^\s*[A-Za-z]\s*[0-9]{1,2}\s*$",
    }
    map_places = tuple(dict.fromkeys((*places, *MAP_PLACES)))

    def trackers(with_place: bool) -> dict:
        properties: dict[str, Any] = {
            t.name.lower(): schema.integer(
                t.min, t.max, f"{t.name}, as circled ({t.min}..{t.max})."
            )
            for t in (sheet.speed, sheet.energy, sheet.mood)
        }
        properties["money"] = schema.integer(0, 9_999, "Money ($).")
        if with_place:
            properties["at"] = schema.choice(
                map_places,
                'Where the day starts: a place, a neighbor\'s house, or "" anywhere else.',
            )
            properties["space"] = {
                **on_map,
                "description": 'With a planet: the space the day starts on ("B2"); else where '
                "`at` stands.",
            }
        return {
            "type": "object",
            "required": ["speed", "energy", "mood", "money"],
            "additionalProperties": False,
            "properties": properties,
        }

    dice = schema.integer(1, size, f"A die, 1..{size}.")
    offset = schema.integer(-99, 99, "Spaces right (dx) or up (dy) from the neighbor's house.")
    entry = {
        "type": "object",
        "required": ["code"],
        "additionalProperties": False,
        "properties": {
            "code": schema.choice(
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
            "to": {
                "description": f'{move}: where it ends (a place, a neighbor\'s house, "" '
                'elsewhere; with a planet also a space, "D4").',
                "anyOf": [
                    schema.choice(map_places, "A place or a neighbor's house."),
                    {**on_map, "description": "A space of the map."},
                    schema.choice(
                        (HOME_PLANET, *(m.id for m in game.moons), *planets),
                        "RL: the side moon it flies to, or your planet (home planet) back.",
                    ),
                ],
            },
            "fuel": schema.choice(
                ("", *fuels_of(game)),
                "RL only, leaving your planet: the building resource (or fuel cell) spent.",
            ),
            "run": schema.integer(0, 99, f"{move} only: extra spaces run (1 Speed each)."),
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
                    "neighbor": schema.choice(neighbors, "The neighbor whose range it is."),
                    "space": {
                        "type": "array",
                        "description": "The space stopped on, [dx, dy] from their house.",
                        "minItems": 2,
                        "maxItems": 2,
                        "items": offset,
                    },
                    "roll": schema.integer(1, 6, "The die rolled."),
                },
            },
            "neighbor": schema.choice(neighbors, "Neighbor or Trade: who you talk or trade with."),
            "answer": schema.choice(ANSWERS, 'Neighbor only: "friends" or "not-friends".'),
            "distance": schema.integer(0, 99, "Internet only: spaces from the tower (0 on it)."),
            "money": schema.integer(-99, 99, "Money spent (-2) or earned (6)."),
            "speed": schema.integer(-99, 99, "A change from an item or event (+1, -1)."),
            "energy": schema.integer(-99, 99, "A change from an item or event (+1, -1)."),
            "mood": schema.integer(-99, 99, "A change from an item or event (+1, -1)."),
            "note": {"type": "string", "description": "Free text."},
        },
    }
    return {
        "required": ["game", "day", "start", "end", "grid"],
        "additionalProperties": False,
        "properties": {
            "game": schema.game(game),
            "player": {
                "type": "string",
                "description": "Your name; left empty, the file name is used.",
            },
            "planet": schema.choice(
                ("", *planets),
                'The map id of your planet: the day is checked on its map; "" without a map.',
            ),
            "day": schema.choice(sheet.days, "The day circled."),
            "job": schema.choice(
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
                "pattern": schema.rows(
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
