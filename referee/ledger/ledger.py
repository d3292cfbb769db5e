"""One session's ledger: what each player put in, took out and won, in integer cents, derived from
the log and its replay alone.

**What it reads.**  The session log (:func:`referee.session_log.session_log`): buy-ins (the opening
``SitDown`` events and late arrivals), rebuys (``AddChips``), cash-outs (``CashOut``: chips counted at
the table), the chip value, the money settings (:mod:`referee.ledger.settings`), payments
(``TransferPaid``) and the whisky bill (``WhiskyBill``).  The replay of the night
(:func:`referee.handfile.replay.replay_night_file`): each player's chips after the last hand, chips
left in the middle, penalties, and the games' own money: La Viuda's fund and buy-backs, and who pays
for the whisky, from the carries and ``NightResult.facts`` the engines leave.  A ruling the table
decided is part of the replay (``referee.rulings``), so the ledger follows it with no code of its own.

**The games' money.**  Chips are worth the session's chip value, in every game.  A La Viuda game is
played for its fund (what its players paid for the chips they brought in, plus the buy-back at twice
a chip's price): the buyer pays the buy-back; when one player is left, he collects the fund — the
chips in front of him count towards it and stay his, the bank pays him the rest and takes back the
pool's chips (La Viuda's own chip is the house's).  In whiskey pool elimination chips have no money
value: when the game ends the pool's chips go back, as money, to those who paid them, and the player
who lost pays the whisky bill to whoever paid for the drinks.

**The conservation check.**  Chips bought (plus chips a game put on the table, less those it took off)
= chips cashed out + chips still on the table (stacks not cashed out, a pot carried to a next deal, a
game's pool, chips in the middle of an unfinished hand, pots undecided until cards are shown).  When
a count differs from what the log gives a player, the check fails by that many chips.

**The shortfall or overage.**  The balances (cashed out, less paid in, plus the games' money) sum to
zero only when every chip is accounted for at face value.  Otherwise the difference is a shortfall
(the winners are owed more than there is) or an overage (money is left over); its parts are listed
(counts that differ from the log, chips left in the middle, money paid other than the chips' value,
a game left unfinished) and it is absorbed by the session's ``shortfall`` setting: pro rata to the
losers, or by the banker.  It is never dropped silently.

A session still open is valued as it stands: a player who has not cashed out counts the chips the
log gives him (``provisional``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from referee.engine.events import AddChips, CashOut, CountFixed, LedgerSetting, SitDown, TransferPaid, WhiskyBill
from referee.errors import InputError
from referee.ledger.settings import MoneySettings, money_settings
from referee.ledger.settlement import Transfer, name_key

if TYPE_CHECKING:
    from referee.handfile.replay import ReplayedNight
    from referee.ledger.settlement import Settlement
    from referee.session_log import LogSnapshot, SessionLog
    from referee.store import Store


@dataclass(frozen=True)
class Entry:
    """One line of the ledger: chips to (+) or from (−) a player's stack, money to (+) or from (−)
    his balance, with where in the night it happened and what it was."""

    when: str
    player: str | None
    what: str
    chips: int = 0
    cents: int = 0
    hand: int | None = None
    text: str = ""


@dataclass(frozen=True)
class PlayerLine:
    """One player's night in money."""

    name: str
    #: the person (the store's player, aliases merged); the seat name when not known
    player: str
    bought: int
    paid_cents: int
    #: chips counted at cash-out; None while he has not cashed out
    cashed: int | None
    #: chips the replay gives him after the last hand
    log_chips: int
    #: the games' money: La Viuda's fund and buy-back, the whiskey pool's chips, the whisky bill
    games_cents: int
    #: his share of a shortfall (−) or an overage (+)
    absorbed_cents: int
    #: what he won (+) or lost (−): the balance the settlement clears
    balance_cents: int

    @property
    def counted(self) -> int:
        """The chips that count for him: cashed out, else those the log gives him."""
        return self.log_chips if self.cashed is None else self.cashed

    @property
    def count_difference(self) -> int:
        """Chips counted at cash-out minus the chips the log gives him (0 when not cashed out)."""
        return 0 if self.cashed is None else self.cashed - self.log_chips


