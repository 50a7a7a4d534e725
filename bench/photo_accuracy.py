"""How well `sheetsmith.photo.read.read_page` reads phone photos, on held-out synthetic ones.

    .venv/bin/python bench/photo_accuracy.py [--count 200] [--tuning] [--skip N] [--worst 12]

Photos come from bench/photos/synth.py, seeds from 100000 on (the held-out split: nothing is
tuned on them; `--tuning` measures tuning seeds from 0 instead; `--skip N` starts N seeds
into the split, a block not measured before). The pages cycle through every
writable page of both games on both papers. Each photo is generated first (two processes,
untimed), then read one at a time in this process, timing `read_page` alone.

A mark is *right* when read as drawn with confidence at or above the reader's own flag
threshold (`sheetsmith.photo.marks.SURE`), *flagged* when below it (the player is asked to
look), *wrong* when read against the truth without a flag: the number that must be 0.
Targets (issue 15): >= 99.5 % right, 0 wrong, >= 3 photos/s. The worst photos (wrong marks
first, then refusals, then flags) are saved under bench/results/photos/ with what went wrong.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
import traceback
from collections import Counter, defaultdict
from collections.abc import Callable, Mapping
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path

import cv2
import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

from photos import lines as reader_lines  # noqa: E402
from photos import synth  # noqa: E402

OUT = ROOT / "bench" / "results" / "photos"


@dataclass
class Generated:
    """A photo as the bench keeps it between generating and reading (JPEG, not pixels:
    200 decoded 12 MP photos would not fit in memory)."""

    seed: int
    page: tuple[str, str, str]
    jpeg: bytes
    truth: dict[str, bool]
    kinds: dict[str, str]
    drawn: dict[str, str]
    params: dict
    px_per_point: float


def generate(seed: int) -> Generated:
    photo = synth.photo_for_seed(seed)
    page = photo.page
    return Generated(
        seed=seed,
        page=(page.game, page.page, page.paper),
        jpeg=photo.jpeg,
        truth=photo.truth,
        kinds={m.key: m.kind for m in page.marks},
        drawn=photo.drawn,
        params={"fills": asdict(photo.fills), "camera": asdict(photo.camera)},
        px_per_point=photo.px_per_point(),
    )


class SynthCatalogue:
    """The pages as the layout functions give them, for a reader run before the games
    register their `readable` facet; otherwise the reader's own catalogue is used."""

    def page(self, payload: str):  # -> sheetsmith.photo.geometry.PageSource
        from sheetsmith.photo.errors import UnknownPage
        from sheetsmith.photo.geometry import PageSource
        from sheetsmith.photo.marks import parse_payload

        parsed = parse_payload(payload)
        if parsed is None:
            raise UnknownPage(f"not a sheetsmith page code: {payload!r}")
        game, name, paper, _ = parsed
        source = synth.source_page(game, name, paper)
        return PageSource(source.readable, source.pdf, source.index)

    def sheet(self, game: str, readings: Mapping) -> str:
        raise NotImplementedError


@dataclass
class Result:
    seed: int
    page: tuple[str, str, str]
    seconds: float = 0.0
    refused: str = ""  # the PhotoError's class and message
    crashed: str = ""  # anything else: a bug
    wrong_page: bool = False
    right: int = 0
    flagged: int = 0
    flagged_wrong: int = 0  # flagged, and the reading was wrong too
    wrong: list[tuple[str, str, str, bool, float]] = field(default_factory=list)
    flags: list[tuple[str, str, str, bool, float]] = field(default_factory=list)
    marks: int = 0
    faint: int = 0  # of the flagged, those the faint line flagged (`photo/faint.py`)
    # what the reader found of a photo it read: its page's scale (photo pixels per PDF
    # point), how dark its clearly filled marks show (`PageRead.strokes`) and how many
    # marks it read filled for sure: a line on photos can be replayed from these
    px_per_point: float = 0.0
    strokes: float = 0.0
    filled_sure: int = 0

    def badness(self) -> tuple[int, int, int]:
        return (len(self.wrong) + (1000 if self.crashed else 0), bool(self.refused), self.flagged)


