"""Planet 78: replay a typed game log on the land its seed dealt, naming every broken rule.

The game is replayed turn by turn: collecting, action points, movement, cards, Needs,
trades, deposits, the pollution and season tracks, deaths and revivals. Each violation says
the turn, the player and the action. The result (won, lost or unfinished) and the state at
the end are reported with it, each player's tile, resources, cards and lives included. After a
mistake the replay carries on from what the table most likely did (`order`, `whereabouts`,
`exchanges`), so one mistake is one report. Rule ids are listed in `RULES`; readings chosen
where the rules are open are in the definition's `[notes]` and docs/planet-78-log.md.
"""

from __future__ import annotations

from collections.abc import Sequence
from types import MappingProxyType
from typing import Any

from sheetsmith.check.verdict import PlayerResult
from sheetsmith.games.planet.log import GameLog, parse_sheet
from sheetsmith.games.planet.model import PlanetGame, space_name
from sheetsmith.games.planet.replay import replay
from sheetsmith.games.planet.state import _Game

__all__ = ["RULES", "check_table", "parse_sheet"]


def __getattr__(name: str) -> Any:
    # The blank sheet is `new-sheet`'s, not the check's: imported only when asked for here.
    if name == "blank_sheet":
        from sheetsmith.games.planet.blank import blank_sheet

        return blank_sheet
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


RULES = {
    "turn.order": "a turn out of the players' order",
    "turn.dead": "a dead player acts",
    "game.over": "turns logged after the game was won or lost",
    "points.spent": "more action points spent than the turn has",
    "ability.points": "an ability used with fewer than 4 action points left",
    "ability.last": "an action after an ability (it ends the turn)",
    "turn.ended": "an action after pass, or after a card taken for the whole turn",
    "ability.use": "an ability given what it does not take (more moves, resources or cards "
    "than it allows, a card that is not a positive buff)",
    "revive.target": "a Revive (card or Medic) that names no dead player",
    "draw.unspent": "a card taken for the turn's points after some were spent",
    "card.per-turn": "more than one action card played in a turn (Revive included: it costs no "
    "action point, but it is the turn's card)",
    "card.hand": "a card played that is not in the player's hand, or more cards than the limit",
    "card.deck": "a card drawn from the wrong pile",
    "buy.cost": "a card bought without 2 resources of that kind",
    "move.adjacent": "a move to a tile that is not next to the player (diagonals: some roles)",
    "move.blocked": "a move off the land, onto a closed or flooded tile, or off a snowed-in city",
    "carry.limit": "a player would hold more resources than the carry limit",
    "trade.tile": "a trade with a player who is not on the same tile, or is dead",
    "resource.missing": "giving, depositing or discarding resources the player does not hold",
    "deposit.place": "a deposit away from the space center",
    "deposit.pile": "a deposit of fewer than a pile, or past the piles the shuttle needs",
    "need.place": "a Need picked up where there is none left",
    "take.luxury": "a free take without the Luxury Need, or twice in a turn",
    "spawn.house": "a spawn tile swapped without the House Need, past its swaps, or not with a "
    "resource tile",
    "draws.due": "the cards drawn at a turn's start are not what the seasons call for",
    "discard.due": "a card made a player put resources back and the turn does not, or more are "
    "put back than a card asked for",
}


def _summary(g: _Game) -> dict[str, int]:
    return {
        "turns": len(g.log.turns),
        "pollution": g.pollution,
        "year": g.year() + 1,
        "needs": len(g.needs_taken),
        "piles": sum(g.piles.values()),
        "piles_needed": g.settings.piles * len(g.game.resources),
        "lives_left": sum(p.lives for p in g.players),
    }


def _unseen(key: str) -> str:
    """'metal', 'any resource', 'air-filter' or 'any card' for a key of `_Player.unseen`."""
    return {"*": "any resource", "card:*": "any card"}.get(key, key.removeprefix("card:"))


def _states(g: _Game) -> list[dict[str, Any]]:
    """Each player at the end (tile, resources, cards, lives), for a group to compare with
    the game in front of them: where the two part, the log and the table part too."""
    states = []
    for p in g.players:
        state: dict[str, Any] = {
            "name": p.name,
            "tile": space_name(p.at),
            "resources": {r: p.held[r] for r in g.game.resources if p.held[r]},
            "cards": {c.id: p.hand[c.id] for c in g.game.cards if p.hand[c.id]},
            "lives": p.lives,
            "alive": p.alive,
        }
        if +p.unseen:  # a turn of theirs was left out: they may hold more than the log shows
            state["unseen"] = {_unseen(key): n for key, n in sorted((+p.unseen).items())}
        states.append(state)
    return states


def check_table(
    game: PlanetGame, logs: Sequence[GameLog]
) -> tuple[tuple[PlayerResult, ...], tuple[str, ...]]:
    """Each log is one game; the table wins together or not at all."""
    results = []
    winners: list[str] = []
    for log in logs:
        g = replay(game, log)
        season = game.seasons[g.season_index()].name
        results.append(
            PlayerResult(
                file=log.file,
                player=log.table,
                violations=tuple(g.out),
                score=MappingProxyType(_summary(g)),
                extra=MappingProxyType(
                    {
                        "result": g.result,
                        "why": g.why,
                        "season": season,
                        "players": [p.name for p in log.players],
                        "states": _states(g),
                    }
                ),
            )
        )
        if g.result == "won" and not g.out:
            winners += [p.name for p in log.players]
    return tuple(results), tuple(winners)
