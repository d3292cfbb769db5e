"""One session's ledger: what each player put in, took out and won, in integer cents, derived from
the log and its replay alone.

**What it reads.**  The session log (:func:`referee.recording.session_log.session_log`): buy-ins (the opening
``SitDown`` events and late arrivals), rebuys (``AddChips``), cash-outs (``CashOut``: chips counted at
the table), the chip value, the money settings (:mod:`referee.money.settings`), payments
(``TransferPaid``) and the whisky bill (``WhiskyBill``).  The replay of the night
(:func:`referee.handfile.replay.replay_night_file`): what the night thread recorded of each hand
(:class:`~referee.engine.night.NightStep`: every player's stack before and after it, what the night
events did, the carries), chips left in the middle, penalties, and the games' own money, which each
game reports through its money hook (:mod:`referee.engine.money`).  The ledger computes no stack and
names no game: it adds up.  A ruling the table decided is part of the replay (``referee.handfile.rulings``), so
the ledger follows it with no code of its own.

**The games' money.**  Chips are worth the session's chip value, in every game.  A game with money
of its own says what it moves through its class's money hook (``night_money``, a
:class:`~referee.engine.money.NightMoney`), in its own module: La Viuda's fund and buy-back
(``LaViudaFund``), the whiskey pool's chips and the whisky bill (``WhiskeyPool``).  The ledger books
the lines they report, the chips they take off the table or still hold, and their notes.

**The conservation check.**  Chips bought (plus chips a game put on the table, less those it took off)
= chips cashed out + chips still on the table (stacks not cashed out, a pot carried to a next deal, a
game's pool, chips in the middle of an unfinished hand, pots undecided until cards are shown).  When
a count differs from what the log gives a player, the check fails by that many chips.

**The shortfall or overage.**  The balances (cashed out, less paid in, plus the games' money) sum to
zero only when every chip is accounted for at face value.  Otherwise the night is short (the winners
are owed more than there is) or over (money is left over), as :mod:`referee.report.words` says it; its parts are listed
(counts that differ from the log, chips left in the middle, money paid other than the chips' value,
a game left unfinished) and it is absorbed by the session's ``shortfall`` setting: pro rata to the
losers, or by the banker.  It is never dropped silently.

A session still open is valued as it stands: a player who has not cashed out counts the chips the
log gives him (``provisional``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from referee.engine.events import AddChips, CashOut, CountFixed, LedgerSetting, SitDown, TransferPaid, WhiskyBill
from referee.engine.games import find_game, money_hooks
from referee.engine.money import GameMoney, GameMoneyReport, MoneyLine, NightMoney, pro_rata
from referee.errors import InputError
from referee.handfile.replay import replay_night_file
from referee.i18n import _
from referee.i18n.said import Said, said_later, said_plural
from referee.ledger.counting import confirmations, ended_hand_after
from referee.ledger.settlement import Transfer, name_order, settle
from referee.money import format_money, format_signed
from referee.money.settings import MissingSetting, MoneySettings, money_settings
from referee.recording.session_log import read_session_log

if TYPE_CHECKING:
    from referee.engine.night import NightResult, NightStep
    from referee.engine.replay import HandReplay
    from referee.handfile.replay import ReplayedHand, ReplayedNight
    from referee.ledger.settlement import Method, Settlement
    from referee.recording.session_log import LogSnapshot, SessionLog
    from referee.store.store import Store


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
    #: his share of what the night is short (−) or over (+)
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
    """The money the balances do not account for: + the night is short, − it is over; its parts, and who
    absorbs it under which policy."""

    cents: int
    parts: tuple[tuple[str, int], ...]
    policy: str
    shares: tuple[tuple[str, int], ...] = ()
    #: the night is still open: what nobody holds yet (a pot in play, chips not cashed out) is only so far
    open_night: bool = False

    @property
    def kind(self) -> str:
        return "shortfall" if self.cents > 0 else "overage" if self.cents < 0 else "none"


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
        return format_money(cents, self.settings.currency, self.settings.money_locale)

    def signed(self, cents: int) -> str:
        return format_signed(cents, self.settings.currency, self.settings.money_locale)

    def player(self, name: str) -> PlayerLine:
        for line in self.players:
            if line.name == name:
                return line
        raise KeyError(name)

    def settle(self, **overrides: Any) -> Settlement:
        """Who pays whom: :func:`settle_ledger` with the session's settings."""
        return settle_ledger(self, **overrides)


