"""Stop the Bus (rulebook ``stop_the_bus``, seed-001): exchanges with a face-up dummy; the lowest hand pays.

A deal: ``dummy: 9h 4c Kd`` lays the dummy face up (the :data:`~referee.engine.places.WIDOW` card
place); in turn from the dealer's left each player in the game exchanges one card with it (or three,
``stopbus.exchange``), passes, or (``stopbus.end = stop_call_then_one_turn_each``) stops the bus.
The exchanging ends after a full round of passes, or once every other player has had one more turn
after the stop call (stopbus.4).  Then every hand is shown and the lowest pays the penalty into the
bus pot (stopbus.5, ``stopbus.penalty``; ties for lowest all pay, an all-equal deal has no lowest).

The game runs over many deals: a player whose chips reach 0 is out (no cards, no turn, no deal);
when one player is left with chips he takes the whole bus pot (stopbus.6).  The bus pot is the
game's carry, and the game's winner is what the night reports.  A deal may be logged by its result
alone (``Cy: was lowest``): the penalty is taken from the log's word (result ``reported``).

A turn taken out of turn stands (binding, as in the betting games) and play goes on from the player
who took it; under ``void_and_reprompt`` it is void.
"""

from __future__ import annotations

from types import MappingProxyType

from collections.abc import Mapping
from dataclasses import dataclass, replace

from referee.cards import UNKNOWN, AnyCard, Card, format_cards
from referee.engine.events import Deal, Event, Exchange, Knock, Muck, Pass, Reported, Show, \
    TakePot, TurnWidow, Void
from referee.engine.games.common import TABLE, WithoutMisdeal
from referee.engine.games.three_card_brag import ShowChoices
from referee.engine.outcome import Carry, Outcome, Penalty, PotResult
from referee.engine.places import WIDOW, PlaceKey
from referee.engine.state import HandSetup, Prompt, handles
from referee.engine.options import choice
from referee.engine.findings import FindingKind
from referee.errors import InputError
from referee.ranking.brag import BragRules, BragValue, evaluate_brag
from referee.i18n import N_, _
from referee.i18n.said import said_later

#: The outcome kind of a deal logged by its result alone (``Cy: was lowest``).
REPORTED = "reported"
PENALTIES = {"5_chips_to_pot": 5, "1_token": 1}


@dataclass(frozen=True, slots=True)
class BusCarry(Carry):
    """Stop the Bus's carry: the bus pot (``pot``), and the game's winner once one player is left
    with chips and has taken it."""

    winner: str | None = None


@dataclass(frozen=True, slots=True)
class ExchangeChoices:
    """A turn: exchange one of his cards for one of the dummy's (or all three), pass, stop the bus."""

    hand: tuple[AnyCard, ...]
    dummy: tuple[AnyCard, ...]
    three: bool
    may_pass: bool
    may_stop: bool

    def describe(self, stack: int) -> list[str]:
        out = [said_later("exchange a card for {cards}", cards=format_cards(self.dummy)) if self.dummy
               else said_later("exchange a card")]
        if self.three:
            out.append(said_later("exchange all three"))
        if self.may_pass:
            out.append(said_later("pass"))
        if self.may_stop:
            out.append(said_later("stop the bus"))
        return out

    def events(self, player: str) -> list[Event]:
        give = self.hand[0]  # the player to act holds his three cards, seen or not
        out: list[Event] = [Exchange(player, (give,), (c,)) for c in dict.fromkeys(self.dummy)]
        if self.three:
            out.append(Exchange(player, self.hand, self.dummy))
        if self.may_pass:
            out.append(Pass(player))
        if self.may_stop:
            out.append(Knock(player))
        return out


