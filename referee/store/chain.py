"""The hash chain over a session's events: proof that the log was not edited afterwards.

The chain starts from the session's *genesis* hash, a sha256 over the session's fixed header (id,
table, start time, rulebook, options, chip value, and for sessions whose log holds the whole night
the log version), so changing the rules of a recorded night also breaks it.  Each event's ``hash`` is ``sha256(prev_hash + canonical record)``, where the canonical
record is compact, key-sorted JSON of everything the row says (session, seq, hand, kind, payload,
text, created_at) and ``prev_hash`` is the previous event's hash (the genesis hash for seq 1).
:func:`verify_chain` recomputes it all and reports the first row that does not fit.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, NamedTuple

from referee.errors import StoreError
from referee.handfile.words import event_words
from referee.i18n import _
from referee.store.codec import decode_event
from referee.store.tables import LOG_LEGACY, LOG_WHOLE

if TYPE_CHECKING:
    from referee.store.models import EventRecord, GameSession


#: compact JSON with sorted keys, made once (``json.dumps`` with options builds an encoder at every call)
_CANONICAL = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def canonical_json(value: Any) -> str:
    """Compact JSON with sorted keys: one text for one value, whatever the backend returned."""
    return _CANONICAL.encode(value)


def _time_text(moment: datetime) -> str:
    return moment.astimezone(UTC).isoformat(timespec="microseconds")


def _sha256(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def genesis_hash(session: GameSession) -> str:
    """The chain's starting point for ``session``: a hash over its fixed header."""
    header = {
        "session": session.id,
        "table": session.table_name,
        "started_at": _time_text(session.started_at),
        "rulebook": session.rulebook,
        "options": session.options,
        "chip_value_cents": session.chip_value_cents,
    }
    if session.log_version != LOG_LEGACY:  # legacy sessions keep the genesis they were recorded with
        header["log_version"] = session.log_version
    if getattr(session, "origin", None) is not None:  # an import says how it came: that is fixed too
        header["origin"] = session.origin
    return _sha256("referee-session:" + canonical_json(header))


def event_hash(
    prev_hash: str,
    *,
    session_id: int,
    seq: int,
    hand_number: int | None,
    kind: str,
    payload: dict[str, Any] | None = None,
    text: str | None,
    created_at: datetime,
    payload_json: str | None = None,
) -> str:
    """``sha256(prev_hash + canonical record)`` for one event row.  The payload's canonical JSON
    (``payload_json``, :func:`canonical_json` of ``payload``) is given when the caller has it
    already: an append encodes a payload once, for the hash and the row alike."""
    if payload_json is None:
        payload_json = canonical_json(payload)
    # canonical_json of the whole record, its keys in sorted order, the payload's text put in as is
    record = (f'{{"created_at":{canonical_json(_time_text(created_at))},"hand":{_whole(hand_number)},'
              f'"kind":{canonical_json(kind)},"payload":{payload_json},"seq":{_whole(seq)},'
              f'"session":{_whole(session_id)},"text":{canonical_json(text)}}}')
    return _sha256(prev_hash + record)


def _whole(number: int | None) -> str:
    """:func:`canonical_json` of a whole number or None, written directly (the encoder's general path
    costs more than the hash of the row)."""
    if number is None:
        return "null"
    if type(number) is not int:  # a bool, or a number of another type: as the encoder writes it
        return canonical_json(number)
    return str(number)


def row_hash(row: EventRecord) -> str:
    """The hash ``row`` should carry given its own ``prev_hash``."""
    return event_hash(
        row.prev_hash,
        session_id=row.session_id,
        seq=row.seq,
        hand_number=row.hand_number,
        kind=row.kind,
        payload=row.payload,
        text=row.text,
        created_at=row.created_at,
    )


@dataclass(frozen=True)
class ChainReport:
    """The outcome of checking one session's chain.  ``problem`` is None when the chain holds; else
    it names the first event that does not fit: ``bad_seq``, its ``hand`` (None between hands), its
    ``action`` within that hand and what it says."""

    session_id: int
    events: int
    head: str
    problem: str | None = None
    bad_seq: int | None = None
    hand: int | None = None
    action: int | None = None
    says: str | None = None

    @property
    def ok(self) -> bool:
        return self.problem is None