def decoded(jpeg: bytes, as_read: bool = False) -> np.ndarray:
    """The photo's pixels (BGR): by OpenCV at full size, as every figure in bench/README.md
    up to the nineteenth session was measured, or (`as_read`, `--as-read`) as `sheetsmith
    read` loads a file (Pillow, shrunk to photo.image.MAX_SIDE)."""
    if not as_read:
        return cv2.imdecode(np.frombuffer(jpeg, np.uint8), cv2.IMREAD_COLOR)
    from sheetsmith.photo.image import load_image

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "photo.jpg"
        path.write_bytes(jpeg)
        return load_image(path)


_FAINT_FLAGGED: list[int] = []  # marks the faint line flagged on the photo being read


def _count_faint(judge_module: object) -> None:
    """Count what `faint` flags (its share of a block's flags: `Result.faint`)."""
    line = judge_module.faint  # type: ignore[attr-defined]

    def counted(*args: object, **kwargs: object) -> np.ndarray:
        out = line(*args, **kwargs)
        _FAINT_FLAGGED.append(int(out.sum()))
        return out

    judge_module.faint = counted  # type: ignore[attr-defined]


def read_one(
    item: Generated, catalogue: object, sure: float, as_read: bool = False
) -> tuple[Result, object]:
    from sheetsmith.photo.errors import PhotoError
    from sheetsmith.photo.read import read_page

    image = decoded(item.jpeg, as_read)
    result = Result(item.seed, item.page, marks=len(item.truth))
    _FAINT_FLAGGED.clear()
    start = time.perf_counter()
    try:
        read = read_page(image, catalogue)  # type: ignore[arg-type]
    except PhotoError as exc:
        result.seconds = time.perf_counter() - start
        result.refused = f"{type(exc).__name__}: {exc.problems[0].message}"
        return result, None
    except Exception:
        result.seconds = time.perf_counter() - start
        result.crashed = traceback.format_exc(limit=4)
        return result, None
    result.seconds = time.perf_counter() - start
    result.faint = sum(_FAINT_FLAGGED)
    result.px_per_point = round(read.px_per_point, 3)
    result.strokes = round(read.strokes, 3)
    result.filled_sure = sum(r.filled and r.confidence >= sure for r in read.readings.values())
    if (read.page.game, read.page.page, read.page.paper) != item.page:
        result.wrong_page = True
        result.wrong = [(k, item.kinds[k], "wrong page", v, 1.0) for k, v in item.truth.items()]
        return result, read
    for key, filled in item.truth.items():
        reading = read.readings.get(key)
        style = item.drawn.get(key, "blank")
        if reading is None:  # a mark the reader did not report: wrong, and said nowhere
            result.wrong.append((key, item.kinds[key], style, filled, 0.0))
            continue
        entry = (key, item.kinds[key], style, filled, round(float(reading.confidence), 3))
        if reading.confidence < sure:
            result.flagged += 1
            result.flags.append(entry)
            result.flagged_wrong += reading.filled != filled
        elif reading.filled == filled:
            result.right += 1
        else:
            result.wrong.append(entry)
    return result, read


def save_case(item: Generated, result: Result, read: object, out: Path) -> None:
    """The photo, what went wrong, and the reader's annotated page if it can draw one."""
    stem = out / f"seed-{item.seed}"
    stem.with_suffix(".jpg").write_bytes(item.jpeg)
    facts = {
        "seed": item.seed,
        "page": item.page,
        "px_per_point": round(item.px_per_point, 3),
        "refused": result.refused,
        "crashed": result.crashed,
        "wrong": result.wrong[:50],
        "flagged": result.flags[:50],
        "params": item.params,
    }
    (stem.parent / f"{stem.name}.json").write_text(json.dumps(facts, indent=1))
    if read is None:
        return
    try:  # the annotation is the reader's (`read --annotate`); its API may still move
        from sheetsmith.photo import annotate  # type: ignore[attr-defined]

        picture = annotate.annotate(read)
        cv2.imwrite(str(stem.parent / f"{stem.name}-annotated.png"), picture)
    except Exception:
        cv2.imwrite(str(stem.parent / f"{stem.name}-rectified.png"), read.rectified)  # type: ignore[attr-defined]


