"""Personal Space: neighbors: who emerges at the end of a move, and meeting them."""

from __future__ import annotations

from typing import NamedTuple

from sheetsmith.check.verdict import Violation
from sheetsmith.games.space.model import SpaceGame
from sheetsmith.games.space.sheet import Entry
from sheetsmith.games.space.typed_day import Day, entry_where


class Emerged(NamedTuple):
    neighbor: str
    number: int  # the move they emerged at
    sure: bool  # False: the space typed is outside their range (reported at the move)


def neighbor_name(game: SpaceGame, neighbor_id: str) -> str:
    return next((n.name for n in game.neighbors if n.id == neighbor_id), neighbor_id)


def emerge_space(day: Day, entry: Entry, needs: dict[tuple[int, int], int]) -> tuple[int, int]:
    """The space a neighbor is judged to emerge at: as typed, or as the map has it when the
    two differ (reported as neighbor.space). Whichever agrees with the roll is taken, so a
    mistyped space or a misplaced move is one mistake, not also a roll that missed."""
    assert entry.emerge is not None
    typed, mapped = entry.emerge.space, day.emerge_at.get(entry.number)
    if mapped is None or needs.get(typed) == entry.emerge.roll:
        return typed
    return mapped


def emerge(day: Day, entry: Entry, met: dict[str, int], out: list[Violation]) -> Emerged | None:
    """Who emerges at the end of this move, if anyone."""
    found = entry.emerge
    if found is None:
        return None
    # a neighbor named who does not live there is reported at the move (neighbor.space)
    who = day.emerge_who.get(entry.number, found.neighbor)
    if not who:
        return Emerged(found.neighbor, entry.number, sure=False)
    if who != found.neighbor:
        found = found._replace(neighbor=who)
    neighbor = next(n for n in day.game.neighbors if n.id == found.neighbor)
    needs = {(s.dx, s.dy): s.roll for s in neighbor.range}
    dx, dy = emerge_space(day, entry, needs)
    if (dx, dy) not in needs:
        spaces = ", ".join(f"[{x}, {y}]" for x, y in needs)
        out.append(
            Violation(
                "neighbor.emerge",
                entry_where(entry),
                f"[{dx}, {dy}] is not in {neighbor.name}'s range ({spaces}): nobody rolls there",
            )
        )
        # the space is the typo most likely: a Neighbor action next is judged as if she
        # emerged, but nothing is owed to her if none follows
        return Emerged(found.neighbor, entry.number, sure=False)
    if found.roll != needs[dx, dy] or found.neighbor in met:
        return None
    return Emerged(found.neighbor, entry.number, sure=True)


def _why_not(day: Day, entry: Entry, before: Entry | None) -> str:
    name = neighbor_name(day.game, entry.neighbor)
    if before is None or before.action != "move":
        return (
            "no move came just before"
            if before is None
            else (f"log {before.number} is {before.code}, not a move")
        )
    e = before.emerge
    if e is not None:
        e = e._replace(neighbor=day.emerge_who.get(before.number, e.neighbor) or e.neighbor)
    if e is None or e.neighbor != entry.neighbor:
        return f"log {before.number} did not roll for {name}"
    neighbor = next(n for n in day.game.neighbors if n.id == e.neighbor)
    needs = {(s.dx, s.dy): s.roll for s in neighbor.range}
    roll = needs.get(emerge_space(day, before, needs))
    if roll is None:
        return f"log {before.number} stopped outside {name}'s range"
    return f"log {before.number} rolled {e.roll} where {name} needs {roll}"


def meet(
    day: Day,
    entry: Entry,
    before: Entry | None,
    emerged: Emerged | None,
    met: dict[str, int],
    mood: int,
) -> list[Violation]:
    out = []
    name = neighbor_name(day.game, entry.neighbor)
    left_out = before is not None and before.missing  # it may have been her move
    if entry.neighbor in met:
        out.append(
            Violation(
                "neighbor.once",
                entry_where(entry),
                f"{name} was met in log {met[entry.neighbor]} (orange cube on their card): "
                "a neighbor emerges once a day",
            )
        )
    elif not left_out and (emerged is None or emerged.neighbor != entry.neighbor):
        out.append(
            Violation(
                "neighbor.emerge",
                entry_where(entry),
                f"{name} emerges only at the end of a move, on the roll their card shows: "
                + _why_not(day, entry, before),
            )
        )
    met.setdefault(entry.neighbor, entry.number)
    bad = day.game.sheet.mood.bad_at_most
    if entry.answer == "friends" and bad is not None and mood <= bad:
        out.append(
            Violation(
                "neighbor.mood",
                entry_where(entry),
                f"Mood {mood} is a bad mood ({bad} or less): the answer must be "
                "'not friends / bad mood'",
            )
        )
    return out
