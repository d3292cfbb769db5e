"""The store's tables (SQLModel): players and their aliases, sessions, seats, hands, and the
append-only event log.

The event log is the whole truth of a night (``log_version`` 2): who sat down where with what,
rebuys, departures, seat moves, dealers, rule changes, every action of every hand, cash-outs.
``seats`` and ``hands`` are registers beside it: who the people at a session are (seat name →
player) and which hands were started.  Sessions recorded before the log
held the night (``log_version`` 1) keep their opening seating in ``seats`` and dealers in ``hands``.

Money and chips are integers everywhere (chip value in cents, buy-ins in chips): no Float or
Numeric column exists.  Times are :class:`~referee.store.types.UTCDateTime` (aware, UTC).
Case-insensitive uniqueness (player names, aliases, seat names) is a unique index on a ``*_key``
column holding :func:`name_key` of the name, which works the same on SQLite and PostgreSQL.

The schema itself is created and changed only by the alembic migrations in
``referee/store/migrations``; a test checks that they produce exactly this metadata.
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Any, Final

from pydantic import ConfigDict
from sqlalchemy import CheckConstraint, ForeignKeyConstraint, Index, Text, UniqueConstraint
from sqlmodel import Field, SQLModel

from referee.store.types import JSONDocument, UTCDateTime, utcnow

# Stable constraint names, so later migrations (batch mode on SQLite) can refer to them.
SQLModel.metadata.naming_convention = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_N_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}

NAME_MAX: Final = 100
SESSION_OPEN: Final = "open"
SESSION_CLOSED: Final = "closed"
LOG_LEGACY: Final = 1  # recorded before migration 0002: seats and dealers in their tables
LOG_WHOLE: Final = 2  # the event log holds the whole night
HASH_LENGTH: Final = 64  # hex sha256
ORIGIN_HAND_FILE: Final = "hand-file"  # imported from a hand file
ORIGIN_LOG_VERIFIED: Final = "log-verified"  # a session log whose hash chain was checked on import (unsigned origin)
ORIGIN_LOG_SIGNED: Final = "log-signed"  # that, and its export signed by this very store (its origin proven)
ORIGIN_LOG_UNVERIFIED: Final = "log-unverified"  # a session log taken as a new night (--as-new)
ORIGIN_POKERNOW: Final = "pokernow"  # a PokerNow ledger
ORIGINS: Final = (ORIGIN_HAND_FILE, ORIGIN_LOG_VERIFIED, ORIGIN_LOG_SIGNED, ORIGIN_LOG_UNVERIFIED, ORIGIN_POKERNOW)

#: Every table's pydantic config: rows come from the database or from the store's own code, and a
#: table model is never validated, so pydantic builds its validator when first asked (if ever), not
#: at import -- every command that opens the store imports these tables.
TABLE_CONFIG: Final = ConfigDict(defer_build=True)


def name_key(name: str) -> str:
    """The case- and space-insensitive form two spellings of one name share (``" Bob "`` → ``"bob"``)."""
    return " ".join(name.split()).casefold()


def _time_field(nullable: bool = False) -> Any:
    if nullable:
        return Field(default=None, sa_type=UTCDateTime, nullable=True)
    return Field(default_factory=utcnow, sa_type=UTCDateTime, nullable=False)


class Player(SQLModel, table=True):
    """A person, who adds up across nights.  ``name`` is his canonical spelling."""

    model_config = TABLE_CONFIG  # type: ignore[assignment]

    __tablename__ = "players"

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(max_length=NAME_MAX)
    name_key: str = Field(max_length=NAME_MAX, unique=True)
    created_at: datetime = _time_field()


class PlayerAlias(SQLModel, table=True):
    """Another spelling of a player's name (``Bobby`` for ``Robert``), unique ignoring case."""

    model_config = TABLE_CONFIG  # type: ignore[assignment]

    __tablename__ = "player_aliases"

    id: int | None = Field(default=None, primary_key=True)
    player_id: int = Field(foreign_key="players.id", index=True)
    alias: str = Field(max_length=NAME_MAX)
    alias_key: str = Field(max_length=NAME_MAX, unique=True)
    created_at: datetime = _time_field()


