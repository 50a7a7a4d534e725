"""The JSON Schema of Planet 78's typed sheet (see `sheetsmith.check.schema`)."""

from __future__ import annotations

from typing import Any

from sheetsmith.check import schema
from sheetsmith.toml import lenient


def sheet_schema(game: Any) -> dict:
    from sheetsmith.games.planet.actions import VERBS
    from sheetsmith.games.planet.land import MAX_SEED

    roles = tuple(r.id for r in game.roles)
    cards = tuple(c.id for c in game.cards)
    variance = {
        key: schema.integer(
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
            "game": schema.game(game),
            "table": {
                "type": "string",
                "description": "A name for this game; left empty, the file name is used.",
            },
            "seed": schema.integer(
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
                        "role": schema.choice(roles, "The role card (each role once)."),
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
                            "items": schema.choice(cards, "A card id."),
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
