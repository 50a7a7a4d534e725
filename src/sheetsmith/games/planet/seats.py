"""Opening and closing a turn of the replay: the season clock, turns left out, the win."""

from __future__ import annotations

from collections.abc import Iterable

from sheetsmith.games.planet.log import Turn
from sheetsmith.games.planet.order import Seat, read_order
from sheetsmith.games.planet.state import _Game, _Player
from sheetsmith.games.planet.turn import _dead_turn, _play_turn, _start_turn


def _won(g: _Game) -> bool:
    return (
        len(g.needs_taken) == len(g.game.needs)
        and all(g.piles[r] >= g.settings.piles for r in g.game.resources)
        and all(p.alive and p.at == g.game.land.center for p in g.players)
    )


def _advance(g: _Game, slot: int) -> None:
    """The season clock: a round passes each time the order comes back to its first player,
    whether or not that turn was typed."""
    while g.round < slot // len(g.players):
        g.round += 1
        if g.hold:
            g.hold -= 1
        else:
            g.clock += 1


def _leave_out(g: _Game, names: Iterable[str]) -> None:
    """Turns the table played and the log left out. A dead player's still count towards
    their coming back. What a living player did in it is unknown: where they went, and what
    they collected, spent or bought; what they held becomes what they may hold unseen, so a
    later shortfall it covers is the table's count, not a mistake."""
    for name in names:
        player = g.by_name[name]
        if not player.alive:
            _dead_turn(g, player)
            continue
        # What waits for a player's next turn was spent on the one left out.
        player.next_points, player.skip_collect, player.discard = 0, False, 0
        player.lost = True
        player.unseen.update(player.held)
        player.unseen.update({f"card:{c}": n for c, n in player.hand.items()})
        player.unseen.update({"*": 2, "card:*": 1})  # 2: the most a tile gives (spring farms)
        player.held.clear()
        player.hand.clear()


def _open_seat(g: _Game, seat: Seat) -> _Player | None:
    return _open(g, seat.turn, seat.actor, seat.slot, seat.missing)


def _open(
    g: _Game, turn: Turn, actor: str, slot: int, missing: tuple[str, ...] = ()
) -> _Player | None:
    """Open the seat of `turn` (played by `actor` in the order's `slot`, after the turns of
    `missing` left out); the player whose turn it is, if known."""
    if missing:
        _leave_out(g, missing)
    if g.round < slot // len(g.players):  # a round has passed
        _advance(g, slot)
    g.slot = slot + 1
    g.cursor = (turn.number - 1, 0)
    return g.by_name.get(actor)


def _open_turn(g: _Game, turn: Turn) -> _Player | None:
    """Open a turn with nothing logged after it (a table playing as it goes); the player
    whose turn it is, if known."""
    (seat,) = read_order(g, [turn], 0)
    return _open_seat(g, seat)


def _close_turn(g: _Game, turn: Turn) -> None:
    # all Needs picked up is the cheapest part of the win to test, and false nearly always
    if g.result == "unfinished" and len(g.needs_taken) == len(g.game.needs) and _won(g):
        g.result, g.why = "won", f"everyone took off at turn {turn.number}"


def _play_seat(g: _Game, turn: Turn, actor: str, slot: int, missing: tuple[str, ...] = ()) -> None:
    player = _open(g, turn, actor, slot, missing)
    if player is not None:
        _start_turn(g, turn, player, bool(missing))
        _play_turn(g, turn, player)
        if len(g.needs_taken) == len(g.game.needs):  # `_close_turn`'s first test
            _close_turn(g, turn)


def play_on(g: _Game, k: int, stop: int) -> None:
    """Replay the log's turns from `k` (0-based) up to `stop`; a turn logged after the game
    ended is reported, once, and ends the replay."""
    turns, players = g.log.turns, g.log.players
    stop = min(stop, len(turns))
    while k < stop:
        turn = turns[k]
        if g.result != "unfinished":  # the turn is only reported
            g.fail("game.over", turn, None, f"the game was already {g.result}: {g.why}")
            return
        if turn.player == players[g.slot % len(players)].name or turn.player not in g.by_name:
            _play_seat(g, turn, turn.player, g.slot)  # `read_order`'s usual answer, without
            k += 1  # its seat: nearly every turn is played in order
            continue
        seats = read_order(g, turns, k)
        for seat in seats:
            if g.result != "unfinished":
                g.fail("game.over", seat.turn, None, f"the game was already {g.result}: {g.why}")
                return
            _play_seat(g, seat.turn, seat.actor, seat.slot, seat.missing)
        k += len(seats)
