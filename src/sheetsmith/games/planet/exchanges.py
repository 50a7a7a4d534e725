"""Resources changing hands in a turn: trades, deposits, the Luxury Need's take, discards.

An exchange that breaks a rule but that the table evidently made still happens (counts never
below 0), so later turns are judged from the table's holdings; what cannot have happened at
the table (a pile put on a shuttle the player is not at, or past the piles it needs) does not.
"""

from __future__ import annotations

from sheetsmith.games.planet.carrying import _count_arg, _give, _take
from sheetsmith.games.planet.log import Action
from sheetsmith.games.planet.model import space_name
from sheetsmith.games.planet.state import _Turn


def _trade(t: _Turn, action: Action) -> int:
    """`trade Ben wood 2`: 1 point per resource given to a player on the same tile."""
    g, player = t.g, t.player
    (name, resource), n = _count_arg(action.args)
    other = g.by_name[name]
    if other is player:
        t.fail("trade.tile", action, f"{player.name} trades with another player")
        return g.game.costs.trade * n
    rule = "resource.missing"
    if other.at != player.at or not other.alive:
        where = space_name(player.at)
        t.fail("trade.tile", action, f"{name} is not on {player.name}'s tile ({where})")
        rule = ""  # one report for the action; the resources change hands all the same
    _give(g, t.turn, action, player, resource, n, rule)
    _take(g, t.turn, action, other, resource, n)
    return g.game.costs.trade * n


def _deposit(t: _Turn, action: Action) -> int:
    """`deposit metal`: one pile, at the space center, while the shuttle needs more."""
    g, player, resource = t.g, t.player, action.args[0]
    center, pile = g.game.land.center, g.game.center.pile
    if player.lost:  # a turn of theirs was left out: a deposit says where they are
        player.lost, player.at = False, center
    if player.at != center:
        where = space_name(player.at)
        t.fail("deposit.place", action, f"{player.name} is on {where}, not the space center")
    elif g.piles[resource] >= g.settings.piles:
        needed = g.settings.piles
        t.fail("deposit.pile", action, f"the shuttle already has its {needed} piles of {resource}")
    else:
        held = player.held[resource]
        short = held < pile and g.short(player, resource, "*", pile - held)
        if short:
            t.fail(
                "deposit.pile", action, f"a pile is {pile} {resource}; {player.name} holds {held}"
            )
        # a pile the table evidently made counts (the log may miss what was collected); a
        # second one of a resource in a turn with none of it left is a deposit typed twice,
        # never made: the game goes on without it
        if not (short and held == 0 and resource in t.deposited):
            player.held[resource] = max(held - pile, 0)
            g.piles[resource] += 1
        t.deposited.add(resource)
    return g.game.costs.deposit


def _take_free(t: _Turn, action: Action) -> int:
    """`take water`: the Luxury Need's free resource, once a turn."""
    player = t.player
    if not player.luxury or t.took:
        why = (
            f"{player.name} already took one this turn"
            if player.luxury
            else f"{player.name} did not pick up the Luxury Need"
        )
        t.fail("take.luxury", action, f"a free take is once a turn: {why}")
    _take(t.g, t.turn, action, player, action.args[0], 1)
    t.took = True
    return 0


def _discard(t: _Turn, action: Action) -> int:
    """`discard food 1`: resources put back when a card asks for them, and only then."""
    (resource,), n = _count_arg(action.args)
    if n > t.owed:
        # The rules give no way to drop resources: only a card puts them back.
        t.fail("discard.due", action, f"{n} put back; the cards ask {t.player.name} for {t.owed}")
    _give(t.g, t.turn, action, t.player, resource, n)
    t.owed = max(t.owed - n, 0)
    return 0
