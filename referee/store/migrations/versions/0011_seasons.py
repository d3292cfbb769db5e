"""Named seasons: a club's league over a span of days (and a table), with its scoring.

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-05

* ``seasons``: a season's name (unique ignoring case), its first and last day, the table its nights
  are played at (NULL: any table), its scoring as the TOML text it was made with (NULL: ranked by
  net money), and when it was closed.  A night belongs to a season by its day and table: nothing
  names the nights.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0011"
down_revision: str | None = "0010"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "seasons",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("name", sa.String(length=100), nullable=False),
        sa.Column("name_key", sa.String(length=100), nullable=False, unique=True),
        sa.Column("first_day", sa.Date(), nullable=False),
        sa.Column("last_day", sa.Date(), nullable=False),
        sa.Column("table_name", sa.String(length=100), nullable=True),
        sa.Column("scoring", sa.Text(), nullable=True),
        sa.Column("scoring_source", sa.String(length=200), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("closed_at", sa.DateTime(timezone=True), nullable=True),
        sa.CheckConstraint("first_day <= last_day", name="season_days_in_order"),
    )


def downgrade() -> None:
    op.drop_table("seasons")
