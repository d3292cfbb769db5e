"""Imports that cannot poison the store: a night is checked whole before anything of it is kept.

``referee import`` takes a hand file or a session log exported as JSON; ``referee import-ledger`` a
PokerNow ledger.  Each is written in one transaction that is committed only when

* the night replays as ``referee replay`` replays it (a card held by two players, a game the engine
  does not replay: refused at its line, nothing stored).  A hand file is replayed as read; a session
  log is recorded, read back from the store inside the transaction and replayed from there, so what
  would be kept is exactly what was checked;
* for a session log, its hash chain holds: the genesis from its header, every event's hash, and the
  chain head and event count the export wrote (an edited bet, a deleted event, events cut off at the
  end are refused naming the first event that does not match) -- unless ``--as-new`` takes a log
  whose chain does not match as a new, *unverified* night, which the session then says for ever
  (``origin``, part of its genesis);
* the night is not in the store already: a session that is not void holding the same night as
  played (:func:`~referee.recording.session_log.night_fingerprint`, however it was written: a hand
  file, the text or JSON export of a stored night) or, for a session log, the session it was exported
  from (edited since or not) refuses the import naming that session, unless ``--again``.  The
  fingerprint is stored with the new session.  A voided session does not count as a copy.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from referee.errors import AlreadyRecorded, InputError, RefereeError
from referee.handfile.replay import replay_night_file
from referee.recording.night_file import check_log_document, record_log_document, record_night
from referee.recording.session_log import SessionLog, night_fingerprint, read_session_log
from referee.store.chain import ExportedLogError, exported_session, verify_exported
from referee.store.tables import ORIGIN_HAND_FILE, ORIGIN_LOG_SIGNED, ORIGIN_LOG_UNVERIFIED, ORIGIN_LOG_VERIFIED

if TYPE_CHECKING:
    from referee.handfile.model import Night
    from referee.store.store import Store
    from referee.store.chain import ChainReport
    from referee.store.models import GameSession
    from referee.store.transaction import Transaction


class DuplicateNightError(InputError):
    """The night imported is already a session of the store (``where``: the file)."""


@dataclass(frozen=True)
class Imported:
    """What an import kept: the new session, its fingerprint and origin, and (for a session log
    taken as it was exported) the chain that was checked."""

    session_id: int
    fingerprint: str
    origin: str
    hands: int
    events: int
    chain: ChainReport | None = None
    #: the sessions that already held this night (taken again with ``--again``)
    copies: tuple[int, ...] = ()


def describe(game: GameSession) -> str:
    """``session 3 (table Kitchen, 2026-03-14)``: a session as a duplicate refusal names it."""
    return f"session {game.id} (table {game.table_name}, {game.started_at:%Y-%m-%d})"


def _refuse_copies(copies: list[GameSession], *, source: str, what: str, edited: bool = False) -> None:
    first = copies[0]
    more = f" (and {len(copies) - 1} more)" if len(copies) > 1 else ""
    if edited:
        raise DuplicateNightError(
            f"this night is {describe(first)}, edited: the same table, start time and rules, other hands: "
            "nothing was imported", where=source,
            hint=f"`referee report {first.id}` shows the stored night; to keep this copy beside it anyway (a "
                 "second copy that counts twice in the standings), add --again")
    raise DuplicateNightError(
        f"this {what} is already in the store as {describe(first)}{more}: nothing was imported",
        where=source,
        hint=f"`referee report {first.id}` shows it; to import it again anyway (a second copy that counts "
             "twice in the standings), add --again")


@contextmanager
def one_import(store: Store, source: str, what: str = "night") -> Iterator[None]:
    """An import that lost the race to a twin importing the same night at once (the twin claimed the
    night first: AlreadyRecorded) is refused as an import of a copy one after the other is: the night
    is already in the store as the twin's session (DuplicateNightError), nothing imported."""
    try:
        yield
    except AlreadyRecorded as twin:
        _refuse_copies([store.session(twin.session_id)], source=source, what=what)


