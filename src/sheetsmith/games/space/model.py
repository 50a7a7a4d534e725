"""Personal Space: the frozen model of its definition, and its parser."""

from __future__ import annotations

from types import MappingProxyType
from typing import NamedTuple

from sheetsmith.definition.common import (
    Component,
    GameInfo,
    parse_components,
    parse_info,
    slug,
    unique_ids,
)
from sheetsmith.toml.node import Node

RULESET = "personal-space"
COMPONENTS = ("daily-sheet", "jobs", "neighbors", "generators", "actions", "locations", "alignment")
SHAPES = (
    "one",
    "none",
    "move",
    "work",
    "exercise",
    "internet",
    "explore",
    "event",
    "hobby",
    "underline",
)
TIME_COST_SHAPES = ("connected", "line")
GREETING_KINDS = ("hello", "item", "trade", "request", "task")
MAX_TASK_STEPS = 4  # four green cubes on a neighbor card
MAX_PRICE = 99  # dollars: every price is printed in a two-digit box or label


class Tracker(NamedTuple):
    name: str
    min: int
    max: int
    start: int
    bad_at_most: int | None = None  # mood: this value or less is a bad mood


class SheetLayout(NamedTuple):
    grid: int
    days: tuple[str, ...]
    pockets: int
    log_entries: int
    speed: Tracker
    energy: Tracker
    mood: Tracker
    resources: tuple[str, ...]
    building_resources: tuple[str, ...]


class Action(NamedTuple):
    id: str
    name: str
    code: str
    timing: str
    shape: str  # one of SHAPES
    grid: str
    result: str
    cost: int = 0


class JobAction(NamedTuple):
    dice: tuple[int, ...]
    name: str
    effect: str

    @property
    def label(self) -> str:
        """The dice as printed: "4+3"."""
        return "+".join(str(d) for d in self.dice)


class Job(NamedTuple):
    id: str
    name: str
    work_days: tuple[str, ...]
    squares: int
    time_shape: str  # "connected" or "line"
    hours: int
    track: int
    yellow_start: int
    purple_start: int
    pay_per_step: int
    purple_limit: int
    penalty: int
    actions: tuple[JobAction, ...]


class RangeSpace(NamedTuple):
    dx: int
    dy: int
    roll: int


class Greeting(NamedTuple):
    kind: str  # one of GREETING_KINDS
    text: str
    item: str = ""
    gives: str = ""
    wants: str = ""
    steps: tuple[str, ...] = ()


class Neighbor(NamedTuple):
    id: str
    name: str
    favorite: str
    trade_gives: str
    trade_wants: str
    range: tuple[RangeSpace, ...]
    friends: tuple[Greeting, ...]
    not_friends: tuple[Greeting, ...]

    @property
    def reach(self) -> int:
        """How far the range diagram reaches from the house (0: the house only)."""
        return max((max(abs(s.dx), abs(s.dy)) for s in self.range), default=0)


class Step(NamedTuple):
    """One labelled line of a board's how-to: ("Setup", "Put a yellow cube on start.")."""

    label: str
    text: str


class Bet(NamedTuple):
    name: str
    wins: tuple[int, ...]  # empty: "Same", the player names a number before rolling
    moves: int


class Hole(NamedTuple):
    name: str
    columns: int
    levels: int
    start: str
    blocked: str
    rewards: tuple[str, ...]  # one per level, level 1 first
    how_to: tuple[Step, ...] = ()


class Pond(NamedTuple):
    name: str
    columns: int
    rows: int
    row_rewards: tuple[str, ...]  # top row first
    bets: tuple[Bet, ...]
    how_to: tuple[Step, ...] = ()


class Tree(NamedTuple):
    name: str
    columns: int
    drop_rows: int
    shakes: int
    column_rewards: tuple[str, ...]
    how_to: tuple[Step, ...] = ()


class Show(NamedTuple):
    day: str
    title: str
    blurb: str


class Exhibit(NamedTuple):
    name: str
    animals: tuple[str, ...]


class Locations(NamedTuple):
    theater_name: str
    shows: tuple[Show, ...]
    zoo_name: str
    exhibits: tuple[Exhibit, ...]
    jukebox_name: str
    songs: tuple[str, ...]


class Prices(NamedTuple):
    show: MappingProxyType[str, int]
    zoo: int
    zoo_with_feed: int
    jukebox: int
    adopt: int


