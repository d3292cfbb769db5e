"""Properties of a season, over random seasons of a few nights (each night a table of who won what,
recorded with ``referee import-ledger``; Bob sits as his alias Bobby on some nights):

* a player's nights add up to his line in the standings (nights, net money);
* the league table does not depend on the order the nights were recorded in;
* a player is one person (his aliases merged) alike in the standings, his page and the season report.

How many seasons: ``REFEREE_SEASON_EXAMPLES`` (default 4; each records its nights twice).
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from helpers.league import record_nights
from referee.store.store import open_store

EXAMPLES = int(os.environ.get("REFEREE_SEASON_EXAMPLES", "4"))
PEOPLE = ("Ann", "Bob", "Cy", "Dee")
SCORING = 'name = "Prop"\nrank_by = "points"\npoints_by_place = [5, 3, 1]\nattendance = 1\nbest_nights = 2\n' \
          'minimum_nights = 1\n'


@st.composite
def nights(draw: st.DrawFn) -> list[tuple[str, dict[str, int]]]:
    """2-4 nights on distinct days of January 2027, each of 2-4 players whose nets (whole euros, ties
    likely) sum to zero; Bob as Bobby on some."""
    days = draw(st.lists(st.integers(1, 28), min_size=2, max_size=4, unique=True))
    out = []
    for day in days:
        players = draw(st.lists(st.sampled_from(PEOPLE), min_size=2, max_size=4, unique=True))
        nets = [draw(st.sampled_from([-20, -10, 0, 10, 20])) for _ in players[1:]]
        nets.insert(0, -sum(nets))
        seat = {p: ("Bobby" if p == "Bob" and draw(st.booleans()) else p) for p in players}
        out.append((f"2027-01-{day:02d}", {seat[p]: net for p, net in zip(players, nets, strict=True)}))
    return out


def recorded(folder: Path, season: list[tuple[str, dict[str, int]]]) -> str:
    """A fresh store holding ``season``'s nights in the order given, and a season over them."""
    from helpers.cli import ok

    url = f"sqlite:///{folder / 'club.sqlite3'}"
    with open_store(url, create=True) as store:
        with store.transaction() as tx:
            tx.add_player("Bob")
            tx.add_alias("Bob", "Bobby")
    record_nights(url, folder, season)
    (folder / "prop.toml").write_text(SCORING, encoding="utf-8")
    ok("season", "new", "January", "--from", "2027-01-01", "--to", "2027-01-31", "--scoring",
       str(folder / "prop.toml"), "--db", url)
    return url


def league(url: str) -> list[tuple[object, ...]]:
    from referee.season.report import season_report

    with open_store(url) as store:
        report = season_report(store, "January", with_players=False)
    return [(r.rank, r.player, r.nights, r.counted, r.points, r.net_cents, r.tie_break, r.below)
            for r in report.league.rows]


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(season=nights(), order=st.randoms(use_true_random=False))
def test_the_league_table_does_not_depend_on_the_order_the_nights_were_recorded(season, order) -> None:
    shuffled = list(season)
    order.shuffle(shuffled)
    with tempfile.TemporaryDirectory() as one, tempfile.TemporaryDirectory() as two:
        assert league(recorded(Path(one), season)) == league(recorded(Path(two), shuffled))


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(season=nights())
def test_a_players_nights_add_up_to_his_line_and_he_is_one_person_everywhere(season) -> None:
    from referee.ledger.standings import standings
    from referee.season.player import player_page
    from referee.season.report import season_report

    with tempfile.TemporaryDirectory() as folder:
        url = recorded(Path(folder), season)
        with open_store(url) as store:
            lines = {row.player: (row.nights, row.net_cents) for row in standings(store).rows}
            report = season_report(store, "January")
            in_report = {row.player: (row.nights, row.net_cents) for row in report.league.rows}
            pages = {}
            for player in lines:
                page = player_page(store, player)
                assert sum(n.net_cents for n in page.nights) == page.net_cents
                pages[player] = (len(page.nights), page.net_cents)
            by_alias = player_page(store, "Bobby") if "Bob" in lines else None
    played = {("Bob" if name == "Bobby" else name) for _, nets in season for name in nets}
    assert set(lines) == played and "Bobby" not in lines
    assert lines == in_report == pages == {p.player: (len(p.nights), p.net_cents) for p in report.players}
    for person in played:  # by hand: his nights and their nets, read off the season as drawn
        mine = [nets.get(person, nets.get("Bobby")) if person == "Bob" else nets.get(person) for _, nets in season]
        mine = [net for net in mine if net is not None]
        assert lines[person] == (len(mine), 100 * sum(mine))
    if by_alias is not None:
        assert by_alias.player == "Bob" and (len(by_alias.nights), by_alias.net_cents) == lines["Bob"]
