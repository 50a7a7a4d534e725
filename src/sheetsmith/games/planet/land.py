"""Planet 78's land as dealt for one seed: which tile lies on which space.

Pure data, no drawing: the setup sheet draws it and the game-log checker replays on it, so
a group that sets up from the sheet and logs its game with the same seed is checked on the
land it played.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from types import MappingProxyType
from typing import NamedTuple

from sheetsmith.check.per_game import per_game
from sheetsmith.errors import OptionError
from sheetsmith.games.planet.model import Land, PlanetGame, Space

CENTER = "center"
BRIDGE = "bridge"
SPAWN = "spawn"
NEED = "need"
MAX_SEED = 2**63 - 1  # the largest integer TOML holds; `render --seed` takes the same range


class Tile(NamedTuple):
    kind: str  # a terrain id, or CENTER, BRIDGE, SPAWN, NEED
    label: str = ""  # spawn number ("1".."4") or need id

    @property
    def special(self) -> bool:
        return self.kind in (CENTER, BRIDGE, SPAWN, NEED)


class Dealt(NamedTuple):
    seed: int
    tiles: Mapping[Space, Tile]

    def where(self, kind: str, label: str = "") -> Space:
        return next(s for s, t in self.tiles.items() if t.kind == kind and t.label == label)

    def counts(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for tile in self.tiles.values():
            out[tile.kind] = out.get(tile.kind, 0) + 1
        return out


def deal(game: PlanetGame, seed: int) -> Dealt:
    """Shuffle the 64 resource tiles onto the land and the Needs onto their spaces."""
    rng = random.Random(f"planet-78:{seed}")  # a string seed is stable across Python versions
    land = game.land
    tiles: dict[Space, Tile] = {land.center: Tile(CENTER)}
    tiles.update({space: Tile(BRIDGE) for space in land.bridges})
    tiles.update({space: Tile(SPAWN, str(n)) for n, space in enumerate(land.spawns, start=1)})
    needs = [n.id for n in game.needs]
    rng.shuffle(needs)
    tiles.update({space: Tile(NEED, need) for space, need in zip(land.needs, needs, strict=True)})
    stack = [t.id for t in game.terrains for _ in range(t.count)]
    rng.shuffle(stack)
    spaces = _spaces(land)
    free = [s for s in spaces if s not in tiles]
    tiles.update({space: Tile(terrain) for space, terrain in zip(free, stack, strict=True)})
    ordered = {s: tiles[s] for s in spaces}
    return Dealt(seed, MappingProxyType(ordered))


@per_game
def _spaces(land: Land) -> tuple[Space, ...]:
    """`land.spaces()`, worked out once per land: every log deals its own."""
    return land.spaces()


class Settings(NamedTuple):
    """The variance a game is played with (difficulty)."""

    pollution: int
    season_length: int
    lives: int
    piles: int


def default_settings(game: PlanetGame) -> Settings:
    return Settings(
        game.pollution.start, game.rules.season_length, game.rules.lives, game.center.piles
    )


def variance_toml(game: PlanetGame, chosen: Settings) -> str:
    """The log's `variance = { ... }` value for what differs from the defaults; '' if none."""
    default = default_settings(game)
    changed = [f"{k} = {v}" for k, v in chosen._asdict().items() if v != getattr(default, k)]
    return "{ " + ", ".join(changed) + " }" if changed else ""


def settings(game: PlanetGame, pairs: tuple[tuple[str, int], ...]) -> Settings:
    """The defaults with `pairs` applied, each checked against the definition's range."""
    values = default_settings(game)._asdict()
    problems = []
    for key, value in pairs:
        if key not in values:
            problems.append(f"unknown variance {key!r}; choose from {', '.join(values)}")
            continue
        allowed = getattr(game.variance, key)
        if not allowed.min <= value <= allowed.max:
            problems.append(f"{key}: expected {allowed.min} to {allowed.max}, got {value}")
            continue
        values[key] = value
    if problems:
        raise OptionError("--variance: " + "; ".join(problems))
    return Settings(**values)
