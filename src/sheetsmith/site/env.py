"""The one Jinja2 environment every site page (and test) renders with."""

from __future__ import annotations

import functools

from jinja2 import Environment, PackageLoader, StrictUndefined, select_autoescape


@functools.cache
def environment() -> Environment:
    """Templates from the package's `templates/` folder, HTML autoescaped, and a typo in a
    variable name an error rather than an empty string."""
    return Environment(
        loader=PackageLoader("sheetsmith", "templates"),
        autoescape=select_autoescape(["html", "htm", "xml"], default_for_string=True),
        undefined=StrictUndefined,
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
    )
