"""The store's schema, one numbered migration after another, for each backend.

A store records the number of the last migration it has had (SQLite's
``user_version``; the ``schema`` row of PostgreSQL's ``floorman_meta``);
opening it applies the ones after, in one transaction, and a store at a
number past the last here was made by a newer floorman and is refused.

SQLite's history, kept so a store of any age opens: 1 hands and records;
2 the open hands in their own table (finding them costs the same however
many hands are kept), floorman's mark on the file; 3 the table's log; 4 the
staff tables and the drill scores (made on first use before they were
versioned), password changes and revoked station tokens; 5 wrong sign-in tries;
6 the table's log by hand, so the next hand and a table's history read the end
of the log rather than all of it; 7 the tournaments and their logs; 8 trainees among
the users (the users' and sign-ins' tables made again with the new role allowed, their
rows kept) and the drills taken in the browser.
PostgreSQL's starts at 1 with all of SQLite's first four; 2 wrong sign-in tries;
3 the table's log by hand; 4 the tournaments (SQLite's 7); 5 every write at a table
announced to the servers listening (``NOTIFY``), whichever process or terminal made it;
6 (SQLite's 8) trainees among the users, and the drills taken in the browser: trainers'
assignments, each drill run and each answer with its time.

Every SQLite statement is safe to run again, so two processes upgrading one
file at once agree, and so does a file whose staff or drill tables were made
before they had a version. Triggers keep the records append-only on both.
"""

from __future__ import annotations

from typing import Final

__all__ = ["ANNOUNCED", "POSTGRES", "SQLITE"]

_HANDS: Final = """
CREATE TABLE IF NOT EXISTS hands (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    table_name TEXT NOT NULL,
    header     TEXT NOT NULL,
    created    TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS records (
    id      INTEGER PRIMARY KEY AUTOINCREMENT,
    hand_id INTEGER NOT NULL REFERENCES hands(id),
    kind    TEXT NOT NULL CHECK (kind IN ('event', 'retract', 'close')),
    text    TEXT,
    target  INTEGER REFERENCES records(id),
    at      TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS records_by_hand ON records(hand_id, id);
CREATE INDEX IF NOT EXISTS hands_by_table ON hands(table_name, id);
"""

_OPEN_HANDS: Final = """
CREATE INDEX IF NOT EXISTS records_closing ON records(hand_id) WHERE kind = 'close';
CREATE TABLE IF NOT EXISTS open_hands (
    table_name TEXT PRIMARY KEY,
    hand_id    INTEGER NOT NULL UNIQUE REFERENCES hands(id)
);
INSERT OR IGNORE INTO open_hands (table_name, hand_id)
    SELECT table_name, MAX(id) FROM hands h WHERE NOT EXISTS
        (SELECT 1 FROM records r WHERE r.hand_id = h.id AND r.kind = 'close')
    GROUP BY table_name;
CREATE TRIGGER IF NOT EXISTS hands_opened AFTER INSERT ON hands
    BEGIN INSERT INTO open_hands (table_name, hand_id) VALUES (NEW.table_name, NEW.id); END;
CREATE TRIGGER IF NOT EXISTS hands_closed AFTER INSERT ON records WHEN NEW.kind = 'close'
    BEGIN DELETE FROM open_hands WHERE hand_id = NEW.hand_id; END;
"""

_TABLE_LOG: Final = """
CREATE TABLE IF NOT EXISTS table_log (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    table_name TEXT NOT NULL,
    kind       TEXT NOT NULL CHECK (kind IN ('change', 'seating')),
    data       TEXT NOT NULL,
    hand_id    INTEGER REFERENCES hands(id),
    by         TEXT,
    at         TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS table_log_by_table ON table_log(table_name, id);
"""

