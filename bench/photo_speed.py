"""How fast `read_page` reads photos, against the reader at another git revision, on the
same photos in the same run (the machine is shared: only a ratio measured side by side
means anything).

    .venv/bin/python bench/photo_speed.py [--against HEAD] [--first 100600] [--count 60]
                                          [--rounds 4]

(`--against HEAD`, the default, measures what the working tree's uncommitted change does;
`--against HEAD~1` what the last commit did.)

The photos (bench/photos/synth.py, seeds from --first) are made once. Then each reader, the
working tree's and the revision's (checked out in a temporary git worktree), reads all of
them in a process of its own, once per round, the two taking turns (ABBA), after reading the
first six untimed (each page's blank is rendered once per process). Refused photos count
too: a refusal's time is the player's wait as well.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

# Run in each reader's own process: the photos' JPEG files in, seconds for all of them out
CHILD = """
import sys, time
from pathlib import Path
import cv2
from sheetsmith.photo.errors import PhotoError
from sheetsmith.photo.read import read_page
images = [cv2.imread(str(p)) for p in sorted(Path(sys.argv[1]).glob("*.jpg"))]
def read(image):
    try:
        read_page(image)
    except PhotoError:
        pass
for image in images[:6]:
    read(image)
start = time.perf_counter()
for image in images:
    read(image)
print(time.perf_counter() - start)
"""


def _jpeg(seed: int) -> bytes:
    from photos import synth

    return synth.photo_for_seed(seed).jpeg


def _seconds(src: Path, photos: Path) -> float:
    env = os.environ | {"PYTHONPATH": str(src)}
    # run beside the photos: a `sheetsmith` folder in the caller's directory would come
    # before PYTHONPATH and make both sides the same reader
    done = subprocess.run(
        [sys.executable, "-c", CHILD, str(photos)],
        env=env,
        cwd=photos,
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        raise SystemExit(f"the reader in {src} failed:\n{done.stderr}")
    return float(done.stdout.strip().splitlines()[-1])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--against", default="HEAD", help="the git revision to compare with")
    parser.add_argument("--first", type=int, default=100_600, help="the first photo's seed")
    parser.add_argument("--count", type=int, default=60)
    parser.add_argument("--rounds", type=int, default=4)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="photo-speed-") as tmp:
        photos = Path(tmp) / "photos"
        photos.mkdir()
        seeds = range(args.first, args.first + args.count)
        with ProcessPoolExecutor(2) as pool:
            for seed, data in zip(seeds, pool.map(_jpeg, seeds), strict=True):
                (photos / f"{seed}.jpg").write_bytes(data)
        tree = Path(tmp) / "against"
        subprocess.run(
            ["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q", str(tree), args.against],
            check=True,
        )
        try:
            sides = {"this tree": ROOT / "src", args.against: tree / "src"}
            totals = dict.fromkeys(sides, 0.0)
            for round_ in range(args.rounds):
                order = list(sides) if round_ % 2 == 0 else list(sides)[::-1]
                for name in order:
                    totals[name] += _seconds(sides[name], photos)
        finally:
            subprocess.run(
                ["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)], check=False
            )
    reads = args.count * args.rounds
    for name, total in totals.items():
        print(f"{name}: {total / reads * 1000:.1f} ms a photo ({reads / total:.2f} photos/s)")
    mine, theirs = totals["this tree"], totals[args.against]
    print(
        f"this tree / {args.against}: {mine / theirs:.3f} of the time, over {args.count}"
        f" photos from seed {args.first}, {args.rounds} rounds"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
