"""A session's row and seats checked against its log: what they say that the log does not bear out.

The hash chain (:mod:`referee.store.chain`) proves the events and the fixed header (table, start,
rulebook, options, chip value, log version, origin: the genesis hash).  The rest of the session's row
is derived from the log, and is checked here against it, or is signed with the store's key:

- the head kept on the row (``last_seq``, ``last_hash``) is the last event's;
- the void (``void_reason``, ``voided_at``) is what the last ``Voided``/``Unvoided`` event says;
- the status is what the last ``Closed``/``Reopened`` event says (every close writes a ``Closed``,
  a close after a reopen too; open when there is none), and ``ended_at`` is the time the last
  ``Closed`` says (none before the first close; kept through a reopen);
- a ``closed`` night has nobody left to cash out in its log;
- its seats are exactly the players who sat down in its log, each the person whose name or alias
  the seat name is (an edited ``player_id`` gives a night's money to somebody else);
- the columns no event holds (``created_at``, ``buy_in_default``: the default for arrivals to come,
  ``fingerprint``: the import's content hash) carry the store's signature (``digest``,
  :func:`row_digest`), made whenever referee writes them.

:func:`chains` checks many sessions' chains at once, reading their events as plain rows.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence, Set
from datetime import UTC, datetime
from itertools import groupby
from typing import TYPE_CHECKING

from referee.engine.events import SitDown
from referee.errors import RefereeError
from referee.i18n import _, pgettext
from referee.store.codec import decode_event
from referee.store.chain import ChainReport, canonical_json, verify_chain
from referee.store.key import sign, signed
from referee.store.log import LogSnapshot, closed_at, seat_key, table_state
from referee.store.tables import LOG_LEGACY, SESSION_CLOSED, SESSION_OPEN
from referee.store.tables import events as _events, sessions as _sessions

if TYPE_CHECKING:
    from sqlalchemy.engine import Connection

    from referee.store.models import EventRecord, GameSession


_ROW_PURPOSE = "session row"


def _row_text(game: GameSession) -> str:
    created = game.created_at.astimezone(UTC).isoformat(timespec="microseconds") if game.created_at else None
    return canonical_json({"session": game.id, "created_at": created, "buy_in_default": game.buy_in_default,
                           "fingerprint": game.fingerprint})


def row_digest(key: bytes, game: GameSession) -> str:
    """The store's keyed hash (``key``) of the columns of session ``game``'s row that no event holds."""
    return sign(key, _ROW_PURPOSE, _row_text(game))


def unsigned_rows(connection: Connection, key: bytes) -> list[int]:
    """The sessions whose row does not carry ``key``'s signature of its columns no event holds."""
    from sqlalchemy import select

    sessions = _sessions
    rows = connection.execute(select(sessions.c.id, sessions.c.created_at, sessions.c.buy_in_default,
                                     sessions.c.fingerprint, sessions.c.digest).order_by(sessions.c.id))
    return [row.id for row in rows if not signed(key, _ROW_PURPOSE, _row_text(row), row.digest)]


def unsigned_words(game: GameSession) -> str:
    """What :func:`unsigned_rows` found of ``game``, in words."""
    return _("its created_at ({created}), buy_in_default ({buy_in}) or fingerprint ({fingerprint}) are not as "
             "referee wrote them (the row does not carry the store's signature of them)").format(
        created=f"{game.created_at:%Y-%m-%d %H:%M:%S}", buy_in=game.buy_in_default,
        fingerprint=(game.fingerprint or _("none"))[:16])


