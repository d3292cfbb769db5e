"""How a running scoreboard reads its night: only what was appended, and only the hands it changes.

A scoreboard looks at its session's log every poll.  :class:`NightFeed` keeps the rows it has read
and, when the log moved, reads the rows appended since (one query), checks that they continue the
chain from the last row it read, and makes the page's data again from the night as it now stands
(:class:`referee.scoreboard.view.PublicPage`, which keeps the public replay past the finished hands:
an action appended to the hand being played costs that hand, not the night).  Each row is decoded
once, and rows of the hand being played are added to the session read before
(:func:`referee.recording.session_log.with_last_hand_rows`), not the whole log read again.  Rows that do not continue the chain (a database restored under a running server) are read
whole again.  The chain is checked as it is read: a log read whole from its genesis, each row appended
since by its own hash; a log that does not hold is shown as unavailable (``referee serve`` refuses it
at the start, naming ``referee db verify``).

The page's data is the same as :func:`referee.scoreboard.view.session_view` makes by reading and
replaying the whole night, and the test suite checks it after every event of long nights.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from referee.errors import RefereeError
from referee.ledger.ledger import people_of
from referee.ledger.paying import details_by_seat
from referee.recording.session_log import SessionLog, read_session_log, with_last_hand_rows
from referee.scoreboard.view import PublicPage, unavailable_view
from referee.store.chain import row_hash, verify_chain
from referee.store.log import LogSnapshot

if TYPE_CHECKING:
    from referee.store.store import Store


class NightFeed:
    """The page's data of one session, kept up to date from the rows appended to its log."""

    def __init__(self, store: Store, session_id: int) -> None:
        self.store = store
        self.session_id = session_id
        self.rows: list[Any] = []  # every event row read so far, in seq order
        self._decoded: dict[int, Any] = {}  # their events, by seq
        self._log: SessionLog | None = None  # the session read from them
        self.head: tuple[object, ...] | None = None
        self.page = PublicPage()  # keeps the public replay past the finished hands
        self._seats: tuple[tuple[str, object], ...] | None = None
        self._people_now: dict[str, str] = {}

    def read(self) -> tuple[tuple[object, ...], dict[str, Any] | None]:
        """The log's head now and, when it moved since the last read, the page's data (else None)."""
        last = self.rows[-1] if self.rows else None
        fresh = self.store.log_since(self.session_id, last.seq if last is not None else 0)
        new = list(fresh.events)
        if new and last is not None and new[0].prev_hash != last.hash:
            self.rows, self._decoded, self._log = [], {}, None  # not the log read before: read it whole
            fresh = self.store.log_since(self.session_id, 0)
            new = list(fresh.events)
        session = fresh.session
        rows = self.rows + new
        # once the night is closed its transfers show how to pay each payee: details changed since move the head
        paying = details_by_seat(self.store, self.session_id) if session.status != "open" else {}
        # a hand begun ('new hand') holds no event yet: the count of hands moves the head too
        head = (rows[-1].seq if rows else 0, len(fresh.hands), session.status, session.ended_at,
                tuple(sorted((name, tuple(sorted(d.items()))) for name, d in paying.items())))
        if head == self.head:
            return head, None
        snapshot = LogSnapshot(session, fresh.seats, fresh.hands, rows)
        if not self._chain_holds(session, new, whole=not self.rows or len(new) == len(rows)):
            self.head = head  # shown once; the rows are not taken: never shown as the night
            return head, unavailable_view(snapshot)
        log = self._read_log(snapshot, new)
        view = self.page.view(snapshot, self._people(snapshot), self._decoded, log, paying)
        self.rows, self.head, self._log = rows, head, log  # only once the view is made: a failed read is read again
        return head, view

    def locale(self) -> str | None:
        """The night's own money ``locale`` setting as last read, if its log names one."""
        from referee.engine.events import LedgerSetting

        if self._log is None:
            return None
        named = [e.value for _, e in self._log.money if isinstance(e, LedgerSetting) and e.name == "locale"]
        return named[-1] if named else None

    @staticmethod
    def _chain_holds(session: Any, new: list[Any], *, whole: bool) -> bool:
        """Whether the rows read hold their hash chain: a log read whole, from its genesis; rows
        appended since the last read (which continue it), each row's own hash."""
        if whole:
            return verify_chain(session, new).ok
        return all(row_hash(row) == row.hash for row in new)

    def _read_log(self, snapshot: LogSnapshot, new: list[Any]) -> SessionLog | None:
        """The session read from ``snapshot``: rows of the hand being played added to the one read
        before, else the whole log read again (None: it cannot be read; the page says so)."""
        try:
            if self._log is not None and self.rows and new:
                log = with_last_hand_rows(self._log, snapshot, new)
                if log is not None:
                    return log
            return read_session_log(snapshot, self._decoded)
        except (RefereeError, OSError, LookupError, ValueError):  # as the page's own reading of it
            return None

    def _people(self, snapshot: LogSnapshot) -> dict[str, str]:
        """Each seat name and the person it is (read again only when the seats change)."""
        seats = tuple((seat.name, seat.player_id) for seat in snapshot.seats)
        if seats != self._seats:
            self._seats, self._people_now = seats, people_of(self.store, self.session_id)
        return self._people_now


__all__ = ["NightFeed"]
