"""Counting out and correcting a night: what the log says each player should have, the counts that
differ, a hand the close ends by rule, the night's amendments, and the money as it stood when the
night was closed before a correction.

Everything is read from the log and its replay (:mod:`referee.ledger.ledger`); the facts recorded here
are night events (:data:`referee.recording.session_log.CLOSING_EVENTS`): ``CountConfirmed`` (a count that
differs from the log, confirmed by someone), ``HandEnded`` (a hand in play at the close, its pot
returned or split by the rule the rulebook names), ``Reopened`` and ``Amendment`` (a correction and
its reason) and ``CountFixed`` (a count corrected).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import TYPE_CHECKING

from referee.engine.events import Amendment, CountConfirmed, HandEnded, Reopened
from referee.errors import InputError
from referee.store.codec import decode_event
from referee.store.tables import replaced, sessions

if TYPE_CHECKING:
    from referee.handfile.replay import ReplayedHand, ReplayedNight
    from referee.ledger.ledger import SessionLedger
    from referee.recording.session_log import LogSnapshot, SessionLog

#: the rule a hand in play at the close is ended by, per way of ending it (every shipped rulebook has them)
END_HAND_RULES: Mapping[str, str] = {"return": "house.90.1", "split": "house.90.2"}


@dataclass(frozen=True)
class Count:
    """One player at the close: the chips the log gives him and the chips counted in front of him."""

    name: str
    log_says: int
    counted: int
    confirmed_by: str | None = None  # a difference confirmed earlier (a CountConfirmed of the log)

    @property
    def difference(self) -> int:
        return self.counted - self.log_says

    def words(self) -> str:
        """``Dee: counted 110, the log says 114``."""
        from referee.i18n import _

        if not self.difference:
            return _("{player}: counted {counted}, as the log says").format(player=self.name, counted=self.counted)
        return _("{player}: counted {counted}, the log says {log}").format(player=self.name, counted=self.counted,
                                                                          log=self.log_says)


def confirmations(log: SessionLog) -> dict[str, CountConfirmed]:
    """Each player's last confirmed count of the night."""
    return {e.player: e for _, e in log.money if isinstance(e, CountConfirmed)}


def counts_at_close(ledger: SessionLedger, log: SessionLog, counted: Mapping[str, int],
                    extra: Mapping[str, int] | None = None) -> list[Count]:
    """Every player of the night with what the log gives him (``extra``: chips a hand ended at the
    close gives back) and his count: ``counted`` for those counted now, his cash-out (or corrected
    count) for those counted before."""
    confirmed = confirmations(log)
    out = []
    for line in ledger.players:
        if line.name not in log.table.known.values():
            continue  # a banker from outside the night
        says = line.log_chips + (extra or {}).get(line.name, 0)
        count = counted.get(line.name, line.cashed)
        if count is None:
            continue
        earlier = confirmed.get(line.name)
        by = earlier.by if earlier is not None and (earlier.counted, earlier.log_says) == (count, says) else None
        out.append(Count(line.name, says, count, by))
    return out


# ---------------------------------------------------------------- a hand in play at the close


def hand_in_play(replayed: ReplayedNight) -> ReplayedHand | None:
    """The night's last hand when it is not over, as the table sees it: the log stops in the middle of
    it, or a pot of it waits for cards to be shown (a Jackpots opener left alone who has not shown his
    openers: the pot is held, nobody's yet)."""
    if len(replayed) and not replayed.hands[-1].replay.outcome.decided:
        return replayed.hands[-1]
    return None


def chips_held(hand: ReplayedHand) -> int:
    """The chips a hand in play holds: those in the middle and those in pots waiting for cards."""
    outcome = hand.replay.outcome
    return outcome.in_middle + outcome.undecided


def end_hand_shares(hand: ReplayedHand, how: str) -> dict[str, int]:
    """The chips in the middle of a hand in play, given back by rule (house.90): ``return``, every
    player takes back what he put in this hand and chips carried in from an earlier deal are shared
    as in a split; ``split``, the players still in the hand share the whole pot equally.  An odd chip
    goes to the first of them clockwise from the dealer's left."""
    from referee.engine.replay import play  # who is still in: the table after the hand's last event

    outcome = hand.replay.outcome
    middle = chips_held(hand)
    setup = hand.replay.setup
    names = list(setup.names)
    start = names.index(setup.dealer) + 1 if setup.dealer in names else 0
    clockwise = names[start:] + names[:start]
    events = hand.replay.events
    still_in = set(play(setup, events).snapshot().in_hand) if events else set(names)
    sharers = [n for n in clockwise if n in still_in] or clockwise
    shares: dict[str, int] = {}
    rest = middle
    if how == "return":
        put_in = {n: -d for n, d in outcome.net.items() if d < 0}
        if sum(put_in.values()) <= middle:
            shares = put_in
            rest = middle - sum(put_in.values())
    each, odd = divmod(rest, len(sharers))
    for index, name in enumerate(sharers):
        chips = each + (1 if index < odd else 0)
        if chips:
            shares[name] = shares.get(name, 0) + chips
    return {n: c for n, c in shares.items() if c}


