"""A seven-card stud hand at the dealer's station by taps alone, in a real browser
(headless Chromium against a real server): the game named, the cards dealt seat by
seat from the picker, the bring-in, the completion and the limit sizes as big buttons,
an upcard dealt face up by mistake ruled from the irregular menu, the showdown.
Screenshots at a desk's and a phone's size are saved and printed."""

from __future__ import annotations

from pathlib import Path

import pytest
from roomserver import Room, floorman
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver
from test_server_browser import patient, replaced, shoot
from test_station_browser import (
    act,
    events_of,
    labels,
    open_station,
    pick,
    room,
    screens,
    tablet,
    tap,
)

pytestmark = pytest.mark.browser

__all__ = ["room", "screens", "tablet"]  # the fixtures, shared with the station's tests


def stud_table(room: Room, table: str) -> None:
    made = floorman(room.db, "new", "-t", table, "--game", "stud", "--ante", "1", "--bring-in",
                    "2", "--limits", "4/8", "--seats", "1=100,2=100,3=100")  # fmt: skip
    assert made.returncode == 0, made.stderr
    token = floorman(room.db, "station", "token", table)
    assert token.returncode == 0, token.stderr
    room.stations[table] = token.stdout.strip()


def deal(driver: WebDriver, event: str, *cards: str) -> None:
    """The dealer's card button ``event`` (``down 1 ?? ??``, ``up 1 CARDS``), with the
    cards picked first."""
    if cards:
        pick(driver, *cards)
    tap(driver, f'.dealer-steps button[data-step="{event}"]')


def test_a_stud_hand_by_taps_alone(tablet: WebDriver, room: Room, screens: Path) -> None:
    stud_table(room, "S21")
    open_station(tablet, room, "S21")
    summary = tablet.find_element(By.CSS_SELECTOR, ".summary .game").text
    assert summary == "Seven-card stud 4/8, ante 1, bring-in 2"
    assert labels(tablet, ".dealer-steps button") == ["down 1: 2 unseen", "down 1: pick 2"]
    for seat, up in ((1, "Th"), (2, "2c"), (3, "9s")):
        deal(tablet, f"down {seat} ?? ??")
        deal(tablet, f"up {seat} CARDS", up)
    assert not tablet.find_element(By.NAME, "c.2c").is_enabled()  # seen: not dealt twice
    seat = tablet.find_element(By.CSS_SELECTOR, ".seat.to-act")
    assert seat.get_attribute("data-seat") == "2"
    assert "2 down" in seat.text
    assert labels(tablet, ".controls .actions button") == ["bring-in 2", "complete to 4"]
    shoot(tablet, screens, "stud-third-street")
    act(tablet, "bring-in 2")
    act(tablet, "complete to 4")
    act(tablet, "call 4")
    act(tablet, "fold")
    deal(tablet, "up 1 CARDS", "Ks")
    deal(tablet, "up 3 CARDS", "9d")
    assert labels(tablet, ".controls .actions button") == ["check", "bet 4", "bet 8"]
    shoot(tablet, screens, "stud-fourth-street")
    act(tablet, "bet 8")
    tablet.find_element(By.CSS_SELECTOR, ".irregular summary").click()
    tablet.find_element(By.XPATH, "//input[@name='seat'][@value='1']/..").click()
    pick(tablet, "2d")
    tap(tablet, '.menu button[data-irregular="up SEAT CARDS"]')  # before seat 1 called
    ruled = tablet.find_element(By.CSS_SELECTOR, ".just-ruled").text
    assert "A card is dealt before the betting round is complete" in ruled
    assert "RRoP Seven-Card Stud rule 14" in ruled
    shoot(tablet, screens, "stud-ruling")
    act(tablet, "call 8")
    assert labels(tablet, ".dealer-steps button") == ["up 1: pick 1"]
    assert events_of(room, "S21")[:8] == [
        "down 1 ?? ??", "up 1 Th", "down 2 ?? ??", "up 2 2c", "down 3 ?? ??", "up 3 9s",
        "2 bring-in", "3 complete 4",
    ]  # fmt: skip