class SpaceGame(NamedTuple):
    info: GameInfo
    components: tuple[Component, ...]
    base_url: str
    sheet: SheetLayout
    actions: tuple[Action, ...]
    prices: Prices
    jobs: tuple[Job, ...]
    workflow: tuple[str, ...]
    job_how_to: str
    neighbors: tuple[Neighbor, ...]
    hole: Hole
    pond: Pond
    tree: Tree
    locations: Locations
    back_title: str
    back_tagline: str
    interpretations: tuple[str, ...]

    def action(self, action_id: str) -> Action:
        return next(a for a in self.actions if a.id == action_id)


def _tracker(node: Node, name: str) -> Tracker:
    node.only("min", "max", "start", "bad_at_most")
    low = node["min"].int(low=0, high=20)
    high = node["max"].int(low=1, high=20)
    low, high = (low or 0), (high or 6)
    if low >= high:
        node.fail(f"min {low} must be below max {high}")
    start = node["start"].int(low=low, high=high)
    bad = node["bad_at_most"].int(None, low=low, high=high)
    return Tracker(name, low, high, start if start is not None else low, bad)


def _sheet(node: Node) -> SheetLayout:
    node.only(
        "grid",
        "days",
        "pockets",
        "log_entries",
        "speed",
        "energy",
        "mood",
        "resources",
        "building_resources",
    )
    days = node["days"].str_list()
    if len(days) != 7 or len(set(days)) != 7:
        node["days"].fail("expected the seven days of the week, each once")
    resources = node["resources"].str_list()
    building = node["building_resources"].str_list(())
    for name in building:
        if name not in resources:
            node["building_resources"].fail(f"{name!r} is not one of resources")
    return SheetLayout(
        grid=node["grid"].int(low=2, high=9) or 6,
        days=days,
        pockets=node["pockets"].int(low=1, high=6) or 3,
        log_entries=node["log_entries"].int(low=1, high=40) or 18,
        speed=_tracker(node["speed"], "Speed"),
        energy=_tracker(node["energy"], "Energy"),
        mood=_tracker(node["mood"], "Mood"),
        resources=resources,
        building_resources=building,
    )


def _actions(node: Node) -> tuple[Action, ...]:
    items = node.list()
    unique_ids(items, "action")
    actions = []
    codes: dict[str, str] = {}
    for item in items:
        item.only("id", "name", "code", "timing", "shape", "grid", "result", "cost")
        action = Action(
            id=item["id"].str() or "?",
            name=item["name"].str() or "?",
            code=item["code"].str() or "?",
            timing=item["timing"].str() or "",
            shape=item["shape"].str(choices=SHAPES) or "one",
            grid=item["grid"].str() or "",
            result=item["result"].str() or "",
            cost=item["cost"].int(0, low=0, high=MAX_PRICE) or 0,
        )
        if action.code in codes:
            item["code"].fail(f"letter code {action.code!r} is also {codes[action.code]}'s")
        codes[action.code] = action.id
        actions.append(action)
    return tuple(actions)


def _prices(node: Node, days: tuple[str, ...]) -> Prices:
    node.only("show", "zoo", "zoo_with_feed", "jukebox", "adopt")
    show = {}
    for day, price in node["show"].table().items():
        if day not in days:
            price.fail("not a day of the week")
        show[day] = price.int(low=0, high=MAX_PRICE) or 0
    for day in days:
        if day not in show:
            node["show"].fail(f"no show price for {day}")
    return Prices(
        show=MappingProxyType(show),
        zoo=node["zoo"].int(low=0, high=MAX_PRICE) or 0,
        zoo_with_feed=node["zoo_with_feed"].int(low=0, high=MAX_PRICE) or 0,
        jukebox=node["jukebox"].int(low=0, high=MAX_PRICE) or 0,
        adopt=node["adopt"].int(low=0, high=MAX_PRICE) or 0,
    )


def _dice(node: Node) -> tuple[int, ...]:
    dice = tuple(v for d in node.list() if (v := d.int(low=1, high=6)) is not None)
    if not 1 <= len(node.list()) <= 3:
        node.fail("expected 1 to 3 dice values")
    return dice


