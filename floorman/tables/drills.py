"""Trainees' drill progress as a trainer reads it: by topic, with each trainee's total.

``floorman drill stats`` prints it and the server answers it, in one shape.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from floorman.drills.scoring import percent
from floorman.errors import FloormanError

if TYPE_CHECKING:
    from floorman.store.drills import DrillStore, Progress

__all__ = ["progress", "stats_json", "with_totals"]


def progress(store: DrillStore, trainee: str | None) -> tuple[list[Progress], list[Progress]]:
    """Each trainee's progress by topic, and each trainee's total (the one trainee's when
    named); a trainee with no scores is refused, naming those who have some."""
    rows = store.progress(trainee)
    totals = store.progress(trainee, by_topic=False)
    if trainee is not None and not rows:
        known = store.trainees()
        who = ", ".join(known) if known else "none yet"
        raise FloormanError(f'no drill scores for trainee "{trainee}" (trainees: {who})')
    return rows, totals


def with_totals(rows: list[Progress], totals: list[Progress]) -> list[Progress]:
    """Each trainee's topics, then (with more than one topic) the trainee's total."""
    out: list[Progress] = []
    for total in totals:
        mine = [row for row in rows if row.trainee == total.trainee]
        out.extend(mine)
        if len(mine) > 1:
            out.append(total)
    return out


def stats_json(rows: list[Progress], totals: list[Progress]) -> dict[str, object]:
    """Every trainee's progress as ``drill stats --json`` prints it (the server answers it too)."""
    trainees: dict[str, object] = {}
    for total in totals:
        topics = {row.topic: _progress_json(row) for row in rows if row.trainee == total.trainee}
        trainees[total.trainee] = {**_progress_json(total), "topics": topics}
    return {"trainees": trainees}


def _progress_json(row: Progress) -> dict[str, object]:
    return {
        "sessions": row.sessions,
        "questions": row.questions,
        "correct": row.correct,
        "percent": percent(row.correct, row.questions),
        "last": row.last,
    }
