"""sheetsmith benchmarks. Run with `make bench`; figures are recorded in bench/README.md.

Each benchmark prints one line: what was measured, the figure, the target, and whether
it was met. Baselines are measured in the same run, side by side.
"""

from __future__ import annotations

import argparse
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from sheetsmith.definition import load  # noqa: E402
from skysheets import sheet  # noqa: E402


def random_sheets(count: int, seed: int = 78) -> list[bytes]:
    """Sheets a table might type: random maps, part-paid costs, some rewards."""
    rng = random.Random(seed)
    game = load("my-corner-of-the-sky")

    def marks(n: int) -> str:
        return " ".join(rng.choice("x.") for _ in range(n))

    out = []
    for i in range(count):
        points = {(x, y) for x in range(11) for y in range(11) if rng.random() < 0.45}
        out.append(
            sheet(
                points,
                player=f"P{i}",
                abilities={u.id: marks(len(u.cost)) for u in game.abilities if not u.start},
                supporters={u.id: marks(len(u.cost)) for u in game.supporters},
                articles={
                    a.id: (marks(len(a.cost)), rng.choice(["", "point", str(a.reward)]))
                    for a in game.articles
                },
                schedule={d: marks(4) for d in game.schedule.days},
            ).encode()
        )
    return out


def space_days(count: int) -> list[bytes]:
    """Personal Space days as typed: the three example days (one breaks rules), each copy
    under another player's name with its own comment, so no two files are the same."""
    folder = ROOT / "examples" / "personal-space"
    days = [(folder / f"{name}.toml").read_text() for name in ("ann", "ben", "cai")]
    out = []
    for i in range(count):
        text = days[i % len(days)]
        player = text.split('player = "', 1)[1].split('"', 1)[0]
        text = text.replace(f'player = "{player}"', f'player = "{player} {i}"', 1)
        out.append(f"# typed from photo {i}\n{text}".encode())
    return out


def planet_games(count: int) -> list[bytes]:
    """Whole won games of Planet 78 (examples/planet-78/won.toml, 112 turns), each copy at
    another table with its players renamed throughout."""
    won = (ROOT / "examples" / "planet-78" / "won.toml").read_text()
    out = []
    for i in range(count):
        text = won.replace('"Ann"', f'"Ann{i}"').replace('"Ben"', f'"Ben{i}"')
        out.append(text.replace("The bots, seed 7", f"Table {i}", 1).encode())
    return out


RATIO_TARGET = 2.0  # a check costs at most twice tomllib parsing the same files (issue 17)


class _Timed(NamedTuple):
    """Seconds for a set of sheets: checked, parsed by `tomllib.loads` (the target's
    baseline) and by `tomli.loads` (the parser `check` uses: tomllib, compiled)."""

    check: float
    tomllib: float
    tomli: float


def _against_tomllib(sheets: list[bytes], rounds: int, chunk: int = 20) -> _Timed:
    """The three alternate a few sheets at a time, so all see the same machine load, and
    each few sheets count at their best of `rounds` for each: the machine is shared and
    noisy."""
    import tomllib

    import tomli

    from sheetsmith.check import check_text

    check_text(sheets[0], "bench.toml")  # load the definition once, as a long-running process
    chunks = [sheets[i : i + chunk] for i in range(0, len(sheets), chunk)]
    best = [[float("inf")] * len(chunks) for _ in range(3)]

    def parse(loads: Any) -> Callable[[bytes], object]:
        return lambda raw: loads(raw.decode())

    ways = (lambda raw: check_text(raw, "bench.toml"), parse(tomllib.loads), parse(tomli.loads))
    for _ in range(rounds):
        for k, few in enumerate(chunks):
            for way, kept in zip(ways, best, strict=True):
                start = time.perf_counter()
                for raw in few:
                    way(raw)
                kept[k] = min(kept[k], time.perf_counter() - start)
    return _Timed(*(sum(kept) for kept in best))


def _ratio_line(what: str, timed: _Timed) -> str:
    ratio = timed.check / timed.tomllib
    own = (timed.check - timed.tomli) / timed.tomllib
    return (
        f"{what}: a check costs {ratio:.2f}x `tomllib.loads` on the same files "
        f"(target <= {RATIO_TARGET:.0f}x) {'MET' if ratio <= RATIO_TARGET else 'MISSED'}; "
        f"its parse (tomli) {timed.tomli / timed.tomllib:.2f}x, the rest {own:.2f}x"
    )


def bench_check_throughput(count: int = 1000) -> str:
    timed = _against_tomllib(random_sheets(count), rounds=5)
    rate = count / timed.check
    return (
        _ratio_line(f"check My Corner of the Sky ({count} sheets)", timed)
        + f"; {rate:,.0f} sheets/s (target >= 2,000) {'MET' if rate >= 2000 else 'MISSED'},"
        f" tomllib alone {count / timed.tomllib:,.0f} sheets/s"
    )


