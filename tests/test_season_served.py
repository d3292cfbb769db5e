"""A season on the players' phones (``referee serve --season NAME``), a real server in a subprocess:
the league table and each player's page, read-only, behind a read token like a night's page."""

from __future__ import annotations

import urllib.error
import urllib.request
from pathlib import Path
from urllib.parse import quote

import pytest

from helpers.cli import invoke, ok
from helpers.league import record_nights, winter_2027
from helpers.scoreboard import Served
from test_league_tables import NIGHTS


@pytest.fixture
def season(sqlite_url: str, tmp_path: Path) -> str:
    return winter_2027(sqlite_url, tmp_path)


def fetch(url: str, method: str = "GET", language: str | None = None) -> tuple[int, str]:
    headers = {"Accept-Language": language} if language else {}
    try:
        with urllib.request.urlopen(urllib.request.Request(url, method=method, headers=headers), timeout=10) as answer:
            return answer.status, answer.read().decode()
    except urllib.error.HTTPError as err:
        return err.code, ""


def test_the_season_page_shows_the_league_table_and_each_players_page(season: str) -> None:
    with Served(season, "--season=winter 2027") as served:
        assert "/season/" in served.url
        status, page = fetch(served.url)
        assert status == 200 and "League table" in page and 'href="p/Bob"' in page
        assert "below Ann on net money" in page  # Ann and Cy level on 39 points
        status, bob = fetch(served.url + "p/Bob")
        assert status == 200 and "<svg" in bob and "2027-01-22" in bob and "−€30.00" in bob
        assert fetch(served.url + "p/" + quote("Zed"))[0] == 404
        # a phone set to Russian reads the pages' own words in Russian (a season has no language of its own)
        status, russian = fetch(served.url, language="ru-RU,ru;q=0.9")
        assert status == 200 and '<html lang="ru">' in russian and "<h2>Турнирная таблица</h2>" in russian
        status, bob_russian = fetch(served.url + "p/Bob", language="ru")
        assert status == 200 and "<h2>Итоги</h2>" in bob_russian and "<h2>Вечера</h2>" in bob_russian
        wrong = served.url.replace("/season/", "/season/x")
        assert fetch(wrong)[0] == 404 and fetch(wrong + "p/Bob")[0] == 404
        assert fetch(served.url, "POST")[0] == 405


def test_serving_a_season_that_does_not_exist_is_refused(season: str) -> None:
    result = invoke("serve", "--season", "Summer", "--db", season)
    assert result.exit_code == 2 and "no season 'Summer'" in result.output
    both = invoke("serve", "1", "--season", "Winter 2027", "--db", season)
    assert both.exit_code == 2
