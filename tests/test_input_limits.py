"""Input limits hold before any quadratic work: a hostile TOML file is refused, fast.

The inputs at the sizes of the review (40 kB and 200 kB dotted keys, a 200 kB dotted
header, 80 kB of escaped quotes, a 160 kB star map) run in a fresh interpreter with a
10 s timeout and a 1 GB memory cap, so a regression to quadratic time or memory fails
the test instead of hanging CI or swapping the machine.
"""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sheetsmith.check import check_text
from sheetsmith.errors import Problem, SheetError
from sheetsmith.toml.document import TomlDocument, parse_toml_bytes, read_toml
from sheetsmith.toml.keylines import key_lines
from sheetsmith.toml.prescan import MAX_KEY_PARTS

SKY = 'game = "my-corner-of-the-sky"\n'


def _limit_memory() -> None:  # pragma: no cover - runs in the child
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))


def run_limited(code: str) -> Any:
    """Run `code`, which sets `result`, in a fresh interpreter; return `result`."""
    script = f"import json\n{textwrap.dedent(code)}\nprint(json.dumps(result))\n"
    limit = _limit_memory if sys.platform.startswith("linux") else None
    done = subprocess.run(
        [sys.executable, "-"],
        input=script,  # not an argument: a pathological line can be over argv's limit
        capture_output=True,
        text=True,
        timeout=10,
        preexec_fn=limit,  # safe: the test process starts no threads
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def parsed_in_child(text_expression: str) -> str:
    """str() of parse_toml_bytes of the text an expression builds, in a child."""
    return run_limited(
        f"""
        from sheetsmith.toml.document import parse_toml_bytes
        result = str(parse_toml_bytes(({text_expression}).encode(), "x.toml"))
        """
    )


# -- 1. keys of too many dotted parts, refused before tomllib sees them --------------------


@pytest.mark.parametrize(
    ("expression", "expected"),
    [
        ('"a" + ".a" * 19_999 + " = 1\\n"', "x.toml:1: a key of 20,000 dotted parts"),
        ('"a" + ".a" * 99_999 + " = 1\\n"', "x.toml:1: a key of 100,000 dotted parts"),
        ('"[a" + ".a" * 99_999 + "]\\n"', "x.toml:1: a key of 100,000 dotted parts"),
        ('"x = 1\\n\\n[[a" + ".a" * 99_999 + "]]\\n"', "x.toml:3: a key of 100,000 dotted parts"),
    ],
    ids=["40kB-key", "200kB-key", "200kB-header", "200kB-array-header"],
)
def test_review_sized_dotted_keys_are_refused_fast(expression, expected):
    assert parsed_in_child(expression) == f"{expected}; at most {MAX_KEY_PARTS} are read"


@pytest.mark.parametrize(
    ("text", "line"),
    [
        ("a" + ".a" * MAX_KEY_PARTS + " = 1\n", 1),
        ('x = 1\n"a"' + ' . "a"' * MAX_KEY_PARTS + " = 1\n", 2),
        ("x = 1\ny = 2\n'a'" + ".'a'" * MAX_KEY_PARTS + " = 1\n", 3),
        ("[t]\nx = { y = 1, " + "a\t.\ta" * MAX_KEY_PARTS + " = 1 }\n", 2),
        ("[" + "a." * MAX_KEY_PARTS + "a]\n", 1),
        ("# a comment\n[[" + "a ." * MAX_KEY_PARTS + "a]]\n", 2),
    ],
    ids=["bare", "quoted", "literal", "inline-table", "header", "array-header"],
)
def test_one_part_too_many_is_refused_at_its_line(text, line):
    problem = parse_toml_bytes(text.encode(), "k.toml")
    assert problem == Problem(
        f"a key of {MAX_KEY_PARTS + 1} dotted parts; at most {MAX_KEY_PARTS} are read",
        file="k.toml",
        line=line,
    )


@pytest.mark.parametrize(
    "text",
    [
        "a" + ".a" * (MAX_KEY_PARTS - 1) + " = 1\n",
        "[" + ".".join(["a"] * MAX_KEY_PARTS) + "]\n",
        # dots that are not in a key: strings, multi-line strings, comments, numbers
        'x = "' + "a." * 100 + '"\n',
        "x = '" + "a." * 100 + "'\n",
        'x = """\n' + "x . " * 100 + '\n"""\n',
        "x = '''\n" + "a.a\n" * 100 + "'''\n",
        'x = """a""""\ny = "' + "a." * 100 + '"\n',
        "# " + "a." * 100 + "\n",
        "x = [" + ", ".join(["1.5"] * 100) + "]\n",
        'x = "\\"' + ".a" * 100 + '"\n',
    ],
)
def test_keys_up_to_the_limit_and_dots_elsewhere_are_read(text):
    assert isinstance(parse_toml_bytes(text.encode(), "ok.toml"), TomlDocument)


def test_a_long_key_after_a_string_closed_by_extra_quotes_is_found():
    # TOML closes """x"""" after its fourth quote: the key that follows is a key.
    text = 'x = { s = """x"""", ' + "a." * MAX_KEY_PARTS + "a = 1 }\n"
    problem = parse_toml_bytes(text.encode(), "k.toml")
    assert isinstance(problem, Problem) and "dotted parts" in problem.message


def test_bundled_definitions_pass_the_key_scan():
    games = Path(__file__).parents[1] / "src" / "sheetsmith" / "games"
    for path in games.rglob("*.toml"):
        assert isinstance(read_toml(path), TomlDocument), path


# -- 2. key_lines is linear on pathological lines ------------------------------------------


def test_review_sized_escaped_quotes_in_an_array_are_fast():
    # valid TOML: a multi-line string in a multi-line array, whose line opens with `""`
    # followed by 80 kB of `\"` that never close on that line.
    result = run_limited(
        r"""
        from sheetsmith.errors import SheetError
        from sheetsmith.check import check_text
        from sheetsmith.toml.keylines import key_lines
        quotes, triple = '\\"' * 40_000, '"' * 3
        sheet = f'game = "my-corner-of-the-sky"\nstar_map = 3\nx = [\n{triple}{quotes}\n{triple}]\n'
        raw = 'a = [\n"' + quotes + '\n]\n'
        try:
            check_text(sheet.encode(), "q.toml")
        except SheetError as exc:
            result = [[str(p) for p in exc.problems], len(key_lines(raw).lines)]
        """
    )
    problems, _ = result
    assert "q.toml:2: star_map: expected a string, got 3" in problems
    assert "q.toml:3: x: unknown key" in problems


@pytest.mark.parametrize(
    "line",
    [
        "[" + "a" * 100_000,
        "[a]" + " " * 100_000 + "x",
        "[[" + "]" * 100_000,
        "[" + '"a' * 50_000,
        "a." * 50_000,
        "a . " * 25_000,
        '"a".' * 25_000 + '"',
        "'" * 100_000,
        "x = {" + ',"a' * 30_000,
        "x = {" + ", " * 50_000 + "x",
        "x = {" + ",a " * 30_000,
        "a = [\n" + '"\\' * 50_000,
        "a = [\n" + "\"'" * 50_000,
        'a = """' + '"' * 100_000,
    ],
    ids=lambda line: repr(line[:10]),
)
def test_key_lines_on_a_long_pathological_line(line):
    result = run_limited(
        f"""
        from sheetsmith.toml.keylines import key_lines
        result = len(key_lines({line!r}).lines)
        """
    )
    assert result >= 0


def test_key_lines_count_only_newlines_as_line_breaks():
    # tomllib counts "\n" only: a U+2028 or a form feed in a string is not a new line.
    text = 'x = "a\u2028b"\n# c\x85d\ny = 1\n'
    assert key_lines(text).lines[("y",)] == 3


def test_an_unclosed_string_in_an_array_line_ends_the_line():
    lines = key_lines('a = [\n"ok", "open\\",\n"b",\n]\n').lines
    assert lines[("a", 0)] == 2 and lines[("a", 1)] == 3


# -- 3. a star map of far too many rows ------------------------------------------------------


def test_review_sized_star_map_gets_one_problem_per_expected_row_fast():
    result = run_limited(
        r"""
        from sheetsmith.errors import SheetError
        from sheetsmith.check import check_text
        rows = "\n".join(["x"] * 80_000)
        triple = '"' * 3
        text = f'game = "my-corner-of-the-sky"\nstar_map = {triple}\n{rows}\n{triple}\n'
        try:
            check_text(text.encode(), "s.toml")
        except SheetError as exc:
            result = [str(p) for p in exc.problems]
        """
    )
    assert len(result) == 12
    assert result[0] == "s.toml:3: star_map: row 1: expected 11 points, got 1"
    assert result[10] == "s.toml:13: star_map: row 11: expected 11 points, got 1"
    assert (
        result[11] == "s.toml:2: star_map: expected 11 rows of points (top row first), got 80,000"
    )


def test_star_map_rows_past_the_map_are_counted_not_listed():
    rows = [". " * 10 + "."] * 11 + ["x x", "o"]
    text = SKY + 'star_map = """\n' + "\n".join(rows) + '\n"""\n'
    with pytest.raises(SheetError) as err:
        check_text(text.encode(), "s.toml")
    assert [str(p) for p in err.value.problems] == [
        "s.toml:2: star_map: expected 11 rows of points (top row first), got 13"
    ]


def test_document_lines_are_split_once():
    doc = parse_toml_bytes(b"a = 1\r\nb = 2\n", "d.toml")
    assert isinstance(doc, TomlDocument)
    assert doc.lines is doc.lines
    assert doc.lines == ("a = 1\r", "b = 2", "")


# -- 4 and 5. only regular files, and their real size ----------------------------------------


def test_a_huge_file_reports_its_real_size_without_reading_it(tmp_path):
    path = tmp_path / "huge.toml"
    with path.open("wb") as handle:
        handle.truncate(1_000_000_000)  # sparse: nothing is written
    problem = read_toml(path, "huge.toml")
    assert problem == Problem(
        "file is 1,000,000,000 bytes; at most 2,000,000 are read", file="huge.toml"
    )


needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes")


@needs_fifo
def test_a_named_pipe_is_refused_not_waited_on(tmp_path):
    fifo = tmp_path / "pipe.toml"
    os.mkfifo(fifo)
    assert read_toml(fifo, "pipe.toml") == Problem("is a named pipe, not a file", file="pipe.toml")


@needs_fifo
def test_check_on_a_named_pipe_exits_2(tmp_path):
    fifo = tmp_path / "pipe.toml"
    os.mkfifo(fifo)
    done = subprocess.run(
        [sys.executable, "-m", "sheetsmith", "check", str(fifo)],
        capture_output=True,
        text=True,
        timeout=10,
    )
    assert done.returncode == 2
    assert f"{fifo}: is a named pipe, not a file" in done.stderr
    assert "Traceback" not in done.stderr


def test_a_directory_is_refused(tmp_path):
    assert read_toml(tmp_path, "d") == Problem("is a directory, not a TOML file", file="d")


@pytest.mark.parametrize("device", ["/dev/null", "/dev/zero"])
def test_a_device_is_refused(device):
    if not (os.path.exists(device) and stat.S_ISCHR(os.stat(device).st_mode)):
        pytest.skip(f"no {device}")
    assert read_toml(Path(device)) == Problem("is not a regular file", file=device)


def test_missing_file_is_still_no_such_file(tmp_path):
    assert read_toml(tmp_path / "nope.toml", "n") == Problem("no such file", file="n")


# -- 6. text that is not UTF-8 ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("encoding", "name"),
    [
        ("utf-16", "UTF-16"),
        ("utf-16-le", "UTF-16"),
        ("utf-16-be", "UTF-16"),
        ("utf-32", "UTF-32"),
        ("utf-32-le", "UTF-32"),
        ("utf-32-be", "UTF-32"),
    ],
)
def test_utf16_and_utf32_are_named(encoding, name):
    raw = (SKY + 'player = "Zoë"\n').encode(encoding)
    assert parse_toml_bytes(raw, "w.toml") == Problem(
        f"not UTF-8 text: saved as {name}; save it as UTF-8", file="w.toml"
    )


