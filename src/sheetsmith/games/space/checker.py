"""Personal Space: check a typed daily sheet against every rule, naming each broken one.

The day is replayed entry by entry, in log order: a square's log number says when it was
drawn, so "full" always means full at that moment. Rule ids are listed in `RULES`; the
readings chosen where the rules are ambiguous are in the definition's `[notes]` and in
`docs/personal-space-sheet.md`.
"""

from __future__ import annotations

from typing import Any

from sheetsmith.games.space.sheet import parse_sheet
from sheetsmith.games.space.verdict import check_table

__all__ = ["RULES", "check_table", "parse_sheet"]


def __getattr__(name: str) -> Any:
    # The blank sheet is `new-sheet`'s, not the check's: imported only when asked for here.
    if name == "blank_sheet":
        from sheetsmith.games.space.blank import blank_sheet

        return blank_sheet
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


RULES = {
    "grid.overlap": "a square holds more than one shape",
    "grid.unlogged": "a square names a log entry that does not exist or has another code",
    "grid.inside": "a move's shape cannot fit inside the grid",
    "log.missing": "the grid numbers an entry that the log left out",
    "log.extra": "a log entry the grid numbers nothing for: typed twice or by mistake",
    "log.order": "two log entries typed in each other's place (the grid numbers them swapped)",
    "squares.count": "an action's shape has the wrong number of squares",
    "move.shape": "the M squares are not the shape of the path on the map",
    "move.mirrored": "the M squares are the path's mirror image (turning is allowed, flipping not)",
    "move.speed": "a move is longer than Speed allows (+1 the day after Exercise)",
    "move.run": "running spends more Speed than there is",
    "move.train": "more M squares underlined (TRAIN) than there is Energy",
    "tracker.range": "Speed, Energy or Mood leaves the printed track",
    "tracker.end": "the end-of-day Speed, Energy or Mood is not what the day's entries give",
    "work.squares": "the Work shape has another number of W squares than the job's time cost",
    "work.shape": "the W squares are not connected, or not in one line, as the job requires",
    "work.day": "work on a day the job is closed, or with no job",
    "work.missed": "a work day with no Work, although the job's time cost still fitted",
    "work.once": "more than one Work entry in a day",
    "resource.line": "an R square shares its row or column with another R",
    "resource.place": "Resource Production away from a resource generator",
    "exercise.shape": "Exercise is not 4 connected squares that complete a row and a column",
    "exercise.once": "more than one Exercise in a day",
    "exercise.carryover": "the Exercise carry-over does not match the day before (several sheets)",
    "money.earned": "money gained by an entry that earns none (work and the lottery do)",
    "eat.energy": "an Eat gives more Energy than any item on the item list",
    "day.carryover": (
        "a day does not start with the Speed, Energy, Mood and money the day before ended "
        "with (several sheets)"
    ),
    "internet.squares": (
        "the I group is not connected or not the distance to the tower + 1 (1 on the tower)"
    ),
    "explore.square": "a failed explore's square is missing or misplaced, or a found one drew one",
    "neighbor.emerge": "a Neighbor action without that neighbor emerging at the end of a move",
    "neighbor.next": "a neighbor emerged but the next action is not Neighbor",
    "neighbor.once": "a neighbor met twice in one day",
    "neighbor.mood": "answered 'friends' in a bad mood",
    "trade.after-neighbor": (
        "a Trade that does not follow a Neighbor action, or is with another neighbor"
    ),
    "show.price": "the show's entry fee is not the day's price",
    "review.after-show": "a Review that does not immediately follow a Show",
    "suggest.internet": "a Suggest with no Internet action before it",
    "suggest.once": "more than one Suggest in a day",
    "zoo.price": "the zoo's entry fee is not $2 (or $3 with a bucket of feed)",
    "jukebox.price": "changing the song does not cost the jukebox price",
    "adopt.price": "adopting an animal does not cost the adoption price",
    "money.negative": "money goes below zero",
    "money.end": "money at the end is not the start plus the day's changes",
    "pockets.limit": "more different items in the pockets than there are pockets",
    "home.only": "Rearrange or Transfer away from home",
    "map.off": "a move's step leaves the map (a sheet that names its planet)",
    "map.crater": "a move's step goes into a crater",
    "move.to": "a move's `to` is not where its path (and run) ends on the map",
    "internet.distance": "the typed distance is not the steps to the tower on the map",
    "neighbor.space": "the emerge space is not where the move ended, seen from the house",
    "place.home": "Rearrange or Transfer away from home on the map",
    "place.generator": "Resource Production away from the planet's generator on the map",
    "place.venue": "Show, Zoo, Adopt, Jukebox or Buy away from its place on the map",
    "rocket.launcher": "a Rocket Launcher flight off a launcher, or to a map it cannot reach",
    "rocket.fuel": "leaving the planet by rocket without a building resource spent (`fuel`)",
}
