"""The README's hand at the table: taps on the station against keystrokes in ``live``.

    python benchmarks/bench_taps.py

Makes a SQLite store in a temporary folder with two tables dealt as the README's (seats
1 to 6 with 100, blinds 1/2, the button on 6), serves it with uvicorn in a thread, and
records the README's hand at each: at table 7 by tapping the real station page in
headless Chromium at 1280x800 (each click on a button, a card, a key of the pad or a
menu's heading counted; nothing typed), at table 8 by piping the same lines into
``floorman live`` (each character of a line and its Enter counted, and again as if Tab
completed every word it can, from ``live``'s own completions). Both tables must end with
the same events; the counts are printed.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from types import SimpleNamespace

from bench_dashboard import made, served
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.remote.webelement import WebElement
from selenium.webdriver.support.ui import WebDriverWait

SEATS = "1=100,2=100,3=100,4=100,5=100,6=100"
LINES = [
    "deal", "3 call", "4 call", "5 fold", "6 fold", "1 call", "2 check",
    "burn", "flop Ah Kd 7c", "1 check", "2 bet 6", "turn 7d", "floor call",
    "3 call", "4 fold", "1 call", "burn", "turn 9s", "undo", "turn Qs",
    "1 check", "2 check", "3 check", "reshuffle", "cut", "river Jh",
    "1 check", "2 check", "3 check", "show 1 Tc 2c", "show 2 Td 3d", "show 3 Th 4s",
]  # fmt: skip
"""The README's hand as typed in ``live``: its events, ``undo`` after the mistyped turn,
and the floor called (``floor call``, what the station's button records) after the
premature turn, where the README runs ``call-floor``."""

WAIT = 20


class Tablet:
    """The station page, every tap counted."""

    def __init__(self, driver: WebDriver) -> None:
        self.driver = driver
        self.taps = 0

    def tap(self, element: WebElement, *, loads: bool = False) -> None:
        self.taps += 1
        old = self.driver.find_element(By.CSS_SELECTOR, ".station-state")
        element.click()
        if loads:
            WebDriverWait(self.driver, WAIT).until(lambda _: _gone(old))

    def find(self, css: str) -> WebElement:
        return self.driver.find_element(By.CSS_SELECTOR, css)

    def button(self, css: str) -> None:
        self.tap(self.find(css), loads=True)

    def act(self, label: str) -> None:
        (found,) = [
            b
            for b in self.driver.find_elements(By.CSS_SELECTOR, ".controls .actions button")
            if b.text == label
        ]
        self.tap(found, loads=True)

    def opened(self, css: str) -> None:
        folded = self.find(css)
        if folded.get_attribute("open") is None:
            self.tap(folded.find_element(By.CSS_SELECTOR, "summary"))

    def cards(self, *cards: str) -> None:
        self.opened(".picker")
        for card in cards:
            self.tap(self.find(f'input[name="c.{card}"]').find_element(By.XPATH, ".."))

    def deal(self, street: str, *cards: str) -> None:
        self.cards(*cards)
        self.button(f'.dealer-steps button[data-step="{street}"]')

    def show(self, seat: int, *cards: str) -> None:
        self.cards(*cards)
        self.button(f'.showdown button[data-step="show {seat}"]')


def _gone(element: WebElement) -> bool:
    try:
        element.is_enabled()
    except Exception:
        return True
    return False


def by_taps(url: str, token: str) -> int:
    """The README's hand on the station page at table 7; the taps it took."""
    profile = tempfile.mkdtemp(prefix="floorman-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 f"--user-data-dir={profile}", "--window-size=1280,800"):  # fmt: skip
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    try:
        driver.get(f"{url}/login")
        driver.find_element(By.NAME, "station").send_keys(token)  # set up once, not counted
        driver.find_elements(By.CSS_SELECTOR, "form button")[-1].click()
        WebDriverWait(driver, WAIT).until(
            lambda d: d.find_elements(By.CSS_SELECTOR, ".station-state .station-form")
        )
        t = Tablet(driver)
        t.button('.dealer-steps button[data-step="deal"]')
        for label in ("call 2", "call 2", "fold", "fold", "call 1", "check"):
            t.act(label)
        t.button('.dealer-steps button[data-step="burn"]')
        t.deal("flop", "Ah", "Kd", "7c")
        t.act("check")
        t.tap(t.find('.pad .key[data-key="6"]'))
        t.button(".pad button[data-verb=bet-amount]")
        t.cards("7d")
        t.opened(".irregular")
        t.button('.menu button[data-irregular="turn CARDS"]')
        t.button(".floor-call button.call-floor")
        for label in ("call 6", "fold", "call 6"):
            t.act(label)
        t.button('.dealer-steps button[data-step="burn"]')
        t.deal("turn", "9s")
        t.tap(t.find(".controls .undo summary"))
        t.button(".controls .undo .confirm button")
        t.deal("turn", "Qs")
        for _ in range(3):
            t.act("check")
        t.button('.dealer-steps button[data-step="reshuffle"]')
        t.button('.dealer-steps button[data-step="cut"]')
        t.deal("river", "Jh")
        for _ in range(3):
            t.act("check")
        t.show(1, "Tc", "2c")
        t.show(2, "Td", "3d")
        t.show(3, "Th", "4s")
        return t.taps
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


def by_keys(db: str) -> None:
    """The same hand piped into ``floorman live`` at table 8."""
    done = subprocess.run(
        [sys.executable, "-m", "floorman", "live", "--table", "8", "--db", db],
        input="".join(line + "\n" for line in LINES),
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    if done.returncode != 0:
        raise SystemExit(f"floorman live: {done.stderr}")


def keystrokes(lines: list[str]) -> int:
    """Every character of every line, and its Enter."""
    return sum(len(line) + 1 for line in lines)


def completed_keystrokes(lines: list[str]) -> int:
    """The keys with Tab completing a word once what is typed leaves one way to end it
    (``live``'s own completions, seats included); the Tab types the space after it."""
    from floorman.cli.live import completions

    seated = SimpleNamespace(state=SimpleNamespace(table=SimpleNamespace(seats=range(1, 7))))

    keys = 0
    for line in lines:
        typed = ""
        words = line.split()
        for index, word in enumerate(words):
            last = index == len(words) - 1
            for count in range(1, len(word) + 1):
                found = completions(word[:count], typed + word[:count], seated)  # type: ignore[arg-type]
                if found == [word + " "] and count < len(word):
                    keys += count + 1  # the letters, then Tab (which types the space)
                    break
            else:
                keys += len(word) + (0 if last else 1)
            typed += word + " "
        keys += 1  # Enter
    return keys


def events(url: str, token: str, table: str) -> list[str]:
    import httpx

    view = httpx.get(f"{url}/api/tables/{table}", headers={"authorization": f"Bearer {token}"})
    return [e["text"] for e in view.json()["events"]]


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        db = str(Path(folder) / "room.db")
        tokens = {}
        for table in ("7", "8"):
            made("new", "--table", table, "--game", "holdem", "--blinds", "1/2", "--button", "6",
                 "--seats", SEATS, "--db", db)  # fmt: skip
            tokens[table] = made("station", "token", table, "--db", db).strip()
        with served(db) as url:
            taps = by_taps(url, tokens["7"])
            by_keys(db)
            tapped, typed = events(url, tokens["7"], "7"), events(url, tokens["8"], "8")
    if tapped != typed:
        raise SystemExit(f"the tables differ:\n station {tapped}\n live    {typed}")
    print(f"the README's hand: {len(tapped)} events recorded at each table, the same")
    print(f"station (1280x800), taps:            {taps:4}")
    print(f"live, keystrokes (typed, Enter):     {keystrokes(LINES):4}")
    print(f"live, keystrokes with Tab completion:{completed_keystrokes(LINES):4}")


if __name__ == "__main__":
    main()