_STAFF_AND_DRILLS: Final = """
CREATE TABLE IF NOT EXISTS staff_users (
    name     TEXT PRIMARY KEY COLLATE NOCASE,
    role     TEXT NOT NULL CHECK (role IN ('floor', 'trainer')),
    password TEXT NOT NULL,
    created  TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS staff_disabled (
    name TEXT PRIMARY KEY COLLATE NOCASE REFERENCES staff_users(name),
    at   TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS staff_passwords (
    id       INTEGER PRIMARY KEY AUTOINCREMENT,
    name     TEXT NOT NULL COLLATE NOCASE REFERENCES staff_users(name),
    password TEXT NOT NULL,
    at       TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS staff_sessions (
    token      TEXT PRIMARY KEY,
    who        TEXT NOT NULL,
    role       TEXT NOT NULL CHECK (role IN ('floor', 'trainer', 'station')),
    table_name TEXT,
    csrf       TEXT NOT NULL,
    expires    TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS station_tokens (
    token      TEXT PRIMARY KEY,
    table_name TEXT NOT NULL,
    created    TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS station_revoked (
    token TEXT PRIMARY KEY REFERENCES station_tokens(token),
    at    TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS record_authors (
    record_id INTEGER PRIMARY KEY,
    who       TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS idempotent (
    who    TEXT NOT NULL,
    key    TEXT NOT NULL,
    answer TEXT NOT NULL,
    at     TEXT NOT NULL,
    PRIMARY KEY (who, key)
);
CREATE TABLE IF NOT EXISTS drill_sessions (
    id       INTEGER PRIMARY KEY AUTOINCREMENT,
    trainee  TEXT NOT NULL,
    rulebook TEXT NOT NULL,
    seed     INTEGER NOT NULL,
    started  TEXT NOT NULL,
    finished TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS drill_answers (
    session_id INTEGER NOT NULL REFERENCES drill_sessions(id),
    number     INTEGER NOT NULL,
    topic      TEXT NOT NULL,
    kind       TEXT NOT NULL,
    rule       TEXT,
    answer     TEXT NOT NULL,
    correct    INTEGER NOT NULL CHECK (correct IN (0, 1)),
    PRIMARY KEY (session_id, number)
);
CREATE INDEX IF NOT EXISTS drill_sessions_by_trainee ON drill_sessions(trainee COLLATE NOCASE);
"""

_SIGN_IN_LIMITS: Final = """
CREATE TABLE IF NOT EXISTS sign_in_failures (
    name    TEXT NOT NULL,
    address TEXT NOT NULL,
    at      TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS sign_in_failures_by_name ON sign_in_failures(name, at);
CREATE INDEX IF NOT EXISTS sign_in_failures_by_address ON sign_in_failures(address, at);
CREATE INDEX IF NOT EXISTS sign_in_failures_by_time ON sign_in_failures(at);
CREATE TABLE IF NOT EXISTS sign_in_cleared (
    name TEXT NOT NULL,
    at   TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS sign_in_cleared_by_name ON sign_in_cleared(name, at);
CREATE INDEX IF NOT EXISTS staff_sessions_by_expiry ON staff_sessions(expires);
"""
"""Failed sign-ins, by the name tried (lower case) and the address, kept a day; a name's
failures before it was last cleared (signed in, or unlocked by a floor manager) no
longer count."""

_TABLE_LOG_BY_HAND: Final = """
CREATE INDEX IF NOT EXISTS table_log_by_hand ON table_log(table_name, kind, hand_id, id);
"""
"""The seating a hand was dealt from, and the first seating of a table's latest hands,
found without reading the table's whole log."""

_TOURNAMENTS: Final = """
CREATE TABLE IF NOT EXISTS tournaments (
    name      TEXT PRIMARY KEY COLLATE NOCASE,
    structure TEXT NOT NULL,
    seed      TEXT NOT NULL,
    created   TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS tournament_log (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    tournament TEXT NOT NULL COLLATE NOCASE REFERENCES tournaments(name),
    kind       TEXT NOT NULL,
    data       TEXT NOT NULL,
    by         TEXT,
    at         TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS tournament_log_by_name ON tournament_log(tournament, id);
"""
"""A tournament (its structure as JSON, the seed of its draws) and its log: the draw,
each bust, each set of moves, in order; the seating now is the log replayed."""

