"""THE betting-round engine, parametrised by the rulebook.

:class:`BettingRules` says what a round allows (structure and limits, minimum bet, raise caps, check,
check-raise, who is cited for what); the game builds one per round from its options.
:class:`BettingRound` takes fold / check / call / bet / raise / all-in events in order, judges each
(:meth:`BettingRound.judge`, no state change) and applies the verdict (:meth:`BettingRound.commit`).

An illegal action is judged, never repaired silently: the verdict carries the rule it breaks and
the remedy ``common.illegal_fix`` prescribes -- ``adjust_to_nearest_legal`` (an over-limit bet is
capped, a raise past the cap or a forbidden raise becomes a call, a short call is made up to the
call) or ``void_and_reprompt`` (nothing happens; the player is still to act).

Table stakes throughout: nobody puts in more than he has; a player who cannot call goes all in for
less.  Under pot and no limit a raise is at least the previous bet or raise of the round, and an
all-in for less than that does not reopen the betting for players who already acted (PokerKit and
casino practice); under spread and fixed limit a full raise is one of the minimum (fixed) size.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from referee.engine.actions import Action, Reading, parse_amount, verb
from referee.engine.events import AllIn, Bet, Call, Check, Event, Fold, Raise
from referee.engine.house import cite
from referee.engine.table import Table
from referee.errors import HandFileError
from referee.i18n import N_, _, ngettext
from referee.i18n.said import said_later

if TYPE_CHECKING:
    from referee.engine.house import Rules

BETTING_EVENTS = (Fold, Check, Call, Bet, Raise, AllIn)


def _call(r: Reading, p: str, m: re.Match[str]) -> Call:
    if m["n"]:
        raise HandFileError(
            _("'calls {amount}': a call takes no amount").format(amount=m["n"]),
            hint=_("write 'Bob: calls'; the replay works out what he owed, and flags a short call"),
        )
    return Call(p)


#: The betting round's actions: their words in the hand format (``folds``, ``bets 2``, ``raises to 6``).
#: the betting rounds of a game that numbers them (``round1``), in words
ROUND_WORDS = {"round1": N_("first betting round"), "round2": N_("second betting round"), "round3": N_("third betting round"),
               "round4": N_("fourth betting round")}

ACTIONS: tuple[Action, ...] = (
    Action(Fold, verb("fold"), lambda r, p, m: Fold(p), lambda e, size: "folds"),
    Action(Check, verb("check"), lambda r, p, m: Check(p), lambda e, size: "checks"),
    Action(Bet, rf"{verb('bet')}\s+(?P<n>\S+)", lambda r, p, m: Bet(p, parse_amount(m["n"], "bet")),
           lambda e, size: f"bets {e.amount}"),
    Action(Call, rf"{verb('call')}(?:\s+(?P<n>\S+))?", _call, lambda e, size: "calls"),
    Action(Raise, rf"{verb('raise')}(?:\s+(?P<to>to))?\s+(?P<n>\S+)",
           lambda r, p, m: Raise(p, parse_amount(m["n"], "raise"), to=bool(m["to"])),
           lambda e, size: f"raises {'to ' if e.to else ''}{e.amount}"),
    Action(AllIn, r"(?:goes\s+|is\s+)?all[\s-]?in", lambda r, p, m: AllIn(p), lambda e, size: "all in",
           verbs=("goes", "is", "all", "all-in", "allin")),
)

ADJUST = "adjust_to_nearest_legal"
VOID = "void_and_reprompt"


@dataclass(frozen=True, slots=True)
class BettingRuleIds:
    """The rule ids a betting round cites, per situation."""

    order: str  # who acts first / in turn (draw.4.1, draw.8, stud.2)
    no_check_after_bet: str  # after a bet nobody may check (draw.4.2)
    limits: str  # bet and raise sizes (draw.6)
    structure: str  # the betting structure and table stakes (draw.betting)
    cap: str  # the raise cap (draw.raise_cap)
    check_raise: str  # draw.check_raise
    check_allowed: str  # the option forbidding a check in this round (draw.check_first_round)
    check_facing_bet: str = ""  # the remedy option for a check facing a bet (draw.check_facing_bet)
    check_raise_breach: str = ""  # the remedy option for a forbidden check-raise (draw.check_raise_breach)


@dataclass(frozen=True, slots=True)
class BettingRules:
    """What one betting round allows.

    ``structure``: ``spread_limit`` (bets and raises ``bet_min``..``limit``), ``fixed_limit`` (exactly
    ``limit``), ``pot_limit`` (``bet_min``/previous raise .. pot after calling) or ``no_limit``.
    ``cap_per_player``: raises one player may make in the round (``None``: no cap);
    ``cap_per_round``: raises after the opening bet in the whole round.  ``fix`` is the rulebook's
    ``common.illegal_fix``.
    """

    structure: str
    bet_min: int
    limit: int | None
    cap_per_player: int | None
    cap_per_round: int | None
    opening_bet_counts_as_raise: bool
    check_allowed: bool
    check_raise_allowed: bool
    fix: str
    ids: BettingRuleIds
    #: what a check facing a bet and a forbidden check-raise amount to (``must_act_again``,
    #: ``taken_as_call``, ``taken_as_fold``; the options ``<prefix>.check_facing_bet`` and
    #: ``<prefix>.check_raise_breach``); ``None``: as ``fix`` says (void, or taken as a call)
    check_facing_bet: str | None = None
    check_raise_breach: str | None = None

    def __post_init__(self) -> None:
        if self.structure not in ("spread_limit", "fixed_limit", "pot_limit", "no_limit"):
            raise ValueError(f"unknown betting structure {self.structure!r}")
        if self.structure in ("spread_limit", "fixed_limit") and self.limit is None:
            raise ValueError(f"{self.structure} needs a limit")
        if self.fix not in (ADJUST, VOID):
            raise ValueError(f"unknown common.illegal_fix {self.fix!r}")


@dataclass(frozen=True, slots=True)
class Breach:
    """One rule an action broke: the finding code, the rule id, what was wrong, the remedy applied."""

    code: str
    rule: str
    message: str
    remedy: str


@dataclass(slots=True)
class Verdict:
    """What an action amounts to once judged.

    ``kind``: ``fold``, ``check``, ``call``, ``bet``, ``raise`` (the effective action after any
    adjustment) or ``none`` (void or ignored: nothing moves); brag staking's turn engine
    (:mod:`referee.engine.staking`) judges into the same record with ``fold``, ``stake``, ``see``,
    ``cover`` or ``none``.  ``chips``: chips the player puts in.
    ``breaches``: the rules broken (empty when legal).  ``in_turn``: false when it was applied
    although it was not his turn (binding out of turn).
    """

    kind: str
    chips: int = 0
    breaches: list[Breach] = field(default_factory=list)
    in_turn: bool = True

    @property
    def legal(self) -> bool:
        return not self.breaches


@dataclass(frozen=True, slots=True)
class LegalActions:
    """What a player may do now.  Sizes are on top of the call; ``raise_min``/``raise_max`` are
    ``None`` when he may not bet or raise (``is_bet``: nobody has bet yet, so it would be a bet)."""

    player: int
    to_call: int
    can_check: bool
    raise_min: int | None
    raise_max: int | None
    is_bet: bool
    all_in_only: bool = False

    def events(self, player: str) -> list[Event]:
        """The legal actions as events ``player`` could log (a bet or raise at its smallest and largest
        legal size): what a generator of legal hands, or a recorder's completion, picks from."""
        out: list[Event] = [Fold(player)]
        if self.can_check:
            out.append(Check(player))
        if self.to_call > 0:
            out.append(Call(player))
        if self.raise_min is not None and self.raise_max is not None:
            for size in dict.fromkeys((self.raise_min, self.raise_max)):
                out.append(Bet(player, size) if self.is_bet else Raise(player, size))
        return out

    def describe(self, stack: int) -> list[str]:
        """The legal actions in words: ``["fold", "call 2", "raise 1–2"]`` (English as strings, said in
        the reader's language where shown)."""
        out = [said_later("fold")]
        if self.can_check:
            out.insert(0, said_later("check"))
        if self.to_call > 0:
            out.append(said_later("call {amount}", amount=self.to_call) if self.to_call < stack
                       else said_later("call all in for {amount}", amount=stack))
        if self.raise_min is not None and self.raise_max is not None:
            low, high = self.raise_min, self.raise_max
            if self.all_in_only:
                out.append(said_later("bet all in ({amount})", amount=high) if self.is_bet
                           else said_later("raise all in ({amount})", amount=high))
            elif low == high:
                out.append(said_later("bet {amount}", amount=low) if self.is_bet
                           else said_later("raise {amount}", amount=low))
            else:
                out.append(said_later("bet {low}–{high}", low=low, high=high) if self.is_bet
                           else said_later("raise {low}–{high}", low=low, high=high))
        return out


