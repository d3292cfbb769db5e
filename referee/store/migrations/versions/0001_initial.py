"""Initial schema: players and aliases, sessions, seats, hands, the append-only event log.

Revision ID: 0001
Revises:
Create Date: 2026-11-30

Written with plain SQLAlchemy types (not the store's Python-side TypeDecorators) so that this script
keeps meaning the same DDL whatever later happens to referee/store/types.py: ``UTCDateTime`` is a
``TIMESTAMP WITH TIME ZONE`` (SQLite: DATETIME text), ``JSONDocument`` is JSONB on PostgreSQL and
JSON text on SQLite.  Every amount is an INTEGER (cents or chips).
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0001"
down_revision: str | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _time(name: str, nullable: bool = False) -> sa.Column:
    return sa.Column(name, sa.DateTime(timezone=True), nullable=nullable)


def _json(name: str, nullable: bool) -> sa.Column:
    return sa.Column(name, sa.JSON(none_as_null=True).with_variant(postgresql.JSONB(none_as_null=True), "postgresql"),
                     nullable=nullable)


def upgrade() -> None:
    op.create_table(
        "players",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=100), nullable=False),
        sa.Column("name_key", sa.String(length=100), nullable=False),
        _time("created_at"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_players")),
        sa.UniqueConstraint("name_key", name=op.f("uq_players_name_key")),
    )
    op.create_table(
        "sessions",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("table_name", sa.String(length=100), nullable=False),
        _time("started_at"),
        _time("ended_at", nullable=True),
        sa.Column("rulebook", sa.String(length=200), nullable=False),
        _json("options", nullable=False),
        sa.Column("chip_value_cents", sa.Integer(), nullable=False),
        sa.Column("status", sa.String(length=10), nullable=False),
        _time("created_at"),
        sa.CheckConstraint("status IN ('open', 'closed')", name=op.f("ck_sessions_status_known")),
        sa.CheckConstraint("chip_value_cents > 0", name=op.f("ck_sessions_chip_value_positive")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_sessions")),
    )
    op.create_table(
        "hands",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("session_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("dealer", sa.String(length=100), nullable=True),
        _time("started_at"),
        _time("ended_at", nullable=True),
        _json("result", nullable=True),
        sa.CheckConstraint("number >= 1", name=op.f("ck_hands_number_positive")),
        sa.ForeignKeyConstraint(["session_id"], ["sessions.id"], name=op.f("fk_hands_session_id_sessions")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_hands")),
        sa.UniqueConstraint("session_id", "number", name=op.f("uq_hands_session_id_number")),
    )
    op.create_table(
        "player_aliases",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("alias", sa.String(length=100), nullable=False),
        sa.Column("alias_key", sa.String(length=100), nullable=False),
        _time("created_at"),
        sa.ForeignKeyConstraint(["player_id"], ["players.id"], name=op.f("fk_player_aliases_player_id_players")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_player_aliases")),
        sa.UniqueConstraint("alias_key", name=op.f("uq_player_aliases_alias_key")),
    )
    op.create_index(op.f("ix_player_aliases_player_id"), "player_aliases", ["player_id"], unique=False)
    op.create_table(
        "seats",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("session_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=100), nullable=False),
        sa.Column("name_key", sa.String(length=100), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("buy_in", sa.Integer(), nullable=False),
        _time("created_at"),
        sa.CheckConstraint("buy_in >= 0", name=op.f("ck_seats_buy_in_not_negative")),
        sa.CheckConstraint("number >= 1", name=op.f("ck_seats_number_positive")),
        sa.ForeignKeyConstraint(["player_id"], ["players.id"], name=op.f("fk_seats_player_id_players")),
        sa.ForeignKeyConstraint(["session_id"], ["sessions.id"], name=op.f("fk_seats_session_id_sessions")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_seats")),
        sa.UniqueConstraint("session_id", "name_key", name=op.f("uq_seats_session_id_name_key")),
        sa.UniqueConstraint("session_id", "number", name=op.f("uq_seats_session_id_number")),
        sa.UniqueConstraint("session_id", "player_id", name=op.f("uq_seats_session_id_player_id")),
    )
    op.create_index(op.f("ix_seats_player_id"), "seats", ["player_id"], unique=False)
    op.create_table(
        "events",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("session_id", sa.Integer(), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("hand_number", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=40), nullable=False),
        _json("payload", nullable=False),
        sa.Column("text", sa.String(), nullable=True),
        _time("created_at"),
        sa.Column("prev_hash", sa.String(length=64), nullable=False),
        sa.Column("hash", sa.String(length=64), nullable=False),
        sa.CheckConstraint("seq >= 1", name=op.f("ck_events_seq_positive")),
        sa.ForeignKeyConstraint(["session_id", "hand_number"], ["hands.session_id", "hands.number"],
                                name=op.f("fk_events_session_id_hand_number_hands")),
        sa.ForeignKeyConstraint(["session_id"], ["sessions.id"], name=op.f("fk_events_session_id_sessions")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_events")),
        sa.UniqueConstraint("session_id", "seq", name=op.f("uq_events_session_id_seq")),
    )
    op.create_index("ix_events_session_id_hand_number", "events", ["session_id", "hand_number"], unique=False)
    _forbid_event_changes()


# The event log is append-only in the database itself, not only in referee's API: an UPDATE or
# DELETE of an event row is refused by a trigger.  (Whoever drops the trigger to edit the log
# still breaks the hash chain, which `referee db verify` reports.)
APPEND_ONLY_MESSAGE = "events are append-only: record a correction (Void) instead"


def _forbid_event_changes() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute(
            "CREATE FUNCTION referee_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$ "
            f"BEGIN RAISE EXCEPTION '{APPEND_ONLY_MESSAGE}'; END $$"
        )
        op.execute(
            "CREATE TRIGGER events_append_only BEFORE UPDATE OR DELETE ON events "
            "FOR EACH ROW EXECUTE FUNCTION referee_events_append_only()"
        )
    else:
        for action in ("UPDATE", "DELETE"):
            op.execute(
                f"CREATE TRIGGER events_no_{action.lower()} BEFORE {action} ON events "
                f"BEGIN SELECT RAISE(ABORT, '{APPEND_ONLY_MESSAGE}'); END"
            )


def _allow_event_changes() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute("DROP TRIGGER events_append_only ON events")
        op.execute("DROP FUNCTION referee_events_append_only()")
    else:
        op.execute("DROP TRIGGER events_no_update")
        op.execute("DROP TRIGGER events_no_delete")


def downgrade() -> None:
    _allow_event_changes()
    op.drop_index("ix_events_session_id_hand_number", table_name="events")
    op.drop_table("events")
    op.drop_index(op.f("ix_seats_player_id"), table_name="seats")
    op.drop_table("seats")
    op.drop_index(op.f("ix_player_aliases_player_id"), table_name="player_aliases")
    op.drop_table("player_aliases")
    op.drop_table("hands")
    op.drop_table("sessions")
    op.drop_table("players")
