"""My Corner of the Sky: the frozen model of its definition, and its parser."""

from __future__ import annotations

import itertools
from typing import NamedTuple

from sheetsmith.definition.common import (
    Component,
    GameInfo,
    parse_components,
    parse_info,
    unique_ids,
)
from sheetsmith.definition.guide import Guide, parse_guide
from sheetsmith.toml.node import Node

RULESET = "my-corner-of-the-sky"
COMPONENTS = ("game-pages", "guide")


class BoxKind:
    """What pays for a cost box (plain strings: an Enum costs start-up time on `check`)."""

    EXPERIENCE = "experience"
    SQUARES = "squares"
    STAR = "star"


_SYMBOL = {BoxKind.EXPERIENCE: "◇", BoxKind.SQUARES: "□", BoxKind.STAR: "☆"}
_PREFIX = {
    "◇": BoxKind.EXPERIENCE,
    "d": BoxKind.EXPERIENCE,
    "□": BoxKind.SQUARES,
    "s": BoxKind.SQUARES,
}


class Box(NamedTuple):
    """One cost box: what pays for it and how much."""

    kind: str  # a BoxKind
    value: int = 1

    @property
    def label(self) -> str:
        """The text printed inside the box: the number, or nothing for a star."""
        return "" if self.kind is BoxKind.STAR else str(self.value)

    def __str__(self) -> str:
        return _SYMBOL[self.kind] + self.label


def parse_boxes(node: Node) -> tuple[Box, ...]:
    text = node.str("")
    if text is None:
        return ()
    boxes = []
    for token in text.split():
        number = token[1:]
        if token in ("☆", "*"):
            boxes.append(Box(BoxKind.STAR))
        elif token[0] in _PREFIX and number.isascii() and number.isdigit() and len(number) < 3:
            boxes.append(Box(_PREFIX[token[0]], int(number)))
        else:
            node.fail(f"unknown cost box {token!r}: expected ◇N, □N or ☆ (or dN, sN, *)")
    return tuple(boxes)


class StarMap(NamedTuple):
    size: int
    stars: frozenset[tuple[int, int]]

    @staticmethod
    def is_major(x: int, y: int) -> bool:
        return x % 2 == 0 and y % 2 == 0

    @property
    def coordinates(self) -> int:
        """How many printed coordinates per axis (1..n): one per major column."""
        return self.size // 2 + 1


class Schedule(NamedTuple):
    days: tuple[str, ...]
    boxes: tuple[Box, ...]
    researcher_marks: int
    weeks: int


class Article(NamedTuple):
    id: str
    week: int
    cost: tuple[Box, ...]
    reward: int


class Upgrade(NamedTuple):
    """An ability or a supporter: bought by filling its cost boxes."""

    id: str
    name: str
    group: str  # "abilities" or "supporters"
    cost: tuple[Box, ...]
    effect: str
    dice: int = 0
    start: bool = False
    marks: str = ""


class Rank(NamedTuple):
    name: str
    min: int


class SkyGame(NamedTuple):
    info: GameInfo
    components: tuple[Component, ...]
    star_map: StarMap
    schedule: Schedule
    articles: tuple[Article, ...]
    abilities: tuple[Upgrade, ...]
    supporters: tuple[Upgrade, ...]
    setup: str
    turn_steps: tuple[str, ...]
    reminders: tuple[str, ...]
    score_lines: tuple[str, ...]
    ranks: tuple[Rank, ...]
    interpretations: tuple[str, ...]
    guide: Guide | None = None  # what to print and gather (`[guide]`)

    def rank_for(self, total: int) -> str:
        name = self.ranks[0].name
        for rank in self.ranks:
            if total >= rank.min:
                name = rank.name
        return name

    @property
    def upgrades(self) -> tuple[Upgrade, ...]:
        return self.abilities + self.supporters


def _star_map(node: Node) -> StarMap:
    node.only("size", "stars")
    size = node["size"].int(low=3, high=41) or 11
    if size % 2 == 0:
        node["size"].fail(
            f"expected an odd number of points (major points at both ends), got {size}"
        )
    stars: set[tuple[int, int]] = set()
    for item in node["stars"].list():
        pair = item.list()
        coords = [c.int(low=0, high=size - 1) for c in pair]
        if len(pair) != 2:
            item.fail(f"expected [x, y], got {len(pair)} numbers")
        elif None not in coords:
            x, y = coords
            assert x is not None and y is not None
            if (x, y) in stars:
                item.fail(f"star ({x}, {y}) is listed twice")
            if StarMap.is_major(x, y):
                item.fail(f"({x}, {y}) is a major point; stars are on minor points")
            stars.add((x, y))
    return StarMap(size, frozenset(stars))


