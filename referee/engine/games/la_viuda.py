"""La Viuda (rulebook ``la_viuda``, seed-004): Mexican whiskey poker -- jokers, the wild rank from the pool,
the one-time buy-back, elimination; and short-pack whisky (``laviuda.short_pack``).

The play is whiskey poker's (laviuda.3.2: "the phases and options are exactly those of Whisky
Poker"), dealt and played counter-clockwise.  What differs is the game around the deals, which this
class keeps in its carry (:class:`LaViudaCarry`, threaded from deal to deal by the night):

* the pool: La Viuda's chip from the start, one chip more from each deal's worst hand (laviuda.4);
  the rank it names is wild in the next deal (laviuda.2.2): ``((pool - 1) mod 13) + 1``, 1 = aces;
* the buy-back (laviuda.5): a player who has just lost his last chip may buy La Viuda, once per game,
  only at the end of that deal (``Ann: buys la viuda``), at twice a chip's price, which goes to the
  prize; the pool count then stays as before his payment (laviuda.6).  Silence, or ``declines la
  viuda``, and he is out; La Viuda stays for the next player to run out;
* who is out, the fund in cents and who paid what, the survivor who collects it (laviuda.7).

Short-pack whisky (Paul Martin's version, seed-004) is an option of this game, not a game of its
own: the rulebook schema and the rulebook have it as ``laviuda.short_pack``, pagat gives it as a
version of the same game, and a table switches it like any house rule.  Under it there are no
wilds, chips, pool or buy-back: the pack is A-K-Q-J-T for two players and one rank more per further
player, each deal's best hand (each tied best hand) scores a point, and the first to reach
``laviuda.points_target`` alone wins.
"""

from __future__ import annotations

from types import MappingProxyType


import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, ClassVar

from referee.cards import JOKERS, RANK_CHAR, Card, short_pack
from referee.engine.actions import Action, verb
from referee.engine.events import BuyBack, DeclineBuyBack, Event, GameSoFar
from referee.engine.exchanges import DEALER, KNOCKED, SPREAD, TAKEN
from referee.engine.games.commerce_showdown import Pick, Standing, best, lowest
from referee.engine.games.common import COMMERCE, SHOWDOWN, TABLE
from referee.engine.games.whiskey_poker import WhiskeyCarry, WhiskeyPoker
from referee.engine.money import GameMoney, GameMoneyReport, Money, MoneyLine, NightMoney
from referee.engine.outcome import Carry, Outcome, Penalty
from referee.engine.state import STANDARD_PACK, Prompt, handles
from referee.engine.table import Seat
from referee.engine.options import CHIPS, choice, whole_number
from referee.engine.findings import FindingKind
from referee.errors import InputError
from referee.ranking import poker
from referee.ranking.poker import HandValue, WildRules
from referee.i18n import N_, _, ngettext
from referee.i18n.said import said_later, said_plural

if TYPE_CHECKING:
    from referee.engine.night import NightStep
    from referee.engine.state import HandSetup
    from referee.engine.house import Rules

CENTS = 100  # laviuda.chip_value is in whole money units


def wild_rank(pool: int) -> int:
    """laviuda.2.2: the rank the pool count names -- 1 aces, 2 twos, ... 13 kings, 14 aces again."""
    count = (pool - 1) % 13 + 1
    return 14 if count == 1 else count


