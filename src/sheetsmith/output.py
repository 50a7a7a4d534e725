"""Every file sheetsmith writes goes through an `Output`: inside its root, atomic, and never
over a file it did not write unless asked.

- A path is relative, made of plain names (no `..`, no absolute part), and no folder or file
  on the way is a symbolic link: nothing resolves outside the root.
- A file is written to a temporary file in its own folder, flushed to disk, then renamed
  into place: a killed render, a full disk or two renders at once leave either the old file
  or a complete new one, never a truncated or spliced one.
- The root keeps a manifest (`.sheetsmith.json`) of what sheetsmith wrote there and the
  SHA-256 of each file. A file that is not in it, or has changed since, is someone else's:
  it is replaced only with `force`. A root without a manifest (`new-sheet --out`) never
  replaces anything without `force`.

What a render is asked to do and what it wrote are in `render_options`; the temporary
files of renders killed outright are swept by `leftovers`.
"""

from __future__ import annotations

import contextlib
import fnmatch
import hashlib
import json
import os
import stat
import tempfile
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import BinaryIO

from sheetsmith.errors import OutputError, Problem
from sheetsmith.leftovers import sweep
from sheetsmith.signals import stop_if_asked

MANIFEST = ".sheetsmith.json"
_TEMP_PREFIX = ".sheetsmith-"
_MANIFEST_MAX_BYTES = 16_000_000  # a manifest lists a few hundred files at most


def _parts(rel: str) -> tuple[str, ...]:
    """The names in a relative path, or `OutputError` for one that could leave the root."""
    parts = tuple(rel.split("/"))
    bad = (
        not rel
        or any(p in ("", ".", "..") for p in parts)
        or any(c in rel for c in "\\\0:")
        or any(not c.isprintable() for c in rel)
    )
    if bad:
        raise OutputError(f"refusing to write {rel!r}: not a plain path inside the output folder")
    return parts


