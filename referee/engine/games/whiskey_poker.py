"""Whiskey Poker (rulebook ``whiskey_poker``, seed-000, seed-004): the widow dealt as an extra hand, phases of
taking, passing and knocking, one more turn each after a knock, then the showdown.

Phases: ``phase1`` (the widow face down) -> ``phase2`` (face up) -> ``last_turns`` (after a knock) ->
``betting`` (``whiskey.betting_round = one_before_showdown``) -> ``showdown``; a hand can also end
``uncontested`` (everybody else folded in the betting round), ``reported`` (decided by a result line,
``Bob was lowest``), ``misdeal`` (a card that is not in the pack), or ``in_progress``.  The turn cycle
is :class:`~referee.engine.exchanges.ExchangeRound`; card identity through the exchanges is
:mod:`referee.engine.games.widow_cards`; who is best and lowest, :mod:`~.commerce_showdown`.

``whiskey.scoring`` (whiskey.5): ``pot_to_best`` (each antes one chip, the best hand takes the pot),
``no_ante_lowest_pays_N`` (the lowest pays the best ``N``), ``ante_and_lowest_pays_N`` (both),
``lowest_pays_1_to_pool_elimination`` (five chips each; the lowest pays one to the pool; the first to
lose all his chips pays for the whisky), ``pot_to_best_plus_lowest_forfeit`` (the lowest's ``N`` go
into the next deal's pot).  What the lowest pays is a penalty (payee ``None``: into the middle).
"""

from __future__ import annotations

from types import MappingProxyType

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, ClassVar, Self, TypeVar

from referee.cards import UNKNOWN, AnyCard, Card, format_cards
from referee.i18n import N_, _
from referee.i18n.said import said_later, said_plural
from referee.engine.betting import VOID, BettingRound, BettingRuleIds, BettingRules, Breach
from referee.engine.events import AllIn, Bet, Call, Check, Deal, DealWidow, Event, Exchange, Expose, Fold, GameSoFar, \
    Knock, Misdeal, Muck, NightEvent, Pass, Raise, Reported, Show, Showdown, TakePot, TakeWidow, TurnWidow, WhiskyBill
from referee.engine.exchanges import DEALER, KNOCKED, PHASE_WORDS, SPREAD, TAKEN, ExchangeChoices, ExchangeRound, \
    ExchangeRuleIds, ExchangeRules, Move, turn_content
from referee.engine.games import widow_cards
from referee.engine.games.commerce_showdown import CONCEDED, Pick, Standing, best, lowest
from referee.engine.games.common import COMMERCE, POKER_BETTING, SHOWDOWN, TABLE
from referee.engine.money import GameMoney, GameMoneyReport, Money, MoneyLine, NightMoney, name_order, pro_rata
from referee.engine.outcome import Carry, Outcome, Penalty, PotResult
from referee.engine.places import WIDOW, PlaceKey
from referee.engine.pots import split_pot
from referee.engine.state import HandState, Prompt, handles
from referee.engine.table import Seat
from referee.engine.options import CHIPS, choice, whole_number
from referee.engine.findings import FindingKind
from referee.errors import InputError
from referee.ranking import poker
from referee.ranking.poker import HandValue

if TYPE_CHECKING:
    from referee.engine.night import NightStep
    from referee.engine.state import HandSetup
    from referee.engine.house import Rules

ELIMINATION = "lowest_pays_1_to_pool_elimination"
WITH_ANTE = frozenset({"pot_to_best", "ante_and_lowest_pays_N", "pot_to_best_plus_lowest_forfeit"})
LOWEST_PAYS = frozenset({"no_ante_lowest_pays_N", "ante_and_lowest_pays_N", "pot_to_best_plus_lowest_forfeit",
                         ELIMINATION})
TURN_EVENTS = (TakeWidow, Exchange, Pass, Knock)
#: the betting round of ``whiskey.betting_round = one_before_showdown``, as findings name it
BETTING_ROUND = N_("betting round before the showdown")


@dataclass(frozen=True, slots=True)
class WhiskeyCarry(Carry):
    """Whiskey poker's state across deals: the chips left on the table (a forfeit, an odd chip, a pot
    nobody collected) and, under ``lowest_pays_1_to_pool_elimination``, the game under way: the chips
    in the pool, who lost all his chips (the game then ends) and so pays for the whisky."""

    money: ClassVar[str] = "pool"

    started: bool = False
    pool: int = 0
    out: tuple[str, ...] = ()
    game_over: bool = False
    whisky_payer: str | None = None

    @classmethod
    def adopt(cls, carried: Carry) -> Self:
        """Another game's state starts a new game of this one: only the chips on the table carry."""
        if isinstance(carried, cls) and type(carried) is cls:  # this very class, not a variant of it
            return carried
        return cls(pot=carried.pot, antes_in=carried.antes_in)

    def to_dict(self) -> dict[str, object]:
        return {"pot": self.pot, "antes_in": self.antes_in, "pool": self.pool, "out": list(self.out),
                "game_over": self.game_over, "whisky_payer": self.whisky_payer}


