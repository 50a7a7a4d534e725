"""Temporary files that renders killed outright (SIGKILL, a power cut) left beside the
files they were writing: each is named `PREFIX<pid>-....tmp` for the process that wrote it,
and is removed once that process is gone."""

from __future__ import annotations

import contextlib
import os
import stat
from pathlib import Path


def sweep(folder: Path, prefix: str) -> None:
    """Remove the temporary files that renders killed outright (SIGKILL, a power cut) left
    in `folder`: each is named for the process that wrote it, and that process is gone."""
    if os.name != "posix":  # elsewhere os.kill(pid, 0) is no question: it kills
        return
    try:
        names = os.listdir(folder)
    except OSError:
        return
    for name in names:
        pid = name[len(prefix) :].split("-", 1)[0]
        if not (name.startswith(prefix) and name.endswith(".tmp") and pid.isdigit()):
            continue
        if int(pid) == os.getpid() or _alive(int(pid)):
            continue
        with contextlib.suppress(OSError):
            if stat.S_ISREG((folder / name).lstat().st_mode):
                (folder / name).unlink()


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, OSError):
        return True  # another user's process, or a number no process can have: left alone
    return True
