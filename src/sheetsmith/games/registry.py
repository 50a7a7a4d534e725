"""Every game sheetsmith knows: the bundled ones, then those installed by other packages
through the `sheetsmith.games` entry-point group.

Installed games are looked up only when a name is not a bundled game's: reading every
installed distribution's entry points costs more than a `check` of a bundled game's sheet.
"""

from __future__ import annotations

import functools

from sheetsmith.errors import DefinitionError, Problem
from sheetsmith.games.interface import GamePackage, resolve

BUNDLED = ("sheetsmith.games.sky", "sheetsmith.games.space", "sheetsmith.games.planet")
ENTRY_POINTS = "sheetsmith.games"


def _game_of(module: str, where: str) -> GamePackage:
    try:
        game = resolve(module).GAME
    except (ImportError, AttributeError) as exc:
        raise DefinitionError([Problem(f"{where}: cannot load its game: {exc}")]) from None
    if not isinstance(game, GamePackage):
        raise DefinitionError([Problem(f"{where}: GAME is not a sheetsmith GamePackage")])
    return game


@functools.cache
def bundled() -> dict[str, GamePackage]:
    games = (_game_of(module, module) for module in BUNDLED)
    return {game.id: game for game in games}


@functools.cache
def installed() -> dict[str, GamePackage]:
    """Games other packages provide (a bundled id is never taken over)."""
    from importlib.metadata import entry_points

    found: dict[str, GamePackage] = {}
    for point in entry_points(group=ENTRY_POINTS):
        game = _game_of(point.value, f"entry point {point.name} ({point.value})")
        if game.id not in bundled():
            found.setdefault(game.id, game)
    return found


def find(game_id: str) -> GamePackage | None:
    """The game with this id, bundled or installed; None if there is none."""
    return bundled().get(game_id) or installed().get(game_id)


def every() -> dict[str, GamePackage]:
    """Every game, bundled first, each group in the order of its ids."""
    return {**bundled(), **dict(sorted(installed().items()))}


def forget() -> None:
    """Look again for installed games (after one is installed in this process: tests)."""
    installed.cache_clear()
