"""`sheetsmith games`: what games there are and what each prints."""

from __future__ import annotations

from sheetsmith.cli.app import AsJson, Quietly, app
from sheetsmith.console import Quiet, echo, emit_json, fail
from sheetsmith.errors import SheetsmithError


@app.command()
def games(quiet: Quietly = False, as_json: AsJson = False) -> None:
    """List the bundled games and their printable components.

    [bold]Examples[/bold]

      sheetsmith games
      sheetsmith games --json
    """
    from sheetsmith import definition
    from sheetsmith.check import checkable_games

    Quiet.on = quiet
    found = []
    try:
        for name in definition.bundled_games():
            found.append((name, definition.load(name), name in checkable_games()))
    except SheetsmithError as exc:
        fail(exc)
    if as_json:
        emit_json(
            {
                "games": [
                    {
                        "game": name,
                        "title": game.info.title,
                        "players": game.info.players,
                        "check": checkable,
                        "components": [
                            {"name": c.name, "description": c.description} for c in game.components
                        ],
                    }
                    for name, game, checkable in found
                ]
            }
        )
        return
    from sheetsmith.texttable import table, terminal_width

    rows = [
        (
            name if i == 0 else "",
            game.info.players if i == 0 else "",
            ("yes" if checkable else "no") if i == 0 else "",
            component.name,
            component.description,
        )
        for name, game, checkable in found
        for i, component in enumerate(game.components)
    ]
    header = ("game", "players", "check", "component", "what it is")
    echo(table(header, rows, width=terminal_width()))
