"""The store's API: players, sessions, seats, hands, and the append-only event log.

Open one with :func:`open_store` (URL from ``--db`` / ``REFEREE_DB`` / the default SQLite file; the
schema is migrated on first use).  Every method runs in its own transaction and returns detached
rows (plain SQLModel objects).  Events can only be appended: there is no update or delete path for
them here, and the database refuses both (trigger).  A correction is a new ``Void`` event.

Names (players, aliases, seats) match ignoring case and repeated spaces.  Amounts are ints: chip
value in cents, buy-ins in chips.  Bad input raises :class:`~referee.errors.InputError`; a database
that cannot be reached or used raises :class:`~referee.errors.StoreError` (URL password masked).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any, Final

from sqlalchemy import func
from sqlalchemy.exc import IntegrityError, SQLAlchemyError
from sqlmodel import Session, select

from referee.engine.events import Event
from referee.errors import InputError, RefereeError, StoreError
from referee.store import chain, codec
from referee.store.db import WRITE_OPTION, create_engine_for, describe_error, mask_url, parse_url, resolve_url
from referee.store.migrate import ensure_schema
from referee.store.models import (
    NAME_MAX,
    SESSION_CLOSED,
    SESSION_OPEN,
    EventRecord,
    GameSession,
    Hand,
    Player,
    PlayerAlias,
    Seat,
    name_key,
)
from referee.store.types import utcnow

if TYPE_CHECKING:
    from sqlalchemy.engine import Engine

APPEND_ATTEMPTS: Final = 5


class ConflictError(StoreError):
    """The database refused a write that collided with another one (a unique key, a foreign key)."""


@dataclass(frozen=True)
class SeatSpec:
    """Who sits down: the name as the table calls him (a player's name or alias) and his buy-in in chips."""

    name: str
    buy_in: int = 0


@dataclass(frozen=True)
class SessionSummary:
    """A session with its counts, for listings."""

    session: GameSession
    players: int
    hands: int
    events: int


def clean_name(name: str, what: str = "name") -> str:
    """``name`` with its spaces tidied; InputError when empty or longer than the columns allow."""
    if not isinstance(name, str):
        raise InputError(f"{what} must be text, not {type(name).__name__}")
    tidy = " ".join(name.split())
    if any(ord(ch) < 32 or ord(ch) == 127 for ch in tidy):
        raise InputError(f"{what} {tidy!r} holds a control character", hint="type the name in plain letters")
    if not tidy:
        raise InputError(f"empty {what}", hint=f"give a {what} with at least one letter")
    if len(tidy) > NAME_MAX:
        raise InputError(f"{what} {tidy[:20]!r}… is longer than {NAME_MAX} characters")
    return tidy


def _check_chips(value: object, what: str, *, positive: bool = False) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise InputError(f"{what} must be a whole number, not {value!r}", hint="amounts are integers (chips or cents)")
    if value < 0 or (positive and value == 0):
        raise InputError(f"{what} must be {'positive' if positive else 'zero or more'}, not {value}")
    return value


def _check_time(moment: datetime | None, what: str) -> datetime:
    if moment is None:
        return utcnow()
    if moment.tzinfo is None or moment.utcoffset() is None:
        raise InputError(f"{what} {moment.isoformat()} has no time zone", hint="give an aware datetime (UTC)")
    return moment


class Store:
    """A connection to one referee database.  Use as a context manager, or call :meth:`close`."""

    def __init__(self, engine: Engine, source: str = "--db") -> None:
        self.engine = engine
        self.source = source
        self._writer = engine.execution_options(**{WRITE_OPTION: True})

    # ------------------------------------------------------------------ plumbing

    @property
    def display_url(self) -> str:
        """The database URL with the password masked."""
        return mask_url(self.engine.url)

    @property
    def dialect(self) -> str:
        return self.engine.dialect.name

    def close(self) -> None:
        self.engine.dispose()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @contextmanager
    def guard(self) -> Iterator[None]:
        """Turn a database failure inside the block into a one-line StoreError (URL masked)."""
        try:
            yield
        except RefereeError:
            raise
        except IntegrityError as err:
            raise ConflictError(
                f"the database refused the change: {' '.join(str(err.orig).split())}",
                where=self.display_url,
                hint="another referee may have written the same thing at the same moment: try again",
            ) from None
        except SQLAlchemyError as err:
            raise describe_error(self.engine.url, err) from None

    @contextmanager
    def _read(self) -> Iterator[Session]:
        with self.guard(), Session(self.engine, expire_on_commit=False) as session:
            yield session

    @contextmanager
    def _write(self) -> Iterator[Session]:
        """A write transaction (SQLite: BEGIN IMMEDIATE), committed when the block ends cleanly."""
        with self.guard(), Session(self._writer, expire_on_commit=False) as session, session.begin():
            yield session

    # ------------------------------------------------------------------ players

    @staticmethod
    def _find_player(session: Session, name: str) -> Player | None:
        key = name_key(name)
        player = session.exec(select(Player).where(Player.name_key == key)).first()
        if player is not None:
            return player
        alias = session.exec(select(PlayerAlias).where(PlayerAlias.alias_key == key)).first()
        return session.get(Player, alias.player_id) if alias is not None else None

    def find_player(self, name: str) -> Player | None:
        """The player whose name or alias is ``name`` (ignoring case), or None."""
        with self._read() as session:
            return self._find_player(session, name)

    def player(self, name: str) -> Player:
        """The player named (or aliased) ``name``; InputError if there is none."""
        found = self.find_player(name)
        if found is None:
            raise InputError(f"no player named {name!r}", hint="players are added when they first sit down")
        return found

    def players(self) -> list[Player]:
        """Every player, by name."""
        with self._read() as session:
            return list(session.exec(select(Player).order_by(Player.name_key)))

    def aliases(self, player: str) -> list[str]:
        """The other spellings of ``player``'s name."""
        found = self.player(player)
        with self._read() as session:
            rows = session.exec(select(PlayerAlias).where(PlayerAlias.player_id == found.id).order_by(PlayerAlias.id))
            return [row.alias for row in rows]

    @classmethod
    def _add_player(cls, session: Session, name: str) -> Player:
        name = clean_name(name, "player name")
        existing = cls._find_player(session, name)
        if existing is not None:
            raise InputError(f"player {name!r} already exists (as {existing.name!r})")
        player = Player(name=name, name_key=name_key(name))
        session.add(player)
        session.flush()
        return player

    def add_player(self, name: str) -> Player:
        """A new player; InputError if the name is already a player's name or alias."""
        with self._write() as session:
            return self._add_player(session, name)

    def add_alias(self, player: str, alias: str) -> PlayerAlias:
        """Record ``alias`` as another spelling of ``player`` (named by his name or an alias)."""
        alias = clean_name(alias, "alias")
        with self._write() as session:
            owner = self._find_player(session, player)
            if owner is None:
                raise InputError(f"no player named {player!r}", hint="add the player before his aliases")
            taken = self._find_player(session, alias)
            if taken is not None:
                raise InputError(f"{alias!r} already names player {taken.name!r}")
            assert owner.id is not None
            row = PlayerAlias(player_id=owner.id, alias=alias, alias_key=name_key(alias))
            session.add(row)
            session.flush()
            return row

    # ------------------------------------------------------------------ sessions and seats

    def new_session(
        self,
        *,
        table_name: str,
        rulebook: str,
        chip_value_cents: int,
        seats: Sequence[SeatSpec] = (),
        options: Mapping[str, Any] | None = None,
        started_at: datetime | None = None,
    ) -> GameSession:
        """Open a session and seat its players (numbered 1, 2, … in the order given).

        A seat name that is no player's name or alias yet creates that player.  ``rulebook`` and
        ``options`` are stored as given: validate them (``load_rulebook(...).with_options(...)``) first.
        """
        table_name = clean_name(table_name, "table name")
        rulebook = clean_name(rulebook, "rulebook name")
        _check_chips(chip_value_cents, "chip value (cents)", positive=True)
        started = _check_time(started_at, "session start")
        stored_options = dict(options or {})
        for key, value in stored_options.items():
            if not isinstance(key, str) or not isinstance(value, (str, int)):
                raise InputError(f"option {key!r} = {value!r}: options are names with text or whole-number values")
        chain.canonical_json(stored_options)
        with self._write() as session:
            game = GameSession(table_name=table_name, rulebook=rulebook, options=stored_options,
                               chip_value_cents=chip_value_cents, started_at=started, status=SESSION_OPEN)
            session.add(game)
            session.flush()
            assert game.id is not None
            for spec in seats:
                self._seat(session, game.id, spec)
            return game

    def _seat(self, session: Session, session_id: int, spec: SeatSpec) -> Seat:
        seat_name = clean_name(spec.name, "player name")
        _check_chips(spec.buy_in, f"{seat_name}'s buy-in")
        player = self._find_player(session, seat_name) or self._add_player(session, seat_name)
        for other in session.exec(select(Seat).where(Seat.session_id == session_id)):
            if other.player_id == player.id:
                also = "" if name_key(other.name) == name_key(seat_name) else f" (as {other.name!r})"
                raise InputError(f"{seat_name!r} is already seated in session {session_id}{also}",
                                 hint="each person takes one seat")
        number = 1 + (session.exec(select(func.max(Seat.number)).where(Seat.session_id == session_id)).one() or 0)
        assert player.id is not None
        seat = Seat(session_id=session_id, number=number, name=seat_name, name_key=name_key(seat_name),
                    player_id=player.id, buy_in=spec.buy_in)
        session.add(seat)
        session.flush()
        return seat

    @staticmethod
    def _session(session: Session, session_id: int, *, open_only: bool = False, lock: bool = False) -> GameSession:
        """The session row; ``lock`` takes its row lock (PostgreSQL ``FOR UPDATE``) so that writers
        numbering its seats, hands or events queue up instead of colliding.  (On SQLite every write
        transaction already holds the database's write lock from its BEGIN IMMEDIATE.)"""
        game = session.get(GameSession, session_id, with_for_update=lock)
        if game is None:
            raise InputError(f"no session {session_id}", hint="`referee session list` shows the sessions")
        if open_only and game.status != SESSION_OPEN:
            raise InputError(f"session {session_id} is closed", hint="a closed session cannot be recorded into")
        return game

    def session(self, session_id: int) -> GameSession:
        """Session ``session_id``; InputError if there is none."""
        with self._read() as session:
            return self._session(session, session_id)

    def sessions(self) -> list[GameSession]:
        """Every session, oldest first."""
        with self._read() as session:
            return list(session.exec(select(GameSession).order_by(GameSession.id)))

    def session_summaries(self) -> list[SessionSummary]:
        """Every session with its numbers of seated players, hands and events (three queries)."""
        with self._read() as session:
            def counts(model: Any) -> dict[int, int]:
                rows = session.exec(select(model.session_id, func.count()).group_by(model.session_id))
                return {sid: n for sid, n in rows}

            seats, hands, events = counts(Seat), counts(Hand), counts(EventRecord)
            return [
                SessionSummary(game, seats.get(game.id, 0), hands.get(game.id, 0), events.get(game.id, 0))
                for game in session.exec(select(GameSession).order_by(GameSession.id))
            ]

    def add_seat(self, session_id: int, name: str, buy_in: int = 0) -> Seat:
        """Seat one more player (a late arrival) in the next seat number."""
        with self._write() as session:
            self._session(session, session_id, open_only=True, lock=True)
            return self._seat(session, session_id, SeatSpec(name, buy_in))

    def seats(self, session_id: int) -> list[Seat]:
        """The session's seats in seat order."""
        with self._read() as session:
            self._session(session, session_id)
            return list(session.exec(select(Seat).where(Seat.session_id == session_id).order_by(Seat.number)))

    def close_session(self, session_id: int, ended_at: datetime | None = None) -> GameSession:
        """Mark the session closed (nothing more is recorded into it)."""
        ended = _check_time(ended_at, "session end")
        with self._write() as session:
            game = self._session(session, session_id, open_only=True)
            game.status, game.ended_at = SESSION_CLOSED, ended
            session.add(game)
            return game

    # ------------------------------------------------------------------ hands

    def start_hand(self, session_id: int, *, dealer: str | None = None, started_at: datetime | None = None) -> Hand:
        """Open the session's next hand (numbered 1, 2, …).  ``dealer`` must be a seat name."""
        started = _check_time(started_at, "hand start")
        with self._write() as session:
            self._session(session, session_id, open_only=True, lock=True)
            dealer_name = None
            if dealer is not None:
                seat = session.exec(
                    select(Seat).where(Seat.session_id == session_id, Seat.name_key == name_key(dealer))
                ).first()
                if seat is None:
                    raise InputError(f"dealer {dealer!r} is not seated in session {session_id}")
                dealer_name = seat.name
            number = 1 + (session.exec(select(func.max(Hand.number)).where(Hand.session_id == session_id)).one() or 0)
            hand = Hand(session_id=session_id, number=number, dealer=dealer_name, started_at=started)
            session.add(hand)
            session.flush()
            return hand

    @staticmethod
    def _hand(session: Session, session_id: int, number: int) -> Hand:
        hand = session.exec(select(Hand).where(Hand.session_id == session_id, Hand.number == number)).first()
        if hand is None:
            raise InputError(f"session {session_id} has no hand {number}")
        return hand

    def hand(self, session_id: int, number: int) -> Hand:
        with self._read() as session:
            return self._hand(session, session_id, number)

    def hands(self, session_id: int) -> list[Hand]:
        """The session's hands in order."""
        with self._read() as session:
            self._session(session, session_id)
            return list(session.exec(select(Hand).where(Hand.session_id == session_id).order_by(Hand.number)))

    def end_hand(self, session_id: int, number: int, ended_at: datetime | None = None) -> Hand:
        """Record when the hand ended."""
        ended = _check_time(ended_at, "hand end")
        with self._write() as session:
            hand = self._hand(session, session_id, number)
            hand.ended_at = ended
            session.add(hand)
            return hand

    def cache_result(self, session_id: int, number: int, result: Mapping[str, Any] | None) -> None:
        """Keep (or, with None, forget) the replay result of a hand: a JSON object, a cache only."""
        document = None if result is None else dict(result)
        if document is not None:
            try:
                chain.canonical_json(document)
            except (TypeError, ValueError) as err:
                raise InputError(f"hand {number}'s replay result is not plain JSON: {err}") from None
        with self._write() as session:
            hand = self._hand(session, session_id, number)
            hand.result = document
            session.add(hand)

    # ------------------------------------------------------------------ events (append-only)

    def append_event(self, session_id: int, hand_number: int, event: Event, *, text: str | None = None) -> EventRecord:
        """Append ``event`` to hand ``hand_number`` of the session; durable when this returns.

        ``text`` is the scorekeeper's original line, if any.  The row gets the session's next ``seq``
        and extends the hash chain; two writers racing for one ``seq`` are serialised by the session's
        row lock and, should that ever be bypassed, by the unique constraint (the loser retries).
        """
        return self.append_events(session_id, hand_number, [(event, text)])[0]

    def append_events(
        self, session_id: int, hand_number: int, events: Sequence[Event | tuple[Event, str | None]]
    ) -> list[EventRecord]:
        """Append several events to one hand in one transaction: all of them, or (on any error) none.

        Each item is an event or an ``(event, text)`` pair; see :meth:`append_event`.
        """
        encoded = [self._encode(item) for item in events]
        for attempt in range(1, APPEND_ATTEMPTS + 1):
            try:
                with self._write() as session:
                    return self._append_rows(session, session_id, hand_number, encoded)
            except ConflictError:
                if attempt == APPEND_ATTEMPTS:
                    raise
        raise AssertionError("unreachable")

    @staticmethod
    def _encode(item: Event | tuple[Event, str | None]) -> tuple[str, dict[str, Any], str | None]:
        event, text = item if isinstance(item, tuple) else (item, None)
        kind, payload = codec.encode_event(event)
        if text is not None and not isinstance(text, str):
            raise InputError(f"event text must be a string, not {type(text).__name__}")
        if text is not None and "\x00" in text:
            raise InputError(f"event text {text!r} holds a NUL character", hint="remove the control character")
        return kind, payload, text

    def _append_rows(self, session: Session, session_id: int, hand_number: int,
                     encoded: Sequence[tuple[str, dict[str, Any], str | None]]) -> list[EventRecord]:
        game = self._session(session, session_id, open_only=True, lock=True)
        self._hand(session, session_id, hand_number)
        last = session.exec(
            select(EventRecord).where(EventRecord.session_id == session_id)
            .order_by(EventRecord.seq.desc()).limit(1)  # type: ignore[attr-defined]
        ).first()
        seq = 0 if last is None else last.seq
        prev = chain.genesis_hash(game) if last is None else last.hash
        rows = []
        for kind, payload, text in encoded:
            seq += 1
            created = utcnow()
            digest = chain.event_hash(prev, session_id=session_id, seq=seq, hand_number=hand_number,
                                      kind=kind, payload=payload, text=text, created_at=created)
            rows.append(EventRecord(session_id=session_id, seq=seq, hand_number=hand_number, kind=kind,
                                    payload=payload, text=text, created_at=created, prev_hash=prev, hash=digest))
            prev = digest
        session.add_all(rows)
        session.flush()
        return rows

    def events(self, session_id: int, hand_number: int | None = None) -> list[EventRecord]:
        """The session's event rows (of one hand, if given) in ``seq`` order."""
        with self._read() as session:
            self._session(session, session_id)
            query = select(EventRecord).where(EventRecord.session_id == session_id)
            if hand_number is not None:
                query = query.where(EventRecord.hand_number == hand_number)
            return list(session.exec(query.order_by(EventRecord.seq)))  # type: ignore[arg-type]

    def hand_events(self, session_id: int, hand_number: int) -> list[Event]:
        """The hand's events, decoded, in the order they were recorded."""
        return [
            codec.decode_event(row.kind, row.payload, where=f"session {session_id}, event {row.seq}")
            for row in self.events(session_id, hand_number)
        ]

    def verify_chain(self, session_id: int) -> chain.ChainReport:
        """Recompute the session's hash chain: is its event log as it was recorded?"""
        with self._read() as session:
            game = self._session(session, session_id)
            rows = session.exec(
                select(EventRecord).where(EventRecord.session_id == session_id).order_by(EventRecord.seq)  # type: ignore[arg-type]
            )
            return chain.verify_chain(game, rows)

    def verify_all(self) -> list[chain.ChainReport]:
        """:meth:`verify_chain` for every session."""
        return [self.verify_chain(game.id) for game in self.sessions() if game.id is not None]

    # ------------------------------------------------------------------ overview

    def counts(self) -> dict[str, int]:
        """How many players, aliases, sessions, seats, hands and events the database holds."""
        tables = {"players": Player, "aliases": PlayerAlias, "sessions": GameSession, "seats": Seat,
                  "hands": Hand, "events": EventRecord}
        with self._read() as session:
            return {name: session.exec(select(func.count()).select_from(model)).one() for name, model in tables.items()}


def open_store(url: str | None = None, *, migrate: bool = True, environ: Mapping[str, str] | None = None) -> Store:
    """Open the database named by ``url`` (else ``REFEREE_DB``, else the default SQLite file).

    With ``migrate`` (the default) the schema is brought to the head on first use.  Any failure to
    reach or use the database is a one-line StoreError naming the URL with its password masked.
    """
    choice = resolve_url(url, environ)
    parsed = parse_url(choice.url)
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