class BettingRound:
    """One betting round.  Shares ``stacks`` and ``live`` (in the hand) with the hand it belongs to.

    ``first``: the seat that acts first; ``pot``: chips already in the middle (pot limit needs it).
    """

    def __init__(
        self, rules: BettingRules, table: Table, stacks: list[int], live: list[bool], first: int, pot: int,
        name: str = N_("betting round"),
    ) -> None:
        self.rules = rules
        self.table = table
        self.stacks = stacks
        self.live = live
        self.name = name
        self.order = tuple([s for s in table.order_from(first) if live[s]])
        self.bets = [0] * table.size
        with_chips = {s for s in self.order if stacks[s] > 0}
        self.pending: set[int] = with_chips if len(with_chips) > 1 else set()
        self.cursor = 0
        self.current = 0
        self.full_raise = rules.bet_min
        if rules.structure == "fixed_limit":
            assert rules.limit is not None  # BettingRules checks it
            self.full_raise = rules.limit
        self.acted: set[int] = set()
        self.short = 0
        self.raises = [0] * table.size
        self.total_raises = 0
        self.checked: set[int] = set()
        self.first_bettor: int | None = None
        self.last_aggressor: int | None = None
        self.pot = pot
        self.actions = 0
        self.turn: int | None = None  # whose turn it is: kept by _next_turn after every change
        self._next_turn()

    def copy_for(self, stacks: list[int], live: list[bool]) -> BettingRound:
        """This round as it stands, for a copy of its hand (whose ``stacks`` and ``live`` it shares)."""
        twin = BettingRound.__new__(BettingRound)
        twin.__dict__.update(self.__dict__)
        twin.stacks, twin.live = stacks, live
        twin.bets, twin.raises = self.bets.copy(), self.raises.copy()
        twin.pending, twin.acted, twin.checked = set(self.pending), set(self.acted), set(self.checked)
        return twin

    # ------------------------------------------------------------------ where the round stands

    def _next_turn(self) -> None:
        """Work out whose turn it is; called after every change of ``pending``, ``live`` or ``cursor``."""
        self.turn = None
        if not self.pending or self.live.count(True) <= 1:
            return
        order = self.order
        n = len(order)
        for k in range(n):
            seat = order[(self.cursor + k) % n]
            if seat in self.pending:
                self.turn = seat
                return

    @property
    def closed(self) -> bool:
        """True when nobody has to act any more (all matched, or one player left)."""
        return self.turn is None

    @property
    def to_act(self) -> int | None:
        """The seat whose turn it is, or ``None`` when the round is closed."""
        return self.turn

    def remove(self, seat: int) -> None:
        """``seat`` is out of the hand (``live`` already says so): nothing more to do for him."""
        self.pending.discard(seat)
        self._next_turn()

    def to_call(self, seat: int) -> int:
        """Chips ``seat`` needs to call (capped by his stack)."""
        need = self.current - self.bets[seat]
        return need if need < self.stacks[seat] else self.stacks[seat]

    def reopened_for(self, seat: int) -> bool:
        """False when ``seat`` already acted and only short all-ins came since: he may not raise."""
        return seat not in self.acted or self.short >= self.full_raise

    def _size_bounds(self, seat: int) -> tuple[int, int]:
        """The (min, max) size of a bet or raise by ``seat`` on top of his call, before his stack."""
        rules = self.rules
        call = self.current - self.bets[seat]
        if rules.structure == "spread_limit":
            assert rules.limit is not None
            return rules.bet_min, rules.limit
        if rules.structure == "fixed_limit":
            assert rules.limit is not None
            return rules.limit, rules.limit
        low = rules.bet_min if self.current == 0 else max(self.full_raise, rules.bet_min)
        if rules.structure == "pot_limit":
            high = self.pot + sum(self.bets) + call
            return low, max(low, high)
        return low, self.stacks[seat] - min(call, self.stacks[seat])

    def _cap_breach(self, seat: int, is_bet: bool) -> str | None:
        """Why the cap forbids a bet/raise by ``seat`` now, or ``None``."""
        rules = self.rules
        counts = (not is_bet) or rules.opening_bet_counts_as_raise
        if rules.cap_per_player is not None and counts and self.raises[seat] >= rules.cap_per_player:
            return ngettext("{player} has already raised {count} time this round",
                            "{player} has already raised {count} times this round", self.raises[seat]).format(
                player=self.table.names[seat], count=self.raises[seat])
        if rules.cap_per_round is not None and not is_bet and self.total_raises >= rules.cap_per_round:
            return ngettext("the round has had its {count} raise", "the round has had its {count} raises",
                            rules.cap_per_round).format(count=rules.cap_per_round)
        return None

    def legal(self, seat: int) -> LegalActions:
        """What ``seat`` may legally do now (whatever whose turn it is)."""
        stack = self.stacks[seat]
        call = self.to_call(seat)
        is_bet = self.current == 0
        can_check = call == 0 and self.current == self.bets[seat] and (self.current > 0 or self.rules.check_allowed)
        raise_min: int | None = None
        raise_max: int | None = None
        all_in_only = False
        room = stack - call
        may_raise = (
            room > 0
            and self.reopened_for(seat)
            and self._cap_breach(seat, is_bet) is None
            and (is_bet or self.rules.check_raise_allowed or seat not in self.checked)
        )
        if may_raise:
            low, high = self._size_bounds(seat)
            if room < low:
                raise_min = raise_max = room
                all_in_only = True
            else:
                raise_min, raise_max = low, min(high, room)
        return LegalActions(seat, call, can_check, raise_min, raise_max, is_bet, all_in_only)

    def legal_text(self, seat: int) -> str:
        return ", ".join(map(str, self.legal(seat).describe(self.stacks[seat])))

    # ------------------------------------------------------------------ judging

    def judge(self, seat: int, event: Event) -> Verdict:
        """Judge a betting event by ``seat`` without changing anything."""
        breaches: list[Breach] = []
        stack = self.stacks[seat]
        in_turn = self.turn == seat
        if not in_turn or stack == 0 or not self.live[seat]:
            refused = self._judge_turn(seat, breaches)
            if refused is not None:
                return refused
        current = self.current
        need = current - self.bets[seat]
        call = need if need < stack else stack  # to_call(seat)

        kind = type(event)  # the betting events are final classes: compare types, not isinstance
        if kind is Fold:
            return Verdict("fold", 0, breaches, in_turn)
        if need > 0 and kind is Call:  # a call is always legal (all in for less if short)
            return Verdict("call", call, breaches, in_turn)
        if kind is Check or (kind is Call and need == 0):
            if call <= 0 and (current > 0 or self.rules.check_allowed):
                return Verdict("check", 0, breaches, in_turn)
            return self._judge_bad_check(seat, call, breaches, in_turn)
        if kind is AllIn:
            chips = stack
        elif isinstance(event, Bet):
            chips = event.amount
            if current > 0:
                ids = self.rules.ids
                who = self.table.names[seat]
                message = _("{player} cannot bet: there is a bet of {bet}; {player} must call, raise or fold").format(
                    player=who, bet=current)
                if self.rules.fix == VOID:
                    return self._void(seat, breaches, in_turn, "bet_facing_bet", ids.no_check_after_bet, message)
                breaches.append(Breach("bet_facing_bet", ids.no_check_after_bet, message,
                                       ngettext("{player}'s {count} chip taken as put in",
                                                "{player}'s {count} chips taken as put in", chips).format(
                                           player=who, count=chips)))
        elif isinstance(event, Raise):
            chips = event.amount - self.bets[seat] if event.to else need + event.amount
            if chips <= need:  # his bet would not go above the bet to call
                ids = self.rules.ids
                message = _("{player}'s raise to {amount} is not above the bet of {bet}").format(
                    player=self.table.names[seat], amount=event.amount, bet=current)
                if self.rules.fix == VOID:
                    return self._void(seat, breaches, in_turn, "raise_not_above_bet", ids.limits, message)
                breaches.append(Breach("raise_not_above_bet", ids.limits, message,
                                       _("taken as a call of {call}").format(call=call)))
                return Verdict("call" if call else "check", call, breaches, in_turn)
        else:  # pragma: no cover - callers pass betting events only
            raise TypeError(f"not a betting event: {event!r}")
        return self._judge_chips(seat, chips, call, breaches, in_turn)

    def _judge_bad_check(self, seat: int, call: int, breaches: list[Breach], in_turn: bool) -> Verdict:
        """A check the round does not allow: after a bet (there is ``call`` to call), or in a round
        where nobody may check."""
        rules = self.rules
        ids = rules.ids
        who = self.table.names[seat]
        void = rules.fix == VOID
        if call > 0:
            message = _("{player} cannot check: {call} to call; legal: {legal}").format(
                player=who, call=call, legal=self.legal_text(seat))
            return self._remedy(seat, breaches, in_turn, "check_facing_bet", ids.no_check_after_bet, message, call,
                                rules.check_facing_bet, ids.check_facing_bet)
        message = _("{player} cannot check: nobody may check in this round (bet or drop)").format(player=who)
        if void:
            return self._void(seat, breaches, in_turn, "check_not_allowed", ids.check_allowed, message)
        breaches.append(Breach("check_not_allowed", ids.check_allowed, message, _("taken as a fold (he did not bet)")))
        return Verdict("fold", 0, breaches, in_turn)

    def _judge_turn(self, seat: int, breaches: list[Breach]) -> Verdict | None:
        """An action by a player who may not act now: the verdict that ignores or voids it, or
        ``None`` after noting the breach when it stands (binding out of turn)."""
        ids = self.rules.ids
        names = self.table.names
        who = names[seat]
        turn = self.turn
        if not self.live[seat]:
            return Verdict("none", 0, [Breach("acted_not_in_hand", ids.order,
                                              _("{player} is not in the hand and cannot act").format(player=who),
                                              _("ignored"))])
        if self.stacks[seat] == 0:
            return Verdict("none", 0, [Breach("acted_all_in", ids.order,
                                              _("{player} is all in and has nothing to do").format(player=who),
                                              _("ignored"))])
        if turn is None:
            return Verdict("none", 0, [Breach("acted_round_over", ids.order,
                                              _("the {round} is over: {player} cannot act").format(
                                                  round=_(self.name), player=who), _("ignored"))])
        message = _("{player} acted out of turn: {to_act} is to act").format(player=who, to_act=names[turn])
        if self.rules.fix == VOID:
            return Verdict("none", 0, [Breach("acted_out_of_turn", ids.order, message,
                                              _("void: {to_act} is still to act").format(to_act=names[turn]))])
        breaches.append(Breach("acted_out_of_turn", ids.order, message, _("the action stands (binding out of turn)")))
        return None

    def _remedy(
        self, seat: int, breaches: list[Breach], in_turn: bool, code: str, rule: str, message: str, call: int,
        choice: str | None, option: str,
    ) -> Verdict:
        """A breach whose remedy is a rulebook option of its own (a check facing a bet, a forbidden
        check-raise): ``must_act_again`` (void, he acts again), ``taken_as_call``, ``taken_as_fold``;
        ``None``: as ``common.illegal_fix`` says (void, or taken as a call)."""
        if choice is None:
            choice = "must_act_again" if self.rules.fix == VOID else "taken_as_call"
            option = ""
        cited = f" ({option})" if option else ""
        who = self.table.names[seat]
        if choice == "must_act_again":
            remedy = _("void: {player} must act again{option}; legal: {legal}").format(
                player=who, option=cited, legal=self.legal_text(seat))
            return Verdict("none", 0, breaches + [Breach(code, rule, message, remedy)], in_turn)
        if choice == "taken_as_fold":
            breaches.append(Breach(code, rule, message, _("taken as a fold") + cited))
            return Verdict("fold", 0, breaches, in_turn)
        breaches.append(Breach(code, rule, message, _("taken as a call of {call}").format(call=call) + cited))
        return Verdict("call", call, breaches, in_turn)

    def _void(self, seat: int, breaches: list[Breach], in_turn: bool, code: str, rule: str, message: str) -> Verdict:
        """``void_and_reprompt``: the action breaks ``rule``, nothing happens, he is still to act."""
        remedy = _("void: {player} is still to act; legal: {legal}").format(
            player=self.table.names[seat], legal=self.legal_text(seat))
        return Verdict("none", 0, breaches + [Breach(code, rule, message, remedy)], in_turn)

    def _refuse(
        self, seat: int, breaches: list[Breach], in_turn: bool, code: str, rule: str, message: str, adjusted: str,
        kind: str = "", put: int = 0,
    ) -> Verdict | None:
        """An action that breaks ``rule``: void it (``void_and_reprompt``), or note the ``adjusted``
        remedy and return the adjusted verdict (``kind``, ``put``); no ``kind``: ``None``, the caller
        adjusts the chips and goes on judging."""
        if self.rules.fix == VOID:
            return self._void(seat, breaches, in_turn, code, rule, message)
        breaches.append(Breach(code, rule, message, adjusted))
        return Verdict(kind, put, breaches, in_turn) if kind else None

    def _judge_chips(self, seat: int, chips: int, call: int, breaches: list[Breach], in_turn: bool) -> Verdict:
        """Judge putting ``chips`` in (a call, bet or raise by amount); ``call`` is :meth:`to_call`."""
        rules = self.rules
        ids = rules.ids
        who = self.table.names[seat]
        stack = self.stacks[seat]
        refuse = self._refuse

        if chips < 0:
            chips = 0
        if chips > stack:
            message = _("{player} put in {chips} but has only {stack} on the table (table stakes)").format(
                player=who, chips=chips, stack=stack)
            verdict = refuse(seat, breaches, in_turn, "over_table_stakes", ids.structure, message,
                             _("taken as all in for {stack}").format(stack=stack))
            if verdict is not None:
                return verdict
            chips = stack
        total = self.bets[seat] + chips
        if total < self.current:
            if chips == stack:
                return Verdict("call", chips, breaches, in_turn)
            message = _("{player} put in {chips}, short of the call of {call}").format(player=who, chips=chips, call=call)
            return refuse(  # type: ignore[return-value]
                seat, breaches, in_turn, "short_call", ids.no_check_after_bet, message,
                _("made up to a call of {call}").format(call=call),
                "call", call
            )
        if total == self.current:
            return Verdict("call" if chips else "check", chips, breaches, in_turn)

        is_bet = self.current == 0
        word = "bet" if is_bet else "raise"
        size = total - self.current
        all_in = chips == stack
        if not is_bet and not rules.check_raise_allowed and seat in self.checked:
            message = _("{player} checked earlier in this round and may not raise now").format(player=who)
            return self._remedy(seat, breaches, in_turn, "check_raise_forbidden", ids.check_raise, message, call,
                                rules.check_raise_breach, ids.check_raise_breach)
        if not self.reopened_for(seat):
            if self.short:
                message = _("{player} may not raise: only an all-in for less than a full raise came since {player} "
                            "acted").format(player=who)
            elif self.last_aggressor == seat:
                message = _("{player} may not raise: the last bet or raise is his own and nobody has raised "
                            "since").format(player=who)
            else:
                message = _("{player} may not raise: nobody has raised since {player} acted").format(player=who)
            return refuse(  # type: ignore[return-value]
                seat, breaches, in_turn, "raise_not_reopened", ids.structure, message,
                _("taken as a call of {call}").format(call=call),
                "call", call
            )
        capped = rules.cap_per_player is not None or rules.cap_per_round is not None
        cap = self._cap_breach(seat, is_bet) if capped else None
        if cap is not None:
            message = (_("{player} may not bet: {why}") if is_bet else _("{player} may not raise: {why}")).format(
                player=who, why=cap)
            as_call = _("taken as a call of {call}").format(call=call) if call else _("taken as a check")
            return refuse(  # type: ignore[return-value]
                seat, breaches, in_turn, "raise_cap_reached", ids.cap, message, as_call, "call" if call else "check", call
            )
        low, high = self._size_bounds(seat)
        if size > high:
            message = (_("{player}'s bet of {size} is over the limit of {limit}") if is_bet
                       else _("{player}'s raise of {size} is over the limit of {limit}")).format(
                player=who, size=size, limit=high)
            verdict = refuse(seat, breaches, in_turn, "bet_over_limit", ids.limits, message,
                             _("capped at {limit}").format(limit=high))
            if verdict is not None:
                return verdict
            size = high
            chips = self.current + size - self.bets[seat]
        elif size < low and not all_in:
            target = self.current + low - self.bets[seat]
            message = (_("{player}'s bet of {size} is under the minimum of {minimum}") if is_bet
                       else _("{player}'s raise of {size} is under the minimum of {minimum}")).format(
                player=who, size=size, minimum=low)
            if target >= stack:
                verdict = refuse(seat, breaches, in_turn, "bet_under_minimum", ids.limits, message,
                                 _("raised to all in for {stack}").format(stack=stack))
                if verdict is not None:
                    return verdict
                chips = stack
            else:
                verdict = refuse(seat, breaches, in_turn, "bet_under_minimum", ids.limits, message,
                                 _("raised to {minimum}").format(minimum=low))
                if verdict is not None:
                    return verdict
                chips = target
        return Verdict(word, chips, breaches, in_turn)

    # ------------------------------------------------------------------ applying

    def commit(self, seat: int, verdict: Verdict) -> None:
        """Apply a verdict from :meth:`judge` (``none`` changes nothing)."""
        kind = verdict.kind
        if kind == "none":
            return
        self.actions += 1
        if verdict.in_turn:
            self.cursor = (self.order.index(seat) + 1) % len(self.order)
        if kind == "fold":
            self.live[seat] = False
            self.pending.discard(seat)
            self._next_turn()
            return
        self.pending.discard(seat)
        if kind == "check":  # no chips move
            self.checked.add(seat)
            self.acted.add(seat)
            self._next_turn()
            return
        chips = verdict.chips
        self.stacks[seat] -= chips
        self.bets[seat] += chips
        if kind == "call":
            self.acted.add(seat)
            self._next_turn()
            return
        size = self.bets[seat] - self.current
        if kind == "bet":
            self.first_bettor = seat
            if self.rules.opening_bet_counts_as_raise:
                self.raises[seat] += 1
        else:
            self.raises[seat] += 1
            self.total_raises += 1
        self.last_aggressor = seat
        self.current = self.bets[seat]
        if size >= self.full_raise:
            if self.rules.structure in ("pot_limit", "no_limit"):
                self.full_raise = size
            self.acted = {seat}
            self.short = 0
        else:
            self.short += size
            if self.short >= self.full_raise:
                self.acted = {seat}
                self.short = 0
            else:
                self.acted.add(seat)
        self.pending = {s for s in self.order if self.live[s] and self.stacks[s] > 0 and s != seat}
        self._next_turn()

    def apply(self, seat: int, event: Event) -> Verdict:
        """Judge and commit in one step."""
        verdict = self.judge(seat, event)
        self.commit(seat, verdict)
        return verdict