@dataclass(frozen=True)
class ChipCheck:
    """chips bought + added by games − removed by games = cashed out + still on the table."""

    bought: int
    added_by_games: int
    removed_by_games: int
    cashed: int
    on_table: int  # stacks of players who have not cashed out
    middle: int  # a carried pot, a game's pool, chips in the middle of an unfinished hand
    undecided: int  # pots waiting for cards to be shown

    @property
    def expected(self) -> int:
        return self.bought + self.added_by_games - self.removed_by_games

    @property
    def found(self) -> int:
        return self.cashed + self.on_table + self.middle + self.undecided

    @property
    def difference(self) -> int:
        """Chips found minus chips expected: + more counted than the log accounts for, − fewer."""
        return self.found - self.expected

    @property
    def holds(self) -> bool:
        return self.difference == 0


@dataclass(frozen=True)
class Difference:
    """The money the balances do not account for: + a shortfall, − an overage; its parts, and who
    absorbs it under which policy."""

    cents: int
    parts: tuple[tuple[str, int], ...]
    policy: str
    shares: tuple[tuple[str, int], ...] = ()

    @property
    def kind(self) -> str:
        return "shortfall" if self.cents > 0 else "overage" if self.cents < 0 else "none"


@dataclass(frozen=True)
class GameMoney:
    """A game of the night with money of its own: a La Viuda game, or a whiskey pool elimination."""

    game: str  # la_viuda | whiskey_elimination
    first_hand: int
    last_hand: int
    players: tuple[str, ...]
    over: bool
    winner: str | None = None  # La Viuda's survivor
    loser: str | None = None  # the whiskey game's loser: he pays for the whisky
    fund_cents: int | None = None
    paid_cents: tuple[tuple[str, int], ...] | None = None
    bought_by: str | None = None
    buyback_hand: int | None = None
    buyback_cents: int = 0
    pool: int = 0  # chips in the pool when the game ended (or now)
    kept_chips: int = 0  # the survivor's chips when the game ended
    notes: tuple[str, ...] = ()


@dataclass(frozen=True)
class SessionLedger:
    """The whole money of one session (see the module docstring)."""

    session_id: int | None
    table: str
    status: str
    chip_value_cents: int
    settings: MoneySettings
    players: tuple[PlayerLine, ...]
    entries: tuple[Entry, ...]
    check: ChipCheck
    difference: Difference
    games: tuple[GameMoney, ...] = ()
    payments: tuple[Transfer, ...] = ()
    whisky_bills: tuple[WhiskyBill, ...] = ()
    notes: tuple[str, ...] = ()
    provisional: tuple[str, ...] = ()  # players valued at the log's chips (not cashed out)

    def balances(self) -> dict[str, int]:
        """Each player's balance in cents (they sum to zero), plus a banker from outside the night
        who absorbed a shortfall."""
        out = {p.name: p.balance_cents for p in self.players}
        for name, cents in self.difference.shares:
            if name not in out:
                out[name] = cents
        return out

    def money(self, cents: int) -> str:
        """``cents`` in the session's currency and locale (babel)."""
        from referee.money import format_money

        return format_money(cents, self.settings.currency, self.settings.locale)

    def signed(self, cents: int) -> str:
        text = self.money(abs(cents))
        return f"+{text}" if cents > 0 else f"\u2212{text}" if cents < 0 else text

    def player(self, name: str) -> PlayerLine:
        for line in self.players:
            if line.name == name:
                return line
        raise KeyError(name)

    def settle(self, **overrides: object) -> Settlement:
        """Who pays whom: :func:`settle_ledger` with the session's settings."""
        return settle_ledger(self, **overrides)  # type: ignore[arg-type]


# ---------------------------------------------------------------- building it


def _when(hand: int | None, before: bool) -> str:
    if hand is None:
        return "opening"
    return f"before hand {hand}" if before else f"after hand {hand}"


def _entry_order(entry: Entry) -> tuple[float, int]:
    """Opening, then hand by hand (what happened before a hand, in it, after it), then the night's."""
    if entry.when == "opening":
        return -1.0, 0
    if entry.hand is None:
        return float("inf"), 0
    step = -0.5 if entry.when.startswith("before") else 0.5 if entry.when.startswith("after") else 0.0
    return entry.hand + step, 0