def _event_says(row: EventRecord) -> str:
    try:
        return event_words(decode_event(row.kind, row.payload))
    except Exception:  # noqa: BLE001 - a damaged row is still shown, as stored
        return f"{row.kind} {canonical_json(row.payload)}"


def what_it_says(row: EventRecord) -> str:
    """The row in the scorekeeper's words: its text, else its event written out (else raw JSON)."""
    return row.text or _event_says(row)


def _reported(row: EventRecord) -> str:
    """What a suspect row says, quoted: its text, and its event too when that reads otherwise."""
    says = repr(what_it_says(row))
    event = _event_says(row)
    return says if not row.text or event == row.text else f"{says}, stored as {event!r}"


def verify_chain(session: GameSession, rows: Iterable[EventRecord]) -> ChainReport:
    """Check ``rows`` (the session's events, in ``seq`` order) against ``session``'s chain.

    Finds a missing or repeated sequence number, a row whose ``prev_hash`` is not its predecessor's
    hash (a row removed or reordered), and a row whose content no longer matches its ``hash`` (edited).
    """
    assert session.id is not None
    expected_prev = genesis_hash(session)
    count = 0
    actions: dict[int, int] = {}
    for expected_seq, row in enumerate(rows, 1):
        count = expected_seq
        action = None
        if row.hand_number is not None:
            action = actions[row.hand_number] = actions.get(row.hand_number, 0) + 1
        problem = None
        if row.seq != expected_seq:
            problem = f"expected sequence number {expected_seq} (an event is missing)"
        elif row.prev_hash != expected_prev:
            problem = ("the session header was changed after recording" if expected_seq == 1
                       else "it does not follow the previous event (one was removed, replaced or reordered)")
        elif row_hash(row) != row.hash:
            problem = "its content does not match its hash (the row was edited)"
        if problem is not None:
            place = "between hands" if row.hand_number is None else f"hand {row.hand_number}, action {action}"
            return ChainReport(session.id, count, expected_prev, f"event {row.seq} ({place}: {_reported(row)}): {problem}",
                               row.seq, row.hand_number, action, what_it_says(row))
        expected_prev = row.hash
    return ChainReport(session.id, count, expected_prev)


class ChainCheck:
    """A log's hash chain checked as its rows are read, in any order and each once (a report reads
    the night events, then the hands' events hand by hand): each row's content against its own hash
    as it is seen, the links from the genesis to the last event once all are.  What
    :func:`verify_chain` says of the same rows is whether :meth:`ok` holds; it says where a chain
    breaks, this only whether it does, without a second read of the log."""

    def __init__(self, session: GameSession) -> None:
        self._genesis = genesis_hash(session)
        self._links: dict[int, tuple[str, str]] = {}
        self._intact = True

    def see(self, row: EventRecord) -> None:
        """Check one row read (a row seen before, read twice, is checked once)."""
        if row.seq in self._links:
            return
        if row_hash(row) != row.hash:
            self._intact = False
        self._links[row.seq] = (row.prev_hash, row.hash)

    def seen(self, rows: Iterable[EventRecord]) -> Iterator[EventRecord]:
        """``rows``, each checked as it is handed on."""
        for row in rows:
            self.see(row)
            yield row

    def ok(self, last_seq: int) -> bool:
        """Whether the rows seen are the events 1..``last_seq`` of an unbroken chain."""
        if not self._intact or len(self._links) != last_seq:
            return False
        prev = self._genesis
        for seq in range(1, last_seq + 1):
            link = self._links.get(seq)
            if link is None or link[0] != prev:
                return False
            prev = link[1]
        return True


class BrokenChainError(StoreError):
    """A night whose log's hash chain does not verify: its figures are not believed, nor counted."""


def broken_chain(report: ChainReport, where: str) -> BrokenChainError:
    """The refusal of a night whose chain ``report`` shows broken, naming it (``where``) and the command
    that explains."""
    return BrokenChainError(_("its log was changed after recording (at {problem})").format(problem=report.problem),
                            where=where,
                            hint=_("`referee db verify --session {session}` says what no longer fits; restore the "
                                   "store from a backup, or void the night").format(session=report.session_id))


