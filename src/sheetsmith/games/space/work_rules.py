"""Personal Space: the rules of the day's job: Work on its days, in its time cost's shape."""

from __future__ import annotations

from collections import defaultdict

from sheetsmith.check.polyomino import connected, in_one_line
from sheetsmith.check.verdict import Violation
from sheetsmith.games.space.model import Job
from sheetsmith.games.space.sheet import Cell, Entry
from sheetsmith.games.space.typed_day import Day, entry_where, plural


def job_of(day: Day) -> Job | None:
    return next((j for j in day.game.jobs if j.id == day.sheet.job), None)


def _job_shape_words(job: Job) -> str:
    return "connected" if job.time_shape == "connected" else "in one row or column"


def work_shape(day: Day, entry: Entry, job: Job) -> list[Violation]:
    """The W squares against the job's time cost: their number, then their shape."""
    cells = day.own[entry.number]
    out = []
    if len(cells) != job.squares:
        out.append(
            Violation(
                "work.squares",
                entry_where(entry, cells),
                f"{job.name} costs {plural(job.squares, 'W square')}, found {len(cells)}",
            )
        )
    ok = connected(cells) if job.time_shape == "connected" else in_one_line(cells)
    if cells and not ok:
        out.append(
            Violation(
                "work.shape",
                entry_where(entry, cells),
                f"{job.name}'s W squares must be {_job_shape_words(job)}",
            )
        )
    return out


def work(day: Day, entries: list[Entry]) -> list[Violation]:
    out = []
    job = job_of(day)
    day_name = day.sheet.day.capitalize()
    for entry in entries:
        if job is None:
            where = entry_where(entry, day.own[entry.number])
            out.append(Violation("work.day", where, 'Work with no job typed (job = "")'))
            continue
        if day.sheet.day not in job.work_days:
            days = ", ".join(d.capitalize() for d in job.work_days)
            out.append(
                Violation(
                    "work.day",
                    entry_where(entry, day.own[entry.number]),
                    f"{job.name} works on {days}, not on {day_name}",
                )
            )
        out += work_shape(day, entry, job)
    for entry in entries[1:]:
        out.append(
            Violation(
                "work.once",
                entry_where(entry, day.own[entry.number]),
                f"the job is done once a day; log {entries[0].number} was already Work",
            )
        )
    if not entries and job is not None and day.sheet.day in job.work_days:
        empty = {(x, y) for x in range(1, day.size + 1) for y in range(1, day.size + 1)}
        empty -= set(day.when)
        if _room_for(job, empty):
            out.append(
                Violation(
                    "work.missed",
                    f"day ({day_name})",
                    f"{job.name} works on {day_name}, and {plural(job.squares, 'W square')} "
                    f"{_job_shape_words(job)} still fit the grid, but no Work is logged",
                )
            )
    return out


def _room_for(job: Job, empty: set[Cell]) -> bool:
    """Whether the job's time cost could still be drawn in the empty squares."""
    if job.time_shape == "line":
        lines: dict[tuple[str, int], int] = defaultdict(int)
        for x, y in empty:
            lines["column", x] += 1
            lines["row", y] += 1
        return max(lines.values(), default=0) >= job.squares
    seen: set[Cell] = set()
    for cell in empty:
        if cell in seen:
            continue
        region, stack = 0, [cell]
        seen.add(cell)
        while stack:
            x, y = stack.pop()
            region += 1
            for nxt in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if nxt in empty and nxt not in seen:
                    seen.add(nxt)
                    stack.append(nxt)
        if region >= job.squares:
            return True
    return False
