"""The parts every game definition shares: its identity and its printable components."""

from __future__ import annotations

import re
from typing import NamedTuple

from sheetsmith.toml.node import Node, describe

# Ids that become file names and web addresses: safe in both, on every file system.
_SLUG = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
MAX_SLUG = 40


class GameInfo(NamedTuple):
    id: str
    ruleset: str
    title: str
    designer: str = ""
    version: str = ""
    players: str = ""
    time: str = ""
    ages: str = ""
    needs: str = ""


class Component(NamedTuple):
    name: str
    description: str


INFO_KEYS = ("id", "ruleset", "title", "designer", "version", "players", "time", "ages", "needs")


def slug(node: Node) -> str:
    """An id that names a folder, a file or a page: lower-case letters, digits and single
    hyphens. Anything else is recorded as a problem (and "?" returned)."""
    value = node.str()
    if value is None:
        return "?"
    if len(value) <= MAX_SLUG and _SLUG.fullmatch(value):
        return value
    tidy = "-".join(re.findall(r"[a-z0-9]+", value.lower()))[:MAX_SLUG].strip("-")
    hint = f' such as "{tidy}"' if tidy else ""
    node.fail(
        f"expected an id of lower-case letters, digits and hyphens, at most {MAX_SLUG}"
        f" characters{hint} (it names files and web pages), got {describe(value)}"
    )
    return "?"


def parse_info(node: Node) -> GameInfo:
    node.only(*INFO_KEYS)
    return GameInfo(
        id=slug(node["id"]),
        ruleset=node["ruleset"].str() or "?",
        title=node["title"].str() or "?",
        **{key: node[key].str("") or "" for key in INFO_KEYS[3:]},
    )


def parse_components(node: Node, known: tuple[str, ...]) -> tuple[Component, ...]:
    """The `[[components]]` list; each name must be one this ruleset can draw."""
    components = []
    seen: set[str] = set()
    for item in node.list():
        item.only("name", "description")
        name = item["name"].str(choices=known)
        if name is None:
            continue
        if name in seen:
            item["name"].fail(f"component {name!r} is listed twice")
        seen.add(name)
        components.append(Component(name, item["description"].str("") or ""))
    if not components and not node.missing:
        node.fail("lists no components")
    return tuple(components)


def unique_ids(nodes: list[Node], what: str) -> None:
    """Record a problem for each repeated `id` among `nodes`."""
    seen: set[str] = set()
    for node in nodes:
        value = node["id"].value
        if isinstance(value, str):
            if value in seen:
                node["id"].fail(f"{what} id {value!r} is used twice")
            seen.add(value)
