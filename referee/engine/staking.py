"""Brag staking: the turn engine of three-card brag's one betting interval (rulebook ``three_card_brag``, seed-001).

A sibling of the poker :class:`~referee.engine.betting.BettingRound`, not a setting of it: brag has
no checking and no calls, a stake is the chips put in at a turn, a player who has seen his cards
pays double what a blind one pays, two players left may pay to *see*, and a player who runs out of
money *covers* the pot instead of going all in.

Stakes are kept in **seen units** (open point 10.11, ``docs/rulebooks.md``): a seen stake of N is worth N, a
blind stake of N is worth 2N.  ``stake`` is the current stake ``S``: a seen player must put in at
least ``S``, a blind player at least ``ceil(S/2)`` (a chip cannot be halved).  The limit
(``brag.limit``) bounds the *increase* over that, counted in the staker's own chips (brag.6,
brag.7.2: "only the increase is limited").  The systems (``brag.betting``):

* ``round`` (brag.7.1): no raising, one chip a turn (a blind player's 1 is worth 2, so after a blind
  stake every seen player puts in 2);
* ``bet_or_raise`` (brag.7.2): at least the full current stake each turn, whatever was put in before;
* ``poker`` (brag.7.3): each player's *total* in seen units must reach the highest total; the round
  ends when the totals are equal, with a showdown of everyone left;
* ``poker_antistall`` (brag.7.4): the same, but with three or more players left equal totals never
  end it (a call that would equalise them is refused; after a drop leaves them equal, whoever is to
  act must raise).

In the first two systems the betting ends when two players remain and one pays double his stake to
see the other (brag.4.4, brag.8.3, brag.8.4), or when one player is left.  A player covers (brag.9.1)
when he cannot make the stake, or right after a stake that took his last chip: his remaining chips go
in and he has no more turns; the game freezes the pot (:meth:`ThreeCardBrag.on_cover`).

Like the betting round, an illegal action is judged (:meth:`StakingRound.judge`, no change) and the
verdict applied (:meth:`StakingRound.commit`); the remedy is the rulebook's ``common.illegal_fix``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from referee.engine.actions import Action, Reading, parse_amount, verb
from referee.engine.betting import ADJUST, VOID, Breach, Verdict
from referee.engine.events import Check, Cover, Event, Fold, Look, See, Stake
from referee.engine.table import Table
from referee.errors import HandFileError
from referee.i18n import _, ngettext
from referee.i18n.said import said_later

if TYPE_CHECKING:
    from referee.engine.house import Rules

SYSTEMS = ("round", "bet_or_raise", "poker", "poker_antistall")
#: ``brag.limit``: the largest increase of one stake
LIMITS = {"1": 1, "1_to_5": 5, "1_to_10": 10}
#: the rule each system's stakes follow
SYSTEM_RULE = {"round": "brag.7.1", "bet_or_raise": "brag.7.2", "poker": "brag.7.3", "poker_antistall": "brag.7.4"}



def _see(r: Reading, p: str, m: re.Match[str]) -> See:
    target = r.resolve(m["name"]) if m["name"] else None
    if target == p:
        raise HandFileError(_("{player} sees himself").format(player=p), hint=_("write whom he saw: 'Ann: sees Bob for 4'"))
    return See(p, amount=parse_amount(m["n"], "amount to see"), target=target)


#: Brag staking's actions: their words in the hand format (``looks``, ``stake 2``, ``blind 1``, ``sees
#: Bob for 4``, ``covers``).
ACTIONS: tuple[Action, ...] = (
    Action(Look, verb("look"), lambda r, p, m: Look(p), lambda e, size: "looks"),
    Action(Stake, rf"(?:(?P<blind>blind)|{verb('stake')})\s+(?P<n>\S+)",
           lambda r, p, m: Stake(p, parse_amount(m["n"], "stake"), blind=bool(m["blind"])),
           lambda e, size: f"{'blind' if e.blind else 'stake'} {e.amount}", verbs=("blind", "stake")),
    Action(See, rf"{verb('see')}(?:\s+(?P<name>(?!for\b)\S+))?\s+for\s+(?P<n>\S+)", _see,
           lambda e, size: f"sees {e.target + ' ' if e.target else ''}for {e.amount}"),
    Action(Cover, rf"{verb('cover')}(?:\s+the\s+pot)?", lambda r, p, m: Cover(p), lambda e, size: "covers"),
)


def half_up(units: int) -> int:
    """What a blind player puts in against ``units`` seen units: half, rounded up (a chip cannot be halved)."""
    return -(-units // 2)


@dataclass(frozen=True, slots=True)
class StakingRules:
    """What the brag betting interval allows: the system, the largest increase, blind play and the fix."""

    system: str
    limit: int
    blind_allowed: bool
    blind_may_raise: bool
    fix: str

    def __post_init__(self) -> None:
        if self.system not in SYSTEMS:
            raise ValueError(f"unknown brag.betting {self.system!r}")
        if self.fix not in (ADJUST, VOID):
            raise ValueError(f"unknown common.illegal_fix {self.fix!r}")

    @property
    def poker(self) -> bool:
        """The poker systems: totals must be equal, no paid see."""
        return self.system in ("poker", "poker_antistall")

    @property
    def rule(self) -> str:
        """The rule id the system's stakes follow (brag.7.1 .. brag.7.4)."""
        return SYSTEM_RULE[self.system]


