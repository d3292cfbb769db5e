"""Seven-card Brag (rulebook ``seven_card_brag``, seed-001): two three-card hands revealed in rounds.

Phases: ``stakes`` (every player the same stake, no betting, brag7.1) -> ``reveal`` (round 1 from
the dealer's left, each later round from the best hand of the round before, brag7.3) -> ``over``.
Each player reveals his better hand first (brag7.4, ``brag7.misorder``).  The player with the best
hand in every round wins the pot (brag7.6.1); otherwise it stays and everybody stakes again
(brag7.6.2): the game carries the pot and how many deals in a row it has stayed.  Four of a kind
declared before arranging wins at once (``brag7.four_of_a_kind_wins``).

Nine-card Brag (:mod:`referee.engine.games.nine_card_brag`) is this game with three hands and its
own rule ids and options, as a subclass.

The log may name each player's arrangement (``arranges ... | ..., discards ...``); the reveals
must then agree with it.  A round whose hands were not all revealed (``??``) is ``unverifiable``
when the pot depends on it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import ClassVar

from referee.cards import UNKNOWN, AnyCard, Card, check_no_duplicates, format_cards
from referee.engine.actions import Action, Reading, read_cards, verb
from referee.engine.events import Arrange, Check, Cover, Deal, Declare, Event, Fold, Look, Muck, \
    Reveal, See, Show, Stake, TakePot
from referee.engine.games.common import ARRANGING, BRAG_BETTING, TABLE, WithoutMisdeal
from referee.engine.games.three_card_brag import CARRIED
from referee.engine.outcome import Carry, Outcome, PotResult
from referee.engine.places import MUCK
from referee.engine.state import HandSetup, Prompt, handles
from referee.engine.options import choice
from referee.engine.findings import FindingKind
from referee.errors import CardError, HandFileError, InputError
from referee.ranking.brag import BragRules, BragValue, evaluate_brag
from referee.i18n import N_, _
from referee.i18n.said import said_later

#: The outcome kind of a nine-card deal ended by a four-pairs declaration: the pot stays, the same
#: dealer deals again (``brag9.four_pairs_redeal``).
REDEAL = "redeal"


@dataclass(frozen=True, slots=True)
class SevenCarry(Carry):
    """Seven- and nine-card brag's carry: besides the pot that stays, how many deals in a row (the
    last one included) it has stayed; 0 once it is won."""

    deals_carried: int = 0


@dataclass(frozen=True, slots=True)
class StakeChoice:
    """Before the deal: the equal stake (any amount when nobody has staked yet)."""

    amount: int | None

    def describe(self, stack: int) -> list[str]:
        return [said_later("stake {amount}", amount=self.amount) if self.amount
                else said_later("stake (the deal's equal stake)")]

    def events(self, player: str) -> list[Event]:
        return [Stake(player, self.amount or 1)]


@dataclass(frozen=True, slots=True)
class RevealChoice:
    """The player to reveal shows his next hand (its cards when he arranged them in the log)."""

    cards: tuple[AnyCard, ...] | None

    def describe(self, stack: int) -> list[str]:
        return ["reveal " + (format_cards(self.cards) if self.cards else "his next hand")]

    def events(self, player: str) -> list[Event]:
        return [Reveal(player, None, self.cards or (UNKNOWN,) * 3)]



def _read_arrange(r: Reading, p: str, m: re.Match[str]) -> Arrange:
    parts = [part.strip() for part in m["hands"].split("|")]
    hands = tuple(read_cards(part, f"{p}'s hand {i}", need=3) for i, part in enumerate(parts, 1))
    discard = read_cards(m["discard"], f"{p}'s discard") if m["discard"] else ()
    try:
        check_no_duplicates([c for h in hands for c in h] + list(discard))
    except CardError as err:
        raise HandFileError(_("{message} in {player}'s arrangement").format(message=err.message, player=p), hint=err.hint) from err
    return Arrange(p, hands=hands, discard=discard)


def _write_arrange(e: Arrange, size: int) -> str:
    text = "arranges " + " | ".join(format_cards(h) for h in e.hands)
    return text + (f", discards {format_cards(e.discard)}" if e.discard else "")


def _read_reveal(r: Reading, p: str, m: re.Match[str]) -> Reveal:
    number = int(m["round"]) if m["round"] else None
    if number is not None and number < 1:
        raise HandFileError(_("bad hand number {number}").format(number=number), hint=_("brag hands are revealed as hand 1, 2, 3"))
    return Reveal(p, round=number, cards=read_cards(m["cards"], f"{p}'s revealed hand", need=3))


#: ``arranges Ah Ad Ac | Kd Qd Jd, discards 2c``: the player's hands in the order he will reveal them.
ARRANGE = Action(Arrange, rf"{verb('arrange')}\s+(?P<hands>[^,]+?)(?:\s*,\s*{verb('discard')}\s+(?P<discard>.+))?",
                 _read_arrange, _write_arrange)
#: ``reveals Ah Ad Ac`` (his next hand) or ``reveals hand 2: Kd Qd Jd``.
REVEAL = Action(Reveal, rf"{verb('reveal')}(?:\s+hand\s+(?P<round>\d+)\s*:?)?\s+(?P<cards>.+)", _read_reveal,
                lambda e, size: "reveals " + ("" if e.round is None else f"hand {e.round}: ") + format_cards(e.cards),
                findings={
                    "revealed_out_of_turn": ("illegal_action", N_("a hand revealed out of turn")),
                    "better_hand_not_first": ("illegal_action", N_("a player who did not reveal his best hand first")),
                    "reveal_not_arranged": ("note", N_("a revealed hand that is not the one the player arranged for it")),
                })


class SevenCardBrag(WithoutMisdeal[SevenCarry]):
    """One hand of Seven-card Brag."""

    name = "seven_card_brag"
    title = "Seven-card Brag"
    prefix = "brag7"
    phase_words = {"stakes": N_("the stakes"), "reveal": N_("revealing the hands")}
    dispute_codes = {"over_limit": ("stake_unequal",), "show_order": ("revealed_out_of_turn", "better_hand_not_first"),
                     "turn": ("revealed_out_of_turn",), "card_fact": ("round_unverifiable", "declaration_unverifiable")}
    #: the finding codes this game's own rulings flag, each with its kind and meaning
    finding_codes: Mapping[str, tuple[FindingKind, str]] = MappingProxyType({
        "stake_unequal": ("illegal_action", N_("a stake different from the deal's equal stake")),
        "staked_twice": ("illegal_action", N_("a second stake by one player in one deal")),
        "stake_after_reveals": ("illegal_action", N_("a stake after the hands began to be revealed")),
        "stake_missing": ("illegal_action", N_("a player in the deal who did not stake")),
        "declaration_no_effect": ("note", N_("a declaration the rulebook gives no effect, or made too late")),
        "declaration_false": ("illegal_action", N_("declared cards that are not what was declared")),
        "declaration_unverifiable": ("unverifiable", N_("a declaration whose cards were not shown")),
        "round_unverifiable": ("unverifiable", N_("the best hand of a round cannot be told: hands not revealed")),
        "too_many_players": ("illegal_action", N_("more players than the game can deal to")),
    })
    #: the house-rule options of this game, read through the rulebook
    house_options = (
        choice("brag7.four_of_a_kind_wins", "off | on",
               "whether four of a kind among the seven cards wins at once", "seed-001; op-9cb"),
        choice("brag7.round_tie", "no_unique_best_pot_carries | first_revealed_wins",
               "what a tie for the best hand of a round means", "seed silent; op-9cb", pins="10.13"),
        choice("brag7.misorder", "hand_cannot_win | reorder",
               "a player who reveals his weaker hand first", "seed-001; tj-7cb"),
        choice("brag7.mode", "split_two_hands | best_three_then_bet", "the form of the game",
               "seed-001; tj-7cb"),
        choice("brag7.deal", "one_at_a_time | 3_3_1_no_shuffle", "how the cards are dealt", "seed-001"),
    )
    hand_size = 7
    shows_whole_hand = False  # hands are revealed three cards at a time; a show is flagged
    events = {**TABLE, **BRAG_BETTING, **ARRANGING}
    actions = (ARRANGE, REVEAL)
    #: The words its players say at the table, each with the hand format's words it stands for (seed
    #: 001: each player in turn «вскрывает» one of his hands: reveals it).
    table_words: Mapping[str, str] = MappingProxyType({
        "stake": "stake", "arrange": "arranges", "reveal": "reveals", "вскрыть": "reveals",
        "declare": "declares four of a kind", "show": "shows", "muck": "mucks",
    })
    declarations = frozenset({"four_of_a_kind"})
    after_end = frozenset({Show, Muck, TakePot})
    carry_type = SevenCarry
    #: the rules a dispute cites by topic when the log shows nothing broken
    dispute_rules: Mapping[str, tuple[str, ...]] = MappingProxyType({"show_order": ("brag7.misorder", "brag7.4")})
    dispute_needs: Mapping[str, str] = MappingProxyType({
        **WithoutMisdeal.dispute_needs,
        "round_unverifiable": N_("the hands revealed (e.g. --decide \"{player}: reveals 7h 7d 7c\")"),
        "declaration_unverifiable": N_("the declared cards shown (e.g. --decide \"{player}: shows 9c 9d 9h 9s\")"),
    })

    #: hands each player makes, and the rank of the prial above A-A-A (brag7.5)
    rounds: ClassVar[int] = 2
    top_prial: ClassVar[int] = 7
    max_players: ClassVar[int] = 7
    discards: ClassVar[int] = 1
    #: the rule ids of this game's rules
    stake_rule: ClassVar[str] = "brag7.1"
    order_rules: ClassVar[tuple[str, ...]] = ("brag7.3.1", "brag7.3.2")
    best_first_rule: ClassVar[str] = "brag7.4"
    win_rule: ClassVar[str] = "brag7.6.1"
    carry_rule: ClassVar[str] = "brag7.6.2"
    four_rule: ClassVar[str] = "brag7.7"
    four_option: ClassVar[str] = "brag7.four_of_a_kind_wins"
    tie_option: ClassVar[str] = "brag7.round_tie"

    def __init__(self, setup: HandSetup, voided: frozenset[int] = frozenset()) -> None:
        self.staked: dict[int, int] = {}
        self.equal: int | None = None  # the deal's equal stake, set by its first stake
        self.arranged: dict[int, tuple[tuple[AnyCard, ...], ...]] = {}
        self.hands: dict[tuple[int, int], tuple[AnyCard, ...]] = {}  # (seat, round) -> the hand revealed
        self.revealed_at: dict[tuple[int, int], int] = {}  # (seat, round) -> its action number
        self.misordered: set[int] = set()
        self.declared: int | None = None  # who won by declaring four of a kind
        self.declared_cards: tuple[AnyCard, ...] = ()
        self.redeal = False
        super().__init__(setup, voided)

    # ------------------------------------------------------------------ start

    def begin(self) -> None:
        self.refuse_unplayed_options()
        self.ranking = BragRules(top_prial=self.top_prial)
        self.phase = "stakes"
        self.deal = tuple(s for s in self.table.from_dealers_left() if self.dealt_in[s])
        if len(self.deal) > self.max_players:
            self.flag("too_many_players", _("{count} players are in the deal; {game} is for at most {max_players}").format(count=len(self.deal), game=self.words(), max_players=self.max_players), self.cite(self.stake_rule), action=False)

    def refuse_unplayed_options(self) -> None:
        """``brag7.mode = best_three_then_bet`` is a betting game, but the seven-card rulebook carries none
        of three-card brag's betting options (system, limit, blind play, covering): a hand cannot say how
        it was bet, so it is not replayed rather than replayed by a guess."""
        if self.options["brag7.mode"] != "split_two_hands":
            raise InputError(_("the rules engine does not replay brag7.mode = best_three_then_bet: the seven-card "
                             "rulebook has no betting options to say how the hand is bet"),
                             hand=self.setup.number, hint=_("replay it with brag7.mode = split_two_hands"))

    def over_reason(self) -> str:
        if self.declared is not None:
            return _("{player} declared four of a kind").format(player=self.names[self.declared])
        if self.redeal:
            return _("four pairs were declared: the cards are redealt")
        return "every hand is revealed"

    def value(self, hand: tuple[AnyCard, ...]) -> BragValue | None:
        if UNKNOWN in hand or len(hand) != 3:
            return None
        return evaluate_brag(hand, self.ranking)  # type: ignore[arg-type]

    # ------------------------------------------------------------------ stakes

    @handles(Stake)
    def on_stake(self, seat: int, event: Stake) -> None:
        """brag7.1: before each deal every player puts an equal stake into the pot; the first stake
        of the deal sets the amount."""
        who = self.names[seat]
        rule = self.cite(self.stake_rule)
        void = self.options["common.illegal_fix"] == "void_and_reprompt"
        if not self.dealt_in[seat]:
            self.flag("acted_not_in_hand", _("{player} has no chips and is not in this deal").format(player=who), rule, player=seat,
                      remedy=_("ignored"))
            return
        if seat in self.staked:
            self.flag("staked_twice", _("{player} has already staked {staked} in this deal").format(player=who, staked=self.staked[seat]), rule,
                      player=seat, remedy=_("ignored"))
            return
        if self.phase != "stakes":
            self.flag("stake_after_reveals", _("{player} stakes after the hands began to be revealed").format(player=who), rule,
                      player=seat, remedy=_("void: ignored") if void else _("taken as staked before the deal"))
            if void:
                return
        amount = event.amount
        if self.equal is None:
            self.equal = amount
        elif amount != self.equal:
            message = _("{player} staked {amount}; the stake of this deal is {equal} for everybody").format(
                player=who, amount=amount, equal=self.equal)
            if void:
                self.flag("stake_unequal", message, rule, player=seat, remedy=_("void: he stakes again"))
                return
            self.flag("stake_unequal", message, rule, player=seat, remedy=_("corrected to {equal}").format(equal=self.equal))
            amount = self.equal
        chips = min(amount, self.stacks[seat])
        if chips < amount:
            self.flag("ante_short", _("{player} could stake only {chips} of {amount}").format(player=who, chips=chips, amount=amount), rule, player=seat)
        self.stacks[seat] -= chips
        self.pot.dead += chips
        self.staked[seat] = chips

    @handles(Fold, Check, Look, See, Cover)
    def on_betting(self, seat: int, event: Event) -> None:
        self.flag("no_betting", _("{player}: {game} has no betting, only the equal stake").format(player=self.names[seat], game=self.words()),
                  self.cite(self.stake_rule), player=seat, remedy=_("ignored"))

    # ------------------------------------------------------------------ declarations

    @handles(Declare)
    def on_declare(self, seat: int, event: Declare) -> None:
        who = self.names[seat]
        if event.what not in self.declarations:
            self.flag("declaration_unknown", _("{player} declares {replace}: not a declaration of {game}").format(player=who, replace=event.what.replace('_', ' '), game=self.words()), player=seat, remedy=_("ignored"))
            return
        rule, option = self.declaration_rules(event.what)
        if self.options[option] != "on":
            self.flag("declaration_no_effect", _("{player} declares {replace}, which has no effect under this rulebook").format(player=who, replace=event.what.replace('_', ' ')), option, player=seat, remedy=_("ignored"))
            return
        if self.phase != "stakes" or seat in self.arranged:
            self.flag("declaration_no_effect", _("{player} declares {replace} after arranging or after the reveals began: too late").format(player=who, replace=event.what.replace('_', ' ')), rule, player=seat, remedy=_("ignored"))
            return
        known = [c for c in event.cards if isinstance(c, Card)]
        if known and not self.declaration_holds(event.what, known):
            self.flag("declaration_false", _("{player} declares {replace} with {cards}, which is not that").format(player=who, replace=event.what.replace('_', ' '), cards=format_cards(event.cards)), rule, player=seat, remedy=_("ignored"))
            return
        self.deal_to(seat, [c for c in known if self.places.place_of(c) != seat])
        self.declared_cards = event.cards
        self.ended = "declared"
        if event.what == "four_of_a_kind":
            self.declared = seat
        else:
            self.redeal = True

    def declaration_rules(self, what: str) -> tuple[str, str]:
        """(rule, option) of a declaration."""
        return self.cite(self.four_rule), self.four_option

    @staticmethod
    def declaration_holds(what: str, cards: list[Card]) -> bool:
        """Do the declared cards show what was declared?"""
        ranks = [c.rank for c in cards]
        if what == "four_of_a_kind":
            return len(cards) == 4 and len(set(ranks)) == 1
        return len(cards) == 8 and len(set(ranks)) == 4 and all(ranks.count(r) == 2 for r in ranks)

    # ------------------------------------------------------------------ arranging and revealing

    @handles(Arrange)
    def on_arrange(self, seat: int, event: Arrange) -> None:
        who = self.names[seat]
        if len(event.hands) != self.rounds:
            raise InputError(_("{player} arranges {count} hands: {game} makes {rounds}").format(player=who, count=len(event.hands), game=self.words(), rounds=self.rounds),
                             hint=_("write the hands in the order he will reveal them, '|' between them"))
        if len(event.discard) > self.discards:
            raise InputError(_("{player} discards {count} cards: {game} discards {discards}").format(player=who, count=len(event.discard), game=self.words(), discards=self.discards),
                             hint=_("the discard is the card left out of his hands"))
        if seat in self.arranged:
            raise InputError(_("{player} arranges his hands twice").format(player=who), hint=_("log one arrangement per player and deal"))
        if self.phase == "stakes":
            self.phase = "reveal"
        cards = [c for hand in event.hands for c in hand]
        self.deal_to(seat, [c for c in cards if not (isinstance(c, Card) and self.places.place_of(c) == seat)])
        # the discard is one of his cards: dealt to him (logged), it leaves his hand for the muck
        thrown = [c for c in event.discard if isinstance(c, Card)]
        held = [c for c in thrown if self.places.place_of(c) == seat]
        if held:
            self.discard(seat, held, len(held))
        self.deal_to(MUCK, [c for c in thrown if c not in held])
        self.arranged[seat] = event.hands

    def revealed(self, seat: int) -> int:
        return sum(1 for r in range(1, self.rounds + 1) if (seat, r) in self.hands)

    def current_round(self) -> int | None:
        """The first round somebody in the deal has still to reveal in (``None``: all revealed)."""
        for r in range(1, self.rounds + 1):
            if any((s, r) not in self.hands for s in self.deal):
                return r
        return None

    def leader(self, r: int) -> int | None:
        """Who reveals first in round ``r``: the dealer's left in round 1, else the best hand of the
        round before (among tied hands the one revealed first); ``None`` when that is not known."""
        if r == 1:
            return self.deal[0] if self.deal else None
        entries = []
        for s in self.deal:
            hand = self.hands.get((s, r - 1))
            value = self.value(hand) if hand is not None else None
            if value is None:
                return None
            entries.append((value.key, -self.revealed_at[(s, r - 1)], s))
        return max(entries)[2] if entries else None

    def round_order(self, r: int) -> tuple[int, ...] | None:
        lead = self.leader(r)
        if lead is None:
            return None
        return tuple(s for s in self.table.order_from(lead) if s in self.deal)

    def next_to_reveal(self) -> tuple[int, int] | None:
        """(seat, round) of the reveal due next, when the order is known."""
        r = self.current_round()
        if r is None:
            return None
        order = self.round_order(r)
        if order is None:
            return None
        for s in order:
            if (s, r) not in self.hands:
                return s, r
        return None

    @handles(Reveal)
    def on_reveal(self, seat: int, event: Reveal) -> None:
        who = self.names[seat]
        if seat not in self.deal:
            self.flag("acted_not_in_hand", _("{player} is not in this deal").format(player=who), self.cite(self.stake_rule), player=seat,
                      remedy=_("ignored"))
            return
        r = event.round if event.round is not None else self.revealed(seat) + 1
        if r > self.rounds:
            raise InputError(_("{player} reveals a hand {r}: {game} has {rounds} hands a player").format(player=who, r=r, game=self.words(), rounds=self.rounds),
                             hint=_("a player reveals each of his hands once"))
        if (seat, r) in self.hands:
            raise InputError(_("{player} reveals his hand {r} twice").format(player=who, r=r), hint=_("write 'reveals hand N: …' for another hand"))
        if self.phase == "stakes":
            self.phase = "reveal"
        due = self.next_to_reveal()
        current = self.current_round()
        if due is not None and due != (seat, r):
            rule = self.cite(self.order_rules[min(current or r, len(self.order_rules)) - 1])
            self.flag("revealed_out_of_turn", _("{player} revealed his hand {r} out of turn: {player2} was to reveal his hand {due}").format(player=who, r=r, player2=self.names[due[0]], due=due[1]), rule, player=seat, remedy=_("the hand counts as revealed"))
        cards = tuple(event.cards)
        arranged = self.arranged.get(seat)
        if arranged is not None and set(arranged[r - 1]) != set(cards):
            self.flag("reveal_not_arranged", _("{player} revealed {cards} as his hand {r}, but arranged {cards2} for it").format(player=who, cards=format_cards(cards), r=r, cards2=format_cards(arranged[r - 1])), player=seat)
        self.deal_to(seat, [c for c in cards if isinstance(c, Card) and self.places.place_of(c) != seat])
        self.hands[(seat, r)] = cards
        self.revealed_at[(seat, r)] = self.action
        self.check_best_first(seat)
        if self.current_round() is None:
            self.ended = "revealed"

    def check_best_first(self, seat: int) -> None:
        """brag7.4: the better hand is revealed first -- flagged at the reveal that shows it was not."""
        if seat in self.misordered:
            return
        first = self.hands.get((seat, 1))
        first_value = self.value(first) if first is not None else None
        if first_value is None:
            return
        for r in range(2, self.rounds + 1):
            hand = self.hands.get((seat, r))
            value = self.value(hand) if hand is not None else None
            if value is not None and value > first_value and self.revealed_at[(seat, r)] == self.action:
                self.misordered.add(seat)
                remedy = ("his better hand counts as his first" if self.misorder() == "reorder"
                          else "he cannot win the pot on this deal; his hands still count")
                self.flag("better_hand_not_first", _("{player} revealed {cards} after his weaker {cards2}: the best hand must be revealed first").format(player=self.names[seat], cards=format_cards(hand), cards2=format_cards(first)),
                          self.cite(self.best_first_rule), player=seat, remedy=remedy)
                return

    def misorder(self) -> str:
        """``brag7.misorder``; nine-card brag has no such option and plays as seven-card (brag9.1)."""
        return str(self.options.get("brag7.misorder", "hand_cannot_win"))

    # ------------------------------------------------------------------ other lines

    @handles(Deal)
    def on_deal(self, seat: int, event: Deal) -> None:
        self.deal_to(seat, event.cards)

    @handles(Show)
    def on_show(self, seat: int, event: Show) -> None:
        self.flag("showed_during_play", _("{player} showed {cards}: hands are revealed one at a time").format(player=self.names[seat], cards=format_cards(event.cards)), player=seat)
        self.places.reveal(seat, [c for c in event.cards if isinstance(c, Card)])

    @handles(Muck)
    def on_muck(self, seat: int, event: Muck) -> None:
        self.flag("mucked_outside_showdown", _("{player} mucked: every hand is revealed in turn").format(player=self.names[seat]), player=seat)

    @handles(TakePot)
    def on_take_pot(self, seat: int, event: TakePot) -> None:
        if self.phase != "over":
            self.flag("took_pot_early", _("{player} took the pot before the deal was over").format(player=self.names[seat]), player=seat)

    # ------------------------------------------------------------------ prompts

    def expected_actor(self) -> str | None:
        seat = self.prompt_seat()
        return self.names[seat] if seat is not None else None

    def prompt_seat(self) -> int | None:
        if self.phase == "stakes":
            for s in self.deal:
                if s not in self.staked:
                    return s
        if self.phase in ("stakes", "reveal"):
            due = self.next_to_reveal()
            return due[0] if due else None
        return None

    def prompt_outside_turns(self) -> Prompt:
        seat = self.prompt_seat()
        if seat is None:
            return Prompt(self.phase, None)
        choice: StakeChoice | RevealChoice
        if self.phase == "stakes" and seat not in self.staked:
            choice = StakeChoice(self.equal)
        else:
            arranged = self.arranged.get(seat)
            choice = RevealChoice(arranged[self.revealed(seat)] if arranged else None)
        return Prompt(self.phase, self.names[seat], tuple(choice.describe(self.stacks[seat])), choice,
                      self.stacks[seat])

    # ------------------------------------------------------------------ the end

    def carry_out(self, pot: int, ended: str) -> tuple[Carry, tuple[str, ...]]:
        before = self.carry_in.deals_carried
        if ended in (CARRIED, REDEAL):
            return SevenCarry(pot=pot, deals_carried=before + 1), ("every player stakes again",)
        return SevenCarry(pot=pot, deals_carried=before if ended == "in_progress" else 0), ()

    def end(self) -> Outcome:
        for s in self.deal:
            if s not in self.staked and (self.revealed(s) or self.phase == "over"):
                self.flag("stake_missing", _("{player} did not stake in this deal").format(player=self.names[s]), self.cite(self.stake_rule),
                          player=s, action=False, remedy=_("noted: the pot holds only the stakes logged"))
        if self.declared is not None:
            outcome = self.end_declared(self.declared)
        elif self.redeal:
            amount = self.carry_all()
            rule = self.declaration_rules("four_pairs")[0]
            outcome = self.make_outcome(
                REDEAL, [PotResult(amount, self.deal_names(), left_over=amount, rule=rule)], amount, 0,
                self.next_hand(amount, REDEAL, same_dealer=True),
                _("four pairs declared: the pot of {amount} stays and {dealer} deals again").format(
                    amount=amount, dealer=self.names[self.table.dealer]),
            )
        elif self.phase != "over":
            outcome = self.in_progress()
        else:
            outcome = self.end_rounds()
        return replace(outcome, facts=self.hand_facts())

    def deal_names(self) -> tuple[str, ...]:
        return tuple(self.names[s] for s in self.deal)

    def hand_facts(self) -> dict[str, object]:
        bests = self.round_bests() if self.phase == "over" and self.declared is None and not self.redeal else []
        return {"round_best": [b if b in (None, "?") else self.names[b] for b in bests]}  # type: ignore[index]

    def end_declared(self, seat: int) -> Outcome:
        """Four of a kind declared before arranging: he takes the pot at once (brag7.7)."""
        rule = self.cite(self.four_rule)
        if len([c for c in self.declared_cards if isinstance(c, Card)]) < 4:
            self.flag("declaration_unverifiable", _("{player} declared four of a kind but the log does not show the cards").format(player=self.names[seat]), rule, player=seat, action=False, remedy=_("the pot waits for the four cards"))
            amount = self.carry_all()
            return self.make_outcome("showdown", [PotResult(amount, self.deal_names(), decided=False, rule=rule)], 0,
                                     amount, self.next_hand(0, "showdown"), _("{amount} undecided").format(amount=amount))
        pots = self.award_all(seat, rule)
        return self.make_outcome("showdown", pots, 0, 0, self.next_hand(0, "showdown"),
                                 _("{player} declares four of a kind and wins {amount}").format(
                                     player=self.names[seat], amount=pots[0].amount))

    def counted_rounds(self, seat: int) -> list[int]:
        """Which of his revealed hands counts in each round: as revealed, or (``brag7.misorder =
        reorder``) with his best hand moved to the first round."""
        rounds = list(range(1, self.rounds + 1))
        if seat in self.misordered and self.misorder() == "reorder":
            best = max(rounds, key=lambda r: self.key_of(seat, r))
            rounds.remove(best)
            rounds.insert(0, best)
        return rounds

    def key_of(self, seat: int, r: int) -> int:
        """The value of his round-``r`` hand (-1: not known)."""
        value = self.value(self.hands.get((seat, r), ()))
        return value.key if value is not None else -1

    def round_bests(self) -> list[int | str | None]:
        """The best hand of each round: a seat, ``None`` (a tie: nobody, under ``no_unique_best``) or
        ``"?"`` (hands not revealed)."""
        counted = {s: self.counted_rounds(s) for s in self.deal}
        first_wins = self.options[self.tie_option] == "first_revealed_wins"
        out: list[int | str | None] = []
        for r in range(self.rounds):
            entries: list[tuple[int, int, int]] = []
            for s in self.deal:
                key = (s, counted[s][r])
                value = self.value(self.hands[key]) if key in self.hands else None
                if value is None:
                    break
                entries.append((value.key, self.revealed_at[key], s))
            else:
                top = max(e[0] for e in entries)
                tied = sorted((at, s) for k, at, s in entries if k == top)
                out.append(tied[0][1] if len(tied) == 1 or first_wins else None)
                continue
            out.append("?")
        return out

    def hidden(self, bests: list[int | str | None]) -> list[int]:
        """The players whose hands a round that cannot be told needs."""
        out = []
        for s in self.deal:
            counted = self.counted_rounds(s)
            for r, best in enumerate(bests):
                key = (s, counted[r])
                if best == "?" and (key not in self.hands or self.value(self.hands[key]) is None) and s not in out:
                    out.append(s)
        return out

    def needed_wins(self) -> int:
        """How many rounds the winner must have the best hand in (brag7.6.1: both)."""
        return self.rounds

    def winning_hand(self, winner: int, bests: list[int | str | None]) -> BragValue | None:
        """The hand the pot names: the best of the winner's hands that were best in their rounds -- his
        first hand when he is best in every round, never a hand that lost its round or was not shown."""
        counted = self.counted_rounds(winner)
        won = [self.value(self.hands[(winner, counted[r])]) for r, best in enumerate(bests) if best == winner]
        return max((v for v in won if v is not None), key=lambda v: v.key, default=None)

    def end_rounds(self) -> Outcome:
        """Every hand is revealed: the pot to the player best in the rounds, else it stays."""
        bests = self.round_bests()
        need = self.needed_wins()
        unknown = bests.count("?")
        may_win = [s for s in self.deal if not (s in self.misordered and self.misorder() == "hand_cannot_win")]
        winner = next((s for s in may_win if bests.count(s) >= need), None)
        if winner is not None:
            pots = self.award_all(winner, self.cite(self.win_rule))
            hand = self.winning_hand(winner, bests)
            pots = [replace(pots[0], eligible=self.deal_names(), hand=hand.name if hand else None)]
            return self.make_outcome("showdown", pots, 0, 0, self.next_hand(0, "showdown"),
                                     _("{player} has the best hand in {need} rounds and wins {amount}").format(
                                         player=self.names[winner], need=need, amount=pots[0].amount))
        if unknown and any(bests.count(s) + unknown >= need for s in may_win):
            for s in self.hidden(bests):
                self.flag("round_unverifiable", _("the best hand of a round cannot be told: {player}'s hand must be shown").format(player=self.names[s]), self.cite(self.win_rule), player=s, action=False,
                          remedy=_("the pot is undecided until it is shown"))
            amount = self.carry_all()
            return self.make_outcome("showdown", [PotResult(amount, self.deal_names(), decided=False,
                                                            rule=self.cite(self.win_rule))], 0, amount,
                                     self.next_hand(0, "showdown"), _("{amount} undecided").format(amount=amount))
        amount = self.carry_all()
        rule = self.cite(self.carry_rule)
        return self.make_outcome(
            CARRIED, [PotResult(amount, self.deal_names(), left_over=amount, rule=rule)], amount, 0,
            self.next_hand(amount, CARRIED),
            _("nobody is best in every round: the pot of {amount} stays").format(amount=amount),
        )
