"""The set-up scripts use the active virtual environment, else the project's own .venv."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def chosen_python(cwd: Path, **env: str) -> str:
    environment = {k: v for k, v in os.environ.items() if k != "VIRTUAL_ENV"} | env
    result = subprocess.run(
        ["sh", "-c", '. scripts/python-env >/dev/null; printf %s "$PYTHON"'],
        cwd=cwd,
        env=environment,
        capture_output=True,
        text=True,
        check=True,
    )
    return result.stdout


def test_an_active_virtual_environment_is_used_as_it_is(tmp_path: Path) -> None:
    venv = tmp_path / "active"
    (venv / "bin").mkdir(parents=True)
    (venv / "bin" / "python").symlink_to(sys.executable)
    assert chosen_python(ROOT, VIRTUAL_ENV=str(venv)) == f"{venv}/bin/python"


@pytest.mark.slow
def test_without_one_the_project_venv_is_made_and_reused(tmp_path: Path) -> None:
    shutil.copytree(ROOT / "scripts", tmp_path / "scripts")
    python_dir = Path(sys.executable).parent
    first = chosen_python(tmp_path, PATH=f"{python_dir}:{os.environ['PATH']}")
    assert first == f"{tmp_path}/.venv/bin/python"
    made = (tmp_path / ".venv" / "pyvenv.cfg").stat().st_mtime_ns
    assert chosen_python(tmp_path) == first
    assert (tmp_path / ".venv" / "pyvenv.cfg").stat().st_mtime_ns == made


def test_every_lock_the_scripts_name_exists() -> None:
    for script in ("demo", "test"):
        text = (ROOT / "scripts" / script).read_text(encoding="utf-8")
        named = [w.rstrip(".,") for w in text.split() if w.startswith("requirements/")]
        assert named, script
        assert all((ROOT / word).is_file() for word in named)
