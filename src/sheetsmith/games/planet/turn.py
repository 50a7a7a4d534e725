"""One player's turn: the cards drawn at its start, its action points, each action in order."""

from __future__ import annotations

from sheetsmith.games.planet.abilities import _ability, _hand_limit, _revive
from sheetsmith.games.planet.carrying import _collect, _count_arg, _give, _take
from sheetsmith.games.planet.land import NEED
from sheetsmith.games.planet.log import Turn
from sheetsmith.games.planet.model import parse_space, space_name
from sheetsmith.games.planet.movement import _step, _swap_spawn
from sheetsmith.games.planet.seasons import _apply_drawn, _due_draws, _pick_need, _pollute
from sheetsmith.games.planet.state import _Game, _Player


def _start_turn(g: _Game, turn: Turn, player: _Player) -> None:
    due = _due_draws(g)
    decks = {c.id: c for c in g.game.cards}
    drawn = [decks[c] for c in turn.draws]
    if [c.kind for c in drawn] != due:
        shown = ", ".join(f"{c.name} ({c.kind})" for c in drawn) or "none"
        want = ", ".join(due) or "none"
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
    if player.alive and not player.skip_collect:
        _collect(g, player)
    player.skip_collect = False


def _points(g: _Game, player: _Player) -> int:
    bonus = 0
    for need in g.game.needs:
        taken = g.needs_taken.get(need.id)
        if need.actions and taken is not None and g.clock < taken + g.year_units(need.action_years):
            bonus += need.actions
    points = g.game.rules.actions_per_turn + bonus + player.next_points
    player.next_points = 0
    return points