# ---------------------------------------------------------------- building it


#: where in the night a ledger entry happened (kept in English, said in the reader's language)
OPENING = said_later("opening")


def _when(hand: int | None, before: bool) -> str:
    if hand is None:
        return OPENING
    return said_later("before hand {hand}", hand=hand) if before else said_later("after hand {hand}", hand=hand)


def policy_words(settings: MoneySettings, nobody_lost: bool = False) -> Said:
    """Who absorbs what the night is short or over, under the session's ``shortfall`` setting:
    ``pro rata to the losers (the default)``, ``to the banker (Ann)``."""
    if settings.shortfall == "banker":
        how = (said_later("to the banker ({banker})", banker=settings.banker) if settings.banker
               else said_later("to the banker (no banker named)"))
    else:
        how = said_later("pro rata to the losers")
    if "shortfall" not in settings.set_in_log:
        how = said_later("{policy} (the default)", policy=how)
    return said_later("{policy}: nobody lost, so shared equally", policy=how) if nobody_lost else how


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
            out.append(Entry(when, event.player, what, event.stack, -paid, hand,
                             said_plural(event.stack, "{player} buys {count} chip", "{player} buys {count} chips",
                                     player=event.player)))
        elif isinstance(event, AddChips):
            paid = event.amount * cv if event.paid_cents is None else event.paid_cents
            out.append(Entry(when, event.player, "rebuy", event.amount, -paid, hand,
                             said_plural(event.amount, "{player} adds {count} chip", "{player} adds {count} chips",
                                     player=event.player)))
        elif isinstance(event, CashOut):
            cashed_so_far[event.player] = cashed_so_far.get(event.player, 0) + event.chips
            out.append(Entry(when, event.player, "cash-out", -event.chips, event.chips * cv, hand,
                             said_plural(event.chips, "{player} cashes out {count} chip",
                                     "{player} cashes out {count} chips", player=event.player)))
        elif isinstance(event, CountFixed):  # a count corrected after the close: the difference
            change = event.chips - cashed_so_far.get(event.player, 0)
            cashed_so_far[event.player] = event.chips
            out.append(Entry(when, event.player, "count corrected", -change, change * cv, hand,
                             said_plural(event.chips, "{player}'s count corrected to {count} chip",
                                     "{player}'s count corrected to {count} chips", player=event.player)))

    arrived: set[str] = set()
    cashed_so_far: dict[str, int] = {}
    for event in log.opening:
        add(event, "opening", None, arrived)
    for hand in log.night.hands:
        for event in hand.changes:
            add(event, _when(hand.number, True), hand.number, arrived)
    last = log.night.hands[-1].number if log.night.hands else None
    for event in log.closing:
        add(event, _when(last, False) if last else said_later("before any hand"), last, arrived)
    for _, event in log.money:  # corrections recorded after the close
        if isinstance(event, CountFixed):
            add(event, said_later("corrected"), None, arrived)
    return out


def _pool(carry: object) -> int:
    return int(getattr(carry, "pool", 0) or 0)


def _chips_on(stacks: Mapping[str, int], carry: object) -> int:
    return sum(stacks.values()) + getattr(carry, "pot", 0) + _pool(carry)


@dataclass
class _Games:
    """Walks the night thread's record: chips the games put on and take off the table, and the
    money the games' own hooks report."""

    cv: int
    money: Callable[[int], str]
    added: int = 0
    removed: int = 0
    undecided: int = 0
    #: chips the game still holds at the end (a pool of a game under way), counted on the table
    held: int = 0
    games: list[GameMoney] = field(default_factory=list)
    entries: list[Entry] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    cents: dict[str, int] = field(default_factory=dict)

    def book(self, line: MoneyLine) -> None:
        when = said_later("the night") if line.hand is None else said_later("hand {hand}", hand=line.hand)
        self.cents[line.player] = self.cents.get(line.player, 0) + line.cents
        self.entries.append(Entry(when, line.player, line.what, 0, line.cents, line.hand, line.text))

    def report(self, report: GameMoneyReport) -> None:
        for line in report.lines:
            self.book(line)
        self.removed += report.removed
        self.held += report.held
        self.games.append(report.game)
        self.notes.extend(report.notes)