def stored_since(rows: Sequence[EventRecord], actions_before: Mapping[int, int]) -> list[str]:
    """What each of ``rows`` says, with its action number in its hand (``actions_before``: how many
    events each hand held before the first of them): for telling a recorder what he missed."""
    counts = dict(actions_before)
    out = []
    for row in rows:
        says = what_it_says(row)
        if row.hand_number is None:
            out.append(says)
        else:
            counts[row.hand_number] = counts.get(row.hand_number, 0) + 1
            out.append(_("{says} (action {action})").format(says=says, action=counts[row.hand_number]))
    return out
@dataclass(frozen=True)
class _ExportedRow:
    """An event of an exported session log, with the columns a stored row has."""

    session_id: int
    seq: int
    hand_number: int | None
    kind: str
    payload: dict[str, Any]
    text: str | None
    created_at: datetime
    prev_hash: str
    hash: str


class ExportedLogError(ValueError):
    """An exported session log whose chain cannot even be checked (a field missing or of the wrong
    kind); the message names the event."""


def _exported_time(value: object, where: str) -> datetime:
    try:
        moment = datetime.fromisoformat(str(value))
    except ValueError:
        raise ExportedLogError(f"{where}: created_at {value!r} is not a time") from None
    if moment.tzinfo is None:
        raise ExportedLogError(f"{where}: created_at {value!r} has no time zone")
    return moment


class SessionHeader(NamedTuple):
    """What a session's genesis hash is made of (:func:`genesis_hash`), as an export's header gives it."""

    id: int
    table_name: str
    started_at: datetime
    rulebook: str
    options: dict[str, Any]
    chip_value_cents: int
    log_version: int
    origin: str | None


def exported_session(header: dict[str, Any]) -> SessionHeader:
    """The session an exported session log's header describes (what its genesis hash is made of);
    ExportedLogError when a field is missing."""
    try:
        session = SessionHeader(id=header["id"], table_name=header["table"],
                                started_at=_exported_time(header["started_at"], "the session header"),
                                rulebook=header["rulebook"], options=header["options"],
                                chip_value_cents=header["chip_value_cents"],
                                log_version=header.get("log_version", LOG_WHOLE), origin=header.get("origin"))
    except KeyError as err:
        raise ExportedLogError(f"the session header lacks {err.args[0]!r}") from None
    if not isinstance(session.id, int):
        raise ExportedLogError(f"the session header's id {session.id!r} is not a number")
    return session


def verify_exported(header: dict[str, Any], events: list[Any], head: object = None,
                    count: object = None) -> ChainReport:
    """Check the hash chain of a session log exported as JSON (``referee export ID --json``): the
    genesis from its header, each event's hash from its fields, and the chain's ``head`` and number of
    ``count`` events as the export recorded them (so that events cut off at the end are noticed).
    The report names the first event that does not match, as :func:`verify_chain` does."""
    session = exported_session(header)
    assert session.id is not None
    rows = []
    for n, event in enumerate(events, 1):
        where = f"event {event.get('seq', n) if isinstance(event, dict) else n}"
        if not isinstance(event, dict):
            raise ExportedLogError(f"{where} is not a JSON object")
        try:
            rows.append(_ExportedRow(session.id, event["seq"], event["hand"], event["kind"], event["payload"],
                                     event["text"], _exported_time(event["created_at"], where),
                                     event["prev_hash"], event["hash"]))
        except KeyError as err:
            raise ExportedLogError(f"{where} lacks its {err.args[0]!r} (was it exported with --json?)") from None
    report = verify_chain(session, rows)
    if not report.ok:
        return report
    if count is not None and count != report.events:
        missing = f"{count - report.events} event{'s' if count - report.events != 1 else ''}" \
            if isinstance(count, int) and count > report.events else "events"
        return replace(report, problem=f"the export recorded {count} events and the file holds {report.events}: "
                                       f"{missing} after event {report.events} were removed", bad_seq=report.events + 1)
    if head is not None and head != report.head:
        return replace(report, problem=f"the chain ends at {report.head[:16]}, not at the head the export "
                                       f"recorded ({str(head)[:16]}): events at the end were removed or replaced",
                       bad_seq=report.events + 1)
    return report
