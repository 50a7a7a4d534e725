"""The replay loop: a log's turns in order, the season clock, and the end of the game."""

from __future__ import annotations

from sheetsmith.games.planet.log import GameLog, Turn
from sheetsmith.games.planet.model import PlanetGame
from sheetsmith.games.planet.state import _Game, _Player
from sheetsmith.games.planet.turn import _play_turn, _start_turn


def _won(g: _Game) -> bool:
    return (
        len(g.needs_taken) == len(g.game.needs)
        and all(g.piles[r] >= g.settings.piles for r in g.game.resources)
        and all(p.alive and p.at == g.game.land.center for p in g.players)
    )


def _open_turn(g: _Game, index: int, turn: Turn) -> _Player | None:
    """The turn order and the season clock; the player whose turn it is, if known."""
    order = [p.name for p in g.log.players]
    expected = order[g.next_seat % len(order)]
    if turn.player != expected:
        g.fail("turn.order", turn, None, f"it is {expected}'s turn (players play in order)")
    # The order goes on from whoever did play, so two swapped turns are one mistake.
    seat = order.index(turn.player) if turn.player in order else g.next_seat
    g.next_seat = seat + 1
    if index and index % len(order) == 0:
        g.round += 1
        if g.hold:
            g.hold -= 1
        else:
            g.clock += 1
    return g.by_name.get(turn.player)


def _close_turn(g: _Game, turn: Turn) -> None:
    if g.result == "unfinished" and _won(g):
        g.result, g.why = "won", f"everyone took off at turn {turn.number}"


def replay(game: PlanetGame, log: GameLog) -> _Game:
    g = _Game(game, log)
    for index, turn in enumerate(log.turns):
        if g.result != "unfinished":
            g.fail("game.over", turn, None, f"the game was already {g.result}: {g.why}")
            break
        player = _open_turn(g, index, turn)
        if player is None:
            continue
        _start_turn(g, turn, player)
        _play_turn(g, turn, player)
        _close_turn(g, turn)
    return g
