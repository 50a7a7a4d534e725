"""One player's turn: the cards drawn at its start, its action points, each action in order.

An action that breaks a rule is reported once and, where the table evidently did it, still
played as logged, so the rest of the log is judged from the table's game, not a drifted one.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from sheetsmith.check.per_game import per_game
from sheetsmith.games.planet.abilities import _ability
from sheetsmith.games.planet.carrying import _collect
from sheetsmith.games.planet.exchanges import _deposit, _discard, _take_free, _trade
from sheetsmith.games.planet.hand import _buy, _draw, _play
from sheetsmith.games.planet.land import NEED
from sheetsmith.games.planet.log import Action, Turn
from sheetsmith.games.planet.model import Card, PlanetGame, parse_space, space_name
from sheetsmith.games.planet.movement import _move, _swap_spawn
from sheetsmith.games.planet.seasons import _apply_drawn, _due_draws, _pick_need
from sheetsmith.games.planet.state import _Game, _Player, _Turn


def _start_turn(g: _Game, turn: Turn, player: _Player, gap: bool = False) -> None:
    """The draws the seasons call for, then collecting. After turns left out of the log
    (`gap`), draws that are missing may have been drawn in them."""
    # Nearly every turn draws nothing and starts no season: nothing to work out then.
    if turn.draws or max(g.clock, 0) // g.settings.season_length > g.seen_season:
        _draws_due(g, turn, gap)
    if player.lost and player.alive:  # they stand on an unknown tile: it gives unseen
        limit = g.game.rules.carry_limit
        player.unseen["*"] = min(player.unseen["*"] + 2, limit)  # 2: a farm in spring
    elif player.dead_turns is None and not player.skip_collect:  # alive
        _collect(g, player)
    player.skip_collect = False


def _draws_due(g: _Game, turn: Turn, gap: bool) -> None:
    """The cards drawn at a turn's start, against those the seasons call for."""
    due = _due_draws(g)
    decks = _decks(g.game)
    drawn = [decks[c] for c in turn.draws]
    # the rules give the draws no order: any order of the cards due is kept
    kinds = sorted(c.kind for c in drawn)
    if kinds == sorted(due):
        g.owed_draws = g.early_draws = None
    elif not (gap and not drawn) and not _off_by_a_turn(g, turn, due, kinds):
        shown = ", ".join(f"{c.name} ({c.kind})" for c in drawn) or "none"
        want = ", ".join(due) or "none"
        if due and not drawn:
            g.owed_draws = (len(g.out), due)
        elif drawn and not due:
            g.early_draws = (len(g.out), kinds)
        g.fail(
            "draws.due",
            turn,
            None,
            f"cards drawn: {shown}; this turn starts with the draws: {want} (a negative buff "
            f"per change of season, a disaster each year while pollution is above "
            f"{g.game.pollution.disaster_above})",
        )
    for card in drawn:
        if card.kind != "positive":  # a positive buff is never drawn: it does nothing here
            _apply_drawn(g, card, turn)


def _off_by_a_turn(g: _Game, turn: Turn, due: list[str], kinds: list[str]) -> bool:
    """Draws typed late (the turn they were due drew nothing) or early (they were drawn on
    a turn that owed none): the one slip is reported once, where it was made, saying where
    the draws were typed or due; this turn then reports nothing. True when that is so."""
    owed, early = g.owed_draws, g.early_draws
    g.owed_draws = g.early_draws = None
    here = f"turn {turn.number} ({turn.player})"
    if owed is not None and kinds and kinds == sorted(due + owed[1]):
        index, said = owed[0], f"drawn late, at {here}"
    elif early is not None and due and not kinds and sorted(due) == early[1]:
        index, said = early[0], f"they were due at {here}: drawn early"
    else:
        return False
    report = g.out[index]
    g.out[index] = report._replace(message=f"{report.message}; {said}")
    return True


@per_game
def _decks(game: PlanetGame) -> dict[str, Card]:
    """The cards by id: a turn's draws are looked up in them."""
    return {c.id: c for c in game.cards}


def _points(g: _Game, player: _Player) -> int:
    bonus = 0
    for need in g.game.needs if g.needs_taken else ():  # a bonus is a Need's, once taken
        taken = g.needs_taken.get(need.id)
        if need.actions and taken is not None and g.clock < taken + g.year_units(need.action_years):
            bonus += need.actions
    points = g.game.rules.actions_per_turn + bonus + player.next_points
    player.next_points = 0
    return points


