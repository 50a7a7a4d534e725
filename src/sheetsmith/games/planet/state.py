"""The table's state while a Planet 78 log is replayed: the players, the land, the clock."""

from __future__ import annotations

from collections import Counter
from typing import Any

from sheetsmith.check.verdict import Violation
from sheetsmith.games.planet.land import Dealt, Tile, deal
from sheetsmith.games.planet.log import Action, GameLog, Turn
from sheetsmith.games.planet.model import PlanetGame, Season, Space, _terrains


class _Player:
    def __init__(self, name: str, role: Any, number: int, spawn: Space, lives: int) -> None:
        self.name = name
        self.role = role
        self.number = number  # of the spawn tile the player started on
        self.at = spawn
        self.lives = lives
        self.dead_turns: int | None = None  # None: alive
        self.held: Counter[str] = Counter()
        self.hand: Counter[str] = Counter()  # card id -> copies held (a list was quadratic)
        self.hand_bonus = 0
        self.skip_collect = False
        self.next_points = 0
        self.discard = 0
        self.luxury = False
        self.house = False  # may swap their own spawn tile (the House Need)
        self.other_swaps = 0  # and this many other players'
        self.swapped: set[int] = set()  # spawn numbers already swapped
        # After a turn of theirs left out of the log, where the player went is unknown until
        # they move (`lost`), and what they hold may be more than the log shows: `unseen`
        # counts it (resources, "*" for any resource, "card:<id>", "card:*" for any card).
        self.lost = False
        self.unseen: Counter[str] = Counter()
        # a city entered though winter closed it (reported): leaving it is the same mistake
        self.snowed_in: Space | None = None

    @property
    def alive(self) -> bool:
        return self.dead_turns is None

    @property
    def carried(self) -> int:
        return sum(self.held.values())


