"""The scoreboard in a real browser: Debian's headless Chromium, driven through its chromedriver.

"In a real browser: headless Chromium from the distribution's packages loads the page, sees an action
appear after `referee act`, and a screenshot of a phone-sized page is taken in the test run."

The screenshots are written to the test's folder, and to ``$REFEREE_SCREENSHOTS`` when that names a
folder (to look at them after the run).
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from helpers.qr import decoded
from helpers.scoreboard import Served, act, demo_night, new_session

from referee.store.store import open_store

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMEDRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"

pytestmark = pytest.mark.skipif(not (Path(CHROMIUM).exists() and Path(CHROMEDRIVER).exists()),
                                reason="Debian's chromium and chromium-driver are not installed (.ci/run installs them)")


@pytest.fixture
def browser(tmp_path: Path):
    yield from _chromium(tmp_path)


@pytest.fixture
def russian_browser(tmp_path: Path):
    """A phone set to Russian: its Accept-Language is ``ru-RU,ru;q=0.9``."""
    yield from _chromium(tmp_path, accept_language="ru-RU,ru")


def _chromium(tmp_path: Path, accept_language: str | None = None):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    if accept_language:
        options.add_argument(f"--accept-lang={accept_language}")
        options.add_experimental_option("prefs", {"intl.accept_languages": accept_language})
    options.binary_location = CHROMIUM
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-quic", "--window-size=390,844", f"--user-data-dir={tmp_path / 'chromium'}"):
        options.add_argument(flag)
    options.add_experimental_option("mobileEmulation", {"deviceMetrics": {"width": 390, "height": 844, "pixelRatio": 2}})
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.set_page_load_timeout(30)
    try:
        yield driver
    finally:
        driver.quit()


def _text(driver, selector: str) -> str:
    from selenium.webdriver.common.by import By

    return driver.find_element(By.CSS_SELECTOR, selector).text


def _wait(driver, condition, timeout: float = 10.0):
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, timeout, poll_frequency=0.05).until(condition)


def _keep(shot: Path) -> None:
    folder = os.environ.get("REFEREE_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        shutil.copy(shot, Path(folder) / shot.name)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_a_phone_sees_an_action_appear_after_referee_act(sqlite_url: str, browser, tmp_path: Path) -> None:
    sid = new_session(sqlite_url)
    act(sqlite_url, sid, "new hand", "bob open 2")
    with Served(sqlite_url, sid) as served:
        browser.get(served.url)
        _wait(browser, lambda d: "Bob: bets 2" in _text(d, "#actions"))
        assert _text(browser, "#table") == "Kitchen"
        assert "live" in _text(browser, "#live")
        act(sqlite_url, sid, "cy r 2")
        _wait(browser, lambda d: "Cy: raises 2" in _text(d, "#actions"), timeout=5)
        assert "Dee to act" in _text(browser, "#turn")
        assert browser.execute_script("return document.documentElement.scrollWidth") <= 390  # no sideways scrolling
        shot = tmp_path / "scoreboard-phone.png"
        browser.save_screenshot(str(shot))
        assert shot.stat().st_size > 10_000
        _keep(shot)
        # in a dark room: a phone set to dark mode gets a dark page with light text
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia",
                                {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
        background = browser.execute_script("return getComputedStyle(document.body).backgroundColor")
        text = browser.execute_script("return getComputedStyle(document.body).color")
        assert background == "rgb(17, 20, 24)" and text == "rgb(232, 230, 227)", (background, text)
        dark = tmp_path / "scoreboard-phone-dark.png"
        browser.save_screenshot(str(dark))
        _keep(dark)


def test_a_phone_set_to_russian_reads_the_page_in_russian(sqlite_url: str, russian_browser, tmp_path: Path) -> None:
    """The night names no locale, so the page speaks the phone's language.  Worked out by hand: Ann
    deals the first hand and antes 1 for each of the four (pot 4), Bob opens for 2 (pot 6), Cy raises
    2 (he puts in 4: pot 10); Dee is next.  The game's title and the legal actions are the engine's
    words, the actions the hand format's (English)."""
    from selenium.webdriver.common.by import By

    sid = new_session(sqlite_url)
    act(sqlite_url, sid, "new hand", "bob open 2", "cy r 2")
    _words = lambda d, selector: d.find_element(By.CSS_SELECTOR, selector).get_attribute("textContent")  # noqa: E731 - as written, not as styled (headings are upper case)
    with Served(sqlite_url, sid) as served:
        russian_browser.get(served.url)
        _wait(russian_browser, lambda d: "Cy: raises 2" in _text(d, "#actions"))
        assert russian_browser.execute_script("return document.documentElement.lang") == "ru"
        assert _words(russian_browser, "#hand-title").startswith("Раздача 1 · ")
        assert _text(russian_browser, "#hand-head") == "Сдаёт Ann · банк 10"
        assert _text(russian_browser, "#turn").startswith("ход Dee: ")
        assert _words(russian_browser, "#standings-title") == "Места"
        assert _text(russian_browser, "#standings thead") == "# Игрок Куплено Фишки +/− фишки"
        assert _text(russian_browser, "#findings") == "Пока ничего."
        assert _text(russian_browser, "#live").startswith("в эфире · ")
        assert russian_browser.title == "Kitchen · referee"
        shot = tmp_path / "scoreboard-phone-russian.png"
        russian_browser.save_screenshot(str(shot))
        _keep(shot)


