"""A tournament's structure: its levels, breaks and color-ups, the buy-in and starting
stack, the chips, the table size and the rulebook, read from a YAML file.

Levels raise the blinds at scheduled intervals (RRoP §15 rule 6); a color-up
removes the lowest chips at a break once the blinds no longer need them (RRoP
§15 rule 8, TDA 24). The file is checked whole on loading, and every mistake
is one line naming the file, the line and the field, as a rulebook's are::

    structure: daily
    title: Daily No-Limit Hold'em
    game: holdem
    betting: no-limit
    rulebook: tda-2024
    buy_in: 100
    starting_stack: 20000
    chips: [25, 100, 500, 1000, 5000]
    table_seats: 9
    levels:
      - {blinds: [100, 200], minutes: 20}
      - {blinds: [100, 200], big_blind_ante: 200, minutes: 20}
      - {break: 10, color_up: [25]}
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cached_property
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Discriminator,
    Field,
    Tag,
    ValidationError,
    model_validator,
)

from floorman._resources import rulebook_dir
from floorman.errors import FloormanError, shown
from floorman.inputfile import read_input

__all__ = [
    "RULEBOOKS",
    "Break",
    "Level",
    "Structure",
    "StructureError",
    "load_structure",
    "shipped_structures",
    "structure_json_schema",
    "structures_dir",
]

RULEBOOKS = ("tda-2024", "rrop", "wsop-2024")
"""The rulebooks whose tournament rules floorman knows: seating, balancing, breaking."""

GAMES = Literal["holdem", "omaha", "omaha-hilo", "stud", "razz", "stud-hilo", "mixed"]
BETTING = Literal["no-limit", "pot-limit", "limit"]


Chips = Annotated[int, Field(strict=True, ge=0)]
Positive = Annotated[int, Field(strict=True, gt=0)]


class StructureError(FloormanError):
    """A structure file that cannot be used; names the file, the line and the field."""


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Level(_Strict):
    """One level: the blinds, an ante or a big blind ante, the limits of a limit game,
    and how long it lasts."""

    blinds: tuple[Chips, Positive]
    ante: Annotated[int, Field(strict=True, ge=0)] = 0
    """Each player's ante."""
    big_blind_ante: Annotated[int, Field(strict=True, ge=0)] = 0
    """One ante for the table, posted by the big blind."""
    limits: tuple[Positive, Positive] | None = None
    """The small and big bet of a limit game."""
    minutes: Annotated[int, Field(strict=True, gt=0, le=24 * 60)]

    @model_validator(mode="after")
    def _sensible(self) -> Level:
        small, big = self.blinds
        if small > big:
            raise ValueError(f"the small blind {small} is above the big blind {big}")
        if self.ante and self.big_blind_ante:
            raise ValueError("an ante or a big blind ante, not both")
        if self.limits is not None and self.limits[0] > self.limits[1]:
            raise ValueError(f"the small bet {self.limits[0]} is above the big bet")
        return self

    def amounts(self) -> list[int]:
        """Every amount a player posts or bets at this level."""
        amounts = [*self.blinds, self.ante, self.big_blind_ante, *(self.limits or ())]
        return [a for a in amounts if a]

    def describe(self) -> str:
        """``blinds 100/200, big blind ante 200, 20 minutes``."""
        text = f"blinds {self.blinds[0]}/{self.blinds[1]}"
        if self.ante:
            text += f", ante {self.ante}"
        if self.big_blind_ante:
            text += f", big blind ante {self.big_blind_ante}"
        if self.limits is not None:
            text += f", limits {self.limits[0]}/{self.limits[1]}"
        return f"{text}, {self.minutes} minutes"