def session_problems(snapshot: LogSnapshot, names: Mapping[int, Set[str]]) -> list[str]:
    """What session ``snapshot`` holds in its row or seats that its log does not say, in words (none:
    they agree).  ``names``: each player's name keys (his name and his aliases, :func:`seat_key`).
    The row's signature is checked apart (:func:`unsigned_rows`)."""
    game = snapshot.session
    events = snapshot.events
    problems: list[str] = []
    last = events[-1] if events else None
    if (game.last_seq, game.last_hash) != ((last.seq, last.hash) if last is not None else (0, None)):
        problems.append(_("its head is kept as event {kept}, the log ends at event {last}").format(
            kept=game.last_seq, last=last.seq if last is not None else 0))
    voids = [row for row in events if row.kind in ("Voided", "Unvoided")]
    last_void = voids[-1] if voids else None
    reason, at = (last_void.payload.get("why"), last_void.created_at) if last_void is not None and last_void.kind == "Voided" else (None, None)
    if game.void_reason != reason or (game.voided_at is not None) != (at is not None) \
            or (at is not None and game.voided_at != at):
        now = _("void ({reason!r})").format(reason=game.void_reason) if game.void_reason is not None else _("not void")
        logged = (_("void ({reason!r}, event {event})").format(reason=reason, event=last_void.seq)  # type: ignore[union-attr]
                  if reason is not None else _("not void"))
        problems.append(_("it is marked {kept}, its log says {logged}").format(kept=now, logged=logged))
    closes = [row for row in events if row.kind in ("Closed", "Reopened")]
    status = SESSION_CLOSED if closes and closes[-1].kind == "Closed" else SESSION_OPEN
    if game.status != status:
        kept, logged = pgettext("night status", game.status), pgettext("night status", status)
        problems.append(_("it is marked {kept}, its log says {logged} (event {event}: {kind})").format(
            kept=kept, logged=logged, event=closes[-1].seq, kind=closes[-1].kind.lower()) if closes else
            _("it is marked {kept}, its log says {logged} (never closed)").format(kept=kept, logged=logged))
    ended = _ended(closes)
    if game.ended_at != ended:
        problems.append(_("its end time is kept as {kept}, its log says {logged}").format(
            kept=_when(game.ended_at), logged=_when(ended)))
    try:
        table = table_state(game, snapshot.seats, [row for row in events if row.hand_number is None])
    except RefereeError as err:
        return problems + [_("its night events cannot be read: {message}").format(message=err.message)]
    if game.status == SESSION_CLOSED and table.due:
        problems.append(_("it is marked closed, but {names} never cashed out in its log").format(names=", ".join(table.due)))
    if game.log_version != LOG_LEGACY:
        sat = {seat_key(event.player) for row in events if row.hand_number is None and row.kind == "SitDown"
               for event in [decode_event(row.kind, row.payload)] if isinstance(event, SitDown)}
        seats = {seat_key(seat.name) for seat in snapshot.seats}
        if seats != sat:
            problems.append(_("its seats ({seats}) are not who sat down in its log ({sat})").format(
                seats=", ".join(sorted(seats)) or _("none"), sat=", ".join(sorted(sat)) or _("nobody")))
    for seat in snapshot.seats:
        if seat_key(seat.name) not in names.get(seat.player_id, set()):
            problems.append(_("seat {name!r} is given to a player who is not called so (player {player})").format(
                name=seat.name, player=seat.player_id))
    return problems


def _ended(closes: Sequence[EventRecord]) -> datetime | None:
    """The time the last ``Closed`` of ``closes`` says (None: never closed, or it says no time)."""
    last = next((row for row in reversed(closes) if row.kind == "Closed"), None)
    if last is None:
        return None
    try:
        return closed_at(decode_event(last.kind, last.payload))  # type: ignore[arg-type]
    except RefereeError:
        return None


def _when(moment: datetime | None) -> str:
    return moment.astimezone(UTC).isoformat(timespec="microseconds") if moment is not None else _("none")


def chains(connection: Connection, session_ids: Iterable[int], chunk: int = 5000) -> dict[int, ChainReport]:
    """Each existing session of ``session_ids`` with its hash chain checked (every event's hash
    recomputed from its columns): its headers in one query, its events in another, read as plain
    rows ``chunk`` at a time, session after session, none kept once checked."""
    from sqlalchemy import select

    ids: Sequence[int] = sorted(set(session_ids))
    if not ids:
        return {}
    sessions, events = _sessions, _events
    headers = {row.id: row for row in connection.execute(select(sessions).where(sessions.c.id.in_(ids)))}
    reports = {sid: verify_chain(game, ()) for sid, game in headers.items()}  # an empty log
    rows = connection.execution_options(yield_per=chunk).execute(
        select(events).where(events.c.session_id.in_(list(headers))).order_by(events.c.session_id, events.c.seq))
    for sid, logged in groupby(rows, key=lambda row: row.session_id):
        reports[sid] = verify_chain(headers[sid], logged)
    return reports


__all__ = ["chains", "row_digest", "session_problems", "unsigned_rows", "unsigned_words"]
