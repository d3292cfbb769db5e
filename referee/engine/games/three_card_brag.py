"""Three-card Brag (rulebook ``three_card_brag``, seed-001): blind and seen stakes, seeing, covering the pot.

Phases: the ante (brag.ante, no line) -> ``betting`` (the :class:`~referee.engine.staking.StakingRound`)
-> ``showdown`` (after a see, equal poker stakes, or a cover) or ``over`` (one player left).

Covering (brag.9): a cover freezes the pot open at that moment into a closed pot for the players
still in (``brag.cover_main_pot = all_money_before_cover``), or, poker-style, the pots are cut at the
end at each coverer's total (``poker_equalised_side_pot``).  The pots are decided from the last one
back to the main pot: the open pot by its see (or by equal stakes, or as the last player's), each
closed pot by its claimants' hands (``brag.cover_main_contest``, ``brag.cover_tie``).  A player who
dropped has no claim to any pot; a pot whose claimant never showed his hand is undecided and the
finding names him (never a guess).

Across hands the game carries whether the next deal must be shuffled (a prial was shown, brag.5)
and, under ``brag.blind_uncontested = pot_carries_blind_keeps_hand``, who keeps his unseen hand.
"""

from __future__ import annotations

from types import MappingProxyType

from collections.abc import Mapping
from dataclasses import dataclass, replace

from referee.cards import Card, card, format_cards
from referee.engine.events import Check, Cover, Deal, Event, Expose, Fold, Look, Misdeal, Muck, See, Show, Stake, \
    TakePot
from referee.engine.games.common import BRAG_BETTING, TABLE
from referee.engine.outcome import Carry, Outcome, PotResult
from referee.engine.pots import split_pot
from referee.engine.staking import StakingRound, staking_rules
from referee.engine.state import HandSetup, HandState, Prompt, handles
from referee.engine.options import CHIPS, choice, whole_number
from referee.engine.findings import FindingKind, JudgedLater
from referee.ranking.brag import BragCategory, BragRules, BragValue, evaluate_brag
from referee.i18n import N_, _
from referee.i18n.said import said_later

#: The outcome kind of a deal whose pot stays for the next one (a blind player left alone under
#: ``brag.blind_uncontested = pot_carries_blind_keeps_hand``; seven- and nine-card brag use it too).
CARRIED = "carried"


@dataclass(frozen=True, slots=True)
class BragCarry(Carry):
    """Three-card brag's carry: whether the next deal is due for a shuffle (a prial was shown), and
    the player who keeps his unseen hand for it (with its cards, when the log knew them)."""

    shuffle_due: bool = False
    kept_blind_hand: str | None = None
    kept_cards: tuple[str, ...] = ()


def brag_rules(options: Mapping[str, object]) -> BragRules:
    """The ranking options of a three-card brag rulebook (brag.2.3, brag.3)."""
    return BragRules(
        top_prial=3 if options["brag.top_prial"] == "333" else None,
        wild=str(options["brag.wild"]),
        natural_beats_wild=options["brag.natural_beats_wild"] == "yes",
    )


@dataclass(frozen=True, slots=True)
class ShowChoices:
    """The showdown: the player to show lays his hand face up (its cards when the log knows them) or,
    where conceding is allowed, mucks."""

    cards: tuple[Card, ...] | None
    may_muck: bool = True

    def describe(self, stack: int) -> list[str]:
        shown = said_later("show {cards}", cards=format_cards(self.cards)) if self.cards else said_later("show")
        return [shown] + ([said_later("muck")] if self.may_muck else [])

    def events(self, player: str) -> list[Event]:
        return ([Show(player, self.cards)] if self.cards else []) + ([Muck(player)] if self.may_muck else [])


