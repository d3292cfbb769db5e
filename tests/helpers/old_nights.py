"""Nights as an older referee could leave them in the store: written straight through the store,
without the replay that ``referee import`` now makes first, so that their log does not replay."""

from __future__ import annotations

from datetime import datetime

from referee.handfile import parse_night
from referee.recording.night_file import record_night
from referee.store.store import Store

#: Ann shows the ace of clubs Bob has just shown: a card held by two players
CARD_HELD_TWICE = """\
rulebook: straight_draw
seats: Ann 50, Bob 50
dealer: Ann

hand 1
Bob: bets 1
Ann: calls
Bob: draws 0
Ann: draws 0
Bob: checks
Ann: checks
Bob: shows Ac Ad Ah 2c 2d
Ann: shows Ac Kd Kh 3c 3d
"""


def store_unreplayable_night(store: Store, *, table: str = "Old", close: bool = True,
                             ended_at: datetime | None = None) -> int:
    """A night whose log does not replay (a card held twice), recorded through the store as the old
    import did, closed with the stacks both players bought; its session id."""
    sid = record_night(store, parse_night(CARD_HELD_TWICE, source="old.txt"), table_name=table, chip_value_cents=100)
    if close:
        store.close_session(sid, {"Ann": 50, "Bob": 50}, ended_at=ended_at)
    return sid


def downgraded(store: Store, revision: str) -> None:
    """Take ``store``'s schema down to ``revision``, what it holds kept: nights recorded by this referee
    left as an older one would find them (this referee writes columns an older schema lacks)."""
    from alembic import command

    from referee.store.migrate import alembic_config

    with store.engine.connect() as conn, conn.begin():
        command.downgrade(alembic_config(conn), revision)
