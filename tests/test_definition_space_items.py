"""Personal Space's belongings: the item list, the end-of-day lottery, the treasures card and
"how a day goes". The shipped data keeps the rules, and every bad value is refused with its
key path and line."""

from __future__ import annotations

import pytest

from sheetsmith.definition import definition_path, load, load_bytes
from sheetsmith.errors import DefinitionError
from sheetsmith.games.space.model import COMPONENTS, PLACES

TEXT = definition_path("personal-space").read_text(encoding="utf-8")
DOC = definition_path("personal-space").parents[4] / "docs" / "personal-space-sheet.md"


@pytest.fixture(scope="module")
def game():
    return load("personal-space")


# -- the shipped data ----------------------------------------------------------------------


def test_the_store_sells_food_things_to_use_and_feed(game):
    sold = [i for i in game.items if "store" in i.where]
    assert len(sold) >= 6
    assert all(1 <= i.price <= 99 for i in sold)
    assert any(i.eat >= 1 for i in sold) and any(i.eat >= 2 for i in sold)
    assert any(i.use for i in sold) and any(i.feed for i in sold)
    assert all(p in PLACES for i in game.items for p in i.where)
    # the store stands on a side moon, where Buy happens
    assert any(m.at("store") for m in game.moons)


def test_the_zoos_bucket_of_feed_is_an_item_sold_at_the_zoo(game):
    feed = game.item("bucket-of-feed")
    assert "zoo" in feed.where and feed.feed
    assert game.prices.zoo + feed.price == game.prices.zoo_with_feed


def test_items_not_sold_come_from_somewhere(game):
    prizes = {p.item for p in game.lottery.prizes if p.item}
    gifts = {g.item.lower() for n in game.neighbors for g in (*n.friends, *n.not_friends) if g.item}
    for item in game.items:
        if not item.where:
            assert item.price == 0
            assert (
                item.id in prizes or item.id in game.sheet.resources or item.name.lower() in gifts
            ), item.id


def test_every_gift_of_a_neighbor_fits_a_pocket(game):
    names = {i.name.lower() for i in game.items} | {i.id for i in game.items}
    for neighbor in game.neighbors:
        for greeting in (*neighbor.friends, *neighbor.not_friends):
            if greeting.kind == "item":
                assert greeting.item.lower() in names | set(game.sheet.resources), greeting


def test_every_die_result_wins_exactly_one_prize(game):
    rolls = sorted(r for p in game.lottery.prizes for r in p.rolls)
    assert rolls == [1, 2, 3, 4, 5, 6]
    assert game.lottery.prize(6).item and game.lottery.how
    for prize in game.lottery.prizes:
        assert not (prize.item and prize.money)
        if prize.item:
            assert game.item(prize.item).name == prize.name


def test_the_treasures_card_and_the_day(game):
    assert game.treasures.slots == 12 and "Transfer" in game.treasures.how
    assert 2 <= len(game.day.steps) <= 10
    assert set(game.day.pieces) <= set(COMPONENTS)
    used = {u for s in game.day.steps for u in s.uses}
    # every piece a player handles is placed in the day (the alignment test and the print
    # guide are the printer's)
    assert used == set(COMPONENTS) - {"alignment", "guide"}
    assert game.day.steps[0].name.startswith("Set up") and game.day.steps[-1].name == "End the day"


def test_the_choices_are_written_down_as_interpretations(game):
    notes = " ".join(game.interpretations)
    doc = " ".join(DOC.read_text(encoding="utf-8").split())
    for item in game.items:
        if item.where and "store" in item.where:
            assert f"{item.name} ${item.price}" in notes, item.name
    for words in ("lottery", "treasures card", "bucket of feed", "A day ends"):
        assert words in notes, words
        assert words in doc, words
    for item in game.items:
        if item.price:
            assert item.name in doc, item.name


# -- every bad value ----------------------------------------------------------------------


def refused(old: str, new: str) -> tuple[str, list[str]]:
    assert TEXT.count(old) >= 1, old
    text = TEXT.replace(old, new, 1)
    with pytest.raises(DefinitionError) as err:
        load_bytes(text.encode(), "ps.toml")
    return text, [str(p) for p in err.value.problems]


def one(problems: list[str], words: str) -> str:
    found = [p for p in problems if words in p]
    assert found, (words, problems)
    return found[0]


TRAIL_MIX = 'name = "Trail Mix"\nprice = 1\nwhere = ["store"]'
SKETCHBOOK = 'name = "Sketchbook"\nprice = 3\nwhere = ["store"]'
FISH = 'id = "fish"\nname = "Fish"'
SHELL = 'name = "Shiny Shell"\nitem = "shiny-shell"'

