"""Where a player most likely stands when their typed moves do not join up.

A move that does not start where the last one ended is one mistake, but which one? A
coordinate mistyped, a move typed that was not made, or a move the table really made against
the rules. The player's next few typed moves decide: the readings that leave the fewest
further mistakes are kept (and where several are, `foresight` tries each), so the rest of
the log is checked from where the table most likely was, and the mistake is reported once,
at the move where it was made.
"""

from __future__ import annotations

from bisect import bisect_right
from typing import NamedTuple

from sheetsmith.check.per_game import per_game
from sheetsmith.games.planet.log import Action, Turn
from sheetsmith.games.planet.model import Land, Space, parse_space
from sheetsmith.games.planet.state import _Game, _Player

WINDOW = 4  # next moves looked at: enough to tell the readings apart, few enough to be quick
ORTHOGONAL = ((0, -1), (1, 0), (0, 1), (-1, 0))
DIAGONAL = ((1, -1), (1, 1), (-1, 1), (-1, -1))


class Sign(NamedTuple):
    """A later action that says where the player is."""

    at: tuple[int, int]  # the log's turn (0-based) and action (1-based)
    kind: str  # "move" arrives on `space`; "deposit" is made on it; "unknown": from here, who knows
    space: Space
    text: str  # "turn 5: move D4", for messages


class Reading(NamedTuple):
    how: str  # "logged", "not made" or "mistyped"
    at: Space  # where the player stands after the move
    target: Space  # the move as typed
    sign: Sign | None  # the next sign of where they are, for the message


def _sign(g: _Game, k: int, turn: Turn, action: Action) -> Sign | None:
    """What an action (of the log's turn `k`) says of where its player is, if anything."""
    verb = action.verb
    if verb == "move":
        space = parse_space(action.args[0])
        if space is not None:
            return Sign((k, action.index), "move", space, f"turn {turn.number}: {action.text}")
    elif verb in ("deposit", "ability"):
        kind = "deposit" if verb == "deposit" else "unknown"
        text = f"turn {turn.number}: {action.text}"
        return Sign((k, action.index), kind, g.game.land.center, text)
    return None


def _signs(g: _Game, name: str) -> list[Sign]:
    """Every sign of where `name` is in the turns typed under their name, read once from the
    log. An ability, or a disaster that may kill (the dead come back on their spawn tile),
    ends what they say."""
    if name not in g.ahead:
        # Every player's at once: one pass over the log instead of one per player.
        deadly = {c.id for c in g.game.cards if c.effect == "lose-life"}
        found: dict[str, list[Sign]] = {p.name: [] for p in g.players}
        found.setdefault(name, [])
        center = g.game.land.center
        for k, turn in enumerate(g.log.turns):
            if turn.draws and not deadly.isdisjoint(turn.draws):
                unknown = Sign((k, 0), "unknown", center, f"turn {turn.number}")
                for signs in found.values():
                    signs.append(unknown)
            signs = found.get(turn.player)
            if signs is not None:
                for action in turn.actions:
                    if (sign := _sign(g, k, turn, action)) is not None:
                        signs.append(sign)
        for who, signs in found.items():
            if who not in g.ahead:
                g.ahead[who] = signs
                g.ahead_at[who] = [sign.at[0] for sign in signs]
    return g.ahead[name]


def upcoming(g: _Game, player: _Player, turn: Turn) -> tuple[Sign, ...]:
    """The player's next signs after the action being replayed, up to WINDOW: the rest of
    this turn (whatever name it was typed under), then their later turns."""
    k, index = g.cursor
    now = [_sign(g, k, turn, action) for action in turn.actions if action.index > index]
    signs = _signs(g, player.name)
    low, high = 0, len(signs)
    while low < high:  # the first sign after this turn
        mid = (low + high) // 2
        low, high = (mid + 1, high) if signs[mid].at[0] <= k else (low, mid)
    found = []
    for sign in [s for s in now if s is not None] + signs[low : low + WINDOW]:
        if sign.kind == "unknown" or len(found) == WINDOW:
            break
        found.append(sign)
    return tuple(found)


def _neighbours(land: Land, diagonal: bool) -> dict[Space, frozenset[Space]]:
    """Each space's one-move neighbours by the land's shape alone (seasons and floods
    change; typing does not): the space center is entered and left over its bridges only.
    Worked out once per land (by identity: hashing the land cost more than a move's check)."""
    both = _by_land(land)
    if diagonal not in both:
        both[diagonal] = _neighbours_of(land, diagonal)
    return both[diagonal]


@per_game
def _by_land(land: Land) -> dict[bool, dict[Space, frozenset[Space]]]:
    return {}


