"""Five-card stud (RULES.md section 3): a hole card and four upcards, a betting round after each upcard.

The first round is led by the highest upcard (ties: the card dealt first, or by suit, per
``stud.upcard_tie``) or opened by a bring-in from the lowest upcard (``stud.first_round``); later
rounds by the best showing combination (``stud.later_rounds``, ties to the player dealt first).  If
every player folds before anybody bets there is a new deal (stud.5.2); a round everybody checks
deals the next card or, in the first round, redeals (``stud.all_check``).

Upcards are face up, so the log normally knows them; when it does not, who had to act first is
``unverifiable`` and the first player who acted is taken as the leader.
"""

from __future__ import annotations

from referee.cards import UNKNOWN, AnyCard, Card, format_cards
from referee.engine.betting import BETTING_EVENTS, BettingRules, Verdict
from referee.engine.events import Deal, Event, Expose, Misdeal, Muck, Show, TakePot
from referee.engine.hand import Hand, HandSetup, round_rules
from referee.engine.outcome import CarryIn, NextHand, Outcome, PotResult
from referee.ranking import poker

ROUNDS = 4
SUIT_ORDER = {"c": 0, "d": 1, "h": 2, "s": 3}


class StudHand(Hand):
    """One hand of five-card stud being replayed."""

    prefix = "stud"

    def __init__(self, setup: HandSetup) -> None:
        super().__init__(setup)
        self.hole: list[list[AnyCard]] = [[] for _ in range(self.n)]
        self.up: list[list[AnyCard]] = [[] for _ in range(self.n)]
        self.up_action: list[list[int]] = [[] for _ in range(self.n)]  # action number of each upcard
        self.round_no = 0
        self.ended: str | None = None
        self.winner: int | None = None
        self.last_round_first: int | None = None
        self.round_last_aggressor: int | None = None

    # ------------------------------------------------------------------ start

    def start(self) -> None:
        o = self.options
        if o["stud.ante"] == "ante" and not self.carry_in.antes_in:
            for s in range(self.n):
                if self.dealt_in[s]:
                    self.post_ante(s, int(o["stud.ante_amount"]), "stud.ante")
        self.phase = "deal"
        self.check_conservation()

    def rules_for(self, number: int) -> BettingRules:
        o = self.options
        limit = int(o["stud.limit_early"] if number <= 2 else o["stud.limit_late"])
        return round_rules(
            self.rulebook, "stud", limit,
            check_allowed=True,
            order_rule="stud.3" if number == 1 else "stud.later_rounds",
            check_rule="stud.4.1",
            no_check_rule="stud.5.1",
            limits_rule="stud.betting",
        )

    # ------------------------------------------------------------------ who leads

    def upcard_key(self, seat: int, index: int, highest: bool) -> tuple[int, int] | None:
        """Sort key of ``seat``'s ``index``-th upcard for the lead (None when unknown)."""
        c = self.up[seat][index] if index < len(self.up[seat]) else UNKNOWN
        if not isinstance(c, Card):
            return None
        if self.options["stud.upcard_tie"] == "first_dealt":
            dealt = self.up_action[seat][index]
            return (c.rank, -dealt) if highest else (-c.rank, -dealt)
        return (c.rank, SUIT_ORDER[c.suit]) if highest else (-c.rank, -SUIT_ORDER[c.suit])

    def leader(self, number: int) -> tuple[int | None, str]:
        """Who leads betting round ``number`` (1-based), and the rule that says so; None if unknown."""
        live = self.in_hand()
        if number == 1:
            highest = self.options["stud.first_round"] == "highest_upcard"
            keys = {s: self.upcard_key(s, 0, highest) for s in live}
            if any(k is None for k in keys.values()):
                return None, "stud.3"
            return max(live, key=lambda s: keys[s]), ("stud.3" if highest else "stud.first_round")  # type: ignore
        showing: dict[int, poker.HandValue] = {}
        for s in live:
            cards = self.up[s][:number]
            if len(cards) < number or not all(isinstance(c, Card) for c in cards):
                return None, "stud.later_rounds"
            showing[s] = poker.showing_value(cards)  # type: ignore[arg-type]
        best = max(showing.values())
        for s in self.table.from_dealers_left():
            if s in showing and showing[s] == best:
                return s, "stud.later_rounds"
        return None, "stud.later_rounds"  # pragma: no cover

    def open_next_round(self, actor: int | None) -> None:
        """Open the next betting round; ``actor`` is who acted first when the lead is unknown."""
        self.round_no += 1
        number = self.round_no
        lead, rule = self.leader(number)
        if lead is None:
            lead = actor if actor is not None else self.table.next_in(
                self.table.after(self.table.dealer), set(self.in_hand()))
            self.flag("unverifiable", f"who leads betting round {number} cannot be checked: upcards not all known; "
                      f"{self.names[lead] if lead is not None else 'nobody'} is taken as the leader",
                      self.cite(rule), remedy="show the upcards to check the order")
        assert lead is not None
        self.phase = f"round{number}"
        rnd = self.open_round(self.rules_for(number), lead, f"betting round {number}")
        self.last_round_first = lead
        self.round_last_aggressor = None
        if number == 1 and self.options["stud.first_round"] == "bring_in_lowest_upcard" and self.stacks[lead] > 0:
            chips = min(int(self.options["stud.bet_min"]), self.stacks[lead])
            rnd.commit(lead, Verdict("bet", chips))
            self.last_aggressor = lead
            self.round_last_aggressor = lead
            self.flag("note", f"{self.names[lead]} brings in for {chips} (lowest upcard)", "stud.first_round",
                      player=lead)
        if rnd.closed:
            self.end_round()

    # ------------------------------------------------------------------ events

    def on_event(self, event: Event) -> None:
        seat = self.player_of(event)
        if self.phase == "over" and not isinstance(event, (Show, Muck, TakePot)):
            self.flag("note", f"the hand is over ({self.ended}): this action comes after it", player=seat,
                      remedy="ignored")
            return
        (self.handlers.get(type(event)) or self.handler_for(event))(self, seat, event)

    game_words = "five-card stud"
    event_hint = "stud uses deal (hole card / upcards), bet/check/call/raise/fold/all in, show, muck"

    def on_show(self, seat: int, event: Show) -> None:
        if event.purpose == "hand":
            self.show(seat, event.cards)

    def on_muck(self, seat: int, event: Muck) -> None:
        self.mucked.add(seat)
        if self.live[seat]:
            self.put_out(seat)

    def on_expose(self, seat: int, event: Expose) -> None:
        self.flag("note", f"{self.names[seat]}'s hole card {event.card} was exposed", player=seat)

    def on_misdeal(self, seat: None, event: Misdeal) -> None:
        self.flag("misdeal", "a misdeal was called" + (f" ({event.reason})" if event.reason else ""),
                  "stud.2.1", remedy="bets are returned and the same dealer deals again")
        self.return_bets()
        self.phase = "over"
        self.ended = "misdeal"

    def on_take_pot(self, seat: int, event: TakePot) -> None:
        """Taking the pot changes nothing in stud: the showdown decides."""

    def on_deal(self, seat: int, event: Deal) -> None:
        if self.round is not None and not self.round.closed and self.round.actions:
            self.flag("note", f"cards dealt to {self.names[seat]} during a betting round", self.cite("stud.6"),
                      player=seat)
        if not self.live[seat]:
            self.flag("note", f"{self.names[seat]} is not in the hand but was dealt cards", self.cite("stud.6"),
                      player=seat)
        self.take_cards(seat, event.cards)
        for c in event.cards:
            if event.face_up:
                self.up[seat].append(c)
                self.up_action[seat].append(self.action)
            else:
                self.hole[seat].append(c)
        if len(self.cards[seat]) > ROUNDS + 1:
            self.flag("misdeal", f"{self.names[seat]} was dealt {len(self.cards[seat])} cards", self.cite("stud.6"),
                      player=seat)
        # open the next round as soon as every player in has his upcard for it
        if self.round is None and self.round_no < ROUNDS:
            need = self.round_no + 1
            if all(len(self.up[s]) >= need for s in self.in_hand()):
                self.open_next_round(None)

    def on_betting(self, seat: int, event: Event) -> None:
        if self.round is None:
            if self.round_no >= ROUNDS:
                self.flag("illegal_action", f"{self.names[seat]} cannot bet: the betting is over", "stud.6",
                          player=seat, remedy="ignored")
                return
            self.open_next_round(seat)
        # out of the block above, where the checker would still take self.round for None (mypyc casts to it)
        if self.round is None:
            self.flag("illegal_action", f"{self.names[seat]} cannot bet now", "stud.6", player=seat,
                      remedy="ignored")
            return
        verdict = self.betting_event(seat, event)
        if verdict.kind in ("bet", "raise"):
            self.round_last_aggressor = seat
        if self.round is not None and self.round.closed:
            self.end_round()

    def end_round(self) -> None:
        rnd = self.round
        assert rnd is not None
        live = self.in_hand()
        nobody_bet = rnd.first_bettor is None
        if len(live) == 1:
            self.bank_round()
            if nobody_bet and self.round_no == 1:
                self.phase, self.ended = "over", "passed_out"
                self.pass_rule = self.cite("stud.5.2")
                return
            self.winner = live[0]
            self.phase, self.ended = "over", "uncontested"
            return
        self.bank_round()
        if nobody_bet and self.round_no == 1 and self.options["stud.all_check"] == "redeal":
            self.phase, self.ended = "over", "passed_out"
            self.pass_rule = "stud.all_check"
            return
        if self.round_no >= ROUNDS:
            self.phase, self.ended = "showdown", "showdown"
            return
        self.phase = "deal"
        if all(len(self.up[s]) >= self.round_no + 1 for s in self.in_hand()):
            self.open_next_round(None)

    def expected_actor(self) -> str | None:
        return None

    # ------------------------------------------------------------------ the end

    def showdown_order(self) -> list[int]:
        live = set(self.in_hand())
        start = self.round_last_aggressor if self.round_last_aggressor in live else self.last_round_first
        if start is None:
            start = self.table.after(self.table.dealer)
        return [s for s in self.table.order_from(start) if s in live]

    def finish(self) -> Outcome:
        nxt = self.next_dealer()
        if self.ended == "passed_out":
            amount = self.carry_all()
            self.flag("note", f"no bet and everybody folded or checked: new deal; {amount} chips stay",
                      self.pass_rule, action=False)
            return self.make_outcome(
                "passed_out", [PotResult(amount, (), left_over=amount, rule=self.pass_rule)], amount, 0,
                NextHand(nxt, CarryIn(amount, None, self.carry_in.passed_out + 1)), f"new deal; {amount} carried",
            )
        if self.ended == "misdeal":
            amount = self.carry_all()
            return self.make_outcome(
                "misdeal", [PotResult(amount, (), left_over=amount, rule="stud.2.1")], amount, 0,
                NextHand(self.names[self.table.dealer], CarryIn(amount, None, 0, antes_in=True), True),
                f"misdeal: {amount} chips stay",
            )
        if self.ended == "uncontested":
            w = self.winner
            assert w is not None
            pots = self.award_all(w, self.cite("stud.5.1"))
            return self.make_outcome("uncontested", pots, 0, 0, NextHand(nxt, CarryIn()),
                                     f"{self.names[w]} wins {pots[0].amount} uncontested")
        if self.ended == "showdown":
            order = self.showdown_order()
            contenders = {s for s in self.in_hand() if s not in self.mucked}
            values = {}
            for s in contenders:
                hand = self.known_hand(s)
                if hand is not None and len(hand) == ROUNDS + 1:
                    values[s] = poker.evaluate(hand, wheel=self.wheel)
            rule = self.cite("stud.6")
            pots, carried, undecided, must_show = self.showdown_pots(contenders, values, rule)
            if must_show:
                self.flag("unverifiable", "the showdown cannot be decided: show the hole cards of "
                          + ", ".join(must_show), rule, action=False, remedy="the pot is undecided until they are shown")
            summary = "; ".join(
                (f"{'/'.join(p.winners)} {p.amount}" + (f" with {p.hand}" if p.hand else ""))
                if p.decided and p.winners else f"{p.amount} {'undecided' if not p.decided else 'carried'}"
                for p in pots
            )
            return self.make_outcome("showdown", pots, carried, undecided, NextHand(nxt, CarryIn(carried)),
                                     summary, order)
        return self.make_outcome("in_progress", [], 0, 0, NextHand(nxt, CarryIn()),
                                 f"in progress ({self.phase}): {self.middle()} chips in the middle")

    def describe_upcards(self, seat: int) -> str:
        return format_cards(self.up[seat])


# After the class, not in its body: a class compiled by mypyc cannot name its methods in its body.
StudHand.handlers = {
    **dict.fromkeys(BETTING_EVENTS, StudHand.on_betting),
    Deal: StudHand.on_deal, Show: StudHand.on_show, Muck: StudHand.on_muck, Expose: StudHand.on_expose,
    Misdeal: StudHand.on_misdeal, TakePot: StudHand.on_take_pot,
}
