"""Which language the players' page speaks, asked of the app in process (Starlette's TestClient): the
night's own language when its money locale names one referee speaks, else the phone's
``Accept-Language`` (q-values and regional tags matched to a catalog), else English; ``<html lang>``
says which, and every answer that depends on it says ``Vary: Accept-Language``."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from helpers.scoreboard import act, new_session
from starlette.testclient import TestClient

from referee.scoreboard.app import Board, create_app
from referee.store.store import open_store
from tests.helpers.cli import ok

RUSSIAN_PHONE = "ru-RU,ru;q=0.9,en-US;q=0.8,en;q=0.7"
ENGLISH_PHONE = "en-US,en;q=0.9,ru;q=0.8"


@contextmanager
def served(url: str, session: int) -> Iterator[TestClient]:
    with open_store(url) as store, TestClient(create_app(Board(store, session, "token"))) as client:
        yield client


def _page(client: TestClient, session: int, accept: str | None) -> tuple[str, str, str]:
    """The page's ``lang``, a heading of it, and the chip value the state gives (money follows the language)."""
    headers = {"Accept-Language": accept} if accept is not None else {}
    page = client.get(f"/s/{session}/token/", headers=headers)
    state = client.get(f"/s/{session}/token/state", headers=headers)
    head = client.head(f"/s/{session}/token/", headers=headers)
    assert page.status_code == state.status_code == 200
    for answer in (page, state, head):
        assert answer.headers["vary"] == "Accept-Language"
    lang = page.text.split('<html lang="', 1)[1].split('"', 1)[0]
    heading = page.text.split('<h2 id="standings-title">', 1)[1].split("<", 1)[0]
    return lang, heading, state.json()["view"]["chip_value"].replace("\u00a0", " ")


@pytest.mark.parametrize(("accept", "lang"), [
    (RUSSIAN_PHONE, "ru"), ("ru", "ru"), (ENGLISH_PHONE, "en"), ("ru;q=0.3, en;q=0.7", "en"), ("de-DE,de;q=0.9", "en"),
    ("de-DE, ru;q=0.5", "ru"), ("", "en"), (None, "en"), ("*", "en"),
])
def test_a_night_with_no_locale_speaks_the_phones_language(sqlite_url: str, accept: str | None, lang: str) -> None:
    """The chip value is 100 cents: €1.00 in English, 1,00 € in Russian (Babel's CLDR data)."""
    sid = new_session(sqlite_url)
    with served(sqlite_url, sid) as client:
        assert _page(client, sid, accept) == {"ru": ("ru", "Места", "1,00 €"),
                                              "en": ("en", "Standings", "€1.00")}[lang]


def test_the_nights_own_language_comes_before_the_phones(sqlite_url: str) -> None:
    """A night whose money is written ru_RU speaks Russian to every phone, an English one too; a night
    in de_DE (no German catalog) leaves it to the phone; one in en_GB speaks English to a Russian phone."""
    sid = new_session(sqlite_url)
    act(sqlite_url, sid, "new hand", "bob open 2")
    for locale, english_phone, russian_phone in [
        ("ru_RU", ("ru", "Места", "1,00 €"), ("ru", "Места", "1,00 €")),
        ("de_DE", ("en", "Standings", "1,00 €"), ("ru", "Места", "1,00 €")),
        ("en_GB", ("en", "Standings", "€1.00"), ("en", "Standings", "€1.00")),
    ]:
        ok("settle", str(sid), "--set", f"locale={locale}", "--db", sqlite_url)
        with served(sqlite_url, sid) as client:
            assert _page(client, sid, ENGLISH_PHONE) == english_phone, locale
            assert _page(client, sid, RUSSIAN_PHONE) == russian_phone, locale
