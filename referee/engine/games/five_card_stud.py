"""Five-card stud (rulebook ``five_card_stud``, seed-003): a hole card and four upcards, a betting round after each upcard.

The first round is led by the highest upcard (ties: the card dealt first, or by suit, per
``stud.upcard_tie``) or opened by a bring-in from the lowest upcard (``stud.first_round``); later
rounds by the best showing combination (``stud.later_rounds``, ties to the player dealt first).  If
every player folds before anybody bets there is a new deal (stud.5.2); a round everybody checks
deals the next card or, in the first round, redeals (``stud.all_check``).

Upcards are face up, so the log normally knows them; when it does not, who had to act first is
``unverifiable`` and the first player who acted is taken as the leader.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from referee.cards import UNKNOWN, AnyCard, Card
from referee.engine.betting import ROUND_WORDS, BettingRound, BettingRules, Verdict, round_rules
from referee.engine.events import AllIn, Bet, Call, Check, Deal, Event, Expose, Fold, Misdeal, Muck, Raise, Show, \
    Showdown, TakePot
from referee.engine.games.common import POKER_BETTING, SHOWDOWN, TABLE
from referee.engine.outcome import Carry, Outcome, PokerCarry
from referee.engine.state import HandSetup, HandState, handles
from referee.engine.options import CHIPS, choice, whole_number
from referee.engine.findings import FindingKind, JudgedLater
from referee.errors import InputError
from referee.ranking import poker
from referee.i18n import N_, _

ROUNDS = 4
SUIT_ORDER = {"c": 0, "d": 1, "h": 2, "s": 3}


class FiveCardStud(HandState[PokerCarry]):
    """One hand of five-card stud."""

    name = "five_card_stud"
    title = "five-card stud"
    aliases = ("stud",)
    prefix = "stud"
    spread_limit = ("stud.betting", "stud.bet_min", ("stud.limit_early", "stud.limit_late"))
    phase_words = ROUND_WORDS
    dispute_codes = {"card_fact": ("lead_unverifiable",)}
    #: the finding codes this game's own rulings flag, each with its kind and meaning
    finding_codes: Mapping[str, tuple[FindingKind, str]] = MappingProxyType({
        "bring_in": ("note", N_("the lowest upcard brings in")),
        "bring_in_logged": ("note", N_("the bring-in written in the log: the forced bet itself, not a second bet")),
        "lead_unverifiable": ("unverifiable", N_("who leads a betting round cannot be checked: upcards not known")),
        "hole_card_exposed": ("note", N_("a hole card was exposed")),
    })
    #: the house-rule options of this game, read through the rulebook
    house_options = (
        choice("stud.ante", "none | ante", "whether every player antes before the deal", "seed-003"),
        whole_number("stud.ante_amount", 1, 1, CHIPS,
                     "chips each player antes when stud.ante = ante", "seed silent; same as straight draw"),
        choice("stud.first_round", "highest_upcard | bring_in_lowest_upcard",
               "who acts first in the first betting round", "seed-003; wiki-5cs; pagat-stud"),
        choice("stud.upcard_tie", "first_dealt | suit_c<d<h<s",
               "how equal highest upcards are ordered", "seed-003; wiki-5cs; pagat-stud"),
        choice("stud.later_rounds", "best_showing_combination",
               "who acts first in the betting rounds after the first", "wiki-5cs; pagat-stud; seed silent"),
        choice("stud.all_check", "next_card | redeal",
               "what happens when every player checks a betting round", "wiki-5cs; seed unclear", pins="10.7"),
        choice("stud.betting", "spread_limit | fixed_limit | pot_limit | no_limit",
               "the betting structure", "seed silent; same as straight draw"),
        whole_number("stud.bet_min", 1, 1, CHIPS, "smallest bet or raise", "seed silent; same as straight draw"),
        whole_number("stud.limit_early", 2, 1, CHIPS,
                     "largest bet or raise in the rounds after the 2nd and 3rd cards", "seed silent; same as straight draw"),
        whole_number("stud.limit_late", 5, 1, CHIPS,
                     "largest bet or raise in the rounds after the 4th and 5th cards", "seed silent; same as straight draw"),
        choice("stud.raise_cap", "per_player_3 | bet_plus_4_raises_total | none",
               "how many raises a betting round allows", "seed silent; same as straight draw"),
        choice("stud.opening_bet_counts_as_raise", "no | yes",
               "whether a player's opening bet counts toward his raise cap", "seed silent; same as straight draw"),
        choice("stud.check_raise", "allowed | forbidden",
               "whether a player who checked may raise later in the same round", "seed silent; same as straight draw"),
        choice("stud.check_facing_bet", "must_act_again | taken_as_call | taken_as_fold",
               "what a check facing a bet amounts to", "seed silent; same as straight draw"),
        choice("stud.check_raise_breach", "must_act_again | taken_as_call | taken_as_fold",
               "what a raise amounts to by a player who checked, where check-raising is forbidden",
               "seed silent; same as straight draw"),
    )
    hand_size = ROUNDS + 1
    deals_whole_hand = False  # the hole card and each upcard are dealt on their own
    events = {**TABLE, **SHOWDOWN, Deal: "dealt Kh (the hole card) | dealt up Kh", **POKER_BETTING}
    #: The words its players say at the table, each with the hand format's words it stands for (what
    #: the table's prompt, hints and did-you-mean offer).
    table_words: Mapping[str, str] = MappingProxyType({
        "fold": "folds", "check": "checks", "call": "calls", "bet": "bets", "raise": "raises", "all": "all in", "show": "shows",
        "muck": "mucks",
    })
    after_end = frozenset({Show, Muck, TakePot})
    turns = BettingRound
    carry_type = PokerCarry
    #: the rules a dispute cites by topic when the log shows nothing broken
    dispute_rules: Mapping[str, tuple[str, ...]] = MappingProxyType({
        "over_limit": ("stud.betting",), "show_order": ("stud.6",), "misdeal": ("stud.2.1",),
    })
    dispute_needs: Mapping[str, str] = MappingProxyType({
        **HandState.dispute_needs,
        "lead_unverifiable": N_("the upcards dealt (they are dealt face up: the log should name them)"),
    })

    def __init__(self, setup: HandSetup, voided: frozenset[int] = frozenset()) -> None:
        self.up: list[tuple[AnyCard, ...]] = []  # per seat: his upcards in order (set in begin)
        self.up_action: list[tuple[int, ...]] = []  # the action number of each upcard
        self.round_no = 0
        self.winner: int | None = None
        self.last_round_first: int | None = None
        self.pass_rule = "stud.5.2"
        #: the bring-in posted and nothing acted since: ``(seat, chips)`` (the scorekeeper may log it)
        self.bring_in: tuple[int, int] | None = None
        super().__init__(setup, voided)

    # ------------------------------------------------------------------ start

    def begin(self) -> None:
        self.up = [()] * self.n
        self.up_action = [()] * self.n
        o = self.options
        if o["stud.ante"] == "ante" and not self.carry_in.antes_in:
            for s in range(self.n):
                if self.dealt_in[s]:
                    self.post_ante(s, int(o["stud.ante_amount"]), "stud.ante")
        self.phase = "deal"

    def rules_for(self, number: int) -> BettingRules:
        o = self.options
        return round_rules(
            self.rulebook, "stud", int(o["stud.limit_early"] if number <= 2 else o["stud.limit_late"]),
            check_allowed=True,
            order_rule="stud.3" if number == 1 else "stud.later_rounds",
            check_rule="stud.4.1",
            no_check_rule="stud.5.1",
            limits_rule="stud.betting",
        )

    def judged_later(self) -> Mapping[str, JudgedLater]:
        """Who shows first is known at the showdown (stud.6: the last bettor of the last round)."""
        later = dict(super().judged_later())
        if self.phase not in ("showdown", "over"):
            later["show_order"] = JudgedLater("stud.6", _("who shows first is known when the last betting round "
                                                "is over and the showdown begins"))
        return later

    # ------------------------------------------------------------------ who leads

    def upcard_key(self, seat: int, index: int, highest: bool) -> tuple[int, int] | None:
        """Sort key of ``seat``'s ``index``-th upcard for the lead (None when unknown)."""
        ups = self.up[seat]
        c = ups[index] if index < len(ups) else UNKNOWN
        if not isinstance(c, Card):
            return None
        if self.options["stud.upcard_tie"] == "first_dealt":
            dealt = self.up_action[seat][index]
            return (c.rank, -dealt) if highest else (-c.rank, -dealt)
        return (c.rank, SUIT_ORDER[c.suit]) if highest else (-c.rank, -SUIT_ORDER[c.suit])

    def leader(self, number: int) -> int | None:
        """Who leads betting round ``number`` (1-based); None when the upcards do not tell."""
        live = self.in_hand()
        if number == 1:
            highest = self.options["stud.first_round"] == "highest_upcard"
            keys = {s: self.upcard_key(s, 0, highest) for s in live}
            if any(k is None for k in keys.values()):
                return None
            return max(live, key=lambda s: keys[s])  # type: ignore
        showing: dict[int, poker.HandValue] = {}
        for s in live:
            cards = self.up[s][:number]
            if len(cards) < number or not all(isinstance(c, Card) for c in cards):
                return None
            showing[s] = poker.showing_value(cards)  # type: ignore[arg-type]
        best = max(showing.values())
        return next(s for s in self.table.from_dealers_left() if showing.get(s) == best)

    def open_next_round(self, actor: int | None) -> None:
        """Open the next betting round; ``actor`` is who acted first when the lead is unknown."""
        self.round_no += 1
        number = self.round_no
        lead = self.leader(number)
        if lead is None:
            lead = actor if actor is not None else self.table.next_in(
                self.table.after(self.table.dealer), set(self.in_hand()))
            assert lead is not None  # a round opens only with players in the hand
            self.flag("lead_unverifiable", _("who leads betting round {number} cannot be checked: upcards not all known; {value} is taken as the leader").format(number=number, value=self.names[lead]),
                      self.cite("stud.3" if number == 1 else "stud.later_rounds"),
                      remedy=_("show the upcards to check the order"))
        self.phase = f"round{number}"
        rnd = self.open_round(self.rules_for(number), lead, ROUND_WORDS[self.phase])
        self.last_round_first = lead
        if number == 1 and self.options["stud.first_round"] == "bring_in_lowest_upcard" and self.stacks[lead] > 0:
            chips = min(int(self.options["stud.bet_min"]), self.stacks[lead])
            rnd.commit(lead, Verdict("bet", chips))
            self.flag("bring_in", _("{player} brings in for {chips} (lowest upcard)").format(player=self.names[lead], chips=chips), "stud.first_round",
                      player=lead)
            self.bring_in = (lead, chips)
        if rnd.closed:
            self.end_round()

    # ------------------------------------------------------------------ events

    @handles(Show)
    def on_show(self, seat: int, event: Show) -> None:
        if event.purpose == "hand":
            self.show(seat, event.cards)

    @handles(Showdown)
    def on_showdown(self, seat: None, event: Showdown) -> None:
        """``showdown:``: the cards and bets went unrecorded; the hands shown next decide the pot (stud.6)."""
        if self.phase in ("showdown", "over"):
            raise InputError(_("'showdown:' comes after the hand reached its {over_reason}").format(over_reason=self.over_reason()),
                             hint=_("'showdown:' stands where the logged play stops; leave it out here"))
        self.bank_round()
        self.round = None
        self.round_no = ROUNDS
        self.phase = "showdown"

    @handles(Muck)
    def on_muck(self, seat: int, event: Muck) -> None:
        if self.shown_hand_plays(seat, self.cite("stud.6")):
            return
        self.mucked.add(seat)
        if self.live[seat]:
            self.put_out(seat)
            self.play_on_without()

    def play_on_without(self) -> None:
        """A player threw his cards in before the showdown: the betting round goes on without him and is
        over if he was the last to act in it; between rounds, a player left alone takes the pot (stud.5.1:
        the betting ends when all the others have folded)."""
        if self.round is not None and self.round.closed:
            self.end_round()
        elif self.round is None and self.phase != "showdown" and len(self.in_hand()) == 1:
            self.winner = self.in_hand()[0]
            self.ended = "uncontested"

    @handles(Expose)
    def on_expose(self, seat: int, event: Expose) -> None:
        self.flag("hole_card_exposed", _("{player}'s hole card {card} was exposed").format(player=self.names[seat], card=event.card), player=seat)

    @handles(Misdeal)
    def on_misdeal(self, seat: None, event: Misdeal) -> None:
        self.flag("misdeal_called", "a misdeal was called" + (f" ({event.reason})" if event.reason else ""),
                  "stud.2.1", remedy=_("bets are returned and the same dealer deals again"))
        self.return_bets()
        self.ended = "misdeal"

    @handles(TakePot)
    def on_take_pot(self, seat: int, event: TakePot) -> None:
        """Taking the pot changes nothing in stud: the showdown decides."""

    @handles(Deal)
    def on_deal(self, seat: int, event: Deal) -> None:
        who = self.names[seat]
        rnd = self.round
        if isinstance(rnd, BettingRound) and not rnd.closed and rnd.actions:
            self.flag("dealt_during_betting", _("cards dealt to {player} during a betting round").format(player=who), self.cite("stud.6"),
                      player=seat)
        if not self.live[seat]:
            self.flag("dealt_not_in_deal", _("{player} is not in the hand but was dealt cards").format(player=who), self.cite("stud.6"),
                      player=seat)
        self.deal_to(seat, event.cards)
        if event.face_up:
            self.up[seat] = (*self.up[seat], *event.cards)
            self.up_action[seat] = (*self.up_action[seat], *[self.action] * len(event.cards))
        # open the next round as soon as every player in has his upcard for it
        if self.round is None and self.round_no < ROUNDS:
            need = self.round_no + 1
            if all(len(self.up[s]) >= need for s in self.in_hand()):
                self.open_next_round(None)

    @handles(Fold, Check, Call, Bet, Raise, AllIn)
    def on_betting(self, seat: int, event: Event) -> None:
        if self.round is None:
            if not self.live[seat]:  # nobody opens a round for a player out of the hand
                self.flag("bet_outside_round", _("{player} cannot bet now").format(player=self.names[seat]), "stud.6",
                          player=seat, remedy=_("ignored"))
                return
            if self.round_no >= ROUNDS:
                self.flag("bet_outside_round", _("{player} cannot bet: the betting is over").format(player=self.names[seat]), "stud.6",
                          player=seat, remedy=_("ignored"))
                return
            self.open_next_round(seat)
        brought, self.bring_in = self.bring_in, None
        if isinstance(event, Bet) and brought == (seat, event.amount):
            # stud.first_round: the bring-in is posted as the round opens; the scorekeeper who writes
            # it ("Ann: bets 1", before anybody else acts) logs that forced bet, not a second bet
            self.flag("bring_in_logged", _("{player}'s bet of {amount} is the bring-in itself").format(player=self.names[seat], amount=event.amount),
                      self.cite("stud.3.1"), player=seat)
            return
        if self.round is None:  # the round opened and closed at once (everybody all in)
            self.flag("bet_outside_round", _("{player} cannot bet now").format(player=self.names[seat]), "stud.6", player=seat,
                      remedy=_("ignored"))
            return
        self.betting_event(seat, event)
        if self.round is not None and self.round.closed:
            self.end_round()

    def end_round(self) -> None:
        rnd = self.round
        assert isinstance(rnd, BettingRound)
        self.bring_in = None
        live = self.in_hand()
        nobody_bet = rnd.first_bettor is None
        self.bank_round()
        if len(live) == 1:
            if nobody_bet and self.round_no == 1:
                self.ended = "passed_out"
                self.pass_rule = self.cite("stud.5.2")
                return
            self.winner = live[0]
            self.ended = "uncontested"
            return
        if nobody_bet and self.round_no == 1 and self.options["stud.all_check"] == "redeal":
            self.ended = "passed_out"
            self.pass_rule = "stud.all_check"
            return
        if self.round_no >= ROUNDS:
            self.phase = "showdown"
            return
        self.phase = "deal"
        if all(len(self.up[s]) >= self.round_no + 1 for s in self.in_hand()):
            self.open_next_round(None)

    # ------------------------------------------------------------------ the end

    def showdown_order(self) -> list[int]:
        live = set(self.in_hand())
        rounds = self.rounds_bet()
        lead = rounds[-1].last_aggressor if rounds else None  # who bet or raised last in the last round
        start = lead if lead in live else self.last_round_first
        if start is None:
            start = self.table.after(self.table.dealer)
        return [s for s in self.table.order_from(start) if s in live]

    def carry_out(self, pot: int, ended: str) -> tuple[Carry, tuple[str, ...]]:
        passed = self.carry_in.passed_out
        if ended == "passed_out":
            return PokerCarry(pot, passed_out=passed + 1), ()
        if ended == "misdeal":
            return PokerCarry(pot, antes_in=True), ()
        return PokerCarry.holding(pot), ()

    def end(self) -> Outcome:
        if self.ended == "passed_out":
            return self.end_passed_out(self.pass_rule, _("no bet and everybody folded or checked"))
        if self.ended == "misdeal":
            return self.end_misdeal("stud.2.1")
        if self.ended == "uncontested":
            assert self.winner is not None
            return self.end_uncontested(self.winner, self.cite("stud.5.1"))
        if self.phase == "showdown":
            order = self.showdown_order()
            contenders = {s for s in self.in_hand() if s not in self.mucked}
            values = {}
            for s in contenders:
                hand = self.known_hand(s)
                if hand is not None and len(hand) == self.hand_size:
                    values[s] = poker.evaluate(hand, wheel=self.options["common.wheel"] == "allowed")
            rule = self.cite("stud.6")
            pots, carried, undecided, must_show = self.showdown_pots(contenders, values, rule)
            if must_show:
                self.flag("showdown_unverifiable", _("the showdown cannot be decided: show the hole cards of "
                                                     "{players}").format(players=", ".join(must_show)), rule, action=False, remedy=_("the pot is undecided until they are shown"))
            return self.end_showdown(pots, carried, undecided, order)
        return self.in_progress()
