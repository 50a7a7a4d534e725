"""The print guide: a component of every game that lists every file in print order (sides,
stock, copies, cutting) and what to gather; its data is the definition's `[guide]`,
checked when the definition loads, with every problem located."""

from __future__ import annotations

import re

import pypdf
import pytest

from printcheck import assert_printable, rendered_pages, squash
from sheetsmith.definition import bundled_games, definition_path, load, load_bytes
from sheetsmith.definition.guide import GUIDE
from sheetsmith.errors import DefinitionError
from sheetsmith.games import registry
from sheetsmith.print.guide import guide_pages, print_order
from sheetsmith.print.paper import paper as paper_named
from sheetsmith.print.render import render_game
from sheetsmith.render_options import RenderOptions

GAMES = sorted(bundled_games())
SKY = definition_path("my-corner-of-the-sky").read_text(encoding="utf-8")
# what names sheetsmith's files or commands (a player never needs them)
DEVELOPER = re.compile(
    r"\.toml\b|\bsheetsmith\b|--[a-z][a-z-]+|\bcomponent\b|\bdefinition\b", re.IGNORECASE
)


def page_text(pages) -> str:
    """Every word the guide's pages draw, in draw order."""
    from sheetsmith.print.bounds import walk
    from sheetsmith.print.primitives import Text, TextBox

    words = []
    for page in pages:
        for item, _ in walk(page.items):
            if isinstance(item, (Text, TextBox)):
                words.append(item.text)
    return squash(" ".join(words))


# -- every game has one, and it lists every file ------------------------------------------------


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_prints_a_guide_that_lists_every_file(game_id):
    game = load(game_id)
    package = registry.find(game_id)
    assert GUIDE in package.components and GUIDE in [c.name for c in game.components]
    listed = [f.component for f in game.guide.files]
    assert sorted(listed) == sorted(c for c in package.components if c != GUIDE)
    assert game.guide.gather, "the guide says what to gather"
    text = page_text(guide_pages(game, RenderOptions()))
    for file in game.guide.files:
        assert f"{file.component}.pdf" in text
        assert squash(file.what) in text
    for item in game.guide.gather:
        assert squash(f"{item.count} {item.what}") in text


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_the_guide_is_one_printable_page(paper):
    """Nothing within 6 mm of the edge, no text under 6 pt, every box fitting; and the
    whole guide on one page, for each bundled game."""
    pages = rendered_pages(paper)
    for game_id in GAMES:
        guide = pages[(game_id, GUIDE)]
        assert len(guide) == 1, game_id
        assert_printable(guide, paper_named(paper))


@pytest.mark.parametrize("game_id", GAMES)
def test_a_player_reads_no_developer_words(game_id, tmp_path):
    options = RenderOptions(components=(GUIDE,), combined=True)
    (written,) = render_game(load(game_id), tmp_path, options)
    text = " ".join(p.extract_text() for p in pypdf.PdfReader(written.path).pages)
    assert "\u25a0" not in text  # no missing glyph
    assert "print guide" in text and "GATHER" in text
    # file names are what a player sees in the folder: fine; commands and options are not
    assert not DEVELOPER.findall(text), DEVELOPER.findall(text)


def test_what_it_says_of_each_file():
    text = page_text(guide_pages(load("planet-78"), RenderOptions()))
    assert "tiles.pdf" in text and "two-sided, flip on the long edge" in text
    assert "card stock" in text and "1 for each game" in text  # the setup sheet
    assert "the tiles, on the crop marks" in text and "nothing to cut" in text
    assert "1 in" in text and "25 mm" not in text  # the scale check's size, on Letter
    a4 = page_text(guide_pages(load("planet-78"), RenderOptions(paper="a4")))
    assert "25 mm" in a4
    space = page_text(guide_pages(load("personal-space"), RenderOptions()))
    assert "1 per player, each day played" in space  # the daily sheet
    assert "6 six-sided dice" in space and "per player" in space


def test_the_layout_decides_what_two_sided_means():
    space = load("personal-space")
    duplex = guide_pages(space, RenderOptions())
    folded = guide_pages(space, RenderOptions(layout="gutterfold"))
    folding = page_text(folded)
    assert "one-sided, then fold on the dashed line" in folding
    assert "fold each sheet on its dashed line" in folding
    # the alignment test is two-sided whatever the decks do: it tests the duplex printer
    assert "two-sided, flip on the long edge" in folding
    assert "fold" not in page_text(duplex)
    # My Corner of the Sky has nothing to fold: its guide does not change
    sky = load("my-corner-of-the-sky")
    assert guide_pages(sky, RenderOptions()) == guide_pages(sky, RenderOptions(layout="gutterfold"))


