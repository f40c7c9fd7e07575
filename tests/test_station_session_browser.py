"""A session of hands run from the table's tablet alone, in a real browser at a 10-inch
tablet's size: a hand to the showdown and its pot pushed, the next hand with a mistyped
flop taken back and a premature turn whose procedure the page leads through, a player
sitting down between hands, a misdeal and its redeal, and the floor called; the floor,
on a second browser at 1920x1080, sees the call on its screen, acknowledges it and
resolves it. Every step is a tap, except a player's name and chips where the page asks
for them; what is checked is what the dealer and the floor see."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from roomserver import Room
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver
from test_server_browser import patient, shoot, sign_in, wait_for
from test_station_browser import (
    act,
    chromium,
    deal_board,
    labels,
    open_station,
    pick,
    room,
    screens,
    seat_of,
    step,
    tablet,
    tap,
)

pytestmark = pytest.mark.browser

__all__ = ["room", "screens", "tablet"]  # the fixtures, shared with the station's tests


@pytest.fixture
def floor_screen() -> Iterator[WebDriver]:
    """The floor's own browser, a second session on a full-HD screen."""
    for driver in chromium():
        driver.execute_cdp_cmd(
            "Emulation.setDeviceMetricsOverride",
            {"width": 1920, "height": 1080, "deviceScaleFactor": 1, "mobile": False},
        )
        yield driver


def headline(driver: WebDriver) -> str:
    return driver.find_element(By.CSS_SELECTOR, ".station-state .act-now").text


def summary(driver: WebDriver) -> str:
    return driver.find_element(By.CSS_SELECTOR, ".station-state .summary").text


def stack(driver: WebDriver, seat: int) -> str:
    return seat_of(driver, seat).find_element(By.CSS_SELECTOR, ".behind").text


def classes(driver: WebDriver, seat: int) -> str:
    return seat_of(driver, seat).get_attribute("class") or ""


def button_seat(driver: WebDriver) -> str | None:
    (seat,) = driver.find_elements(By.CSS_SELECTOR, ".seat:has(.dealer-button)")
    return seat.get_attribute("data-seat")


def board(driver: WebDriver) -> list[str]:
    return [c.text for c in driver.find_elements(By.CSS_SELECTOR, ".felt .board .card")]


def status(driver: WebDriver) -> str:
    return driver.find_element(By.CSS_SELECTOR, ".station-state .status").text


def rulings(driver: WebDriver) -> str:
    return driver.find_element(By.CSS_SELECTOR, ".station-state .rulings").text


def undo(driver: WebDriver, text: str) -> None:
    """Open Undo, read what it takes back, and confirm."""
    opener = driver.find_element(By.CSS_SELECTOR, ".controls .undo summary")
    assert " ".join(opener.text.split()) == f"Undo {text}"
    opener.click()
    tap(driver, ".controls .undo .confirm button", f"Take back {text}")


def next_hand(driver: WebDriver, label: str = "Next hand") -> None:
    tap(driver, ".controls .next-hand button", label)


def deal_button_follows_the_cards_on_a_phone(driver: WebDriver) -> bool:
    """On a phone the open card picker runs past the screen: the button that deals the
    cards picked comes after the last card, not a scroll back up; on a tablet, beside
    the table, it stays above the picker."""
    deal = '.dealer-steps button[data-step="flop"]'
    bottom_of_cards = "return document.querySelector('.picker').getBoundingClientRect().bottom;"
    top_of_deal = f"return document.querySelector('{deal}').getBoundingClientRect().top;"
    tablet_above = driver.execute_script(top_of_deal) < driver.execute_script(bottom_of_cards)
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True},
    )
    try:
        phone_below = driver.execute_script(top_of_deal) >= driver.execute_script(bottom_of_cards)
    finally:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    return bool(tablet_above and phone_below)