@dataclass
class WhiskeyPool(NightMoney):
    """The money of a pool elimination game (``lowest_pays_1_to_pool_elimination``, seed-004: "each
    player starts with whiskey.pool_chips chips that have no money value ... the first player to lose
    all his chips loses the game and pays for the refreshments"): when the game ends the pool's chips
    go back, as money, to those who paid them, and its loser pays the whisky bill."""

    kind: ClassVar[str] = "whiskey_elimination"

    paid: dict[str, int] = dataclasses.field(default_factory=dict)  # chips each paid into the pool

    @classmethod
    def under_way(cls, carry: Carry) -> bool:
        return isinstance(carry, WhiskeyCarry) and carry.money == "pool" and carry.started

    def _carry(self) -> WhiskeyCarry:
        assert isinstance(self.carry, WhiskeyCarry)
        return self.carry

    def hand(self, step: NightStep, setup: HandSetup, outcome: Outcome) -> list[MoneyLine]:
        for penalty in outcome.penalties:
            if penalty.payee is None:  # the lowest hand's chip into the pool
                self.paid[penalty.payer] = self.paid.get(penalty.payer, 0) + penalty.amount
        return super().hand(step, setup, outcome)

    def over(self) -> bool:
        return self._carry().game_over

    def end(self, retire: bool) -> GameMoneyReport:
        carry = self._carry()
        lines = tuple(
            MoneyLine(name, "whiskey pool", self.paid[name] * self.chip_cents,
                      said_plural(self.paid[name], "{player} takes back the {count} chip paid into the whiskey pool "
                                  "(in the elimination game chips have no money value)",
                                  "{player} takes back the {count} chips paid into the whiskey pool "
                                  "(in the elimination game chips have no money value)", player=name), self.last)
            for name in sorted(self.paid, key=name_order))
        game = GameMoney(self.kind, self.first, self.last, self.players, carry.game_over, loser=carry.whisky_payer,
                         pool=carry.pool)
        return GameMoneyReport(replace(game, words=self.words(game)), lines, removed=carry.pool if retire else 0)

    def standing(self) -> GameMoneyReport:
        carry = self._carry()
        game = GameMoney(self.kind, self.first, self.last, self.players, False, pool=carry.pool,
                         notes=(said_later("the game is under way"),))
        return GameMoneyReport(replace(game, words=self.words(game)), held=carry.pool)

    @staticmethod
    def words(game: GameMoney) -> str:
        """``Whiskey pool elimination, hands 1–9: Bob lost all his chips and pays for the whisky; …``."""
        who = (said_later("{player} lost all his chips and pays for the whisky", player=game.loser) if game.loser
               else said_later("nobody has lost yet"))
        return said_plural(game.pool, "Whiskey pool elimination, hands {first}\u2013{last}: {who}; the pool ({count} "
                           "chip) goes back to who paid it.",
                           "Whiskey pool elimination, hands {first}\u2013{last}: {who}; the pool ({count} "
                           "chips) goes back to who paid it.", first=game.first_hand, last=game.last_hand, who=who)

    @classmethod
    def night(cls, games: Sequence[GameMoney], events: Sequence[NightEvent], money: Money,
              ) -> tuple[list[MoneyLine], list[str]]:
        """The whisky bill: owed by the pool game's loser to whoever paid for the drinks (shared
        equally when several games had a loser)."""
        lines: list[MoneyLine] = []
        notes: list[str] = []
        losers = sorted({g.loser for g in games if g.game == cls.kind and g.loser}, key=name_order)
        for bill in (e for e in events if isinstance(e, WhiskyBill)):
            if not losers:
                notes.append(said_later("the whisky bill ({amount}, paid by {player}) is not charged: no whiskey pool "
                                        "elimination game decided who pays for the whisky",
                                        amount=money(bill.cents), player=bill.paid_by))
                continue
            for payer, share in pro_rata(bill.cents, [(n, 1) for n in losers]):
                if payer == bill.paid_by:
                    continue
                lines.append(MoneyLine(payer, "whisky bill", -share, said_later("{player} lost the whiskey game and pays for the whisky", player=payer)))
                lines.append(MoneyLine(bill.paid_by, "whisky bill", share, said_later("{player} paid for the whisky", player=bill.paid_by)))
        return lines, notes


@dataclass(frozen=True, slots=True)
class ShowChoices:
    """The showdown: the player shows his hand (when the log knows it) or throws it in."""

    hand: tuple[Card, ...] | None

    def describe(self, stack: int) -> list[str]:
        return [said_later("show"), said_later("muck")]

    def events(self, player: str) -> list[Event]:
        return [Show(player, self.hand)] if self.hand else [Muck(player)]


#: the carry of whiskey poker or a variant of it (La Viuda adds its game's state)
WhiskeyCarryT = TypeVar("WhiskeyCarryT", bound=WhiskeyCarry)