def _neighbours_of(land: Land, diagonal: bool) -> dict[Space, frozenset[Space]]:
    spaces = set(land.spaces())
    deltas = ORTHOGONAL + (DIAGONAL if diagonal else ())
    out = {}
    for here in spaces:
        near = {(here[0] + dx, here[1] + dy) for dx, dy in deltas} & spaces
        if here == land.center:
            near &= set(land.bridges)
        elif land.center in near and here not in land.bridges:
            near.discard(land.center)
        out[here] = frozenset(near)
    return out


def _fits(near: dict[Space, frozenset[Space]], here: Space, sign: Sign) -> bool:
    """Standing on `here` agrees with the sign: its move starts next to here, or here is
    where it was made."""
    return sign.space in near.get(here, ()) if sign.kind == "move" else here == sign.space


class _Search:
    """The fewest mistakes that explain a player's next signs from a space: each move taken
    as typed, as not made, or as another tile one move away that the next move starts from."""

    def __init__(self, near: dict[Space, frozenset[Space]], signs: tuple[Sign, ...]) -> None:
        self.near = near
        self.signs = signs
        self.memo: dict[tuple[Space, int], int] = {}

    def fits(self, here: Space, sign: Sign) -> bool:
        return _fits(self.near, here, sign)

    def mistakes(self, here: Space, n: int = 0) -> int:
        """From `here`, with signs[n:] still to explain."""
        if n == len(self.signs):
            return 0
        if (here, n) not in self.memo:
            self.memo[here, n] = self._fewest(here, n)
        return self.memo[here, n]

    def _fewest(self, here: Space, n: int) -> int:
        sign, later = self.signs[n], self.signs[n + 1 : n + 2]
        if sign.kind == "deposit":  # the player stands on the center, or a mistake does
            return (here != sign.space) + self.mistakes(sign.space, n + 1)
        if self.fits(here, sign):
            best = self.mistakes(sign.space, n + 1)
            if best == 0:
                return 0  # nothing else can do better
        else:
            landed = sign.space if sign.space in self.near else here  # off the land: put
            best = 1 + self.mistakes(landed, n + 1)
        best = min(best, 1 + self.mistakes(here, n + 1))  # not made
        for there in self.near.get(here, ()):  # mistyped
            if there != sign.space and (not later or self.fits(there, later[0])):
                best = min(best, 1 + self.mistakes(there, n + 1))
        return best


def _next_sign(g: _Game, player: _Player, turn: Turn) -> Sign | None:
    """`upcoming(g, player, turn)[0]`, or None if there is none, without the rest."""
    k, index = g.cursor
    for action in turn.actions:
        if action.index > index and (sign := _sign(g, k, turn, action)) is not None:
            return None if sign.kind == "unknown" else sign
    signs = _signs(g, player.name)
    low = bisect_right(g.ahead_at[player.name], k)  # the first sign after this turn
    if low == len(signs) or signs[low].kind == "unknown":
        return None
    return signs[low]


def read_move(g: _Game, player: _Player, target: Space, turn: Turn) -> list[Reading]:
    """The likeliest readings of a move of `player` to `target` given their next typed
    moves: those that leave the fewest mistakes, in the order ties are taken: the move as
    logged (the table may have broken the rule), a coordinate mistyped (keeping its letter
    or digit, then the nearest), a move not made."""
    here = player.at
    diagonal = player.role.diagonal
    near = g.near.get(diagonal)
    if near is None:  # kept on the game: asked on every move
        near = g.near[diagonal] = _neighbours(g.game.land, diagonal)
    lawful = target in near.get(here, ())
    if lawful:  # most moves: only the next sign is needed to take it as logged
        sign = _next_sign(g, player, turn)
        if sign is None or (  # `_fits(near, target, sign)`, inlined: asked on every move
            sign.space in near.get(target, ()) if sign.kind == "move" else target == sign.space
        ):
            return [Reading("logged", target, target, sign)]
    signs = upcoming(g, player, turn)
    sign = signs[0] if signs else None
    search = _Search(near, signs)
    options: list[tuple[tuple[int, int, int, int], Reading]] = []
    if target != here:  # typed twice, it is no move at all
        landed = target if target in g.tiles else here  # off the land: the player stays put
        logged = int(not lawful) + search.mistakes(landed)
        options.append(((logged, 0, 0, 0), Reading("logged", landed, target, sign)))
    for there in sorted(search.near.get(here, ())):
        if there != target:
            same = (there[0] == target[0]) + (there[1] == target[1])
            far = abs(there[0] - target[0]) + abs(there[1] - target[1])
            key = (1 + search.mistakes(there), 1, -same, far)
            options.append((key, Reading("mistyped", there, target, sign)))
    twice = 0 if target == here else 2  # a move typed twice is likeliest not made
    key = (1 + search.mistakes(here), twice, 0, 0)
    options.append((key, Reading("not made", here, target, sign)))
    options.sort(key=lambda option: option[0])  # stable: equals keep the order above
    fewest = options[0][0][0]
    return [reading for (cost, *_), reading in options if cost == fewest]