class ThreeCardBrag(HandState[BragCarry]):
    """One hand of Three-card Brag."""

    name = "three_card_brag"
    title = "Three-card Brag"
    aliases = ("brag",)
    prefix = "brag"
    phase_words = {"betting": N_("the betting")}
    #: the finding codes this game's own rulings flag, each with its kind and meaning
    finding_codes: Mapping[str, tuple[FindingKind, str]] = MappingProxyType({
        "deal_not_shuffled": ("illegal_action", N_("a deal after a shown prial that was not shuffled")),
        "kept_hand_dealt": ("note", N_("cards dealt to the player who keeps his blind hand from the last deal")),
    })
    #: the house-rule options of this game, read through the rulebook
    house_options = (
        choice("brag.betting", "bet_or_raise | round | poker | poker_antistall",
               "the betting system", "seed-001"),
        choice("brag.limit", "1_to_5 | 1 | 1_to_10", "size of a bet or raise", "seed-001"),
        whole_number("brag.ante", 1, 0, CHIPS, "chips each player antes before each deal (0: no ante)", "seed-001"),
        choice("brag.top_prial", "333 | AAA", "the highest prial", "seed-001; pagat-brag; wiki-3cb"),
        choice("brag.wild", "none | deuces | braggers_AD_JC_9D", "wild cards", "seed-001", pins="10.10"),
        choice("brag.natural_beats_wild", "yes | no",
               "whether a hand without wild cards beats an equal hand with them", "seed-001"),
        choice("brag.blind", "allowed | not_allowed", "whether a player may play blind", "seed-001"),
        choice("brag.blind_may_raise", "yes | no", "whether a blind player may raise", "seed silent; 3cb-me"),
        choice("brag.see_cost", "double_own_stake", "what a seen player pays each turn",
               "seed-001; wiki-3cb", pins="10.11"),
        choice("brag.seen_may_see_blind", "no", "whether a seen player may pay to see a blind one",
               "seed-001; pagat-brag; wiki-3cb"),
        choice("brag.tie_at_see", "seer_loses | split", "who wins equal hands at a two-player see",
               "pagat-brag; wiki-3cb; seed silent", pins="10.13"),
        choice("brag.blind_uncontested", "takes_pot | pot_carries_blind_keeps_hand",
               "what a blind player left alone receives", "seed-001; wiki-3cb; misery"),
        choice("brag.cover_main_pot", "all_money_before_cover | poker_equalised_side_pot",
               "what the main pot holds when a player covers", "seed-001; misery", pins="10.12"),
        choice("brag.cover_main_contest", "best_of_coverer_and_side_pot_finalists | side_pot_winner_vs_coverer",
               "who contests the main pot after a cover", "seed-001; misery", pins="10.12"),
        choice("brag.cover_tie", "side_pot_winner | split", "who wins a tie for the main pot after a cover",
               "misery; seed silent"),
        choice("brag.cover_heads_up", "ends_betting_show", "a cover when only two players are left",
               "misery; seed silent"),
        choice("brag.shuffle", "after_prial_only | every_deal", "when the pack is shuffled", "seed-001"),
        choice("brag.runs_wrap", "no", "whether a run may go round the corner (2-A-K)", "pagat-brag"),
    )
    hand_size = 3
    events = {**TABLE, **BRAG_BETTING}
    #: The words its players say at the table, each with the hand format's words it stands for: what
    #: the table's prompt, hints and did-you-mean offer.  Seed 001: a player "не может «спасовать»"
    #: and stay in (пас: he drops), stakes «втемную» (blind), and doubles the stake to see
    #: («вскрыть» the other's cards); there is no checking.
    table_words: Mapping[str, str] = MappingProxyType({
        "drop": "folds", "пас": "folds", "blind": "blind", "втемную": "blind", "stake": "stake",
        "look": "looks", "see": "sees", "вскрыть": "sees", "cover": "covers", "show": "shows", "muck": "mucks",
    })
    after_end = frozenset({Show, Muck, TakePot, Look})
    #: a stake after the betting is over is judged by the staking round (acted_round_over) in every phase
    gated_phases: frozenset[str] = frozenset()
    turns = StakingRound
    carry_type = BragCarry
    #: the rules a dispute cites by topic when the log shows nothing broken
    dispute_rules: Mapping[str, tuple[str, ...]] = MappingProxyType({
        "over_limit": ("brag.limit", "brag.betting"),
        "see": ("brag.4.4", "brag.8.3", "brag.seen_may_see_blind"),
        "cover": ("brag.cover_main_contest", "brag.cover_main_pot", "brag.9.3"),
    })

    def __init__(self, setup: HandSetup, voided: frozenset[int] = frozenset()) -> None:
        self.covers: list[int] = []  # the coverers, in order
        self.cover_claims: list[tuple[int, ...]] = []  # who may win the pot each cover closed
        self.ante_paid: list[int] = []
        self.carried_in = 0
        self.prial_shown = False
        self.kept: int | None = None  # the seat playing a hand kept blind from the last deal
        self.carried_for: int | None = None  # the blind player left alone whose pot carries
        super().__init__(setup, voided)

    # ------------------------------------------------------------------ start

    def begin(self) -> None:
        o = self.options
        self.ranking = brag_rules(o)
        dealt = [s for s in range(self.n) if self.dealt_in[s]]
        ante = int(o["brag.ante"])
        self.ante_paid = [0] * self.n
        self.carried_in = self.pot.dead
        if ante and not self.carry_in.antes_in:
            for s in dealt:
                before = self.stacks[s]
                self.post_ante(s, ante, "brag.ante")
                self.ante_paid[s] = before - self.stacks[s]
        carry = self.carry_in
        if carry.shuffle_due and o["brag.shuffle"] == "after_prial_only" and not self.setup.shuffled:
            dealer = self.table.dealer
            self.flag("deal_not_shuffled",
                      _("a prial was shown in the last deal, but {player} dealt without shuffling").format(player=self.names[dealer]),
                      "brag.5", player=dealer, action=False, remedy=_("the hand stands"))
        kept = self.table.index.get(carry.kept_blind_hand or "")
        if kept is not None and self.dealt_in[kept]:
            self.kept = kept
            self.deal_to(kept, [card(t) for t in carry.kept_cards])
        first = self.table.next_in(self.table.after(self.table.dealer), set(dealt))
        assert first is not None
        self.round = StakingRound(staking_rules(self.rulebook), self.table, self.stacks, self.live, first,
                                  self.cite)
        self.phase = "betting"

    @property
    def staking(self) -> StakingRound:
        """The stakes under way (the game's one turn engine)."""
        assert isinstance(self.round, StakingRound)
        return self.round

    def bank_round(self) -> None:
        """Brag stakes are never handed back (there is no uncalled bet): the open pot's stakes join the
        hand's contributions, and the betting goes on (a cover closes the pot mid-round)."""
        rnd = self.round
        if rnd is None:
            return
        self.pot.bank(rnd.bets)
        rnd.bets = [0] * self.n

    def over_reason(self) -> str:
        return "one player is left" if self.phase == "over" else self.phase

    # ------------------------------------------------------------------ the betting

    @handles(Fold, Check, Stake, See, Cover)
    def on_staking(self, seat: int, event: Event) -> None:
        rnd = self.staking
        verdict = rnd.judge(seat, event)
        for breach in verdict.breaches:
            self.flag(breach.code, breach.message, breach.rule, player=seat, remedy=breach.remedy)
        rnd.commit(seat, verdict)
        if verdict.kind == "cover":
            self.on_cover(seat)
        self.after_betting_change()

    def after_betting_change(self) -> None:
        if self.staking.ended is not None and self.phase == "betting":
            if self.staking.ended == "alone" and not self.covers:
                self.ended = "uncontested"
            else:
                self.phase = "showdown"

    def judged_later(self) -> Mapping[str, JudgedLater]:
        """brag.9.2: who contests each pot after a cover is known at the end, when the last two show."""
        later = dict(super().judged_later())
        if self.covers and self.phase == "betting":
            later["cover"] = JudgedLater("brag.9.2", _("who contests each pot after a cover is known at the end of "
                                                       "the betting: the last two show for the side pot, and those "
                                                       "two and the coverer for the main pot"))
        return later

    def on_cover(self, seat: int) -> None:
        """brag.9.1: the pot open now is closed for the players still in (the coverer among them);
        later stakes go to a side pot.  Under ``poker_equalised_side_pot`` the pots are cut at the end."""
        claims = tuple(s for s in self.staking.order if self.live[s] and s not in self.covers)
        self.covers.append(seat)
        self.cover_claims.append(claims)
        if self.options["brag.cover_main_pot"] == "all_money_before_cover":
            self.close_pot(claims)

    @handles(Look)
    def on_look(self, seat: int, event: Look) -> None:
        """A look is not a turn: from now on he stakes as a seen player (brag.8.2)."""
        self.staking.look(seat)

    # ------------------------------------------------------------------ cards

    @handles(Deal)
    def on_deal(self, seat: int, event: Deal) -> None:
        who = self.names[seat]
        if any(self.staking.put_in):
            self.flag("dealt_during_betting", _("cards dealt to {player} after the betting began").format(player=who), self.cite("brag.4.1"),
                      player=seat)
        if seat == self.kept:
            self.flag("kept_hand_dealt", _("{player} keeps his unseen hand from the last deal, but the log deals to him").format(player=who),
                      "brag.blind_uncontested", player=seat)
        if not self.dealt_in[seat]:
            self.flag("dealt_not_in_deal", _("{player} has no chips and is not in this deal but was dealt cards").format(player=who),
                      self.cite("brag.4.1"), player=seat)
        self.deal_to(seat, event.cards)

    @handles(Show)
    def on_show(self, seat: int, event: Show) -> None:
        who = self.names[seat]
        if self.phase == "betting" and self.live[seat] and seat not in self.covers:
            self.flag("showed_during_play", _("{player} showed his hand during the betting").format(player=who), player=seat)
        self.show(seat, event.cards)
        hand = self.shown.get(seat)
        if hand is not None and self.value(hand).category is BragCategory.PRIAL:
            self.prial_shown = True

    @handles(Muck)
    def on_muck(self, seat: int, event: Muck) -> None:
        """A player who mucks concedes every pot; during the betting it is a drop."""
        self.mucked.add(seat)
        if self.phase == "betting" and self.live[seat] and seat not in self.covers:
            self.flag("mucked_outside_showdown", _("{player} mucked during the betting: taken as a drop").format(player=self.names[seat]),
                      player=seat)
            self.put_out(seat)
            self.after_betting_change()

    @handles(Expose)
    def on_expose(self, seat: int, event: Expose) -> None:
        self.flag("card_exposed_plays", _("{player}'s card {card} was exposed: brag has no misdeal, the card plays").format(player=self.names[seat], card=event.card), player=seat)

    @handles(Misdeal)
    def on_misdeal(self, seat: None, event: Misdeal) -> None:
        reason = f" ({event.reason})" if event.reason else ""
        self.flag("misdeal_refused", _("a misdeal was called{reason}, but the brag rulebook has no misdeal").format(reason=reason),
                  remedy=_("ignored: the hand plays on"))

    @handles(TakePot)
    def on_take_pot(self, seat: int, event: TakePot) -> None:
        """Raking the pot decides nothing: the pots go by the rules."""
        if self.phase == "betting":
            self.flag("took_pot_early", _("{player} took the pot before the hand was over").format(player=self.names[seat]), player=seat)

    def value(self, hand: tuple[Card, ...]) -> BragValue:
        return evaluate_brag(hand, self.ranking)

    # ------------------------------------------------------------------ prompts

    def to_show(self) -> list[int]:
        """Who still has to show, in the order the table shows: the seen player of a see first, then
        the seer (or everybody left in the betting), then the coverers from the last back."""
        rnd = self.staking  # its seen player and seer are None but after a see
        order = [s for s in dict.fromkeys([rnd.seen_player, rnd.seer, *rnd.active(), *reversed(self.covers)])
                 if s is not None]
        contenders = [s for s in order if self.live[s] and s not in self.mucked]
        if len(contenders) <= 1:
            return []
        return [s for s in contenders if s not in self.shown]

    def expected_actor(self) -> str | None:
        if self.phase == "showdown":
            due = self.to_show()
            return self.names[due[0]] if due else None
        return None

    def prompt_outside_turns(self) -> Prompt:
        if self.phase == "showdown":
            due = self.to_show()
            if due:
                seat = due[0]
                known = self.places.known(seat)
                choices = ShowChoices(known if known is not None and len(known) == self.hand_size else None)
                return Prompt("showdown", self.names[seat], tuple(choices.describe(0)), choices, self.stacks[seat])
        return Prompt(self.phase, None)

    # ------------------------------------------------------------------ the end

    def carry_out(self, pot: int, ended: str) -> tuple[Carry, tuple[str, ...]]:
        owed: list[str] = []
        due = self.prial_shown
        if due and self.options["brag.shuffle"] == "after_prial_only":
            owed.append("shuffle the pack: a prial was shown (brag.5)")
        kept: str | None = None
        cards: tuple[str, ...] = ()
        if ended == CARRIED and self.carried_for is not None:
            kept = self.names[self.carried_for]
            cards = tuple(c.text for c in self.hand_of(self.carried_for) if isinstance(c, Card))
            owed.append(_("{player} plays his kept hand, unseen (brag.blind_uncontested)").format(player=kept))
        return BragCarry(pot=pot, shuffle_due=due, kept_blind_hand=kept, kept_cards=cards), tuple(owed)

    def end(self) -> Outcome:
        rnd = self.staking
        if rnd.ended is None:
            outcome = self.in_progress()
        elif rnd.ended == "alone" and not self.covers:
            (winner,) = rnd.active()
            if rnd.is_blind(winner) and self.options["brag.blind_uncontested"] == "pot_carries_blind_keeps_hand":
                outcome = self.end_carried(winner)
            else:
                outcome = self.end_uncontested(winner, self.cite("brag.4.4"))
        else:
            outcome = self.brag_showdown()
        return replace(outcome, facts={"covers": [self.names[s] for s in self.covers]})

    def end_carried(self, blind: int) -> Outcome:
        """brag.blind_uncontested = pot_carries_blind_keeps_hand: the pot stays, he keeps his hand."""
        self.carried_for = blind
        amount = self.carry_all()
        rule = "brag.blind_uncontested"
        return self.make_outcome(
            CARRIED, [PotResult(amount, (self.names[blind],), left_over=amount, rule=rule)], amount, 0,
            self.next_hand(amount, CARRIED),
            _("{player} is left alone blind: the pot of {amount} carries and he keeps his hand").format(
                player=self.names[blind], amount=amount),
        )

    def pots(self) -> list[tuple[int, tuple[int, ...], int | None]]:
        """Every pot of the hand, the main one first: (chips, who may win it, the coverer who closed
        it -- ``None`` for the pot still open).  Empties the middle."""
        rnd = self.staking
        open_claims = tuple(s for s in rnd.order if s not in self.covers)
        if self.options["brag.cover_main_pot"] == "all_money_before_cover" or not self.covers:
            self.bank_round()
            out = [(pot.amount, pot.eligible, closer) for pot, closer in zip(self.pot.closed, self.covers)]
            out.append((self.pot.dead + sum(self.pot.banked), open_claims, None))
        else:  # poker_equalised_side_pot: each pot takes from everybody up to its coverer's total, antes included
            contributed = [a + p for a, p in zip(self.ante_paid, rnd.put_in)]
            out, below, level = [], 0, 0
            for closer, claims in zip(self.covers, self.cover_claims):
                level = max(level, contributed[closer])
                amount = sum(min(c, level) - min(c, below) for c in contributed)
                out.append((amount + (self.carried_in if not out else 0), claims, closer))
                below = level
            out.append((sum(contributed) + self.carried_in - sum(p[0] for p in out), open_claims, None))
        self.pot.clear()
        rnd.bets = [0] * self.n
        return out

    def brag_showdown(self) -> Outcome:
        """Decide the pots from the last back to the main pot (brag.9.2, brag.cover_main_contest)."""
        rnd = self.staking
        values = {s: self.value(h) for s, h in self.shown.items() if len(h) == self.hand_size}
        system_rule = self.cite("brag.7.3" if rnd.rules.poker else rnd.rules.rule)
        results: list[PotResult] = []
        carried = undecided = 0
        needed: dict[int, str] = {}
        winners_next: list[int] | None = None
        for amount, claims, closer in reversed(self.pots()):
            contest = [s for s in claims if self.live[s] and s not in self.mucked]
            if closer is None:
                winners, rule = self.decide_open(contest, values)
            else:
                winners, rule = self.decide_closed(contest, closer, winners_next, values)
            names = tuple(self.names[s] for s in claims if self.live[s])
            if winners is None:  # hands not shown: the pot waits for them
                for s in (s for s in contest if s not in values):
                    needed.setdefault(s, self.cite("brag.9.2") if s in self.covers else system_rule)
                undecided += amount
                if amount:
                    results.append(PotResult(amount, names, decided=False, rule=rule))
            elif not winners:
                carried += amount
                if amount:
                    results.append(PotResult(amount, names, left_over=amount, rule=rule))
            elif amount:
                split = split_pot(amount, winners, self.table, str(self.options["common.showdown_tie"]))
                for s, chips in split.shares.items():
                    self.stacks[s] += chips
                carried += split.left_over
                ordered = sorted(winners)
                results.append(PotResult(
                    amount, names, tuple(self.names[s] for s in ordered),
                    {self.names[s]: split.shares[s] for s in ordered}, True, split.left_over, rule,
                    values[winners[0]].name if winners[0] in values else None,
                ))
            winners_next = winners
        for s, rule in needed.items():
            self.flag("showdown_unverifiable", _("the pot cannot be decided: {player}'s hand must be shown").format(player=self.names[s]),
                      rule, player=s, action=False, remedy=_("the pot is undecided until it is shown"))
        results.reverse()
        return self.end_showdown(results, carried, undecided)

    def decide_open(self, contest: list[int], values: dict[int, BragValue]) -> tuple[list[int] | None, str]:
        """The pot still open when the betting ended: the last player's, the see's, or equal stakes'."""
        rnd = self.staking
        if len(contest) <= 1:
            return contest, self.cite("brag.4.4")
        if any(s not in values for s in contest):
            return None, self.cite("brag.4.4")
        if rnd.ended == "see" and rnd.seer in contest and rnd.seen_player in contest:
            seer, seen = rnd.seer, rnd.seen_player
            rule = self.cite(rnd.rules.rule)
            if values[seer] != values[seen]:  # type: ignore[index]
                return [seer if values[seer] > values[seen] else seen], rule  # type: ignore[index, list-item]
            if self.options["brag.tie_at_see"] == "seer_loses":
                return [seen], "brag.tie_at_see"  # type: ignore[list-item]
            return [seen, seer], "brag.tie_at_see"  # type: ignore[list-item]
        return self.best(contest, values), self.cite("brag.7.3")

    def decide_closed(self, contest: list[int], closer: int, winners_next: list[int] | None,
                      values: dict[int, BragValue]) -> tuple[list[int] | None, str]:
        """A pot a cover closed: the best hand among its claimants, or the next pot's winner against the
        coverer (brag.cover_main_contest); a tie of the coverer with the next pot's winner per brag.cover_tie."""
        rule = self.cite("brag.9.4")
        if self.options["brag.cover_main_contest"] == "side_pot_winner_vs_coverer" and len(contest) > 1:
            if winners_next is None:
                return None, rule
            if any(w in contest for w in winners_next):
                contest = [s for s in contest if s in winners_next or s == closer]
        if len(contest) <= 1:
            return contest, rule
        if any(s not in values for s in contest):
            return None, rule
        tied = self.best(contest, values)
        if len(tied) == 1:
            return tied, rule
        if closer in tied:
            # the next pot is decided: its contenders are among this pot's, and all of those have shown
            assert winners_next is not None
            after = [s for s in tied if s in winners_next]
            if after:
                return (after if self.options["brag.cover_tie"] == "side_pot_winner" else tied), "brag.cover_tie"
        return tied, self.cite("common.showdown_tie")

    @staticmethod
    def best(contest: list[int], values: dict[int, BragValue]) -> list[int]:
        top = max(values[s].key for s in contest)
        return [s for s in contest if values[s].key == top]

