"""Reading photos of finished sheets: the pages sheetsmith printed carry registration markers
and a code naming the page, and every mark a player fills lies where the page's own layout
put it. `marks` holds that geometry as plain data (no OpenCV); the reading modules beside it
find the page in a photo, rectify it and decide each mark:

- `image`: a photo file to pixels (EXIF rotation applied, huge photos scaled down);
- `locate`: the page in the pixels (ArUco markers, page code), rectified;
- `decide`: each mark filled or empty, with a confidence, against the blank page;
- `read`: the API others call, `read_page(image)` and `read_photos(paths)`;
- `game_pages`: the pages of the registry's games, and the blanks they are compared with;
- `annotate`: the rectified photo with what was read drawn over it.

This module and `marks` import nothing heavy: `check` asks `is_photo` of every argument.
"""

from __future__ import annotations

# What phones and cameras give; anything else is refused before it is opened
PHOTO_SUFFIXES = (".jpg", ".jpeg", ".jpe", ".jfif", ".png", ".webp", ".heic", ".heif")


# Other pictures: given to `check`, they go to the photo reader, which says which formats
# it reads (read as a typed sheet, a BMP would be "not UTF-8 text")
IMAGE_SUFFIXES = (".bmp", ".gif", ".tif", ".tiff", ".avif", ".jxl", ".dng", ".raw")


def is_photo(name: str) -> bool:
    """Whether a command-line argument names a photo or picture (by its extension), not a
    sheet."""
    return name.lower().endswith(PHOTO_SUFFIXES + IMAGE_SUFFIXES)


def is_photo_bytes(head: bytes) -> bool:
    """Whether a file's first 12 bytes begin a JPEG, PNG, WebP or ISO media (HEIC) file:
    a photo saved without its extension, or given where a typed sheet goes."""
    return (
        head.startswith((b"\xff\xd8\xff", b"\x89PNG\r\n\x1a\n"))
        or (head[:4] == b"RIFF" and head[8:12] == b"WEBP")
        or head[4:8] == b"ftyp"
    )
