"""tomllib's refusals in a player's words, where the mistake is a common one. Run only after
tomllib has refused a file, and linear in its size."""

from __future__ import annotations

import re

from sheetsmith.errors import Problem, format_path
from sheetsmith.toml.keylines import TOKEN, array_tokens, lines_keys, patterns

_SYNTAX_AT = re.compile(r"\s*+\(at (?:line (\d+), column (\d+)|end of document)\)")
_CURLY = str.maketrans(dict.fromkeys("“”„‟«»＂", '"') | dict.fromkeys("‘’‚‛‹›＇", "'"))
# Strings and comments, each read whole: a string's group is None if it is never closed.
_STRINGS = re.compile(
    "|".join(
        (
            r"#[^\n]*+",
            r'"""(?:[^"\\]++|\\.|"(?!""))*+(?P<ml>"""(?:"{0,2}))?',
            r"'''(?:[^']++|'(?!''))*+(?P<mll>'''(?:'{0,2}))?",
            r'"(?:[^"\\\n]++|\\[^\n])*+(?P<b>")?',
            r"'[^'\n]*+(?P<l>')?",
        )
    ),
    re.S,
)
_VALUE_START = re.compile(r"""[\w"'\[{+.-]""")
# A later item of an array typed without quotes, as in `[monday, tuesday]`.
_BARE_ITEM = re.compile(r"""(,\s*+)([^\W\d][^,\]}#"'=\n]*+)(?=[,\]])""")
_WORDS = ("true", "false", "inf", "nan")
_NO_VALUE = 'the value after "=" is missing: type one, or delete the line'


def _excerpt(line: str, at: int = 0) -> str:
    """`line` as a message shows it: stripped, cut to 60 characters around index `at` if
    it is long."""
    if len(line.strip()) <= 72:
        return line.strip()
    start = max(0, at - 30)
    cut = line[start : at + 30].strip()
    return ("..." if start else "") + cut + ("..." if at + 30 < len(line) else "")


def _unclosed_string(text: str) -> tuple[int, int, str] | None:
    """(line, column, quote) of the first string never closed, or None."""
    for token in _STRINGS.finditer(text):
        if token.group()[0] == "#" or token.group("ml", "mll", "b", "l") != (None,) * 4:
            continue
        start = token.start()
        column = start - text.rfind("\n", 0, start)
        quote = token.group()[:3] if token.group().startswith(('"' * 3, "'" * 3)) else ""
        return text.count("\n", 0, start) + 1, column, quote or token.group()[0]
    return None


def _curly(line: str) -> str:
    straight = _excerpt(line.translate(_CURLY))
    return f"curly quotes are not TOML quotes; type straight ones: {straight}"


def _string_hint(text: str, lines: list[str]) -> tuple[str, int] | None:
    """Why a string is not closed, and the line it opened on."""
    found = _unclosed_string(text)
    if found is None:
        return None
    number, column, quote = found
    if len(quote) == 3:
        return f"the {quote} string opened here is never closed: end it with {quote}", number
    line = lines[number - 1]
    content = line[column:]
    if content.translate(_CURLY) != content:
        return _curly(line), number
    comment = content.find(" #")
    if comment >= 0:  # most likely a comment typed after the string, not inside it
        fixed = line[:column] + content[:comment].rstrip() + quote + content[comment:]
    else:
        fixed = line.rstrip() + quote
    return f"a string is not closed: end it with a quote: {_excerpt(fixed, column)}", number


def _value_hint(line: str, column: int) -> str | None:
    """A value tomllib could not read: a missing one, or text without quotes."""
    _, key_re, _ = patterns()
    prefix, rest = line[: column - 1], line[column - 1 :]
    if not rest.strip() or rest.lstrip().startswith("#"):
        return _NO_VALUE
    key = key_re.match(prefix)
    if key and not prefix[key.end() :].strip():  # the whole value: `player = Ann Lee`
        word = re.split(r"\s#", rest, maxsplit=1)[0].rstrip()
    else:  # an item of an array or of an inline table
        word = re.split(r"[,\]}#]", rest, maxsplit=1)[0].rstrip()
    if not word or not word[0].isalpha():
        return None
    if word in ("True", "False", "TRUE", "FALSE"):
        fixed = prefix + word.lower() + rest[len(word) :]
        return f"true and false are written in lower case: {_excerpt(fixed, column)}"
    after = rest[len(word) :]
    if not key or prefix[key.end() :].strip():  # the array's later items, as bare
        after = _BARE_ITEM.sub(_quote_item, after)
    fixed = prefix + _quoted(word) + after
    return f"a text value needs quotes: {_excerpt(fixed, column)}"


def _quoted(word: str) -> str:
    return f"'{word}'" if '"' in word and "'" not in word else f'"{word}"'


def _quote_item(item: re.Match[str]) -> str:
    word = item[2].rstrip()
    if word in _WORDS:
        return item[0]
    return item[1] + _quoted(word) + item[2][len(word) :]


def _table_comma_hint(line: str, column: int) -> str | None:
    """`{ a = 1 b = 2 }`: a comma missing between two keys of an inline table."""
    _, key_re, _ = patterns()
    prefix, rest = line[: column - 1], line[column - 1 :]
    if not prefix.strip() or not key_re.match(rest):
        return None
    before = prefix.rstrip()
    fixed = before + "," + prefix[len(before) :] + rest
    return f"a comma is missing between two keys: {_excerpt(fixed, column)}"


