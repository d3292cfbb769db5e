"""A session's event log read as a night: the one translation from the store to a hand file's
:class:`~referee.handfile.model.Night`, and the table state the log's night events build up.

The log is the whole truth of a night.  Its shape:

* the session header (rulebook, options, chip value) is the night's header;
* the *opening* is the log's first events: a ``SitDown`` per player in seat order (chips and, when
  not chips x chip value, the money paid) and the ``SetDealer`` of the first dealer that follows;
* after that, an event with no hand number (a *night event*: ``SitDown``, ``Leave``, ``AddChips``,
  ``MoveSeat``, ``SetDealer``, ``ChangeRulebook``, ``ChangeOption``, ``CashOut``) applies from the
  next hand to begin after it in ``seq`` order: it is in that hand's header.  Night events after the
  last hand (cash-outs, a departure) are the night's *closing*;
* a hand's events are the rows with its number, in ``seq`` order; hands begin in number order;
* a ``RulebookText`` holds the text of rulebook files the night plays under, wherever it stands: the
  night's rulebooks are loaded from them (``Night.texts``), never from the disk.

:func:`read_session_log` is a pure translation of what the store holds (no replay); the replay is
built on its :class:`Night`.  Sessions recorded before the log held the night (``log_version`` 1)
are read the way they were recorded: the seats table is the opening seating (a seat registered
after a hand began sits down before the next hand), each hand's ``dealer`` column its dealer.

:class:`TableState` is the table as night events leave it (who sits where, the dealer, the rules in
force, chips bought and cashed out); the store uses it to refuse a night event that does not fit
(Bob leaving when he is not seated) before it is appended, so it lives in the store
(:mod:`referee.store.log`, with :class:`LogSnapshot`), which imports nothing above it; the words of an
event are the hand format's (:mod:`referee.handfile.words`).  Both are named here too.  Where a night
event falls in the night is worked out once, by :func:`night_places`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from functools import cache
from pathlib import PurePath
from typing import TYPE_CHECKING, Any

from referee.engine.events import (
    CLOSING_EVENTS,
    MONEY_EVENTS,
    AddChips,
    CashOut,
    ChangeOption,
    ChangeRulebook,
    GameSoFar,
    Shuffle,
    Event,
    MoveSeat,
    NightEvent,
    Ruling,
    RulebookText,
    SetDealer,
    SitDown,
    Unvoided,
    Voided,
)
from referee.errors import HandFileError, InputError, StoreError
from referee.handfile import parse_night, write_hand, write_night
from referee.handfile.writer import write_closing, write_rulebook_files
from referee.handfile.model import HandEntry, Night, OptionValue, Seat
from referee.handfile.words import event_words, in_hand_format, night_words
from referee.rulebook.loader import RulebookTexts, changed_on_disk, load_rules
from referee.store.codec import decode_event
from referee.store.fingerprint import fingerprint
from referee.store.log import LogSnapshot, TableState, table_state
from referee.store.log import apply_logged as _apply, seat_key as _key
from referee.store.models import LOG_LEGACY

if TYPE_CHECKING:
    from referee.store.store import Store
    from referee.store.chain import ChainReport
    from referee.store.models import EventRecord, GameSession, SeatRecord

LOG_FORMAT = "referee-session-log"
LOG_FORMAT_VERSION = 1


# ------------------------------------------------------------------ the log as a night


@dataclass(frozen=True)
class SessionLog:
    """A session read from its log: the night (for the replay and the hand file), the opening as
    recorded (with the money paid), the night events after the last hand, and the table they leave."""

    session: GameSession
    night: Night
    opening: tuple[SitDown, ...]
    closing: tuple[NightEvent, ...]
    table: TableState
    #: the night's money events (settings, payments, the whisky bill), in log order with their seq
    money: tuple[tuple[int, NightEvent], ...] = ()

    @property
    def first_dealer(self) -> str:
        return self.night.dealer


@cache
def _game_of(rulebook: str, texts: RulebookTexts = ()) -> str:
    """The game of rulebook ``rulebook`` as the night recorded it (``texts``)."""
    return load_rules(rulebook, texts=texts).game


def _decode(row: EventRecord, session_id: int) -> Event:
    return decode_event(row.kind, row.payload, where=f"session {session_id}, event {row.seq}")


#: night events that are facts of the game or of the money, not of the table: wherever they stand in the
#: log, they neither open nor close the opening
_ASIDE = frozenset({"GameSoFar", "Ruling", "RulebookText", *(kind.__name__ for kind in (*MONEY_EVENTS, *CLOSING_EVENTS))})


def night_places(rows: Sequence[EventRecord]) -> list[tuple[EventRecord, int | None]]:
    """Where each night event of the log falls (the rows with no hand, in ``seq`` order): ``None`` in
    the opening (the first ``SitDown`` rows and the ``SetDealer`` after them), else ``k``: before the
    ``k+1``-th hand to begin (``k`` = the hands begun before it; after the last hand when none begins
    later).  The one place this is worked out: the log's reading and ``referee session show`` use it."""
    out: list[tuple[EventRecord, int | None]] = []
    begun: set[int] = set()
    leading, seated = True, False
    for row in rows:
        if row.hand_number is not None:
            begun.add(row.hand_number)
            leading = False
            continue
        if row.kind in _ASIDE:
            out.append((row, len(begun)))
            continue
        if leading and (row.kind == "SitDown" or (row.kind == "SetDealer" and seated)):
            out.append((row, None))
            seated = True
            leading = row.kind == "SitDown"
            continue
        leading = False
        out.append((row, len(begun)))
    return out