class GameSession(SQLModel, table=True):
    """One night at one table: its rulebook and option overrides, and what a chip is worth."""

    model_config = TABLE_CONFIG  # type: ignore[assignment]

    __tablename__ = "sessions"
    __table_args__ = (
        CheckConstraint("chip_value_cents > 0", name="chip_value_positive"),
        CheckConstraint(f"status IN ('{SESSION_OPEN}', '{SESSION_CLOSED}')", name="status_known"),
    )

    id: int | None = Field(default=None, primary_key=True)
    table_name: str = Field(max_length=NAME_MAX)
    started_at: datetime = _time_field()
    ended_at: datetime | None = _time_field(nullable=True)
    rulebook: str = Field(max_length=200)
    options: dict[str, Any] = Field(default_factory=dict, sa_type=JSONDocument, nullable=False)
    chip_value_cents: int
    status: str = Field(default=SESSION_OPEN, max_length=10)
    created_at: datetime = _time_field()
    # 1: recorded before the log held the whole night; 2: it does (part of the genesis hash)
    log_version: int = Field(default=LOG_WHOLE, sa_column_kwargs={"server_default": str(LOG_LEGACY)})
    buy_in_default: int = Field(default=0, sa_column_kwargs={"server_default": "0"})  # chips, for late arrivals
    #: an imported night's content hash (:mod:`referee.store.fingerprint`): the same night twice is refused
    fingerprint: str | None = Field(default=None, max_length=HASH_LENGTH, index=True)
    #: how the session came to be: None (recorded here), or one of :data:`ORIGINS`
    origin: str | None = Field(default=None, max_length=20)
    #: why the night was voided (``referee session void``): kept, but counted nowhere
    void_reason: str | None = Field(default=None)
    voided_at: datetime | None = _time_field(nullable=True)
    #: the head of the log, kept where an append takes its lock (migration 0005): the last event's
    #: seq (0 before the first) and hash (None before it); the events stay the truth
    last_seq: int = Field(default=0, sa_column_kwargs={"server_default": "0"})
    last_hash: str | None = Field(default=None, max_length=HASH_LENGTH)
    #: the store's keyed hash of the row's columns its log does not hold (``created_at``,
    #: ``buy_in_default``, ``fingerprint``), migration 0012 (:func:`referee.store.audit.row_digest`)
    digest: str | None = Field(default=None, max_length=HASH_LENGTH)

    @property
    def voided(self) -> bool:
        return self.void_reason is not None


class SeatRecord(SQLModel, table=True):
    """A person at a session, registered when he first sits down.  ``name`` is how events name him
    (``Player``'s name or an alias as typed); ``number`` the order of arrival; ``buy_in`` his first
    buy-in in chips.  Where he sits, rebuys and cash-outs are events of the log."""

    model_config = TABLE_CONFIG  # type: ignore[assignment]

    __tablename__ = "seats"
    __table_args__ = (
        UniqueConstraint("session_id", "number"),
        UniqueConstraint("session_id", "name_key"),
        UniqueConstraint("session_id", "player_id"),
        CheckConstraint("number >= 1", name="number_positive"),
        CheckConstraint("buy_in >= 0", name="buy_in_not_negative"),
    )

    id: int | None = Field(default=None, primary_key=True)
    session_id: int = Field(foreign_key="sessions.id")
    number: int
    name: str = Field(max_length=NAME_MAX)
    name_key: str = Field(max_length=NAME_MAX)
    player_id: int = Field(foreign_key="players.id", index=True)
    buy_in: int = 0
    created_at: datetime = _time_field()


