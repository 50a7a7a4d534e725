"""Several photos of one page, read as one: what one photo doubts, another may settle.

A mark is sure when every photo reads it the same and at least one of them is sure of it.
Photos that disagree leave it flagged, whatever their confidence: on 200 tuning sheets
photographed twice (bench/photo_pairs.py) the flags fell from 6.4 % and 8.3 % of marks in
each photo alone to 3.6 % in the two together, and marks read wrong without a flag from 6
and 4 to 4.

Two photos that disagree at many marks read sure are of two sheets (two players' page 1, or
two days' sheets), not one sheet twice: they are refused, never merged.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from sheetsmith.errors import Problem
from sheetsmith.photo.marks import SURE, Reading

if TYPE_CHECKING:
    from sheetsmith.photo.read import PageRead

# Photos of one sheet differ at 0-1 sure marks (212 tuning pairs; a photo's silent errors
# can cluster, as in a shadow: one held-out pair of 186 differed at more than 3); two sheets
# of the same page at 9 % of their marks or more. Past both of these, they are two sheets.
MOST_SURE_CONFLICTS = 3
MOST_SURE_CONFLICT_SHARE = 0.05
# Never sure when the photos disagree: the combined confidence stays just under the line
_DOUBTED = SURE - 0.01


def fuse(readings: Sequence[Reading]) -> Reading:
    """One mark read in several photos, as one reading."""
    if len(readings) == 1:
        return readings[0]
    # each photo's chance that the mark is filled, averaged: the likelier reading wins
    filled = sum(r.confidence if r.filled else 1 - r.confidence for r in readings) / len(readings)
    surest = max(readings, key=lambda r: r.confidence)
    verdict = filled > 0.5 if filled != 0.5 else surest.filled
    agreeing = [r for r in readings if r.filled == verdict]
    if len(agreeing) == len(readings):
        return Reading(verdict, max(r.confidence for r in readings))
    return Reading(verdict, min(max(filled, 1 - filled), _DOUBTED))


def sure_conflicts(first: Mapping[str, Reading], other: Mapping[str, Reading]) -> list[str]:
    """The marks two photos both read sure, and differently."""
    return [
        key
        for key, reading in first.items()
        if key in other
        and not reading.uncertain
        and not other[key].uncertain
        and reading.filled != other[key].filled
    ]


def combine(reads: Sequence[PageRead]) -> tuple[list[PageRead], list[Problem]]:
    """The photos' reads, one per page (in the order the pages were first met): a page shown
    in several photos read as one, named by all its photos; and the photos that show the
    same page of two different sheets."""
    groups: dict[str, list[PageRead]] = {}
    for read in reads:
        groups.setdefault(read.page.page, []).append(read)
    combined: list[PageRead] = []
    problems: list[Problem] = []
    for same in groups.values():
        first = same[0]
        if len(same) == 1:
            combined.append(first)
            continue
        refused = False
        for other in same[1:]:
            differ = sure_conflicts(first.readings, other.readings)
            if len(differ) > MOST_SURE_CONFLICTS and len(differ) > MOST_SURE_CONFLICT_SHARE * len(
                first.readings
            ):
                names = {mark.key: mark.name for mark in first.page.marks}
                shown = ", ".join(names.get(key, key) for key in differ[:4])
                more = f" and {len(differ) - 4} more" if len(differ) > 4 else ""
                problems.append(
                    Problem(
                        f"shows the same page as {first.file}, but the two differ at"
                        f" {len(differ)} marks both read sure ({shown}{more}): they look like"
                        " two sheets (two players', or two days'); read each sheet's photos"
                        " into its own typed sheet, then check those together. If they are"
                        " one sheet, one photo misreads it: take both again in even light",
                        file=other.file,
                    )
                )
                refused = True
        if refused:
            continue
        readings = {key: fuse([read.readings[key] for read in same]) for key in first.readings}
        files = [read.file for read in same if read.file]
        combined.append(
            replace(
                first,
                readings=readings,
                file=" + ".join(files) if files else first.file,
                seconds=sum(read.seconds for read in same),
                photos=len(same),
            )
        )
    return combined, problems
