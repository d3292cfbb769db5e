"""A session's row keeps the head of its log: the last event's seq and hash.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-02

* ``sessions.last_seq`` (0 before the first event) and ``sessions.last_hash`` (NULL before it): where
  the session's hash chain stands, kept on the row every writer locks.  An append checks and moves
  them in the statement that takes the lock (``UPDATE sessions … WHERE last_seq = :seen``), so on
  PostgreSQL an append is one round trip: no separate lock, no read of the log's head
  (:meth:`referee.store.Store.append_events`).  The events stay the truth: the unique
  ``(session_id, seq)`` key refuses an append made from a head that does not match them, and the
  append then reads the head from the events and sets these columns again.

Filled from each session's events.  Only columns are added (in place on both backends).
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("sessions", sa.Column("last_seq", sa.Integer(), nullable=False, server_default="0"))
    op.add_column("sessions", sa.Column("last_hash", sa.String(length=64), nullable=True))
    op.execute(
        "UPDATE sessions SET"
        " last_seq = COALESCE((SELECT MAX(e.seq) FROM events e WHERE e.session_id = sessions.id), 0),"
        " last_hash = (SELECT e.hash FROM events e WHERE e.session_id = sessions.id ORDER BY e.seq DESC LIMIT 1)"
    )


def downgrade() -> None:
    for column in ("last_hash", "last_seq"):
        op.execute(f"ALTER TABLE sessions DROP COLUMN {column}")
