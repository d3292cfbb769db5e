"""A session's event log read as a night: the one translation from the store to a hand file's
:class:`~referee.handfile.model.Night`, and the table state the log's night events build up.

The log is the whole truth of a night.  Its shape:

* the session header (rulebook, options, chip value) is the night's header;
* the *opening* is the log's first events: a ``SitDown`` per player in seat order (chips and, when
  not chips x chip value, the money paid) and the ``SetDealer`` of the first dealer that follows;
* after that, an event with no hand number (a *night event*: ``SitDown``, ``Leave``, ``AddChips``,
  ``MoveSeat``, ``SetDealer``, ``ChangeRulebook``, ``ChangeOption``, ``CashOut``) applies from the
  next hand to begin after it in ``seq`` order: it is in that hand's header.  Night events after the
  last hand (cash-outs, a departure) are the night's *closing*;
* a hand's events are the rows with its number, in ``seq`` order; hands begin in number order.

:func:`read_session_log` is a pure translation of what the store holds (no replay); the replay is
built on its :class:`Night`.  Sessions recorded before the log held the night (``log_version`` 1)
are read the way they were recorded: the seats table is the opening seating (a seat registered
after a hand began sits down before the next hand), each hand's ``dealer`` column its dealer.

:class:`TableState` is the table as night events leave it (who sits where, the dealer, the rules in
force, chips bought and cashed out); the store uses it to refuse a night event that does not fit
(Bob leaving when he is not seated) before it is appended.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from typing import TYPE_CHECKING, Any

from referee.engine.events import (
    AddChips,
    CashOut,
    ChangeOption,
    ChangeRulebook,
    GameSoFar,
    Shuffle,
    Event,
    LedgerSetting,
    Leave,
    MoveSeat,
    NightEvent,
    Ruling,
    SetDealer,
    SitDown,
    TransferPaid,
    WhiskyBill,
)
from referee.errors import InputError, StoreError
from referee.money import check_amount
from referee.handfile.model import HandEntry, Night, OptionValue, Seat

if TYPE_CHECKING:
    from referee.store import Store
    from referee.store.chain import ChainReport
    from referee.store.models import EventRow, GameSession, HandRecord, SeatRecord

LOG_FORMAT = "referee-session-log"
LOG_FORMAT_VERSION = 1

#: night events about the money, not the table: kept apart from the hands (:attr:`SessionLog.money`)
#: and recordable into a closed session (a transfer is often paid the next day)
MONEY_EVENTS = (LedgerSetting, TransferPaid, WhiskyBill)


def money(cents: int) -> str:
    """Integer cents as money text: 25 → ``0.25``, 1250 → ``12.50``."""
    sign = "-" if cents < 0 else ""
    whole, part = divmod(abs(cents), 100)
    return f"{sign}{whole}.{part:02d}"


# ------------------------------------------------------------------ words


def night_words(event: NightEvent) -> str:
    """A night event in the scorekeeper's words (the hand format's where it has them)."""
    paying = ""
    if isinstance(event, (SitDown, AddChips)) and event.paid_cents is not None:
        paying = f", paying {money(event.paid_cents)}"
    match event:
        case SitDown():
            return f"{event.player} sits down with {event.stack}" + (f" after {event.after}" if event.after else "") + paying
        case AddChips():
            return f"{event.player} adds {event.amount}{paying}"
        case Leave():
            return f"{event.player} leaves"
        case MoveSeat():
            return f"{event.player} moves " + (f"after {event.after}" if event.after else "to the last seat")
        case SetDealer():
            return f"dealer: {event.player}" if event.player is not None else "dealer: not known"
        case ChangeRulebook():
            return f"rulebook: {event.rulebook}"
        case ChangeOption():
            return f"option {event.name} = {event.value}"
        case CashOut():
            return f"{event.player} cashes out {event.chips}"
        case Shuffle():
            return "shuffled"
        case GameSoFar():
            from referee.handfile.writer import write_so_far

            return write_so_far(event)
        case Ruling():
            by = "the table decided" if event.decided_by == "table" else "ruled from the log"
            return f"ruling on hand {event.hand}, action {event.action} ({by}): {event.ruling}"
        case LedgerSetting():
            return f"ledger {event.name} = {event.value}"
        case TransferPaid():
            return f"{event.payer} paid {event.payee} {money(event.cents)}"
        case WhiskyBill():
            return f"the whisky: {money(event.cents)}, paid by {event.paid_by}"
    raise AssertionError(f"no words for night event {event!r}")


def event_words(event: Event) -> str:
    """Any event in the scorekeeper's words: ``Bob: raises to 4``, ``Eve sits down with 50``."""
    if isinstance(event, NightEvent):
        return night_words(event)
    from referee.handfile.writer import EventWriter

    return EventWriter("").line(event)


