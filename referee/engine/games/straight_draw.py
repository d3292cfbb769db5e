"""Straight five-card draw, "anything opens" (rulebook ``straight_draw``, seed-002).

Phases: antes -> deal -> ``round1`` -> ``draw`` -> ``round2`` -> ``showdown``; a hand can also end
``uncontested`` (one player left), ``passed_out`` (nobody bet), or ``misdeal``.  Jackpots
(:mod:`referee.engine.games.jackpots`) is this game with hooks: the first bet is an *open*.

Cards: the log may know every card (a camera), some, or none; cards nobody saw are ``??``.
"""

from __future__ import annotations

import re
from types import MappingProxyType
from typing import TypeVar

from dataclasses import dataclass
from collections.abc import Mapping

from referee.cards import UNKNOWN, AnyCard, Card, format_cards
from referee.engine.actions import Action, Reading, read_cards, verb
from referee.engine.betting import ROUND_WORDS, BettingRound, BettingRules, round_rules
from referee.engine.events import AllIn, Ask, Bet, Call, Check, Deal, Draw, Event, Expose, Fold, Misdeal, Muck, \
    Raise, Show, Showdown, TakePot
from referee.engine.games.common import POKER_BETTING, SHOWDOWN, TABLE
from referee.engine.outcome import Carry, Outcome, PokerCarry
from referee.engine.places import MUCK, kept
from referee.engine.findings import JudgedLater
from referee.engine.state import HandSetup, HandState, Prompt, handles
from referee.engine.options import CHIPS, choice, whole_number
from referee.errors import HandFileError, InputError, excerpt
from referee.ranking import poker
from referee.ranking.poker import HandValue, WildRules
from referee.i18n import N_, _, ngettext, pgettext
from referee.i18n.said import said_later


@dataclass(frozen=True, slots=True)
class DrawChoices:
    """The draw's choices: stand pat or draw up to ``limit`` cards (draw.7, ``draw.max_draw``)."""

    limit: int

    def describe(self, stack: int) -> list[str]:
        return [said_later("stand pat"), said_later("draw 1–{count}", count=self.limit)]

    def events(self, player: str) -> list[Event]:
        return [Draw(player, count) for count in range(self.limit + 1)]


@dataclass(frozen=True, slots=True)
class DrawTaken:
    """One player's draw: cards drawn (a split draw's both parts added), how many draws, his hand
    before the draw, what he discarded and what he received (``??`` where the log does not say)."""

    count: int
    times: int
    before: tuple[AnyCard, ...]
    discards: tuple[AnyCard, ...]
    received: tuple[AnyCard, ...]



_STANDS_PAT = re.compile(r"stands?\s+pat", re.IGNORECASE)
_DRAWS = re.compile(rf"{verb('draw')}\s+(\S+)(?:\s+cards?)?", re.IGNORECASE)
_DISCARDS = re.compile(rf"{verb('discard')}(?:\s+(?P<cards>.*?))?(?P<fd>\s*face\s+down)?", re.IGNORECASE)
_GETS = re.compile(r"(?:gets|receives|got)\s+(?P<cards>.+)", re.IGNORECASE)


def _read_draw(r: Reading, p: str, m: re.Match[str]) -> Draw:
    head, *clauses = [c.strip() for c in m[0].split(",")]
    if _STANDS_PAT.fullmatch(head):
        count = 0
    else:
        dm = _DRAWS.fullmatch(head)
        if dm is None:
            raise HandFileError(_("cannot read {text}").format(text=excerpt(head)), hint=_("write 'draws 3' or 'stands pat'"))
        if not dm[1].isdecimal():
            raise HandFileError(_("bad number of cards {text}").format(text=excerpt(dm[1])), hint=_("write 'draws 3'"))
        count = int(dm[1])
    discards: tuple[AnyCard, ...] = ()
    received: tuple[AnyCard, ...] = ()
    kept = False
    for clause in clauses:
        cm = _DISCARDS.fullmatch(clause)
        gm = _GETS.fullmatch(clause)
        if cm and (cm["cards"] or cm["fd"]):
            if cm["cards"]:
                discards = read_cards(cm["cards"], f"{p}'s discards")
            kept = kept or bool(cm["fd"])
        elif gm:
            received = read_cards(gm["cards"], f"{p}'s new cards")
        else:
            raise HandFileError(
                _("cannot read {text} in a draw").format(text=excerpt(clause)),
                hint=_("write 'draws 2, discards 7c 2d face down, gets Kd Ks' (each part optional)"),
            )
    for listed, got in ((N_("{player} draws {count} but the line lists {listed} discards"), discards),
                        (N_("{player} draws {count} but the line lists {listed} new cards"), received)):
        if got and len(got) != count:
            raise HandFileError(
                _(listed).format(player=p, count=count, listed=len(got)),
                hint=_("the numbers must agree; write '??' for a card nobody saw"),
            )
    return Draw(p, count=count, discards=discards, received=received, kept_face_down=kept)