def test_a_bad_byte_gives_its_line_column_and_the_fix():
    raw = SKY.encode() + 'player = "Zoë café"\n'.encode().replace(b"\xc3\xa9", b"\xe9")
    assert parse_toml_bytes(raw, "l.toml") == Problem(
        "not UTF-8 text: byte 0xE9 at column 18; save it as UTF-8", file="l.toml", line=2
    )


def test_a_utf8_byte_order_mark_is_fine():
    doc = parse_toml_bytes(b"\xef\xbb\xbf" + SKY.encode(), "b.toml")
    assert isinstance(doc, TomlDocument) and doc.data == {"game": "my-corner-of-the-sky"}


# -- 7. random texts from pathological fragments: a document or a Problem, never a raise ----

FRAGMENTS = [
    "a",
    "key",
    '"q"',
    "'l'",
    ".",
    ".a" * 11,
    " . ",
    "=",
    " = ",
    "1",
    "1.5",
    '"',
    "'",
    '"""',
    "'''",
    "\\",
    '\\"',
    "[",
    "]",
    "[[",
    "]]",
    "{",
    "}",
    ",",
    "#",
    "\n",
    "\r\n",
    " ",
    "\t",
    "é",
    "\u2028",
    "\x00",
]


def sized(elements: st.SearchStrategy[Any], low: int, high: int) -> st.SearchStrategy[list[Any]]:
    """Lists whose length is drawn evenly from low..high (hypothesis favours short ones)."""
    return st.integers(low, high).flatmap(lambda n: st.lists(elements, min_size=n, max_size=n))


