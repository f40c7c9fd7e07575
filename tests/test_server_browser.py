"""The dashboard and the station in a real browser: headless Chromium driven by Selenium
(Debian's ``chromium`` and ``chromium-driver``; nothing is downloaded), against a real
server. Each test saves screenshots at a desk's and a phone's size, and prints where."""

from __future__ import annotations

import re
import shutil
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from roomserver import PASSWORD, PREMATURE_TURN, Room, Serve, floorman
from selenium import webdriver
from selenium.common.exceptions import (
    NoAlertPresentException,
    StaleElementReferenceException,
    WebDriverException,
)
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.remote.webelement import WebElement
from selenium.webdriver.support import expected_conditions as ready
from selenium.webdriver.support.ui import Select, WebDriverWait

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
SIZES = {"desk": (1280, 800), "phone": (390, 844)}
WAIT_SECONDS = 20
"""How long a page may take to show what it must; never a measure of speed."""


class _NodeSwapped(WebDriverException):
    """Raised in place of chromedriver's error for a node read while a live update replaced it."""


def swapped_as_stale(condition: Callable[[WebDriver], Any]) -> Callable[[WebDriver], Any]:
    """``condition``, with chromedriver's "does not belong to the document" read as stale."""

    def asked(driver: WebDriver) -> Any:
        try:
            return condition(driver)
        except WebDriverException as error:
            if "does not belong to the document" in str(error):
                raise _NodeSwapped(str(error)) from error
            raise

    return asked


class _Patient(WebDriverWait):  # type: ignore[type-arg]
    def until(self, method: Callable[[WebDriver], Any], message: str = "") -> Any:
        return super().until(swapped_as_stale(method), message)


def patient(driver: WebDriver) -> WebDriverWait:  # type: ignore[type-arg]
    """A wait that reads a node replaced mid-read (live updates redraw parts of a page)
    as not yet there, and asks again."""
    return _Patient(
        driver,
        WAIT_SECONDS,
        ignored_exceptions=(StaleElementReferenceException, _NodeSwapped),
    )


@pytest.fixture(scope="module")
def room(room_server: Serve, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Room]:
    with room_server(tmp_path_factory.mktemp("room") / "room.db") as served:
        yield served


@pytest.fixture(scope="module")
def screens(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("screenshots")
    print(f"\nscreenshots: {folder}")
    return folder


@pytest.fixture
def browser() -> Iterator[WebDriver]:
    missing = [str(p) for p in (CHROMIUM, CHROMEDRIVER) if not p.exists()]
    assert not missing, f"{', '.join(missing)} missing: sh scripts/system-deps --tests"
    profile = tempfile.mkdtemp(prefix="floorman-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in (
        "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--disable-dev-shm-usage", f"--user-data-dir={profile}", "--window-size=1280,800",
    ):  # fmt: skip
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(str(CHROMEDRIVER)), options=options)
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