def _sha256(path: Path) -> str | None:
    """The digest of a regular file (links not followed), or None if there is none."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
    except OSError:
        return None
    with os.fdopen(fd, "rb") as handle:
        if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
            return None
        digest = hashlib.sha256()
        while chunk := handle.read(1 << 20):
            digest.update(chunk)
    return digest.hexdigest()


def _reason(exc: OSError) -> str:
    return exc.strerror or str(exc)


def _mode(path: Path, *, follow: bool) -> int:
    """The path's mode, 0 if there is nothing there (or the folder it is in is a file, said
    where that folder is made); a name too long or a folder that cannot be entered is refused."""
    try:
        return path.stat(follow_symlinks=follow).st_mode
    except (FileNotFoundError, NotADirectoryError):
        return 0
    except OSError as exc:
        raise OutputError(f"cannot write in {path}: {_reason(exc)}") from None


def _is_link(path: Path) -> bool:
    return stat.S_ISLNK(_mode(path, follow=False))


def _is_folder(path: Path) -> bool:
    return stat.S_ISDIR(_mode(path, follow=True))


def _file_mode() -> int:
    # mkstemp makes 0600 files; a written PDF should get the mode any new file would
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


class Output:
    """An output root. `manifest=False` for a single file in a user's own folder."""

    def __init__(
        self,
        root: Path,
        *,
        force: bool = False,
        manifest: bool = True,
        option: str = "--out",
    ) -> None:
        self.root = Path(root)
        self.force = force
        self.keeps_manifest = manifest
        self.option = option
        self._ready = False
        self._parsed: tuple[bytes, dict[str, str]] | None = None  # a manifest's bytes, parsed
        self._swept: set[Path] = set()  # folders already rid of dead renders' temporary files
        self._unreadable = False  # a manifest there that could not be read

    # -- where files go ------------------------------------------------------------------

    def path(self, rel: str) -> Path:
        """Where `rel` is written, as the user will read it."""
        return self.root.joinpath(*_parts(rel))

    def _make_root(self) -> None:
        if self._ready:
            return
        try:
            self.root.mkdir(parents=True, exist_ok=True)
        except FileExistsError:
            raise OutputError(f"{self.option}: {self.root} is a file, not a folder") from None
        except OSError as exc:
            raise OutputError(f"{self.option}: cannot create {self.root}: {_reason(exc)}") from None
        if not _is_folder(self.root):
            raise OutputError(f"{self.option}: {self.root} is not a folder")
        self._ready = True

    def _folder(self, parts: tuple[str, ...]) -> Path:
        """The folder for a file at `parts`, created as needed, every step a real folder."""
        self._make_root()
        folder = self.root
        for name in parts[:-1]:
            folder = folder / name
            if _is_link(folder):
                raise OutputError(
                    f"{folder} is a symbolic link: sheetsmith writes only into real folders"
                )
            try:
                folder.mkdir(exist_ok=True)
            except FileExistsError:
                raise OutputError(f"{folder} is a file, not a folder") from None
            except OSError as exc:
                raise OutputError(f"cannot create {folder}: {_reason(exc)}") from None
        if folder not in self._swept:
            self._swept.add(folder)
            sweep(folder, _TEMP_PREFIX)
        return folder

    # -- whose files they are ------------------------------------------------------------

    def _manifest_path(self) -> Path:
        return self.root / MANIFEST

    def _read_manifest(self) -> dict[str, str]:
        self._unreadable = False
        if not self.keeps_manifest:
            return {}
        path = self._manifest_path()
        if _is_link(path):
            raise OutputError(
                f"{path} is a symbolic link: sheetsmith keeps its list of written files there"
                " and does not follow links; remove it"
            )
        try:
            # non-blocking: a named pipe put there is refused, not waited on for ever
            fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        except FileNotFoundError:
            return {}
        except OSError as exc:
            raise OutputError(f"cannot read {path}: {_reason(exc)}") from None
        with os.fdopen(fd, "rb") as handle:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                raise OutputError(
                    f"{path} is not a regular file: sheetsmith keeps its list of written"
                    " files there; remove it"
                )
            try:
                raw = handle.read(_MANIFEST_MAX_BYTES + 1)
            except OSError as exc:
                raise OutputError(f"cannot read {path}: {_reason(exc)}") from None
        if self._parsed is not None and self._parsed[0] == raw:
            # the bytes this Output last read or wrote: a render writing a thousand card
            # pictures would otherwise parse and check a growing manifest a thousand times
            return dict(self._parsed[1])
        try:
            files = json.loads(raw)["files"]
        except (ValueError, KeyError, TypeError, RecursionError):
            files = None
        if not isinstance(files, dict) or len(raw) > _MANIFEST_MAX_BYTES:
            self._unreadable = True
            return {}  # unreadable: nothing is known to be ours, so nothing is replaced
        known = {}
        for rel, digest in files.items():
            with contextlib.suppress(OutputError):
                if isinstance(rel, str) and isinstance(digest, str):
                    _parts(rel)
                    known[rel] = digest
        self._parsed = (raw, known)
        return dict(known)

    def _write_manifest(self, files: dict[str, str]) -> None:
        if not self.keeps_manifest:
            return
        document = {
            "about": "Files sheetsmith wrote in this folder; it replaces only these.",
            "files": dict(sorted(files.items())),
        }
        data = (json.dumps(document, indent=1, ensure_ascii=True) + "\n").encode()
        self._replace(self._temp(self.root, lambda h: h.write(data)), self._manifest_path())
        self._parsed = (data, dict(files))

    def _refusal(self, target: Path, rel: str, known: dict[str, str]) -> str | None:
        """Why `target` may not be replaced, or None if it may."""
        try:
            mode = target.lstat().st_mode
        except (FileNotFoundError, NotADirectoryError):  # said where the folder is made
            return None
        except OSError as exc:  # a name too long, a folder that cannot be entered
            return f"cannot write {target}: {_reason(exc)}"
        if stat.S_ISLNK(mode):
            return f"{target} is a symbolic link: sheetsmith does not write through links"
        if stat.S_ISDIR(mode):
            return f"{target} is a folder"
        if not stat.S_ISREG(mode):  # a device or a pipe: --force must not put a file there
            return f"{target} is not a regular file: sheetsmith replaces only files"
        if self.force:
            return None
        if not self.keeps_manifest:
            return f"{target} exists; use --force to replace it"
        if rel in known and _sha256(target) == known[rel]:
            return None
        if self._unreadable and rel not in known:
            return (
                f"{target} exists, and the list of files sheetsmith wrote there"
                f" ({self._manifest_path()}) cannot be read; use --force to replace it"
            )
        why = "changed since sheetsmith wrote it" if rel in known else "not written by sheetsmith"
        return f"{target} exists and was {why}; use --force to replace it"

    def check(self, rels: Iterable[str]) -> None:
        """Refuse, all at once and before any work, every file that could not be written.

        The last name of a path may be a pattern with `*` (`png/deck/deck-*.png`): files
        whose names are known only once the work is done. Every file it matches now is
        checked as if it were named."""
        if not _is_folder(self.root):
            self._check(rels, {})
            return
        # under the lock: another render's commit replaces a file, then lists it
        with self._locked():
            self._check(rels, self._read_manifest())

    def _check(self, rels: Iterable[str], known: dict[str, str]) -> None:
        problems = []
        for rel in rels:
            parts = _parts(rel)
            folder = self.root
            for name in parts[:-1]:
                folder = folder / name
                if _is_link(folder):
                    problems.append(Problem(f"{folder} is a symbolic link: not written through"))
                    break
            else:
                for each in self._matching(rel, parts):
                    refusal = self._refusal(self.root.joinpath(*_parts(each)), each, known)
                    if refusal:
                        problems.append(Problem(refusal))
        if problems:
            raise OutputError(problems)

    def _matching(self, rel: str, parts: tuple[str, ...]) -> list[str]:
        """`rel` itself, or the existing names its last part matches if that is a pattern
        (our own unfinished temporary files aside)."""
        if "*" not in parts[-1]:
            return [rel]
        folder = self.root.joinpath(*parts[:-1])
        try:
            names = sorted(os.listdir(folder)) if folder.is_dir() else []
        except OSError:
            names = []
        prefix = "/".join(parts[:-1])
        return [
            f"{prefix}/{name}" if prefix else name
            for name in names
            if fnmatch.fnmatchcase(name, parts[-1]) and not name.startswith(_TEMP_PREFIX)
        ]

    # -- writing -------------------------------------------------------------------------

    def _temp(self, folder: Path, produce: Callable[[BinaryIO], object]) -> Path:
        """A complete, flushed temporary file in `folder` holding what `produce` writes."""
        try:
            fd, name = tempfile.mkstemp(
                prefix=f"{_TEMP_PREFIX}{os.getpid()}-", suffix=".tmp", dir=folder
            )
        except OSError as exc:
            raise OutputError(f"cannot write in {folder}: {_reason(exc)}") from None
        temp = Path(name)
        try:
            with os.fdopen(fd, "wb") as handle:
                produce(handle)
                handle.flush()
                os.fsync(handle.fileno())
            os.chmod(temp, _file_mode())
        except BaseException as exc:
            temp.unlink(missing_ok=True)
            if isinstance(exc, OSError):
                raise OutputError(f"cannot write in {folder}: {_reason(exc)}") from None
            raise
        return temp

    def _replace(self, temp: Path, target: Path) -> None:
        try:
            os.replace(temp, target)
        except OSError as exc:
            temp.unlink(missing_ok=True)
            raise OutputError(f"cannot write {target}: {_reason(exc)}") from None

    @contextlib.contextmanager
    def _locked(self) -> Iterator[None]:
        """Renders into one root take turns at the manifest (POSIX; elsewhere unlocked)."""
        try:
            import fcntl
        except ImportError:  # pragma: no cover - Windows
            yield
            return
        try:
            fd = os.open(self.root, os.O_RDONLY)
        except OSError as exc:
            raise OutputError(f"cannot write in {self.root}: {_reason(exc)}") from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            yield
        finally:
            os.close(fd)

    def write(self, rel: str, produce: Callable[[BinaryIO], object]) -> Path:
        """Write `rel` with what `produce(handle)` writes; return its path."""
        staged = self._stage(rel, produce)
        try:
            return self._commit(staged)
        finally:
            staged[2].unlink(missing_ok=True)

    def _stage(self, rel: str, produce: Callable[[BinaryIO], object]) -> tuple[str, Path, Path]:
        """(rel, its target, a complete temporary file beside it): all but the rename."""
        stop_if_asked()
        parts = _parts(rel)
        folder = self._folder(parts)
        return rel, folder / parts[-1], self._temp(folder, produce)

    def _commit(self, staged: tuple[str, Path, Path]) -> Path:
        rel, target, temp = staged
        stop_if_asked()
        digest = _sha256(temp) or ""
        with self._locked():
            known = self._read_manifest()
            refusal = self._refusal(target, rel, known)
            if refusal:
                raise OutputError(refusal)
            self._replace(temp, target)
            if self.keeps_manifest:
                self._write_manifest({**known, rel: digest})
        return target

    def write_bytes(self, rel: str, data: bytes) -> Path:
        return self.write(rel, lambda handle: handle.write(data))

    @staticmethod
    def write_together(files: Sequence[tuple[Output, str, bytes]]) -> list[Path]:
        """Write several files (each in its own Output) so that a folder that cannot be
        written, or a full disk, leaves none of them written: every file is complete beside
        its target before the first is renamed into place."""
        staged: list[tuple[Output, tuple[str, Path, Path]]] = []
        try:
            for output, rel, data in files:
                staged.append((output, output._stage(rel, lambda h, d=data: h.write(d))))
            return [output._commit(each) for output, each in staged]
        finally:
            for _, (_, _, temp) in staged:
                temp.unlink(missing_ok=True)

    def prune(self, keep: Iterable[str], suffix: str, match: str = "*") -> list[str]:
        """Remove the files ending in `suffix` (and matching the pattern `match`) that the
        manifest lists, `keep` does not, and nobody changed since; drop them from the
        manifest. Return the removed paths."""
        keep = set(keep)
        self._make_root()
        removed = []
        with self._locked():
            known = self._read_manifest()
            for rel in sorted(set(known) - keep):
                if not (rel.endswith(suffix) and fnmatch.fnmatchcase(rel, match)):
                    continue
                target = self.path(rel)
                # the folders below the root: the root itself may be a link (--out site,
                # a link to the web server's folder), as every write into it allows
                folders_ok = not any(
                    p.is_symlink()
                    for p in target.parents
                    if p != self.root and p.is_relative_to(self.root)
                )
                if folders_ok and not target.is_symlink() and _sha256(target) == known[rel]:
                    try:
                        target.unlink()
                    except OSError as exc:
                        raise OutputError(f"cannot remove {target}: {_reason(exc)}") from None
                    removed.append(rel)
                    self._remove_empty_folders(target.parent)
                del known[rel]
            self._write_manifest(known)
        return removed

    def _remove_empty_folders(self, folder: Path) -> None:
        while folder != self.root and folder.is_relative_to(self.root):
            try:
                folder.rmdir()
            except OSError:
                return  # not empty, or not ours to remove
            folder = folder.parent
