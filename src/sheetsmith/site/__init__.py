"""The static site that printed QR codes open: the pages a game plans (see its `site`
facet, e.g. `sheetsmith.games.space.site`), written through one jinja2 environment.

Every page stands alone: inline CSS and JS, the data for its random draws embedded as JSON,
relative links only, no fonts or assets from elsewhere. Host the folder anywhere static (or
open it from disk); once a page has loaded it works offline. The same game and base URL give
byte-identical files.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, NamedTuple

from sheetsmith.errors import OptionError
from sheetsmith.output import Output

__all__ = ["PlannedPage", "SitePage", "build_site"]


class PlannedPage(NamedTuple):
    path: str  # relative to the site root, e.g. "neighbors/marga.html"
    url: str  # where a browser (or a QR code) finds it
    context: dict[str, Any]  # "template" and what it shows


class SitePage(NamedTuple):
    url: str  # where a browser (or a QR code) finds it
    path: Path  # the file written


def build_site(
    game: Any, base_url: str | None, out_dir: Path | Output, *, force: bool = False
) -> list[SitePage]:
    """Write every page `game` plans under `out_dir`.

    `base_url` None means the definition's own. Raises `OptionError` for a game with no QR
    pages, or a base URL that is not http(s) or makes a URL too long to scan, and
    `OutputError` for a page that may not be written (someone else's file: see `Output`).
    A rebuild removes the pages an earlier build wrote and this one does not (a neighbor
    dropped from the definition), so the folder can be uploaded as it is; only pages the
    output manifest lists, unchanged since, are ever removed.
    """
    from sheetsmith.games import registry
    from sheetsmith.games.interface import resolve

    info = getattr(game, "info", None)
    package = registry.find(info.ruleset) if info is not None else None
    planned = resolve(package.site)(game, _base(game, base_url)) if package and package.site else []
    if not planned:
        title = getattr(info, "title", "this game")
        raise OptionError(f"{title} has no pages to build: it prints no QR codes")
    output = out_dir if isinstance(out_dir, Output) else Output(out_dir, force=force)
    output.check(page.path for page in planned)
    written = [_write(output, page, package.site) for page in planned]
    output.prune(keep=[page.path for page in planned], suffix=".html")
    return written


def _base(game: Any, base_url: str | None) -> str:
    return base_url if base_url is not None else getattr(game, "base_url", "")


def _write(output: Output, page: PlannedPage, site: str) -> SitePage:
    """Render the page's template to its path; links in it are relative to the site root."""
    from sheetsmith.site.env import environment

    context = dict(page.context)
    # the game's own templates live beside its site module, in its package's templates/
    game_package = site.partition(":")[0].rpartition(".")[0]
    template = environment(game_package).get_template(context.pop("template"))
    html = template.render(root="../" * page.path.count("/"), **context)
    return SitePage(page.url, output.write_bytes(page.path, html.encode("utf-8")))
