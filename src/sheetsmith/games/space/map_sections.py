"""Personal Space: the definition's maps read into the model: the places' names and what
is done there, the planets (one a player) and the side moons (shared by the table).

Every problem is recorded where it is found (key path and line), never raised, so a
designer editing a map sees all of them at once: a space that is not a space or lies off
the grid, an unknown place or neighbor, two things on one space, a planet missing its
home, tower, launcher or generator, a neighbor on no map (or two), a neighbor's range
leaving the map or covering a crater, a place walled in by craters.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from sheetsmith.definition.common import slug, unique_ids
from sheetsmith.games.space.model import (
    GENERATORS,
    MAX_MAP,
    MOON_PLACES,
    PLACES,
    PLANET_PLACES,
    Neighbor,
    Placed,
    PlaceInfo,
    SpaceMap,
    Spot,
)
from sheetsmith.toml.node import Node, describe, suggest

# a column letter then a row number, as players type a space: "C4" (any case, for people)
_SPOT = re.compile(r"([A-Za-z])([0-9]{1,2})")
MIN_MAP = 3  # smaller is not a map to move on
CRATER = "a crater"  # what a crater's space holds, in a "two things on one space" message


def _letter(column: int) -> str:
    return chr(ord("A") + column - 1)


def parse_places(node: Node, names: Mapping[str, str]) -> tuple[PlaceInfo, ...]:
    """`[places]`: every place's map name and legend line. The generators and the QR
    locations already have names (`names`); the others must be named here."""
    node.only(*PLACES)
    places = []
    for place_id in PLACES:
        entry = node[place_id]
        entry.only("name", "does")
        known = names.get(place_id)
        name = entry["name"].str(known) if known is not None else entry["name"].str()
        places.append(PlaceInfo(place_id, name or place_id, entry["does"].str() or ""))
    return tuple(places)


def _spot(node: Node, columns: int, rows: int) -> Spot | None:
    """A space named like "C4" on a map of `columns` x `rows`, or None (problem recorded)."""
    text = node.str()
    if text is None:
        return None
    match = _SPOT.fullmatch(text.strip())
    if match is None:
        node.fail(
            'expected a space such as "C4" (a column letter, then a row number),'
            f" got {describe(text)}"
        )
        return None
    spot = Spot(ord(match[1].upper()) - ord("A") + 1, int(match[2]))
    if not (1 <= spot.column <= columns and 1 <= spot.row <= rows):
        node.fail(
            f"{spot.name} is off the map: columns A-{_letter(columns)}, rows 1-{rows}"
            f" (got {text!r})"
        )
        return None
    return spot


class _Board:
    """One map being read: what stands where so far, to refuse two things on one space."""

    def __init__(self, columns: int, rows: int) -> None:
        self.columns = columns
        self.rows = rows
        self.taken: dict[Spot, str] = {}

    def claim(self, node: Node, label: str) -> Spot | None:
        spot = _spot(node, self.columns, self.rows)
        if spot is None:
            return None
        if spot in self.taken:
            node.fail(f"{spot.name} already holds {self.taken[spot]}: one thing a space")
            return None
        self.taken[spot] = label
        return spot


def _places(item: Node, board: _Board, moon: bool) -> list[Placed]:
    kind = "side moon" if moon else "planet"
    allowed = MOON_PLACES if moon else PLANET_PLACES
    placed = []
    table = item["places"].table()
    for key, node in table.items():
        if key not in PLACES:
            node.fail(
                f"unknown place {key!r}{suggest(key, allowed)}; a {kind} holds: "
                + ", ".join(allowed)
            )
        elif key not in allowed:
            where = "a side moon" if key in MOON_PLACES else "a planet"
            node.fail(f"the {key} stands on {where}, not on a {kind}")
        elif (spot := board.claim(node, f"the {key}")) is not None:
            placed.append(Placed(key, spot))
    # judged by the keys written, so a misplaced home is one problem, not two
    need = ("rocket",) if moon else ("home", "tower", "rocket")
    for place_id in need:
        if place_id not in table and not item["places"].missing:
            item["places"].fail(f"a {kind} needs its {place_id}")
    if not moon and not item["places"].missing:
        generators = [key for key in table if key in GENERATORS]
        if len(generators) != 1:
            got = " and ".join(generators) or "none"
            item["places"].fail(
                f"a planet has one resource generator (hole, pond or tree), got {got}"
            )
    return placed


def _houses(
    item: Node, board: _Board, neighbors: Mapping[str, Neighbor], moon: bool
) -> list[Placed]:
    houses = []
    table = item["neighbors"].table({})
    for key, node in table.items():
        neighbor = neighbors.get(key)
        if key in PLACES:
            node.fail(f"{key!r} names a place; a neighbor needs another id")
        elif neighbor is None:
            known = ", ".join(neighbors) or "none"
            node.fail(
                f"unknown neighbor {key!r}{suggest(key, tuple(neighbors))}; neighbors: {known}"
            )
        elif (spot := board.claim(node, f"{neighbor.name}'s house")) is not None:
            houses.append(Placed(key, spot, house=True))
            _range_fits(node, neighbor, spot, board)
    if not moon and len(table) != 1:
        item["neighbors"].fail(f"a planet has one starting neighbor, got {len(table)}")
    return houses


def _range_fits(node: Node, neighbor: Neighbor, house: Spot, board: _Board) -> None:
    """Every space of the neighbor's card must be a space a player can stop on."""
    for space in neighbor.range:
        spot = house.step(space.dx, space.dy)
        where = f"{neighbor.name}'s range space [{space.dx}, {space.dy}]"
        if not (1 <= spot.column <= board.columns and 1 <= spot.row <= board.rows):
            node.fail(f"{where} falls off the map from {house.name}")
        elif board.taken.get(spot) == CRATER:
            node.fail(f"{where} ({spot.name}) is a crater, which cannot be entered")