class GameWalk:
    """Walks the night thread's record hand by hand (:meth:`hand`, as each is replayed): chips created
    and removed (each hand's chips before and after, pools included), and the money each game's hook
    reports; :meth:`end` closes the walk."""

    def __init__(self, cv: int, money: Callable[[int], str]) -> None:
        self.walk = _Games(cv, money)
        self.runs: dict[type[NightMoney], NightMoney] = {}  # the games with money of their own under way

    def hand(self, hand: HandReplay, step: NightStep) -> None:
        walk, runs = self.walk, self.runs
        setup, outcome = hand.setup, hand.outcome
        carry_in, carry_out = step.carry_in, step.carry_out
        delta = (_chips_on(step.after, carry_out) + outcome.undecided + outcome.in_middle
                 - _chips_on(step.before, carry_in))
        walk.added += max(delta, 0)
        walk.removed += max(-delta, 0)
        walk.undecided += outcome.undecided

        for kind, run in list(runs.items()):
            if not (kind.under_way(carry_in) and kind.under_way(carry_out)):
                walk.report(run.end(retire=False))  # the night left the game: its pool went with it (delta)
                del runs[kind]
        hook = find_game(setup.rulebook.game).night_money
        if hook is not None and hook.under_way(carry_out):
            if hook not in runs:
                runs[hook] = hook.starting(step, setup, walk.cv, walk.money)
            for line in runs[hook].hand(step, setup, outcome):
                walk.book(line)

    def end(self, closed: bool) -> _Games:
        for run in self.runs.values():
            self.walk.report(run.end(retire=True) if run.over() or closed else run.standing())
        self.runs = {}
        return self.walk


def _pro_rata(total: int, weights: Sequence[tuple[str, int]]) -> list[tuple[str, int]]:
    """``total`` cents split in proportion to ``weights`` (largest remainders, ties in name order)."""
    return pro_rata(total, weights)


def build_ledger(log: SessionLog, replayed: ReplayedNight, people: Mapping[str, str] | None = None) -> SessionLedger:
    """The ledger of a session from its log and the replay of its night (see the module docstring)."""
    walk = game_walk(log)
    for hand, step in zip(replayed.result.hands, replayed.result.steps, strict=True):
        walk.hand(hand, step)
    return walked_ledger(log, walk, replayed.result, replayed.hands[-1] if len(replayed) else None, people)


def game_walk(log: SessionLog) -> GameWalk:
    """The walk of ``log``'s night for its ledger, to be given each hand as it is replayed."""
    return GameWalk(log.session.chip_value_cents, _money_words(log))


def _money_words(log: SessionLog) -> Callable[[int], str]:
    settings = money_settings((e.name, e.value) for _, e in log.money if isinstance(e, LedgerSetting))

    def m(cents: int) -> str:
        # the notes are English words kept with the night's figures: their money in the night's own
        # locale, never in the language of whoever first read them
        return format_money(cents, settings.currency, settings.locale)

    return m