_DRILL_RUNS: Final = """
CREATE TABLE IF NOT EXISTS drill_assignments (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    trainee    TEXT NOT NULL,
    topics     TEXT NOT NULL,
    count      INTEGER NOT NULL,
    time_limit INTEGER,
    rulebook   TEXT NOT NULL,
    by         TEXT NOT NULL,
    at         TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS drill_assignments_by_trainee
    ON drill_assignments(trainee COLLATE NOCASE);
CREATE TABLE IF NOT EXISTS drill_runs (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    trainee    TEXT NOT NULL,
    rulebook   TEXT NOT NULL,
    topics     TEXT NOT NULL,
    items      TEXT NOT NULL,
    time_limit INTEGER,
    assignment INTEGER REFERENCES drill_assignments(id),
    started    TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS drill_runs_by_trainee ON drill_runs(trainee COLLATE NOCASE);
CREATE TABLE IF NOT EXISTS drill_run_answers (
    run_id  INTEGER NOT NULL REFERENCES drill_runs(id),
    number  INTEGER NOT NULL,
    item    TEXT NOT NULL,
    topic   TEXT NOT NULL,
    kind    TEXT NOT NULL,
    rule    TEXT,
    answer  TEXT NOT NULL,
    correct INTEGER NOT NULL CHECK (correct IN (0, 1)),
    millis  INTEGER NOT NULL,
    at      TEXT NOT NULL,
    PRIMARY KEY (run_id, number)
);
"""
"""Drills in the browser: a trainer's assignment (topics, how many questions, a time
limit per answer), a run (the questions it asks, as JSON items each regenerated from its
topic and seed) and each answer, with the rule it tests and the time it took."""

_ROLES_BEFORE: Final = "CHECK (role IN ('floor', 'trainer'))"
_ROLES_NOW: Final = "CHECK (role IN ('floor', 'trainer', 'trainee'))"
_SIGN_IN_ROLES_BEFORE: Final = "CHECK (role IN ('floor', 'trainer', 'station'))"
_SIGN_IN_ROLES_NOW: Final = "CHECK (role IN ('floor', 'trainer', 'trainee', 'station'))"


def _table_sql(table: str) -> str:
    start = _STAFF_AND_DRILLS.index(f"CREATE TABLE IF NOT EXISTS {table} (")
    return _STAFF_AND_DRILLS[start : _STAFF_AND_DRILLS.index(");", start) + 2]


def _sqlite_trainees() -> str:
    """The users' and sign-ins' tables made again with the trainee role allowed (SQLite
    cannot change a CHECK in place), rows kept; run with foreign keys off, as SQLite
    asks for a table made again. Safe to run twice: the second copies the new table."""
    users = _table_sql("staff_users").replace(_ROLES_BEFORE, _ROLES_NOW)
    sign_ins = _table_sql("staff_sessions").replace(_SIGN_IN_ROLES_BEFORE, _SIGN_IN_ROLES_NOW)
    made = ""
    for table, sql, columns in (
        ("staff_users", users, "name, role, password, created"),
        ("staff_sessions", sign_ins, "token, who, role, table_name, csrf, expires"),
    ):
        made += (
            sql.replace(f"EXISTS {table} (", f"EXISTS {table}_next (")
            + f"\nINSERT OR IGNORE INTO {table}_next ({columns}) SELECT {columns} FROM {table};"
            + f"\nDROP TABLE {table};\nALTER TABLE {table}_next RENAME TO {table};\n"
        )
    made += "CREATE INDEX IF NOT EXISTS staff_sessions_by_expiry ON staff_sessions(expires);\n"
    return made + _sqlite_append_only(("staff_users",))


