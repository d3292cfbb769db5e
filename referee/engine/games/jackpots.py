"""Jackpots, jacks or better to open (rulebook ``jackpots``, seed-003): straight draw with hooks.

The first bet is the *open* and must be backed by openers (jackpots.1), which the opener must prove
(jackpots.3-5); a false open is ruled by when it came to light (jackpots.7-11).  Openers are judged
from what the log knows (the dealt hand, what was shown); when nothing decides it the finding is
``unverifiable`` and a pot the opener would win stays undecided.
"""

from __future__ import annotations

from collections.abc import Mapping

from types import MappingProxyType

from dataclasses import dataclass
from itertools import combinations
from typing import Sequence

from referee.cards import JOKERS, Card, format_cards
from referee.engine.betting import BettingRound
from referee.engine.events import Declare, Show
from referee.engine.games.straight_draw import PLAY_DONE, StraightDraw
from referee.engine.outcome import Carry, Outcome, Penalty, PokerCarry, PotResult
from referee.engine.places import kept
from referee.engine.state import STANDARD_PACK, HandSetup, handles
from referee.engine.options import choice
from referee.engine.findings import FindingKind, JudgedLater
from referee.errors import InputError
from referee.ranking import poker
from referee.i18n import N_, _, ngettext

PROGRESSIVE = ("JJ", "QQ", "KK", "AA")
WITH_BUG = STANDARD_PACK | set(JOKERS)  # the bug, written Jk1 or Jk2
BUG = poker.WildRules(bug=True)


@dataclass(frozen=True, slots=True)
class JackpotsCarry(PokerCarry):
    """Jackpots' carry: also a false opener who antes for everybody on this deal
    (``jackpots.false_open_penalty = ante_for_all_next_deal``)."""

    free_ride_payer: str | None = None


def holds_openers(cards: Sequence[Card], minimum: str, wild: poker.WildRules | None = None) -> bool:
    """Do these known cards contain openers (jacks or better, or ``minimum``)?  ``wild``: the bug's
    rules under ``jackpots.bug``."""
    if len(cards) < 2:
        return False
    if len(cards) <= 5:
        return poker.opens(cards, minimum, wild)
    return any(poker.opens(five, minimum, wild) for five in combinations(cards, 5))


