"""Planet 78's definition read section by section into its frozen model."""

from __future__ import annotations

import re

from sheetsmith.definition.common import parse_components, parse_info
from sheetsmith.definition.guide import parse_guide
from sheetsmith.games.planet.model import (
    CARD_KINDS,
    COMPONENTS,
    DRAWN_EFFECTS,
    LAND_TILES,
    MAX_PILES,
    PLAYED_EFFECTS,
    ROLE_EFFECTS,
    RULE_BOUNDS,
    Card,
    Center,
    Costs,
    Land,
    Need,
    PlanetGame,
    Pollution,
    Range,
    Role,
    Rules,
    Season,
    Space,
    Terrain,
    Variance,
    parse_space,
    space_name,
)
from sheetsmith.toml.node import Node, suggest


def _ids(nodes: list[Node], what: str) -> list[str]:
    seen: list[str] = []
    for node in nodes:
        value = node["id"].str()
        if value is None:
            continue
        if not re.fullmatch(r"[a-z0-9][a-z0-9-]*", value):
            node["id"].fail(f"expected a lower-case id (letters, digits, -), got {value!r}")
        elif value in seen:
            node["id"].fail(f"{what} {value!r} is listed twice")
        seen.append(value)
    return seen


def _terrains(node: Node) -> tuple[Terrain, ...]:
    items = node.list()
    _ids(items, "terrain")
    terrains = []
    for item in items:
        item.only("id", "name", "resource", "count")
        terrains.append(
            Terrain(
                item["id"].str() or "?",
                item["name"].str() or "?",
                item["resource"].str() or "?",
                item["count"].int(low=0, high=LAND_TILES) or 0,
            )
        )
    total = sum(t.count for t in terrains)
    if terrains and total != LAND_TILES:
        node.fail(f"the resource tiles must add up to {LAND_TILES}, got {total}")
    return tuple(terrains)


def _space(node: Node, land: tuple[int, int]) -> Space | None:
    text = node.str()
    if text is None:
        return None
    space = parse_space(text)
    if space is None or space[0] >= land[0] or space[1] >= land[1]:
        last = space_name((land[0] - 1, land[1] - 1))
        node.fail(f"expected a space from A1 to {last}, got {text!r}")
        return None
    return space


def _spaces(node: Node, land: tuple[int, int], count: int | None = None) -> tuple[Space, ...]:
    items = node.list()
    if count is not None and len(items) != count:
        node.fail(f"expected {count} spaces, got {len(items)}")
    return tuple(s for item in items if (s := _space(item, land)) is not None)


