"""Export throughput: the 500-neighbor Personal Space deck as PDF alone, PDF + PNG, PDF + TTS.

Run with `.venv/bin/python bench/export_bench.py [--cards N] [--runs R] [--profile png|tts]`;
the figures are recorded in bench/README.md ("Exports"). The deck is `bench/cards.py`'s: the
six bundled neighbors cycled under distinct ids, so 500 cards, 500 QR codes. Each run is a
whole `render_game` of the neighbors component into a fresh folder, the way `render` does
it: layout, the PDF, then (for an export) every card cut out of that PDF, encoded and
written through the output folder. The three are interleaved, run after run, so they see
the same machine load; the figure is the median of the runs, wall-clock and CPU.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "bench"))

from cards import big_game  # noqa: E402
from sheetsmith.print.render import render_game  # noqa: E402
from sheetsmith.render_options import RenderOptions  # noqa: E402

VARIANTS = {
    "pdf": ("pdf",),
    "pdf+png": ("pdf", "png"),
    "pdf+tts": ("pdf", "tts"),
}


def _once(game, formats: tuple[str, ...]) -> tuple[float, float, int]:
    """(wall, CPU seconds, files written) for one render into a fresh folder."""
    options = RenderOptions(components=("neighbors",), formats=formats)
    with tempfile.TemporaryDirectory() as tmp:
        start, start_cpu = time.perf_counter(), time.process_time()
        rows = render_game(game, Path(tmp), options)
        wall, cpu = time.perf_counter() - start, time.process_time() - start_cpu
    files = sum(len(r.files) or 1 for r in rows)
    return wall, cpu, files


def bench_exports(count: int = 500, runs: int = 3) -> list[str]:
    game = big_game(count)
    _once(big_game(9), ("pdf", "png", "tts"))  # imports, fonts, PDFium: once
    wall: dict[str, list[float]] = {name: [] for name in VARIANTS}
    cpu: dict[str, list[float]] = {name: [] for name in VARIANTS}
    files: dict[str, int] = {}
    for _ in range(runs):
        for name, formats in VARIANTS.items():  # interleaved: the same load for all three
            w, c, n = _once(game, formats)
            wall[name].append(w)
            cpu[name].append(c)
            files[name] = n
    base = statistics.median(wall["pdf"])
    base_cpu = statistics.median(cpu["pdf"])
    lines = []
    for name in VARIANTS:
        w, c = statistics.median(wall[name]), statistics.median(cpu[name])
        line = (
            f"{name:8} {count / w:4.0f} cards/s ({w:5.2f} s wall, {c:5.2f} s CPU in all threads,"
            f" {files[name]} files): {w / base:4.2f}x the PDF alone ({c / base_cpu:4.2f}x in CPU)"
        )
        if name != "pdf":
            extra = w - base
            line += f"; the export alone {count / extra:,.0f} cards/s" if extra > 0 else ""
        lines.append(line)
    lines.append(f"({count} neighbor cards, median of {runs} interleaved runs)")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--cards", type=int, default=500)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--profile", choices=["png", "tts"], help="print where the time goes")
    args = parser.parse_args()
    if args.profile:
        import cProfile
        import pstats

        game = big_game(args.cards)
        _once(big_game(9), ("pdf", args.profile))
        profiler = cProfile.Profile()
        profiler.runcall(_once, game, ("pdf", args.profile))
        pstats.Stats(profiler).sort_stats("cumulative").print_stats(25)
        return
    for line in bench_exports(args.cards, args.runs):
        print(line, flush=True)


if __name__ == "__main__":
    main()