# ------------------------------------------------------------------ a round's rules from the rulebook


_CAPS = {"per_player_3": (3, None), "bet_plus_4_raises_total": (None, 4), "none": (None, None)}


@functools.lru_cache(maxsize=512)
def round_rules(
    rulebook: Rules,
    prefix: str,
    limit: int,
    *,
    check_allowed: bool,
    order_rule: str,
    check_rule: str,
    no_check_rule: str,
    limits_rule: str,
) -> BettingRules:
    """A betting round's rules from the game's options (``<prefix>.betting``, ``.bet_min``, ``.raise_cap``,
    ``.opening_bet_counts_as_raise``, ``.check_raise``) and ``common.illegal_fix``.

    ``limit``: the round's spread/fixed limit; ``check_allowed``: whether a check is allowed while
    nobody has bet; the ``*_rule`` ids are cited for turn order, a check the round does not allow,
    a check after a bet, and bet sizes under spread or fixed limit.

    Remembered per rulebook and arguments: every hand of a night opens its rounds under the same
    rules, and the replay benchmark (``bench/replay.py``) shows building them for each hand to be a
    large part of replaying a short one.
    """
    o = rulebook.options
    per_player, per_round = _CAPS[str(o[f"{prefix}.raise_cap"])]
    structure = str(o[f"{prefix}.betting"])
    ids = BettingRuleIds(
        order=cite(rulebook, order_rule),
        no_check_after_bet=cite(rulebook, no_check_rule),
        limits=cite(rulebook, limits_rule) if structure == "spread_limit" else f"{prefix}.betting",
        structure=f"{prefix}.betting",
        cap=f"{prefix}.raise_cap",
        check_raise=f"{prefix}.check_raise",
        check_allowed=check_rule,
        check_facing_bet=f"{prefix}.check_facing_bet",
        check_raise_breach=f"{prefix}.check_raise_breach",
    )
    return BettingRules(
        structure=structure,
        bet_min=int(o[f"{prefix}.bet_min"]),
        limit=limit if structure in ("spread_limit", "fixed_limit") else None,
        cap_per_player=per_player,
        cap_per_round=per_round,
        opening_bet_counts_as_raise=o[f"{prefix}.opening_bet_counts_as_raise"] == "yes",
        check_allowed=check_allowed,
        check_raise_allowed=o[f"{prefix}.check_raise"] == "allowed",
        fix=str(o["common.illegal_fix"]),
        ids=ids,
        check_facing_bet=str(o[f"{prefix}.check_facing_bet"]),
        check_raise_breach=str(o[f"{prefix}.check_raise_breach"]),
    )
