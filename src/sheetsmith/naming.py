"""Who a sheet is of, when only its file's name says: "maddy-thu.toml" is Maddy's Thursday.

Several days of one player are checked together by their player name, and a player who
types or photographs a sheet a day names the files by the day; the day is not the name.
"""

from __future__ import annotations

import re

_DAYS = ("sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday")
# "-thu", "_tuesday", " sat", "-tues", "_thurs": a day's name (or its first three letters
# and more) at the end, after a separator
_DAY_SUFFIX = re.compile(
    r"[-_ .]+(" + "|".join(f"{d[:3]}(?:{d[3:4]}(?:{d[4:5]}(?:{d[5:]})?)?)?" for d in _DAYS) + r")$",
    re.IGNORECASE,
)


def without_day(stem: str) -> str:
    """A file name's stem without a day's name at its end ("maddy-thu": "maddy"); the stem
    as it is when nothing else would be left."""
    return _DAY_SUFFIX.sub("", stem) or stem
