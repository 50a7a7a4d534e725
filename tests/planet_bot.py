"""A simple co-operative Planet 78 table that plays whole games and writes their logs.

It exists to test the game-log checker on complete games, won and lost: it plans on the
replay's own state (the land, the seasons, the floods), moves only as the rules allow, draws
its negative buffs and disasters at random from the example deck, and writes the game as the
TOML log a group would type. The tests then check that text from scratch with `check_text`.

    python tests/planet_bot.py 7 > examples/planet-78/won.toml
"""

from __future__ import annotations

import copy
import random
import sys
from collections import Counter, deque
from collections.abc import Callable, Sequence

from sheetsmith.definition import load
from sheetsmith.games.planet.land import NEED, Settings, default_settings, variance_toml
from sheetsmith.games.planet.log import Action, GameLog, Player, Turn
from sheetsmith.games.planet.model import Space, space_name
from sheetsmith.games.planet.replay import _close_turn, _open_turn
from sheetsmith.games.planet.seasons import _due_draws
from sheetsmith.games.planet.state import _Game, _Player
from sheetsmith.games.planet.turn import _play_turn, _points, _start_turn

GAME = load("planet-78")
ORTHOGONAL = ((0, -1), (1, 0), (0, 1), (-1, 0))
DIAGONAL = ((1, -1), (1, 1), (-1, 1), (-1, -1))
SAFE_POLLUTION = 8  # pollution plus 2 per Need still to pick up stays at or below this