def place_words(k: int | None, hands: int) -> str:
    """A night event's place (:func:`night_places`) in words, in a log of ``hands`` hands."""
    if k is None:
        return "opening"
    return f"before hand {k + 1}" if k < hands else f"after hand {k}" if k else "before any hand"


def read_session_log(snapshot: LogSnapshot, decoded: dict[int, Event] | None = None,
                     ) -> SessionLog:  # noqa: C901 - one pass over the log
    """Translate a session's stored rows into a :class:`SessionLog` (see the module docstring).

    ``decoded``: the events of rows read before, by ``seq``, filled in as rows are decoded (a reader
    that reads a growing log again and again decodes each row once; a row never changes)."""
    game = snapshot.session
    sid = game.id
    assert sid is not None

    def decode(row: EventRecord) -> Event:
        if decoded is None:
            return _decode(row, sid)
        event = decoded.get(row.seq)
        if event is None:
            event = decoded[row.seq] = _decode(row, sid)
        return event
    legacy = game.log_version == LOG_LEGACY
    rows = list(snapshot.events)

    by_hand: dict[int, list[EventRecord]] = {}
    for row in rows:
        if row.hand_number is not None:
            by_hand.setdefault(row.hand_number, []).append(row)
    played = sorted(by_hand)
    if played != list(range(1, len(played) + 1)):
        raise StoreError(f"the log holds hands {played}, not 1 to {len(played)}", where=f"session {sid}",
                         hint="run `referee db verify`: the log may have been edited")
    firsts = [by_hand[n][0].seq for n in played]
    if firsts != sorted(firsts):
        raise StoreError("the log's hands do not begin in order", where=f"session {sid}",
                         hint="run `referee db verify`: the log may have been edited")

    # night events, each placed before the next hand to begin after it (gaps[k] precedes hand k+1)
    gaps: list[list[tuple[int | None, NightEvent]]] = [[] for _ in range(len(played) + 1)]
    opening: list[tuple[int | None, NightEvent]] = []
    so_far: GameSoFar | None = None  # the night starts in the middle of a game
    rulings: list[Ruling] = []  # disputes ruled: they name their hand, wherever they were made
    recorded: list[tuple[int, RulebookText]] = []  # the rulebooks' texts: the whole night plays under them
    money_rows: list[tuple[int, NightEvent]] = []  # about the money, not the table: wherever they stand
    for row, k in night_places(rows):
        event = decode(row)
        if not isinstance(event, NightEvent):
            raise StoreError(f"{row.kind} is stored with no hand", where=f"session {sid}, event {row.seq}")
        if isinstance(event, GameSoFar) and k == 0 and so_far is None:
            so_far = event
            continue
        if isinstance(event, Ruling):
            rulings.append(event)
            continue
        if isinstance(event, RulebookText):
            recorded.append((row.seq, event))
            continue
        if isinstance(event, (*MONEY_EVENTS, *CLOSING_EVENTS)):
            money_rows.append((row.seq, event))
            continue
        if k is None:
            opening.append((row.seq, event))
            continue
        gaps[k].append((row.seq, event))

    hand_rows = {h.number: h for h in snapshot.hands}
    late: dict[int, list[SeatRecord]] = {}  # legacy seats registered after hand k began: before hand k+1
    if legacy:  # seats registered without a SitDown in the log: the opening, or sat down between hands
        in_log = {_key(e.player) for gap in [opening, *gaps] for _, e in gap if isinstance(e, SitDown)}
        started = [hand_rows[n].started_at for n in played if n in hand_rows]
        before_first: list[tuple[int | None, NightEvent]] = []
        for seat in sorted(snapshot.seats, key=lambda s: s.number):
            if _key(seat.name) not in in_log:
                begun = sum(1 for moment in started if moment <= seat.created_at)
                if begun == 0:
                    before_first.append((None, SitDown(seat.name, seat.buy_in)))
                else:
                    late.setdefault(begun, []).append(seat)
        opening = before_first + opening

    state = TableState(game.rulebook, dict(game.options), game.chip_value_cents)
    for seq, event in recorded:  # wherever a text stands (a night recorded before the log held it: at its end)
        _apply(state, event, sid, seq)
    texts = state.rulebook_texts
    opened: list[SitDown] = []
    for seq, event in opening:
        applied = _apply(state, event, sid, seq)
        if isinstance(applied, SitDown):
            opened.append(applied)
    stacks = {e.player: e.stack for e in opened}
    opening_seats = tuple(Seat(name, stacks[name]) for name in state.seats)
    first_dealer = state.dealer
    if first_dealer is None and legacy and played and hand_rows.get(1) is not None:
        first_dealer = hand_rows[1].dealer
    if first_dealer is None and legacy and state.seats:  # the old store never kept the header's dealer
        first_dealer = state.seats[0]
    state.dealer = None

    hands: list[HandEntry] = []
    for index, number in enumerate(played):
        shuffled = False
        rulebook_change: str | None = None
        option_changes: dict[str, OptionValue] = {}
        changes: list[Any] = []
        dealer: str | None = None
        arrivals: list[tuple[int | None, NightEvent]] = [
            (None, SitDown(seat.name, seat.buy_in, after=None)) for seat in late.get(index, ())
        ]
        for seq, event in arrivals + gaps[index]:
            if seq is None and isinstance(event, SitDown) and state.seats:  # legacy: seated after the last seat
                event = replace(event, after=state.seats[-1])
            applied = _apply(state, event, sid, seq)
            match applied:
                case ChangeRulebook():
                    rulebook_change, option_changes = applied.rulebook, {}
                case ChangeOption():
                    option_changes[applied.name] = applied.value
                case SetDealer():
                    dealer = applied.player
                case Shuffle():
                    shuffled = True
                case _:
                    changes.append(applied)
        if dealer is None and legacy and number in hand_rows:
            dealer = hand_rows[number].dealer
        hands.append(HandEntry(
            number=number,
            game=_game_of(state.rulebook, texts),
            rulebook=state.rulebook,
            options=dict(state.options),
            seats=tuple(state.seats),
            events=tuple(decode(row) for row in by_hand[number]),
            dealer=dealer,
            changes=tuple(changes),
            rulebook_change=rulebook_change,
            option_changes=option_changes,
            shuffled=shuffled,
        ))
    trailing = [(None, SitDown(seat.name, seat.buy_in)) for seat in late.get(len(played), ())]
    closing = tuple(_apply(state, event, sid, seq) for seq, event in trailing + gaps[len(played)])

    night = Night(
        source=f"session {sid}",
        rulebook=game.rulebook,
        game=_game_of(game.rulebook, texts),
        options=dict(game.options),
        seats=opening_seats,
        dealer=first_dealer,
        hands=tuple(hands),
        so_far=so_far,
        rulings=tuple(rulings),
        texts=texts,
        closing=tuple(e for e in closing if not isinstance(e, (MoveSeat, CashOut))),  # type: ignore[misc]
    )
    money_events = tuple((seq, _apply(state, event, sid, seq)) for seq, event in money_rows)
    return SessionLog(game, night, tuple(opened), closing, state, money_events)


