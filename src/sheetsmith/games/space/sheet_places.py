"""Personal Space: where a typed day happens: its planet, where it starts, where moves end.

A sheet may name its planet (`planet = "driftwater"`); then its places are checked on the
map (map_rules.py), the day may start on a space (`start.space = "B2"`) and a move's `to`
may name a space ("D4") as well as a place. A sheet without a planet reads as before.
"""

from __future__ import annotations

import re

from sheetsmith.check.per_game import per_game
from sheetsmith.games.space.model import PLACES as MAP_PLACES
from sheetsmith.games.space.model import SpaceGame, SpaceMap, Spot
from sheetsmith.toml import lenient
from sheetsmith.toml.node import Node

# the places a sheet without a planet names (the store came with the maps)
PLACES = ("home", "tower", "theater", "zoo", "jukebox", "hole", "pond", "tree", "rocket")
_SPACE = re.compile(r"^\s*([A-Za-z])\s*([0-9]{1,2})\s*$")


def places_of(game: SpaceGame, planet: SpaceMap | None = None) -> tuple[str, ...]:
    """What a `to` (or `start.at`) may name: a place, a neighbor's house, "" elsewhere."""
    without, with_map = _places(game)  # asked of every move's `to`: made once per game
    return without if planet is None else with_map


@per_game
def _places(game: SpaceGame) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """`places_of` without a planet, and with one."""
    houses = tuple(n.id for n in game.neighbors)
    return (*PLACES, *houses, ""), (*MAP_PLACES, *houses, "")


def spot_of(text: str) -> Spot | None:
    """ "C4" (any case, spaces around) as a Spot; None if it is not written like a space."""
    found = _SPACE.match(text)
    if not found:
        return None
    return Spot(ord(found[1].upper()) - ord("A") + 1, int(found[2]))


def maps_of(game: SpaceGame, planet: SpaceMap) -> tuple[SpaceMap, ...]:
    """The maps a player may stand on: their planet, then the side moons."""
    return (planet, *game.moons)


def read_planet(node: Node, game: SpaceGame) -> SpaceMap | None:
    """The planet a sheet names, None if it names none. A planet refused reads the rest as
    on the first planet, so its spaces are not refused once more for want of a planet."""
    typed = node.str("")
    if typed is None or not typed.strip():
        return None
    ids = tuple(p.id for p in game.planets)
    found = lenient.pick(typed, ids)
    if found is None:
        node.fail(
            f"unknown planet {typed!r}{lenient.nearest(typed, ids)}; planets: {', '.join(ids)}"
        )
        return game.planets[0] if game.planets else None
    return next(p for p in game.planets if p.id == found)


def nearest_space(space_map: SpaceMap, spot: Spot) -> str:
    """' (did you mean "C4"?)': the closest space of the map that can be entered."""
    spaces = [
        Spot(c, r)
        for c in range(1, space_map.columns + 1)
        for r in range(1, space_map.rows + 1)
        if space_map.enterable(Spot(c, r))
    ]
    best = min(spaces, key=lambda s: (abs(s.column - spot.column) + abs(s.row - spot.row), s))
    return f' (did you mean "{best.name}"?)'


def read_space(node: Node, text: str, space_map: SpaceMap) -> str | None:
    """A space typed as "C4", checked on `space_map`: its name, or None (recorded)."""
    spot = spot_of(text)
    if spot is None:
        return None
    last = f"{chr(ord('A') + space_map.columns - 1)}{space_map.rows}"
    if not space_map.on_map(spot):
        node.fail(
            f"{text.strip()!r} is not a space of {space_map.name} (A1-{last})"
            f"{nearest_space(space_map, spot)}"
        )
        return None
    if spot in space_map.craters:
        node.fail(
            f"{spot.name} is a crater on {space_map.name}: nobody stands there"
            f"{nearest_space(space_map, spot)}"
        )
        return None
    return spot.name


def _plain(text: str) -> str:
    return lenient.fold(text).replace("'", "").replace("\u2019", "").removeprefix("the-")


def printed_names(game: SpaceGame) -> dict[str, str]:
    """The names the printed pieces give places and houses ("Internet Tower", "Marga's
    Playhouse", "Bo's house"), as typed without case, apostrophes or a leading "the", to
    the id a `to` means."""
    names = {p.name: p.id for p in game.places}
    names |= {game.hole.name: "hole", game.pond.name: "pond", game.tree.name: "tree"}
    loc = game.locations
    names |= {loc.theater_name: "theater", loc.zoo_name: "zoo", loc.jukebox_name: "jukebox"}
    names |= {"launcher": "rocket", "rocket launcher": "rocket", "internet tower": "tower"}
    for n in game.neighbors:
        names |= {n.name: n.id, f"{n.name}'s house": n.id, f"{n.name}s house": n.id}
    return {_plain(name): place for name, place in names.items() if name}