def ended_hand(log: SessionLog, replayed: ReplayedNight) -> tuple[HandEnded | None, dict[str, int]]:
    """The ``HandEnded`` of the log that ends the hand still in play, and what it gives back."""
    return ended_hand_after(log, replayed.hands[-1] if len(replayed) else None)


def ended_hand_after(log: SessionLog, last: ReplayedHand | None) -> tuple[HandEnded | None, dict[str, int]]:
    """:func:`ended_hand` of a night whose last hand is ``last`` (None: it has none)."""
    hand = last if last is not None and not last.replay.outcome.decided else None
    if hand is None:
        return None, {}
    ends = [e for _, e in log.money if isinstance(e, HandEnded) and e.hand == hand.entry.number]
    if not ends:
        return None, {}
    return ends[-1], end_hand_shares(hand, ends[-1].how)


def end_hand_rule(hand: ReplayedHand, how: str) -> str:
    """The rule id that ends a hand in play ``how``; InputError when its rulebook does not name it."""
    if how not in END_HAND_RULES:
        raise InputError(f"a hand in play ends with its pot returned or split, not {how!r}", where="--end-hand",
                         hint="--end-hand return (every player takes back what he put in) or --end-hand split")
    rule = END_HAND_RULES[how]
    if not hand.rulebook.has_rule(rule):
        raise InputError(f"the rulebook {hand.rulebook.name} names no rule {rule} to end a hand in play",
                         where="--end-hand", hint=f"add \"{rule}\" to the house rulebook's [rules]")
    return rule


# ---------------------------------------------------------------- corrections


@dataclass(frozen=True)
class AmendmentLine:
    """One correction of the night (or its reopening): when it was recorded, what, why."""

    seq: int
    when: datetime
    what: str
    why: str


def amendments(snapshot: LogSnapshot) -> tuple[AmendmentLine, ...]:
    """The night's reopenings and corrections, in log order."""
    out = []
    for row in snapshot.events:
        if row.kind not in ("Reopened", "Amendment"):
            continue
        event = decode_event(row.kind, row.payload, where=f"session {snapshot.session.id}, event {row.seq}")
        if isinstance(event, Reopened):
            from referee.i18n.said import said_later

            out.append(AmendmentLine(row.seq, row.created_at, said_later("reopened by {player}", player=event.by) if event.by
                                     else said_later("reopened"), event.why))
        elif isinstance(event, Amendment):
            out.append(AmendmentLine(row.seq, row.created_at, event.what, event.why))
    return tuple(out)


def as_last_closed(snapshot: LogSnapshot) -> LogSnapshot | None:
    """The log as it stood when the night was last closed before its last reopening (None: never
    reopened): what the money was before the corrections."""
    reopened = [row.seq for row in snapshot.events if row.kind == "Reopened"]
    if not reopened:
        return None
    events = [row for row in snapshot.events if row.seq < reopened[-1]]
    played = {row.hand_number for row in events if row.hand_number is not None}
    session = replaced(snapshot.session, sessions, status="closed")
    return replace(snapshot, session=session, events=tuple(events),
                   hands=tuple(h for h in snapshot.hands if h.number in played))


@dataclass(frozen=True)
class Change:
    """A balance a correction changed."""

    name: str
    was: int
    now: int


def balance_changes(before: SessionLedger, after: SessionLedger) -> list[Change]:
    was, now = before.balances(), after.balances()
    names = sorted(set(was) | set(now), key=str.casefold)
    return [Change(n, was.get(n, 0), now.get(n, 0)) for n in names if was.get(n, 0) != now.get(n, 0)]


def differing(counts: Sequence[Count]) -> list[Count]:
    return [c for c in counts if c.difference]


__all__ = ["END_HAND_RULES", "AmendmentLine", "Change", "Count", "amendments", "as_last_closed",
           "balance_changes", "confirmations", "counts_at_close", "differing", "end_hand_rule",
           "chips_held", "end_hand_shares", "ended_hand", "hand_in_play"]