def _jobs(node: Node, days: tuple[str, ...]) -> tuple[Job, ...]:
    items = node.list()
    unique_ids(items, "job")
    jobs = []
    for item in items:
        item.only(
            "id",
            "name",
            "work_days",
            "time_cost",
            "hours",
            "track",
            "setup",
            "pay_per_step",
            "purple_limit",
            "penalty",
            "actions",
        )
        work_days = item["work_days"].str_list()
        for day in work_days:
            if day not in days:
                item["work_days"].fail(f"{day!r} is not a day of the week")
        cost = item["time_cost"]
        cost.only("squares", "shape")
        setup = item["setup"]
        setup.only("yellow", "purple")
        track = item["track"].int(low=1, high=30) or 10
        actions = []
        for entry in item["actions"].list():
            entry.only("dice", "name", "effect")
            actions.append(
                JobAction(
                    _dice(entry["dice"]), entry["name"].str() or "?", entry["effect"].str() or ""
                )
            )
        jobs.append(
            Job(
                id=item["id"].str() or "?",
                name=item["name"].str() or "?",
                work_days=work_days,
                squares=cost["squares"].int(low=1, high=36) or 1,
                time_shape=cost["shape"].str(choices=TIME_COST_SHAPES) or "connected",
                hours=item["hours"].int(low=1, high=12) or 1,
                track=track,
                yellow_start=setup["yellow"].int(low=0, high=track) or 0,
                purple_start=setup["purple"].int(low=0, high=track) or 0,
                pay_per_step=item["pay_per_step"].int(low=0, high=MAX_PRICE) or 0,
                purple_limit=item["purple_limit"].int(low=0, high=track) or 0,
                penalty=item["penalty"].int(low=0, high=MAX_PRICE) or 0,
                actions=tuple(actions),
            )
        )
    if not jobs:
        node.fail("expected at least one job")
    return tuple(jobs)


def _greetings(node: Node) -> tuple[Greeting, ...]:
    greetings = []
    for item in node.list():
        item.only("kind", "text", "item", "gives", "wants", "steps")
        kind = item["kind"].str(choices=GREETING_KINDS) or "hello"
        steps = item["steps"].str_list(())
        if kind == "task" and not 1 <= len(steps) <= MAX_TASK_STEPS:
            item["steps"].fail(f"a task has 1 to {MAX_TASK_STEPS} steps (one green cube each)")
        if kind != "task" and steps:
            item["steps"].fail("only a task has steps")
        if kind == "item" and not item["item"].str(""):
            item["item"].fail("an item greeting names its item")
        if kind == "trade" and not (item["gives"].str("") and item["wants"].str("")):
            item.fail("a trade greeting names what it gives and what it wants")
        greetings.append(
            Greeting(
                kind,
                item["text"].str() or "",
                item["item"].str("") or "",
                item["gives"].str("") or "",
                item["wants"].str("") or "",
                steps,
            )
        )
    if not greetings:
        node.fail("expected at least one greeting")
    return tuple(greetings)


def _neighbors(node: Node, resources: tuple[str, ...]) -> tuple[Neighbor, ...]:
    items = node.list()
    unique_ids(items, "neighbor")
    neighbors = []
    for item in items:
        item.only("id", "name", "favorite", "trade", "range", "friends", "not_friends")
        trade = item["trade"]
        trade.only("gives", "wants")
        favorite = item["favorite"].str(choices=resources) or "?"
        wants = trade["wants"].str(choices=resources) or "?"
        if wants != favorite and favorite != "?":
            trade["wants"].fail(f"the base trade asks for the favourite resource ({favorite})")
        spaces = []
        seen: set[tuple[int, int]] = set()
        for entry in item["range"].list():
            entry.only("at", "roll")
            at = [c.int(low=-3, high=3) for c in entry["at"].list()]
            roll = entry["roll"].int(low=1, high=6) or 6
            if len(at) != 2 or None in at:
                entry["at"].fail("expected [dx, dy], each -3..3")
                continue
            dx, dy = at
            assert dx is not None and dy is not None
            if (dx, dy) == (0, 0):
                entry["at"].fail("[0, 0] is the house itself")
            if (dx, dy) in seen:
                entry["at"].fail(f"[{dx}, {dy}] is listed twice")
            seen.add((dx, dy))
            spaces.append(RangeSpace(dx, dy, roll))
        if not spaces:
            item["range"].fail("expected at least one space")
        neighbors.append(
            Neighbor(
                id=slug(item["id"]),
                name=item["name"].str() or "?",
                favorite=favorite,
                trade_gives=trade["gives"].str(choices=resources) or "?",
                trade_wants=wants,
                range=tuple(spaces),
                friends=_greetings(item["friends"]),
                not_friends=_greetings(item["not_friends"]),
            )
        )
    return tuple(neighbors)


def _how_to(node: Node) -> tuple[Step, ...]:
    steps = []
    for entry in node.list(()):
        entry.only("step", "text")
        steps.append(Step(entry["step"].str() or "", entry["text"].str() or ""))
    return tuple(steps)


def _hole(node: Node) -> Hole:
    node.only("name", "columns", "levels", "start", "blocked", "rewards", "how_to")
    levels = node["levels"].int(low=1, high=10) or 6
    rewards = node["rewards"].str_list()
    if len(rewards) != levels:
        node["rewards"].fail(f"expected one reward per level ({levels}), got {len(rewards)}")
    return Hole(
        node["name"].str() or "Hole",
        node["columns"].int(low=2, high=10) or 6,
        levels,
        node["start"].str("") or "",
        node["blocked"].str("") or "",
        rewards,
        _how_to(node["how_to"]),
    )


