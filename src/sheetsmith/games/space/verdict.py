"""Personal Space: the verdict on a table of typed days: each day's rules, and what days share."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from types import MappingProxyType
from typing import NamedTuple

from sheetsmith.check.verdict import PlayerResult, Violation
from sheetsmith.games.space.grid_rules import (
    count_rule,
    counted,
    exercise,
    grid_rules,
    internet,
    resource_lines,
)
from sheetsmith.games.space.ledger import Ledger, Replay, settle
from sheetsmith.games.space.log_rules import sequence
from sheetsmith.games.space.map_rules import map_rules
from sheetsmith.games.space.model import SpaceGame
from sheetsmith.games.space.numbering import number_log
from sheetsmith.games.space.readings import ALIKE, reread_marks, swap_alike
from sheetsmith.games.space.sheet import Entry, SpaceSheet
from sheetsmith.games.space.tracker_rules import earned, eaten
from sheetsmith.games.space.typed_day import Day, entry_where
from sheetsmith.games.space.work_rules import work


def check_sheet(game: SpaceGame, sheet: SpaceSheet) -> tuple[Violation, ...]:
    """Every broken rule of one day, each mistake once: the log is first numbered as the
    grid numbers it, mistyped squares are read as meant, and the money and trackers carried
    as the table most likely had them; then every rule judges that day."""
    # Entries left out or swapped can also be one square's mistyped number: each such
    # reading taken is also tried off, and the likelier explanation wins (_Found.score)
    best: _Found | None = None
    tried: set[frozenset[str]] = set()
    todo: list[frozenset[str]] = [frozenset()]
    while todo:
        off = todo.pop(0)
        if off in tried:
            continue
        tried.add(off)
        found = _check(game, sheet, off)
        best = found if best is None or found.score < best.score else best
        todo += [off | {reading} for reading in sorted(found.used)]
    assert best is not None
    return best.violations


class _Found(NamedTuple):
    violations: tuple[Violation, ...]
    swapped: tuple[tuple[int, int], ...]  # the entries (numbers) taken as swapped
    blind: int  # entries taken as left out that drew no square
    used: frozenset[str]  # the doubtful readings taken (numbering.AT_END, ..., ALIKE)

    @property
    def score(self) -> tuple[int, int]:
        """Mistakes (a swap is one, reported twice), then the readings that are less likely
        than one square's number typed wrong: two entries swapped far apart, an entry left
        out that only the numbers after it show. Two neighbors swapped, or an entry left
        out with its squares on the grid, are as likely: on a tie the first reading stays."""
        far = sum(1 for a, b in self.swapped if abs(a - b) > 1)
        return len(self.violations) - len(self.swapped), far + self.blind


def _check(game: SpaceGame, sheet: SpaceSheet, off: frozenset[str]) -> _Found:
    """The day checked with the readings in `off` turned off."""
    numbered = number_log(game, sheet, off)
    day = Day(game, sheet, numbered.entries)
    day, swapped, pairs, problems = (day, [], [], None) if ALIKE in off else swap_alike(day)
    reread_marks(day, problems)
    out = list(numbered.violations) + swapped + grid_rules(day)
    by_action: dict[str, list[Entry]] = defaultdict(list)
    counts = counted(game)  # count_rule is asked only of the actions it judges
    for entry in day.entries:
        by_action[entry.action].append(entry)
        if entry.action in counts:
            out += count_rule(day, entry)
        if entry.action == "internet" and not sheet.planet:
            out += internet(day, entry)
    out += work(day, by_action["work"])
    out += exercise(day, by_action["exercise"])
    out += resource_lines(day, by_action["resource"])
    out += earned(day) + eaten(day)
    out += map_rules(day) if sheet.planet else []
    replays: dict[int, tuple[Ledger, Replay]] = {}

    def replay(ledger: Ledger) -> Replay:
        # A ledger is replayed once: the one settled on was already tried. The replay reads
        # nothing it writes (its one side effect, day.one_over, is the same every time).
        # Keyed by identity, the ledger kept alive beside its replay: ledgers hold dicts.
        if id(ledger) not in replays:
            replays[id(ledger)] = (ledger, sequence(day, ledger))
        return replays[id(ledger)][1]

    ledger, notes = settle(day, numbered.extras, replay)
    out += replay(ledger).violations + notes
    out = _forgotten_exercise(day, out)
    used = numbered.used | ({ALIKE} if pairs else set())
    return _Found(tuple(out), numbered.swapped + tuple(pairs), numbered.blind, used)


def _forgotten_exercise(day: Day, out: list[Violation]) -> list[Violation]:
    """Several moves each one step over Speed, every one allowed with yesterday's Exercise:
    one slip (exercised_yesterday left false), reported once, at the flag."""
    if len(day.one_over) < 2:  # what the test below says first, asked before the rest
        return out
    over = sorted(day.one_over)
    wheres = {entry_where(day.by_number[n]) for n in over}
    speed = [v for v in out if v.rule == "move.speed"]
    if len(over) < 2 or {v.where for v in speed} != wheres:
        return out
    moves = ", ".join(f"log {n}" for n in over)
    text = (
        f"{moves} each move one space more than Speed allows, as yesterday's Exercise would: "
        "if yesterday's sheet has an Exercise, this is true"
    )
    merged = Violation("move.speed", "exercised_yesterday", text)
    first = out.index(speed[0])
    kept = [v for v in out if v.rule != "move.speed"]
    return [*kept[:first], merged, *kept[first:]]


def _summary(game: SpaceGame, sheet: SpaceSheet) -> dict[str, int]:
    # one pass over the log, not four
    moves = spaces = earned = spent = 0
    for e in sheet.log:
        if e.action == "move":
            moves += 1
            spaces += len(e.path) + e.run
        if e.money > 0:
            earned += e.money
        elif e.money < 0:
            spent -= e.money
    return {
        "entries": len(sheet.log),
        "squares_used": len(sheet.squares),
        "moves": moves,
        "spaces_moved": spaces,
        "money_earned": earned,
        "money_spent": spent,
    }


def _yesterdays(game: SpaceGame, sheets: Sequence[SpaceSheet]) -> dict[int, int]:
    """Each sheet's day before (by index), among one player's sheets: the nearest sheet
    given before it whose day is yesterday's; for a day other than the week's first, when
    the player's sheets hold each day once, one given after it too (files in any order).
    A week's first day follows only a last day given before it: the one given after is
    the end of the same week. Players are told apart in any case ("Fay" is "fay")."""
    days = game.sheet.days
    by_player: dict[str, list[int]] = defaultdict(list)
    for index, sheet in enumerate(sheets):
        by_player[sheet.player.casefold()].append(index)
    out: dict[int, int] = {}
    for indexes in by_player.values():
        one_week = len({sheets[i].day for i in indexes}) == len(indexes)
        for index in indexes:
            today = days.index(sheets[index].day)
            yesterday = days[today - 1]
            before = [i for i in indexes if i < index and sheets[i].day == yesterday]
            after = [i for i in indexes if i > index and sheets[i].day == yesterday]
            if before:
                out[index] = before[-1]
            elif after and one_week and today > 0:
                out[index] = after[0]
    return out


_CARRIED = ("speed", "energy", "mood", "money")


def _carryover(game: SpaceGame, sheets: Sequence[SpaceSheet]) -> dict[int, list[Violation]]:
    """Consecutive days of one player: yesterday's Exercise is today's carry-over, and the
    day starts with the Speed, Energy, Mood and money yesterday ended with."""
    out: dict[int, list[Violation]] = defaultdict(list)
    for index, previous in _yesterdays(game, sheets).items():
        sheet, before = sheets[index], sheets[previous]
        named = f"{before.file} ({before.day.capitalize()})"
        did = any(e.action == "exercise" for e in before.log)
        if did != sheet.exercised_yesterday:
            out[index].append(
                Violation(
                    "exercise.carryover",
                    "exercised_yesterday",
                    f"is {str(sheet.exercised_yesterday).lower()}, but {named} "
                    + ("has" if did else "has no")
                    + " Exercise",
                )
            )
        changed = [
            (track, getattr(sheet.start, track), getattr(before.end, track))
            for track in _CARRIED
            if getattr(sheet.start, track) != getattr(before.end, track)
        ]
        if changed:
            said = ", ".join(
                f"{track} {'$' if track == 'money' else ''}{now}" for track, now, _ in changed
            )
            ended = ", ".join(
                f"{track} {'$' if track == 'money' else ''}{then}" for track, _, then in changed
            )
            out[index].append(
                Violation(
                    "day.carryover",
                    "start",
                    f"starts with {said}, but {named} ended with {ended}: a day starts where "
                    "the day before ended",
                )
            )
    return out


def check_table(
    game: SpaceGame, sheets: Sequence[SpaceSheet]
) -> tuple[tuple[PlayerResult, ...], tuple[str, ...]]:
    """Check each sheet; a journaling game has no winners."""
    carry = _carryover(game, sheets)
    # a flag that disagrees with yesterday's sheet is the slip, reported once: a day typed
    # false after an Exercise is checked with the move it allowed; one typed true with no
    # Exercise keeps it, so its moves (as long as the flag allowed) are not also reported
    judged = [
        sheet._replace(exercised_yesterday=True)
        if any(v.rule == "exercise.carryover" for v in carry.get(index, ()))
        else sheet
        for index, sheet in enumerate(sheets)
    ]
    results = tuple(
        PlayerResult(
            file=sheet.file,
            player=sheet.player,
            violations=check_sheet(game, judged[index]) + tuple(carry.get(index, ())),
            score=MappingProxyType(_summary(game, sheet)),
            extra=MappingProxyType({"day": sheet.day}),
        )
        for index, sheet in enumerate(sheets)
    )
    return results, ()