def _write_draw(e: Draw, size: int) -> str:
    if e.count == 0 and not (e.discards or e.received or e.kept_face_down):
        return "stands pat"
    text = f"draws {e.count}"
    if e.discards or e.kept_face_down:
        text += ", discards"
        if e.discards:
            text += " " + format_cards(e.discards)
        if e.kept_face_down:
            text += " face down"
    if e.received:
        text += ", gets " + format_cards(e.received)
    return text


def _read_ask(r: Reading, p: str, m: re.Match[str]) -> Ask:
    target = r.resolve(m["name"])
    if target == p:
        raise HandFileError(_("{player} asks himself").format(player=p), hint=_("write whom he asked: 'Bob: asks Ann'"))
    return Ask(p, target=target)


#: The draw: ``draws 3``, ``stands pat``, ``draws 2, discards 7c 2d face down, gets Kd Ks``.
DRAW = Action(Draw, r"(?:stands?\s+pat|draws?\s+.*)", _read_draw, _write_draw,
              verbs=("stand", "draw"),
              findings={
                  "draw_out_of_phase": ("illegal_action", N_("a draw when it is not the draw")),
                  "draw_not_in_hand": ("illegal_action", N_("a draw by a player who is out of the hand")),
                  "drew_twice": ("illegal_action", N_("a second draw by a player who has drawn")),
                  "drew_out_of_turn": ("illegal_action", N_("a draw before the players served before him")),
                  "drew_too_many": ("illegal_action", N_("more cards drawn than the rulebook allows")),
              })
#: ``asks Ann``: how many cards did Ann draw? (the log answers)
ASK = Action(Ask, rf"{verb('ask')}\s+(?P<name>[^\s,]+)(?:,?\s+how\s+many.*)?", _read_ask,
             lambda e, size: f"asks {e.target}",
             findings={
                 "draw_count_answer": ("answer", N_("how many cards a player drew, answered from the log")),
             })


#: the phases once the betting is done: the hand is decided uncontested, at the showdown, or ended
PLAY_DONE = frozenset({"uncontested", "showdown", "over"})

#: the carry of straight draw or a variant of it (Jackpots adds its own state to the poker carry)
DrawCarry = TypeVar("DrawCarry", bound=PokerCarry)