def bins(results: list[Result], items: dict[int, Generated]) -> list[str]:
    """Where the errors and flags happen: by mark kind and drawing, and by photo condition."""
    lines = []
    by_style: dict[tuple[str, str], Counter] = defaultdict(Counter)
    for r in results:
        for _, kind, style, truth, _ in r.wrong:
            by_style[(kind, style)]["wrong " + ("filled" if truth else "empty")] += 1
        for _, kind, style, _, _ in r.flags:
            by_style[(kind, style)]["flagged"] += 1
    if by_style:
        lines.append("errors and flags by mark kind and what was drawn:")
        for (kind, style), counts in sorted(by_style.items(), key=lambda kv: -sum(kv[1].values())):
            lines.append(f"  {kind:7} {style:9} {dict(counts)}")

    def condition(name: str, value: Callable[[Generated], float], edges: list[float]) -> None:
        rows: dict[str, list[Result]] = defaultdict(list)
        for r in results:
            v = value(items[r.seed])
            label = next((f"<{e:g}" for e in edges if v < e), f">={edges[-1]:g}")
            rows[label].append(r)
        parts = []
        for label in [f"<{e:g}" for e in edges] + [f">={edges[-1]:g}"]:
            group = rows.get(label, [])
            if not group:
                continue
            marks = sum(g.marks for g in group if not g.refused and not g.crashed)
            bad = sum(len(g.wrong) for g in group)
            flagged = sum(g.flagged for g in group)
            refused = sum(bool(g.refused) for g in group)
            parts.append(
                f"{label}: {len(group)} photos, {refused} refused, "
                f"{flagged / max(marks, 1):.2%} flagged, {bad} wrong"
            )
        lines.append(f"by {name}: " + "; ".join(parts))

    camera = lambda key: lambda g: g.params["camera"][key]  # noqa: E731
    condition("page scale (photo px per PDF point)", lambda g: g.px_per_point, [1.0, 1.5, 2.5])
    condition("tilt (degrees)", camera("tilt_deg"), [15, 25])
    condition("blur (px)", camera("blur_px"), [0.5, 1.5, 3])
    condition("JPEG quality", camera("jpeg_quality"), [60, 75])
    condition(
        "shadow depth",
        lambda g: max(g.params["camera"]["shadow"], g.params["camera"]["hard_shadow"]),
        [0.01, 0.3],
    )
    condition("pencil darkness", lambda g: g.params["fills"]["darkness"], [0.45, 0.6])
    return lines


def _area_sampled_from(seed: int) -> None:
    synth.AREA_SAMPLED_FROM = seed


