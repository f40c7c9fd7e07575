"""The dealer's station by touch alone, in a real browser (headless Chromium driven by
Selenium against a real server): a whole hand by taps, a premature turn with the steps
of its procedure, the irregular menu, the keyboard, and the page with JavaScript off.
Screenshots at a 10-inch tablet's and a phone's size are saved and printed."""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from roomserver import PREMATURE_TURN, Room, Serve, floorman
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.remote.webelement import WebElement
from test_server_browser import (
    CHROMEDRIVER,
    CHROMIUM,
    patient,
    replaced,
    shoot,
    wait_for,
)

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def room(room_server: Serve, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Room]:
    with room_server(tmp_path_factory.mktemp("room") / "room.db") as served:
        yield served


@pytest.fixture(scope="module")
def screens(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("station-screens")
    print(f"\nscreenshots: {folder}")
    return folder


def chromium(*, javascript: bool = True) -> Iterator[WebDriver]:
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
    if not javascript:
        options.add_experimental_option(
            "prefs", {"profile.managed_default_content_settings.javascript": 2}
        )
    driver = webdriver.Chrome(service=Service(str(CHROMEDRIVER)), options=options)
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


@pytest.fixture
def tablet() -> Iterator[WebDriver]:
    yield from chromium()


@pytest.fixture
def no_script() -> Iterator[WebDriver]:
    yield from chromium(javascript=False)


def open_station(driver: WebDriver, room: Room, table: str) -> None:
    """Sign in with the table's station token (pasted once, as the room sets a tablet
    up) and land on the station page."""
    driver.get(f"{room.url}/login")
    driver.find_element(By.NAME, "station").send_keys(room.stations[table])
    driver.find_elements(By.CSS_SELECTOR, "form button")[-1].click()
    wait_for(driver, ".station-state .station-form")


def tap(driver: WebDriver, css: str, label: str | None = None) -> None:
    """Tap the one button ``css`` matches (reading ``label``), and wait for the page it
    brings."""
    old = driver.find_element(By.CSS_SELECTOR, ".station-state")
    buttons = driver.find_elements(By.CSS_SELECTOR, css)
    if label is not None:
        buttons = [b for b in buttons if b.text == label]
    assert len(buttons) == 1, [b.text for b in driver.find_elements(By.CSS_SELECTOR, css)]
    buttons[0].click()
    patient(driver).until(replaced(old))


def act(driver: WebDriver, label: str) -> None:
    tap(driver, ".controls .actions button", label)


def step(driver: WebDriver, event: str) -> None:
    """The dealer's button for ``event`` (``burn``, ``reshuffle``, ``flop``)."""
    tap(driver, f'.dealer-steps button[data-step="{event}"]')


def pick(driver: WebDriver, *cards: str) -> None:
    """Tap cards on the picker (opening it first if it is folded away)."""
    picker = driver.find_element(By.CSS_SELECTOR, ".picker")
    if picker.get_attribute("open") is None:
        picker.find_element(By.CSS_SELECTOR, "summary").click()
    for card in cards:
        box = driver.find_element(By.NAME, f"c.{card}")
        box.find_element(By.XPATH, "..").click()
        assert box.is_selected(), card


def deal_board(driver: WebDriver, street: str, *cards: str) -> None:
    pick(driver, *cards)
    step(driver, street)


def seat_of(driver: WebDriver, seat: int) -> WebElement:
    return driver.find_element(By.CSS_SELECTOR, f'.seat[data-seat="{seat}"]')


def labels(driver: WebDriver, css: str) -> list[str]:
    return [b.text for b in driver.find_elements(By.CSS_SELECTOR, css)]


def events_of(room: Room, table: str) -> list[str]:
    view = room.station(table).get(f"/api/tables/{table}").json()
    return [e["text"] for e in view["events"]]


def test_a_whole_hand_by_taps_alone(tablet: WebDriver, room: Room, screens: Path) -> None:
    room.table("21")
    open_station(tablet, room, "21")
    assert labels(tablet, ".dealer-steps button") == ["deal"]
    step(tablet, "deal")
    seat = tablet.find_element(By.CSS_SELECTOR, ".seat.to-act")
    assert seat.get_attribute("data-seat") == "3"
    assert "SB" in tablet.find_element(By.CSS_SELECTOR, '.seat[data-seat="1"]').text
    assert "BB" in tablet.find_element(By.CSS_SELECTOR, '.seat[data-seat="2"]').text
    assert tablet.find_elements(By.CSS_SELECTOR, '.seat[data-seat="6"] .dealer-button')
    assert labels(tablet, ".controls .actions button") == [
        "fold", "call 2", "min raise to 4", "all in 100",
    ]  # fmt: skip
    shoot(tablet, screens, "station-preflop")
    for label in ("call 2", "call 2", "fold", "fold", "call 1", "check"):
        act(tablet, label)
    assert "seat-folded" in (seat_of(tablet, 5).get_attribute("class") or "")
    assert labels(tablet, ".dealer-steps button") == ["burn"]
    step(tablet, "burn")
    deal_board(tablet, "flop", "Ah", "Kd", "7c")
    for card in ("Ah", "Kd", "7c"):
        assert not tablet.find_element(By.NAME, f"c.{card}").is_enabled()
    assert tablet.find_element(By.NAME, "c.Qs").is_enabled()
    act(tablet, "check")
    for key in ("C", "1", "0"):
        tablet.find_element(By.CSS_SELECTOR, f'.pad .key[data-key="{key}"]').click()
    assert tablet.find_element(By.NAME, "amount").get_attribute("value") == "10"
    tap(tablet, ".pad button[data-verb=bet-amount]")
    assert "10" in tablet.find_element(By.CSS_SELECTOR, '.seat[data-seat="2"] .in-front').text
    shoot(tablet, screens, "station-flop")
    for label in ("fold", "call 10", "fold"):
        act(tablet, label)
    step(tablet, "burn")
    deal_board(tablet, "turn", "2c")
    act(tablet, "check")
    act(tablet, "check")
    step(tablet, "burn")
    deal_board(tablet, "river", "3d")
    act(tablet, "bet 2")
    act(tablet, "call 2")
    assert labels(tablet, ".showdown button") == ["show 2", "muck 2", "show 4", "muck 4"]
    pick(tablet, "Qs", "Qh")
    tap(tablet, '.showdown button[data-step="show 2"]')
    tap(tablet, '.showdown button[data-step="muck 4"]')
    tablet.find_element(By.CSS_SELECTOR, ".irregular summary").click()
    tablet.find_element(By.XPATH, "//input[@name='seat'][@value='2']/..").click()
    for key in ("3", "2"):
        tablet.find_element(By.CSS_SELECTOR, f'.menu-pad .key[data-key="{key}"]').click()
    shoot(tablet, screens, "station-showdown")
    tap(tablet, '.menu button[data-irregular="award SEAT X"]')
    assert events_of(room, "21") == [
        "deal", "3 call", "4 call", "5 fold", "6 fold", "1 call", "2 check", "burn",
        "flop Ah Kd 7c", "1 check", "2 bet 10", "3 fold", "4 call", "1 fold", "burn",
        "turn 2c", "2 check", "4 check", "burn", "river 3d", "2 bet 2", "4 call",
        "show 2 Qh Qs", "muck 4", "award 2 32",
    ]  # fmt: skip
    view = room.station("21").get("/api/tables/21").json()
    assert view["rulings"] == []
    assert view["violations"] == []


def test_a_premature_turn_and_its_procedure_by_taps(
    tablet: WebDriver, room: Room, screens: Path
) -> None:
    """RRoP §5: the premature turn card is taken out of play, the turn burned and dealt;
    before the river the stub is reshuffled with it, cut, and the river dealt with no
    burn. The page offers those steps and never a plain burn against them."""
    station = room.table("22")
    station.post("/api/tables/22/events", json={"events": PREMATURE_TURN})
    open_station(tablet, room, "22")
    assert "7d" in [c.get_attribute("value") for c in tablet.find_elements(
        By.CSS_SELECTOR, ".pick input:disabled")]  # fmt: skip
    for label in ("call 6", "call 6", "call 6"):
        act(tablet, label)
    assert labels(tablet, ".dealer-steps button") == ["burn"]
    step(tablet, "burn")
    deal_board(tablet, "turn", "2c")
    for _ in range(4):
        act(tablet, "check")
    assert labels(tablet, ".dealer-steps button") == ["reshuffle"]
    steps = tablet.find_element(By.CSS_SELECTOR, ".dealer-steps .steps").text
    assert "deal the river without a burn" in steps
    shoot(tablet, screens, "station-procedure")
    step(tablet, "reshuffle")
    assert labels(tablet, ".dealer-steps button") == ["cut"]
    step(tablet, "cut")
    assert labels(tablet, ".dealer-steps button") == ["deal the river (no burn): pick 1"]
    assert tablet.find_element(By.NAME, "c.7d").is_enabled()
    deal_board(tablet, "river", "7d")
    view = station.get("/api/tables/22").json()
    assert [e["text"] for e in view["events"]][len(PREMATURE_TURN) :] == [
        "3 call", "4 call", "1 call", "burn", "turn 2c", "1 check", "2 check", "3 check",
        "4 check", "reshuffle", "cut", "river 7d",
    ]  # fmt: skip
    assert [r["rule"] for r in view["rulings"]] == ["rrop.holdem.premature-turn"]
    assert view["violations"] == []
    shoot(tablet, screens, "station-river")


def test_the_irregular_menu_and_the_keys(tablet: WebDriver, room: Room, screens: Path) -> None:
    room.table("23")
    open_station(tablet, room, "23")
    step(tablet, "deal")
    body = tablet.find_element(By.TAG_NAME, "body")
    old = tablet.find_element(By.CSS_SELECTOR, ".station-state")
    body.send_keys("c")
    patient(tablet).until(replaced(old))
    assert events_of(room, "23")[-1] == "3 call"
    old = tablet.find_element(By.CSS_SELECTOR, ".station-state")
    body = tablet.find_element(By.TAG_NAME, "body")
    body.send_keys("8")
    body.send_keys(Keys.ENTER)
    patient(tablet).until(replaced(old))
    assert events_of(room, "23")[-1] == "4 raise 8"
    tablet.find_element(By.CSS_SELECTOR, ".irregular summary").click()
    pick(tablet, "Ah")
    tap(tablet, '.menu button[data-irregular="expose SEAT CARDS"]')
    assert "choose the seat" in tablet.find_element(By.CSS_SELECTOR, ".message").text
    assert tablet.find_element(By.NAME, "c.Ah").is_selected()
    assert events_of(room, "23")[-1] == "4 raise 8"
    tablet.find_element(By.XPATH, "//input[@name='seat'][@value='1']/..").click()
    menu = tablet.find_element(By.CSS_SELECTOR, ".irregular")
    tablet.execute_script("arguments[0].scrollIntoView()", menu)
    shoot(tablet, screens, "station-irregular")
    tap(tablet, '.menu button[data-irregular="expose SEAT CARDS"]')
    assert events_of(room, "23")[-1] == "expose 1 Ah"
    assert not tablet.find_element(By.NAME, "c.Ah").is_enabled()
    assert tablet.find_elements(By.CSS_SELECTOR, ".rulings .ruling")
    shortcuts = tablet.find_element(By.CSS_SELECTOR, ".shortcuts").text
    assert "f fold" in shortcuts
    assert "c check or call" in shortcuts


def test_the_station_works_with_javascript_off(
    no_script: WebDriver, room: Room, screens: Path
) -> None:
    room.table("24")
    open_station(no_script, room, "24")
    step(no_script, "deal")
    assert no_script.find_element(By.CSS_SELECTOR, ".pad .keys").is_displayed() is False
    amount = no_script.find_element(By.NAME, "amount")
    amount.clear()
    amount.send_keys("9")
    tap(no_script, ".pad button[data-verb=raise-amount]")
    old = no_script.find_element(By.CSS_SELECTOR, ".station-state")
    amount = no_script.find_element(By.NAME, "amount")
    amount.clear()
    amount.send_keys("30", Keys.ENTER)
    patient(no_script).until(replaced(old))
    act(no_script, "call 30")
    shoot(no_script, screens, "station-no-script")
    assert events_of(room, "24")[-3:] == ["3 raise 9", "4 raise 30", "5 call"]


def test_the_seat_map_names_the_players_and_shows_who_sits_out(
    tablet: WebDriver, room: Room, screens: Path
) -> None:
    room.table("25")
    for command in (
        ["add", "-t", "25", "deal", "3 fold", "4 fold", "5 fold", "6 fold", "1 fold"],
        ["table", "sit", "8", "200", "--name", "Dana", "--table", "25"],
        ["table", "sitout", "4", "--table", "25"],
        ["next", "-t", "25"],
    ):
        done = floorman(room.db, *command)
        assert done.returncode == 0, done.stderr
    open_station(tablet, room, "25")
    dana = seat_of(tablet, 8)
    assert "Dana" in dana.text
    assert "waiting for the big blind" in dana.text.lower()
    assert "seat-away" in (seat_of(tablet, 4).get_attribute("class") or "")
    assert "sitting out" in seat_of(tablet, 4).text.lower()
    assert "Dana" in tablet.find_element(By.CSS_SELECTOR, ".irregular .seats").get_attribute(
        "textContent"
    )
    shoot(tablet, screens, "station-seated")
