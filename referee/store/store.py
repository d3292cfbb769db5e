"""The store: players, sessions, the append-only event log, and the registers beside it.

Open one with :func:`open_store` (URL from ``--db`` / ``REFEREE_DB`` / the default SQLite file; the
schema is migrated on first use).  :class:`Store` reads: every read runs in its own connection
through the tables (:mod:`referee.store.tables`, SQLAlchemy Core) and returns plain rows, read by
column name, so a command that only reads never loads the ORM.  Writes go through a transaction,
all or nothing: ``with store.transaction() as tx: tx.new_session(...)``
(:class:`referee.store.transaction.Transaction`).  The live table's actions go through
:meth:`Store.append_events`, which commits each on its own, by the fast append when it can
(:mod:`referee.store.appending`).

Events can only be appended: there is no update or delete path for them, and the database refuses
both (trigger; the one exception is deleting a session that has no hands yet).  A correction is a
new event.  Bad input raises :class:`~referee.errors.InputError`; a database that cannot be reached
or used raises :class:`~referee.errors.StoreError` (URL password masked).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any, Final, TypeVar

from sqlalchemy import bindparam, func, select
from sqlalchemy.exc import SQLAlchemyError

from referee.engine.events import Event
from referee.errors import InputError, RefereeError, RetryableError, StoreError
from referee.i18n import _
from referee.store import chain, codec
from referee.store.appending import Appender, Encoded, EventRow, Head, items_of
from referee.store.db import (
    WRITE_OPTION,
    ConflictError,
    StaleLogError,
    check_store_exists,
    create_engine_for,
    describe_error,
    guarded,
    mask_url,
    parse_url,
    resolve_url,
)
from referee.store.log import LogSnapshot, unrecorded_rulebooks
from referee.store.migrate import ensure_schema
from referee.store.tables import (LOG_LEGACY, SESSION_OPEN, check_session_id, events, hands, name_key,
                                  player_aliases, players, requests, seats, sessions)

if TYPE_CHECKING:
    from sqlalchemy.engine import Connection, Engine, Row

    from referee.store.kept import Kept
    from referee.store.kept import Result as KeptResult
    from referee.store.requests import Request
    from referee.store.transaction import Transaction

APPEND_ATTEMPTS: Final = 5
T = TypeVar("T")

__all__ = ["APPEND_ATTEMPTS", "ConflictError", "SessionSummary", "StaleLogError", "Store", "open_store"]


@dataclass(frozen=True)
class SessionSummary:
    """A session with its counts, for listings (``players``: the people who sat down)."""

    session: Row[Any]
    players: int
    hands: int
    events: int


def _in_order(table: Any, session_id: int, order: Any) -> Any:
    return select(table).where(table.c.session_id == session_id).order_by(order)


class Store:
    """A connection to one referee database.  Use as a context manager, or call :meth:`close`."""

    def __init__(self, engine: Engine, source: str = "--db") -> None:
        self.engine = engine
        self.source = source
        self._writer = engine.execution_options(**{WRITE_OPTION: True})
        # one consistent view of a session's rows across several queries
        self._snapshot_reader = (engine.execution_options(isolation_level="REPEATABLE READ")
                                 if engine.dialect.name == "postgresql" else engine)
        #: the fast append of a hand's actions, and the heads of the logs this store last wrote or read
        self.appender = Appender(engine)

    # ------------------------------------------------------------------ plumbing

    @property
    def display_url(self) -> str:
        """The database URL with the password masked."""
        return mask_url(self.engine.url)

    @property
    def dialect(self) -> str:
        return self.engine.dialect.name

    @cached_property
    def key(self) -> bytes | None:
        """The store's own key (:mod:`referee.store.key`), made on first use; None when it can be
        neither made nor read (then nothing kept is believed, nothing is kept, no export is signed)."""
        from referee.store.key import store_key

        return store_key(self.engine.url)

    def close(self) -> None:
        self.engine.dispose()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def guard(self) -> Any:
        """Turn a database failure inside the block into a one-line StoreError (URL masked)."""
        return guarded(self.engine.url)

    @contextmanager
    def _read(self, engine: Any = None) -> Iterator[Connection]:
        with self.guard(), (engine or self.engine).connect() as conn:
            yield conn

    @contextmanager
    def _snapshot(self) -> Iterator[Connection]:
        """A connection whose queries see one state of the database (a read-only transaction)."""
        with self._read(self._snapshot_reader) as conn, conn.begin():
            yield conn

    # ------------------------------------------------------------------ writing

    @contextmanager
    def transaction(self, request: Request | None = None) -> Iterator[Transaction]:
        """Several writes in one transaction, committed when the block ends (nothing if it raises).

        ``request`` is what the command writing asks (:mod:`referee.store.requests`): stored with the
        events it appends, and when the log already ends with them (an earlier run whose reply was
        lost, a twin that raced it), AlreadyRecorded is raised as the session is first locked, and
        nothing is written."""
        from sqlalchemy.orm import Session  # the ORM loads only for a write

        from referee.store.transaction import Transaction

        tx: Transaction | None = None
        try:
            with self.guard(), Session(self._writer, expire_on_commit=False) as session, session.begin():
                tx = Transaction(session, request, key=lambda: self.key)
                yield tx
                tx.record_request()
                heads = tx.heads()
                for sid in heads:  # written, or only locked: either way not known until committed
                    self.appender.saw(sid, None)
        except ConflictError:
            if tx is not None and tx.keys:  # a request key refused: the twin that holds it won
                self._raise_if_recorded(tx.keys)
            raise
        except RetryableError as err:  # the reply may be lost after the server stored it: where it asked
            if tx is not None and tx.asked_at() is not None:
                err.asked_at = tx.asked_at()
            raise
        for sid, head in heads.items():  # committed: where these logs stand now
            self.appender.saw(sid, head)

    def _raise_if_recorded(self, keys: Sequence[str]) -> None:
        from referee.store.transaction import already

        with self._read() as conn:
            row = conn.execute(select(requests).where(requests.c.key.in_(keys))).first()
            if row is not None:
                raise already(conn, row) from None

    def write(self, work: Callable[[Transaction], T], request: Request | None = None) -> T:
        """``work(transaction)`` in a transaction of its own; a collision with another writer (a
        unique key) is tried again, up to :data:`APPEND_ATTEMPTS` times."""
        for attempt in range(1, APPEND_ATTEMPTS + 1):
            try:
                with self.transaction(request) as tx:
                    return work(tx)
            except StaleLogError:
                raise
            except ConflictError:
                if attempt == APPEND_ATTEMPTS:
                    raise
        raise AssertionError("unreachable")

    def append_event(self, session_id: int, hand_number: int | None, event: Event, *, text: str | None = None,
                     expected_seq: int | None = None, request: Request | None = None) -> EventRow:
        """Append ``event`` to hand ``hand_number`` of the session (None: an event of the night
        between hands); committed, so durable, when this returns.

        ``text`` is the scorekeeper's original line, if any.  ``expected_seq`` is the last ``seq``
        the recorder saw: if the log has moved on since, nothing is stored and StaleLogError says
        what was recorded meanwhile.  Otherwise the row gets the session's next ``seq`` and extends
        the hash chain; writers racing for one ``seq`` are serialised by the session's row lock and,
        should that ever be bypassed, by the unique constraint (the loser retries).  ``request``: what
        the command asks (:mod:`referee.store.requests`), so that asking it again stores it once.
        """
        return self.append_events(session_id, hand_number, [(event, text)], expected_seq=expected_seq,
                                  request=request)[0]

    def append_events(self, session_id: int, hand_number: int | None, events: Sequence[Event | Encoded], *,
                      expected_seq: int | None = None, request: Request | None = None) -> list[EventRow]:
        """Append several events to one hand (or between hands), all or none, committed when this
        returns: by the fast append when it can take them (:class:`~referee.store.appending.Appender`),
        else in a write transaction.  Each item is an event or an ``(event, text)`` pair; see
        :meth:`append_event`."""
        items = items_of(events)
        if request is None:
            fast = self.appender.append(session_id, hand_number, items, expected_seq)
            if fast is not None:
                return fast
        return self.write(lambda tx: tx.append_events(session_id, hand_number, items, expected_seq=expected_seq),
                          request)

    # ------------------------------------------------------------------ players

    @staticmethod
    def _find_player(conn: Connection, name: str) -> Row[Any] | None:
        key = name_key(name)
        found = conn.execute(select(players).where(players.c.name_key == key)).first()
        if found is None:
            found = conn.execute(select(players).join(player_aliases, player_aliases.c.player_id == players.c.id)
                                 .where(player_aliases.c.alias_key == key)).first()
        return found

    def find_player(self, name: str) -> Row[Any] | None:
        """The player whose name or alias is ``name`` (ignoring case), or None."""
        with self._read() as conn:
            return self._find_player(conn, name)

    def player(self, name: str) -> Row[Any]:
        """The player named (or aliased) ``name``; InputError if there is none."""
        found = self.find_player(name)
        if found is None:
            raise InputError(_("no player named {name!r}").format(name=name), hint=_("players are added when they first sit down"))
        return found

    def players(self) -> list[Row[Any]]:
        """Every player, by name."""
        with self._read() as conn:
            return conn.execute(select(players).order_by(players.c.name_key)).all()

    def aliases(self, player: str) -> list[str]:
        """The other spellings of ``player``'s name."""
        found = self.player(player)
        with self._read() as conn:
            return list(conn.execute(select(player_aliases.c.alias).where(player_aliases.c.player_id == found.id)
                                     .order_by(player_aliases.c.id)).scalars())

    # ------------------------------------------------------------------ sessions, seats and hands

    @staticmethod
    def _session(conn: Connection, session_id: int) -> Row[Any]:
        check_session_id(session_id)
        game = conn.execute(select(sessions).where(sessions.c.id == session_id)).first()
        if game is None:
            raise InputError(_("no session {session}").format(session=session_id), hint=_("`referee session list` shows the sessions"))
        return game

    def session(self, session_id: int) -> Row[Any]:
        """Session ``session_id``; InputError if there is none."""
        with self._read() as conn:
            return self._session(conn, session_id)

    def sessions(self) -> list[Row[Any]]:
        """Every session, oldest first."""
        with self._read() as conn:
            return conn.execute(select(sessions).order_by(sessions.c.id)).all()

    def session_summaries(self) -> list[SessionSummary]:
        """Every session with its numbers of people seated, hands and events (three queries)."""
        with self._read() as conn:
            def counts(table: Any) -> dict[int, int]:
                rows = conn.execute(select(table.c.session_id, func.count()).group_by(table.c.session_id))
                return {sid: n for sid, n in rows}

            seated, played, logged = counts(seats), counts(hands), counts(events)
            return [SessionSummary(game, seated.get(game.id, 0), played.get(game.id, 0), logged.get(game.id, 0))
                    for game in conn.execute(select(sessions).order_by(sessions.c.id))]

    def seats(self, session_id: int) -> list[Row[Any]]:
        """The people registered at the session, in order of arrival (where they sit is in the log)."""
        with self._read() as conn:
            self._session(conn, session_id)
            return conn.execute(_in_order(seats, session_id, seats.c.number)).all()

    def hand(self, session_id: int, number: int) -> Row[Any]:
        with self._read() as conn:
            hand = conn.execute(select(hands).where(hands.c.session_id == session_id, hands.c.number == number)).first()
        if hand is None:
            raise InputError(_("session {session} has no hand {number}").format(session=session_id, number=number))
        return hand

    def hands(self, session_id: int) -> list[Row[Any]]:
        """The session's hands in order."""
        with self._read() as conn:
            self._session(conn, session_id)
            return conn.execute(_in_order(hands, session_id, hands.c.number)).all()

    # ------------------------------------------------------------------ the log

    def last_seq(self, session_id: int) -> int:
        """The ``seq`` of the session's last event (0 before the first): what a recorder has seen."""
        with self._read() as conn:
            self._session(conn, session_id)
            return conn.execute(select(func.max(events.c.seq)).where(events.c.session_id == session_id)).scalar() or 0

    def events(self, session_id: int, hand_number: int | None = None) -> list[Row[Any]]:
        """The session's event rows (of one hand, if given) in ``seq`` order."""
        with self._read() as conn:
            self._session(conn, session_id)
            query = _in_order(events, session_id, events.c.seq)
            if hand_number is not None:
                query = query.where(events.c.hand_number == hand_number)
            return conn.execute(query).all()

    def hand_events(self, session_id: int, hand_number: int) -> list[Event]:
        """The hand's events, decoded, in the order they were recorded."""
        return [codec.decode_event(row.kind, row.payload, where=f"session {session_id}, event {row.seq}")
                for row in self.events(session_id, hand_number)]

    def _record_rulebooks_once(self, game: Row[Any], rows: Sequence[Any]) -> bool:
        """A night recorded before the log held its rulebook gets it recorded the first time it is
        read (:meth:`Transaction.record_rulebooks`); whether anything was recorded (read it again)."""
        if not unrecorded_rulebooks(game, (row for row in rows if row.hand_number is None)):
            return False
        with self.transaction() as tx:
            return bool(tx.record_rulebooks(game.id))

    def log_snapshot(self, session_id: int) -> LogSnapshot:
        """Everything stored about the session (header, seats, hands, events), read consistently."""
        snapshot = self._log_snapshot(session_id)
        if self._record_rulebooks_once(snapshot.session, snapshot.events):
            snapshot = self._log_snapshot(session_id)
        return snapshot

    def _log_snapshot(self, session_id: int) -> LogSnapshot:
        snapshot = self.log_since(session_id, 0)
        game, played, rows = snapshot.session, snapshot.hands, snapshot.events
        if game.status == SESSION_OPEN and rows:  # where the log stands: the next append goes after it
            self.appender.saw(session_id, Head(rows[-1].seq, rows[-1].hash, played[-1].number if played else 0))
        return snapshot

    def log_since(self, session_id: int, seq: int) -> LogSnapshot:
        """The session as :meth:`log_snapshot` reads it, but of its log only the events after ``seq``
        (a reader that has read up to ``seq`` reads what was appended since, and checks each new
        row's ``prev_hash`` against the last hash it read)."""
        with self._snapshot() as conn:
            game = self._session(conn, session_id)
            seated = conn.execute(_in_order(seats, session_id, seats.c.number)).all()
            played = conn.execute(_in_order(hands, session_id, hands.c.number)).all()
            rows = conn.execute(_in_order(events, session_id, events.c.seq).where(events.c.seq > seq)).all()
        return LogSnapshot(game, seated, played, rows)

    def log_outline(self, session_id: int) -> tuple[LogSnapshot, int]:
        """The session as :meth:`log_snapshot` reads it, but of its hands' events only the first of
        each (with every night event: what lays the night out,
        :func:`referee.recording.session_log.read_session_log`; its hands' rows only for a log
        recorded before it held the whole night), and the ``seq`` of its last event: a long night's
        report reads its hands' events as it walks them (:meth:`log_rows`), never all at once."""
        outline, last = self._log_outline(session_id)
        if self._record_rulebooks_once(outline.session, outline.events):
            outline, last = self._log_outline(session_id)
        return outline, last

    def _log_outline(self, session_id: int) -> tuple[LogSnapshot, int]:
        sid = bindparam("sid")
        firsts = (select(func.min(events.c.seq)).where(events.c.session_id == sid, events.c.hand_number.is_not(None))
                  .group_by(events.c.hand_number))
        outline = events.select().where(events.c.session_id == sid,
                                        events.c.hand_number.is_(None) | events.c.seq.in_(firsts)).order_by(events.c.seq)
        with self._snapshot() as conn:
            game = self._session(conn, session_id)
            seated = conn.execute(_in_order(seats, session_id, seats.c.number)).all()
            played: list[Any] = []
            if game.log_version == LOG_LEGACY:  # its hands' rows say what its log does not (the dealers)
                played = conn.execute(_in_order(hands, session_id, hands.c.number)).all()
            rows = conn.execute(outline, {"sid": session_id}).all()
            last = conn.execute(select(func.max(events.c.seq)).where(events.c.session_id == session_id)).scalar()
            return LogSnapshot(game, seated, played, rows), last or 0

    def log_rows(self, session_id: int, *, upto: int, by_hand: bool = False, chunk: int = 500) -> Iterator[Any]:
        """The session's events up to ``seq`` ``upto`` in ``seq`` order (``by_hand``: only the hands'
        events, hand after hand), as rows of the events table, fetched ``chunk`` at a time (a
        server-side cursor on PostgreSQL): none is kept once handed on."""
        query = events.select().where(events.c.session_id == session_id, events.c.seq <= upto)
        if by_hand:
            query = query.where(events.c.hand_number.is_not(None)).order_by(events.c.hand_number, events.c.seq)
        else:
            query = query.order_by(events.c.seq)
        with self._snapshot() as conn:
            yield from conn.execution_options(yield_per=chunk).execute(query)

    def verify_chain(self, session_id: int) -> chain.ChainReport:
        """Recompute the session's hash chain: is its event log as it was recorded?"""
        with self._read() as conn:
            game = self._session(conn, session_id)
            return chain.verify_chain(game, conn.execute(_in_order(events, session_id, events.c.seq)))

    def verify_chains(self, session_ids: Sequence[int]) -> dict[int, chain.ChainReport]:
        """:meth:`verify_chain` for each of ``session_ids``, their logs read together as plain rows
        (:func:`referee.store.audit.chains`): every event's hash recomputed, nothing replayed."""
        from referee.store.audit import chains

        with self._snapshot() as conn:
            return chains(conn, session_ids)

    def verify_all(self) -> list[chain.ChainReport]:
        """:meth:`verify_chain` for every session."""
        return [self.verify_chain(game.id) for game in self.sessions()]

    def audit_session(self, session_id: int) -> list[str]:
        """What the session's row and seats say that its log does not (:mod:`referee.store.audit`)."""
        from referee.store.audit import session_problems

        snapshot = self.log_since(session_id, 0)  # as stored: a check records nothing (not even a rulebook)
        names: dict[int, set[str]] = {}
        with self._read() as conn:
            for pid, key in conn.execute(select(players.c.id, players.c.name_key)):
                names.setdefault(pid, set()).add(key)
            for pid, key in conn.execute(select(player_aliases.c.player_id, player_aliases.c.alias_key)):
                names.setdefault(pid, set()).add(key)
        return session_problems(snapshot, names)

    def unsigned_rows(self) -> list[int] | None:
        """The sessions whose row does not carry the store's signature of its columns no event holds
        (:func:`referee.store.audit.unsigned_rows`); None when the store has no key to check with."""
        from referee.store.audit import unsigned_rows

        if self.key is None:
            return None
        with self._read() as conn:
            return unsigned_rows(conn, self.key)

    # ------------------------------------------------------------------ kept replay results

    def kept_results(self, session_ids: Sequence[int]) -> dict[int, Kept]:
        """For each existing session of ``session_ids``: the head of its log now and the replay result
        kept for it (:mod:`referee.store.kept`), read together in one query."""
        from referee.store.kept import read_kept

        with self._read() as conn:
            return read_kept(conn, session_ids, self.key)

    def kept_thread(self, session_id: int) -> tuple[KeptResult, str | None] | None:
        """The session's kept night thread (:mod:`referee.store.kept`) and the hash its event ``seq``
        has now, or None."""
        from referee.store.kept import read_thread

        with self._read() as conn:
            return read_thread(conn, session_id, self.key)

    def seat_players(self, session_ids: Sequence[int]) -> dict[int, dict[str, str]]:
        """For each session of ``session_ids``: its seat names and the player (canonical name) each
        is, in one query."""
        if not session_ids:
            return {}
        out: dict[int, dict[str, str]] = {sid: {} for sid in session_ids}
        with self._read() as conn:
            rows = conn.execute(select(seats.c.session_id, seats.c.name, players.c.name)
                                .join(players, players.c.id == seats.c.player_id)
                                .where(seats.c.session_id.in_(list(session_ids))))
            for sid, seat, player in rows:
                out[sid][seat] = player
        return out

    def keep_results(self, results: Sequence[KeptResult]) -> bool:
        """Keep replay results (each replacing the session's kept one), in one transaction.  False, and
        nothing kept, when the database does not take them (a read-only user or file, another reader
        keeping the same night at the same moment): keeping is an optimisation, never an error."""
        from referee.store.kept import keep

        if not results:
            return True
        if self.key is None:
            return False
        try:
            with self.guard(), self._writer.begin() as conn:
                keep(conn, results, self.key)
        except StoreError:
            return False
        return True

    def export_signature(self, session: Any, report: chain.ChainReport) -> dict[str, str] | None:
        """This store's signature of an exported log whose chain ``report`` checked (None: no key, or
        a broken chain, which is never signed)."""
        from referee.store.key import export_signature

        if self.key is None or not report.ok:
            return None
        return export_signature(self.key, chain.genesis_hash(session), report.head, report.events)

    def export_signed(self, signature: object, session: Any, report: chain.ChainReport) -> bool | None:
        """Whether an export's ``signature`` is this store's for its verified chain ``report``: True,
        False (it names this store, but the file was changed since: an edit with its hashes
        recomputed), or None (it names another store, or none: its origin is unsigned here)."""
        from referee.store.key import export_signed

        return export_signed(self.key, signature, chain.genesis_hash(session), report.head, report.events)

    def unverified_kept(self) -> list[tuple[int, str]]:
        """The kept results (session, kind) that do not carry the store's digest: edited outside
        referee, never read (:func:`referee.store.kept.unverified`)."""
        from referee.store.kept import unverified

        with self._read() as conn:
            return unverified(conn, self.key)

    def forget_kept(self, session_id: int, kind: str) -> None:
        """Drop one kept result (one that did not verify, before it is replaced)."""
        from referee.store.kept import forget

        with self.guard(), self._writer.begin() as conn:
            forget(conn, session_id, kind)

    # ------------------------------------------------------------------ overview

    def counts(self) -> dict[str, int]:
        """How many players, aliases, sessions, seats, hands and events the database holds."""
        tables = {"players": players, "aliases": player_aliases, "sessions": sessions, "seats": seats,
                  "hands": hands, "events": events}
        with self._read() as conn:
            return {name: conn.execute(select(func.count()).select_from(table)).scalar_one()
                    for name, table in tables.items()}


def open_store(url: str | None = None, *, migrate: bool = True, environ: Mapping[str, str] | None = None,
               create: bool = True) -> Store:
    """Open the database named by ``url`` (else ``REFEREE_DB``, else the default SQLite file).

    With ``migrate`` (the default) the schema is brought to the head on first use.  Without
    ``create`` a SQLite file that does not exist is refused (:class:`~referee.store.db.NoStoreError`,
    naming a nearby file) instead of being created.  Any failure to reach or use the database is a
    one-line StoreError naming the URL with its password masked.
    """
    choice = resolve_url(url, environ)
    parsed = parse_url(choice.url)
    if not create:
        check_store_exists(parsed, choice.source)
    engine = create_engine_for(parsed)
    try:
        if migrate:
            ensure_schema(engine)
        else:
            with engine.connect():
                pass
    except RefereeError:
        engine.dispose()
        raise
    except Exception as err:  # noqa: BLE001 - any driver error (sqlite3, psycopg) becomes a StoreError
        engine.dispose()
        if not isinstance(err, (SQLAlchemyError, OSError)) and not isinstance(err, engine.dialect.loaded_dbapi.Error):
            raise
        raise describe_error(parsed, err) from None
    return Store(engine, choice.source)
