"""Who a sheet is of, when only its file's name says: "maddy-thu.toml" is Maddy's Thursday.

Several days of one player are checked together by their player name, and a player who
types or photographs a sheet a day names the files by the day; the day is not the name.
Photos are named by the camera and the time, or by the player and the page: only a whole
word their names share, naming neither a page nor a camera, is taken (`photos_player`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

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


_CAMERA_NAME = re.compile(
    r"^(img|image|dsc[nf]?|dcim|pxl|photo|pic|p|mvimg|signal|whatsapp image"
    # what a computer or an app names a file: "Screenshot 2024-05-01 at 10.30.00",
    # "download (1)", "my photo 2"
    r"|screen[-_ ]?shot|screen[-_ ]?capture|capture|download|untitled|new|my"
    r"|my[-_ ]*(photo|picture|pic|image|scan|page|sheet)s?)([-_ ]*\d.*)?$"
    r"|^[\d_. -]+$",  # a date and time: "20240512_101010"
    re.IGNORECASE,
)
# words that name a page or a photo, not a player: "page1", "game-page", "ann - upgrades"
_PAGE_WORDS = (
    r"(game|daily|score|star)?[-_ ]*(page|pages|sheet|sheets|upgrades|map|scan|photo|photos"
    r"|picture|front|back|side|copy|again|p|pg)[-_ ]*(\d+|one|two|[ab])?"
)
_PAGE_NAME = re.compile(rf"^({_PAGE_WORDS}[-_ .\u2013\u2014]*)+$", re.IGNORECASE)
_PAGE_SUFFIX = re.compile(rf"([-_ .\u2013\u2014]+{_PAGE_WORDS}|[-_ ]+\d+)+$", re.IGNORECASE)
_SEPARATORS = " -_.\u2013\u2014"  # and the dashes a phone's keyboard makes of "-"


def as_text(name: str) -> str:
    """A file's name with the bytes in it that were no UTF-8 (os.fsdecode's surrogates) as
    "?": text a sheet and a report can hold."""
    return name.encode("utf-8", "replace").decode("utf-8")


def photos_player(files: Sequence[str]) -> str:
    """Who the photos are of: the words their file names share ("ann" for "ann-1.jpg" and
    "ann-2.jpg"), or a lone photo's name; "" when the names share no whole word, or name a
    page or a camera rather than a player."""
    stems = [Path(f).stem for f in files if f]
    if not stems:
        return ""
    shared = stems[0]
    for stem in stems[1:]:
        length = 0
        while length < min(len(shared), len(stem)) and shared[length] == stem[length]:
            length += 1
        shared = shared[:length]
    if len(stems) > 1:
        # "ann-page1", "ann-page2": the name ends where a word ends in every name, never
        # inside one ("page1", "page2" share "page"; "bob", "bea" share "b": no one)
        def whole(at: int) -> bool:
            return all(len(s) == at or s[at] in _SEPARATORS for s in stems)

        while shared and not (whole(len(shared)) or shared[-1] in _SEPARATORS):
            shared = shared[:-1]
    name = shared.strip(_SEPARATORS)
    # bytes a name held that were no UTF-8 (os.fsdecode's surrogates) cannot be written in
    # the sheet: the player is left to type, as for a name that says no one
    if as_text(name) != name:
        return ""
    # a phone's own file name ("IMG_2041", "PXL_20261124_...") names no one: left to type
    if not name or _CAMERA_NAME.match(name) or _PAGE_NAME.match(name):
        return ""
    # "ann-game-page", "Zoë sheet", "ann 2": the player, not the page or the count
    player = without_day(_PAGE_SUFFIX.sub("", name) or name)
    return "" if _CAMERA_NAME.match(player) else player