def _walled_in(item: Node, space_map: SpaceMap) -> None:
    """Every place and house can be walked to from the Rocket Launcher (the way in)."""
    start = space_map.at("rocket")
    if start is None:
        return
    for thing in space_map.things:
        if space_map.distance(start, thing.at) is None:
            section = "neighbors" if thing.house else "places"
            item[section][thing.what].fail(
                f"{thing.at.name} cannot be reached from the rocket launcher: craters wall it in"
            )


def _map(item: Node, moon: bool, neighbors: Mapping[str, Neighbor]) -> SpaceMap:
    item.only("id", "name", "columns", "rows", "places", "neighbors", "craters")
    columns = item["columns"].int(low=MIN_MAP, high=MAX_MAP) or MAX_MAP
    rows = item["rows"].int(low=MIN_MAP, high=MAX_MAP) or MAX_MAP
    board = _Board(columns, rows)
    # craters first: a range covering one is then known when the houses are read
    craters = []
    for node in item["craters"].list(()):
        if (spot := board.claim(node, CRATER)) is not None:
            craters.append(spot)
    things = _places(item, board, moon) + _houses(item, board, neighbors, moon)
    space_map = SpaceMap(
        id=slug(item["id"]),
        name=item["name"].str() or "?",
        moon=moon,
        columns=columns,
        rows=rows,
        things=tuple(things),
        craters=tuple(craters),
    )
    _walled_in(item, space_map)
    return space_map


def parse_maps(
    root: Node, neighbors: tuple[Neighbor, ...]
) -> tuple[tuple[SpaceMap, ...], tuple[SpaceMap, ...]]:
    """`[[planets]]` and `[[moons]]`: every neighbor lives on exactly one of them, every
    moon place (theater, zoo, jukebox, store) stands on exactly one moon."""
    by_id = {n.id: n for n in neighbors}
    planet_items, moon_items = root["planets"].list(), root["moons"].list()
    unique_ids(planet_items + moon_items, "map")
    planets = tuple(_map(item, False, by_id) for item in planet_items)
    moons = tuple(_map(item, True, by_id) for item in moon_items)
    if not planet_items and not root["planets"].missing:
        root["planets"].fail("expected at least one planet")
    lives: dict[str, str] = {}
    for item, space_map in zip(planet_items + moon_items, planets + moons, strict=True):
        for house in space_map.houses:
            if house.what in lives:
                item["neighbors"][house.what].fail(
                    f"{by_id[house.what].name} already lives on {lives[house.what]}"
                )
            lives.setdefault(house.what, space_map.name)
    # the neighbors' own entries (already read once): a problem there points at the neighbor
    entries = root["neighbors"].list() if isinstance(root["neighbors"].value, list) else []
    for node, neighbor in zip(entries, neighbors, strict=False):
        if neighbor.id not in lives:
            node["id"].fail(f"{neighbor.name} lives on no map: add them to a planet or a moon")
    stands: dict[str, str] = {}
    for item, moon in zip(moon_items, moons, strict=True):
        for place in moon.places:
            if place.what in stands and place.what != "rocket":
                item["places"][place.what].fail(
                    f"the {place.what} already stands on {stands[place.what]}"
                )
            stands.setdefault(place.what, moon.name)
    if moon_items:
        for place_id in MOON_PLACES:
            if place_id not in stands:
                root["moons"].fail(f"no side moon holds the {place_id}")
    elif not root["moons"].missing:
        root["moons"].fail("expected at least one side moon")
    return planets, moons