def with_last_hand_rows(log: SessionLog, snapshot: LogSnapshot, rows: Sequence[EventRecord]) -> SessionLog | None:
    """``log`` (read from the session's rows up to ``rows``) with ``rows`` (appended since, ``snapshot``
    read with them) added to the events of its last hand, as :func:`read_session_log` would read the
    whole log; None when that is not all they are (a night event, a new hand, an old-format log, a
    session whose status changed): then the whole log is read again."""
    hands = log.night.hands
    game = snapshot.session
    if (not hands or game.log_version == LOG_LEGACY or game.status != log.session.status
            or any(row.hand_number != hands[-1].number for row in rows)):
        return None
    sid = game.id
    assert sid is not None
    last = replace(hands[-1], events=hands[-1].events + tuple(_decode(row, sid) for row in rows))
    return replace(log, session=game, night=replace(log.night, hands=(*hands[:-1], last)))


def hands_with_events(log: SessionLog, rows: Iterable[EventRecord]) -> Iterator[HandEntry]:
    """The hands of ``log`` (read from an outline, :meth:`referee.store.Store.log_outline`: each hand
    with its first event only) with all their events, one at a time, from ``rows``: the log's hand
    events, hand after hand and in ``seq`` order within each (``Store.log_rows(..., by_hand=True)``)."""
    sid = log.session.id
    assert sid is not None
    entries = iter(log.night.hands)
    entry: HandEntry | None = None
    events: list[Event] = []
    for row in rows:
        if entry is None or row.hand_number != entry.number:
            if entry is not None:
                yield replace(entry, events=tuple(events))
            entry, events = next(entries, None), []
            if entry is None or row.hand_number != entry.number:
                raise StoreError(f"the log's events of hand {row.hand_number} are not where its outline has them",
                                 where=f"session {sid}, event {row.seq}",
                                 hint="run `referee db verify`: the log may have been edited")
        events.append(_decode(row, sid))
    if entry is not None:
        yield replace(entry, events=tuple(events))
    if next(entries, None) is not None:
        raise StoreError("the log holds fewer hands than its outline", where=f"session {sid}",
                         hint="run `referee db verify`: the log may have been edited")