def _postgres_trainees() -> str:
    tables = _DRILL_RUNS.replace(" IF NOT EXISTS", "").replace(" COLLATE NOCASE", "")
    tables = tables.replace("INTEGER PRIMARY KEY AUTOINCREMENT", _IDENTITY)
    tables = tables.replace("INTEGER", "BIGINT").replace(
        "(trainee)", '(lower(trainee COLLATE "C"))'
    )
    return (
        "ALTER TABLE staff_users DROP CONSTRAINT staff_users_role_check,"
        f" ADD CONSTRAINT staff_users_role_check {_ROLES_NOW};\n"
        "ALTER TABLE staff_sessions DROP CONSTRAINT staff_sessions_role_check,"
        f" ADD CONSTRAINT staff_sessions_role_check {_SIGN_IN_ROLES_NOW};\n"
        + tables
        + _postgres_append_only(_DRILL_RUNS_APPEND_ONLY)
    )


_HANDS_APPEND_ONLY: Final = ("hands", "records")
_LOG_APPEND_ONLY: Final = ("table_log",)
_TOURNAMENTS_APPEND_ONLY: Final = ("tournaments", "tournament_log")
_DRILL_RUNS_APPEND_ONLY: Final = ("drill_assignments", "drill_runs", "drill_run_answers")
_STAFF_APPEND_ONLY: Final = (
    "staff_users",
    "staff_disabled",
    "staff_passwords",
    "station_tokens",
    "station_revoked",
    "record_authors",
    "idempotent",
)
_MESSAGES: Final = {
    "hands": "recorded hands are append-only",
    "records": "recorded hands are append-only",
    "table_log": "the table log is append-only",
    "tournaments": "the tournament log is append-only",
    "tournament_log": "the tournament log is append-only",
    "drill_assignments": "drill records are append-only",
    "drill_runs": "drill records are append-only",
    "drill_run_answers": "drill records are append-only",
}
_STAFF_MESSAGE: Final = "staff records are append-only"


def _sqlite_append_only(tables: tuple[str, ...]) -> str:
    return "".join(
        f"CREATE TRIGGER IF NOT EXISTS {table}_append_only_{what} BEFORE {what.upper()} "
        f"ON {table} BEGIN SELECT RAISE(ABORT, '{_MESSAGES.get(table, _STAFF_MESSAGE)}'); END;\n"
        for table in tables
        for what in ("update", "delete")
    )


SQLITE: Final = (
    _HANDS + _sqlite_append_only(_HANDS_APPEND_ONLY),
    _OPEN_HANDS,
    _TABLE_LOG + _sqlite_append_only(_LOG_APPEND_ONLY),
    _STAFF_AND_DRILLS + _sqlite_append_only(_STAFF_APPEND_ONLY),
    _SIGN_IN_LIMITS,
    _TABLE_LOG_BY_HAND,
    _TOURNAMENTS + _sqlite_append_only(_TOURNAMENTS_APPEND_ONLY),
    _sqlite_trainees() + _DRILL_RUNS + _sqlite_append_only(_DRILL_RUNS_APPEND_ONLY),
)
"""SQLite's migrations: the one at index ``n`` takes a store from version ``n`` to ``n + 1``."""


def _postgres_append_only(tables: tuple[str, ...]) -> str:
    return "".join(
        f"CREATE TRIGGER {table}_append_only BEFORE UPDATE OR DELETE ON {table} FOR EACH ROW "
        f"EXECUTE FUNCTION floorman_refuse('{_MESSAGES.get(table, _STAFF_MESSAGE)}');\n"
        for table in tables
    )


_IDENTITY: Final = "BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY"


