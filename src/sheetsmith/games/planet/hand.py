"""Action cards in a turn: bought with resources, taken for the whole turn, played from hand."""

from __future__ import annotations

from sheetsmith.games.planet.abilities import _hand_limit, _revive
from sheetsmith.games.planet.carrying import _collect, _give
from sheetsmith.games.planet.log import Action
from sheetsmith.games.planet.model import Card
from sheetsmith.games.planet.seasons import _pollute
from sheetsmith.games.planet.state import _Game, _Turn


def _deck(g: _Game, card_id: str) -> Card:
    return next(c for c in g.game.cards if c.id == card_id)


def _buy(t: _Turn, action: Action) -> int:
    """`buy food air-filter`: 2 of a kind for a positive buff, no action point. A card bought
    without the resources is still in hand: the table evidently took it."""
    resource, card_id = action.args
    card = _deck(t.g, card_id)
    if card.kind != "positive":
        t.fail(
            "card.deck",
            action,
            f"{card.name} is a {card.kind} card: only positive buffs are bought",
        )
    price = t.g.game.rules.card_cost_same_kind
    _give(t.g, t.turn, action, t.player, resource, price, rule="buy.cost")
    t.player.hand[card_id] += 1
    _hand_limit(t.g, t.turn, action, t.player)
    return 0


def _draw(t: _Turn, action: Action) -> int:
    """`draw air-filter`: a card for every point of the turn, all of them unspent."""
    if t.spent and not t.overrun:
        t.fail(
            "draw.unspent",
            action,
            f"{t.spent} action point(s) already spent: the free card needs all of them",
        )
    card = _deck(t.g, action.args[0])
    t.ended = ("turn.ended", f"taking {card.name} for the whole turn")
    if card.kind != "positive":
        t.fail("card.deck", action, f"{card.name} is not a positive buff")
    t.player.hand[card.id] += 1
    _hand_limit(t.g, t.turn, action, t.player)
    return max(t.points - t.spent, 0)


def _play(t: _Turn, action: Action) -> int:
    """`card air-filter`: one card a turn, Revive included; Revive alone costs no point. A
    card played that is not in hand is reported, then played as logged."""
    g, player = t.g, t.player
    card = _deck(g, action.args[0])
    if player.hand[card.id] > 0:
        player.hand[card.id] -= 1
    elif g.short(player, f"card:{card.id}", "card:*", 1):
        t.fail("card.hand", action, f"{player.name} holds no {card.name}")
    t.cards += 1
    if t.cards > 1:
        t.fail(
            "card.per-turn",
            action,
            "one action card a turn, Revive included (it costs no action point, but it is "
            "the turn's card)",
        )
    _card_effect(t, action, card)
    return 0 if card.effect == "revive" else g.game.costs.card


def _card_effect(t: _Turn, action: Action, card: Card) -> None:
    if card.effect == "actions":
        t.points += card.amount
    elif card.effect == "pollution":
        _pollute(t.g, card.amount, t.turn)
    elif card.effect == "collect":
        _collect(t.g, t.player, card.amount)
    elif card.effect == "hand":
        t.player.hand_bonus += card.amount
    elif card.effect == "revive":
        _revive(t.g, t.turn, action, action.args[1:])
