"""Planet 78: a co-operative tile game. Tiles, meters, decks, a setup sheet dealt by a
seed; and the checker that replays a typed game log on the dealt land."""

from pathlib import Path

from sheetsmith.games.interface import GamePackage

_HERE = "sheetsmith.games.planet"

GAME = GamePackage(
    id="planet-78",
    definition=Path(__file__).parent / "game.toml",
    model=f"{_HERE}.definition:parse",
    components={
        "tiles": f"{_HERE}.tiles:render_tiles",
        "special-tiles": f"{_HERE}.tiles:render_special_tiles",
        "meters": f"{_HERE}.sheets:render_meters",
        "player-aid": f"{_HERE}.cards:render_player_aid",
        "action-cards": f"{_HERE}.cards:render_action_cards",
        "role-cards": f"{_HERE}.cards:render_role_cards",
        "setup": f"{_HERE}.sheets:render_setup",
        # last here, as it describes the files above; the combined PDF opens with it
        "guide": "sheetsmith.print.guide:render_guide",
    },
    option_users={
        "--seed": ("setup",),
        "--variance": ("setup",),
        "--back-offset": ("tiles", "action-cards", "role-cards"),
        "--ink": ("tiles", "special-tiles", "action-cards", "role-cards"),
        # the guide says how the decks are printed: two-sided, or one-sided and folded
        "--layout": ("guide", "tiles", "action-cards", "role-cards"),
        "--format": ("tiles", "special-tiles", "action-cards", "role-cards"),
    },
    checker=f"{_HERE}.checker",
    blank_sheet=f"{_HERE}.blank:blank_sheet",
    sheet_schema=f"{_HERE}.schema:sheet_schema",
    typed_file="a Planet 78 game log",
)
