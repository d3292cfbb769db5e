"""A writing command's identity, stored with the facts it appended.

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-05

* ``requests``: one row per writing command that went through (:mod:`referee.store.requests`):
  ``key`` (sha256 hex of what it asked and where the log stood when it asked; unique, so two
  commands racing for the same fact store it once and the loser finds the winner's), the session and
  the ``first_seq``..``last_seq`` of the events it wrote, ``created_at``.  A command run again after
  its reply was lost finds its own row and says "already recorded" instead of storing the fact twice.

Plain SQLAlchemy types, as in 0001.  A new table only: every chain verifies as before.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0007"
down_revision: str | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "requests",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("key", sa.String(length=64), nullable=False),
        sa.Column("session_id", sa.Integer(), nullable=False),
        sa.Column("first_seq", sa.Integer(), nullable=False),
        sa.Column("last_seq", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["session_id"], ["sessions.id"], name=op.f("fk_requests_session_id_sessions")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_requests")),
        sa.UniqueConstraint("key", name=op.f("uq_requests_key")),
    )
    op.create_index("ix_requests_session_id_last_seq", "requests", ["session_id", "last_seq"])


def downgrade() -> None:
    op.drop_index("ix_requests_session_id_last_seq", table_name="requests")
    op.drop_table("requests")
