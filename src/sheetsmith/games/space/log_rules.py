"""Personal Space: the rules of the log in order: where you are, what follows what, money.

After a broken entry the day carries on from what the sheet shows: you are where the log
says the last move went (unknown after a move left out of the log), the money and trackers
are the ledger's (ledger.py), and an entry left out of the log is given the benefit of the
doubt by the entries that depend on it (a Neighbor after a left-out move, a Trade after a
left-out Neighbor). A Neighbor action that comes late after its neighbor emerged is one
mistake (`neighbor.next`, where it should have come), not also a meeting nobody emerged for.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator, Mapping
from typing import NamedTuple

from sheetsmith.check.verdict import Violation
from sheetsmith.games.space.grid_rules import explore
from sheetsmith.games.space.ledger import PRICED, TRACKS, Ledger, Replay, prices
from sheetsmith.games.space.neighbor_rules import Emerged, emerge, meet, neighbor_name
from sheetsmith.games.space.sheet import Entry
from sheetsmith.games.space.tracker_rules import Trackers, end_of_day, move
from sheetsmith.games.space.typed_day import Day, entry_where

TRADE_AFTER = ("neighbor", "trade")  # a base trade may be repeated in one go
GENERATORS = ("hole", "pond", "tree")
_PLACED = frozenset({"resource", "rearrange", "transfer"})  # what _place_rules is about


class Place(NamedTuple):
    at: str | None  # a place, "" elsewhere, None unknown (a move left out of the log)
    since: int  # the move that went there, 0 for the start of the day


class _Walk:
    """What the day has done so far, entry by entry."""

    def __init__(self, day: Day, ledger: Ledger) -> None:
        self.place = Place(day.sheet.start_at, 0)
        self.state = Trackers(day, ledger.start)
        self.met: dict[str, int] = {}
        self.emerged: Emerged | None = None
        # neighbors who emerged but were not met next: neighbor -> (their move, the index
        # of its `neighbor.next` in the day's violations), so a late meeting is not doubted
        self.owed: dict[str, tuple[int, int]] = {}
        # whom a Trade right after a Neighbor action (or a Trade) is with: the neighbor and
        # the entry that says so; None after a Neighbor left out of the log (unknown)
        self.partner: tuple[str, Entry] | None = None
        self.internet_seen = False
        self.suggests: list[Entry] = []
        self.misplaced: dict[int, list[tuple[Entry, str, str]]] = defaultdict(list)
        self.changes = _Changes()


class _Changes(Mapping[str, list[tuple[Entry, int]]]):
    """Each entry's change to each of TRACKS, as (entry, change) lists by track. Kept as
    one row per entry: the lists are read only to explain an end that does not add up."""

    def __init__(self) -> None:
        self.rows: list[tuple[Entry, tuple[int, int, int, int]]] = []

    def __getitem__(self, track: str) -> list[tuple[Entry, int]]:
        index = TRACKS.index(track)
        return [(entry, deltas[index]) for entry, deltas in self.rows]

    def __iter__(self) -> Iterator[str]:
        return iter(TRACKS)

    def __len__(self) -> int:
        return len(TRACKS)


def sequence(day: Day, ledger: Ledger) -> Replay:
    """Rules that depend on what came before: places, neighbors, money and trackers."""
    walk = _Walk(day, ledger)
    out: list[Violation] = []
    before: Entry | None = None
    # each rule below is asked only of the actions it is about (what it answers the
    # others: nothing, or a reset): the log is replayed once per ledger tried
    state, rows, offset = walk.state, walk.changes.rows, ledger.offset
    tracks = day.game.sheet
    # the tracks' edges as locals: every entry's trackers are compared with them
    speed_min, speed_max = tracks.speed.min, tracks.speed.max
    energy_min, energy_max = tracks.energy.min, tracks.energy.max
    mood_min, mood_max = tracks.mood.min, tracks.mood.max
    for entry in day.entries:
        action = entry.action
        if walk.emerged:
            out += _next_after_emerge(day, entry, walk, len(out))
        if action == "move":
            out += move(day, entry, walk.state) + day.known(explore, entry)
            walk.place = Place(None if entry.missing else entry.to, entry.number)
            walk.emerged = emerge(day, entry, walk.met, out)
        else:
            if action == "rocket" and not entry.missing:  # at the launcher it flew to
                walk.place = Place("rocket", entry.number)
            if entry.action == "neighbor" and not entry.missing:
                if walk.emerged is not None and walk.emerged.neighbor == entry.neighbor:
                    walk.owed.pop(entry.neighbor, None)  # she emerged again: met in time
                    emerged: Emerged | None = walk.emerged
                else:
                    emerged = _late(day, entry, walk, out) or walk.emerged
                out += meet(day, entry, before, emerged, walk.met, walk.state.mood)
            walk.emerged = None
        if action == "trade" or action == "review":
            out += _follows(day, entry, before)
        if action == "neighbor" or action == "trade":
            out += _trade_partner(day, entry, before, walk)
        else:
            walk.partner = None
        if action == "internet" or action == "suggest":
            out += _once_and_after(day, entry, walk)
        if action in _PLACED:
            _place_rules(day, entry, walk)
        if action in PRICED:
            out += _price_rules(day, entry)
        # money and trackers after the entry, as the ledger carries them (ledger.change
        # for each of TRACKS, spelled out, and the tracks checked only when one is off)
        money, speed, energy, mood = entry.money, entry.speed, entry.energy, entry.mood
        if action == "eat" and entry.missing:
            energy = 1  # typed_change: an Eat left out of the log gave 1 Energy
        if offset:
            number = entry.number
            money += offset.get((number, "money"), 0)
            speed += offset.get((number, "speed"), 0)
            energy += offset.get((number, "energy"), 0)
            mood += offset.get((number, "mood"), 0)
        rows.append((entry, (money, speed, energy, mood)))
        state.money += money
        state.speed += speed
        state.energy += energy
        state.mood += mood
        if (
            state.money < 0
            or not speed_min <= state.speed <= speed_max
            or not energy_min <= state.energy <= energy_max
            or not mood_min <= state.mood <= mood_max
        ):
            out += _off_track(entry, state)
        before = entry
    # a day whose grid is full has no next action: the Neighbor action cannot be drawn
    if walk.emerged and walk.emerged.sure and len(day.held) < day.size * day.size:
        name = neighbor_name(day.game, walk.emerged.neighbor)
        out.append(
            Violation(
                "neighbor.next",
                f"log {walk.emerged.number}",
                f"{name} emerged at the end of the day's last move: a Neighbor action must follow",
            )
        )
    out += _suggest_once(walk)
    out += _misplaced(day, walk)
    out += end_of_day(day, walk.state, ledger.start, walk.changes)
    return Replay(out, walk.state.as_dict())


def _next_after_emerge(day: Day, entry: Entry, walk: _Walk, index: int) -> list[Violation]:
    """`index`: where the violation will stand in the day's list (a late meeting adds to it)."""
    # only a sure emergence obliges: a roll typed outside the range is reported at its move
    if not walk.emerged or not walk.emerged.sure or entry.action == "neighbor":
        return []
    if walk.emerged.neighbor not in walk.met:
        walk.owed.setdefault(walk.emerged.neighbor, (walk.emerged.number, index))
    name = neighbor_name(day.game, walk.emerged.neighbor)
    return [
        Violation(
            "neighbor.next",
            entry_where(entry),
            f"{name} emerged at the end of log {walk.emerged.number}: the next action must be "
            f"Neighbor ({day.codes['neighbor']}), not {entry.code}",
        )
    ]


