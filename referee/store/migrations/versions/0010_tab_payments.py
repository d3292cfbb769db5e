"""Payments against the running tab across nights.

Revision ID: 0010
Revises: 0008
Create Date: 2026-12-05

* ``tab_payments``: one row per payment recorded against the tab (``referee tab pay``): who paid
  whom how many cents in which currency, the identity of the command that recorded it (``key``,
  unique: run again after a lost reply it is found, not stored twice) and where the payments stood
  when it asked (``asked_at``: the last payment's id, 0 for none).  Which debts a payment clears is
  worked out when the tab is read (:mod:`referee.ledger.tab`), never stored.

Plain SQLAlchemy types, as in 0001.  A new table only: every chain verifies as before.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0010"
down_revision: str | None = "0009"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "tab_payments",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("payer", sa.String(length=100), nullable=False),
        sa.Column("payee", sa.String(length=100), nullable=False),
        sa.Column("cents", sa.Integer(), nullable=False),
        sa.Column("currency", sa.String(length=3), nullable=False),
        sa.Column("asked_at", sa.Integer(), nullable=False),
        sa.Column("key", sa.String(length=64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.CheckConstraint("cents > 0", name=op.f("ck_tab_payments_cents_positive")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_tab_payments")),
        sa.UniqueConstraint("key", name=op.f("uq_tab_payments_key")),
    )


def downgrade() -> None:
    op.drop_table("tab_payments")
