"""Rendering: games in, PDF files out.

Layout modules return `Page`s of plain primitives; `render.pdf` is the only module that
draws them (and the only one that imports reportlab). Each ruleset maps its component
names to functions that lay out and write one file.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any, Protocol

from sheetsmith.definition.common import GameInfo
from sheetsmith.errors import OptionError
from sheetsmith.output import Output, RenderedFile, RenderOptions
from sheetsmith.render.document import DocumentInfo, component_path, save
from sheetsmith.render.paper import paper as paper_named


class Game(Protocol):
    """What rendering needs from any game model: its identity (the rest is per ruleset)."""

    @property
    def info(self) -> GameInfo: ...


Renderer = Callable[[Any, Output, RenderOptions], RenderedFile]


def _sky_game_pages(game: Any, out_dir: Output, options: RenderOptions) -> RenderedFile:
    from sheetsmith.render.sky import game_pages

    pages = game_pages(game, paper_named(options.paper))
    info = DocumentInfo(
        title=f"{game.info.title}: game pages",
        author=game.info.designer,
        subject=f"{game.info.title} {game.info.version}, {options.paper} paper",
    )
    return save(out_dir, game.info.id, "game-pages", pages, len(pages), info)


def _lazy(module: str, function: str) -> Renderer:
    """A renderer imported on first use, so `render` loads only what it draws."""

    def renderer(game: Any, out_dir: Output, options: RenderOptions) -> RenderedFile:
        from importlib import import_module

        return getattr(import_module(module), function)(game, out_dir, options)

    return renderer


# ruleset -> component name -> renderer, in the order `render` writes them
COMPONENTS: dict[str, dict[str, Renderer]] = {
    "my-corner-of-the-sky": {"game-pages": _sky_game_pages},
    "personal-space": {
        "daily-sheet": _lazy("sheetsmith.render.space_daily", "render_daily_sheet"),
        "jobs": _lazy("sheetsmith.render.space_jobs", "render_jobs"),
        "neighbors": _lazy("sheetsmith.render.space_neighbors", "render_neighbors"),
        "generators": _lazy("sheetsmith.render.space_generators", "render_generators"),
        "actions": _lazy("sheetsmith.render.space_actions", "render_actions"),
        "locations": _lazy("sheetsmith.render.space_locations", "render_locations"),
        "alignment": _lazy("sheetsmith.render.space_alignment", "render_alignment"),
    },
    "planet-78": {
        "tiles": _lazy("sheetsmith.render.planet_tiles", "render_tiles"),
        "special-tiles": _lazy("sheetsmith.render.planet_tiles", "render_special_tiles"),
        "meters": _lazy("sheetsmith.render.planet_sheets", "render_meters"),
        "player-aid": _lazy("sheetsmith.render.planet_cards", "render_player_aid"),
        "action-cards": _lazy("sheetsmith.render.planet_cards", "render_action_cards"),
        "role-cards": _lazy("sheetsmith.render.planet_cards", "render_role_cards"),
        "setup": _lazy("sheetsmith.render.planet_sheets", "render_setup"),
    },
}


# The components that read each game-specific option. An option that none of the rendered
# components reads is reported, never silently dropped (a test renders every component with
# and without each option and holds this table to what changes).
OPTION_USERS: dict[str, dict[str, tuple[str, ...]]] = {
    "--copies": {"personal-space": ("daily-sheet",)},
    "--seed": {"planet-78": ("setup",)},
    "--variance": {"planet-78": ("setup",)},
    "--base-url": {"personal-space": ("neighbors", "locations")},
    "--back-offset": {
        "personal-space": ("jobs", "neighbors", "actions", "locations", "alignment"),
        "planet-78": ("tiles", "action-cards", "role-cards"),
    },
}


Job = tuple[Game, RenderOptions]


def unused_options(jobs: Sequence[Job], given: Iterable[str]) -> list[str]:
    """A warning for each option in `given` that no component of `jobs` reads."""
    warnings = []
    for option in given:
        users = OPTION_USERS[option]
        if any(
            name in users.get(game.info.ruleset, ())
            for game, options in jobs
            for name in wanted_components(game, options)
        ):
            continue
        where = "; ".join(f"{ruleset}: {', '.join(names)}" for ruleset, names in users.items())
        warnings.append(f"{option} changes nothing here: only these components use it ({where})")
    return warnings


def components_for(ruleset: str) -> tuple[str, ...]:
    return tuple(COMPONENTS.get(ruleset, {}))


def jobs_with_components(games: Sequence[Game], options: RenderOptions) -> list[Job]:
    """For `render --component NAME` with no game named: each game that has one of the
    components, asked for those it has; `OptionError` if no game has any."""
    jobs = []
    for game in games:
        available = COMPONENTS.get(game.info.ruleset, {})
        mine = tuple(c for c in options.components if c in available)
        if mine:
            jobs.append((game, replace(options, components=mine)))
    missing = [c for c in options.components if not any(c in o.components for _, o in jobs)]
    if missing:
        known = sorted({c for names in COMPONENTS.values() for c in names})
        raise OptionError(
            f"--component: no game has {', '.join(map(repr, missing))};"
            f" components: {', '.join(known)}"
        )
    return jobs


def wanted_components(game: Game, options: RenderOptions) -> tuple[str, ...]:
    """The components `options` asks of `game` (all of them when none are named)."""
    ruleset = game.info.ruleset
    if ruleset not in COMPONENTS:
        raise OptionError(f"no renderer for ruleset {ruleset!r}")
    available = COMPONENTS[ruleset]
    paper_named(options.paper)  # an unknown paper fails before anything is written
    unknown = [name for name in options.components if name not in available]
    if unknown:
        raise OptionError(
            f"{game.info.id} has no component {', '.join(map(repr, unknown))};"
            f" valid components: {', '.join(available)}"
        )
    return tuple(dict.fromkeys(options.components)) or tuple(available)


def planned_files(game: Game, options: RenderOptions) -> list[str]:
    """The files (relative to the output folder) a render of `game` writes."""
    return [component_path(game.info.id, name) for name in wanted_components(game, options)]


def render_game(game: Game, out: Output | Path, options: RenderOptions) -> list[RenderedFile]:
    """Write the requested components of `game` under `out` (a folder or an `Output`)."""
    output = out if isinstance(out, Output) else Output(out)
    wanted = wanted_components(game, options)
    available = COMPONENTS[game.info.ruleset]
    return [available[name](game, output, options) for name in wanted]
