"""Personal Space card throughput: 500 neighbor cards, each with its own QR code, in one run.

Run with `.venv/bin/python bench/cards.py [--cards N] [--runs R] [--profile]`; the figure is
recorded in bench/README.md ("Personal Space cards"). The deck cycles the six bundled
neighbors under distinct ids, so every card has its own URL and every QR code is encoded
afresh (nothing caches codes); the whole path is measured: links and base URL checks, card
layout, QR encoding, imposition with duplex backs, and writing the PDF.
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
sys.path.insert(0, str(ROOT / "tests"))

from sheetsmith.output import Output  # noqa: E402
from sheetsmith.render_options import RenderOptions  # noqa: E402
from spacedecks import many_neighbors as big_game  # noqa: E402

TARGET = 200.0  # cards per second


def bench_cards(count: int = 500, runs: int = 3) -> tuple[str, list[float], Path]:
    from sheetsmith.games.space.neighbors import render_neighbors

    game = big_game(count)
    options = RenderOptions()
    with tempfile.TemporaryDirectory() as tmp:
        out = Output(Path(tmp), force=True)
        start = time.perf_counter()
        render_neighbors(big_game(9), out, options)  # imports, fonts, the back: once
        first = time.perf_counter() - start
        times, cpu = [], []
        for _ in range(runs):
            start, start_cpu = time.perf_counter(), time.process_time()
            entry = render_neighbors(game, out, options)
            times.append(time.perf_counter() - start)
            cpu.append(time.process_time() - start_cpu)
        size = entry.path.stat().st_size
        pages = entry.pages
    rate = count / statistics.median(times)
    cpu_rate = count / statistics.median(cpu)
    line = (
        f"neighbor cards: {rate:,.0f} cards/s wall-clock, {cpu_rate:,.0f} cards/s of CPU "
        f"({count} cards, {pages} pages, {size / 1e6:.1f} MB; median of {runs}: "
        f"{statistics.median(times):.2f} s; first 9 cards {first:.2f} s) "
        f"(target >= {TARGET:.0f} cards/s) {'MET' if rate >= TARGET else 'MISSED'}"
    )
    return line, times, out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--cards", type=int, default=500)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--profile", action="store_true", help="print where the time goes")
    args = parser.parse_args()
    if args.profile:
        import cProfile
        import pstats

        from sheetsmith.games.space.neighbors import render_neighbors

        game = big_game(args.cards)
        with tempfile.TemporaryDirectory() as tmp:
            render_neighbors(big_game(9), Output(Path(tmp), force=True), RenderOptions())
            profiler = cProfile.Profile()
            profiler.runcall(render_neighbors, game, Output(Path(tmp), force=True), RenderOptions())
        pstats.Stats(profiler).sort_stats("tottime").print_stats(20)
        return
    line, _, _ = bench_cards(args.cards, args.runs)
    print(line, flush=True)


if __name__ == "__main__":
    main()