def _use_weights(path: Path) -> None:
    """Read with the networks of `path` in place of those the package carries."""
    from sheetsmith.photo import judge

    weights = judge.read_weights(path)
    judge._weights = lambda: weights  # type: ignore[assignment]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=200)
    parser.add_argument("--tuning", action="store_true", help="measure tuning seeds (from 0)")
    parser.add_argument(
        "--skip", type=int, default=0, help="start this many seeds into the split: another block"
    )
    parser.add_argument("--worst", type=int, default=12, help="how many worst photos to save")
    parser.add_argument(
        "--as-read",
        action="store_true",
        help="decode each photo as `sheetsmith read` loads a file (Pillow, shrunk to 2400 px)",
    )
    parser.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1))
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument(
        "--without-judge",
        action="store_true",
        help="the reader without its second look (photo/judge.py): a baseline in the same run",
    )
    parser.add_argument(
        "--judge-weights",
        type=Path,
        help="the networks in this file (train_judge.py pack --out) instead of the package's:"
        " another set measured in the same run",
    )
    parser.add_argument(
        "--area-sampled-from",
        type=int,
        default=synth.AREA_SAMPLED_FROM,
        help="photograph the page by pixel area from this seed on (synth.AREA_SAMPLED_FROM):"
        " 0 or a seed past the block gives the same scenes photographed the other way",
    )
    reader_lines.add_options(parser)
    args = parser.parse_args(argv)
    from sheetsmith.photo import burnt, faint, ghost, judge, leftover, shadow, standout
    from sheetsmith.photo import read as read_module

    reader_lines.apply(args)
    _count_faint(judge)
    if args.judge_weights:
        _use_weights(args.judge_weights)
    if args.without_judge:
        judge.settle = lambda *_args, **_kwargs: None  # type: ignore[assignment]

    from sheetsmith.photo.marks import SURE
    from sheetsmith.photo.read import GAMES

    if args.skip < 0:
        parser.error("--skip counts seeds into the split: 0 or more")
    first = (synth.TUNING_SEEDS.start if args.tuning else synth.HELD_OUT_START) + args.skip
    seeds = list(range(first, first + args.count))
    if args.tuning and seeds and seeds[-1] not in synth.TUNING_SEEDS:
        parser.error(f"tuning seeds are {synth.TUNING_SEEDS}: --skip and --count run past them")
    catalogue = GAMES if synth.facets_ready() else SynthCatalogue()
    started = time.perf_counter()
    _area_sampled_from(args.area_sampled_from)  # here for the warm-up reads and the header
    with ProcessPoolExecutor(
        args.jobs, initializer=_area_sampled_from, initargs=(args.area_sampled_from,)
    ) as pool:
        items = {g.seed: g for g in pool.map(generate, seeds, chunksize=4)}
    generated = time.perf_counter() - started

    # a long-running reader has its blanks rendered: read one tuning photo of each page
    # first (untimed, not counted), and say what that first read cost
    warm = {}
    for seed in range(len(synth.writable_pages())):
        w = generate(seed)
        t = time.perf_counter()
        read_one(w, catalogue, SURE, args.as_read)
        warm[w.page] = time.perf_counter() - t

    results = []
    reads: dict[int, object] = {}
    for seed in seeds:
        result, read = read_one(items[seed], catalogue, SURE, args.as_read)
        results.append(result)
        reads[seed] = read if read is not None else None
        if len(reads) > 40:  # keep only what the worst cases may need
            worst_keep = sorted(results, key=Result.badness, reverse=True)[: args.worst]
            keep = {r.seed for r in worst_keep}
            reads = {s: r for s, r in reads.items() if s in keep}

    read_ok = [r for r in results if not r.refused and not r.crashed]
    marks = sum(r.marks for r in read_ok)
    right = sum(r.right for r in read_ok)
    flagged = sum(r.flagged for r in read_ok)
    wrong = sum(len(r.wrong) for r in read_ok)
    refused = [r for r in results if r.refused]
    crashed = [r for r in results if r.crashed]
    seconds = [r.seconds for r in read_ok]
    rate = len(read_ok) / sum(seconds) if seconds else 0.0
    all_marks = sum(r.marks for r in results)
    split = "tuning" if args.tuning else "held-out"
    decoding = "as read does" if args.as_read else "by OpenCV at full size"
    lines = [
        f"photo reading: {len(results)} {split} photos (seeds {seeds[0]}-{seeds[-1]}),"
        f" {all_marks} marks, decoded {decoding};"
        f" the page photographed by pixel area from seed {synth.AREA_SAMPLED_FROM};"
        f" reader catalogue: {type(catalogue).__name__};"
        f" flag threshold confidence < {SURE}; networks sure from {judge.SETTLE},"
        f" steady from logit {judge.STEADY_LOGIT} ({judge.CLIPPED_LOGIT} on clipped paper,"
        f" {judge.LEANED_LOGIT} where the reader doubted but leaned filled,"
        f" {judge.DOUBTED_EMPTY_LOGIT} where it doubted a ring or a square but leaned empty);"
        f" empty readings flagged on patches {burnt.LOST_SHARE:.0%} clipped where strokes show"
        f" under {burnt.LOST_STROKES}, filled ones overturning a sure empty on patches"
        f" {burnt.OVERTURN_SHARE:.0%} clipped; in a group of rings with none circled, the"
        f" top flagged {standout.STANDOUT_MARGIN} over the median and from"
        f" {standout.STANDOUT_LOGIT}; empty boxes flagged holding {leftover.LEFTOVER_EMPTY}"
        f" times the page's empty boxes' pencil and {leftover.LEFTOVER_FILLED:.2f} of its"
        f" filled ones', under logit {leftover.LEFTOVER_LOGIT}; on pages whose strokes show"
        f" under {faint.FAINT_STROKES}, the top empty of each kind flagged {faint.FAINT_Z}"
        f" deviations over the median ({faint.FAINT_BLURRED_Z} on photos blurred at sigma"
        f" {faint.FAINT_BLURRED} px or more) and from {faint.FAINT_LOGIT}; pages doubting"
        f" {read_module.MOST_DOUBTS} marks refused, and pages under"
        f" {read_module.LIGHT_SMALL} px per point with light pencil (under"
        f" {read_module.NOWHERE_SMALL} with pencil under {read_module.FAINT_SMALL_STROKES}"
        " or shown nowhere clearly); filled readings flagged where their darkness is smooth"
        f" (detail under {shadow.SMOOTH_DETAIL}) and light (under {shadow.SMOOTH_LIGHT} of"
        f" the strokes), or their darkest under {ghost.GHOST_LIGHT} of the strokes",
        f"  read: {len(read_ok)} photos, {marks} marks: right without a flag {right}"
        f" ({right / max(marks, 1):.2%}, target >= 99.5%), flagged {flagged}"
        f" ({flagged / max(marks, 1):.2%}; {sum(r.flagged_wrong for r in read_ok)} of them"
        f" read wrong, {sum(r.faint for r in read_ok)} by the faint line),"
        f" WRONG WITHOUT A FLAG {wrong} (target 0)",
        f"  of all marks, refused photos counted as not read: right"
        f" {right / max(all_marks, 1):.2%}",
        f"  refused: {len(refused)} photos"
        f" {dict(Counter(r.refused.split(':')[0] for r in refused))}; crashed: {len(crashed)}",
        f"  speed: {rate:.2f} photos/s over the photos read (target >= 3), median"
        f" {statistics.median(seconds) if seconds else 0:.3f} s, slowest"
        f" {max(seconds, default=0):.3f} s; refusals median"
        f" {statistics.median([r.seconds for r in refused]) if refused else 0:.3f} s",
        "  first read of each page (renders its blank): "
        + ", ".join(f"{p[1]}/{p[2]} {s:.2f} s" for p, s in warm.items()),
        f"  generating the photos took {generated:.0f} s on {args.jobs} processes (untimed)",
    ]
    lines += ["  " + line for line in bins(results, items)]
    for r in refused[:8]:
        lines.append(f"  refused seed {r.seed} {r.page[1]}/{r.page[2]}: {r.refused}")
    for r in crashed[:3]:
        lines.append(f"  CRASHED seed {r.seed}: {r.crashed}")

    args.out.mkdir(parents=True, exist_ok=True)
    for old in args.out.glob("seed-*"):
        old.unlink()
    worst = sorted(results, key=Result.badness, reverse=True)[: args.worst]
    for r in worst:
        if r.badness() > (0, 0, 0):
            save_case(items[r.seed], r, reads.get(r.seed), args.out)
    summary = {
        "split": split,
        "seeds": [seeds[0], seeds[-1]],
        "photos": len(results),
        "marks": all_marks,
        "right": right,
        "flagged": flagged,
        "wrong_unflagged": wrong,
        "refused": len(refused),
        "crashed": len(crashed),
        "photos_per_s": round(rate, 3),
        "per_photo": [{k: v for k, v in asdict(r).items() if k not in ("flags",)} for r in results],
    }
    (args.out / "summary.json").write_text(json.dumps(summary, indent=1))
    shown = args.out.resolve()
    shown = shown.relative_to(ROOT) if shown.is_relative_to(ROOT) else shown
    lines.append(f"  worst cases and summary.json in {shown}")
    print("\n".join(lines))
    return 0 if wrong == 0 and not crashed else 1


if __name__ == "__main__":
    sys.exit(main())