def test_a_page_says_it_lost_the_server_and_catches_up_when_it_is_back(sqlite_url: str, browser) -> None:
    sid = new_session(sqlite_url)
    port = str(_free_port())
    with Served(sqlite_url, sid, "--port", port) as served:
        url = served.url
        browser.get(url)
        _wait(browser, lambda d: "live" in _text(d, "#live"))
    _wait(browser, lambda d: "connection lost" in _text(d, "#live"))
    act(sqlite_url, sid, "new hand", "bob open 2")
    with Served(sqlite_url, sid, "--port", port):
        _wait(browser, lambda d: "Bob: bets 2" in _text(d, "#actions"), timeout=20)  # EventSource retries by itself
        assert "live" in _text(browser, "#live")


def test_the_closed_demo_night_shows_who_pays_whom_and_a_player_taps_his_name(tmp_path: Path, browser) -> None:
    from selenium.webdriver.common.by import By

    url = demo_night(tmp_path)

    with Served(url, 1) as served:
        browser.get(served.url)
        _wait(browser, lambda d: d.find_element(By.ID, "settle").is_displayed())
        assert "pays" in _text(browser, "#transfers")
        bob = [b for b in browser.find_elements(By.CSS_SELECTOR, "#transfers button") if b.text == "Bob"][0]
        bob.click()
        _wait(browser, lambda d: d.find_element(By.ID, "mine").is_displayed())
        mine = _text(browser, "#mine")
        assert mine.startswith("Bob: ") and "You pay" in mine
        # how to pay: Dee's PayPal.me link on the transfer to Dee, Eve's EPC code on the transfer to Eve
        assert "You pay Dee €9.00\nPayPal: €9.00\nhttps://paypal.me/DeeExample/9.00EUR" in mine
        assert browser.find_element(By.CSS_SELECTOR, "#mine a").get_attribute("href") == \
            "https://paypal.me/DeeExample/9.00EUR"
        codes = browser.find_elements(By.CSS_SELECTOR, "#mine img.code")
        assert [img.get_attribute("alt") for img in codes] == ["SEPA transfer code: Eve €4.00"]
        _wait(browser, lambda d: all(d.execute_script("return arguments[0].complete && arguments[0].naturalWidth > 0",
                                                      img) for img in codes))
        with open_store(url) as store:
            day = f"{store.session(1).started_at:%Y-%m-%d}"
        browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", codes[0])  # clear of the header
        assert decoded(codes[0].screenshot_as_png) == [(  # read off the phone's screen, as a camera would
            f"BCD\n002\n1\nSCT\n\nEve Example\nDE89370400440532013000\nEUR4\n\n\n"
            f"Ann's kitchen, night 1 of {day}: Bob to Eve", "M")]
        shot = tmp_path / "scoreboard-phone-settlement.png"
        browser.save_screenshot(str(shot))
        _keep(shot)
        # nobody else's details are shown as his: Ann sees Eve's code on her transfer to Eve and
        # nothing of Dee's; Eve, who only gets money, sees no one's details
        for name, shown in (("Ann", ["SEPA transfer code: Eve €3.00"]), ("Eve", [])):
            button = [b for b in browser.find_elements(By.CSS_SELECTOR, "#transfers button") if b.text == name][0]
            browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)  # as a thumb scrolls
            button.click()
            _wait(browser, lambda d, name=name: _text(d, "#mine").startswith(name + ": "))
            assert [img.get_attribute("alt") for img in browser.find_elements(By.CSS_SELECTOR, "#mine img.code")] == shown
            assert "DeeExample" not in _text(browser, "#mine") and "paypal" not in _text(browser, "#mine").casefold()