@dataclass(frozen=True, slots=True)
class LaViudaCarry(WhiskeyCarry):
    """La Viuda's game from deal to deal: the pool (``pool``; La Viuda counts while it lies there), who
    is out (``out``, in order), who bought La Viuda (``bought_by``), the fund in cents and what each
    player paid into it (``paid_cents``, ``None`` when the night began in the middle of the game),
    whether the game is over and its ``winner``.  Under the short pack: each player's ``points``."""

    money: ClassVar[str] = "fund"

    bought_by: str | None = None
    prize_cents: int | None = 0
    paid_cents: tuple[tuple[str, int], ...] | None = ()
    winner: str | None = None
    short_pack: bool = False
    points: tuple[tuple[str, int], ...] = ()

    @property
    def buyback_open(self) -> bool:
        """The next player to run out may still buy La Viuda."""
        return self.bought_by is None and not self.game_over

    def to_dict(self) -> dict[str, object]:
        if self.short_pack:
            return {"pot": self.pot, "antes_in": self.antes_in, "points": dict(self.points),
                    "game_over": self.game_over, "winner": self.winner}
        return {
            "pot": self.pot, "antes_in": self.antes_in, "pool": self.pool, "out": list(self.out),
            "buyback_open": self.buyback_open, "bought_by": self.bought_by, "prize_cents": self.prize_cents,
            "paid_cents": dict(self.paid_cents) if self.paid_cents is not None else None,
            "game_over": self.game_over, "winner": self.winner,
        }


@dataclass
class LaViudaFund(NightMoney):
    """La Viuda's money: the fund is what its players paid for their chips (laviuda.1.1: "the money paid
    for the chips is the prize for the final winner"), plus the buy-back (laviuda.5.1: "It costs twice
    the value of a normal chip, and the payment is added to the prize money"), which its buyer pays.
    When one player is left he collects the fund (laviuda.7): the chips in front of him count towards
    it and stay his, the bank pays him the rest and takes back the pool's chips."""

    kind: ClassVar[str] = "la_viuda"

    price: int = 0  # a La Viuda chip's price in cents (laviuda.chip_value)
    buyback_hand: int | None = None
    buyback_cents: int = 0

    @classmethod
    def under_way(cls, carry: Carry) -> bool:
        return isinstance(carry, LaViudaCarry) and not carry.short_pack and carry.started

    @classmethod
    def starting(cls, step: NightStep, setup: HandSetup, chip_cents: int, money: Money) -> NightMoney:
        price = int(setup.rulebook.options["laviuda.chip_value"]) * CENTS
        return cls(step.number, setup.names, chip_cents, money, price=price)

    def _carry(self) -> LaViudaCarry:
        assert isinstance(self.carry, LaViudaCarry)
        return self.carry

    def hand(self, step: NightStep, setup: HandSetup, outcome: Outcome) -> list[MoneyLine]:
        carry_in, carry_out = step.carry_in, step.carry_out
        assert isinstance(carry_out, LaViudaCarry)
        had = carry_in.bought_by if isinstance(carry_in, LaViudaCarry) else None
        who = carry_out.bought_by
        lines = super().hand(step, setup, outcome)
        if who and who != had:  # bought in this hand: he pays now, even in a game begun before the night
            self.buyback_hand, self.buyback_cents = step.number, 2 * self.price
            lines.append(MoneyLine(who, "La Viuda bought", -2 * self.price,
                                   said_later("{player} buys La Viuda: twice a chip's price, into the fund", player=who),
                                   step.number))
        return lines

    def over(self) -> bool:
        return self._carry().game_over

    def end(self, retire: bool) -> GameMoneyReport:
        carry = self._carry()
        cv = self.chip_cents
        winner = carry.winner if carry.game_over else None
        kept = self.stacks[winner] if winner else 0  # the survivor sat at the game's last hand
        fund = carry.prize_cents
        notes: list[str] = []
        lines: list[MoneyLine] = []
        if self.price != cv:
            notes.append(said_later("La Viuda's chips are priced at {price} (laviuda.chip_value), the table's at "
                                    "{table_price}: its fund is counted at La Viuda's price",
                                    price=self.money(self.price), table_price=self.money(cv)))
        if carry.paid_cents is None:
            notes.append(said_later("the La Viuda game of hands {first}\u2013{last} began before this night: its fund "
                                    "holds money paid earlier", first=self.first, last=self.last))
        if winner and fund is not None:
            prize = fund - kept * cv
            lines.append(MoneyLine(winner, "La Viuda's fund", prize,
                                   said_plural(kept, "{player} survives and collects the fund of {fund}: {count} chip "
                                               "still on the table, {prize} from the bank",
                                               "{player} survives and collects the fund of {fund}: {count} chips "
                                               "still on the table, {prize} from the bank",
                                               player=winner, fund=self.money(fund), prize=self.money(prize)),
                                   self.last))
        else:
            notes.append(said_plural(carry.pool, "the La Viuda game of hands {first}\u2013{last} did not finish: its "
                                     "fund was not collected and its pool's {count} chip left the table",
                                     "the La Viuda game of hands {first}\u2013{last} did not finish: its "
                                     "fund was not collected and its pool's {count} chips left the table",
                                     first=self.first, last=self.last))
        game = GameMoney(self.kind, self.first, self.last, self.players, carry.game_over, winner=winner,
                         fund_cents=fund, paid_cents=carry.paid_cents, bought_by=carry.bought_by,
                         buyback_hand=self.buyback_hand, buyback_cents=self.buyback_cents, pool=carry.pool,
                         kept_chips=kept, notes=tuple(notes))
        return GameMoneyReport(replace(game, words=self.words(game)), tuple(lines), tuple(notes),
                               removed=carry.pool if retire else 0)

    def standing(self) -> GameMoneyReport:
        carry = self._carry()
        game = GameMoney(self.kind, self.first, self.last, self.players, False, fund_cents=carry.prize_cents,
                         paid_cents=carry.paid_cents, bought_by=carry.bought_by, pool=carry.pool,
                         buyback_hand=self.buyback_hand, buyback_cents=self.buyback_cents,
                         notes=(said_later("the game is under way"),))
        return GameMoneyReport(replace(game, words=self.words(game)), held=carry.pool)

    def words(self, game: GameMoney) -> str:
        """``La Viuda, hands 1–6 (Ann, Bob, Cy): fund €14.00; …; Cy survived with 9 chips and collects it; …``."""
        head = said_later("La Viuda, hands {first}\u2013{last} ({players}): fund {fund}", first=game.first_hand,
                          last=game.last_hand, players=", ".join(game.players), fund=self.money(game.fund_cents or 0))
        end = (said_plural(game.kept_chips, "{player} survived with {count} chip and collects it",
                           "{player} survived with {count} chips and collects it", player=game.winner)
               if game.winner else said_later("not finished"))
        pool = said_plural(game.pool, "the pool held {count} chip", "the pool held {count} chips")
        if game.bought_by and game.buyback_hand is not None:  # bought before the night: 'game so far' said so
            bought = said_later("La Viuda bought by {player} in hand {hand} for {price}", player=game.bought_by,
                                hand=game.buyback_hand, price=self.money(game.buyback_cents))
            return said_later("{game}; {bought}; {end}; {pool}.", game=head, bought=bought, end=end, pool=pool)
        return said_later("{game}; {end}; {pool}.", game=head, end=end, pool=pool)