def _buy_entries(log: SessionLog, cv: int) -> list[Entry]:
    """Buy-ins, rebuys, departures and cash-outs, in the order of the night."""
    out: list[Entry] = []

    def add(event: object, when: str, hand: int | None, arrived: set[str]) -> None:
        if isinstance(event, SitDown):
            paid = event.stack * cv if event.paid_cents is None else event.paid_cents
            what = "buy-in" if event.player not in arrived else "buys in again"
            arrived.add(event.player)
            out.append(Entry(when, event.player, what, event.stack, -paid, hand, f"{event.player} buys {event.stack} chips"))
        elif isinstance(event, AddChips):
            paid = event.amount * cv if event.paid_cents is None else event.paid_cents
            out.append(Entry(when, event.player, "rebuy", event.amount, -paid, hand, f"{event.player} adds {event.amount} chips"))
        elif isinstance(event, CashOut):
            counted[event.player] = counted.get(event.player, 0) + event.chips
            out.append(Entry(when, event.player, "cash-out", -event.chips, event.chips * cv, hand,
                             f"{event.player} cashes out {event.chips} chips"))
        elif isinstance(event, CountFixed):  # a count corrected after the close: the difference
            change = event.chips - counted.get(event.player, 0)
            counted[event.player] = event.chips
            out.append(Entry(when, event.player, "count corrected", -change, change * cv, hand,
                             f"{event.player}'s count corrected to {event.chips} chips"))

    arrived: set[str] = set()
    counted: dict[str, int] = {}
    for event in log.opening:
        add(event, "opening", None, arrived)
    for hand in log.night.hands:
        for event in hand.changes:
            add(event, _when(hand.number, True), hand.number, arrived)
    last = log.night.hands[-1].number if log.night.hands else None
    for event in log.closing:
        add(event, _when(last, False) if last else "before any hand", last, arrived)
    for _, event in log.money:  # corrections recorded after the close
        if isinstance(event, CountFixed):
            add(event, "corrected", None, arrived)
    return out


def _pool(carry: object) -> int:
    return int(getattr(carry, "pool", 0) or 0)


def _chips_on(stacks: Mapping[str, int], carry: object) -> int:
    return sum(stacks.values()) + getattr(carry, "pot", 0) + _pool(carry)


@dataclass
class _Games:
    """Walks the replayed hands: chips the games put on and take off the table, and their money."""

    cv: int
    money: Callable[[int], str]
    added: int = 0
    removed: int = 0
    undecided: int = 0
    #: chips the game still holds at the end (a pool of a game under way), counted on the table
    held: int = 0
    #: chips a player took away when he left and sat down again later (the replay starts him afresh)
    away: dict[str, int] = field(default_factory=dict)
    games: list[GameMoney] = field(default_factory=list)
    entries: list[Entry] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    cents: dict[str, int] = field(default_factory=dict)

    def book(self, entry: Entry) -> None:
        assert entry.player is not None
        self.cents[entry.player] = self.cents.get(entry.player, 0) + entry.cents
        self.entries.append(entry)


@dataclass
class _Run:
    """A game with money of its own, while it is under way."""

    first: int
    players: tuple[str, ...]
    lv: int = 0  # La Viuda's chip price in cents
    buyback_hand: int | None = None
    buyback_cents: int = 0
    last: int = 0
    carry: object = None  # its carry after its last hand so far
    stacks: dict[str, int] = field(default_factory=dict)  # everyone's chips after its last hand so far
    paid: dict[str, int] = field(default_factory=dict)  # whiskey: chips each paid into the pool


def _is_viuda(carry: object) -> bool:
    """A La Viuda game under way (its fund and buy-back are the night's money)."""
    return getattr(carry, "money", "") == "fund" and not carry.short_pack and carry.started  # type: ignore[attr-defined]


def _is_elimination(carry: object) -> bool:
    """A whiskey poker pool elimination under way (its pool is the night's money)."""
    return getattr(carry, "money", "") == "pool" and carry.started  # type: ignore[attr-defined]


