"""The engine's public entry points: replay a hand, check an action before it is stored, replay a night.

* :func:`replay_hand` -- ``replay_hand(setup, events) -> HandReplay``: a snapshot after each event,
  the outcome, the findings.  Pure: no I/O, the inputs are not changed.
* :func:`check_action` -- ``check_action(setup, events_so_far, event) -> Legality``: would this
  action be legal now, which rule would it break, and what is legal instead.  It replays the hand
  with the action appended, so it can never disagree with :func:`replay_hand`.
* :func:`next_turn` -- whose turn it is and what he may do (the recorder's prompt).
* :func:`replay_night` -- replays hands in order, threading stacks, the dealer, the carried pot,
  free-ride antes and the passed-out count (progressive openers) from each hand to the next.

Corrections: a :class:`~referee.engine.events.Void` event voids an earlier action of the same hand
(by its 1-based number); the voided action is skipped on replay and a note says so.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from referee.engine.betting import LegalActions
from referee.engine.events import Event, PlayerEvent, Void
from referee.engine.findings import Finding
from referee.engine.hand import Hand, HandSetup, Snapshot
from referee.engine.outcome import CarryIn, Outcome
from referee.engine.table import Seat, make_seats
from referee.errors import InputError
from referee.rulebook import Rulebook  # at run time: compiled, NightHand's annotations are looked up (mypyc)

_set = object.__setattr__

#: The games this engine replays, by rulebook game name.
SUPPORTED_GAMES = ("straight_draw", "jackpots", "five_card_stud")


@dataclass(frozen=True, slots=True, init=False)
class HandReplay:
    """A replayed hand: ``states[i]`` is the table after event ``i + 1``."""

    setup: HandSetup
    events: tuple[Event, ...]
    states: tuple[Snapshot, ...]
    outcome: Outcome
    findings: tuple[Finding, ...]

    def __init__(
        self, setup: HandSetup, events: tuple[Event, ...], states: tuple[Snapshot, ...], outcome: Outcome,
        findings: tuple[Finding, ...],
    ) -> None:
        # written out, as outcome.py's records are: a compiled engine compiles it (docs/compiled.md)
        _set(self, "setup", setup)
        _set(self, "events", events)
        _set(self, "states", states)
        _set(self, "outcome", outcome)
        _set(self, "findings", findings)

    @property
    def illegal(self) -> tuple[Finding, ...]:
        """The findings that flag a rule broken (errors)."""
        return tuple(f for f in self.findings if f.severity == "error")

    def to_dict(self) -> dict[str, object]:
        return {
            "hand": self.setup.number,
            "game": self.setup.rulebook.game,
            "rulebook": self.setup.rulebook.name,
            "dealer": self.setup.dealer,
            "outcome": self.outcome.to_dict(),
            "findings": [f.to_dict() for f in self.findings],
            "states": [s.to_dict() for s in self.states],
        }


@dataclass(frozen=True, slots=True)
class Legality:
    """The answer to "may he do that now?".

    ``legal``: no rule would be broken.  ``findings``: what the action would be flagged with (rule
    ids, messages, the remedy that would be applied).  ``to_act``: whose turn it is before the action;
    ``legal_actions``: what that player may do, in words (``["fold", "call 2", "raise 1–2"]``).
    """

    legal: bool
    findings: tuple[Finding, ...]
    to_act: str | None
    legal_actions: tuple[str, ...] = ()

    @property
    def message(self) -> str:
        if self.legal:
            return "legal"
        return "; ".join(f.message for f in self.findings)

    @property
    def rules(self) -> tuple[str, ...]:
        return tuple(f.rule for f in self.findings if f.rule)

    def to_dict(self) -> dict[str, object]:
        return {
            "legal": self.legal,
            "message": self.message,
            "rules": list(self.rules),
            "to_act": self.to_act,
            "legal_actions": list(self.legal_actions),
            "findings": [f.to_dict() for f in self.findings],
        }


def _hand_for(setup: HandSetup) -> Hand:
    game = setup.rulebook.game
    play = _GAMES.get(game)
    if play is not None:
        return play(setup)
    if game in ("straight_draw", "jackpots"):
        from referee.engine.games.draw import DrawHand

        _GAMES[game] = DrawHand
        return DrawHand(setup)
    if game == "five_card_stud":
        from referee.engine.games.stud import StudHand

        _GAMES[game] = StudHand
        return StudHand(setup)
    raise InputError(
        f"the rules engine does not replay {game.replace('_', ' ')} yet",
        hint="games replayed: " + ", ".join(SUPPORTED_GAMES),
    )


#: the class that replays each game, by rulebook game name (imported on first use)
_GAMES: dict[str, type[Hand]] = {}


def _voided(events: Sequence[Event], number: int) -> dict[int, Void]:
    """Action numbers voided by Void events, checked: a Void names an earlier action of the hand."""
    voided: dict[int, Void] = {}
    for event in events:  # the common case: no correction in the hand
        if isinstance(event, Void):
            break
    else:
        return voided
    for i, event in enumerate(events, 1):
        if isinstance(event, Void):
            if not 1 <= event.action < i:
                raise InputError(
                    f"action {i} voids action {event.action}, which is not an earlier action of this hand",
                    hand=number, action=i,
                    hint="a correction voids an action logged before it",
                )
            voided[event.action] = event
    return voided


def _play(setup: HandSetup, events: Sequence[Event]) -> tuple[Hand, list[Snapshot]]:
    hand = _hand_for(setup)
    hand.start()
    voided = _voided(events, setup.number)
    states: list[Snapshot] = []
    # hand.on_event / hand.snapshot called as methods, not through bound-method locals: a compiled
    # engine (docs/compiled.md) calls a native method directly, a bound method through Python
    for i, event in enumerate(events, 1):
        hand.action = i
        if voided and (i in voided or isinstance(event, Void)):
            if isinstance(event, Void):
                reason = f" ({event.reason})" if event.reason else ""
                hand.flag("note", f"action {event.action} is void{reason}", remedy="skipped on replay")
        else:
            try:
                hand.on_event(event)
            except InputError as err:
                if err.where:
                    raise
                raise err.at(setup.number, i) from None
        states.append(hand.snapshot())
    return hand, states


def replay_hand(setup: HandSetup, events: Sequence[Event]) -> HandReplay:
    """Replay one hand: snapshots after each event, the outcome and every finding.

    Raises :class:`~referee.errors.InputError` only for input that cannot be replayed at all (a
    player not seated, a card held twice, an event of another game); everything a player did wrong
    is a finding.
    """
    events = tuple(events)
    hand, states = _play(setup, events)
    hand.action = 0
    outcome = hand.finish()
    return HandReplay(setup, events, tuple(states), outcome, tuple(hand.findings))


def check_action(setup: HandSetup, events_so_far: Sequence[Event], event: Event) -> Legality:
    """Would ``event`` be legal after ``events_so_far``?  What is legal instead?

    The hand is replayed with and without the event; the findings the event would bring are the
    answer (so the check agrees with :func:`replay_hand` by construction).  Only findings of
    severity ``error`` make it illegal; notes and answers do not.
    """
    before, _ = _play(setup, tuple(events_so_far))
    to_act_seat = before.round.to_act if before.round is not None else None
    to_act = before.names[to_act_seat] if to_act_seat is not None else before.expected_actor()
    legal_actions: tuple[str, ...] = ()
    subject = event.player if isinstance(event, PlayerEvent) else None
    if before.round is not None and subject in before.table.index:
        seat = before.table.index[subject]
        if before.live[seat] and before.stacks[seat] > 0 and not before.round.closed:
            legal_actions = tuple(before.round.legal(seat).describe(before.stacks[seat]))
    count = len(before.findings)
    after, _ = _play(setup, tuple(events_so_far) + (event,))
    number = len(events_so_far) + 1
    new = tuple(f for f in after.findings[count:] if f.action == number)
    legal = not any(f.severity == "error" for f in new)
    return Legality(legal, new, to_act, legal_actions)


@dataclass(frozen=True, slots=True)
class Turn:
    """Whose turn it is after some events, in which phase, and (in a betting round) what he may do."""

    phase: str
    to_act: str | None
    options: LegalActions | None
    stack: int = 0

    def describe(self) -> list[str]:
        """The legal actions in words (empty outside a betting round)."""
        return self.options.describe(self.stack) if self.options is not None else []


def next_turn(setup: HandSetup, events_so_far: Sequence[Event]) -> Turn:
    """Whose turn it is now and what he may legally do: what the live recorder prompts for."""
    hand, _ = _play(setup, tuple(events_so_far))
    rnd = hand.round
    if rnd is not None and rnd.to_act is not None:
        seat = rnd.to_act
        return Turn(hand.phase, hand.names[seat], rnd.legal(seat), hand.stacks[seat])
    return Turn(hand.phase, hand.expected_actor(), None)


# ------------------------------------------------------------------ a night


@dataclass(frozen=True)
class NightHand:
    """One hand of a night as the engine needs it.

    ``seats``: the names seated clockwise for this hand (stacks come from the previous hand);
    ``joined``: stacks of players who sat down before this hand; ``added``: chips players added
    before it; ``dealer``: set only when the log names the dealer (else the deal passes by the rules);
    ``rulebook``: the rulebook in force for this hand (options included).
    """

    rulebook: Rulebook
    seats: tuple[str, ...]
    events: tuple[Event, ...]
    number: int = 1
    dealer: str | None = None
    joined: Mapping[str, int] = field(default_factory=dict)
    added: Mapping[str, int] = field(default_factory=dict)


def replay_night(
    first_stacks: Sequence[Seat | tuple[str, int]], first_dealer: str, hands: Sequence[NightHand]
) -> list[HandReplay]:
    """Replay a night's hands in order, each starting where the previous one left the table.

    Stacks are the previous hand's final stacks (plus chips added and new players' stacks); the
    dealer is the hand's own if it names one, else the previous outcome's next dealer (moved on past
    a player who left); the carried pot, the free-ride payer and the passed-out count come from the
    previous outcome.  A pot left undecided is not carried: its chips are out of play until the
    hand is settled by showing the cards.
    """
    stacks: dict[str, int] = {}
    for seat in make_seats(first_stacks):  # checked as a hand's seats are: names, whole chips
        stacks[seat.name] = seat.stack
    dealer = first_dealer
    carry = CarryIn()
    replays: list[HandReplay] = []
    for hand in hands:
        for name, stack in hand.joined.items():
            if name in stacks and stacks[name] > 0:
                raise InputError(f"{name} sits down but is already at the table", hand=hand.number)
            stacks[name] = stack
        for name, amount in hand.added.items():
            if name not in stacks:
                raise InputError(f"{name} adds chips but is not at the table", hand=hand.number)
            stacks[name] += amount
        missing = [n for n in hand.seats if n not in stacks]
        if missing:
            raise InputError(
                f"{', '.join(missing)} seated in hand {hand.number} without a stack",
                hand=hand.number, hint="a new player sits down with his chips",
            )
        this_dealer = hand.dealer or _dealer_in(dealer, hand.seats, replays)
        free_ride = carry.free_ride_payer if carry.free_ride_payer in hand.seats else None
        setup = HandSetup(
            hand.rulebook,
            tuple(Seat(n, stacks[n]) for n in hand.seats),
            this_dealer,
            hand.number,
            CarryIn(carry.pot, free_ride, carry.passed_out, carry.antes_in),
        )
        result = replay_hand(setup, hand.events)
        replays.append(result)
        stacks.update(result.outcome.stacks)
        dealer = result.outcome.next_hand.dealer
        carry = result.outcome.next_hand.carry
    return replays


def _dealer_in(dealer: str, seats: Sequence[str], replays: Sequence[HandReplay]) -> str:
    """The dealer for a hand: ``dealer`` if still seated, else the next seat after where he sat."""
    if dealer in seats:
        return dealer
    if replays:
        previous = replays[-1].setup.names
        if dealer in previous:
            i = previous.index(dealer)
            for k in range(1, len(previous) + 1):
                candidate = previous[(i + k) % len(previous)]
                if candidate in seats:
                    return candidate
    return seats[0]