@dataclass(frozen=True, slots=True)
class BuyBackChoices:
    """The end of a deal in which a player lost his last chip while La Viuda is still to be had."""

    def describe(self, stack: int) -> list[str]:
        return [said_later("buy la viuda"), said_later("decline")]

    def events(self, player: str) -> list[Event]:
        return [BuyBack(player), DeclineBuyBack(player)]



#: ``buys la viuda``: the player who lost his last chip buys the widow chip (laviuda.5.1).
BUY_BACK = Action(BuyBack, rf"{verb('buy')}\s+(?:la\s+)?viuda", lambda r, p, m: BuyBack(p),
                  lambda e, size: "buys la viuda",
                  findings={
                      "buyback_not_immediate": ("illegal_action", N_("La Viuda bought other than at the end of the deal that emptied the stack")),
                      "buyback_second": ("illegal_action", N_("La Viuda bought when it had already been bought")),
                      "buyback_with_chips": ("illegal_action", N_("La Viuda bought by a player who still has chips")),
                      "buyback_refused": ("illegal_action", N_("La Viuda bought where the game has no La Viuda (short pack)")),
                  })
#: ``declines la viuda``: he does not buy it, and is out of the game.
DECLINE_BUY_BACK = Action(DeclineBuyBack, rf"{verb('decline')}\s+(?:la\s+)?viuda", lambda r, p, m: DeclineBuyBack(p),
                          lambda e, size: "declines la viuda",
                          findings={
                              "decline_not_needed": ("note", N_("La Viuda declined by a player who was not offered it")),
                          })


