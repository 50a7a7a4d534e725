"""Several photos of one page, read as one: what one photo doubts, another may settle.

A mark is sure when every photo reads it the same and at least one of them is sure of it.
Photos that disagree leave it flagged, whatever their confidence: on 200 held-out sheets
photographed twice (bench/photo_pairs.py) the flags fell from 7.9 % and 9.3 % of marks in
each photo alone to 4.2 % in the two together, and marks read wrong without a flag from 10
and 15 to 7.

Two photos that disagree at many marks read sure are of two sheets (two players' page 1, or
two days' sheets), not one sheet twice: they are refused, never merged.
"""

from __future__ import annotations

import math
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

import numpy as np

from sheetsmith.errors import Problem
from sheetsmith.photo.marks import SURE, Reading

if TYPE_CHECKING:
    from sheetsmith.photo.read import PageRead

# Photos of one sheet differ at 0-1 sure marks (212 tuning pairs; a photo's silent errors
# can cluster, as in a shadow: one held-out pair of 186 differed at more than 3); two sheets
# of the same page at 9 % of their marks or more. Past both of these, they are two sheets.
MOST_SURE_CONFLICTS = 3
MOST_SURE_CONFLICT_SHARE = 0.05
# A photo with more than this share of its marks in doubt, read with a better one, may only
# doubt: none of its readings makes a mark sure. It reads too little for sure to show it is
# the same sheet (a blurred photo of another player's page agrees, weakly, with everything),
# yet where it reads a mark otherwise it still catches the better photo's slips.
POOR_SHARE = 0.2
# Never sure when the photos disagree: the combined confidence stays just under the line
_DOUBTED = SURE - 0.01
# Two photos whose page lies at the same place in frames of one shape, to this share of the
# frame (8 px of 4000), are one shot: a copy saved again or shrunk by an app, whose doubts
# are the same doubts. A second shot from the hand moves the page far more than this.
SAME_SHOT = 0.002


@dataclass
class Combined:
    reads: list[PageRead] = field(default_factory=list)  # one a page
    notes: list[str] = field(default_factory=list)  # photos given twice, or only doubting
    problems: list[Problem] = field(default_factory=list)  # the same page of two sheets


def fuse(readings: Sequence[Reading]) -> Reading:
    """One mark read in several photos, as one reading."""
    if len(readings) == 1:
        return readings[0]
    # each photo's chance that the mark is filled, averaged: the likelier reading wins
    # fsum: exactly rounded, so the same whatever the photos' order
    filled = math.fsum(r.confidence if r.filled else 1 - r.confidence for r in readings)
    filled /= len(readings)
    # a tie goes to the surest photo, and between equally sure ones to "filled" (flagged
    # either way): never to whichever photo came first
    surest = max(readings, key=lambda r: (r.confidence, r.filled))
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


def _poor(read: PageRead) -> bool:
    return len(read.uncertain()) > POOR_SHARE * len(read.readings)


def combine(reads: Sequence[PageRead]) -> Combined:
    """The photos' reads, one per page (in the order the pages were first met): a page shown
    in several photos read as one, its photos kept as its `parts`. Said on the way: a photo
    given twice, a photo too unsure to be matched with a better one (left out); refused: the
    same page of two different sheets."""
    groups: dict[str, list[PageRead]] = {}
    for read in reads:
        groups.setdefault(read.page.page, []).append(read)
    combined = Combined()
    for same in groups.values():
        kept: list[PageRead] = []
        for read in same:
            twin = next((k for k in kept if np.array_equal(k.rectified, read.rectified)), None)
            shot = next((k for k in kept if _one_shot(k, read)), None)
            if twin is not None or shot is not None:
                if twin is not None:
                    again = _same_file(twin.file, read.file)
                    said = "was given twice" if again else "is the same photo as"
                    other = "" if again else f" {twin.file}"
                else:
                    said, other = "is the same shot as", f" {shot.file} (a copy saved again)"
                combined.notes.append(
                    f"{read.file} {said}{other}: it was read once (a second photo helps only"
                    " when taken again, from another angle)"
                )
                copy = twin if twin is not None else shot
                # of two copies of one shot, the one read with fewer doubts is kept
                if len(read.uncertain()) < len(copy.uncertain()):
                    kept = [read if k is copy else k for k in kept]
            else:
                kept.append(read)
        pairs = [(a, b) for i, a in enumerate(kept) for b in kept[i + 1 :] if _differ(a, b)]
        if pairs:
            sheets = _sheets(kept, pairs)
            if len(kept) > 2 and sheets:  # said once, the photos grouped by sheet
                combined.problems.append(_several_sheets(sheets, pairs[0]))
            else:
                combined.problems += [_two_sheets(a, b) for a, b in pairs]
        elif len(kept) == 1:
            combined.reads.append(kept[0])
        else:
            best = min(kept, key=lambda r: len(r.uncertain()))
            doubters = [r for r in kept if r is not best and _poor(r)]
            for read in doubters:
                combined.notes.append(
                    f"{read.file} is unsure of {len(read.uncertain())} of its"
                    f" {len(read.readings)} marks: it settles none of {best.file}'s doubts,"
                    " and a mark it reads otherwise is flagged (take it again closer,"
                    " flatter, in even light)"
                )
            combined.reads.append(_as_one(kept, doubters))
    return combined


