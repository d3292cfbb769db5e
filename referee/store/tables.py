"""The store's tables, defined once as SQLAlchemy Core tables: players and their aliases, sessions,
seats, hands, the append-only event log, kept replay results and request identities.

The event log is the whole truth of a night (``log_version`` 2): who sat down where with what,
rebuys, departures, seat moves, dealers, rule changes, every action of every hand, cash-outs.
``seats`` and ``hands`` are registers beside it: who the people at a session are (seat name →
player) and which hands were started.  Sessions recorded before the log held the night
(``log_version`` 1) keep their opening seating in ``seats`` and dealers in ``hands``.

Every read goes through these tables (rows come back as plain SQLAlchemy rows, read by column
name); the ORM classes of the write path (:mod:`referee.store.models`) are mapped onto them, so a
command that only reads never loads the ORM.

Money and chips are integers everywhere (chip value in cents, buy-ins in chips): no Float or
Numeric column exists.  Times are :class:`~referee.store.types.UTCDateTime` (aware, UTC).
Case-insensitive uniqueness (player names, aliases, seat names) is a unique index on a ``*_key``
column holding :func:`name_key` of the name, which works the same on SQLite and PostgreSQL.

The schema itself is created and changed only by the alembic migrations in
``referee/store/migrations``; a test checks that they produce exactly these tables.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any, Final

from sqlalchemy import (CheckConstraint, Column, Date, ForeignKey, ForeignKeyConstraint, Index, Integer, MetaData,
                        String, Table, Text, UniqueConstraint)

from referee.errors import InputError, excerpt
from referee.i18n import _
from referee.store.types import JSONDocument, UTCDateTime, utcnow

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

#: Stable constraint names, so later migrations (batch mode on SQLite) can refer to them.
metadata: Final = MetaData(naming_convention={
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_N_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
})


def name_key(name: str) -> str:
    """The case- and space-insensitive form two spellings of one name share (``" Bob "`` → ``"bob"``)."""
    return " ".join(name.split()).casefold()


def _id() -> Column[Any]:
    return Column("id", Integer, primary_key=True)


def _time(name: str, *, nullable: bool = False) -> Column[Any]:
    return Column(name, UTCDateTime, nullable=nullable, default=None if nullable else utcnow)


def _text(name: str, length: int | None = None, *, nullable: bool = False, **kw: Any) -> Column[Any]:
    return Column(name, String(length), nullable=nullable, **kw)


def _int(name: str, **kw: Any) -> Column[Any]:
    return Column(name, Integer, nullable=False, **kw)


#: A person, who adds up across nights.  ``name`` is his canonical spelling.
players: Final = Table(
    "players", metadata,
    _id(),
    _text("name", NAME_MAX),
    _text("name_key", NAME_MAX, unique=True),
    _time("created_at"),
)

#: Another spelling of a player's name (``Bobby`` for ``Robert``), unique ignoring case.
player_aliases: Final = Table(
    "player_aliases", metadata,
    _id(),
    Column("player_id", Integer, ForeignKey("players.id"), nullable=False, index=True),
    _text("alias", NAME_MAX),
    _text("alias_key", NAME_MAX, unique=True),
    _time("created_at"),
)

#: One night at one table: its rulebook and option overrides, and what a chip is worth.
#: ``log_version`` 1: recorded before the log held the whole night; 2: it does (part of the genesis
#: hash).  ``fingerprint``: an imported night's content hash (:mod:`referee.store.fingerprint`).
#: ``origin``: None (recorded here) or one of :data:`ORIGINS`.  ``void_reason``: why the night was
#: voided (kept, counted nowhere).  ``last_seq``/``last_hash``: the head of the log, kept where an
#: append takes its lock (the events stay the truth).  ``digest``: the store's keyed hash of the row's
#: columns its log does not hold (:func:`referee.store.audit.row_digest`).
sessions: Final = Table(
    "sessions", metadata,
    _id(),
    _text("table_name", NAME_MAX),
    _time("started_at"),
    _time("ended_at", nullable=True),
    _text("rulebook", 200),
    Column("options", JSONDocument, nullable=False, default=dict),
    _int("chip_value_cents"),
    _text("status", 10, default=SESSION_OPEN),
    _time("created_at"),
    _int("log_version", default=LOG_WHOLE, server_default=str(LOG_LEGACY)),
    _int("buy_in_default", default=0, server_default="0"),
    _text("fingerprint", HASH_LENGTH, nullable=True, index=True),
    _text("origin", 20, nullable=True),
    _text("void_reason", nullable=True),
    _time("voided_at", nullable=True),
    _int("last_seq", default=0, server_default="0"),
    _text("last_hash", HASH_LENGTH, nullable=True),
    _text("digest", HASH_LENGTH, nullable=True),
    CheckConstraint("chip_value_cents > 0", name="chip_value_positive"),
    CheckConstraint(f"status IN ('{SESSION_OPEN}', '{SESSION_CLOSED}')", name="status_known"),
)

#: A person at a session, registered when he first sits down.  ``name`` is how events name him
#: (the player's name or an alias as typed); ``number`` the order of arrival; ``buy_in`` his first
#: buy-in in chips.  Where he sits, rebuys and cash-outs are events of the log.
seats: Final = Table(
    "seats", metadata,
    _id(),
    Column("session_id", Integer, ForeignKey("sessions.id"), nullable=False),
    _int("number"),
    _text("name", NAME_MAX),
    _text("name_key", NAME_MAX),
    Column("player_id", Integer, ForeignKey("players.id"), nullable=False, index=True),
    _int("buy_in", default=0),
    _time("created_at"),
    UniqueConstraint("session_id", "number"),
    UniqueConstraint("session_id", "name_key"),
    UniqueConstraint("session_id", "player_id"),
    CheckConstraint("number >= 1", name="number_positive"),
    CheckConstraint("buy_in >= 0", name="buy_in_not_negative"),
)

#: A deal within a session.  ``dealer`` is a seat name (for display: the log's ``SetDealer`` is what
#: counts).  Its result is never stored: it is replayed from the log.
hands: Final = Table(
    "hands", metadata,
    _id(),
    Column("session_id", Integer, ForeignKey("sessions.id"), nullable=False),
    _int("number"),
    _text("dealer", NAME_MAX, nullable=True),
    _time("started_at"),
    _time("ended_at", nullable=True),
    UniqueConstraint("session_id", "number"),
    CheckConstraint("number >= 1", name="number_positive"),
)

#: One recorded event; append-only.  ``seq`` numbers a session's events 1, 2, 3, … (unique per
#: session); ``hash`` = sha256(``prev_hash`` + the canonical record), see :mod:`referee.store.chain`.
#: ``kind`` is the event class name of :mod:`referee.engine.events`, ``payload`` its fields.
events: Final = Table(
    "events", metadata,
    _id(),
    Column("session_id", Integer, ForeignKey("sessions.id"), nullable=False),
    _int("seq"),
    Column("hand_number", Integer, nullable=True),
    _text("kind", 40),
    Column("payload", JSONDocument, nullable=False),
    _text("text", nullable=True),
    _time("created_at"),
    _text("prev_hash", HASH_LENGTH),
    _text("hash", HASH_LENGTH),
    UniqueConstraint("session_id", "seq"),
    ForeignKeyConstraint(["session_id", "hand_number"], ["hands.session_id", "hands.number"]),
    Index("ix_events_session_id_hand_number", "session_id", "hand_number"),
    CheckConstraint("seq >= 1", name="seq_positive"),
)

#: A replay result kept so that a night is not replayed on every read, one per session and ``kind``
#: (:mod:`referee.store.kept`): valid only while the log still ends at (or holds) ``seq``/``head``,
#: while ``format`` and ``referee`` are this referee's, and while ``digest`` is the store's keyed hash
#: of the row.  Any other row is recomputed and replaced, never trusted.  ``document`` is opaque to
#: the store.
night_results: Final = Table(
    "night_results", metadata,
    Column("session_id", Integer, ForeignKey("sessions.id"), primary_key=True, autoincrement=False),
    _text("kind", 20, primary_key=True),
    _int("seq"),
    _text("head", HASH_LENGTH),
    _int("format"),
    _text("referee", 40),
    Column("document", JSONDocument, nullable=False),
    _time("computed_at"),
    _text("digest", HASH_LENGTH, nullable=True),
)

#: A writing command's identity, stored with the events it appended: ``key``
#: (:mod:`referee.store.requests`) is unique, so a request is recorded once however often it is sent;
#: ``first_seq``..``last_seq`` are the session's events it wrote (none when ``last_seq`` < ``first_seq``).
#: Not part of the hash chain: it says who asked for the facts, never what they are.
requests: Final = Table(
    "requests", metadata,
    _id(),
    _text("key", HASH_LENGTH, unique=True),
    Column("session_id", Integer, ForeignKey("sessions.id"), nullable=False),
    _int("first_seq"),
    _int("last_seq"),
    _time("created_at"),
    Index("ix_requests_session_id_last_seq", "session_id", "last_seq"),
)

#: How a player wants to be paid: kept with the player, not in a night's log (they change, and they
#: are no fact of a night).  Every field is optional and checked before it is written
#: (:mod:`referee.ledger.paying`).
payment_details: Final = Table(
    "payment_details", metadata,
    Column("player_id", Integer, ForeignKey("players.id"), primary_key=True, autoincrement=False),
    _text("iban", 34, nullable=True),
    _text("bic", 11, nullable=True),
    _text("name_latin", 70, nullable=True),
    _text("paypal", 20, nullable=True),
    _text("revolut", 32, nullable=True),
    _text("swish", 20, nullable=True),
    _text("upi", 100, nullable=True),
    _text("note", 200, nullable=True),
    _time("updated_at"),
)

#: A payment against the running tab across nights, kept as a fact (append-only, like the log): which
#: debts it clears is worked out when the tab is read (:mod:`referee.ledger.tab`).  ``key`` is the
#: identity of the command that recorded it (:mod:`referee.store.tab_payments`), asked when the last
#: payment was ``asked_at`` (0: none).
tab_payments: Final = Table(
    "tab_payments", metadata,
    _id(),
    _text("payer", NAME_MAX),
    _text("payee", NAME_MAX),
    _int("cents"),
    _text("currency", 3),
    _int("asked_at"),
    _text("key", HASH_LENGTH, unique=True),
    _time("created_at"),
    CheckConstraint("cents > 0", name="cents_positive"),
)

#: A named season: the nights from ``first_day`` to ``last_day`` (UTC days, inclusive) at
#: ``table_name`` (any table when None); ``scoring`` the scoring TOML it ranks by, as given (None: by
#: net money), ``scoring_source`` where it was read from.
seasons: Final = Table(
    "seasons", metadata,
    _id(),
    _text("name", NAME_MAX),
    _text("name_key", NAME_MAX, unique=True),
    Column("first_day", Date, nullable=False),
    Column("last_day", Date, nullable=False),
    _text("table_name", NAME_MAX, nullable=True),
    Column("scoring", Text, nullable=True),
    _text("scoring_source", 200, nullable=True),
    _time("created_at"),
    _time("closed_at", nullable=True),
    CheckConstraint("first_day <= last_day", name="season_days_in_order"),
)

TABLES: Final = (players, player_aliases, sessions, seats, hands, events, night_results, requests, payment_details,
                 tab_payments, seasons)

#: The largest id an INTEGER key holds on every database (PostgreSQL's, 2**31 - 1; SQLite's is larger).
MAX_ID: Final = 2_147_483_647


def check_session_id(session_id: object) -> None:
    """A session id no row can have is no session: refused before it reaches the driver (SQLite
    raises OverflowError on an integer beyond 64 bits, PostgreSQL 'integer out of range')."""
    if not isinstance(session_id, int) or isinstance(session_id, bool):
        raise InputError(_("no session {session!r}").format(session=session_id), hint=_("sessions are numbered 1, 2, …"))
    if not 1 <= session_id <= MAX_ID:
        raise InputError(_("no session {session}").format(session=excerpt(str(session_id))),
                         hint=_("sessions are numbered 1, 2, …: `referee session list` shows them"))


def replaced(row: Any, table: Table, **changes: Any) -> SimpleNamespace:
    """A copy of ``row`` of ``table`` (a row read, or an object written) with some columns changed:
    a plain object with the table's columns as attributes."""
    return SimpleNamespace(**{**{column.key: getattr(row, column.key) for column in table.columns}, **changes})
