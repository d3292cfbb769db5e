"""Straight five-card draw (RULES.md section 1) and Jackpots (section 2) on one flow.

Phases: antes -> deal -> ``round1`` -> ``draw`` -> ``round2`` -> ``showdown``; a hand can also end
``uncontested`` (one player left), ``passed_out`` (nobody bet / nobody opened), ``misdeal`` or
``false_open`` (the pot stays for the next deal).  Jackpots is the same flow with hooks: the first
bet is the *open* and must be backed by openers (jackpots.1), which the opener must prove
(jackpots.3-5); a false open is ruled by when it came to light (jackpots.7-11).

Cards: the log may know every card (a camera), some, or none.  Openers are judged from what the
log knows (the dealt hand, or what was shown); when nothing decides it the finding is
``unverifiable`` and a pot the opener would win stays undecided.
"""

from __future__ import annotations

from itertools import combinations
from typing import Sequence

from referee.cards import UNKNOWN, AnyCard, Card, format_cards
from referee.engine.betting import BETTING_EVENTS, BettingRules
from referee.engine.events import (
    Ask, Declare, Deal, Draw, Event, Expose, Misdeal, Muck, Show, TakePot,
)
from referee.engine.hand import Hand, HandSetup, round_rules
from referee.engine.outcome import CarryIn, NextHand, Outcome, Penalty, PotResult
from referee.errors import InputError
from referee.ranking import poker

HAND_SIZE = 5
PROGRESSIVE = ("JJ", "QQ", "KK", "AA")
BETTING_KINDS = frozenset(BETTING_EVENTS)


def holds_openers(cards: Sequence[Card], minimum: str, wild: poker.WildRules | None = None) -> bool:
    """Do these known cards contain openers (jacks or better, or ``minimum``)?  ``wild``: the bug's
    rules under ``jackpots.bug``."""
    if len(cards) < 2:
        return False
    if len(cards) <= HAND_SIZE:
        return poker.opens(cards, minimum, wild)
    return any(poker.opens(five, minimum, wild) for five in combinations(cards, HAND_SIZE))


