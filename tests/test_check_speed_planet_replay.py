"""Planet 78's shortcuts (issue 17) give what the long way gives.

A log's phrases are read once per check and each turn's `do` list once per player; the
turns that draw nothing and start no season skip the draws; every player's signs of where
they are come from one pass over the log. Each is held here against the long way.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from planet_bot import play, to_toml
from sheetsmith.check import check_text
from sheetsmith.definition import load
from sheetsmith.errors import SheetError
from sheetsmith.games.planet import log as planet_log
from sheetsmith.games.planet import seats, whereabouts
from sheetsmith.games.planet.land import Settings
from sheetsmith.games.planet.phrases import Words
from sheetsmith.games.planet.replay import replay
from sheetsmith.games.planet.seasons import _due_draws
from sheetsmith.games.planet.whereabouts import Sign, _sign
from sheetsmith.toml.document import parse_toml_bytes
from sheetsmith.toml.node import Context

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "planet-78"
GAME = load("planet-78")
ROLES = (("Ann", "engineer"), ("Ben", "pathfinder"))


def logs() -> list[tuple[str, bytes]]:
    found = [(p.name, p.read_bytes()) for p in sorted(EXAMPLES.glob("*.toml"))]
    short = Settings(pollution=4, season_length=3, lives=1, piles=3)
    found += [(f"bot{seed}.toml", to_toml(play(seed, ROLES, short)).encode()) for seed in (1, 5)]
    return found


def read(raw: bytes, name: str = "game.toml") -> tuple[planet_log.GameLog, Context]:
    doc = parse_toml_bytes(raw, name)
    ctx = Context(doc)
    return planet_log.parse_sheet(ctx.root(), GAME, name), ctx


@pytest.mark.parametrize(("name", "raw"), logs())
def test_each_phrase_reads_as_it_reads_on_its_own(name: str, raw: bytes):
    parsed, ctx = read(raw, name)
    names = tuple(p.name for p in parsed.players)
    effects = {p.name: r.effect for p in parsed.players for r in GAME.roles if r.id == p.role}
    typed = ctx.root()["turns"].list()
    for turn, item in zip(parsed.turns, typed, strict=True):
        words = Words(GAME, names, effects.get(turn.player, ""))
        alone = tuple(
            a
            for k, n in enumerate(item["do"].list(()), start=1)
            if (a := planet_log._action(n, words, k)) is not None
        )
        assert turn.actions == alone


def test_a_phrase_typed_wrong_again_is_reported_each_time_where_it_is_typed():
    text = (EXAMPLES / "won.toml").read_text()
    turns = [m.start() for m in re.finditer(r"^do = \[", text, re.M)]
    for at in reversed(turns[:6]):  # the same wrong list typed in six turns
        end = text.index("\n", at)
        text = text[:at] + 'do = ["move E5", "fly home", 3]' + text[end:]
    with pytest.raises(SheetError) as refused:
        check_text(text.encode(), "won.toml")
    shown = str(refused.value).splitlines()
    assert [s.split(":")[1] for s in shown if "unknown action 'fly'" in s] == [
        str(line) for line in (16, 20, 24, 28, 32, 36)
    ]
    assert sum("action 3: expected a string, got 3" in s for s in shown) == 6
    assert len(set(shown)) == len(shown)  # each at its own turn


@pytest.mark.parametrize(("name", "raw"), logs())
def test_a_turn_that_skips_the_draws_has_none_due_and_none_drawn(name, raw, monkeypatch):
    parsed, _ = read(raw, name)
    skipped = []
    first = seats._start_turn

    def both(g, turn, player, gap=False):
        quick = bool(turn.draws) or max(g.clock, 0) // g.settings.season_length > g.seen_season
        assert quick == bool(turn.draws or _due_draws(g, mark=False))  # `_start_turn`'s test
        if not quick:
            skipped.append(turn.number)
        return first(g, turn, player, gap)

    monkeypatch.setattr(seats, "_start_turn", both)
    replay(GAME, parsed)
    assert len(skipped) > len(parsed.turns) // 2


def signs_one_player_at_a_time(g, name: str) -> list[Sign]:
    """The signs of `name` as they were read before: a pass over the log for each player."""
    deadly = {c.id for c in g.game.cards if c.effect == "lose-life"}
    signs: list[Sign] = []
    for k, turn in enumerate(g.log.turns):
        if deadly & set(turn.draws):
            signs.append(Sign((k, 0), "unknown", g.game.land.center, f"turn {turn.number}"))
        for action in turn.actions if turn.player == name else ():
            if (sign := _sign(g, k, turn, action)) is not None:
                signs.append(sign)
    return signs


@pytest.mark.parametrize(("name", "raw"), logs())
def test_every_players_signs_read_in_one_pass_are_each_players_own(name, raw):
    parsed, _ = read(raw, name)
    g = replay(GAME, parsed)
    for player in g.players:
        whereabouts._signs(g, player.name)
        assert g.ahead[player.name] == signs_one_player_at_a_time(g, player.name)
        assert g.ahead_at[player.name] == [s.at[0] for s in g.ahead[player.name]]