def test_the_guide_names_the_combined_file_when_there_is_one():
    planet = load("planet-78")
    with_it = page_text(guide_pages(planet, RenderOptions(combined=True)))
    assert "planet-78-all.pdf" in with_it and "double-sided" in with_it
    assert "planet-78-all.pdf" not in page_text(guide_pages(planet, RenderOptions()))


def test_print_order_puts_the_guide_first_then_the_guides_order():
    space = load("personal-space")
    written = list(registry.find("personal-space").components)
    order = print_order(space, written)
    assert order[0] == GUIDE and order[1] == "alignment"  # test the printer before the cards
    assert order[1:] == [f.component for f in space.guide.files]
    assert print_order(space, ["jobs", "guide", "reference"]) == ["guide", "reference", "jobs"]


# -- the data, checked at the boundary ----------------------------------------------------------


def problems_of(text: str) -> list[str]:
    with pytest.raises(DefinitionError) as caught:
        load_bytes(text.encode(), "mine.toml")
    return [str(p) for p in caught.value.problems]


def line_of(text: str, needle: str) -> int:
    return text.splitlines().index(needle) + 1


def test_a_definition_without_a_guide_still_prints_one():
    start = SKY.index("\n# The print guide")
    game = load_bytes(SKY[:start].encode(), "mine.toml")
    assert game.guide is None
    text = page_text(guide_pages(game, RenderOptions()))
    assert "game-pages.pdf" in text and "GATHER" not in text


def test_every_problem_in_the_guide_at_once_with_file_key_and_line():
    mine = SKY.replace('component = "game-pages"', 'component = "game-page"')
    mine = mine.replace("sides = 1\n", "sides = 3\n", 1)
    mine = mine.replace('stock = "paper"', 'stock = "cardboard"')
    mine = mine.replace('per = "player-game"', 'per = "everyone"')
    mine = mine.replace('what = "pencil"', 'what = "pencil"\ncolour = "red"')
    found = problems_of(mine)
    guide_at = mine.index("[[guide.files]]")
    lines = mine[guide_at:].splitlines()
    first = mine[:guide_at].count("\n") + 1

    def at(needle: str) -> str:
        return f"mine.toml:{first + next(i for i, x in enumerate(lines) if x.startswith(needle))}"

    expected = [
        (at('component = "game-page"'), "guide.file 1, component", 'did you mean "game-pages"'),
        (at("sides = 3"), "guide.file 1, sides", "expected an integer 1..2, got 3"),
        (at('stock = "cardboard"'), "guide.file 1, stock", "expected one of paper, card"),
        (at('per = "everyone"'), "guide.file 1, per", "expected one of table, player"),
        (at('colour = "red"'), "guide.gather 2, colour", "unknown key"),
    ]
    assert len(found) == len(expected), found  # the misspelt file is not also "missing"
    for where, key, message in expected:
        assert any(p.startswith(where) and key in p and message in p for p in found), (
            where,
            key,
            message,
            found,
        )


def test_a_file_listed_twice_or_left_out_is_refused():
    twice = SKY.replace(
        "\n[[guide.gather]]",
        '\n[[guide.files]]\ncomponent = "game-pages"\nwhat = "again"\nsides = 1\n'
        'stock = "paper"\ncopies = 1\nper = "table"\ncut = ""\n\n[[guide.gather]]',
        1,
    )
    assert any("'game-pages' is listed twice" in p for p in problems_of(twice))
    start = SKY.index("[[guide.files]]")
    end = SKY.index("[[guide.gather]]")
    none = SKY[:start] + SKY[end:]
    found = problems_of(none)
    assert any("guide.files" in p and "required" in p for p in found), found


def test_the_guide_refuses_the_guide_itself_and_long_texts():
    itself = SKY.replace('component = "game-pages"', 'component = "guide"')
    assert any("expected one of game-pages" in p for p in problems_of(itself))
    long = SKY.replace('what = "pencil"', f'what = "{"x" * 200}"')
    assert any("at most 120 characters, got 200" in p for p in problems_of(long))


def test_copies_and_counts_are_bounded():
    mine = SKY.replace("copies = 1\n", "copies = 0\n", 1).replace("count = 4\n", "count = 5000\n")
    found = problems_of(mine)
    assert any("copies" in p and "1..99" in p for p in found), found
    assert any("count" in p and "1..999" in p for p in found), found
