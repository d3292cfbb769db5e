"""The store's API: players, sessions, the append-only event log, and the registers beside it.

Open one with :func:`open_store` (URL from ``--db`` / ``REFEREE_DB`` / the default SQLite file; the
schema is migrated on first use).  Every method runs in its own transaction and returns detached
rows (plain SQLModel objects); :meth:`Store.transaction` runs several in one (all or nothing).
Events can only be appended: there is no update or delete path for them here, and the database
refuses both (trigger; the one exception is deleting a session that has no hands yet).  A
correction is a new ``Void`` event.

The log is the whole night (see :mod:`referee.recording.session_log`): a session opens with a ``SitDown``
per player and the first dealer's ``SetDealer``; events between hands (no hand number) seat,
unseat, move and rebuy players, name the dealer, change the rules and cash out; a hand's events
carry its number.  A night event is checked against the table before it is appended (Bob cannot
leave when he is not seated) and stored with names spelled as seated.

Names (players, aliases, seats) match ignoring case and repeated spaces.  Amounts are ints: chip
value in cents, buy-ins in chips.  Bad input raises :class:`~referee.errors.InputError`; a database
that cannot be reached or used raises :class:`~referee.errors.StoreError` (URL password masked).
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from functools import cache, cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from sqlalchemy import bindparam, delete, func, insert, union_all, update
from sqlalchemy import select as sa_select
from sqlalchemy.exc import IntegrityError, SQLAlchemyError
from sqlmodel import Session, select

from referee.engine.events import (CashOut, ChangeRulebook, Closed, Event, MONEY_EVENTS, NightEvent, Reopened,
                                   RulebookText, SetDealer, SitDown, Unvoided, Voided)
from referee.errors import (AlreadyRecorded, InputError, RefereeError, RetryableError, ServerGoneError, StoreError,
                             excerpt)
from referee.handfile.model import NAME_RE, RESERVED
from referee.handfile.words import event_words
from referee.money import check_amount
from referee.store import chain, codec
from referee.store.chain import stored_since
from referee.store.db import (
    WRITE_OPTION,
    check_store_exists,
    create_engine_for,
    describe_error,
    mask_url,
    parse_url,
    resolve_url,
)
from referee.rulebook.loader import is_rulebook_path, recorded_rulebook, rulebook_key
from referee.store.log import LogSnapshot, TableState, closed_at, table_state, unrecorded_rulebooks
from referee.store.migrate import ensure_schema
from referee.store.models import (
    LOG_LEGACY,
    NAME_MAX,
    ORIGIN_POKERNOW,
    ORIGINS,
    SESSION_CLOSED,
    SESSION_OPEN,
    EventRecord,
    GameSession,
    HandRecord,
    Player,
    PlayerAlias,
    RequestRecord,
    SeatRecord,
    name_key,
)
from referee.store.requests import Request, key_at, night_key
from referee.store.types import utcnow

if TYPE_CHECKING:
    from sqlalchemy.engine import Engine

    from referee.store.kept import Kept
    from referee.store.kept import Result as KeptResult

APPEND_ATTEMPTS: Final = 5
#: How long an append keeps trying to reach a server that went away before it says so.
RECONNECT_SECONDS: Final = 3.0
_EVENT_COLUMNS: Final = ("session_id", "seq", "hand_number", "kind", "payload", "text", "created_at", "prev_hash", "hash")


class ConflictError(StoreError, RetryableError):
    """The database refused a write that collided with another one (a unique key, a foreign key):
    retryable (exit 75), nothing was stored."""


class StaleLogError(ConflictError):
    """An append made against a log that moved on since the recorder last saw it (``expected_seq``):
    nothing was stored; the message says what was recorded meanwhile."""


@dataclass(frozen=True)
class SeatSpec:
    """Who sits down: the name as the table calls him (a player's name or alias), his buy-in in
    chips and, when it is not chips x chip value, the money he paid (cents)."""

    name: str
    buy_in: int = 0
    paid_cents: int | None = None


@dataclass(frozen=True)
class SessionSummary:
    """A session with its counts, for listings (``players``: the people who sat down)."""

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


def check_seat_name(name: str) -> str:
    """A seat name is how the table and the hand format call a player: one word, not a keyword."""
    name = clean_name(name, "player name")
    if not NAME_RE.fullmatch(name):
        raise InputError(f"seat name {name!r} is not one word",
                         hint="the table calls each player by one word, like Ann, Mary_Ann or O'Neil")
    if name.lower() in RESERVED:
        raise InputError(f"{name!r} cannot be a seat name: it is a word of the hand format", hint="use another name")
    return name


def _check_chips(value: object, what: str, *, positive: bool = False) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise InputError(f"{what} must be a whole number, not {value!r}", hint="amounts are integers (chips or cents)")
    if value < 0 or (positive and value == 0):
        raise InputError(f"{what} must be {'positive' if positive else 'zero or more'}, not {value}")

    return check_amount(value, what)


def _check_time(moment: datetime | None, what: str) -> datetime:
    if moment is None:
        return utcnow()
    if moment.tzinfo is None or moment.utcoffset() is None:
        raise InputError(f"{what} {moment.isoformat()} has no time zone", hint="give an aware datetime (UTC)")
    return moment


Encoded = tuple[Event, str | None]


@dataclass
class _Head:
    """Where a session's log stands inside one write transaction (which holds its lock)."""

    game: GameSession
    seq: int
    hash: str
    last_hand: int
    last_hand_played: bool | None = None  # the last started hand has events (None: not looked up yet)
    state: TableState | None = None
    touched: set[int] = field(default_factory=set)


@cache
def _locked_session() -> Any:
    """The session row, locked (PostgreSQL ``FOR UPDATE``; see :meth:`Store._session`): built once."""
    return select(GameSession).where(GameSession.id == bindparam("sid")).with_for_update()


@cache
def _log_head() -> Any:
    """Where a session's log stands, in one round trip: its last event's seq and hash and its last
    hand.  Built once: the live table runs it on every append.  Run after the session's row is locked,
    so that (each statement seeing what was committed before it began) it sees every earlier writer."""
    sid = bindparam("sid")
    last = select(EventRecord.seq, EventRecord.hash).where(EventRecord.session_id == sid) \
        .order_by(EventRecord.seq.desc()).limit(1)  # type: ignore[attr-defined]
    return select(
        last.with_only_columns(EventRecord.seq).scalar_subquery(),
        last.with_only_columns(EventRecord.hash).scalar_subquery(),
        select(func.max(HandRecord.number)).where(HandRecord.session_id == sid).scalar_subquery(),
    )


#: The largest id an INTEGER key holds on every database (PostgreSQL's, 2**31 - 1; SQLite's is larger).
MAX_ID = 2_147_483_647


def _check_session_id(session_id: object) -> None:
    """A session id no row can have is no session: refused before it reaches the driver (SQLite
    raises OverflowError on an integer beyond 64 bits, PostgreSQL 'integer out of range')."""
    if not isinstance(session_id, int) or isinstance(session_id, bool):
        raise InputError(f"no session {session_id!r}", hint="sessions are numbered 1, 2, …")
    if not 1 <= session_id <= MAX_ID:
        raise InputError(f"no session {excerpt(str(session_id))}",
                         hint="sessions are numbered 1, 2, …: `referee session list` shows them")


def _session_log(session_id: int) -> Any:
    """A session's events in order."""
    return (select(EventRecord).where(EventRecord.session_id == session_id)
            .order_by(EventRecord.seq))  # type: ignore[arg-type]


@cache
def _event_insert() -> Any:
    return insert(EventRecord.__table__)  # type: ignore[attr-defined]


def _values(row: EventRecord) -> dict[str, Any]:
    return {column: getattr(row, column) for column in _EVENT_COLUMNS}


def _chained(sid: int, seq: int, prev_hash: str, hand_number: int | None, event: Event,
             text: str | None) -> EventRecord:
    """The row of ``event`` after event ``seq`` (hash ``prev_hash``) of session ``sid``'s log."""
    return EventRecord(**_chained_values(sid, seq, prev_hash, hand_number, event, text))


def _chained_values(sid: int, seq: int, prev_hash: str, hand_number: int | None, event: Event,
                    text: str | None, at: datetime | None = None) -> dict[str, Any]:
    """:func:`_chained` as the row's column values (an import writes thousands: no ORM object each);
    ``at``: when it happened, if not now."""
    kind, payload = codec.encode_event(event)
    if text is not None and not isinstance(text, str):
        raise InputError(f"event text must be a string, not {type(text).__name__}")
    if text is not None and "\x00" in text:
        raise InputError(f"event text {text!r} holds a NUL character", hint="remove the control character")
    created = at or utcnow()
    digest = chain.event_hash(prev_hash, session_id=sid, seq=seq + 1, hand_number=hand_number,
                              kind=kind, payload=payload, text=text, created_at=created)
    return {"session_id": sid, "seq": seq + 1, "hand_number": hand_number, "kind": kind, "payload": payload,
            "text": text, "created_at": created, "prev_hash": prev_hash, "hash": digest}


@dataclass(frozen=True)
class _KnownHead:
    """Where a session's log stood when this store last wrote or read it (it may have moved since:
    the fast append checks it against the session row, see :meth:`Store._append_fast`)."""

    seq: int
    hash: str
    last_hand: int


@cache
def _head_moved() -> Any:
    """Move an open session's head from the one the appender knows to its new last row; no row
    matches when the log moved on (another writer), the session closed, or it is not known."""
    sessions = GameSession.__table__  # type: ignore[attr-defined]
    return (update(sessions)
            .where(sessions.c.id == bindparam("sid"), sessions.c.status == SESSION_OPEN,
                   sessions.c.last_seq == bindparam("old_seq"), sessions.c.last_hash == bindparam("old_hash"))
            .values(last_seq=bindparam("new_seq"), last_hash=bindparam("new_hash")))


@cache
def _append_statement(count: int) -> Any:
    """PostgreSQL: an append of ``count`` rows in one statement, so one round trip.  The UPDATE of
    the session row takes its lock and checks the head (re-checked on the row as the writer before
    it left it); the rows are inserted only when it matched.  RETURNING says how many went in."""
    events = EventRecord.__table__  # type: ignore[attr-defined]
    head = _head_moved().returning(GameSession.__table__.c.id).cte("head")  # type: ignore[attr-defined]
    columns = [c for c in _EVENT_COLUMNS if c != "session_id"]
    rows = [sa_select(head.c.id, *(bindparam(f"{c}_{n}", type_=events.c[c].type) for c in columns)).select_from(head)
            for n in range(count)]
    source = rows[0] if count == 1 else union_all(*rows)
    return insert(events).from_select(["session_id", *columns], source).add_cte(head).returning(events.c.seq)


@cache
def _stored_hash() -> Any:
    events = EventRecord.__table__  # type: ignore[attr-defined]
    return sa_select(events.c.hash).where(events.c.session_id == bindparam("sid"), events.c.seq == bindparam("seq"))


class Transaction:
    """Writes inside one database transaction: all of them are committed together, or none.

    Get one from :meth:`Store.transaction`; its methods are the store's writing methods.
    """

    def __init__(self, store: Store, db: Session, request: Request | None = None) -> None:
        self.store = store
        self.db = db
        self._heads: dict[int, _Head] = {}
        #: what the command writing in this transaction asks (None: no identity, never taken for a retry)
        self.request = request
        #: where each session's log stood when this request first locked it
        self._asked: dict[int, int] = {}
        #: the request keys this transaction stores (looked up if the database refuses one: a twin won)
        self._keys: list[str] = []
        #: whether a night started or a rulebook changed here gets its rulebook's text recorded after it
        #: (off while a session log that carries its own ``RulebookText`` events is copied in)
        self.records_rulebooks = True
        #: rulebook file texts to record instead of the disk's (a hand file's ``rulebook file`` blocks)
        self.rulebook_texts: tuple[tuple[str, str], ...] = ()

    # ------------------------------------------------------------------ players

    def _find_player(self, name: str) -> Player | None:
        return Store._find_player(self.db, name)

    def find_player(self, name: str) -> Player | None:
        """The player whose name or alias is ``name`` (ignoring case), or None."""
        return self._find_player(name)

    def add_player(self, name: str) -> Player:
        name = clean_name(name, "player name")
        existing = self._find_player(name)
        if existing is not None:
            raise InputError(f"player {name!r} already exists (as {existing.name!r})")
        player = Player(name=name, name_key=name_key(name))
        self.db.add(player)
        self.db.flush()
        return player

    def add_alias(self, player: str, alias: str) -> PlayerAlias:
        alias = clean_name(alias, "alias")
        owner = self._find_player(player)
        if owner is None:
            raise InputError(f"no player named {player!r}", hint="add the player before his aliases")
        taken = self._find_player(alias)
        if taken is not None:
            raise InputError(f"{alias!r} already names player {taken.name!r}")
        assert owner.id is not None
        row = PlayerAlias(player_id=owner.id, alias=alias, alias_key=name_key(alias))
        self.db.add(row)
        self.db.flush()
        return row

    # ------------------------------------------------------------------ the head of a session's log

    def _head(self, session_id: int, *, open_only: bool = True) -> _Head:
        head = self._heads.get(session_id)
        if head is None:
            _check_session_id(session_id)
            game = self.db.exec(_locked_session(), params={"sid": session_id}).first()  # type: ignore[call-overload]
            if game is None:
                raise InputError(f"no session {session_id}", hint="`referee session list` shows the sessions")
            seq, digest, last_hand = self.db.exec(_log_head(), params={"sid": session_id}).one()  # type: ignore[call-overload]
            head = _Head(game, seq or 0, digest or chain.genesis_hash(game), last_hand or 0)
            if self.request is not None:  # its own fact, stored by an earlier run, before anything else
                self._asked[session_id] = head.seq
                if self.request.at is not None:
                    self._asked_at(head, self.request.at)
                if not self.request.again:
                    self._own_fact(head)
            if open_only and game.void_reason is not None:
                raise InputError(f"session {session_id} is void ({game.void_reason}): nothing more is recorded "
                                 "into it", hint=f"it is kept as it is: see it with referee session show {session_id}")
            if open_only and game.status != SESSION_OPEN:
                raise InputError(f"session {session_id} is closed", hint=f"a closed session is not recorded into: to correct it, referee session reopen {session_id} --why \"…\"")
            self._heads[session_id] = head
        elif open_only and head.game.status != SESSION_OPEN:
            raise InputError(f"session {session_id} is closed", hint=f"a closed session is not recorded into: to correct it, referee session reopen {session_id} --why \"…\"")
        return head

    def lock(self, session_id: int) -> int:
        """Lock the session's log for this transaction, so that what a writer checks against it stays
        true until it appends and commits (open or closed); the seq of its last event.  A request
        (:mod:`referee.store.requests`) whose fact is stored already raises AlreadyRecorded here."""
        return self._head(session_id, open_only=False).seq

    def check_head(self, session_id: int, expected_seq: int, items: Sequence[Encoded] = ()) -> None:
        """Lock the session's log and refuse (StaleLogError, nothing stored) unless its head is still
        ``expected_seq``: what a caller checked at that head is written at it (``items``: what it was
        about to store, named in the refusal)."""
        self._check_expected(self._head(session_id), expected_seq, items)

    # ------------------------------------------------------------------ the request's identity

    def _own_fact(self, head: _Head) -> None:
        """AlreadyRecorded when the log ends with what this request asks, stored by an earlier run of
        it (a reply lost) or by a twin that got the lock first: the request that wrote the last events
        asked the same thing at the head before them."""
        assert self.request is not None
        sid = head.game.id
        assert sid is not None
        for row in self.db.exec(select(RequestRecord).where(RequestRecord.session_id == sid,
                                                            RequestRecord.last_seq == head.seq)):
            if row.key == key_at(sid, row.first_seq - 1, self.request.asks):
                raise Store._already(self.db, row)

    def _asked_at(self, head: _Head, at: int) -> None:
        """AlreadyRecorded when this request, asked when the log ended at event ``at`` (by a run whose
        reply was lost), was stored then, whatever was recorded since."""
        assert self.request is not None and head.game.id is not None
        key = key_at(head.game.id, at, self.request.asks)
        row = self.db.exec(select(RequestRecord).where(RequestRecord.key == key)).first()
        if row is not None:
            raise Store._already(self.db, row)

    def _record_request(self) -> None:
        """Store this request's identity beside the events it appended, one row per session it wrote."""
        if self.request is None:
            return
        for sid, asked in self._asked.items():
            head = self._heads.get(sid)
            if head is None or head.seq == asked:
                continue
            key = key_at(sid, asked, self.request.asks)
            self._keys.append(key)
            self.db.execute(insert(RequestRecord.__table__),  # type: ignore[attr-defined]
                            {"key": key, "session_id": sid, "first_seq": asked + 1, "last_seq": head.seq,
                             "created_at": utcnow()})

    def claim(self, session_id: int, asks: str) -> None:
        """Claim the key of a request that starts a night (an import: :func:`night_key`) for the
        session this transaction made, with all its events.  AlreadyRecorded when another session
        holds it (an earlier run, or a twin: the database's unique key makes the second wait for the
        first and refuse it, and :meth:`Store.transaction` then names the winner)."""
        key = night_key(asks)
        row = self.db.exec(select(RequestRecord).where(RequestRecord.key == key)).first()
        if row is not None:
            raise Store._already(self.db, row)
        last = self.db.exec(select(func.max(EventRecord.seq)).where(EventRecord.session_id == session_id)).one() or 0
        self._keys.append(key)
        self.db.execute(insert(RequestRecord.__table__),  # type: ignore[attr-defined]
                        {"key": key, "session_id": session_id, "first_seq": 1, "last_seq": last,
                         "created_at": utcnow()})

    def _last_hand_played(self, head: _Head) -> bool:
        """Whether the last started hand holds an event (so that the next one may begin)."""
        if head.last_hand_played is None:
            head.last_hand_played = head.last_hand == 0 or self.db.exec(
                select(func.count()).select_from(EventRecord)
                .where(EventRecord.session_id == head.game.id, EventRecord.hand_number == head.last_hand)
            ).one() > 0
        return head.last_hand_played

    def _state(self, head: _Head) -> TableState:
        if head.state is None:
            sid = head.game.id
            seats = self.db.exec(select(SeatRecord).where(SeatRecord.session_id == sid))
            rows = self.db.exec(
                select(EventRecord).where(EventRecord.session_id == sid, EventRecord.hand_number.is_(None))  # type: ignore[union-attr]
                .order_by(EventRecord.seq)  # type: ignore[arg-type]
            )
            head.state = table_state(head.game, list(seats), list(rows))
        return head.state

    def _check_expected(self, head: _Head, expected_seq: int | None, items: Sequence[Encoded]) -> None:
        if expected_seq is None or expected_seq == head.seq:
            return

        sid = head.game.id
        if expected_seq > head.seq:
            raise InputError(f"session {sid}'s log has {head.seq} events, not {expected_seq}",
                             hint="pass the seq of the last event you saw (Store.last_seq)")
        rows = list(self.db.exec(
            select(EventRecord).where(EventRecord.session_id == sid, EventRecord.seq > expected_seq)
            .order_by(EventRecord.seq)  # type: ignore[arg-type]
        ))
        before: dict[int, int] = {}
        for number in {r.hand_number for r in rows if r.hand_number is not None}:
            before[number] = self.db.exec(
                select(func.count()).select_from(EventRecord).where(
                    EventRecord.session_id == sid, EventRecord.hand_number == number, EventRecord.seq <= expected_seq)
            ).one()
        hands = {r.hand_number for r in rows}
        where = (f"hand {next(iter(hands))}" if len(hands) == 1 and None not in hands
                 else "the table between hands" if hands == {None} else f"session {sid}")
        said = stored_since(rows, before)
        if len(said) > 5:
            said = [*said[:5], f"and {len(said) - 5} more"]
        yours = ", ".join(repr(text or event_words(event)) for event, text in items)
        raise StaleLogError(
            f"{where} changed since you loaded it: {', '.join(said)}; your {yours} was not stored — enter it again",
            hint=f"the log of session {sid} now ends at event {head.seq}",
        )

    # ------------------------------------------------------------------ appending

    def _register(self, head: _Head, state: TableState, event: SitDown) -> tuple[SitDown, Player | None, bool]:
        """The sit-down with the player's name as this session knows him; his player (None: a new
        one) and whether his seat row is still to be made."""
        sid = head.game.id
        typed = clean_name(event.player, "player name")
        person = self._find_player(typed)
        row = None
        if person is not None:
            row = self.db.exec(
                select(SeatRecord).where(SeatRecord.session_id == sid, SeatRecord.player_id == person.id)
            ).first()
        name = row.name if row is not None else (state.name(typed) or check_seat_name(typed))
        if name in state.seats:
            also = "" if name_key(name) == name_key(typed) else f" (as {name!r})"
            raise InputError(f"{typed!r} is already seated in session {sid}{also}", hint="each person takes one seat")
        return replace(event, player=name), person, row is None

    def _night_event(self, head: _Head, event: NightEvent) -> NightEvent:
        """Check a night event against the table and register a newcomer; the event as stored."""
        state = self._state(head)
        trial = state.copy()
        person, new_seat = None, False
        if isinstance(event, SitDown):
            event, person, new_seat = self._register(head, trial, event)
        applied = trial.apply(event)
        if new_seat:
            assert head.game.id is not None and isinstance(applied, SitDown)
            if person is None:
                person = self.add_player(applied.player)
            assert person.id is not None
            number = 1 + (self.db.exec(
                select(func.max(SeatRecord.number)).where(SeatRecord.session_id == head.game.id)).one() or 0)
            self.db.add(SeatRecord(session_id=head.game.id, number=number, name=applied.player,
                                   name_key=name_key(applied.player), player_id=person.id, buy_in=applied.stack))
            self.db.flush()
        head.state = trial
        return applied

    def _append(self, head: _Head, hand_number: int | None, items: Sequence[Encoded], *,
                at: datetime | None = None) -> list[EventRecord]:
        rows = self._event_rows(head, hand_number, items, at=at)
        if rows:  # one INSERT through the table, not the ORM's unit of work
            self.db.execute(_event_insert(), rows)  # type: ignore[call-overload]
            # the head on the locked row too (flushed with the transaction): the next append's fast path
            head.game.last_seq, head.game.last_hash = head.seq, head.hash
        return [EventRecord(**row) for row in rows]

    def _event_rows(self, head: _Head, hand_number: int | None, items: Sequence[Encoded], *,
                    at: datetime | None = None) -> list[dict[str, Any]]:
        """The rows (column values) that append ``items`` to the log: each checked, numbered and
        chained onto ``head``, which moves on; written by the caller (one append, or a bulk import).
        A ``Voided``/``Unvoided`` sets the session's void columns as it says, a ``Closed``/``Reopened``
        its status and end time (they follow the log)."""
        sid = head.game.id
        assert sid is not None
        if hand_number is not None:
            if not isinstance(hand_number, int) or isinstance(hand_number, bool) or not 1 <= hand_number <= head.last_hand:
                raise InputError(f"session {sid} has no hand {hand_number}", hint="start the hand first")
        rows = []
        for event, text in items:
            if isinstance(event, NightEvent) and hand_number is not None:
                raise InputError(f"{type(event).__name__} happens between hands: append it with no hand number",
                                 hint=f"store.append_event({sid}, None, event)")
            if not isinstance(event, NightEvent) and hand_number is None:
                raise InputError(f"{type(event).__name__} is an action of a hand: give its hand number")
            if isinstance(event, NightEvent):
                event = self._night_event(head, event)
            row = _chained_values(sid, head.seq, head.hash, hand_number, event, text, at)
            rows.append(row)
            head.seq, head.hash = row["seq"], row["hash"]
            if isinstance(event, (Voided, Unvoided)):
                void = isinstance(event, Voided)
                head.game.void_reason = event.why if void else None
                head.game.voided_at = row["created_at"] if void else None
            elif isinstance(event, Closed):
                head.game.status, head.game.ended_at = SESSION_CLOSED, closed_at(event)
            elif isinstance(event, Reopened):
                head.game.status = SESSION_OPEN
            if isinstance(event, ChangeRulebook) and self.records_rulebooks:
                records = self._rulebook_records(head, [event.rulebook])
                rows += self._event_rows(head, None, [(record, None) for record in records])
        if hand_number == head.last_hand and rows:
            head.last_hand_played = True
        return rows

    def _rulebook_records(self, head: _Head, refs: Sequence[str],
                          supplied: tuple[tuple[str, str], ...] = ()) -> list[RulebookText]:
        """A ``RulebookText`` for each of ``refs`` whose file the night of ``head`` does not hold yet,
        read from ``supplied``, this transaction's texts or the disk.  A house file that is gone is
        refused, saying how to give it."""
        sid = head.game.id
        state = self._state(head)
        records = []
        for ref in dict.fromkeys(refs):
            if rulebook_key(ref) in state.texts or any(rulebook_key(ref) == k for r in records for k, _ in r.files):
                continue
            known = supplied + self.rulebook_texts + state.rulebook_texts
            if is_rulebook_path(ref) and not any(k == rulebook_key(ref) for k, _ in known) and not Path(ref).exists():
                raise InputError(f"the house rulebook {ref} this night was recorded under is gone",
                                 where=f"session {sid}",
                                 hint=f"put it back, or give it with `referee session rulebook {sid} --file FILE`")
            records.append(recorded_rulebook(ref, texts=known))
        return records

    def record_rulebooks(self, session_id: int, supplied: tuple[tuple[str, str], ...] = ()) -> list[RulebookText]:
        """Record into session ``session_id`` (open, closed or void) the text of every rulebook its
        log names and does not hold yet (a night recorded before the log held its rulebook): each a
        ``RulebookText`` at the end of the log, the chain continued.  ``supplied``: file texts to take
        instead of the disk's, by file key.  The events appended."""
        head = self._head(session_id, open_only=False)
        records = self._rulebook_records(head, self.unrecorded_rulebooks(session_id), supplied)
        self._append(head, None, [(record, None) for record in records])
        return records

    def unrecorded_rulebooks(self, session_id: int) -> list[str]:
        """The rulebooks session ``session_id``'s log names and holds no text of (see :meth:`record_rulebooks`)."""
        head = self._head(session_id, open_only=False)
        rows = self.db.exec(select(EventRecord).where(EventRecord.session_id == session_id,
                                                      EventRecord.hand_number.is_(None))  # type: ignore[union-attr]
                            .order_by(EventRecord.seq))  # type: ignore[arg-type]
        return unrecorded_rulebooks(head.game, rows)

    def append_events(self, session_id: int, hand_number: int | None,
                      events: Sequence[Event | tuple[Event, str | None]], *,
                      expected_seq: int | None = None) -> list[EventRecord]:
        """Append events to hand ``hand_number`` (None: events of the night between hands)."""
        items = [item if isinstance(item, tuple) else (item, None) for item in events]

        head = self._head(session_id, open_only=not items or not all(isinstance(e, MONEY_EVENTS) for e, _ in items))
        self._check_expected(head, expected_seq, items)
        return self._append(head, hand_number, items)

    def append_event(self, session_id: int, hand_number: int | None, event: Event, *, text: str | None = None,
                     expected_seq: int | None = None) -> EventRecord:
        return self.append_events(session_id, hand_number, [(event, text)], expected_seq=expected_seq)[0]

    # ------------------------------------------------------------------ sessions

    def new_session(
        self,
        *,
        table_name: str,
        rulebook: str,
        chip_value_cents: int,
        seats: Sequence[SeatSpec] = (),
        options: Mapping[str, Any] | None = None,
        started_at: datetime | None = None,
        dealer: str | None = None,
        buy_in_default: int = 0,
        dealer_unknown: bool = False,
        origin: str | None = None,
    ) -> GameSession:
        table_name = clean_name(table_name, "table name")
        if origin is not None and origin not in ORIGINS:
            raise InputError(f"unknown origin {origin!r}", hint="one of " + ", ".join(ORIGINS))
        rulebook = clean_name(rulebook, "rulebook name")
        _check_chips(chip_value_cents, "chip value (cents)", positive=True)
        _check_chips(buy_in_default, "default buy-in (chips)")
        started = _check_time(started_at, "session start")
        stored_options = dict(options or {})
        for key, value in stored_options.items():
            if not isinstance(key, str) or isinstance(value, bool) or not isinstance(value, (str, int)):
                raise InputError(f"option {key!r} = {value!r}: options are names with text or whole-number values")
        chain.canonical_json(stored_options)
        if dealer is not None and not seats:
            raise InputError(f"dealer {dealer!r} named for a table with nobody seated", hint="seat the players first")
        for spec in seats:
            _check_chips(spec.buy_in, f"{spec.name}'s buy-in")

        check_amount(sum(s.buy_in for s in seats), "the chips bought at the table in all")
        check_amount(sum(s.buy_in * chip_value_cents if s.paid_cents is None else s.paid_cents for s in seats),
                     "the money paid for chips in all (cents)")
        game = GameSession(table_name=table_name, rulebook=rulebook, options=stored_options,
                           chip_value_cents=chip_value_cents, started_at=started, status=SESSION_OPEN,
                           buy_in_default=buy_in_default, origin=origin)
        self.db.add(game)
        self.db.flush()
        assert game.id is not None
        self._sign_row(game)
        head = self._head(game.id)
        self._append(head, None, [(SitDown(s.name, s.buy_in, paid_cents=s.paid_cents), None) for s in seats])
        if seats:
            first = None if dealer_unknown else dealer if dealer is not None else self._state(head).seats[0]
            self._append(head, None, [(SetDealer(first), None)])
        if self.records_rulebooks:  # the rulebook the night plays under, as its files read now
            self._append(head, None, [(record, None) for record in self._rulebook_records(head, [rulebook])])
        return game

    def _sign_row(self, game: GameSession) -> None:
        """Sign the session row's columns its log does not hold (:func:`referee.store.audit.row_digest`)."""
        from referee.store.audit import row_digest

        key = self.store.key
        game.digest = row_digest(key, game) if key is not None else None

    def add_seat(self, session_id: int, name: str, buy_in: int | None = None, *, after: str | None = None,
                 paid_cents: int | None = None, expected_seq: int | None = None) -> SeatRecord:
        """Seat one more player (a late arrival) with ``buy_in`` chips (default: the session's),
        clockwise after ``after`` (None: after the last seat)."""
        head = self._head(session_id)
        chips = head.game.buy_in_default if buy_in is None else buy_in
        _check_chips(chips, f"{name}'s buy-in")
        [row] = self.append_events(session_id, None, [SitDown(name, chips, after, paid_cents)], expected_seq=expected_seq)
        player = row.payload["player"]
        seat = self.db.exec(
            select(SeatRecord).where(SeatRecord.session_id == session_id, SeatRecord.name_key == name_key(player))
        ).one()
        return seat

    def close_session(self, session_id: int, cash_outs: Mapping[str, int] | Sequence[tuple[str, int]] = (),
                      ended_at: datetime | None = None) -> GameSession:
        """Record each player's counted chips (``CashOut``) and close the session; every player who
        sat down must have cashed out (now or earlier)."""
        ended = _check_time(ended_at, "session end")
        pairs = list(cash_outs.items()) if isinstance(cash_outs, Mapping) else list(cash_outs)
        head = self._head(session_id)
        self._append(head, None, [(CashOut(name, chips), None) for name, chips in pairs])
        due = self._state(head).due
        if due:
            names = ", ".join(due)
            raise InputError(f"{names} {'has' if len(due) == 1 else 'have'} not cashed out",
                             where=f"session {session_id}",
                             hint="give every player's counted chips: --cash-out " + " --cash-out ".join(
                                 f"{n}:CHIPS" for n in due))
        game = head.game
        self._append(head, None, [(Closed(ended.astimezone(UTC).isoformat(timespec="microseconds")), None)])
        self.db.add(game)  # closed, and its end time, as the event says
        self.db.flush()
        return game

    def reopen_session(self, session_id: int, why: str, by: str = "") -> GameSession:
        """Open a closed session again to correct it: a ``Reopened`` event with the reason, and the
        status back to open (its end time is kept until it closes again)."""
        head = self._head(session_id, open_only=False)
        if head.game.status == SESSION_OPEN:
            raise InputError(f"session {session_id} is open: there is nothing to reopen",
                             hint=f"correct it with `referee session amend {session_id} … --why …`, "
                                  f"then close it: referee session close {session_id}")
        game = head.game
        game.status = SESSION_OPEN
        self.db.add(game)
        self.db.flush()
        self._append(head, None, [(Reopened(why, by), None)])
        return game

    def delete_session(self, session_id: int) -> None:
        """Remove a session recorded by mistake, while it has no hands (its players stay)."""
        Store._session(self.db, session_id, lock=True)
        hands = self.db.exec(select(func.count()).select_from(HandRecord).where(HandRecord.session_id == session_id)).one()
        if hands:
            raise InputError(f"session {session_id} has {hands} hand{'s' if hands != 1 else ''} recorded: "
                             "a played night is kept, never deleted",
                             hint=f"close it instead: referee session close {session_id} --cash-out NAME:CHIPS …")
        from referee.store.kept import forget

        forget(self.db.connection(), session_id)  # a result kept for its empty log
        for model in (RequestRecord, EventRecord, SeatRecord):
            self.db.exec(delete(model).where(model.session_id == session_id))  # type: ignore[call-overload]
        self.db.exec(delete(GameSession).where(GameSession.id == session_id))  # type: ignore[call-overload]
        self._heads.pop(session_id, None)

    # ------------------------------------------------------------------ hands

    def start_hand(self, session_id: int, *, dealer: str | None = None, started_at: datetime | None = None,
                   expected_seq: int | None = None) -> HandRecord:
        """Begin the session's next hand (numbered 1, 2, …); ``dealer`` (a seated player) is
        recorded as a ``SetDealer`` before it.  The previous hand must have begun in the log."""
        started = _check_time(started_at, "hand start")
        head = self._head(session_id)
        if not self._last_hand_played(head):
            raise InputError(f"hand {head.last_hand} of session {session_id} has no actions yet",
                             hint="record its first action (or a misdeal) before starting the next hand")
        dealer_name = None
        if dealer is not None:
            [row] = self.append_events(session_id, None, [SetDealer(dealer)], expected_seq=expected_seq)
            dealer_name = row.payload["player"]
        else:
            self._check_expected(head, expected_seq, [])
        hand = HandRecord(session_id=session_id, number=head.last_hand + 1, dealer=dealer_name, started_at=started)
        self.db.add(hand)
        self.db.flush()
        head.last_hand, head.last_hand_played = hand.number, False
        return hand

    # ------------------------------------------------------------------ imports and voids

    def log_snapshot(self, session_id: int) -> LogSnapshot:
        """Everything this transaction sees of the session, its own writes included (an import reads
        back what it recorded and replays it before anything is committed)."""
        game = Store._session(self.db, session_id)
        seats = list(self.db.exec(select(SeatRecord).where(SeatRecord.session_id == session_id)
                                  .order_by(SeatRecord.number)))  # type: ignore[arg-type]
        hands = list(self.db.exec(select(HandRecord).where(HandRecord.session_id == session_id)
                                  .order_by(HandRecord.number)))  # type: ignore[arg-type]
        rows = list(self.db.exec(_session_log(session_id)))
        return LogSnapshot(game, seats, hands, rows)

    def find_session(self, session_id: int) -> GameSession | None:
        """Session ``session_id``, or None when there is none."""
        return self.db.get(GameSession, session_id)

    def sessions_that_may_hold(self, rulebook: str, hands: int, *, besides: int) -> list[GameSession]:
        """The sessions that may hold the same night as session ``besides``: not void, not a ledger, with
        the same opening rulebook and number of hands in their log (hands with an event: a hand begun
        with none yet is not in the night), the candidates whose night is then compared, oldest first."""
        events = EventRecord.__table__  # type: ignore[attr-defined]
        count = (sa_select(func.count(events.c.hand_number.distinct()))
                 .where(events.c.session_id == GameSession.id).scalar_subquery())
        query = select(GameSession).where(
            GameSession.id != besides, GameSession.rulebook == rulebook,
            GameSession.void_reason.is_(None),  # type: ignore[union-attr]
            (GameSession.origin.is_(None)) | (GameSession.origin != ORIGIN_POKERNOW),  # type: ignore[union-attr]
            count == hands)
        return list(self.db.exec(query.order_by(GameSession.id)))  # type: ignore[arg-type]

    def sessions_started(self, table_name: str, started_at: datetime, *, besides: int) -> list[GameSession]:
        """The sessions that are not void of table ``table_name`` started at ``started_at`` (to the
        microsecond: a night and the copies made of its export), oldest first."""
        query = select(GameSession).where(
            GameSession.id != besides, GameSession.table_name == table_name, GameSession.started_at == started_at,
            GameSession.void_reason.is_(None))  # type: ignore[union-attr]
        return list(self.db.exec(query.order_by(GameSession.id)))  # type: ignore[arg-type]

    def set_fingerprint(self, session_id: int, fingerprint: str) -> GameSession:
        game = Store._session(self.db, session_id, lock=True)
        game.fingerprint = fingerprint
        self._sign_row(game)
        self.db.add(game)
        self.db.flush()
        return game

    def sessions_with_fingerprint(self, fingerprint: str, *, besides: int | None = None) -> list[GameSession]:
        """The sessions holding the night of ``fingerprint`` (voided ones too), oldest first."""
        query = select(GameSession).where(GameSession.fingerprint == fingerprint)
        if besides is not None:
            query = query.where(GameSession.id != besides)
        return list(self.db.exec(query.order_by(GameSession.id)))  # type: ignore[arg-type]

    def void_session(self, session_id: int, reason: str, at: datetime | None = None) -> GameSession:
        """Void the session: a ``Voided`` event appended to its log (open or closed, replaying or not),
        and it counts nowhere from then on (its void columns follow the event)."""
        head = self._head(session_id, open_only=False)
        if not isinstance(reason, str) or not reason.strip():
            raise InputError("a void needs its reason", hint='say why: --why "imported twice"')
        if head.game.void_reason is not None:
            raise InputError(f"session {session_id} is already void ({head.game.void_reason})")
        self._append(head, None, [(Voided(" ".join(reason.split())), None)], at=_check_time(at, "void time"))
        return head.game

    def unvoid_session(self, session_id: int, reason: str) -> GameSession:
        """Undo the session's void: an ``Unvoided`` event appended to its log; it counts again."""
        head = self._head(session_id, open_only=False)
        if not isinstance(reason, str) or not reason.strip():
            raise InputError("undoing a void needs its reason", hint='say why: --why "voided the wrong night"')
        if head.game.void_reason is None:
            raise InputError(f"session {session_id} is not void: there is no void to undo")
        self._append(head, None, [(Unvoided(" ".join(reason.split())), None)])
        return head.game

    def end_hand(self, session_id: int, number: int, ended_at: datetime | None = None) -> HandRecord:
        ended = _check_time(ended_at, "hand end")
        hand = Store._hand(self.db, session_id, number)
        hand.ended_at = ended
        self.db.add(hand)
        self.db.flush()
        return hand



class Store:
    """A connection to one referee database.  Use as a context manager, or call :meth:`close`."""

    def __init__(self, engine: Engine, source: str = "--db") -> None:
        self.engine = engine
        self.source = source
        self._writer = engine.execution_options(**{WRITE_OPTION: True})
        # one consistent view of a session's rows across several queries
        self._snapshot_reader = (engine.execution_options(isolation_level="REPEATABLE READ")
                                 if engine.dialect.name == "postgresql" else engine)
        # PostgreSQL: the one-statement append needs no BEGIN and COMMIT of its own
        self._autocommit = engine.execution_options(isolation_level="AUTOCOMMIT")
        #: the heads of the logs this store last wrote or read (see _append_fast)
        self._known: dict[int, _KnownHead] = {}
        #: rows of an append the server went away during: stored or not, nobody knows yet
        self._in_doubt: dict[int, tuple[_KnownHead, list[EventRecord]]] = {}

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
            # the store is open, so the server answered: no answer now is an outage, not a URL to fix
            raise describe_error(self.engine.url, err, answered=True) from None

    @contextmanager
    def _read(self, engine: Any = None) -> Iterator[Session]:
        with self.guard(), Session(engine or self.engine, expire_on_commit=False) as session:
            yield session

    @contextmanager
    def _write(self) -> Iterator[Session]:
        """A write transaction (SQLite: BEGIN IMMEDIATE), committed when the block ends cleanly."""
        with self.guard(), Session(self._writer, expire_on_commit=False) as session, session.begin():
            yield session

    @contextmanager
    def transaction(self, request: Request | None = None) -> Iterator[Transaction]:
        """Several writes in one transaction, committed when the block ends (nothing if it raises).

        ``request`` is what the command writing asks (:mod:`referee.store.requests`): stored with the
        events it appends, and when the log already ends with them (an earlier run whose reply was
        lost, a twin that raced it), AlreadyRecorded is raised as the session is first locked, and
        nothing is written."""
        tx: Transaction | None = None
        try:
            with self._write() as session:
                tx = Transaction(self, session, request)
                yield tx
                tx._record_request()
                for sid in tx._heads:  # written, or only locked: either way not known until committed
                    self._known.pop(sid, None)
        except ConflictError:
            if tx is not None and tx._keys:  # a request key refused: the twin that holds it won
                self._raise_if_recorded(tx._keys)
            raise
        except RetryableError as err:  # the reply may be lost after the server stored it: where it asked
            if tx is not None and request is not None and len(tx._asked) == 1:
                err.asked_at = next(iter(tx._asked.values()))
            raise
        for sid, head in tx._heads.items():  # committed: where these logs stand now
            if head.game.status == SESSION_OPEN:
                self._known[sid] = _KnownHead(head.seq, head.hash, head.last_hand)

    @staticmethod
    def _already(db: Session, row: RequestRecord) -> AlreadyRecorded:
        """What the request of ``row`` recorded, in words."""
        events = db.exec(select(EventRecord).where(
            EventRecord.session_id == row.session_id, EventRecord.seq >= row.first_seq,
            EventRecord.seq <= row.last_seq).order_by(EventRecord.seq))  # type: ignore[arg-type]
        said = [e.text or event_words(codec.decode_event(e.kind, e.payload, where=f"event {e.seq}"))
                for e in events]
        if len(said) > 4:  # a whole night (an import): its opening is enough to know it
            said = [*said[:3], f"and {len(said) - 3} more"]
        return AlreadyRecorded(row.session_id, tuple(said), row.first_seq, row.last_seq)

    def _raise_if_recorded(self, keys: Sequence[str]) -> None:
        with self._read() as session:
            row = session.exec(select(RequestRecord).where(RequestRecord.key.in_(keys))).first()  # type: ignore[attr-defined]
            if row is not None:
                raise self._already(session, row) from None

    def _retrying(self, work: Any, request: Request | None = None) -> Any:
        """Run ``work(transaction)``; a collision with another writer (unique key) is tried again."""
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

    def add_player(self, name: str) -> Player:
        """A new player; InputError if the name is already a player's name or alias."""
        with self.transaction() as tx:
            return tx.add_player(name)

    def add_alias(self, player: str, alias: str) -> PlayerAlias:
        """Record ``alias`` as another spelling of ``player`` (named by his name or an alias)."""
        with self.transaction() as tx:
            return tx.add_alias(player, alias)

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
        dealer: str | None = None,
        buy_in_default: int = 0,
        dealer_unknown: bool = False,
    ) -> GameSession:
        """Open a session: its header, then a ``SitDown`` per seat (in the order given, clockwise) and
        the first dealer's ``SetDealer`` (``dealer``, default the first seat; none with ``dealer_unknown``:
        a commerce night whose log does not say who dealt first), all in one transaction.

        ``buy_in_default`` is the chips a late arrival buys when none are named.  A seat name that is no player's name or alias yet creates that player.  ``rulebook`` and
        ``options`` are stored as given: validate them (``load_rulebook(...).with_options(...)``) first.
        """
        with self.transaction() as tx:
            return tx.new_session(table_name=table_name, rulebook=rulebook, chip_value_cents=chip_value_cents,
                                  seats=seats, options=options, started_at=started_at, dealer=dealer,
                                  buy_in_default=buy_in_default, dealer_unknown=dealer_unknown)

    @staticmethod
    def _session(session: Session, session_id: int, *, open_only: bool = False, lock: bool = False) -> GameSession:
        """The session row; ``lock`` takes its row lock (PostgreSQL ``FOR UPDATE``) so that writers
        numbering its seats, hands or events queue up instead of colliding.  (On SQLite every write
        transaction already holds the database's write lock from its BEGIN IMMEDIATE.)"""
        _check_session_id(session_id)
        game = session.get(GameSession, session_id, with_for_update=lock)
        if game is None:
            raise InputError(f"no session {session_id}", hint="`referee session list` shows the sessions")
        if open_only and game.status != SESSION_OPEN:
            raise InputError(f"session {session_id} is closed", hint=f"a closed session is not recorded into: to correct it, referee session reopen {session_id} --why \"…\"")
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
        """Every session with its numbers of people seated, hands and events (three queries)."""
        with self._read() as session:
            def counts(model: Any) -> dict[int, int]:
                rows = session.exec(select(model.session_id, func.count()).group_by(model.session_id))
                return {sid: n for sid, n in rows}

            seats, hands, events = counts(SeatRecord), counts(HandRecord), counts(EventRecord)
            return [
                SessionSummary(game, seats.get(game.id, 0), hands.get(game.id, 0), events.get(game.id, 0))
                for game in session.exec(select(GameSession).order_by(GameSession.id))
            ]

    def _sign_row(self, game: GameSession) -> None:
        """Sign the session row's columns its log does not hold (:func:`referee.store.audit.row_digest`)."""
        from referee.store.audit import row_digest

        key = self.store.key
        game.digest = row_digest(key, game) if key is not None else None

    def add_seat(self, session_id: int, name: str, buy_in: int | None = None, *, after: str | None = None,
                 paid_cents: int | None = None, expected_seq: int | None = None) -> SeatRecord:
        """Seat one more player (a late arrival): a ``SitDown`` clockwise after ``after`` (None: after
        the last seat) with ``buy_in`` chips (default: the session's default buy-in)."""
        return self._retrying(lambda tx: tx.add_seat(session_id, name, buy_in, after=after, paid_cents=paid_cents,
                                                     expected_seq=expected_seq))

    def seats(self, session_id: int) -> list[SeatRecord]:
        """The people registered at the session, in order of arrival (where they sit is in the log)."""
        with self._read() as session:
            self._session(session, session_id)
            return list(session.exec(
                select(SeatRecord).where(SeatRecord.session_id == session_id).order_by(SeatRecord.number)))

    def close_session(self, session_id: int, cash_outs: Mapping[str, int] | Sequence[tuple[str, int]] = (),
                      ended_at: datetime | None = None) -> GameSession:
        """Record the cash-outs (counted chips per player) and close the session, in one transaction;
        InputError, and nothing written, unless every player who sat down has cashed out."""
        with self.transaction() as tx:
            return tx.close_session(session_id, cash_outs, ended_at)

    def reopen_session(self, session_id: int, why: str, by: str = "") -> GameSession:
        """Open a closed session again to correct it (``Reopened`` with ``why``), in one transaction."""
        with self.transaction() as tx:
            return tx.reopen_session(session_id, why, by)
    def void_session(self, session_id: int, reason: str) -> GameSession:
        """Void a session (kept, a ``Voided`` event in its log, counted nowhere); works on any session,
        even one whose log no longer replays."""
        with self.transaction() as tx:
            return tx.void_session(session_id, reason)

    def unvoid_session(self, session_id: int, reason: str) -> GameSession:
        """Undo a session's void (an ``Unvoided`` event in its log): it counts again."""
        with self.transaction() as tx:
            return tx.unvoid_session(session_id, reason)

    def sessions_with_fingerprint(self, fingerprint: str) -> list[GameSession]:
        with self.transaction() as tx:
            return tx.sessions_with_fingerprint(fingerprint)

    def delete_session(self, session_id: int) -> None:
        """Delete a session that has no hands yet (recorded by mistake); InputError otherwise."""
        with self.transaction() as tx:
            tx.delete_session(session_id)

    # ------------------------------------------------------------------ hands

    def start_hand(self, session_id: int, *, dealer: str | None = None, started_at: datetime | None = None,
                   expected_seq: int | None = None) -> HandRecord:
        """Begin the session's next hand (numbered 1, 2, …).  ``dealer``, a seated player, is
        appended as a ``SetDealer`` before it; without it the deal passes by the rules."""
        return self._retrying(lambda tx: tx.start_hand(session_id, dealer=dealer, started_at=started_at,
                                                       expected_seq=expected_seq))

    @staticmethod
    def _hand(session: Session, session_id: int, number: int) -> HandRecord:
        hand = session.exec(
            select(HandRecord).where(HandRecord.session_id == session_id, HandRecord.number == number)).first()
        if hand is None:
            raise InputError(f"session {session_id} has no hand {number}")
        return hand

    def hand(self, session_id: int, number: int) -> HandRecord:
        with self._read() as session:
            return self._hand(session, session_id, number)

    def hands(self, session_id: int) -> list[HandRecord]:
        """The session's hands in order."""
        with self._read() as session:
            self._session(session, session_id)
            return list(session.exec(
                select(HandRecord).where(HandRecord.session_id == session_id).order_by(HandRecord.number)))

    def end_hand(self, session_id: int, number: int, ended_at: datetime | None = None) -> HandRecord:
        """Record when the hand ended."""
        with self.transaction() as tx:
            return tx.end_hand(session_id, number, ended_at)

    def append_event(self, session_id: int, hand_number: int | None, event: Event, *, text: str | None = None,
                     expected_seq: int | None = None, request: Request | None = None) -> EventRecord:
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

    def append_events(
        self, session_id: int, hand_number: int | None, events: Sequence[Event | tuple[Event, str | None]], *,
        expected_seq: int | None = None, request: Request | None = None,
    ) -> list[EventRecord]:
        """Append several events to one hand (or between hands) in one transaction: all or none.

        Each item is an event or an ``(event, text)`` pair; see :meth:`append_event`.
        """
        items = [item if isinstance(item, tuple) else (item, None) for item in events]
        if request is None:
            fast = self._append_fast(session_id, hand_number, items, expected_seq)
            if fast is not None:
                return fast
        return self._retrying(lambda tx: tx.append_events(session_id, hand_number, items, expected_seq=expected_seq),
                              request)

    # ------------------------------------------------------------------ the fast append

    def _append_fast(self, session_id: int, hand_number: int | None, items: Sequence[Encoded],
                     expected_seq: int | None) -> list[EventRecord] | None:
        """Append actions of a hand after the head this store knows (its last write or read), in one
        statement on PostgreSQL (one round trip) and one short transaction on SQLite: the session
        row's head is moved from the known one to the new last row, and the rows inserted, only if
        the row still holds the known head.  None when it does not (another writer, a closed session,
        a head not known): the caller then takes the full path, which reads the head from the log,
        says what changed, checks night events against the table and sets the row's head again.

        A server that goes away is tried again for :data:`RECONNECT_SECONDS` with the same rows (the
        same hashes), and the same rows are offered again when the same line is appended next: an
        append is stored once, whether or not the server went away after it was sent."""
        known = self._known.get(session_id)
        if (known is None or not items or (expected_seq is not None and expected_seq != known.seq)
                or not isinstance(hand_number, int) or isinstance(hand_number, bool)
                or not 1 <= hand_number <= known.last_hand or any(isinstance(e, NightEvent) for e, _ in items)):
            return None
        doubt = self._in_doubt.get(session_id)
        if doubt is not None and doubt[0] == known and [(r.hand_number, r.text) for r in doubt[1]] == [
                (hand_number, text) for _, text in items] and [(r.kind, r.payload) for r in doubt[1]] == [
                codec.encode_event(event) for event, _ in items]:
            rows = doubt[1]
        else:
            rows, seq, digest = [], known.seq, known.hash
            for event, text in items:
                rows.append(_chained(session_id, seq, digest, hand_number, event, text))
                seq, digest = rows[-1].seq, rows[-1].hash
        if not self._commit_fast(session_id, known, rows, sent=doubt is not None and rows is doubt[1]):
            self._known.pop(session_id, None)
            return None
        self._known[session_id] = _KnownHead(rows[-1].seq, rows[-1].hash, known.last_hand)
        return rows

    def _commit_fast(self, sid: int, known: _KnownHead, rows: list[EventRecord], *, sent: bool) -> bool:
        """Whether ``rows`` are in the log after this; see :meth:`_append_fast`.  ``sent``: they were
        sent before, and the server went away before it said whether it stored them."""
        deadline = time.monotonic() + RECONNECT_SECONDS
        while True:
            try:
                with self.guard():
                    if self._move_head(sid, known, rows):
                        self._in_doubt.pop(sid, None)
                        return True
                    if sent:  # refused now: stored the time before, or somebody else wrote?
                        with self.engine.connect() as conn:
                            mine = conn.execute(_stored_hash(), {"sid": sid, "seq": rows[-1].seq}).scalar()
                        if mine == rows[-1].hash:
                            self._in_doubt.pop(sid, None)
                            return True
                self._in_doubt.pop(sid, None)
                return False
            except ConflictError:  # the row's head does not match the log (written around it): the full path
                self._in_doubt.pop(sid, None)
                return False
            except ServerGoneError:  # the server went away: these rows may be stored, or not
                sent = True
                self._in_doubt[sid] = (known, rows)
                if time.monotonic() >= deadline:
                    raise
                time.sleep(0.2)

    def _move_head(self, sid: int, known: _KnownHead, rows: list[EventRecord]) -> bool:
        head = {"sid": sid, "old_seq": known.seq, "old_hash": known.hash,
                "new_seq": rows[-1].seq, "new_hash": rows[-1].hash}
        if self.dialect == "postgresql":
            params = dict(head)
            for n, row in enumerate(rows):
                params.update({f"{c}_{n}": getattr(row, c) for c in _EVENT_COLUMNS if c != "session_id"})
            with self._autocommit.connect() as conn:
                return len(conn.execute(_append_statement(len(rows)), params).all()) == len(rows)
        with self._writer.connect() as conn, conn.begin():  # SQLite: BEGIN IMMEDIATE holds the lock
            if conn.execute(_head_moved(), head).rowcount != 1:
                return False
            conn.execute(_event_insert(), [_values(row) for row in rows])
            return True

    def last_seq(self, session_id: int) -> int:
        """The ``seq`` of the session's last event (0 before the first): what a recorder has seen."""
        with self._read() as session:
            self._session(session, session_id)
            return session.exec(select(func.max(EventRecord.seq)).where(EventRecord.session_id == session_id)).one() or 0

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

    def _record_rulebooks_once(self, game: GameSession, rows: Sequence[Any]) -> bool:
        """A night recorded before the log held its rulebook gets it recorded the first time it is
        read (:meth:`Transaction.record_rulebooks`); whether anything was recorded (read it again)."""
        assert game.id is not None
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
        game, hands, rows = snapshot.session, snapshot.hands, snapshot.events
        if game.status == SESSION_OPEN and rows:  # where the log stands: the next append goes after it
            self._known[session_id] = _KnownHead(rows[-1].seq, rows[-1].hash, hands[-1].number if hands else 0)
        return snapshot

    def log_since(self, session_id: int, seq: int) -> LogSnapshot:
        """The session as :meth:`log_snapshot` reads it, but of its log only the events after ``seq``
        (a reader that has read up to ``seq`` reads what was appended since, and checks each new
        row's ``prev_hash`` against the last hash it read)."""
        with self._read(self._snapshot_reader) as session, session.begin():
            game = self._session(session, session_id)
            seats = list(session.exec(select(SeatRecord).where(SeatRecord.session_id == session_id)
                                      .order_by(SeatRecord.number)))
            hands = list(session.exec(select(HandRecord).where(HandRecord.session_id == session_id)
                                      .order_by(HandRecord.number)))
            rows = list(session.exec(_session_log(session_id).where(EventRecord.seq > seq)))
        return LogSnapshot(game, seats, hands, rows)

    def log_outline(self, session_id: int) -> tuple[LogSnapshot, int]:
        """The session as :meth:`snapshot` reads it, but of its hands' events only the first of each
        (with every night event: what lays the night out, :func:`referee.recording.session_log.read_session_log`;
        its hands' rows only for a log recorded before it held the whole night), and the ``seq`` of its
        last event: a long night's report reads its hands' events as it walks
        them (:meth:`log_rows`), never all at once."""
        outline, last = self._log_outline(session_id)
        if self._record_rulebooks_once(outline.session, outline.events):
            outline, last = self._log_outline(session_id)
        return outline, last

    def _log_outline(self, session_id: int) -> tuple[LogSnapshot, int]:
        events = EventRecord.__table__  # type: ignore[attr-defined]
        sid = bindparam("sid")
        firsts = (select(func.min(events.c.seq)).where(events.c.session_id == sid, events.c.hand_number.is_not(None))
                  .group_by(events.c.hand_number))
        outline = events.select().where(events.c.session_id == sid,
                                        events.c.hand_number.is_(None) | events.c.seq.in_(firsts)).order_by(events.c.seq)
        with self._read(self._snapshot_reader) as session, session.begin():
            game = self._session(session, session_id)
            seats = list(session.exec(select(SeatRecord).where(SeatRecord.session_id == session_id)
                                      .order_by(SeatRecord.number)))
            hands: list[HandRecord] = []
            if game.log_version == LOG_LEGACY:  # its hands' rows say what its log does not (the dealers)
                hands = list(session.exec(select(HandRecord).where(HandRecord.session_id == session_id)
                                          .order_by(HandRecord.number)))
            rows = session.connection().execute(outline, {"sid": session_id}).all()
            last = session.exec(select(func.max(EventRecord.seq)).where(EventRecord.session_id == session_id)).one()
            return LogSnapshot(game, seats, hands, rows), last or 0

    def log_rows(self, session_id: int, *, upto: int, by_hand: bool = False, chunk: int = 500) -> Iterator[Any]:
        """The session's events up to ``seq`` ``upto`` in ``seq`` order (``by_hand``: only the hands'
        events, hand after hand), as rows of the events table, fetched ``chunk`` at a time (a
        server-side cursor on PostgreSQL): none is kept once handed on."""
        events = EventRecord.__table__  # type: ignore[attr-defined]
        query = events.select().where(events.c.session_id == session_id, events.c.seq <= upto)
        if by_hand:
            query = query.where(events.c.hand_number.is_not(None)).order_by(events.c.hand_number, events.c.seq)
        else:
            query = query.order_by(events.c.seq)
        with self._read(self._snapshot_reader) as session, session.begin():
            result = session.connection().execution_options(yield_per=chunk).execute(query)
            yield from result

    def verify_chain(self, session_id: int) -> chain.ChainReport:
        """Recompute the session's hash chain: is its event log as it was recorded?"""
        with self._read() as session:
            game = self._session(session, session_id)
            rows = session.exec(
                select(EventRecord).where(EventRecord.session_id == session_id).order_by(EventRecord.seq)  # type: ignore[arg-type]
            )
            return chain.verify_chain(game, rows)

    def verify_chains(self, session_ids: Sequence[int]) -> dict[int, chain.ChainReport]:
        """:meth:`verify_chain` for each of ``session_ids``, their logs read together as plain rows
        (:func:`referee.store.audit.chains`): every event's hash recomputed, nothing replayed."""
        from referee.store.audit import chains

        with self._read(self._snapshot_reader) as session, session.begin():
            return chains(session.connection(), session_ids)

    def verify_all(self) -> list[chain.ChainReport]:
        """:meth:`verify_chain` for every session."""
        return [self.verify_chain(game.id) for game in self.sessions() if game.id is not None]

    def audit_session(self, session_id: int) -> list[str]:
        """What the session's row and seats say that its log does not (:mod:`referee.store.audit`)."""
        from referee.store.audit import session_problems

        snapshot = self._log_snapshot(session_id)  # as stored: a check records nothing (not even a rulebook)
        names: dict[int, set[str]] = {}
        with self._read() as session:
            for pid, key in session.exec(select(Player.id, Player.name_key)):
                names.setdefault(pid, set()).add(key)  # type: ignore[arg-type]
            for pid, key in session.exec(select(PlayerAlias.player_id, PlayerAlias.alias_key)):
                names.setdefault(pid, set()).add(key)
        return session_problems(snapshot, names)

    def unsigned_rows(self) -> list[int] | None:
        """The sessions whose row does not carry the store's signature of its columns no event holds
        (:func:`referee.store.audit.unsigned_rows`); None when the store has no key to check with."""
        from referee.store.audit import unsigned_rows

        if self.key is None:
            return None
        with self._read() as session:
            return unsigned_rows(session.connection(), self.key)

    # ------------------------------------------------------------------ kept replay results

    def kept_results(self, session_ids: Sequence[int]) -> dict[int, Kept]:
        """For each existing session of ``session_ids``: the head of its log now and the replay result
        kept for it (:mod:`referee.store.kept`), read together in one query."""
        from referee.store.kept import read_kept

        with self._read() as session:
            return read_kept(session.connection(), session_ids, self.key)

    def kept_thread(self, session_id: int) -> tuple[KeptResult, str | None] | None:
        """The session's kept night thread (:mod:`referee.store.kept`) and the hash its event ``seq``
        has now, or None."""
        from referee.store.kept import read_thread

        with self._read() as session:
            return read_thread(session.connection(), session_id, self.key)

    def seat_players(self, session_ids: Sequence[int]) -> dict[int, dict[str, str]]:
        """For each session of ``session_ids``: its seat names and the player (canonical name) each
        is, in one query."""
        if not session_ids:
            return {}
        out: dict[int, dict[str, str]] = {sid: {} for sid in session_ids}
        with self._read() as session:
            rows = session.exec(select(SeatRecord.session_id, SeatRecord.name, Player.name)
                                .join(Player, Player.id == SeatRecord.player_id)  # type: ignore[arg-type]
                                .where(SeatRecord.session_id.in_(list(session_ids))))  # type: ignore[attr-defined]
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
            with self._write() as session:
                keep(session.connection(), results, self.key)
        except StoreError:
            return False
        return True

    def export_signature(self, session: GameSession, report: chain.ChainReport) -> dict[str, str] | None:
        """This store's signature of an exported log whose chain ``report`` checked (None: no key, or
        a broken chain, which is never signed)."""
        from referee.store.key import export_signature

        if self.key is None or not report.ok:
            return None
        return export_signature(self.key, chain.genesis_hash(session), report.head, report.events)

    def export_signed(self, signature: object, session: GameSession, report: chain.ChainReport) -> bool | None:
        """Whether an export's ``signature`` is this store's for its verified chain ``report``: True,
        False (it names this store, but the file was changed since: an edit with its hashes
        recomputed), or None (it names another store, or none: its origin is unsigned here)."""
        from referee.store.key import export_signed

        return export_signed(self.key, signature, chain.genesis_hash(session), report.head, report.events)

    def unverified_kept(self) -> list[tuple[int, str]]:
        """The kept results (session, kind) that do not carry the store's digest: edited outside
        referee, never read (:func:`referee.store.kept.unverified`)."""
        from referee.store.kept import unverified

        with self._read() as session:
            return unverified(session.connection(), self.key)

    def forget_kept(self, session_id: int, kind: str) -> None:
        """Drop one kept result (one that did not verify, before it is replaced)."""
        from referee.store.kept import forget

        with self._write() as session:
            forget(session.connection(), session_id, kind)

    # ------------------------------------------------------------------ overview

    def counts(self) -> dict[str, int]:
        """How many players, aliases, sessions, seats, hands and events the database holds."""
        tables = {"players": Player, "aliases": PlayerAlias, "sessions": GameSession, "seats": SeatRecord,
                  "hands": HandRecord, "events": EventRecord}
        with self._read() as session:
            return {name: session.exec(select(func.count()).select_from(model)).one() for name, model in tables.items()}


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