class HandRecord(SQLModel, table=True):
    """A deal within a session.  ``dealer`` is a seat name (for display: the log's ``SetDealer`` is
    what counts).  Its result is never stored: it is replayed from the log."""

    model_config = TABLE_CONFIG  # type: ignore[assignment]

    __tablename__ = "hands"
    __table_args__ = (
        UniqueConstraint("session_id", "number"),
        CheckConstraint("number >= 1", name="number_positive"),
    )

    id: int | None = Field(default=None, primary_key=True)
    session_id: int = Field(foreign_key="sessions.id")
    number: int
    dealer: str | None = Field(default=None, max_length=NAME_MAX)
    started_at: datetime = _time_field()
    ended_at: datetime | None = _time_field(nullable=True)


class EventRecord(SQLModel, table=True):
    """One recorded event; append-only.  ``seq`` numbers a session's events 1, 2, 3, … (unique per
    session); ``hash`` = sha256(``prev_hash`` + the canonical record), see :mod:`referee.store.chain`.
    ``kind`` is the event class name of :mod:`referee.engine.events`, ``payload`` its fields."""

    model_config = TABLE_CONFIG  # type: ignore[assignment]

    __tablename__ = "events"
    __table_args__ = (
        UniqueConstraint("session_id", "seq"),
        ForeignKeyConstraint(["session_id", "hand_number"], ["hands.session_id", "hands.number"]),
        Index("ix_events_session_id_hand_number", "session_id", "hand_number"),
        CheckConstraint("seq >= 1", name="seq_positive"),
    )

    id: int | None = Field(default=None, primary_key=True)
    session_id: int = Field(foreign_key="sessions.id")
    seq: int
    hand_number: int | None = None
    kind: str = Field(max_length=40)
    payload: dict[str, Any] = Field(sa_type=JSONDocument, nullable=False)
    text: str | None = Field(default=None)
    created_at: datetime = _time_field()
    prev_hash: str = Field(max_length=HASH_LENGTH)
    hash: str = Field(max_length=HASH_LENGTH)


class NightResult(SQLModel, table=True):
    """A replay result kept so that a night is not replayed on every read, one per session and
    ``kind``: ``figures`` (the night's ledger and hands, :mod:`referee.ledger.kept`), valid only while
    the session's log still ends at ``seq``/``head`` (the hash of its last event; 0 and the genesis
    hash for an empty log); ``thread`` (the night thread after its finished hands, for the live table),
    valid while the event ``seq`` still has the hash ``head`` and nothing after it touches those hands.
    Either only while ``format`` and ``referee`` are this referee's, and while ``digest`` (migration
    0008) is the store's keyed hash of the row (:mod:`referee.store.kept`).  Any other row is recomputed
    and replaced, never trusted.  ``document`` is opaque to the store."""

    model_config = TABLE_CONFIG  # type: ignore[assignment]

    __tablename__ = "night_results"

    session_id: int = Field(foreign_key="sessions.id", primary_key=True, sa_column_kwargs={"autoincrement": False})
    kind: str = Field(max_length=20, primary_key=True)
    seq: int
    head: str = Field(max_length=HASH_LENGTH)
    format: int
    referee: str = Field(max_length=40)
    document: dict[str, Any] = Field(sa_type=JSONDocument, nullable=False)
    computed_at: datetime = _time_field()
    digest: str | None = Field(default=None, max_length=HASH_LENGTH)


class RequestRecord(SQLModel, table=True):
    """A writing command's identity, stored with the events it appended (migration 0007): ``key``
    (:mod:`referee.store.requests`) is unique, so a request is recorded once however often it is sent;
    ``first_seq``..``last_seq`` are the session's events it wrote (none when ``last_seq`` < ``first_seq``).
    Not part of the hash chain: it says who asked for the facts, never what they are."""

    model_config = TABLE_CONFIG  # type: ignore[assignment]

    __tablename__ = "requests"
    __table_args__ = (Index("ix_requests_session_id_last_seq", "session_id", "last_seq"),)

    id: int | None = Field(default=None, primary_key=True)
    key: str = Field(max_length=HASH_LENGTH, unique=True)
    session_id: int = Field(foreign_key="sessions.id")
    first_seq: int
    last_seq: int
    created_at: datetime = _time_field()


