"""A stud table on the floor's dashboard: the room's page and the API show its game
beside the flop tables, and a stud hand at one table does not stop the others'."""

from __future__ import annotations

from pathlib import Path

from roomserver import Serve, floorman


def test_the_dashboard_shows_a_stud_table_with_its_game(room_server: Serve, tmp_path: Path) -> None:
    db = tmp_path / "room.db"
    with room_server(db, tables=("7",)) as room:
        made = floorman(db, "new", "-t", "S1", "--game", "razz", "--ante", "1", "--bring-in",
                        "2", "--limits", "4/8", "--seats", "1=100,2=100")  # fmt: skip
        assert made.returncode == 0, made.stderr
        added = floorman(db, "add", "-t", "S1", "down 1 Ac 2c; up 1 Kd; down 2 5h 6h; up 2 3s")
        assert added.returncode == 0, added.stderr
        client = room.signed_in()
        page = client.get("/")
        assert page.status_code == 200
        assert 'data-game="razz"' in page.text
        assert 'data-table="7"' in page.text
        tables = client.get("/api/tables").json()
        razz = next(t for t in tables["tables"] if t["table"] == "S1")
        assert (razz["game"], razz["to_act"], razz["pot"]) == ("razz", 1, 2)
