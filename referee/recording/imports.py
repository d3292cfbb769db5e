"""Imports that cannot poison the store: a night is checked whole before anything of it is kept.

``referee import`` takes a hand file or a session log exported as JSON; ``referee import-ledger`` a
PokerNow ledger.  Each is written in one transaction that is committed only when

* the night replays as ``referee replay`` replays it (a card held by two players, a game the engine
  does not replay: refused at its line, nothing stored).  A hand file is replayed as read; a session
  log is recorded, read back from the store inside the transaction and replayed from there, so what
  would be kept is exactly what was checked;
* for a session log, its hash chain holds: the genesis from its header, every event's hash, and the
  chain head and event count the export wrote (an edited bet, a deleted event, events cut off at the
  end are refused naming the first event that does not match) -- unless ``--as-new`` takes it as a
  new, *unverified* night, which the session then says for ever (``origin``, part of its genesis);
* the night is not in the store already: its fingerprint (:mod:`referee.store.fingerprint`) is
  stored with the session, and a second import of the same night is refused naming the session it
  duplicates, unless ``--again``.  A voided session does not count as a copy (it counts nowhere).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from referee.errors import InputError, RefereeError
from referee.handfile.replay import replay_night_file
from referee.recording.night_file import check_log_document, record_log_document, record_night
from referee.recording.session_log import read_session_log
from referee.store.chain import ExportedLogError, verify_exported
from referee.store.fingerprint import night_fingerprint
from referee.store.models import ORIGIN_HAND_FILE, ORIGIN_LOG_UNVERIFIED, ORIGIN_LOG_VERIFIED

if TYPE_CHECKING:
    from referee.handfile.model import Night
    from referee.store.store import Store
    from referee.store.chain import ChainReport
    from referee.store.models import GameSession
    from referee.store.store import Transaction


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


def check_copies(tx: Transaction, session_id: int, fingerprint: str, *, source: str, again: bool,
                 also: GameSession | None = None, what: str = "night") -> tuple[int, ...]:
    """Record ``fingerprint`` on the new session; unless ``again``, refuse (DuplicateNightError) when
    a session that is not void holds the same night.  ``also``: a session that may hold it without
    a stored fingerprint (a night recorded at this table, exported and imported back)."""
    copies = [g for g in tx.sessions_with_fingerprint(fingerprint, besides=session_id) if not g.voided]
    if also is not None and also.id != session_id and not also.voided and also.fingerprint is None \
            and also not in copies and tx.fingerprint_night(also.id) == fingerprint:  # type: ignore[arg-type]
        copies.insert(0, also)
    if copies and not again:
        first = copies[0]
        more = f" (and {len(copies) - 1} more)" if len(copies) > 1 else ""
        raise DuplicateNightError(
            f"this {what} is already in the store as {describe(first)}{more}: nothing was imported",
            where=source,
            hint=f"`referee report {first.id}` shows it; to import it again anyway (a second copy that counts "
                 "twice in the standings), add --again")
    tx.set_fingerprint(session_id, fingerprint)
    if not again:  # two imports of one night at once: the unique key of the night keeps one
        voided = sum(1 for g in tx.sessions_with_fingerprint(fingerprint, besides=session_id) if g.voided)
        tx.claim(session_id, f"import {fingerprint} after {voided} void")
    return tuple(g.id for g in copies if g.id is not None)


def import_hand_file(store: Store, night: Night, *, table_name: str, chip_value_cents: int,
                     again: bool = False) -> Imported:
    """Record a hand file's night as a new session, if it replays and is not in the store yet."""
    try:  # as `referee replay FILE`: a night it refuses is refused here, at its line
        replay_night_file(night)
    except RefereeError as err:
        err.hint = (err.hint + "; " if err.hint else "") + "nothing was imported"
        raise
    with store.transaction() as tx:
        sid = record_night(tx, night, table_name=table_name, chip_value_cents=chip_value_cents,
                           origin=ORIGIN_HAND_FILE)
        fingerprint, hands, events = tx.read_back(sid)  # what was stored, read back: fingerprinted and counted
        copies = check_copies(tx, sid, fingerprint, source=night.source, again=again)
    return Imported(sid, fingerprint, ORIGIN_HAND_FILE, hands, events, None, copies)


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
    """Record a session log exported as JSON as a new session: its chain verified (unless
    ``as_new``), its night replayed from what the transaction wrote, not in the store yet."""
    header, _ = check_log_document(document, source)
    report = None if as_new else verify_document(document, source)
    origin = ORIGIN_LOG_UNVERIFIED if as_new else ORIGIN_LOG_VERIFIED
    with store.transaction() as tx:
        sid = record_log_document(tx, document, source=source, origin=origin)
        snapshot = tx.log_snapshot(sid)
        try:  # the night as it would be kept, replayed as `referee replay --session` will replay it
            night = read_session_log(snapshot).night
            replay_night_file(replace(night, source=source))
        except RefereeError as err:
            where = err.where or ""
            where = where if where.startswith(source) else f"{source}: {where}" if where else source
            raise InputError(f"the night does not replay: {err.message}", where=where,
                             hint=(err.hint + "; " if err.hint else "") + "nothing was imported") from None
        fingerprint = night_fingerprint(snapshot.session, snapshot.events)
        exported_id = header.get("id")  # the session it was exported from may be in this very store
        original = tx.find_session(exported_id) if isinstance(exported_id, int) else None
        copies = check_copies(tx, sid, fingerprint, source=source, again=again, also=original)
    return Imported(sid, fingerprint, origin, len(snapshot.hands), len(snapshot.events), report, copies)


__all__ = ["DuplicateNightError", "Imported", "check_copies", "import_hand_file", "import_log_document",
           "verify_document"]
