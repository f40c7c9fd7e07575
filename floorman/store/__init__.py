"""Where recorded hands and drill scores are kept: an append-only store behind a small
interface (:mod:`floorman.store.hands`), the SQLite file it lives in, and trainees'
scores beside the hands (:mod:`floorman.store.drills`)."""