def shoot(driver: WebDriver, folder: Path, name: str) -> None:
    """Screenshots of the page at each size, the whole page long."""
    for size, (width, height) in SIZES.items():
        driver.execute_cdp_cmd(
            "Emulation.setDeviceMetricsOverride",
            {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": size == "phone"},
        )
        path = folder / f"{name}-{size}.png"
        driver.save_screenshot(str(path))
        print(f"saved {path}")
    driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def wait_for(driver: WebDriver, css: str, text: str | None = None) -> WebElement:
    locator = (By.CSS_SELECTOR, css)
    waiting = patient(driver)
    if text is not None:
        waiting.until(ready.text_to_be_present_in_element(locator, text))
    element: WebElement = waiting.until(ready.presence_of_element_located(locator))
    return element


def sign_in(driver: WebDriver, room: Room) -> None:
    driver.get(f"{room.url}/login")
    driver.find_element(By.NAME, "name").send_keys("floor")
    driver.find_element(By.NAME, "password").send_keys(PASSWORD)
    driver.find_element(By.CSS_SELECTOR, "button.primary").click()
    wait_for(driver, ".bar .who", "floor")


def test_the_floor_signs_in_and_sees_a_ruling_the_moment_a_station_makes_it(
    browser: WebDriver, room: Room, screens: Path
) -> None:
    station = room.table("12")
    station.post("/api/tables/12/events", json={"events": PREMATURE_TURN[:-1]})
    sign_in(browser, room)
    card = wait_for(browser, '[data-table="12"]', "seat 3 to act")
    assert "Table 12" in card.text
    assert "hold'em no-limit 1/2" in card.text
    assert browser.find_elements(By.CSS_SELECTOR, '[data-table="12"] .ruling') == []
    answer = station.post("/api/tables/12/events", json={"events": ["turn 7d"]})
    assert answer.status_code == 200
    ruling = wait_for(browser, '[data-table="12"] .ruling.outcome-continue')
    assert "The turn card is dealt before the betting round is complete" in ruling.text
    assert "Take the 7♦ out of play" in ruling.text
    assert "RRoP §5" in ruling.text
    assert "fresh" in (ruling.get_attribute("class") or "")
    shoot(browser, screens, "dashboard")
    browser.find_element(By.LINK_TEXT, "Table 12").click()
    wait_for(browser, ".events", "turn 7d")
    assert "station 12" in browser.find_element(By.CSS_SELECTOR, ".events").text
    report = browser.find_element(By.CSS_SELECTOR, "a.report").get_attribute("href")
    assert report is not None
    assert report.endswith("/tables/12/report.pdf")
    shoot(browser, screens, "hand")


def replaced(old: WebElement) -> Callable[[WebDriver], bool]:
    """Whether ``old`` has left the page: stale, or (caught mid-navigation) a node that
    chromedriver says no longer belongs to the document."""

    def gone(driver: WebDriver) -> bool:
        try:
            old.is_enabled()
        except StaleElementReferenceException:
            return True
        except WebDriverException as error:
            if "does not belong to the document" in str(error):
                return True
            raise
        return False

    return gone


def press(driver: WebDriver, label: str) -> None:
    """Press the station's button that reads ``label``, and wait for the page it brings."""
    old = driver.find_element(By.CSS_SELECTOR, ".station-state")
    buttons = driver.find_elements(By.CSS_SELECTOR, ".station-form button[type=submit]")
    (button,) = [b for b in buttons if b.text == label]
    button.click()
    patient(driver).until(replaced(old))


def type_event(driver: WebDriver, text: str) -> None:
    old = driver.find_element(By.CSS_SELECTOR, ".station-state")
    field = driver.find_element(By.NAME, "text")
    field.send_keys(text)
    driver.find_element(By.CSS_SELECTOR, ".any-event button").click()
    patient(driver).until(replaced(old))


def test_a_dealer_records_a_hand_from_the_station_page(
    browser: WebDriver, room: Room, screens: Path
) -> None:
    room.table("5")
    browser.get(f"{room.url}/login")
    shoot(browser, screens, "login")
    browser.find_element(By.NAME, "station").send_keys(room.stations["5"])
    browser.find_elements(By.CSS_SELECTOR, "form button")[-1].click()
    wait_for(browser, ".station-state .dealer-steps button", "deal")
    press(browser, "deal")
    assert "Seat 3 to act" in browser.find_element(By.CSS_SELECTOR, ".act-now").text
    shoot(browser, screens, "station-preflop")
    for label in ("call 2", "call 2", "fold", "fold", "call 1", "check"):
        press(browser, label)
    type_event(browser, "burn")
    type_event(browser, "flop Ah Kd 7c")
    press(browser, "check")
    amount = browser.find_element(By.NAME, "amount")
    amount.clear()
    amount.send_keys("6")
    press(browser, "bet to amount")
    assert "Seat 3 to act" in browser.find_element(By.CSS_SELECTOR, ".act-now").text
    type_event(browser, "turn 7d")
    ruled = wait_for(browser, ".just-ruled .ruling.outcome-continue")
    assert "Take the 7♦ out of play" in ruled.text
    shoot(browser, screens, "station")
    for label in ("call 6", "fold", "call 6"):
        press(browser, label)
    events = room.station("5").get("/api/tables/5").json()["events"]
    assert [e["text"] for e in events] == [
        *PREMATURE_TURN, "3 call", "4 fold", "1 call",
    ]  # fmt: skip
    assert {e["by"] for e in events} == {"station 5"}


def test_the_floor_asks_the_rules_and_opens_a_tables_earlier_hand(
    browser: WebDriver, room: Room, screens: Path
) -> None:
    room.table("3")
    played = [*PREMATURE_TURN, "3 fold", "4 fold", "1 fold"]
    for step in (["add", "-t", "3", *played], ["next", "-t", "3"], ["add", "-t", "3", "deal"]):
        done = floorman(room.db, *step)
        assert done.returncode == 0, done.stderr
    sign_in(browser, room)
    box = wait_for(browser, ".ask-box input[name=q]")
    box.send_keys("the turn came early")
    browser.find_element(By.CSS_SELECTOR, ".ask-box button").click()
    best = wait_for(browser, ".answer", "premature-turn")
    assert "The turn card is turned before the flop betting is complete" in best.text
    assert "Take the turn card out of play" in best.text
    assert "RRoP §5" in best.text
    shoot(browser, screens, "ask")
    box = browser.find_element(By.CSS_SELECTOR, ".ask-box input[name=q]")
    box.clear()
    box.send_keys("<script>alert('x')</script> four card flop")
    Select(browser.find_element(By.CSS_SELECTOR, ".ask-box select")).select_by_value("every")
    browser.find_element(By.CSS_SELECTOR, ".ask-box button").click()
    wait_for(browser, ".found", "four card flop")
    with pytest.raises(NoAlertPresentException):
        browser.switch_to.alert.accept()
    assert "<script>alert('x')</script>" in browser.find_element(By.CSS_SELECTOR, ".query").text
    rulebooks = [h.text for h in browser.find_elements(By.CSS_SELECTOR, ".answer")[0]
                 .find_elements(By.CSS_SELECTOR, "h3")]  # fmt: skip
    assert rulebooks == ["RROP", "TDA-2024", "WSOP-2024"]
    shoot(browser, screens, "ask-every")
    browser.find_element(By.LINK_TEXT, "Floor").click()
    wait_for(browser, '[data-table="3"]')
    browser.find_element(By.LINK_TEXT, "Table 3").click()
    rows = wait_for(browser, ".history .hands", "closed (fold)")
    links = rows.find_elements(By.CSS_SELECTOR, "a.hand-link")
    assert len(links) == 2
    shoot(browser, screens, "table-history")
    links[-1].click()
    events = wait_for(browser, ".events", "turn 7d")
    assert "3 fold" in events.text
    ruling = browser.find_element(By.CSS_SELECTOR, ".ruling.outcome-continue")
    assert "Take the 7♦ out of play" in ruling.text
    report = browser.find_element(By.CSS_SELECTOR, "a.report").get_attribute("href") or ""
    assert re.search(r"/tables/3/hands/\d+/report\.pdf$", report)
    shoot(browser, screens, "earlier-hand")
    browser.find_element(By.LINK_TEXT, "Drills").click()
    wait_for(browser, ".panel", "No drill has been recorded yet")
    browser.find_element(By.LINK_TEXT, "Rules").click()
    wait_for(browser, ".print-form")
    shoot(browser, screens, "rules")


def test_a_tables_page_lists_its_next_hand_without_being_reloaded(
    browser: WebDriver, room: Room, screens: Path
) -> None:
    room.table("15")
    sign_in(browser, room)
    browser.get(f"{room.url}/tables/15")
    wait_for(browser, ".history .hands", "in progress")
    assert len(browser.find_elements(By.CSS_SELECTOR, ".history a.hand-link")) == 1
    browser.execute_script("window.sameDocument = true;")
    played = [*PREMATURE_TURN, "3 fold", "4 fold", "1 fold"]
    for step in (["add", "-t", "15", *played], ["next", "-t", "15"]):
        done = floorman(room.db, *step)
        assert done.returncode == 0, done.stderr
    wait_for(browser, ".history .hands", "closed (fold)")
    patient(browser).until(
        lambda driver: len(driver.find_elements(By.CSS_SELECTOR, ".history a.hand-link")) == 2
    )
    assert browser.execute_script("return window.sameDocument === true;")
    shoot(browser, screens, "table-history-live")
