"""The live table's night thread, kept in the store so that opening a table does not replay the night.

Every ``referee act``, ``referee table`` and scoreboard refresh opens the table (:class:`LiveTable`),
which needs the night thread after the finished hands: every player's stack, the dealer, what the
game carries.  Threading it means replaying every finished hand.  :func:`threaded` keeps the thread
it reaches in the store (kind ``thread`` of :mod:`referee.store.kept`) with the event it was computed
through (seq and hash), and the next opening starts from it and plays only the hands finished since.

**Never stale.**  A kept thread is used only when the event it was computed through still has the
hash it had (the chain then proves every event up to it unchanged), no event recorded after it
touches a hand it covers (a correction of one of those hands, a ruling on one), and its format and
the code that computed it (:func:`referee.store.kept.deciding_code`) are this referee's; otherwise the night's finished hands are replayed from the start,
and the new thread replaces the kept one.  A kept document that does not decode is replayed too.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

if TYPE_CHECKING:
    from referee.engine.night import NightHand, NightThread
    from referee.handfile.model import Night
    from referee.store.store import Store
    from referee.store.log import LogSnapshot

#: the kept thread's version: raised whenever what it holds, or how it is read, changes
FORMAT: Final = 1


def _untouched(snapshot: LogSnapshot, seq: int, hands: int) -> bool:
    """Whether nothing recorded after event ``seq`` changes hands 1..``hands`` (an event of one of
    them, a correction, or a ruling naming one)."""
    for row in snapshot.events:
        if row.seq <= seq:
            continue
        number = row.hand_number
        if number is None and isinstance(row.payload, dict):
            number = row.payload.get("hand")  # a ruling names the hand it is about
        if isinstance(number, int) and number <= hands:
            return False
    return True


def _kept(store: Store, snapshot: LogSnapshot, finished: int) -> NightThread | None:
    """The kept thread, if it fits the log as it is now and covers at most ``finished`` hands."""
    from referee.engine.night import NightThread

    from referee.store.kept import deciding_code

    found = store.kept_thread(snapshot.session.id)  # type: ignore[arg-type]
    if found is None:
        return None
    kept, hash_now = found
    doc = kept.document
    if (kept.format != FORMAT or kept.referee != deciding_code() or hash_now is None or hash_now != kept.head
            or not isinstance(doc, dict)):
        return None
    try:
        thread = NightThread.from_document(doc)
    except (KeyError, TypeError, ValueError, AttributeError, ImportError):
        return None  # a document that does not decode is replayed and replaced, never trusted
    if thread.hands > finished or not _untouched(snapshot, kept.seq, thread.hands):
        return None
    return thread


def threaded(store: Store, snapshot: LogSnapshot, night: Night, finished: Sequence[NightHand]) -> NightThread:
    """The night thread past the ``finished`` hands of ``night`` (read from ``snapshot``): from the
    kept thread where it fits, playing only the hands finished since, else from the first hand; the
    thread reached is kept for the next opening when it covers more hands than the kept one."""
    from referee.engine.night import NightThread
    from referee.engine.replay import play

    thread = _kept(store, snapshot, len(finished))
    start = thread.hands if thread is not None else 0
    if thread is None:
        thread = NightThread([(s.name, s.stack) for s in night.seats], night.dealer, night.so_far)
    for hand in finished[start:]:
        setup = thread.setup_for(hand)
        thread.after(hand, setup, play(setup, hand.events).outcome())
    if finished and (start < len(finished)) and snapshot.events:
        _keep(store, snapshot, thread)
    return thread


def _keep(store: Store, snapshot: LogSnapshot, thread: NightThread) -> None:
    from referee.store.kept import THREAD, Result, deciding_code

    last: Any = snapshot.events[-1]
    store.keep_results([Result(snapshot.session.id, THREAD, last.seq, last.hash, FORMAT, deciding_code(),  # type: ignore[arg-type]
                               thread.to_document())])


def rethread(store: Store, session_id: int) -> None:
    """Replay the session's finished hands and keep the thread they reach (replacing a kept row that
    did not verify), as the table's next opening would; a night that does not replay keeps none."""
    from referee.errors import RefereeError
    from referee.handfile.replay import night_hands
    from referee.recording.session_log import read_session_log

    snapshot = store.log_snapshot(session_id)
    try:
        night = read_session_log(snapshot).night
        hands = night_hands(night)
        playing = bool(hands) and len(snapshot.hands) == len(hands)
        threaded(store, snapshot, night, hands[:-1] if playing else hands)
    except RefereeError:
        pass  # a night that does not replay is reported by the commands that read it