def _same_file(a: str | None, b: str | None) -> bool:
    """One file, however named ("./a.jpg", "a.jpg", its full path)."""
    return a == b or (
        a is not None and b is not None and os.path.realpath(a) == os.path.realpath(b)
    )


def _one_shot(a: PageRead, b: PageRead) -> bool:
    """Two files of one shot: the page at the same place in frames of one shape."""
    if not a.framing or len(a.framing) != len(b.framing) or not (a.size[1] and b.size[1]):
        return False
    if abs(a.size[0] / a.size[1] - b.size[0] / b.size[1]) > SAME_SHOT:
        return False
    return max(abs(x - y) for x, y in zip(a.framing, b.framing, strict=True)) <= SAME_SHOT


def _differ(a: PageRead, b: PageRead) -> bool:
    differ = sure_conflicts(a.readings, b.readings)
    return len(differ) > max(MOST_SURE_CONFLICTS, MOST_SURE_CONFLICT_SHARE * len(a.readings))


def _sheets(reads: list[PageRead], pairs: list[tuple[PageRead, PageRead]]) -> list[list[PageRead]]:
    """The photos grouped by sheet, when each group's photos agree and any two from two
    groups differ; [] when they do not fall apart so cleanly."""
    groups: list[list[PageRead]] = []
    for read in reads:
        home = [g for g in groups if not any(_among(pairs, read, other) for other in g)]
        if home:
            home[0].append(read)
        else:
            groups.append([read])
    apart = all(
        _among(pairs, a, b)
        for i, g in enumerate(groups)
        for h in groups[i + 1 :]
        for a in g
        for b in h
    )
    return groups if apart and len(groups) > 1 else []


def _among(pairs: list[tuple[PageRead, PageRead]], a: PageRead, b: PageRead) -> bool:
    return any((x is a and y is b) or (x is b and y is a) for x, y in pairs)


def _several_sheets(sheets: list[list[PageRead]], first: tuple[PageRead, PageRead]) -> Problem:
    a, b = first
    differ = sure_conflicts(a.readings, b.readings)
    shown = " / ".join(", ".join(str(read.file) for read in sheet) for sheet in sheets)
    return Problem(
        f"the photos of {a.page.title or a.page.page} are of {len(sheets)} sheets, not one"
        f" ({shown}): {a.file} and {b.file} differ at {len(differ)} marks both read sure."
        " Read each sheet's photos into its own typed sheet, then check those together"
    )


def _two_sheets(first: PageRead, other: PageRead) -> Problem:
    differ = sure_conflicts(first.readings, other.readings)
    names = {mark.key: mark.name for mark in first.page.marks}
    shown = ", ".join(names.get(key, key) for key in differ[:4])
    more = f" and {len(differ) - 4} more" if len(differ) > 4 else ""
    return Problem(
        f"shows the same page as {first.file}, but the two differ at {len(differ)} marks both"
        f" read sure ({shown}{more}): they look like two sheets (two players', or two"
        " days'); read each sheet's photos into its own typed sheet, then check those"
        " together. If they are one sheet, one photo misreads it: take both again in even"
        " light",
        file=other.file,
    )


def _as_one(same: list[PageRead], doubters: list[PageRead]) -> PageRead:
    """The photos' readings fused; a doubter's are never sure (it may only doubt)."""
    first = same[0]

    def reading(read: PageRead, key: str) -> Reading:
        found = read.readings[key]
        if any(read is d for d in doubters) and found.confidence > _DOUBTED:
            return Reading(found.filled, _DOUBTED)
        return found

    readings = {key: fuse([reading(read, key) for read in same]) for key in first.readings}
    # the picture shown (--annotate) is the photo read with the fewest doubts: the clearest
    clearest = min(same, key=lambda read: len(read.uncertain()))
    return replace(
        clearest,
        readings=readings,
        file=" + ".join(str(read.file or read.page.page) for read in same),
        seconds=sum(read.seconds for read in same),
        parts=tuple(same),
    )
