"""A linear look at a TOML text before the parser reads it, for what would make it slow."""

from __future__ import annotations

import functools
import re

from sheetsmith.errors import Problem

# tomllib's time and memory grow with the square of a key's dotted parts (20,000 parts:
# 6 s and 1.6 GB; tomli refuses over 1,000); no real definition or sheet has more than ~5.
MAX_KEY_PARTS = 32
# No limit on the count of keys or tables: it would protect nothing. 2 MB of `kN = 1`
# lines or of `[[a]]` headers parses in under a second, of 32-part keys in under 2 s.

_SCAN_PART = r"""(?:[A-Za-z0-9_-]++|"(?:[^"\\\n]++|\\[^\n])*+"|'[^'\n]*+')"""
_SCAN_SEP = r"[ \t]*+\.[ \t]*+"


@functools.cache
def _key_scan() -> re.Pattern[str]:
    """One match from the start of the text that skips everything but a key of too
    many parts: strings and comments whole, keys of at most MAX_KEY_PARTS parts, any
    other character. It stops at the first longer key (group `long`) or at the end."""
    short = (
        rf"(?>{_SCAN_PART}(?:{_SCAN_SEP}{_SCAN_PART}){{0,{MAX_KEY_PARTS - 1}}})"
        rf"(?!{_SCAN_SEP}{_SCAN_PART})"
    )
    skip = "|".join(
        (
            r'"""(?:[^"\\]++|\\.|"(?!""))*+(?:"""(?:""|")?+|\Z)',  # multi-line strings
            r"'''(?:[^']++|'(?!''))*+(?:'''(?:''|')?+|\Z)",
            short,
            rf"""(?!{_SCAN_PART})["'][^\n]*+""",  # an unclosed string: TOML stops there
            r"#[^\n]*+",
            r"""[^"'#A-Za-z0-9_-]++""",
        )
    )
    return re.compile(rf"(?:{skip})*+(?P<long>{_SCAN_PART}(?:{_SCAN_SEP}{_SCAN_PART})*+)?", re.S)


@functools.cache
def _dotted_line() -> re.Pattern[str]:
    """MAX_KEY_PARTS dots on one line. Possessive, so each dot is looked past at most
    MAX_KEY_PARTS times: linear in the text."""
    return re.compile(rf"\.(?:[^.\n]*+\.){{{MAX_KEY_PARTS - 1}}}")


def too_long_key(text: str, name: str) -> Problem | None:
    """A key of more than MAX_KEY_PARTS dotted parts, found in one linear pass."""
    # Such a key has MAX_KEY_PARTS dots or more on one line (no part or dot of a key spans
    # lines), and a part of at least one character before and after each: a line of over
    # 2 * MAX_KEY_PARTS characters. Quick looks for those clear nearly every text without
    # the scan (~10% of tomllib's time) or compiling it (~1 ms).
    if text.count(".") < MAX_KEY_PARTS:
        return None
    if max(map(len, text.split("\n"))) <= 2 * MAX_KEY_PARTS or not _dotted_line().search(text):
        return None
    found = _key_scan().match(text)
    key = found.group("long") if found else None
    if key is None:
        return None
    parts = len(re.findall(_SCAN_PART, key))
    line = text.count("\n", 0, found.start("long")) + 1
    return Problem(
        f"a key of {parts:,} dotted parts; at most {MAX_KEY_PARTS} are read", file=name, line=line
    )
