"""Choosing between readings of a doubtful move that the next moves cannot tell apart.

Each reading is tried on a copy of the game: the rest of the turn and the next turns of the
log are replayed from it, and the reading the log bears out best (the fewest violations
after it, its own report counted) is taken. A mistyped coordinate that put the player on a
farm or a forest, or a move that was never made, shows in what they collect and deposit
later, where the moves alone look the same.
"""

from __future__ import annotations

import copy

from sheetsmith.games.planet.log import Action
from sheetsmith.games.planet.movement import _take_reading
from sheetsmith.games.planet.seats import _close_turn, play_on
from sheetsmith.games.planet.state import _Turn
from sheetsmith.games.planet.turn import _after, _end_turn, _play_actions
from sheetsmith.games.planet.whereabouts import Reading

# Rounds of the log replayed after the move: enough for what a player collects on a tile to
# reach the space center (a pile is 4), few enough to stay quick.
HORIZON = 8


def _tried(t: _Turn, action: Action, reading: Reading) -> int:
    """The violations the log shows from this move on, if it is read as `reading`."""
    g = t.g
    shared = {id(x): x for x in (g.game, g.log, g.dealt, g.ahead, g.ahead_at, g.near, g.terrains)}
    trial = copy.deepcopy(t, shared)
    trial.g.foresee = None  # a copy does not try copies of its own
    before = len(trial.g.out)
    trial.spent += _take_reading(trial, action, reading)
    _after(trial, action)
    _play_actions(trial, [a for a in t.turn.actions if a.index > action.index])
    _end_turn(trial)
    _close_turn(trial.g, t.turn)
    k = t.turn.number  # the log's next turn, 0-based
    play_on(trial.g, k, k + HORIZON * len(g.players))
    return len(trial.g.out) - before


def foresee(t: _Turn, action: Action, readings: list[Reading]) -> Reading:
    """The reading of `readings` (in the order ties are taken) the log bears out best."""
    best, fewest = readings[0], None
    for reading in readings:
        if t.g.tries <= 0:
            break
        t.g.tries -= 1
        found = _tried(t, action, reading)
        if fewest is None or found < fewest:
            best, fewest = reading, found
    return best
