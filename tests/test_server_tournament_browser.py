"""The tournament clock page in a real browser, on a 1920x1080 screen and a phone: the
clock counts down by itself, fits the screen with no scrolling in type a room reads
from afar, and a bust and a pause at a terminal show on it without a reload; the
floor's screen shows the move due the moment a table is short. Screenshots are saved
and their folder printed."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from roomserver import PASSWORD, Room, Serve, floorman
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver
from test_server_browser import browser, patient, wait_for

__all__ = ["browser"]

SCREENS = {"tv": (1920, 1080, False), "phone": (390, 844, True)}


def run(db: str, *args: str) -> None:
    done = floorman(db, *args)
    assert done.returncode == 0, (args, done.stderr)


@pytest.fixture(scope="module")
def room(room_server: Serve, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Room]:
    """The tournament ``daily``, 100 entrants at twelve tables, its clock running at level
    3 with 12:30 left; the screen signs in as ``tv``, a trainer."""
    with room_server(tmp_path_factory.mktemp("room") / "room.db") as served:
        db = str(served.db)
        run(db, "tournament", "new", "daily", "--entrants", "100", "--seed", "7")
        run(db, "tournament", "clock", "daily", "start", "--level", "3", "--left", "12:30")
        added = floorman(db, "users", "add", "tv", "--role", "trainer", stdin=PASSWORD + "\n")
        assert added.returncode == 0, added.stderr
        yield served


@pytest.fixture(scope="module")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("tournament-screenshots")
    print(f"\nscreenshots: {folder}")
    return folder


def screen(driver: WebDriver, name: str) -> None:
    width, height, mobile = SCREENS[name]
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile},
    )


def sign_in_as(driver: WebDriver, room: Room, name: str) -> None:
    driver.get(f"{room.url}/login")
    driver.find_element(By.NAME, "name").send_keys(name)
    driver.find_element(By.NAME, "password").send_keys(PASSWORD)
    driver.find_element(By.CSS_SELECTOR, "button.primary").click()
    wait_for(driver, ".bar .who", name)


def seconds_shown(driver: WebDriver) -> int:
    text = driver.find_element(By.CSS_SELECTOR, ".tv-time").text
    minutes, seconds = text.split(":")
    return int(minutes) * 60 + int(seconds)


def fits(driver: WebDriver) -> None:
    """Nothing reaches past the screen, across or down, and every part is on it."""
    width, height = driver.execute_script("return [window.innerWidth, window.innerHeight];")
    reach = driver.execute_script(
        "var e = document.documentElement; return [e.scrollWidth, e.scrollHeight];"
    )
    assert reach == [width, height], f"the page reaches {reach} on a {width}x{height} screen"
    for part in (".tv-level", ".tv-time", ".tv-blinds", ".tv-facts"):
        box = driver.find_element(By.CSS_SELECTOR, part).rect
        assert box["y"] >= 0, part
        assert box["y"] + box["height"] <= height, part
        assert box["x"] + box["width"] <= width, part


def test_the_clock_counts_down_fills_a_tv_and_a_phone_and_follows_the_floor(
    browser: WebDriver, room: Room, shots: Path
) -> None:
    screen(browser, "tv")
    sign_in_as(browser, room, "tv")
    browser.get(f"{room.url}/tournaments/daily/clock")
    wait_for(browser, ".tv-level", "Level 3")
    assert "Blinds 200/400" in browser.find_element(By.CSS_SELECTOR, ".tv-blinds").text
    facts = browser.find_element(By.CSS_SELECTOR, ".tv-facts").text
    assert "100 of 100" in facts
    assert "20000" in facts
    first = seconds_shown(browser)
    assert 700 <= first <= 750
    patient(browser).until(lambda d: seconds_shown(d) <= first - 2)
    fits(browser)
    size = browser.execute_script(
        "return parseFloat(getComputedStyle(document.querySelector('.tv-time')).fontSize);"
    )
    assert size >= 250, f"the time left is {size}px high on a 1920x1080 screen"
    blinds = browser.execute_script(
        "return parseFloat(getComputedStyle(document.querySelector('.tv-blinds')).fontSize);"
    )
    assert blinds >= 80
    browser.save_screenshot(str(shots / "clock-1920x1080.png"))

    db = str(room.db)
    run(db, "tournament", "bust", "daily", "12", "1")
    wait_for(browser, ".tv-facts", "99 of 100")
    run(db, "tournament", "clock", "daily", "pause")
    wait_for(browser, ".tv-state", "PAUSED")
    held = seconds_shown(browser)
    time.sleep(1.5)
    assert seconds_shown(browser) == held, "a paused clock stands still"
    browser.save_screenshot(str(shots / "clock-paused-1920x1080.png"))

    screen(browser, "phone")
    browser.get(f"{room.url}/tournaments/daily/clock")
    wait_for(browser, ".tv-level", "Level 3")
    fits(browser)
    browser.save_screenshot(str(shots / "clock-390x844.png"))
    run(db, "tournament", "clock", "daily", "resume")


def test_the_floor_sees_the_move_the_moment_a_table_is_short(
    browser: WebDriver, room: Room, shots: Path
) -> None:
    db = str(room.db)
    run(db, "tournament", "balance", "daily", "--apply")
    screen(browser, "tv")
    sign_in_as(browser, room, "floor")
    panel = wait_for(browser, '.t-panel[data-tournament="daily"]')
    assert "move-due" not in (panel.get_attribute("class") or "")
    shown = json.loads(floorman(db, "tournament", "show", "daily", "--json").stdout)
    short = min(shown["tables"], key=lambda t: (t["players"], -t["table"]))
    table, seats = str(short["table"]), [str(s["seat"]) for s in short["seats"]]
    for seat in seats:
        run(db, "tournament", "bust", "daily", table, seat)
        if json.loads(floorman(db, "tournament", "show", "daily", "--json").stdout)["moves_due"]:
            break
        time.sleep(1.5)
        assert not browser.find_elements(By.CSS_SELECTOR, ".t-panel.move-due"), "no move yet"
    moved = wait_for(browser, '.t-panel.move-due[data-tournament="daily"] .t-move', "Move:")
    assert "[TDA 11-A, 11-C]" in moved.text
    assert f"to table {short['table']} seat" in moved.text
    assert "just-now" in (
        browser.find_element(By.CSS_SELECTOR, '.t-panel[data-tournament="daily"]').get_attribute(
            "class"
        )
        or ""
    )
    browser.save_screenshot(str(shots / "floor-tournament-1920x1080.png"))


def call_seconds(driver: WebDriver) -> int:
    """The time left on the clock called, as the floor's screen counts it."""
    text = driver.find_element(By.CSS_SELECTOR, '.t-panel[data-tournament="daily"] .t-call .t-left')
    minutes, seconds = text.text.split(":")
    return int(minutes) * 60 + int(seconds)


