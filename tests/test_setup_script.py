"""`make` checks the Python first and rebuilds a .venv another Python made (scripts/venv.sh)."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

SCRIPT = Path(__file__).resolve().parent.parent / "scripts" / "venv.sh"


def fake_python(folder: Path, version: str) -> Path:
    """A stand-in interpreter that answers the script's questions as Python `version` would,
    and makes a venv by writing its bin/python."""
    major, minor = (int(n) for n in version.split(".")[:2])
    old = (major, minor) < (3, 11)
    path = folder / f"python{version}"
    path.write_text(
        "#!/bin/sh\n"
        'case "$2" in\n'
        f"  *'%d.%d'*) echo {major}.{minor} ;;\n"
        f"  *'< (3, 11)'*) exit {1 if old else 0} ;;\n"
        f"  *realpath*) echo {path} {version} ;;\n"
        "esac\n"
        'if [ "$1" = "-m" ] && [ "$2" = "venv" ]; then\n'
        '  mkdir -p "$3/bin" && printf "#!/bin/sh\\n" > "$3/bin/python"\n'
        '  chmod +x "$3/bin/python"\n'
        "fi\n"
    )
    path.chmod(0o755)
    return path


def run(python: Path | str, venv: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHON": str(python), "VENV": str(venv)}
    return subprocess.run(["sh", str(SCRIPT)], env=env, capture_output=True, text=True)


def test_a_python_older_than_3_11_is_named_before_any_work(tmp_path):
    result = run(fake_python(tmp_path, "3.10.13"), tmp_path / ".venv")
    assert result.returncode == 1
    assert f"sheetsmith needs Python 3.11 or newer; {tmp_path}/python3.10.13 is 3.10." in (
        result.stderr
    )
    assert "make demo PYTHON=python3.11" in result.stderr
    assert not (tmp_path / ".venv").exists()


def test_a_missing_python_is_named(tmp_path):
    result = run("python2.0-nowhere", tmp_path / ".venv")
    assert result.returncode == 1 and "'python2.0-nowhere' was not found" in result.stderr


def test_a_venv_made_by_another_python_is_rebuilt(tmp_path):
    venv = tmp_path / ".venv"
    (venv / "bin").mkdir(parents=True)
    (venv / "leftover").write_text("from a failed 3.10 attempt")
    (venv / ".python").write_text("/usr/bin/python3.10 3.10.13\n")
    python = fake_python(tmp_path, "3.12.1")
    result = run(python, venv)
    assert result.returncode == 0, result.stderr
    assert "Rebuilding" in result.stderr
    assert not (venv / "leftover").exists()
    assert (venv / ".python").read_text().strip() == f"{python} 3.12.1"
    again = run(python, venv)  # the same Python: nothing to do
    assert again.returncode == 0 and again.stderr == ""
