"""A photo file to pixels: what phones give (JPEG with its EXIF rotation, PNG, WebP, HEIC
when pillow-heif is installed), as an 8-bit BGR array for OpenCV, scaled down when huge.

Anything else is refused before it is decoded, with what to do instead.
"""

from __future__ import annotations

import os
import stat
import warnings
from pathlib import Path

import numpy as np
from PIL import Image, ImageOps, UnidentifiedImageError

from sheetsmith.photo import PHOTO_SUFFIXES, is_photo_bytes
from sheetsmith.photo.errors import UnreadableFile

# The longest side kept. A 12 MP phone photo is 4000 px; 2400 px still gives the page 6 px
# per mm or more when it fills half the frame, twice what the rectified page uses, and
# decodes and searches in a third of the time. JPEGs are decoded straight at that size.
MAX_SIDE = 2400
# Refused before decoding: a 20000 x 20000 "photo" would take gigabytes of memory
MAX_PIXELS = 120_000_000
# 16- and 32-bit images (some PNGs) take 2-4 bytes a pixel, twice over while converted: no
# phone gives them, so a smaller limit keeps a small file from taking gigabytes
MAX_DEEP_PIXELS = 30_000_000
_HEIC = (".heic", ".heif")
_FORMATS = {"JPEG", "PNG", "WEBP", "MPO", "HEIF"}  # MPO: some cameras' JPEG with a depth map


def _heic_opener() -> bool:
    try:
        from pillow_heif import register_heif_opener
    except ImportError:
        return False
    register_heif_opener()
    return True


def load_image(path: Path | str, name: str | None = None) -> np.ndarray:
    """The photo at `path` as a BGR array, upright, its longest side at most `MAX_SIDE`."""
    path = Path(path)
    shown = name or str(path)
    suffix = path.suffix.lower()
    if str(path) == "-":  # `check -` reads a typed sheet from standard input; photos are files
        raise UnreadableFile("photos are read from files: give the photo's path", shown)
    status = _status(path, shown)
    if status is not None and stat.S_ISDIR(status.st_mode):
        raise UnreadableFile("a folder, not a photo: give the photos in it", shown)
    regular = status is not None and stat.S_ISREG(status.st_mode)  # a FIFO is never opened
    if suffix not in PHOTO_SUFFIXES and not (regular and is_photo_bytes(_head(path))):
        raise UnreadableFile(
            f"not a photo sheetsmith reads ({suffix or 'no extension'}): give a JPEG, PNG,"
            " WebP or HEIC photo of the page",
            shown,
        )
    if suffix in _HEIC and not _heic_opener():
        raise UnreadableFile(
            "HEIC photos need the pillow-heif package (pip install pillow-heif);"
            " or save the photo as JPEG (on an iPhone: Settings > Camera > Formats > Most"
            " Compatible)",
            shown,
        )
    if status is None or not stat.S_ISREG(status.st_mode):
        if status is None:
            raise UnreadableFile("no such file", shown)
        kind = "a named pipe" if stat.S_ISFIFO(status.st_mode) else "a device or a socket"
        raise UnreadableFile(f"{kind}, not a file: give the photo's own file", shown)
    if status.st_size == 0:  # a copy or a download that did not finish
        raise UnreadableFile("the file is empty: copy or export the photo again", shown)
    Image.MAX_IMAGE_PIXELS = MAX_PIXELS  # over it Pillow raises DecompressionBombError
    if suffix not in _HEIC and _head(path)[4:8] == b"ftyp":  # an iPhone photo renamed .jpg
        _heic_opener()
    try:
        image = _decoded(path, shown)
    except UnreadableFile:
        raise
    except (
        UnidentifiedImageError,
        Image.DecompressionBombError,
        OSError,
        ValueError,
        MemoryError,
    ) as exc:
        if isinstance(exc, MemoryError):  # a large PNG on a machine short of memory
            why = (
                "too large for the memory this computer has free: export it smaller, as a"
                " JPEG (12 megapixels is plenty), or close other programs and try again"
            )
        elif isinstance(exc, Image.DecompressionBombError):
            why = (
                f"too large to read (over {MAX_PIXELS // 1_000_000} megapixels, or"
                f" {MAX_DEEP_PIXELS // 1_000_000} at 16 bits a channel): export it smaller, as"
                " a JPEG; 12 megapixels is plenty"
            )
        elif isinstance(exc, UnidentifiedImageError):
            why = (
                "not an image (its bytes are no photo format): give the photo itself, a"
                " JPEG, PNG, WebP or HEIC file"
            )
        elif isinstance(exc, PermissionError):
            why = "cannot open it: permission denied"
        else:
            why = "cannot read it as an image (damaged): take or export the photo again"
        raise UnreadableFile(why, shown) from None
    if max(image.size) > MAX_SIDE:
        image = image.resize(_fitted(image.size, MAX_SIDE), Image.Resampling.BILINEAR)
    rgb = np.asarray(image)
    return np.ascontiguousarray(rgb[:, :, ::-1])


def _decoded(path: Path, shown: str) -> Image.Image:
    """The photo decoded, upright, 8-bit RGB. Pillow's warnings (a large image, odd EXIF)
    are not for the player: the photo is read, or refused with a message of our own."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with Image.open(path) as opened:
            if opened.format not in _FORMATS:
                article = "an" if opened.format[:1] in "AEFHILMNORSX" else "a"
                raise UnreadableFile(
                    f"{article} {opened.format} image: save the photo as JPEG or PNG", shown
                )
            # Pillow refuses only at twice its limit (it warns between): said here, from
            # the header alone, before anything is decoded
            deep = opened.mode.startswith(("I", "F"))
            if opened.size[0] * opened.size[1] > (MAX_DEEP_PIXELS if deep else MAX_PIXELS):
                raise Image.DecompressionBombError(opened.size)
            if opened.format in ("JPEG", "MPO"):
                # decode at a power-of-two fraction no smaller than MAX_SIDE: 4x faster
                opened.draft("RGB", _fitted(opened.size, MAX_SIDE))
            upright = ImageOps.exif_transpose(opened)
            return _eight_bit(upright).convert("RGB")


def _status(path: Path, shown: str) -> os.stat_result | None:
    """The file's status, None if there is no such file; refused if it cannot be looked at."""
    try:
        return path.stat()
    except (FileNotFoundError, NotADirectoryError):
        return None
    except OSError as exc:  # a name too long, a folder that cannot be entered
        raise UnreadableFile(
            f"cannot open it: {(exc.strerror or str(exc)).lower()}", shown
        ) from None


def _head(path: Path) -> bytes:
    """The file's first 12 bytes, where its format shows whatever its name says."""
    try:
        with path.open("rb") as file:
            return file.read(12)
    except OSError:
        return b""


def _eight_bit(image: Image.Image) -> Image.Image:
    """A 16- or 32-bit grey image (some PNGs) as 8-bit grey: Pillow's own conversion to
    RGB clips it to white."""
    if not image.mode.startswith("I"):
        return image
    values = np.asarray(image)
    scale = np.float32(255.0 / (65535.0 if values.max() > 255 else 255.0))
    grey = np.empty(values.shape, np.uint8)
    for top in range(0, values.shape[0], 512):  # in bands: no float copy of the whole image
        band = values[top : top + 512].astype(np.float32) * scale
        grey[top : top + 512] = np.clip(band, 0, 255)
    return Image.fromarray(grey, "L")


def _fitted(size: tuple[int, int], longest: int) -> tuple[int, int]:
    width, height = size
    scale = min(1.0, longest / max(width, height))
    return max(1, round(width * scale)), max(1, round(height * scale))
