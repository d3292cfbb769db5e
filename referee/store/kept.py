"""Replay results kept in the store (the ``night_results`` table), keyed by the head of each
session's hash chain.

The store does not know what a result holds: it keeps a JSON document per session with the head it
was computed at, its format and the referee that computed it, and hands back, for each session asked
about, the head its log has *now* beside the kept row.  Whoever reads decides whether the row fits
(:mod:`referee.ledger.kept`); a row that does not is replaced, never read.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

from sqlalchemy import bindparam, delete, insert, select

from referee.store import chain
from referee.store.models import EventRecord, GameSession, NightResult
from referee.store.types import utcnow

if TYPE_CHECKING:
    from sqlalchemy.engine import Connection


@dataclass(frozen=True)
class Kept:
    """A session's log head now, and the kept result's row (``None`` fields: nothing kept)."""

    session_id: int
    head: str
    #: the session's status now (open or closed)
    status: str
    kept_head: str | None = None
    format: int | None = None
    referee: str | None = None
    document: dict[str, Any] | None = None

    def fits(self, format: int, referee: str) -> bool:
        """Whether the kept document was computed at this head and status, in this format, by this
        referee (the document says which status it was computed with, under ``"status"``)."""
        return (isinstance(self.document, dict) and self.kept_head == self.head and self.format == format
                and self.referee == referee and self.document.get("status") == self.status)


@cache
def _heads_and_kept() -> Any:
    """Each session's last event hash (NULL for an empty log) beside its kept row, in one query: the
    last event found by the (session_id, seq) unique index, not by reading the log."""
    events = EventRecord.__table__  # type: ignore[attr-defined]
    sessions = GameSession.__table__  # type: ignore[attr-defined]
    kept = NightResult.__table__  # type: ignore[attr-defined]
    last = (select(events.c.hash).where(events.c.session_id == sessions.c.id)
            .order_by(events.c.seq.desc()).limit(1).scalar_subquery())
    return (select(sessions, last.label("last_hash"), kept.c.head, kept.c.format, kept.c.referee, kept.c.document)
            .select_from(sessions.outerjoin(kept, kept.c.session_id == sessions.c.id))
            .where(sessions.c.id.in_(bindparam("ids", expanding=True))))


def read_kept(connection: Connection, session_ids: Iterable[int]) -> dict[int, Kept]:
    """For each session of ``session_ids`` that exists: its head now and its kept row."""
    ids = list(session_ids)
    if not ids:
        return {}
    found: dict[int, Kept] = {}
    columns = [c.name for c in GameSession.__table__.columns]  # type: ignore[attr-defined]
    for row in connection.execute(_heads_and_kept(), {"ids": ids}):
        values = row._mapping
        head = values["last_hash"]
        if head is None:  # an empty log: its head is the genesis hash of the session's header
            head = chain.genesis_hash(GameSession.model_construct(**{c: values[c] for c in columns}))
        found[values["id"]] = Kept(values["id"], head, values["status"], values["head"], values["format"], values["referee"],
                                   values["document"])
    return found


@dataclass(frozen=True)
class Result:
    """A result to keep: the session, the head it was computed at, its format, the referee's version."""

    session_id: int
    head: str
    format: int
    referee: str
    document: dict[str, Any]


def keep(connection: Connection, results: Iterable[Result]) -> None:
    """Replace the kept result of each session of ``results``, in the caller's transaction."""
    table = NightResult.__table__  # type: ignore[attr-defined]
    rows = [{"session_id": r.session_id, "head": r.head, "format": r.format, "referee": r.referee,
             "document": r.document, "computed_at": utcnow()} for r in results]
    if rows:
        connection.execute(delete(table).where(table.c.session_id.in_([row["session_id"] for row in rows])))
        connection.execute(insert(table), rows)


def forget(connection: Connection, session_id: int) -> None:
    """Drop a session's kept result (the session is being deleted)."""
    kept = NightResult.__table__  # type: ignore[attr-defined]
    connection.execute(delete(kept).where(kept.c.session_id == session_id))
