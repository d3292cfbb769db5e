"""Many events appended inside one transaction in few statements: how a whole night is imported.

A live table appends an action at a time (:meth:`referee.store.store.Transaction.append_events`: one
INSERT, committed before the prompt returns).  An import records thousands of hands in one
transaction that is committed only when the night checks out, so nothing in it needs to reach the
database before the end: :class:`BulkLog` checks, numbers and chains each event exactly as an
append does (the same code, :meth:`Transaction._event_rows`), keeps the rows, and writes hands and
events a few thousand rows per statement (``executemany``: SQLite's, psycopg's pipelined one).
Everything that reads the log inside the transaction (the table state a night event is checked
against, whether the last hand holds an action, a read-back) sees the rows written first.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime
from typing import TYPE_CHECKING, Any, Final

from sqlalchemy import insert

from referee.engine.events import Event, SetDealer
from referee.errors import InputError
from referee.store.models import EventRecord, HandRecord
from referee.store.types import utcnow

if TYPE_CHECKING:
    from referee.store.store import Transaction, _Head

#: rows kept before they are written (a 10,000-hand night is not held whole in memory)
CHUNK: Final = 5000


class BulkLog:
    """The log of one open session, appended to in bulk inside a transaction (:func:`bulk_log`)."""

    def __init__(self, tx: Transaction, session_id: int) -> None:
        self.tx = tx
        self.head: _Head = tx._head(session_id)
        self._hands: list[dict[str, Any]] = []
        self._events: list[dict[str, Any]] = []

    def _rows(self, hand_number: int | None, events: Sequence[Event | tuple[Event, str | None]]) -> list[dict[str, Any]]:
        items = [item if isinstance(item, tuple) else (item, None) for item in events]
        if hand_number is None and self.head.state is None:
            self.flush()  # the table is read from the log once, so the log must hold all of it
        rows = self.tx._event_rows(self.head, hand_number, items)
        self._events += rows
        return rows

    def night(self, events: Sequence[Event | tuple[Event, str | None]]) -> list[dict[str, Any]]:
        """Append events of the night between hands (checked against the table as an append is)."""
        return self._rows(None, events)

    def hand(self, number: int, events: Sequence[Event | tuple[Event, str | None]]) -> list[dict[str, Any]]:
        """Append events to hand ``number`` (begun with :meth:`start_hand`)."""
        return self._rows(number, events)

    def start_hand(self, *, dealer: str | None = None, started_at: datetime | None = None) -> int:
        """Begin the next hand, as :meth:`Transaction.start_hand` does; its number."""
        head = self.tx._head(self.head.game.id)
        if head.last_hand_played is None:
            self.flush()
        if not self.tx._last_hand_played(head):
            raise InputError(f"hand {head.last_hand} of session {head.game.id} has no actions yet",
                             hint="record its first action (or a misdeal) before starting the next hand")
        if len(self._events) >= CHUNK:
            self.flush()
        name = None
        if dealer is not None:
            [row] = self.night([SetDealer(dealer)])
            name = row["payload"]["player"]
        number = head.last_hand + 1
        if started_at is not None and (started_at.tzinfo is None or started_at.utcoffset() is None):
            raise InputError(f"hand start {started_at.isoformat()} has no time zone", hint="give an aware datetime (UTC)")
        self._hands.append({"session_id": head.game.id, "number": number, "dealer": name,
                            "started_at": started_at or utcnow(), "ended_at": None})
        head.last_hand, head.last_hand_played = number, False
        return number

    def end_hand(self, number: int) -> None:
        """Record when hand ``number`` ended (now)."""
        for row in reversed(self._hands):
            if row["number"] == number:
                row["ended_at"] = utcnow()
                return
        self.tx.end_hand(self.head.game.id, number)

    def flush(self) -> None:
        """Write the rows kept so far (hands first: an event names its hand)."""
        if self._hands:
            self.tx.db.execute(insert(HandRecord.__table__), self._hands)  # type: ignore[attr-defined]
            self._hands = []
        if self._events:
            self.tx.db.execute(insert(EventRecord.__table__), self._events)  # type: ignore[attr-defined]
            self._events = []
            # the head on the session's row too, as an append leaves it (the next append's fast path)
            self.head.game.last_seq, self.head.game.last_hash = self.head.seq, self.head.hash


@contextmanager
def bulk_log(tx: Transaction, session_id: int) -> Iterator[BulkLog]:
    """A :class:`BulkLog` of session ``session_id`` in ``tx``; what it holds is written when the block
    ends (nothing, if it raises: the transaction is then rolled back anyway)."""
    log = BulkLog(tx, session_id)
    yield log
    log.flush()


__all__ = ["CHUNK", "BulkLog", "bulk_log"]