def test_the_floor_sees_a_clock_called_counting_down_and_how_it_ended(
    browser: WebDriver, room: Room, shots: Path
) -> None:
    db = str(room.db)
    screen(browser, "tv")
    sign_in_as(browser, room, "floor")
    wait_for(browser, '.t-panel[data-tournament="daily"]')
    shown = json.loads(floorman(db, "tournament", "show", "daily", "--json").stdout)
    table = shown["tables"][0]
    seat = str(table["seats"][0]["seat"])
    run(db, "tournament", "call-clock", "daily", str(table["table"]), seat, "--no-wait",
        "--seconds", "300")  # fmt: skip
    call = wait_for(browser, '.t-panel[data-tournament="daily"] .t-call', "is on the clock")
    assert f"table {table['table']} seat {seat}" in call.text
    assert "[TDA 2024 Rule 29]" in call.text
    first = call_seconds(browser)
    assert 290 <= first <= 305
    patient(browser).until(lambda d: call_seconds(d) <= first - 2)
    browser.save_screenshot(str(shots / "floor-clock-call-1920x1080.png"))
    run(db, "tournament", "call-clock", "daily", str(table["table"]), seat, "--acted")
    wait_for(browser, '.t-panel[data-tournament="daily"] .t-called', "acted in time")
    assert not browser.find_elements(By.CSS_SELECTOR, '.t-panel[data-tournament="daily"] .t-call')


def strip_call_seconds(driver: WebDriver) -> int:
    """The time left on the clock called at the station's table, as its strip counts it."""
    text = driver.find_element(By.CSS_SELECTOR, ".t-station .t-call .t-left").text
    minutes, seconds = text.split(":")
    return int(minutes) * 60 + int(seconds)


def test_the_station_sees_a_clock_called_at_its_table_counting_down(
    browser: WebDriver, room: Room, shots: Path
) -> None:
    """A clock called at a terminal on a player at the station's table comes onto the
    station's tournament strip without a reload: the seat, the time left counting down
    and the rule; once the player acts it is gone."""
    db = str(room.db)
    shown = json.loads(floorman(db, "tournament", "show", "daily", "--json").stdout)
    table = shown["tables"][1]
    number, seat = table["table"], table["seats"][0]["seat"]
    name = f"daily-{number}"
    room.table(name)
    screen(browser, "phone")
    browser.get(f"{room.url}/login")
    browser.find_element(By.NAME, "station").send_keys(room.stations[name])
    browser.find_elements(By.CSS_SELECTOR, "form button")[-1].click()
    wait_for(browser, ".t-station .t-clock")
    assert not browser.find_elements(By.CSS_SELECTOR, ".t-station .t-call")
    run(db, "tournament", "call-clock", "daily", str(number), str(seat), "--no-wait",
        "--seconds", "120")  # fmt: skip
    call = wait_for(browser, ".t-station .t-call", f"Clock on seat {seat} ")
    assert "facing a bet" in call.text
    assert "then the hand is dead [TDA 2024 Rule 29]" in call.text
    first = strip_call_seconds(browser)
    assert 110 <= first <= 125
    patient(browser).until(lambda d: strip_call_seconds(d) <= first - 2)
    browser.save_screenshot(str(shots / "station-clock-call-390x844.png"))
    run(db, "tournament", "call-clock", "daily", str(number), str(seat), "--acted")
    patient(browser).until(lambda d: not d.find_elements(By.CSS_SELECTOR, ".t-station .t-call"))