class StraightDraw(HandState[DrawCarry]):
    """One hand of straight five-card draw."""

    name = "straight_draw"
    title = "straight draw"
    aliases = ("five-card draw", "draw")
    prefix = "draw"
    spread_limit = ("draw.betting", "draw.bet_min", ("draw.limit_pre", "draw.limit_post"))
    phase_words = {"round1": ROUND_WORDS["round1"], "round2": ROUND_WORDS["round2"], "draw": N_("the draw")}
    dispute_codes = {"draw_count": ("draw_count_answer", "drew_too_many", "drew_twice", "drew_out_of_turn",
                                    "draw_out_of_phase"),
                     "turn": ("drew_out_of_turn",)}
    #: the house-rule options of this game, read through the rulebook
    house_options = (
        choice("draw.ante", "dealer_antes_N | each_player_antes_1",
               "who puts the ante in before the deal", "seed-002; hoyle-jp", shared=True),
        choice("draw.all_check", "redeal_next_dealer_adds_N | redeal_same_dealer_all_reante | proceed_to_draw",
               "what happens when every player checks in the first betting round", "seed-002; hoyle-jp; PokerKit", shared=True),
        choice("draw.betting", "spread_limit | fixed_limit | pot_limit | no_limit",
               "the betting structure", "seed-002; RRoP; PokerKit", pins="10.3", shared=True),
        choice("draw.check_first_round", "allowed | bet_or_drop",
               "whether a player may check in the first betting round", "seed-002; hoyle-draw", shared=True),
        whole_number("draw.limit_pre", 2, 1, CHIPS,
                     "largest bet or raise before the draw (the fixed size under fixed_limit)", "seed-002", pins="10.3", shared=True),
        whole_number("draw.limit_post", 5, 1, CHIPS,
                     "largest bet or raise after the draw (the fixed size under fixed_limit)", "seed-002", pins="10.3", shared=True),
        whole_number("draw.bet_min", 1, 1, CHIPS, "smallest bet or raise", "seed-002", shared=True),
        choice("draw.raise_cap", "per_player_3 | bet_plus_4_raises_total | none",
               "how many raises a betting round allows", "seed-002; RRoP", shared=True),
        choice("draw.opening_bet_counts_as_raise", "no | yes",
               "whether a player's opening bet counts toward his raise cap", "seed silent", pins="10.1", shared=True),
        choice("draw.max_draw", "3_or_4_if_under_6 | 3 | 5_split_4_then_1",
               "how many cards a player may draw", "seed-002; RRoP", shared=True),
        choice("draw.round2_first", "first_bettor_round1 | left_of_dealer",
               "who acts first in the betting round after the draw", "seed-002; RRoP", pins="10.2", shared=True),
        choice("draw.showdown_first", "last_raiser | last_bettor_or_first_to_act",
               "who shows his hand first at the showdown", "seed-002; RRoP", pins="10.1", shared=True),
        choice("draw.count_question", "answer_until_betting | answer_until_action_after_draw",
               "until when a player must answer how many cards he drew", "seed-002; RRoP", shared=True),
        choice("draw.check_raise", "allowed | forbidden",
               "whether a player who checked may raise later in the same round", "RRoP; seed silent", shared=True),
        choice("draw.check_facing_bet", "must_act_again | taken_as_call | taken_as_fold",
               "what a check facing a bet amounts to", "seed-002 (nobody may check after a bet); remedy seed silent", shared=True),
        choice("draw.check_raise_breach", "must_act_again | taken_as_call | taken_as_fold",
               "what a raise amounts to by a player who checked, where check-raising is forbidden",
               "RRoP; seed silent", shared=True),
        choice("draw.misdeal", "rrop_list | none",
               "which dealing errors make a misdeal", "RRoP; seed silent", shared=True),
    )
    hand_size = 5
    events = {
        **TABLE,
        **SHOWDOWN,
        **POKER_BETTING,
        Draw: "draws 3 | stands pat | draws 2, discards 7c 2d, gets Kd Ks",
        Ask: "asks Ann",
    }
    actions = (DRAW, ASK)
    after_end = frozenset({Show, Muck, TakePot})
    turns = BettingRound
    #: The words its players say at the table, each with the hand format's words it stands for: what
    #: the table's prompt, hints and did-you-mean offer (seed 002: пасовать (фолд), чек, ставка).
    table_words: Mapping[str, str] = MappingProxyType({
        "fold": "folds", "пас": "folds", "check": "checks", "чек": "checks", "call": "calls", "bet": "bets",
        "open": "bets", "opens": "bets", "raise": "raises", "all": "all in", "draw": "draws", "stand": "stands pat", "ask": "asks",
        "pat": "stands pat", "show": "shows", "muck": "mucks",
    })
    carry_type = PokerCarry
    #: the rules a dispute cites by topic when the log shows nothing broken
    dispute_rules: Mapping[str, tuple[str, ...]] = MappingProxyType({
        "over_limit": ("draw.6", "draw.betting"),
        "show_order": ("draw.showdown_first", "draw.9"),
        "draw_count": ("draw.count_question", "draw.max_draw"),
        "misdeal": ("draw.misdeal",),
    })

    def __init__(self, setup: HandSetup, voided: frozenset[int] = frozenset()) -> None:
        # state of the draw family, set before HandState.__init__ calls begin()
        self.round1_first_bettor: int | None = None
        self.round1_actions = 0
        self.to_draw: list[int] = []  # seats still to draw, in order (a seat leaves it when he draws)
        self.drawn: dict[int, DrawTaken] = {}  # seat -> what his draw (both draws, split) took
        self.kept_face_down: set[int] = set()
        self.round2_first: int | None = None
        self.round2_started = False
        self.pass_rule = "draw.all_check"
        self.same_dealer = False
        self.showdown_order: list[int] = []
        self.winner: int | None = None
        self.took_pot: int | None = None  # who raked the pot (a bookkeeping line: it decides nothing)
        self.took_pot_action: int | None = None
        self.mucked_at_showdown: set[int] = set()
        self.folded: set[int] = set()
        super().__init__(setup, voided)

    # ------------------------------------------------------------------ start

    def begin(self) -> None:
        self.dealt_count = sum(self.dealt_in)
        self.draw_limit = self.max_draw()
        self.post_antes()
        self.phase = "round1"
        dealt_in = self.dealt_in
        first = next(s for s in self.table.from_dealers_left() if dealt_in[s])
        self.open_round(self.rules_for(1), first, N_("first betting round"))

    def dealt(self) -> list[int]:
        return [s for s in range(self.n) if self.dealt_in[s]]

    def post_antes(self) -> None:
        """draw.2 with ``draw.ante``: the dealer antes one chip per player, or each player one."""
        if self.carry_in.antes_in:  # a redeal after a misdeal: the antes are in the pot already
            return
        if self.reante_all():
            return
        if self.options["draw.ante"] == "dealer_antes_N":
            self.post_ante(self.table.dealer, self.dealt_count, self.cite("draw.2"))
        else:
            for s in self.dealt():
                self.post_ante(s, 1, "draw.ante")

    def reante_all(self) -> bool:
        """The redeal after a deal everybody checked (or nobody opened) under a same-dealer re-ante
        rule (``draw.all_check = redeal_same_dealer_all_reante``, ``jackpots.no_open =
        reante_same_dealer``): every player dealt in antes one chip again, whoever antes otherwise.
        True when it did."""
        if not self.carry_in.passed_out:
            return False
        rule, choice = self.pass_choice()
        if choice not in ("redeal_same_dealer_all_reante", "reante_same_dealer"):
            return False
        for s in self.dealt():
            self.post_ante(s, 1, rule)
        return True

    def rules_for(self, number: int) -> BettingRules:
        """Betting round ``number``'s rules (1: before the draw, 2: after it)."""
        o = self.options
        return round_rules(
            self.rulebook, "draw", int(o["draw.limit_pre"] if number == 1 else o["draw.limit_post"]),
            check_allowed=number == 2 or o["draw.check_first_round"] == "allowed",
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

    # ------------------------------------------------------------------ betting

    @handles(Fold, Check, Call, Bet, Raise, AllIn)
    def on_betting(self, seat: int, event: Event) -> None:
        phase = self.phase  # a bet in a round leaves the phase as it is (the round's end, below, moves it)
        if phase not in ("round1", "round2") or self.round is None:
            self.bet_outside_round(seat, event)
            return
        verdict = self.betting_event(seat, event)
        kind = verdict.kind
        if kind == "fold":
            self.folded.add(seat)
        if phase == "round1":
            if kind != "none":
                self.round1_actions += 1
            if kind == "bet" and self.round1_first_bettor is None:
                self.round1_first_bettor = seat
                self.on_first_bet(seat, verdict.chips)
        elif kind != "none":
            self.round2_started = True
        if self.round is not None and self.round.turn is None:
            self.end_round()

    def bet_outside_round(self, seat: int, event: Event | None = None) -> None:
        who = self.names[seat]
        kind = type(event)
        # TRANSLATORS: what a player cannot do: "Bob cannot fold now"
        verb = (pgettext("cannot", "fold") if kind is Fold else pgettext("cannot", "check") if kind is Check
                else pgettext("cannot", "call") if kind is Call else pgettext("cannot", "raise") if kind is Raise
                else pgettext("cannot", "go all in") if kind is AllIn else pgettext("cannot", "bet"))
        if not self.live[seat]:
            out = _("has folded") if seat in self.folded else _("is not in the hand")
            self.flag("acted_not_in_hand", _("{player} {out} and cannot {verb}").format(player=who, out=out, verb=verb),
                      self.cite("draw.4.3"), player=seat, remedy=_("ignored"))
            return
        if self.phase == "draw":
            where = _("the draw is not over")
            nxt = self.next_to_draw()
            if nxt is not None:
                where = _("the draw is not over: {player} is to draw").format(player=self.names[nxt])
            rule = self.cite("draw.7.1")
        else:
            where = (_("the betting is over") if self.phase == "showdown"
                     else _("no betting round is open ({phase})").format(phase=self.phase))
            rule = self.cite("draw.4.3")
        self.flag("bet_outside_round", _("{player} cannot {verb} now: {where}").format(player=who, verb=verb, where=where),
                  rule, player=seat, remedy=_("ignored"))

    def on_first_bet(self, seat: int, chips: int) -> None:
        """The first bet of the first round (anything opens: nothing to check)."""

    def end_round(self) -> None:
        rnd = self.round
        assert isinstance(rnd, BettingRound)
        if self.live.count(True) == 1:
            self.bank_round()
            self.winner = self.live.index(True)
            self.phase = "uncontested"
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

    def pass_choice(self) -> tuple[str, str]:
        """(rule, choice) for a first round everybody checked (draw.5, ``draw.all_check``)."""
        return "draw.all_check", str(self.options["draw.all_check"])

    def all_checked(self) -> None:
        """Everybody checked the first round (draw.5)."""
        rule, choice = self.pass_choice()
        self.bank_round()
        if choice == "proceed_to_draw":
            self.start_draw()
            return
        self.ended = "passed_out"
        self.pass_rule = rule
        self.same_dealer = choice in ("redeal_same_dealer_all_reante", "reante_same_dealer")

    # ------------------------------------------------------------------ deal, exposure, misdeal

    @handles(Deal)
    def on_deal(self, seat: int, event: Deal) -> None:
        who = self.names[seat]
        if self.phase != "round1" or self.round1_actions:
            self.flag("dealt_during_betting", _("cards dealt to {player} after the betting began").format(player=who), self.cite("draw.3"),
                      player=seat)
        if not self.dealt_in[seat]:
            self.flag("dealt_not_in_deal", _("{player} has no chips and is not in this deal but was dealt cards").format(player=who),
                      "draw.misdeal", player=seat)
        self.deal_to(seat, event.cards)

    def judged_later(self) -> Mapping[str, JudgedLater]:
        """Who shows first is known at the showdown (draw.showdown_first); a misdeal claim is judged from
        the cards as dealt, while a misdeal may still be called (draw.misdeal: before two players act)."""
        later = dict(super().judged_later())
        if self.phase not in PLAY_DONE:
            later["show_order"] = JudgedLater("draw.showdown_first", _("who shows first is known when the betting "
                                                                        "is over and the showdown begins"))
        if (self.phase == "round1" and self.options["draw.misdeal"] != "none" and self.round1_actions < 2
                and not self.deal_seen()):
            later["misdeal"] = JudgedLater("draw.misdeal", _("a misdeal is judged from the cards as dealt, once they "
                                                          "are seen (logged, or exposed), and may be called until two "
                                                          "players have acted"))
        return later

    def deal_seen(self) -> bool:
        """Whether the log knows every card dealt in this hand (each player's whole hand)."""
        return all(len(cards) == self.hand_size and UNKNOWN not in cards
                   for cards in (self.hand_of(s) for s in range(self.n) if self.dealt_in[s]))

    def misdeal_remedy(self) -> str:
        if self.options["draw.misdeal"] == "none":
            return "no misdeal under this rulebook: the error is corrected and play goes on"
        if self.round1_actions >= 2:
            return "too late for a misdeal (two players have acted): the hand stands"
        return "a misdeal if the table calls it before two players act"

    @handles(Expose)
    def on_expose(self, seat: int, event: Expose) -> None:
        message = (_("{player}'s card {card} was exposed by the dealer") if event.by_dealer
                   else _("{player}'s card {card} was exposed by {player}")).format(player=self.names[seat], card=event.card)
        if event.by_dealer and self.phase == "round1":
            self.flag("card_exposed", message, "draw.misdeal", player=seat, remedy=self.misdeal_remedy())
        else:
            self.flag("card_exposed_plays", message, "draw.misdeal", player=seat,
                      remedy=self.misdeal_remedy() if self.phase == "round1" else _("the card plays"))

    @handles(Misdeal)
    def on_misdeal(self, seat: None, event: Misdeal) -> None:
        reason = f" ({event.reason})" if event.reason else ""
        if self.options["draw.misdeal"] == "none":
            self.flag("misdeal_refused", _("a misdeal was called{reason} but this rulebook has none").format(reason=reason), "draw.misdeal",
                      remedy=_("ignored: the error is corrected and play goes on"))
            return
        if self.phase != "round1" or self.round1_actions >= 2:
            self.flag("misdeal_refused", _("a misdeal was called{reason} after two players had acted").format(reason=reason), "draw.misdeal",
                      remedy=_("ignored: too late, the hand stands"))
            return
        self.flag("misdeal_called", _("misdeal{reason}: bets are returned and the same dealer deals again").format(reason=reason),
                  "draw.misdeal")
        self.return_bets()
        self.ended = "misdeal"

    # ------------------------------------------------------------------ the draw

    def max_draw(self) -> int:
        """Cards one player may draw at once (draw.max_draw; a fifth card under ``5_split_4_then_1``
        comes on its own, after everybody has drawn)."""
        if self.options["draw.max_draw"] == "3":
            return 3
        if self.options["draw.max_draw"] == "5_split_4_then_1":
            return 4
        return 4 if self.dealt_count < 6 else 3

    def start_draw(self) -> None:
        self.phase = "draw"
        self.to_draw = [s for s in self.table.from_dealers_left() if self.live[s]]

    def next_to_draw(self) -> int | None:
        for s in self.to_draw:
            if self.live[s]:
                return s
        return None

    def prompt_outside_turns(self) -> Prompt:
        if self.phase == "draw":
            nxt = self.next_to_draw()
            if nxt is not None:
                choices = DrawChoices(self.draw_limit)
                return Prompt("draw", self.names[nxt], tuple(choices.describe(self.stacks[nxt])), choices,
                              self.stacks[nxt])
        return Prompt(self.phase, self.expected_actor())

    @handles(Draw)
    def on_draw(self, seat: int, event: Draw) -> None:
        who = self.names[seat]
        if self.phase != "draw":
            taken = self.drawn.get(seat)
            fifth_after_all = (
                self.phase in ("round2", "showdown") and not self.round2_started
                and self.options["draw.max_draw"] == "5_split_4_then_1" and taken is not None and taken.count == 4
                and taken.times == 1 and event.count == 1 and self.live[seat]
            )
            if fifth_after_all:  # draw.max_draw = 5_split_4_then_1: the fifth card "after every other player"
                self.take_draw(seat, event, 1)
                return
            self.flag("draw_out_of_phase", _("{player} cannot draw now ({phase})").format(player=who, phase=self.phase), self.cite("draw.7.1"),
                      player=seat, remedy=_("ignored"))
            return
        if not self.live[seat]:
            self.flag("draw_not_in_hand", _("{player} is not in the hand and cannot draw").format(player=who), self.cite("draw.7.1"),
                      player=seat, remedy=_("ignored"))
            return
        count = event.count
        taken = self.drawn.get(seat)
        if taken is not None:  # (a split draw's fifth card comes after the draw, above)
            self.flag("drew_twice", _("{player} has already drawn ({count})").format(player=who, count=taken.count), self.cite("draw.7.4"),
                      player=seat, remedy=_("ignored"))
            return
        nxt = self.next_to_draw()
        if (nxt is not None and nxt != seat) or count > self.draw_limit or count < 0:
            if not self.draw_breaches(seat, nxt, count):
                return
        if len(event.discards) > count or len(event.received) > count:
            raise InputError(
                _("{player} draws {count} but the log lists {count2} discards and {count3} cards received").format(player=who, count=count, count2=len(event.discards), count3=len(event.received)),
                hand=self.setup.number, action=self.action,
                hint=_("list at most as many discards and new cards as the number drawn"),
            )
        held = self.hand_of(seat)  # his hand before the draw: five cards, ?? for those the log did not see dealt
        if len(held) < self.hand_size:
            self.places.add(seat, [UNKNOWN] * (self.hand_size - len(held)))
        if event.kept_face_down:
            self.kept_face_down.add(seat)
        self.take_draw(seat, event, count)
        # under 5_split_4_then_1 a player who drew four may still take a fifth, but the round does
        # not wait for it (he takes it before the betting if he wants it)
        if self.next_to_draw() is None:
            self.start_round2()

    def draw_breaches(self, seat: int, nxt: int | None, count: int) -> bool:
        """Flag a draw out of turn or of too many cards; False when it is void (``void_and_reprompt``)."""
        who = self.names[seat]
        void = self.options["common.illegal_fix"] == "void_and_reprompt"
        if nxt is not None and nxt != seat:
            message = _("{player} drew out of turn: {to_draw} is to draw").format(player=who, to_draw=self.names[nxt])
            if void:
                self.flag("drew_out_of_turn", message, self.cite("draw.7.1"), player=seat,
                          remedy=_("void: {player} is to draw").format(player=self.names[nxt]))
                return False
            self.flag("drew_out_of_turn", message, self.cite("draw.7.1"), player=seat, remedy=_("the draw stands"))
        limit = self.draw_limit
        if count > limit or count < 0:
            message = ngettext("{player} drew {count} card; at most {limit} may be drawn",
                               "{player} drew {count} cards; at most {limit} may be drawn", count).format(
                player=who, count=count, limit=limit)
            if void:
                self.flag("drew_too_many", message, "draw.max_draw", player=seat,
                          remedy=_("void: {player} is still to draw").format(player=who))
                return False
            self.flag("drew_too_many", message, "draw.max_draw", player=seat,
                      remedy=_("the draw stands: cards dealt cannot be taken back"))
        return True

    def take_draw(self, seat: int, event: Draw, count: int) -> None:
        """``seat`` discards ``count`` cards (into the muck, or face down in front of him) and gets as
        many from the stub (those the log does not name are unknown)."""
        taken = self.drawn.get(seat)
        before = self.hand_of(seat) if taken is None else taken.before
        if taken is None:  # his (first) draw: he is no longer to draw
            self.to_draw.remove(seat)
        if count == 0:  # stands pat: no card moves
            self.drawn[seat] = DrawTaken(0, 1, before, (), ()) if taken is None else taken
            return
        to = kept(seat) if seat in self.kept_face_down else MUCK
        gone = self.discard(seat, event.discards, count, to)
        received = event.received
        got = received if len(received) == count else (*received, *[UNKNOWN] * (count - len(received)))
        self.deal_to(seat, got)
        if taken is None:
            self.drawn[seat] = DrawTaken(count, 1, before, gone, got)
        else:  # the fifth card of a split draw
            self.drawn[seat] = DrawTaken(taken.count + count, taken.times + 1, before, (*taken.discards, *gone),
                                         (*taken.received, *got))

    def start_round2(self) -> None:
        self.phase = "round2"
        if self.options["draw.round2_first"] == "first_bettor_round1" and self.round1_first_bettor is not None:
            start = self.round1_first_bettor
        else:
            start = self.table.after(self.table.dealer)
        live, stacks, order = self.live, self.stacks, self.table.order_from(start)
        # the first player still in with chips to bet (none has: the first still in)
        first = next((s for s in order if live[s] and stacks[s] > 0), None)
        if first is None:
            first = next(s for s in order if live[s])
        self.round2_first = first
        self.open_round(self.rules_for(2), first, N_("second betting round"))
        if self.round is not None and self.round.closed:
            self.end_round()

    @handles(Ask)
    def on_ask(self, seat: int, event: Ask) -> None:
        target = self.seat_of(event.target)
        who, whom = self.names[seat], self.names[target]
        taken = self.drawn.get(target)
        if taken is None:
            self.flag("draw_count_answer", _("{player} asks {whom} how many cards {whom} drew: {whom} has not drawn yet").format(player=who, whom=whom),
                      self.cite("draw.7.7"), player=seat)
            return
        count = taken.count
        said = (_("{whom} stood pat") if count == 0 else _("{whom} drew {count}")).format(whom=whom, count=count)
        if not self.must_answer():
            self.flag("draw_count_answer", _("{player} asks {whom} how many cards {whom} drew: {said} (the log); asked after the betting began, {whom} need not answer").format(player=who, whom=whom, said=said), "draw.count_question", player=seat)
        else:
            self.flag("draw_count_answer", _("{player} asks {whom} how many cards {whom} drew: {said}").format(player=who, whom=whom, said=said),
                      self.cite("draw.7.7"), player=seat)

    def must_answer(self) -> bool:
        """Whether a player asked how many cards he drew must answer now (draw.7.7, ``draw.count_question``):
        during the draw; under ``answer_until_action_after_draw`` also in the second betting round until
        somebody has acted in it."""
        if self.phase == "draw":
            return True
        return (self.options["draw.count_question"] == "answer_until_action_after_draw" and self.phase == "round2"
                and not self.round2_started)

    # ------------------------------------------------------------------ showdown

    def start_showdown(self) -> None:
        self.phase = "showdown"
        live = self.live
        rnd2_first = self.round2_first if self.round2_first is not None else self.table.after(self.table.dealer)
        if self.options["draw.showdown_first"] == "last_raiser":
            lead = self.last_aggressor
        else:
            lead = self.round2_aggressor()
        start = lead if lead is not None and live[lead] else rnd2_first
        self.showdown_order = [s for s in self.table.order_from(start) if live[s]]

    def round2_aggressor(self) -> int | None:
        """Who bet or raised last in the second betting round (None: nobody, or no second round)."""
        rounds = self.rounds_bet()
        return rounds[1].last_aggressor if len(rounds) > 1 else None

    def to_show(self) -> tuple[int, str, str] | None:
        """At the showdown: who is to show his hand now, why, and the rule that says so (the first by
        draw.showdown_first, the rest clockwise by draw.9), for the table's guidance; None when
        nobody is (outside the showdown, or every hand is shown or mucked)."""
        if self.phase != "showdown" or not self.showdown_order:
            return None
        order = self.showdown_order
        left = [s for s in order if s not in self.shown and s not in self.mucked and self.live[s]]
        if not left:
            return None
        first, now = order[0], left[0]
        if now != first:
            return now, f"clockwise from {self.names[first]}, who showed first", self.cite("draw.9")
        rule = self.cite("draw.showdown_first")
        if self.options["draw.showdown_first"] == "last_raiser":
            lead, since = self.last_aggressor, "in the hand"
        else:
            lead, since = self.round2_aggressor(), "in the last betting round"
        if lead == first:
            return first, f"{self.names[first]} bet or raised last {since}", rule
        why = "nobody bet" if lead is None else f"{self.names[lead]}, who bet or raised last, is out"
        return first, f"{why} {since}: {self.names[first]} was first to act after the draw", rule

    @handles(Showdown)
    def on_showdown(self, seat: None, event: Showdown) -> None:
        """``showdown:``: the play went unrecorded; the hands shown next decide the pot (draw.9).  Who
        showed first is not known, so no show is out of order."""
        if self.phase in ("showdown", "uncontested", "over"):
            raise InputError(_("'showdown:' comes after the hand reached its {phase}").format(phase=self.phase),
                             hint=_("'showdown:' stands where the logged play stops; leave it out here"))
        self.bank_round()
        self.round = None
        self.start_showdown()
        self.showdown_order = []

    @handles(Show)
    def on_show(self, seat: int, event: Show) -> None:
        if event.purpose != "hand":
            self.show_proof(seat, event)
            return
        who = self.names[seat]
        if self.phase == "showdown" and seat in self.showdown_order:
            for s in self.showdown_order:
                if s == seat:
                    break
                if s not in self.shown and s not in self.mucked and self.live[s]:
                    self.flag("showed_out_of_order", _("{player} showed before {player2}, who was to show first").format(player=who, player2=self.names[s]),
                              self.cite("draw.9"), player=seat)
                    break
        elif self.phase not in ("showdown", "uncontested", "over"):
            self.flag("showed_during_play", _("{player} showed his hand during play").format(player=who), player=seat)
        self.show(seat, event.cards)
        self.after_show(seat)

    def show_proof(self, seat: int, event: Show) -> None:
        """Openers or discards shown (a Jackpots proof): in straight draw, cards seen in his hand."""
        self.places.reveal(seat, [c for c in event.cards if isinstance(c, Card)])

    def after_show(self, seat: int) -> None:
        """What a shown hand establishes (Jackpots: the opener's proof)."""

    @handles(Muck)
    def on_muck(self, seat: int, event: Muck) -> None:
        if self.shown_hand_plays(seat, self.cite("draw.9")):
            return
        if self.phase != "showdown":
            self.flag("mucked_outside_showdown", _("{player} mucked outside the showdown").format(player=self.names[seat]), player=seat)
        else:
            self.mucked_at_showdown.add(seat)
        self.mucked.add(seat)
        if self.live[seat]:
            self.put_out(seat)
            self.play_on_without()

    def play_on_without(self) -> None:
        """A player left the hand other than by folding (he threw his cards in): the betting round or the
        draw goes on without him, and is over if he was the last to act in it (draw.4.3: the round ends
        when every player still in the hand has put in the same; draw.7.1: the draw serves the players
        still in the hand); a player left alone takes the pot (draw.4.3)."""
        if self.round is not None and self.round.closed:
            self.end_round()
        elif self.phase == "draw" and self.next_to_draw() is None:
            self.start_round2()

    @handles(TakePot)
    def on_take_pot(self, seat: int, event: TakePot) -> None:
        """Raking the pot decides nothing: the pot belongs to the best shown hand (a rake of a pot the
        ruling gives to others is flagged at the end, :meth:`judge_rake`)."""
        if self.took_pot is None:
            self.took_pot, self.took_pot_action = seat, self.action
        if self.phase not in ("showdown", "uncontested"):
            self.flag("took_pot_early", _("{player} took the pot before the hand was over").format(player=self.names[seat]), player=seat)

    # ------------------------------------------------------------------ the end

    def carry_out(self, pot: int, ended: str) -> tuple[Carry, tuple[str, ...]]:
        passed = self.carry_in.passed_out
        if ended == "passed_out":
            return PokerCarry(pot, passed_out=passed + 1), ()
        if ended == "misdeal":
            return PokerCarry(pot, antes_in=True, passed_out=passed), ()
        return PokerCarry.holding(pot), ()

    def end(self) -> Outcome:
        outcome = self.end_of_hand()
        self.judge_rake(outcome)
        return outcome

    def judge_rake(self, outcome: Outcome) -> None:
        """A player who raked a pot the ruling does not give him: flagged; the pot stays where the rules put it."""
        taker = self.took_pot
        if taker is None or outcome.kind == "in_progress" or outcome.undecided:
            return
        name = self.names[taker]
        if any(name in p.winners for p in outcome.pots):
            return
        winners = [w for p in outcome.pots for w in p.winners]
        where = (_("it belongs to {players}").format(players=", ".join(dict.fromkeys(winners))) if winners
                 else _("it stays on the table"))
        rule = next((p.rule for p in outcome.pots if p.rule), None)
        self.flag("took_pot_not_his", _("{name} took the pot, but {where}: taking the pot decides nothing").format(name=name, where=where),
                  rule, player=taker, action=self.took_pot_action, remedy=_("the pot goes where the ruling puts it"))

    def end_of_hand(self) -> Outcome:
        ended = self.ended or self.phase
        if ended == "passed_out":
            return self.end_passed_out(self.pass_rule, _("everybody checked"), same_dealer=self.same_dealer)
        if ended == "misdeal":
            return self.end_misdeal("draw.misdeal")
        if ended == "uncontested":
            assert self.winner is not None
            return self.end_uncontested(self.winner, self.cite("draw.4.3"))
        if ended == "showdown":
            return self.draw_showdown()
        return self.in_progress()

    def showdown_values(self) -> tuple[set[int], dict[int, HandValue]]:
        """Who contests the pots at the showdown, and the value of each known hand."""
        contenders = {s for s in range(self.n) if self.live[s] and s not in self.mucked}
        values = {}
        wild, wheel = self.wild(), self.options["common.wheel"] == "allowed"
        for s in contenders:
            hand = self.shown.get(s) or self.places.known(s)  # what he showed wins over the log's tracking
            if hand is not None and len(hand) == self.hand_size:
                values[s] = poker.evaluate(hand, wild=wild, wheel=wheel)
        return contenders, values

    def wild(self) -> WildRules | None:
        """The wild cards of the pack (none in straight draw)."""
        return None

    def draw_showdown(self) -> Outcome:
        contenders, values = self.showdown_values()
        rule = self.cite("draw.9")
        pots, carried, undecided, must_show = self.showdown_pots(contenders, values, rule)
        if must_show:
            self.must_show(must_show, rule)
        return self.end_showdown(pots, carried, undecided, self.showdown_order)

    def must_show(self, names: list[str], rule: str) -> None:
        if names:
            self.flag("showdown_unverifiable", "the showdown cannot be decided: show the hands of " + ", ".join(names),
                      rule, action=False, remedy=_("the pot is undecided until they are shown"))
