"""The JSON Schema of My Corner of the Sky's typed sheet (see `sheetsmith.check.schema`)."""

from __future__ import annotations

from typing import Any

from sheetsmith.check import schema
from sheetsmith.toml import lenient


def _sky_boxes(count: int) -> str:
    return rf"^ *(?:[xX.] *){{{count}}}$"


def sheet_schema(game: Any) -> dict:
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
                        {"type": "integer"},
                        {
                            "type": "string",
                            "pattern": rf"^\s*(?:[+-]?[0-9]{{1,4000}}|{point})?\s*$",
                        },
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
            "game": schema.game(game),
            "player": {
                "type": "string",
                "description": "Your name; left empty, the file name is used.",
            },
            "star_map": {
                "type": "string",
                "description": f"The star map as printed: {size} rows of {size} points, top "
                "row first, left to right. x = filled point, . = empty; spaces between points "
                "are optional, blank lines ignored.",
                "pattern": schema.rows(star_row, size, r"[ \r]*"),
                "examples": ["\n" + "\n".join([empty] * size) + "\n"],
            },
            "abilities": {
                "description": "Each ability's cost boxes.",
                **schema.keyed({u.id: upgrade(u) for u in game.abilities}),
            },
            "supporters": {
                "description": "Each supporter's cost boxes.",
                **schema.keyed({u.id: upgrade(u) for u in game.supporters}),
            },
            "articles": {
                "description": "Each week's article: its cost boxes and the reward circled.",
                **schema.keyed({a.id: article(a) for a in game.articles}),
            },
            "schedule": {
                "description": f"Each day's boxes ({day_boxes}); the triangles are not typed.",
                **schema.keyed(
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
