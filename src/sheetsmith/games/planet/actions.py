"""The words a Planet 78 game log is typed in: its verbs, and each ability as typed."""

from __future__ import annotations

from sheetsmith.games.planet.model import PlanetGame, Role

# verb -> (what its arguments are, for messages and the blank log)
VERBS = {
    "move": "a space, e.g. move D3",
    "buy": "the resource paid (2 of a kind) and the card drawn, e.g. buy food second-wind",
    "card": "a card from your hand, e.g. card air-filter (revive: card revive Ben)",
    "draw": "the card taken for a turn of unspent points, e.g. draw air-filter",
    "need": "nothing: picks up the Need on your tile",
    "ability": "what it needs: spaces (moves), resources (take), a player (revive), cards",
    "trade": "a player on your tile, a resource and how many, e.g. trade Ben wood 2",
    "deposit": "a resource: one pile of it, e.g. deposit metal",
    "take": "a resource (the Luxury Need's free take), e.g. take water",
    "discard": "a resource and how many, when a card makes you put some back",
    "spawn": "House Need: a spawn number and the resource tile it swaps with, e.g. spawn 2 B7",
    "pass": "nothing: ends the turn",
}


def ability_example(role: Role, game: PlanetGame) -> str:
    """How a role's ability is typed in a log, for its card and the blank log."""
    amount = abs(role.amount)
    if role.effect == "moves":
        return "ability " + " ".join(["E3", "E2", "D1", "C1", "B2", "B3"][: min(amount, 3)])
    if role.effect == "take":
        return "ability " + " ".join(game.resources[:amount])
    if role.effect == "cards":
        positive = [c.id for c in game.cards if c.kind == "positive" and c.effect != "revive"]
        return "ability " + " ".join(positive[:amount])
    if role.effect == "revive":
        return "ability Ben"
    return "ability"