def bench_check_space(count: int = 1000) -> str:
    from sheetsmith.check import check_text

    sheets = space_days(count)
    assert all(check_text(raw).players for raw in sheets[:3])  # each is read, none refused
    timed = _against_tomllib(sheets, rounds=5)
    return (
        _ratio_line(f"check Personal Space ({count} days)", timed)
        + f"; {timed.check / count * 1000:.2f} ms a day,"
        f" tomllib alone {timed.tomllib / count * 1000:.2f} ms"
    )


def bench_check_planet(count: int = 200) -> str:
    from sheetsmith.check import check_text

    games = planet_games(count)
    report = check_text(games[0], "won.toml")
    assert report.players[0].extra["result"] == "won"
    turns = report.players[0].score["turns"]
    timed = _against_tomllib(games, rounds=5, chunk=4)
    return (
        _ratio_line(f"check Planet 78 ({count} whole games of {turns} turns)", timed)
        + f"; {timed.check / count * 1000:.1f} ms a game,"
        f" {turns * count / timed.check:,.0f} turns/s"
    )


def _cold(cmd: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return time.perf_counter() - start


COLD_TARGET = 1.5  # a cold command costs at most 1.5x a cold `import typer`


def _against_typer(args: list[str], runs: int) -> tuple[float, float]:
    """(median seconds of cold `sheetsmith ARGS` processes, median of cold `python -c
    "import typer"`), interleaved. The tool is measured as installed: byte-compiled, as a
    wheel install (or `make demo`) leaves it, even where PYTHONDONTWRITEBYTECODE is set."""
    import compileall

    import sheetsmith  # the copy measured: this tree's, or another on PYTHONPATH (a baseline)

    compileall.compile_dir(str(Path(sheetsmith.__file__).parent), quiet=1)
    exe = shutil.which("sheetsmith", path=str(Path(sys.executable).parent)) or "sheetsmith"
    base_cmd = [sys.executable, "-c", "import typer"]
    cmd = [exe, *args]
    _cold(base_cmd), _cold(cmd)  # warm the OS file cache for both
    base, tool = [], []
    for _ in range(runs):  # interleaved, so both see the same machine load
        base.append(_cold(base_cmd))
        tool.append(_cold(cmd))
    return statistics.median(tool), statistics.median(base)


def _cold_line(what: str, tool: float, base: float) -> str:
    ratio = tool / base
    return (
        f"{what}: {tool * 1000:.0f} ms vs cold `import typer` {base * 1000:.0f} ms, ratio "
        f"{ratio:.2f}x (target <= {COLD_TARGET}x) {'MET' if ratio <= COLD_TARGET else 'MISSED'}"
    )


def bench_cold_check(runs: int = 21) -> str:
    with tempfile.TemporaryDirectory() as tmp:
        one = Path(tmp) / "one.toml"
        one.write_bytes(random_sheets(1)[0])
        tool, base = _against_typer(["check", str(one)], runs)
    return _cold_line("cold check", tool, base)


def bench_cold_games(runs: int = 21) -> str:
    """The same for a Personal Space day and a whole Planet 78 game, whose definitions are
    the largest (for information: the target is `cold`'s)."""
    lines = []
    for what, name in (("day", "personal-space/ann.toml"), ("game", "planet-78/won.toml")):
        tool, base = _against_typer(["check", str(ROOT / "examples" / name)], runs)
        lines.append(_cold_line(f"cold check of a {name.split('/')[0]} {what}", tool, base))
    return "\n".join(lines)


def bench_cold_help(runs: int = 21) -> str:
    tool, base = _against_typer(["--help"], runs)
    return _cold_line("cold --help", tool, base)


def bench_render_sky(runs: int = 5) -> str:
    from sheetsmith.print.render import render_game
    from sheetsmith.render_options import RenderOptions

    game = load("my-corner-of-the-sky")
    with tempfile.TemporaryDirectory() as tmp:
        start = time.perf_counter()
        render_game(game, Path(tmp), RenderOptions())
        first = time.perf_counter() - start
        times = []
        for _ in range(runs):
            start = time.perf_counter()
            render_game(game, Path(tmp), RenderOptions())
            times.append(time.perf_counter() - start)
    warm = statistics.median(times)
    return (
        f"render my-corner-of-the-sky (2 pages): first {first:.3f} s, then {warm:.3f} s "
        f"(target < 0.3 s) {'MET' if first < 0.3 else 'MISSED'}"
    )


def bench_copies() -> str:
    from copies import bench_copies as copies

    return copies()


def bench_scale() -> str:
    from scale import bench_scale as scale

    return "\n".join(scale())


BENCHES = {
    "check": bench_check_throughput,
    "check-space": bench_check_space,
    "check-planet": bench_check_planet,
    "cold": bench_cold_check,
    "cold-games": bench_cold_games,
    "help": bench_cold_help,
    "render-sky": bench_render_sky,
    "copies": bench_copies,
    "scale": bench_scale,  # about 4 minutes: 5,000 and 20,000 cards in fresh processes
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("names", nargs="*", choices=[*BENCHES, []], help="benchmarks to run")
    args = parser.parse_args()
    for name in args.names or BENCHES:
        print(BENCHES[name](), flush=True)


if __name__ == "__main__":
    main()