def _land(node: Node) -> Land:
    node.only("columns", "rows", "missing", "center", "bridges", "spawns", "needs")
    size = (node["columns"].int(low=3, high=26) or 9, node["rows"].int(low=3, high=26) or 9)
    land = Land(
        columns=size[0],
        rows=size[1],
        missing=frozenset(_spaces(node["missing"], size)),
        center=_space(node["center"], size) or (size[0] // 2, size[1] // 2),
        bridges=_spaces(node["bridges"], size, 4),
        spawns=_spaces(node["spawns"], size, 4),
        needs=_spaces(node["needs"], size, 4),
    )
    placed = [land.center, *land.bridges, *land.spawns, *land.needs]
    taken = {s for s in placed if placed.count(s) > 1}
    if taken:
        node.fail(f"{', '.join(sorted(map(space_name, taken)))} hold two special tiles")
    if land.missing & set(placed):
        node.fail("a special tile sits on a missing space")
    free = len(land.spaces()) - len(set(placed))
    if free != LAND_TILES:
        node.fail(
            f"the land has room for {free} resource tiles, but there are {LAND_TILES}: "
            "change columns, rows or missing"
        )
    return land


def _range(node: Node, bounds: tuple[int, int], default: int | None) -> Range:
    """A variance range inside `bounds` that holds the game's `default` setting (None: the
    default was refused already, so there is nothing to compare)."""
    node.only("min", "max")
    low = node["min"].int(low=bounds[0], high=bounds[1])
    high = node["max"].int(low=bounds[0], high=bounds[1])
    if low is None or high is None:
        return Range(*bounds)  # already reported: the definition will be refused
    if low > high:
        node.fail(f"min {low} is above max {high}")
    elif default is not None and not low <= default <= high:
        # the default is played when no variance is chosen: it must be one of the choices
        node.fail(f"{low}..{high} must include the default, {default}")
    return Range(low, high)


def _variance(node: Node, bounds: Pollution, defaults: dict[str, int | None]) -> Variance:
    """Each difficulty range within what its rule allows, holding the rule's default."""
    node.only(*Variance._fields)
    allowed = {
        "pollution": (bounds.min, bounds.max),
        "season_length": RULE_BOUNDS["season_length"],
        "lives": RULE_BOUNDS["lives"],
        "piles": (1, MAX_PILES),
    }
    return Variance(*(_range(node[f], allowed[f], defaults[f]) for f in Variance._fields))


def _terrain_list(node: Node, terrains: tuple[str, ...]) -> tuple[str, ...]:
    out = []
    for item in node.list(()):
        value = item.str()
        if value is not None and value not in terrains:
            item.fail(f"unknown terrain {value!r}{suggest(value, terrains)}")
        elif value is not None:
            out.append(value)
    return tuple(out)


def _seasons(node: Node, terrains: tuple[str, ...]) -> tuple[Season, ...]:
    items = node.list()
    _ids(items, "season")
    out = []
    for item in items:
        item.only("id", "name", "effect", "dead", "double", "closed")
        out.append(
            Season(
                item["id"].str() or "?",
                item["name"].str() or "?",
                item["effect"].str() or "",
                _terrain_list(item["dead"], terrains),
                _terrain_list(item["double"], terrains),
                _terrain_list(item["closed"], terrains),
            )
        )
    if len(out) != 4:
        node.fail(f"expected the 4 seasons, got {len(out)}")
    return tuple(out)


def _needs(node: Node, terrains: tuple[str, ...]) -> tuple[Need, ...]:
    items = node.list()
    _ids(items, "need")
    out = []
    for item in items:
        item.only(
            "id",
            "name",
            "effect",
            "dead",
            "years",
            "actions",
            "action_years",
            "hand",
            "move_spawns",
            "take",
        )
        out.append(
            Need(
                item["id"].str() or "?",
                item["name"].str() or "?",
                item["effect"].str() or "",
                _terrain_list(item["dead"], terrains),
                item["years"].int(0, low=0, high=10) or 0,
                item["actions"].int(0, low=0, high=5) or 0,
                item["action_years"].int(0, low=0, high=10) or 0,
                item["hand"].int(0, low=0, high=5) or 0,
                item["move_spawns"].int(0, low=0, high=4) or 0,
                item["take"].int(0, low=0, high=5) or 0,
            )
        )
    if len(out) != 4:
        node.fail(f"expected the 4 needs, got {len(out)}")
    return tuple(out)


def _roles(node: Node) -> tuple[Role, ...]:
    items = node.list()
    _ids(items, "role")
    out = []
    for item in items:
        item.only("id", "name", "ability", "effect", "amount", "diagonal")
        out.append(
            Role(
                item["id"].str() or "?",
                item["name"].str() or "?",
                item["ability"].str() or "",
                item["effect"].str(choices=ROLE_EFFECTS) or "moves",
                item["amount"].int(0, low=-10, high=10) or 0,
                bool(item["diagonal"].bool(False)),
            )
        )
    if len(out) != 8:
        node.fail(f"expected the 8 roles, got {len(out)}")
    return tuple(out)


def _cards(node: Node, terrains: tuple[str, ...]) -> tuple[Card, ...]:
    items = node.list()
    _ids(items, "card")
    out = []
    for item in items:
        item.only("id", "name", "kind", "count", "text", "effect", "amount", "terrain")
        kind = item["kind"].str(choices=CARD_KINDS) or "positive"
        allowed = PLAYED_EFFECTS if kind == "positive" else DRAWN_EFFECTS
        effect = item["effect"].str(choices=allowed) or allowed[0]
        terrain = item["terrain"].str("", choices=("", *terrains)) or ""
        if effect == "lose-life" and not terrain:
            item["terrain"].fail("a lose-life card names the terrain whose players lose a life")
        out.append(
            Card(
                item["id"].str() or "?",
                item["name"].str() or "?",
                kind,
                item["count"].int(low=1, high=20) or 1,
                item["text"].str() or "",
                effect,
                item["amount"].int(0, low=-10, high=10) or 0,
                terrain,
            )
        )
    kinds = {c.kind for c in out}
    for kind in CARD_KINDS:
        if out and kind not in kinds:
            node.fail(f"the deck needs at least one {kind} card")
    if out and not any(c.effect == "revive" for c in out):
        node.fail('the deck needs the Revive card (a card with effect = "revive")')
    return tuple(out)


def parse(root: Node) -> PlanetGame:
    root.only(
        "game",
        "components",
        "terrains",
        "tiles",
        "land",
        "center",
        "rules",
        "costs",
        "pollution",
        "variance",
        "seasons",
        "needs",
        "roles",
        "cards",
        "notes",
        "guide",
    )
    terrains = _terrains(root["terrains"])
    terrain_ids = tuple(t.id for t in terrains)
    tiles = root["tiles"]
    tiles.only("size_in", "back_title")
    size = tiles["size_in"].float(low=1.25, high=2.5) or 1.5
    center = root["center"]
    center.only("name", "pile", "piles")
    rules = root["rules"]
    rules.only(*Rules._fields)
    costs = root["costs"]
    costs.only(*Costs._fields)
    pollution = root["pollution"]
    pollution.only(*Pollution._fields)
    root["notes"].only("interpretations")
    high = pollution["max"].int(low=1, high=30) or 10
    # parsed in the order the model lists them, so problems keep their order
    info = parse_info(root["game"])
    components = parse_components(root["components"], COMPONENTS)
    back_title = tiles["back_title"].str("") or ""
    land = _land(root["land"])
    name = center["name"].str() or "Space Center"
    pile = center["pile"].int(low=1, high=10) or 4
    piles = center["piles"].int(low=1, high=MAX_PILES)
    ruled = {f: rules[f].int(low=RULE_BOUNDS[f][0], high=RULE_BOUNDS[f][1]) for f in Rules._fields}
    # a refused rule still needs a value until the definition is refused: its lowest one
    rules_model = Rules(
        *(RULE_BOUNDS[f][0] if ruled[f] is None else ruled[f] for f in Rules._fields)
    )
    costs_model = Costs(*(costs[f].int(low=0, high=10) or 0 for f in Costs._fields))
    start = pollution["start"].int(low=0, high=high)
    pollution_model = Pollution(
        pollution["min"].int(low=0, high=high) or 0,
        high,
        start or 0,
        pollution["flood_at"].int(low=0, high=high) or 0,
        pollution["disaster_above"].int(low=0, high=high) or 0,
        pollution["per_need"].int(low=0, high=high) or 0,
    )
    defaults = {"pollution": start, "season_length": ruled["season_length"]}
    defaults |= {"lives": ruled["lives"], "piles": piles}
    return PlanetGame(
        info=info,
        components=components,
        terrains=terrains,
        tile_size_in=size,
        back_title=back_title,
        land=land,
        center=Center(name, pile, piles or 2),
        rules=rules_model,
        costs=costs_model,
        pollution=pollution_model,
        variance=_variance(root["variance"], pollution_model, defaults),
        seasons=_seasons(root["seasons"], terrain_ids),
        needs=_needs(root["needs"], terrain_ids),
        roles=_roles(root["roles"]),
        cards=_cards(root["cards"], terrain_ids),
        interpretations=root["notes"]["interpretations"].str_list(()),
        guide=parse_guide(root["guide"], COMPONENTS),
    )
