"""The lean hand core that every game's hand is built on: :class:`HandState` on :class:`BaseHand`.

A game is a subclass of :class:`HandState` (python-chess's variants are subclasses of its ``Board``):
class attributes describe the game (its rulebook name, rule-id prefix, direction of play, hand size,
the events it accepts with an example line each, its turn engine, the type of its state across
hands) and hooks play it (:meth:`HandState.begin` at the deal, :meth:`HandState.end` for the
outcome).  :mod:`referee.engine.games` is the registry that finds a game by name.

The two classes split as python-chess's ``Board`` and ``BaseBoard`` do:

* :class:`BaseHand` -- what every game has and builds itself with: the setup, seats and stacks, the
  table's order of play, the card places, the chips in the middle, the turn engine under way, the
  findings, the action counter and the phase; flagging, antes, dealing, discards and shows, betting
  rounds and the endings every game shares.  No game's rules are in it.
* :class:`HandState` -- the game's description, its hooks and the callers' protocol, which moves the
  state one event at a time:

  * :meth:`HandState.push` -- apply the next logged event (a ``Void`` replays the hand without the
    action it voids);
  * :meth:`HandState.prompt` and :meth:`HandState.to_act` -- whose turn it is and what he may do;
  * :meth:`HandState.legality` -- whether an event would be legal next, and what it would be flagged
    with, without changing the state;
  * :meth:`HandState.outcome` and :meth:`HandState.result` -- how the hand ends if the log stops here,
    without changing the state (:meth:`HandState.conclude`: on the state itself, for its owner);
  * :meth:`HandState.snapshot` and :meth:`HandState.copy`; :meth:`HandState.judged_later` and
    :meth:`HandState.over_reason` for a dispute or a refused line.

  Callers also read the base's state, never change it: the names, stacks and who is in (``live``), the
  phase, the action number, the findings, the log, the rulebook, the table, the card places (``places``,
  :meth:`BaseHand.hand_of`) and the chips in the middle (:meth:`BaseHand.middle`).

:class:`HandSetup` is what a hand starts from (the hand-file reader and the night build it)::

    HandSetup(rulebook, seats=[("Ann", 100), ("Bob", 100), ("Cy", 100)], dealer="Ann")

A hand's :meth:`HandState.copy` copies what the hand changes in place -- every list, dict and set,
the base's and the game's own, the card places, the turn engine -- and shares the rest (the setup,
the rulebook, names, numbers, tuples): a game keeps its own state in such containers or immutable
values and has no ``copy`` of its own to forget.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, Self, TypeVar, cast

from referee.cards import UNKNOWN, AnyCard, Card, format_cards, standard_deck
from referee.engine.betting import BettingRound, BettingRules, Verdict
from referee.engine.events import Deal, Draw, Event, GameSoFar, Show, Void, card_fields, cards_named
from referee.engine.findings import Finding, JudgedLater
from referee.engine.house import cite
from referee.engine.outcome import Carry, NextHand, Outcome, Penalty, PotResult
from referee.engine.places import MUCK, CardPlaces, PlaceKey
from referee.engine.pots import Middle, Pot, split_pot, uncalled_excess
from referee.engine.table import Seat, Table, make_seats
from referee.errors import CardError, InputError
from referee.i18n import N_, _, ngettext

if TYPE_CHECKING:
    from referee.engine.actions import Action
    from referee.engine.findings import FindingKind
    from referee.engine.options import OptionSpec
    from referee.engine.money import NightMoney
    from referee.engine.house import Rules
    from referee.engine.options import OptionValue

STANDARD_PACK: frozenset[Card] = frozenset(standard_deck())
#: what a hand changes in place, and its copy copies (a game's own state included)
_CONTAINERS: frozenset[type] = frozenset({list, dict, set})


@dataclass(frozen=True)
class HandSetup:
    """Where a hand starts: the rulebook, the seats clockwise with their stacks, the dealer.

    ``seats``: ``Seat`` objects or ``(name, stack)`` pairs, clockwise.  Players with no chips are
    not dealt in.  ``carry_in``: what the previous deal left (the game's :class:`Carry`).
    ``dealer_known``: False when the log does not say who dealt (a deal logged by its result alone):
    ``dealer`` is then only a placeholder seat, and the game makes no ruling that needs the dealer.
    ``shuffled``: the log marks the pack as shuffled before this deal (three-card brag, ``brag.shuffle``).
    """

    rulebook: Rules
    seats: tuple[Seat, ...]
    dealer: str
    number: int = 1
    carry_in: Carry = field(default_factory=Carry)
    dealer_known: bool = True
    shuffled: bool = False
    names: tuple[str, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "seats", make_seats(self.seats))
        object.__setattr__(self, "names", tuple(s.name for s in self.seats))
        if self.dealer not in self.names:
            raise InputError(_("the dealer {dealer!r} is not seated").format(dealer=self.dealer),
                             hint=_("seated: {players}").format(players=", ".join(self.names)))
        if self.carry_in.pot < 0 or getattr(self.carry_in, "passed_out", 0) < 0:
            raise InputError(_("a carried pot and a passed-out count cannot be negative"))


@dataclass(frozen=True, slots=True)
class Snapshot:
    """The table after one event: the action number, the phase, whose turn it is, and seat by seat
    (in the order of the setup's seats) the names, the stacks and who is still in; ``pot`` is every
    chip in the middle."""

    action: int
    phase: str
    to_act: str | None
    names: tuple[str, ...]
    stacks: tuple[int, ...]
    live: tuple[bool, ...]
    pot: int

    @property
    def in_hand(self) -> tuple[str, ...]:
        """The players still in the hand."""
        return tuple(n for n, alive in zip(self.names, self.live) if alive)


class HandValue(Protocol):
    """A hand's value at a showdown, as a game's ranking gives it: ``key`` orders the hands (the higher
    wins), ``name`` says it in words (``a pair of kings``)."""

    @property
    def key(self) -> Any: ...

    @property
    def name(self) -> str: ...


class Choices(Protocol):
    """What a player may do now, as a turn engine (or a game outside its turns) answers it: in words,
    and as the events he could log."""

    def describe(self, stack: int) -> list[str]: ...

    def events(self, player: str) -> list[Event]: ...


class TurnEngine(Protocol):
    """One kind of turn a game's hand goes through (a betting round, the commerce cycle, brag's stakes),
    as the hand asks the one under way: whose turn it is (``turn``, None: nobody's), the chips bet in
    it seat by seat (``bets``), whether it is over, what a player may do, a player leaving it, and
    its copy for a copied hand (on that hand's stacks and who is still in)."""

    turn: int | None
    bets: list[int]

    @property
    def closed(self) -> bool: ...

    def legal(self, seat: int) -> Choices: ...

    def remove(self, seat: int) -> None: ...

    def copy_for(self, stacks: list[int], live: list[bool]) -> Self: ...


@dataclass(frozen=True, slots=True)
class Prompt:
    """Whose turn it is, in which phase, and what he may do.

    ``legal``: the legal actions in words (``("fold", "call 2", "raise 1–2")``); ``options``: the
    structured answer (a betting round's :class:`~referee.engine.betting.LegalActions`, the draw's
    choices, ...), from which :meth:`events` makes legal events; ``stack``: the chips of the player to act.
    """

    phase: str
    to_act: str | None
    legal: tuple[str, ...] = ()
    options: Choices | None = None
    stack: int = 0

    def describe(self) -> list[str]:
        return list(self.legal)

    def events(self) -> list[Event]:
        """Legal events the player to act could log now (empty when nobody is to act)."""
        if self.options is None or self.to_act is None:
            return []
        return self.options.events(self.to_act)


@dataclass(frozen=True, slots=True)
class Legality:
    """The answer to "may he do that now?".

    ``legal``: no rule would be broken.  ``findings``: what the action would be flagged with (rule
    ids, messages, the remedy that would be applied).  ``to_act``: whose turn it is before the action;
    ``legal_actions``: when it is illegal in a betting round, what the acting player may do instead, in
    words (``["fold", "call 2", "raise 1–2"]``).
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


def handles(*kinds: type[Event]) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """Mark a method of a game as the one that plays these event kinds: ``method(self, seat, event)``,
    ``seat`` being the event's player (``None`` for a table event).  A subclass that overrides the
    method (same name) plays them its way."""

    def mark(method: Callable[..., None]) -> Callable[..., None]:
        method.plays = kinds  # type: ignore[attr-defined]
        return method

    return mark


#: the type of a game's carry (:attr:`HandState.carry_type`): what its hands read as ``carry_in``
CarryT = TypeVar("CarryT", bound=Carry)


class BaseHand(Generic[CarryT]):
    """A hand as the game builds it: the seats and their stacks, the table's order of play, the card
    places, the chips in the middle, the turn engine under way, the findings, the action counter and
    where the hand is (its phase, and how it ended), with the toolkit every game plays itself with
    (flagging, antes, dealing, discards and shows, betting rounds, the shared endings).

    The game's side of a hand: callers use :class:`HandState`'s protocol (python-chess's ``BaseBoard``
    under its ``Board``)."""

    #: +1: play and the deal go clockwise (left of the dealer first); -1: counter-clockwise (La Viuda)
    direction: ClassVar[int] = 1

    #: the type of the state this game threads from hand to hand (the class's ``CarryT``)
    carry_type: ClassVar[type[Carry]] = Carry

    def __init__(self, setup: HandSetup) -> None:
        self.setup = setup
        self.rulebook = setup.rulebook
        self.table = Table(setup.names, setup.dealer, self.direction)
        self.names = self.table.names
        self.n = self.table.size
        self.stacks: list[int] = [s.stack for s in setup.seats]
        self.start_stacks = tuple(self.stacks)
        self.dealt_in = tuple([s > 0 for s in self.stacks])
        self.live = list(self.dealt_in)
        self.carry_in = cast(CarryT, self.carry_type.adopt(setup.carry_in))  # carry_type is the class's CarryT
        self.pot = Middle(self.n, setup.carry_in.pot)  # the chips in the middle: the carried pot to begin with
        self.total = sum(self.stacks) + self.pot.dead
        self.places = CardPlaces(self.n)
        self.cards_of_pack = self.pack()
        self._pack_or_unseen = self.cards_of_pack | {UNKNOWN}  # what a line may name
        self.shown: dict[int, tuple[Card, ...]] = {}
        self.mucked: set[int] = set()
        self.findings: list[Finding] = []
        self.penalties: list[Penalty] = []
        self.round: TurnEngine | None = None  # the turn engine under way, if any
        self.betting_rounds: list[BettingRound] = []  # the hand's finished betting rounds, in order
        #: how the hand ended (passed out, a misdeal, a false open, ...), once nothing more is played in it:
        #: the one record of its end (its :attr:`phase` is then ``over``; a game's :meth:`over_reason` words it)
        self.ended: str | None = None
        self._step = "deal"  # the phase while the hand has not ended
        self.action = 0  # the number of the last event pushed

    @property
    def phase(self) -> str:
        """Where the hand is (``deal``, ``round1``, ``draw``, ``showdown``, ...): ``over`` once it has
        ended (:attr:`ended` says how).  A game moves it on by setting it, and ends the hand by setting
        :attr:`ended`."""
        return self._step if self.ended is None else "over"

    @phase.setter
    def phase(self, step: str) -> None:
        if step == "over":
            raise ValueError("a hand ends by its ended (how it ended), not by its phase")
        self._step = step

    @property
    def options(self) -> Mapping[str, OptionValue]:
        """The house's options in force for this hand (its rulebook's)."""
        return self.rulebook.options

    # ------------------------------------------------------------------ helpers

    def cite(self, rule_id: str) -> str:
        """The rule id to cite for ``rule_id`` under this rulebook (its nearest parent it has)."""
        return cite(self.rulebook, rule_id)

    def seat_of(self, name: str) -> int:
        """The seat of a player named in an event; an unseated name cannot be replayed."""
        seat = self.table.index.get(name)
        if seat is None:
            raise InputError(
                _("{name!r} is not seated at this table").format(name=name),
                hand=self.setup.number, action=self.action,
                hint=_("seated: {players}").format(players=", ".join(self.names)),
            )
        return seat

    def flag(
        self,
        code: str,
        message: str,
        rule: str | None = None,
        *,
        player: int | str | None = None,
        remedy: str | None = None,
        action: int | None | bool = True,
        about: int | None = None,
    ) -> Finding:
        """Record a finding at the current action (``action=False``: found at the end of the hand)."""
        who = self.names[player] if isinstance(player, int) else player
        number = self.action if action is True else (None if action is False else action)
        finding = Finding(code, message, rule, number or None, who, remedy, about)
        self.findings.append(finding)
        return finding

    def middle(self) -> int:
        """All chips in the middle: dead chips, closed pots, banked bets and the current round's bets."""
        total = self.pot.total()
        if self.round is not None:
            total += sum(self.round.bets)
        return total

    def contributed(self) -> list[int]:
        """Chips each seat bet in this hand so far (antes and closed pots excluded)."""
        banked = self.pot.banked
        if self.round is None:
            return list(banked)
        return [b + r for b, r in zip(banked, self.round.bets)]

    def _check_conservation(self) -> None:
        """Internal invariant: chips are neither made nor lost.  A failure is a bug, not a user error."""
        assert sum(self.stacks) + self.middle() == self.total, (
            f"chips not conserved at action {self.action}: stacks {self.stacks}, middle {self.middle()}, "
            f"expected total {self.total}"
        )

    def in_hand(self) -> list[int]:
        return [s for s in range(self.n) if self.live[s]]

    # ------------------------------------------------------------------ the pack, antes and cards

    def pack(self) -> frozenset[Card]:
        """The cards of this game's pack under its options (default: the 52 cards)."""
        return STANDARD_PACK

    def pack_hint(self, card: Card) -> str:
        """How to fix a card that is not in the pack."""
        return _("correct the card")

    def post_ante(self, seat: int, amount: int, rule: str) -> None:
        """``seat`` puts ``amount`` dead chips in (what he has, if less: noted)."""
        paid = min(amount, self.stacks[seat])
        if paid < amount:
            self.flag("ante_short", _("{player} could ante only {paid} of {amount}").format(
                player=self.names[seat], paid=paid, amount=amount), rule, player=seat, action=False)
        self.stacks[seat] -= paid
        self.pot.dead += paid

    def describe_place(self, place: PlaceKey) -> str:
        if isinstance(place, int):
            return self.names[place]
        if place.startswith("kept:"):
            return _("{player}'s face-down discards").format(player=self.names[int(place[5:])])
        return {"muck": _("the muck"), "widow": _("the widow")}.get(str(place)) or f"the {place}"

    def card_elsewhere(self, card: Card, place: PlaceKey, what: str) -> CardError:
        """The error for a card the log places elsewhere than where ``what`` puts it."""
        holder = self.describe_place(place)
        message = (_("{what} {card} but {holder} holds it") if isinstance(place, int)
                   else _("{what} {card} but {holder} is where it lies"))
        return CardError(
            message.format(what=what, card=card.text, holder=holder),
            hand=self.setup.number, action=self.action,
            hint=_("each card is in the pack once: correct the card"),
        )

    def deal_to(self, place: PlaceKey, cards: Sequence[AnyCard]) -> None:
        """Cards dealt into ``place`` (a seat's hand, the widow); a known card the log places
        elsewhere, or that is not in this game's pack, cannot be replayed."""
        clash = self.places.deal(place, cards, self.cards_of_pack)
        if clash is None:
            return
        card, where = clash
        if where is None:
            message = (_("{card} is dealt to {place}, but this game's pack has no joker") if card.is_joker
                       else _("{card} is dealt to {place}, but this game's pack has no {card}"))
            raise CardError(message.format(card=card.text, place=self.describe_place(place)),
                            hand=self.setup.number, action=self.action, hint=self.pack_hint(card))
        message = (_("{card} is dealt to {place} but {holder} already holds it") if isinstance(where, int)
                   else _("{card} is dealt to {place} but {holder} is where it lies"))
        raise CardError(
            message.format(card=card.text, place=self.describe_place(place), holder=self.describe_place(where)),
            hand=self.setup.number, action=self.action,
            hint=_("each card is in the pack once: correct the card"),
        )

    def discard(self, seat: int, named: Sequence[AnyCard], count: int, to: PlaceKey = MUCK) -> tuple[AnyCard, ...]:
        """``seat`` gives up ``count`` cards, the ``named`` ones among them, into ``to`` (the muck, or
        his face-down discards).  Returns what left his hand (known cards where named)."""
        places = self.places
        if named:
            clash = places.elsewhere(named, seat)
            if clash is not None:
                raise self.card_elsewhere(clash[0], clash[1], _("{player} discards").format(player=self.names[seat]))
        removed, strays = places.remove(seat, named, count)
        for c in strays:
            self.flag("discard_not_in_hand",
                      _("{player} discarded {card}, which the log does not show in his hand").format(
                          player=self.names[seat], card=c.text), player=seat)
        gone = tuple(removed)
        places.add(to, gone)
        return gone

    def hand_of(self, seat: int) -> tuple[AnyCard, ...]:
        """The cards in ``seat``'s hand as the log knows them (``??`` for unseen ones)."""
        return self.places.cards.get(seat, ())

    def known_hand(self, seat: int) -> tuple[Card, ...] | None:
        """``seat``'s cards when every one is known (his shown hand wins over the log's tracking)."""
        if seat in self.shown:
            return self.shown[seat]
        return self.places.known(seat)

    def show(self, seat: int, shown: Sequence[AnyCard]) -> None:
        """``seat`` lays his hand face up: known cards are checked against what the log says he holds,
        and against every other place (a card cannot be in two hands)."""
        known = tuple([c for c in shown if type(c) is Card])
        who = self.names[seat]
        if len(known) < len(shown):
            self.flag("show_unreadable", _("{player}'s shown hand has unreadable cards ({cards})").format(
                player=who, cards=format_cards(shown)), player=seat)
            return
        held = len(self.places.cards[seat])
        clash, strange = self.places.lay_down(seat, known)  # type: ignore[arg-type]
        if clash is not None:
            raise self.card_elsewhere(clash[0], clash[1], _("{player} shows").format(player=who))
        if strange and len(known) >= held:
            self.flag("show_contradicts_log",
                      _("{player} showed {cards} but the log has {player} holding {held}").format(
                          player=who, cards=format_cards(known), held=format_cards(strange)),
                      player=seat)
        self.shown[seat] = known  # type: ignore[assignment]

    def shown_hand_plays(self, seat: int, rule: str) -> bool:
        """A muck by ``seat`` after he showed his hand face up concedes nothing: the shown hand plays
        (cards speak, ``rule``); noted, and True when that is so (the muck is then ignored)."""
        if seat not in self.shown:
            return False
        self.flag("shown_hand_mucked", _("{player} threw in his hand after showing {cards}: a hand shown face up "
                                         "plays (cards speak)").format(player=self.names[seat],
                                                                      cards=format_cards(self.shown[seat])),
                  rule, player=seat, remedy=_("the muck is ignored: the shown hand plays"))
        return True

    # ------------------------------------------------------------------ betting

    def open_round(self, rules: BettingRules, first: int, name: str) -> BettingRound:
        self.round = BettingRound(rules, self.table, self.stacks, self.live, first, self.middle(), name)
        return self.round

    def betting_event(self, seat: int, event: Event) -> Verdict:
        """Judge and apply a betting event in the current round; flag what it broke."""
        rnd = self.round
        assert isinstance(rnd, BettingRound)
        verdict = rnd.judge(seat, event)
        for breach in verdict.breaches:
            self.flag(breach.code, breach.message, breach.rule, player=seat, remedy=breach.remedy)
        rnd.commit(seat, verdict)
        return verdict

    def rounds_bet(self) -> list[BettingRound]:
        """The hand's betting rounds so far, the one under way last."""
        rnd = self.round
        return [*self.betting_rounds, rnd] if isinstance(rnd, BettingRound) else self.betting_rounds

    @property
    def last_aggressor(self) -> int | None:
        """The seat that bet or raised last in the hand (None: nobody has), as its betting rounds keep it."""
        for rnd in reversed(self.rounds_bet()):
            if rnd.last_aggressor is not None:
                return rnd.last_aggressor
        return None

    def bank_round(self) -> None:
        """Move the finished round's bets into the hand's contributions.

        A bet nobody could call (the others folded short or are all in for less) goes back to its
        owner first, as at the table -- unless he is the only one left, when the whole pot is his
        anyway (or stays on the table after a false open, jackpots.7: "his chips stay in the pot").
        """
        rnd = self.round
        if rnd is None:
            return
        bets = rnd.bets
        if self.live.count(True) > 1:
            excess = uncalled_excess(bets, self.live)
            if excess is not None:
                seat, chips = excess
                bets[seat] -= chips
                self.stacks[seat] += chips
        self.pot.bank(bets)
        if isinstance(rnd, BettingRound):
            self.betting_rounds.append(rnd)
        self.round = None

    def put_out(self, seat: int) -> None:
        """``seat`` leaves the hand; his chips stay in the pot (folded or ruled out)."""
        self.live[seat] = False
        if self.round is not None:
            self.round.remove(seat)

    def return_bets(self) -> None:
        """Every bet of the hand goes back to its owner (misdeal); dead chips stay."""
        for s, c in enumerate(self.contributed()):
            self.stacks[s] += c
        self.pot.banked = [0] * self.n
        self.round = None

    def close_pot(self, eligible: Sequence[int]) -> Pot:
        """Close everything now in the middle into one pot for ``eligible`` (a brag cover freezes the
        main pot); later bets build the pots above it."""
        self.bank_round()
        return self.pot.close(eligible)

    # ------------------------------------------------------------------ endings

    def next_dealer(self) -> str:
        """The next dealer in the game's direction of play."""
        return self.names[self.table.after(self.table.dealer)]

    def showdown_pots(
        self,
        contenders: set[int],
        values: Mapping[int, HandValue],
        rule: str,
        excluded: set[int] | None = None,
    ) -> tuple[list[PotResult], int, int, list[str]]:
        """Award every pot among the ``contenders`` that may win it, the best hand taking each.

        ``values``: the hand value of each contender whose hand is known.  A pot whose contenders are
        not all known is undecided.  ``excluded``: players who are in the pots' eligibility (their
        chips shaped the side pots) but may not win (a false opener at the showdown).
        Returns (pots, chips carried as odd chips, chips undecided, names whose hands must be shown).
        """
        self.bank_round()
        pots = self.pot.pots(self.live)
        names, stacks = self.names, self.stacks
        may_win = contenders - excluded if excluded else contenders
        results: list[PotResult] = []
        carried = undecided = 0
        must_show: list[str] = []
        for pot in pots:
            amount = pot.amount
            entitled = tuple([names[s] for s in pot.eligible])
            eligible = [s for s in pot.eligible if s in may_win]
            if not eligible:
                carried += amount
                results.append(PotResult(amount, entitled, (), {}, True, amount, rule, None))
                continue
            if len(eligible) == 1:
                alone = eligible[0]
                stacks[alone] += amount
                shown = values[alone].name if alone in values else None
                results.append(PotResult(amount, entitled, (names[alone],), {names[alone]: amount}, True, 0, rule,
                                         shown))
                continue
            unknown = [s for s in eligible if s not in values]
            if unknown:
                undecided += amount
                must_show += [names[s] for s in unknown if names[s] not in must_show]
                results.append(PotResult(amount, entitled, (), {}, False, 0, rule, None))
                continue
            keys = [values[s].key for s in eligible]
            top = max(keys)
            if keys.count(top) == 1:  # one best hand: the whole pot
                best = eligible[keys.index(top)]
                stacks[best] += amount
                results.append(PotResult(amount, entitled, (names[best],), {names[best]: amount}, True, 0, rule,
                                         values[best].name))
                continue
            winners = [s for s in self.table.from_dealers_left() if s in eligible and values[s].key == top]
            split = split_pot(amount, winners, self.table, str(self.options["common.showdown_tie"]))
            for s, chips in split.shares.items():
                stacks[s] += chips
            carried += split.left_over
            rule_used = rule if len(winners) == 1 else self.cite("common.showdown_tie")
            results.append(PotResult(
                amount, entitled, tuple(names[s] for s in winners),
                {names[s]: chips for s, chips in split.shares.items()}, True, split.left_over, rule_used,
                values[winners[0]].name,
            ))
        self.pot.clear()
        return results, carried, undecided, must_show

    def award_all(self, seat: int, rule: str) -> list[PotResult]:
        """Everybody else folded: ``seat`` takes every chip in the middle."""
        self.bank_round()
        amount = self.pot.clear()
        self.stacks[seat] += amount
        winner = self.names[seat]
        return [PotResult(amount, (winner,), (winner,), {winner: amount}, True, 0, rule, None)]

    def carry_all(self) -> int:
        """Every chip in the middle stays on the table for the next deal."""
        self.bank_round()
        return self.pot.clear()

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
        names, final, start = self.names, self.stacks, self.start_stacks
        in_middle = self.middle() if kind == "in_progress" else 0
        assert sum(final) + carried + undecided + in_middle == self.total, (
            f"chips not conserved in the outcome: stacks {final}, carried {carried}, undecided {undecided}, "
            f"total {self.total}"
        )
        return Outcome(
            kind, tuple(pots), dict(zip(names, final)), {n: f - s for n, f, s in zip(names, final, start)},
            carried, undecided, tuple(self.penalties), next_hand, tuple([names[s] for s in showdown_order]),
            summary, in_middle,
        )

    # -- the endings every game shares

    def carry_out(self, pot: int, ended: str) -> tuple[Carry, tuple[str, ...]]:
        """What this hand leaves to the next deal: the game's carry holding ``pot``, and what the next
        deal owes, in words.  ``ended`` is the outcome's kind.  Games with state across hands override it."""
        return self.carry_type.holding(pot), ()

    def next_hand(self, pot: int, ended: str, *, same_dealer: bool = False) -> NextHand:
        carry, obligations = self.carry_out(pot, ended)
        dealer = self.names[self.table.dealer] if same_dealer else self.next_dealer()
        return NextHand(dealer, carry, same_dealer, obligations)

    def end_passed_out(self, rule: str, why: str, *, same_dealer: bool = False) -> Outcome:
        """Nobody bet (or opened): the deal is void and every chip stays for the next one."""
        amount = self.carry_all()
        self.flag("passed_out", _("{why}: the deal is void and the pot of {amount} stays").format(why=why, amount=amount),
                  rule, action=False)
        return self.make_outcome(
            "passed_out", [PotResult(amount, (), left_over=amount, rule=rule)], amount, 0,
            self.next_hand(amount, "passed_out", same_dealer=same_dealer),
            ngettext("passed out: {count} chip carried to the next deal",
                     "passed out: {count} chips carried to the next deal", amount).format(count=amount),
        )

    def end_misdeal(self, rule: str) -> Outcome:
        """A misdeal: the bets went back; the antes stay and the same dealer deals again."""
        amount = self.carry_all()
        return self.make_outcome(
            "misdeal", [PotResult(amount, (), left_over=amount, rule=rule)], amount, 0,
            self.next_hand(amount, "misdeal", same_dealer=True),
            ngettext("misdeal: {dealer} deals again; {count} chip stays in the pot",
                     "misdeal: {dealer} deals again; {count} chips stay in the pot", amount).format(
                dealer=self.names[self.table.dealer], count=amount),
        )

    def end_uncontested(self, winner: int, rule: str) -> Outcome:
        """Everybody else dropped: ``winner`` takes every chip in the middle."""
        pots = self.award_all(winner, rule)
        return self.make_outcome("uncontested", pots, 0, 0, self.next_hand(0, "uncontested"),
                                 _("{player} wins {amount} uncontested").format(player=self.names[winner],
                                                                                 amount=pots[0].amount))

    def end_showdown(self, pots: Sequence[PotResult], carried: int, undecided: int,
                     order: Sequence[int] = ()) -> Outcome:
        """The outcome of a showdown whose pots are awarded (or left undecided)."""
        return self.make_outcome("showdown", pots, carried, undecided, self.next_hand(carried, "showdown"),
                                 showdown_summary(pots), order)

    def in_progress(self) -> Outcome:
        """The outcome of a hand the log has not finished: every chip still in the middle."""
        return self.make_outcome(
            "in_progress", [], 0, 0, self.next_hand(0, "in_progress"),
            ngettext("in progress ({phase}): {count} chip in the middle",
                     "in progress ({phase}): {count} chips in the middle", self.middle()).format(
                phase=self.phase, count=self.middle()),
        )


class HandState(BaseHand[CarryT]):
    """The state of one hand of a game being played or replayed: the game's description and hooks, and
    the protocol its callers use (push, prompt, legality, outcome, ...).  Subclasses are the games, each
    of its carry's type (``class Stud(HandState[PokerCarry])``: its ``carry_in`` is a ``PokerCarry``)."""

    # ------------------------------------------------------------------ the game's description

    #: the rulebook's game name (``jackpots``), how a hand file and a rulebook name the game
    name: ClassVar[str] = ""

    #: the game in words, and other names people use for it
    title: ClassVar[str] = ""

    aliases: ClassVar[tuple[str, ...]] = ()

    #: rule-id prefix of the game's own rules and options (``jackpots.6``, ``draw.limit_pre``)
    prefix: ClassVar[str] = ""

    #: cards in a player's hand
    hand_size: ClassVar[int] = 5

    #: True: a ``dealt`` line gives a player's whole hand (``??`` for cards nobody saw); False: his cards
    #: come a few at a time (stud) and only the total is bounded
    deals_whole_hand: ClassVar[bool] = True

    #: True: a ``shows`` line (not openers or discards) is the player's whole hand
    shows_whole_hand: ClassVar[bool] = True

    #: the events a hand of this game may hold, each with an example line of the hand file
    events: ClassVar[Mapping[type[Event], str]] = {}

    #: what a ``Declare`` may say in this game
    declarations: ClassVar[frozenset[str]] = frozenset()

    #: the game's own house-rule options (:mod:`referee.engine.options`); ``shared`` ones its variants
    #: play under too.  The rulebook adds the options common to every game.
    house_options: ClassVar[tuple[OptionSpec, ...]] = ()

    #: the game's spread limit, if it has one: (the structure option, the smallest bet, the limits it must
    #: fit under), checked as its rulebook loads (a smallest bet above a limit leaves no bet to make)
    spread_limit: ClassVar[tuple[str, str, tuple[str, ...]] | None] = None

    #: the game's own actions (:mod:`referee.engine.actions`): their hand-format words, finding codes
    #: and what the table's ``?`` asks about (the shared ones, bets, stakes, exchanges, shows, are declared
    #: where their turn engine lives: :data:`referee.engine.games.common.SHARED_ACTIONS`)
    actions: ClassVar[tuple[Action, ...]] = ()

    #: the finding codes the game's own rulings flag, each with its kind and meaning (those of any game and
    #: of the shared turn engines are :data:`referee.engine.findings.CODES` already)
    finding_codes: ClassVar[Mapping[str, tuple[FindingKind, str]]] = {}

    #: the rules a dispute cites, by its topic (``false_open``, ``over_limit``: the topics of
    #: :mod:`referee.dispute.questions`), when the log shows nothing broken: the first the rulebook has
    dispute_rules: ClassVar[Mapping[str, tuple[str, ...]]] = {}

    #: the game's own finding codes that decide a dispute, by its topic (those the shared turn engines
    #: and every game flag are the topics' own: :mod:`referee.dispute.questions`)
    dispute_codes: ClassVar[Mapping[str, tuple[str, ...]]] = {}

    #: what the table could enter to decide a finding the log cannot (an ``unverifiable`` one), by its
    #: code, as a dispute's "what would decide it" (``{player}`` filled in); a game adds its own codes
    dispute_needs: ClassVar[Mapping[str, str]] = {
        "showdown_unverifiable": N_("{player}'s hand shown (e.g. --decide \"{player}: shows As Ad Kc Kd 2s\")"),
        "show_unreadable": N_("{player}'s hand shown in full (e.g. --decide \"{player}: shows As Ad Kc Kd 2s\")"),
    }

    #: the game's phases (:attr:`phase`) as a scorekeeper says them (``round1``: "first betting round"),
    #: beside those of the games it varies and these of every game (:func:`referee.engine.games.phase_words`)
    phase_words: ClassVar[Mapping[str, str]] = {
        "deal": N_("the deal"), "showdown": N_("the showdown"), "over": N_("over"), "uncontested": N_("the pot uncontested"),
    }

    #: events still taken once the hand is over (showing cards, raking the pot)
    after_end: ClassVar[frozenset[type[Event]]] = frozenset()

    #: phases in which :meth:`gate` decides first whether an event is played at all
    gated_phases: ClassVar[frozenset[str]] = frozenset({"over"})

    #: the turn engine of the game's betting or exchanges (``BettingRound``, ...); ``None``: none
    turns: ClassVar[type | None] = None

    #: the game's own money across a night (a pool, a fund, a bill): its hook for the ledger; ``None``:
    #: chips are all its money (:mod:`referee.engine.money`)
    night_money: ClassVar[type[NightMoney] | None] = None

    #: False for a game whose rules the engine does not play yet (its hand files are read, not replayed)
    replays: ClassVar[bool] = True

    #: True when a hand file may leave the dealer unsaid: the game works him out (:meth:`infer_dealer`)
    dealer_may_be_unknown: ClassVar[bool] = False

    #: event kind -> the method that plays it (built from the ``@handles`` marks of the class and its bases)
    handlers: ClassVar[Mapping[type[Event], Callable[..., None]]] = {}

    #: event kind -> its fields that name cards, for every kind of :attr:`events` that names any (built with
    #: the class: a game's own kinds are checked against its pack like a deal or a show)
    card_events: ClassVar[Mapping[type[Event], tuple[str, ...]]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        plays: dict[type[Event], str] = {}
        for klass in reversed(cls.__mro__):
            for attr, value in vars(klass).items():
                for kind in getattr(value, "plays", ()):
                    plays[kind] = attr
        # a subclass that sets the method to None does not play those kinds (La Viuda has no betting)
        cls.handlers = {kind: h for kind, attr in plays.items() if (h := getattr(cls, attr)) is not None}
        cls.card_events = {kind: names for kind in cls.events if (names := card_fields(kind))}

    @classmethod
    def words(cls) -> str:
        """The game in words (its title, else its name with spaces)."""
        return cls.title or cls.name.replace("_", " ")

    # ------------------------------------------------------------------ a hand

    def __init__(self, setup: HandSetup, voided: frozenset[int] = frozenset()) -> None:
        super().__init__(setup)
        self.log: list[Event] = []  # the events pushed, voided ones included (a Void replays them)
        self.voided = voided
        if sum(self.dealt_in) < 2:  # a deal needs two players who can play (no chips: not dealt in)
            holding = [self.names[s] for s in range(self.n) if self.dealt_in[s]]
            message = (_("only {player} has chips: a hand needs two players with chips").format(player=holding[0])
                       if holding else _("no player at the table has chips: a hand needs two players with chips"))
            raise InputError(message, hand=setup.number,
                             hint=_("chips added between hands ('Bob adds 20') or a player sitting down let the night "
                                    "go on"))
        self.begin()

    # ------------------------------------------------------------------ the protocol

    def copy(self) -> Self:
        """An independent copy of this hand (what :meth:`legality` and :meth:`outcome` play on).

        Every list, dict and set of the hand -- the base's and the game's own alike -- is copied (a
        game keeps its state in such containers or in immutable values, and overrides nothing); the
        card places, the chips in the middle and the turn engine copy themselves; the rest (the setup, the rulebook, names,
        numbers, tuples, frozen records) is shared."""
        twin = object.__new__(type(self))
        state = twin.__dict__
        state.update(self.__dict__)
        for name, value in state.items():
            if type(value) in _CONTAINERS:
                state[name] = value.copy()
        twin.places = self.places.copy()
        twin.pot = self.pot.copy()
        if self.round is not None:
            twin.round = self.round.copy_for(twin.stacks, twin.live)
        return twin

    def push(self, event: Event) -> None:
        """Apply the next event of the hand (its action number is one more than the last).

        Raises :class:`~referee.errors.InputError` only for input that cannot be replayed at all (a
        player not seated, a card held twice, an event of another game), placed at this hand and
        action; everything a player did wrong is a finding.  After such an error the state is not
        to be used any more (:meth:`legality` first when the input is doubtful).
        """
        self.action = number = self.action + 1
        self.log.append(event)
        if number in self.voided:
            return  # logged, but void: a later correction says it did not happen
        handler = self.handlers.get(type(event))
        if handler is None:
            if isinstance(event, Void):
                self._void(event)
                return
            words = self.words()
            raise self._placed(InputError(
                _("{event} is not an action of {game}").format(event=type(event).__name__, game=words),
                hint=_("{game} actions: {actions}").format(
                    game=words, actions="; ".join(dict.fromkeys(type(self).events.values()))),
            ), event)
        player = getattr(event, "player", None)
        try:
            if player is None:
                seat = None
            else:
                seat = self.table.index.get(player)
                if seat is None:
                    self.seat_of(player)  # raises: not seated
            fields = self.card_events.get(type(event))
            if fields is not None:  # a bet or a fold names no card: nothing impossible to refuse
                self._refuse_impossible(seat, event, fields)
            if self.phase not in self.gated_phases or self.gate(seat, event):
                handler(self, seat, event)
        except InputError as err:  # placed at this action and its source line (every error here is this hand's)
            raise self._placed(err, event) from None

    def _refuse_impossible(self, seat: int | None, event: Event, fields: tuple[str, ...]) -> None:
        """Input no table could have produced is refused, not ruled on: a card this game's pack does
        not hold, or a deal, show or draw of more (or fewer) cards than the game's hand (``push``
        asks it of every event that names cards)."""
        allowed = self._pack_or_unseen
        for name in fields:
            value = getattr(event, name)
            if not allowed.issuperset(value if type(value) is tuple else (value,)):
                self._refuse_card(event)  # a card outside the pack (or an arranged hand: looked into)
        if seat is None:
            return
        size = self.hand_size
        if isinstance(event, Deal):  # no event kind derives from another: isinstance is the kind
            count = len(event.cards)
            if self.deals_whole_hand:
                if count != size:
                    who = self.names[seat]
                    self._refuse_count(ngettext("{player} is dealt {count} card", "{player} is dealt {count} cards",
                                                count).format(player=who, count=count),
                                       ngettext("write the {count} card {player} was dealt, ?? for those nobody saw",
                                                "write the {count} cards {player} was dealt, ?? for those nobody saw",
                                                size).format(count=size, player=who))
            elif len(self.hand_of(seat)) + count > size:
                held = len(self.hand_of(seat))
                self._refuse_count(ngettext("{player} is dealt {count} more card but holds {held}",
                                            "{player} is dealt {count} more cards but holds {held}", count).format(
                                       player=self.names[seat], count=count, held=held),
                                   _("correct the deal: each player gets the game's cards once"))
        elif isinstance(event, Show):
            count = len(event.cards)
            if event.purpose == "hand":
                if seat in self.shown:  # a line entered twice (two recorders)
                    raise InputError(_("{player} has already shown {cards}").format(
                        player=self.names[seat], cards=format_cards(self.shown[seat])),
                        hint=_("a hand is shown once: leave out the repeated line"))
                if self.shows_whole_hand and count != size:
                    self._refuse_count(ngettext("{player} shows {count} card", "{player} shows {count} cards",
                                                count).format(player=self.names[seat], count=count),
                                       ngettext("write the {count} card of the hand", "write the {count} cards of the hand",
                                                size).format(count=size))
            if count > size:
                self._refuse_count(ngettext("{player} shows {count} card as his {purpose}",
                                            "{player} shows {count} cards as his {purpose}", count).format(
                                       player=self.names[seat], count=count, purpose=event.purpose),
                                   ngettext("write at most {count} card", "write at most {count} cards", size).format(
                                       count=size))
        elif isinstance(event, Draw) and event.count > size:
            self._refuse_count(ngettext("{player} draws {count} card", "{player} draws {count} cards",
                                        event.count).format(player=self.names[seat], count=event.count),
                               ngettext("a player draws at most the {count} card of his hand",
                                        "a player draws at most the {count} cards of his hand", size).format(count=size))

    def _refuse_card(self, event: Event) -> None:
        """The card of ``event`` that this game's pack does not hold, refused."""
        for c in cards_named(event):
            if c not in self.cards_of_pack:
                raise CardError(_("{card} is not a card of the {game} pack").format(card=c.text, game=self.words()),
                                hint=self.pack_hint(c))

    def _refuse_count(self, what: str, hint: str) -> None:
        """A hand of the wrong size for the game, refused with the size expected: ``what`` says what the
        player did (``Bob is dealt 4 cards``)."""
        size = self.hand_size
        raise InputError(what + ": " + ngettext("a {game} hand is {count} card", "a {game} hand is {count} cards",
                                                size).format(game=self.words(), count=size), hint=hint)

    def _placed(self, err: InputError, event: Event) -> InputError:
        return err.at(self.setup.number, self.action, line=event.line)  # type: ignore[return-value]

    def _void(self, event: Void) -> None:
        target = event.action
        if not 1 <= target < self.action:
            raise self._placed(InputError(
                _("action {action} voids action {target}, which is not an earlier action of this hand").format(
                    action=self.action, target=target),
                hint=_("a correction voids an action logged before it"),
            ), event)
        if target not in self.voided:  # a correction as it is entered: replay the hand without it
            fresh = type(self)(self.setup, self.voided | {target})
            for earlier in self.log[:-1]:
                fresh.push(earlier)
            fresh.log.append(event)
            fresh.action = self.action
            self.__dict__ = fresh.__dict__
        reason = f" ({event.reason})" if event.reason else ""
        self.flag("action_voided", _("action {target} is void{reason}").format(target=target, reason=reason),
                  remedy=_("skipped on replay"))

    def snapshot(self) -> Snapshot:
        """The table now.  Checked: chips are neither made nor lost (a replay takes one after every
        event, so the invariant is checked event by event)."""
        stacks = tuple(self.stacks)
        pot = self.middle()
        if sum(stacks) + pot != self.total:
            self._check_conservation()  # fails, with the details
        return Snapshot(self.action, self.phase, self.to_act(), self.names, stacks, tuple(self.live), pot)

    def to_act(self) -> str | None:
        """Whose turn it is (``None``: nobody's, or the log does not say)."""
        rnd = self.round
        if rnd is not None and rnd.turn is not None:
            return self.names[rnd.turn]
        return self.expected_actor()

    def prompt(self) -> Prompt:
        """Whose turn it is now and what he may do: what the live recorder prompts for."""
        rnd = self.round
        if rnd is not None and rnd.turn is not None:
            seat = rnd.turn
            legal = rnd.legal(seat)
            stack = self.stacks[seat]
            return Prompt(self.phase, self.names[seat], tuple(legal.describe(stack)), legal, stack)
        return self.prompt_outside_turns()

    def legality(self, event: Event) -> Legality:
        """Whether ``event`` would be legal if it came next, and what it would be flagged with; this
        state does not change (the event is played on a copy).

        Only findings of severity ``error`` make it illegal; notes and answers do not.
        """
        twin = self.copy()
        count = len(twin.findings)
        twin.push(event)
        if len(twin.findings) == count:  # flagged with nothing, as most actions are
            return Legality(True, (), self.to_act())
        new = tuple(f for f in twin.findings[count:] if f.action == twin.action)
        legal = all(f.severity != "error" for f in new)
        legal_actions: tuple[str, ...] = ()
        seat = self.table.index.get(getattr(event, "player", None) or "")
        rnd = self.round
        if not legal and rnd is not None and seat is not None and self.live[seat] and self.stacks[seat] > 0 \
                and not rnd.closed:
            legal_actions = tuple(rnd.legal(seat).describe(self.stacks[seat]))
        return Legality(legal, new, self.to_act(), legal_actions)

    def outcome(self) -> Outcome:
        """How the hand ends if the log stops here; this state does not change."""
        return self.result()[0]

    def result(self) -> tuple[Outcome, tuple[Finding, ...]]:
        """The outcome and every finding of the hand (those found at its end included), worked out
        on a copy: this state does not change."""
        return self.copy().conclude()

    def conclude(self) -> tuple[Outcome, tuple[Finding, ...]]:
        """:meth:`result` worked out on this state itself, which is then finished with (nothing more
        is pushed or asked): for a caller that owns the state and wants only its result (a replay)."""
        self.action = 0  # what the end finds belongs to no action
        outcome = self.end()
        return outcome, tuple(self.findings)

    # ------------------------------------------------------------------ the game's hooks

    def begin(self) -> None:
        """Antes and the first phase (called once, when the hand is set up)."""

    def end(self) -> Outcome:
        """The outcome once every event is in.  Called on a copy (:meth:`result`): it may change it."""
        raise NotImplementedError

    def gate(self, seat: int | None, event: Event) -> bool:
        """Whether the event is played at all now, in one of the :attr:`gated_phases` (default: not
        once the hand is ``over``, except the kinds in :attr:`after_end`; a note says it came after)."""
        if self.phase == "over" and type(event) not in self.after_end:
            self.flag("action_after_hand", _("the hand is over ({reason}): this action comes after it").format(
                reason=self.over_reason()), player=seat, remedy=_("ignored"))
            return False
        return True

    def over_reason(self) -> str:
        """How the hand ended, in a word (its phase while it has not)."""
        return self.ended or self.phase

    def judged_later(self) -> Mapping[str, JudgedLater]:
        """The rules this hand, as logged so far, has not reached the point of judging, by dispute topic
        (as :attr:`dispute_rules`): a question about one of them is "not decided yet".  None by default;
        a game names its own."""
        return {}

    def expected_actor(self) -> str | None:
        """Who is expected to act outside a turn engine's turns (the next to draw, ...)."""
        return None

    def prompt_outside_turns(self) -> Prompt:
        """The prompt when no turn engine has the turn (the draw, the showdown, ...)."""
        return Prompt(self.phase, self.expected_actor())

    @classmethod
    def night_result(cls, carry: Carry, stacks: Mapping[str, int]) -> tuple[str | None, dict[str, object]]:
        """The night's winner and what else the game says about the night as a whole, once its last
        hand (of this game) is replayed: ``carry`` is what that hand left, ``stacks`` every player's
        last stack.  Default: no winner (a cash game)."""
        return None, {}

    @classmethod
    def infer_dealer(cls, seats: Sequence[str], stacks: Mapping[str, int], events: Sequence[Event]) -> str | None:
        """Who dealt a hand whose dealer the log does not name (nor the previous hand's rotation),
        worked out from its ``events``; ``None`` when the game can replay the hand without knowing.
        Default: the game needs its dealer named."""
        raise InputError(_("the log does not say who dealt this hand of {game}").format(game=cls.words()),
                         hint=_("write 'dealer: Ann' in the header (or in the hand's header)"))

    @classmethod
    def carry_so_far(cls, so_far: GameSoFar, rulebook: Rules, seats: Sequence[Seat]) -> Carry:
        """The state of a game already under way when the night starts (``game so far:`` in the
        header), as this game's carry for its first hand.  Default: the game has no such state."""
        raise InputError(_("{game} keeps no state from deal to deal for 'game so far:' to give").format(game=cls.words()),
                         line=so_far.line, hint=_("remove the 'game so far:' line"))


def showdown_summary(pots: Sequence[PotResult]) -> str:
    """A showdown's pots in words: ``Bob wins 12 with a pair of kings; 4 undecided``."""
    parts = []
    for p in pots:
        if not p.decided:
            parts.append(_("{amount} undecided").format(amount=p.amount))
        elif not p.winners:
            parts.append(_("{amount} carried").format(amount=p.amount))
        elif len(p.winners) == 1:
            said = _("{player} wins {amount} with {hand}") if p.hand else _("{player} wins {amount}")
            parts.append(said.format(player=p.winners[0], amount=p.amount, hand=p.hand))
        else:
            said = _("{players} win {amount} with {hand}") if p.hand else _("{players} win {amount}")
            parts.append(said.format(players="/".join(p.winners), amount=p.amount, hand=p.hand))
    return "; ".join(parts) or _("no pot")