def check_copies(tx: Transaction, session_id: int, fingerprint: str, *, source: str, again: bool,
                 what: str = "night") -> tuple[int, ...]:
    """Record ``fingerprint`` on the new session; unless ``again``, refuse (DuplicateNightError) when
    a session that is not void was stored with the same fingerprint (a ledger imported twice)."""
    copies = [g for g in tx.sessions_with_fingerprint(fingerprint, besides=session_id) if g.void_reason is None]
    if copies and not again:
        _refuse_copies(copies, source=source, what=what)
    tx.set_fingerprint(session_id, fingerprint)
    if not again:
        _claim(tx, session_id, fingerprint)
    return tuple(g.id for g in copies if g.id is not None)


def _claim(tx: Transaction, session_id: int, fingerprint: str) -> None:
    """Two imports of one night at once: each claims the night's unique key (its fingerprint, and how
    many void copies there are, so that a night voided may be imported again), and the second to
    claim it is told the session that holds it (:meth:`~referee.store.store.Transaction.claim`)."""
    voided = sum(1 for g in tx.sessions_with_fingerprint(fingerprint, besides=session_id) if g.void_reason is not None)
    tx.claim(session_id, f"import {fingerprint} after {voided} void")


def check_night_copies(tx: Transaction, log: SessionLog, *, source: str, again: bool,
                       header: dict[str, Any] | None = None) -> tuple[str, tuple[int, ...]]:
    """The night fingerprint of the new session ``log`` (its log as the transaction read it back),
    recorded on it, and the sessions that already held its night; unless ``again``, refuse
    (DuplicateNightError) when there is one.

    A session holds the night when it is not void and its night as played is the same
    (:func:`~referee.recording.session_log.night_fingerprint`, computed from its log: so a night
    recorded at the table, or stored with a fingerprint of an earlier referee, is recognised the
    same), or when it was stored with that fingerprint.  For a session log (``header``: its
    exported header), also the session it was exported from or a copy of that export, whatever was
    edited in the file since."""
    session_id = log.session.id
    assert session_id is not None
    fingerprint = night_fingerprint(log)
    copies = {g.id: g for g in tx.sessions_with_fingerprint(fingerprint, besides=session_id) if g.void_reason is None}
    for game in tx.sessions_that_may_hold(log.session.rulebook, len(log.night.hands), besides=session_id):
        if game.id not in copies and _night_of(tx, game.id) == fingerprint:  # type: ignore[arg-type]
            copies[game.id] = game
    found = [copies[k] for k in sorted(copies)]  # type: ignore[type-var]
    if found and not again:
        _refuse_copies(found, source=source, what="night")
    exported_from = _exported_from(tx, header, session_id) if header is not None else None
    if exported_from is not None and exported_from.id not in copies:
        if not again:  # the night it was exported from: as it is (a ledger's), or edited since
            edited = _night_of(tx, exported_from.id) != fingerprint  # type: ignore[arg-type]
            _refuse_copies([exported_from], source=source, what="night", edited=edited)
        found.append(exported_from)
    tx.set_fingerprint(session_id, fingerprint)
    if not again:
        _claim(tx, session_id, fingerprint)
    return fingerprint, tuple(g.id for g in found if g.id is not None)


def _night_of(tx: Transaction, session_id: int) -> str | None:
    """The night fingerprint of session ``session_id`` as this transaction sees it (None: a stored log
    this referee cannot read holds no night to compare with)."""
    try:
        return night_fingerprint(read_session_log(tx.log_snapshot(session_id)))
    except RefereeError:
        return None


def _exported_from(tx: Transaction, header: dict[str, Any], session_id: int) -> GameSession | None:
    """The session of this store that a session log's header describes, if any: the night it was
    exported from, or another copy of that export (the same table, start time to the microsecond,
    rules and chip value)."""
    try:
        exported = exported_session(header)
    except ExportedLogError:
        return None
    for game in tx.sessions_started(exported.table_name, exported.started_at, besides=session_id):
        if (game.rulebook, dict(game.options), game.chip_value_cents) == \
                (exported.rulebook, dict(exported.options), exported.chip_value_cents):
            return game
    return None


