"""A typed My Corner of the Sky sheet: parsed once into a frozen model, or refused.

The format is fixed by `shared/spec/my-corner-of-the-sky-sheet.md`; the ids and box
counts come from the game definition, so a variant definition gets a matching format.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Any, NamedTuple

from sheetsmith.check.per_game import per_game
from sheetsmith.check.schema import schema_directive
from sheetsmith.games.sky.model import Article, SkyGame, Upgrade
from sheetsmith.toml import lenient
from sheetsmith.toml.node import Node, describe

TOP_KEYS = ("game", "player", "star_map", "abilities", "supporters", "articles", "schedule")
MARKS = frozenset("xX.")
# Whitespace between marks: the contract allows spaces only ("a character other than x, X, .
# or a space" is a refusal), so a tab stays refused here, in the star map as in the boxes.
SPACES = " "


class ArticleEntry(NamedTuple):
    cost: tuple[bool, ...]
    reward: int | str | None  # the typed number, "point", or None for no reward


class SkySheet(NamedTuple):
    file: str
    player: str
    points: frozenset[tuple[int, int]]  # filled points, (x, y) with y = 0 the bottom row
    abilities: Mapping[str, tuple[bool, ...]]
    supporters: Mapping[str, tuple[bool, ...]]
    articles: Mapping[str, ArticleEntry]
    schedule: Mapping[str, tuple[bool, ...]]


@lru_cache(maxsize=8192)
def _decode(marks: str) -> tuple[bool, ...] | None:
    """The boxes of a mark string with its spaces removed; None if another character is in it.
    Cached: a table's sheets repeat the same few strings, and checking is per sheet."""
    if not MARKS.issuperset(marks):
        return None
    return tuple(c != "." for c in marks)


def _marks(node: Node, expected: int) -> tuple[bool, ...]:
    """A box string such as "x . x": one mark per box, spaces optional."""
    value = node.value
    if type(value) is str:  # as nearly every box string is typed: read without a detour
        decoded = _decode(value.replace(SPACES, ""))
        if decoded is not None and len(decoded) == expected:
            return decoded
    if node.missing:
        return (False,) * expected
    text = node.str()
    if text is None:
        return (False,) * expected
    marks = lenient.squeeze(text, SPACES)
    decoded = _decode(marks)
    if decoded is None:
        shown = ", ".join(repr(c) for c in sorted(set(marks) - MARKS))
        node.fail(f"unexpected character {shown}: use x for a filled box, . for an empty one")
        return (False,) * expected
    if len(marks) != expected:
        node.fail(f"expected {expected} box{'es' if expected != 1 else ''}, got {len(marks)}")
        return (False,) * expected
    return decoded


class _Table(NamedTuple):
    """A table of the sheet as the definition has it: once per game, not once per sheet."""

    by_id: dict[str, Any]  # the upgrades or articles by id
    ids: tuple[str, ...]
    blank: dict[str, Any]  # id -> what an id left out reads as


@per_game
def _upgrade_table(upgrades: tuple[Upgrade, ...]) -> _Table:
    by_id = {u.id: u for u in upgrades}
    return _Table(by_id, tuple(by_id), {u.id: (False,) * len(u.cost) for u in upgrades})


def _upgrades(node: Node, upgrades: tuple[Upgrade, ...]) -> dict[str, tuple[bool, ...]]:
    by_id, ids, blank = _upgrade_table(upgrades)
    typed: dict[str, tuple[bool, ...]] = {}
    for key, item in lenient.entries(node, ids, lambda hint: f"unknown id{hint}").items():
        upgrade = by_id[key]
        if upgrade.start:
            if not (isinstance(item.value, str) and item.value.strip(" ") == ""):  # zero boxes
                item.fail(f"{upgrade.name} is held from the start and has no boxes to fill")
            continue
        typed[key] = _marks(item, len(upgrade.cost))
    return {u: typed.get(u, none) for u, none in blank.items()}


# a whole number as text, short enough for int() (Python refuses over 4,300 digits)
_WHOLE = re.compile(r"[+-]?[0-9]{1,4000}")


def _reward(node: Node) -> int | str | None:
    value = node.value
    if node.missing:
        return None
    # any whole number is a reward read as typed: one other than the printed reward is the
    # rule `wrong-reward` breaks, not a sheet that cannot be read
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str):
        text = value.strip().lower()
        if text == "":
            return None
        if lenient.pick(text, ("point",)):
            return "point"
        if _WHOLE.fullmatch(text):
            return int(text)
    node.fail(f'expected the circled reward: its number, "point" or "", got {describe(value)}')
    return None


@per_game
def _article_table(articles: tuple[Article, ...]) -> _Table:
    by_id = {a.id: a for a in articles}
    blank = {a.id: ArticleEntry((False,) * len(a.cost), None) for a in articles}
    return _Table(by_id, tuple(by_id), blank)


def _articles(node: Node, game: SkyGame) -> dict[str, ArticleEntry]:
    by_id, ids, blank = _article_table(game.articles)
    typed: dict[str, ArticleEntry] = {}
    for key, item in lenient.entries(node, ids, lambda hint: f"unknown id{hint}").items():
        article = by_id[key]
        if not isinstance(item.value, dict):
            item.fail(
                f'expected a table like {{ cost = "x .", reward = "" }}, got {describe(item.value)}'
            )
            continue
        item.only("cost", "reward")
        typed[key] = ArticleEntry(_marks(item["cost"], len(article.cost)), _reward(item["reward"]))
    return blank | typed


