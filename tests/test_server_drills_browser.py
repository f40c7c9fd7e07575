"""A trainee takes a drill on a phone: headless Chromium at 390x844 with touch, every
answer a tap (a choice, chips added to each seat's amount), against a real server. The
page never scrolls sideways and every button is a finger wide. Screenshots are saved at
the phone's size, and their folder printed."""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from roomserver import PASSWORD, Room, Serve, csrf_of, floorman
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.remote.webelement import WebElement
from test_server_browser import CHROMEDRIVER, CHROMIUM, wait_for

pytestmark = pytest.mark.browser

PHONE = (390, 844)


@pytest.fixture(scope="module")
def room(room_server: Serve, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Room]:
    with room_server(tmp_path_factory.mktemp("room") / "room.db", ("7",)) as served:
        added = floorman(served.db, "users", "add", "tia", "--role", "trainee",
                         stdin=PASSWORD + "\n")  # fmt: skip
        assert added.returncode == 0, added.stderr
        yield served


@pytest.fixture
def phone(tmp_path_factory: pytest.TempPathFactory) -> Iterator[WebDriver]:
    missing = [str(p) for p in (CHROMIUM, CHROMEDRIVER) if not p.exists()]
    assert not missing, f"{', '.join(missing)} missing: sh scripts/system-deps --tests"
    profile = tempfile.mkdtemp(prefix="floorman-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in (
        "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--disable-dev-shm-usage", f"--user-data-dir={profile}", "--window-size=390,844",
    ):  # fmt: skip
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(str(CHROMEDRIVER)), options=options)
    width, height = PHONE
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": True},
    )
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True})
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


def tap(driver: WebDriver, element: WebElement) -> None:
    """A finger's tap in the middle of ``element`` (touch start and end, no mouse)."""
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    box = driver.execute_script(
        "const r = arguments[0].getBoundingClientRect();"
        "return [r.left + r.width / 2, r.top + r.height / 2, r.height];",
        element,
    )
    x, y, height = box
    assert height >= 44, f"a tap target {height}px high: {element.text!r}"
    point = [{"x": x, "y": y}]
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": point})
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def fits(driver: WebDriver) -> None:
    width = driver.execute_script("return document.documentElement.scrollWidth")
    assert width <= PHONE[0], f"the page is {width}px wide on a {PHONE[0]}px phone"


def shot(driver: WebDriver, folder: Path, name: str) -> None:
    path = folder / f"{name}-phone.png"
    driver.save_screenshot(str(path))
    print(f"saved {path}")


def test_a_trainee_takes_a_drill_set_by_taps_on_a_phone(
    phone: WebDriver, room: Room, tmp_path_factory: pytest.TempPathFactory
) -> None:
    screens = tmp_path_factory.mktemp("drill-screens")
    print(f"\nscreenshots: {screens}")
    coach = room.signed_in("coach")
    csrf = csrf_of(coach.get("/drills/trainees/tia").text)
    given = coach.post("/api/drill/trainees/tia/assignments",
                       json={"topics": ["splits", "reading"], "count": 2, "time_limit": 120},
                       headers={"x-csrf-token": csrf})  # fmt: skip
    assert given.status_code == 201, given.text

    phone.get(f"{room.url}/login")
    phone.find_element(By.NAME, "name").send_keys("tia")
    phone.find_element(By.NAME, "password").send_keys(PASSWORD)
    tap(phone, phone.find_element(By.CSS_SELECTOR, "button.primary"))
    wait_for(phone, ".drill-sets h1", "Drill sets for you")
    fits(phone)
    shot(phone, screens, "drill-home")
    tap(phone, phone.find_element(By.CSS_SELECTOR, ".drill-sets button.tap"))

    kinds = []
    for number in (1, 2):
        question = wait_for(phone, ".question")
        fits(phone)
        kind = question.get_attribute("data-kind")
        kinds.append(kind)
        assert phone.find_element(By.CSS_SELECTOR, ".timer").text.endswith("s")
        shot(phone, screens, f"drill-question-{number}")
        if kind == "split":
            for seat in phone.find_elements(By.CSS_SELECTOR, ".split-seat"):
                chips = seat.find_elements(By.CSS_SELECTOR, "button.chip[data-add]")
                tap(phone, chips[0])
                tap(phone, chips[-1])
                amount = seat.find_element(By.TAG_NAME, "input").get_attribute("value")
                adds = [int(c.get_attribute("data-add") or 0) for c in (chips[0], chips[-1])]
                assert amount == str(sum(adds))
            shot(phone, screens, f"drill-split-{number}")
            tap(phone, phone.find_element(By.CSS_SELECTOR, ".answer-form button.primary"))
        else:
            tap(phone, phone.find_elements(By.CSS_SELECTOR, "button.choice")[0])
        result = wait_for(phone, ".result")
        fits(phone)
        assert "The answer:" in result.text
        assert phone.find_element(By.CSS_SELECTOR, ".result .rule").text.startswith("Tests: ")
        if kind == "split":
            assert "RRoP §3 Ties" in phone.find_element(By.CSS_SELECTOR, ".result .cite").text
        shot(phone, screens, f"drill-result-{number}")
        tap(phone, phone.find_element(By.CSS_SELECTOR, "a.next"))
    assert sorted(kinds) == ["split", "winner"]

    score = wait_for(phone, ".score h1", "Score:")
    fits(phone)
    shot(phone, screens, "drill-score")
    assert "of 2" in score.text
    report = coach.get("/api/drill/trainees/tia").json()
    assert sum(day["questions"] for day in report["progress"]) == 2
    assert report["assignments"][0]["done"] == 1
    assert all(run["millis"] > 0 for run in report["runs"])
