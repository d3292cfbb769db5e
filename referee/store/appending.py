"""How events get into a session's log: one row builder, and the fast append of a hand's actions.

Every row of the log is made by :func:`chained_row`: the event encoded (kind and payload), its record
hashed onto the previous row's hash.  A write transaction (:mod:`referee.store.transaction`) builds
its rows with it, for one append as for a whole night's import (its bulk log); :class:`Appender`
builds a hand's actions with it after the head the store last saw and writes them in one statement,
only while the session's row still holds that head.  Nothing here loads the ORM.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from datetime import datetime
from functools import cache
from typing import TYPE_CHECKING, Any, Final, NamedTuple

from sqlalchemy import bindparam, insert, select, union_all, update

from referee.engine.events import Event, NightEvent
from referee.errors import InputError, ServerGoneError
from referee.store import chain, codec
from referee.store.db import WRITE_OPTION, ConflictError, guarded
from referee.store.tables import SESSION_OPEN, events, sessions
from referee.store.types import utcnow

if TYPE_CHECKING:
    from collections.abc import Sequence

    from sqlalchemy.engine import Engine

#: How long an append keeps trying to reach a server that went away before it says so.
RECONNECT_SECONDS: Final = 3.0

Encoded = tuple[Event, str | None]


class EventRow(NamedTuple):
    """One row of the log as it is appended (read back, a row also has its ``id``), with its payload's
    JSON as it is stored and hashed: encoded once."""

    session_id: int
    seq: int
    hand_number: int | None
    kind: str
    payload: dict[str, Any]
    text: str | None
    created_at: datetime
    prev_hash: str
    hash: str
    payload_json: str

    def values(self) -> dict[str, Any]:
        """The row's column values to insert (the payload as its JSON text, not encoded again)."""
        return {column: getattr(self, column) for column in COLUMNS} | {"payload": self.payload_json}


#: the columns an append writes
COLUMNS: Final = EventRow._fields[:-1]


@dataclass(frozen=True)
class Head:
    """Where a session's log stands: its last event's seq and hash (0 and the genesis hash before
    the first) and its last hand's number."""

    seq: int
    hash: str
    last_hand: int


def items_of(events: Sequence[Event | Encoded]) -> list[Encoded]:
    """``(event, text)`` pairs from events and pairs."""
    return [item if isinstance(item, tuple) else (item, None) for item in events]


def check_items(sid: int, last_hand: int, hand_number: int | None, items: Sequence[Encoded]) -> None:
    """InputError unless ``items`` go where they are appended: a hand's actions to a hand begun
    (1..``last_hand``), night events between hands (no hand number)."""
    if hand_number is not None:
        if not isinstance(hand_number, int) or isinstance(hand_number, bool) or not 1 <= hand_number <= last_hand:
            raise InputError(f"session {sid} has no hand {hand_number}", hint="start the hand first")
    for event, _ in items:
        if isinstance(event, NightEvent) and hand_number is not None:
            raise InputError(f"{type(event).__name__} happens between hands: append it with no hand number",
                             hint=f"store.append_event({sid}, None, event)")
        if not isinstance(event, NightEvent) and hand_number is None:
            raise InputError(f"{type(event).__name__} is an action of a hand: give its hand number")


def chained_row(sid: int, seq: int, prev_hash: str, hand_number: int | None, event: Event, text: str | None,
                at: datetime | None = None) -> EventRow:
    """The row of ``event`` after event ``seq`` (hash ``prev_hash``) of session ``sid``'s log;
    ``at``: when it happened, if not now.  The one place a row of the log is made."""
    kind, payload = codec.encode_event(event)
    if text is not None and not isinstance(text, str):
        raise InputError(f"event text must be a string, not {type(text).__name__}")
    if text is not None and "\x00" in text:
        raise InputError(f"event text {text!r} holds a NUL character", hint="remove the control character")
    created = at or utcnow()
    payload_json = chain.canonical_json(payload)  # the one encoding: hashed, and stored as it is
    digest = chain.event_hash(prev_hash, session_id=sid, seq=seq + 1, hand_number=hand_number,
                              kind=kind, payload_json=payload_json, text=text, created_at=created)
    return EventRow(sid, seq + 1, hand_number, kind, payload, text, created, prev_hash, digest, payload_json)


@cache
def event_insert() -> Any:
    """The INSERT of rows of the log (``executemany`` with many)."""
    return insert(events)


@cache
def _head_moved() -> Any:
    """Move an open session's head from the one the appender knows to its new last row; no row
    matches when the log moved on (another writer), the session closed, or it is not known."""
    return (update(sessions)
            .where(sessions.c.id == bindparam("sid"), sessions.c.status == SESSION_OPEN,
                   sessions.c.last_seq == bindparam("old_seq"), sessions.c.last_hash == bindparam("old_hash"))
            .values(last_seq=bindparam("new_seq"), last_hash=bindparam("new_hash")))


@cache
def _append_statement(count: int) -> Any:
    """PostgreSQL: an append of ``count`` rows in one statement, so one round trip.  The UPDATE of
    the session row takes its lock and checks the head (re-checked on the row as the writer before
    it left it); the rows are inserted only when it matched.  RETURNING says how many went in."""
    head = _head_moved().returning(sessions.c.id).cte("head")
    columns = COLUMNS[1:]
    rows = [select(head.c.id, *(bindparam(f"{c}_{n}", type_=events.c[c].type) for c in columns)).select_from(head)
            for n in range(count)]
    source = rows[0] if count == 1 else union_all(*rows)
    return insert(events).from_select(["session_id", *columns], source).add_cte(head).returning(events.c.seq)


