"""Whose turn a logged turn is: the players' order, and what a turn out of it most likely was.

A turn typed under the wrong player is one of three mistakes, told apart by the turns after
it: a name mistyped (the next turn is the one that follows the expected player), two turns
typed in swapped order (the next turn is the expected player's, and the one after follows
on), or turns left out of the log (the order carries on from whoever did play). Each reading
is reported once, at the turn where it shows, and the replay carries on from it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from sheetsmith.games.planet.log import Turn
from sheetsmith.games.planet.state import _Game


class Seat(NamedTuple):
    """A logged turn as the replay plays it."""

    turn: Turn  # as logged: violations name it
    actor: str  # whose turn it was at the table
    slot: int  # its place in the order of play, counting turns left out of the log
    missing: tuple[str, ...] = ()  # whose turns were left out of the log just before it


def _named(names: Sequence[str]) -> str:
    turns = " and ".join(f"{n}'s" for n in names)
    return f"{turns} turn{'s' * (len(names) > 1)}"


def read_order(g: _Game, turns: Sequence[Turn], k: int) -> list[Seat]:
    """The seats of the log's turn `k`, and of `k + 1` when the two were typed swapped (in
    the order the table played them), each mistake reported once."""
    turn = turns[k]
    players = g.log.players  # `by_name` holds the same names: no list built for a turn
    if turn.player == players[g.slot % len(players)].name or turn.player not in g.by_name:
        return [Seat(turn, turn.player, g.slot)]  # nearly all
    order = [p.name for p in players]
    seat = [order[(g.slot + ahead) % len(order)] for ahead in range(3)]  # who plays, in turn
    typed = [t.player for t in turns[k + 1 : k + 3]]
    if typed[:1] == [seat[1]]:
        return _mistyped(g, turn, seat)
    if turn.player == seat[1] and typed[:1] == [seat[0]] and typed[1:] in ([], [seat[2]]):
        return _swapped(g, turn, turns[k + 1], seat)
    return _left_out(g, turn, order)


def _mistyped(g: _Game, turn: Turn, seat: list[str]) -> list[Seat]:
    """The next turn is the player after the expected one: the expected player played."""
    g.fail(
        "turn.order",
        turn,
        None,
        f"it is {seat[0]}'s turn, and {seat[1]}, who plays after {seat[0]}, plays turn "
        f"{turn.number + 1}: read as {seat[0]}'s turn with the name mistyped",
    )
    return [Seat(turn._replace(player=seat[0]), seat[0], g.slot)]


def _swapped(g: _Game, turn: Turn, later: Turn, seat: list[str]) -> list[Seat]:
    """Two turns typed in swapped order: two wrong turns, played in the table's order."""
    for one, who, other in ((turn, seat[0], later), (later, seat[1], turn)):
        g.fail(
            "turn.order",
            one,
            None,
            f"it is {who}'s turn: read as turns {turn.number} and {later.number} typed in "
            f"swapped order (turn {other.number} is {who}'s)",
        )
    return [Seat(later, seat[0], g.slot), Seat(turn, seat[1], g.slot + 1)]


def _left_out(g: _Game, turn: Turn, order: list[str]) -> list[Seat]:
    """Otherwise the turns between the expected player and who played were left out."""
    skipped = (order.index(turn.player) - g.slot) % len(order)
    missing = [order[(g.slot + n) % len(order)] for n in range(skipped)]
    g.fail(
        "turn.order",
        turn,
        None,
        f"it is {missing[0]}'s turn (players play in order): read as {_named(missing)} left "
        "out of the log",
    )
    return [Seat(turn, turn.player, g.slot + skipped, tuple(missing))]
