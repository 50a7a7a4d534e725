"""Personal Space: a journaling game on a 6x6 daily grid. Daily sheets, job postcards,
neighbor and location cards whose QR codes open the pages of its site, generator boards,
action cards, planet maps and side moons, treasures cards, the item list and lottery, how a
day goes; and the checker of a typed day."""

from pathlib import Path

from sheetsmith.games.interface import GamePackage

_HERE = "sheetsmith.games.space"

GAME = GamePackage(
    id="personal-space",
    definition=Path(__file__).parent / "game.toml",
    model=f"{_HERE}.definition:parse",
    components={
        "daily-sheet": f"{_HERE}.daily:render_daily_sheet",
        "jobs": f"{_HERE}.jobs:render_jobs",
        "neighbors": f"{_HERE}.neighbors:render_neighbors",
        "generators": f"{_HERE}.generators:render_generators",
        "actions": f"{_HERE}.actions:render_actions",
        "locations": f"{_HERE}.locations:render_locations",
        "maps": f"{_HERE}.maps:render_maps",
        "alignment": f"{_HERE}.alignment:render_alignment",
        "treasures": f"{_HERE}.treasures:render_treasures",
        "reference": f"{_HERE}.reference:render_reference",
        # last here, as it describes the files above; the combined PDF opens with it
        "guide": "sheetsmith.print.guide:render_guide",
    },
    option_users={
        "--copies": ("daily-sheet",),
        "--base-url": ("neighbors", "locations"),
        "--back-offset": ("jobs", "neighbors", "actions", "locations", "alignment"),
        "--ink": ("jobs", "neighbors", "actions", "locations"),
        # the guide says how the decks are printed: two-sided, or one-sided and folded
        "--layout": ("guide", "jobs", "neighbors", "actions", "locations"),
        "--format": ("jobs", "neighbors", "actions", "locations"),
    },
    checker=f"{_HERE}.checker",
    blank_sheet=f"{_HERE}.blank:blank_sheet",
    sheet_schema=f"{_HERE}.schema:sheet_schema",
    site=f"{_HERE}.site:pages",
    readable=f"{_HERE}.readable:readable",
    from_marks=f"{_HERE}.readable:from_marks",
    checks_from_photos=False,
)