def _pond(node: Node) -> Pond:
    node.only("name", "columns", "rows", "row_rewards", "bets", "how_to")
    rows = node["rows"].int(low=1, high=10) or 6
    rewards = node["row_rewards"].str_list()
    if len(rewards) != rows:
        node["row_rewards"].fail(f"expected one reward per row ({rows}), got {len(rewards)}")
    bets = []
    for entry in node["bets"].list():
        entry.only("name", "wins", "moves")
        wins = tuple(v for w in entry["wins"].list() if (v := w.int(low=1, high=6)) is not None)
        # the hook moves down the pond, which has at most 10 rows
        moves = entry["moves"].int(low=1, high=10) or 1
        bets.append(Bet(entry["name"].str() or "?", wins, moves))
    return Pond(
        node["name"].str() or "Pond",
        node["columns"].int(low=1, high=6) or 6,
        rows,
        rewards,
        tuple(bets),
        _how_to(node["how_to"]),
    )


def _tree(node: Node) -> Tree:
    node.only("name", "columns", "drop_rows", "shakes", "column_rewards", "how_to")
    columns = node["columns"].int(low=1, high=6) or 6
    rewards = node["column_rewards"].str_list()
    if len(rewards) != columns:
        node["column_rewards"].fail(f"expected one reward per column ({columns})")
    return Tree(
        node["name"].str() or "Tree",
        columns,
        node["drop_rows"].int(low=1, high=10) or 6,
        node["shakes"].int(low=1, high=10) or 3,
        rewards,
        _how_to(node["how_to"]),
    )


def _locations(node: Node, days: tuple[str, ...]) -> Locations:
    node.only("theater", "zoo", "jukebox")
    theater, zoo, jukebox = node["theater"], node["zoo"], node["jukebox"]
    theater.only("name", "shows")
    zoo.only("name", "exhibits")
    jukebox.only("name", "songs")
    shows = []
    for entry in theater["shows"].list():
        entry.only("day", "title", "blurb")
        shows.append(
            Show(
                entry["day"].str(choices=days) or "?",
                entry["title"].str() or "?",
                entry["blurb"].str("") or "",
            )
        )
    missing = [d for d in days if d not in {s.day for s in shows}]
    if missing:
        theater["shows"].fail(f"no show on {', '.join(missing)}")
    exhibits = []
    for entry in zoo["exhibits"].list():
        entry.only("name", "animals")
        animals = entry["animals"].str_list()
        if not animals:
            entry["animals"].fail("an exhibit needs at least one animal")
        exhibits.append(Exhibit(entry["name"].str() or "?", animals))
    songs = jukebox["songs"].str_list()
    if not songs:
        jukebox["songs"].fail("the jukebox needs at least one song")
    return Locations(
        theater["name"].str() or "Theater",
        tuple(shows),
        zoo["name"].str() or "Zoo",
        tuple(exhibits),
        jukebox["name"].str() or "Jukebox",
        songs,
    )


def parse(root: Node) -> SpaceGame:
    root.only(
        "game",
        "components",
        "site",
        "sheet",
        "actions",
        "prices",
        "jobs",
        "jobs_common",
        "neighbors",
        "generators",
        "locations",
        "cards",
        "notes",
    )
    sheet = _sheet(root["sheet"])
    root["site"].only("base_url")
    root["jobs_common"].only("workflow", "how_to")
    generators = root["generators"]
    generators.only("hole", "pond", "tree")
    root["cards"].only("back_title", "back_tagline")
    root["notes"].only("interpretations")
    return SpaceGame(
        info=parse_info(root["game"]),
        components=parse_components(root["components"], COMPONENTS),
        base_url=root["site"]["base_url"].str() or "",
        sheet=sheet,
        actions=_actions(root["actions"]),
        prices=_prices(root["prices"], sheet.days),
        jobs=_jobs(root["jobs"], sheet.days),
        workflow=root["jobs_common"]["workflow"].str_list(()),
        job_how_to=root["jobs_common"]["how_to"].str("") or "",
        neighbors=_neighbors(root["neighbors"], sheet.resources),
        hole=_hole(generators["hole"]),
        pond=_pond(generators["pond"]),
        tree=_tree(generators["tree"]),
        locations=_locations(root["locations"], sheet.days),
        back_title=root["cards"]["back_title"].str("") or "",
        back_tagline=root["cards"]["back_tagline"].str("") or "",
        interpretations=root["notes"]["interpretations"].str_list(()),
    )
