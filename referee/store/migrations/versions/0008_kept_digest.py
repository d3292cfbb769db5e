"""A kept result carries its digest, and a night's void is an event of its log.

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-05

* ``night_results.digest``: HMAC-SHA256, under the store's key (:mod:`referee.store.key`), of the
  row's session, kind, seq, head, format, referee and document (:mod:`referee.store.kept`).  A row
  whose digest does not verify (an edit in the table, a document from another night, a head from
  elsewhere) is replayed and replaced, never read.  Rows kept before have none: each is replayed once.
* A session voided before (``void_reason`` set, no ``Voided`` event in its log) gets its ``Voided``
  event appended, at the time it was voided, chained onto its log, and its head moved: its void is
  then a fact of the log like every later one (``referee db verify`` checks the columns against it).

Plain SQLAlchemy types, as in 0001.  Every chain verifies as before (one event longer for a void).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime

import sqlalchemy as sa
from alembic import op

revision: str = "0008"
down_revision: str | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("night_results") as batch:
        batch.add_column(sa.Column("digest", sa.String(length=64), nullable=True))
    _log_the_voids()


def _log_the_voids() -> None:
    """Append a ``Voided`` event to each session voided before voids were logged."""
    from referee.engine.events import Voided
    from referee.store import chain, codec
    from referee.store.models import EventRecord, GameSession
    from sqlalchemy.orm import configure_mappers

    configure_mappers()  # rows are read into the models: their attributes set up first, in any process

    bind = op.get_bind()
    sessions = GameSession.__table__  # type: ignore[attr-defined]
    events = EventRecord.__table__  # type: ignore[attr-defined]
    header = [sessions.c[name] for name in ("id", "table_name", "started_at", "rulebook", "options", "chip_value_cents",
                                            "log_version", "origin", "void_reason", "voided_at")]
    for row in bind.execute(sa.select(*header).where(sessions.c.void_reason.is_not(None))).mappings().all():
        game = GameSession.model_construct(**row)
        if bind.execute(sa.select(events.c.seq).where(events.c.session_id == game.id,
                                                      events.c.kind == "Voided")).first() is not None:
            continue
        last = bind.execute(sa.select(events.c.seq, events.c.hash).where(events.c.session_id == game.id)
                            .order_by(events.c.seq.desc()).limit(1)).first()
        seq, prev = (last[0], last[1]) if last is not None else (0, chain.genesis_hash(game))
        kind, payload = codec.encode_event(Voided(game.void_reason))
        at = game.voided_at or datetime.now(UTC)
        values = {"session_id": game.id, "seq": seq + 1, "hand_number": None, "kind": kind, "payload": payload,
                  "text": None, "created_at": at, "prev_hash": prev}
        values["hash"] = chain.event_hash(prev, session_id=game.id, seq=seq + 1, hand_number=None, kind=kind,
                                          payload=payload, text=None, created_at=at)
        bind.execute(sa.insert(events).values(**values))
        bind.execute(sa.update(sessions).where(sessions.c.id == game.id).values(last_seq=seq + 1, last_hash=values["hash"]))


def downgrade() -> None:
    with op.batch_alter_table("night_results") as batch:
        batch.drop_column("digest")
