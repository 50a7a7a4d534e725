"""Two photos of one sheet, read as one (`sheetsmith.photo.several`): what a second photo
settles, against each photo read alone, on the same sheets in the same run.

    .venv/bin/python bench/photo_pairs.py [--count 100] [--tuning] [--skip N]

Each sheet is a seed's page and pencil (bench/photos/synth.py); its first photo is the
seed's own camera and scene, the second another seed's (seed + 500 for tuning seeds, so it
stays under 1000; seed + 1,000,000 for held-out ones). Both photos are read, then combined
as `read` combines them (a photo unsure of over 20 % of its marks, read with a better one,
may only doubt). A mark is right, flagged or wrong without a flag as in
bench/photo_accuracy.py; a pair with a refused photo is left out, and so is a pair whose
page, read together, still doubts too many marks (`read` refuses it: `photo.read.unclear`),
so all three figures count the same marks. Each photo alone is counted as read before that
refusal, which `read` makes of a page only once its photos are combined.
"""

from __future__ import annotations

import argparse
import sys
import traceback
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

from photos import synth  # noqa: E402


def second_camera(seed: int) -> int:
    return seed + 500 if seed < synth.HELD_OUT_START else seed + 1_000_000


@dataclass
class Pair:
    seed: int
    truth: dict[str, bool]
    jpegs: tuple[bytes, bytes]


def generate(seed: int) -> Pair:
    first = synth.photo_for_seed(seed)
    second = synth.photo_for_seed(seed, camera_seed=second_camera(seed))
    return Pair(seed, first.truth, (first.jpeg, second.jpeg))


@dataclass
class Tally:
    marks: int = 0
    flagged: int = 0
    wrong: int = 0

    def add(self, truth: dict[str, bool], readings: dict) -> None:
        for key, filled in truth.items():
            reading = readings[key]
            self.marks += 1
            if reading.uncertain:
                self.flagged += 1
            elif reading.filled != filled:
                self.wrong += 1

    def line(self, name: str) -> str:
        right = self.marks - self.flagged - self.wrong
        return (
            f"{name:<22} {self.marks:>7} marks  {right / self.marks:7.2%} right  "
            f"{self.flagged / self.marks:6.2%} flagged  {self.wrong:>3} wrong without a flag"
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=100)
    parser.add_argument("--tuning", action="store_true", help="tuning seeds (from 0)")
    parser.add_argument(
        "--skip",
        type=int,
        default=0,
        help="start this many seeds into the held-out ones (a block no change has seen)",
    )
    args = parser.parse_args(argv)

    from sheetsmith.photo.errors import PhotoError
    from sheetsmith.photo.read import read_page, unclear
    from sheetsmith.photo.several import combine

    if args.tuning:
        seeds = range(args.count)
    else:
        start = synth.held_out_seeds(1)[0] + args.skip
        seeds = range(start, start + args.count)
    tallies = {name: Tally() for name in ("first photo alone", "second photo alone", "both")}
    refused = two_sheets = doubters = unsure = 0
    crashed: list[int] = []
    with ProcessPoolExecutor(2) as pool:
        for pair in pool.map(generate, seeds):
            reads = []
            for data in pair.jpegs:
                image = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)
                try:
                    reads.append(read_page(image, alone=False))
                except PhotoError:
                    refused += 1
                except Exception:  # a bug: said, and the run goes on
                    crashed.append(pair.seed)
                    traceback.print_exc(limit=3)
            if len(reads) < 2:
                continue
            combined = combine(reads)
            if combined.problems:  # one sheet taken for two: a miss of the combining itself
                two_sheets += 1
                continue
            if unclear(combined.reads[0]) is not None:
                unsure += 1
                continue
            doubters += len(combined.notes)
            tallies["first photo alone"].add(pair.truth, reads[0].readings)
            tallies["second photo alone"].add(pair.truth, reads[1].readings)
            tallies["both"].add(pair.truth, combined.reads[0].readings)
    print(
        f"{len(seeds)} sheets, {'tuning' if args.tuning else 'held-out'} seeds"
        f" {seeds[0]}-{seeds[-1]}"
    )
    for name, tally in tallies.items():
        print(tally.line(name))
    print(
        f"photos refused: {refused}; pairs taken for two sheets: {two_sheets}; pairs whose"
        f" page, read together, doubts too many marks (refused): {unsure}; photos too"
        f" unsure to settle a doubt: {doubters}"
    )
    if crashed:
        print(f"CRASHED (a bug) on seeds {crashed}")
    return 1 if crashed else 0


if __name__ == "__main__":
    raise SystemExit(main())
