"""Game definitions: the bundled data matches the rules, and every error is located."""

from __future__ import annotations

import re

import pytest

from sheetsmith.definition import bundled_games, definition_path, load, load_bytes
from sheetsmith.errors import DefinitionError
from sheetsmith.games.sky.model import BoxKind
from sheetsmith.toml.keylines import key_lines

SKY = (definition_path("my-corner-of-the-sky")).read_text(encoding="utf-8")

# The contract's table (shared/spec/my-corner-of-the-sky-sheet.md): numbers, "*" for ☆.
SPEC_BOXES = {
    "positioning-ii": "3 3",
    "positioning-iii": "3 7 *",
    "positioning-iv": "1 1 2 2 2 4",
    "plotting-ii": "2 3 *",
    "plotting-iii": "6 1 1 1 1",
    "plotting-iv": "8 *",
    "recording": "1 4",
    "optimizing": "1 * 1",
    "studying": "1 2 3 * 1",
    "plotting-v": "1 4",
    "promoter": "1 1 1 1 1",
    "mentor": "1 3",
    "researcher-1": "2 2 2 * 1",
    "researcher-2": "1 1 1 * 2",
    "mathematician": "4 * *",
    "coordinator": "1 3 5 1 1",
    "publisher": "1 1 3 2",
    "headhunter": "7 1 2 2 2 2",
    "week-1": "1 4",
    "week-2": "1 2 4",
    "week-3": "1 1 5 *",
    "week-4": "1 1 5 * 1",
    "week-5": "1 1 6 1 1 1 2",
}


def spec_form(boxes) -> str:
    return " ".join("*" if b.kind is BoxKind.STAR else str(b.value) for b in boxes)


def test_bundled_games():
    assert "my-corner-of-the-sky" in bundled_games()


def test_sky_definition_matches_the_contract():
    game = load("my-corner-of-the-sky")
    found = {u.id: spec_form(u.cost) for u in game.upgrades if not u.start}
    found |= {a.id: spec_form(a.cost) for a in game.articles}
    assert found == SPEC_BOXES
    assert [u.id for u in game.upgrades if u.start] == ["positioning-i", "plotting-i"]
    assert [a.reward for a in game.articles] == [8, 6, 5, 4, 3]
    assert len(game.abilities) == 12 and len(game.supporters) == 8
    assert game.schedule.days == (
        "sunday",
        "monday",
        "tuesday",
        "wednesday",
        "thursday",
        "friday",
        "saturday",
    )
    assert spec_form(game.schedule.boxes) == "1 2 3 *"
    assert game.schedule.researcher_marks == 2
    assert game.star_map.size == 11
    assert game.star_map.stars == {
        (9, 10),
        (0, 9),
        (4, 9),
        (1, 8),
        (8, 7),
        (0, 3),
        (6, 3),
        (3, 2),
        (10, 1),
        (1, 0),
    }
    assert [(r.name, r.min) for r in game.ranks][-1] == ("Galileo", 50)


def test_worked_examples_fix_some_box_kinds():
    # Recorded as an interpretation: Maddy pays ◇3 on POSITIONING II and ◇1 on week 2;
    # Dave pays □1 on OPTIMIZING and on week 4.
    game = load("my-corner-of-the-sky")
    by_id = {u.id: u for u in game.upgrades} | {a.id: a for a in game.articles}
    assert str(by_id["positioning-ii"].cost[0]) == "◇3"
    assert str(by_id["week-2"].cost[0]) == "◇1"
    assert any(str(b) == "□1" for b in by_id["optimizing"].cost)
    assert any(str(b) == "□1" for b in by_id["week-4"].cost)
    assert game.interpretations


def test_model_is_frozen():
    game = load("my-corner-of-the-sky")
    with pytest.raises(AttributeError):
        game.star_map.size = 9  # type: ignore[misc]


def test_every_problem_at_once_with_lines():
    broken = SKY.replace('cost = "◇3 ◇3"', 'cost = "◇3 ◆3"')
    broken = broken.replace("size = 11 ", "size = 12 ")
    broken = broken.replace('name = "MENTOR"', "name = 7")
    broken = broken.replace("reward = 6", 'reward = "six"')
    with pytest.raises(DefinitionError) as err:
        load_bytes(broken.encode(), "mine.toml")
    lines = [str(p) for p in err.value.problems]
    assert len(lines) == 4, lines
    for line in lines:
        assert re.match(r"mine\.toml:\d+: ", line), line
    text = "\n".join(lines)
    assert "ability 2, cost: unknown cost box '◆3'" in text
    assert "star_map.size: expected an odd number" in text
    assert "supporter 2, name: expected a string, got 7" in text
    assert "article 2, reward: expected an integer, got 'six'" in text
    mentor_line = next(i for i, text in enumerate(broken.splitlines(), 1) if "name = 7" in text)
    assert f"mine.toml:{mentor_line}: supporter 2, name" in text


def test_toml_syntax_error_has_its_line():
    with pytest.raises(DefinitionError) as err:
        load_bytes(b'[game]\nid = "x"\nruleset = \n', "syntax.toml")
    assert str(err.value.problems[0]).startswith("syntax.toml:3: not valid TOML")


def test_unknown_ruleset_suggests():
    with pytest.raises(DefinitionError) as err:
        load_bytes(b'[game]\nruleset = "my-corner-of-the-skies"\n', "r.toml")
    assert 'did you mean "my-corner-of-the-sky"' in str(err.value)


def test_unknown_keys_are_reported():
    broken = SKY.replace("[star_map]\n", "[star_map]\nsise = 3\n")
    with pytest.raises(DefinitionError) as err:
        load_bytes(broken.encode(), "k.toml")
    assert 'star_map.sise: unknown key (did you mean "size"?)' in str(err.value)


def test_unknown_game_name_suggests():
    with pytest.raises(DefinitionError) as err:
        load("my-corner-of-the-skyy")
    assert 'did you mean "my-corner-of-the-sky"' in str(err.value)


def test_key_lines_follow_tables_arrays_and_inline_tables():
    text = 'a = 1\n[t]\nb = { c = 1 }\n[[arr]]\nx = 1\n[[arr]]\nx = """\ny = 2\n"""\nz = 3\n'
    lines = key_lines(text).lines
    assert lines[("a",)] == 1
    assert lines[("t", "b", "c")] == 3
    assert lines[("arr", 1, "x")] == 7
    assert ("arr", 1, "y") not in lines  # inside a multi-line string
    assert lines[("arr", 1, "z")] == 10