def import_hand_file(store: Store, night: Night, *, table_name: str, chip_value_cents: int,
                     again: bool = False) -> Imported:
    """Record a hand file's night as a new session, if it replays and is not in the store yet."""
    try:  # as `referee replay FILE`: a night it refuses is refused here, at its line
        replay_night_file(night)
    except RefereeError as err:
        err.hint = (err.hint + "; " if err.hint else "") + "nothing was imported"
        raise
    with one_import(store, night.source), store.transaction() as tx:
        sid = record_night(tx, night, table_name=table_name, chip_value_cents=chip_value_cents,
                           origin=ORIGIN_HAND_FILE)
        snapshot = tx.log_snapshot(sid)  # what was stored, read back: fingerprinted and counted
        fingerprint, copies = check_night_copies(tx, read_session_log(snapshot), source=night.source, again=again)
    return Imported(sid, fingerprint, ORIGIN_HAND_FILE, len(snapshot.hands), len(snapshot.events), None, copies)


def verify_document(document: dict[str, Any], source: str) -> ChainReport:
    """The exported chain of a session log, checked; InputError naming the first event that does
    not match (or what keeps the chain from being checked at all)."""
    header, events = check_log_document(document, source)
    exported = document.get("chain")
    head = count = None
    if isinstance(exported, dict):
        head, count = exported.get("head"), exported.get("events")
    hint = ("nothing was imported. The file is not the session as it was exported: export it again from "
            "the original, or take it as a new, unverified night with --as-new")
    if exported is None:
        raise InputError("the session log carries no hash chain (\"chain\"), so it cannot be verified",
                         where=source, hint=hint)
    try:
        report = verify_exported(header, events, head, count)
    except ExportedLogError as err:
        raise InputError(f"its hash chain cannot be checked: {err}", where=source, hint=hint) from None
    if not report.ok:
        raise InputError(f"the hash chain does not match: {report.problem}", where=source, hint=hint)
    return report


def import_log_document(store: Store, document: Any, *, source: str, again: bool = False,
                        as_new: bool = False) -> Imported:
    """Record a session log exported as JSON as a new session: its chain verified (with ``as_new``,
    a chain that does not match takes it as a new, unverified night; one that matches is verified all
    the same), its night replayed from what the transaction wrote, not in the store yet."""
    header, _ = check_log_document(document, source)
    if as_new:
        try:
            report: ChainReport | None = verify_document(document, source)
        except InputError:
            report = None
    else:
        report = verify_document(document, source)
    origin = ORIGIN_LOG_VERIFIED if report is not None else ORIGIN_LOG_UNVERIFIED
    if report is not None:
        origin = _signed_origin(store, document, header, report, source, as_new)
    with one_import(store, source), store.transaction() as tx:
        sid = record_log_document(tx, document, source=source, origin=origin)
        snapshot = tx.log_snapshot(sid)
        try:  # the night as it would be kept, replayed as `referee replay --session` will replay it
            log = read_session_log(snapshot)
            replay_night_file(replace(log.night, source=source))
        except RefereeError as err:
            where = err.where or ""
            where = where if where.startswith(source) else f"{source}: {where}" if where else source
            raise InputError(f"the night does not replay: {err.message}", where=where,
                             hint=(err.hint + "; " if err.hint else "") + "nothing was imported") from None
        fingerprint, copies = check_night_copies(tx, log, source=source, again=again, header=header)
    return Imported(sid, fingerprint, origin, len(snapshot.hands), len(snapshot.events), report, copies)


def _signed_origin(store: Store, document: dict[str, Any], header: dict[str, Any], report: ChainReport, source: str,
                   as_new: bool) -> str:
    """How a session log whose chain verified came: signed by this very store (its origin proven),
    or from elsewhere (a verified chain, an unsigned origin).  A file that names this store as its
    writer but whose signature does not match its chain was changed after export, its hashes
    recomputed: refused (with ``as_new``, taken as a new, unverified night)."""
    signed = store.export_signed(document.get("signature"), exported_session(header), report)
    if signed is None:
        return ORIGIN_LOG_VERIFIED
    if signed:
        return ORIGIN_LOG_SIGNED
    if as_new:
        return ORIGIN_LOG_UNVERIFIED
    raise InputError("the file says this store exported it, but its signature does not match its hash chain: it "
                     "was changed after export (its hashes recomputed to hide the edit)", where=source,
                     hint="nothing was imported. Export it again from the original session, or take it as a new, "
                          "unverified night with --as-new")


__all__ = ["DuplicateNightError", "Imported", "check_copies", "check_night_copies", "import_hand_file", "import_log_document",
           "one_import", "verify_document"]
