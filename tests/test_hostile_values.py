"""Hostile values (NaN, infinities, huge or zero numbers, odd URLs, repeated sheets) are
refused with a located message, never a traceback, and never make a render unbounded."""

from __future__ import annotations

import inspect
import json
import re
import shutil
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from sheetsmith import definition
from sheetsmith.cli import app
from sheetsmith.definition import definition_path, load_bytes
from sheetsmith.errors import DefinitionError, OptionError, SheetsmithError
from sheetsmith.print.render import render_game
from sheetsmith.render_options import RenderOptions
from sheetsmith.site.urls import MAX_BASE_URL_CHARS, SHOWN_CHARS, base_url
from sheetsmith.toml.node import Node

runner = CliRunner()
EXAMPLES = Path(__file__).parent.parent / "examples"
GAMES = ("my-corner-of-the-sky", "personal-space", "planet-78")
TEXTS = {name: (definition_path(name)).read_text(encoding="utf-8") for name in GAMES}
HUGE = "1" + "0" * 30  # tomllib reads integers of any length
HOSTILE = ("nan", "inf", "-inf", "0", "-1", "9223372036854775807", HUGE, "1e300", "1e-300")
# and a few small numbers that often pass, so that some definitions load and get rendered
# (about one example in twenty: the rest exercise the refusals)
DRAWN = (*HOSTILE, "1", "2", "10")


def replaced(game: str, old: str, new: str) -> bytes:
    """The bundled definition of `game` with its one `old` text replaced by `new`."""
    text = TEXTS[game]
    assert text.count(old) == 1, old
    return text.replace(old, new).encode()


def line_of(game: str, old: str) -> int:
    text = TEXTS[game]
    return text[: text.index(old)].count("\n") + 1


def refusal(raw: bytes) -> str:
    with pytest.raises(DefinitionError) as err:
        load_bytes(raw)
    return str(err.value)


# -- numbers in definitions ----------------------------------------------------------------


@pytest.mark.parametrize("method", [Node.int, Node.float])
def test_every_number_needs_both_bounds(method: object) -> None:
    # keyword-only without a default: a call that forgets a bound fails on its first run
    for bound in ("low", "high"):
        parameter = inspect.signature(method).parameters[bound]
        assert parameter.kind is inspect.Parameter.KEYWORD_ONLY
        assert parameter.default is inspect.Parameter.empty


@pytest.mark.parametrize("value", ["nan", "inf", "-inf", "+inf", "1e300", "0.0", HUGE, "-1"])
def test_a_tile_size_that_is_not_a_finite_inch_count_is_refused(value: str) -> None:
    old = "size_in = 1.5"
    message = refusal(replaced("planet-78", old, f"size_in = {value}"))
    line = line_of("planet-78", old)
    assert f"game.toml:{line}: tiles.size_in: expected a number 1.25..2.5, got " in message


def test_float_messages_read_like_integer_ones() -> None:
    message = refusal(replaced("planet-78", "size_in = 1.5", "size_in = nan"))
    assert message.endswith("tiles.size_in: expected a number 1.25..2.5, got nan")
    message = refusal(replaced("planet-78", "size_in = 1.5", f"size_in = {HUGE}"))
    assert message.endswith("expected a number 1.25..2.5, got 1000000000000000000000000000000")


@pytest.mark.parametrize(
    ("field", "old", "new", "expected"),
    [
        ("season_length", "{ min = 2, max = 8 }", "{ min = 0, max = 0 }", "1..10, got 0"),
        ("piles", "{ min = 2, max = 4 }", "{ min = 0, max = 0 }", "1..10, got 0"),
        ("piles", "{ min = 2, max = 4 }", "{ min = 2, max = 10000000 }", "1..10, got 10000000"),
        ("lives", "{ min = 1, max = 2 }", f"{{ min = 1, max = {HUGE} }}", "1..9, got 1000"),
        ("pollution", "{ min = 0, max = 6 }", "{ min = 0, max = 11 }", "0..10, got 11"),
        ("season_length", "{ min = 2, max = 8 }", "{ min = 2, max = nan }", "got nan"),
    ],
)
def test_variance_ranges_are_bounded_per_field(
    field: str, old: str, new: str, expected: str
) -> None:
    line = line_of("planet-78", f"{field} = {old}")
    message = refusal(replaced("planet-78", f"{field} = {old}", f"{field} = {new}"))
    assert f"game.toml:{line}: variance.{field}." in message
    assert expected in message


def test_a_variance_range_must_hold_the_default_it_starts_from() -> None:
    old = "season_length = { min = 2, max = 8 }"
    message = refusal(replaced("planet-78", old, "season_length = { min = 6, max = 8 }"))
    assert f":{line_of('planet-78', old)}: variance.season_length: 6..8 must include" in message


