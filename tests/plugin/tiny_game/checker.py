"""The typed sheet (who played which cards, in order) and its one rule: no card twice."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any, NamedTuple

from sheetsmith.check.verdict import PlayerResult, Violation, winners
from sheetsmith.toml.node import Node
from tiny_game.model import TinyGame


class TinySheet(NamedTuple):
    file: str
    player: str
    played: tuple[str, ...]


def parse_sheet(root: Node, game: TinyGame, file: str) -> TinySheet:
    root.only("game", "player", "played")
    ids = tuple(c.id for c in game.cards)
    played = []
    for item in root["played"].list(()):
        card = item.str(choices=ids)
        if card is not None:
            played.append(card)
    player = (root["player"].str("") or "").strip() or Path(file).stem
    return TinySheet(file, player, tuple(played))


def check_table(
    game: TinyGame, sheets: Iterable[TinySheet]
) -> tuple[tuple[PlayerResult, ...], tuple[str, ...]]:
    results = []
    for sheet in sheets:
        seen: set[str] = set()
        violations = []
        for turn, card in enumerate(sheet.played, start=1):
            if card in seen:
                violations.append(
                    Violation("card-twice", f"played {turn}", f"{card} was already played")
                )
            seen.add(card)
        score = {"cards": len(seen), "total": len(seen)}
        results.append(PlayerResult(sheet.file, sheet.player, tuple(violations), score))
    players = tuple(results)
    return players, winners(tuple(p for p in players if p.valid))


def blank_sheet(game: TinyGame) -> str:
    return f'game = "{game.info.id}"\nplayer = ""\nplayed = []  # card ids, in the order played\n'


def sheet_schema(game: TinyGame) -> dict[str, Any]:
    ids = [c.id for c in game.cards]
    return {
        "required": ["game"],
        "properties": {
            "game": {"const": game.info.id},
            "player": {"type": "string"},
            "played": {"type": "array", "items": {"enum": ids}},
        },
        "additionalProperties": False,
    }