def walked_ledger(log: SessionLog, walker: GameWalk, result: NightResult, last: ReplayedHand | None,
                  people: Mapping[str, str] | None = None) -> SessionLedger:
    """The ledger of a session whose night was walked hand by hand (``walker``, given every hand;
    ``result``, the night's result; ``last``, its last hand)."""
    game = log.session
    cv = game.chip_value_cents
    table = log.table
    closed = game.status == "closed"
    settings = money_settings((e.name, e.value) for _, e in log.money if isinstance(e, LedgerSetting))
    payments = tuple(Transfer(e.payer, e.payee, e.cents) for _, e in log.money if isinstance(e, TransferPaid))
    bills = tuple(e for _, e in log.money if isinstance(e, WhiskyBill))
    people = dict(people or {})
    m = walker.walk.money

    walk = walker.end(closed)
    notes = list(walk.notes)
    if log.money:  # the night's money the games settle once they are done (a game's bill)

        events = [e for _, e in log.money]
        for hook in money_hooks():
            lines, hook_notes = hook.night(walk.games, events, m)
            for line in lines:
                walk.book(line)
            notes.extend(hook_notes)
    entries = sorted(_buy_entries(log, cv) + walk.entries, key=_entry_order)
    final = result.holding(log.closing)  # the chips the log gives each player at the end

    ended_by_rule, given_back = ended_hand_after(log, last)  # a hand in play the close ended by rule (house.90)
    for name, chips in given_back.items():
        final[name] = final.get(name, 0) + chips
    names = list(table.known.values())

    cashed_out = {name: chips for name, chips in table.cashed.items()}
    provisional = tuple(n for n in names if n not in cashed_out)
    raw: dict[str, int] = {}
    for name in names:
        chips_counted = cashed_out.get(name, final.get(name, 0))
        raw[name] = chips_counted * cv - table.paid.get(name, 0) + walk.cents.get(name, 0)
    for name in walk.cents:  # a banker or host from outside the night who paid the whisky
        if name not in raw:
            raw[name] = walk.cents[name]
            names.append(name)

    middle, undecided = walk.held, walk.undecided
    if last is not None:
        ended = last.replay.outcome
        held = ended.in_middle
        if ended_by_rule is not None:  # its undecided pot was given back by the rule, not left waiting
            held += ended.undecided
            undecided -= ended.undecided
        middle += getattr(ended.next_hand.carry, "pot", 0) + held - sum(given_back.values())
    check = ChipCheck(
        bought=sum(table.bought.values()),
        added_by_games=walk.added,
        removed_by_games=walk.removed,
        cashed=sum(cashed_out.values()),
        on_table=sum(final.get(n, 0) for n in provisional),
        middle=middle,
        undecided=undecided,
    )

    # the difference and its parts
    total = sum(raw.values())
    parts: list[tuple[str, int]] = []
    counts = {n: cashed_out[n] - final.get(n, 0) for n in cashed_out if cashed_out[n] != final.get(n, 0)}
    confirmed = confirmations(log)
    for name in sorted(counts, key=name_order):
        chips = counts[name]
        fact = confirmed.get(name)
        confirmed_by = (fact.by if fact is not None
                        and (fact.counted, fact.log_says) == (cashed_out[name], final.get(name, 0)) else None)
        values = {"player": name, "chips": abs(chips), "log": final.get(name, 0), "by": confirmed_by}
        if chips > 0:
            words = (said_plural(cashed_out[name], "{player} cashed out {count} chip, {chips} more than the log gives ({log})",
                             "{player} cashed out {count} chips, {chips} more than the log gives ({log})", **values)
                     if confirmed_by is None else
                     said_plural(cashed_out[name], "{player} cashed out {count} chip, {chips} more than the log gives ({log}), "
                             "confirmed by {by}", "{player} cashed out {count} chips, {chips} more than the log gives "
                             "({log}), confirmed by {by}", **values))
        else:
            words = (said_plural(cashed_out[name], "{player} cashed out {count} chip, {chips} fewer than the log gives ({log})",
                             "{player} cashed out {count} chips, {chips} fewer than the log gives ({log})", **values)
                     if confirmed_by is None else
                     said_plural(cashed_out[name], "{player} cashed out {count} chip, {chips} fewer than the log gives "
                             "({log}), confirmed by {by}", "{player} cashed out {count} chips, {chips} fewer than the log "
                             "gives ({log}), confirmed by {by}", **values))
        parts.append((words, chips * cv))
    left = middle + undecided
    if left:
        where = []
        if middle:
            where.append(said_later("{count} in the middle at the end", count=middle) if closed
                         else said_later("{count} in the middle now", count=middle))
        if undecided:
            where.append(said_later("{count} in pots undecided until cards are shown", count=undecided))
        parts.append((said_plural(left, "{count} chip nobody holds ({where})", "{count} chips nobody holds ({where})",
                              where=where[0] if len(where) == 1 else said_later("{first}, {second}", first=where[0],
                                                                           second=where[1])), -left * cv))
    face = {n: table.bought.get(n, 0) * cv - table.paid.get(n, 0) for n in names}
    for name in sorted((n for n in face if face[n]), key=name_order):
        parts.append((said_later("{player} paid {paid} for chips worth {worth}", player=name, paid=m(table.paid.get(name, 0)),
                           worth=m(table.bought.get(name, 0) * cv)), face[name]))
    explained = sum(c for _, c in parts)
    if total != explained:
        parts.append((said_later("the games' money and chips (see the notes)"), total - explained))

    policy = policy_words(settings)
    shares: list[tuple[str, int]] = []
    direction = "short" if total > 0 else "over"  # the words of referee.report.words
    if total:
        if settings.shortfall == "banker":
            if not settings.banker:
                raise MissingSetting(
                    (_("session {session} is short by {money} and its shortfall setting, who absorbs it, is 'banker' "
                       "with no banker named") if total > 0 else
                     _("session {session} is over by {money} and its shortfall setting, who absorbs it, is 'banker' "
                       "with no banker named")).format(session=game.id, money=m(abs(total))),
                    hint=_("name one: {command}").format(command=f"referee settle {game.id} --set banker=NAME"))
            shares = [(settings.banker, -total)]
        else:
            losing = [(n, -raw[n]) for n in sorted(raw, key=name_order) if raw[n] < 0]
            if not losing:
                losing = [(n, 1) for n in sorted(raw, key=name_order)]
                policy = policy_words(settings, nobody_lost=True)
            shares = _pro_rata(-total, losing)
    absorbed = dict(shares)
    lines = []
    for name in sorted(names, key=name_order):
        lines.append(PlayerLine(
            name=name, player=people.get(name, name), bought=table.bought.get(name, 0),
            paid_cents=table.paid.get(name, 0), cashed=cashed_out.get(name), log_chips=final.get(name, 0),
            games_cents=walk.cents.get(name, 0), absorbed_cents=absorbed.get(name, 0),
            balance_cents=raw[name] + absorbed.get(name, 0),
        ))
    for name, cents in shares:
        entries.append(Entry(said_later("the night"), name, total > 0 and "shortfall" or "overage", 0, cents, None,
                             said_later("{player}'s share of what the night is short ({policy})", player=name, policy=policy)
                             if direction == "short" else
                             said_later("{player}'s share of what the night is over ({policy})", player=name, policy=policy)))
    if provisional and closed:
        notes.append(said_later("closed with players who never cashed out: {players}", players=", ".join(provisional)))
    return SessionLedger(
        session_id=game.id, table=game.table_name, status=game.status, chip_value_cents=cv, settings=settings,
        players=tuple(lines), entries=tuple(entries), check=check,
        difference=Difference(total, tuple(parts), policy, tuple(shares), open_night=not closed),
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
    log = read_session_log(snapshot if snapshot is not None else store.log_snapshot(session_id))
    replayed = replay_night_file(log.night)
    return build_ledger(log, replayed, people_of(store, session_id)), log, replayed


# ---------------------------------------------------------------- settling it


def settle_ledger(
    ledger: SessionLedger,
    *,
    method: Method = "auto",
    banker: str | None = None,
    prefer: Iterable[tuple[str, str]] | None = None,
    forbid: Iterable[tuple[str, str]] | None = None,
    paid: Iterable[Transfer] | None = None,
) -> Settlement:
    """Who pays whom for the session: its balances, its settings (settle mode, banker, pairs), the
    payments recorded in its log; any argument given replaces the setting."""
    s = ledger.settings
    if banker is None and s.settle == "banker":
        if not s.banker:
            raise InputError("the session settles through a banker, but names none",
                             hint=f"name one: referee settle {ledger.session_id} --set banker=NAME")
        banker = s.banker
    return settle(
        ledger.balances(),
        method=method,
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
    "GameWalk",
    "build_ledger",
    "game_walk",
    "people_of",
    "session_ledger",
    "settle_ledger",
    "policy_words",
    "walked_ledger",
]
