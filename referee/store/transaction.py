"""Writes inside one database transaction: players, sessions, hands, the events of the log.

:class:`Transaction` is the store's write path (``with store.transaction() as tx: ...``, see
:meth:`referee.store.store.Store.transaction`): it locks a session's row, checks each night event
against the table, registers newcomers, and appends rows made by the one row builder
(:func:`referee.store.appending.chained_row`).  An import appends through its :class:`BulkLog`
(:meth:`Transaction.bulk`), which builds its rows the same way and writes them a few thousand at a
time.  This is the only module of the store that works with the ORM (:mod:`referee.store.models`).

The log is the whole night (see :mod:`referee.recording.session_log`): a session opens with a
``SitDown`` per player and the first dealer's ``SetDealer``; events between hands (no hand number)
seat, unseat, move and rebuy players, name the dealer, change the rules and cash out; a hand's events
carry its number.  A night event is checked against the table before it is appended (Bob cannot leave
when he is not seated) and stored with names spelled as seated.  Names (players, aliases, seats)
match ignoring case and repeated spaces.  Amounts are ints: chip value in cents, buy-ins in chips.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from functools import cache
from pathlib import Path
from typing import Any, Final

from sqlalchemy import bindparam, delete, func, insert, select
from sqlalchemy.orm import Session

from referee.engine.events import (CashOut, ChangeRulebook, Closed, Event, MONEY_EVENTS, NightEvent, Reopened,
                                   RulebookText, SetDealer, SitDown, Unvoided, Voided)
from referee.errors import AlreadyRecorded, InputError
from referee.i18n import N_, _, ngettext
from referee.handfile.model import NAME_RE, RESERVED
from referee.handfile.words import event_words
from referee.money import check_amount
from referee.rulebook.loader import is_rulebook_path, recorded_rulebook, rulebook_key
from referee.store import chain, codec
from referee.store.appending import Encoded, EventRow, Head, chained_row, check_items, event_insert, items_of
from referee.store.chain import stored_since
from referee.store.db import StaleLogError
from referee.store.log import LogSnapshot, TableState, closed_at, table_state, unrecorded_rulebooks
from referee.store.models import (EventRecord, GameSession, HandRecord, Player, PlayerAlias, RequestRecord,
                                  SeatRecord)
from referee.store.requests import Request, key_at, night_key
from referee.store.tables import (NAME_MAX, ORIGIN_POKERNOW, ORIGINS, SESSION_CLOSED, SESSION_OPEN, check_session_id,
                                  name_key)
from referee.store.tables import events as events_table
from referee.store.tables import hands as hands_table
from referee.store.tables import seats as seats_table
from referee.store.types import utcnow

#: rows an import keeps before it writes them (a 10,000-hand night is not held whole in memory)
CHUNK: Final = 5000


@dataclass(frozen=True)
class SeatSpec:
    """Who sits down: the name as the table calls him (a player's name or alias), his buy-in in
    chips and, when it is not chips x chip value, the money he paid (cents)."""

    name: str
    buy_in: int = 0
    paid_cents: int | None = None


def clean_name(name: str, what: str = N_("name")) -> str:
    """``name`` with its spaces tidied; InputError when empty or longer than the columns allow."""
    if not isinstance(name, str):
        raise InputError(_("{what} must be text, not {kind}").format(what=_(what), kind=type(name).__name__))
    tidy = " ".join(name.split())
    if any(ord(ch) < 32 or ord(ch) == 127 for ch in tidy):
        raise InputError(_("{what} {name!r} holds a control character").format(what=_(what), name=tidy), hint=_("type the name in plain letters"))
    if not tidy:
        raise InputError(_("empty {what}").format(what=_(what)), hint=_("give a {what} with at least one letter").format(what=_(what)))
    if len(tidy) > NAME_MAX:
        raise InputError(_("{what} {name!r}… is longer than {limit} characters").format(what=_(what), name=tidy[:20], limit=NAME_MAX))
    return tidy


def check_seat_name(name: str) -> str:
    """A seat name is how the table and the hand format call a player: one word, not a keyword."""
    name = clean_name(name, N_("player name"))
    if not NAME_RE.fullmatch(name):
        raise InputError(_("seat name {name!r} is not one word").format(name=name),
                         hint=_("the table calls each player by one word, like Ann, Mary_Ann or O'Neil"))
    if name.lower() in RESERVED:
        raise InputError(_("{name!r} cannot be a seat name: it is a word of the hand format").format(name=name), hint=_("use another name"))
    return name


def _check_chips(value: object, what: str, *, positive: bool = False) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise InputError(_("{what} must be a whole number, not {value!r}").format(what=_(what), value=value), hint=_("amounts are integers (chips or cents)"))
    if value < 0 or (positive and value == 0):
        raise InputError((_("{what} must be positive, not {value}") if positive else _("{what} must be zero or more, not {value}")).format(
            what=_(what), value=value))

    return check_amount(value, what)


def _check_time(moment: datetime | None, what: str) -> datetime:
    if moment is None:
        return utcnow()
    if moment.tzinfo is None or moment.utcoffset() is None:
        raise InputError(_("{what} {value} has no time zone").format(what=_(what), value=moment.isoformat()), hint=_("give an aware datetime (UTC)"))
    return moment


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
    """The session row, locked (PostgreSQL ``FOR UPDATE``; see :func:`session_row`): built once."""
    return select(GameSession).where(GameSession.id == bindparam("sid")).with_for_update()


@cache
def _log_head() -> Any:
    """Where a session's log stands, in one round trip: its last event's seq and hash and its last
    hand.  Built once: the live table runs it on every append.  Run after the session's row is locked,
    so that (each statement seeing what was committed before it began) it sees every earlier writer."""
    sid = bindparam("sid")
    last = select(EventRecord.seq, EventRecord.hash).where(EventRecord.session_id == sid) \
        .order_by(EventRecord.seq.desc()).limit(1)
    return select(
        last.with_only_columns(EventRecord.seq).scalar_subquery(),
        last.with_only_columns(EventRecord.hash).scalar_subquery(),
        select(func.max(HandRecord.number)).where(HandRecord.session_id == sid).scalar_subquery(),
    )


def _in_order(table: Any, session_id: int, column: Any) -> Any:
    """A session's rows of ``table`` (seats, hands, the log) in ``column``'s order, as plain rows."""
    return select(table).where(table.c.session_id == session_id).order_by(column)


def find_player(db: Session, name: str) -> Player | None:
    """The player whose name or alias is ``name`` (ignoring case), or None."""
    key = name_key(name)
    player = db.scalars(select(Player).where(Player.name_key == key)).first()
    if player is not None:
        return player
    alias = db.scalars(select(PlayerAlias).where(PlayerAlias.alias_key == key)).first()
    return db.get(Player, alias.player_id) if alias is not None else None


def session_row(db: Session, session_id: int, *, lock: bool = False) -> GameSession:
    """The session row; ``lock`` takes its row lock (PostgreSQL ``FOR UPDATE``) so that writers
    numbering its seats, hands or events queue up instead of colliding.  (On SQLite every write
    transaction already holds the database's write lock from its BEGIN IMMEDIATE.)"""
    check_session_id(session_id)
    game = db.get(GameSession, session_id, with_for_update=lock)
    if game is None:
        raise InputError(_("no session {session}").format(session=session_id), hint=_("`referee session list` shows the sessions"))
    return game


def hand_row(db: Session, session_id: int, number: int) -> HandRecord:
    hand = db.scalars(select(HandRecord).where(HandRecord.session_id == session_id, HandRecord.number == number)).first()
    if hand is None:
        raise InputError(_("session {session} has no hand {number}").format(session=session_id, number=number))
    return hand


def already(db: Any, row: Any) -> AlreadyRecorded:
    """What the request of ``row`` (a ``requests`` row) recorded, in words (``db``: a session or a
    connection)."""
    rows = db.execute(select(events_table).where(
        events_table.c.session_id == row.session_id, events_table.c.seq >= row.first_seq,
        events_table.c.seq <= row.last_seq).order_by(events_table.c.seq))
    lines = [e.text or event_words(codec.decode_event(e.kind, e.payload, where=f"event {e.seq}")) for e in rows]
    if len(lines) > 4:  # a whole night (an import): its opening is enough to know it
        lines = [*lines[:3], _("and {count} more").format(count=len(lines) - 3)]
    return AlreadyRecorded(row.session_id, tuple(lines), row.first_seq, row.last_seq)



class Transaction:
    """Writes inside one database transaction: all of them are committed together, or none.

    Get one from :meth:`referee.store.store.Store.transaction`: ``with store.transaction() as tx:
    tx.new_session(...)``.  Its rows are ORM objects (:mod:`referee.store.models`); the events it
    appends are :class:`~referee.store.appending.EventRow` s.
    """

    def __init__(self, db: Session, request: Request | None = None,
                 key: Callable[[], bytes | None] = lambda: None) -> None:
        self.db = db
        #: the store's key, asked for when a session row is signed (:func:`referee.store.audit.row_digest`)
        self._key = key
        self._heads: dict[int, _Head] = {}
        #: what the command writing in this transaction asks (None: no identity, never taken for a retry)
        self.request = request
        #: where each session's log stood when this request first locked it
        self._asked: dict[int, int] = {}
        #: the request keys this transaction stores (looked up if the database refuses one: a twin won)
        self.keys: list[str] = []
        #: whether a night started or a rulebook changed here gets its rulebook's text recorded after it
        #: (off while a session log that carries its own ``RulebookText`` events is copied in)
        self.records_rulebooks = True
        #: rulebook file texts to record instead of the disk's (a hand file's ``rulebook file`` blocks)
        self.rulebook_texts: tuple[tuple[str, str], ...] = ()

    def heads(self) -> dict[int, Head | None]:
        """Where the log of each session this transaction locked stands (None: the session is not
        open, so no fast append goes after it)."""
        return {sid: Head(head.seq, head.hash, head.last_hand) if head.game.status == SESSION_OPEN else None
                for sid, head in self._heads.items()}

    def asked_at(self) -> int | None:
        """Where the log stood when this request first locked it, if it locked one log (None: no
        request, or several logs)."""
        return next(iter(self._asked.values())) if self.request is not None and len(self._asked) == 1 else None

    # ------------------------------------------------------------------ players

    def _find_player(self, name: str) -> Player | None:
        return find_player(self.db, name)

    def find_player(self, name: str) -> Player | None:
        """The player whose name or alias is ``name`` (ignoring case), or None."""
        return self._find_player(name)

    def add_player(self, name: str) -> Player:
        name = clean_name(name, N_("player name"))
        existing = self._find_player(name)
        if existing is not None:
            raise InputError(_("player {name!r} already exists (as {existing!r})").format(name=name, existing=existing.name))
        player = Player(name=name, name_key=name_key(name))
        self.db.add(player)
        self.db.flush()
        return player

    def add_alias(self, player: str, alias: str) -> PlayerAlias:
        alias = clean_name(alias, N_("alias"))
        owner = self._find_player(player)
        if owner is None:
            raise InputError(_("no player named {name!r}").format(name=player), hint=_("add the player before his aliases"))
        taken = self._find_player(alias)
        if taken is not None:
            raise InputError(_("{alias!r} already names player {name!r}").format(alias=alias, name=taken.name))
        assert owner.id is not None
        row = PlayerAlias(player_id=owner.id, alias=alias, alias_key=name_key(alias))
        self.db.add(row)
        self.db.flush()
        return row

    # ------------------------------------------------------------------ the head of a session's log

    def _head(self, session_id: int, *, open_only: bool = True) -> _Head:
        head = self._heads.get(session_id)
        if head is None:
            check_session_id(session_id)
            game = self.db.scalars(_locked_session(), {"sid": session_id}).first()
            if game is None:
                raise InputError(_("no session {session}").format(session=session_id), hint=_("`referee session list` shows the sessions"))
            seq, digest, last_hand = self.db.execute(_log_head(), {"sid": session_id}).one()
            head = _Head(game, seq or 0, digest or chain.genesis_hash(game), last_hand or 0)
            if self.request is not None:  # its own fact, stored by an earlier run, before anything else
                self._asked[session_id] = head.seq
                if self.request.at is not None:
                    self._asked_at(head, self.request.at)
                if not self.request.again:
                    self._own_fact(head)
            if open_only and game.void_reason is not None:
                raise InputError(_("session {session} is void ({reason}): nothing more is recorded into it").format(session=session_id, reason=game.void_reason), hint=_("it is kept as it is: see it with referee session show {session}").format(session=session_id))
            if open_only and game.status != SESSION_OPEN:
                raise InputError(_("session {session} is closed").format(session=session_id), hint=_('a closed session is not recorded into: to correct it, referee session reopen {session} --why "…"').format(session=session_id))
            self._heads[session_id] = head
        elif open_only and head.game.status != SESSION_OPEN:
            raise InputError(_("session {session} is closed").format(session=session_id), hint=_('a closed session is not recorded into: to correct it, referee session reopen {session} --why "…"').format(session=session_id))
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
        for row in self.db.scalars(select(RequestRecord).where(RequestRecord.session_id == sid,
                                                            RequestRecord.last_seq == head.seq)):
            if row.key == key_at(sid, row.first_seq - 1, self.request.asks):
                raise already(self.db, row)

    def _asked_at(self, head: _Head, at: int) -> None:
        """AlreadyRecorded when this request, asked when the log ended at event ``at`` (by a run whose
        reply was lost), was stored then, whatever was recorded since."""
        assert self.request is not None and head.game.id is not None
        key = key_at(head.game.id, at, self.request.asks)
        row = self.db.scalars(select(RequestRecord).where(RequestRecord.key == key)).first()
        if row is not None:
            raise already(self.db, row)

    def record_request(self) -> None:
        """Store this request's identity beside the events it appended, one row per session it wrote."""
        if self.request is None:
            return
        for sid, asked in self._asked.items():
            head = self._heads.get(sid)
            if head is None or head.seq == asked:
                continue
            key = key_at(sid, asked, self.request.asks)
            self.keys.append(key)
            self.db.execute(insert(RequestRecord.__table__),
                            {"key": key, "session_id": sid, "first_seq": asked + 1, "last_seq": head.seq,
                             "created_at": utcnow()})

    def claim(self, session_id: int, asks: str) -> None:
        """Claim the key of a request that starts a night (an import: :func:`night_key`) for the
        session this transaction made, with all its events.  AlreadyRecorded when another session
        holds it (an earlier run, or a twin: the database's unique key makes the second wait for the
        first and refuse it, and :meth:`Store.transaction` then names the winner)."""
        key = night_key(asks)
        row = self.db.scalars(select(RequestRecord).where(RequestRecord.key == key)).first()
        if row is not None:
            raise already(self.db, row)
        last = self.db.scalar(select(func.max(EventRecord.seq)).where(EventRecord.session_id == session_id)) or 0
        self.keys.append(key)
        self.db.execute(insert(RequestRecord.__table__),
                        {"key": key, "session_id": session_id, "first_seq": 1, "last_seq": last,
                         "created_at": utcnow()})

    def _last_hand_played(self, head: _Head) -> bool:
        """Whether the last started hand holds an event (so that the next one may begin)."""
        if head.last_hand_played is None:
            head.last_hand_played = head.last_hand == 0 or (self.db.scalar(
                select(func.count()).select_from(EventRecord)
                .where(EventRecord.session_id == head.game.id, EventRecord.hand_number == head.last_hand)
            ) or 0) > 0
        return head.last_hand_played

    def _state(self, head: _Head) -> TableState:
        if head.state is None:
            sid = head.game.id
            seats = self.db.scalars(select(SeatRecord).where(SeatRecord.session_id == sid))
            rows = self.db.scalars(
                select(EventRecord).where(EventRecord.session_id == sid, EventRecord.hand_number.is_(None))
                .order_by(EventRecord.seq)
            )
            head.state = table_state(head.game, list(seats), list(rows))
        return head.state

    def _check_expected(self, head: _Head, expected_seq: int | None, items: Sequence[Encoded]) -> None:
        if expected_seq is None or expected_seq == head.seq:
            return

        sid = head.game.id
        if expected_seq > head.seq:
            raise InputError(ngettext("session {session}'s log has {count} event, not {expected}", "session {session}'s log has {count} events, not {expected}", head.seq).format(
                session=sid, count=head.seq, expected=expected_seq),
                             hint=_("pass the seq of the last event you saw (Store.last_seq)"))
        rows = list(self.db.scalars(
            select(EventRecord).where(EventRecord.session_id == sid, EventRecord.seq > expected_seq)
            .order_by(EventRecord.seq)
        ))
        before: dict[int, int] = {}
        for number in {r.hand_number for r in rows if r.hand_number is not None}:
            before[number] = self.db.scalar(
                select(func.count()).select_from(EventRecord).where(
                    EventRecord.session_id == sid, EventRecord.hand_number == number, EventRecord.seq <= expected_seq)
            ) or 0
        hands = {r.hand_number for r in rows}
        where = (_("hand {hand}").format(hand=next(iter(hands))) if len(hands) == 1 and None not in hands
                 else _("the table between hands") if hands == {None} else _("session {session}").format(session=sid))
        stored_words = stored_since(rows, before)
        if len(stored_words) > 5:
            stored_words = [*stored_words[:5], _("and {count} more").format(count=len(stored_words) - 5)]
        yours = ", ".join(repr(text or event_words(event)) for event, text in items)
        raise StaleLogError(
            _("{where} changed since you loaded it: {stored}; your {yours} was not stored — enter it again").format(
                where=where, stored=", ".join(stored_words), yours=yours),
            hint=_("the log of session {session} now ends at event {event}").format(session=sid, event=head.seq),
        )

    # ------------------------------------------------------------------ appending

    def _register(self, head: _Head, state: TableState, event: SitDown) -> tuple[SitDown, Player | None, bool]:
        """The sit-down with the player's name as this session knows him; his player (None: a new
        one) and whether his seat row is still to be made."""
        sid = head.game.id
        typed = clean_name(event.player, N_("player name"))
        person = self._find_player(typed)
        row = None
        if person is not None:
            row = self.db.scalars(
                select(SeatRecord).where(SeatRecord.session_id == sid, SeatRecord.player_id == person.id)
            ).first()
        name = row.name if row is not None else (state.name(typed) or check_seat_name(typed))
        if name in state.seats:
            also = "" if name_key(name) == name_key(typed) else _(" (as {name!r})").format(name=name)
            raise InputError(_("{name!r} is already seated in session {session}{also}").format(name=typed, session=sid, also=also), hint=_("each person takes one seat"))
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
            number = 1 + (self.db.scalar(
                select(func.max(SeatRecord.number)).where(SeatRecord.session_id == head.game.id)) or 0)
            self.db.add(SeatRecord(session_id=head.game.id, number=number, name=applied.player,
                                   name_key=name_key(applied.player), player_id=person.id, buy_in=applied.stack))
            self.db.flush()
        head.state = trial
        return applied

    def _append(self, head: _Head, hand_number: int | None, items: Sequence[Encoded], *,
                at: datetime | None = None) -> list[EventRow]:
        rows = self._event_rows(head, hand_number, items, at=at)
        self._write_rows(head, rows)
        return rows

    def _write_rows(self, head: _Head, rows: Sequence[EventRow]) -> None:
        if rows:  # one INSERT through the table, not the ORM's unit of work
            self.db.execute(event_insert(), [row.values() for row in rows])
            # the head on the locked row too (flushed with the transaction): the next append's fast path
            head.game.last_seq, head.game.last_hash = head.seq, head.hash

    def _event_rows(self, head: _Head, hand_number: int | None, items: Sequence[Encoded], *,
                    at: datetime | None = None) -> list[EventRow]:
        """The rows that append ``items`` to the log: each checked, numbered and chained onto
        ``head`` (:func:`~referee.store.appending.chained_row`), which moves on; written by the caller
        (one append, or the bulk log of an import).  A ``Voided``/``Unvoided`` sets the session's
        void columns as it says, a ``Closed``/``Reopened`` its status and end time (they follow the log)."""
        sid = head.game.id
        check_items(sid, head.last_hand, hand_number, items)
        rows = []
        for event, text in items:
            if isinstance(event, NightEvent):
                event = self._night_event(head, event)
            row = chained_row(sid, head.seq, head.hash, hand_number, event, text, at)
            rows.append(row)
            head.seq, head.hash = row.seq, row.hash
            if isinstance(event, (Voided, Unvoided)):
                void = isinstance(event, Voided)
                head.game.void_reason = event.why if void else None
                head.game.voided_at = row.created_at if void else None
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
            if rulebook_key(ref) in state.texts or any(rulebook_key(ref) == k for r in records for k, _text in r.files):
                continue
            known = supplied + self.rulebook_texts + state.rulebook_texts
            if is_rulebook_path(ref) and not any(k == rulebook_key(ref) for k, _text in known) and not Path(ref).exists():
                raise InputError(_("the house rulebook {ref} this night was recorded under is gone").format(ref=ref),
                                 where=_("session {session}").format(session=sid),
                                 hint=_("put it back, or give it with `referee session rulebook {session} --file FILE`").format(session=sid))
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
        rows = self.db.scalars(select(EventRecord).where(EventRecord.session_id == session_id,
                                                         EventRecord.hand_number.is_(None))
                               .order_by(EventRecord.seq))
        return unrecorded_rulebooks(head.game, rows)

    def append_events(self, session_id: int, hand_number: int | None,
                      events: Sequence[Event | tuple[Event, str | None]], *,
                      expected_seq: int | None = None) -> list[EventRow]:
        """Append events to hand ``hand_number`` (None: events of the night between hands)."""
        items = items_of(events)

        head = self._head(session_id, open_only=not items or not all(isinstance(e, MONEY_EVENTS) for e, _ in items))
        self._check_expected(head, expected_seq, items)
        return self._append(head, hand_number, items)

    def append_event(self, session_id: int, hand_number: int | None, event: Event, *, text: str | None = None,
                     expected_seq: int | None = None) -> EventRow:
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
        table_name = clean_name(table_name, N_("table name"))
        if origin is not None and origin not in ORIGINS:
            raise InputError(_("unknown origin {origin!r}").format(origin=origin), hint=_("one of {values}").format(values=", ".join(ORIGINS)))
        rulebook = clean_name(rulebook, N_("rulebook name"))
        _check_chips(chip_value_cents, N_("chip value (cents)"), positive=True)
        _check_chips(buy_in_default, N_("default buy-in (chips)"))
        started = _check_time(started_at, N_("session start"))
        stored_options = dict(options or {})
        for key, value in stored_options.items():
            if not isinstance(key, str) or isinstance(value, bool) or not isinstance(value, (str, int)):
                raise InputError(_("option {key!r} = {value!r}: options are names with text or whole-number values").format(key=key, value=value))
        chain.canonical_json(stored_options)
        if dealer is not None and not seats:
            raise InputError(_("dealer {dealer!r} named for a table with nobody seated").format(dealer=dealer), hint=_("seat the players first"))
        for spec in seats:
            _check_chips(spec.buy_in, _("{name}'s buy-in").format(name=spec.name))

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

    def add_seat(self, session_id: int, name: str, buy_in: int | None = None, *, after: str | None = None,
                 paid_cents: int | None = None, expected_seq: int | None = None) -> SeatRecord:
        """Seat one more player (a late arrival) with ``buy_in`` chips (default: the session's),
        clockwise after ``after`` (None: after the last seat)."""
        head = self._head(session_id)
        chips = head.game.buy_in_default if buy_in is None else buy_in
        _check_chips(chips, _("{name}'s buy-in").format(name=name))
        [row] = self.append_events(session_id, None, [SitDown(name, chips, after, paid_cents)], expected_seq=expected_seq)
        player = row.payload["player"]
        seat = self.db.scalars(
            select(SeatRecord).where(SeatRecord.session_id == session_id, SeatRecord.name_key == name_key(player))
        ).one()
        return seat

    def close_session(self, session_id: int, cash_outs: Mapping[str, int] | Sequence[tuple[str, int]] = (),
                      ended_at: datetime | None = None) -> GameSession:
        """Record each player's counted chips (``CashOut``) and close the session; every player who
        sat down must have cashed out (now or earlier)."""
        ended = _check_time(ended_at, N_("session end"))
        pairs = list(cash_outs.items()) if isinstance(cash_outs, Mapping) else list(cash_outs)
        head = self._head(session_id)
        self._append(head, None, [(CashOut(name, chips), None) for name, chips in pairs])
        due = self._state(head).due
        if due:
            names = ", ".join(due)
            raise InputError(ngettext("{names} has not cashed out", "{names} have not cashed out", len(due)).format(names=names),
                             where=_("session {session}").format(session=session_id),
                             hint=_("give every player's counted chips: {options}").format(
                                 options=" ".join(f"--cash-out {n}:CHIPS" for n in due)))
        game = head.game
        self._append(head, None, [(Closed(ended.astimezone(UTC).isoformat(timespec="microseconds")), None)])
        self.db.add(game)  # closed, and its end time, as the event says
        self.db.flush()
        return game

    def _sign_row(self, game: GameSession) -> None:
        """Sign the session row's columns its log does not hold (:func:`referee.store.audit.row_digest`)."""
        from referee.store.audit import row_digest

        key = self._key()
        game.digest = row_digest(key, game) if key is not None else None

    def reopen_session(self, session_id: int, why: str, by: str = "") -> GameSession:
        """Open a closed session again to correct it: a ``Reopened`` event with the reason, and the
        status back to open (its end time is kept until it closes again)."""
        head = self._head(session_id, open_only=False)
        if head.game.status == SESSION_OPEN:
            raise InputError(_("session {session} is open: there is nothing to reopen").format(session=session_id),
                             hint=_("correct it with `referee session amend {session} … --why …`, then close it: referee session close {session}").format(session=session_id))
        game = head.game
        game.status = SESSION_OPEN
        self.db.add(game)
        self.db.flush()
        self._append(head, None, [(Reopened(why, by), None)])
        return game

    def delete_session(self, session_id: int) -> None:
        """Remove a session recorded by mistake, while it has no hands (its players stay)."""
        session_row(self.db, session_id, lock=True)
        hands = self.db.scalar(select(func.count()).select_from(HandRecord).where(HandRecord.session_id == session_id))
        if hands:
            raise InputError(ngettext("session {session} has {count} hand recorded: a played night is kept, never deleted",
                                      "session {session} has {count} hands recorded: a played night is kept, never deleted",
                                      hands).format(session=session_id, count=hands),
                             hint=_("close it instead: referee session close {session} --cash-out NAME:CHIPS …").format(session=session_id))
        from referee.store.kept import forget

        forget(self.db.connection(), session_id)  # a result kept for its empty log
        for model in (RequestRecord, EventRecord, SeatRecord):
            self.db.execute(delete(model).where(model.session_id == session_id))
        self.db.execute(delete(GameSession).where(GameSession.id == session_id))
        self._heads.pop(session_id, None)

    # ------------------------------------------------------------------ hands

    def start_hand(self, session_id: int, *, dealer: str | None = None, started_at: datetime | None = None,
                   expected_seq: int | None = None) -> HandRecord:
        """Begin the session's next hand (numbered 1, 2, …); ``dealer`` (a seated player) is
        recorded as a ``SetDealer`` before it.  The previous hand must have begun in the log."""
        started = _check_time(started_at, N_("hand start"))
        head = self._head(session_id)
        if not self._last_hand_played(head):
            raise InputError(_("hand {hand} of session {session} has no actions yet").format(hand=head.last_hand, session=session_id),
                             hint=_("record its first action (or a misdeal) before starting the next hand"))
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
        game = session_row(self.db, session_id)
        # seats, hands and events as plain rows (as the store's reads give them): the ORM's objects
        # cost three times as much a row, and nothing here changes them
        seated = self.db.execute(_in_order(seats_table, session_id, seats_table.c.number)).all()
        played = self.db.execute(_in_order(hands_table, session_id, hands_table.c.number)).all()
        rows = self.db.execute(_in_order(events_table, session_id, events_table.c.seq)).all()
        return LogSnapshot(game, seated, played, rows)

    def find_session(self, session_id: int) -> GameSession | None:
        """Session ``session_id``, or None when there is none."""
        return self.db.get(GameSession, session_id)

    def sessions_that_may_hold(self, rulebook: str, hands: int, *, besides: int) -> list[GameSession]:
        """The sessions that may hold the same night as session ``besides``: not void, not a ledger, with
        the same opening rulebook and number of hands in their log (hands with an event: a hand begun
        with none yet is not in the night), the candidates whose night is then compared, oldest first."""
        count = (select(func.count(events_table.c.hand_number.distinct()))
                 .where(events_table.c.session_id == GameSession.id).scalar_subquery())
        query = select(GameSession).where(
            GameSession.id != besides, GameSession.rulebook == rulebook,
            GameSession.void_reason.is_(None),
            (GameSession.origin.is_(None)) | (GameSession.origin != ORIGIN_POKERNOW),
            count == hands)
        return list(self.db.scalars(query.order_by(GameSession.id)))

    def sessions_started(self, table_name: str, started_at: datetime, *, besides: int) -> list[GameSession]:
        """The sessions that are not void of table ``table_name`` started at ``started_at`` (to the
        microsecond: a night and the copies made of its export), oldest first."""
        query = select(GameSession).where(
            GameSession.id != besides, GameSession.table_name == table_name, GameSession.started_at == started_at,
            GameSession.void_reason.is_(None))
        return list(self.db.scalars(query.order_by(GameSession.id)))

    def set_fingerprint(self, session_id: int, fingerprint: str) -> GameSession:
        game = session_row(self.db, session_id, lock=True)
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
        return list(self.db.scalars(query.order_by(GameSession.id)))

    def void_session(self, session_id: int, reason: str, at: datetime | None = None) -> GameSession:
        """Void the session: a ``Voided`` event appended to its log (open or closed, replaying or not),
        and it counts nowhere from then on (its void columns follow the event)."""
        head = self._head(session_id, open_only=False)
        if not isinstance(reason, str) or not reason.strip():
            raise InputError(_("a void needs its reason"), hint=_('say why: --why "imported twice"'))
        if head.game.void_reason is not None:
            raise InputError(_("session {session} is already void ({reason})").format(session=session_id, reason=head.game.void_reason))
        self._append(head, None, [(Voided(" ".join(reason.split())), None)], at=_check_time(at, N_("void time")))
        return head.game

    def unvoid_session(self, session_id: int, reason: str) -> GameSession:
        """Undo the session's void: an ``Unvoided`` event appended to its log; it counts again."""
        head = self._head(session_id, open_only=False)
        if not isinstance(reason, str) or not reason.strip():
            raise InputError(_("undoing a void needs its reason"), hint=_('say why: --why "voided the wrong night"'))
        if head.game.void_reason is None:
            raise InputError(_("session {session} is not void: there is no void to undo").format(session=session_id))
        self._append(head, None, [(Unvoided(" ".join(reason.split())), None)])
        return head.game

    def end_hand(self, session_id: int, number: int, ended_at: datetime | None = None) -> HandRecord:
        ended = _check_time(ended_at, "hand end")
        hand = hand_row(self.db, session_id, number)
        hand.ended_at = ended
        self.db.add(hand)
        self.db.flush()
        return hand

    # ------------------------------------------------------------------ bulk

    @contextmanager
    def bulk(self, session_id: int) -> Iterator[BulkLog]:
        """The log of open session ``session_id`` appended to in bulk (an import): what the
        :class:`BulkLog` holds is written when the block ends (nothing, if it raises: the transaction
        is then rolled back anyway)."""
        log = BulkLog(self, self._head(session_id))
        yield log
        log.flush()


class BulkLog:
    """Many events appended inside one transaction in few statements: how a whole night is imported.

    A live table appends an action at a time (one INSERT, committed before the prompt returns).  An
    import records thousands of hands in one transaction that is committed only when the night checks
    out, so nothing in it needs to reach the database before the end: the bulk log checks, numbers and
    chains each event exactly as an append does (:meth:`Transaction._event_rows`), keeps the rows, and
    writes hands and events a few thousand rows per statement (``executemany``: SQLite's, psycopg's
    pipelined one).  Everything that reads the log inside the transaction (the table state a night
    event is checked against, whether the last hand holds an action, a read-back) sees the rows
    written first."""

    def __init__(self, tx: Transaction, head: _Head) -> None:
        self.tx = tx
        self.head = head
        self._hands: list[dict[str, Any]] = []
        self._events: list[EventRow] = []

    def _rows(self, hand_number: int | None, events: Sequence[Event | Encoded]) -> list[EventRow]:
        if hand_number is None and self.head.state is None:
            self.flush()  # the table is read from the log once, so the log must hold all of it
        rows = self.tx._event_rows(self.head, hand_number, items_of(events))
        self._events += rows
        return rows

    def night(self, events: Sequence[Event | Encoded]) -> list[EventRow]:
        """Append events of the night between hands (checked against the table as an append is)."""
        return self._rows(None, events)

    def hand(self, number: int, events: Sequence[Event | Encoded]) -> list[EventRow]:
        """Append events to hand ``number`` (begun with :meth:`start_hand`)."""
        return self._rows(number, events)

    def start_hand(self, *, dealer: str | None = None, started_at: datetime | None = None) -> int:
        """Begin the next hand, as :meth:`Transaction.start_hand` does; its number."""
        head = self.head
        if head.last_hand_played is None:
            self.flush()
        if not self.tx._last_hand_played(head):
            raise InputError(_("hand {hand} of session {session} has no actions yet").format(hand=head.last_hand, session=head.game.id),
                             hint=_("record its first action (or a misdeal) before starting the next hand"))
        if len(self._events) >= CHUNK:
            self.flush()
        name = None
        if dealer is not None:
            [row] = self.night([SetDealer(dealer)])
            name = row.payload["player"]
        number = head.last_hand + 1
        self._hands.append({"session_id": head.game.id, "number": number, "dealer": name,
                            "started_at": _check_time(started_at, N_("hand start")), "ended_at": None})
        head.last_hand, head.last_hand_played = number, False
        return number

    def end_hand(self, number: int) -> None:
        """Record when hand ``number`` ended (now)."""
        for row in reversed(self._hands):
            if row["number"] == number:
                row["ended_at"] = utcnow()
                return
        self.tx.end_hand(self.head.game.id, number)

    def flush(self) -> None:
        """Write the rows kept so far (hands first: an event names its hand)."""
        if self._hands:
            self.tx.db.execute(insert(HandRecord.__table__), self._hands)
            self._hands = []
        if self._events:
            self.tx._write_rows(self.head, self._events)
            self._events = []
