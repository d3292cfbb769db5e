"""Small closed nights of three for the running tab across nights, recorded on a given day at a
given table (the day and the table are what a tab's view chooses by)."""

from __future__ import annotations

from datetime import datetime

from referee.engine.events import LedgerSetting
from referee.handfile import parse_night
from referee.recording.night_file import record_night
from referee.store.store import open_store

NIGHT = ("rulebook: jackpots\nseats: {a} 20, {b} 20, {c} 20\ndealer: {a}\n\n"
         "hand 1\n{b}: bets 2\n{c}: folds\n{a}: folds\n{b}: shows openers Jh Jd\n")


def night(url: str, day: str, cash: dict[str, int], *, table: str = "Kitchen", currency: str | None = None) -> int:
    """A closed night of three at ``table`` on ``day``, cashed out as ``cash`` (each bought 20 chips)."""
    a, b, c = cash
    with open_store(url) as store:
        sid = record_night(store, parse_night(NIGHT.format(a=a, b=b, c=c)), table_name=table, chip_value_cents=100,
                           started_at=datetime.fromisoformat(day + "T20:00+00:00"))
        if currency:
            store.append_event(sid, None, LedgerSetting("currency", currency))
        with store.transaction() as tx:
            tx.close_session(sid, cash, ended_at=datetime.fromisoformat(day + "T23:00+00:00"))
    return sid


def three_nights(url: str) -> None:
    """Night 1: Ann −€10, Bob +€15, Cy −€5 (Ann pays Bob €10, Cy pays Bob €5).  Night 2: Ann +€10,
    Cy −€10 (Cy pays Ann €10).  Night 3: Ann +€5, Bob −€5, Dee square (Bob pays Ann €5)."""
    night(url, "2026-11-06", {"Ann": 10, "Bob": 35, "Cy": 15})
    night(url, "2026-11-13", {"Ann": 30, "Bob": 20, "Cy": 10})
    night(url, "2026-11-20", {"Ann": 25, "Bob": 15, "Dee": 20})
