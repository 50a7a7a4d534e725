"""My Corner of the Sky: a roll-and-write on two game pages, and the checker of a finished
sheet (the contract: shared/spec/my-corner-of-the-sky-sheet.md)."""

from pathlib import Path

from sheetsmith.games.interface import GamePackage

GAME = GamePackage(
    id="my-corner-of-the-sky",
    definition=Path(__file__).parent / "game.toml",
    model="sheetsmith.games.sky.model:parse",
    components={
        "game-pages": "sheetsmith.games.sky.pages:render_game_pages",
        # last here, as it describes the files above; the combined PDF opens with it
        "guide": "sheetsmith.print.guide:render_guide",
    },
    option_users={"--filled": ("game-pages",)},
    checker="sheetsmith.games.sky.checker",
    blank_sheet="sheetsmith.games.sky.sheet:blank_sheet",
    sheet_schema="sheetsmith.games.sky.schema:sheet_schema",
    readable="sheetsmith.games.sky.readable:readable",
    from_marks="sheetsmith.games.sky.readable:from_marks",
)