def read_to(node: Node, game: SpaceGame, planet: SpaceMap | None) -> str:
    """A move's `to`: a place, a neighbor's house, "" elsewhere, or (with a planet) a space.
    A place may also be called by the name printed on the map or its card."""
    space = spot_of(node.value) if planet is not None and isinstance(node.value, str) else None
    if space is not None:
        maps = maps_of(game, planet)
        if any(m.enterable(space) for m in maps):  # which map is known only on the walk
            return space.name
        on_some = [m for m in maps if m.on_map(space)]
        return read_space(node, node.value, on_some[0] if on_some else planet) or ""
    choices = places_of(game, planet)
    if type(node.value) is str and node.value in choices:
        return node.value  # spelled as defined: what lenient.choice reads it as
    if isinstance(node.value, str) and lenient.pick(node.value, choices) is None:
        named = printed_names(game).get(_plain(node.value))
        if named in choices:
            return named
    return lenient.choice(node, choices, "") or ""


def read_start_space(node: Node, start_map: SpaceMap | None) -> str:
    """`start.space`: where the day starts on the map ("" at `start.at`, home by default)."""
    if node.missing:
        return ""
    if start_map is None:
        node.fail('a start space needs the sheet\'s planet: planet = "..."')
        return ""
    typed = node.str()
    if typed is None:
        return ""
    if spot_of(typed) is None:
        node.fail(f'expected a space written like "B2" (column letter, row number), got {typed!r}')
        return ""
    return read_space(node, typed, start_map) or ""


def start_map(game: SpaceGame, planet: SpaceMap | None, at: str) -> SpaceMap | None:
    """The map the day starts on: the planet, or the moon holding `start.at`."""
    if planet is None:
        return None
    if planet.at(at) is not None or not at:
        return planet
    return next((m for m in game.moons if m.at(at) is not None), planet)


def check_start_at(node: Node, game: SpaceGame, planet: SpaceMap | None, at: str) -> None:
    """`start.at` with a planet: a place of the planet, or of a side moon its launcher
    reaches; else refused, naming the planet and what it has."""
    if planet is None or not at or planet.at(at) is not None:
        return
    moons = game.moons if planet.at("rocket") is not None else ()
    if any(m.at(at) is not None and m.at("rocket") is not None for m in moons):
        return
    names = {n.id: n.name for n in game.neighbors}
    has = [f"{names[t.what]}'s house ({t.what})" if t.house else t.what for t in planet.things]
    moon = " or a side moon its rocket reaches" if moons else ""
    listed = ", ".join(has[:-1]) + " and " + has[-1] if len(has) > 1 else "".join(has)
    node.fail(f"{at!r} is not on {planet.name}{moon}; {planet.name} has {listed}")


HOME_PLANET = "home-planet"  # what an RL back may say instead of the planet's id


def read_flight(node: Node, game: SpaceGame, planet: SpaceMap | None) -> str:
    """A Rocket Launcher's `to`: the map it flies to (a moon's id, or the planet's id or
    "home planet" back), as a map id; "" if not typed. It needs the sheet's planet."""
    if node.missing:
        return ""
    if planet is None:
        node.fail('where a rocket flies is checked on the map: it needs planet = "..."')
        return ""
    ids = (HOME_PLANET, *(m.id for m in game.moons), *(p.id for p in game.planets))
    found = lenient.choice(node, (*ids, ""), "")
    return planet.id if found == HOME_PLANET else found or ""


def fuels_of(game: SpaceGame) -> tuple[str, ...]:
    """What pays for leaving the planet: a building resource, or the Rocket Fuel Cell."""
    cell = tuple(i.id for i in game.items if i.id == "rocket-fuel-cell")
    return (*game.sheet.building_resources, *cell)


def read_fuel(node: Node, game: SpaceGame, planet: SpaceMap | None) -> str:
    """A Rocket Launcher's `fuel`: the building resource (or fuel cell) spent to leave."""
    if node.missing:
        return ""
    if planet is None:
        node.fail('the rocket\'s fuel is checked on the map: it needs planet = "..."')
        return ""
    # any resource or item reads: one that cannot pay for the flight is rocket.fuel
    spendable = (*fuels_of(game), *game.sheet.resources, *(i.id for i in game.items))
    return lenient.choice(node, (*dict.fromkeys(spendable), ""), "") or ""
