"""The hands table keeps no replay result: ``hands.result`` is dropped.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-01

It held a hand's replay result as JSON, a cache that only the demo wrote and nothing ever read.
The log is the truth: a result is replayed from it whenever it is wanted, and a cached one could
go stale under a later ruling.  Nothing refers to the column, so it is dropped in place (SQLite
3.35 and later drop a column natively; the hands table is not copied, so the events that refer to
it are untouched).  The downgrade adds it back, empty.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.execute("ALTER TABLE hands DROP COLUMN result")  # in place on both: no batch copy of hands


def downgrade() -> None:
    json_type = sa.JSON(none_as_null=True).with_variant(postgresql.JSONB(none_as_null=True), "postgresql")
    op.add_column("hands", sa.Column("result", json_type, nullable=True))
