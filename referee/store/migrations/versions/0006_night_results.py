"""A night's replay result kept beside its log, keyed by the head of its hash chain.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-02

* ``night_results``: at most one row per session and ``kind`` (``figures``: the night's ledger and
  hands; ``thread``: the night thread after its finished hands, for the live table): ``seq`` and
  ``head`` (the log's event, and its hash, the result was computed through: for ``figures`` the last
  one, or 0 and the genesis hash for an empty log), ``format`` (the document's version) and
  ``referee`` (the version of the referee that computed it), ``document`` (the result, JSON) and
  ``computed_at``.  A row that does not fit the log as it is now, or whose format or referee differs,
  is recomputed and replaced, never read: the log stays the truth.  Rows are replaced freely (no trigger: they are
  not part of the record), and dropping the table loses nothing but time.

Plain SQLAlchemy types, as in 0001.  A new table only: every chain verifies as before.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0006"
down_revision: str | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "night_results",
        sa.Column("session_id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("kind", sa.String(length=20), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("head", sa.String(length=64), nullable=False),
        sa.Column("format", sa.Integer(), nullable=False),
        sa.Column("referee", sa.String(length=40), nullable=False),
        sa.Column("document", sa.JSON(none_as_null=True).with_variant(postgresql.JSONB(none_as_null=True), "postgresql"),
                  nullable=False),
        sa.Column("computed_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["session_id"], ["sessions.id"], name=op.f("fk_night_results_session_id_sessions")),
        sa.PrimaryKeyConstraint("session_id", "kind", name=op.f("pk_night_results")),
    )


def downgrade() -> None:
    op.drop_table("night_results")