class DrawHand(Hand):
    """One hand of straight draw or jackpots being replayed."""

    prefix = "draw"

    def __init__(self, setup: HandSetup) -> None:
        super().__init__(setup)
        o = self.options
        self.jackpots = self.rulebook.game == "jackpots"
        self.round_no = 0
        self.round1_first_bettor: int | None = None
        self.round1_actions = 0
        self.draw_order: list[int] = []
        self.drawn: dict[int, int] = {}  # seat -> cards drawn (all draws added)
        self.draw_count: dict[int, int] = {}  # seat -> how many Draw events
        self.predraw: dict[int, list[AnyCard]] = {}
        self.discarded: dict[int, list[AnyCard]] = {}
        self.received: dict[int, list[AnyCard]] = {}
        self.kept_face_down: dict[int, bool] = {}
        self.round2_first: int | None = None
        self.round2_started = False
        self.round2_last_aggressor: int | None = None
        self.pass_rule = "draw.all_check"
        self.same_dealer = False
        self.showdown_order: list[int] = []
        self.ended: str | None = None  # passed_out | misdeal | false_open | uncontested | showdown
        self.winner: int | None = None
        self.dealt_count = sum(self.dealt_in)
        self.max_draw_option = str(o["draw.max_draw"])
        self.draw_limit = self.max_draw()
        # jackpots
        self.opener: int | None = None
        self.open_action: int | None = None
        self.opening_bet = 0
        self.min_open = "JJ"
        if self.jackpots and o["jackpots.min_open"] == "progressive_QQ_KK_AA":
            self.min_open = PROGRESSIVE[min(self.carry_in.passed_out, 3)]
        self.split_declared: set[int] = set()
        self.openers_shown: dict[int, tuple[Card, ...]] = {}
        self.discards_shown: dict[int, tuple[Card, ...]] = {}
        self.admitted = False
        self.false_open_found: tuple[str, int | None] | None = None  # (when, action)
        self.awaiting_declare = False
        self.took_pot: int | None = None
        self.free_ride_next: str | None = None

    # ------------------------------------------------------------------ start

    def start(self) -> None:
        o = self.options
        carry = self.carry_in
        dealt = [s for s in range(self.n) if self.dealt_in[s]]
        count = len(dealt)
        if carry.antes_in:
            pass
        elif self.jackpots and o["jackpots.no_open"] == "ante_cap_3_deals" and carry.passed_out >= 3:
            self.flag(
                "note", f"no antes: nobody has opened for {carry.passed_out} deals", "jackpots.no_open", action=None
            )
        elif carry.free_ride_payer is not None:
            payer = self.table.index[carry.free_ride_payer]
            self.post_ante(payer, count, "jackpots.false_open_penalty")
            self.flag(
                "note", f"{carry.free_ride_payer} antes {count} for everybody (free ride after his false open)",
                "jackpots.false_open_penalty", player=payer, action=None,
            )
        elif o["draw.ante"] == "dealer_antes_N":
            self.post_ante(self.table.dealer, count, self.cite("draw.2"))
        else:
            for s in dealt:
                self.post_ante(s, 1, "draw.ante")
        self.phase = "round1"
        self.round_no = 1
        first = self.table.next_in(self.table.after(self.table.dealer), {s for s in dealt})
        assert first is not None
        self.open_round(self.rules_for(1), first, "first betting round")
        self.check_conservation()

    def rules_for(self, number: int) -> BettingRules:
        """Betting round ``number``'s rules (made once per rulebook: they depend on nothing else)."""
        return self.house.made(("draw.round", number), lambda: self._make_rules(number))

    def _make_rules(self, number: int) -> BettingRules:
        o = self.options
        limit = int(o["draw.limit_pre"] if number == 1 else o["draw.limit_post"])
        check_allowed = number == 2 or o["draw.check_first_round"] == "allowed"
        return round_rules(
            self.rulebook, "draw", limit,
            check_allowed=check_allowed,
            order_rule="draw.4.1" if number == 1 else "draw.8",
            check_rule="draw.check_first_round",
            no_check_rule="draw.4.2",
            limits_rule="draw.6",
        )

    def expected_actor(self) -> str | None:
        if self.phase == "draw":
            nxt = self.next_to_draw()
            return self.names[nxt] if nxt is not None else None
        return None

    # ------------------------------------------------------------------ events

    def on_event(self, event: Event) -> None:
        player = getattr(event, "player", None)  # a PlayerEvent's; None for a table event
        seat = None if player is None else self.table.index.get(player)
        if seat is None and player is not None:
            self.seat_of(player)  # raises: not seated
        if self.awaiting_declare and not (isinstance(event, Declare) and event.what == "open"):
            self.no_declaration()
        if self.phase == "over" and not isinstance(event, (Show, Muck, Declare, TakePot)):
            self.flag("note", f"the hand is over ({self.ended}): this action comes after it", player=seat,
                      remedy="ignored")
            return
        kind = type(event)
        # The events of nearly every hand are called directly, the rest through the handlers table
        # (same methods): a compiled engine (docs/compiled.md) calls its own methods natively, but a
        # function taken from a table through Python.
        if seat is not None:
            if kind in BETTING_KINDS:
                self.on_betting(seat, event)
                return
            if isinstance(event, Draw):
                self.on_draw(seat, event)
                return
            if isinstance(event, Deal):
                self.on_deal(seat, event)
                return
            if isinstance(event, Show):
                self.on_show(seat, event)
                return
        (self.handlers.get(kind) or self.handler_for(event))(self, seat, event)

    event_hint = "draw games use deal, bet/check/call/raise/fold/all in, draw, ask, show, muck, declare, misdeal"

    def on_betting(self, seat: int, event: Event) -> None:
        if self.phase not in ("round1", "round2") or self.round is None:
            where = {"draw": "the draw is not over", "showdown": "the betting is over"}.get(
                self.phase, f"no betting round is open ({self.phase})"
            )
            if self.phase == "draw":
                nxt = self.next_to_draw()
                if nxt is not None:
                    where += f": {self.names[nxt]} is to draw"
            self.flag("illegal_action", f"{self.names[seat]} cannot bet now: {where}",
                      self.cite("draw.7.1") if self.phase == "draw" else self.cite("draw.4.3"),
                      player=seat, remedy="ignored")
            return
        verdict = self.betting_event(seat, event)
        kind = verdict.kind
        if self.phase == "round1":
            if kind != "none":
                self.round1_actions += 1
            if kind == "bet" and self.round1_first_bettor is None:
                self.round1_first_bettor = seat
                if self.jackpots:
                    self.on_open(seat, verdict.chips)
        elif kind != "none":
            self.round2_started = True
            if kind == "bet" or kind == "raise":
                self.round2_last_aggressor = seat
        if self.round.turn is None:
            self.end_round()

    def end_round(self) -> None:
        assert self.round is not None
        rnd = self.round
        live = self.in_hand()
        if len(live) == 1:
            self.bank_round()
            self.winner = live[0]
            self.phase = "uncontested"
            self.ended = "uncontested"
            return
        if self.phase == "round1":
            if rnd.first_bettor is None:
                self.all_checked()
                return
            self.bank_round()
            self.start_draw()
            return
        self.bank_round()
        self.start_showdown()

    def all_checked(self) -> None:
        """Everybody checked the first round (draw.5); jackpots: nobody opened."""
        o = self.options
        rule = "draw.all_check"
        choice = str(o["draw.all_check"])
        if self.jackpots and o["jackpots.no_open"] != "as_draw.all_check":
            rule, choice = "jackpots.no_open", str(o["jackpots.no_open"])
        if choice == "proceed_to_draw":
            self.bank_round()
            self.start_draw()
            return
        self.bank_round()
        self.phase = "over"
        self.ended = "passed_out"
        self.pass_rule = rule
        self.same_dealer = choice in ("redeal_same_dealer_all_reante", "reante_same_dealer")

    # ------------------------------------------------------------------ deal, exposure, misdeal

    def on_deal(self, seat: int, event: Deal) -> None:
        if self.phase != "round1" or self.round1_actions:
            self.flag("note", f"cards dealt to {self.names[seat]} after the betting began", self.cite("draw.3"),
                      player=seat)
        if not self.dealt_in[seat]:
            self.flag("misdeal", f"{self.names[seat]} has no chips and is not in this deal but was dealt cards",
                      "draw.misdeal", player=seat)
        self.take_cards(seat, event.cards)
        if len(self.cards[seat]) > HAND_SIZE:
            self.flag("misdeal", f"{self.names[seat]} was dealt {len(self.cards[seat])} cards",
                      "draw.misdeal", player=seat, remedy=self.misdeal_remedy())

    def misdeal_remedy(self) -> str:
        if self.options["draw.misdeal"] == "none":
            return "no misdeal under this rulebook: the error is corrected and play goes on"
        if self.round1_actions >= 2:
            return "too late for a misdeal (two players have acted): the hand stands"
        return "a misdeal if the table calls it before two players act"

    def on_expose(self, seat: int, event: Expose) -> None:
        who = "the dealer" if event.by_dealer else self.names[seat]
        self.flag("misdeal" if event.by_dealer and self.phase == "round1" else "note",
                  f"{self.names[seat]}'s card {event.card} was exposed by {who}", "draw.misdeal",
                  player=seat, remedy=self.misdeal_remedy() if self.phase == "round1" else "the card plays")

    def on_misdeal(self, seat: None, event: Misdeal) -> None:
        reason = f" ({event.reason})" if event.reason else ""
        if self.options["draw.misdeal"] == "none":
            self.flag("misdeal", f"a misdeal was called{reason} but this rulebook has none", "draw.misdeal",
                      remedy="ignored: the error is corrected and play goes on")
            return
        if self.phase != "round1" or self.round1_actions >= 2:
            self.flag("misdeal", f"a misdeal was called{reason} after two players had acted", "draw.misdeal",
                      remedy="ignored: too late, the hand stands")
            return
        self.flag("misdeal", f"misdeal{reason}: bets are returned and the same dealer deals again",
                  "draw.misdeal")
        self.return_bets()
        self.phase = "over"
        self.ended = "misdeal"

    # ------------------------------------------------------------------ the draw

    def max_draw(self) -> int:
        """Cards one player may draw at once (draw.max_draw; a fifth card under ``5_split_4_then_1``
        comes on its own, after everybody has drawn)."""
        if self.max_draw_option == "3":
            return 3
        if self.max_draw_option == "5_split_4_then_1":
            return 4
        return 4 if self.dealt_count < 6 else 3

    def start_draw(self) -> None:
        self.phase = "draw"
        self.draw_order = [s for s in self.table.from_dealers_left() if self.live[s]]

    def next_to_draw(self) -> int | None:
        for s in self.draw_order:
            if self.live[s] and s not in self.drawn:
                return s
        return None

    def on_draw(self, seat: int, event: Draw) -> None:
        if self.phase != "draw":
            fifth_after_all = (
                self.phase in ("round2", "showdown") and not self.round2_started
                and self.max_draw_option == "5_split_4_then_1" and self.drawn.get(seat) == 4
                and self.draw_count.get(seat) == 1 and event.count == 1 and self.live[seat]
            )
            if fifth_after_all:
                self.take_fifth(seat, event)
                return
            self.flag("illegal_action", f"{self.names[seat]} cannot draw now ({self.phase})", self.cite("draw.7.1"),
                      player=seat, remedy="ignored")
            return
        if not self.live[seat]:
            self.flag("illegal_action", f"{self.names[seat]} is not in the hand and cannot draw",
                      self.cite("draw.7.1"), player=seat, remedy="ignored")
            return
        count = event.count
        if seat in self.drawn:
            split_fifth = (
                self.max_draw_option == "5_split_4_then_1" and self.drawn[seat] == 4 and count == 1
                and self.draw_count[seat] == 1 and self.next_to_draw() is None
            )
            if not split_fifth:
                self.flag("illegal_action", f"{self.names[seat]} has already drawn ({self.drawn[seat]})",
                          self.cite("draw.7.4"), player=seat, remedy="ignored")
                return
        else:
            nxt = self.next_to_draw()
            if (nxt is not None and nxt != seat) or count > self.draw_limit or count < 0:
                if not self.draw_breaches(seat, nxt, count):
                    return
        if len(event.discards) > count or len(event.received) > count:
            raise InputError(
                f"{self.names[seat]} draws {count} but the log lists {len(event.discards)} discards and "
                f"{len(event.received)} cards received",
                hand=self.setup.number, action=self.action,
                hint="list at most as many discards and new cards as the number drawn",
            )
        if seat not in self.predraw:
            hand = self.cards[seat]
            if len(hand) < HAND_SIZE:
                hand += [UNKNOWN] * (HAND_SIZE - len(hand))
            self.predraw[seat] = list(hand)
        self.exchange(seat, event, count)
        if event.kept_face_down:
            self.kept_face_down[seat] = True
        # under 5_split_4_then_1 a player who drew four may still take a fifth, but the round does
        # not wait for it (he takes it before the betting if he wants it)
        if self.next_to_draw() is None:
            self.start_round2()

    def draw_breaches(self, seat: int, nxt: int | None, count: int) -> bool:
        """Flag a draw out of turn or of too many cards; False when it is void (``void_and_reprompt``)."""
        who = self.names[seat]
        void = self.fix == "void_and_reprompt"
        if nxt is not None and nxt != seat:
            message = f"{who} drew out of turn: {self.names[nxt]} is to draw"
            if void:
                self.flag("illegal_action", message, self.cite("draw.7.1"), player=seat,
                          remedy=f"void: {self.names[nxt]} is to draw")
                return False
            self.flag("illegal_action", message, self.cite("draw.7.1"), player=seat,
                      remedy="the draw stands")
        limit = self.draw_limit
        if count > limit or count < 0:
            message = f"{who} drew {count} cards; at most {limit} may be drawn"
            if void:
                self.flag("illegal_action", message, "draw.max_draw", player=seat,
                          remedy=f"void: {who} is still to draw")
                return False
            self.flag("illegal_action", message, "draw.max_draw", player=seat,
                      remedy="the draw stands: cards dealt cannot be taken back")
        return True

    def exchange(self, seat: int, event: Draw, count: int) -> None:
        """``seat`` discards ``count`` cards and gets as many (those the log does not name are unknown)."""
        gone = self.drop_cards(seat, event.discards, count)
        received = event.received
        got = list(received) if len(received) == count else [*received, *[UNKNOWN] * (count - len(received))]
        self.take_cards(seat, got)
        if seat in self.drawn:  # a second draw (the fifth card under 5_split_4_then_1)
            self.discarded[seat] += gone
            self.received[seat] += got
            self.drawn[seat] += count
            self.draw_count[seat] += 1
        else:
            self.discarded[seat] = gone
            self.received[seat] = got
            self.drawn[seat] = count
            self.draw_count[seat] = 1

    def take_fifth(self, seat: int, event: Draw) -> None:
        """draw.max_draw = 5_split_4_then_1: the fifth card, "after every other player has drawn"."""
        self.exchange(seat, event, 1)

    def start_round2(self) -> None:
        self.phase = "round2"
        self.round_no = 2
        with_chips = {s for s in range(self.n) if self.live[s] and self.stacks[s] > 0}
        if self.options["draw.round2_first"] == "first_bettor_round1" and self.round1_first_bettor is not None:
            start = self.round1_first_bettor
        else:
            start = self.table.after(self.table.dealer)
        first = self.table.next_in(start, with_chips) if with_chips else None
        if first is None:
            first = self.table.next_in(start, set(self.in_hand()))
        assert first is not None
        self.round2_first = first
        self.open_round(self.rules_for(2), first, "second betting round")
        if self.round is not None and self.round.closed:
            self.end_round()

    def on_ask(self, seat: int, event: Ask) -> None:
        target = self.seat_of(event.target)
        who, whom = self.names[seat], self.names[target]
        if target not in self.drawn:
            self.flag("answer", f"{who} asks {whom} how many cards he drew: he has not drawn yet",
                      self.cite("draw.7.7"), player=seat)
            return
        count = self.drawn[target]
        said = "he stood pat" if count == 0 else f"he drew {count}"
        late = self.round2_started or self.phase not in ("draw", "round2")
        if late:
            self.flag("answer", f"{who} asks {whom} how many cards he drew: {said} (the log); "
                      "asked after the betting began, he need not answer", "draw.count_question", player=seat)
        else:
            self.flag("answer", f"{who} asks {whom} how many cards he drew: {said}", self.cite("draw.7.7"),
                      player=seat)

    # ------------------------------------------------------------------ showdown

    def start_showdown(self) -> None:
        self.phase = "showdown"
        self.ended = "showdown"
        live = set(self.in_hand())
        rnd2_first = self.round2_first if self.round2_first is not None else self.table.after(self.table.dealer)
        if self.options["draw.showdown_first"] == "last_raiser":
            start = self.last_aggressor if self.last_aggressor is not None and self.last_aggressor in live \
                else rnd2_first
        else:
            last2 = self.round2_last_aggressor
            start = last2 if last2 is not None and last2 in live else rnd2_first
        self.showdown_order = [s for s in self.table.order_from(start) if s in live]

    def on_show(self, seat: int, event: Show) -> None:
        purpose = event.purpose
        if purpose == "openers" or purpose == "discards":
            known = tuple([c for c in event.cards if isinstance(c, Card)])
            if purpose == "openers":
                self.openers_shown[seat] = known
            else:
                self.discards_shown[seat] = known
            if self.jackpots and seat == self.opener:
                self.check_proof_now()
            return
        if self.phase == "showdown" and seat in self.showdown_order:
            for s in self.showdown_order:
                if s == seat:
                    break
                if s not in self.shown and s not in self.mucked and self.live[s]:
                    self.flag("note", f"{self.names[seat]} showed before {self.names[s]}, who was to show first",
                              self.cite("draw.9"), player=seat)
                    break
        elif self.phase not in ("showdown", "uncontested", "over"):
            self.flag("note", f"{self.names[seat]} showed his hand during play", player=seat)
        self.show(seat, event.cards)
        if self.jackpots and seat == self.opener:
            self.check_proof_now()

    def on_muck(self, seat: int, event: Muck) -> None:
        if self.phase != "showdown":
            self.flag("note", f"{self.names[seat]} mucked outside the showdown", player=seat)
        self.mucked.add(seat)
        if self.live[seat]:
            self.put_out(seat)

    def on_take_pot(self, seat: int, event: TakePot) -> None:
        if self.phase not in ("showdown", "uncontested"):
            self.flag("note", f"{self.names[seat]} took the pot before the hand was over", player=seat)
        self.took_pot = seat
        if self.jackpots and seat == self.opener:
            status, _ = self.opener_truth()
            if status != "proven":
                self.flag("illegal_action", f"{self.names[seat]} took the pot without showing his openers",
                          self.cite("jackpots.11.2"), player=seat)

    # ------------------------------------------------------------------ jackpots

    def on_open(self, seat: int, chips: int) -> None:
        self.opener = seat
        self.open_action = self.action
        self.opening_bet = chips

    def on_declare(self, seat: int, event: Declare) -> None:
        who = self.names[seat]
        if not self.jackpots:
            self.flag("note", f"{who} declared {event.what}: not a declaration of this game", player=seat)
            return
        if event.what == "split_openers":
            if seat != self.opener:
                self.flag("note", f"{who} declared split openers but did not open", self.cite("jackpots.2"),
                          player=seat)
            elif seat in self.drawn:
                self.flag("illegal_action", f"{who} declared split openers after his draw",
                          "jackpots.split_declare", player=seat, remedy="the declaration comes too late to count")
            else:
                self.split_declared.add(seat)
            return
        if event.what == "false_open":
            if self.opener is None:
                self.flag("note", f"{who} declared a false open but nobody has opened", player=seat)
                return
            status, evidence = self.opener_truth()
            if status == "proven":
                self.flag("note", f"a false open was declared but {self.names[self.opener]} held openers "
                          f"({evidence})", self.cite("jackpots.1.1"), player=seat, remedy="ignored")
                return
            self.admitted = True
            self.establish("declared at the table")
            return
        if event.what == "open":
            if not self.awaiting_declare:
                self.flag("note", f"{who} declared the pot open, but no false open awaits a declaration",
                          "jackpots.false_open_before_showdown", player=seat, remedy="ignored")
                return
            if not self.live[seat]:
                self.flag("illegal_action", f"{who} is not in the hand and cannot declare the pot open",
                          "jackpots.false_open_before_showdown", player=seat, remedy="ignored")
                return
            hand = self.known_hand(seat)
            if hand is not None and len(hand) == HAND_SIZE and not holds_openers(hand, self.min_open, self.wild):
                self.flag("illegal_action", f"{who} declared the pot open without openers ({format_cards(hand)})",
                          "jackpots.false_open_before_showdown", player=seat, remedy="the declaration stands")
            self.awaiting_declare = False
            self.flag("note", f"{who} declares the pot open: it plays on", "jackpots.false_open_before_showdown",
                      player=seat)
            return
        self.flag("note", f"{who} declared {event.what}: not a declaration of this game", player=seat)

    def opener_truth(self, table_only: bool = False) -> tuple[str, str]:
        """What the log proves about the opener's openers: ``proven``, ``disproven``, ``unproven``
        (he cannot prove them any more) or ``unknown``, with the evidence in words.

        ``table_only``: judge only from what was shown at the table (when a false open *comes to
        light*), not from the dealt cards the scorekeeper logged.
        """
        o = self.opener
        assert o is not None
        m = self.min_open
        if self.admitted:
            return "disproven", "the false open was declared"
        pre = self.predraw.get(o, self.cards[o])
        known_pre = [c for c in pre if isinstance(c, Card)]
        if len(known_pre) == HAND_SIZE and not table_only:
            if not holds_openers(known_pre, m, self.wild):
                return "disproven", f"his hand before the draw was {format_cards(known_pre)}"
            return self.split_proof(o, known_pre)
        shown = self.openers_shown.get(o)
        received = {c for c in self.received.get(o, []) if isinstance(c, Card)}
        if shown:
            if any(c in received for c in shown):
                return "disproven", f"the openers he showed ({format_cards(shown)}) include cards he drew"
            if holds_openers(shown, m, self.wild):
                return "proven", f"he showed {format_cards(shown)}"
            return "disproven", f"the openers he showed ({format_cards(shown)}) are not openers"
        final = self.shown.get(o)
        if final is not None and o not in self.drawn and len(final) == HAND_SIZE:
            ok = holds_openers(final, m, self.wild)
            return ("proven" if ok else "disproven"), f"he showed {format_cards(final)} before any draw"
        if final is not None:
            discards = list(self.discards_shown.get(o, ()))
            if not discards and self.kept_face_down.get(o):
                discards = [c for c in self.discarded.get(o, []) if isinstance(c, Card)]
            if self.drawn.get(o, 0) == 0 and len(final) == HAND_SIZE and o in self.drawn:
                ok = holds_openers(final, m, self.wild)
                return ("proven" if ok else "disproven"), f"he stood pat on {format_cards(final)}"
            all_received = len(received) == self.drawn.get(o, 0) and o in self.drawn
            kept = [c for c in final if c not in received] if all_received else []
            candidates = kept + discards
            if holds_openers(candidates, m, self.wild):
                return "proven", f"his kept cards and discards {format_cards(candidates)}"
            if all_received and len(candidates) == HAND_SIZE:
                return "disproven", f"his hand before the draw was {format_cards(candidates)}"
        if o in self.mucked:
            return "unproven", "he threw his hand away without showing openers"
        return "unknown", ""

    def split_proof(self, o: int, pre: list[Card]) -> tuple[str, str]:
        """He held openers: could he still prove them at the table after splitting them?"""
        discards = [c for c in self.discarded.get(o, []) if isinstance(c, Card)]
        if o not in self.drawn or len(discards) < self.drawn.get(o, 0):
            return "proven", f"his hand before the draw was {format_cards(pre)}"
        kept = [c for c in pre if c not in discards]
        if holds_openers(kept, self.min_open, self.wild) or not discards:
            return "proven", f"his hand before the draw was {format_cards(pre)}"
        declare_rule = self.options["jackpots.split_declare"]
        if declare_rule == "declare_and_under_chip" and o not in self.split_declared:
            return "unproven", "he split his openers without announcing it (jackpots.split_declare)"
        if not self.kept_face_down.get(o):
            if self.options["jackpots.retrieve_mucked_discard"] == "referee_discretion":
                self.flag("note", f"{self.names[o]}'s split openers were retrieved from the muck "
                          f"({format_cards(discards)})", "jackpots.retrieve_mucked_discard", player=o, action=None)
                return "proven", f"his discards {format_cards(discards)} were retrieved"
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
            self.flag("false_open", f"{who} opened without openers ({evidence}; {how}) after dropping out",
                      self.cite("jackpots.5"), player=o, remedy=self.penalty_words())
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
        self.flag("false_open", f"{who} opened without openers ({evidence}; {how}): he is out of the hand, "
                  "his chips stay in the pot", self.cite("jackpots.7"), player=o,
                  remedy=("the others may declare the pot open" if rrop and self.phase == "round1"
                          else "the others play on (jackpots.8)"))
        self.put_out(o)
        self.apply_penalty(o)
        if rrop and self.phase == "round1" and self.round is not None:
            rnd = self.round
            callers = sum(1 for s in range(self.n) if s != o and rnd.bets[s] >= self.opening_bet > 0)
            plays = rnd.total_raises > 0 or callers >= 2
            if not plays:
                self.awaiting_declare = True
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
        contributed = self.contributed()
        for s, c in enumerate(contributed):
            back = c - self.opening_bet if s == o else c
            self.stacks[s] += back
        self.dead += self.opening_bet
        self.banked = [0] * self.n
        self.round = None
        self.phase = "over"
        self.ended = "false_open"
        self.flag("false_open", "nobody declared the pot open: every bet but the false opener's first is returned "
                  "and the pot carries to the next deal", "jackpots.false_open_before_showdown",
                  player=o, action=False)

    def penalty_words(self) -> str:
        p = self.options["jackpots.false_open_penalty"]
        return {
            "pay_each_other_player_1": "he pays 1 chip to each other player (jackpots.6)",
            "ante_for_all_next_deal": "he antes for everybody on the next deal (jackpots.6)",
            "none": "no penalty beyond the pot (jackpots.false_open_penalty)",
        }[str(p)]

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
                self.flag("note", f"{self.names[o]} has no chips left to pay {self.names[s]} the penalty",
                          "jackpots.false_open_penalty", player=o, action=None)
                continue
            self.stacks[o] -= 1
            self.stacks[s] += 1
            self.penalties.append(Penalty(self.names[o], self.names[s], 1, "jackpots.false_open_penalty"))

    # ------------------------------------------------------------------ the end

    def finish(self) -> Outcome:
        if self.awaiting_declare:
            self.no_declaration()
        carry = self.carry_in
        nxt = self.next_dealer()
        passed = 0
        if self.ended == "passed_out":
            amount = self.carry_all()
            same = self.same_dealer
            dealer = self.names[self.table.dealer] if same else nxt
            passed = carry.passed_out + 1
            rule = self.pass_rule
            self.flag("note", f"everybody checked: the deal is void and the pot of {amount} stays", rule,
                      action=False)
            return self.make_outcome(
                "passed_out", [PotResult(amount, (), rule=rule, left_over=amount)], amount, 0,
                NextHand(dealer, CarryIn(amount, carry.free_ride_payer, passed), same),
                f"passed out: {amount} chips carried to the next deal",
            )
        if self.ended == "misdeal":
            amount = self.carry_all()
            dealer = self.names[self.table.dealer]
            return self.make_outcome(
                "misdeal", [PotResult(amount, (), left_over=amount, rule="draw.misdeal")], amount, 0,
                NextHand(dealer, CarryIn(amount, carry.free_ride_payer, carry.passed_out, antes_in=True), True),
                f"misdeal: {self.names[self.table.dealer]} deals again; {amount} chips stay in the pot",
            )
        if self.ended == "false_open":
            amount = self.carry_all()
            return self.make_outcome(
                "false_open", [PotResult(amount, (), left_over=amount, rule="jackpots.false_open_before_showdown")],
                amount, 0, self.next_hand(nxt, amount), f"false open: {amount} chips carried to the next deal",
            )
        if self.ended == "uncontested":
            return self.finish_uncontested(nxt)
        if self.ended == "showdown":
            return self.finish_showdown(nxt)
        return self.make_outcome(
            "in_progress", [], 0, 0, NextHand(nxt, CarryIn()),
            f"in progress ({self.phase}): {self.middle()} chips in the middle",
        )

    def next_hand(self, dealer: str, carried: int) -> NextHand:
        free_ride = self.free_ride_next
        obligations = (f"{free_ride} antes for everybody (jackpots.false_open_penalty)",) if free_ride else ()
        return NextHand(dealer, CarryIn(carried, free_ride, 0, False), False, obligations)

    def opener_ruling_at_end(self, wins: bool) -> tuple[str, str, str]:
        """(status, evidence, when) for the opener once the hand is over."""
        status, evidence = self.opener_truth()
        when = self.false_open_found[0] if self.false_open_found else ""
        if not when and self.took_pot is not None and self.took_pot == self.opener and self.counts_as_false(status):
            when = "after_win"
        return status, evidence, when

    def finish_uncontested(self, nxt: str) -> Outcome:
        w = self.winner
        assert w is not None
        rule = self.cite("draw.4.3")
        o = self.opener
        if self.jackpots and o is not None:
            status, evidence, when = self.opener_ruling_at_end(w == o)
            if w == o:
                if self.counts_as_false(status) or status == "unproven":
                    return self.false_open_carry(o, status, evidence, when)
                full = self.options["jackpots.uncalled_show"] == "full_hand"
                whole_unshown = full and not (o in self.shown and len(self.shown[o]) == HAND_SIZE)
                if status == "unknown" or whole_unshown:
                    if whole_unshown:
                        message = f"{self.names[o]} must show his whole hand before he takes the pot"
                        cited = "jackpots.uncalled_show"
                    else:
                        message = (f"{self.names[o]}'s openers were not shown: show the pair (or split-opener "
                                   "discards) he opened with")
                        cited = self.cite("jackpots.4.1")
                    self.flag("unverifiable", message, cited, player=o, action=False,
                              remedy="the pot is undecided until they are shown")
                    self.bank_round()
                    amount = self.middle()
                    pot = PotResult(amount, (self.names[o],), decided=False, rule=self.cite("jackpots.11.2"))
                    self.dead, self.banked = 0, [0] * self.n
                    return self.make_outcome("uncontested", [pot], 0, amount, self.next_hand(nxt, 0),
                                             f"{self.names[o]} is alone but has not shown openers: pot undecided")
            else:
                self.judge_dropped_opener(o, status, evidence)
        pots = self.award_all(w, rule)
        return self.make_outcome("uncontested", pots, 0, 0, self.next_hand(nxt, 0),
                                 f"{self.names[w]} wins {pots[0].amount} uncontested")

    def judge_dropped_opener(self, o: int, status: str, evidence: str) -> None:
        """The opener is out of the pot's contest: only the penalty is at stake (jackpots.5)."""
        if self.false_open_found is not None:
            return
        if self.counts_as_false(status):
            self.flag("false_open", f"{self.names[o]} opened without openers ({evidence})",
                      self.cite("jackpots.5"), player=o, action=False, remedy=self.penalty_words())
            self.apply_penalty(o)
        elif status == "unknown" and self.options["jackpots.false_open_penalty"] != "none":
            self.flag("unverifiable", f"{self.names[o]} opened and dropped out; his openers were not shown: "
                      "show the discards he kept", self.cite("jackpots.5"), player=o, action=False,
                      remedy="the false-open penalty cannot be ruled until they are shown")

    def false_open_carry(self, o: int, status: str, evidence: str, when: str) -> Outcome:
        """The false opener is alone (everybody dropped) or took the pot uncontested: jackpots.10."""
        nxt = self.next_dealer()
        penalty = self.counts_as_false(status)
        rule = self.cite("jackpots.10")
        if when == "after_win":
            rule = "jackpots.false_open_after_win"
        words = "could not prove his openers" if status == "unproven" else "opened without openers"
        self.flag("false_open", f"{self.names[o]} {words} ({evidence}) and everybody else dropped",
                  rule, player=o, action=self.false_open_found[1] if self.false_open_found else False,
                  remedy="the pot stays on the table for the next deal"
                  + ("; " + self.penalty_words() if penalty else ""))
        if penalty:
            self.apply_penalty(o)
        amount = self.carry_all()
        return self.make_outcome("false_open", [PotResult(amount, (self.names[o],), left_over=amount, rule=rule)],
                                 amount, 0, self.next_hand(nxt, amount),
                                 f"false open: {amount} chips stay for the next deal")

    def finish_showdown(self, nxt: str) -> Outcome:
        live, mucked = self.live, self.mucked
        contenders = {s for s in range(self.n) if live[s] and s not in mucked}
        values = {}
        wild, wheel = self.wild, self.wheel
        for s in contenders:
            hand = self.known_hand(s)
            if hand is not None and len(hand) == HAND_SIZE:
                values[s] = poker.evaluate(hand, wild=wild, wheel=wheel)
        rule = self.cite("draw.9")
        o = self.opener
        unproven: set[int] = set()
        if self.jackpots and o is not None:
            status, evidence, when = self.opener_ruling_at_end(o in contenders)
            if o not in contenders:
                self.judge_dropped_opener(o, status, evidence)
            elif when == "after_win":
                best = max(values.values()) if values and len(values) == len(contenders) else None
                was_best = best is not None and values.get(o) == best
                keep = self.options["jackpots.false_open_after_win"] == "keep_if_best_no_penalty" and was_best
                if keep:
                    self.flag("false_open", f"{self.names[o]} opened without openers ({evidence}), found after he "
                              "won: his hand was the highest, he keeps the pot", self.cite("jackpots.11.1"),
                              player=o, action=self.false_open_found[1] if self.false_open_found else False,
                              remedy="no penalty")
                else:
                    return self.false_open_carry(o, status, evidence, when)
            elif self.counts_as_false(status) or status == "unproven":
                words = "could not prove his openers" if status == "unproven" else "opened without openers"
                penalty = self.counts_as_false(status)
                self.flag("false_open", f"{self.names[o]} {words} ({evidence}): found at the showdown, he may "
                          "not win; the pot goes to the best hand among the others",
                          "jackpots.unproven_opener" if status == "unproven" else self.cite("jackpots.9"),
                          player=o, action=self.false_open_found[1] if self.false_open_found else False,
                          remedy=self.penalty_words() if penalty else "no penalty (jackpots.unproven_opener)")
                self.put_out(o)
                contenders.discard(o)
                values.pop(o, None)
                if penalty:
                    self.apply_penalty(o)
            elif status == "unknown":
                unproven.add(o)
        pots, carried, undecided, must_show = self.showdown_pots(contenders, values, rule)
        if unproven:
            pots, carried, undecided, must_show = self.hold_unproven(pots, carried, undecided, must_show, o)
        if must_show:
            self.flag("unverifiable", "the showdown cannot be decided: show the hands of " + ", ".join(must_show),
                      rule, action=False, remedy="the pot is undecided until they are shown")
        parts = []
        for p in pots:
            if not p.decided:
                parts.append(f"{p.amount} undecided")
            elif not p.winners:
                parts.append(f"{p.amount} carried")
            else:
                who = p.winners[0] + " wins" if len(p.winners) == 1 else "/".join(p.winners) + " win"
                parts.append(f"{who} {p.amount} with {p.hand}" if p.hand else f"{who} {p.amount}")
        return self.make_outcome("showdown", pots, carried, undecided, self.next_hand(nxt, carried),
                                 "; ".join(parts) or "no pot", self.showdown_order)

    def hold_unproven(
        self, pots: list[PotResult], carried: int, undecided: int, must_show: list[str], o: int | None
    ) -> tuple[list[PotResult], int, int, list[str]]:
        """A pot the opener won while his openers are unknown stays undecided (jackpots.3, 11.2)."""
        assert o is not None
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
            self.flag("unverifiable", f"{name}'s openers were not shown: show the pair (or split-opener discards) "
                      "he opened with", self.cite("jackpots.3"), player=o, action=False,
                      remedy="the pot he would win is undecided until they are shown")
        elif self.options["jackpots.false_open_penalty"] != "none":
            self.flag("unverifiable", f"{name}'s openers were not shown: the false-open penalty cannot be ruled",
                      self.cite("jackpots.3"), player=o, action=False)
        return out, carried, undecided, must_show


# After the class, not in its body: a class compiled by mypyc cannot name its methods in its body.
DrawHand.handlers = {
    **dict.fromkeys(BETTING_EVENTS, DrawHand.on_betting),
    Deal: DrawHand.on_deal, Draw: DrawHand.on_draw, Ask: DrawHand.on_ask, Show: DrawHand.on_show,
    Muck: DrawHand.on_muck, Declare: DrawHand.on_declare, Misdeal: DrawHand.on_misdeal,
    Expose: DrawHand.on_expose, TakePot: DrawHand.on_take_pot,
}