class _Game:
    """The table's state while a log is replayed."""

    def __init__(self, game: PlanetGame, log: GameLog) -> None:
        self.game = game
        self.log = log
        self.dealt: Dealt = deal(game, log.seed)
        # The House Need swaps tiles, so the replay keeps its own copy of the land.
        self.tiles: dict[Space, Tile] = dict(self.dealt.tiles)
        self.settings = log.settings
        self.pollution = log.settings.pollution
        self.clock = 0  # rounds of season time; needs and cards move it
        self.round = 0
        self.piles: Counter[str] = Counter()
        self.needs_taken: dict[str, int] = {}  # need id -> clock when taken
        self.needs_turn: dict[str, int] = {}  # need id -> the turn it was taken on
        self.hold = 0  # rounds the season clock stands still (a season made longer)
        self.slot = 0  # turns played so far, those left out of the log included
        self.cursor = (0, 0)  # the log's turn (0-based) and action (1-based) being replayed
        self.ahead: dict[str, list[Any]] = {}  # each player's moves in the log, once read
        self.ahead_at: dict[str, list[int]] = {}  # the log's turn of each of them (0-based)
        self.near: dict[bool, Any] = {}  # the land's neighbours, without and with diagonals
        # Tries the readings of a doubtful move on copies of the game (None inside a copy).
        self.foresee: Any = None
        self.tries = 200  # copies a log may try: past that, the likeliest reading is taken
        self.spawns = {n + 1: s for n, s in enumerate(game.land.spawns)}
        self.terrains = _terrains(game)  # asked on every turn's collecting
        roles = {r.id: r for r in game.roles}
        self.players = [
            _Player(p.name, roles[p.role], n + 1, self.spawns[n + 1], log.settings.lives)
            for n, p in enumerate(log.players)
        ]
        self.by_name = {p.name: p for p in self.players}
        self.seen_season = 0
        self.disasters = False  # a disaster is drawn each year: begun above the mark
        # draws typed a turn off: (the report's index in `out`, the kinds) of draws due but
        # not typed, and of draws typed before they were due; found typed later (or due
        # later), the one slip is reported once, where it was due
        self.owed_draws: tuple[int, list[str]] | None = None
        self.early_draws: tuple[int, list[str]] | None = None
        self.result = "unfinished"
        self.why = ""
        self.out: list[Violation] = []

    # -- time ------------------------------------------------------------------------------

    @property
    def season_length(self) -> int:
        return self.settings.season_length

    def season_index(self) -> int:
        return (max(self.clock, 0) // self.settings.season_length) % len(self.game.seasons)

    def season(self) -> Season:
        """The season now: asked several times a turn, so without the property's call."""
        seasons = self.game.seasons
        return seasons[(max(self.clock, 0) // self.settings.season_length) % len(seasons)]

    def year(self) -> int:
        return max(self.clock, 0) // (self.season_length * len(self.game.seasons))

    def year_units(self, years: int) -> int:
        return years * self.season_length * len(self.game.seasons)

    def dead(self, terrain: str, season: Season | None = None) -> bool:
        """`terrain in self.dead_terrains()`, without building the set (`season`: the
        season now, if the caller has it already)."""
        if terrain in (season or self.season()).dead:
            return True
        for need in self.game.needs:
            if need.dead and terrain in need.dead:
                taken = self.needs_taken.get(need.id)
                if taken is not None and self.clock < taken + self.year_units(need.years):
                    return True
        return False

    def dead_terrains(self) -> set[str]:
        season = self.game.seasons[self.season_index()]
        dead = set(season.dead)
        for need in self.game.needs:
            taken = self.needs_taken.get(need.id)
            if taken is not None and self.clock < taken + self.year_units(need.years):
                dead |= set(need.dead)
        return dead

    def flooded(self, space: Space) -> bool:
        if self.pollution < self.game.pollution.flood_at:  # nearly always: no tile looked up
            return False
        tile = self.tiles.get(space)
        if tile is None or tile.special:
            return False
        x, y = space
        return any(
            (t := self.tiles.get(n)) is not None and t.kind == "water"
            for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1))
        )

    def bridged(self, a: Space, b: Space) -> bool:
        """False for a step between the space center and anything but a bridge."""
        center = self.game.land.center
        if center != a and center != b:  # nearly every step: no set to build
            return True
        bridges = self.game.land.bridges
        return a in bridges or b in bridges

    def closed(self, space: Space, season: Season | None = None) -> bool:
        closed = (season or self.season()).closed
        if not closed:  # most seasons close nothing: no tile looked up
            return False
        tile = self.tiles.get(space)
        return tile is not None and tile.kind in closed

    # -- what a player may hold unseen -----------------------------------------------------

    def short(self, player: _Player, key: str, wild: str, short: int) -> int:
        """What is left of a shortfall of `key` once what the player may hold unseen (since
        a turn of theirs was left out) covers it, `key` first, then `wild`."""
        for what in (key, wild):
            cover = min(short, player.unseen[what])
            player.unseen[what] -= cover
            short -= cover
        return short

    # -- reporting ---------------------------------------------------------------------------

    def fail(self, rule: str, turn: Turn, action: Action | None, message: str) -> None:
        where = f"turn {turn.number} ({turn.player})"
        if action is not None:
            where += f", action {action.index}: {action.text}"
        self.out.append(Violation(rule, where, message))


class _Turn:
    """One turn under way: its action points and what it has used so far."""

    def __init__(self, g: _Game, turn: Turn, player: _Player, points: int) -> None:
        self.g = g
        self.turn = turn
        self.player = player
        self.points = points
        self.spent = 0
        self.free_move = False  # after a Need is picked up
        self.cards = 0  # action cards played, Revive included
        self.took = False  # the Luxury Need's free take
        self.deposited: set[str] = set()  # the resources deposited this turn
        self.overrun = False  # points.spent is reported once a turn
        self.owed = player.discard
        # What ended the turn early (pass, an ability, a card taken for the whole turn): the
        # rule an action after it breaks, and what to call it.
        self.ended: tuple[str, str] | None = None

    def fail(self, rule: str, action: Action | None, message: str) -> None:
        self.g.fail(rule, self.turn, action, message)
