"""Personal Space: a day walked on its map, for a sheet that names its planet.

Each move's path is walked from where the player stands: a step off the map or into a
crater is reported (once, naming the step), and where the walk ends is compared with the
typed `to`. After a mistake the day carries on from where the log says the player went
(the typed `to`), unknown if it says nothing. Actions that happen at a place are checked
against the space the player stands on; Internet counts the steps to the tower.
"""

from __future__ import annotations

from collections import defaultdict
from typing import NamedTuple

from sheetsmith.check.per_game import per_game
from sheetsmith.check.verdict import Violation
from sheetsmith.games.space.grid_rules import connected, internet
from sheetsmith.games.space.model import GENERATORS, SpaceMap, Spot
from sheetsmith.games.space.neighbor_rules import neighbor_name
from sheetsmith.games.space.sheet import Entry
from sheetsmith.games.space.sheet_places import fuels_of, spot_of, start_map
from sheetsmith.games.space.typed_day import Day, entry_where, plural

STEPS = {"U": (0, 1), "D": (0, -1), "L": (-1, 0), "R": (1, 0)}
WORDS = {"U": "up", "D": "down", "L": "left", "R": "right"}
# where an action happens: the places it may happen at, and its rule
VENUES = {
    "rearrange": (("home",), "place.home"),
    "transfer": (("home",), "place.home"),
    "resource": (GENERATORS, "place.generator"),
    "show": (("theater",), "place.venue"),
    "zoo": (("zoo",), "place.venue"),
    "adopt": (("zoo",), "place.venue"),
    "jukebox": (("jukebox",), "place.venue"),
    "buy": (("store", "zoo"), "place.venue"),  # the zoo sells its bucket of feed
}


class Stand(NamedTuple):
    """Where the player is: a map, a space on it (None: unknown), and the move that went
    there (0: the day starts there)."""

    map: SpaceMap
    spot: Spot | None
    since: int = 0
    # where else the player may stand: where the walk (and its run) ended when the typed
    # `to` said otherwise (one of the two is a typo, so what follows may happen at either:
    # one mistake, one report), or where a run with no `to` may have ended
    also: tuple[Spot, ...] = ()

    def at(self, spot: Spot | None) -> Stand:
        return Stand(self.map, spot, self.since)


def start(day: Day) -> Stand:
    game, sheet = day.game, day.sheet
    planet = next(p for p in game.planets if p.id == sheet.planet)
    space_map = start_map(game, planet, sheet.start_at) or planet
    spot = spot_of(sheet.start_space) if sheet.start_space else space_map.at(sheet.start_at)
    return Stand(space_map, spot)


def resolve(space_map: SpaceMap, to: str) -> Spot | None:
    """The space a typed `to` names on this map: a space, a place or a house."""
    return spot_of(to) or space_map.at(to)


def map_rules(day: Day) -> list[Violation]:
    """Every map rule of the day, in log order."""
    stand = start(day)
    out: list[Violation] = []
    misplaced: dict[int, list[tuple[Entry, str, str]]] = defaultdict(list)
    for entry in day.entries:
        if entry.action == "move":
            stand, found = _move(day, entry, stand)
            out += found
        elif entry.action == "rocket":
            stand, found = _rocket(day, entry, stand)
            out += found
        elif entry.action == "internet":
            out += _internet(day, entry, stand)
        elif entry.action in VENUES and not entry.missing:
            _venue(day, entry, stand, misplaced)
    return out + _misplaced(day, misplaced)


def here(stand: Stand) -> str:
    """ "D3 on Driftwater (the pond)"."""
    if stand.spot is None:
        return f"somewhere on {stand.map.name}"
    what = next((t for t in stand.map.things if t.at == stand.spot), None)
    named = "" if what is None else f" ({'a house' if what.house else 'the ' + what.what})"
    return f"{stand.spot.name} on {stand.map.name}{named}"


# -- moves ------------------------------------------------------------------------------------


def _move(day: Day, entry: Entry, stand: Stand) -> tuple[Stand, list[Violation]]:
    if entry.missing:
        return Stand(stand.map, None, entry.number), []
    went = resolve(stand.map, entry.to) if entry.to else None
    if stand.spot is None or not entry.path:
        return Stand(stand.map, went, entry.number), []
    first = _walk_from(day, entry, stand, went)
    for other in stand.also if first[1] else ():
        second = _walk_from(day, entry, stand.at(other), went)
        if not second[1]:
            return second
    return first


def _walk_from(
    day: Day, entry: Entry, stand: Stand, went: Spot | None
) -> tuple[Stand, list[Violation]]:
    end, broken = walk(day, entry, stand)
    if broken:
        return Stand(stand.map, went, entry.number), [broken]
    assert end is not None
    out = _to(day, entry, stand.map, end, went)
    if entry.to and not out:
        day.confirmed.add(entry.number)
    ran = stand.map.within(end, entry.run)
    also = ran if out else () if entry.to else ran[1:]
    after = Stand(stand.map, went if entry.to else end, entry.number, also)
    return after, out + (_range(day, entry, after) if after.spot is not None else [])


