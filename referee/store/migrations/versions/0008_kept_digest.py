"""A kept result carries its digest: a keyed hash, with the store's key, binding it to its log head.

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-05

* ``night_results.digest``: HMAC-SHA256, under the store's key (:mod:`referee.store.key`), of the
  row's session, kind, seq, head, format, referee and document (:mod:`referee.store.kept`).  A row
  whose digest does not verify (an edit in the table, a document from another night, a head from
  elsewhere) is replayed and replaced, never read.  Rows kept before have none: each is replayed once.

Plain SQLAlchemy types, as in 0001.  A new nullable column only: every chain verifies as before.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0008"
down_revision: str | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("night_results") as batch:
        batch.add_column(sa.Column("digest", sa.String(length=64), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("night_results") as batch:
        batch.drop_column("digest")
