"""Nights of a season as a club's results: each night a table of who won or lost how much, written
as a PokerNow ledger and recorded with ``referee import-ledger`` (a closed night with no hands), so
a league table can be worked out by hand from the money alone."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

from helpers.cli import ok

#: what every player buys in for, in cents (his cash-out is this plus his night's net)
BUY_IN = 5_000


def ledger_csv(day: str, nets: Mapping[str, int]) -> str:
    """A PokerNow ledger (amounts in cents) of a night on ``day`` where each player won ``nets[name]``
    euros (− lost)."""
    rows = ["player_nickname,player_id,session_start_at,session_end_at,buy_in,buy_out,stack,net"]
    for n, (name, net) in enumerate(nets.items()):
        cents = net * 100
        rows.append(f'"{name}",id{n}{name},{day}T20:00:00.000Z,{day}T23:00:00.000Z,{BUY_IN},{BUY_IN + cents},0,{cents}')
    return "\n".join(rows) + "\n"


def record_nights(url: str, folder: Path, nights: Sequence[tuple[str, Mapping[str, int]]], *,
                  table: str = "Kitchen", names: Sequence[str] = ()) -> None:
    """Each of ``nights`` (day, nets in euros) recorded at ``table``; ``names``: ``NICK=NAME`` seatings."""
    for day, nets in nights:
        path = folder / f"{day}-{table}.csv"
        path.write_text(ledger_csv(day, nets), encoding="utf-8")
        ok("import-ledger", str(path), "--table", table, "--unit", "cents", "--currency", "EUR", "--db", url,
           *[arg for name in names for arg in ("--name", name)])


def winter_2027(url: str, folder: Path) -> str:
    """The six nights of tests/test_league_tables.py recorded, and the season "Winter 2027" over
    them scored by the shipped points-by-place: ``url``."""
    from test_league_tables import NIGHTS

    record_nights(url, folder, NIGHTS)
    ok("season", "new", "Winter 2027", "--from", "2027-01-01", "--to", "2027-03-31", "--scoring", "points-by-place",
       "--db", url)
    return url
