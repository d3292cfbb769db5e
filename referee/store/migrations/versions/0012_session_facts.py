"""Every session column that counts is the log's or signed: a close is an event, a row carries a digest.

Revision ID: 0012
Revises: 0011
Create Date: 2026-12-05

* ``sessions.digest``: HMAC-SHA256, under the store's key (:mod:`referee.store.key`), of the row's
  columns its log does not hold: ``created_at``, ``buy_in_default``, ``fingerprint``
  (:func:`referee.store.audit.row_digest`).  ``referee db verify`` names a row whose digest does not
  verify.  Every row stored before is signed here (when the store's key can be read or made).
* A session closed before closes were logged (``status`` closed, no ``Closed`` event after its last
  ``Reopened``) gets its ``Closed`` event appended, at its end time, chained onto its log, and its
  head moved: whether a night is open or closed, and when it ended, is then its log's to say.

Plain SQLAlchemy types, as in 0001; the column is added in place on both backends.  Every chain verifies as before (one event longer for a close).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime

import sqlalchemy as sa
from alembic import op

revision: str = "0012"
down_revision: str | None = "0011"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("sessions", sa.Column("digest", sa.String(length=64), nullable=True))  # in place on both
    _log_the_closes()
    _sign_the_rows()


def _log_the_closes() -> None:
    """Append a ``Closed`` event to each closed session whose log does not end its closes with one."""
    from referee.engine.events import Closed
    from referee.store import chain, codec
    from referee.store.models import SESSION_CLOSED, EventRecord, GameSession
    from sqlalchemy.orm import configure_mappers

    configure_mappers()  # rows are read into the models: their attributes set up first, in any process

    bind = op.get_bind()
    sessions = GameSession.__table__  # type: ignore[attr-defined]
    events = EventRecord.__table__  # type: ignore[attr-defined]
    header = [sessions.c[name] for name in ("id", "table_name", "started_at", "rulebook", "options", "chip_value_cents",
                                            "log_version", "origin", "ended_at")]
    for row in bind.execute(sa.select(*header).where(sessions.c.status == SESSION_CLOSED)).mappings().all():
        game = GameSession.model_construct(**row)
        last_close = bind.execute(sa.select(events.c.kind).where(events.c.session_id == game.id,
                                                                 events.c.kind.in_(("Closed", "Reopened")))
                                  .order_by(events.c.seq.desc()).limit(1)).scalar()
        if last_close == "Closed":
            continue
        last = bind.execute(sa.select(events.c.seq, events.c.hash).where(events.c.session_id == game.id)
                            .order_by(events.c.seq.desc()).limit(1)).first()
        seq, prev = (last[0], last[1]) if last is not None else (0, chain.genesis_hash(game))
        ended = (game.ended_at or datetime.now(UTC)).astimezone(UTC)
        kind, payload = codec.encode_event(Closed(ended.isoformat(timespec="microseconds")))
        values = {"session_id": game.id, "seq": seq + 1, "hand_number": None, "kind": kind, "payload": payload,
                  "text": None, "created_at": ended, "prev_hash": prev}
        values["hash"] = chain.event_hash(prev, session_id=game.id, seq=seq + 1, hand_number=None, kind=kind,
                                          payload=payload, text=None, created_at=ended)
        bind.execute(sa.insert(events).values(**values))
        bind.execute(sa.update(sessions).where(sessions.c.id == game.id)
                     .values(last_seq=seq + 1, last_hash=values["hash"], ended_at=ended))


def _sign_the_rows() -> None:
    """Sign every session row with the store's key (none when it can be neither read nor made)."""
    from referee.store.audit import row_digest
    from referee.store.key import store_key
    from referee.store.models import GameSession
    from sqlalchemy.orm import configure_mappers

    configure_mappers()  # rows are read into the models: their attributes set up first, in any process

    bind = op.get_bind()
    key = store_key(bind.engine.url)
    if key is None:
        return
    sessions = GameSession.__table__  # type: ignore[attr-defined]
    columns = [sessions.c[name] for name in ("id", "created_at", "buy_in_default", "fingerprint")]
    for row in bind.execute(sa.select(*columns)).mappings().all():
        game = GameSession.model_construct(**row)
        bind.execute(sa.update(sessions).where(sessions.c.id == game.id).values(digest=row_digest(key, game)))


def downgrade() -> None:
    op.execute("ALTER TABLE sessions DROP COLUMN digest")  # the events appended stay: the chain holds
