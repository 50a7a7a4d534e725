"""The replay of a whole log, turn by turn, from the land its seed dealt."""

from __future__ import annotations

from sheetsmith.games.planet.foresight import foresee
from sheetsmith.games.planet.log import GameLog
from sheetsmith.games.planet.model import PlanetGame
from sheetsmith.games.planet.seats import _close_turn, _open_turn, _won, play_on
from sheetsmith.games.planet.state import _Game

__all__ = ["_close_turn", "_open_turn", "_won", "replay"]


def replay(game: PlanetGame, log: GameLog) -> _Game:
    g = _Game(game, log)
    g.foresee = foresee  # doubtful moves are tried on copies of the game
    play_on(g, 0, len(log.turns))
    return g
