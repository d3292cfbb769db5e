"""Between a hand file and the store: record a whole night into a new session, and read it back.

Recording writes everything the file says into the session's log, in one transaction (a night is
recorded whole or not at all): the header's seats as the opening ``SitDown`` events and its dealer
as the first ``SetDealer``; before each hand the night events of its header (``ChangeRulebook``,
``ChangeOption``, sit-downs, departures, chips added, ``SetDealer``); then the hand's events, each
with its line in canonical form as its text; last, the night events after the last hand.  Reading back (:func:`night_from_log`) uses the
database alone (:mod:`referee.recording.session_log`), so a replay of the log can be compared with a replay
of the file.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from referee.engine.events import ChangeOption, ChangeRulebook, Event, NightEvent, Shuffle
from referee.errors import InputError
from referee.handfile.model import HandEntry, Night
from referee.handfile.writer import write_events
from referee.recording.session_log import LOG_FORMAT, LOG_FORMAT_VERSION, night_from_session
from referee.rulebook.loader import is_rulebook_path, resolve_rulebook
from referee.store.bulk import bulk_log
from referee.store.codec import decode_event
from referee.store.store import SeatSpec, Transaction

if TYPE_CHECKING:
    from referee.store.store import Store


def stored_rulebook(ref: str, base_dir: str | None) -> str:
    """The rulebook reference to store: a shipped name as is, a house rulebook file by its absolute
    path (a path relative to the hand file would mean nothing once recorded)."""
    return str(Path(resolve_rulebook(ref, base_dir)).resolve()) if is_rulebook_path(ref) else ref


def header_events(hand: HandEntry, base_dir: str | None = None) -> list[NightEvent]:
    """The night events a hand's header stands for, in the canonical order of the hand format
    (rulebook, options, seat changes; the dealer is recorded by ``start_hand``)."""
    events: list[NightEvent] = []
    if hand.rulebook_change is not None:
        events.append(ChangeRulebook(stored_rulebook(hand.rulebook_change, base_dir)))
    events += [ChangeOption(name, value) for name, value in hand.option_changes.items()]
    events += [replace(change, line=None) for change in hand.changes]
    if hand.shuffled:
        events.append(Shuffle())
    return events


def closing_events(night: Night) -> list[NightEvent]:
    """The night events after the night's last hand (its ``after the last hand`` lines), in order."""
    return [ChangeRulebook(stored_rulebook(e.rulebook, night.base_dir)) if isinstance(e, ChangeRulebook)
            else replace(e, line=None) for e in night.closing]


@contextmanager
def _transaction(store: Store | Transaction) -> Iterator[Transaction]:
    """A new transaction of ``store``, or the caller's own (an import that may still refuse it)."""
    if isinstance(store, Transaction):
        yield store
    else:
        with store.transaction() as tx:
            yield tx


@contextmanager
def _rulebook_texts(tx: Transaction, texts: tuple[tuple[str, str], ...]) -> Iterator[None]:
    """A hand file's own rulebook texts (its ``rulebook file`` blocks) recorded instead of the disk's."""
    before, tx.rulebook_texts = tx.rulebook_texts, texts
    try:
        yield
    finally:
        tx.rulebook_texts = before


def record_night(store: Store | Transaction, night: Night, *, table_name: str, chip_value_cents: int,
                 origin: str | None = None, started_at: datetime | None = None) -> int:
    """Record ``night`` as a new session, all of it in one transaction (``store``'s own, or the one
    given), started at ``started_at`` (default: now); returns the session's id."""
    with _transaction(store) as tx, _rulebook_texts(tx, night.texts):
        game = tx.new_session(
            table_name=table_name,
            rulebook=stored_rulebook(night.rulebook, night.base_dir),
            chip_value_cents=chip_value_cents,
            seats=[SeatSpec(s.name, s.stack) for s in night.seats],
            options=dict(night.options),
            dealer=night.dealer,
            dealer_unknown=night.dealer is None,
            origin=origin,
            started_at=started_at,
        )
        assert game.id is not None
        with bulk_log(tx, game.id) as log:  # thousands of hands: a few statements, not one per event
            if night.so_far is not None:  # the night starts in the middle of a game
                log.night([replace(night.so_far, line=None)])
            for hand in night.hands:
                log.night(header_events(hand, night.base_dir))
                number = log.start_hand(dealer=hand.dealer)
                lines = write_events(hand.events, game=hand.game)
                # the file's line numbers are where the events came from in that file, not facts of the night
                events: list[Event | tuple[Event, str | None]] = [
                    (replace(event, line=None), text) for event, text in zip(hand.events, lines, strict=True)
                ]
                log.hand(number, events)
                log.end_hand(number)
            log.night(closing_events(night))
        return game.id


