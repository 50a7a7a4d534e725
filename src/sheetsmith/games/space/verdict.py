"""Personal Space: the verdict on a table of typed days: each day's rules, and what days share."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from types import MappingProxyType

from sheetsmith.check.verdict import PlayerResult, Violation
from sheetsmith.games.space.grid_rules import count_rule, exercise, grid_rules, internet
from sheetsmith.games.space.log_rules import sequence
from sheetsmith.games.space.model import SpaceGame
from sheetsmith.games.space.sheet import Entry, SpaceSheet
from sheetsmith.games.space.typed_day import Day
from sheetsmith.games.space.work_rules import work


def check_sheet(game: SpaceGame, sheet: SpaceSheet) -> tuple[Violation, ...]:
    day = Day(game, sheet)
    out = grid_rules(day)
    for entry in sheet.log:
        out += count_rule(day, entry)
        if entry.action == "internet":
            out += internet(day, entry)
    by_action: dict[str, list[Entry]] = defaultdict(list)
    for entry in sheet.log:
        by_action[entry.action].append(entry)
    out += work(day, by_action["work"])
    out += exercise(day, by_action["exercise"])
    out += sequence(day)
    return tuple(out)


def _summary(game: SpaceGame, sheet: SpaceSheet) -> dict[str, int]:
    moves = [e for e in sheet.log if e.action == "move"]
    return {
        "entries": len(sheet.log),
        "squares_used": len(sheet.squares),
        "moves": len(moves),
        "spaces_moved": sum(len(e.path) + e.run for e in moves),
        "money_earned": sum(e.money for e in sheet.log if e.money > 0),
        "money_spent": -sum(e.money for e in sheet.log if e.money < 0),
    }


def _carryover(game: SpaceGame, sheets: Sequence[SpaceSheet]) -> dict[int, list[Violation]]:
    """Consecutive days of one player: yesterday's Exercise is today's carry-over."""
    days = game.sheet.days
    out: dict[int, list[Violation]] = defaultdict(list)
    by_player: dict[str, dict[str, int]] = defaultdict(dict)
    for index, sheet in enumerate(sheets):
        by_player[sheet.player][sheet.day] = index
    for index, sheet in enumerate(sheets):
        yesterday = days[(days.index(sheet.day) - 1) % len(days)]
        previous = by_player[sheet.player].get(yesterday)
        if previous is None:
            continue
        did = any(e.action == "exercise" for e in sheets[previous].log)
        if did != sheet.exercised_yesterday:
            out[index].append(
                Violation(
                    "exercise.carryover",
                    "exercised_yesterday",
                    f"is {str(sheet.exercised_yesterday).lower()}, but "
                    f"{sheets[previous].file} ({yesterday.capitalize()}) "
                    + ("has" if did else "has no")
                    + " Exercise",
                )
            )
    return out


def check_table(
    game: SpaceGame, sheets: Sequence[SpaceSheet]
) -> tuple[tuple[PlayerResult, ...], tuple[str, ...]]:
    """Check each sheet; a journaling game has no winners."""
    carry = _carryover(game, sheets)
    results = tuple(
        PlayerResult(
            file=sheet.file,
            player=sheet.player,
            violations=check_sheet(game, sheet) + tuple(carry.get(index, ())),
            score=MappingProxyType(_summary(game, sheet)),
            extra=MappingProxyType({"day": sheet.day}),
        )
        for index, sheet in enumerate(sheets)
    )
    return results, ()
