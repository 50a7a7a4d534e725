"""The words of one action phrase ("trade ben Food 2"), read by what each place holds.

Each place is read against its own choices only: a player, a resource, a card, a space, a
count. So a player named Wood stays a player, a card typed with a space for its hyphen
(`buy food air filter`) is still one card where nothing can follow it, and a name that is no
player of the game is refused while the log is read, as a wrong `player` key is.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from sheetsmith.check.per_game import per_game
from sheetsmith.games.planet.model import PlanetGame, parse_space
from sheetsmith.toml import lenient

Args = tuple[str, ...]
Reading = tuple[Args, str]  # the arguments as the definition spells them, or a problem


class Words(NamedTuple):
    """What the words of one phrase may name: this game's choices and the turn's player."""

    game: PlanetGame
    names: tuple[str, ...]  # the players of this log
    effect: str = ""  # what the turn's player's ability does ("" if the player is unknown)

    @property
    def resources(self) -> tuple[str, ...]:
        return self.game.resources

    @property
    def cards(self) -> tuple[str, ...]:
        return _card_ids(self.game)


@per_game
def _card_ids(game: PlanetGame) -> tuple[str, ...]:
    """The cards' ids, asked for by every card a log names: once per game."""
    return tuple(c.id for c in game.cards)


def is_count(word: str) -> bool:
    """ASCII digits only: str.isdigit() also accepts '¹' and '١', which int() may refuse."""
    return word.isascii() and word.isdigit() and len(word) <= 4


def unknown_player(typed: str, names: Sequence[str]) -> str:
    """The refusal of a name that is no player's, with the nearest name: with 1 to 4 players,
    the closest is worth showing even when it is not close."""
    import difflib  # only ever needed to explain a mistake

    folded = lenient.fold(typed)[:40]  # difflib is quadratic in the length
    score = {n: difflib.SequenceMatcher(None, folded, lenient.fold(n)).ratio() for n in names}
    best = max(names, key=lambda n: score[n], default=None)
    near = f' (did you mean "{best}"?)' if best is not None and score[best] > 0 else ""
    return f"unknown player {typed!r}{near}; the players are {', '.join(names)}"


def _resource(word: str, words: Words) -> Reading:
    found = lenient.pick(word, words.resources)
    if found is None:
        return (), f"unknown resource {word!r}{lenient.nearest(word, words.resources)}"
    return (found,), ""


def _card(typed: Sequence[str], words: Words, *, tail: bool) -> tuple[str | None, int]:
    """The card the first words name and how many words it takes. With `tail`, a space may
    stand for its hyphen: the most words that name a card (`card second wind`), so in
    `card revive Ben` "revive Ben" names no card and "revive" does, leaving the player."""
    for size in range(len(typed), 0, -1) if tail else range(min(len(typed), 1), 0, -1):
        found = lenient.pick(" ".join(typed[:size]), words.cards)
        if found is not None:
            return found, size
    return None, 0


def _player(word: str, words: Words) -> Reading:
    found = lenient.pick(word, words.names)
    return ((found,), "") if found is not None else ((), unknown_player(word, words.names))


def _move(typed: Args, words: Words) -> Reading:
    if len(typed) != 1 or parse_space(typed[0]) is None:
        return (), "expected one space such as D3"
    return _on_land(typed, typed[0], words)


def _on_land(args: Args, word: str, words: Words) -> Reading:
    space = parse_space(word)
    land = words.game.land
    if space is None or space[0] >= land.columns or space[1] >= land.rows:
        last = f"{chr(ord('A') + land.columns - 1)}{land.rows}"
        return (), f"{word} is off the land (A1 to {last})"
    return args, ""


def _nothing(typed: Args, words: Words) -> Reading:
    return ((), "takes no arguments") if typed else ((), "")


def _one_resource(typed: Args, words: Words) -> Reading:
    found = lenient.pick(typed[0], words.resources) if len(typed) == 1 else None
    if found is None:
        shown = typed[0] if typed else ""
        near = lenient.nearest(shown, words.resources)
        return (), f"expected one resource ({', '.join(words.resources)}){near}"
    return (found,), ""


def _buy(typed: Args, words: Words) -> Reading:
    if len(typed) < 2:
        return (), "expected a resource and a card id"
    resource, problem = _resource(typed[0], words)
    if problem:
        return (), problem
    card, used = _card(typed[1:], words, tail=True)
    if card is None or used < len(typed) - 1:
        shown = " ".join(typed[1:])
        return (), f"unknown card {shown!r}{lenient.nearest(shown, words.cards)}"
    return (*resource, card), ""


def _play(typed: Args, words: Words, *, tail: bool) -> Reading:
    card, used = _card(typed, words, tail=tail)
    if card is None:
        shown = (" ".join(typed) if tail else typed[0]) if typed else ""
        return (), f"unknown card {shown!r}{lenient.nearest(shown, words.cards)}"
    rest = typed[used:]
    revive = next(c.effect == "revive" for c in words.game.cards if c.id == card)
    if revive and rest:  # `card revive Ben`: the player brought back
        named, problem = _player(rest[0], words)
        return ((), problem) if problem else ((card, *named, *rest[1:]), "")
    return (card, *rest), ""


def _counted(typed: Args, words: Words, before: int) -> Reading:
    """`before` words (a player, for a trade), a resource, and an optional count."""
    count = typed[-1:] if typed and is_count(typed[-1]) else ()
    body = typed[: len(typed) - len(count)]
    if len(body) != before + 1:
        return (), "expected " + ("a player, " if before else "") + "a resource, a count"
    named: Args = ()
    if before:
        named, problem = _player(body[0], words)
        if problem:
            return (), problem
    resource, problem = _resource(body[-1], words)
    if problem:
        return (), problem
    limit = words.game.rules.carry_limit
    if count and not 1 <= int(count[0]) <= limit:
        return (), f"a count from 1 to {limit} (what a player can carry)"
    return (*named, *resource, *count), ""


def _spawn(typed: Args, words: Words) -> Reading:
    if len(typed) != 2 or not is_count(typed[0]) or parse_space(typed[1]) is None:
        return (), "expected a spawn number and a space"
    return _on_land(typed, typed[1], words)


def _ability(typed: Args, words: Words) -> Reading:
    """What an ability takes depends on the role: the medic's is a player, so a name that is
    nobody's is refused here; the rest is judged when the ability is used."""
    if words.effect == "revive" and typed:
        named, problem = _player(typed[0], words)
        return ((), problem) if problem else ((*named, *typed[1:]), "")
    choices = {
        "take": words.resources,
        "cards": words.cards,
        "": (*words.resources, *words.cards, *words.names),
    }.get(words.effect, ())
    return tuple(lenient.pick(word, choices) or word for word in typed), ""


READERS: dict[str, Callable[[Args, Words], Reading]] = {
    "move": _move,
    "buy": _buy,
    "card": lambda typed, words: _play(typed, words, tail=True),
    "draw": lambda typed, words: _play(typed, words, tail=True),
    "need": _nothing,
    "ability": _ability,
    "trade": lambda typed, words: _counted(typed, words, 1),
    "deposit": _one_resource,
    "take": _one_resource,
    "discard": lambda typed, words: _counted(typed, words, 0),
    "spawn": _spawn,
    "pass": _nothing,
}


def read_args(verb: str, typed: Args, words: Words) -> Reading:
    """The arguments of `verb` as the definition and the players list spell them, or why
    they cannot be read."""
    return READERS[verb](typed, words)
