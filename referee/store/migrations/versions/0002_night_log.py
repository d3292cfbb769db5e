"""The event log holds the whole night: events between hands, sessions marked by log version.

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-01

* ``events.hand_number`` becomes nullable: NULL marks an event of the night between hands (a
  sit-down, a rebuy, a seat move, the dealer, a rule change, a cash-out).  Such an event applies
  from the next hand to begin after it in ``seq`` order, so its place in the chain *is* its place in
  the night; no column outside the hashed record says where it belongs.  (Attaching it to the hand
  it precedes would need that hand's row before it exists, and cash-outs precede no hand at all.)
* ``sessions.log_version``: existing sessions become 1 (their seats table is the opening seating and
  their hands' ``dealer`` column the dealers; their chains verify unchanged); new ones are 2, where
  the log alone is the night, and the version is part of the genesis hash.
* ``sessions.buy_in_default``: the chips a late arrival buys when none are named.
* The append-only triggers are re-made: an UPDATE is always refused; a DELETE only while the
  session has no hands, so a mistaken session can be deleted before anything was played
  (``referee session delete``) and a played night never.

On SQLite the events table is copied into its new shape (batch mode; its triggers go with the old
table and are made again).  Nothing references ``events``, so the copy is safe with foreign keys
on, and every value is copied as stored: the hashes still match.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

APPEND_ONLY_MESSAGE = "events are append-only: record a correction (Void) instead"
_PLAYED = "EXISTS (SELECT 1 FROM hands WHERE hands.session_id = OLD.session_id)"


def _drop_triggers() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute("DROP TRIGGER events_append_only ON events")
        op.execute("DROP FUNCTION referee_events_append_only()")
    else:
        op.execute("DROP TRIGGER events_no_update")
        op.execute("DROP TRIGGER events_no_delete")


def _create_triggers(delete_when_unplayed: bool) -> None:
    if op.get_bind().dialect.name == "postgresql":
        refuse = f"TG_OP = 'UPDATE' OR {_PLAYED}" if delete_when_unplayed else "TRUE"
        op.execute(
            "CREATE FUNCTION referee_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$ "
            f"BEGIN IF {refuse} THEN RAISE EXCEPTION '{APPEND_ONLY_MESSAGE}'; END IF; RETURN OLD; END $$"
        )
        op.execute(
            "CREATE TRIGGER events_append_only BEFORE UPDATE OR DELETE ON events "
            "FOR EACH ROW EXECUTE FUNCTION referee_events_append_only()"
        )
        return
    op.execute(
        "CREATE TRIGGER events_no_update BEFORE UPDATE ON events "
        f"BEGIN SELECT RAISE(ABORT, '{APPEND_ONLY_MESSAGE}'); END"
    )
    when = f" WHEN {_PLAYED}" if delete_when_unplayed else ""
    op.execute(
        f"CREATE TRIGGER events_no_delete BEFORE DELETE ON events{when} "
        f"BEGIN SELECT RAISE(ABORT, '{APPEND_ONLY_MESSAGE}'); END"
    )


def upgrade() -> None:
    _drop_triggers()
    with op.batch_alter_table("events") as batch:
        batch.alter_column("hand_number", existing_type=sa.Integer(), nullable=True)
    _create_triggers(delete_when_unplayed=True)
    op.add_column("sessions", sa.Column("log_version", sa.Integer(), server_default="1", nullable=False))
    op.add_column("sessions", sa.Column("buy_in_default", sa.Integer(), server_default="0", nullable=False))


def downgrade() -> None:
    # Going back would drop the events between hands (breaking every chain that holds them) and
    # copy the sessions table, which SQLite cannot do inside one transaction with foreign keys on.
    raise NotImplementedError("schema 0002 cannot be downgraded: restore a backup made before upgrading")
