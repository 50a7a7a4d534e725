"""Moving on the land and changing it: one step and what refuses it, the House Need's swaps."""

from __future__ import annotations

from sheetsmith.games.planet.log import Action, Turn
from sheetsmith.games.planet.model import Space, space_name
from sheetsmith.games.planet.state import _Game, _Player


def _step(
    g: _Game,
    turn: Turn,
    action: Action,
    player: _Player,
    target: Space,
    diagonal: bool,
    ignore_blocks: bool = False,
) -> bool:
    # A refused move is still where the log says the player went: the rest of the log is
    # checked from there, so one mistake is reported once, not in every later turn.
    ok = True
    dx, dy = abs(target[0] - player.at[0]), abs(target[1] - player.at[1])
    if target not in g.tiles:
        g.fail("move.blocked", turn, action, f"{space_name(target)} is off the land")
        return False  # the table cannot be there: the player stays put
    if (dx, dy) not in ((1, 0), (0, 1)) and not (diagonal and (dx, dy) == (1, 1)):
        how = "next to it, diagonals included" if diagonal else "up, down, left or right of it"
        g.fail(
            "move.adjacent",
            turn,
            action,
            f"{player.name} is on {space_name(player.at)}: a move goes one tile {how}",
        )
        ok = False
    elif not g.bridged(player.at, target):
        g.fail("move.blocked", turn, action, "the space center is reached over a bridge only")
        ok = False
    elif not ignore_blocks:
        season = g.game.seasons[g.season_index()].name
        if g.closed(player.at):
            g.fail(
                "move.blocked",
                turn,
                action,
                f"{season}: nobody on a city moves ({player.name} is on {space_name(player.at)})",
            )
            ok = False
        elif g.closed(target):
            g.fail("move.blocked", turn, action, f"{season}: cities cannot be entered")
            ok = False
        elif g.flooded(target):
            g.fail(
                "move.blocked",
                turn,
                action,
                f"{space_name(target)} is flooded (pollution {g.pollution}, next to water)",
            )
            ok = False
    player.at = target
    return ok


def _swap_spawn(
    g: _Game, turn: Turn, action: Action, player: _Player, number: int, space: Space | None
) -> None:
    """The House Need: the picker swaps their own spawn tile and one other player's, each with
    a resource tile, which takes the spawn tile's place."""
    tile = g.tiles.get(space) if space is not None else None
    own = number == player.number
    problem = ""
    if not player.house:
        problem = f"{player.name} did not pick up the House Need: only its picker swaps spawns"
    elif not 1 <= number <= len(g.players):
        owned = f"1 to {len(g.players)}" if len(g.players) > 1 else "1"
        problem = f"spawn {number} is nobody's: the players' spawns are {owned}"
    elif number in player.swapped:
        problem = f"spawn {number} was already swapped"
    elif not own and len(player.swapped - {player.number}) >= player.other_swaps:
        problem = (
            f"{player.name} swaps their own spawn ({player.number}) and "
            f"{player.other_swaps} other player's"
        )
    elif space is None or tile is None or tile.special:
        where = space_name(space) if space is not None else "that space"
        problem = f"a spawn swaps with a resource tile; {where} is not one"
    if problem:
        g.fail("spawn.house", turn, action, problem)
        return
    assert space is not None and tile is not None
    old = g.spawns[number]
    g.tiles[old], g.tiles[space] = tile, g.tiles[old]
    g.spawns[number] = space
    player.swapped.add(number)
