"""The definition read into a frozen model."""

from __future__ import annotations

from typing import NamedTuple

from sheetsmith.definition.common import Component, GameInfo, parse_components, parse_info
from sheetsmith.toml.node import Node


class Card(NamedTuple):
    id: str
    text: str


class TinyGame(NamedTuple):
    info: GameInfo
    components: tuple[Component, ...]
    cards: tuple[Card, ...]


def parse(root: Node) -> TinyGame:
    root.only("game", "components", "cards")
    cards = tuple(
        Card(item["id"].str() or "?", item["text"].str() or "") for item in root["cards"].list()
    )
    return TinyGame(
        parse_info(root["game"]), parse_components(root["components"], ("cards",)), cards
    )