def test_a_triple_draw_hand_by_taps_alone(tablet: WebDriver, room: Room, screens: Path) -> None:
    made = floorman(room.db, "new", "-t", "D21", "--game", "triple-draw-27", "--betting",
                    "limit", "--blinds", "5/10", "--limits", "10/20", "--button", "3",
                    "--seats", "1=500,2=500,3=500")  # fmt: skip
    assert made.returncode == 0, made.stderr
    token = floorman(room.db, "station", "token", "D21")
    room.stations["D21"] = token.stdout.strip()
    open_station(tablet, room, "D21")
    assert tablet.find_element(By.CSS_SELECTOR, ".summary .game").text == (
        "2-7 triple draw limit 10/20, blinds 5/10"
    )
    deal(tablet, "deal")
    assert labels(tablet, ".controls .actions button") == ["fold", "call 10", "raise to 20"]
    for label in ("call 10", "call 5", "check"):
        act(tablet, label)
    assert labels(tablet, ".dealer-steps button")[:3] == ["stands pat", "draws 1", "draws 2"]
    deal(tablet, "1 draws N CARDS", "7c", "2d")
    shoot(tablet, screens, "draw-first-draw")
    deal(tablet, "2 stands pat")
    deal(tablet, "3 draws 1")
    assert "drew 2" in tablet.find_element(By.CSS_SELECTOR, '.seat[data-seat="1"]').text
    assert labels(tablet, ".controls .actions button") == ["check", "bet 10"]
    assert events_of(room, "D21")[-3:] == ["1 draws 2 7c 2d", "2 stands pat", "3 draws 1"]


def press(driver: WebDriver, key: str) -> None:
    """A key pressed on the page, and the page it brings."""
    old = driver.find_element(By.CSS_SELECTOR, ".station-state")
    driver.find_element(By.TAG_NAME, "body").send_keys(key)
    patient(driver).until(replaced(old))


def hint(driver: WebDriver) -> str:
    return driver.find_element(By.CSS_SELECTOR, ".shortcuts").text


def test_a_stud_hand_and_a_draw_by_the_keys_the_hint_names(
    tablet: WebDriver, room: Room, screens: Path
) -> None:
    stud_table(room, "S22")
    open_station(tablet, room, "S22")
    assert not tablet.find_elements(By.CSS_SELECTOR, ".shortcuts")  # cards are picked
    for seat, up in ((1, "Th"), (2, "2c"), (3, "9s")):
        deal(tablet, f"down {seat} ?? ??")
        deal(tablet, f"up {seat} CARDS", up)
    assert hint(tablet) == "Keys: i bring-in, o complete 4."
    shoot(tablet, screens, "stud-keys")
    press(tablet, "i")
    assert hint(tablet) == "Keys: o complete 4, f fold, c call."
    press(tablet, "o")
    press(tablet, "c")
    press(tablet, "f")
    assert events_of(room, "S22")[-4:] == ["2 bring-in", "3 complete 4", "1 call", "2 fold"]
    made = floorman(room.db, "new", "-t", "D22", "--game", "triple-draw-27", "--betting",
                    "limit", "--blinds", "5/10", "--limits", "10/20", "--button", "3",
                    "--seats", "1=500,2=500,3=500")  # fmt: skip
    assert made.returncode == 0, made.stderr
    room.stations["D22"] = floorman(room.db, "station", "token", "D22").stdout.strip()
    open_station(tablet, room, "D22")
    deal(tablet, "deal")
    assert hint(tablet) == "Keys: f fold, c call, r raise 20."
    press(tablet, "c")
    press(tablet, "c")
    press(tablet, "c")
    assert hint(tablet) == "Keys: p stands pat, 1 to 5 draws that many."
    assert "bring-in" not in hint(tablet)
    shoot(tablet, screens, "draw-keys")
    press(tablet, "2")
    press(tablet, "p")
    press(tablet, "5")
    assert events_of(room, "D22")[-3:] == ["1 draws 2", "2 stands pat", "3 draws 5"]
    assert hint(tablet) == "Keys: c check, b bet 10."
