"""Personal Space: the definition's belongings read into the model: the item list, the
end-of-day lottery, the treasures card and "how a day goes".

Every problem is recorded where it is found (key path and line), never raised: a price
with nowhere to pay it (or a place to buy with no price), an unknown place, an Eat worth
no Energy, a die result with no prize (or two), a prize that is no item, a neighbor's gift
that is neither an item nor a resource, a step using a piece that is not printed.
"""

from __future__ import annotations

from types import MappingProxyType

from sheetsmith.definition.common import slug, unique_ids
from sheetsmith.games.space.model import (
    COMPONENTS,
    MAX_ENERGY_GAIN,
    MAX_PRICE,
    PLACES,
    DayGuide,
    DayStep,
    Item,
    Lottery,
    Neighbor,
    Prize,
    Treasures,
)
from sheetsmith.toml.node import Node, suggest

MAX_ITEMS = 30  # the item list is one table on one page
MAX_STEPS = 10  # "how a day goes" is one page
MAX_SLOTS = 20  # spaces on a half-page treasures card, each big enough to write in


def parse_items(node: Node, resources: tuple[str, ...]) -> tuple[Item, ...]:
    """`[[items]]`: what pockets hold. An item sold somewhere has a price; one with a price
    is sold somewhere. An item named like a resource (fruit) says what that resource does."""
    entries = node.list()
    unique_ids(entries, "item")
    if not entries:
        node.fail("expected at least one item")
    if len(entries) > MAX_ITEMS:
        node.fail(f"expected at most {MAX_ITEMS} items (one printed table), got {len(entries)}")
    items = []
    for entry in entries:
        entry.only("id", "name", "price", "where", "eat", "use", "feed", "note")
        item_id = slug(entry["id"])
        where = tuple(
            place for w in entry["where"].list(()) if (place := w.str(choices=PLACES)) is not None
        )
        if len(set(where)) != len(where):
            entry["where"].fail("a place is listed twice")
        price = entry["price"].int(0, low=0, high=MAX_PRICE) or 0
        if where and not price:
            entry["price"].fail(f"sold at {', '.join(where)}: expected a price of 1..{MAX_PRICE}")
        if price and not where:
            entry["where"].fail(f"has a price (${price}): name the place that sells it")
        if where and item_id in resources:
            entry["where"].fail(f"{item_id} is a resource: it comes from generators and trades")
        items.append(
            Item(
                id=item_id,
                name=entry["name"].str() or "?",
                price=price,
                where=where,
                eat=entry["eat"].int(0, low=0, high=MAX_ENERGY_GAIN) or 0,
                use=entry["use"].str("") or "",
                feed=bool(entry["feed"].bool(False)),
                note=entry["note"].str("") or "",
            )
        )
    return tuple(items)


def parse_lottery(node: Node, items: tuple[Item, ...]) -> Lottery:
    """`[lottery]`: one prize for every die result 1-6, each result once."""
    node.only("how", "prizes")
    ids = tuple(i.id for i in items)
    prizes = []
    won: dict[int, int] = {}  # die result -> the prize (index) it wins
    for k, entry in enumerate(node["prizes"].list()):
        entry.only("rolls", "name", "item", "money")
        rolls = []
        for value in entry["rolls"].list():
            roll = value.int(low=1, high=6)
            if roll is None:
                continue
            if roll in won:
                value.fail(f"a roll of {roll} already wins prize {won[roll] + 1}")
                continue
            won[roll] = k
            rolls.append(roll)
        if entry["rolls"].value == []:
            entry["rolls"].fail("expected the die results (1-6) that win this prize")
        item = entry["item"].str(None, choices=ids)
        money = entry["money"].int(0, low=0, high=MAX_PRICE) or 0
        if item and money:
            entry.fail("a prize is an item or money, not both")
        prizes.append(Prize(tuple(rolls), entry["name"].str() or "?", item or "", money))
    missing = [str(r) for r in range(1, 7) if r not in won]
    if missing and not node["prizes"].missing:
        node["prizes"].fail(
            f"no prize for a roll of {', '.join(missing)}: every die result wins one"
        )
    return Lottery(node["how"].str() or "", tuple(prizes))


def parse_treasures(node: Node) -> Treasures:
    node.only("name", "slots", "how")
    return Treasures(
        node["name"].str() or "Treasures",
        node["slots"].int(low=2, high=MAX_SLOTS) or 12,
        node["how"].str() or "",
    )


def parse_day(node: Node, components: tuple[str, ...] = COMPONENTS) -> DayGuide:
    """`[day]`: the steps of a day, each naming the printed pieces it uses (`pieces` says
    what a player calls each component)."""
    node.only("pieces", "steps")
    pieces: dict[str, str] = {}
    for name, value in node["pieces"].table().items():
        if name not in components:
            value.fail(f"{name!r} is not a component{suggest(name, components)}")
            continue
        pieces[name] = value.str() or name
    steps = []
    entries = node["steps"].list()
    if not 2 <= len(entries) <= MAX_STEPS and not node["steps"].missing:
        node["steps"].fail(f"expected 2 to {MAX_STEPS} steps (one page), got {len(entries)}")
    for entry in entries:
        entry.only("step", "text", "uses")
        uses = []
        for use in entry["uses"].list(()):
            name = use.str()
            if name is None:
                continue
            if name not in pieces:
                known = tuple(pieces)
                use.fail(f"{name!r} is not one of [day] pieces{suggest(name, known)}")
                continue
            uses.append(name)
        steps.append(DayStep(entry["step"].str() or "?", entry["text"].str() or "", tuple(uses)))
    return DayGuide(tuple(steps), MappingProxyType(pieces))


def check_gifts(
    node: Node, neighbors: tuple[Neighbor, ...], items: tuple[Item, ...], resources: tuple[str, ...]
) -> None:
    """A neighbor's "item" greeting gives something a pocket can hold: an item of the list
    (by id or name, any case) or a resource."""
    known = {i.id.lower() for i in items} | {i.name.lower() for i in items}
    known |= {r.lower() for r in resources}
    for entry, neighbor in zip(node.list(), neighbors, strict=False):
        for answer in ("friends", "not_friends"):
            for k, greeting in enumerate(getattr(neighbor, answer)):
                if greeting.kind == "item" and greeting.item.lower() not in known:
                    entry[answer].list()[k]["item"].fail(
                        f"{greeting.item!r} is neither on the item list ([[items]]) nor a"
                        " resource: a pocket could not hold it"
                    )
