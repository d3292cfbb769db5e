"""What every game's replay shares: the hand's setup, its chips, its cards, its findings.

:class:`HandSetup` is what a replay starts from (the hand-file parser builds it)::

    HandSetup(rulebook, seats=[("Ann", 100), ("Bob", 100), ("Cy", 100)], dealer="Ann")

with optional ``number`` (the hand's number in the night, for messages) and ``carry_in`` (what the
previous deal left: :class:`~referee.engine.outcome.CarryIn`).

:class:`Hand` is the base of each game's replay: chips (stacks, bets, dead money), who is still in,
cards as far as they are known, findings, the betting round in progress, snapshots, the chip
conservation check, and the showdown that awards pots with :mod:`referee.engine.pot`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar

from mypy_extensions import mypyc_attr

from referee.cards import UNKNOWN, AnyCard, Card, format_cards
from referee.engine.betting import BettingRound, BettingRules, Verdict
from referee.engine.events import Event, PlayerEvent
from referee.engine.findings import Finding, FindingKind
from referee.engine.house import HouseRules, cite, house_rules
from referee.engine.outcome import CarryIn, NextHand, Outcome, Penalty, PotResult
from referee.engine.pot import build_pots, split_pot, uncalled_excess
from referee.engine.table import Seat, Table, make_seats
from referee.errors import CardError, InputError
from referee.rulebook import Rulebook  # at run time: compiled, HandSetup's annotations are looked up (mypyc)

if TYPE_CHECKING:
    from referee.ranking.poker import HandValue


# A plain Python class even when compiled: it takes (name, stack) pairs for ``seats`` and sets ``_names``
@mypyc_attr(native_class=False)
@dataclass(frozen=True)
class HandSetup:
    """Where a hand starts: the rulebook, the seats clockwise with their stacks, the dealer.

    ``seats``: ``Seat`` objects or ``(name, stack)`` pairs, clockwise.  Players with no chips are
    not dealt in.  ``carry_in``: chips and obligations left by the previous deal.
    """

    rulebook: Rulebook
    seats: tuple[Seat, ...]
    dealer: str
    number: int = 1
    carry_in: CarryIn = field(default_factory=CarryIn)

    def __post_init__(self) -> None:
        # getattr: the argument may be (name, stack) pairs in a list; compiled, a plain read is checked as a tuple
        object.__setattr__(self, "seats", make_seats(getattr(self, "seats")))
        names = tuple([s.name for s in self.seats])
        object.__setattr__(self, "_names", names)  # not a field: read by the names property
        if self.dealer not in names:
            raise InputError(f"the dealer {self.dealer!r} is not seated", hint="seated: " + ", ".join(names))
        carry = self.carry_in
        if carry.pot < 0 or carry.passed_out < 0:
            raise InputError("a carried pot and a passed-out count cannot be negative")
        if carry.free_ride_payer is not None and carry.free_ride_payer not in names:
            raise InputError(
                f"{carry.free_ride_payer} owes the antes for everybody but is not seated",
                hint="seat him, or start the hand without the free ride",
            )

    @property
    def names(self) -> tuple[str, ...]:
        """The seated players' names, clockwise."""
        return self._names  # type: ignore[attr-defined,no-any-return]


class Snapshot:
    """The table after one event, light enough to keep one per event (read it, do not change it).

    ``stacks`` and ``live`` are per seat (seat order of ``names``, which is shared, not copied);
    ``pot`` is every chip in the middle; ``in_hand`` names the players still in.

    A plain slotted class with a written ``__init__``: a replay makes one per event, and a compiled
    engine (docs/compiled.md) makes these natively where a NamedTuple goes through Python.
    """

    __slots__ = ("action", "phase", "to_act", "stacks", "pot", "live", "names")

    def __init__(
        self, action: int, phase: str, to_act: str | None, stacks: tuple[int, ...], pot: int,
        live: tuple[bool, ...], names: tuple[str, ...],
    ) -> None:
        self.action = action
        self.phase = phase
        self.to_act = to_act
        self.stacks = stacks
        self.pot = pot
        self.live = live
        self.names = names

    def _fields(self) -> tuple[object, ...]:
        return (self.action, self.phase, self.to_act, self.stacks, self.pot, self.live, self.names)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Snapshot) and self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return (f"Snapshot(action={self.action}, phase={self.phase!r}, to_act={self.to_act!r}, "
                f"stacks={self.stacks}, pot={self.pot}, in_hand={self.in_hand})")

    @property
    def in_hand(self) -> tuple[str, ...]:
        return tuple([n for n, alive in zip(self.names, self.live) if alive])

    def to_dict(self) -> dict[str, object]:
        return {
            "action": self.action,
            "phase": self.phase,
            "to_act": self.to_act,
            "stacks": list(self.stacks),
            "pot": self.pot,
            "in_hand": list(self.in_hand),
        }