def _postgres_v1() -> str:
    """Everything SQLite's four migrations make, in PostgreSQL's words."""
    tables = (_HANDS + _TABLE_LOG + _STAFF_AND_DRILLS).replace(" IF NOT EXISTS", "")
    tables = tables.replace("INTEGER PRIMARY KEY AUTOINCREMENT", _IDENTITY)
    tables = tables.replace("INTEGER", "BIGINT")
    tables = tables.replace(" PRIMARY KEY COLLATE NOCASE", " PRIMARY KEY")
    tables = tables.replace(" COLLATE NOCASE", "")
    tables = tables.replace("(trainee)", '(lower(trainee COLLATE "C"))')
    return f"""
CREATE FUNCTION floorman_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN RAISE EXCEPTION '%', TG_ARGV[0] USING ERRCODE = 'integrity_constraint_violation'; END $$;
{tables}
CREATE UNIQUE INDEX staff_users_by_name ON staff_users(lower(name COLLATE "C"));
CREATE INDEX records_closing ON records(hand_id) WHERE kind = 'close';
CREATE TABLE open_hands (
    table_name TEXT PRIMARY KEY,
    hand_id    BIGINT NOT NULL UNIQUE REFERENCES hands(id)
);
CREATE FUNCTION floorman_hand_opened() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN INSERT INTO open_hands (table_name, hand_id) VALUES (NEW.table_name, NEW.id);
RETURN NULL; END $$;
CREATE FUNCTION floorman_hand_closed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN DELETE FROM open_hands WHERE hand_id = NEW.hand_id; RETURN NULL; END $$;
CREATE TRIGGER hands_opened AFTER INSERT ON hands
    FOR EACH ROW EXECUTE FUNCTION floorman_hand_opened();
CREATE TRIGGER hands_closed AFTER INSERT ON records
    FOR EACH ROW WHEN (NEW.kind = 'close') EXECUTE FUNCTION floorman_hand_closed();
{_postgres_append_only(_HANDS_APPEND_ONLY + _LOG_APPEND_ONLY + _STAFF_APPEND_ONLY)}
"""


def _postgres_tournaments() -> str:
    """The tournaments in PostgreSQL's words: a name unique in either case."""
    tables = _TOURNAMENTS.replace(" IF NOT EXISTS", "").replace(" COLLATE NOCASE", "")
    tables = tables.replace("INTEGER PRIMARY KEY AUTOINCREMENT", _IDENTITY)
    return (
        tables
        + 'CREATE UNIQUE INDEX tournaments_by_name ON tournaments(lower(name COLLATE "C"));\n'
        + _postgres_append_only(_TOURNAMENTS_APPEND_ONLY)
    )


ANNOUNCED: Final = "floorman_tables"
"""The channel each write at a table is announced on, its payload the table's name (empty
for a name too long for a notification: a listener then looks at every table)."""

_ANNOUNCE_WRITES: Final = f"""
CREATE FUNCTION floorman_announce(name TEXT) RETURNS void LANGUAGE sql AS $$
SELECT pg_notify('{ANNOUNCED}', CASE WHEN octet_length(name) <= 4000 THEN name ELSE '' END) $$;
CREATE FUNCTION floorman_record_announced() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN PERFORM floorman_announce(table_name) FROM hands WHERE id = NEW.hand_id;
RETURN NULL; END $$;
CREATE FUNCTION floorman_table_announced() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN PERFORM floorman_announce(NEW.table_name); RETURN NULL; END $$;
CREATE TRIGGER records_announced AFTER INSERT ON records
    FOR EACH ROW EXECUTE FUNCTION floorman_record_announced();
CREATE TRIGGER hands_announced AFTER INSERT ON hands
    FOR EACH ROW EXECUTE FUNCTION floorman_table_announced();
CREATE TRIGGER table_log_announced AFTER INSERT ON table_log
    FOR EACH ROW EXECUTE FUNCTION floorman_table_announced();
"""
"""A hand begun, an event recorded or taken back, a change between hands: the table's
name is announced when the write commits (never for one rolled back), once however many
rows the transaction wrote there, to every server of the room on the database."""

POSTGRES: Final = (
    _postgres_v1(),
    _SIGN_IN_LIMITS.replace(" IF NOT EXISTS", ""),
    _TABLE_LOG_BY_HAND.replace(" IF NOT EXISTS", ""),
    _postgres_tournaments(),
    _ANNOUNCE_WRITES,
    _postgres_trainees(),
)
"""PostgreSQL's migrations, numbered as SQLite's are."""