class Break(_Strict):
    """A break of so many minutes, and the chips colored up during it."""

    model_config = ConfigDict(populate_by_name=True)

    minutes: Annotated[int, Field(strict=True, gt=0, le=24 * 60, alias="break")]
    color_up: tuple[Annotated[int, Field(strict=True, gt=0)], ...] = ()
    """The chips taken out of play at this break (RRoP §15 rule 8, TDA 24)."""

    def describe(self) -> str:
        chips = ", ".join(str(c) for c in self.color_up)
        return f"break, {self.minutes} minutes" + (f", color up the {chips} chips" if chips else "")


def _kind(item: Any) -> str:
    return "break" if isinstance(item, Mapping) and "break" in item else "level"


Stage = Annotated[
    Annotated[Level, Tag("level")] | Annotated[Break, Tag("break")], Discriminator(_kind)
]


class Structure(_Strict):
    """A whole tournament structure as a file gives it."""

    structure: Annotated[str, Field(min_length=1, max_length=60, pattern=r"^[a-z0-9][a-z0-9-]*$")]
    title: Annotated[str, Field(min_length=1, max_length=120)]
    game: GAMES = "holdem"
    """The game: a flop game, a stud-only game (stud, razz, stud-hilo: balanced by position,
    TDA 11-A) or ``mixed`` (a rotation: the frozen button, TDA 11-B)."""
    betting: BETTING = "no-limit"
    rulebook: Literal["tda-2024", "rrop", "wsop-2024"] = "tda-2024"
    buy_in: Annotated[int, Field(strict=True, ge=0)] = 0
    fee: Annotated[int, Field(strict=True, ge=0)] = 0
    starting_stack: Annotated[int, Field(strict=True, gt=0, le=10**12)]
    chips: tuple[Annotated[int, Field(strict=True, gt=0)], ...]
    """The denominations in play at the start, smallest first."""
    table_seats: Annotated[int, Field(strict=True, ge=2, le=10)] = 9
    balance_within: Annotated[int, Field(strict=True, ge=1, le=3)] | None = None
    """House option: keep tables within this many players of each other. Unset, the
    rulebook's: RRoP §15 rule 16 (two with more than six tables, else one), WSOP 67-c
    (one); the TDA leaves it to the TD (TDA 11-D), and floorman keeps one."""
    break_order: Literal["highest-first", "lowest-first"] | tuple[int, ...] = "highest-first"
    """House option: the pre-set order tables break in (RRoP §15 rule 12, WSOP 66)."""
    final_table: Annotated[int, Field(strict=True, ge=2, le=11)] | None = None
    """House option: the players the final table combines at. Unset, the rulebook's: WSOP
    68, one more than the tables seat in 6- to 9-handed events (10 at 9-handed); TDA and
    RRoP are silent, and floorman combines when the players fit at one table."""
    stud_mover: Literal["same-seat", "high-card"] = "same-seat"
    """House option for stud-only games: who leaves the donor table to balance (TDA 11-A
    says the last open seat is filled, not who fills it): the player in the same seat
    number (the next seat clockwise if empty), or a high card drawn at the table. Under
    WSOP the high card always (WSOP 67-b-a)."""
    reentry_forfeit: bool | None = None
    """House option: a player may forfeit the chips in play and re-enter (TDA 8-B: "if a
    player is permitted"; WSOP T 13: at the end of registration). Unset: not under TDA
    and RRoP (TDA 8-B leaves it to the event, RRoP is silent), as WSOP T 13 under WSOP."""
    levels: Annotated[tuple[Stage, ...], Field(min_length=1)]

    @model_validator(mode="after")
    def _consistent(self) -> Structure:
        if list(self.chips) != sorted(set(self.chips)) or not self.chips:
            raise ValueError("chips: each denomination once, smallest first")
        if self.starting_stack % self.chips[0]:
            raise ValueError(
                f"the starting stack {self.starting_stack} is not made of {self.chips[0]} chips"
            )
        if isinstance(self.break_order, tuple) and len(set(self.break_order)) != len(
            self.break_order
        ):
            raise ValueError("break_order: each table once")
        if not any(isinstance(stage, Level) for stage in self.levels):
            raise ValueError("levels: at least one level")
        chips = set(self.chips)
        for index, stage in enumerate(self.levels):
            if isinstance(stage, Break):
                gone = [c for c in stage.color_up if c not in chips]
                if gone:
                    raise ValueError(f"levels[{index}]: the {gone[0]} chip is not in play then")
                chips -= set(stage.color_up)
                if not chips:
                    raise ValueError(f"levels[{index}]: the color-up leaves no chip in play")
                continue
            smallest = min(chips)
            odd = [a for a in stage.amounts() if a % smallest]
            if odd:
                raise ValueError(
                    f"levels[{index}]: {odd[0]} cannot be made of the chips in play"
                    f" (the smallest is {smallest})"
                )
        return self

    @cached_property
    def level_list(self) -> list[Level]:
        """The levels alone, in order; level 1 is the first."""
        return [s for s in self.levels if isinstance(s, Level)]

    def level(self, number: int) -> Level:
        """Level ``number`` (from 1); past the last, the last."""
        levels = self.level_list
        return levels[min(max(number, 1), len(levels)) - 1]


