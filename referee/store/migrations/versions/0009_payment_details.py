"""How each player wants to be paid, kept with the player.

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-05

* ``payment_details``: one row per player who gave any (``player_id``, the primary key): IBAN, BIC,
  the account holder's name as the bank expects it, PayPal.me name, Revolut tag, Swish number, UPI
  address, a free "how to pay me" line, each optional, and when they were last changed.  Not part of
  any night's log: they change, and they are no fact of a night.

Plain SQLAlchemy types, as in 0001.  A new table only: every chain verifies as before.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0009"
down_revision: str | None = "0008"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "payment_details",
        sa.Column("player_id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("iban", sa.String(length=34), nullable=True),
        sa.Column("bic", sa.String(length=11), nullable=True),
        sa.Column("name_latin", sa.String(length=70), nullable=True),
        sa.Column("paypal", sa.String(length=20), nullable=True),
        sa.Column("revolut", sa.String(length=32), nullable=True),
        sa.Column("swish", sa.String(length=20), nullable=True),
        sa.Column("upi", sa.String(length=100), nullable=True),
        sa.Column("note", sa.String(length=200), nullable=True),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["player_id"], ["players.id"], name=op.f("fk_payment_details_player_id_players")),
        sa.PrimaryKeyConstraint("player_id", name=op.f("pk_payment_details")),
    )


def downgrade() -> None:
    op.drop_table("payment_details")