class PaymentDetails(SQLModel, table=True):
    """How a player wants to be paid (migration 0009): kept with the player, not in a night's log (they
    change, and they are no fact of a night).  Every field is optional and checked before it is
    written (:mod:`referee.ledger.paying`): ``iban`` compact, ``bic`` as given by the bank,
    ``name_latin`` the account holder's name as the bank expects it (None: the player's name,
    transliterated), ``paypal`` a PayPal.me name, ``revolut`` a Revolut tag, ``swish`` a Swish
    number, ``upi`` a UPI address, ``note`` a free "how to pay me" line."""

    model_config = TABLE_CONFIG  # type: ignore[assignment]

    __tablename__ = "payment_details"

    player_id: int = Field(foreign_key="players.id", primary_key=True, sa_column_kwargs={"autoincrement": False})
    iban: str | None = Field(default=None, max_length=34)
    bic: str | None = Field(default=None, max_length=11)
    name_latin: str | None = Field(default=None, max_length=70)
    paypal: str | None = Field(default=None, max_length=20)
    revolut: str | None = Field(default=None, max_length=32)
    swish: str | None = Field(default=None, max_length=20)
    upi: str | None = Field(default=None, max_length=100)
    note: str | None = Field(default=None, max_length=200)
    updated_at: datetime = _time_field()


class TabPaymentRecord(SQLModel, table=True):
    """A payment against the running tab across nights (migration 0010), kept as a fact: ``payer`` paid
    ``payee`` ``cents`` in ``currency`` (the names as the tab names them: players, or a banker).
    Append-only, like the log; which debts it clears is worked out when the tab is read
    (:mod:`referee.ledger.tab`).  ``key`` is the identity of the command that recorded it
    (:mod:`referee.store.tab_payments`), asked when the last payment was ``asked_at`` (0: none)."""

    model_config = TABLE_CONFIG  # type: ignore[assignment]

    __tablename__ = "tab_payments"
    __table_args__ = (CheckConstraint("cents > 0", name="cents_positive"),)

    id: int | None = Field(default=None, primary_key=True)
    payer: str = Field(max_length=NAME_MAX)
    payee: str = Field(max_length=NAME_MAX)
    cents: int
    currency: str = Field(max_length=3)
    asked_at: int
    key: str = Field(max_length=HASH_LENGTH, unique=True)
    created_at: datetime = _time_field()


class SeasonRecord(SQLModel, table=True):
    """A named season (migration 0011): the nights from ``first_day`` to ``last_day`` (UTC days,
    inclusive) at ``table_name`` (any table when None) belong to it; ``scoring`` is the scoring TOML
    it ranks by, as given (None: by net money), ``scoring_source`` where it was read from."""

    model_config = TABLE_CONFIG  # type: ignore[assignment]

    __tablename__ = "seasons"
    __table_args__ = (CheckConstraint("first_day <= last_day", name="season_days_in_order"),)

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(max_length=NAME_MAX)
    name_key: str = Field(max_length=NAME_MAX, unique=True)
    first_day: date
    last_day: date
    table_name: str | None = Field(default=None, max_length=NAME_MAX)
    scoring: str | None = Field(default=None, sa_type=Text)
    scoring_source: str | None = Field(default=None, max_length=200)
    created_at: datetime = _time_field()
    closed_at: datetime | None = _time_field(nullable=True)


TABLES: Final = (Player, PlayerAlias, GameSession, SeatRecord, HandRecord, EventRecord, NightResult, RequestRecord,
                 PaymentDetails, TabPaymentRecord, SeasonRecord)