def structure_json_schema() -> dict[str, Any]:
    """The JSON Schema of a structure file, for editors to check and complete."""
    schema = Structure.model_json_schema(by_alias=True)
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "floorman tournament structure"
    return schema


def structures_dir() -> Path:
    """The folder of the shipped structures."""
    return rulebook_dir() / "structures"


def shipped_structures() -> list[str]:
    """The names of the shipped structures."""
    return [p.stem for p in sorted(structures_dir().glob("*.yaml"))]


def load_structure(name_or_file: str | None) -> Structure:
    """A shipped structure by name, or a structure file; default: the shipped ``daily``."""
    text_name = name_or_file or "daily"
    shipped = structures_dir() / f"{text_name}.yaml"
    path = shipped if "/" not in text_name and shipped.is_file() else Path(text_name)
    if not path.is_file() and path != shipped and not path.suffix:
        known = ", ".join(shipped_structures())
        raise StructureError(f'structure "{shown(text_name)}": no such file or shipped {known}')
    try:
        text = read_input(path)
    except FloormanError as error:
        raise StructureError(str(error)) from None
    return parse_structure(text, str(path))


def parse_structure(text: str, where: str) -> Structure:
    """The structure a YAML ``text`` gives; every mistake one line naming ``where``."""
    import yaml

    from floorman.rules.loader import _line_of, _message, _path_text, strict_yaml_loader
    from floorman.strictdata import NestingError, yaml_problem

    try:
        data = yaml.load(text, Loader=strict_yaml_loader())
    except yaml.YAMLError as error:
        line, problem = yaml_problem(error, text)
        at = f":{line}" if line is not None else ""
        raise StructureError(f"{where}{at}: not valid YAML: {problem}") from None
    except (NestingError, ValueError, RecursionError) as error:
        raise StructureError(f"{where}: not valid YAML: {error}") from None
    if not isinstance(data, dict):
        raise StructureError(f"{where}:1: a structure file is a mapping (structure:, levels:, ...)")
    try:
        return Structure.model_validate(data)
    except ValidationError as error:
        first = error.errors()[0]
        loc = _clean(first["loc"])
        message = _message(first)
        stage = re.match(r"levels\[(\d+)\]: ", message)
        if not loc and stage is not None:
            loc, message = ["levels", int(stage[1])], message[stage.end() :]
        line = _line_of(text, loc)
        field = f"{_path_text(loc)}: " if loc else ""
        raise StructureError(f"{where}:{line}: {field}{message}") from None


def _clean(loc: tuple[int | str, ...]) -> list[int | str]:
    """The field's place without the stage kind pydantic inserts after a level's index."""
    parts: list[int | str] = []
    for part in loc:
        if parts and isinstance(parts[-1], int) and part in ("level", "break"):
            continue
        parts.append(part)
    return parts