class StopTheBus(WithoutMisdeal[BusCarry]):
    """One deal of Stop the Bus."""

    name = "stop_the_bus"
    title = "Stop the Bus"
    prefix = "stopbus"
    phase_words = {"exchanging": N_("exchanging")}
    dispute_codes = {"turn": ("exchanging_over", "acted_not_in_game"), "card_fact": ("lowest_unverifiable",)}
    #: the finding codes this game's own rulings flag, each with its kind and meaning
    finding_codes: Mapping[str, tuple[FindingKind, str]] = MappingProxyType({
        "exchange_count": ("illegal_action", N_("an exchange of a number of cards the rulebook does not allow")),
        "pass_not_allowed": ("illegal_action", N_("a pass where the rulebook makes every player exchange")),
        "stop_call_not_allowed": ("illegal_action", N_("a stop call under a rulebook without one")),
        "acted_not_in_game": ("illegal_action", N_("a player with no chips left (out of the game) acted")),
        "exchanging_over": ("illegal_action", N_("an exchange, pass or stop call after the exchanging ended")),
        "lowest_unverifiable": ("unverifiable", N_("who has the lowest hand cannot be told: hands not shown")),
        "penalty_short": ("note", N_("the lowest hand paid all he had, less than the penalty")),
        "game_won": ("note", N_("the last player with chips takes the whole pot")),
    })
    #: the house-rule options of this game, read through the rulebook
    house_options = (
        choice("stopbus.exchange", "one | one_or_three", "how many cards a turn exchanges",
               "seed-001; wiki-stb"),
        choice("stopbus.exchange_mandatory", "no | yes", "whether a player must exchange at his turn",
               "seed-001; wiki-stb; gamerules-stb"),
        choice("stopbus.end", "full_round_without_exchange | stop_call_then_one_turn_each",
               "when the exchanging ends", "seed-001; wiki-stb; gamerules-stb", pins="10.15"),
        choice("stopbus.penalty", "5_chips_to_pot | 1_token", "what the lowest hand pays",
               "seed-001; wiki-stb"),
        choice("stopbus.tie_lowest", "all_tied_pay", "who pays when lowest hands tie",
               "wiki-stb; seed silent", pins="10.13"),
        choice("stopbus.top_prial", "333 | AAA", "the highest prial (as three-card brag)",
               "seed-001; wiki-stb"),
    )
    hand_size = 3
    events = {**TABLE, Exchange: "exchanges 7c for Kd | exchanges all", Pass: "passes", Knock: "stops the bus",
              TurnWidow: "dummy: 4h 5h 6h", Reported: "was lowest"}
    #: The words its players say at the table, each with the hand format's words it stands for (seed
    #: 001: «обменять» one card for one of the dummy's).
    table_words: Mapping[str, str] = MappingProxyType({
        "exchange": "exchanges", "обменять": "exchanges", "pass": "passes", "stop": "stops the bus",
        "knock": "stops the bus", "show": "shows", "muck": "mucks",
    })
    after_end = frozenset({Show, Muck, TakePot})
    gated_phases = frozenset({"over", REPORTED})
    carry_type = BusCarry
    #: what the table could enter to decide a finding the log cannot, by its code (a dispute's "what would decide it")
    dispute_needs: Mapping[str, str] = MappingProxyType({
        **WithoutMisdeal.dispute_needs,
        "lowest_unverifiable": N_("the hands shown, or who was lowest (e.g. --decide \"{player}: shows Ah Kd 7c\" "
                               "or --decide \"{player}: was lowest\")"),
    })

    def __init__(self, setup: HandSetup, voided: frozenset[int] = frozenset()) -> None:
        self.passes = 0  # passes in a row
        self.next_seat: int | None = None  # whose turn it is
        self.stop_caller: int | None = None
        self.owed: list[int] = []  # after the stop call: who still has his one more turn, in order
        self.dummy_laid = False
        self.reported: list[int] = []  # a result-only deal: who the log says was lowest
        self.winner: int | None = None
        super().__init__(setup, voided)

    # ------------------------------------------------------------------ start

    def begin(self) -> None:
        o = self.options
        self.ranking = BragRules(top_prial=3 if o["stopbus.top_prial"] == "333" else None)
        self.penalty = PENALTIES[str(o["stopbus.penalty"])]
        self.in_game = tuple(s for s in self.table.from_dealers_left() if self.dealt_in[s])
        self.places.add(WIDOW, (UNKNOWN,) * 3)
        for s in self.in_game:
            self.places.add(s, (UNKNOWN,) * self.hand_size)
        self.next_seat = self.in_game[0]  # a deal has two players in the game at least
        self.phase = "exchanging"

    def gate(self, seat: int | None, event: Event) -> bool:
        if self.phase == REPORTED:
            if type(event) is not Reported:
                raise InputError(_("a deal logged by its result has only 'was lowest' lines"),
                                 hint=_("log the whole deal (dummy, exchanges, shows) or only who was lowest"))
            return True
        return super().gate(seat, event)

    def describe_place(self, place: PlaceKey) -> str:
        return "the dummy" if place == WIDOW else super().describe_place(place)

    def value(self, hand: tuple[Card, ...]) -> BragValue:
        return evaluate_brag(hand, self.ranking)

    # ------------------------------------------------------------------ the dummy and the cards

    @handles(TurnWidow)
    def on_dummy(self, seat: None, event: TurnWidow) -> None:
        """stopbus.2: the dummy is dealt face up."""
        if self.dummy_laid or self.places.known(WIDOW) is not None or self.passes or self.stop_caller is not None:
            raise InputError(_("the dummy is laid after the deal began, or twice"),
                             hint=_("the 'dummy:' line is the deal's first line"))
        if len(event.cards) not in (0, 3):
            raise InputError(_("the dummy has {count} cards, not 3").format(count=len(event.cards)), hint=_("write its three cards"))
        self.dummy_laid = True
        self.places.remove(WIDOW, (), 3)
        self.deal_to(WIDOW, event.cards or (UNKNOWN,) * 3)

    @handles(Deal)
    def on_deal(self, seat: int, event: Deal) -> None:
        """A player's cards, when the log knows them: they take the place of his unseen ones."""
        who = self.names[seat]
        if seat not in self.in_game:  # stopbus.6.1: "he is dealt no more cards": the line is ignored
            self.flag("dealt_not_in_deal", _("{player} has no chips and is out of the game but was dealt cards").format(player=who),
                      self.cite("stopbus.6.1"), player=seat, remedy=_("ignored"))
            return
        known = [c for c in event.cards if isinstance(c, Card)]
        clash = self.places.elsewhere(known, seat)
        if clash is not None:
            raise self.card_elsewhere(clash[0], clash[1], f"{who} is dealt")
        held = self.places.at(seat)
        if len(event.cards) > held.count(UNKNOWN) + sum(1 for c in known if c in held):
            raise InputError(_("{player} is dealt {cards} but already holds {cards2}: a {game} hand is {hand_size} cards").format(player=who, cards=format_cards(event.cards), cards2=format_cards(held), game=self.words(), hand_size=self.hand_size),
                             hint=_("log each player's deal once"))
        self.places.reveal(seat, known)

    # ------------------------------------------------------------------ turns

    def turn_check(self, seat: int, what: str) -> bool:
        """Whether ``seat`` may take a turn now; flags what he may not (False: the action is ignored)."""
        who = self.names[seat]
        if seat not in self.in_game:
            self.flag("acted_not_in_game", _("{player} has no chips left and is out of the game").format(player=who), self.cite("stopbus.6.1"),
                      player=seat, remedy=_("ignored"))
            return False
        if self.phase != "exchanging":
            self.flag("exchanging_over", _("the exchanging is over: {player} cannot {what}").format(player=who, what=_(what)), self.cite("stopbus.4"),
                      player=seat, remedy=_("ignored"))
            return False
        expected = self.next_seat
        if seat == expected:
            return True
        rule = self.cite("stopbus.3")
        if seat == self.stop_caller or (self.stop_caller is not None and seat not in self.owed):
            self.flag("acted_out_of_turn", _("{player} has had his last turn after the stop call").format(player=who), rule, player=seat,
                      remedy=_("ignored"))
            return False
        message = f"{who} acted out of turn: {self.names[expected]} is to act"  # type: ignore[index]
        if self.options["common.illegal_fix"] == "void_and_reprompt":
            self.flag("acted_out_of_turn", message, rule, player=seat,
                      remedy=_("void: {player} is still to act").format(player=self.names[expected]))  # type: ignore[index]
            return False
        self.flag("acted_out_of_turn", message, rule, player=seat,
                  remedy=_("the action stands (binding out of turn); play goes on from him"))
        return True

    def advance(self, seat: int, exchanged: bool) -> None:
        """After ``seat``'s turn: count the passes, find the next turn, end the exchanging when due."""
        self.passes = 0 if exchanged else self.passes + 1
        if self.stop_caller is not None:
            if seat in self.owed:
                self.owed.remove(seat)
            if not self.owed:
                self.phase = "showdown"
                self.next_seat = None
            else:
                self.next_seat = self.owed[0]
            return
        if self.options["stopbus.end"] == "full_round_without_exchange" and self.passes >= len(self.in_game):
            self.phase = "showdown"
            self.next_seat = None
            return
        order = self.table.order_from(self.table.after(seat))
        self.next_seat = next(s for s in order if s in self.in_game)

    @handles(Exchange)
    def on_exchange(self, seat: int, event: Exchange) -> None:
        """stopbus.3: one card of his hand for one of the dummy's; the card he gives lies face up in it."""
        if not self.turn_check(seat, N_("exchange")):
            return
        who = self.names[seat]
        give, take = tuple(event.give), tuple(event.take)
        allowed = (1, 3) if self.options["stopbus.exchange"] == "one_or_three" else (1,)
        if len(give) not in allowed:
            message = f"{who} exchanged {len(give)} cards; the rulebook allows " + " or ".join(map(str, allowed))
            if self.options["common.illegal_fix"] == "void_and_reprompt":
                self.flag("exchange_count", message, "stopbus.exchange", player=seat, remedy=_("void: he acts again"))
                return
            self.flag("exchange_count", message, "stopbus.exchange", player=seat,
                      remedy=_("counts as his first card only ({cards} for {cards2})").format(cards=format_cards(give[:1]), cards2=format_cards(take[:1])))
            give, take = give[:1], take[:1]
        if event.knock:
            self.flag("stop_call_not_allowed", _("{player} exchanged and stopped the bus in one turn: the stop call comes instead of an exchange").format(player=who), self.cite("stopbus.end"), player=seat,
                      remedy=_("the exchange stands; the stop call is ignored"))
        self.swap(seat, give, take)
        self.advance(seat, exchanged=True)

    def swap(self, seat: int, give: tuple[AnyCard, ...], take: tuple[AnyCard, ...]) -> None:
        who = self.names[seat]
        places = self.places
        clash = places.elsewhere(take, WIDOW) or places.elsewhere(give, seat)
        if clash is not None:
            raise self.card_elsewhere(clash[0], clash[1], f"{who} exchanges")
        if len(give) == self.hand_size and UNKNOWN in give:  # 'exchanges all': his whole hand, as the log knows it
            give = places.at(seat)
        took, strays = places.remove(WIDOW, take, len(take))
        if strays:
            raise InputError(_("{player} takes {cards}, but the dummy holds {cards2}").format(player=who, cards=format_cards(strays), cards2=format_cards(places.at(WIDOW))),
                             hint=_("the dummy lies face up: correct the card"))
        gave, lost = places.remove(seat, give, len(give))
        for c in lost:
            self.flag("discard_not_in_hand", _("{player} gave {text}, which the log does not show in his hand").format(player=who, text=c.text),
                      player=seat)
        places.add(WIDOW, gave)
        places.add(seat, took)

    @handles(Pass)
    def on_pass(self, seat: int, event: Pass) -> None:
        if not self.turn_check(seat, N_("pass")):
            return
        if self.options["stopbus.exchange_mandatory"] == "yes":
            self.flag("pass_not_allowed", _("{player} passed, but every player must exchange at his turn").format(player=self.names[seat]),
                      "stopbus.exchange_mandatory", player=seat,
                      remedy=_("the pass stands: no exchange can be made for him"))
        self.advance(seat, exchanged=False)

    @handles(Knock)
    def on_stop(self, seat: int, event: Knock) -> None:
        """``stops the bus`` (stopbus.end = stop_call_then_one_turn_each): everyone else has one more turn."""
        if not self.turn_check(seat, N_("stop the bus")):
            return
        who = self.names[seat]
        if self.options["stopbus.end"] != "stop_call_then_one_turn_each" or self.stop_caller is not None:
            why = (_("the bus is already stopped") if self.stop_caller is not None
                   else _("this rulebook has no stop call (a full round of passes ends the exchanging)"))
            if self.options["common.illegal_fix"] == "void_and_reprompt":
                self.flag("stop_call_not_allowed", _("{player} stops the bus: {why}").format(player=who, why=why), self.cite("stopbus.end"),
                          player=seat, remedy=_("void: he acts again"))
                return
            self.flag("stop_call_not_allowed", _("{player} stops the bus: {why}").format(player=who, why=why), self.cite("stopbus.end"), player=seat,
                      remedy=_("taken as a pass"))
            self.on_pass(seat, Pass(who))
            return
        self.stop_caller = seat
        order = self.table.order_from(self.table.after(seat))
        self.owed = [s for s in order if s in self.in_game and s != seat]
        self.advance(seat, exchanged=True)

    # ------------------------------------------------------------------ the showdown

    @handles(Show)
    def on_show(self, seat: int, event: Show) -> None:
        who = self.names[seat]
        if seat not in self.in_game:
            self.flag("acted_not_in_game", _("{player} is out of the game").format(player=who), self.cite("stopbus.6.1"), player=seat,
                      remedy=_("ignored"))
            return
        if self.phase == "exchanging":
            self.flag("showed_during_play", _("{player} showed his hand before the exchanging was over: taken as its end").format(player=who),
                      player=seat)
            self.phase = "showdown"
            self.next_seat = None
        self.show(seat, event.cards)

    @handles(Muck)
    def on_muck(self, seat: int, event: Muck) -> None:
        self.flag("mucked_outside_showdown", _("{player} mucked: every hand is shown to find the lowest").format(player=self.names[seat]),
                  player=seat)
        self.mucked.add(seat)

    @handles(Reported)
    def on_reported(self, seat: int, event: Reported) -> None:
        """A deal logged by its result alone: ``seat``'s hand was the lowest (he pays)."""
        if event.what != "lowest":
            raise InputError(_("'{player} wins' is not a result of Stop the Bus").format(player=self.names[seat]),
                             hint=_("the result of a deal is who was lowest: 'Cy: was lowest'"))
        if self.phase != REPORTED:
            if any(type(e) not in (Reported, Void) for e in self.log[:-1]):
                raise InputError(_("'was lowest' in a deal whose play is logged"),
                                 hint=_("a deal is logged by its result alone ('Cy: was lowest') or in full"))
            self.phase = REPORTED
        who = self.names[seat]
        if seat not in self.in_game:
            raise InputError(_("{player} was lowest, but has no chips and is out of the game").format(player=who),
                             hint=_("only players in the game are dealt in"))
        if seat in self.reported:
            raise InputError(_("{player} is logged as lowest twice").format(player=who), hint=_("one line per player who pays"))
        self.reported.append(seat)

    @handles(TakePot)
    def on_take_pot(self, seat: int, event: TakePot) -> None:
        self.flag("took_pot_early", _("{player} took the pot: the bus pot is won only by the last player with chips").format(player=self.names[seat]), player=seat)

    # ------------------------------------------------------------------ prompts

    def to_show(self) -> list[int]:
        return [s for s in self.in_game if s not in self.shown and s not in self.mucked]

    def expected_actor(self) -> str | None:
        if self.phase == "exchanging" and self.next_seat is not None:
            return self.names[self.next_seat]
        if self.phase == "showdown":
            due = self.to_show()
            return self.names[due[0]] if due else None
        return None

    def prompt_outside_turns(self) -> Prompt:
        if self.phase == "exchanging" and self.next_seat is not None:
            seat = self.next_seat
            o = self.options
            held = self.places.at(seat)
            choices = ExchangeChoices(
                held, self.places.at(WIDOW), o["stopbus.exchange"] == "one_or_three",
                o["stopbus.exchange_mandatory"] == "no",
                o["stopbus.end"] == "stop_call_then_one_turn_each" and self.stop_caller is None,
            )
            return Prompt(self.phase, self.names[seat], tuple(choices.describe(0)), choices, self.stacks[seat])
        if self.phase == "showdown":
            due = self.to_show()
            if due:
                known = self.places.known(due[0])
                choices_ = ShowChoices(known if known is not None and len(known) == self.hand_size else None, False)
                return Prompt(self.phase, self.names[due[0]], tuple(choices_.describe(0)), choices_,
                              self.stacks[due[0]])
        return Prompt(self.phase, None)

    # ------------------------------------------------------------------ the end

    def next_dealer(self) -> str:
        """The next player in the game clockwise; after the deal that ends the game, the next seat."""
        after = self.table.after(self.table.dealer)
        if self.winner is None:
            for s in self.table.order_from(after):
                if self.stacks[s] > 0:
                    return self.names[s]
        return self.names[after]

    def carry_out(self, pot: int, ended: str) -> tuple[Carry, tuple[str, ...]]:
        winner = self.names[self.winner] if self.winner is not None else None
        return BusCarry(pot=pot, winner=winner), ()

    @classmethod
    def night_result(cls, carry: Carry, stacks: Mapping[str, int]) -> tuple[str | None, dict[str, object]]:
        """The night's winner: the last player with chips, who took the bus pot (``None`` while the game runs)."""
        return getattr(carry, "winner", None), {}

    def lowest(self) -> list[int] | None:
        """Who pays: the lowest hands (all tied ones), none when every hand is equal; ``None`` when
        hands needed were not shown."""
        unknown = [s for s in self.in_game if s not in self.shown]
        if unknown:
            for s in unknown:
                self.flag("lowest_unverifiable", _("who has the lowest hand cannot be told: {player}'s hand must be shown").format(player=self.names[s]), self.cite("stopbus.5"), player=s, action=False,
                          remedy=_("nobody pays until it is shown"))
            return None
        keys = {s: self.value(self.shown[s]).key for s in self.in_game}
        low = min(keys.values())
        tied = [s for s in self.in_game if keys[s] == low]
        return [] if len(tied) == len(self.in_game) else sorted(tied)

    def end(self) -> Outcome:
        if self.phase == REPORTED:
            payers: list[int] | None = sorted(self.reported)
            kind = REPORTED
        elif self.phase == "showdown":
            payers = self.lowest()
            kind = "showdown"
        else:
            return self.in_progress()
        for s in payers or ():
            paid = min(self.penalty, self.stacks[s])
            if paid < self.penalty:
                self.flag("penalty_short", _("{player} pays his last {paid} of the {penalty} and is out of the game").format(player=self.names[s], paid=paid, penalty=self.penalty), self.cite("stopbus.6.1"), player=s, action=False)
            self.stacks[s] -= paid
            self.pot.dead += paid
            self.penalties.append(Penalty(self.names[s], None, paid, "stopbus.penalty"))
        pot = self.pot.dead
        self.pot.dead = 0
        left = [s for s in range(self.n) if self.stacks[s] > 0]
        in_game = [self.names[s] for s in left]
        facts: dict[str, object] = {"in_game": in_game, "bus_pot": pot}
        if len(left) == 1:  # stopbus.6: the last player with chips takes the whole pot
            (self.winner,) = left
            who = self.names[self.winner]
            self.stacks[self.winner] += pot
            self.flag("game_won", _("{player} is the last player with chips and takes the pot of {pot}").format(player=who, pot=pot), "stopbus.6",
                      player=who, action=False)
            pots = [PotResult(pot, (who,), (who,), {who: pot}, True, 0, "stopbus.6")]
            facts.update(bus_pot=0, winner=who)
            outcome = self.make_outcome(kind, pots, 0, 0, self.next_hand(0, kind), f"{who} wins the game and {pot}")
        else:
            pots = [PotResult(pot, tuple(in_game), left_over=pot, rule="stopbus.6")]
            paid = ", ".join(f"{p.payer} pays {p.amount}" for p in self.penalties) or "nobody pays"
            outcome = self.make_outcome(kind, pots, pot, 0, self.next_hand(pot, kind), f"{paid}; bus pot {pot}")
        return replace(outcome, facts=facts)
