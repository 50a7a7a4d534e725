"""The print guide's data: a game definition's `[guide]` section, parsed once into frozen
values that the `guide` component lays out and `render --combined` orders files by.

    [guide]
    intro = "..."                      # a paragraph for the top of the guide
    [[guide.files]]                    # one per component, in the order to print them
    component = "tiles"
    what = "64 resource tiles"         # in a player's words
    sides = 2                          # 1, or 2: its backs follow each sheet of fronts
    stock = "card"                     # "paper" or "card"
    copies = 1
    per = "table"                      # table, player, game, player-game, player-day
    cut = "the tiles, on the crop marks"   # "" when nothing is cut
    note = "..."                       # optional
    [[guide.gather]]                   # what else the table needs
    what = "six-sided dice"
    count = 4
    per = "player"                     # table or player
    note = "..."                       # optional

Every listed component must be one the game prints, once; every component but the guide
itself must be listed (a guide that forgets a file sends players to the table without it).
"""

from __future__ import annotations

from typing import NamedTuple

from sheetsmith.toml.node import Node

GUIDE = "guide"  # the component that prints the guide
STOCKS = ("paper", "card")
# how copies are counted: one set the table keeps, one a player keeps, or fresh ones
FILE_PER = ("table", "player", "game", "player-game", "player-day")
GATHER_PER = ("table", "player")
# long enough for any sentence a row needs, short enough that a row always fits a page
MAX_TEXT = {"intro": 700, "what": 120, "cut": 160, "note": 240}
MAX_FILES = 40
MAX_GATHER = 30


class GuideFile(NamedTuple):
    component: str
    what: str
    sides: int
    stock: str
    copies: int
    per: str
    cut: str
    note: str = ""


class GuideItem(NamedTuple):
    what: str
    count: int
    per: str
    note: str = ""


class Guide(NamedTuple):
    intro: str
    files: tuple[GuideFile, ...]
    gather: tuple[GuideItem, ...]

    @property
    def order(self) -> tuple[str, ...]:
        """The components in the order to print them, the guide first."""
        return (GUIDE, *(f.component for f in self.files))


def _text(node: Node, key: str, required: bool = True) -> str:
    value = node[key].str() if required else node[key].str("")
    if value is None:
        return ""
    limit = MAX_TEXT[key]
    if len(value) > limit:
        node[key].fail(f"expected at most {limit} characters, got {len(value)}")
        return value[:limit]
    return value


def _files(node: Node, components: tuple[str, ...]) -> tuple[GuideFile, ...]:
    printable = tuple(c for c in components if c != GUIDE)
    items = node.list()
    if len(items) > MAX_FILES:
        node.fail(f"expected at most {MAX_FILES} files, got {len(items)}")
        items = items[:MAX_FILES]
    files = []
    seen: set[str] = set()
    misnamed = False
    for item in items:
        item.only("component", "what", "sides", "stock", "copies", "per", "cut", "note")
        name = item["component"].str(choices=printable)
        if name is not None and name in seen:
            item["component"].fail(f"component {name!r} is listed twice")
        misnamed = misnamed or name is None
        seen.add(name or "")
        files.append(
            GuideFile(
                component=name or "?",
                what=_text(item, "what"),
                sides=item["sides"].int(low=1, high=2) or 1,
                stock=item["stock"].str(choices=STOCKS) or "paper",
                copies=item["copies"].int(low=1, high=99) or 1,
                per=item["per"].str(choices=FILE_PER) or "table",
                cut=_text(item, "cut"),
                note=_text(item, "note", required=False),
            )
        )
    missing = [c for c in printable if c not in seen]
    # a misspelt name already reported is most likely the file missing: one mistake, one report
    if missing and not node.missing and not misnamed:
        node.fail(f"lists no entry for {', '.join(map(repr, missing))}: list every file to print")
    return tuple(files)


def _gather(node: Node) -> tuple[GuideItem, ...]:
    items = node.list(())
    if len(items) > MAX_GATHER:
        node.fail(f"expected at most {MAX_GATHER} things to gather, got {len(items)}")
        items = items[:MAX_GATHER]
    gathered = []
    for item in items:
        item.only("what", "count", "per", "note")
        gathered.append(
            GuideItem(
                what=_text(item, "what"),
                count=item["count"].int(low=1, high=999) or 1,
                per=item["per"].str(choices=GATHER_PER) or "table",
                note=_text(item, "note", required=False),
            )
        )
    return tuple(gathered)


def parse_guide(node: Node, components: tuple[str, ...]) -> Guide | None:
    """The `[guide]` section, or None when a definition has none (the guide then lists the
    files only). `components` are the names the game can print."""
    if node.missing:
        return None
    node.only("intro", "files", "gather")
    return Guide(
        intro=_text(node, "intro", required=False),
        files=_files(node["files"], components),
        gather=_gather(node["gather"]),
    )
