"""Moving on the land and changing it: one step and what refuses it, the House Need's swaps."""

from __future__ import annotations

from sheetsmith.games.planet.log import Action, Turn
from sheetsmith.games.planet.model import Space, parse_space, space_name
from sheetsmith.games.planet.state import _Game, _Player, _Turn
from sheetsmith.games.planet.whereabouts import Reading, read_move


def _problem(
    g: _Game, player: _Player, target: Space, diagonal: bool, ignore_blocks: bool = False
) -> tuple[str, str] | None:
    """The rule a move of `player` to `target` breaks and why, or None."""
    dx, dy = abs(target[0] - player.at[0]), abs(target[1] - player.at[1])
    if target not in g.tiles:
        return "move.blocked", f"{space_name(target)} is off the land"
    if (dx, dy) not in ((1, 0), (0, 1)) and not (diagonal and (dx, dy) == (1, 1)):
        how = "next to it, diagonals included" if diagonal else "up, down, left or right of it"
        return (
            "move.adjacent",
            f"{player.name} is on {space_name(player.at)}: a move goes one tile {how}",
        )
    center = g.game.land.center
    if (center == player.at or center == target) and not g.bridged(player.at, target):
        return "move.blocked", "the space center is reached over a bridge only"
    if ignore_blocks:
        return None
    season = g.season()  # once for both ends of the step
    # most seasons close nothing; one who was reported entering a closed city may leave it
    if season.closed and g.closed(player.at, season) and player.snowed_in != player.at:
        where = f"{player.name} is on {space_name(player.at)}"
        return "move.blocked", f"{_season(g)}: nobody on a city moves ({where})"
    if season.closed and g.closed(target, season):
        return "move.blocked", f"{_season(g)}: {_CLOSED}"
    if g.pollution >= g.game.pollution.flood_at and g.flooded(target):  # none below the mark
        why = f"pollution {g.pollution}, next to water"
        return "move.blocked", f"{space_name(target)} is flooded ({why})"
    return None


def _refused(
    g: _Game, turn: Turn, action: Action, player: _Player, target: Space, problem: tuple[str, str]
) -> None:
    """Report a refused step. A city entered though winter closed it is left without a
    second report: staying there is the same mistake."""
    g.fail(problem[0], turn, action, problem[1])
    if problem[1].endswith(_CLOSED):
        player.snowed_in = target


_CLOSED = "cities cannot be entered"


def _season(g: _Game) -> str:
    return g.game.seasons[g.season_index()].name


def _step(
    g: _Game,
    turn: Turn,
    action: Action,
    player: _Player,
    target: Space,
    diagonal: bool,
    ignore_blocks: bool = False,
) -> bool:
    """One move as logged. A refused move still leaves the player where the log says they
    went, and they collect there as the table would have; off the land, they stay put."""
    problem = _problem(g, player, target, diagonal, ignore_blocks)
    if problem is not None:
        _refused(g, turn, action, player, target, problem)
    if target in g.tiles:
        player.at = target
    return problem is None


def _move(t: _Turn, action: Action) -> int:
    """A `move` action; its cost in action points."""
    g, player = t.g, t.player
    target = parse_space(action.args[0])
    assert target is not None  # the log's reader checked it
    if player.lost:  # a turn of theirs was left out: this move says where they are now
        player.lost = False
        player.at = target if target in g.tiles else player.at
        return _cost(t)
    readings = read_move(g, player, target, t.turn)
    if len(readings) > 1 and g.foresee is not None and g.tries > 0:
        return _take_reading(t, action, g.foresee(t, action, readings))
    return _take_reading(t, action, readings[0])


def _cost(t: _Turn) -> int:
    cost = 0 if t.free_move else t.g.game.costs.move
    t.free_move = False
    return cost


def _take_reading(t: _Turn, action: Action, reading: Reading) -> int:
    """Move the player as `reading` says, reporting it if it is not the move as typed."""
    g, player = t.g, t.player
    if reading.how == "logged":  # `_step` and `_cost`, inlined: most actions are moves
        target = reading.target
        problem = _problem(g, player, target, player.role.diagonal)
        if problem is not None:
            _refused(g, t.turn, action, player, target, problem)
        if target in g.tiles:
            player.at = target
        cost = 0 if t.free_move else g.game.costs.move
        t.free_move = False
        return cost
    rule, why = _misread(g, player, reading)
    t.fail(rule, action, why)
    player.at = reading.at
    return 0 if reading.how == "not made" else _cost(t)


def _misread(g: _Game, player: _Player, reading: Reading) -> tuple[str, str]:
    """The report of a move read otherwise than typed: the rule, and the reading taken."""
    here, target = space_name(player.at), reading.target
    if target == player.at and reading.how == "not made":
        return "move.adjacent", (
            f"{player.name} is already on {here}: read as a move typed twice (no point spent)"
        )
    then = reading.sign.text if reading.sign else "the next move"
    problem = _problem(g, player, target, player.role.diagonal, ignore_blocks=True)
    rule, why = problem or ("move.adjacent", f"{then} does not go on from {space_name(target)}")
    if reading.how == "not made":
        return rule, f"{why}: read as a move not made ({then} goes on from {here})"
    return rule, f"{why}: read as {space_name(reading.at)} mistyped ({then} goes on from there)"


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