def _end_viuda(walk: _Games, run: _Run, retire: bool) -> None:
    """A La Viuda game ends: its survivor collects the fund, the bank takes back the pool's chips."""
    carry = run.carry
    cv = walk.cv
    winner = carry.winner if carry.game_over else None  # type: ignore[attr-defined]
    kept = run.stacks.get(winner, 0) if winner else 0
    fund = carry.prize_cents  # type: ignore[attr-defined]
    notes: list[str] = []
    if run.lv != cv:
        notes.append(f"La Viuda's chips are priced at {walk.money(run.lv)} (laviuda.chip_value), the table's at {walk.money(cv)}: "
                     "its fund is counted at La Viuda's price")
    if carry.paid_cents is None:  # type: ignore[attr-defined]
        notes.append(f"the La Viuda game of hands {run.first}\u2013{run.last} began before this night: its fund "
                     "holds money paid earlier")
    if winner and fund is not None:
        prize = fund - kept * cv
        walk.book(Entry(f"hand {run.last}", winner, "La Viuda's fund", 0, prize, run.last,
                        f"{winner} survives and collects the fund of {walk.money(fund)}: {kept} chips still on the "
                        f"table, {walk.money(prize)} from the bank"))
    else:
        notes.append(f"the La Viuda game of hands {run.first}\u2013{run.last} did not finish: its fund was not "
                     f"collected and its pool's {carry.pool} chips left the table")  # type: ignore[attr-defined]
    if retire:
        walk.removed += carry.pool  # type: ignore[attr-defined]
    walk.games.append(GameMoney(
        "la_viuda", run.first, run.last, run.players, carry.game_over, winner=winner,  # type: ignore[attr-defined]
        fund_cents=fund, paid_cents=carry.paid_cents, bought_by=carry.bought_by,  # type: ignore[attr-defined]
        buyback_hand=run.buyback_hand, buyback_cents=run.buyback_cents, pool=carry.pool,  # type: ignore[attr-defined]
        kept_chips=kept, notes=tuple(notes)))
    walk.notes.extend(notes)


def _end_elimination(walk: _Games, run: _Run, retire: bool) -> None:
    """A whiskey pool elimination ends: the pool's chips go back to those who paid them."""
    carry = run.carry
    for name in sorted(run.paid, key=name_key):
        cents = run.paid[name] * walk.cv
        walk.book(Entry(f"hand {run.last}", name, "whiskey pool", 0, cents, run.last,
                        f"{name} takes back the {run.paid[name]} chips paid into the whiskey pool "
                        "(in the elimination game chips have no money value)"))
    if retire:
        walk.removed += carry.pool  # type: ignore[attr-defined]
    walk.games.append(GameMoney("whiskey_elimination", run.first, run.last, run.players,
                                carry.game_over, loser=carry.whisky_payer, pool=carry.pool))  # type: ignore[attr-defined]


def _under_way(walk: _Games, game: str, run: _Run) -> None:
    carry = run.carry
    walk.held += carry.pool  # type: ignore[attr-defined]
    walk.games.append(GameMoney(game, run.first, run.last, run.players, False,
                                fund_cents=getattr(carry, "prize_cents", None), paid_cents=getattr(carry, "paid_cents", None),
                                bought_by=getattr(carry, "bought_by", None), pool=carry.pool,  # type: ignore[attr-defined]
                                buyback_hand=run.buyback_hand, buyback_cents=run.buyback_cents,
                                notes=("the game is under way",)))