def _schedule(node: Node) -> Schedule:
    node.only("days", "boxes", "researcher_marks", "weeks")
    days = node["days"].str_list()
    if len(days) < 2:
        node["days"].fail("expected at least two days")
    if len(set(days)) != len(days):
        node["days"].fail("a day is listed twice")
    return Schedule(
        days=days,
        boxes=parse_boxes(node["boxes"]),
        researcher_marks=node["researcher_marks"].int(0, low=0, high=4) or 0,
        weeks=node["weeks"].int(low=1, high=20) or 5,
    )


def _articles(node: Node) -> tuple[Article, ...]:
    items = node.list()
    unique_ids(items, "article")
    articles = []
    for week, item in enumerate(items, start=1):
        item.only("id", "cost", "reward")
        cost = parse_boxes(item["cost"])
        if not cost:
            item["cost"].fail("an article needs at least one cost box")
        articles.append(
            Article(
                id=item["id"].str() or f"week-{week}",
                week=week,
                cost=cost,
                reward=item["reward"].int(low=0, high=99) or 0,
            )
        )
    return tuple(articles)


def _upgrades(node: Node, group: str) -> tuple[Upgrade, ...]:
    items = node.list()
    unique_ids(items, group.rstrip("s"))
    upgrades = []
    for item in items:
        item.only("id", "name", "cost", "effect", "dice", "start", "marks")
        start = bool(item["start"].bool(False))
        cost = parse_boxes(item["cost"])
        if start and cost:
            item["cost"].fail("held from the start, so it has no cost")
        if not start and not cost:
            item["cost"].fail("needs cost boxes (or start = true)")
        upgrades.append(
            Upgrade(
                id=item["id"].str() or "?",
                name=item["name"].str() or "?",
                group=group,
                cost=cost,
                effect=item["effect"].str() or "",
                dice=item["dice"].int(0, low=0, high=2) or 0,
                start=start,
                marks=item["marks"].str("") or "",
            )
        )
    return tuple(upgrades)


def _ranks(node: Node) -> tuple[Rank, ...]:
    ranks = []
    for item in node.list():
        item.only("name", "min")
        # a score printed in the rank table's "min–max" column: three digits at most
        ranks.append(Rank(item["name"].str() or "?", item["min"].int(low=0, high=999) or 0))
    if ranks and ranks[0].min != 0:
        node.fail("the first rank must start at 0")
    if any(b.min <= a.min for a, b in itertools.pairwise(ranks)):
        node.fail("ranks must be listed from the lowest score up")
    if not ranks:
        node.fail("expected at least one rank")
    return tuple(ranks)


def parse(root: Node) -> SkyGame:
    root.only(
        "game",
        "components",
        "star_map",
        "schedule",
        "articles",
        "abilities",
        "supporters",
        "turn",
        "score",
        "ranks",
        "notes",
        "guide",
    )
    abilities = _upgrades(root["abilities"], "abilities")
    supporters = _upgrades(root["supporters"], "supporters")
    overlap = {u.id for u in abilities} & {u.id for u in supporters}
    for same in sorted(overlap):
        root["supporters"].fail(f"id {same!r} is both an ability and a supporter")
    turn = root["turn"]
    turn.only("setup", "steps", "reminders")
    root["score"].only("lines")
    root["notes"].only("interpretations")
    return SkyGame(
        info=parse_info(root["game"]),
        components=parse_components(root["components"], COMPONENTS),
        star_map=_star_map(root["star_map"]),
        schedule=_schedule(root["schedule"]),
        articles=_articles(root["articles"]),
        abilities=abilities,
        supporters=supporters,
        setup=turn["setup"].str("") or "",
        turn_steps=turn["steps"].str_list(),
        reminders=turn["reminders"].str_list(()),
        score_lines=root["score"]["lines"].str_list(),
        ranks=_ranks(root["ranks"]),
        interpretations=root["notes"]["interpretations"].str_list(()),
        guide=parse_guide(root["guide"], COMPONENTS),
    )