# Drawn as bytes, one fragment a byte: hypothesis generates those in bulk, so a few kB
# of text take no longer to draw than to check.
SOUP = (
    st.integers(0, 800)
    .flatmap(lambda n: st.binary(min_size=n, max_size=n))
    .map(lambda raw: "".join(FRAGMENTS[b % len(FRAGMENTS)] for b in raw))
)

# TOML-like lines whose keys have known part counts: (text, parts of its longest key)
PART = st.sampled_from(["a", "b", "key-1", "_", '"q.d"', '""', "'l.t'", r'"\"."'])
KEY = st.tuples(sized(PART, 1, 40), st.sampled_from([".", " . ", "\t.\t"]))
VALUE = st.sampled_from(
    [
        "1",
        "1.5",
        '"x.y"',
        "'''\na.b\n'''",
        '"""\nx . x\n"""',
        '"""a""""',
        '["a.b", "c"]',
        '[\n"\\"\\"", \'x\',\n"""\n[\n"""]',
        "{}",
    ]
)


@st.composite
def toml_line(draw: st.DrawFn) -> tuple[str, int]:
    parts, sep = draw(KEY)
    key = sep.join(parts)
    shape = draw(st.integers(0, 4))
    if shape == 0:
        return f"[{key}]", len(parts)
    if shape == 1:
        return f"[[{key}]]", len(parts)
    if shape == 2:
        inner, inner_sep = draw(KEY)
        return f"{key} = {{ x = 1, {inner_sep.join(inner)} = 2 }}", max(len(parts), len(inner))
    return f"{key} = {draw(VALUE)}", len(parts)