def in_hand_format(event: NightEvent) -> bool:
    """Whether a hand file can say it (it has no seat moves, cash-outs or money paid)."""
    if isinstance(event, (MoveSeat, CashOut, Ruling, *MONEY_EVENTS)):
        return False
    return not (isinstance(event, (SitDown, AddChips)) and event.paid_cents is not None)


# ------------------------------------------------------------------ the table between hands



def _key(name: str) -> str:
    return " ".join(name.split()).casefold()


def _whole(value: object, what: str, minimum: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < minimum:
        raise InputError(f"{what} must be a whole number of at least {minimum}, not {value!r}",
                         hint="chips and money are whole numbers (chips, cents)")
    return check_amount(value, what)


@dataclass
class TableState:
    """The table as the night events so far leave it.  :meth:`apply` checks one more event against
    it, returns the event with names spelled as seated, and records it."""

    rulebook: str
    options: dict[str, OptionValue]
    chip_value_cents: int
    seats: list[str] = field(default_factory=list)  # clockwise, as seated now
    dealer: str | None = None  # the last SetDealer
    bought: dict[str, int] = field(default_factory=dict)  # chips, sit-downs and adds
    paid: dict[str, int] = field(default_factory=dict)  # cents
    cashed: dict[str, int] = field(default_factory=dict)  # chips counted at cash-out
    due: list[str] = field(default_factory=list)  # sat down and not cashed out since
    known: dict[str, str] = field(default_factory=dict)  # name key -> name, everyone seated tonight

    def _seated_text(self) -> str:
        return "seated: " + (", ".join(self.seats) or "nobody yet")

    def name(self, typed: str) -> str | None:
        """The name as seated tonight of someone called ``typed`` (any case), or None."""
        return self.known.get(_key(typed)) if isinstance(typed, str) else None

    def seated(self, typed: str, what: str) -> str:
        name = self.name(typed)
        if name is None or name not in self.seats:
            raise InputError(f"{typed!r} is not at the table: {what}", hint=self._seated_text())
        return name

    def _after(self, typed: str | None, player: str) -> str | None:
        if typed is None:
            return None
        after = self.seated(typed, f"{player} cannot sit after him")
        if after == player:
            raise InputError(f"{player} cannot sit after himself", hint=self._seated_text())
        return after

    def _place(self, player: str, after: str | None) -> None:
        self.seats.insert(self.seats.index(after) + 1 if after else len(self.seats), player)

    def _buy(self, player: str, chips: int, paid_cents: int | None) -> None:
        if paid_cents is not None:
            _whole(paid_cents, f"the money {player} paid (cents)", 0)
        cost = chips * self.chip_value_cents if paid_cents is None else paid_cents
        check_amount(sum(self.bought.values()) + chips, "the chips bought at the table in all")  # so no stack, pot
        check_amount(sum(self.paid.values()) + cost, "the money paid for chips in all (cents)")  # or sum can pass it
        self.bought[player] = self.bought.get(player, 0) + chips
        self.paid[player] = self.paid.get(player, 0) + cost

    def apply(self, event: NightEvent) -> NightEvent:  # noqa: C901 - one branch per night event
        """Check ``event`` against the table, record it; the event with names as seated.
        Raises InputError when it does not fit (the table is then unchanged)."""
        match event:
            case SitDown():
                player = self.name(event.player) or " ".join(event.player.split())
                if player in self.seats:
                    raise InputError(f"{player} is already seated", hint="each player sits once")
                stack = _whole(event.stack, f"{player}'s buy-in (chips)", 0)
                after = self._after(event.after, player)
                self._buy(player, stack, event.paid_cents)
                self.known[_key(player)] = player
                self._place(player, after)
                if player not in self.due:
                    self.due.append(player)
                return replace(event, player=player, after=after)
            case AddChips():
                player = self.seated(event.player, "only a seated player adds chips")
                self._buy(player, _whole(event.amount, f"the chips {player} adds", 1), event.paid_cents)
                return replace(event, player=player)
            case Leave():
                player = self.seated(event.player, "only a seated player can leave")
                self.seats.remove(player)
                return replace(event, player=player)
            case MoveSeat():
                player = self.seated(event.player, "only a seated player changes seats")
                after = self._after(event.after, player)
                self.seats.remove(player)
                self._place(player, after)
                return replace(event, player=player, after=after)
            case SetDealer() if event.player is None:  # the opening: who deals first is not known
                self.dealer = None
                return event
            case SetDealer():
                player = self.name(event.player)
                if player is None or player not in self.seats:
                    raise InputError(f"dealer {event.player!r} is not seated", hint=self._seated_text())
                self.dealer = player
                return replace(event, player=player)
            case ChangeRulebook():
                if not isinstance(event.rulebook, str) or not event.rulebook.strip():
                    raise InputError("a rulebook change names no rulebook", hint="name a shipped rulebook or a file")
                self.rulebook, self.options = event.rulebook, {}
                return event
            case ChangeOption():
                if not isinstance(event.name, str) or not event.name.strip():
                    raise InputError("an option change names no option", hint="write NAME=VALUE")
                if isinstance(event.value, bool) or not isinstance(event.value, (str, int)):
                    raise InputError(f"option {event.name} = {event.value!r}: a value is text or a whole number")
                self.options[event.name] = event.value
                return event
            case Shuffle() | GameSoFar() | Ruling():  # facts of the game, not of the table
                return event
            case LedgerSetting():
                from referee.ledger.settings import check_setting

                name, value = check_setting(event.name, event.value)
                return replace(event, name=name, value=value)
            case TransferPaid():
                payer, payee = (" ".join(str(n).split()) if isinstance(n, str) else "" for n in (event.payer, event.payee))
                if not payer or not payee or payer.casefold() == payee.casefold():
                    raise InputError(f"a payment from {event.payer!r} to {event.payee!r}: a payment is between two "
                                     "different people", hint="name who paid and who was paid")
                cents = _whole(event.cents, f"the money {payer} paid {payee} (cents)", 1)
                return replace(event, payer=self.name(payer) or payer, payee=self.name(payee) or payee, cents=cents)
            case WhiskyBill():
                cents = _whole(event.cents, "the whisky bill (cents)", 1)
                paid_by = " ".join(event.paid_by.split()) if isinstance(event.paid_by, str) else ""
                if not paid_by:
                    raise InputError("the whisky bill names nobody who paid it", hint="say who paid for the drinks")
                return replace(event, cents=cents, paid_by=self.name(paid_by) or paid_by)
            case CashOut():
                player = self.name(event.player)
                if player is None:
                    raise InputError(f"{event.player!r} did not play tonight: nothing to cash out",
                                     hint="players tonight: " + (", ".join(self.known.values()) or "nobody"))
                if player not in self.due:
                    raise InputError(f"{player} has already cashed out", hint="each player cashes out once per sit-down")
                chips = _whole(event.chips, f"{player}'s cash-out (chips)", 0)
                self.due.remove(player)
                self.cashed[player] = self.cashed.get(player, 0) + chips
                return replace(event, player=player)
        raise InputError(f"{type(event).__name__} is not an event of the night between hands")

    def copy(self) -> TableState:
        return TableState(self.rulebook, dict(self.options), self.chip_value_cents, list(self.seats), self.dealer,
                          dict(self.bought), dict(self.paid), dict(self.cashed), list(self.due), dict(self.known))


def table_state(session: GameSession, seats: Iterable[SeatRecord], night_rows: Iterable[EventRow]) -> TableState:
    """The table as session ``session``'s night events (rows with no hand, in ``seq`` order) leave
    it; for a legacy session its registered seats not sat down in the log come first."""
    from referee.store.codec import decode_event
    from referee.store.models import LOG_LEGACY

    state = TableState(session.rulebook, dict(session.options), session.chip_value_cents)
    events = [(row.seq, decode_event(row.kind, row.payload, where=f"session {session.id}, event {row.seq}"))
              for row in night_rows]
    if session.log_version == LOG_LEGACY:
        in_log = {_key(e.player) for _, e in events if isinstance(e, SitDown)}
        for seat in sorted(seats, key=lambda s: s.number):
            if _key(seat.name) not in in_log:
                state.apply(SitDown(seat.name, seat.buy_in))
    assert session.id is not None
    for seq, event in events:
        if not isinstance(event, NightEvent):
            raise StoreError(f"{type(event).__name__} is stored with no hand", where=f"session {session.id}, event {seq}")
        _apply(state, event, session.id, seq)
    return state


# ------------------------------------------------------------------ the log as a night


@dataclass(frozen=True)
class LogSnapshot:
    """Everything the store holds about one session, read in one transaction."""

    session: GameSession
    seats: Sequence[SeatRecord]
    hands: Sequence[HandRecord]
    events: Sequence[EventRow]


@dataclass(frozen=True)
class SessionLog:
    """A session read from its log: the night (for the replay and the hand file), the opening as
    recorded (with the money paid), the night events after the last hand, and the table they leave."""

    session: GameSession
    night: Night
    opening: tuple[SitDown, ...]
    closing: tuple[NightEvent, ...]
    table: TableState
    #: the night's money events (settings, payments, the whisky bill), in log order with their seq
    money: tuple[tuple[int, NightEvent], ...] = ()

    @property
    def first_dealer(self) -> str:
        return self.night.dealer


@cache
def _game_of(rulebook: str) -> str:
    from referee.rulebook import load_rulebook

    return load_rulebook(rulebook).game


def _decode(row: EventRow, session_id: int) -> Event:
    from referee.store.codec import decode_event

    return decode_event(row.kind, row.payload, where=f"session {session_id}, event {row.seq}")


def _apply(state: TableState, event: NightEvent, session_id: int, seq: int | None) -> NightEvent:
    try:
        return state.apply(event)
    except InputError as err:
        where = f"session {session_id}" + (f", event {seq}" if seq is not None else "")
        raise StoreError(f"the log does not hold together: {err.message}", where=where,
                         hint="run `referee db verify`: the log may have been edited") from None


def read_session_log(snapshot: LogSnapshot) -> SessionLog:  # noqa: C901 - one pass over the log
    """Translate a session's stored rows into a :class:`SessionLog` (see the module docstring)."""
    from referee.store.models import LOG_LEGACY

    game = snapshot.session
    sid = game.id
    assert sid is not None
    legacy = game.log_version == LOG_LEGACY
    rows = list(snapshot.events)

    by_hand: dict[int, list[EventRow]] = {}
    for row in rows:
        if row.hand_number is not None:
            by_hand.setdefault(row.hand_number, []).append(row)
    played = sorted(by_hand)
    if played != list(range(1, len(played) + 1)):
        raise StoreError(f"the log holds hands {played}, not 1 to {len(played)}", where=f"session {sid}",
                         hint="run `referee db verify`: the log may have been edited")
    firsts = [by_hand[n][0].seq for n in played]
    if firsts != sorted(firsts):
        raise StoreError("the log's hands do not begin in order", where=f"session {sid}",
                         hint="run `referee db verify`: the log may have been edited")

    # night events, each placed before the next hand to begin after it (gaps[k] precedes hand k+1)
    gaps: list[list[tuple[int | None, NightEvent]]] = [[] for _ in range(len(played) + 1)]
    opening: list[tuple[int | None, NightEvent]] = []
    so_far: GameSoFar | None = None  # the night starts in the middle of a game
    rulings: list[Ruling] = []  # disputes ruled: they name their hand, wherever they were made
    money_rows: list[tuple[int, NightEvent]] = []  # about the money, not the table: wherever they stand
    leading = True
    k = 0
    for row in rows:
        if row.hand_number is not None:
            leading = False
            continue
        event = _decode(row, sid)
        if not isinstance(event, NightEvent):
            raise StoreError(f"{row.kind} is stored with no hand", where=f"session {sid}, event {row.seq}")
        while k < len(firsts) and firsts[k] < row.seq:
            k += 1
        if isinstance(event, GameSoFar) and k == 0 and so_far is None:
            so_far = event
            continue
        if isinstance(event, Ruling):
            rulings.append(event)
            continue
        if isinstance(event, MONEY_EVENTS):
            money_rows.append((row.seq, event))
            continue
        if leading and (isinstance(event, SitDown) or (isinstance(event, SetDealer) and opening)):
            opening.append((row.seq, event))
            leading = not isinstance(event, SetDealer)
            continue
        leading = False
        gaps[k].append((row.seq, event))

    hand_rows = {h.number: h for h in snapshot.hands}
    late: dict[int, list[SeatRecord]] = {}  # legacy seats registered after hand k began: before hand k+1
    if legacy:  # seats registered without a SitDown in the log: the opening, or sat down between hands
        in_log = {_key(e.player) for gap in [opening, *gaps] for _, e in gap if isinstance(e, SitDown)}
        started = [hand_rows[n].started_at for n in played if n in hand_rows]
        before_first: list[tuple[int | None, NightEvent]] = []
        for seat in sorted(snapshot.seats, key=lambda s: s.number):
            if _key(seat.name) not in in_log:
                begun = sum(1 for moment in started if moment <= seat.created_at)
                if begun == 0:
                    before_first.append((None, SitDown(seat.name, seat.buy_in)))
                else:
                    late.setdefault(begun, []).append(seat)
        opening = before_first + opening

    state = TableState(game.rulebook, dict(game.options), game.chip_value_cents)
    opened: list[SitDown] = []
    for seq, event in opening:
        applied = _apply(state, event, sid, seq)
        if isinstance(applied, SitDown):
            opened.append(applied)
    stacks = {e.player: e.stack for e in opened}
    opening_seats = tuple(Seat(name, stacks[name]) for name in state.seats)
    first_dealer = state.dealer
    if first_dealer is None and legacy and played and hand_rows.get(1) is not None:
        first_dealer = hand_rows[1].dealer
    if first_dealer is None and legacy and state.seats:  # the old store never kept the header's dealer
        first_dealer = state.seats[0]
    state.dealer = None

    hands: list[HandEntry] = []
    for index, number in enumerate(played):
        shuffled = False
        rulebook_change: str | None = None
        option_changes: dict[str, OptionValue] = {}
        changes: list[Any] = []
        dealer: str | None = None
        arrivals: list[tuple[int | None, NightEvent]] = [
            (None, SitDown(seat.name, seat.buy_in, after=None)) for seat in late.get(index, ())
        ]
        for seq, event in arrivals + gaps[index]:
            if seq is None and isinstance(event, SitDown) and state.seats:  # legacy: seated after the last seat
                event = replace(event, after=state.seats[-1])
            applied = _apply(state, event, sid, seq)
            match applied:
                case ChangeRulebook():
                    rulebook_change, option_changes = applied.rulebook, {}
                case ChangeOption():
                    option_changes[applied.name] = applied.value
                case SetDealer():
                    dealer = applied.player
                case Shuffle():
                    shuffled = True
                case _:
                    changes.append(applied)
        if dealer is None and legacy and number in hand_rows:
            dealer = hand_rows[number].dealer
        hands.append(HandEntry(
            number=number,
            game=_game_of(state.rulebook),
            rulebook=state.rulebook,
            options=dict(state.options),
            seats=tuple(state.seats),
            events=tuple(_decode(row, sid) for row in by_hand[number]),
            dealer=dealer,
            changes=tuple(changes),
            rulebook_change=rulebook_change,
            option_changes=option_changes,
            shuffled=shuffled,
        ))
    trailing = [(None, SitDown(seat.name, seat.buy_in)) for seat in late.get(len(played), ())]
    closing = tuple(_apply(state, event, sid, seq) for seq, event in trailing + gaps[len(played)])

    night = Night(
        source=f"session {sid}",
        rulebook=game.rulebook,
        game=_game_of(game.rulebook),
        options=dict(game.options),
        seats=opening_seats,
        dealer=first_dealer,
        hands=tuple(hands),
        so_far=so_far,
        rulings=tuple(rulings),
    )
    money_events = tuple((seq, _apply(state, event, sid, seq)) for seq, event in money_rows)
    return SessionLog(game, night, tuple(opened), closing, state, money_events)


def session_log(store: Store, session_id: int) -> SessionLog:
    """Session ``session_id`` read from the database alone."""
    return read_session_log(store.snapshot(session_id))


def night_from_session(store: Store, session_id: int) -> Night:
    """The whole night of session ``session_id``, rebuilt from the database alone: opening seats
    and stacks, first dealer, and per hand its rulebook and options in force, seating, seat changes,
    dealer and events.  A pure translation: nothing is replayed."""
    return session_log(store, session_id).night


# ------------------------------------------------------------------ export


def hand_file_text(log: SessionLog) -> tuple[str, list[str]]:
    """The session as a canonical hand file, and the facts the hand format cannot say (money paid,
    cash-outs), which are written into it as comments where they happened.

    A seat move cannot be written (it would change the seating a reader gets back): InputError.
    What is written is read back and compared, so a file that would not read as this night (a seat
    name of two words from an old session) is refused rather than written.
    """
    from referee.errors import HandFileError
    from referee.handfile import parse_night, write_hand, write_night

    sid = log.session.id
    hint = f"`referee export {sid} --json` keeps the whole log"
    notes: list[str] = []

    def comment(event: NightEvent, where: str) -> str:
        if isinstance(event, MoveSeat):
            raise InputError(f"session {sid} has a seat move ({night_words(event)}, {where}), "
                             "which the hand format cannot hold", hint=hint)
        notes.append(f"{night_words(event)} ({where})")
        return f"# not in the hand format: {night_words(event)}"

    night = log.night
    header = write_night(replace(night, hands=())).rstrip("\n").split("\n")
    header += [comment(e, "at the opening") for e in log.opening if not in_hand_format(e)]
    lines = header
    plain: list[HandEntry] = []
    for hand in night.hands:
        notes_here = [comment(e, f"before hand {hand.number}") for e in hand.changes if not in_hand_format(e)]
        kept = tuple(_without_money(e) for e in hand.changes if not isinstance(e, (MoveSeat, CashOut)))
        written = write_hand(replace(hand, changes=kept))
        lines += ["", written[0], *notes_here, *written[1:]]
        plain.append(replace(hand, changes=kept))
    closing = [comment(e, "after the last hand") for e in log.closing]
    closing += [comment(e, "recorded in the log") for e in night.rulings]
    closing += [comment(e, "recorded in the log") for _, e in log.money]
    if closing:
        lines += ["", *closing]
    text = "\n".join(lines) + "\n"

    expected = replace(night, hands=tuple(plain), rulings=())
    try:
        same = parse_night(text, source=f"session {sid}") == expected
        problem = "it reads back as a different night"
    except HandFileError as err:
        same, problem = False, err.message
    if not same:
        raise InputError(f"session {sid} cannot be written as a hand file: {problem}", hint=hint)
    return text, notes


def _without_money(event: NightEvent) -> NightEvent:
    if isinstance(event, (SitDown, AddChips)) and event.paid_cents is not None:
        return replace(event, paid_cents=None)
    return event


def log_document(snapshot: LogSnapshot, chain: ChainReport) -> dict[str, Any]:
    """The session log as JSON: the header, every event as stored (with its hand, its action number
    within the hand and its hashes), and whether the chain holds."""
    game = snapshot.session
    actions: dict[int, int] = {}
    events = []
    for row in snapshot.events:
        action = None
        if row.hand_number is not None:
            action = actions[row.hand_number] = actions.get(row.hand_number, 0) + 1
        events.append({
            "seq": row.seq, "hand": row.hand_number, "action": action, "kind": row.kind, "payload": row.payload,
            "text": row.text, "created_at": row.created_at.isoformat(), "prev_hash": row.prev_hash, "hash": row.hash,
        })
    return {
        "format": LOG_FORMAT,
        "version": LOG_FORMAT_VERSION,
        "session": {
            "id": game.id, "table": game.table_name, "started_at": game.started_at.isoformat(),
            "ended_at": game.ended_at.isoformat() if game.ended_at else None, "status": game.status,
            "rulebook": game.rulebook, "options": dict(game.options), "chip_value_cents": game.chip_value_cents,
            "buy_in_default": game.buy_in_default, "log_version": game.log_version,
        },
        "events": events,
        "chain": {"ok": chain.ok, "events": chain.events, "head": chain.head, "problem": chain.problem},
    }


def stored_since(rows: Sequence[EventRow], actions_before: Mapping[int, int]) -> list[str]:
    """What each of ``rows`` says, with its action number in its hand (``actions_before``: how many
    events each hand held before the first of them): for telling a recorder what he missed."""
    from referee.store.chain import what_it_says

    counts = dict(actions_before)
    out = []
    for row in rows:
        says = what_it_says(row)
        if row.hand_number is None:
            out.append(says)
        else:
            counts[row.hand_number] = counts.get(row.hand_number, 0) + 1
            out.append(f"{says} (action {counts[row.hand_number]})")
    return out


__all__ = [
    "MONEY_EVENTS",
    "LogSnapshot",
    "SessionLog",
    "TableState",
    "event_words",
    "hand_file_text",
    "in_hand_format",
    "log_document",
    "money",
    "night_from_session",
    "night_words",
    "read_session_log",
    "session_log",
    "table_state",
]
