"""The lock files pin what pyproject.toml asks for, so the set-up scripts install what it names."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parent.parent


def pins(lock: str) -> dict[str, str]:
    """Package name to pinned version, from a hashed lock file."""
    text = (ROOT / "requirements" / lock).read_text(encoding="utf-8")
    found = re.findall(r"^([A-Za-z0-9._-]+)==([^\s;\\]+)", text, flags=re.MULTILINE)
    return {canonicalize_name(name): version for name, version in found}


def wanted(*extras: str) -> list[Requirement]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    names = list(project["dependencies"])
    for extra in extras:
        names += project["optional-dependencies"][extra]
    build = (ROOT / "requirements" / "build.in").read_text(encoding="utf-8")
    names += [line for line in build.splitlines() if line and not line.startswith("#")]
    return [Requirement(name) for name in names]


@pytest.mark.parametrize(("lock", "extras"), [("run.lock", ()), ("test.lock", ("test",))])
def test_every_requirement_is_pinned_within_its_range(lock: str, extras: tuple[str, ...]) -> None:
    pinned = pins(lock)
    for requirement in wanted(*extras):
        name = canonicalize_name(requirement.name)
        assert name in pinned, f"{lock} does not pin {name}: run sh scripts/lock"
        assert requirement.specifier.contains(pinned[name], prereleases=True), (
            f"{lock} pins {name}=={pinned[name]}, outside {requirement.specifier}"
        )


def test_every_pin_carries_a_hash() -> None:
    for lock in ("run.lock", "test.lock"):
        text = (ROOT / "requirements" / lock).read_text(encoding="utf-8")
        for block in re.split(r"\n(?=[A-Za-z0-9])", text.split("\n", 2)[2]):
            if "==" in block:
                assert "--hash=sha256:" in block, f"{lock}: {block.splitlines()[0]}"


@pytest.mark.parametrize("lock", ["run.lock", "test.lock"])
def test_postgresql_is_reached_through_the_c_driver_of_the_same_version(lock: str) -> None:
    """psycopg's compiled driver (``psycopg-binary``, through psycopg's ``binary`` extra, which
    asks for the same version) is pinned and hashed beside psycopg."""
    pinned = pins(lock)
    assert pinned.get("psycopg-binary") == pinned["psycopg"], f"{lock}: run sh scripts/lock"
    text = (ROOT / "requirements" / lock).read_text(encoding="utf-8")
    block = text.split("\npsycopg-binary==", 1)[1].split("\n#", 1)[0].split("\n    # via")[0]
    assert block.count("--hash=sha256:") > 1
