"""How a running scoreboard reads its night: only what was appended, and only the hands it changes.

A scoreboard looks at its session's log every poll.  :class:`NightFeed` keeps the rows it has read
and, when the log moved, reads the rows appended since (one query), checks that they continue the
chain from the last row it read, and makes the page's data again from the night as it now stands
(:class:`referee.scoreboard.view.PublicPage`, which keeps the public replay past the finished hands:
an action appended to the hand being played costs that hand, not the night; each row is decoded
once).  Rows that do not continue the chain (a database restored under a running server) are read
whole again.

The page's data is the same as :func:`referee.scoreboard.view.session_view` makes by reading and
replaying the whole night, and the test suite checks it after every event of long nights.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from referee.ledger.ledger import people_of
from referee.scoreboard.view import PublicPage
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
        self.head: tuple[object, ...] | None = None
        self.page = PublicPage()  # keeps the public replay past the finished hands

    def read(self) -> tuple[tuple[object, ...], dict[str, Any] | None]:
        """The log's head now and, when it moved since the last read, the page's data (else None)."""
        last = self.rows[-1] if self.rows else None
        fresh = self.store.log_since(self.session_id, last.seq if last is not None else 0)
        new = list(fresh.events)
        if new and last is not None and new[0].prev_hash != last.hash:
            self.rows, self._decoded = [], {}  # not the log read before: read it whole
            fresh = self.store.log_since(self.session_id, 0)
            new = list(fresh.events)
        session = fresh.session
        rows = self.rows + new
        # a hand begun ('new hand') holds no event yet: the count of hands moves the head too
        head = (rows[-1].seq if rows else 0, len(fresh.hands), session.status, session.ended_at)
        if head == self.head:
            return head, None
        view = self._view(LogSnapshot(session, fresh.seats, fresh.hands, rows))
        self.rows, self.head = rows, head  # only once the view is made: a failed read is read again
        return head, view

    def _view(self, snapshot: LogSnapshot) -> dict[str, Any]:
        return self.page.view(snapshot, people_of(self.store, self.session_id), self._decoded)


__all__ = ["NightFeed"]
