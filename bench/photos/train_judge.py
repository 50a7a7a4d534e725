"""Train the photo reader's second judge (`sheetsmith.photo.judge`) on the tuning photos.

    .venv/bin/python bench/photos/train_judge.py build DATA.npz [--first 0 --last 999]
        [--as-read]
    TORCH_PYTHON bench/photos/train_judge.py train DATA.npz... --out NET.npz [--validate]
        [--seed N]
    .venv/bin/python bench/photos/train_judge.py pack NET.npz... [--out WEIGHTS.npz]

`build` (the project's own environment) photographs tuning seeds (`synth.TUNING_SEEDS`
only: seeds from 100000 on are held out and never trained on), finds each page as `read`
does, decides every mark as the reader does, and stores each mark's patch and facts with
the truth. `train`
needs PyTorch, which sheetsmith itself does not (a separate environment:
`python -m venv /tmp/torch && /tmp/torch/bin/pip install torch==2.13.0 numpy`). With
`--validate` it trains on three quarters of the photos and reports on the rest (the shipped
networks are these: their figures are their own). `pack` puts networks trained from other
seeds into the file the package carries (`src/sheetsmith/photo/judge.npz`), the first one
deciding and the others voting where it doubts. `measure` gives a packed file's final
readings on the quarter held back, from `build` outputs. Training is seeded; the weights are
float32, so the reader stays deterministic.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
WEIGHTS = ROOT / "src" / "sheetsmith" / "photo" / "judge.npz"
sys.path.insert(0, str(ROOT / "bench"))

from photos import lines  # noqa: E402


def _one(
    seed: int, as_read: bool = False
) -> tuple[np.ndarray, np.ndarray, np.ndarray, list[tuple]] | None:
    from photo_accuracy import decoded
    from photos import synth
    from sheetsmith.photo import decide as D
    from sheetsmith.photo import judge as J
    from sheetsmith.photo.burnt import saturation
    from sheetsmith.photo.errors import PhotoError
    from sheetsmith.photo.geometry import blank_page
    from sheetsmith.photo.ink import ink_added, mark_regions
    from sheetsmith.photo.locate import locate
    from sheetsmith.photo.read import GAMES

    photo = synth.photo_for_seed(seed)
    image = decoded(photo.jpeg, as_read)
    try:
        found = locate(image, GAMES)
    except PhotoError:
        return None
    page = found.source.page
    blank = blank_page(found.source)
    decided = D.decide(
        found.rectified, blank, page, found.px_per_point, found.tilt, second_look=False
    )
    added = ink_added(found.rectified, blank, mark_regions(page))
    ink, noise, contrast, light = added.ink, added.noise, added.contrast, added.light
    art = 1.0 - blank.astype(np.float32) / 255.0
    marks = list(page.marks)
    saturated = saturation(found.rectified)
    planes = J.patches(marks, page, ink, art, light, saturated, decided.pencil)
    known = [
        J.facts(
            m,
            decided.readings[m.key],
            decided.scores[m.key],
            found.px_per_point,
            found.tilt,
            noise,
            decided.pencil,
            contrast,
        )
        for m in marks
    ]
    truth = [int(photo.truth[m.key]) for m in marks]
    said = decided.readings
    rows = [
        (seed, J.layout(page), m.key, m.kind, said[m.key].filled, said[m.key].confidence)
        for m in marks
    ]
    return planes.astype(np.float16), np.array(known, np.float32), np.array(truth, np.int8), rows


def build(out: Path, first: int, last: int, as_read: bool = False) -> None:
    """Each tuning photo's patches and facts, the photo decoded by OpenCV at full size (as
    the networks carried were trained) or, `as_read`, as `sheetsmith read` loads a file."""
    import functools
    from concurrent.futures import ProcessPoolExecutor

    from photos import synth

    if first not in synth.TUNING_SEEDS or last not in synth.TUNING_SEEDS:
        # the held-out seeds are never trained on
        raise SystemExit(f"train on tuning seeds only ({synth.TUNING_SEEDS})")
    parts = []
    with ProcessPoolExecutor(2) as pool:
        one = functools.partial(_one, as_read=as_read)
        for i, part in enumerate(pool.map(one, range(first, last + 1), chunksize=4)):
            if part is not None:
                parts.append(part)
            if i % 50 == 0:
                print(f"{i + first}", file=sys.stderr, flush=True)
    np.savez(
        out,
        X=np.concatenate([p[0] for p in parts]),
        S=np.concatenate([p[1] for p in parts]),
        Y=np.concatenate([p[2] for p in parts]),
        seed=np.array([r[0] for p in parts for r in p[3]]),
        filled=np.array([r[4] for p in parts for r in p[3]]),
        confidence=np.array([r[5] for p in parts for r in p[3]]),
        kind=np.array([r[3] for p in parts for r in p[3]]),
        layout=np.array([r[1] for p in parts for r in p[3]]),
    )


def _net(n_known: int):  # -> torch.nn.Module
    import torch.nn as nn

    class Net(nn.Module):
        # every convolution is followed by a ReLU and a 2x2 max-pool (the numpy side
        # relies on it): 32 -> 16 -> 8 -> 4
        def __init__(self) -> None:
            super().__init__()
            self.c = nn.Sequential(
                nn.Conv2d(4, 16, 3, padding=1),
                nn.ReLU(),
                nn.MaxPool2d(2),
                nn.Conv2d(16, 32, 3, padding=1),
                nn.ReLU(),
                nn.MaxPool2d(2),
                nn.Conv2d(32, 48, 3, padding=1),
                nn.ReLU(),
                nn.MaxPool2d(2),
            )
            self.f = nn.Sequential(nn.Linear(48 * 16 + n_known, 64), nn.ReLU(), nn.Linear(64, 1))

        def forward(self, x, z):  # type: ignore[no-untyped-def]
            import torch

            return self.f(torch.cat([self.c(x).flatten(1), z], 1)).squeeze(1)

    return Net()


def _load(paths: list[Path]) -> dict[str, np.ndarray]:
    """Several `build` outputs as one (the patches stay float16 until a batch needs them)."""
    parts = [np.load(path) for path in paths]
    joined = {
        name: np.concatenate([part[name] for part in parts])
        for name in parts[0].files
        if name != "X"
    }
    # the patches one part at a time beside the whole, not every part and the whole as
    # `np.concatenate` would hold them: two trainings side by side fit in memory
    at = 0
    for part in parts:
        patches = part["X"]
        if not at:
            joined["X"] = np.empty((len(joined["Y"]), *patches.shape[1:]), patches.dtype)
        joined["X"][at : at + len(patches)] = patches
        at += len(patches)
        del patches
    return joined


def _held_back(seed: np.ndarray) -> np.ndarray:
    """Which marks `--validate` holds back: a quarter of the photos. Pages cycle by seed (six
    of them), so blocks of six are held back whole and each side has every page."""
    return (seed // 6) % 4 == 3


def train(data: list[Path], validate: bool, out: Path, epochs: int, seed: int) -> None:
    import torch

    torch.manual_seed(seed)
    torch.use_deterministic_algorithms(True)
    rng = np.random.default_rng(seed)
    d = _load(data)
    X, S, Y = d["X"], d["S"], d["Y"].astype(np.float32)
    held = _held_back(d["seed"]) if validate else np.zeros(len(Y), bool)
    fit = np.flatnonzero(~held)
    net = _net(S.shape[1])
    opt = torch.optim.AdamW(net.parameters(), 2e-3, weight_decay=1e-4)
    St, Yt = torch.from_numpy(S), torch.from_numpy(Y)
    batch = 128
    sched = torch.optim.lr_scheduler.OneCycleLR(
        opt, 3e-3, total_steps=epochs * (len(fit) // batch + 1)
    )
    loss = torch.nn.BCEWithLogitsLoss()
    for epoch in range(epochs):
        net.train()
        order = fit[rng.permutation(len(fit))]
        total = 0.0
        for i in range(0, len(order), batch):
            j = np.sort(order[i : i + batch])
            x = torch.from_numpy(X[j].astype(np.float32))
            # a mark's fill means the same mirrored: flips add variety, not noise
            if rng.random() < 0.5:
                x = x.flip(3)
            if rng.random() < 0.5:
                x = x.flip(2)
            jt = torch.from_numpy(j)
            step = loss(net(x, St[jt]), Yt[jt])
            opt.zero_grad()
            step.backward()
            opt.step()
            sched.step()
            total += float(step.detach()) * len(j)
        print(f"epoch {epoch}: loss {total / len(fit):.4f}", file=sys.stderr, flush=True)
    weights = {
        name.replace("c.", "c").replace("f.", "f"): t.detach().numpy().astype(np.float32)
        for name, t in net.state_dict().items()
    }
    # the pages it may look at: those it was trained on (`judge.knows`)
    weights["pages"] = np.unique(d["layout"][fit])
    if validate:
        net.eval()
        h = np.flatnonzero(held)
        with torch.no_grad():
            p = np.concatenate(
                [
                    torch.sigmoid(
                        net(torch.from_numpy(X[k].astype(np.float32)), torch.from_numpy(S[k]))
                    ).numpy()
                    for k in np.array_split(h, max(1, len(h) // 4096))
                ]
            )
        report(p, Y[held].astype(bool), d["filled"][held], d["confidence"][held], d["kind"][held])
        np.save(out.with_suffix(".validation.npy"), p)
    np.savez(out, **weights)


def pack(nets: list[Path], out: Path) -> None:
    """Trained networks as the one file the package carries: each one's weights under its
    letter (the first decides, the others vote where it doubts: `judge.probability`; a
    reading stands only where every one holds it: `judge.steady`), and the pages every one
    of them was trained on."""
    weights: dict[str, np.ndarray] = {}
    pages: set[str] | None = None
    for letter, path in zip("abcdefgh", nets, strict=False):
        with np.load(path) as net:
            for name in net.files:
                if name != "pages":
                    weights[f"{letter}.{name}"] = net[name]
            known = set(net["pages"].tolist())
            pages = known if pages is None else pages & known
    weights["pages"] = np.array(sorted(pages or ()))
    np.savez(out, **weights)


def measure(weights: Path, data: list[Path]) -> None:
    """A packed pair's final readings (`judge.verdicts`, as `read` decides) on the quarter
    `--validate` held back, from `build` outputs: no photo made again. A page with
    `read.MOST_DOUBTS` marks or more in doubt is left out, as `read` refuses it."""
    from sheetsmith.photo import judge as J
    from sheetsmith.photo.read import MOST_DOUBTS

    with weights.open("rb") as handle:
        carried = J.read_weights(handle)
    J._weights = lambda: carried  # type: ignore[method-assign]
    pages: dict[int, list[tuple[bool, bool]]] = {}
    for path in data:
        with np.load(path) as d:
            seed = d["seed"]
            held = np.flatnonzero(_held_back(seed))
            for k in np.array_split(held, max(1, len(held) // 20000)):
                X, S = d["X"][k].astype(np.float32), d["S"][k]
                # without the page's strokes nor its marks' groups (the data keep neither,
                # and the chunks cut pages): `burnt.lost`, `judge.standout` and
                # `leftover` (one page's boxes) are not applied, and the figures leave out
                # what they flag
                filled, sure = J.verdicts(X, S, d["filled"][k].astype(bool), d["confidence"][k])
                flagged = np.array(sure) < J.SURE
                wrong = filled != d["Y"][k].astype(bool)
                for i, mark in enumerate(k):
                    pages.setdefault(int(seed[mark]), []).append((bool(flagged[i]), bool(wrong[i])))
    kept = {s: rows for s, rows in pages.items() if sum(f for f, _ in rows) < MOST_DOUBTS}
    rows = [row for page in kept.values() for row in page]
    flags = sum(f for f, _ in rows)
    silent = [s for s, page in kept.items() for f, w in page if w and not f]
    right = sum(not f and not w for f, w in rows)
    print(
        f"{len(pages)} pages, {len(pages) - len(kept)} left out as unclear; {len(rows)} marks: "
        f"right without a flag {right / len(rows):.3%}, flagged {flags / len(rows):.3%}, "
        f"wrong without a flag {len(silent)} (seeds {sorted(silent)})"
    )


def report(p, truth, filled, confidence, kind) -> None:  # type: ignore[no-untyped-def]
    reader_flag = confidence < 0.8
    wrong = filled != truth
    print(
        f"{len(truth)} marks; the reader: {wrong.sum()} wrong, {reader_flag.mean():.2%} "
        f"flagged, {(wrong & ~reader_flag).sum()} wrong without a flag"
    )
    says = p >= 0.5
    sure = np.maximum(p, 1 - p)
    net_wrong = says != truth
    print(f"the network alone: {net_wrong.sum()} wrong")
    for k in ("point", "box", "circle", "square"):
        m = kind == k
        print(f"  {k}: {m.sum()} marks; wrong: reader {wrong[m].sum()}, net {net_wrong[m].sum()}")
    for t in (0.99, 0.995, 0.998, 0.999, 0.9995):
        settle = reader_flag & (sure >= t)
        final = np.where(settle, says, filled)
        flag = reader_flag & ~settle
        bad = final != truth
        print(
            f"  settles the reader's flags at {t}: {flag.mean():.2%} flagged, "
            f"{(bad & ~flag).sum()} wrong without a flag"
        )
        flag = (sure < t) | ((says != filled) & ~reader_flag)
        print(
            f"  decides all, flags unsure or against a sure reader, at {t}: {flag.mean():.2%} "
            f"flagged, {(net_wrong & ~flag).sum()} wrong without a flag"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    b = sub.add_parser("build")
    b.add_argument("data", type=Path)
    b.add_argument("--first", type=int, default=0)
    b.add_argument("--last", type=int, default=999)
    b.add_argument(
        "--as-read",
        action="store_true",
        help="decode each photo as `sheetsmith read` loads a file (Pillow, shrunk to 2400 px)",
    )
    t = sub.add_parser("train")
    t.add_argument("data", type=Path, nargs="+")
    t.add_argument("--validate", action="store_true")
    t.add_argument("--seed", type=int, default=0)
    t.add_argument("--out", type=Path, required=True)
    t.add_argument("--epochs", type=int, default=12)
    k = sub.add_parser("pack")
    k.add_argument("nets", type=Path, nargs="+")
    k.add_argument("--out", type=Path, default=WEIGHTS)
    m = sub.add_parser("measure")
    m.add_argument("weights", type=Path)
    m.add_argument("data", type=Path, nargs="+")
    lines.add_options(m)
    args = parser.parse_args()
    if args.command == "build":
        build(args.data, args.first, args.last, args.as_read)
    elif args.command == "pack":
        pack(args.nets, args.out)
    elif args.command == "measure":
        lines.apply(args)
        measure(args.weights, args.data)
    else:
        train(args.data, args.validate, args.out, args.epochs, args.seed)


if __name__ == "__main__":
    main()
