"""The tracks a replay moves: seasons and the cards they draw, Needs, pollution and lives."""

from __future__ import annotations

from sheetsmith.games.planet.log import Turn
from sheetsmith.games.planet.model import Card
from sheetsmith.games.planet.state import _Game, _Player


def _due_draws(g: _Game, mark: bool = True) -> list[str]:
    """Piles to draw from now: a negative buff per change of season, a disaster per year
    while pollution is above the mark. `mark=False` only looks."""
    kinds = []
    season_count = max(g.clock, 0) // g.season_length
    seen = g.seen_season
    mark_at, on = g.game.pollution.disaster_above, g.disasters
    while seen < season_count:
        seen += 1
        kinds.append("negative")
        if seen % len(g.game.seasons) == 0:  # a year ends
            # begun above the mark, they stop only below it: at the mark they go on
            on = g.pollution > mark_at or (on and g.pollution >= mark_at)
            if on:
                kinds.append("disaster")
    if mark:
        g.seen_season, g.disasters = seen, on
    return kinds


def _apply_drawn(g: _Game, card: Card, turn: Turn) -> None:
    if card.effect == "pollution":
        _pollute(g, card.amount, turn)
    elif card.effect == "season":
        _season(g, card.amount)
    elif card.effect == "skip":
        for p in g.players:
            p.skip_collect = True
    elif card.effect == "actions":
        for p in g.players:
            p.next_points += card.amount
    elif card.effect == "lose-life":
        for p in g.players:
            tile = g.tiles.get(p.at)
            if p.alive and tile is not None and tile.kind == card.terrain:
                _die(g, p, turn, f"{card.name}: {p.name} was on a {card.terrain} tile")
    elif card.effect == "discard":
        for p in g.players:
            p.discard = min(card.amount, p.carried)


def _season(g: _Game, amount: int) -> None:
    """Move the season on `amount` rounds; a negative amount makes the current season last
    that many rounds longer (the marker stands still), never sends it back to the last one."""
    if amount >= 0:
        g.clock += amount
    else:
        g.hold -= amount


def _die(g: _Game, player: _Player, turn: Turn, why: str) -> None:
    player.lives -= 1
    player.dead_turns = 0
    if player.lives <= 0 and g.result == "unfinished":
        g.result, g.why = "lost", f"{why}, and has no life left (turn {turn.number})"


def _pollute(g: _Game, amount: int, turn: Turn) -> None:
    p = g.game.pollution
    g.pollution = max(p.min, g.pollution + amount)
    if g.pollution > p.max and g.result == "unfinished":
        g.result, g.why = "lost", f"pollution reached {g.pollution} (turn {turn.number})"


def _pick_need(g: _Game, turn: Turn, player: _Player, need_id: str) -> None:
    need = next(n for n in g.game.needs if n.id == need_id)
    g.needs_taken[need_id] = g.clock
    g.needs_turn[need_id] = turn.number
    _pollute(g, g.game.pollution.per_need, turn)
    g.clock += 2  # the season moves on 2 rounds
    if need.take:
        player.luxury = True
    if need.move_spawns:
        player.house = True
        player.other_swaps += need.move_spawns - 1
