"""Planet 78: the frozen model of its definition."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

from sheetsmith.check.per_game import per_game
from sheetsmith.definition.common import Component, GameInfo
from sheetsmith.definition.guide import Guide

RULESET = "planet-78"
COMPONENTS = (
    "tiles",
    "special-tiles",
    "meters",
    "player-aid",
    "action-cards",
    "role-cards",
    "setup",
    "guide",
)
CARD_KINDS = ("positive", "negative", "disaster")
# What the checker can apply: a bought card is played, drawn cards act on everyone, and a
# role's ability is its own.
PLAYED_EFFECTS = ("actions", "pollution", "collect", "hand", "revive")
DRAWN_EFFECTS = ("pollution", "season", "skip", "actions", "lose-life", "discard")
ROLE_EFFECTS = ("moves", "pollution", "collect", "revive", "take", "teleport", "cards", "season")
LAND_TILES = 64
_SPACE = re.compile(r"^([A-Z])([1-9][0-9]?)$")

Space = tuple[int, int]  # (column, row), 0-based: A1 is (0, 0), rows go down


def space_name(space: Space) -> str:
    return f"{chr(ord('A') + space[0])}{space[1] + 1}"


@lru_cache(maxsize=1024)  # a log names the same few dozen spaces again and again
def parse_space(text: str) -> Space | None:
    """'E5' -> (4, 4); None for anything else."""
    found = _SPACE.match(text.strip().upper())
    if not found:
        return None
    return ord(found[1]) - ord("A"), int(found[2]) - 1


class Terrain(NamedTuple):
    id: str
    name: str
    resource: str
    count: int


class Land(NamedTuple):
    columns: int
    rows: int
    missing: frozenset[Space]
    center: Space
    bridges: tuple[Space, ...]
    spawns: tuple[Space, ...]
    needs: tuple[Space, ...]

    def spaces(self) -> tuple[Space, ...]:
        """Every space of the land in reading order (top row first)."""
        return tuple(
            (c, r)
            for r in range(self.rows)
            for c in range(self.columns)
            if (c, r) not in self.missing
        )

    def specials(self) -> frozenset[Space]:
        return frozenset({self.center, *self.bridges, *self.spawns, *self.needs})


class Rules(NamedTuple):
    actions_per_turn: int
    carry_limit: int
    hand_limit: int
    lives: int
    revive_turns: int
    season_length: int
    seasons_per_year: int
    card_cost_same_kind: int


class Costs(NamedTuple):
    move: int
    card: int
    need: int
    ability: int
    trade: int
    deposit: int


class Pollution(NamedTuple):
    min: int
    max: int
    start: int
    flood_at: int
    disaster_above: int
    per_need: int


class Range(NamedTuple):
    min: int
    max: int


# The bounds each rule may take, as (low, high). A season track draws one box per round
# and the deposit track one per pile, so a high bound is what keeps a page drawable (and
# 10 boxes still hold a 10 mm cube on A4); a length or a count of piles is at least 1,
# since the checker divides the clock by the season length.
RULE_BOUNDS = {
    "actions_per_turn": (1, 10),
    "carry_limit": (1, 20),
    "hand_limit": (0, 10),
    "lives": (1, 9),
    "revive_turns": (0, 10),
    "season_length": (1, 10),
    "seasons_per_year": (1, 10),
    "card_cost_same_kind": (1, 10),
}
MAX_PILES = 10  # boxes per resource on the deposit track


class Variance(NamedTuple):
    pollution: Range
    season_length: Range
    lives: Range
    piles: Range


class Season(NamedTuple):
    id: str
    name: str
    effect: str
    dead: tuple[str, ...] = ()
    double: tuple[str, ...] = ()
    closed: tuple[str, ...] = ()


class Need(NamedTuple):
    id: str
    name: str
    effect: str
    dead: tuple[str, ...] = ()
    years: int = 0
    actions: int = 0
    action_years: int = 0
    hand: int = 0
    move_spawns: int = 0
    take: int = 0


class Role(NamedTuple):
    id: str
    name: str
    ability: str
    effect: str
    amount: int
    diagonal: bool = False


class Card(NamedTuple):
    id: str
    name: str
    kind: str  # one of CARD_KINDS
    count: int
    text: str
    effect: str  # one of PLAYED_EFFECTS (positive) or DRAWN_EFFECTS
    amount: int = 0
    terrain: str = ""


class Center(NamedTuple):
    name: str
    pile: int
    piles: int


class PlanetGame(NamedTuple):
    info: GameInfo
    components: tuple[Component, ...]
    terrains: tuple[Terrain, ...]
    tile_size_in: float
    back_title: str
    land: Land
    center: Center
    rules: Rules
    costs: Costs
    pollution: Pollution
    variance: Variance
    seasons: tuple[Season, ...]
    needs: tuple[Need, ...]
    roles: tuple[Role, ...]
    cards: tuple[Card, ...]
    interpretations: tuple[str, ...]
    guide: Guide | None = None  # what to print and gather (`[guide]`)

    def terrain(self, terrain_id: str) -> Terrain:
        return _terrains(self)[terrain_id]

    @property
    def resources(self) -> tuple[str, ...]:
        return _resources(self)


# Asked of the game on every turn of a replay: worked out once per game.


@per_game
def _terrains(game: PlanetGame) -> dict[str, Terrain]:
    found: dict[str, Terrain] = {}
    for terrain in game.terrains:
        found.setdefault(terrain.id, terrain)  # the first of an id, as a search finds it
    return found


@per_game
def _resources(game: PlanetGame) -> tuple[str, ...]:
    return tuple(dict.fromkeys(t.resource for t in game.terrains))