class Hand:
    """The state of one hand being replayed.  Subclasses play one game family's phases."""

    #: rule-id prefix of the game's own rules and options (``draw``, ``stud``)
    prefix = ""

    def __init__(self, setup: HandSetup, direction: int = 1) -> None:
        self.setup = setup
        self.rulebook = setup.rulebook
        self.house: HouseRules = house_rules(setup.rulebook)
        self.options = self.house.options
        self.table = Table.for_hand(setup.names, setup.dealer, direction)
        self.names = self.table.names
        self.n = self.table.size
        self.stacks: list[int] = [s.stack for s in setup.seats]
        self.start_stacks = tuple(self.stacks)
        self.dealt_in = [s > 0 for s in self.stacks]
        self.live = list(self.dealt_in)
        self.banked = [0] * self.n  # chips bet in finished betting rounds
        self.dead = setup.carry_in.pot  # antes, carried pot, chips of players put out
        self.carry_in = setup.carry_in
        self.total = sum(self.stacks) + self.dead
        self.cards: list[list[AnyCard]] = [[] for _ in range(self.n)]
        self.shown: dict[int, tuple[Card, ...]] = {}
        self.mucked: set[int] = set()
        self.findings: list[Finding] = []
        self.penalties: list[Penalty] = []
        self.round: BettingRound | None = None
        self.phase = "deal"
        self.action = 0
        self.fix = self.house.fix
        self.tie_rule = self.house.tie_rule
        self.wheel = self.house.wheel
        self.wild = self.house.wild
        self.known: dict[Card, int] = {}  # card -> seat holding it (duplicate check)
        self.last_aggressor: int | None = None
        self.over_reason: str | None = None

    # ------------------------------------------------------------------ helpers

    def cite(self, rule_id: str) -> str:
        """The rule id to cite for ``rule_id`` under this rulebook (its nearest parent it has)."""
        return self.house.cite(rule_id)

    def seat_of(self, name: str) -> int:
        """The seat of a player named in an event; an unseated name cannot be replayed."""
        seat = self.table.index.get(name)
        if seat is None:
            raise InputError(
                f"{name!r} is not seated at this table",
                hand=self.setup.number, action=self.action,
                hint="seated: " + ", ".join(self.names),
            )
        return seat

    def flag(
        self,
        kind: FindingKind,
        message: str,
        rule: str | None = None,
        *,
        player: int | str | None = None,
        remedy: str | None = None,
        action: int | None | bool = True,
    ) -> Finding:
        """Record a finding at the current action (``action=None``: found at the end of the hand)."""
        who = self.names[player] if isinstance(player, int) else player
        number = self.action if action is True else (None if action is False else action)
        finding = Finding(kind, message, rule, number or None, who, remedy)  # type: ignore[arg-type]
        self.findings.append(finding)
        return finding

    def middle(self) -> int:
        """All chips in the middle: dead chips, banked bets and the current round's bets."""
        total = self.dead + sum(self.banked)
        if self.round is not None:
            total += sum(self.round.bets)
        return total

    def contributed(self) -> list[int]:
        """Chips each seat bet in this hand so far (antes excluded)."""
        if self.round is None:
            return list(self.banked)
        return [b + r for b, r in zip(self.banked, self.round.bets)]

    def check_conservation(self) -> None:
        """Internal invariant: chips are neither made nor lost.  A failure is a bug, not a user error."""
        assert sum(self.stacks) + self.middle() == self.total, (
            f"chips not conserved at action {self.action}: stacks {self.stacks}, middle {self.middle()}, "
            f"expected total {self.total}"
        )

    def in_hand(self) -> list[int]:
        return [s for s in range(self.n) if self.live[s]]

    def snapshot(self) -> Snapshot:
        """The table now, checked: chips neither made nor lost (the replay takes one after every
        event, so this is where the conservation invariant is checked event by event)."""
        # plain loops, not sum(): a compiled engine (docs/compiled.md) runs them natively, sum() is a call
        on_table = 0
        for chips in self.stacks:
            on_table += chips
        pot = self.dead
        for chips in self.banked:
            pot += chips
        rnd = self.round
        if rnd is not None:
            for chips in rnd.bets:
                pot += chips
            to_act = rnd.turn
            who = self.names[to_act] if to_act is not None else self.expected_actor()
        else:
            who = self.expected_actor()
        if on_table + pot != self.total:
            self.check_conservation()  # fails, with the details
        return Snapshot(self.action, self.phase, who, tuple(self.stacks), pot, tuple(self.live), self.names)

    def expected_actor(self) -> str | None:
        """Who is expected to act outside betting (the next to draw, ...): subclasses override."""
        return None

    # ------------------------------------------------------------------ antes and cards

    def post_ante(self, seat: int, amount: int, rule: str) -> None:
        """``seat`` puts ``amount`` dead chips in (what he has, if less: noted)."""
        paid = min(amount, self.stacks[seat])
        if paid < amount:
            self.flag(
                "note", f"{self.names[seat]} could ante only {paid} of {amount}", rule, player=seat, action=None
            )
        self.stacks[seat] -= paid
        self.dead += paid

    def take_cards(self, seat: int, new: Sequence[AnyCard]) -> None:
        """Give ``seat`` cards; a known card already held by someone cannot be replayed."""
        known = self.known
        for c in new:
            if isinstance(c, Card):
                if c in known:
                    raise CardError(
                        f"{c.text} is dealt to {self.names[seat]} but {self.names[known[c]]} already holds it",
                        hand=self.setup.number, action=self.action,
                        hint="each card is in the pack once: correct the card",
                    )
                if c.is_joker and self.wild is None:
                    raise CardError(
                        f"{c.text} is dealt to {self.names[seat]}, but this game's pack has no joker",
                        hand=self.setup.number, action=self.action,
                        hint="correct the card; a Jackpots pack holds the bug only with "
                        "option jackpots.bug = joker_as_ace_or_straight_flush_filler",
                    )
                known[c] = seat
        self.cards[seat].extend(new)

    def drop_cards(self, seat: int, gone: Sequence[AnyCard], count: int) -> list[AnyCard]:
        """Remove ``count`` cards from ``seat``'s hand: the named ``gone`` ones, the rest unknown.

        Returns what left his hand (known cards where named).  When the hand holds known cards but
        the discards are not named, which ones went is unknown: the remaining hand becomes unknown.
        """
        hand = self.cards[seat]
        removed: list[AnyCard] = []
        for c in gone:
            if isinstance(c, Card) and c in hand:
                hand.remove(c)
                self.known.pop(c, None)
                removed.append(c)
            elif isinstance(c, Card):
                holder = self.known.get(c)
                if holder is not None:
                    raise CardError(
                        f"{self.names[seat]} discards {c.text} but {self.names[holder]} holds it",
                        hand=self.setup.number, action=self.action,
                        hint="each card is in the pack once: correct the card",
                    )
                if UNKNOWN in hand:  # one of his unseen cards: now we know what it was
                    hand.remove(UNKNOWN)
                else:
                    self.flag(
                        "note", f"{self.names[seat]} discarded {c.text}, which the log does not show in his hand",
                        player=seat,
                    )
                removed.append(c)
        missing = count - len(removed)
        while missing > 0 and UNKNOWN in hand:
            hand.remove(UNKNOWN)
            removed.append(UNKNOWN)
            missing -= 1
        if missing > 0:
            for c in hand:
                if isinstance(c, Card):
                    self.known.pop(c, None)
            keep = max(len(hand) - missing, 0)
            hand[:] = [UNKNOWN] * keep
            removed.extend([UNKNOWN] * missing)
        return removed

    def known_hand(self, seat: int) -> tuple[Card, ...] | None:
        """``seat``'s cards when every one is known (his shown hand wins over the log's tracking)."""
        if seat in self.shown:
            return self.shown[seat]
        hand = self.cards[seat]
        if hand and all(isinstance(c, Card) for c in hand):
            return tuple(hand)  # type: ignore[arg-type]
        return None

    def show(self, seat: int, shown: Sequence[AnyCard]) -> None:
        """``seat`` shows his hand: known cards are checked against what the log says he holds."""
        known = [c for c in shown if isinstance(c, Card)]
        if len(known) < len(shown):
            self.flag(
                "note", f"{self.names[seat]}'s shown hand has unreadable cards ({format_cards(shown)})", player=seat
            )
            return
        strange = [c for c in self.cards[seat] if isinstance(c, Card) and c not in known]
        if strange and len(known) >= len(self.cards[seat]):
            self.flag(
                "note",
                f"{self.names[seat]} showed {format_cards(known)} but the log has him holding "
                f"{format_cards(strange)}",
                player=seat,
            )
        holders = self.known
        for c in known:
            holder = holders.get(c)
            if holder is not None and holder != seat:
                raise CardError(
                    f"{self.names[seat]} shows {c.text} but {self.names[holder]} holds it",
                    hand=self.setup.number, action=self.action,
                    hint="each card is in the pack once: correct the card",
                )
        self.shown[seat] = tuple(known)

    # ------------------------------------------------------------------ betting

    def open_round(self, rules: BettingRules, first: int, name: str) -> BettingRound:
        self.round = BettingRound(rules, self.table, self.stacks, self.live, first, self.middle(), name)
        return self.round

    def betting_event(self, seat: int, event: Event) -> Verdict:
        """Judge and apply a betting event in the current round; flag what it broke."""
        assert self.round is not None
        verdict = self.round.judge(seat, event)
        for breach in verdict.breaches:
            self.flag("illegal_action", breach.message, breach.rule, player=seat, remedy=breach.remedy)
        if verdict.kind in ("bet", "raise"):
            self.last_aggressor = seat
        self.round.commit(seat, verdict)
        return verdict

    def bank_round(self) -> None:
        """Move the finished round's bets into the hand's contributions.

        A bet nobody could call (the others folded short or are all in for less) goes back to its
        owner first, as at the table -- unless he is the only one left, when the whole pot is his
        anyway (or stays on the table after a false open, jackpots.7: "his chips stay in the pot").
        """
        if self.round is not None:
            bets = self.round.bets
            if self.live.count(True) > 1:
                excess = uncalled_excess(bets, self.live)
                if excess is not None:
                    seat, chips = excess
                    bets[seat] -= chips
                    self.stacks[seat] += chips
            for s, b in enumerate(bets):
                self.banked[s] += b
            self.round = None

    def put_out(self, seat: int) -> None:
        """``seat`` leaves the hand; his chips stay in the pot (folded or ruled out)."""
        self.live[seat] = False
        if self.round is not None:
            self.round.remove(seat)

    # ------------------------------------------------------------------ endings

    def next_dealer(self) -> str:
        return self.names[self.table.after(self.table.dealer)]

    def return_bets(self) -> None:
        """Every bet of the hand goes back to its owner (misdeal); dead chips stay."""
        for s, c in enumerate(self.contributed()):
            self.stacks[s] += c
        self.banked = [0] * self.n
        if self.round is not None:
            self.round.bets = [0] * self.n
        self.round = None

    def showdown_pots(
        self,
        contenders: set[int],
        values: dict[int, HandValue],
        rule: str,
        excluded: set[int] | None = None,
    ) -> tuple[list[PotResult], int, int, list[str]]:
        """Award every pot among the ``contenders`` that may win it.

        ``values``: the hand value of each contender whose hand is known.  A pot whose contenders are
        not all known is undecided.  ``excluded``: players who are in the pots' eligibility (their
        chips shaped the side pots) but may not win (a false opener at the showdown).
        Returns (pots, chips carried as odd chips, chips undecided, names whose hands must be shown).
        """
        self.bank_round()
        pots = build_pots(self.banked, self.live, self.dead)
        names = self.names
        stacks = self.stacks
        may_win = contenders - excluded if excluded else contenders
        results: list[PotResult] = []
        carried = undecided = 0
        must_show: list[str] = []
        for amount, entitled_seats in pots:
            entitled = tuple([names[s] for s in entitled_seats])
            eligible = [s for s in entitled_seats if s in may_win]
            if len(eligible) == 1:
                alone = eligible[0]
                winner = names[alone]
                stacks[alone] += amount
                shown = values[alone].name if alone in values else None
                results.append(PotResult(amount, entitled, (winner,), {winner: amount}, True, 0, rule, shown))
                continue
            if not eligible:
                carried += amount
                results.append(PotResult(amount, entitled, (), {}, True, amount, rule, None))
                continue
            unknown = [s for s in eligible if s not in values]
            if unknown:
                undecided += amount
                for s in unknown:
                    if names[s] not in must_show:
                        must_show.append(names[s])
                results.append(PotResult(amount, entitled, (), {}, False, 0, rule, None))
                continue
            # hand values order by their integer key (ranking/ordered.py): compare the ints, not the objects
            keys = [values[s].key for s in eligible]
            top = max(keys)
            if keys.count(top) == 1:  # one best hand: the whole pot, no split to work out
                best = eligible[keys.index(top)]
                winner = names[best]
                stacks[best] += amount
                shown = values[best].name
                results.append(PotResult(amount, entitled, (winner,), {winner: amount}, True, 0, rule, shown))
                continue
            winners = [s for s in self.table.from_dealers_left() if s in eligible and values[s].key == top]
            split = split_pot(amount, winners, self.table, self.tie_rule)
            for s, chips in split.shares.items():
                stacks[s] += chips
            carried += split.left_over
            results.append(
                PotResult(
                    amount, entitled, tuple([names[s] for s in winners]),
                    {names[s]: chips for s, chips in split.shares.items()}, True, split.left_over,
                    self.cite("common.showdown_tie"), values[winners[0]].name,
                )
            )
        self.banked = [0] * self.n
        self.dead = 0
        return results, carried, undecided, must_show

    def award_all(self, seat: int, rule: str) -> list[PotResult]:
        """Everybody else folded: ``seat`` takes every chip in the middle."""
        self.bank_round()
        amount = self.middle()
        self.stacks[seat] += amount
        self.banked = [0] * self.n
        self.dead = 0
        winner = self.names[seat]
        return [PotResult(amount, (winner,), (winner,), {winner: amount}, True, 0, rule, None)]

    def carry_all(self) -> int:
        """Every chip in the middle stays on the table for the next deal."""
        self.bank_round()
        amount = self.middle()
        self.banked = [0] * self.n
        self.dead = 0
        return amount

    def make_outcome(
        self,
        kind: str,
        pots: Sequence[PotResult],
        carried: int,
        undecided: int,
        next_hand: NextHand,
        summary: str,
        showdown_order: Sequence[int] = (),
    ) -> Outcome:
        names = self.names
        final = self.stacks
        in_middle = self.middle() if kind == "in_progress" else 0
        assert sum(final) + carried + undecided + in_middle == self.total, (
            f"chips not conserved in the outcome: stacks {final}, carried {carried}, undecided {undecided}, "
            f"total {self.total}"
        )
        start = self.start_stacks
        seats = range(self.n)
        # comprehensions rather than dict(zip(...)) / map: a compiled engine runs them natively
        return Outcome(
            kind, tuple(pots), {names[s]: final[s] for s in seats}, {names[s]: final[s] - start[s] for s in seats},
            carried, undecided, tuple(self.penalties), next_hand, tuple([names[s] for s in showdown_order]),
            summary, in_middle,
        )

    # ------------------------------------------------------------------ the replay protocol

    def start(self) -> None:
        """Antes, first phase: subclasses."""
        raise NotImplementedError

    def on_event(self, event: Event) -> None:
        """Apply one event (``self.action`` is its number): subclasses."""
        raise NotImplementedError

    def finish(self) -> Outcome:
        """The outcome once every event is in: subclasses."""
        raise NotImplementedError

    def player_of(self, event: Event) -> int | None:
        """The seat of the event's player (``None`` for a table event such as a misdeal)."""
        if isinstance(event, PlayerEvent):
            seat = self.table.index.get(event.player)
            return seat if seat is not None else self.seat_of(event.player)
        return None

    #: event class -> the method that plays it, called ``method(hand, seat, event)`` (``seat``:
    #: the event's player, ``None`` for a table event).  Each game fills it in its class body.
    handlers: ClassVar[Mapping[type[Event], Callable[..., None]]] = {}

    def handler_for(self, event: Event) -> Callable[..., None]:
        """The game's handler for an event whose own class is not in :attr:`handlers` (a subclass of
        one that is); an event of another game cannot be replayed."""
        for cls in type(event).__mro__:
            if cls in self.handlers:
                return self.handlers[cls]
        raise InputError(
            f"{type(event).__name__} is not an action of {self.game_words or self.rulebook.game.replace('_', ' ')}",
            hand=self.setup.number, action=self.action,
            hint=self.event_hint,
        )

    #: the game in words for that error (default: the rulebook's game name), and the hint: what it plays
    game_words = ""
    event_hint = ""