_INLINE_OPEN = (
    "an inline table { ... } must end on the line it starts: keep it on one line, with no"
    " comma after its last value"
)


def _inline_open(line: str, column: int) -> bool:
    """A line that ends inside an inline table (`a = { b = 1,` with the rest below): TOML
    1.0 reads none over several lines, and says so at the line's end."""
    rest = line[column - 1 :].strip()
    if rest and not rest.startswith("#"):  # a comment may end the line
        return False
    bare = _STRINGS.sub("", line)
    return bare.count("{") > bare.count("}")


def _array_opened(lines: list[str], number: int) -> int | None:
    """The line, at or above `number`, where an array that is never closed opened."""
    header_re, _, _ = patterns()
    for above in range(min(number, len(lines)), 0, -1):
        line = lines[above - 1]
        if not header_re.match(line) and array_tokens(line)[1] > 0:
            return above
    return None


def _array_hint(lines: list[str], number: int, column: int | None) -> tuple[str, int | None]:
    """A comma missing between two items, or an array never closed (and its first line)."""
    never_closed = "this array is never closed: end it with ] after its last item"
    if column is None:  # at the end of the file
        return never_closed, _array_opened(lines, number)
    header_re, key_re, _ = patterns()
    line = lines[number - 1]
    prefix, rest = line[: column - 1], line[column - 1 :]
    if (
        key_re.match(rest)
        or (not prefix.strip() and header_re.match(line))
        or not _VALUE_START.match(rest)
    ):  # the next key or table, or a closing brace: the array was never closed
        return never_closed, _array_opened(lines, number - 1 if not prefix.strip() else number)
    missing = "a comma is missing between two items"
    if prefix.strip():
        before = prefix.rstrip()
        fixed = before + "," + prefix[len(before) :] + rest
        return f"{missing}: {_excerpt(fixed, column)}", number
    for above in range(number - 1, 0, -1):  # the item before ends a line above
        item = lines[above - 1]
        if item.strip() and not item.lstrip().startswith("#"):
            comment = next((t.start() for t in TOKEN.finditer(item) if t.group() == "#"), None)
            fixed = item[:comment].rstrip() + ","
            return f"{missing}: end line {above} with one: {_excerpt(fixed, len(fixed))}", number
    return f"{missing}", number


def _twice_hint(message: str, lines: list[str], number: int | None) -> Problem | None:
    """A key or table typed twice: named, with the line it was first typed at."""
    found = lines_keys(lines, find_twice=True)
    twice = found.twice
    declared = re.match(r"Cannot declare (\(.*\)) twice", message)
    if declared and number and (twice is None or twice[2] != number):
        import ast  # only ever needed to explain a mistake

        # tomllib names the table; it was first typed with it, or with a key in it
        path = tuple(ast.literal_eval(declared.group(1)))
        first = [n for p, n in found.lines.items() if p[: len(path)] == path and n < number]
        twice = (path, min(first), number) if first else None
    if twice is None or (number is not None and twice[2] > number):
        return None
    path, first_line, line = twice
    header_re, _, _ = patterns()
    if header_re.match(lines[line - 1]):
        why = (
            f"this table is typed twice (first typed at line {first_line}); "
            "keep one and put all its keys under it"
        )
    else:
        why = f"typed twice (first typed at line {first_line}); delete one"
    return Problem(f"not valid TOML: {why}", key=format_path(path), line=line)


def syntax_problem(message: str, text: str, name: str) -> Problem:
    """tomllib's refusal, in a player's words where the mistake is a common one: curly
    quotes, text without quotes, a missing comma, a string never closed, a key typed twice,
    an inline table over several lines. Anything else keeps tomllib's words."""
    at = _SYNTAX_AT.search(message)
    words = (message[: at.start()] if at else message).strip()
    number = column = None
    if at and at.group(1):
        number, column = int(at.group(1)), int(at.group(2))
    lines = text.split("\n")
    hint: str | None = None
    if number is not None and column is not None:
        line = lines[number - 1]
        typed = line[column - 1 : column]
        if typed.translate(_CURLY) != typed:
            return Problem(f"not valid TOML: {_curly(line)}", file=name, line=number)
        if words == "Invalid value":
            hint = _value_hint(line, column)
        elif words == "Unclosed inline table":
            hint = _table_comma_hint(line, column)
        if hint is None and _inline_open(line, column):
            hint = _INLINE_OPEN
    elif words == "Invalid value" and text.rstrip().endswith("="):  # the file ends there
        hint, number = _NO_VALUE, len(text.rstrip().split("\n"))
    elif words == "Invalid value":  # the file ends in an array
        words = "Unclosed array"
    if words in ("Unterminated string", "Illegal character '\\n'") or words.startswith(
        "Expected \"'"
    ):
        found = _string_hint(text, lines)
        if found:
            hint, number = found
    elif words == "Unclosed array":
        hint, opened = _array_hint(lines, number or len(lines), column)
        number = opened or number
    elif words.startswith(("Cannot overwrite a value", "Cannot declare")):
        problem = _twice_hint(words, lines, number)
        if problem:
            return problem._replace(file=name)
    return Problem(f"not valid TOML: {hint or words}", file=name, line=number)
