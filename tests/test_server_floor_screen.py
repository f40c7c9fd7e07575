"""The floor's screen at a room's scale, in a real browser: fifty tables on one 1920x1080
screen with no scrolling, a call from a station at the top within moments, acknowledged
and resolved from the screen, and the filters by game and area. Screenshots are saved
and their folder printed."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from roomserver import PASSWORD, PREMATURE_TURN, running_server
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.support.ui import Select
from test_server_browser import browser, patient, sign_in, wait_for
from typer.testing import CliRunner

from floorman.cli import app

__all__ = ["browser"]

SEATS = "1=100,2=100,3=100,4=100,5=100,6=100"
TABLES = [
    *[f"A{n}" for n in range(1, 21)], *[f"B{n}" for n in range(1, 21)],
    *[f"hl-{n}" for n in range(1, 11)],
]  # fmt: skip
"""Fifty tables in three areas: A, B and the high-limit room (hl)."""
runner = CliRunner()


def _made(*args: str, stdin: str | None = None) -> str:
    result = runner.invoke(app, list(args), input=stdin)
    assert result.exit_code == 0, (args, result.stdout, result.stderr)
    return result.stdout


class Floor:
    """The served room: its address, and the station of table B3."""

    def __init__(self, url: str, token: str) -> None:
        self.url = url
        self.station = httpx.Client(
            base_url=url, headers={"authorization": f"Bearer {token}"}, timeout=30
        )


@pytest.fixture(scope="module")
def floor(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Floor]:
    """Fifty tables, some before the flop and some on it, table A7 with a premature turn
    ruled; the high-limit room's (hl) deal Omaha. Made in process: fifty commands each in
    a process of its own would take minutes."""
    db = str(tmp_path_factory.mktemp("floor") / "room.db")
    for number, table in enumerate(TABLES):
        game = "omaha" if table.startswith("hl-") else "holdem"
        _made("new", "--table", table, "--button", "6", "--seats", SEATS, "--game", game,
              "--db", db)  # fmt: skip
        events = PREMATURE_TURN if table == "A7" else PREMATURE_TURN[: 7 + number % 4]
        if game == "omaha":
            events = ["deal", "3 call", "4 call"]
        _made("add", "--table", table, *events, "--db", db)
    _made("users", "add", "floor", "--role", "floor", "--db", db, stdin=PASSWORD + "\n")
    token = _made("station", "token", "B3", "--db", db).strip()
    with running_server(db) as url:
        served = Floor(url, token)
        try:
            yield served
        finally:
            served.station.close()


@pytest.fixture(scope="module")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("floor-screenshots")
    print(f"\nscreenshots: {folder}")
    return folder


def full_hd(driver: WebDriver) -> None:
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": 1920, "height": 1080, "deviceScaleFactor": 1, "mobile": False},
    )


def save(driver: WebDriver, folder: Path, name: str) -> None:
    path = folder / f"{name}-1920x1080.png"
    driver.save_screenshot(str(path))
    print(f"saved {path}")


def scroll_room(driver: WebDriver) -> int:
    """How far the page reaches past the bottom of the screen (0: no scrolling)."""
    height = driver.execute_script(
        "return document.documentElement.scrollHeight - window.innerHeight;"
    )
    assert isinstance(height, int)
    return height


class _Room:
    """What :func:`sign_in` needs of a room."""

    def __init__(self, url: str) -> None:
        self.url = url


def test_fifty_tables_fit_one_screen_and_a_call_comes_to_the_top(
    browser: WebDriver, floor: Floor, shots: Path
) -> None:
    full_hd(browser)
    sign_in(browser, _Room(floor.url))  # type: ignore[arg-type]
    tiles = browser.find_elements(By.CSS_SELECTOR, ".tile")
    assert len(tiles) == 50
    assert browser.execute_script("return window.innerHeight;") == 1080
    assert scroll_room(browser) == 0
    assert all(tile.rect["y"] + tile.rect["height"] <= 1080 for tile in tiles)
    first = min(tiles, key=lambda tile: (tile.rect["y"], tile.rect["x"]))
    assert first.get_attribute("data-table") == "A7", "the table with a ruling comes first"
    assert "needs-call" in (first.get_attribute("class") or "")
    queued = browser.find_elements(By.CSS_SELECTOR, "#floor-queue .queue-item")
    assert [q.get_attribute("data-table") for q in queued] == ["A7"]
    assert "The turn card is dealt before the betting round is complete" in queued[0].text
    b3 = browser.find_element(By.CSS_SELECTOR, '.tile[data-table="B3"]')
    assert "Table B3" in b3.text
    assert "hold'em no-limit 1/2" in b3.text
    save(browser, shots, "floor-fifty")

    answer = floor.station.post(
        "/api/tables/B3/events", json={"events": ["floor call seat 4 disputes the pot"]}
    )
    assert answer.status_code == 200, answer.text
    call = wait_for(browser, '#floor-queue .queue-item.kind-call[data-table="B3"]')
    assert "seat 4 disputes the pot" in call.text
    assert "station B3" in call.text
    assert "fresh" in (call.get_attribute("class") or "")
    tile = wait_for(browser, '.tile.needs-call[data-table="B3"]')
    assert tile.location["y"] < 200, "a called table is on the top row"
    queued = browser.find_elements(By.CSS_SELECTOR, "#floor-queue .queue-item")
    assert [q.get_attribute("data-table") for q in queued] == ["A7", "B3"], "oldest first"
    assert scroll_room(browser) == 0
    save(browser, shots, "floor-called")

    call.find_element(By.CSS_SELECTOR, "button.ack").click()
    acknowledged = wait_for(browser, '#floor-queue .queue-item.acknowledged[data-table="B3"]')
    assert "acknowledged by floor" in acknowledged.text
    assert acknowledged.find_elements(By.CSS_SELECTOR, "button.ack") == []
    wait_for(browser, '.tile.needs-acknowledged[data-table="B3"]')
    save(browser, shots, "floor-acknowledged")
    acknowledged.find_element(By.CSS_SELECTOR, "button.resolve").click()
    patient(browser).until(
        lambda driver: (
            not driver.find_elements(By.CSS_SELECTOR, '#floor-queue .queue-item[data-table="B3"]')
        )
    )
    assert "needs-none" in (
        browser.find_element(By.CSS_SELECTOR, '.tile[data-table="B3"]').get_attribute("class") or ""
    )
    events = floor.station.get("/api/tables/B3").json()["events"]
    assert [(e["text"], e["by"]) for e in events[-3:]] == [
        ("floor call seat 4 disputes the pot", "station B3"),
        ("floor ack", "floor"), ("floor resolve", "floor"),
    ]  # fmt: skip


def test_the_floor_filters_by_area_and_by_game(
    browser: WebDriver, floor: Floor, shots: Path
) -> None:
    full_hd(browser)
    sign_in(browser, _Room(floor.url))  # type: ignore[arg-type]
    Select(browser.find_element(By.NAME, "area")).select_by_value("hl")
    patient(browser).until(lambda driver: len(driver.find_elements(By.CSS_SELECTOR, ".tile")) == 10)
    names = [t.get_attribute("data-table") for t in browser.find_elements(By.CSS_SELECTOR, ".tile")]
    assert names == [f"hl-{n}" for n in range(1, 11)]
    assert browser.find_elements(By.CSS_SELECTOR, "#floor-queue .queue-item") == []
    save(browser, shots, "floor-area-hl")
    browser.get(f"{floor.url}/?game=holdem")
    tiles = browser.find_elements(By.CSS_SELECTOR, ".tile")
    assert len(tiles) == 40
    assert {t.get_attribute("data-game") for t in tiles} == {"holdem"}
    queued = browser.find_elements(By.CSS_SELECTOR, "#floor-queue .queue-item")
    assert [q.get_attribute("data-table") for q in queued] == ["A7"]
    browser.find_element(By.LINK_TEXT, "Table A7").click()
    wait_for(browser, ".events", "turn 7d")