class WhiskeyPoker(HandState[WhiskeyCarryT]):
    """One hand of Whiskey Poker."""

    name = "whiskey_poker"
    title = "Whiskey Poker"
    prefix = "whiskey"
    phase_words = {**PHASE_WORDS, "betting": N_("the betting")}
    dispute_codes = {"card_fact": ("shown_hand_contradicts_log",)}
    #: the finding codes this game's own rulings flag, each with its kind and meaning
    finding_codes: Mapping[str, tuple[FindingKind, str]] = MappingProxyType({
        "exchange_card_not_in_widow": ("illegal_action", N_("an exchange taking a card the widow does not hold")),
        "exchange_card_not_held": ("illegal_action", N_("an exchange giving a card the player does not hold")),
        "widow_contradicts_log": ("illegal_action", N_("widow cards stated that contradict what the log knows")),
        "shown_hand_contradicts_log": ("illegal_action", N_("a shown hand with a card the log has elsewhere, or without one he holds")),
        "result_contradicts_cards": ("illegal_action", N_("a result line the shown cards contradict (the cards decide)")),
        "result_names_player_out": ("illegal_action", N_("a result line naming a player who is not in the deal")),
        "deal_after_game_over": ("illegal_action", N_("a deal logged after the game was over")),
        "dealer_unknown": ("note", N_("the log does not say who dealt: rulings that need the dealer are not made")),
    })
    #: the house-rule options of this game, read through the rulebook
    house_options = (
        choice("whiskey.scoring",
               "pot_to_best | no_ante_lowest_pays_N | ante_and_lowest_pays_N | lowest_pays_1_to_pool_elimination"
               " | pot_to_best_plus_lowest_forfeit",
               "who wins and who pays at the showdown", "seed-000; seed-004; hoyle-wp", pins="10.8"),
        choice("whiskey.lowest_pays", "N_players | agreed_k",
               "how many chips the lowest hand pays when it pays", "seed-000"),
        whole_number("whiskey.agreed_k", 1, 1, CHIPS,
                     "the agreed payment when whiskey.lowest_pays = agreed_k", "seed-000; hoyle-wp"),
        whole_number("whiskey.pool_chips", 5, 1, CHIPS,
                     "chips each player starts with under lowest_pays_1_to_pool_elimination", "seed-004"),
        choice("whiskey.knock_with_exchange", "allowed | forbidden",
               "whether a player may exchange and knock in the same turn", "seed-000; hoyle-wp", shared=True),
        choice("whiskey.pass_rule", "once_in_phase2 | not_twice_in_a_row | unlimited",
               "how often a player may pass once the widow is face up", "seed-000; hoyle-wp; homepoker-wp",
               pins="10.8", shared=True),
        choice("whiskey.phase2_exchange", "one_or_all | any_number",
               "how many cards a player may exchange with the face-up widow", "seed-000; pagat; homepoker-wp", shared=True),
        choice("whiskey.phase1_knock", "allowed_widow_turned_up | allowed",
               "knocking while the widow is still face down", "seed-000; hoyle-wp", shared=True),
        choice("whiskey.dealer_must_act", "turn_up_if_untaken",
               "what the dealer does if nobody took the widow in the first round", "seed-000; hoyle-wp", shared=True),
        choice("whiskey.betting_round", "none | one_before_showdown",
               "whether there is a betting round", "seed-000; hoyle-wp; homepoker-wp"),
        choice("whiskey.tie_best", "split | all_tied_collect_nothing",
               "how tied best hands share the winnings", "engine; seeds silent"),
        choice("whiskey.tie_lowest", "all_tied_pay | split_payment",
               "who pays when lowest hands tie", "engine; seeds silent"),
    )
    hand_size = 5
    events = {**TABLE, **SHOWDOWN, **COMMERCE, **POKER_BETTING}
    #: The words its players say at the table, each with the hand format's words it stands for (what
    #: the table's prompt, hints and did-you-mean offer; seed 000: обменять, закрыть, передать ход).
    table_words: Mapping[str, str] = MappingProxyType({
        "take": "takes widow", "exchange": "exchanges", "обменять": "exchanges", "pass": "passes",
        "keep": "passes", "knock": "knocks", "закрыть": "knocks", "turn": "widow turned", "fold": "folds",
        "check": "checks", "call": "calls", "bet": "bets", "raise": "raises", "all": "all in", "show": "shows",
        "muck": "mucks",
    })
    gated_phases = frozenset({"phase1", "phase2", "last_turns", "betting", "showdown", "over"})
    turns = ExchangeRound
    carry_type = WhiskeyCarry
    night_money = WhiskeyPool
    dealer_may_be_unknown = True  # a scorekeeper's log of results need not invent a dealer

    #: rule ids by situation, for this game's rulebook (La Viuda has its own)
    RULE_IDS: Mapping[str, str] = {
        "ante": "whiskey.1.1", "deal": "whiskey.1.2", "no_betting": "whiskey.1.3",
        "phase1_order": "whiskey.2.1", TAKEN: "whiskey.2.2", KNOCKED: "whiskey.2.4", DEALER: "whiskey.2.5",
        SPREAD: "whiskey.phase1_knock", "phase2_order": "whiskey.3.1", "identity": "whiskey.3.1",
        "restated": "whiskey.3.1", "last_turn": "whiskey.4", "showdown": "whiskey.5.1", "pack": "whiskey.6.1",
        "not_dealt_in": "whiskey.1.1",
    }

    # ------------------------------------------------------------------ start

    def begin(self) -> None:
        self.widow_up = False  # once the cycle is over (while it runs, its round knows)
        self.widow_rule = self.rule("restated")  # what a statement of the face-up widow's cards is checked under
        self.knocker: int | None = None
        self.reported_best: list[int] = []
        self.reported_lowest: list[int] = []
        self.flagged_out: set[int] = set()
        self.next_carry: Carry | None = None
        self.pool_paid = 0  # chips paid into the central pool this deal
        self.uncontested = False  # the betting left one player in: he takes the pot without a showdown
        self.order = tuple(s for s in self.table.from_dealers_left() if self.dealt_in[s])
        self.start_game()
        if not self.setup.dealer_known:
            self.flag("dealer_unknown", _("the log does not say who dealt this hand"), action=False)
        for s in self.order:
            self.places.add(s, (UNKNOWN,) * self.hand_size)
        self.places.add(WIDOW, (UNKNOWN,) * self.hand_size)
        self.post_antes()
        self.round = ExchangeRound(self.exchange_rules(), self.table, self.live, self.order[0])
        self.phase = self.round.phase
        if self.ended == "game_over":
            self.round = None

    def start_game(self) -> None:
        """The game's state across deals at this deal: a pool-elimination game starts, or is over."""
        carry = self.carry_in
        if self.scoring != ELIMINATION:
            return
        if not carry.started:  # whiskey's own game (La Viuda starts its game its way)
            self.carry_in = WhiskeyCarry(carry.pot, carry.antes_in, started=True)  # type: ignore[assignment]
        elif carry.game_over:
            self.game_is_over("whiskey.scoring")

    def game_is_over(self, rule: str) -> None:
        self.ended = "game_over"
        self.flag("deal_after_game_over", _("this deal is logged after the game was over"), rule, action=1,
                  remedy=_("nothing in it counts"))

    @property
    def scoring(self) -> str:
        return str(self.options.get("whiskey.scoring", ""))

    def post_antes(self) -> None:
        """whiskey.1.1: every player antes one chip (not the dealer for all, as in straight draw)."""
        if self.scoring in WITH_ANTE and not self.carry_in.antes_in:
            for s in self.order:
                self.post_ante(s, 1, self.rule("ante"))

    def rule(self, situation: str) -> str:
        """The rule id this rulebook cites for ``situation`` (its nearest numbered rule)."""
        return self.cite(self.RULE_IDS[situation])

    def exchange_rules(self) -> ExchangeRules:
        o = self.options
        ids = ExchangeRuleIds(
            phase1_order=self.rule("phase1_order"),
            phase2_order=self.rule("phase2_order"),
            last_turn=self.rule("last_turn"),
            face_down=self.rule("phase1_order"),
            pass_rule=self.option_rule("whiskey.pass_rule", "once_in_phase2", "whiskey.3.2"),
            knock_with_exchange=self.option_rule("whiskey.knock_with_exchange", "allowed", "whiskey.3.3"),
            exchange_count=self.option_rule("whiskey.phase2_exchange", "one_or_all", "whiskey.3.1"),
            phase1_knock=self.option_rule("whiskey.phase1_knock", "allowed_widow_turned_up", "whiskey.2.4"),
        )
        return ExchangeRules(
            pass_rule=str(o["whiskey.pass_rule"]),
            knock_with_exchange=o["whiskey.knock_with_exchange"] == "allowed",
            any_number=o["whiskey.phase2_exchange"] == "any_number",
            knock_turns_widow_up=o["whiskey.phase1_knock"] == "allowed_widow_turned_up",
            hand_size=self.hand_size,
            ids=ids,
        )

    def option_rule(self, option: str, default: str, numbered: str) -> str:
        """The numbered rule that states an option's seed default when it is in force, else the option
        (COMMERCE-NOTES section 4)."""
        return self.cite(numbered) if self.options[option] == default else option

    # ------------------------------------------------------------------ who is in the deal

    def gate(self, seat: int | None, event: Event) -> bool:
        """Nothing counts once the deal is void (``over``); a player not in the deal takes no part."""
        if self.phase == "over":
            return super().gate(seat, event)
        if seat is not None and not self.dealt_in[seat] and not self.out_may_log(event):
            if isinstance(event, Reported):
                self.flag("result_names_player_out", _("the log names {player}, who is not in this deal").format(player=self.names[seat]),
                          self.rule("not_dealt_in"), player=seat, remedy=_("ignored"))
            elif seat not in self.flagged_out:
                self.flagged_out.add(seat)
                self.not_in_deal(seat)
            return False
        return True

    def over_reason(self) -> str:
        return "a misdeal" if self.ended == "misdeal" else "the game was over" if self.ended else self.phase

    def out_may_log(self, event: Event) -> bool:
        """Events a player who is not in the deal may still log (La Viuda: a buy-back, judged on its own)."""
        return False

    def not_in_deal(self, seat: int) -> None:
        self.flag("acted_not_in_hand", _("{player} has no chips and is not in this deal").format(player=self.names[seat]),
                  self.rule("not_dealt_in"), player=seat, remedy=_("ignored"))

    # ------------------------------------------------------------------ the pack

    def pack_hint(self, card: Card) -> str:
        return "whiskey poker is played with the 52 cards, no joker"

    # ------------------------------------------------------------------ dealing

    @handles(Deal)
    def on_deal(self, seat: int, event: Deal) -> None:
        self.deal_known(seat, event.cards, f"{self.names[seat]} is dealt")

    @handles(DealWidow)
    def on_deal_widow(self, seat: None, event: DealWidow) -> None:
        self.deal_known(WIDOW, event.cards, "the widow is dealt")

    def deal_known(self, place: PlaceKey, cards: Sequence[AnyCard], what: str) -> None:
        """Cards seen as dealt: a card the log has elsewhere cannot be replayed (a logging error)."""
        clash = self.places.elsewhere(cards, place)
        if clash is not None:
            raise self.card_elsewhere(clash[0], clash[1], what)
        widow_cards.fill(self.places, place, cards[: self.hand_size])

    @handles(Misdeal)
    def on_misdeal(self, seat: None, event: Misdeal) -> None:
        self.flag("misdeal_called", "a misdeal was called" + (f" ({event.reason})" if event.reason else ""),
                  self.rule("deal"), remedy=_("nobody pays; the same dealer deals again"))
        self.ended, self.round = "misdeal", None

    @handles(Expose)
    def on_expose(self, seat: int, event: Expose) -> None:
        self.flag("card_exposed_plays", _("{player}'s card {card} was exposed").format(player=self.names[seat], card=event.card), player=seat,
                  remedy=_("the card plays"))
        if type(event.card) is Card:
            if self.places.elsewhere((event.card,), seat) is None:
                self.places.reveal(seat, [event.card])

    # ------------------------------------------------------------------ the turn cycle

    @handles(*TURN_EVENTS)
    def on_turn(self, seat: int, event: Event) -> None:
        if isinstance(event, Exchange):
            if len(event.give) > self.hand_size:
                raise InputError(_("{player} exchanges {count} cards, but a hand is {hand_size}").format(player=self.names[seat], count=len(event.give), hand_size=self.hand_size), hint=_("write 'exchanges all' for the whole hand"))
        rnd = self.round
        if isinstance(rnd, ExchangeRound):
            move = rnd.judge(seat, event)
        else:
            move = self.after_the_cycle(seat, event)
        if move.breaches and self.options["common.illegal_fix"] == VOID:  # common.illegal_fix: the action is void, nothing moves
            still = self.names[rnd.turn] if isinstance(rnd, ExchangeRound) and rnd.turn is not None else None
            for b in move.breaches:
                self.flag(b.code, b.message, b.rule, player=seat,
                          remedy=f"void: {still} is still to act" if still else "void")
            return
        for b in move.breaches:
            self.flag(b.code, b.message, b.rule, player=seat, remedy=b.remedy)
        self.move_cards(seat, event, move)
        if isinstance(rnd, ExchangeRound):
            rnd.commit(seat, move)
            self.after_move()

    def after_the_cycle(self, seat: int, event: Event) -> Move:
        """A turn event once the last turns are over (or the deal was settled by a result line): flagged;
        its cards move as logged."""
        move = turn_content(event, self.hand_size)
        rule = self.rule("last_turn")
        move.breaches.append(Breach("acted_after_last_turn", rule,
                                     _("{player} acted after the last turns: the hands are to be shown").format(player=self.names[seat]),
                                     _("its cards moved as logged")))
        return move

    def move_cards(self, seat: int, event: Event, move: Move) -> None:
        if move.turned_up is not None and move.turned_up != TAKEN:
            self.widow_rule = self.rule(move.turned_up)
        if move.kind == "take":
            give = event.give if isinstance(event, Exchange) else ()
            take = event.take if isinstance(event, Exchange) else ()
            if any(type(c) is Card for c in (*give, *take)):
                self.exchange_cards(seat, give, take)
            else:
                widow_cards.swap(self.places, seat)
            # his own hand, laid face up, is the widow now (whiskey.2.2); after an exchange of all
            # with a face-up widow, a statement of it is a restatement
            self.widow_rule = self.rule(TAKEN if move.turned_up == TAKEN else "restated")
        elif move.kind == "exchange" and isinstance(event, Exchange):
            self.exchange_cards(seat, event.give, event.take)
            self.widow_rule = self.rule("restated")

    def exchange_cards(self, seat: int, give: Sequence[AnyCard], take: Sequence[AnyCard]) -> None:
        """whiskey.3.1: ``give`` from his hand for ``take`` from the widow, checked against what the
        log knows (COMMERCE-NOTES section 7); after a contradiction the places involved are forgotten."""
        places = self.places
        who = self.names[seat]
        not_in_widow, not_held = widow_cards.exchange_clashes(places, seat, give, take)
        rule = self.rule("identity")
        if not_in_widow:
            self.flag("exchange_card_not_in_widow",
                      _("{player} takes {clash_words}").format(player=who, clash_words=self.clash_words(not_in_widow, 'the widow')), rule, player=seat,
                      remedy=_("the exchange stands as logged; the log no longer trusts the widow or his hand"))
        if not_held:
            self.flag("exchange_card_not_held",
                      _("{player} gives {clash_words}").format(player=who, clash_words=self.clash_words(not_held, f'{who}')), rule, player=seat,
                      remedy=_("the exchange stands as logged; the log no longer trusts his hand or the widow"))
        clashes = not_in_widow + not_held
        if clashes:
            for clash in clashes:
                if clash.where is not None:
                    widow_cards.forget(places, clash.where)
            widow_cards.forget(places, seat)
            widow_cards.forget(places, WIDOW)
        if len(give) >= self.hand_size:
            widow_cards.swap(places, seat)
            widow_cards.fill(places, seat, take)
            widow_cards.fill(places, WIDOW, give)
        else:
            widow_cards.exchange(places, seat, give, take)
        if clashes:
            widow_cards.forget(places, seat)
            widow_cards.forget(places, WIDOW)

    def place_words(self, place: PlaceKey) -> str:
        return f"{self.names[place]}'s hand" if isinstance(place, int) else f"the {place}"

    def clash_words(self, clashes: Sequence[widow_cards.Clash], place: str) -> str:
        parts = []
        for clash in clashes:
            if clash.where is None:
                parts.append(f"{clash.card.text}, which {place} does not hold")
            else:
                parts.append(f"{clash.card.text}, which the log has in {self.place_words(clash.where)}")
        return "; ".join(parts)

    @handles(TurnWidow)
    def on_turn_widow(self, seat: None, event: TurnWidow) -> None:
        rnd = self.round
        if isinstance(rnd, ExchangeRound):
            move = rnd.judge(None, event)
            if move.breaches and self.options["common.illegal_fix"] == VOID:
                for b in move.breaches:
                    self.flag(b.code, b.message, b.rule, remedy=_("void: the widow stays face down"))
                return
            for b in move.breaches:
                self.flag(b.code, b.message, b.rule, remedy=b.remedy)
            if move.turned_up is not None:
                self.widow_rule = self.rule(move.turned_up)
            rnd.commit(None, move)
        else:
            self.widow_up = True
        if event.cards:
            clashes = widow_cards.state(self.places, WIDOW, event.cards)
            if clashes:
                self.flag("widow_contradicts_log", "the widow is turned up as " + format_cards(event.cards) + ": "
                          + self.statement_words(clashes, WIDOW), self.widow_rule,
                          remedy=_("the stated cards are the widow; hands the log had holding them are no longer trusted"))
        if isinstance(rnd, ExchangeRound):
            self.after_move()

    def statement_words(self, clashes: Sequence[widow_cards.Clash], place: PlaceKey) -> str:
        parts = []
        for clash in clashes:
            where = self.place_words(clash.where)  # type: ignore[arg-type]
            if clash.where == place:
                parts.append(f"the log has {clash.card.text} in {where}, not among them")
            else:
                parts.append(f"the log has {clash.card.text} in {where}")
        return "; ".join(parts)

    def after_move(self) -> None:
        """After a turn event: the phase, and the end of the cycle (the betting round, or the showdown)."""
        rnd = self.round
        assert isinstance(rnd, ExchangeRound)
        if not rnd.closed:
            self.phase = rnd.phase
            return
        self.close_cycle(rnd)
        if self.options.get("whiskey.betting_round") == "one_before_showdown":
            self.open_betting()
        else:
            self.phase = "showdown"

    def close_cycle(self, rnd: ExchangeRound) -> None:
        self.widow_up, self.knocker = rnd.widow_up, rnd.knocker
        self.round = None

    def prompt(self) -> Prompt:
        """The turn cycle's choices name the cards the log knows (so that its events keep them)."""
        found = super().prompt()
        if isinstance(found.options, ExchangeChoices) and found.to_act is not None:
            seat = self.table.index[found.to_act]
            choices = found.options.with_cards(self.places.at(seat), self.places.at(WIDOW))
            return dataclasses.replace(found, options=choices)
        return found

    # ------------------------------------------------------------------ the betting round (whiskey only)

    def betting_rules(self) -> BettingRules:
        """whiskey.betting_round = one_before_showdown: one round "as in straight draw" -- spread limit 1-5,
        three raises a player, check allowed (straight draw's after-draw defaults: the whiskey rulebook
        has no limit options)."""
        rule = "whiskey.betting_round"
        ids = BettingRuleIds(order=rule, no_check_after_bet=rule, limits=rule, structure=rule, cap=rule,
                             check_raise=rule, check_allowed=rule)
        return BettingRules("spread_limit", 1, 5, 3, None, False, True, True, str(self.options["common.illegal_fix"]),
                            ids)

    def open_betting(self) -> None:
        self.phase = "betting"
        playing = {s for s in self.order if self.live[s]}
        first = self.table.next_in(self.table.after(self.table.dealer), playing)
        assert first is not None
        rnd = self.open_round(self.betting_rules(), first, BETTING_ROUND)
        if rnd.closed:
            self.end_betting()

    @handles(Fold, Check, Call, Bet, Raise, AllIn)
    def on_betting(self, seat: int, event: Event) -> None:
        who = self.names[seat]
        if self.options.get("whiskey.betting_round") != "one_before_showdown":
            self.flag("bet_outside_round", _("{player} cannot bet: there is no betting in whiskey poker").format(player=who),
                      self.rule("no_betting"), player=seat, remedy=_("ignored: no chip moves"))
            return
        if not isinstance(self.round, BettingRound):
            message = (_("{player} cannot bet now: the betting round comes after the last turns").format(player=who)
                       if isinstance(self.round, ExchangeRound)
                       else _("the {round} is over: {player} cannot act").format(round=_(BETTING_ROUND), player=who))
            self.flag("bet_outside_round", message, "whiskey.betting_round", player=seat,
                      remedy=_("ignored: no chip moves"))
            return
        self.betting_event(seat, event)
        if self.round is not None and self.round.closed:
            self.end_betting()

    def end_betting(self) -> None:
        self.bank_round()
        self.phase = "showdown"
        if sum(1 for s in self.order if self.live[s]) == 1:
            self.uncontested = True

    # ------------------------------------------------------------------ the showdown

    @handles(Show)
    def on_show(self, seat: int, event: Show) -> None:
        who = self.names[seat]
        if self.round is not None:
            self.flag("showed_during_play", _("{player} showed his hand during play").format(player=who), player=seat)
        seen = widow_cards.known(event.cards)
        if len(seen) < len(event.cards) or len(seen) != self.hand_size:
            self.flag("show_unreadable", _("{player}'s shown hand is not five known cards ({cards})").format(player=who, cards=format_cards(event.cards)),
                      player=seat)
            for c in seen:
                if self.places.place_of(c) is None:
                    self.places.reveal(seat, [c])
            return
        clashes = widow_cards.state(self.places, seat, seen)
        if clashes:
            self.flag("shown_hand_contradicts_log", f"{who} shows {format_cards(seen)}: "
                      + self.statement_words(clashes, seat),
                      self.rule("identity"), player=seat, remedy=_("the shown cards are the hand ranked"))
        self.shown[seat] = tuple(seen)

    @handles(Muck)
    def on_muck(self, seat: int, event: Muck) -> None:
        """He throws his hand in: he concedes (COMMERCE-NOTES section 8), unless he showed it first."""
        if self.shown_hand_plays(seat, self.rule("showdown")):
            return
        if self.round is not None:
            self.flag("mucked_outside_showdown", _("{player} mucked during play").format(player=self.names[seat]), player=seat)
        self.mucked.add(seat)

    @handles(TakePot)
    def on_take_pot(self, seat: int, event: TakePot) -> None:
        """Raking the pot decides nothing: the showdown does."""
        if self.round is not None:
            self.flag("took_pot_early", _("{player} took the pot before the hand was over").format(player=self.names[seat]), player=seat)

    @handles(Showdown)
    def on_showdown(self, seat: None, event: Showdown) -> None:
        """``showdown:``: the turns went unrecorded; every hand shown next is ranked under the rulebook."""
        if self.phase in ("showdown", "over"):
            raise InputError(_("'showdown:' comes after the deal reached {over_reason}").format(over_reason=self.over_reason()),
                             hint=_("'showdown:' stands where the logged play stops; leave it out here"))
        self.end_play()

    def end_play(self) -> None:
        """The play is over (a showdown line, a result line): close the turn cycle or betting round."""
        rnd = self.round
        if isinstance(rnd, ExchangeRound):
            self.close_cycle(rnd)
        elif rnd is not None:
            self.bank_round()
        self.phase = "showdown"

    @handles(Reported)
    def on_reported(self, seat: int, event: Reported) -> None:
        """``Bob was lowest`` / ``Ann wins``: the deal's result as a fact; the play, if any, is over."""
        self.end_play()
        lines = self.reported_lowest if event.what == "lowest" else self.reported_best
        if seat not in lines:
            lines.append(seat)

    def showdown_order(self) -> list[int]:
        """The hands are shown when the turn comes back to the knocker (whiskey.6.4): from him on."""
        start = self.knocker if self.knocker is not None else self.order[0]
        return [s for s in self.table.order_from(start) if s in self.order and self.live[s]]

    def prompt_outside_turns(self) -> Prompt:
        if self.phase == "showdown" and not (self.reported_best or self.reported_lowest):
            for s in self.showdown_order():
                if s not in self.shown and s not in self.mucked:
                    hand = self.known_hand(s)
                    choices = ShowChoices(hand if hand is not None and len(hand) == self.hand_size else None)
                    return Prompt("showdown", self.names[s], tuple(choices.describe(self.stacks[s])), choices,
                                  self.stacks[s])
        return Prompt(self.phase, None)

    # ------------------------------------------------------------------ the end

    def value_of(self, cards: Sequence[Card]) -> HandValue:
        return poker.evaluate(cards, wheel=self.options["common.wheel"] == "allowed")

    def standings(self, order: Sequence[int]) -> dict[int, Standing]:
        """Each player's hand as the log knows it: a value, conceded, or unknown."""
        out: dict[int, Standing] = {}
        for s in order:
            if s in self.mucked or not self.live[s]:
                out[s] = CONCEDED
                continue
            hand = self.known_hand(s)
            out[s] = self.value_of(hand) if hand is not None and len(hand) == self.hand_size else None
        return out

    def result_lines(self, picks: Sequence[tuple[Pick, str]]) -> None:
        """Flag the result lines the cards contradict (the cards decide)."""
        for pick, what in picks:
            for s in pick.contradicted:
                self.flag("result_contradicts_cards", _("the log says {player} {what}, but the shown cards say otherwise").format(player=self.names[s], what=what), self.rule("showdown"), player=s, action=False, remedy=_("the cards decide"))

    def unverifiable(self, picks: Sequence[Pick], rule: str) -> None:
        seen: set[int] = set()
        for pick in picks:
            if pick.seats is None:
                for s in pick.unknown:
                    if s not in seen:
                        seen.add(s)
                        self.flag("showdown_unverifiable", _("the deal cannot be settled: show {player}'s hand").format(player=self.names[s]),
                                  rule, player=s, action=False, remedy=_("nothing that needs his hand is decided"))

    def end(self) -> Outcome:
        if self.ended in ("misdeal", "game_over"):
            return self.end_void(self.ended)
        if self.round is not None:
            return self.in_progress_deal()
        return self.settle()

    def end_void(self, kind: str) -> Outcome:
        """A misdeal (the same dealer deals again) or a deal after the game was over: nothing moves."""
        amount = self.carry_all()
        pots = [PotResult(amount, (), left_over=amount, rule=self.rule("deal"))] if amount else []
        self.next_carry = dataclasses.replace(self.carry_in, pot=amount, antes_in=amount > 0)
        summary = (f"misdeal: {self.names[self.table.dealer]} deals again" if kind == "misdeal"
                   else "the game was already over")
        return self.with_facts(self.make_outcome(kind, pots, amount, 0, self.next_hand(amount, kind, same_dealer=True),
                                                 summary))

    def in_progress_deal(self) -> Outcome:
        self.next_carry = self.carry_in
        return self.with_facts(self.in_progress())

    def with_facts(self, outcome: Outcome) -> Outcome:
        facts = self.facts()
        return dataclasses.replace(outcome, facts=facts) if facts else outcome

    def facts(self) -> dict[str, object]:
        """What the game records about this deal besides chips (La Viuda: the wild ranks)."""
        return {}

    def carry_out(self, pot: int, ended: str) -> tuple[Carry, tuple[str, ...]]:
        """The game's state after this deal (worked out by :meth:`end`), holding the chips left on the table."""
        carry = self.next_carry if self.next_carry is not None else self.carry_in
        return dataclasses.replace(carry, pot=pot), ()  # type: ignore[type-var]

    def next_dealer(self) -> str:
        """The next player with chips in the direction of play (whiskey.6.2: to the left)."""
        for s in self.table.order_from(self.table.dealer)[1:]:
            if self.stacks[s] > 0:
                return self.names[s]
        return self.names[self.table.dealer]

    def settle(self) -> Outcome:
        """The showdown (or the result lines) under ``whiskey.scoring``."""
        self.bank_round()
        scoring = self.scoring
        order = list(self.order)
        standing = self.standings(order)
        top = best(order, standing, self.reported_best)
        needs_lowest = scoring in LOWEST_PAYS
        low = lowest(order, standing, self.reported_lowest) if needs_lowest else Pick(())
        self.result_lines([(top, "wins"), (low, "was lowest")])
        pots, carried, undecided, waiting = self.award_pots(order, standing)
        if needs_lowest and low.seats:
            carried += self.lowest_pays(low.seats, top)
        needed = [low] if scoring == ELIMINATION else [top, low]  # low: nobody, where the lowest does not pay
        self.unverifiable([*needed, *waiting], self.rule("showdown"))
        if scoring == ELIMINATION:
            self.next_carry = self.elimination_carry(low, carried)
        else:
            self.next_carry = WhiskeyCarry(carried)
        if self.uncontested:
            kind = "uncontested"
        elif any(p.reported for p in needed):
            kind = "reported"
        else:
            kind = "showdown"
        summary = self.summary(pots, low if needs_lowest else None)
        return self.with_facts(self.make_outcome(kind, pots, carried, undecided, self.next_hand(carried, kind),
                                                 summary, self.showdown_order()))

    def award_pots(self, order: Sequence[int], standing: Mapping[int, Standing],
                   ) -> tuple[list[PotResult], int, int, list[Pick]]:
        """whiskey.5.1: every chip in the middle to the best hand among those who may win it;
        ``whiskey.tie_best`` for ties.  Also returns the picks of the pots left undecided (whose hands
        they wait for)."""
        pots = self.pot.pots(self.live)
        self.pot.clear()
        names = self.names
        rule = self.rule("showdown")
        results: list[PotResult] = []
        waiting: list[Pick] = []
        carried = undecided = 0
        for pot in pots:
            amount, entitled = pot.amount, pot.eligible
            if not amount:
                continue
            among = [s for s in order if s in entitled]
            pick = best(among, standing, [s for s in self.reported_best if s in entitled])
            eligible = tuple(names[s] for s in entitled)
            if pick.seats is None:
                undecided += amount
                waiting.append(pick)
                results.append(PotResult(amount, eligible, (), {}, False, 0, rule))
                continue
            winners = list(pick.seats)
            if not winners or len(winners) > 1 and self.options["whiskey.tie_best"] == "all_tied_collect_nothing":
                carried += amount
                results.append(PotResult(amount, eligible, (), {}, True, amount, "whiskey.tie_best"))
                continue
            split = split_pot(amount, winners, self.table, str(self.options["common.showdown_tie"]))
            for s, chips in split.shares.items():
                self.stacks[s] += chips
            carried += split.left_over
            value = standing.get(winners[0])
            results.append(PotResult(
                amount, eligible, tuple(names[s] for s in winners), {names[s]: c for s, c in split.shares.items()},
                True, split.left_over, rule if len(winners) == 1 else "whiskey.tie_best",
                value.name if isinstance(value, HandValue) else None,
            ))
        return results, carried, undecided, waiting

    def owed_by_lowest(self) -> int:
        """whiskey.lowest_pays: as many chips as players seated, or the agreed amount (1 into the pool)."""
        if self.scoring == ELIMINATION:
            return 1
        if self.options["whiskey.lowest_pays"] == "agreed_k":
            return int(self.options["whiskey.agreed_k"])
        return self.n

    def dues(self, payers: Sequence[int], owed: int) -> dict[int, int]:
        """``whiskey.tie_lowest``: each tied lowest pays in full, or they share it (the odd chips paid by
        those nearest the dealer's left)."""
        if len(payers) == 1 or self.options["whiskey.tie_lowest"] == "all_tied_pay":
            return {p: owed for p in payers}
        base, rest = divmod(owed, len(payers))
        in_order = [s for s in self.table.from_dealers_left() if s in payers]
        return {p: base + (1 if in_order.index(p) < rest else 0) for p in payers}

    def lowest_pays(self, payers: Sequence[int], top: Pick) -> int:
        """The lowest hand pays (whiskey.5.2, 5.3, the forfeit, the pool chip); returns the chips left
        in the middle for the next deal."""
        scoring = self.scoring
        names = self.names
        carried = 0
        rule = {"no_ante_lowest_pays_N": self.cite("whiskey.5.2"),
                "ante_and_lowest_pays_N": self.cite("whiskey.5.3")}.get(scoring, "whiskey.scoring")
        winners = list(top.seats) if top.seats else []
        to_winner = scoring in ("no_ante_lowest_pays_N", "ante_and_lowest_pays_N")
        if to_winner and top.seats is None:
            return 0  # who collects cannot be told: nothing moves until the hands are shown
        for payer, due in self.dues(payers, self.owed_by_lowest()).items():
            paid = min(due, self.stacks[payer])  # he pays what he has (the penalty says how much)
            if not paid:
                continue
            self.stacks[payer] -= paid
            if scoring == ELIMINATION:
                self.total -= paid  # into the pool, which the carry counts
                self.pool_paid += paid
                self.penalties.append(Penalty(names[payer], None, paid, rule, into="pool"))
            elif not to_winner or not winners:
                carried += paid
                self.penalties.append(Penalty(names[payer], None, paid, rule))
            elif len(winners) > 1 and self.options["whiskey.tie_best"] == "all_tied_collect_nothing":
                carried += paid
                self.penalties.append(Penalty(names[payer], None, paid, "whiskey.tie_best"))
            else:
                split = split_pot(paid, winners, self.table, str(self.options["common.showdown_tie"]))
                for s, chips in split.shares.items():
                    self.stacks[s] += chips
                    self.penalties.append(Penalty(names[payer], names[s], chips, rule))
                if split.left_over:
                    carried += split.left_over
                    self.penalties.append(Penalty(names[payer], None, split.left_over, "whiskey.tie_best"))
        return carried

    def elimination_carry(self, low: Pick, carried: int) -> WhiskeyCarry:
        """lowest_pays_1_to_pool_elimination: the pool grows by what the lowest paid; the first player
        to lose all his chips loses the game and pays for the whisky (seed-004)."""
        carry = self.carry_in
        assert isinstance(carry, WhiskeyCarry)
        broke = [self.names[s] for s in (low.seats or ()) if self.stacks[s] == 0]
        out = (*carry.out, *broke)
        return WhiskeyCarry(carried, started=True, pool=carry.pool + self.pool_paid, out=out, game_over=bool(out),
                            whisky_payer=carry.whisky_payer or (broke[0] if broke else None))

    def summary(self, pots: Sequence[PotResult], low: Pick | None) -> str:
        parts = []
        for p in pots:
            if not p.decided:
                parts.append(f"{p.amount} undecided")
            elif not p.winners:
                parts.append(f"{p.amount} stays on the table")
            else:
                parts.append("/".join(p.winners) + (" wins " if len(p.winners) == 1 else " win ") + str(p.amount)
                             + (f" with {p.hand}" if p.hand else ""))
        into = " into the pool" if self.scoring == ELIMINATION else " into the next deal's pot"
        for pen in self.penalties:
            parts.append(f"{pen.payer} pays {pen.amount}" + (f" to {pen.payee}" if pen.payee else into))
        if low is not None and low.seats is None:
            parts.append("who is lowest is undecided")
        return "; ".join(parts) or "nothing changes hands"

    # ------------------------------------------------------------------ across hands

    @classmethod
    def infer_dealer(cls, seats: Sequence[str], stacks: Mapping[str, int], events: Sequence[Event]) -> str | None:
        """The first player of the turn cycle sits next to the dealer: the dealer is the player with
        chips just before him in the direction of play.  ``None`` for a deal logged by its result alone."""
        playing = [s for s in seats if stacks.get(s, 0) > 0]
        for e in events:
            if isinstance(e, TURN_EVENTS) and e.player in playing:  # type: ignore[union-attr]
                i = playing.index(e.player)  # type: ignore[union-attr]
                return playing[(i - cls.direction) % len(playing)]
        return None

    @classmethod
    def carry_so_far(cls, so_far: GameSoFar, rulebook: Rules, seats: Sequence[Seat]) -> Carry:
        """Whiskey poker has a game under way only under ``lowest_pays_1_to_pool_elimination``: its pool."""
        if rulebook.options["whiskey.scoring"] != ELIMINATION:
            raise InputError(_("'game so far:' has nothing to give: whiskey poker keeps a game from deal to deal only "
                             "under whiskey.scoring = lowest_pays_1_to_pool_elimination"), line=so_far.line,
                             hint=_("remove the line, or set the scoring option before it"))
        extra = [w for w, v in (("fund", so_far.fund), ("la viuda", so_far.bought), ("points", so_far.points or None))
                 if v is not None]
        if extra:
            raise InputError(_("'game so far:' gives {fields}, which whiskey poker does not have").format(fields=", ".join(extra)),
                             line=so_far.line, hint=_("whiskey poker's game so far is its pool: 'game so far: pool 3'"))
        return WhiskeyCarry(started=True, pool=so_far.pool or 0)

    @classmethod
    def night_result(cls, carry: Carry, stacks: Mapping[str, int]) -> tuple[str | None, dict[str, object]]:
        """The elimination game has a loser, who pays for the whisky, and no winner."""
        over = bool(getattr(carry, "game_over", False))
        return None, {"game_over": over, "whisky_payer": getattr(carry, "whisky_payer", None), "prize_cents": None,
                      "paid_cents": None, "points": None}

