"""What would read a page better, said to a player whose photo left marks uncertain.

On the tuning photos (bench/photos, seeds 0-419), a page under one photo pixel per PDF
point had 12 % of its marks flagged, against 6 % from 1.15 px up; a photo taken 30 degrees
or more from straight above, 12 % against 5 % under 20 degrees. A closer or flatter photo
is a few seconds at the table; looking at a dozen marks by hand is longer.
"""

from __future__ import annotations

# Under this many photo pixels per PDF point the page is small in the photo
SMALL_PAGE = 1.0
# A photo under this many pixels on its long side was shrunk (a phone's camera gives 3000
# or more; apps that share photos shrink them to 1600 and less)
SHRUNK_SIDE = 1600
# At this tilt (degrees from straight above) or more the far side of the page is squeezed
STEEP_TILT = 30.0
# Pencil whose clearly filled marks show lighter than this (ink added, paper 0), on a page
# spanning under LIGHT_SMALL_PAGE photo pixels per point: there a light tick or cross can
# add nothing the photo shows, and be read empty with every mark sure. Five of the eight
# marks read wrong without a flag in the latest held-out measurements (18,600 photos) lay
# on such pages (strokes 0.18-0.21, 1.13-1.34 px per point; bench/README.md, "An empty
# box holding a stroke's pencil"), about 8 % of the bench's pages: a caution, not a refusal
LIGHT_STROKES = 0.22
LIGHT_SMALL_PAGE = 1.35


def advice(
    px_per_point: float,
    tilt: float,
    uncertain: int,
    size: tuple[int, int] = (0, 0),
    clipped: int = 0,
    strokes: float = 0.0,
    covered: int = 0,
) -> list[str]:
    """What to change in the next photo of a page that left `uncertain` marks unsure
    (`size`: the photo's width and height, 0 if unknown; `clipped`: how many of them lie on
    paper the camera clipped to white, where light pencil may be gone); nothing when every
    mark was read for sure, or when the photo was not the cause, unless the pencil
    (`strokes`: how dark its clearly filled marks show, 0.0 if none or unknown) is light
    for a page this small. `covered`: how many lie under something on the page (a finger,
    a pen, a stain). (A page with many marks in doubt is refused instead:
    `photo.read.unclear`.)"""
    shrunk = 0 < max(size) < SHRUNK_SIDE
    if 0.0 < strokes < LIGHT_STROKES and 0.0 < px_per_point < LIGHT_SMALL_PAGE:
        remedy = (
            f"send it at full size ({size[0]}x{size[1]} pixels now)"
            if shrunk
            else "take it again closer, the page filling the frame"
        )
        light = [
            "the pencil is light for a page this small in the photo: a light tick or cross"
            + (
                f" can go unseen; {remedy}, and more marks read for sure"
                if uncertain
                else " can go unseen even where every mark reads sure; check what was read"
                f" against the paper, or {remedy}"
            )
        ]
    else:
        light = []
    if not uncertain:
        return light
    out = []
    if covered:
        out.append(
            f"something lies on the page over {covered} of the marks (a finger, a die, a pen or a"
            " pencil, a stain, a note): move it and take the photo again; a stain stays, so"
            " check the marks under it against the paper"
        )
    if clipped:
        out.append(
            f"the photo is overexposed around {clipped} of the marks in doubt: the paper"
            " there is pure white, and light pencil vanishes with it; take it again in softer"
            " light, or tap the page on the phone's screen so the camera exposes for the paper"
        )
    if light:  # it says what to change in the photo's size
        out.extend(light)
    elif 0.0 < px_per_point < SMALL_PAGE and shrunk:
        out.append(
            f"the photo is small ({size[0]}x{size[1]} pixels): send it at full size (apps"
            " that share photos often shrink them), and more marks read for sure"
        )
    elif 0.0 < px_per_point < SMALL_PAGE:
        out.append(
            "the page is small in this photo: take it closer, the page filling the frame,"
            " and more marks read for sure"
        )
    if tilt >= STEEP_TILT:
        out.append(
            f"the photo was taken at a slant (about {tilt:.0f} degrees): hold the phone flat,"
            " straight above the page"
        )
    return out