def seat_choices_share_a_row_on_a_phone(driver: WebDriver) -> bool:
    """The irregular menu's seats at 390x844 sit side by side, a few to a row, each a
    finger's size: not one a line, a screen long."""
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True},
    )
    try:
        boxes = driver.execute_script(
            "return [...document.querySelectorAll('.irregular .seats .seat-pick span')]"
            ".map(s => s.getBoundingClientRect()).map(r => [r.top, r.width, r.height]);"
        )
    finally:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    rows = {round(top) for top, _, _ in boxes}
    return (
        len(boxes) >= 6
        and len(rows) <= len(boxes) / 3
        and all(width >= 44 and height >= 44 for _, width, height in boxes)
    )


def menu(driver: WebDriver, event: str) -> None:
    """An irregular event from the menu, opened first if it is folded away."""
    irregular = driver.find_element(By.CSS_SELECTOR, ".irregular")
    if irregular.get_attribute("open") is None:
        irregular.find_element(By.CSS_SELECTOR, "summary").click()
    tap(driver, f'.menu button[data-irregular="{event}"]')


def test_a_session_of_hands_from_the_tablet_and_the_floor_resolves_the_call(
    tablet: WebDriver, floor_screen: WebDriver, room: Room, screens: Path
) -> None:
    room.table("31")
    open_station(tablet, room, "31")

    # Hand 1: folded round to the button, who calls; the blinds see a showdown.
    assert headline(tablet) == "deal the cards; seat 3 acts first"
    step(tablet, "deal")
    assert headline(tablet) == "Seat 3 to act"
    for label in ("fold", "fold", "fold", "call 2", "fold", "check"):
        act(tablet, label)
    for street, cards in (("flop", ("Ah", "Kd", "7c")), ("turn", ("2c",)), ("river", ("3d",))):
        step(tablet, "burn")
        deal_board(tablet, street, *cards)
        act(tablet, "check")
        act(tablet, "check")
    assert labels(tablet, ".showdown button") == ["show 2", "muck 2", "show 6", "muck 6"]
    pick(tablet, "Qs", "Qh")
    tap(tablet, '.showdown button[data-step="show 2"]')
    pick(tablet, "Js", "Jh")
    tap(tablet, '.showdown button[data-step="show 6"]')
    shoot(tablet, screens, "session-showdown")
    assert rulings(tablet) == ""
    assert headline(tablet) == "showdown: every hand is tabled"
    assert "pot 5: seat 2 takes 5" in status(tablet)
    tap(tablet, '.push button[data-step="award"]', "push 5 to seat 2")
    assert [stack(tablet, seat) for seat in range(1, 7)] == [
        "99", "103", "100", "100", "100", "98",
    ]  # fmt: skip
    assert tablet.find_elements(By.CSS_SELECTOR, ".push button") == []
    assert rulings(tablet) == ""

    # Hand 2: a mistyped flop taken back, then the turn turned before the flop's betting
    # is done; the page leads the dealer through the procedure.
    next_hand(tablet)
    assert button_seat(tablet) == "1"
    step(tablet, "deal")
    assert headline(tablet) == "Seat 4 to act"
    for label in ("call 2", "fold", "fold", "fold", "call 1", "check"):
        act(tablet, label)
    step(tablet, "burn")
    assert deal_button_follows_the_cards_on_a_phone(tablet)
    deal_board(tablet, "flop", "Ah", "Kd", "8c")
    assert board(tablet) == ["A♥", "K♦", "8♣"]
    undo(tablet, "flop Ah Kd 8c")
    assert board(tablet) == []
    assert tablet.find_element(By.NAME, "c.8c").is_enabled()
    deal_board(tablet, "flop", "Ah", "Kd", "7c")
    assert board(tablet) == ["A♥", "K♦", "7♣"]
    assert headline(tablet) == "Seat 2 to act"
    act(tablet, "check")
    pick(tablet, "7d")
    menu(tablet, "turn CARDS")
    assert "premature" in rulings(tablet).lower()
    shoot(tablet, screens, "session-premature-turn")
    act(tablet, "check")
    act(tablet, "check")
    assert labels(tablet, ".dealer-steps button") == ["burn"]
    step(tablet, "burn")
    deal_board(tablet, "turn", "2c")
    for _ in range(3):
        act(tablet, "check")
    assert labels(tablet, ".dealer-steps button") == ["reshuffle"]
    assert (
        "deal the river without a burn"
        in tablet.find_element(By.CSS_SELECTOR, ".dealer-steps .steps").text
    )
    assert "burn" not in headline(tablet).split(";")[-1].replace("without a burn", "")
    step(tablet, "reshuffle")
    step(tablet, "cut")
    assert labels(tablet, ".dealer-steps button") == ["deal the river (no burn): pick 1"]
    deal_board(tablet, "river", "9h")
    act(tablet, "bet 2")
    act(tablet, "fold")
    act(tablet, "fold")
    tap(tablet, '.push button[data-step="award"]', "push 6 to seat 2")
    assert stack(tablet, 2) == "107"
    assert "violation" not in rulings(tablet)

    # Between hands: a new player sits down at seat 8 and posts, dealt in next hand.
    tablet.find_element(By.CSS_SELECTOR, ".controls .between summary").click() if (
        tablet.find_element(By.CSS_SELECTOR, ".controls .between").get_attribute("open") is None
    ) else None
    sit = tablet.find_element(By.CSS_SELECTOR, ".controls .change.sit")
    (seat_8,) = [s for s in sit.find_elements(By.CSS_SELECTOR, ".seat-pick span") if s.text == "8"]
    seat_8.click()
    sit.find_element(By.NAME, "name").send_keys("Dana")
    sit.find_element(By.NAME, "chips").send_keys("200")
    sit.find_element(By.CSS_SELECTOR, ".tick").click()
    shoot(tablet, screens, "session-sit-down")
    tap(tablet, ".controls .change.sit button", "Sit down")
    next_hand(tablet)
    assert button_seat(tablet) == "2"
    dana = seat_of(tablet, 8)
    assert "Dana" in dana.text
    assert "seat-in" in classes(tablet, 8)
    step(tablet, "deal")
    assert stack(tablet, 8) == "198"

    # Hand 3: a misdeal, and the redeal with the same button.
    hand = summary(tablet)
    tablet.find_element(By.CSS_SELECTOR, ".irregular summary").click()
    assert seat_choices_share_a_row_on_a_phone(tablet)
    menu(tablet, "misdeal")
    assert "misdeal" in headline(tablet)
    shoot(tablet, screens, "session-misdeal")
    next_hand(tablet, "Redeal")
    assert summary(tablet) != hand
    assert button_seat(tablet) == "2"
    assert "Dana" in seat_of(tablet, 8).text
    step(tablet, "deal")
    assert headline(tablet) == "Seat 5 to act"

    # The dealer calls the floor; the floor sees it on its screen and resolves it.
    tap(tablet, ".floor-call button.call-floor")
    assert "waiting for the floor" in tablet.find_element(By.CSS_SELECTOR, ".floor-call").text
    sign_in(floor_screen, room)
    call = wait_for(floor_screen, '#floor-queue .queue-item.kind-call[data-table="31"]')
    assert "station 31" in call.text
    wait_for(floor_screen, '.tile.needs-call[data-table="31"]')
    floor_screen.save_screenshot(str(screens / "session-floor-called-1920x1080.png"))
    call.find_element(By.CSS_SELECTOR, "button.ack").click()
    acknowledged = wait_for(floor_screen, '#floor-queue .queue-item.acknowledged[data-table="31"]')
    tablet.refresh()
    assert "floor is coming" in tablet.find_element(By.CSS_SELECTOR, ".floor-call").text
    acknowledged.find_element(By.CSS_SELECTOR, "button.resolve").click()
    patient(floor_screen).until(
        lambda driver: (
            not driver.find_elements(By.CSS_SELECTOR, '#floor-queue .queue-item[data-table="31"]')
        )
    )
    tablet.refresh()
    assert tablet.find_elements(By.CSS_SELECTOR, ".floor-call .called") == []
    assert headline(tablet) == "Seat 5 to act"