def staking_rules(rulebook: Rules, options: Mapping[str, object] | None = None) -> StakingRules:
    """The staking rules of a rulebook's ``brag.*`` options (``options`` instead, when given)."""
    o = options if options is not None else rulebook.options
    return StakingRules(
        system=str(o["brag.betting"]),
        limit=LIMITS[str(o["brag.limit"])],
        blind_allowed=o["brag.blind"] == "allowed",
        blind_may_raise=o["brag.blind_may_raise"] == "yes",
        fix=str(rulebook.options["common.illegal_fix"]),
    )


@dataclass(frozen=True, slots=True)
class StakeChoices:
    """What the player to act may do: drop; stake ``least``..``most`` (``most`` None: he cannot make
    the stake); see for ``see_cost`` (None: no see); cover; look first (a blind player)."""

    blind: bool
    least: int
    most: int | None
    see_cost: int | None
    see_target: str | None
    can_cover: bool
    can_look: bool

    def describe(self, stack: int) -> list[str]:
        out = [said_later("drop")]
        if self.most is not None:
            if self.most == self.least:
                out.append(said_later("blind {amount}", amount=self.least) if self.blind
                           else said_later("stake {amount}", amount=self.least))
            else:
                out.append(said_later("blind {low}–{high}", low=self.least, high=self.most) if self.blind
                           else said_later("stake {low}–{high}", low=self.least, high=self.most))
        if self.see_cost is not None:
            out.append(said_later("see {player} for {amount}", player=self.see_target, amount=self.see_cost))
        if self.can_cover:
            out.append(said_later("cover the pot"))
        if self.can_look:
            out.append(said_later("look (then stake as seen)"))
        return out

    def events(self, player: str) -> list[Event]:
        out: list[Event] = [Fold(player)]
        if self.most is not None:
            for n in dict.fromkeys((self.least, (self.least + self.most) // 2, self.most)):
                out.append(Stake(player, n, blind=self.blind))
        if self.see_cost is not None:
            out.append(See(player, self.see_cost, self.see_target))
        if self.can_cover:
            out.append(Cover(player))
        if self.can_look:
            out.append(Look(player))
        return out


class StakingRound:
    """Brag's one betting interval.  Shares ``stacks`` and ``live`` with its hand.

    ``bets``: each seat's chips in the pot open now (the game freezes it at a cover); ``put_in``:
    each seat's chips staked in the whole hand; ``totals``: in seen units (the poker systems).
    ``ended``: why the betting is over -- ``alone`` (one player left in the betting), ``see``,
    ``equal`` (poker systems) or ``cover`` (a cover left one player in the betting).
    """

    def __init__(self, rules: StakingRules, table: Table, stacks: list[int], live: list[bool], first: int,
                 cite: Callable[[str], str]) -> None:
        self.rules = rules
        self.table = table
        self.names = table.names
        self.stacks = stacks
        self.live = live
        self.cite = cite  # a rule id as the rulebook cites it
        self.order = tuple(s for s in table.order_from(first) if live[s])
        n = table.size
        self.bets = [0] * n
        self.put_in = [0] * n
        self.totals = [0] * n
        self.stake = 0  # S, in seen units
        # who raised the current stake by a blind stake and is blind still (brag.8.2 for a short seen one)
        self.blind_setter: int | None = None
        self.seen: set[int] = set() if rules.blind_allowed else set(self.order)
        self.covered: list[int] = []
        self.emptied: int | None = None  # whose own stake just took his last chip (he may cover at once)
        self.cursor = 0
        self.ended: str | None = None
        self.seer: int | None = None
        self.seen_player: int | None = None
        self.turn: int | None = None
        self._next_turn()

    def copy_for(self, stacks: list[int], live: list[bool]) -> StakingRound:
        twin = StakingRound.__new__(StakingRound)
        twin.__dict__.update(self.__dict__)
        twin.stacks, twin.live = stacks, live
        twin.bets, twin.put_in, twin.totals = self.bets.copy(), self.put_in.copy(), self.totals.copy()
        twin.seen, twin.covered = set(self.seen), self.covered.copy()
        return twin

    # ------------------------------------------------------------------ where the betting stands

    def active(self) -> list[int]:
        """The players still in the betting, in order of play (not dropped, not covered)."""
        covered = self.covered
        return [s for s in self.order if self.live[s] and s not in covered]

    @property
    def closed(self) -> bool:
        return self.turn is None

    def is_blind(self, seat: int) -> bool:
        return seat not in self.seen

    def top(self) -> int:
        """The highest total in seen units (the poker systems)."""
        return max(self.totals)

    def _next_turn(self) -> None:
        self.turn = None
        if self.ended is not None:
            return
        order, covered, live = self.order, self.covered, self.live
        n = len(order)
        for k in range(n):
            seat = order[(self.cursor + k) % n]
            if live[seat] and seat not in covered:
                self.turn = seat
                return

    def _settle(self, covered_now: bool = False) -> None:
        """After a drop, stake or cover: is the betting over?  Then whose turn it is."""
        active = self.active()
        if len(active) <= 1:
            self.ended = "cover" if covered_now else "alone"
        elif self.rules.poker and self.top() > 0 and (self.rules.system == "poker" or len(active) == 2):
            top = self.top()
            if all(self.totals[s] == top for s in active):
                self.ended = "equal"
        self._next_turn()

    def look(self, seat: int) -> None:
        """``seat`` looks at his cards: from now on he stakes as a seen player (brag.8.2), and a stake he
        set blind is no longer a blind stake to double."""
        self.seen.add(seat)
        if seat == self.blind_setter:
            self.blind_setter = None

    def remove(self, seat: int) -> None:
        """``seat`` is out of the hand (``live`` already says so)."""
        self._settle()

    def need(self, seat: int) -> int:
        """The stake ``seat`` must match, in seen units: the current stake, or (poker) the highest
        total less his own."""
        if self.rules.poker:
            return self.top() - self.totals[seat]
        return self.stake

    def bounds(self, seat: int) -> tuple[int, int]:
        """(least, most): the chips ``seat`` may stake now to stay in; ``most`` is ``least`` when
        he may not raise.  (His stack is not taken into account.)"""
        rules = self.rules
        blind = self.is_blind(seat)
        need = self.need(seat)
        base = half_up(need) if blind else need
        least = max(base, 1)
        opening = (self.top() if rules.poker else self.stake) == 0
        may_raise = rules.system != "round" and (not blind or rules.blind_may_raise or opening)
        most = base + rules.limit if may_raise else least
        return least, most

    def stay_in(self, seat: int) -> int:
        """The least ``seat`` must stake to stay in: the call, or one chip more where anti-stall forbids it."""
        least, _ = self.bounds(seat)
        return least + 1 if self.forbids_call(seat, least) else least

    def forbids_call(self, seat: int, chips: int) -> bool:
        """brag.7.4 (a): with three or more in, a stake that only makes every total equal is refused."""
        if self.rules.system != "poker_antistall":
            return False
        active = self.active()
        if len(active) < 3 or seat not in active:
            return False
        after = self.totals[seat] + (2 * chips if self.is_blind(seat) else chips)
        top = self.top()
        return after == top and all(self.totals[s] == top for s in active if s != seat)

    def see_cost(self, seat: int) -> int:
        """What a see costs ``seat``: double his own stake (brag.7.1, brag.7.2, brag.see_cost)."""
        base = half_up(self.stake) if self.is_blind(seat) else self.stake
        return 2 * max(base, 1)

    def other(self, seat: int) -> int | None:
        """The other player in the betting when ``seat`` is one of two."""
        active = self.active()
        if len(active) == 2 and seat in active:
            return active[1] if active[0] == seat else active[0]
        return None

    def legal(self, seat: int) -> StakeChoices:
        """What ``seat`` may do now (whatever whose turn it is)."""
        stack = self.stacks[seat]
        _, most = self.bounds(seat)
        least = self.stay_in(seat)
        blind = self.is_blind(seat)
        can_stake = stack >= least and least <= most
        see_cost: int | None = None
        target: str | None = None
        other = self.other(seat)
        if not self.rules.poker and other is not None and self.stake > 0:
            cost = self.see_cost(seat)
            if (blind or not self.is_blind(other)) and stack >= cost:
                see_cost, target = cost, self.names[other]
        return StakeChoices(
            blind, least, min(most, stack) if can_stake else None, see_cost, target,
            stack < least, blind,
        )

    # ------------------------------------------------------------------ judging

    def judge(self, seat: int, event: Event) -> Verdict:
        """Judge a staking event by ``seat`` (fold, check, stake, see, cover) without changing anything."""
        breaches: list[Breach] = []
        in_turn = self.turn == seat
        kind = type(event)
        if not in_turn and not (kind is Cover and seat == self.emptied and self.ended is None):
            refused = self._judge_turn(seat, breaches)
            if refused is not None:
                return refused
        if kind is Fold:
            return Verdict("fold", 0, breaches, in_turn)
        if kind is Check:
            message = _("{player} cannot check: there is no checking in brag, he must stake or drop").format(
                player=self.names[seat])
            return self._refuse(breaches, in_turn, "check_not_allowed", self.cite("brag.4.3"), message,
                                _("taken as a drop (he put nothing in)"), "fold")
        if isinstance(event, Stake):
            return self._judge_stake(seat, event.amount, event.blind, breaches, in_turn)
        if isinstance(event, See):
            return self._judge_see(seat, event, breaches, in_turn)
        if kind is Cover:
            return self._judge_cover(seat, breaches, in_turn)
        raise TypeError(f"not a staking event: {event!r}")  # pragma: no cover - callers pass staking events

    def _refuse(self, breaches: list[Breach], in_turn: bool, code: str, rule: str, message: str, adjusted: str,
                kind: str = "", chips: int = 0) -> Verdict | None:
        """An action that breaks ``rule``: void it (``void_and_reprompt``), or note the ``adjusted``
        remedy and return the adjusted verdict (no ``kind``: ``None``, the caller goes on judging)."""
        if self.rules.fix == VOID:
            return Verdict("none", 0, breaches + [Breach(code, rule, message, _("void: he acts again"))], in_turn)
        breaches.append(Breach(code, rule, message, adjusted))
        return Verdict(kind, chips, breaches, in_turn) if kind else None

    def _judge_turn(self, seat: int, breaches: list[Breach]) -> Verdict | None:
        """An action by a player who may not act now: ignored or void, or noted and standing
        (binding out of turn) -- then ``None``."""
        who = self.names[seat]
        order = self.cite("brag.4.2")
        if not self.live[seat]:
            return Verdict("none", 0, [Breach("acted_not_in_hand", self.cite("brag.4.3"),
                                                   _("{player} has dropped out and cannot act").format(player=who),
                                                   _("ignored"))], False)
        if seat in self.covered:
            return Verdict("none", 0, [Breach("acted_after_cover", self.cite("brag.9.3"),
                                                   _("{player} has covered the pot and has no more turns").format(
                                                       player=who), _("ignored"))],
                                False)
        if self.turn is None:
            return Verdict("none", 0, [Breach("acted_round_over", self.cite("brag.4.4"),
                                                   _("the betting is over: {player} cannot act").format(player=who),
                                                   _("ignored"))], False)
        message = _("{player} acted out of turn: {to_act} is to act").format(player=who, to_act=self.names[self.turn])
        if self.rules.fix == VOID:
            return Verdict("none", 0, [Breach("acted_out_of_turn", order, message,
                                                   _("void: {to_act} is still to act").format(
                                                       to_act=self.names[self.turn]))], False)
        breaches.append(Breach("acted_out_of_turn", order, message, _("the action stands (binding out of turn)")))
        return None

    def _short_rule(self, seat: int) -> str:
        """The rule a short stake breaks: brag.8.2 when a seen player failed to double a blind stake
        (its staker not having looked since), else the system's own rule."""
        if self.blind_setter is not None and not self.is_blind(seat):
            return self.cite("brag.8.2")
        return self.cite(self.rules.rule)

    def _judge_stake(self, seat: int, amount: int, logged_blind: bool, breaches: list[Breach],
                     in_turn: bool) -> Verdict:
        rules = self.rules
        who = self.names[seat]
        blind = self.is_blind(seat)
        if logged_blind and not blind:
            if rules.blind_allowed:
                code, rule = "blind_after_look", self.cite("brag.8.5")
                why = _("{player} logged a blind stake after looking").format(player=who)
            else:
                code, rule = "blind_not_allowed", "brag.blind"
                why = _("{player} staked blind, but this rulebook has no blind play").format(player=who)
            refused = self._refuse(breaches, in_turn, code, rule, why,
                                   _("taken as a seen stake of {amount}").format(amount=amount))
            if refused is not None:
                return refused
        stack = self.stacks[seat]
        least, most = self.bounds(seat)
        chips = max(amount, 0)
        if chips > stack:
            refused = self._refuse(breaches, in_turn, "over_table_stakes", self.cite("brag.9.3"),
                                   _("{player} staked {chips} but has only {stack}").format(
                                       player=who, chips=chips, stack=stack),
                                   ngettext("taken as his {count} chip", "taken as his {count} chips", stack).format(
                                       count=stack))
            if refused is not None:
                return refused
            chips = stack
        if chips < least:
            short = (_("{player}'s blind stake of {chips} is short of the {least} he must put in to stay in") if blind
                     else _("{player}'s stake of {chips} is short of the {least} he must put in to stay in")).format(
                player=who, chips=chips, least=least)
            if stack < least:  # he cannot make the stake: he covers with what he has (brag.9.3)
                return self._refuse(breaches, in_turn, "stake_short", self._short_rule(seat), short,  # type: ignore[return-value]
                                    _("he has only {stack}: taken as covering the pot").format(stack=stack), "cover",
                                    stack)
            refused = self._refuse(breaches, in_turn, "stake_short", self._short_rule(seat), short,
                                   _("made up to {least}").format(least=least))
            if refused is not None:
                return refused
            chips = least
        if chips > least and most == least:
            if rules.system == "round":
                code, rule = "stake_not_round", self.cite("brag.7.1")
                message = _("{player} put in {chips}: in the round system each turn is {least}").format(
                    player=who, chips=chips, least=least)
            else:
                code, rule = "blind_raise_forbidden", "brag.blind_may_raise"
                message = _("{player} raised blind to {chips}; a blind player may only put in the blind stake of "
                            "{least}").format(player=who, chips=chips, least=least)
            refused = self._refuse(breaches, in_turn, code, rule, message,
                                   _("taken as {least}; the rest goes back").format(least=least))
            if refused is not None:
                return refused
            chips = least
        if chips > most:
            message = (_("{player}'s blind stake of {chips} raises by more than the limit of {limit}") if blind
                       else _("{player}'s stake of {chips} raises by more than the limit of {limit}")).format(
                player=who, chips=chips, limit=rules.limit)
            refused = self._refuse(breaches, in_turn, "bet_over_limit", self.cite("brag.6"), message,
                                   _("capped at {most}; the excess goes back").format(most=most))
            if refused is not None:
                return refused
            chips = most
        if self.forbids_call(seat, chips):
            message = (_("{player}'s blind stake of {chips} only makes the stakes of the {count} players in equal; he "
                         "must raise or drop") if blind
                       else _("{player}'s stake of {chips} only makes the stakes of the {count} players in equal; he "
                              "must raise or drop")).format(player=who, chips=chips, count=len(self.active()))
            raised = chips + 1
            if raised > stack:  # he cannot stay in: he covers with what he has (brag.9.3)
                return self._refuse(breaches, in_turn, "call_equalises_stakes", self.cite("brag.7.4"), message,  # type: ignore[return-value]
                                    _("he has only {stack}: taken as covering the pot").format(stack=stack), "cover",
                                    stack)
            refused = self._refuse(breaches, in_turn, "call_equalises_stakes", self.cite("brag.7.4"), message,
                                   _("made a raise of one chip ({stake})").format(stake=raised))
            if refused is not None:
                return refused
            chips = raised
        return Verdict("stake", chips, breaches, in_turn)

    def _judge_see(self, seat: int, event: See, breaches: list[Breach], in_turn: bool) -> Verdict:
        rules = self.rules
        who = self.names[seat]
        if rules.poker:  # no paid see: the chips are a stake (brag.7.3)
            return self._judge_stake(seat, event.amount, False, breaches, in_turn)
        active = self.active()
        other = self.other(seat)
        def as_stake() -> str:
            return _("taken as a stake of {amount}, not a see").format(amount=event.amount)

        if other is None:
            message = _("{player} cannot see: a showdown needs two players left, and {count} are in").format(
                player=who, count=len(active))
            refused = self._refuse(breaches, in_turn, "see_not_heads_up", self.cite("brag.4.4"), message, as_stake())
            return refused or self._judge_stake(seat, event.amount, False, breaches, in_turn)
        if self.stake == 0:
            message = _("{player} cannot see: nobody has staked yet").format(player=who)
            refused = self._refuse(breaches, in_turn, "see_nothing_staked", self.cite(rules.rule), message, as_stake())
            return refused or self._judge_stake(seat, event.amount, False, breaches, in_turn)
        if not self.is_blind(seat) and self.is_blind(other):
            message = _("{player} has seen his cards and may not pay to see {other}, who is blind; he must stake "
                        "again or drop").format(player=who, other=self.names[other])
            refused = self._refuse(breaches, in_turn, "seen_sees_blind", self.cite("brag.8.3"), message, as_stake())
            return refused or self._judge_stake(seat, event.amount, False, breaches, in_turn)
        if event.target is not None and event.target != self.names[other]:
            breaches.append(Breach("see_wrong_target", self.cite("brag.4.4"),
                                   _("{player} sees {target}, but the other player left is {other}").format(
                                       player=who, target=event.target, other=self.names[other]),
                                   _("taken as a see of {other}").format(other=self.names[other])))
        # a see between the two left is the system's own rule ("double the amount to see"), whoever staked blind
        cost = self.see_cost(seat)
        stack = self.stacks[seat]
        if stack < cost:
            message = _("{player} has {stack}, less than the {cost} a see costs him").format(
                player=who, stack=stack, cost=cost)
            return self._refuse(breaches, in_turn, "see_short", self.cite(rules.rule), message,  # type: ignore[return-value]
                                _("taken as covering the pot"), "cover", stack)
        if event.amount != cost:
            code = "see_short" if event.amount < cost else "see_over_cost"
            message = _("{player} sees for {amount}; a see costs him {cost}, double his stake").format(
                player=who, amount=event.amount, cost=cost)
            fixed = (_("made up to {least}").format(least=cost) if code == "see_short"
                     else _("taken as a see for {cost}; the excess goes back").format(cost=cost))
            refused = self._refuse(breaches, in_turn, code, self.cite(rules.rule), message, fixed)
            if refused is not None:
                return refused
        return Verdict("see", cost, breaches, in_turn)

    def _judge_cover(self, seat: int, breaches: list[Breach], in_turn: bool) -> Verdict:
        stack = self.stacks[seat]
        least = self.stay_in(seat)
        if stack >= least:
            message = ngettext("{player} covers the pot with {count} chip, enough for the stake of {least}",
                               "{player} covers the pot with {count} chips, enough for the stake of {least}",
                               stack).format(player=self.names[seat], count=stack, least=least)
            refused = self._refuse(breaches, in_turn, "cover_with_chips", self.cite("brag.9.3"), message,
                                   _("the cover stands as logged: all his chips go in"))
            if refused is not None:
                return refused
        return Verdict("cover", stack, breaches, in_turn)

    # ------------------------------------------------------------------ applying

    def commit(self, seat: int, verdict: Verdict) -> None:
        """Apply a verdict from :meth:`judge` (``none`` changes nothing)."""
        kind = verdict.kind
        if kind == "none":
            return
        if verdict.in_turn:
            self.cursor = (self.order.index(seat) + 1) % len(self.order)
        self.emptied = None
        if kind == "fold":
            self.live[seat] = False
            self._settle()
            return
        chips = verdict.chips
        blind = self.is_blind(seat)
        worth = 2 * chips if blind else chips
        self.stacks[seat] -= chips
        self.bets[seat] += chips
        self.put_in[seat] += chips
        top = self.top()
        self.totals[seat] += worth
        if kind == "cover":
            self.covered.append(seat)
            self._settle(covered_now=True)
            return
        if kind == "see":
            self.ended = "see"
            self.seer, self.seen_player = seat, self.other(seat)
            self._next_turn()
            return
        if self.rules.poker:
            if self.totals[seat] > top:
                self.blind_setter = seat if blind else None
        elif worth > self.stake:
            self.stake = worth
            self.blind_setter = seat if blind else None
        if self.stacks[seat] == 0:
            self.emptied = seat
        self._settle()

    def apply(self, seat: int, event: Event) -> Verdict:
        """Judge and commit in one step."""
        verdict = self.judge(seat, event)
        self.commit(seat, verdict)
        return verdict
