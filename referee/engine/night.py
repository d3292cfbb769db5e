"""A night of hands, replayed in order: each hand starts where the previous one left the table.

:func:`replay_night` threads the stacks, the dealer and the game's state across hands (the
:class:`~referee.engine.outcome.Carry` each hand leaves: a carried pot, Jackpots' free rides and
passed-out count, ...) and returns a :class:`NightResult`: the hands, every player's last stack, who
is seated at the end, what the last hand left, and the night's winner where the game has one.

The thread is the one carrier of a night: it records, hand by hand, every player's stack as the hand
began and after it and what the night events between hands did to them (:class:`NightStep`).  The
ledger, the report's chart and the live table read those records; none of them works stacks out again.
:meth:`NightHand.from_header` is the one way a hand is built from its header (the night events before
it), for the hand-file replay and the live table alike.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from referee.engine.events import AddChips, Event, GameSoFar, SetDealer, Shuffle, SitDown
from referee.engine.games import find_game
from referee.engine.outcome import Carry, Outcome
from referee.engine.replay import HandReplay, replay_hand
from referee.engine.state import HandSetup
from referee.engine.table import Seat, Table, make_seats
from referee.errors import InputError
from referee.plain_data import plain
from referee.i18n import _

if TYPE_CHECKING:
    from referee.engine.house import Rules


@dataclass(frozen=True)
class NightHand:
    """One hand of a night as the engine needs it.

    ``seats``: the names seated clockwise for this hand (stacks come from the previous hand);
    ``joined``: stacks of players who sat down before this hand; ``added``: chips players added
    before it; ``dealer``: set only when the log names the dealer (else the deal passes by the rules);
    ``rulebook``: the rulebook in force for this hand (options included).
    """

    rulebook: Rules
    seats: tuple[str, ...]
    events: tuple[Event, ...]
    number: int = 1
    dealer: str | None = None
    joined: Mapping[str, int] = field(default_factory=dict)
    added: Mapping[str, int] = field(default_factory=dict)
    #: the log marks the pack as shuffled before this deal (three-card brag, brag.shuffle)
    shuffled: bool = False

    @classmethod
    def from_header(cls, rulebook: Rules, seats: Sequence[str], number: int, header: Iterable[object],
                    events: Sequence[Event] = (), dealer: str | None = None, shuffled: bool = False) -> NightHand:
        """The hand ``number`` as its header leaves it: ``header`` is the night events before it, in
        order (a sit-down, chips added, the dealer named, the pack shuffled; others are the table's
        business, already in ``seats`` and ``rulebook``).  ``dealer``/``shuffled``: what the header
        said already, where it was read apart (a hand file's)."""
        joined: dict[str, int] = {}
        added: dict[str, int] = {}
        for event in header:
            if isinstance(event, SitDown):
                joined[event.player] = event.stack
            elif isinstance(event, AddChips):
                added[event.player] = added.get(event.player, 0) + event.amount
            elif isinstance(event, SetDealer):
                dealer = event.player
            elif isinstance(event, Shuffle):
                shuffled = True
        return cls(rulebook, tuple(seats), tuple(events), number, dealer, joined, added, shuffled)


@dataclass(frozen=True)
class NightStep:
    """What the thread recorded of one hand: every player's stack as it began (the chips added and
    the new players' stacks included) and after it, what the night events before it did (who sat
    down with what, chips added, chips a player took away when he left and now sits down afresh),
    and what the game carried into it and out of it.  Players who left keep their last stack."""

    number: int
    before: Mapping[str, int]
    after: Mapping[str, int]
    joined: Mapping[str, int]
    added: Mapping[str, int]
    #: chips a returning player took away when he left (he sits down again with a new stack)
    away: Mapping[str, int]
    carry_in: Carry
    carry_out: Carry


@dataclass(frozen=True)
class NightResult:
    """A replayed night: its hands in order (iterate the result for them), every player's last known
    stack (players who left included), who sits at the end, what the last hand left to the next deal,
    and the night's winner where the game has one (``None`` for the cash games)."""

    hands: tuple[HandReplay, ...]
    stacks: dict[str, int]
    seated: tuple[str, ...]
    carry: Carry
    winner: str | None = None
    #: what the last hand's game says about the night (La Viuda's prize, who pays for the whisky)
    facts: dict[str, object] = field(default_factory=dict)
    #: the thread's record of each hand (stacks before and after, the night events' effects)
    steps: tuple[NightStep, ...] = ()
    #: every player's stack before the first hand
    opening: Mapping[str, int] = field(default_factory=dict)

    def holding(self, closing: Iterable[object] = ()) -> dict[str, int]:
        """What each player holds at the end of the night, as the thread leaves it: his last stack,
        the chips he took away when he left and sat down again later, and chips bought after the last
        hand (``closing``: the night events after it, on the table, never played)."""
        final = dict(self.stacks)
        for step in self.steps:
            for name, chips in step.away.items():
                final[name] = final.get(name, 0) + chips
        for event in closing:
            if isinstance(event, SitDown):
                final[event.player] = final.get(event.player, 0) + event.stack
            elif isinstance(event, AddChips):
                final[event.player] = final.get(event.player, 0) + event.amount
        return final

    def __iter__(self) -> Iterator[HandReplay]:
        return iter(self.hands)

    def __len__(self) -> int:
        return len(self.hands)

    def __getitem__(self, index: int) -> HandReplay:
        return self.hands[index]


class NightThread:
    """What threads from one hand of a night to the next: every player's stack, who sat at the last
    hand, whose deal it is by the rules and what the game carries.  :func:`replay_night` walks a
    night with it; the live recorder keeps one in memory, so that starting the next hand costs one
    step, not a replay of the night.

    :meth:`setup_for` is the setup a hand starts from (this thread does not change);
    :meth:`after` moves the thread past the hand, given its outcome.
    """

    def __init__(self, first_stacks: Sequence[Seat | tuple[str, int]], first_dealer: str | None,
                 so_far: GameSoFar | None = None) -> None:
        self.first_stacks = make_seats(first_stacks)  # checked as a hand's seats are
        self.stacks = {seat.name: seat.stack for seat in self.first_stacks}
        self.seated: tuple[str, ...] = tuple(self.stacks)
        self.dealer = first_dealer
        self.carry = Carry()
        self.so_far = so_far
        self.hands = 0  # hands threaded so far
        #: the record of each hand threaded (a tuple: a copy of the thread, the live table's look ahead at
        #: the next hand, must not add to the record it shares)
        self.steps: tuple[NightStep, ...] = ()

    def to_document(self) -> dict[str, object]:
        """The thread as JSON (its record of steps left out: a resumed thread records the hands it
        threads from there on), for :meth:`from_document`."""
        carry = type(self.carry)
        return {
            "first_stacks": [[seat.name, seat.stack] for seat in self.first_stacks],
            "stacks": dict(self.stacks), "seated": list(self.seated), "dealer": self.dealer, "hands": self.hands,
            # every field the carry is made from (its to_dict is what a replay document shows, not all of it)
            "carry": {"module": carry.__module__, "class": carry.__qualname__,
                      "fields": plain({f.name: getattr(self.carry, f.name) for f in dataclasses.fields(carry) if f.init})},
            "so_far": None if self.so_far is None else plain(dataclasses.asdict(self.so_far)),
        }

    @classmethod
    def from_document(cls, doc: Mapping[str, object]) -> NightThread:
        """The thread :meth:`to_document` wrote.  A document that does not fit raises ValueError,
        KeyError or TypeError."""
        from importlib import import_module

        carried = doc["carry"]
        assert isinstance(carried, Mapping)
        module = str(carried["module"])
        if not module.startswith("referee.engine."):  # a game's carry lives in the engine, nowhere else
            raise ValueError(f"no carry from {module!r}")
        kind = getattr(import_module(module), str(carried["class"]))
        if not (isinstance(kind, type) and issubclass(kind, Carry)):
            raise ValueError(f"{kind!r} is no carry")
        so_far = doc["so_far"]
        thread = cls([(str(n), int(stack)) for n, stack in doc["first_stacks"]],  # type: ignore[attr-defined]
                     None if doc["dealer"] is None else str(doc["dealer"]),
                     None if so_far is None else GameSoFar(**_tuples(so_far)))  # type: ignore[arg-type]
        thread.stacks = {str(n): int(chips) for n, chips in doc["stacks"].items()}  # type: ignore[attr-defined]
        thread.seated = tuple(str(n) for n in doc["seated"])  # type: ignore[attr-defined]
        thread.hands = int(doc["hands"])  # type: ignore[call-overload]
        thread.carry = kind(**_tuples(carried["fields"]))
        return thread

    def stacks_for(self, hand: NightHand) -> dict[str, int]:
        """Every player's stack as ``hand`` begins: the last hand's, with the chips added and the new
        players' stacks (checked)."""
        stacks = dict(self.stacks)
        for name, stack in hand.joined.items():
            if stacks.get(name, 0) > 0 and name in self.seated:
                raise InputError(_("{name} sits down but is already at the table").format(name=name), hand=hand.number)
            stacks[name] = stack
        for name, amount in hand.added.items():
            if name not in stacks:
                raise InputError(_("{name} adds chips but is not at the table").format(name=name), hand=hand.number)
            stacks[name] += amount
        missing = [n for n in hand.seats if n not in stacks]
        if missing:
            raise InputError(
                _("{players} seated in hand {number} without a stack").format(players=", ".join(missing), number=hand.number),
                hand=hand.number, hint=_("a new player sits down with his chips"),
            )
        return stacks

    def setup_for(self, hand: NightHand) -> HandSetup:
        """The setup ``hand`` starts from: stacks, the dealer (the hand's own, else the deal passed by
        the rules, else worked out from its events) and the carry."""
        stacks = self.stacks_for(hand)
        carry = self.carry
        if self.so_far is not None and self.hands == 0:
            carry = find_game(hand.rulebook.game).carry_so_far(self.so_far, hand.rulebook, self.first_stacks)
        this_dealer = hand.dealer
        if this_dealer is None and self.dealer is not None:
            this_dealer = _dealer_in(self.dealer, hand.seats, self.seated, hand.rulebook.game)
        if this_dealer is None:
            try:
                this_dealer = find_game(hand.rulebook.game).infer_dealer(hand.seats, stacks, hand.events)
            except InputError as err:
                raise err.at(hand.number) from None
        return HandSetup(hand.rulebook, tuple(Seat(n, stacks[n]) for n in hand.seats), this_dealer or hand.seats[0],
                         hand.number, carry, dealer_known=this_dealer is not None, shuffled=hand.shuffled)

    def after(self, hand: NightHand, setup: HandSetup, outcome: Outcome) -> None:
        """Move on past ``hand``, which started from ``setup`` and ended with ``outcome`` (recorded:
        :attr:`steps`)."""
        before = self.stacks_for(hand)
        away = {name: self.stacks[name] for name in hand.joined if self.stacks.get(name, 0) > 0}
        self.stacks = dict(before)
        self.stacks.update(outcome.stacks)
        self.steps += (NightStep(hand.number, before, dict(self.stacks), dict(hand.joined), dict(hand.added), away,
                                 setup.carry_in, outcome.next_hand.carry),)
        self.seated = hand.seats
        self.dealer = outcome.next_hand.dealer if setup.dealer_known else None
        self.carry = outcome.next_hand.carry
        self.hands += 1


class NightReplay:
    """A night replayed one hand at a time, as its hands come (:meth:`hand`), none of them kept: what
    a report of a long night walks (each hand's replay handed on and let go), and what
    :func:`replay_night` collects.  :meth:`result` is the night so far."""

    def __init__(self, first_stacks: Sequence[Seat | tuple[str, int]], first_dealer: str | None,
                 so_far: GameSoFar | None = None, *, snapshots: bool = False) -> None:
        self.thread = NightThread(first_stacks, first_dealer, so_far)
        self.last: HandReplay | None = None
        self.snapshots = snapshots  # each hand's replay keeps the table after each event

    def hand(self, hand: NightHand) -> HandReplay:
        """Replay ``hand`` from where the night stands, and move the night past it."""
        setup = self.thread.setup_for(hand)
        result = replay_hand(setup, hand.events, snapshots=self.snapshots)
        self.thread.after(hand, setup, result.outcome)
        self.last = result
        return result

    def result(self, hands: tuple[HandReplay, ...] = ()) -> NightResult:
        """The night as the hands replayed so far leave it (``hands``: their replays, when kept)."""
        thread = self.thread
        winner: str | None = None
        facts: dict[str, object] = {}
        if self.last is not None:
            winner, facts = find_game(self.last.setup.rulebook.game).night_result(thread.carry, thread.stacks)
        return NightResult(hands, thread.stacks, thread.seated, thread.carry, winner, facts,
                           thread.steps, {seat.name: seat.stack for seat in thread.first_stacks})


def replay_night(
    first_stacks: Sequence[Seat | tuple[str, int]],
    first_dealer: str | None,
    hands: Sequence[NightHand],
    so_far: GameSoFar | None = None,
    *,
    snapshots: bool = False,
) -> NightResult:
    """Replay a night's hands in order, each starting where the previous one left the table.

    Stacks are the previous hand's final stacks (plus chips added and new players' stacks); the
    dealer is the hand's own if it names one, else the previous outcome's next dealer (moved on past
    a player who left, in the game's direction); the game's carry comes from the previous outcome.
    A pot left undecided is not carried: its chips are out of play until the hand is settled by
    showing the cards.

    ``first_dealer`` ``None``: the log does not say who dealt; the game works it out from the play
    (:meth:`~referee.engine.state.HandState.infer_dealer`), or replays the hand without (a deal
    logged by its result alone).  ``so_far``: the night starts in the middle of a game (the first
    hand's game turns it into its carry).  The threading is :class:`NightThread`'s.
    ``snapshots``: each hand's replay keeps the table after each event (:func:`replay_hand`).
    """
    night = NightReplay(first_stacks, first_dealer, so_far, snapshots=snapshots)
    return night.result(tuple(night.hand(hand) for hand in hands))


def _tuples(value: object) -> object:
    """JSON's lists back as the tuples the engine's records hold."""
    if isinstance(value, list):
        return tuple(_tuples(v) for v in value)
    if isinstance(value, dict):
        return {k: _tuples(v) for k, v in value.items()}
    return value


def _dealer_in(dealer: str, seats: Sequence[str], previous: Sequence[str], game: str) -> str:
    """The dealer for a hand: ``dealer`` if still seated, else the first of the previous hand's seats
    after where he sat, in the game's direction of play, who is still seated."""
    if dealer in seats:
        return dealer
    if dealer in previous:
        table = Table(previous, dealer, find_game(game).direction)
        for seat in table.order_from(table.dealer)[1:]:
            if previous[seat] in seats:
                return previous[seat]
    return seats[0]