@pytest.mark.parametrize(
    ("game", "old", "new", "key"),
    [
        ("planet-78", "season_length = 5 ", "season_length = 0 ", "rules.season_length"),
        ("planet-78", "carry_limit = 5", f"carry_limit = {HUGE}", "rules.carry_limit"),
        ("planet-78", "piles = 2 ", "piles = 0 ", "center.piles"),
        ("personal-space", "adopt = 10", "adopt = 100000000000", "prices.adopt"),
        ("personal-space", "moves = 4 }", "moves = 9999 }", "generators.pond.bet 6, moves"),
        ("personal-space", "penalty = 2", "penalty = 1e300", "job 2, penalty"),
        ("my-corner-of-the-sky", "min = 50", f"min = {HUGE}", "rank 9, min"),
    ],
)
def test_every_number_has_an_upper_bound(game: str, old: str, new: str, key: str) -> None:
    message = refusal(replaced(game, old, new))
    assert f"game.toml:{line_of(game, old)}: {key}: expected an integer" in message


def test_the_largest_accepted_values_still_render_small(tmp_path: Path) -> None:
    # every track at its longest: the pages stay a few boxes longer, not gigabytes
    text = TEXTS["planet-78"]
    for old, new in [
        ("season_length = { min = 2, max = 8 }", "season_length = { min = 1, max = 10 }"),
        ("piles = { min = 2, max = 4 }", "piles = { min = 1, max = 10 }"),
        ("\nmax = 10 ", "\nmax = 30 "),  # the pollution meter's last box
    ]:
        assert text.count(old) == 1
        text = text.replace(old, new)
    game = load_bytes(text.encode())
    assert (game.variance.season_length.max, game.variance.piles.max) == (10, 10)
    files = render_game(game, tmp_path, RenderOptions())
    assert sum(Path(f.path).stat().st_size for f in files) < 5_000_000


NUMBER = re.compile(
    r'"""[\s\S]*?"""|\'\'\'[\s\S]*?\'\'\'|"(?:[^"\\\n]|\\.)*"|\'[^\'\n]*\'|#[^\n]*'
    r"|(?P<number>(?<![\w.-])-?\d+(?:\.\d+)?(?![\w.]))"
)


def number_spans(text: str) -> list[tuple[int, int]]:
    """Where each number of a definition is (strings and comments skipped)."""
    return [m.span("number") for m in NUMBER.finditer(text) if m.group("number")]


SPANS = {name: number_spans(text) for name, text in TEXTS.items()}


@st.composite
def hostile_definitions(draw: st.DrawFn) -> bytes:
    """A bundled definition with one to three of its numbers replaced (mostly hostile)."""
    game = draw(st.sampled_from(GAMES))
    spans = draw(st.lists(st.sampled_from(SPANS[game]), min_size=1, max_size=3, unique=True))
    text = TEXTS[game]
    for start, end in sorted(spans, reverse=True):  # from the end: earlier spans stay put
        text = text[:start] + draw(st.sampled_from(DRAWN)) + text[end:]
    return text.encode()


def test_the_definitions_have_numbers_to_replace() -> None:
    assert all(len(spans) > 20 for spans in SPANS.values())


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hostile_definitions())
def test_hostile_numbers_are_refused_or_render(raw: bytes) -> None:
    try:
        game = load_bytes(raw)
    except DefinitionError:
        return
    out = Path(tempfile.mkdtemp())  # one folder per example: hypothesis reuses tmp_path
    try:
        render_game(game, out, RenderOptions())
    except SheetsmithError:
        pass
    finally:
        shutil.rmtree(out)


# -- --back-offset and --base-url ----------------------------------------------------------


@pytest.mark.parametrize("offset", ["nan,nan", "0,nan", "inf,0", "-inf,-inf", "NaN,1"])
def test_a_back_offset_that_is_not_finite_is_refused(tmp_path: Path, offset: str) -> None:
    args = ["render", "planet-78", "--component", "role-cards", "--out", str(tmp_path)]
    result = runner.invoke(app, [*args, "--back-offset", offset])
    assert result.exit_code == 2, result.output
    assert "--back-offset: expected two finite numbers of mm" in result.output
    assert not isinstance(result.exception, ValueError)


@pytest.mark.parametrize(
    "url",
    [
        'https://x.org/"><script>',
        "https://x.org/<a>",
        "https://x.org/a b",
        "https://x.org/a\\b",
        "https://x.org/a'b",
        "https://x.org/\x00",
        "https://x.org/\x7f",
        "https://exämple.org/",
        "https://x.org/%zz",
        "https://x.org/a%2",
        "http://[x/",
    ],
)
def test_a_base_url_with_a_character_no_url_holds_is_refused(url: str) -> None:
    with pytest.raises(OptionError, match="--base-url"):
        base_url(url)