class Bot:
    def __init__(
        self, seed: int, players: Sequence[tuple[str, str]], variance: Settings | None = None
    ) -> None:
        self.rng = random.Random(f"bot:{seed}")
        chosen = variance or default_settings(GAME)
        log = GameLog("bot.toml", "bot", seed, chosen, tuple(Player(*p) for p in players), ())
        self.g = _Game(GAME, log)
        self.turns: list[Turn] = []
        self.when: list[str] = []  # each turn's round and season, for the log's comments
        self.focus: dict[str, str | None] = {name: None for name, _ in players}
        self.errand: dict[str, Space] = {}  # player -> the Need tile they are heading for
        self.center = GAME.land.center
        self.pile = GAME.center.pile
        self.required = self.g.settings.piles

    # -- the table ------------------------------------------------------------------------

    def play(self, max_turns: int = 1200) -> _Game:
        g = self.g
        for index in range(max_turns):
            name = g.log.players[index % len(g.log.players)].name
            turn = Turn(index + 1, name, (), ())
            player = _open_turn(g, turn)
            assert player is not None
            turn = turn._replace(draws=tuple(self.draw(k) for k in _due_draws(g, mark=False)))
            _start_turn(g, turn, player)
            self.when.append(f"round {g.round + 1}, {GAME.seasons[g.season_index()].name}")
            texts = self.decide(player) if player.alive else []
            actions = tuple(
                Action(t.split()[0], tuple(t.split()[1:]), t, k)
                for k, t in enumerate(texts, start=1)
            )
            turn = turn._replace(actions=actions)
            _play_turn(g, turn, player)
            _close_turn(g, turn)
            assert not g.out, (turn, g.out)  # the bot only plays by the rules
            self.turns.append(turn)
            if g.result != "unfinished":
                break
        return g

    def draw(self, kind: str) -> str:
        cards = [c for c in GAME.cards if c.kind == kind]
        return self.rng.choices([c.id for c in cards], weights=[c.count for c in cards])[0]

    # -- what the land allows --------------------------------------------------------------

    def steps(self, player: _Player, space: Space) -> list[Space]:
        g = self.g
        if g.closed(space):
            return []  # nobody on a city moves in winter
        deltas = ORTHOGONAL + (DIAGONAL if player.role.diagonal else ())
        out = []
        for dx, dy in deltas:
            n = (space[0] + dx, space[1] + dy)
            if n in g.tiles and g.bridged(space, n) and not g.closed(n) and not g.flooded(n):
                out.append(n)
        return out

    def reach(self, player: _Player, start: Space, points: int) -> dict[Space, list[Space]]:
        """Every space reachable with `points` moves, with the path to it."""
        paths = {start: []}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            if len(paths[here]) >= points:
                continue
            for n in self.steps(player, here):
                if n not in paths:
                    paths[n] = [*paths[here], n]
                    queue.append(n)
        return paths

    def route(
        self,
        player: _Player,
        goal: Callable[[Space], bool],
        points: int,
        safe: Callable[[Space], bool],
    ) -> list[Space] | None:
        """This turn's moves towards the nearest goal, over as few turns as possible, each turn
        ending on a space that is safe to stand on; None if no goal can be reached."""
        start = player.at
        first: dict[Space, list[Space]] = {start: []}
        frontier = [start]
        for turn in range(60):
            budget = points if turn == 0 else GAME.rules.actions_per_turn
            following = []
            for stop in frontier:
                paths = self.reach(player, stop, budget)
                goals = [s for s in paths if goal(s)]
                if goals:
                    best = min(goals, key=lambda s: len(paths[s]))
                    return paths[best] if stop == start else first[stop]
                for space, path in paths.items():
                    if space not in first and safe(space):
                        first[space] = path if stop == start else first[stop]
                        following.append(space)
            frontier = following
            if not frontier:
                return None
        return None

    def gives(self, space: Space) -> str | None:
        """The resource a player standing here collects at the start of a turn."""
        g = self.g
        tile = g.tiles[space]
        if tile.special or g.flooded(space) or tile.kind in g.dead_terrains():
            return None
        return GAME.terrain(tile.kind).resource

    def rounds_left(self) -> int:
        return self.g.season_length - max(self.g.clock, 0) % self.g.season_length

    def usable(self, space: Space) -> bool:
        """A tile to stay on and collect: it gives now, and a city is left before winter."""
        g = self.g
        if self.gives(space) is None:
            return False
        season = GAME.seasons[g.season_index()]
        following = GAME.seasons[(g.season_index() + 1) % len(GAME.seasons)]
        tile = g.tiles[space]
        closing = tile.kind in following.closed and self.rounds_left() <= 2
        return not closing and tile.kind not in season.closed

    # -- deciding a turn -----------------------------------------------------------------------

    def points(self, player: _Player) -> int:
        return _points(self.g, copy.copy(player))

    def piles_short(self, resource: str, player: _Player) -> int:
        """Piles of `resource` still to find, not counting what other players carry or chase."""
        g = self.g
        short = self.required - g.piles[resource]
        for other in g.players:
            if other is not player and (
                other.held[resource] >= self.pile or self.focus[other.name] == resource
            ):
                short -= 1
        return short

    def choose_focus(self, player: _Player) -> str | None:
        g = self.g
        current = self.focus[player.name]
        if current and g.piles[current] < self.required and player.held[current] >= self.pile:
            return current
        if current and self.piles_short(current, player) > 0:
            return current
        wanted = [r for r in GAME.resources if self.piles_short(r, player) > 0]
        if not wanted:
            return None
        # What the player already holds first, then whatever a usable tile nearby gives.
        held = [r for r in wanted if player.held[r]]
        if held:
            return max(held, key=lambda r: player.held[r])
        near = self.reach(player, player.at, 8)
        found = [
            (len(near[s]), r) for s in near if self.usable(s) and (r := self.gives(s)) in wanted
        ]
        return min(found)[1] if found else None

    def phase(self) -> str:
        g = self.g
        if any(g.piles[r] < self.required for r in GAME.resources):
            return "piles"
        left = len(GAME.needs) - len(g.needs_taken)
        if left and g.pollution + 2 * left > SAFE_POLLUTION:
            return "filters"
        return "needs" if left else "home"

    def decide(self, player: _Player) -> list[str]:
        g = self.g
        acts: list[str] = []
        points = self.points(player)
        held = Counter(player.held)
        phase = self.phase()
        focus = self.focus[player.name] = (
            self.choose_focus(player) if phase in ("piles", "filters") else None
        )
        if phase == "filters" and focus is None:
            near = [s for s in self.reach(player, player.at, 6) if self.usable(s)]
            if near:
                focus = self.focus[player.name] = self.gives(
                    min(near, key=lambda s: len(self.reach(player, player.at, 6)[s]))
                )

        owed = player.discard
        while owed:
            kind = min(
                (r for r in held if held[r]), key=lambda r: (r == focus, held[r], r), default=None
            )
            if kind is None:
                break
            n = min(owed, held[kind])
            acts.append(f"discard {kind} {n}")
            held[kind] -= n
            owed -= n

        # An air filter: 2 of a kind for -1 pollution, one action card a turn.
        hand_room = player.hand.total() < GAME.rules.hand_limit
        if points >= 1 and hand_room and g.pollution > 0:
            urgent = phase == "filters" or g.pollution >= 5
            pairs = [r for r in held if held[r] >= 2 and (urgent or r != focus)]
            if focus in pairs and not urgent:
                pairs.remove(focus)
            spare = [r for r in pairs if r != focus or held[r] < self.pile]
            if spare and (urgent or any(r != focus for r in spare)):
                kind = min(spare, key=lambda r: (r == focus, -held[r]))
                acts += [f"buy {kind} air-filter", "card air-filter"]
                held[kind] -= 2
                points -= 1

        at = player.at
        deposited: Counter[str] = Counter()
        while at == self.center and points >= 1:
            ready = [
                r
                for r in GAME.resources
                if held[r] >= self.pile and g.piles[r] + deposited[r] < self.required
            ]
            if not ready:
                break
            acts.append(f"deposit {ready[0]}")
            held[ready[0]] -= self.pile
            deposited[ready[0]] += 1
            points -= 1

        goal, safe = self.goal(player, phase, focus, held, deposited)
        free = False
        tile = g.tiles[at]
        if (
            phase == "needs"
            and tile.kind == NEED
            and tile.label not in g.needs_taken
            and points >= GAME.costs.need
        ):
            acts.append("need")
            points -= GAME.costs.need
            self.errand.pop(player.name, None)
            free = True
            goal, safe = (lambda s: s == self.center), (lambda s: True)
        if points or free:
            if free:  # plan on the land as the Need leaves it: more pollution, a later season
                saved = g.pollution, g.clock, dict(g.needs_taken)
                g.needs_taken[tile.label] = g.clock
                g.pollution += GAME.pollution.per_need
                g.clock += 2
            moves = self.route(player, goal, points + free, safe) or []
            if free:
                g.pollution, g.clock, g.needs_taken = saved
            acts += [f"move {space_name(s)}" for s in moves]
            if moves and moves[-1] == self.center and points + free > len(moves):
                spare = points + free - len(moves)
                for r in GAME.resources:
                    if spare and held[r] >= self.pile and g.piles[r] + deposited[r] < self.required:
                        acts.append(f"deposit {r}")
                        spare -= 1
                        deposited[r] += 1
                        held[r] -= self.pile
        return acts or ["pass"]

    def goal(
        self,
        player: _Player,
        phase: str,
        focus: str | None,
        held: Counter[str],
        deposited: Counter[str],
    ) -> tuple[Callable[[Space], bool], Callable[[Space], bool]]:
        g = self.g
        center = self.center

        def home(space: Space) -> bool:
            return space == center

        def anywhere(space: Space) -> bool:
            return True

        if phase == "needs":
            target = self.errand.get(player.name)
            if target is None or g.tiles[target].label in g.needs_taken:
                taken = set(self.errand.values())
                open_needs = [
                    s
                    for s, t in g.tiles.items()
                    if t.kind == NEED and t.label not in g.needs_taken and s not in taken
                ]
                near = self.reach(player, player.at, 30)
                reachable = [s for s in open_needs if s in near]
                if reachable:
                    target = min(reachable, key=lambda s: len(near[s]))
                    self.errand[player.name] = target
                else:
                    return home, anywhere
            return (lambda s: s == target), anywhere
        if phase == "home" or focus is None:
            return home, anywhere
        carrying = sum(held.values())
        if held[focus] >= self.pile and (phase == "piles"):
            return home, anywhere
        want = self.pile if phase == "piles" else 2
        room = GAME.rules.carry_limit - carrying - (want - held[focus])

        def collect_here(space: Space) -> bool:
            return self.usable(space) and self.gives(space) == focus

        def safe(space: Space) -> bool:
            given = self.gives(space)
            return given is None or given == focus or room >= 1 or carrying >= 5

        return collect_here, safe