BAD = [
    # (replace, by, key path, words, the line reported: a marker in the edited text, or
    # None for the edited line itself)
    (
        TRAIL_MIX,
        TRAIL_MIX.replace("price = 1", "price = 0"),
        "item 1, price",
        "sold at store: expected a price of 1..99",
        "price = 0",
    ),
    (
        SKETCHBOOK,
        SKETCHBOOK.replace('["store"]', "[]"),
        "item 6, where",
        "has a price ($3): name the place that sells it",
        "where = []",
    ),
    (
        'where = ["zoo", "store"]',
        'where = ["zoo", "stor"]',
        "item 5, where 2",
        "got 'stor' (did you mean \"store\"?)",
        None,
    ),
    (
        'where = ["zoo", "store"]',
        'where = ["zoo", "zoo"]',
        "item 5, where",
        "a place is listed twice",
        None,
    ),
    ("eat = 2", "eat = 9", "item 2, eat", "expected an integer 0..6, got 9", None),
    (
        'id = "moon-pie"',
        'id = "trail-mix"',
        "item 2, id",
        "item id 'trail-mix' is used twice",
        None,
    ),
    ('id = "moon-pie"', 'id = "Moon Pie"', "item 2, id", 'such as "moon-pie"', None),
    ("feed = true", 'feed = "yes"', "item 4, feed", "expected true or false, got 'yes'", None),
    ('name = "Trail Mix"', 'nme = "Trail Mix"', "item 1, nme", "unknown key", None),
    (
        FISH,
        FISH + '\nprice = 2\nwhere = ["store"]',
        "item 14, where",
        "fish is a resource: it comes from generators and trades",
        'where = ["store"]\neat = 1\nfeed = true\n\n[[items]]\nid = "worm"',
    ),
    (
        "rolls = [3]",
        "rolls = [2]",
        "lottery.prize 2, roll 1",
        "a roll of 2 already wins prize 1",
        None,
    ),
    (
        "rolls = [3]",
        "rolls = [2]",
        "lottery.prizes",
        "no prize for a roll of 3: every die result wins one",
        "[[lottery.prizes]]",
    ),
    (
        "rolls = [3]",
        "rolls = [7]",
        "lottery.prize 2, roll 1",
        "expected an integer 1..6, got 7",
        None,
    ),
    ("rolls = [3]", "rolls = []", "lottery.prize 2, rolls", "the die results (1-6)", None),
    (
        'item = "golden-compass"',
        'item = "golden-compas"',
        "lottery.prize 5, item",
        '(did you mean "golden-compass"?)',
        None,
    ),
    (
        SHELL,
        SHELL + "\nmoney = 2",
        "lottery.prize 3",
        "an item or money, not both",
        (SHELL, "[[lottery.prizes]]"),
    ),
    ("money = 1", "money = 100", "lottery.prize 2, money", "expected an integer 0..99", None),
    (
        'item = "show ticket"',
        'item = "show tickets"',
        "neighbor 1, friend 2, item",
        "'show tickets' is neither on the item list ([[items]]) nor a resource",
        # a greeting is an inline table in an array: located within its neighbor's table
        ("within", 'id = "marga"', 'id = "bo"'),
    ),
    ("slots = 12", "slots = 40", "treasures.slots", "expected an integer 2..20, got 40", None),
    ('[treasures]\nname = "Treasures"', "[treasures]", "treasures.name", "required", "[treasures]"),
    (
        'uses = ["daily-sheet", "actions"]',
        'uses = ["daily-sheet", "action"]',
        "day.step 3, use 2",
        "'action' is not one of [day] pieces (did you mean \"actions\"?)",
        None,
    ),
    (
        "pieces = { daily-sheet",
        'pieces = { daily-sheets = "x", daily-sheet',
        "day.pieces.daily-sheets",
        "'daily-sheets' is not a component (did you mean \"daily-sheet\"?)",
        None,
    ),
    ('step = "Work"', 'stp = "Work"', "day.step 5, stp", "unknown key", None),
    ('step = "Work"', "step = 5", "day.step 5, step", "expected a string, got 5", None),
    ("[day]\n", "[day]\nsteps_ = 1\n", "day.steps_", "unknown key", None),
]


@pytest.mark.parametrize("bad", BAD, ids=[b[3][:40] for b in BAD])
def test_a_bad_value_is_refused_with_its_key_and_line(bad):
    old, new, key, words, marker = bad
    text, problems = refused(old, new)
    problem = one(problems, words)
    assert f": {key}: " in problem, problem
    path, line = problem.split(":")[:2]
    assert path == "ps.toml", problem
    if marker is None:  # the edited line (its last line)
        expected = TEXT[: TEXT.index(old)].count("\n") + 1 + new.rstrip("\n").count("\n")
    elif marker[0] == "within":  # somewhere in the block from one anchor to the next
        first, last = (text[: text.index(a)].count("\n") + 1 for a in marker[1:])
        assert first <= int(line) < last, problem
        return
    elif isinstance(marker, tuple):  # the last marker before an anchor: a table's header
        anchor, header = marker
        expected = text[: text.rindex(header, 0, text.index(anchor))].count("\n") + 1
    else:  # the line where the marker starts
        expected = text[: text.index(marker)].count("\n") + 1
    assert int(line) == expected, problem


def test_the_sections_are_required():
    cut = TEXT.replace("[lottery]", "[lottery_]").replace("[[items]]", "[[items_]]")
    with pytest.raises(DefinitionError) as err:
        load_bytes(cut.encode(), "ps.toml")
    problems = [str(p) for p in err.value.problems]
    one(problems, "lottery.how: required")
    one(problems, "items: required")
    one(problems, "lottery_: unknown key")


def test_every_problem_is_reported_at_once():
    text = TEXT.replace("eat = 2", "eat = -1", 1).replace("slots = 12", "slots = 1", 1)
    text = text.replace('item = "golden-compass"', 'item = "nope"', 1)
    with pytest.raises(DefinitionError) as err:
        load_bytes(text.encode(), "ps.toml")
    problems = [str(p) for p in err.value.problems]
    one(problems, "item 2, eat")
    one(problems, "treasures.slots")
    one(problems, "lottery.prize 5, item")