class LaViuda(WhiskeyPoker[LaViudaCarry]):
    """One deal of La Viuda (or of short-pack whisky)."""

    name = "la_viuda"
    title = "La Viuda"
    aliases = ("mexican whiskey poker", "short-pack whisky")
    prefix = "laviuda"
    phase_words = {"buyback": N_("buying La Viuda back")}
    dispute_codes = {"buy_back": ("buyback_not_immediate", "buyback_second", "buyback_with_chips", "buyback_refused",
                                  "decline_not_needed")}
    #: the finding codes this game's own rulings flag, each with its kind and meaning
    finding_codes: Mapping[str, tuple[FindingKind, str]] = MappingProxyType({
        "eliminated_player_acted": ("illegal_action", N_("a player who is out of the game took part in a deal")),
        "chips_bought_differ": ("note", N_("a La Viuda game starts with stacks other than the chips each player buys")),
        "pack_too_small": ("misdeal", N_("the short pack has too few cards for the players and the widow")),
    })
    #: the house-rule options of this game, read through the rulebook
    house_options = (
        whole_number("laviuda.chips_each", 3, 1, 100, "chips each player buys at the start", "seed-004"),
        whole_number("laviuda.chip_value", 1, 1, CHIPS, "the agreed price of one chip, in money units", "seed-004"),
        choice("laviuda.buyback_price", "2x_chip", "the price of La Viuda", "seed-004"),
        choice("laviuda.buyback", "once_immediately_passes_on", "who may buy La Viuda, and when", "seed-004"),
        choice("laviuda.pool_after_buyback", "unchanged",
               "the pool count after La Viuda is bought", "seed-004"),
        choice("laviuda.tie_lowest", "highest_nonwild_card_suit_hdcs | all_tied_pay",
               "who pays when worst hands tie", "seed-004; widow-app", pins="10.9"),
        choice("laviuda.wild_rank_from_pool", "on | off",
               "whether the rank named by the pool count is wild", "seed-004; widow-app", pins="10.9"),
        whole_number("laviuda.jokers", 2, 0, 2, "jokers in the pack (always wild)", "seed-004; widow-app"),
        choice("laviuda.wild_use", "any_card | no_duplicate_card_in_hand",
               "what card a wild card may stand for", "seed silent; widow-app", pins="10.9"),
        choice("laviuda.natural_beats_wild", "no | yes",
               "whether a hand without wild cards beats an equal hand with them", "seed silent"),
        choice("laviuda.short_pack", "off | 5_ranks_per_2_players_plus_1_per_player",
               "whether a short pack is used", "seed-004"),
        whole_number("laviuda.points_target", 5, 1, 1000,
                     "points that win short-pack whisky (the agreed target)", "seed-004 ('an agreed target number'); engine"),
    )
    hand_size = 5
    direction = -1  # laviuda.3.1: dealt and played counter-clockwise
    events = {**TABLE, **SHOWDOWN, **COMMERCE, BuyBack: "buys la viuda", DeclineBuyBack: "declines la viuda"}
    actions = (BUY_BACK, DECLINE_BUY_BACK)
    #: The words its players say at the table, each with the hand format's words it stands for (no
    #: betting in La Viuda; buying her back after losing one's last chip).
    table_words: Mapping[str, str] = MappingProxyType({
        "take": "takes widow", "exchange": "exchanges", "pass": "passes", "keep": "passes", "knock": "knocks",
        "turn": "widow turned", "buy": "buys la viuda", "decline": "declines la viuda", "show": "shows",
        "muck": "mucks",
    })
    carry_type = LaViudaCarry
    night_money = LaViudaFund
    #: the rules a dispute cites by topic when the log shows nothing broken
    dispute_rules: Mapping[str, tuple[str, ...]] = MappingProxyType({"buy_back": ("laviuda.5", "laviuda.4")})
    on_betting = None  # no betting round in La Viuda

    RULE_IDS: Mapping[str, str] = {
        "ante": "laviuda.1.1", "deal": "laviuda.3.1", "no_betting": "laviuda.3.2",
        "phase1_order": "laviuda.3.2", TAKEN: "laviuda.3.2", KNOCKED: "laviuda.3.2", DEALER: "laviuda.3.2",
        SPREAD: "laviuda.3.2", "phase2_order": "laviuda.3.2", "identity": "laviuda.3.2", "restated": "laviuda.3.2",
        "last_turn": "laviuda.3.3", "showdown": "laviuda.4", "pack": "laviuda.jokers", "not_dealt_in": "laviuda.5.1",
    }

    @property
    def short(self) -> bool:
        return self.options["laviuda.short_pack"] != "off"

    def option_rule(self, option: str, default: str, numbered: str) -> str:
        """laviuda.3.2 inherits the whiskey options without stating their values: cite the option."""
        return option

    # ------------------------------------------------------------------ the game at this deal

    def start_game(self) -> None:
        """The game at this deal: a new one begins (or a game of the other mode), or it is over; the wild
        cards of this deal (laviuda.2) and the worst-hand tie-break (laviuda.8)."""
        carry = self.carry_in
        assert isinstance(carry, LaViudaCarry)
        if not carry.started or carry.short_pack != self.short:
            self.carry_in = carry = self.new_game(carry)
        elif carry.game_over:
            self.game_is_over("laviuda.short_pack" if self.short else self.cite("laviuda.7"))
        self.bought_now: int | None = None
        self.declined: set[int] = set()
        o = self.options
        self.wild_in_deal = None if self.short or o["laviuda.wild_rank_from_pool"] == "off" else wild_rank(carry.pool)
        # laviuda.2.1: "the jokers are always wild" (WildRules' default) -- as many as the pack holds
        # (laviuda.jokers; none in the short pack)
        self.wild_rules = WildRules(
            rank=self.wild_in_deal, may_duplicate=o["laviuda.wild_use"] == "any_card",
            natural_beats_wild=o["laviuda.natural_beats_wild"] == "yes",
        )
        self.tiebreak = "laviuda" if (o["laviuda.tie_lowest"] == "highest_nonwild_card_suit_hdcs"
                                       and not self.short) else "none"
        if self.short and self.n > 7 and self.ended is None:
            self.ended = "misdeal"
            self.flag("pack_too_small", _("the short pack for {players} players has {count} cards, {needed} are needed").format(players=self.n, count=len(self.cards_of_pack), needed=(self.n + 1) * self.hand_size), "laviuda.short_pack", action=False,
                      remedy=_("misdeal: the deal cannot be made"))

    def new_game(self, carry: Carry) -> LaViudaCarry:
        """laviuda.1: a game begins -- every player has bought his chips, La Viuda lies in the pool."""
        if self.short:
            return LaViudaCarry(carry.pot, carry.antes_in, started=True, short_pack=True,
                                points=tuple((n, 0) for n in self.names))
        value = int(self.options["laviuda.chip_value"]) * CENTS
        each = int(self.options["laviuda.chips_each"])
        odd = [f"{n} {s}" for n, s in zip(self.names, self.start_stacks) if s != each]
        if odd:  # the fund is what they paid for the chips they hold
            self.flag("chips_bought_differ", ngettext("each player buys {count} chip, but the seats give {stacks}",
                                                      "each player buys {count} chips, but the seats give {stacks}",
                                                      each).format(count=each, stacks=", ".join(odd)),
                      self.cite("laviuda.1.1"), action=False)
        paid = tuple((n, s * value) for n, s in zip(self.names, self.start_stacks) if s > 0)
        return LaViudaCarry(carry.pot, carry.antes_in, started=True, pool=1, prize_cents=sum(c for _, c in paid),
                            paid_cents=paid)

    def begin(self) -> None:
        super().begin()
        if self.ended is not None:
            self.round = None

    def pack(self) -> frozenset[Card]:
        """52 cards and ``laviuda.jokers`` jokers; the short pack: A down to the rank the players need."""
        if self.short:
            return frozenset(short_pack(max(2, len(self.setup.seats))))
        return STANDARD_PACK | frozenset(JOKERS[: int(self.options["laviuda.jokers"])])

    def pack_hint(self, card: Card) -> str:
        if self.short:
            low = min(c.rank for c in self.cards_of_pack)
            return _("the short pack for {players} players runs from the aces down to the {rank}s").format(
                players=self.n, rank=RANK_CHAR[low])
        jokers = int(self.options["laviuda.jokers"])
        return ngettext("this pack has {count} joker (laviuda.jokers)", "this pack has {count} jokers (laviuda.jokers)",
                        jokers).format(count=jokers)

    def value_of(self, cards: Sequence[Card]) -> HandValue:
        return poker.evaluate(cards, wild=self.wild_rules, wheel=self.options["common.wheel"] == "allowed", tiebreak=self.tiebreak)  # type: ignore[arg-type]

    def facts(self) -> dict[str, object]:
        """Which rank was wild in this deal, and which the pool names for the next."""
        if self.short:
            return {}
        nxt = self.next_carry  # every end of a deal has worked out the game's next state before its facts
        assert isinstance(nxt, LaViudaCarry)
        off = self.options["laviuda.wild_rank_from_pool"] == "off"
        return {
            "wild_rank_in_deal": None if self.wild_in_deal is None else RANK_CHAR[self.wild_in_deal],
            "wild_rank": None if off else RANK_CHAR[wild_rank(nxt.pool)],
        }

    # ------------------------------------------------------------------ who is in the deal

    def out_may_log(self, event: Event) -> bool:
        return isinstance(event, (BuyBack, DeclineBuyBack))

    def not_in_deal(self, seat: int) -> None:
        self.flag("eliminated_player_acted", _("{player} is out of the game (no chips left) but takes part in this deal").format(player=self.names[seat]), self.cite("laviuda.5.1"), player=seat, remedy=_("ignored: his hand takes no part"))

    # ------------------------------------------------------------------ the buy-back

    def deal_losers(self, order: Sequence[int], standing: Mapping[int, Standing]) -> Pick:
        """laviuda.4 and laviuda.8: the worst hand pays; ``laviuda.tie_lowest`` for ties (its tie-break is
        in the hand values; under ``all_tied_pay`` each tied worst hand pays).  Every hand equal: nobody
        is worst, so paying can never leave the table without chips (COMMERCE-NOTES section 11)."""
        all_pay = self.tiebreak == "none"
        return lowest(order, standing, self.reported_lowest, conceded_tie_needs_cards=not all_pay)

    def current_losers(self) -> tuple[int, ...] | None:
        """Who pays the pool for this deal as the log stands, ``None`` while it cannot be told."""
        if self.round is not None:
            return None
        return self.deal_losers(self.order, self.standings(self.order)).seats

    def may_buy(self, seat: int, losers: tuple[int, ...] | None) -> bool:
        carry = self.carry_in
        return (not self.short and carry.bought_by is None and self.bought_now is None
                and losers is not None and seat in losers and self.stacks[seat] <= 1)  # losers were dealt in

    @handles(BuyBack)
    def on_buy_back(self, seat: int, event: BuyBack) -> None:
        """laviuda.5.2: once per game, only immediately after he lost his last chip."""
        who = self.names[seat]
        rule = self.cite("laviuda.5.2")
        refused = _("refused: no chip, no money")
        carry = self.carry_in
        assert isinstance(carry, LaViudaCarry)
        if self.short:
            self.flag("buyback_refused", _("{player} buys La Viuda, but short-pack whisky has none").format(player=who), "laviuda.short_pack",
                      player=seat, remedy=_("ignored"))
            return
        if carry.bought_by is not None or self.bought_now is not None:
            by = carry.bought_by or self.names[self.bought_now]  # type: ignore[index]
            self.flag("buyback_second", _("{player} buys La Viuda, but {by} bought it already: it is bought once a game").format(player=who, by=by),
                      rule, player=seat, remedy=refused)
            return
        if not self.dealt_in[seat]:
            self.flag("buyback_not_immediate", _("{player} buys La Viuda, but he ran out in an earlier deal: it is bought only immediately after").format(player=who), rule, player=seat, remedy=refused + "; he stays out")
            return
        losers = self.current_losers()
        if losers is None:
            self.flag("buyback_not_immediate", _("{player} buys La Viuda before this deal has shown that he lost his last chip").format(player=who), rule, player=seat, remedy=refused)
            return
        if seat not in losers or self.stacks[seat] > 1:
            left = self.stacks[seat] - (1 if seat in losers else 0)
            self.flag("buyback_with_chips", ngettext("{player} buys La Viuda with {count} chip left: it is bought only when a player has lost all his chips",
                     "{player} buys La Viuda with {count} chips left: it is bought only when a player has lost all his chips",
                     left).format(player=who, count=left), rule, player=seat, remedy=refused)
            return
        self.bought_now = seat

    @handles(DeclineBuyBack)
    def on_decline(self, seat: int, event: DeclineBuyBack) -> None:
        if self.may_buy(seat, self.current_losers()):
            self.declined.add(seat)  # he is out; La Viuda stays for the next player to run out
        else:
            self.flag("decline_not_needed", _("{player} declines La Viuda, which was not his to buy now").format(player=self.names[seat]),
                      player=seat)

    def prompt_outside_turns(self) -> Prompt:
        found = super().prompt_outside_turns()
        if found.to_act is None and self.phase == "showdown" and not self.short:
            losers = self.current_losers()
            for s in self.order:
                if s not in self.declined and self.may_buy(s, losers):
                    choices = BuyBackChoices()
                    return Prompt("buyback", self.names[s], tuple(choices.describe(0)), choices, self.stacks[s])
        return found

    # ------------------------------------------------------------------ the end of the deal

    def settle(self) -> Outcome:
        if self.short:
            return self.settle_points()
        carry = self.carry_in
        assert isinstance(carry, LaViudaCarry)
        names = self.names
        standing = self.standings(self.order)
        low = self.deal_losers(self.order, standing)
        self.result_lines([(low, "was lowest")])
        self.unverifiable([low], self.cite("laviuda.4"))
        pool = carry.pool
        for s in low.seats or ():  # laviuda.4: the worst hand pays one chip to the pool (he has one: he was dealt in)
            self.stacks[s] -= 1
            self.total -= 1  # into the pool, which the carry counts
            pool += 1
            self.penalties.append(Penalty(names[s], None, 1, self.cite("laviuda.4"), into="pool"))
        bought_by, prize, paid = carry.bought_by, carry.prize_cents, carry.paid_cents
        if self.bought_now is not None:  # laviuda.5.1, laviuda.6: La Viuda's chip, at twice a chip's price
            s = self.bought_now
            price = 2 * int(self.options["laviuda.chip_value"]) * CENTS
            self.stacks[s] += 1
            self.total += 1
            pool -= 1
            bought_by = names[s]
            prize = None if prize is None else prize + price
            if paid is not None:
                paid = tuple((n, c + price if n == bought_by else c) for n, c in paid)
                if bought_by not in dict(paid):
                    paid = (*paid, (bought_by, price))
        out = (*carry.out, *[names[s] for s in low.seats or () if self.stacks[s] == 0 and names[s] not in carry.out])
        with_chips = [s for s in range(self.n) if self.stacks[s] > 0]
        over = len(with_chips) <= 1
        self.next_carry = dataclasses.replace(
            carry, pool=pool, out=out, bought_by=bought_by, prize_cents=prize, paid_cents=paid, game_over=over,
            winner=names[with_chips[0]] if over and with_chips else None,
        )
        carried = self.carry_all()
        kind = "reported" if low.reported else "showdown"
        summary = "; ".join(_("{player} pays 1 to the pool").format(player=p.payer) for p in self.penalties) or _(
            "nobody pays")
        if self.bought_now is not None:
            summary += "; " + _("{player} buys La Viuda").format(player=bought_by)
        return self.with_facts(self.make_outcome(kind, [], carried, 0, self.next_hand(carried, kind), summary,
                                                 self.showdown_order()))

    def settle_points(self) -> Outcome:
        """Short pack: the best hand scores a point, each tied best hand too; the first to reach
        ``laviuda.points_target`` alone wins."""
        carry = self.carry_in
        assert isinstance(carry, LaViudaCarry)
        names = self.names
        top = best(self.order, self.standings(self.order), self.reported_best)
        self.result_lines([(top, "wins")])
        self.unverifiable([top], "laviuda.short_pack")
        points = dict(carry.points)
        for s in top.seats or ():
            points[names[s]] = points.get(names[s], 0) + 1
        for n in names:
            points.setdefault(n, 0)
        most = max(points.values())  # every seated player has his points, none or more
        leaders = [n for n, p in points.items() if p == most]
        over = len(leaders) == 1 and most >= int(self.options["laviuda.points_target"])
        self.next_carry = dataclasses.replace(carry, points=tuple(points.items()), game_over=over,
                                              winner=leaders[0] if over else None)
        carried = self.carry_all()
        kind = "reported" if top.reported else "showdown"
        summary = ", ".join(names[s] for s in top.seats or ()) + " scores" if top.seats else "nobody scores"
        return self.with_facts(self.make_outcome(kind, [], carried, 0, self.next_hand(carried, kind), summary,
                                                 self.showdown_order()))

    def next_dealer(self) -> str:
        """laviuda.3.1: the deal passes to the right, skipping players who are out."""
        if self.short:
            return self.names[self.table.after(self.table.dealer)]
        return super().next_dealer()

    # ------------------------------------------------------------------ across hands

    @classmethod
    def carry_so_far(cls, so_far: GameSoFar, rulebook: Rules, seats: Sequence[Seat]) -> Carry:
        """A night that starts in the middle of a game: the pool, the fund (in money units), whether La
        Viuda was bought (and by whom); under the short pack, the points."""
        names = [s.name for s in seats]
        if rulebook.options["laviuda.short_pack"] != "off":
            if so_far.pool is not None or so_far.fund is not None or so_far.bought is not None:
                raise InputError(_("'game so far:' gives a pool, fund or La Viuda, which short-pack whisky does not have"),
                                 line=so_far.line, hint=_("short-pack whisky's game so far is its points: "
                                 "'game so far: points Ann 2 Bob 1'"))
            points = dict(so_far.points)
            return LaViudaCarry(started=True, short_pack=True, points=tuple((n, points.get(n, 0)) for n in names))
        if so_far.points:
            raise InputError(_("'game so far:' gives points, which La Viuda does not keep (short pack only)"),
                             line=so_far.line, hint=_("La Viuda's game so far: 'game so far: pool 7, fund 14, "
                             "la viuda not bought'"))
        if so_far.pool is None or so_far.pool < 1:
            raise InputError(_("'game so far:' must give La Viuda's pool (at least 1: La Viuda's own chip)"),
                             line=so_far.line, hint=_("write 'game so far: pool 7, fund 14, la viuda not bought'"))
        return LaViudaCarry(
            started=True, pool=so_far.pool, bought_by=so_far.bought_by,  # named only when bought
            prize_cents=None if so_far.fund is None else so_far.fund * CENTS, paid_cents=None,
        )

    @classmethod
    def night_result(cls, carry: Carry, stacks: Mapping[str, int]) -> tuple[str | None, dict[str, object]]:
        """The survivor collects the fund (laviuda.7); short pack: the first to the target wins."""
        if not isinstance(carry, LaViudaCarry):
            return None, {"game_over": False, "whisky_payer": None, "prize_cents": None, "paid_cents": None,
                          "points": None}
        if carry.short_pack:
            return carry.winner, {"game_over": carry.game_over, "whisky_payer": None, "prize_cents": None,
                                  "paid_cents": None, "points": dict(carry.points)}
        paid = dict(carry.paid_cents) if carry.paid_cents is not None else None
        return carry.winner, {"game_over": carry.game_over, "whisky_payer": None, "prize_cents": carry.prize_cents,
                              "paid_cents": paid, "points": None}