def _late(day: Day, entry: Entry, walk: _Walk, out: list[Violation]) -> Emerged | None:
    """A Neighbor action with someone who emerged earlier but was not met next: the
    mistake is the one `neighbor.next` already reported, which now says where she was met."""
    owed = walk.owed.pop(entry.neighbor, None)
    if owed is None or entry.neighbor in walk.met:
        return None
    number, index = owed
    late = out[index]
    name = neighbor_name(day.game, entry.neighbor)
    out[index] = late._replace(message=f"{late.message}; {name} is met late, at log {entry.number}")
    return Emerged(entry.neighbor, number, sure=True)


def _trade_partner(day: Day, entry: Entry, before: Entry | None, walk: _Walk) -> list[Violation]:
    """A Trade right after a Neighbor action is with that neighbor (a repeated base trade
    too); one that names another neighbor breaks `trade.after-neighbor`."""
    if entry.action == "neighbor":
        walk.partner = None if entry.missing else (entry.neighbor, entry)
        return []
    if entry.action != "trade" or before is None or before.action not in TRADE_AFTER:
        walk.partner = None
        return []
    partner = walk.partner
    if before.missing or partner is None or entry.missing:
        if entry.neighbor and not entry.missing:
            walk.partner = (entry.neighbor, entry)
        return []
    neighbor, said = partner
    if not entry.neighbor or entry.neighbor == neighbor:
        return []
    name = neighbor_name(day.game, neighbor)
    return [
        Violation(
            "trade.after-neighbor",
            entry_where(entry),
            "a Trade right after a Neighbor action is with that neighbor: "
            f"{entry_where(said)} is with {name}, not "
            f"{neighbor_name(day.game, entry.neighbor)}",
        )
    ]