def _walk_games(replayed: ReplayedNight, cv: int, closed: bool, money: Callable[[int], str]) -> _Games:
    """Chips created and removed hand by hand (each hand's chips before and after, pools included),
    and the money of the La Viuda and whiskey elimination games."""
    walk = _Games(cv, money)
    stacks = {seat.name: seat.stack for seat in replayed.night.seats}
    viuda: _Run | None = None
    whiskey: _Run | None = None
    for hand in replayed:
        setup, outcome = hand.replay.setup, hand.replay.outcome
        number = setup.number
        for change in hand.entry.changes:  # arrivals and rebuys before this hand
            if isinstance(change, SitDown):
                if stacks.get(change.player):  # back after leaving: he took his chips with him
                    walk.away[change.player] = walk.away.get(change.player, 0) + stacks[change.player]
                stacks[change.player] = change.stack
            elif isinstance(change, AddChips):
                stacks[change.player] = stacks.get(change.player, 0) + change.amount
        carry_in, carry_out = setup.carry_in, outcome.next_hand.carry
        before = _chips_on(stacks, carry_in)
        stacks.update(outcome.stacks)
        delta = _chips_on(stacks, carry_out) + outcome.undecided + outcome.in_middle - before
        walk.added += max(delta, 0)
        walk.removed += max(-delta, 0)
        walk.undecided += outcome.undecided

        if viuda is not None and not (_is_viuda(carry_in) and _is_viuda(carry_out)):
            _end_viuda(walk, viuda, retire=False)  # the night left the game: its pool went with it (delta)
            viuda = None
        if _is_viuda(carry_out):
            if viuda is None:
                viuda = _Run(number, setup.names, lv=int(setup.rulebook.options["laviuda.chip_value"]) * 100)
            had = carry_in.bought_by if _is_viuda(carry_in) else None  # type: ignore[attr-defined]
            who = carry_out.bought_by  # type: ignore[attr-defined]
            if who and who != had and carry_out.paid_cents is not None:  # type: ignore[attr-defined]
                viuda.buyback_hand, viuda.buyback_cents = number, 2 * viuda.lv
                walk.book(Entry(f"hand {number}", who, "La Viuda bought", 0, -2 * viuda.lv, number,
                                f"{who} buys La Viuda: twice a chip's price, into the fund"))
            viuda.last, viuda.carry, viuda.stacks = number, carry_out, dict(stacks)

        if whiskey is not None and not (_is_elimination(carry_in) and _is_elimination(carry_out)):
            _end_elimination(walk, whiskey, retire=False)
            whiskey = None
        if _is_elimination(carry_out):
            if whiskey is None:
                whiskey = _Run(number, setup.names)
            for penalty in outcome.penalties:
                if penalty.payee is None:
                    whiskey.paid[penalty.payer] = whiskey.paid.get(penalty.payer, 0) + penalty.amount
            whiskey.last, whiskey.carry, whiskey.stacks = number, carry_out, dict(stacks)

    for game, run, end in (("la_viuda", viuda, _end_viuda), ("whiskey_elimination", whiskey, _end_elimination)):
        if run is None:
            continue
        if run.carry.game_over or closed:  # type: ignore[attr-defined]
            end(walk, run, retire=True)  # type: ignore[operator]
        else:
            _under_way(walk, game, run)
    return walk