@cache
def _stored_hash() -> Any:
    return select(events.c.hash).where(events.c.session_id == bindparam("sid"), events.c.seq == bindparam("seq"))


class Appender:
    """The fast append of a hand's actions after the head this store knows (its last write or read),
    in one statement on PostgreSQL (one round trip) and one short transaction on SQLite: the session
    row's head is moved from the known one to the new last row, and the rows inserted, only if the
    row still holds the known head.  When it does not (another writer, a closed session, a head not
    known) :meth:`append` says so, and the caller takes a write transaction, which reads the head from
    the log, says what changed, checks night events against the table and sets the row's head again.

    A server that goes away is tried again for :data:`RECONNECT_SECONDS` with the same rows (the
    same hashes), and the same rows are offered again when the same line is appended next: an
    append is stored once, whether or not the server went away after it was sent."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._writer = engine.execution_options(**{WRITE_OPTION: True})
        # PostgreSQL: the one-statement append needs no BEGIN and COMMIT of its own
        self._autocommit = engine.execution_options(isolation_level="AUTOCOMMIT")
        #: the heads of the logs this store last wrote or read
        self._known: dict[int, Head] = {}
        #: rows of an append the server went away during: stored or not, nobody knows yet
        self._in_doubt: dict[int, tuple[Head, list[EventRow]]] = {}

    def saw(self, sid: int, head: Head | None) -> None:
        """The log of session ``sid`` stands at ``head`` (None: not known, say while a transaction
        writes it)."""
        if head is None:
            self._known.pop(sid, None)
        else:
            self._known[sid] = head

    def append(self, sid: int, hand_number: int | None, items: Sequence[Encoded],
               expected_seq: int | None) -> list[EventRow] | None:
        """The rows appended, or None when this path cannot take them (see the class)."""
        known = self._known.get(sid)
        if (known is None or not items or (expected_seq is not None and expected_seq != known.seq)
                or not isinstance(hand_number, int) or isinstance(hand_number, bool)
                or not 1 <= hand_number <= known.last_hand or any(isinstance(e, NightEvent) for e, _ in items)):
            return None
        doubt = self._in_doubt.get(sid)
        rows: list[EventRow] = []
        if doubt is not None and doubt[0] == known and [(r.hand_number, r.text) for r in doubt[1]] == [
                (hand_number, text) for _, text in items] and [(r.kind, r.payload) for r in doubt[1]] == [
                codec.encode_event(event) for event, _ in items]:
            rows = doubt[1]
        else:
            seq, digest = known.seq, known.hash
            for event, text in items:
                rows.append(chained_row(sid, seq, digest, hand_number, event, text))
                seq, digest = rows[-1].seq, rows[-1].hash
        if not self._commit(sid, known, rows, sent=doubt is not None and rows is doubt[1]):
            self._known.pop(sid, None)
            return None
        self._known[sid] = Head(rows[-1].seq, rows[-1].hash, known.last_hand)
        return rows

    def _commit(self, sid: int, known: Head, rows: list[EventRow], *, sent: bool) -> bool:
        """Whether ``rows`` are in the log after this.  ``sent``: they were sent before, and the
        server went away before it said whether it stored them."""
        deadline = time.monotonic() + RECONNECT_SECONDS
        while True:
            try:
                with guarded(self.engine.url):
                    if self._move_head(sid, known, rows):
                        self._in_doubt.pop(sid, None)
                        return True
                    if sent:  # refused now: stored the time before, or somebody else wrote?
                        with self.engine.connect() as conn:
                            mine = conn.execute(_stored_hash(), {"sid": sid, "seq": rows[-1].seq}).scalar()
                        if mine == rows[-1].hash:
                            self._in_doubt.pop(sid, None)
                            return True
                self._in_doubt.pop(sid, None)
                return False
            except ConflictError:  # the row's head does not match the log (written around it): the full path
                self._in_doubt.pop(sid, None)
                return False
            except ServerGoneError:  # the server went away: these rows may be stored, or not
                sent = True
                self._in_doubt[sid] = (known, rows)
                if time.monotonic() >= deadline:
                    raise
                time.sleep(0.2)

    def _move_head(self, sid: int, known: Head, rows: list[EventRow]) -> bool:
        head = {"sid": sid, "old_seq": known.seq, "old_hash": known.hash,
                "new_seq": rows[-1].seq, "new_hash": rows[-1].hash}
        if self.engine.dialect.name == "postgresql":
            params = dict(head)
            for n, row in enumerate(rows):
                params.update({f"{c}_{n}": value for c, value in row.values().items() if c != "session_id"})
            with self._autocommit.connect() as conn:
                return len(conn.execute(_append_statement(len(rows)), params).all()) == len(rows)
        with self._writer.connect() as conn, conn.begin():  # SQLite: BEGIN IMMEDIATE holds the lock
            if conn.execute(_head_moved(), head).rowcount != 1:
                return False
            conn.execute(event_insert(), [row.values() for row in rows])
            return True