def to_toml(bot: Bot) -> str:
    g = bot.g
    lines = [
        f"# A whole game of Planet 78 on seed {g.log.seed}, played by tests/planet_bot.py: "
        f"{g.result} ({g.why}).",
        'game = "planet-78"',
        f'table = "The bots, seed {g.log.seed}"',
        f"seed = {g.log.seed}",
    ]
    if variance := variance_toml(GAME, g.settings):
        lines.append(f"variance = {variance}")
    for p in g.log.players:
        lines += ["", "[[players]]", f'name = "{p.name}"', f'role = "{p.role}"']
    for turn, when in zip(bot.turns, bot.when, strict=True):
        lines += ["", f"[[turns]]   # {turn.number}: {when}", f'player = "{turn.player}"']
        if turn.draws:
            lines.append("draw = [" + ", ".join(f'"{c}"' for c in turn.draws) + "]")
        if turn.actions:
            lines.append("do = [" + ", ".join(f'"{a.text}"' for a in turn.actions) + "]")
    return "\n".join(lines) + "\n"


PLAYERS = (("Ann", "engineer"), ("Ben", "pathfinder"))


def play(
    seed: int, players: Sequence[tuple[str, str]] = PLAYERS, variance: Settings | None = None
) -> Bot:
    bot = Bot(seed, players, variance)
    bot.play()
    return bot


if __name__ == "__main__":
    sys.stdout.write(to_toml(play(int(sys.argv[1]) if len(sys.argv) > 1 else 7)))
