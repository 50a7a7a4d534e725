"""The one Jinja2 environment every site page (and test) renders with."""

from __future__ import annotations

import functools

from jinja2 import ChoiceLoader, Environment, PackageLoader, StrictUndefined, select_autoescape


@functools.cache
def environment(game_package: str = "sheetsmith") -> Environment:
    """Templates from a game package's `templates/` folder, then sheetsmith's own (the page
    chrome, `site/base.html`), HTML autoescaped, and a typo in a variable name an error
    rather than an empty string."""
    loaders = [PackageLoader(game_package, "templates")] if game_package != "sheetsmith" else []
    return Environment(
        loader=ChoiceLoader([*loaders, PackageLoader("sheetsmith", "templates")]),
        autoescape=select_autoescape(["html", "htm", "xml"], default_for_string=True),
        undefined=StrictUndefined,
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
    )