def _schedule(node: Node, game: SkyGame) -> dict[str, tuple[bool, ...]]:
    days = game.schedule.days
    count = len(game.schedule.boxes)
    typed: dict[str, tuple[bool, ...]] = {}
    for key, item in lenient.entries(
        node, days, lambda hint: f"unknown day{hint}; days are {', '.join(days)}"
    ).items():
        typed[key] = _marks(item, count)
    return {day: typed.get(day, (False,) * count) for day in days}


def _star_map(node: Node, game: SkyGame) -> frozenset[tuple[int, int]]:
    size = game.star_map.size
    if node.missing:
        return frozenset()
    text = node.str()
    if text is None:
        return frozenset()
    lines = lenient.squeeze(text.replace("\r", ""), SPACES).split("\n")  # SPACES: no newline
    rows = [(index, row) for index, row in enumerate(lines) if row]
    points: set[tuple[int, int]] = set()
    # Only the rows a map has are checked one by one; rows past them are the one row-count
    # problem below, not a problem each (a pasted 80,000-row map gave 80,000 of them).
    for number, (index, row) in enumerate(rows[:size], start=1):
        decoded = _decode(row)
        if decoded is not None and len(row) == size:
            y = size - number
            points.update([(x, y) for x, mark in enumerate(row) if mark != "."])  # as decoded
        elif decoded is None:
            shown = ", ".join(repr(c) for c in sorted(set(row) - MARKS))
            node.fail_row(
                index,
                f"row {number}: unexpected character {shown}: use x for a filled point, "
                f". for an empty one",
            )
        else:
            node.fail_row(index, f"row {number}: expected {size} points, got {len(row)}")
    if len(rows) != size:
        node.fail(f"expected {size} rows of points (top row first), got {len(rows):,}")
    return frozenset(points)


def parse_sheet(root: Node, game: SkyGame, file: str) -> SkySheet:
    """Read a sheet's data; problems are recorded on `root`'s context, never raised."""
    root.only(*TOP_KEYS)
    player = (root["player"].str("") or "").strip() or Path(file).stem
    return SkySheet(
        file=file,
        player=player,
        points=_star_map(root["star_map"], game),
        abilities=MappingProxyType(_upgrades(root["abilities"], game.abilities)),
        supporters=MappingProxyType(_upgrades(root["supporters"], game.supporters)),
        articles=MappingProxyType(_articles(root["articles"], game)),
        schedule=MappingProxyType(_schedule(root["schedule"], game)),
    )


def printed_upgrade(upgrade: Upgrade) -> str:
    """What a card prints beside its boxes, for a typed line's comment: "MENTOR: □1 ◇3"."""
    return f"{upgrade.name}: " + " ".join(str(b) for b in upgrade.cost)


def printed_article(article: Article) -> str:
    """An article's cost and reward as printed: "◇1 ◇4; reward 8"."""
    return " ".join(str(b) for b in article.cost) + f"; reward {article.reward}"


def blank_sheet(game: SkyGame) -> str:
    """An empty typed sheet, commented so a player can fill it in from a photo."""
    size = game.star_map.size
    top = game.star_map.coordinates
    out = [
        *schema_directive(game.info.id),
        f'game = "{game.info.id}"',
        'player = ""   # your name; left empty, the file name is used',
        "",
        "# The star map as printed: top row first, left to right. x = filled point, . = empty.",
        f"# Rows 1, 3, ..., {size} are the major rows labelled {top}, {top - 1}, ..., 1; "
        "the rows between are minor.",
        "# Spaces between points are optional.",
        'star_map = """',
        *[" ".join("." * size) for _ in range(size)],
        '"""',
        "",
        "# Every cost as its boxes, left to right as printed: x = filled, . = empty.",
        "# An ability or supporter is acquired when all its boxes are filled.",
    ]
    for table, upgrades in (("abilities", game.abilities), ("supporters", game.supporters)):
        out += ["", f"[{table}]"]
        for upgrade in upgrades:
            if upgrade.start:
                out.append(
                    f"# {upgrade.id}: {upgrade.name} is held from the start, nothing to type"
                )
                continue
            boxes = " ".join("." * len(upgrade.cost))
            out.append(f'{upgrade.id} = "{boxes}"'.ljust(34) + f"# {printed_upgrade(upgrade)}")
    out += [
        "",
        '# reward: the circled number, "point" for a circled point, or "" for none.',
        "[articles]",
    ]
    for article in game.articles:
        boxes = " ".join("." * len(article.cost))
        entry = f'{article.id} = {{ cost = "{boxes}", reward = "" }}'
        out.append(entry.ljust(52) + f"# {printed_article(article)}")
    out += [
        "",
        "# Each day's boxes: "
        + " ".join(str(b) for b in game.schedule.boxes)
        + " (the △ marks are not typed)",
        "[schedule]",
    ]
    for day in game.schedule.days:
        out.append(f'{day} = "{" ".join("." * len(game.schedule.boxes))}"')
    return "\n".join(out) + "\n"
