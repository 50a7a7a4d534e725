"""Big decks (issue 17): memory flat in the deck's size, both cores with `--jobs 2`, and
speed against a plain reportlab + qrcode script.

`.venv/bin/python bench/scale.py [--cards 5000] [--big 20000] [--runs 3]`. Every figure
comes from a fresh process (so its peak memory is its own): sheetsmith renders the
neighbor deck of `bench/cards.py` (the six bundled neighbors cycled under distinct ids:
every card its own URL and QR code) through `render_game`, with 1 and 2 workers, and the
plain script (`bench/plain_cards.py`) draws the same number of cards. Runs are
interleaved (sheetsmith 1 worker, 2 workers, plain; again) so all see the same machine;
figures are medians. Timings cover the render alone (imports and a 9-card warm-up come
first, untimed); memory is the peak resident size of the process (ru_maxrss), imports
included, and of its largest worker.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MIB = 1024 * 1024


def _child_sheetsmith(count: int, jobs: int, folder: str) -> dict[str, float | str]:
    sys.path.insert(0, str(ROOT / "bench"))
    from cards import big_game
    from sheetsmith.print.render import render_game
    from sheetsmith.render_options import RenderOptions

    game = big_game(count)
    options = RenderOptions(components=("neighbors",), jobs=jobs)
    render_game(big_game(9), Path(folder) / "warm", options)
    start = time.perf_counter()
    (entry,) = render_game(game, Path(folder) / "deck", options)
    seconds = time.perf_counter() - start
    return {"seconds": seconds, "digest": hashlib.sha256(entry.path.read_bytes()).hexdigest()}


def _child_plain(count: int, folder: str) -> dict[str, float | str]:
    sys.path.insert(0, str(ROOT / "bench"))
    from plain_cards import plain_deck

    start = time.perf_counter()
    plain_deck(count, str(Path(folder) / "plain.pdf"))
    return {"seconds": time.perf_counter() - start, "digest": ""}


def _run(*args: str) -> dict[str, float | str]:
    """One measurement in a fresh process."""
    with tempfile.TemporaryDirectory() as folder:
        command = [sys.executable, __file__, "--child", *args, folder]
        done = subprocess.run(command, capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def bench_scale(cards: int = 5000, big: int = 20000, runs: int = 3) -> list[str]:
    single: list[float] = []
    double: list[float] = []
    plain: list[float] = []
    digests: set[str] = set()
    memory: dict[str, float] = {}
    for _ in range(runs):
        one = _run("sheetsmith", str(cards), "1")
        two = _run("sheetsmith", str(cards), "2")
        flat = _run("plain", str(cards))
        single.append(float(one["seconds"]))
        double.append(float(two["seconds"]))
        plain.append(float(flat["seconds"]))
        digests |= {str(one["digest"]), str(two["digest"])}
        memory["one"] = max(memory.get("one", 0.0), float(one["rss"]))
        memory["two"] = max(memory.get("two", 0.0), float(two["rss"]))
        memory["worker"] = max(memory.get("worker", 0.0), float(two["workers_rss"]))
        memory["plain"] = max(memory.get("plain", 0.0), float(flat["rss"]))
    huge = _run("sheetsmith", str(big), "1")
    t1, t2, tp = (statistics.median(x) for x in (single, double, plain))
    same = "identical" if len(digests) == 1 else f"DIFFERENT ({len(digests)} digests)"
    lines = [
        f"deck memory: {cards:,} cards peak {memory['one']:.0f} MiB (target <= 120), "
        f"{big:,} cards {float(huge['rss']):.0f} MiB (target <= 200); with 2 workers "
        f"{memory['two']:.0f} MiB + {memory['worker']:.0f} MiB the largest worker; plain "
        f"script {memory['plain']:.0f} MiB "
        + ("MET" if memory["one"] <= 120 and float(huge["rss"]) <= 200 else "MISSED"),
        f"--jobs 2: {t1 / t2:.2f}x one process on {cards:,} cards ({t1:.1f} s vs {t2:.1f} s, "
        f"median of {runs}), output {same} (target >= 1.7x) "
        + ("MET" if t1 / t2 >= 1.7 and len(digests) == 1 else "MISSED"),
        f"vs plain reportlab + qrcode: {tp / t1:.2f}x its speed in one process, "
        f"{tp / t2:.2f}x with 2 workers ({cards / t1:,.0f} and {cards / t2:,.0f} against "
        f"{cards / tp:,.0f} cards/s) (target >= 2x) " + ("MET" if tp / t1 >= 2 else "MISSED"),
    ]
    return lines


def _child(argv: list[str]) -> None:
    kind, *rest = argv
    if kind == "sheetsmith":
        found = _child_sheetsmith(int(rest[0]), int(rest[1]), rest[2])
    else:
        found = _child_plain(int(rest[0]), rest[1])
    found["rss"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024 / MIB
    found["workers_rss"] = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024 / MIB
    print(json.dumps(found))


def main() -> None:
    if sys.argv[1:2] == ["--child"]:
        _child(sys.argv[2:])
        return
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--cards", type=int, default=5000)
    parser.add_argument("--big", type=int, default=20000)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    for line in bench_scale(args.cards, args.big, args.runs):
        print(line, flush=True)


if __name__ == "__main__":
    main()