def session_log(store: Store, session_id: int) -> SessionLog:
    """Session ``session_id`` read from the database alone."""
    return read_session_log(store.log_snapshot(session_id))


def night_from_session(store: Store, session_id: int) -> Night:
    """The whole night of session ``session_id``, rebuilt from the database alone: opening seats
    and stacks, first dealer, and per hand its rulebook and options in force, seating, seat changes,
    dealer and events.  A pure translation: nothing is replayed."""
    return session_log(store, session_id).night


# ------------------------------------------------------------------ export


def rulebook_notes(night: Night) -> list[str]:
    """Plain words for each house rulebook file ``night`` recorded that now differs on disk, or is
    gone: the night plays under the one it recorded, whatever the disk holds now."""
    notes = []
    for key, gone in changed_on_disk(night.texts):
        name = PurePath(key).name
        if gone:
            notes.append(f"{name} is no longer at {key}: the night plays under the rules it was recorded with")
        else:
            notes.append(f"{name} has changed since this night: the night plays under the rules it was recorded "
                         f"with; `--rulebook {key}` shows what the new one would change")
    return notes


def hand_file_text(log: SessionLog) -> tuple[str, list[str]]:
    """The session as a canonical hand file, and the facts the hand format cannot say (money paid,
    cash-outs), which are written into it as comments where they happened.  The night events after
    the last hand are its ``after the last hand`` lines.

    A seat move cannot be written (it would change the seating a reader gets back): InputError.
    What is written is read back and compared, so a file that would not read as this night (a seat
    name of two words from an old session) is refused rather than written.
    """
    sid = log.session.id
    hint = f"`referee export {sid} --json` keeps the whole log"
    notes: list[str] = []

    def comment(event: NightEvent, where: str) -> str:
        if isinstance(event, MoveSeat):
            raise InputError(f"session {sid} has a seat move ({night_words(event)}, {where}), "
                             "which the hand format cannot hold", hint=hint)
        notes.append(f"{night_words(event)} ({where})")
        return f"# not in the hand format: {night_words(event)}"

    night = log.night
    header = write_rulebook_files(night.texts)  # the rules it plays under travel with it
    header += write_night(replace(night, hands=(), closing=())).rstrip("\n").split("\n")
    header += [comment(e, "at the opening") for e in log.opening if not in_hand_format(e)]
    lines = header
    expected = played_night(log)
    for hand, plain in zip(night.hands, expected.hands):
        notes_here = [comment(e, f"before hand {hand.number}") for e in hand.changes if not in_hand_format(e)]
        written = write_hand(plain)
        lines += ["", written[0], *notes_here, *written[1:]]
    after = [comment(e, "after the last hand") for e in log.closing if not _in_closing(e) or not in_hand_format(e)]
    # the night's void and its undoing: lines after the last hand (wherever the log holds them: they
    # are about the whole night), read back as the same events
    voids = tuple(replace(e, line=None) for _, e in log.money if isinstance(e, (Voided, Unvoided)))
    expected = replace(expected, closing=expected.closing + voids)
    if expected.closing:  # the changes after the last hand: lines of the night, their money as comments
        written = write_closing(expected.closing)
        lines += ["", written[0], *after, *written[1:]]
        after = []
    after += [comment(e, "recorded in the log") for e in night.rulings]
    after += [comment(e, "recorded in the log") for _, e in log.money if not isinstance(e, (Voided, Unvoided))]
    if after:
        lines += ["", *after]
    text = "\n".join(lines) + "\n"

    try:
        same = parse_night(text, source=f"session {sid}") == expected
        problem = "it reads back as a different night"
    except HandFileError as err:
        same, problem = False, err.message
    if not same:
        raise InputError(f"session {sid} cannot be written as a hand file: {problem}", hint=hint)
    return text, notes


