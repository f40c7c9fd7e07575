"""The station's controls in a real browser, by taps: a mistyped card taken back (the
Undo names it, a second tap takes it back), the next hand dealt, and a player sat down
between hands. Screenshots at a desk's and a phone's size, as the other browser tests."""

from __future__ import annotations

from pathlib import Path

from roomserver import Room
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver
from test_server_browser import (
    browser,
    patient,
    replaced,
    room,
    screens,
    shoot,
    wait_for,
)

__all__ = ["browser", "room", "screens"]  # the fixtures, shared with the other browser tests

TO_THE_TURN = [
    "deal", "3 call", "4 call", "5 fold", "6 fold", "1 call", "2 check",
    "burn", "flop Ah Kd 7c", "1 check", "2 check", "3 check", "4 check", "burn",
]  # fmt: skip


def tap(driver: WebDriver, css: str, text: str | None = None) -> None:
    """Tap the element ``css`` (reading ``text``, when given) and wait for the page it
    brings."""
    old = driver.find_element(By.CSS_SELECTOR, ".station-state")
    found = driver.find_elements(By.CSS_SELECTOR, css)
    (target,) = [f for f in found if text is None or f.text == text]
    target.click()
    patient(driver).until(replaced(old))


def words(text: str) -> str:
    """Text as read aloud: a button's parts on one line."""
    return " ".join(text.split())


def events_at(room: Room, table: str) -> list[str]:
    return [e["text"] for e in room.station(table).get(f"/api/tables/{table}").json()["events"]]


def test_a_dealer_takes_back_a_mistyped_card_and_deals_the_next_hand_by_taps(
    browser: WebDriver, room: Room, screens: Path
) -> None:
    station = room.table("21")
    posted = station.post("/api/tables/21/events", json={"events": [*TO_THE_TURN, "turn 9s"]})
    assert posted.status_code == 200
    browser.get(f"{room.url}/login")
    browser.find_element(By.NAME, "station").send_keys(room.stations["21"])
    browser.find_elements(By.CSS_SELECTOR, "form button")[-1].click()
    undo = wait_for(browser, ".controls .undo summary", "turn 9s")
    assert words(undo.text) == "Undo turn 9s"
    confirm = browser.find_element(By.CSS_SELECTOR, ".controls .undo .confirm button")
    assert not confirm.is_displayed()
    undo.click()
    assert confirm.is_displayed()
    assert confirm.text == "Take back turn 9s"
    assert (
        "Take back event 15, turn 9s?"
        in browser.find_element(By.CSS_SELECTOR, ".controls .undo .confirm p").text
    )
    shoot(browser, screens, "station-undo")
    tap(browser, ".controls .undo .confirm button")
    assert events_at(room, "21") == TO_THE_TURN
    assert words(browser.find_element(By.CSS_SELECTOR, ".controls .undo summary").text) == (
        "Undo burn"
    )

    last = station.get("/api/tables/21/state").json()["last"]
    ended = ["turn Qs", "1 bet 4", "2 fold", "3 fold", "4 fold"]
    done = station.post("/api/tables/21/events", json={"events": ended, "after": last})
    assert done.status_code == 200
    browser.get(f"{room.url}/station/21")
    hand = station.get("/api/tables/21").json()["hand"]
    assert browser.find_element(By.CSS_SELECTOR, ".controls .between").get_attribute("open")
    shoot(browser, screens, "station-between-hands")
    tap(browser, ".controls .next-hand button", "Next hand")
    table = station.get("/api/tables/21").json()
    assert table["hand"] > hand
    assert table["closed"] is None
    assert table["events"] == []
    assert "hand " + str(table["hand"]) in browser.find_element(By.CSS_SELECTOR, ".summary").text

    browser.find_element(By.CSS_SELECTOR, ".controls .between summary").click()
    sit = browser.find_element(By.CSS_SELECTOR, ".controls .change.sit")
    (seat_8,) = [s for s in sit.find_elements(By.CSS_SELECTOR, ".seat-pick span") if s.text == "8"]
    seat_8.click()
    sit.find_element(By.NAME, "name").send_keys("Dana")
    sit.find_element(By.NAME, "chips").send_keys("200")
    shoot(browser, screens, "station-sit-down")
    tap(browser, ".controls .change.sit button", "Sit down")
    pending = station.get("/api/tables/21/hands").json()["next_hand_changes"]
    assert [(c["kind"], c["seat"], c["name"], c["chips"]) for c in pending] == [
        ("sit", 8, "Dana", 200)
    ]
    assert pending[0]["by"] == "station:21"
