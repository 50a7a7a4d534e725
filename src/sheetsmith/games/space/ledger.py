"""Personal Space: the money and trackers as the table most likely had them.

The day replays `start` through every entry's changes to `end`. Where an entry is already
known to be wrong, its change is in doubt: a price that is not the card's was either paid
(the log is right) or only mistyped (the card's price was paid); an entry typed twice was
counted at the table or not; an entry left out of the log changed what the end shows. And
when the end does not follow from the start, the start itself may be the typo. For each
tracker the checker tries these readings and carries on with the one that leaves the fewest
broken rules (the typed one on a tie), so one wrong number is not reported again by every
rule that depends on it. The mistake itself is always reported by its own rule.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from itertools import combinations
from typing import NamedTuple

from sheetsmith.check.verdict import Violation
from sheetsmith.games.space.sheet import Entry
from sheetsmith.games.space.typed_day import Day

TRACKS = ("money", "speed", "energy", "mood")  # in this order: log_rules._trackers relies on it
START = 0  # the ledger key of the start (entries are numbered from 1)
MAX_DOUBTS = 6  # doubtful changes tried together; past this, one at a time
# What an entry left out of the log may have changed, by its action, and which way (+1 up
# only, -1 down only, 0 either): Work pays, Buy and Donate spend, a move runs (its TRAIN
# squares are on the grid), a Use may do anything; one that drew no square ("") is most
# likely an Eat or an item's bonus: no money.
FREE: dict[str, dict[str, int]] = {
    "money": {"work": 1, "buy": -1, "donate": -1},
    "speed": {"use": 0, "move": -1, "": 0},
    "energy": {"use": 0, "": 0},
    "mood": {"use": 0, "": 0},
}


class Ledger(NamedTuple):
    start: Mapping[str, int]
    offset: Mapping[tuple[int, str], int]  # added to an entry's typed change (START: none)

    def change(self, entry: Entry, track: str) -> int:
        return typed_change(entry, track) + self.offset.get((entry.number, track), 0)


class Replay(NamedTuple):
    violations: list[Violation]
    end: Mapping[str, int]


Runner = Callable[[Ledger], Replay]


def typed_change(entry: Entry, track: str) -> int:
    if track == "energy" and entry.action == "eat" and entry.missing:
        return 1  # an Eat left out of the log gave what eating gives by itself
    return int(getattr(entry, track))


PRICED = frozenset({"show", "zoo", "jukebox", "adopt"})


def prices(day: Day, entry: Entry) -> tuple[int, ...]:
    """What an action costs by the cards, its usual price first; () for an action with no
    price."""
    if entry.action not in PRICED:  # most entries: asked of each, by several rules
        return ()
    p = day.game.prices
    if entry.action == "show" and _after_a_use(day, entry):
        # a Use before the show may have been the show ticket (a Use does not name its
        # item on the sheet): the show may then be free
        return (p.show.get(day.sheet.day, 0), 0)
    return {
        "show": (p.show.get(day.sheet.day, 0),),
        "zoo": (p.zoo, p.zoo_with_feed),
        "jukebox": (p.jukebox,),
        "adopt": (p.adopt,),
    }.get(entry.action, ())


def _after_a_use(day: Day, entry: Entry) -> bool:
    return any(e.action == "use" and e.number < entry.number for e in day.entries)


def _doubts(day: Day, extras: Sequence[Entry], track: str) -> list[tuple[int, int]]:
    """(ledger key, change) that the table may have had instead of what is typed."""
    out = []
    if track == "money":
        for entry in day.entries:
            if entry.action not in PRICED:  # `prices` is (): most entries, not called
                continue
            allowed = prices(day, entry)
            if allowed and not entry.missing and -entry.money not in allowed:
                out.append((entry.number, -allowed[0] - entry.money))
    for extra in extras:  # counted at the table after all: on the entry typed before it
        change = typed_change(extra, track)
        before = [e.number for e in day.entries if 0 < e.typed < extra.typed]
        if change:
            out.append((max(before, default=START), change))
    return out


def _starts(day: Day, track: str, replay: Replay) -> list[int]:
    typed = getattr(day.sheet.start, track)
    end = getattr(day.sheet.end, track)
    if track == "money":
        start = typed + end - replay.end[track]  # money has no track edge: it adds up
        return [start] if start >= 0 else []
    tracker = getattr(day.game.sheet, track)
    values = range(tracker.min, tracker.max + 1)
    return sorted((v for v in values if v != typed), key=lambda v: abs(v - typed))


Choice = tuple[tuple[tuple[int, int], ...], int | None]  # the doubts taken, and a start


def _choices(doubts: list[tuple[int, int]], starts: list[int]) -> Iterator[Choice]:
    """Every reading to try, the fewest changes from the typed sheet first."""
    sizes = range(len(doubts) + 1) if len(doubts) <= MAX_DOUBTS else range(2)
    for size in sizes:
        for chosen in combinations(doubts, size):
            yield chosen, None
            for start in starts:
                yield chosen, start


def _ledger(
    base: Ledger, track: str, chosen: tuple[tuple[int, int], ...], start: int | None
) -> Ledger:
    starts = dict(base.start)
    offset = dict(base.offset)
    if start is not None:
        starts[track] = start
    for key, change in chosen:
        if key == START:
            starts[track] += change
        else:
            offset[key, track] = offset.get((key, track), 0) + change
    return Ledger(starts, offset)


def _priced(day: Day, ledger: Ledger) -> Ledger:
    """An entry left out of the log that has a price cost it (its amount was never typed)."""
    offset = dict(ledger.offset)
    for entry in day.entries:
        if entry.missing and entry.action in PRICED and prices(day, entry):
            offset[entry.number, "money"] = -prices(day, entry)[0]
    return Ledger(ledger.start, offset)


def _left_out(day: Day, track: str, base: Replay) -> list[tuple[int, int]]:
    """An entry left out of the log changed what the end needs, if its action can."""
    gap = getattr(day.sheet.end, track) - base.end[track]
    if not gap:  # nothing to explain: asked of every track, nearly always so
        return []
    for entry in day.entries:
        way = FREE[track].get(entry.action) if entry.missing else None
        if way is not None and gap * way >= 0:
            return [(entry.number, gap)]
    return []


def _best(
    day: Day,
    ledger: Ledger,
    track: str,
    base: Replay,
    doubts: list[tuple[int, int]],
    run: Runner,
) -> tuple[Ledger, int | None]:
    """The reading with the fewest broken rules (a start typo counts as one); ties: typed."""
    starts = [] if base.end[track] == getattr(day.sheet.end, track) else _starts(day, track, base)
    best: tuple[int, Ledger, int | None] = (len(base.violations), ledger, None)
    for chosen, start in _choices(doubts, starts):
        if not chosen and start is None:
            continue
        trial = _ledger(ledger, track, chosen, start)
        score = len(run(trial).violations) + (start is not None)
        if score < best[0]:
            best = (score, trial, start)
    return best[1], best[2]


def settle(day: Day, extras: Sequence[Entry], run: Runner) -> tuple[Ledger, list[Violation]]:
    """The ledger to check the day with, and the start values it takes as mistyped."""
    ledger = _priced(day, Ledger({t: getattr(day.sheet.start, t) for t in TRACKS}, {}))
    base = run(ledger)
    notes = []
    for track in TRACKS:
        doubts = _doubts(day, extras, track) + _left_out(day, track, base)
        if not doubts and base.end[track] == getattr(day.sheet.end, track):
            continue  # the typed sheet adds up: nothing to doubt
        taken, start = _best(day, ledger, track, base, doubts, run)
        if taken != ledger:
            ledger, base = taken, run(taken)
        if start is not None:
            notes.append(_start_note(day, track, start))
    return ledger, notes


def _start_note(day: Day, track: str, start: int) -> Violation:
    typed = getattr(day.sheet.start, track)
    end = getattr(day.sheet.end, track)
    if track == "money":
        return Violation(
            "money.end",
            "start.money",
            f"${typed} at the start, but the day's changes and ${end} at the end say ${start}: "
            f"the day is checked from ${start}",
        )
    return Violation(
        "tracker.end",
        f"start.{track}",
        f"{track.capitalize()} starts at {typed}, but from {start} the day's entries follow "
        f"the rules and reach the end's {end}: the start is most likely {start}, and the day "
        "is checked from it",
    )