def _pro_rata(total: int, weights: Sequence[tuple[str, int]]) -> list[tuple[str, int]]:
    """``total`` cents split in proportion to ``weights`` (largest remainders, ties in name order)."""
    whole = sum(w for _, w in weights)
    if not whole or not total:
        return []
    sign = 1 if total > 0 else -1
    amount = abs(total)
    shares = [(name, amount * w // whole, amount * w % whole) for name, w in weights]
    left = amount - sum(s for _, s, _ in shares)
    order = sorted(range(len(shares)), key=lambda i: (-shares[i][2], name_key(shares[i][0])))
    bump = set(order[:left])
    return [(name, sign * (s + (1 if i in bump else 0))) for i, (name, s, _) in enumerate(shares)
            if s + (1 if i in bump else 0)]


def build_ledger(log: SessionLog, replayed: ReplayedNight, people: Mapping[str, str] | None = None) -> SessionLedger:
    """The ledger of a session from its log and the replay of its night (see the module docstring)."""
    game = log.session
    cv = game.chip_value_cents
    table = log.table
    closed = game.status == "closed"
    settings = money_settings((e.name, e.value) for _, e in log.money if isinstance(e, LedgerSetting))
    payments = tuple(Transfer(e.payer, e.payee, e.cents) for _, e in log.money if isinstance(e, TransferPaid))
    bills = tuple(e for _, e in log.money if isinstance(e, WhiskyBill))
    people = dict(people or {})

    def m(cents: int) -> str:
        from referee.money import format_money

        return format_money(cents, settings.currency, settings.locale)

    walk = _walk_games(replayed, cv, closed, m)
    notes = list(walk.notes)
    # the whisky bill: owed by the whiskey game's loser to whoever paid for the drinks
    losers = sorted({g.loser for g in walk.games if g.game == "whiskey_elimination" and g.loser}, key=name_key)
    for bill in bills:
        if not losers:
            notes.append(f"the whisky bill ({m(bill.cents)}, paid by {bill.paid_by}) is not charged: no whiskey "
                         "pool elimination game decided who pays for the whisky")
            continue
        for payer, share in _pro_rata(bill.cents, [(n, 1) for n in losers]):
            if payer == bill.paid_by:
                continue
            walk.book(Entry("the night", payer, "whisky bill", 0, -share, None,
                            f"{payer} lost the whiskey game and pays for the whisky"))
            walk.book(Entry("the night", bill.paid_by, "whisky bill", 0, share, None,
                            f"{bill.paid_by} paid for the whisky"))
    entries = sorted(_buy_entries(log, cv) + walk.entries, key=_entry_order)
    final = {name: chips + walk.away.get(name, 0) for name, chips in replayed.result.stacks.items()}
    if not len(replayed):  # nothing played: the opening stacks
        final = {seat.name: seat.stack for seat in log.night.seats}
    for event in log.closing:  # bought after the last hand: on the table, never played
        if isinstance(event, SitDown):
            final[event.player] = final.get(event.player, 0) + event.stack
        elif isinstance(event, AddChips):
            final[event.player] = final.get(event.player, 0) + event.amount
    from referee.ledger.counting import confirmations, ended_hand

    _, given_back = ended_hand(log, replayed)  # a hand in play the close ended by rule (house.90)
    for name, chips in given_back.items():
        final[name] = final.get(name, 0) + chips
    names = list(table.known.values())

    cashed_out = {name: chips for name, chips in table.cashed.items()}
    provisional = tuple(n for n in names if n not in cashed_out)
    raw: dict[str, int] = {}
    for name in names:
        counted = cashed_out.get(name, final.get(name, 0))
        raw[name] = counted * cv - table.paid.get(name, 0) + walk.cents.get(name, 0)
    for name in walk.cents:  # a banker or host from outside the night who paid the whisky
        if name not in raw:
            raw[name] = walk.cents[name]
            names.append(name)

    middle = walk.held
    if len(replayed):
        last = replayed.hands[-1].replay.outcome
        middle += getattr(last.next_hand.carry, "pot", 0) + last.in_middle - sum(given_back.values())
    check = ChipCheck(
        bought=sum(table.bought.values()),
        added_by_games=walk.added,
        removed_by_games=walk.removed,
        cashed=sum(cashed_out.values()),
        on_table=sum(final.get(n, 0) for n in provisional),
        middle=middle,
        undecided=walk.undecided,
    )

    # the difference and its parts
    total = sum(raw.values())
    parts: list[tuple[str, int]] = []
    counts = {n: cashed_out[n] - final.get(n, 0) for n in cashed_out if cashed_out[n] != final.get(n, 0)}
    confirmed = confirmations(log)
    for name in sorted(counts, key=name_key):
        chips = counts[name]
        fact = confirmed.get(name)
        by = (f", confirmed by {fact.by}" if fact is not None
              and (fact.counted, fact.log_says) == (cashed_out[name], final.get(name, 0)) else "")
        parts.append((f"{name} cashed out {cashed_out[name]} chips, {abs(chips)} {'more' if chips > 0 else 'fewer'} "
                      f"than the log gives ({final.get(name, 0)}){by}", chips * cv))
    left = middle + walk.undecided
    if left:
        where = []
        if middle:
            where.append(f"{middle} in the middle at the end")
        if walk.undecided:
            where.append(f"{walk.undecided} in pots undecided until cards are shown")
        parts.append((f"{left} chips nobody holds ({', '.join(where)})", -left * cv))
    face = {n: table.bought.get(n, 0) * cv - table.paid.get(n, 0) for n in names}
    for name in sorted((n for n in face if face[n]), key=name_key):
        parts.append((f"{name} paid {m(table.paid.get(name, 0))} for chips worth {m(table.bought.get(name, 0) * cv)}",
                      face[name]))
    explained = sum(c for _, c in parts)
    if total != explained:
        parts.append(("the games' money and chips (see the notes)", total - explained))

    policy = settings.shortfall_words
    shares: list[tuple[str, int]] = []
    if total:
        if settings.shortfall == "banker":
            if not settings.banker:
                raise InputError(
                    f"session {game.id}'s money does not balance by {total} cents and its shortfall policy is "
                    "'banker' with no banker named", hint=f"name one: referee settle {game.id} --set banker=NAME")
            shares = [(settings.banker, -total)]
        else:
            losing = [(n, -raw[n]) for n in sorted(raw, key=name_key) if raw[n] < 0]
            if not losing:
                losing = [(n, 1) for n in sorted(raw, key=name_key)]
                policy += ": nobody lost, so shared equally"
            shares = _pro_rata(-total, losing)
    absorbed = dict(shares)
    lines = []
    for name in sorted(names, key=name_key):
        lines.append(PlayerLine(
            name=name, player=people.get(name, name), bought=table.bought.get(name, 0),
            paid_cents=table.paid.get(name, 0), cashed=cashed_out.get(name), log_chips=final.get(name, 0),
            games_cents=walk.cents.get(name, 0), absorbed_cents=absorbed.get(name, 0),
            balance_cents=raw[name] + absorbed.get(name, 0),
        ))
    for name, cents in shares:
        entries.append(Entry("the night", name, total > 0 and "shortfall" or "overage", 0, cents, None,
                             f"{name}'s share of the {'shortfall' if total > 0 else 'overage'} ({policy})"))
    if provisional and closed:
        notes.append("closed with players who never cashed out: " + ", ".join(provisional))
    return SessionLedger(
        session_id=game.id, table=game.table_name, status=game.status, chip_value_cents=cv, settings=settings,
        players=tuple(lines), entries=tuple(entries), check=check,
        difference=Difference(total, tuple(parts), policy, tuple(shares)),
        games=tuple(walk.games), payments=payments, whisky_bills=bills, notes=tuple(notes), provisional=provisional,
    )


def people_of(store: Store, session_id: int) -> dict[str, str]:
    """Each seat name of the session and the person (the store's player) it is."""
    players = {p.id: p.name for p in store.players()}
    return {s.name: players.get(s.player_id, s.name) for s in store.seats(session_id)}


def session_ledger(store: Store, session_id: int, snapshot: LogSnapshot | None = None,
                   ) -> tuple[SessionLedger, SessionLog, ReplayedNight]:
    """Read session ``session_id`` from the store (or from ``snapshot``, read from it already), replay
    it and build its ledger."""
    from referee.handfile.replay import replay_night_file
    from referee.session_log import read_session_log

    log = read_session_log(snapshot if snapshot is not None else store.snapshot(session_id))
    replayed = replay_night_file(log.night)
    return build_ledger(log, replayed, people_of(store, session_id)), log, replayed


# ---------------------------------------------------------------- settling it


def settle_ledger(
    ledger: SessionLedger,
    *,
    method: str = "auto",
    banker: str | None = None,
    prefer: Iterable[tuple[str, str]] | None = None,
    forbid: Iterable[tuple[str, str]] | None = None,
    paid: Iterable[Transfer] | None = None,
) -> Settlement:
    """Who pays whom for the session: its balances, its settings (settle mode, banker, pairs), the
    payments recorded in its log; any argument given replaces the setting."""
    from referee.ledger.settlement import settle

    s = ledger.settings
    if banker is None and s.settle == "banker":
        if not s.banker:
            raise InputError("the session settles through a banker, but names none",
                             hint=f"name one: referee settle {ledger.session_id} --set banker=NAME")
        banker = s.banker
    return settle(
        ledger.balances(),
        method=method,  # type: ignore[arg-type]
        banker=banker,
        preferred=s.prefer if prefer is None else prefer,
        forbidden=s.forbid if forbid is None else forbid,
        paid=ledger.payments if paid is None else paid,
        money=ledger.money,
    )


__all__ = [
    "ChipCheck",
    "Difference",
    "Entry",
    "GameMoney",
    "PlayerLine",
    "SessionLedger",
    "build_ledger",
    "people_of",
    "session_ledger",
    "settle_ledger",
]