class Jackpots(StraightDraw[JackpotsCarry]):
    """One hand of Jackpots."""

    name = "jackpots"
    title = "Jackpots"
    aliases = ("jacks or better", "jacks to open")
    prefix = "jackpots"
    phase_words = {"declare_open": N_("declaring the pot open")}
    dispute_codes = {"false_open": ("false_open_before_showdown", "false_open_after_dropping", "false_open_at_showdown",
                       "false_open_all_dropped", "false_open_after_win", "false_open_not_declared", "unproven_opener",
                       "openers_unverifiable", "penalty_unverifiable", "took_pot_without_openers",
                       "split_declared_late", "declared_open_without_openers", "declared_open_not_in_hand"),
                     "card_fact": ("openers_unverifiable",)}
    #: the finding codes this game's own rulings flag, each with its kind and meaning
    finding_codes: Mapping[str, tuple[FindingKind, str]] = MappingProxyType({
        "false_open_before_showdown": ("false_open", N_("a false open established before the showdown: the opener is out")),
        "false_open_after_dropping": ("false_open", N_("a false open established after the opener dropped out")),
        "false_open_at_showdown": ("false_open", N_("a false open found at the showdown: the pot goes to the others")),
        "false_open_all_dropped": ("false_open", N_("a false open found when everybody else had dropped: the pot stays")),
        "false_open_after_win": ("false_open", N_("a false open found after the opener took the pot")),
        "false_open_not_declared": ("false_open", N_("nobody declared the pot open after a false open: bets back, the pot stays")),
        "unproven_opener": ("false_open", N_("an opener who cannot prove his openers")),
        "openers_unverifiable": ("unverifiable", N_("the opener's openers were not shown")),
        "penalty_unverifiable": ("unverifiable", N_("the false-open penalty cannot be ruled: openers not shown")),
        "took_pot_without_openers": ("illegal_action", N_("the opener raked the pot without showing openers")),
        "split_declared_late": ("illegal_action", N_("split openers announced after the opener's draw")),
        "split_declared_not_opener": ("note", N_("split openers announced by a player who did not open")),
        "pot_declared_open": ("note", N_("a player declared the pot open after a false open")),
        "declared_open_without_openers": ("illegal_action", N_("the pot declared open by a player without openers")),
        "declared_open_not_in_hand": ("illegal_action", N_("the pot declared open by a player out of the hand")),
        "declared_open_nothing_pending": ("note", N_("the pot declared open when no false open awaited it")),
        "false_open_declared_nobody_opened": ("note", N_("a false open declared when nobody had opened")),
        "false_open_declared_but_held": ("note", N_("a false open declared by an opener who held openers")),
        "free_ride_antes": ("note", N_("the false opener antes for everybody (free ride)")),
        "free_ride_deferred": ("note", N_("the false opener deals: his free ride moves to the next deal he does not deal")),
        "no_antes_after_passes": ("note", N_("no antes: the ante cap after deals nobody opened")),
        "penalty_unpaid": ("note", N_("the false opener had no chips left to pay a penalty")),
    })
    #: the house-rule options of this game, read through the rulebook
    house_options = (
        choice("jackpots.min_open", "JJ | progressive_QQ_KK_AA",
               "the smallest hand that may open", "seed-003; wiki-5cd"),
        choice("jackpots.no_open", "as_draw.all_check | reante_same_dealer | ante_cap_3_deals",
               "what happens when nobody opens", "seed-002 analogy; hoyle-jp; RRoP", pins="10.4"),
        choice("jackpots.uncalled_show", "openers_only | full_hand",
               "what an opener whose bet nobody called must show", "seed-003; hoyle-jp; pz-openers"),
        choice("jackpots.split_declare", "keep_discards_face_down | declare_and_under_chip",
               "what an opener who splits his openers must do", "seed-003; RRoP"),
        choice("jackpots.retrieve_mucked_discard", "no | referee_discretion",
               "whether mucked discards may be retrieved to prove openers", "seed-003 (implied); RRoP"),
        choice("jackpots.unproven_opener", "as_false_open | forfeit_pot_only",
               "what happens to an opener who cannot prove openers", "seed-003", pins="10.5"),
        choice("jackpots.false_open_penalty", "pay_each_other_player_1 | ante_for_all_next_deal | none",
               "the penalty for a false open", "seed-003; RRoP"),
        choice("jackpots.penalty_payees", "all_other_players_dealt | active_players_only",
               "who receives the false-open penalty", "seed-003", pins="10.5"),
        choice("jackpots.false_open_before_showdown", "play_on | rrop_declare_open",
               "what happens when a false open is found before the showdown", "seed-003; RRoP"),
        choice("jackpots.false_open_after_win", "keep_if_best_no_penalty | forfeit",
               "what happens when a false open is found after the opener took the pot", "seed-003; RRoP",
               pins="10.6"),
        choice("jackpots.free_ride_by_dealer", 
               "antes_for_others_too | next_deal_he_does_not_deal | dealer_ante_counts",
               "what the free ride costs a false opener who deals the next hand under draw.ante = dealer_antes_N",
               "seed silent"),
        choice("jackpots.caller_refund", "none",
               "what a caller who cannot beat a false opener gets back", "RRoP; seed silent"),
        choice("jackpots.bug", "none | joker_as_ace_or_straight_flush_filler",
               "whether a joker (the bug) is in the pack", "seed-003; wiki-5cd; RRoP"),
    )
    events = {**StraightDraw.events, Declare: "declares split openers"}
    declarations = frozenset({"split_openers", "open", "false_open"})
    after_end = StraightDraw.after_end | {Declare}
    gated_phases = StraightDraw.gated_phases | {"declare_open"}
    carry_type = JackpotsCarry
    dispute_rules: Mapping[str, tuple[str, ...]] = MappingProxyType({
        **StraightDraw.dispute_rules,
        "false_open": ("jackpots.6", "jackpots.9", "jackpots.unproven_opener"),
    })
    dispute_needs: Mapping[str, str] = MappingProxyType({
        **StraightDraw.dispute_needs,
        "openers_unverifiable": N_("{player}'s openers shown (e.g. --decide \"{player}: shows openers Jh Jd\")"),
        "penalty_unverifiable": N_("{player}'s openers shown (e.g. --decide \"{player}: shows openers Jh Jd\")"),
    })

    def __init__(self, setup: HandSetup, voided: frozenset[int] = frozenset()) -> None:
        self.opener: int | None = None
        self.open_action: int | None = None
        self.opening_bet = 0
        self.split_declared: set[int] = set()
        self.openers_shown: dict[int, tuple[Card, ...]] = {}
        self.discards_shown: dict[int, tuple[Card, ...]] = {}
        self.admitted = False
        self.false_open_found: tuple[str, int | None] | None = None  # (when, action)
        self.awaiting_declare = False
        self.free_ride_next: str | None = None
        self.free_ride_paid = False  # the carried free ride was posted on this deal
        super().__init__(setup, voided)

    # ------------------------------------------------------------------ the deal

    def begin(self) -> None:
        carry = self.carry_in
        self.min_open = "JJ"
        if self.options["jackpots.min_open"] == "progressive_QQ_KK_AA":
            self.min_open = PROGRESSIVE[min(carry.passed_out, 3)]
        payer = carry.free_ride_payer
        if payer is not None and payer not in self.table.index:
            raise InputError(
                _("{player} owes the antes for everybody but is not seated").format(player=payer),
                hand=self.setup.number, hint=_("seat him, or start the hand without the free ride"),
            )
        super().begin()

    def post_antes(self) -> None:
        carry = self.carry_in
        count = self.dealt_count
        if carry.antes_in:
            return
        if self.options["jackpots.no_open"] == "ante_cap_3_deals" and carry.passed_out >= 3:
            self.flag("no_antes_after_passes", ngettext("no antes: nobody has opened for {count} deal",
                                                        "no antes: nobody has opened for {count} deals",
                                                        carry.passed_out).format(count=carry.passed_out),
                      "jackpots.no_open", action=False)
            return
        payer = carry.free_ride_payer
        if payer is not None:
            seat = self.table.index[payer]
            self.free_ride_paid = True
            if seat == self.table.dealer and self.options["draw.ante"] == "dealer_antes_N":
                # he would ante for everybody as the dealer anyway (jackpots.free_ride_by_dealer)
                choice = self.options["jackpots.free_ride_by_dealer"]
                if choice == "next_deal_he_does_not_deal":
                    self.free_ride_paid = False
                    self.flag("free_ride_deferred", _("{player} deals and antes {count} as the dealer; his free ride "
                                                      "moves to the next deal he does not deal").format(
                                  player=payer, count=count), "jackpots.free_ride_by_dealer",
                              player=seat, action=False)
                    super().post_antes()
                    return
                if choice == "antes_for_others_too":
                    extra = count - 1
                    self.post_ante(seat, count, self.cite("draw.2"))
                    self.post_ante(seat, extra, "jackpots.free_ride_by_dealer")
                    self.flag("free_ride_antes", _("{player} deals: he antes {count} as the dealer and {extra} more "
                                                   "for the other players (free ride after his false open)").format(
                                  player=payer, count=count, extra=extra),
                              "jackpots.free_ride_by_dealer", player=seat, action=False)
                    return
            self.post_ante(seat, count, "jackpots.false_open_penalty")
            self.flag("free_ride_antes", _("{player} antes {count} for everybody (free ride after his false open)").format(
                player=payer, count=count),
                      "jackpots.false_open_penalty", player=seat, action=False)
            return
        if self.reante_all():
            return
        super().post_antes()

    def pack(self) -> frozenset[Card]:
        """52 cards, and the bug when the house plays it (jackpots.bug)."""
        return WITH_BUG if self.wild() is not None else STANDARD_PACK

    def wild(self) -> poker.WildRules | None:
        """jackpots.bug: a joker in the pack that is an ace or fills a straight or flush."""
        return BUG if self.options["jackpots.bug"] == "joker_as_ace_or_straight_flush_filler" else None

    def pack_hint(self, card: Card) -> str:
        if card.is_joker:
            return ("correct the card; a Jackpots pack holds the bug only with "
                    "option jackpots.bug = joker_as_ace_or_straight_flush_filler")
        return super().pack_hint(card)

    # ------------------------------------------------------------------ the open

    def gate(self, seat: int | None, event: object) -> bool:
        if self.awaiting_declare and not (isinstance(event, Declare) and event.what == "open"):
            self.no_declaration()
        return super().gate(seat, event)  # type: ignore[arg-type]

    def on_first_bet(self, seat: int, chips: int) -> None:
        self.opener = seat
        self.open_action = self.action
        self.opening_bet = chips

    def pass_choice(self) -> tuple[str, str]:
        if self.options["jackpots.no_open"] != "as_draw.all_check":
            return "jackpots.no_open", str(self.options["jackpots.no_open"])
        return super().pass_choice()

    @handles(Declare)
    def on_declare(self, seat: int, event: Declare) -> None:
        who = self.names[seat]
        if event.what == "split_openers":
            if seat != self.opener:
                self.flag("split_declared_not_opener", _("{player} declared split openers but did not open").format(
                    player=who),
                          self.cite("jackpots.2"), player=seat)
            elif seat in self.drawn:
                self.flag("split_declared_late", _("{player} declared split openers after the draw").format(player=who),
                          "jackpots.split_declare", player=seat, remedy=_("the declaration comes too late to count"))
            else:
                self.split_declared.add(seat)
            return
        if event.what == "false_open":
            if self.opener is None:
                self.flag("false_open_declared_nobody_opened",
                          _("{player} declared a false open but nobody has opened").format(player=who),
                          player=seat)
                return
            status, evidence = self.opener_truth()
            if status == "proven":
                self.flag("false_open_declared_but_held", _("a false open was declared but {opener} held openers "
                                                            "({evidence})").format(
                    opener=self.names[self.opener], evidence=evidence), self.cite("jackpots.1.1"),
                          player=seat, remedy=_("ignored"))
                return
            self.admitted = True
            self.establish(N_("declared at the table"))
            return
        if event.what == "open":
            if not self.awaiting_declare:
                self.flag("declared_open_nothing_pending",
                          _("{player} declared the pot open, but no false open awaits a declaration").format(player=who),
                          "jackpots.false_open_before_showdown", player=seat, remedy=_("ignored"))
                return
            if not self.live[seat]:
                self.flag("declared_open_not_in_hand",
                          _("{player} is not in the hand and cannot declare the pot open").format(player=who),
                          "jackpots.false_open_before_showdown", player=seat, remedy=_("ignored"))
                return
            hand = self.known_hand(seat)
            if hand is not None and len(hand) == self.hand_size and not holds_openers(hand, self.min_open,
                                                                                      self.wild()):
                self.flag("declared_open_without_openers",
                          _("{player} declared the pot open without openers ({cards})").format(
                              player=who, cards=format_cards(hand)),
                          "jackpots.false_open_before_showdown", player=seat, remedy=_("the declaration stands"))
            self.awaiting_declare = False
            self.phase = "round1"
            self.flag("pot_declared_open", _("{player} declares the pot open: it plays on").format(player=who),
                      "jackpots.false_open_before_showdown", player=seat)
            if self.round is not None and self.round.closed:
                self.end_round()
            return
        self.flag("declaration_unknown", _("{player} declared {what}: not a declaration of this game").format(
            player=who, what=event.what), player=seat)

    def judged_later(self) -> Mapping[str, JudgedLater]:
        """jackpots.3: a false open is found at the showdown, or when the opener's hand is seen (his
        openers or discards shown, a false open declared at the table) -- not from the deal logged."""
        later = dict(super().judged_later())
        if (self.opener is not None and self.phase not in PLAY_DONE and self.false_open_found is None
                and self.opener_truth(table_only=True)[0] == "unknown"):
            later["false_open"] = JudgedLater("jackpots.3", _(
                "a false open is found at the showdown, or when the opener's hand is seen ({opener}'s openers shown, "
                "or a false open declared at the table)").format(opener=self.names[self.opener]))
        return later

    # ------------------------------------------------------------------ proofs

    def show_proof(self, seat: int, event: Show) -> None:
        known = tuple(c for c in event.cards if isinstance(c, Card))
        if event.purpose == "openers":
            self.openers_shown[seat] = known
        else:
            self.discards_shown[seat] = known
        if seat == self.opener:
            self.check_proof_now()

    def after_show(self, seat: int) -> None:
        if seat == self.opener:
            self.check_proof_now()

    def on_take_pot(self, seat: int, event: object) -> None:  # type: ignore[override]
        super().on_take_pot(seat, event)  # type: ignore[arg-type]
        if seat == self.opener:
            status, _evidence = self.opener_truth()
            if status != "proven":
                self.flag("took_pot_without_openers",
                          _("{player} took the pot without showing his openers").format(player=self.names[seat]),
                          self.cite("jackpots.11.2"), player=seat)

    def opener_truth(self, table_only: bool = False) -> tuple[str, str]:
        """What the log proves about the opener's openers: ``proven``, ``disproven``, ``unproven``
        (he cannot prove them any more) or ``unknown``, with the evidence in words.

        jackpots.3: what proves openers is what the opener shows the table (his openers, his hand and
        the discards he kept face down).  A logged deal is evidence that checks a shown proof (the
        cards he shows must be cards he was dealt; a deal without openers is a false open), never a
        substitute for it: an opener who showed nothing has proven nothing, whatever the log saw dealt.

        ``table_only``: judge only from what was shown at the table (when a false open *comes to
        light* during the hand), not from the dealt cards the scorekeeper logged.
        """
        o = self.opener
        assert o is not None
        if self.admitted:
            return "disproven", _("the false open was declared at the table")
        taken = self.drawn.get(o)
        pre = taken.before if taken is not None else self.hand_of(o)
        dealt = [c for c in pre if isinstance(c, Card)]
        if len(dealt) != self.hand_size or table_only:
            dealt = []
        if dealt and not holds_openers(dealt, self.min_open, self.wild()):
            return "disproven", _("his hand before the draw was {cards}; {needed} were needed").format(
                cards=format_cards(dealt), needed=self.needed())
        status, evidence = self.table_proof(o, dealt, table_only)
        if status == "unknown" and o in self.mucked:
            return "unproven", _("he threw his hand away without showing openers")
        return status, evidence

    def needed(self) -> str:
        """The openers required, in words (jackpots.min_open)."""
        return {"JJ": _("jacks or better"), "QQ": _("queens or better"), "KK": _("kings or better"),
                "AA": _("aces or better")}[self.min_open]

    @staticmethod
    def opener_words(status: str) -> str:
        """What the opener did, in words, by what the log proves (``unproven`` or a false open)."""
        return _("could not prove his openers") if status == "unproven" else _("opened without openers")

    def table_proof(self, o: int, dealt: list[Card], table_only: bool = False) -> tuple[str, str]:
        """The opener's proof as shown at the table (jackpots.2-5), checked against the ``dealt`` hand
        when the log knows it (empty: it does not).  ``table_only``: the discards the log names at his
        draw were handed in face down, unseen by the table: they may not disprove his openers."""
        m, wild = self.min_open, self.wild()
        taken = self.drawn.get(o)
        drew = taken.count if taken is not None else 0
        received = {c for c in taken.received if isinstance(c, Card)} if taken is not None else set()
        final = self.shown.get(o)
        if dealt and final is not None and taken is not None:
            received |= {c for c in final if c not in dealt}  # what he holds and was not dealt, he drew
        own_list = [c for c in taken.discards if isinstance(c, Card)] if taken is not None else []
        own_discards = set(own_list)
        pile = {c for c in self.places.at(kept(o)) if isinstance(c, Card)}
        retrieve = self.options["jackpots.retrieve_mucked_discard"] == "referee_discretion"
        declare = self.options["jackpots.split_declare"] == "declare_and_under_chip"

        shown_discards = tuple(self.discards_shown.get(o, ()))
        face_down = o in self.kept_face_down

        def mucked(cards: Sequence[Card]) -> list[Card]:
            """His discards among ``cards`` that went into the muck rather than face down before him."""
            out = []
            for c in cards:
                discard = c in own_discards or c in shown_discards or (
                    final is not None and taken is not None and c not in final)
                if discard and not (face_down and self.places.place_of(c) in (None, kept(o))):
                    out.append(c)
            return out

        def split_refused(cards: Sequence[Card]) -> tuple[str, str] | None:
            """A proof that needs discards he may not use: mucked (jackpots.2), or an undeclared split."""
            gone = mucked(cards)
            if gone and not retrieve:
                return "unproven", _("he split his openers and did not keep the discards {cards} face down: they "
                                     "went into the muck (jackpots.2)").format(cards=format_cards(gone))
            if declare and o not in self.split_declared and any(c in own_discards for c in cards):
                return "unproven", _("he split his openers without announcing it (jackpots.split_declare)")
            return None

        shown = self.openers_shown.get(o)
        if shown:
            drawn_shown = [c for c in shown if c in received]
            if drawn_shown:
                return "disproven", _("the openers he showed ({cards}) include cards he drew").format(
                    cards=format_cards(shown))
            if dealt and any(c not in dealt for c in shown):
                return "disproven", _("the openers he showed ({cards}) are not the cards he was dealt ({dealt})").format(
                    cards=format_cards(shown), dealt=format_cards(dealt))
            if not holds_openers(shown, m, wild):
                return "disproven", _("the openers he showed ({cards}) are not openers: {needed} were needed").format(
                    cards=format_cards(shown), needed=self.needed())
            refused = split_refused(shown)
            if refused is not None:
                return refused
            gone = mucked(shown)
            if gone:
                return "proven", _("he showed {cards}, {retrieved} retrieved from the muck").format(
                    cards=format_cards(shown), retrieved=format_cards(gone))
            return "proven", _("he showed {cards}").format(cards=format_cards(shown))
        discards = list(shown_discards)
        if final is not None and len(final) == self.hand_size and (taken is None or drew == 0):
            ok = holds_openers(final, m, wild)
            words = (_("he showed {cards} before any draw") if taken is None
                     else _("he showed {cards} standing pat")).format(cards=format_cards(final))
            return ("proven" if ok else "disproven"), words
        if final is None:
            if discards and holds_openers(discards, m, wild):
                return split_refused(discards) or ("proven", _("he showed his discards {cards}").format(
                    cards=format_cards(discards)))
            return "unknown", ""
        # he drew and showed his hand: his kept cards are those he did not draw; which ones those are is
        # known only as far as the log names what he received
        kept_cards = [c for c in final if c not in received]
        unsure = max(0, drew - sum(1 for c in final if c in received))
        keeps = [list(k) for k in combinations(kept_cards, len(kept_cards) - unsure)] if unsure else [kept_cards]
        usable = [c for c in discards if retrieve or not mucked([c])]
        if all(holds_openers(k + usable, m, wild) for k in keeps):
            if not any(holds_openers(k, m, wild) for k in keeps):
                refused = split_refused(usable)
                if refused is not None:
                    return refused
            proof = keeps[0] + usable if not unsure else kept_cards + usable
            return "proven", _("his kept cards and discards {cards}").format(cards=format_cards(proof))
        unshown_pile = [c for c in pile if c not in usable]
        could = any(holds_openers(k + usable + unshown_pile, m, wild) for k in keeps)
        if could or (pile and len(self.places.at(kept(o))) > len(pile)):
            return "unknown", ""  # he can still show the discards he kept face down
        all_discards = len(own_discards) == drew and not table_only  # he drew here: a pat hand returned above
        if all_discards and not any(holds_openers(k + own_list, m, wild) for k in keeps):
            pre = keeps[0] + own_list
            return "disproven", _("his hand before the draw was {cards}; {needed} were needed").format(
                cards=format_cards(pre), needed=self.needed())
        if any(holds_openers(k + own_list, m, wild) for k in keeps):
            if retrieve:
                return "proven", _("his discards {cards} were retrieved from the muck").format(cards=format_cards(own_list))
            gone = [c for c in own_list if c not in pile]
            return "unproven", _("he split his openers and did not keep the discards {cards} face down: they "
                                 "went into the muck (jackpots.2)").format(cards=format_cards(gone))
        if unsure or o in self.kept_face_down:
            return "unknown", ""
        return "unproven", _("the cards he kept ({cards}) are not openers and his discards went into the muck "
                             "(jackpots.2)").format(cards=format_cards(kept_cards))

    def check_proof_now(self) -> None:
        """A show by the opener may establish a false open on the spot."""
        if self.opener is None or self.false_open_found is not None:
            return
        status, _evidence = self.opener_truth(table_only=True)
        if status == "disproven":
            self.establish(N_("shown at the table"))

    def counts_as_false(self, status: str) -> bool:
        return status == "disproven" or (
            status == "unproven" and self.options["jackpots.unproven_opener"] == "as_false_open"
        )

    def establish(self, how: str) -> None:
        """A false open came to light during the hand: rule by the phase (jackpots.7-11)."""
        o = self.opener
        assert o is not None
        if self.false_open_found is not None:
            return
        status, evidence = self.opener_truth()
        who = self.names[o]
        said = _(how)
        detail = evidence if said in evidence else f"{evidence}; {said}"
        declared = how.startswith("declared")
        if (declared and self.showdown_won()) or (self.phase == "uncontested" and self.took_pot is not None):
            # jackpots.11: it came to light once the cards had won him the pot (the rake itself decides
            # nothing); his own proof failing after the showdown is the proof of jackpots.3, at the showdown
            self.false_open_found = ("after_win", self.action)
            return
        if not self.live[o]:
            self.false_open_found = ("dropped", self.action)
            self.flag("false_open_after_dropping", _("{player} opened without openers ({evidence}) after dropping "
                                                     "out").format(player=who, evidence=detail),
                      self.cite("jackpots.5"), player=o, remedy=self.penalty_words(o), about=self.open_action)
            self.apply_penalty(o)
            return
        if self.phase in ("showdown",):
            self.false_open_found = ("showdown", self.action)
            return
        others = [s for s in self.in_hand() if s != o]
        if not others:  # everybody else dropped (the hand is uncontested: he is the one left)
            self.false_open_found = ("all_dropped", self.action)
            return
        self.false_open_found = ("before_showdown", self.action)
        rrop = self.options["jackpots.false_open_before_showdown"] == "rrop_declare_open"
        self.flag("false_open_before_showdown", _("{player} opened without openers ({evidence}): {player} is out "
                                                  "of the hand, {player}'s chips stay in the pot").format(
            player=who, evidence=detail), self.cite("jackpots.7"), player=o,
                  remedy=(_("the others may declare the pot open") if rrop and self.phase == "round1"
                          else _("the others play on (jackpots.8)")), about=self.open_action)
        self.put_out(o)
        self.apply_penalty(o)
        rnd = self.round
        if rrop and self.phase == "round1" and isinstance(rnd, BettingRound):
            callers = sum(1 for s in range(self.n) if s != o and rnd.bets[s] >= self.opening_bet > 0)
            plays = rnd.total_raises > 0 or callers >= 2
            if not plays:  # play waits for a declaration (jackpots.false_open_before_showdown)
                self.awaiting_declare = True
                self.phase = "declare_open"
                return
        if self.round is not None and self.round.closed:
            self.end_round()
        elif self.phase == "draw" and self.next_to_draw() is None:
            self.start_round2()

    def showdown_won(self) -> bool:
        """The showdown is played out: every player still contesting it has shown his hand."""
        if self.phase != "showdown":
            return False
        return all(s in self.shown for s in range(self.n) if self.live[s] and s not in self.mucked)

    def no_declaration(self) -> None:
        """RRoP: nobody declared the pot open after a false open: bets back except the opener's first."""
        self.awaiting_declare = False
        o = self.opener
        assert o is not None
        for s, c in enumerate(self.contributed()):
            self.stacks[s] += c - self.opening_bet if s == o else c
        self.pot.dead += self.opening_bet
        self.pot.banked = [0] * self.n
        self.round = None
        self.ended = "false_open"
        self.flag("false_open_not_declared", _("nobody declared the pot open: every bet but the false opener's "
                                               "first is returned and the pot carries to the next deal"), "jackpots.false_open_before_showdown",
                  player=o, action=False, about=self.open_action)

    def penalty_words(self, o: int) -> str:
        """The false opener ``o``'s penalty in words, for a finding's remedy."""
        who = self.names[o]
        choice = str(self.options["jackpots.false_open_penalty"])
        if choice == "pay_each_other_player_1":
            return _("{player} pays 1 chip to each other player (jackpots.6)").format(player=who)
        if choice == "ante_for_all_next_deal":
            return _("{player} antes for everybody on the next deal (jackpots.6)").format(player=who)
        return _("no penalty beyond the pot (jackpots.false_open_penalty)")

    def apply_penalty(self, o: int) -> None:
        """jackpots.6 with the house's ``false_open_penalty`` and ``penalty_payees``."""
        p = self.options["jackpots.false_open_penalty"]
        if p == "none":
            return
        if p == "ante_for_all_next_deal":
            self.free_ride_next = self.names[o]
            self.penalties.append(Penalty(self.names[o], None, self.dealt_count, "jackpots.false_open_penalty",
                                          into="antes_next_deal"))
            return
        if self.options["jackpots.penalty_payees"] == "all_other_players_dealt":
            payees = [s for s in self.table.from_dealers_left() if self.dealt_in[s] and s != o]
        else:
            payees = [s for s in self.table.from_dealers_left() if self.live[s] and s != o]
        for s in payees:
            if self.stacks[o] <= 0:
                self.flag("penalty_unpaid", _("{player} has no chips left to pay {payee} the penalty").format(
                    player=self.names[o], payee=self.names[s]),
                          "jackpots.false_open_penalty", player=o, action=False)
                continue
            self.stacks[o] -= 1
            self.stacks[s] += 1
            self.penalties.append(Penalty(self.names[o], self.names[s], 1, "jackpots.false_open_penalty"))

    # ------------------------------------------------------------------ the end

    def carry_out(self, pot: int, ended: str) -> tuple[Carry, tuple[str, ...]]:
        base, _obligations = super().carry_out(pot, ended)
        assert isinstance(base, PokerCarry)
        if ended in ("passed_out", "misdeal"):
            # a free ride paid on this deal is served (its antes stay in the pot, and a misdeal's redeal
            # posts no antes); one not paid yet (no antes were posted) is still owed
            payer = None if self.free_ride_paid else self.carry_in.free_ride_payer
            obligations = (_("{player} antes for everybody (jackpots.false_open_penalty)").format(player=payer),) \
                if payer else ()
            return JackpotsCarry(base.pot, base.antes_in, base.passed_out, payer), obligations
        owed = None if self.free_ride_paid else self.carry_in.free_ride_payer
        free_ride = self.free_ride_next or owed
        obligations = (_("{player} antes for everybody (jackpots.false_open_penalty)").format(player=free_ride),) \
            if free_ride else ()
        return JackpotsCarry(base.pot, base.antes_in, base.passed_out, free_ride), obligations

    def end_of_hand(self) -> Outcome:
        if self.awaiting_declare:
            self.no_declaration()
        if self.ended == "false_open":
            amount = self.carry_all()
            return self.make_outcome(
                "false_open", [PotResult(amount, (), left_over=amount, rule="jackpots.false_open_before_showdown")],
                amount, 0, self.next_hand(amount, "false_open"),
                ngettext("false open: {count} chip carried to the next deal",
                         "false open: {count} chips carried to the next deal", amount).format(count=amount),
            )
        return super().end_of_hand()

    def opener_ruling_at_end(self) -> tuple[str, str, str]:
        """(status, evidence, when) for the opener once the hand is over."""
        status, evidence = self.opener_truth()
        when = self.false_open_found[0] if self.false_open_found else ""
        if (not when and self.phase == "uncontested" and self.took_pot is not None and self.took_pot == self.opener
                and self.counts_as_false(status)):
            when = "after_win"  # alone in the hand, the pot was his: jackpots.10 either way
        return status, evidence, when

    def found_at(self) -> int | None | bool:
        return self.false_open_found[1] if self.false_open_found else False

    def end_uncontested(self, winner: int, rule: str) -> Outcome:
        o = self.opener
        if o is None:
            return super().end_uncontested(winner, rule)
        status, evidence, when = self.opener_ruling_at_end()
        if winner != o:
            self.judge_dropped_opener(o, status, evidence)
            return super().end_uncontested(winner, rule)
        if self.counts_as_false(status) or status == "unproven":
            return self.false_open_carry(o, status, evidence, when)
        full = self.options["jackpots.uncalled_show"] == "full_hand"
        whole_unshown = full and not (o in self.shown and len(self.shown[o]) == self.hand_size)
        if status == "unknown" or whole_unshown:
            who = self.names[o]
            if whole_unshown:
                message = _("{player} must show his whole hand before he takes the pot").format(player=who)
                cited = "jackpots.uncalled_show"
            else:
                message = _("{player}'s openers were not shown: show the pair (or split-opener discards) {player} "
                            "opened with").format(player=who)
                cited = self.cite("jackpots.4.1")
            self.flag("openers_unverifiable", message, cited, player=o, action=False,
                      remedy=_("the pot is undecided until they are shown"))
            self.bank_round()
            amount = self.pot.clear()
            pot = PotResult(amount, (who,), decided=False, rule=self.cite("jackpots.11.2"))
            return self.make_outcome("uncontested", [pot], 0, amount, self.next_hand(0, "uncontested"),
                                     _("{player} is alone but has not shown openers: pot undecided").format(player=who))
        return super().end_uncontested(winner, rule)

    def judge_dropped_opener(self, o: int, status: str, evidence: str) -> None:
        """The opener is out of the pot's contest: only the penalty is at stake (jackpots.5 when he dropped
        out before the showdown; jackpots.3 when he threw his hand away at it)."""
        if self.false_open_found is not None:
            return
        who = self.names[o]
        at_showdown = o in self.mucked_at_showdown
        cited = self.cite("jackpots.3" if at_showdown else "jackpots.5")
        if self.counts_as_false(status):
            if at_showdown:
                words = self.opener_words(status)
                self.flag("unproven_opener" if status == "unproven" else "false_open_at_showdown",
                          _("{player} {did} ({evidence}): he mucked at the showdown without proving them").format(
                              player=who, did=words, evidence=evidence), cited,
                          player=o, action=False, remedy=self.penalty_words(o), about=self.open_action)
            elif status == "unproven":
                self.flag("unproven_opener", _("{player} dropped out and could not prove his openers ({evidence})").format(
                    player=who, evidence=evidence),
                          cited, player=o, action=False, remedy=self.penalty_words(o), about=self.open_action)
            else:
                self.flag("false_open_after_dropping", _("{player} opened without openers ({evidence})").format(
                    player=who, evidence=evidence),
                          cited, player=o, action=False, remedy=self.penalty_words(o), about=self.open_action)
            self.apply_penalty(o)
        elif status == "unknown" and self.options["jackpots.false_open_penalty"] != "none":
            self.flag("penalty_unverifiable", _("{player} opened and dropped out; his openers were not shown: show "
                                                "the discards {player} kept").format(player=who), cited, player=o,
                      action=False, remedy=_("the false-open penalty cannot be ruled until they are shown"))

    def false_open_carry(self, o: int, status: str, evidence: str, when: str) -> Outcome:
        """The false opener is alone (everybody dropped) or took the pot uncontested: jackpots.10."""
        penalty = self.counts_as_false(status)
        rule = "jackpots.false_open_after_win" if when == "after_win" else self.cite("jackpots.10")
        self.flag("false_open_after_win" if when == "after_win" else "false_open_all_dropped",
                  _("{player} {did} ({evidence}) and everybody else dropped").format(
                      player=self.names[o], did=self.opener_words(status), evidence=evidence),
                  rule, player=o, action=self.found_at(),
                  remedy=_("the pot stays on the table for the next deal") + (
                      "; " + self.penalty_words(o) if penalty else ""),
                  about=self.open_action)
        if penalty:
            self.apply_penalty(o)
        amount = self.carry_all()
        return self.make_outcome("false_open", [PotResult(amount, (self.names[o],), left_over=amount, rule=rule)],
                                 amount, 0, self.next_hand(amount, "false_open"),
                                 ngettext("false open: {count} chip stays for the next deal",
                                          "false open: {count} chips stay for the next deal", amount).format(count=amount))

    def draw_showdown(self) -> Outcome:
        o = self.opener
        if o is None:
            return super().draw_showdown()
        contenders, values = self.showdown_values()
        rule = self.cite("draw.9")
        unproven = False
        status, evidence, when = self.opener_ruling_at_end()
        who = self.names[o]
        words = self.opener_words(status)
        best = max(values.values()) if values and len(values) == len(contenders) else None
        was_best = best is not None and values.get(o) == best
        if (not when and was_best and self.took_pot == o and len(contenders) > 1
                and (self.counts_as_false(status) or status == "unproven")):
            # jackpots.3: the table let him rake the pot his hand won without proving openers (jackpots.11.2);
            # what the log knows beyond the table's view (his logged deal) comes out only after he won it
            when = "after_win"
        if o not in contenders:
            self.judge_dropped_opener(o, status, evidence)
        elif when == "after_win" and self.options["jackpots.false_open_after_win"] == "keep_if_best_no_penalty" \
                and was_best:
            self.flag("false_open_after_win", _("{player} {did} ({evidence}), found after he won the showdown: his "
                                                "hand was the highest, he keeps the pot").format(
                player=who, did=words, evidence=evidence), self.cite("jackpots.11.1"),
                      player=o, action=self.found_at(), remedy=_("no penalty"), about=self.open_action)
        elif when == "after_win" or self.counts_as_false(status) or status == "unproven":
            penalty = self.counts_as_false(status)
            if when == "after_win":
                forfeit = self.options["jackpots.false_open_after_win"] == "forfeit"
                code, cited = "false_open_after_win", "jackpots.false_open_after_win"
                message = (_("{player} {did} ({evidence}), found after the showdown: a winner must prove openers, he "
                             "forfeits the pot to the best hand among the others") if forfeit
                           else _("{player} {did} ({evidence}), found after the showdown: his hand was not the "
                                  "highest; the pot goes to the best hand among the others")).format(
                    player=who, did=words, evidence=evidence)
            elif status == "unproven":
                code, cited = "unproven_opener", "jackpots.unproven_opener"
                message = _("{player} {did} ({evidence}): found at the showdown, he may not win; the pot goes to "
                            "the best hand among the others").format(player=who, did=words, evidence=evidence)
            else:
                code, cited = "false_open_at_showdown", self.cite("jackpots.9")
                message = _("{player} {did} ({evidence}): found at the showdown, he may not win; the pot goes to "
                            "the best hand among the others").format(player=who, did=words, evidence=evidence)
            self.flag(code, message, cited, player=o, action=self.found_at(),
                      remedy=self.penalty_words(o) if penalty else _("no penalty (jackpots.unproven_opener)"),
                      about=self.open_action)
            self.put_out(o)
            contenders.discard(o)
            values.pop(o, None)
            if penalty:
                self.apply_penalty(o)
            rule = self.cite("jackpots.9")  # the pot goes to the best hand among the others
        elif status == "unknown":
            unproven = True
        pots, carried, undecided, must_show = self.showdown_pots(contenders, values, rule)
        if unproven:
            pots, carried, undecided = self.hold_unproven(pots, carried, undecided, o)
        self.must_show(must_show, rule)
        return self.end_showdown(pots, carried, undecided, self.showdown_order)

    def hold_unproven(self, pots: list[PotResult], carried: int, undecided: int, o: int) -> tuple[list[PotResult], int, int]:
        """A pot the opener won while his openers are unknown stays undecided (jackpots.3, 11.2)."""
        name = self.names[o]
        out: list[PotResult] = []
        held = False
        for p in pots:
            if p.decided and name in p.winners:
                for w, chips in p.shares.items():
                    self.stacks[self.table.index[w]] -= chips
                carried -= p.left_over
                undecided += p.amount
                out.append(PotResult(p.amount, p.eligible, decided=False, rule=self.cite("jackpots.3")))
                held = True
            else:
                out.append(p)
        if held:
            self.flag("openers_unverifiable", _("{player}'s openers were not shown: show the pair (or split-opener "
                                                "discards) {player} opened with").format(player=name),
                      self.cite("jackpots.3"), player=o, action=False,
                      remedy=_("the pot he would win is undecided until they are shown"))
        elif self.options["jackpots.false_open_penalty"] != "none":
            self.flag("penalty_unverifiable",
                      _("{player}'s openers were not shown: the false-open penalty cannot be ruled").format(player=name),
                      self.cite("jackpots.3"), player=o, action=False)
        return out, carried, undecided