def _night(url: str, table: str, rulebook: str, names: tuple[str, ...]) -> int:
    from referee.store.store import open_store
    from referee.store.transaction import SeatSpec

    with open_store(url) as store:
        with store.transaction() as tx:
            session = tx.new_session(table_name=table, rulebook=rulebook, chip_value_cents=100,
                                        seats=[SeatSpec(n, 100) for n in names])
        assert session.id is not None
        return session.id


def _x_of(driver, selector: str, piece: str, offset: int) -> float:
    """Where the character ``offset`` of the first ``piece`` in ``selector``'s text is drawn (left edge)."""
    return driver.execute_script("""
        const [selector, piece, offset] = arguments;
        const box = document.querySelector(selector);
        const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const at = node.data.indexOf(piece);
          if (at < 0) continue;
          const range = document.createRange();
          range.setStart(node, at + offset); range.setEnd(node, at + offset + 1);
          return range.getBoundingClientRect().left;
        }
        return null;""", selector, piece, offset)


def test_a_hundred_character_name_and_right_to_left_overrides_stay_inside_a_phone(sqlite_url: str, browser,
                                                                                 tmp_path: Path) -> None:
    """A 100-character player name once made the page 1,827 px wide on a 390 px phone, and a right-to-left
    override in the table name reversed the header: the page stays 390 px wide, and each name is a bidi
    isolate (the words after it read left to right)."""
    long_name = "Maximilian" * 10
    hebrew = "\u05d3\u05e0\u05d9"  # a name written right to left
    sid = _night(sqlite_url, "Kitchen", "jackpots", (long_name, hebrew, "Cy", "Dee"))
    act(sqlite_url, sid, "new hand", f"{hebrew}: open 2", "Cy: raise 2")
    with Served(sqlite_url, sid) as served:
        browser.get(served.url)
        _wait(browser, lambda d: "raises 2" in _text(d, "#actions"))
        assert browser.execute_script("return document.documentElement.scrollWidth") <= 390
        assert long_name in _text(browser, "#standings").replace("\n", "")
        assert _x_of(browser, "#actions", ": bets 2", 2) < _x_of(browser, "#actions", ": bets 2", 7)
        shot = tmp_path / "scoreboard-phone-long-names.png"
        browser.save_screenshot(str(shot))
        _keep(shot)
    # the table's name ends in an override nobody closes: ' · closed' after it still reads left to right
    closed = _night(sqlite_url, "Kitchen\u202e night", "jackpots", ("Ann", "Bob"))
    run = subprocess.run([str(Path(sys.executable).parent / "referee"), "--db", sqlite_url, "session", "close",
                          str(closed), "-c", "Ann:100", "-c", "Bob:100"], capture_output=True, text=True,
                         env={k: v for k, v in os.environ.items() if k != "REFEREE_DB"}, stdin=subprocess.DEVNULL)
    assert run.returncode == 0, run.stderr
    with Served(sqlite_url, closed) as served:
        browser.get(served.url)
        _wait(browser, lambda d: "closed" in _text(d, "#table"))
        assert _x_of(browser, "#table", "closed", 0) < _x_of(browser, "#table", "closed", 5)
        assert browser.execute_script("return document.documentElement.scrollWidth") <= 390


