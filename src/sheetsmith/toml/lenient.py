"""What a player may type: one rule for every game's typed sheet.

A sheet is typed from a photo, by someone who has just played, not by someone who has read
the format. Whatever can mean only one thing is accepted, the same way in every game:

- A name or choice (an id, a day, a place, a card, a player...) matches whatever its case,
  with whitespace around it ignored and `-`, `_` and spaces alike: "Monday", " monday ",
  "Not friends", "second_wind".
- The singular or the plural of a word that is accepted is accepted too: "points", "friend".
- An integer may be typed as a string of digits: seed = "7".
- Whitespace between the marks of a mark string (boxes, points, squares, steps) is ignored.
  My Corner of the Sky's contract allows only spaces there, so its parser passes `" "`.

Anything that still matches two choices is refused, with the nearest one suggested.
`sheetsmith.check.schema` builds its patterns from `forms`, so editors accept what this does.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

from sheetsmith.toml.node import Node

_SEPARATORS = re.compile(r"[\s_-]+")
_INTEGER = re.compile(r"[+-]?[0-9]{1,30}")  # 30 digits: past any bound, short of int()'s limit
_SIBILANT = re.compile(r"(s|x|z|ch|sh)$")
_UNSET: Any = object()


def fold(text: str) -> str:
    """The spelling two names are compared in: lower case, no surrounding whitespace, every
    run of `-`, `_` and whitespace one `-`."""
    return _SEPARATORS.sub("-", text.strip().lower())


def forms(choice: str) -> tuple[str, ...]:
    """Every folded spelling accepted for `choice`: itself, then its plural or singular."""
    base = fold(choice)
    if not (base.isascii() and base[-1:].isalpha() and len(base) > 1):
        return (base,)
    if base.endswith("ies"):
        other = base[:-3] + "y"
    elif base.endswith("es") and _SIBILANT.search(base[:-2]):
        other = base[:-2]
    elif base.endswith("s") and not base.endswith("ss"):
        other = base[:-1]
    elif _SIBILANT.search(base):
        other = base + "es"
    elif re.search(r"[^aeiou]y$", base):
        other = base[:-1] + "ies"
    else:
        other = base + "s"
    return (base, other)


def matches(typed: str, choices: Sequence[str]) -> list[str]:
    """The choices `typed` can mean: itself if it is one, else those it spells (folded),
    else those it is the singular or plural of. More than one is ambiguous."""
    choices = tuple(choices)
    if typed in choices:
        return [typed]
    spelled, inflected = _index(choices)
    word = fold(typed)
    return list(spelled.get(word) or inflected.get(word, ()))


@lru_cache(maxsize=256)
def _index(choices: tuple[str, ...]) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    """Folded spelling -> the choices it spells, and the same for singulars and plurals.
    Cached: a sheet asks the same few vocabularies again and again."""
    spelled: dict[str, list[str]] = {}
    inflected: dict[str, list[str]] = {}
    for choice in choices:
        base, *others = forms(choice)
        spelled.setdefault(base, []).append(choice)
        for other in others:
            inflected.setdefault(other, []).append(choice)
    return spelled, inflected


def pick(typed: str, choices: Sequence[str]) -> str | None:
    """The one choice `typed` means, as the definition spells it; None if none or several."""
    if typed in choices:  # spelled as defined: what `matches` would find first
        return typed
    found = matches(typed, choices)
    return found[0] if len(found) == 1 else None


def nearest(typed: str, choices: Sequence[str]) -> str:
    """' (did you mean "x"?)' for the closest choice, compared folded; '' if none is close.
    When `typed` matches several choices, the closest of those."""
    import difflib  # only ever needed to explain a mistake

    if len(typed) > 40:  # no name is that long, and difflib is quadratic in it
        return ""
    candidates = matches(typed, choices)
    cutoff = 0.0 if len(candidates) > 1 else 0.6
    by_form = {fold(c): c for c in (candidates if len(candidates) > 1 else choices)}
    close = difflib.get_close_matches(fold(typed), list(by_form), n=1, cutoff=cutoff)
    return f' (did you mean "{by_form[close[0]]}"?)' if close else ""


def choice(node: Node, choices: tuple[str, ...], default: Any = _UNSET) -> str | None:
    """A string that must be one of `choices`, read leniently; None (recorded) if not."""
    value = node.str() if default is _UNSET else node.str(default)
    if value is None:
        return None
    found = pick(value, choices)
    if found is None:
        options = ", ".join(c for c in choices if c)
        empty = ', or "" for none' if "" in choices else ""
        node.fail(f"expected one of {options}{empty}, got {value!r}{nearest(value, choices)}")
    return found


def as_int(value: Any) -> int | None:
    """An integer, or a string of digits (an optional sign, whitespace around); else None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str) and _INTEGER.fullmatch(value.strip()):
        return int(value.strip())
    return None


def integer(node: Node, default: Any = _UNSET, *, low: int, high: int) -> int | None:
    """`Node.int`, also taking an integer typed as a string of digits."""
    if isinstance(node.value, str) and (number := as_int(node.value)) is not None:
        node = Node(number, node.path, node.ctx)
    if default is _UNSET:
        return node.int(low=low, high=high)
    return node.int(default, low=low, high=high)


def squeeze(text: str, spaces: str | None = None) -> str:
    """A mark string without the whitespace between its marks (only `spaces`, if given)."""
    if spaces is None:
        return "".join(text.split())
    for space in spaces:
        text = text.replace(space, "")
    return text


def pattern(choices: Sequence[str], *, plurals: bool = True) -> str:
    """A regular expression (ECMA-262 and Python alike) matching what `pick` accepts for
    any of `choices`, ambiguity aside: for JSON Schema editor hints. Without `plurals`,
    only the case and the whitespace around are free (letter codes)."""
    return r"^\s*" + group(choices, plurals=plurals) + r"\s*$"


def group(choices: Sequence[str], *, plurals: bool = True) -> str:
    """`pattern` without its anchors and the whitespace around, to build longer ones."""
    spellings = (forms(c) if plurals else (fold(c),) for c in choices)
    alternatives = dict.fromkeys(_spelled(form) for spelled in spellings for form in spelled)
    return "(?:" + "|".join(alternatives) + ")"


def _spelled(form: str) -> str:
    words = [
        "".join(f"[{c}{c.upper()}]" if c.isalpha() and c.isascii() else _escape(c) for c in word)
        for word in form.split("-")
    ]
    return r"[-_\s]+".join(words)


def _escape(c: str) -> str:
    return "\\" + c if c in r".^$*+?()[]{}|\/" else c


def entries(node: Node, ids: Sequence[str], unknown: Callable[[str], str]) -> dict[str, Node]:
    """A table keyed by ids, its keys read leniently: id -> its value's node. An unknown key
    is recorded with `unknown(suggestion)`, an id typed under two spellings as typed twice."""
    value = node.value
    if type(value) is dict and all(key in ids for key in value):  # every id spelled as defined
        return {key: Node(item, (*node.path, key), node.ctx) for key, item in value.items()}
    found: dict[str, Node] = {}
    for key, item in node.table({}).items():
        known = pick(key, ids)
        if known is None:
            item.fail(unknown(nearest(key, ids)))
        elif known in found:
            item.fail(f"{known} is typed twice (also as {found[known].path[-1]!r})")
        else:
            found[known] = item
    return found
