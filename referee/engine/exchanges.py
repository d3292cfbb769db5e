"""THE commerce turn engine: the turn cycle of whiskey poker and La Viuda (rulebooks ``whiskey_poker`` and ``la_viuda``).

A sibling of the poker :class:`~referee.engine.betting.BettingRound`: :class:`ExchangeRound` takes the
turn events -- take the widow, pass, knock, exchange (one card, several, all; with or without a knock),
the widow turned face up -- in the game's direction of play, judges each (:meth:`ExchangeRound.judge`,
no state change) and applies the verdict (:meth:`ExchangeRound.commit`).

The cycle (whiskey.2-4, whiskey.6.3-6.4; laviuda.3):

* phase one, the widow face down: each player in turn takes it (his own hand laid face up becomes
  the widow), passes or knocks; if nobody has taken it when the dealer's turn ends, the dealer turns
  it face up (his turn: he passes or knocks and it is turned, or he simply turns it);
* phase two, the widow face up: exchange one card (any number under ``whiskey.phase2_exchange =
  any_number``) or all five, pass (within ``whiskey.pass_rule``), knock (with an exchange, unless
  ``whiskey.knock_with_exchange = forbidden``);
* after a knock every other player has exactly one more turn (exchange, or keep his hand: keeping is
  always allowed in that turn, the knock having ended the passing); when the turn comes back to the
  knocker the cycle is over and the hands are shown.  A phase-one knock turns the widow up at once,
  or, under ``whiskey.phase1_knock = allowed``, leaves it face down until the dealer spreads it at his
  turn (each player before him may only take it whole or keep).

The round keeps no cards (the game's card places do); it knows whether the widow is face up.  An
action that breaks a rule is flagged and kept as the table played it (``common.illegal_fix`` has
nothing to repair in a card exchange): an action out of turn moves its cards but uses up nobody's
turn, a refused pass stands as a pass, a forbidden knock-and-exchange stands as both.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from referee.cards import UNKNOWN, AnyCard, Card, format_cards
from referee.engine.actions import Action, Reading, read_cards, verb
from referee.engine.betting import Breach
from referee.engine.events import Event, Exchange, Knock, Pass, TakeWidow, TurnWidow
from referee.engine.games import find_game
from referee.engine.table import Table
from referee.errors import HandFileError
from referee.i18n import N_, _, ngettext
from referee.i18n.said import said_later

#: How the widow came to lie face up (what a statement of its cards is checked against).
TAKEN, KNOCKED, DEALER, SPREAD = "taken", "knocked", "dealer", "spread"


@dataclass(frozen=True, slots=True)
class ExchangeRuleIds:
    """The rule ids the cycle cites, per situation (the game's own numbering: ``whiskey.*``, ``laviuda.*``)."""

    phase1_order: str  # turn order while the widow is face down (whiskey.2.1)
    phase2_order: str  # turn order once it is face up (whiskey.3.1)
    last_turn: str  # the one more turn after a knock (whiskey.4)
    face_down: str  # exchanging single cards with the face-down widow before any knock (whiskey.2.1)
    pass_rule: str  # whiskey.3.2 at the seed's default, else whiskey.pass_rule
    knock_with_exchange: str  # whiskey.knock_with_exchange
    exchange_count: str  # whiskey.3.1 at the seed's default, else whiskey.phase2_exchange
    phase1_knock: str  # whiskey.phase1_knock


@dataclass(frozen=True, slots=True)
class ExchangeRules:
    """What the cycle allows: ``pass_rule`` (``once_in_phase2`` | ``not_twice_in_a_row`` | ``unlimited``),
    ``knock_with_exchange``, ``any_number`` (several cards one for one in phase two), whether a phase-one
    knock turns the widow up at once, and the hand size (what "exchange all" swaps)."""

    pass_rule: str
    knock_with_exchange: bool
    any_number: bool
    knock_turns_widow_up: bool
    hand_size: int
    ids: ExchangeRuleIds

    def __post_init__(self) -> None:
        if self.pass_rule not in ("once_in_phase2", "not_twice_in_a_row", "unlimited"):
            raise ValueError(f"unknown whiskey.pass_rule {self.pass_rule!r}")


@dataclass(slots=True)
class Move:
    """What a turn event amounts to once judged.

    ``kind``: ``take`` (the whole widow for the whole hand; also "exchanges all"), ``exchange`` (cards
    one for one), ``pass``, ``knock``, ``turn`` (the widow turned face up) or ``state`` (its cards
    stated while it lies face up: nothing happens).  ``knock``: the knock stands (it starts the last
    turns); ``in_turn``: it was the player's turn (an action out of turn moves cards, nothing else);
    ``turned_up``: how the widow came face up with this move, if it did.
    """

    kind: str
    knock: bool = False
    breaches: list[Breach] = field(default_factory=list)
    in_turn: bool = True
    turned_up: str | None = None


@dataclass(frozen=True, slots=True)
class ExchangeChoices:
    """What the player to act may do (the :class:`~referee.engine.state.Choices` of the cycle).

    ``hand`` and ``widow`` are the cards as the log knows them, from which :meth:`events` names the
    cards of an exchange (``??`` where unknown); the round fills in the rules, the game the cards.
    """

    widow_up: bool
    may_take: bool
    may_pass: bool
    may_knock: bool
    may_exchange: int  # most cards one may exchange one for one (0: none)
    may_exchange_all: bool
    may_knock_with_exchange: bool
    turns_widow: bool  # the dealer may (or must) turn the widow face up now
    last_turn: bool
    hand: tuple[AnyCard, ...] = ()
    widow: tuple[AnyCard, ...] = ()

    def with_cards(self, hand: tuple[AnyCard, ...], widow: tuple[AnyCard, ...]) -> ExchangeChoices:
        return ExchangeChoices(
            self.widow_up, self.may_take, self.may_pass, self.may_knock, self.may_exchange, self.may_exchange_all,
            self.may_knock_with_exchange, self.turns_widow, self.last_turn, hand, widow,
        )

    def describe(self, stack: int) -> list[str]:
        out = []
        if self.turns_widow:
            out.append(said_later("turn the widow face up"))
        if self.may_take:
            out.append(said_later("take the widow"))
        if self.may_exchange:
            out.append(said_later("exchange one card") if self.may_exchange == 1
                       else said_later("exchange 1–{count} cards", count=self.may_exchange))
        if self.may_exchange_all:
            out.append(said_later("exchange all"))
        if self.may_pass:
            out.append(said_later("keep his hand") if self.last_turn else said_later("pass"))
        if self.may_knock:
            out.append(said_later("knock"))
        if self.may_knock_with_exchange:
            out.append(said_later("exchange and knock"))
        return out

    def events(self, player: str) -> list[Event]:
        """The legal events: an exchange names the first card of the hand and of the widow the log
        knows (``??`` otherwise), so that a log made of them keeps every card in one place."""
        out: list[Event] = []
        if self.turns_widow:
            out.append(TurnWidow())
        if self.may_take:
            out.append(TakeWidow(player))
        if self.may_pass:
            out.append(Pass(player))
        if self.may_knock:
            out.append(Knock(player))
        size = max(len(self.hand), len(self.widow), 1)
        if self.may_exchange:
            one = (_first_known(self.hand),), (_first_known(self.widow),)
            out.append(Exchange(player, *one))
            if self.may_knock_with_exchange:
                out.append(Exchange(player, *one, knock=True))
        if self.may_exchange_all:
            unseen = (UNKNOWN,) * size
            out.append(Exchange(player, unseen, unseen))
            if self.may_knock_with_exchange:
                out.append(Exchange(player, unseen, unseen, knock=True))
        return out



def _exchange(r: Reading, p: str, m: re.Match[str]) -> Exchange:
    if m["all"]:  # the whole hand of the game (refused as an action where the game has no exchanges)
        unseen = (UNKNOWN,) * find_game(r.game).hand_size
        return Exchange(p, give=unseen, take=unseen, knock=bool(m["knock"]))
    give = read_cards(m["give"], f"{p}'s cards given")
    take = read_cards(m["take"], f"the cards {p} takes")
    if len(give) != len(take):
        raise HandFileError(
            ngettext("{player} gives {count} card but takes {taken}", "{player} gives {count} cards but takes {taken}",
                     len(give)).format(player=p, count=len(give), taken=len(take)),
            hint=_("an exchange swaps as many cards as it takes: 'exchanges 7c for Kd'"),
        )
    both = [c for c in give if c is not UNKNOWN and c in take]
    if both:
        raise HandFileError(
            _("{card} is both given and taken").format(card=both[0].text),
            hint=_("check the line: a card goes one way in an exchange")
        )
    return Exchange(p, give=give, take=take, knock=bool(m["knock"]))


def _write_exchange(e: Exchange, size: int) -> str:
    unseen = (UNKNOWN,) * size
    head = ("exchanges all" if size and e.give == unseen and e.take == unseen
            else f"exchanges {format_cards(e.give)} for {format_cards(e.take)}")
    return head + (" and knocks" if e.knock else "")


#: The exchanging's actions: their words in the hand format (``takes widow``, ``exchanges 7c for Kd``,
#: ``exchanges all and knocks``, ``passes``, ``knocks``).
#: the phases of the commerce cycle (:meth:`ExchangeRound.phase`), in words
PHASE_WORDS = {"phase1": N_("first phase"), "phase2": N_("second phase"), "last_turns": N_("last turns")}

ACTIONS: tuple[Action, ...] = (
    Action(TakeWidow, rf"{verb('take')}\s+(?:the\s+)?widow", lambda r, p, m: TakeWidow(p),
           lambda e, size: "takes widow"),
    Action(Exchange, rf"{verb('exchange')}\s+(?:(?P<all>all)|(?P<give>.+?)\s+for\s+(?P<take>.+?))"
           r"(?P<knock>\s+and\s+knocks?)?", _exchange, _write_exchange),
    Action(Pass, verb("pass"), lambda r, p, m: Pass(p), lambda e, size: "passes"),
    Action(Knock, rf"(?:{verb('knock')}|stops\s+the\s+bus)", lambda r, p, m: Knock(p), lambda e, size: "knocks",
           verbs=("knock", "stops")),
)


def turn_content(event: Event, hand_size: int) -> Move:
    """What a turn event is, before any rule: a take (the whole widow), an exchange, a pass or a knock."""
    if isinstance(event, TakeWidow):
        return Move("take")
    if isinstance(event, Exchange):
        whole = len(event.give) >= hand_size
        return Move("take" if whole else "exchange", knock=event.knock)
    if isinstance(event, Knock):
        return Move("knock", knock=True)
    if isinstance(event, Pass):
        return Move("pass")
    raise TypeError(f"not a turn event: {event!r}")  # pragma: no cover - the games pass turn events


def _first_known(cards: tuple[AnyCard, ...]) -> AnyCard:
    return next((c for c in cards if type(c) is Card), UNKNOWN)


class ExchangeRound:
    """The turn cycle of one deal.  Shares ``live`` (who is in the deal) with its hand.

    ``first``: the seat that plays first (the dealer's neighbour in the direction of play); the last
    live seat in that order is the dealer's turn.  ``bets`` is always zero (the hand core reads it:
    no chips move in an exchange).
    """

    def __init__(self, rules: ExchangeRules, table: Table, live: list[bool], first: int) -> None:
        self.rules = rules
        self.table = table
        self.live = live
        self.names = table.names
        self.order = tuple(s for s in table.order_from(first) if live[s])
        self.bets = [0] * table.size
        self.dealer = self.order[-1] if self.order else first
        self.widow_up = False
        self.knocker: int | None = None
        self.pending: tuple[int, ...] = ()  # the last turns still to come, in order
        self.passes: dict[int, int] = {}  # passes while the widow was face up (before any knock)
        self.passed_last: set[int] = set()  # seats whose previous turn was a pass
        self.turn: int | None = self.order[0] if len(self.order) > 1 else None

    def copy_for(self, stacks: list[int], live: list[bool]) -> ExchangeRound:
        """This round as it stands, for a copy of its hand (whose ``live`` it shares)."""
        twin = ExchangeRound.__new__(ExchangeRound)
        twin.rules, twin.table, twin.names, twin.order = self.rules, self.table, self.names, self.order
        twin.live = live
        twin.bets = [0] * self.table.size
        twin.dealer, twin.widow_up, twin.knocker, twin.pending = self.dealer, self.widow_up, self.knocker, self.pending
        twin.passes, twin.passed_last, twin.turn = dict(self.passes), set(self.passed_last), self.turn
        return twin

    # ------------------------------------------------------------------ where the cycle stands

    @property
    def closed(self) -> bool:
        """True when the last turns are over: the hands are to be shown."""
        return self.turn is None

    @property
    def phase(self) -> str:
        if self.knocker is not None:
            return "last_turns"
        return "phase2" if self.widow_up else "phase1"

    def dealers_first_turn(self) -> bool:
        """The dealer's turn while nobody has taken the widow: when it ends, the widow is turned up."""
        return self.turn == self.dealer and not self.widow_up and self.knocker is None

    def must_spread(self) -> bool:
        """The dealer's last turn with the widow still face down (``whiskey.phase1_knock = allowed``):
        he spreads it face up first."""
        return self.turn == self.dealer and not self.widow_up and self.knocker is not None

    def remove(self, seat: int) -> None:
        """``seat`` is out of the deal: he has no more turns."""
        self.order = tuple(s for s in self.order if s != seat)
        self.pending = tuple(s for s in self.pending if s != seat)
        if self.turn == seat:
            self.turn = self._after(seat)

    def _after(self, seat: int) -> int | None:
        """Whose turn it is after ``seat``'s in-turn action."""
        if self.knocker is not None:
            return self.pending[0] if self.pending else None
        if not self.order:
            return None
        for s in self.table.order_from(seat)[1:]:
            if s in self.order:
                return s
        return None

    def legal(self, seat: int) -> ExchangeChoices:
        """What ``seat`` may do at his turn (cards not filled in: the game knows them)."""
        rules = self.rules
        last = self.knocker is not None
        up = self.widow_up or self.must_spread() and seat == self.turn
        size = rules.hand_size
        if last:
            return ExchangeChoices(up, not up, True, False, (size - 1 if rules.any_number else 1) if up else 0, up,
                                   False, self.must_spread(), True)
        may_pass = self._pass_breach(seat) is None
        if not up:
            return ExchangeChoices(False, True, may_pass or self.dealers_first_turn(), True, 0, False, False,
                                   self.dealers_first_turn(), False)
        many = size - 1 if rules.any_number else 1
        return ExchangeChoices(True, False, may_pass, True, many, True, rules.knock_with_exchange, False, False)

    def _pass_breach(self, seat: int) -> str | None:
        """Why ``seat`` may not pass at this turn (before any knock), or ``None``."""
        rule = self.rules.pass_rule
        if rule == "once_in_phase2" and self.widow_up and self.passes.get(seat, 0) >= 1:
            return _("he has passed once already with the widow face up")
        if rule == "not_twice_in_a_row" and seat in self.passed_last:
            return _("he passed at his previous turn")
        return None

    # ------------------------------------------------------------------ judging

    def judge(self, seat: int | None, event: Event) -> Move:
        """Judge a turn event (``seat`` ``None`` for the widow turned up) without changing anything."""
        if isinstance(event, TurnWidow):
            return self._judge_turn_widow()
        assert seat is not None
        move = self._content(seat, event)
        if self.turn != seat:
            if move.kind == "take" and not self.widow_up:
                move.turned_up = TAKEN  # his hand lies face up as the widow, turn or no turn
            self._off_turn(seat, move)
            return move
        self._in_turn_rules(seat, event, move)
        return move

    def _content(self, seat: int, event: Event) -> Move:
        return turn_content(event, self.rules.hand_size)

    def _off_turn(self, seat: int, move: Move) -> None:
        """An action when it is not the player's turn: flagged, its cards move, no turn is used."""
        ids = self.rules.ids
        who = self.names[seat]
        move.in_turn = False
        move.knock = False
        remedy = _("its cards moved as logged; it uses up nobody's turn")
        if self.turn is None:
            move.breaches.append(Breach("acted_after_last_turn", ids.last_turn,
                                        _("{player} acted after the last turns: the hands are to be shown").format(
                                            player=who), remedy))
            return
        if self.knocker is not None and (seat == self.knocker or seat not in self.pending):
            message = (_("{player} knocked: {to_act} is to act") if seat == self.knocker
                       else _("{player} has had his one more turn: {to_act} is to act"))
            move.breaches.append(Breach("acted_after_last_turn", ids.last_turn,
                                        message.format(player=who, to_act=self.names[self.turn]), remedy))
            return
        rule = ids.last_turn if self.knocker is not None else ids.phase2_order if self.widow_up else ids.phase1_order
        move.breaches.append(Breach("acted_out_of_turn", rule,
                                    _("{player} acted out of turn: {to_act} is to act").format(
                                        player=who, to_act=self.names[self.turn]),
                                    remedy + " " + _("({to_act} still has the turn)").format(to_act=self.names[self.turn])))

    def _in_turn_rules(self, seat: int, event: Event, move: Move) -> None:
        rules, ids = self.rules, self.rules.ids
        who = self.names[seat]
        up = self.widow_up or self.must_spread()
        if self.must_spread():
            move.turned_up = SPREAD
        elif move.kind == "take" and not self.widow_up:
            move.turned_up = TAKEN
        if self.knocker is not None:  # the one more turn
            if move.kind == "knock":
                move.kind, move.knock = "pass", False
                move.breaches.append(Breach("knock_in_last_turn", ids.last_turn,
                                            _("{player} knocked in his one more turn after the knock").format(player=who),
                                            _("taken as keeping his hand")))
            elif move.knock:
                move.knock = False
                move.breaches.append(Breach("knock_in_last_turn", ids.last_turn,
                                            _("{player} knocked in his one more turn after the knock").format(player=who),
                                            _("the exchange stands")))
            if move.kind == "exchange" and not up:
                move.breaches.append(Breach("exchange_widow_face_down", ids.phase1_knock,
                                            _("{player} exchanged single cards with the widow still face down: he may "
                                              "only take it whole or keep his hand").format(player=who),
                                            _("its cards moved as logged")))
            elif move.kind == "exchange" and isinstance(event, Exchange):
                self._count_rule(who, len(event.give), move)
            return
        if move.kind == "pass":
            why = self._pass_breach(seat)
            if why is not None:
                move.breaches.append(Breach("pass_refused", ids.pass_rule,
                                            _("{player} may not pass: {why}").format(player=who, why=why),
                                            _("the pass stands as the table played it")))
            if self.dealers_first_turn():
                move.turned_up = DEALER
            return
        if move.kind == "knock":
            if not self.widow_up and (rules.knock_turns_widow_up or seat == self.dealer):
                move.turned_up = KNOCKED
            return
        if not up:
            if move.kind != "take":
                move.breaches.append(Breach("exchange_widow_face_down", ids.face_down,
                                            _("{player} exchanged single cards with the widow face down: he may take "
                                              "it, pass or knock").format(player=who), _("its cards moved as logged")))
                if self.dealers_first_turn():
                    move.turned_up = DEALER
            if move.knock and not rules.knock_with_exchange:
                move.breaches.append(Breach("knock_with_exchange_forbidden", ids.knock_with_exchange,
                                            _("{player} exchanged and knocked in one turn").format(player=who),
                                            _("both stand")))
            # a knock turns the widow up at once (whiskey.phase1_knock); at the dealer's turn here, his
            # first, the exchange has turned it up already
            if move.knock and move.turned_up is None and rules.knock_turns_widow_up:
                move.turned_up = KNOCKED
            return
        if move.kind == "exchange" and isinstance(event, Exchange):
            self._count_rule(who, len(event.give), move)
        if move.knock and not rules.knock_with_exchange:
            move.breaches.append(Breach("knock_with_exchange_forbidden", ids.knock_with_exchange,
                                        _("{player} exchanged and knocked in one turn: a knock means he keeps his "
                                          "hand").format(player=who), _("both stand as the table played them")))

    def _count_rule(self, who: str, count: int, move: Move) -> None:
        if count > 1 and not self.rules.any_number:
            move.breaches.append(Breach("exchange_count_refused", self.rules.ids.exchange_count,
                                        ngettext("{player} exchanged {count} card: one card or all {size}",
                                                 "{player} exchanged {count} cards: one card or all {size}",
                                                 count).format(player=who, count=count, size=self.rules.hand_size),
                                        _("the cards moved as logged")))

    def _judge_turn_widow(self) -> Move:
        """The widow turned face up: the dealer's phase-one turn, his spreading it for his last turn, the
        turn-up at once after a knock (already done: a statement), or a statement of a face-up widow."""
        if self.widow_up:
            return Move("state", in_turn=False)
        if self.dealers_first_turn():
            return Move("turn", turned_up=DEALER)  # his turn: he turns it up instead of taking it
        if self.must_spread():
            return Move("turn", in_turn=False, turned_up=SPREAD)  # his last turn is still to come
        move = Move("turn", in_turn=False, turned_up=DEALER)
        who = self.names[self.turn] if self.turn is not None else _("nobody")
        rule = self.rules.ids.last_turn if self.knocker is not None else self.rules.ids.phase1_order
        move.breaches.append(Breach("widow_turned_out_of_turn", rule,
                                    _("the widow was turned face up while {player} was to act with it face down").format(
                                        player=who), _("it lies face up from now on")))
        return move

    # ------------------------------------------------------------------ applying

    def commit(self, seat: int | None, move: Move) -> None:
        """Apply a move from :meth:`judge`: the widow's side, and, for a move in turn, the turn."""
        if move.turned_up is not None:  # (a take with the widow face down is judged TAKEN)
            self.widow_up = True
        if not move.in_turn:
            return
        if move.kind == "turn":  # the dealer's phase-one turn, played by turning the widow up
            seat = self.turn
        assert seat is not None
        if self.knocker is None:
            if move.kind == "pass" and self.widow_up and move.turned_up is None:
                self.passes[seat] = self.passes.get(seat, 0) + 1
            if move.kind in ("pass", "turn"):
                self.passed_last.add(seat)
            else:
                self.passed_last.discard(seat)
            if move.knock:
                self.knocker = seat
                self.pending = tuple(s for s in self.table.order_from(seat)[1:] if s in self.order)
        else:
            self.pending = tuple(s for s in self.pending if s != seat)
        self.turn = self._after(seat)
