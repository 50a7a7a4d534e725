"""A typed Planet 78 game log: parsed once into a frozen model, or refused.

A co-operative game has no score sheet: its record is the game. The log holds the setup (the
seed that dealt the land, the variance, the players and their roles) and then each turn: who
played, the cards drawn at its start, and its actions as short phrases ("move D3").
"""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

from sheetsmith.games.planet.actions import VERBS
from sheetsmith.games.planet.land import MAX_SEED, Settings, default_settings
from sheetsmith.games.planet.model import PlanetGame
from sheetsmith.games.planet.phrases import Words, read_args, unknown_player
from sheetsmith.toml import lenient
from sheetsmith.toml.node import Node, describe

TOP_KEYS = ("game", "table", "seed", "variance", "players", "turns")


class Action(NamedTuple):
    verb: str
    args: tuple[str, ...]
    text: str  # as typed, for messages
    index: int = 0  # 1-based place in its turn


class Turn(NamedTuple):
    number: int  # 1-based
    player: str
    draws: tuple[str, ...]
    actions: tuple[Action, ...]


class Player(NamedTuple):
    name: str
    role: str


class GameLog(NamedTuple):
    file: str
    table: str
    seed: int
    settings: Settings
    players: tuple[Player, ...]
    turns: tuple[Turn, ...]


def _settings(node: Node, game: PlanetGame) -> Settings:
    values = default_settings(game)._asdict()
    if node.missing:
        return Settings(**values)
    if not isinstance(node.value, dict):
        node.table()  # records "expected a table"
        return Settings(**values)
    node.only(*values)
    for key in values:
        allowed = getattr(game.variance, key)
        value = lenient.integer(node[key], None, low=allowed.min, high=allowed.max)
        if value is not None:
            values[key] = value
    return Settings(**values)


def _players(node: Node, game: PlanetGame) -> tuple[Player, ...]:
    roles = tuple(r.id for r in game.roles)
    players: list[Player] = []
    items = node.list()
    if isinstance(node.value, list) and not 1 <= len(items) <= len(game.land.spawns):
        node.fail(f"expected 1 to {len(game.land.spawns)} players, got {len(items)}")
    names: set[str] = set()
    taken: set[str] = set()
    for item in items[: len(game.land.spawns)]:  # past that, the count says it all
        item.only("name", "role")
        name = (item["name"].str() or "").strip()
        role = lenient.choice(item["role"], roles)
        if not name:
            if isinstance(item["name"].value, str):  # a missing or mistyped name is reported
                item["name"].fail("a player needs a name")
            continue
        if len(name.split()) > 1:
            item["name"].fail(
                f"{name!r}: a name is one word, as actions name players (trade Ben wood 2)"
            )
        if lenient.fold(name) in names:
            item["name"].fail(f"{name!r} is listed twice")
        if role in taken:
            item["role"].fail(f"role {role!r} is taken by another player: roles are unique")
        names.add(lenient.fold(name))
        taken.add(role or "")
        players.append(Player(name, role or roles[0]))
    return tuple(players)


VERB_NAMES = tuple(VERBS)


def _action(node: Node, words: Words, index: int) -> Action | None:
    text = node.str()
    if text is None:
        return None
    if len(text) > 80:
        node.fail(f"{text[:40]!r}... is {len(text):,} characters: an action is a short phrase")
        return None
    typed = text.split()
    if not typed:
        node.fail('expected an action such as "move D3", got an empty string')
        return None
    verb = lenient.pick(typed[0], VERB_NAMES)
    if verb is None:
        word = typed[0].lower()
        node.fail(
            f"unknown action {word!r}{lenient.nearest(word, VERB_NAMES)}; one of {', '.join(VERBS)}"
        )
        return None
    args, problem = read_args(verb, tuple(typed[1:]), words)
    if problem:
        node.fail(f"{text!r}: {problem}; {verb} takes {VERBS[verb]}")
        return None
    return Action(verb, args, text.strip(), index)


def _turns(node: Node, game: PlanetGame, players: tuple[Player, ...]) -> tuple[Turn, ...]:
    cards = tuple(c.id for c in game.cards)
    names = tuple(p.name for p in players)
    effects = {p.name: r.effect for p in players for r in game.roles if r.id == p.role}
    # the words each player's actions may use, made once: a log has a hundred turns
    spoken = {name: Words(game, names, effects.get(name, "")) for name in ("", *names)}
    turns = []
    for number, item in enumerate(node.list(()), start=1):
        if not isinstance(item.value, dict):
            item.fail(
                f'expected a turn like {{ player = "Ann", do = ["move D3"] }}, got '
                f"{describe(item.value)}"
            )
            continue
        item.only("player", "draw", "do")
        # each key read straight from the table when it is typed as it should be (a Node
        # each, for a hundred turns, cost more than the rest of reading them)
        value = item.value
        raw = value.get("player")
        player = typed = raw if type(raw) is str else item["player"].str()
        if typed is not None and names:
            player = lenient.pick(typed, names)
            if player is None:
                item["player"].fail(unknown_player(typed, names))
                player = typed
        raw = value.get("draw", ())
        if type(raw) is tuple or (type(raw) is list and all(type(c) is str for c in raw)):
            draws = tuple(raw)  # `str_list` of strings, or of a key left out
        else:
            draws = item["draw"].str_list(())
        for k, card in enumerate(draws):
            if lenient.pick(card, cards) is None:
                item["draw"].fail(
                    f"draw {k + 1}: unknown card {card!r}{lenient.nearest(card, cards)}"
                )
        draws = tuple(lenient.pick(card, cards) or card for card in draws)
        words = spoken.get(player or "") or Words(game, names, effects.get(player or "", ""))
        raw = value.get("do")
        typed_do = (
            [Node(v, (*item.path, "do", k), item.ctx) for k, v in enumerate(raw)]
            if type(raw) is list
            else item["do"].list(())
        )
        actions = tuple(
            a for k, n in enumerate(typed_do, start=1) if (a := _action(n, words, k)) is not None
        )
        turns.append(Turn(number, player or "", tuple(draws), actions))
    return tuple(turns)


def parse_sheet(root: Node, game: PlanetGame, file: str) -> GameLog:
    """Read a game log; problems are recorded on `root`'s context, never raised."""
    root.only(*TOP_KEYS)
    players = _players(root["players"], game)
    return GameLog(
        file=file,
        table=(root["table"].str("") or "").strip() or Path(file).stem,
        seed=lenient.integer(root["seed"], low=0, high=MAX_SEED) or 0,
        settings=_settings(root["variance"], game),
        players=players,
        turns=_turns(root["turns"], game, players),
    )
