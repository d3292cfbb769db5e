"""How a running scoreboard reads its night: only what was appended, and only the hands it changes.

A scoreboard looks at its session's log every poll.  :class:`NightFeed` keeps the rows it has read
and, when the log moved, reads the rows appended since (one query), checks that they continue the
chain from the last row it read, and makes the page's data again from the night as it now stands:
every hand whose replay the new rows leave as it was (its entry, the rulings on it and the night's
opening unchanged, and every hand before it too) keeps its replay and its public cards, and the
night is replayed on from the thread kept before the first hand that changed.  An action appended
to the hand being played costs that hand, not the night.  Rows that do not continue the chain (a
database restored under a running server) are read whole again.

The page's data is the same as :func:`referee.scoreboard.view.session_view` makes by reading and
replaying the whole night, and the test suite checks it after every event of long nights.
"""

from __future__ import annotations

import copy
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from referee.engine.public import public_cards
from referee.engine.replay import play, start_hand
from referee.handfile.replay import NightStream, ReplayedHand, ReplayedNight
from referee.ledger.ledger import build_ledger, people_of
from referee.recording.session_log import read_session_log, with_last_hand_rows
from referee.rulebook.loader import load_rules
from referee.scoreboard.view import night_view
from referee.store.log import LogSnapshot

if TYPE_CHECKING:
    from referee.cards import Card
    from referee.engine.night import NightThread
    from referee.handfile.model import Night
    from referee.recording.session_log import SessionLog
    from referee.store.store import Store


class NightFeed:
    """The page's data of one session, kept up to date from the rows appended to its log."""

    def __init__(self, store: Store, session_id: int) -> None:
        self.store = store
        self.session_id = session_id
        self.rows: list[Any] = []  # every event row read so far, in seq order
        self._decoded: dict[int, Any] = {}  # their events, by seq
        self._log: SessionLog | None = None  # the session read from them
        self.head: tuple[object, ...] | None = None
        # the replay kept: the night's opening, each hand's key, replay, public cards and the thread before it
        self._opening: tuple[object, ...] | None = None
        self._keys: list[tuple[object, ...]] = []
        self._hands: list[ReplayedHand] = []
        self._public: list[frozenset[Card]] = []
        self._before: list[NightThread] = []
        self._after: NightThread | None = None
        self._result: Any = None
        self._seats: tuple[tuple[str, object], ...] | None = None
        self._people_now: dict[str, str] = {}

    def read(self) -> tuple[tuple[object, ...], dict[str, Any] | None]:
        """The log's head now and, when it moved since the last read, the page's data (else None)."""
        last = self.rows[-1] if self.rows else None
        fresh = self.store.log_since(self.session_id, last.seq if last is not None else 0)
        new = list(fresh.events)
        if new and last is not None and new[0].prev_hash != last.hash:
            self.rows, self._decoded, self._log = [], {}, None  # not the log read before: read it whole
            fresh = self.store.log_since(self.session_id, 0)
            new = list(fresh.events)
        session = fresh.session
        rows = self.rows + new
        # a hand begun ('new hand') holds no event yet: the count of hands moves the head too
        head = (rows[-1].seq if rows else 0, len(fresh.hands), session.status, session.ended_at)
        if head == self.head:
            return head, None
        snapshot = LogSnapshot(session, fresh.seats, fresh.hands, rows)
        log = None
        if self._log is not None and self.rows and new:  # rows of the hand being played: added to it
            log = with_last_hand_rows(self._log, snapshot, new)
        if log is None:
            log = read_session_log(snapshot, self._decoded)
        view = self._view(snapshot, log)
        self.rows, self.head, self._log = rows, head, log  # only once the view is made: a failed read is read again
        return head, view

    def _view(self, snapshot: LogSnapshot, log: SessionLog) -> dict[str, Any]:
        replayed = self._replay(log.night)
        ledger = build_ledger(log, replayed, self._people(snapshot))
        recording = snapshot.session.status == "open"
        last: tuple[Any, ...] | None = None
        if recording and len(snapshot.hands) > len(replayed):  # begun, nothing logged yet
            table = log.table
            from referee.engine.night import NightHand

            hand = NightHand.from_header(load_rules(table.rulebook, table.options), table.seats, len(snapshot.hands),
                                         log.closing, ())
            assert self._after is not None
            setup = self._after.setup_for(hand)
            state = start_hand(setup)
            last = (setup, tuple(state.log), hand.number, tuple(state.findings))
        elif recording and len(replayed):  # the hand being played, as the live table plays it
            hand = replayed[-1]
            state = play(hand.replay.setup, hand.replay.events)
            last = (hand.replay.setup, tuple(state.log), hand.entry.number, tuple(state.findings))
        elif len(replayed):
            hand = replayed[-1]
            last = (hand.replay.setup, hand.entry.events, hand.entry.number, hand.replay.findings)
        public = {h.entry.number: cards for h, cards in zip(self._hands, self._public, strict=True)}
        head = snapshot.events[-1].seq if snapshot.events else 0
        return night_view(self.session_id, head, ledger, log, replayed, last, public)

    def _people(self, snapshot: LogSnapshot) -> dict[str, str]:
        """Each seat name and the person it is (read again only when the seats change)."""
        seats = tuple((seat.name, seat.player_id) for seat in snapshot.seats)
        if seats != self._seats:
            self._seats, self._people_now = seats, people_of(self.store, self.session_id)
        return self._people_now

    def _replay(self, night: Night) -> ReplayedNight:
        """``night`` replayed, from the first hand that differs from the replay kept."""
        opening = (tuple(night.seats), night.dealer, night.so_far, night.base_dir)
        keys = [(entry, tuple(r for r in night.rulings if r.hand == entry.number)) for entry in night.hands]
        same = 0
        if opening == self._opening:
            while same < min(len(keys), len(self._keys)) and keys[same] == self._keys[same]:
                same += 1
        if not (same == len(keys) == len(self._keys) and self._after is not None):
            if same == len(keys):  # no new hand to replay from (fewer hands than kept): from the first
                same = 0
            start = None if not same else self._before[same] if same < len(self._before) else self._after
            stream = NightStream(night, thread=copy.copy(start))
            hands, public, before = self._hands[:same], self._public[:same], self._before[:same]
            for entry in night.hands[same:]:
                before.append(copy.copy(stream.thread))
                hand = next(iter(stream.hands([entry])))
                hands.append(hand)
                public.append((public_cards(hand.replay.setup, entry.events) or [frozenset()])[-1])
            self._opening, self._keys, self._hands, self._public, self._before = opening, keys, hands, public, before
            self._after, self._result = copy.copy(stream.thread), stream.result
        hands = tuple(ReplayedHand(entry, h.replay) for entry, h in zip(night.hands, self._hands, strict=True))
        return ReplayedNight(night, replace(self._result, hands=tuple(h.replay for h in hands)), hands)


__all__ = ["NightFeed"]
