"""Personal Space: its definition read into the frozen model: the day's sections, and `parse`."""

from __future__ import annotations

from types import MappingProxyType

from sheetsmith.definition.common import parse_components, parse_info, unique_ids
from sheetsmith.definition.guide import parse_guide
from sheetsmith.games.space.item_sections import (
    check_gifts,
    parse_day,
    parse_items,
    parse_lottery,
    parse_treasures,
)
from sheetsmith.games.space.map_sections import parse_maps, parse_places
from sheetsmith.games.space.model import (
    COMPONENTS,
    MAX_PRICE,
    SHAPES,
    TIME_COST_SHAPES,
    Action,
    Job,
    JobAction,
    Prices,
    SheetLayout,
    SpaceGame,
    Tracker,
)
from sheetsmith.games.space.place_sections import (
    parse_hole,
    parse_locations,
    parse_neighbors,
    parse_pond,
    parse_tree,
)
from sheetsmith.site.urls import base_url_problem
from sheetsmith.toml.node import Node


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
        "start_money",
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
        start_money=node["start_money"].int(low=0, high=999) or 0,
    )


def _actions(node: Node) -> tuple[Action, ...]:
    items = node.list()
    unique_ids(items, "action")
    actions = []
    codes: dict[str, str] = {}
    for item in items:
        item.only("id", "name", "code", "timing", "shape", "grid", "result", "cost", "log")
        action = Action(
            id=item["id"].str() or "?",
            name=item["name"].str() or "?",
            code=item["code"].str() or "?",
            timing=item["timing"].str() or "",
            shape=item["shape"].str(choices=SHAPES) or "one",
            grid=item["grid"].str() or "",
            result=item["result"].str() or "",
            cost=item["cost"].int(0, low=0, high=MAX_PRICE) or 0,
            log=item["log"].str("") or "",
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
        "places",
        "planets",
        "moons",
        "cards",
        "items",
        "lottery",
        "treasures",
        "day",
        "notes",
        "guide",
    )
    sheet = _sheet(root["sheet"])
    root["site"].only("base_url")
    root["jobs_common"].only("workflow", "how_to")
    generators = root["generators"]
    generators.only("hole", "pond", "tree")
    root["cards"].only("back_title", "back_tagline")
    root["notes"].only("interpretations")
    neighbors = parse_neighbors(root["neighbors"], sheet.resources)
    hole = parse_hole(generators["hole"])
    pond = parse_pond(generators["pond"])
    tree = parse_tree(generators["tree"])
    locations = parse_locations(root["locations"], sheet.days)
    # the generators and the QR locations are named in their own sections; maps reuse it
    names = {
        "hole": hole.name,
        "pond": pond.name,
        "tree": tree.name,
        "theater": locations.theater_name,
        "zoo": locations.zoo_name,
        "jukebox": locations.jukebox_name,
    }
    planets, moons = parse_maps(root, neighbors)
    items = parse_items(root["items"], sheet.resources)
    check_gifts(root["neighbors"], neighbors, items, sheet.resources)
    return SpaceGame(
        info=parse_info(root["game"]),
        components=parse_components(root["components"], COMPONENTS),
        base_url=_base_url(root["site"]["base_url"]),
        sheet=sheet,
        actions=_actions(root["actions"]),
        prices=_prices(root["prices"], sheet.days),
        jobs=_jobs(root["jobs"], sheet.days),
        workflow=root["jobs_common"]["workflow"].str_list(()),
        job_how_to=root["jobs_common"]["how_to"].str("") or "",
        neighbors=neighbors,
        hole=hole,
        pond=pond,
        tree=tree,
        locations=locations,
        back_title=root["cards"]["back_title"].str("") or "",
        back_tagline=root["cards"]["back_tagline"].str("") or "",
        interpretations=root["notes"]["interpretations"].str_list(()),
        places=parse_places(root["places"], names),
        planets=planets,
        moons=moons,
        items=items,
        lottery=parse_lottery(root["lottery"], items),
        treasures=parse_treasures(root["treasures"]),
        day=parse_day(root["day"]),
        guide=parse_guide(root["guide"], COMPONENTS),
    )


def _base_url(node: Node) -> str:
    """The site's address for the printed codes, checked here (not where `--base-url` is,
    whose messages would name an option the organiser never gave)."""
    url = node.str() or ""
    why = base_url_problem(url) if url else None
    if why is not None:
        node.fail(why)
        return ""
    return url
