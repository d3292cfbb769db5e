"""Sessions say where they came from: an import's fingerprint and origin, and a void mark.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-02

* ``sessions.fingerprint``: a sha256 of what an imported night holds (its events, or a PokerNow
  ledger's rows), so that the same night imported twice is recognised
  (:mod:`referee.store.fingerprint`).  Indexed, not unique: ``referee import --again`` takes a
  night twice on purpose.
* ``sessions.origin``: how the session came to be; NULL for a night recorded at this table (and every
  session recorded before this migration), else ``hand-file``, ``log-verified`` (a session log whose
  hash chain was checked on import), ``log-unverified`` (taken with ``--as-new``) or ``pokernow``.
  Both are part of the genesis hash of the sessions that have them, so passing an unverified import
  off as a verified one breaks its chain; existing sessions keep the genesis they were recorded with.
* ``sessions.void_reason`` and ``sessions.voided_at``: a night voided (``referee session void``) is
  kept, with its log untouched, and no longer counts anywhere (standings, reports, settlements).

Plain SQLAlchemy types, as in 0001.  Only columns are added (in place on both backends): no table is copied, every chain verifies as before.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("sessions", sa.Column("fingerprint", sa.String(length=64), nullable=True))
    op.add_column("sessions", sa.Column("origin", sa.String(length=20), nullable=True))
    op.add_column("sessions", sa.Column("void_reason", sa.String(), nullable=True))
    op.add_column("sessions", sa.Column("voided_at", sa.DateTime(timezone=True), nullable=True))
    op.create_index(op.f("ix_sessions_fingerprint"), "sessions", ["fingerprint"], unique=False)


def downgrade() -> None:
    op.drop_index("ix_sessions_fingerprint", table_name="sessions")
    for column in ("voided_at", "void_reason", "origin", "fingerprint"):
        op.execute(f"ALTER TABLE sessions DROP COLUMN {column}")