def test_the_cli_refuses_a_bad_base_url_with_exit_2(tmp_path: Path) -> None:
    args = ["render", "personal-space", "--component", "neighbors", "--out", str(tmp_path)]
    result = runner.invoke(app, [*args, "--base-url", 'https://x.org/"'])
    assert result.exit_code == 2
    assert "which a URL cannot hold" in result.output


def test_a_huge_base_url_is_refused_early_and_echoed_short() -> None:
    url = "https://example.org/" + "a" * 100_000
    with pytest.raises(OptionError) as err:
        base_url(url)
    message = str(err.value)
    assert f"at most {MAX_BASE_URL_CHARS:,}" in message
    assert "…" in message and len(message) < SHOWN_CHARS + 200


def test_a_bad_url_is_never_echoed_in_full() -> None:
    url = "https://example.org/" + "a" * 500 + '"'
    with pytest.raises(OptionError) as err:
        base_url(url)
    assert "…" in str(err.value) and len(str(err.value)) < SHOWN_CHARS + 200


@pytest.mark.parametrize(
    "url",
    ["https://x.org/a%20b", "http://[::1]:8080/p", "https://x.org/~a/b-c_d.e/", "https://x.org"],
)
def test_urls_of_allowed_characters_pass(url: str) -> None:
    assert base_url(url).startswith(url)


# -- the same sheet twice ------------------------------------------------------------------


def test_the_same_sheet_given_twice_is_refused(tmp_path: Path, monkeypatch) -> None:
    ann = str(EXAMPLES / "my-corner-of-the-sky" / "ann.toml")
    result = runner.invoke(app, ["check", ann, ann])
    assert result.exit_code == 2
    assert f"{ann}: is given twice" in result.output
    assert "Shared victory" not in result.output
    # the same file spelled two ways is still one file
    (tmp_path / "a.toml").write_bytes(Path(ann).read_bytes())
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["check", "a.toml", "./a.toml"])
    assert result.exit_code == 2 and "./a.toml: is given twice" in result.output


def test_two_files_alike_are_two_sheets_with_a_note(tmp_path: Path) -> None:
    # two blank sheets, players named after their files: two players, sharing the victory
    blank = 'game = "my-corner-of-the-sky"\n'
    a, b = tmp_path / "ada.toml", tmp_path / "bo.toml"
    a.write_text(blank, encoding="utf-8")
    b.write_text(blank, encoding="utf-8")
    result = runner.invoke(app, ["check", str(a), str(b), "--json"])
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    assert [p["player"] for p in document["players"]] == ["ada", "bo"]
    assert document["winners"] == ["ada", "bo"]
    assert f"warning: {b} has the same content as {a}: scored as another sheet" in result.stderr


def test_a_copy_of_a_day_under_another_name_is_checked_too(tmp_path: Path) -> None:
    ann = str(EXAMPLES / "personal-space" / "ann.toml")
    copy = tmp_path / "copy.toml"
    copy.write_bytes(Path(ann).read_bytes())
    result = runner.invoke(app, ["check", ann, str(copy)])
    assert result.exit_code == 0, result.output
    assert f"{copy} has the same content as {ann}" in result.stderr


def test_two_sheets_of_one_player_name_stay_two_players(tmp_path: Path) -> None:
    ann = str(EXAMPLES / "my-corner-of-the-sky" / "ann.toml")
    ben = (EXAMPLES / "my-corner-of-the-sky" / "ben.toml").read_text(encoding="utf-8")
    other = tmp_path / "other-ann.toml"
    other.write_text(ben.replace('player = "Ben"', 'player = "Ann"'), encoding="utf-8")
    result = runner.invoke(app, ["check", ann, str(other)])
    assert result.exit_code in (0, 1)
    winner = re.search(r"^(Winner|Shared victory): (.*)$", result.output, re.MULTILINE)
    assert winner is not None
    assert winner.group(2) in (f"Ann ({ann})", f"Ann ({other})", f"Ann ({ann}), Ann ({other})")
    assert f"Ann ({ann})" in result.output and f"Ann ({other})" in result.output


# -- SOURCE_DATE_EPOCH ---------------------------------------------------------------------


def rendered_bytes(out: Path) -> bytes:
    game = definition.load("planet-78")
    (file,) = render_game(game, out, RenderOptions(components=("role-cards",)))
    return Path(file.path).read_bytes()


@pytest.mark.parametrize("epoch", ["1700000000", "0", "not-a-number"])
def test_source_date_epoch_changes_no_byte(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, epoch: str
) -> None:
    # reportlab reads the variable afresh for every document, so setting it here is enough
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    plain = rendered_bytes(tmp_path / "plain")
    monkeypatch.setenv("SOURCE_DATE_EPOCH", epoch)
    assert rendered_bytes(tmp_path / "dated") == plain