def _play_turn(g: _Game, turn: Turn, player: _Player) -> None:
    rules, costs = g.game.rules, g.game.costs
    if not player.alive:
        if [a.verb for a in turn.actions] not in ([], ["pass"]):
            g.fail(
                "turn.dead",
                turn,
                turn.actions[0],
                f"{player.name} is dead: they miss their turns until revived or respawned",
            )
        player.dead_turns = (player.dead_turns or 0) + 1
        if player.dead_turns >= rules.revive_turns:
            player.dead_turns = None
            player.at = g.spawns[player.number]
        return
    points = _points(g, player)
    spent = 0
    free_move = False
    cards_played = 0
    ability_used = False
    took = False
    overrun = False
    owed = player.discard
    decks = {c.id: c for c in g.game.cards}
    ended = ""  # what ended the turn early: pass, or a card taken for the whole turn
    for action in turn.actions:
        verb, args = action.verb, action.args
        if ability_used:
            g.fail("ability.last", turn, action, "an ability ends the turn: nothing more happens")
            continue
        if ended:  # reported once, then replayed as logged like any refused action
            g.fail("turn.ended", turn, action, f"{ended} ended {player.name}'s turn")
            ended = ""
            overrun = True  # the points spent after it are part of the same mistake
        cost = 0
        if owed and verb != "discard":
            g.fail(
                "discard.due", turn, action, f"{player.name} must first put back {owed} resource(s)"
            )
            owed = 0
        if verb == "move":
            target = parse_space(args[0])
            assert target is not None
            cost = 0 if free_move else costs.move
            free_move = False
            _step(g, turn, action, player, target, player.role.diagonal)
        elif verb == "buy":
            resource, card_id = args
            card = decks[card_id]
            if card.kind != "positive":
                g.fail(
                    "card.deck",
                    turn,
                    action,
                    f"{card.name} is a {card.kind} card: only positive buffs are bought",
                )
            if _give(g, turn, action, player, resource, rules.card_cost_same_kind):
                player.hand[card_id] += 1
            else:
                g.out[-1] = g.out[-1]._replace(rule="buy.cost")
            _hand_limit(g, turn, action, player)
        elif verb == "draw":
            if spent and not overrun:
                g.fail(
                    "draw.unspent",
                    turn,
                    action,
                    f"{spent} action point(s) already spent: the free card needs all of them",
                )
            card = decks[args[0]]
            ended = f"taking {card.name} for the whole turn"
            if card.kind != "positive":
                g.fail("card.deck", turn, action, f"{card.name} is not a positive buff")
            player.hand[args[0]] += 1
            _hand_limit(g, turn, action, player)
            cost = max(points - spent, 0)
        elif verb == "card":
            card = decks[args[0]]
            if player.hand[args[0]] <= 0:
                g.fail("card.hand", turn, action, f"{player.name} holds no {card.name}")
            else:  # reported, then played as logged
                player.hand[args[0]] -= 1
            if card.effect != "revive":
                cards_played += 1
                cost = costs.card
                if cards_played > 1:
                    g.fail("card.per-turn", turn, action, "one action card a turn (Revive aside)")
            if card.effect == "actions":
                points += card.amount
            elif card.effect == "pollution":
                _pollute(g, card.amount, turn)
            elif card.effect == "collect":
                _collect(g, player, card.amount)
            elif card.effect == "hand":
                player.hand_bonus += card.amount
            elif card.effect == "revive":
                _revive(g, turn, action, args[1:])
        elif verb == "need":
            tile = g.tiles.get(player.at)
            cost = costs.need
            if tile is None or tile.kind != NEED:
                g.fail(
                    "need.place", turn, action, f"{space_name(player.at)} holds no Need to pick up"
                )
            elif tile.label in g.needs_taken:
                g.fail(
                    "need.place",
                    turn,
                    action,
                    f"the Need on {space_name(player.at)} was picked up on turn "
                    f"{g.needs_turn[tile.label]}",
                )
            else:
                _pick_need(g, turn, player, tile.label)
                free_move = True
        elif verb == "ability":
            cost = costs.ability
            if points - spent < costs.ability:
                g.fail(
                    "ability.points",
                    turn,
                    action,
                    f"{points - spent} point(s) left; an ability needs {costs.ability}",
                )
                continue  # it cannot be used: nothing happens
            _ability(g, turn, action, player)
            ability_used = True
        elif verb == "trade":
            (name, resource), n = _count_arg(args)
            other = g.by_name.get(name)
            cost = costs.trade * n
            if other is player:
                g.fail("trade.tile", turn, action, f"{player.name} trades with another player")
            elif other is None or other.at != player.at or not other.alive:
                g.fail(
                    "trade.tile",
                    turn,
                    action,
                    f"{name} is not on {player.name}'s tile ({space_name(player.at)})",
                )
            elif _give(g, turn, action, player, resource, n):
                _take(g, turn, action, other, resource, n)
        elif verb == "deposit":
            cost = costs.deposit
            resource = args[0]
            pile = g.game.center.pile
            if g.tiles.get(player.at, None) is None or player.at != g.game.land.center:
                g.fail(
                    "deposit.place",
                    turn,
                    action,
                    f"{player.name} is on {space_name(player.at)}, not the space center",
                )
            elif g.piles[resource] >= g.settings.piles:
                g.fail(
                    "deposit.pile",
                    turn,
                    action,
                    f"the shuttle already has its {g.settings.piles} piles of {resource}",
                )
            elif player.held[resource] < pile:
                g.fail(
                    "deposit.pile",
                    turn,
                    action,
                    f"a pile is {pile} {resource}; {player.name} holds {player.held[resource]}",
                )
            else:
                player.held[resource] -= pile
                g.piles[resource] += 1
        elif verb == "take":
            if not player.luxury or took:
                why = (
                    f"{player.name} already took one this turn"
                    if player.luxury
                    else f"{player.name} did not pick up the Luxury Need"
                )
                g.fail("take.luxury", turn, action, f"a free take is once a turn: {why}")
            else:
                _take(g, turn, action, player, args[0], 1)
            took = True
        elif verb == "discard":
            (resource,), n = _count_arg(args)
            if n > owed:
                # The rules give no way to drop resources: only a card puts them back.
                g.fail(
                    "discard.due",
                    turn,
                    action,
                    f"{n} put back; the cards ask {player.name} for {owed}",
                )
            if _give(g, turn, action, player, resource, n):
                owed = max(owed - n, 0)
        elif verb == "spawn":
            _swap_spawn(g, turn, action, player, int(args[0]), parse_space(args[1]))
        elif verb == "pass":
            ended = "pass"
        spent += cost
        if spent > points and not overrun:
            g.fail(
                "points.spent", turn, action, f"{spent} action points spent, the turn has {points}"
            )
            overrun = True  # once a turn
    if owed:
        g.fail("discard.due", turn, None, f"{player.name} still owes {owed} resource(s) back")
    player.discard = 0