def played_night(log: SessionLog) -> Night:
    """The night as played, as the hand format says it: its rules, seats, hands and the changes
    between them, without what is only *about* the night (money paid, seat moves, cash-outs,
    rulings, settlement settings and payments); the changes after the last hand with them."""
    night = log.night
    hands = tuple(replace(hand, changes=tuple(_without_money(e) for e in hand.changes
                                              if not isinstance(e, (MoveSeat, CashOut))))
                  for hand in night.hands)
    closing = tuple(_without_money(e) for e in night.closing if _in_closing(e))
    return replace(night, hands=hands, rulings=(), closing=closing)


def _in_closing(event: NightEvent) -> bool:
    """Whether a night event after the last hand is one of its ``after the last hand`` lines (not a
    seat move or a cash-out, nor a dealer the log does not know)."""
    return not isinstance(event, (MoveSeat, CashOut)) and not (isinstance(event, SetDealer) and event.player is None)


def night_fingerprint(log: SessionLog) -> str:
    """The fingerprint of a night: the sha256 of the night as played (:func:`played_night`) in the
    canonical hand-file text, with each hand's seating.  What it was written in (a hand file with
    comments, a session log as JSON, the live table), its times, its table's name and chip value,
    its counts, rulings and payments are left out, so a stored night, its text export and its JSON
    export have one fingerprint."""
    night = played_night(log)
    return fingerprint("night", {"night": write_night(night), "seating": [list(hand.seats) for hand in night.hands]})


def _without_money(event: NightEvent) -> NightEvent:
    if isinstance(event, (SitDown, AddChips)) and event.paid_cents is not None:
        return replace(event, paid_cents=None)
    return event


def log_document(snapshot: LogSnapshot, chain: ChainReport) -> dict[str, Any]:
    """The session log as JSON: the header, every event as stored (with its hand, its action number
    within the hand and its hashes), and whether the chain holds."""
    from referee.report.json_doc import chain_json, session_json

    actions: dict[int, int] = {}
    events = []
    for row in snapshot.events:
        action = None
        if row.hand_number is not None:
            action = actions[row.hand_number] = actions.get(row.hand_number, 0) + 1
        events.append({
            "seq": row.seq, "hand": row.hand_number, "action": action, "kind": row.kind, "payload": row.payload,
            "text": row.text, "created_at": row.created_at.isoformat(), "prev_hash": row.prev_hash, "hash": row.hash,
        })
    return {"format": LOG_FORMAT, "version": LOG_FORMAT_VERSION, "session": session_json(snapshot.session),
            "events": events, "chain": chain_json(chain)}


__all__ = [
    "CLOSING_EVENTS",
    "MONEY_EVENTS",
    "LogSnapshot",
    "SessionLog",
    "TableState",
    "event_words",
    "hand_file_text",
    "in_hand_format",
    "log_document",
    "night_fingerprint",
    "night_from_session",
    "night_places",
    "night_words",
    "place_words",
    "played_night",
    "read_session_log",
    "rulebook_notes",
    "session_log",
    "table_state",
]