def round_rules(
    rulebook: Rulebook,
    prefix: str,
    limit: int,
    *,
    check_allowed: bool,
    order_rule: str,
    check_rule: str,
    no_check_rule: str,
    limits_rule: str,
) -> BettingRules:
    """A betting round's rules from the game's options (``<prefix>.betting``, ``.bet_min``, ``.raise_cap``,
    ``.opening_bet_counts_as_raise``, ``.check_raise``) and ``common.illegal_fix``.

    ``limit``: the round's spread/fixed limit; ``check_allowed``: whether a check is allowed while
    nobody has bet; the ``*_rule`` ids are cited for turn order, a check the round does not allow,
    a check after a bet, and bet sizes under spread or fixed limit.
    """
    key = ("betting", prefix, limit, check_allowed, order_rule, check_rule, no_check_rule, limits_rule)
    return house_rules(rulebook).made(
        key,
        lambda: _build_round_rules(
            rulebook, prefix, limit, check_allowed, order_rule, check_rule, no_check_rule, limits_rule
        ),
    )


def _build_round_rules(
    rulebook: Rulebook, prefix: str, limit: int, check_allowed: bool, order_rule: str, check_rule: str,
    no_check_rule: str, limits_rule: str,
) -> BettingRules:
    from referee.engine.betting import BettingRuleIds

    o = rulebook.options
    cap = o[f"{prefix}.raise_cap"]
    per_player, per_round = {"per_player_3": (3, None), "bet_plus_4_raises_total": (None, 4), "none": (None, None)}[
        str(cap)
    ]
    structure = str(o[f"{prefix}.betting"])
    ids = BettingRuleIds(
        order=cite(rulebook, order_rule),
        no_check_after_bet=cite(rulebook, no_check_rule),
        limits=cite(rulebook, limits_rule) if structure == "spread_limit" else f"{prefix}.betting",
        structure=f"{prefix}.betting",
        cap=f"{prefix}.raise_cap",
        check_raise=f"{prefix}.check_raise",
        check_allowed=check_rule,
    )
    return BettingRules(
        structure=structure,
        bet_min=int(o[f"{prefix}.bet_min"]),
        limit=limit if structure in ("spread_limit", "fixed_limit") else None,
        cap_per_player=per_player,
        cap_per_round=per_round,
        opening_bet_counts_as_raise=o[f"{prefix}.opening_bet_counts_as_raise"] == "yes",
        check_allowed=check_allowed,
        check_raise_allowed=o[f"{prefix}.check_raise"] == "allowed",
        fix=str(o["common.illegal_fix"]),
        ids=ids,
    )
