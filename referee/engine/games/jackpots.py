"""Jackpots, jacks or better to open (RULES.md section 2, seed-003): straight draw with hooks.

The first bet is the *open* and must be backed by openers (jackpots.1), which the opener must prove
(jackpots.3-5); a false open is ruled by when it came to light (jackpots.7-11).  Openers are judged
from what the log knows (the dealt hand, what was shown); when nothing decides it the finding is
``unverifiable`` and a pot the opener would win stays undecided.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Sequence

from referee.cards import JOKERS, Card, format_cards
from referee.engine.events import Declare, Show
from referee.engine.games.straight_draw import StraightDraw
from referee.engine.outcome import Carry, Outcome, Penalty, PokerCarry, PotResult
from referee.engine.places import kept
from referee.engine.state import STANDARD_PACK, HandSetup, handles
from referee.errors import InputError
from referee.ranking import poker

PROGRESSIVE = ("JJ", "QQ", "KK", "AA")
WITH_BUG = STANDARD_PACK | set(JOKERS)  # the bug, written Jk1 or Jk2


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


class Jackpots(StraightDraw):
    """One hand of Jackpots."""

    name = "jackpots"
    title = "Jackpots"
    aliases = ("jacks or better", "jacks to open")
    prefix = "jackpots"
    events = {**StraightDraw.events, Declare: "declares split openers"}
    declarations = frozenset({"split_openers", "open", "false_open"})
    after_end = StraightDraw.after_end | {Declare}
    gated_phases = StraightDraw.gated_phases | {"declare_open"}
    carry = JackpotsCarry

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
        self.took_pot: int | None = None
        self.free_ride_next: str | None = None
        self.free_ride_paid = False  # the carried free ride was posted on this deal
        super().__init__(setup, voided)

    # ------------------------------------------------------------------ the deal

    def begin(self) -> None:
        carry = self.carry_in
        self.min_open = "JJ"
        if self.options["jackpots.min_open"] == "progressive_QQ_KK_AA":
            self.min_open = PROGRESSIVE[min(carry.passed_out, 3)]  # type: ignore[attr-defined]
        payer = carry.free_ride_payer  # type: ignore[attr-defined]
        if payer is not None and payer not in self.table.index:
            raise InputError(
                f"{payer} owes the antes for everybody but is not seated",
                hand=self.setup.number, hint="seat him, or start the hand without the free ride",
            )
        super().begin()

    def post_antes(self) -> None:
        carry = self.carry_in
        count = self.dealt_count
        if carry.antes_in:
            return
        if self.options["jackpots.no_open"] == "ante_cap_3_deals" and carry.passed_out >= 3:  # type: ignore[attr-defined]
            self.flag("no_antes_after_passes", f"no antes: nobody has opened for {carry.passed_out} deals",  # type: ignore[attr-defined]
                      "jackpots.no_open", action=False)
            return
        payer = carry.free_ride_payer  # type: ignore[attr-defined]
        if payer is not None:
            seat = self.table.index[payer]
            self.free_ride_paid = True
            if seat == self.table.dealer and self.options["draw.ante"] == "dealer_antes_N":
                # he would ante for everybody as the dealer anyway (jackpots.free_ride_by_dealer)
                choice = self.options["jackpots.free_ride_by_dealer"]
                if choice == "next_deal_he_does_not_deal":
                    self.free_ride_paid = False
                    self.flag("free_ride_deferred", f"{payer} deals and antes {count} as the dealer; his free ride "
                              "moves to the next deal he does not deal", "jackpots.free_ride_by_dealer",
                              player=seat, action=False)
                    super().post_antes()
                    return
                if choice == "antes_for_others_too":
                    extra = count - 1
                    self.post_ante(seat, count, self.cite("draw.2"))
                    self.post_ante(seat, extra, "jackpots.free_ride_by_dealer")
                    self.flag("free_ride_antes", f"{payer} deals: he antes {count} as the dealer and {extra} more "
                              "for the other players (free ride after his false open)",
                              "jackpots.free_ride_by_dealer", player=seat, action=False)
                    return
            self.post_ante(seat, count, "jackpots.false_open_penalty")
            self.flag("free_ride_antes", f"{payer} antes {count} for everybody (free ride after his false open)",
                      "jackpots.false_open_penalty", player=seat, action=False)
            return
        if self.reante_all():
            return
        super().post_antes()

    def pack(self) -> frozenset[Card]:
        """52 cards, and the bug when the house plays it (jackpots.bug)."""
        return WITH_BUG if self.house.wild is not None else STANDARD_PACK

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
                self.flag("split_declared_not_opener", f"{who} declared split openers but did not open",
                          self.cite("jackpots.2"), player=seat)
            elif seat in self.drawn:
                self.flag("split_declared_late", f"{who} declared split openers after the draw",
                          "jackpots.split_declare", player=seat, remedy="the declaration comes too late to count")
            else:
                self.split_declared.add(seat)
            return
        if event.what == "false_open":
            if self.opener is None:
                self.flag("false_open_declared_nobody_opened", f"{who} declared a false open but nobody has opened",
                          player=seat)
                return
            status, evidence = self.opener_truth()
            if status == "proven":
                self.flag("false_open_declared_but_held", f"a false open was declared but "
                          f"{self.names[self.opener]} held openers ({evidence})", self.cite("jackpots.1.1"),
                          player=seat, remedy="ignored")
                return
            self.admitted = True
            self.establish("declared at the table")
            return
        if event.what == "open":
            if not self.awaiting_declare:
                self.flag("declared_open_nothing_pending",
                          f"{who} declared the pot open, but no false open awaits a declaration",
                          "jackpots.false_open_before_showdown", player=seat, remedy="ignored")
                return
            if not self.live[seat]:
                self.flag("declared_open_not_in_hand", f"{who} is not in the hand and cannot declare the pot open",
                          "jackpots.false_open_before_showdown", player=seat, remedy="ignored")
                return
            hand = self.known_hand(seat)
            if hand is not None and len(hand) == self.hand_size and not holds_openers(hand, self.min_open,
                                                                                      self.house.wild):
                self.flag("declared_open_without_openers",
                          f"{who} declared the pot open without openers ({format_cards(hand)})",
                          "jackpots.false_open_before_showdown", player=seat, remedy="the declaration stands")
            self.awaiting_declare = False
            self.phase = "round1"
            self.flag("pot_declared_open", f"{who} declares the pot open: it plays on",
                      "jackpots.false_open_before_showdown", player=seat)
            if self.round is not None and self.round.closed:
                self.end_round()
            return
        self.flag("declaration_unknown", f"{who} declared {event.what}: not a declaration of this game", player=seat)

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
        self.took_pot = seat
        if seat == self.opener:
            status, _ = self.opener_truth()
            if status != "proven":
                self.flag("took_pot_without_openers", f"{self.names[seat]} took the pot without showing his openers",
                          self.cite("jackpots.11.2"), player=seat)

    def opener_truth(self, table_only: bool = False) -> tuple[str, str]:
        """What the log proves about the opener's openers: ``proven``, ``disproven``, ``unproven``
        (he cannot prove them any more) or ``unknown``, with the evidence in words.

        ``table_only``: judge only from what was shown at the table (when a false open *comes to
        light*), not from the dealt cards the scorekeeper logged.
        """
        o = self.opener
        assert o is not None
        m, wild = self.min_open, self.house.wild
        if self.admitted:
            return "disproven", "the false open was declared"
        taken = self.drawn.get(o)
        pre = taken.before if taken is not None else self.hand_of(o)
        drew = taken.count if taken is not None else 0
        known_pre = [c for c in pre if isinstance(c, Card)]
        if len(known_pre) == self.hand_size and not table_only:
            if not holds_openers(known_pre, m, wild):
                return "disproven", f"his hand before the draw was {format_cards(known_pre)}"
            return self.split_proof(o, known_pre)
        shown = self.openers_shown.get(o)
        received = {c for c in taken.received if isinstance(c, Card)} if taken is not None else set()
        if shown:
            if any(c in received for c in shown):
                return "disproven", f"the openers he showed ({format_cards(shown)}) include cards he drew"
            if holds_openers(shown, m, wild):
                return "proven", f"he showed {format_cards(shown)}"
            return "disproven", f"the openers he showed ({format_cards(shown)}) are not openers"
        final = self.shown.get(o)
        if final is not None and o not in self.drawn and len(final) == self.hand_size:
            ok = holds_openers(final, m, wild)
            return ("proven" if ok else "disproven"), f"he showed {format_cards(final)} before any draw"
        if final is not None:
            discards = list(self.discards_shown.get(o, ()))
            if not discards and o in self.kept_face_down:
                discards = [c for c in self.places.at(kept(o)) if isinstance(c, Card)]
            if drew == 0 and len(final) == self.hand_size and taken is not None:
                ok = holds_openers(final, m, wild)
                return ("proven" if ok else "disproven"), f"he stood pat on {format_cards(final)}"
            all_received = taken is not None and len(received) == drew
            kept_cards = [c for c in final if c not in received] if all_received else []
            candidates = kept_cards + discards
            if holds_openers(candidates, m, wild):
                return "proven", f"his kept cards and discards {format_cards(candidates)}"
            if all_received and len(candidates) == self.hand_size:
                return "disproven", f"his hand before the draw was {format_cards(candidates)}"
        if o in self.mucked:
            return "unproven", "he threw his hand away without showing openers"
        return "unknown", ""

    def split_proof(self, o: int, pre: list[Card]) -> tuple[str, str]:
        """He held openers: could he still prove them at the table after splitting them?"""
        taken = self.drawn.get(o)
        discards = [c for c in taken.discards if isinstance(c, Card)] if taken is not None else []
        if taken is None or len(discards) < taken.count:
            return "proven", f"his hand before the draw was {format_cards(pre)}"
        kept_cards = [c for c in pre if c not in discards]
        if holds_openers(kept_cards, self.min_open, self.house.wild) or not discards:
            return "proven", f"his hand before the draw was {format_cards(pre)}"
        if self.options["jackpots.split_declare"] == "declare_and_under_chip" and o not in self.split_declared:
            return "unproven", "he split his openers without announcing it (jackpots.split_declare)"
        if o not in self.kept_face_down:
            if self.options["jackpots.retrieve_mucked_discard"] == "referee_discretion":
                return "proven", f"his discards {format_cards(discards)} were retrieved from the muck"
            return "unproven", (f"he split his openers and did not keep the discards {format_cards(discards)} "
                                "face down (jackpots.2)")
        return "proven", f"his hand before the draw was {format_cards(pre)}"

    def check_proof_now(self) -> None:
        """A show by the opener may establish a false open on the spot."""
        if self.opener is None or self.false_open_found is not None:
            return
        status, _ = self.opener_truth(table_only=True)
        if status == "disproven":
            self.establish("shown at the table")

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
        if self.took_pot is not None:
            self.false_open_found = ("after_win", self.action)
            return
        if not self.live[o]:
            self.false_open_found = ("dropped", self.action)
            self.flag("false_open_after_dropping", f"{who} opened without openers ({evidence}; {how}) after dropping out",
                      self.cite("jackpots.5"), player=o, remedy=self.penalty_words(), about=self.open_action)
            self.apply_penalty(o)
            return
        if self.phase in ("showdown",):
            self.false_open_found = ("showdown", self.action)
            return
        others = [s for s in self.in_hand() if s != o]
        if self.phase == "uncontested" or not others:
            self.false_open_found = ("all_dropped", self.action)
            return
        self.false_open_found = ("before_showdown", self.action)
        rrop = self.options["jackpots.false_open_before_showdown"] == "rrop_declare_open"
        self.flag("false_open_before_showdown", f"{who} opened without openers ({evidence}; {how}): he is out of the "
                  "hand, his chips stay in the pot", self.cite("jackpots.7"), player=o,
                  remedy=("the others may declare the pot open" if rrop and self.phase == "round1"
                          else "the others play on (jackpots.8)"), about=self.open_action)
        self.put_out(o)
        self.apply_penalty(o)
        if rrop and self.phase == "round1" and self.round is not None:
            rnd = self.round
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

    def no_declaration(self) -> None:
        """RRoP: nobody declared the pot open after a false open: bets back except the opener's first."""
        self.awaiting_declare = False
        o = self.opener
        assert o is not None
        for s, c in enumerate(self.contributed()):
            self.stacks[s] += c - self.opening_bet if s == o else c
        self.dead += self.opening_bet
        self.banked = [0] * self.n
        self.round = None
        self.phase = "over"
        self.ended = "false_open"
        self.flag("false_open_not_declared", "nobody declared the pot open: every bet but the false opener's first "
                  "is returned and the pot carries to the next deal", "jackpots.false_open_before_showdown",
                  player=o, action=False, about=self.open_action)

    def penalty_words(self) -> str:
        return {
            "pay_each_other_player_1": "he pays 1 chip to each other player (jackpots.6)",
            "ante_for_all_next_deal": "he antes for everybody on the next deal (jackpots.6)",
            "none": "no penalty beyond the pot (jackpots.false_open_penalty)",
        }[str(self.options["jackpots.false_open_penalty"])]

    def apply_penalty(self, o: int) -> None:
        """jackpots.6 with the house's ``false_open_penalty`` and ``penalty_payees``."""
        p = self.options["jackpots.false_open_penalty"]
        if p == "none":
            return
        if p == "ante_for_all_next_deal":
            self.free_ride_next = self.names[o]
            self.penalties.append(Penalty(self.names[o], None, self.dealt_count, "jackpots.false_open_penalty"))
            return
        if self.options["jackpots.penalty_payees"] == "all_other_players_dealt":
            payees = [s for s in self.table.from_dealers_left() if self.dealt_in[s] and s != o]
        else:
            payees = [s for s in self.table.from_dealers_left() if self.live[s] and s != o]
        for s in payees:
            if self.stacks[o] <= 0:
                self.flag("penalty_unpaid", f"{self.names[o]} has no chips left to pay {self.names[s]} the penalty",
                          "jackpots.false_open_penalty", player=o, action=False)
                continue
            self.stacks[o] -= 1
            self.stacks[s] += 1
            self.penalties.append(Penalty(self.names[o], self.names[s], 1, "jackpots.false_open_penalty"))

    # ------------------------------------------------------------------ the end

    def carry_out(self, pot: int, ended: str) -> tuple[Carry, tuple[str, ...]]:
        base, _ = super().carry_out(pot, ended)
        assert isinstance(base, PokerCarry)
        if ended in ("passed_out", "misdeal"):
            # a free ride paid on this deal is served (its antes stay in the pot, and a misdeal's redeal
            # posts no antes); one not paid yet (no antes were posted) is still owed
            payer = None if self.free_ride_paid else self.carry_in.free_ride_payer  # type: ignore[attr-defined]
            obligations = (f"{payer} antes for everybody (jackpots.false_open_penalty)",) if payer else ()
            return JackpotsCarry(base.pot, base.antes_in, base.passed_out, payer), obligations
        owed = None if self.free_ride_paid else self.carry_in.free_ride_payer  # type: ignore[attr-defined]
        free_ride = self.free_ride_next or owed
        obligations = (f"{free_ride} antes for everybody (jackpots.false_open_penalty)",) if free_ride else ()
        return JackpotsCarry(base.pot, base.antes_in, base.passed_out, free_ride), obligations

    def end(self) -> Outcome:
        if self.awaiting_declare:
            self.no_declaration()
        if self.ended == "false_open":
            amount = self.carry_all()
            return self.make_outcome(
                "false_open", [PotResult(amount, (), left_over=amount, rule="jackpots.false_open_before_showdown")],
                amount, 0, self.next_hand(amount, "false_open"), f"false open: {amount} chips carried to the next deal",
            )
        return super().end()

    def opener_ruling_at_end(self) -> tuple[str, str, str]:
        """(status, evidence, when) for the opener once the hand is over."""
        status, evidence = self.opener_truth()
        when = self.false_open_found[0] if self.false_open_found else ""
        if not when and self.took_pot is not None and self.took_pot == self.opener and self.counts_as_false(status):
            when = "after_win"
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
                message = f"{who} must show his whole hand before he takes the pot"
                cited = "jackpots.uncalled_show"
            else:
                message = f"{who}'s openers were not shown: show the pair (or split-opener discards) {who} opened with"
                cited = self.cite("jackpots.4.1")
            self.flag("openers_unverifiable", message, cited, player=o, action=False,
                      remedy="the pot is undecided until they are shown")
            self.bank_round()
            amount = self.middle()
            pot = PotResult(amount, (who,), decided=False, rule=self.cite("jackpots.11.2"))
            self.dead, self.banked = 0, [0] * self.n
            return self.make_outcome("uncontested", [pot], 0, amount, self.next_hand(0, "uncontested"),
                                     f"{who} is alone but has not shown openers: pot undecided")
        return super().end_uncontested(winner, rule)

    def judge_dropped_opener(self, o: int, status: str, evidence: str) -> None:
        """The opener is out of the pot's contest: only the penalty is at stake (jackpots.5)."""
        if self.false_open_found is not None:
            return
        who = self.names[o]
        if self.counts_as_false(status):
            self.flag("false_open_after_dropping", f"{who} opened without openers ({evidence})",
                      self.cite("jackpots.5"), player=o, action=False, remedy=self.penalty_words(),
                      about=self.open_action)
            self.apply_penalty(o)
        elif status == "unknown" and self.options["jackpots.false_open_penalty"] != "none":
            self.flag("penalty_unverifiable", f"{who} opened and dropped out; his openers were not shown: "
                      f"show the discards {who} kept", self.cite("jackpots.5"), player=o, action=False,
                      remedy="the false-open penalty cannot be ruled until they are shown")

    def false_open_carry(self, o: int, status: str, evidence: str, when: str) -> Outcome:
        """The false opener is alone (everybody dropped) or took the pot uncontested: jackpots.10."""
        penalty = self.counts_as_false(status)
        rule = "jackpots.false_open_after_win" if when == "after_win" else self.cite("jackpots.10")
        words = "could not prove his openers" if status == "unproven" else "opened without openers"
        self.flag("false_open_after_win" if when == "after_win" else "false_open_all_dropped",
                  f"{self.names[o]} {words} ({evidence}) and everybody else dropped",
                  rule, player=o, action=self.found_at(),
                  remedy="the pot stays on the table for the next deal" + ("; " + self.penalty_words() if penalty else ""),
                  about=self.open_action)
        if penalty:
            self.apply_penalty(o)
        amount = self.carry_all()
        return self.make_outcome("false_open", [PotResult(amount, (self.names[o],), left_over=amount, rule=rule)],
                                 amount, 0, self.next_hand(amount, "false_open"),
                                 f"false open: {amount} chips stay for the next deal")

    def draw_showdown(self) -> Outcome:
        o = self.opener
        if o is None:
            return super().draw_showdown()
        contenders, values = self.showdown_values()
        rule = self.cite("draw.9")
        unproven = False
        status, evidence, when = self.opener_ruling_at_end()
        if o not in contenders:
            self.judge_dropped_opener(o, status, evidence)
        elif when == "after_win":
            best = max(values.values()) if values and len(values) == len(contenders) else None
            was_best = best is not None and values.get(o) == best
            if self.options["jackpots.false_open_after_win"] == "keep_if_best_no_penalty" and was_best:
                self.flag("false_open_after_win", f"{self.names[o]} opened without openers ({evidence}), found after he "
                          "won: his hand was the highest, he keeps the pot", self.cite("jackpots.11.1"),
                          player=o, action=self.found_at(), remedy="no penalty", about=self.open_action)
            else:
                return self.false_open_carry(o, status, evidence, when)
        elif self.counts_as_false(status) or status == "unproven":
            words = "could not prove his openers" if status == "unproven" else "opened without openers"
            penalty = self.counts_as_false(status)
            self.flag("unproven_opener" if status == "unproven" else "false_open_at_showdown",
                      f"{self.names[o]} {words} ({evidence}): found at the showdown, he may "
                      "not win; the pot goes to the best hand among the others",
                      "jackpots.unproven_opener" if status == "unproven" else self.cite("jackpots.9"),
                      player=o, action=self.found_at(),
                      remedy=self.penalty_words() if penalty else "no penalty (jackpots.unproven_opener)",
                      about=self.open_action)
            self.put_out(o)
            contenders.discard(o)
            values.pop(o, None)
            if penalty:
                self.apply_penalty(o)
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
            self.flag("openers_unverifiable", f"{name}'s openers were not shown: show the pair (or split-opener "
                      f"discards) {name} opened with", self.cite("jackpots.3"), player=o, action=False,
                      remedy="the pot he would win is undecided until they are shown")
        elif self.options["jackpots.false_open_penalty"] != "none":
            self.flag("penalty_unverifiable", f"{name}'s openers were not shown: the false-open penalty cannot be ruled",
                      self.cite("jackpots.3"), player=o, action=False)
        return out, carried, undecided
