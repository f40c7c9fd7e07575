"""Where recorded hands, drill scores and the card room's staff are kept: an append-only
store behind a small interface (:mod:`floorman.store.hands`), the SQLite file it lives
in, trainees' scores beside the hands (:mod:`floorman.store.drills`), and the staff who
may use the card room server (:mod:`floorman.store.staff`) with their password hashes
(:mod:`floorman.store.passwords`)."""
