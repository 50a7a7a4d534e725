"""Tiny Game: the smallest game a package can add to sheetsmith, and the worked example of
docs/architecture.md. One printed component (a deck of cards) and one rule (no card is
played twice). sheetsmith finds it through the `sheetsmith.games` entry point alone."""

from pathlib import Path

from sheetsmith.games.interface import GamePackage

GAME = GamePackage(
    id="tiny-game",
    definition=Path(__file__).parent / "game.toml",
    model="tiny_game.model:parse",
    components={"cards": "tiny_game.cards:render_cards"},
    checker="tiny_game.checker",
    blank_sheet="tiny_game.checker:blank_sheet",
    sheet_schema="tiny_game.checker:sheet_schema",
)