def _follows(day: Day, entry: Entry, before: Entry | None) -> list[Violation]:
    """Trade after Neighbor, Review after Show; an entry left out of the log may be it."""
    if before is not None and before.missing:
        return []
    after = f"but log {before.number} is {before.code}" if before else "but it is first"
    if entry.action == "trade" and (before is None or before.action not in TRADE_AFTER):
        return [
            Violation(
                "trade.after-neighbor",
                entry_where(entry),
                "a Trade follows a Neighbor action (their offer or base trade), " + after,
            )
        ]
    if entry.action == "review" and (before is None or before.action != "show"):
        return [
            Violation(
                "review.after-show",
                entry_where(entry),
                "a Review immediately follows a Show, " + after,
            )
        ]
    return []


def _once_and_after(day: Day, entry: Entry, walk: _Walk) -> list[Violation]:
    if entry.action == "internet":
        walk.internet_seen = True
    if entry.action != "suggest":
        return []
    again = bool(walk.suggests)  # a second Suggest is `suggest.once`, its one report
    walk.suggests.append(entry)
    if walk.internet_seen or again:
        return []
    return [
        Violation(
            "suggest.internet",
            entry_where(entry),
            f"Suggest needs an Internet ({day.codes['internet']}) action earlier in the day",
        )
    ]


def _suggest_once(walk: _Walk) -> list[Violation]:
    first = walk.suggests[0] if walk.suggests else None
    return [
        Violation(
            "suggest.once",
            entry_where(entry),
            f"Suggest is once a day; log {first.number} was already Suggest",
        )
        for entry in walk.suggests[1:]
        if first is not None
    ]


def _place_rules(day: Day, entry: Entry, walk: _Walk) -> None:
    """Collected by the move that put you there, to report a mistyped `to` once. A sheet
    that names its planet has its places checked on the map instead (map_rules.py)."""
    at = walk.place.at
    if at is None or entry.missing or day.sheet.planet:  # on a map: map_rules.py
        return
    if entry.action == "resource" and at not in GENERATORS:
        text = f"resources are produced at a generator ({', '.join(GENERATORS)})"
        walk.misplaced[walk.place.since].append((entry, "resource.place", text))
    elif entry.action in ("rearrange", "transfer") and at != "home":
        text = f"{day.action[entry.action].name} happens at home"
        walk.misplaced[walk.place.since].append((entry, "home.only", text))


def _misplaced(day: Day, walk: _Walk) -> list[Violation]:
    """One report per move: several entries that cannot happen where a move went say the
    move's `to` is the typo, not each of them."""
    out = []
    for since, found in walk.misplaced.items():
        move = day.by_number.get(since)
        flew = move is not None and move.action == "rocket"  # to the launcher it flew to
        here = (
            "the Rocket Launcher"
            if flew
            else place_name(day, move.to if move else day.sheet.start_at)
        )
        went = f"log {since} ({move.code}) went there" if move else "the day starts there"
        if move is not None and len(found) > 1 and not flew:
            listed = ", ".join(f"log {e.number} ({e.code})" for e, _, _ in found)
            out.append(
                Violation(
                    found[0][1],
                    entry_where(move),
                    f"ends at {here}, but {listed} cannot happen there: most likely this "
                    "move's `to` is typed wrong",
                )
            )
            continue
        for entry, rule, text in found:
            out.append(Violation(rule, entry_where(entry), f"{text}; you are at {here} ({went})"))
    return out


def place_name(day: Day, at: str) -> str:
    if at == "home" or not at:
        return at or "no named place"
    neighbor = next((n.name for n in day.game.neighbors if n.id == at), None)
    return f"{neighbor}'s house" if neighbor else f"the {at}"


def _price_rules(day: Day, entry: Entry) -> list[Violation]:
    allowed = prices(day, entry)
    if not allowed or entry.missing or -entry.money in allowed:
        return []
    rule, what = {
        "show": ("show.price", f"a show on {day.sheet.day.capitalize()}"),
        "zoo": ("zoo.price", "the zoo"),
        "jukebox": ("jukebox.price", "a song"),
        "adopt": ("adopt.price", "adopting an animal"),
    }[entry.action]
    paid = f"${-entry.money}" if entry.money <= 0 else f"+${entry.money}"
    if entry.action == "show" and len(allowed) > 1:  # after a Use: the show ticket's
        costs = f"${allowed[0]} (money = -{allowed[0]}), or nothing with a show ticket"
    else:
        costs = " or ".join(f"${a}" for a in allowed) + f" (money = -{allowed[0]})"
    return [Violation(rule, entry_where(entry), f"{what} costs {costs}, got {paid}")]


def _off_track(entry: Entry, state: Trackers) -> list[Violation]:
    """Money below zero, a tracker pushed off its track (kept at the edge)."""
    if state.money >= 0:
        return state.range_check(entry)
    negative = Violation(
        "money.negative",
        entry_where(entry),
        f"money would be -${-state.money}: you cannot spend what you do not have",
    )
    return [negative, *state.range_check(entry)]