def _dead_turn(g: _Game, player: _Player) -> None:
    """A dead player's turn: after enough of them, they are back on their spawn tile."""
    player.dead_turns = (player.dead_turns or 0) + 1
    # a card's "next turn" (Fatigue's point, Dust Storm's discard) was this one
    player.next_points = player.discard = 0
    if player.dead_turns >= g.game.rules.revive_turns:
        player.dead_turns = None
        player.at = g.spawns[player.number]
        player.lost = False


def _need(t: _Turn, action: Action) -> int:
    """`need`: pick up the Need on the player's tile, then one free move. Where there is
    none to pick up, nothing was picked up and no point is spent."""
    g, player = t.g, t.player
    if player.lost:  # a turn of theirs was left out: they stand on the nearest Need left
        _to_nearest_need(g, player)
    tile = g.tiles.get(player.at)
    if tile is None or tile.kind != NEED:
        t.fail("need.place", action, f"{space_name(player.at)} holds no Need to pick up")
        return 0
    if tile.label in g.needs_taken:
        when = g.needs_turn[tile.label]
        t.fail(
            "need.place",
            action,
            f"the Need on {space_name(player.at)} was picked up on turn {when}",
        )
        return 0
    _pick_need(g, t.turn, player, tile.label)
    t.free_move = True
    return g.game.costs.need


def _to_nearest_need(g: _Game, player: _Player) -> None:
    here = player.at
    left = [
        s for s, tile in g.tiles.items() if tile.kind == NEED and tile.label not in g.needs_taken
    ]
    if left:
        player.at = min(left, key=lambda s: abs(s[0] - here[0]) + abs(s[1] - here[1]))
    player.lost = False


def _use_ability(t: _Turn, action: Action) -> int:
    """`ability ...`: 4 points at once, and the turn ends. Used with fewer points left, it is
    reported and still used as logged."""
    cost = t.g.game.costs.ability
    if t.points - t.spent < cost:
        left = t.points - t.spent
        t.fail("ability.points", action, f"{left} point(s) left; an ability needs {cost}")
        t.overrun = True  # the points it overspends are this same mistake
    _ability(t.g, t.turn, action, t.player)
    t.ended = ("ability.last", f"{t.player.name}'s ability ended the turn")
    return cost


def _spawn(t: _Turn, action: Action) -> int:
    _swap_spawn(t.g, t.turn, action, t.player, int(action.args[0]), parse_space(action.args[1]))
    return 0


def _pass(t: _Turn, action: Action) -> int:
    t.ended = ("turn.ended", "pass")
    return 0


HANDLERS: dict[str, Callable[[_Turn, Action], int]] = {
    "move": _move,
    "buy": _buy,
    "card": _play,
    "draw": _draw,
    "need": _need,
    "ability": _use_ability,
    "trade": _trade,
    "deposit": _deposit,
    "take": _take_free,
    "discard": _discard,
    "spawn": _spawn,
    "pass": _pass,
}


def _before(t: _Turn, action: Action) -> None:
    """What the turn so far says about an action: it came after the turn ended (reported
    once, then replayed as logged). A discard a card asks for may come anywhere in the
    turn: one still owed at its end is reported then (`_end_turn`)."""
    if t.ended:
        rule, what = t.ended
        t.fail(rule, action, f"{what} ended {t.player.name}'s turn")
        t.ended = None
        t.overrun = True  # the points spent after it are part of the same mistake


def _play_turn(g: _Game, turn: Turn, player: _Player) -> None:
    if player.dead_turns is not None:  # dead
        if [a.verb for a in turn.actions] not in ([], ["pass"]):
            why = f"{player.name} is dead: they miss their turns until revived or respawned"
            g.fail("turn.dead", turn, turn.actions[0], why)
        _dead_turn(g, player)
        return
    t = _Turn(g, turn, player, _points(g, player))
    _play_actions(t, turn.actions)
    if t.owed or player.discard:  # `_end_turn` has nothing to do otherwise
        _end_turn(t)


def _play_actions(t: _Turn, actions: Sequence[Action]) -> None:
    g, k = t.g, t.turn.number - 1
    for action in actions:
        g.cursor = (k, action.index)
        if t.ended:  # `_before` has nothing to say otherwise
            _before(t, action)
        t.spent += HANDLERS[action.verb](t, action)
        if t.spent > t.points:  # `_after` has nothing to say otherwise
            _after(t, action)


def _after(t: _Turn, action: Action) -> None:
    if t.spent > t.points and not t.overrun:
        t.fail("points.spent", action, f"{t.spent} action points spent, the turn has {t.points}")
        t.overrun = True  # once a turn


def _end_turn(t: _Turn) -> None:
    if t.owed:
        t.fail("discard.due", None, f"{t.player.name} still owes {t.owed} resource(s) back")
    t.player.discard = 0