def night_from_log(store: Store, session_id: int) -> Night:
    """The night of session ``session_id`` as its log holds it (the database alone)."""
    return night_from_session(store, session_id)


def check_log_document(document: object, source: str) -> tuple[dict[str, Any], list[Any]]:
    """The header and events of a session log exported as JSON; InputError naming ``source`` when
    it is not one this referee reads."""
    if not isinstance(document, dict) or document.get("format") != LOG_FORMAT:
        raise InputError("not a referee session log", where=source,
                         hint="give a hand file, or the JSON of `referee export ID --json`")
    if document.get("version") != LOG_FORMAT_VERSION:
        raise InputError(f"session log version {document.get('version')!r} is not {LOG_FORMAT_VERSION}", where=source,
                         hint="export it again with this referee, or upgrade referee")
    header, rows = document.get("session"), document.get("events")
    if not isinstance(header, dict) or not isinstance(rows, list):
        raise InputError("the session log lacks its session or events", where=source)
    if header.get("log_version", 2) < 2:
        raise InputError("this session was recorded before the log held the whole night (log version 1): "
                         "its JSON alone does not say who sat where", where=source,
                         hint="export it as a hand file (`referee export ID`) and import that")
    return header, rows


def _document_time(header: dict[str, Any], key: str, source: str) -> datetime | None:
    value = header.get(key)
    if value is None:
        return None
    try:
        moment = datetime.fromisoformat(str(value))
    except ValueError:
        raise InputError(f"the session's {key} {value!r} is not a time", where=source) from None
    if moment.tzinfo is None:
        raise InputError(f"the session's {key} {value!r} has no time zone", where=source)
    return moment


def record_log_document(store: Store | Transaction, document: object, *, source: str = "<json>",
                        origin: str | None = None) -> int:
    """Record a session log exported as JSON (``referee export ID --json``) as a new session, in
    one transaction (``store``'s own, or the one given): the header, then every event in its order,
    hands begun as their events come.  The night keeps its own start and end times; the times of the
    events and the hashes are this recording's own; what was recorded (kinds, fields, texts, hands,
    order) is the document's exactly.  Returns the new session's id."""
    header, rows = check_log_document(document, source)
    try:
        fields = {"table_name": header["table"], "rulebook": header["rulebook"], "options": header["options"],
                  "chip_value_cents": header["chip_value_cents"], "buy_in_default": header.get("buy_in_default", 0)}
    except KeyError as err:
        raise InputError(f"the session header lacks {err.args[0]!r}", where=source) from None
    ended = _document_time(header, "ended_at", source)
    with _transaction(store) as tx:
        tx.records_rulebooks = False  # the log carries its rulebooks' texts: recorded where they stand in it
        game = tx.new_session(**fields, started_at=_document_time(header, "started_at", source), origin=origin)
        assert game.id is not None
        hands = 0
        with bulk_log(tx, game.id) as log:  # one statement per few thousand events, not one per event
            for n, row in enumerate(rows, 1):
                where = f"{source}: event {row.get('seq', n) if isinstance(row, dict) else n}"
                if not isinstance(row, dict) or not isinstance(row.get("payload"), dict):
                    raise InputError("an event is not a JSON object with a payload", where=where)
                event = decode_event(str(row.get("kind")), row["payload"], where=where)
                hand, text = row.get("hand"), row.get("text")
                if hand is not None and hand == hands + 1:
                    hands = log.start_hand()
                try:
                    if hand is None:
                        log.night([(event, text)])
                    else:
                        log.hand(hand, [(event, text)])
                except InputError as err:
                    raise err.located(where) from None
        tx.records_rulebooks = True
        tx.record_rulebooks(game.id)  # a log exported before it held its rulebooks: their files read now
        if header.get("status") == "closed" and game.status != "closed":  # exported before a close was an event
            tx.close_session(game.id, ended_at=ended)
        return game.id
