"""What players carry: collecting from their tile, taking and giving resources, counts."""

from __future__ import annotations

from sheetsmith.games.planet.log import Action, Turn
from sheetsmith.games.planet.phrases import is_count
from sheetsmith.games.planet.state import _Game, _Player


def _collect(g: _Game, player: _Player, times: int = 1) -> int:
    tile = g.tiles.get(player.at)
    if tile is None or tile.special:
        return 0
    season = g.season()
    # The cheap tests first: below the flood mark nothing floods, and before a Need is
    # picked up only the season kills a terrain.
    if g.pollution >= g.game.pollution.flood_at and g.flooded(player.at):
        return 0
    if tile.kind in season.dead or (g.needs_taken and g.dead(tile.kind, season)):
        return 0
    terrain = g.terrains[tile.kind]  # `g.game.terrain`, without its two calls
    amount = times * (2 if tile.kind in season.double else 1)
    room = g.game.rules.carry_limit - player.carried
    got = max(0, min(amount, room))
    player.held[terrain.resource] += got
    return got


def _take(g: _Game, turn: Turn, action: Action, player: _Player, resource: str, n: int) -> None:
    if player.carried + n > g.game.rules.carry_limit:
        g.fail(
            "carry.limit",
            turn,
            action,
            f"{player.name} holds {player.carried}; the limit is {g.game.rules.carry_limit}",
        )
        n = max(0, g.game.rules.carry_limit - player.carried)
    player.held[resource] += n


def _give(
    g: _Game,
    turn: Turn,
    action: Action,
    player: _Player,
    resource: str,
    n: int,
    rule: str = "resource.missing",
) -> bool:
    """Resources leaving a player: False (reported as `rule`, if any) if they held too few.
    The table evidently gave them, so the count goes down all the same, never below 0: later
    turns are judged from the table's holdings, not from a count that drifted."""
    held = player.held[resource]
    short = g.short(player, resource, "*", n - held) if held < n else 0
    if short and rule:
        g.fail(rule, turn, action, f"{player.name} holds {held} {resource}, not {n}")
    player.held[resource] = max(held - n, 0)
    return not short


def _count_arg(args: tuple[str, ...]) -> tuple[tuple[str, ...], int]:
    if args and is_count(args[-1]):
        return args[:-1], int(args[-1])
    return args, 1