LINES = sized(toml_line(), 0, 12)
TEXTS = st.one_of(
    SOUP,
    sized(st.one_of(toml_line().map(lambda line: line[0]), SOUP), 0, 8).map("\n".join),
)


def _longest_key_path(value: Any) -> int:
    if isinstance(value, dict):
        return max((1 + _longest_key_path(v) for v in value.values()), default=0)
    if isinstance(value, list):
        return max((_longest_key_path(v) for v in value), default=0)
    return 0


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(TEXTS)
def test_fragment_soup_is_read_or_refused(text):
    found = parse_toml_bytes(text.encode("utf-8"), "soup.toml")
    assert isinstance(found, (TomlDocument, Problem))
    if isinstance(found, Problem):
        assert found.file == "soup.toml" and found.message
    else:
        assert isinstance(found.keys.lines, dict)
    assert isinstance(key_lines(text).lines, dict)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(LINES)
def test_a_key_is_refused_exactly_when_it_has_too_many_parts(lines):
    import tomllib

    text = "\n".join(line for line, _ in lines)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        return  # a redefined key or table: not TOML, whatever the key scan says
    found = parse_toml_bytes(text.encode("utf-8"), "keys.toml")
    too_long = max((parts for _, parts in lines), default=0) > MAX_KEY_PARTS
    assert isinstance(found, Problem) == too_long, found
    if too_long:
        assert "dotted parts" in found.message
        assert _longest_key_path(data) > MAX_KEY_PARTS
    else:
        assert found.data == data
