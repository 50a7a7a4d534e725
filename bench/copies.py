"""Copies of the Personal Space daily sheet: `--copies 400` against `--copies 40` (issue 17).

Run with `.venv/bin/python bench/copies.py [--few 40] [--many 400] [--runs 5]`, or import
`bench_copies()` (one line: the figure, its target, MET or MISSED). The figures are recorded
in bench/README.md ("Stamped copies (issue 17)").

Every copy is the same page, so the PDF should hold its drawing once and place it on each
page: then a copy costs a page object and one `Do`, and 400 copies cost little more than
40. The target: `sheetsmith render personal-space --component daily-sheet --copies 400`
takes at most 2.5x the time of `--copies 40`. The command runs in-process (typer's runner,
so the table it prints and the ink figure it measures are included; the cold start is not),
and beside it `render_game` alone (the PDF, nothing else). Each is run for both counts,
interleaved run after run so all see the same machine load, each into a fresh folder, after
one untimed render that pays for the imports and fonts; the figures are medians.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from sheetsmith.definition import load  # noqa: E402
from sheetsmith.render_options import RenderOptions  # noqa: E402

TARGET = 2.5  # 10x the copies may cost at most 2.5x the time


def _library(copies: int, folder: Path) -> int:
    """Render `copies` daily sheets into `folder` with `render_game`; the PDF's size."""
    from sheetsmith.print.render import render_game

    options = RenderOptions(components=("daily-sheet",), copies=copies)
    (entry,) = render_game(load("personal-space"), folder, options)
    return entry.path.stat().st_size


def _command(copies: int, folder: Path) -> int:
    """The same through the `sheetsmith render` command, in-process; the PDF's size."""
    from typer.testing import CliRunner

    from sheetsmith.cli import app

    args = ["render", "personal-space", "--component", "daily-sheet"]
    args += ["--copies", str(copies), "--out", str(folder)]
    result = CliRunner().invoke(app, args)
    if result.exit_code != 0:
        raise RuntimeError(f"sheetsmith {' '.join(args)} failed:\n{result.output}")
    return (folder / "personal-space" / "daily-sheet.pdf").stat().st_size


def _cold(copies: int, folder: Path) -> int:
    """The command as a player types it: a fresh process, start-up included."""
    command = [str(Path(sys.executable).parent / "sheetsmith"), "render", "personal-space"]
    command += ["--component", "daily-sheet", "--copies", str(copies), "--out", str(folder)]
    subprocess.run([*command, "-q"], check=True, capture_output=True)
    return (folder / "personal-space" / "daily-sheet.pdf").stat().st_size


def _timed(
    render: Callable[[int, Path], int], copies: int, folder: Path
) -> tuple[float, float, int]:
    """Wall-clock and CPU seconds to render, and the PDF's size."""
    start, start_cpu = time.perf_counter(), time.process_time()
    size = render(copies, folder)
    return time.perf_counter() - start, time.process_time() - start_cpu, size


def bench_copies(few: int = 40, many: int = 400, runs: int = 5) -> str:
    ways = {"cold": _cold, "command": _command, "library": _library}
    times: dict[tuple[str, int], list[float]] = {(w, n): [] for w in ways for n in (few, many)}
    cpu: dict[tuple[str, int], list[float]] = {key: [] for key in times}
    sizes: dict[int, int] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for way, render in ways.items():  # imports, fonts, the ink measure: once, untimed
            render(1, Path(tmp) / f"warm-up-{way}")
        for run in range(runs):
            for way, render in ways.items():
                for copies in (few, many):
                    folder = Path(tmp) / f"{way}-{copies}-{run}"
                    elapsed, used, sizes[copies] = _timed(render, copies, folder)
                    times[way, copies].append(elapsed)
                    cpu[way, copies].append(used)
    median = {key: statistics.median(values) for key, values in times.items()}
    ratio = median["command", many] / median["command", few]
    # CPU time is steadier on a shared machine: shown beside the wall-clock figure
    cpu_ratio = statistics.median(cpu["command", many]) / statistics.median(cpu["command", few])
    pdf_ratio = median["library", many] / median["library", few]
    per_copy = (median["library", many] - median["library", few]) / (many - few)
    per_copy_bytes = (sizes[many] - sizes[few]) / (many - few)
    cold = median["cold", many] / median["cold", few]
    return (
        f"render --copies {many} vs {few} as typed (a fresh process each): "
        f"{median['cold', many]:.3f} s vs {median['cold', few]:.3f} s, ratio {cold:.2f}x "
        f"(target <= {TARGET}x) {'MET' if cold <= TARGET else 'MISSED'}; "
        f"the command in-process: "
        f"{median['command', many]:.3f} s vs {median['command', few]:.3f} s, ratio "
        f"{ratio:.2f}x ({'MET' if ratio <= TARGET else 'MISSED'}, CPU time {cpu_ratio:.2f}x); "
        f"the PDF alone (render_game) {median['library', many]:.3f} s vs "
        f"{median['library', few]:.3f} s, {pdf_ratio:.2f}x; files {sizes[many] / 1e6:.2f} MB "
        f"vs {sizes[few] / 1e6:.2f} MB; a further copy {per_copy * 1000:.2f} ms and "
        f"{per_copy_bytes / 1000:.1f} KB (medians of {runs})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--few", type=int, default=40)
    parser.add_argument("--many", type=int, default=400)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    print(bench_copies(args.few, args.many, args.runs), flush=True)


if __name__ == "__main__":
    main()
