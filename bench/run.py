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
from pathlib import Path

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


def bench_check_throughput(count: int = 1000) -> str:
    import tomllib

    from sheetsmith.check import check_text

    sheets = random_sheets(count)
    check_text(sheets[0])  # load the definition once, as a long-running process would
    best = parse = float("inf")
    for _ in range(3):  # the baseline, parsing the same TOML and nothing else, interleaved
        start = time.perf_counter()
        for raw in sheets:
            tomllib.loads(raw.decode())
        parse = min(parse, time.perf_counter() - start)
        start = time.perf_counter()
        for raw in sheets:
            check_text(raw, "bench.toml")
        best = min(best, time.perf_counter() - start)
    rate = count / best
    return (
        f"check throughput: {rate:,.0f} sheets/s over {count} sheets (target >= 2,000) "
        f"{'MET' if rate >= 2000 else 'MISSED'}; tomllib alone {count / parse:,.0f} sheets/s, "
        f"so a check costs {best / parse:.2f}x parsing its TOML"
    )


def bench_check_planet(runs: int = 21) -> str:
    from sheetsmith.check import check_text

    raw = (ROOT / "examples" / "planet-78" / "won.toml").read_bytes()
    check_text(raw, "won.toml")
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        report = check_text(raw, "won.toml")
        times.append(time.perf_counter() - start)
    assert report.players[0].extra["result"] == "won"
    median = statistics.median(times)
    turns = report.players[0].score["turns"]
    return (
        f"check a whole Planet 78 game (won.toml, {turns} turns): {median * 1000:.1f} ms, "
        f"{turns / median:,.0f} turns/s (no target)"
    )


def _cold(cmd: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return time.perf_counter() - start


def bench_cold_check(runs: int = 21) -> str:
    # Measure the tool as installed: with its modules byte-compiled, as a wheel install
    # (or `make demo`) leaves them, even where PYTHONDONTWRITEBYTECODE is set.
    import compileall

    compileall.compile_dir(str(ROOT / "src"), quiet=1)
    exe = shutil.which("sheetsmith", path=str(Path(sys.executable).parent)) or "sheetsmith"
    with tempfile.TemporaryDirectory() as tmp:
        one = Path(tmp) / "one.toml"
        one.write_bytes(random_sheets(1)[0])
        base_cmd = [sys.executable, "-c", "import typer"]
        check_cmd = [exe, "check", str(one)]
        _cold(base_cmd), _cold(check_cmd)  # warm the OS file cache for both
        base, check = [], []
        for _ in range(runs):  # interleaved, so both see the same machine load
            base.append(_cold(base_cmd))
            check.append(_cold(check_cmd))
    b, c = statistics.median(base), statistics.median(check)
    ratio = c / b
    return (
        f"cold check: {c * 1000:.0f} ms vs cold `import typer` {b * 1000:.0f} ms, "
        f"ratio {ratio:.2f}x (target <= 1.5x) {'MET' if ratio <= 1.5 else 'MISSED'}"
    )


def bench_render_sky(runs: int = 5) -> str:
    from sheetsmith.output import RenderOptions
    from sheetsmith.print.render import render_game

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


BENCHES = {
    "check": bench_check_throughput,
    "check-planet": bench_check_planet,
    "cold": bench_cold_check,
    "render-sky": bench_render_sky,
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("names", nargs="*", choices=[*BENCHES, []], help="benchmarks to run")
    args = parser.parse_args()
    for name in args.names or BENCHES:
        print(BENCHES[name](), flush=True)


if __name__ == "__main__":
    main()
