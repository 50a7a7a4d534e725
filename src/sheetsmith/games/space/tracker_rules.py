"""Personal Space: the rules of the trackers (Speed, Energy, Mood), money and pockets."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from sheetsmith.check.verdict import Violation
from sheetsmith.games.space.grid_rules import finds, move_shape
from sheetsmith.games.space.sheet import Entry
from sheetsmith.games.space.typed_day import Day, entry_where, plural
from sheetsmith.toml import lenient


class Trackers:
    """Speed, Energy, Mood and money as the day goes, with the rules that move them."""

    def __init__(self, day: Day, start: Mapping[str, int]) -> None:
        self.speed, self.energy, self.mood, self.money = (
            start["speed"],
            start["energy"],
            start["mood"],
            start["money"],
        )
        self.day = day

    def as_dict(self) -> dict[str, int]:
        # in TRACKS order (ledger.py), spelled out: once per replay of the log
        return {"money": self.money, "speed": self.speed, "energy": self.energy, "mood": self.mood}

    def range_check(self, entry: Entry) -> list[Violation]:
        """Report a tracker pushed below its printed track (a cost that cannot be paid),
        then keep it at the edge. One pushed past its top stays there: eating with full
        Energy, or training at the top Speed, is allowed and gains nothing."""
        out = []
        sheet = self.day.game.sheet
        for attr, tracker in (
            ("speed", sheet.speed),
            ("energy", sheet.energy),
            ("mood", sheet.mood),
        ):
            value = getattr(self, attr)
            if value > tracker.max:
                setattr(self, attr, tracker.max)
            elif value < tracker.min:
                out.append(
                    Violation(
                        "tracker.range",
                        entry_where(entry),
                        f"{tracker.name} would be {value}, off its track "
                        f"({tracker.min}..{tracker.max})",
                    )
                )
                setattr(self, attr, min(max(value, tracker.min), tracker.max))
        return out


def _steps(day: Day, entry: Entry, shape_broken: bool) -> int:
    """The spaces moved: the path's; when the squares drawn disagree with the path, the
    smaller of the two, so a path typed one step too long is only a shape mistake, unless
    the map walks the path to the destination typed (then its length is what was moved)."""
    steps = len(entry.path)
    if entry.number in day.confirmed:
        return steps
    drawn = len(day.own[entry.number])
    return min(steps, drawn - 1) if shape_broken and drawn else steps


def move(day: Day, entry: Entry, state: Trackers) -> list[Violation]:
    out = day.known(move_shape, entry)
    bonus = 1 if day.sheet.exercised_yesterday else 0
    steps = _steps(day, entry, bool(out))
    if entry.path and steps > state.speed + bonus:
        if not bonus and steps == state.speed + 1:
            day.one_over.add(entry.number)  # what a forgotten exercised_yesterday looks like
        extra = " + 1 for yesterday's Exercise" if bonus else ""
        out.append(
            Violation(
                "move.speed",
                entry_where(entry),
                f"moved {plural(steps, 'space')} ({entry.path}), but Speed {state.speed}{extra} "
                f"allows {state.speed + bonus} (a shape of at most "
                f"{plural(state.speed + bonus + 1, 'square')})",
            )
        )
    if entry.run:
        if entry.run > state.speed:
            out.append(
                Violation(
                    "move.run",
                    entry_where(entry),
                    f"ran {plural(entry.run, 'extra space')}, each costing 1 Speed, "
                    f"with Speed {state.speed}",
                )
            )
        state.speed = max(state.speed - entry.run, 0)
    trained = day.underlined[entry.number]
    if trained:
        if trained > state.energy:
            out.append(
                Violation(
                    "move.train",
                    entry_where(entry),
                    f"{plural(trained, 'M square')} underlined (TRAIN: 1 Energy each for "
                    f"1 Speed), with Energy {state.energy}",
                )
            )
        # the cubes cannot leave their track: report once, then carry on from the edge
        state.energy = max(state.energy - trained, day.game.sheet.energy.min)
        state.speed += trained
    return out


def _changes(changes: Sequence[tuple[Entry, int]]) -> str:
    """The entries that changed a tracker, so a mistyped one can be found: `log 3 +6`."""
    return ", ".join(f"log {e.number} {c:+d}" for e, c in changes if c)


def _typed(changes: Sequence[tuple[Entry, int]]) -> str:
    listed = _changes(changes)
    return f" (changed by {listed})" if listed else ""


def end_of_day(
    day: Day,
    state: Trackers,
    start: Mapping[str, int],
    changes: Mapping[str, list[tuple[Entry, int]]],
) -> list[Violation]:
    out = []
    end = day.sheet.end
    for name, computed, typed in (
        ("Speed", state.speed, end.speed),
        ("Energy", state.energy, end.energy),
        ("Mood", state.mood, end.mood),
    ):
        if computed != typed:
            out.append(
                Violation(
                    "tracker.end",
                    f"end.{name.lower()}",
                    f"{name} ends at {typed}, but the start ({start[name.lower()]}) and the "
                    f"day's entries give {computed}{_typed(changes[name.lower()])}",
                )
            )
    if state.money != end.money:
        listed = _changes(changes["money"])
        listed = f": {listed}" if listed else ""
        out.append(
            Violation(
                "money.end",
                "end.money",
                f"${end.money} at the end, but ${start['money']} at the start and the day's "
                f"changes ({state.money - start['money']:+d}{listed}) give ${state.money}",
            )
        )
    return out + _pockets(day)


def pocketed(items: Sequence[str]) -> list[tuple[str, int]]:
    """The different items in the pockets, each with how many of it, in the order typed:
    one item typed in another case or as its plural is the same item."""
    kinds: list[tuple[str, int]] = []
    for item in items:
        same = next((k for k, (kind, _) in enumerate(kinds) if lenient.matches(item, [kind])), None)
        if same is None:
            kinds.append((item, 1))
        else:
            kinds[same] = (kinds[same][0], kinds[same][1] + 1)
    return kinds


def _pockets(day: Day) -> list[Violation]:
    """A pocket space holds one item, as many of it as you carry (the rules' base trade
    asks for two of one resource): the limit counts different items, not the list."""
    pockets = day.game.sheet.pockets
    if len(day.sheet.pockets) <= pockets:  # each item is at most one more kind
        return []
    kinds = pocketed(day.sheet.pockets)
    if len(kinds) <= pockets:
        return []
    listed = ", ".join(kind if n == 1 else f"{kind} x{n}" for kind, n in kinds)
    return [
        Violation(
            "pockets.limit",
            "pockets",
            f"{plural(len(kinds), 'different item')} ({listed}), but there are "
            f"{pockets} pockets, one item in each (as many of it as you like)",
        )
    ]


def earned(day: Day) -> list[Violation]:
    """Money comes from work, and from the end-of-day lottery: one prize a day, typed on a
    move whose explore found something. Any other entry that gains money breaks
    `money.earned`, as does lottery money with no find, or more than its best prize."""
    out = []
    best = max((p.money for p in day.game.lottery.prizes), default=0)
    lottery = 0
    for entry in day.entries:
        if entry.money <= 0 or entry.missing or entry.action == "work":
            continue
        if entry.action == "move" and finds(day, entry):
            lottery += entry.money
            if lottery <= best:
                continue
            why = f"the lottery pays one prize a day, at most ${best}"
        elif entry.action == "move" and entry.explore:
            why = "the lottery needs a find: no explore roll fell on a square of this move"
        else:
            why = f"{day.action[entry.action].name} earns no money"
        out.append(
            Violation(
                "money.earned",
                entry_where(entry),
                f"money = +{entry.money}: {why} (money is earned at work, and from the lottery "
                "on a move that found something)",
            )
        )
    return out


def eaten(day: Day) -> list[Violation]:
    """An Eat gives the Energy its item gives (the item list's `eat`): more than the most
    any item gives breaks `eat.energy`."""
    best = max((item.eat for item in day.game.items), default=0)
    return [
        Violation(
            "eat.energy",
            entry_where(entry),
            f"energy = +{entry.energy}: an Eat gives at most +{best} Energy, what the most"
            " filling item on the item list gives",
        )
        for entry in day.entries
        if entry.action == "eat" and not entry.missing and entry.energy > best
    ]
