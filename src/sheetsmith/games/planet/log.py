"""A typed Planet 78 game log: parsed once into a frozen model, or refused.

A co-operative game has no score sheet: its record is the game. The log holds the setup (the
seed that dealt the land, the variance, the players and their roles) and then each turn: who
played, the cards drawn at its start, and its actions as short phrases ("move D3").
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, NamedTuple

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
    # Each action, and each turn's list of them, read once per check: a game types "move E5"
    # or "deposit wood" again and again, and a phrase reads the same for the same player
    # wherever it is in a turn. Only what was read without a problem is kept, so every
    # problem is still recorded where it is typed.
    read: dict[str, dict[str, Action]] = {}  # player -> phrase -> its reading
    read_turns: dict[tuple[str, ...], tuple[Action, ...]] = {}  # (player, *phrases)
    turns = []
    for number, item in enumerate(node.list(()), start=1):
        value = item.value
        if not isinstance(value, dict):
            item.fail(
                f'expected a turn like {{ player = "Ann", do = ["move D3"] }}, got '
                f"{describe(value)}"
            )
            continue
        if len(value) > 3 or not TURN_KEYS.issuperset(value):
            item.only("player", "draw", "do")
        # each key read straight from the table when it is typed as it should be (a Node
        # each, for a hundred turns, cost more than the rest of reading them)
        raw = value.get("player")
        player = typed = raw if type(raw) is str else item["player"].str()
        if typed is not None and names and typed not in names:
            player = lenient.pick(typed, names)
            if player is None:
                item["player"].fail(unknown_player(typed, names))
                player = typed
        raw = value.get("draw", ())
        if not raw and type(raw) in (tuple, list):
            draws: tuple[str, ...] = ()  # nearly every turn draws nothing
        elif type(raw) is tuple or (type(raw) is list and all(type(c) is str for c in raw)):
            draws = tuple(raw)  # `str_list` of strings, or of a key left out
        else:
            draws = item["draw"].str_list(())
        if draws:
            draws = _draws(item, draws, cards)
        who = player or ""
        raw = value.get("do")
        if type(raw) is list:
            try:
                key: tuple[str, ...] | None = (who, *raw)
                actions = read_turns.get(key)
            except TypeError:  # a table or an array among the actions: read each
                key = actions = None
            if actions is None:
                words = spoken.get(who) or Words(game, names, effects.get(who, ""))
                actions = _actions(item, raw, words, read.setdefault(who, {}))
                if key is not None and len(actions) == len(raw):  # each read without a problem
                    read_turns[key] = actions
        else:
            words = spoken.get(who) or Words(game, names, effects.get(who, ""))
            typed_do = item["do"].list(())
            actions = tuple(
                a
                for k, n in enumerate(typed_do, start=1)
                if (a := _action(n, words, k)) is not None
            )
        turns.append(Turn(number, who, draws, actions))
    return tuple(turns)


TURN_KEYS = frozenset(("player", "draw", "do"))


def _actions(
    item: Node, raw: list[Any], words: Words, read: dict[str, Action]
) -> tuple[Action, ...]:
    """A turn's `do` list; `read` holds the phrases this player has typed without a problem,
    read already."""
    actions = []
    for k, v in enumerate(raw, start=1):
        action = read.get(v) if type(v) is str else None
        if action is None:
            action = _action(Node(v, (*item.path, "do", k - 1), item.ctx), words, k)
            if action is not None and type(v) is str:
                read[v] = action
        elif action.index != k:
            action = Action(action.verb, action.args, action.text, k)
        if action is not None:
            actions.append(action)
    return tuple(actions)


def _draws(item: Node, draws: tuple[str, ...], cards: tuple[str, ...]) -> tuple[str, ...]:
    """The cards drawn, as the definition spells them; an unknown one is recorded."""
    for k, card in enumerate(draws):
        if lenient.pick(card, cards) is None:
            item["draw"].fail(f"draw {k + 1}: unknown card {card!r}{lenient.nearest(card, cards)}")
    return tuple(lenient.pick(card, cards) or card for card in draws)


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