def test_a_phone_sees_an_unshown_showdown_wait_for_the_shows_then_the_winner(sqlite_url: str, browser,
                                                                             tmp_path: Path) -> None:
    sid = _night(sqlite_url, "Kitchen", "straight_draw", ("Ann", "Bob", "Cy"))
    act(sqlite_url, sid, "new hand", "Ann: dealt Jh Jd 4c 7s 9d", "Bob: dealt Qh Qd 2c 3s 8d",
        "Cy: dealt Ks Kd 5c 6s Td", "bob bet 2", "cy call", "ann fold", "bob stands pat", "cy stands pat",
        "bob check", "cy check")
    with Served(sqlite_url, sid) as served:
        browser.get(served.url)
        _wait(browser, lambda d: "waiting for the shows" in _text(d, "#turn"))
        page = browser.find_element("tag name", "body").text
        assert "kings" not in page and "Ks" not in page and "Cy wins" not in page
        assert "Ann: dealt ?? ?? ?? ?? ??" in _text(browser, "#actions")
        assert "Hand 1 is not decided yet" in _text(browser, "#undecided")
        waiting = tmp_path / "scoreboard-phone-waiting-for-the-shows.png"
        browser.save_screenshot(str(waiting))
        _keep(waiting)
        act(sqlite_url, sid, "bob shows Qh Qd 2c 3s 8d", "cy shows Ks Kd 5c 6s Td")
        _wait(browser, lambda d: "Cy wins 7 with pair of kings" in _text(d, "#turn"))
        assert "Ks Kd" in _text(browser, "#cards") or "Kd Ks" in _text(browser, "#cards")
        assert _text(browser, "#undecided") == ""
        shown = tmp_path / "scoreboard-phone-after-the-shows.png"
        browser.save_screenshot(str(shown))
        _keep(shown)


def test_a_season_page_and_a_players_page_fit_a_phone(tmp_path: Path, browser) -> None:
    """``referee serve --season``: the league table and a player's page (his chart, his ruling) at 390 px."""
    from selenium.webdriver.common.by import By

    from helpers.cli import ok
    from helpers.league import record_nights
    from test_league_tables import NIGHTS

    url = demo_night(tmp_path)  # Cy's false open, ruled on
    record_nights(url, tmp_path, NIGHTS)
    ok("season", "new", "All of it", "--from", "2026-01-01", "--to", "2027-12-31", "--scoring", "points-by-place",
       "--db", url)
    with Served(url, "--season=All of it") as served:
        browser.get(served.url)
        assert "1 Bob 6 46 −€27.00" in _text(browser, "#league")  # text-transform: the heading reads in capitals
        assert browser.execute_script("return document.documentElement.scrollWidth") <= 390
        shot = tmp_path / "season-phone.png"
        browser.save_screenshot(str(shot))
        _keep(shot)
        [cy] = [a for a in browser.find_elements(By.CSS_SELECTOR, "#league a") if a.text == "Cy"]
        cy.click()
        _wait(browser, lambda d: _text(d, "#player") == "Cy")
        assert "Dee says Cy's open was false" in _text(browser, "#concerns")
        assert browser.find_element(By.CSS_SELECTOR, ".chart svg").size["width"] <= 390
        assert browser.execute_script("return document.documentElement.scrollWidth") <= 390
        shot = tmp_path / "season-player-phone.png"
        browser.save_screenshot(str(shot))
        _keep(shot)
