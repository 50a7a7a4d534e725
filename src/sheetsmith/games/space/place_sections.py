"""Personal Space: the definition's places read into the model: neighbors, generators, locations."""

from __future__ import annotations

from sheetsmith.definition.common import slug, unique_ids
from sheetsmith.games.space.model import (
    GREETING_KINDS,
    MAX_TASK_STEPS,
    Bet,
    Exhibit,
    Greeting,
    Hole,
    Locations,
    Neighbor,
    Pond,
    RangeSpace,
    Show,
    Step,
    Tree,
)
from sheetsmith.toml.node import Node


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


def parse_neighbors(node: Node, resources: tuple[str, ...]) -> tuple[Neighbor, ...]:
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


def parse_hole(node: Node) -> Hole:
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


def parse_pond(node: Node) -> Pond:
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


def parse_tree(node: Node) -> Tree:
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


def parse_locations(node: Node, days: tuple[str, ...]) -> Locations:
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