@per_game
def _enterable(space_map: SpaceMap) -> frozenset[Spot]:
    """The spaces of a map that can be entered: a walk asks of every step."""
    return frozenset(
        spot
        for column in range(1, space_map.columns + 1)
        for row in range(1, space_map.rows + 1)
        if space_map.enterable(spot := Spot(column, row))
    )


def walk(day: Day, entry: Entry, stand: Stand) -> tuple[Spot | None, Violation | None]:
    """Where the path ends, or the step that cannot be taken."""
    space_map, spot = stand.map, stand.spot
    assert spot is not None
    enterable = _enterable(space_map)
    for index, step in enumerate(entry.path, start=1):
        dx, dy = STEPS[step]
        nxt = Spot(spot.column + dx, spot.row + dy)
        if nxt in enterable:  # `space_map.enterable(nxt)`
            spot = nxt
            continue
        off = not space_map.on_map(nxt)
        rule = "map.off" if off else "map.crater"
        into = f"off {space_map.name}" if off else f"into the crater at {nxt.name}"
        text = f"step {index} ({WORDS[step]}) from {spot.name} goes {into}"
        text += f" (the walk starts at {here(stand)})"
        return None, Violation(rule, entry_where(entry), text)
    return spot, None


def _to(
    day: Day, entry: Entry, space_map: SpaceMap, end: Spot, went: Spot | None
) -> list[Violation]:
    """A typed `to` that the walk (and its run) cannot end at; "" says nothing."""
    if not entry.to:
        return []
    if went is not None:
        steps = space_map.distance(end, went)
        if steps is not None and steps <= entry.run:
            return []
    shown = entry.to if spot_of(entry.to) else _named(day, entry.to)
    where = f"{shown} ({went.name})" if went and not spot_of(entry.to) else shown
    ran = f" and {plural(entry.run, 'space')} run" if entry.run else ""
    if went is None:
        return [
            Violation(
                "move.to",
                entry_where(entry),
                f"`to` is {shown}, which is not on {space_map.name}; the path{ran} ends at "
                f"{end.name}",
            )
        ]
    return [
        Violation(
            "move.to",
            entry_where(entry),
            f"the path ends at {end.name}{ran and ' before running'}, but `to` is {where}",
        )
    ]


def _named(day: Day, what: str) -> str:
    neighbor = next((n.name for n in day.game.neighbors if n.id == what), None)
    return f"{neighbor}'s house" if neighbor else ("home" if what == "home" else f"the {what}")


def _range(day: Day, entry: Entry, after: Stand) -> list[Violation]:
    """The space a neighbor emerged at is where the move ended, seen from their house."""
    found = entry.emerge
    if found is None or after.spot is None:
        return []
    name = neighbor_name(day.game, found.neighbor)
    house = after.map.at(found.neighbor)
    if house is None:
        why = f"{name} does not live on {after.map.name}"
        # the name is the slip when a house on this map lies where the space says
        dx, dy = found.space
        who = next(
            (h.what for h in after.map.houses if (h.at.column + dx, h.at.row + dy) == after.spot),
            "",
        )
        day.emerge_who[entry.number] = who
        if who:
            text = f"emerge names {name}, who does not live on {after.map.name}; "
            text += f"{list(found.space)} from the move's end ({after.spot.name}) is "
            text += f"{neighbor_name(day.game, who)}'s house"
            return [Violation("neighbor.space", entry_where(entry), text)]
    else:
        # where the log says the move went, or where the walk ended when `to` disagrees
        seen = [(s.column - house.column, s.row - house.row) for s in (after.spot, *after.also)]
        if found.space in seen:
            return []
        dx, dy = seen[0]
        day.emerge_at[entry.number] = (dx, dy)  # the roll is then judged on the map's space
        why = f"the move ends at {after.spot.name}, [{dx}, {dy}] from {name}'s house ({house.name})"
    space = f"[{found.space[0]}, {found.space[1]}]"
    return [Violation("neighbor.space", entry_where(entry), f"emerge space is {space}, but {why}")]


# -- the Rocket Launcher ---------------------------------------------------------------------


