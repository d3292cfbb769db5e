"""A session's row and seats checked against its log: what they say that the log does not bear out.

The hash chain (:mod:`referee.store.chain`) proves the events and the fixed header (table, start,
rulebook, options, chip value, log version, origin: the genesis hash).  The rest of the session's row
is derived from the log, and is checked here against it:

- the head kept on the row (``last_seq``, ``last_hash``) is the last event's;
- the void (``void_reason``, ``voided_at``) is what the last ``Voided``/``Unvoided`` event says;
- a ``closed`` night has an end time and nobody left to cash out in its log;
- its seats are exactly the players who sat down in its log, each the person whose name or alias
  the seat name is (an edited ``player_id`` gives a night's money to somebody else).

What it cannot show: a closed night set back to ``open`` (a close after a reopen writes no event),
``buy_in_default`` (a default for arrivals to come, no fact of the night), ``created_at`` and the
import ``fingerprint`` (recomputed from the night by the import's own check).
"""

from __future__ import annotations

from collections.abc import Mapping, Set

from referee.engine.events import SitDown
from referee.errors import RefereeError
from referee.store.codec import decode_event
from referee.store.log import LogSnapshot, seat_key, table_state
from referee.store.tables import LOG_LEGACY, SESSION_CLOSED


def session_problems(snapshot: LogSnapshot, names: Mapping[int, Set[str]]) -> list[str]:
    """What session ``snapshot`` holds in its row or seats that its log does not say, in words (none:
    they agree).  ``names``: each player's name keys (his name and his aliases, :func:`seat_key`)."""
    game = snapshot.session
    events = snapshot.events
    problems: list[str] = []
    last = events[-1] if events else None
    if (game.last_seq, game.last_hash) != ((last.seq, last.hash) if last is not None else (0, None)):
        problems.append(f"its head is kept as event {game.last_seq}, the log ends at event "
                        f"{last.seq if last is not None else 0}")
    voids = [row for row in events if row.kind in ("Voided", "Unvoided")]
    said = voids[-1] if voids else None
    reason, at = (said.payload.get("why"), said.created_at) if said is not None and said.kind == "Voided" else (None, None)
    if game.void_reason != reason or (game.voided_at is not None) != (at is not None) \
            or (at is not None and game.voided_at != at):
        now = f"void ({game.void_reason!r})" if game.void_reason is not None else "not void"
        logged = f"void ({reason!r}, event {said.seq})" if reason is not None else "not void"
        problems.append(f"it is marked {now}, its log says {logged}")
    try:
        table = table_state(game, snapshot.seats, [row for row in events if row.hand_number is None])
    except RefereeError as err:
        return problems + [f"its night events cannot be read: {err.message}"]
    if game.status == SESSION_CLOSED and (table.due or game.ended_at is None):
        problems.append("it is marked closed, but " + (f"{', '.join(table.due)} never cashed out in its log"
                                                       if table.due else "it has no end time"))
    if game.log_version != LOG_LEGACY:
        sat = {seat_key(event.player) for row in events if row.hand_number is None and row.kind == "SitDown"
               for event in [decode_event(row.kind, row.payload)] if isinstance(event, SitDown)}
        seats = {seat_key(seat.name) for seat in snapshot.seats}
        if seats != sat:
            problems.append(f"its seats ({', '.join(sorted(seats)) or 'none'}) are not who sat down in its log "
                            f"({', '.join(sorted(sat)) or 'nobody'})")
    for seat in snapshot.seats:
        if seat_key(seat.name) not in names.get(seat.player_id, set()):
            problems.append(f"seat {seat.name!r} is given to a player who is not called so (player {seat.player_id})")
    return problems


__all__ = ["session_problems"]