def _rocket(day: Day, entry: Entry, stand: Stand) -> tuple[Stand, list[Violation]]:
    """A flight from launcher to launcher, between the planet and a side moon: where it
    leaves from, where it goes, and the building resource spent to leave the planet."""
    game = day.game
    planet = next(p for p in game.planets if p.id == day.sheet.planet)
    if entry.missing:
        return Stand(stand.map, None, entry.number), []
    to = entry.to or (planet.id if stand.map.moon else "")
    if not to:  # from the planet to a moon not named: where the player is is unknown
        return Stand(stand.map, None, entry.number), []
    dest = next(m for m in (*game.planets, *game.moons) if m.id == to)
    out = []
    launcher = stand.map.at("rocket")
    if stand.spot is not None and launcher not in {stand.spot, *stand.also}:
        text = f"the rocket leaves from the launcher ({launcher.name if launcher else 'none'} "
        text += f"on {stand.map.name}); you are at {here(stand)}"
        out.append(Violation("rocket.launcher", entry_where(entry), text))
    why = ""
    if dest.id == stand.map.id:
        why = f"you are already on {dest.name}"
    elif not dest.moon and dest.id != planet.id:
        why = f"{dest.name} is not your planet ({planet.name})"
    elif dest.moon and stand.map.moon:
        why = f"it flies between {planet.name} and a side moon, not from {stand.map.name}"
    elif dest.at("rocket") is None:
        why = f"{dest.name} has no launcher"
    if why:
        text = f"the rocket flies to {dest.name}: {why}"
        out.append(Violation("rocket.launcher", entry_where(entry), text))
    if not stand.map.moon and dest.moon and entry.fuel not in fuels_of(game):
        text = f"leaving {stand.map.name} for {dest.name} costs {_fuel_names(day)}"
        if entry.fuel:
            text += f", not {entry.fuel}"
        else:
            text += ': type the one spent as fuel = "rock"'
        out.append(Violation("rocket.fuel", entry_where(entry), text))
    return Stand(dest, dest.at("rocket"), entry.number), out


def _fuel_names(day: Day) -> str:
    """ "1 rock, wood or coral, or a Rocket Fuel Cell" """
    items = {i.id: i.name for i in day.game.items}
    fuels = fuels_of(day.game)
    resources = [f for f in fuels if f not in items]
    text = "1 " + (", ".join(resources[:-1]) + " or " if len(resources) > 1 else "")
    text += resources[-1] if resources else ""
    cells = [f"a {items[f]}" for f in fuels if f in items]
    return ", or ".join([text, *cells]) if resources else " or ".join(cells)


# -- Internet and places ----------------------------------------------------------------------


def _internet(day: Day, entry: Entry, stand: Stand) -> list[Violation]:
    tower = stand.map.at("tower")
    if stand.spot is None or entry.missing:
        return internet(day, entry)
    if stand.also and any(not _internet(day, entry, stand.at(o)) for o in stand.also):
        return []
    if tower is None:
        text = "the Internet works on your planet, where the tower stands; "
        text += f"you are at {here(stand)}"
        return [Violation("internet.distance", entry_where(entry), text)]
    steps = stand.map.distance(stand.spot, tower)
    if steps is None:
        return internet(day, entry)
    cells = day.own[entry.number]
    out = []
    if entry.distance is not None and entry.distance != steps:
        text = (
            f"distance is {entry.distance}, but {here(stand)} is "
            f"{plural(steps, 'step')} from the tower ({tower.name})"
        )
        out.append(Violation("internet.distance", entry_where(entry, cells), text))
    sizes = {steps + 1} | ({entry.distance + 1} if entry.distance is not None else set())
    if len(cells) in sizes and connected(cells):
        return out
    shape = "" if connected(cells) or not cells else ", not connected"
    text = (
        f"{here(stand)} is {plural(steps, 'step')} from the tower: a connected group of "
        f"{plural(steps + 1, 'I square')} (your space and the tower included), found "
        f"{len(cells)}{shape}"
    )
    return [*out, Violation("internet.squares", entry_where(entry, cells), text)]


def _venue(
    day: Day, entry: Entry, stand: Stand, misplaced: dict[int, list[tuple[Entry, str, str]]]
) -> None:
    """Collected by the move that put you there, to report a mistyped move once."""
    if stand.spot is None:
        return
    places, rule = VENUES[entry.action]
    spots = {stand.map.at(p) for p in places} - {None}
    if spots & {stand.spot, *stand.also}:
        return
    if rule == "place.generator":
        names = "your planet's generator"
    else:
        names = " or ".join(_named(day, p) for p in places)
    text = f"{day.action[entry.action].name} happens at {names}; you are at {here(stand)}"
    misplaced[stand.since].append((entry, rule, text))


def _misplaced(day: Day, misplaced: dict[int, list[tuple[Entry, str, str]]]) -> list[Violation]:
    out = []
    for since, found in misplaced.items():
        move = day.by_number.get(since)
        went = f"log {since} ({move.code}) went there" if move else "the day starts there"
        if move is not None and len(found) > 1:
            listed = ", ".join(f"log {e.number} ({e.code})" for e, _, _ in found)
            text = f"ends where {listed} cannot happen: most likely this move is typed wrong"
            out.append(Violation(found[0][1], entry_where(move), text))
            continue
        out += [Violation(rule, entry_where(e), f"{text} ({went})") for e, rule, text in found]
    return out
